"""Keyless secrets by shape: what must disappear, and what must survive untouched (both modes)."""

from __future__ import annotations

import inspect
import string
import time

import pytest
import secret_samples as S
from redaction_helpers import make

from redacted_context_mcp.redaction import secret_decode, secret_forms, secret_shape
from redacted_context_mcp.redaction.secret_forms import base58check_ok, wallet_key
from redacted_context_mcp.redaction.secret_shape import find_keyless

MODES = ("strict", "balanced")
PW = S.human_password()

#: (label, text, secret that must disappear).
HITS: list[tuple[str, str, str]] = []


def _hit(label: str, template: str, secret: str) -> None:
    HITS.append((label, template.replace("{}", secret), secret))


_hit("prose", "the value you asked for is {} and it rotates monthly", S.rand(S.ALNUM, 32))
_hit("table-cell", "| prod | eu-west | {} |", S.rand(S.ALNUM, 40))
_hit("log-line", "2024-05-01T10:00:00Z INFO issued {} to worker-7", S.rand(S.ALNUM + "_-", 43))
_hit("yaml-list-item", "keys:\n  - {}\n  - other", S.rand(S.ALNUM, 24))
_hit("chat", "[10:02] ok here it is: {}", S.rand(S.B64, 44) + "=")
_hit("base32-totp", "totp seed {} (do not share)", S.rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32))
_hit("lower-base36", "api {} ok", S.rand(string.ascii_lowercase + string.digits, 40))
_hit("hex-after-cue", "the signing key is {} for staging", S.rand(S.HEX, 40))
_hit("human-password", "the new one is {} until Friday", PW)
_hit("human-password-literal", "reset it to {} please", "Spring2021$XQp")
_hit("human-password-table", "| admin | {} |", S.human_password())
_hit("long-human-password", "use {} for the vpn", "Correct" + S.rand(string.digits, 3) + "!HorseBatteryStaple")
_hit("wif-uncompressed", "paper wallet {}", S.wif(False))
_hit("wif-compressed", "import {} into the wallet", S.wif(True))
_hit("bip32-xprv", "root key {}", S.xprv())
_hit("bcrypt", "admin:{}", "$2b$12$" + S.rand(S.CRYPT, 53))
_hit("bcrypt-2y", "hash = '$2y$10${}'", S.rand(S.CRYPT, 53))
_hit("apr1", "user:$apr1${}", S.rand(S.CRYPT, 8) + "$" + S.rand(S.CRYPT, 22))
_hit("md5-crypt", "root:$1${}:19000:0:99999:7:::", S.rand(S.CRYPT, 8) + "$" + S.rand(S.CRYPT, 22))
_hit("sha512-crypt", "root:$6${}:19000:0:99999:7:::", S.rand(S.CRYPT, 16) + "$" + S.rand(S.CRYPT, 86))
_hit("sha256-crypt-rounds", "$5$rounds=5000${}", S.rand(S.CRYPT, 16) + "$" + S.rand(S.CRYPT, 43))
_hit("yescrypt", "bob:$y$j9T${}:19500::::::", S.rand(S.CRYPT, 22) + "$" + S.rand(S.CRYPT, 43))
_hit("argon2id", "$argon2id$v=19$m=65536,t=3,p=4${}",
     S.rand(S.ALNUM + "+/", 22) + "$" + S.rand(S.ALNUM + "+/", 43))
