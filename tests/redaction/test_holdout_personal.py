# ruff: noqa: E501  (a table of literal fragments: one probe per line reads best)
"""Red-team hold-out probes for personal data (issue 11): realistic fragments, both modes.

Each row is a fragment as a consultant's folder holds it (HR and finance exports, vendor ledgers,
mail archives, chat exports, CI and git logs, shell prompts, logs from several countries), the
raw values that must not survive, and the controls that must come out unchanged. Values are
fictional, with realistic shapes; checksummed formats carry a valid checksum (computed by hand
for these rows, independently of the product's validators). Rows marked ``strict`` hold only in
strict mode (issue 11: user names and lower-case names are strict-only outside their positions).
"""

from __future__ import annotations

import base64

import pytest
from redaction_helpers import SALT, P, Probe, S

from redacted_context_mcp.config import AliasGroup, Policy
from redacted_context_mcp.redaction.engine import Redactor


def _b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()




# --- item 1: structured identifiers -----------------------------------------------------------

IDS = [
    # HR export, CSV with a header
    P("id-hr-csv", "employee_id,full_name,iban,dob,national_id\n"
      "E-1042,Maren Castellanos,DE79620966542870722971,1979-08-01,24840187A\n",
      ["DE79620966542870722971", "Maren Castellanos", "1979-08-01", "24840187A"], ["E-1042"]),
    P("id-hr-tsv", "Personalnummer\tName\tGeburtsdatum\tIBAN\n"
      "00417\tJorinde Faltermeier\t07.03.1984\tAT45 0020 8723 3552 5137\n",
      ["Jorinde Faltermeier", "07.03.1984", "0020 8723 3552"], ["00417"]),
    P("id-hr-json", '{"employee": {"id": 5512, "dob": "1988-11-23", "iban": "NL16ABNA3353861408", '
      '"bsn": "648581470"}}', ["1988-11-23", "NL16ABNA3353861408", "648581470"], ["5512"]),
    P("id-ledger-csv", "vendor;vat_id;iban;amount;invoice\n"
      "Tischlerei Holm;DE632257490;DE79 6209 6654 2870 7229 71;1.240,00;RE-2024-0117\n",
      ["DE632257490", "6209 6654 2870"], ["1.240,00", "RE-2024-0117"]),
    P("id-ledger-es", "Proveedor: Talleres Oruña S.L., CIF B12345674, IBAN ES77 0282 2512 3937 0450 5285, "
      "importe 3.450,00 EUR", ["0282 2512 3937", "B12345674"], ["3.450,00 EUR"]),
    P("id-ledger-fr", "Fournisseur : Menuiserie Abadie, TVA FR40303265045, IBAN FR37 5966 5425 985J 4C5J F9FK 541",
      ["FR40303265045", "5966 5425 985J"]),
    P("id-iban-gb", "Please remit to GB18NWBK16677373197686 by Friday.", ["GB18NWBK16677373197686"], ["Friday"]),
    P("id-iban-it", "Bonifico su IT21 X316 0086 9934 6736 5326 808, causale fattura 88.",
      ["X316 0086 9934"], ["fattura 88"]),
    P("id-iban-be", "rekening BE19 6179 3754 1882", ["6179 3754 1882"]),
    P("id-iban-ch", "IBAN: CH51 7904 4351 2922 1219 5", ["7904 4351 2922"]),
    P("id-iban-pt", "NIB/IBAN PT87107246382389762711348", ["PT87107246382389762711348"]),
    P("id-iban-ie", "iban=IE20AIBK60469624207057", ["IE20AIBK60469624207057"]),
    P("id-iban-pl", "Numer konta: PL64 8622 2563 3571 4833 4402 7176", ["8622 2563 3571"]),
    P("id-iban-lower", "iban: de79 6209 6654 2870 7229 71", ["6209 6654 2870"]),
    P("id-iban-json", '{"beneficiary":{"iban":"ES7702822512393704505285","bic":"CAIXESBBXXX"}}',
      ["ES7702822512393704505285"]),
    P("id-vat-de", "USt-IdNr.: DE 632257490", ["632257490"]),
    P("id-vat-at", "UID-Nr. ATU12345678", ["ATU12345678"]),
    P("id-vat-nl", "btw-nummer NL123456789B01", ["NL123456789B01"]),
    P("id-vat-it", "P.IVA IT01234567890", ["IT01234567890"]),
    P("id-vat-gb", "VAT Reg No: GB 123 4567 89", ["123 4567 89"]),
    P("id-vat-es", "NIF-IVA ESB12345674", ["ESB12345674"]),
    P("id-aadhaar", "Aadhaar: 9871 0273 4446", ["9871 0273 4446"]),
    P("id-aadhaar-nolabel", "KYC doc for vendor onboarding 5664 8034 6190 verified", ["5664 8034 6190"]),
    P("id-aadhaar-plain", "aadhaar_no=970504435776", ["970504435776"]),
    P("id-aadhaar-hindi", "आधार संख्या: 2575 7522 1492", ["2575 7522 1492"]),
    P("id-cn", "身份证号码：110105197908010490", ["110105197908010490"]),
    P("id-cn-nolabel", "resident 110105196412131243 checked in", ["110105196412131243"]),
    P("id-dni", "DNI: 71803373H", ["71803373H"]),
    P("id-dni-nolabel", "Cliente con documento 87464183J, alta 2023", ["87464183J"], ["2023"]),
    P("id-nie", "NIE X-8137325-V", ["8137325"]),
    P("id-nie2", "nº NIE: Y3550943X", ["Y3550943X"]),
    P("id-nie3", "Z2772595L (permiso de residencia)", ["Z2772595L"]),
    P("id-nino", "National Insurance number: QQ 12 34 56 C", ["QQ 12 34 56 C"]),
    P("id-nino2", "NI No. AB123456C", ["AB123456C"]),
    P("id-nino-lower", "nino: ab 12 34 56 c", ["ab 12 34 56 c"]),
    P("id-itin", "ITIN 912-70-1234 on W-7", ["912-70-1234"], ["W-7"]),
    P("id-ssn", "SSN: 536-22-8741", ["536-22-8741"]),
    P("id-ssn-nodash", "social security number 536228741", ["536228741"]),
    P("id-pan", "PAN: ABCPE1234F", ["ABCPE1234F"]),
    P("id-cpf", "CPF: 445.873.871-26", ["445.873.871-26"]),
    P("id-cpf-nolabel", "Cliente 060.190.735-30 cadastrado", ["060.190.735-30"]),
    P("id-cnpj", "CNPJ 32.613.025/0001-57", ["32.613.025/0001-57"]),
    P("id-bsn", "BSN: 386012957", ["386012957"]),
    P("id-nir", "N° de sécurité sociale : 1 82 05 75 410 528 74", ["410 528"]),
    P("id-steuer", "Steuer-ID 66250163373", ["66250163373"]),
    P("id-steuer-spaced", "Steueridentifikationsnummer: 66 250 163 373", ["250 163"]),
    P("id-passport-us", "Passport number: 561849203", ["561849203"]),
    P("id-passport-de", "Reisepassnummer C01X00T47", ["C01X00T47"]),
    P("id-passport-in", "Passport No. J8369854", ["J8369854"]),
    P("id-passport-fr", "Numéro de passeport : 18AV12345", ["18AV12345"]),
    P("id-passport-es", "Pasaporte: PAB123456", ["PAB123456"]),
    P("id-account-uk", "Sort code 20-32-06, account no 73619142", ["20-32-06", "73619142"]),
    P("id-account-us", "Routing: 138071710  Account: 000123456789", ["138071710", "000123456789"]),
    P("id-aba-nolabel-ach", "ACH routing 095658072 / acct 4417 2290 1187", ["095658072", "4417 2290 1187"]),
    P("id-konto", "Konto-Nr. 0532 0130 00, BLZ 370 400 44", ["0532 0130 00", "370 400 44"]),
    P("id-cuenta", "Número de cuenta: 2100 0418 45 0200051332", ["0200051332"]),
    P("id-card", "card 4924 7775 6714 1278 exp 09/27", ["4924 7775 6714 1278"]),
    P("id-card-amex", "Amex 3746-719140-48661", ["719140"]),
    P("id-card-json", '{"pan":"5484905912573973","exp":"11/26"}', ["5484905912573973"]),
    P("id-dob-en", "DOB: 03/07/1984", ["03/07/1984"]),
    P("id-dob-born", "Marta was born on 7 March 1984 in Porto.", ["7 March 1984"], modes=("strict", "balanced")),
    P("id-dob-de", "geb. am 07.03.1984 in Köln", ["07.03.1984"]),
    P("id-dob-es", "Fecha de nacimiento: 7 de marzo de 1984", ["marzo de 1984"]),
    P("id-dob-fr", "née le 07/03/1984 à Lyon", ["07/03/1984"]),
    P("id-dob-iso-json", '{"birthDate": "1984-03-07"}', ["1984-03-07"]),
    P("id-dob-snake", "date_of_birth: 1984-03-07", ["1984-03-07"]),
    P("id-dob-short", "D.O.B. 7/3/84", ["7/3/84"]),
    P("id-dob-pt", "Data de nascimento: 07/03/1984", ["07/03/1984"]),
    P("id-dob-nl", "Geboortedatum: 07-03-1984", ["07-03-1984"]),
    P("id-dob-yaml", "person:\n  birth_date: 1984-03-07\n", ["1984-03-07"]),
    P("id-dob-us-words", "Birthday: March 7th, 1984", ["March 7th, 1984"]),
    P("id-dob-xml", "<employee><dob>1984-03-07</dob><start>2019-05-01</start></employee>", ["1984-03-07"], ["2019-05-01"]),
    P("id-dob-attr", '<person dateOfBirth="07/03/1984" hired="2019-05-01"/>', ["07/03/1984"], ["2019-05-01"]),
    P("id-dob-pt-born", "Nascido em 07/03/1984, Recife", ["07/03/1984"]),
    P("id-dob-nl-born", "geboren op 7 maart 1984 te Utrecht", ["7 maart 1984"]),
    P("id-dob-pl", "Data urodzenia: 07.03.1984", ["07.03.1984"]),
    P("id-dob-sv", "Födelsedatum: 1984-03-07", ["1984-03-07"]),
    P("id-cpf-plain", "cpf=44587387126", ["44587387126"]),
    P("id-cnpj-plain", "CNPJ: 32613025000157", ["32613025000157"]),
    P("id-bsn-label", "Burgerservicenummer: 386012957", ["386012957"]),
    P("id-iban-mixed", "IBAN: Gb18 nwbk 1667 7373 1976 86", ["1667 7373 1976"]),
    P("id-nino-json", '{"ni_number": "QQ123456C", "tax_code": "1257L"}', ["QQ123456C"], ["1257L"]),
    P("id-ssn-csv", "name,ssn,state\nDarnell Pruitt,536-22-8741,OH\n", ["536-22-8741", "Darnell Pruitt"], [",OH"]),
    P("id-hr-es-csv", "nombre;apellidos;dni;fecha_nacimiento;telefono\nLucía;Pardo Ibarra;71803373H;14/02/1990;612 34 56 78\n",
      ["Pardo Ibarra", "71803373H", "14/02/1990", "612 34 56 78"]),
    P("id-hr-de-csv", "Vorname,Nachname,Geburtsdatum,Steuer-ID,IBAN\nJonas,Kröger,02.11.1979,66250163373,DE79620966542870722971\n",
      ["Kröger", "02.11.1979", "66250163373", "DE79620966542870722971"]),
    P("id-hr-fr-csv", "nom,prénom,date_naissance,nir\nLemaire,Élodie,1982-05-19,1820575410528 74\n",
      ["Lemaire", "1982-05-19", "1820575410528"]),
    P("id-hr-in-tsv", "emp_code\tname\tpan\taadhaar\tmobile\nIN-0042\tRohit Banerjee\tBQXPK4821M\t9871 0273 4446\t+91 98765 43210\n",
      ["Rohit Banerjee", "BQXPK4821M", "9871 0273 4446", "98765 43210"], ["IN-0042"]),
    P("id-hr-us-json", '[{"first_name": "Darnell", "last_name": "Pruitt", "ssn": "536-22-8741", "date_of_birth": "1975-09-30"}]',
      ["Darnell", "Pruitt", "536-22-8741", "1975-09-30"]),
    P("id-hr-br-csv", "nome,cpf,nascimento,telefone\nThiago Moura,060.190.735-30,1991-04-12,(11) 98765-4321\n",
      ["Thiago Moura", "060.190.735-30", "1991-04-12", "98765-4321"]),
    P("id-hr-nl-csv", "naam;bsn;geboortedatum;iban\nSanne de Vries;386012957;03-07-1984;NL16ABNA3353861408\n",
      ["Sanne de Vries", "386012957", "03-07-1984", "NL16ABNA3353861408"]),
    P("id-ledger-uk", "Supplier,Sort Code,Account Number,Amount\nHarrow Joinery Ltd,20-32-06,73619142,\"£1,240.00\"\n",
      ["20-32-06", "73619142"], ["£1,240.00"]),
    P("id-ledger-us", "payee|routing|account|amount\nMesa Roofing LLC|138071710|000123456789|$4,200.00\n",
      ["138071710", "000123456789"], ["$4,200.00"]),
    P("id-arn", "arn:aws:iam::696659410919:role/deploy", ["696659410919"], ["role/deploy"]),
    P("id-arn-s3", "Resource: arn:aws:sns:eu-west-1:696659410919:alerts", ["696659410919"]),
    P("id-aws-acct", "AWS Account ID: 6966-5941-0919", ["6966-5941-0919"]),
    P("id-btc", "send the refund to wallet 1CsGHKZ7NMDhdMdwRCKdaELGkKp69TumNw", ["1CsGHKZ7NMDhdMdwRCKdaELGkKp69TumNw"]),
    P("id-btc-p2sh", "BTC: 3EtmbuEQZZFJJH77KdLWg38reCwEn8z8EZ", ["3EtmbuEQZZFJJH77KdLWg38reCwEn8z8EZ"]),
    P("id-bech32", "payout address bc1qat0xuc4mqvhpjwg474wgzjxxpf3s2uujza7zue", ["bc1qat0xuc4mqvhpjwg474wgzjxxpf3s2uujza7zue"]),
    P("id-eth", "ETH: 0x14f149f83b5ae08e9df0b3f13052ba131525fa27", ["14f149f83b5ae08e9df0b3f13052ba131525fa27"]),
    P("id-eth-mixed", "wallet 0xaF6abdeD3911a9F5BC891fcDa76aDE9BCeB28Dbe", ["aF6abdeD3911a9F5BC891fcDa76aDE9BCeB28Dbe"]),
]

