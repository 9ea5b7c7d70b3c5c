"""One bounded HTTPS GET with the standard library: raw bytes in, fixed errors out.

* the token goes in ``Authorization: Bearer`` only; it is never part of a URL,
  an error or an exception (every failure is a fixed :class:`RedctxError`
  raised ``from None``, so no chained exception carries a header or a URL);
* proxies come from the usual environment variables (``https_proxy``,
  ``http_proxy``, ``all_proxy``, ``no_proxy``), read at call time; a loopback
  API host never goes through a proxy;
* a per-request deadline (30 s by default; ``REDACTED_CONTEXT_GITHUB_TIMEOUT``
  overrides it within 1 to 120 s) bounds connecting and every read,
  and the body is read in chunks and refused once it passes the cap (8 MiB by
  default), so a huge or endless body is never buffered whole.

Imports: errors, github_config.
"""

from __future__ import annotations

import http.client
import math
import os
import socket
import ssl
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.github_config import is_loopback

TIMEOUT_SECONDS = 30.0
#: Environment variable that overrides the per-request deadline (seconds), read at call time.
TIMEOUT_ENV = "REDACTED_CONTEXT_GITHUB_TIMEOUT"
TIMEOUT_BOUNDS = (1.0, 120.0)
MAX_RESPONSE_BYTES = 8 * 1024 * 1024
_CHUNK = 64 * 1024
USER_AGENT = "redacted-context-mcp"


@dataclass(frozen=True)
class Response:
    """A completed response: status, headers (lower-case names) and the raw body bytes."""

    status: int
    headers: Mapping[str, str]
    body: bytes


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects are refused: following one could carry the token to another host."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _proxies(url_host: str) -> dict[str, str]:
    if is_loopback(url_host):
        return {}
    return urllib.request.getproxies_environment()


def _opener(host: str) -> urllib.request.OpenerDirector:
    context = ssl.create_default_context()
    return urllib.request.build_opener(
        urllib.request.ProxyHandler(_proxies(host)),
        urllib.request.HTTPSHandler(context=context),
        _NoRedirect,
    )


def timeout_seconds(environ: Mapping[str, str] | None = None) -> float:
    """The per-request deadline: :data:`TIMEOUT_ENV` when it is a number (clamped to
    :data:`TIMEOUT_BOUNDS`), else the default 30 s. A malformed value is ignored, never echoed."""
    value = (os.environ if environ is None else environ).get(TIMEOUT_ENV, "").strip()
    try:
        seconds = float(value[:32]) if value else TIMEOUT_SECONDS
    except ValueError:
        return TIMEOUT_SECONDS
    if not math.isfinite(seconds):
        return TIMEOUT_SECONDS
    return min(max(seconds, TIMEOUT_BOUNDS[0]), TIMEOUT_BOUNDS[1])


def _map_reason(reason: object, timeout: float) -> RedctxError:
    if isinstance(reason, socket.gaierror):
        return RedctxError(Code.GITHUB_DNS)
    if isinstance(reason, (ssl.SSLError, ssl.CertificateError)):
        return RedctxError(Code.GITHUB_TLS)
    if isinstance(reason, TimeoutError):
        return RedctxError(Code.GITHUB_TIMEOUT, seconds=math.ceil(timeout))
    return RedctxError(Code.GITHUB_UNREACHABLE)


def _read_capped(stream: Any, max_bytes: int, deadline: float, timeout: float) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while True:
        if time.monotonic() > deadline:
            raise RedctxError(Code.GITHUB_TIMEOUT, seconds=math.ceil(timeout))
        chunk = stream.read(min(_CHUNK, max_bytes + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > max_bytes:
            raise RedctxError(Code.GITHUB_TOO_LARGE)


def get(
    url: str,
    host: str,
    headers: Mapping[str, str],
    *,
    timeout: float = TIMEOUT_SECONDS,
    max_bytes: int = MAX_RESPONSE_BYTES,
) -> Response:
    """GET ``url``; error statuses are returned as responses (their body capped like any other)."""
    req = urllib.request.Request(url, method="GET")
    for k, v in headers.items():
        req.add_header(k, v)
    deadline = time.monotonic() + timeout
    try:
        try:
            resp = _opener(host).open(req, timeout=timeout)
        except urllib.error.HTTPError as exc:
            resp = exc  # an error status: still a response, read like one
        with resp:
            length = resp.headers.get("Content-Length")
            if length is not None and length.strip().isdigit() and int(length) > max_bytes:
                raise RedctxError(Code.GITHUB_TOO_LARGE)
            body = _read_capped(resp, max_bytes, deadline, timeout)
            status = int(resp.getcode())
            got = {k.lower(): v for k, v in resp.headers.items()}
    except RedctxError:
        raise
    except urllib.error.URLError as exc:
        raise _map_reason(exc.reason, timeout) from None
    except (ssl.SSLError, ssl.CertificateError):
        raise RedctxError(Code.GITHUB_TLS) from None
    except TimeoutError:
        raise RedctxError(Code.GITHUB_TIMEOUT, seconds=math.ceil(timeout)) from None
    except (http.client.HTTPException, OSError, ValueError, AttributeError, TypeError):
        raise RedctxError(Code.GITHUB_UNREACHABLE) from None
    return Response(status, got, body)
