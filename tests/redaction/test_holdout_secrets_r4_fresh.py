"""Fresh prose probes written after round 4's prose fixes, before reading them: how far they generalise.

Eighteen chat and note sentences in shapes round 4's table does not hold (main before round 4 leaked 13
of the 36 row x mode checks, round 4's grammars left 11, and the ``prose-password-near`` rule written
after this table, a strong human-made password shortly after a password word, leaves 6). What still
leaks is kept as strict xfails with the reason, per mode, so the next round starts from here.
"""

from __future__ import annotations

import pytest
from redaction_helpers import make

ROWS: list[tuple[str, str]] = [
    ("FYI the staging DB password got rotated, it's Plum-Crane-61 now", 'Plum-Crane-61'),
    ('ok so the login for the printer is admin / PrintMe2023', 'PrintMe2023'),
    ('new wifi pass for the office: OfficeGuest#88', 'OfficeGuest#88'),
    ("Can you try Tango4Whiskey? That's what IT gave me for the VPN.", 'Tango4Whiskey'),
    ('I used SnowFall2022! for both accounts, I know, I know', 'SnowFall2022!'),
    ('reminder: jira pw = Jira!Reset9', 'Jira!Reset9'),
    ('the code for the storage room is 5581', '5581'),
    ("Here's my netflix login: me@example.com pw Couch-Potato7", 'Couch-Potato7'),
    ("password hint: dog's name + year → actual: Rex2015!", 'Rex2015!'),
    ('Anyway the passphrase we agreed on was purple monkey dishwasher 42', 'purple monkey dishwasher 42'),
    ('temporary credentials are user `tmp_ops` and `T3mp!Ops2024`', 'T3mp!Ops2024'),
    ("I'll DM you the password... actually it's just Winter2024", 'Winter2024'),
    ('[10:02] ana: pwd for the shared mailbox?\\n[10:03] ben: MailBox!77', 'MailBox!77'),
    ("Q: what's the root password on nas01?\\nA: Nas01-Root-9", 'Nas01-Root-9'),
    ('he set his password as Liverpool1892, of course', 'Liverpool1892'),
    ('the admin account (admin/Adm!n#2024) should be disabled', 'Adm!n#2024'),
    ('Default creds are admin/admin but we changed them to admin/Ch4ngedIt!', 'Ch4ngedIt!'),
    ('Kennwort für das WLAN: Kaffee2024!', 'Kaffee2024!'),
]
#: text fragment -> (reason, modes in which the value still leaks)
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {
    "purple monkey": ("a passphrase of several plain words", ("strict", "balanced")),
}


def _params(mode: str):
    out = []
    for text, secret in ROWS:
        why = next((w for k, (w, modes) in KNOWN_LEAKS.items() if k in text and mode in modes), None)
        marks = [pytest.mark.xfail(reason=why, strict=True)] if why else []
        out.append(pytest.param(text.replace("\\n", "\n"), secret, marks=marks, id=text[:40]))
    return out


@pytest.mark.parametrize("text,secret", _params("strict"))
def test_strict_mode_hides_a_password_said_in_a_fresh_chat_sentence(text, secret):
    assert secret not in make("strict").redact(text + "\n").text


@pytest.mark.parametrize("text,secret", _params("balanced"))
def test_balanced_mode_hides_a_password_said_in_a_fresh_chat_sentence(text, secret):
    assert secret not in make("balanced").redact(text + "\n").text
