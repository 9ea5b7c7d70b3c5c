"""The controlled-write tool's row: ``redctx_submit_doc``.

Listed only when the server starts with ``--enable-writes --write-subdir DIR``
(:func:`tools.tools_for`); never a CLI subcommand (``redctx rehydrate`` is the CLI's
way back to raw text, and it is never an MCP tool).

Imports: toolspec (the handler is resolved lazily from ``service.writes``).
"""

from __future__ import annotations

from redacted_context_mcp.toolspec import ToolSpec, schema

#: Not read-only, destructive when overwriting, not idempotent (interface facts 2).
WRITE_ANNOTATIONS = {
    "readOnlyHint": False,
    "idempotentHint": False,
    "destructiveHint": True,
    "openWorldHint": False,
}

WRITE_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="redctx_submit_doc",
        description=(
            "Save a document you wrote (a summary, proposal or report) into the private folder's "
            "write subdirectory, in real words: the server replaces every placeholder such as "
            "[PERSON_<hex>] and every @p_<id> reference in text with the original value locally, "
            "then writes the file atomically. You never see the restored text; the reply gives "
            "the new file's @p_<id>, its redacted path, bytes written and how many tokens were "
            "replaced. target_path is a root-relative file path inside the write subdirectory "
            "(see redctx_doctor for its redacted path); it may use placeholders and @p_<id> "
            "references too. Copy placeholders exactly as tools showed them and keep each one "
            "separated from neighbouring words by a space or punctuation. Refusals: unknown or "
            "malformed tokens (Unresolved redaction token(s) in text: ...), a path that is empty, "
            "holds ':' or '..', is absolute, crosses a symlink or leaves the write subdirectory, "
            "protected names such as config, term files, .env*, *.key, *.pem, *.crt (Write target "
            "is protected.), a restored value that would no longer redact on read-back, an "
            "existing directory, and an existing file unless overwrite is true."
        ),
        input_schema=schema(
            {
                "target_path": {
                    "type": "string",
                    "description": (
                        "Root-relative file path inside the write subdirectory, such as "
                        "incoming/summary.md. Placeholders and @p_<id> references in it are restored."
                    ),
                },
                "text": {
                    "type": "string",
                    "description": (
                        "The document as redacted text: placeholders and @p_<id> references exactly as "
                        "tools returned them. Written as UTF-8 after every token is restored."
                    ),
                },
                "overwrite": {
                    "type": "boolean",
                    "default": False,
                    "description": "Replace an existing file at target_path (never a directory). Default false.",
                },
            },
            required=("target_path", "text"),
        ),
        handler="redacted_context_mcp.service.writes:submit_doc",
        annotations=WRITE_ANNOTATIONS,
    ),
)
