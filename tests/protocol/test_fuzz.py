"""Bounded, seeded protocol fuzzing against the real service over the fixture corpus.

Random bytes, invalid UTF-8, truncated JSON, wrong types in every field, huge
numbers, deep nesting, unknown fields, batches, stray responses,
notifications and tool calls with random argument dicts for every tool, in
both eras, are fed to ``serve()`` in-process (about 1,700 lines) and to one
real server process (about 300 lines, then a final ping). The server must
never crash or hang, must answer every request with exactly one well-formed
JSON-RPC line carrying the right id (``null`` when the id is unusable), must
write nothing else to stdout and must never emit a corpus canary.

The expected replies come from an oracle that applies ``mcp-wire.md`` section
2 to each line: unparsable or non-request input gets one ``null``-id error,
notifications and stray responses get nothing, everything else gets a reply
with its own id.
"""

from __future__ import annotations

import io
import json
import math
import random
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from redacted_context_mcp import app
from redacted_context_mcp.protocol.server import serve
from redacted_context_mcp.tools import TOOLS
from tests.invariants import invariant
from tests.sweep_helpers import (
    MODERN_META,
    LeakReport,
    WireClient,
    canaries,
    clean_env,
    copy_corpus,
    id_key,
    initialize,
)

SEED = 20260728
IN_PROCESS_LINES = 1700
BUSY = "Server busy: too many requests in progress. Retry later."
PROCESS_LINES = 300
DEEP = 100_000
NULL = "null"
NONE = "none"

VERSION_KEY = "io.modelcontextprotocol/protocolVersion"
CAPS_KEY = "io.modelcontextprotocol/clientCapabilities"
METHODS = (
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "tools/call",
    "tools/call",
    "resources/list",
    "resources/read",
    "resources/templates/list",
    "server/discover",
    "logging/setLevel",
    "prompts/list",
    "completion/complete",
    "resources/subscribe",
    "notifications/initialized",
)
WEIRD: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    10**400,
    -(10**400),
    "",
    "x",
    "\x00",
    "\ud800",
    "2.0",
    2.0,
    [],
    [1, [2, [3]]],
    {},
    {"a": None},
    "A" * 2000,
)
HOSTILE_STRINGS = (
    "..",
    "../../etc/passwd",
    "/etc/passwd",
    "a\x00b",
    "@p_000000000000",
    "@p_zz",
    ".env",
    "keys/deploy_key.pem",
    ".agent-context-redactor.toml",
    "private-terms.txt",
    "clients/Acme Lantern/john_smith_contract.md",
    "(a+)+$",
    "[",
    ".*",
    "notes/\ud800",
    "\u202e\u0000\uffff",
)
SERVED_PATHS = (
    ".",
    "clients",
    "people/Avery Example.md",
    "people",
    "ops/credentials-rotation.md",
    "notes/call-notes-utf16.txt",
    "projects/Project Nightjar/plan.md",
    "finance/invoices-2024.csv",
)
EXTRA_KEYS = ("bogus", "", "PATH", "__proto__", "\ud800", "x" * 300)
URIS = ("redctx://p_000000000000", "redctx://p_zz", "file:///etc/passwd", "", "redctx://", "x" * 500)


# ------------------------------------------------------------------- oracle
def _valid_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def expected_reply(line: bytes) -> str:
    """``NULL`` (one null-id error), ``NONE`` (no reply) or the id key of the one reply."""
    if not line.strip():
        return NONE
    try:
        obj = _strict_json(line)  # NaN, Infinity and 1e400 are parse errors (HARD-10)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return NULL
    if not isinstance(obj, dict):
        return NULL
    if ("result" in obj or "error" in obj) and "method" not in obj:
        return NONE
    has_id, rid = "id" in obj, obj.get("id")
    if obj.get("jsonrpc") != "2.0" or not isinstance(obj.get("method"), str):
        return id_key(rid) if has_id and _valid_id(rid) else NULL
    if has_id and not _valid_id(rid):
        return NULL
    return id_key(rid) if has_id else NONE


