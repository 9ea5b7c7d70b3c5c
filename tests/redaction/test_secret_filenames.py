"""Credential files known by their name: a bare password line is redacted when the file's name says
what it is, and only then (``redaction.secret_filenames``)."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction.chunks import CHUNK_CHARS
from redacted_context_mcp.redaction.secret_filenames import FILE_KIND_RULES, FILE_KINDS, file_kind

MODES = ("strict", "balanced")

#: (root-relative name, file text, the secrets it holds)
ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # round 8: user files of brokers and servers
    ("activemq/conf/users.properties", "## users\n! admins\nadmin=ActiveMq-Admin-41\nops=0ps#Broker\n",
     ("ActiveMq-Admin-41", "0ps#Broker")),
    ("artemis/etc/artemis-users.properties", "system = ENC(1f2e3d4c5b6a)\n", ("ENC(1f2e3d4c5b6a)",)),
    ("wildfly/standalone/configuration/mgmt-users.properties", "admin=2a0923285184943425d1f53ddd58ec7a\n",
     ("2a0923285184943425d1f53ddd58ec7a",)),
    ("jetty/etc/realm.properties", "admin: OBF:1v2j1uum1xtv1zej, server-administrator, admin\nbob: bobPw-77\n",
     ("OBF:1v2j1uum1xtv1zej", "bobPw-77")),
    ("etc/collectd/passwd", "sensor01: CollectdNet-Pw9\n", ("CollectdNet-Pw9",)),
    ("etc/mosquitto/psk_file.txt", "edge01:8f3c2a1b9d7e6f5a4b3c2d1e0f9a8b7c\n", ("8f3c2a1b9d7e6f5a4b3c2d1e0f9a8b7c",)),
    ("vpn/auth.txt", "me@example.com\novpnAuthPw5\n", ("ovpnAuthPw5",)),
    ("client/office-vpn.auth", "jdoe\nW1nter-Office-22\n", ("W1nter-Office-22",)),
    ("openvpn/creds.txt", "svc_vpn\r\nKq8#mPz2!vR\r\n", ("Kq8#mPz2!vR",)),
    ("openvpn/credentials.txt", "# office tunnel\nalice\nsummer sun 2024\n", ("summer sun 2024",)),
    ("home/login.txt", "  backupuser  \n  Tr0ub4dor&3  \n", ("Tr0ub4dor&3",)),
    ("vpn-auth.txt", "ops\nGl4cier!Path\n\n\n", ("Gl4cier!Path",)),
    ("etc/rsyncd.secrets", "backup:rsyncdPw99\n", ("rsyncdPw99",)),
    ("etc/rsyncd.secrets", "# users\nnightly:N1ght#ly:pw\n@ops:Group-Pw-7\n", ("N1ght#ly:pw", "Group-Pw-7")),
    ("srv/mirror.secrets", "mirror:Mirr0r-Sync-Pass\n", ("Mirr0r-Sync-Pass",)),
    ("etc/auth.creds", "deploy:Depl0y-Pass-31\n", ("Depl0y-Pass-31",)),
    (".davfs2/secrets", "https://dav.example.com/remote.php/webdav alice DavPw-4471\n", ("DavPw-4471",)),
    ("etc/davfs2/secrets", '/mnt/dav "bob smith" "Dav Secret 9"\n/home/me/cert.p12 Cert-Pw-12\n',
     ("Dav Secret 9", "Cert-Pw-12")),
    (".vault_pass", "correct horse battery staple\n", ("correct horse battery staple",)),
    ("ansible/vault_pass.txt", "Vault-Pass-8812\n", ("Vault-Pass-8812",)),
    (".vault-token", "hvs.CAESIJ7xk2Lm9Qw8Rt4Vb6Np\n", ("hvs.CAESIJ7xk2Lm9Qw8Rt4Vb6Np",)),
    ("backup/restic.pass", "bluebird-orchard-41\n", ("bluebird-orchard-41",)),
    ("backup/borg_passphrase", "lantern ferry copper\n", ("lantern ferry copper",)),
    ("run/secrets/db_password", "Pg-Prod-77x\n", ("Pg-Prod-77x",)),
    ("keys/api_key.txt", "k8Jq2Lm9Xv4Rt7Wp\n", ("k8Jq2Lm9Xv4Rt7Wp",)),
    ("config/master.key", "8f2c91ab7d4e63f05a1b9c8d7e6f5a4b\n", ("8f2c91ab7d4e63f05a1b9c8d7e6f5a4b",)),
    ("secret.txt", "Plain-Secret-1\n", ("Plain-Secret-1",)),
    ("tokens.txt", "# CI tokens\nTok3n-One-aa\nTok3n-Two-bb\n", ("Tok3n-One-aa", "Tok3n-Two-bb")),
    ("passwords.txt", "gmail: hunter2x\nbank account = Blue42!\nwifi - Router-Pw-5\nplainpw9\n",
     ("hunter2x", "Blue42!", "Router-Pw-5", "plainpw9")),
    ("phone-pin.txt", "4471\n", ("4471",)),
    ("PASSWORD.TXT", "UpperCase-Name-Pw\n", ("UpperCase-Name-Pw",)),
    ("keys/github-recovery-codes.txt", "a1b2c-3d4e5\nf6g7h-8i9j0\n9k8l7-6m5n4\n",
     ("a1b2c-3d4e5", "f6g7h-8i9j0", "9k8l7-6m5n4")),
    ("Backup codes.txt", "Google backup codes for me@example.com\n\n1. 1234 5678\n2. 8765 4321\n",
     ("1234 5678", "8765 4321")),
    ("mfa_recovery_codes", "ZX81-A1B2-C3D4\n", ("ZX81-A1B2-C3D4",)),
    ("home/me/.bash_history", "sudo -k\nsudo apt update\nTr0ub4dor&3\nls -la\n", ("Tr0ub4dor&3",)),
    (".zsh_history", ": 1700000000:0;ssh prod\n: 1700000005:0;Summer2024!x\n", ("Summer2024!x",)),
    ("fish_history", "- cmd: su -\n  when: 1700000000\n- cmd: Gl4cierPath9\n  when: 1700000003\n", ("Gl4cierPath9",)),
    ("PSReadLine/ConsoleHost_history.txt", "Enter-PSSession srv01\nW1nterIsHere\nGet-Service\n", ("W1nterIsHere",)),
    ("run/secrets/postgres", "Pg-Mounted-Secret-4\n", ("Pg-Mounted-Secret-4",)),
    ("deploy/secrets/smtp.txt", "Smtp-Relay-Pw-88\n", ("Smtp-Relay-Pw-88",)),
    ("etc/credentials/ldap-bind", "Ldap Bind Phrase 2\n", ("Ldap Bind Phrase 2",)),
]

#: Names that are no credential file of this kind: their content is the content rules' alone.
NO_KIND = [
    "app/src/main/resources/user.properties", "mosquitto/psk-notes.md", "etc/mosquitto/mosquitto.conf",
    "collectd/collectd.conf",
    "notes/password-policy.txt", "docs/token-rotation-notes.txt", "secrets.yaml", "src/auth.py", "etc/passwd",
    "etc/shadow", ".pgpass", ".netrc", ".aws/credentials", "etc/ipsec.secrets", "ppp/chap-secrets", "server.key",
    ".ssh/id_rsa", "passport.txt", "bypass.txt", "keyboard-shortcuts.txt", "monkey.txt", "README", "notes.txt",
    "auth/README.md", "password-reset-howto.txt", "secrets/app.yaml", "secrets/notes.txt",
    "a/b/c", "codes.txt", "backup-code-rotation-notes.txt", "postal-codes.txt", "compass.txt",
    "my-long-pass-word-list.txt",
]


def _redact(mode: str, name: str, text: str) -> str:
    return make(mode).redact(text, kind=file_kind(name)).text


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("name", "text", "secrets"), ROWS, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(ROWS)])
def test_a_bare_secret_in_a_file_named_for_credentials_is_replaced_in_both_modes(mode, name, text, secrets):
    out = _redact(mode, name, text)
    for secret in secrets:
        assert secret not in out, (name, out)
    assert "[SECRET_" in out
    assert out.count("\n") == text.count("\n")  # lines never shift


@pytest.mark.parametrize("name", NO_KIND)
def test_a_file_not_named_for_a_bare_credential_has_no_kind(name):
    assert file_kind(name) is None


@pytest.mark.parametrize("mode", MODES)
def test_the_same_bare_lines_under_another_name_are_left_to_the_content_rules(mode):
    text = "backupuser\nQuietLake\n"
    assert make(mode).redact(text).text == _redact(mode, "notes.txt", text)
    assert "QuietLake" not in _redact(mode, "auth.txt", text)


@pytest.mark.parametrize("mode", MODES)
def test_commands_in_a_shell_history_stay_readable(mode):
    text = ("ls -la\npython3 manage.py runserver\nGet-ChildItem -Recurse\nexit\n./Build2.sh\n#1700000000\n"
            "export PATH=$HOME/bin:$PATH\nvim ~/.ssh/config\nhtop\npip3 install requests\n")
    assert _redact(mode, ".bash_history", text) == make(mode).redact(text).text


@pytest.mark.parametrize("mode", MODES)
def test_the_words_around_recovery_codes_stay_readable(mode):
    out = _redact(mode, "backup-codes.txt", "Keep these codes safe.\nEach code works once.\n\n1. 1234 5678\n")
    assert out.startswith("Keep these codes safe.\nEach code works once.\n\n1. [SECRET_")


@pytest.mark.parametrize("mode", MODES)
def test_comments_armour_and_the_user_of_a_pair_stay_readable(mode):
    assert _redact(mode, "rsyncd.secrets", "# rsync users\nbackup:Pw-1234x\n").startswith("# rsync users\nbackup:")
    out = _redact(mode, "auth.txt", "vpnuser\nAuth-Pw-9931\n")
    assert out.startswith("vpnuser\n") and "Auth-Pw-9931" not in out
    pem = "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    assert _redact(mode, "secret.key", pem).startswith("-----BEGIN")


@pytest.mark.parametrize("mode", MODES)
def test_an_ipsec_line_with_blanks_around_its_colon_is_not_a_user_password_pair(mode):
    # (ipsec.secrets has no kind at all; a *.secrets file of that syntax keeps its selectors)
    out = _redact(mode, "site.secrets", "10.0.0.1 10.0.0.2 : PSK \"x\"\n")
    assert out.startswith("[IP_") or out.startswith("10.0.0.1")
    assert ": PSK" in out


def test_a_credential_file_longer_than_one_chunk_is_left_to_the_content_rules():
    text = "user\n" + "x" * (CHUNK_CHARS + 10) + "\n"
    red = make("balanced")
    assert red.redact(text, kind=file_kind("auth.txt")).text == red.redact(text).text


def test_every_file_kind_is_listed_for_redctx_rules_with_a_description():
    assert [r[0] for r in FILE_KIND_RULES] == [k.id for k in FILE_KINDS]
    assert all(r[1] == "SECRET" and r[3] for r in FILE_KIND_RULES)


def test_the_kind_is_a_rule_id_of_the_table_and_explain_names_it():
    kind = file_kind("vpn/auth.txt")
    assert kind in {k.id for k in FILE_KINDS}
    matches = make("strict").explain("user\nExplain-Pw-1\n", kind=kind)
    assert [m.rule_id for m in matches if m.value == "Explain-Pw-1"] == [kind]
