"""redctx_submit_doc at the service layer: every check of diagram 7, in order, with its fixed message."""

from __future__ import annotations

import errno
import os
import re
import threading
from pathlib import Path

import pytest

from redacted_context_mcp import app
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.service import files as file_ops
from redacted_context_mcp.service import writes
from redacted_context_mcp.service.context import Service
from redacted_context_mcp.service.rehydrate import rehydration_map
from redacted_context_mcp.sources import writer
from tests.invariants import invariant
from tests.service.svc_helpers import symlinks_supported

CONFIG = ".agent-context-redactor.toml"
RAW = "Avery Example met Acme Lantern. Mail jo.smith@acme-corp.test\n"


def _kb(root: Path) -> None:
    root.mkdir(exist_ok=True)
    (root / CONFIG).write_text(
        '[redaction]\nclients = ["Acme Lantern"]\npeople = ["Avery Example"]\nterm_files = ["incoming/terms.txt"]\n',
        encoding="utf-8")
    (root / "a.md").write_text(RAW, encoding="utf-8")
    (root / "incoming").mkdir()
    (root / "incoming" / "terms.txt").write_text("Zephyrine\n", encoding="utf-8")
    (root / "incoming" / "old.md").write_text("previous\n", encoding="utf-8")
    (root / "incoming" / "folder").mkdir()


def _svc(root: Path, **settings) -> Service:
    settings.setdefault("enable_writes", True)
    settings.setdefault("write_subdir", "incoming")
    options = app.make_options(root, **settings)
    return app.build_service(options, app.open_policy(options, environ={}))


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    _kb(root)
    return root


@pytest.fixture
def svc(kb: Path) -> Service:
    return _svc(kb)


def _redacted(svc: Service) -> str:
    return str(svc.document(svc.resolve("a.md")).text)


def _submit(svc: Service, target: str, text: str = "plain words\n", **kw) -> str:
    return writes.submit_doc(svc, {"target_path": target, "text": text, **kw}).text


def _refusal(svc: Service, target: str, text: str = "plain words\n", **kw) -> RedctxError:
    with pytest.raises(RedctxError) as err:
        _submit(svc, target, text, **kw)
    return err.value


def _tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")}


# -- success -------------------------------------------------------------------------------------
@invariant("WRITE-6")
def test_a_submit_restores_every_placeholder_and_replies_with_opaque_names_only(svc: Service, kb: Path) -> None:
    red = _redacted(svc)
    reply = _submit(svc, "incoming/summary.md", "Summary: " + red)
    assert (kb / "incoming" / "summary.md").read_text(encoding="utf-8") == "Summary: " + RAW
    lines = reply.splitlines()
    assert lines[0] == "Wrote rehydrated document."
    assert lines[1] == "id: " + svc.resolve("incoming/summary.md").ref
    assert lines[2] == "path: incoming/summary.md"
    assert lines[3] == f"bytes: {len(('Summary: ' + RAW).encode())}"
    assert lines[4] == "replacements: 3"
    for raw in ("Avery", "Acme", "jo.smith"):
        assert raw not in reply


def test_placeholders_in_target_path_resolve_and_the_reply_shows_the_redacted_path(svc: Service, kb: Path) -> None:
    client = re.search(r"\[CLIENT_[0-9a-f]{32}\]", _redacted(svc)).group()
    reply = _submit(svc, f"incoming/{client} notes.md", "hello\n")
    assert (kb / "incoming" / "Acme Lantern notes.md").read_text(encoding="utf-8") == "hello\n"
    assert "Acme" not in reply and client in reply


def test_a_path_id_in_text_restores_to_the_root_relative_path(svc: Service, kb: Path) -> None:
    ref = svc.resolve("a.md").ref
    _submit(svc, "incoming/ref.md", f"see {ref}\n")
    assert (kb / "incoming" / "ref.md").read_text(encoding="utf-8") == "see a.md\n"


def test_a_path_id_names_an_earlier_write_as_target_with_overwrite(svc: Service, kb: Path) -> None:
    ref = svc.resolve("incoming/old.md").ref
    _submit(svc, ref, "replaced\n", overwrite=True)
    assert (kb / "incoming" / "old.md").read_text(encoding="utf-8") == "replaced\n"


