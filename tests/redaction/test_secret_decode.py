"""Decoders: base64 blobs judged by what they hold, and secrets inside escaped text, with the
placeholder covering the ENCODED span."""

from __future__ import annotations

import json

import pytest
import secret_samples as S
from redaction_helpers import make

from redacted_context_mcp.redaction import secret_decode
from redacted_context_mcp.redaction.secret_decode import HARMLESS, SECRET, UNKNOWN, blob_verdict
from redacted_context_mcp.redaction.secret_shape import find_keyless

MODES = ("strict", "balanced")
PW = S.rand(S.ALNUM, 14)
TOKEN = "ghp_" + S.rand(S.ALNUM, 36)


def _k8s_secret(value: str) -> str:
    return f"apiVersion: v1\nkind: Secret\ndata:\n  config.json: {value}\n"


def _blob(label: str, template: str, payload: bytes | str, url: bool = False) -> tuple[str, str, str]:
    blob = S.b64(payload)
    if url:
        blob = blob.replace("+", "-").replace("/", "_").rstrip("=")
    return (label, template.replace("{}", blob), blob)


#: (label, text, raw blob that must disappear).
BLOBS = [
    _blob("user-password", "auth: {}", f"deploy:{PW}"),
    _blob("json-credentials", "blob {}", json.dumps({"password": PW})),
    _blob("pem-key", "client-key-data: {}", S.pem_private()),
    _blob("another-token", "- {}", TOKEN),
    _blob("der-private-key", "key {}", S.der_private_key()),
    _blob("dockerconfigjson-double", _k8s_secret("{}"), S.docker_config("ci", PW)),
    _blob("base64url", "v={}", f"admin:{PW}", url=True),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("label,text,blob", BLOBS, ids=[b[0] for b in BLOBS])
def test_a_blob_holding_a_secret_disappears_whole(label, text, blob, mode):
    out = make(mode).redact(text)
    assert blob not in out.text and blob[:24] not in out.text
    assert out.counts.get("SECRET", 0) >= 1


def test_blob_verdicts_follow_what_the_bytes_are():
    assert blob_verdict(S.b64(f"ops:{PW}")) == SECRET
    assert blob_verdict(S.b64(S.der_certificate())) == HARMLESS
    assert blob_verdict(S.ssh_public_blob()) == HARMLESS
    assert blob_verdict(S.b64(b"\x89PNG\r\n\x1a\n" + S.rbytes(60))) == HARMLESS
    assert blob_verdict(S.b64("A readable sentence with nothing secret in it.")) == HARMLESS
    assert blob_verdict(S.b64(S.rbytes(30))) == UNKNOWN
    assert blob_verdict("not base64 at all!") == UNKNOWN


def test_nested_encoding_stops_at_the_depth_limit_and_still_redacts_by_shape():
    blob = f"root:{PW}"
    for _ in range(5):
        blob = S.b64(blob)
    out = make().redact(f"value {blob}")
    assert blob not in out.text
    assert secret_decode.depth() == 0


def test_the_blob_budget_bounds_decoding_per_text():
    texts = " ".join(S.b64(f"plain words number {i} here") for i in range(3 * secret_decode.MAX_BLOBS))
    find_keyless(texts, texts.lower())
    assert getattr(secret_decode._STATE, "blobs", 0) == 0


# --- escaped text: the placeholder covers the encoded span ----------------------------------------

ESCAPED = [
    ("url-encoded", "q=password%3D{}%26next=1", f"ab%21{S.rand(S.ALNUM, 8)}%40x"),
    ("url-encoded-plain", "redirect=%2Flogin%3Fpassword%3D{}%26a%3Db", S.rand(S.ALNUM, 12)),
    ("quoted-printable", "Content-Transfer-Encoding: quoted-printable\n\npassword=3D{}\nbye", S.rand(S.ALNUM, 12)),
    ("quoted-printable-soft-break", "password=3D{}\n", f"{S.rand(S.ALNUM, 6)}=\n{S.rand(S.ALNUM, 6)}"),
    ("json-escaped", '{"source": "DB_PASSWORD=\\"{}\\"\\n"}', S.rand(S.ALNUM, 12)),
    ("json-unicode", '{"cmd": "password\\u003d{}"}', S.rand(S.ALNUM, 12)),
    ("json-slashes", '"url": "https:\\/\\/hooks.example.com\\/x", "note": "set pwd=\\"{}\\" ok"',
     S.rand(S.ALNUM, 12)),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("label,template,value", ESCAPED, ids=[e[0] for e in ESCAPED])
def test_a_secret_inside_escaped_text_is_replaced_over_its_encoded_span(label, template, value, mode):
    text = template.replace("{}", value)
    out = make(mode).redact(text).text
    assert value not in out
    for piece in value.replace("=\n", " ").replace("%", " ").split():
        if len(piece) >= 6:
            assert piece not in out
    assert make(mode).redact(text).counts.get("SECRET", 0) >= 1


@pytest.mark.parametrize("label,template,value", ESCAPED, ids=[e[0] for e in ESCAPED])
def test_the_decoder_hit_starts_at_the_encoded_value_and_covers_all_of_it(label, template, value):
    text = template.replace("{}", value)
    start = text.index(value)
    spans = [(h.start, h.end) for h in secret_decode.escaped_hits(text, text.lower())]
    assert any(s == start and e >= start + len(value) for s, e in spans), spans


def test_encoded_offsets_map_back_to_whole_escapes():
    text = "x%3Dab%21cd"
    decoded, segs = secret_decode._decode_window(text, 0, len(text), secret_decode._URL_ESC, secret_decode._url_char)
    assert decoded == "x=ab!cd"
    keys = [g[0] for g in segs]
    s = secret_decode._to_encoded(segs, keys, 0, decoded.index("ab"), False)
    e = secret_decode._to_encoded(segs, keys, 0, len(decoded), True)
    assert text[s:e] == "ab%21cd"
    inside = secret_decode._to_encoded(segs, keys, 0, decoded.index("!"), False)
    assert text[inside:inside + 3] == "%21"


def test_a_new_thread_starts_at_depth_zero_with_a_full_budget():
    import threading

    seen: dict[str, object] = {}
    text = f"value {S.b64(f'root:{PW}')}"

    def run() -> None:
        seen["depth"] = secret_decode.depth()
        seen["budget"] = (secret_decode._STATE.blobs, secret_decode._STATE.chars)
        seen["hits"] = find_keyless(text, text.lower())

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    assert seen["depth"] == 0
    assert seen["budget"] == (secret_decode.MAX_BLOBS, secret_decode.MAX_DECODED)
    assert seen["hits"] == find_keyless(text, text.lower()) != []
