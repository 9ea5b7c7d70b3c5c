# ruff: noqa: E501  (a table of literal fragments: one probe per line reads best)
"""Red-team hold-out probes, round 3, for personal data (issue 11): both modes.

Rounds 1 and 2 probed the issue's named families and many countries' identifiers. This table is
the unseen corpus for shapes they likely missed: HR and payroll exports in six languages and five
container formats (CSV with semicolons and quoted commas, TSV, markdown tables, spreadsheet text,
JSON), names in greetings, sign-offs, meeting notes, @mentions, paths, mail local parts, chat in
lower case, non-Latin scripts, double surnames and titles, names in JSON/YAML values; contacts in
more phone formats, messenger links, obfuscated mail, postal addresses, profile URLs; identifiers
next to labels (plates, employee/patient/customer numbers, KVNR, NIR, Steuer-ID, EIN, passport MRZ,
birth dates written in words); item 6 (one value, one placeholder) and item 7 (over-redaction).

Each row: a fragment as a consultant's folder holds it, the raw values that must not survive, and
the controls that must come out unchanged. Values are fictional with realistic shapes; checksummed
formats carry a valid checksum (computed for these rows by a script of our own, independently of
the product's validators). Rows marked ``S`` hold in strict mode only.
"""

from __future__ import annotations

import pytest
from redaction_helpers import B, P, S
from test_holdout_personal import _case, _redactor  # round 1's configured policy and checks

# --- HR and payroll exports: six languages, five containers --------------------------------------

HR = [
    P("hr-de-csv-semicolon", "Personalnr;Nachname;Vorname;Geburtsdatum;E-Mail;Telefon;IBAN;Steuer-ID;SV-Nummer;Bruttogehalt\n"
      "10023;Hartmann;Friederike;14.06.1987;f.hartmann@firma-intern.de;0171 4839221;DE27370400440538201746;47152863949;65 140687 H 512;4.850,00\n",
      ["Hartmann", "Friederike", "14.06.1987", "f.hartmann@", "0171 4839221", "DE27370400440538201746", "47152863949", "140687 H 512"],
      ["10023", "4.850,00"]),
    P("hr-de-csv-quoted", 'Mitarbeiter,"Name, Vorname",Abteilung,Gehalt\n'
      '2207,"Oberländer, Konstantin",Vertrieb,"5.120,50"\n',
      ["Oberländer", "Konstantin"], ["2207", "5.120,50"]),
    P("hr-fr-csv", "Matricule;Nom;Prénom;Date de naissance;N° sécu;Tél.;Salaire brut\n"
      "F-0815;Lefebvre;Margaux;03/03/1985;291069205134703;06 12 48 93 57;3 420,00\n",
      ["Lefebvre", "Margaux", "03/03/1985", "291069205134703", "06 12 48 93 57"], ["F-0815", "3 420,00"]),
    P("hr-es-csv", "Nº empleado;Apellidos;Nombre;NIF;NSS;Fecha de nacimiento;Móvil;Salario\n"
      "E-311;García Montero;Inmaculada;48213756Z;28 12345678 40;1979-06-12;612 34 78 91;2.950,00\n",
      ["García Montero", "Montero", "Inmaculada", "48213756Z", "12345678", "1979-06-12", "612 34 78 91"], ["E-311", "2.950,00"]),
    P("hr-nl-tsv", "Personeelsnummer\tAchternaam\tVoornaam\tBSN\tGeboortedatum\tIBAN\tSalaris\n"
      "NL-77\tvan der Berg\tSjoerd\t111222333\t21-09-1990\tNL52RABO0317294461\t4100\n",
      ["van der Berg", "Sjoerd", "111222333", "21-09-1990", "NL52RABO0317294461"], ["NL-77", "4100"]),
    P("hr-it-csv", "Matricola,Cognome,Nome,Data di nascita,IBAN,RAL\n"
      "IT-45,Esposito,Gianluca,12/11/1982,IT60X0542811101000000123456,38000\n",
      ["Esposito", "Gianluca", "12/11/1982", "IT60X0542811101000000123456"], ["IT-45", "38000"]),
    P("hr-en-markdown", "| Employee ID | First name | Last name | Email | Phone | Salary |\n"
      "|---|---|---|---|---|---|\n"
      "| 4471 | Priyanka | Raghunathan | priyanka.r@northwind-hr.example | +44 20 7946 0321 | £52,000 |\n",
      ["Priyanka", "Raghunathan", "priyanka.r@", "7946 0321"], ["4471", "£52,000"]),
    P("hr-de-markdown", "| Name | Rolle | Telefon |\n| :--- | :--- | :--- |\n| Dr. Henrike Wallenstein | Projektleitung | +49 89 6071 2275 |\n",
      ["Henrike Wallenstein", "Wallenstein", "6071 2275"]),
    P("hr-json-payroll", '[{"employeeId": "P-0932", "firstName": "Océane", "lastName": "Marchetti", "dateOfBirth": "1991-02-17", '
      '"iban": "FR1420041010050500013M02606", "grossSalary": 48500, "currency": "EUR"}]',
      ["Océane", "Marchetti", "1991-02-17", "FR1420041010050500013M02606"], ['"grossSalary": 48500', "P-0932"]),
    P("hr-xlsx-text", "Sheet1\nA1: Surname\tB1: Given name\tC1: DOB\tD1: NI number\n"
      "A2: Whitcombe\tB2: Eleanor\tC2: 1984-10-02\tD2: QQ 12 34 56 C\n",
      ["Whitcombe", "Eleanor", "1984-10-02", "QQ 12 34 56 C"]),
    P("hr-columns-reordered", "salary,email,last_name,first_name,id\n61000,b.okonkwo@example.org,Okonkwo,Babajide,77\n",
      ["b.okonkwo@", "Okonkwo", "Babajide"], ["61000"]),
    P("hr-de-kvnr", "Mitglied: Krankenversicherungsnummer M518496723, Kasse: AOK Bayern", ["M518496723"]),
    P("hr-de-steuerid-label", "Steuerliche Identifikationsnummer: 81 304 597 687", ["81 304 597 687", "304 597"]),
    P("hr-de-steuerid-compact", "IdNr. 26491735028 (laut ELStAM)", ["26491735028"], ["ELStAM"]),
    P("hr-fr-nir-spaced", "N° de Sécurité sociale : 1 85 03 75 120 123 76", ["1 85 03 75 120 123 76", "120 123"]),
    P("hr-us-ein", "Employer EIN: 12-3456789; W-2 box b", ["12-3456789"], ["W-2"]),
    P("hr-us-ein-fein", "FEIN 84-1920375 on the 1099 form", ["84-1920375"], ["1099"]),
    P("hr-yaml-record", "employee:\n  id: 5521\n  name: Tobias Kürşat Yılmaz\n  email: tobias.yilmaz@example.com\n  salary: 72000\n",
      ["Tobias", "Yılmaz", "tobias.yilmaz@"], ["5521", "72000"]),
    P("hr-es-dni-label", "DNI: 48213756-Z, domicilio en Valencia", ["48213756"], ["Valencia"]),
    P("hr-nl-bsn-json", '{"bsn": "111222333", "afdeling": "Finance"}', ["111222333"], ["Finance"]),
]

