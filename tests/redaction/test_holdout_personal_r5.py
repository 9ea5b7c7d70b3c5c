# ruff: noqa: E501  (a table of literal fragments: one probe per line reads best)
"""Red-team hold-out probes, round 5, for personal data (issue 11) in transcripts and chat exports: both modes.

Written (round 6, talk) before reading the detectors: chat author names and handles in each export format
(WhatsApp on Android and iOS, Telegram JSON and HTML, Slack and Discord JSON, Teams JSON, IRC, Matrix,
Zoom chat, helpdesk chats and ticket threads), chat user ids (Slack ``U024BE7LH``, Telegram ``user552901337``,
Discord snowflakes beside an author), names in speaker labels (WebVTT ``<v ...>``, SRT ``NAME:``, Otter
``Name  00:03:12``), phone numbers read aloud, emails spelled out (``dana dot whitfield at ...``). Controls
are the same files' readable parts: timestamps, durations, meeting ids, ticket numbers, bot names,
channel names and system lines. Main before the round leaked 20 of the 68 probes in strict mode and 24 in
balanced, and changed the controls of 1 row in strict, 2 in balanced; 2 and 6 probes leak now (KNOWN_GAPS) and
one balanced control changes (a Telegram bot handle).
"""

from __future__ import annotations

import pytest
from redaction_helpers import B, P, probe_case, probe_rows

