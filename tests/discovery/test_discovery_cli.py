"""``redctx discover`` and ``discover-update`` end to end against the loopback Ollama stub."""

from __future__ import annotations

import io
import json
import sys
import tomllib

import pytest
from ollama_stub import closed_port_endpoint

from redacted_context_mcp.cli import main
from redacted_context_mcp.config import load_policy
from tests.invariants import invariant

MEETING = (
    "Kick-off with Avery Quillmere (CIO) of Zorblax Holdings about Bluefin.\n"
    "Thank you, Avery. Mail avery.quillmere@zorblax.test. We use fastjson-kit.\n"
)
PLAN = "Bluefin phase two: Bran Tolliver signs off with Nightjar Labs.\n"
REPLIES = {
    "Kick-off with Avery": {
        "people": ["Avery Quillmere (CIO)", "Avery"], "organizations": ["Zorblax Holdings"],
        "terms": ["Bluefin", "fastjson-kit", "Invented Elsewhere"],
    },
    "phase two": {"people": ["Bran Tolliver"], "organizations": ["Nightjar Labs"], "terms": ["bluefin"]},
}
RAW_VALUES = ["Avery", "Quillmere", "Zorblax", "Bluefin", "Tolliver", "Nightjar", "meeting", "plan"]


@pytest.fixture
def root(tmp_path):
    r = tmp_path / "private"
    (r / "notes").mkdir(parents=True)
    (r / "notes" / "meeting.md").write_text(MEETING, encoding="utf-8")
    (r / "notes" / "plan.md").write_text(PLAN, encoding="utf-8")
    (r / "notes" / "skip.txt").write_text("Nothing here.\n", encoding="utf-8")
    return r


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_discover_drafts_a_valid_config_with_one_request_per_file(ollama, root, capsys):
    ollama.replies = REPLIES
    out_file = root.parent / "draft.toml"
    status, out, err = run(capsys, "--root", str(root), "discover", "notes", "--glob", "*.md",
                           "--endpoint", ollama.endpoint, "--output", str(out_file))
    assert status == 0, err
    assert len(ollama.requests) == 2 and all(r["format"] == "json" and r["stream"] is False for r in ollama.requests)
    data = tomllib.loads(out_file.read_text(encoding="utf-8"))["redaction"]
    assert data["people"] == ["Avery Quillmere", "Bran Tolliver"]
    assert data["organizations"] == ["Zorblax Holdings", "Nightjar Labs"]
    assert data["terms"] == ["Bluefin"] and data["allow"] == ["fastjson-kit"]
    assert data["aliases"] == {"Avery Quillmere": ["Avery", "avery.quillmere@zorblax.test"]}
    policy = load_policy(root.parent, out_file)
    assert policy.config_loaded and len(policy.aliases) == 1


def test_discover_prints_the_draft_on_stdout_or_as_json(ollama, root, capsys):
    ollama.replies = REPLIES
    status, out, _ = run(capsys, "--root", str(root), "discover", "notes/meeting.md", "--endpoint", ollama.endpoint,
                         "--format", "json")
    doc = json.loads(out)
    assert status == 0 and doc["terms"] == ["Bluefin"] and doc["aliases"]["Avery Quillmere"][0] == "Avery"
    assert doc["dropped_alias_proposals"] == 0


def test_raw_discovery_keeps_the_models_categories(ollama, root, capsys):
    ollama.replies = REPLIES
    status, out, _ = run(capsys, "--root", str(root), "discover", "notes/meeting.md", "--endpoint", ollama.endpoint,
                         "--format", "json", "--raw-discovery")
    doc = json.loads(out)
    assert status == 0 and doc["people"] == ["Avery Quillmere (CIO)", "Avery"]
    assert doc["terms"] == ["Bluefin", "fastjson-kit"] and doc["aliases"] == {}


@invariant("DISC-2")
def test_an_existing_output_is_not_overwritten_without_force(ollama, root, capsys):
    ollama.replies = REPLIES
    out_file = root.parent / "draft.toml"
    out_file.write_text("# mine\n", encoding="utf-8")
    args = ["--root", str(root), "discover", "notes", "--endpoint", ollama.endpoint, "--output", str(out_file)]
    status, _, err = run(capsys, *args)
    assert status == 1 and "--force" in err and out_file.read_text() == "# mine\n" and not ollama.requests
    status, _, _ = run(capsys, *args, "--force")
    assert status == 0 and "[redaction]" in out_file.read_text()


