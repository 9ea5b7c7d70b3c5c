"""Building the ``redctx`` and ``redctx-mcp`` parsers.

* Global flags go before the subcommand or after it (``redctx search x --root D``):
  each subcommand gets a copy with a ``late_`` destination that :func:`merge_late`
  folds back after parsing (later wins; repeatable flags add up).
* Tool-backed subcommands are generated from the tool schema; their help speaks
  the CLI's language: flag names instead of parameter names, ``redctx <command>``
  instead of tool names, and the CLI's own defaults (``search`` is case-sensitive).
* Usage errors never echo a typed value: an unknown flag is named (its name only,
  never ``=VALUE``), other rejected values are left out.

Imports: tools (the table and the ``ToolSpec`` type), config (mode and profile names), cli_help.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import sys
from collections.abc import Callable, Collection, Iterable
from typing import Any, NoReturn

import redacted_context_mcp
from redacted_context_mcp.cli_help import ARGUMENT_HELP, BUDGET_HELP, COMMAND_HELP, EXAMPLES, TOP_EPILOG
from redacted_context_mcp.config import MODES, PROFILES
from redacted_context_mcp.tools import TOOLS, ToolSpec

#: Budget flags on operation subcommands: flag dest -> ``Limits`` field type.
BUDGET_FLAGS: dict[str, type] = {
    "max_files": int,
    "max_raw_bytes_per_file": int,
    "max_total_raw_bytes": int,
    "max_entries": int,
    "max_seconds": float,
    "max_scan_raw_bytes": int,
}
LATE = "late_"
#: Subcommands that print JSON Lines with ``--json`` (rows from the service).
JSON_COMMANDS = ("search", "retrieve", "ls", "tree", "stat")
#: Subcommands with grep's exit statuses: 0 found, 1 nothing found, 2 error.
GREP_COMMANDS = ("search", "retrieve")

_INVALID_CHOICE = re.compile(r"(argument .+?: invalid choice): .*? \(choose from (.*)\)", re.S)
_INVALID_VALUE = re.compile(r"(argument .+?: invalid [\w ]+? value): ", re.S)
_AMBIGUOUS = re.compile(r"ambiguous option: (-{1,2}[A-Za-z0-9-]*)")
_FLAG_NAME = re.compile(r"--?[A-Za-z][A-Za-z0-9-]{0,39}")


def safe_usage_message(message: str) -> str:
    """An argparse error without the rejected value: it may be a raw private value.

    The argument names and the offered choices are ours and stay.
    """
    m = _INVALID_CHOICE.match(message)
    if m:
        return f"{m.group(1)} (choose from {m.group(2)})"
    m = _INVALID_VALUE.match(message)
    if m:
        return m.group(1)
    if message.startswith("unrecognized arguments"):
        return "unrecognized arguments"
    m = _AMBIGUOUS.match(message)
    if m and " could match " in message:  # the typed prefix (a prefix of our flags) stays, "=VALUE" goes
        return f"ambiguous option: {m.group(1)} could match {message.rsplit(' could match ', 1)[1]}"
    return message.split("'", 1)[0].rstrip(" :")


def _ours(name: str, known: Collection[str]) -> str | None:
    """``name`` if it is (nearly) one of our flags, so naming it cannot repeat a private word; else ``None``."""
    if name in known or len(name) == 2:  # a short flag is one character: no private word fits in it
        return name
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.8)
    return name if close else None


def unknown_arguments_message(extras: Iterable[str], known: Collection[str] = ()) -> str:
    """Name the unknown flags that are ours or a typo of ours (``=VALUE`` dropped); count the rest, unnamed.

    A flag name is typed text too: ``--avery-example`` is not repeated, only counted.
    """
    named: list[str] = []
    hidden = others = 0
    for token in extras:
        name = token.split("=", 1)[0]
        if token.startswith("-") and _FLAG_NAME.fullmatch(name):
            ours = _ours(name, known)
            if ours is None:
                hidden += 1
            elif ours not in named:
                named.append(ours)
        else:
            others += 1
    parts = []
    if named:
        parts.append(("unknown flag " if len(named) == 1 else "unknown flags ") + ", ".join(named))
    if hidden or not (named or others):
        parts.append(f"{hidden or 1} unknown flag{'s' if hidden > 1 else ''} (not shown: not a flag of redctx)")
    if others:
        parts.append(f"{others} unexpected argument{'s' if others > 1 else ''} (not shown)")
    return "; ".join(parts) + "; see --help"


def all_flags(parser: argparse.ArgumentParser) -> set[str]:
    """Every option string of ``parser`` and of its subcommands, recursively."""
    out: set[str] = set()
    for action in parser._actions:
        out.update(action.option_strings)
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                out |= all_flags(sub)
    return out


class Formatter(argparse.HelpFormatter):
    """Wraps one-paragraph descriptions; keeps multi-line text (examples, exit statuses) as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