# --- item 2: user names -----------------------------------------------------------------------

USERS = [
    P("user-home", "Traceback: File \"/home/tkowalczyk/proj/app.py\", line 12", ["tkowalczyk"], ["line 12"]),
    P("user-mac", "open /Users/ngozi.adeyemi/Library/Logs/app.log", ["ngozi.adeyemi"]),
    P("user-win", r"C:\Users\rvanderberg\AppData\Local\Temp\x.tmp", ["rvanderberg"]),
    P("user-win-fwd", "C:/Users/rvanderberg/Desktop/plan.xlsx", ["rvanderberg"]),
    P("user-win-json", r'{"path": "C:\\Users\\mhernandez\\repo"}', ["mhernandez"]),
    P("user-tilde", "cp ~jlindqvist/.bashrc .", ["jlindqvist"]),
    P("user-ci-gitlab", "GITLAB_USER_LOGIN=pnakamura\nGITLAB_USER_NAME=Priya Nakamura\n", ["pnakamura", "Priya Nakamura"]),
    P("user-ci-gh", "GITHUB_ACTOR: ocheng-dev\nGITHUB_TRIGGERING_ACTOR: ocheng-dev", ["ocheng-dev"]),
    P("user-ci-azure", "BUILD_REQUESTEDFOR=Lukas Brenninkmeyer\nBUILD_REQUESTEDFOREMAIL=lukas.b@corp.example",
      ["Brenninkmeyer", "lukas.b@corp.example"]),
    P("user-ci-jenkins", "Started by user dmakarova\nBuilding in workspace /var/lib/jenkins/workspace/api",
      ["dmakarova"], ["/var/lib/jenkins/workspace/api"]),
    P("user-env", "USER=svelasquez\nLOGNAME=svelasquez\nSHELL=/bin/zsh", ["svelasquez"], ["/bin/zsh"]),
    P("user-env-export", "export USERNAME=hmoreau", ["hmoreau"]),
    P("user-git-log", "commit 9fceb02d0ae598e95dc970b74767f19372d61af8\nAuthor: Ifeoma Okonkwo <ifeoma@corp.example>\n"
      "Date:   Tue Mar 5 14:22:01 2024 +0100\n\n    fix retry\n",
      ["Ifeoma Okonkwo", "ifeoma@corp.example"], ["9fceb02d0ae598e95dc970b74767f19372d61af8", "fix retry"]),
    P("user-git-lower", "Author: kvarga <kvarga@users.noreply.github.com>", ["kvarga"]),
    P("user-git-signoff", "Signed-off-by: Tomasz Wróblewski <tw@corp.example>", ["Wróblewski"]),
    P("user-git-coauthor", "Co-authored-by: mbenali <mbenali@corp.example>", ["mbenali"]),
    P("user-git-oneline", "a1b2c3d 2024-03-05 fix login (by rkapoor)", ["rkapoor"], ["2024-03-05"]),
    P("user-merged-by", "PR #412 merged by abosede", ["abosede"], ["#412"]),
    P("user-ssh", "ssh deploy-ops@10.20.0.5 -p 2222", ["deploy-ops"], ["2222"]),
    P("user-ssh-person", "ssh jkaminski@build01.corp.example", ["jkaminski"]),
    P("user-ssh-l", "ssh -l mfischer bastion", ["mfischer"]),
    P("user-scp", "scp dump.sql aokafor@db02:/tmp/", ["aokafor"]),
    P("user-prompt", "lfontaine@ws-042:~/src$ make test", ["lfontaine"], ["make test"]),
    P("user-prompt-root", "[gbianchi@ip-10-0-1-7 ~]$ sudo systemctl restart nginx", ["gbianchi"]),
    P("user-slack-users", '[{"id":"U04AB12CD","name":"yuki.tanaka","real_name":"Yuki Tanaka",'
      '"profile":{"display_name":"yuki","email":"yuki.tanaka@corp.example"}}]',
      ["yuki.tanaka", "Yuki Tanaka", '"yuki"']),
    P("user-slack-msg", '{"type":"message","user":"U04AB12CD","user_name":"farouk.haddad","text":"deploy done"}',
      ["farouk.haddad"], ["deploy done"]),
    P("user-teams", '{"from":{"user":{"id":"8b1c","displayName":"Svetlana Orlova"}},"body":{"content":"ok"}}',
      ["Svetlana Orlova"]),
    P("user-whatsapp", "12/03/2024, 14:22 - Kwame Asante: are we still on for 3pm?\n"
      "12/03/2024, 14:23 - Ines Carvalho: yes", ["Kwame Asante", "Ines Carvalho"], ["14:22", "3pm"]),
    P("user-whatsapp-lower", "[12.03.24, 09:15:02] thandeka: running late\n", ["thandeka"], ["09:15:02"], S),
    P("user-json-login", '{"login": "vpetrov", "type": "User", "site_admin": false}', ["vpetrov"]),
    P("user-json-username", '{"username":"asilva92","role":"editor"}', ["asilva92"], ["editor"]),
    P("user-log-by", "2024-03-05T10:00:00Z INFO job 7781 cancelled by mwojcik", ["mwojcik"], ["7781"]),
    P("user-log-user", "sshd[2211]: Accepted publickey for oduarte from 10.1.2.3 port 52144", ["oduarte"], ["52144"]),
    P("user-log-kv", "level=info msg=\"login ok\" user=cnguyen ip=10.0.0.9", ["cnguyen"], ['msg="login ok"']),
    P("user-log-sudo", "sudo: rmehta : TTY=pts/0 ; PWD=/srv ; USER=root ; COMMAND=/bin/ls", ["rmehta"]),
    P("user-home-docker", "-v /home/bwilliams/.aws:/root/.aws:ro", ["bwilliams"]),
    P("user-yaml", "owner: lbouchard\nteam: payments\n", ["lbouchard"], ["payments"]),
    P("user-pam", "sudo: pam_unix(sudo:session): session opened for user root(uid=0) by kmurphy(uid=1000)", ["kmurphy"]),
    P("user-sshd-invalid", "sshd[88]: Failed password for invalid user hvoss from 10.9.8.7 port 40022 ssh2", ["hvoss"], ["40022"]),
    P("user-sshd-session", "systemd-logind[1]: New session 42 of user ebaptiste.", ["ebaptiste"]),
    P("user-whatsapp-us", "3/12/24, 2:22 PM - Dana Whitfield: ok\n3/12/24, 2:23 PM - marco_r: 👍", ["Dana Whitfield", "marco_r"], ["2:22 PM"]),
    P("user-whatsapp-de", "12.03.24, 14:22 - Jörg Übelacker: Bin gleich da", ["Jörg Übelacker", "Übelacker"], ["Bin gleich da"]),
    P("user-bracket-prompt-hash", "[svc-backup@db-03 data]# pg_dump -Fc app", ["svc-backup"], ["pg_dump"]),
    P("user-gh-api", '{"commit": {"author": {"name": "Aleksandra Nowak", "email": "a.nowak@corp.example", "date": "2024-03-05T10:00:00Z"}}, "author": {"login": "anowak-dev"}}',
      ["Aleksandra Nowak", "a.nowak@corp.example", "anowak-dev"], ["2024-03-05T10:00:00Z"]),
    P("user-git-format", "9fceb02|Rahul Deshpande|rahul.d@corp.example|2024-03-05|fix flaky test", ["Rahul Deshpande", "rahul.d@corp.example"], modes=S),
    P("user-jira-csv", "Issue key,Summary,Assignee,Reporter\nOPS-112,Rotate certs,mlindgren,Aiko Watanabe\n",
      ["mlindgren", "Aiko Watanabe"], ["OPS-112"]),
    P("user-teams-csv", "Timestamp,Sender,Message\n2024-03-05 10:01,Björn Halvorsen,Can we move the call?\n",
      ["Björn Halvorsen"], ["2024-03-05 10:01"]),
    P("user-slack-channel", '[{"type": "message", "user": "U04AB12CD", "text": "shipping now", "user_profile": {"real_name": "Chidi Eze", "display_name": "chidi", "name": "chidi.eze"}}]',
      ["Chidi Eze", '"chidi"', "chidi.eze"], ["shipping now"]),
    P("user-gitlab-ci-log", "$ echo $CI_COMMIT_AUTHOR\nCI_COMMIT_AUTHOR=Marisol Quintero <marisol@corp.example>\n", ["Marisol Quintero", "marisol@corp.example"]),
    P("user-prompt-prose", "The agent said: Avery runs `ssh avery@host` daily.", ["Avery"], modes=S),
]

