"""Hold-out probes: a password named a line earlier and reset through a pronoun, and keypad codes (round 9, lead).

People name the password once and then write ``I reset it to V``: no secret noun sits near the value.
Only the verb ``reset`` is read this way (people reset passwords; they set, change and move settings),
and only a value with a digit and a letter or a symbol. Keypad codes carry their keys (``4#7719``,
``*2291#``). Main leaked 5 of the 12 rows in strict mode and 6 in balanced.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('pronoun-reset', 'I reset it to Bluebird77 this morning.', ('Bluebird77',)),
    ('pronoun-reset', 'Password for the NAS was wrong so I reset it to Copper#Fox8.', ('Copper#Fox8',)),
    ('pronoun-reset', 'ok I reset that to Lima-Bean-404, try now', ('Lima-Bean-404',)),
    ('pronoun-reset', 'IT reset them to Welcome2026! for everyone on the team', ('Welcome2026!',)),
    ('pronoun-reset', 'She had to reset it again to Hydra$5510.', ('Hydra$5510',)),
    ('pronoun-reset', "I've reset it as tR7!vk2P until you're back.", ('tR7!vk2P',)),
    ('pronoun-reset', 'resetting it to Maple_Syrup_91 now', ('Maple_Syrup_91',)),
    ('keypad-code', 'door code for the office: 4#7719', ('4#7719',)),
    ('keypad-code', 'The gate code is *2291# after 6pm.', ('*2291#',)),
    ('keypad-code', 'keypad code: #4471*', ('#4471*',)),
    ('keypad-code', 'alarm code 12#34', ('12#34',)),
    ('keypad-code', 'Door code is 4417 and the alarm code is 9#2210.', ('4417', '9#2210')),
]

CONTROLS: list[str] = [
    'I reset it to factory settings.',
    'We reset it to v2.3.1 after the regression.',
    'They reset it to 10am on Mondays.',
    'reset it to 30s and try again',
    'I reset it back to default.',
    'He reset it to UTC+2 by mistake.',
    'We reset it to 2024-01-01.',
    'reset it to INV-2024-4808 in the tracker',
    'I reset it to the previous build.',
    'the door code changed on 2024-05-01',
    'gate code: see the #ops channel',
    'door code #3 is broken',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_password_reset_through_a_pronoun_or_a_keypad_code_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_resets_of_settings_and_code_talk_without_a_code_stay_readable(mode, text):
    assert redact_text(mode, text) == text
