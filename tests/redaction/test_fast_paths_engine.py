"""The engine's own fast paths (placeholder derivation, render, per-text gates, small-stage checks) answer
exactly like their plain formulations."""

from __future__ import annotations

import hashlib
import hmac
import random
import re

import pytest
from redaction_helpers import make

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction import contact, engine, phones
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.redaction.textview import letter_words

_WS_RUN = re.compile(r"[ \t\r\n]+")


def _plain_normalize(value: str) -> str:
    return _WS_RUN.sub(" ", value.strip()).casefold()


@pytest.mark.parametrize("seed", range(4))
def test_the_normalized_value_is_the_plain_strip_collapse_and_fold(seed):
    rng = random.Random(seed)
    alphabet = "ab AZ\t\n\r\u00a0\u2003\x0b\x0c\x1c\u0130ßé.-_"
    for _ in range(4000):
        value = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        assert ph.normalize(value) == _plain_normalize(value), repr(value)


def test_an_entity_id_is_the_hmac_of_its_category_and_value_for_every_category_and_repeat():
    salt = b"fast-path-salt"
    keyed = ph.Keyed(salt)
    for category in sorted(ph.CATEGORIES) * 2:  # the second round reuses each category's hashed prefix
        for norm in ("", "avery example", "zoë", "a" * 200):
            want = hmac.new(salt, f"{category}:{norm}".encode(), hashlib.sha256).hexdigest()[:32]
            assert keyed.entity_hex(category, norm) == want


def test_a_rendered_second_value_for_one_placeholder_fails_closed(monkeypatch):
    red = make(people=("Avery Example", "Blake Sample"))
    monkeypatch.setattr(engine.ph.Keyed, "entity_hex", lambda self, cat, norm: "0" * 32)
    red.redact("Avery Example wrote.")
    with pytest.raises(RedctxError) as err:
        red.redact("Blake Sample wrote.")
    assert err.value.code is Code.PLACEHOLDER_COLLISION


def test_render_memoizes_what_placeholder_derives():
    red = make(people=("Avery Example",))
    out = red.redact("Avery Example and avery example, twice.")
    p = red.placeholder("PERSON", "Avery Example")
    assert out.text == f"{p} and {p}, twice."
    assert red.owner_count == 1


# -- phones -----------------------------------------------------------------------------------------

_DATE_LIKE = re.compile(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}|\d{4}[-./]\d{1,2}")
_US = re.compile(r"\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}")
_GROUPS = re.compile(r"[ ().\-]+")


def _plain_verdict(cand: str, cued: bool) -> int:
    shift = 0
    if cand.startswith("(") and ")" not in cand:
        cand, shift = cand[1:], 1
    if cand.count("(") != cand.count(")") or ".." in cand or "--" in cand or "//" in cand:
        return -1
    digits = sum(map(str.isdigit, cand))
    if not 7 <= digits <= 15 or _DATE_LIKE.fullmatch(cand):
        return -1
    groups = [g for g in _GROUPS.split(cand) if g]
    if cand[0] == "0" and "".join(c for c in cand if c not in " ().-+/").startswith("000"):
        return -1  # no trunk or international prefix starts 000
    if cand.startswith("00") and len(groups) >= 2 and digits >= 10:
        return shift
    ok = False
    if cand[0] == "+":
        ok = digits >= 8
    elif cand[0] == "(" or _US.fullmatch(cand):
        ok = digits >= 10
    elif cand[0] == "0" and len(groups) >= 2 and 9 <= digits <= 12 and all(len(g) >= 2 for g in groups):
        ok = "." not in cand or len({len(g) for g in groups}) <= 2
    return shift if ok or cued else -1


_PHONE_SHAPES = ["+1 (555) 650-9191", "(555) 650-9191", "555.650.9191", "0049 89 60712275", "089 1234567",
                 "2024-01-15", "15.01.2024", "(0 89) 60 71-22 75", "0171/2345678", "00 12 34", "1234567"]


@pytest.mark.parametrize("seed", range(4))
def test_the_phone_verdict_answers_like_the_plain_checks(seed):
    rng = random.Random(seed)
    alphabet = "0123456789" * 3 + " ().-+/" + "a\u00b2\u0663"  # superscript two and Arabic-Indic three are digits
    for _ in range(20_000):
        if rng.random() < 0.5:
            cand = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
            cand = rng.choice(["", "+", "(", "0", "00", "(0"]) + cand
        else:  # a realistic shape with one character changed
            cand = list(rng.choice(_PHONE_SHAPES))
            cand[rng.randrange(len(cand))] = rng.choice(alphabet)
            cand = "".join(cand)
        for cued in (False, True):
            assert phones._verdict(cand, cued) == _plain_verdict(cand, cued), (cand, cued)
    for cand in _PHONE_SHAPES:
        assert phones._verdict(cand, False) == _plain_verdict(cand, False)


# -- labelled identifiers ---------------------------------------------------------------------------

def _scanned_labels(low: str, labels: frozenset[str]) -> list[tuple[str, int]]:
    from redacted_context_mcp.redaction import personal_ids

    head_re, scan, led = personal_ids._label_scans(labels)
    head = head_re.match(low)
    found = [(head.group(), head.end())] if head else []
    if led:
        return found + [(m.group(), m.end()) for m in scan.finditer(low, 1)]
    return found + [(m.group(1), m.end()) for m in scan.finditer(low) if not low[m.start()].isalnum()]


