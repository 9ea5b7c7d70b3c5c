"""The local redaction config: TOML in, a frozen, validated :class:`Policy` out.

Sources of terms, all raw private values (never print them):

* ``[redaction]`` lists (clients, organizations, people, terms) and alias groups;
* ``term_files``: paths relative to the config's directory (or absolute), one term
  per line, whole-line ``#`` comments and blank lines ignored; a referenced file
  that does not exist yet is allowed (optional until first loaded);
* ``REDACTED_CONTEXT_TERMS``: comma- or newline-separated extra terms;
* root aliases, derived from the served root's folder name by this rule:
  split the name at every run of characters that are not letters or digits
  (``_`` included); drop words shorter than 3 characters, purely numeric words,
  generic folder words (:data:`GENERIC_ROOT_WORDS`), reserved placeholder words
  and words on the config's ``allow`` list (all compared case-insensitively).
  The aliases are each remaining word plus, when two or more remain, the
  remaining words joined by single spaces in their original order. So
  ``acme-lantern-notes`` gives ``acme``, ``lantern`` and ``acme lantern``, while
  ``notes`` or ``source-private`` give nothing.

Every refusal is ``RedctxError(Code.CONFIG_INVALID, detail=...)`` whose detail
names a key, an item position or an alias-group position, never a value.
The two alias checks that need the engine (a canonical value claimed by a
built-in stage; two aliases sharing a form suffix) run in ``Redactor``.

Imports: errors, redaction.placeholders (a data leaf).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redacted_context_mcp import config_lines, github_config
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.github_config import GithubRepo
from redacted_context_mcp.redaction.placeholders import RESERVED_WORDS, normalize, term_key

CONFIG_NAME = ".agent-context-redactor.toml"
MODES = ("strict", "balanced")
PROFILES = ("default", "extended")
TERMS_ENV = "REDACTED_CONTEXT_TERMS"

MAX_VALUE_CHARS = 256
MAX_ALIAS_WORDS = 16
MAX_ALIASES_PER_GROUP = 64
MAX_CONFIG_BYTES = 4_000_000
MAX_TERM_FILE_BYTES = 16_000_000

#: Lists that can hold an alias group's canonical value, in precedence order, with their category.
TERM_LISTS: tuple[tuple[str, str], ...] = (
    ("clients", "CLIENT"),
    ("organizations", "ORG"),
    ("people", "PERSON"),
    ("terms", "SENSITIVE"),
)

#: Folder-name words that never become root aliases (compared case-folded).
GENERIC_ROOT_WORDS: frozenset[str] = frozenset(
    """
    notes note source sources src private public context contexts docs doc documents document
    project projects repo repos repository repositories data dataset datasets work working files file
    shared share main master test tests testing tmp temp home client clients customer customers
    archive archives archived backup backups copy old new final draft drafts local personal internal
    external workspace workspaces dev prod staging export exports import imports redacted raw
    knowledge base wiki vault sync git github gitlab downloads desktop users user root var opt lib bin
    build dist out output outputs input inputs inbox misc stuff cache config configs meeting meetings
    research report reports team teams company corp org orgs organization organisation organizations
    the and for with from our your all folder folders dir directory content contents material
    materials record records log logs history code app apps web site api service services server
    backend frontend scratch sandbox playground example examples sample samples demo general common
    default various info information library resources resource assets media images pictures photos
    text texts markdown obsidian notion onedrive dropbox icloud drive gdrive sharepoint slack email
    emails mail mails correspondence contract contracts legal finance admin ops plan plans planning
    roadmap spec specs design designs product products engineering people person mcp redctx claude
    codex agent agents llm works industries group holdings inc ltd llc gmbh company partners labs
    solutions systems technologies consulting associates
    """.split()
)

_ROOT_SPLIT = re.compile(r"[\W_]+")
_ENV_SPLIT = re.compile(r"[,\r\n]+")


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
        return _dedupe(self.terms + self.file_terms + self.env_terms + github_config.repo_terms(self.github_repos))

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


def _invalid(detail: str) -> RedctxError:
    return RedctxError(Code.CONFIG_INVALID, detail=detail)


def _key(value: str) -> str:
    """Matching identity: the term matcher's own key (fold, separator runs as one space)."""
    return term_key(value)


