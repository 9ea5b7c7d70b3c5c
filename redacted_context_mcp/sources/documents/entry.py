"""The worker process: one document's bytes on stdin, one status line and its Markdown on the result pipe.

Runs in a fresh interpreter started by :mod:`.worker`. Before anything is
imported, fd 1 is moved to a private descriptor and fds 1 and 2 point at
``/dev/null``, so nothing a converter prints can reach the parent's output;
writes to regular files are refused (``RLIMIT_FSIZE`` 0), and proxies point
at a closed local port. Only the converter of the requested format is built
(no ``MarkItDown`` object: no plugins, no URL fetching, no OCR, LLM or audio
clients). The only thing written back is a status slug from :data:`STATUSES`
and, on success, the text: never an exception message.

Imports: sources.documents.limits, sources.documents.markdown (MarkItDown lazily, here only).
"""

from __future__ import annotations

import io
import os
import signal
import sys
from typing import Any

from redacted_context_mcp.sources.documents import limits
from redacted_context_mcp.sources.documents.markdown import mark_sheets, mark_slides

#: Status slugs the worker may write; anything else is read as a crash by the parent.
STATUSES = ("ok", "encrypted", "malformed", "output", "failed")

_CONVERTERS = {"docx": "DocxConverter", "pptx": "PptxConverter", "xlsx": "XlsxConverter",
               "xls": "XlsConverter", "pdf": "PdfConverter"}


def _isolate() -> int:
    """Move the result pipe off fd 1, silence fds 1 and 2, refuse file writes; returns the result fd."""
    result_fd = os.dup(1)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)
    try:
        import resource

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a file write fails with EFBIG instead of killing us
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        cpu = int(limits.DEADLINE_SECONDS) + 5
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
        signal.alarm(cpu)  # dies on its own even when the parent is gone
    except (ImportError, ValueError, OSError, AttributeError):
        pass
    return result_fd


def _is_encrypted_error(exc: BaseException) -> bool:
    names = {type(e).__name__ for e in _chain(exc)}
    text = " ".join(str(e) for e in _chain(exc)).lower()
    return bool(names & {"PDFPasswordIncorrect", "PDFEncryptionError", "PDFEncryptionWarning"}) or (
        "encrypt" in text or "password" in text)


def _chain(exc: BaseException) -> list[BaseException]:
    out: list[BaseException] = []
    cur: BaseException | None = exc
    while cur is not None and len(out) < 8:
        out.append(cur)
        cur = cur.__cause__ or cur.__context__
    return out


def _sheet_states(kind: str, data: bytes) -> list[tuple[str, bool]]:
    if kind == "xlsx":
        import openpyxl

        wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True)
        try:
            return [(ws.title, ws.sheet_state != "visible") for ws in wb.worksheets]
        finally:
            wb.close()
    import xlrd

    book = xlrd.open_workbook(file_contents=data, on_demand=True)
    try:
        return [(book.sheet_by_index(i).name, book.sheet_by_index(i).visibility != 0)
                for i in range(book.nsheets)]
    finally:
        book.release_resources()


def _hidden_slides(data: bytes) -> set[int]:
    import pptx

    deck = pptx.Presentation(io.BytesIO(data))
    return {n for n, slide in enumerate(deck.slides, 1) if slide._element.get("show") in ("0", "false")}


def convert(kind: str, data: bytes) -> str:
    """Markdown of ``data`` by the one converter of ``kind``, hidden sheets and slides marked."""
    from markitdown import StreamInfo  # the only place MarkItDown is imported
    from markitdown import converters as md_converters

    converter: Any = getattr(md_converters, _CONVERTERS[kind])()
    result = converter.convert(io.BytesIO(data), StreamInfo(extension="." + kind))
    text = result.markdown or ""
    if kind in ("xlsx", "xls"):
        text = mark_sheets(text, _sheet_states(kind, data))
    elif kind == "pptx":
        text = mark_slides(text, _hidden_slides(data))
    return text


def run(kind: str, data: bytes) -> tuple[str, str]:
    """``(status, text)`` for one conversion; never raises."""
    if kind not in _CONVERTERS:
        return "failed", ""
    try:
        text = convert(kind, data)
    except (MemoryError, ImportError):
        return "failed", ""
    except Exception as exc:  # noqa: BLE001 - reduced to a fixed status, the message is dropped
        if type(exc).__name__ == "MissingDependencyException":
            return "failed", ""
        return ("encrypted" if _is_encrypted_error(exc) else "malformed"), ""
    if len(text) > limits.MAX_OUTPUT_CHARS:
        return "output", ""
    return "ok", text


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    result_fd = _isolate()
    kind = args[0] if args else ""
    data = sys.stdin.buffer.read(limits.MAX_INPUT_BYTES + 1)
    if len(data) > limits.MAX_INPUT_BYTES:
        status, text = "failed", ""
    else:
        status, text = run(kind, data)
    payload = (status + "\n").encode() + (text.encode("utf-8", "replace") if status == "ok" else b"")
    with os.fdopen(result_fd, "wb") as out:
        out.write(payload)
    return 0


__all__ = ["STATUSES", "convert", "main", "run"]
