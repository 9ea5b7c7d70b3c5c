"""Path syntax containment, never-serve and exclusion matching, opaque ids and the id index."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources import paths
from redacted_context_mcp.sources.paths import Exclusions, NeverServe, PathIndex, normalize_ref, path_id
from tests.invariants import invariant

ATTACKS = [
    ("../etc/passwd", Code.OUTSIDE_ROOT),
    ("notes/../../x", Code.OUTSIDE_ROOT),
    ("notes/..", Code.OUTSIDE_ROOT),
    ("..", Code.OUTSIDE_ROOT),
    ("/etc/passwd", Code.OUTSIDE_ROOT),
    ("//server/share", Code.OUTSIDE_ROOT),
    ("\\\\server\\share", Code.OUTSIDE_ROOT),
    ("C:/Windows/win.ini", Code.OUTSIDE_ROOT),
    ("c:secret.txt", Code.OUTSIDE_ROOT),
    ("notes\\..\\..\\x", Code.UNSAFE_PATH),
    ("notes/a.md\x00.txt", Code.UNSAFE_PATH),
    ("\x00", Code.UNSAFE_PATH),
    ("notes/\ud800.md", Code.UNSAFE_PATH),
]


@invariant("CONT-1", "OUT-2")
@pytest.mark.parametrize("ref,code", ATTACKS)
def test_attack_paths_are_refused_with_a_fixed_message(ref, code):
    with pytest.raises(RedctxError) as info:
        normalize_ref(ref)
    assert info.value.code is code
    assert str(info.value) == code.template  # fixed message, never the path


@pytest.mark.parametrize(
    "ref,rel",
    [(".", "."), ("", "."), ("./", "."), ("notes", "notes"), ("./notes//a.md", "notes/a.md"),
     ("notes/", "notes"), ("notes/./a.md", "notes/a.md"), ("..name/x", "..name/x"), ("a..b", "a..b")],
)
def test_benign_paths_are_normalized(ref, rel):
    assert normalize_ref(ref) == rel


@invariant("VAULT-1", "DET-2")
def test_path_id_is_the_first_48_bits_of_the_salted_hmac_of_the_rel_path():
    key = b"salt"
    expected = "p_" + hmac.new(key, b"notes/a.md", hashlib.sha256).hexdigest()[:12]
    assert path_id(key, "notes/a.md") == expected
    assert path_id(key, ".") == "p_" + hmac.new(key, b".", hashlib.sha256).hexdigest()[:12]
    assert path_id(key, "Notes/a.md") != expected  # case kept
    assert path_id(b"other", "notes/a.md") != expected


@invariant("CONT-3")
@pytest.mark.parametrize(
    "name", [".env", ".ENV", ".env.local", ".Env.production", "server.pem", "server.PEM", "id.key",
             "ID.KEY", "site.crt", "Site.CRT"],
)
def test_secret_shaped_names_are_never_served_in_any_case(name):
    never = NeverServe(())
    assert never.blocks_name(name)
    assert never.blocks(f"deep/dir/{name}")
    assert never.blocks(f"{name}/inside.txt")


@pytest.mark.parametrize("name", ["environment.md", "env", "key.txt", "keys", "pem.md", "certs", "notes.crt.md"])
def test_similar_names_are_served(name):
    assert not NeverServe(()).blocks(name)


@invariant("CONT-3")
def test_protected_files_and_everything_under_a_protected_directory_are_blocked_case_insensitively():
    never = NeverServe([".agent-context-redactor.toml", "terms/private.txt", "rules"])
    assert never.blocks(".agent-context-redactor.toml")
    assert never.blocks(".Agent-Context-Redactor.TOML")
    assert never.blocks("terms/private.txt")
    assert never.blocks("rules/a/b.yaml")
    assert not never.blocks("terms/other.txt")
    assert not never.blocks(".")


@invariant("CONT-4")
@pytest.mark.parametrize("rel", [".git/config", "a/node_modules/x.js", "__pycache__/m.pyc", ".venv/lib",
                                 "x/.DS_Store", "pkg/.mypy_cache/a", "mod.pyc", "proj.egg-info/PKG-INFO"])
def test_default_exclusions_hide_vcs_virtualenvs_and_caches(rel):
    assert Exclusions().excludes(rel)


def test_policy_exclusions_match_dir_names_rel_dirs_and_globs():
    ex = Exclusions(exclude_dirs=["drafts", "archive/2019/"], exclude_globs=["*.log", "private/*"])
    assert ex.excludes("drafts/a.md")
    assert ex.excludes("x/Drafts/a.md")
    assert ex.excludes("archive/2019/a.md")
    assert not ex.excludes("archive/2020/a.md")
    assert ex.excludes("deep/run.LOG")
    assert ex.excludes("private/x/y.md")
    assert not ex.excludes("notes/a.md")


@invariant("BIJ-1")
def test_path_index_maps_ids_both_ways_and_fails_closed_on_collision(monkeypatch):
    index = PathIndex(b"k")
    pid = index.id_for("a.md")
    assert index.rel_for(pid) == "a.md" and index.id_for("a.md") == pid
    monkeypatch.setattr(paths, "path_id", lambda key, rel: "p_000000000000")
    index = PathIndex(b"k")
    index.id_for("a.md")
    with pytest.raises(RedctxError) as info:
        index.id_for("b.md")
    assert info.value.code is Code.PATH_ID_COLLISION
