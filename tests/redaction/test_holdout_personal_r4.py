# ruff: noqa: E501  (a table of literal fragments: one probe per line reads best)
"""Red-team hold-out probes, round 4, for personal data (issue 11): both modes.

Rounds 1 to 3 probed the issue's named families and many countries. This table is the unseen corpus
for what they likely missed: identifiers of more countries with their checksums (codice fiscale, BSN,
Belgian national number, PESEL, personnummer, CPR, HETU, fodselsnummer, NIF, CPF/CNPJ, CURP/RFC, SIN,
TFN/Medicare, My Number, RRN, AHV, PPS, Teudat Zehut, South African ID, NRIC), more EU VAT ids, BIC/SWIFT
beside IBANs, sort codes, ABA routing numbers, cards in several separators; where they sit (HR CSV
headers in five languages, vendor master data, insurance claims, medical notes, tenancy notes, CRM
JSON, vCard, iCalendar, Outlook exports, WhatsApp/Telegram exports, transcripts, git shortlog,
CODEOWNERS, MAINTAINERS, .mailmap); postal addresses of eight countries without a label; phone formats
of nine more countries; and controls of the same shapes that are not personal (order, invoice and
article numbers in seven languages, dates, versions, places, streets in directions, amounts, digests,
label keys, time zones, field labels such as ``Serial number``).

Values are fictional with realistic shapes; checksummed formats carry a valid checksum computed by a
script of our own, independently of the product's validators. A name in sample data (``John Doe`` in a
template) is redacted like any other: a folder cannot tell sample rows from real ones.
IP addresses are no control: the spec redacts them in every mode.
"""

from __future__ import annotations

import pytest
from redaction_helpers import B, P, probe_case, probe_rows, redact_text