# --- names in more positions -------------------------------------------------------------------------

NAMES = [
    P("nm-greet-hi", "Hi Priya,\n\nthe deck is attached.\n", ["Priya"], ["the deck is attached"]),
    P("nm-signoff-cheers", "Let me know.\n\nCheers,\nLukas", ["Lukas"], ["Let me know."]),
    P("nm-signoff-cheers-inline", "See you Monday. Cheers, Lukas", ["Lukas"], ["See you Monday."]),
    P("nm-signoff-mfg", "Vielen Dank.\n\nMit freundlichen Grüßen\nAnna Schmidt\nLeitung Einkauf", ["Anna Schmidt", "Schmidt"]),
    P("nm-signoff-saludos", "Quedo atento.\n\nSaludos,\nJorge", ["Jorge"], ["Saludos,"]),
    P("nm-signoff-cordialement", "Bien à vous.\n\nCordialement,\nAmélie Rousseau", ["Amélie", "Rousseau"]),
    P("nm-signoff-groeten", "Met vriendelijke groet,\n\nJoost Verhoeven", ["Joost", "Verhoeven"]),
    P("nm-signoff-saluti", "Cordiali saluti,\nFederica Lombardi", ["Federica", "Lombardi"]),
    P("nm-greet-liebe", "Liebe Friederike,\nanbei die Unterlagen.", ["Friederike"], ["anbei die"]),
    P("nm-greet-bonjour", "Bonjour Clémence,\nvoici le compte rendu.", ["Clémence"], ["voici le compte rendu"]),
    P("nm-greet-hola", "Hola Mercedes, te paso el informe.", ["Mercedes"], ["te paso el informe"]),
    P("nm-greet-dear-title", "Dear Dr. Oyelaran,\nplease find the report attached.", ["Oyelaran"], ["please find the report"]),
    P("nm-action-item", "Action: Sven to send the revised budget by Friday.", ["Sven"], ["send the revised budget by Friday"]),
    P("nm-action-owner", "- [ ] Lina: update the risk log (due 2024-05-03)", ["Lina"], ["update the risk log", "2024-05-03"]),
    P("nm-attendees", "Attendees: Sven Lindqvist, Farah Haddad, Tomasz Wiśniewski\nApologies: Niamh", ["Lindqvist", "Farah", "Haddad", "Wiśniewski", "Niamh"]),
    P("nm-mention", "@mkowalczyk can you review? cc @jana.novak", ["mkowalczyk", "jana.novak"], ["can you review?"], S),
    P("nm-mention-slack", "<@U02AB3CD4|dmitri.volkov> please check the numbers", ["dmitri.volkov"], ["please check the numbers"]),
    P("nm-path-name", "Saved to /Users/ingrid.solberg/Documents/contract_v2.docx", ["ingrid.solberg"], ["contract_v2.docx"]),
    P("nm-path-share", r"S:\HR\Personal\Bergström_Anneli\Arbeitsvertrag.pdf", ["Bergström", "Anneli"], ["Arbeitsvertrag.pdf"]),
    P("nm-email-local", "reply to maria.lopez@proveedores-sur.es before noon", ["maria.lopez", "lopez@"], ["before noon"]),
    P("nm-chat-lower", "[10:42] kasia: ok i'll ask tomek about it\n[10:43] tomek: sure", ["kasia", "tomek"], ["[10:42]"], S),
    P("nm-cyrillic", "Контактное лицо: Ольга Смирнова, тел. +7 495 123-45-67", ["Ольга", "Смирнова", "123-45-67"]),
    P("nm-greek", "Υπεύθυνος: Γιώργος Παπαδόπουλος", ["Γιώργος", "Παπαδόπουλος"]),
    P("nm-cjk", "担当者：山田太郎（営業部）", ["山田太郎"], ["営業部"]),
    P("nm-cjk-zh", "联系人: 王小明 电话: 138 0013 8000", ["王小明", "0013 8000"]),
    P("nm-arabic", "الاسم: محمد العتيبي", ["محمد العتيبي", "العتيبي"]),
    P("nm-double-surname", "Ponente: María José Fernández-Castillo (Universidad)", ["Fernández-Castillo", "Castillo"]),
    P("nm-title-herr", "Rückfrage von Herrn Grünewald zur Rechnung", ["Grünewald"]),
    P("nm-title-frau", "Frau Baumgärtner hat angerufen.", ["Baumgärtner"], ["hat angerufen"]),
    P("nm-title-mme", "Mme Duchêne a validé le devis.", ["Duchêne"], ["a validé le devis"]),
    P("nm-title-sr", "El Sr. Valdivieso confirmó la reunión.", ["Valdivieso"], ["confirmó la reunión"]),
    P("nm-title-prof", "Prof. Ingeborg Thorsen presented the results.", ["Ingeborg", "Thorsen"], ["presented the results"]),
    P("nm-json-assignee", '{"key": "OPS-1123", "assignee": "Rafaela Quintana", "status": "Open"}', ["Rafaela", "Quintana"], ["OPS-1123", "Open"]),
    P("nm-json-reporter-lower", '{"reporter": {"displayName": "Henrik Aas", "emailAddress": "henrik.aas@example.no"}}', ["Henrik", "Aas", "henrik.aas"]),
    P("nm-yaml-owner", "service: billing-api\nowner: Beatriz Carvalho\nteam: payments\n", ["Beatriz", "Carvalho"], ["billing-api", "payments"]),
    P("nm-yaml-maintainer", "maintainers:\n  - name: Kofi Mensah\n    email: kofi@mensah.dev\n", ["Kofi", "Mensah"]),
    P("nm-codeowners", "/billing/  @rkapoor @ehernandez\n", ["rkapoor", "ehernandez"], ["/billing/"], S),
    P("nm-from-line", "From: Ilse de Waal <ilse@dewaal-advies.nl>\nSubject: offerte", ["Ilse", "de Waal", "dewaal-advies"], ["offerte"]),
    P("nm-on-wrote", "On Tue, 5 Mar 2024 at 10:12, Matthias Hofer <m.hofer@example.at> wrote:", ["Matthias", "Hofer"]),
    P("nm-prepared-by", "Prepared by: Keiko Tanabe\nReviewed by: Olumide Adebayo", ["Keiko", "Tanabe", "Olumide", "Adebayo"]),
    P("nm-calendar", "Meeting with Ruairi O'Connell re: renewal", ["Ruairi", "O'Connell"], ["re: renewal"]),
    P("nm-thanks", "Thanks Aoife for the quick turnaround!", ["Aoife"], ["for the quick turnaround"]),
    P("nm-apostrophe-surname", "Signed: Siobhan D'Arcy-Flynn", ["Siobhan", "D'Arcy", "Flynn"]),
    P("nm-place-named-person", "Hi Valencia,\nthanks for the notes.\nDear Mr. Lyon, see below.", ["Valencia", "Lyon"], ["thanks for the notes"]),
    P("nm-ko", "담당자: 김민준 (재무팀)", ["김민준"], ["(재무팀)"]),
    P("nm-ja-katakana", "氏名：スミス・ジョン", ["スミス", "ジョン"]),
    P("nm-fr-label", "Responsable : Amélie Rousseau (Finance)", ["Amélie", "Rousseau"]),
    P("nm-de-label", "Ansprechpartner: Konstantin Oberländer", ["Konstantin", "Oberländer"]),
    P("nm-vorname-label", "Vorname: Friederike\nNachname: Hartmann", ["Friederike", "Hartmann"]),
    P("nm-name-comma-role", "Bjørn Halvorsen, CFO, approved the budget.", ["Bjørn", "Halvorsen"], ["approved the budget"]),
]

