# ruff: noqa: E501  (a table of literal fragments: one probe per line reads best)
"""Red-team hold-out probes, round 2, for personal data (issue 11): both modes.

Round 1 (test_holdout_personal.py) probed the issue's named families. This table is the unseen
corpus for what it likely missed: identifiers of more countries with their checksums, IBANs in more
formats, routing numbers and cards in more groupings, phones of more countries and in vCard /
``tel:`` / JSON form, names in vCard, CSV headers of several languages, mail and calendar headers,
git trailers and chat exports, postal addresses in HR records, chat handles and Windows accounts.

Each row: a fragment as a consultant's folder holds it, the raw values that must not survive, and
the controls that must come out unchanged. Values are fictional with realistic shapes; where a
format has a checksum the value carries a valid one (computed for these rows by a script of our
own, independently of the product's validators). Rows marked ``S`` hold in strict mode only.
"""

from __future__ import annotations

import pytest
from redaction_helpers import P, S
from test_holdout_personal import _case  # round 1's configured policy and checks


def _g4(s: str, sep: str = " ") -> str:
    """An IBAN or card number printed in groups of four, as statements print them."""
    return sep.join(s[i:i + 4] for i in range(0, len(s), 4))


# --- national identifiers of more countries (labelled and in their columns) --------------------

IDS = [
    P("it-cf-label", "Dipendente: matricola 4471, codice fiscale RCCFZL78B50E450A, assunta il 01/02/2019",
      ["RCCFZL78B50E450A"], ["4471", "01/02/2019"]),
    P("it-cf-bare", "Cod. Fisc. VNTZGG78T53H304B - residente a Torino", ["VNTZGG78T53H304B"]),
    P("it-cf-csv", "cognome;nome;cf;reparto\nRicci;Fiorella;RCCFZL78B50E450A;Vendite\n",
      ["RCCFZL78B50E450A", "Fiorella"]),
    P("nl-bsn-label", "Medewerker 2231 — BSN: 158813996, in dienst sinds 2021", ["158813996"], ["2231", "2021"]),
    P("nl-bsn-dotted", "burgerservicenummer 7536.45.567 (gecontroleerd)", ["7536.45.567"]),
    P("nl-bsn-csv", "personeelsnr,achternaam,bsn,afdeling\n0091,de Vries,815188444,Inkoop\n", ["815188444"], ["0091"]),
    P("be-nn-label", "Rijksregisternummer: 78.04.19-469.45 — Adres: zie dossier", ["78.04.19-469.45"]),
    P("be-nn-fr", "Numéro de registre national : 01090314572", ["01090314572"]),
    P("pl-pesel-label", "Pracownik: nr ewid. 118, PESEL: 79060294601, stanowisko: księgowa", ["79060294601"], ["118"]),
    P("pl-pesel-json", '{"pesel": "03311750622", "dzial": "IT", "etat": 1.0}', ["03311750622"], ['"etat": 1.0']),
    P("se-pnr-label", "Personnummer: 860512-0255\nAnställningsnr: 4410", ["860512-0255"], ["4410"]),
    P("se-pnr-12", "personnr 19711203-8687 (kontrollerat)", ["19711203-8687", "711203-8687"]),
    P("no-fnr-label", "Fødselsnummer: 23067323637 — ansatt siden 2015", ["23067323637"], ["2015"]),
    P("no-fnr-spaced", "f.nr. 140275 45603", ["140275 45603"]),
    P("fi-hetu-label", "Henkilötunnus: 190981-8904, työsuhde alkanut 2020", ["190981-8904"], ["2020"]),
    P("fi-hetu-2000", "hetu 040716A823W", ["040716A823W"]),
    P("dk-cpr-label", "CPR-nr.: 251081-6846 · Afdeling: Økonomi", ["251081-6846"]),
    P("dk-cpr-short", "cpr nummer 1908828093", ["1908828093"]),
    P("pt-nif-label", "NIF: 231778481 | Morada: ver ficha", ["231778481"]),
    P("pt-nif-contrib", "Nº de contribuinte 108196720", ["108196720"]),
    P("fr-nir-spaced", "N° de sécurité sociale : 1 82 04 75 113 686 80", ["1 82 04 75 113 686 80", "113 686"]),
    P("fr-nir-label2", "NIR 291116938556272 (clé 72)", ["291116938556272"]),
    P("fr-nir-insee", "Numéro INSEE : 182047511368680", ["182047511368680"]),
    P("ch-ahv-label", "AHV-Nr.: 756.8766.3440.02\nPensum: 80%", ["756.8766.3440.02", "8766.3440"], ["80%"]),
    P("ch-avs-bare", "No AVS 7562978753478", ["7562978753478"]),
    P("ch-ahv-bare-dotted", "Versicherter: 756.2978.7534.78", ["756.2978.7534.78", "2978.7534"]),
    P("ca-sin-label", "SIN: 487 680 456\nEmployee #: 20117", ["487 680 456"], ["20117"]),
    P("ca-nas-fr", "NAS : 417-847-266", ["417-847-266"]),
    P("au-tfn-label", "TFN: 701 079 819  Super fund: see file", ["701 079 819"]),
    P("au-tfn-bare", "Tax File Number 352814497", ["352814497"]),
    P("jp-mynumber-label", "マイナンバー: 6608 5651 7888", ["6608 5651 7888"]),
    P("jp-mynumber-en", "My Number (個人番号): 365506204842", ["365506204842"]),
    P("kr-rrn-label", "주민등록번호: 740619-2775009", ["740619-2775009", "2775009"]),
    P("kr-rrn-en", "RRN 041104-4503786", ["041104-4503786"]),
    P("mx-curp-label", "CURP: KFDT870107HNLRKN08", ["KFDT870107HNLRKN08"]),
    P("mx-curp-bare", "Empleado: Talamantes; curp fzdh820320mplrjm08", ["fzdh820320mplrjm08"]),
    P("mx-rfc-label", "RFC: RRMW7806282PL — régimen 605", ["RRMW7806282PL"], ["605"]),
    P("br-cpf-bare", "CPF 76709409805 cadastrado", ["76709409805"]),
    P("br-cnpj-bare", "CNPJ 58463884000109", ["58463884000109"]),
    P("br-rg", "RG: 38.472.915-6 SSP/SP", ["38.472.915-6"]),
    P("us-ssn-spaced", "SSN 521 38 4471", ["521 38 4471"]),
    P("de-steuerid-spaced", "Steuer-IdNr.: 57 549 285 017", ["57 549 285 017"]),
    P("de-svnr", "Rentenversicherungsnummer 15 070883 M 012", ["070883 M 012", "15 070883"]),
    P("ie-ppsn", "PPS No: 8472931TA", ["8472931TA"]),
    P("national-id-tsv-header", "Personalnr\tAHV-Nummer\tEintritt\nM-77\t756.8766.3440.02\t2019-04-01\n",
      ["756.8766.3440.02"], ["M-77", "2019-04-01"]),
]