def test_missing_directories_inside_the_write_subdirectory_are_created(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    root.mkdir()
    (root / "a.md").write_text("x\n", encoding="utf-8")
    svc = _svc(root)
    _submit(svc, "incoming/2026/q1/report.md", "text\n")
    assert (root / "incoming" / "2026" / "q1" / "report.md").read_text(encoding="utf-8") == "text\n"


def test_overwrite_replaces_an_existing_file(svc: Service, kb: Path) -> None:
    _submit(svc, "incoming/old.md", "new\n", overwrite=True)
    assert (kb / "incoming" / "old.md").read_text(encoding="utf-8") == "new\n"


def test_a_written_file_reads_back_redacted_like_any_file(svc: Service) -> None:
    red = _redacted(svc)
    _submit(svc, "incoming/copy.md", red)
    back = file_ops.read(svc, {"path": "incoming/copy.md"}).text
    assert "Avery" not in back and "jo.smith" not in back


# -- refusals, one per check -----------------------------------------------------------------------
REFUSALS = [
    ("", Code.WRITE_EMPTY),
    ("   ", Code.WRITE_EMPTY),
    ("incoming/a:b.md", Code.WRITE_COLON),
    ("C:/incoming/x.md", Code.WRITE_COLON),
    ("incoming/x.md:stream", Code.WRITE_COLON),
    ("/incoming/x.md", Code.WRITE_NOT_RELATIVE),
    ("incoming/../a.md", Code.WRITE_NOT_RELATIVE),
    ("incoming/sub/../../x.md", Code.WRITE_NOT_RELATIVE),
    ("incoming\\x.md", Code.WRITE_NOT_RELATIVE),
    ("incoming/x.md/", Code.WRITE_NOT_RELATIVE),
    ("incoming/x\x00.md", Code.WRITE_NOT_RELATIVE),
    ("incoming/x\n.md", Code.WRITE_NOT_RELATIVE),
    ("incoming/\ud800.md", Code.WRITE_NOT_RELATIVE),
    ("./", Code.WRITE_NOT_RELATIVE),
    ("x.md", Code.WRITE_OUTSIDE),
    ("notes/x.md", Code.WRITE_OUTSIDE),
    ("incoming", Code.WRITE_OUTSIDE),
    ("incomingx/y.md", Code.WRITE_OUTSIDE),
    ("incoming/.env", Code.WRITE_PROTECTED),
    ("incoming/.ENV.local", Code.WRITE_PROTECTED),
    ("incoming/.Env", Code.WRITE_PROTECTED),
    ("incoming/deploy.key", Code.WRITE_PROTECTED),
    ("incoming/deploy.KEY", Code.WRITE_PROTECTED),
    ("incoming/server.pem", Code.WRITE_PROTECTED),
    ("incoming/server.Pem", Code.WRITE_PROTECTED),
    ("incoming/site.crt", Code.WRITE_PROTECTED),
    ("incoming/site.CRT", Code.WRITE_PROTECTED),
    ("incoming/terms.txt", Code.WRITE_PROTECTED),
    ("incoming/TERMS.TXT", Code.WRITE_PROTECTED),
    ("incoming/.env/x.md", Code.WRITE_PROTECTED),
    ("incoming/folder", Code.TARGET_IS_DIR),
    ("incoming/old.md", Code.TARGET_EXISTS),
]


@invariant("WRITE-3")
@pytest.mark.parametrize(("target", "code"), REFUSALS, ids=[repr(t) for t, _ in REFUSALS])
def test_each_bad_target_is_refused_with_its_fixed_message_and_nothing_is_written(
        svc: Service, kb: Path, target: str, code: Code) -> None:
    before = _tree(kb)
    err = _refusal(svc, target)
    assert err.code is code
    assert err.message == code.template
    assert _tree(kb) == before


def test_protected_targets_stay_refused_with_overwrite(svc: Service) -> None:
    for target in ("incoming/terms.txt", "incoming/.env", "incoming/x.PEM"):
        assert _refusal(svc, target, overwrite=True).code is Code.WRITE_PROTECTED


def test_an_existing_directory_is_refused_even_with_overwrite(svc: Service) -> None:
    assert _refusal(svc, "incoming/folder", overwrite=True).code is Code.TARGET_IS_DIR


def test_the_config_file_inside_the_write_subdirectory_is_protected(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    (root / "incoming").mkdir(parents=True)
    (root / "incoming" / "policy.toml").write_text('[redaction]\nclients = ["Acme Lantern"]\n', encoding="utf-8")
    svc = _svc(root, config=root / "incoming" / "policy.toml")
    for target in ("incoming/policy.toml", "incoming/POLICY.TOML"):
        assert _refusal(svc, target, overwrite=True).code is Code.WRITE_PROTECTED


def test_a_protected_detector_directory_protects_everything_below_it(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    (root / "incoming" / "rules").mkdir(parents=True)
    options = app.make_options(root, enable_writes=True, write_subdir="incoming",
                               protected_paths=(str(root / "incoming" / "rules"),))
    svc = app.build_service(options, app.open_policy(options, environ={}))
    assert _refusal(svc, "incoming/rules/new.md").code is Code.WRITE_PROTECTED


def test_unresolved_and_malformed_tokens_are_listed_up_to_ten(svc: Service) -> None:
    unknown = ["[PERSON_" + f"{i:032x}" + "]" for i in range(12)]
    err = _refusal(svc, "incoming/u.md", " ".join(unknown) + " [EMAIL_" + "ab" * 9 + "] @p_0123456789ab")
    assert err.code is Code.UNRESOLVED_TOKENS
    assert err.message == ("Unresolved redaction token(s) in text: " + ", ".join(unknown[:10])
                           + ", and 4 more.")


def test_a_token_of_an_unknown_category_or_with_a_word_suffix_is_not_echoed(svc: Service) -> None:
    err = _refusal(svc, "incoming/u.md", "[ZEPHYRINEWORD_" + "1" * 32 + "] [PERSON_" + "2" * 32 + ".Zephyrine]")
    assert "ZEPHYRINE" not in err.message.upper()
    assert err.message == ("Unresolved redaction token(s) in text: [?_" + "1" * 32 + "], [PERSON_" + "2" * 32
                           + ".?].")


def test_an_unresolved_placeholder_in_target_path_is_refused(svc: Service) -> None:
    err = _refusal(svc, "incoming/[PERSON_" + "0" * 32 + "].md")
    assert err.code is Code.UNRESOLVED_TOKENS


@invariant("WRITE-4")
@pytest.mark.parametrize("glue", ["xx{p}yy", "id_{p}_v2", "{p}{p}"])
def test_a_restored_value_that_would_not_redact_again_is_refused(svc: Service, kb: Path, glue: str) -> None:
    (kb / "b.md").write_text("Meeting with Zorblat Quexley about it.\n", encoding="utf-8")
    red = svc.document(svc.resolve("b.md")).text
    person = red.split()[2]
    err = _refusal(svc, "incoming/glued.md", glue.format(p=person))
    assert err.code is Code.ROUND_TRIP
    assert not (kb / "incoming" / "glued.md").exists()


def test_a_value_only_strict_mode_redacts_is_refused_by_the_balanced_round_trip(svc: Service) -> None:
    m = rehydration_map(svc)
    placeholder = svc.snapshot().redactor.placeholder("PERSON", "Quietword")
    m.record({placeholder: "quietword"})  # a spelling neither mode redacts in prose
    err = _refusal(svc, "incoming/q.md", f"note {placeholder} here\n")
    assert err.code is Code.ROUND_TRIP


def test_a_restored_path_part_that_would_survive_path_redaction_is_refused(svc: Service) -> None:
    m = rehydration_map(svc)
    placeholder = svc.snapshot().redactor.placeholder("PERSON", "plainname")
    m.record({placeholder: "readme"})
    assert _refusal(svc, f"incoming/{placeholder}.md").code is Code.ROUND_TRIP


def test_text_over_the_byte_limit_is_refused_before_anything_else(kb: Path) -> None:
    svc = _svc(kb, limits=Limits(max_raw_bytes_per_file=64))
    assert _refusal(svc, "", "é" * 40).code is Code.LIMIT_FILE_BYTES


def test_writes_not_enabled_are_refused_with_the_fixed_message(kb: Path) -> None:
    svc = _svc(kb, enable_writes=False)
    err = _refusal(svc, "incoming/x.md")
    assert err.code is Code.WRITES_DISABLED
    assert err.message == "Writes are disabled. Start the server with --enable-writes."


def test_a_scan_limit_refuses_before_the_target_is_checked(kb: Path) -> None:
    (kb / "b.md").write_text("second file\n", encoding="utf-8")
    svc = _svc(kb, limits=Limits(max_submit_files=1))
    assert _refusal(svc, "bad:target").code is Code.LIMIT_FILES


# -- order -------------------------------------------------------------------------------------------
def test_the_first_failing_check_in_diagram_order_decides_the_refusal(svc: Service) -> None:
    unknown = "[PERSON_" + "0" * 32 + "]"
    assert _refusal(svc, f"a:{unknown}").code is Code.UNRESOLVED_TOKENS  # C3 before C4
    assert _refusal(svc, "a:b", unknown).code is Code.WRITE_COLON  # C4 before C5
    assert _refusal(svc, "incoming/old.md", unknown).code is Code.UNRESOLVED_TOKENS  # C5 before C7
    person = _redacted(svc).split()[0]
    assert _refusal(svc, "incoming/old.md", f"x{person}x").code is Code.ROUND_TRIP  # C6 before C7
    assert _refusal(svc, "../x", unknown).code is Code.WRITE_NOT_RELATIVE
    assert _refusal(svc, "x.md/..").code is Code.WRITE_NOT_RELATIVE  # '..' before 'outside'


# -- symlinks ------------------------------------------------------------------------------------------
@invariant("WRITE-3")
def test_a_symlink_in_any_component_is_refused(svc: Service, kb: Path, tmp_path: Path) -> None:
    if not symlinks_supported(tmp_path):
        pytest.skip("no symlinks here")
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, kb / "incoming" / "link")
    os.symlink(outside / "f.md", kb / "incoming" / "file-link.md")
    os.symlink(kb / "incoming", kb / "alias")
    for target in ("incoming/link/x.md", "incoming/file-link.md", "alias/x.md"):
        err = _refusal(svc, target, overwrite=True)
        assert (err.code, err.message) == (Code.WRITE_SYMLINK, "target_path must not contain symlinks.")
    assert list(outside.iterdir()) == []


def test_a_symlinked_write_subdirectory_is_refused(tmp_path: Path) -> None:
    if not symlinks_supported(tmp_path):
        pytest.skip("no symlinks here")
    root = tmp_path / "kb"
    root.mkdir()
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", root / "incoming")
    svc = _svc(root)
    assert _refusal(svc, "incoming/x.md").code is Code.WRITE_SYMLINK
    assert list((tmp_path / "elsewhere").iterdir()) == []


@invariant("WRITE-3")
def test_a_symlink_swapped_in_between_check_and_publish_is_refused(
        svc: Service, kb: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not symlinks_supported(tmp_path):
        pytest.skip("no symlinks here")
    outside = tmp_path / "outside"
    outside.mkdir()
    (kb / "incoming" / "sub").mkdir()
    real_state = writer.target_state

    def swap(root, parts):
        state = real_state(root, parts)  # the check passed; now the directory becomes a link
        os.rename(kb / "incoming" / "sub", kb / "incoming" / "sub-moved")
        os.symlink(outside, kb / "incoming" / "sub")
        return state

    monkeypatch.setattr(writer, "target_state", swap)
    assert _refusal(svc, "incoming/sub/x.md").code is Code.WRITE_SYMLINK
    assert list(outside.iterdir()) == []
    assert list((kb / "incoming" / "sub-moved").iterdir()) == []


# -- publish failures ------------------------------------------------------------------------------------
def _fail_with(err: int):
    def fail(*a, **k):
        raise OSError(err, os.strerror(err))
    return fail


@pytest.mark.parametrize("err", [errno.ENOSPC, errno.EDQUOT])
def test_a_full_disk_fails_cleanly_and_leaves_nothing_behind(
        svc: Service, kb: Path, monkeypatch: pytest.MonkeyPatch, err: int) -> None:
    before = _tree(kb)
    monkeypatch.setattr(writer, "_write_all", _fail_with(err))
    e = _refusal(svc, "incoming/new.md", "some text\n")
    assert (e.code, e.message) == (Code.PUBLISH_FAILED, "Could not publish output atomically.")
    assert _tree(kb) == before


def test_a_read_only_subdirectory_fails_cleanly(svc: Service, kb: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _tree(kb)
    real_open = os.open

    def read_only(path, flags, *a, **k):
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "read-only")
        return real_open(path, flags, *a, **k)

    monkeypatch.setattr(writer.os, "open", read_only)
    assert _refusal(svc, "incoming/new.md").code is Code.PUBLISH_FAILED
    assert _tree(kb) == before


# -- concurrency --------------------------------------------------------------------------------------------
@invariant("WRITE-5")
def test_concurrent_submits_to_one_target_have_exactly_one_winner(svc: Service, kb: Path) -> None:
    rehydration_map(svc)
    n = 8
    barrier = threading.Barrier(n)
    outcomes: list[object] = [None] * n

    def run(i: int) -> None:
        barrier.wait()
        try:
            outcomes[i] = _submit(svc, "incoming/race.md", f"writer {i}\n" * 2000)
        except RedctxError as exc:
            outcomes[i] = exc.code

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    wins = [i for i, o in enumerate(outcomes) if isinstance(o, str)]
    assert len(wins) == 1
    assert all(o is Code.TARGET_EXISTS for i, o in enumerate(outcomes) if i not in wins)
    assert (kb / "incoming" / "race.md").read_text(encoding="utf-8") == f"writer {wins[0]}\n" * 2000
    assert sorted(p.name for p in (kb / "incoming").iterdir()) == ["folder", "old.md", "race.md", "terms.txt"]


@invariant("WRITE-5")
def test_a_concurrent_overwrite_is_refused_and_nothing_half_written_is_visible(
        svc: Service, kb: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rehydration_map(svc)
    entered, release = threading.Event(), threading.Event()
    real_write = writer._write_all

    def slow_write(fd, data):
        real_write(fd, data[:10])
        entered.set()
        release.wait(30)
        real_write(fd, data[10:])

    monkeypatch.setattr(writer, "_write_all", slow_write)
    first: list[object] = []
    t = threading.Thread(target=lambda: first.append(_submit(svc, "incoming/old.md", "complete text\n",
                                                             overwrite=True)))
    t.start()
    assert entered.wait(30)
    try:
        # Half-way through: the old content is still what the name holds, the temp file is never listed.
        assert (kb / "incoming" / "old.md").read_text(encoding="utf-8") == "previous\n"
        listing = file_ops.list_entries(svc, {"path": "incoming"}).text if hasattr(file_ops, "list_entries") \
            else file_ops.tree(svc, {"path": "incoming"}).text
        assert ".redctx-write-" not in listing
        assert _refusal(svc, "incoming/old.md", "other\n", overwrite=True).code is Code.PUBLISH_FAILED
    finally:
        release.set()
        t.join(30)
    assert isinstance(first[0], str)
    assert (kb / "incoming" / "old.md").read_text(encoding="utf-8") == "complete text\n"
    assert not [p for p in (kb / "incoming").iterdir() if p.name.startswith(".redctx-write-")]


def test_the_redacted_name_of_the_write_subdirectory_resolves_in_target_path(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    (root / "Avery Example drafts").mkdir(parents=True)
    (root / "a.md").write_text("hello\n", encoding="utf-8")
    svc = _svc(root, write_subdir="Avery Example drafts")
    from redacted_context_mcp.service import admin

    shown = admin.doctor(svc, {}).text.split("write_subdir: ", 1)[1].splitlines()[0]
    assert "Avery" not in shown
    reply = _submit(svc, f"{shown}/note.md", "hi\n")
    assert (root / "Avery Example drafts" / "note.md").read_text(encoding="utf-8") == "hi\n"
    assert "Avery" not in reply
