"""The layer map, and the import rules checked on every module's AST.

This file is the one place the layers are written down (README "Architecture"
shows the same map). Every package module is read with ``ast``; its imports
(module level, inside functions, and package module names in string
constants, which is how lazy ``"module:function"`` handlers name code) must
follow the rules below. ``test_each_forbidden_import_fails_the_check`` feeds
the checker one snippet per rule, so a rule that stops biting fails too.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PKG = "redacted_context_mcp"
ROOT = Path(__file__).resolve().parents[1] / PKG

# -- the layer map ---------------------------------------------------------------------------
#: Layer per module or package (dotted, relative to the package); a package entry covers its modules.
LAYERS: dict[str, int] = {
    # 0 leaves
    "__init__": 0, "errors": 0, "limits": 0, "skips": 0, "model": 0, "settings": 0, "tooldefaults": 0,
    # 1 policy and domain
    "config": 1, "config_lines": 1, "config_values": 1, "config_files": 1, "config_terms": 1,
    "github_config": 1, "vault": 1, "reload": 1,
    "redaction": 1, "sources": 1, "retrieval": 1, "regexsafe": 1, "regexworker": 1,
    "adapters": 1, "testing": 1,
    # 2 the service: the only place raw source text meets the redactor
    "service": 2, "discovery": 2,
    # 3 surface
    "app": 3, "tools": 3, "toolspec": 3, "tools_files": 3, "tools_github": 3, "tools_writes": 3,
    "argcheck": 3, "render": 3,
    "auditlog": 3, "auditlog.cli_edge": 4,
    # 4 edges
    "protocol": 4, "cli": 4, "cli_discovery": 4, "cli_progress": 4, "cli_github": 4, "cli_writes": 4, "__main__": 4,
    "cli_parser": 4, "cli_help": 4, "cli_output": 4, "cli_server": 4, "cli_init": 4, "cli_completion": 4,
    "proxy": 4, "cli_proxy": 4,  # the redacting proxy: an edge over the service (issue 18)
}

#: Internal layers of a package, lowest first: a module imports only lower groups of its package.
INTERNAL: dict[str, tuple[frozenset[str], ...]] = {
    "sources": (frozenset({"base", "paths", "textcodec", "ignore", "documents", "links"}), frozenset({"dirs"}),
                frozenset({"files", "writer", "github"}), frozenset({"filesource"})),  # github: on the seam (base)
    "service": (
        frozenset({"args", "arguments", "document", "index_worker", "generation", "results"}),
        frozenset({"indexer"}),
        frozenset({"scope"}),  # the scope-reading part of Service (index workers, warm-up)
        frozenset({"context", "audit_checks"}),
        frozenset({"stream"}),
        frozenset({"files", "search", "redact", "plugged", "github_checks", "rehydrate"}),
        frozenset({"exports", "guard", "upstream"}),
        frozenset({"write_checks"}),
        frozenset({"writes"}),
        frozenset({"admin", "github"}),
    ),
    "protocol": (frozenset({"versions", "jsonrpc", "methods", "stdio", "pool"}), frozenset({"era"}),
                 frozenset({"handlers"}), frozenset({"server"})),
    "proxy": (
        frozenset({"upstream", "schema", "rehydration", "doctor", "forward"}),
        frozenset({"era", "walker"}),
        frozenset({"server"}),
        frozenset({"run"}),
    ),
}
#: The engine is the top of the redaction package: no other redaction module imports it.
PACKAGE_TOPS = {"redaction": "engine"}

#: Edges never reach the domain directly: everything goes through the service.
EDGES = ("cli", "cli_parser", "cli_help", "cli_output", "cli_server", "cli_init", "cli_completion", "__main__",
         "protocol", "tools", "toolspec", "tools_files", "tools_github", "tools_writes", "cli_github", "cli_writes",
         "render", "proxy", "cli_proxy")
EDGE_FORBIDDEN = ("sources", "redaction")
#: Only these may import the redactor, and only these may mint ``Redacted`` text.
REDACTOR = "redaction.engine"
REDACTOR_USERS = ("service",)
MINT = "mint_redacted"
MINT_USERS = ("service", "model")
#: Only the CLI calls ``print``.
PRINTERS = ("cli",)

#: Layer-1 domain modules that must never import each other (head, target head).
FORBIDDEN_PAIRS = {
    ("redaction", "sources"), ("sources", "redaction"), ("config", "sources"), ("vault", "sources"),
    ("vault", "redaction"), ("retrieval", "sources"), ("regexsafe", "sources"), ("regexsafe", "redaction"),
}
#: Same-layer imports that are allowed (importer, target), beyond imports inside one package.
SAME_LAYER_OK = {
    ("limits", "errors"), ("limits", "skips"), ("settings", "limits"), ("__main__", "cli"), ("cli", "protocol.server"),
    ("tools", "argcheck"), ("tools", "toolspec"), ("tools", "tools_files"), ("tools_files", "toolspec"),
    ("tools", "tools_github"), ("tools_github", "toolspec"), ("config", "github_config"), ("cli", "cli_github"),
    ("reload", "config"), ("reload", "vault"), ("config", "config_lines"),
    # the config's own modules: value checks, bounded reads, term sources
    ("config", "config_values"), ("config", "config_files"), ("config", "config_terms"),
    ("config_files", "config_values"), ("config_terms", "config_values"), ("config_terms", "config_files"),
    ("reload", "config_files"),
    ("cli", "protocol.versions"), ("cli", "cli_discovery"), ("cli", "cli_progress"),
    ("tools", "tools_writes"), ("tools_writes", "toolspec"), ("cli", "cli_writes"), ("cli_server", "tools"),
    ("__init__", "discovery"),  # the package's lazy re-export of the discovery API
    ("regexsafe", "regexworker"),  # the screen hands patterns to its worker
    # detector adapters and the conformance kit build on the detector seam; patterns screens with regexsafe
    ("adapters", "redaction.detectors"), ("testing", "redaction.detectors"), ("redaction.patterns", "regexsafe"),
    # built-in detector names resolve to their adapter factories by "module:function" strings
    ("redaction.registry", "adapters.gliner"), ("redaction.registry", "adapters.presidio"),
    ("cli", "auditlog.cli_edge"),
    # the CLI edge's own modules: parser, output, the redctx-mcp start, init and completion
    ("cli", "cli_parser"), ("cli", "cli_output"), ("cli", "cli_server"), ("cli", "cli_init"), ("cli", "cli_completion"),
    ("cli_server", "cli_parser"), ("cli_server", "auditlog.cli_edge"), ("cli_server", "protocol.server"),
    ("cli_parser", "protocol.versions"), ("cli_parser", "cli_help"),
    # the proxy edge reuses the dual-era server and stdio framing; cli joins its one row
    ("proxy", "protocol"), ("proxy", "protocol.jsonrpc"), ("proxy", "protocol.stdio"),
    ("proxy", "protocol.versions"), ("proxy", "protocol.methods"), ("proxy", "protocol.server"),
    ("proxy", "protocol.era"),
    ("cli", "cli_proxy"), ("cli_server", "cli_proxy"), ("cli_proxy", "cli_parser"), ("cli_proxy", "proxy"),
    ("cli_proxy", "proxy.run"), ("cli_proxy", "protocol.stdio"),
}
#: The one upward import: the package's lazy re-export of the discovery API (resolved on first use).
UPWARD_OK = {("__init__", "discovery")}
#: Strings that look like module names but name something else (an entry-point group).
NOT_MODULES = {f"{PKG}.detectors"}
#: The policy modules: layer-1 domain modules may use them.
POLICY = ("config", "github_config", "vault", "reload")
#: Leaf modules of the redaction package that the policy layer and retrieval may use.
SHARED_LEAVES = ("redaction.placeholders", "redaction.secret_rules")

_MODULE_STRING = re.compile(rf"{PKG}((?:\.[a-z_][a-z0-9_]*)+)(?::([A-Za-z_]\w*))?")


def _under(name: str, prefixes: tuple[str, ...] | str) -> bool:
    prefixes = (prefixes,) if isinstance(prefixes, str) else prefixes
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def layer(name: str) -> int:
    if name in LAYERS:
        return LAYERS[name]
    return LAYERS[name.split(".")[0]]


def _group(name: str) -> int | None:
    head, _, rest = name.partition(".")
    groups = INTERNAL.get(head)
    if groups is None or not rest:
        return None
    sub = rest.split(".")[0]
    for i, g in enumerate(groups):
        if sub in g:
            return i
    raise KeyError(name)


# -- the checker -------------------------------------------------------------------------------------
def imports_of(tree: ast.AST) -> tuple[set[str], set[str], list[str]]:
    """(package modules imported, names imported from them, problems found while reading)."""
    found: set[str] = set()
    names: set[str] = set()
    problems: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PKG + "."):
                    found.add(alias.name[len(PKG) + 1:])
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                problems.append(f"relative import (level {node.level}): use absolute imports")
                continue
            mod = node.module or ""
            if mod == PKG:
                found.update(a.name for a in node.names)
            elif mod.startswith(PKG + "."):
                sub = mod[len(PKG) + 1:]
                found.add(sub)
                # ``from pkg.sub import mod`` imports a module too
                found.update(f"{sub}.{a.name}" for a in node.names if (ROOT / sub.replace(".", "/") / a.name).exists()
                             or (ROOT / sub.replace(".", "/") / f"{a.name}.py").exists())
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            m = _MODULE_STRING.fullmatch(node.value)
            if m and node.value not in NOT_MODULES:
                found.add(m.group(1)[1:])
        elif isinstance(node, ast.Name) and node.id == MINT:
            names.add(MINT)
    return found, names, problems


def violations(name: str, source: str) -> list[str]:
    """Every rule ``name`` (dotted, relative to the package) breaks with this source text."""
    tree = ast.parse(source)
    targets, names, out = imports_of(tree)
    mine = layer(name)
    for target in sorted(targets):
        if target == name:
            continue
        head, thead = name.split(".")[0], target.split(".")[0]
        if _under(name, EDGES) and _under(target, EDGE_FORBIDDEN):
            out.append(f"edge {name} imports {target}: edges reach sources and redaction only via the service")
        if _under(target, REDACTOR) and not _under(name, REDACTOR_USERS):
            out.append(f"{name} imports the redactor ({target}): only the service may")
        if head == thead:
            g, tg = _group(name), _group(target)
            if g is not None and tg is not None and tg >= g and target.split(".")[1] != name.split(".")[1]:
                out.append(f"{name} imports {target}: same or higher internal layer of {head}")
            top = PACKAGE_TOPS.get(head)
            if top and _under(target, f"{head}.{top}") and not _under(name, f"{head}.{top}"):
                out.append(f"{name} imports {target}: the top of {head}")
            continue
        theirs = layer(target)
        if (head, thead) in FORBIDDEN_PAIRS:
            out.append(f"{name} imports {target}: these domain modules never import each other")
        elif (name, thead) in UPWARD_OK:
            continue
        elif theirs > mine or (theirs == mine and (name, target) not in SAME_LAYER_OK
                               and (head, target) not in SAME_LAYER_OK
                               and not (mine == 1 and _under(target, SHARED_LEAVES))
                               and not (mine == 1 and _under(target, POLICY) and not _under(name, POLICY))):
            out.append(f"{name} (layer {mine}) imports {target} (layer {theirs})")
    if MINT in names and not _under(name, MINT_USERS):
        out.append(f"{name} mints Redacted text: only the service may")
    if not _under(name, PRINTERS):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
                out.append(f"{name} calls print(): only the CLI prints")
                break
    return out


def _modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out.append((".".join(parts), path))
    return out


MODULES = _modules()


# -- tests -------------------------------------------------------------------------------------------
def test_every_module_is_placed_in_a_layer_and_every_package_module_in_its_internal_layer():
    for name, _ in MODULES:
        layer(name)  # KeyError for an unplaced module
        _group(name)  # KeyError for a module of a layered package that is not placed in it


@pytest.mark.parametrize("name,path", MODULES, ids=[m for m, _ in MODULES])
def test_module_follows_the_layer_rules(name, path):
    assert violations(name, path.read_text(encoding="utf-8")) == []


FORBIDDEN = [
    ("cli", f"from {PKG}.sources import paths"),
    ("protocol.server", f"import {PKG}.redaction.placeholders"),
    ("tools", f"from {PKG}.redaction.engine import Redactor"),
    ("render", f"from {PKG}.sources.textcodec import decode"),
    ("retrieval", f"from {PKG}.redaction.engine import Redactor"),
    ("app", f"from {PKG}.redaction import engine"),
    ("sources.files", f"from {PKG}.sources.filesource import FileSource"),
    ("service.args", f"from {PKG}.service.context import Service"),
    ("protocol.jsonrpc", f"from {PKG}.protocol.server import Server"),
    ("redaction.names", f"from {PKG}.redaction.engine import Redactor"),
    ("service.files", "from .. import model"),
    ("service.files", "from . import args"),
    ("tools", f'HANDLER = "{PKG}.sources.files:FsRoot"'),
    ("cli", f'_X = "{PKG}.redaction.engine"'),
    ("sources.paths", f"from {PKG}.service.context import Service"),
    ("redaction.terms", f"from {PKG}.sources.paths import ROOT"),
    ("render", f"from {PKG}.model import mint_redacted"),
    ("protocol.server", "print('hello')"),
    ("service.files", "def f():\n    print('x')"),
    ("config", f"from {PKG}.service import files"),
]


@pytest.mark.parametrize("name,source", FORBIDDEN, ids=[f"{n}: {s.splitlines()[-1]}" for n, s in FORBIDDEN])
def test_each_forbidden_import_fails_the_check(name, source):
    assert violations(name, source), f"{name} may not: {source}"


def test_lazy_tool_handlers_resolve_to_service_functions():
    from redacted_context_mcp.tools import TOOLS, resolve_handler

    for spec in TOOLS:
        assert isinstance(spec.handler, str), spec.name
        module, _, func = spec.handler.partition(":")
        assert _under(module, f"{PKG}.service"), spec.handler
        assert callable(resolve_handler(spec.handler)), spec.handler


def test_every_package_module_named_in_a_string_exists():
    for name, path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                m = _MODULE_STRING.fullmatch(node.value)
                if m and node.value not in NOT_MODULES:
                    rel = m.group(1)[1:].replace(".", "/")
                    assert (ROOT / f"{rel}.py").exists() or (ROOT / rel).is_dir(), (name, node.value)


def test_importing_the_package_and_cli_loads_no_optional_library():
    code = (
        "import sys, redacted_context_mcp, redacted_context_mcp.cli;"
        "bad=[m for m in ('markitdown','presidio_analyzer','gliner','spacy','torch','mcp') if m in sys.modules];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
