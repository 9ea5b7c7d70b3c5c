"""GitHub lines of doctor and checks of audit: variable names and counts, never values."""

from __future__ import annotations

import types

from redacted_context_mcp.config import Policy
from redacted_context_mcp.github_config import GithubRepo
from redacted_context_mcp.service.github_checks import audit_checks, doctor_pairs, token_name_plausible
from tests.invariants import invariant


def _policy(*repos: GithubRepo) -> Policy:
    return Policy(github_repos=types.MappingProxyType({r.alias: r for r in repos}))


def test_nothing_is_added_without_configured_repos():
    assert doctor_pairs(_policy(), {}) == {} and audit_checks(_policy()) == []


@invariant("OUT-6")
def test_doctor_names_each_alias_token_variable_and_whether_it_is_set_never_its_value():
    p = _policy(GithubRepo("context", "acme-owner", "tracker", "GITHUB_TOKEN"),
                GithubRepo("second", "acme-owner", "other", "TRACKER_PAT"))
    pairs = doctor_pairs(p, {"GITHUB_TOKEN": "ghp_secretvalue", "TRACKER_PAT": ""})
    assert pairs == {"github_repos": 2, "github_token.context": "GITHUB_TOKEN set",
                     "github_token.second": "TRACKER_PAT unset"}
    assert "ghp_secretvalue" not in repr(pairs) and "acme-owner" not in repr(pairs)


def test_token_variable_names_must_look_like_token_variables():
    assert token_name_plausible("GITHUB_TOKEN") and token_name_plausible("CLIENT_GH_PAT")
    for name in ("PATH", "HOME", "github_token", "MY_SECRET", "USER"):
        assert not token_name_plausible(name), name


def test_audit_warns_on_implausible_token_variables_and_fails_on_an_alias_equal_to_owner_or_repo():
    ok = audit_checks(_policy(GithubRepo("context", "acme-owner", "tracker")))
    assert [(c.name, c.status) for c in ok] == [("token variable names", "PASS"), ("neutral repo aliases", "PASS")]
    bad = audit_checks(_policy(GithubRepo("context", "acme-owner", "tracker", "PATH"),
                               GithubRepo("tracker", "acme-owner", "tracker")))
    assert [(c.name, c.status) for c in bad] == [("token variable names", "WARN"), ("neutral repo aliases", "FAIL")]
    assert bad[0].refs == ("context",) and bad[1].refs == ("tracker",)
    assert all("acme-owner" not in c.detail for c in bad)
