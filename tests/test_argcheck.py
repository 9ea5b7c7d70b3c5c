"""Argument validation: every fixed message and the order of checks."""

from __future__ import annotations

import pytest

from redacted_context_mcp.argcheck import validate
from redacted_context_mcp.errors import RedctxError
from redacted_context_mcp.tools import TOOLS_BY_NAME, check_args
from tests.invariants import invariant

SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "paths": {"type": "array", "items": {"type": "string"}, "default": []},
        "flag": {"type": "boolean", "default": False},
        "count": {"type": "integer", "default": 3, "minimum": 1},
        "format": {"type": "string", "enum": ["text", "json"], "default": "text"},
    },
    "required": ["query"],
    "additionalProperties": False,
}

FAILURES = [
    ({"query": "q", "flags": 1, "zz": 2}, "Unexpected argument(s): <unrecognized>, flags."),
    ({"countt": 1}, "Unexpected argument(s): countt."),
    ({}, "Missing required argument(s): query."),
    ({"query": 5}, "query must be a string."),
    ({"query": None}, "query must be a string."),
    ({"query": "q", "count": "3"}, "count must be an integer."),
    ({"query": "q", "count": True}, "count must be an integer."),
    ({"query": "q", "count": 2.5}, "count must be an integer."),
    ({"query": "q", "flag": "true"}, "flag must be a boolean."),
    ({"query": "q", "flag": 1}, "flag must be a boolean."),
    ({"query": "q", "paths": "a.md"}, "paths must be an array."),
    ({"query": "q", "paths": ["a", 1]}, "paths must be an array of strings."),
    ({"query": "q", "count": 0}, "count must be at least 1."),
    ({"query": "q", "format": "xml"}, "format must be one of: text, json."),
]


@pytest.mark.parametrize("args,message", FAILURES, ids=[m for _, m in FAILURES])
def test_each_problem_is_reported_with_its_fixed_message(args, message):
    with pytest.raises(RedctxError) as info:
        validate(SCHEMA, args)
    assert str(info.value) == message


def test_unexpected_names_are_reported_before_missing_ones():
    with pytest.raises(RedctxError) as info:
        validate(SCHEMA, {"bogus": 1})
    assert info.value.code.slug == "unexpected_args"


def test_defaults_are_filled_and_inputs_are_not_mutated():
    args = {"query": "q"}
    out = validate(SCHEMA, args)
    assert out == {"query": "q", "paths": [], "flag": False, "count": 3, "format": "text"}
    assert args == {"query": "q"}
    out["paths"].append("x")
    assert SCHEMA["properties"]["paths"]["default"] == []


def test_an_integral_float_is_accepted_as_an_integer():
    assert validate(SCHEMA, {"query": "q", "count": 4.0})["count"] == 4


def test_none_arguments_mean_no_arguments():
    with pytest.raises(RedctxError):
        validate(SCHEMA, None)
    assert validate({"type": "object", "additionalProperties": False}, None) == {}


@pytest.mark.parametrize(
    "tool,args,message",
    [
        ("redctx_read", {}, "Missing required argument(s): path."),
        ("redctx_read", {"path": "a", "start_line": 0}, "start_line must be at least 1."),
        ("redctx_tree", {"max_depth": -1}, "max_depth must be at least 0."),
        ("redctx_search", {"query": "x", "context": -2}, "context must be at least 0."),
        ("redctx_search", {"query": "x", "glob": "*.md"}, "glob must be an array."),
        ("redctx_audit", {"format": "yaml"}, "format must be one of: text, json."),
        ("redctx_doctor", {"verbose": True}, "Unexpected argument(s): <unrecognized>."),
        ("redctx_doctor", {"max_depth": 1}, "Unexpected argument(s): max_depth."),
        ("redctx_read", {"path": "a", "startline": 2}, "Unexpected argument(s): startline."),
        ("redctx_bundle", {"max_files": 0}, "max_files must be at least 1."),
    ],
)
def test_real_tool_schemas_produce_the_published_messages(tool, args, message):
    with pytest.raises(RedctxError) as info:
        check_args(TOOLS_BY_NAME[tool], args)
    assert str(info.value) == message


def test_search_defaults_to_ignoring_case_over_mcp():
    assert validate(TOOLS_BY_NAME["redctx_search"].input_schema, {"query": "x"})["ignore_case"] is True


@invariant("OUT-2")
@pytest.mark.parametrize(
    "name", ["John Smith", "avery@example.com", "clients/Acme/plan.md", "AKIAQ3FAKE7EXAMPLE12", "quillfeather"]
)
def test_unexpected_names_that_are_no_known_parameter_or_near_miss_are_withheld(name):
    with pytest.raises(RedctxError) as info:
        check_args(TOOLS_BY_NAME["redctx_read"], {"path": "a", name: 1})
    assert str(info.value) == "Unexpected argument(s): <unrecognized>."
