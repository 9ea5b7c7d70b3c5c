"""Human text and captured traffic: chats, emails, Slack exports, HTTP dumps, HAR, SQL dumps, notebooks."""

from __future__ import annotations

import json
from urllib.parse import quote

from tests.corpus import Case
from tests.corpus.scoring import validate
from tests.corpus.secrets.kit import Gen, b64s
from tests.corpus.secrets.providers import token


def chat(g: Gen) -> Case:
    """Short digit secrets (PIN, CVC) must not collide with other digits: redraw until they do not."""
    for _ in range(50):
        g.reset()
        c = _chat(g)
        if not validate(c):
            return c
    raise AssertionError("chat labels keep colliding")


def _chat(g: Gen) -> Case:
    S, K = g.S, g.K
    a, b = g.pick(("sam", "noor", "tomas")), g.pick(("priya", "li", "omar"))
    lines = [
        f"[{K('09:12')}] {a}: the password you sent, {S(g.human_password())}, expired this morning",
        f"[09:13] {b}: ugh. reset it to {S(g.human_password())} for now, change it after login",
        f"[09:14] {a}: wifi is guest / {S(g.human_password())}",
        f"[09:15] {b}: vpn pw: {S(g.strong_password(12, '-_!'))}",
        f"[09:16] {a}: and the root password for the nas is {S(g.alnum(10))} (don't ask)",
        f"[09:18] {b}: ok. zoom for the {K('3pm')} call: meeting id 845 {g.int(1000, 9999)} {g.int(1000, 9999)}, passcode {S(g.digits(6))}",
        f"[09:19] {a}: company card ends 4417, exp 09/27, CVC {S(g.digits(3))} if you need it for the license",
        f"[09:21] {b}: PIN for the door is {S(g.digits(4))}",
        f"[09:22] {a}: the api token is {S(g.alnum(32))}, the old one is revoked",
        f"[09:23] {b}: thanks, the word token is overloaded here, I mean the deploy one: {S(token(g, 'gitlab-pat'))}",
        f"[09:25] {a}: build {K('v3.2.0')} took {K('14 minutes')}, {K('password reset flow works')}",
    ]
    return g.case("chat-transcript", "team-chat.log", "\n".join(lines) + "\n")


def email(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        "From: it-helpdesk@example.com\nTo: new.hire@example.com\nSubject: your accounts\n"
        f"Date: {K('2025-04-14')}\nContent-Type: text/plain; charset=utf-8\n\nHi,\n\n"
        f"Your temporary password is {S(g.human_password())} and must be changed within {K('24 hours')}.\n"
        f"The shared mailbox password: {S(g.strong_password(12, '!-'))}\n"
        f"Laptop BitLocker recovery key: {S('-'.join(g.digits(6) for _ in range(8)))}\n\n"
        f"For the VPN use your username and the one-time code {S(g.digits(8))}.\n"
        f"Passphrase for the key file: \"{S(g.human_password() + ' ' + g.human_password())}\"\n\n"
        f"Never {K('share a password by email')} (yes, we know).\n\nIT\n\n"
        "--- forwarded, quoted-printable ---\n"
        f"Content-Transfer-Encoding: quoted-printable\n\npassword=3D{S(g.alnum(14))}\n"
    )
    return g.case("email", "welcome.eml", text)


def slack_export(g: Gen) -> Case:
    """Slack exports escape every ``/`` as ``\\/``; labels hold the escaped form the file holds."""
    S, K = g.S, g.K
    hook = token(g, "slack-webhook")
    S(hook.split("/services/")[1].replace("/", "\\/"))
    msgs = [
        {"type": "message", "user": "U02ABCD", "ts": K("1712045521.000200"), "text": f"webhook for alerts: {hook}"},
        {"type": "message", "user": "U02EFGH", "ts": "1712045600.000300",
         "text": f"stripe test is fine but here is live: {S(token(g, 'stripe-secret'))}"},
        {"type": "message", "user": "U02ABCD", "ts": "1712045700.000400",
         "text": f"db password is {S(g.human_password())} until friday"},
        {"type": "message", "user": "U02EFGH", "ts": "1712045800.000500",
         "text": f"grafana: https://grafana.example.com/d/x?orgId=1&auth_token={S(token(g, 'grafana-service'))}"},
    ]
    body = json.dumps(msgs, indent=1).replace("/", "\\/")
    return g.case("slack-export", "general/2024-04-02.json", body + "\n")


