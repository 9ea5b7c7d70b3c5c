# ruff: noqa: E501  (a table of literal fragments: one probe per line reads best)
"""Red-team hold-out probes, round 6 (hold-out round 9), for personal data (issue 11): both modes.

Round 4 probed national ids, bank details and phones of many countries beside their usual English or
native label. This table, written before reading the detectors, probes the shapes those rows left out:
the same identifiers under other labels and spellings (``sofinummer``, ``Numer PESEL``, ``NAS``,
``n.º de contribuinte``, ``個人番号``, ``ת.ז.``), in other separators (``2746.35.197``, ``4821-3095-7166``,
``850312+4789``), as JSON / YAML / XML / SQL / markdown-table fields and in HR exports whose header names
the column in words users write (``Fiscal code``, ``natl_id``, ``gov_id``); bank details of more kinds
(``S/C``-``A/C`` pairs, ACH/wire routing, Mexican CLABE, IFSC, BSB, Canadian transit, IBANs of 18 more
countries, compact and grouped, in JSON and prose); dates of birth in twelve languages and in CSV / JSON
columns; user names in auth.log, sudo/su, last/who, Windows security events, git trailers, chown /
crontab / usermod commands, ps and ls columns, passwd and id output, database auth errors; phones of
twenty more countries and international dialling forms (``0049``, dotted US, ``tel:`` URIs, extensions).
Controls are the readable parts of the same files: order, invoice and ticket numbers, timestamps,
amounts, versions, system accounts (``root``, ``www-data``), durations, sizes and field labels.

Values are fictional; checksummed formats carry a valid checksum computed by a script of our own.
211 probe rows (210 in strict), 88 control and near-miss rows, 187 controls. Main before the round leaked
49 probe rows in strict mode and 52 in balanced, and changed the controls of 7 rows in strict (179 of 186
controls kept), 4 in balanced; now no probe row leaks in either mode and one control row changes in both
(KNOWN_GAPS: a grouped tracking number's tail read as a phone).
"""

from __future__ import annotations

import pytest
from redaction_helpers import B, P, probe_case, probe_rows, redact_text

ID = [
    P('it-cf-prose', 'il codice fiscale del dipendente è VRDLCU90A01F205L, come da busta paga', leaks=('VRDLCU90A01F205L',), keeps=('busta paga',)),
    P('it-cf-bare', 'Luca Verdi - BNCGLI82M41H501V - Roma', leaks=('BNCGLI82M41H501V',)),
    P('it-cf-json', '{"codiceFiscale": "VRDLCU90A01F205L", "matricola": 5521}', leaks=('VRDLCU90A01F205L',), keeps=('5521',)),
    P('it-cf-en', 'Italian tax code (fiscal code): BNCGLI82M41H501V', leaks=('BNCGLI82M41H501V',)),
    P('nl-sofi', 'sofinummer: 274635197', leaks=('274635197',)),
    P('nl-bsn-dots', 'BSN 2746.35.197 (gecontroleerd)', leaks=('2746.35.197',)),
    P('nl-bsn-yaml', 'employee:\n  bsn: "619384025"\n  department: Finance', leaks=('619384025',), keeps=('Finance',)),
    P('nl-bsn-nummer', 'Uw BSN-nummer is 619384025.', leaks=('619384025',)),
    P('be-nn-spaces', 'Rijksregisternr. 85 07 30 033 28', leaks=('85 07 30 033 28',)),
    P('be-nn-nrn', 'NRN: 03.02.14-151.20', leaks=('03.02.14-151.20',)),
    P('be-nn-insz', 'INSZ-nummer 85073003328', leaks=('85073003328',)),
    P('pl-pesel-numer', 'Numer PESEL: 85120314673', leaks=('85120314673',)),
    P('pl-pesel-json', '{"pesel": "02211548296", "imie": "Jan"}', leaks=('02211548296',)),
    P('pl-pesel-prose', 'pacjent o numerze PESEL 85120314673 zgłosił się do poradni', leaks=('85120314673',), keeps=('zgłosił się do poradni',)),
    P('se-pnr-plus', 'Personnummer 850312+4789', leaks=('850312+4789',)),
    P('se-pnr-12', 'personnr: 198503124789', leaks=('198503124789',)),
    P('se-pnr-space', 'Pers.nr 19920704 1238', leaks=('19920704 1238',)),
    P('dk-cpr-nodash', 'CPR nummer 2307911002', leaks=('2307911002',)),
    P('dk-cpr-personnummer', 'personnummer (CPR): 150385-1019', leaks=('150385-1019',)),
    P('fi-hetu-a', 'henkilötunnus 020503A414E', leaks=('020503A414E',)),
    P('fi-hetu-sotu', 'Sotu: 131052-308T', leaks=('131052-308T',)),
    P('no-fnr-split', 'Fødselsnr. 230791 10027', leaks=('230791 10027',)),
    P('no-pnr', 'personnummer 04027210029', leaks=('04027210029',)),
    P('pt-nif-long', 'Número de Identificação Fiscal: 234567813', leaks=('234567813',)),
    P('pt-nif-spaced', 'n.º de contribuinte 234 567 813', leaks=('234 567 813',)),
    P('br-cpf-bare', 'Cliente: Ana Souza, 418.730.162-39, São Paulo', leaks=('418.730.162-39',)),
    P('br-cpf-long', 'Cadastro de Pessoas Físicas nº 41873016239', leaks=('41873016239',)),
    P('br-cnpj-bare', 'Fornecedor 45.781.092/0001-22 - Ltda', leaks=('45.781.092/0001-22',)),
    P('br-cnpj-compact', 'cnpj=45781092000122', leaks=('45781092000122',)),
    P('mx-curp-bare', 'Solicitante LOPA920704MJCPRN04, Guadalajara', leaks=('LOPA920704MJCPRN04',)),
    P('mx-curp-json', '{"curp": "GOMR850312HDFNRS06", "estado": "CDMX"}', leaks=('GOMR850312HDFNRS06',)),
    P('mx-curp-json-state', '{"curp": "GOMR850312HDFNRS06", "estado": "CDMX"}', leaks=('GOMR850312HDFNRS06',), keeps=('CDMX',), modes=B),
    P('mx-rfc-label', 'R.F.C.: LOPA920704K31', leaks=('LOPA920704K31',)),
    P('ca-nas', "Numéro d'assurance sociale (NAS) : 527 819 346", leaks=('527 819 346',)),
    P('ca-sin-json', '{"sin": "527819346", "province": "ON"}', leaks=('527819346',)),
    P('au-tfn-dash', 'TFN 876-145-201', leaks=('876-145-201',)),
    P('au-tfn-json', '{"tax_file_number": "459318707"}', leaks=('459318707',)),
    P('au-medicare-compact', 'Medicare No. 2950123481', leaks=('2950123481',)),
    P('jp-mynum-dash', '個人番号: 4821-3095-7166', leaks=('4821-3095-7166',)),
    P('jp-mynum-kojin', '個人番号（マイナンバー）482130957166', leaks=('482130957166',)),
    P('kr-rrn-short', '주민번호: 850312-1234565', leaks=('850312-1234565',)),
    P('kr-rrn-bare', '고객 920704-2123450 서울', leaks=('920704-2123450',)),
    P('za-id-spaced', 'Identity number: 920704 0149 082', leaks=('920704 0149 082',)),
    P('il-tz-heb', 'ת.ז. 318274651', leaks=('318274651',)),
    P('il-tz-heb-long', 'מספר זהות: 234567816', leaks=('234567816',)),
    P('il-tz-en', 'Israeli ID no. 234567816', leaks=('234567816',)),
    P('us-ssn-nodash', 'SSN 078051120 on file', leaks=('078051120',)),
    P('us-ssn-spaced', 'Social Security No.: 219 09 9999', leaks=('219 09 9999',)),
]

