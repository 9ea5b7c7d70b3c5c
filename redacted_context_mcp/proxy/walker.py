"""Every string coming down is redacted; every placeholder going up is restored.

:class:`Down` walks one upstream message (a result, an error, a notification) and
returns a copy in which every string went through :meth:`proxy.rehydration.Seam.redact`
(the service layer), keeping only known protocol tokens (content block ``type``, message
``role``, log ``level``). Binary payloads (image and audio blocks,
resource ``blob``s) cannot be redacted and are replaced by a one-line text note
unless ``allow_binary``. Counts by category accumulate for the receipt.

:class:`Up` restores placeholders and ``@p_`` ids in the strings (and object keys) of
the client's arguments; any placeholder the map does not know makes the whole
request refused (:class:`UnknownPlaceholder`).

Imports: proxy.rehydration, proxy.schema.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from redacted_context_mcp.proxy import rehydration, schema

MAX_DEPTH = 64
BINARY_NOTE = "[binary {kind} content dropped by the redacting proxy: it cannot be redacted]"
TOO_DEEP = "[nested too deep: dropped by the redacting proxy]"
#: Protocol tokens kept verbatim as the value of ``type``, ``role``, ``level`` or ``resultType``
#: (anything else under those keys is upstream text and is redacted like any string).
_TOKENS = frozenset({
    "text", "image", "audio", "resource", "resource_link", "ref/prompt", "ref/resource",
    "user", "assistant", "complete",
    "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency",
})
_TOKEN_KEYS = frozenset({"type", "role", "resultType", "level"})
_BINARY_BLOCKS = frozenset({"image", "audio"})
_PCT_BRACKET = re.compile(r"%5[bBdD]")
RECEIPT_KEY = "redctx/receipt"


class UnknownPlaceholder(Exception):
    """An argument holds a placeholder or ``@p_`` id the rehydration map does not know."""


class Down:
    """Redacts one upstream message; see the module docstring."""

    def __init__(self, svc: Any, seam: rehydration.Seam, *, allow_binary: bool = False) -> None:
        self.svc = svc
        self.seam = seam
        self.allow_binary = allow_binary
        self.counts: dict[str, int] = {}
        self.dropped = 0
        self.kind: str | None = None  # the credential-file kind of the one file a tool call read, if any

    # ---------------------------------------------------------------- leaves
    def text(self, value: str, kind: str | None = None) -> str:
        """One string redacted (``kind``: read as a credential file of that kind, see ``file_text``)."""
        if "\x00" in value:  # UTF-16 read as UTF-8 interleaves NULs that would hide names from the detectors
            value = value.replace("\x00", "")
        out, counts = self.seam.redact(self.svc, value, kind)
        for cat, n in counts.items():
            self.counts[cat] = self.counts.get(cat, 0) + n
        return out

    def value(self, value: Any, depth: int = 0) -> Any:
        """Any JSON value with every string and every object key redacted."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, (bool, int, float)) or value is None:
            return value
        if depth >= MAX_DEPTH:
            return TOO_DEEP
        if isinstance(value, list):
            return [self.value(v, depth + 1) for v in value]
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                key = self.text(str(k))
                if k in _TOKEN_KEYS and v in _TOKENS:
                    out[key] = v
                else:
                    out[key] = self.value(v, depth + 1)
            return out
        return None

    def note(self, kind: str) -> dict:
        self.dropped += 1
        return {"type": "text", "text": BINARY_NOTE.format(kind=kind)}

    # ---------------------------------------------------------------- shapes
    def block(self, block: Any) -> Any:
        """One content block (text, image, audio, resource link, embedded resource)."""
        if not isinstance(block, dict):
            return self.value(block)
        kind = block.get("type")
        if kind in _BINARY_BLOCKS and not self.allow_binary:
            return self.note(str(kind))
        if kind in _BINARY_BLOCKS:
            return {k: (v if k in ("data", "mimeType", "type") else self.value(v)) for k, v in block.items()
                    if k != "_meta"}
        if kind == "resource" and isinstance(block.get("resource"), dict):
            inner = self.contents(block["resource"])
            if inner is None:
                return self.note("resource")
            out = self.value({k: v for k, v in block.items() if k not in ("resource", "_meta")})
            out["resource"] = inner
            return out
        if kind == "text" and self.kind is not None and isinstance(block.get("text"), str):
            # the text of the one file a call read by name: read as that credential file (the rest as usual)
            out = self.value({k: v for k, v in block.items() if k not in ("text", "_meta")})
            out[self.text("text")] = self.text(block["text"], self.kind)
            return out
        return self.value({k: v for k, v in block.items() if k != "_meta"})

    def contents(self, item: Any) -> dict | None:
        """One resource contents item; ``None`` when it is a blob that must be dropped."""
        if not isinstance(item, dict):
            return self.value(item)
        if "blob" in item and not self.allow_binary:
            return None
        return {k: (v if k == "blob" else self.value(v)) for k, v in item.items() if k != "_meta"}

    def blocks(self, blocks: Any) -> list:
        return [self.block(b) for b in blocks] if isinstance(blocks, list) else []

    def tool_result(self, result: dict, output_schema: dict | None) -> tuple[dict, bool]:
        """A ``CallToolResult``; the flag is True when redaction broke ``output_schema``."""
        out: dict[str, Any] = {"content": self.blocks(result.get("content"))}
        broken = False
        if "structuredContent" in result:
            raw = result["structuredContent"]
            red = self.structured(raw, output_schema, output_schema)
            if output_schema is not None and not schema.still_valid(raw, red, output_schema):
                broken = True
            else:
                out["structuredContent"] = red
        if "isError" in result:
            out["isError"] = bool(result["isError"])
        return out, broken

    def structured(self, value: Any, sch: Any, root: Any = None, depth: int = 0) -> Any:
        """``structuredContent``: every key and string redacted (the schema's property names are too)."""
        if isinstance(value, dict) and depth < MAX_DEPTH:
            out = {}
            for k, v in value.items():
                out[self.text(str(k))] = self.structured(v, schema.child(sch, k, root), root, depth + 1)
            return out
        if isinstance(value, list) and depth < MAX_DEPTH:
            return [self.structured(v, schema.item(sch, root), root, depth + 1) for v in value]
        return self.value(value, depth)

    def error(self, error: Any, modern: bool) -> tuple[int, str, Any]:
        """A JSON-RPC error from upstream: its code, redacted message and redacted data."""
        err = error if isinstance(error, dict) else {}
        code = err.get("code")
        if not isinstance(code, int) or isinstance(code, bool):
            code = -32603
        if modern and code == -32002:  # never a legacy resource code in a modern answer
            code = -32602
        message = err.get("message")
        message = self.text(message) if isinstance(message, str) and message else "Upstream error."
        data = self.value(err["data"]) if "data" in err else None
        return code, message, data

    def receipt(self) -> dict:
        out: dict[str, Any] = {"counts_by_category": dict(sorted(self.counts.items()))}
        if self.dropped:
            out["binary_dropped"] = self.dropped
        return out


