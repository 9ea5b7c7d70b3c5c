"""Shared helpers for the canary sweep, the protocol fuzz and the reload tests.

* the canary list of ``fixtures/canaries.toml`` and a leak scanner that looks
  for every canary case-insensitively in raw output bytes, in the strings of
  any JSON it contains (so ``\\u`` escapes cannot hide a value) and in UTF-16;
* a clean environment and a private copy of the fixture corpus;
* :class:`WireClient`, the real ``python -m redacted_context_mcp`` process
  driven over pipes: send many requests, then collect the replies by id.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"
CORPUS = FIXTURES / "corpus"
CANARIES_FILE = FIXTURES / "canaries.toml"

MODERN_META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "sweep", "version": "1"},
    "io.modelcontextprotocol/clientCapabilities": {},
}

#: Opaque shapes whose hex digits could spell a short numeric canary by chance;
#: they carry no raw text, so the scanner blanks them first. The audit log's digests
#: (``mac``, ``prev``, ``sha256``, ``key_id``) change with every run's clock, so a chance
#: six-digit run in one of them would otherwise fail a sweep now and then.
_OPAQUE_RE = re.compile(
    r"\[[A-Z][A-Z_]*_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]|p_[0-9a-f]{12}|user_[0-9a-f]{8,}"
    r'|"(?:mac|prev|sha256|key_id)": ?"[0-9a-f]{16,64}"'
)
_DIGEST_KEYS = frozenset({"mac", "prev", "sha256", "key_id"})
_HEX_RE = re.compile(r"[0-9a-f]{16,64}")


# ------------------------------------------------------------------ canaries
@dataclass(frozen=True)
class Canary:
    group: str
    value: str

    @property
    def label(self) -> str:
        return f"{self.group}:{self.value!r}"


@lru_cache(maxsize=1)
def canaries() -> tuple[Canary, ...]:
    """Every value of the ``[canaries]`` table (the default detector profile's promise)."""
    table = tomllib.loads(CANARIES_FILE.read_text(encoding="utf-8"))["canaries"]
    return tuple(Canary(group, value) for group, values in table.items() for value in values)


@cache
def _pattern(value: str) -> re.Pattern[str]:
    body = re.escape(value.casefold())
    if value.isdigit():  # a bare number only counts as itself, not inside a longer number
        body = rf"(?<!\d){body}(?!\d)"
    return re.compile(body)


def _json_strings(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            if k in _DIGEST_KEYS and isinstance(v, str) and _HEX_RE.fullmatch(v):
                continue  # an audit-log digest: opaque (see _OPAQUE_RE)
            yield from _json_strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _json_strings(v)


def _decoded_json_text(text: str) -> str:
    """The strings inside ``text`` read as one JSON document or as JSON lines."""
    docs: list[Any] = []
    try:
        docs.append(json.loads(text))
    except (ValueError, RecursionError):
        for line in text.splitlines():
            line = line.strip()
            if line[:1] in ("{", "[", '"'):
                try:
                    docs.append(json.loads(line))
                except (ValueError, RecursionError):
                    pass
    return "\n".join(s for d in docs for s in _json_strings(d))


def find_leaks(data: bytes | str, skip_groups: Iterable[str] = ()) -> list[Canary]:
    """Canaries present in ``data``: plain, case-insensitive, JSON-unescaped or UTF-16."""
    skip = set(skip_groups)
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    text = raw.decode("utf-8", "replace")
    views = [text, _decoded_json_text(text)]
    views = [_OPAQUE_RE.sub("\x00", v).casefold() for v in views]
    lowered = raw.lower()
    found = []
    for c in canaries():
        if c.group in skip:
            continue
        pat = _pattern(c.value)
        if any(pat.search(v) for v in views):
            found.append(c)
            continue
        if c.value.isascii():
            low = c.value.lower()
            if low.encode("utf-16-le") in lowered or low.encode("utf-16-be") in lowered:
                found.append(c)
    return found


@dataclass
class LeakReport:
    """Collects ``where -> leaked canaries`` and renders one assertion message."""

    items: list[tuple[str, list[Canary]]] = field(default_factory=list)

    def check(self, where: str, data: bytes | str, skip_groups: Iterable[str] = ()) -> None:
        leaks = find_leaks(data, skip_groups)
        if leaks:
            self.items.append((where, leaks))

    def __bool__(self) -> bool:
        return bool(self.items)

    def message(self, limit: int = 60) -> str:
        lines = [f"{len(self.items)} output(s) leak canaries:"]
        for where, leaks in self.items[:limit]:
            lines.append(f"  {where}: " + ", ".join(c.label for c in leaks))
        if len(self.items) > limit:
            lines.append(f"  ... and {len(self.items) - limit} more")
        return "\n".join(lines)


# --------------------------------------------------------------- environment
def clean_env(state_dir: Path, **extra: str) -> dict[str, str]:
    """The current environment without any ``REDACTED_CONTEXT_*`` value, plus a private state dir."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REDACTED_CONTEXT_")}
    env["REDACTED_CONTEXT_STATE_DIR"] = str(state_dir)
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["PYTHONIOENCODING"] = "utf-8"
    env.update(extra)
    return env


def copy_corpus(dest: Path) -> Path:
    """Copy the fixture corpus (config and term file included) to ``dest``."""
    shutil.copytree(CORPUS, dest)
    return dest


def corpus_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


# ---------------------------------------------------------------- the wire
def request(rid: Any, method: str, params: dict | None = None, *, modern: bool = False) -> dict:
    msg: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
    if params is not None or modern:
        msg["params"] = dict(params or {})
        if modern:
            msg["params"]["_meta"] = MODERN_META
    return msg


def initialize(rid: Any = "init", version: str = "2025-11-25") -> dict:
    return request(
        rid,
        "initialize",
        {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "sweep", "version": "1"}},
    )


def id_key(rid: Any) -> str:
    """A dict key that keeps ``1`` and ``"1"`` apart."""
    return json.dumps(rid)


class WireClient:
    """The real server process; a reader thread collects stdout lines as they arrive."""

    def __init__(self, root: Path, env: dict[str, str], *extra: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "redacted_context_mcp", "--root", str(root), *extra],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=REPO,
            env=env,
        )
        self.raw_lines: list[bytes] = []
        self.replies: dict[str, list[dict]] = {}
        self.bad_lines: list[bytes] = []
        self._cond = threading.Condition()
        self._stderr: list[bytes] = []
        self._out_thread = threading.Thread(target=self._read_stdout, daemon=True)
        self._err_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self._out_thread.start()
        self._err_thread.start()

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self._cond:
                self.raw_lines.append(line)
                try:
                    msg = json.loads(line)
                    key = id_key(msg.get("id")) if isinstance(msg, dict) else "<not an object>"
                    self.replies.setdefault(key, []).append(msg)
                except ValueError:
                    self.bad_lines.append(line)
                self._cond.notify_all()

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for chunk in iter(lambda: self.proc.stderr.read1(65536), b""):  # type: ignore[union-attr]
            self._stderr.append(chunk)

    @property
    def stderr(self) -> bytes:
        return b"".join(self._stderr)

    def send(self, msg: dict | bytes) -> None:
        data = msg if isinstance(msg, bytes) else json.dumps(msg).encode("utf-8") + b"\n"
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def settle(self, keys: set[str], timeout: float = 60) -> None:
        """Wait until every ``id_key`` in ``keys`` has a reply, the process exits or time runs out."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while not keys <= self.replies.keys():
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    return  # the caller's own check names what is missing
                self._cond.wait(min(left, 0.5))

    def wait_for(self, rids: Iterable[Any], timeout: float = 60) -> dict[str, dict]:
        """Wait until every id has a reply; returns ``id_key -> first reply``."""
        keys = [id_key(r) for r in rids]
        deadline = time.monotonic() + timeout
        with self._cond:
            while not all(k in self.replies for k in keys):
                left = deadline - time.monotonic()
                missing = [k for k in keys if k not in self.replies]
                assert left > 0 and self.proc.poll() is None, f"no reply for {missing[:10]}"
                self._cond.wait(min(left, 0.5))
            return {k: self.replies[k][0] for k in keys}

    def call(self, rid: Any, msg: dict, timeout: float = 60) -> dict:
        self.send(msg)
        return self.wait_for([rid], timeout)[id_key(rid)]

    def close(self, timeout: float = 60) -> int:
        """Close stdin and wait for a clean exit; returns the exit status."""
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            status = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("server did not exit after stdin closed") from None
        self._out_thread.join(10)
        self._err_thread.join(10)
        return status

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def tool_text(reply: dict) -> str:
    """The text block of a tools/call result (empty for protocol errors)."""
    content = reply.get("result", {}).get("content") or [{}]
    return str(content[0].get("text", ""))


def is_tool_error(reply: dict) -> bool:
    return bool(reply.get("result", {}).get("isError"))
