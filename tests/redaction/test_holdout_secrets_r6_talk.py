# ruff: noqa: E501  (a table of literal fragments: one row per line reads best)
"""Hold-out probes for secrets in transcripts and chat exports (round 6, talk).

Written before reading the grammars: meeting transcripts (WebVTT and SRT from Zoom and Teams, Otter-style
speaker blocks), voicemail transcripts, Slack, Teams and Discord JSON exports (``\\/`` escapes), WhatsApp,
Telegram, IRC and Matrix logs, support-ticket threads and helpdesk chats. Secrets are said aloud (codes read
digit by digit in words or figures, PINs, passwords spelled letter by letter), arrive as SMS one-time codes,
or are dropped in chat (``pw: ...``, ``use ... for now``, new wifi, door, alarm and locker codes, recovery
codes pasted in a thread, a token pasted in a Slack JSON message). Controls are the same files without a
secret: timestamps, durations, meeting ids, ticket numbers, amounts, versions said aloud, counts, bot and
channel names. Main before the round leaked 42 of the 112 rows in strict mode and 43 in balanced (spoken
codes, SMS one-time codes, spelled passwords, a keypad code, a PUK, a security word), over-redacting none of
the 63 controls; one leaked in balanced until round 14, none in strict. The last six rows were
written after the first fixes, to test the families rather than the rows.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # -- spoken codes in meeting and call transcripts
    ('vtt-code-words', 'WEBVTT\n\n00:03:12.480 --> 00:03:16.020\n<v Speaker 2>OK the code is eight three six one five, got it?</v>', ('eight three six one five',)),
    ('vtt-code-digits', '00:03:12.480 --> 00:03:16.020\nthe code is 8 3 6 1 5', ('8 3 6 1 5',)),
    ('srt-pin-words', "14\n00:07:41,200 --> 00:07:44,900\nand the pin's four four seven two, don't tell anyone", ('four four seven two',)),
    ('srt-pin-digits', '15\n00:07:45,000 --> 00:07:47,100\nPIN is 4 4 7 2.', ('4 4 7 2',)),
    ('otter-code', 'Speaker 1  00:03:12\nYeah, the access code is nine one one four two six.', ('nine one one four two six',)),
    ('otter-pin', 'Speaker 2  00:05:40\nMy PIN is 2 9 0 6, you can use that.', ('2 9 0 6',)),
    ('teams-passcode', '00:00:04.110 --> 00:00:07.980\n<v Dana Whitfield>Meeting passcode is 7 4 2 9 1 8, join from the lobby.</v>', ('7 4 2 9 1 8',)),
    ('zoom-passcode', 'Join Zoom Meeting\nhttps://us02web.zoom.us/j/84512367790\nMeeting ID: 845 1236 7790\nPasscode: 339182', ('339182',)),
    ('zoom-passcode-alnum', 'Meeting ID: 845 1236 7790\nPasscode: kT7#wQ2', ('kT7#wQ2',)),
    ('teams-dialin', 'Phone Conference ID: 612 449 307#\nMeeting ID: 271 889 446 12\nPasscode: Xq4bPz', ('Xq4bPz',)),
    ('voicemail-code', 'Voicemail from +1 (415) 555-0142, 0:42\n"Hi, it\'s Mark from the bank. Your one-time code is five five zero two one nine. Call us back."', ('five five zero two one nine',)),
    ('voicemail-pin', 'Transcription: "...so the new voicemail PIN is three zero three nine, change it when you get in."', ('three zero three nine',)),
    ('spoken-oh', 'Speaker 1  00:12:03\nThe verification code is six oh two nine one four.', ('six oh two nine one four',)),
    ('spoken-double', "Speaker 3  00:12:09\nIt's double seven, three, nine, zero, that's the code.", ('double seven, three, nine, zero',)),
    ('spoken-commas', 'agent: can you read me the code?\ncaller: yeah it is seven, one, four, four, eight, two', ('seven, one, four, four, eight, two',)),
    ('spoken-dashes', 'Speaker 2  00:01:58\nthe code is 4-8-1-9-3-3', ('4-8-1-9-3-3',)),
    ('spoken-security-answer', 'Agent: And the answer to your security question?\nCaller: Mother\'s maiden name is Okonkwo-Brandt.', ('Okonkwo-Brandt',)),
    ('spoken-otp-capital', 'Speaker 1  00:09:30\nOTP is one two nine eight eight four', ('one two nine eight eight four',)),
    # -- SMS one-time codes
    ('sms-verification', 'Your verification code is 640218', ('640218',)),
    ('sms-google', 'G-482913 is your Google verification code.', ('G-482913', '482913')),
    ('sms-whatsapp', 'Your WhatsApp code: 318-442\nYou can also tap on this link to verify your phone: v.whatsapp.com/318442\nDon\'t share this code with others', ('318-442', '318442')),
    ('sms-telegram', 'Telegram code: 72915\n\nYou can also tap on this link to log in:\nhttps://t.me/login/72915', ('72915',)),
    ('sms-login-code', '<#> 551903 is your Instagram code. Don\'t share it.', ('551903',)),
    ('sms-bank', 'NORDBANK: 884 102 is your one-time passcode for a payment of EUR 412.00 to ACME GMBH. Never share this code.', ('884 102',)),
    ('sms-microsoft', 'Use 7204915 as Microsoft account security code', ('7204915',)),
    ('sms-apple', 'Your Apple ID Code is: 903117. Don\'t share it with anyone.', ('903117',)),
    ('sms-uber', 'Your Uber code is 4471. Never share this code.', ('4471',)),
    ('sms-otp-forwarded', '[12/01/2026, 09:14] Dana Whitfield: ‎‎can you forward the code? \n[12/01/2026, 09:15] Ravi Menon: "Your OTP for login is 239917. Valid for 10 minutes."', ('239917',)),
    ('sms-paste-slack', '{"type": "message", "user": "U024BE7LH", "text": "got it: 662104 is your Okta verification code", "ts": "1764581640.000200"}', ('662104',)),
    ('sms-amazon', '551092 is your Amazon OTP. Do not share it with anyone.', ('551092',)),
    ('sms-2fa-de', 'Ihr Bestätigungscode lautet 720 418.', ('720 418',)),
    ('sms-code-fr', 'Votre code de vérification est 481 209', ('481 209',)),
    # -- passwords spelled out
    ('spell-capital', 'Speaker 1  00:04:20\nit is capital P, a, s, s, nine, exclamation mark', ('capital P, a, s, s, nine, exclamation mark',)),
    ('spell-dash', 'caller: so that is T - r - 1 - c - k - y', ('T - r - 1 - c - k - y',)),
    ('spell-upper', 'Agent: the temporary password is uppercase K, lowercase m, 7, 7, hash, q', ('uppercase K, lowercase m, 7, 7, hash, q',)),
    ('spell-nato', 'password is Papa Alpha Sierra Sierra Niner Niner', ('Papa Alpha Sierra Sierra Niner Niner',)),
    # -- passwords dropped in chat
    ('chat-pw-colon', '[09:14] <dwhitfield> pw: Tr1cky!Owl', ('Tr1cky!Owl',)),
    ('chat-use-for-now', '12/01/2026, 09:14 - Dana Whitfield: use Hunter2!x for now, I will reset it tomorrow', ('Hunter2!x',)),
    ('chat-wifi', '12/01/2026, 09:20 - Ravi Menon: new wifi is Orchard-5G / Blu3Heron#77', ('Blu3Heron#77',)),
    ('chat-wifi-pass', 'guest wifi pass: MapleLeaf2026', ('MapleLeaf2026',)),
    ('chat-wifi-password-is', 'Dana Whitfield  10:02 AM\nwifi password is sunnyotter42', ('sunnyotter42',)),
    ('chat-pass-is', '[2026-01-12 09:14:03] <ravi_m> the admin pass is Qz8!vLm2', ('Qz8!vLm2',)),
    ('chat-password-quoted', '12/01/2026, 11:02 - Dana Whitfield: password for the nas is "Granite-Fox-41"', ('Granite-Fox-41',)),
    ('chat-creds-slash', '[09:30] <ops-anna> creds for staging: admin / Stag1ng!Pw', ('Stag1ng!Pw',)),
    ('chat-login-user-pass', 'Telegram: [12.01.26 09:40] Ravi: login dana.w pass Kest-r3l-88', ('Kest-r3l-88',)),
    ('chat-temp-password', "Hi Dana, I've reset your account. Your temporary password is Welcome2026!Tmp — you'll be asked to change it.", ('Welcome2026!Tmp',)),
    ('chat-pw-it-is', "<ravi_m> what's the pw for the vpn?\n<dwhitfield> it's Vpn_Ravi_9931", ('Vpn_Ravi_9931',)),
    ('chat-try', '12/01/2026, 09:55 - Ravi Menon: try Lantern!Moss7 — that worked for me', ('Lantern!Moss7',)),
    ('chat-password-newline', '[2026-01-12 09:14] Dana Whitfield: router password\n[2026-01-12 09:14] Dana Whitfield: R0uter#Teal55', ('R0uter#Teal55',)),
    ('chat-matrix', '<@dana:matrix.example.org> root password is Mx!Cedar2026', ('Mx!Cedar2026',)),
    ('chat-discord', 'Dana — Today at 9:14 AM\npass for the test account: DiscoPw_5512', ('DiscoPw_5512',)),
    ('chat-teams-html', '<p>New password for the shared mailbox: <b>Sh4redBox!22</b></p>', ('Sh4redBox!22',)),
    # -- door, alarm and locker codes
    ('door-code', '12/01/2026, 18:02 - Dana Whitfield: door code is 4519#', ('4519',)),
    ('door-gate', 'Otter: Speaker 1  00:14:22\nThe gate code is one nine eight seven, and then press the bell.', ('one nine eight seven',)),
    ('door-keypad', 'keypad code for the side entrance: 2580*', ('2580',)),
    ('alarm-code', '[18:40] <dwhitfield> alarm code 7731, disarm within 30s', ('7731',)),
    ('alarm-words', 'voicemail: "the alarm code is six six one zero, you have thirty seconds"', ('six six one zero',)),
    ('locker-code', 'locker 14 combo: 3-19-27', ('3-19-27',)),
    ('lockbox', 'Support: The key is in the lockbox by the door, code 8842.', ('8842',)),
    ('safe-combo', 'safe combination is 12-34-07', ('12-34-07',)),
    ('bike-lock', 'bike lock code 0417', ('0417',)),
    ('garage', 'Garage door opener code: 55190', ('55190',)),
    # -- recovery codes pasted in a thread
    ('recovery-github', 'Here are my recovery codes just in case:\n4f2a1-9c8e3\nb71d0-e6a54\n0c9f2-33b18', ('4f2a1-9c8e3', 'b71d0-e6a54', '0c9f2-33b18')),
    ('recovery-google', 'backup codes (Google):\n8841 2093\n5572 9916\n3320 4481', ('8841 2093', '5572 9916', '3320 4481')),
    ('recovery-slack-json', '{"user": "U024BE7LH", "text": "2FA backup codes: 73910482 28815530 91047726", "ts": "1764581700.000300"}', ('73910482', '28815530', '91047726')),
    ('recovery-inline', 'recovery code: XK2M-9QPL-7VRT-4HWE', ('XK2M-9QPL-7VRT-4HWE',)),
    ('recovery-key-apple', 'Recovery Key: N7QF-2KD8-WX3L-9PMB-R4TZ-6HJC-V2YE', ('N7QF-2KD8-WX3L-9PMB-R4TZ-6HJC-V2YE',)),
    ('recovery-bitlocker', 'Agent: please read the BitLocker recovery key.\nUser: 412390-558712-026481-330275-117854-690231-482907-215563', ('412390-558712-026481-330275-117854-690231-482907-215563',)),
    ('seed-phrase', '12/01/2026, 22:10 - Ravi Menon: seed phrase: orbit canyon velvet ripple maple tunnel frost ember lucky piano cradle sunset', ('orbit canyon velvet ripple maple tunnel frost ember lucky piano cradle sunset',)),
    # -- tokens pasted in exports
    ('slack-json-token', '{"type": "message", "user": "U024BE7LH", "text": "here is the bot token xoxb-2048613207-4096315527-Zk8mQ2vT9rLp4XwN7cB3hYdF", "ts": "1764581640.000200"}', ('xoxb-2048613207-4096315527-Zk8mQ2vT9rLp4XwN7cB3hYdF',)),
    ('slack-json-escaped-url', '{"text": "webhook: <https:\\/\\/hooks.slack.com\\/services\\/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>"}', ('kq3Zt9LmP0vX4bN7wR2yH8sD',)),
    ('slack-json-password', '{"user": "U061F7AUR", "text": "db password is `Pgr3s!Maple_81`", "ts": "1764581720.000400"}', ('Pgr3s!Maple_81',)),
    ('slack-json-pw-colon', '{"client_msg_id": "0f1e2d3c", "text": "pw: Ledger#Fin2026", "user": "U024BE7LH"}', ('Ledger#Fin2026',)),
    ('slack-json-url-creds', '{"text": "use <postgres:\\/\\/app:Pg_Url_Pw77@db.internal:5432\\/app>"}', ('Pg_Url_Pw77',)),
    ('slack-json-escaped-quote', '{"text": "the password is \\"Quill&Ink_55\\" (no quotes)"}', ('Quill&Ink_55',)),
    ('teams-json', '{"from": {"user": {"displayName": "Dana Whitfield"}}, "body": {"contentType": "html", "content": "<p>temp pw: Teams!Tmp_4410</p>"}}', ('Teams!Tmp_4410',)),
    ('discord-json', '{"id": "1187265093412343808", "author": {"username": "dwhit"}, "content": "api key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z7AbCdEfGh", "timestamp": "2026-01-12T09:14:00.000+00:00"}', ('sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z7AbCdEfGh',)),
    ('telegram-json', '{"id": 4411, "type": "message", "date": "2026-01-12T09:14:00", "from": "Ravi Menon", "from_id": "user552901337", "text": "github token ghp_9fK2mQ7vT4rLp8XwN3cB6hYdFzA1sE5jU0oI"}', ('ghp_9fK2mQ7vT4rLp8XwN3cB6hYdFzA1sE5jU0oI',)),
    ('telegram-json-pw', '{"id": 4412, "type": "message", "from": "Ravi Menon", "text": "password is Fern!Quartz_31"}', ('Fern!Quartz_31',)),
    ('irc-token', '[09:14] <dwhitfield> export GITLAB_TOKEN=glpat-Xk2mQ7vT4rLp8XwN3cB6', ('glpat-Xk2mQ7vT4rLp8XwN3cB6',)),
    ('matrix-token', '{"type": "m.room.message", "sender": "@dana:matrix.example.org", "content": {"msgtype": "m.text", "body": "access token syt_ZGFuYQ_kQ8mVtLr9XwN7cB3hYd_2Xk9Qp"}}', ('syt_ZGFuYQ_kQ8mVtLr9XwN7cB3hYd_2Xk9Qp',)),
    ('whatsapp-aws', '12/01/2026, 09:31 - Dana Whitfield: AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9', ('wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9',)),
    # -- support-ticket threads and helpdesk chats
    ('ticket-password', 'Ticket #48213 — Re: cannot log in\n> Hi, my password is Sunflower!2026 and it still fails.', ('Sunflower!2026',)),
    ('ticket-reset-code', 'From: support@example-helpdesk.com\nYour reset code is 880142. It expires in 15 minutes.', ('880142',)),
    ('ticket-customer-pin', 'Customer: I tried my pin 6621 three times\nAgent: I\'ve unlocked the account.', ('6621',)),
    ('helpdesk-password-for', 'Agent (Priya): I\'ve set the password for jdoe to Brisk-Otter-19, please change it at first login.', ('Brisk-Otter-19',)),
    ('helpdesk-chat-log', '09:14:02 Visitor: my login is dana@example.org and password Maple#Teal44\n09:14:30 Agent: Please never share your password.', ('Maple#Teal44',)),
    ('helpdesk-security-word', 'Caller verified with security word: "pineapple77"', ('pineapple77',)),
    ('ticket-api-key', 'Comment by Dana Whitfield (internal):\nThe customer sent their API key: 3f9a7c2e1b8d4f6a0c5e9b2d7a4f1c8e', ('3f9a7c2e1b8d4f6a0c5e9b2d7a4f1c8e',)),
    ('ticket-wifi', 'Zendesk #77120 — guest network password: Harbor-Light-22', ('Harbor-Light-22',)),
    ('ticket-otp-readback', 'Agent: Please read me the 6-digit code we just sent.\nCustomer: 4 1 9 9 0 2', ('4 1 9 9 0 2',)),
    ('ticket-card-cvv', 'Customer: the CVV is 427 and expiry 09/28', ('427',)),
    ('voicemail-password', 'Transcript: "Hey, it\'s Ravi. The laptop password is Cobalt seventy seven, capital C."', ('Cobalt seventy seven',)),
    # -- more transcript phrasing
    ('vtt-password-said', '00:22:10.000 --> 00:22:13.500\n<v Ravi Menon>password is Winter!Larch9, same as last time</v>', ('Winter!Larch9',)),
    ('srt-wifi', '88\n00:41:02,000 --> 00:41:05,500\nwifi is HomeNet and the password is pumpkin-spice-44', ('pumpkin-spice-44',)),
    ('otter-login', 'Speaker 2  00:18:44\nlog in as admin, password Dune#Sable61', ('Dune#Sable61',)),
    ('otter-digits-and', 'Speaker 1  00:02:10\nthe pin is one two three and then four five', ('one two three and then four five',)),
    ('zoom-chat-passcode', '09:14:05 From Dana Whitfield to Everyone:\n\tpasscode for the breakout: 551902', ('551902',)),
    ('zoom-chat-pw', '09:15:40 From Ravi Menon to Dana Whitfield (Direct Message):\n\tpw is Ribbon!Fjord8', ('Ribbon!Fjord8',)),
    ('teams-chat-export', '[12/01/2026 09:14] Dana Whitfield: the vault unseal key is 7yQ2kLm9XwN3cB6hYdFzA1sE5jU0oI4rTp8vGb2Mn', ('7yQ2kLm9XwN3cB6hYdFzA1sE5jU0oI4rTp8vGb2Mn',)),
    ('irc-pass-sep', '[09:14] <ravi_m> root:Irc!Pass_66 on box3', ('Irc!Pass_66',)),
    ('irc-nickserv', '[09:14] -!- /msg NickServ IDENTIFY dwhitfield Nick$erv77', ('Nick$erv77',)),
    ('discord-code-block', 'ravi — 12/01/2026 09:14\n```\nDB_PASS=Disc0rd_Db_91\n```', ('Disc0rd_Db_91',)),
    ('whatsapp-pin-sim', '12/01/2026, 09:40 - Dana Whitfield: SIM PIN 0931, PUK 48210377', ('0931', '48210377')),
    ('whatsapp-bank-pin', '12/01/2026, 09:41 - Ravi Menon: card pin is 5502', ('5502',)),
    ('telegram-export-html', '<div class="text">the passphrase is <code>ocean-ladder-tulip-92</code></div>', ('ocean-ladder-tulip-92',)),
    # -- added after the first fixes, to test the families rather than the rows
    ('sms-enter-verify', 'Enter 482913 to verify your account.', ('482913',)),
    ('sms-use-code-to', 'Use code 590214 to sign in to Northwind.', ('590214',)),
    ('sms-brand-two-words', 'Slack confirmation code: 482-913', ('482-913',)),
    ('sms-alnum', 'Your Steam Guard code: F7K2Q', ('F7K2Q',)),
    ('combo-spaced', 'the combination is 12 34 07', ('12 34 07',)),
    ('auth-code-dashed', 'Authentication code 8812-4471', ('8812-4471',)),
]

CONTROLS: tuple[str, ...] = (
    '00:03:12.480 --> 00:03:16.020\n<v Speaker 2>OK, let us start with the roadmap.</v>',
    '14\n00:07:41,200 --> 00:07:44,900\nand then we ship on Friday.',
    'Speaker 1  00:03:12\nWe have three open issues and two blockers.',
    'Meeting ID: 845 1236 7790',
    'Phone Conference ID: 612 449 307#',
    'Duration: 00:42:17',
    'voicemail, 0:42 (transcription below)',
    'Ticket #48213 — Re: cannot log in',
    'ticket #77120 — status changed to solved',
    'Amount due: $412.00 by 31/01/2026',
    'Speaker 2  00:05:40\nWe are on version three point two point one now.',
    'Speaker 2  00:05:41\nUpgrade to 3.2.1 before the release.',
    'Speaker 3  00:06:02\nThat is about twenty five percent of the traffic.',
    'we have 3 4 5 issues? no, 345 issues in the backlog',
    'Speaker 1  00:09:30\nthe code is in the main branch now.',
    'the code is ready for review',
    'Agent: Please read me the 6-digit code we just sent.',
    'Your verification code expires in 10 minutes.',
    "Don't share this code with others",
    'Enter the code we sent to your phone.',
    '{"type": "message", "text": "deploy finished", "ts": "1764581640.000200"}',
    '{"text": "see <https:\\/\\/example.org\\/docs\\/setup>", "ts": "1764581640.000200"}',
    '{"subtype": "bot_message", "bot_id": "B08QWE12RTY", "text": "build 4412 passed"}',
    '{"channel": "C024BE91L", "name": "ops-alerts", "is_channel": true}',
    '[09:14] -!- pw reset link sent, check your inbox',
    '[09:14] -!- dwhitfield has joined #ops',
    '12/01/2026, 09:14 - Messages and calls are end-to-end encrypted.',
    'new wifi is up, same name as before',
    'new door code from monday, ask reception',
    'door code changed, ask reception',
    'the alarm goes off at 7:30',
    'locker 14 is free',
    'Passcode: <passcode>',
    'password: ********',
    'pw: (see 1Password)',
    'use the password manager for now',
    'reset your password from the portal',
    'Your temporary password will be sent by email.',
    'Recovery codes: stored in the safe',
    'Your code expires in 5 minutes. Don\'t share it.',
    'Agent: Can you confirm the last four digits of the card?',
    'Customer: order number 118273, placed on 12/01/2026',
    'Room 4.12, floor 4, building B',
    'the meeting lasted 1h 24m and 3 people joined',
    'Speaker 2  00:18:44\nlog in as admin and open the settings page',
    'Caller verified with security questions.',
    '09:14:05 From Host to Everyone:\n\tagenda is in the doc',
    'Version 2.4.1 (build 20260112.3)',
    'PIN reset requested via the portal',
    'call me on extension 4412',
    'G-Suite verification pending',
    '{"id": 4411, "type": "message", "date": "2026-01-12T09:14:00", "text": "see you at 9"}',
    'connect pins 1, 2, 3, 4 and 5 to the header',
    'PIN codes 1, 2, 3, 4 are reserved',
    'the code has one two three four parts',
    'Error code: 50001',
    'exit code: 13707 after the retry',
    'Speaker 1  00:02:10\nstep one two three four of the runbook covers the code freeze',
    'the verification code step is explained in section 4 2 of the guide',
    'Your discount code is SAVE20',
    'Use SAVE20 as your promo code',
    'Response status code: 50301',
    'the verification code field is required',
)

#: Rows that still leak, by a fragment of their text: (reason, modes).
#: (Round 14 fixed the last one, ``The laptop password is Cobalt seventy seven``: an unquoted passphrase of
#: three words or more after ``password is`` is read whole.)
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {}


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_secret_said_or_pasted_in_a_transcript_or_chat_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_transcripts_and_chats_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text


def test_the_talk_table_is_broad():
    assert len(ROWS) >= 100 and len(CONTROLS) >= 40
    assert len({row[0] for row in ROWS}) == len(ROWS)


def test_the_talk_grammars_stay_linear_on_hostile_input():
    import re
    import time

    from redacted_context_mcp.redaction import chat_ids, secret_spoken
    from redacted_context_mcp.redaction.textview import letter_words

    n = 100_000
    hostile = ["one " * (n // 4), "a, " * (n // 3), "a - " * (n // 4), "1 " * (n // 2), "a at b dot " * (n // 11),
               "is your code " * (n // 13), "capital a, " * (n // 11), "a" * n, "[09:14] <" * (n // 9), '"U0' * (n // 3)]
    tables = [rx for _, _, rx in secret_spoken.SMS_FORMS] + [rx for _, rx in chat_ids.IRC_FORMS] + [
        v for mod in (secret_spoken, chat_ids) for v in vars(mod).values() if isinstance(v, re.Pattern)]
    start = time.process_time()
    for text in hostile:
        for rx in tables:
            for _ in rx.finditer(text):
                pass
        low = text.lower()
        words = letter_words(low)
        secret_spoken.find_spoken(text, low, [], words.set, words.joined)
        chat_ids.find_chat_people(text, low, words)
    assert time.process_time() - start < 20.0
