"""Hold-out probes: a literal written into a credential file with a shell redirection (round 8, lead).

``echo V > /etc/pam_ldap.secret``, ``printf '%s' V > restic.pass``, ``echo V >> auth.txt``: the file's name
is the only cue, the same names ``secret_filenames`` knows when the service reads such a file. The merged
round-8 main leaked 5 of the 6 rows in both modes and the sixth in balanced mode; none leaks now. Lines
redirected into other files, references and empty values stay.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('redirect', "echo -n 'LdapBind-Pw-55' > /etc/pam_ldap.secret", ('LdapBind-Pw-55',)),
    ('redirect', 'echo "Vault-Pass-2024x" > ~/.vault_pass', ('Vault-Pass-2024x',)),
    ('redirect', "printf '%s' 'Restic-Repo-77' > /etc/restic/restic.pass", ('Restic-Repo-77',)),
    ('redirect', 'echo Pg-Prod-77x > /run/secrets/db_password', ('Pg-Prod-77x',)),
    ('redirect', 'echo "ovpnPw-9921" >> /etc/openvpn/auth.txt', ('ovpnPw-9921',)),
    ('redirect', 'sudo sh -c \'echo "Rsync-Nightly-4" > /etc/rsyncd.pass\'', ('Rsync-Nightly-4',)),
]

CONTROLS: list[str] = [
    'echo $VAULT_PASS > ~/.vault_pass',
    'echo "hello" > notes.txt',
    'echo "127.0.0.1 localhost" >> /etc/hosts',
    "echo '' > ~/.vault_pass",
    'echo "${TOKEN}" > token.txt',
    'printf \'export PATH=%s\\n\' "$PATH" > ~/.profile',
    "echo 'done' > /tmp/status.txt",
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_literal_redirected_into_a_credential_file_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_redirections_into_other_files_and_references_stay_readable(mode, text):
    assert redact_text(mode, text) == text
