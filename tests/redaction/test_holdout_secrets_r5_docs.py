"""Hold-out secret probes, round 5 (red team, issue 9): credentials consultants write into their own documents.

Each row is (family, text, values that must not come out raw, controls that must survive verbatim).
Families: ``table`` Markdown tables with a password-like column in any position and language, key/value
tables; ``sheet`` CSV/TSV credential sheets; ``html`` wiki and Confluence exports (``<th>``/``<td>``,
``<strong>`` labels, definition lists); ``wiki`` Confluence/Jira markup and macros; ``note`` runbook and
onboarding notes (bullets, numbered steps, bold labels, dashes, parentheses, brackets, Unicode colons,
field lists, Org/AsciiDoc/Obsidian forms, Jupyter JSON); ``intl`` prose and labels in eleven other
languages; ``mail`` e-mails and tickets (quoted replies, forwards, signatures, meeting passcodes);
``left`` what round 4 left open (a door code, an OTP, a passphrase of plain words, a Dutch pincode, a
compound German password word); ``ctl`` ordinary document text with the same words and shapes, which
must stay readable. Values are fictional: random bodies from a fixed seed, or human-style passwords.
"""

from __future__ import annotations

import random
import string

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

_R = random.Random(20261205)
AN = string.ascii_letters + string.digits
_WORDS = ("Kestrel", "Harbor", "Lantern", "Quokka", "Marble", "Falcon", "Juniper", "Cobalt", "Meadow", "Tundra",
          "Sommer", "Fjord", "Praia", "Tulp", "Wisla", "Fika", "Hygge", "Roma", "Lyon", "Madrid")
_PLAIN = ("correct", "horse", "battery", "staple", "purple", "monkey", "dishwasher", "orange", "lantern", "river",
          "castle", "pepper", "window", "garden", "rocket", "violin")


def r(n: int) -> str:
    """A random token with a digit, an upper-case and a lower-case letter."""
    while True:
        t = "".join(_R.choice(AN) for _ in range(n))
        if any(c.isdigit() for c in t) and any(c.isupper() for c in t) and any(c.islower() for c in t):
            return t


def hp() -> str:
    """A human-made password: a word, a symbol and digits (``Fjord!2024``)."""
    return f"{_R.choice(_WORDS)}{_R.choice('!#$@?')}{_R.randint(10, 9999)}"


def digits(n: int) -> str:
    return str(_R.randint(1, 9)) + "".join(_R.choice(string.digits) for _ in range(n - 1))


def phrase(n: int = 4) -> str:
    return " ".join(_R.sample(_PLAIN, n))


ROWS: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = []


def P(family: str, text: str, secrets: tuple[str, ...] | str, controls: tuple[str, ...] = ()) -> None:
    ROWS.append((family, text, (secrets,) if isinstance(secrets, str) else secrets, controls))


# -- tables: a password-like column anywhere, header words in many languages --------------------------------
for head, in_col in (("| System | User | Password |", 2), ("| Password | Host | User |", 0),
                     ("| System | Login | PW |", 2), ("| Dienst | Benutzer | Passwort |", 2),
                     ("| Dienst | Kennung | Kennwort |", 2), ("| Service | Identifiant | Mot de passe |", 2),
                     ("| Servicio | Usuario | Contraseña |", 2), ("| Systeem | Gebruiker | Wachtwoord |", 2),
                     ("| Sistema | Usuário | Senha |", 2), ("| System | Użytkownik | Hasło |", 2),
                     ("| Host | Pass | Notes |", 1), ("| Konto | Lösenord | Ägare |", 1)):
    a, b = hp(), r(12)
    cells = [["jira", "admin"], ["wiki", "jdoe"]]
    for row, v in zip(cells, (a, b)):
        row.insert(in_col, v)
    body = "\n".join("| " + " | ".join(c) + " |" for c in cells)
    P("table", f"{head}\n|---|---|---|\n{body}", (a, b), ("jira", "wiki"))
v = digits(6)
P("table", f"| Device | PIN |\n|---|---|\n| Alarm panel | {v} |\n| Safe | {(w := digits(4))} |", (v, w),
  ("Alarm panel",))
v = "AIza" + r(35)
P("table", f"| Service | Key |\n|---|---|\n| Maps API | {v} |", v)
v = r(32)
P("table", f"| Name | Token |\n|---|---|\n| CI bot | {v} |", v)
v = r(32)
P("table", f"| App | Secret |\n|---|---|\n| SSO | {v} |", v)
v = hp()
P("table", f"| Umgebung | Zugangsdaten |\n|---|---|\n| Test | admin / {v} |", v)
v = hp()
P("table", f"| Key | Value |\n|---|---|\n| Host | db.internal |\n| User | svc_app |\n| Password | {v} |", v,
  ("db.internal", "svc_app"))