# --- item 3: encoded mail ---------------------------------------------------------------------

MAIL = [
    P("mail-q-name", "From: =?UTF-8?Q?Zo=C3=AB_Br=C3=A4ndli?= <zoe@brightwater.example>\nSubject: Hi\n",
      ["Zoë", "Br=C3=A4ndli", "Zo=C3=AB", "zoe@brightwater.example"], ["Subject: Hi"]),
    P("mail-b-name", f"To: =?utf-8?B?{_b64('Jürgen Weiß')}?= <jw@brightwater.example>\n",
      [_b64("Jürgen Weiß"), "jw@brightwater.example", "Jürgen"]),
    P("mail-q-client", "Subject: =?iso-8859-1?Q?Angebot_f=FCr_Brightwater_Analytics?=\n",
      ["Brightwater", "Brightwater_Analytics"]),
    P("mail-b-subject", f"Subject: =?UTF-8?B?{_b64('Vertrag Brightwater Analytics 2024')}?=\n",
      [_b64("Vertrag Brightwater Analytics 2024")]),
    P("mail-qp-body", "Content-Transfer-Encoding: quoted-printable\n\nHallo J=C3=BCrgen,\n"
      "bitte an zoe.brandli=40brightwater.example senden.\n",
      ["J=C3=BCrgen", "zoe.brandli=40brightwater.example", "brightwater.example"]),
    P("mail-qp-soft", "Content-Transfer-Encoding: quoted-printable\n\nPlease write to zoe.brandli@bright=\nwater.example today.\n",
      ["zoe.brandli@bright", "water.example"], ["today"]),
    P("mail-qp-soft-name", "Content-Transfer-Encoding: quoted-printable\n\nRegards, Avery Ex=\nample\n",
      ["Ex=\nample", "Avery"]),
    P("mail-folded", "To: Team <team@corp.example>,\n Avery Example\n <avery@example.com>\n",
      ["Avery", "avery@example.com"]),
    P("mail-folded-mailto", "List-Unsubscribe: <mailto:unsub+jw@brightwater.exa\n mple?subject=unsub>\n",
      ["unsub+jw", "brightwater.exa"]),
    P("mail-q-multi", "From: =?UTF-8?Q?J=C3=BCrgen?= =?UTF-8?Q?_Wei=C3=9F?= <j@x.example>\n",
      ["J=C3=BCrgen", "Wei=C3=9F", "j@x.example"]),
    P("mail-q-lower", "Cc: =?utf-8?q?Zo=c3=ab_Br=c3=a4ndli?= <z@b.example>\n", ["Zo=c3=ab", "Br=c3=a4ndli"]),
    P("mail-eml-archive", "Return-Path: <avery@example.com>\nReceived: from mx1.corp.example\n"
      "From: \"Avery Example\" <avery@example.com>\nDate: Mon, 4 Mar 2024 09:12:44 +0100\n"
      "Message-ID: <CAF123@mail.corp.example>\n", ["Avery", "avery@example.com"], ["Mon, 4 Mar 2024 09:12:44 +0100"]),
    P("mail-mbox-from", "From avery@example.com Mon Mar  4 09:12:44 2024\n", ["avery@example.com"]),
    P("mail-qp-html", "Content-Transfer-Encoding: quoted-printable\n\n<a href=3D\"mailto:jw@brightwater.example\">J=\n=C3=BCrgen</a>\n",
      ["jw@brightwater.example", "=C3=BCrgen"]),
    P("mail-b-body", "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
      + _b64("Hi Jürgen, call Zoë Brändli at 089 / 6071 2275.") + "\n",
      [_b64("Hi Jürgen, call Zoë Brändli at 089 / 6071 2275.")]),
    P("mail-b-multipart", "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b1\"\n\n--b1\n"
      "Content-Type: text/plain; charset=\"UTF-8\"\nContent-Transfer-Encoding: base64\n\n"
      + "\n".join(_b64("Dear Avery Example, your IBAN DE79620966542870722971 is on file. Regards, Jürgen Weiß")[i:i + 76]
                  for i in range(0, 116, 76)) + "\n--b1\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\n"
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\n--b1--\n",
      [_b64("Dear Avery Example, your IBAN DE79620966542870722971 is on file. Regards, Jürgen Weiß")[:76]],
      ["iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="]),
]

