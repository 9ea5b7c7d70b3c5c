# ruff: noqa: E501  (a table of whole files: one entry per file reads best)
"""Red-team hold-out probes, round 10 (hold-out round 13), for personal data (issue 11): WHOLE FILES, both modes.

Part 1, over-redaction: round 9's wave 2 (``tests/corpus/personal_r9/wave2/``) kept 88.8% of its strict
controls and wave 1 98.0%. The words strict changed there were fixed by family, not by word: drug names
before a dose (``Metformin 500 mg``), a maker's product line before its model (``Dell Latitude 7450``),
an upper-case code before a common word (``CPH-Retail``, ``TRD-Platform``), English ``-ancy``/``-ency``
nouns (``Tenancy Services``) and exhibit marks (``marked "SMC 1"``). What strict still changes there is
by the earlier rounds' design: an organisation with a legal suffix, a registered office, a practice's own
address and phone, the rented premises (an address), and two wave-1 rows (a Swedish common noun as a chat
group's name, an Argentine invoice number read as an id).

Part 2, wave 3: the files under ``tests/corpus/personal_r10/`` were written before reading the detectors, of
domains and countries earlier rounds did not hold: a Munich discharge letter (Krankenversichertennummer,
Rentenversicherungsnummer with its check digit), a Graz hospital letter (SVNR with its check digit), an
Italian HR export (codice fiscale with its check character), a Polish VAT invoice (NIP, PESEL), a Utrecht
lease (BSN, 11-proef), a Turkish payroll (TC Kimlik), a Brazilian CRM export (CPF, CNPJ), an Indian KYC sheet
(PAN, Aadhaar with Verhoeff), a Haifa volunteer list (teudat zehut, Hebrew names), a Japanese vCard address
book (〒 addresses, kana readings, My Number), a WeChat group export, a GitLab CI log with a git log (logins,
home paths, trailers) and an mbox with RFC 2047 headers, a folded address and quoted-printable bodies. Every
checksummed value is valid (computed by a script of our own). Controls: order and invoice numbers, ISO dates
not next to a birth label, amounts, versions, durations, drug doses, product names, departments, places.

Decisions: as round 9, a postal code alone (its own field) is neither a value nor a control, and a company
with a legal suffix (``Ltda``, ``ME``) or a hospital's own switchboard is an organisation's, redacted by
design, so no control; a birth place is a place (kept); ``Beit HaGefen`` (a venue) is a control.

Main, before the round (strict / balanced): wave 1 leaked 4 / 16 values and changed 4 / 6 controls (98.0%
kept in strict); wave 2 leaked 5 / 13 and changed 10 / 7 (88.8%); wave 3 leaked 19 / 26 of 219 values (in strict: 5
identifiers of item 1, one login of item 2, no phone and no encoded-mail value; the rest CJK and Hebrew
names and addresses) and changed 32 / 4 of 189 controls (83.1% kept in strict): capitalised German nouns after a number (``5 Tage``,
``6 Wochen``, ``09:30 Uhr``), drug names, department, city, stage and product cells (``Logistica``,
``Muhasebe``, ``São Paulo``, ``Proposta enviada``, ``Credit Card Platinum``), slash codes (``FV/2026/11/0387``),
places after ``am``/``te``; the values: a birth date and an RV number after aligned blanks, the Hebrew
header cells (``שם``, ``ת.ז.``), Japanese and Chinese addresses, Han names, ``whoami`` output.

Fixed by family: the keep families above and ``plain_fields`` (department / city / country / stage / status /
product / item fields as JSON values and table columns in CSV, semicolon, tab and pipe tables; dose names;
maker product lines; exhibit marks; in German text a capitalised word after an article, determiner or
contraction, ``die Wartezeit``, ``im Konferenzraum``, ``am Schöckl``; in Dutch text a word after ``te``),
``words_nouns`` (German count and time nouns, currency abbreviations after amounts, German abstract-noun
endings), slash and upper-case code prefixes in the name runs; id labels that are everyday words of other
languages (Polish ``dni`` days, ``nie`` not) take no value that opens with a word (``3 dni, kwota 1 250``);
a surname that is a word only by its suffix after a title (``Frau Huber``, ``Mr Walker``: main kept them); id labels take aligned blanks after the colon (``Geburtsdatum:       24.06.1976``);
``near_ids`` (a SIN, BSN, NIF, PESEL, TC Kimlik, teudat zehut or Aadhaar a few words or chat messages after
its label, proven by its check digit; the Cartão de Cidadão by its shape); ``local_people`` (in strict mode the login
a shell prints after ``whoami``, Japanese and Chinese street addresses, the vCard ``LABEL``, Han chat speakers,
``@`` mentions and spaced names starting with a family name, CJK names under JSON name keys); Hebrew and
Arabic header cells; Polish ``ul.``/``al.`` streets with their flat (``m. 15``); Brazilian neighbourhood keys;
a phone number after a spoken call cue (``Llámame al 612 345 674``, ``ligue para 912 345 678``: a 3-3-3 grouping
no phone rule read without a label, found by a probe after the wave); co-tenant, emergency-contact and signature labels, and labels opening a numbered item (``3. **Huurder:**``);
a labelled address ends at its sentence end (``…, CABA. Tel fijo …``: round 9's Argentine invoice number
after it is readable again); Hebrew toponyms and venues opened by a place word (``Beit HaGefen``, ``Kfar Saba``).

Now (strict / balanced): wave 1 leaks 0 / 12 and changes 2 / 5 controls (99.0% kept in strict); wave 2
leaks 0 / 8 and changes 5 / 5 (94.4%); wave 3 leaks 0 / 2 and changes 0 / 0 (100%). Round 9's known leaks
of CJK names and addresses, the BSN, NIF, CC and SIN after gap words, round 8's Polish streets, round 7's
Turkish department (balanced) and round 2's ``whoami`` (in strict) are fixed (their entries dropped). What is left is in ``KNOWN_LEAKS`` / ``KNOWN_GAPS``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from redaction_helpers import make, personal_file_cases, redacted_once
from test_holdout_personal_r7 import decoded_views

ROOT = Path(__file__).resolve().parents[1] / "corpus" / "personal_r10"
R9_ROOT = Path(__file__).resolve().parents[1] / "corpus" / "personal_r9"

#: file -> (values gone in both modes, values gone in strict, controls kept in both modes, controls kept in balanced)
WAVE3: dict[str, tuple[tuple[str, ...], ...]] = {
    'Entlassbrief_Klinikum_Schwabing_2026-11-27.txt': (
        ('Dr. med. Florian Weißgerber', 'Schleißheimer Str. 141', 'Hannelore Kreszentia Obermaier', '24.06.1976', 'Belgradstraße 37', '089 / 3071 4482', '0171 482 93 05', 'M703152844', '53240676B123', 'Weißgerber', 'Obermaier', 'Veronika Obermaier-Lindner', '0160 93 71 28 40', 'Prof. Dr. Sabine Hollerith-Pfaff', 'Dr. Tobias Zängerle'),
        (),
        ('27.11.2026', '2026-118733', '19.11.2026', 'J18.9', 'E11.9', 'Ampicillin/Sulbactam 3 g', '5 Tage', 'Amoxicillin 1000 mg', '2 Tage', '184 mg/l', '22 mg/l', 'Metformin 1000 mg', 'Ramipril 5 mg', '08.12.2026', '09:30 Uhr', 'AMB-44871'),
        (),
    ),
    'FV_2026_11_0387.txt': (
        ('Katarzyna Wróblewska-Nowak', '725-001-26-40', 'ul. Mickiewicza 48 m. 15', '12 654 38 20', '9517382646', '89071415281', '+48 601 238 417', 'k.wroblewska@onet.pl', 'PL07 2490 1014 0000 0712 0438 1572', 'Tomasz Nowak', '76112303476', 'Agnieszka Pietrzyk'),
        (),
        ('FV/2026/11/0387', '2026-11-30', '2026-11-28', '14 dni', '2026-12-14', 'Katalog A4, 48 str., kreda 170 g', '500', '6,20', '3 813,00', 'Ulotka DL dwustronna', '2000', '0,35', '861,00', '4 674,00 PLN', 'cztery tysiące sześćset siedemdziesiąt cztery złote 00/100', 'ZAM-2026-1142', 'WZ/11/0912'),
        (),
    ),
    'KYC_onboarding_batch_Nov2026.csv': (
        ('Rohan Venkatesh Iyer', 'AKRPI4821M', '4918 2736 4054', '1990-08-17', '+91 98450 31276', 'rohan.iyer90@gmail.com', 'No. 14, 3rd Cross, Indiranagar', '50100248719634', 'Priya Sharma', 'BXTPS7305K', '7102 9384 7568', '22/02/1985', '098201 44718', 'priya.sharma@rediffmail.com', 'Flat 402, Sai Krupa Apartments, Andheri (E)', '32841907652', 'Mohammed Faisal Qureshi', 'CQFPQ1187H', '3826 4917 5023', '05-11-1978', '+91-99100 28734', 'faisal.q@yahoo.co.in', 'H.No. 8-2-293, Road No. 12, Banjara Hills', '010401527893'),
        (),
        ('KYC-2026-110482', 'HDFC0000523', 'Low', 'Savings Max', 'Approved', 'KYC-2026-110497', 'SBIN0001234', 'Medium', 'Credit Card Platinum', 'Pending', 'KYC-2026-110503', 'ICIC0000104', 'High', 'Home Loan', 'Re-KYC'),
        (),
    ),
    'LKH_Graz_Arztbrief_SVNR.txt': (
        ('Johann Peter Kogelnig', '15.08.1979', '4723 150879', 'Annenstraße 58/3/12', '0316 71 84 29', '0664 / 381 27 94', 'Martina Kogelnig', '3823 030562', '+43 676 2184 550', 'Kogelnig', 'OA Dr. Elisabeth Puntigam'),
        (),
        ('2. Dezember 2026', '28.11.2026', 'Schöckl', 'S52.50', '29.11.2026', 'Synthes VA-LCP 2.4', '55 min', '< 50 ml', '6 Wochen', '2x pro Woche', '8 Wochen', '31.01.2027', '€ 23,40', 'RG-2026-0049812'),
        (),
    ),
    'bordro_2026_11.csv': (
        ('Ayşe Yılmaz Demir', '38291475672', '12.04.1988', '0532 418 27 90', 'Bağdat Cad. No: 214 D: 7', 'TR32 0001 0002 0139 3842 1750 01', 'Mehmet Emin Öztürk', '64027158328', '03.09.1979', '+90 544 812 33 07', 'Atatürk Bulvarı No: 88/5', 'TR02 0006 4000 0011 2345 6789 02', 'Zeynep Çelik', '25190736430', '27.11.1996', '(0232) 463 19 84', 'Kıbrıs Şehitleri Cad. 141/3', 'TR89 0004 6007 8888 8000 1234 56'),
        (),
        ('P-1027', 'Muhasebe', '64.500,00', '48.912,35', '30', 'P-1031', 'Satış', '72.000,00', '53.880,10', 'P-1044', 'Bilgi İşlem', '58.250,00', '44.301,77', '28', '194.750,00', '147.094,22'),
        (),
    ),
    'ci_job_48213_release.log': (
        ('mkowalczyk', 'Marta Kowalczyk', 'marta.kowalczyk@brightlane.io', 'Dmitri Volkov', 'd.volkov@brightlane.io', 'svc-deploy-mkowal', 'dvolkov', 'tanaka.hiroshi', 'Oyelaran.Tunde', 'jhernandez', 'Hiroshi Tanaka', 'h.tanaka@brightlane.io', 'Tunde Oyelaran', 'tunde.oyelaran@gmail.com', 'jhernandez@users.noreply.github.com', 'ops-rkumar', 'rkumar'),
        (),
        ('17.5.2', 'c5d4f7a1', 't3_Zk9w', 's_8f21c0a9e4b7', '4471', '48213', '90114', 'requests==2.32.3', 'pydantic==2.9.2', 'requests-2.32.3', 'pydantic-2.9.2', '100%', '412 passed', '38.17s', '2026.11.4', '88', '256', '2m 41s', '9f3c2b71e08d4a6f5b1c7e2d9a0f4b3c8e6d1a25', 'Thu Nov 26 17:04:12 2026 +0100', 'Fri Nov 27 09:30:55 2026 +0100', 'pydantic', '2.9.2', '#1187', '5a0e7d3c19b84f2a6c0d9e1b7f3a5c8d2e4b6f10', 'Wed Nov 25 22:18:40 2026 -0600', 'timeout', '30s', 'release.py', 'JIRA BL-2291'),
        (),
    ),
    'dipendenti_export_2026-11.csv': (
        ('Marin', 'Giuseppe', 'MRNGPP83C14F205J', '14/03/1983', 'Via Padova 118', '+39 347 218 4490', 'g.marin@libero.it', 'IT38 Y030 6909 6061 0000 0063 271', 'Castelli', 'Laura', 'CSTLRA91R52H501M', '12/10/1991', 'Viale Trastevere 62, int. 7', '333 904 1127', 'laura.castelli91@gmail.com', 'IT24 K020 0802 4350 0010 4812 339', 'Bernardi', 'Matteo', 'BRNMTT77A01L736X', '01/01/1977', 'Calle dei Fabbri 4712', '041 522 8391', 'matteo.bernardi@pec.it', 'IT60 X054 2811 1010 0000 0123 456', 'Galli', 'Francesca', 'GLLFNC95D48A944R', '08/04/1995', "Via dell'Indipendenza 29", '(051) 23 48 917', 'f.galli@tiscali.it', 'IT33 L030 6902 4611 0000 0004 321'),
        (),
        ('IT-00412', 'Milano', 'Logistica', '38.500,00', '2019-04-01', 'IT-00418', 'Roma', 'Amministrazione', '42.000,00', '2021-09-13', 'IT-00433', 'Venezia', 'Vendite', '51.200,00', '2015-02-16', 'IT-00440', 'Bologna', 'R&D', '46.750,00', '2023-11-06'),
        (),
    ),
    'huurovereenkomst_Utrecht_Oudegracht.md': (
        ('Sanne Willemijn de Groot', '3 februari 1994', '302185744', 'Biltstraat 211', '3572 AS', '06-18 47 29 03', 'sanne.degroot@kpnmail.nl', 'Bram van Leeuwen', '17-09-1992', '173849258', '+31 6 2938 4710', 'Oudegracht 318-bis', 'NL05 RABO 0312 8475 66', 'S.W. de Groot', 'Henk de Groot', '030 - 271 48 92', 'B. van Leeuwen'),
        (),
        ('HO-2026-0731', '2.1', '2026-11-20', 'Amersfoort', '64 m²', '3 kamers', 'B', '€ 1.245,00', '€ 85,00', '€ 2.490,00', '1 januari 2027', '1 maand', 'Utrecht'),
        (),
    ),
    'rdstation_contatos_export.json': (
        ('Ana Luíza Carvalho Mendes', '361.804.975-75', '1987-05-22', 'analuiza.mendes@uol.com.br', '(11) 98472-1530', 'Rua Augusta, 2690, apto 81', 'Jardins', '45.678.912/0001-55', 'Ricardo Mendes', '11 99731-4408', 'Fernando Augusto Ribeiro', '148.203.957-50', '1975-12-03', 'fernando.ribeiro@terra.com.br', '+55 21 3287-6610', 'Av. Nossa Senhora de Copacabana, 1033, sala 502', 'Copacabana', '27.381.045/0001-00', '730.519.264-34', 'Juliana Ribeiro'),
        (),
        ('2026-12-01T11:42:09-03:00', 'Vendas B2B Sudeste', '771204', 'São Paulo', 'OPP-2026-3318', 'R$ 48.900,00', 'Proposta enviada', 'ERP Nuvem Plus', 'segunda-feira', '771219', 'Rio de Janeiro', 'OPP-2026-3342', 'R$ 12.400,00', 'Negociação', 'ERP Nuvem Start', '3 parcelas'),
        (),
    ),
    'volunteers_list_Haifa.md': (
        ('Noa Ben-David', 'נועה בן-דוד', '204817365', '050-742-1893', 'Herzl St 42, Hadar', 'Yossi Mizrahi', 'יוסי מזרחי', '315790246', '052-318-4470', 'Moriah Blvd 118', 'Rania Haddad', 'רניא חדאד', '059283713', '+972 54-612-0395', 'Wadi Nisnas, Khuri St 7', 'Avital Rosenberg', '034567818', '04-852-7716', 'IL72 0108 0000 0009 9921 734'),
        (),
        ('December 2026', '1', 'Sun 16:00-20:00', '2', 'Tue 10:00-14:00', '3', 'Fri 08:00-12:00', 'FS-2026-12', '2026-12-10', '3 hours', 'Beit HaGefen'),
        (),
    ),
    'アドレス帳_2026.vcf': (
        ('鈴木 一郎', '鈴木', '一郎', 'スズキ', 'イチロウ', '090-3318-4472', '03-3721-0946', '目黒区自由が丘1-24-8', '〒152-0035 東京都目黒区自由が丘1-24-8', '1981-07-09', '304182759367', '高橋 美咲', '高橋', '美咲', '080-5127-3390', '中央区本町4-1-13 本町ビル5F', '〒541-0053 大阪府大阪市中央区本町4-1-13 本町ビル5F', 'misaki.takahashi@mirai-butsuryu.co.jp', '田中 健太', '+81 90-8842-1175', '博多区博多駅前2-19-24', '812-0011', '1993年4月2日'),
        (),
        ('3.0', 'M-20931', '株式会社みらい物流', '2027年1月15日', '¥3,200,000'),
        (),
    ),
    '微信聊天记录_项目群_2026-11.txt': (
        ('王小明', '李娜', '张伟', '北京市朝阳区建国路88号SOHO现代城2号楼1703室', '138 1024 5579', '陈静', '440306199208152626', '6222 0212 0300 4718 291', '刘洋', '+86 139-1634-8820', '021-6218 4470'),
        (),
        ('2026-11-28', '09:12', 'v2.3.1', '30分钟', '09:15', '09:18', 'DD20261128004512', '¥12,800.00', '09:26', '09:31', '09:40', '上海', 'Q4', '12月3日', '14:00', '3B'),
        (),
    ),
}
FILES = WAVE3

_BOTH = ("strict", "balanced")
_BAL = ("balanced",)


def _known(rows) -> dict[tuple[str, str, str], str]:
    return {(mode, f, v): reason for f, v, modes, reason in rows for mode in modes}


#: ``(mode, file, value)`` still raw after the round, with the reason: strict xfails, so a fix shows.
KNOWN_LEAKS: dict[tuple[str, str, str], str] = _known((
    ('ci_job_48213_release.log', 'svc-deploy-mkowal', _BAL, 'the login whoami prints: balanced keeps a command\'s plain output readable (the secrets\' round 6 controls), strict redacts it'),
    ('huurovereenkomst_Utrecht_Oudegracht.md', 'S.W. de Groot', _BAL, 'initials and a particle before a surname (after "t.n.v." and a signature label): balanced reads no unconfigured name of that shape'),
))
#: ``(mode, file, control)`` still changed after the round, with the reason.
KNOWN_GAPS: dict[tuple[str, str, str], str] = _known((
))

_REDACTORS: dict[str, object] = {}


def _red(mode: str):
    return _REDACTORS.setdefault(mode, make(mode))


def _out(mode: str, name: str, root: Path = ROOT) -> str:
    return redacted_once(mode, root, name)


def _cases(kind: str):
    return personal_file_cases(FILES, kind, KNOWN_LEAKS, KNOWN_GAPS)


@pytest.mark.parametrize(("mode", "name", "value"), list(_cases("leak")))
def test_no_value_of_a_round_10_file_survives_raw_or_decoded(mode, name, value):
    assert value not in decoded_views(_out(mode, name))


@pytest.mark.parametrize(("mode", "name", "control"), list(_cases("keep")))
def test_every_control_of_a_round_10_file_survives(mode, name, control):
    assert control in _out(mode, name)


def test_strict_mode_keeps_at_least_97_percent_of_the_round_10_controls():
    keeps = [(name, k) for name, (_, _, ks, _) in WAVE3.items() for k in dict.fromkeys(ks)]
    kept = sum(k in _out("strict", name) for name, k in keeps)
    assert kept >= 0.97 * len(keeps), (kept, len(keeps))


def test_strict_mode_keeps_more_of_round_9s_controls_than_main_did():
    """Round 9's wave 2 kept 88.8% of its strict controls on main and wave 1 98.0%; now 94.4% and 99.0%
    (what strict still changes there is by design: see the docstring)."""
    from test_holdout_personal_r9 import WAVE1, WAVE2
    for wave, floor in ((WAVE2, 0.94), (WAVE1, 0.985)):
        keeps = [(name, k) for name, (_, _, ks, _) in wave.items() for k in dict.fromkeys(ks)]
        kept = sum(k in _out("strict", name, R9_ROOT) for name, k in keeps)
        assert kept >= floor * len(keeps), (kept, len(keeps))


def test_the_round_10_table_is_broad_and_names_real_files():
    assert len(WAVE3) >= 12
    assert sum(len(v[0]) + len(v[1]) for v in FILES.values()) >= 200
    assert sum(len(v[2]) + len(v[3]) for v in FILES.values()) >= 180
    assert all((ROOT / name).is_file() for name in FILES)
    assert all(k in FILES for _, k, _ in KNOWN_LEAKS) and all(k in FILES for _, k, _ in KNOWN_GAPS)


def test_the_checksummed_values_of_the_corpus_are_valid():
    """The ids of the files pass their own checks (a detector that relies on a check digit is tried fairly)."""
    from redacted_context_mcp.redaction.near_ids import bsn_ok, pesel_ok, tckn_ok
    from redacted_context_mcp.redaction.validators import cpf_ok, iban_ok, verhoeff_ok
    for v in ("302185744", "173849258"):
        assert bsn_ok(v)
    for v in ("89071415281", "76112303476"):
        assert pesel_ok(v)
    for v in ("38291475672", "64027158328", "25190736430", "10563729058"):
        assert tckn_ok(v)
    for v in ("361.804.975-75", "148.203.957-50", "730.519.264-34"):
        assert cpf_ok(v)
    for v in ("491827364054", "710293847568", "382649175023"):
        assert verhoeff_ok(v)
    for v in ("IL72 0108 0000 0009 9921 734", "TR89 0004 6007 8888 8000 1234 56", "PL07 2490 1014 0000 0712 0438 1572",
              "IT33 L030 6902 4611 0000 0004 321", "NL05 RABO 0312 8475 66", "DE96 7205 0101 0089 4372 10"):
        assert iban_ok(v.replace(" ", ""))


# --- the families fixed in this round: hits and near misses, both modes ---------------------------------------

#: (family, text, values that must go, controls that must stay, modes)
FAMILY_ROWS = (
    ("thing-json", '{"cidade": "São Paulo", "etapa": "Proposta enviada", "produto": "ERP Nuvem Plus", "status": "escalated to Anna Berg by Tom today"}',
     ("Anna Berg",), ("São Paulo", "Proposta enviada", "ERP Nuvem Plus"), ("strict",)),
    ("thing-columns", "Nachname;Vorname;Abteilung;Stadt;Produkt\nKowalski;Jan;Vertrieb;Köln;Credit Card Platinum\n",
     ("Kowalski",), ("Vertrieb", "Köln", "Credit Card Platinum"), _BOTH),
    ("thing-columns", "Lp. | Nazwa towaru lub usługi | Ilość\n1   | Ulotka DL dwustronna | 2000\n", (),
     ("Ulotka DL dwustronna",), _BOTH),
    ("dose-names", "Medikation: Metformin 1000 mg 1-0-1, Ramipril 5 mg, Ampicillin/Sulbactam 3 g i.v.", (),
     ("Metformin 1000 mg", "Ramipril 5 mg", "Ampicillin/Sulbactam 3 g"), _BOTH),
    ("german-nouns", "über 5 Tage, nach 6 Wochen, 2x pro Woche, um 09:30 Uhr; Entlassung und Wiedervorstellung", (),
     ("5 Tage", "6 Wochen", "pro Woche", "09:30 Uhr", "Entlassung", "Wiedervorstellung"), _BOTH),
    ("maker-models", "Laptop Dell Latitude 7450, Lenovo ThinkCentre M70q; Mr Dell Hughes called", ("Hughes",),
     ("Dell Latitude 7450", "Lenovo ThinkCentre M70q"), _BOTH),
    ("code-prefixes", '{"name": "CPH-Retail"}, FV/2026/11/0387, WZ/11/0912; Contact: ANNA-LENA Berg', ("Berg",),
     ("CPH-Retail", "FV/2026/11/0387", "WZ/11/0912"), ("strict",)),
    ("exhibit-marks", 'A copy is exhibited marked "SMC 1"; Anlage K 3 liegt bei.', (), ('"SMC 1"', "Anlage K 3"), _BOTH),
    ("locatives", "Sturz am Schöckl und die Fraktur ist gut. Geboren te Amersfoort, wonende in Utrecht. I am Sarah; hey im Jake.", ("Sarah", "Jake"),
     ("am Schöckl", "te Amersfoort"), ("strict",)),
    ("german-determiners", "Bitte beachten Sie die Wartezeit und der nächsten Kontrolle im Konferenzraum. Die Therapie ist gut.", (),
     ("Wartezeit", "nächsten Kontrolle", "Konferenzraum", "Therapie"), _BOTH),
    ("german-determiners", "Die Hard is a film; I am Sarah", ("Sarah",), ("Die Hard",), ("strict",)),
    ("title-surnames", "Sie sprach mit Frau Huber und Herrn Weber; Mr Walker met Dear Customers. Hi Team", ("Huber", "Weber", "Walker"),
     ("Dear Customers", "Hi Team"), _BOTH),
    ("word-labels", "w ciągu 3 dni, kwota 1 250,00 zł; nie ma 2 000 zł; toplam 2.450,00 TL; DNI: 12345678Z", ("12345678Z",),
     ("3 dni, kwota 1 250,00 zł", "nie ma 2 000 zł", "2.450,00 TL"), _BOTH),
    ("address-sentence-end", "Domicilio: Av. Corrientes 1847, piso 6 depto B, CABA. Tel fijo (011) 4371-2290. Factura A-0003-00018422",
     ("Corrientes 1847", "4371-2290"), ("Factura A-0003-00018422",), _BOTH),
    ("address-sentence-end", "Domicilio: Calle Durango 245, Int. 3, Col. Roma Norte, C.P. 06700. Tel: 55 4172 9083",
     ("Durango 245", "Int. 3", "Roma Norte", "06700", "4172 9083"), (), _BOTH),
    ("hebrew-places", "Course at Beit HaGefen, Kfar Saba and Ramat Gan; coordinator Noa Ben-David", ("Noa Ben-David",),
     ("Beit HaGefen", "Kfar Saba", "Ramat Gan"), ("strict",)),
    ("call-cue-phones", "Llámame al 612 345 674 mañana; ligue para 912 345 678; call me at 0412 738 205; llámame al 612345674",
     ("612 345 674", "912 345 678", "0412 738 205", "612345674"), (), _BOTH),
    ("call-cue-phones", "the number is 2 500 000 and call me later; llama al 3 de mayo 2026; mi número de pedido 2026-118733", (),
     ("2 500 000", "3 de mayo 2026", "2026-118733"), _BOTH),
    ("abstract-nouns", "lodged with Tenancy Services and the Emergency Agency", (), ("Tenancy Services",), _BOTH),
    ("aligned-labels", "Geburtsdatum:       24.06.1976\nRV-Nummer:          53240676B123\nFall-Nr.:           2026-118733",
     ("24.06.1976", "53240676B123"), ("2026-118733",), _BOTH),
    ("near-ids", "her SIN, which she gave as 139 572 846; BSN for the subsidy form: 382910473", ("139 572 846", "382910473"), (), _BOTH),
    ("near-ids", "her SIN, which she gave as 139 572 847; BSN for the form: 382910474; order 239817461", (),
     ("139 572 847", "382910474", "239817461"), _BOTH),
    ("near-ids", "preciso do NIF de todos\no meu é 239817460\n192837460 e o IBAN\nPESEL ojca, proszę: 76112303476",
     ("239817460", "192837460", "76112303476"), (), _BOTH),
    ("shell-logins", "$ uname\nLinux\n$ whoami\nsvc-deploy-mkowal\nPS C:\\> whoami\ncorp\\tdekker\n", ("svc-deploy-mkowal", "tdekker"),
     ("Linux",), ("strict",)),
    ("shell-logins", "$ whoami\njdoe\n", (), ("jdoe",), _BAL),
    ("cjk-addresses", "LABEL;TYPE=HOME:〒152-0035 東京都目黒区自由が丘1-24-8\n地址 北京市朝阳区建国路88号SOHO现代城2号楼1703室，订单号 DD20261128004512，版本 v2.3.1",
     ("自由が丘1-24-8", "建国路88号", "1703室"), ("DD20261128004512", "v2.3.1"), _BOTH),
    ("cjk-names", "王小明 09:12\n大家早，v2.3.1 今天发布。\n\n李娜 09:15\n客户 张伟 的电话。@陈静 收到\n{\"name\": \"김민준\"}",
     ("王小明", "李娜", "张伟", "陈静", "김민준"), ("v2.3.1", "今天发布"), _BOTH),
    ("hebrew-columns", "| Name | שם | ת.ז. | Phone |\n|---|---|---|---|\n| Noa | נועה בן-דוד | 204817365 | 050-742-1893 |\n",
     ("נועה בן-דוד", "204817365", "050-742-1893"), (), _BOTH),
    ("polish-streets", "Nabywca: ul. Mickiewicza 48 m. 15, 31-120 Kraków; Smith et al. 2019", ("Mickiewicza 48", "m. 15"),
     ("et al. 2019",), _BOTH),
    ("neighbourhood-keys", '{"logradouro": "Rua Augusta, 2690", "bairro": "Jardins", "cidade": "São Paulo"}', ("Jardins", "Augusta"),
     ("São Paulo",), _BOTH),
    ("numbered-labels", "3. **Medehuurder:** Bram van Leeuwen, geboren\nNoodcontact: Henk de Groot (vader)", ("Bram van Leeuwen", "Henk de Groot"),
     (), _BOTH),
)


def _family_params():
    for i, (family, text, gone, kept, modes) in enumerate(FAMILY_ROWS):
        for mode in modes:
            yield pytest.param(mode, text, gone, kept, id=f"{mode}-{family}-{i}")


@pytest.mark.parametrize(("mode", "text", "gone", "kept"), list(_family_params()))
def test_each_round_10_family_catches_its_shape_and_keeps_its_near_misses(mode, text, gone, kept):
    out = _red(mode).redact(text).text
    assert [v for v in gone if v in out] == [], out
    assert [k for k in kept if k not in out] == [], out


_HOSTILE_UNITS = ('"department": "', '"cidade": "a', "Abteilung;", "a;b;Stadt\n", "Metformin 1 ", "Aaaa/", "am Aa",
                  "Dell Aa ", "Dell Aa-B ", 'marked "', "sin 1", "bsn 123 456 ", "nif\n", "$ whoami\n", "〒1", "市区1-",
                  "東京都", "路1号", "王小明 ", "@王", ' 王小 ', '"name": "', "ADR:;;", "LABEL:", "ul. Aa 1 m", "3. ",
                  "Geburtsdatum:" + " " * 30, "CPH-", "AB/1", "call me at 12 ", "llámame al 1-", "Beit Ha", "Domicilio: A. B")


@pytest.mark.parametrize("unit", _HOSTILE_UNITS)
def test_the_round_10_rules_stay_linear_on_hostile_repetitions(unit):
    import time
    text = (unit * (100_000 // len(unit) + 1))[:100_000]
    start = time.process_time()
    _red("strict").redact(text)
    assert time.process_time() - start < 8.0, unit