CHAT = [
    P('wa-android', '12/01/2026, 09:14 - Dana Whitfield: are we still on for 10?', leaks=('Dana Whitfield',), keeps=('12/01/2026, 09:14', 'are we still on for 10?')),
    P('wa-ios', '[12/01/2026, 09:14:03] Ravi Menon: yes, room 4.12', leaks=('Ravi Menon',), keeps=('[12/01/2026, 09:14:03]', 'room 4.12')),
    P('wa-us', '1/12/26, 9:14 AM - Oluwaseun Adebayo: running late', leaks=('Oluwaseun Adebayo',), keeps=('1/12/26, 9:14 AM',)),
    P('wa-one-name', '12/01/2026, 09:15 - Priyanka: ok see you there', leaks=('Priyanka',), keeps=('12/01/2026, 09:15', 'ok see you there')),
    P('wa-phone-author', '12/01/2026, 09:16 - +44 7700 900461: who is this?', leaks=('+44 7700 900461', '7700 900461')),
    P('wa-lowercase', '12/01/2026, 09:17 - dana whitfield: sent', leaks=('dana whitfield',)),
    P('wa-added', '12/01/2026, 09:10 - Dana Whitfield added Ravi Menon', leaks=('Dana Whitfield', 'Ravi Menon')),
    P('wa-left', '12/01/2026, 18:40 - Katarzyna Wiśniewska left', leaks=('Katarzyna Wiśniewska',)),
    P('tg-json-from', '{"id": 4411, "type": "message", "date": "2026-01-12T09:14:00", "from": "Ravi Menon", "from_id": "user552901337", "text": "see you at 9"}', leaks=('Ravi Menon', '552901337'), keeps=('see you at 9',)),
    P('tg-json-actor', '{"id": 4410, "type": "service", "actor": "Dana Whitfield", "actor_id": "user118203944", "action": "invite_members", "members": ["Ravi Menon"]}', leaks=('Dana Whitfield', '118203944', 'Ravi Menon'), keeps=('invite_members',)),
    P('tg-html', '<div class="from_name">\n Ingrid Solberg\n</div>\n<div class="text">\n see you tomorrow\n</div>', leaks=('Ingrid Solberg',), keeps=('see you tomorrow',)),
    P('tg-text', '[12.01.26 09:40] Mateusz Kowalczyk: dzięki', leaks=('Mateusz Kowalczyk',)),
    P('tg-handle', 'forwarded from @ravi_menon_88', leaks=('ravi_menon_88',)),
    P('slack-user-id', '{"type": "message", "user": "U024BE7LH", "text": "deploy finished", "ts": "1764581640.000200"}', leaks=('U024BE7LH',), keeps=('deploy finished', '1764581640.000200')),
    P('slack-real-name', '{"id": "U024BE7LH", "name": "dwhitfield", "real_name": "Dana Whitfield", "profile": {"display_name": "Dana", "email": "dana.whitfield@northwind-labs.io"}}', leaks=('U024BE7LH', 'dwhitfield', 'Dana Whitfield', 'dana.whitfield@northwind-labs.io')),
    P('slack-user-profile', '{"user": "U061F7AUR", "user_profile": {"real_name": "Ravi Menon", "display_name": "ravi.m", "first_name": "Ravi"}, "text": "lgtm"}', leaks=('U061F7AUR', 'Ravi Menon', 'ravi.m'), keeps=('lgtm',)),
    P('slack-mention', '{"text": "<@U061F7AUR> can you review?", "user": "U024BE7LH"}', leaks=('U061F7AUR', 'U024BE7LH'), keeps=('can you review?',)),
    P('slack-escaped-email', '{"text": "mail me at <mailto:dana.whitfield@northwind-labs.io|dana.whitfield@northwind-labs.io>"}', leaks=('dana.whitfield@northwind-labs.io',)),
    P('slack-escaped-slash', '{"real_name": "Hiroko Tanabe", "image_72": "https:\\/\\/avatars.slack-edge.com\\/2026-01-12\\/hiroko_72.png"}', leaks=('Hiroko Tanabe',)),
    P('slack-unicode-escape', '{"real_name": "Bj\\u00f6rn Lindqvist", "user": "U02ABCDEF"}', leaks=('Bj\\u00f6rn Lindqvist', 'U02ABCDEF')),
    P('slack-reactions', '{"reactions": [{"name": "thumbsup", "users": ["U024BE7LH", "U061F7AUR"], "count": 2}]}', leaks=('U024BE7LH', 'U061F7AUR'), keeps=('thumbsup',)),
    P('slack-txt', 'Dana Whitfield  10:02 AM\nthe deck is in the drive', leaks=('Dana Whitfield',), keeps=('10:02 AM', 'the deck is in the drive')),
    P('discord-json', '{"id": "1187265093412343808", "author": {"id": "293847561029384756", "username": "dwhit", "global_name": "Dana Whitfield"}, "content": "gg"}', leaks=('293847561029384756', 'dwhit', 'Dana Whitfield')),
    P('discord-txt', 'Dana Whitfield — Today at 9:14 AM\nhello', leaks=('Dana Whitfield',), keeps=('Today at 9:14 AM',)),
    P('discord-csv', 'AuthorID,Author,Date,Content\n293847561029384756,dwhit#4417,12/01/2026 09:14,hello', leaks=('293847561029384756', 'dwhit#4417')),
    P('teams-json', '{"from": {"user": {"id": "8b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e", "displayName": "Nkechi Adeyemi"}}, "body": {"content": "<p>on my way</p>"}}', leaks=('Nkechi Adeyemi',), keeps=('on my way',)),
    P('teams-txt', '[12/01/2026 09:14] Sebastián Ortega: listo', leaks=('Sebastián Ortega',)),
    P('irc-nick', '[09:14] <dwhitfield> morning all', leaks=('dwhitfield',), keeps=('[09:14]', 'morning all')),
    P('irc-nick-op', '[09:15] <@ravi_m> hi', leaks=('ravi_m',)),
    P('irc-join', '[09:14] -!- dwhitfield [~dana@203.0.113.45] has joined #ops', leaks=('dwhitfield', '~dana@203.0.113.45', '203.0.113.45'), keeps=('has joined #ops',)),
    P('irc-action', '[09:16] * ravi_m waves', leaks=('ravi_m',)),
    P('irc-weechat', '2026-01-12 09:14:03\tdwhitfield\tmorning all', leaks=('dwhitfield',), keeps=('morning all',)),
    P('irc-hexchat', 'Jan 12 09:14:03 <kwame_a>\tdeploy done', leaks=('kwame_a',), keeps=('deploy done',)),
    P('matrix-sender', '{"type": "m.room.message", "sender": "@dana:matrix.example.org", "content": {"msgtype": "m.text", "body": "hi"}}', leaks=('@dana:matrix.example.org', 'dana:matrix'), keeps=('m.room.message',)),
    P('matrix-displayname', '{"type": "m.room.member", "state_key": "@ravi:matrix.example.org", "content": {"displayname": "Ravi Menon", "membership": "join"}}', leaks=('@ravi:matrix.example.org', 'Ravi Menon')),
    P('matrix-text', '<@dana:matrix.example.org> morning', leaks=('@dana:matrix.example.org',)),
    P('zoom-chat', '09:14:05 From Dana Whitfield to Everyone:\n\tagenda is in the doc', leaks=('Dana Whitfield',), keeps=('09:14:05', 'agenda is in the doc')),
    P('zoom-chat-dm', '09:15:40 From Ravi Menon to Dana Whitfield (Direct Message):\n\tok', leaks=('Ravi Menon', 'Dana Whitfield')),
    P('zoom-chat-new', '09:16:02 From  Hiroko Tanabe  to  Everyone:\n\tthanks', leaks=('Hiroko Tanabe',)),
    P('helpdesk-chat', '09:14:02 Visitor (Dana Whitfield): my order has not arrived\n09:14:30 Agent Priya: sorry to hear that', leaks=('Dana Whitfield', 'Priya'), keeps=('my order has not arrived',)),
    P('ticket-from', 'Ticket #48213\nRequester: Dana Whitfield <dana.whitfield@northwind-labs.io>\nAssignee: Ravi Menon', leaks=('Dana Whitfield', 'dana.whitfield@northwind-labs.io', 'Ravi Menon'), keeps=('Ticket #48213',)),
    P('ticket-comment', 'Comment by Oluwaseun Adebayo (public), Jan 12, 2026 09:14\nCould you attach a screenshot?', leaks=('Oluwaseun Adebayo',), keeps=('Could you attach a screenshot?',)),
    P('ticket-wrote', 'On Mon, 12 Jan 2026 at 09:14, Dana Whitfield wrote:\n> still broken', leaks=('Dana Whitfield',)),
    P('intercom-json', '{"author": {"type": "user", "id": "5f1a2b3c4d5e6f7a8b9c0d1e", "name": "Lucía Fernández", "email": "lucia.fernandez@example-mail.es"}}', leaks=('Lucía Fernández', 'lucia.fernandez@example-mail.es')),
]