v = hp()
P("table", f"| Field | Value |\n|---|---|\n| Username | ops |\n| Pass | {v} |", v)
v = digits(4)
P("table", f"| Field | Value |\n|---|---|\n| SIM | Diensthandy |\n| PIN | {v} |\n| PUK | {(w := digits(8))} |",
  (v, w))

# -- CSV / TSV credential sheets -----------------------------------------------------------------------------
a, b = hp(), r(11)
P("sheet", f"system,user,password\njira,admin,{a}\nwiki,jdoe,{b}", (a, b), ("jira", "wiki"))
a, b = hp(), r(10)
P("sheet", f'"System";"Benutzer";"Passwort"\n"SAP";"schulz";"{a}"\n"Mail";"meyer";"{b}"', (a, b))
a, b = hp(), r(10)
P("sheet", f"Host\tUser\tPassword\tNotes\ndb01\tsa\t{a}\tprod\nweb02\troot\t{b}\tstaging", (a, b),
  ("db01", "web02", "staging"))
a, b = r(12), hp()
P("sheet", f"name,url,username,password,note\nGitLab,https://git.example.org,jdoe,{a},\n"
  f"AWS,https://signin.aws.amazon.com,ops,{b},root", (a, b))
a = hp()
P("sheet", f"Kunde;Umgebung;Login;PW\nBeispiel GmbH;Prod;admin;{a}", a)
a = hp()
P("sheet", f"password,system\n{a},router", a, ("router",))

# -- HTML exports ------------------------------------------------------------------------------------------
v = hp()
P("html", "<table><tr><th>System</th><th>User</th><th>Password</th></tr>"
  f"<tr><td>Jenkins</td><td>admin</td><td>{v}</td></tr></table>", v)
v = r(10)
P("html", f"<table><tbody><tr><td><strong>Password</strong></td><td>{v}</td></tr></tbody></table>", v)
v = hp()
P("html", f"<tr><td><b>Kennwort</b></td><td>{v}</td></tr>", v)
v = r(10)
P("html", '<table class="confluenceTable"><tbody><tr><th class="confluenceTh">Host</th>'
  '<th class="confluenceTh">Passwort</th></tr><tr><td class="confluenceTd">db01</td>'
  f'<td class="confluenceTd">{v}</td></tr></tbody></table>', v)
v = hp()
P("html", f"<dl><dt>Password</dt><dd>{v}</dd></dl>", v)

# -- wiki markup -------------------------------------------------------------------------------------------
v = hp()
P("wiki", f"||System||User||Password||\n|Jenkins|admin|{v}|", v)
v = r(10)
P("wiki", f"||Password||{v}||", v)
v = hp()
P("wiki", f"{{code}}\nuser: admin\npassword: {v}\n{{code}}", v)
v = hp()
P("wiki", f"{{panel:title=Credentials}}\nUser: deploy\nPassword: {v}\n{{panel}}", v)

# -- structured notes --------------------------------------------------------------------------------------
for tmpl in ("Credentials:\n- user: svc_backup\n- pass: {}", "Credentials:\n  * Username: jdoe\n  * Password: {}",
             "3. Enter the password {} and click OK.", "2. Type {} as the password when prompted.",
             "**Password:** {}", "**Passwort**: {}", "Password — {}", "Log into the NAS (pw: {}) and check the RAID.",
             "Router [pw {}] in the basement.", "The DSN is host=db01;user=app;pwd={}; keep it safe.",
             "Password：{}", "Passwort： {}", "Password:\u00a0{}", ":password: {}", ":Password: {}",
             "#+PASSWORD: {}", "- Password :: {}", "Password\n: {}",
             "> [!note] Credentials\n> user: admin\n> password: {}"):
    v = _R.choice((hp, lambda: r(10)))()
    P("note", tmpl.format(v), v)
v = phrase(4)
P("note", f'password: "{v}"', v)
v = phrase(3) + " 42"
P("note", f'Passphrase: "{v}"', v)
v = hp()
P("note", '{"cell_type": "code", "source": ["import psycopg2\\n", "conn = psycopg2.connect(host=\'db\', '
  f'user=\'app\', password=\'{v}\')\\n"]}}', v)
v = r(10)
P("note", f'{{"cell_type": "markdown", "source": ["## Access\\n", "Password: {v}\\n"]}}', v)

