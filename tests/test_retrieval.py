"""Retrieval primitives: tokens, query terms, passages, term matching, ranking, packing."""

from __future__ import annotations

import pytest

from redacted_context_mcp import retrieval as rt
from redacted_context_mcp.errors import Code, RedctxError

HEX = "0123456789abcdef0123456789abcdef"
PH = f"[PERSON_{HEX}]"
ALIAS = f"[PERSON_{HEX}.deadbeef]"


def code_of(fn, *args) -> Code:
    with pytest.raises(RedctxError) as info:
        fn(*args)
    return info.value.code


def test_a_complete_placeholder_is_one_token_and_words_are_case_folded() -> None:
    assert rt.tokenize(f"Met {PH} and {ALIAS}, re: Budget_2024!") == [
        "met", PH.lower(), "and", ALIAS.lower(), "re", "budget_2024"]


def test_query_terms_drop_stop_words_and_duplicates_in_first_seen_order() -> None:
    assert rt.query_terms("The retention policy and THE Retention exceptions") == (
        "retention", "policy", "exceptions")


def test_a_placeholder_in_the_query_is_one_term() -> None:
    assert rt.query_terms(f"notes about {PH}") == ("notes", "about", PH.lower())


@pytest.mark.parametrize(
    "query,code",
    [
        ("", Code.RETRIEVE_TERMS),
        ("   ", Code.RETRIEVE_TERMS),
        ("the and of to", Code.RETRIEVE_TERMS),
        ("!!! ???", Code.RETRIEVE_TERMS),
        (" ".join(f"w{i}" for i in range(65)), Code.RETRIEVE_TERMS),
        ("x" * 2001, Code.RETRIEVE_QUERY_TOO_LONG),
        ("a " * 1000 + "zz", Code.RETRIEVE_QUERY_TOO_LONG),
    ],
)
def test_bad_retrieval_queries_fail_with_their_fixed_message(query: str, code: Code) -> None:
    assert code_of(rt.query_terms, query) is code


def test_query_term_bounds_are_inclusive() -> None:
    assert len(rt.query_terms(" ".join(f"w{i}" for i in range(64)))) == 64
    assert rt.query_terms("x" * 2000) == ("x" * 2000,)


@pytest.mark.parametrize(
    "max_results,max_chars,ok",
    [(1, 256, True), (50, 100_000, True), (8, 12_000, True), (0, 12_000, False), (51, 12_000, False),
     (8, 255, False), (8, 100_001, False), (-1, -1, False)],
)
def test_retrieval_bounds(max_results: int, max_chars: int, ok: bool) -> None:
    if ok:
        rt.check_bounds(max_results, max_chars)
    else:
        assert code_of(rt.check_bounds, max_results, max_chars) is Code.RETRIEVE_BOUNDS
    assert str(RedctxError(Code.RETRIEVE_BOUNDS)) == (
        "Retrieval requires max_results between 1 and 50 and max_chars between 256 and 100000.")


def _rows(p: rt.Passages) -> list[tuple[int, int]]:
    return list(zip(p.first_lines, p.last_lines))


def test_passages_hold_at_most_24_lines() -> None:
    text = "\n".join(f"line {i}" for i in range(1, 61))
    p = rt.split_passages(text)
    assert _rows(p) == [(1, 24), (25, 48), (49, 60)]
    assert text[p.starts[1]:p.ends[1]].splitlines() == [f"line {i}" for i in range(25, 49)]


def test_passages_hold_at_most_1600_characters() -> None:
    text = "\n".join(["x" * 399] * 10)  # 400 chars per line with its newline
    p = rt.split_passages(text)
    assert _rows(p) == [(1, 4), (5, 8), (9, 10)]
    assert all(e - s <= rt.PASSAGE_CHARS for s, e in zip(p.starts, p.ends))