ID = [
    P('id-00', 'Codice fiscale: DFMNRV99R03E330C', leaks=('DFMNRV99R03E330C',)),
    P('id-01', 'Il dipendente (C.F. DFMNRV99R03E330C) risiede a Torino.', leaks=('DFMNRV99R03E330C',)),
    P('id-02', 'BSN: 180967927', leaks=('180967927',)),
    P('id-03', 'burgerservicenummer 703179743 van de werknemer', leaks=('703179743',)),
    P('id-04', 'Rijksregisternummer: 99.01.27-542.55', leaks=('99.01.27-542.55',)),
    P('id-05', 'numéro national 99012754255', leaks=('99012754255',)),
    P('id-06', 'PESEL: 64010233900', leaks=('64010233900',)),
    P('id-07', 'nr PESEL 60061029387, adres zameldowania', leaks=('60061029387',)),
    P('id-08', 'Personnummer: 19890615-9382', leaks=('19890615-9382',)),
    P('id-09', 'personnr 890615-9382', leaks=('890615-9382',)),
    P('id-10', 'CPR-nr.: 081178-7017', leaks=('081178-7017',)),
    P('id-11', 'Henkilötunnus: 210586-8141', leaks=('210586-8141',)),
    P('id-12', 'HETU 210586-8141', leaks=('210586-8141',)),
    P('id-13', 'Fødselsnummer: 19028514673', leaks=('19028514673',)),
    P('id-14', 'fnr. 19028514673', leaks=('19028514673',)),
    P('id-15', 'NIF: 100330762', leaks=('100330762',)),
    P('id-16', 'Contribuinte n.º 100330762', leaks=('100330762',)),
    P('id-17', 'CPF: 661.934.514-04', leaks=('661.934.514-04',)),
    P('id-18', 'cpf 66193451404', leaks=('66193451404',)),
    P('id-19', 'CNPJ 50.612.310/0001-35', leaks=('50.612.310/0001-35',)),
    P('id-20', 'CURP: GOMR850412HDFNRL09', leaks=('GOMR850412HDFNRL09',)),
    P('id-21', 'RFC: GOMR850412AB3', leaks=('GOMR850412AB3',)),
    P('id-22', 'SIN: 177 283 785', leaks=('177 283 785',)),
    P('id-23', 'Social Insurance Number 177-283-785', leaks=('177-283-785',)),
    P('id-24', 'TFN: 326 616 630', leaks=('326 616 630',)),
    P('id-25', 'Tax File Number 326 616 630', leaks=('326 616 630',)),
    P('id-26', 'Medicare card: 4940 32691 2', leaks=('4940 32691 2',)),
    P('id-27', 'My Number: 0237 4095 4610', leaks=('0237 4095 4610',)),
    P('id-28', 'マイナンバー 023740954610', leaks=('023740954610',)),
    P('id-29', 'RRN: 640207-1095599', leaks=('640207-1095599',)),
    P('id-30', '주민등록번호 640207-1095599', leaks=('640207-1095599',)),
    P('id-31', 'AHV-Nr.: 756.7297.9262.20', leaks=('756.7297.9262.20',)),
    P('id-32', 'AVS 756.7297.9262.20', leaks=('756.7297.9262.20',)),
    P('id-33', 'PPS number: 4393328R', leaks=('4393328R',)),
    P('id-34', 'PPSN 4393328R', leaks=('4393328R',)),
    P('id-35', 'Teudat Zehut 367916012', leaks=('367916012',)),
    P('id-36', 'ID number (Israel): 367916012', leaks=('367916012',)),
    P('id-37', 'SA ID: 6601174364082', leaks=('6601174364082',)),
    P('id-38', 'ID Number: 6601174364082', leaks=('6601174364082',)),
    P('id-39', 'NRIC: S6974821Z', leaks=('S6974821Z',)),
    P('id-40', 'NRIC/FIN S6974821Z', leaks=('S6974821Z',)),
    P('id-41', 'USt-IdNr.: ATU13585627', leaks=('13585627',)),
    P('id-42', 'Partita IVA: IT00743110157', leaks=('00743110157',)),
    P('id-43', 'BTW-nummer NL854502130B01', leaks=('854502130B01',)),
    P('id-44', 'VAT BE0417497106', leaks=('0417497106',)),
    P('id-45', 'NIP: PL5260250274', leaks=('5260250274',)),
    P('id-46', 'Moms nr SE556036079301', leaks=('556036079301',)),
    P('id-47', 'CVR DK13585628', leaks=('13585628',)),
    P('id-48', 'ALV FI20774740', leaks=('20774740',)),
    P('id-49', 'VAT: ESB58378431', leaks=('ESB58378431',)),
    P('id-50', 'VAT no. PT501964843', leaks=('PT501964843',)),
    P('id-51', 'VAT IE6388047V', leaks=('IE6388047V',)),
    P('id-52', 'VAT CZ25596641', leaks=('CZ25596641',)),
    P('id-53', 'TVA FR40303265045', leaks=('FR40303265045',)),
    P('id-54', 'IBAN IT60X0542811101000000123456 BIC BCITITMM', leaks=('IT60X0542811101000000123456', 'BCITITMM')),
    P('id-55', 'IBAN: NL91 ABNA 0417 1643 00, BIC: ABNANL2A', leaks=('NL91 ABNA 0417 1643 00', 'ABNANL2A')),
    P('id-56', 'IBAN BE68 5390 0754 7034 (SWIFT GKCCBEBB)', leaks=('BE68 5390 0754 7034', 'GKCCBEBB')),
    P('id-57', 'Konto: PL61 1090 1014 0000 0712 1981 2874', leaks=('PL61 1090 1014 0000 0712 1981 2874',)),
    P('id-58', 'IBAN: CH30 0900 0000 3012 3456 1', leaks=('CH30 0900 0000 3012 3456 1',)),
    P('id-59', 'Bankgiro IBAN SE45 5000 0000 0583 9825 7466', leaks=('SE45 5000 0000 0583 9825 7466',)),
    P('id-60', 'Sort code: 20-00-00 Account number: 55779911', leaks=('20-00-00', '55779911')),
    P('id-61', 'sort code 40 47 84, acct 70872490', leaks=('40 47 84', '70872490')),
    P('id-62', 'Routing number: 246730024 Account: 000123456789', leaks=('246730024', '000123456789')),
    P('id-63', 'ABA 289215276 / acct# 4455667788', leaks=('289215276', '4455667788')),
    P('id-64', 'Card: 4892 9007 5400 9177', leaks=('4892 9007 5400 9177',)),
    P('id-65', 'card number 4892-9007-5400-9177', leaks=('4892-9007-5400-9177',)),
    P('id-66', 'CC 5114.5211.7850.2552', leaks=('5114.5211.7850.2552',)),
    P('id-67', 'Amex 3717 160790 96691', leaks=('3717 160790 96691',)),
    P('id-68', 'paid with 6011091111465699', leaks=('6011091111465699',)),
]