def _strict_json(line: bytes) -> Any:
    def no_constant(name: str) -> Any:
        raise ValueError(f"non-JSON constant {name}")

    def finite(text: str) -> float:
        if not math.isfinite(float(text)):
            raise ValueError("non-finite number")
        return float(text)

    return json.loads(line.decode("utf-8"), parse_constant=no_constant, parse_float=finite)


def _describe(line: bytes) -> str:
    """A short label of a request line for assertion messages (tool name and arguments)."""
    try:
        msg = json.loads(line.decode("utf-8"))
        params = msg.get("params", {}) if isinstance(msg, dict) else {}
        if isinstance(params, dict) and "name" in params:
            return f"{msg.get('method')} {params.get('name')} {json.dumps(params.get('arguments'))[:300]}"
        return json.dumps(msg)[:300]
    except (UnicodeDecodeError, ValueError, RecursionError, AttributeError):
        return repr(line[:120])


def check_replies(lines: list[bytes], output: bytes) -> None:
    """Every reply is one well-formed JSON-RPC line; ids match the oracle exactly; nothing crashed."""
    sent = {expected_reply(x): x for x in lines}
    want = Counter(expected_reply(x) for x in lines)
    want.pop(NONE, None)
    got: Counter[str] = Counter()
    crashes: list[str] = []
    for raw in output.splitlines():
        msg = _strict_json(raw)
        assert isinstance(msg, dict) and msg.get("jsonrpc") == "2.0", raw[:200]
        assert "id" in msg and (msg["id"] is None or _valid_id(msg["id"])), raw[:200]
        assert ("result" in msg) != ("error" in msg), raw[:200]
        key = NULL if msg["id"] is None else id_key(msg["id"])
        got[key] += 1
        if "error" in msg:
            err = msg["error"]
            assert isinstance(err.get("code"), int) and isinstance(err.get("message"), str), raw[:200]
            if err["code"] == -32603 and err["message"] != BUSY:  # busy is a documented answer (HARD-8)
                crashes.append(f"-32603 for {_describe(sent.get(key, b'?'))}")
        else:
            assert isinstance(msg["result"], dict), raw[:200]
            if "Tool execution failed." in json.dumps(msg["result"]):
                crashes.append(f"Tool execution failed. for {_describe(sent.get(key, b'?'))}")
    missing, extra = want - got, got - want
    assert not missing and not extra, (
        f"missing replies {dict(missing)!r:.500}; unexpected {dict(extra)!r:.500}"
    )
    assert not crashes, f"{len(crashes)} internal error(s):\n" + "\n".join(crashes[:40])


