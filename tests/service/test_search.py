"""redctx_search and redctx_retrieve through the service: formats, semantics, budgets, the index."""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from pathlib import Path

import pytest
from svc_helpers import SALT, FakeLive

from redacted_context_mcp import retrieval
from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.service.context import Service, Settings
from redacted_context_mcp.service.search import retrieve, search

PERSON_HEX = ph.entity_hex(SALT, "PERSON", "Avery Example")
PERSON = f"[PERSON_{PERSON_HEX}]"
ALIAS = f"[PERSON_{PERSON_HEX}.{ph.form_suffix(SALT, 'Avery')}]"
KEY_LINE = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"
SECRET_RE = re.compile(r"-----BEGIN TEST KEY-----.*?-----END TEST KEY-----", re.S)


class StubRedactor:
    """A tiny deterministic redactor: one person with an alias, and a multi-line key block.

    Like the real engine, line breaks inside a redacted value stay after its placeholder.
    """

    calls = 0

    def __init__(self, policy: Policy, salt: bytes) -> None:
        self.policy = policy
        self.profile = policy.detector_profile
        self.fingerprint = hashlib.sha256(salt + policy.fingerprint_material.encode()).hexdigest()[:16]
        self.person = ph.derive(salt, "PERSON", "Avery Example") if not policy.people else \
            ph.derive(salt, "PERSON", policy.people[0])
        self.alias = self.person[:-1] + "." + ph.form_suffix(salt, "Avery") + "]"
        self.secret = ph.derive(salt, "SECRET", "key")

    def redact(self, text: str, check=None, kind=None) -> Redaction:
        type(self).calls += 1  # file content only: paths go through _apply directly
        return self._apply(text)

    def _apply(self, text: str) -> Redaction:
        counts: Counter[str] = Counter()

        def key(m: re.Match[str]) -> str:
            counts["SECRET"] += 1
            return self.secret + "\n" * m.group(0).count("\n")

        text = SECRET_RE.sub(key, text)
        n = text.count("Avery Example")
        text = text.replace("Avery Example", self.person)
        m = len(re.findall(r"\bAvery\b", text))
        text = re.sub(r"\bAvery\b", self.alias, text)
        if n + m:
            counts["PERSON"] += n + m
        marks = sorted((mm.start(), cat) for cat, ph_ in (("PERSON", self.person), ("PERSON", self.alias),
                                                             ("SECRET", self.secret))
                       for mm in re.finditer(re.escape(ph_), text))
        return Redaction(text, dict(counts), [o for o, _ in marks], [c for _, c in marks])

    def redact_path(self, rel: str) -> Redaction:
        parts = [self._apply(p) for p in rel.split("/")]
        total: Counter[str] = Counter()
        for p in parts:
            total.update(p.counts)
        return Redaction("/".join(p.text for p in parts), dict(total))


FILES = {
    "notes/meeting.md": (
        "# Meeting\nAttendee: Avery Example\nAction items follow.\nAvery will send the plan.\nEnd.\n"
    ),
    "notes/deep/ops.md": "Backup policy\nDatabase backup runs nightly.\nRecovery drills quarterly.\n",
    "code/app.py": "def f():\n    key = '''-----BEGIN TEST KEY-----\n" + KEY_LINE + "\n" + KEY_LINE[::-1]
    + "\n-----END TEST KEY-----'''\n    return key  # after the key\n",
    "Avery Example/brief.txt": "brief mentions nothing\n",
    "empty.txt": "",
}


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def make(root: Path, live: FakeLive | None = None, **limits) -> Service:
    StubRedactor.calls = 0
    return Service(Settings(root=root, limits=Limits(**limits)), live or FakeLive(root),
                   redactor_factory=StubRedactor)


@pytest.fixture
def svc(kb: Path) -> Service:
    return make(kb)


def lines_of(svc: Service, **args) -> list[str]:
    result = search(svc, args)
    assert not result.is_error
    return result.text.split("\n")


def ref(svc: Service, rel: str) -> str:
    return svc.resolve(rel).ref


def error(fn, svc: Service, **args) -> RedctxError:
    with pytest.raises(RedctxError) as info:
        fn(svc, args)
    return info.value


# -- search: format and matching ------------------------------------------------------------
def test_a_literal_match_prints_id_line_redacted_path_and_redacted_text(svc: Service) -> None:
    expected = f"{ref(svc, 'notes/meeting.md')}:3:notes/meeting.md:Action items follow."
    assert lines_of(svc, query="action items") == [expected]


def test_matching_is_case_insensitive_by_default_and_case_sensitive_on_request(svc: Service) -> None:
    assert len(lines_of(svc, query="ACTION")) == 1
    assert search(svc, {"query": "ACTION", "ignore_case": False}).text == "No matches."


