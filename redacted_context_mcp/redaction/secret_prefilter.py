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
from a precomputed closure. It reads the text from the anchor's first place to its
last (plus the longest keyword), found with a memchr and a memrchr.

Rows recognised by a provider name next to a value (``near`` names, built by
``secret_format_kit.near``) are picked by one more scan: every ``=``/``:``
followed by a 12+ character value, with the names looked up in the 64
characters before it (:mod:`redaction.secret_near`).

Gates on token and hex runs use byte shapes of the text (one translate each,
computed only when a candidate rule needs them) checked at a few fixed levels;
the per-text memo of those shapes is :class:`~redaction.secret_gates.TextGates`.
A row without a declared ``min_run`` is gated on the run its regex implies
(:func:`~redaction.secret_gates.regex_run`). Each combination of gate facts is
decided once: which rows fail, and which keyword scans are worth running (a scan
whose keywords only choose failing rows, or led by an absent gate character, is
dropped; one left with a few of its keywords first asks the letter-run view for
their letters; one left with a single keyword is a literal regex).

Imports: redaction.secret_kit, redaction.secret_gates, redaction.secret_near, redaction.runhits, redaction.textview,
redaction.secret_formats (legacy gates).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from typing import Any

from redacted_context_mcp.redaction.runhits import RunHits
from redacted_context_mcp.redaction.secret_formats import _GATES
from redacted_context_mcp.redaction.secret_gates import (
    PRE_NARROWED,
    TextGates,
    first_literal,
    gate_cost,
    level,
    pregate,
    regex_run,
)
from redacted_context_mcp.redaction.secret_kit import SecretRule
from redacted_context_mcp.redaction.secret_kit import trie as _trie
from redacted_context_mcp.redaction.secret_near import NearPick
from redacted_context_mcp.redaction.textview import Words, parts

#: A word of several letter runs: (word, its letter runs of two or more, its one-character runs, whether
#: ``joined`` answers it).
_Multi = tuple[str, tuple[str, ...], tuple[str, ...], bool]
#: (the words needed that are one letter run each, (the other words keyed by their first run of two or more,
#: those without one), word -> the rules it chooses) of the plain word rules
_WordPlan = tuple[frozenset[str], tuple[dict[str, tuple[_Multi, ...]], tuple[_Multi, ...]],
                  dict[str, tuple[int, ...]]]
#: (lower-case words, cased words, (rule, its words, its cased words)) of run-gated word rules
_NearPlan = tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, frozenset[str], frozenset[str]], ...]]
#: (view, anchor, regex, closure, pregate, reach) of a scan to run; a closure keyed by "" belongs to a regex
#: of one whole keyword (as scanned), and maps to that keyword; ``reach``: the longest string it scans for
_LiveScan = tuple[str, str, re.Pattern[str], dict[str, tuple[str, ...]], "tuple[str, ...] | None", int]
#: (keyword rules failing their gates, free rules chosen, word plan, other word rules to test, near plan,
#: the scans to run)
_Decision = tuple[frozenset[int], frozenset[int], _WordPlan, tuple[int, ...], _NearPlan, tuple[_LiveScan, ...]]

#: Keywords of rules gated by a run at least this long need no scan of their own (see ``_lazy``).
_LAZY_RUN = 20
#: ... and only for scans of at most this many keywords (each is then one ``in`` test).
_LAZY_SIZE = 4
#: At most this many scan verdicts are kept (a narrowed one compiles a regex, about 0.1 ms once).
_MAX_NARROWED = 1024


#: Anchor preference, rarest first; a keyword is anchored on whichever end ranks earlier.
_RANK = "$~^|\\`!%&*+<>{}#@?\"';[]()/=:0987654321-.,_ "


def anchorable(keyword: str, cased: bool = False) -> bool:
    """Whether ``keyword`` can be found by the literal-led scan (else it is tested with ``in``)."""
    if not keyword or keyword[0] == " ":
        return False
    if cased:
        return not keyword[0].islower()
    return not keyword[0].isalpha() or (not keyword[-1].isalpha() and keyword[-1] != " ")