# ---------------------------------------------------------------- generator
class Fuzzer:
    """Seeded generator of hostile JSON-RPC lines; request ids are unique across a run."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.n = 0
        self.canary_values = [c.value for c in canaries()]

    def rid(self) -> Any:
        self.n += 1
        kind = self.rng.randrange(6)
        if kind == 0:
            return f"r-{self.n}"
        if kind == 1:
            return 10**400 + self.n
        if kind == 2:
            return -self.n
        if kind == 3:
            return f"\u00e9\ud83d\ude00-{self.n}"
        return self.n

    def value(self, depth: int = 0) -> Any:
        r = self.rng.random()
        if r < 0.25:
            return self.rng.choice(self.canary_values)
        if r < 0.45:
            return self.rng.choice(HOSTILE_STRINGS)
        if r < 0.55 and depth < 3:
            return [self.value(depth + 1) for _ in range(self.rng.randrange(4))]
        if r < 0.6 and depth < 3:
            return {self.rng.choice(EXTRA_KEYS): self.value(depth + 1)}
        if r < 0.75:
            return self.rng.choice((0, 1, 2, 5, 50, 1000, -5, 10**9, 10**400, 2**63, 1e308, 0.5))
        return self.rng.choice(WEIRD)

    def typed(self, prop: dict) -> Any:
        """A value of the property's own type most of the time, so handlers really run."""
        kind, rng = prop.get("type"), self.rng
        if rng.random() < 0.25 or kind is None:
            return self.value()
        if "enum" in prop:
            return rng.choice([*prop["enum"], "xml"])
        if kind == "string":
            return rng.choice((*self.canary_values, *HOSTILE_STRINGS, *SERVED_PATHS, *SERVED_PATHS))
        if kind == "integer":
            return rng.choice((0, 1, 2, 3, 8, 40, 256, 5000, 10**6, -1, 10**400, 2**63))
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "array":
            pool = (*SERVED_PATHS, *HOSTILE_STRINGS, "*.md", "*", "**/*.txt", ".env*", "*.pem")
            return [rng.choice(pool) for _ in range(rng.randrange(4))]
        return self.value()

    def arguments(self, spec: Any) -> dict:
        props: dict = dict(spec.input_schema.get("properties", {}))
        required = list(spec.input_schema.get("required", ()))
        optional = [k for k in props if k not in required]
        keys = required if self.rng.random() < 0.85 else []
        keys = keys + self.rng.sample(optional, self.rng.randrange(len(optional) + 1))
        if self.rng.random() < 0.1:
            keys.append(self.rng.choice(EXTRA_KEYS))
        return {k: self.typed(props.get(k, {})) for k in keys}

    def params(self, method: str, modern: bool) -> dict:
        p: dict[str, Any] = {}
        if method == "tools/call":
            p = dict(self.tool_call(False)["params"])
        elif method == "resources/read":
            p = {"uri": self.rng.choice(URIS)}
        elif method in ("resources/list", "tools/list") and self.rng.random() < 0.5:
            p = {"cursor": self.rng.choice(("", "0", "1", "-1", "abc", "99999999999999999999", 5, None))}
        elif method == "initialize":
            p = {
                "protocolVersion": self.rng.choice(("2025-11-25", "2024-11-05", "2026-07-28", "x")),
                "capabilities": {},
            }
        if modern:
            p["_meta"] = dict(MODERN_META)
        return p

    def request(self, modern: bool) -> dict:
        method = self.rng.choice(METHODS)
        return {"jsonrpc": "2.0", "id": self.rid(), "method": method, "params": self.params(method, modern)}

    def mutate(self, msg: dict) -> dict:
        """Wrong type (or absence) in one field of an otherwise valid request."""
        msg = json.loads(json.dumps(msg))
        params = msg.get("params", {})
        targets = ["jsonrpc", "id", "method", "params"] + [f"params.{k}" for k in params]
        if isinstance(params.get("_meta"), dict):
            targets += [f"params._meta.{VERSION_KEY}", f"params._meta.{CAPS_KEY}", "params._meta.logLevel"]
        target = self.rng.choice(targets)
        holder: dict = msg
        parts = target.split(".", 2) if target.startswith("params._meta.") else target.split(".")
        for part in parts[:-1]:
            holder = holder[part]
        key = parts[-1]
        if key == "logLevel":
            key = "io.modelcontextprotocol/logLevel"
        if self.rng.random() < 0.2:
            holder.pop(key, None)
        else:
            holder[key] = self.rng.choice(WEIRD)
        if "id" in msg and _valid_id(msg["id"]):
            msg["id"] = self.rid()  # keep valid ids unique
        return msg

    def encode(self, msg: Any) -> bytes:
        ascii_only = self.rng.random() < 0.5
        text = json.dumps(msg, ensure_ascii=ascii_only)
        return text.encode("utf-8", "surrogatepass")

    def tool_call(self, modern: bool) -> dict:
        spec = self.rng.choice(TOOLS)
        params: dict[str, Any] = {"name": spec.name, "arguments": self.arguments(spec)}
        if modern:
            params["_meta"] = dict(MODERN_META)
        return {"jsonrpc": "2.0", "id": self.rid(), "method": "tools/call", "params": params}

    def line(self, modern: bool) -> bytes:
        kind = self.rng.randrange(20)
        rng = self.rng
        if kind >= 14:
            return self.encode(self.tool_call(modern))
        if kind == 0:
            return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(b"\n", b" ")
        if kind == 1:
            good = self.encode(self.request(modern))
            cut = rng.randrange(1, len(good))
            return good[:cut]
        if kind == 2:
            good = self.encode(self.request(modern))
            pos = rng.randrange(len(good))
            return (
                good[:pos]
                + rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"))
                + good[pos:]
            )
        if kind in (3, 4, 5):
            return self.encode(self.mutate(self.request(modern)))
        if kind == 6:
            msg = self.request(modern)
            msg[rng.choice(EXTRA_KEYS)] = self.value()
            msg["params"][rng.choice(EXTRA_KEYS)] = self.value()
            if modern:
                msg["params"]["_meta"] = {**MODERN_META, "x-unknown": self.value()}
            return self.encode(msg)
        if kind == 7:
            return self.encode([self.request(modern) for _ in range(rng.randrange(3))])
        if kind == 8:
            msg = self.request(modern)
            del msg["id"]
            if rng.random() < 0.3:
                msg = {
                    "jsonrpc": "2.0",
                    "method": "notifications/cancelled",
                    "params": {"requestId": f"never-{self.n}"},
                }
            return self.encode(msg)
        if kind == 9:
            return self.encode(
                {"jsonrpc": "2.0", "id": self.rid(), rng.choice(("result", "error")): self.value()}
            )
        if kind == 10:
            return self.encode(rng.choice(WEIRD))
        if kind == 11:
            msg = self.request(modern)
            msg["method"] = "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 30)))
            return self.encode(msg)
        return self.encode(self.request(modern))

    def lines(self, count: int) -> list[bytes]:
        out: list[bytes] = [self.encode(initialize(self.rid()))]
        out += deep_lines()
        while len(out) < count:
            out.append(self.line(modern=self.rng.random() < 0.5))
        tail = out[1:]
        self.rng.shuffle(tail)
        return out[:1] + tail


