"""The ``redctx discover`` and ``redctx discover-update`` subcommands (argument parsing and output).

The logic lives in :mod:`redacted_context_mcp.discovery`. Drafts and merged
configs hold raw values by design and go only to ``--output`` / the target file
or stdout; progress (stderr, only on a terminal, off with ``--quiet``) and every
error show counts and ``@p_`` ids, never a name or a value.

Imports: config, errors, vault, sources.paths, redaction.registry (lazily), discovery.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

from redacted_context_mcp.config import CONFIG_NAME, load_policy
from redacted_context_mcp.discovery import client as ollama
from redacted_context_mcp.discovery.api import Discovery, DiscoveryDocument, discover_documents
from redacted_context_mcp.discovery.cleanup import LIST_KEYS
from redacted_context_mcp.discovery.sample import (
    DEFAULT_MAX_CHARS_PER_FILE,
    DEFAULT_MAX_FILES,
    SampleTruncated,
    sample_files,
)
from redacted_context_mcp.discovery.tomledit import TomlEditError
from redacted_context_mcp.discovery.update import build_discovery_update, write_discovery_update
from redacted_context_mcp.errors import RedctxError
from redacted_context_mcp.sources.paths import path_id

DEFAULT_MAX_CHARS_PER_DOCUMENT = 12_000
DEFAULT_MAX_TOTAL_CHARS = 960_000

OUTPUT_EXISTS = "discover: --output already exists; pass --force to overwrite it."
OUTPUT_FAILED = "discover: the draft could not be written to --output."
NO_INPUT = "discover-update: --input-jsonl is required unless --merge-only is given."
INPUT_UNREADABLE = "discover-update: --input-jsonl could not be read as UTF-8 text."
BAD_LINE = "discover-update: input line {n} is not a JSON object with string path and text."
OVER_FILES = "discover-update: the input has more than --max-files documents; nothing was sent to the model."
OVER_DOC = "discover-update: document {n} is over --max-chars-per-document; nothing was sent to the model."
OVER_TOTAL = "discover-update: the input is over --max-total-chars; nothing was sent to the model."
CONFIG_UNREADABLE = "discover-update: the {which} config could not be read."


class _Fail(Exception):
    """A fixed message for stderr, exit status 1."""


def _model_flags(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("model")
    g.add_argument("--provider", choices=["ollama"], default="ollama", help="Local model provider. Default ollama.")
    g.add_argument("--endpoint", default=ollama.DEFAULT_ENDPOINT,
                   help=f"Ollama URL. Default {ollama.DEFAULT_ENDPOINT}.")
    g.add_argument("--allow-remote-endpoint", action="store_true",
                   help="Accept a non-loopback plain-http endpoint (it receives raw private text).")
    g.add_argument("--model", default=ollama.DEFAULT_MODEL,
                   help=f"Exact tag from `ollama list`. Default {ollama.DEFAULT_MODEL}.")
    g.add_argument("--timeout", type=float, default=ollama.DEFAULT_TIMEOUT, metavar="S",
                   help="Seconds to wait for each answer. Default 120.")
    g.add_argument("--detector", dest="discover_detector", metavar="SPEC",
                   help="Draft from this local detector's nominations instead of the model (no model call).")
    p.add_argument("--quiet", action="store_true", help="No progress or summary on stderr.")


def configure_discover(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", help="Files or folders to sample (root-relative). Default: the root.")
    _model_flags(p)
    p.add_argument("--glob", action="append", default=[], help="Only files matching this pattern. Repeatable.")
    p.add_argument("--max-files", type=int, default=DEFAULT_MAX_FILES, metavar="N", help="Default 80.")
    p.add_argument("--max-chars-per-file", type=int, default=DEFAULT_MAX_CHARS_PER_FILE, metavar="N",
                   help="Characters sampled per file. Default 12000.")
    p.add_argument("--max-total-raw-bytes", type=int, metavar="N", help="Raw bytes read in total.")
    p.add_argument("--fail-on-truncation", action="store_true", help="Fail instead of sampling a cut set.")
    p.add_argument("--format", choices=["toml", "json"], default="toml", help="Draft format. Default toml.")
    p.add_argument("--raw-discovery", action="store_true", help="The model's categories with basic dedupe only.")
    p.add_argument("--output", help="Write the draft here instead of stdout.")
    p.add_argument("--force", action="store_true", help="Overwrite an existing --output.")


def configure_update(p: argparse.ArgumentParser) -> None:
    p.add_argument("--input-jsonl", metavar="FILE|-", help='One {"path","text","sha256"} object per line; - for stdin.')
    p.add_argument("--output-config", help=f"Config to update. Default: --config or <root>/{CONFIG_NAME}.")
    p.add_argument("--seed-config", help="Reviewed seed config: its terms, settings and alias groups are merged.")
    p.add_argument("--include-discovered-allow", action="store_true", help="Let discovery add allow terms.")
    p.add_argument("--include-discovered-aliases", action="store_true", help="Merge alias groups from discovery.")
    p.add_argument("--merge-only", action="store_true", help="Apply the seed only: no documents, no model.")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true", help="Report only; exit 1 when an update is due.")
    mode.add_argument("--check", action="store_true", help="Same as --dry-run (for CI).")
    p.add_argument("--max-files", type=int, default=DEFAULT_MAX_FILES, metavar="N", help="Default 80.")
    p.add_argument("--max-chars-per-document", type=int, default=DEFAULT_MAX_CHARS_PER_DOCUMENT, metavar="N",
                   help="Default 12000; documents are never truncated.")
    p.add_argument("--max-total-chars", type=int, default=DEFAULT_MAX_TOTAL_CHARS, metavar="N", help="Default 960000.")
    _model_flags(p)


_CLEAR = "\r\x1b[K"


class _Progress:
    """``done/total, elapsed, current id`` on one rewritten stderr line, only on a terminal."""

    def __init__(self, err: TextIO, quiet: bool, label: str, ids: list[str] | None = None) -> None:
        self.err, self.label, self.ids, self.quiet = err, label, ids, quiet
        self.on = not quiet and _isatty(err)
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.on:
            return
        current = f", {self.ids[done]}" if self.ids and done < total else ""
        self.err.write(f"\r\x1b[K{self.label}: {done}/{total}, {self.elapsed()}{current}")
        self.err.flush()

    def elapsed(self) -> str:
        return f"{time.monotonic() - self.started:.0f}s"

    def summary(self, line: str) -> None:
        """The one-line summary (counts only): on any stderr unless ``--quiet``."""
        if not self.quiet:
            clear = _CLEAR if self.on else ""
            self.err.write(f"{clear}{self.label}: {line}, {self.elapsed()}\n")
            self.err.flush()

    def clear(self) -> None:
        if self.on:
            self.err.write("\r\x1b[K")


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _source(ns: argparse.Namespace) -> dict[str, Any]:
    if ns.discover_detector:
        from redacted_context_mcp.redaction.registry import load_detector

        return {"detector": load_detector(ns.discover_detector)}
    return {"client": ollama.OllamaDiscoveryClient(
        ns.endpoint, ns.model, ns.timeout, allow_remote_endpoint=ns.allow_remote_endpoint)}


def _ids(root: str, policy: Any, rels: list[str]) -> list[str] | None:
    try:
        from redacted_context_mcp.vault import resolve_salt

        key = resolve_salt(policy.salt, Path(root), os.environ).key
    except (RedctxError, OSError):
        return None
    return ["@" + path_id(key, r) for r in rels]


def _summary(d: Discovery, unit: str) -> str:
    values = sum(len(d.lists[k]) for k in LIST_KEYS)
    return (f"{d.documents} {unit}, {values} values, {len(d.allow)} allow, {len(d.aliases)} alias groups, "
            f"{d.counts.get('not_in_file', 0)} values not in their file dropped")


def run_discover(ns: argparse.Namespace, ctx: Any) -> int:
    try:
        return _discover(ns, ctx.out, ctx.err)
    except (_Fail, ollama.DiscoveryError, SampleTruncated, TomlEditError) as exc:
        ctx.err.write(f"\n{exc}\n" if _isatty(ctx.err) and not ns.quiet else f"{exc}\n")
        return 1


def _discover(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    root = ns.root
    policy = load_policy(Path(root), Path(ns.config) if ns.config else None)
    if ns.output and os.path.lexists(ns.output) and not ns.force:
        raise _Fail(OUTPUT_EXISTS)
    source = _source(ns)  # the endpoint rule is checked before any file is read
    sample = sample_files(
        root, policy, ns.paths, globs=tuple(ns.glob), max_files=ns.max_files,
        max_chars_per_file=ns.max_chars_per_file, max_total_raw_bytes=ns.max_total_raw_bytes,
        fail_on_truncation=ns.fail_on_truncation, include_private=ns.include_private,
        documents=bool(getattr(ns, "documents", False)),
    )
    docs = [DiscoveryDocument(rel, text) for rel, text in sample.files]
    progress = _Progress(err, ns.quiet, "discover")
    if progress.on:  # the salt is resolved only to show ids
        progress.ids = _ids(root, policy, [r for r, _ in sample.files])
    try:
        d = discover_documents(docs, raw=ns.raw_discovery, known_people=policy.people,
                               extra_allow=policy.allow, progress=progress, **source)
    finally:
        progress.clear()
    text = d.to_json() if ns.format == "json" else d.to_toml()
    if ns.output:
        _write_draft(Path(ns.output), text, ns.force, validate=ns.format == "toml")
        out.write(f"discover: draft written to --output ({_summary(d, 'files')})\n")
        out.flush()
    else:
        out.write(text)
        out.flush()
    cut = f", {sample.truncated_files} cut, {sample.skipped_files} skipped" if sample.truncated else ""
    progress.summary(_summary(d, "files") + cut)
    return 0


def _write_draft(path: Path, text: str, force: bool, *, validate: bool) -> None:
    path = Path(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".redctx-draft-", suffix=".tmp", dir=path.parent)
    except OSError:
        raise _Fail(OUTPUT_FAILED) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if validate:
            load_policy(path.parent, Path(tmp), environ={})
        if force:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)  # fails if --output appeared meanwhile
            os.unlink(tmp)
    except FileExistsError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _Fail(OUTPUT_EXISTS) from None
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _Fail(OUTPUT_FAILED) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _read_text(path: str | None, which: str, *, missing_ok: bool) -> str | None:
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except FileNotFoundError:
        if missing_ok:
            return ""
        raise _Fail(CONFIG_UNREADABLE.format(which=which)) from None
    except (OSError, UnicodeDecodeError):
        raise _Fail(CONFIG_UNREADABLE.format(which=which)) from None


def read_jsonl(ns: argparse.Namespace, stdin: TextIO) -> list[DiscoveryDocument]:
    """The hook's documents, every limit checked before any model call."""
    try:
        if ns.input_jsonl == "-":
            raw = stdin.read()
        else:
            with open(ns.input_jsonl, encoding="utf-8") as fh:
                raw = fh.read()
    except (OSError, UnicodeDecodeError):
        raise _Fail(INPUT_UNREADABLE) from None
    docs, total = [], 0
    for n, line in enumerate(raw.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            raise _Fail(BAD_LINE.format(n=n)) from None
        if not (isinstance(obj, dict) and isinstance(obj.get("path"), str) and isinstance(obj.get("text"), str)
                and isinstance(obj.get("sha256", ""), (str, type(None)))):
            raise _Fail(BAD_LINE.format(n=n))
        if len(obj["text"]) > ns.max_chars_per_document:
            raise _Fail(OVER_DOC.format(n=len(docs) + 1))
        total += len(obj["text"])
        if total > ns.max_total_chars:
            raise _Fail(OVER_TOTAL)
        docs.append(DiscoveryDocument(obj["path"], obj["text"], obj.get("sha256")))
        if len(docs) > ns.max_files:
            raise _Fail(OVER_FILES)
    return docs


def run_update(ns: argparse.Namespace, ctx: Any) -> int:
    try:
        return _update(ns, ctx.out, ctx.err)
    except (_Fail, ollama.DiscoveryError, TomlEditError) as exc:
        ctx.err.write(f"\n{exc}\n" if _isatty(ctx.err) and not ns.quiet else f"{exc}\n")
        return 1


def _update(ns: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    target_path = ns.output_config or ns.config or os.path.join(ns.root, CONFIG_NAME)
    existing = _read_text(target_path, "target", missing_ok=True) or ""
    seed = _read_text(ns.seed_config, "seed", missing_ok=False)
    discovery = None
    if not ns.merge_only:
        if not ns.input_jsonl:
            raise _Fail(NO_INPUT)
        docs = read_jsonl(ns, sys.stdin)
        source = _source(ns)
        people, allow = _people_and_allow(existing, seed)
        progress = _Progress(err, ns.quiet, "discover-update")
        try:
            discovery = discover_documents(docs, known_people=people, canonical_people=people,
                                           extra_allow=allow, progress=progress, **source)
        finally:
            progress.clear()
    update = build_discovery_update(
        existing, discovery, seed_text=seed, include_discovered_allow=ns.include_discovered_allow,
        include_discovered_aliases=ns.include_discovered_aliases,
    )
    added = ", ".join(f"{k} +{n}" for k, n in update.added.items()) or "no new terms"
    counts = json.dumps(update.alias_counts, sort_keys=True, separators=(",", ":"))
    if ns.dry_run or ns.check:
        out.write(f"discover-update: {'update due' if update.changed else 'up to date'} ({added})\n")
        out.write(f"alias_counts: {counts}\n")
        return 1 if update.changed else 0
    wrote = write_discovery_update(target_path, update)
    out.write(f"discover-update: {'config updated' if wrote else 'up to date'} ({added})\n")
    out.write(f"alias_counts: {counts}\n")
    return 0


def _people_and_allow(existing: str, seed: str | None) -> tuple[list[str], list[str]]:
    import tomllib

    people: list[str] = []
    allow: list[str] = []
    for text in (existing, seed or ""):
        try:
            red = tomllib.loads(text).get("redaction", {})
        except tomllib.TOMLDecodeError:
            raise TomlEditError() from None
        if isinstance(red, dict):
            people += [p for p in red.get("people", []) if isinstance(p, str)]
            allow += [a for a in red.get("allow", []) if isinstance(a, str)]
    return people, allow


__all__ = ["configure_discover", "configure_update", "read_jsonl", "run_discover", "run_update"]
