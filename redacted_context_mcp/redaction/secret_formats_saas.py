"""Provider formats: saas family.

Imports: redaction.secret_kit, redaction.secret_format_kit.
"""

from __future__ import annotations

from redacted_context_mcp.redaction.secret_kit import SecretRule

SAAS_RULES: tuple[SecretRule, ...] = ()