# --- IBANs of more countries and formats, BIC beside them, routing numbers, cards -----------------

BANK = [
    P("iban-it-grouped", "Bonifico su IBAN " + _g4("IT92D0460288375555974754072"), ["0460 2883 7555", "IT92D0460288375555974754072"]),
    P("iban-nl-lower", "rekening: nl03 apzl 4735 4864 39", ["4735 4864 39", "nl03 apzl"]),
    P("iban-be-csv", "naam;rekening;bedrag\nJansens;BE85061884791889;120,50\n", ["BE85061884791889"], ["120,50"]),
    P("iban-pl-spaced", "Nr rachunku: PL46 5755 5218 2488 6193 0733 6882", ["5755 5218 2488"]),
    P("iban-pl-nrb", "Numer konta: 46 5755 5218 2488 6193 0733 6882", ["5755 5218 2488 6193"]),
    P("iban-se-json", '{"iban": "SE6883472855689832982229", "bic": "SWEDSESS"}', ["SE6883472855689832982229"]),
    P("iban-no-bare", "Betal til NO6600442248527 innen 14 dager", ["NO6600442248527"], ["14 dager"]),
    P("iban-fi-grouped", "Tilinumero FI40 2202 2697 8043 85", ["2202 2697 8043"]),
    P("iban-dk-bare", "Konto DK4781762528070015", ["DK4781762528070015"]),
    P("iban-pt-grouped", "IBAN: " + _g4("PT12945028316632337352866"), ["9450 2831 6632"]),
    P("iban-ch-qr", "SPC\n0200\n1\nCH1975347897133115921\nK\nMuster AG", ["CH1975347897133115921"]),
    P("iban-gb-sortcode", "Sort code 36-08-24, account 45607874", ["45607874"]),
    P("iban-gb-bare", "Payee: GB47 FGUN 3608 2445 6078 74 ref INV-3381", ["3608 2445 6078"], ["INV-3381"]),
    P("iban-at-lower-nospace", "iban=at105721283576990854&amount=99.00", ["at105721283576990854"], ["99.00"]),
    P("iban-ie-hyphen", "IBAN IE09-VCOO-5888-1440-1901-87", ["5888-1440-1901"]),
    P("iban-lu-bare", "LU119169797802520161", ["LU119169797802520161"]),
    P("iban-cz-bare", "Účet: CZ41 2840 0198 1524 7357 3638", ["2840 0198 1524"]),
    P("iban-hu-bare", "Számlaszám: HU62 5607 3927 3197 9678 0736 0872", ["5607 3927 3197"]),
    P("iban-gr-bare", "GR29 4385 4690 5982 8195 3918 276", ["4385 4690 5982"]),
    P("iban-br-bare", "Conta: BR20 1166 0330 4284 5142 0381 780L 7", ["1166 0330 4284"]),
    P("iban-fr-json-lower", '{"beneficiaire": "SCI Les Tilleuls", "iban": "fr08 8037 0412 1430 4907 4182 889"}', ["8037 0412 1430"]),
    P("iban-es-dash", "cuenta ES87-8370-8538-6713-0066-8179", ["8370-8538-6713"]),
    P("iban-ro-bare", "Cont RO22FFHF8385642710512983", ["RO22FFHF8385642710512983"]),
    P("iban-sa-bare", "IBAN SA67 7252 7812 0617 6958 5190", ["7252 7812 0617"]),
    P("iban-ae-bare", "AE361634999248005279137", ["AE361634999248005279137"]),
    P("iban-tr-bare", "TR56 2987 1120 9842 6407 9426 07", ["2987 1120 9842"]),
    P("iban-csv-ledger", "datum,begunstigde,iban,bedrag\n2024-03-01,Bakkerij Smit,NL03APZL4735486439,45.00\n",
      ["NL03APZL4735486439"], ["2024-03-01", "45.00"]),
    P("bic-next-to-iban", "IBAN: DK47 8176 2528 0700 15  BIC: DABADKKK", ["8176 2528 0700"], ["BIC"]),
    P("aba-next-to-acct", "Bank wire: ABA 295183800, Acct 004417728391", ["295183800", "004417728391"]),
    P("aba-routing-transit", "Routing/Transit: 025373929  Account: 88120045513", ["025373929", "88120045513"]),
    P("aba-ach-csv", "routing_number,account_number,amount\n219689827,1200448193,250.00\n", ["219689827", "1200448193"], ["250.00"]),
    P("aba-rtn-fed", "Fedwire RTN 025373929 / DDA 5561230098", ["025373929", "5561230098"]),
    P("card-visa-dash", "Card: 4985-5683-0686-6952 exp 09/27", ["4985-5683-0686-6952", "5683-0686"]),
    P("card-visa-plain", "pan=4985568306866952", ["4985568306866952"]),
    P("card-mc-2series", "Mastercard 2221 7268 3508 1117", ["2221 7268 3508 1117", "7268 3508"]),
    P("card-amex-465", "AMEX 3436 179581 63542", ["3436 179581 63542", "179581"]),
    P("card-diners-464", "Diners Club 3601 152761 1383", ["3601 152761 1383", "152761"]),
    P("card-discover-dots", "card 6011.7592.1153.2770", ["6011.7592.1153.2770", "7592.1153"]),
    P("card-jcb-json", '{"card_number": "3528186210761775", "holder": "K. Tanabe"}', ["3528186210761775"]),
    P("card-maestro-19", "Maestro 6759 0775 1062 6148 838", ["6759 0775 1062 6148 838", "0775 1062"]),
    P("card-unionpay", "银联卡 6261 5202 9944 6136", ["6261 5202 9944 6136", "5202 9944"]),
    P("card-mc-log", "2024-05-02T10:11:12Z payment declined card=5138965013327968 amount=19.99",
      ["5138965013327968"], ["2024-05-02T10:11:12Z", "amount=19.99"]),
]

