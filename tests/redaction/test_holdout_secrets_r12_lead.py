"""Hold-out probes, round 12 (lead): lock codes, code lists at the margin, chat threads, asides, note pairs.

Written before reading the rules, as a consultant's notes, chats and server configs hold them. On main:
the code of a key safe, a locker or a Tresor with no code word next to it (``Key safe at the back door:
0712``, ``Locker 14 combination 26-04-11``, ``Der Tresor im Büro geht mit 3-17-42 auf``) leaked in both
modes; so did recovery codes at the margin or in a fenced block under their label, a password given in a
chat message after the thread had named one (``same user, but Zephyr-Copper-19 for that one``, ``the old
one was Sunset2023 right?``), a password in brackets on a line naming one (``same as the laptop
(Nordlys&Kaffe)``), a note line ``Netflix: maria.k / popcorn-Tuesday5``, a Google app password after
``app pw:``, an nginx ``proxy_set_header`` of an X- header named like a secret but not on the header list,
``fastcgi_param``/``uwsgi_param`` secrets, NTP/chrony key lines, X- headers named ``…-Key``/``…-Auth``
(IIS ``<add name=… value=…/>``, Varnish), an Envoy ``key:``/``value:`` header pair and an LDAP ``-D DN -w PW``
bind outside the ldap tools, and a form's label alone on its line with the value below it (``Passwort`` /
blank / ``V``, as PDF and DOCX forms convert), and a passphrase of Title Case words after
``Password:``. Main leaked 27 of the 36 rows in strict mode and 30 in balanced. The controls are the same
shapes with nothing secret in them.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('lock-code', 'Key safe at the back door: 0712', ('0712',)),
    ('lock-code', '- Locker 14 combination 26-04-11', ('26-04-11',)),
    ('lock-code', 'Der Tresor im Büro geht mit 3-17-42 auf.', ('3-17-42',)),
    ('lock-code', 'The safe code is 3-17-42', ('3-17-42',)),
    ('lock-code', 'the safe in the office is 4471', ('4471',)),
    ('lock-code', 'sleutelkluis: 4471', ('4471',)),
    ('lock-code', 'Le cadenas du local vélo : 1984', ('1984',)),
    ('lock-code', 'Spind 22, Kombination 3-3-9', ('3-3-9',)),
    ('lock-code', 'padlock on the roof hatch -> 0 4 1 9', ('0 4 1 9',)),
    ('code-list', 'Recovery codes for the shared Google account:\n```\n8431 2290\n5517 0043\n```\n',
     ('8431 2290', '5517 0043')),
    ('code-list', 'Backup codes:\n7731-0045\n1190-4482\n\nNext steps', ('7731-0045', '1190-4482')),
    ('chat-thread', '[09:14] jana: can u send me the creds for staging\n[09:15] omar: user is deploy, pass kX9#mQ2vLp\n'
     '[09:15] jana: thx. and the vpn?\n[09:16] omar: same user, but Zephyr-Copper-19 for that one',
     ('kX9#mQ2vLp', 'Zephyr-Copper-19')),
    ('chat-thread', '[09:17] omar: admin login is admin / Balloon!Harbor7\n[09:18] jana: ok\n'
     '[09:20] jana: the old one was Sunset2023 right?', ('Balloon!Harbor7', 'Sunset2023')),
    ('chat-thread', '10:02 maria: new wifi password is up on the board\n10:03 tom: is it Lumen4Guest2026?',
     ('Lumen4Guest2026',)),
    ('chat-thread', '[12:01] <jdoe> anyone have the jenkins login?\n[12:02] <asmith> jenkins / J3nkins-Fjord!\n'
     '[12:02] <jdoe> ty. and the artifactory one?\n[12:03] <asmith> same user, Artif4ct-Moss-8',
     ('J3nkins-Fjord!', 'Artif4ct-Moss-8')),
    ('secret-aside', 'SSH key passphrase = same as the laptop (Nordlys&Kaffe)', ('Nordlys&Kaffe',)),
    ('secret-aside', 'the pw for the printer is the usual one (Printer#Room9)', ('Printer#Room9',)),
    ('login-pair', 'Netflix: maria.k / popcorn-Tuesday5', ('popcorn-Tuesday5',)),
    ('login-pair', '- **Spotify**: `tom.r` / `Mixtape#2026`', ('Mixtape#2026',)),
    ('login-pair', 'Router → admin / Tp-Link_8842 (sticker)', ('Tp-Link_8842',)),
    ('app-password', 'gmail app pw: abcd efgh ijkl mnop', ('abcd efgh ijkl mnop',)),
    ('app-password', 'App-Kennwort: rtzu vbnm kjhg wqas', ('rtzu vbnm kjhg wqas',)),
    ('proxy-header', 'proxy_set_header X-Internal-Secret nginx-Int-Secret-44;', ('nginx-Int-Secret-44',)),
    ('proxy-header', 'http-request set-header X-Shared-Token s3cr3tValue99', ('s3cr3tValue99',)),
    ('server-param', 'fastcgi_param  APP_SECRET  "k8sVaultX99";', ('k8sVaultX99',)),
    ('server-param', 'uwsgi_param API_TOKEN abcDEF123456ghi;', ('abcDEF123456ghi',)),
    ('ntp-key', '# chrony.keys\n1 SHA1 HEX:2B9E4F1A6C3D8E7F0A1B2C3D4E5F6A7B8C9D0E1F\n',
     ('2B9E4F1A6C3D8E7F0A1B2C3D4E5F6A7B8C9D0E1F',)),
    ('ntp-key', '10 MD5 Kx8mQ2vLp9', ('Kx8mQ2vLp9',)),
    ('header-name', '<add name="X-Internal-Auth" value="iisHdrToken-5521Qz" />', ('iisHdrToken-5521Qz',)),
    ('header-name', 'set req.http.X-Varnish-Key = "vcl-Key-Quartz-33";', ('vcl-Key-Quartz-33',)),
    ('header-name', '- header:\n    key: x-backend-secret\n    value: envoyBackendS3cret77\n',
     ('envoyBackendS3cret77',)),
    ('form-block', 'Zugangsdaten\n\nBenutzername\nm.huber\n\nPasswort\n\nAlpen#Glühen42\n', ('Alpen#Glühen42',)),
    ('form-block', '**Kennwort**\nBergsee77Tal\n\nServer\nsrv-app-01', ('Bergsee77Tal',)),
    ('title-case-words', 'Password: Open Door Blue Sky Fish Tree', ('Open Door Blue Sky Fish Tree',)),
    ('ldap-bind', 'external_acl_type g %LOGIN /usr/lib/squid/ext_ldap_group_acl -D cn=squid,dc=corp -w SquidLdap-Pw8'
     ' -b dc=corp', ('SquidLdap-Pw8',)),
    ('ntp-key', '25 AES128CMAC HEX:9F3A1C7E2B8D4F6A0C5E9B1D7F3A2C8E', ('9F3A1C7E2B8D4F6A0C5E9B1D7F3A2C8E',)),
]

KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {}

CONTROLS: list[str] = [
    'the safe limit: 5000',
    'safe mode: 1',
    'the safe limit is 5000 requests',
    'locker 114',
    'locker: 114',
    'lockers 12 to 18 are free',
    'time slot: 1530',
    'lock timeout: 3000',
    'the safe was bought in 2019',
    'safe range: 1024-65535',
    'backup codes: ask the helpdesk\nthen log in again',
    'status: open / closed',
    'branch: main / release-2',
    'ratio: 3 / 4',
    'sizes: s / m / l',
    '[10:01] ana: what is the wifi password?\n[10:02] rui: check the covid-19 sheet, v2.4.1 build',
    '[10:01] ana: reset my password pls\n[10:02] rui: done, see ticket ops-4471\n[10:03] ana: thanks',
    '[10:01] ana: login fails again\n[10:02] rui: see the status page, incident abc12345',
    'the password is in the vault (see the wiki)',
    'the password rules (min 12 chars) apply',
    'login succeeded for user=ops (tenant=de-01)',
    'password reset done (ticket=ops-4471)',
    'proxy_set_header X-Request-Id $request_id;',
    'http-request set-header x-forwarded-proto https',
    'fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;',
    'fastcgi_param DB_PASSWORD $db_password;',
    'rounds 5000 sha512 ok',
    'the pw is very long here',
    '<add name="X-Frame-Options" value="sameorigin" />',
    'set req.http.x-cache-key = "v1";',
    '- key: x-request-id\n  value: abc123',
    'grep -D skip -w error log.txt',
    '## Password\n\nChange it regularly.\n',
    'Password\nRequired\n',
    'password reset\n\nsee-wiki-2\n',
    'password: Stored In The Vault',
    'subject: Quarterly Business Review Meeting',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_lock_code_a_chat_thread_password_or_a_server_directive_secret_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_shapes_with_nothing_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text
