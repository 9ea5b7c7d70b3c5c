"""The ordered checks of a controlled write that need no filesystem write (diagram 7, C3 to C6).

* :func:`restore_target` - placeholders and ``@p_`` ids in ``target_path`` resolve (C3);
* :func:`allowed_target` - the restored path is allowed (C4), in the spec's order: not
  empty, no ``:``, relative without ``..``, no symlink, inside the write
  subdirectory, not protected;
* :func:`restore_text` - placeholders in the text resolve (C5);
* :func:`round_trip` - re-redacting the restored text and path in the server's mode
  and in balanced mode makes every restored value disappear (C6).

Every refusal is a fixed :class:`RedctxError`; the unresolved-token list shows only
token shapes (category letters and hex), never a restored value.

Imports: errors, redaction.placeholders, sources.paths, sources.writer, service.rehydrate.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.service.rehydrate import PATH_ID_RE, TOKEN_RE, RehydrationMap, Restored
from redacted_context_mcp.sources import textcodec, writer

if TYPE_CHECKING:
    from redacted_context_mcp.redaction.engine import Redactor
    from redacted_context_mcp.service.context import Service

__all__ = ["allowed_target", "restore_target", "restore_text", "round_trip", "unresolved_error"]

MAX_SHOWN_TOKENS = 10
_BALANCED_ATTR = "balanced_redactor"


def _shown(token: str) -> str:
    """A token as an error may show it: a category outside the known set is not echoed."""
    m = TOKEN_RE.fullmatch(token)
    if m is None:
        return "[?]"
    if token.startswith("["):
        category, _, rest = token[1:-1].rpartition("_")
        hex_part, dot, suffix = rest.partition(".")
        if dot and not all(c in "0123456789abcdefABCDEF" for c in suffix):
            suffix = "?"  # letters after the dot are not echoed either
        shown = f"{category if category in ph.CATEGORIES else '?'}_{hex_part}"
        return f"[{shown}.{suffix}]" if dot else f"[{shown}]"
    return token


def unresolved_error(tokens: Sequence[str]) -> RedctxError:
    """``Unresolved redaction token(s) in text: <up to 10>[, and N more].``"""
    shown = ", ".join(_shown(t) for t in tokens[:MAX_SHOWN_TOKENS])
    if len(tokens) > MAX_SHOWN_TOKENS:
        shown += f", and {len(tokens) - MAX_SHOWN_TOKENS} more"
    return RedctxError(Code.UNRESOLVED_TOKENS, tokens=shown)


# -- C3: placeholders in target_path ---------------------------------------------------------------
def restore_target(svc: Service, m: RehydrationMap, target: str) -> Restored:
    """``target_path`` with its tokens restored; a ``@p_`` id may name any visible path here
    (the write subdirectory included: an agent names a file it wrote before by its id)."""
    index = svc._g().index
    out: list[str] = []
    pos = restored = 0
    unresolved: dict[str, None] = {}
    spellings: dict[str, None] = {}
    for hit in TOKEN_RE.finditer(target):
        token = hit.group()
        pid = PATH_ID_RE.fullmatch(token)
        value = index.rel_for("p_" + pid.group(1)) if pid else m.lookup(token)
        if value is None:
            unresolved[token] = None
            continue
        out += [target[pos:hit.start()], value]
        pos = hit.end()
        restored += 1
        if pid is None:
            spellings[value] = None
    out.append(target[pos:])
    if unresolved:
        raise unresolved_error(list(unresolved))
    return Restored("".join(out), restored, 0, (), tuple(spellings))


# -- C4: target_path allowed -----------------------------------------------------------------------
def _is_control(c: str) -> bool:
    o = ord(c)
    return o < 0x20 or 0x7F <= o <= 0x9F or c in "\u2028\u2029"


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate names no file
        return False
    return True


def allowed_target(svc: Service, target: str, subdir: str) -> list[str]:
    """The root-relative components of an allowed target (C4, in the spec's order)."""
    if not target.strip():
        raise RedctxError(Code.WRITE_EMPTY)
    if ":" in target:
        raise RedctxError(Code.WRITE_COLON)
    if (target.startswith(("/", "\\")) or "\\" in target or target.endswith("/")
            or any(_is_control(c) for c in target)):
        raise RedctxError(Code.WRITE_NOT_RELATIVE)
    parts = [p for p in target.split("/") if p not in ("", ".")]
    if not parts or ".." in parts or not _encodable(target):
        raise RedctxError(Code.WRITE_NOT_RELATIVE)
    writer.check_no_symlinks(svc.fs.path, parts)
    sub = subdir.split("/")
    if len(parts) <= len(sub) or parts[: len(sub)] != sub:
        raise RedctxError(Code.WRITE_OUTSIDE)
    if svc._g().never.blocks("/".join(parts)):
        raise RedctxError(Code.WRITE_PROTECTED)
    return parts


# -- C5: placeholders in text ----------------------------------------------------------------------
def restore_text(m: RehydrationMap, text: str) -> Restored:
    body = m.restore(text)
    if body.unknown:
        raise unresolved_error(list(body.unresolved))
    return body


# -- C6: round trip --------------------------------------------------------------------------------
def _balanced(svc: Service) -> Redactor:
    """The balanced-mode redactor of the active generation (the server's own when it is balanced)."""
    g = svc._g()
    redactor = g.snap.redactor
    if not redactor.strict:
        return redactor
    other = g.__dict__.get(_BALANCED_ATTR)
    if other is None:
        other = svc._factory(dataclasses.replace(g.snap.policy, mode="balanced"), g.snap.salt_key)
        g.__dict__[_BALANCED_ATTR] = other
    return other


def _escaped_spans(text: str, spans: Sequence[tuple[int, int]]) -> tuple[str, list[tuple[int, int]]]:
    """``text`` as a read-back redacts it (controls escaped) and ``spans`` moved along."""
    esc = textcodec.escape_controls(text)
    if esc == text:
        return text, list(spans)
    cuts = sorted({p for span in spans for p in span})
    moved: dict[int, int] = {}
    prev = grown = 0
    for p in cuts:  # one pass: each piece escaped once
        grown += len(textcodec.escape_controls(text[prev:p]))
        moved[p] = grown
        prev = p
    return esc, [(moved[a], moved[b]) for a, b in spans]


def _uncovered(text: str, hits: Sequence[tuple[int, int]], spans: Iterable[tuple[int, int]]) -> bool:
    """Whether a non-space character of some span lies outside every hit (sorted, disjoint)."""
    starts = [h[0] for h in hits]
    for a, b in spans:
        pos = a
        while pos < b:
            i = bisect_right(starts, pos) - 1
            if i >= 0 and hits[i][1] > pos:
                pos = hits[i][1]
                continue
            if not text[pos].isspace():
                return True
            pos += 1
    return False


def _survives(redacted: str, spellings: Iterable[str]) -> bool:
    """Whether any spelling still occurs in ``redacted`` outside its placeholders (case-folded)."""
    low = ph.fold(ph.PLACEHOLDER_RE.sub(" ", redacted))
    return any(s and s in low for s in (ph.fold(sp.strip()) for sp in spellings))


def round_trip(svc: Service, body: Restored, path: Restored, rel: str) -> None:
    """Refuse (ROUND_TRIP) when a restored value would survive re-redaction of text or path.

    In the text, every restored part must lie inside what the redactor replaces again (so a
    value glued to a neighbouring word, which would redact only in part, is refused); in the
    path, no restored spelling may remain in the redacted path.
    """
    if not body.positions and not path.spellings:
        return
    text, spans = _escaped_spans(body.text, body.positions)
    for redactor in dict.fromkeys((svc._g().snap.redactor, _balanced(svc))):
        if spans:
            _, hits = redactor.redact_spans(text)
            if _uncovered(text, hits, spans):
                raise RedctxError(Code.ROUND_TRIP)
        if path.spellings and _survives(redactor.redact_path(rel).text, path.spellings):
            raise RedctxError(Code.ROUND_TRIP)