CTX = [
    P('ctx-00', 'Personalnummer;Nachname;Vorname;Geburtsdatum;Steuer-ID;IBAN\n10442;Wojciechowski;Henrike;14.03.1987;65929970489;DE89370400440532013000', leaks=('Wojciechowski', 'Henrike', '14.03.1987', '65929970489', 'DE89370400440532013000')),
    P('ctx-01', 'matricola,cognome,nome,data di nascita,codice fiscale\n5521,Bellandi,Ottavia,1990-07-21,DFMNRV99R03E330C', leaks=('Bellandi', 'Ottavia', '1990-07-21', 'DFMNRV99R03E330C')),
    P('ctx-02', 'personeelsnummer;achternaam;voornaam;geboortedatum;BSN\n771;Verhoeven;Maartje;03-11-1979;180967927', leaks=('Verhoeven', 'Maartje', '03-11-1979', '180967927')),
    P('ctx-03', 'id_empleado,apellidos,nombre,fecha_nacimiento,NIF\n33,Etxeberria Goñi,Itziar,02/05/1984,12345678Z', leaks=('Etxeberria Goñi', 'Itziar', '02/05/1984', '12345678Z')),
    P('ctx-04', 'matricule;nom;prénom;date de naissance;n° sécu\n88;Lefebvre-Moreau;Ségolène;17/09/1992;2 92 09 75 115 042 11', leaks=('Lefebvre-Moreau', 'Ségolène', '17/09/1992', '2 92 09 75 115 042 11')),
    P('ctx-05', 'Vendor,Contact,Email,Phone,IBAN,BIC\nNordlicht Logistik GmbH,Jörg Pfannenstiel,j.pfannenstiel@nordlicht-log.de,+49 40 3287 6610,DE44500105175407324931,INGDDEFFXXX', leaks=('Jörg Pfannenstiel', 'j.pfannenstiel@nordlicht-log.de', '+49 40 3287 6610', 'DE44500105175407324931', 'INGDDEFFXXX')),
    P('ctx-06', 'supplier_id|name|contact_person|tax_id|bank_account\nS-0042|Brightwater Supplies Ltd|Callum Fairweather|GB980780684|GB29NWBK60161331926819', leaks=('Callum Fairweather', '980780684', 'GB29NWBK60161331926819')),
    P('ctx-07', 'Claim #CLM-2024-118273\nPolicyholder: Rosalind Okonkwo-Hart\nDate of birth: 1971-02-08\nPolicy no.: HX-77120398\nIncident: rear-end collision on the A40.', leaks=('Rosalind Okonkwo-Hart', '1971-02-08', 'HX-77120398')),
    P('ctx-08', 'Insured: MARTÍNEZ ALCARAZ, Leandro  DOB 09/23/1966  Member ID W482901137', leaks=('MARTÍNEZ ALCARAZ, Leandro', '09/23/1966', 'W482901137')),
    P('ctx-09', 'Patient: Tobiasz Krawczyk, DOB 04/07/1958, MRN 00482913. Dx: type 2 diabetes mellitus, hypertension.', leaks=('Tobiasz Krawczyk', '04/07/1958', '00482913')),
    P('ctx-10', 'Pt Ingrid Solheim (MRN: 7734120) seen 2024-03-14; c/o chest pain, ECG normal.', leaks=('Ingrid Solheim', '7734120')),
    P('ctx-11', 'NHS number: 943 476 5919 — patient Amara Oyelaran referred to cardiology.', leaks=('943 476 5919', 'Amara Oyelaran')),
    P('ctx-12', 'Tenant(s): Priyanka Raghunathan and Desmond Achterberg\nProperty: Flat 3, 27 Ellesmere Road, Bristol BS6 5HW\nRent: £1,450 pcm', leaks=('Priyanka Raghunathan', 'Desmond Achterberg', 'Flat 3, 27 Ellesmere Road', 'Bristol BS6 5HW')),
    P('ctx-13', 'Mieter: Cornelia Hufnagel, Lindwurmstraße 88, 80337 München; Kaltmiete 1.240 EUR', leaks=('Cornelia Hufnagel', 'Lindwurmstraße 88', '80337 München')),
    P('ctx-14', '{"contact": {"firstName": "Yevgenia", "lastName": "Haverkamp", "email": "y.haverkamp@kestrel-analytics.io", "phone": {"mobile": "+31 6 4127 9083"}, "address": {"street": "Prinsengracht 263", "zip": "1016 GV", "city": "Amsterdam"}}}', leaks=('Yevgenia', 'Haverkamp', 'y.haverkamp@kestrel-analytics.io', '+31 6 4127 9083', 'Prinsengracht 263', '1016 GV')),
    P('ctx-15', '{"owner":{"full_name":"Thandiwe Mabaso","title":"CFO","emails":[{"type":"work","value":"thandiwe.m@umoya-capital.co.za"}]}}', leaks=('Thandiwe Mabaso', 'thandiwe.m@umoya-capital.co.za')),
    P('ctx-16', 'BEGIN:VCARD\nVERSION:3.0\nFN:Ottilie Brandauer\nN:Brandauer;Ottilie;;;\nTEL;TYPE=cell:+43 664 1234567\nEMAIL;TYPE=INTERNET:o.brandauer@gmx.at\nADR;TYPE=home:;;Kaiserstraße 14;Wien;;1070;Austria\nEND:VCARD', leaks=('Ottilie Brandauer', 'Brandauer', 'Ottilie', '+43 664 1234567', 'o.brandauer@gmx.at', 'Kaiserstraße 14', '1070')),
    P('ctx-17', 'BEGIN:VEVENT\nSUMMARY:Quarterly review\nORGANIZER;CN=Björn Lindqvist:mailto:bjorn.lindqvist@fjordline-consult.se\nATTENDEE;ROLE=REQ-PARTICIPANT;CN="Nkechi Adeyemi":mailto:nkechi.adeyemi@example-client.ng\nDTSTART;TZID=Europe/Stockholm:20240312T140000\nEND:VEVENT', leaks=('Björn Lindqvist', 'bjorn.lindqvist@fjordline-consult.se', 'Nkechi Adeyemi', 'nkechi.adeyemi@example-client.ng')),
    P('ctx-18', 'First Name,Last Name,E-mail Address,Mobile Phone,Business Street\nFerdinand,Quast,fquast@quast-partner.de,0171 2345678,Am Hofgarten 9', leaks=('Ferdinand', 'Quast', 'fquast@quast-partner.de', '0171 2345678', 'Am Hofgarten 9')),
    P('ctx-19', '[12/03/24, 14:02:11] Siobhán Keogh: did you send the contract?\n[12/03/24, 14:03:40] Marek Dvořák: yes, this morning', leaks=('Siobhán Keogh', 'Marek Dvořák')),
    P('ctx-20', '12.03.24, 14:02 - Lukas Baumgärtner: bin gleich da\n12.03.24, 14:05 - Anja Reuter: ok 👍', leaks=('Lukas Baumgärtner', 'Anja Reuter')),
    P('ctx-21', '[2024-03-12 14:02] Kwame Asante: deploy done', leaks=('Kwame Asante',)),
    P('ctx-22', 'Hiroshi Tanabe  00:03:12\nSo the main blocker is the vendor contract.\n\nGabriela Nowicka  00:03:40\nAgreed, let me follow up.', leaks=('Hiroshi Tanabe', 'Gabriela Nowicka')),
    P('ctx-23', '00:01:05.120 --> 00:01:08.000\n<v Fatima Zahra Benali>Can everyone hear me?</v>', leaks=('Fatima Zahra Benali',)),
    P('ctx-24', '   42  Radoslaw Zielinski\n   17  Mette Kjærgaard\n    3  dependabot[bot]', leaks=('Radoslaw Zielinski', 'Mette Kjærgaard')),
    P('ctx-25', '/src/billing/ @mkjaergaard @rzielinski\n*.tf @acme-org/platform-team', leaks=('mkjaergaard', 'rzielinski')),
    P('ctx-26', 'M: Teodora Vasilescu <teodora.vasilescu@kernel-mail.ro>\nS: Maintained\nF: drivers/net/foo/', leaks=('Teodora Vasilescu', 'teodora.vasilescu@kernel-mail.ro')),
    P('ctx-27', 'Leopold Achterhuis <leopold@achterhuis.nl> <l.achterhuis@old-corp.nl>', leaks=('Leopold Achterhuis', 'leopold@achterhuis.nl', 'l.achterhuis@old-corp.nl')),
    P('ctx-28', 'Radoslaw Zielinski <radek@zielinski.dev> rzielinski <rz@users.noreply.github.com>', leaks=('Radoslaw Zielinski', 'radek@zielinski.dev', 'rzielinski', 'rz@users.noreply.github.com')),
]

