"""The config's ``[github.repos.<alias>]`` tables: neutral aliases for private GitHub repos.

Each entry maps a neutral alias (what the agent types) to ``owner``, ``repo``,
``token_env`` (the name of the environment variable holding the token, read at
call time; default ``GITHUB_TOKEN``) and ``api_url`` (default the public API;
any GitHub Enterprise base URL). ``api_url`` must be ``https://``, or
``http://`` to a loopback host; it may not carry credentials, a query or a
fragment. Every refusal names the entry's position and key, never a value.

The owner, the repo and ``owner/repo`` of every entry are redaction terms
(:func:`repo_terms`), so they never reach the agent even when an issue body
mentions them.

Imports: errors, redaction.placeholders (a data leaf).
"""

from __future__ import annotations

import ipaddress
import re
import types
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.placeholders import RESERVED_WORDS, normalize

DEFAULT_API_URL = "https://api.github.com"
DEFAULT_TOKEN_ENV = "GITHUB_TOKEN"

_REPO_ALIAS = re.compile(r"[a-z][a-z0-9_-]{0,39}\Z")
_GH_OWNER = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\Z")
_GH_REPO = re.compile(r"[A-Za-z0-9._-]{1,100}\Z")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}\Z")
_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}\Z|\[[0-9A-Fa-f:.]{2,45}\]\Z")
_KEYS = frozenset({"owner", "repo", "token_env", "api_url"})
_MAX_URL = 2048


@dataclass(frozen=True, repr=False)
class GithubRepo:
    """One configured repo; ``repr`` shows the neutral alias only (owner/repo stay local)."""

    alias: str
    owner: str
    repo: str
    token_env: str = DEFAULT_TOKEN_ENV
    api_url: str = DEFAULT_API_URL

    def __repr__(self) -> str:
        return f"GithubRepo(alias={self.alias!r})"


def _invalid(detail: str) -> RedctxError:
    return RedctxError(Code.CONFIG_INVALID, detail=detail)


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback IP literal (``127.0.0.0/8``, ``::1``)."""
    host = host.strip("[]").casefold()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_api_url(value: object, where: str) -> str:
    """The normalized base URL (no trailing ``/``), or ``CONFIG_INVALID`` naming ``where``.api_url."""
    bad = _invalid(f"{where}: api_url must be an https:// URL, or http:// to a loopback host.")
    if not isinstance(value, str) or not value or len(value) > _MAX_URL or not value.isascii():
        raise bad
    if any(c.isspace() or ord(c) < 0x20 or c == "\x7f" for c in value):
        raise bad
    try:
        parts = urllib.parse.urlsplit(value)
        port = parts.port
    except ValueError:
        raise bad from None
    host = parts.hostname or ""
    if parts.username is not None or parts.password is not None or parts.query or parts.fragment:
        raise _invalid(f"{where}: api_url must not carry credentials, a query or a fragment.")
    if not host or not _HOST.match(host if ":" not in host else f"[{host}]"):
        raise bad
    scheme = parts.scheme.casefold()
    if scheme == "http":
        if not is_loopback(host):
            raise bad
    elif scheme != "https":
        raise bad
    netloc = parts.netloc.rsplit("@", 1)[-1]
    del port
    return f"{scheme}://{netloc}{parts.path.rstrip('/')}"


def parse_repos(data: Mapping[str, Any]) -> Mapping[str, GithubRepo]:
    """The ``[github]`` table of a parsed config as ``alias -> GithubRepo`` (read-only)."""
    gh = data.get("github", {})
    if not isinstance(gh, dict):
        raise _invalid("github: must be a table.")
    for i, key in enumerate(gh, 1):
        if key != "repos":
            raise _invalid(f"github: unknown key (entry {i}).")
    repos = gh.get("repos", {})
    if not isinstance(repos, dict):
        raise _invalid("github.repos: must be a table.")
    out: dict[str, GithubRepo] = {}
    for n, (alias, entry) in enumerate(repos.items(), 1):
        where = f"github.repos entry {n}"
        if not _REPO_ALIAS.match(alias):
            raise _invalid(f"{where}: alias must be a simple lower-case identifier.")
        if not isinstance(entry, dict):
            raise _invalid(f"{where}: must be a table.")
        for i, key in enumerate(entry, 1):
            if key not in _KEYS:
                raise _invalid(f"{where}: unknown key (entry {i}).")
        owner, repo = entry.get("owner"), entry.get("repo")
        token_env = entry.get("token_env", DEFAULT_TOKEN_ENV)
        if not isinstance(owner, str) or not _GH_OWNER.match(owner):
            raise _invalid(f"{where}: owner is missing or not a valid GitHub owner name.")
        if not isinstance(repo, str) or not _GH_REPO.match(repo) or repo in (".", ".."):
            raise _invalid(f"{where}: repo is missing or not a valid GitHub repository name.")
        if not isinstance(token_env, str) or not _ENV_NAME.match(token_env):
            raise _invalid(f"{where}: token_env must be an environment variable name.")
        if alias.casefold() in (owner.casefold(), repo.casefold()):
            raise _invalid(f"{where}: alias must be neutral, not the real owner or repo name.")
        api_url = check_api_url(entry.get("api_url", DEFAULT_API_URL), where)
        out[alias] = GithubRepo(alias, owner, repo, token_env, api_url)
    return types.MappingProxyType(out)


def repo_terms(repos: Mapping[str, GithubRepo]) -> tuple[str, ...]:
    """Owner, repo and ``owner/repo`` of every entry, as redaction terms (reserved words skipped)."""
    out: list[str] = []
    for r in repos.values():
        for term in (r.owner, r.repo, f"{r.owner}/{r.repo}"):
            if normalize(term) not in RESERVED_WORDS:
                out.append(term)
    return tuple(out)


def fingerprint(repos: Mapping[str, GithubRepo]) -> tuple[tuple[str, ...], ...]:
    """What of the entries affects redaction and fetching, for the policy fingerprint."""
    return tuple((r.alias, r.owner, r.repo, r.token_env, r.api_url) for r in repos.values())
