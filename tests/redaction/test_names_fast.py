"""The name scan's memoised token facts and run walks answer like their plain formulations."""

from __future__ import annotations

import random
import re

import pytest

from redacted_context_mcp.redaction import names
from redacted_context_mcp.redaction.names import NameScanner, _is_code, _possessive
from redacted_context_mcp.redaction.wordlists import AMBIGUOUS_NAMES, Lexicon

TOKENS = ["The", "Project", "Avery", "Bob's", "ABC's", "ABC", "McDonald", "McDonald's", "DeShawn", "Hi", "Thanks",
          "Dear", "Mark", "Will", "Grace", "Deployed", "Meetings", "X", "A", "I", "Ab1", "Foo_bar", "FooBar", "O'Neil",
          "O’Brien", "Kai’s", "JSON", "Inc", "Ltd", "GmbH", "Group", "Labs", "Zorblat", "Quenby", "Ellory", "Regards",
          "It's", "Q4", "Dr", "Mr", "Van", "VanDyke", "Ss", "S'", "Mc", "MacArthur", "Élan", "Zoë", "Über", "Ünal"]


def _plain_boring(lex: Lexicon, run: str) -> bool:
    """The boring-run test as first written: every token is code, or generic and no ambiguous name; and
    (round 13) a title before a word that is generic only by its suffix (``Frau Huber``) is no boring run."""
    toks = run.split()
    if len(toks) > 1 and toks[0].lower().rstrip(".") in names._TITLES \
            and _possessive(toks[1]).lower() not in lex.words:
        return False
    for tok in toks:
        base = _possessive(tok)
        if tok in names._GREET_TITLE or not (_is_code(tok) or (
                lex.is_generic(base) and base.lower() not in AMBIGUOUS_NAMES)):
            return False
    return True


def _plain_kind(lex: Lexicon, tok: str) -> tuple[str, str]:
    base = _possessive(tok)
    if _is_code(base):
        return base, "code"
    if lex.is_generic(base) or len(base) == 1:
        return base, "generic"
    return base, "acronym" if base.isupper() else "name"


def _plain_multiword(words) -> tuple[int, int] | None:
    i = 0
    while i < len(words) and words[i][3] != "name":
        i += 1
    rest = []
    for w in words[i:]:
        if w[3] in ("code", "acronym"):
            break
        rest.append(w)
    if len(rest) < 2:
        return None
    j = max(k for k, w in enumerate(rest) if w[3] == "name")
    return rest[0][0], rest[max(j, 1)][1]


@pytest.mark.parametrize("seed", range(4))
def test_the_memoised_token_facts_answer_the_boring_and_kind_tests_of_random_runs(seed):
    rng = random.Random(seed)
    lex = Lexicon(("Quenby",))
    scanner = NameScanner(lex, True)
    for _ in range(400):
        run = rng.choice(" \t").join(rng.choice(TOKENS) for _ in range(rng.randint(1, 6)))
        assert scanner._boring(run) is _plain_boring(lex, run), run
        for tok in run.split():
            assert scanner._kind(tok)[:2] == _plain_kind(lex, tok), tok


@pytest.mark.parametrize("seed", range(4))
def test_the_run_tokens_and_the_proper_name_span_are_the_plain_ones(seed):
    rng = random.Random(seed)
    kinds = ("code", "acronym", "generic", "name")
    for _ in range(500):
        run = "".join(rng.choice(TOKENS) + rng.choice(" \t") for _ in range(rng.randint(1, 6)))[:-1]
        at, toks = 0, []
        for tok in run.split():
            toks.append((at, tok))
            at += len(tok) + 1
        assert toks == [(m.start(), m.group()) for m in re.finditer(r"[^ \t]+", run)]
        words = [(ts, ts + len(tok), tok, rng.choice(kinds)) for ts, tok in toks]
        heur: list = []
        NameScanner._multiword(None, words, heur)
        plain = _plain_multiword(words)
        assert [(h.start, h.end) for h in heur] == ([plain] if plain else [])
        assert all(h.category == "PERSON" and h.rule == "proper-name" and h.value is None for h in heur)


def _plain_generic(lex: Lexicon, w: str) -> bool:
    """The generic-word test with every suffix and prefix rule tried in table order."""
    from redacted_context_mcp.redaction.wordlists import _ADVERB_ENDS, _PREFIXES, _SUFFIXES, NAME_WORDS
    words, stems = lex.words, lex._stems
    if w in words:
        return True
    if w in NAME_WORDS or len(w) < 4:
        return False
    for suf, rep in _SUFFIXES:
        if w.endswith(suf) and len(w) - len(suf) >= 2:
            base = w[: len(w) - len(suf)] + rep
            if base in stems and base not in NAME_WORDS:
                return True
            if not rep and len(base) > 3 and base[-1] == base[-2] and base[:-1] in stems:
                return True
    if len(w) >= 9 and w.endswith(_ADVERB_ENDS):
        return True
    return any(w.startswith(pre) and len(w) - len(pre) >= 4 and w[len(pre):] in stems for pre in _PREFIXES)


