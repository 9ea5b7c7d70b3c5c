"""Hold-out probes, round 12 (syntax variation): one secret key under many spellings and syntaxes.

The weakness looked for is brittleness: a secret recognised under one key spelling or one file syntax but
not under a sibling. A seeded generator crosses (a) secret key names of ~25 families (password, passwd,
pwd, pass, passphrase, secret, client secret, api key, access key, token, auth token, bearer, private key,
signing key, webhook secret, encryption key, db password, smtp password, master key, license key, pin,
recovery code, session cookie, credentials, and non-English names: Passwort, Kennwort, mot de passe,
contraseña, wachtwoord, senha, hasło, пароль, parola) spelled snake/camel/Pascal/kebab/UPPER/Title/spaced/
dotted with the prefixes ``PROD_``, ``app.``, ``spring.datasource.``, with (b) ~40 syntaxes (env, export,
INI, YAML plain/quoted/block, JSON, JSON5, TOML, XML element and attribute, HCL, Java properties, a dozen
languages' assignments, Makefile, Dockerfile ENV, ``set -x`` traces, ``kubectl describe``, Markdown
tables, CSV, log lines, call kwargs, dict literals, SQL ``IDENTIFIED BY``, CLI flags) and (c) value shapes
(a human password with ``#;'"$%&@!``, a passphrase, 40 random characters, padded base64, hex, a quoted
value with spaces, a unicode password). Each case also carries an ordinary neighbour pair that must
survive. A few hundred cases are sampled from a fixed seed (WAVE1); WAVE2 is a differently seeded sample,
written after the fixes, that also uses syntaxes the fixes were not written for (EXTRA_SYNTAXES).

A value counts as leaked when it survives whole or when any 6-character window of it survives (so a value
cut at its first ``#`` or ``;`` leaks its tail). Controls are the same syntaxes holding ordinary values, and
values under secret-looking keys that are not secrets: ``${VAR}`` references, ``<your-password>``
templates, ``password_min_length: 12``, ``token_expiry: 3600``, ``token_type: Bearer`` and ``secret_name:
db-creds``. The last is judged a control: in Kubernetes/Helm values a ``secret_name`` (``secretName``,
``existingSecret``) names the Secret object that holds the credentials, it is not one, and an agent needs it
to follow the deployment.

Figures (leaked secret cases / cases, strict and balanced; cases losing a control):

- main: WAVE1 26/320 and 27/320, controls 0/400; WAVE2 19/240 and 21/240, controls 3/300 (query strings:
  ``human-password`` read ``5433&Contrase`` and ``ACME-001&DataDir`` as passwords).
- after the first fixes (written from WAVE1 only): WAVE1 2/320 in both modes; WAVE2 6/240 and 7/240.
- after the follow-up fixes (WAVE2 and three more seeds, 7, 31337 and 4242, showed the families): WAVE1 0/320,
  WAVE2 1/240 in both modes, controls 0; four seeds never looked at while fixing (555, 2024, 99, 8080; 1200
  secret cases, 300 controls) went from 115/1200 and 116/1200 leaked, 8 control cases changed, to 6/1200 and
  2 (both pre-existing: ``token_type=Bearer Port=5433`` and ``prose-code`` on a CSV ``port`` column).

The families fixed: ``cred`` and ``bearer`` name secrets on their own; a ``…code`` key is a secret only after
a code qualifier (recovery, backup, unlock, otp...); three or more plain words joined by dots are a
passphrase, not an attribute chain; a spaced label (``Api Key: '…'``) with a quoted value; aligned columns
(``kubectl describe``); Makefile ``:=``/``?=`` values run to the end of the line; a quote inside a bare
directive value; ``pin`` keys in code, YAML blocks, query strings and ``--pin``; directive rows for cred,
code and pin; a ``.properties`` ``key value`` line of words after a styled name; fish ``set -gx``; table key
cells in any script and spaced passwords in them; CSV headers the lexicon reads (two or three words, or an
identifier); ``parola``/``парола``; ``<…Code>`` elements.

Run the file as a script to print the leak figures per syntax, family and mode.
"""

from __future__ import annotations

import base64
import random
import re
from typing import NamedTuple

import pytest
from redaction_helpers import redact_text

# -- (a) key names ------------------------------------------------------------------------------------------