_hit("pbkdf2", "$pbkdf2-sha256$29000${}", S.rand(S.ALNUM + "./", 22) + "$" + S.rand(S.ALNUM + "./", 43))
_hit("scrypt", "$scrypt$ln=16,r=8,p=1${}", S.rand(S.ALNUM + "+/", 22) + "$" + S.rand(S.ALNUM + "+/", 43))
_hit("django", "password = 'pbkdf2_sha256$600000${}'", S.rand(S.ALNUM, 22) + "$" + S.rand(S.B64, 43) + "=")
_hit("ldap-ssha", "userPassword: {SSHA}{}", S.rand(S.B64, 32))
_hit("mysql", "| root | localhost | *{} |", S.rand("0123456789ABCDEF", 40))
_hit("wordpress-salt", "define('AUTH_KEY',         '{}');", S.salt_noise())
_hit("raw-salt-noise", 'SALTS = ["{}"]', S.salt_noise(48))
_hit("seed-phrase", "seed phrase: {}", S.seed_phrase(12))
_hit("recovery-phrase-24", "Secret Recovery Phrase\n{}\n", S.seed_phrase(24))
_hit("mnemonic-label", 'mnemonic = "{}"', S.seed_phrase(15))
_hit("concat-github", 'const t = "ghp_" + "{}";', S.rand(S.ALNUM, 36))
_hit("concat-multiline", "key = ('sk-proj-' +\n       '{}')", S.rand(S.ALNUM, 40))

PPK_LINES = [S.b64(S.rbytes(48)) for _ in range(4)]
PPK = ("PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: imported\nPublic-Lines: 1\n"
       + S.b64(S.rbytes(30)) + "\nPrivate-Lines: 4\n" + "\n".join(PPK_LINES) + "\nPrivate-MAC: 00ff\n")

#: Texts holding nothing sensitive: no SECRET placeholder in either mode (scanners' documented
#: false-positive shapes plus code and log shapes).
MUST_SURVIVE: list[str] = [
    f"commit {S.rand(S.HEX, 40)}\nAuthor: build bot\nMerge: {S.rand(S.HEX, 7)} {S.rand(S.HEX, 7)}",
    f"[main {S.rand(S.HEX, 7)}] Fix the parser\n * {S.rand(S.HEX, 7)} (HEAD -> main) Bump",
    f"(cherry picked from commit {S.rand(S.HEX, 40)})",
    f"git revert {S.rand(S.HEX, 40)} && git log --oneline {S.rand(S.HEX, 12)}",
    f"{S.rand(S.HEX, 32)}  release-1.4.2.tar.gz",
    f"{S.rand(S.HEX, 40)} *installer.exe",
    f"X-Request-Id: {S.rand(S.HEX, 32)}\ntrace {S.rand(S.HEX, 16)}",
    f"traceparent: 00-{S.rand(S.HEX, 32)}-{S.rand(S.HEX, 16)}-01",
    "id 123e4567-e89b-12d3-a456-426614174000 and {3F2504E0-4F89-11D3-9A0C-0305E82C3301}",
    f'"integrity": "sha512-{S.b64(S.rbytes(64))}"',
    f"  integrity sha1-{S.b64(S.rbytes(20))}",
    f'<script src="app.js" integrity="sha384-{S.b64(S.rbytes(48))}"></script>',
    f"golang.org/x/text v0.3.7 h1:{S.b64(S.rbytes(32))}\ngolang.org/x/text v0.3.7/go.mod h1:{S.b64(S.rbytes(32))}",
    "github.com/foo/bar v0.0.0-20210101120000-abcdef123456 // indirect",
    "color: #ff00aa; background: #FFF; border-color: #12345678;",
    "listen 0.0.0.0:8080; timeout 1h30m; retry after 250ms; ttl=86400s",
    "Total: $1,234.56 (USD 12,500.00) paid on 2024-01-02T03:04:05.123Z",
    "version 1.2.3-beta.4+build.567, v2.10.0, python3.11, go1.21.3",
    "password_field_label = 'Password'; token_expiry_seconds = 3600",
    "the token expired and the secret sauce is patience",
    "card 1234567890123456 is not valid; ref 98765432109876543210",
    "DB_PASSWORD=${DB_PASSWORD} token=<your-token> password: ******** api_key=YOUR_API_KEY_HERE",
    "placeholders xxxxxxxxxxxxxxxxxxxxxxxx and ABCDEFGHIJKLMNOPQRSTUVWXYZ in docs",
    '<img src="data:image/png;base64,' + S.b64(b"\x89PNG\r\n\x1a\n" + S.rbytes(120)) + '">',
    f"src: url(data:font/woff2;base64,{S.b64(b'wOF2' + S.rbytes(90))}) format('woff2');",
    '!function(e){var t={};function n(r){if(t[r])return t[r].exports;var o=t[r]={i:r,l:!1}}}',
    "import com.example.service.impl.UserServiceImpl; org.springframework.boot.autoconfigure",
    "pod/nginx-deployment-7fb96c846b-x9r5t   1/1  Running\npod/coredns-5d78c9869d-abcde  1/1  Running",
    "arn:aws:iam::123456789012:role/service-role/MyLambdaRole-abc123",
    "npm i @babel/plugin-transform-runtime@7.22.5 lodash.debounce@4.0.8",
    "numpy-1.26.4-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
    "AbstractSingletonProxyFactoryBean HTTPServerRequestHandlerV2 test_user_can_reset_password_after_expiry",
    "main.7f3a9c1b.chunk.js and vendors~main.8d2e4f6a.chunk.css",
    f"ssh-ed25519 {S.ssh_public_blob()} deploy@build",
    f"ssh-rsa {S.ssh_public_blob('ssh-rsa')}",
    S.pem_certificate(),
    "jwt header eyJhbGciOiJIUzI1NiJ9 alone",
    f"blob {S.b64('Hello there, this is ordinary text and nothing more.')}",
    "see /usr/local/lib/python3.11/site-packages/pkg_resources/__init__.py and ./scripts/build_all.sh",
    "git@github.com:example-org/some-repo.git and ops@example.com",
    "The seed phrase is stored in the vault and you should never share it with anyone at all.",
    "values: 3.14159265358979, 2.718281828459045, 1.4142135623730951",
    "windows-latest ubuntu-22.04 macos-13 node-version: 20.x",
    "Get-ChildItem -Recurse | Where-Object {$_.Length -gt 10MB}",
    "https://example.com/reset?next=%2Fhome%2Fdashboard&lang=en-US",
]


