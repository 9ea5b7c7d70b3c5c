"""Name heuristics (both modes) and the strict pass, from one scan of capitalised runs.

A *run* is a sequence of up to six capitalised tokens separated by single
spaces or tabs. For each run:

- organisation: the run ends in a legal suffix (Inc, Ltd, GmbH, Corp...) or
  an organisation word (Group, Labs...) next to a non-generic word -> ORG;
- multi-word proper name: after dropping leading generic words, two or more
  tokens starting with a non-generic one -> PERSON;
- cue context (after an identity label such as ``Attendees:``/``Owner:``, a
  speaker label ``Avery:`` at line start, a greeting ``Hi``/``thanks``, or a
  sign-off line): every name-like token -> PERSON, including short first
  names that are also words (Bob, Mark, Will);
- strict mode: every remaining non-generic token or acronym -> ENTITY.

Code identifiers (``snake_case``, ``camelCase``, tokens with digits,
``obj.Attr``, ``Call(``) are never names.

Imports: redaction.command_words, redaction.lines, redaction.name_joins, redaction.spans, redaction.terms,
redaction.textview, redaction.wordlists.
"""

from __future__ import annotations

import itertools
import re
import string
from bisect import bisect_right
from collections.abc import Iterable

from redacted_context_mcp.redaction.command_words import flag_or_cmdlet
from redacted_context_mcp.redaction.lines import line_head
from redacted_context_mcp.redaction.name_joins import join_names
from redacted_context_mcp.redaction.spans import Claims, Hit, new_hit
from redacted_context_mcp.redaction.terms import ascii_classes, trie_pattern
from redacted_context_mcp.redaction.textview import Words, parts
from redacted_context_mcp.redaction.wordlists import (
    AMBIGUOUS_NAMES,
    GREETING_CUES,
    IDENTITY_LABELS,
    LEGAL_SUFFIXES,
    MONTH_NAMES,
    ORG_WORDS,
    Lexicon,
)


def _upper_class() -> str:
    ranges: list[list[int]] = []
    for cp in range(0x10000):
        ch = chr(cp)
        if ch.isupper() or ch.istitle():
            if ranges and ranges[-1][1] == cp - 1:
                ranges[-1][1] = cp
            else:
                ranges.append([cp, cp])
    parts = []
    for a, b in ranges:
        parts.append(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}")
    return "[" + "".join(parts) + "]"


_UP = _upper_class()
_TOKEN = rf"{_UP}[\w'’]{{0,60}}"
# The lookbehinds sit after the first character so the scan keeps its fast first-character skip.
_RUN = re.compile(rf"{_UP}(?<![\w#].)(?<!\w\..)[\w'’]{{0,60}}(?:[ \t]{_TOKEN}){{0,5}}")
# _RUN over ``ascii_classes`` of an ASCII text (same matches there: \w is [A-Za-z0-9_]).
# The five further tokens are nested ``(?:token(?:token...|)|)`` groups, which match as ``{0,5}`` would
# (greedy, same order) but run faster.
_RUN_CLS = re.compile(rb"A(?<![aAd_#].)(?<![aAd_]\..)[aAd_']{0,60}"
                      + rb"(?:[ \t]A[aAd_']{0,60}" * 5 + rb"|)" * 5)