HR = [
    P('hr-fiscal-code', 'Employee ID,Full Name,Fiscal Code,Start Date\nE1042,Giulia Bianchi,BNCGLI82M41H501V,2024-03-01', leaks=('BNCGLI82M41H501V', 'Giulia Bianchi'), keeps=('E1042', '2024-03-01')),
    P('hr-natl-id', 'emp_no;natl_id;country;grade\n2211;85120314673;PL;B2\n2212;02211548296;PL;B3', leaks=('85120314673', '02211548296'), keeps=('2211', '2212', 'B2')),
    P('hr-gov-id', 'id,gov_id,gov_id_type,hired\n17,527819346,SIN,2023-11-06\n18,876145201,TFN,2024-01-15', leaks=('527819346', '876145201'), keeps=('2023-11-06', '2024-01-15')),
    P('hr-tsv', 'staff_id\tnational_id\tcost_centre\n880\t274635197\tCC-4410', leaks=('274635197',), keeps=('880', 'CC-4410')),
    P('hr-quoted', '"id","personal_number","salary"\n"31","8503124789","54000"', leaks=('8503124789',), keeps=('54000',)),
    P('hr-identity', 'Name,Identity Number,Dept\n"Mokoena, Sipho",8503125123088,Ops', leaks=('8503125123088', 'Mokoena, Sipho'), keeps=('Ops',)),
    P('hr-sql', "INSERT INTO employees (id, first_name, last_name, cpf, hired_on) VALUES (42, 'Ana', 'Souza', '52998224725', '2022-05-02');", leaks=('52998224725', 'Souza'), keeps=('2022-05-02',)),
    P('hr-md-table', '| Name | Personnummer | Team |\n|---|---|---|\n| Linnea Berg | 920704-1238 | Data |', leaks=('920704-1238', 'Linnea Berg'), keeps=('Data |',)),
    P('hr-xml', '<employee><id>77</id><ssn>078-05-1120</ssn><dept>HR</dept></employee>', leaks=('078-05-1120',), keeps=('<id>77</id>', '<dept>HR</dept>')),
    P('hr-html', '<tr><th>Henkilötunnus</th><td>131052-308T</td></tr>', leaks=('131052-308T',)),
    P('hr-kv-log', 'import row=118 employee_id=E-2291 tax_id=234567813 status=ok', leaks=('234567813',), keeps=('row=118', 'E-2291', 'status=ok')),
    P('hr-ldif', 'dn: uid=lberg,ou=people,dc=example,dc=se\nemployeeNumber: 4471\nnorEduPersonNIN: 04027210029', leaks=('04027210029', 'lberg'), keeps=('4471',)),
    P('hr-row3', 'id,name,ssn\n1,Redacted,000-00-0000\n2,Test,000-00-0000\n3,Jamal Rivers,219-09-9999', leaks=('219-09-9999', 'Jamal Rivers')),
    P('hr-yaml-list', 'people:\n  - name: Kenji Watanabe\n    my_number: "123456789018"\n    office: Osaka', leaks=('123456789018', 'Kenji Watanabe'), keeps=('Osaka',)),
]