ADDR = [
    P('addr-00', 'Bitte an Musterstraße 12, 80331 München schicken.', leaks=('Musterstraße 12', '80331')),
    P('addr-01', 'Lieferadresse: Hauptstr. 5a, 1010 Wien', leaks=('Hauptstr. 5a, 1010 Wien',)),
    P('addr-02', 'Die Wohnung liegt in der Bahnhofstrasse 41, 8001 Zürich.', leaks=('Bahnhofstrasse 41', '8001')),
    P('addr-03', 'Envoyer au 12 rue de la Paix, 75008 Paris.', leaks=('12 rue de la Paix', '75008')),
    P('addr-04', 'Domicile : 3 bis avenue Jean-Jaurès, 69007 Lyon', leaks=('3 bis avenue Jean-Jaurès, 69007 Lyon',)),
    P('addr-05', 'Dirección: Calle de Alcalá 48, 3º izq., 28014 Madrid', leaks=('Calle de Alcalá 48, 3º izq., 28014 Madrid',)),
    P('addr-06', 'enviar a C/ Mayor, 27, 28013 Madrid', leaks=('C/ Mayor, 27', '28013')),
    P('addr-07', 'Indirizzo: Via Garibaldi 17, 20121 Milano', leaks=('Via Garibaldi 17, 20121 Milano',)),
    P('addr-08', 'abita in Via dei Mille 24, 00185 Roma', leaks=('Via dei Mille 24', '00185')),
    P('addr-09', 'Adres: Keizersgracht 452, 1016 GE Amsterdam', leaks=('Keizersgracht 452', '1016 GE')),
    P('addr-10', 'woont op Lange Voorhout 8, 2514 ED Den Haag', leaks=('Lange Voorhout 8', '2514 ED')),
    P('addr-11', 'Ship to: 14 Haverstock Hill, London NW3 2BL', leaks=('14 Haverstock Hill, London NW3 2BL',)),
    P('addr-12', 'send it to 221B Baker Street, London NW1 6XE', leaks=('221B Baker Street', 'NW1 6XE')),
    P('addr-13', 'Mailing address: 1600 Amphitheatre Pkwy, Mountain View, CA 94043-1351', leaks=('1600 Amphitheatre Pkwy, Mountain View, CA 94043-1351',)),
    P('addr-14', 'She lives at 742 Evergreen Terrace, Springfield, OR 97403-2271.', leaks=('742 Evergreen Terrace', '97403-2271')),
    P('addr-15', 'c/o Brigitte Kallweit\nRosenweg 3\n34117 Kassel', leaks=('c/o Brigitte Kallweit', 'Rosenweg 3', '34117')),
    P('addr-16', 'Address line 1: Flat 12, Kingfisher Court\nAddress line 2: 88 Wharf Road\nPostcode: N1 7GR', leaks=('Flat 12, Kingfisher Court', '88 Wharf Road', 'N1 7GR')),
    P('addr-17', 'Rechnungsanschrift\nErika Mustermann\nHeidestraße 17\n51147 Köln', leaks=('Erika Mustermann', 'Heidestraße 17', '51147')),
]