# --- phones of more countries and in more wrappers --------------------------------------------

PHONES = [
    P("ph-it-mobile", "Cell. 347 812 4490 (dopo le 18)", ["347 812 4490", "812 4490"], ["18"]),
    P("ph-it-landline", "Tel. 06 4821 7735", ["06 4821 7735", "4821 7735"]),
    P("ph-it-intl", "+39 02 8719 2264", ["8719 2264"]),
    P("ph-nl-mobile", "mobiel: 06-41 82 77 39", ["06-41 82 77 39", "41 82 77 39"]),
    P("ph-nl-landline", "Telefoon 020 - 771 48 23", ["771 48 23"]),
    P("ph-nl-intl", "+31 (0)20 771 4823", ["771 4823"]),
    P("ph-be", "GSM: 0475 12 34 87 — tél. fixe +32 2 512 44 81", ["0475 12 34 87", "512 44 81"]),
    P("ph-ch", "Telefon +41 44 668 18 00, Natel 079 412 66 95", ["668 18 00", "412 66 95"]),
    P("ph-at", "Tel.: +43 1 58858-4417, mobil 0664 231 7781", ["58858-4417", "231 7781"]),
    P("ph-pl", "tel. kom. 512 448 907, stacjonarny +48 22 651 77 02", ["512 448 907", "651 77 02"]),
    P("ph-se", "Mobil: 070-412 88 31", ["070-412 88 31", "412 88 31"]),
    P("ph-no", "Tlf: +47 912 34 077", ["912 34 077"]),
    P("ph-dk", "Telefon: +45 31 74 22 89", ["31 74 22 89"]),
    P("ph-dk-local", "Mobil: 31 74 22 89 (privat)", ["31 74 22 89"]),
    P("ph-no-local", "Tlf. 912 34 077, kontor 22 41 88 30", ["912 34 077"]),
    P("ph-be-gsm", "GSM 0475/12.34.87", ["0475/12.34.87", "12.34.87"]),
    P("ph-fi-puh", "puh. +358 40 718 2290", ["718 2290"]),
    P("ph-mx-cel", "Cel: 33-1872-0945", ["1872-0945"]),
    P("ph-fi", "puh. 040 718 2290", ["040 718 2290", "718 2290"]),
    P("ph-br-mobile", "WhatsApp: (11) 98473-2216", ["98473-2216"]),
    P("ph-br-intl", "+55 21 3381-4477", ["3381-4477"]),
    P("ph-mx", "Tel. +52 55 5281 4410, cel. 33 1872 0945", ["5281 4410", "1872 0945"]),
    P("ph-jp-mobile", "携帯: 090-3817-2264", ["090-3817-2264", "3817-2264"]),
    P("ph-jp-landline", "TEL 03-5412-7788", ["03-5412-7788", "5412-7788"]),
    P("ph-au-mobile", "Mob: 0412 558 917", ["0412 558 917", "558 917"]),
    P("ph-au-landline", "Ph (02) 9374 4410", ["9374 4410"]),
    P("ph-us-ext-x", "Call me at (415) 555-0182 x2231", ["555-0182", "(415) 555-0182"]),
    P("ph-us-ext-word", "Office: 212.555.0147 ext. 45", ["212.555.0147"]),
    P("ph-ca-dots", "Cell 604.555.0119", ["604.555.0119"]),
    P("ph-tel-uri", '<a href="tel:+14165550133">Call</a>', ["14165550133", "+14165550133"]),
    P("ph-tel-uri-dashes", "[Anrufen](tel:+49-30-4471-2287)", ["4471-2287"]),
    P("ph-vcard-cell", "BEGIN:VCARD\nVERSION:3.0\nTEL;TYPE=CELL:+39 347 812 4490\nTEL;TYPE=WORK,VOICE:+31 20 771 4823\nEND:VCARD",
      ["812 4490", "771 4823"], ["VERSION:3.0"]),
    P("ph-vcard4-uri", "TEL;VALUE=uri;TYPE=\"voice,home\":tel:+1-555-555-0137", ["555-0137"]),
    P("ph-json-e164", '{"msisdn": "+46704128831", "country": "SE"}', ["+46704128831", "46704128831"], ['"country": "SE"']),
    P("ph-json-phone", '{"phone":"+61412558917","verified":true}', ["61412558917"], ['"verified":true']),
    P("ph-csv-col", "name,phone,city\nK. Jensen,+4531742289,Aarhus\n", ["4531742289"]),
    P("ph-log-sms", "2024-06-01 08:12:55 INFO sms sent to=+48512448907 status=ok", ["48512448907"], ["2024-06-01 08:12:55", "status=ok"]),
    P("ph-in-landline", "Ph: 022 2657 4410", ["2657 4410"]),
    P("ph-sig-block", "--\nM. Oyelaran\nSenior Analyst\nT +44 (0)161 496 0321 | M +44 7700 900412",
      ["496 0321", "7700 900412", "Oyelaran"]),
]