def http_dump(g: Gen) -> Case:
    S, K = g.S, g.K
    sig = g.hex(64)
    text = (
        f"GET /v1/reports?since={K('2025-01-01')}&api_key={S(g.alnum(32))} HTTP/1.1\nHost: api.example.com\n"
        f"Authorization: Basic {S(b64s(g.user() + ':' + g.strong_password(14, '-_')))}\n"
        f"X-Api-Key: {S(g.alnum(40))}\nX-Auth-Token: {S(g.hex(32))}\n"
        f"Cookie: _ga=GA1.2.{g.digits(9)}.{g.digits(10)}; session={S(g.b64url(48))}; csrftoken={S(g.alnum(32))}\n"
        f"User-Agent: curl/{K('8.5.0')}\n\nHTTP/1.1 200 OK\nContent-Type: application/json\n"
        f"Set-Cookie: sid={S(g.b64url(32))}; Path=/; HttpOnly; Secure; Max-Age={K('86400')}\n\n"
        f'{{"access_token":"{S(token(g, "jwt"))}","refresh_token":"{S(g.urlsafe(64))}","expires_in":{K("3600")}}}\n\n'
        f"GET https://files.s3.eu-west-1.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential="
        f"{S(token(g, 'aws-access-key'))}%2F20250101%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20250101T000000Z"
        f"&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature={S(sig)}\n"
        f"GET /oauth/callback?code={S(g.urlsafe(30))}&state={g.alnum(12)}\n"
        f"GET https://storage.example.net/c/blob?sv=2022-11-02&se=2025-02-01&sp=r&sig={S(quote(g.b64(32), safe=''))}\n"
    )
    return g.case("http-dump", "capture.http", text)


def har(g: Gen) -> Case:
    S, K = g.S, g.K
    entry = {"request": {"method": "POST", "url": f"https://api.example.com/login?token={S(g.urlsafe(40))}",
                         "headers": [{"name": "cookie", "value": S(f"sess={g.b64url(30)}")},
                                     {"name": "x-api-key", "value": S(g.alnum(36))},
                                     {"name": "authorization", "value": "Bearer " + S(token(g, "jwt"))},
                                     {"name": "accept", "value": "application/json"}],
                         "postData": {"mimeType": "application/x-www-form-urlencoded",
                                      "text": f"username=admin&password={S(quote(g.strong_password(14, '!#%&')))}"}},
             "response": {"status": K("200"), "headers": [{"name": "set-cookie", "value": S(f"auth={g.hex(48)}")}]},
             "time": K("231.5"), "startedDateTime": K("2025-03-03T10:20:30.120Z")}
    return g.case("har", "session.har", json.dumps({"log": {"version": "1.2", "entries": [entry]}}, indent=2) + "\n")


def sql_dump(g: Gen) -> Case:
    S, K = g.S, g.K
    from tests.corpus.secrets.keys import hash_bcrypt
    rows = ",\n".join(
        f"({i},'{g.user()}','{S(hash_bcrypt(g))}','{S(g.hex(40))}','{S(g.urlsafe(32))}','{K('2024-0' + str(i) + '-15')} 10:00:00')"
        for i in range(1, 5))
    text = (
        f"-- MySQL dump {K('10.13')}\nDROP TABLE IF EXISTS `users`;\nCREATE TABLE `users` (\n  `id` int NOT NULL,\n"
        "  `login` varchar(64) NOT NULL,\n  `password_hash` varchar(255) NOT NULL,\n  `api_key` char(40) DEFAULT NULL,\n"
        "  `reset_token` varchar(64) DEFAULT NULL,\n  `created_at` datetime NOT NULL\n) ENGINE=InnoDB;\n"
        f"INSERT INTO `users` VALUES {rows};\n"
        f"INSERT INTO settings (name, value) VALUES ('smtp_password', '{S(g.human_password())}'), ('page_size', '{K('50')}');\n"
        f"ALTER USER 'report'@'%' IDENTIFIED BY '{S(g.strong_password(14, '-_'))}';\n"
        f"CREATE USER app WITH PASSWORD '{S(g.strong_password(16, '-_'))}';\n"
    )
    return g.case("sql-dump", "dump.sql", text)


def notebook(g: Gen) -> Case:
    S, K = g.S, g.K
    pw, key = g.human_password(), token(g, "openai-project")
    src = [
        "import openai, sqlalchemy\n",
        f"openai.api_key = \"{key}\"\n",
        f"engine = sqlalchemy.create_engine(\"postgresql://analyst:{pw}@warehouse:5432/dw\")\n",
        f"conn_str = \"password=\\\"{(tk := g.alnum(18))}\\\" host=dw\"\n",
    ]
    S(key), S(pw), S(tk)
    nb = {"cells": [{"cell_type": "code", "execution_count": 3, "metadata": {}, "outputs": [
        {"name": "stdout", "output_type": "stream", "text": [f"rows: {K('1204')}\n"]}], "source": src}],
        "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}
    text = json.dumps(nb, indent=1)
    # the escaped form of the inner quoted value is what the file holds
    return g.case("notebook", "analysis.ipynb", text + "\n")


def build(g: Gen) -> list[Case]:
    return [chat(g), email(g), slack_export(g), http_dump(g), har(g), sql_dump(g), notebook(g)]