# --- item 4: local phone formats --------------------------------------------------------------

PHONES = [
    P("phone-de-slash", "Tel. 089 / 6071 2275", ["6071 2275"]),
    P("phone-de-paren", "Telefon: (0 89) 60 71-22 75", ["60 71-22 75"]),
    P("phone-de-mobile", "Handy: 0171 2345678", ["2345678"]),
    P("phone-de-intl", "+49 (0)30 901820-0", ["901820"]),
    P("phone-de-dash", "Rückruf unter 030-4711 0815 erbeten", ["4711 0815"], modes=S),
    P("phone-de-nolabel", "Ansprechpartner Herr Brehm, 0221 / 4567 890, Zimmer 3.12", ["4567 890"], ["3.12"]),
    P("phone-es", "Tel: 91 863 71 72", ["863 71 72"]),
    P("phone-es-movil", "móvil 612 34 56 78", ["612 34 56 78"]),
    P("phone-es-intl", "+34 612 345 678", ["612 345 678"]),
    P("phone-es-plain", "Llamar al 612345678 antes de las 18:00", ["612345678"], ["18:00"]),
    P("phone-fr", "Tél. : 01 23 45 67 89", ["01 23 45 67 89"]),
    P("phone-fr-portable", "portable 06.12.34.56.78", ["06.12.34.56.78"]),
    P("phone-fr-intl", "+33 6 12 34 56 78", ["6 12 34 56 78"]),
    P("phone-fr-nolabel", "Rappeler Mme Girard au 04 78 12 34 56 demain", ["04 78 12 34 56"]),
    P("phone-uk", "Call 020 7946 0958 after 2pm", ["7946 0958"], ["2pm"]),
    P("phone-uk-mobile", "Mobile: 07700 900123", ["900123"]),
    P("phone-uk-intl", "+44 (0)161 496 0000", ["496 0000"]),
    P("phone-uk-intl2", "+44 7700 900123", ["7700 900123"]),
    P("phone-in", "WhatsApp +91 98765 43210", ["98765 43210"]),
    P("phone-in-local", "mob: 098765 43210", ["98765 43210"]),
    P("phone-in-dash", "+91-98765-43210", ["98765-43210"]),
    P("phone-in-plain", "Contact: 9876543210", ["9876543210"]),
    P("phone-us", "(415) 555-0134", ["555-0134"]),
    P("phone-us-dots", "cell 415.555.0134", ["415.555.0134"]),
    P("phone-us-intl", "+1 415 555 0134", ["415 555 0134"]),
    P("phone-us-ext", "Phone: 212-555-0187 x204", ["555-0187"]),
    P("phone-br", "Telefone: (11) 98765-4321", ["98765-4321"]),
    P("phone-br-intl", "+55 11 98765-4321", ["98765-4321"]),
    P("phone-nl", "tel. 06-12345678", ["12345678"]),
    P("phone-nl-intl", "+31 6 12345678", ["12345678"]),
    P("phone-nl-land", "Telefoon: 020-123 4567", ["123 4567"]),
    P("phone-csv", "name,phone,city\nBram de Wit,+31 20 794 5566,Utrecht\n", ["794 5566", "Bram de Wit"]),
    P("phone-vcard", "BEGIN:VCARD\nFN:Oona Lindqvist\nTEL;TYPE=cell:+46 70 123 45 67\nEND:VCARD\n",
      ["123 45 67", "Oona Lindqvist"]),
    P("phone-json", '{"contact":{"phone":"+49 89 60712275","mobile":"0151 23456789"}}', ["60712275", "23456789"]),
    P("phone-sig", "--\nDr. Hanna Seidl\nT +43 1 512 34 56\nM +43 664 123 45 67\n", ["512 34 56", "123 45 67", "Seidl"]),
    P("phone-wa-intl", "whatsapp: +5511987654321", ["5511987654321"]),
    P("phone-tel-uri", '<a href="tel:+442079460958">call</a>', ["442079460958"]),
]