# --- names in structured positions -------------------------------------------------------------

NAMES = [
    P("vcard-fn", "BEGIN:VCARD\nVERSION:4.0\nFN:Ingrid Solvang-Haugen\nN:Solvang-Haugen;Ingrid;;;\nEND:VCARD",
      ["Ingrid", "Solvang-Haugen"], ["VERSION:4.0"]),
    P("vcard-fn-particle", "FN:Maarten van der Kolk\nORG:Kolk Advies\nN:van der Kolk;Maarten;;;", ["Maarten", "Kolk"]),
    P("vcard-email", "EMAIL;TYPE=INTERNET:t.okonkwo@kanzlei-okonkwo.example", ["t.okonkwo", "kanzlei-okonkwo"]),
    P("csv-en-first-last", "First Name,Last Name,Department\nPriyanka,Raghunathan,Finance\n", ["Priyanka", "Raghunathan"], ["Finance"]),
    P("csv-de-vorname", "Vorname;Nachname;Abteilung\nLiesel;Oberhuber;Einkauf\n", ["Liesel", "Oberhuber"]),
    P("csv-fr-prenom", "Prénom;Nom;Service\nGhislaine;Delacroix-Vautrin;Comptabilité\n", ["Ghislaine", "Delacroix-Vautrin"]),
    P("csv-es-nombre", "Nombre,Apellidos,Puesto\nCandela,Ibarrola Zubizarreta,Contable\n", ["Candela", "Ibarrola", "Zubizarreta"]),
    P("csv-it-nome", "Nome;Cognome;Ruolo\nOttavia;Scarpellini;Analista\n", ["Ottavia", "Scarpellini"]),
    P("csv-nl-voornaam", "Voornaam;Tussenvoegsel;Achternaam\nGerrit;van;Bommel\n", ["Gerrit", "Bommel"]),
    P("csv-pl-imie", "Imię;Nazwisko;Dział\nBożena;Wróblewska;Kadry\n", ["Bożena", "Wróblewska"]),
    P("csv-pt-nome", "nome_completo,cargo\nJoão Pedro Figueiredo,Gerente\n", ["João Pedro Figueiredo", "Figueiredo"]),
    P("tsv-sv-fornamn", "Förnamn\tEfternamn\tAvdelning\nSigrid\tLindqvist\tEkonomi\n", ["Sigrid", "Lindqvist"]),
    P("csv-snake-names", "emp_id,given_name,family_name,cost_center\n7741,Oluwaseun,Adebayo-Cole,CC-410\n",
      ["Oluwaseun", "Adebayo-Cole"], ["7741", "CC-410"]),
    P("json-first-last", '{"firstName": "Thorvald", "lastName": "Eikeland", "role": "admin"}', ["Thorvald", "Eikeland"], ['"role": "admin"']),
    P("json-snake-names", '{"first_name":"Anneliese","last_name":"Grünwald","active":true}', ["Anneliese", "Grünwald"], ['"active":true']),
    P("mail-from-quoted-lastfirst", 'From: "Vasquez-Oyelaran, Marisol" <m.vasquez@ledger-partners.example>\nSubject: Q3 numbers',
      ["Vasquez-Oyelaran", "Marisol", "m.vasquez", "ledger-partners"], ["Subject: Q3 numbers"]),
    P("mail-to-multi", "To: Henrike Bastiaansen <h.bastiaansen@example.org>, \"O'Neill, Padraig\" <padraig@example.org>",
      ["Henrike", "Bastiaansen", "O'Neill", "Padraig"]),
    P("mail-cc-bare-names", "Cc: Siobhán Ní Bhriain <sni@example.ie>; Dmitri Varfolomeev <dv@example.ru>",
      ["Siobhán", "Bhriain", "Dmitri", "Varfolomeev"]),
    P("mail-reply-to", "Reply-To: Kerstin Müller-Lüdenscheidt <kml@example.de>", ["Kerstin", "Müller-Lüdenscheidt", "Lüdenscheidt"]),
    P("mail-quoted-attrib", "On Tue, 4 Jun 2024 at 09:12, Radovan Kostelecký <radovan.k@example.cz> wrote:",
      ["Radovan", "Kostelecký"], ["4 Jun 2024"]),
    P("mail-attrib-de", "Am 04.06.2024 um 09:12 schrieb Wiebke Harmsen:", ["Wiebke", "Harmsen"], ["04.06.2024"]),
    P("mail-attrib-fr", "Le mar. 4 juin 2024 à 09:12, Aurélien Marchetti-Roux a écrit :", ["Aurélien", "Marchetti-Roux"]),
    P("ics-organizer", "ORGANIZER;CN=Benedikt Aschenbrenner:mailto:b.aschenbrenner@example.com", ["Benedikt", "Aschenbrenner"]),
    P("ics-attendee-quoted", 'ATTENDEE;ROLE=REQ-PARTICIPANT;CN="Laurentiu Popescu":mailto:lpopescu@example.ro',
      ["Laurentiu", "Popescu", "lpopescu"]),
    P("ics-attendee-folded", "ATTENDEE;CUTYPE=INDIVIDUAL;PARTSTAT=ACCEPTED;CN=Hildegunn Aasland;X-NUM-GUESTS=0:m\n ailto:hildegunn.aasland@example.no",
      ["Hildegunn", "Aasland"], ["PARTSTAT=ACCEPTED"]),
    P("git-signed-off", "Fix rounding in ledger export\n\nSigned-off-by: Tadeusz Wiśniewski <t.wisniewski@example.pl>",
      ["Tadeusz", "Wiśniewski", "t.wisniewski"], ["Fix rounding in ledger export"]),
    P("git-co-authored", "Co-authored-by: Amaru Quispe Mamani <amaru@example.pe>", ["Amaru", "Quispe", "Mamani"]),
    P("git-reviewed-by", "Reviewed-by: Yevgenia Lytvynenko <yl@example.ua>\nTested-by: Rune Bjørnstad <rune@example.no>",
      ["Yevgenia", "Lytvynenko", "Rune", "Bjørnstad"]),
    P("git-log-author", "commit 3f9a1c2e\nAuthor: Eleonora Castellucci <ele@example.it>\nDate:   Mon Mar 4 10:00:00 2024 +0100",
      ["Eleonora", "Castellucci"], ["3f9a1c2e"]),
    P("slack-json-user", '{"id": "U04AB7QX2", "name": "ksvensson", "real_name": "Kristoffer Svensson", "profile": {"display_name": "Kris S"}}',
      ["ksvensson", "Kristoffer", "Svensson"]),
    P("slack-json-message", '{"type": "message", "user": "U04AB7QX2", "user_name": "fbaptiste", "text": "ok"}', ["fbaptiste"]),
    P("teams-json", '{"from": {"user": {"displayName": "Nomvula Dlamini-Mokoena", "id": "8:orgid:1c2"}}}', ["Nomvula", "Dlamini-Mokoena"]),
    P("telegram-json", '{"type": "message", "from": "Anastasiya Korolenko", "from_id": "user5521338", "text": "готово"}',
      ["Anastasiya", "Korolenko"], ["готово"]),
    P("whatsapp-line", "[04/06/24, 09:12:44] Ifeoluwa Adeyemi: the invoice is attached", ["Ifeoluwa", "Adeyemi"], ["the invoice is attached"]),
    P("names-particles-prose", "Present: Jan-Willem van den Heuvel, Maria de la Cruz Ortega, Seán O'Neill.", ["Heuvel", "Cruz Ortega", "O'Neill"]),
    P("names-initials", "Approved by J.-P. Kowalczyk and A. M. Fitzgerald-Hayes", ["Kowalczyk", "Fitzgerald-Hayes"]),
    P("hr-record-name", "Mitarbeiterin: Dr. Friederike von Oppenheim-Dorn\nEintritt: 2019-04-01", ["Friederike", "Oppenheim-Dorn"], ["2019-04-01"]),
    P("hr-yaml-name", "employee:\n  full_name: Zbigniew Przybylski\n  grade: B2\n", ["Zbigniew", "Przybylski"], ["grade: B2"]),
    P("names-diacritic-lower", "cc: ørjan, åsa and siv-marit", ["ørjan", "åsa", "siv-marit"], modes=S),
]

