"""Hold-out secret probes, round 3 (lead): secret-scanner keyword payloads in code, logs and prompts.

Written from the public shapes secret scanners test for (keyword detectors across languages, logs,
interactive prompts, other languages), without reading our generators. Each row is
(text, raw value that must not survive); every row runs in both modes. Rows listed in ``KNOWN_LEAKS``
are strict xfails with their reason, so a later fix shows.
"""

from __future__ import annotations

import pytest
from redaction_helpers import make

V = "Qz7mVt3pLx"
T = "k9XvQ2mLp8RtY4wZ"

ROWS: list[tuple[str, str]] = [(t.format(v=V, t=T), T if "{t}" in t else V) for t in (
    'if (password.equals("{v}")) {{', 'if ("{v}".equals(password))', 'if (pwd === "{v}")',
    'new PasswordAuthentication("app", "{v}".toCharArray());', 'NSString *password = @"{v}";',
    'char password[] = "{v}";', 'let secret: &str = "{v}";', 'var dbPassword string = "{v}"',
    'keyring.set_password("svc", "app", "{v}")', 'db.auth("app", "{v}")', 'smtp.PlainAuth("", "a@b.c", "{v}", "h")',
    "127.0.0.1:6379> AUTH default {v}", "redis> AUTH {v}", '1701420000.1 [0 10.0.0.5:5012] "AUTH" "{v}"',
    "skopeo copy --src-creds app:{v} docker://a docker://b", "vsql -U app -w {v}", "drush user:password admin '{v}'",
    "hydra -l admin -p {v} ssh://h", "echo -n '{v}' | base64", "ncftp -u app -p {v} h",
    "Das Passwort für den Server lautet {v}.", "le mot de passe du wifi est : {v} !", "la contraseña es {v}",
    "het wachtwoord is {v}", "hasło to {v}", "Hi team, new creds for staging: ops / {v}", "login with app / {v}",
    '10.0.0.5 - - [01/Dec/2026:10:00:00 +0000] "GET /api/v1/export?api_key={t}&format=csv HTTP/1.1" 200 512',
    "Dec  1 10:00:00 web01 app[123]: login ok user=ops password={v}",
    'level=info msg="connecting" dsn="host=db user=app password={v} dbname=x"',
    # shapes closed in round 4 (device configs)
    "Temp PW {v}", '  "outputs": [{{"text": ["Logged in with password {v}\\n"]}}]', "rar a -hp{v} a.rar x",
    "isql DSN app {v}", "vncpasswd -f <<< {v}", "msfconsole -x 'set PASSWORD {v}'",
    "john --wordlist=w.txt h # cracked: {v}", "echo '{v}' | openconnect -u app vpn.x.io",
)]
KNOWN_LEAKS = {
}


def _params():
    out = []
    for text, secret in ROWS:
        why = next((w for k, w in KNOWN_LEAKS.items() if k in text), None)
        marks = [pytest.mark.xfail(reason=why, strict=True)] if why else []
        out.append(pytest.param(text, secret, marks=marks, id=text[:40]))
    return out


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text,secret", _params())
def test_scanner_payload_shapes_never_come_out_raw(mode, text, secret):
    assert secret not in make(mode).redact(text + "\n").text


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", [
    "if (password.equals(confirmPassword))", 'echo "hello world" | base64', "login with SSO / SAML only",
    "Das Passwort ist sicher.", "The AUTH command takes a password.", "password: String = input",
])
def test_scanner_near_misses_stay_readable(mode, text):
    assert "[SECRET_" not in make(mode).redact(text + "\n").text