#: family -> word tuples of its key names (each spelled in several styles below).
FAMILIES: dict[str, tuple[tuple[str, ...], ...]] = {
    "password": (("password",), ("admin", "password"), ("user", "password")),
    "passwd": (("passwd",), ("root", "passwd")),
    "pwd": (("pwd",), ("db", "pwd"), ("user", "pwd")),
    "pass": (("pass",), ("db", "pass"), ("ldap", "pass")),
    "passphrase": (("passphrase",), ("key", "passphrase"), ("ssh", "passphrase")),
    "secret": (("secret",), ("app", "secret")),
    "client-secret": (("client", "secret"), ("oauth", "client", "secret")),
    "api-key": (("api", "key"), ("apikey",), ("maps", "api", "key")),
    "access-key": (("access", "key"), ("secret", "access", "key"), ("aws", "secret", "access", "key")),
    "token": (("token",), ("access", "token"), ("refresh", "token")),
    "auth-token": (("auth", "token"),),
    "bearer": (("bearer",), ("bearer", "token")),
    "private-key": (("private", "key"),),
    "signing-key": (("signing", "key"), ("jwt", "signing", "key")),
    "webhook-secret": (("webhook", "secret"),),
    "encryption-key": (("encryption", "key"), ("enc", "key")),
    "db-password": (("db", "password"), ("database", "password")),
    "smtp-password": (("smtp", "password"), ("mail", "password")),
    "master-key": (("master", "key"),),
    "license-key": (("license", "key"),),
    "pin": (("pin",), ("sim", "pin")),
    "recovery-code": (("recovery", "code"), ("backup", "code")),
    "session-cookie": (("session", "cookie"), ("session", "secret")),
    "credentials": (("credentials",), ("cred",)),
    "non-english": (("passwort",), ("kennwort",), ("mot", "de", "passe"), ("contraseña",), ("wachtwoord",),
                    ("senha",), ("hasło",), ("пароль",), ("parola",)),
}

STYLES = ("snake", "camel", "pascal", "kebab", "upper", "title", "spaced", "dotted")
#: Which key styles each key class of a syntax accepts.
KEY_CLASSES: dict[str, tuple[str, ...]] = {
    "env": ("snake", "upper", "camel", "pascal"),            # shell/env identifiers, ASCII only
    "ident": ("snake", "upper", "camel", "pascal"),          # program identifiers
    "dotted": ("snake", "upper", "camel", "kebab", "dotted"),  # properties / YAML / INI / TOML keys
    "any": STYLES,                                           # JSON keys, tables, headers
    "cli": ("kebab", "snake"),
    "xml": ("snake", "camel", "pascal", "kebab"),
}


def spell(words: tuple[str, ...], style: str) -> str:
    """``words`` as one key in ``style``."""
    if style == "snake":
        return "_".join(words)
    if style == "upper":
        return "_".join(words).upper()
    if style == "camel":
        return words[0] + "".join(w[:1].upper() + w[1:] for w in words[1:])
    if style == "pascal":
        return "".join(w[:1].upper() + w[1:] for w in words)
    if style == "kebab":
        return "-".join(words)
    if style == "title":
        return " ".join(w[:1].upper() + w[1:] for w in words)
    if style == "spaced":
        return " ".join(words)
    return ".".join(words)  # dotted


def prefixed(key: str, style: str, rng: random.Random) -> str:
    """Sometimes a common prefix in the style's own form."""
    if rng.random() > 0.3:
        return key
    if style == "upper":
        return "PROD_" + key
    if style in ("dotted", "camel", "kebab"):
        return rng.choice(("app.", "spring.datasource.")) + key
    return key


# -- (c) value shapes ---------------------------------------------------------------------------------------

WORDS = ("amber", "falcon", "tulip", "river", "lantern", "copper", "velvet", "hammer", "orbit", "marble",
         "cactus", "harbor", "meadow", "violet", "pebble", "thunder", "walnut", "glacier", "saffron", "quartz")
CAPS = ("Harbor", "Lisbon", "Maple", "Tundra", "Falcon", "Winter", "Copper", "Sunset", "Granite", "Otter")
UNICODE = ("Zürich-Sommer", "Çava-Bien", "Ñandú_Azul", "Łódź#Wiosna", "Зима-Пароль", "Göteborg.Höst", "Ærø-Sol")
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
SYMBOLS = "#;'\"$%&@!"

