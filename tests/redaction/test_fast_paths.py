"""The engine's fast paths (prefilters, memos, boundary-consuming scans) answer exactly like the plain scans."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction import contact, identifiers, phones, secret_formats, secret_rules
from redacted_context_mcp.redaction.spans import Claims, Hit
from redacted_context_mcp.redaction.terms import TermEntry, TermMatcher, collapse, fold
from redacted_context_mcp.redaction.textview import letter_words

TERM_TEXTS = [
    "acme corp",
    "Acme Corp and acme-corp, ACME_CORP;acme corp",
    "xacme corp acme corpx (acme corp)\nacme\tcorp",
    "avery example avery example\navery",
    "Avery Example-Avery Examples avery  example",
    "acme corp acme corp acme corp.",
    "a.b. a.b.a.b. (a.b.) x a.b.c",
    "c++ c++c++ go c++. .net x.net",
    "use c++.net today, a.b..net and (c++)(.net)",  # a term starting where the previous one ends
]
TERM_LISTS = [
    ("Acme Corp", "Avery", "Avery Example"),
    ("a.b.", "c++", ".net", "Acme Corp"),  # keys starting and ending with punctuation: the plain scan
    ("a.b.", "Avery"),  # keys ending with punctuation only: the fast scan still applies
]


def _plain(matcher: TermMatcher, low: str) -> list[tuple[int, int, str]]:
    out = []
    for m in matcher.regex.finditer(low):
        entry = matcher.by_key.get(collapse(m.group()))
        if entry is not None:
            out.append((m.start(), m.end(), entry.value))
    return out


@pytest.mark.parametrize("terms", TERM_LISTS)
@pytest.mark.parametrize("text", TERM_TEXTS)
def test_the_boundary_consuming_term_scan_finds_what_the_lookbehind_scan_finds(terms, text):
    matcher = TermMatcher([TermEntry(t, "SENSITIVE", "term") for t in terms])
    low = fold(text)
    assert [(h.start, h.end, h.value) for h in matcher.find(low)] == _plain(matcher, low)


TITLE_TERMS = ("Acme Corp", "Avery", "Avery Example", "avery.quinn", "O'Brien", "Zoë Smith", "acme 2", "Quinn",
               "a.b.", "Lane")
TITLE_PIECES = ("acme", "corp", "avery", "example", "quinn", "o'brien", "zoë", "smith", "lane", "planet", "a.b.",
                "ACME", "Avery", " ", "  ", "-", "_", ".", "\t", "\n", "'", "1", "2", "x", "é", "(", ")", "\u2014")


@pytest.mark.parametrize("seed", range(40))
def test_the_title_cased_term_scan_finds_what_the_lookbehind_scan_finds(seed):
    import random

    rng = random.Random(seed)
    pieces = [p for p in TITLE_PIECES if seed % 2 or p.isascii()]  # every other text is ASCII (the title view)
    text = "".join(rng.choice(pieces) for _ in range(200))
    for terms in (TITLE_TERMS, TITLE_TERMS[:5], ("Lane", "lane change")):
        matcher = TermMatcher([TermEntry(t, "SENSITIVE", "term") for t in terms])
        low = fold(text)
        assert [(h.start, h.end, h.value) for h in matcher.find(low)] == _plain(matcher, low)
        assert matcher.find(low, letter_words(low)) == matcher.find(low)


LEAD_TERMS = ("Acme Corp", "Acme", "Avery", "Avery Example", "Example", "avery.quinn", "O'Brien", "acme 2", "Lane",
              "lane change", "lanes", "planet x", "Corp Lane Avery")
LEAD_PIECES = ("acme", "corp", "avery", "example", "quinn", "o'brien", "o", "lane", "lanes", "planet", "change",
               "x", "2", "1", " ", "  ", "-", "_", ".", "\t", "\n", "'", "(", ")", "ACME", "Lane")


LEAD_TEXTS = ["planet planet x planet", "lanes lane planet lanes planet x", "acmequinn acme acme2 2acme acme",
              "o'brien o'brieno o o'brien", "xavery avery1 avery (avery)", "corp lane avery example lane change"]


@pytest.mark.parametrize("seed", range(60 + len(LEAD_TEXTS)))
def test_terms_found_from_the_letter_runs_in_order_are_the_scans_terms(seed, monkeypatch):
    import random

    from redacted_context_mcp.redaction import terms

    monkeypatch.setattr(terms, "_LEAD_SHARE", 0)  # the letter-run walk serves every text
    rng = random.Random(seed)
    text = LEAD_TEXTS[seed - 60] if seed >= 60 else "".join(rng.choice(LEAD_PIECES) for _ in range(rng.randint(0, 120)))
    for keys in (LEAD_TERMS, LEAD_TERMS[:4], ("Lane", "lane change"), ("o'brien", "acme 2"),
                 ("Zoë Smith", "Élan Corp", "acme", "Avery Example")):  # keys that cannot occur in ASCII text
        matcher = TermMatcher([TermEntry(t, "SENSITIVE", "term") for t in keys])
        low = fold(text)
        walked = matcher._lead_hits(low, letter_words(low).seq, matcher._impl)  # None would hand over to the scan
        assert walked is not None and [(h.start, h.end, h.value) for h in walked] == _plain(matcher, low)
        assert matcher.find(low, letter_words(low)) == walked


def test_a_text_dense_with_lead_runs_is_left_to_the_scan_with_the_same_terms():
    matcher = TermMatcher([TermEntry(t, "SENSITIVE", "term") for t in LEAD_TERMS])
    low = fold("Avery Example, lane; acme corp acme planet x " * 20)
    assert matcher.find(low, letter_words(low)) == matcher.find(low) and len(matcher.find(low)) > 40


@pytest.mark.parametrize("text", ["no configured word here", "planet lanes acme2corp", "x.lane", "zoë smith", ""])
def test_the_letter_run_gate_answers_like_the_term_scan(text):
    matcher = TermMatcher([TermEntry(t, "SENSITIVE", "term") for t in TITLE_TERMS])
    low = fold(text)
    assert matcher.find(low, letter_words(low)) == matcher.find(low)


@pytest.mark.parametrize("text,found", [("1acme corp", []), ("1 acme corp", [(2, 11)]), ("acme corp1", []),
                                        ("x2avery acme corp", [(8, 17)]), ("(acme corp)", [(1, 10)])])
def test_a_digit_right_before_or_after_a_term_leaves_no_boundary(text, found):
    matcher = TermMatcher([TermEntry("Acme Corp", "CLIENT", "term"), TermEntry("Avery", "PERSON", "term")])
    assert [(h.start, h.end) for h in matcher.find(fold(text))] == found


def test_a_term_at_the_very_start_of_the_text_is_found():
    matcher = TermMatcher([TermEntry("Acme Corp", "CLIENT", "term")])
    assert [(h.start, h.end) for h in matcher.find(fold("Acme Corp rocks"))] == [(0, 9)]


@pytest.mark.parametrize(
    "text,runs",
    [("+1 (555) 861-5287", 11), ("4111 1111-1111 1111", 16), ("2024-01-15", 8), ("v1.2.3", 3), ("no digits", 0)],
)
def test_the_digit_shape_keeps_one_d_per_digit_of_a_grouped_number(text, runs):
    shape = identifiers.digit_shape(text)
    assert shape.count(b"d") == runs
    assert (b"d" * runs in shape) if runs else (b"d" not in shape)


def test_the_digit_shape_prefilter_does_not_hide_cards_or_phones():
    text = "card 4111 1111 1111 1111, call +1 (555) 861-5287 or tel: 0301 234 5678"
    shape = identifiers.digit_shape(text)
    assert identifiers.find_cards(text, shape) == identifiers.find_cards(text)
    assert len(identifiers.find_cards(text)) == 1
    assert phones.find_phones(text, fold(text), shape) == phones.find_phones(text, fold(text))
    assert len(phones.find_phones(text, fold(text))) >= 2


@pytest.mark.parametrize("rule", secret_rules.SECRET_RULES, ids=[r.id for r in secret_rules.SECRET_RULES])
def test_every_secret_prefilter_passes_the_rules_own_examples(rule):
    for text, _ in rule.examples:
        low = fold(text)
        assert not rule.chars or any(c in text for c in rule.chars)
        assert not rule.gate or secret_formats._GATES[rule.gate].search(text)
        assert not (rule.keywords or rule.cased) or any(k in low for k in rule.keywords) or any(
            k in text for k in rule.cased
        )
        assert rule in secret_rules.PREFILTER.selected(text, low)


def test_a_memoised_name_run_is_classified_again_in_a_different_context():
    shared = make("strict")
    texts = [
        "Zorblat Quenby, Inc. signed the deal.",
        "Zorblat Quenby signed the deal.",
        "Zorblat Quenby(x) is a call.",
        "Hi Zorblat Quenby, welcome.",
        "Zorblat Quenby, Inc. signed the deal.",
    ]
    for text in texts:
        assert shared.redact(text) == make("strict").redact(text)


def test_hits_of_one_stage_are_placed_leftmost_first_and_longest_first_at_one_start():
    claims = Claims("abcdefghij", lambda _: False)
    claims.add_stage([Hit(2, 4, "A", "r"), Hit(0, 3, "B", "r"), Hit(0, 6, "C", "r"), Hit(8, 9, "D", "r")])
    assert [(h.start, h.end, h.category) for h in claims.ordered()] == [(0, 6, "C"), (8, 9, "D")]
    claims.add_stage([Hit(5, 9, "E", "r")])  # only the uncovered middle survives
    assert [(h.start, h.end, h.category) for h in claims.ordered()] == [(0, 6, "C"), (6, 8, "E"), (8, 9, "D")]


PROMPT_TEXTS = [
    "alice@build-01:~$ ls\n",
    "  (venv) bob@host.example:/srv/app# make\n",
    "[carol@db-2:~/data]$ psql\n",
    "mail dave@example.com: see https://x.test/a and ~/notes\n",
    "erin@host:~ no prompt end\nfrank@box:/tmp% ok\n",
]


@pytest.mark.parametrize("text", PROMPT_TEXTS)
def test_the_shell_prompt_gate_holds_wherever_a_prompt_matches(text):
    from redacted_context_mcp.redaction import usernames
    for m in usernames._PROMPT.finditer("\n" + text):
        assert usernames._PROMPT_GATE.search(text, max(0, m.start() - 1)) is not None


def test_a_term_matched_in_another_spelling_takes_the_configured_spelling_each_time():
    matcher = TermMatcher([TermEntry("Acme Corp", "CLIENT", "term")])
    low = fold("acme-corp, Acme  Corp and acme_corp; acme-corp")
    assert [h.value for h in matcher.find(low)] == ["Acme Corp"] * 4
    assert [h.value for h in matcher.find(low)] == ["Acme Corp"] * 4  # from the memo the second time


GATE_TEXTS = [
    "see www.example.test/x and WWW.Example.Test, awww.no",
    "Pacific Standard Time and Europe/Berlin; image/png data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==",
    "digest sha256:" + "a" * 64 + " and MD5: " + "b" * 32 + " md5:" + "c" * 32,
    '<add key="ApiPassword" value="x"/> <addition>',
    "merged by jdoe, bypass by nobody, standby mode",
]


@pytest.mark.parametrize("text", GATE_TEXTS)
def test_the_letter_run_view_gates_change_no_hit(text):
    from redacted_context_mcp.redaction import keep
    from redacted_context_mcp.redaction.textview import letter_words
    low = fold(text)
    words = letter_words(low)
    assert contact.find_urls(text, low, words) == contact.find_urls(text, low)
    assert keep.find_before_secrets(text, words) == keep.find_before_secrets(text)
    assert keep.find_before_names(text, words) == keep.find_before_names(text)


LABEL_TEXTS = [
    "Attendees: bob, marta\nOwner: Avery Quinn\n",
    "notes. Attendees: bob, marta. Then\n- **Assigned to**: Kim Lee\n",
    "> [10:32] Point of contact: Dana Ortiz\nco-owner: Lee Park\nreviewed  by: Sam\n",
    "no labels here: just text\nTo: x\n",
    "Empfänger: Jörg\nContact person: Ana\n",  # non-ASCII text: the full regexes
    "x; cc: a. (bcc: b) ,owners :c ; reviewers\t\t: d. attendees: e, cc:: f; ccx: g. cc   : h",
    "Notes. Attendees: bob; Owners: ann. (apologies: kim) and, present: now; Empfänger. cc: x",
]


@pytest.mark.parametrize("text", LABEL_TEXTS)
def test_label_regions_from_the_letter_run_view_are_the_full_scans_regions(text):
    from redacted_context_mcp.redaction.names import NameScanner
    from redacted_context_mcp.redaction.textview import letter_words
    low = fold(text)
    assert NameScanner.label_regions(text, low, letter_words(low)) == NameScanner.label_regions(text, low)


LABEL_LEADS = ("", "", "- ", "> ", "  ", "[10:32] ", "[x] ", "**", "__", "* ", "|")
LABEL_WORDS = ("owner", "owners", "co-owner", "assigned to", "assigned\nto", "from", "attendees", "cc", "full name",
               "name", "said", "bob", "the owner", "x")
LABEL_TAILS = ("", " ", "\t", "**", " **", "__ ", "*", "_", "  ")
LABEL_AFTER = (":", ":", ": bob", "::", "://x", ":**", " ann", ", ", ". attendees: kim")


@pytest.mark.parametrize("seed", range(80))
def test_label_regions_of_random_label_lines_are_the_full_scans_regions(seed):
    import random

    from redacted_context_mcp.redaction.names import NameScanner
    rng = random.Random(seed)
    pick = rng.choice
    text = "\n".join(pick(LABEL_LEADS) + pick(LABEL_WORDS) + pick(LABEL_TAILS) + pick(LABEL_AFTER)
                     for _ in range(rng.randint(1, 6)))
    low = fold(text)
    assert NameScanner.label_regions(text, low, letter_words(low)) == NameScanner.label_regions(text, low)


SPEAKER_PIECES = ("\n", " ", "  ", "\t", ">", "*", "**", "_", "__", "-", "+", "|", "[", "]", "[10:32]", "#", "x", "Bob")


@pytest.mark.parametrize("seed", range(40))
def test_the_speaker_lead_test_answers_like_the_line_lead_regex(seed):
    import random

    from redacted_context_mcp.redaction import names
    rng = random.Random(seed)
    text = "".join(rng.choice(SPEAKER_PIECES) for _ in range(rng.randint(1, 40)))
    for s in range(len(text) + 1):
        ls = text.rfind("\n", max(0, s - 64), s)
        plain = not (ls < 0 and s > 64) and names._SPEAKER_PREFIX.fullmatch(text, ls + 1, s) is not None
        assert names.NameScanner._speaker_lead(text, s) == plain, (text, s)


PREV_PIECES = ("a", "b", "hi", "thanks", "dr", "w/", "w", "/", " ", "  ", "\t", "\n", ".", ",", "x" * 13, "é", "Z", "1")


@pytest.mark.parametrize("seed", range(200))
def test_the_word_before_a_run_is_the_previous_word_regexs_group(seed):
    import random

    from redacted_context_mcp.redaction import names
    rng = random.Random(seed)
    text = "".join(rng.choice(PREV_PIECES) for _ in range(rng.randint(0, 14)))
    for s in range(len(text) + 1):
        m = names._PREV_WORD.search(text, max(0, s - 18), s)
        assert names._prev_word(text, s) == (m.group(1) if m else None), (text, s)


def _prose_cue_plain(text: str, low: str, s: int) -> bool:
    """The prose-cue test as first written: the previous word by regex, then the whole line head."""
    from redacted_context_mcp.redaction import names
    from redacted_context_mcp.redaction.lines import line_head
    pm = names._PREV_WORD.search(low, max(0, s - 18), s)
    if pm and (pm.group(1) in names.GREETING_CUES or pm.group(1) in names._HONORIFICS) \
            and low[s:s + 10].split(" ")[0].strip(",.:;") not in names.MONTH_NAMES:
        return True
    head = line_head(text, s, 64)
    if head is None or head.strip():
        return False
    prev_end = s - len(head) - 1
    prev = line_head(low, prev_end, 64) if prev_end > 0 else None
    return prev is not None and prev.strip().rstrip(",").strip() in names._SIGN_OFFS


CUE_PIECES = ("Hi", "hi", "thanks", "Regards", "dr", "w/", "Bob", "May", "x", " ", "  ", "\t", "\n", "\n", "\r", ".",
              ",", "a" * 40, "by", "xby", "ask", "sk", "é", "1")


@pytest.mark.parametrize("seed", range(150))
def test_the_prose_cue_test_answers_like_the_regex_and_line_head_test(seed):
    import random

    from redacted_context_mcp.redaction.names import NameScanner
    rng = random.Random(seed)
    text = "".join(rng.choice(CUE_PIECES) for _ in range(rng.randint(0, 16)))
    low = fold(text)
    for s in range(len(text) + 1):
        assert NameScanner._prose_cue(text, low, s) == _prose_cue_plain(text, low, s), (text, s)


PHONE_TEXTS = [
    "Tel: 089 / 6071 2275, Fax (0 89) 60 71-22 75, mobile +49 170 1234567",
    "Call me on 91 863 71 72 or 612 34 56 78; called Bob at 555-0134 yesterday",
    "2024-01-15 10:30 build 1234567 took 12.5 s; v1.2.3.4567890 ph: +44 20 7946 0958",
    "x(030) 1234-5678 y 0049 89 60712275 z 01 23 45 67 89 (00) 1234567 tel0891234567",
    "phone:   + (0) 89 1234567\nwhatsapp -- 0171/2345678 // 0171 2345 678",
    "12/34/56/78 and 1/2/3/4/5/6/7/8/9 and 0 12/3 4567 and 089/12 34 56 78",
    "Tel: 12 - 34 - 56 - 78 (wide gaps: no group holds 7 digits)",
    "on 2024-04-04 tel: 2024-04-04, phone +2024-04-04 and (2024-04-04) or 12024-04-04; recall 555-0134",
    "dialled 555-0134 on 2024-01-15; Reach: 555-0199 . 2024-01-15 . then (089) 1234567 or x(0 89) 60 71-22 75",
]


@pytest.mark.parametrize("text", PHONE_TEXTS)
def test_the_windowed_phone_scan_finds_what_the_whole_text_scan_finds(text):
    from redacted_context_mcp.redaction.terms import ascii_classes

    low = fold(text)
    windowed = phones.find_phones(text, low, None, None, ascii_classes(text))
    # the order of candidates may differ; every phone hit has the same category and rule
    assert sorted(windowed) == sorted(phones.find_phones(text, low, None, None, None))  # None: whole text
    assert windowed
    # with the letter-run view (the calling-word set test) and the digit shape the engine passes
    shape = identifiers.digit_shape(text)
    assert sorted(phones.find_phones(text, low, shape, letter_words(low), ascii_classes(text))) == sorted(windowed)


@pytest.mark.parametrize("text", [
    "id 123e4567-e89b-12d3-a456-426614174000 ssn 078-05-1120 and 123e4567-e89b-12d3-a456-42661417400g",
    "-12-3456-7890-1234-567890abcdef x-1234-12-34-1234-123456789012 -ab-cd-ef 12-34-5678",
    "a0000000-1111-2222-3333-444444444444-12-3456 and 078-05-1120-1234-5678-9abc-def012345678",
])
def test_the_joined_uuid_and_ssn_scan_finds_what_the_two_scans_find(text):
    uuids = [m.span() for m in identifiers._UUID_TAIL.finditer(text)]
    joined = [m.span() for m in identifiers._UUID_TAIL_OR_SSN.finditer(text) if m.end() - m.start() > 1]
    assert joined == uuids
    hint = any(m.end() - m.start() == 1 for m in identifiers._UUID_TAIL_OR_SSN.finditer(text))
    assert hint == (identifiers._SSN_HINT.search(text) is not None)


LOGIN_TEXTS = [
    "GITLAB_USER_LOGIN=avery\nCI_COMMIT_AUTHOR: 'Avery Quinn'\nexport USER=bquinn\n",
    "XUSERLOGIN=a ABCD_USER=b  OWNER :  c\nLOGNAME = d\nAUTHOR:\te",
    "TODO FIXME NOTE: USER_ID_FROM_THE_UPSTREAM_SYSTEM_X=1 and USER=" + "A" * 60 + "=x",
]


@pytest.mark.parametrize("text", LOGIN_TEXTS)
def test_the_login_variable_anchors_from_class_spans_match_the_plain_anchor_scan(text):
    from redacted_context_mcp.redaction import usernames
    from redacted_context_mcp.redaction.terms import ascii_classes
    from redacted_context_mcp.redaction.textview import letter_words

    runs = letter_words(fold(text)).set
    fast = [m.span() for m in usernames._var_matches(text, ascii_classes(text), runs)]
    assert fast == [m.span() for m in usernames._var_matches(text, None, runs)]
    assert fast


def test_stages_placed_in_one_batch_are_placed_as_one_call_per_stage_places_them():
    stages = [[Hit(2, 4, "A", "r"), Hit(0, 3, "B", "r")], [], [Hit(0, 6, "C", "r"), Hit(8, 9, "D", "r")],
              [Hit(5, 9, "E", "r")], []]
    batched, single = Claims("abcdefghij", lambda _: False), Claims("abcdefghij", lambda _: False)
    batched.add_stages(stages)
    for hits in stages:
        single.add_stage(hits)
    assert batched.ordered() == single.ordered()
    assert [h.category for h in batched.ordered()] == ["B", "A", "C", "E", "D"]


@pytest.mark.parametrize("text", [
    "", "no digits", "1 22 333 4444", "2024-01-15 10:30", "+1 (555) 861-5287", "4111 1111 1111 1111",
    "12345678901234567890", "1234 5678 9012 3 and 123456789012", "a1b22c333d4444e55555f666666g7777777",
])
def test_digit_run_tests_answered_from_the_levels_equal_the_bytes_search(text):
    from redacted_context_mcp.redaction import personal_ids

    shape = identifiers.digit_shape(text)
    levels = personal_ids.digit_levels(shape)
    for n in range(1, 22):
        assert personal_ids.holds_run(shape, levels, n) == (b"d" * n in shape), n


@pytest.mark.parametrize("pattern, lead", [
    ("=(?:a|b)", "="), (r"\([ \t]{0,4}x", "("), ("-(?:(?<=p-)|(?<=[satc]-)(?=-))", "-"),
    ("=?x", ""), ("=|x", ""), ("(=)", ""), ("[=]x", ""), ("=*x", ""), (r"\d{6}", ""), ("a[|]b", "a"),
])
def test_a_confirm_scan_is_skipped_by_its_lead_character_only_when_every_match_starts_with_it(pattern, lead):
    import re

    from redacted_context_mcp.redaction.secret_gates import first_literal

    assert first_literal(re.compile(pattern)) == lead


def test_every_confirm_match_of_the_rules_own_examples_starts_with_its_lead_character():
    pre = secret_rules.PREFILTER
    checked = 0
    for i, c in pre._confirm_lead.items():
        rule = pre.rules[i]
        for text, _ in rule.examples:
            rev = fold(text)[::-1]
            for m in rule.confirm.finditer(rev):
                checked += 1
                assert not c or rev[m.start()] == c, rule.id
    assert checked


@pytest.mark.parametrize("around", ["", " ", "x", "1", "_", "é", "\u2014", "A"])
def test_a_pregated_keyword_scan_finds_its_needle_wherever_its_keyword_occurs(around):
    pre = secret_rules.PREFILTER
    gated = 0
    for (view, _, rx, closure), needles in zip(pre.scans, pre.pregates):
        if needles is None:
            continue
        for s in closure:
            kw = s[::-1] if view == "rev" else s
            low = fold(around + kw + around)
            gated += 1
            assert rx.search(low[::-1] if view == "rev" else low)
            assert any(n in letter_words(low).joined for n in needles), kw
    assert gated


@pytest.mark.parametrize("around", ["", " ", "x", "1", "_", "é", "\u2014", "A", "a"])
def test_a_narrowed_scans_needles_hold_wherever_one_of_its_keywords_occurs(around):
    from redacted_context_mcp.redaction.secret_gates import PRE_NARROWED, pregate

    pre = secret_rules.PREFILTER
    gated = {"low": 0, "rev": 0, "text": 0}
    for view, anchor, _, closure in pre.scans:
        for s in closure:
            needles = pregate(view, anchor, [s], PRE_NARROWED)
            if needles is None:
                continue
            kw = s[::-1] if view == "rev" else s
            text = around + kw + around
            low = fold(text)
            assert kw in (text if view == "text" else low)
            gated[view] += 1
            assert any(n in letter_words(low).joined for n in needles), kw
            many = pregate(view, anchor, sorted(closure)[:PRE_NARROWED - 1] + [s], PRE_NARROWED)
            assert many is None or set(needles) <= set(many)
    assert all(gated.values()), gated


@pytest.mark.parametrize("text", [
    "", "the secretary's sigma cookies", "passwords and pwd, salt; sqlplus", "Login: credentials key",
    "AUTH token bearer header", "convertto-securestring -asplaintext", "ENV ARG arg env value content",
    "nothing here at all", "s", "ss sa se si sq", "p pa pas pw", "c co cr cre",
])
def test_the_word_plan_chooses_every_rule_one_of_whose_words_is_in_the_text(text):
    from redacted_context_mcp.redaction.secret_gates import TextGates

    pre = secret_rules.PREFILTER
    low = fold(text)
    words = letter_words(low)
    for feats in list(pre._decisions)[:40] + [pre._features(TextGates(text, low, words))]:
        plan = pre._decide(feats)[2]
        expected = {i for k, rules in plan[2].items() if k in low for i in rules}
        assert expected <= set(pre._word_rules(plan, low, words))  # (a framed word may pass in joined alone)


@pytest.mark.parametrize("text", [" ssh ", " openssh ", " scp sftp ", " rsync ", " mosh ", " msync sosh ", " s sh ",
                                  " rs ync ", " mos h ", " sscp ", " nothing here "])
def test_the_ssh_word_scan_answers_like_the_alternation_of_the_words(text):
    import re

    from redacted_context_mcp.redaction import usernames
    plain = re.compile("|".join(usernames._SSH_WORDS))
    assert (usernames._SSH_WORD.search(text) is None) == (plain.search(text) is None)


@pytest.mark.parametrize("text", ['{"a": 1}', '{"a" : 1}', '{"a"  : 1}', 'x: "y"', '"":', 'a ":b', '" :'])
def test_the_json_colon_scan_answers_like_the_two_substring_tests(text):
    from redacted_context_mcp.redaction import usernames
    assert (usernames._JSON_COLON.search(text) is not None) == ('":' in text or '" :' in text)


@pytest.mark.parametrize("text", [
    "From: a@b.example\nSubject: hi\n", "MIME-Version: 1.0\n", "x\nReceived: from y", "received: z",
    "Message-ID: <1@x>", "RETURN-PATH: <a@b>", "SUBJECT:x", "subjec t:", "mİme-version: 1", "no mail at all",
])
def test_the_mail_header_scan_answers_like_the_lowered_substring_tests(text):
    from redacted_context_mcp.redaction import mail_decode
    head = text.lower()
    lowered = any(h in head for h in ("subject:", "mime-version:", "message-id:", "\nreceived:", "return-path:"))
    assert (mail_decode._MAIL_CUE.search(text) is not None) == lowered


def _mask_windows(cls: bytes) -> list[tuple[int, int]]:
    """The phone windows found with the whole-text mask (the plain way)."""
    mask = cls.translate(phones._G_MASK)
    out, last = [], -1
    for m in phones._PHONE_CHAIN.finditer(cls):
        if m.start() < last:
            continue
        lo = mask.rfind(b"x", 0, m.start()) + 1
        hi = mask.find(b"x", m.end())
        last = hi = len(cls) if hi < 0 else hi
        out.append((lo, hi))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_phone_windows_found_from_their_chains_edges_are_the_mask_windows(seed):
    import random

    rnd = random.Random(seed)
    alphabet = b"dddd  +()./-aAx:"  # mostly grouping characters: long runs, runs at both ends of the text
    for _ in range(2000):
        cls = bytes(rnd.choice(alphabet) for _ in range(rnd.randint(0, 160)))
        assert phones._phone_windows(cls) == _mask_windows(cls)


@pytest.mark.parametrize("seed", range(30))
def test_decisions_that_drop_scans_and_confirmed_rows_by_absent_anchors_choose_what_the_plain_decisions_choose(seed):
    import functools
    import random

    from redacted_context_mcp.redaction.secret_prefilter import Prefilter

    rng = random.Random(seed)
    quick = Prefilter(secret_rules.SECRET_RULES)
    plain = Prefilter(secret_rules.SECRET_RULES)
    plain._decide = functools.partial(Prefilter._decide, plain, anchors=False)
    examples = [t for r in secret_rules.SECRET_RULES for t, _ in r.examples]
    for _ in range(20):
        text = " ".join(rng.choice(examples) for _ in range(rng.randint(1, 3)))
        for c in rng.sample(sorted(set(text)), k=min(6, len(set(text)))):  # some anchors gone, some kept
            text = text.replace(c, rng.choice(["", " ", "x"]))
        low = fold(text)
        assert [r.id for r in quick.selected(text, low)] == [r.id for r in plain.selected(text, low)], text
    assert any(quick._decide(f)[5] != plain._decide(f)[5] for f in quick._decisions)  # the fast path was taken


_FLAG_PIECES = ("-p", "--password", "--pass", "--pwd", "--token", "--secret", "--api-key", "--client-secret", "-P",
                "p", "-", "--", " ", "\t", "x", "_", "é", "\u00c9", "\n", "'", '"', "=", "ab12", "P", "T", "--p")


@pytest.mark.parametrize("seed", range(60))
def test_the_command_line_confirm_scan_holds_wherever_the_rows_regex_matches(seed):
    import random

    rule = secret_rules.RULES_BY_ID["command-line-password"]
    rng = random.Random(seed)
    matched = 0
    for _ in range(40):
        text = "".join(rng.choice(_FLAG_PIECES) for _ in range(rng.randint(0, 6)))
        glue, value = rng.choice(["", " ", "=", "\t"]), rng.choice(["ab12", "'v'", "-x", "_Z"])
        text += rng.choice(_FLAG_PIECES[:9]) + glue + value
        text += "".join(rng.choice(_FLAG_PIECES) for _ in range(rng.randint(0, 3)))
        if rule.regex.search(text) is not None:
            matched += 1
            assert rule.confirm.search(fold(text)[::-1]) is not None, text
    assert matched


@pytest.mark.parametrize("seed", range(40))
def test_keyword_scans_read_from_the_first_anchor_to_the_last_find_what_whole_text_scans_find(seed):
    import random

    pre = secret_rules.PREFILTER
    rng = random.Random(seed)
    keywords = sorted({s[::-1] if view == "rev" else s for view, _, _, closure in pre.scans for s in closure})
    confirmed = 0
    pieces = keywords + [" ", "\n", "x", "é", "A", "-", "_", ".", "=", ":", '"', "'", "/", "$", "~", "ab", "Z9",
                         " -p", " --token", "mysqli(", "?key=", "?password=", "-123456-", "("] * 4
    for _ in range(25):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        low = fold(text)
        rev = low[::-1]
        plain: set[str] = set()
        for view, anchor, rx, closure in pre.scans:
            src = low if view == "low" else rev if view == "rev" else text
            for rest in rx.findall(src):
                plain.update(closure.get(anchor + rest, ()))
        assert pre.present(text, low) == plain, text
        for i, c in pre._confirm_lead.items():  # a confirm scan searched from its lead's first place
            rx = pre.rules[i].confirm
            if c:
                confirmed += rx.search(rev) is not None
                assert (rx.search(rev) is not None) == (c in rev and rx.search(rev, rev.find(c)) is not None)
    assert confirmed
