"""Request arguments as the audit log records them: redacted like output, then word-guarded.

Imports: redaction.engine, sources.paths.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping
from typing import Any

from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.sources.paths import PATH_REF_RE

#: Argument names whose string values are paths (``@p_`` ids stay, anything else is redacted as a path).
_PATH_ARGS = frozenset({"path", "paths"})
_ARG_MAX_CHARS = 2000
_ARG_MAX_DEPTH = 4
#: Kept verbatim in a logged argument: placeholders and path ids.
_KEEP_RE = re.compile(r"\[[A-Z][A-Z_]{0,40}_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]|@p_[0-9a-f]{12}")
_WORD_RE = re.compile(r"[^\W_]{1,200}")
_NAME_RE = re.compile(r"[a-z][a-z_]{0,39}")  # a schema-shaped argument name


def _word_guard(text: str, red: Redactor, key: bytes) -> str:
    """Every word outside the common-word lexicon becomes ``[ARG_<8 hex>]`` (a keyed fingerprint).

    An agent's argument can hold a bare value with none of the context the detectors need
    (a phone number, a token, a codename), so only placeholders, ids and common words stay.
    """
    words = red.lexicon.words

    def word(m: re.Match[str]) -> str:
        w = m.group()
        if w.casefold() in words:
            return w
        return "[ARG_" + hmac.new(key, w.casefold().encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:8] + "]"

    out, pos = [], 0
    for m in _KEEP_RE.finditer(text):
        out.append(_WORD_RE.sub(word, text[pos:m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(_WORD_RE.sub(word, text[pos:]))
    return "".join(out)


def redact_arguments(target: Redactor, args: Mapping[str, Any], key: bytes) -> dict[str, Any]:
    """Request arguments as the audit log records them: redacted, then word-guarded; ``@p_`` ids kept.

    ``key`` keys the fingerprints of uncommon words. Strings are cut to a bounded length only
    after redaction, so a cut never exposes a raw piece. Names are redacted, not guarded: the
    caller passes schema names only.
    """
    red = target

    def one(name: str, value: Any, depth: int) -> Any:
        if isinstance(value, str):
            if len(value) == 15 and PATH_REF_RE.fullmatch(value):
                return value
            text = red.redact_path(value.replace("\\", "/")).text if name in _PATH_ARGS else value
            text = _word_guard(red.redact(text).text, red, key)
            return text if len(text) <= _ARG_MAX_CHARS else text[:_ARG_MAX_CHARS] + "[...]"
        if isinstance(value, bool) or value is None or isinstance(value, (int, float)):
            return value
        if depth >= _ARG_MAX_DEPTH:
            return "[...]"
        if isinstance(value, list):
            return [one(name, v, depth + 1) for v in value[:100]]
        if isinstance(value, Mapping):
            return {red.redact(str(k)).text: one(str(k), v, depth + 1) for k, v in list(value.items())[:100]}
        return "[...]"

    return {(k if _NAME_RE.fullmatch(k) else red.redact(k).text): one(k, v, 0)
            for k, v in ((str(k), v) for k, v in args.items())}