def test_a_long_line_is_cut_at_spaces_and_never_inside_a_placeholder() -> None:
    line = (PH * 100)  # 4,200 characters without a space
    text = "intro\n" + line + "\noutro"
    p = rt.split_passages(text)
    pieces = [text[s:e] for s, e in zip(p.starts, p.ends)]
    assert _rows(p)[0] == (1, 1) and _rows(p)[-1] == (3, 3)
    middle = pieces[1:-1]
    assert "".join(middle) == line
    assert all(len(x) <= rt.PASSAGE_CHARS and x.startswith("[") and x.endswith("]") for x in middle)
    words = " ".join(["word"] * 1000)
    q = rt.split_passages(words)
    assert all(not text.startswith(" ") for text in (words[s:e] for s, e in zip(q.starts, q.ends)))
    assert sum(q.lengths) == 1000


def test_passage_lengths_count_tokens() -> None:
    p = rt.split_passages(f"alpha beta {PH}\ngamma")
    assert list(p.lengths) == [4]


def test_term_positions_match_whole_words_only() -> None:
    folded = rt.fold("Backup, backups, pre-backup and BACKUP_2 backup")
    assert [folded[i:i + 6] for i in rt.term_positions(folded, "backup")] == ["backup"] * 3


def test_word_runs_inside_a_placeholder_are_not_words() -> None:
    folded = rt.fold(f"{ALIAS} deadbeef person_{HEX}")
    assert list(rt.term_positions(folded, "deadbeef")) == [len(ALIAS) + 1]
    assert list(rt.term_positions(folded, f"person_{HEX}")) == [len(ALIAS) + 10]
    assert list(rt.term_positions(folded, "person")) == []


def test_a_placeholder_term_matches_only_itself_not_its_alias_forms() -> None:
    folded = rt.fold(f"{PH} {ALIAS} x{PH}y")
    assert list(rt.term_positions(folded, PH.lower())) == [0, len(PH) + len(ALIAS) + 3]


def _rank(docs: list[str], query: str) -> list[tuple[int, int, int]]:
    scorer = rt.Scorer(rt.query_terms(query))
    for i, text in enumerate(docs):
        scorer.add(i, rt.fold(text), rt.split_passages(text))
    return [(h.doc, h.passage, h.distinct) for h in scorer.ranked()]


def test_passages_with_more_distinct_terms_rank_first_then_bm25() -> None:
    docs = [
        "backup backup backup backup backup backup",     # one term, many times
        "database backup",                               # two terms
        "unrelated text",
        "backup recovery database plan",                 # three terms
        "backup once in a much longer line with plenty of other words around it",
        "backup backup",
    ]
    order = _rank(docs, "database backup recovery")
    assert [d for d, _, _ in order] == [3, 1, 0, 5, 4]
    assert [n for _, _, n in order] == [3, 2, 1, 1, 1]


def test_ranking_ties_keep_scope_order() -> None:
    assert [d for d, _, _ in _rank(["alpha x", "alpha x", "alpha x"], "alpha")] == [0, 1, 2]


def test_the_passage_cap_fails_the_whole_call() -> None:
    scorer = rt.Scorer(("x",), max_passages=2)
    scorer.add(0, "x", rt.split_passages("x"))
    scorer.add(1, "y", rt.split_passages("y"))
    with pytest.raises(RedctxError) as info:
        scorer.add(2, "x", rt.split_passages("x"))
    assert info.value.code is Code.RETRIEVE_PASSAGES


def test_header_format() -> None:
    assert rt.header("@p_0123456789ab", "notes/a.md", 3, 9, 1.23456) == (
        "--- @p_0123456789ab notes/a.md lines 3-9 score=1.235 ---")


def test_pack_skips_blocks_that_do_not_fit_and_reserves_room_for_the_note() -> None:
    sizes = [300, 100, 100, 100]
    chosen, truncated = rt.pack(len(sizes), sizes.__getitem__, 8, 256)
    assert chosen == [1] and truncated
    assert 100 + len(rt.TRUNCATED_NOTE) + 1 <= 256
    assert rt.pack(len(sizes), sizes.__getitem__, 8, 1000) == ([0, 1, 2, 3], False)
    assert rt.pack(len(sizes), sizes.__getitem__, 2, 1000) == ([0, 1], True)
    assert rt.pack(1, [5000].__getitem__, 8, 1000) == ([], True)
