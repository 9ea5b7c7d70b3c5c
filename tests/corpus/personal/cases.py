"""Personal data beyond secrets: HR exports, vendor ledgers, mail archives, chat exports and logs.

Three countries (Germany, Spain, India, plus UK/FR/US bits), fictional values
generated from a seed with valid checksums where the format has one. Every
generated value is labelled: ``secrets`` (identifiers, encoded mail, phones,
logins in their positions) must vanish in both modes; ``keep`` controls
(order and invoice numbers, ISO dates away from birth labels, amounts,
versions, digests, time zones, label keys) must survive verbatim.
"""

from __future__ import annotations

import base64
import random

from redacted_context_mcp.redaction.validators import _VERHOEFF_D, _VERHOEFF_P
from tests.corpus import Case

SUITE = "personal"

FIRST = {"de": ["Jonas", "Lena", "Maximilian", "Sophie", "Lukas", "Hannah"],
         "es": ["Lucía", "Mateo", "Valentina", "Hugo", "Martina", "Pablo"],
         "in": ["Aarav", "Priya", "Vihaan", "Ananya", "Rohan", "Kavya"]}
LAST = {"de": ["Brückner", "Hoffmann", "Weißenborn", "Kessler", "Lindqvist", "Oberhauser"],
        "es": ["García", "Fernández", "Iturralde", "Montoya", "Salcedo", "Villanueva"],
        "in": ["Sharma", "Iyer", "Raghunathan", "Kulkarni", "Chatterjee", "Venkatesh"]}


def _digits(rng: random.Random, n: int, first: str = "0123456789") -> str:
    return rng.choice(first) + "".join(rng.choice("0123456789") for _ in range(n - 1))


def _iban(rng: random.Random, country: str) -> str:
    bban = {"DE": _digits(rng, 18), "ES": _digits(rng, 20), "GB": "NWBK" + _digits(rng, 14)}[country]
    moved = bban + country + "00"
    check = 98 - int("".join(str(int(c, 36)) for c in moved)) % 97
    raw = f"{country}{check:02d}{bban}"
    return " ".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def _aadhaar(rng: random.Random) -> str:
    body = _digits(rng, 11, "23456789")
    c = 0
    for i, ch in enumerate(reversed(body + "0")):
        c = _VERHOEFF_D[c][_VERHOEFF_P[i % 8][int(ch)]]
    inv = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9][c]
    full = body + str(inv)
    return f"{full[:4]} {full[4:8]} {full[8:]}"


def _dni(rng: random.Random) -> str:
    n = _digits(rng, 8, "123456789")
    return n + "TRWAGMYFPDXBNJZSQVHLCKE"[int(n) % 23]


def _nie(rng: random.Random) -> str:
    lead = rng.choice("XYZ")
    n = _digits(rng, 7)
    return lead + n + "TRWAGMYFPDXBNJZSQVHLCKE"[int(str("XYZ".index(lead)) + n) % 23]


def _nino(rng: random.Random) -> str:
    a = rng.choice("ABCEGHJKLMNPRSTWXYZ")
    b = rng.choice("ABCEGHJKLMNPRSTWXYZ")
    if a + b in ("GB", "NK", "KN", "TN", "NT", "ZZ", "BG"):
        a, b = "A", "B"
    d = _digits(rng, 6)
    return f"{a}{b} {d[:2]} {d[2:4]} {d[4:]} {rng.choice('ABCD')}"


def _pan(rng: random.Random) -> str:
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    return "".join(rng.choice(letters) for _ in range(3)) + "P" + rng.choice(letters) + _digits(rng, 4) + \
        rng.choice(letters)


def _aba(rng: random.Random) -> str:
    while True:
        d = _digits(rng, 8, "0123")
        for last in "0123456789":
            cand = d + last
            if sum(int(c) * w for c, w in zip(cand, (3, 7, 1) * 3)) % 10 == 0:
                return cand


def _name(rng: random.Random, cc: str) -> tuple[str, str]:
    return rng.choice(FIRST[cc]), rng.choice(LAST[cc])


def _login(first: str, last: str) -> str:
    table = str.maketrans("áéíóúñüöäßç", "aeiounuoasc")
    return (first[0] + last).lower().translate(table).replace("ß", "ss")


WALLETS = ("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
           "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")