_SPAN = re.Match.span
_SEGMENT = re.compile(r"[A-Za-z]{2,30}(?![\w-])")
# "Acme, Inc.": a legal suffix after a comma
_COMMA_SUFFIX = re.compile(r",[ \t]{1,2}([A-Z][A-Za-z]{1,11})\.?")
_LABEL_WORDS = re.compile(r"[a-z]+")
#: Labels whose line lists people even in lower case ("cc: john, mary"). Labels that also
#: head config keys (name:, host:, driver:, manager:) are left out: there only capitalised
#: names count.
PEOPLE_LIST_LABELS = frozenset({
    "attendees", "attendee", "participants", "participant", "present", "absent", "apologies", "invitees",
    "guests", "cc", "bcc", "owner", "owners", "co owner", "assignee", "assignees", "assigned to", "reviewer",
    "reviewers", "reviewed by", "reporter", "reported by", "requester", "requested by", "approver",
    "approvers", "approved by", "prepared by", "written by", "created by", "edited by", "signed by", "author",
    "authors", "speaker", "speakers", "presenter", "presenters", "facilitator", "moderator", "interviewer",
    "interviewee", "sender", "recipient", "recipients", "from", "to", "notes by", "minutes by", "scribe",
})
# A people-list label inside prose ("... notes. Attendees: bob, marta."): its list ends the sentence.
# Consuming the space (a literal) lets the scan skip to spaces; only the match end is used.
_INLINE_WORDS = ("attendees", "participants", "present", "invitees", "guests", "cc", "bcc", "reviewers", "owners",
                 "assignees", "speakers", "recipients", "apologies", "approvers",
                 # a billing form's aligned fields ("Member ID: ...    Guarantor: Delgado, Carmen", personal round 12)
                 "guarantor", "guardian", "spouse")
# (after ``.;,(`` and a space, or after a column gap of two spaces)
_INLINE_PEOPLE = re.compile(r" (?<=[.;,( ] )(?:" + "|".join(_INLINE_WORDS) + r")[ \t]{0,2}:")
_INLINE_SET = frozenset(_INLINE_WORDS)
_INLINE_BEFORE = frozenset(".;,( ")
_INLINE_TAIL = re.compile(r"[ \t]{0,2}:")
_SENTENCE_END = re.compile(r"[.!?;)\n]")
# A lower-case word standing alone (not part of an address, path, handle or identifier).
_LOWER_WORD = re.compile(r"(?<![\w@./#:\\-])[^\W\d_A-Z](?:[^\W\d_]|['’]){1,30}(?![\w@/\\-]|\.\w)")
# Identity labels ("Owner:", "- **Attendees**:") start a line; a trie of the labels keeps the
# per-line cost to a few character tests. Matched on the folded text.
# Optional parts are written ``(?:X|)`` rather than ``(?:X)?`` (the same matches, tried in the same
# order): the regex engine runs a branch much faster than a repeat, and these run at every line.
_LINE_LEAD = r"[ \t>*_\-+|]{0,8}(?:\[[^\]\n]{0,30}\][ \t]{0,3}|)(?:\*\*|__|)"
# a label may also open a numbered list item ("3. **Medehuurder:** ...", "2) Tenant: ...", round 13)
_LABEL_LEAD = r"[ \t>*_\-+|]{0,8}(?:[0-9]{1,2}[.)][ \t]{1,3}|)(?:\[[^\]\n]{0,30}\][ \t]{0,3}|)(?:\*\*|__|)"
_LABEL_BODY = (
    _LABEL_LEAD + "(?:" + trie_pattern(sorted(IDENTITY_LABELS)).replace(r"[\s_\-]{1,8}", r"[ \t]{1,3}")
    + r")[ \t]{0,3}(?:\*\*|__|)[ \t]{0,3}:(?:\*\*|__|)(?!//|:)"
)
# A match never spans a line, so "at the text start, then after each newline" finds the same
# matches as a MULTILINE ``^``, and the newline-led form lets the regex engine skip to newlines.
_LABELS_HEAD = re.compile(_LABEL_BODY)
_LABELS = re.compile("\n" + _LABEL_BODY)
#: Every identity label by its letter runs. In ASCII text each run of a label that matches is a
#: whole run of letters there (the label sits between the line lead and its colon, and its
#: separators are ASCII), so the label scans can find nothing unless every run of some label is
#: a word of the text. (A scan restricted to those labels would be a little faster on repetitive
#: text, but each new subset costs a compile of about 0.3 ms, more than redacting a small file.)
#: Each comes with its last run and a colon: right before the colon of a match stands the label's
#: last letter, a blank or a ``*``/``_`` of bold, so a text holding neither that needle nor a
#: colon after one of those (:data:`_COLON_AFTER_MARK`) has no match of the label either.
_ID_LABEL_PARTS: dict[str, list[tuple[frozenset[str], str]]] = {}
for _label in sorted(IDENTITY_LABELS):
    assert _label[-1].isalpha()  # the needle below is the label's end
    _ID_LABEL_PARTS.setdefault(parts(_label)[0], []).append((frozenset(parts(_label)), parts(_label)[-1] + ":"))
