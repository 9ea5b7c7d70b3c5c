"""A view of a captured terminal log without its colour codes, for detection only, with a map back.

A log captured from a terminal (``script``, CI consoles, ``docker logs`` of a TTY, structlog's and
loguru's console renderers, ``ls --color``) wraps keys and values in SGR escapes:
``\\x1b[36mpassword\\x1b[0m=\\x1b[35mV\\x1b[0m``. Every rule reads ``password=V`` in the view, and
each hit maps back onto the raw characters of its value (the escapes stay). The escape is the ESC
character itself or how a log writes it down: ``\\x1b``, ``\\u001b`` (a JSON log), ``\\033``, ``\\e``
and ``^[`` (``cat -v``, ``less``).

Imports: redaction.mail_decode (the View type).
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.mail_decode import View

_SGR = re.compile(r"(?:\x1b|\\x1b|\\u001b|\\033|\\e|\^\[)\[[0-9;]{0,32}[mK]", re.IGNORECASE)
_WRITTEN = ("\\x1b[", "\\x1B[", "\\u001b[", "\\u001B[", "\\033[", "\\e[")


def may_hold(text: str) -> bool:
    """False only when ``text`` holds no colour escape (memchr scans first)."""
    if "\x1b" in text:
        return True
    if "\\" in text and any(w in text for w in _WRITTEN):
        return True
    return "^[[" in text


def plain_view(text: str) -> View | None:
    """``text`` without its colour escapes, each kept character mapped to itself; None when it has none."""
    starts: list[int] = []
    parts: list[str] = []
    pos = 0
    for m in _SGR.finditer(text):
        if m.start() > pos:
            parts.append(text[pos:m.start()])
            starts.extend(range(pos, m.start()))
        pos = m.end()
    if pos == 0:
        return None
    parts.append(text[pos:])
    starts.extend(range(pos, len(text)))
    return View("".join(parts), starts, [i + 1 for i in starts])