PH = [
    P('ph-00', 'Tel. 06 12 34 56 78 (mobile)', leaks=('06 12 34 56 78',)),
    P('ph-01', 'Tel: +39 06 6982 1234', leaks=('+39 06 6982 1234',)),
    P('ph-02', 'cell 347 123 4567', leaks=('347 123 4567',)),
    P('ph-03', 'Telefono: 02 8734 5521', leaks=('02 8734 5521',)),
    P('ph-04', 'tel. 020 555 1234', leaks=('020 555 1234',)),
    P('ph-05', 'mobiel: 06-12345678', leaks=('06-12345678',)),
    P('ph-06', 'T +32 2 513 89 40', leaks=('+32 2 513 89 40',)),
    P('ph-07', 'GSM 0475 12 34 56', leaks=('0475 12 34 56',)),
    P('ph-08', 'Tel. 044 668 18 00', leaks=('044 668 18 00',)),
    P('ph-09', 'Natel: 079 123 45 67', leaks=('079 123 45 67',)),
    P('ph-10', 'Tel.: +43 1 53114-0', leaks=('+43 1 53114-0',)),
    P('ph-11', 'Tel. 0664 123 45 67', leaks=('0664 123 45 67',)),
    P('ph-12', 'tel. 22 628 84 11', leaks=('22 628 84 11',)),
    P('ph-13', 'kom. 601 234 567', leaks=('601 234 567',)),
    P('ph-14', 'Celular: (11) 98765-4321', leaks=('(11) 98765-4321',)),
    P('ph-15', 'Tel +55 21 2555-0198', leaks=('+55 21 2555-0198',)),
    P('ph-16', 'Ph: (02) 9374 4000', leaks=('(02) 9374 4000',)),
    P('ph-17', 'mobile 0412 345 678', leaks=('0412 345 678',)),
    P('ph-18', '電話: 03-1234-5678', leaks=('03-1234-5678',)),
    P('ph-19', '携帯 090-1234-5678', leaks=('090-1234-5678',)),
    P('ph-20', 'Phone: +1 (415) 555-0132 x204', leaks=('+1 (415) 555-0132 x204',)),
    P('ph-21', 'call me on +44 7700 900461 ext. 12', leaks=('+44 7700 900461',)),
    P('ph-22', 'Kontakt: 0176 23456789', leaks=('0176 23456789',)),
    P('ph-23', 'Meine Nummer ist 0151 1234 5678.', leaks=('0151 1234 5678',)),
    P('ph-24', 'reach her at +31 20 794 0800', leaks=('+31 20 794 0800',)),
]

