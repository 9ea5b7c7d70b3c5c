"""``scripts/leaks.py`` is a report: it exits 0, prints counts and places, and never a raw value."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.corpus.scoring import fragment, load

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "leaks.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300,
                          cwd=REPO, check=False)


def test_the_report_with_leak_places_shown_prints_no_labelled_value_and_exits_0(tmp_path: Path) -> None:
    done = _run("--show", "--write", str(tmp_path))
    assert done.returncode == 0
    printed = done.stdout + done.stderr
    assert "ALL" in printed and "recall S %" in printed and "slowest file" in printed
    cases = load(0)
    values = {v for c in cases for v in (*c.secrets, *c.strict_only)}
    assert [v for v in values if v in printed or (fragment(v) or "\0") in printed] == []
    for c in cases:
        assert (tmp_path / c.suite / c.family / c.filename).read_text(encoding="utf-8") == c.text