def test_no_matches_is_not_an_error_but_exits_1_on_the_cli(svc: Service) -> None:
    result = search(svc, {"query": "zebra"})
    assert (result.text, result.is_error, result.exit_status) == ("No matches.", False, 1)


@pytest.mark.parametrize(
    "raw", ["Avery Example", "Avery", "avery", KEY_LINE, KEY_LINE[:12], "BEGIN TEST KEY"]
)
def test_raw_values_never_match(svc: Service, raw: str) -> None:
    assert search(svc, {"query": raw}).text == "No matches."
    assert search(svc, {"query": re.escape(raw), "regex": True}).text == "No matches."


def test_paths_in_output_are_redacted(svc: Service) -> None:
    out = lines_of(svc, query="brief mentions")
    assert out == [f"{ref(svc, 'Avery Example/brief.txt')}:1:{PERSON}/brief.txt:brief mentions nothing"]


def test_a_copied_placeholder_finds_its_mentions_and_prefix_or_hex_finds_alias_forms(svc: Service) -> None:
    exact = lines_of(svc, query=PERSON)
    assert exact == [f"{ref(svc, 'notes/meeting.md')}:2:notes/meeting.md:Attendee: {PERSON}"]
    prefix = lines_of(svc, query=f"[PERSON_{PERSON_HEX}")
    bare = lines_of(svc, query=PERSON_HEX)
    alias_line = f"{ref(svc, 'notes/meeting.md')}:4:notes/meeting.md:{ALIAS} will send the plan."
    assert prefix == bare == exact + [alias_line]
    assert search(svc, {"query": PERSON_HEX}).counts == {"PERSON": 2}


def test_a_multi_line_secret_is_redacted_before_lines_are_split(svc: Service) -> None:
    out = lines_of(svc, query="key", ignore_case=False)
    app = ref(svc, "code/app.py")
    secret = ph.derive(SALT, "SECRET", "key")
    assert out == [f"{app}:2:code/app.py:    key = '''{secret}",
                   f"{app}:6:code/app.py:    return key  # after the key"]
    assert lines_of(svc, query="after the key")[0].startswith(f"{app}:6:")


def test_context_lines_use_a_dash_after_the_id_and_windows_merge(svc: Service) -> None:
    r = ref(svc, "notes/meeting.md")
    assert lines_of(svc, query="action", context=1, paths=["notes/meeting.md"]) == [
        f"{r}-2:notes/meeting.md:Attendee: {PERSON}",
        f"{r}:3:notes/meeting.md:Action items follow.",
        f"{r}-4:notes/meeting.md:{ALIAS} will send the plan.",
    ]
    merged = lines_of(svc, query="e", context=5, paths=["notes/meeting.md"], ignore_case=False)
    assert [re.match(r"@p_[0-9a-f]{12}([:-]\d+):", x)[1] for x in merged] == [":1", ":2", ":3", ":4", "-5"]


def test_context_lines_count_toward_max_results_and_truncation_is_marked(svc: Service) -> None:
    out = lines_of(svc, query="action", context=2, max_results=3, paths=["notes/meeting.md"])
    assert len(out) == 4 and out[-1] == "[TRUNCATED]"
    assert lines_of(svc, query="e", max_results=2)[-1] == "[TRUNCATED]"
    exact = lines_of(svc, query="action", context=1, max_results=3, paths=["notes/meeting.md"])
    assert len(exact) == 3 and "[TRUNCATED]" not in exact


def test_paths_and_globs_narrow_the_scope(svc: Service) -> None:
    assert [x.split(":")[2] for x in lines_of(svc, query="backup")] == ["notes/deep/ops.md"] * 2
    assert search(svc, {"query": "backup", "glob": ["*.py"]}).text == "No matches."
    assert len(lines_of(svc, query="backup", glob=["*.md"])) == 2  # * crosses /
    assert search(svc, {"query": "backup", "paths": ["code"]}).text == "No matches."
    by_id = lines_of(svc, query="backup", paths=[ref(svc, "notes/deep/ops.md")])
    assert len(by_id) == 2


def test_a_path_outside_the_root_is_refused(svc: Service) -> None:
    assert error(search, svc, query="x", paths=["../elsewhere"]).code is Code.OUTSIDE_ROOT


def test_an_empty_file_has_no_lines_to_match(svc: Service) -> None:
    assert all("empty.txt" not in x for x in lines_of(svc, query="", max_results=100))


# -- regex -----------------------------------------------------------------------------------
def test_regex_search_matches_per_line_of_redacted_text(svc: Service) -> None:
    out = lines_of(svc, query=r"^(backup|recovery) \w+", regex=True)
    assert [x.split(":")[1] for x in out] == ["1", "3"]
    alias = lines_of(svc, query=r"\[PERSON_[0-9a-f]{32}\.[0-9a-f]{8}\]", regex=True)
    assert len(alias) == 1 and alias[0].endswith("will send the plan.")


