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
so such a rule must carry a cheap gate too (tests check this).

Each regex consumes only its anchor character and captures the rest of the
longest keyword in a lookahead, so matches at every anchor position are seen;
keywords that are prefixes (suffixes, when reversed) of a matched one are added
from a precomputed closure.

Imports: redaction.secret_kit, redaction.secret_formats (legacy gates).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from redacted_context_mcp.redaction.secret_formats import _GATES
from redacted_context_mcp.redaction.secret_kit import SecretRule

_HEX_TABLE = bytes(0x78 if chr(i) in "0123456789abcdefABCDEF" else 0x20 for i in range(256))


_RUN_TABLE = bytes(
    0x74 if chr(i) in "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/=_-" else 0x20
    for i in range(256)
)


def hex_shape(text: str) -> bytes:
    """``text`` as bytes with every hex character as ``x`` and everything else as a space."""
    return text.encode("utf-8", "surrogatepass").translate(_HEX_TABLE)


def run_shape(text: str) -> bytes:
    """``text`` as bytes with every base64/token character (``[A-Za-z0-9+/=_-]``) as ``t``."""
    return text.encode("utf-8", "surrogatepass").translate(_RUN_TABLE)

#: Anchor preference, rarest first; a keyword is anchored on whichever end ranks earlier.
_RANK = "$~^|\\`!%&*+<>{}#@?\"';[]()/=:0987654321-.,_ "


def anchorable(keyword: str, cased: bool = False) -> bool:
    """Whether ``keyword`` can be found by the literal-led scan (else it is tested with ``in``)."""
    if not keyword or keyword[0] == " ":
        return False
    if cased:
        return not keyword[0].islower()
    return not keyword[0].isalpha() or (not keyword[-1].isalpha() and keyword[-1] != " ")


def _trie(words: Iterable[str]) -> str:
    """A regex alternation over ``words`` factored by common prefixes (longest match first)."""
    root: dict[str, dict] = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if "" in node:
            return ("(?:" + body + ")?") if len(alts) == 1 and len(body) > 1 else body + "?"
        return body

    return emit(root)


class Prefilter:
    """Keyword scan and gate evaluation for one tuple of rules."""

    def __init__(self, rules: tuple[SecretRule, ...]) -> None:
        self.rules = rules
        groups: dict[tuple[str, str], set[str]] = {}  # (view, anchor) -> keywords as scanned
        self.words: set[str] = set()  # lower-case keywords tested with ``in``
        self.cased_words: set[str] = set()  # case-sensitive keywords tested with ``in``
        for rule in rules:
            for kw in rule.keywords:
                self._place(groups, kw, cased=False)
            for kw in rule.cased:
                self._place(groups, kw, cased=True)
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

    def _place(self, groups: dict[tuple[str, str], set[str]], kw: str, *, cased: bool) -> None:
        if not anchorable(kw, cased):
            (self.cased_words if cased else self.words).add(kw)
            return
        first, last = kw[0], kw[-1]
        first_ok = not first.isalpha()
        last_ok = not last.isalpha() and last != " "
        if cased:
            # case-sensitive keywords are scanned forward in the original text only
            groups.setdefault(("text", first), set()).add(kw)
            return
        use_first = first_ok and (not last_ok or _RANK.find(first) <= _RANK.find(last))
        if use_first:
            groups.setdefault(("low", first), set()).add(kw)
        else:
            groups.setdefault(("rev", last), set()).add(kw[::-1])

    def present(self, text: str, low: str) -> set[str]:
        """Every anchored keyword (and cased keyword) occurring in the text."""
        found: set[str] = set()
        rev = low[::-1] if self.needs_rev else ""
        for view, anchor, rx, closure in self.scans:
            hits = rx.findall(low if view == "low" else rev if view == "rev" else text)
            if hits:
                for rest in set(hits):
                    found.update(closure.get(anchor + rest, ()))
        return found

    def _plan(self) -> None:
        """Index rules by anchored keyword; rules that need other checks are always visited."""
        self.by_kw: dict[str, list[int]] = {}
        always: list[int] = []
        self.checks: list[tuple[SecretRule, tuple[str, ...], tuple[str, ...], bool]] = []
        for i, rule in enumerate(self.rules):
            words = tuple(k for k in rule.keywords if k in self.words)
            cased_words = tuple(k for k in rule.cased if k in self.cased_words)
            anchored = [k for k in rule.keywords + rule.cased if k not in words and k not in cased_words]
            for k in anchored:
                self.by_kw.setdefault(k, []).append(i)
            if words or cased_words or not anchored:
                always.append(i)
            self.checks.append((rule, words, cased_words, not (rule.keywords or rule.cased)))
        self.always = frozenset(always)

    def selected(self, text: str, low: str) -> list[SecretRule]:
        """The rules whose prefilters pass on ``text`` (``low``: its lower-cased form), in table order."""
        found = self.present(text, low)
        by_kw = self.by_kw
        hit: set[int] = set()
        for k in found:
            hit.update(by_kw.get(k, ()))
        out: list[SecretRule] = []
        memo: dict[str, bool] = {}
        shape: bytes | None = None
        runs: bytes | None = None
        for i in sorted(hit | self.always):
            rule, words, cased_words, free = self.checks[i]
            if rule.chars:
                for c in rule.chars:
                    has = memo.get(c)
                    if has is None:
                        has = memo[c] = c in text
                    if has:
                        break
                else:
                    continue
            if rule.gate:
                has = memo.get(rule.gate)
                if has is None:
                    has = memo[rule.gate] = _GATES[rule.gate].search(text) is not None
                if not has:
                    continue
            if rule.min_hex_run:
                if shape is None:
                    shape = hex_shape(text)
                if b"x" * rule.min_hex_run not in shape:
                    continue
            if rule.min_run:
                if runs is None:
                    runs = run_shape(text)
                if b"t" * rule.min_run not in runs:
                    continue
            if not free and i not in hit:
                for k in words:
                    has = memo.get(k)
                    if has is None:
                        has = memo[k] = k in low
                    if has:
                        break
                else:
                    for k in cased_words:
                        if k in text:
                            break
                    else:
                        continue
            out.append(rule)
        return out


@lru_cache(maxsize=32)
def prefilter_for(rules: tuple[SecretRule, ...]) -> Prefilter:
    """The (cached) prefilter of a tuple of rules."""
    return Prefilter(rules)