# --- contacts: phones, messengers, obfuscated mail, addresses, profiles ------------------------------

CONTACT = [
    P("ph-ext", "Phone: +1 (415) 555-0142 ext. 318", ["555-0142", "(415) 555"]),
    P("ph-ext-x", "call 212-555-0199 x204 for billing", ["555-0199"], ["for billing"]),
    P("ph-vanity", "Hotline: 1-800-FLOWERS? no, our rep is at 1-888-555-0170", ["555-0170"]),
    P("ph-tel-link", '<a href="tel:+4930901820">Anrufen</a>', ["4930901820", "901820"], ["<a href="]),
    P("ph-wa-link", "WhatsApp: https://wa.me/4915112345678", ["4915112345678", "15112345678"]),
    P("ph-wa-api", "https://api.whatsapp.com/send?phone=34612347891&text=hola", ["34612347891", "612347891"]),
    P("ph-telegram", "Telegram: t.me/olga_smirnova88 or @olga_smirnova88", ["olga_smirnova88"]),
    P("ph-signal", "Signal: +49 157 3344 5566", ["3344 5566"]),
    P("ph-de-slash", "Tel. 030/ 48 39 22 17", ["48 39 22 17"]),
    P("ph-fr-dots", "Portable : 06.78.12.34.56", ["06.78.12.34.56", "78.12.34"]),
    P("ph-it-mobile", "Cell. 347 812 3456", ["347 812 3456", "812 3456"]),
    P("ph-nl-mobile", "Mobiel: 06-12345678", ["06-12345678", "12345678"]),
    P("ph-uk-mobile", "Mob: 07700 900461", ["07700 900461", "900461"]),
    P("ph-intl-00", "Tel.: 0049 (0)89 4567 8910", ["4567 8910"]),
    P("ph-ch", "Telefon +41 44 668 18 00 (Zentrale)", ["668 18 00"]),
    P("ph-at", "Tel: +43 1 58858-0", ["58858-0"]),
    P("ph-pl", "tel. kom. 601 234 567", ["601 234 567"]),
    P("ph-br", "Celular: (11) 98765-4321", ["98765-4321"]),
    P("ph-json-mobile", '{"mobile": "+33 7 81 23 45 67", "fax": null}', ["81 23 45 67"]),
    P("ob-mail-dot-at", "write to maria dot lopez at example dot com", ["maria dot lopez", "lopez at example"]),
    P("ob-mail-brackets", "Contact: maria[at]proveedores-sur.es", ["maria[at]", "proveedores-sur"]),
    P("ob-mail-parens", "j.doe (at) example (dot) com", ["j.doe (at)", "(at) example"]),
    P("ob-mail-curly", "hans.meier{at}meier-bau{dot}de", ["hans.meier", "meier-bau"]),
    P("ob-mail-de", "k.ziegler [ät] ziegler-gmbh [punkt] de", ["k.ziegler", "ziegler-gmbh"]),
    P("ad-de", "Anschrift: Lindenstraße 14a, 80331 München", ["Lindenstraße 14a", "Lindenstraße"]),
    P("ad-fr", "Adresse : 27 rue des Acacias, 69003 Lyon", ["27 rue des Acacias", "rue des Acacias"]),
    P("ad-es", "Domicilio: C/ Almendro 12, 3º B, 28005 Madrid", ["Almendro 12"]),
    P("ad-uk", "Address: 42 Holloway Road, London N7 8JQ", ["42 Holloway Road", "N7 8JQ"]),
    P("ad-us", "Ship to: 1187 Maple Ridge Dr, Apt 4B, Portland, OR 97205", ["1187 Maple Ridge", "Maple Ridge Dr"]),
    P("ad-nl", "Adres: Keizersgracht 221-III, 1016 DV Amsterdam", ["Keizersgracht 221", "1016 DV"]),
    P("ad-it", "Indirizzo: Via Giuseppe Verdi 8, 20121 Milano", ["Via Giuseppe Verdi 8", "Giuseppe Verdi"]),
    P("pr-linkedin", "https://www.linkedin.com/in/sofia-marquez-4b1a7c2/", ["sofia-marquez"]),
    P("pr-github", "see https://github.com/pkowalski-dev/dotfiles", ["pkowalski-dev"]),
    P("pr-github-bare", "GitHub: github.com/pkowalski-dev (mostly dotfiles)", ["pkowalski-dev"], ["(mostly dotfiles)"]),
    P("pr-linkedin-bare", "LinkedIn: linkedin.com/in/sofia-marquez-4b1a7c2", ["sofia-marquez"]),
    P("pr-telegram-bare", "DM me: t.me/jonas_wettstein", ["jonas_wettstein"], ["me:"]),
    P("ph-wa-bare", "wa.me/4915112345678 (WhatsApp only)", ["4915112345678"], ["(WhatsApp only)"]),
    P("ph-cn-mobile", "手机：13800138000", ["13800138000"]),
    P("ph-jp-label", "電話：03-1234-5678", ["03-1234-5678", "1234-5678"]),
    P("ob-mail-es", "escribe a lucia.ferrer (arroba) ferrer-abogados (punto) es", ["lucia.ferrer", "ferrer-abogados"]),
    P("pr-x", "follow https://x.com/annaberg_design and https://twitter.com/annaberg_design", ["annaberg_design"]),
    P("pr-instagram", "insta: instagram.com/leonie.kraft.photo", ["leonie.kraft"]),
    P("ip-user-log", "2024-03-05T10:00:01Z login ok user=jmarquez ip=83.144.21.7", ["jmarquez", "83.144.21.7"], ["2024-03-05T10:00:01Z"]),
    P("ip-user-ssh", "Failed password for invalid user hbauer from 91.203.55.14 port 51422 ssh2", ["hbauer", "91.203.55.14"], ["port 51422"]),
]

