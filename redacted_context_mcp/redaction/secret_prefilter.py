"""The combined keyword prefilter of the secret stage: which rules can match this text at all.

Every rule's literal keywords are collected once into a few literal-led regexes;
one prefilter pass per text runs them and yields the set of keywords present.
A rule then runs only when its cheap gates pass (``chars``, ``min_hex_run``, ``min_run``,
a legacy ``gate``) and one of its keywords is present.

Why several regexes and not one: ``re`` skips through text fastest when a
pattern starts with one literal character, and an alternation of keywords that
start with letters is tried at almost every position (about 30 ms/MB for 150
keywords). So each keyword is *anchored* on a character that is not a letter
(``_ - . : = / $``, a digit, or an upper-case letter of a case-sensitive
keyword), at its start or at its end:

* a keyword starting with a non-letter (``-----begin``, ``.eyj``) is matched in
  the lower-cased text by a regex led by that character;
* a keyword ending with one (``ghp_``, ``glpat-``, ``hvs.``) is matched in the
  *reversed* lower-cased text, where it starts with that character;
* a case-sensitive keyword (``cased``: ``AKIA``, ``EAAA``) starting with an
  upper-case letter or a non-letter is matched in the original text.

Keywords made of letters only at both ends (``datadog``, ``password``) cannot
be anchored; they are tested with ``in`` after the rule's other gates pass,
so such a rule must carry a cheap gate too (tests check this). A scan that only
serves rules gated by a long run (``_lazy``) is dropped the same way: after the
gate, its keywords are looked up in the text near the long runs.

Each regex consumes only its anchor character and captures the rest of the
longest keyword in a lookahead, so matches at every anchor position are seen;
keywords that are prefixes (suffixes, when reversed) of a matched one are added
from a precomputed closure.

Rows recognised by a provider name next to a value (``near`` names, built by
``secret_format_kit.near``) are picked by one more scan: every ``=``/``:``
followed by a 12+ character value, with the names looked up in the 64
characters before it.

Gates on token and hex runs use byte shapes of the text (one translate each,
computed only when a candidate rule needs them) checked at a few fixed levels.

Imports: redaction.secret_kit, redaction.secret_formats (legacy gates).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache

from redacted_context_mcp.redaction.secret_formats import _GATES
from redacted_context_mcp.redaction.secret_kit import SecretRule
from redacted_context_mcp.redaction.secret_kit import trie as _trie
from redacted_context_mcp.redaction.textview import Words, letter_words, parts

#: (a-z words, (other word, what it holds among those words, what else it holds: a shorter a-z word or
#: its a-z runs, whether it is a-z), word -> the rules it chooses) of the plain word rules
_WordPlan = tuple[tuple[str, ...], tuple[tuple[str, tuple[str, ...], tuple[str, ...], bool], ...],
                  dict[str, tuple[int, ...]]]
#: (lower-case words, cased words, (rule, its words, its cased words)) of run-gated word rules
_NearPlan = tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, frozenset[str], frozenset[str]], ...]]
#: (keyword rules failing their gates, free rules chosen, word plan, other word rules to test, near plan)
_Decision = tuple[frozenset[int], frozenset[int], _WordPlan, tuple[int, ...], _NearPlan]

_HEX_TABLE = bytes(0x78 if chr(i) in "0123456789abcdefABCDEF" else 0x20 for i in range(256))


_RUN_TABLE = bytes(
    0x74 if chr(i) in "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/=_-" else 0x20
    for i in range(256)
)


def _ascii(text: str) -> bytes:
    """One byte per character (non-ASCII characters become ``?``), so byte offsets are text offsets."""
    return text.encode("ascii", "replace")


#: A ``near`` name must start within this many characters before its assignment operator
#: (name + key glue + quotes; see ``secret_format_kit.near``); a keyword tested with ``in`` of a
#: rule gated by a 20+ run must lie within this many characters before that run, or inside it.
WORD_WINDOW = 64
#: Keywords of rules gated by a run at least this long need no scan of their own (see ``_lazy``).
_LAZY_RUN = 20
#: ... and only for scans of at most this many keywords (each is then one ``in`` test).
_LAZY_SIZE = 4
#: Beyond this many runs in one text, word keywords are looked up in the whole text instead.
_MAX_WINDOWS = 48


#: Anchor preference, rarest first; a keyword is anchored on whichever end ranks earlier.
_RANK = "$~^|\\`!%&*+<>{}#@?\"';[]()/=:0987654321-.,_ "


def anchorable(keyword: str, cased: bool = False) -> bool:
    """Whether ``keyword`` can be found by the literal-led scan (else it is tested with ``in``)."""
    if not keyword or keyword[0] == " ":
        return False
    if cased:
        return not keyword[0].islower()
    return not keyword[0].isalpha() or (not keyword[-1].isalpha() and keyword[-1] != " ")


class Prefilter:
    """Keyword scan and gate evaluation for one tuple of rules."""

    def __init__(self, rules: tuple[SecretRule, ...]) -> None:
        self.rules = rules
        groups: dict[tuple[str, str], set[str]] = {}  # (view, anchor) -> keywords as scanned
        self.words: set[str] = set()  # lower-case keywords tested with ``in``
        self.cased_words: set[str] = set()  # case-sensitive keywords tested with ``in``
        # How many keywords could share each scan: a keyword anchorable at both ends joins the
        # scan more keywords can use, so the number of scans (each ~0.3 ms/MB) stays small.
        self.popular: dict[tuple[str, str], int] = {}
        for rule in rules:
            for kw in rule.keywords:
                for opt in self._options(kw, cased=False):
                    self.popular[opt] = self.popular.get(opt, 0) + 1
        for rule in rules:
            for kw in rule.keywords:
                self._place(groups, kw, cased=False)
            for kw in rule.cased:
                self._place(groups, kw, cased=True)
        self._lazy(rules, groups)
        #: (view, anchor, regex, closure): view is "low", "rev" or "text"; closure maps a matched
        #: string (anchor + captured rest, as scanned) to every keyword it implies.
        self.scans: list[tuple[str, str, re.Pattern[str], dict[str, tuple[str, ...]]]] = []
        for (view, anchor), scanned in sorted(groups.items()):
            rests = sorted(s[1:] for s in scanned)
            rx = re.compile(re.escape(anchor) + "(?=(" + _trie(rests) + "))") if any(rests) else re.compile(
                re.escape(anchor) + "()"
            )
            closure: dict[str, tuple[str, ...]] = {}
            for s in scanned:
                implied = [t for t in scanned if s.startswith(t)]
                closure[s] = tuple(t[::-1] if view == "rev" else t for t in implied)
            self.scans.append((view, anchor, rx, closure))
        self.needs_rev = any(v == "rev" for v, _, _, _ in self.scans)
        self._plan()

    def _lazy(self, rules: tuple[SecretRule, ...], groups: dict[tuple[str, str], set[str]]) -> None:
        """Drop scans that only serve strongly gated rules: their keywords are then tested with ``in``.

        A scan costs about 0.3 ms/MB even when it finds nothing; a rule that also needs a
        run of 32+ token or hex characters rarely passes that gate, so testing its keywords
        with ``in`` after the gate is cheaper than scanning every text for them.
        """
        weak: set[str] = set()
        for rule in rules:
            if rule.min_run < _LAZY_RUN and rule.min_hex_run < _LAZY_RUN:
                weak.update(rule.keywords)
                weak.update(rule.cased)
        for key in list(groups):
            view = key[0]
            kws = {k[::-1] if view == "rev" else k for k in groups[key]}
            if not kws & weak and len(kws) <= _LAZY_SIZE:
                del groups[key]
                (self.cased_words if view == "text" else self.words).update(kws)

    @staticmethod
    def _options(kw: str, *, cased: bool) -> list[tuple[str, str]]:
        if not anchorable(kw, cased):
            return []
        if cased:
            return [("text", kw[0])]  # case-sensitive keywords are scanned forward in the original text
        opts = []
        if not kw[0].isalpha():
            opts.append(("low", kw[0]))
        if not kw[-1].isalpha() and kw[-1] != " ":
            opts.append(("rev", kw[-1]))
        return opts

    def _place(self, groups: dict[tuple[str, str], set[str]], kw: str, *, cased: bool) -> None:
        opts = self._options(kw, cased=cased)
        if not opts:
            (self.cased_words if cased else self.words).add(kw)
            return
        view, anchor = max(opts, key=lambda o: (self.popular.get(o, 0), -_RANK.find(o[1])))
        groups.setdefault((view, anchor), set()).add(kw[::-1] if view == "rev" else kw)

    def present(self, text: str, low: str, rev: str | None = None) -> set[str]:
        """Every anchored keyword (and cased keyword) occurring in the text (``rev``: ``low`` reversed)."""
        found: set[str] = set()
        if rev is None:
            rev = low[::-1] if self.needs_rev else ""
        for view, anchor, rx, closure in self.scans:
            src = low if view == "low" else rev if view == "rev" else text
            if anchor not in src:  # a memchr: far cheaper than a regex scan that finds nothing
                continue
            hits = rx.findall(src)
            if hits:
                for rest in set(hits):
                    found.update(closure.get(anchor + rest, ()))
        return found

    def _plan(self) -> None:
        """Index rules by anchored keyword; rules that can pass without one are grouped by their gates."""
        self.by_kw: dict[str, list[int]] = {}
        #: per rule: (rule, gate keys, words, cased words, free); ``free`` rules have no keyword at all
        self.checks: list[tuple[SecretRule, tuple[tuple[str, int | str], ...], tuple[str, ...], tuple[str, ...],
            bool]] = []
        for i, rule in enumerate(self.rules):
            words = tuple(k for k in rule.keywords if k in self.words)
            cased_words = tuple(k for k in rule.cased if k in self.cased_words)
            anchored = [k for k in rule.keywords + rule.cased if k not in words and k not in cased_words]
            for k in anchored:
                self.by_kw.setdefault(k, []).append(i)
            keys: list[tuple[str, int | str]] = []
            if not rule.near:  # near rows are picked by name and assignment; their regex is the check
                if rule.chars:
                    keys.append(("chars", rule.chars))
                if rule.gate:
                    keys.append(("gate", rule.gate))
                if rule.min_hex_run:
                    keys.append(("hex", _level("hex", rule.min_hex_run)))
                if rule.min_run:
                    keys.append(("run", _level("run", rule.min_run)))
            free = not (rule.keywords or rule.cased or rule.near)
            self.checks.append((rule, tuple(keys), words, cased_words, free))
        #: rules whose word test is plain (lower-case words anywhere in the text, no cased words):
        #: rule index -> its words; decided together for all such rules of a text (``_word_rules``)
        self.plain_words: dict[int, frozenset[str]] = {
            i: frozenset(words) for i, (rule, _, words, cased_words, free) in enumerate(self.checks)
            if words and not cased_words and not free and not rule.near
            and max(rule.min_run, rule.min_hex_run) < 20
        }
        #: rules that can be chosen without an anchored keyword, grouped by their gates (cheapest
        #: first): (gates, free rules, plain word rules, other word rules); one gate check per group
        groups: dict[tuple[tuple[str, int | str], ...], tuple[list[int], list[int], list[int]]] = {}
        for i, (rule, keys, words, cased_words, free) in enumerate(self.checks):
            if rule.near or not (free or words or cased_words):
                continue
            g = groups.setdefault(tuple(sorted(keys, key=_gate_cost)), ([], [], []))
            (g[0] if free else g[1] if i in self.plain_words else g[2]).append(i)
        self.groups = tuple((keys, tuple(f), tuple(p), tuple(o)) for keys, (f, p, o) in sorted(
            groups.items(), key=lambda kv: [_gate_cost(k) for k in kv[0]]))
        all_keys = {k for _, keys, _, _, _ in self.checks for k in keys}
        self._gate_chars = tuple(sorted({c for kind, arg in all_keys if kind == "chars" for c in str(arg)}))
        self._char_index = {c: n for n, c in enumerate(self._gate_chars)}
        self._run_args = tuple(sorted({int(arg) for kind, arg in all_keys if kind in ("run", "hex")}))
        self._run_index = {a: n for n, a in enumerate(self._run_args)}
        self._hex_args = tuple(sorted({int(arg) for kind, arg in all_keys if kind == "hex"}))
        self._hex_index = {a: n for n, a in enumerate(self._hex_args)}
        self._gate_names = tuple(sorted({str(arg) for kind, arg in all_keys if kind == "gate"}))
        self._gate_index = {g: n for n, g in enumerate(self._gate_names)}
        self._confirmed = frozenset(i for i, r in enumerate(self.rules) if r.confirm is not None)
        self._decisions: dict[tuple[tuple[bool, ...], int, int, tuple[bool, ...]], _Decision] = {}
        # A near row whose value is a run of 20+ has its assignment and name within WORD_WINDOW characters
        # before that run (or inside it): only the long runs' windows are scanned for them. The other
        # rows' names are looked up in the letter-run view first.
        windowed: dict[str, list[int]] = {}
        assigned: dict[str, list[int]] = {}
        for i, rule in enumerate(self.rules):
            if rule.near:
                long = (max(rule.min_run, rule.min_hex_run) >= 20
                        and max(map(len, rule.near)) + _NEAR_GLUE <= WORD_WINDOW)
                for n in rule.near:
                    (windowed if long else assigned).setdefault(n, []).append(i)
        self.near_windowed = _near_scan(windowed)
        self.near_assigned = _near_scan(assigned)
        self.near_words = tuple(n for n in assigned if parts(n) == (n,))  # a-z names: one test each
        self.near_parts = tuple(parts(n) for n in assigned if parts(n) != (n,))

    @staticmethod
    def _near_picked(scan: _NearScan, names: Iterable[str]) -> set[int]:
        out: set[int] = set()
        closure, by_name = scan[1], scan[2]
        for n in names:
            for m in closure.get(n, ()):
                out.update(by_name[m])
        return out

    def _near_rules(self, text: str, low: str, scan: _NearScan) -> set[int]:
        """Rules with a ``near`` name in the 64 characters before an assignment with a long value."""
        rx = scan[0]
        names: set[str] = set()
        count = 0
        for op in _ASSIGNS:
            if op.pattern[0] not in text:
                continue
            for m in op.finditer(text):
                count += 1
                if count > _MAX_ASSIGNS:
                    names.update(rx.findall(low))
                    break
                p = m.start()
                names.update(rx.findall(low, max(0, p - WORD_WINDOW), p))
            if count > _MAX_ASSIGNS:
                break
        return self._near_picked(scan, names)

    def _features(self, st: _State) -> tuple[tuple[bool, ...], int, int, tuple[bool, ...]]:
        """What every gate of the table depends on, from a few C-level tests: which gate characters
        occur, how many run levels and hex levels pass, and the legacy gate regexes."""
        text = st.text
        chars = tuple(map(text.__contains__, self._gate_chars))
        longest = st.runs()[0]
        hexes = 0
        if longest:
            hx = st.hex_shape()
            for a in self._hex_args:
                if longest < a or b"x" * a not in hx:
                    break
                hexes += 1
        gates = tuple(_GATES[g].search(text) is not None for g in self._gate_names)
        return chars, bisect_right(self._run_args, longest), hexes, gates

    def _decide(self, feats: tuple[tuple[bool, ...], int, int, tuple[bool, ...]]) -> _Decision:
        """Which gates pass for ``feats``: the keyword rules that fail them, the free rules chosen,
        the word plan of the plain word rules and the other word rules to test."""
        chars, runs, hexes, gates = feats
        ci, ri, hi, gi = self._char_index, self._run_index, self._hex_index, self._gate_index

        def ok(key: tuple[str, int | str]) -> bool:
            kind, arg = key
            if kind == "chars":
                return any(chars[ci[c]] for c in str(arg))
            if kind == "run":
                return runs > ri[int(arg)]
            if kind == "hex":
                return hexes > hi[int(arg)]
            if kind == "gate":
                return gates[gi[str(arg)]]
            return True

        fails = frozenset(i for i, (_, keys, _, _, _) in enumerate(self.checks) if keys and not all(map(ok, keys)))
        free: list[int] = []
        pending: list[int] = []
        other: list[int] = []
        for keys, f, pl, ot in self.groups:
            if all(map(ok, keys)):
                free += f
                pending += pl
                other += ot
        near = [i for i in other if max(self.rules[i].min_run, self.rules[i].min_hex_run) >= 20]
        other = [i for i in other if i not in near]
        near_plan = (tuple(sorted({k for i in near for k in self.checks[i][2]})),
                     tuple(sorted({k for i in near for k in self.checks[i][3]})),
                     tuple((i, frozenset(self.checks[i][2]), frozenset(self.checks[i][3])) for i in near))
        needed = sorted({k for i in pending for k in self.plain_words[i]})
        az = [k for k in needed if parts(k) == (k,)]
        # an a-z word holding another needed one (``passw`` holds ``pass``) is only tested when that one is in
        within = {k: max((b for b in az if b != k and b in k), key=len, default="") for k in az}
        first = tuple(k for k in az if not within[k])
        held = [(k, (within[k],), True) for k in az if within[k]]
        # a word framed by blanks (``env ``) sits in ``joined`` as it does in the text
        held += [(k, parts(k), parts(k) == (k.strip(" "),)) for k in needed if parts(k) != (k,)]
        by_word: dict[str, tuple[int, ...]] = {
            k: tuple(i for i in pending if k in self.plain_words[i]) for k in needed}
        tested = set(first)  # what a held word holds is read from the first words' results when it is one
        plan = (first,
                tuple((k, tuple(p for p in kp if p in tested), tuple(p for p in kp if p not in tested), a)
                      for k, kp, a in held),
                by_word)
        return fails, frozenset(free), plan, tuple(other), near_plan

    def selected(self, text: str, low: str, words: Words | None = None) -> list[SecretRule]:
        """The rules whose prefilters pass on ``text`` (``low``: its lower-cased form, ``words``:
        ``textview.letter_words(low)`` when the caller has it), in table order."""
        st = _State(text, low, words)
        feats = self._features(st)
        dec = self._decisions.get(feats)
        if dec is None:
            dec = self._decide(feats)
            if len(self._decisions) < 4096:
                self._decisions[feats] = dec
        fails, free, plan, other, near_plan = dec
        chosen = set(free)
        rev = low[::-1] if self.needs_rev or self._confirmed else ""
        found = self.present(text, low, rev)
        if found:
            by_kw = self.by_kw
            hit: set[int] = set()
            for k in found:
                hit.update(by_kw.get(k, ()))
            chosen |= hit - fails
        if self.near_windowed is not None and st.runs()[0]:  # their assignments lie in the long runs' windows
            chosen.update(self._near_rules(*st.near_runs(), self.near_windowed))
        if self.near_assigned is not None:
            has = st.letter_words().joined.__contains__
            if any(map(has, self.near_words)) or any(all(map(has, p)) for p in self.near_parts):
                chosen.update(self._near_rules(text, low, self.near_assigned))
        if near_plan[2]:  # run-gated rules: their words within the windows of the long runs
            near_text, near_low = st.near_runs()
            have = set(filter(near_low.__contains__, near_plan[0]))
            cased = set(filter(near_text.__contains__, near_plan[1]))
            if have or cased:
                chosen.update(i for i, ws, cs in near_plan[2] if not (have.isdisjoint(ws) and cased.isdisjoint(cs)))
        checks = self.checks
        for i in other:
            rule, _, words_i, cased_words, _ = checks[i]
            if st.words(rule, words_i, cased_words):
                chosen.add(i)
        if plan[2]:
            chosen.update(self._word_rules(plan, low, st.letter_words()))
        rules = self.rules
        for i in chosen & self._confirmed:
            rx = rules[i].confirm
            if rx is not None and rx.search(rev) is None:
                chosen.discard(i)
        return [rules[i] for i in sorted(chosen)]

    @staticmethod
    def _word_rules(plan: _WordPlan, low: str, words: Words) -> list[int]:
        """The rules of ``plan`` with one of their words in the text: every word they use tested once."""
        joined = words.joined
        have = set(filter(joined.__contains__, plan[0]))  # a-z words: the letter-run view holds them exactly
        has = joined.__contains__
        for k, known, rest, az in plan[1]:  # other words: what they hold first (a shorter word, a-z runs)
            if have.issuperset(known) and all(map(has, rest)) and k in (joined if az else low):
                have.add(k)
        by_word = plan[2]
        return [i for k in have for i in by_word[k]]


#: (lookahead regex of every name, name -> names it implies, name -> rules) of a group of near rows
_NearScan = tuple[re.Pattern[str], dict[str, tuple[str, ...]], dict[str, list[int]]]


def _near_scan(by_name: dict[str, list[int]]) -> _NearScan | None:
    """Every start position, longest name first; shorter names that prefix it come from the closure."""
    if not by_name:
        return None
    names = sorted(by_name, key=len, reverse=True)
    closure = {n: tuple(m for m in names if n.startswith(m)) for n in names}
    return re.compile("(?=(" + _trie(names) + "))"), closure, by_name


#: What ``secret_format_kit.near`` allows between a name's start and the value, beyond the name:
#: 24 key characters and an operator of at most 10 (blanks, quotes, ``=>``).
_NEAR_GLUE = 34

#: Gate levels: a rule asking for a run of N is gated on the longest level <= N (still a necessary
#: condition), so a text is checked against a handful of levels and not one per rule.
_LEVELS = {"hex": (20, 32, 40, 64), "run": (20, 24, 32, 40, 64, 100)}


def _level(kind: str, n: int) -> int:
    best = n
    for lv in _LEVELS[kind]:
        if lv <= n:
            best = lv
    return best


def _gate_cost(key: tuple[str, int | str]) -> tuple[int, str]:
    """Evaluation order of a rule's gates: characters (memchr) before runs, hex runs and regexes."""
    return ({"chars": 0, "run": 1, "hex": 2, "gate": 3}.get(key[0], 4), str(key[1]))


