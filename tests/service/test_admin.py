"""doctor, audit and benchmark over the fixture corpus and small crafted roots."""

from __future__ import annotations

import builtins
import io
import json
import os
import shutil
import tomllib
from pathlib import Path

import pytest

from redacted_context_mcp.config import CONFIG_NAME, AliasGroup, Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.reload import LivePolicy
from redacted_context_mcp.service import admin
from redacted_context_mcp.service import audit_checks as ac
from redacted_context_mcp.service.context import Service, Settings
from redacted_context_mcp.sources.paths import path_id
from tests.invariants import invariant

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
CANARIES = tomllib.loads((FIXTURES / "canaries.toml").read_text(encoding="utf-8"))
ALL_CANARIES = [v for table in CANARIES.values() for values in table.values() for v in values]
CORPUS_SALT = b"fixture-salt-9b1e4c7d2a6f4e0b8c3d5a7e9f1b2c4d"

DOCTOR_KEYS = [
    "root", "config_loaded", "mode", "detector_profile", "salt_source", "random_vault_salt", "clients",
    "organizations", "people_terms", "other_terms", "alias_groups", "aliases", "allow_terms",
    "excluded_dirs", "excluded_globs", "writes",
]
AUDIT_ORDER = [
    ("containment", "symlink and reparse entries"),
    ("containment", "broken or looping symlinks"),
    ("configuration", "random vault salt"),
    ("configuration", "explicit private terms"),
    ("configuration", "overly broad allow entries"),
    ("configuration", "alias groups"),
    ("redaction", "synthetic leak suite"),
    ("redaction", "placeholder collisions"),
    ("redaction", "global placeholder collision absence"),
    ("exposure", "read-only default"),
    ("exposure", "writes enabled"),
    ("exposure", "write subdirectory confinement"),
    ("exposure", "audit log"),
]
BENCH_KEYS = [
    "root", "directories", "files", "text_files", "visible_bytes", "text_characters", "redaction_read_bytes",
    "matches", "walk_and_text_detection", "read_all_text_files", "redact_each_file_as_one_chunk",
    "search_redacted_text",
]


