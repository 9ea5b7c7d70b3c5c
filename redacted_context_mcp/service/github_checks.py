"""GitHub lines of ``doctor`` and checks of ``audit``: names and counts only, never values.

``doctor`` gains ``github_repos: N`` and, per alias, which environment variable
holds its token and whether it is set (the variable's name, never its value).
``audit`` checks that each token variable name is plausible (upper case, and
naming a token: ``TOKEN``, ``PAT``, ``GH`` or ``GITHUB``, and not a well-known
non-secret variable such as ``PATH``, whose value would be sent to GitHub as a
Bearer token) and that no alias equals its owner or repo (the alias is shown to
the agent, the owner and repo never are). Both appear only when repos are configured.

Imports: config, service.audit_checks.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from redacted_context_mcp.config import Policy
from redacted_context_mcp.service.audit_checks import FAIL, PASS, WARN, Check

_PLAUSIBLE = re.compile(r"[A-Z][A-Z0-9_]{0,127}")
_TOKEN_WORDS = ("TOKEN", "PAT", "GH", "GITHUB")
_NOT_SECRETS = frozenset(
    "PATH HOME USER USERNAME LOGNAME SHELL PWD OLDPWD LANG LANGUAGE TERM TMPDIR TMP TEMP HOSTNAME EDITOR "
    "DISPLAY PYTHONPATH VIRTUAL_ENV".split()
)


def token_name_plausible(name: str) -> bool:
    return bool(_PLAUSIBLE.fullmatch(name)) and name not in _NOT_SECRETS and any(w in name for w in _TOKEN_WORDS)


def doctor_pairs(policy: Policy, environ: Mapping[str, str] | None = None) -> dict[str, object]:
    """Extra doctor keys (empty when no repo is configured)."""
    env = os.environ if environ is None else environ
    repos = policy.github_repos
    if not repos:
        return {}
    pairs: dict[str, object] = {"github_repos": len(repos)}
    for alias in sorted(repos):
        name = repos[alias].token_env
        pairs[f"github_token.{alias}"] = f"{name} {'set' if env.get(name) else 'unset'}"
    return pairs


def audit_checks(policy: Policy) -> list[Check]:
    """The GitHub checks (none when no repo is configured)."""
    repos = policy.github_repos
    if not repos:
        return []
    odd = sorted(a for a, r in repos.items() if not token_name_plausible(r.token_env))
    if odd:
        names = Check("github", "token variable names", WARN,
                      f"{len(odd)} of {len(repos)} token_env names do not look like token variables",
                      tuple(odd))
    else:
        names = Check("github", "token variable names", PASS, f"{len(repos)} token_env names checked")
    clash = sorted(a for a, r in repos.items() if a.casefold() in (r.owner.casefold(), r.repo.casefold()))
    if clash:
        neutral = Check("github", "neutral repo aliases", FAIL,
                        f"{len(clash)} of {len(repos)} aliases equal their owner or repo", tuple(clash))
    else:
        neutral = Check("github", "neutral repo aliases", PASS, f"{len(repos)} aliases differ from owner and repo")
    return [names, neutral]