_ID_LABEL_FIRST = frozenset(_ID_LABEL_PARTS)
_COLON_AFTER_MARK = re.compile(r":(?<=[ \t*_]:)")  # the literal first: the scan skips to colons
# Speaker labels ("Avery:", "[10:32] Bob (PM):"): a run at the start of a line followed by a colon.
_SPEAKER_PREFIX = re.compile(_LINE_LEAD)
_LEAD_LAST = frozenset(" \t>*_-+|]")  # the characters a non-empty _LINE_LEAD can end with
_LEAD_PAIR = _LEAD_LAST | {"\n"}  # ... and the character before those (unless the lead is "]")
# ``S:"Username"=`` (a SecureCRT session key, round 10) is no speaker: a quoted name right after the colon
_SPEAKER_SUFFIX = re.compile(r"[ \t]{0,3}(?:\([^)\n]{0,40}\)|)[ \t]{0,3}(?:\*\*|__|):(?!//|:|\d|\"[A-Za-z\[])")
_PREV_WORD = re.compile(r"([A-Za-z]{2,12}|w/)[.,]?[ \t]{1,3}$")  # the definition of _prev_word (tests)
_ASCII_LETTERS = string.ascii_letters
#: Titles right before a name ("Dr. Okafor", "Ms Lee"); checked like greeting cues.
_HONORIFICS = frozenset({"mr", "mrs", "ms", "mx", "miss", "dr", "prof", "sir", "dame", "rev", "w/"})
#: Titles before a surname (a run's first word): the word after one is a name unless it is a word itself.
_TITLES = frozenset({"mr", "mrs", "ms", "mx", "miss", "dr", "prof", "frau", "herr", "herrn", "mme", "madame", "mlle",
                     "monsieur", "señor", "señora", "sr", "sra", "srta", "sig", "signor", "signora", "dott", "dhr",
                     "mevr", "doña"})
_SIGN_OFFS = frozenset({"regards", "best", "cheers", "thanks", "sincerely", "thank you", "best regards", "kind regards",
               "warm regards", "many thanks", "yours truly", "all the best", "love", "br", "--",
               # the sign-offs of other languages (a name on the next line is a cue)
               "mit freundlichen grüßen", "mit freundlichen grüssen", "viele grüße", "beste grüße", "liebe grüße",
               "freundliche grüße", "herzliche grüße", "grüße", "gruß", "lg", "vg", "mfg", "saludos", "un saludo",
               "atentamente", "cordialmente", "un abrazo", "cordialement", "bien à vous", "bien cordialement",
               "salutations", "meilleures salutations", "amicalement", "bises", "cordiali saluti", "distinti saluti",
               "saluti", "un saluto", "met vriendelijke groet", "met vriendelijke groeten", "vriendelijke groet",
               "groeten", "hartelijke groet", "mvg", "atenciosamente", "cumprimentos", "abraços", "pozdrawiam",
               "med vänlig hälsning", "vänliga hälsningar", "mvh", "venlig hilsen", "med venlig hilsen",
               "ystävällisin terveisin"})
_NAME_PREFIXES = ("Mc", "Mac", "O'", "O’", "De", "Di", "La", "Le", "Van", "Von", "Du")
_GREET_TITLE = frozenset({"Hi", "Hello", "Hey", "Dear", "Thanks", "Cheers", "Regards"})
_LEAD_CUES = GREETING_CUES | _HONORIFICS  # a run's first word that makes the rest a cue context (folded)
_CUE_ENDS = frozenset(cue[-2:] for cue in _LEAD_CUES)  # the last two characters of each
_LOWER = frozenset(string.ascii_lowercase)
_ORG_ENDS = LEGAL_SUFFIXES | ORG_WORDS  # a run's last word (folded, dots stripped) that may end an organisation


def _inline_ends(low: str) -> list[int]:
    """Where the lists after inline people-list labels start (the ends of ``_INLINE_PEOPLE`` matches)."""
    return [m.end() for m in _INLINE_PEOPLE.finditer(low)]