def _hr_export(rng: random.Random, n: int) -> Case:
    rows = ["employee_id;full_name;dob;iban;national_id;phone;start_date;department"]
    secrets: list[str] = []
    keep = ["employee_id;full_name;dob;iban;national_id;phone;start_date;department"]
    for i in range(n):
        cc = ("de", "es", "in")[i % 3]
        first, last = _name(rng, cc)
        dob = f"{rng.randint(1,28):02d}.{rng.randint(1,12):02d}.{rng.randint(1960,2001)}"
        iban = _iban(rng, "DE" if cc == "de" else "ES" if cc == "es" else "GB")
        nid = _dni(rng) if cc == "es" else _aadhaar(rng) if cc == "in" else _digits(rng, 11, "123456789")
        phone = {"de": f"0{rng.randint(30,89)} / {_digits(rng,4)} {_digits(rng,4)}",
                 "es": f"9{rng.randint(1,8)} {_digits(rng,3)} {_digits(rng,2)} {_digits(rng,2)}",
                 "in": f"+91 9{_digits(rng,4)} {_digits(rng,5)}"}[cc]
        start = f"20{rng.randint(10,24)}-{rng.randint(1,12):02d}-{rng.randint(1,28):02d}"
        rows.append(f"{1000+i};{first} {last};{dob};{iban};{nid};{phone};{start};Finance")
        secrets += [f"{first} {last}", dob, iban, nid, phone]
        keep.append(start)
    return Case(SUITE, "hr-export", "hr/employees.csv", "\n".join(rows) + "\n", tuple(secrets), (), tuple(keep))


def _hr_profile(rng: random.Random, cc: str) -> Case:
    first, last = _name(rng, cc)
    y, m, d = rng.randint(1960, 2001), rng.randint(1, 12), rng.randint(1, 28)
    if cc == "de":
        dob, dob_label = f"{d}. März {y}", "Geburtsdatum"
        steuer = " ".join([_digits(rng, 2, "123456789"), _digits(rng, 3), _digits(rng, 3), _digits(rng, 3)])
        ident = [("Steuer-ID", steuer),
                 ("Reisepass", "C" + "".join(rng.choice("CFGHJKLMNPRTVWXYZ0123456789") for _ in range(8)))]
        phone = f"(0 {rng.randint(30, 89)}) {_digits(rng, 2)} {_digits(rng, 2)}-{_digits(rng, 2)} {_digits(rng, 2)}"
        vat = "DE" + _digits(rng, 9, "123456789")
    elif cc == "es":
        dob, dob_label = f"{d} de marzo de {y}", "Fecha de nacimiento"
        ident = [("NIE", _nie(rng)), ("Pasaporte", "PA" + _digits(rng, 7))]
        phone = f"+34 6{_digits(rng, 2)} {_digits(rng, 3)} {_digits(rng, 3)}"
        vat = "ES" + rng.choice("ABCDEFGH") + _digits(rng, 7) + rng.choice("0123456789")
    else:
        dob, dob_label = f"{d:02d}/{m:02d}/{y}", "DOB"
        ident = [("PAN", _pan(rng)), ("Passport No.", rng.choice("JKLMNPRSTUVWZ") + _digits(rng, 7))]
        phone = f"0{_digits(rng, 5, '6789')} {_digits(rng, 5)}"
        pan = ident[0][1]
        vat = f"{rng.randint(10, 35)}{pan}1Z{rng.choice('0123456789')}"
    account = _digits(rng, 10)
    nino = _nino(rng)
    text = (
        f"# Personnel record\n\nName: {first} {last}\n{dob_label}: {dob}\n"
        + "".join(f"{k}: {v}\n" for k, v in ident)
        + f"Tel.: {phone}\nKontonummer / account number: {account}\nUK secondment NINO: {nino}\n"
        f"Employer VAT: {vat}\nReview scheduled 2024-09-30 (ISO date, not a birth date); ticket HR-2024-118.\n"
        f"Salary band B4, version 3.2.1 of the grid, time zone Europe/Berlin.\n"
    )
    secrets = (dob, phone, account, nino, vat) + tuple(v for _, v in ident)
    keep = ("2024-09-30", "HR-2024-118", "version 3.2.1", "Europe/Berlin", "Personnel record")
    return Case(SUITE, "hr-profile", f"hr/{cc}-profile.md", text, secrets, (f"{first} {last}",), keep)


