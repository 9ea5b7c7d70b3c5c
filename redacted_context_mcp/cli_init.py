"""``redctx init``: write a commented starter config with a fresh random salt into the root.

The config goes to ``<root>/.agent-context-redactor.toml`` (``--root``, default
the current folder), or to ``--config`` when given, created exclusively (an
existing file is never replaced) with owner-only permissions. It is a protected file: no tool ever serves it.
Output names neither the root nor any value: the salt stays in the file.

Imports: config (the file name), errors.
"""

from __future__ import annotations

import argparse
import os
import secrets
from pathlib import Path
from typing import Any

from redacted_context_mcp.config import CONFIG_NAME

HELP = "Write a commented starter config with a fresh random salt into the root."
EPILOG = """\
examples:
  redctx init                      in the current folder
  redctx init --root ~/notes       then edit ~/notes/.agent-context-redactor.toml"""

EXISTS = f"redctx init: the root already has {CONFIG_NAME}; it was left unchanged.\n"
EXISTS_CONFIG = "redctx init: the --config file already exists; it was left unchanged.\n"
CANNOT_WRITE = "redctx init: could not write the config file.\n"
WROTE = f"Wrote {CONFIG_NAME} in the root"
WROTE_CONFIG = "Wrote the --config file"
NEXT_STEPS = """\
{wrote}, with a fresh random salt (keep the file private: it is never served).
Next steps:
  1. List your clients, organizations, people and project terms in it.
  2. redctx --root DIR doctor      the config loads and the counts look right
  3. redctx --root DIR audit       containment and redaction checks pass
  4. redctx --root DIR tree        what an agent will see
  5. point your MCP client at: redctx-mcp --root DIR
"""

TEMPLATE = """\
# Redaction config for redacted-context-mcp (written by `redctx init`).
# This file is protected: no tool ever serves it. Values here are private; keep the file out of
# version control. Check it with `redctx doctor` and `redctx audit` after every edit.

[redaction]
# Keys placeholders and @p_ ids. Keep it secret and stable: changing it changes every placeholder.
salt = "{salt}"

# strict (default) redacts more; balanced keeps more ordinary words readable.
# mode = "strict"
# default, or extended (more identifier types and prompt-injection markers).
# detector_profile = "default"

# Names to redact wherever they appear, one string each (case and spacing do not matter).
clients = []        # e.g. ["Example Client Ltd"]
organizations = []  # partner and supplier names
people = []         # e.g. ["Avery Example"]
terms = []          # project code names, internal product names, anything else private

# Words that must stay readable even if a detector would redact them.
allow = []

# Extra term lists, one term per line ('#' comments allowed), relative to this file.
# term_files = ["private-terms.txt"]

# Folders and globs never served (on top of the built-in exclusions).
exclude_dirs = []   # e.g. ["archive"]
exclude_globs = []  # e.g. ["*.bak"]

# Other spellings of a configured name share its placeholder, with a form suffix.
# [redaction.aliases]
# "Avery Example" = ["A. Example", "Avery"]
"""


def configure(p: argparse.ArgumentParser) -> None:
    """No arguments of its own: the target is ``--root``."""


def render_template(salt: str | None = None) -> str:
    """The starter config; ``salt`` defaults to 256 fresh random bits as hex."""
    return TEMPLATE.format(salt=salt or secrets.token_hex(32))


def write_starter(root: str | os.PathLike[str], config: str | os.PathLike[str] | None = None) -> bool:
    """Create ``config`` (default ``<root>/CONFIG_NAME``) exclusively, mode 0600; ``False`` if it exists."""
    path = Path(config) if config else Path(root) / CONFIG_NAME
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        f.write(render_template())
    return True


def run(ns: argparse.Namespace, ctx: Any) -> int:
    try:
        written = write_starter(ns.root, ns.config)
    except OSError:
        ctx.err.write(CANNOT_WRITE)
        return 1
    if not written:
        ctx.err.write(EXISTS_CONFIG if ns.config else EXISTS)
        return 1
    ctx.out.write(NEXT_STEPS.format(wrote=WROTE_CONFIG if ns.config else WROTE))
    if ns.config:
        ctx.out.write("  (pass the same --config to redctx and redctx-mcp)\n")
    return 0
