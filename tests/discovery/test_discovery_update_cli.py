"""``redctx discover-update``: hook JSONL in, a monotonic, comment-preserving, atomic merge out."""

from __future__ import annotations

import io
import json
import os
import shutil
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from redacted_context_mcp.cli import main
from redacted_context_mcp.config import load_policy
from tests.invariants import invariant

TARGET = """# Reviewed by the team: keep this comment.
[redaction]
people = ["Avery Quillmere"]  # reviewed
terms = ["Bluefin"]
allow = ["Kestrel"]

[github.repos.context]
owner = "private-org"
repo = "private-repo"
"""
DOC_A = "Avery Quillmere and Bran Tolliver of Nightjar Labs met. Thanks, Bran. Kestrel is fine.\n"
DOC_B = "Bluefin and Sparrowhawk are codenames; we use fastjson-kit.\n"
REPLIES = {
    "Bran Tolliver of Nightjar": {"people": ["Bran Tolliver"], "organizations": ["Nightjar Labs"],
                                  "terms": ["Kestrel", "Not In Document"]},
    "Sparrowhawk": {"terms": ["Bluefin", "Sparrowhawk"], "allow": ["fastjson-kit"]},
}


def jsonl(*docs):
    lines = (json.dumps({"path": f"private/doc{i}.md", "text": t, "sha256": "x"}) for i, t in enumerate(docs))
    return "".join(line + "\n" for line in lines)


@pytest.fixture
def target(tmp_path):
    p = tmp_path / ".agent-context-redactor.toml"
    p.write_text(TARGET, encoding="utf-8")
    return p


