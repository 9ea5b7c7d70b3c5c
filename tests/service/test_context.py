"""Service context: resolving references, containment, ids, scope walking, generations."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.sources import paths as paths_mod
from redacted_context_mcp.sources.paths import path_id
from tests.invariants import invariant
from tests.service.svc_helpers import CANARY_NAMES, CONFIG_NAME, SALT, CountingRedactor, FakeLive, make_service

posix_only = pytest.mark.skipif(os.name == "nt", reason="POSIX symlinks")


def code_of(fn, *args) -> RedctxError:
    with pytest.raises(RedctxError) as info:
        fn(*args)
    return info.value


@invariant("CONT-1", "CONT-3", "OUT-2")
@pytest.mark.parametrize(
    "ref,code",
    [
        ("../outside/secret.txt", Code.OUTSIDE_ROOT),
        ("notes/../../outside/secret.txt", Code.OUTSIDE_ROOT),
        ("/etc/passwd", Code.OUTSIDE_ROOT),
        ("notes/meeting.md\x00", Code.UNSAFE_PATH),
        ("notes\\meeting.md", Code.UNSAFE_PATH),
        (".env", Code.PATH_EXCLUDED),
        (".ENV", Code.PATH_EXCLUDED),
        ("server.PEM", Code.PATH_EXCLUDED),
        ("server.pem", Code.PATH_EXCLUDED),
        ("missing/.Env.local", Code.PATH_EXCLUDED),
        ("notes/id.Key", Code.PATH_EXCLUDED),
        (CONFIG_NAME, Code.PATH_EXCLUDED),
        (".git/config", Code.PATH_EXCLUDED),
        ("node_modules/x.js", Code.PATH_EXCLUDED),
        ("nope.md", Code.PATH_MISSING),
        ("notes/meeting.md/x", Code.PATH_MISSING),
        ("@p_000000000000", Code.UNKNOWN_PATH_ID),
    ],
)
def test_unsafe_or_unserved_references_are_refused_with_fixed_messages(svc, outside, ref, code):
    err = code_of(svc.resolve, ref)
    assert err.code is code
    if code is Code.UNKNOWN_PATH_ID:
        assert str(err) == "Unknown path id: @p_000000000000"
    else:
        assert str(err) == code.template


@invariant("CONT-2")
@posix_only
@pytest.mark.parametrize(
    "target,rel",
    [("outside", "link"), ("outside/secret.txt", "link.txt"), ("inside-dir", "link"), ("inside-file", "link.md")],
)
def test_references_through_symlinks_are_refused(svc, root, outside, target, rel):
    dest = {"outside": outside, "outside/secret.txt": outside / "secret.txt",
            "inside-dir": root / "notes", "inside-file": root / "notes" / "plain.txt"}[target]
    os.symlink(dest, root / rel)
    assert code_of(svc.resolve, rel).code is Code.UNSAFE_PATH
    if dest.is_dir():
        assert code_of(svc.resolve, rel + "/secret.txt").code is Code.UNSAFE_PATH


def test_ids_paths_and_printed_redacted_paths_resolve_to_the_same_entry(svc):
    by_path = svc.resolve("notes/meeting.md")
    assert by_path.id == path_id(SALT, "notes/meeting.md")
    assert svc.resolve("@" + by_path.id) == by_path
    assert svc.resolve("./notes//meeting.md") == by_path
    root = svc.resolve(".")
    assert root.is_dir and root.id == path_id(SALT, ".")


def test_a_redacted_path_as_printed_resolves_without_a_prior_listing(svc):
    raw = CANARY_NAMES[0] + "/brief.md"
    shown = svc.display(svc.resolve(raw)).text
    assert CANARY_NAMES[0] not in shown
    fresh = make_service(svc.settings.root, svc.live)  # no display memo yet
    assert fresh.resolve(shown).rel == raw
    assert fresh.resolve(shown.split("/")[0]).is_dir


@invariant("BIJ-3")
def test_a_redacted_path_shared_by_two_files_is_refused_while_their_ids_still_work(root):
    from redacted_context_mcp.config import Policy

    (root / "Lantern_plan.md").write_text("one\n", encoding="utf-8")
    (root / "LANTERN_plan.md").write_text("two\n", encoding="utf-8")
    svc = make_service(root, FakeLive(root, Policy(clients=("Lantern",))))
    first, second = svc.resolve("Lantern_plan.md"), svc.resolve("LANTERN_plan.md")
    shown = svc.display(first).text
    assert shown == svc.display(second).text and "antern" not in shown.casefold()
    assert code_of(svc.resolve, shown).code is Code.UNKNOWN_SOURCE
    assert svc.resolve("@" + first.id) == first and svc.resolve("@" + second.id) == second


def test_an_unknown_id_triggers_one_rebuild_that_finds_new_files(svc, root):
    svc.resolve("@" + path_id(SALT, "notes/plain.txt"))
    (root / "new.md").write_text("new\n")
    assert svc.resolve("@" + path_id(SALT, "new.md")).rel == "new.md"


def test_an_id_is_revalidated_before_use(svc, root):
    entry = svc.resolve("notes/plain.txt")
    os.unlink(root / "notes" / "plain.txt")
    assert code_of(svc.resolve, entry.ref).code is Code.PATH_MISSING


def test_an_id_of_a_path_excluded_after_a_policy_change_is_refused(svc, live):
    entry = svc.resolve("notes/plain.txt")
    live.bump(exclude_dirs=("notes",))
    svc.snapshot()
    assert code_of(svc.resolve, entry.ref).code in (Code.PATH_EXCLUDED, Code.UNKNOWN_PATH_ID)
    assert code_of(svc.resolve, "notes/plain.txt").code is Code.PATH_EXCLUDED


@invariant("BIJ-1")
def test_an_id_collision_fails_closed(svc, monkeypatch):
    monkeypatch.setattr(paths_mod, "path_id", lambda key, rel: "p_" + "0" * 12)
    fresh = make_service(svc.settings.root, svc.live)
    err = code_of(lambda: list(fresh.walk(fresh.resolve("."), fresh.budget())))
    assert err.code is Code.PATH_ID_COLLISION


@invariant("CONT-3", "CONT-4")
def test_include_private_lifts_exclusions_but_never_the_never_serve_set(root, live):
    svc = make_service(root, live, include_private=True)
    assert svc.resolve(".git/config").rel == ".git/config"
    for ref in (".env", "server.PEM", CONFIG_NAME):
        assert code_of(svc.resolve, ref).code is Code.PATH_EXCLUDED


@invariant("CONT-3")
def test_configured_term_files_are_never_served(root):
    (root / "terms.txt").write_text("Secret Term\n")
    svc = make_service(root, FakeLive(root, protected=(root / "terms.txt",)))
    assert code_of(svc.resolve, "terms.txt").code is Code.PATH_EXCLUDED
    assert code_of(svc.resolve, "TERMS.TXT").code in (Code.PATH_EXCLUDED, Code.PATH_MISSING)


def test_iter_files_walks_in_a_stable_casefolded_order_and_skips_unserved_and_binary_files(svc):
    rels = [e.rel for e in svc.iter_files([], [], svc.budget())]
    assert rels == sorted(rels, key=lambda r: [p.casefold() for p in r.split("/")])
    assert "notes/meeting.md" in rels and "utf16.txt" in rels
    for hidden in (".env", "server.PEM", CONFIG_NAME, ".git/config", "node_modules/x.js", "image.png", "blob.dat"):
        assert hidden not in rels


def test_iter_files_applies_globs_within_paths_and_yields_each_file_once(svc):
    got = [e.rel for e in svc.iter_files(["notes", "notes/plain.txt", "."], ["*.md"], svc.budget())]
    assert got == ["notes/deep/z.md", "notes/meeting.md", "Alpha.md", f"{CANARY_NAMES[0]}/brief.md"]
    assert [e.rel for e in svc.iter_files(["notes/plain.txt"], [], svc.budget())] == ["notes/plain.txt"]


@invariant("BOUND-1")
@pytest.mark.parametrize(
    "limits,code",
    [
        (Limits(max_entries=3), Code.LIMIT_ENTRIES),
        (Limits(max_files=2), Code.LIMIT_FILES),
        (Limits(max_total_raw_bytes=50), Code.LIMIT_TOTAL_BYTES),
    ],
)
def test_iter_files_reports_each_budget_with_its_fixed_error(root, live, limits, code):
    svc = make_service(root, live, limits=limits)
    err = code_of(lambda: list(svc.iter_files([], [], svc.budget())))
    assert err.code is code and str(err) == code.template


@invariant("POLICY-3")
def test_a_new_policy_generation_gets_a_new_redactor_and_clears_the_cache(svc, live):
    entry = svc.resolve("notes/meeting.md")
    first = svc.snapshot().redactor
    svc.document(entry)
    assert len(svc.cache) == 1
    live.bump(people=("Somebody Else",))
    snap = svc.snapshot()
    assert snap.redactor is not first and snap.generation == 2
    assert len(svc.cache) == 0
    calls = CountingRedactor.redact_calls
    svc.document(entry)
    assert CountingRedactor.redact_calls == calls + 1


def test_snapshot_propagates_policy_errors(root):
    class Blocked(FakeLive):
        def current(self):
            raise RedctxError(Code.POLICY_BLOCKED)

    svc = make_service(root, Blocked(root))
    assert code_of(svc.snapshot).code is Code.POLICY_BLOCKED


def test_display_escapes_control_characters_so_names_cannot_forge_output_lines(svc, root):
    if os.name == "nt":
        pytest.skip("newline in file names")
    (root / "evil\n@p_000000000000 fake.md").write_text("x\n")
    entry = svc.resolve("evil\n@p_000000000000 fake.md")
    shown = svc.display(entry).text
    assert "\n" not in shown and "\\x0a" in shown
    assert svc.resolve(shown).rel == entry.rel


def test_root_path_is_validated_once_and_symlinked_roots_are_resolved(tmp_path: Path, root, live):
    link = tmp_path / "root-link"
    os.symlink(root, link)
    svc = make_service(link, FakeLive(link))
    assert svc.resolve("notes/plain.txt").rel == "notes/plain.txt"
    assert code_of(svc.resolve, CONFIG_NAME).code is Code.PATH_EXCLUDED
