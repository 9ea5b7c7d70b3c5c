"""Secrets wherever a document puts the line: table cells, bullets, quotes, inline code; and the
families the seeded corpus leaked (values with ``=``/``:``, exec-form argument lists, positional
passwords with ``=``, "reset it to X" in chats, line continuations, adjacent string literals).

Every value here is fictional and written for these tests (not the corpus values). Each family is a
table run in both modes, with near misses that must keep every character.
"""

from __future__ import annotations

import pytest
from redaction_helpers import make

from tests.invariants import invariant

MODES = ("strict", "balanced")
REDACTORS = {mode: make(mode) for mode in MODES}

#: Rows whose rule reads its line from the start (rule family, line with ``{}`` for the value, value).
LINE_START_ROWS: list[tuple[str, str, str]] = [
    ("directive", "SetEnv DB_PASS {}", "Kestrel41vane"),
    ("directive", 'AuthLDAPBindPassword "{}"', "Quarry7-Lintel"),
    ("directive-pw", "SetEnv LDAP_PW {}", "Brine82sloop"),
    ("directive-secret", "client_secret {};", "Tallow5Garnet"),
    ("directive-token", "SetEnv DEPLOY_TOKEN {}", "Mizzen9rigging"),
    ("directive-key", "SetEnv MAPS_API_KEY {}", "Cobble3Hearth"),
    ("directive-auth", "masterauth {}", "Spindle66wharf"),
    ("directive", "requirepass {}", "Ferrule28keel"),
    ("dockerfile-arg", "ARG NPM_TOKEN={}", "Gusset4Plinth"),
    ("dockerfile-arg", "ARG REGISTRY_PASSWORD {}", "Halyard17cleat"),
    ("dockerfile-env", "ENV SMTP_PASSWORD {}", "Wicket52Lathe"),
    ("oci-inline-private-key", "key_content = -----BEGIN PRIVATE KEY-----{}",
     "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDx7Tq" "Zp4Lm9Wv2Ks8Rb3Nc6Hd1Yf5Jg0"),
    ("pgpass-line", "reports.db.internal:5432:reports:etl:{}", "Thimble6Auger"),
    ("netrc-password", "machine files.internal login etl password {}", "Sextant09fold"),
    ("htpasswd-hash", "etl:$apr1$Qv7Lm2Xw${}", "Tz5Kp9Rb3Nc6Hd1Yf5Jg0A"),
    ("assignment", "DB_PASSWORD: {}", "tin whistle 44"),
]
#: How documents wrap a line: table cells (first, middle, inline code), bullets, numbered items, quotes.
WRAPS: list[str] = ["{}", "| {} |", "| cfg | {} |", "| cfg | {} | prod |", "|{}|", "| `{}` |", "- {}", "* {}",
                    "+ {}", "1. {}", "> {}", "> - {}", "  - {}", "Use `{}` here"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("wrap", WRAPS)
@pytest.mark.parametrize("family,line,value", LINE_START_ROWS,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(LINE_START_ROWS)])
@invariant("OUT-7")
def test_a_line_start_rule_finds_its_secret_in_a_table_cell_a_bullet_and_a_quote(mode, wrap, family, line, value):
    if wrap == "Use `{}` here" and family in ("pgpass-line", "htpasswd-hash", "assignment"):
        pytest.skip("a whole-line file format does not run inside a sentence")
    text = wrap.format(line.format(value))
    out = REDACTORS[mode].redact(text).text
    assert value not in out
    for piece in value.split():
        assert len(piece) < 4 or piece not in out
    assert "[SECRET_" in out
    if wrap.startswith("|") and wrap.endswith("|"):
        assert out.rstrip().endswith("|")  # the closing bar is not swallowed