def _inline_ends_of(low: str, present: Iterable[str]) -> list[int]:
    """:func:`_inline_ends` from the inline label words present (usually one): a match is a space
    after one of ``.;,(``, one word, blanks and a colon, so matches of different words never overlap
    and the scan's matches are those of each word, found with ``str.find``, in order."""
    ends = []
    for word in present:
        needle = " " + word
        i = low.find(needle)
        while i >= 0:
            if i and low[i - 1] in _INLINE_BEFORE:
                m = _INLINE_TAIL.match(low, i + len(needle))
                if m is not None:
                    ends.append(m.end())
            i = low.find(needle, i + 1)
    ends.sort()
    return ends


def _prev_word(low: str, s: int) -> str | None:
    """``_PREV_WORD.search(low, max(0, s - 18), s).group(1)`` (None: no match), read from the end.

    The match ends where ``$`` does: at ``s`` after a blank, or before a newline ending the
    window. Before that come all the blanks there (1-3), an optional ``.``/``,``, and the word:
    the last 2-12 ASCII letters inside the window (the leftmost start that reaches the blanks),
    else ``w/``.
    """
    lo = max(0, s - 18)
    if s <= lo:
        return None
    last = low[s - 1]
    end = s if last in " \t" else s - 1 if last == "\n" else -1
    if end <= lo:
        return None
    blanks = low[max(lo, end - 4):end]
    k = len(blanks) - len(blanks.rstrip(" \t"))
    if not 1 <= k <= 3:
        return None
    r = end - k
    if r > lo and low[r - 1] in ".,":
        r -= 1
    word = low[max(lo, r - 12):r]
    head = word.rstrip(_ASCII_LETTERS)
    if len(word) - len(head) >= 2:
        return word[len(head):]
    return "w/" if r - 2 >= lo and low[r - 2:r] == "w/" else None


def _inside(starts, ends, s: int, e: int) -> bool:
    """True when ``[s, e)`` lies inside one claimed span (``starts``/``ends`` sorted, non-overlapping)."""
    i = bisect_right(starts, s) - 1
    return i >= 0 and ends[i] >= e


def _possessive(tok: str) -> str:
    if "'" not in tok and "’" not in tok:
        return tok
    for suf in ("'s", "’s", "'", "’"):
        if tok.endswith(suf) and len(tok) > len(suf) + 1:
            return tok[: -len(suf)]
    return tok


def _is_code(tok: str) -> bool:
    if not tok.isalpha() and not tok.replace("'", "").replace("’", "").isalpha():
        return True  # digits or underscores
    if tok.isupper() or tok[1:].islower() or len(tok) < 2:
        return False
    # camelCase / PascalCase is code, but McDonald, MacArthur and DeShawn are names
    for pre in _NAME_PREFIXES:
        if tok.startswith(pre) and len(tok) > len(pre) + 1 and tok[len(pre)].isupper() \
                and tok[len(pre) + 1:].islower():
            return False
    return True


def _in_code(text: str, s: int, e: int) -> bool:
    """The word at ``s:e`` is a segment of a hyphenated code: upper-case letter segments of at most 6 letters
    and digit segments joined by hyphens, one segment with a digit (looked at 40 characters each way)."""
    a, b = s, e
    while a > 0 and s - a < 40 and (text[a - 1].isalnum() or text[a - 1] == "-"):
        a -= 1
    while b < len(text) and b - e < 40 and (text[b].isalnum() or text[b] == "-"):
        b += 1
    segs = [x for x in text[a:b].split("-") if x]
    return len(segs) >= 2 and any(ch.isdigit() for ch in text[a:b]) and all(
        x.isdigit() or (x.isupper() and x.isascii() and len(x) <= 6) for x in segs)


