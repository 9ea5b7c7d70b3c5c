"""Path redaction: component by component, names never raw, generic parts readable."""

from __future__ import annotations

import re

import pytest
from redaction_helpers import make

from redacted_context_mcp.config import AliasGroup


@pytest.fixture(params=["strict", "balanced"])
def red(request):
    return make(request.param, clients=("Acme Corp",), people=("Avery Example",),
                aliases=(AliasGroup("Avery Example", "PERSON", ("Avery",)),))


@pytest.mark.parametrize(
    "path",
    [
        ".", ".env", ".github/workflows/ci.yml", "src/redacted_context_mcp/__init__.py", "docs/README.md",
        "pyproject.toml", "2024-01-15_meeting-notes.md", "IMG_2041.jpg", "v1.2.3", "node_modules/.bin",
        "reports/Q3 Budget Review.xlsx", "notes/weekly-sync.txt", "tests/test_engine.py", "archive.tar.gz",
    ],
)
def test_generic_paths_stay_readable(red, path):
    assert red.redact_path(path).text == path


@pytest.mark.parametrize(
    "path,raw",
    [
        ("clients/john_smith_contract.md", "john"),
        ("clients/john_smith_contract.md", "smith"),
        ("acme-corp_q3.md", "acme"),
        ("people/Avery Example.docx", "Avery"),
        ("people/avery.md", "avery"),
        ("Zorblax/plan.md", "Zorblax"),
        ("notes/marisol_okonkwo-varga.md", "okonkwo"),
        ("mail/avery@example.com.eml", "avery"),
        ("x/.zorblax_rc", "zorblax"),
        ("李明/notes.md", "李明"),
        ("team/王芳_review.md", "王芳"),
        ("Zoë Müller/notes.md", "Müller"),
        ("people/Ólafur.md", "Ólafur"),
    ],
)
def test_names_and_terms_in_file_names_never_appear_raw(red, path, raw):
    out = red.redact_path(path)
    assert raw.lower() not in out.text.lower() and out.counts


def test_words_and_extensions_around_a_name_stay():
    out = make().redact_path("clients/john_smith_contract.md").text
    assert re.fullmatch(r"clients/\[PERSON_[0-9a-f]{32}\]_contract\.md", out)
    out = make(clients=("Acme Corp",)).redact_path("acme-corp_q3.md").text
    assert re.fullmatch(r"\[CLIENT_[0-9a-f]{32}\]_q3\.md", out)


def test_path_redaction_is_deterministic_per_component(red):
    a = red.redact_path("Zorblax/Zorblax.md").text
    first, second = a.split("/")
    assert second == first + ".md"
    assert red.redact_path("Zorblax/Zorblax.md").text == a


def test_a_configured_term_in_a_folder_name_uses_the_same_placeholder_as_in_content(red):
    folder = red.redact_path("Acme Corp/x.md").text.split("/")[0]
    assert folder == red.redact("Acme Corp").text
