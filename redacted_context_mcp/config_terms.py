"""The config's term sources beyond its own lists: term files, the environment, the root's name.

All raw private values (never print them):

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

Imports: config_values, config_files, redaction.placeholders (a data leaf).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from redacted_context_mcp.config_files import MAX_TERM_FILE_BYTES, read_bounded
from redacted_context_mcp.config_values import check_term, dedupe, invalid
from redacted_context_mcp.redaction.placeholders import RESERVED_WORDS

__all__ = ["GENERIC_ROOT_WORDS", "TERMS_ENV", "env_terms", "read_term_file", "root_aliases", "term_file_paths"]

TERMS_ENV = "REDACTED_CONTEXT_TERMS"

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


def term_file_paths(red: Mapping[str, Any], base: Path) -> tuple[Path, ...]:
    raw = red.get("term_files", [])
    if not isinstance(raw, list):
        raise invalid("redaction.term_files: must be an array of strings.")
    out = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, str) or not item.strip() or "\x00" in item:
            raise invalid(f"redaction.term_files item {i}: must be a non-empty path string.")
        p = Path(os.path.expanduser(item))
        out.append(Path(os.path.abspath(p if p.is_absolute() else base / p)))
    return tuple(dict.fromkeys(out))


def read_term_file(path: Path, position: int) -> tuple[str, ...] | None:
    """Terms of one term file, or ``None`` if it does not exist (yet)."""
    where = f"redaction.term_files item {position}"
    raw = read_bounded(path, MAX_TERM_FILE_BYTES, where)
    if raw is None:
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise invalid(f"{where}: the file is not UTF-8 text.") from None
    terms = []
    for ln, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        terms.append(check_term(line, f"{where} line {ln}"))
    return tuple(terms)


def env_terms(environ: Mapping[str, str]) -> tuple[str, ...]:
    """Terms from ``REDACTED_CONTEXT_TERMS`` (comma or newline separated)."""
    out = []
    for i, item in enumerate((x.strip() for x in _ENV_SPLIT.split(environ.get(TERMS_ENV, ""))), 1):
        if not item:
            continue
        out.append(check_term(item, f"{TERMS_ENV} item {i}"))
    return dedupe(out)


def root_aliases(root: Path, allow: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Likely aliases from the root folder's name (rule in the module docstring)."""
    name = Path(os.path.abspath(root)).name
    blocked = GENERIC_ROOT_WORDS | RESERVED_WORDS | {a.casefold() for a in allow}
    words = [
        w for w in _ROOT_SPLIT.split(name)
        if len(w) >= 3 and not w.isdigit() and w.casefold() not in blocked
    ]
    words = list(dedupe(words))
    if len(words) >= 2:
        words.append(" ".join(words))
    return tuple(words)


