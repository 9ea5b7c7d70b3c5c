"""The local redaction config: TOML in, a frozen, validated :class:`Policy` out.

Sources of terms, all raw private values (never print them): the ``[redaction]``
lists (clients, organizations, people, terms) and alias groups, read here; term
files, ``REDACTED_CONTEXT_TERMS`` and the root's folder-name aliases, read by
:mod:`config_terms` (its docstring states the root-alias rule). Files are read
bounded (:mod:`config_files`); each value passes :mod:`config_values`.

Every refusal is ``RedctxError(Code.CONFIG_INVALID, detail=...)`` whose detail
names a key, an item position or an alias-group position, never a value.
The two alias checks that need the engine (a canonical value claimed by a
built-in stage; two aliases sharing a form suffix) run in ``Redactor``.

Imports: errors, config_lines, config_values, config_files, config_terms, github_config,
redaction.placeholders (a data leaf).
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redacted_context_mcp import config_lines, github_config
from redacted_context_mcp.config_files import MAX_CONFIG_BYTES, MAX_TOML_NESTING, read_bounded, toml_nesting
from redacted_context_mcp.config_terms import env_terms, read_term_file, root_aliases, term_file_paths
from redacted_context_mcp.config_values import check_term, check_value, dedupe, invalid, match_key
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.github_config import GithubRepo
from redacted_context_mcp.redaction.placeholders import RESERVED_WORDS, normalize

CONFIG_NAME = ".agent-context-redactor.toml"
MODES = ("strict", "balanced")
PROFILES = ("default", "extended")

MAX_ALIASES_PER_GROUP = 64

#: Lists that can hold an alias group's canonical value, in precedence order, with their category.
TERM_LISTS: tuple[tuple[str, str], ...] = (
    ("clients", "CLIENT"),
    ("organizations", "ORG"),
    ("people", "PERSON"),
    ("terms", "SENSITIVE"),
)



@dataclass(frozen=True, repr=False)
class AliasGroup:
    """A declared link between a canonical value and its other forms."""

    canonical: str
    category: str  # CLIENT, ORG, PERSON or SENSITIVE: the first list that holds the canonical value
    aliases: tuple[str, ...]

    def __repr__(self) -> str:  # never show values
        return f"AliasGroup(category={self.category!r}, aliases={len(self.aliases)})"


@dataclass(frozen=True, repr=False)
class Policy:
    """Everything the redactor and the sources need from the config, immutable.

    Term lists hold raw private values: never print them (``repr`` shows counts).
    ``terms`` holds only the config's ``terms``; ``file_terms`` the terms read
    from term files and ``env_terms`` those from ``REDACTED_CONTEXT_TERMS``
    (all category SENSITIVE, see :attr:`sensitive_terms`); ``root_aliases`` are
    derived from the root folder's name. ``term_files`` are absolute paths of all
    configured term files; ``loaded_term_files`` the subset that existed and was read.
    """

    config_loaded: bool = False
    config_path: Path | None = None
    salt: str | None = None
    clients: tuple[str, ...] = ()
    organizations: tuple[str, ...] = ()
    people: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()
    allow: tuple[str, ...] = ()
    term_files: tuple[Path, ...] = ()
    mode: str = "strict"
    detector_profile: str = "default"
    exclude_dirs: tuple[str, ...] = ()
    exclude_globs: tuple[str, ...] = ()
    aliases: tuple[AliasGroup, ...] = ()
    github_repos: Mapping[str, GithubRepo] = field(default_factory=dict)
    root_aliases: tuple[str, ...] = ()
    env_terms: tuple[str, ...] = ()
    file_terms: tuple[str, ...] = ()
    loaded_term_files: tuple[Path, ...] = ()

    @property
    def sensitive_terms(self) -> tuple[str, ...]:
        """``terms`` + ``file_terms`` + ``env_terms`` + GitHub owner/repo terms, de-duplicated."""
        return dedupe(self.terms + self.file_terms + self.env_terms + github_config.repo_terms(self.github_repos))

    @property
    def fingerprint_material(self) -> str:
        """Stable text that changes whenever any redaction-relevant setting changes."""
        return repr(
            (
                self.salt, self.clients, self.organizations, self.people, self.terms, self.allow,
                self.mode, self.detector_profile, self.exclude_dirs, self.exclude_globs,
                tuple((g.canonical, g.category, g.aliases) for g in self.aliases),
                self.root_aliases, self.env_terms, self.file_terms, github_config.fingerprint(self.github_repos),
            )
        )

    def __repr__(self) -> str:  # never show values
        return (
            f"Policy(config_loaded={self.config_loaded}, mode={self.mode!r}, "
            f"detector_profile={self.detector_profile!r}, clients={len(self.clients)}, "
            f"organizations={len(self.organizations)}, people={len(self.people)}, "
            f"terms={len(self.sensitive_terms)}, alias_groups={len(self.aliases)})"
        )



def _term_list(red: Mapping[str, Any], key: str, *, reserved_ok: bool = False) -> tuple[str, ...]:
    raw = red.get(key, [])
    name = f"redaction.{key}"
    if not isinstance(raw, list):
        raise invalid(f"{name}: must be an array of strings.")
    out = []
    check = check_value if reserved_ok else check_term
    for i, item in enumerate(raw, 1):
        out.append(check(item, f"{name} item {i}"))
    return dedupe(out)


def _string_list(red: Mapping[str, Any], key: str) -> tuple[str, ...]:
    raw = red.get(key, [])
    name = f"redaction.{key}"
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise invalid(f"{name}: must be an array of strings.")
    for i, item in enumerate(raw, 1):
        if not item.strip() or "\x00" in item or len(item) > 4096:
            raise invalid(f"{name} item {i}: value is empty or malformed.")
    return tuple(dict.fromkeys(raw))


def _choice(red: Mapping[str, Any], key: str, choices: tuple[str, ...], override: str | None) -> str:
    if override is not None:
        if override not in choices:
            raise RedctxError(Code.NOT_ONE_OF, name=key, choices=", ".join(choices))
        return override
    value = red.get(key, choices[0])
    if value not in choices:
        raise invalid(f"redaction.{key}: must be one of: {', '.join(choices)}.")
    return value




def _read_config(path: Path, explicit: bool) -> tuple[dict[str, Any], bool, str]:
    """The parsed config, whether it exists, and its text (for the line numbers of later errors)."""
    raw = read_bounded(path, MAX_CONFIG_BYTES, "config")
    if raw is None:
        if explicit:
            raise invalid("config: the file does not exist.")
        return {}, False, ""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise invalid("config: the file is not UTF-8 text.") from None
    if toml_nesting(text) > MAX_TOML_NESTING:
        raise invalid(f"config: tables or arrays are nested deeper than {MAX_TOML_NESTING} levels.")
    text = text.removeprefix("\ufeff")
    try:
        return tomllib.loads(text), True, text
    except (tomllib.TOMLDecodeError, ValueError, RecursionError, MemoryError, OverflowError) as exc:
        # ValueError: an integer past Python's digit limit; RecursionError: nesting tomllib cannot hold.
        # Only the line number is taken from tomllib's message, never its wording.
        line = config_lines.toml_error_line(str(exc)) if isinstance(exc, tomllib.TOMLDecodeError) else None
        raise invalid(f"{_at(line)}config: the file is not valid TOML.") from None


def _at(line: int | None) -> str:
    return f"line {line}: " if line else ""


def _only_keys(table: Mapping[str, Any], allowed: frozenset[str] | set[str], name: str) -> None:
    for i, key in enumerate(table, 1):
        if key not in allowed:
            # The key itself is not echoed: a typo could be a private value.
            raise invalid(f"{name}: unknown key (entry {i}).")


_REDACTION_KEYS = frozenset(
    {
        "salt", "clients", "organizations", "people", "terms", "allow", "term_files", "mode",
        "detector_profile", "exclude_dirs", "exclude_globs", "aliases",
    }
)


def _alias_groups(
    red: Mapping[str, Any], lists: Mapping[str, tuple[str, ...]], allow: tuple[str, ...]
) -> tuple[AliasGroup, ...]:
    table = red.get("aliases", {})
    if not isinstance(table, dict):
        raise invalid("redaction.aliases: must be a table.")
    homes = {}
    for key, category in reversed(TERM_LISTS):  # earlier lists win
        for v in lists[key]:
            homes[match_key(v)] = category
    allow_keys = {match_key(a) for a in allow}
    canon_keys = {}
    for n, canonical in enumerate(table, 1):
        canon_keys.setdefault(match_key(canonical), n)
    alias_owner: dict[str, int] = {}
    groups = []
    for n, (canonical, aliases) in enumerate(table.items(), 1):
        where = f"redaction.aliases group {n}"
        canonical = check_value(canonical, where, words=True)
        ck = match_key(canonical)
        if canon_keys[ck] != n:
            raise invalid(f"{where}: canonical value repeats another group's canonical value.")
        category = homes.get(ck)
        if category is None:
            raise invalid(f"{where}: canonical value is not a configured client, organization, person or term.")
        if not isinstance(aliases, list):
            raise invalid(f"{where}: aliases must be an array of strings.")
        if not aliases:
            raise invalid(f"{where}: group lists no aliases.")
        if len(aliases) > MAX_ALIASES_PER_GROUP:
            raise invalid(f"{where}: group lists more than {MAX_ALIASES_PER_GROUP} aliases.")
        own: set[str] = set()
        clean = []
        for alias in aliases:
            alias = check_value(alias, where, words=True)
            ak = match_key(alias)
            if ak == ck:
                raise invalid(f"{where}: alias repeats its own canonical value.")
            if ak in canon_keys:
                raise invalid(f"{where}: alias repeats another group's canonical value.")
            if ak in alias_owner and alias_owner[ak] != n:
                raise invalid(f"{where}: alias repeats another group's alias.")
            if ak in own:
                raise invalid(f"{where}: alias repeats another alias of the same group.")
            if ak in allow_keys:
                raise invalid(f"{where}: alias is on the allow list.")
            if normalize(alias) in RESERVED_WORDS:
                raise invalid(f"{where}: alias is a reserved placeholder word.")
            own.add(ak)
            alias_owner[ak] = n
            clean.append(alias)
        groups.append(AliasGroup(canonical, category, tuple(clean)))
    return tuple(groups)




def load_policy(
    root: Path,
    config_path: Path | None = None,
    *,
    mode: str | None = None,
    detector_profile: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> Policy:
    """Load and validate the config at ``config_path`` (or the root's default).

    An explicit path must exist; a missing default config gives a policy with
    ``config_loaded=False``. Explicit ``mode``/``detector_profile`` override the
    config. Raises ``RedctxError(CONFIG_INVALID)`` naming the key or position and, when the
    config text shows it, the line it starts on (``line 7: redaction.clients item 3: ...``).
    """
    env = os.environ if environ is None else environ
    root = Path(root)
    explicit = config_path is not None
    path = Path(os.path.abspath(Path(config_path) if explicit else root / CONFIG_NAME))
    data, loaded, text = _read_config(path, explicit)
    try:
        return _policy(data, loaded, path, root, mode, detector_profile, env)
    except RedctxError as err:
        raise config_lines.with_line(err, text) from None


def _policy(
    data: Mapping[str, Any], loaded: bool, path: Path, root: Path, mode: str | None, detector_profile: str | None,
    env: Mapping[str, str],
) -> Policy:
    _only_keys(data, {"redaction", "github"}, "config")
    red = data.get("redaction", {})
    if not isinstance(red, dict):
        raise invalid("redaction: must be a table.")
    _only_keys(red, _REDACTION_KEYS, "redaction")

    salt = red.get("salt")
    if salt is not None and (not isinstance(salt, str) or not salt.strip()):
        raise invalid("redaction.salt: must be a non-empty string.")
    lists = {key: _term_list(red, key) for key, _ in TERM_LISTS}
    allow = _term_list(red, "allow", reserved_ok=True)
    groups = _alias_groups(red, lists, allow)
    repos = github_config.parse_repos(data)

    term_files = term_file_paths(red, path.parent)
    file_terms: list[str] = []
    present = []
    for i, tf in enumerate(term_files, 1):
        got = read_term_file(tf, i)
        if got is not None:
            present.append(tf)
            file_terms.extend(got)

    return Policy(
        config_loaded=loaded,
        config_path=path if loaded else None,
        salt=salt,
        clients=lists["clients"],
        organizations=lists["organizations"],
        people=lists["people"],
        terms=lists["terms"],
        allow=allow,
        term_files=term_files,
        mode=_choice(red, "mode", MODES, mode),
        detector_profile=_choice(red, "detector_profile", PROFILES, detector_profile),
        exclude_dirs=_string_list(red, "exclude_dirs"),
        exclude_globs=_string_list(red, "exclude_globs"),
        aliases=groups,
        github_repos=repos,
        root_aliases=root_aliases(root, allow),
        env_terms=env_terms(env),
        file_terms=dedupe(file_terms),
        loaded_term_files=tuple(present),
    )
