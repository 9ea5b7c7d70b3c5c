"""The per-run keyword memory answers exactly like searching the letter-run view for every keyword."""

from __future__ import annotations

import random
import threading

import pytest

from redacted_context_mcp.redaction import runhits
from redacted_context_mcp.redaction.runhits import RunHits
from redacted_context_mcp.redaction.textview import letter_words

KEYWORDS = ("pass", "passw", "password", "pw", "token", "oken", "key", "keys", "secret", "cred", "auth", "clé",
            "contraseña", "ss", "sasl")


def _brute(keywords, low: str) -> set[str]:
    joined = letter_words(low).joined
    return {k for k in keywords if k in joined}


def _texts(seed: int, n: int = 300) -> list[str]:
    rng = random.Random(seed)
    alphabet = "pasworktenyscrduhlé ñ_-.=:0"
    pieces = list(KEYWORDS) + ["the", "api", "x", "db", "ADMIN", "Password", "Clé"]
    out = []
    for _ in range(n):
        parts = [rng.choice(pieces) if rng.random() < 0.4 else "".join(rng.choices(alphabet, k=rng.randint(1, 9)))
                 for _ in range(rng.randint(0, 12))]
        out.append("".join(p + rng.choice(("", " ", "_", ".", "-", "\n")) for p in parts).lower())
    return out


@pytest.mark.parametrize("seed", range(4))
def test_the_keywords_found_from_the_runs_are_those_a_search_of_the_letter_view_finds(seed):
    hits = RunHits(KEYWORDS)
    for low in _texts(seed) * 2:  # the second time every run is remembered
        assert hits.present(letter_words(low).set) == _brute(KEYWORDS, low), low


def test_the_answers_stay_right_when_the_memory_starts_over(monkeypatch):
    monkeypatch.setattr(runhits, "MAX_RUNS", 7)
    hits = RunHits(KEYWORDS)
    for low in _texts(9):
        assert hits.present(letter_words(low).set) == _brute(KEYWORDS, low), low
    assert len(hits._state[0]) <= 7 + 12


def test_a_long_run_is_answered_every_time_but_not_remembered():
    hits = RunHits(KEYWORDS)
    long = "zz" * 40 + "password" + "zz" * 40
    assert hits.present({long}) == {"pass", "passw", "password", "ss"}
    assert long not in hits._state[0]
    assert hits.present({long, "token"}) == {"pass", "passw", "password", "ss", "token", "oken"}


def test_threads_racing_resets_never_miss_a_keyword(monkeypatch):
    monkeypatch.setattr(runhits, "MAX_RUNS", 40)
    hits = RunHits(KEYWORDS)
    texts = _texts(3, 200)
    expected = [_brute(KEYWORDS, low) for low in texts]
    views = [letter_words(low).set for low in texts]
    wrong: list[int] = []

    def work(offset: int) -> None:
        for _ in range(5):
            for i in range(len(views)):
                j = (i + offset) % len(views)
                if hits.present(views[j]) != expected[j]:
                    wrong.append(j)

    threads = [threading.Thread(target=work, args=(k * 37,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong


@pytest.mark.parametrize("bad", ["p", "two words", "a_b", "Upper", "with1digit", ""])
def test_a_keyword_that_is_not_one_lower_case_letter_run_is_refused(bad):
    with pytest.raises(ValueError):
        RunHits(("token", bad))