def deep_lines() -> list[bytes]:
    """Deeply nested input: arrays, objects and nesting inside a valid envelope or arguments."""
    envelope = (
        b'{"jsonrpc":"2.0","id":"deep-%d","method":"tools/call",'
        b'"params":{"name":"redctx_read","arguments":{"path":%s}}}'
    )
    return [
        b"[" * DEEP + b"]" * DEEP,
        b'{"a":' * DEEP + b"1" + b"}" * DEEP,
        b'{"jsonrpc":"2.0","id":"deep-0","method":"ping","params":' + b"[" * DEEP + b"]" * DEEP + b"}",
        envelope % (1, b"[" * DEEP + b"]" * DEEP),
        envelope % (2, b"[" * 500 + b"]" * 500),
        b"[" * DEEP,
        b'{"jsonrpc":"2.0","id":' + b"9" * 5000 + b',"method":"ping"}',
        b'{"jsonrpc":"2.0","id":' + b"9" * 400 + b',"method":"ping"}',
        b'{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
        b'{"jsonrpc":"2.0","id":NaN,"method":"ping"}',
        b'{"jsonrpc":"2.0","id":"nan-arg","method":"tools/call","params":{"name":"redctx_tree","arguments":{"max_depth":NaN}}}',
        b'{"jsonrpc":"2.0","id":"inf-arg","method":"tools/call","params":{"name":"redctx_tree","arguments":{"max_depth":-Infinity}}}',
    ]


# ------------------------------------------------------------------ fixtures
@pytest.fixture(scope="module")
def fuzz_root(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("fuzz")
    (base / "state").mkdir()
    return copy_corpus(base / "kb"), clean_env(base / "state")


def _in_process(root: Path, env: dict[str, str], lines: list[bytes], timeout: float = 120) -> bytes:
    options = app.make_options(root)
    live = app.open_policy(options, environ=env)
    reader = io.BytesIO(b"".join(x + b"\n" for x in lines))
    writer = io.BytesIO()
    status: list[int] = []
    thread = threading.Thread(
        # The whole input arrives at once: a queue as long as the input, so no request is "busy".
        target=lambda: status.append(serve(reader, writer, app.service_factory(options, live),
                                           max_queue=len(lines))),
        daemon=True,
    )
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), "serve() hung on fuzz input"
    assert status == [0]
    return writer.getvalue()