SHAPES = ("human", "passphrase", "random40", "base64", "hex", "spaced", "unicode")


def make_value(shape: str, rng: random.Random) -> str:
    """A fresh fictional value of ``shape``."""
    if shape == "human":
        s = rng.sample(SYMBOLS, 2)
        return f"{rng.choice(CAPS)}{s[0]}{rng.randint(10, 99)}{s[1]}{rng.choice(WORDS)}{rng.randint(1, 9)}"
    if shape == "passphrase":
        return rng.choice(("-", " ", ".")).join(rng.sample(WORDS, rng.randint(3, 4)))
    if shape == "random40":
        return "".join(rng.choice(ALNUM) for _ in range(40))
    if shape == "base64":
        return base64.b64encode(bytes(rng.randrange(256) for _ in range(rng.choice((22, 23, 31, 32, 34))))).decode()
    if shape == "hex":
        return "".join(rng.choice("0123456789abcdef") for _ in range(rng.choice((32, 40, 64))))
    if shape == "spaced":
        return f"{rng.choice(CAPS)} {rng.choice(WORDS)} {rng.randint(10, 99)} {rng.choice(WORDS)}{rng.choice('!?.')}"
    if shape == "digits":
        return str(rng.randint(1000, 99999999))
    if shape == "code":
        return "-".join("".join(rng.choice(ALNUM[:26] + ALNUM[52:]) for _ in range(4)) for _ in range(3))
    return f"{rng.choice(UNICODE)}{rng.randint(10, 99)}"  # unicode


#: Families whose values have their own shape (a PIN is digits, a recovery code is dashed groups).
FAMILY_SHAPES = {"pin": ("digits",), "recovery-code": ("code", "random40")}

# -- controls -----------------------------------------------------------------------------------------------

#: Ordinary neighbour pairs (key words, value): every one must survive.
NEIGHBOURS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("timeout",), "45"),
    (("api", "host"), "api.github.com"),
    (("port",), "5433"),
    (("tls", "enabled"), "false"),
    (("data", "dir"), "/var/lib/app/data"),
    (("log", "level"), "warning"),
    (("app", "version"), "1.4.2"),
    (("region",), "eu-west-1"),
)

#: Values under secret-looking keys that are not secrets (key words, value).
NEAR_MISSES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("password",), "${DB_PASSWORD}"),
    (("api", "key"), "${API_KEY}"),
    (("password",), "<your-password>"),
    (("client", "secret"), "<client-secret>"),
    (("password", "min", "length"), "12"),
    (("token", "expiry"), "3600"),
    (("token", "type"), "Bearer"),
    (("secret", "name"), "db-creds"),
    (("auth", "method"), "password"),
    (("password", "policy"), "strong"),
    (("password", "file"), "/run/secrets/db_password"),
    (("bearer", "format"), "JWT"),
    (("pin", "length"), "6"),
    (("client", "code"), "ACME-001"),
    (("status", "code"), "404"),
    (("country", "code"), "PT"),
    (("recovery", "codes", "count"), "10"),
    (("api", "key", "header"), "X-Api-Key"),
)

# -- (b) syntaxes -------------------------------------------------------------------------------------------


class Syntax(NamedTuple):
    """One file syntax: its key class, characters its values cannot hold, and a renderer of pairs."""

    name: str
    keys: str
    forbid: str
    render: object  # (pairs: list[tuple[str, str]]) -> str
    ascii_keys: bool = False


def _j(lines) -> str:
    return "\n".join(lines) + "\n"


def _sq(v: str) -> str:
    return "'" + v + "'"


def _dq(v: str) -> str:
    return '"' + v + '"'


def _toml_key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_.-]+", k) else _dq(k)


def _yaml_key(k: str) -> str:
    return k


def _md(pairs) -> str:
    rows = ["| Setting | Value |", "|---|---|"] + [f"| {k} | {v} |" for k, v in pairs]
    return _j(["## Staging settings", "", *rows])


def _kubectl(pairs) -> str:
    width = max(len(k) for k, _ in pairs) + 6
    return _j(["Containers:", "  api:", "    Environment:"] + [f"      {(k + ':').ljust(width)}{v}" for k, v in pairs])