BANK = [
    P('uk-sc-ac', 'S/C 20-45-77  A/C 41926819', leaks=('20-45-77', '41926819')),
    P('uk-acc-first', 'Acc No: 41926819 Sort: 204577', leaks=('41926819', '204577')),
    P('uk-csv', 'payee,sort_code,account_number,reference\nJ Smith,20-45-77,41926819,INV-5521', leaks=('20-45-77', '41926819'), keeps=('INV-5521',)),
    P('uk-json', '{"sortCode": "204577", "accountNumber": "41926819"}', leaks=('204577', '41926819')),
    P('us-ach', 'ACH routing 122000247, checking acct 000987654321', leaks=('122000247', '000987654321')),
    P('us-wire', 'Wire instructions: ABA# 071000013 / Account # 8812345567', leaks=('071000013', '8812345567')),
    P('us-rtn', 'RTN: 021000021  DDA: 4400123987', leaks=('021000021', '4400123987')),
    P('us-json', '{"routing_number": "122000247", "account_number": "3344556677", "account_type": "checking"}', leaks=('122000247', '3344556677'), keeps=('checking',)),
    P('swift-11', 'SWIFT/BIC code: BNPAFRPPXXX', leaks=('BNPAFRPPXXX',)),
    P('swift-json', '{"bic": "COBADEFFXXX", "iban": "DE89370400440532013000"}', leaks=('COBADEFFXXX', 'DE89370400440532013000')),
    P('iban-pt', 'IBAN PT50 0002 0123 1234 5678 9015 4', leaks=('PT50 0002 0123 1234 5678 9015 4',)),
    P('iban-br', 'IBAN: BR9700360305000010009795493P1', leaks=('BR9700360305000010009795493P1',)),
    P('iban-sa', 'SA03 8000 0000 6080 1016 7519 (Al Rajhi)', leaks=('SA03 8000 0000 6080 1016 7519',)),
    P('iban-ae', 'Beneficiary IBAN: AE070331234567890123456', leaks=('AE070331234567890123456',)),
    P('iban-tr', 'IBAN: TR33 0006 1005 1978 6457 8413 26', leaks=('TR33 0006 1005 1978 6457 8413 26',)),
    P('iban-gr', 'Λογαριασμός IBAN GR1601101250000000012300695', leaks=('GR1601101250000000012300695',)),
    P('iban-cz', 'číslo účtu (IBAN): CZ65 0800 0000 1920 0014 5399', leaks=('CZ65 0800 0000 1920 0014 5399',)),
    P('iban-hu', 'HU42 1177 3016 1111 1018 0000 0000', leaks=('HU42 1177 3016 1111 1018 0000 0000',)),
    P('iban-ro', 'cont RO49AAAA1B31007593840000', leaks=('RO49AAAA1B31007593840000',)),
    P('iban-hr', 'IBAN HR1210010051863000160', leaks=('HR1210010051863000160',)),
    P('iban-il', 'IBAN IL62 0108 0000 0009 9999 999', leaks=('IL62 0108 0000 0009 9999 999',)),
    P('iban-mt', 'MT84MALT011000012345MTLCAST001S', leaks=('MT84MALT011000012345MTLCAST001S',)),
    P('iban-lu', 'virement sur LU28 0019 4006 4475 0000 svp', leaks=('LU28 0019 4006 4475 0000',)),
    P('iban-ie', 'Pay to IE29AIBK93115212345678 by Friday', leaks=('IE29AIBK93115212345678',)),
    P('iban-dk', 'Kontonr. DK50 0040 0440 1162 43', leaks=('DK50 0040 0440 1162 43',)),
    P('iban-fi', 'Tilinumero FI21 1234 5600 0007 85', leaks=('FI21 1234 5600 0007 85',)),
    P('iban-no', 'Kontonummer NO9386011117947', leaks=('NO9386011117947',)),
    P('iban-at-prose', 'Bitte überweisen Sie den Betrag auf AT61 1904 3002 3457 3201.', leaks=('AT61 1904 3002 3457 3201',)),
    P('iban-json', '{"beneficiary": {"iban": "CH8604830000012345678"}}', leaks=('CH8604830000012345678',)),
    P('mx-clabe', 'CLABE interbancaria: 002180012345678906', leaks=('002180012345678906',)),
    P('mx-clabe-bare', 'transferir a la cuenta 014180004539716227 (Santander)', leaks=('014180004539716227',)),
    P('in-ifsc', 'IFSC Code: HDFC0001234  A/c No.: 50100234567891', leaks=('50100234567891',)),
    P('in-ifsc-csv', 'beneficiary,ifsc,account_no\nR Iyer,SBIN0004567,30012345678', leaks=('30012345678', 'R Iyer')),
    P('au-bsb', 'BSB: 062-000  Account: 1234 5678', leaks=('1234 5678',)),
    P('au-bsb-compact', 'BSB 082401 Acc 567890123', leaks=('567890123',)),
    P('ca-transit', 'Transit No. 04512, Institution 003, Account 1234567', leaks=('1234567',)),
    P('ca-transit-dash', 'direct deposit: transit 04512-003, acct 7654321', leaks=('7654321',)),
    P('de-konto', 'Kontonummer 0532013000, BLZ 37040044', leaks=('0532013000',)),
]

