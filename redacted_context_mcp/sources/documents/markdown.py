"""Turn the converter's Markdown into the text the redactor reads.

MarkItDown escapes Markdown punctuation in text it renders from HTML (DOCX
body, every table cell, XLSX/XLS sheets): a token ``ghp_x`` arrives as
``ghp\\_x``, and a bold run splits a value as ``**ghp\\_ab**cd``. Detection
must see the real value, so for those formats the backslash escapes are
undone and (DOCX) emphasis markers are dropped, giving plain text with
Markdown structure (headings, pipes, bullets) kept. PDF text is not escaped
by the converter and is left as it is. Each extract starts with one note
line that says which hidden parts are included and which are left out.

Imports: nothing from the package.
"""

from __future__ import annotations

import re

# CommonMark backslash escapes (ASCII punctuation), and runs of emphasis asterisks.
_ESCAPE_RE = re.compile(r"\\([!-/:-@\[-`{-~])")
_ESCAPE_OR_STARS_RE = re.compile(r"\\([!-/:-@\[-`{-~])|\*{1,3}")
_BULLET_RE = re.compile(r"[ \t]{0,12}\* ")
_WORD_RE = re.compile(r"\w")
_COMMENT_RE = re.compile(r"<!--[^\n]{0,400}?-->")


def unescape(text: str) -> str:
    """Undo Markdown backslash escapes (``\\_`` -> ``_``)."""
    return _ESCAPE_RE.sub(r"\1", text) if "\\" in text else text


def unescape_plain(text: str) -> str:
    """Undo backslash escapes and drop emphasis asterisks; a line-leading ``* `` bullet stays."""

    def one(m: re.Match[str]) -> str:
        if m.group(1) is not None:
            return m.group(1)
        start = text.rfind("\n", 0, m.start()) + 1
        if len(m.group()) == 1 and _BULLET_RE.fullmatch(text, start, m.end() + 1):
            return m.group()
        return ""

    return _ESCAPE_OR_STARS_RE.sub(one, text)


def has_text(text: str) -> bool:
    """Whether anything but markup and slide/sheet comments is left (an image-only PDF has nothing)."""
    return _WORD_RE.search(_COMMENT_RE.sub("", text)) is not None


HIDDEN_SHEET = "<!-- hidden sheet -->"
HIDDEN_SLIDE = "<!-- hidden slide -->"


def mark_sheets(markdown: str, sheets: list[tuple[str, bool]]) -> str:
    """Add :data:`HIDDEN_SHEET` under the ``## name`` heading of each hidden sheet, in workbook order."""
    out: list[str] = []
    pos = 0
    for name, hidden in sheets:
        heading = f"## {name}\n"
        if markdown.startswith(heading, pos):
            at = pos
        else:
            at = markdown.find("\n" + heading, pos)
            if at < 0:
                continue
            at += 1
        end = at + len(heading)
        out.append(markdown[pos:end])
        if hidden:
            out.append(HIDDEN_SHEET + "\n")
        pos = end
    out.append(markdown[pos:])
    return "".join(out)


def mark_slides(markdown: str, hidden: set[int]) -> str:
    """Add :data:`HIDDEN_SLIDE` after the ``<!-- Slide number: N -->`` line of each hidden slide."""
    for n in sorted(hidden, reverse=True):
        line = f"<!-- Slide number: {n} -->\n"
        at = markdown.find(line)
        if at >= 0:
            end = at + len(line)
            markdown = markdown[:end] + HIDDEN_SLIDE + "\n" + markdown[end:]
    return markdown


#: The first line of every extract, per format: what is in it and what is left out.
NOTES: dict[str, str] = {
    "docx": "<!-- redctx: DOCX extract. Included: body text, tables, lists, footnotes and endnotes, tracked "
            "insertions as accepted. Left out: comments, tracked deletions, headers and footers, "
            "document properties. -->",
    "pptx": "<!-- redctx: PPTX extract. Included: slide text and tables, speaker notes (### Notes:), hidden "
            "slides (marked). Left out: comments, document properties. -->",
    "xlsx": "<!-- redctx: XLSX extract. Included: cell values of every sheet, hidden sheets (marked), hidden "
            "rows and columns. Left out: cell comments, formulas (cached values only), document properties. -->",
    "xls": "<!-- redctx: XLS extract. Included: cell values of every sheet, hidden sheets (marked), hidden rows "
           "and columns. Left out: cell comments, formulas (cached values only), document properties. -->",
    "pdf": "<!-- redctx: PDF extract. Included: page text. Left out: annotations, form field values, "
           "attachments, document properties. -->",
}

#: How each format's converter output is normalised before redaction.
NORMALISE = {"docx": unescape_plain, "pptx": unescape, "xlsx": unescape, "xls": unescape, "pdf": str}


def finish(kind: str, markdown: str) -> str:
    """The text a source hands on: normalised for ``kind``, led by its note, newline-terminated."""
    body = NORMALISE[kind](markdown.replace("\r\n", "\n")).strip("\n")
    return f"{NOTES[kind]}\n{body}\n"


__all__ = ["HIDDEN_SHEET", "HIDDEN_SLIDE", "NOTES", "finish", "has_text", "mark_sheets", "mark_slides",
           "unescape", "unescape_plain"]
