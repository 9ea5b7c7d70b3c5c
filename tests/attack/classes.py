"""Attack classes shared by the bounded attack tests and ``scripts/soak.py``.

Each class builds its own throw-away site (a served root, an outside folder
and a state dir), attacks the real service, server or CLI code in this process
or in local child processes only, and returns a :class:`Tally`. Every loop is
bounded by an attempt count *and* a wall-clock budget; randomness comes from the
seeded ``random.Random`` handed in, so a failing run can be replayed.

Counted: ``attempts``; ``crashes`` (an exception, a traceback, ``Tool execution
failed.`` or a -32603 other than "server busy"); ``hangs`` (a call that ran far
past its deadline or never answered); ``leaks`` (a canary, raw outside content,
a raw control character, or a descriptor, thread or regex worker left behind);
``wrong`` (an answer that breaks the rules: a missing or duplicated reply, a
non-fixed error).
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from redacted_context_mcp import app, regexworker
from redacted_context_mcp.errors import Code
from redacted_context_mcp.protocol.server import Server, serve
from redacted_context_mcp.tools import TOOLS

SPECS = {t.name: t for t in TOOLS}
EMAIL_CANARY = "marta.quill@attack-canary.test"
TERM_CANARY = "Vexgrove"
OUTSIDE_CANARY = "OUTSIDE-CANARY-9f3c1d"
CANARIES = (EMAIL_CANARY, TERM_CANARY, OUTSIDE_CANARY)
BUSY = Code.SERVER_BUSY.template
CALL_SLACK = 20.0  # a call running this far past the 30 s deadline counts as a hang
RAW_CONTROLS = {chr(c) for c in range(32) if chr(c) not in "\t\n\r"} | {"\x7f"}


@dataclass
class Tally:
    """Counts of one attack class run."""

    name: str
    attempts: int = 0
    crashes: int = 0
    hangs: int = 0
    leaks: int = 0
    wrong: int = 0
    notes: list[str] = field(default_factory=list)

    def note(self, kind: str, what: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.notes) < 20:
            self.notes.append(f"{kind}: {what[:300]}")

    @property
    def clean(self) -> bool:
        return not (self.crashes or self.hangs or self.leaks or self.wrong)

    def line(self) -> str:
        return (f"{self.name:<18} attempts={self.attempts:<6} crashes={self.crashes} hangs={self.hangs} "
                f"leaks={self.leaks} wrong={self.wrong}")


# -- the site ------------------------------------------------------------------------------

CONFIG = f'[redaction]\nsalt = "attack-salt-0001"\nterms = ["{TERM_CANARY}"]\n'


@contextmanager
def site() -> Iterator[tuple[Path, Path, dict[str, str]]]:
    """A served root with canaries, an outside folder and a state dir; removed afterwards."""
    base = Path(tempfile.mkdtemp(prefix="redctx-attack-"))
    try:
        root, outside = base / "served", base / "outside"
        (root / "notes" / "deep").mkdir(parents=True)
        outside.mkdir()
        (root / ".agent-context-redactor.toml").write_text(CONFIG)
        (root / "notes" / "meeting.md").write_text(
            f"Meeting notes\nContact {EMAIL_CANARY} about {TERM_CANARY}.\nAction items follow.\n")
        (root / "notes" / "deep" / "plan.txt").write_text("plan line one\nplan line two\n" * 50)
        (root / "ansi.txt").write_text("colour \x1b[31mred\x1b[0m and bell \x07 here\n")
        (root / ".env").write_text(f"SECRET={OUTSIDE_CANARY}\n")
        (outside / "secret.txt").write_text(f"{OUTSIDE_CANARY} outside text\n")
        yield root, outside, {"REDACTED_CONTEXT_STATE_DIR": str(base / "state")}
    finally:
        shutil.rmtree(base, ignore_errors=True)


def service(root: Path, env: dict[str, str], **flags):
    options = app.make_options(root, **flags)
    return app.build_service(options, app.open_policy(options, environ=env))


def check_text(t: Tally, text: str, what: str) -> None:
    """Leaks and crashes visible in one output text."""
    for c in CANARIES:
        if c in text:
            t.note("leaks", f"{what}: canary in output")
    if RAW_CONTROLS & set(text):
        t.note("leaks", f"{what}: raw control character in output")
    if "Tool execution failed." in text or "Traceback" in text:
        t.note("crashes", what)


def call(t: Tally, server: Server, name: str, args: dict, what: str, limit: float = 30.0) -> str | None:
    start = time.monotonic()
    try:
        res = server.call_tool(SPECS[name], args)
    except Exception as exc:  # noqa: BLE001 - counted, never raised
        t.note("crashes", f"{what}: {type(exc).__name__}")
        return None
    if time.monotonic() - start > limit + CALL_SLACK:
        t.note("hangs", what)
    check_text(t, res.text, what)
    return res.text


def _fds() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:  # pragma: no cover - not Linux
        return 0


@contextmanager
def leak_watch(t: Tally) -> Iterator[None]:
    fds, threads = _fds(), threading.active_count()
    yield
    end = time.monotonic() + 8  # idle pool threads exit after a few seconds
    while time.monotonic() < end and (threading.active_count() > threads + 2 or _fds() > fds + 8):
        time.sleep(0.1)
    if _fds() > fds + 8:
        t.note("leaks", f"descriptors grew from {fds} to {_fds()}")
    if threading.active_count() > threads + 2:
        t.note("leaks", f"threads grew from {threads} to {threading.active_count()}")
    if regexworker.live_workers():
        t.note("leaks", f"{len(regexworker.live_workers())} regex worker(s) left")
        regexworker.kill_workers()


def _bounded(count: int, seconds: float) -> Iterator[int]:
    end = time.monotonic() + seconds
    for i in range(count):
        if time.monotonic() > end:
            return
        yield i


# -- classes ----------------------------------------------------------------------------------

_PATH_PARTS = ["..", ".", "", "notes", "deep", "meeting.md", ".env", "ENV", ".agent-context-redactor.toml",
               "/etc/passwd", "C:\\x", "\\\\srv\\share", "a\x00b", "\\x01", "\\x1b[31m", "%2e%2e", "~",
               "\u202e", "\ud800", "nul", "con", "x" * 300, "@p_", "@p_0123456789ab", "[PERSON_", "*", "?"]


def hostile_paths(rng: random.Random, count: int, seconds: float) -> Tally:
    """Paths built from traversal, absolute, NUL, escape, unicode and id fragments, through every path tool."""
    t = Tally("hostile_paths")
    with site() as (root, outside, env), leak_watch(t):
        (root / "link").symlink_to(outside)
        server = Server(io.BytesIO(), service(root, env))
        tools = [("redctx_read", "path"), ("redctx_stat", "path"), ("redctx_list", "path"),
                 ("redctx_tree", "path"), ("redctx_bundle", "paths")]
        for i in _bounded(count, seconds):
            parts = [rng.choice(_PATH_PARTS + ["link", "link/secret.txt"]) for _ in range(rng.randint(1, 4))]
            path = rng.choice(["/", "\\", "/./", "//"]).join(parts)
            name, key = rng.choice(tools)
            t.attempts += 1
            call(t, server, name, {key: [path] if key == "paths" else path}, f"{name} #{i}")
    return t


_RX_ATOMS = [r"a", r"\w", r"\s", r".", r"[a-z]", r"\d", r"(?:ab)", r"(a|b)", r"\b", r"^", r"$", r"x"]
_RX_QUANT = ["", "*", "+", "?", "{1,3}", "{8}", "{2,}", "*?"]


def hostile_regexes(rng: random.Random, count: int, seconds: float) -> Tally:
    """Random nested quantified patterns, over-long patterns and broken syntax through redctx_search."""
    t = Tally("hostile_regexes")
    fixed = {Code.INVALID_REGEX.template, Code.UNSAFE_REGEX.template, Code.REGEX_TOO_LONG.template,
             Code.LIMIT_DEADLINE.template, Code.NO_MATCHES.template}
    with site() as (root, _, env), leak_watch(t):
        (root / "long.txt").write_text(("a" * 200 + " b\n") * 20)
        svc = service(root, env, limits=app.limits_with({"max_seconds": 2.0}))
        server = Server(io.BytesIO(), svc)
        for i in _bounded(count, seconds):
            pat = "".join(rng.choice(_RX_ATOMS) + rng.choice(_RX_QUANT) for _ in range(rng.randint(1, 6)))
            if rng.random() < 0.3:
                pat = "(" * rng.randint(1, 3) + pat + ")" + rng.choice(_RX_QUANT) + ")" * rng.randint(0, 2)
            if rng.random() < 0.05:
                pat = "(?:a|b)" * 400  # over the length cap
            t.attempts += 1
            text = call(t, server, "redctx_search", {"query": pat, "regex": True}, f"regex #{i}", limit=2.0)
            if text is not None and text not in fixed and not text.startswith("@p_") and "[TRUNCATED" not in text:
                t.note("wrong", f"regex #{i}: unexpected answer")
    return t


def symlink_swap(rng: random.Random, count: int, seconds: float) -> Tally:
    """A thread swaps a directory and a file for symlinks to the outside folder while reads run."""
    t = Tally("symlink_swap")
    with site() as (root, outside, env), leak_watch(t):
        server = Server(io.BytesIO(), service(root, env))
        d = root / "swap"
        stop = threading.Event()
        swaps = [0]

        def swapper() -> None:
            n = 0
            while not stop.is_set() and n < 200_000:
                n += 1
                swaps[0] = n
                tmp = root / f".tmp{n}"
                if n % 2:
                    tmp.symlink_to(outside)
                else:
                    tmp.mkdir()
                    (tmp / "secret.txt").write_text("inside text\n")
                if d.is_symlink() or d.is_file():
                    d.unlink()
                elif d.exists():
                    shutil.rmtree(d, ignore_errors=True)
                os.rename(tmp, d)

        th = threading.Thread(target=swapper, daemon=True)
        th.start()
        try:
            for i in _bounded(count, seconds):
                t.attempts += 1
                name, args = rng.choice([("redctx_read", {"path": "swap/secret.txt"}),
                                         ("redctx_search", {"query": "text"}),
                                         ("redctx_bundle", {"paths": ["swap"]}),
                                         ("redctx_list", {"path": "swap"})])
                call(t, server, name, args, f"swap {name} #{i}")
        finally:
            stop.set()
            th.join(10)
        if swaps[0] < 10 or th.is_alive():
            t.note("wrong", f"the swapper made only {swaps[0]} swaps")  # the attack itself did not run
        t.notes.append(f"swaps: {swaps[0]}")
    return t


_CONFIGS = [
    CONFIG,
    CONFIG + 'people = ["Ilse Marrow"]\n',
    CONFIG.replace("terms = [", 'clients = ["Quarnet"]\nterms = ['),
]


def config_swaps(rng: random.Random, count: int, seconds: float) -> Tally:
    """Valid, broken, FIFO, symlinked and absurd configs swapped in while tools run."""
    t = Tally("config_swaps")
    fixed = {Code.POLICY_BLOCKED.template}
    with site() as (root, outside, env), leak_watch(t):
        server = Server(io.BytesIO(), service(root, env))
        cfg = root / ".agent-context-redactor.toml"
        keep: list[Path] = []
        for i in _bounded(count, seconds):
            tmp = root.parent / f"cfg{i}"
            kind = rng.choice(["valid", "valid", "broken", "fifo", "symlink", "deep", "inplace"])
            if kind == "valid":
                tmp.write_text(rng.choice(_CONFIGS))
            elif kind == "broken":
                tmp.write_text("[redaction\nterms = 3\n")
            elif kind == "fifo":
                os.mkfifo(tmp)
                keep.append(root.parent / f"keep{i}")
                os.link(tmp, keep[-1])
            elif kind == "symlink":
                (root.parent / f"real{i}").write_text(CONFIG)
                tmp.symlink_to(root.parent / f"real{i}")
            elif kind == "deep":
                tmp.write_text("a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n")
            if kind == "inplace":
                st = cfg.stat() if cfg.exists() and cfg.is_file() and not cfg.is_symlink() else None
                if st is not None:
                    with open(cfg, "r+") as fh:  # same size, restored mtime: a variant of the valid config
                        fh.write(CONFIG.replace("attack-salt-0001", "attack-salt-0001"))
                    os.utime(cfg, ns=(st.st_atime_ns, st.st_mtime_ns))
            else:
                os.replace(tmp, cfg)
            t.attempts += 1
            name, args = rng.choice([("redctx_read", {"path": "notes/meeting.md"}),
                                     ("redctx_search", {"query": "Contact"})])
            text = call(t, server, name, args, f"{kind} #{i}")
            if text is not None and kind in ("broken", "fifo", "symlink", "deep") and text not in fixed:
                t.note("wrong", f"{kind} #{i}: a broken config did not block")
        for k in keep:
            try:
                os.close(os.open(k, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        cfg.unlink(missing_ok=True)
        cfg.write_text(CONFIG)
        if call(t, server, "redctx_read", {"path": "notes/meeting.md"}, "repaired") in (None, *fixed):
            t.note("wrong", "no recovery after repair")
    return t


def concurrent_cancel(rng: random.Random, count: int, seconds: float) -> Tally:
    """Bursts of concurrent tool calls over a pipe, a random share cancelled at once or later."""
    t = Tally("concurrent_cancel")
    with site() as (root, _, env), leak_watch(t):
        r, w = os.pipe()
        reader = os.fdopen(r, "rb", buffering=0)
        out = _Collector()
        svc = service(root, env)
        status: list[int] = []
        th = threading.Thread(target=lambda: status.append(serve(reader, out, lambda: svc, max_queue=16,
                                                                 drain_seconds=30)), daemon=True)
        th.start()
        os.write(w, _line({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "a", "version": "1"}}}))
        cancelled: set[str] = set()
        sent: list[str] = []
        for i in _bounded(count, seconds):
            rid = f"c{i}"
            name, args = rng.choice([("redctx_search", {"query": "plan"}), ("redctx_read", {"path": "ansi.txt"}),
                                     ("redctx_tree", {}), ("redctx_search", {"query": "(a|b)c", "regex": True})])
            os.write(w, _line({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                               "params": {"name": name, "arguments": args}}))
            sent.append(rid)
            t.attempts += 1
            if rng.random() < 0.3:
                cancelled.add(rid)
                os.write(w, _line({"jsonrpc": "2.0", "method": "notifications/cancelled",
                                   "params": {"requestId": rid}}))
        os.write(w, _line({"jsonrpc": "2.0", "id": "last", "method": "ping"}))
        if not out.wait(lambda ids: "last" in ids, 60):
            t.note("hangs", "ping after the burst got no answer")
        os.close(w)
        th.join(90)
        if th.is_alive():
            t.note("hangs", "serve() did not end after EOF")
        ids = out.ids()
        for rid in sent:
            n = ids.count(rid)
            if n > 1 or (n == 0 and rid not in cancelled):
                t.note("wrong", f"{rid}: {n} replies")
        for msg in out.messages:
            err = msg.get("error")
            if err and err.get("code") == -32603 and err.get("message") != BUSY:
                t.note("crashes", f"{msg.get('id')}: internal error")
            res = msg.get("result")
            if isinstance(res, dict) and res.get("content"):
                check_text(t, res["content"][0]["text"], str(msg.get("id")))
    return t


def large_files(rng: random.Random, count: int, seconds: float) -> Tally:
    """A file over the per-file cap, a huge single line and a late binary tail, through read and search."""
    t = Tally("large_files")
    with site() as (root, _, env), leak_watch(t):
        (root / "huge.txt").write_bytes(b"x" * 5_100_000)
        (root / "oneline.txt").write_text("word " * 200_000)
        (root / "tail.log").write_bytes(b"text line\n" * 500 + b"\x00\xff\x1b" * 1000)
        svc = service(root, env)
        server = Server(io.BytesIO(), svc)
        for i in _bounded(count, seconds):
            t.attempts += 1
            name, args = rng.choice([
                ("redctx_read", {"path": rng.choice(["huge.txt", "oneline.txt", "tail.log"])}),
                ("redctx_search", {"query": rng.choice(["word", "text", ""]), "max_results": 10**9}),
                ("redctx_bundle", {"paths": ["oneline.txt", "tail.log"]}),
            ])
            text = call(t, server, name, args, f"{name} #{i}")
            if text is not None and len(text) > svc.limits.max_output_chars + 200:
                t.note("wrong", f"{name} #{i}: {len(text)} characters")
    return t


def jsonrpc_fuzz(rng: random.Random, count: int, seconds: float) -> Tally:
    """Seeded hostile JSON-RPC lines (the protocol fuzzer) fed to ``serve()``, replies checked by its oracle."""
    from tests.protocol.test_fuzz import Fuzzer, check_replies

    t = Tally("jsonrpc_fuzz")
    with site() as (root, _, env), leak_watch(t):
        svc = service(root, env)
        end = time.monotonic() + seconds
        while time.monotonic() < end and t.attempts < count:
            lines = Fuzzer(rng.randrange(1 << 30)).lines(min(200, count - t.attempts))
            writer = io.BytesIO()
            reader = io.BytesIO(b"".join(x + b"\n" for x in lines))
            th = threading.Thread(target=serve, args=(reader, writer, lambda: svc),
                                  kwargs={"max_queue": len(lines)}, daemon=True)
            th.start()
            th.join(120)
            t.attempts += len(lines)
            if th.is_alive():
                t.note("hangs", "serve() did not finish a fuzz batch")
                break
            output = writer.getvalue()
            check_text(t, output.decode("utf-8", "replace"), "fuzz output")
            try:
                check_replies(lines, output)
            except AssertionError as exc:
                t.note("crashes" if "internal error" in str(exc) else "wrong", str(exc))
    return t


CLASSES: dict[str, Callable[[random.Random, int, float], Tally]] = {
    "jsonrpc_fuzz": jsonrpc_fuzz,
    "hostile_paths": hostile_paths,
    "hostile_regexes": hostile_regexes,
    "symlink_swap": symlink_swap,
    "config_swaps": config_swaps,
    "concurrent_cancel": concurrent_cancel,
    "large_files": large_files,
}


# -- wire helpers --------------------------------------------------------------------------------

def _line(msg: dict) -> bytes:
    return json.dumps(msg).encode() + b"\n"


class _Collector:
    def __init__(self) -> None:
        self.messages: list[dict] = []
        self._buf = b""
        self._cv = threading.Condition()

    def write(self, data: bytes) -> int:
        with self._cv:
            self._buf += data
            while b"\n" in self._buf:
                raw, self._buf = self._buf.split(b"\n", 1)
                self.messages.append(json.loads(raw))
            self._cv.notify_all()
        return len(data)

    def flush(self) -> None:
        pass

    def ids(self) -> list:
        with self._cv:
            return [m.get("id") for m in self.messages]

    def wait(self, pred: Callable[[list], bool], timeout: float) -> bool:
        with self._cv:
            return self._cv.wait_for(lambda: pred([m.get("id") for m in self.messages]), timeout)