# --- item 5: addresses in other shapes ---------------------------------------------------------

ADDR = [
    P("addr-urlenc", "GET /api/users?email=tam.nguyen%40corp.example&page=2", ["tam.nguyen", "corp.example"], ["page=2"]),
    P("addr-urlenc-lower", "redirect?next=%2Fhome&login_hint=o.ruiz%40gmail.com", ["o.ruiz"]),
    P("addr-urlenc-plus", "subscribe?e=ana%2Bnews%40mail.example", ["ana%2Bnews"]),
    P("addr-unc", r"copy \\fs01.corp.local\hr$\payroll.xlsx", ["fs01.corp.local"]),
    P("addr-unc-ip", r"net use Z: \\nas-buchhaltung\share", ["nas-buchhaltung"]),
    P("addr-unc-file", "file://fs01.corp.local/share/x.pdf", ["fs01.corp.local"]),
    P("addr-cc-lower", "cc: jordan, priya and tomás", ["jordan", "priya", "tomás"]),
    P("addr-attendees-accents", "Attendees: josé, zoë, renée; agenda below", ["josé", "zoë", "renée"], ["agenda below"]),
    P("addr-attendees-lower", "Attendees: mikko, sanne, rafael", ["mikko", "sanne", "rafael"], modes=S),
    P("addr-mailto", "<a href=\"mailto:r.oyelaran@corp.example?subject=Offer\">", ["r.oyelaran"]),
    P("addr-obfuscated", "reach me at dana.whitfield [at] corp [dot] example", ["dana.whitfield"]),
    P("addr-obfuscated-caps", "Kontakt: m.schulz AT kanzlei-schulz DOT de", ["m.schulz", "kanzlei-schulz"]),
]

# --- item 6: one value, one placeholder (checked separately below) ------------------------------

# --- item 7 and general: must-survive controls -------------------------------------------------

