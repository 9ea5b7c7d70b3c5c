"""One error family with fixed, non-sensitive messages.

Every failure a user or agent can see is a :class:`RedctxError` carrying a
:class:`Code`. A code's message is a constant; the few templates accept only
safe fields (opaque ids, argument names chosen by the caller, limit numbers),
never file content, configured terms or raw paths.

Imports: nothing from the package.
"""

from __future__ import annotations

import enum
from typing import Any


class Kind(enum.Enum):
    """Broad class of a failure, used by the edges to pick an exit status."""

    USER = "user"
    LIMIT = "limit"
    POLICY = "policy"
    UNAVAILABLE = "unavailable"
    INTERNAL = "internal"


class Code(enum.Enum):
    """Stable slug, fixed message (or safe template) and kind."""

    # paths and files
    PATH_EXCLUDED = ("path_excluded", "Path is excluded by policy.", Kind.USER)
    PATH_MISSING = ("path_missing", "Path does not exist.", Kind.USER)
    OUTSIDE_ROOT = ("outside_root", "Refusing path outside root.", Kind.USER)
    UNSAFE_PATH = ("unsafe_path", "Refusing unsafe path.", Kind.USER)
    NOT_A_FILE = ("not_a_file", "Not a file.", Kind.USER)
    NOT_A_DIRECTORY = ("not_a_directory", "Not a directory.", Kind.USER)
    NOT_TEXT = (
        "not_text",
        "Refusing to print non-text file. Use stat/list to inspect metadata.",
        Kind.USER,
    )
    UNKNOWN_PATH_ID = ("unknown_path_id", "Unknown path id: {ref}", Kind.USER)
    UNKNOWN_SOURCE = ("unknown_source", "Unknown source reference.", Kind.USER)
    PATH_ID_COLLISION = ("path_id_collision", "Opaque path id collision detected.", Kind.INTERNAL)
    FILE_CHANGED = ("file_changed", "File changed during read.", Kind.UNAVAILABLE)
    READ_FAILED = ("read_failed", "Could not read file.", Kind.UNAVAILABLE)
    # read ranges
    END_BEFORE_START = (
        "end_before_start",
        "--end-line must be greater than or equal to --start-line.",
        Kind.USER,
    )
    START_PAST_END = ("start_past_end", "--start-line is beyond the end of the file.", Kind.USER)
    # search
    INVALID_REGEX = ("invalid_regex", "Invalid regex.", Kind.USER)
    UNSAFE_REGEX = (
        "unsafe_regex",
        "Unsafe regex: potentially catastrophic backtracking pattern.",
        Kind.USER,
    )
    NO_MATCHES = ("no_matches", "No matches.", Kind.USER)
    REGEX_TOO_LONG = ("regex_too_long", "Regex exceeds the 2000 character limit.", Kind.USER)
    # budgets
    LIMIT_ENTRIES = ("limit_entries", "Traversal entry limit exceeded.", Kind.LIMIT)
    LIMIT_FILES = ("limit_files", "File limit exceeded.", Kind.LIMIT)
    LIMIT_FILE_BYTES = ("limit_file_bytes", "Raw file byte limit exceeded.", Kind.LIMIT)
    LIMIT_TOTAL_BYTES = ("limit_total_bytes", "Total raw byte limit exceeded.", Kind.LIMIT)
    LIMIT_DEADLINE = ("limit_deadline", "Operation deadline exceeded.", Kind.LIMIT)
    SERVER_BUSY = ("server_busy", "Server busy: too many requests in progress. Retry later.", Kind.LIMIT)
    SIZE_UNKNOWN = ("size_unknown", "Could not inspect file size.", Kind.UNAVAILABLE)
    # retrieval
    RETRIEVE_BOUNDS = (
        "retrieve_bounds",
        "Retrieval requires max_results between 1 and 50 and max_chars between 256 and 100000.",
        Kind.USER,
    )
    RETRIEVE_QUERY_TOO_LONG = (
        "retrieve_query_too_long",
        "Retrieval query exceeds the 2000 character limit.",
        Kind.USER,
    )
    RETRIEVE_TERMS = (
        "retrieve_terms",
        "Retrieval requires 1 to 64 searchable query terms.",
        Kind.USER,
    )
    RETRIEVE_PASSAGES = (
        "retrieve_passages",
        "Retrieval passage limit exceeded. Narrow the paths or glob.",
        Kind.LIMIT,
    )
    RETRIEVE_TOO_SMALL = (
        "retrieve_too_small",
        "Matching passages exceed max_chars. Increase max_chars to return a cited passage.",
        Kind.USER,
    )
    # controlled writes and rehydration
    WRITES_DISABLED = (
        "writes_disabled",
        "Writes are disabled. Start the server with --enable-writes.",
        Kind.USER,
    )
    WRITE_PROTECTED = ("write_protected", "Write target is protected.", Kind.USER)
    WRITE_COLON = ("write_colon", "target_path must not contain ':'.", Kind.USER)
    WRITE_EMPTY = ("write_empty", "target_path must not be empty.", Kind.USER)
    WRITE_NOT_RELATIVE = (
        "write_not_relative",
        "target_path must be a relative file path inside the write subdirectory.",
        Kind.USER,
    )
    WRITE_SYMLINK = ("write_symlink", "target_path must not contain symlinks.", Kind.USER)
    WRITE_OUTSIDE = ("write_outside", "target_path must stay inside the write subdirectory.", Kind.USER)
    TARGET_IS_DIR = ("target_is_dir", "Target already exists as a directory.", Kind.USER)
    TARGET_EXISTS = ("target_exists", "Target already exists. Pass overwrite=true to replace it.", Kind.USER)
    #: ``tokens``: up to 10 placeholder or path-id shapes (hex and category letters only), ``, and N more``.
    UNRESOLVED_TOKENS = ("unresolved_tokens", "Unresolved redaction token(s) in text: {tokens}.", Kind.USER)
    ROUND_TRIP = (
        "round_trip",
        "Rehydrated document would not redact consistently on read-back. Keep placeholder references "
        "separated by spaces or punctuation so restored values redact cleanly.",
        Kind.USER,
    )
    OUTPUT_EXISTS = ("output_exists", "Output already exists.", Kind.USER)
    PUBLISH_FAILED = ("publish_failed", "Could not publish output atomically.", Kind.UNAVAILABLE)
    RAW_OUTPUT_REQUIRED = (
        "raw_output_required",
        "rehydrate prints raw private text. Pass --allow-raw-output to confirm.",
        Kind.USER,
    )
    # argument validation
    UNEXPECTED_ARGS = ("unexpected_args", "Unexpected argument(s): {names}.", Kind.USER)
    MISSING_ARGS = ("missing_args", "Missing required argument(s): {names}.", Kind.USER)
    BAD_TYPE = ("bad_type", "{name} must be {expected}.", Kind.USER)
    TOO_SMALL = ("too_small", "{name} must be at least {minimum}.", Kind.USER)
    NOT_ONE_OF = ("not_one_of", "{name} must be one of: {choices}.", Kind.USER)
    # policy
    POLICY_BLOCKED = (
        "policy_blocked",
        "Redaction configuration could not be reloaded safely. Repair the local config and "
        "referenced term files, then retry. Context access is blocked.",
        Kind.POLICY,
    )
    SALT_CHANGED = (
        "salt_changed",
        "Redaction salt changed. Restore the previous salt or restart the MCP server and "
        "obtain new opaque references. Context access is blocked.",
        Kind.POLICY,
    )
    CONFIG_INVALID = ("config_invalid", "Invalid redaction config: {detail}", Kind.POLICY)
    SALT_STATE_INVALID = (
        "salt_state_invalid",
        "Vault salt state is unusable: {detail}",
        Kind.POLICY,
    )
    POLICY_LOADING = (
        "policy_loading",
        "Redaction policy is still loading (large term list). Retry in a few seconds.",
        Kind.UNAVAILABLE,
    )
    PLACEHOLDER_COLLISION = (
        "placeholder_collision",
        "Placeholder collision detected. Context access is blocked.",
        Kind.INTERNAL,
    )
    # audit log (--audit-log)
    AUDIT_LOG_UNAVAILABLE = (
        "audit_log_unavailable",
        "Audit log could not be written. Tool calls are refused.",
        Kind.UNAVAILABLE,
    )
    AUDIT_LOG_REFUSED = ("audit_log_refused", "Audit log refused: {detail}", Kind.POLICY)
    # github
    GITHUB_UNKNOWN_ALIAS = ("github_unknown_alias", "Unknown GitHub repo alias.", Kind.USER)
    GITHUB_NOT_FOUND = ("github_not_found", "GitHub issue was not found.", Kind.USER)
    GITHUB_UNREACHABLE = ("github_unreachable", "Could not reach GitHub API.", Kind.UNAVAILABLE)
    GITHUB_TOO_LARGE = ("github_too_large", "GitHub response too large.", Kind.LIMIT)
    GITHUB_BAD_STATE = (
        "github_bad_state",
        "GitHub state must be open, closed, or all.",
        Kind.USER,
    )
    # documents (--documents); never a converter message
    DOCUMENTS_MISSING = (
        "documents_missing",
        "--documents needs the documents extra: python -m pip install 'redacted-context-mcp[documents]'",
        Kind.USER,
    )
    DOCUMENT_ENCRYPTED = ("document_encrypted", "Document is encrypted or password-protected.", Kind.USER)
    DOCUMENT_MALFORMED = ("document_malformed", "Document could not be parsed.", Kind.USER)
    DOCUMENT_EMPTY = (
        "document_empty",
        "Document has no extractable text (a scanned PDF needs OCR outside this MCP).",
        Kind.USER,
    )
    DOCUMENT_EXPANSION = (
        "document_expansion",
        "Document exceeds the expansion limits (50 MB uncompressed, 2,000 ZIP members).",
        Kind.LIMIT,
    )
    DOCUMENT_OUTPUT = ("document_output", "Extracted text exceeds the 1,000,000 character limit.", Kind.LIMIT)
    DOCUMENT_DEADLINE = ("document_deadline", "Document extraction exceeded the 15 s deadline.", Kind.LIMIT)
    DOCUMENT_FAILED = ("document_failed", "Document extraction failed.", Kind.UNAVAILABLE)
    GITHUB_REPO_NOT_FOUND = (
        "github_repo_not_found", "GitHub repo was not found, or the token cannot see it.", Kind.USER,
    )
    GITHUB_AUTH = (
        "github_auth", "GitHub rejected the token (HTTP 401). Check the alias's token variable.", Kind.USER,
    )
    GITHUB_FORBIDDEN = (
        "github_forbidden", "GitHub refused access (HTTP 403). Check the token's access to this repo.", Kind.USER,
    )
    GITHUB_GONE = (
        "github_gone", "GitHub issue is gone (HTTP 410): deleted, or issues are disabled for this repo.", Kind.USER,
    )
    GITHUB_INVALID = (
        "github_invalid", "GitHub rejected the request (HTTP 422). Check the search syntax and labels.", Kind.USER,
    )
    GITHUB_RATE_LIMITED = (
        "github_rate_limited", "GitHub rate limit reached. Retry in {seconds} seconds.", Kind.LIMIT,
    )
    GITHUB_DNS = ("github_dns", "Could not reach GitHub API: the host name did not resolve.", Kind.UNAVAILABLE)
    GITHUB_TLS = (
        "github_tls", "Could not reach GitHub API: TLS handshake or certificate check failed.", Kind.UNAVAILABLE,
    )
    GITHUB_TIMEOUT = ("github_timeout", "GitHub API did not answer within {seconds} seconds.", Kind.UNAVAILABLE)
    GITHUB_HTTP = ("github_http", "GitHub API error (HTTP {status}).", Kind.UNAVAILABLE)
    GITHUB_BAD_RESPONSE = ("github_bad_response", "GitHub returned a response of unexpected shape.", Kind.UNAVAILABLE)
    GITHUB_LABELS = (
        "github_labels", "labels must hold at most 100 names of 1 to 256 characters, without commas.", Kind.USER,
    )
    GITHUB_QUERY = ("github_query", "GitHub search query must be 1 to 2000 characters.", Kind.USER)
    GITHUB_NUMBER = ("github_number", "number must be at most 2147483647.", Kind.USER)
    # detectors
    DETECTOR_FAILED = ("detector_failed", "Detector failed.", Kind.INTERNAL)
    DETECTOR_CATEGORY = (
        "detector_category",
        "Detector returned an unsupported category.",
        Kind.INTERNAL,
    )
    DETECTOR_SPAN = ("detector_span", "Detector returned an invalid span.", Kind.INTERNAL)
    DETECTOR_LIMIT = ("detector_limit", "Detector nomination limit exceeded.", Kind.LIMIT)
    # startup only; ``detail`` is a fixed phrase (rule numbers, install commands), never rule text
    DETECTOR_START = ("detector_start", "--detector: {detail}", Kind.USER)
    # fallback
    INTERNAL = ("internal", "Tool execution failed.", Kind.INTERNAL)

    @property
    def slug(self) -> str:
        return self.value[0]

    @property
    def template(self) -> str:
        return self.value[1]

    @property
    def kind(self) -> Kind:
        return self.value[2]


#: Failures of one file that a scope operation (search, retrieve, bundle, resources) skips, like binary data.
SKIPPED_IN_SCOPE: frozenset[Code] = frozenset({
    Code.NOT_TEXT, Code.DOCUMENT_ENCRYPTED, Code.DOCUMENT_MALFORMED, Code.DOCUMENT_EMPTY,
    Code.DOCUMENT_EXPANSION, Code.DOCUMENT_OUTPUT, Code.DOCUMENT_DEADLINE, Code.DOCUMENT_FAILED,
})


class RedctxError(Exception):
    """A failure with a fixed, non-sensitive message.

    ``fields`` fill the code's template. Callers pass only safe values: opaque
    ids, argument names from the schema, numbers, or fixed phrases.
    """

    def __init__(self, code: Code, **fields: Any) -> None:
        self.code = code
        self.fields = fields
        try:
            message = code.template.format(**fields) if fields or "{" in code.template else code.template
        except (KeyError, IndexError):
            message = Code.INTERNAL.template
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:
        return self.message