def run(capsys, monkeypatch, *argv, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def base(target, ollama):
    return ["--root", str(target.parent), "discover-update", "--input-jsonl", "-", "--output-config", str(target),
            "--endpoint", ollama.endpoint]


def test_update_adds_found_terms_keeps_comments_and_tables_and_prints_alias_counts(ollama, target, capsys, monkeypatch):
    ollama.replies = REPLIES
    status, out, err = run(capsys, monkeypatch, *base(target, ollama), stdin=jsonl(DOC_A, DOC_B))
    assert status == 0, err
    assert len(ollama.requests) == 2
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# Reviewed by the team: keep this comment.\n") and "# reviewed" in text
    red = tomllib.loads(text)["redaction"]
    assert red["people"] == ["Avery Quillmere", "Bran Tolliver"]
    assert red["organizations"] == ["Nightjar Labs"]
    assert red["terms"] == ["Bluefin", "Sparrowhawk"]  # Kestrel stays allowed, values not in the text are dropped
    assert red["allow"] == ["Kestrel"]  # discovery cannot expand allow by default
    assert "aliases" not in red  # discovered groups only with --include-discovered-aliases
    assert tomllib.loads(text)["github"]["repos"]["context"]["owner"] == "private-org"
    assert 'alias_counts: {"discovered":0,"dropped":0,"seed":0}' in out
    assert load_policy(target.parent, target).config_loaded


def test_discovered_allow_and_aliases_join_only_when_asked(ollama, target, capsys, monkeypatch):
    ollama.replies = REPLIES
    status, out, _ = run(capsys, monkeypatch, *base(target, ollama), "--include-discovered-allow",
                         "--include-discovered-aliases", stdin=jsonl(DOC_A, DOC_B))
    red = tomllib.loads(target.read_text())["redaction"]
    assert status == 0 and red["allow"] == ["Kestrel", "fastjson-kit"]
    assert red["aliases"] == {"Bran Tolliver": ["Bran"]}
    assert 'alias_counts: {"discovered":1,"dropped":0,"seed":0}' in out


def test_check_exits_1_while_an_update_is_due_and_0_after(ollama, target, capsys, monkeypatch):
    ollama.replies = REPLIES
    before = target.read_bytes()
    status, out, _ = run(capsys, monkeypatch, *base(target, ollama), "--check", stdin=jsonl(DOC_A))
    assert status == 1 and "update due" in out and target.read_bytes() == before
    assert run(capsys, monkeypatch, *base(target, ollama), stdin=jsonl(DOC_A))[0] == 0
    status, out, _ = run(capsys, monkeypatch, *base(target, ollama), "--dry-run", stdin=jsonl(DOC_A))
    assert status == 0 and "up to date" in out


@invariant("DISC-2")
@pytest.mark.parametrize("flags,docs,needle", [
    (["--max-chars-per-document", "20"], (DOC_A,), "--max-chars-per-document"),
    (["--max-total-chars", "100"], (DOC_A, DOC_B), "--max-total-chars"),
    (["--max-files", "1"], (DOC_A, DOC_B), "--max-files"),
])
def test_limits_fail_before_any_model_call(ollama, target, capsys, monkeypatch, flags, docs, needle):
    before = target.read_bytes()
    status, out, err = run(capsys, monkeypatch, *base(target, ollama), *flags, stdin=jsonl(*docs))
    assert status == 1 and needle in err and not ollama.requests and target.read_bytes() == before


@invariant("DISC-2", "DISC-3")
def test_a_failure_on_a_later_document_leaves_the_config_untouched(ollama, target, capsys, monkeypatch):
    ollama.replies = {**REPLIES, "Sparrowhawk": ["not", "an", "object"]}
    before = target.read_bytes()
    status, out, err = run(capsys, monkeypatch, *base(target, ollama), stdin=jsonl(DOC_A, DOC_B))
    assert status == 1 and "expected shape" in err and target.read_bytes() == before
    assert "Tolliver" not in err + out and "Sparrowhawk" not in err + out


def test_a_bad_input_line_is_named_by_number_only(ollama, target, capsys, monkeypatch):
    status, _, err = run(capsys, monkeypatch, *base(target, ollama), stdin='{"path": "a", "text": 3}\n')
    assert status == 1 and "input line 1" in err and not ollama.requests


def test_merge_only_applies_the_seed_without_documents_or_model(ollama, target, tmp_path, capsys, monkeypatch):
    seed = tmp_path / "seed.toml"
    seed.write_text('[redaction]\nmode = "balanced"\nclients = ["Quillmere Group"]\nallow = ["Kestrel", "Heron"]\n'
                    '[redaction.aliases]\n"Avery Quillmere" = ["A. Quillmere"]\n', encoding="utf-8")
    args = ["--root", str(tmp_path), "discover-update", "--output-config", str(target), "--seed-config", str(seed),
            "--merge-only", "--endpoint", "http://127.0.0.1:9"]
    status, out, err = run(capsys, monkeypatch, *args)
    assert status == 0, err
    red = tomllib.loads(target.read_text())["redaction"]
    assert red["mode"] == "balanced" and red["clients"] == ["Quillmere Group"] and red["allow"] == ["Kestrel", "Heron"]
    assert red["aliases"] == {"Avery Quillmere": ["A. Quillmere"]} and not ollama.requests
    assert 'alias_counts: {"discovered":0,"dropped":0,"seed":1}' in out
    assert run(capsys, monkeypatch, *args)[1].startswith("discover-update: up to date")


def test_update_keeps_the_files_permissions(ollama, target, capsys, monkeypatch):
    os.chmod(target, 0o600)
    ollama.replies = REPLIES
    run(capsys, monkeypatch, *base(target, ollama), stdin=jsonl(DOC_B))
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o600 and "Sparrowhawk" in target.read_text()


HOOK = """#!/bin/sh
# pre-commit: classify exactly the staged blobs, then merge into the config
set -e
git diff --cached --name-only --diff-filter=ACM -- '*.md' | while read -r f; do
  git show ":$f" | "$PYTHON" -c "$TOJSON" "$f"
done | "$PYTHON" -c "$REDCTX" --root . discover-update --input-jsonl - \\
  --output-config .agent-context-redactor.toml --endpoint "$ENDPOINT" --quiet
"""
TOJSON = "import json,sys; print(json.dumps({'path': sys.argv[1], 'text': sys.stdin.read()}))"
REDCTX = "import sys; from redacted_context_mcp.cli import main; sys.exit(main(sys.argv[1:]))"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_pre_commit_hook_pipes_staged_blobs_to_discover_update(ollama, tmp_path):
    ollama.replies = REPLIES
    repo = tmp_path / "repo"
    repo.mkdir()
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e.test", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@e.test", "PYTHON": sys.executable, "ENDPOINT": ollama.endpoint,
           "TOJSON": TOJSON, "REDCTX": REDCTX, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    git = lambda *a: subprocess.run(["git", *a], cwd=repo, env=env, check=True, capture_output=True)  # noqa: E731
    git("init", "-q")
    (repo / ".agent-context-redactor.toml").write_text(TARGET, encoding="utf-8")
    (repo / "meeting.md").write_text(DOC_A, encoding="utf-8")
    (repo / "unstaged.md").write_text(DOC_B, encoding="utf-8")
    hook = repo / ".git" / "hooks" / "pre-commit"
    hook.write_text(HOOK, encoding="utf-8")
    hook.chmod(0o755)
    git("add", "meeting.md")
    (repo / "meeting.md").write_text("Changed after staging: Sparrowhawk.\n", encoding="utf-8")
    git("commit", "-q", "-m", "notes")
    red = tomllib.loads((repo / ".agent-context-redactor.toml").read_text())["redaction"]
    assert red["people"] == ["Avery Quillmere", "Bran Tolliver"] and red["organizations"] == ["Nightjar Labs"]
    assert "Sparrowhawk" not in red["terms"]  # only the staged blob was classified
    assert len(ollama.requests) == 1


def test_update_with_a_detector_calls_no_model(ollama, target, tmp_path, capsys, monkeypatch):
    rules = tmp_path / "rules.toml"
    rules.write_text('[[patterns]]\ncategory = "SENSITIVE"\nregex = \'Sparrowhawk\'\n', encoding="utf-8")
    status, out, err = run(capsys, monkeypatch, *base(target, ollama), "--detector", f"patterns={rules}",
                           stdin=jsonl(DOC_B))
    assert status == 0, err
    assert tomllib.loads(target.read_text())["redaction"]["terms"] == ["Bluefin", "Sparrowhawk"]
    assert not ollama.requests