# -- other languages ---------------------------------------------------------------------------------------
for tmpl in ("Das Passwort lautet {}, bitte nicht weitergeben.", "Das neue Kennwort ist {}",
             "Zugangsdaten: Benutzer m.schulz, Passwort {}", "PW: {}", "Kennung: SCHULZM / Kennwort: {}",
             "Das WLAN-Passwort: {}", "Le mot de passe est {} pour le compte admin.", "mdp : {}",
             "Identifiant : pdupont / mot de passe : {}", "Ton mot de passe provisoire est {}",
             "La contraseña es {} y el usuario es jgarcia.", "clave: {}", "Tu contraseña temporal: {}",
             "La password è {}", "la password del wifi è {}", "Het wachtwoord is {}", "wachtwoord: {}",
             "A senha é {}", "senha: {}", "A senha do wifi é {}", "hasło: {}", "Hasło to {}",
             "Twoje hasło jest {}", "lösenord: {}", "Lösenordet är {}", "adgangskode: {}", "Adgangskoden er {}",
             "passord: {}", "Passordet er {}", "şifre: {}", "Şifre: {}", "Şifreniz {} olarak ayarlandı."):
    v = _R.choice((hp, lambda: r(10)))()
    P("intl", tmpl.format(v), v)
for tmpl in ("Die PIN für das Diensthandy ist {}.", "Le code PIN de la carte est {}.", "El PIN es {}",
             "Il codice PIN è {}"):
    v = digits(4)
    P("intl", tmpl.format(v), v)
v = r(16)
P("intl", f"la clé API est {v}", v)

# -- e-mails and tickets -----------------------------------------------------------------------------------
v = hp()
P("mail", f"Hi Tom,\n\nas discussed, credentials below:\n\nuser: svc-report\npassword: {v}\n\nBest,\nAnna", v)
v = r(10)
P("mail", f"> password: {v}\n> please rotate after use", v)
v = hp()
P("mail", "---------- Forwarded message ---------\nFrom: IT Service Desk\nSubject: Your account\n\n"
  f"Your temporary password is {v}", v)
v = digits(6)
P("mail", f"Anna Weber\nSenior Consultant\nMobile: +49 170 1234567\nConf PIN: {v}#", v)
v = digits(6)
P("mail", f"Dial-in: +1 646 558 8656, Meeting ID: 845 1234 5678, Passcode: {v}", v)
v = hp()
P("mail", f"Ticket INC0012345 comment: reset done, new pw {v}, user must change at next logon.", v)

# -- what round 4 left open --------------------------------------------------------------------------------
v = r(8)
P("left", f"Dein Initialpasswort ist {v} – bitte beim ersten Login ändern.", v)
P("left", f"Das Startkennwort lautet {(v := r(9))}.", v)
v = digits(4)
P("left", f"Der Code für den Serverraum lautet {v}.", v)
v = digits(4)
P("left", f"the code for the storage room is {v}", v)
v = "A" + digits(4)
P("left", f"Le code de la porte est {v}.", v)
v = digits(4)
P("left", f"De pincode is {v}", v)
v = digits(6)
P("left", f"OTP {v}", v)
v = digits(6)
P("left", f"OTP: {v}", v)
v = phrase(4)
P("left", f"Password: {v}", v)
v = phrase(3)
P("left", f"password is {v}", v)
v = r(10)
P("left", f"Can you try {v}? That's what IT gave me for the VPN", v)
v = r(9)
P("left", f"Tom: use {v} to log in", v)