def _secret_spans(text: str, mode: str) -> list[tuple[int, int]]:
    return [(m.start, m.end) for m in make(mode).explain(text) if m.category == "SECRET"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("label,text,secret", HITS, ids=[h[0] for h in HITS])
def test_a_keyless_secret_disappears_in_both_modes(label, text, secret, mode):
    out = make(mode).redact(text)
    assert secret not in out.text
    assert out.counts.get("SECRET", 0) >= 1


@pytest.mark.parametrize("label,text,secret", HITS, ids=[h[0] for h in HITS])
def test_the_keyless_stage_itself_covers_every_character_of_the_secret(label, text, secret):
    hits = find_keyless(text, text.lower())
    start = text.index(secret)
    covered = [i for i in range(start, start + len(secret)) if any(h.start <= i < h.end for h in hits)]
    # a hash keeps its scheme marker visible; the value after it is covered
    assert len(covered) >= len(secret) - 12 and start + len(secret) - 1 in covered


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", MUST_SURVIVE, ids=[f"survive-{i}" for i in range(len(MUST_SURVIVE))])
def test_a_harmless_sample_gets_no_secret_placeholder(text, mode):
    assert find_keyless(text, text.lower()) == []
    assert "SECRET" not in make(mode).redact(text).counts


def test_the_must_survive_list_is_broad_enough_for_the_precision_target():
    assert len(MUST_SURVIVE) >= 40


def test_a_putty_key_loses_its_private_lines_and_keeps_its_public_header():
    out = make().redact(PPK).text
    assert all(line not in out for line in PPK_LINES)
    assert "Private-Lines: 4" in out and "PuTTY-User-Key-File-3: ssh-rsa" in out


def test_a_password_hash_keeps_its_scheme_marker_visible():
    out = make().redact(HITS[[h[0] for h in HITS].index("bcrypt")][1]).text
    assert out.startswith("admin:$2b$12$[SECRET_")


def test_a_seed_phrase_is_covered_word_for_word_and_prose_after_the_label_is_not():
    phrase = S.seed_phrase(12)
    text = f"seed phrase: {phrase}\nnext line stays"
    out = make().redact(text).text
    assert not any(w in out for w in phrase.split())
    assert out.endswith("next line stays")
    long_run = "seed phrase " + " ".join(S.SEED_WORDS[:14])
    hit = find_keyless(long_run, long_run.lower())
    assert len(long_run[hit[0].start:hit[0].end].split()) == 12


def test_concatenated_pieces_are_each_replaced_and_the_operator_stays():
    body = S.rand(S.ALNUM, 36)
    out = make().redact(f'token = "ghp_" + "{body}"').text
    assert body not in out and "ghp_" not in out
    assert '" + "' in out


def test_wallet_keys_are_recognised_by_their_checksum_not_their_shape():
    good = S.wif(True)
    bad = good[:-1] + ("2" if good[-1] != "2" else "3")
    assert base58check_ok(good) and wallet_key(good) == "wif-private-key"
    assert not base58check_ok(bad) and wallet_key(bad) == ""
    assert wallet_key(S.xprv()) == "bip32-private-key"


def test_secrets_do_not_depend_on_mode_or_profile():
    text = "\n".join(t for _, t, _ in HITS)
    spans = {(mode, profile): _secret_spans(text, mode) if profile == "default" else
             [(m.start, m.end) for m in make(mode, profile).explain(text) if m.category == "SECRET"]
             for mode in MODES for profile in ("default", "extended")}
    assert len({tuple(v) for v in spans.values()}) == 1


def test_a_candidate_inside_a_url_is_left_to_the_url_stage():
    token = S.rand(S.ALNUM, 32)
    out = make().redact(f"open https://files.example.com/share/{token} now")
    assert token not in out.text
    assert "URL" in out.counts and "SECRET" not in out.counts


def test_samples_are_generated_so_the_sources_hold_no_literal_tokens():
    source = "".join(inspect.getsource(m) for m in (secret_shape, secret_forms, secret_decode))
    source += inspect.getsource(__import__("test_secret_shape"))
    for _, _, secret in HITS:
        if len(secret) >= 16:
            assert secret not in source


# --- bounded work on hostile input ----------------------------------------------------------

BOUND_SECONDS = 8.0
N = 100_000
HOSTILE = {
    "base64-run": S.rand(S.B64, N),
    "base64-words": " ".join(S.rand(S.B64, 20) for _ in range(N // 21)),
    "symbol-words": " ".join(S.rand(S.ALNUM + "!@#$", 12) for _ in range(N // 13)),
    "concat-chain": "'ab' + " * (N // 7),
    "dots-and-quotes": ". '" * (N // 3),
    "url-escapes": "%41" * (N // 3),
    "qp-escapes": "=3D" * (N // 3),
    "json-escapes": '\\"' * (N // 2),
    "seed-labels": "seed phrase " * (N // 12),
    "seed-words": "seed phrase " + " ".join(S.SEED_WORDS * (N // 400)),
    "dollar-runs": "$2b$12$" * (N // 7),
    "quotes": "'" + "a!" * (N // 2),
    "pem-heads": "-----BEGIN CERTIFICATE-----\n" * (N // 28),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_keyless_stage_is_bounded_on_hostile_input(name):
    text = HOSTILE[name]
    start = time.process_time()
    find_keyless(text, text.lower())
    assert time.process_time() - start < BOUND_SECONDS, name


def test_every_keyless_table_regex_is_bounded_on_hostile_input():
    patterns = [f.regex for f in secret_forms.FORMS] + list(secret_forms._QUOTED) + list(secret_forms._CONCAT_OPS)
    for pattern in patterns:
        for text in HOSTILE.values():
            start = time.process_time()
            for _ in pattern.finditer(text):
                pass
            assert time.process_time() - start < BOUND_SECONDS / 4, pattern.pattern[:40]


def test_forms_found_with_the_letter_run_view_are_the_forms_found_without_it():
    from redacted_context_mcp.redaction.textview import letter_words

    texts = [text for _, text, _ in HITS] + [PPK, PPK.replace("Private-Lines", "private-lines")]
    assert any(secret_forms.find_forms(t, t.lower()) for t in texts)
    for text in texts:
        low = text.lower()
        assert secret_forms.find_forms(text, low, letter_words(low).joined) == secret_forms.find_forms(text, low)