def _ledger(rng: random.Random) -> Case:
    lines = ["Vendor ledger FY2024", ""]
    secrets, keep = [], []
    for i in range(6):
        cc = ("de", "es", "in")[i % 3]
        iban = _iban(rng, "DE" if cc == "de" else "ES" if cc == "es" else "GB")
        inv = f"INV-2024-{rng.randint(1000, 9999)}"
        order = f"ORD-{rng.randint(100000, 999999)}"
        amount = f"{rng.randint(1, 99)}.{rng.randint(100, 999)},{rng.randint(10, 99)} EUR"
        routing, acct = _aba(rng), _digits(rng, 9)
        vat = {"de": "DE" + _digits(rng, 9, "123456789"), "es": "ESB" + _digits(rng, 8),
               "in": f"27{_pan(rng)}1Z{rng.randint(0, 9)}"}[cc]
        lines.append(f"{inv} | order {order} | {amount} | VAT {vat} | pay to {iban}")
        lines.append(f"  US remittance: routing number {routing}, account no. {acct}; due 2024-{i+1:02d}-15")
        secrets += [iban, vat, routing, acct]
        keep += [inv, order, amount, f"2024-{i+1:02d}-15"]
    arn = f"arn:aws:iam::{_digits(rng, 12, '123456789')}:role/ledger-export"
    wallet = rng.choice(WALLETS)
    eth = "0x" + "".join(rng.choice("0123456789abcdef") for _ in range(40))
    lines.append(f"Export role {arn}; crypto refunds to {wallet} or {eth}.")
    lines.append("Image digest sha256:" + "".join(rng.choice("0123456789abcdef") for _ in range(64)))
    secrets += [arn.split(":")[4], wallet, eth]
    keep += ["role/ledger-export", "Image digest sha256:"]
    return Case(SUITE, "vendor-ledger", "finance/ledger.txt", "\n".join(lines) + "\n", tuple(secrets), (), tuple(keep))


def _q(s: str) -> str:
    return "".join(c if c.isascii() and c.isalnum() else "_" if c == " " else
                   "".join(f"={b:02X}" for b in c.encode()) for c in s)


def _mail(rng: random.Random, cc: str) -> Case:
    first, last = _name(rng, cc)
    login = _login(first, last)
    addr = f"{login}@example-{cc}.test"
    b64 = base64.b64encode(f"{first} {last}".encode()).decode()
    qp_first = "".join(f"={b:02X}" if b > 127 else chr(b) for b in first.encode())
    phone = {"de": f"+49 89 {_digits(rng, 4)} {_digits(rng, 4)}",
             "es": f"+34 91 {_digits(rng, 3)} {_digits(rng, 2)} {_digits(rng, 2)}",
             "in": f"+91 98{_digits(rng, 3)} {_digits(rng, 5)}"}[cc]
    qp_phone = phone.replace(" ", "=20", 1)
    local, domain = addr.split("@")
    cut = len(local) // 2
    text = (
        f"From: =?UTF-8?Q?{_q(first + ' ' + last)}?= <{addr}>\n"
        f"To: =?utf-8?B?{b64}?= <mailto:{local[:cut]}\n {local[cut:]}@{domain}>\n"
        f"Subject: Quarterly review\nDate: Tue, 12 Mar 2024 10:30:00 +0100\nMIME-Version: 1.0\n"
        f"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
        f"Hallo {qp_first},\n\nthe invoice INV-2024-{rng.randint(1000, 9999)} is attached. Call me on {qp_phone}=\n"
        f" or write to <a href=3D\"mailto:{addr}\">mail</a>.\n\nRegards\n"
    )
    secrets = (addr, local, b64, phone.split(" ", 1)[1], _q(first + " " + last))
    if qp_first != first:
        secrets += (qp_first,)
    keep = ("Quarterly review", "Content-Transfer-Encoding: quoted-printable")
    return Case(SUITE, "mail-archive", f"mail/{cc}-0001.eml", text, secrets, (first, last), keep)