def _dedupe(values: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    seen: set[str] = set()
    out = []
    for v in values:
        k = _key(v)
        if k not in seen:
            seen.add(k)
            out.append(v)
    return tuple(out)


def _check_value(value: object, where: str, *, words: bool = False) -> str:
    """Validate one configured term-like value; ``where`` names its position, never the value."""
    if not isinstance(value, str):
        raise _invalid(f"{where}: value must be a string.")
    if not value.strip():
        raise _invalid(f"{where}: value is empty.")
    if "\x00" in value:
        raise _invalid(f"{where}: value contains a NUL character.")
    if len(value) > MAX_VALUE_CHARS:
        raise _invalid(f"{where}: value exceeds {MAX_VALUE_CHARS} characters.")
    if words and len(value.split()) > MAX_ALIAS_WORDS:
        raise _invalid(f"{where}: value exceeds {MAX_ALIAS_WORDS} words.")
    return value.strip()


def _check_term(value: object, where: str) -> str:
    """A configured term: a valid value that is not a reserved placeholder word."""
    term = _check_value(value, where)
    if normalize(term) in RESERVED_WORDS:
        raise _invalid(f"{where}: value is a reserved placeholder word.")
    return term


def _term_list(red: Mapping[str, Any], key: str, *, reserved_ok: bool = False) -> tuple[str, ...]:
    raw = red.get(key, [])
    name = f"redaction.{key}"
    if not isinstance(raw, list):
        raise _invalid(f"{name}: must be an array of strings.")
    out = []
    check = _check_value if reserved_ok else _check_term
    for i, item in enumerate(raw, 1):
        out.append(check(item, f"{name} item {i}"))
    return _dedupe(out)


def _string_list(red: Mapping[str, Any], key: str) -> tuple[str, ...]:
    raw = red.get(key, [])
    name = f"redaction.{key}"
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise _invalid(f"{name}: must be an array of strings.")
    for i, item in enumerate(raw, 1):
        if not item.strip() or "\x00" in item or len(item) > 4096:
            raise _invalid(f"{name} item {i}: value is empty or malformed.")
    return tuple(dict.fromkeys(raw))


def _choice(red: Mapping[str, Any], key: str, choices: tuple[str, ...], override: str | None) -> str:
    if override is not None:
        if override not in choices:
            raise RedctxError(Code.NOT_ONE_OF, name=key, choices=", ".join(choices))
        return override
    value = red.get(key, choices[0])
    if value not in choices:
        raise _invalid(f"redaction.{key}: must be one of: {', '.join(choices)}.")
    return value


_OPEN_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
)
_READ_CHUNK = 1 << 20
#: Deepest ``[``/``{`` nesting a config may have; checked before ``tomllib`` sees the text.
MAX_TOML_NESTING = 32
# One scanner step: the next string opener, comment or bracket (strings are skipped whole).
_TOML_TOKEN = re.compile(r"\"\"\"|'''|[\"'#\[\]{}]")
_BASIC_REST = re.compile(r'(?:[^"\\\n]|\\.)*"')
_ML_BASIC_REST = re.compile(r'(?:[^"\\]|\\.|"(?!""))*"""', re.DOTALL)