# -- fixtures --------------------------------------------------------------------------------
@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "state")}


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A copy of fixtures/corpus in a folder with a generic name (no root-derived aliases)."""
    root = tmp_path / "notes"
    shutil.copytree(FIXTURES / "corpus", root)
    return root


def service(root: Path, env: dict[str, str], **settings) -> Service:
    live = LivePolicy(root, environ=env)
    return Service(Settings(root=root, **settings), live)


def parse_kv(text: str) -> dict[str, str]:
    return dict(line.split(": ", 1) for line in text.splitlines())


def audit_json(svc: Service) -> list[dict]:
    return json.loads(admin.audit(svc, {"format": "json"}).text)["checks"]


def status_of(checks: list[dict], name: str) -> dict:
    return next(c for c in checks if c["name"] == name)


def assert_no_canary(text: str) -> None:
    low = text.casefold()
    leaked = [i for i, v in enumerate(ALL_CANARIES) if v.casefold() in low]
    assert leaked == []


class LeakyRedactor(Redactor):
    """A broken redactor that changes nothing, to prove the audit notices."""

    def redact(self, text: str, check=None, kind=None) -> Redaction:
        return Redaction(text, {})


# -- doctor ----------------------------------------------------------------------------------
@invariant("OUT-6")
def test_doctor_prints_the_published_keys_in_order_with_counts_of_the_corpus_config(corpus, env):
    text = admin.doctor(service(corpus, env), {}).text
    assert [line.split(": ", 1)[0] for line in text.splitlines()] == DOCTOR_KEYS
    assert parse_kv(text) == {
        "root": ".", "config_loaded": "true", "mode": "strict", "detector_profile": "default",
        "salt_source": "config", "random_vault_salt": "false", "clients": "2", "organizations": "2",
        "people_terms": "4", "other_terms": "4", "alias_groups": "1", "aliases": "2", "allow_terms": "2",
        "excluded_dirs": "1", "excluded_globs": "1", "writes": "off",
    }


@invariant("OUT-3", "OUT-6")
def test_doctor_output_holds_no_configured_term_and_not_the_absolute_root(corpus, env):
    text = admin.doctor(service(corpus, env), {}).text
    assert_no_canary(text)
    assert str(corpus) not in text and str(corpus.parent) not in text
    assert admin.doctor(service(corpus, env), {}).counts == {}


@invariant("OUT-6")
def test_doctor_opens_no_context_file(corpus, env, monkeypatch):
    svc = service(corpus, env)
    allowed = {str(corpus / CONFIG_NAME), str(corpus / "private-terms.txt")}
    touched: list[str] = []

    def record(path, kwargs) -> None:
        if isinstance(path, int) or kwargs.get("dir_fd") is not None:
            touched.append("<relative to a directory descriptor>")  # only the file source does this
            return
        p = os.path.abspath(os.fsdecode(path))
        if p.startswith(str(corpus)) and p not in allowed:
            touched.append(p)

    def wrap(fn):
        def spy(path=".", *a, **k):
            record(path, k)
            return fn(path, *a, **k)
        return spy

    for mod, name in ((builtins, "open"), (io, "open"), (os, "open"), (os, "scandir"), (os, "listdir")):
        monkeypatch.setattr(mod, name, wrap(getattr(mod, name)))
    (corpus / CONFIG_NAME).write_text((corpus / CONFIG_NAME).read_text() + "\n", encoding="utf-8")  # force reload
    admin.doctor(svc, {})
    assert touched == []
    svc.document(svc.resolve("people/Avery Example.md"))  # control: the spy does see a context read
    assert touched != []


def test_doctor_reports_a_random_local_state_salt_when_no_salt_is_configured(tmp_path, env):
    root = tmp_path / "notes"
    root.mkdir()
    (root / CONFIG_NAME).write_text('[redaction]\npeople = ["Jane Roe"]\n', encoding="utf-8")
    kv = parse_kv(admin.doctor(service(root, env), {}).text)
    assert (kv["salt_source"], kv["random_vault_salt"], kv["people_terms"]) == ("local-state", "true", "1")


def test_doctor_without_a_config_reports_it_was_not_loaded(tmp_path, env):
    root = tmp_path / "notes"
    root.mkdir()
    kv = parse_kv(admin.doctor(service(root, env), {}).text)
    assert kv["config_loaded"] == "false" and kv["clients"] == "0"


@invariant("POLICY-1")
@pytest.mark.parametrize("op", [admin.doctor, admin.audit, admin.benchmark])
def test_admin_operations_are_blocked_while_the_config_is_broken(corpus, env, op):
    svc = service(corpus, env)
    (corpus / CONFIG_NAME).write_text("[redaction\nclients = [", encoding="utf-8")
    with pytest.raises(RedctxError) as err:
        op(svc, {})
    assert err.value.code is Code.POLICY_BLOCKED


def test_doctor_lists_extra_detectors_by_name_and_version_when_present(corpus, env):
    snap = service(corpus, env).snapshot()
    pairs = admin.doctor_pairs(snap, ({"name": "presidio", "version": "2.2"},))
    assert list(pairs)[-1] == "detectors" and pairs["detectors"] == "presidio 2.2"


# -- audit -----------------------------------------------------------------------------------
def test_audit_lists_every_check_in_the_published_order(corpus, env):
    checks = audit_json(service(corpus, env))
    assert [(c["category"], c["name"]) for c in checks] == AUDIT_ORDER
    assert all(c["status"] in ("PASS", "WARN", "FAIL", "NOT_TESTED") for c in checks)


def test_audit_of_the_corpus_reports_the_expected_statuses(corpus, env):
    checks = audit_json(service(corpus, env))
    assert [c["status"] for c in checks] == [
        "PASS", "PASS", "WARN", "PASS", "PASS", "PASS", "PASS", "PASS", "NOT_TESTED", "PASS", "PASS", "NOT_TESTED",
        "WARN",  # no --audit-log
    ]


@invariant("OUT-2", "OUT-3")
def test_audit_text_has_one_line_per_check_and_never_a_raw_value(corpus, env):
    result = admin.audit(service(corpus, env), {})
    lines = result.text.splitlines()
    assert len(lines) == len(AUDIT_ORDER)
    for line, (cat, name) in zip(lines, AUDIT_ORDER):
        assert line.startswith(f"{cat}: {name} ")
        status, detail = line[len(cat) + len(name) + 3:].split("  ", 1)
        assert status in ("PASS", "WARN", "FAIL", "NOT_TESTED") and detail
    assert_no_canary(result.text)
    assert str(corpus) not in result.text
    assert (result.is_error, result.exit_status) == (False, 0)


@invariant("CONT-5", "POLICY-4", "OUT-3")
def test_a_symlink_under_the_root_fails_the_audit_listed_by_opaque_id_only(corpus, env, tmp_path):
    outside = tmp_path / "outside-secret.txt"
    outside.write_text("x", encoding="utf-8")
    link = corpus / "clients" / "Acme Lantern" / "john_smith_link.md"
    link.symlink_to(outside)
    result = admin.audit(service(corpus, env), {})
    line = next(ln for ln in result.text.splitlines() if "symlink and reparse entries" in ln)
    assert " FAIL  1 found" in line
    ref = "@" + path_id(CORPUS_SALT, "clients/Acme Lantern/john_smith_link.md")
    assert f"  - {ref}" in result.text.splitlines()
    assert (result.is_error, result.exit_status) == (True, 1)
    assert "john_smith" not in result.text and "outside" not in result.text
    assert_no_canary(result.text)


@invariant("CONT-5")
def test_broken_and_looping_links_warn_and_are_also_counted_as_links(corpus, env):
    (corpus / "notes" / "gone.md").symlink_to(corpus / "does-not-exist.md")
    (corpus / "ops" / "loop-a").symlink_to(corpus / "ops" / "loop-b")
    (corpus / "ops" / "loop-b").symlink_to(corpus / "ops" / "loop-a")
    checks = audit_json(service(corpus, env))
    links = status_of(checks, "symlink and reparse entries")
    broken = status_of(checks, "broken or looping symlinks")
    assert (links["status"], len(links["refs"])) == ("FAIL", 3)
    assert (broken["status"], len(broken["refs"])) == ("WARN", 3)
    assert broken["detail"] == "3 found"


@invariant("CONT-2", "CONT-5")
def test_the_audit_walk_never_descends_into_a_linked_directory(corpus, env, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "deep").mkdir(parents=True)
    (elsewhere / "deep" / "inner-link").symlink_to(elsewhere)
    (corpus / "linked-dir").symlink_to(elsewhere, target_is_directory=True)
    checks = audit_json(service(corpus, env))
    assert status_of(checks, "symlink and reparse entries")["refs"] == ["@" + path_id(CORPUS_SALT, "linked-dir")]


def test_audit_prints_at_most_ten_refs_and_counts_them_all(corpus, env, tmp_path):
    for i in range(12):
        (corpus / f"link-{i:02d}").symlink_to(corpus / "private-terms.txt")
    result = admin.audit(service(corpus, env), {})
    assert sum(1 for ln in result.text.splitlines() if ln.startswith("  - @p_")) == 10
    assert "FAIL  12 found" in result.text
    assert len(status_of(audit_json(service(corpus, env)), "symlink and reparse entries")["refs"]) == 10


def test_links_inside_excluded_directories_are_skipped_unless_private_dirs_are_served(corpus, env):
    (corpus / "node_modules" / ".bin").mkdir(parents=True)
    (corpus / "node_modules" / ".bin" / "tool").symlink_to(corpus / "private-terms.txt")
    (corpus / "archive-private" / "link").symlink_to(corpus / "private-terms.txt")
    assert status_of(audit_json(service(corpus, env)), "symlink and reparse entries")["status"] == "PASS"
    served = audit_json(service(corpus, env, include_private=True))
    assert len(status_of(served, "symlink and reparse entries")["refs"]) == 2


@invariant("BOUND-1")
def test_the_audit_walk_is_bounded_by_the_traversal_limit(corpus, env):
    svc = service(corpus, env, limits=Limits(max_entries=5))
    with pytest.raises(RedctxError) as err:
        admin.audit(svc, {})
    assert err.value.code is Code.LIMIT_ENTRIES


@invariant("OUT-7", "POLICY-4")
def test_a_redactor_that_leaks_fails_the_synthetic_leak_suite(corpus, env):
    svc = Service(Settings(root=corpus), LivePolicy(corpus, environ=env), redactor_factory=LeakyRedactor)
    result = admin.audit(svc, {"format": "json"})
    leak = status_of(json.loads(result.text)["checks"], "synthetic leak suite")
    assert leak["status"] == "FAIL" and "survived" in leak["detail"]
    assert (result.is_error, result.exit_status) == (True, 1)
    assert "AKIA" not in result.text and "4111" not in result.text


@invariant("OUT-7")
def test_the_real_redactor_passes_the_leak_suite_over_every_secret_rule_example(corpus, env):
    from redacted_context_mcp.redaction.secret_rules import SECRET_RULES

    samples = ac.leak_samples(SECRET_RULES)
    assert len(samples) > len(ac.FIXED_LEAK_SAMPLES)
    check = status_of(audit_json(service(corpus, env)), "synthetic leak suite")
    assert check == {"category": "redaction", "name": "synthetic leak suite", "status": "PASS",
                     "detail": f"{len(samples)} synthetic secrets redacted"}


def test_audit_json_omits_refs_when_a_check_has_none(corpus, env):
    checks = audit_json(service(corpus, env))
    assert all(set(c) == {"category", "name", "status", "detail"} for c in checks)


def test_audit_rejects_an_unknown_format(corpus, env):
    with pytest.raises(RedctxError) as err:
        admin.audit(service(corpus, env), {"format": "yaml"})
    assert err.value.message == "format must be one of: text, json."


def test_a_local_state_salt_passes_and_no_private_terms_warn(tmp_path, env):
    root = tmp_path / "notes"
    root.mkdir()
    checks = audit_json(service(root, env))
    assert status_of(checks, "random vault salt")["status"] == "PASS"
    assert status_of(checks, "explicit private terms")["status"] == "WARN"
    assert status_of(checks, "alias groups")["status"] == "NOT_TESTED"


def test_short_or_wildcard_allow_entries_warn_without_naming_them(tmp_path, env):
    root = tmp_path / "notes"
    root.mkdir()
    (root / CONFIG_NAME).write_text(
        '[redaction]\nsalt = "s-0123456789abcdef"\nallow = ["Zq", "Wombat*", "PostgreSQL"]\n', encoding="utf-8"
    )
    check = status_of(audit_json(service(root, env)), "overly broad allow entries")
    assert check["status"] == "WARN" and check["detail"].startswith("2 of 3 ")
    assert "Zq" not in check["detail"] and "Wombat" not in check["detail"]


def test_doctor_shows_writes_on_and_the_write_subdirectory_redacted(corpus, env):
    (corpus / "Avery Example drafts").mkdir()
    result = admin.doctor(service(corpus, env, enable_writes=True, write_subdir="Avery Example drafts"), {})
    pairs = parse_kv(result.text)
    assert pairs["writes"] == "on"
    assert pairs["write_subdir"].startswith("[PERSON_") and "Avery" not in result.text
    assert result.counts == {"PERSON": 1}


def test_enabled_writes_warn_and_confinement_checks_the_subdirectory(corpus, env):
    (corpus / "incoming").mkdir()
    checks = audit_json(service(corpus, env, enable_writes=True, write_subdir="incoming"))
    assert status_of(checks, "writes enabled")["status"] == "WARN"
    assert status_of(checks, "write subdirectory confinement")["status"] == "PASS"


@pytest.mark.parametrize("subdir", ["../escape", "/abs", "", "linked"])
def test_write_confinement_fails_for_a_subdirectory_outside_the_root_or_through_a_link(corpus, subdir, tmp_path):
    (corpus / "linked").symlink_to(tmp_path, target_is_directory=True)
    check = ac.exposure_checks(corpus, True, subdir)[-1]
    assert (check.name, check.status) == ("write subdirectory confinement", "FAIL")


# -- alias group check (unit) ------------------------------------------------------------------
KEY = b"unit-salt"
GROUP = AliasGroup("Avery Example", "PERSON", ("Avery", "avery@example.com"))
POLICY = Policy(people=("Avery Example",), aliases=(GROUP,))


def linked(form: str) -> str:
    hex32 = ph.entity_hex(KEY, "PERSON", "Avery Example")
    if form == GROUP.canonical:
        return ph.placeholder("PERSON", hex32)
    cat = "EMAIL" if "@" in form else "PERSON"
    return ph.placeholder(cat, hex32, ph.form_suffix(KEY, form))


@pytest.mark.parametrize(
    "redact, status",
    [
        (linked, "PASS"),
        (lambda f: ph.derive(KEY, "PERSON", f), "WARN"),  # redacted, but not linked to the group
        (lambda f: linked(f) + " " + linked(f), "WARN"),  # two placeholders for one form
        (lambda f: f if f == "Avery" else linked(f), "FAIL"),  # a form survives raw
    ],
)
def test_alias_group_check_counts_forms_that_do_not_redact_as_one_linked_placeholder(redact, status):
    check = ac.alias_group_check(POLICY, redact, KEY)
    assert check.status == status
    assert "Avery" not in check.detail and "avery" not in check.detail


def test_alias_groups_of_the_corpus_redact_as_linked_placeholders(corpus, env):
    assert status_of(audit_json(service(corpus, env)), "alias groups")["status"] == "PASS"


# -- leak detection (unit) ------------------------------------------------------------------------
PH = "[SECRET_" + "b" * 32 + "]"


@pytest.mark.parametrize(
    "secrets, redacted, leaks",
    [
        (("AKIAIOSFODNN7EXAMPLE",), PH, False),
        (("AKIAIOSFODNN7EXAMPLE",), "AKIAIOSFODNN7EXAMPLE", True),
        (("Corvid-Maple-7731",), "DB_PASSWORD=" + PH, False),
        (("Corvid-Maple-7731",), PH + "=Corvid-Maple-7731", True),
        (("Corvid-Maple-7731",), "DB_PASSWORD=Corvid-Maple-" + PH, True),  # a 12-character run survives
        (("10.12.30.4",), "[IP_" + "c" * 32 + "]", False),
        (("MIIBOgIBAAJBAKj34Gkx", "KUpRKfFLfRYC9AIK"), "-----BEGIN RSA PRIVATE KEY-----\n" + PH, False),
        (("MIIBOgIBAAJBAKj34Gkx", "KUpRKfFLfRYC9AIK"), PH + "\nKUpRKfFLfRYC9AIK", True),
    ],
)
def test_a_sample_leaks_when_a_secret_or_a_long_run_of_it_remains(secrets, redacted, leaks):
    assert ac.survives(secrets, redacted) is leaks


def test_the_leak_suite_includes_every_rule_example_and_the_five_fixed_values():
    class Rule:
        id = "demo"
        examples = (("token = abcdefghijklmnop1234", "abcdefghijklmnop1234"),)

    samples = ac.leak_samples([Rule()])
    assert samples[0] == ("demo", "token = abcdefghijklmnop1234", ("abcdefghijklmnop1234",))
    assert samples[1:1 + len(ac.CONTEXT_LEAK_SAMPLES)] == list(ac.CONTEXT_LEAK_SAMPLES)
    assert any(text == "DB_PASSWORD=Password123" for _, text, _ in ac.CONTEXT_LEAK_SAMPLES)
    texts = [text for _, text, _ in samples[1 + len(ac.CONTEXT_LEAK_SAMPLES):]]
    assert texts[3:] == ["4111 1111 1111 1111", "10.12.30.4"]
    assert texts[0].startswith("AKIA") and texts[1].startswith("ghp_") and "PRIVATE KEY" in texts[2]


# -- benchmark -------------------------------------------------------------------------------------
@invariant("OUT-3")
def test_benchmark_text_starts_with_the_published_keys_and_prints_no_raw_value(corpus, env):
    result = admin.benchmark(service(corpus, env), {})
    lines = result.text.splitlines()
    assert [ln.split(": ", 1)[0] for ln in lines[: len(BENCH_KEYS)]] == BENCH_KEYS
    kv = parse_kv(result.text)
    assert kv["root"] == "." and kv["matches"] == "0"
    for key in BENCH_KEYS[8:] + ["service_search_cold", "service_search_warm", "service_retrieve_cold",
                                 "service_retrieve_warm"]:
        assert len(kv[key].split(".")[1]) == 6
    assert float(kv["redaction_mb_per_second"]) >= 0 and "peak_rss_mb" in kv
    assert_no_canary(result.text)
    assert str(corpus) not in result.text


def test_benchmark_counts_the_visible_corpus_and_matching_files(corpus, env):
    kv = parse_kv(admin.benchmark(service(corpus, env), {"query": "kubernetes"}).text)
    # Served: contract, meeting notes, two people files, four ops files (two credential files among them),
    # invoices, plan, utf-16 notes, diagram.bin
    assert (kv["files"], kv["text_files"]) == ("12", "11")
    assert kv["directories"] == "10"  # every folder except the excluded archive-private
    assert kv["matches"] == "2"  # Kubernetes is on the allow list: contract and plan
    assert int(kv["redaction_read_bytes"]) < int(kv["visible_bytes"])


def test_benchmark_search_is_case_sensitive_without_ignore_case(corpus, env):
    kv = parse_kv(admin.benchmark(service(corpus, env), {"query": "kubernetes", "ignore_case": False}).text)
    assert kv["matches"] == "0"


def test_benchmark_json_has_counts_and_a_timings_object(corpus, env):
    doc = json.loads(admin.benchmark(service(corpus, env), {"format": "json"}).text)
    assert doc["root"] == "." and doc["text_files"] == 11
    assert set(BENCH_KEYS[8:]) <= set(doc["timings_seconds"])
    assert {"service_search_cold", "service_retrieve_warm"} <= set(doc["timings_seconds"])
    assert doc["redaction_mb_per_second"] >= 0


def test_the_leak_check_reads_placeholders_as_blanks_so_a_short_secret_inside_their_hex_is_no_leak():
    hexed = "[SECRET_3785c7a7b60b9c864e3f7ee65c724921]"
    assert not ac.survives(["4921"], f"alarm_pin: [SECRET_{'0' * 32}] | key: {hexed}")
    assert ac.survives(["4921"], f"alarm_pin: 4921 | key: {hexed}")
    assert ac.survives(["4921"], "alarm_pin: [not a placeholder 4921]")