# --------------------------------------------------------------------- tests
def test_the_oracle_follows_the_wire_rules():
    assert expected_reply(b"   ") == NONE
    assert expected_reply(b"{not json") == NULL
    assert expected_reply(b"[" * DEEP) == NULL
    assert expected_reply(b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]') == NULL
    assert expected_reply(b'{"jsonrpc":"2.0","id":1,"result":{}}') == NONE
    assert expected_reply(b'{"jsonrpc":"1.0","id":7,"method":"ping"}') == id_key(7)
    assert expected_reply(b'{"jsonrpc":"2.0","id":true,"method":"ping"}') == NULL
    assert expected_reply(b'{"jsonrpc":"2.0","method":"ping"}') == NONE
    assert expected_reply(b'{"jsonrpc":"2.0","id":"a","method":"ping","params":[]}') == id_key("a")


@invariant("PROTO-3", "OUT-1")
def test_in_process_fuzz_never_crashes_hangs_or_leaks(fuzz_root):
    root, env = fuzz_root
    lines = Fuzzer(SEED).lines(IN_PROCESS_LINES)
    output = _in_process(root, env, lines)
    check_replies(lines, output)
    report = LeakReport()
    report.check("in-process fuzz output", output)
    assert not report, report.message()


@invariant("PROTO-3", "HARD-10")
def test_deep_nesting_and_huge_numbers_get_the_specified_errors(fuzz_root):
    root, env = fuzz_root
    lines = [json.dumps(initialize("init")).encode(), *deep_lines()]
    replies = [json.loads(x) for x in _in_process(root, env, lines).splitlines()]
    parse_errors = [r for r in replies if r.get("error", {}).get("code") == -32700]
    # four 100,000-deep documents, one unterminated, one 5,000-digit id, and (HARD-10) the
    # 1e400 id, the NaN id and the NaN / -Infinity arguments
    assert len(parse_errors) == 10
    assert all(r["id"] is None for r in parse_errors)
    by = {json.dumps(r["id"]): r for r in replies}
    assert by[json.dumps(int("9" * 400))]["result"] == {}
    assert by['"deep-2"']["result"]["isError"] is True
    assert '"nan-arg"' not in by and '"inf-arg"' not in by
    assert sum(1 for r in replies if r["id"] is None and r["error"]["code"] == -32600) == 0
    check_replies(lines, b"\n".join(json.dumps(r).encode() for r in replies))


@invariant("PROTO-2", "PROTO-3", "OUT-1")
def test_the_real_server_process_survives_fuzz_and_still_answers_ping(fuzz_root):
    root, env = fuzz_root
    lines = Fuzzer(SEED + 1).lines(PROCESS_LINES)
    client = WireClient(root, env)
    try:
        for x in lines:
            client.send(x + b"\n")
        final = client.call(
            "final-ping", {"jsonrpc": "2.0", "id": "final-ping", "method": "ping"}, timeout=120
        )
        assert final == {"jsonrpc": "2.0", "id": "final-ping", "result": {}}
        # Tool calls run on workers and may still be queued behind slow ones (audit, refresh):
        # wait for every expected id before closing, since EOF gives running jobs only a short
        # drain ("exit promptly", mcp-wire.md section 1) and a loaded CI machine is slow.
        client.settle({expected_reply(x) for x in lines} - {NONE, NULL}, timeout=120)
        assert client.close() == 0
    finally:
        client.kill()
    assert client.bad_lines == [], "stdout carried a line that is not JSON"
    output = b"".join(client.raw_lines)
    check_replies([*lines, b'{"jsonrpc":"2.0","id":"final-ping","method":"ping"}'], output)
    report = LeakReport()
    report.check("server stdout", output)
    report.check("server stderr", client.stderr)
    assert not report, report.message()
    assert b"Traceback" not in client.stderr
