"""The Python composition API exactly as the product reference shows it, over a real socket."""

from __future__ import annotations

import tomllib

import pytest

from redacted_context_mcp.config import load_policy


def test_the_documented_composition_runs_end_to_end(ollama, tmp_path):
    from redacted_context_mcp import (
        DiscoveryDocument,
        build_discovery_update,
        discover_documents,
        write_discovery_update,
    )
    from redacted_context_mcp.discovery import OllamaDiscoveryClient

    raw_text = "Avery Quillmere reviewed Bluefin. Thanks, Avery.\n"
    ollama.replies = {"Bluefin": {"people": ["Avery Quillmere"], "terms": ["Bluefin"]}}
    existing_toml = "# ours\n[redaction]\nterms = []\n"
    seed_toml = '[redaction]\nclients = ["Quillmere Group"]\n'
    config_path = tmp_path / ".agent-context-redactor.toml"
    config_path.write_text(existing_toml, encoding="utf-8")

    documents = [DiscoveryDocument(path="private/meeting.md", text=raw_text)]
    client = OllamaDiscoveryClient(endpoint=ollama.endpoint, model="gemma4:e4b", timeout=120)
    discovery = discover_documents(documents, client=client)
    update = build_discovery_update(existing_toml, discovery, seed_text=seed_toml)
    assert write_discovery_update(config_path, update) is True

    text = config_path.read_text(encoding="utf-8")
    red = tomllib.loads(text)["redaction"]
    assert text.startswith("# ours\n")
    assert red == {"terms": ["Bluefin"], "people": ["Avery Quillmere"], "clients": ["Quillmere Group"]}
    assert load_policy(tmp_path, config_path).config_loaded
    assert write_discovery_update(config_path, build_discovery_update(text, discovery, seed_text=seed_toml)) is False


def test_the_draft_always_loads_as_a_valid_config(ollama, tmp_path):
    from redacted_context_mcp.discovery import DiscoveryDocument, OllamaDiscoveryClient, discover_documents

    text = "Client Quill (Quill Group) and Blake Tolliver, blake@t.test; Blake said person and email.\n"
    ollama.replies = {"Quill": {"clients": ["Quill Group"], "people": ["Blake Tolliver", "person"],
                                "terms": ["email"], "aliases": {"Quill Group": ["Quill", "Quill Group"]}}}
    d = discover_documents([DiscoveryDocument("a", text)], OllamaDiscoveryClient(ollama.endpoint))
    draft = tmp_path / "draft.toml"
    draft.write_text(d.to_toml(), encoding="utf-8")
    policy = load_policy(tmp_path, draft)
    assert policy.clients == ("Quill Group",) and policy.people == ("Blake Tolliver",)
    assert {g.canonical for g in policy.aliases} == {"Quill Group", "Blake Tolliver"}
    assert "person" not in d.to_toml().split("[redaction]")[1]
    assert repr(d).startswith("Discovery(") and "Blake" not in repr(d)


def test_a_detector_replaces_the_model_and_needs_exactly_one_source():
    from redacted_context_mcp.discovery import DiscoveryDocument, discover_documents
    from redacted_context_mcp.redaction.detectors import Nomination

    class Fixed:
        name, version = "fixed", "1"

        def detect(self, text):
            i = text.index("Bluefin")
            return [Nomination(i, i + 7, "SENSITIVE"), Nomination(0, 3, "EMAIL")]

    d = discover_documents([DiscoveryDocument("a", "abc Bluefin")], detector=Fixed())
    assert d.lists["terms"] == ["Bluefin"] and d.documents == 1
    with pytest.raises(ValueError):
        discover_documents([DiscoveryDocument("a", "x")])