@pytest.mark.parametrize("pattern,code", [("(", Code.INVALID_REGEX), ("(a+)+$", Code.UNSAFE_REGEX)])
def test_bad_regexes_fail_before_any_file_is_read(kb: Path, pattern: str, code: Code) -> None:
    svc = make(kb)
    assert error(search, svc, query=pattern, regex=True).code is code
    assert StubRedactor.calls == 0


def test_a_regex_past_the_deadline_fails_and_the_next_search_works(kb: Path) -> None:
    (kb / "slow.txt").write_text("a" * 3000 + "\n", encoding="utf-8")
    svc = make(kb, max_seconds=0.5)
    assert error(search, svc, query=r"(.*a){7}b", regex=True).code is Code.LIMIT_DEADLINE
    assert len(lines_of(svc, query="a{3000}", regex=True)) == 1


# -- argument errors ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args,code",
    [
        ({}, Code.MISSING_ARGS),
        ({"query": 3}, Code.BAD_TYPE),
        ({"query": "x", "context": -1}, Code.TOO_SMALL),
        ({"query": "x", "max_results": 0}, Code.TOO_SMALL),
        ({"query": "x", "paths": "notes"}, Code.BAD_TYPE),
        ({"query": "x", "regex": "yes"}, Code.BAD_TYPE),
    ],
)
def test_bad_search_arguments(svc: Service, args: dict, code: Code) -> None:
    assert error(search, svc, **args).code is code


# -- retrieve -------------------------------------------------------------------------------
HEADER = re.compile(r"--- (@p_[0-9a-f]{12}) (\S+) lines (\d+)-(\d+) score=(\d+\.\d{3}) ---")


def blocks(text: str) -> list[tuple[str, str, int, int]]:
    return [(m[1], m[2], int(m[3]), int(m[4])) for m in HEADER.finditer(text)]


def test_retrieve_returns_passages_under_headers_best_first(svc: Service) -> None:
    result = retrieve(svc, {"query": "database backup recovery"})
    found = blocks(result.text)
    assert found[0] == (ref(svc, "notes/deep/ops.md"), "notes/deep/ops.md", 1, 3)
    assert result.text.startswith(f"--- {found[0][0]} notes/deep/ops.md lines 1-3 score=")
    assert "---\nBackup policy\nDatabase backup runs nightly.\nRecovery drills quarterly.\n\n" in result.text


def test_retrieve_ranks_distinct_terms_before_bm25(tmp_path: Path) -> None:
    root = tmp_path / "r"
    root.mkdir()
    (root / "a.md").write_text("backup " * 30 + "\n", encoding="utf-8")
    (root / "b.md").write_text("backup database\n", encoding="utf-8")
    (root / "c.md").write_text("backup database recovery\n" + "filler line\n" * 30, encoding="utf-8")
    svc = make(root)
    order = [b[1] for b in blocks(retrieve(svc, {"query": "backup database recovery"}).text)]
    assert order == ["c.md", "b.md", "a.md"]


def test_a_placeholder_query_term_finds_only_that_exact_placeholder(svc: Service) -> None:
    text = retrieve(svc, {"query": PERSON}).text
    assert [b[1] for b in blocks(text)] == ["notes/meeting.md"]


def test_retrieve_limits_results_and_marks_truncation(svc: Service) -> None:
    text = retrieve(svc, {"query": "backup meeting brief", "max_results": 1}).text
    assert len(blocks(text)) == 1 and text.endswith(retrieval.TRUNCATED_NOTE)


def test_retrieve_respects_max_chars_with_complete_passages_only(tmp_path: Path) -> None:
    root = tmp_path / "r"
    root.mkdir()
    (root / "big.md").write_text(("backup " * 20 + "\n") * 10, encoding="utf-8")
    (root / "small.md").write_text("backup\n", encoding="utf-8")
    svc = make(root)
    text = retrieve(svc, {"query": "backup", "max_chars": 256}).text
    assert len(text) <= 256 and [b[1] for b in blocks(text)] == ["small.md"]
    assert text.endswith(retrieval.TRUNCATED_NOTE)
    (root / "small.md").unlink()
    assert error(retrieve, make(root), query="backup", max_chars=256).code is Code.RETRIEVE_TOO_SMALL


def test_retrieve_with_no_matching_passage_says_no_matches(svc: Service) -> None:
    result = retrieve(svc, {"query": "zebra giraffe"})
    assert (result.text, result.is_error) == ("No matches.", False)