# --- postal addresses, handles, Windows accounts -----------------------------------------------

ADDR = [
    P("addr-de-hr", "Anschrift: Lindenstraße 42a, 80331 München", ["Lindenstraße 42a", "80331"]),
    P("addr-nl", "Adres: Keizersgracht 112-III, 1015 CW Amsterdam", ["Keizersgracht 112", "1015 CW"]),
    P("addr-fr", "Adresse : 14 rue des Acacias, 69003 Lyon", ["14 rue des Acacias", "69003"]),
    P("addr-es", "Domicilio: Calle de Alcalá 128, 3º B, 28009 Madrid", ["Alcalá 128", "28009"]),
    P("addr-it", "Residenza: Via Giuseppe Garibaldi 17, 10122 Torino", ["Garibaldi 17", "10122"]),
    P("addr-uk", "Home address: 27 Cranbourne Road, Leeds LS6 2QP", ["27 Cranbourne Road", "LS6 2QP"]),
    P("addr-us", "Mailing address: 4417 Maple Ridge Dr, Apt 3B, Columbus, OH 43215", ["4417 Maple Ridge", "43215"]),
    P("addr-ch", "Wohnadresse: Seefeldstrasse 88, 8008 Zürich", ["Seefeldstrasse 88", "8008 Zürich"]),
    P("addr-pl", "Adres zamieszkania: ul. Marszałkowska 84/92 m. 15, 00-514 Warszawa", ["Marszałkowska 84", "00-514"]),
    P("addr-csv", "name;street;zip;city\nT. Brandt;Am Mühlbach 7;83022;Rosenheim\n", ["Am Mühlbach 7", "83022"]),
    P("handle-chat-at", "[09:14] <orla> can @kmbeke and @sven.tjaden review?", ["kmbeke", "sven.tjaden"], modes=S),
    P("handle-slack-mention", "<@U04AB7QX2|rdoshi> please approve", ["rdoshi"]),
    P("winuser-domain-backslash", "An account failed to log on. Account Name: jvanoort Account Domain: CORPNL\nLogon Type: 3",
      ["jvanoort"], ["Logon Type: 3"]),
    P("winuser-domain-slash", "Access denied for CORPNL\\mdekker on \\\\fs02\\finance", ["mdekker"]),
    P("winuser-upn", "Login succeeded: user=a.nowakowska@CORP.EXAMPLE.PL from 10.2.3.4", ["a.nowakowska"]),
    P("winuser-path", r"C:\Users\hkristiansen\AppData\Local\Temp\report.xlsx", ["hkristiansen"], ["AppData"]),
    P("winuser-path-json", '{"path": "C:\\\\Users\\\\tmoreau\\\\Documents\\\\notes.docx"}', ["tmoreau"]),
    P("winuser-eventlog-sam", "SubjectUserName: bkowalski\nSubjectDomainName: ACME-PL\nEventID: 4624", ["bkowalski"], ["EventID: 4624"]),
    P("winuser-runas", "runas /user:FINANCE\\lgustafsson cmd.exe", ["lgustafsson"], ["cmd.exe"]),
    P("winuser-net-use", "net use Z: \\\\nas01\\home /user:WORKGROUP\\ekaraca", ["ekaraca"]),
]