TALK = [
    P('vtt-voice', '00:01:05.120 --> 00:01:08.000\n<v Dana Whitfield>Can everyone hear me?</v>', leaks=('Dana Whitfield',), keeps=('00:01:05.120 --> 00:01:08.000', 'Can everyone hear me?')),
    P('vtt-voice-class', '00:01:09.000 --> 00:01:11.500\n<v.loud Ravi Menon>Yes!</v>', leaks=('Ravi Menon',)),
    P('vtt-teams-prefix', '00:00:04.110 --> 00:00:07.980\nKatarzyna Wiśniewska: Let us begin.', leaks=('Katarzyna Wiśniewska',), keeps=('Let us begin.',)),
    P('srt-speaker', '12\n00:07:41,200 --> 00:07:44,900\nOLUWASEUN ADEBAYO: the numbers look fine', leaks=('OLUWASEUN ADEBAYO',), keeps=('00:07:41,200 --> 00:07:44,900', 'the numbers look fine')),
    P('srt-dash', '13\n00:07:45,000 --> 00:07:47,100\n- Hiroko Tanabe: thanks', leaks=('Hiroko Tanabe',)),
    P('otter-speaker', 'Hiroko Tanabe  00:03:12\nSo the main blocker is the vendor contract.', leaks=('Hiroko Tanabe',), keeps=('00:03:12', 'So the main blocker is the vendor contract.')),
    P('otter-speaker-hms', 'Gabriela Nowicka  1:03:40\nAgreed.', leaks=('Gabriela Nowicka',), keeps=('1:03:40',)),
    P('otter-one-name', 'Dana  00:04:01\nOK.', leaks=('Dana',), keeps=('00:04:01',)),
    P('transcript-bracket', '[00:03:12] Dana Whitfield: we need the numbers by Friday', leaks=('Dana Whitfield',), keeps=('[00:03:12]',)),
    P('transcript-paren', 'Ravi Menon (00:03:40): agreed', leaks=('Ravi Menon',), keeps=('(00:03:40)',)),
    P('attendees', 'Attendees: Dana Whitfield, Ravi Menon, Hiroko Tanabe\nDuration: 42 min', leaks=('Dana Whitfield', 'Ravi Menon', 'Hiroko Tanabe'), keeps=('Duration: 42 min',)),
    P('phone-spoken', 'Speaker 1  00:05:10\nyou can reach me on oh seven seven zero oh, nine double zero four six one', leaks=('oh seven seven zero oh, nine double zero four six one',)),
    P('phone-spoken-digits', 'Caller: my number is 0 7 7 0 0 9 0 0 4 6 1', leaks=('0 7 7 0 0 9 0 0 4 6 1',)),
    P('phone-spoken-words', 'voicemail: "call me back on four one five, five five five, zero one four two"', leaks=('four one five, five five five, zero one four two',)),
    P('phone-voicemail-header', 'Voicemail from +1 (415) 555-0142, 0:42', leaks=('+1 (415) 555-0142', '555-0142'), keeps=('0:42',)),
    P('phone-chat', '12/01/2026, 09:20 - Ravi Menon: my new number is 07700 900461', leaks=('Ravi Menon', '07700 900461')),
    P('email-spelled', 'Speaker 2  00:06:30\nit is dana dot whitfield at northwind labs dot io', leaks=('dana dot whitfield at northwind labs dot io', 'dana dot whitfield')),
    P('email-spelled-brackets', 'email: ravi [dot] menon [at] example [dot] org', leaks=('ravi [dot] menon [at] example [dot] org',)),
    P('email-spelled-paren', 'write to hiroko(at)tanabe-design(dot)jp', leaks=('hiroko(at)tanabe-design(dot)jp',)),
    P('email-spelled-letters', 'Agent: could you spell the email?\nCaller: d, a, n, a, at gmail dot com', leaks=('d, a, n, a, at gmail dot com',)),
    P('name-spelled', 'Caller: Whitfield, W H I T F I E L D', leaks=('W H I T F I E L D',)),
    P('name-said', "Agent: Can I have your full name?\nCaller: It's Dana Whitfield.", leaks=('Dana Whitfield',)),
    P('name-my-name-is', 'Speaker 1  00:00:12\nHi, my name is Oluwaseun and I am calling about my order.', leaks=('Oluwaseun',)),
    P('voicemail-name', 'Transcript: "Hi, this is Katarzyna from accounts, call me back."', leaks=('Katarzyna',), keeps=('call me back',)),
]