@pytest.mark.parametrize(
    "args,code",
    [
        ({"query": ""}, Code.RETRIEVE_TERMS),
        ({"query": "the and of"}, Code.RETRIEVE_TERMS),
        ({"query": " ".join(f"t{i}" for i in range(65))}, Code.RETRIEVE_TERMS),
        ({"query": "x" * 2001}, Code.RETRIEVE_QUERY_TOO_LONG),
        ({"query": "backup", "max_results": 0}, Code.RETRIEVE_BOUNDS),
        ({"query": "backup", "max_results": 51}, Code.RETRIEVE_BOUNDS),
        ({"query": "backup", "max_chars": 255}, Code.RETRIEVE_BOUNDS),
        ({"query": "backup", "max_chars": 100_001}, Code.RETRIEVE_BOUNDS),
        ({"query": "backup", "max_chars": -5}, Code.RETRIEVE_BOUNDS),
        ({"query": "backup", "paths": ["/etc"]}, Code.OUTSIDE_ROOT),
        ({}, Code.MISSING_ARGS),
    ],
)
def test_bad_retrieve_arguments(svc: Service, args: dict, code: Code) -> None:
    assert error(retrieve, svc, **args).code is code


def test_scan_limits_fail_retrieval_instead_of_ranking_part_of_the_scope(
        kb: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert error(retrieve, make(kb, max_retrieve_passages=2), query="backup").code is Code.RETRIEVE_PASSAGES
    assert error(retrieve, make(kb, max_retrieve_files=2), query="backup").code is Code.LIMIT_FILES
    assert error(retrieve, make(kb, max_scan_raw_bytes=50), query="backup").code is Code.LIMIT_TOTAL_BYTES


# -- the document cache -----------------------------------------------------------------------
def test_repeated_calls_do_not_reread_or_reredact_unchanged_files(svc: Service) -> None:
    search(svc, {"query": "backup"})
    retrieve(svc, {"query": "backup"})
    calls, builds = StubRedactor.calls, svc.cache.builds
    passages = [d.passages for d in svc.cache.documents()]
    for _ in range(3):
        search(svc, {"query": "backup"})
        search(svc, {"query": "b.c", "regex": True})
        retrieve(svc, {"query": "backup"})
    assert (StubRedactor.calls, svc.cache.builds) == (calls, builds)
    assert all(a is b for a, b in zip(passages, [d.passages for d in svc.cache.documents()]))


def test_the_folded_view_is_computed_once_per_document(svc: Service) -> None:
    search(svc, {"query": "BACKUP", "ignore_case": True})
    folded = {d.ref: d.folded for d in svc.cache.documents()}
    search(svc, {"query": "zebra", "ignore_case": True})
    assert all(d.folded is folded[d.ref] for d in svc.cache.documents())


def test_a_cold_literal_search_stops_redacting_once_it_has_enough_lines(svc: Service) -> None:
    first = lines_of(svc, query="e", max_results=1, ignore_case=True)
    assert first[-1] == "[TRUNCATED]" and svc.cache.builds < len(FILES)
    whole = lines_of(svc, query="e", max_results=10_000, ignore_case=True)
    assert whole[0] == first[0] and svc.cache.builds == len(FILES)


def test_a_changed_file_is_reindexed_alone(kb: Path, svc: Service) -> None:
    search(svc, {"query": "backup"})
    builds = svc.cache.builds
    target = kb / "notes/deep/ops.md"
    st = target.stat()
    target.write_text("Backup policy\nZebra crossing backup\n", encoding="utf-8")
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    assert lines_of(svc, query="zebra")[0].endswith(":2:notes/deep/ops.md:Zebra crossing backup")
    assert svc.cache.builds == builds + 1
    assert "Zebra crossing" in retrieve(svc, {"query": "zebra"}).text


def test_a_policy_generation_change_drops_the_whole_index(kb: Path) -> None:
    live = FakeLive(kb)
    svc = make(kb, live)
    before = lines_of(svc, query="attendee")
    builds = svc.cache.builds
    live.bump(people=("Avery Example",), detector_profile="default")
    after = lines_of(svc, query="attendee")
    assert svc.cache.builds == builds + len(FILES)
    assert after == before  # same content and salt: same output, but rebuilt under the new generation
    assert len(svc.cache) == len(FILES)
    assert {d.generation for d in svc.cache.documents()} == {2}


def test_ignore_case_search_folds_like_redaction_does(kb: Path, svc: Service) -> None:
    (kb / "notes/travel.md").write_text("Flight to İSTANBUL on Monday\nthe ſtrange Kelvin\n", encoding="utf-8")
    hit = lines_of(svc, query="istanbul", ignore_case=True)[0]
    assert hit.endswith(":1:notes/travel.md:Flight to İSTANBUL on Monday")
    assert lines_of(svc, query="İstanbul", ignore_case=True) == lines_of(svc, query="ISTANBUL", ignore_case=True)
    assert lines_of(svc, query="strange kelvin", ignore_case=True)[0].endswith(":2:notes/travel.md:the ſtrange Kelvin")
    assert search(svc, {"query": "istanbul", "ignore_case": False}).text == "No matches."
