"""The Ollama client against a real loopback HTTP server."""

from __future__ import annotations

import pytest
from ollama_stub import closed_port_endpoint

from redacted_context_mcp.discovery.client import MESSAGES, DiscoveryError, OllamaDiscoveryClient, check_endpoint
from tests.invariants import invariant

SECRET_TEXT = "Quillon Marsh met Zorblax Vantablue about Bluefin."


def test_one_generate_request_with_streaming_off_and_json_output(ollama):
    ollama.replies = {"Bluefin": {"terms": ["Bluefin"]}}
    client = OllamaDiscoveryClient(ollama.endpoint, "gemma4:e4b", timeout=5)
    assert client.discover(SECRET_TEXT) == {"terms": ["Bluefin"]}
    assert len(ollama.requests) == 1
    req = ollama.requests[0]
    assert req["stream"] is False and req["format"] == "json" and req["model"] == "gemma4:e4b"
    assert SECRET_TEXT in req["prompt"]


def test_installed_tags_are_listed(ollama):
    assert OllamaDiscoveryClient(ollama.endpoint).list_models() == ("gemma4:e4b",)


@invariant("DISC-3")
@pytest.mark.parametrize(
    "mode,kind",
    [("malformed", "not_json"), ("wrong_shape", "bad_shape"), ("garbage", "not_json")],
)
def test_a_broken_answer_gives_its_fixed_message_without_the_text(ollama, mode, kind):
    ollama.mode = mode
    with pytest.raises(DiscoveryError) as info:
        OllamaDiscoveryClient(ollama.endpoint, timeout=5).discover(SECRET_TEXT)
    assert info.value.kind == kind and str(info.value) == MESSAGES[kind]
    assert "Quillon" not in str(info.value)


def test_an_unknown_model_tag_is_a_404_with_the_ollama_list_hint(ollama):
    with pytest.raises(DiscoveryError) as info:
        OllamaDiscoveryClient(ollama.endpoint, "nosuch:tag", timeout=5).discover(SECRET_TEXT)
    assert info.value.kind == "unknown_model"
    assert "ollama list" in str(info.value)


def test_a_refused_connection_says_so():
    with pytest.raises(DiscoveryError) as info:
        OllamaDiscoveryClient(closed_port_endpoint(), timeout=2).discover(SECRET_TEXT)
    assert info.value.kind == "refused"


def test_a_slow_model_times_out_at_the_timeout(ollama):
    ollama.mode, ollama.delay = "slow", 1.5
    with pytest.raises(DiscoveryError) as info:
        OllamaDiscoveryClient(ollama.endpoint, timeout=0.3).discover(SECRET_TEXT)
    assert info.value.kind == "timeout"


@invariant("DISC-1")
@pytest.mark.parametrize(
    "endpoint,allow_remote,accepted",
    [
        ("http://127.0.0.1:11434", False, True),
        ("http://localhost:11434/", False, True),
        ("http://127.8.9.10:1", False, True),
        ("http://[::1]:11434", False, True),
        ("https://models.example.test", False, True),
        ("http://models.example.test:11434", False, False),
        ("http://10.0.0.5:11434", False, False),
        ("http://0.0.0.0:11434", False, False),
        ("http://models.example.test:11434", True, True),
    ],
)
def test_plain_http_is_accepted_only_for_loopback_unless_allowed(endpoint, allow_remote, accepted):
    if accepted:
        assert check_endpoint(endpoint, allow_remote) == endpoint.rstrip("/")
    else:
        with pytest.raises(DiscoveryError) as info:
            check_endpoint(endpoint, allow_remote)
        assert info.value.kind == "endpoint_remote"


@pytest.mark.parametrize("endpoint", [
    "ftp://127.0.0.1", "127.0.0.1:11434", "http://", "http://127.0.0.1:99999", "http://John Smith@127.0.0.1:9",
    "http://user:pw@127.0.0.1:11434", "http://127.0.0.1:11434/\x1b[2J",
])
def test_a_malformed_endpoint_is_refused(endpoint):
    with pytest.raises(DiscoveryError) as info:
        check_endpoint(endpoint)
    assert info.value.kind == "endpoint_invalid"


@invariant("DISC-1")
def test_an_environment_proxy_is_never_used(ollama, monkeypatch):
    dead = closed_port_endpoint()
    for var in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy"):
        monkeypatch.setenv(var, dead)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("NO_PROXY", raising=False)
    ollama.replies = {"Bluefin": {"terms": ["Bluefin"]}}
    assert OllamaDiscoveryClient(ollama.endpoint, timeout=5).discover(SECRET_TEXT) == {"terms": ["Bluefin"]}