@pytest.mark.parametrize("seed", range(3))
def test_one_label_without_separators_is_found_where_its_compiled_scan_finds_it(seed):
    from redacted_context_mcp.redaction import personal_ids

    rng = random.Random(seed)
    labels = [lb for rows in personal_ids._LABEL_PARTS.values() for lb, _, _ in rows
              if personal_ids._literal_label("", lb) is not None]
    assert "nino" in labels and "a/c" in labels and "d o b" not in labels
    for label in labels:
        pieces = [label, label, label[:-1], label[1:], " ", "\n", ":", "x", "9", "_", "-", label + label]
        for _ in range(40):
            low = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
            assert personal_ids._literal_label(low, label) == _scanned_labels(low, frozenset({label})), (label, low)


def test_a_label_piece_with_a_literal_must_be_in_the_text_for_its_label_to_be_looked_for():
    from redacted_context_mcp.redaction import personal_ids

    low = "a / c: 12345678 and d.o.b 01/02/1990 a/c"
    words = letter_words(low)
    assert personal_ids.find_labelled(low, low, words) == personal_ids.find_labelled(low, low, None)
    assert personal_ids.find_labelled("a / c: 12345678", "a / c: 12345678", letter_words("a / c: 12345678")) == []


# -- per-text gates ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "MIME-Version: 1.0\nFrom: a@example.org\nTo: <mailto:avery.qu\n inn@example.com>\n",
    "Message-ID: <1@x>\nTo: Avery\n Quinn <aq@example.com>\n",
    "Return-Path: <b@example.org>\nCc: one,\n\ttwo@example.com\n",
    "From: x@example.org\nSubject: hi\n there\n",
    "Subject: only a subject\n indented: yes\n",
    "config:\n  key: value\n  other: 2\n",
    "Zoë wrote:\nSubject: café\n  folded\nFrom: z@example.de\n",
    "From: x@example.org\nSubject: no fold here\n",
])
def test_a_text_without_an_equals_sign_gets_the_same_view_from_the_folded_header_path(text):
    from redacted_context_mcp.redaction.mail_decode import decoded_view
    from redacted_context_mcp.redaction.terms import fold

    assert "=" not in text
    words = letter_words(fold(text))
    indented = "\n " in text or "\t" in text and "\n\t" in text
    want = decoded_view(text, True, words) if indented else None  # what the engine asked before
    assert decoded_view(text, None, words, escaped=False) == want == decoded_view(text)


@pytest.mark.parametrize("seed", range(3))
def test_the_first_line_delimiter_gate_of_table_columns_changes_no_hit(seed):
    from redacted_context_mcp.redaction import columns

    def plain(text):
        hits = []
        if "\n" not in text:
            return hits
        columns._table(text, 0, hits)
        if "|" in text and "---" in text:
            for m in columns._MD_RULE.finditer(text):
                head = text.rfind("\n", 0, m.start()) + 1
                if head > 0:
                    columns._table(text, head, hits)
        return hits

    rng = random.Random(seed)
    heads = ["name,dob,iban", "Name;Phone", "login\tuser", "| Name | DOB |", "name dob", "# Notes", ""]
    rows = ["Avery,1990-01-02,DE89370400440532013000", "Blake;+44 20 7946 0958", "aq\tbq", "|---|---|",
            "| Avery | 1990-01-02 |", "plain line", ""]
    for _ in range(300):
        text = "\n".join([rng.choice(heads)] + [rng.choice(rows) for _ in range(rng.randint(0, 5))])
        assert columns.find_columns(text) == plain(text), text
    assert columns.find_columns("name,dob\nAvery,1990-01-02\n")


@pytest.mark.parametrize("seed", range(3))
def test_the_ssh_word_run_gate_of_logins_changes_no_hit(seed):
    from redacted_context_mcp.redaction import usernames
    from redacted_context_mcp.redaction.terms import ascii_classes, fold
    from redacted_context_mcp.redaction.wordlists import Lexicon

    rng = random.Random(seed)
    lexicon = Lexicon()
    pieces = ["ssh ", "ssh-copy-id ", "scp -r ", "rsync ", "sftp ", "mosh ", "xssh ", "sshd ", "SSH ", "_ssh ",
              "bquinn@", "deploy@", "host.example.org", ":~/x ", "\n", " -l avery ", "mail ", "a@b "]
    for _ in range(400):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 10)))
        low = fold(text)
        words = letter_words(low)
        gated = usernames.find_logins(text, low, lexicon, ascii_classes(text), words)
        # cls=None: the non-ASCII path, which asks the word scan (its anchor scan is tested elsewhere)
        assert gated == usernames.find_logins(text, low, lexicon, None, words), text
    text = "run ssh -p 22 bquinn@host.example.org now"
    assert usernames.find_logins(text, fold(text), lexicon, ascii_classes(text), letter_words(fold(text)))


@pytest.mark.parametrize("seed", range(3))
def test_the_www_run_gate_of_urls_changes_no_hit(seed):
    from redacted_context_mcp.redaction.terms import fold

    rng = random.Random(seed)
    pieces = ["www.example.org", "awww.example.org", "www", "WWW.Example.COM/x?y=1", ".www.x.io", "-www.a.b",
              "https://www.a.example/p", "ftp://x.y", " ", "\n", "(", ")", "é", "www.", "www x.y"]
    for _ in range(600):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        low = fold(text)
        words = letter_words(low)
        scheme = ":" in text and "://" in text
        gated = contact.find_urls(text, low, words, scheme) if scheme or (
            contact.www_run(low, words) and "www." in low) else []
        assert gated == contact.find_urls(text, low, None), text
    assert contact.find_urls("see www.example.org", "see www.example.org", letter_words("see www.example.org"))
