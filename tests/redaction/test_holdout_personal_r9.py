# ruff: noqa: E501  (a table of whole files: one entry per file reads best)
"""Red-team hold-out probes, round 9 (hold-out round 12), for personal data (issue 11): WHOLE FILES, both modes.

The files under ``tests/corpus/personal_r9/`` were written before reading the detectors, of countries and
formats the earlier personal rounds did not hold: a Typeform onboarding export of four Nordic countries
(personnummer with Luhn, fødselsnummer mod-11, CPR, HETU check character), a Belgian/Irish payroll
(rijksregisternummer mod-97, PPSN), an Australian GP letter (Medicare), a Singapore school roster (NRIC/FIN,
names with bin/binte/d/o/s/o), a South African lease (ID numbers with Luhn), a Mexican labour claim (CURP,
RFC, NSS, CLABE), a Pipedrive CRM export of Korea, Japan and Vietnam (RRN, My Number, CJK names), an Outlook
contact CSV (van der, de la, al-, hyphenated names, initials), a LinkedIn data export, a WhatsApp chat,
a Zammad ticket export (AHV, CUIL, NIF) and an AU/NZ/CA payroll (TFN, IRD, SIN, BSB). Checksummed values
are valid (computed by a script of our own). Wave 2 (``wave2/``, written after the wave-1 fixes): a Personio
export with label/value custom fields, an Irish affidavit, a Wellington tenancy agreement, a Toronto referral
letter, a Freshdesk CSV of Mexico, Japan, Vietnam and Argentina, and a Portuguese family WhatsApp chat.

Decisions: a postal code alone (its own column) is neither a value nor a control; an organisation's own
address and phone (a practice, a registered office) are redacted like any address, as round 8 decided; a
company's RFC or VAT id is a value; "Room code: 4411" is a door code (``labelled-code`` keeps taking it),
"Dress code: 1920s" is ordinary text.

Wave 1 (14 files, 290 values, 203 controls): main leaked 26 values in strict and 44 in balanced and changed
19 controls in strict (90.6% kept) and 10 of 218 in balanced. Fixed by family: header cells of alternatives
(``National number / PPSN``, ``NRIC/FIN``), contact-number, initials, forename and Outlook display-name
columns, unlabelled Swedish personnummer (date + Luhn) and Finnish HETU (date + check character) in their
printed form, a South African id after a bare ``ID`` (date + Luhn), NSS, the Brazilian agência (round 8's
last strict leak), escaped line breaks in JSON strings (``Grüsse\\nLukas``) read as spaces by the name scan,
the reading keys of CJK names (``name_kana``, ``name_romanized``), and words strict took for names
(``December``, ``TOTP``, ``Karte``, weekdays and months of four languages, ``Ab Montag``, sign-offs,
``MacBook``/``ThinkPad``/``Pro``, ``Orchestra``, ``Robotics``, ``Datos``/``Dados``), ``Dress``/``Room`` no
SMS brand.

Wave 2 (6 files, 89 values, 89 controls): main leaked 14 values in strict and 29 in balanced and changed 16 / 8
controls; the wave-1 fixes alone left 13 leaks in strict and 28 in balanced, 15 / 8 changed controls. Fixed
by family after it: label/value pairs of JSON custom fields (``{"label": "CPR-nummer", "value": "…"}``, the
label read as a column or a field label), Mexican RFC in prose (date and SAT check character), New Zealand
bank accounts (2-4-7-2/3), Canadian health-card labels (OHIP), Norwegian dotted account numbers, upper-case
segments of hyphenated codes (``INV-GF-2026-0871``, ``HV-INV-55102``, ``SKU-PT-2210``, ``TINA-U5``),
``fixo`` as a phone cue and no phone cue inside a longer word (``PHOTO-2026-12-02-08-24-02.jpg``).

Now: wave 1 leaks 4 values in strict and 16 in balanced and changes 4 controls in strict (98.0% kept), 6 in
balanced; wave 2 leaks 5 in strict and 13 in balanced and changes 10 controls in strict (88.8% kept: six of
the ten are the by-design organisation rows: a LIMITED company, a registered office, a practice's own
address and phone, a rented premises, a public service with "Services"), 7 in balanced. Both waves
together keep 95.2% of the strict controls (278 of 292). What is left is in ``KNOWN_LEAKS`` /
``KNOWN_GAPS`` with its reason.

Round 13 (personal round 10, ``test_holdout_personal_r10.py``) fixed by family the CJK names under a JSON
name key, the Japanese addresses, the BSN, NIF, CC and SIN a few words after their label, and in strict the
drug name, the exhibit mark, the cost-centre codes, the laptop model and "Tenancy Services", and in both
modes the Argentine invoice number (a labelled address no longer runs over its sentence end): wave 1 now
leaks 0 values in strict (99.0% of its controls kept) and wave 2 0 (94.4% kept).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from redaction_helpers import make, personal_file_cases, redacted_once
from test_holdout_personal_r7 import decoded_views

ROOT = Path(__file__).resolve().parents[1] / "corpus" / "personal_r9"

#: file -> (values gone in both modes, values gone in strict, controls kept in both modes, controls kept in balanced)
WAVE1: dict[str, tuple[tuple[str, ...], ...]] = {
    'GP_appointment_letter_2026-12-08.txt': (
        ('Ms Charlotte Nguyen-Whitfield', 'Unit 4/27 Rose Street', 'Charlotte', 'Charlotte Nguyen-Whitfield', '17/06/1988', '2950 48172 1', '0412 738 205', 'Dr Rajesh Balasubramanian', "Dr Emily O'Rourke", 'Liam', 'Megan Castellano'),
        (),
        ('3 December 2026', 'Tuesday 8 December 2026 at 10:20 am', '20 minutes', '23', 'Metformin 500 mg', '24 hours', '$95.00', '$42.85', 'APPT-2026-118204'),
        (),
    ),
    'WhatsApp Chat with Sommarstuga 2027.txt': (
        ('Erik Lindahl', '+46 73 912 04 55', 'Sara', '070 123 77 64', 'SE45 5000 0000 0583 9825 7466', 'Ville Korhonen', '240798-127H', '920314-5629', 'Nora Bakke', '030791 28405', 'Thereses gate 14B', 'Erik', 'Mats', '073-55 81 209'),
        (),
        ('12/11/2026, 19:02', 'Sommarstuga 2027', '12/11/2026, 19:03', '14 200 kr', 'v. 28', '12/11/2026, 19:05', '12/11/2026, 19:06', '12/11/2026, 19:09', '2 840 kr', 'STUGA-07', '12/11/2026, 19:10', '12/11/2026, 19:12', '12/11/2026, 19:15', '12/11/2026, 19:16', '12/11/2026, 19:20', '12/11/2026, 19:21', 'Gammelgård 3', '15:00', 'P4', '12/11/2026, 19:22', '12/11/2026, 19:30', '1920s'),
        ('Rättvik',),
    ),
    'crm_contacts_apac_export.json': (
        ('김민준', 'Kim Min-jun', '850315-1234566', '010-4821-7730', '02-3456-7890', 'minjun.kim@hanbit-logis.co.kr', '서울특별시 강남구 테헤란로 152, 12층', '山田 花子', 'ヤマダ ハナコ', '4820 7391 6253', '090-1234-5678', '03-5412-8890', 'h.yamada@sakura-trading.jp', '〒150-0002 東京都渋谷区渋谷2-21-1', 'Nguyễn Thị Thu Trang', '+84 912 345 678', 'trang.nguyen@saigonretail.vn', '123 Nguyễn Huệ, Phường Bến Nghé, Quận 1', 'Lê Văn Hùng'),
        (),
        ('2026-11-30T22:10:04Z', 'v1.42.0', '40218', 'D-77120', '48000000', 'KRW', 'Negotiation', '40219', 'D-77131', '2500000', 'JPY', 'Proposal', '40225', '15:00 ICT', 'D-77140', '18500', 'USD', 'Qualified'),
        ('Pipedrive', 'Hanbit Logistics', 'Sakura Trading KK', 'Saigon Retail JSC', 'Retail Asia Expo 2026'),
    ),
    'demanda_laboral_exp_1187-2026.txt': (
        ('MARÍA FERNANDA HERNÁNDEZ GARCÍA', 'HEGM880412MDFRNR09', 'HEGM880412AB2', 'Calle Durango 245, Int. 3, Col. Roma Norte, C.P. 06700', '55 4172 9083', 'mfhernandez.abogada@gmail.com', 'Jorge Luis López Pérez', '7738215', 'CBA031118KJ5', '12058812343', '012180001234567899', 'Ricardo Alvarado Mendoza', 'Ana Ramírez Vázquez', 'RAVA950101MNLMZN07', 'Av. Insurgentes Sur 1602, Col. Crédito Constructor'),
        (),
        ('1187/2026', 'B', 'tres meses', '$ 96,300.00 M.N.', '15 de octubre de 2026', 'aguinaldo', 'prima vacacional', '2026', '2 de marzo de 2019', 'Jefa de Almacén', 'CB-00412', '$ 1,070.00', '30 de noviembre de 2026'),
        ('Comercializadora del Bajío, S.A. de C.V.',),
    ),
    'lease_agreement_ZA_unit12.md': (
        ('Pieter Johannes van der Merwe', '7501015809080', '14 Kloof Nek Road, Tamboerskloof, Cape Town, 8001', '082 417 3390', 'pj.vdmerwe@mweb.co.za', 'Nomvula Precious Dlamini', '9307260141080', '42 Jan Smuts Avenue, Parktown North, Johannesburg', '+27 73 288 1045', '(011) 482 7730', '051001', '271 438 906', 'P J van der Merwe', 'Sipho Dlamini', '12 May 2018', 'Thandiwe Mokoena', '8804125120086', 'A. Pillay'),
        (),
        ('Unit 12, Sea Point Heights', '1187', '1 February 2027', '31 January 2028', '12 months', 'R 14 500,00', '1st', 'Standard Bank', 'R 29 000,00', 'Rental Housing Act 50 of 1999', '2026-12-01', 'LEASE-CPT-2026-0412'),
        (),
    ),
    'linkedin_Email_Addresses.csv': (
        ('siobhra.nibhriain@gmail.com', 's.nibhriain@tcd.ie'),
        (),
        ('4/12/19, 9:41 PM', '1/3/22, 10:02 AM'),
        (),
    ),
    'linkedin_PhoneNumbers.csv': (
        ('+353 86 172 0458', '01 677 4120'),
        (),
        (),
        (),
    ),
    'linkedin_Profile.csv': (
        ('Siobhra', 'Ní Bhriain', 'Ní Mhurchú', 'Apartment 31, The Maltings, Bow Street, Dublin 7', 'Jun 2 1990', '@siobhranib', 'https://siobhra.ie', 'siobhra.nibhriain'),
        (),
        ('Product Lead at Fintech', 'ex-Stripe', '10+ years', 'B2B SaaS', 'PSD2', 'open banking', 'Financial Services', 'Dublin, County Dublin, Ireland'),
        (),
    ),
    'onboarding_nordics_export.csv': (
        ('Linnea', 'Åkesson', '850709-2388', '1985-07-09', '070-312 48 90', 'Hornsgatan 128 lgh 1102', 'SE98 8000 0832 7900 0001 2345', 'Sindre', 'Haugland', '15038749533', '15.03.1987', '+47 412 38 905', 'Møllergata 24', 'NO34 6011 0511 234', 'Mads', 'Kjærgaard-Holm', '110489-1357', '11-04-1989', '20 45 67 89', 'Nørrebrogade 45, 2. tv', 'DK07 3000 0011 2233 44', 'Aino', 'Heikkilä', '131052-308T', '13.10.1952', '040 718 2290', 'Mannerheimintie 12 B 34', 'FI79 4230 0010 1827 35', 'Oskar', 'Nyström', '19770101-4149', '1 januari 1977', '0731-22 45 18', 'Kungsgatan 7A', 'SE6530000000041234567890', 'Johan Åkesson', '070-998 12 03', 'Birgitte Kjærgaard', '+45 31 22 08 64', 'Pirjo Heikkilä', '050 123 8876'),
        (),
        ('2026-12-02', 'TF-88213', '2026-11-18 09:12', '2027-01-04', 'Controller', 'MacBook Air 13 M3', 'TF-88214', '2026-11-18 14:40', 'Data Engineer', 'ThinkPad T14s Gen 5', 'TF-88215', '2026-11-19 08:02', '2027-02-01', 'UX Designer', 'MacBook Pro 14 M4', 'TF-88219', '2026-11-20 16:55', '2027-01-11', 'Payroll Specialist', 'ThinkPad X1 Carbon', 'TF-88230', '2026-11-24 10:31', '2027-03-01', 'Head of Sales', 'MacBook Air 15 M3'),
        (),
    ),
    'outlook_contacts.CSV': (
        ('Jeroen', 'van der Heijden', 'Biltstraat 88bis', '030 271 44 18', '06 41 82 39 07', 'jeroen.vanderheijden@ziggo.nl', 'Jeroen van der Heijden (jeroen.vanderheijden@ziggo.nl)', '14-2-1979', '382910473', 'María', 'Fuente Olmedo', 'Carrer de Provença 301, 3r 2a', '+34 619 40 27 85', 'mdelafuente@clinic.cat', 'María de la Fuente Olmedo', '3/11/1975', 'Abdullah', 'al-Rashid', '+971 50 123 4567', 'abdullah.alrashid@gulffreight.ae', 'Abdullah al-Rashid', 'Fatima bint Khalid', 'Kai-Uwe', 'Schmidt-Rottluff', 'Bautzner Str. 19b', '0351 / 80 42 17', '0160 9123 4587', 'kai-uwe.schmidt-rottluff@web.de', 'Kai-Uwe Schmidt-Rottluff', '1968-08-21'),
        ('J.v.d.H.', 'M.F.O.', 'A.R.', 'K.-U. S.'),
        ('Senior adviseur', 'Clients', 'Jefa de servicio', 'Suppliers', 'Operations Director', 'INV-GF-2026-0871', 'Lehrstuhlinhaber', 'Academia'),
        ('Rijkswaterstaat', 'Waterbeheer', 'Hospital Clínic', 'Cardiología', 'Gulf Freight FZE', 'TU Dresden', 'Institut für Baustoffe'),
    ),
    'payroll_BE_IE_2026-11.csv': (
        ('Van den Broeck', 'Wout', '85.07.30-033.28', '30/07/1985', 'Kortrijksesteenweg 212, 9000 Gent', '0476 12 34 89', 'BE66 3101 8029 0419', 'Dubois-Lambert', 'Anaïs', '90020214550', '02/02/1990', 'Rue de la Loi 155 bte 4, 1040 Etterbeek', '+32 2 511 48 03', 'BE48 0630 1234 5678', 'Ó Súilleabháin', 'Cian', '1234567T', '14/02/1991', 'Apt 7, 22 Grand Canal Dock, Dublin 2, D02 X285', '087 234 5610', 'IE70 BOFI 9000 1712 3456 78', 'Mac Giolla Phádraig', 'Saoirse', '8765432EA', '03/09/1996', '14 Mardyke Walk, Cork T12 K8AF', '(021) 490 3377', 'IE29 AIBK 9311 5212 3456 78'),
        (),
        ('2026-11', 'E-0417', '4 812,00', '2 911,37', 'CC-BE-01', 'E-0422', '5 150,00', '3 102,84', 'CC-BE-02', 'E-0431', '5 400,00', '3 880,15', 'CC-IE-01', 'E-0438', '3 950,00', '3 011,60', 'CC-IE-02', 'Total', '19 312,00', '12 905,96'),
        ('Brightwater Analytics Ltd',),
    ),
    'payroll_anz_canada_2026-11.csv': (
        ("Jacinta Margaret O'Brien", '876 543 210', '04/09/1983', '22 Wattle Crescent', '0423 551 870', '062-000', '1234 5678', 'Nguyen Van Thanh', '459 038 277', '11/12/1990', '5/18 Beach Road', '(03) 9534 2216', '033-172', '28 441 9012', 'Aroha Te Whata', '049-182-732', '23/05/1994', '17 Ponsonby Terrace', '021 488 3190', '12-3140-0123456-00', 'Hamish McAllister', '82-037-195', '02/02/1979', '88 Cuba Street', '(04) 384 7721', '06-0501-0987654-01', 'Geneviève Tremblay-Côté', '046 218 731', '1986-03-17', '4520 rue Saint-Denis, app. 3', '514-842-7713', '01234-003', '5012345', 'Daniel Okafor', '527 193 049', '1992-10-05', '1208 Davie St', '(604) 688-2291', '10050-004', '7734521'),
        (),
        ('AU', 'A1021', '8450.00', '1987.40', '971.75', '2026-11-28', 'A1027', '7200.00', '1540.10', '828.00', 'NZ', 'N2004', '6890.00', '1412.60', '206.70', '2026-11-27', 'N2011', '9100.00', '2390.00', '273.00', 'CA', 'C3008', '6100.00', '1622.30', '384.30', '2026-11-30', 'C3015', '5800.00', '1408.90', '365.40', '43540.00', '10361.30', '3029.15'),
        (),
    ),
    'school_roster_2027_P5.csv': (
        ('Tan Jia Hui', 'T1234567J', '2016-03-12', 'Tan Wei Ming', '9123 4567', 'weiming.tan@singnet.com.sg', 'Blk 123 Ang Mo Kio Ave 6, #08-1234', 'Muhammad Irfan bin Abdul Rahman', 'T0123987I', '2016-07-01', 'Siti Nurhaliza binte Osman', '+65 8234 1190', 'siti.osman77@gmail.com', 'Blk 456 Tampines St 42, #03-88', 'Priya d/o Selvakumar', 'T1603142E', '2016-01-14', 'Selvakumar s/o Ramasamy', '6789 2231', 'selva.ramasamy@outlook.com', '21 Jalan Kembangan, Singapore 419123', 'Chloe Lim', 'G5512873T', '2015-11-30', 'Lim Boon Keng', '9876 5432', 'bk.lim@yahoo.com.sg', '8 Marine Parade Rd, #12-05', 'Mdm Wong Mei Ling'),
        ('wongml',),
        ('P5-Integrity', '01', 'Chinese Orchestra', '02', 'Football', '03', 'Robotics', '04', 'Swimming', 'ext 2214', '2027-01-05'),
        (),
    ),
    'zammad_tickets_export.json': (
        ('Lukas', 'Zürcher', 'lukas.zuercher@bluewin.ch', '079 412 38 90', 'Lukas Zürcher <lukas.zuercher@bluewin.ch>', 'Seefeldstrasse 114', '756.9182.7364.57', '044 381 22 70', 'CH62 0483 5087 6543 2100 9', 'Florencia', 'Benítez', 'flor.benitez@fibertel.com.ar', '+54 9 11 4523-8871', 'Florencia Benítez', '27-28905173-8', '28.905.173', 'Av. Corrientes 1847, piso 6 depto B', '(011) 4371-2290', 'Flor', 'João Pedro', 'Sousa e Silva', 'jp.sousasilva@sapo.pt', '912 345 678', 'João Pedro Sousa e Silva', '245190732', 'Rua de Santa Catarina 312, 2.º Esq.', 'PT07 0035 0683 0001 2345 6785 5', 'João'),
        (),
        ('31048', 'Adresse ändern / change of address', 'open', '2 normal', '2026-11-27T09:14:22.118Z', 'Support', '#31048', 'PK-2026-88710', '4.2.1', '31052', 'Actualización de datos fiscales', 'pending reminder', '3 high', '2026-11-28T13:40:05.402Z', 'A-0003-00018422', '$ 184.500,00', '31060', 'Dados de faturação', 'closed', '2026-11-29T08:02:51.000Z', 'SKU-PT-2210', 'ENC-2026-5521'),
        (),
    ),
}

WAVE2: dict[str, tuple[tuple[str, ...], ...]] = {
    'wave2/WhatsApp Chat with Familia Ferreira.txt': (
        ('Rita Ferreira', 'Tiago Ferreira', '239817460', 'Tiago', 'Beatriz', '+351 936 112 480', '192837460', 'PT35 0033 0000 4531 2987 6540 1', 'Rua do Almada 214, 3º Dto', '22 208 4471', 'Duarte', '14873092 4 ZY7', '5519'),
        (),
        ('02/12/26, 08:14:22', '02/12/26, 08:15:03', '02/12/26, 08:15:40', '02/12/26, 08:20:11', '02/12/26, 08:21:56', '02/12/26, 08:23:30', 'PT-ENC-88102', 'sexta-feira', '49,90 €', '02/12/26, 08:24:02', '00000041-PHOTO-2026-12-02-08-24-02.jpg', '02/12/26, 08:30:15', '02/12/26, 08:31:00'),
        (),
    ),
    'wave2/affidavit_circuit_court_2026_0418.txt': (
        ('SEÁN MAC CÁRTHAIGH', 'Seán Mac Cárthaigh', 'Flat 4, 19 Leeson Park, Ranelagh, Dublin 6, D06 H2X8', '3456789U', '14 August 1984', 'IE55 AIBK 9320 8722 1098 34', 'Ms Órla de Búrca', '086 049 2217', 'Aisling Ní Dhonnchadha', '9081726SA'),
        (),
        ('2026/0418', 'HARBOUR VIEW PROPERTY MANAGEMENT LIMITED', '18', '12 March 2026', '€2,400', 'HV-INV-55102', 'SMC 1', '30 days', 'Block C, Sandyford Business Park', 'Dublin', '2nd', 'December 2026'),
        (),
    ),
    'wave2/freshdesk_tickets_2026-11.csv': (
        ('José Luis Paredes Ochoa', 'jl.paredes@prodigy.net.mx', '+52 33 3615 2290', 'PAOJ790923QX4', 'LOPJ790923HJCPRN03', '002180019876543215', 'Av. Chapultepec 480, Col. Americana, Guadalajara', '佐藤 健一', 'k.sato@nifty.jp', '080-4417-2093', '〒530-0001 大阪府大阪市北区梅田3-1-3', '06-6345-1120', 'Pham Minh Chau', 'chau.pham@fpt.vn', '+84 28 3823 4411', 'Trần Quốc Bảo', 'Martina Sosa', 'martina.sosa@gmail.com', '11 15 4890-2271', '27-41902387-1', '0170099200000049128334', 'Av. Santa Fe 3245, 7º C'),
        (),
        ('88412', 'Factura con RFC incorrecto', 'Open', 'Medium', '2026-11-26 09:14:02', 'Plan Pro 12m', 'MX-44120', '88419', '配送先の変更', 'Pending', 'Low', '2026-11-27 13:40:55', 'Starter', 'JP-20331', '88425', 'Cannot update billing', 'Resolved', 'High', '2026-11-28 22:05:11', '4242', 'v3.18.2', 'Android 15', 'VN-10982', '88431', 'Datos de facturación', 'Urgent', '2026-11-29 08:02:44', 'Plan Team', 'AR-7781'),
        (),
    ),
    'wave2/personio_employees_export.json': (
        ('Freja', 'Østergaard Nielsen', 'freja.on@nordkraft.dk', '190577-6128', 'Vesterbrogade 112, 3. th., 1620 København V', '+45 28 91 44 07', 'DK33 3012 0004 8219 37', 'Ingvild', 'Sæther-Lunde', 'ingvild.saether.lunde@online.no', '29128011712', 'Dronningens gate 8C, 7011 Trondheim', '932 41 785', '9876.05.12831', 'Elias', 'Lindgren', '19680219-3174', 'Sankt Eriksgatan 63, 112 34 Stockholm', '076-245 19 08', 'Maja', '073-118 42 60'),
        (),
        ('8810231', 'Category Manager', '2025-08-01T00:00:00+02:00', 'CPH-Retail', '100', '8810247', 'Backend Developer', '2026-02-15T00:00:00+01:00', 'TRD-Platform', '8810252', 'Dell Latitude 7450', 'IT-2026-0311'),
        (),
    ),
    'wave2/referral_letter_toronto.txt': (
        ('Mrs. Oluwaseun Adeyemi-Clarke', '1979-05-21', '4827-193-605-KT', '88 Runnymede Rd, Apt 1403, Toronto ON M6S 2Y4', '647 555 0182', 'Dr. Nakamura', '139 572 846', 'Marcus Clarke', '416-320-7741', 'Dr. Hannah Kowalczyk-Reyes'),
        (),
        ('2238 Bloor St W, Suite 201', '416-769-0000', 'November 30, 2026', '47', '6-month', '2026-11-24', '72 bpm', '3.9 mmol/L', 'atorvastatin 20 mg', '98213'),
        (),
    ),
    'wave2/tenancy_agreement_Wellington.txt': (
        ('Te Rangi Parata', '073-910-587', '42 Aro Street, Aro Valley, Wellington 6021', '027 318 4490', 'terangi.parata@xtra.co.nz', 'Priyanka Sharma-Doyle', 'Liam Doyle', '022 047 1185', '(04) 472 9931', 'Flat 2, 7 Majoribanks Street, Mount Victoria', '38-9012-0473921-00', 'T. Parata', 'P. Sharma-Doyle'),
        (),
        ('Unit 5, 118 Tinakori Road', '$685.00', 'TINA-U5', '$2,740.00', '4 weeks', 'Tenancy Services', '1042887', '15 January 2027', '14 January 2028', 'yes', '2026-11-02', '01/12/2026', '02/12/2026'),
        (),
    ),
}
FILES = {**WAVE1, **WAVE2}

_BOTH = ("strict", "balanced")
_BAL = ("balanced",)


def _known(rows) -> dict[tuple[str, str, str], str]:
    return {(mode, f, v): reason for f, v, modes, reason in rows for mode in modes}


#: ``(mode, file, value)`` still raw after the round, with the reason: strict xfails, so a fix shows.
KNOWN_LEAKS: dict[tuple[str, str, str], str] = _known((
    ('GP_appointment_letter_2026-12-08.txt', 'Liam', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('WhatsApp Chat with Sommarstuga 2027.txt', 'Sara', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('WhatsApp Chat with Sommarstuga 2027.txt', 'Erik', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('WhatsApp Chat with Sommarstuga 2027.txt', 'Mats', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('demanda_laboral_exp_1187-2026.txt', 'MARÍA FERNANDA HERNÁNDEZ GARCÍA', _BAL, 'an upper-case name: balanced reads no unconfigured upper-case name'),
    ('lease_agreement_ZA_unit12.md', 'P J van der Merwe', _BAL, 'initials and a particle before a surname: balanced reads no unconfigured name of that shape'),
    ('outlook_contacts.CSV', 'Fatima bint Khalid', _BAL, 'a name with "bint" in a CSV notes cell: balanced reads no unconfigured name in prose'),
    ('zammad_tickets_export.json', 'Lukas', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('zammad_tickets_export.json', 'Seefeldstrasse 114', _BAL, 'a street in a JSON string right after an escaped line break: the address scan reads the raw string'),
    ('zammad_tickets_export.json', 'Flor', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('zammad_tickets_export.json', 'João', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('wave2/WhatsApp Chat with Familia Ferreira.txt', 'Tiago', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('wave2/WhatsApp Chat with Familia Ferreira.txt', 'Beatriz', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('wave2/WhatsApp Chat with Familia Ferreira.txt', 'Duarte', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('wave2/affidavit_circuit_court_2026_0418.txt', 'SEÁN MAC CÁRTHAIGH', _BAL, 'an upper-case name: balanced reads no unconfigured upper-case name'),
    ('wave2/freshdesk_tickets_2026-11.csv', 'Av. Chapultepec 480, Col. Americana, Guadalajara', _BAL, 'an address in a free-text CSV cell after "Vivo en": no address label balanced knows'),
    ('wave2/personio_employees_export.json', 'Maja', _BAL, 'balanced reads no unconfigured name, id or address in this position (strict takes it)'),
    ('wave2/tenancy_agreement_Wellington.txt', 'T. Parata', _BAL, 'an initial and a surname after "Signed": balanced reads no unconfigured name of that shape'),
    ('wave2/tenancy_agreement_Wellington.txt', 'P. Sharma-Doyle', _BAL, 'an initial and a surname after "Signed": balanced reads no unconfigured name of that shape'),
))
#: ``(mode, file, control)`` still changed after the round, with the reason.
KNOWN_GAPS: dict[tuple[str, str, str], str] = _known((
    ('WhatsApp Chat with Sommarstuga 2027.txt', 'Sommarstuga 2027', ('strict',), 'a Swedish common noun (summer cabin) in a chat group name reads as a name in strict'),
    ('WhatsApp Chat with Sommarstuga 2027.txt', 'Gammelgård 3', ('strict',), 'a rented cabin\'s address is redacted like any street address ("Gammelgård 3")'),
    ('crm_contacts_apac_export.json', 'Hanbit Logistics', _BAL, 'a company of two capitalised words reads as a person in balanced'),
    ('crm_contacts_apac_export.json', 'Sakura Trading KK', _BAL, 'a company name reads as a person in balanced (KK is a legal suffix only at its end of a run)'),
    ('crm_contacts_apac_export.json', 'Saigon Retail JSC', _BAL, 'a company with JSC reads as a person in balanced'),
    ('outlook_contacts.CSV', 'Gulf Freight FZE', _BAL, 'a company with FZE reads as a person in balanced'),
    ('payroll_BE_IE_2026-11.csv', 'Brightwater Analytics Ltd', _BAL, "an employer's name with Ltd is an organisation by design"),
    ('wave2/affidavit_circuit_court_2026_0418.txt', 'HARBOUR VIEW PROPERTY MANAGEMENT LIMITED', _BOTH, 'a company (LIMITED) is an organisation by design'),
    ('wave2/affidavit_circuit_court_2026_0418.txt', 'Block C, Sandyford Business Park', _BOTH, "a company's registered office reads as an address (redacted like any address)"),
    ('wave2/referral_letter_toronto.txt', '2238 Bloor St W, Suite 201', _BOTH, "a practice's own address is redacted like any postal address (as round 8's employer address)"),
    ('wave2/referral_letter_toronto.txt', '416-769-0000', _BOTH, "a practice's own phone number is redacted like any phone number"),
    ('wave2/tenancy_agreement_Wellington.txt', 'Unit 5, 118 Tinakori Road', _BOTH, "the rented premises' address is redacted like any street address"),
))

_REDACTORS: dict[str, object] = {}


def _red(mode: str):
    return _REDACTORS.setdefault(mode, make(mode))


def _out(mode: str, name: str) -> str:
    return redacted_once(mode, ROOT, name)


def _cases(kind: str):
    return personal_file_cases(FILES, kind, KNOWN_LEAKS, KNOWN_GAPS)


@pytest.mark.parametrize(("mode", "name", "value"), list(_cases("leak")))
def test_no_labelled_value_of_a_round_9_file_survives_raw_or_decoded(mode, name, value):
    assert value not in decoded_views(_out(mode, name))


@pytest.mark.parametrize(("mode", "name", "control"), list(_cases("keep")))
def test_every_control_of_a_round_9_file_survives(mode, name, control):
    assert control in _out(mode, name)


def test_strict_mode_keeps_at_least_97_percent_of_the_round_9_first_wave_controls():
    keeps = [(name, k) for name, (_, _, ks, _) in WAVE1.items() for k in ks]
    kept = sum(k in _out("strict", name) for name, k in keeps)
    assert kept >= 0.97 * len(keeps), (kept, len(keeps))


def test_strict_mode_keeps_at_least_95_percent_of_both_round_9_waves_controls():
    keeps = [(name, k) for name, (_, _, ks, _) in FILES.items() for k in ks]
    kept = sum(k in _out("strict", name) for name, k in keeps)
    assert kept >= 0.95 * len(keeps), (kept, len(keeps))


def test_the_round_9_table_is_broad_and_names_real_files():
    assert len(WAVE1) >= 14 and len(WAVE2) >= 6
    assert sum(len(v[0]) + len(v[1]) for v in FILES.values()) >= 370
    assert all((ROOT / name).is_file() for name in FILES)
    assert all(k in FILES for _, k, _ in KNOWN_LEAKS) and all(k in FILES for _, k, _ in KNOWN_GAPS)


# --- the families fixed in this round: hits and near misses, both modes ---------------------------------------

#: (family, text, values that must go, controls that must stay, modes)
FAMILY_ROWS = (
    ("se-personnummer", "Mitt personnummer: 850709-2388, hans 19770101-4149; mine 920314-5629",
     ("850709-2388", "19770101-4149", "920314-5629"), (), _BOTH),
    ("se-personnummer", "order 850709-2389 range 2026-1130 tel 070-312 4890 id 20261130-0001 ORD-850709-2388x",
     (), ("850709-2389", "2026-1130", "20261130-0001", "ORD-850709-2388x"), _BOTH),
    ("fi-hetu", "Henkilötunnus 131052-308T, toinen 050602A9142, chat: mine is 240798-127H",
     ("131052-308T", "050602A9142", "240798-127H"), (), _BOTH),
    ("fi-hetu", "part 131052-308X and 311352-308T and SKU 240798-127Q", (), ("131052-308X", "311352-308T", "240798-127Q"), _BOTH),
    ("header-alternatives", "Name,National number / PPSN,NRIC/FIN,Parent/Guardian,Suburb/City\nA,1234567T,S8734512B,Ann,Bray\n",
     ("1234567T", "S8734512B"), ("Name,National number / PPSN,NRIC/FIN",), _BOTH),
    ("header-alternatives", "Item,Size/Colour,Qty/Unit\nMug,350 ml/blue,2/pc\n", (), ("350 ml/blue", "2/pc"), _BOTH),
    ("contact-columns", "Student,Contact No,Initials\nx,9123 4567,J.v.d.H.\n", ("9123 4567", "J.v.d.H."), (), _BOTH),
    ("za-id-after-id", "Surety: Thandiwe, ID 8804125120086. Order ID 8804125120087, ID 1234567890123.",
     ("8804125120086",), ("8804125120087", "1234567890123"), _BOTH),
    ("nss", "NSS 12058812343; nss 3.101 and NSS-1205 stay", ("12058812343",), ("nss 3.101", "NSS-1205"), _BOTH),
    ("agencia", '"banco": {"codigo": "341", "agencia": "0912", "conta": "45678-9"} a agencia abriu em 2019',
     ("0912",), ('"codigo": "341"', "abriu em 2019"), _BOTH),
    ("json-escaped-break", '{"body": "Freundliche Grüsse\\nLukas", "sig": "Obrigado,\\nJoão", "code": "a\\nb"}',
     ("Lukas", "João"), ("Freundliche Grüsse", "Obrigado", '"code": "a\\nb"'), ("strict",)),
    ("label-value-pair", '{"label": "CPR-nummer", "value": "190577-6128"}, {"label": "Cost center", "value": "CPH-01"}',
     ("190577-6128",), ('"value": "CPH-01"',), _BOTH),
    ("kept-words", "Appointment on 3 December 2026. Bitte TOTP aktivieren. Karte endet auf 4242. Ab Montag frei.",
     (), ("3 December 2026", "TOTP", "Karte endet", "Ab Montag"), _BOTH),
    ("kept-words", "Dress code: 1920s.\nMacBook Air 13 M3, ThinkPad X1 Carbon, Robotics club", (),
     ("Dress code: 1920s", "MacBook Air 13 M3", "ThinkPad X1 Carbon", "Robotics"), _BOTH),
    ("sms-code", "Your Uber code: 4411.", ("4411",), (), _BOTH),
    ("nz-bank-account", "Rent paid fortnightly to 38-9012-0473921-00 (ref TINA-U5)", ("38-9012-0473921-00",), ("TINA-U5",), _BOTH),
    ("nz-bank-account", "ranges 99-9012-0473921-00 and 2026-1130-1234567-00 and 12-3140-012345-00", (),
     ("99-9012-0473921-00", "2026-1130-1234567-00", "12-3140-012345-00"), _BOTH),
    ("mx-rfc-printed", "Mi RFC correcto es PAOJ790923QX4; la empresa CBA031118KJ5", ("PAOJ790923QX4", "CBA031118KJ5"), (), _BOTH),
    ("mx-rfc-printed", "part PAOJ790923QX1, lot ABCD991399XY1, SKU ABCD123456XYZ", (),
     ("PAOJ790923QX1", "ABCD991399XY1", "ABCD123456XYZ"), _BOTH),
    ("health-card", "DOB: 1979-05-21   OHIP: 4827-193-605-KT   Cell: 647 555 0182", ("4827-193-605",), (), _BOTH),
    ("no-account-dotted", "Kontonummer: 9876.05.12831, Konto 1.250.000, versjon 2026.11.30001", ("9876.05.12831",),
     ("1.250.000", "2026.11.30001"), _BOTH),
    ("label-value-phone", '{"label": "Mobil", "value": "932 41 785"}, {"label": "Count", "value": "932 41 785"}',
     ('"label": "Mobil", "value": "932',), ('"label": "Count", "value": "932 41 785"',), _BOTH),
    ("code-segments", "Invoice HV-INV-55102, (INV-GF-2026-0871), SKU-PT-2210 and ref TINA-U5", (),
     ("HV-INV-55102", "INV-GF-2026-0871", "SKU-PT-2210", "TINA-U5"), _BOTH),
    ("code-segments", "Contact: ANNA-LENA Berg and Jean-Paul Martin signed", ("Berg", "Jean-Paul Martin"), (), ("strict",)),
    ("cjk-reading-keys", '{"name_kana": "ヤマダ ハナコ", "name_romanized": "Kim Min-jun", "kana": "ア"}',
     ("ヤマダ ハナコ", "Kim Min-jun"), ('"kana": "ア"',), _BOTH),
)


def _family_params():
    for i, (family, text, gone, kept, modes) in enumerate(FAMILY_ROWS):
        for mode in modes:
            yield pytest.param(mode, text, gone, kept, id=f"{mode}-{family}-{i}")


@pytest.mark.parametrize(("mode", "text", "gone", "kept"), list(_family_params()))
def test_each_round_9_family_catches_its_shape_and_keeps_its_near_misses(mode, text, gone, kept):
    out = _red(mode).redact(text).text
    assert [v for v in gone if v in out] == [], out
    assert [k for k in kept if k not in out] == [], out


_HOSTILE_UNITS = ("850709-", "1234567-", "19770101-414", "131052A", "0" * 6 + "-", '{"label": "a", "value": "',
                  '"label": "', "\\n", "\\nA", "a\\nB ", "NRIC/FIN,", "a/b/c/d/e,", "agencia ", "ID 8",
                  "AB-", "AB-1", "A-B-", "ABCD123456", "ABC1234567", "12-1234-", "12-1234-1234567-", '"label": "Mobil", "value": "1 ')


@pytest.mark.parametrize("unit", _HOSTILE_UNITS)
def test_the_round_9_rules_stay_linear_on_hostile_repetitions(unit):
    import time
    text = (unit * (100_000 // len(unit) + 1))[:100_000]
    start = time.process_time()
    _red("strict").redact(text)
    assert time.process_time() - start < 8.0, unit
