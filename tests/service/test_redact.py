"""Service functions behind ``redctx redact``, ``redact --explain`` and ``redctx rules``."""

from __future__ import annotations

import re

from redacted_context_mcp.config import AliasGroup, Policy
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.redaction.secret_rules import SECRET_RULES
from redacted_context_mcp.service.redact import explain_lines, redact_text, rules_listing

SALT = b"service-redact-salt"


def red(mode: str = "strict", profile: str = "default") -> Redactor:
    return Redactor(
        Policy(mode=mode, detector_profile=profile, clients=("Acme Corp", "Zeta"), people=("Avery Example",),
               aliases=(AliasGroup("Avery Example", "PERSON", ("Avery",)),)),
        SALT,
    )


class _Svc:
    """The shape of the service the CLI passes: ``snapshot().redactor``."""

    def __init__(self, redactor):
        self._r = redactor

    def snapshot(self):
        return type("Snap", (), {"redactor": self._r})()


def test_redact_text_returns_redacted_text_and_counts_only():
    result = redact_text(red(), "Acme Corp pays avery@x.example\n")
    assert "Acme" not in result.text and "avery@" not in result.text
    assert result.counts == {"CLIENT": 1, "EMAIL": 1}
    assert result.text.endswith("\n")


def test_redact_text_accepts_the_service_as_the_cli_passes_it():
    assert redact_text(_Svc(red()), "Acme Corp").counts == {"CLIENT": 1}


def test_explain_lines_never_show_values_unless_asked():
    text = "ok\nmail avery@x.example\n"
    lines = explain_lines(red(), text)
    assert lines == ["line 2, column 6: EMAIL email"]
    assert "avery" not in "".join(lines)
    assert explain_lines(red(), text, show_values=True) == ["line 2, column 6: EMAIL email: 'avery@x.example'"]


def test_rules_lists_every_active_rule_and_term_counts_but_no_terms():
    text = rules_listing(red()).text
    for rule in SECRET_RULES:
        assert re.search(rf"^{re.escape(rule.id)}\s+SECRET\s+default\s+\S", text, re.MULTILINE)
    assert "strict-word" in text and "mac-address" not in text and re.search(r"^iban\s+IBAN\s+default", text, re.M)
    assert "configured: clients=2 organizations=0 people=1 terms=0 root_aliases=0 alias_groups=1 aliases=1" in text
    assert "Acme" not in text and "Avery" not in text and "Zeta" not in text


def test_rules_list_every_rule_id_a_stage_can_name_in_a_hit():
    """Grammar hits (prose-password, table-cell, k8s-secret-data...) are listed beside the one-regex rows."""
    import pathlib

    import redacted_context_mcp.redaction as pkg

    named = set()
    for path in pathlib.Path(pkg.__file__).parent.glob("*.py"):
        named |= set(re.findall(r"Hit\([^\n]*\"SECRET\", \"([a-z0-9-]+)\"", path.read_text(encoding="utf-8")))
    named |= {"k8s-secret-data"}  # the manifests grammar names its hits through a constant
    # ids held in tables or returned by the keyless judge
    from redacted_context_mcp.redaction import secret_decode, secret_forms, secret_shape

    named |= {f.id for f in secret_forms.FORMS} | {d[0] for d in secret_decode.DECODERS}
    for mod in (secret_shape, secret_forms):
        named |= set(re.findall(r'return "([a-z0-9-]+)"', pathlib.Path(mod.__file__).read_text(encoding="utf-8")))
    listed = set(re.findall(r"^([a-z0-9-]+)\s", rules_listing(red()).text, re.MULTILINE))
    assert named and named <= listed, sorted(named - listed)


def test_rules_follow_the_mode_and_profile():
    text = rules_listing(red("balanced", "extended")).text
    assert "strict-word" not in text
    assert re.search(r"^mac-address\s+MAC\s+extended", text, re.MULTILINE)
    assert "mode: balanced" in text and "detector_profile: extended" in text