# --- must-survive controls (near misses that look like the families above) ---------------------

CONTROLS = [
    P("c-amounts-eu", "Gesamt: 1.240,00 EUR; Steuer 235,60 EUR; Rabatt 3 %", keeps=["1.240,00", "235,60", "3 %"]),
    P("c-amounts-us", "Total: $12,450.75 (net 30); qty 1,200", keeps=["$12,450.75", "1,200"]),
    P("c-dates-mixed", "from 2024-03-01 to 31.12.2024, i.e. 03/01/2024 - 12/31/2024", keeps=["2024-03-01", "31.12.2024", "03/01/2024", "12/31/2024"]),
    P("c-times", "meeting 09:30-10:45 CET, call at 14:00:00", keeps=["09:30-10:45", "14:00:00"]),
    P("c-version", "upgraded from 3.11.4 to 3.12.1 (build 20240512.3)", keeps=["3.11.4", "3.12.1", "20240512.3"]),
    P("c-netmask", "netmask 255.255.255.0, prefix /24, MTU 1500", keeps=["255.255.255.0", "/24", "1500"]),
    P("c-coords", "lat 52.370216, lon 4.895168 (Amsterdam)", keeps=["52.370216", "4.895168"]),
    P("c-order-ids", "Order 4471190823, invoice RE-2024-0117, PO 4500012345", keeps=["4471190823", "RE-2024-0117", "4500012345"]),
    P("c-tracking", "DHL tracking 00340434161094042557", keeps=["00340434161094042557"]),
    P("c-ean", "EAN 4006381333931, article 1024-BLK", keeps=["4006381333931", "1024-"]),
    P("c-isbn", "ISBN 978-3-16-148410-0", keeps=["978-3-16-148410-0"]),
    P("c-durations", "took 1234 ms, 5 400 s total, 90 min", keeps=["1234 ms", "5 400 s", "90 min"]),
    P("c-unix-ts", '{"ts": 1717488000, "count": 120448193}', keeps=["1717488000", "120448193"]),
    P("c-semver-range", "requires >=2.31.0,<3 and node ^18.17.1", keeps=[">=2.31.0,<3", "^18.17.1"]),
    P("c-sha", "commit 3f9a1c2e7b4d and sha256 of file e3b0c44298fc1c149afbf4c8996fb924", keeps=["3f9a1c2e7b4d"]),
    P("c-port-pid", "listening on :8080, pid 48213, uid 1000", keeps=["8080", "48213", "1000"]),
    P("c-postcode-alone", "shipping zone 80331-80999 covers the region", keeps=["80331-80999"]),
    P("c-phone-like-range", "rows 1200-1350 of 20 000", keeps=["1200-1350", "20 000"]),
    P("c-iso-week", "KW 23/2024, Q3-2024, FY2025", keeps=["23/2024", "Q3-2024", "FY2025"]),
    P("c-percent-table", "| 2022 | 14.2 % | 1 204 |\n| 2023 | 15.9 % | 1 388 |", keeps=["14.2 %", "1 204", "1 388"]),
    P("c-vcard-keys", "BEGIN:VCARD\nVERSION:3.0\nPRODID:-//Apple Inc.//iPhone OS 17.4//EN\nEND:VCARD", keeps=["VERSION:3.0", "PRODID"]),
    P("c-ics-keys", "BEGIN:VEVENT\nDTSTART:20240604T091200Z\nDTEND:20240604T101200Z\nSUMMARY:Budget review\nEND:VEVENT",
      keeps=["20240604T091200Z", "Budget review"]),
    P("c-csv-header-only", "First Name,Last Name,Department,Start Date\n", keeps=["First Name", "Last Name", "Department"]),
    P("c-git-trailer-keys", "Signed-off-by:\nChange-Id: I8a7c2b9e4d1f", keeps=["Change-Id: I8a7c2b9e4d1f"]),
    P("c-winpath-public", r"C:\Users\Public\Documents and C:\Users\Default\AppData", keeps=[r"C:\Users\Public", r"C:\Users\Default"]),
    P("c-event-ids", "EventID: 4624 Logon Type: 10 Status: 0xC000006D", keeps=["4624", "0xC000006D"]),
    P("c-swift-codes-prose", "Transfers use SWIFT/BIC and IBAN fields; see SEPA rulebook v1.1", keeps=["SWIFT/BIC", "IBAN", "SEPA", "v1.1"]),
    P("c-card-masked", "Visa ending in 6952, card **** **** **** 6952", keeps=["6952"]),
    P("c-luhn-like-id", "build 4985568306866953 failed", keeps=["4985568306866953"]),
    P("c-bank-words", "Kontoauszug März: 14 Buchungen, Saldo 2.317,44", keeps=["14 ", "2.317,44"]),
    P("c-hex-color", "color: #1A2B3C; border: 1px solid #FFFFFF", keeps=["#1A2B3C", "#FFFFFF"]),
    P("c-measure", "Room 3.14, 2,5 m x 4,0 m, 12 kg", keeps=["3.14", "2,5 m", "4,0 m", "12 kg"]),
    P("c-jp-date", "2024年6月4日 09時12分", keeps=["2024年6月4日"]),
    P("c-kr-number-prose", "총 1,204건, 2024-06-04 기준", keeps=["1,204", "2024-06-04"]),
    P("c-slack-channel", '{"channel": "C02QX7A1B", "ts": "1717488000.123456"}', keeps=["C02QX7A1B", "1717488000.123456"]),
    P("c-iban-label-only", "IBAN: (bitte nachreichen)", keeps=["(bitte nachreichen)"]),
    P("c-words-near-names", "Finance, Procurement and Legal met on Tuesday in Berlin.", keeps=["Finance", "Procurement", "Legal", "Tuesday"]),
    P("c-country-codes", "countries: DE, NL, BE, PL, SE; currency EUR, SEK, PLN", keeps=["DE, NL, BE, PL, SE", "EUR, SEK, PLN"]),
    P("c-invoice-nl", "Factuurnummer 2024-0117, vervaldatum 14-06-2024, bedrag € 1.240,00", keeps=["2024-0117", "14-06-2024", "€ 1.240,00"]),
    P("c-http-status", "HTTP/1.1 200 OK, 404 count 12, latency p99 310ms", keeps=["HTTP/1.1 200 OK", "310ms"]),
]

