"""Monotonic merge of a discovery (and a reviewed seed) into the target TOML, and its atomic write.

Terms only grow: seed and discovered values are appended to the target's lists
when missing. The seed's reviewed settings win (``mode``, ``detector_profile``,
``allow``, ``exclude_dirs``, ``exclude_globs``, ``term_files``); its salt is never
read. Discovered allow terms join only with ``include_discovered_allow``. Alias
groups already in the target are never removed or rewritten; seed groups are
always merged, discovered ones only with ``include_discovered_aliases``, each
addition checked against the merged lists. Only edited spans change
(:mod:`discovery.tomledit`), so comments and unrelated tables stay.

Imports: config, config_values, discovery.*.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redacted_context_mcp.config import load_policy
from redacted_context_mcp.config_values import match_key as _key
from redacted_context_mcp.discovery.aliases import check_groups
from redacted_context_mcp.discovery.api import Discovery
from redacted_context_mcp.discovery.cleanup import LIST_KEYS
from redacted_context_mcp.discovery.tomledit import (
    TomlDoc,
    TomlEditError,
    apply_edits,
    array_append,
    toml_array,
    toml_key,
    toml_string,
)

#: Seed settings that replace the target's (reviewed policy).
SEED_SCALARS: tuple[str, ...] = ("mode", "detector_profile")
SEED_LISTS: tuple[str, ...] = ("allow", "exclude_dirs", "exclude_globs", "term_files")
_RED = ("redaction",)
_ALIASES = ("redaction", "aliases")
INLINE_ALIASES = (
    "discover-update: [redaction] holds an inline aliases table; "
    "write it as a [redaction.aliases] table to extend it."
)
NOT_TOML = "discover-update: the {which} config is not valid TOML."


@dataclass(repr=False)
class DiscoveryUpdate:
    """The merged TOML text, whether it differs from the original, and counts (never values)."""

    text: str
    original: str
    added: dict[str, int] = field(default_factory=dict)
    alias_counts: dict[str, int] = field(default_factory=lambda: {"discovered": 0, "dropped": 0, "seed": 0})

    @property
    def changed(self) -> bool:
        return self.text != self.original

    def __repr__(self) -> str:
        return f"DiscoveryUpdate(changed={self.changed}, added={self.added}, alias_counts={self.alias_counts})"


def _load(text: str, which: str) -> dict[str, Any]:
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError:
        raise TomlEditError(NOT_TOML.format(which=which)) from None
    red = data.get("redaction", {})
    return red if isinstance(red, dict) else {}


def _strings(red: dict[str, Any], key: str) -> list[str]:
    got = red.get(key, [])
    return [v for v in got if isinstance(v, str)] if isinstance(got, list) else []


def _groups(red: dict[str, Any]) -> dict[str, list[str]]:
    table = red.get("aliases", {})
    if not isinstance(table, dict):
        return {}
    return {c: [a for a in v if isinstance(a, str)] for c, v in table.items() if isinstance(v, list)}


def _missing(current: list[str], candidates: list[str], blocked: set[str] = frozenset()) -> list[str]:
    have = {_key(v) for v in current} | set(blocked)
    out = []
    for v in candidates:
        if _key(v) not in have:
            have.add(_key(v))
            out.append(v)
    return out


class _Editor:
    """Collects edits to the target text and applies them once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.doc = TomlDoc(text)
        self.edits: list[tuple[int, int, str]] = []
        self.new_red: list[str] = []  # entries for a [redaction] table that does not exist yet
        self.new_alias_lines: list[str] = []

    def append(self, key: str, values: list[str]) -> None:
        if not values:
            return
        entry = self.doc.find(_RED, key)
        if entry is not None:
            self.edits.append(array_append(self.text, entry, values))
        else:
            self.insert(f"{key} = {toml_array(values)}\n")

    def replace(self, key: str, rendered: str) -> None:
        entry = self.doc.find(_RED, key)
        if entry is None:
            self.insert(f"{key} = {rendered}\n")
        elif self.text[entry.value_start:entry.value_end] != rendered:
            self.edits.append((entry.value_start, entry.value_end, rendered))

    def insert(self, line: str) -> None:
        end = self.doc.table_end(_RED)
        if end is None:
            if any(e.table[:1] == _RED or (e.table == () and e.key == "redaction") for e in self.doc.entries):
                raise TomlEditError()  # dotted keys or an inline table: not edited
            self.new_red.append(line)
            return
        self.edits.append((end, end, ("" if end == 0 or self.text[end - 1] == "\n" else "\n") + line))

    def extend_group(self, canonical: str, forms: list[str]) -> None:
        for e in self.doc.entries_of(_ALIASES):
            if _key(e.key) == _key(canonical):
                self.edits.append(array_append(self.text, e, forms))
                return
        line = f"{toml_key(canonical)} = {toml_array(forms)}\n"
        end = self.doc.table_end(_ALIASES)
        if end is None:
            self.new_alias_lines.append(line)
        else:
            self.edits.append((end, end, ("" if self.text[end - 1] == "\n" else "\n") + line))

    def result(self) -> str:
        out = apply_edits(self.text, self.edits)
        if self.new_red:
            block = "[redaction]\n" + "".join(self.new_red)
            first = min((h.start for h in self.doc.headers), default=None)
            if first is None:
                out = out + ("\n" if out and not out.endswith("\n") else "") + ("\n" if out.strip() else "") + block
            else:  # before the first table; ``first`` is unaffected by later edits only if none precede it
                cut = first + sum(len(n) - (e - s) for s, e, n in self.edits if s < first)
                out = out[:cut] + block + "\n" + out[cut:]
        if self.new_alias_lines:
            from redacted_context_mcp.discovery.api import ALIAS_REMINDER

            out += ("\n" if out and not out.endswith("\n") else "") + "\n" + ALIAS_REMINDER
            out += "[redaction.aliases]\n" + "".join(self.new_alias_lines)
        return out