CONTROLS = [
    P("keep-order", "Order ORD-2024-00017 shipped 2024-03-12.", [], ["ORD-2024-00017", "2024-03-12"]),
    P("keep-invoice", "Invoice INV-2024-4808 is due 2024-04-01.", [], ["INV-2024-4808", "2024-04-01"]),
    P("keep-invoice2", "Rechnung Nr. RE-2023-11873 vom 14.02.2023", [], ["RE-2023-11873", "14.02.2023"]),
    P("keep-factura", "Factura F2024/000381 emitida el 03/04/2024", [], ["F2024/000381", "03/04/2024"]),
    P("keep-po", "PO 4500012345 approved", [], ["4500012345"]),
    P("keep-cve", "Patched CVE-2024-3094 and CVE-2021-44228.", [], ["CVE-2024-3094", "CVE-2021-44228"]),
    P("keep-ticket", "See JIRA-4821 and OPS-112, PROJ-2024-77.", [], ["JIRA-4821", "OPS-112", "PROJ-2024-77"]),
    P("keep-gh-issue", "Fixes #1234, refs GH-88", [], ["#1234", "GH-88"]),
    P("keep-iso-date", "Kick-off on 2024-03-07, review 2024-06-30.", [], ["2024-03-07", "2024-06-30"]),
    P("keep-iso-datetime", "created_at: 2024-03-07T09:30:00+01:00", [], ["2024-03-07T09:30:00+01:00"]),
    P("keep-de-date", "Termin am 07.03.2024 um 14:30 Uhr", [], ["07.03.2024", "14:30"]),
    P("keep-us-date", "Due 03/07/2024", [], ["03/07/2024"]),
    P("keep-date-words", "Signed 7 March 2024 in Madrid", [], ["7 March 2024"]),
    P("keep-start-date", "start_date: 1984-03-07", [], ["1984-03-07"]),
    P("keep-hire-date", "hire_date,2019-05-01", [], ["2019-05-01"]),
    P("keep-duration", "took 1h 23m 45s (5025 ms), p99 1234.5 ms", [], ["1h 23m 45s", "5025 ms", "1234.5 ms"]),
    P("keep-duration-iso", "timeout: PT30M, retention P90D", [], ["PT30M", "P90D"]),
    P("keep-amount-eur", "Total 12.345,67 EUR, net 10.374,51 €", [], ["12.345,67", "10.374,51"]),
    P("keep-amount-usd", "Amount: $1,234,567.89 (USD)", [], ["$1,234,567.89"]),
    P("keep-amount-inr", "₹ 12,34,567.00 paid", [], ["12,34,567.00"]),
    P("keep-amount-brl", "R$ 1.234,56", [], ["1.234,56"]),
    P("keep-version", "bumped requests 2.31.0 -> 2.32.3, node v20.11.1", [], ["2.31.0", "2.32.3", "v20.11.1"]),
    P("keep-version-long", "Build 10.0.19045.3803", [], ["10.0.19045.3803"]),
    P("keep-semver-pre", "version = \"1.4.0-rc.2+build.5114\"", [], ["1.4.0-rc.2+build.5114"]),
    P("keep-tz", "TZ=Asia/Ho_Chi_Minh; server in America/Argentina/Buenos_Aires", [],
      ["Asia/Ho_Chi_Minh", "America/Argentina/Buenos_Aires"]),
    P("keep-tz-words", "Times are in Coordinated Universal Time and Central European Summer Time.", [],
      ["Coordinated Universal Time"]),
    P("keep-tz-eu", "timezone: Europe/Berlin", [], ["Europe/Berlin"]),
    P("keep-k8s", "labels:\n  app.kubernetes.io/name: api\n  app.kubernetes.io/part-of: billing\n", [],
      ["app.kubernetes.io/name", "app.kubernetes.io/part-of"]),
    P("keep-k8s2", "kubectl.kubernetes.io/last-applied-configuration: '{}'", [],
      ["kubectl.kubernetes.io/last-applied-configuration"]),
    P("keep-k8s3", "topology.kubernetes.io/zone=eu-west-1a node.kubernetes.io/instance-type=m5.large", [],
      ["topology.kubernetes.io/zone", "node.kubernetes.io/instance-type"]),
    P("keep-sha256", "image: registry.example/api@sha256:2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881", [],
      ["sha256:2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"]),
    P("keep-sha256-digest", "Digest: sha256:2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881", [],
      ["sha256:2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"]),
    P("keep-git-sha", "merge 9fceb02d0ae598e95dc970b74767f19372d61af8 into main", [],
      ["9fceb02d0ae598e95dc970b74767f19372d61af8"]),
    P("keep-short-sha", "at commit 9fceb02 (HEAD)", [], ["9fceb02"]),
    P("keep-port", "listening on 0.0.0.0:8080, metrics :9090, db port 5432", [], ["8080", ":9090", "5432"]),
    P("keep-port-yaml", "ports:\n  - \"443:8443\"\n  - 30080\n", [], ["443:8443", "30080"]),
    P("keep-add-key", '<add key="PageSize" value="50" />', [], ['key="PageSize"', 'value="50"']),
    P("keep-add-key2", '<add key="MaxRetries" value="3"/><add key="EnableCache" value="true"/>', [],
      ['key="MaxRetries"', 'key="EnableCache"']),
    P("keep-uuid-ish", "request_id=3f2b1c4e-9a7d-4e21-b5c3-0d8f6a1e2b47", [], []),
    P("keep-line-col", "src/app.py:120:15: E501 line too long", [], ["120:15", "E501"]),
    P("keep-http", "HTTP/1.1 404 Not Found in 37 ms", [], ["HTTP/1.1 404", "37 ms"]),
    P("keep-percent", "CPU 87.5%, memory 12.3 GiB of 16 GiB", [], ["87.5%", "12.3 GiB"]),
    P("keep-count", "processed 1,234,567 rows in 12 batches of 102,880", [], ["1,234,567", "102,880"]),
    P("keep-iso-week", "sprint 2024-W11, Q3 2024, FY24", [], ["2024-W11", "Q3 2024"]),
    P("keep-range", "pages 120-135, items 4001-4500", [], ["120-135", "4001-4500"]),
    P("keep-ip-local", "bind 127.0.0.1 and ::1", [], ["127.0.0.1", "::1"]),
    P("keep-hex-colour", "color: #1a2b3c; background: #FFF", [], ["#1a2b3c"]),
    P("keep-checksum-md5", "md5 5d41402abc4b2a76b9719d911017c592", [], ["5d41402abc4b2a76b9719d911017c592"]),
    P("keep-iso-cc", "country: DE, currency: EUR, locale de_DE.UTF-8", [], ["de_DE.UTF-8", "EUR"]),
    P("keep-postcode", "Ships from warehouse zone 4, shelf 12-B", [], ["shelf 12-B"]),
    P("keep-cron", "schedule: \"*/15 3-5 * * 1-5\"", [], ["*/15 3-5 * * 1-5"]),
    P("keep-k8s-res", "resources: {cpu: 500m, memory: 512Mi}", [], ["500m", "512Mi"]),
    P("keep-build-num", "Build #20240307.4 succeeded in 00:04:13", [], ["20240307.4", "00:04:13"]),
    P("keep-run-id", "run_id: 8123456789, attempt 2", [], []),
    P("keep-sku", "SKU 4006381333931 (EAN), ISBN 978-3-16-148410-0", [], ["ISBN 978-3-16-148410-0"]),
    P("keep-phone-like-dur", "latency 120 130 125 140 ms over 5 runs", [], ["120 130 125 140 ms"]),
    P("keep-money-split", "Q1: 1 234 567 EUR; Q2: 2 345 678 EUR", [], ["1 234 567 EUR"]),
    P("keep-de-plz", "Lieferung nach PLZ-Bereich 80 bis 85", [], ["80 bis 85"]),
    P("keep-french-time", "Réunion à 14h30, durée 1h15", [], ["14h30", "1h15"]),
    P("keep-log-ts", "2024-03-07 09:30:01,123 INFO [main] started in 4.213 s", [], ["2024-03-07 09:30:01,123", "4.213 s"]),
    P("keep-syslog", "Mar  7 09:30:01 web01 systemd[1]: Started nginx.service.", [], ["09:30:01", "systemd[1]"]),
    P("keep-gh-actions", "uses: actions/checkout@v4\nruns-on: ubuntu-22.04", [], ["actions/checkout@v4", "ubuntu-22.04"]),
    P("keep-npm", '"lodash": "^4.17.21", "react": "18.2.0"', [], ["^4.17.21", "18.2.0"]),
    P("keep-python-req", "django>=4.2,<5.0\nnumpy==1.26.4", [], ["django>=4.2,<5.0", "numpy==1.26.4"]),
    P("keep-docker-tag", "image: postgres:16.2-alpine", [], ["postgres:16.2-alpine"]),
    P("keep-env-path", "PATH=/usr/local/bin:/usr/bin:/bin", [], ["/usr/local/bin:/usr/bin:/bin"]),
    P("keep-home-generic", "cd $HOME/.config && ls ~/.ssh", [], ["$HOME/.config", "~/.ssh"]),
    P("keep-home-root", "/root/.bashrc and /home/ are shared", [], ["/root/.bashrc"]),
    P("keep-exit", "Process exited with code 137 after 3600 s", [], ["code 137", "3600 s"]),
    P("keep-iban-bad", "Test vector DE00123456780000000000 fails mod-97", [], []),
    P("keep-order-digits", "Order 4006381333931 and 2341 2341 2345", [], ["2341 2341 2345"]),
    P("keep-aadhaar-bad", "ref 9871 0273 4447 invalid", [], ["9871 0273 4447"]),
    P("keep-dni-bad", "código 24840187B", [], ["24840187B"]),
    P("keep-sort-like", "range 20-32-06 in table", [], []),
    P("keep-temp", "Temperatur 21,5 °C, Luftfeuchte 45 %", [], ["21,5 °C", "45 %"]),
    P("keep-decimal-list", "weights 0.25 0.50 0.75 1.00", [], ["0.25 0.50 0.75 1.00"]),
    P("keep-bytes", "size 1048576 bytes (1 MiB)", [], ["1048576 bytes"]),
    P("keep-epoch", "ts=1709800201 exp=1709803801", [], ["1709800201"]),
    P("keep-semver-table", "| lib | 3.11.4 | 3.12.1 |", [], ["3.11.4", "3.12.1"]),
    P("keep-account-word", "account: admin\npassport: required\nrouting: static", [], ["admin", "required", "static"]),
    P("keep-born-code", "a service born in 2019 serving 12 countries", [], ["2019"]),
    P("keep-tel-word", "telemetry interval 30 s, telnet port 23", [], ["30 s", "23"]),
    P("keep-iso8601-range", "2024-03-01/2024-03-31", [], ["2024-03-01/2024-03-31"]),
    P("keep-chmod", "chmod 0644 file; umask 022", [], ["0644", "022"]),
    P("keep-coords", "lat 52.5200, lon 13.4050", [], ["52.5200", "13.4050"]),
    P("keep-date-range-de", "Zeitraum 01.01.2024 - 31.12.2024", [], ["01.01.2024 - 31.12.2024"]),
    P("keep-k8s-annot", "prometheus.io/scrape: \"true\"\nprometheus.io/port: \"9102\"", [], ["prometheus.io/scrape"]),
    P("keep-aws-region", "region eu-central-1, az eu-central-1b", [], ["eu-central-1"]),
    P("keep-arn-noacct", "arn:aws:s3:::my-bucket/logs", [], ["arn:aws:s3:::"]),
    P("keep-cpf-bad", "protocolo 445.873.871-27 (dígito inválido)", [], ["445.873.871-27"]),
    P("keep-itin-doc", "ITIN 912-70-1234 on W-7 form", [], ["W-7 form"]),
    P("keep-dob-column-free", "created 1984-03-07 by the import job", [], ["1984-03-07"]),
    P("keep-xml-start", "<start>2019-05-01</start><end>2020-05-01</end>", [], ["2019-05-01", "2020-05-01"]),
    P("keep-log-level-line", "[2024-03-07, 09:30:01] ERROR: disk full\n2024-03-07 09:30:01 - WARNING: retry", [], ["ERROR: disk full", "WARNING: retry"]),
    P("keep-kwarg-user", "client.connect(host, port=5432, user=db_user)\nlogin(user=current_user)", [], ["user=db_user", "user=current_user"]),
    P("keep-by-default", "the value (by default) is 30 s; sorted by name", [], ["(by default)", "by name"]),
    P("keep-mac-like-time", "uptime 12:34:56", [], ["12:34:56"]),
]