#: An assignment operator followed (within 6 characters) by a value of 12+ token characters:
#: where the ``near`` rows' values sit. Literal-led, one scan per operator character.
_ASSIGNS = tuple(
    re.compile(op + r"(?=>?[\s\"'`]{0,5}[A-Za-z0-9_\-+/=]{12})") for op in ("=", ":")
)
#: Beyond this many assignments in one text, ``near`` names are looked up in the whole text.
_MAX_ASSIGNS = 64


#: Maximal token runs at least as long as the shortest gate level.
_RUN_SPANS = re.compile(b"t" * 20 + b"t*")
_T20 = b"t" * 20


class _State:
    """Per-text memo of the cheap gates: characters present, token and hex runs, text near runs."""

    __slots__ = ("text", "low", "memo", "_raw", "_runs", "_hex", "_near", "_words")

    def __init__(self, text: str, low: str, words: Words | None = None) -> None:
        self.text, self.low = text, low
        self._words = words
        self.memo: dict[tuple[object, ...], bool] = {}
        self._raw: bytes | None = None
        self._runs: tuple[int, list[tuple[int, int]]] | None = None
        self._hex: bytes | None = None
        self._near: tuple[str, str] | None = None

    def raw(self) -> bytes:
        """The text as one byte per character (encoded once for both shapes)."""
        b = self._raw
        if b is None:
            b = self._raw = _ascii(self.text)
        return b

    def runs(self) -> tuple[int, list[tuple[int, int]]]:
        """(longest token run, spans of every run of 20+), from one translate and one literal-led scan."""
        r = self._runs
        if r is None:
            shape = self.raw().translate(_RUN_TABLE)
            if _T20 not in shape:  # a memchr-speed search: most texts have no run this long
                r = self._runs = (0, [])
            else:
                spans = [m.span() for m in _RUN_SPANS.finditer(shape)]
                r = self._runs = (max((e - s for s, e in spans), default=0), spans)
        return r

    def hex_shape(self) -> bytes:
        """``x`` for every hex character of the text, a space for anything else."""
        if self._hex is None:
            self._hex = self.raw().translate(_HEX_TABLE)
        return self._hex

    def letter_words(self) -> Words:
        lw = self._words
        if lw is None:
            lw = self._words = letter_words(self.low)
        return lw

    def near_runs(self) -> tuple[str, str]:
        """The text (and its lower-cased form) of every run of 20+ with WORD_WINDOW characters before it."""
        nr = self._near
        if nr is None:
            spans = self.runs()[1]
            if len(spans) > _MAX_WINDOWS:
                nr = (self.text, self.low)
            else:
                cuts: list[tuple[int, int]] = []
                for s, e in spans:  # overlapping windows merged: lines of a key block are read once
                    a = max(0, s - WORD_WINDOW)
                    if cuts and a < cuts[-1][1]:
                        cuts[-1] = (cuts[-1][0], e)
                    else:
                        cuts.append((a, e))
                nr = ("\0".join([self.text[a:b] for a, b in cuts]), "\0".join([self.low[a:b] for a, b in cuts]))
            self._near = nr
        return nr

    def words(self, rule: SecretRule, words: tuple[str, ...], cased_words: tuple[str, ...]) -> bool:
        """A keyword tested with ``in``: near a long run for run-gated rules, else anywhere."""
        if max(rule.min_run, rule.min_hex_run) >= 20:
            text, low = self.near_runs()
            near = True
        else:
            text, low, near = self.text, self.low, False
        memo = self.memo
        for k in words:
            mk = (near, k)
            has = memo.get(mk)
            if has is None:
                if near:
                    has = k in low
                else:
                    # the letter runs of the text first: a quarter of its length, computed once
                    lw = self._words
                    if lw is None:
                        lw = self._words = letter_words(low)
                    kp = _LETTER_PARTS.get(k)
                    if kp is None:
                        kp = _LETTER_PARTS[k] = parts(k)
                    joined = lw.joined
                    has = all(p in joined for p in kp) and (kp == (k,) or k in low)
                memo[mk] = has
            if has:
                return True
        for k in cased_words:
            mk = (near, k, True)
            has = memo.get(mk)
            if has is None:
                has = memo[mk] = k in text
            if has:
                return True
        return False


_LETTER_PARTS: dict[str, tuple[str, ...]] = {}


@lru_cache(maxsize=32)
def prefilter_for(rules: tuple[SecretRule, ...]) -> Prefilter:
    """The (cached) prefilter of a tuple of rules."""
    return Prefilter(rules)