def _scan(view: str, anchor: str, scanned: set[str] | frozenset[str]) -> tuple[
        re.Pattern[str], dict[str, tuple[str, ...]]]:
    """The literal-led regex of keywords ``scanned`` (as scanned: reversed for "rev") and its closure."""
    rests = sorted(s[1:] for s in scanned)
    rx = re.compile(re.escape(anchor) + "(?=(" + _trie(rests) + "))") if any(rests) else re.compile(
        re.escape(anchor) + "()"
    )
    closure: dict[str, tuple[str, ...]] = {}
    for s in scanned:
        implied = [t for t in scanned if s.startswith(t)]
        closure[s] = tuple(t[::-1] if view == "rev" else t for t in implied)
    return rx, closure


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
            self.scans.append((view, anchor, *_scan(view, anchor, scanned)))
        self.needs_rev = any(v == "rev" for v, _, _, _ in self.scans)
        #: per scan: the letter-run view's needles one of which it needs, or None (see ``secret_gates.pregate``)
        self.pregates = tuple(pregate(view, anchor, closure) for view, anchor, _, closure in self.scans)
        self._all: tuple[_LiveScan, ...] = tuple((*scan, pre, max(map(len, scan[3])))
                                                 for scan, pre in zip(self.scans, self.pregates))
        #: (scan, which of its rules fail) -> the scan as run, or None (at most _MAX_NARROWED kept)
        self._live_memo: dict[tuple[int, frozenset[int]], _LiveScan | None] = {}
        self._plan()
        #: per scan: each scanned string -> its rules, those strings, all their rules (fixed for the table:
        #: built once here, not by the first decision)
        self._scan_rules = self._scan_rule_sets()

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

    def present(self, text: str, low: str, rev: str | None = None, joined: str | None = None,
                live: tuple[_LiveScan, ...] | None = None) -> set[str]:
        """Every anchored keyword (and cased keyword) occurring in the text (``rev``: ``low`` reversed,
        ``joined``: the letter-run view of ``low``, ``live``: the scans to run, default all)."""
        found: set[str] = set()
        if rev is None:
            rev = low[::-1] if self.needs_rev else ""
        for view, anchor, rx, closure, pre, reach in self._all if live is None else live:
            src = low if view == "low" else rev if view == "rev" else text
            start = src.find(anchor)  # a memchr: far cheaper than a regex scan that finds nothing
            if start < 0:
                continue
            if pre is not None and joined is not None and not any(map(joined.__contains__, pre)):
                continue  # a search of the letter-run view, a quarter of the text's length
            # every match starts at an anchor and reads at most ``reach`` characters: the regex walks
            # from the first anchor to the last (memchr and memrchr find them), about half the text
            end = src.rfind(anchor) + reach
            if "" in closure:  # a narrowed scan of one keyword, written out: found or not
                if rx.search(src, start, end) is not None:
                    found.update(closure[""])
                continue
            hits = rx.findall(src, start, end)
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
                    keys.append(("hex", level("hex", rule.min_hex_run)))
                run = rule.min_run
                if run < 20 and not rule.on_lower:  # a row may imply a run it does not declare
                    derived = regex_run(rule.regex)
                    if derived >= 20:  # (a shorter run gate is no gate: runs() only sees runs of 20+)
                        run = derived
                if run >= 20:  # runs() only sees runs of 20+: a shorter declared run would wrongly fail
                    keys.append(("run", level("run", run)))
            free = not (rule.keywords or rule.cased or rule.near)
            self.checks.append((rule, tuple(keys), words, cased_words, free))
        #: rules whose word test is plain (lower-case words anywhere in the text, no cased words):
        #: rule index -> its words; decided together for all such rules of a text (``_word_rules``)
        self.plain_words: dict[int, frozenset[str]] = {
            i: frozenset(words) for i, (rule, _, words, cased_words, free) in enumerate(self.checks)
            if words and not cased_words and not free and not rule.near
            and max(rule.min_run, rule.min_hex_run) < 20
        }
        # per plain word, fixed for the table: its letter runs and the rules it chooses (each decision reads
        # these instead of deriving them again)
        plain = sorted({w for ws in self.plain_words.values() for w in ws})
        self._word_parts = {w: parts(w) for w in plain}
        self._word_users = {w: tuple(i for i, ws in self.plain_words.items() if w in ws) for w in plain}
        #: per plain word: None for one letter run of two or more (answered by ``run_hits``), else
        #: (word, its runs of two or more, its one-letter runs, whether ``joined`` answers it: a word
        #: framed by blanks, ``env ``, sits in ``joined`` as it does in the text)
        self._word_entries: dict[str, _Multi | None] = {}
        for w in plain:
            wp = self._word_parts[w]
            self._word_entries[w] = None if wp == (w,) and len(w) > 1 else (
                w, tuple(p for p in wp if len(p) > 1), tuple(p for p in wp if len(p) == 1), wp == (w.strip(" "),))
        #: plain word rules passing their gates -> their word plan (decisions share it)
        self._plans: dict[frozenset[int], _WordPlan] = {}
        #: every letter run of two or more characters of a plain word, found per text from its runs (remembered)
        self.run_hits = RunHits({p for w in plain for p in self._word_parts[w] if len(p) > 1})
        #: rules that can be chosen without an anchored keyword, grouped by their gates (cheapest
        #: first): (gates, free rules, plain word rules, other word rules); one gate check per group
        groups: dict[tuple[tuple[str, int | str], ...], tuple[list[int], list[int], list[int]]] = {}
        for i, (rule, keys, words, cased_words, free) in enumerate(self.checks):
            if rule.near or not (free or words or cased_words):
                continue
            g = groups.setdefault(tuple(sorted(keys, key=gate_cost)), ([], [], []))
            (g[0] if free else g[1] if i in self.plain_words else g[2]).append(i)
        self.groups = tuple((keys, tuple(f), tuple(p), tuple(o)) for keys, (f, p, o) in sorted(
            groups.items(), key=lambda kv: [gate_cost(k) for k in kv[0]]))
        all_keys = {k for _, keys, _, _, _ in self.checks for k in keys}
        #: gate key -> the rules that carry it (a rule fails when any of its keys fails)
        key_rules: dict[tuple[str, int | str], set[int]] = {}
        for i, (_, keys, _, _, _) in enumerate(self.checks):
            for k in keys:
                key_rules.setdefault(k, set()).add(i)
        self._key_rules = {k: frozenset(v) for k, v in key_rules.items()}
        self._gate_chars = tuple(sorted({c for kind, arg in all_keys if kind == "chars" for c in str(arg)}))
        self._char_index = {c: n for n, c in enumerate(self._gate_chars)}
        self._run_args = tuple(sorted({int(arg) for kind, arg in all_keys if kind in ("run", "hex")}))
        self._run_index = {a: n for n, a in enumerate(self._run_args)}
        self._hex_args = tuple(sorted({int(arg) for kind, arg in all_keys if kind == "hex"}))
        self._hex_index = {a: n for n, a in enumerate(self._hex_args)}
        self._gate_names = tuple(sorted({str(arg) for kind, arg in all_keys if kind == "gate"}))
        self._gate_index = {g: n for n, g in enumerate(self._gate_names)}
        ci, ri, hi, gi = self._char_index, self._run_index, self._hex_index, self._gate_index
        #: per gate key: (key, kind, the feature index or indexes it reads)
        self._key_tests: tuple[tuple[tuple[str, int | str], str, Any], ...] = tuple(
            (k, k[0], tuple(ci[c] for c in str(k[1])) if k[0] == "chars" else ri[int(k[1])] if k[0] == "run"
             else hi[int(k[1])] if k[0] == "hex" else gi[str(k[1])] if k[0] == "gate" else None)
            for k in self._key_rules)
        #: word rules gated by a run of 20+ (their words are looked up near the long runs): rule -> (rule,
        #: its words, its cased words)
        self._run_gated = {i: (i, frozenset(words), frozenset(cased_words))
                           for i, (rule, _, words, cased_words, _) in enumerate(self.checks)
                           if max(rule.min_run, rule.min_hex_run) >= 20}
        self._confirmed = frozenset(i for i, r in enumerate(self.rules) if r.confirm is not None)
        #: rule -> the character every match of its confirm scan starts with ("" if none)
        self._confirm_lead = {i: first_literal(self.rules[i].confirm) for i in self._confirmed}
        self._decisions: dict[tuple[tuple[bool, ...], int, int, tuple[bool, ...]], _Decision] = {}
        self.near = NearPick(self.rules)

    def _features(self, st: TextGates) -> tuple[tuple[bool, ...], int, int, tuple[bool, ...]]:
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

    def _decide(self, feats: tuple[tuple[bool, ...], int, int, tuple[bool, ...]], anchors: bool = True) -> _Decision:
        """Which gates pass for ``feats``: the keyword rules that fail them, the free rules chosen,
        the word plan of the plain word rules and the other word rules to test (``anchors``: absent
        gate characters also drop the scans they lead and the rows whose confirm scan they lead)."""
        chars, runs, hexes, gates = feats
        # each distinct gate key is decided once (its feature indexes are fixed for the table); a rule
        # fails with any of its keys
        passed = {k: (any(map(chars.__getitem__, n)) if kind == "chars" else runs > n if kind == "run"
                      else hexes > n if kind == "hex" else gates[n] if kind == "gate" else True)
                  for k, kind, n in self._key_tests}
        fails = frozenset().union(*(rs for k, rs in self._key_rules.items() if not passed[k]))
        # a gate character that is absent is absent as an anchor too: its scans and the rows whose
        # confirm scan starts with it are decided here, not per text
        absent = frozenset(c for c, has in zip(self._gate_chars, chars)
                           if anchors and not has and c.isascii() and not c.isalpha())
        dead = frozenset(i for i, c in self._confirm_lead.items() if c in absent)
        fails |= dead
        free: list[int] = []
        pending: list[int] = []
        other: list[int] = []
        for keys, f, pl, ot in self.groups:
            if all(map(passed.__getitem__, keys)):
                free += f
                pending += pl
                other += ot
        if dead:
            free, pending, other = ([i for i in f if i not in dead] for f in (free, pending, other))
        run_gated = self._run_gated
        near = [i for i in other if i in run_gated]
        other = [i for i in other if i not in run_gated]
        near_plan = (tuple(sorted({k for i in near for k in self.checks[i][2]})),
                     tuple(sorted({k for i in near for k in self.checks[i][3]})),
                     tuple(run_gated[i] for i in near))
        pending_set = frozenset(pending)
        plan = self._plans.get(pending_set)
        if plan is None:  # decisions that differ in other gates often share their plain word rules
            plan = self._plans[pending_set] = self._word_plan(pending_set)
        return fails, frozenset(free), plan, tuple(other), near_plan, self._live(fails, absent)

    def _word_plan(self, pending: frozenset[int]) -> _WordPlan:
        """The word plan of the plain word rules ``pending`` (each word's entry is fixed for the table)."""
        needed = sorted({k for i in pending for k in self.plain_words[i]})
        users = self._word_users
        by_word: dict[str, tuple[int, ...]] = {
            k: tuple(i for i in users[k] if i in pending) for k in needed}
        keyed: dict[str, list[_Multi]] = {}
        loose: list[_Multi] = []
        single: list[str] = []
        entries = self._word_entries
        for k in needed:
            entry = entries[k]
            if entry is None:
                single.append(k)
            elif entry[1]:  # looked at only when its first run is in the text
                keyed.setdefault(entry[1][0], []).append(entry)
            else:
                loose.append(entry)
        return (frozenset(single), ({r: tuple(v) for r, v in keyed.items()}, tuple(loose)), by_word)

    def _scan_rule_sets(self) -> tuple[tuple[dict[str, frozenset[int]], frozenset[str], frozenset[int]], ...]:
        """Per scan: each scanned string -> the rules its keyword chooses (a string choosing none is never
        live), those strings, and all their rules (a scan none of whose rules fail is live whole)."""
        out = []
        for view, _, _, closure in self.scans:
            by_string: dict[str, frozenset[int]] = {}
            for s in closure:
                rs = frozenset(self.by_kw.get(s[::-1] if view == "rev" else s, ()))
                if rs:
                    by_string[s] = rs
            out.append((by_string, frozenset(by_string), frozenset().union(*by_string.values())))
        return tuple(out)

    def _live(self, fails: frozenset[int], absent: frozenset[str] = frozenset()) -> tuple[_LiveScan, ...]:
        """The scans worth running when the rules ``fails`` fail their gates and the characters ``absent``
        do not occur: a scan whose keywords only choose such rules, or whose anchor is absent, is dropped;
        one left with a few of its keywords is narrowed to them."""
        out: list[_LiveScan] = []
        memo = self._live_memo
        for n, (_, _, chosen) in enumerate(self._scan_rules):
            if self.scans[n][1] in absent:  # (an ASCII non-letter is in the folded text where it is in the text)
                continue
            key = (n, fails & chosen)  # a scan's verdict depends only on which of its own rules fail
            scan = memo.get(key, False)
            if scan is False:
                if len(memo) < _MAX_NARROWED:
                    scan = memo[key] = self._live_scan(n, key[1])
                else:  # past the budget: no new regex; the whole scan finds the live keywords too
                    scan = self._live_scan(n, key[1], narrow=False)
            if scan is not None:
                out.append(scan)
        return tuple(out)

    def _live_scan(self, n: int, fails: frozenset[int], narrow: bool = True) -> _LiveScan | None:
        """Scan ``n`` as run when its rules ``fails`` fail, or None when it is not worth running
        (``narrow``: one live keyword is scanned for alone, by a regex compiled here)."""
        view, anchor, pre = self.scans[n][0], self.scans[n][1], self.pregates[n]
        # a scanned string is its own keyword (the longest in its closure); it is live when one
        # of the rules it chooses can still pass
        by_string, every, _ = self._scan_rules[n]
        live = every if not fails else frozenset(s for s, rs in by_string.items() if not rs <= fails)
        if not live:
            return None
        if pre is None:  # the needles of the live keywords (a few, each with letters next to its anchor)
            pre = pregate(view, anchor, sorted(live), PRE_NARROWED)
        if len(live) > 1 or not narrow:
            # The whole scan finds these keywords too (the rest choose only failing rules, which
            # the caller drops): compiling a narrowed trie costs more per process than it saves.
            return self._all[n][:4] + (pre, self._all[n][5])
        (one,) = live  # one keyword: a literal regex (``re`` finds one faster than ``in``)
        return (view, anchor, re.compile(re.escape(one) + "()"), {"": (one[::-1] if view == "rev" else one,)}, pre,
                len(one))

    def selected(self, text: str, low: str, words: Words | None = None) -> list[SecretRule]:
        """The rules whose prefilters pass on ``text`` (``low``: its lower-cased form, ``words``:
        ``textview.letter_words(low)`` when the caller has it), in table order."""
        st = TextGates(text, low, words)
        feats = self._features(st)
        dec = self._decisions.get(feats)
        if dec is None:
            dec = self._decide(feats)
            if len(self._decisions) < 4096:
                self._decisions[feats] = dec
        fails, free, plan, other, near_plan, live = dec
        chosen = set(free)
        rev = low[::-1] if self.needs_rev or self._confirmed else ""
        found = self.present(text, low, rev, st.letter_words().joined, live)
        if found:
            by_kw = self.by_kw
            hit: set[int] = set()
            for k in found:
                hit.update(by_kw.get(k, ()))
            chosen |= hit - fails
        self.near.pick(chosen, text, low, st)
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
        lead = self._confirm_lead
        for i in chosen & self._confirmed:
            rx = rules[i].confirm
            if rx is None:
                continue
            c = lead[i]
            at = rev.find(c) if c else 0  # every match starts with ``c``: a memchr, then the regex from there
            if at < 0 or rx.search(rev, at) is None:
                chosen.discard(i)
        return [rules[i] for i in sorted(chosen)]

    def _word_rules(self, plan: _WordPlan, low: str, words: Words) -> list[int]:
        """The rules of ``plan`` with one of their words in the text: every word they use tested once."""
        found = self.run_hits.present(words.set)  # every letter run of a plain word inside the text's runs
        have = found & plan[0]
        joined = words.joined
        has = joined.__contains__
        keyed, loose = plan[1]
        multi = [e for r in found.intersection(keyed) for e in keyed[r]]
        for k, runs, chars, framed in multi + list(loose) if loose else multi:  # other words: their runs first
            if found.issuperset(runs) and all(map(has, chars)) and k in (joined if framed else low):
                have.add(k)
        by_word = plan[2]
        return [i for k in have for i in by_word.get(k, ())]


@lru_cache(maxsize=32)
def prefilter_for(rules: tuple[SecretRule, ...]) -> Prefilter:
    """The (cached) prefilter of a tuple of rules."""
    return Prefilter(rules)
