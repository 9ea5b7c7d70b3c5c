#!/usr/bin/env python3
"""Hashes of every redaction output, to prove an optimisation changes nothing (a tool, not a test).

    python3 scripts/output_hashes.py --write FILE     # record
    python3 scripts/output_hashes.py --check FILE     # compare; exit 1 on any difference

Redacts, in strict and balanced mode: the ``gen_kb.py --files 1000`` knowledge base (its own
config; every file's text and every path component) and every case of the labelled corpora
(``tests/corpus/*/cases.py``, seed 0, default policy). Each output is hashed with its counts,
placeholder offsets and categories, and raw spans (``redact_spans``), so a change in any of
them shows. Only hashes are stored; no raw or redacted text is written.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from redacted_context_mcp.config import Policy, load_policy  # noqa: E402
from redacted_context_mcp.redaction.engine import Redactor  # noqa: E402
from tests.corpus.scoring import load  # noqa: E402

SALT = b"output-hash-salt-0123456789abcdef"
MODES = ("strict", "balanced")


def _digest(red: Redactor, text: str) -> str:
    r, spans = red.redact_spans(text)
    blob = json.dumps([r.text, sorted(r.counts.items()), list(r.mark_offsets), list(r.mark_categories), spans])
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


def _path_digest(red: Redactor, comp: str) -> str:
    r, spans = red.component_spans(comp)
    blob = json.dumps([r.text, sorted(r.counts.items()), list(r.mark_offsets), spans])
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


def collect() -> dict[str, str]:
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="redctx-hash-") as tmp:
        root = Path(tmp) / "kb"
        subprocess.run([sys.executable, str(REPO / "scripts" / "gen_kb.py"), str(root), "--files", "1000"],
                       check=True, stdout=subprocess.DEVNULL)
        files = [p for p in sorted(root.rglob("*")) if p.is_file()
                 and not any(part.startswith(".") for part in p.relative_to(root).parts)]
        for mode in MODES:
            red = Redactor(load_policy(root, mode=mode), SALT)
            comps: set[str] = set()
            for p in files:
                rel = p.relative_to(root).as_posix()
                comps.update(rel.split("/"))
                try:
                    text = p.read_text(encoding="utf-8")
                except (UnicodeDecodeError, OSError):
                    continue
                out[f"kb/{mode}/{rel}"] = _digest(red, text)
            for comp in sorted(comps):
                out[f"kb-path/{mode}/{comp}"] = _path_digest(red, comp)
    cases = load(0)
    for mode in MODES:
        red = Redactor(Policy(mode=mode), SALT)
        seen: dict[str, int] = {}
        for c in cases:  # keyed by name, not position: a case added elsewhere changes no other key
            key = f"{c.suite}/{mode}/{c.family}/{c.filename}"
            seen[key] = seen.get(key, 0) + 1
            out[f"{key}#{seen[key]}"] = _digest(red, c.text)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", type=Path)
    g.add_argument("--check", type=Path)
    args = ap.parse_args(argv)
    got = collect()
    if args.write:
        args.write.write_text(json.dumps(got, indent=0, sort_keys=True))
        print(f"{len(got)} outputs hashed")
        return 0
    want = json.loads(args.check.read_text())
    diff = sorted(k for k in want.keys() & got.keys() if want[k] != got[k])
    new, gone = sorted(got.keys() - want.keys()), sorted(want.keys() - got.keys())
    for label, keys in (("differs", diff), ("new", new), ("gone", gone)):
        for k in keys[:30]:
            print(f"{label}:", k)
    print(f"{len(got)} outputs, {len(diff)} differ, {len(new)} new, {len(gone)} gone")
    return 1 if diff or new or gone else 0


if __name__ == "__main__":
    sys.exit(main())
