"""The ``[github.repos.<alias>]`` tables: api_url validation, neutral aliases, owner/repo as terms."""

from __future__ import annotations

from pathlib import Path

import pytest

from redacted_context_mcp.config import CONFIG_NAME, load_policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.github_config import DEFAULT_API_URL, check_api_url, is_loopback
from redacted_context_mcp.redaction.engine import Redactor
from tests.invariants import invariant


def _load(tmp_path: Path, entry: str) -> object:
    (tmp_path / CONFIG_NAME).write_text(f'[github.repos.context]\nowner = "acme-owner"\nrepo = "tracker"\n{entry}')
    return load_policy(tmp_path, environ={})


def test_api_url_defaults_to_the_public_api(tmp_path):
    repo = _load(tmp_path, "").github_repos["context"]
    assert repo.api_url == DEFAULT_API_URL and repo.token_env == "GITHUB_TOKEN"


@pytest.mark.parametrize(
    ("url", "normalized"),
    [
        ("https://ghe.example.test/api/v3/", "https://ghe.example.test/api/v3"),
        ("https://api.github.com", "https://api.github.com"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://localhost:9/api", "http://localhost:9/api"),
        ("http://[::1]:8000", "http://[::1]:8000"),
    ],
)
def test_https_and_loopback_http_api_urls_are_accepted(tmp_path, url, normalized):
    assert _load(tmp_path, f'api_url = "{url}"\n').github_repos["context"].api_url == normalized


@pytest.mark.parametrize(
    "url",
    [
        "http://ghe.example.test/api/v3",
        "http://10.0.0.5",
        "ftp://127.0.0.1",
        "file:///etc/passwd",
        "https://user:secret@ghe.example.test",
        "https://ghe.example.test/api?x=1",
        "https://ghe.example.test/#frag",
        "https://",
        "not a url",
        "https://ghe.example.test:99999",
        "",
    ],
)
def test_other_api_urls_are_refused_at_load_naming_the_key_only(tmp_path, url):
    with pytest.raises(RedctxError) as err:
        _load(tmp_path, f'api_url = "{url}"\n')
    assert err.value.code is Code.CONFIG_INVALID
    assert "github.repos entry 1: api_url" in err.value.message
    for part in ("ghe.example", "secret", "10.0.0.5", "passwd"):
        assert part not in err.value.message


def test_a_non_string_api_url_and_unknown_keys_are_refused(tmp_path):
    with pytest.raises(RedctxError):
        _load(tmp_path, "api_url = 5\n")
    with pytest.raises(RedctxError) as err:
        _load(tmp_path, 'token = "ghp_x"\n')
    assert "ghp_x" not in err.value.message and "unknown key" in err.value.message


def test_an_alias_equal_to_its_owner_or_repo_is_refused(tmp_path):
    (tmp_path / CONFIG_NAME).write_text('[github.repos.tracker]\nowner = "acme-owner"\nrepo = "tracker"\n')
    with pytest.raises(RedctxError) as err:
        load_policy(tmp_path, environ={})
    assert "neutral" in err.value.message and "tracker" not in err.value.message


def test_loopback_hosts():
    assert is_loopback("127.0.0.1") and is_loopback("127.9.9.9") and is_loopback("::1")
    assert is_loopback("localhost") and not is_loopback("10.0.0.1") and not is_loopback("example.com")
    with pytest.raises(RedctxError):
        check_api_url("http://192.168.1.1", "github.repos entry 1")


@invariant("GH-2")
def test_owner_repo_and_owner_slash_repo_are_redaction_terms(tmp_path):
    policy = _load(tmp_path, "")
    red = Redactor(policy, b"k" * 32)
    out = red.redact("see acme-owner/tracker and acme-owner and the tracker repo").text
    assert "acme-owner" not in out and "tracker" not in out
    assert out.count("[SENSITIVE_") == 3


def test_changing_a_repo_entry_changes_the_policy_fingerprint(tmp_path):
    a = _load(tmp_path, "").fingerprint_material
    b = _load(tmp_path, 'api_url = "https://ghe.example.test"\n').fingerprint_material
    assert a != b