# --- more positions: XML and JSON keys, CSV headers of more languages, URLs, event-log XML, invites ---

MORE = [

 P("x-cf-prose","Il sig. Ricci (RCCFZL78B50E450A) ha firmato.",["RCCFZL78B50E450A"]),
 P("x-curp-prose","El trabajador KFDT870107HNLRKN08 fue dado de alta.",["KFDT870107HNLRKN08"]),
 P("x-rrn-csv","이름,주민번호,부서\n김민준,740619-2775009,영업\n",["740619-2775009"]),
 P("x-iban-url","https://pay.example/checkout?iban=NL03APZL4735486439&name=x",["NL03APZL4735486439"]),
 P("x-bsn-xml","<bsn>158813996</bsn>",["158813996"]),
 P("x-pesel-xml","<Pesel>79060294601</Pesel>",["79060294601"]),
 P("x-personnummer-json",'{"personnummer": "19860512-0255"}',["19860512-0255","860512-0255"]),
 P("x-ssn-json",'{"ssn":"521-38-4471"}',["521-38-4471"]),
 P("x-sin-csv","employee,sin,province\nE1,487 680 456,BC\n",["487 680 456"]),
 P("x-yaml-iban","bank:\n  iban: ch19 7534 7897 1331 1592 1\n",["7534 7897 1331"]),
 P("x-hetu-csv","nimi;hetu;osasto\nVirtanen;190981-8904;IT\n",["190981-8904"]),
 P("x-dob-nordic","Fødselsdato: 23.06.1973",["23.06.1973"]),
 P("x-dob-it","Nato a Torino il 02/06/1979",["02/06/1979"]),
 P("x-dob-pl","Data urodzenia: 2 czerwca 1979",["2 czerwca 1979"]),
 P("x-dob-nl","Geboortedatum: 12-05-1986",["12-05-1986"]),
 P("x-dob-jp","生年月日: 1986年5月12日",["1986年5月12日"]),
 P("x-addr-multi","Anschrift:\nLindenstraße 42a\n80331 München",["Lindenstraße 42a","80331"]),
 P("x-addr-json",'{"street": "Keizersgracht 112", "zip": "1015 CW", "city": "Amsterdam"}',["Keizersgracht 112","1015 CW"]),
 P("x-addr-xml","<Strasse>Seefeldstrasse 88</Strasse><PLZ>8008</PLZ>",["Seefeldstrasse 88"]),
 P("x-phone-xml","<Telefon>+41 44 668 18 00</Telefon>",["668 18 00"]),
 P("x-phone-vcf-fold","TEL;TYPE=CELL:+44 7700\n 900412",["900412"]),
 P("x-email-display-jp",'From: "山田 太郎" <taro.yamada@example.jp>',["taro.yamada"]),
 P("x-teams-mention",'<at id="0">Nomvula Dlamini</at> please check',["Nomvula","Dlamini"]),
 P("x-discord-mention","<@!284019395738271744> hi @ksvensson",["ksvensson"],modes=S),
 P("x-git-shortlog","   42\tEleonora Castellucci\n   17\tRadovan Kostelecky\n",["Castellucci","Kostelecky"]),
 P("x-ics-organizer-lower","ORGANIZER;CN=maria.gonzalez:mailto:maria.gonzalez@example.es",["maria.gonzalez"]),
 P("x-winlog-xml",'<Data Name="TargetUserName">jvanoort</Data>',["jvanoort"]),
 P("x-winlog-xml2",'<Data Name="SubjectUserName">bkowalski</Data><Data Name="SubjectDomainName">ACME</Data>',["bkowalski"]),
 P("x-whoami","PS C:\\> whoami\ncorpnl\\mdekker",["mdekker"]),
 P("x-upn-lower","user principal: m.dekker@corpnl.local",["m.dekker"]),
 P("x-card-amex-dash","3436-179581-63542",["179581"]),
 P("x-card-json-nospace",'{"pan":"4985568306866952"}',["4985568306866952"]),
 P("x-aba-prose","wire to routing 025373929 account 88120045513",["025373929","88120045513"]),
 P("x-bic-alone","BIC/SWIFT: DABADKKKXXX, Kontonr. 0440116243",["0440116243"]),
 P("x-clabe","CLABE: 032180000118359719",["032180000118359719"]),
 P("x-phone-de-mobile","Handy 0171 4482917",["4482917"]),
 P("x-phone-fr-dots","Tél. : 06.12.34.56.78",["06.12.34.56.78"]),
 P("x-phone-intl-00","Tel 0041 44 668 18 00",["668 18 00"]),
 P("x-phone-uk-mobile","07700 900412",["07700 900412"]),
 P("x-phone-es-mobile","Móvil: 612 34 56 78",["612 34 56 78"]),
]