class NameScanner:
    """Runs the name heuristics and (in strict mode) the strict pass."""

    def __init__(self, lexicon: Lexicon, strict: bool) -> None:
        self.lex = lexicon
        self.strict = strict
        self._boring_memo: dict[str, bool] = {}
        self._kinds: dict[str, tuple[str, str, bool]] = {}
        self._classified: dict[tuple[str, bool, bool], tuple[tuple[Hit, ...], tuple[Hit, ...]]] = {}

    @staticmethod
    def label_regions(text: str, low: str, words: Words | None = None) -> list[tuple[int, int, bool]]:
        """Rest-of-line regions after identity labels, flagged when the label lists people
        (``words``: ``textview.letter_words(low)`` when the caller has it)."""
        if ":" not in text:
            return []
        regions = []
        have = words.set if words is not None else None
        # an inline label is a whole run of letters (a space before it, blanks or a colon after)
        if (have is None or not _INLINE_SET.isdisjoint(have)) and ": " in text:
            for end in _inline_ends(low) if have is None else _inline_ends_of(low, _INLINE_SET.intersection(have)):
                stop = _SENTENCE_END.search(low, end, end + 300)
                regions.append((end, stop.start() if stop else min(len(text), end + 300), True))
        if have is not None and low.isascii():
            needles = [needle for first in _ID_LABEL_FIRST.intersection(have)
                       for ps, needle in _ID_LABEL_PARTS[first] if ps <= have]
            if not needles:
                return regions
            for needle in needles:
                if needle in low:
                    break
            else:
                if _COLON_AFTER_MARK.search(low) is None:
                    return regions
        head = _LABELS_HEAD.match(low)
        matches = _LABELS.finditer(low, head.end() if head else 0)
        for m in itertools.chain((head,), matches) if head else matches:
            end = text.find("\n", m.end())
            end = len(text) if end < 0 else end
            label = " ".join(_LABEL_WORDS.findall(m.group()))
            regions.append((m.end(), min(end, m.end() + 400), label in PEOPLE_LIST_LABELS))
        return regions

    @staticmethod
    def _speaker_lead(text: str, s: int) -> bool:
        """True when only a speaker-label lead (indent, bullet, [time], bold) precedes ``s`` on its line."""
        if not s or text[s - 1] == "\n":
            return True  # an empty lead
        if text[s - 1] not in _LEAD_LAST:
            return False
        # A lead not ending its [...] part ends with two lead characters, or is one at a line start
        # (see _LINE_LEAD): "    # TODO" ends in "# ".
        if s > 1 and text[s - 2] not in _LEAD_PAIR and text[s - 1] != "]":
            return False
        ls = text.rfind("\n", max(0, s - 64), s)
        if ls < 0 and s > 64:
            return False  # a line longer than any speaker-label lead
        return _SPEAKER_PREFIX.fullmatch(text, ls + 1, s) is not None

    def scan(self, text: str, low: str, claimed: Claims | None = None,
             cls: bytes | None = b"", words: Words | None = None) -> tuple[list[Hit], list[Hit]]:
        """(heuristic hits, strict hits); runs inside one span of ``claimed`` (earlier stages) are skipped.

        ``cls`` is ``terms.ascii_classes(text)`` and ``words`` ``textview.letter_words(low)`` when the
        caller has them."""
        heur: list[Hit] = []
        strict: list[Hit] = []
        starts, ends = (claimed.starts, claimed.ends) if claimed is not None else ((), ())
        done: set[int] = set()
        if cls == b"":
            cls = ascii_classes(text)
        runs, subject = (_RUN, text) if cls is None else (_RUN_CLS, cls)
        for rs, re_, people_list in self.label_regions(text, low, words):
            for m in runs.finditer(subject, rs, re_):
                s, e = m.span()
                done.add(s)
                if not _inside(starts, ends, s, e):
                    self._run(text, low, text[s:e], s, e, True, heur, strict)
            if people_list:
                self._lower_names(text, rs, re_, starts, ends, heur)
        memo = self._boring_memo
        boring_of = self._boring_new
        find = text.find
        suffix = _SPEAKER_SUFFIX.match
        speaker = self._speaker_lead
        lead_last, lead_pair = _LEAD_LAST, _LEAD_PAIR
        run_ = self._run
        # Claimed spans are sorted and disjoint, and runs come in order: the only span that can hold
        # a run is the first one ending at or after the run's end, so one index walks both.
        ci, nc = 0, len(ends)
        # The first colon at or after the current run's end (a speaker label needs one within 48).
        colon = find(":")
        if colon < 0:
            colon = len(text) + 48
        # The hot loop: most runs are sentence-initial common words (memoised as boring).
        for s, e in list(map(_SPAN, runs.finditer(subject))):  # the spans in one C-level pass
            if done and s in done:
                continue
            if ci < nc:  # many runs are names already claimed as terms
                while ends[ci] < e:
                    ci += 1
                    if ci == nc:
                        break
                else:
                    if starts[ci] <= s:
                        continue
            run = text[s:e]
            boring = memo.get(run)
            if boring is None:
                boring = boring_of(run)
            if colon < e:
                colon = find(":", e)
                if colon < 0:
                    colon = len(text) + 48
            if colon < e + 48:
                # the lead test first, its first two tests inline: they mostly answer from the two
                # characters before the run (see _speaker_lead)
                before = text[s - 1] if s else "\n"
                cue = (before == "\n" or before in lead_last and (s < 2 or text[s - 2] in lead_pair or before == "]")
                       and speaker(text, s)) and suffix(text, e) is not None
                if boring and not cue:
                    continue
            elif boring:
                continue
            else:
                cue = False
            run_(text, low, run, s, e, cue, heur, strict)
        return join_names(text, heur), strict

    def _lower_names(self, text, rs, re_, starts, ends, heur) -> None:
        """Lower-case names on a label line ("cc: john, mary"): any word that is not a known word."""
        lex = self.lex
        for m in _LOWER_WORD.finditer(text, rs, re_):
            s, e = m.span()
            if _inside(starts, ends, s, e):
                continue
            word = _possessive(m.group())
            if lex.is_name_like(word) and word.lower() not in GREETING_CUES:
                heur.append(new_hit(Hit, (s, s + len(word), "PERSON", "name-after-cue", None)))

    def _run(self, text, low, run, s, e, in_cue, heur, strict) -> None:
        # A call (Foo(), or a ticket, invoice or CVE prefix (INV-2024-4808): the last token is no name.
        # (or a slash: FV/2026/11/0387, WZ/11/0912, round 13)
        call = text.startswith("(", e) or (text[e:e + 1] in ("-", "/") and text[e + 1:e + 2].isdigit())
        if call and " " not in run and "\t" not in run:
            return
        if s > 1 and text[s - 1] == "-" and text[s - 2].isdigit():
            return  # the tail of a code (SN-88213-XK, PN-44721-B)
        if text.startswith("-", e) and len(run) <= 6 and run.isupper() and " " not in run \
                and (tail := _SEGMENT.match(text, e + 1)) is not None and self.lex.is_generic(tail.group()):
            return  # an upper-case code before a common word: a cost centre or team (CPH-Retail, TRD-Platform)
        if text[s - 1:s] == "-" or text.startswith("-", e) or "-" in run:
            last = run.rfind(" ") + 1
            if _in_code(text, s + last, e):  # INV-GF-2026-0871, HV-INV-55102, SKU-PT-2210, TINA-U5 (round 12)
                if last == 0:
                    return
                run = run[:last].rstrip()
                e = s + len(run)
                call = False  # (the run now ends before a blank)
                if not any(ch.isalpha() for ch in run):
                    return
        if text[s - 1:s] == "-" or text.startswith("-", e):
            toks = run.split()
            if flag_or_cmdlet(text, s, s + len(toks[0])):
                if len(toks) == 1:
                    return
                run = run[len(toks[0]) + 1:]
                s = e - len(run)  # Get-Help Invoke-Sqlcmd: the run goes on after the cmdlet's noun
                toks = toks[1:]
            if text.startswith("-", e) and flag_or_cmdlet(text, e - len(toks[-1]), e):
                if len(toks) == 1:
                    return
                run = run[:-len(toks[-1]) - 1]
                e = s + len(run)
        cue = in_cue or self._prose_cue(text, low, s)
        # Classifying reads only the run, the cue, the call flag and (for "Acme, Inc.") the text
        # after a comma, so the result, relative to the run start, is memoised on those.
        key = (text[s:e + 16] if text.startswith(",", e) else run, call, cue)
        found = self._classified.get(key)
        if found is None:
            found = self._classify(text[s:e + 16], run, call, cue)
            if len(self._classified) < 50_000:
                self._classified[key] = found
        rel_heur, rel_strict = found
        for hs, he, cat, rule, _ in rel_heur:
            heur.append(new_hit(Hit, (s + hs, s + he, cat, rule, None)))
        for hs, he, cat, rule, _ in rel_strict:
            strict.append(new_hit(Hit, (s + hs, s + he, cat, rule, None)))

    def _boring(self, run: str) -> bool:
        """True when no token of ``run`` can be (part of) a name outside a cue."""
        hit = self._boring_memo.get(run)
        return self._boring_new(run) if hit is None else hit

    def _boring_new(self, run: str) -> bool:
        """:meth:`_boring` of a run not memoised yet (memoised here)."""
        kinds = self._kinds
        if " " not in run and "\t" not in run:  # most runs are one token
            got = kinds.get(run)
            hit = (got if got is not None else self._kind(run))[2]
        elif (sp := run.split())[0].lower().rstrip(".") in _TITLES and _possessive(sp[1]).lower() not in self.lex.words:
            hit = False  # "Frau Huber", "Mr Walker": a surname that is a word only by its suffix (round 13)
        else:
            hit = True
            for tok in run.split():
                got = kinds.get(tok)
                if got is None:
                    got = self._kind(tok)
                if not got[2]:
                    hit = False
                    break
        if len(self._boring_memo) < 100_000:
            self._boring_memo[run] = hit
        return hit

    # -- per run ------------------------------------------------------------------------------------

    def _classify(self, text, run, call, cue) -> tuple[tuple[Hit, ...], tuple[Hit, ...]]:
        """(heuristic, strict) hits of one run, without its last token when ``call``; ``text`` starts
        at the run, so offsets are relative."""
        heur: list[Hit] = []
        strict: list[Hit] = []
        words = []  # (start, end, token, kind) kind: code|acronym|generic|name
        memo = self._kinds
        toks = run.split()  # the tokens of a run are separated by single blanks
        if call:
            toks.pop()
        ts = 0
        for tok in toks:
            got = memo.get(tok)
            if got is None:
                got = self._kind(tok)
            base, kind, _ = got
            words.append((ts, ts + len(base), base, kind))
            ts += len(tok) + 1
        lead = words[0][2]
        titled = False
        if len(words) > 1 and (lead in _GREET_TITLE or lead.lower() in _LEAD_CUES):
            titled = lead.lower().rstrip(".") in _TITLES
            words = words[1:]
            cue = True
        # Organisation with a legal suffix or organisation word (or "Acme, Inc.": a comma after the run).
        _, last_e, last, _ = words[-1]
        if text.startswith(",", last_e) or last.lower().rstrip(".") in _ORG_ENDS:
            org = self._org(text, words)
            if org is not None:
                return (org,), ()
        if cue:
            self._cue_names(words, heur, titled)
        else:
            self._multiword(words, heur)
        if self.strict:
            for ws, we, _, kind in words:
                if kind == "name" or kind == "acronym":
                    strict.append(new_hit(Hit, (ws, we, "ENTITY", "strict-word", None)))
        return tuple(heur), tuple(strict)

    def _kind(self, tok: str) -> tuple[str, str, bool]:
        """(base, kind, boring) of a token, memoised: ``base`` without a possessive ending, ``kind``
        code|generic|acronym|name, ``boring`` when the token cannot be (part of) a name outside a cue."""
        base = _possessive(tok)
        code = _is_code(base)
        generic = not code and self.lex.is_generic(base)
        if code:
            kind = "code"
        elif generic or len(base) == 1:
            kind = "generic"
        elif base.isupper():
            kind = "acronym"
        else:
            kind = "name"
        # the boring test reads the token itself for code ("ABC's" is code, its base an acronym)
        boring = tok not in _GREET_TITLE and (
            (code if base is tok else _is_code(tok))
            or ((generic if not code else self.lex.is_generic(base)) and base.lower() not in AMBIGUOUS_NAMES))
        got = (base, kind, boring)
        if len(self._kinds) < 100_000:
            self._kinds[tok] = got
        return got

    def _org(self, text, words):
        _, last_e, last, _ = words[-1]
        low_last = last.lower().rstrip(".")
        end = last_e
        if low_last in LEGAL_SUFFIXES or low_last in ORG_WORDS:
            body = words[:-1]
        else:
            # "Acme, Inc." - suffix after a comma
            if not text.startswith(",", last_e):
                return None
            tail = _COMMA_SUFFIX.match(text, last_e, last_e + 16)
            if not tail or tail.group(1).lower() not in LEGAL_SUFFIXES:
                return None
            body = words
            end = tail.end(1)
            low_last = tail.group(1).lower()
        while len(body) > 1 and body[0][3] == "generic":
            body = body[1:]
        if not body or any(w[3] == "code" for w in body):
            return None
        if low_last not in LEGAL_SUFFIXES and not any(w[3] in ("name", "acronym") for w in body):
            return None
        return new_hit(Hit, (body[0][0], end, "ORG", "org-suffix", None))

    def _multiword(self, words, heur) -> None:
        i = 0
        n = len(words)
        while i < n and words[i][3] != "name":
            i += 1
        # the words from the first name up to a code word or acronym; j: the last name among them
        k = j = i
        while k < n:
            kind = words[k][3]
            if kind == "code" or kind == "acronym":
                break
            if kind == "name":
                j = k
            k += 1
        if k - i < 2:
            return
        if j == i:
            j = i + 1
        heur.append(new_hit(Hit, (words[i][0], words[j][1], "PERSON", "proper-name", None)))

    def _cue_names(self, words, heur, titled: bool = False) -> None:
        lex = self.lex
        # after a title (Frau, Herr, Mr, Mme...) a word that is a word only by its suffix is a surname:
        # Huber (hub-er), Weber, Walker, Fischer (round 13)
        flags = [w[3] in ("name", "acronym") or (w[3] == "generic" and (
            lex.is_name_like(w[2]) or (titled and i == 0 and w[2].lower() not in lex.words)))
            for i, w in enumerate(words)]
        if not any(flags) or (len(words) == 1 and len(words[0][2]) == 1):
            return  # a lone letter after a label is a code ("Sex: F", "Grade: B"), not a name (personal round 12)
        i = flags.index(True)
        j = len(flags) - 1 - flags[::-1].index(True)
        if i == j and j + 1 < len(words) and words[j + 1][3] != "code" and len(words) == 2:
            j += 1  # "Avery Example" after a label: keep the pair together
        heur.append(new_hit(Hit, (words[i][0], words[j][1], "PERSON", "name-after-cue", None)))

    # -- cues -------------------------------------------------------------------------------------

    @staticmethod
    def _prose_cue(text: str, low: str, s: int) -> bool:
        before = low[s - 1] if s else "x"
        if before == " " and s > 3:
            # A run after one blank that follows a letter (or a letter and ``.``/``,``): the word
            # before it (see _prev_word) ends at ``r`` with that letter, so it is a cue word only when
            # its last two characters end one, and the line head holds a character that is no blank.
            r = s - 2 if low[s - 2] in ".," else s - 1
            if low[r - 1] in _LOWER and low[r - 2:r] not in _CUE_ENDS:
                return False
        if before not in " \t" and (before != "\n" or low[s - 2:s - 1] not in (" ", "\t")):
            # _PREV_WORD ends in a blank right before s (or before a newline there, where $ also matches)
            if not before.isspace():
                return False  # and the line head is not blank either
            prev = None
        else:
            prev = _prev_word(low, s)
        if prev and prev in _LEAD_CUES \
                and low[s:s + 10].split(" ")[0].strip(",.:;") not in MONTH_NAMES:
            return True
        if s > 1 and text[s - 1] != "\n" and not text[s - 2].isspace():
            return False  # the line head holds that character (or the line is longer than 64)
        head = line_head(text, s, 64)
        if head is None or head.strip():
            return False
        prev_end = s - len(head) - 1
        if prev_end <= 0:
            return False
        prev = line_head(low, prev_end, 64)
        return prev is not None and prev.strip().rstrip(",").strip() in _SIGN_OFFS

