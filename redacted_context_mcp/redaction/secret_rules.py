"""All secret rules and the secret stage: format rows, context rows, then keyless shapes.

Every regex is linear: bounded quantifiers, no nested unbounded repeats. One
combined keyword prefilter pass (:mod:`redaction.secret_prefilter`) picks the
rules that can match a text; only those run.

Imports: redaction.secret_kit, redaction.secret_formats, redaction.secret_context,
redaction.secret_passphrase, redaction.secret_prefilter, redaction.secret_leads, redaction.secret_replies, redaction.secret_shape, redaction.spans.
"""

from __future__ import annotations

from collections.abc import Iterable

from redacted_context_mcp.redaction.secret_context import CONTEXT_RULES, find_context
from redacted_context_mcp.redaction.secret_formats import FORMAT_RULES
from redacted_context_mcp.redaction.secret_formats_r15 import over_continuations
from redacted_context_mcp.redaction.secret_kit import SecretRule
from redacted_context_mcp.redaction.secret_leads import at_leads, leads
from redacted_context_mcp.redaction.secret_passphrase import find_passphrases
from redacted_context_mcp.redaction.secret_prefilter import Prefilter, prefilter_for
from redacted_context_mcp.redaction.secret_replies import find_replies
from redacted_context_mcp.redaction.secret_retold import find_one_word, find_retold
from redacted_context_mcp.redaction.secret_shape import find_keyless
from redacted_context_mcp.redaction.spans import Hit, new_hit
from redacted_context_mcp.redaction.textview import Words

__all__ = ["RULES_BY_ID", "SECRET_RULES", "SecretRule", "find_secrets"]

SECRET_RULES: tuple[SecretRule, ...] = FORMAT_RULES + CONTEXT_RULES
RULES_BY_ID: dict[str, SecretRule] = {r.id: r for r in SECRET_RULES}
PREFILTER = Prefilter(SECRET_RULES)
#: ``id()`` of a row of the table (which lives as long as the module) -> the strings every match of its
#: regex starts with when it starts under IGNORECASE, else None (see :mod:`redaction.secret_leads`); read
#: from the parsed pattern when the row is first chosen (parsing every row would cost more than it saves)
_LEADS: dict[int, tuple[str, ...] | None] = {}
_TABLE_IDS = frozenset(id(r) for r in SECRET_RULES)


def _leads_of(rule: SecretRule) -> tuple[str, ...] | None:
    key = id(rule)
    if key not in _TABLE_IDS:
        return None  # a row of another table: not remembered (its id could be reused)
    found = _LEADS[key] = leads(rule.regex)
    return found


def _doc_mask(value: str) -> bool:
    """A vendor format filled with a mask, as documentation shows a key it does not give (round 8):
    ``hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx``, ``gsk_XXXX...``, ``AIzaSyXXXX...``. A run of twelve ``x``, ``X``
    or ``*`` that makes most of the value; no random key holds one (zeros stay: the canaries pad with them)."""
    n = len(value)
    for c in "xX*":
        if c * 12 in value and value.count(c) * 5 >= n * 3:
            return True
    return False


def find_secrets(text: str, low: str, rules: Iterable[SecretRule] = SECRET_RULES,
                 words: Words | None = None) -> list[Hit]:
    """All secret hits in ``text`` (``low`` is its length-preserving lower-case form, ``words``
    ``textview.letter_words(low)`` when the caller has it)."""
    hits: list[Hit] = []
    pre = PREFILTER if rules is SECRET_RULES else prefilter_for(tuple(rules))
    ascii_text = text.isascii()
    for rule in pre.selected(text, low, words):
        # the row's refine itself when it has one (``SecretRule.span`` would only call it), and hits
        # built without ``Hit.__new__``'s Python frame: two calls fewer per match
        span = rule.refine or rule.span
        category, rid = rule.category, rule.id
        src = low if rule.on_lower else text
        found = _LEADS.get(id(rule), False) if ascii_text else None
        if found is False:
            found = _leads_of(rule)
        # (an IGNORECASE-led row: tried only where its leading strings occur)
        for m in rule.regex.finditer(src) if found is None else at_leads(rule.regex, src, low, found):
            sp = span(m, text)
            if sp is not None and not (sp[1] - sp[0] >= 16 and _doc_mask(text[sp[0]:sp[1]])):
                hits.append(new_hit(Hit, (sp[0], sp[1], category, rid, None)))
    if rules is SECRET_RULES:
        hits.extend(find_context(text, low, words))
        if words is not None:
            hits.extend(find_keyless(text, low, hits, words.joined, words.set))
        else:
            hits.extend(find_keyless(text, low, hits))
        runs = words.set if words is not None else None
        hits.extend(find_one_word(text, low, runs))
        hits.extend(find_passphrases(text, low, runs))
        hits.extend(find_replies(text, low, runs))
        hits.extend(find_retold(text, low, hits))
    if "!" in text:
        hits = _over_bangs(text, hits)
    if "\\\n" in text or "\\\r\n" in text:
        hits = over_continuations(text, hits)
    return hits


def _over_bangs(text: str, hits: list[Hit]) -> list[Hit]:
    """Each secret span that stops right before a ``!`` takes it and the ones after it: prose rules trim
    sentence punctuation, but a password often ends in ``!`` (``Welcome1!``) and showing it would give away
    its last character; a lost exclamation mark costs the reader nothing."""
    n = len(text)
    out = hits
    for i, h in enumerate(hits):
        e = h.end
        if e < n and text[e] == "!":
            while e < n and text[e] == "!":
                e += 1
            if out is hits:
                out = list(hits)
            out[i] = new_hit(Hit, (h.start, e, h.category, h.rule, h.value))
    return out