# --- identifiers next to labels --------------------------------------------------------------------

IDS = [
    P("id-plate-de", "Dienstwagen: Kennzeichen M-KL 4821", ["M-KL 4821", "KL 4821"]),
    P("id-plate-fr", "Immatriculation : AB-123-CD", ["AB-123-CD"]),
    P("id-plate-uk", "Vehicle reg: LB07 SEO", ["LB07 SEO"]),
    P("id-plate-nl", "kenteken: 12-XKV-4", ["12-XKV-4"]),
    P("id-patient", "Patient ID: PT-88231945, Ward 3", ["88231945"], ["Ward 3"]),
    P("id-patient-de", "Patientennummer 4410238, Station B", ["4410238"], ["Station B"]),
    P("id-customer", "Customer number: 7730019842", ["7730019842"]),
    P("id-kundennr", "Kundennummer: 20048817", ["20048817"]),
    P("id-member", "Mitgliedsnummer 556120334", ["556120334"]),
    P("id-mrn", "MRN 00739152 admitted 2024-02-11", ["00739152"], ["2024-02-11"]),
    P("id-insurance-policy", "Versicherungsnummer: 65 140687 H 512", ["140687 H 512"]),
    P("id-mrz-td3", "P<DEUSCHMIDT<<ANNA<LENA<<<<<<<<<<<<<<<<<<<<<\nC7XK4R2M96DEU8503035F3109155<<<<<<<<<<<<<<08",
      ["SCHMIDT", "ANNA", "C7XK4R2M9", "850303"]),
    P("id-mrz-td3-inline", "scan: L898902C36ESP7906123M2901019<<<<<<<<<<<<<<08", ["L898902C3", "790612"]),
    P("id-passport-label", "Passport No: C7XK4R2M9, expires 2031-09-15", ["C7XK4R2M9"]),
    P("id-dob-words-en", "Candidate born 3 March 1985 in Leeds", ["3 March 1985"], ["Leeds"]),
    P("id-dob-words-en2", "She was born on March 3rd, 1985.", ["March 3rd, 1985"]),
    P("id-dob-words-fr", "Mme Petit, née le 3 mars 1985 à Nantes", ["3 mars 1985"]),
    P("id-dob-words-de", "geboren am 3. März 1985 in Graz", ["3. März 1985"]),
    P("id-dob-words-es", "nacido el 3 de marzo de 1985", ["3 de marzo de 1985"]),
    P("id-dob-words-nl", "geboren op 3 maart 1985", ["3 maart 1985"]),
    P("id-dob-words-it", "nata il 3 marzo 1985", ["3 marzo 1985"]),
    P("id-dob-geb", "Anna Keller (geb. 12.05.1979)", ["12.05.1979"]),
    P("id-dob-age-line", "DOB/Age: 07/22/1968 (55)", ["07/22/1968"]),
    P("id-ssn-us", "SSN: 536-22-8817", ["536-22-8817"]),
    P("id-iban-grouped-de", "Bankverbindung: DE27 3704 0044 0538 2017 46", ["3704 0044 0538"]),
    P("id-bic-with-iban", "IBAN ES91 2100 0418 4502 0005 1332 · BIC CAIXESBBXXX", ["2100 0418 4502"]),
]