CTL = [
    P('ctl-00', 'Order 4006381333931 shipped on 2024-03-14.', keeps=('Order 4006381333931', '2024-03-14')),
    P('ctl-01', 'Invoice INV-2024-4808 is overdue by 14 days.', keeps=('Invoice INV-2024-4808', '14 days')),
    P('ctl-02', 'Fixed in CVE-2024-3094 (xz-utils 5.6.1).', keeps=('CVE-2024-3094', '5.6.1')),
    P('ctl-03', 'Ticket JIRA-4821 assigned to the platform team.', keeps=('Ticket JIRA-4821',)),
    P('ctl-04', 'SKU 978-3-16-148410-0 (ISBN) is out of stock.', keeps=('SKU 978-3-16-148410-0',)),
    P('ctl-05', 'EAN 4006381333931, UPC 036000291452', keeps=('4006381333931', '036000291452')),
    P('ctl-06', 'The Munich office moves to a new floor in May.', keeps=('Munich office', 'May')),
    P('ctl-07', 'Our Zurich and Amsterdam teams meet on Tuesday.', keeps=('Zurich', 'Amsterdam', 'Tuesday')),
    P('ctl-08', 'Turn left onto Main Street and take the second exit.', keeps=('Main Street',)),
    P('ctl-09', 'Meet at the corner of Oxford Street and Regent Street.', keeps=('Oxford Street', 'Regent Street')),
    P('ctl-10', 'Total: EUR 1.240,00 incl. 19% MwSt.', keeps=('EUR 1.240,00', '19% MwSt.')),
    P('ctl-11', 'Amount due: $12,480.50 by 03/31/2025', keeps=('$12,480.50', '03/31/2025')),
    P('ctl-12', 'Duration: 00:03:12, 1h 24m', keeps=('00:03:12', '1h 24m')),
        P('ctl-14', 'version 3.12.1, build 20240314.2', keeps=('3.12.1', '20240314.2')),
    P('ctl-15', 'image: nginx@sha256:3b4c6f1e5a8d2c7b9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d', keeps=('sha256:3b4c6f1e5a8d2c7b9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d',)),
    P('ctl-16', 'labels:\n  app.kubernetes.io/name: billing\n  kubectl.kubernetes.io/restartedAt: "2024-03-14T10:00:00Z"', keeps=('app.kubernetes.io/name', 'kubectl.kubernetes.io/restartedAt')),
    P('ctl-17', 'timezone: Asia/Ho_Chi_Minh', keeps=('Asia/Ho_Chi_Minh',)),
    P('ctl-18', 'TZ=America/Argentina/Buenos_Aires', keeps=('America/Argentina/Buenos_Aires',)),
    P('ctl-19', 'All times are in Coordinated Universal Time (UTC).', keeps=('Coordinated Universal Time', 'UTC')),
    P('ctl-20', 'Serial number: SN-88213-XK', keeps=('Serial number', 'SN-88213-XK')),
    P('ctl-21', 'Serial Number: 4C9281AX', keeps=('Serial Number',)),
    P('ctl-22', 'Model: ThinkPad T14 Gen 3', keeps=('Model', 'ThinkPad T14 Gen 3')),
    P('ctl-23', 'Name: John Doe (sample data, replace before use)', leaks=('John Doe',)),  # sample names are names: see the module doc
    P('ctl-24', '<add key="PageSize" value="50" />', keeps=('PageSize', '50')),
    P('ctl-25', 'Part number: PN-44721-B', keeps=('Part number', 'PN-44721-B')),
    P('ctl-26', 'Order no. 100-4471-2231 Qty 12', keeps=('100-4471-2231', 'Qty 12')),
    P('ctl-27', 'Reference: PO-2024-00831', keeps=('PO-2024-00831',)),
    P('ctl-28', 'Shipment 1Z999AA10123456784 in transit', keeps=('1Z999AA10123456784',)),
    P('ctl-29', 'Account type: Checking', keeps=('Checking',)),
    P('ctl-30', 'Account status: active', keeps=('active',)),
    P('ctl-31', 'Account Manager: the regional team', keeps=('Account Manager',)),
    P('ctl-32', 'The API rate limit is 1000 requests per minute.', keeps=('1000 requests', 'minute')),
    P('ctl-33', 'Build 4821 failed on step 3.', keeps=('Build 4821', 'step 3')),
    P('ctl-34', 'Room 4.12, Building B', keeps=('Room 4.12', 'Building B')),
    P('ctl-35', 'Gate 12, Terminal 2', keeps=('Gate 12', 'Terminal 2')),
    P('ctl-36', 'Chapter 7 covers Section 3.2.', keeps=('Chapter 7', 'Section 3.2')),
    P('ctl-37', 'We shipped release 24.03 and hotfix 24.03.1.', keeps=('release 24.03', 'hotfix 24.03.1')),
    P('ctl-38', 'ISO 8601 date: 2024-03-14T09:30:00+01:00', keeps=('ISO 8601', '2024-03-14T09:30:00+01:00')),
    P('ctl-39', 'Route 66 is a road in the US.', keeps=('Route 66',)),
    P('ctl-40', 'Highway 1 closure until June.', keeps=('Highway 1', 'June')),
    P('ctl-41', 'The Berlin data centre (eu-central-1) is the primary region.', keeps=('Berlin', 'data centre', 'eu-central-1')),
    P('ctl-42', 'Paris-based Mistral released a model.', keeps=('Mistral',)),
    P('ctl-43', 'Flight LH 2041 departs at 14:05.', keeps=('Flight LH 2041', '14:05')),
    P('ctl-44', 'Patient education leaflet: type 2 diabetes mellitus, hypertension.', keeps=('type 2 diabetes mellitus', 'hypertension')),
    P('ctl-45', 'Dx: asthma; Rx: salbutamol 100 µg', keeps=('Dx: asthma', 'Rx: salbutamol 100 µg')),
    P('ctl-46', 'BP 128/82, HR 72, SpO2 98%', keeps=('BP 128/82', 'HR 72', 'SpO2 98%')),
    P('ctl-47', 'ICD-10 E11.9', keeps=('ICD-10 E11.9',)),
    P('ctl-48', 'Temperature 37.2 °C', keeps=('37.2 °C',)),
    P('ctl-49', 'Room temperature 21 °C at 12:30', keeps=('Room temperature 21 °C', '12:30')),
    P('ctl-50', 'Kaltmiete 1.240 EUR, Nebenkosten 210 EUR', keeps=('Kaltmiete 1.240 EUR', 'Nebenkosten 210 EUR')),
    P('ctl-51', "Deposit: 3 months' rent", keeps=("Deposit: 3 months' rent",)),
    P('ctl-52', 'Lease term: 24 months', keeps=('Lease term: 24 months',)),
    P('ctl-53', 'Postcode lookup failed for 3 entries.', keeps=('Postcode', '3 entries')),
    P('ctl-54', 'Step 1: open the Settings menu.', keeps=('Step 1', 'Settings')),
    P('ctl-55', 'HTTP 404 on /api/v2/orders', keeps=('HTTP 404', '/api/v2/orders')),
    P('ctl-56', 'Error code 0x80070005', keeps=('Error code 0x80070005',)),
    P('ctl-57', 'Port 5432 is closed', keeps=('Port 5432',)),
    P('ctl-58', 'Python 3.11 or newer', keeps=('Python 3.11',)),
    P('ctl-59', 'Windows 11 23H2', keeps=('Windows 11 23H2',)),
    P('ctl-60', 'RFC 2047 and RFC 5322', keeps=('RFC 2047', 'RFC 5322')),
    P('ctl-61', 'Chrome 122.0.6261.94', keeps=('Chrome 122.0.6261.94',)),
    P('ctl-62', 'Figure 3 shows Q3 2024 revenue', keeps=('Figure 3', 'Q3 2024')),
    P('ctl-63', 'Q4/2024 results', keeps=('Q4/2024',)),
    P('ctl-64', 'KW 12 (Kalenderwoche)', keeps=('KW 12',)),
    P('ctl-65', 'FY2024 budget: €2.4m', keeps=('FY2024', '€2.4m')),
    P('ctl-66', '+12.5% growth, -3.1% churn', keeps=('+12.5%', '-3.1%')),
    P('ctl-67', '3 x 250 ml', keeps=('3 x 250 ml',)),
    P('ctl-68', 'Model number: A2442', keeps=('Model number: A2442',)),
    P('ctl-69', 'Firmware 1.4.22', keeps=('Firmware 1.4.22',)),
    P('ctl-70', 'Invoice RE-2024-001873, net 30', keeps=('RE-2024-001873', 'net 30')),
    P('ctl-71', 'Kundennummer wird auf der Rechnung angegeben.', keeps=('Kundennummer',)),
    P('ctl-72', 'Bestellnummer 4500012345', keeps=('Bestellnummer 4500012345',)),
    P('ctl-73', 'Artikelnummer 10-4471', keeps=('Artikelnummer 10-4471',)),
    P('ctl-74', "Numero d'ordine 2024/1183", keeps=("Numero d'ordine 2024/1183",)),
    P('ctl-75', 'N° de commande 47-1123', keeps=('N° de commande 47-1123',)),
    P('ctl-76', 'Pedido nº 88231', keeps=('Pedido nº 88231',)),
    P('ctl-77', 'Ordernummer 2024-33812', keeps=('Ordernummer 2024-33812',)),
    P('ctl-78', 'Zamówienie nr 4471/2024', keeps=('Zamówienie nr 4471/2024',)),
    P('ctl-79', 'Ärendenummer 2024-1187', keeps=('Ärendenummer 2024-1187',)),
    P('ctl-80', 'Sagsnummer 88213', keeps=('Sagsnummer 88213',)),
    P('ctl-81', 'MwSt.-Satz 19 %', keeps=('MwSt.-Satz 19 %',)),
    P('ctl-82', 'Seite 3 von 12', keeps=('Seite 3 von 12',)),
    P('ctl-83', 'Page 3 of 12', keeps=('Page 3 of 12',)),
    P('ctl-84', 'See ISO 3166-1 for country codes', keeps=('ISO 3166-1',)),
    P('ctl-85', 'BIC and IBAN fields are required.', keeps=('BIC', 'IBAN')),
    P('ctl-86', 'The SWIFT network is down.', keeps=('SWIFT',)),
    P('ctl-87', 'Sort code format is six digits.', keeps=('Sort code',)),
    P('ctl-88', 'Routing number lookup is in step 2.', keeps=('Routing number', 'step 2')),
    P('ctl-89', 'The Medicare program covers people over 65.', keeps=('Medicare',)),
    P('ctl-90', 'NRIC numbers are issued by ICA.', keeps=('NRIC',)),
    P('ctl-91', 'dependabot[bot]', keeps=('dependabot[bot]',)),
    P('ctl-92', 'CODEOWNERS file lives in .github/', keeps=('CODEOWNERS', '.github/')),
    P('ctl-93', 'The Via Appia is an ancient road.', keeps=('Via', 'Appia'), modes=B),
    P('ctl-94', 'Hauptbahnhof is 10 minutes away.', keeps=('Hauptbahnhof', '10 minutes')),
    P('ctl-95', 'Champs-Élysées at night', keeps=('Champs-Élysées',), modes=B),
    P('ctl-96', 'Speaker notes 00:03:12', keeps=('00:03:12',)),
    P('ctl-97', 'WEEK 12 sprint', keeps=('WEEK 12',)),
]

