"""Large texts are redacted chunk by chunk: same output, a caller check between chunks."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction import chunks

LINES = (
    "Attendees: Bob Marley, Avery Example\n"
    "mail avery@example.com or call +49 89 6071 2275 about Project Zorblax.\n"
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx7Jm3b9kQ2vT8rW1yZ4pL6sN0uH5gF2dC9aE3bV7nM1kJ8qR\n"
    "-----END RSA PRIVATE KEY-----\n"
)


def test_a_chunked_text_redacts_exactly_like_one_pass(monkeypatch):
    red = make("strict", people=("Avery Example",))
    text = LINES * 4000
    chunked = red.redact(text).text
    monkeypatch.setattr(chunks, "CHUNK_CHARS", 10 ** 9)
    assert red.redact(text).text == chunked
    assert "Avery" not in chunked and "6071" not in chunked


def test_the_caller_check_runs_before_every_chunk_and_its_exception_stops_redaction():
    red = make("balanced")
    text = LINES * 4000
    calls = []
    red.redact(text, check=lambda: calls.append(1))
    assert len(calls) == len(list(chunks.chunk_bounds(text))) > 1

    class Stop(Exception):
        pass

    def stop():
        raise Stop

    with pytest.raises(Stop):
        red.redact(text, check=stop)


def test_a_single_line_longer_than_a_chunk_is_cut_at_spaces_and_nothing_raw_survives():
    red = make("balanced")
    text = "Attendees: Bob Marley " + "x " * (chunks.CHUNK_CHARS // 2) + " call +49 89 6071 2275 now " * 50
    out = red.redact(text).text
    assert "Marley" not in out and "6071" not in out
    bounds = list(chunks.chunk_bounds(text))
    assert bounds[0][0] == 0 and bounds[-1][1] == len(text)
    assert all(b == c for (_, b), (c, _) in zip(bounds, bounds[1:]))