def read_regular(path: Path, limit: int) -> bytes | None:
    """Bytes of a regular file of at most ``limit`` bytes, or ``None`` if it does not exist.

    Opened with ``O_NONBLOCK | O_NOFOLLOW`` and checked on the descriptor, so a
    FIFO, device or symlink swapped in after an earlier ``stat`` is refused
    instead of blocking. Raises ``OSError``: ``ELOOP`` for a symlink, ``EINVAL``
    for a special file, ``EFBIG`` over ``limit``.
    """
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        if st.st_size > limit:
            raise OSError(errno.EFBIG, "file too large")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(_READ_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise OSError(errno.EFBIG, "file too large")
    finally:
        os.close(fd)
    return b"".join(chunks)


def _read_bounded(path: Path, limit: int, where: str) -> bytes | None:
    """:func:`read_regular` with each failure mapped to the config's own fixed message."""
    try:
        return read_regular(path, limit)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            raise _invalid(f"{where}: the file is too large.") from None
        if exc.errno in (errno.EINVAL, errno.ELOOP, errno.ENXIO):  # special file or symlink
            raise _invalid(f"{where}: not a regular file.") from None
        raise _invalid(f"{where}: the file could not be read.") from None


def toml_nesting(text: str) -> int:
    """Deepest bracket nesting outside strings and comments (linear; stops at an unterminated string)."""
    depth = deepest = 0
    pos, n = 0, len(text)
    while pos < n:
        m = _TOML_TOKEN.search(text, pos)
        if m is None:
            break
        tok, pos = m.group(), m.end()
        if tok == "#":
            nl = text.find("\n", pos)
            pos = n if nl < 0 else nl + 1
        elif tok in ('"', '"""'):
            end = (_BASIC_REST if tok == '"' else _ML_BASIC_REST).match(text, pos)
            pos = n if end is None else end.end()
        elif tok in ("'", "'''"):
            end = text.find(tok, pos)
            pos = n if end < 0 else end + len(tok)
        elif tok in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(0, depth - 1)
    return deepest


def _read_config(path: Path, explicit: bool) -> tuple[dict[str, Any], bool, str]:
    """The parsed config, whether it exists, and its text (for the line numbers of later errors)."""
    raw = _read_bounded(path, MAX_CONFIG_BYTES, "config")
    if raw is None:
        if explicit:
            raise _invalid("config: the file does not exist.")
        return {}, False, ""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _invalid("config: the file is not UTF-8 text.") from None
    if toml_nesting(text) > MAX_TOML_NESTING:
        raise _invalid(f"config: tables or arrays are nested deeper than {MAX_TOML_NESTING} levels.")
    text = text.removeprefix("\ufeff")
    try:
        return tomllib.loads(text), True, text
    except (tomllib.TOMLDecodeError, ValueError, RecursionError, MemoryError, OverflowError) as exc:
        # ValueError: an integer past Python's digit limit; RecursionError: nesting tomllib cannot hold.
        # Only the line number is taken from tomllib's message, never its wording.
        line = config_lines.toml_error_line(str(exc)) if isinstance(exc, tomllib.TOMLDecodeError) else None
        raise _invalid(f"{_at(line)}config: the file is not valid TOML.") from None


def _at(line: int | None) -> str:
    return f"line {line}: " if line else ""


def _only_keys(table: Mapping[str, Any], allowed: frozenset[str] | set[str], name: str) -> None:
    for i, key in enumerate(table, 1):
        if key not in allowed:
            # The key itself is not echoed: a typo could be a private value.
            raise _invalid(f"{name}: unknown key (entry {i}).")


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
        raise _invalid("redaction.aliases: must be a table.")
    homes = {}
    for key, category in reversed(TERM_LISTS):  # earlier lists win
        for v in lists[key]:
            homes[_key(v)] = category
    allow_keys = {_key(a) for a in allow}
    canon_keys = {}
    for n, canonical in enumerate(table, 1):
        canon_keys.setdefault(_key(canonical), n)
    alias_owner: dict[str, int] = {}
    groups = []
    for n, (canonical, aliases) in enumerate(table.items(), 1):
        where = f"redaction.aliases group {n}"
        canonical = _check_value(canonical, where, words=True)
        ck = _key(canonical)
        if canon_keys[ck] != n:
            raise _invalid(f"{where}: canonical value repeats another group's canonical value.")
        category = homes.get(ck)
        if category is None:
            raise _invalid(f"{where}: canonical value is not a configured client, organization, person or term.")
        if not isinstance(aliases, list):
            raise _invalid(f"{where}: aliases must be an array of strings.")
        if not aliases:
            raise _invalid(f"{where}: group lists no aliases.")
        if len(aliases) > MAX_ALIASES_PER_GROUP:
            raise _invalid(f"{where}: group lists more than {MAX_ALIASES_PER_GROUP} aliases.")
        own: set[str] = set()
        clean = []
        for alias in aliases:
            alias = _check_value(alias, where, words=True)
            ak = _key(alias)
            if ak == ck:
                raise _invalid(f"{where}: alias repeats its own canonical value.")
            if ak in canon_keys:
                raise _invalid(f"{where}: alias repeats another group's canonical value.")
            if ak in alias_owner and alias_owner[ak] != n:
                raise _invalid(f"{where}: alias repeats another group's alias.")
            if ak in own:
                raise _invalid(f"{where}: alias repeats another alias of the same group.")
            if ak in allow_keys:
                raise _invalid(f"{where}: alias is on the allow list.")
            if normalize(alias) in RESERVED_WORDS:
                raise _invalid(f"{where}: alias is a reserved placeholder word.")
            own.add(ak)
            alias_owner[ak] = n
            clean.append(alias)
        groups.append(AliasGroup(canonical, category, tuple(clean)))
    return tuple(groups)


def _term_file_paths(red: Mapping[str, Any], base: Path) -> tuple[Path, ...]:
    raw = red.get("term_files", [])
    if not isinstance(raw, list):
        raise _invalid("redaction.term_files: must be an array of strings.")
    out = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, str) or not item.strip() or "\x00" in item:
            raise _invalid(f"redaction.term_files item {i}: must be a non-empty path string.")
        p = Path(os.path.expanduser(item))
        out.append(Path(os.path.abspath(p if p.is_absolute() else base / p)))
    return tuple(dict.fromkeys(out))


