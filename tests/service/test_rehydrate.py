"""The rehydration map: built from the root once per policy generation, restoring every form to its spelling."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from redacted_context_mcp import app
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.service import search as search_ops
from redacted_context_mcp.service.context import Service
from redacted_context_mcp.service.rehydrate import learn_from, rehydration_map
from redacted_context_mcp.sources import textcodec
from tests.invariants import invariant
from tests.service.svc_helpers import CANARY_EMAILS, CountingRedactor, make_service

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
CONFIG = ".agent-context-redactor.toml"


def _service(root: Path, **settings) -> Service:
    options = app.make_options(root, **settings)
    return Service(options, app.open_policy(options, environ={}), redactor_factory=CountingRedactor)


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(FIXTURES / "corpus", root)
    return root


def _readable(svc: Service):
    return list(svc.iter_files([], [], svc.budget()))


@invariant("REHY-1")
def test_every_fixture_file_restores_to_its_original_text(corpus: Path) -> None:
    svc = _service(corpus)
    m = rehydration_map(svc)
    entries = _readable(svc)
    assert len(entries) >= 8
    changed = 0
    for entry in entries:
        doc = svc.document(entry)
        raw = textcodec.escape_controls(textcodec.decode((corpus / entry.rel).read_bytes()))
        if doc.text != raw:
            changed += 1
        back = m.restore(doc.text)
        assert back.unknown == 0, entry.id
        assert back.text == raw, entry.id
    assert changed >= 5


def test_alias_forms_restore_to_their_own_spelling(tmp_path: Path) -> None:
    (tmp_path / CONFIG).write_text(
        '[redaction]\npeople = ["Avery Example"]\n[redaction.aliases]\n'
        '"Avery Example" = ["Avery", "avery@example.com"]\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("Avery Example owns it.\nThank you, Avery\nmail avery@example.com\n",
                                   encoding="utf-8")
    svc = _service(tmp_path)
    doc = svc.document(svc.resolve("a.md"))
    assert "Avery" not in doc.text
    back = rehydration_map(svc).restore(doc.text)
    assert back.text == "Avery Example owns it.\nThank you, Avery\nmail avery@example.com\n"
    assert back.restored == 3 and back.unknown == 0


def test_a_placeholder_from_before_the_alias_group_still_restores(tmp_path: Path) -> None:
    (tmp_path / CONFIG).write_text('[redaction]\npeople = ["Avery Example"]\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("Avery Example and avery@example.com\n", encoding="utf-8")
    before = _service(tmp_path)
    old = before.document(before.resolve("a.md")).text
    (tmp_path / CONFIG).write_text(
        '[redaction]\npeople = ["Avery Example"]\n[redaction.aliases]\n'
        '"Avery Example" = ["avery@example.com"]\n', encoding="utf-8")
    after = _service(tmp_path)
    new = after.document(after.resolve("a.md")).text
    assert old != new  # the email now carries the canonical entity id
    m = rehydration_map(after)
    assert m.restore(old).text == "Avery Example and avery@example.com\n"
    assert m.restore(new).text == "Avery Example and avery@example.com\n"


def test_case_variants_restore_to_the_first_spelling_seen(tmp_path: Path) -> None:
    (tmp_path / CONFIG).write_text('[redaction]\nclients = ["Acme Lantern"]\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("ACME LANTERN first\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("then acme lantern\n", encoding="utf-8")
    svc = _service(tmp_path)
    red = svc.document(svc.resolve("b.md")).text
    assert rehydration_map(svc).restore(red).text == "then ACME LANTERN\n"


def test_path_ids_and_placeholders_in_file_names_restore(tmp_path: Path) -> None:
    (tmp_path / "clients").mkdir()
    (tmp_path / "clients" / "dana.owner@clientco.test.md").write_text("x\n", encoding="utf-8")
    svc = _service(tmp_path)
    entry = svc.resolve("clients/dana.owner@clientco.test.md")
    shown = svc.display(entry).text
    assert "dana.owner" not in shown
    m = rehydration_map(svc)
    assert m.restore(f"see {entry.ref}").text == "see clients/dana.owner@clientco.test.md"
    assert m.restore(shown).text == "clients/dana.owner@clientco.test.md"


def test_unknown_and_malformed_tokens_stay_and_are_counted(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("mail jo.smith@acme-corp.test\n", encoding="utf-8")
    svc = _service(tmp_path)
    m = rehydration_map(svc)
    known = svc.document(svc.resolve("a.md")).text.split()[1]
    unknown = "[PERSON_" + "0" * 32 + "]"
    bad = "[EMAIL_" + "ab" * 10 + "]"
    text = f"{known} {unknown} {bad} @p_000000000000 {unknown}"
    back = m.restore(text)
    assert back.text == f"jo.smith@acme-corp.test {unknown} {bad} @p_000000000000 {unknown}"
    assert (back.restored, back.unknown) == (1, 4)
    assert back.unresolved == (unknown, bad, "@p_000000000000")
    assert back.spellings == ("jo.smith@acme-corp.test",)


def test_a_second_map_request_reads_and_redacts_nothing(corpus: Path) -> None:
    svc = _service(corpus)
    CountingRedactor.redact_calls = 0
    first = rehydration_map(svc)
    assert len(first) > 5
    reads = svc.cache.builds
    assert rehydration_map(svc) is first
    assert svc.cache.builds == reads
    # The pass also warmed the document cache for search.
    before = svc.cache.builds
    search_ops.search(svc, {"query": "nothing-matches-this", "paths": [], "glob": []})
    assert svc.cache.builds == before


@invariant("REHY-2")
def test_the_map_is_dropped_when_the_policy_changes(tmp_path: Path) -> None:
    (tmp_path / CONFIG).write_text('[redaction]\nclients = ["Acme Lantern"]\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("Acme Lantern and Zorblat\n", encoding="utf-8")
    svc = _service(tmp_path)
    first = rehydration_map(svc)
    zorblat = svc.snapshot().redactor.placeholder("CLIENT", "Zorblat")
    assert first.lookup(zorblat) is None
    import os
    import time
    time.sleep(0.01)
    (tmp_path / CONFIG).write_text('[redaction]\nclients = ["Acme Lantern", "Zorblat"]\n', encoding="utf-8")
    os.utime(tmp_path / CONFIG, ns=(time.time_ns() + 10**9, time.time_ns() + 10**9))
    second = rehydration_map(svc)
    assert second is not first
    assert second.lookup(zorblat) == "Zorblat"


@invariant("REHY-3")
def test_the_write_subdirectory_is_never_a_rehydration_source(tmp_path: Path) -> None:
    (tmp_path / "incoming").mkdir()
    (tmp_path / "incoming" / "jo.smith@acme-corp.test.md").write_text("mail avery@example.com\n", encoding="utf-8")
    (tmp_path / "a.md").write_text("hello\n", encoding="utf-8")
    svc = _service(tmp_path, enable_writes=True, write_subdir="incoming")
    redactor = svc.snapshot().redactor
    m = rehydration_map(svc)
    assert m.lookup(redactor.placeholder("EMAIL", "avery@example.com")) is None
    assert m.lookup(redactor.placeholder("EMAIL", "jo.smith@acme-corp.test.md")) is None
    pid = svc.resolve("incoming/jo.smith@acme-corp.test.md").ref
    assert m.lookup(pid) is None
    assert m.lookup(svc.resolve("a.md").ref) == "a.md"


def test_files_added_after_the_map_was_built_are_picked_up_when_a_token_is_unknown(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("hello\n", encoding="utf-8")
    svc = _service(tmp_path)
    m = rehydration_map(svc)
    (tmp_path / "b.md").write_text("mail " + CANARY_EMAILS[1] + "\n", encoding="utf-8")
    red = svc.document(svc.resolve("b.md")).text
    assert m.restore(red).text == "mail " + CANARY_EMAILS[1] + "\n"


def test_the_scan_file_limit_fails_the_map_with_the_file_limit_error(tmp_path: Path, live_root=None) -> None:
    for i in range(5):
        (tmp_path / f"f{i}.md").write_text("x\n", encoding="utf-8")
    from tests.service.svc_helpers import FakeLive

    svc = make_service(tmp_path, FakeLive(tmp_path), limits=Limits(max_submit_files=3))
    with pytest.raises(RedctxError) as err:
        rehydration_map(svc)
    assert err.value.code is Code.LIMIT_FILES


def test_default_scan_limit_covers_twenty_thousand_files() -> None:
    assert Limits().max_submit_files >= 20_000


@invariant("REHY-4")
def test_learn_from_makes_placeholders_of_outside_text_restorable(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("hello\n", encoding="utf-8")
    svc = _service(tmp_path)
    red = learn_from(svc, "upstream mail from Quinn.Upstream@vendor-mail.test today")
    assert "vendor-mail" not in red
    assert ph.PLACEHOLDER_RE.search(red)
    m = rehydration_map(svc)
    assert m.restore(red).text == "upstream mail from Quinn.Upstream@vendor-mail.test today"


def test_record_keeps_the_first_spelling_and_the_root_ranks_first(tmp_path: Path) -> None:
    (tmp_path / CONFIG).write_text('[redaction]\nclients = ["Acme Lantern"]\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("Acme Lantern\n", encoding="utf-8")
    svc = _service(tmp_path)
    m = rehydration_map(svc)
    p = svc.snapshot().redactor.placeholder("CLIENT", "Acme Lantern")
    other = svc.snapshot().redactor.placeholder("CLIENT", "Zeta Works")
    m.record({p: "ACME LANTERN", other: "Zeta Works"})
    m.record({other: "ZETA WORKS"})
    assert m.lookup(p) == "Acme Lantern"
    assert m.lookup(other) == "Zeta Works"
    assert m.lookup("not a token") is None


def test_learned_pairs_are_bounded_and_the_oldest_is_forgotten_first(tmp_path: Path, monkeypatch) -> None:
    from redacted_context_mcp.service import rehydrate as rh

    (tmp_path / CONFIG).write_text('[redaction]\nclients = ["Acme Lantern"]\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("mail root.person@example-mail.test\n", encoding="utf-8")
    svc = _service(tmp_path)
    m = rehydration_map(svc)
    red = svc.snapshot().redactor
    root_red = m.restore("x").text  # built and scanned: root spellings and configured terms are in
    assert root_red == "x"
    seeded = red.placeholder("CLIENT", "Acme Lantern")
    from_root = red.placeholder("EMAIL", "root.person@example-mail.test")
    monkeypatch.setattr(rh, "MAX_LEARNED", 3)
    learned = {red.placeholder("PERSON", f"Upstream Person{i}"): f"Upstream Person{i}" for i in range(5)}
    first, second, *rest = learned
    m.record({first: learned[first], second: learned[second], rest[0]: learned[rest[0]]})
    m.record({first: learned[first]})  # seen again: now the newest
    m.record({rest[1]: learned[rest[1]], rest[2]: learned[rest[2]]})
    assert m.lookup(second) is None and m.lookup(rest[0]) is None  # the two oldest are gone
    assert [m.lookup(p) for p in (first, rest[1], rest[2])] == [learned[first], learned[rest[1]], learned[rest[2]]]
    assert m.lookup(seeded) == "Acme Lantern"  # configured terms and root spellings are never forgotten
    assert m.lookup(from_root) == "root.person@example-mail.test"
    out = m.restore(f"ask {second}")
    assert out.unknown == 1 and second in out.text  # a forgotten placeholder is unknown, never guessed


def test_a_scan_stopped_by_the_deadline_continues_where_it_stopped(tmp_path: Path, monkeypatch) -> None:
    for i in range(6):
        (tmp_path / f"f{i}.md").write_text(f"mail person{i}@example-mail.test\n", encoding="utf-8")
    svc = _service(tmp_path)
    from redacted_context_mcp.service import rehydrate as rh

    real, calls = rh._absorb, []

    def flaky(*a, **k):
        calls.append(1)
        if len(calls) == 3:
            raise RedctxError(Code.LIMIT_DEADLINE)
        return real(*a, **k)

    monkeypatch.setattr(rh, "_absorb", flaky)
    with pytest.raises(RedctxError):
        rehydration_map(svc)
    m = rehydration_map(svc)
    assert len(calls) == 7  # two absorbed before the stop, the stopped one and the other three after
    red = svc.document(svc.resolve("f0.md")).text
    assert m.restore(red).text == "mail person0@example-mail.test\n"


def test_a_file_over_the_per_file_limit_is_skipped_by_the_map_instead_of_failing_it(tmp_path: Path) -> None:
    (tmp_path / CONFIG).write_text('[redaction]\nclients = ["Acme Lantern"]\n', encoding="utf-8")
    (tmp_path / "a.md").write_text("Acme Lantern plan\n", encoding="utf-8")
    (tmp_path / "big.log").write_text("casey.vale@example.org wrote a line\n" * 60, encoding="utf-8")
    svc = _service(tmp_path, limits=Limits(max_raw_bytes_per_file=1000))
    red = svc.document(svc.resolve("a.md")).text
    assert rehydration_map(svc).restore(red).text == "Acme Lantern plan\n"