# --- a second batch, written after the first round of fixes (the first batch had shaped them) ---

B2 = [
  P("b2-iban-spaced-lower-de", "Bankverbindung: IBAN de79 6209 6654 2870 7229 71, BIC GENODEF1XXX", ["6209 6654 2870"]),
  P("b2-dob-yaml-camel", "employee:\n  dateOfBirth: '1979-08-01'\n  startDate: '2019-05-01'\n", ["1979-08-01"], ["2019-05-01"]),
  P("b2-dob-ini", "[person]\nbirthday=01.08.1979\n", ["01.08.1979"]),
  P("b2-dob-md", "| Field | Value |\n|---|---|\n| Date of birth | 1 Aug 1979 |\n", ["1 Aug 1979"]),
  P("b2-dob-prose-de", "Frau Schäfer (geb. 01.08.1979) wohnt in Köln.", ["01.08.1979"]),
  P("b2-dob-es-prose", "nacida el 1 de agosto de 1979 en Bilbao", ["agosto de 1979"]),
  P("b2-passport-mrz", "P<GBRWHITFIELD<<DANA<MARIE<<<<<<<<<<<<<<<<<<<\n5618492038GBR7908013F3001019<<<<<<<<<<<<<<02\n", ["WHITFIELD", "DANA", "561849203"]),
  P("b2-nino-csv", "staff_id,ni_number\n77,QQ123456C\n", ["QQ123456C"]),
  P("b2-ssn-prose", "Her Social Security Number is 536-22-8741.", ["536-22-8741"]),
  P("b2-aadhaar-dash", "Aadhaar No: 9871-0273-4446", ["9871-0273-4446"]),
  P("b2-pan-lower", "pan: bqxpk4821m", ["bqxpk4821m"]),
  P("b2-vat-fr-spaced", "N° TVA intracommunautaire : FR 40 303 265 045", ["303 265 045"]),
  P("b2-cpf-json", '{"cliente": {"nome": "Thiago Moura", "cpf": "060.190.735-30"}}', ["060.190.735-30", "Thiago Moura"]),
  P("b2-routing-prose", "Wire to routing number 138071710, account 000123456789.", ["138071710", "000123456789"]),
  P("b2-eth-prose", "Donations: 0x14f149f83b5ae08e9df0b3f13052ba131525fa27 (ERC-20)", ["14f149f83b5ae08e9df0b3f13052ba131525fa27"]),
  P("b2-home-quoted", 'WorkingDirectory="/home/amaral.f/app"', ["amaral.f"]),
  P("b2-win-lower", r"c:\users\obinna\desktop\todo.txt", ["obinna"]),
  P("b2-wsl", "/mnt/c/Users/kpatel/Downloads/report.pdf", ["kpatel"]),
  P("b2-git-reflog", "Merge pull request #88 from lhuang/fix-typo", ["lhuang"], ["#88"]),
  P("b2-gh-actions-log", "Run actions/checkout@v4\n  triggered by: nkowalski\n", ["nkowalski"]),
  P("b2-npm-log", "npm ERR! A complete log of this run can be found in: /Users/pmurali/.npm/_logs/x.log", ["pmurali"]),
  P("b2-docker-ps", "CONTAINER ID   IMAGE   COMMAND\nab12   api   \"/home/rsingh/run.sh\"", ["rsingh"]),
  P("b2-ssh-config", "Host bastion\n  HostName 10.0.0.5\n  User tfernandes\n", ["tfernandes"]),
  P("b2-ansible", "ansible_user: dkaur\nansible_host: 10.0.0.7\n", ["dkaur"]),
  P("b2-htop", "  PID USER      PRI  NI\n 1234 jmwangi    20   0\n", ["jmwangi"], modes=S),
  P("b2-ls-l", "-rw-r--r--  1 egarcia  staff  4096 Mar  5 10:00 notes.txt", ["egarcia"]),
  P("b2-telegram-json", '{"messages": [{"id": 1, "from": "Lerato Dlamini", "from_id": "user123", "text": "hi"}]}', ["Lerato Dlamini"]),
  P("b2-discord", "[05-Mar-24 10:01 AM] vikram_s: deploy is green", ["vikram_s"], modes=S),
  P("b2-imessage", "Mar 5, 2024 at 10:01:33 AM\nFrom: +44 7700 900123\nhello\n", ["7700 900123"]),
  P("b2-mail-q-subject-name", "Subject: =?UTF-8?Q?Re:_Treffen_mit_J=C3=BCrgen_Wei=C3=9F?=\n", ["J=C3=BCrgen", "Wei=C3=9F"]),
  P("b2-mail-b-from-iso", "From: =?ISO-8859-1?B?SvxyZ2VuIFdlad8=?= <x@y.example>\n", ["SvxyZ2VuIFdlad8="]),
  P("b2-mail-qp-phone", "Content-Transfer-Encoding: quoted-printable\n\nTel.: +49 89 =\n6071 2275\n", ["6071", "2275"]),
  P("b2-phone-de-local", "Tel. 0221 4567890", ["4567890"]),
  P("b2-phone-fr-dots", "Tél : 04.78.12.34.56", ["04.78.12.34.56"]),
  P("b2-phone-es-fijo", "Teléfono fijo: 93 412 34 56", ["412 34 56"]),
  P("b2-phone-it", "cell. +39 347 123 4567", ["123 4567"]),
  P("b2-phone-uk-local", "Ring me on 0161 496 0000", ["496 0000"], modes=S),
  P("b2-phone-br-local", "WhatsApp: 11 98765-4321", ["98765-4321"]),
  P("b2-phone-us-paren-nospace", "Phone:(415)555-0134", ["555-0134"]),
  P("b2-phone-in-landline", "Ph: 022 2345 6789", ["2345 6789"]),
  P("b2-urlenc-upper", "?user=J.DOE%40CORP.EXAMPLE&x=1", ["J.DOE"]),
  P("b2-unc-fwd", "//fs01.corp.local/share/hr/payroll.xlsx", ["fs01.corp.local"]),
  P("b2-mailto-enc", "mailto:pia.lund%40corp.example?subject=hi", ["pia.lund"]),
]
C2 = [
  P("keep2-ticket-lower", "see inv-2024-4808 and cve-2024-3094", [], ["inv-2024-4808", "cve-2024-3094"]),
  P("keep2-dates-many", "Releases: 2023-11-02, 2024-01-15 and 2024-03-07.", [], ["2023-11-02", "2024-01-15", "2024-03-07"]),
  P("keep2-born-project", "The idea was born on 2019-05-01 during a hackathon.", [], []),
  P("keep2-acct-word", "account: sales\naccount_id: 42", [], ["sales"]),
  P("keep2-passport-photo", "passport photo size: 35x45 mm", [], ["35x45 mm"]),
  P("keep2-k8s-selector", "selector:\n  matchLabels:\n    app.kubernetes.io/instance: api-7d9f\n", [], ["app.kubernetes.io/instance"]),
  P("keep2-durations", "retry after 00:00:30, backoff 1.5x, window 15m", [], ["00:00:30", "15m"]),
  P("keep2-iso-amount", "EUR 1.234.567,89 and USD 1,234,567.89", [], ["1.234.567,89", "1,234,567.89"]),
  P("keep2-ports-list", "open ports: 22, 80, 443, 5432, 6379, 27017", [], ["27017"]),
  P("keep2-version-list", "tested on 3.11.7, 3.12.1 and 3.13.0rc1", [], ["3.13.0rc1"]),
  P("keep2-user-agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36", [], ["537.36"]),
  P("keep2-phone-like-id", "build 2024 0307 1234 finished", [], []),
  P("keep2-uid-gid", "uid=1000 gid=1000 groups=27(sudo)", [], ["uid=1000"]),
  P("keep2-sudo-prose", "use sudo to install; the session closed at 10:00", [], ["sudo", "10:00"]),
  P("keep2-by-default-log", "2024-03-05 job started by scheduler (by default every 5m)", [], ["(by default every 5m)"]),
]