def test_function_words_of_other_languages_are_words_but_not_stems():
    lex = Lexicon()
    assert lex.is_generic("ses") and lex.is_generic("dans")  # French: kept readable in strict
    assert not lex.is_generic("sess") and not lex.is_generic("danss")  # no inflection of them: "redisSess9x..."
    assert lex.is_generic("cats") and lex.is_generic("stopped")


@pytest.mark.parametrize("seed", range(3))
def test_the_generic_word_rules_by_last_and_first_character_answer_like_every_rule_in_order(seed):
    from redacted_context_mcp.redaction.wordlists import _PREFIXES, _SUFFIXES, BUILTIN_ALLOW
    rng = random.Random(seed)
    lex = Lexicon(("zorblat",))
    stems = sorted(BUILTIN_ALLOW)[seed::7] + ["zorblat", "avery", "quenby", "ship", "run", "stop", "ok"]
    for _ in range(3000):
        word = rng.choice(_PREFIXES) * rng.randint(0, 1) + rng.choice(stems)
        if rng.random() < 0.2:
            word = word[:-1]  # "stopp" + "ed": the doubled-consonant rule
            word += word[-1:]
        word += rng.choice(_SUFFIXES)[0] * rng.randint(0, 1)
        assert lex._compute(word) is _plain_generic(lex, word), word


def _plain_scan(scanner: NameScanner, text: str, low: str, claimed) -> tuple[list, list]:
    """The name scan's walk as first written: every run's claim found by bisection, its colon by a
    search, the speaker-lead and boring tests called for every run."""
    heur: list = []
    strict: list = []
    starts, ends = claimed.starts, claimed.ends
    done = set()
    for rs, re_, people_list in scanner.label_regions(text, low):
        for m in names._RUN.finditer(text, rs, re_):
            s, e = m.span()
            done.add(s)
            if not names._inside(starts, ends, s, e):
                scanner._run(text, low, text[s:e], s, e, True, heur, strict)
        if people_list:
            scanner._lower_names(text, rs, re_, starts, ends, heur)
    for m in names._RUN.finditer(text):
        s, e = m.span()
        if s in done or names._inside(starts, ends, s, e):
            continue
        colon = text.find(":", e)
        cue = 0 <= colon < e + 48 and NameScanner._speaker_lead(text, s) \
            and names._SPEAKER_SUFFIX.match(text, e) is not None
        if scanner._boring(text[s:e]) and not cue:
            continue
        scanner._run(text, low, text[s:e], s, e, cue, heur, strict)
    return heur, strict


SCAN_PIECES = ("\n", " ", " ", "  ", "\t", "*", "**", "- ", "[10:32] ", "[10:32]", "]", "# ", "(PM)", ":", ": ", ".",
               ", ", "(", "-1", "Attendees: ", "Hi ", "thanks ", "by ", "Avery", "Avery Example", "Bob", "The", "TODO",
               "Mark", "Acme Inc", "Project", "the", "notes", "Quenby", "DeShawn", "ABC", "x.Attr", "Kai’s")


@pytest.mark.parametrize("seed", range(60))
def test_the_name_scans_walk_finds_what_the_plain_walk_finds(seed):
    from redacted_context_mcp.redaction.spans import Claims, Hit
    from redacted_context_mcp.redaction.terms import ascii_classes, fold
    from redacted_context_mcp.redaction.textview import letter_words
    rng = random.Random(seed)
    pieces = lambda n: "".join(rng.choice(SCAN_PIECES) for _ in range(n))  # noqa: E731
    # lines shaped like speaker labels (a lead, a run, a colon) among random pieces
    leads = ("", "- ", "[10:32] ", "[10:32]", "**", "  * ", "# ", "x ", "|")
    text = "".join(rng.choice(("\n", "")) + pieces(rng.randint(0, 2)) + rng.choice(leads)
                   + rng.choice(("Bob", "The", "Avery Example", "TODO"))
                   + rng.choice(("", " ", " (PM)", "**")) + rng.choice((":", ": ", ":1", ""))
                   + pieces(rng.randint(0, 4))
                   for _ in range(rng.randint(1, 12)))
    low = fold(text)
    claims = Claims(text, lambda v: False)
    for _ in range(rng.randint(0, 4)):  # a few claimed spans, as earlier stages leave them
        s = rng.randrange(len(text) + 1)
        claims.add_stage([Hit(s, min(len(text), s + rng.randint(1, 14)), "PERSON", "term")])
    for strict in (True, False):
        lex = Lexicon(("Quenby",))
        got = NameScanner(lex, strict).scan(text, low, claims, ascii_classes(text), letter_words(low))
        assert got == _plain_scan(NameScanner(lex, strict), text, low, claims), text
