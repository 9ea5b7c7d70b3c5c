"""The file tools' rows: tree, list, stat, read, search, retrieve, bundle, refresh, doctor, audit.

Every tool pays for ``tools/list`` in each agent session, so the rows say each
piece of guidance once: what comes back, when a sibling fits better, limits
and failure modes. What the tools share is said where it first matters (the
never-shown entries in ``redctx_tree``, the scope rules in ``PATHS`` and
``GLOB``); defaults live in the schema's ``default`` and are not repeated in
prose. ``tests/test_tools.py`` prints the ``tools/list`` size and holds it at
or under 12 KB in both protocol eras.

Imports: tooldefaults, toolspec (handlers are resolved lazily from ``service/*``).
"""

from __future__ import annotations

from typing import Any

from redacted_context_mcp import tooldefaults as d
from redacted_context_mcp.toolspec import GLOB, PATHS, ToolSpec, schema

_FILES = "redacted_context_mcp.service.files"
_SEARCH = "redacted_context_mcp.service.search"
_ADMIN = "redacted_context_mcp.service.admin"


def _prop(kind: str, description: str, default: Any = None, minimum: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": kind}
    if default is not None:
        out["default"] = default
    if minimum is not None:
        out["minimum"] = minimum
    out["description"] = description
    return out


_DIR = "Root-relative path or @p_<id>; a file shows just its own line."
_FILE = "An @p_<id> or a root-relative path."

FILE_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="redctx_tree",
        title="Folder tree",
        description=(
            "Indented tree: @p_<id> <redacted name> per line, two spaces per level, / after directories, path"
            " itself first (root: @p_<id> ./). Start here; redctx_list adds sizes and full paths, "
            "redctx_search finds content. No tool shows excluded entries, protected files (redaction config, "
            "term files, .env*, keys, certificates) or symlinks, or leaves the root. Pass @p_<id> on, not "
            "retyped names. On Traversal entry limit exceeded., lower max_depth."
        ),
        input_schema=schema(
            {
                "path": _prop("string", _DIR, "."),
                "max_depth": _prop("integer", "Levels below path; 0 shows only path.", d.TREE_MAX_DEPTH, 0),
            }
        ),
        handler=f"{_FILES}:tree",
        cli="tree",
        positional=("path",),
    ),
    ToolSpec(
        name="redctx_list",
        title="List folder",
        description=(
            "Tab-separated lines: @p_<id>, file or dir, size in bytes (- for dirs), redacted root-relative "
            "path. Children of path, directories first; with recursive the subtree, path first. For ids, "
            "sizes and full paths; redctx_tree is the overview. On the traversal entry limit, set max_depth."
        ),
        input_schema=schema(
            {
                "path": _prop("string", _DIR, "."),
                "recursive": _prop("boolean", "List the whole subtree, not only the children.", False),
                "max_depth": _prop("integer", "With recursive, levels below path (0: path only). Default unlimited.",
                                   None, 0),
            }
        ),
        handler=f"{_FILES}:list_entries",
        cli="ls",
        aliases=("list",),
        positional=("path",),
        cli_short={"recursive": "-r"},
    ),
    ToolSpec(
        name="redctx_stat",
        title="File details",
        description=(
            "key: value lines for one entry: id (@p_<id>), path (redacted), type (file or directory), "
            "size_bytes, and lines for text. Check size before a redctx_read range, or get a known path's id;"
            " redctx_list covers many entries. Excluded paths fail with Path is excluded by policy."
        ),
        input_schema=schema({"path": _prop("string", _FILE)}, required=("path",)),
        handler=f"{_FILES}:stat",
        cli="stat",
        positional=("path",),
    ),
    ToolSpec(
        name="redctx_read",
        title="Read file",
        description=(
            "Redacted text of a file or an inclusive 1-based line range, under --- @p_<id> <redacted path> "
            "lines S-E ---. Line numbers are kept, so redctx_search hits point here; redctx_bundle loads "
            "several files. Past max_chars it ends with [TRUNCATED], never mid-placeholder. Binary files are "
            "refused; files over 5 MB are streamed; DOCX, PPTX, PDF, XLSX, XLS read as Markdown only with "
            "--documents."
        ),
        input_schema=schema(
            {
                "path": _prop("string", _FILE),
                "start_line": _prop("integer", "First line (default 1); not after end_line or the last line.",
                                    None, 1),
                "end_line": _prop("integer", "Last line, clamped to the file (default: the last line).", None, 1),
                "max_chars": _prop("integer", "Characters kept after the range is applied.", d.READ_MAX_CHARS, 1),
                "line_numbers": _prop("boolean", "Prefix each line with its number and a tab.", False),
            },
            required=("path",),
        ),
        handler=f"{_FILES}:read",
        cli="read",
        aliases=("cat",),
        positional=("path",),
        cli_short={"line_numbers": "-n"},
    ),
    ToolSpec(
        name="redctx_search",
        title="Search text",
        description=(
            "Lines of redacted text containing query (substring, or Python regex with regex) as "
            "@p_<id>:<line>:<redacted path>:<text>, context lines with - after the id; No matches. if none. "
            "For exact words and patterns; redctx_retrieve ranks passages for a question. Raw sensitive "
            "values never match: search a placeholder from output ([PERSON_<hex>]) for every mention; aliases"
            " add .<form> before the ], so [PERSON_<hex> finds every person form, the bare <hex> every form. "
            "Stops at max_results lines with [TRUNCATED]. Skipped files (over 5 MB, binary) are counted in a "
            "[SKIPPED: ...] note. Fails after 30 s (Operation deadline exceeded.) or over the scan limit (256 MB)."
        ),
        input_schema=schema(
            {
                "query": _prop("string", "Text within one line (or a regex); may be a placeholder."),
                "paths": PATHS,
                "glob": GLOB,
                "ignore_case": _prop("boolean", "Case-insensitive matching, literal or regex.", True),
                "regex": _prop(
                    "boolean",
                    "query is a per-line Python regex (else Invalid regex.); backtracking-prone shapes are rejected.",
                    False,
                ),
                "context": _prop("integer", "Lines around each match, counted in max_results.", 0, 0),
                "max_results": _prop("integer", "Output lines (matches and context) before [TRUNCATED].",
                                     d.SEARCH_MAX_RESULTS, 1),
            },
            required=("query",),
        ),
        handler=f"{_SEARCH}:search",
        cli="search",
        aliases=("grep",),
        positional=("query", "paths"),
        cli_short={"ignore_case": "-i", "regex": "-E", "context": "-C"},
        cli_defaults={"ignore_case": False},
    ),
    ToolSpec(
        name="redctx_retrieve",
        title="Find passages",
        description=(
            "Passages (up to 24 lines) ranked by distinct query words, then BM25, each under --- @p_<id> "
            "<redacted path> lines S-E score=<n> --- (documents: lines of their Markdown). For topics and "
            "questions without exact wording; redctx_search finds exact strings, redctx_read shows more. "
            "Whole words, any case, no stemming or index; a placeholder is one word. Only whole passages "
            "within max_chars, then [TRUNCATED: ...] if more matched. Fails over 80 readable files or 30 s."
        ),
        input_schema=schema(
            {
                "query": _prop(
                    "string", "What you seek, 1-64 words besides stop words, at most 2000 characters."
                ),
                "paths": PATHS,
                "glob": GLOB,
                "max_results": _prop(
                    "integer", f"Passages to return, {d.RETRIEVE_MIN_RESULTS} to {d.RETRIEVE_MAX_RESULTS}.",
                    d.RETRIEVE_RESULTS,
                ),
                "max_chars": _prop(
                    "integer",
                    f"Characters for the whole response, {d.RETRIEVE_MIN_CHARS} to {d.RETRIEVE_MAX_CHARS}.",
                    d.RETRIEVE_CHARS,
                ),
            },
            required=("query",),
        ),
        handler=f"{_SEARCH}:retrieve",
        cli="retrieve",
        positional=("query", "paths"),
    ),
    ToolSpec(
        name="redctx_bundle",
        title="Bundle files",
        description=(
            "Several redacted files in one call (a folder or glob selection as context), each between --- "
            "BEGIN @p_<id> <redacted path> --- and --- END @p_<id> ---, without line numbers (redctx_read: "
            "one file or a range). Files are cut at max_chars_per_file with [TRUNCATED]; max_files or "
            "max_total_chars ends it with [TRUNCATED: file or total character limit reached]. Files over 5 "
            "MB are skipped with a [SKIPPED: ...] note; a scope over 50 MB fails the call."
        ),
        input_schema=schema(
            {
                "paths": PATHS,
                "glob": GLOB,
                "max_files": _prop("integer", "Most files to include.", d.BUNDLE_MAX_FILES, 1),
                "max_total_chars": _prop("integer", "No file starts past this many characters.",
                                         d.BUNDLE_MAX_TOTAL_CHARS, 1),
                "max_chars_per_file": _prop("integer", "Characters kept per file.", d.BUNDLE_MAX_CHARS_PER_FILE, 1),
            }
        ),
        handler=f"{_FILES}:bundle",
        cli="bundle",
        positional=("paths",),
    ),
    ToolSpec(
        name="redctx_refresh_index",
        title="Refresh index",
        description=(
            "Rescan the root, rebuild the @p_<id> index, clear the redacted-content cache; returns Refreshed "
            "path index. Call it when an id from redctx_list, redctx_tree or redctx_search fails with Unknown"
            " path id (created or renamed since). Changes no files; can fail with Traversal entry limit "
            "exceeded."
        ),
        input_schema=schema(),
        handler=f"{_FILES}:refresh_index",
    ),
    ToolSpec(
        name="redctx_doctor",
        title="Redaction setup",
        description=(
            "Active redaction setup as key: value lines: config loaded, mode, detector profile, salt source, "
            "counts of clients, organizations, people, terms, alias groups, aliases, allow terms, exclusions;"
            " extra detectors by name and version. Counts only; reads no files; redctx_audit tests redaction."
            " While the policy cannot load, every tool is blocked until the operator repairs it."
        ),
        input_schema=schema(),
        handler=f"{_ADMIN}:doctor",
        cli="doctor",
    ),
    ToolSpec(
        name="redctx_audit",
        title="Safety audit",
        description=(
            "Safety checks, a line each: <category>: <name> <STATUS> <detail>, STATUS PASS, WARN, FAIL or "
            "NOT_TESTED: symlinks and reparse points (opaque ids), vault salt, private terms and broad allow "
            "entries, a synthetic leak test, whether writes are on. Walks the whole root, never prints terms;"
            " isError if a check fails. redctx_doctor is the quick count-only view."
        ),
        input_schema=schema(
            {
                "format": {
                    "type": "string",
                    "enum": ["text", "json"],
                    "default": "text",
                    "description": (
                        'text: lines plus up to 10 refs of flagged entries. json: {"checks": [{category, '
                        'name, status, detail, refs?}]}.'
                    ),
                }
            }
        ),
        handler=f"{_ADMIN}:audit",
        cli="audit",
    ),
)
