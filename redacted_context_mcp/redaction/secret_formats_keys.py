"""Provider formats: keys family.

Imports: redaction.secret_kit, redaction.secret_format_kit.
"""

from __future__ import annotations

from redacted_context_mcp.redaction.secret_kit import SecretRule

KEY_RULES: tuple[SecretRule, ...] = ()