def _csv(pairs) -> str:
    return _j([",".join(k for k, _ in pairs), ",".join(v for _, v in pairs)])


DQ_FORBID = '"\\$'
SQ_FORBID = "'\\"
BARE_FORBID = " \t'\"\\;&$!#%"

SYNTAXES: tuple[Syntax, ...] = (
    Syntax("env", "env", " '\"\\#", lambda p: _j(["# service env"] + [f"{k}={v}" for k, v in p]), True),
    Syntax("env-quoted", "env", DQ_FORBID, lambda p: _j([f"{k}={_dq(v)}" for k, v in p]), True),
    Syntax("export", "env", SQ_FORBID, lambda p: _j(["#!/bin/sh"] + [f"export {k}={_sq(v)}" for k, v in p]), True),
    Syntax("ini", "dotted", "", lambda p: _j(["[database]"] + [f"{k} = {v}" for k, v in p])),
    Syntax("yaml-plain", "dotted", "'\"#:&!%@", lambda p: _j(["service:"] + [f"  {k}: {v}" for k, v in p])),
    Syntax("yaml-quoted", "any", DQ_FORBID, lambda p: _j(["config:"] + [f"  {k}: {_dq(v)}" for k, v in p])),
    Syntax("yaml-single", "any", SQ_FORBID, lambda p: _j([f"{k}: {_sq(v)}" for k, v in p])),
    Syntax("yaml-block", "dotted", "", lambda p: _j(["settings:"] + [f"  {k}: |\n    {v}" for k, v in p])),
    Syntax("json", "any", DQ_FORBID,
           lambda p: "{\n" + ",\n".join(f'  "{k}": "{v}"' for k, v in p) + "\n}\n"),
    Syntax("json5", "ident", SQ_FORBID,
           lambda p: "{\n" + "".join(f"  {k}: '{v}',\n" for k, v in p) + "}\n"),
    Syntax("toml", "dotted", DQ_FORBID, lambda p: _j(["[server]"] + [f"{_toml_key(k)} = {_dq(v)}" for k, v in p])),
    Syntax("xml-element", "xml", "<&\"'", lambda p: _j(["<config>"] + [f"  <{k}>{v}</{k}>" for k, v in p]
                                                         + ["</config>"])),
    Syntax("xml-attribute", "xml", "<&\"", lambda p: "<datasource " + " ".join(f'{k}="{v}"' for k, v in p) + "/>\n"),
    Syntax("hcl", "ident", DQ_FORBID, lambda p: _j(['resource "db" "main" {'] + [f"  {k} = {_dq(v)}" for k, v in p]
                                                    + ["}"])),
    Syntax("properties-colon", "dotted", "", lambda p: _j([f"{k}: {v}" for k, v in p])),
    Syntax("properties-space", "dotted", "", lambda p: _j(["# app.properties"] + [f"{k} {v}" for k, v in p])),
    Syntax("kotlin", "ident", DQ_FORBID, lambda p: _j([f"val {k} = {_dq(v)}" for k, v in p])),
    Syntax("scala", "ident", DQ_FORBID, lambda p: _j([f"  val {k}: String = {_dq(v)}" for k, v in p])),
    Syntax("swift", "ident", DQ_FORBID, lambda p: _j([f"let {k} = {_dq(v)}" for k, v in p])),
    Syntax("rust", "ident", DQ_FORBID, lambda p: _j([f"    let {k} = {_dq(v)};" for k, v in p])),
    Syntax("go", "ident", DQ_FORBID, lambda p: _j([f"\t{k} := {_dq(v)}" for k, v in p])),
    Syntax("csharp", "ident", DQ_FORBID, lambda p: _j([f"        var {k} = {_dq(v)};" for k, v in p])),
    Syntax("php", "ident", SQ_FORBID, lambda p: _j(["<?php"] + [f"${k} = {_sq(v)};" for k, v in p])),
    Syntax("ruby", "ident", SQ_FORBID, lambda p: _j([f"{k} = {_sq(v)}" for k, v in p])),
    Syntax("perl", "ident", SQ_FORBID, lambda p: _j([f"my ${k} = {_sq(v)};" for k, v in p])),
    Syntax("lua", "ident", DQ_FORBID, lambda p: _j([f"local {k} = {_dq(v)}" for k, v in p])),
    Syntax("r", "ident", DQ_FORBID, lambda p: _j([f"{k} <- {_dq(v)}" for k, v in p])),
    Syntax("powershell", "ident", DQ_FORBID + "`", lambda p: _j([f"${k} = {_dq(v)}" for k, v in p])),
    Syntax("makefile-colon", "env", " #$", lambda p: _j([f"{k} := {v}" for k, v in p]), True),
    Syntax("makefile-query", "env", " #$", lambda p: _j([f"{k} ?= {v}" for k, v in p]), True),
    Syntax("dockerfile-env", "env", "\\$", lambda p: _j(["FROM python:3.12-slim"] + [f"ENV {k} {v}" for k, v in p]),
           True),
    Syntax("set-x-trace", "env", SQ_FORBID,
           lambda p: _j(["+ cd /srv/app"] + [f"+ {k}={_sq(v) if re.search(r'[^A-Za-z0-9_./=+-]', v) else v}"
                                               for k, v in p]), True),
    Syntax("kubectl-describe", "env", "", _kubectl, True),
    Syntax("markdown-table", "any", "|", _md),
    Syntax("csv", "any", ",\"", _csv),
    Syntax("log-line", "ident", BARE_FORBID,
           lambda p: "2026-12-03T18:40:11Z INFO connecting " + " ".join(f"{k}={v}" for k, v in p) + "\n"),
    Syntax("python-kwargs", "ident", DQ_FORBID,
           lambda p: "conn = connect(" + ", ".join(f"{k}={_dq(v)}" for k, v in p) + ")\n"),
    Syntax("python-dict", "any", SQ_FORBID, lambda p: "CONFIG = {" + ", ".join(f"'{k}': '{v}'" for k, v in p) + "}\n"),
    Syntax("ruby-hash", "ident", DQ_FORBID, lambda p: "opts = { " + ", ".join(f"{k}: {_dq(v)}" for k, v in p) + " }\n"),
    Syntax("sql-identified-by", "ident", SQ_FORBID,
           lambda p: f"CREATE USER app_rw IDENTIFIED BY {_sq(p[0][1])};\n-- {p[1][0]} {p[1][1]}\n"),
    Syntax("cli-space", "cli", BARE_FORBID, lambda p: "./deploy " + " ".join(f"--{k} {v}" for k, v in p) + "\n"),
    Syntax("cli-equals", "cli", BARE_FORBID, lambda p: "mysqladmin " + " ".join(f"--{k}={v}" for k, v in p) + "\n"),
)

