"""Optional document extraction (``--documents``): DOCX, PPTX, PDF, XLSX and XLS as Markdown.

``extract(name, data)`` is the one entry: the raw bytes are checked against
the limits (:mod:`.limits`), converted by MarkItDown in a short-lived worker
process (:mod:`.worker`, :mod:`.entry`), and normalised so the redactor sees
real values (:mod:`.markdown`). The result is raw text like any file's: the
files source hands it to the service, which redacts it and caches only the
redacted text. Nothing here writes to disk or imports MarkItDown.

Imports: errors, sources.documents.*.
"""

from __future__ import annotations

import importlib.util

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources.documents import limits, markdown, worker

#: Supported extensions (lower case), each its own converter in the worker.
KINDS: frozenset[str] = frozenset({"docx", "pptx", "pdf", "xlsx", "xls"})
#: Distributions the converters need; all must be importable for ``available()``.
REQUIRED_MODULES = ("markitdown", "mammoth", "pptx", "openpyxl", "xlrd", "pandas", "pdfminer")
INSTALL_COMMAND = "python -m pip install 'redacted-context-mcp[documents]'"


def kind_of(name: str) -> str | None:
    """The document kind of a file name (``report.DOCX`` -> ``docx``), or ``None``."""
    _, dot, ext = name.rpartition(".")
    ext = ext.lower()
    return ext if dot and ext in KINDS else None


def available() -> bool:
    """Whether the documents extra is installed (found on the path; nothing is imported)."""
    try:
        return all(importlib.util.find_spec(m) is not None for m in REQUIRED_MODULES)
    except (ImportError, ValueError):
        return False


def extract(name: str, data: bytes, *, deadline: float = limits.DEADLINE_SECONDS) -> str:
    """The normalised Markdown of document ``name`` with bytes ``data``; fixed errors only.

    Raises LIMIT_FILE_BYTES, DOCUMENT_ENCRYPTED, DOCUMENT_MALFORMED, DOCUMENT_EMPTY,
    DOCUMENT_EXPANSION, DOCUMENT_OUTPUT, DOCUMENT_DEADLINE, DOCUMENT_FAILED.
    """
    kind = kind_of(name)
    if kind is None:
        raise RedctxError(Code.NOT_TEXT)
    limits.check_input(kind, data)
    text = markdown.finish(kind, worker.run_worker(kind, data, deadline=deadline))
    if len(text) > limits.MAX_OUTPUT_CHARS:
        raise RedctxError(Code.DOCUMENT_OUTPUT)
    if not markdown.has_text(text.split("\n", 1)[1]):
        raise RedctxError(Code.DOCUMENT_EMPTY)
    return text


__all__ = ["INSTALL_COMMAND", "KINDS", "available", "extract", "kind_of"]
