"""``redctx audit-log verify``: check the HMAC chain across one or more log files.

Files are given oldest first (``FILE.1 FILE``). The first broken line is named with
why: ``edited`` (its HMAC does not match its content, or it is not a log line),
``missing`` (lines before it are gone), ``reordered`` (it is out of sequence), or
``key mismatch`` (the log was written under another salt). A cut last line is a
crash, not tampering: ``truncated tail at line K``; so is a cut line that the next
start of the server named in its ``resumed`` header.

Imports: auditlog.chain.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from redacted_context_mcp.auditlog.chain import GENESIS, key_id, mac_of


@dataclass(frozen=True)
class Line:
    file: int  # 1-based position in the files given
    number: int  # 1-based line number in its file
    obj: dict[str, Any] | None  # None when the line is not a JSON object
    cut: bool  # the last line of its file, without a newline


@dataclass(frozen=True)
class Report:
    entries: int
    bad: Line | None = None
    reason: str = ""
    truncated: Line | None = None
    files: int = 1

    @property
    def ok(self) -> bool:
        return self.bad is None

    def render(self) -> str:
        """The operator-facing lines (no path, no value: line numbers and reasons only)."""
        def where(line: Line) -> str:
            return f"line {line.number}" + (f" of file {line.file}" if self.files > 1 else "")

        if self.bad is not None:
            return f"{where(self.bad)}: {self.reason}\n"
        out = f"ok: {self.entries} entries\n"
        if self.truncated is not None:
            out += f"truncated tail at {where(self.truncated)}\n"
        return out


def parse_lines(blobs: list[bytes]) -> list[Line]:
    out = []
    for f, data in enumerate(blobs, 1):
        parts = data.split(b"\n")
        last_cut = parts[-1] != b""
        if not last_cut:
            parts.pop()
        for n, raw in enumerate(parts, 1):
            try:
                obj = json.loads(raw)
            except ValueError:
                obj = None
            out.append(Line(f, n, obj if isinstance(obj, dict) else None, last_cut and n == len(parts)))
    return out


def verify_blobs(blobs: list[bytes], key: bytes) -> Report:
    """Check every line; the report names the first bad one."""
    lines = parse_lines(blobs)
    files = len(blobs)
    seqs = {ln.obj.get("seq") for ln in lines if ln.obj is not None and ln.obj.get("type") != "header"}
    kid = key_id(key)
    prev: str | None = None
    expect = 1
    entries = 0
    truncated: Line | None = None
    pending_cut: Line | None = None

    def bad(line: Line, reason: str) -> Report:
        return Report(entries, line, reason, files=files)

    for i, line in enumerate(lines):
        obj = line.obj
        if pending_cut is not None:  # a cut line must be named by the header right after it
            if obj is None or obj.get("type") != "header" or obj.get("torn_line") != pending_cut.number:
                return bad(pending_cut, "edited")
            truncated, pending_cut = pending_cut, None
        if obj is None or not isinstance(obj.get("mac"), str) or not isinstance(obj.get("prev"), str):
            if i == len(lines) - 1 and line.cut:
                return Report(entries, truncated=line, files=files)
            if i + 1 < len(lines) and lines[i + 1].file == line.file:
                pending_cut = line
                continue
            return bad(line, "edited")
        is_header = obj.get("type") == "header"
        if is_header and obj.get("key_id") != kid:
            return bad(line, "key mismatch (verify with the server's root and config)")
        if mac_of(key, obj) != obj["mac"]:
            return bad(line, "edited")
        seq = obj.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            return bad(line, "edited")
        if prev is None:
            start_ok = is_header and (obj["prev"] == GENESIS or obj.get("start") == "rotated")
            if not start_ok:
                return bad(line, "missing")
        elif obj["prev"] != prev:
            if is_header:
                return bad(line, "reordered" if seq < expect - 1 else "missing")
            if seq < expect or expect in seqs:  # the line that belongs here comes later
                return bad(line, "reordered")
            return bad(line, "missing")
        if is_header:
            expect = seq + 1
        else:
            if prev is not None and seq != expect:
                return bad(line, "reordered" if seq < expect else "missing")
            expect = seq + 1
            entries += 1
        prev = obj["mac"]
    if pending_cut is not None:
        return bad(pending_cut, "edited")
    return Report(entries, truncated=truncated, files=files)
