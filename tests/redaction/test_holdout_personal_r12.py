# ruff: noqa: E501  (a table of whole files: one entry per file reads best)
"""Red-team hold-out probes, personal round 12 (hold-out round 15), for personal data (issue 11): WHOLE FILES, both modes.

The files under ``tests/corpus/personal_r12/`` were written before reading the detectors, in domains earlier rounds
did not hold (r9-r11 had HR and payroll exports, travel, claims, clinic letters, CRM notes, KYC logs, leases of
Utrecht and Johannesburg, school rosters): a Canadian university's admissions offers (SIN with and without
separators, birth dates in five formats), a Zurich tenancy contract with its parties side by side in a transposed
Markdown table (AHV numbers, ``2. Juli 1991``, a Swiss IBAN), an Oslo law firm's case notes (fødselsnummer, CPR,
HETU, ``f. 23.02.1991``, Norwegian, Danish and Finnish phones, a street ``Thereses gate 41``), a Zendesk ticket
export (PESEL, NIF, codice fiscale and a Polish IBAN inside descriptions, phones under ``phone`` keys and after
``Kontakt:``), a Jira export (home directories of Windows, macOS and Linux, a zsh prompt, ``ssh x@host``), a
Brazilian telecom bill (CPF printed and bare, a MEI's CNPJ, ``(11) 98765-4321`` beside call durations), a US
medical-billing worklist (SSN, NPI with its Luhn, ``11-Jan-1981``, a guarantor in an aligned form), an IRCC
immigration case file (UCI, passports, SIN), a customs manifest (RFC, CPF, BSN and phones under ``CONSIGNEE_*``
columns, container numbers with their ISO 6346 check digits as controls), a KubeCon attendee list (phones of JP, KR,
DE, FR, ES, DK, IN, PT and Kubernetes label keys), a Seoul / Tokyo payroll TSV in two blocks (주민등록번호, 個人番号,
Hangul and Han names under ``성명`` / ``氏名``), an EU payslip run of NL/IT/PL/PT/SE, a registrar's mbox (RFC 2047
B and Q words, folded To/Cc headers, quoted-printable bodies whose soft breaks split a birth date and a phone), a git
log (``Author:``, ``Signed-off-by``, ``Co-authored-by``, a login as author, home paths), a GitLab CI job
(``GITLAB_USER_LOGIN``, an STS ARN with the login, AWS account ids in ARNs, a ``[x@host dir]$`` prompt) and a Slack
export (user objects, an Ethereum and a bech32 address, routing and account numbers, a Danish IBAN). Every
checksummed value is valid (computed by a script of our own, checked below); the controls include same-shape
numbers, ISO dates not beside a birth label (a passport's expiry, decision dates), durations, amounts, versions,
CVE ids, ticket, order, invoice and claim ids, CPT / ICD-10 codes, HS codes, Incoterms, time zones, Kubernetes
label keys and the header cells of the tables.

Decisions: as rounds 9-11, a company's own name, address and numbers are an organisation's (no value, no control),
a postcode alone is neither, employee, student and staff numbers (``Personeelsnr: NL-2231``, ``Opiskelijanumero``)
are controls, a first name or a surname alone is a strict-mode value. An insurance member id (``BHH-004417829``),
the Atlassian ``accountId`` and Slack user ids are neither. A routing number names a bank, but after its label next
to an account number it is a value (the issue lists them). The login ``git`` of ``git@host`` is a service account:
the whole ``git@git.acme.internal`` is a control; in ``ssh -o ... jbaptiste@staging-02.acme.internal`` the login is
a value and the host a control.

Main, before the round (strict / balanced): 16 / 26 of 278 / 270 values leaked and 32 / 11 of 420 / 429 controls
changed (92.4% kept in strict). Strict: the Korean and Japanese names under ``성명`` / ``氏名`` (5) and a Korean name
after ``담당:``, a lone ``佐藤``, NPI twice, ``11-Jan-1981``, the UCI, ``2. Juli 1991`` in a transposed table,
``f. 23.02.1991``, ``Kontakt: 512 345 678``, a Mexican phone under ``CONSIGNEE_PHONE``, a DOB four words after
``DOB``; balanced also the transposed names, ``Sanne de Jong`` after ``Werknemer:``, a guarantor and a guardian,
``Pieter-Jan de Vries`` and ``Prinsengracht 712-II`` under ``CONSIGNEE*``, ``Thereses gate 41``. Controls: field
labels, statuses and line items read as names in strict (``Mechanical Engineering``, ``Offer - Unconditional``,
``CPT``, ``POS``, ``IMM 1344``, ``DDP``, ``Laptops``, ``Lagerchef``, ``Técnico de Suporte``, ``Plano Vivo
Controle``, ``Ethereum mainnet``...), call durations eaten by the phone before them (``(21) 99812-4471      00`` in
both modes), ``Sex: F``, hosts of ``ssh x@host`` and ``git@host`` read as e-mail addresses, a mail's
``Admissions Office``, a UPS tracking number, a JSON user named ``Support Bot``.

Fixed by family: *domain words* (new data module ``words_domain``: admissions, tenancy, billing, customs, telecom,
payroll and crypto words, none a name); *columns*: Korean and Japanese header cells (``성명``, ``氏名``, ``휴대전화``,
``주민등록번호``, ``個人番号``...), ``consignee`` names, owner words before a column noun (``CONSIGNEE_PHONE``,
``DELIVERY_ADDRESS``), a second tab-separated table after a blank line, and (new module ``columns_rows``) the rows of
a transposed Markdown table whose first cell names a personal column (a cell of lexicon words only stays: a field
list's ``string, required``); the SQL rows moved to ``columns_sql`` (``columns`` stays under 600 lines); *labelled
rows*: NPI (Luhn behind 80840, ``id_checks.npi_ok``), UCI, ``f.`` / ``født`` / ``född`` before a whole dd.mm.yyyy
date, ``dd-Mon-yyyy`` in the birth-date grammar; *phones*: a candidate ends at a column gap of two blanks (when
seven digits stay before it), ``Kontakt:`` is a cue like ``Contact:``; *logins*: ``x@host`` after ``ssh``/``scp``/
``rsync`` options is a login and a host, no e-mail (the login stays ``usernames``' ssh-login, ``git`` a service
account); *names*: a lone letter after a label is a code (``Sex: F``), ``Guarantor:`` / ``Guardian:`` / ``Spouse:``
after a column gap mid-line, payslip and applicant labels at a line start (``Werknemer``, ``Pracownik``,
``Colaborador``, ``Anställd``, ``Principal applicant``, ``Guarantor``...), ``담당`` as a Korean name label;
*addresses*: Nordic two-word streets (a genitive and ``gate``/``gata``/``gade``/``vei``/``vej``, a house number).

Now (strict / balanced): 2 / 1 of 278 / 270 values leak and 2 / 2 of 420 / 429 controls change (99.5% kept in both
modes); what is left is in ``KNOWN_LEAKS`` / ``KNOWN_GAPS`` with its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from redaction_helpers import make, personal_file_cases, redacted_once
from test_holdout_personal_r7 import decoded_views

ROOT = Path(__file__).resolve().parents[1] / "corpus" / "personal_r12"

#: file -> (values gone in both modes, values gone in strict, controls kept in both modes, controls kept in balanced)
FILES: dict[str, tuple[tuple[str, ...], ...]] = {
    'admissions_offers_2027_intake.csv': (
        ('Priya Ramanathan', '14/03/2008', '346 128 739', 'priya.ramanathan@rogers.com', '(416) 902-3318', 'Étienne Gagnon-Roy', '2008-07-02', '527 391 841', 'etienne.gagnonroy@videotron.ca', '(514) 738-2290', 'Hannah Kowalczyk', '23 Sep 2007', '130-482-763', 'h.kowalczyk07@gmail.com', '(604) 881-4127', 'Oluwaseun Adeyemi', 'May 5 2008', 'seun.adeyemi@outlook.com', '+234 803 412 7789', 'Lin Mei-Hua', '08.11.2007', 'meihua.lin2007@yahoo.com.tw', '0912-274-331'),
        (),
        ('Application ID', 'Legal Name', 'Date of Birth', 'Program', 'Status', 'Decision Date', 'Award', 'APP-2027-10482', 'Computer Science (BSc)', 'Offer - Conditional', '2027-02-11', 'CAD 5000', 'APP-2027-10517', 'Mechanical Engineering', 'Offer - Unconditional', 'APP-2027-10533', 'Life Sciences', 'Waitlisted', '2027-02-18', 'APP-2027-10561', 'Economics (BA)', 'CAD 2500', 'APP-2027-10590', 'Architecture', 'Refused', '2027-02-25'),
        (),
    ),
    'Mietvertrag_Zuerich_Seefeld_3B.md': (
        ('Brunner, Matthias', 'Matthias', 'Keller Brunner', 'Anouk', '14.03.1988', '2. Juli 1991', '756.1234.5678.97', '756.9182.7364.57', '079 312 45 67', '076 448 20 19', 'm.brunner@bluewin.ch', 'anouk.keller@gmx.ch', 'Hohlstrasse 214', 'CH93 0076 2011 6238 5295 7', 'Matthias Brunner', 'Frau Keller', 'Ruth Keller', '044 268 11 90'),
        (),
        ('ZH-SF-112-3B', 'Mieter 1', 'Geburtsdatum', 'AHV-Nummer', '3.5-Zimmer-Wohnung', '84 m²', 'Nr. 7', '2027-01-01', '2028-03-31', "CHF 2'450.00", 'CHF 210.00', "CHF 2'660.00", '1.75 %', '107.1 Punkte', "CHF 7'350.00", '28. November 2026', 'V-2026-0871', 'Version 2'),
        (),
    ),
    'case_notes_Lindholm_v_Nordvik.txt': (
        ('Sigrid Lindholm', '14 March 1988', '14038849787', '412 34 567', 'Thereses gate 41', 'Mikkel Sørensen', '020791-4010', '20 48 13 76', 'Aino Virtanen', '020701A457X', '040 718 2236', 'aino.virtanen@elisa.fi', 'Henrik Dahl', 'Jonas Lindholm', '23.02.1991', '23029125511'),
        (),
        ('M-2026-0418', '26-184312TVI-OTIR/05', 'LIT-EMP-03', '2026-11-12 10:30', '2026-09-30', '6 years', 'NOK 1 250 000', '1,5 t', '2026-11-14 09:00', '2026-08-21', '0,75 t', '2026-11-18 14:15', '1,0 t', '2026-11-20 16:40', '2027-01-15', 'NOK 400 000', 'NOK 650 000', '0,5 t', '2026-11-25 11:00', 'INV-2026-1187', '3,75 t', 'NOK 2 950', '2026-12-09', '2027-01-08', '§ 15-7'),
        ('Copenhagen', 'Helsinki'),
    ),
    'zendesk_tickets_export_2026-12-03.json': (
        ('Katarzyna Wiśniewska', 'k.wisniewska@onet.pl', '512 345 678', 'Tomás Ferreira', 'tomas.ferreira@sapo.pt', '912 345 678', 'Giulia Bianchi', 'giulia.bianchi88@libero.it', '347 123 4567', 'PL61 1090 1014 0000 0712 1981 2874', '88031401238', '246813571', '1988-03-14', 'BNCGLI88C54F205B', '02 8734 5521'),
        ('Tomás', 'Marco'),
        ('Europe/Warsaw', 'Europe/Lisbon', 'Europe/Rome', 'end-user', 'vip', 'b2c', 'ORD-2026-448120', '349,99 zł', '2026-12-01T08:14:22Z', 'RMA-55120', 'FT 2026/18873', '2026-12-01T10:02:51Z', 'RMA-55121', '1Z999AA10123456784', '2026-12-02T15:40:09Z', 'RMA-55122', '2.4.1', '88213', '88219', '88230', 'Support Bot', 'open', 'pending', 'solved'),
        ('Consegna mancata',),
    ),
    'jira_SUP_export_2026-12.json': (
        ('Marta Rossi', 'marta.rossi@fornitore-it.com', 'Kenji Watanabe', 'k.watanabe@vendor.example', 'mrossi', 'kwatanabe', 'dkowalski', 'Dawid Kowalski', 'dawid.kowalski@acme.example'),
        ('Dawid',),
        ('SUP-4821', '4.2.0', 'In Progress', 'High', 'crash', 'windows', 'Europe/Rome', 'Asia/Tokyo', 'acmecore.dll', '4.2.0.1187', '0xc0000005', 'CVE-2026-31337', '2026-12-01T09:12:44.000+0100', '4.2.1', 'SUP-4830', 'Medium', 'git submodule update --init', 'SUP-4802', 'INFRA-219', 'svc-build', 'git@git.acme.internal', '2026-12-02T11:20:03.000+0100', 'SUP-4833', 'Done', 'app.kubernetes.io/name=export-worker', '1800s', 'activeDeadlineSeconds', '3600', '9f3c2ab', 'Europe/Warsaw', 'AcmeDesk', 'crash-20261201.dmp', 'scripts/bootstrap.sh', '30 min'),
        (),
    ),
    'fatura_Vivo_2026-11.txt': (
        ('Rafael Augusto Moreira Lima', '529.982.247-25', '14/03/1988', 'Rua Augusta, 1508', '(11) 98765-4321', 'Juliana Moreira Lima', '41827360526', '(11) 97421-3308', '48.271.593/0001-57', '(11) 3456-7890', '(11) 3061-2290', '(21) 99812-4471'),
        (),
        ('FATURA MENSAL', '000.184.772', 'Série UNICA', '10/12/2026', '01/11/2026', '30/11/2026', 'Plano Vivo Controle 25GB', 'R$ 89,99', 'R$ 49,90', '2 dias', 'R$ 19,98', '1,2 GB', 'R$ 30,03', 'R$ 189,90', '00:12:48', '00:03:10', '12,4 GB', '2026112312048871'),
        (),
    ),
    'medical_billing_batch_2026-12-04.txt': (
        ('Whitfield', 'Eleanor', '03/14/1961', '521-47-8392', '88 Larchmont Road', '(978) 744-2031', 'Samuel Osei', '1847263955', 'Delgado', 'Marco', '1979-08-02', 'Carmen', '11-Jan-1981', '978.552.0916', 'Nguyen', 'Bao T', '9/5/2015', 'Linh', '617-724-3190', '004-82-9315', 'Anita Kapoor', '1629384755'),
        (),
        ('B-2026-1204', '837P_20261204_0412.x12', 'CLM-77120', 'CPT 99214 (25)', 'E11.9', 'I10', '$ 245.00', 'POS 11', 'DENIED CO-16', 'REF-2026-8812', 'CLM-77121', '2026-11-20', '93000, 99213', 'R00.2', '$ 310.00', '$ 212.40', '2026-12-02', '0004418827', 'CLM-77122', '2026-11-21', '2026-11-25', '99392', 'Z00.129', '$ 180.00', 'POS 22', '90 days', '3 claims', '$ 735.00', '2026-12-11 06:00 EST', 'Sex: F', 'PENDING', 'PAID'),
        (),
    ),
    'IRCC_case_file_Okonkwo_family.md': (
        ('Chiamaka Grace Okonkwo', '1988-03-14', 'A08174925', '1104-8273-92', '(416) 902-7715', '2210 Lakeshore Blvd W', 'Emeka Daniel Okonkwo', '2 July 1985', '527-391-841', '(647) 388-2041', 'emeka.okonkwo@rogers.com', 'Tobenna Okonkwo', '05-MAY-2015', 'A09213377', 'Adaeze Okonkwo', '2019/11/23', 'A09213378'),
        (),
        ('IMM-2026-0331', 'Family Class (inland)', 'IMM 1344', 'IMM 5532', 'IMM 0008', 'F000418277', '2026-06-18', '2026-07-09', 'Principal applicant', '2031-04-30', 'Sponsor', 'Dependants', 'CAD 1,205', 'CAD 570', '2026-06-14', '1428-7731-0094', '2026-08-02', '12 months', '13 months', '2026-11-20', '2026-12-30', '30 days'),
        ('Nigeria',),
    ),
    'customs_manifest_MSCU4812734.csv': (
        ('Sofía Ramírez Ortega', 'ROPS900228K73', '55 4821 3307', 'sofia.ramirez.o@gmail.com', 'Calle Durango 214', 'Benedito Carvalho Souza', '637.192.804-03', '(21) 99812-4471', 'bene.carvalho@uol.com.br', 'Av. Atlântica 3020', 'Pieter-Jan de Vries', '234567892', '06-41827736', 'pj.devries@ziggo.nl', 'Prinsengracht 712-II'),
        (),
        ('BL_NO', 'CONTAINER', 'HS_CODE', 'GROSS_KG', 'INCOTERM', 'MEDU8120447', 'MSCU4812734', 'SL-220481', '8471.30', 'Laptops (personal effects)', '184.5', '9403.60', 'Household furniture', '1240.0', 'DAP', 'MAEU2261930', 'MAEU7429186', 'SL-318877', '6203.42', 'Cotton trousers', '2310.0', 'CIF', 'CMDU4410288', 'CMAU3051270', 'SL-402219', '8528.72', 'Television sets', '960.0', 'DDP', '8516.60', 'Ovens', '410.0', 'V.0412W', '2026-11-28', '2026-12-19', '2027-01-06', 'ATB-2026-118733'),
        ('MSC AURORA', 'Shanghai', 'Manzanillo', 'Rotterdam'),
    ),
    'attendees_KubeCon_EU_2027_export.csv': (
        ('Yuki', 'Hashimoto', 'yuki.hashimoto@cloudnative.jp', '090-4127-8833', 'Ji-woo', 'Park', 'jiwoo.park@kakao.com', '010-2345-6789', 'Lena', 'Hoffmann', 'lena.hoffmann@posteo.de', '0151 23456789', '030 2847 1190', 'Camille', 'Rousseau', 'camille.rousseau@free.fr', '06 12 84 37 55', 'Alejandro', 'Navarro Gil', 'anavarro@telefonica.net', '612 34 56 78', 'Freja', 'Mortensen', 'freja.mortensen@mail.dk', '20 48 17 36', 'Arjun', 'Iyer', 'arjun.iyer@infy.example', '98450 12377', 'Isabel', 'Castro', 'isabel.castro@sapo.pt', '+351 912 847 330'),
        (),
        ('Order #', 'First Name', 'Last Name', 'Badge Type', 'Time Zone', 'Sessions', 'Dietary', 'KCEU27-004812', 'Speaker', 'Asia/Tokyo', 'KC-T104', 'KC-W221', 'vegetarian', 'app.kubernetes.io/part-of', 'topology.kubernetes.io/zone', 'KCEU27-004813', 'Attendee', 'Asia/Seoul', 'KCEU27-004820', 'Europe/Berlin', 'KC-R310', 'vegan', 'KCEU27-004833', 'Volunteer', 'Europe/Paris', 'halal', '08:00-12:00 CET', 'KCEU27-004841', 'Europe/Madrid', 'KCEU27-004857', 'Europe/Copenhagen', 'gluten-free', 'CVE-2026-24017', 'v1.31.2', 'KCEU27-004862', 'Asia/Kolkata', '2027-01-12', 'KCEU27-004871', 'Europe/Lisbon', 'TKT-2027-0441'),
        (),
    ),
    '급여대장_年末調整_Seoul_Tokyo_2026-11.tsv': (
        ('김민준', '880314-1234564', '010-4127-3390', '이서연', '920702-2345671', '010-8812-0457', '박지호', '010523-3456783', '010-2290-7718', '佐藤 健太', '7319 0284 5610', '090-3318-2274', '鈴木 美咲', '620391847515', '03-5412-7788', '최유나', '1988年3月14日'),
        ('佐藤',),
        ('사번', '성명', '부서', '기본급', 'KR-0412', '개발팀', '₩4,250,000', '2026-11 정산', 'KR-0418', '인사팀', '₩3,980,000', '2026-10-01', 'KR-0433', '영업팀', '₩3,120,000', '신입', '社員番号', '氏名', '所属', '基本給', 'JP-1107', '東京本社 技術部', '¥385,000', '年末調整 2026', 'JP-1112', '大阪支店 営業部', '¥342,000', '扶養控除等申告書 提出済', '내선 4412', '1 JPY = 9.12 KRW', '2026-11-30'),
        (),
    ),
    'loonstroken_NL_IT_PL_PT_SE_2026-11.txt': (
        ('Sanne de Jong', '111222333', '14-03-1988', 'NL91ABNA0417164300', '06-41827736', 'Giulia Bianchi', 'BNCGLI88C54F205B', '14/03/1988', 'IT60 X054 2811 1010 0000 0123 456', '347 123 4567', 'Paweł Nowakowski', '92070245676', '2.07.1992', '61 1090 1014 0000 0712 1981 2874', '512 345 678', 'Tiago Silva Mendes', '246 813 571', '1990-02-28', '912 345 678', 'Rua de Santa Catarina 312', 'Elin Johansson', '880314-2382', '070-412 87 33'),
        (),
        ('EPH-2026-11-07', '2026-11-25', '2026-11-22', 'NL-2231', 'Data Engineer', '€ 5.240,00', '€ 1.812,45', '€ 3.427,55', 'IT-0871', 'Impiegata 3° livello', '€ 2.980,00', '€ 612,30', '€ 2.041,18', '11,5 gg', 'PL-0412', 'Księgowy', '9 850,00 zł', '742,00 zł', '7 108,29 zł', 'PT-0119', 'Técnico de Suporte', '1.620,00 €', '189,00 €', '178,20 €', '1.252,80 €', 'SE-3302', 'Lagerchef', '41 200,00 kr', '11 430,00 kr', '29 770,00 kr', '5 payslips', '7f3e1a9c', 'v3.8.2'),
        (),
    ),
    'registrar_archive_2026-11.mbox': (
        ('Aino Mäkelä', 'aino.makela@student.jyu.fi', 'María José Ortuño', 'mj.ortuno@uni.example', 'Aino Helena Mäkelä', '311299-286E', '31.12.1999', '044 582 1937', 'Nathalie Fontaine', 'nathalie.fontaine44@orange.fr', 'Léa Fontaine-Marchand', 'lea.fontainemarchand@gmail.com', '07/05/2008', '06 71 84 29 33', '02 40 88 17 52'),
        (),
        ('TIEA2150', 'TJTA3320', '5 op', '014882731', 'ADM-2027-04417', '2026-11-30', '2026-12-02', '08:30 UTC', '6 weeks', 'FEE-2026-11873', 'EUR 95.00', 'Registrar Office', 'Admissions Office'),
        ('Nantes',),
    ),
    'git_log_release-4.2.txt': (
        ('Takeshi Nakamura', 't.nakamura@acme-dev.jp', 'Ewa Wójcik', 'ewa.wojcik@acme.example', 'tnakamura', 'Dawid Kowalski', 'dawid.kowalski@acme.example', 'Priyanka Deshmukh', 'priyanka.d@users.noreply.github.com', 'Ömer Yıldırım', 'omer.yildirim', 'jbaptiste'),
        (),
        ('9f3c2ab7e1d04c5b8a6f2e9d1c0b7a4e3f5d6c21', 'Mon Nov 30 18:42:07 2026 +0900', 'Tue Dec 1 09:15:33 2026 +0100', 'fix(export): stream rows instead of buffering', 'PLAT-1182', '2 GiB', '4.1 GiB', 'big-export.csv', 'src/export/stream.py', '61 insertions(+), 23 deletions(-)', '4b7e91d0c2a35f6e8d19b0a7c4e2f1d3b5a6c8e7', 'Fri Nov 27 11:03:58 2026 +0530', 'libxml2', '2.13.5', 'CVE-2026-24017', 'CVE-2026-31337', 'requirements.lock', 'c0d2e8f4a6b1937e5d0c2f8a4b6e1d3c9f7a5b02', 'Thu Nov 26 22:17:40 2026 +0100', 'config.yaml', 'v4.1.3..v4.2.0', 'data/exports', 'settings.json'),
        (),
    ),
    'gitlab_ci_job_771203.log': (
        ('Ewa Wójcik', 'ewa.wojcik@acme.example', 'ewojcik', '482917365012', '730194826551', 'jbaptiste'),
        ('Ewa',),
        ('gitlab-runner 17.5.2', 'docker-runner-07', 'python:3.12-slim', '00:04', '00:02', '9f3c2ab7', 'release/4.2', '03:41', '771203', '204118', 'platform/acmedesk', 'ci-deploy', 'acmedesk-4.2.0.tar.gz', 'eu-central-1', 'staging-02.acme.internal', 'app.kubernetes.io/name=acmedesk', 'app.kubernetes.io/version=4.2.0', 'acmedesk-7c9f5d8b64-x2kqp', '2m14s', '2026-12-01T09:21:07Z', 'build-07', '4m 12s', 'timeout 1h', 'retry 0 of 2'),
        (),
    ),
    'slack_export_payments-ops_2026-12-02.json': (
        ('Natalia Sandoval', 'nsandoval', 'natalia.sandoval@acme.example', '+1 212 914 3307', 'Freja Mortensen', 'freja.mortensen', '20 48 17 36', 'Ama Kwame', 'akwame', 'ama.kwame.dev@proton.me', '0x4E9f21c3a7B05d8e6F3a91c0D2b7E48f5a6C1d93', 'bc1q0uafcgwsf694tgwra9hs9dxcr6dq030nzszv7n', '021000021', '4471902288', 'DK50 0040 0440 1162 43', '1993-06-17', '17/06/1993'),
        ('Ama', 'Mikkel', 'Nat S.'),
        ('payments-ops', 'America/New_York', 'Europe/Copenhagen', 'Africa/Accra', 'Payments Analyst', 'Finance Lead', 'Contractor', '1764669601.000100', 'PAY-2291', 'USDC', 'Ethereum mainnet', '2,450.00', 'FIN-8842', 'W-8BEN', '2026-12-04', 'ACH-2026-1204-03', '$ 0.25', 'INV-77120', '15:00 CET', '2026-12-18'),
        (),
    ),
}

_BOTH = ("strict", "balanced")
_BAL = ("balanced",)


def _known(rows) -> dict[tuple[str, str, str], str]:
    return {(mode, f, v): reason for f, v, modes, reason in rows for mode in modes}


#: ``(mode, file, value)`` still raw after the round, with the reason: strict xfails, so a fix shows.
KNOWN_LEAKS: dict[tuple[str, str, str], str] = _known((
    ('slack_export_payments-ops_2026-12-02.json', '1993-06-17', _BOTH, 'a birth date four words after ``DOB`` ("DOB on it must match: 1993-06-17?"): the gap rule takes long birth labels only, as ``DOB field updated: 2026-11-30`` is an edit date; the same date beside ``born`` in the next message is caught'),
    ('급여대장_年末調整_Seoul_Tokyo_2026-11.tsv', '佐藤', ('strict',), 'a lone Han surname in parentheses in a note line: no label, no case, and the full name of the table is not carried to its parts'),
))
#: ``(mode, file, control)`` still changed after the round, with the reason.
KNOWN_GAPS: dict[tuple[str, str, str], str] = _known((
    ('zendesk_tickets_export_2026-12-03.json', '1Z999AA10123456784', _BOTH, 'a UPS tracking number read as a random token by ``secret_shape`` (a secret module: secrets never depend on mode, and other helpers work there this round)'),
    ('zendesk_tickets_export_2026-12-03.json', 'Support Bot', _BOTH, 'the ``name`` of a JSON user object is read as a person whatever its words (an agent account); a rule that kept lexicon-word names there would keep ``Summer Hill``'),
))

_REDACTORS: dict[str, object] = {}


def _red(mode: str):
    return _REDACTORS.setdefault(mode, make(mode))


def _out(mode: str, name: str) -> str:
    return redacted_once(mode, ROOT, name)


def _cases(kind: str):
    return personal_file_cases(FILES, kind, KNOWN_LEAKS, KNOWN_GAPS)


@pytest.mark.parametrize(("mode", "name", "value"), list(_cases("leak")))
def test_no_value_of_a_personal_round_12_file_survives_raw_or_decoded(mode, name, value):
    assert value not in decoded_views(_out(mode, name))


@pytest.mark.parametrize(("mode", "name", "control"), list(_cases("keep")))
def test_every_control_of_a_personal_round_12_file_survives(mode, name, control):
    assert control in _out(mode, name)


@pytest.mark.parametrize("mode", _BOTH)
def test_each_mode_keeps_at_least_97_percent_of_the_personal_round_12_controls(mode):
    keeps = [(name, k) for name, (_, _, ks, bks) in FILES.items()
             for k in dict.fromkeys(ks + (bks if mode == "balanced" else ()))]
    kept = sum(k in _out(mode, name) for name, k in keeps)
    assert kept >= 0.97 * len(keeps), (kept, len(keeps))


def test_the_personal_round_12_table_is_broad_and_names_real_files():
    assert len(FILES) >= 16
    assert sum(len(v[0]) + len(v[1]) for v in FILES.values()) >= 270
    assert sum(len(v[2]) + len(v[3]) for v in FILES.values()) >= 400
    assert all((ROOT / name).is_file() for name in FILES)
    texts = {name: (ROOT / name).read_text(encoding="utf-8") for name in FILES}
    # every control is in its file as written (a value may be encoded: the mbox's are in RFC 2047 / QP form)
    assert [(n, k) for n, (_, _, ks, bks) in FILES.items() for k in ks + bks if k not in texts[n]] == []
    assert all(k in FILES for _, k, _ in KNOWN_LEAKS) and all(k in FILES for _, k, _ in KNOWN_GAPS)


# --- the check digits of the corpus: valid values, failing near misses ---------------------------------------


def _mod11(digits: str, weights: tuple[int, ...]) -> int:
    return sum(int(c) * w for c, w in zip(digits, weights)) % 11


def _no_fnr_ok(v: str) -> bool:
    k1 = (11 - _mod11(v, (3, 7, 6, 1, 8, 9, 4, 5, 2))) % 11
    k2 = (11 - _mod11(v, (5, 4, 3, 2, 7, 6, 5, 4, 3, 2))) % 11
    return len(v) == 11 and k1 < 10 and k2 < 10 and v[9:] == f"{k1}{k2}"


def _dk_cpr_mod11_ok(v: str) -> bool:
    d = v.replace("-", "")
    return len(d) == 10 and _mod11(d, (4, 3, 2, 7, 6, 5, 4, 3, 2, 1)) == 0


def _fi_hetu_ok(v: str) -> bool:
    return len(v) == 11 and "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(v[:6] + v[7:10]) % 31] == v[10]


def _kr_rrn_ok(v: str) -> bool:
    d = v.replace("-", "")
    return len(d) == 13 and (11 - _mod11(d, (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5))) % 10 == int(d[12])


def _iso6346_ok(v: str) -> bool:
    values, x = {}, 10
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        x += x % 11 == 0
        values[ch] = x
        x += 1
    total = sum((values[c] if c.isalpha() else int(c)) * 2 ** i for i, c in enumerate(v[:10]))
    return total % 11 % 10 == int(v[10])


def _it_cf_ok(v: str) -> bool:
    odd = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", (1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15,
                                                             17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10,
                                                             22, 25, 24, 23)))
    total = sum(odd[c] if i % 2 == 0 else (int(c) if c.isdigit() else ord(c) - 65) for i, c in enumerate(v[:15]))
    return chr(65 + total % 26) == v[15]


def test_the_checksummed_values_of_the_corpus_are_valid_and_the_near_misses_fail():
    """The ids of the files pass their own checks (a detector that relies on a check digit is tried fairly) and
    the same-shape near misses fail them."""
    from redacted_context_mcp.redaction import world_ids as w
    from redacted_context_mcp.redaction.id_checks import npi_ok
    from redacted_context_mcp.redaction.near_ids import bsn_ok, pesel_ok, pt_nif_ok, sin_ok
    from redacted_context_mcp.redaction.printed_ids import rfc_ok
    from redacted_context_mcp.redaction.validators import aba_ok, bech32_ok, cnpj_ok, cpf_ok, ean13_ok, iban_ok
    good = {
        sin_ok: ("346 128 739", "527 391 841", "130-482-763", "527-391-841"),
        ean13_ok: ("7561234567897", "7569182736457"), _no_fnr_ok: ("14038849787", "23029125511"),
        _dk_cpr_mod11_ok: ("020791-4010",), _fi_hetu_ok: ("020701A457X", "311299-286E"),
        _kr_rrn_ok: ("880314-1234564", "920702-2345671", "010523-3456783"),
        w.jp_mynumber_ok: ("7319 0284 5610", "620391847515"),
        cpf_ok: ("529.982.247-25", "41827360526", "637.192.804-03"), cnpj_ok: ("48.271.593/0001-57",),
        rfc_ok: ("ROPS900228K73",), npi_ok: ("1847263955", "1629384755"), aba_ok: ("021000021",),
        iban_ok: ("CH9300762011623852957", "PL61109010140000071219812874", "NL91ABNA0417164300",
                  "IT60X0542811101000000123456", "DK5000400440116243"),
        bsn_ok: ("111222333", "234567892"), pesel_ok: ("88031401238", "92070245676"), pt_nif_ok: ("246813571",),
        w.se_pnr_ok: ("880314-2382",), _it_cf_ok: ("BNCGLI88C54F205B",),
        bech32_ok: ("bc1q0uafcgwsf694tgwra9hs9dxcr6dq030nzszv7n",),
        _iso6346_ok: ("MSCU4812734", "MAEU7429186", "CMAU3051270"),
    }
    for check, values in good.items():
        assert [v for v in values if not check(v)] == [], check.__name__
    bad = {sin_ok: ("346128738", "046128732"), ean13_ok: ("7561234567898",), npi_ok: ("1847263956",), _no_fnr_ok: ("14038849788",),
           _kr_rrn_ok: ("880314-1234565",), cpf_ok: ("529.982.247-26",), pesel_ok: ("88031401239",),
           _fi_hetu_ok: ("311299-286F",), aba_ok: ("021000022",)}
    for check, values in bad.items():
        assert [v for v in values if check(v)] == [], check.__name__


# --- the families of this round: hits and near misses, both modes ---------------------------------------------

#: (family, text, values that must go, controls that must stay, modes)
FAMILY_ROWS = (
    ("npi", "Rendering provider: Dr. Samuel Osei, NPI 1847263955; referring NPI: 1629384755; claim ref NPI 1847263956",
     ("1847263955", "1629384755"), ("1847263956",), _BOTH),
    ("uci", "UCI: 1104-8273-92 · Application number: F000418277 · receipt 1428-7731-0094",
     ("1104-8273-92",), ("F000418277", "1428-7731-0094"), _BOTH),
    ("born-short", "Jonas Lindholm (f. 23.02.1991, fnr. 23029125511) will attend. Frist 2026-12-09, sak 26-184312TVI",
     ("23.02.1991", "23029125511"), ("2026-12-09", "26-184312TVI"), _BOTH),
    ("dob-mon", "Guarantor: Delgado, Carmen (spouse), DOB 11-Jan-1981; shipped 11-Jan-2027",
     ("11-Jan-1981", "Carmen"), ("11-Jan-2027",), _BOTH),
    ("phone-gap", "02/11 14:22  Ligação local para (11) 3061-2290     00:12:48    R$ 0,00",
     ("3061-2290",), ("00:12:48", "R$ 0,00"), _BOTH),
    ("kontakt", "Proszę o zwrot. Kontakt: 512 345 678. Kontakt id 1234567, zamówienie ORD-2026-448120",
     ("512 345 678",), ("Kontakt id 1234567", "ORD-2026-448120"), _BOTH),
    ("ssh-host", "+ ssh -o BatchMode=yes jbaptiste@staging-02.acme.internal 'uptime'\nTry `ssh -T git@git.acme.internal`.\nssh keys: mail maria.lopez@example.com",
     ("jbaptiste", "maria.lopez@example.com"), ("staging-02.acme.internal", "git@git.acme.internal"), _BOTH),
    ("lone-letter", "Patient: Whitfield, Eleanor J.        DOB: 03/14/1961        Sex: F",
     ("Whitfield", "Eleanor", "03/14/1961"), ("Sex: F",), _BOTH),
    ("transposed", "| Feld | Mieter 1 | Mieter 2 |\n|---|---|---|\n| Name, Vorname | Brunner, Matthias | Keller, Anouk |\n| Geburtsdatum | 14.03.1988 | 2. Juli 1991 |\n| Objekt | 3.5 Zimmer | 84 m² |\n",
     ("Brunner", "Matthias", "Anouk", "14.03.1988", "2. Juli 1991"), ("3.5 Zimmer", "84 m²"), _BOTH),
    ("field-list", "| Field | Description |\n|---|---|\n| Nachname | string, required |\n| Passport | 2 copies |\n",
     (), ("string, required", "2 copies"), _BOTH),
    ("payslip-labels", "  Werknemer: Sanne de Jong          Personeelsnr: NL-2231\n  Pracownik: Paweł Nowakowski        Nr ewid.: PL-0412",
     ("Sanne de Jong", "Paweł Nowakowski"), ("NL-2231", "PL-0412"), _BOTH),
    ("inline-guarantor", "Member ID: BHH-005190334              Guarantor: Delgado, Carmen (spouse)",
     ("Delgado", "Carmen"), (), _BOTH),
    ("nordic-street", "Lives at Thereses gate 41, 0168 Oslo; Karl Johans gate 7. Boarding at gate 41 in 5 min.",
     ("Thereses gate 41", "Johans gate 7"), ("gate 41 in 5 min",), _BOTH),
    ("cjk-blocks", "사번\t성명\t휴대전화\nKR-0412\t김민준\t010-4127-3390\n\n社員番号\t氏名\t個人番号\nJP-1107\t佐藤 健太\t7319 0284 5610\n\n# 담당: 최유나\n",
     ("김민준", "010-4127-3390", "佐藤 健太", "7319 0284 5610", "최유나"), ("KR-0412", "JP-1107", "사번", "社員番号"), _BOTH),
    ("consignee", "BL_NO,CONSIGNEE,CONSIGNEE_PHONE,DELIVERY_ADDRESS,INCOTERM\nMEDU8120447,Pieter-Jan de Vries,55 4821 3307,\"Prinsengracht 712-II, Amsterdam\",DDP\n",
     ("Pieter-Jan de Vries", "55 4821 3307", "Prinsengracht 712-II"), ("MEDU8120447", "DDP", "INCOTERM"), _BOTH),
    ("domain-words", "Status: Offer - Unconditional (Mechanical Engineering). CPT 99214, POS 11, DDP, Laptops, Plano Vivo Controle 25GB, USDC on Ethereum mainnet, Categoria: Técnico de Suporte",
     (), ("Offer - Unconditional", "Mechanical Engineering", "CPT 99214", "POS 11", "DDP", "Laptops", "Plano Vivo Controle 25GB", "Ethereum mainnet", "Técnico de Suporte"), ("strict",)),
)


def _family_params():
    for i, (family, text, gone, kept, modes) in enumerate(FAMILY_ROWS):
        for mode in modes:
            yield pytest.param(mode, text, gone, kept, id=f"{mode}-{family}-{i}")


@pytest.mark.parametrize(("mode", "text", "gone", "kept"), list(_family_params()))
def test_each_personal_round_12_family_catches_its_shape_and_keeps_its_near_misses(mode, text, gone, kept):
    out = _red(mode).redact(text).text
    assert [v for v in gone if v in out] == [], out
    assert [k for k in kept if k not in out] == [], out


def test_the_round_12_rules_are_listed():
    from redacted_context_mcp.redaction.identifiers import PATTERN_RULES
    ids = {r[0] for r in PATTERN_RULES}
    for rule in ("us-npi", "ca-uci", "date-of-birth", "table-column", "ssh-login", "street-address"):
        assert rule in ids, rule


_HOSTILE_UNITS = ("npi 1", "uci 1234-", "f. 1.", "11-jan-", "(21) 9  ", "kontakt: 1", "ssh a ", "ssh -o a=b ",
                  "| name, vorname | a ", "|---|\n| geburtsdatum | 1 ", "  guarantor: a", "s gate 1", "aaas gate ",
                  "a\tb\n\n", "성명\t", "consignee_phone,")


@pytest.mark.parametrize("unit", _HOSTILE_UNITS)
def test_the_round_12_rules_stay_linear_on_hostile_repetitions(unit):
    import time
    text = (unit * (100_000 // len(unit) + 1))[:100_000]
    start = time.process_time()
    _red("strict").redact(text)
    assert time.process_time() - start < 8.0, unit


def test_the_new_modules_stay_small():
    from redacted_context_mcp.redaction import columns, columns_rows, columns_sql, words_domain
    for mod in (columns, columns_rows, columns_sql, words_domain):
        assert len(Path(mod.__file__).read_text(encoding="utf-8").splitlines()) < 600, mod.__name__
    assert re.search(r"\bkontakt\b", Path(columns.__file__).read_text(encoding="utf-8")) is None