DOB = [
    P('dob-fr', 'Date de naissance : 14/03/1985', leaks=('14/03/1985',)),
    P('dob-fr-ne', 'Né le 14 mars 1985 à Lyon', leaks=('14 mars 1985',)),
    P('dob-it', 'Data di nascita: 14/03/1985', leaks=('14/03/1985',)),
    P('dob-it-nato', 'nato il 14 marzo 1985 a Bologna', leaks=('14 marzo 1985',)),
    P('dob-nl', 'Geboortedatum: 14-03-1985', leaks=('14-03-1985',)),
    P('dob-nl-geboren', 'geboren op 14 maart 1985', leaks=('14 maart 1985',)),
    P('dob-pl', 'Data urodzenia: 14.03.1985', leaks=('14.03.1985',)),
    P('dob-se', 'Födelsedatum: 1985-03-14', leaks=('1985-03-14',)),
    P('dob-no', 'Fødselsdato: 14.03.1985', leaks=('14.03.1985',)),
    P('dob-fi', 'Syntymäaika: 14.3.1985', leaks=('14.3.1985',)),
    P('dob-pt', 'Data de nascimento: 14/03/1985', leaks=('14/03/1985',)),
    P('dob-tr', 'Doğum tarihi: 14.03.1985', leaks=('14.03.1985',)),
    P('dob-ru', 'Дата рождения: 14.03.1985', leaks=('14.03.1985',)),
    P('dob-ja', '生年月日：1985年3月14日', leaks=('1985年3月14日',)),
    P('dob-ja-era', '生年月日 昭和60年3月14日', leaks=('昭和60年3月14日',)),
    P('dob-cs', 'Datum narození: 14. 3. 1985', leaks=('14. 3. 1985',)),
    P('dob-csv', 'first_name,last_name,dob,start\nMaja,Lindqvist,1985-03-14,2024-02-01', leaks=('1985-03-14', 'Lindqvist'), keeps=('2024-02-01',)),
    P('dob-csv-birthdate', 'id;birthdate;hired\n4;03/14/1985;01/02/2024', leaks=('03/14/1985',), keeps=('01/02/2024',)),
    P('dob-json', '{"dateOfBirth": "1985-03-14", "createdAt": "2026-01-12"}', leaks=('1985-03-14',), keeps=('2026-01-12',)),
    P('dob-json-snake', '{"birth_date": "14.03.1985", "updated_at": "2026-01-12T09:14:00Z"}', leaks=('14.03.1985',), keeps=('2026-01-12T09:14:00Z',)),
    P('dob-dotted', 'D.O.B. 03/14/85', leaks=('03/14/85',)),
    P('dob-born-ord', 'born 14th March 1985 in Leeds', leaks=('14th March 1985',)),
    P('dob-en-month', 'Date of Birth: March 14, 1985', leaks=('March 14, 1985',)),
    P('dob-yaml', 'patient:\n  birthday: 1985-03-14\n  ward: 4B', leaks=('1985-03-14',), keeps=('ward: 4B',)),
]