CTL = [
    P('ctl-vtt-header', 'WEBVTT\n\n00:03:12.480 --> 00:03:16.020\n<v Speaker 2>OK, let us start with the roadmap.</v>', keeps=('00:03:12.480 --> 00:03:16.020', 'Speaker 2', 'let us start with the roadmap'), modes=B),
    P('ctl-speaker-n', 'Speaker 1  00:03:12\nWe have three open issues.', keeps=('Speaker 1', '00:03:12', 'We have three open issues.')),
    P('ctl-speaker-unknown', '[00:03:12] Unknown Speaker: hello?', keeps=('[00:03:12]', 'Unknown Speaker'), modes=B),
    P('ctl-duration', 'Duration: 00:42:17, 3 participants', keeps=('00:42:17', '3 participants')),
    P('ctl-meeting-id', 'Meeting ID: 845 1236 7790', keeps=('845 1236 7790',)),
    P('ctl-conference-id', 'Phone Conference ID: 612 449 307#', keeps=('612 449 307#',)),
    P('ctl-ticket', 'Ticket #48213 — status changed to Solved', keeps=('#48213',)),
    P('ctl-wa-system', '12/01/2026, 09:14 - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.', keeps=('12/01/2026, 09:14', 'Messages and calls are end-to-end encrypted')),
    P('ctl-wa-media', '<Media omitted>', keeps=('<Media omitted>',)),
    P('ctl-wa-deleted', 'This message was deleted', keeps=('This message was deleted',)),
    P('ctl-slack-bot', '{"subtype": "bot_message", "bot_id": "B08QWE12RTY", "username": "deploybot", "text": "build 4412 passed"}', keeps=('deploybot', 'build 4412 passed', 'bot_message')),
    P('ctl-slack-channel', '{"id": "C024BE91L", "name": "ops-alerts", "is_channel": true, "created": 1764581640}', keeps=('ops-alerts', 'is_channel', '1764581640')),
    P('ctl-slack-ts', '{"ts": "1764581640.000200", "thread_ts": "1764581600.000100", "reply_count": 3}', keeps=('1764581640.000200', '1764581600.000100', 'reply_count')),
    P('ctl-slack-subtype', '{"type": "message", "subtype": "channel_join", "text": "has joined the channel"}', keeps=('channel_join', 'has joined the channel')),
    P('ctl-slack-emoji', '{"reactions": [{"name": "white_check_mark", "count": 2}]}', keeps=('white_check_mark',)),
    P('ctl-irc-channel', '[09:14] -!- Topic for #ops: release 2.4.1 on Friday', keeps=('#ops', 'release 2.4.1'), modes=B),
    P('ctl-irc-server', '[09:14] -!- Irssi: Join to #ops was synced in 0 secs', keeps=('#ops', 'was synced in 0 secs'), modes=B),
    P('ctl-irc-bot', '[09:15] <ChanServ> Welcome to #ops', keeps=('ChanServ', '#ops'), modes=B),
    P('ctl-matrix-type', '{"type": "m.room.message", "content": {"msgtype": "m.text", "body": "deploy done"}, "origin_server_ts": 1764581640000}', keeps=('m.room.message', 'm.text', 'deploy done', '1764581640000')),
    P('ctl-tg-service', '{"id": 4409, "type": "service", "date": "2026-01-12T09:10:00", "action": "pin_message", "message_id": 4401}', keeps=('pin_message', '4401', '2026-01-12T09:10:00')),
    P('ctl-tg-bot', 'forwarded from @BotFather', keeps=('BotFather',), modes=B),
    P('ctl-discord-bot', '{"author": {"id": "1100000000000000001", "username": "GitHub", "bot": true}, "content": "build passed"}', keeps=('build passed',)),
    P('ctl-version-said', 'Speaker 2  00:05:40\nWe are on version three point two now.', keeps=('version three point two',)),
    P('ctl-count-said', 'Speaker 3  00:06:02\nabout twenty five percent, maybe thirty', keeps=('twenty five percent, maybe thirty',)),
    P('ctl-amount', 'Customer: I was charged $412.00 twice', keeps=('$412.00',)),
    P('ctl-order', 'Customer: order number 118273, placed on 12/01/2026', keeps=('118273', '12/01/2026')),
    P('ctl-dot-at', 'we meet at the office at nine, dot the i and cross the t', keeps=('we meet at the office at nine',)),
    P('ctl-agent-role', '09:14:30 Agent: sorry to hear that\n09:14:50 Visitor: thanks', keeps=('Agent', 'Visitor', 'sorry to hear that'), modes=B),
    P('ctl-zoom-everyone', '09:14:05 From Host to Everyone:\n\tagenda is in the doc', keeps=('09:14:05', 'agenda is in the doc')),
    P('ctl-room', 'Room 4.12, floor 4, building B', keeps=('Room 4.12', 'floor 4')),
    P('ctl-ext', 'call the front desk on extension 4412', keeps=('extension 4412',)),
    P('ctl-srt-index', '14\n00:07:41,200 --> 00:07:44,900\nand then we ship on Friday.', keeps=('00:07:41,200 --> 00:07:44,900', 'and then we ship on Friday.')),
]

