"""In-process pieces of the proxy: the outputSchema check, the restart budget, era params, exposure checks."""

from __future__ import annotations

import sys
from pathlib import Path

from redacted_context_mcp.proxy import doctor, era, schema
from redacted_context_mcp.proxy.upstream import RestartBudget
from tests.invariants import invariant

PH = "[EMAIL_0123456789abcdef0123456789abcdef]"


def test_a_changed_string_under_a_format_pattern_or_short_max_length_breaks_the_schema():
    for constraint in ({"format": "email"}, {"pattern": "^[a-z.@]+$"}, {"maxLength": 20}):
        sch = {"type": "object", "properties": {"email": {"type": "string", **constraint}}}
        assert not schema.still_valid({"email": "a@b.example"}, {"email": PH}, sch), constraint


def test_a_changed_free_string_an_unchanged_constrained_one_and_a_long_enough_max_length_stay_valid():
    sch = {"type": "object", "properties": {"note": {"type": "string", "maxLength": 100},
                                            "id": {"type": "string", "format": "uuid"}}}
    assert schema.still_valid({"note": "mail a@b.example", "id": "x"}, {"note": f"mail {PH}", "id": "x"}, sch)


def test_constraints_are_found_through_refs_branches_arrays_and_additional_properties():
    sch = {"type": "object", "$defs": {"mail": {"type": "string", "format": "email"}},
           "properties": {"list": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/mail"}]}},
                          "map": {"type": "object", "additionalProperties": {"pattern": "^x"}}}}
    assert not schema.still_valid({"list": ["a@b.example"]}, {"list": [PH]}, sch)
    assert not schema.still_valid({"map": {"k": "a@b.example"}}, {"map": {"k": PH}}, sch)
    assert schema.still_valid({"list": []}, {"list": []}, sch)


def test_a_changed_key_breaks_only_schemas_that_shape_key_names():
    assert schema.still_valid({"Acme": 1}, {"[CLIENT_x]": 1}, {"type": "object", "additionalProperties": False})
    assert not schema.still_valid({"Acme": 1}, {"[CLIENT_x]": 1}, {"type": "object", "propertyNames": {}})


def test_schema_prose_and_property_names_are_redacted_and_the_structure_kept():
    seen = []

    def text(v):
        seen.append(v)
        return f"<{v}>" if isinstance(v, str) else [f"<{x}>" for x in v] if isinstance(v, list) else v

    out = schema.redact_schema(text, {"type": "object", "description": "d", "required": ["a"],
                                      "properties": {"a": {"type": "string", "enum": ["x"], "format": "email"}}})
    assert out == {"type": "object", "description": "<d>", "required": ["<a>"],
                   "properties": {"<a>": {"type": "string", "enum": ["<x>"], "format": "email"}}}


@invariant("PROXY-4")
def test_the_restart_budget_allows_three_restarts_in_any_sixty_seconds():
    now = [0.0]
    budget = RestartBudget(clock=lambda: now[0])
    assert [budget.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 59.9
    assert not budget.take()
    now[0] = 60.0  # the three restarts at 0 s have left the window
    assert [budget.take() for _ in range(4)] == [True, True, True, False]


def test_modern_upstream_params_carry_our_envelope_and_only_the_clients_progress_token():
    client = {"name": "x", "_meta": {"progressToken": 7, "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                                     "io.modelcontextprotocol/clientInfo": {"name": "agent"}}}
    modern = era.upstream_params(era.UpstreamInfo(True, "2026-07-28"), client)
    assert modern["_meta"]["progressToken"] == 7 and modern["_meta"]["io.modelcontextprotocol/clientInfo"][
        "name"] == "redctx-proxy"
    legacy = era.upstream_params(era.UpstreamInfo(False, "2025-11-25"), client)
    assert legacy == {"name": "x", "_meta": {"progressToken": 7}}
    assert era.upstream_params(era.UpstreamInfo(False, "2025-11-25"), {"name": "x"}) == {"name": "x"}


def test_only_list_changed_flags_of_forwarded_capabilities_survive():
    caps = {"tools": {"listChanged": True}, "resources": {"subscribe": True}, "experimental": {"x": {}}}
    assert era.forwarded_capabilities(caps) == {"tools": {"listChanged": True}, "resources": {}}


def test_exposure_warnings_name_the_argument_never_the_path(tmp_path: Path):
    served = tmp_path / "served"
    (served / "cfg").mkdir(parents=True)
    config = served / "cfg" / "redact.toml"
    config.write_text("")
    argv = [sys.executable, "--flag", f"--dir={served}", str(tmp_path / "missing")]
    lines = doctor.exposure_warnings(argv, config, tmp_path / "state", [served / "terms.txt"])
    assert lines == [doctor.WARN_CONFIG.format(n=2), doctor.WARN_TERMS.format(n=2)]
    assert not any(str(tmp_path) in line for line in lines)
    assert doctor.exposure_warnings(argv, tmp_path / "elsewhere.toml", None) == []


def test_the_private_empty_root_yields_no_root_alias(tmp_path: Path):
    from redacted_context_mcp import app
    from redacted_context_mcp.proxy.run import empty_root

    (tmp_path / "redctx-proxy-abc123").mkdir()
    options = app.make_options(empty_root(str(tmp_path / "redctx-proxy-abc123")))
    assert app.open_policy(options, environ={"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "state")}
                           ).current().policy.root_aliases == ()