USERS = [
    P('auth-pubkey', 'Dec  3 07:12:44 web01 sshd[2211]: Accepted publickey for mkowalczyk from 203.0.113.7 port 51122 ssh2: ED25519 SHA256:Xq3m', leaks=('mkowalczyk',), keeps=('Accepted publickey for', 'port 51122')),
    P('auth-password', 'Dec  3 07:13:02 web01 sshd[2290]: Accepted password for tvandenberg from 198.51.100.9 port 40022 ssh2', leaks=('tvandenberg',)),
    P('auth-failed', 'sshd[3101]: Failed password for ocastellanos from 198.51.100.23 port 5512 ssh2', leaks=('ocastellanos',)),
    P('auth-invalid', 'sshd[3102]: Invalid user hpetrova from 198.51.100.23 port 5514', leaks=('hpetrova',)),
    P('auth-closed', 'sshd[3150]: Connection closed by authenticating user rsantos 203.0.113.7 port 51122 [preauth]', leaks=('rsantos',), keeps=('[preauth]',)),
    P('auth-pam-open', 'sshd[2211]: pam_unix(sshd:session): session opened for user mkowalczyk(uid=1001) by (uid=0)', leaks=('mkowalczyk',), keeps=('pam_unix(sshd:session)',)),
    P('sudo-line', 'Dec  3 07:20:01 web01 sudo:   lfournier : TTY=pts/0 ; PWD=/srv/app ; USER=root ; COMMAND=/usr/bin/systemctl restart nginx', leaks=('lfournier',), keeps=('USER=root', 'COMMAND=/usr/bin/systemctl restart nginx')),
    P('sudo-incorrect', 'sudo: ahmadkhan : 3 incorrect password attempts ; TTY=pts/2 ; PWD=/tmp ; USER=root ; COMMAND=/bin/bash', leaks=('ahmadkhan',), keeps=('3 incorrect password attempts',)),
    P('su-to-root', 'Dec  3 07:25:11 web01 su: (to root) akumar on pts/1', leaks=('akumar',), keeps=('(to root)',)),
    P('su-pam', 'su[3412]: pam_unix(su-l:session): session opened for user root by akumar(uid=1001)', leaks=('akumar',)),
    P('last-row', 'rsantos  pts/0        203.0.113.7      Thu Dec  3 07:01   still logged in', leaks=('rsantos',), keeps=('still logged in',)),
    P('who-row', 'akumar   pts/1        2026-12-03 07:05 (198.51.100.23)', leaks=('akumar',), keeps=('2026-12-03 07:05',)),
    P('lastlog-row', 'tvandenberg      pts/3    198.51.100.9     Thu Dec  3 07:13:02 +0000 2026', leaks=('tvandenberg',)),
    P('win-account-name', 'An account was successfully logged on.\nNew Logon:\n\tSecurity ID:\t\tCORP\\jmorales\n\tAccount Name:\t\tjmorales\n\tAccount Domain:\t\tCORP', leaks=('jmorales',), keeps=('An account was successfully logged on.',)),
    P('win-target-xml', '<Data Name="TargetUserName">jmorales</Data><Data Name="TargetDomainName">CORP</Data><Data Name="LogonType">10</Data>', leaks=('jmorales',), keeps=('LogonType',)),
    P('win-subject-xml', '<Data Name="SubjectUserName">ewojcik</Data><Data Name="SubjectLogonId">0x3e7</Data>', leaks=('ewojcik',), keeps=('0x3e7',)),
    P('win-failed', 'Account For Which Logon Failed:\n\tAccount Name:\t\tnfischer\n\tFailure Reason:\t\tUnknown user name or bad password.', leaks=('nfischer',), keeps=('Unknown user name or bad password.',)),
    P('win-domain-user', 'Logon account: CORP\\ewojcik (4625)', leaks=('ewojcik',)),
    P('git-signed-off', 'Fix race in scheduler\n\nSigned-off-by: Ingrid Solberg <ingrid.solberg@example.no>', leaks=('Ingrid Solberg', 'ingrid.solberg@example.no'), keeps=('Fix race in scheduler',)),
    P('git-co-authored', 'Co-authored-by: Tomasz Nowakowski <41872@users.noreply.github.com>', leaks=('Tomasz Nowakowski', '41872@users.noreply.github.com')),
    P('git-reviewed', 'Reviewed-by: Aiko Yamada <aiko@yamada.dev>\nTested-by: Bram de Vries <bram@devries.nl>', leaks=('Aiko Yamada', 'aiko@yamada.dev', 'Bram de Vries', 'bram@devries.nl')),
    P('git-reported', 'Reported-by: Svetlana Ivanova', leaks=('Svetlana Ivanova',)),
    P('git-config-name', 'git config --global user.name "Ingrid Solberg"', leaks=('Ingrid Solberg',)),
    P('gitconfig-user', '[user]\n\tname = Bram de Vries\n\temail = bram@devries.nl', leaks=('Bram de Vries', 'bram@devries.nl')),
    P('chown-user', 'sudo chown rsantos:rsantos /srv/app/uploads', leaks=('rsantos',), keeps=('/srv/app/uploads',)),
    P('chown-r', 'chown -R mkowalczyk:www-data /var/www/site', leaks=('mkowalczyk',), keeps=('www-data', '/var/www/site')),
    P('crontab-u', 'crontab -u akumar -e', leaks=('akumar',)),
    P('crontab-lu', 'sudo crontab -l -u lfournier', leaks=('lfournier',)),
    P('usermod', 'usermod -aG docker tvandenberg', leaks=('tvandenberg',), keeps=('docker',)),
    P('useradd', 'useradd -m -s /bin/bash -c "Olga Castellanos" ocastellanos', leaks=('ocastellanos', 'Olga Castellanos'), keeps=('/bin/bash',)),
    P('passwd-cmd', 'sudo passwd hpetrova', leaks=('hpetrova',)),
    P('ps-aux', 'mkowalczyk  4412  0.3  1.2 812344 98120 ?  Sl   07:01   0:12 /usr/bin/python3 app.py', leaks=('mkowalczyk',), keeps=('/usr/bin/python3 app.py',)),
    P('ps-sshd', 'root      2210  0.0  0.1  16844  9120 ?  Ss   07:12   0:00 sshd: rsantos [priv]', leaks=('rsantos',), keeps=('sshd:',)),
    P('ls-l', '-rw-r--r-- 1 ocastellanos staff 4096 Dec  3 07:01 notes.txt', leaks=('ocastellanos',), keeps=('notes.txt', '4096')),
    P('ls-ld', 'drwxr-xr-x  5 hpetrova hpetrova 4096 Dec  2 18:40 projects', leaks=('hpetrova',), keeps=('projects',)),
    P('passwd-line', 'tvandenberg:x:1003:1003:Tom van den Berg,,,:/home/tvandenberg:/bin/bash', leaks=('tvandenberg', 'Tom van den Berg')),
    P('id-output', 'uid=1004(nfischer) gid=1004(nfischer) groups=1004(nfischer),27(sudo),998(docker)', leaks=('nfischer',), keeps=('27(sudo)', '998(docker)')),
    P('mysql-denied', "ERROR 1045 (28000): Access denied for user 'ewojcik'@'10.0.4.17' (using password: YES)", leaks=('ewojcik',), keeps=('ERROR 1045 (28000)',)),
    P('pg-auth', 'FATAL:  password authentication failed for user "ahmadkhan"', leaks=('ahmadkhan',), keeps=('password authentication failed',)),
    P('systemd-session', 'systemd-logind[812]: New session 42 of user jmorales.', leaks=('jmorales',), keeps=('New session 42',)),
    P('kerberos', 'kinit: Preauthentication failed while getting initial credentials for svetlana.ivanova@CORP.EXAMPLE.COM', leaks=('svetlana.ivanova',)),
    P('getent', 'getent passwd ocastellanos', leaks=('ocastellanos',)),
    P('mail-spool', 'ls -la /var/mail/hpetrova /var/spool/cron/crontabs/akumar', leaks=('hpetrova', 'akumar')),
    P('sudo-list-other', 'sudo -l -U tvandenberg', leaks=('tvandenberg',)),
    P('owner-ci', 'triggered by: bdevries (merge request !482)', leaks=('bdevries',), keeps=('!482',)),
]