def read_term_file(path: Path, position: int) -> tuple[str, ...] | None:
    """Terms of one term file, or ``None`` if it does not exist (yet)."""
    where = f"redaction.term_files item {position}"
    raw = _read_bounded(path, MAX_TERM_FILE_BYTES, where)
    if raw is None:
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _invalid(f"{where}: the file is not UTF-8 text.") from None
    terms = []
    for ln, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        terms.append(_check_term(line, f"{where} line {ln}"))
    return tuple(terms)


def env_terms(environ: Mapping[str, str]) -> tuple[str, ...]:
    """Terms from ``REDACTED_CONTEXT_TERMS`` (comma or newline separated)."""
    out = []
    for i, item in enumerate((x.strip() for x in _ENV_SPLIT.split(environ.get(TERMS_ENV, ""))), 1):
        if not item:
            continue
        out.append(_check_term(item, f"{TERMS_ENV} item {i}"))
    return _dedupe(out)


def root_aliases(root: Path, allow: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Likely aliases from the root folder's name (rule in the module docstring)."""
    name = Path(os.path.abspath(root)).name
    blocked = GENERIC_ROOT_WORDS | RESERVED_WORDS | {a.casefold() for a in allow}
    words = [
        w for w in _ROOT_SPLIT.split(name)
        if len(w) >= 3 and not w.isdigit() and w.casefold() not in blocked
    ]
    words = list(_dedupe(words))
    if len(words) >= 2:
        words.append(" ".join(words))
    return tuple(words)


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
        raise _invalid("redaction: must be a table.")
    _only_keys(red, _REDACTION_KEYS, "redaction")

    salt = red.get("salt")
    if salt is not None and (not isinstance(salt, str) or not salt.strip()):
        raise _invalid("redaction.salt: must be a non-empty string.")
    lists = {key: _term_list(red, key) for key, _ in TERM_LISTS}
    allow = _term_list(red, "allow", reserved_ok=True)
    groups = _alias_groups(red, lists, allow)
    repos = github_config.parse_repos(data)

    term_files = _term_file_paths(red, path.parent)
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
        file_terms=_dedupe(file_terms),
        loaded_term_files=tuple(present),
    )
