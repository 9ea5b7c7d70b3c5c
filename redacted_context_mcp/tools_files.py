"""The file tools' rows: tree, list, stat, read, search, retrieve, bundle, refresh, doctor, audit.

Imports: tooldefaults, toolspec (handlers are resolved lazily from ``service/*``).
"""

from __future__ import annotations

from redacted_context_mcp import tooldefaults as d
from redacted_context_mcp.toolspec import GLOB, PATHS, ToolSpec, schema

_FILES = "redacted_context_mcp.service.files"
_SEARCH = "redacted_context_mcp.service.search"
_ADMIN = "redacted_context_mcp.service.admin"

FILE_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="redctx_tree",
        description=(
            "Show the folder hierarchy under a directory as an indented tree, one entry per line: "
            "@p_<id> <redacted name>, two spaces per level, a trailing / on directories, starting "
            "with the directory itself (the root appears as @p_<id> ./). Use it first for a quick "
            "picture of how the private folder is organised. Use redctx_list when you need entry "
            "types, byte sizes and full redacted paths, and redctx_search or redctx_retrieve to "
            "find content. Excluded entries, protected files (the redaction config, term files, "
            ".env*, keys and certificates) and symlinks never appear. Names are redacted, so carry "
            "the @p_<id> references into redctx_read, redctx_stat or redctx_bundle instead of "
            "retyping names. A very large root can hit the traversal entry limit (Traversal entry "
            "limit exceeded.): lower max_depth or start from a subdirectory."
        ),
        input_schema=schema(
            {
                "path": {
                    "type": "string",
                    "default": ".",
                    "description": (
                        "Directory to show: a root-relative path or an @p_<id> reference. Default . "
                        "(the root). A file shows just its own line; paths outside the root are refused."
                    ),
                },
                "max_depth": {
                    "type": "integer",
                    "default": d.TREE_MAX_DEPTH,
                    "minimum": 0,
                    "description": (
                        f"How many levels below path to show; 0 shows only path itself. Default {d.TREE_MAX_DEPTH}."
                    ),
                },
            }
        ),
        handler=f"{_FILES}:tree",
        cli="tree",
        positional=("path",),
    ),
    ToolSpec(
        name="redctx_list",
        description=(
            "List directory entries as tab-separated lines: @p_<id>, file or dir, size in bytes "
            "(- for directories) and the redacted root-relative path. By default it lists the "
            "immediate children of path, directories first; with recursive it lists the whole "
            "subtree starting with path itself. Use it to collect opaque ids, sizes and full paths; "
            "use redctx_tree for an indented overview instead. Excluded, protected and symlinked "
            "entries are left out and every path is redacted, so pass the returned @p_<id> to "
            "redctx_read, redctx_stat or redctx_bundle rather than guessing names. Large subtrees "
            "can hit the traversal entry limit; use max_depth or a narrower path."
        ),
        input_schema=schema(
            {
                "path": {
                    "type": "string",
                    "default": ".",
                    "description": (
                        "Directory to list: a root-relative path or an @p_<id> reference. Default . "
                        "(the root). A file returns just its own entry."
                    ),
                },
                "recursive": {
                    "type": "boolean",
                    "default": False,
                    "description": (
                        "List every entry of the subtree, starting with path itself, instead of only "
                        "its immediate children. Default false."
                    ),
                },
                "max_depth": {
                    "type": "integer",
                    "minimum": 0,
                    "description": (
                        "With recursive, how many levels below path to descend; 0 lists only path. "
                        "Default unlimited. Ignored without recursive."
                    ),
                },
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
        description=(
            "Return metadata for one file or directory as key: value lines: id (@p_<id>), path "
            "(redacted), type (file or directory), size_bytes, and lines for text files. Use it to "
            "check a file's size or line count before picking a redctx_read line range, or to get "
            "the opaque id of a path you already know; use redctx_list for many entries at once. "
            "Excluded and protected paths are refused (Path is excluded by policy.), as are paths "
            "outside the root."
        ),
        input_schema=schema(
            {
                "path": {
                    "type": "string",
                    "description": "File or directory: an @p_<id> reference or a root-relative path.",
                }
            },
            required=("path",),
        ),
        handler=f"{_FILES}:stat",
        cli="stat",
        positional=("path",),
    ),
    ToolSpec(
        name="redctx_read",
        description=(
            "Return the redacted text of one file, or an inclusive 1-based line range of it, after a "
            "header line --- @p_<id> <redacted path> lines S-E ---. Use it to read one file or to "
            "cite exact lines; use redctx_bundle to load several whole files in one call, and "
            "redctx_search or redctx_retrieve to find the right lines first. Redaction keeps line "
            "numbers unchanged, so line numbers from search results point at the same lines here. "
            "Text beyond max_chars is cut and ends with [TRUNCATED]; a placeholder is never split. "
            "Binary, excluded and protected files, and files over the server's per-file byte limit "
            "(5 MB by default), are refused with an error. Office and PDF documents (DOCX, PPTX, "
            "PDF, XLSX, XLS) are readable as extracted Markdown only when the server runs with "
            "--documents."
        ),
        input_schema=schema(
            {
                "path": {
                    "type": "string",
                    "description": "File to read: an @p_<id> reference from earlier output or a root-relative path.",
                },
                "start_line": {
                    "type": "integer",
                    "minimum": 1,
                    "description": (
                        "First line to return, 1-based and inclusive. Default 1. Must not be after "
                        "end_line, or after the file's last line when end_line is omitted."
                    ),
                },
                "end_line": {
                    "type": "integer",
                    "minimum": 1,
                    "description": (
                        "Last line to return, 1-based and inclusive; values past the end of the file "
                        "are clamped. Default: the last line."
                    ),
                },
                "max_chars": {
                    "type": "integer",
                    "default": d.READ_MAX_CHARS,
                    "minimum": 1,
                    "description": (
                        "Maximum characters of file text returned after the line range is applied; "
                        f"longer text is cut and ends with [TRUNCATED]. Default {d.READ_MAX_CHARS}."
                    ),
                },
                "line_numbers": {
                    "type": "boolean",
                    "default": False,
                    "description": "Prefix each line with its source line number and a tab. Default false.",
                },
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
        description=(
            "Find lines of redacted text that contain query (a literal substring, or a Python regex "
            "with regex) and return grep-style lines @p_<id>:<line>:<redacted path>:<text>; context "
            "lines use - after the id instead of :. Returns No matches. when nothing matches. Use it "
            "for exact words, identifiers or patterns and to see neighbouring lines; use "
            "redctx_retrieve for ranked passages that answer a multi-word question. Matching runs "
            "on the redacted text, so a raw sensitive value never matches: search for a placeholder "
            "such as [PERSON_<hex>] copied from earlier output to find every mention of that value. "
            "Declared aliases of one entity share its hex and add a form suffix "
            "([PERSON_<hex>.<form>]): search for [PERSON_<hex> without the closing bracket to find "
            "every person-typed form, or the bare <hex> to find every form. Output stops after "
            "max_results lines with [TRUNCATED]. The call fails after 30 s (Operation deadline "
            "exceeded.), when a file in scope is over the per-file byte limit (5 MB by default), or "
            "when the scope is over the scan byte limit (256 MB by default); narrow paths or glob on "
            "large roots. Invalid patterns fail with Invalid regex. and patterns prone to "
            "catastrophic backtracking are rejected."
        ),
        input_schema=schema(
            {
                "query": {
                    "type": "string",
                    "description": (
                        "Text to find within one line of redacted output: a literal substring, or a "
                        "regex when regex is true. May be a placeholder copied from earlier output."
                    ),
                },
                "paths": PATHS,
                "glob": GLOB,
                "ignore_case": {
                    "type": "boolean",
                    "default": True,
                    "description": "Match case-insensitively, for literal and regex queries alike. Default true.",
                },
                "regex": {
                    "type": "boolean",
                    "default": False,
                    "description": (
                        "Treat query as a Python regular expression matched per line. Default false. "
                        "Invalid patterns fail with Invalid regex.; nested quantifiers and other "
                        "catastrophic-backtracking shapes are rejected."
                    ),
                },
                "context": {
                    "type": "integer",
                    "default": 0,
                    "minimum": 0,
                    "description": (
                        "Lines to include before and after each match. Default 0. Context lines "
                        "count toward max_results."
                    ),
                },
                "max_results": {
                    "type": "integer",
                    "default": d.SEARCH_MAX_RESULTS,
                    "minimum": 1,
                    "description": (
                        "Maximum output lines (matches plus context lines) before the output stops "
                        f"with [TRUNCATED]. Default {d.SEARCH_MAX_RESULTS}."
                    ),
                },
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
        description=(
            "Rank redacted passages (up to 24 lines each) by how many distinct query words they "
            "contain, then by BM25 relevance, and return the best ones, each under a header "
            "--- @p_<id> <redacted path> lines S-E score=<n> --- followed by the passage text (for "
            "documents, lines of the extracted Markdown). Use it for topic or natural-language "
            "questions when you do not know the exact wording; use redctx_search for an exact "
            "string or regex with context lines, and redctx_read with the returned line range to "
            "see more. Matching is case-insensitive on whole words of the redacted text, with no "
            "stemming, embeddings or stored index; a complete placeholder counts as one word. Only "
            "whole passages that fit max_chars are returned, with a [TRUNCATED: ...] note when more "
            "matched. The call fails when the scope holds more readable files than the retrieval "
            "file limit or takes over 30 s; pass paths or glob on large roots."
        ),
        input_schema=schema(
            {
                "query": {
                    "type": "string",
                    "description": (
                        "Words describing what you are looking for, such as retention policy "
                        "exceptions. Common stop words are ignored; 1 to 64 distinct searchable "
                        "words are required and the query may be at most 2000 characters."
                    ),
                },
                "paths": PATHS,
                "glob": GLOB,
                "max_results": {
                    "type": "integer",
                    "default": d.RETRIEVE_RESULTS,
                    "description": (
                        f"Maximum passages to return, between {d.RETRIEVE_MIN_RESULTS} and "
                        f"{d.RETRIEVE_MAX_RESULTS}. Default {d.RETRIEVE_RESULTS}."
                    ),
                },
                "max_chars": {
                    "type": "integer",
                    "default": d.RETRIEVE_CHARS,
                    "description": (
                        f"Character budget for the whole response, between {d.RETRIEVE_MIN_CHARS} and "
                        f"{d.RETRIEVE_MAX_CHARS}; passages that would not fit completely are left out. "
                        f"Default {d.RETRIEVE_CHARS}."
                    ),
                },
            },
            required=("query",),
        ),
        handler=f"{_SEARCH}:retrieve",
        cli="retrieve",
        positional=("query", "paths"),
    ),
    ToolSpec(
        name="redctx_bundle",
        description=(
            "Concatenate several redacted text files into one response, each wrapped in "
            "--- BEGIN @p_<id> <redacted path> --- and --- END @p_<id> ---. Use it to load a folder "
            "or a glob selection as context in one call; use redctx_read for a single file or a "
            "line range, since bundles carry no line numbers. Each file is cut at "
            "max_chars_per_file with [TRUNCATED], and when max_files or max_total_chars is reached "
            "before the last file the bundle ends with [TRUNCATED: file or total character limit "
            "reached]. A file in scope over the per-file byte limit (5 MB by default), or a scope "
            "over the total byte limit (50 MB by default), fails the whole call; narrow paths or glob."
        ),
        input_schema=schema(
            {
                "paths": PATHS,
                "glob": GLOB,
                "max_files": {
                    "type": "integer",
                    "default": d.BUNDLE_MAX_FILES,
                    "minimum": 1,
                    "description": f"Maximum files to include. Default {d.BUNDLE_MAX_FILES}.",
                },
                "max_total_chars": {
                    "type": "integer",
                    "default": d.BUNDLE_MAX_TOTAL_CHARS,
                    "minimum": 1,
                    "description": (
                        "No further file is started once this many file characters were emitted, so "
                        f"the total can exceed it by up to one file. Default {d.BUNDLE_MAX_TOTAL_CHARS}."
                    ),
                },
                "max_chars_per_file": {
                    "type": "integer",
                    "default": d.BUNDLE_MAX_CHARS_PER_FILE,
                    "minimum": 1,
                    "description": (
                        "Maximum redacted characters kept per file; longer files end with "
                        f"[TRUNCATED]. Default {d.BUNDLE_MAX_CHARS_PER_FILE}."
                    ),
                },
            }
        ),
        handler=f"{_FILES}:bundle",
        cli="bundle",
        positional=("paths",),
    ),
    ToolSpec(
        name="redctx_refresh_index",
        description=(
            "Rescan the root to rebuild the index that resolves @p_<id> references, and clear the "
            "redacted-content cache; returns Refreshed path index. Call it when a reference shown "
            "by redctx_list, redctx_tree or redctx_search fails with Unknown path id, which happens "
            "for files created or renamed after the index was built. It changes no files. A very "
            "large root can fail with Traversal entry limit exceeded."
        ),
        input_schema=schema(),
        handler=f"{_FILES}:refresh_index",
    ),
    ToolSpec(
        name="redctx_doctor",
        description=(
            "Report the active redaction setup as key: value lines: whether a config file was "
            "loaded, mode, detector profile, where the vault salt came from, counts of configured "
            "clients, organizations, people, other terms, alias groups, aliases and allow terms, "
            "exclusion counts, and any additional detectors by name and version. It shows counts "
            "only, never the terms themselves, and reads no context files. Use it to confirm which "
            "policy is in effect; use redctx_audit to actually test redaction and containment. If "
            "the local policy cannot be loaded, this tool is blocked like every other one until the "
            "operator repairs the config."
        ),
        input_schema=schema(),
        handler=f"{_ADMIN}:doctor",
        cli="doctor",
    ),
    ToolSpec(
        name="redctx_audit",
        description=(
            "Run the safety checks and report one line per check: <category>: <name> <STATUS> "
            "<detail>, where STATUS is PASS, WARN, FAIL or NOT_TESTED (or JSON with format json). "
            "The checks cover symlinks and reparse points under the root (listed by opaque id), the "
            "vault salt, configured private terms and overly broad allow entries, a synthetic "
            "secret-leak test of the redactor, and whether controlled writes are enabled. Use it to "
            "verify that the setup is safe; use redctx_doctor for a quick count-only summary that "
            "scans nothing. It walks the whole root, never prints sensitive terms, and returns the "
            "full report with isError true when any check fails."
        ),
        input_schema=schema(
            {
                "format": {
                    "type": "string",
                    "enum": ["text", "json"],
                    "default": "text",
                    "description": (
                        "text (default): one line per check, followed by up to 10 opaque refs for "
                        'flagged entries. json: {"checks": [{"category", "name", "status", '
                        '"detail", "refs"?}]}.'
                    ),
                }
            }
        ),
        handler=f"{_ADMIN}:audit",
        cli="audit",
    ),
)
