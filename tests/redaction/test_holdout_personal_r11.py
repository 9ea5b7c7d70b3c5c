# ruff: noqa: E501  (a table of whole files: one entry per file reads best)
"""Red-team hold-out probes, personal round 11 (hold-out round 14), for personal data (issue 11): WHOLE FILES, both modes.

The files under ``tests/corpus/personal_r11/`` were written before reading the detectors, with identifiers of
countries and kinds earlier rounds did not hold, in the files they live in: a Stockholm payroll CSV
(personnummer with ``-`` and ``+``, samordningsnummer, a 12-digit form), a Brussels onboarding mail
(rijksregisternummer printed ``85.04.12-237.52`` and bare, the company's enterprise number), a Lyon clinic
letter (NIR printed in groups, Corsica ``2A``, a bare INSEE number a few words after its label), a CEE HR
export (CNP, rodné číslo, TAJ, isikukood, asmens kodas), a Greek insurance claim (AMKA, ΑΦΜ), a Sydney /
Auckland onboarding pack (TFN, Medicare, IRD after gap words), a South African KYC log (SA ids in key=value
lines and in an agent's note), a LATAM visa JSON (CURP, CUIL, RUT and RUN with a ``K`` check, Colombian cédula,
Peruvian DNI, phones under ``telefono`` keys), an APAC travel roster (My Number, NRIC/FIN, HKID, Taiwan id,
MyKad, Thai id, NIK, PhilSys, a Han name under ``Traveller``), Moscow / Kyiv CRM notes (СНИЛС, ИНН a name away
from its label, РНОКПП, ІПН, a registered address), a US / EU claims intake (Medicare MBI, driver's licences,
EHIC card numbers), a Lisbon payroll (NIF, NISS, Cartão de Cidadão), a payroll TSV of checks that already
existed (codice fiscale, BSN spaced, PESEL, SVNR), and a second wave: a KYC queue in JSON lines (NHS number,
kennitala, Emirates ID, CURP, SNILS, INN and passport under Latin keys, Taiwan id, HKID, RUT, SA id, Thai id,
personnummer), a French reply mail with ids in prose and a WhatsApp payroll chat (a CUIL in the next message,
マイナンバー without a space before its particle, an IRD and an NHS number in English). Every checksummed value is
valid (computed by a script of our own, checked below); the controls include same-shape numbers whose check
fails (an invoice ``850412-2387``, an order ``9107631741``, ``4010232138``, ``20-43817265-5``, ``3145287961``,
``239817461``, ``302185745``), order and invoice ids, ISO dates, amounts, versions, durations, departments,
hotels, statuses and the header cells of the tables.

Decisions: as rounds 9 and 10, a postal code alone is neither a value nor a control, a company's own address,
switchboard and legal name are an organisation's (redacted by design, so no control), the city of an address
line is part of the address. Employee and badge numbers (``Anst.nr E-1047``, ``employee ID BW-20417``,
``badge 48213``, ``Personalnummer PN-004812``) are CONTROLS: rounds 1-2 chose that an HR export's own key is how
a consultant refers to a row without naming the person (``id_labels.RECORD_LABELS``), and this round keeps
that choice. A first name alone and a surname alone are strict-mode values (balanced reads no unconfigured single
name by design), single capitalised words that are an organisation's or a place's (``Harmonie``, ``Parktown``,
``Київ``) balanced-mode controls. A superannuation member number (``member 61829374``) is neither.

Main, before the round (strict / balanced): 32 / 34 of 238 / 232 values leaked (strict: 27 identifiers of item 1,
3 phones of item 4, one login of item 2, one Han name) and 25 / 9 of 295 / 299 controls changed (91.5% kept in
strict): the MBI, driver's licence and EHIC numbers, SNILS, INN, IRD, TFN after gap words, NISS, RUN, cédula,
bare NIR, CUIL in a chat, My Number after ``も``, kennitala, Emirates ID, HKID, SNILS and INN under Latin keys,
a Russian passport, phones under ``telefono``; the controls: statuses and destinations in JSON (``Cita
asignada``, ``Sídney``), a department column (``Ekonomi``), header cells (``Avdelning``, ``Bruttolön``,
``Skatt``), hotels in a roster, ``CLP 1.250.000``.

Fixed by family (new module ``world_ids``, wired into ``near_ids``, ``personal_ids`` and the engine, listed by
``redctx rules``): *near rows*, a label in the local language (personnummer, rijksregisternummer, NISS,
numéro INSEE / NIR / sécurité sociale, CNP, rodné číslo, TAJ, isikukood, asmens kodas, AMKA, ΑΦΜ, TFN, IRD,
CUIL/CUIT, RUT, CURP, マイナンバー, HKID, 身分證, เลขประจำตัวประชาชน, СНИЛС, ИНН, РНОКПП / ІПН, NHS, CHI, kennitala,
Emirates ID, MyKad) then the first value of its shape on each line of the window that passes its real check
(Luhn, mod 97, mod 11 with K, weighted sums, the CURP and HKID alphabets); a value of one kind no longer hides
another kind's label (the window's progress is per row); CJK labels need no word boundary; the near labels are
one trie; *labelled rows* (MBI shape, EHIC, the cédula, RUN, SNILS, IRD, NHS, CNIC, carta
d'identità, NHI, CIN, CRN, voter id, ОМС, Medicaid, a Russian passport ``45 12 345678``, a Greek ΑΔΤ), and
``n.`` before a value (``carta d'identità n. CA12345AB``); *printed shapes* without a label, each with its
separators and its check (NIR in groups, Belgian ``yy.mm.dd-sss.cc``, SNILS ``ddd-ddd-ddd dd``, HKID
``A123456(7)``, CURP, Thai ``1-2345-67890-12-3``, RUT ``12.345.678-5``, CUIL
``20-12345678-9``, Emirates ID ``784-yyyy-nnnnnnn-c``); phone cues ``telefono``/``telefone``/``telefoon``; a
Russian or Ukrainian house after ``д.``/``кв.`` makes an address, and ``Адрес регистрации`` labels one;
keep families: department, status, destination, hotel and job-title fields in JSON and tables (``avdelning``,
``estado``, ``destino``, ``hotel``, ``job title``...), every one- or two-word header cell of a table whose header
names a personal column, more ISO currency codes (``CLP``, ``ARS``, ``THB``... not ``BOB``); name columns
``Traveller``, ``Namn``, ``Insured``, ``Applicant``.

Driver's licence numbers stay raw in the default profile: DRIVER_ID is an extended-profile category by the spec
(``interface-facts.md``), README and ``test_categories`` (a row for them was tried and dropped; the lead decides).

Now (strict / balanced): 3 / 4 of 238 / 232 values leak (the two driver's licences, one login after ``agent=``;
in balanced also a quoted name after ``applicant=``), 0 identifiers of item 1 outside the extended-only driver's
licences, 0 phones, and 8 / 7 of 295 / 299 controls change (97.3% kept in strict, 97.7% in balanced). What is left
is in ``KNOWN_LEAKS`` / ``KNOWN_GAPS`` with its reason. Round 7's known leak of a Ukrainian address in a Telegram
JSON text (``вул. Саксаганського, 41, кв. 7``) is fixed by the ``кв.`` house family (its entry dropped).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from redaction_helpers import make, personal_file_cases, redacted_once
from test_holdout_personal_r7 import decoded_views

ROOT = Path(__file__).resolve().parents[1] / "corpus" / "personal_r11"

#: file -> (values gone in both modes, values gone in strict, controls kept in both modes, controls kept in balanced)
FILES: dict[str, tuple[tuple[str, ...], ...]] = {
    'APAC_travel_roster_Dec2026.csv': (
        ('Sato Haruka', '4821 7365 0196', '080-4471-2290', 'Tan Wei Ling', 'S8541237Z', '+65 9123 4477', 'Rahul Menon', 'G5128347W', '+65 8812 0394', 'Chan Ka Yan', 'K482173(4)', '+852 6123 8840', '林怡君', 'F228374154', '0912-345-678', 'Nurul Aisyah binti Ahmad', '850412-14-5237', '+60 12-384 7721', 'Somchai Wongsakul', '1-1037-00458-21-2', '081 234 5678', 'Dewi Lestari', '3174054204850003', '+62 812-1934-5567', 'Maria Cristina Dela Cruz', '4821-7365-0196-2214', '+63 917 482 1190', 'Lee Ji-hoon', 'M48217365', '+82 10-4471-2290'),
        (),
        ('TRV-3301', 'Marina Bay Sands', '2026-12-08', '3', 'APAC-OPS', 'TRV-3302', 'Hotel Jen Tanglin', 'TRV-3303', '2', 'APAC-FIN', 'TRV-3304', '2026-12-09', 'TRV-3305', 'Grand Hyatt', '4', 'APAC-SALES', 'TRV-3306', '2026-12-10', 'TRV-3307', 'TRV-3308', '2026-12-11', '1', 'APAC-HR', 'TRV-3309', 'TRV-3310', '2026-12-12', '25', 'SGD 18,400', 'APR-2026-4821'),
        (),
    ),
    'Re_dossier_sinistre_pieces_manquantes.eml': (
        ('Claire Dubois-Lemaire', 'claire.dubois-lemaire@orange.fr', '2 88 09 75 056 118 57', 'Giovanna Ferri', 'FRRGNN52A41H501N', '21.538.904-9', '050607-2289', '06 71 48 29 13'),
        ('Ignacio',),
        ('SIN-2026-04471', '2 88 09 75 056 118 58', '1 284,50 €', 'F-2026-11-0982', '28/11/2026', 'HZ-55120-B', '18h', '30/11/2026', '3.2'),
        (),
    ),
    'WhatsApp_chat_soporte_nomina.txt': (
        ('Lucía Paredes', 'Martín Aguirre', '20-43817265-4', 'Sofía Herrera', '23-40981726-2', 'Jorge Méndez', 'MELJ881103HJCNPN00', 'Tanaka Yui', '1928 3746 5016', 'Aroha Walker', '112-345-671', '485 777 3457'),
        (),
        ('01/12/2026', '09:14', '09:15', '09:17', '09:18', '20-43817265-5', '09:20', '09:21', 'HD-48213', '2.14.0', '09:24', '09:25', '12,5', '$ 18.400,00'),
        (),
    ),
    'aitisi_apozimiosis_AMKA.txt': (
        ('Γεώργιος Παπαδόπουλος', 'Georgios Papadopoulos', '12048512342', '094827156', '12/04/1985', 'Λεωφόρος Κηφισίας 214', '694 812 3307', 'Ελένη Παπαδοπούλου', '03079287656', '147283905'),
        (),
        ('ΥΓ-2026-004417', 'CLM-88213', 'Αθηνών', '3 ημέρες', 'ΤΠΥ 4471', '1.240,00 €', '2026-10-18', '2026-11-02', '120485123', 'K35.8'),
        ('Ιατρικό Κέντρο Αθηνών',),
    ),
    'claims_intake_Q4_US_EU.txt': (
        ('Dolores Ann Whitaker', '03/14/1951', '5TQ9-HR2-KW61', 'D4821937', '4471 Alder Creek Rd', 'Raymond Okafor', '11/02/1948', '7KX2-DW9-RN84', '482 193 756', '(518) 447-2290', 'Megan Ruiz', 'Henrik Sørensen', '80208000012345678901', '0807751234', 'Jana Becker', '80276001081023456789'),
        (),
        ('Q4-2026-118', '2026-11-30', 'CLM-2026-004812', '2029-03-14', '1427093816', '$ 184.00', 'CLM-2026-004813', 'BW-20417', '48213', 'CLM-2026-004814', 'Hospital Clínic', 'Barcelona', '2026-10-09', 'FAC-2026-118733', 'EUR 640.00', '3 claims', '$ 1,004.00', '5 business days', 'CMS-1500', '02/12'),
        (),
    ),
    'courrier_consultation_Lyon_CHU.txt': (
        ('Camille Berthelot', '3 mars 1992', '14 rue Paul Bert', '2 92 03 20 210 032 14', 'Jean-Baptiste Berthelot', '1 92 03 2A 128 012 49', 'Karim Haddad', '185047511204720', 'Hélène Marchetti'),
        (),
        ('2 décembre 2026', '1er décembre 2026', 'HM-558120', 'Méthotrexate 15 mg', 'acide folique 5 mg', '12 mg/l', '28 mm', '3,9', 'Adalimumab 40 mg', '2 semaines', 'DAP-2026-77412', '12 janvier 2027', '10h30', '690781810'),
        ('Harmonie',),
    ),
    'crm_notes_kyiv_moscow.txt': (
        ('Ольга Сергеевна Кузнецова', '+7 916 482-19-33', '112-233-445 95', '770708389324', 'ул. Профсоюзная, д. 84, кв. 12', 'Андрей Кузнецов', '503602907300', '472-916-385 17', 'Ірина Петренко', '3145287962', '+380 67 318 44 70', 'Олег Петренко', '2984173651'),
        ('Кузнецова',),
        ('#48213', '2026-11-27', '2026-11-20 10:14', '№ 2026/11-447', '2026-11-21 16:40', '№ 7707083894', '148 500,00 руб.', '24.11.2026', '2026-11-23 09:02', 'ЗМ-0912', '42 000 грн', '2026-11-24 11:30', 'SUP-77012', '5.4.1', '15 min', '3145287961'),
        ('Київ',),
    ),
    'expedientes_visas_LATAM.json': (
        ('Ana Laura Gómez Martínez', 'GOMA850412MJCLRN09', '1985-04-12', 'Av. Chapultepec 480, Col. Americana', '33 3615 2840', 'Lucas Rodríguez Ruiz', 'RUCL900228HNLZRS00', '1990-02-28', '81 8347 1290', 'Martina Sofía Fernández', '27-31947586-4', '31947586', 'Diego Alejandro Sepúlveda', '16.421.783-3', '+56 9 8745 2310', 'Catalina Rojas Pérez', '12.345.670-K', 'Juan Camilo Restrepo', '1.020.745.318', '310 482 7719', 'Rosa Elena Quispe Huamán', '45871236', '987 654 321'),
        (),
        ('VIS-2026-11-B', '2026-11-29T16:20:00-06:00', 'México', 'Madrid', 'Cita asignada', 'Toronto', 'Documentos pendientes', 'Argentina', 'Roma', 'Aprobado', 'Chile', 'Sídney', 'Entrevista', 'Lisboa', 'Colombia', 'Miami', 'Perú', 'Santiago', 'Rechazado', 'USD 185.00', '20394817262', 'EXP-4471-2026'),
        (),
    ),
    'hr_export_CEE_2026-Q4.csv': (
        ('Andreea Ionela Popescu', '2960711401282', '1996-07-11', 'Mihai Dumitrescu', '1850412400120', '1985-04-12', 'Tereza Nováková', '855412/1235', 'Marek Horváth', '905123/0078', '1990-01-23', 'Kovács Eszter', '037 712 541', '1988-09-30', 'Liis Tamm', '49207035711', '1992-07-03', 'Tomas Kazlauskas', '38809210455', '1988-09-21', 'Jan Dvořák', '790305/4720', '1979-03-05'),
        (),
        ('CEE-2207', 'București', 'CC-410', '2022-03-01', '2450.00', 'CEE-2213', 'Cluj-Napoca', '2019-10-14', '3120.00', 'CEE-2231', 'Brno', 'CC-520', '2021-06-01', '2980.00', 'CEE-2238', 'Bratislava', '2024-01-08', '2710.00', 'CEE-2244', 'Debrecen', 'CC-530', '2020-02-17', '2390.00', 'CEE-2250', 'Tartu', 'CC-610', '2023-05-02', '3350.00', 'CEE-2256', 'Kaunas', '2018-11-19', '2875.00', 'CEE-2262', 'Ostrava', '2016-09-01', '3600.00'),
        (),
    ),
    'kyc_review_queue_2026-12-01.jsonl': (
        ('Olivia Grace Pennington', '401 023 2137', 'Guðrún Sigurðardóttir', '120485-2379', 'Omar Khalid Al Mansoori', '784-1992-1234567-4', 'Jorge Méndez López', 'MELJ881103HJCNPN00', 'Дмитрий Орлов', '187-234-561 92', '645201837400', '4512 345678', '陳冠宇', 'A283746153', 'Wong Siu Ming', 'P918273(3)', 'Valentina Soto Fuentes', '17.654.329-9', 'Lerato Mokoena', '0102035104086', 'Niran Chaiyaporn', '2-1033-00456-78-4', 'Maja Lindgren', '880921-4573'),
        (),
        ('2026-12-01T07:58:02Z', 'KYC-77120', '4010232138', 'escalated', '0.82', '2026-12-01T08:01:44Z', 'KYC-77121', '120485-2378', 'cleared', '0.11', '2026-12-01T08:03:10Z', 'KYC-77122', '784-1992-1234567-5', '0.64', '2026-12-01T08:05:37Z', 'KYC-77123', 'n/a', 'pending', '0.37', '2026-12-01T08:07:12Z', 'KYC-77124', '0.58', '2026-12-01T08:09:55Z', 'KYC-77125', 'A2837461', '0.09', '2026-12-01T08:11:20Z', 'KYC-77126', '0.05', '2026-12-01T08:13:48Z', 'KYC-77127', 'CLP 1.250.000', '0.14', '2026-12-01T08:15:03Z', 'KYC-77128', '0.41', '2026-12-01T08:16:40Z', 'KYC-77129', '0.22', '2026-12-01T08:18:19Z', 'KYC-77130', '0.07', '880921.4.57'),
        (),
    ),
    'kyc_screening_2026-11-30.log': (
        ('Thandiwe Nomvula Dlamini', '9207030129086', '1992-07-03', '14 Jan Smuts Avenue', 'Pieter van der Merwe', '8504125123086', '1985-04-12', 'lmokoena', '7509235020081'),
        (),
        ('9f2c1a7e', '412', 'b41d03c9', '1', '8504125123087', 'ZAR 12500.00', 'PENDING', '2', '0', '3.14.2', '1m49s'),
        ('Parktown',),
    ),
    'lonelista_2026-11_Stockholm.csv': (
        ('Erik Johan Lindqvist', '850412-2386', '070-482 19 33', 'erik.lindqvist@telia.se', 'Aino Korhonen', '850472-3381', '073-918 44 02', 'aino.korhonen@gmail.com', 'Sigrid Elisabet Holm', '311205+1275', '018-12 47 90', 'sigrid.holm@outlook.com', 'Oskar Nyberg', '19940228-9137', '+46 72 310 58 14', 'oskar.nyberg@bahnhof.se'),
        (),
        ('Anst.nr', 'Avdelning', 'Bruttolön', 'Skatt', 'E-1047', 'Ekonomi', 'Solna', '42 500,00', '12 180,00', 'E-1052', 'Lager', 'Västerås', '31 900,00', '8 870,00', 'E-1063', 'Styrelse', 'Uppsala', '18 000,00', '3 120,00', 'E-1071', 'IT', 'Stockholm', '47 250,00', '13 990,00', '139 650,00', '38 160,00', '850412-2387', '9107631741', '2026.11.2', '2026-11-25'),
        (),
    ),
    'onboarding_Bruxelles_nouvel_employe.eml': (
        ('Lucie Van den Broeck', 'lucie.vdbroeck@skynet.be', '85.04.12-237.52', '12/04/1985', 'Rue du Trône 118', '0478 21 93 40', '03.09.15-112.78', 'Pieter Claes', '77030105402', 'BE 0403.170.701', 'Sophie Lambert'),
        ('Van den Broeck', 'Noah'),
        ('ONB-2026-0412', 'CT-2026-1187', '1er décembre 2026', '38 heures', '3.450,00 EUR', 'C4', '15/12/2026'),
        (),
    ),
    'onboarding_pack_Sydney_Auckland.md': (
        ('Chloe Anne Fitzgerald', 'Tama Ngata', '459 599 230', '49-091-850', '2951 38505 1', '0412 738 205', '021 448 9031', '876 543 210', '136-589-725'),
        ('Chloe', 'Tama'),
        ('Warehouse Supervisor', 'Fleet Coordinator', '2026-12-07', '2026-12-14', 'n/a', 'AustralianSuper', '3%', 'Tue 1 Dec', 'PO 459 599 231', 'AUD 1,180.00', 'INV-20871', 'v4.2'),
        (),
    ),
    'payroll_DE_CH_IT_NL_PL_checks.tsv': (
        ('Sofia Russo', 'RSSSFO92H47F205L', 'Daan Visser', '3021 85 744', 'Zofia Wiśniewska', '89071415281', 'Lukas Gruber', '4723 150879', 'Anna Schmitt'),
        (),
        ('Acquisti', '2020-05-04', 'Inkoop', '2021-03-15', 'Zakupy', '2019-08-01', 'Einkauf', '2018-01-02', 'PN-004812', '2022-07-01', '302185745', '1.9.3'),
        (),
    ),
    'processamento_salarial_Lisboa.txt': (
        ('Inês Marques Ferreira', '239 817 460', '12048573168', '23981746 7 ZY3', 'Rua Morais Soares 94, 3.º Esq.', 'PT47 0035 0651 0000 0172 3012 8', 'Rui Manuel Tavares', '218453906', '20938172649', '912 478 330'),
        (),
        ('novembro de 2026', 'Lisboa', '2031-04-12', '1.850,00 €', '22 dias', '9,60 €', 'Tabela I', '11%', 'RV-2026-11-0412', '239817461'),
        (),
    ),
}

_BOTH = ("strict", "balanced")
_BAL = ("balanced",)


def _known(rows) -> dict[tuple[str, str, str], str]:
    return {(mode, f, v): reason for f, v, modes, reason in rows for mode in modes}


#: ``(mode, file, value)`` still raw after the round, with the reason: strict xfails, so a fix shows.
KNOWN_LEAKS: dict[tuple[str, str, str], str] = _known((
    ('claims_intake_Q4_US_EU.txt', 'D4821937', _BOTH, "a driver's licence number: DRIVER_ID is an extended-profile category by the spec (interface-facts) and README; test_categories keeps it raw in the default profile"),
    ('claims_intake_Q4_US_EU.txt', '482 193 756', _BOTH, "a driver's licence number: DRIVER_ID is an extended-profile category by the spec (interface-facts) and README; test_categories keeps it raw in the default profile"),
    ('kyc_screening_2026-11-30.log', 'lmokoena', _BOTH, 'a login after ``agent=`` in a log line: ``agent`` is also a user agent (``agent=curl/8.5``), no login key of usernames reads it'),
    ('kyc_screening_2026-11-30.log', 'Pieter van der Merwe', _BAL, 'a quoted full name with a particle after ``applicant=`` in a key=value log line: balanced reads no unconfigured name there'),
))
#: ``(mode, file, control)`` still changed after the round, with the reason.
KNOWN_GAPS: dict[tuple[str, str, str], str] = _known((
    ('Re_dossier_sinistre_pieces_manquantes.eml', '2 88 09 75 056 118 58', _BOTH, 'a mistyped NIR (its key fails): the NIR rows keep it, the local phone pattern reads ``09 75 056 118 58`` as a French number'),
    ('kyc_review_queue_2026-12-01.jsonl', '120485-2378', _BOTH, 'an invoice number that happens to pass the Swedish personnummer check (a date and Luhn): round 12 reads that printed form without a label'),
    ('aitisi_apozimiosis_AMKA.txt', 'Αθηνών', ('strict',), 'the tax office (ΔΟΥ) after its label: strict redacts a capitalised word off the lexicon'),
    ('aitisi_apozimiosis_AMKA.txt', 'ΤΠΥ 4471', ('strict',), 'a Greek invoice-type code before its number: strict reads the upper-case word as an entity'),
    ('aitisi_apozimiosis_AMKA.txt', 'Ιατρικό Κέντρο Αθηνών', _BAL, 'a Greek clinic name read as a person in balanced'),
    ('claims_intake_Q4_US_EU.txt', 'Hospital Clínic', _BOTH, '``Clínic Barcelona`` read as a first name and a surname'),
    ('claims_intake_Q4_US_EU.txt', 'Barcelona', _BOTH, '``Clínic Barcelona`` read as a first name and a surname'),
    ('onboarding_pack_Sydney_Auckland.md', 'Fleet Coordinator', _BOTH, 'a job title in a transposed Markdown table (the field in the first cell): ``Fleet`` is no lexicon word, so the pair reads as a name'),
    ('processamento_salarial_Lisboa.txt', 'Tabela I', _BOTH, 'a tax table and a Roman numeral read as a surname and an initial'),
))

_REDACTORS: dict[str, object] = {}


def _red(mode: str):
    return _REDACTORS.setdefault(mode, make(mode))


def _out(mode: str, name: str) -> str:
    return redacted_once(mode, ROOT, name)


def _cases(kind: str):
    return personal_file_cases(FILES, kind, KNOWN_LEAKS, KNOWN_GAPS)


@pytest.mark.parametrize(("mode", "name", "value"), list(_cases("leak")))
def test_no_value_of_a_personal_round_11_file_survives_raw_or_decoded(mode, name, value):
    assert value not in decoded_views(_out(mode, name))


@pytest.mark.parametrize(("mode", "name", "control"), list(_cases("keep")))
def test_every_control_of_a_personal_round_11_file_survives(mode, name, control):
    assert control in _out(mode, name)


@pytest.mark.parametrize("mode", _BOTH)
def test_each_mode_keeps_at_least_97_percent_of_the_personal_round_11_controls(mode):
    keeps = [(name, k) for name, (_, _, ks, bks) in FILES.items()
             for k in dict.fromkeys(ks + (bks if mode == "balanced" else ()))]
    kept = sum(k in _out(mode, name) for name, k in keeps)
    assert kept >= 0.97 * len(keeps), (kept, len(keeps))


def test_the_personal_round_11_table_is_broad_and_names_real_files():
    assert len(FILES) >= 16
    assert sum(len(v[0]) + len(v[1]) for v in FILES.values()) >= 230
    assert sum(len(v[2]) + len(v[3]) for v in FILES.values()) >= 280
    assert all((ROOT / name).is_file() for name in FILES)
    assert all(k in FILES for _, k, _ in KNOWN_LEAKS) and all(k in FILES for _, k, _ in KNOWN_GAPS)


def test_the_checksummed_values_of_the_corpus_are_valid_and_the_near_misses_fail():
    """The ids of the files pass their own checks (a detector that relies on a check digit is tried fairly) and
    the same-shape controls fail them."""
    from redacted_context_mcp.redaction import world_ids as w
    from redacted_context_mcp.redaction.id_checks import nric_ok
    from redacted_context_mcp.redaction.near_ids import bsn_ok, pesel_ok, pt_nif_ok
    from redacted_context_mcp.redaction.validators import iban_ok
    good = {
        w.se_pnr_ok: ("850412-2386", "850472-3381", "311205+1275", "19940228-9137", "880921-4573", "050607-2289"),
        w.be_rrn_ok: ("85.04.12-237.52", "03.09.15-112.78", "77030105402"),
        w.fr_nir_ok: ("2 92 03 20 210 032 14", "1 92 03 2A 128 012 49", "185047511204720", "2 88 09 75 056 118 57"),
        w.ro_cnp_ok: ("2960711401282", "1850412400120"), w.cz_rc_ok: ("855412/1235", "905123/0078", "790305/4720"),
        w.hu_taj_ok: ("037 712 541",), w.ee_ik_ok: ("49207035711", "38809210455"),
        w.gr_amka_ok: ("12048512342", "03079287656"), w.gr_afm_ok: ("094827156", "147283905"),
        w.au_tfn_ok: ("459 599 230", "876 543 210"), w.nz_ird_ok: ("49-091-850", "136-589-725", "112-345-671"),
        w.pt_niss_ok: ("12048573168", "20938172649"), w.ar_cuit_ok: ("27-31947586-4", "20-43817265-4", "23-40981726-2"),
        w.cl_rut_ok: ("16.421.783-3", "12.345.670-K", "21.538.904-9", "17.654.329-9"),
        w.mx_curp_ok: ("GOMA850412MJCLRN09", "RUCL900228HNLZRS00", "MELJ881103HJCNPN00"),
        w.jp_mynumber_ok: ("4821 7365 0196", "1928 3746 5016"), w.hkid_ok: ("K482173(4)", "P918273(3)"),
        w.tw_id_ok: ("F228374154", "A283746153"), w.th_id_ok: ("1-1037-00458-21-2", "2-1033-00456-78-4"),
        w.ru_snils_ok: ("112-233-445 95", "472-916-385 17", "187-234-561 92"),
        w.ru_inn_ok: ("770708389324", "503602907300", "645201837400"), w.ua_rnokpp_ok: ("3145287962", "2984173651"),
        w.za_id_ok: ("9207030129086", "8504125123086", "7509235020081", "0102035104086"),
        w.us_mbi_ok: ("5TQ9-HR2-KW61", "7KX2-DW9-RN84"), w.my_mykad_ok: ("850412-14-5237",),
        w.uk_nhs_ok: ("401 023 2137", "485 777 3457"), w.is_kennitala_ok: ("120485-2379",),
        w.ae_eid_ok: ("784-1992-1234567-4",),
        nric_ok: ("S8541237Z", "G5128347W"), pt_nif_ok: ("239 817 460", "218453906"), bsn_ok: ("3021 85 744",),
        pesel_ok: ("89071415281",), iban_ok: ("PT47003506510000017230128",),
    }
    for check, values in good.items():
        assert [v for v in values if not check(v)] == [], check.__name__
    bad = {w.se_pnr_ok: ("850412-2387", "9107631741"), w.uk_nhs_ok: ("4010232138",), w.ar_cuit_ok: ("20-43817265-5",
           "20394817262"), w.ua_rnokpp_ok: ("3145287961",), w.ae_eid_ok: ("784-1992-1234567-5",), w.ru_inn_ok: ("7707083894",),
           w.fr_nir_ok: ("2 88 09 75 056 118 58",), w.za_id_ok: ("8504125123087",), pt_nif_ok: ("239817461",),
           bsn_ok: ("302185745",), w.au_tfn_ok: ("459 599 231",), w.is_kennitala_ok: ("120485-2378",)}
    for check, values in bad.items():
        assert [v for v in values if check(v)] == [], check.__name__


# --- the families of this round: hits and near misses, both modes ---------------------------------------------

#: (family, text, values that must go, controls that must stay, modes)
FAMILY_ROWS = (
    ("near-se", "Personnummer för barnet, om det behövs: 050607-2289. Fakturanr 850412-2387, order 9107631741",
     ("050607-2289",), ("850412-2387", "9107631741"), _BOTH),
    ("near-be", "Le rijksregisternummer de mon fils figure sur la composition de ménage : 03091511278; dossier 03091511279",
     ("03091511278",), ("03091511279",), _BOTH),
    ("near-fr", "Le numéro INSEE de son mari, Karim, est le 185047511204720 ; facture 185047511204721",
     ("185047511204720",), ("185047511204721",), _BOTH),
    ("printed-fr", "immatriculé sous le 1 92 03 2A 128 012 49 depuis 1992 ; appeler le 01 23 45 67 89", ("1 92 03 2A 128 012 49",),
     (), _BOTH),
    ("near-ro-cz-hu-ee", "CNP-ul soțului: 1850412400120. Rodné číslo dítěte 045808/1239 doplnit. TAJ-száma 111 222 337. Isikukood 50301151231 (laps)",
     ("1850412400120", "045808/1239", "111 222 337", "50301151231"), (), _BOTH),
    ("near-misses-cee", "CNP-ul: comanda 1850412400121. Rodné číslo: objednávka 855412/1236. TAJ: számla 137 712 542", (),
     ("1850412400121", "855412/1236", "137 712 542"), _BOTH),
    ("near-gr", "ΑΜΚΑ του παιδιού, αν χρειάζεται: 12048512342 · ΑΦΜ εταιρείας 094827157", ("12048512342",), ("094827157",), _BOTH),
    ("near-au-nz", "she sent her tax file number again as 876 543 210; my IRD is 112-345-671; PO 459 599 231", ("876 543 210", "112-345-671"),
     ("459 599 231",), _BOTH),
    ("near-ru-ua", "ИНН мужа Андрей — 503602907300, СНИЛС 472-916-385 17; счёт № 7707083894. РНОКПП: 3145287962, замовлення 3145287961",
     ("503602907300", "472-916-385 17", "3145287962"), ("7707083894", "3145287961"), _BOTH),
    ("near-latam", "el mío es 20-43817265-4 (CUIL); RUT 17.654.329-9; CURP: MELJ881103HJCNPN00; pedido 20-43817265-5",
     ("20-43817265-4", "17.654.329-9", "MELJ881103HJCNPN00"), ("20-43817265-5",), _BOTH),
    ("near-cjk", "マイナンバーも必要ですか？ 私のは 1928 3746 5016 です。身分證字號：A283746153，訂單 A283746154",
     ("1928 3746 5016", "A283746153"), ("A283746154",), _BOTH),
    ("near-uk-is-ae", "NHS number (from Leeds) 485 777 3457; kennitala: 120485-2379; Emirates ID 784-1992-1234567-4; order 4010232138",
     ("485 777 3457", "120485-2379", "784-1992-1234567-4"), ("4010232138",), _BOTH),
    ("printed-shapes", "SNILS 187-234-561 92; HKID P918273(3); CURP RUCL900228HNLZRS00; ID 1-1037-00458-21-2; MyKad 850412-14-5237; RUN 12.345.670-K; CUIL 27-31947586-4; EID 784-1992-1234567-4",
     ("187-234-561 92", "P918273(3)", "RUCL900228HNLZRS00", "1-1037-00458-21-2", "850412-14-5237", "12.345.670-K", "27-31947586-4", "784-1992-1234567-4"), (), _BOTH),
    ("printed-near-misses", "batch 261130-01-0042, ref 187-234-561 93, part K482173(5), batch 851312-14-5237, lot 12.345.670-1, doc 27-31947586-5, build 1-1037-00458-21-3, order 784-1992-1234567-5, tel 020 7946 0958",
     (), ("261130-01-0042", "187-234-561 93", "K482173(5)", "851312-14-5237", "12.345.670-1", "27-31947586-5", "1-1037-00458-21-3", "784-1992-1234567-5"), _BOTH),
    ("labelled-us", "Medicare Beneficiary Identifier (MBI): 5TQ9-HR2-KW61; new Medicare number 7KX2DW9RN84", ("5TQ9-HR2-KW61", "7KX2DW9RN84"),
     (), _BOTH),
    ("labelled-eu", "EHIC card no. 80208000012345678901; Kennnummer der Karte 80276001081023456789; carta d'identità n. CA12345AB; ΑΔΤ: ΑΚ 123456",
     ("80208000012345678901", "80276001081023456789", "CA12345AB", "123456"), (), _BOTH),
    ("labelled-more", '"cedula_ciudadania": "1.020.745.318", "RUN": "12.345.670-K", "inn":"645201837400", "passport":"4512 345678"; Паспорт РФ: 45 12 № 345678; NHS No 9434765919; CNIC: 35202-1234567-1',
     ("1.020.745.318", "12.345.670-K", "645201837400", "4512 345678", "345678", "9434765919", "35202-1234567-1"), (), _BOTH),
    ("phone-keys", '{"telefono": "33 3615 2840", "telefone": "11 3615 2840", "celular": "987 654 321", "version": "3.2.1", "pedido": "2026-118733"}',
     ("3615 2840", "987 654 321"), ("3.2.1", "2026-118733"), _BOTH),
    ("thing-keys", '{"estado": "Cita asignada", "destino": "Sídney", "hotel": "Hotel Jen Tanglin", "job_title": "Warehouse Supervisor", "nombre": "Ana Laura Gómez"}',
     ("Ana Laura Gómez",), ("Cita asignada", "Sídney", "Hotel Jen Tanglin", "Warehouse Supervisor"), _BOTH),
    ("header-cells", "Anst.nr;Namn;Personnummer;Avdelning;Bruttolön;Skatt\nE-1047;Erik Lindqvist;850412-2386;Ekonomi;42 500,00;12 180,00\n",
     ("Erik Lindqvist", "850412-2386"), ("Anst.nr", "Avdelning", "Bruttolön", "Skatt", "Ekonomi", "E-1047"), _BOTH),
    ("name-columns", "Trip,Traveller,ID type\nTRV-3305,林怡君,身分證字號\n", ("林怡君",), ("TRV-3305",), _BOTH),
    ("currencies", "budget CLP 1.250.000, THB 42,000 and ARS 18.400; Bob called", ("Bob",), ("CLP 1.250.000", "THB 42,000", "ARS 18.400"), ("strict",)),
    ("ru-address", "Адрес регистрации: ул. Профсоюзная, д. 84, кв. 12, Москва. Заказ № 2026/11-447", ("Профсоюзная, д. 84",), ("2026/11-447",), _BOTH),
)


def _family_params():
    for i, (family, text, gone, kept, modes) in enumerate(FAMILY_ROWS):
        for mode in modes:
            yield pytest.param(mode, text, gone, kept, id=f"{mode}-{family}-{i}")


@pytest.mark.parametrize(("mode", "text", "gone", "kept"), list(_family_params()))
def test_each_personal_round_11_family_catches_its_shape_and_keeps_its_near_misses(mode, text, gone, kept):
    out = _red(mode).redact(text).text
    assert [v for v in gone if v in out] == [], out
    assert [k for k in kept if k not in out] == [], out


def test_the_round_11_rules_are_listed():
    from redacted_context_mcp.redaction.identifiers import PATTERN_RULES
    ids = {r[0] for r in PATTERN_RULES}
    for rule in ("world-id-near-label", "us-mbi", "ehic-number", "cl-rut", "nz-ird", "fr-nir",
                 "be-rrn", "ru-snils", "hk-hkid", "mx-curp", "th-id", "ar-cuil", "ae-eid", "ru-passport", "gr-adt"):
        assert rule in ids, rule


_HOSTILE_UNITS = ("1 92 03 2A 128 ", "85.04.12-", "112-233-445 ", "K482173(", "GOMA850412M", "1-1037-", "850412-14-",
                  "16.421.", "27-31947586-", "784-1992-", "personnummer 1", "инн 1", "снилс 1", "マイナンバー1", "rut 1.",
                  "mbi 1a", "ehic 1234 ", "паспорт 12 ", "αδτ α", "n. ", "telefono 1", "д. 1", "Avdelning;",
                  '"estado": "', "a;b;c\n")


@pytest.mark.parametrize("unit", _HOSTILE_UNITS)
def test_the_round_11_rules_stay_linear_on_hostile_repetitions(unit):
    import time
    text = (unit * (100_000 // len(unit) + 1))[:100_000]
    start = time.process_time()
    _red("strict").redact(text)
    assert time.process_time() - start < 8.0, unit
