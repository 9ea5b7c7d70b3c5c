"""The local model seam: :class:`OllamaDiscoveryClient` over ``urllib``.

One ``POST /api/generate`` per document with ``stream: false`` and
``format: "json"``; the reply's ``response`` field must be a JSON object.
Plain ``http`` is accepted only for loopback hosts (``localhost``,
``127.0.0.0/8``, ``::1``) unless ``allow_remote_endpoint``: discovery payloads
hold raw private text. Every failure is a :class:`DiscoveryError` with a fixed
message; the model's text, the endpoint's body and the document never appear in it.

Imports: nothing from the package.
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from typing import Any, Protocol

DEFAULT_ENDPOINT = "http://127.0.0.1:11434"
DEFAULT_MODEL = "gemma4:e4b"
DEFAULT_TIMEOUT = 120.0
#: Largest reply body read from the endpoint.
MAX_REPLY_BYTES = 8 * 1024 * 1024

#: Fixed messages, one per failure mode (never a value, a model answer or an endpoint body).
MESSAGES: dict[str, str] = {
    "endpoint_invalid": "discover: --endpoint must be an http or https URL with a host.",
    "endpoint_remote": (
        "discover: refusing a non-loopback plain-http endpoint: discovery sends raw private text; "
        "use https, a loopback address, or pass --allow-remote-endpoint."
    ),
    "refused": "discover: could not connect to the Ollama endpoint (is `ollama serve` running?).",
    "timeout": "discover: the model did not answer within --timeout seconds.",
    "unknown_model": (
        "discover: the endpoint does not have this model tag; run `ollama list` and pass the exact tag with --model."
    ),
    "http": "discover: the Ollama endpoint answered with an HTTP error.",
    "too_large": "discover: the model's reply is too large.",
    "not_json": "discover: the model's answer is not JSON.",
    "bad_shape": "discover: the model's answer does not have the expected shape.",
}

PROMPT = """You help a consultant hide private names before text is shared with another tool.
Read the document below and list the values that identify the client, organizations, people, and
private project or product codenames. Copy each value exactly as written in the document.
Also list public tool, library or package names under "allow". Answer with one JSON object only:
{"clients": [], "organizations": [], "people": [], "terms": [], "allow": [], "aliases": {}}
"aliases" maps a listed name to other forms of it used in the document (optional).

Document:
"""


class DiscoveryError(Exception):
    """A discovery failure; ``str()`` is a fixed message from :data:`MESSAGES`."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        super().__init__(MESSAGES[kind])


class DiscoveryClient(Protocol):
    """Anything that turns one document's text into a raw model answer (a JSON object)."""

    def discover(self, text: str) -> Mapping[str, Any]: ...


def is_loopback_host(host: str) -> bool:
    if host.casefold() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_endpoint(endpoint: str, allow_remote: bool = False) -> str:
    """The endpoint without a trailing ``/``; refuses remote plain http unless ``allow_remote``."""
    try:
        parts = urllib.parse.urlsplit(endpoint)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError on a malformed port
    except ValueError:
        raise DiscoveryError("endpoint_invalid") from None
    if (
        parts.scheme not in ("http", "https") or not host or parts.username is not None
        or any(c.isspace() or not c.isprintable() for c in endpoint)
    ):
        raise DiscoveryError("endpoint_invalid")
    if parts.scheme == "http" and not is_loopback_host(host) and not allow_remote:
        raise DiscoveryError("endpoint_remote")
    return endpoint.rstrip("/")


class OllamaDiscoveryClient:
    """Ask a local Ollama model for the private values of one document.

    ``discover(text)`` returns the model's JSON object (not yet cleaned).
    Raises :class:`DiscoveryError` on a refused connection, a timeout, an HTTP
    404 for an unknown model tag, any other HTTP error, or a non-JSON answer.
    """

    def __init__(
        self,
        endpoint: str = DEFAULT_ENDPOINT,
        model: str = DEFAULT_MODEL,
        timeout: float = DEFAULT_TIMEOUT,
        *,
        allow_remote_endpoint: bool = False,
    ) -> None:
        self.endpoint = check_endpoint(endpoint, allow_remote_endpoint)
        self.model = model
        self.timeout = float(timeout)
        # never pick up HTTP(S)_PROXY: the raw text must go to the named endpoint only
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def __repr__(self) -> str:
        return f"OllamaDiscoveryClient(model={self.model!r}, timeout={self.timeout})"

    def _post(self, path: str, payload: Mapping[str, Any] | None) -> bytes:
        data = None if payload is None else json.dumps(payload).encode("utf-8")
        req = urllib.request.Request(
            self.endpoint + path, data=data, method="GET" if data is None else "POST",
            headers={"Content-Type": "application/json", "Accept": "application/json"},
        )
        try:
            with self._opener.open(req, timeout=self.timeout) as resp:
                body = resp.read(MAX_REPLY_BYTES + 1)
        except urllib.error.HTTPError as exc:
            exc.close()
            raise DiscoveryError("unknown_model" if exc.code == 404 else "http") from None
        except TimeoutError:
            raise DiscoveryError("timeout") from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                raise DiscoveryError("timeout") from None
            raise DiscoveryError("refused") from None
        except (OSError, ValueError, http.client.HTTPException):
            raise DiscoveryError("refused") from None
        if len(body) > MAX_REPLY_BYTES:
            raise DiscoveryError("too_large")
        return body

    def list_models(self) -> tuple[str, ...]:
        """Model tags from ``/api/tags`` (for checks and hints)."""
        try:
            doc = json.loads(self._post("/api/tags", None))
            return tuple(str(m["name"]) for m in doc.get("models", []))
        except (ValueError, KeyError, TypeError, AttributeError):
            raise DiscoveryError("not_json") from None

    def discover(self, text: str) -> Mapping[str, Any]:
        body = self._post(
            "/api/generate",
            {"model": self.model, "prompt": PROMPT + text, "stream": False, "format": "json",
             "options": {"temperature": 0}},
        )
        try:
            envelope = json.loads(body)
            answer = envelope["response"]
            if not isinstance(answer, str):
                raise TypeError
            parsed = json.loads(answer)
        except (ValueError, KeyError, TypeError, RecursionError):
            raise DiscoveryError("not_json") from None
        if not isinstance(parsed, dict):
            raise DiscoveryError("bad_shape")
        return parsed


__all__ = [
    "DEFAULT_ENDPOINT", "DEFAULT_MODEL", "DEFAULT_TIMEOUT", "DiscoveryClient", "DiscoveryError",
    "MESSAGES", "OllamaDiscoveryClient", "check_endpoint", "is_loopback_host",
]