PHONES = [
    P('ph-it-compact', 'Cell: +39 347 1234567', leaks=('+39 347 1234567', '347 1234567')),
    P('ph-it-landline', 'tel. 06 4991 2345', leaks=('06 4991 2345',)),
    P('ph-nl-0', 'Tel: +31 (0)20 794 5821', leaks=('+31 (0)20 794 5821', '794 5821')),
    P('ph-nl-dash', 'telefoon 020 - 794 5821', leaks=('020 - 794 5821',)),
    P('ph-nl-mobile', 'mobiel +31 6 1234 5678', leaks=('+31 6 1234 5678', '1234 5678')),
    P('ph-br-ddd', 'WhatsApp: +55 11 98765 4321', leaks=('+55 11 98765 4321', '98765 4321')),
    P('ph-br-fixo', 'Tel.: (21) 3456-7890', leaks=('(21) 3456-7890', '3456-7890')),
    P('ph-mx', 'Tel. +52 55 1234 5678', leaks=('+52 55 1234 5678', '1234 5678')),
    P('ph-mx-local', 'celular (33) 1234-5678', leaks=('(33) 1234-5678', '1234-5678')),
    P('ph-jp-intl', '+81 90-1234-5678', leaks=('+81 90-1234-5678', '1234-5678')),
    P('ph-jp-tel', 'TEL 06-6123-4567', leaks=('06-6123-4567',)),
    P('ph-au-intl', '+61 412 345 678', leaks=('+61 412 345 678', '412 345 678')),
    P('ph-au-land', 'Tel: +61 2 9374 4000', leaks=('+61 2 9374 4000', '9374 4000')),
    P('ph-pl-intl', 'tel. +48 22 628 84 11', leaks=('+48 22 628 84 11', '628 84 11')),
    P('ph-pl-mobile', 'tel. kom. 601-234-567', leaks=('601-234-567',)),
    P('ph-ext-x', 'Phone: (415) 555-0187 x1234', leaks=('(415) 555-0187', '555-0187')),
    P('ph-ext-word', 'Tel: 020 7946 0958 ext. 12', leaks=('020 7946 0958', '7946 0958')),
    P('ph-de-durchwahl', 'Telefon +49 89 6071 2275-331', leaks=('+49 89 6071 2275', '6071 2275')),
    P('ph-00-prefix', 'Tel. 0049 89 6071 2275', leaks=('0049 89 6071 2275', '6071 2275')),
    P('ph-us-dotted', 'cell 415.555.0187', leaks=('415.555.0187',)),
    P('ph-us-plus-dot', 'Mobile: +1.415.555.0187', leaks=('+1.415.555.0187', '555.0187')),
    P('ph-us-tollfree', 'call 1-800-555-0199 for support', leaks=('1-800-555-0199',)),
    P('ph-ru', 'тел.: +7 (495) 123-45-67', leaks=('+7 (495) 123-45-67', '123-45-67')),
    P('ph-tr', 'Cep: +90 532 123 45 67', leaks=('+90 532 123 45 67', '532 123 45 67')),
    P('ph-cn', '手机: +86 138 0013 8000', leaks=('+86 138 0013 8000', '138 0013 8000')),
    P('ph-sg', 'HP: +65 9123 4567', leaks=('+65 9123 4567', '9123 4567')),
    P('ph-za', 'Cell: +27 82 123 4567', leaks=('+27 82 123 4567', '123 4567')),
    P('ph-ie', 'Mob: 087 123 4567', leaks=('087 123 4567',)),
    P('ph-es', 'móvil +34 612 34 56 78', leaks=('+34 612 34 56 78', '612 34 56 78')),
    P('ph-pt', 'telemóvel 912 345 678', leaks=('912 345 678',)),
    P('ph-gr', 'Τηλ.: +30 210 123 4567', leaks=('+30 210 123 4567', '210 123 4567')),
    P('ph-cz', 'tel.: +420 601 123 456', leaks=('+420 601 123 456', '601 123 456')),
    P('ph-hu', 'Tel: +36 30 123 4567', leaks=('+36 30 123 4567', '123 4567')),
    P('ph-se', 'Mobil: 070-123 45 67', leaks=('070-123 45 67',)),
    P('ph-dk', 'Tlf. +45 32 12 34 56', leaks=('+45 32 12 34 56', '32 12 34 56')),
    P('ph-no', 'Mobil: +47 412 34 567', leaks=('+47 412 34 567', '412 34 567')),
    P('ph-fi', 'puh. 040 123 4567', leaks=('040 123 4567',)),
    P('ph-kr', '휴대폰: 010-1234-5678', leaks=('010-1234-5678',)),
    P('ph-tel-uri', '<a href="tel:+390212345678">chiama</a>', leaks=('+390212345678', '0212345678')),
    P('ph-fax', 'Fax: +49 89 1234-5678', leaks=('+49 89 1234-5678', '1234-5678')),
    P('ph-json', '{"mobile": "+31612345678", "fax": null}', leaks=('+31612345678', '612345678')),
    P('ph-csv', 'name,phone\nA. Rossi,0039 347 1234567', leaks=('0039 347 1234567', '347 1234567')),
]

