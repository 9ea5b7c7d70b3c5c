"""What an audit entry records of a request's arguments and of its result.

:class:`ToolArgs` is a tool's argument table: schema-named ints, bools, ``@p_`` ids and
values of the tool's own enums are logged as sent, without calling the redactor (which
would leave them unchanged or fingerprint our own enum words); every other value goes
through the service's ``redact_arguments``. :func:`text_of` is the exact text a result
returned (its SHA-256 goes into the entry); :func:`slug_of` names the error code of a fixed
error message.

Imports: errors, sources.paths, auditlog.chain.
"""

from __future__ import annotations

import re
from json.encoder import encode_basestring_ascii
from typing import Any

from redacted_context_mcp.auditlog.chain import canonical_str
from redacted_context_mcp.errors import Code
from redacted_context_mcp.sources.paths import PATH_REF_RE

ERROR_SLUGS = frozenset(c.slug for c in Code)
_FIELD = re.compile(r"\\\{[a-z_]{1,20}\\\}")
#: Error templates as bounded patterns, to name the code of an error result returned before the note.
_TEMPLATES = tuple((re.compile(_FIELD.sub(".{0,300}", re.escape(c.template)), re.S), c.slug) for c in Code)


def slug_of(text: str) -> str | None:
    return next((slug for rx, slug in _TEMPLATES if rx.fullmatch(text)), None)
MAX_LIST = 100  # as ``redact_arguments``: a longer list is cut, so it takes that path


def text_of(result: Any) -> str | None:
    """The exact text a result returned: its content blocks, or its resource contents."""
    if not isinstance(result, dict):
        return None
    blocks = result.get("content")
    if blocks is None:
        blocks = result.get("contents")
    if not isinstance(blocks, list):
        return None
    if len(blocks) == 1 and type(blocks[0]) is dict:  # the usual single text block, without a join
        text = blocks[0].get("text")
        if type(text) is str:
            return text
    return "".join(str(b.get("text", b.get("blob", ""))) for b in blocks if isinstance(b, dict))


def plain_item(value: Any) -> bool:
    t = type(value)
    if t is int or t is bool or value is None or t is float:
        return True
    return t is str and len(value) == 15 and PATH_REF_RE.fullmatch(value) is not None


class ToolArgs:
    """Per tool: its argument names and enum values, the values logged as sent (see the module docstring)."""

    __slots__ = ("enums", "name_json", "props")

    def __init__(self, properties: Any, name: str | None = None) -> None:
        props = properties if isinstance(properties, dict) else {}
        self.props = frozenset(k for k in props if isinstance(k, str))
        self.enums = {k: frozenset(e for e in v["enum"] if isinstance(e, str)) for k, v in props.items()
                      if isinstance(v, dict) and isinstance(v.get("enum"), list)}
        self.name_json = encode_basestring_ascii(name) if name is not None else "null"

    def plain(self, name: str, value: Any) -> bool:
        """``value`` is what ``redact_arguments`` would log for it anyway, or one of our enum words."""
        if plain_item(value):
            return True
        t = type(value)
        if t is str:
            enum = self.enums.get(name)
            return enum is not None and value in enum
        return t is list and len(value) <= MAX_LIST and all(plain_item(v) for v in value)

    def encode(self, raw: dict) -> str | None:
        """``raw`` as the log records it, in canonical JSON, when every name and value is plain; else ``None``.

        The checks of :meth:`plain` inline, then one call to the canonical encoder (this runs on every call).
        """
        if len(raw) == 1 and "path" in self.props:  # the usual read/stat/list/tree call: one path id
            v = raw.get("path")
            if type(v) is str and len(v) == 15 and PATH_REF_RE.fullmatch(v) is not None:
                return '{"path":"' + v + '"}'
        props = self.props
        for k, v in raw.items():
            if k not in props:
                return None
            t = type(v)
            if t is str:
                if not (len(v) == 15 and PATH_REF_RE.fullmatch(v) is not None) and v not in self.enums.get(k, ()):
                    return None
            elif not (t is int or t is bool or v is None or t is float
                      or (t is list and len(v) <= MAX_LIST and all(plain_item(x) for x in v))):
                return None
        return canonical_str(raw)


RESOURCE_ARGS = ToolArgs({"uri": {}, "cursor": {}})
NO_ARGS = ToolArgs({})