def build_discovery_update(
    existing_toml: str,
    discovery: Discovery | None = None,
    *,
    seed_text: str | None = None,
    include_discovered_allow: bool = False,
    include_discovered_aliases: bool = False,
) -> DiscoveryUpdate:
    """Merge ``discovery`` (``None`` for ``--merge-only``) and the seed into ``existing_toml``.

    Raises :class:`TomlEditError` (fixed message) for TOML it cannot parse or edit.
    """
    target = _load(existing_toml, "target")
    seed = _load(seed_text, "seed") if seed_text is not None else {}
    ed = _Editor(existing_toml)
    upd = DiscoveryUpdate(text=existing_toml, original=existing_toml)

    for key in SEED_SCALARS:
        if isinstance(seed.get(key), str) and target.get(key) != seed[key]:
            ed.replace(key, toml_string(seed[key]))
    for key in SEED_LISTS:
        if key != "allow" and isinstance(seed.get(key), list) and _strings(target, key) != _strings(seed, key):
            ed.replace(key, toml_array(_strings(seed, key)))
    seed_allow = isinstance(seed.get("allow"), list)
    allow = _strings(seed, "allow") if seed_allow else _strings(target, "allow")
    sensitive_keys = set()
    merged: dict[str, list[str]] = {}
    for key in LIST_KEYS:
        found = discovery.lists[key] if discovery is not None else []
        add = _missing(_strings(target, key), _strings(seed, key))
        add += _missing(_strings(target, key) + add, found, {_key(a) for a in allow})
        ed.append(key, add)
        merged[key] = _strings(target, key) + add
        sensitive_keys |= {_key(v) for v in merged[key]}
        if add:
            upd.added[key] = len(add)
    extra: list[str] = []
    if include_discovered_allow and discovery is not None:
        extra = _missing(allow, discovery.allow, sensitive_keys)
        if extra:
            upd.added["allow"] = len(extra)
    if seed_allow and _strings(target, "allow") != allow + extra:
        ed.replace("allow", toml_array(allow + extra))
    elif not seed_allow:
        ed.append("allow", extra)
    allow = allow + extra

    _merge_aliases(ed, upd, target, seed, discovery, merged, allow, include_discovered_aliases)
    upd.text = ed.result()
    if upd.changed:
        _load(upd.text, "merged")  # a bug here must never reach the disk
    return upd


def _merge_aliases(ed, upd, target, seed, discovery, merged, allow, include_discovered) -> None:  # noqa: ANN001
    existing = _groups(target)
    canonicals = {_key(v): v for key in LIST_KEYS for v in reversed(merged[key])}
    inline = ed.doc.find(_RED, "aliases") is not None
    groups, dropped = check_groups(_groups(seed).items(), canonicals, allow, existing)
    upd.alias_counts["seed"] = _count_new(existing, groups)
    after_seed = groups
    if include_discovered and discovery is not None:
        groups, d2 = check_groups(discovery.alias_proposals, canonicals, allow, after_seed)
        dropped += d2
        upd.alias_counts["discovered"] = _count_new(after_seed, groups)
    upd.alias_counts["dropped"] = dropped
    additions = {c: [a for a in forms if _key(a) not in {_key(x) for x in existing.get(c, [])}]
                 for c, forms in groups.items()}
    additions = {c: f for c, f in additions.items() if f}
    if additions and inline:
        raise TomlEditError(INLINE_ALIASES)
    for canonical, forms in additions.items():
        ed.extend_group(canonical, forms)


def _count_new(before: dict[str, list[str]], after: dict[str, list[str]]) -> int:
    return sum(len(v) for v in after.values()) - sum(len(v) for v in before.values() if v)


def write_discovery_update(config_path: str | os.PathLike[str], update: DiscoveryUpdate) -> bool:
    """Write ``update`` atomically if it changed anything; the result must load as a valid config.

    The text goes to a temporary file beside the target, is loaded with the
    config's own validation, then renamed over the target. Returns whether it
    wrote. Raises ``RedctxError(CONFIG_INVALID)`` (nothing written) if invalid.
    """
    if not update.changed:
        return False
    path = Path(os.path.abspath(config_path))
    fd, tmp = tempfile.mkstemp(prefix=".redctx-update-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(update.text)
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, os.stat(path).st_mode & 0o777)
        load_policy(path.parent, Path(tmp), environ={})
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    return True


__all__ = ["DiscoveryUpdate", "INLINE_ALIASES", "build_discovery_update", "write_discovery_update"]