#: Near misses of the round-4 rules: BIC/SWIFT, Medicare, NRIC and id labels in prose, streets without a
#: house number, counted nouns after a street-like word, field nouns of German documents.
NEAR = [
    P('near-00', 'SWIFT code: required for transfers outside SEPA.', keeps=('SWIFT code: required',)),
    P('near-01', 'Written in Swift 5.10 and Kotlin 1.9.', keeps=('Swift 5.10', 'Kotlin 1.9')),
    P('near-02', 'BIC: see the bank letter', keeps=('BIC: see the bank letter',)),
    P('near-03', 'The BIC field is optional for SEPA payments.', keeps=('BIC field',)),
    P('near-04', 'Medicare Part B premiums rise in 2025.', keeps=('Medicare Part B', '2025')),
    P('near-05', 'Teudat Zehut is the Israeli identity card.', keeps=('Teudat Zehut',)),
    P('near-06', 'ID number 12 in the sample list is wrong.', keeps=('ID number 12',)),
    P('near-07', 'NRIC format is a letter, seven digits and a letter.', keeps=('NRIC format',)),
    P('near-08', 'We reached them via Slack 2 days ago.', keeps=('via Slack 2 days ago',)),
    P('near-09', 'Via Slack 2 days ago the team agreed.', keeps=('Via Slack 2 days ago',)),
    P('near-10', 'Arbeitsplatz 3 ist frei, Parkplatz 12 auch.', keeps=('Arbeitsplatz 3', 'Parkplatz 12')),
    P('near-11', 'Bahnsteig 4, Abfahrt 14:05 und Ankunft um 16:10.', keeps=('Bahnsteig 4', '14:05', '16:10')),
    P('near-12', 'Der Lösungsweg 2 ist kürzer.', keeps=('Lösungsweg 2',)),
    P('near-13', 'Route 66 and Highway 1 are famous roads.', keeps=('Route 66', 'Highway 1')),
    P('near-14', 'In 2024 the Oxford Street store closed.', keeps=('In 2024 the Oxford Street',)),
    P('near-15', '3 Road trips planned for Q3.', keeps=('3 Road', 'Q3')),
    P('near-16', 'The rue de Rivoli is busy on Saturdays.', keeps=('rue de Rivoli',), modes=B),
    P('near-17', 'Piazza San Marco floods in winter.', keeps=('Piazza San Marco',)),
    P('near-18', 'We moved 12 servers to Frankfurt on the main road.', keeps=('12 servers', 'Frankfurt')),
    P('near-19', 'Room 4.12 on Floor 3, main street entrance.', keeps=('Room 4.12', 'Floor 3')),
    P('near-20', 'Schedule 2 of the lease and Clause 14.3.', keeps=('Schedule 2', 'Clause 14.3')),
    P('near-21', 'Kapitel 3 und Abschnitt 4.2 der Vereinbarung', keeps=('Kapitel 3', 'Abschnitt 4.2')),
    P('near-22', 'Chapter 12 Avenue is a film title.', keeps=('Chapter 12 Avenue',)),
    P('near-23', '2 weeks after the road closure', keeps=('2 weeks',)),
    P('near-24', 'Version 2 Street Fighter', keeps=('Version 2 Street Fighter',)),
    P('near-25', '1010 Wien is the first district.', keeps=('1010 Wien',)),
    P('near-26', 'ISO 27001 and SOC 2 audits', keeps=('ISO 27001', 'SOC 2')),
    P('near-27', 'Sprint 14 retro on the Keizersgracht office boat.', keeps=('Sprint 14', 'Keizersgracht'), modes=B),
    P('near-28', 'Zone 2 and Zone 3 tickets', keeps=('Zone 2', 'Zone 3')),
]

