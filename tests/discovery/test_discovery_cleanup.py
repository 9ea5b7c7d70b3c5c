"""Every cleanup rule of the spec, table-driven over one answer value at a time."""

from __future__ import annotations

import pytest

from redacted_context_mcp.discovery.cleanup import clean_answer
from redacted_context_mcp.discovery.client import DiscoveryError
from redacted_context_mcp.redaction.wordlists import Lexicon

TEXT = (
    "Kick-off with Alice Quillmere (CIO) and Bran Tolliver, CTO, from Zorblax Holdings for the Bluefin rollout.\n"
    "Alice said the scikit-learn model in notes-2026.md and JIRA-4521 need work in Germany.\n"
    "The project manager owns Next Steps. We use fastjsonkit and Docker on the Meeting 42 board.\n"
)

# (list, model value, expected list or None for dropped, expected value, counted reason)
CASES = [
    ("terms", "Bluefin", "terms", "Bluefin", None),
    ("terms", "bluefin", "terms", "Bluefin", None),  # case-insensitive match keeps the file's casing
    ("terms", "Nightjar", None, None, "not_in_file"),
    ("people", "Alice Quillmere (CIO)", "people", "Alice Quillmere", None),  # role note stripped
    ("people", "Bran Tolliver, CTO", "people", "Bran Tolliver", None),
    ("people", "Alice", None, None, "lone_first_name"),
    ("organizations", "Zorblax Holdings", "organizations", "Zorblax Holdings", None),
    ("terms", "notes-2026.md", None, None, "filename"),
    ("terms", "JIRA-4521", None, None, "ticket_id"),
    ("terms", "Meeting 42", None, None, "ticket_id"),
    ("organizations", "Germany", None, None, "country"),
    ("people", "project manager", None, None, "job_title"),
    ("terms", "CIO", None, None, "job_title"),
    ("terms", "Next Steps", None, None, "process_label"),
    ("terms", "Kick-off", None, None, "process_label"),
    ("terms", "Docker", None, None, "already_allowed"),
    ("terms", "need work", None, None, "already_allowed"),
    ("terms", "scikit-learn", "allow", "scikit-learn", "moved_to_allow"),
    ("organizations", "fastjsonkit", "terms_or_allow", None, None),
    ("clients", "Zorblax Holdings", "clients", "Zorblax Holdings", None),  # the category is kept
]


def _where(res, value):
    for key, values in res.lists.items():
        if value in values:
            return key
    return "allow" if value in res.allow else None


@pytest.mark.parametrize("key,value,want_list,want_value,reason", CASES, ids=[c[1] for c in CASES])
def test_each_cleanup_rule(key, value, want_list, want_value, reason):
    res = clean_answer({key: [value]}, TEXT, lexicon=Lexicon())
    if want_list == "terms_or_allow":  # a bare package-like word is not moved unless it has a package shape
        assert _where(res, "fastjsonkit") == "organizations"
        return
    if want_list is None:
        assert not any(res.lists.values()) and not res.allow
    else:
        assert _where(res, want_value) == want_list
    if reason:
        assert res.counts.get(reason) == 1


def test_a_value_is_never_moved_between_clients_organizations_people_and_terms():
    answer = {"clients": ["Bluefin"], "people": ["Zorblax Holdings"]}
    res = clean_answer(answer, TEXT, lexicon=Lexicon())
    assert res.lists["clients"] == ["Bluefin"] and res.lists["people"] == ["Zorblax Holdings"]


def test_detector_values_are_never_moved_to_allow():
    res = clean_answer({"terms": ["scikit-learn"]}, TEXT, lexicon=Lexicon(), from_detector=True)
    assert res.lists["terms"] == ["scikit-learn"] and res.allow == []


def test_config_allow_words_are_omitted():
    res = clean_answer({"terms": ["Bluefin"]}, TEXT, lexicon=Lexicon(("bluefin",)))
    assert res.lists["terms"] == [] and res.counts["already_allowed"] == 1


def test_raw_discovery_keeps_categories_with_basic_dedupe_only():
    answer = {"people": ["Alice", "alice", "Alice Quillmere (CIO)"], "terms": ["Germany", "JIRA-4521", "Absent"]}
    res = clean_answer(answer, TEXT, lexicon=Lexicon(), raw=True)
    assert res.lists["people"] == ["Alice", "Alice Quillmere (CIO)"]  # no role-note stripping, no first-name rule
    assert res.lists["terms"] == ["Germany", "JIRA-4521"]
    assert res.counts["not_in_file"] == 1


def test_duplicates_across_case_and_spacing_are_dropped():
    res = clean_answer({"terms": ["Bluefin", "BLUEFIN", " bluefin "]}, TEXT, lexicon=Lexicon())
    assert res.lists["terms"] == ["Bluefin"]


def test_reserved_placeholder_words_never_become_terms():
    res = clean_answer({"terms": ["person"]}, "a person here", lexicon=Lexicon(), raw=True)
    assert res.lists["terms"] == []


@pytest.mark.parametrize(
    "answer",
    [{"terms": "Bluefin"}, {"people": [1, 2]}, {"aliases": "x"}, {"clients": {"a": 1}}],
)
def test_an_answer_of_the_wrong_shape_is_refused(answer):
    with pytest.raises(DiscoveryError) as info:
        clean_answer(answer, TEXT, lexicon=Lexicon())
    assert info.value.kind == "bad_shape"


def test_model_alias_suggestions_must_occur_as_whole_words():
    answer = {"people": ["Alice Quillmere"], "aliases": {"Alice Quillmere": ["Alice", "Quill", "Nobody"]}}
    res = clean_answer(answer, TEXT, lexicon=Lexicon())
    assert res.aliases == {"Alice Quillmere": ["Alice"]}
    assert res.counts["alias_proposal_dropped"] == 2