CTL = [
    P('ctl-order-9', 'Order 274635198 shipped', keeps=('274635198',)),
    P('ctl-invoice-csv', 'invoice_no,amount,currency,due\n4500012345,1234.56,EUR,2026-02-01', keeps=('4500012345', '1234.56', '2026-02-01')),
    P('ctl-ts-epoch', 'ts=1764581640 latency_ms=412 bytes=88213', keeps=('1764581640', 'latency_ms=412', 'bytes=88213')),
    P('ctl-amount-br', 'Total: R$ 1.234,56 em 3x', keeps=('R$ 1.234,56',)),
    P('ctl-amount-pl', 'Razem: 12 345,67 zł', keeps=('12 345,67 zł',)),
    P('ctl-amount-jp', '合計 ¥12,345（税込）', keeps=('¥12,345',)),
    P('ctl-version-4', 'Windows build 10.0.19045.3803', keeps=('10.0.19045.3803',)),
    P('ctl-version-tag', 'released v12.3.4 and 2026.01.12-rc1', keeps=('v12.3.4', '2026.01.12-rc1')),
    P('ctl-duration', 'elapsed 01:23:45, uptime 12 days, 03:45', keeps=('01:23:45', '12 days, 03:45')),
    P('ctl-sizes', 'disk 1 234 567 890 bytes free', keeps=('1 234 567 890 bytes',)),
    P('ctl-pid', 'worker pid 44123 exited with code 137', keeps=('pid 44123', 'code 137')),
    P('ctl-tracking', 'Tracking: 1Z 999 AA1 01 2345 6784', keeps=('1Z 999 AA1 01 2345 6784',)),
    P('ctl-case-no', 'Case number 01234567 opened', keeps=('01234567',)),
    P('ctl-isbn', 'ISBN 978-0-306-40615-7', keeps=('978-0-306-40615-7',)),
    P('ctl-root-sudo', 'sudo: pam_unix(sudo:session): session opened for user root(uid=0) by (uid=0)', keeps=('user root(uid=0)',)),
    P('ctl-chown-root', 'chown root:root /etc/ssh/sshd_config', keeps=('root:root', '/etc/ssh/sshd_config')),
    P('ctl-ls-root', '-rw-r--r-- 1 root root 220 Jan  6  2022 .bash_logout', keeps=('root root', '.bash_logout')),
    P('ctl-ps-system', 'www-data  1201  0.0  0.4 223412 33120 ?  S    07:00   0:00 nginx: worker process', keeps=('www-data', 'nginx: worker process')),
    P('ctl-ps-postgres', 'postgres   901  0.0  0.3 215000 28000 ?  Ss   07:00   0:00 postgres: checkpointer', keeps=('postgres: checkpointer',)),
    P('ctl-crontab-root', 'crontab -u root -l', keeps=('crontab -u root -l',)),
    P('ctl-last-reboot', 'reboot   system boot  6.1.0-18-amd64   Thu Dec  3 06:58   still running', keeps=('reboot', 'system boot', '6.1.0-18-amd64')),
    P('ctl-win-system', '\tAccount Name:\t\tSYSTEM\n\tAccount Domain:\t\tNT AUTHORITY', keeps=('SYSTEM', 'NT AUTHORITY')),
    P('ctl-win-dash', '<Data Name="TargetUserName">-</Data>', keeps=('TargetUserName',)),
    P('ctl-git-trailer-bot', 'Signed-off-by: dependabot[bot] <support@github.com>', keeps=('dependabot[bot]',)),
    P('ctl-git-trailer-text', 'Please add a Signed-off-by line to every commit.', keeps=('Signed-off-by line',)),
    P('ctl-sshd-listen', 'sshd[812]: Server listening on 0.0.0.0 port 22.', keeps=('Server listening on', 'port 22')),
    P('ctl-dates-plain', 'Start date: 01/03/2024, end date: 31/03/2024', keeps=('01/03/2024', '31/03/2024')),
    P('ctl-date-invoice', 'Data fattura: 14/03/2026', keeps=('14/03/2026',)),
    P('ctl-date-fr', 'Date de livraison : 14/03/2026', keeps=('14/03/2026',)),
    P('ctl-date-nl', 'Factuurdatum: 14-03-2026', keeps=('14-03-2026',)),
    P('ctl-date-ja', '発行日：2026年3月14日', keeps=('2026年3月14日',)),
    P('ctl-date-json', '{"createdAt": "2026-01-12", "expiresAt": "2027-01-12"}', keeps=('2026-01-12', '2027-01-12')),
    P('ctl-birth-words', 'The birth rate fell in 2024; date of birth fields are optional.', keeps=('birth rate', 'date of birth fields are optional')),
    P('ctl-bank-words', 'Enter the sort code and account number on the next screen.', keeps=('sort code and account number',)),
    P('ctl-iban-words', 'IBAN: see attached letter', keeps=('IBAN: see attached letter',)),
    P('ctl-routing-table', 'routing table: 10.0.0.0/8 via 10.0.0.1 metric 100', keeps=('routing table', 'metric 100')),
    P('ctl-transit', 'Transit time: 3-5 business days', keeps=('3-5 business days',)),
    P('ctl-bsb-words', 'BSB and account number are printed on your statement.', keeps=('BSB and account number',)),
    P('ctl-ifsc-words', 'The IFSC code identifies the branch.', keeps=('IFSC code',)),
    P('ctl-phone-like-ver', 'kernel 5.15.0-91-generic, glibc 2.35', keeps=('5.15.0-91-generic', '2.35')),
    P('ctl-phone-like-range', 'pages 123-456 and lines 1200-1299', keeps=('123-456', '1200-1299')),
    P('ctl-phone-like-ids', 'req-id 4412-9981-2207 completed in 84 ms', keeps=('4412-9981-2207', '84 ms')),
    P('ctl-ext-word', 'see ext. docs, x86_64 and x1234 build flag', keeps=('x86_64',)),
    P('ctl-hex', 'commit 3f9a2c1 (HEAD -> main)', keeps=('3f9a2c1',)),
    P('ctl-money-us', 'Balance: $41,926.81 as of 12/31', keeps=('$41,926.81',)),
    P('ctl-ipv6-port', 'listening on [::]:8080 and :9090', keeps=('[::]:8080', ':9090')),
    P('ctl-account-label', 'Account: billing-prod (AWS)', keeps=('billing-prod',)),
    P('ctl-hr-header', 'employee_id,department,cost_centre,start_date\nE1042,Finance,CC-4410,2024-03-01', keeps=('E1042', 'Finance', 'CC-4410', '2024-03-01')),
    P('ctl-sql-count', "SELECT count(*) FROM employees WHERE hired_on > '2022-05-02';", keeps=("'2022-05-02'", 'employees')),
    P('ctl-years', 'Fiscal years 2019-2024, quarters Q1-Q4', keeps=('2019-2024', 'Q1-Q4')),
    P('ctl-user-root-prompt', 'root@web01:~# systemctl status nginx', keeps=('systemctl status nginx',)),
    P('ctl-git-author-bot', 'Author: github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>', keeps=('github-actions[bot]',)),
]