# --- near misses of the round-2 rules: short labels that are ordinary words or acronyms elsewhere -----

C2 = [
    P("c2-rfc-number", "See RFC 7231 section 6.5.1 and RFC 9110.", keeps=["7231", "6.5.1", "9110"]),
    P("c2-sin-math", "y = sin 1234 * 2; cos 0.5", keeps=["sin 1234", "0.5"]),
    P("c2-rg-command", "rg 2024 logs/ -n | head", keeps=["rg 2024 logs/"]),
    P("c2-pps-rate", "rate 10000 pps, burst 3000 pps", keeps=["10000 pps", "3000 pps"]),
    P("c2-cpr-training", "CPR training 2024 for 12 staff", keeps=["2024", "12 staff"]),
    P("c2-avs-result", "AVS result: Y, CVV match: M", keeps=["result: Y"]),
    P("c2-address-verb", "We need to address 2 concerns before the 3rd release.", keeps=["address 2 concerns"]),
    P("c2-address-network", "listen address: 127.0.0.1:8080\nbind address: 0.0.0.0\nAddress = fe80::1/64",
      keeps=["127.0.0.1:8080", "0.0.0.0"]),
    P("c2-address-port", "server address = db01 port 5432", keeps=["port 5432"]),
    P("c2-escape-in-code", 'print("ERROR\\nfailed to connect")\nlog("WARN\\tretrying")', keeps=["failed to connect", "tretrying"]),
    P("c2-relative-path", r"open SRC\main.c and DOCS\readme.md", keeps=[r"SRC\main.c", r"DOCS\readme.md"]),
    P("c2-registry", r"HKLM\Software\Policies and BUILTIN\Administrators", keeps=[r"\Software\Policies", r"BUILTIN\Administrators"]),
    P("c2-unc-upper", r"copy to \\FS01\finance\2024", keeps=[r"\finance\2024"]),
    P("c2-event-generic", "Account Name: SYSTEM\nAccount Name: -\nAccount Name: WS01$", keeps=["SYSTEM", "WS01$"]),
    P("c2-iban-like-key", "license AB12-CDEF-GHIJ-KLMN-OP", keeps=["license AB12-"]),
    P("c2-vat-amounts", "MwSt 19 % = 235.600,00 EUR; btw 21% € 124.000,00", keeps=["235.600,00", "124.000,00"]),
    P("c2-account-words", "account 2024 review; konto 12 (intern)", keeps=["account 2024 review", "konto 12"]),
    P("c2-ahv-near", "invoice 756.1234.5678.00 (check digit fails)", keeps=["756.1234.5678.00"]),
    P("c2-maestro-near", "order 6759 0775 1062 6148 839", keeps=["6759 0775 1062 6148 839"]),
    P("c2-cel-word", "cell 12, row 4000; celsius 37.2", keeps=["cell 12", "37.2"]),
    P("c2-tlf-range", "tlf. er ikke oppgitt (2024)", keeps=["(2024)"]),
    P("c2-postcode-words", "memory cap: 2048 MB; zip -r 2024.zip logs; plz. beachten", keeps=["2048 MB", "2024.zip"]),
    P("c2-html-address-email", "<address>Contact: info@example.org</address>", keeps=["<address>"]),
    P("c2-sin-column-math", "x,sin,cos\n0.5,0.479,0.878\n", keeps=["0.479", "0.878"]),
    P("c2-escaped-controls", r"title \x1b[2J\x1b]0;title\x07 end and CSI\u001b[0m", keeps=[r"[2J\x1b]0", r"\u001b[0m"]),
    P("c2-street-column-software", "host,address,port\ndb01,10.0.0.5,5432\n", keeps=["5432"]),
]

PROBES = IDS + BANK + PHONES + NAMES + ADDR + MORE
ALL = PROBES + CONTROLS + C2


#: Rows that still fail, by (mode, family): documented gaps, expected to fail (strict xfail, so a
#: fix that makes one pass must remove it here).
KNOWN_GAPS: frozenset[tuple[str, str]] = frozenset(
    [(m, "ph-be-gsm") for m in ("strict", "balanced")]  # "0475/12.34.87": the digit gate reads no 7-digit run
    + [("strict", "names-diacritic-lower")]  # a hyphenated lower-case given name after "cc:"
    + [("balanced", f) for f in ("ph-sig-block", "names-initials")]  # "M. Surname", "and A. M. Surname" uncued
    + [(m, f) for m in ("strict", "balanced") for f in (
        "x-sin-csv",  # a "sin" column alone is too weak to mark a table personal (x,sin,cos tables)
        "x-dob-it",  # "nato a <town> il <date>": the town between the label and the date
        "x-phone-vcf-fold")]  # a number split by a vCard line fold
    + [("balanced", "x-whoami")])  # balanced keeps a command's plain output (strict reads whoami's login)


def _rows(mode: str) -> list:
    return [pytest.param(p, id=p.family, marks=pytest.mark.xfail(strict=True, reason="known gap"))
            if (mode, p.family) in KNOWN_GAPS else pytest.param(p, id=p.family)
            for p in ALL if mode in p.modes]


@pytest.mark.parametrize("probe", _rows("strict"))
def test_strict_mode_hides_every_round_two_probe_and_keeps_every_control(probe):
    leaked, changed = _case("strict", probe)
    assert not leaked and not changed, (leaked, changed)


@pytest.mark.parametrize("probe", _rows("balanced"))
def test_balanced_mode_hides_every_round_two_probe_and_keeps_every_control(probe):
    leaked, changed = _case("balanced", probe)
    assert not leaked and not changed, (leaked, changed)


def test_the_round_two_table_is_broad_and_its_families_are_unique():
    assert len(PROBES) >= 150 and len(CONTROLS + C2) >= 60
    assert len({p.family for p in ALL}) == len(ALL)
