"""Text from another MCP server (``redctx proxy``): redacted here, its placeholder spellings learned.

:func:`learn_upstream` is :func:`service.rehydrate.learn_from` that also hands back the
engine's counts and the placeholder -> raw spelling pairs it recorded, so the proxy can
prefer the spelling its upstream used last (a file named ``john_smith.md`` must come back
as ``john_smith``, not as the configured ``John Smith``). The pairs are raw text: the
proxy keeps them in memory for restoring arguments and never shows them.

Imports: model, redaction.secret_filenames, service.rehydrate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from redacted_context_mcp.model import Redacted, mint_redacted
from redacted_context_mcp.redaction.secret_filenames import file_kind
from redacted_context_mcp.service import rehydrate

if TYPE_CHECKING:
    from redacted_context_mcp.service.context import Service


@dataclass(frozen=True)
class UpstreamText:
    text: Redacted
    counts: dict[str, int]
    pairs: dict[str, str] = field(repr=False)  # placeholder -> raw spelling (raw: never output)


#: argument names under which an upstream tool takes the one file it reads
_PATH_ARGS = ("path", "file", "filename", "file_path", "filepath", "uri")


def upstream_kind(arguments: dict) -> str | None:
    """The credential-file kind of the one file a tool call names (``{"path": ".../auth.txt"}``), if any:
    its text is then read as the service reads that file (``redaction.secret_filenames``)."""
    for name in _PATH_ARGS:
        value = arguments.get(name)
        if isinstance(value, str) and value:
            return file_kind(value.removeprefix("file://").replace("\\", "/"))
    return None


def learn_upstream(svc: Service, raw_text: str, kind: str | None = None) -> UpstreamText:
    """Redact ``raw_text`` with the active policy and record its pairs in the rehydration map
    (``kind``: the credential-file kind of the file the text is, see :func:`upstream_kind`)."""
    svc.snapshot()
    g = svc._g()
    red, spans = g.snap.redactor.redact_spans(raw_text, kind=kind)
    pairs: dict[str, str] = {}
    for placeholder, raw in rehydrate._pairs(red, spans, raw_text):
        pairs.setdefault(placeholder, raw)
    if pairs:
        rehydrate._map_of(svc, g).record(pairs)
    return UpstreamText(mint_redacted(red.text), {k: int(n) for k, n in red.counts.items() if n}, pairs)