# --- a third batch, after the second round of fixes ---

B3 = [
  P("b3-iban-md", "| Lieferant | IBAN |\n|---|---|\n| Holm | DE79 6209 6654 2870 7229 71 |\n", ["6209 6654 2870"]),
  P("b3-iban-nospace-prose", "Überweisung an DE79620966542870722971 bis Freitag", ["DE79620966542870722971"]),
  P("b3-dob-colon-table", "Name: Jonas Kröger\nGeb.-Datum: 02.11.1979\n", ["02.11.1979"]),
  P("b3-dob-us", "DOB 11/02/79", ["11/02/79"]),
  P("b3-dob-age", "Born: 2 Nov 1979 (age 44)", ["2 Nov 1979"]),
  P("b3-nie-lower", "nie: x8137325v", ["x8137325v"]),
  P("b3-ssn-spaces", "SSN 536 22 8741", ["536 22 8741"]),
  P("b3-passport-json", '{"passportNumber": "C01X00T47", "nationality": "DEU"}', ["C01X00T47"]),
  P("b3-driver", "Führerschein-Nr.: B072RRE2I55", ["B072RRE2I55"]),
  P("b3-aadhaar-masked", "Aadhaar XXXX XXXX 4446 (masked) and full 9871 0273 4446", ["9871 0273 4446"]),
  P("b3-card-dots", "Karte 4924.7775.6714.1278", ["4924.7775.6714.1278"]),
  P("b3-phone-de-plus49-0", "Tel.: +49 (0) 89 / 6071 2275", ["6071 2275"]),
  P("b3-phone-fr-0033", "Tél : 0033 6 12 34 56 78", ["12 34 56 78"]),
  P("b3-phone-es-dots", "Tfno. 91.863.71.72", ["91.863.71.72"]),
  P("b3-phone-uk-prose", "You can reach Priya on 07700 900 123 most mornings.", ["900 123"]),
  P("b3-phone-in-prose", "call me at 98765-43210 tomorrow", ["98765-43210"]),
  P("b3-user-home-tilde-path", "cp notes.md ~kmorales/", ["kmorales"]),
  P("b3-user-pwd", "PWD=/home/ltran/src/app", ["ltran"]),
  P("b3-user-git-config", "[user]\n\tname = Ayesha Siddiqui\n\temail = ayesha@corp.example\n", ["Ayesha Siddiqui", "ayesha@corp.example"]),
  P("b3-user-npmrc", "//registry.npmjs.org/:username=mkovacs", ["mkovacs"]),
  P("b3-user-k8s-ctx", "contexts:\n- context:\n    cluster: prod\n    user: jpereira@prod\n", ["jpereira"]),
  P("b3-mail-q-to", "To: =?utf-8?Q?Ren=C3=A9e_Dubois?= <renee.dubois@corp.example>\n", ["Ren=C3=A9e", "Dubois", "renee.dubois"], modes=S),
  P("b3-addr-urlenc-double", "next=%2Fprofile%3Femail%3Dk.ito%2540corp.example", ["k.ito"]),
]
C3 = [
  P("keep3-iban-example-text", "The IBAN field holds 22 characters in Germany.", [], ["22 characters"]),
  P("keep3-dob-column-empty", "name,dob\n,\n", [], []),
  P("keep3-order-date", "Bestelldatum: 07.03.2024, Lieferdatum: 09.03.2024", [], ["07.03.2024", "09.03.2024"]),
  P("keep3-ids-in-code", "const MAX_USERS = 100; user_id = 42", [], ["MAX_USERS = 100", "user_id = 42"]),
  P("keep3-version-phone-like", "firmware 1.2.3456.7890 build", [], ["1.2.3456.7890"]),
]

PROBES = IDS + USERS + MAIL + PHONES + ADDR + B2 + B3
ALL = PROBES + CONTROLS + C2 + C3


def _redactor(mode: str) -> Redactor:
    return Redactor(Policy(
        mode=mode,
        clients=("Acme Corp", "Brightwater Analytics"),
        people=("Avery Example", "Zoë Brändli", "Jürgen Weiß"),
        aliases=(AliasGroup("Avery Example", "PERSON", ("Avery", "avery@example.com")),
                 AliasGroup("Zoë Brändli", "PERSON", ("Zoë", "Zoe Brandli", "zoe.brandli@brightwater.example")),
                 AliasGroup("Jürgen Weiß", "PERSON", ("Jürgen", "Juergen Weiss"))),
    ), SALT)


_CACHE: dict[str, Redactor] = {}


def _out(mode: str, text: str) -> str:
    if mode not in _CACHE:
        _CACHE[mode] = _redactor(mode)
    return _CACHE[mode].redact(text).text


def _case(mode: str, probe: Probe) -> tuple[list[str], list[str]]:
    out = _out(mode, probe.text)
    leaked = [v for v in probe.leaks if v in out]
    changed = [k for k in probe.keeps if k not in out]
    return leaked, changed


#: Rows that still fail, by (mode, family): documented gaps, expected to fail (strict xfail, so a
#: fix that makes one pass must remove it here).
KNOWN_GAPS: frozenset[tuple[str, str]] = frozenset(
    [("strict", "b3-driver"), ("balanced", "b3-driver")])


def _rows(mode: str) -> list:
    return [pytest.param(p, id=p.family, marks=pytest.mark.xfail(strict=True, reason="known gap"))
            if (mode, p.family) in KNOWN_GAPS else pytest.param(p, id=p.family)
            for p in ALL if mode in p.modes]


@pytest.mark.parametrize("probe", _rows("strict"))
def test_strict_mode_hides_every_probed_value_and_keeps_every_control(probe):
    leaked, changed = _case("strict", probe)
    assert not leaked and not changed, (leaked, changed)


@pytest.mark.parametrize("probe", _rows("balanced"))
def test_balanced_mode_hides_every_probed_value_and_keeps_every_control(probe):
    leaked, changed = _case("balanced", probe)
    assert not leaked and not changed, (leaked, changed)


def test_the_probe_table_is_broad_enough():
    assert len(PROBES) >= 150 and len(CONTROLS + C2 + C3) >= 80
    assert len({p.family for p in ALL}) == len(ALL)


# --- item 6 ------------------------------------------------------------------------------------

_SAME = [
    ("kwame", ["12/03/2024, 14:22 - kwame: hi", "kwame@ws-1:~$ ls", "ssh kwame@host", "/home/kwame/x",
               "Started by user kwame", "level=info user=kwame", "sshd: Accepted publickey for kwame from 10.1.2.3",
               "cc: kwame, jo", "-rw-r--r-- 1 kwame staff 1 Mar 5 x", "GITLAB_USER_LOGIN=kwame"]),
    ("Maren", ["Owner: Maren", "Thanks Maren!", "Maren: ok", "cc: Maren, Jo", '{"real_name": "Maren"}']),
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("value,texts", _SAME, ids=[v for v, _ in _SAME])
def test_one_value_keeps_one_placeholder_whichever_rule_catches_it(mode, value, texts):
    red = _redactor(mode)
    anchor = red.redact(f'{{"login": "{value}"}}').text  # one rule's placeholder for the value
    placeholder = anchor[len('{"login": "'):-2]
    for t in texts:
        out = red.redact(t).text
        assert value not in out and placeholder in out, (t, out)