#: Syntaxes of the second wave only: no fix was written for them.
EXTRA_SYNTAXES: tuple[Syntax, ...] = (
    Syntax("cmd-set", "env", '"', lambda p: _j(["@echo off"] + [f"set {k}={v}" for k, v in p]), True),
    Syntax("fish-set", "env", SQ_FORBID, lambda p: _j([f"set -gx {k} {_sq(v)}" for k, v in p]), True),
    Syntax("systemd-env", "env", ' "\\$', lambda p: _j(["[Service]"] + [f'Environment="{k}={v}"' for k, v in p]),
           True),
    Syntax("compose-list", "env", "", lambda p: _j(["    environment:"] + [f"      - {k}={v}" for k, v in p]), True),
    Syntax("k8s-name-value", "env", DQ_FORBID,
           lambda p: _j(["        env:"] + [f"          - name: {k}\n            value: {_dq(v)}" for k, v in p]),
           True),
    Syntax("java-setproperty", "dotted", DQ_FORBID,
           lambda p: _j([f'        System.setProperty("{k}", "{v}");' for k, v in p])),
    Syntax("os-environ", "env", SQ_FORBID, lambda p: _j([f"os.environ['{k}'] = '{v}'" for k, v in p]), True),
    Syntax("elixir-config", "ident", DQ_FORBID,
           lambda p: "config :app, App.Repo,\n" + ",\n".join(f"  {k}: {_dq(v)}" for k, v in p) + "\n"),
    Syntax("edn-map", "cli", DQ_FORBID, lambda p: "{" + " ".join(f":{k} {_dq(v)}" for k, v in p) + "}\n"),
    Syntax("nix", "ident", DQ_FORBID, lambda p: _j(["{"] + [f"  {k} = {_dq(v)};" for k, v in p] + ["}"])),
    Syntax("groovy-map", "ident", SQ_FORBID, lambda p: "def cfg = [" + ", ".join(f"{k}: {_sq(v)}" for k, v in p)
           + "]\n"),
    Syntax("nginx-directive", "ident", BARE_FORBID + "{}", lambda p: _j([f"    {k} {v};" for k, v in p])),
    Syntax("url-query", "ident", BARE_FORBID + "&?=/+",
           lambda p: "GET /login?" + "&".join(f"{k}={v}" for k, v in p) + " HTTP/1.1\n"),
    Syntax("dart", "ident", SQ_FORBID, lambda p: _j([f"  final {k} = {_sq(v)};" for k, v in p])),
    Syntax("java-field", "ident", DQ_FORBID,
           lambda p: _j([f"    private static final String {k} = {_dq(v)};" for k, v in p])),
    Syntax("http-header", "kebab-title", "", lambda p: _j(["GET /v1/me HTTP/1.1"] + [f"{k}: {v}" for k, v in p])),
)
KEY_CLASSES["kebab-title"] = ("kebab", "title")