PROBES = ID + CTX + ADDR + PH
ALL = PROBES + CTL + NEAR

#: Rows that still fail, by (mode, family) with the reason: documented gaps, strict xfails (a fix that
#: makes one pass must remove it here).
KNOWN_GAPS: dict[tuple[str, str], str] = {
    # unlabelled addresses in one-line fragments without a gate word (the gates are set lookups)
    ('strict', 'addr-06'): "'C/ Calle, 27' in a line without a gate word ('calle', 'avenida'...)",
    ('balanced', 'addr-06'): "'C/ Calle, 27' in a line without a gate word ('calle', 'avenida'...)",
    ('strict', 'addr-08'): "'Via X 24, 00185' in an ASCII line without an Italian gate word (della, che, presso)",
    ('balanced', 'addr-08'): "'Via X 24, 00185' in an ASCII line without an Italian gate word (della, che, presso)",
    ('balanced', 'addr-10'): "a street without a street word ('Lange Voorhout 8') and a Dutch postcode after a comma in a line without a Dutch gate word",
    ('strict', 'addr-15'): "an ASCII compound street ('Rosenweg 3') and its postcode line without a German gate word",
    ('balanced', 'addr-15'): "an ASCII compound street ('Rosenweg 3') and its postcode line without a German gate word",
    # over-redaction owned by other stages
    ('strict', 'ctl-28'): 'a UPS tracking number (1Z + 16) reads as a secret (secret_* stages, not ours)',
    ('balanced', 'ctl-28'): 'a UPS tracking number (1Z + 16) reads as a secret (secret_* stages, not ours)',
    ('strict', 'ctl-43'): 'an airline code (LH) is an unknown acronym: strict redacts acronyms off the allow list by design',
    ('strict', 'near-17'): 'a landmark of three capitalised words reads as a proper name (Piazza San Marco)',
    ('balanced', 'near-17'): 'a landmark of three capitalised words reads as a proper name (Piazza San Marco)',
}


@pytest.mark.parametrize("probe", probe_rows("strict", ALL, KNOWN_GAPS))
def test_strict_mode_hides_every_round_four_probe_and_keeps_every_control(probe):
    leaked, changed = probe_case("strict", probe)
    assert not leaked and not changed, (leaked, changed)


@pytest.mark.parametrize("probe", probe_rows("balanced", ALL, KNOWN_GAPS))
def test_balanced_mode_hides_every_round_four_probe_and_keeps_every_control(probe):
    leaked, changed = probe_case("balanced", probe)
    assert not leaked and not changed, (leaked, changed)


def test_strict_mode_keeps_at_least_97_percent_of_the_round_four_controls():
    keeps = [(p, k) for p in ALL if "strict" in p.modes for k in p.keeps]
    kept = sum(k in redact_text("strict", p.text) for p, k in keeps)
    assert len(keeps) >= 80 and kept / len(keeps) >= 0.97, (kept, len(keeps))


def test_the_round_four_table_is_broad_and_its_families_are_unique():
    assert len(PROBES) >= 120 and sum(len(p.keeps) for p in ALL) >= 80
    assert len({p.family for p in ALL}) == len(ALL)
