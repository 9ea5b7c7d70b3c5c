"""Coverage of SECURITY_INVARIANTS.md in both directions.

Citations are collected statically: every ``invariant(...)`` call (usually the
``@invariant("ID")`` decorator) in ``tests/**/*.py`` is read with ``ast``, so
the check sees every test file whether or not it was collected in this run.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from tests.invariants import ID_RE, INVARIANTS_FILE, invariant, known_ids, parse_ids

TESTS_DIR = Path(__file__).resolve().parent
FAMILIES = ("CONT", "OUT", "VAULT", "DET", "BIJ", "WRITE", "BOUND", "PROTO", "POLICY")


def _is_invariant_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (isinstance(func, ast.Name) and func.id == "invariant") or (
        isinstance(func, ast.Attribute) and func.attr == "invariant"
    )


def collect_citations(tests_dir: Path = TESTS_DIR) -> tuple[dict[str, list[str]], list[str]]:
    """Map each cited ID to the ``file:line`` places citing it; also list non-literal citations."""
    cited: dict[str, list[str]] = {}
    non_literal: list[str] = []
    for path in sorted(tests_dir.rglob("*.py")):
        if path.name == "invariants.py" and path.parent == tests_dir:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(tests_dir).as_posix()
        for node in ast.walk(tree):
            if not _is_invariant_call(node):
                continue
            where = f"{rel}:{node.lineno}"
            if path.name == "test_invariants.py":
                continue  # this file exercises the decorator itself
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    cited.setdefault(arg.value, []).append(where)
                else:
                    non_literal.append(where)
    return cited, non_literal


def test_invariants_file_declares_ids_in_every_family():
    ids = parse_ids(INVARIANTS_FILE.read_text(encoding="utf-8"))
    families = {i.split("-")[0] for i in ids}
    assert set(FAMILIES) <= families
    assert all(ID_RE.match(i) for i in ids)


def test_invariant_ids_are_declared_once():
    ids = parse_ids(INVARIANTS_FILE.read_text(encoding="utf-8"))
    assert [i for i, n in Counter(ids).items() if n > 1] == []


def test_every_citation_names_its_ids_literally():
    _, non_literal = collect_citations()
    assert non_literal == []


def test_no_test_cites_an_unknown_invariant():
    cited, _ = collect_citations()
    unknown = {i: where for i, where in cited.items() if i not in known_ids()}
    assert unknown == {}


def test_every_invariant_is_cited_by_at_least_one_test():
    cited, _ = collect_citations()
    uncited = sorted(known_ids() - set(cited), key=lambda i: (i.split("-")[0], int(i.split("-")[1])))
    assert uncited == [], f"invariants without a citing test: {', '.join(uncited)}"


def test_the_decorator_rejects_an_unknown_id_when_the_test_module_is_imported():
    with pytest.raises(ValueError):
        invariant("NOPE-1")


def test_the_decorator_records_the_cited_ids_on_the_test_function():
    @invariant("OUT-1")
    @invariant("OUT-2")
    def sample() -> None:
        return None

    assert set(sample.__invariants__) == {"OUT-1", "OUT-2"}


def test_the_collector_finds_decorator_and_attribute_citations(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "test_x.py").write_text(
        "from tests import invariants\n"
        "from tests.invariants import invariant\n"
        "@invariant('CONT-1', 'OUT-1')\n"
        "def test_a(): pass\n"
        "@invariants.invariant('DET-1')\n"
        "def test_b(): pass\n"
        "IDS = ['X-1']\n"
        "@invariant(*IDS)\n"
        "def test_c(): pass\n",
        encoding="utf-8",
    )
    cited, non_literal = collect_citations(tmp_path)
    assert set(cited) == {"CONT-1", "OUT-1", "DET-1"}
    assert non_literal == ["sub/test_x.py:8"]