#: (family, text, secret, visible): the families the seeded corpus leaked, in fresh shapes.
HITS: list[tuple[str, str, str, str]] = [
    ("directive-symbols", "    SetEnv DB_PASS mQ=Tr8vLx", "mQ=Tr8vLx", "SetEnv DB_PASS "),
    ("directive-symbols", "requirepass Zk:9p{w}Lm#r", "Zk:9p{w}Lm#r", "requirepass "),
    ("directive-symbols", "masterauth Hv;Lp83=xQ;", "Hv;Lp83=xQ", "masterauth "),
    ("directive-symbols", "SetEnv ADMIN_PW pXq=Kwd:Lzm#Tr", "pXq=Kwd:Lzm#Tr", "ADMIN_PW "),
    ("exec-form", '    command: ["--admin-password", "Marlin77?"]', "Marlin77?", '"--admin-password", "'),
    ("exec-form", "CMD ['redis-server', '--requirepass', 'Sculpin3x']", "Sculpin3x", "'--requirepass', '"),
    ("exec-form", 'subprocess.run(["mysql", "-u", "etl", "-pWrasse91z", "dw"])', "Wrasse91z", '"-p'),
    ("exec-form", 'exec.Command("sshpass", "-p", "Gurnard4Lq", "ssh", "etl@h")', "Gurnard4Lq", '"-p", "'),
    ("exec-form", 'new ProcessBuilder("redis-cli", "-a", "Pollock8Tz", "ping")', "Pollock8Tz", '"-a", "'),
    ("exec-form", 'args: ["--token=Tarpon5Xq2w"]', "Tarpon5Xq2w", "--token="),
    ("exec-form", 'spawn("mongosh", ["--password", "Dory2kLpq"])', "Dory2kLpq", '"--password", "'),
    ("positional-eq", "  77  htpasswd -b -c /srv/.htpasswd etl Bq7w=Lm2Zx", "Bq7w=Lm2Zx", "htpasswd -b -c"),
    ("positional-eq", "htpasswd -bB users.db ops ==Kp8vT", "==Kp8vT", " ops "),
    ("chat-anaphora", "ana: the vpn password expired\nben: reset it to otterheron58 for now",
     "otterheron58", "reset it to "),
    ("chat-anaphora", "ana: pw for the nas?\nben: changed it to \"Spire-Wolf!x\"", "Spire-Wolf!x", "changed it to"),
    ("chat-anaphora", "the shared creds broke again\nI set it to Quokka2023 earlier", "Quokka2023", "set it to "),
    ("continuation", "export DB_PASSWORD=Nq8v\\\n    Lt2Xz9w\nnext", "Lt2Xz9w", "export DB_PASSWORD="),
    ("adjacent-literals", 'db_pass = "Elm4!" "kq9zW"', "kq9zW", "db_pass = "),
    ("markdown-cli", "| `sshpass -p Moray6Lzq ssh etl@h` |", "Moray6Lzq", "sshpass -p "),
    ("dotted-value", "bind_pw = tRQeW.hLXkpmNB", "tRQeW.hLXkpmNB", "bind_pw = "),
    ("dotted-value", "ldap_password: qWErT.yUIop", "qWErT.yUIop", "ldap_password: "),
    ("concat-userinfo", "headers.Authorization = 'Basic ' + btoa('etl:' + 'KXWQpaRmvLtz');", "KXWQpaRmvLtz",
     "btoa('etl:' + '"),
]

#: (family, text): shapes near these families that hold no secret and must stay byte for byte.
NEAR_MISSES: list[tuple[str, str]] = [
    ("directive", "| Password expired | yes |"),
    ("directive", "- token-based auth"),
    ("directive", "> PasswordAuthentication no"),
    ("directive", "| SetEnv DB_PASS ${DB_PASS} |"),
    ("exec-form", '"args": ["--port", "8080", "--log-level", "debug"]'),
    ("exec-form", 'docker run -p "8080:80" img'),
    ("exec-form", 'CMD ["--password-file", "/run/secrets/db"]'),
    ("positional-eq", "vault login -method=userpass username=etl"),
    ("chat-anaphora", "the password policy changed\nset it to 8080, changed it to v2.10.3 and set it to true"),
    ("chat-anaphora", "password rotation: set it to 12h, reset it to default"),
    ("chat-anaphora", "I set it to Tuesday07 for the meeting"),  # no password cue before
    ("chat-anaphora", "the login form: set it to Required3 fields"),  # a login is not a password
    ("css", "  --color-secret-badge: #46bcb3;"),
    ("css", "  --token-accent: #fa0;"),
    ("continuation", "DB_HOST=db \\\n  ./run.sh"),
    ("htpasswd", "price:$5 each"),
    ("dotted-value", "password = settings.DB_PASSWORD"),
    ("dotted-value", "token: ctx.userID"),
    ("concat-userinfo", "label = 'Total:' + 'Amount'"),
    ("index-reference", "token_counts = df['tokens'].value_counts()"),
    ("index-reference", '    "token_counts = df[\\\'tokens\\\'].value_counts()\\n",'),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("family,text,secret,visible", HITS, ids=[f"{h[0]}-{i}" for i, h in enumerate(HITS)])
@invariant("OUT-7")
def test_each_family_the_corpus_leaked_is_replaced_in_its_fresh_shapes(mode, family, text, secret, visible):
    out = REDACTORS[mode].redact(text).text
    assert secret not in out
    assert visible in out
    assert "[SECRET_" in out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("family,text", NEAR_MISSES, ids=[f"{n[0]}-{i}" for i, n in enumerate(NEAR_MISSES)])
def test_each_near_miss_of_these_families_keeps_every_character(mode, family, text):
    out = REDACTORS[mode].redact(text).text
    assert "[SECRET_" not in out
    assert out == text


def test_a_continued_value_keeps_the_line_after_it():
    out = make().redact("export DB_PASSWORD=Nq8v\\\n    Lt2Xz9w\nnext line").text
    assert out.endswith("next line")
