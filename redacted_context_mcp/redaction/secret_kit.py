"""The secret rule record and the seeded generator that builds each rule's examples.

A :class:`SecretRule` is data: cheap prefilters, one regex compiled at import,
the group(s) holding the secret (context such as ``password=`` stays visible),
an optional ``refine`` check, and its own examples (built at import from a
seeded generator so the repository holds no scanner-tripping literals) and
near misses. Secrets are never gated by profile or mode.

Imports: redaction.secret_refine, redaction.validators.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from redacted_context_mcp.redaction.secret_refine import strip_span
from redacted_context_mcp.redaction.validators import mixed_token

Refine = Callable[["re.Match[str]", str], "tuple[int, int] | None"]


@dataclass(frozen=True)
class SecretRule:
    """One secret detector row."""

    id: str
    description: str
    regex: re.Pattern[str]
    keywords: tuple[str, ...] = ()
    min_hex_run: int = 0  # prefilter: the text must hold this many hex characters in a row
    chars: str = ""  # prefilter: the text must hold at least one of these characters (a memchr scan)
    gate: str = ""  # prefilter shared by a group of token rules: a key of ``_GATES``
    group: tuple[int | str, ...] = (0,)
    refine: Refine | None = None
    on_lower: bool = False  # match against the length-preserving lower-cased text
    category: str = "SECRET"
    profile: str = "default"
    validator: str = ""  # name of the value check, for listings ("luhn", "entropy", ...)
    examples: tuple[tuple[str, str], ...] = ()  # (text, secret that must disappear)
    near_misses: tuple[str, ...] = ()
    cased: tuple[str, ...] = ()  # prefilter: case-sensitive literal keywords, found in the original text
    min_run: int = 0  # prefilter: this many base64/token characters ([A-Za-z0-9+/=_-]) in a row
    near: tuple[str, ...] = ()  # prefilter: a name (lower-case) within 64 characters before an assignment
    #: prefilter, checked last: a literal-led regex that must match somewhere in the REVERSED lower-cased
    #: text (every match of ``regex`` holds a match of it, read backwards)
    confirm: re.Pattern[str] | None = None

    def span(self, m: re.Match[str], text: str) -> tuple[int, int] | None:
        """The secret's span in ``text`` for match ``m``, or None when the candidate is rejected."""
        if self.refine is not None:
            return self.refine(m, text)
        for g in self.group:
            s, e = m.span(g)
            if s >= 0 and e > s:
                return strip_span(text, s, e)
        return None


# --- example tokens: deterministic, generated at import ----------------------------------------

RNG = random.Random(0x5EC2E75)
UP = string.ascii_uppercase
ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"


def tok(alphabet: str, n: int) -> str:
    while True:
        t = "".join(RNG.choice(alphabet) for _ in range(n))
        if alphabet != UP and (len(alphabet) > 16 and not mixed_token(t)):
            continue
        return t


def ex(template: str, secret: str) -> tuple[str, str]:
    return (template.replace("{}", secret), secret)


P = re.compile


#: What the engine's case fold (placeholders.fold) writes for the letters ``str.lower`` keeps: the Turkish
#: dotted and dotless i, the long s and the final sigma.
_FOLDS = str.maketrans({0x130: "i", 0x131: "i", 0x17F: "s", 0x3C2: "σ"})


def with_folds(words: Iterable[str]) -> tuple[str, ...]:
    """``words`` and, after each that changes, its folded spelling (``κωδικός``/``κωδικόσ``, ``şifreniz``): the
    rules read the folded text."""
    return tuple(dict.fromkeys(v for w in words for v in (w, w.translate(_FOLDS))))


def trie(words: Iterable[str]) -> str:
    """A regex alternation over ``words`` factored by common prefixes (longest match first): the
    engine tries one branch per character instead of every word at every position."""
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
B64 = ALNUM + "+/"