# -- controls: the same words and shapes in ordinary documents ---------------------------------------------
CONTROLS = (
    "Password policy: at least 12 characters, one digit and one symbol.",
    "Reset your password via the portal at the top right.",
    'Passwort vergessen? Klicken Sie auf "Zurücksetzen".',
    "Das Passwort muss mindestens 12 Zeichen lang sein.",
    "Le mot de passe doit contenir au moins 12 caractères.",
    "La contraseña debe tener al menos 8 caracteres.",
    "Het wachtwoord moet minimaal 10 tekens bevatten.",
    "A senha expira em 90 dias.",
    "Hasło musi mieć co najmniej 12 znaków.",
    "Lösenordet måste bytas var 90:e dag.",
    "Şifrenizi mi unuttunuz?",
    "| System | User | Password |\n|---|---|---|\n| Jira | admin | ******** |\n| Wiki | jdoe | (see vault) |\n"
    "| VPN | kmeyer | n/a |\n| SAP | sa | <redacted> |",
    "| System | Password | Changed |\n|---|---|---|\n| Jira | changed | 2024-01-15 |\n| Wiki | rotated | 2024-02-01 |",
    "| System | Password | Ticket |\n|---|---|---|\n| Jira | see ticket | OPS-1123 |\n| Wiki | in 1Password | SEC-88 |",
    "| System | Password |\n|---|---|\n| Jira | expired |\n| Wiki | same as Jira |\n| VPN | unchanged |",
    "| System | Password |\n|---|---|\n| Jira | 2024-01-15 |\n| Wiki | OPS-1123 |\n| VPN | v2.4.1 |",
    "| Product | Seats | Password |\n|---|---|---|\n| Office365 | 40 | SSO |\n| Win11 | 12 | n/a |",
    "| Product | Version | Key |\n|---|---|---|\n| Office365 | 16.0.1 | OPS-1123 |\n| Win11 | 23H2 | n/a |",
    '{"key": "OPS-1123", "summary": "Password reset for VPN"}',
    '{"key": "PROJ-42", "fields": {"summary": "Rotate token"}}',
    "key: OPS-1123",
    "Key: ENG-2231",
    "password: see below",
    "password: (ask Tom)",
    "Password: ask Tom",
    "Passwort: siehe KeePass",
    "Passwort: wie besprochen",
    "Passwort: per SMS",
    "mot de passe : voir le coffre",
    "mot de passe : envoyé par SMS",
    "senha: enviada por SMS",
    "Contraseña: la de siempre",
    "Password: unchanged",
    "Password: same as Jira",
    "Password: sent separately",
    "Password: see Jira",
    "pin: 2024-01-01",
    "pin: 01.01.2024",
    "PIN: n/a",
    "PIN code reader installed at the entrance.",
    "Office365 licenses for Win11 laptops.",
    "Token expiry is 3600 seconds.",
    "Key result 2: reduce churn by 5%.",
    "OTP is enabled for all admin accounts.",
    "OTP 2 of 3 sent.",
    "The code for the project is in repo core-api.",
    "Le code de la porte est affiché à l'accueil.",
    "Password: ******",
    "Password: <your password>",
    "Password: {{ vault_password }}",
    "Password: TBD",
    "Password reset ticket INC0012345 closed.",
    "| Field | Value |\n|---|---|\n| Username | ops |\n| Password | (stored in vault) |",
    "system,user,password\njira,admin,********\nwiki,jdoe,(see vault)",
    "Host\tUser\tPassword\ndb01\tsa\tn/a\nweb02\troot\t<redacted>",
    "Step 3. Enter the password and click OK.",
    "Step 4. Enter your PIN and press Enter.",
    "Enter the one-time code from your authenticator app.",
    "Use your Windows password to log in.",
    'The password is stored in the team vault under "Jira admin".',
    "Le mot de passe est dans le coffre KeePass.",
    "La contraseña está en el gestor.",
    "Password length: 16",
    "Password expires: 2025-03-31",
    "Passwort gültig bis: 31.03.2025",
    "PIN length: 6 digits",
    "Meeting ID: 845 1234 5678",
    "Version 2.4.1 released on 2024-05-02.",
    "Key: value",
    "| Key | Value |\n|---|---|\n| Port | 5432 |\n| Timeout | 30s |\n| Version | 15.4 |",
    "Kennwortrichtlinie: mindestens 12 Zeichen.",
    "Credentials: see the shared vault entry.",
    "Credentials:\n- user: svc_backup\n- pass: (in vault)",
)
for text in CONTROLS:
    P("ctl", text, ())

SECRET_ROWS = [row for row in ROWS if row[1:3] and row[0] != "ctl"]
CONTROL_ROWS = [row for row in ROWS if row[0] == "ctl"]

#: Shapes still open, each a strict xfail in the modes it leaks in: {text fragment: (reason, modes)}.
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {
}
# (Round 14 fixed ``password is <three plain words>``: an unquoted passphrase after ``is`` is read whole.)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(SECRET_ROWS))
def test_a_credential_written_into_a_document_never_comes_out_raw(mode, family, text, secrets, controls):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)
    out = redact_text(mode, text)
    assert all(c in out for c in controls), "the row's other cells stay readable"


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(CONTROL_ROWS))
def test_ordinary_document_text_about_passwords_gets_no_secret_placeholder(mode, family, text, secrets, controls):
    assert "[SECRET_" not in redact_text(mode, text), f"a control gets a secret placeholder in {mode}"


def test_the_round_five_table_covers_every_family():
    assert {row[0] for row in ROWS} == {"table", "sheet", "html", "wiki", "note", "intl", "mail", "left", "ctl"}
    assert len(SECRET_ROWS) >= 100 and len(CONTROL_ROWS) >= 70