# --- item 6: one value, one placeholder across files and calls ----------------------------------------

SAME = [
    ("Friederike", ["Liebe Friederike,", "Vorname: Friederike", '{"firstName": "Friederike"}', "Action: Friederike to send it"]),
    ("Lindqvist", ["Nachname;Vorname\nLindqvist;Sven\n", "Herr Lindqvist rief an", "Owner: Lindqvist", '{"lastName": "Lindqvist"}']),
]

# --- controls: ordinary business text with the same words and shapes ----------------------------------

CONTROLS = [
    P("c3-dear-customer", "Dear customer,\nyour order has shipped.", keeps=["Dear customer", "your order has shipped"]),
    P("c3-cheers-team", "Cheers, team! Great sprint.", keeps=["Cheers, team!", "Great sprint."]),
    P("c3-action-items", "Action items:\n1. Update the roadmap\n2. Send the invoice", keeps=["Action items:", "Update the roadmap", "Send the invoice"]),
    P("c3-action-verb", "Action: restart the service after the deploy", keeps=["restart the service after the deploy"]),
    P("c3-hi-all", "Hi all,\nthe build is green.", keeps=["Hi all,", "the build is green"]),
    P("c3-hi-team", "Hello team, quick update below.", keeps=["Hello team", "quick update below"]),
    P("c3-mfg-team", "Mit freundlichen Grüßen\nIhr Support-Team", keeps=["Ihr Support-Team"]),
    P("c3-saludos-equipo", "Saludos,\nEl equipo de soporte", keeps=["El equipo de soporte"]),
    P("c3-cordialement-service", "Cordialement,\nLe service client", keeps=["Le service client"]),
    P("c3-city-place", "The office moved from Munich to Berlin in 2023.", keeps=["Munich", "Berlin", "2023"]),
    P("c3-city-list", "Regions: Madrid, Lyon, Milano, Rotterdam, Graz", keeps=["Madrid", "Lyon", "Milano", "Rotterdam", "Graz"]),
    P("c3-product-names", "We compared Jira, Confluence, Notion and Asana.", keeps=["Jira", "Confluence", "Notion", "Asana"]),
    P("c3-amounts", "Total: 4.850,00 EUR; net 3 420,00 €; $52,000.00", keeps=["4.850,00 EUR", "3 420,00", "$52,000.00"]),
    P("c3-order-id", "Order #100234587 shipped, ticket INC-20931, invoice RE-2024-0117", keeps=["100234587", "INC-20931", "RE-2024-0117"]),
    P("c3-iso-dates", "Sprint 2024-03-04 to 2024-03-15; release 2024-04-01", keeps=["2024-03-04", "2024-03-15", "2024-04-01"]),
    P("c3-eu-dates", "Lieferung am 14.06.2024, Rechnung vom 03/03/2024", keeps=["14.06.2024", "03/03/2024"]),
    P("c3-date-words", "Released on 3 March 2024; Q2 planning in March 2024", keeps=["3 March 2024", "March 2024"]),
    P("c3-date-words-fr", "Réunion le 3 mars 2024 à 14h", keeps=["3 mars 2024", "14h"]),
    P("c3-versions", "Upgrade from 1.24.3 to 2.0.0-rc.1 (node 20.11.1)", keeps=["1.24.3", "2.0.0-rc.1", "20.11.1"]),
    P("c3-times", "Standup at 09:30, retro 16:00-17:00 CET", keeps=["09:30", "16:00-17:00 CET"]),
    # (IPs other than loopback and unspecified are redacted by the spec: the ports and keys stay)
    P("c3-ip-config", "listen 0.0.0.0:8080\nupstream 10.0.4.12:5432\nbind 127.0.0.1", keeps=["listen 0.0.0.0:8080", ":5432", "bind 127.0.0.1"]),
    P("c3-csv-products", "sku;name;price;stock\nA-100;Desk Lamp;39,90;120\nA-101;Office Chair;249,00;14\n", keeps=["Desk Lamp", "Office Chair", "39,90", "249,00"], modes=B),
    P("c3-csv-metrics", "date,region,revenue,units\n2024-01-31,EMEA,120000,340\n", keeps=["2024-01-31", "EMEA", "120000", "340"]),
    P("c3-md-table-status", "| Task | Status | Due |\n|---|---|---|\n| Migrate DB | Done | 2024-05-03 |\n", keeps=["Migrate DB", "Done", "2024-05-03"], modes=B),
    P("c3-json-config", '{"name": "billing-api", "version": "3.2.1", "port": 8443, "owner": "platform-team"}', keeps=["billing-api", "3.2.1", "8443", "platform-team"]),
    P("c3-yaml-k8s", "metadata:\n  name: web-frontend\n  labels:\n    app.kubernetes.io/name: web-frontend\n", keeps=["web-frontend", "app.kubernetes.io/name"]),
    P("c3-assignee-unassigned", '{"assignee": null, "status": "Backlog", "priority": "High"}', keeps=["Backlog", "High"]),
    P("c3-owner-team", "owner: data-platform\nreviewers: [backend, sre]", keeps=["data-platform", "backend, sre"]),
    P("c3-mention-team", "@here deploy starts in 5 min; @channel please hold merges", keeps=["@here", "@channel", "please hold merges"]),
    P("c3-path-generic", "Saved to /var/log/nginx/access.log and C:\\Program Files\\App\\app.exe", keeps=["/var/log/nginx/access.log", "Program Files"]),
    P("c3-email-role", "Send it to support@ or the billing alias; see docs", keeps=["the billing alias"]),
    P("c3-chat-lower-words", "[10:42] ok i'll ask about it tomorrow", keeps=["ok i'll ask about it tomorrow"]),
    P("c3-cyrillic-words", "Отчёт за март готов, см. раздел 3.", keeps=["Отчёт за март готов", "раздел 3"], modes=B),
    P("c3-cjk-words", "会議は月曜日です。資料を確認してください。", keeps=["会議は月曜日です"]),
    P("c3-greek-words", "Η αναφορά είναι έτοιμη.", keeps=["Η αναφορά είναι έτοιμη"]),
    P("c3-title-words", "Dr. Martens boots and Prof. tools; Frau im Mond (film)", keeps=["boots", "(film)"]),
    P("c3-json-displayname-bot", '{"displayName": "Automation for Jira", "accountType": "app"}', keeps=["Automation for Jira"]),
    P("c3-tel-word", "Tel. siehe Zentrale; Telefonkonferenz um 10 Uhr", keeps=["siehe Zentrale", "Telefonkonferenz um 10 Uhr"], modes=B),
    P("c3-ext-number", "extension 4.2 of the contract; x86_64 build", keeps=["extension 4.2", "x86_64"]),
    P("c3-durations", "took 1 234 ms, 12 34 56 frames, 00:12:34.567", keeps=["1 234 ms", "00:12:34.567"]),
    P("c3-sizes", "disk 512 GB, memory 16384 MB, 1 048 576 bytes", keeps=["512 GB", "16384 MB", "1 048 576 bytes"]),
    P("c3-phone-shaped-ids", "build 20240305.1142, run 7730019842 of pipeline 88", keeps=["20240305.1142", "pipeline 88"]),
    P("c3-ob-words-at", "meet at noon dot the usual place; at least 3 (at most 5)", keeps=["at noon", "at least 3 (at most 5)"]),
    P("c3-address-words", "the API address is https://api.example.com/v2; street view feature", keeps=["the API address is ", "street view feature"]),
    P("c3-rue-words", "La rue est calme; via the API; Strasse und Weg", keeps=["La rue est calme", "via the API"]),
    P("c3-github-org", "upstream bug: github.com/python/cpython/issues/12345", keeps=["github.com/python/cpython/issues/12345"]),
    P("c3-linkedin-company", "company page: linkedin.com/company/microsoft", keeps=["/company/microsoft"]),
    P("c3-wa-docs", "see the WhatsApp Business API docs; t.me links work too", keeps=["WhatsApp Business API docs", "t.me links"]),
    P("c3-ip-docs", "Example: 192.0.2.10 is reserved for documentation (RFC 5737)", keeps=["RFC 5737"]),
    P("c3-plate-words", "Kennzeichen der Version: v2; plate count 4", keeps=["plate count 4"]),
    P("c3-customer-number-word", "Customer number of seats: 250; member count 12", keeps=["250", "member count 12"]),
    P("c3-patient-words", "patient-facing UI, patient flow v3", keeps=["patient-facing UI", "patient flow v3"]),
    P("c3-born-product", "Product born in 2015, reborn in 2020", keeps=["2015", "2020"]),
    P("c3-nee-words", "l'idée est née le mois dernier", keeps=["l'idée est née le mois dernier"]),
    P("c3-geboren-words", "Die Idee wurde 2019 geboren.", keeps=["Die Idee wurde 2019 geboren."], modes=B),
    P("c3-mrz-like-log", "<<<<<<<<<<<<<<<< END OF LOG >>>>>>>>>>>>>>>>", keeps=["END OF LOG"]),
    P("c3-ein-like", "range 12-3456789 in the spreadsheet; part 84-1920375 ordered", keeps=["part 84-1920375"]),
    P("c3-ssn-like", "test pattern 000-00-0000 and 123-45-6789 examples", keeps=["000-00-0000"]),
    P("c3-steuer-words", "Steuer-ID fehlt noch; Umsatzsteuer 19 %", keeps=["Steuer-ID fehlt noch", "Umsatzsteuer 19 %"]),
    P("c3-salary-col", "level,salary_band,min,max\nL3,B,52000,68000\n", keeps=["52000", "68000", "L3"]),
    P("c3-name-column-product", "id,name,category\n1,Widget Pro,Tools\n2,Gizmo Mini,Gadgets\n", keeps=["Widget Pro", "Gizmo Mini", "Tools"], modes=B),
    P("c3-nom-column-product", "code;nom;prix\nX1;Chaise Bureau;89,00\n", keeps=["Chaise Bureau", "89,00"], modes=B),
    P("c3-vorname-header-only", "Spalten: Vorname, Nachname, Geburtsdatum (Pflichtfelder)", keeps=["Vorname, Nachname, Geburtsdatum"]),
    P("c3-country-names", "Markets: Germany, France, Spain, Italy, Netherlands", keeps=["Germany", "France", "Spain", "Italy", "Netherlands"]),
    P("c3-weekday-month", "Monday, March 4; Friday, 8 March", keeps=["Monday, March 4", "Friday, 8 March"]),
    P("c3-http-status", "HTTP 404 from 10.0.0.7 after 30 s; retry 3/5", keeps=["HTTP 404 from ", "after 30 s; retry 3/5"]),
    P("c3-semver-range", "requires >=3.11,<4.0 and numpy 1.26.4", keeps=[">=3.11,<4.0", "1.26.4"]),
    P("c3-percent-table", "| KPI | Q1 | Q2 |\n|---|---|---|\n| Churn | 2.1% | 1.8% |\n", keeps=["Churn", "2.1%", "1.8%"], modes=B),
    P("c3-tz-names", "Timezone: Europe/Berlin, Asia/Ho_Chi_Minh, America/Sao_Paulo", keeps=["Europe/Berlin", "Asia/Ho_Chi_Minh", "America/Sao_Paulo"]),
    P("c3-cve", "Patched CVE-2024-3094 and INV-2024-4808", keeps=["CVE-2024-3094", "INV-2024-4808"], modes=S),
    P("c3-sha-digest", "image@sha256:" + "a3f5" * 16, keeps=["a3f5" * 16]),
    P("c3-xml-add-key", '<add key="PageSize" value="50" />', keeps=['key="PageSize"', 'value="50"']),
    P("c3-git-sha", "fixed in commit 3f9c2ab and 9e1d7c04b2", keeps=["3f9c2ab", "9e1d7c04b2"]),
    P("c3-headings", "## Next steps\n### Risks and issues\n#### Owner", keeps=["Next steps", "Risks and issues", "Owner"]),
    P("c3-bullet-roles", "- Product owner: TBD\n- Scrum master: rotating", keeps=["TBD", "rotating"]),
    P("c3-prepared-by-team", "Prepared by: Finance team\nReviewed by: Legal", keeps=["Finance team", "Legal"]),
    P("c3-thanks-all", "Thanks everyone for the quick turnaround!", keeps=["Thanks everyone"]),
    P("c3-mit-freundlichen-inline", "Mit freundlichen Grüßen und bis bald", keeps=["und bis bald"]),
    P("c3-en-weekday-greeting", "Hi there, Happy Monday!", keeps=["Hi there", "Happy Monday!"]),
    P("c3-unit-phone-shape", "Dimensions 120 x 80 x 45 cm, 2 400 kg", keeps=["120 x 80 x 45 cm", "2 400 kg"]),
    P("c3-zip-like-product", "Model 80331 and part 69003", keeps=["Model 80331", "part 69003"]),
    P("c3-markdown-link", "[Release notes](https://example.com/releases/2.0)", keeps=["[Release notes]("]),
    P("c3-sheet-cells", "A1: Region\tB1: Revenue\nA2: EMEA\tB2: 120000", keeps=["Region", "Revenue", "EMEA", "120000"]),
    P("c3-json-list-tags", '{"tags": ["finance", "q2", "internal"]}', keeps=['"finance"', '"q2"', '"internal"']),
    P("c3-status-words-lower", "status: open; priority: high; owner: unassigned", keeps=["owner: unassigned"]),
    P("c3-wiki-words", "Frau, Herr, Mme et Sr. sont des titres.", keeps=["sont des titres"]),
    # employee numbers stay readable (rounds 1 and 2 keep them: an HR export's own row key)
    P("c3-employee-number", "Employee No.: 0041187; Personalnummer 10023", keeps=["0041187", "10023"]),
    P("c3-order-number-label", "Order number: 7730019842; Bestellnummer 20048817", keeps=["7730019842", "20048817"]),
    P("c3-plate-lowercase-word", "the licence plate reader (v2) is offline", keeps=["(v2) is offline"]),
    P("c3-ein-german-word", "ein 12-teiliges Set, ein Wert von 84", keeps=["ein 12-teiliges Set", "84"]),
    P("c3-patient-count", "patient count 1200 in ward 4", keeps=["1200", "ward 4"]),
    P("c3-member-since", "member since 2019, customer since 2021", keeps=["2019", "2021"]),
    P("c3-cjk-label-no-name", "担当者：未定（営業部）", keeps=["（営業部）"]),
    P("c3-profile-site-page", "see github.com/features and x.com/explore", keeps=["github.com/features", "/explore"]),
    P("c3-all-zero-template", "Tel: 000-000-0000 (placeholder)", keeps=["000-000-0000"]),
    P("c3-at-prose", "meet at noon dot the usual place; available at home (at) weekends", keeps=["meet at noon dot the usual place"]),
    P("c3-go-module-path", "require github.com/spf13/cobra v1.8.0\nimport \"gitlab.com/acme-tools/cli/v2\"", keeps=["github.com/spf13/cobra v1.8.0", "/cli/v2"]),
    P("c3-mac-address-config", "hwaddr 00:1A:2B:3C:4D:5E on eth0", keeps=["eth0"]),
]