def alias(name: str, redacted: str, prefix: str = "upstream") -> str:
    """A stable identifier for a tool or prompt name that redaction changed."""
    if redacted == name:
        return name
    return f"{prefix}_{hashlib.sha256(redacted.encode('utf-8', 'surrogatepass')).hexdigest()[:12]}"


class Up:
    """Restores placeholders and ``@p_`` ids in what the client sends upstream."""

    def __init__(self, svc: Any, seam: rehydration.Seam, enabled: bool = True) -> None:
        self.svc = svc
        self.seam = seam
        self.enabled = enabled
        self.restored = 0

    def text(self, value: str, *, uri: bool = False) -> str:
        if not self.enabled:
            return value
        if uri and _PCT_BRACKET.search(value):  # a client may have percent-encoded the brackets
            value = _PCT_BRACKET.sub(lambda m: "[" if m.group()[2] in "bB" else "]", value)
        out = self.seam.restore(self.svc, value)
        if out.unknown:
            raise UnknownPlaceholder()
        self.restored += out.restored
        return out.text

    def value(self, value: Any, depth: int = 0) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if depth >= MAX_DEPTH or not isinstance(value, (list, dict)):
            return value
        if isinstance(value, list):
            return [self.value(v, depth + 1) for v in value]
        return {self.text(str(k)): self.value(v, depth + 1) for k, v in value.items()}