PROBES = CHAT + TALK
ALL = PROBES + CTL

#: Rows that still fail, by (mode, family) with the reason: documented gaps, strict xfails (a fix that
#: makes one pass must remove it here).
KNOWN_GAPS: dict[tuple[str, str], str] = {
    ('strict', 'discord-csv'): 'a CSV export whose author columns are AuthorID/Author: no column rule names them yet',
    ('balanced', 'discord-csv'): 'a CSV export whose author columns are AuthorID/Author: no column rule names them yet',
    ('strict', 'name-spelled'): 'a surname spelled letter by letter (W H I T F I E L D) is not read back to the word',
    ('balanced', 'name-spelled'): 'a surname spelled letter by letter (W H I T F I E L D) is not read back to the word',
    ('balanced', 'helpdesk-chat'): "a single first name after a role word (Agent Priya:) is not a speaker label",
    ('balanced', 'otter-one-name'): 'a single first name as an Otter speaker label (Dana  00:04:01)',
    ('balanced', 'name-my-name-is'): "a single first name after 'my name is' in balanced mode",
    ('balanced', 'voicemail-name'): "a single first name after 'this is' in balanced mode",
    ('balanced', 'ctl-tg-bot'): 'a Telegram bot handle (@BotFather) reads as a person handle',
}


@pytest.mark.parametrize("probe", probe_rows("strict", ALL, KNOWN_GAPS))
def test_strict_mode_hides_every_chat_and_transcript_probe_and_keeps_every_control(probe):
    leaked, changed = probe_case("strict", probe)
    assert not leaked and not changed, (leaked, changed)


@pytest.mark.parametrize("probe", probe_rows("balanced", ALL, KNOWN_GAPS))
def test_balanced_mode_hides_every_chat_and_transcript_probe_and_keeps_every_control(probe):
    leaked, changed = probe_case("balanced", probe)
    assert not leaked and not changed, (leaked, changed)


def test_the_round_five_personal_table_is_broad_and_its_families_are_unique():
    assert len(PROBES) >= 60 and sum(len(p.keeps) for p in ALL) >= 60
    assert len({p.family for p in ALL}) == len(ALL)