def _chat(rng: random.Random) -> Case:
    users, secrets = [], []
    for cc in ("de", "es", "in"):
        first, last = _name(rng, cc)
        login = _login(first, last)
        phone = f"+91 98{_digits(rng, 3)} {_digits(rng, 5)}"
        users.append(f'  {{"id": "U0{_digits(rng, 8)}", "name": "{login}", "real_name": "{first} {last}", '
                     f'"profile": {{"display_name": "{first.lower()}", "tz": "Asia/Kolkata", "phone": "{phone}"}}}}')
        secrets.append(phone)
        secrets += [login, f"{first} {last}", first.lower()]
    text = "[\n" + ",\n".join(users) + "\n]\n"
    keep = ('"tz": "Asia/Kolkata"', '"profile"', '"display_name"')
    return Case(SUITE, "chat-export", "chat/users.json", text, tuple(secrets), (), keep)


def _ci_log(rng: random.Random) -> Case:
    first, last = _name(rng, rng.choice(("de", "es", "in")))
    login = _login(first, last)
    other = _login(*_name(rng, "in")) + str(rng.randint(2, 99))
    text = (
        f"$ env | sort\nCI_PIPELINE_ID=48213\nGITLAB_USER_LOGIN={login}\nGITLAB_USER_NAME=\"{first} {last}\"\n"
        f"USER={other}\nHOME=/home/{other}\n"
        f"Running with gitlab-runner 16.9.1 on docker-auto-scale\nPipeline triggered by {login} for CVE-2024-3094 fix\n"
        f"Merged by {other} into main\n"
        f"commit 9fceb02d0ae598e95dc970b74767f19372d61af8\nAuthor: {login} <{login}@corp.example>\n\n"
        f"$ ssh {login}@bastion.internal 'ls C:\\\\Users\\\\{login}\\\\Documents'\n"
        f"{other}@build-07:~/src$ kubectl label pod web app.kubernetes.io/name=web\n"
        f"deployed at 2024-03-12T10:30:00Z (Coordinated Universal Time), took 00:03:17\n"
    )
    secrets = (login, f"{first} {last}", other)
    keep = ("CI_PIPELINE_ID=48213", "gitlab-runner 16.9.1", "CVE-2024-3094", "app.kubernetes.io/name",
            "Coordinated Universal Time", "00:03:17", "2024-03-12T10:30:00Z",
            "9fceb02d0ae598e95dc970b74767f19372d61af8")
    return Case(SUITE, "ci-logs", "logs/pipeline.log", text, secrets, (), keep)


def _phones(rng: random.Random) -> Case:
    de = f"089 / {_digits(rng, 4)} {_digits(rng, 4)}"
    es = f"91 {_digits(rng, 3)} {_digits(rng, 2)} {_digits(rng, 2)}"
    fr = f"01 {_digits(rng, 2)} {_digits(rng, 2)} {_digits(rng, 2)} {_digits(rng, 2)}"
    uk = f"020 7946 {_digits(rng, 4)}"
    ind = f"098{_digits(rng, 3)} {_digits(rng, 5)}"
    mob = f"6{_digits(rng, 2)} {_digits(rng, 2)} {_digits(rng, 2)} {_digits(rng, 2)}"
    text = (
        f"Contacts for the offsite\n- Munich office {de}\n- Madrid: móvil {mob}, fijo {es}\n"
        f"- Paris portable : {fr}\n- London switchboard {uk}\n- Pune Tel: {ind}\n\n"
        "Budget 12.500,00 EUR for 3 days; travel took 01:45:00; release v2.14.3 on 2024-05-02;\n"
        "room 204, 16 participants, PageSize 50.\n"
        '<add key="PageSize" value="50" />\n'
    )
    secrets = (de, es, fr, uk, ind, mob)
    keep = ("12.500,00 EUR", "01:45:00", "v2.14.3", "2024-05-02", "room 204", '<add key="PageSize" value="50" />')
    return Case(SUITE, "phones", "notes/contacts.md", text, secrets, (), keep)


def build(seed: int = 0) -> list[Case]:
    """Every case of the suite for ``seed`` (deterministic)."""
    rng = random.Random(seed)
    cases = [_hr_export(rng, 9), _ledger(rng), _chat(rng), _ci_log(rng), _phones(rng)]
    cases += [_hr_profile(rng, cc) for cc in ("de", "es", "in")]
    cases += [_mail(rng, cc) for cc in ("de", "es", "in")]
    return cases
