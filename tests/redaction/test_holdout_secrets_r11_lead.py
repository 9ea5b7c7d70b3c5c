"""Hold-out probes, round 11 (lead): passphrases in a sentence, a PIN that opens a line, Wi-Fi pairs, chat replies.

Written before reading the rules, as consultants' notes hold them. On main: a passphrase of plain words
after its label in a sentence (``The passphrase is purple monkey dishwasher.``, ``told me the passphrase
over the phone: ...``, ``recovery phrase: ...``) leaked in both modes, since the password rules want a
digit, a symbol or mixed case; ``PIN for the card reader is 0739`` was caught only at the very start of
a text (the ``pin`` cue wanted a blank before it, and a line break is none); and a Wi-Fi pair with a
quoted network name and a key of lower-case words run together (``wifi "Harbor-Guest" /
coffeeandcroissants``) leaked; so did a ``psk is V`` sentence, ``the alarm is 8126`` without the word code,
a PIN qualified in another language (``PIN do cartão 5512``), and a secret given as the next chat message
after a question that asks for it (``maria: wifi?`` / ``tom: V``), an authenticator's base32 seed named
without an operator (``TOTP secret V``), and Android's namespaced ``<meta-data android:name="…API_KEY"
android:value="V"/>``. Main leaked 22 of the 30 rows in strict mode and 23 in balanced. The controls are sentences
about passphrases (advice, storage, failed entries) and ordinary pairs that must stay readable.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('prose-passphrase', 'The passphrase is purple monkey dishwasher.', ('purple monkey dishwasher',)),
    ('prose-passphrase', 'They told me the passphrase over the phone: river lantern copper.',
     ('river lantern copper',)),
    ('prose-passphrase', 'recovery phrase: correct horse battery staple', ('correct horse battery staple',)),
    ('prose-passphrase', 'BIOS pw set, disk encryption phrase: maple-tundra-orbit', ('maple-tundra-orbit',)),
    ('prose-passphrase', 'the LUKS passphrase was velvet hammer orbit stone\nthen reboot',
     ('velvet hammer orbit stone',)),
    ('prose-passphrase', 'Master pass phrase is "ocean violin marble"', ('ocean violin marble',)),
    ('prose-passphrase', 'GPG passphrase for the release key: amber falcon tulip', ('amber falcon tulip',)),
    ('line-pin', 'Access notes\nPIN for the card reader is 0739, the safe combination is 17-43-08.',
     ('0739', '17-43-08')),
    ('line-pin', 'Door\n\tpin for the side gate: 4415', ('4415',)),
    ('line-pin', 'Storage\ncode for the cage is 8802', ('8802',)),
    ('line-pin', 'Notes:\n(pin 7731 for the printer)', ('7731',)),
    ('wifi-pair', 'Guest wifi "Harbor-Guest" / coffeeandcroissants', ('coffeeandcroissants',)),
    ('wifi-pair', 'wifi "Office 5G" / lanternharbourblue', ('lanternharbourblue',)),
    ('wifi-pair', 'wlan Lab-2 / Zx9!mango', ('Zx9!mango',)),
    ('prose-psk', '"text": "the vpn psk is Vpn-Psk-Harbor-88 fyi",', ('Vpn-Psk-Harbor-88',)),
    ('prose-alarm', 'Back office: the alarm is 8126 then OFF.', ('8126',)),
    ('prose-alarm', 'keypad: 4471 (hold # for two seconds)', ('4471',)),
    ('qualified-pin', '12/03/2026, 09:15 - Rui: e o PIN do cartão 5512?', ('5512',)),
    ('qualified-pin', 'PIN of the fuel card 7731, keep it safe', ('7731',)),
    ('chat-reply', '[10:44] maria: thx. wifi?\n[10:44] tom: sunflowerfieldsforever (same as last year)',
     ('sunflowerfieldsforever',)),
    ('chat-reply', '[09:01] ana: what\'s the pin for the side door?\n[09:02] rui: 4471', ('4471',)),
    ('chat-reply', '[09:03] ana: and the guest wifi password?\n[09:03] rui: Harbor!Guest26 👍', ('Harbor!Guest26',)),
    ('chat-reply', '12/03/2026, 09:14 - Ana: qual é a senha do servidor?\n12/03/2026, 09:15 - Rui: Praia-Sol-881',
     ('Praia-Sol-881',)),
    ('chat-reply', 'Me: whats the code for the bike shed\nDad: 3390', ('3390',)),
    ('chat-reply', "> What's the alarm code?\n7741 then press OFF", ('7741',)),
    ('chat-reply', 'Q: What is the Wi-Fi password in the boardroom?\nA: Boardroom#Net26', ('Boardroom#Net26',)),
    ('otp-seed', 'TOTP secret GEZDGNBVGY3TQOJQGEZDGNBV', ('GEZDGNBVGY3TQOJQGEZDGNBV',)),
    ('otp-seed', 'the otp seed is JBSWY3DPEHPK3PXPJBSWY3DP (for the shared ops account)',
     ('JBSWY3DPEHPK3PXPJBSWY3DP',)),
    ('otp-seed', 'Authy key kruga4zanfzsayjaorsxg5ba', ('kruga4zanfzsayjaorsxg5ba',)),
    ('android-meta-data', '<meta-data android:name="com.example.API_KEY" android:value="and-Manifest-Key-5521"/>',
     ('and-Manifest-Key-5521',)),
]

KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {}

CONTROLS: list[str] = [
    'The passphrase was entered twice incorrectly.',
    'The passphrase is stored in the vault.',
    'The passphrase is case sensitive.',
    'Use a passphrase: four random words.',
    'A good passphrase is long, random and unique.',
    'the key phrase is machine learning models today.',
    'This phrase is commonly heard in meetings.',
    'The recovery phrase is written on paper in the safe.',
    'wifi Guest / enterprise',
    'wifi Guest / administrator',
    'login admin / dashboard',
    'Opinion\nspinning up a new node takes 5 minutes.',
    'Pinned\npin the version to 2.4.1 before release.',
    'the psk is configured on both ends.',
    'the alarm is set to 0700',
    'alarm: 5000 errors in an hour',
    '10:44 sam: do you have the staging creds?\n10:45 kim: yes',
    '10:44 sam: do you have the staging creds?\n10:45 kim: checking',
    'sam: is the wifi down?\nkim: probably',
    'sam: any password policy docs?\nkim: Confluence',
    'sam: key for the meeting room?\nkim: reception',
    'sam: which port does the wifi portal use?\nkim: 8443',
    'the totp secret is stored in the vault',
    "> what's the ticket key for the password reset work?\nOPS-4471 tracks it",
    '> which version has the new token code?\nv2.4.1 and later',
    'Q: where is the password policy?\nA: policies/passwords.md',
    'sam: can you share the wifi settings doc\nkim: sure, sending',
    '2FA is enforced for everyone since 2024',
    '<meta-data android:name="com.example.API_KEY" android:value="@string/maps_api_key"/>',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_passphrase_in_a_sentence_a_line_pin_or_a_wifi_pair_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_sentences_about_passphrases_and_ordinary_pairs_stay_readable(mode, text):
    assert redact_text(mode, text) == text


BANGS: list[str] = [
    "pw is Hunter2-Blue!",
    "Hasło do wifi: Wawel-Smok-2026!",
    "the temp password is Welcome2026!! change it today",
    "[09:03] rui: Harbor!Guest26!",
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", BANGS)
def test_a_password_ending_in_an_exclamation_mark_keeps_none_of_it_visible(mode, text):
    out = redact_text(mode, text)
    assert "SECRET_" in out and "]!" not in out