class Parser(argparse.ArgumentParser):
    """argparse with usage errors that never echo the offending value, and unknown flags named."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {safe_usage_message(message)}\n")

    def parse_args(self, args: Any = None, namespace: Any = None) -> argparse.Namespace:  # type: ignore[override]
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.print_usage(sys.stderr)
            self.exit(2, f"{self.prog}: error: {unknown_arguments_message(extras, all_flags(self))}\n")
        return merge_late(ns)


def version_line(prog: str) -> str:
    from redacted_context_mcp.protocol.versions import SUPPORTED

    return f"{prog} {redacted_context_mcp.__version__} (MCP protocol versions: {', '.join(SUPPORTED)})"


def user_path(value: str) -> str:
    """A path flag with a leading ``~`` expanded, as a shell would have done for ``--root ~/x``."""
    return os.path.expanduser(value)


# ------------------------------------------------------------------ global flags
#: (flags, add_argument keywords) of every global flag; ``default`` is the top-level default.
GLOBAL_FLAGS: tuple[tuple[tuple[str, ...], dict[str, Any]], ...] = (
    (("--root",), {"type": user_path, "metavar": "DIR",
                   "help": "Private folder to serve (~ is expanded). Default: the current directory."}),
    (("--config",), {"type": user_path, "metavar": "FILE",
                     "help": "Redaction config file. Default: <root>/.agent-context-redactor.toml."}),
    (("--mode",), {"choices": list(MODES), "help": "strict (default) or balanced."}),
    (("--detector-profile",), {"choices": list(PROFILES), "help": "default or extended."}),
    (("--include-private",), {"action": "store_true",
                              "help": "Serve normally excluded directories and globs (never the protected files)."}),
    (("--no-ignore",), {"action": "store_true",
                        "help": "Also serve files that .gitignore / .ignore files hide (never the protected files)."}),
    (("--allow-hardlinks",), {"action": "store_true",
                              "help": "Serve files with more than one hard link (never a link to a protected file)."}),
    (("--documents",), {"action": "store_true",
                        "help": "Read DOCX, PPTX, PDF, XLSX and XLS as extracted Markdown (needs the documents "
                                "extra)."}),
    (("--detector",), {"action": "append", "default": [], "metavar": "SPEC",
                       "help": "Add a local detector on top of the baseline: patterns=FILE, presidio[=OPTIONS], "
                               "gliner[=OPTIONS] or an installed plugin's name. Repeatable."}),
)
_APPEND_DESTS = frozenset(kw["dest"] if "dest" in kw else f[0].lstrip("-").replace("-", "_")
                          for f, kw in GLOBAL_FLAGS if kw.get("action") == "append")


def add_global_flags(parser: argparse.ArgumentParser) -> None:
    for flags, kw in GLOBAL_FLAGS:
        parser.add_argument(*flags, **kw)


def add_late_global_flags(p: argparse.ArgumentParser, flags: Iterable[tuple[tuple[str, ...], dict[str, Any]]] = ()
                          ) -> None:
    """The global flags once more on a subcommand (and its own subcommands), unless it has a flag of that name."""
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for nested in set(action.choices.values()):
                add_late_global_flags(nested, flags)
    group = p.add_argument_group("global options (also accepted before the command)")
    for names, kw in (*GLOBAL_FLAGS, *flags):
        if any(n in p._option_string_actions for n in names):
            continue
        dest = kw.get("dest", names[0].lstrip("-").replace("-", "_"))
        late = {k: v for k, v in kw.items() if k != "default"}
        group.add_argument(*names, **{**late, "dest": LATE + dest, "default": argparse.SUPPRESS})


def merge_late(ns: argparse.Namespace) -> argparse.Namespace:
    """Fold ``late_*`` values into their global destinations: typed later wins, lists add up."""
    for key in [k for k in vars(ns) if k.startswith(LATE)]:
        dest, value = key[len(LATE):], getattr(ns, key)
        delattr(ns, key)
        if dest in _APPEND_DESTS:
            value = list(getattr(ns, dest, None) or []) + list(value)
        setattr(ns, dest, value)
    return ns


# ---------------------------------------------------------- tool subcommands
def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def add_budget_flags(p: argparse.ArgumentParser, taken: Iterable[str] = ()) -> None:
    group = p.add_argument_group("budget")
    for name, kind in BUDGET_FLAGS.items():
        if name not in taken:
            group.add_argument(flag(name), dest=f"budget_{name}", type=kind, metavar="N", help=BUDGET_HELP.get(name))


def cli_words(text: str, spec: ToolSpec) -> str:
    """A tool text in the CLI's words: ``max_results`` -> ``--max-results``, ``redctx_read`` -> ``redctx read``.

    Only names with an underscore are rewritten: plain words (regex, paths) are also prose.
    """
    by_tool = {t.name: f"redctx {t.cli}" for t in TOOLS if t.cli}
    text = re.sub(r"\bredctx_[a-z_]+\b", lambda m: by_tool.get(m.group(0), m.group(0)), text)
    names = {n: flag(n) for n in spec.input_schema.get("properties", {}) if "_" in n and n not in spec.positional}
    if not names:
        return text
    pattern = r"(?<![\w-])(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")(?![\w-])"
    return re.sub(pattern, lambda m: names[m.group(1)], text)


def _default_note(kind: str | None, default: Any) -> str:
    if kind == "boolean":
        return " Off by default." if default is False else ""
    if default in (None, [], "."):
        return ""
    return f" Default {default}."


def add_tool_arguments(p: argparse.ArgumentParser, spec: ToolSpec) -> None:
    """Arguments from the tool's input schema; help with CLI names and the CLI's defaults."""
    props = spec.input_schema.get("properties", {})
    required = set(spec.input_schema.get("required", ()))
    for name, prop in props.items():
        kind = prop.get("type")
        default = spec.cli_defaults.get(name, prop.get("default"))
        if name in ARGUMENT_HELP:
            help_text = ARGUMENT_HELP[name].replace("%", "%%")
        else:
            help_text = (cli_words(prop.get("description", ""), spec) + _default_note(kind, default)).replace("%", "%%")
        if name in spec.positional:
            nargs = "*" if kind == "array" else (None if name in required else "?")
            kw: dict[str, Any] = {"help": help_text, "metavar": name.upper()}
            if nargs:
                kw.update(nargs=nargs, default=argparse.SUPPRESS)
            if kind == "integer":
                kw["type"] = int
            p.add_argument(name, **kw)
            continue
        flags = [flag(name)]
        if name in spec.cli_short:
            flags.insert(0, spec.cli_short[name])
        kw = {"dest": name, "default": argparse.SUPPRESS, "help": help_text}
        if kind == "boolean":
            kw["action"] = "store_true"
        elif kind == "integer":
            kw.update(type=int, metavar="N")
        elif kind == "array":
            kw.update(action="append", metavar="PATTERN")
        elif "enum" in prop:
            kw["choices"] = list(prop["enum"])
        p.add_argument(*flags, **kw)
    add_budget_flags(p, props)


def epilog(command: str) -> str | None:
    lines = EXAMPLES.get(command)
    if not lines:
        return None
    text = "examples:\n" + "\n".join(f"  {line}" for line in lines)
    if command in GREP_COMMANDS:
        text += "\n\nexit status: 0 found, 1 nothing found (nothing printed), 2 error."
    return text


JSON_FLAG: tuple[tuple[str, ...], dict[str, Any]] = (
    ("--json",), {"action": "store_true", "help": "JSON Lines: one object per entry, match or passage."}
)


def build_parser(
    tool_runner: Callable[[ToolSpec], Callable[..., int]],
    commands: Iterable[Any],
) -> argparse.ArgumentParser:
    """The ``redctx`` parser: global flags, then one subcommand (tool-backed, then the CLI-only rows)."""
    parser = Parser(
        prog="redctx",
        description="Search, navigate and read a private folder through redacted views.",
        epilog=TOP_EPILOG,
        formatter_class=Formatter,
    )
    parser.add_argument("--version", action="version", version=version_line("redctx"))
    add_global_flags(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for spec in TOOLS:
        if spec.cli is None:
            continue
        line, description = COMMAND_HELP.get(spec.cli, (spec.title + ".", cli_words(spec.description, spec)))
        p = sub.add_parser(spec.cli, aliases=list(spec.aliases), help=line, description=description,
                           epilog=epilog(spec.cli), formatter_class=Formatter)
        add_tool_arguments(p, spec)
        if spec.cli in JSON_COMMANDS:
            p.add_argument(*JSON_FLAG[0], **JSON_FLAG[1])
        if spec.cli in GREP_COMMANDS:
            p.add_argument("-q", "--quiet", action="store_true", help="Print nothing; only the exit status tells.")
        add_late_global_flags(p)
        p.set_defaults(run=tool_runner(spec), grep=spec.cli in GREP_COMMANDS)
    for cmd in commands:
        p = sub.add_parser(cmd.name, aliases=list(cmd.aliases), help=cmd.help, description=cmd.help,
                           epilog=cmd.epilog, formatter_class=Formatter)
        cmd.configure(p)
        if cmd.budget:
            add_budget_flags(p)
        add_late_global_flags(p)
        p.set_defaults(run=cmd.run)
    return parser