# -- the sample ---------------------------------------------------------------------------------------------


class Case(NamedTuple):
    """One generated file: its id, syntax, family, text, the secret value (or '' for a control) and the
    values that must survive."""

    cid: str
    syntax: str
    family: str
    text: str
    secret: str
    keeps: tuple[str, ...]


def _key(words: tuple[str, ...], syn: Syntax, rng: random.Random) -> str:
    styles = KEY_CLASSES[syn.keys]
    if len(words) == 1:
        styles = tuple(s for s in styles if s not in ("camel", "dotted", "spaced")) or styles
    style = rng.choice(styles)
    if syn.keys == "kebab-title" and style == "title":
        return "-".join(w[:1].upper() + w[1:] for w in words)
    return prefixed(spell(words, style), style, rng)


def _fits(value: str, syn: Syntax) -> bool:
    return not any(c in value for c in syn.forbid)


def _ascii(words: tuple[str, ...]) -> bool:
    return all(w.isascii() for w in words)


def sample(seed: int, count: int, syntaxes: tuple[Syntax, ...], prefix: str) -> list[Case]:
    """``count`` secret cases and ``count // 4`` control cases, drawn from ``seed``: syntaxes round-robin,
    families and shapes at random among those the syntax can hold."""
    rng = random.Random(seed)
    cases: list[Case] = []
    fams = sorted(FAMILIES)
    for i in range(count):
        syn = syntaxes[i % len(syntaxes)]
        fam = fams[rng.randrange(len(fams))]
        choices = [w for w in FAMILIES[fam] if _ascii(w) or not syn.ascii_keys] or [("password",)]
        words = rng.choice(choices)
        shapes = FAMILY_SHAPES.get(fam, SHAPES)
        value = ""
        for _ in range(40):
            value = make_value(rng.choice(shapes), rng)
            if _fits(value, syn):
                break
        else:
            value = make_value("random40", rng)
        nb_words, nb_value = rng.choice(NEIGHBOURS)
        pairs = [(_key(words, syn, rng), value), (_key(nb_words, syn, rng), nb_value)]
        if rng.random() < 0.3 and syn.name != "sql-identified-by":
            pairs.reverse()
        cases.append(Case(f"{prefix}-{i:03d}", syn.name, fam, syn.render(pairs), value, (nb_value,)))
    # (SQL's IDENTIFIED BY holds a password whatever the key: no control there)
    control_syntaxes = tuple(s for s in syntaxes if s.name != "sql-identified-by")
    for i in range(count // 4):
        syn = control_syntaxes[(i * 7) % len(control_syntaxes)]
        misses = [m for m in NEAR_MISSES if _fits(m[1], syn)]
        a_words, a_value = rng.choice(misses)
        b_words, b_value = rng.choice(NEIGHBOURS)
        pairs = [(_key(a_words, syn, rng), a_value), (_key(b_words, syn, rng), b_value)]
        cases.append(Case(f"{prefix}-c{i:03d}", syn.name, "control", syn.render(pairs), "", (a_value, b_value)))
    return cases


WAVE1 = sample(1212, 320, SYNTAXES, "w1")
WAVE2 = sample(90210, 240, SYNTAXES + EXTRA_SYNTAXES, "w2")

_PLACEHOLDER = re.compile(r"\[[A-Z_]{2,24}_[0-9a-f]{32}\]")


def leaked(case: Case, out: str) -> bool:
    """The secret survives whole, or a 6-character window of it survives that the rest of the text lacks."""
    if not case.secret:
        return False
    bare = _PLACEHOLDER.sub(" ", out)
    if case.secret in bare:
        return True
    rest = case.text.replace(case.secret, " ")
    windows = {case.secret[j:j + 6] for j in range(max(1, len(case.secret) - 5))}
    return any(w in bare and w not in rest for w in windows if w.strip())


def lost(case: Case, out: str) -> list[str]:
    """The values of the case that had to survive and did not."""
    bare = _PLACEHOLDER.sub(" ", out)
    return [k for k in case.keeps if k not in bare]


#: case id -> (reason, modes): strict xfails, so a fix shows.
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {}  # w2-091 (PROD_PIN in a table) fixed in round 13
KNOWN_LOST: dict[str, tuple[str, tuple[str, ...]]] = {}


def _params(cases, known):
    out = []
    for mode in ("strict", "balanced"):
        for c in cases:
            marks = ()
            if c.cid in known and mode in known[c.cid][1]:
                marks = pytest.mark.xfail(strict=True, reason=known[c.cid][0])
            out.append(pytest.param(mode, c, id=f"{mode}-{c.cid}-{c.syntax}-{c.family}", marks=marks))
    return out


SECRETS = [c for c in WAVE1 + WAVE2 if c.secret]
_OUT: dict[tuple[str, str], str] = {}


def _redacted(mode: str, text: str) -> str:
    """One redaction per case and mode, shared by the two tests."""
    out = _OUT.get((mode, text))
    if out is None:
        out = _OUT[(mode, text)] = redact_text(mode, text)
    return out


@pytest.mark.parametrize("mode,case", _params(SECRETS, KNOWN_LEAKS))
def test_a_secret_survives_under_no_key_spelling_or_file_syntax(mode, case):
    out = _redacted(mode, case.text)
    assert not leaked(case, out), f"{case.cid} {case.syntax}/{case.family} leaks in {mode}"


@pytest.mark.parametrize("mode,case", _params(WAVE1 + WAVE2, KNOWN_LOST))
def test_ordinary_values_and_secret_references_beside_them_stay_readable(mode, case):
    out = _redacted(mode, case.text)
    assert not lost(case, out), f"{case.cid} {case.syntax} loses {lost(case, out)} in {mode}"


def test_the_sample_is_fixed_by_its_seed_and_covers_every_syntax_and_family():
    assert [c.text for c in sample(1212, 320, SYNTAXES, "w1")] == [c.text for c in WAVE1]
    assert {c.syntax for c in WAVE1} == {s.name for s in SYNTAXES}
    assert {c.syntax for c in WAVE2} == {s.name for s in SYNTAXES + EXTRA_SYNTAXES}
    assert {c.family for c in WAVE1 if c.secret} == set(FAMILIES)


if __name__ == "__main__":  # figures: python3 tests/redaction/test_holdout_secrets_r12_grammar.py [-v]
    import sys
    from collections import Counter

    verbose = "-v" in sys.argv
    for name, cases in (("wave1", WAVE1), ("wave2", WAVE2)):
        for mode in ("strict", "balanced"):
            by_syn: Counter = Counter()
            by_fam: Counter = Counter()
            n_leak = n_lost = 0
            for c in cases:
                out = redact_text(mode, c.text)
                if leaked(c, out):
                    n_leak += 1
                    by_syn[c.syntax] += 1
                    by_fam[c.family] += 1
                    if verbose:
                        print(f"LEAK {mode} {c.cid} {c.syntax} {c.family}: {c.text!r}\n  -> {out!r}")
                if lost(c, out):
                    n_lost += 1
                    if verbose:
                        print(f"LOST {mode} {c.cid} {c.syntax} {lost(c, out)}: {c.text!r}\n  -> {out!r}")
            n_sec = sum(1 for c in cases if c.secret)
            print(f"{name} {mode}: leaked {n_leak}/{n_sec}, cases losing a control {n_lost}/{len(cases)}")
            print("  by syntax:", dict(by_syn.most_common()))
            print("  by family:", dict(by_fam.most_common()))
