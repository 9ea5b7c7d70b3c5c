"""Hold-out secret probes, round 11 (issue 9): whole files from a consultant's private folder, secrets in human text.

The files under ``tests/corpus/files_r11_docs/`` are kinds and styles not in ``files_r10``, written as a
private folder holds them before reading the detectors: steering-committee minutes, a laptop-fleet handover,
an onboarding checklist, a ServiceNow incident, Zendesk JSON and Freshdesk CSV exports, WhatsApp (iOS),
Signal, Telegram (``result.json``), iMessage, Google Chat and Slack threads copied as text, an Outlook
``From:/Sent:`` thread and an ``.eml`` with ``>``/``>>``/``>>>`` quotes, a voicemail and a helpdesk call
transcript (codes read digit by digit, a recovery key in groups, a password in the NATO alphabet),
``todo.txt``, an Obsidian/Logseq daily note with ``key:: value`` properties, an org-mode file with property
drawers, a wiki table, AsciiDoc, reStructuredText, an internal README, handovers in German, French, Spanish,
Dutch, Italian, Portuguese and Polish and a mixed-language note. Secrets: Wi-Fi keys, door and alarm codes,
PINs, one-time codes, backup codes, security answers, passphrases, temporary passwords, API keys pasted in
chat, share-link passwords, VPN pre-shared keys, BIOS and disk-encryption passwords. Controls: the ordinary
words, times, amounts, ticket numbers, durations and room numbers of the same files.

Wave 1 (31 files, 113 labelled values, 109 controls): main leaked 25 values in strict and 35 in balanced, and
changed 16 controls in strict (capitalised words strict redacts by design) and 1 in balanced. Fixed by family
(``secret_notes``): door, gate, alarm and safe codes on their label line in eight languages (compounds such
as ``Türcode``/``toegangscode`` too), one-time codes sent or used, word passphrases after a passphrase label,
network/VPN/temporary keys with no operator, chat answers that are a bare hex key, ``key:: value`` note
properties, ``login ... is U / V`` pairs, a recovery key read in groups and said back in words; and small rows
in shared tables: the word for key and an adjective after the word in other languages (``Clé WPA du wifi``,
``Senha temporária do``, ``wachtwoord) =``), security questions in quotes and with ``ist``, the NATO alphabet
in spelled passwords, spaced figures in a secret table column. Wave 2 (``wave2/``: 12 files, 38 values, 26
controls), written after those fixes: main leaked 18 / 20, the wave-1 fixes alone 10 / 12; fixed by family
(AsciiDoc ``|===`` tables, code lists under a long label, one-time codes in letter groups, combinations beside
a safe, a spoken code given again as figures, ``disarm``/``digicode`` as cues), now 0 / 0. Wave 3
(``wave3/``: 7 files, 19 values, 19 controls), written after the wave-2 fixes: main 9 / 9, those fixes 2 / 2
(a code asked in Portuguese and given in figures in the next message: the code words of four languages joined
the spoken cues), then 1 / 1, and 0 since round 12's ``lock-code``. All 50 files: main 52 strict / 64
balanced values leaked, now 0 / 0; controls changed 22 / 1, now 22 / 1 (strict: ``BALANCED_ONLY``;
balanced: ``KNOWN_LOST``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from redaction_helpers import (
    check_file_controls,
    check_file_values,
    check_secret_row,
    files_on_disk,
    redact_text,
    row_params,
)

ROOT = Path(__file__).resolve().parents[1] / "corpus" / "files_r11_docs"

#: file -> (labelled values that must not survive, controls that must survive in both modes)
FILES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    '2026-11-26.md': (
        ('Kstrl-PSK-9031-Wq', 'kestrel guest 0713', 'ATATT3xFfGF0q8sLm4Vx2Kt9Wz7Bn1Hc6JdR5pYe0Uo', '2580'),
        ('ok', '7h', 'Workshop on the data model ran 2 hours over', '45 min'),
    ),
    'INC0048213.txt': (
        ('Payr0ll-Reset-5520', '731 902'),
        ('INC0048213', 'Access', 'Cannot log in to the payroll portal after password expiry', '3 - Moderate',
         'Service Desk L1', 'Hello, your account has been unlocked.', 'Solved (Permanently)',
         'Password reset and MFA re-registration.', '0h 25m'),
    ),
    'Outlook thread - RE_ Site VPN.txt': (
        ('Porto#IPsec#2026!Vq', 'tmp-psk-Zx81Lq', 'F0rti-Porto_Adm'),
        ('the tunnel is up since 10:40.', 'Phase 1 lifetime stays at 28800 seconds.',
         'Please confirm the maintenance window 22:00–23:00.'),
    ),
    'README.md': (
        ('Seeded-Adm1n-Local', 'txk_sbx_4Fq9Lm2Vx7Kt3Wz8Bn'),
        ('Generates and sends customer invoices. Owned by team Billing.', 'Log in with the seeded admin:',
         'Run `make test` (takes about 3 minutes).'),
    ),
    'Re_ Re_ Fwd_ contract documents.eml': (
        ('Dr4ft-Room-Wk48', 'Zip!Contract#7731'),
        ('signed copy attached.', 'could you send the signed version by Friday?', 'Retention period: 10 years.'),
    ),
    'WhatsApp Chat with Équipe Lyon.txt': (
        ('1987B', 'Rhone&Saone_2026', '00471'),
        ("On arrive vers 9h30 pour l'inventaire.", 'Le scanner ne démarre pas, il demande un code',
         'Inventaire terminé, 318 palettes comptées.'),
    ),
    'backup-runbook.adoc': (
        ('Adoc-Db_Backup!77', 'Adoc-Restore_Pw62', 'Nas-Adoc#Pw2026', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYAdocKEY01'),
        ('Backups run nightly at 01:00 and take about 40 minutes.', 'Restores must be announced in the ops channel.',
         'NAS'),
    ),
    'call-transcript-helpdesk-0412.txt': (
        ('3 5 8 1 0 2', '6 6 4 9 3 0', 'Three five eight one zero two', 'six six four nine three zero',
         'Kilo - Delta - 7 - 7 - Lima'),
        ('ticket 0412', '06:14', 'IT helpdesk, how can I help?', 'Please change it when you are back in the office.',
         'Will do, thank you.'),
    ),
    'client-onboarding-checklist-Halvorsen.md': (
        ('Skagerrak-Blue-2209', '4806', 'Hs9vpn!Kq2m-Lr7x', 'Welkom-HS-3391'),
        ('Kick-off: Monday 30 Nov, 09:30 in meeting room Fjord (2nd floor)', 'takes 3 working days',
         'Read the security policy (about 20 minutes)', 'the code is reset every quarter', 'IT service desk',
         'client IT', '08:00–17:00'),
    ),
    'clients.org': (
        ('Brtw-Visitor-2026x', '70519', 'Brtw!Admin_4420', 'Oakf-Portal#88'),
        ('service desk', 'Send the statement of work', '3:00', 'Budget approved for Q1.'),
    ),
    'deployment.rst': (
        ('Rst-Smoke_Pw44', 'rst_tok_8Lm2Vx4Kt9Wz7Bn1Hc6J', 'Reg-Rst!2026q'),
        ('2.3', 'The staging cluster is rebuilt every Sunday at 02:00.',
         'Never run the smoke tests against production.'),
    ),
    'freshdesk-tickets-2026-11.csv': (
        ('9 1 4 0 7 2', '582731'),
        ('4411', 'Alarm code for the storage room', 'Low', 'Printer on floor 3 jams',
         'Paper tray 2 jams every 20 pages.'),
    ),
    'google-chat-thread-infra.txt': (
        ('Pgb0uncer_Stg!64',),
        ('morning! the staging DB is read-only since the patch', "I'll check the replication lag",
         'thanks. how long was it down?', 'about 35 minutes'),
    ),
    'handover-notes-workstation-fleet.md': (
        ('Dl-Sup3rvisor_71', '418209-331672-709834-052217-664483-290361-118855-740026',
         'quiet otter lends seven maps', '4417 9023', '8830 1256', '5092 7741', 'Escola do Bonfim'),
        ('Everything below was true on 27 Nov 2026.',
         '12 laptops are still waiting for the docking station firmware update.', 'used for the Play Console',
         'Order two replacement chargers (65 W)', 'Ticket INC-20417 with the vendor is waiting on them'),
    ),
    'imessage-Dad.txt': (
        ('XK7P-99QR-T4MW', 'Adm-8841-zw', '482193'),
        ('Can you help me with the new router tomorrow?', 'also the bank sent a code',
         'never share bank codes with anyone, not even me'),
    ),
    'minutes-steering-committee-2026-11-24.txt': (
        ('7302#', '2 6 1 8 9', 'harbour.tulip.44!', 'Atlas-Temp-Nov26'),
        ('Room 4.12', 'The minutes of 10 November were approved without changes.',
         'Wave 3 finished on Saturday at 03:40; 1.2 TB moved, 14 files skipped and re-queued.',
         'Spend to date is EUR 412,800 against a forecast of EUR 455,000.',
         'Decision: escalate to procurement by 1 December.', 'Next meeting: 8 December 2026, 14:00, same room.'),
    ),
    'notes-mixed-Brussels.txt': (
        ('Manneken-Wifi-2026', '2 9 0 4', 'Nas-Bxl!Adm_31', '771903'),
        ('Moving day is Saturday 5 December, start 08:00.', 'Movers arrive at 08:30, about 4 hours of work.'),
    ),
    'overdracht-wachtwoorden-Utrecht.txt': (
        ('Domtoren-Gast-88', '6093', '1 2 5 8', 'Gracht!Mailbox_26', 'Welkom-Utr-2026'),
        ('Overleg op donderdag 26 november om 13:00 in zaal 2.14.',
         'De huur loopt tot 1 juli; de opzegtermijn is drie maanden.'),
    ),
    'passagem-de-turno-Lisboa.txt': (
        ('Tejo-Escritorio-2026', '3 8 8 1', 'Srv!Lx-Ficheiros9', '604218', 'Bemvindo-Lx-07'),
        ('Reunião na sexta-feira, 27/11, às 10h, sala 1.', 'O orçamento anual é de 42 mil euros.'),
    ),
    'passaggio-consegne-Milano.txt': (
        ('9 2 6 4 1', '7710', 'Navigli-Ospiti-26', 'Mil4no!Duomo_Adm', 'panettone-vespa-nebbia-42'),
        ('Incontro del 23/11 alle 15:00, sala riunioni 5.', 'La manutenzione della caldaia è prevista per dicembre.'),
    ),
    'passation-acces-agence-Nantes.txt': (
        ('A2741', '8 0 3 5', 'Loire-Invites-2026', 'Nts!Admin-Brioche9', 'Bienvenue-Nts-01'),
        ('La réunion de passation a eu lieu le 24/11 à 10h00 en salle 3.',
         'Le contrat de maintenance se termine le 31 mars.'),
    ),
    'przekazanie-hasel-Krakow.txt': (
        ('Wawel-Smok-2026!', '1 4 7 0', '55213', 'Krk#Serwer_Adm77', '9036', 'Witaj-Krk-2026'),
        ('Spotkanie w środę 25.11 o 11:00, sala 204.', 'Umowa najmu kończy się w czerwcu.'),
    ),
    'signal-chat-ops-oncall.md': (
        ('iDr4c-Backup02#x', 'lamp violet forty crane'),
        ('disk alert on backup02 again', 'rebuilt the array, 2h 10m estimated', 'array healthy, closing the alert'),
    ),
    'slack-thread-copied.txt': (
        ('a3f91c07be5d2468e1f0c3b7a9d24e68', 'd8c2e0f4a6b1937c5e7d9f0a2b4c6e8f1a3b5c7d'),
        ('does anyone have the Datadog API key for the eu account?', 'perfect, dashboards are loading'),
    ),
    'telegram-result.json': (
        ('pay_sbx_Rq82Lm4Vx9Kt3Wz7Bn1Hc6Jd', 'Tg-Whk-s3cr3t-0xA91F'),
        ('who has the sandbox key for the payments provider?', '(sandbox only)', 'thanks, tests green'),
    ),
    'todo.txt': (
        ('8 4 2 7', 'jnk-Adm!n-3307', 'BeachHouse2026!'),
        ('Renew the domain for the blog +personal @computer due:2026-11-30', 'Pay the parking fine +car',
         'Book train to Utrecht +clientX @work'),
    ),
    'traspaso-credenciales-Sevilla.md': (
        ('Giralda-Wifi-2026', '4 4 9 1 0', '2207', 'Rtr_Sev!7734', 'Nomina-Temp-26'),
        ('Reunión de traspaso: martes 24, de 16:00 a 17:30.',
         'El presupuesto para el primer trimestre es de 18.000 euros.'),
    ),
    'voicemail-transcript-2026-11-23.txt': (
        ('six three zero nine eight', '6 3 0 9 8', 'one one four four'),
        ('Just to let you know the lift on the east side is out of order until Wednesday.',
         'Call me back if anything does not work. Thanks, bye.'),
    ),
    'wiki-office-access.md': (
        ('1 9 7 3', 'tvAms-2026', '661820', 'Kyocera!Ber-12', 'Castellana-88-Wlan'),
        ('Last updated: 2026-11-20 by the office manager.', 'Amsterdam', 'Front door', 'changes monthly', 'WPA3',
         'Lost badges: report to facilities within 24 hours.'),
    ),
    'zendesk-export-tickets.json': (
        ('Q3-Report!pdx88', 'zd_live_7Hq2Vb9Xk4Lm8Rt1Wn5Pz3Cy'),
        ('Share link for the quarterly report does not open', 'Hi, the link you sent asks for a password.',
         'Kind regards,', 'Works now, thank you!'),
    ),
    'Übergabe-Zugänge-Büro.txt': (
        ('Isar-Brezn-4471!', '5820', '3 1 9 6 7', 'Drucker_Muc#12', 'Postfach-Wiesn-2026', 'Wasserburg'),
        ('Ab Montag übernimmt das Support-Team die Betreuung.',
         'Bei Fragen bitte ein Ticket anlegen, Bearbeitungszeit 1 Werktag.'),
    ),
    # -- wave 2: written after the wave-1 fixes, to check they generalise (see the docstring) --
    'wave2/2026-12-02.md': (
        ('Nw-Rtr#Adm1n', 'nw guest autumn 44', '8 8 1 3'),
        ('6h', 'Review the firewall rules with the network team'),
    ),
    'wave2/WhatsApp Chat with Obra Madrid.txt': (
        ('5 1 6 2', 'Castilla_Obra#77', '0 9 3 8'),
        ('Buenos días, llegamos a las 8:30', 'perfecto, ya estamos dentro', 'gracias, hasta luego'),
    ),
    'wave2/call-notes-locksmith.txt': (
        ('nine two two five one', '92251', '4 7 7 0'),
        ('about 12 minutes', 'Invoice of EUR 180 follows by e-mail.'),
    ),
    'wave2/handover-Q4-finance-systems.txt': (
        ('Sap-QA!Winter26', 'Bios#Fin-2611', 'Kiwi-Tractor-19-Opal', 'RC7-44KQ-9PZL', 'RC7-81MX-2VWA', 'Mrs Okonkwo'),
        ('I am out from 14 Dec to 4 Jan; the backup owner is the finance IT lead.',
         'Month-end close takes 3 working days; start on the 28th.'),
    ),
    'wave2/minutes-works-council-2026-12-01.md': (
        ('3 0 7 7 2', '48-19-07', 'copper lantern drifts north'),
        ('09:00–10:15', 'B-017', 'The heating in wing C is fixed; cost EUR 2,340.',
         'Action: IT to update the visitor leaflet by 4 December (owner: IT).'),
    ),
    'wave2/obergabe-notizen.org': (
        ('Praxis-Sommer-5G!', '2294', 'Med!Soft_2026'),
        ('Termin mit dem Praxisteam am Donnerstag um 14 Uhr.',),
    ),
    'wave2/oncall.rst': (
        ('Dr-Site-PSK-88Lq', '6 6 0 2 1', '2719-4406'),
        ('Escalate after 30 minutes without progress.',),
    ),
    'wave2/support-ticket-48122-reply.eml': (
        ('A7K-2QX', 'Tmp#48122-yq', 'q4m8-z2kd'),
        ('we have reset the admin account as requested.', 'Ticket #48122 will close automatically in 5 days.',
         'We cannot log in since this morning.'),
    ),
    'wave2/teams-thread-copied.txt': (
        ('5f2b8d0e9a1c4376b8e2d5f0a7c3e19b',),
        ('Can someone share the staging API key? The integration tests fail.',
         'works, thanks! tests pass in 2 minutes now'),
    ),
    'wave2/telegram-chat-deploys.txt': (
        ('9c4e1b7a2f6d3085e1c7b9a4d2f60e8c3b5a7d1f9e2c4b6a8d0f3e5c7a9b1d3',),
        ('prod deploy at 15:00, any objections?', 'deployed, 4m 31s'),
    ),
    'wave2/traspaso-y-notas-mixtas.txt': (
        ('6 2 8 4', 'Router-Vlc!2026', '08152', '7741', 'B4419'),
        ('La mudanza es el lunes a las 9:00; dura unas 5 horas.', 'El contrato de limpieza cuesta 240 euros al mes.'),
    ),
    'wave2/wiki-wifi-and-doors.adoc': (
        ('Alfama-Net-0921', '7 2 5 9', 'Ribeira-Net-4410', '1 1 8 3'),
        ('Ask reception for a visitor badge (valid one day).', 'Lisbon'),
    ),
    # -- wave 3: written after the wave-2 fixes, to check those in turn --
    'wave3/Slack - thread payments.txt': (
        ('7e1f3a9c5b2d8e0f4a6c1b3d5e7f9a0c',),
        ("Where's the webhook signing secret for the payments sandbox?", 'found it, thanks'),
    ),
    'wave3/WhatsApp Chat with Casa Porto.txt': (
        ('2 7 7 4', 'Douro#Casa_61'),
        ('Chegaste bem?', 'obrigado, até amanhã'),
    ),
    'wave3/daily-2026-12-03.md': (
        ('602151-473308-118965-720341-559902-046618-337214-981507', 'lemon harbour quietly spins', '28417', '93051',
         '11-32-08'),
        ('migration', 'Call with the vendor moved to 16:00'),
    ),
    'wave3/facilities-handover-Gent.txt': (
        ('4 0 9 1 7', '3319', '27-04-66', 'Leie-Gast-2026!'),
        ('Vergadering van 2 december, 10:30–11:00, lokaal 1.07.', 'Schoonmaak op dinsdag en vrijdag, 2 uur per keer.'),
    ),
    'wave3/notes-interview-call.txt': (
        ('amber kettle glides twice', 'Ind-Wifi-3047', 'four, one, one, nine'),
        ('00:18:40', 'Got it, thanks.'),
    ),
    'wave3/runbook-alarms.adoc': (
        ('5 5 8 2', '0417'),
        ('Each panel logs arming events for 90 days.', 'North', 'battery replaced in May'),
    ),
    'wave3/ticket-SD-7731-export.txt': (
        ('Fc-Init-8831xq', '118 604'),
        ('SD-7731', 'VPN access for contractor', 'Done', 'P3', '40m',
         'Your access is ready; please install the client before Monday.'),
    ),
}

#: file -> {labelled value: (reason, modes)} left open on purpose; strict xfails so a fix shows.
KNOWN_LEAKS: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {}  # (the Gent safe: lock-code, round 12)

#: controls that hold in balanced mode only (strict redacts capitalised words off the allow list by design).
BALANCED_ONLY: set[str] = {
    "Password reset and MFA re-registration.", "Inventaire terminé, 318 palettes comptées.", "NAS",
    "Kick-off: Monday 30 Nov, 09:30 in meeting room Fjord (2nd floor)",
    "Decision: escalate to procurement by 1 December.", "Next meeting: 8 December 2026, 14:00, same room.",
    "Moving day is Saturday 5 December, start 08:00.", "Overleg op donderdag 26 november om 13:00 in zaal 2.14.",
    "Reunião na sexta-feira, 27/11, às 10h, sala 1.", "Incontro del 23/11 alle 15:00, sala riunioni 5.",
    "Spotkanie w środę 25.11 o 11:00, sala 204.", "Umowa najmu kończy się w czerwcu.",
    "Renew the domain for the blog +personal @computer due:2026-11-30",
    "Reunión de traspaso: martes 24, de 16:00 a 17:30.",
    "Bei Fragen bitte ein Ticket anlegen, Bearbeitungszeit 1 Werktag.",
    "Action: IT to update the visitor leaflet by 4 December (owner: IT).",
    "Termin mit dem Praxisteam am Donnerstag um 14 Uhr.", "Escalate after 30 minutes without progress.",
    "Chegaste bem?", "Vergadering van 2 december, 10:30–11:00, lokaal 1.07.",
    "Schoonmaak op dinsdag en vrijdag, 2 uur per keer.",
}

#: controls no mode keeps yet, with the reason (a names-module matter, not a secret rule): xfail in both.
KNOWN_LOST: dict[str, str] = {
    "Ab Montag übernimmt das Support-Team die Betreuung.":
        "'Ab Montag' (German 'from Monday') is read as a two-word proper name",
}

@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("rel", sorted(FILES))
def test_no_labelled_value_of_a_whole_file_survives(mode, rel):
    check_file_values(mode, ROOT, rel, FILES[rel][0], KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("rel", sorted(FILES))
def test_the_ordinary_text_of_a_whole_file_survives(mode, rel):
    check_file_controls(mode, ROOT, rel, FILES[rel][1], BALANCED_ONLY, KNOWN_LOST)


def test_every_corpus_file_is_labelled():
    assert files_on_disk(ROOT) == set(FILES)


#: The families the round's rules read, one short row each (family, text, values), and their near misses.
ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ("labelled-code", "Kod do drzwi: 1 4 7 0", ("1 4 7 0",)),
    ("labelled-code", "Türcode Hintereingang: 7731", ("7731",)),
    ("labelled-code", "- Código do portão: 3 8 8 1", ("3 8 8 1",)),
    ("labelled-code", "Codice del cancello: 7710", ("7710",)),
    ("labelled-code", "Le code du portail c'est 1987B", ("1987B",)),
    ("labelled-code", "Door code for the project room: 4806", ("4806",)),
    ("labelled-code", "the one-time code used was 731 902", ("731 902",)),
    ("labelled-code", "the bank sent a code 482193 is that normal?", ("482193",)),
    ("passphrase-words", "disk passphrase: quiet otter lends seven maps", ("quiet otter lends seven maps",)),
    ("named-key-value", "WPA key XK7P-99QR-T4MW on the sticker", ("XK7P-99QR-T4MW",)),
    ("named-key-value", "we will use the temporary PSK tmp-psk-Zx81Lq.", ("tmp-psk-Zx81Lq",)),
    ("chat-key-answer", "who has the Datadog API key?\n\nKenji  3:14 PM\na3f91c07be5d2468e1f0c3b7a9d24e68\n",
     ("a3f91c07be5d2468e1f0c3b7a9d24e68",)),
    ("note-property", "- type:: access\n  vpn-psk:: Kstrl-PSK-9031-Wq\n", ("Kstrl-PSK-9031-Wq",)),
    ("login-slash-pair", "The admin login on the Porto box is fwadmin / F0rti-Porto_Adm.", ("F0rti-Porto_Adm",)),
    ("read-key-group", "Agent: the recovery key, in groups.\nCaller: ok\nAgent: First group 3 5 8 1 0 2.\n"
                       "Caller: three five eight one zero two", ("3 5 8 1 0 2", "three five eight one zero two")),
    ("spelled-password", "your password is Kilo - Delta - 7 - 7 - Lima", ("Kilo - Delta - 7 - 7 - Lima",)),
    ("intl-label", "Clé WPA du wifi invités : Loire-Invites-2026", ("Loire-Invites-2026",)),
    ("intl-label", "Senha temporária do novo colaborador: Bemvindo-Lx-07", ("Bemvindo-Lx-07",)),
    ("intl-label", "wifi (NL: wachtwoord) = Manneken-Wifi-2026", ("Manneken-Wifi-2026",)),
    ("security-answer", 'Security question "name of your first school": Escola do Bonfim', ("Escola do Bonfim",)),
    ("security-answer", "Die Antwort auf die Sicherheitsfrage (Geburtsort) ist Wasserburg.", ("Wasserburg",)),
    ("asciidoc-table-cell", "|===\n|Site |Wi-Fi password |Door code\n\n|Lisbon\n|Alfama-Net-0921\n|7 2 5 9\n|===\n",
     ("Alfama-Net-0921", "7 2 5 9")),
    ("code-list", "Recovery codes for the treasury portal admin (one use each):\n  RC7-44KQ-9PZL\n  RC7-81MX-2VWA\n",
     ("RC7-44KQ-9PZL", "RC7-81MX-2VWA")),
    ("spoken-code-retold", "He read the master code: nine two two five one. Yes, 92251.", ("92251",)),
    ("labelled-code", "Your one-time login code is A7K-2QX and it expires in 15 minutes.", ("A7K-2QX",)),
    ("labelled-code", "Server room safe combination changed, new code: 48-19-07.", ("48-19-07",)),
    ("labelled-code", "Le digicode de l'immeuble : B4419", ("B4419",)),
    ("spoken-code", "Alarm at the DR site: disarm with 6 6 0 2 1.", ("6 6 0 2 1",)),
    ("spoken-code", "qual é o código da porta?\nInês: 2 7 7 4 e depois a chave", ("2 7 7 4",)),
    ("table-figures", "| Location | Door code |\n|---|---|\n| Front | 1 9 7 3 |\n", ("1 9 7 3",)),
]

CONTROLS: list[str] = [
    "Error code: 4031",
    "Exit code: 1370",
    "We booked cost centre code 4410 for the travel.",
    "Door code changes on 1 January.",
    "The gate code was changed on 12 March 2026.",
    "Building code 2021 applies to the new floor.",
    "the passphrase: same as the old one",
    "passphrase: stored in the vault",
    "the new key rotation runs on Friday",
    "WPA key length is 63 characters",
    "commit for the key rotation fix:\n3f9a2c1b0d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a",
    "mood:: ok\nsleep:: 7h",
    "the login for staging is in the wiki / vault",
    "First group of attendees arrives at 0900.",
    "La clave es la comunicación.",
    "Release code freeze: 12-11-26, then the tag.",
    "The error code is AB-1234 in the log.",
    "Backup codes (printed):\n  see the safe\n",
    "|===\n|Site |Owner |Hours\n\n|Lisbon\n|facilities\n|08:00\n|===\n",
    "Section 3: the alarm rings at 0 7 0 0 on weekdays",
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_row_of_the_round_families_never_leaks(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_near_misses_of_the_round_families_stay_readable(mode, text):
    assert redact_text(mode, text) == text
