"""The layering rules of docs/internals.md, checked on the import graph.

Each module's package imports are read from its AST and compared with the
table below; a new module must be placed in a layer before it can land.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PKG = "redacted_context_mcp"
ROOT = Path(__file__).resolve().parents[1] / PKG

# layer number per module (dotted, relative to the package); prefixes match subpackages.
LAYERS: dict[str, int] = {
    "errors": 0,
    "limits": 0,
    "model": 0,
    "settings": 0,
    "config": 1,
    "vault": 1,
    "reload": 1,
    "redaction": 1,
    "sources": 1,
    "retrieval": 1,
    "regexsafe": 1,
    "regexworker": 1,
    "adapters": 1,
    "testing": 1,
    "service": 2,
    "app": 3,
    "auditlog": 3,
    "auditlog.cli_edge": 4,
    "tools": 3,
    "argcheck": 3,
    "render": 3,
    "protocol": 4,
    "cli": 4,
    "__main__": 4,
    "__init__": 0,
}

# Domain modules of layer 1 that must never import each other.
FORBIDDEN_PAIRS = [
    ("redaction", "sources"),
    ("sources", "redaction"),
    ("redaction", "service"),
    ("sources", "service"),
    ("config", "sources"),
    ("vault", "sources"),
    ("vault", "redaction"),
]

# The only sideways imports between layer-0 or layer-4 modules.
SAME_LAYER_EXCEPTIONS = {
    ("limits", "errors"), ("settings", "limits"), ("__main__", "cli"), ("cli", "protocol.server"),
    ("cli", "protocol.versions"), ("cli", "auditlog.cli_edge"),
    ("tools", "argcheck"),
}

WRITERS = {"cli", "protocol.stdio", "protocol.server", "__main__"}


def _modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out.append((".".join(parts), path))
    return out


def _layer(name: str) -> int:
    head = name.split(".")[0]
    if name in LAYERS:
        return LAYERS[name]
    if head in LAYERS:
        return LAYERS[head]
    raise KeyError(name)


def _package_imports(path: Path, modname: str) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    pkg_parts = modname.split(".")
    is_pkg = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PKG + "."):
                    found.add(alias.name[len(PKG) + 1 :])
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg_parts if is_pkg else pkg_parts[:-1]
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                target = ".".join(base + ([node.module] if node.module else []))
                found.add(target)
            elif node.module and (node.module == PKG or node.module.startswith(PKG + ".")):
                sub = node.module[len(PKG) + 1 :]
                if sub:
                    found.add(sub)
                else:
                    found.update(a.name for a in node.names)
    return {f for f in found if f}


MODULES = _modules()


def test_every_module_is_placed_in_a_layer():
    for name, _ in MODULES:
        _layer(name)  # raises KeyError for an unplaced module


@pytest.mark.parametrize("name,path", MODULES, ids=[m for m, _ in MODULES])
def test_module_imports_point_down_the_layers_only(name, path):
    mine = _layer(name)
    for target in _package_imports(path, name):
        theirs = _layer(target)
        same_pkg = target.split(".")[0] == name.split(".")[0]
        # the data leaf redaction.placeholders is usable by the policy layer
        if target == "redaction.placeholders" or target.startswith("redaction.secret_rules"):
            continue
        if same_pkg or (name, target) in SAME_LAYER_EXCEPTIONS:
            continue
        assert theirs < mine or (theirs == mine == 1 and _allowed_sideways(name, target)), (
            f"{name} (layer {mine}) imports {target} (layer {theirs})"
        )


def _allowed_sideways(name: str, target: str) -> bool:
    head, thead = name.split(".")[0], target.split(".")[0]
    for a, b in FORBIDDEN_PAIRS:
        if head == a and thead == b:
            return False
    # domain modules may use the policy modules (config/vault/reload), not each other
    if thead in {"config", "vault", "reload"}:
        return head not in {"config", "vault", "reload"} or head == "reload"
    if head == "retrieval" and target == "redaction.placeholders":
        return True
    if head == "regexsafe" and target == "regexworker":  # the screen hands patterns to its worker
        return True
    # detector adapters and the conformance kit build on the detector seam; patterns screens with regexsafe
    if head in {"adapters", "testing"} and target.startswith("redaction."):
        return True
    if name == "redaction.patterns" and target == "regexsafe":
        return True
    return False


@pytest.mark.parametrize("name,path", MODULES, ids=[m for m, _ in MODULES])
def test_library_modules_never_print(name, path):
    if name in WRITERS:
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            pytest.fail(f"{name} calls print(); only the CLI and the stdio edge write output")


def test_importing_the_package_and_cli_loads_no_optional_library():
    code = (
        "import sys, redacted_context_mcp, redacted_context_mcp.cli;"
        "bad=[m for m in ('markitdown','presidio_analyzer','gliner','spacy','torch','mcp') if m in sys.modules];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