#: Near misses of the round-9 rules: sort and account words, SQL inserts of non-personal columns, system
#: commands with system accounts or no account, prose lines that start with a command word, dates after
#: non-birth labels, HTML cells and Kerberos-like strings that are no principal.
NEAR = [
    P('near-sort-flag', 'sort -k2 -n data.txt | uniq -c', keeps=('sort -k2 -n data.txt',)),
    P('near-sort-order', 'sort: desc, limit: 50, page: 3', keeps=('sort: desc', 'limit: 50')),
    P('near-sort-year', 'Sort by year: 2024 first', keeps=('2024 first',)),
    P('near-acc-words', 'acc. to the spec, acc 3 is fine', keeps=('acc 3 is fine',)),
    P('near-sql-products', "INSERT INTO products (id, name, sku, price) VALUES (17, 'Widget', 'SKU-4471', 12.50);", keeps=("'Widget'", "'SKU-4471'", '12.50')),
    P('near-sql-orders', "INSERT INTO orders (order_id, total, created_at) VALUES (900123, 41.90, '2026-01-12'), (900124, 8.00, '2026-01-13');", keeps=('900123', "'2026-01-12'", "'2026-01-13'")),
    P('near-chown-www', 'chown -R www-data:www-data /var/www/html', keeps=('www-data:www-data',)),
    P('near-chown-uid', 'chown 1000:1000 /data', keeps=('1000:1000',)),
    P('near-sudo-u-postgres', 'sudo -u postgres psql -c "select 1"', keeps=('sudo -u postgres psql',)),
    P('near-ps-auxf', 'ps -auxf | grep nginx', keeps=('ps -auxf | grep nginx',)),
    P('near-ps-u-num', 'top -u 1000 -d 5', keeps=('top -u 1000 -d 5',)),
    P('near-id-prose', 'id is the primary key of the table.', keeps=('id is the primary key',)),
    P('near-groups-prose', 'groups of three work best here', keeps=('groups of three work best here',)),
    P('near-su-prose', 'su root', keeps=('su root',)),
    P('near-passwd-plain', 'passwd', keeps=('passwd',)),
    P('near-useradd-system', 'useradd --system --no-create-home prometheus', keeps=('prometheus',)),
    P('near-passwd-system', 'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin', keeps=('daemon:x:1:1:daemon',)),
    P('near-passwd-nobody', 'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin', keeps=('nobody:x:65534',)),
    P('near-id-root', 'uid=0(root) gid=0(root) groups=0(root)', keeps=('uid=0(root)',)),
    P('near-tty-prose', 'Open the  console to see the output.', keeps=('Open the  console',)),
    P('near-who-header', 'NAME     LINE         TIME             COMMENT', keeps=('NAME     LINE',)),
    P('near-krb-service', 'HTTP/web01.corp.example.com@CORP.EXAMPLE.COM', keeps=('HTTP/',)),  # the host@REALM part reads as an e-mail address (an earlier rule)
    P('near-npm-version', 'installed react@18.2.0 and vue@3.4.1', keeps=('react@18.2.0', 'vue@3.4.1')),
    P('near-ldap-group', 'dn: cn=admins,ou=groups,dc=example,dc=com', keeps=('cn=admins', 'ou=groups')),
    P('near-html-order', '<tr><th>Order</th><td>4500012345</td></tr>', keeps=('4500012345',)),
    P('near-html-date', '<tr><th>Invoice date</th><td>14/03/2026</td></tr>', keeps=('14/03/2026',)),
    P('near-bsn-word', 'BSN-nummer is verplicht voor de aanvraag.', keeps=('BSN-nummer is verplicht',)),
    P('near-id-date-cell', 'id,gov_id_type,hired\n18,TFN,2024-01-15', keeps=('2024-01-15',)),
    P('near-dob-words', 'born in 1985 and raised in Leeds', keeps=('born in 1985',)),
    P('near-ja-issue', '発行日 令和6年3月14日', keeps=('令和6年3月14日',)),
    P('near-bic-words', 'SWIFT: transfers take two days', keeps=('SWIFT: transfers take two days',)),
    P('near-bic-code', 'SWIFT code: see below', keeps=('SWIFT code: see below',)),
    P('near-trailer-text', 'Reviewed-by: lines are added by the bot.', keeps=('Reviewed-by: lines',)),
    P('near-spool-dir', 'ls /var/spool/cron/crontabs/ and /var/mail', keeps=('/var/spool/cron/crontabs/', '/var/mail')),
    P('near-getent-hosts', 'getent hosts example.internal', keeps=('getent hosts',)),
    P('near-tel-version', 'telemetry 2.14.3 sends 1200 events', keeps=('telemetry 2.14.3', '1200 events')),
]

PROBES = ID + HR + BANK + DOB + USERS + PHONES
ALL = PROBES + CTL + NEAR

#: Rows that still fail, by (mode, family) with the reason: documented gaps, strict xfails (a fix that
#: makes one pass must remove it here).
KNOWN_GAPS: dict[tuple[str, str], str] = {
    ('strict', 'ctl-tracking'): 'the tail of a grouped UPS tracking number (01 2345 6784) reads as a UK local phone number',
    ('balanced', 'ctl-tracking'): 'the tail of a grouped UPS tracking number (01 2345 6784) reads as a UK local phone number',
}


@pytest.mark.parametrize("probe", probe_rows("strict", ALL, KNOWN_GAPS))
def test_strict_mode_hides_every_round_six_probe_and_keeps_every_control(probe):
    leaked, changed = probe_case("strict", probe)
    assert not leaked and not changed, (leaked, changed)


@pytest.mark.parametrize("probe", probe_rows("balanced", ALL, KNOWN_GAPS))
def test_balanced_mode_hides_every_round_six_probe_and_keeps_every_control(probe):
    leaked, changed = probe_case("balanced", probe)
    assert not leaked and not changed, (leaked, changed)


def test_strict_mode_keeps_at_least_97_percent_of_the_round_six_controls():
    keeps = [(p, k) for p in ALL if 'strict' in p.modes for k in p.keeps]
    kept = sum(k in redact_text('strict', p.text) for p, k in keeps)
    assert kept >= 0.97 * len(keeps), (kept, len(keeps))


def test_the_round_six_personal_table_is_broad_and_its_families_are_unique():
    assert len(PROBES) >= 150 and sum(len(p.keeps) for p in ALL) >= 100
    assert len({p.family for p in ALL}) == len(ALL)