PROBES = HR + NAMES + CONTACT + IDS
ALL = PROBES + CONTROLS


#: Rows that still fail, by (mode, family): documented gaps, expected to fail (strict xfail, so a
#: fix that makes one pass must remove it here).
KNOWN_GAPS: frozenset[tuple[str, str]] = frozenset(
    [(m, f) for m in ("strict", "balanced") for f in (
        "hr-xlsx-text",  # spreadsheet text with cell addresses ("A2: Whitcombe\tB2: ..."): no table is read there
        "nm-path-share",  # a name in a Windows share path inside content (S:\HR\Personal\Surname_Given\)
        "nm-apostrophe-surname",  # D'Arcy: an apostrophe prefix other than O' does not join the surname
        "ph-vanity",  # an uncued North American number with its "1-" trunk prefix (1-888-555-0170)
        "c3-json-displayname-bot")]  # a bot's displayName in a user object reads as a person (over-redaction)
    + [("strict", "nm-chat-lower")]  # lower-case speakers of a chat log without a date ("[10:42] kasia: ...")
    + [("balanced", f) for f in (  # two capitalised words in a product cell read as a proper name
        "c3-md-table-status", "c3-name-column-product", "c3-nom-column-product")])


def _rows(mode: str) -> list:
    return [pytest.param(p, id=p.family, marks=pytest.mark.xfail(strict=True, reason="known gap"))
            if (mode, p.family) in KNOWN_GAPS else pytest.param(p, id=p.family)
            for p in ALL if mode in p.modes]


@pytest.mark.parametrize("probe", _rows("strict"))
def test_strict_mode_hides_every_round_three_probe_and_keeps_every_control(probe):
    leaked, changed = _case("strict", probe)
    assert not leaked and not changed, (leaked, changed)


@pytest.mark.parametrize("probe", _rows("balanced"))
def test_balanced_mode_hides_every_round_three_probe_and_keeps_every_control(probe):
    leaked, changed = _case("balanced", probe)
    assert not leaked and not changed, (leaked, changed)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("value,texts", SAME, ids=[v for v, _ in SAME])
def test_one_value_keeps_one_placeholder_across_positions_and_calls(mode, value, texts):
    red = _redactor(mode)
    outs = [red.redact(t).text for t in texts]
    assert all(value not in o for o in outs), outs
    import re
    found = [set(re.findall(r"\[[A-Z]+_[0-9a-f]{32}\]", o)) for o in outs]
    common = set.intersection(*found)
    assert common, (outs,)


def test_the_round_three_table_is_broad_and_its_families_are_unique():
    assert len(PROBES) >= 120 and len(CONTROLS) >= 80
    assert len({p.family for p in ALL}) == len(ALL)
