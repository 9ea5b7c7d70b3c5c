"""Alias-group proposals for a draft, and the checks every proposal passes.

Two narrow heuristics (no model needed, so they work with ``--detector`` too):

* standalone first name: for a full name among the people, its first word when it
  has at least three letters, occurs on its own in the sample, is no word of any
  other known name, is not a common or allow-listed word, never appears in lower
  case as a word in the sample, and is never directly followed on its line by a
  capitalized word other than the rest of a known name;
* e-mail address: an address in the sample whose local part (before any ``+tag``)
  spells exactly one known person (:func:`local_part_forms`).

:func:`check_groups` then applies the config's own alias rules against the draft,
so the draft loads as written; dropped proposals are only counted.

Imports: config, config_values, redaction.placeholders, redaction.wordlists.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from redacted_context_mcp.config import MAX_ALIASES_PER_GROUP
from redacted_context_mcp.config_values import MAX_ALIAS_WORDS, MAX_VALUE_CHARS
from redacted_context_mcp.config_values import match_key as _key
from redacted_context_mcp.redaction.placeholders import RESERVED_WORDS, normalize
from redacted_context_mcp.redaction.wordlists import BUILTIN_ALLOW, Lexicon

EMAIL = re.compile(r"(?<![\w.+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}")
_WORD = re.compile(r"[^\W\d_]{1,100}")
_NEXT_WORD = re.compile(r"[ \t]{1,8}([^\W\d_][\w'’-]{0,100})")
MIN_FIRST_NAME = 3
#: Separators of a full name in an address's local part.
LOCAL_SEPARATORS: tuple[str, ...] = ("", ".", "_", "-")


def _words(name: str) -> list[str]:
    return name.split()


def first_name_ok(
    name: str, known: Sequence[str], texts: Sequence[str], lexicon: Lexicon
) -> str | None:
    """The standalone first name of full name ``name`` if every rule holds, else ``None``."""
    words = _words(name)
    if len(words) < 2:
        return None
    first = words[0]
    if len(first) < MIN_FIRST_NAME or not first.isalpha():
        return None
    fk = first.casefold()
    for other in known:
        if _key(other) != _key(name) and fk in (w.casefold() for w in _words(other)):
            return None
    if lexicon.is_generic(first) or fk in lexicon.allow_extra or fk in BUILTIN_ALLOW:
        return None
    rests = {tuple(w.casefold() for w in _words(k)[1:]) for k in known if _words(k)[0].casefold() == fk}
    standalone = False
    # a word of prose: not inside an address, handle, path or dotted identifier
    pat = re.compile(r"(?<![\w.@+/-])" + re.escape(first) + r"(?![\w@+/-]|\.\w)", re.IGNORECASE)
    for text in texts:
        for m in pat.finditer(text):
            got = m.group()
            if got.islower():
                return None  # an ordinary word in this sample (will, grace)
            nxt = _NEXT_WORD.match(text, m.end())
            if nxt is None or not nxt.group(1)[0].isupper():
                standalone = True
                continue
            follow = _following_words(text, m.end())
            if not any(r and tuple(follow[: len(r)]) == r for r in rests):
                return None  # could be another person's surname
    return first if standalone else None


def _following_words(text: str, pos: int, n: int = 16) -> list[str]:
    """Up to ``n`` words after ``pos`` on the same line, separated only by blanks."""
    out = []
    while len(out) < n:
        m = _NEXT_WORD.match(text, pos)
        if m is None:
            break
        out.append(m.group(1).casefold())
        pos = m.end()
    return out


def local_part_forms(name: str, first_ok: bool) -> set[str]:
    """Local parts that spell ``name``: full name either order with or without . _ -, initial+surname."""
    words = [w.casefold() for w in _words(name)]
    if len(words) < 2 or not all(_WORD.fullmatch(w) for w in words):
        return set()
    forms = set()
    for sep in LOCAL_SEPARATORS:
        forms.add(sep.join(words))
        forms.add(sep.join(reversed(words)))
    for sep in ("", "."):
        forms.add(words[0][0] + sep + words[-1])
    if first_ok:
        forms.add(words[0])
    return forms


def propose(
    people: Sequence[str],
    known_people: Sequence[str],
    texts: Sequence[str],
    lexicon: Lexicon,
) -> dict[str, list[str]]:
    """Heuristic groups: canonical (a full name of ``people``) -> proposed aliases."""
    known = list(dict.fromkeys([*people, *known_people]))
    firsts = {p: first_name_ok(p, known, texts, lexicon) for p in people}
    out: dict[str, list[str]] = {}
    for p, first in firsts.items():
        if first is not None:
            out.setdefault(p, []).append(first)
    forms = {p: local_part_forms(p, firsts.get(p) is not None) for p in people}
    for text in texts:
        for m in EMAIL.finditer(text):
            address = m.group()
            local = address.split("@", 1)[0].split("+", 1)[0].casefold()
            owners = [p for p, fs in forms.items() if local in fs]
            if len(owners) == 1:
                out.setdefault(owners[0], []).append(address)
    return out


def check_groups(
    proposals: Iterable[tuple[str, Sequence[str]]],
    canonicals: Mapping[str, str],
    allow: Iterable[str],
    existing: Mapping[str, Sequence[str]] | None = None,
) -> tuple[dict[str, list[str]], int]:
    """Proposals that pass the config's alias rules, merged onto ``existing``; and the dropped count.

    ``canonicals`` maps a normalized key to the draft's spelling of every name or
    term that may head a group. ``existing`` groups are kept as they are.
    """
    groups: dict[str, list[str]] = {c: list(a) for c, a in (existing or {}).items()}
    allow_keys = {_key(a) for a in allow}
    canon_of = {_key(c): c for c in groups}
    owner: dict[str, str] = {}
    for c, forms in groups.items():
        for a in forms:
            owner[_key(a)] = _key(c)
    dropped = 0
    for canonical, forms in proposals:
        ck = _key(canonical)
        # a canonical value a built-in stage redacts first (an address, a URL) cannot head a group
        if ck not in canonicals or "@" in canonical or "://" in canonical:
            dropped += len(forms) or 1
            continue
        for alias in forms:
            ak = _key(alias)
            if (
                not alias.strip() or len(alias) > MAX_VALUE_CHARS or len(alias.split()) > MAX_ALIAS_WORDS
                or ak == ck or ak in canon_of or ak in canonicals or ak in allow_keys
                or normalize(alias) in BUILTIN_ALLOW or normalize(alias) in RESERVED_WORDS
                or (ak in owner and owner[ak] != ck)
            ):
                if owner.get(ak) != ck:
                    dropped += 1
                continue
            if ak in owner:
                continue  # already in this group
            name = canon_of.get(ck)
            if name is None:
                name = canonicals[ck]
                if ck in owner:  # the canonical value is already another group's alias
                    dropped += 1
                    continue
                canon_of[ck] = name
                groups[name] = []
            if len(groups[name]) >= MAX_ALIASES_PER_GROUP:
                dropped += 1
                continue
            groups[name].append(alias)
            owner[ak] = ck
    return {c: a for c, a in groups.items() if a}, dropped


__all__ = ["EMAIL", "check_groups", "first_name_ok", "local_part_forms", "propose"]
