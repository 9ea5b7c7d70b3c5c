"""The CLI's own help text: command descriptions, argument help, examples, exit statuses.

The tool descriptions in ``tools_files.py`` speak to a model (parameter names,
MCP defaults); these speak to a person at a shell (flag names, the CLI's
defaults, ``redctx <command>``). Arguments without a row here get their schema
description in CLI words (``cli_parser.cli_words``).

Imports: nothing from the package.
"""

from __future__ import annotations

BUDGET_HELP: dict[str, str] = {
    "max_files": "Most files one call reads.",
    "max_raw_bytes_per_file": "Largest file read, in bytes.",
    "max_total_raw_bytes": "Bytes read in total by one call.",
    "max_entries": "Directory entries one traversal visits.",
    "max_seconds": "Deadline of one call, in seconds.",
    "max_scan_raw_bytes": "Bytes a search or retrieve scans in total.",
}
EXIT_STATUS_HELP = """\
exit status: 0 success; 1 no match (search, retrieve) or a refusal or failed check;
2 usage error, and any error of search or retrieve (grep's convention)."""

TOP_EPILOG = f"""\
examples:
  redctx init --root ~/notes               write a starter config with a fresh salt
  redctx --root ~/notes tree               the folder as @p_ ids and redacted names
  redctx search "retention" --root ~/notes -C 2
  redctx retrieve "backup recovery plan" --json
  redctx read @p_0123456789ab --start-line 10 --end-line 40
  redctx completion bash > ~/.local/share/bash-completion/completions/redctx

Global flags may come before or after the command.
{EXIT_STATUS_HELP}"""

#: Help of the tool-backed subcommands, written for the command line: (one line, description).
#: A tool without a row here gets its MCP description in CLI words (:func:`cli_words`).
COMMAND_HELP: dict[str, tuple[str, str]] = {
    "tree": ("Show the folder as an indented tree of @p_ ids and redacted names.",
             "Print an indented tree: one '@p_<id> <redacted name>' line per entry, two spaces per level, / after "
             "directories, the starting directory first. Excluded entries, protected files and symlinks never "
             "appear. Use the @p_ ids with the other commands instead of typing names."),
    "ls": ("List entries: id, type, size and redacted path.",
           "Print tab-separated lines: @p_<id>, file or dir, size in bytes (- for a directory), redacted "
           "root-relative path. The children of PATH by default; with -r the whole subtree, PATH first."),
    "stat": ("Show one entry's id, redacted path, type, size and line count.",
             "Print key: value lines for one file or directory: id, path (redacted), type, size_bytes, and lines "
             "for a text file."),
    "read": ("Print a redacted file or a line range of it.",
             "Print the redacted text of one file, or of an inclusive 1-based line range, after a header line "
             "'--- @p_<id> <redacted path> lines S-E ---'. Line numbers are those of the file, so they match "
             "'redctx search' output. Text past --max-chars ends with [TRUNCATED]."),
    "search": ("Find lines of redacted text (grep-style; case-sensitive unless -i).",
               "Print the lines of redacted text that contain QUERY (a literal substring, or a Python regex with "
               "-E) as '@p_<id>:<line>:<redacted path>:<text>'; context lines (-C) put '-' after the id. Matching "
               "runs on redacted text, so a raw name never matches: search for a placeholder copied from earlier "
               "output, such as [PERSON_<hex>], or for [PERSON_<hex> without the closing bracket to include alias "
               "forms. Case-sensitive unless -i, like grep. Prints nothing and exits 1 when nothing matches."),
    "retrieve": ("Rank passages for a multi-word question.",
                 "Print the best passages (up to 24 lines each) for QUERY, ranked by how many distinct query words "
                 "they hold, then by BM25, each under '--- @p_<id> <redacted path> lines S-E score=<n> ---'. Whole "
                 "words, any case, no stemming. Prints nothing and exits 1 when nothing matches."),
    "bundle": ("Print several redacted files in one go.",
               "Print whole redacted files, each between '--- BEGIN @p_<id> <redacted path> ---' and "
               "'--- END @p_<id> ---', within --max-files, --max-chars-per-file and --max-total-chars."),
    "doctor": ("Summarize the active redaction setup (counts only).",
               "Print the active redaction setup as key: value lines: whether a config was loaded, mode, detector "
               "profile, salt source, and counts of configured terms and exclusions. Never prints a term."),
    "audit": ("Run the safety checks (PASS/WARN/FAIL lines).",
              "Run the containment, salt, term and synthetic-leak checks, one '<category>: <name> <STATUS> "
              "<detail>' line each. Exits 1 when a check fails."),
}

#: Argument help written for the command line, where the schema's wording speaks to a model.
ARGUMENT_HELP: dict[str, str] = {
    "paths": "Files or folders to look in (root-relative or @p_<id>). Default: the whole root.",
    "glob": "Keep only files whose root-relative path matches this shell pattern (* also matches /). Repeatable.",
    "query": "Text to find (a substring, or a regex with -E); may be a placeholder such as [PERSON_<hex>].",
    "ignore_case": "Match case-insensitively. Off by default: the CLI is case-sensitive, like grep.",
    "regex": "Treat QUERY as a Python regular expression (matched per line; backtracking-prone shapes are refused).",
}

#: Examples shown under each subcommand's help.
EXAMPLES: dict[str, tuple[str, ...]] = {
    "tree": ("redctx tree", "redctx tree @p_0123456789ab --max-depth 1"),
    "ls": ("redctx ls -r notes", "redctx ls --json | jq -r .id"),
    "stat": ("redctx stat @p_0123456789ab", "redctx stat notes/plan.md --json"),
    "read": ("redctx read @p_0123456789ab", "redctx cat notes/plan.md -n --start-line 20 --end-line 60"),
    "search": ('redctx search "[PERSON_" -C 1', 'redctx grep -i -E "backup|restore" notes --glob "*.md"',
               'redctx search deadline --json | jq -r .path', "redctx search x -q && echo found"),
    "retrieve": ('redctx retrieve "retention policy exceptions"', 'redctx retrieve "incident review" notes --json'),
    "bundle": ('redctx bundle notes --glob "*.md" --max-files 10',),
    "doctor": ("redctx doctor",),
    "audit": ("redctx audit", "redctx audit --format json"),
}