@invariant("DISC-2", "DISC-3")
@pytest.mark.parametrize("mode,model,needle", [
    ("malformed", "gemma4:e4b", "not JSON"),
    ("wrong_shape", "gemma4:e4b", "expected shape"),
    ("ok", "nosuch:tag", "ollama list"),
])
def test_a_model_failure_writes_nothing_and_names_no_value(ollama, root, capsys, mode, model, needle):
    ollama.replies, ollama.mode = REPLIES, mode
    out_file = root.parent / "draft.toml"
    status, out, err = run(capsys, "--root", str(root), "discover", "notes", "--endpoint", ollama.endpoint,
                           "--model", model, "--output", str(out_file))
    assert status == 1 and needle in err and not out_file.exists() and out == ""
    assert not any(v.casefold() in err.casefold() for v in RAW_VALUES)
    assert not [p for p in root.parent.iterdir() if p.name.startswith(".redctx-")]


def test_a_refused_connection_fails_cleanly(root, capsys):
    status, out, err = run(capsys, "--root", str(root), "discover", "--endpoint", closed_port_endpoint())
    assert status == 1 and "could not connect" in err and out == ""


@invariant("DISC-1")
def test_a_remote_plain_http_endpoint_is_refused_before_any_file_is_read(root, capsys):
    status, out, err = run(capsys, "--root", str(root), "discover", "--endpoint", "http://models.example.test:11434")
    assert status == 1 and "--allow-remote-endpoint" in err and out == ""


def test_fail_on_truncation_stops_before_any_model_call(ollama, root, capsys):
    status, _, err = run(capsys, "--root", str(root), "discover", "notes", "--endpoint", ollama.endpoint,
                         "--max-files", "1", "--fail-on-truncation")
    assert status == 1 and "--fail-on-truncation" in err and not ollama.requests


def test_max_chars_per_file_cuts_the_sample(ollama, root, capsys):
    run(capsys, "--root", str(root), "discover", "notes/plan.md", "--endpoint", ollama.endpoint,
        "--max-chars-per-file", "10")
    assert ollama.requests[0]["prompt"].endswith(PLAN[:10])


def test_the_config_file_itself_is_never_sampled(ollama, root, capsys):
    (root / ".agent-context-redactor.toml").write_text('[redaction]\nterms = ["Seedterm"]\n', encoding="utf-8")
    (root / ".env").write_text("TOKEN=abc\n", encoding="utf-8")
    run(capsys, "--root", str(root), "discover", "--endpoint", ollama.endpoint)
    prompts = "".join(r["prompt"] for r in ollama.requests)
    assert "Seedterm" not in prompts and "TOKEN" not in prompts and len(ollama.requests) == 3


def test_discover_with_a_detector_calls_no_model(ollama, root, tmp_path, capsys):
    rules = tmp_path / "rules.toml"
    rules.write_text('[[patterns]]\ncategory = "SENSITIVE"\nregex = \'Bluefin\'\n'
                     '[[patterns]]\ncategory = "PERSON"\nregex = \'Bran Tolliver\'\n', encoding="utf-8")
    status, out, err = run(capsys, "--root", str(root), "discover", "notes", "--endpoint", ollama.endpoint,
                           "--format", "json", "--detector", f"patterns={rules}")
    assert status == 0, err
    doc = json.loads(out)
    assert doc["terms"] == ["Bluefin"] and doc["people"] == ["Bran Tolliver"] and not ollama.requests


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@invariant("DISC-3")
def test_progress_shows_counts_and_path_ids_on_a_terminal_only(ollama, root, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("REDACTED_CONTEXT_STATE_DIR", str(tmp_path / "state"))
    ollama.replies = REPLIES
    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(["--root", str(root), "discover", "notes", "--endpoint", ollama.endpoint]) == 0
    progress = tty.getvalue()
    assert "discover: 0/3" in progress and "@p_" in progress and "3 files" in progress
    assert not any(v.casefold() in progress.casefold() for v in RAW_VALUES)
    tty2 = _Tty()
    monkeypatch.setattr(sys, "stderr", tty2)
    assert main(["--root", str(root), "discover", "notes", "--endpoint", ollama.endpoint, "--quiet"]) == 0
    assert tty2.getvalue() == ""
    _, err = capsys.readouterr()
    assert err == ""
