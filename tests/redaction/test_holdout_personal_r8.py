# ruff: noqa: E501  (a table of whole files: one entry per file reads best)
"""Red-team hold-out probes, round 8 (hold-out round 11), for personal data (issue 11): WHOLE FILES, both modes.

The files under ``tests/corpus/personal_r8/`` were written before reading the detectors, as a consultant's
folder holds them, of kinds the earlier personal rounds did not hold: payroll and HR exports of Germany
(DATEV Lohnjournal with a preamble, Steuer-ID, SV-Nummer), France (registre du personnel, NIR, SIRET/TVA),
Spain (nómina as text, DNI/NIE, NSS), the Netherlands (AFAS JSON, BSN, split address fields), Italy
(anagrafica XML, codice fiscale, partita IVA), Poland (lista płac, PESEL, NIP, dowód), India (salary
register, PAN, Aadhaar, UAN, PF), Brazil (folha JSON, CPF, PIS, CNPJ) and the US (ADP export, SSN, ITIN,
ABA routing); an expense report, SAP vendor master data (LFA1/LFBK lists), Salesforce, HubSpot and
LinkedIn exports, a GDPR access response, Zendesk tickets, an access log and app logs of three regions and
a CloudTrail event. Checksummed values are valid (computed by a script of our own). Each entry: values that
must not survive in either mode, values that must not survive in strict (logins and names in prose), controls
that must survive in both modes and controls that must survive in balanced (capitalised words strict may take).

Wave 1 (21 files, 363 values, 313 controls; three CSV files first had unquoted commas inside cells, fixed in
the material before the figures below): main leaked 56 values in strict and 106 in balanced and changed 38
controls in strict (87.9% kept) and 15 of 327 in balanced. Fixed by family: export headers below preamble
lines and pipe tables further down a file, header words around a column's noun (``Aadhaar No``, ``Bank
Routing #``, ``Seria i nr dowodu``), identifier labels and camelCase keys as column names, ISO timestamps
after birth labels, labels written as one identifier (``DataNascita``, ``PartitaIVA``), a birth label a few
words before its date, more payroll-id labels (UAN, PF, PIS/PASEP, n.º afiliación), name-part and split
address fields in JSON, XML and key=value text, Common Log Format users, actor keys, ARN principals,
URL-encoded phones, UPI ids, logins named in prose, an identifier said again in the same text, and the
words of the workplace (job titles, pay items, expense types, user-agent tokens) kept in strict.

Wave 2 (``wave2/``: 13 files written after those fixes, 169 values, 180 controls: contractor payouts with
wallets, event registrations, a mailing-list digest with RFC 2047 words and quoted-printable bodies, a
Postfix/Dovecot log, Microsoft Graph and Keycloak user exports, a SEPA pain.001 file, a NACHA ACH file, a
Kubernetes audit log, a Workday extract, Stripe and Shopify exports, ``git log --pretty=fuller``): main
leaked 15 values in strict and 29 in balanced and changed 25 controls in strict, 9 in balanced; the wave-1
fixes alone left 15 / 25 leaks and 24 / 8 changed controls. Fixed by family after it: NACHA entry records,
bare-login git trailers, directory login keys (``onPremisesSamAccountName``, ``preferred_username``,
``user=<x>``), JSON arrays after a label, ISO 20022 address elements, ``Billing Name`` columns, browser
versions in user agents (no IP), message ids and service no-reply addresses kept, card brands and dietary
words kept. Now: wave 1 leaks 1 value in strict and 12 in balanced, changes 6 controls in strict (98.1%
kept); wave 2 leaks 0 in strict and 3 in balanced, changes 7 controls in strict (96.1% kept); both waves
together keep 97.4% of the strict controls. What is left is in ``KNOWN_LEAKS`` / ``KNOWN_GAPS``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from redaction_helpers import make, personal_file_cases, redacted_once
from test_holdout_personal_r7 import decoded_views

ROOT = Path(__file__).resolve().parents[1] / "corpus" / "personal_r8"

#: file -> (values gone in both modes, values gone in strict, controls kept in both modes, controls kept in balanced)
WAVE1: dict[str, tuple[tuple[str, ...], ...]] = {
    'Connections.csv': (
        ('Katrin', 'Oberhuber', 'https://www.linkedin.com/in/katrin-oberhuber-4b7a21', 'katrin.oberhuber@gmx.at', 'Tomasz', 'Wróbel', 'https://www.linkedin.com/in/twrobel', 'Aoife', 'Brennan', 'https://www.linkedin.com/in/aoifebrennan', 'aoife.brennan@outlook.ie', 'Kwame', 'Asante-Boateng', 'https://www.linkedin.com/in/kwame-asante-boateng-9911b3'),
        (),
        ('Senior Scrum Master', '03 Nov 2026', 'Engineering Manager', '21 Oct 2026', 'Solutions Architect', '07 Sep 2026', 'Head of Data', '14 Aug 2026'),
        ('Raiffeisen Informatik', 'Allegro', 'Stripe', 'MTN Group')),
    'DSAR-response-2026-0419.json': (
        ('Ingrid Halvorsen', '22.08.1976', 'ingrid.halvorsen@online.no', 'i.halvorsen76@gmail.com', '+47 912 34 567', '22 12 34 56', 'Thorvald Meyers gate 51', 'Bygdøy allé 7B', 'ingridh76', 'NO93 8601 1117 947', '84.212.17.96', '2a01:799:1f2:e400::5c', 'Solveig Halvorsen', 'Kirkeveien 3'),
        (),
        ('DSAR-2026-0419', '2026-10-28', 'Art. 15 GDPR', '2026-11-25', 'K-00482913', 'visa', '4242', '09/28', 'ORD-7731908', '2026-03-14', '1 249,00 NOK', 'Wool blanket, grey', 'ORD-7802215', '2026-09-02', '389,00 NOK', 'Ceramic mug set', '2026-11-20T07:41:09Z', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)', '2026-11-23T19:02:55Z', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'false', 'Order data is kept for 5 years (Bokføringsloven §13).'),
        ()),
    'Expense_Report_ER-2026-1187.csv': (
        ('Henrike Brückner', 'h.brueckner@brueckner-fm.de', 'Matthias Köhler', 'Rui Barros', 'Inês Tavares', 'DE44 5001 0517 5407 3249 31'),
        (),
        ('ER-2026-1187', 'Client workshop Lisbon', 'E10017', 'CC-4100', '2026-11-03', 'Airfare', '412.80', 'MUC-LIS return', '2026-11-04', 'Hotel', '389.00', '2 nights', 'Business Meal', '146.50', '2026-11-05', 'Taxi', '18.40', 'Airport transfer', '164.90 EUR', '2026-11-07', '2026-11-09', 'EXP-20261110-03'),
        ('TAP Air Portugal', 'Hotel Avenida Palace', 'Cervejaria Ramiro', 'Bolt')),
    'LFA1_vendor_master.txt': (
        ('Dr. Konstantin Wehrle', 'Gartenstr. 19', 'DE298413759', '0761 / 38 92 04', 'Ingenieurbüro Aylin Demirci', 'Bahnhofstr. 3', 'DE813450962', '0911 2345-670', 'Claire Fontaine Traduction', '27 rue Nationale', 'FR44732829320', '03 20 57 11 62', '0012345678', 'DE24 1007 0024 0934 1721 66', 'Konstantin Wehrle', '0987654321', 'DE89370400440532013000', 'Aylin Demirci', 'FR76 3000 4000 0312 3456 7890 143', 'Claire Fontaine'),
        (),
        ('01.12.2026', '6', '0000100234', '0000100871', '0000101102', '0000101150', '0000101163', '0000101201'),
        ()),
    'access.log': (
        ('81.169.145.22', 'wehrle_k', 'konstantin.wehrle%40wehrle-ing.de', '90.84.231.7', 'claire.fontaine%40traduction-lille.fr', '2a02:8108:1cc0:5b00::1f', 'hbrueckner', '122.171.28.204', 'ananya.k%2Bshop%40gmail.com', '88.26.193.40', 'mjibanez', '10.20.4.17', 'Mar%C3%ADa%20Jos%C3%A9', 'Ib%C3%A1%C3%B1ez%20Soler', '%2B34%20628%2045%2090%2012'),
        (),
        ('30/Nov/2026:09:14:02 +0100', '0000100871', '200', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', '30/Nov/2026:09:14:07 +0100', 'b2b-monthly', '302', 'Mozilla/5.0', '30/Nov/2026:10:02:51 +0100', '204', 'okhttp/4.12.0', '30/Nov/2026:10:05:13 +0100', 'curl/8.5.0', '30/Nov/2026:14:36:40 +0530', '5521', 'Mozilla/5.0 (Linux; Android 14)', '30/Nov/2026:11:20:09 +0100', '991-2274', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6)', '30/Nov/2026:11:21:00 +0100', 'kube-probe/1.31', '30/Nov/2026:11:22:45 +0100'),
        ()),
    'adp_payroll_export_2026-11-30.csv': (
        ('Whitaker, Jolene M', '512-44-8170', '03/14/1985', '4417 N Lincoln Ave', '(773) 481-2290', 'jolene.whitaker@northlakedental.com', '071000013', '4820019375', 'Okonkwo, Emeka', '631-20-4458', '11/02/1990', '912 Elm St Apt 3B', '847.328.1104', 'emeka.okonkwo@northlakedental.com', '121000358', '000123987654', 'Ramírez, Lucía', '912-78-3346', 'July 4, 1993', '2250 W 18th St', '312-555-0199', 'lucia.ramirez@northlakedental.com', '026009593', '3319 0045 21', '36-4918275'),
        ('jwhitaker',),
        ('7QX', '004512', '38.50', '06/01/2019', '004533', '29.75', '09/15/2022', '004540', '24.00', '03/07/2024', '12/01/2026 07:02 CST', '1 of 1'),
        ()),
    'afas-medewerkers-export.json': (
        ('Femke', 'Veen', '348912560', '1987-09-22T00:00:00Z', 'Keizersgracht', '391', '020 - 623 45 67', '06-48213977', 'femke.vdveen@pm.me', 'NL39RABO0300065264', 'Bram', 'Hoekstra', '274839106', '1993-01-05T00:00:00Z', 'Oudegracht', '158bis', '+31 (0)30 231 44 90', '+31 6 1234 5678', 'bram.hoekstra93@gmail.com', 'NL20 INGB 0001 2345 67', 'NL820473157B01', '820473157L01'),
        (),
        ('M00318', 'Teamleider inkoop', 'KP-4410', '2018-03-01T00:00:00Z', 'M00412', 'Magazijnmedewerker', 'KP-4420', '2023-06-12T00:00:00Z'),
        ()),
    'anagrafica_dipendenti.xml': (
        ('Bianchi', 'Giulia', 'BNCGLI90E41F205P', '01/05/1990', 'Via Paolo Sarpi 27', '333 123 4567', '02 3456 7812', 'giulia.bianchi90@libero.it', 'IT98Z0306909606100000063718', 'Verdi', 'Luca', 'VRDLCU82T12L219T', '1982-12-12', 'Corso Vittorio Emanuele II 88', '+39 347 765 4321', 'l.verdi@tiscali.it', 'IT36 A020 0801 6330 0010 1234 567', '12834190154'),
        (),
        ('Paghe Web 7.4', '2026-11-30', '0031', '000118', '3° livello CCNL Commercio', '2021-02-15', '000127', 'Quadro', '2015-09-01'),
        ()),
    'app-br-sao-paulo.log': (
        ('Juliana Alves Pereira', '390.533.447-05', 'ju.alves.p@uol.com.br', '+5571991234567', '07.836.421/0001-04', 'Thiago Nascimento Souza', '14725836982', 'Av. Sete de Setembro, 2200'),
        ('thiago.souza',),
        ('2026-11-30T08:01:14.220-03:00', 'info', 'cadastro', '88213', '2026-11-30T08:01:15.901-03:00', 'warn', 'pix', '3', '2026-11-30T08:02:40.044-03:00', 'nfe', '000.118.204', '1', '"R$ 12.480,00"', '2026-11-30T08:03:02.515-03:00', 'error', 'boleto', 'timeout after 30s', '2026-11-30T08:05:00.000-03:00', 'deploy', 'v4.18.2', '9f3c2ab'),
        ()),
    'app-eu-west.log': (
        ('k.wehrle@wehrle-ing.de', '81.169.145.22', 'DE24100700240934172166', 'DE89370400440532013000', 'kwehrle', 'hwinkler', 'claire.fontaine@traduction-lille.fr', 'Camille', 'Rousseau', '04 78 62 19 30', 'camille.rousseau@ateliers-vauban.fr', 'C01X00T47', '1976-08-22'),
        (),
        ('2026-11-30 09:14:02,118', 'INFO', 'de-01', '2026-11-30 09:14:07,402', 'WARN', '0000100871', '2026-11-30 09:20:55,007', 'ERROR', '2026-11-30 10:02:51,660', 'fr_FR', '2026-11-30 10:31:12,219', 'DEBUG', '2026-11-30 11:05:44,981', 'K-00482913', '212', '2026-11-30 11:06:00,000', '8080'),
        ()),
    'app-in-south.log': (
        ('ananya.k@okhdfcbank', '3810 4729 5631', 'ANANYA KRISHNAMURTHY', 'BXRPK4821M', 'Ananya K', 'A Krishnamurthy', '+91 98450 12345', 'rdeshpande', 'rohit.deshpande', '49.207.52.118'),
        (),
        ('[2026-11-30T14:36:40.512+05:30]', 'INFO', 'TXN20261130143640512', '1499.00', '[2026-11-30T14:36:41.003+05:30]', '**43', '[2026-11-30T14:37:02.870+05:30]', 'WARN', '[2026-11-30T14:38:15.114+05:30]', 'OTP_LOGIN_V2', 'msg91', '212ms', '[2026-11-30T14:40:09.377+05:30]', 'ERROR', '[2026-11-30T14:41:30.002+05:30]', '77120', 'finance_viewer', '[2026-11-30T14:45:00.000+05:30]', '3m12s', '1,284'),
        ()),
    'cloudtrail-event.json': (
        ('AIDA4KXQZ7M2R5T8YB3WE', '402871935146', 'henrike.brueckner', 'AKIA4KXQZ7M2ZQ6NV3PD', '81.169.145.22', '918273645019'),
        (),
        ('1.09', '2026-11-30T08:14:02Z', 's3.amazonaws.com', 'PutObject', 'eu-central-1', '[aws-cli/2.22.4 Python/3.12.6 Linux/6.8.0-49-generic exe/x86_64.ubuntu.24]', 'payroll-exports-prod', '2026/11/lohnjournal.csv', 'false'),
        ()),
    'folha_pagamento_2026-11.json': (
        ('45.312.085/0001-81', 'Juliana Alves Pereira', '390.533.447-05', '170.35846.29-6', '23.456.789-1', '1991-04-17', 'Rua Augusta, 1508, apto 42', '(11) 98765-4321', 'ju.alves.p@uol.com.br', '0912', '45678-9', 'Thiago Nascimento Souza', '14725836982', '20918463755', '09/10/1985', 'Av. Sete de Setembro, 2200', '+55 71 99123-4567', '(71) 3321-8800', 'thiago.n.souza@gmail.com'),
        (),
        ('2026-11', '001245', 'Analista de Compras', '5400.00', '001301', 'Motorista', '3150.00', 'Valores em BRL', '13º salário', '2026-11-30'),
        ()),
    'hubspot-crm-exports-all-contacts-2026-11-30.csv': (
        ('Camille', 'Rousseau', 'camille.rousseau@ateliers-vauban.fr', '04 78 62 19 30', '07 81 44 20 15', 'Jonas Petersen', '22 quai Saint-Antoine', 'Álvaro', 'Muñoz Ortega', 'alvaro.munoz@hosteleria-sur.es', '91 863 71 72', '+34 655 12 34 56', 'Calle de Alcalá 120, 4º izq.', 'priya', 'nair', 'priya.nair.blr@gmail.com', '+91 80 2345 6789', '098765 43210', 'Mette Sørensen'),
        (),
        ('51234001', 'Directrice achats', 'Customer', 'Open Deal', '2025-03-12 10:22', '2026-11-28 16:05', '51234002', 'Gerente', 'Lead', 'New', '2026-10-02 09:01', '51234003', 'Subscriber', '2026-11-15 21:47'),
        ('Ateliers Vauban', 'Hostelería del Sur')),
    'lista_plac_2026_11.csv': (
        ('Wiśniewska Katarzyna', '90072304124', '1234563218', 'CAX562480', '23.07.1990', 'ul. Marszałkowska 84/92 m. 17', '600 123 456', 'PL60 1020 1026 0000 0422 7020 1111', 'Zieliński Paweł', '88120507319', '7792411336', 'AYM530871', '05.12.1988', 'os. Piastowskie 31/4', '+48 61 852 33 10', 'PL44114020040000350278254011', 'Kowalczyk Anna Maria', '95032111466', '1995-03-21', 'ul. Długa 5', '(58) 301-22-44', 'PL83249000100000000012345678'),
        ('mnowak',),
        ('P-0091', '7 450,00', '5 383,27', 'P-0102', '6 200,00', '4 512,90', 'P-0117', '5 100,00', '3 748,66', 'Razem: 18 750,00', '13 644,83', '2026-11-28'),
        ()),
    'lohnjournal_2026-11_DATEV.csv': (
        ('Brückner', 'Henrike', '14.03.1985', '68294710369', '65140385M046', 'Leopoldstraße 112', '089 / 6071 2275', 'DE44 5001 0517 5407 3249 31', 'Yilmaz-Hoffmann', 'Deniz', '23.7.91', '30715892638', '12230791K527', 'Am Kupfergraben 4a', '(0 30) 23 45-67 89', 'DE24100700240934172166', 'Szymański', 'Olaf', '02.02.1990', '52069471856', '53020290S110', 'Hauptstr. 7', '0171 2345678', 'DE89 3704 0044 0532 0130 00', 'DE298413759'),
        ('hwinkler',),
        ('November 2026', '10457', '01.12.2026', '00017', '1', '4.812,50', '2.907,13', '00023', '3', '5.350,00', '3.771,02', '00031', '4', '3.990,00', '2.381,44', 'Summe 14.152,50', '9.059,59'),
        ('AOK Bayern', 'TK', 'Barmer')),
    'nomina_noviembre_2026.txt': (
        ('GARCÍA ROMERO, NURIA', '71294086C', '08/12345670/61', '3 de febrero de 1988', 'C/ Gran Vía de Colón, 21, 3º B', '958 21 43 65', '612 34 56 78', 'ES60 0049 1500 0512 3456 7892', 'Y2841736P'),
        (),
        ('Oficial administrativo 1ª', '01/04/2019', '01/11/2026', '30/11/2026', '30', '1.642,80', '98,57', '85,00', '81,97', '219,29', '1.525,11'),
        ('Calle Recogidas 33, 18005 Granada',)),
    'registre-personnel-silae.csv': (
        ('55210055400013', 'FR96552100554', 'LEFEBVRE', 'Margaux', '07/05/1991', '2 91 07 75 120 034 79', '14 rue des Martyrs', '06 12 34 56 78', 'FR06 3000 3030 2000 0508 2217 462', "N'DIAYE", 'Ousmane', '12/06/1978', '178069205112341', '3 allée des Tilleuls', '01.46.05.22.18', 'FR1517569000706498377421E58', 'DUPONT-MOREAU', 'Élise', '1er mai 1995', '2 95 05 78 123 456 34', '8, boulevard Longchamp', '+33 (0)6 71 22 09 48', 'FR76 3000 4000 0312 3456 7890 143'),
        (),
        ('30/11/2026', 'S0042', 'Cheffe de projet', '02/01/2020', 'S0057', 'Technicien', '15/03/2022', 'S0061', 'Comptable', '01/09/2024', '3 CDI', '5 ans'),
        ()),
    'salary_register_nov26.csv': (
        ('Ananya Krishnamurthy', '14-Mar-1992', 'BXRPK4821M', '3810 4729 5631', '100934567812', 'KN/BNG/0098765/000/0112', '50100234567891', '+91 98450 12345', '080-2345 6789', 'Rohit Deshpande', '02/11/1989', 'AKLPD7390Q', '617249305822', '101287654390', 'KN/BNG/0098765/000/0127', '3124567809', '09876543210', 'Fathima Beevi S', '1996-08-30', 'CQZPB5517H', '5283 9104 6711', '101456781234', 'KN/BNG/0098765/000/0133', '918020054321876', '+91-9847012345', '0471 2345678'),
        ('Suresh Iyer',),
        ('November 2026', 'VA0112', 'Senior Analyst', '"1,25,000"', '"12,480"', '"1,06,720"', 'VA0127', 'Data Engineer', '"98,500"', '"7,210"', '"85,190"', 'VA0133', 'HR Executive', '"52,000"', '"0"', '"49,800"', '3', '2026-11-29'),
        ()),
    'salesforce_Contact_extract.csv': (
        ('Siobhán', "O'Callaghan", 'siobhan.ocallaghan@brightwater.ie', '+353 1 675 2210', '087 123 4567', '12 Baggot Street Upper', '1984-06-30', 'Mateusz', 'Górecki', 'm.gorecki@stalex.pl', '+48 22 123 45 67', '+48 501 234 567', 'ul. Prosta 51', 'Amara', 'Nwosu-Lindqvist', 'amara.nwosu@vardklinik.se', '08-123 456 78', '070-123 45 67', 'Sveavägen 44', '1979-11-02'),
        (),
        ('Head of Procurement', 'Trade Show', '2025-02-11T09:14:22.000Z', 'false', 'IT Director', 'Web', '2025-06-03T14:40:05.000Z', 'true', 'Chief Medical Officer', 'Partner Referral', '2026-01-19T08:02:51.000Z'),
        ()),
    'zendesk_tickets_export.json': (
        ('Jürgen Pfeiffer', 'juergen.pfeiffer@t-online.de', '0621 / 48 71 05', 'Leonie Brandt', 'leonie.brandt@kundenservice-beispiel.de', 'DE24 1007 0024 0934 1721 66', '05.11.1962', 'Pfeiffer', 'Leonie', 'María José Ibáñez', 'mj.ibanez@telefonica.net', '+34 93 412 77 80', 'Passeig de Gràcia 92, 2º 1ª', '628 45 90 12', '33412870B', 'María José', 'Gareth Llewellyn', 'gareth.llewellyn@btinternet.com', '029 2087 4411', 'gllewellyn82', 'g.llewellyn@hotmail.co.uk', '07700 900 418', 'PE 48 21 93 A', 'Gareth'),
        (),
        ('48211', '2026-11-26T08:12:40Z', 'Refund not received for order 991-2274', 'solved', 'normal', 'refund', 'de', '390118822011', '390009912345', '89,90 €', '2026-11-27', '48230', '2026-11-27T15:03:11Z', 'Cambio de dirección de envío', 'open', 'high', 'shipping', 'es', '390118900412', '390009912360', 'WMS-5521', '48244', '2026-11-28T10:44:02Z', 'Cannot log in', 'pending', 'low', 'account', 'uk', '390119004455', '3'),
        ()),
}

WAVE2: dict[str, tuple[tuple[str, ...], ...]] = {
    'wave2/PPD_20261130.ach': (
        ('07100001', '4820019375', 'WHITAKER JOLENE M', '12100035', '000123987654', 'OKONKWO EMEKA', '02600959', '3319004521', 'RAMIREZ LUCIA'),
        (),
        ('091000019', '2611300415', '261130', '261201', '0000231845', '004512', '0000176420', '004533', '0000139975', '004540'),
        ()),
    'wave2/contractor-payouts-2026-11.csv': (
        ('Oleksandr Hnatiuk', 'o.hnatiuk@proton.me', 'bc1qvdvmjlp5ha5wjaeeraynknscvxsfymy4wsd4f2', 'Bui Thi Thanh Huong', 'huong.bui.dev@gmail.com', '0x6b672b9a7e4feb4fd38386f90405bc0ae261413a', 'Tiago Marques', 'tiago@marques.pt', 'PT50 0002 0123 1234 5678 9015 4', 'Chidi Eze', 'chidi.eze@outlook.com', '1BMLciakzhYMSVjhshrhbB61rfGKL2ktYx', 'Grace Mwangi', 'grace.mwangi@yahoo.com', '061000159', '8812004419', 'Chidi', '+234 803 555 0192'),
        (),
        ('PO-26-11-0041', '0.01842', 'paid', '2026-11-28T10:04:11Z', 'PO-26-11-0042', '1250.00', '2026-11-28T10:04:19Z', 'PO-26-11-0043', '980.00', '2026-11-28T10:05:02Z', 'PO-26-11-0044', '0.00975', 'failed', 'PO-26-11-0045', '1100.00', 'pending'),
        ()),
    'wave2/eventbrite-attendees-summit-2026.csv': (
        ('Eleanor', 'Whitcombe', 'eleanor.whitcombe@btinternet.com', '07911 123456', '14 Clarendon Road', 'Íñigo', 'Etxeberria', 'inigo.etxeberria@euskaltel.net', '+34 688 12 34 56', 'Calle Licenciado Poza 31, 2º', 'Maialen', 'maialen.etx@gmail.com', '688 65 43 21', 'Sébastien', 'Marchal', 's.marchal@free.fr', '06 45 78 12 90', '5 place Bellecour'),
        (),
        ('1184412093', '2026-10-02 14:11:05', 'Early Bird', '1520077311', 'Operations Manager', 'Vegetarian', 'Eventbrite Completed', '1184412094', '2026-10-02 15:40:44', 'Standard', '1520077312', 'Director Financiero', '1520077313', 'Estudiante', 'Gluten free', '1184412107', '2026-10-05 09:02:17', 'Speaker', '1520077340', 'Responsable technique', 'Halal', 'Free Order'),
        ()),
    'wave2/git-log-fuller.txt': (
        ('Siddharth Rao', 'sid.rao@nordkraft.se', 'Maja Lindqvist', 'maja.lindqvist@nordkraft.se', 'sidrao', 'Henrike Brückner', 'h.brueckner@brueckner-fm.de', 'tereza.novotna', 'Wojciech Zieliński', 'wojciech.zielinski@users.noreply.github.com', 'arjunv-nk'),
        (),
        ('3f9a1c2e8b7d6f5a4c3b2a1908e7d6c5b4a39281', 'Fri Nov 27 18:02:11 2026 +0530', 'Mon Nov 30 09:15:40 2026 +0100', 'payroll: round net pay to the cent before export (#482)', 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678', '9c8b7a6', '5f4e3d2', 'Mon Nov 30 09:10:02 2026 +0100', 'noreply@github.com', 'Merge pull request #481 from', 'Fix IFSC validation for new bank codes', '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c', '49699333+dependabot[bot]@users.noreply.github.com', 'Sun Nov 29 04:01:55 2026 +0000', 'Bump lxml from 5.3.0 to 5.3.1'),
        ()),
    'wave2/graph-users-export.json': (
        ('Lindqvist, Maja', 'Maja', 'Lindqvist', 'maja.lindqvist@nordkraft.se', '+46 70 123 45 67', '+46 8 555 012 34', 'Odengatan 61', 'mlindqvist', 'Arjun Venkataraman', 'Arjun', 'Venkataraman', 'arjun.v@nordkraft.se', '+91 99001 23456', 'avenkataraman'),
        (),
        ('STO-3-114', 'Head of Treasury', 'Finance', 'BLR-2-07', 'Platform Engineer', 'IT Infrastructure'),
        ()),
    'wave2/k8s-audit.log': (
        ('tereza.novotna@nordkraft.se', '188.175.12.9', 'wojciech.zielinski', 'u-7fa21', '83.24.160.77'),
        (),
        ('Metadata', 'ResponseComplete', '/api/v1/namespaces/payroll/secrets/db-creds', 'get', 'oidc:platform-admins', 'system:authenticated', 'kubectl/v1.31.2 (linux/amd64) kubernetes/5864a46', 'secrets', 'payroll', 'db-creds', '200', '2026-11-30T09:41:07.112044Z', '/apis/apps/v1/namespaces/payroll/deployments/payroll-api/scale', 'patch', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', '2026-11-30T09:45:51.004211Z', '/api/v1/namespaces/kube-system/configmaps/coredns', 'update', 'system:serviceaccounts', '409', '2026-11-30T09:50:00.000001Z'),
        ()),
    'wave2/keycloak-realm-export-users.json': (
        ('jvandamme', 'Joke', 'Van Damme', 'joke.vandamme@telenet.be', '+32 475 12 34 56', '1983-02-17', 'BE68 5390 0754 7034', 'florian.gruber84', 'Florian', 'Gruber', 'florian.gruber84@gmx.at', '0664 123 45 67', '17.09.1984', 'AT611904300234573201'),
        (),
        ('customers-eu', '1764489600000', 'true', 'nl', 'default-roles-customers-eu', '1764576000000', 'de', 'premium'),
        ()),
    'wave2/lists-finance-digest-v12-issue-48.txt': (
        ('=?iso-8859-1?Q?=C4nne_Schr=F6der?=', 'Krzysztof Wo=C5=BAniak', 'aenne.schroeder@example.de', 'DE56 1203 0000 0010 2030 40', '0341 / 98 76 54', '=C3=84nne Schr=C3=B6der', '=?windows-1250?B?S3J6eXN6dG9mIFdvn25pYWs=?=', 'k.wozniak@example.pl', '=?utf-8?B?S3J6eXN6dG9mIFdvxbpuaWFr?=', 'krzysztof.wozniak.priv@example.pl', 'PL61 1090 1014 0000 0712 1981 2874', '+48 601 234 567', '81072203452', 'Änne Schröder', 'Krzysztof Woźniak', 'Woźniak', 'Schröder'),
        (),
        ('20261129172240.GA4411@mail.example.de', 'RK-2026-0311', '412,80 =E2=82=AC', 'CAF9x2b1Lq@mail.example.pl', 'Controlling'),
        ()),
    'wave2/postfix-maillog-2026-11-30': (
        ('185.220.101.47', 'm.ferrari@studio-ferrari.it', 'anna.kowalczyk@onet.pl', '213.180.147.145', 'raj.malhotra@rediffmail.com', '202.137.235.12', 'lbernard', '92.184.105.33', '10.0.0.25', '45.155.205.91', 'h.yamamoto@example.jp', 'spoof@example.com'),
        (),
        ('4Q9XkT2v3Zz1', '20261130071403.4Q9XkT2v3Zz1@mx1.example.net', '48211', '2.1', '2.0.0', '3', '30112', 'k3Jx9b2aFN9cuGkh', '211', '18834', 'ylmf-pc'),
        ()),
    'wave2/sepa-credit-transfer-pain001.xml': (
        ('Felix Baumgartner-Ruiz', 'Sonnenallee', '221', 'DE56120300000010203040', 'Lucía Ortega Blanco', 'ES7921000813610123456789', 'Marco Ferri', 'IT80X0306909606100000123456'),
        (),
        ('PAY-20261130-0007', '2026-11-30T16:02:11', '3', '4386.25', 'SAL-2026-11', 'TRF', '2026-12-01', 'SAL-2026-11-0017', '2150.00', 'Gehalt November 2026', '0017', 'SAL-2026-11-0023', '1486.25', '0023', 'EXP-2026-11-0104', '750.00', 'Reisekosten ER-2026-1203'),
        ()),
    'wave2/shopify_orders_export.csv': (
        ('chiara.galli@alice.it', 'Chiara Galli', 'Via Garibaldi 18', '+39 051 234 5678', 'pieter.dewit@hotmail.nl', 'Pieter de Wit', 'Lange Voorhout 9', '070 345 6789', 'Sanne de Wit', 'Zeestraat 112', '06 2345 6789', 'Sanne'),
        (),
        ('#10482', 'paid', '2026-11-29 20:14:03 +0100', 'fulfilled', '74.00', '6.90', '80.90', 'BLACKFRIDAY20', 'Linen tea towel - Sage', 'LTT-SAGE-02', '#10483', '2026-11-29 21:40:51 +0100', 'unfulfilled', '129.00', '0.00', 'Stoneware dinner set', 'SDS-12-GRY'),
        ()),
    'wave2/stripe-unified-customers.csv': (
        ('bettina.ahrens@web.de', 'Bettina Ahrens', 'Hohe Str. 14', '+49 221 2345678', 'DE813450962', 'oscar.lindgren@telia.se', 'Oscar Lindgren', 'Storgatan 8', '070-987 65 43', 'rhys.price@gmail.com', 'rhys price', '7 Cathedral Walk', '029 2034 1122', 'GB123456789'),
        (),
        ('Annual plan', '2026-01-14 08:22', 'Visa', '4242', '12', '2028', '1188.00', 'pro', '2026-03-02 17:40', 'Mastercard', '4444', '03', '2027', '99.00', '1', 'starter', 'Migrated from Chargebee', '2026-05-21 11:03', 'Amex', '0005', '09', '2029', '2376.00', '24'),
        ()),
    'wave2/workday-worker-extract.xml': (
        ('Ngoc Anh Tran', 'Anh', '1990-06-15-07:00', '530-72-1846', '1801 Alder Street, Apt 12', 'anh.tran.sea@icloud.com', '+1 (206) 481-7723', '125000024', '7719203348', 'Mehmet Öztürk', '1986-11-03-08:00', '81439250788', 'C4J7RX9T2', 'Schanzenstraße 41', 'm.oeztuerk@posteo.de', '0152 2345 6789', 'DE56 1203 0000 0010 2030 40'),
        (),
        ('21048', 'Senior Payroll Specialist', 'CC-2210 Payroll Operations', '2019-08-19-07:00', '21077', 'Solutions Consultant', 'CC-4100 Professional Services', '2022-02-01-08:00'),
        ()),
}

#: What a reader of the redacted digest could decode: its encoded names must not come back either.
WAVE2["wave2/lists-finance-digest-v12-issue-48.txt"] = (
    WAVE2["wave2/lists-finance-digest-v12-issue-48.txt"][0] + ("Änne Schröder", "Krzysztof Woźniak", "Woźniak", "Schröder"),
    *WAVE2["wave2/lists-finance-digest-v12-issue-48.txt"][1:])
FILES = {**WAVE1, **WAVE2}

_BOTH = ("strict", "balanced")
_BAL = ("balanced",)


def _known(rows) -> dict[tuple[str, str, str], str]:
    return {(mode, f, v): reason for f, v, modes, reason in rows for mode in modes}


#: ``(mode, file, value)`` still raw after the round, with the reason: strict xfails, so a fix shows.
KNOWN_LEAKS: dict[tuple[str, str, str], str] = _known((
    ('DSAR-response-2026-0419.json', 'Bygdøy allé 7B', _BAL, 'a Norwegian street in a JSON "line1" value: balanced reads no address without a street word it knows'),
    ('DSAR-response-2026-0419.json', 'Kirkeveien 3', _BAL, 'a Norwegian street in prose: balanced reads no address without a street word it knows'),
    ('app-br-sao-paulo.log', 'Av. Sete de Setembro, 2200', _BAL, 'a street whose name is a date (Sete de Setembro) in a log value'),
    ('app-in-south.log', 'ANANYA KRISHNAMURTHY', _BAL, 'an upper-case name in a log line: balanced reads no unconfigured upper-case name'),
    ('app-in-south.log', 'A Krishnamurthy', _BAL, 'an initial and a surname in a quoted log value: balanced reads no unconfigured name there'),
    ('lista_plac_2026_11.csv', 'os. Piastowskie 31/4', _BAL, 'the column "Adres zamieszkania" (address of residence) is no column name the table knows'),
    ('nomina_noviembre_2026.txt', 'GARCÍA ROMERO, NURIA', _BAL, 'an upper-case "SURNAME, NAME" after TRABAJADOR/A: balanced reads no upper-case name'),
    ('zendesk_tickets_export.json', 'Leonie', _BAL, 'a lone first name in a sign-off inside a JSON body: balanced reads no unconfigured name in prose'),
    ('zendesk_tickets_export.json', 'Passeig de Gràcia 92, 2º 1ª', _BAL, 'a Catalan street (Passeig) in prose: no street word balanced knows'),
    ('wave2/contractor-payouts-2026-11.csv', 'Chidi', _BAL, 'a lone first name in a comment line below a CSV: balanced reads no unconfigured name in prose'),
    ('wave2/shopify_orders_export.csv', 'Sanne', _BAL, 'a lone first name in a Notes cell: balanced reads no unconfigured name in prose'),
    ('wave2/workday-worker-extract.xml', 'Anh', _BAL, 'a one-word Preferred_Name element: the name-field keys do not list it'),
))
#: ``(mode, file, control)`` still changed after the round, with the reason.
KNOWN_GAPS: dict[tuple[str, str, str], str] = _known((
    ('DSAR-response-2026-0419.json', 'K-00482913', _BOTH, 'a customer number after a customer label is a record id by design (round 3)'),
    ('DSAR-response-2026-0419.json', 'Order data is kept for 5 years (Bokføringsloven §13).', ('strict',), 'a Norwegian law name reads as an unknown capitalised word in strict'),
    ('Expense_Report_ER-2026-1187.csv', 'MUC-LIS return', ('strict',), 'IATA airport codes read as acronyms in strict'),
    ('access.log', '30/Nov/2026:10:05:13 +0100', _BOTH, 'secret stage: an access-log line after an IPv6 client ("...::1f - - [...") reads as a .pgpass line'),
    ('access.log', 'curl/8.5.0', _BOTH, 'secret stage: the same .pgpass reading of the whole access-log line'),
    ('cloudtrail-event.json', '2026/11/lohnjournal.csv', _BOTH, 'secret stage: an S3 object path under the JSON key "key" reads as a key value'),
    ('Connections.csv', 'Raiffeisen Informatik', _BAL, 'a company of two capitalised words reads as a person in balanced'),
    ('Connections.csv', 'MTN Group', _BAL, 'a company name with "Group" is an organisation by design'),
    ('Expense_Report_ER-2026-1187.csv', 'Hotel Avenida Palace', _BAL, 'a hotel name of capitalised words reads as a person in balanced'),
    ('Expense_Report_ER-2026-1187.csv', 'Cervejaria Ramiro', _BAL, 'a restaurant named after a person reads as a person'),
    ('hubspot-crm-exports-all-contacts-2026-11-30.csv', 'Ateliers Vauban', _BAL, 'a company of two capitalised words reads as a person in balanced'),
    ('nomina_noviembre_2026.txt', 'Calle Recogidas 33, 18005 Granada', _BAL, "the employer's own address is redacted like any postal address"),
    ('wave2/eventbrite-attendees-summit-2026.csv', 'Eventbrite Completed', _BOTH, 'a vendor name (Eventbrite) reads as a name'),
    ('wave2/lists-finance-digest-v12-issue-48.txt', '412,80 =E2=82=AC', ('strict',), 'the hex pair "AC" of a quoted-printable euro sign reads as an acronym in strict'),
    ('wave2/postfix-maillog-2026-11-30', 'k3Jx9b2aFN9cuGkh', _BOTH, 'secret stage: a Dovecot session id reads as a random token'),
    ('wave2/sepa-credit-transfer-pain001.xml', 'TRF', ('strict',), 'an ISO 20022 code reads as an acronym in strict'),
    ('wave2/shopify_orders_export.csv', 'Linen tea towel - Sage', ('strict',), 'the colour "Sage" is also a given name: strict redacts it'),
    ('wave2/stripe-unified-customers.csv', 'Migrated from Chargebee', ('strict',), 'a vendor name (Chargebee) reads as an unknown capitalised word in strict'),
))

_REDACTORS: dict[str, object] = {}


def _out(mode: str, name: str) -> str:
    return redacted_once(mode, ROOT, name)


def _cases(kind: str):
    return personal_file_cases(FILES, kind, KNOWN_LEAKS, KNOWN_GAPS)


@pytest.mark.parametrize(("mode", "name", "value"), list(_cases("leak")))
def test_no_labelled_value_of_a_round_8_file_survives_raw_or_decoded(mode, name, value):
    assert value not in decoded_views(_out(mode, name))


@pytest.mark.parametrize(("mode", "name", "control"), list(_cases("keep")))
def test_every_control_of_a_round_8_file_survives(mode, name, control):
    assert control in _out(mode, name)


def test_strict_mode_keeps_at_least_97_percent_of_the_round_8_controls():
    keeps = [(name, k) for name, (_, _, ks, _) in FILES.items() for k in ks]
    kept = sum(k in _out("strict", name) for name, k in keeps)
    assert kept >= 0.97 * len(keeps), (kept, len(keeps))


def test_the_round_8_table_is_broad_and_names_real_files():
    assert len(WAVE1) >= 20 and len(WAVE2) >= 12
    assert sum(len(v[0]) + len(v[1]) for v in FILES.values()) >= 500
    assert all((ROOT / name).is_file() for name in FILES)
    assert all(k in FILES for _, k, _ in KNOWN_LEAKS) and all(k in FILES for _, k, _ in KNOWN_GAPS)


def test_items_one_to_four_leave_nothing_raw_in_strict():
    left = [(name, v) for name, (leaks, sleaks, _, _) in FILES.items() for v in leaks + sleaks
            if v in decoded_views(_out("strict", name))]
    assert left == []  # (round 12: the agência "0912" is read after its own label)


# --- the families fixed in this round: hits and near misses, both modes ---------------------------------------

#: (family, text, values that must go, controls that must stay, modes)
FAMILY_ROWS = (
    ("header-below-preamble", 'Lohnjournal\n"Erstellt am 01.12.2026"\nName;Geburtsdatum;Steuer-IdNr\nAnna Berg;14.03.1985;68294710369\n',
     ("14.03.1985", "68294710369"), ("Geburtsdatum;Steuer-IdNr",), _BOTH),
    ("header-below-preamble", "Price list\nvalid from 2026-12-01\nItem;Qty;Price\nMug;2;12,50\n", (), ("Item;Qty;Price", "Mug;2;12,50", "2026-12-01"), _BOTH),
    ("header-words", "Emp Code,Aadhaar No,Bank A/c No,UAN\nVA1,617249305822,50100234567891,100934567812\n",
     ("617249305822", "50100234567891", "100934567812"), ("VA1,",), _BOTH),
    ("header-words", "Account Type,Status,Opened\nChecking,open,2026-01-04\n", (), ("Checking,open,2026-01-04",), _BOTH),
    ("header-camel-case", "FirstName,LastName,Birthdate\nmaja,lindqvist,1983-02-17\n", ("maja", "lindqvist", "1983-02-17"), (), _BOTH),
    ("header-camel-case", "PersNr;Abteilung;Eintritt\n00017;Einkauf;2019-04-01\n", (), ("00017;", "2019-04-01"), _BOTH),
    ("header-suffix", "Lp.,Seria i nr dowodu,Miasto\n1,CAX562480,Gdańsk\n", ("CAX562480",), (), _BOTH),
    ("pipe-table-later", "Vendors\n|Vendor|Name|\n|---|---|\n|100|Acme|\n\nBank details\n|Vendor|Bank Account|IBAN|\n|100|0012345678|-|\n",
     ("0012345678",), ("Bank details",), _BOTH),
    ("dob-timestamp", '{"Geboortedatum": "1987-09-22T00:00:00Z", "created_at": "2026-09-22T08:12:40Z"}',
     ("1987-09-22T00:00:00Z",), ("2026-09-22T08:12:40Z",), _BOTH),
    ("dob-joined-label", "<DataNascita>01/05/1990</DataNascita><DataFattura>02/05/2026</DataFattura>", ("01/05/1990",), ("02/05/2026",), _BOTH),
    ("dob-json-array", '"attributes": {"birthdate": ["1983-02-17"], "locale": ["nl"], "since": ["2024-01-01"]}', ("1983-02-17",), ("2024-01-01",), _BOTH),
    ("dob-gap", "Mein Geburtsdatum für die Verifizierung: 05.11.1962. Bestellung vom 03.11.2026.", ("05.11.1962",), ("03.11.2026",), _BOTH),
    ("payroll-id-labels", "PIS/PASEP: 170.35846.29-6, UAN 100934567812, Nº AFILIACIÓN S.S.: 08/12345670/61, order 2026/118",
     ("170.35846.29-6", "100934567812", "08/12345670/61"), ("order 2026/118",), _BOTH),
    ("name-field", '{"Roepnaam": "Femke", "Achternaam": "Veen", "Functie": "Inkoop"}', ("Femke", "Veen"), ('"Functie": "Inkoop"',), _BOTH),
    ("name-field", '{"sku": "CAN-02", "nome": "Caneca azul", "preco": 39.9}', (), ('"nome": "Caneca azul"',), ("balanced",)),
    ("name-field", "<Cognome>Bianchi</Cognome><Nome>Giulia</Nome> {firstName=Camille, lastName=Rousseau}",
     ("Bianchi", "Giulia", "Camille", "Rousseau"), (), _BOTH),
    ("address-field", '{"Straat": "Keizersgracht", "Huisnummer": "391", "Toevoeging": null, "huisnummer_toevoeging": null}',
     ("Keizersgracht", "391"), ('"huisnummer_toevoeging": null',), _BOTH),
    ("log-authuser", '81.169.145.22 - wehrle_k [30/Nov/2026:09:14:02 +0100] "GET / HTTP/1.1" 200 5\n10.0.0.1 - - [30/Nov/2026:09:14:03 +0100] "GET /healthz HTTP/1.1" 200 2\n',
     ("wehrle_k",), ('"GET /healthz HTTP/1.1" 200 2',), _BOTH),
    ("log-actor", "IBAN change requestedBy=kwehrle vendor=100871 order_by=created_at sort=asc&by=date",
     ("kwehrle",), ("order_by=created_at", "by=date"), _BOTH),
    ("arn-principal", '"arn": "arn:aws:iam::402871935146:user/henrike.brueckner", "role": "arn:aws:iam::402871935146:role/deploy-ci"',
     ("henrike.brueckner", "402871935146"), ("role/deploy-ci",), _BOTH),
    ("url-phone", "GET /perfil?tel=%2B34%20628%2045%2090%2012&page=2&tab=7", ("%2B34%20628%2045%2090%2012",), ("page=2&tab=7",), _BOTH),
    ("upi-id", "collect request payer=ananya.k@okhdfcbank amount=1499.00", ("ananya.k@okhdfcbank",), ("amount=1499.00",), _BOTH),
    ("login-cue", "My username is gllewellyn82 and the username is required for a reset.", ("gllewellyn82",), ("the username is required",), _BOTH),
    ("login-trailer", "Fix rounding\n\nReviewed-by: tereza.novotna\nFixes: #482\n", ("tereza.novotna",), ("Fixes: #482",), _BOTH),
    ("login-key", '{"onPremisesSamAccountName": "mlindqvist", "uid": "u-7fa21"} imap-login: user=<lbernard>, user=<root>',
     ("mlindqvist", "u-7fa21", "lbernard"), ("user=<root>",), _BOTH),
    ("ach-entry", "101 091000019 1234567890261130A094101BANK\n6220710000134820019375       0000231845004512         WHITAKER JOLENE M     0091000010000001\n",
     ("071000013", "4820019375", "WHITAKER JOLENE M"), ("0000231845",), _BOTH),
    ("login-attribution", "Report run 12/01/2026 07:02 CST by jwhitaker | Erstellt am 01.12.2026 von hwinkler\nsorted by date, created by default",
     ("jwhitaker", "hwinkler"), ("sorted by date", "created by default"), _BOTH),
    ("phone-list", '{"phones": [{"type": "home", "number": "22 12 34 56"}], "ports": [{"number": "8080"}]}', ("22 12 34 56",), ('"number": "8080"',), _BOTH),
    ("id-retold", '{"arn": "arn:aws:iam::402871935146:user/x1", "recipientAccountId": "402871935146", "order": "40287193514"}',
     ("402871935146",), ("40287193514",), _BOTH),
    ("ua-version", "ua=Mozilla/5.0 Chrome/131.0.0.0 Safari/537.36 client=10.1.2.4", ("10.1.2.4",), ("Chrome/131.0.0.0",), _BOTH),
    ("keep-message-id", "Message-ID: <20261129172240.GA4411@mail.example.de>\nFrom: Anna Berg <anna.berg@example.de>\n",
     ("anna.berg@example.de",), ("20261129172240.GA4411@mail.example.de",), _BOTH),
    ("keep-service-address", "Commit: GitHub <noreply@github.com>\nCo-authored-by: W Z <wojciech.zielinski@users.noreply.github.com>\n",
     ("wojciech.zielinski@users.noreply.github.com",), ("noreply@github.com",), _BOTH),
    ("phone-000", "NF-e autorizada numero=000.118.204 Tel. 0341 / 98 76 54", ("0341 / 98 76 54",), ("000.118.204",), _BOTH),
    ("work-words", "Technicien Ingrid Halvorsen, Cheffe de projet, Analista de Compras, Magazijnmedewerker, Visa, Vegetarian",
     ("Ingrid Halvorsen",), ("Cheffe de projet", "Analista de Compras", "Magazijnmedewerker", "Visa", "Vegetarian"), _BOTH),
)


def _family_params():
    for i, (family, text, gone, kept, modes) in enumerate(FAMILY_ROWS):
        for mode in modes:
            yield pytest.param(mode, text, gone, kept, id=f"{mode}-{family}-{i}")


@pytest.mark.parametrize(("mode", "text", "gone", "kept"), list(_family_params()))
def test_each_round_8_family_catches_its_shape_and_keeps_its_near_misses(mode, text, gone, kept):
    out = _REDACTORS.setdefault(mode, make(mode)).redact(text).text
    assert [v for v in gone if v in out] == [], out
    assert [k for k in kept if k not in out] == [], out


_HOSTILE_UNITS = ('"Achternaam": "', "<Cognome>", "<Cognome>a", "a=<", "1.2.3.4 - ", "x - y [", "requestedBy=a", "by=",
                  "created by ", "run x by ", "Reviewed-by: a", '"phones": [', '"number": "1', "Geburtsdatum für die ",
                  "Geburtsdatum ", "arn:aws:iam::123456789012:user/", "a/", "tel=%2B", "a@ok", "username is ",
                  "Message-ID: <", "noreply@a", "|a|b|\n", "Aadhaar No,", "FirstName,", '"uid": "')


@pytest.mark.parametrize("unit", _HOSTILE_UNITS)
def test_the_round_8_rules_stay_linear_on_hostile_repetitions(unit):
    import time
    text = (unit * (100_000 // len(unit) + 1))[:100_000]
    red = _REDACTORS.setdefault("strict", make("strict"))
    start = time.process_time()
    red.redact(text)
    assert time.process_time() - start < 8.0, unit
