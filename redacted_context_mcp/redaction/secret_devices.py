"""Line grammars of network-device configs: Cisco, Junos, ProCurve/Comware, Aruba, VyOS/EdgeOS, F5, Nagios.

Rows (one regex each, run by the shared prefilter of find_secrets), red-team round 4 of issue 9, for
``show running-config`` output, config backups and lines pasted into notes:

- a typed secret: ``password 7 V``, ``secret 5|8|9 V``, ``key-string 7 V``, ``key 6 V``, ``set-key ascii 0
  V``: the type digit says how the value is stored (0 plain, 5/8/9 hashes, 6 AES, 7 the reversible type 7
  encoding, which is the password itself); the value is checked against its type's shape;
- an untyped one where the line says it is a password: ``username U [privilege N] password|secret V``,
  ``enable password V``, an indented ``password V`` under ``line vty``, ``neighbor H password V``, ASA
  ``passwd V encrypted``, ``crypto isakmp key V address H``, ``ip ospf authentication-key V``, HSRP/VRRP
  ``authentication [text] V``, ``key-string V``;
- SNMPv3 users: ``snmp-server user U G v3 auth sha V priv aes 128 V`` (both keys), NX-OS's form without the
  group, and VyOS/EdgeOS/F5 community names;
- HP ProCurve ``password manager user-name U plaintext|sha1 V``, Comware ``password simple|cipher|hash V``,
  ArubaOS ``mgmt-user U ROLE V``, ``wpa-passphrase V``;
- the hash and obfuscation schemes of devices, wherever they stand: Junos ``$9$…``, Cisco ``$8$``/``$9$``
  (PBKDF2, scrypt), F5 ``$M$``;
- Nagios ``resource.cfg`` macros ``$USERn$=V`` (a path there is the plugin folder, and stays);
- admin and audit tool lines: Metasploit ``set PASSWORD V`` / ``setg SMBPass V``, a password after
  ``cracked:`` / ``recovered:`` in a cracking session's notes;
- pppd ``chap-secrets`` / ``pap-secrets`` files (``find_chap_secrets``, a grammar run by find_context):
  under their ``# client server secret IP addresses`` header, the third field of each line.

The keyword or key stays visible; only the value goes.

Imports: redaction.secret_exports, redaction.secret_kit, redaction.secret_refine, redaction.secret_values,
redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_exports import human_password
from redacted_context_mcp.redaction.secret_kit import ALNUM, HEX, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import strip_span
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

#: A value word: double- or single-quoted, or a run of non-blanks.
_V = r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'][^\s]{0,255})"
_CRYPT = "./0-9A-Za-z"
#: A crypt-style scheme marker (``$1$``, ``$9$``, ``$M$``): a stored secret, not a ``$VAR`` reference.
_SCHEME = re.compile(r"\$[0-9A-Za-z]{1,2}\$")
_T7 = re.compile(r"\d\d(?:[0-9A-Fa-f]{2}){1,128}")
#: A value that is the device's own word after the keyword, not a secret.
_WORDS = frozenset((
    "encrypted", "encryption", "required", "mandatory", "none", "md5", "sha", "text", "key-string", "local",
    "remote", "ascii", "hex", "simple", "cipher", "hash", "plaintext", "sha1", "manager", "operator", "recovery",
    "policy", "minimum-length", "chain", "config-key", "unencrypted", "sha256", "sha-256", "pbkdf2", "scrypt",
    "aes", "des", "3des", "auth", "priv", "password", "secret", "key", "0", "5", "6", "7", "8", "9", "reset",
    "expired", "change", "changed", "is", "was", "for", "to", "of", "the", "and", "on", "off", "yes", "no",
))


def _value(text: str, s: int, e: int, *, min_len: int = 2) -> tuple[int, int] | None:
    """The value's span without quotes and trailing ``;``, unless it is a device word, a template or a reference."""
    while e > s and text[e - 1] in ";,":
        e -= 1
    if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
        s, e = s + 1, e - 1
    v = text[s:e]
    if len(v) < min_len or v.lower() in _WORDS or is_template(v):
        return None
    if _SCHEME.match(v) is None and is_reference(v, quoted=False):
        return None
    if v[0] == "<" and v[-1] == ">":
        return None  # <KEY>, <AUTHPASS>: a documented placeholder
    return strip_span(text, s, e)


def _refine_v(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return _value(text, *m.span("v"))


def _refine_nagios(m: re.Match[str], text: str) -> tuple[int, int] | None:
    v = m.group("v")
    if v.startswith(("/", "$", "./")) or "/" in v and " " not in v and not human_password(v.replace("/", "")):
        return None  # $USER1$=/usr/lib/nagios/plugins: the plugin folder
    return _value(text, *m.span("v"))


def _refine_msf(m: re.Match[str], text: str) -> tuple[int, int] | None:
    i = m.start()
    if i and (text[i - 1].isalnum() or text[i - 1] in "_-"):
        return None  # reset PASSWORD, offset ...: not the set command
    return _value(text, *m.span("v"))


def _refine_cracked(m: re.Match[str], text: str) -> tuple[int, int] | None:
    sp = _value(text, *m.span("v"), min_len=4)
    if sp is None:
        return None
    v = text[sp[0]:sp[1]].rstrip(".,;)")
    return (sp[0], sp[0] + len(v)) if human_password(v) else None


#: Where a device password keyword may stand: a line prefix (``username U [privilege N]``, ``enable``...)
#: then the keyword; the empty prefix is a bare indented ``password V`` (under ``line vty``).
_LINE_PRE = re.compile(
    r"[ \t]{0,8}(?P<pre>(?:username|user)[ \t]{1,4}[^\s]{1,64}(?:[ \t]{1,4}privilege[ \t]{1,4}\d{1,2})?[ \t]{1,4}"
    r"|enable[ \t]{1,4}|ip[ \t]{1,4}(?:ftp|http|ospf)[ \t]{1,4}|neighbor[ \t]{1,4}[^\s]{1,64}[ \t]{1,4}"
    r"|ppp[ \t]{1,4}(?:chap|pap)[ \t]{1,4}(?:sent-username[ \t]{1,4}[^\s]{1,64}[ \t]{1,4})?"
    r"|crypto[ \t]{1,4}isakmp[ \t]{1,4}|failover[ \t]{1,4}|key[ \t]{1,4}config-key[ \t]{1,4}"
    # first-hop redundancy groups: standby|vrrp|glbp N [ipv4|ipv6] authentication [md5|text] key-string V
    r"|(?:standby|vrrp|glbp)[ \t]{1,4}\d{1,4}[ \t]{1,4}(?:(?:ipv4|ipv6|address-family[ \t]{1,4}ipv[46])[ \t]{1,4})?"
    r"(?:authentication[ \t]{1,4}(?:md5[ \t]{1,4}|text[ \t]{1,4})?)?"
    r"|authentication[ \t]{1,4}md5[ \t]{1,4}|)"
)
#: The keywords, found with ``str.find`` (a memchr-speed scan each) when the text holds their gate words as
#: letter runs, and the prefixes their untyped form needs: None any prefix of ``_LINE_PRE``, a tuple the words
#: the prefix must start with, ``()`` no untyped form. A bare ``key`` is a device key only after ``crypto
#: isakmp`` (the RADIUS/TACACS+ and NTP forms have their own rows).
_KEYWORDS: tuple[tuple[str, frozenset[str], tuple[str, ...] | None], ...] = tuple(
    (kw, frozenset(gate), prefixes) for kw, gate, prefixes in (
        ("password ", ("password",), None), ("passwd ", ("passwd",), None), ("secret ", ("secret",), None),
        ("key-string ", ("string", "key"), None), ("authentication-key ", ("authentication", "key"), ("ip", "")),
        ("authentication ", ("authentication",), ("standby", "vrrp", "glbp")), ("key ", ("isakmp", "key"), ("crypto",)),
        # ASA: failover key [hex] V; the master passphrase: key config-key password-encryption V (round 13)
        ("key ", ("failover", "key"), ("failover",)), ("password-encryption ", ("encryption", "key"), ("key",)),
        ("set-key ascii ", ("ascii", "key"), ()), ("set-key hex ", ("hex", "key"), ()),
    )
)
_VALUE = re.compile(_V)
#: Words that make a ``username X password Y`` line prose rather than a device's user line.
_PROSE_JOINS = frozenset("and or & / + nor plus field fields are is was were must should will can cannot "
                         "may for of to the a an be being".split())
_BEFORE = frozenset(" \t\n\"'")


def find_device_lines(text: str, low: str, out: list[Hit], words: frozenset[str] | set[str] | None = None,
                      joined: str = "") -> None:
    """Device password lines: the typed form (``password 7 V``, ``secret 9 V``: ``device-typed-secret``) after
    any of the keywords, the untyped one (``device-password-line``) after a config line prefix. ``words``:
    the whole letter runs of an ASCII text; otherwise the gate words are looked up in ``joined``."""
    for kw, gate, prefixes in _KEYWORDS:
        if not (gate <= words if words is not None else all(g in joined for g in gate)):
            continue
        i = low.find(kw)
        while i >= 0:
            j = i + len(kw)
            if i == 0 or low[i - 1] in _BEFORE:
                _device_line(text, low, i, j, prefixes, out)
            i = low.find(kw, j)


def _device_line(text: str, low: str, i: int, j: int, prefixes: tuple[str, ...] | None, out: list[Hit]) -> None:
    if j + 2 < len(low) and low[j] in "056789" and low[j + 1] in " \t":  # typed: password 7 V
        m = _VALUE.match(text, j + 2)
        if m is not None:
            sp = _typed(text, m, low[j])
            if sp is not None:
                out.append(Hit(sp[0], sp[1], "SECRET", "device-typed-secret"))
        return
    if prefixes == ():
        return
    ls = low.rfind("\n", 0, i) + 1
    pm = _LINE_PRE.fullmatch(low, ls, i)
    if pm is None:
        return
    pre = pm.group("pre")
    if prefixes is not None and not pre.startswith(prefixes):
        return
    if low.startswith("text ", j):  # vrrp 10 authentication text V
        j += 5
    elif low.startswith("hex ", j) and pre.startswith("failover"):  # failover key hex V
        j += 4
    m = _VALUE.match(text, j)
    if m is None or low[j] in "0123456789" and low[j + 1:j + 2] in (" ", "\t"):
        return
    sp = _value(text, *m.span("v"))
    if sp is None:
        return
    v = text[sp[0]:sp[1]]
    if pre.startswith("user") and (pre.split()[1] in _PROSE_JOINS or v.lower() in _PROSE_JOINS):
        return  # prose: "username and password are case-sensitive"
    if pre or human_password(v) or v.startswith("$") or _camel_alone(text, low, ls, sp):
        out.append(Hit(sp[0], sp[1], "SECRET", "device-password-line"))


def _camel_alone(text: str, low: str, ls: int, sp: tuple[int, int]) -> bool:
    """An indented ``password V`` line of two words whose value has a capital inside (``ScepChallPw``: a
    trustpoint's challenge under ``crypto pki trustpoint``), not ``password Required``."""
    le = low.find("\n", sp[1], sp[1] + 256)
    le = len(low) if le < 0 and len(low) - sp[1] < 256 else le
    if le < 0 or not text[ls:ls + 1].isspace() or text[sp[1]:le].strip() or len(text[ls:sp[0]].split()) != 1:
        return False
    v = text[sp[0]:sp[1]]
    return v.isalnum() and any(a.islower() and b.isupper() for a, b in zip(v, v[1:], strict=False))


def _typed(text: str, m: re.Match[str], t: str) -> tuple[int, int] | None:
    """A typed value must have its type's shape: type 7 hex pairs after two digits, 5/8/9 a ``$`` hash."""
    sp = _value(text, *m.span("v"))
    if sp is None:
        return None
    v = text[sp[0]:sp[1]]
    if t == "7" and _T7.fullmatch(v) is None:
        return None
    if t in "589" and (len(v) < 8 or not v.startswith("$") and not (
            len(v) >= 16 and v.isascii() and not v.isalpha())):
        return None
    return sp


_SNMP_ALG = r"(?:md5|sha(?:-?\d{3})?)"
_SNMP_PRIV = r"(?:des|3des|aes(?:-?(?:128|192|256)|[ \t]{1,4}(?:128|192|256))?)"
_SNMP_USER = r"snmp-server[ \t]{1,4}user[ \t]{1,4}[^\s]{1,64}[^\n]{0,160}?"
_SNMP = tuple(
    SecretRule(
        rid,
        desc,
        P(_SNMP_USER + body + r"[ \t]{1,4}" + _V),
        keywords=("snmp-server",),
        on_lower=True,
        refine=_refine_v,
        examples=examples,
        near_misses=("snmp-server group G v3 priv read V",
                     "snmp-server user u G v3 auth sha <AUTH> priv aes 128 <PRIV>"),
    )
    for rid, desc, body, examples in (
        ("snmp-v3-auth-key", "the auth passphrase of an SNMPv3 user: snmp-server user U G v3 auth sha V",
         r"[ \t]auth[ \t]{1,4}" + _SNMP_ALG,
         (ex("snmp-server user nms G v3 auth sha {} priv aes 128 x\n", tok(ALNUM, 12)),
          ex("snmp-server user admin network-admin auth md5 {} priv x\n", tok(ALNUM, 12)))),
        ("snmp-v3-priv-key", "the privacy passphrase of an SNMPv3 user: ... priv aes 128 V",
         r"[ \t]priv(?:[ \t]{1,4}" + _SNMP_PRIV + r")?",
         (ex("snmp-server user nms G v3 auth sha x priv aes 128 {}\n", tok(ALNUM, 12)),
          ex("snmp-server user admin network-admin auth sha x priv aes-128 {}\n", tok(ALNUM, 16)),
          ex("snmp-server user nms G v3 auth md5 x priv des {} access 9\n", tok(ALNUM, 12)))),
    )
)

DEVICE_RULES: tuple[SecretRule, ...] = (
    *_SNMP,
    SecretRule(
        "snmp-community-name",
        "SNMP community names: VyOS/EdgeOS set service snmp community V, F5 community-name V, MikroTik "
        "/snmp community ... name=V",
        P(r"(?:set[ \t]{1,4}service[ \t]{1,4}snmp[ \t]{1,4}community|community-name)[ \t]{1,4}" + _V
          + r"|/snmp[ \t]{1,4}community[ \t][^\n]{0,120}?[ \t]name=" + _V.replace("?P<v>", "?P<w>")),
        keywords=("snmp", "community-"),
        chars=" ",
        on_lower=False,
        refine=lambda m, text: _value(text, *m.span("v" if m.start("v") >= 0 else "w")),
        examples=(ex("set service snmp community {} authorization ro\n", tok(ALNUM, 10)),
                  ex("add { c1 { community-name {} source 10.0.0.0/8 } }\n", tok(ALNUM, 10)),
                  ex("/snmp community set [ find default=yes ] name={}\n", tok(ALNUM, 10))),
        near_misses=("set service snmp community public authorization ro\n".replace("public", "<COMMUNITY>"),),
    ),
    SecretRule(
        "snmpd-community",
        "Net-SNMP snmpd.conf community names: rocommunity|rwcommunity[6] V [source], com2sec NAME SOURCE V, "
        "trapcommunity V, trap2sink|informsink HOST V",
        P(r"(?:^|(?<=\n))[ \t]{0,8}(?:r[ow]community6?|trapcommunity)[ \t]{1,8}" + _V
          + r"|(?:^|(?<=\n))[ \t]{0,8}com2sec6?[ \t]{1,8}(?:-cn[ \t]{1,8}[^\s]{1,64}[ \t]{1,8})?[^\s]{1,64}[ \t]{1,8}"
          r"[^\s]{1,64}[ \t]{1,8}" + _V.replace("?P<v>", "?P<w>")
          + r"|(?:^|(?<=\n))[ \t]{0,8}(?:trap2?sink|informsink)[ \t]{1,8}[^\s]{1,128}[ \t]{1,8}"
          + _V.replace("?P<v>", "?P<x>")),
        keywords=("community", "com2sec", "sink"),
        chars=" ",
        on_lower=False,
        refine=lambda m, text: _value(text, *m.span(next(g for g in "vwx" if m.start(g) >= 0))),
        examples=(ex("rocommunity {} 10.0.0.0/8\n", tok(ALNUM, 10)),
                  ex("rwcommunity {}\n", tok(ALNUM, 12)),
                  ex("com2sec readonly default {}\n", tok(ALNUM, 10)),
                  ex("trap2sink nms.example.test {}\n", tok(ALNUM, 10))),
        near_misses=("# rocommunity public  default", "rocommunity <COMMUNITY> 10.0.0.0/8\n",
                     "agentaddress udp:161\n"),
    ),
    SecretRule(
        "procurve-password",
        "HP ProCurve/Aruba-OS-CX password manager|operator [user-name U] plaintext|sha1 V, Comware password "
        "simple|cipher|hash V",
        P(r"password[ ](?:(?:manager|operator|port-access)(?:[ \t]{1,4}user-name[ \t]{1,4}[^\s]{1,64})?"
          r"[ \t]{1,4}(?:plaintext|sha1|sha-256|ciphertext)|simple|cipher|hash|irreversible-cipher)[ \t]{1,4}" + _V),
        keywords=tuple("password " + w for w in ("manager", "operator", "port-access", "simple", "cipher", "hash",
                                                 "irreversible-cipher")),
        chars=" ",
        on_lower=True,
        refine=_refine_v,
        examples=(
            ex("password manager user-name admin plaintext {}\n", tok(ALNUM, 12)),
            ex('password manager user-name admin sha1 "{}"\n', tok(HEX, 40)),
            ex("local-user admin class manage\n password simple {}\n", tok(ALNUM, 12)),
        ),
        near_misses=("password manager user-name admin", "password manager", "password hash"),
    ),
    SecretRule(
        "aruba-mgmt-user",
        "ArubaOS mgmt-user U ROLE V and wlan ssid-profile wpa-passphrase V",
        P(r"(?m)(?:^[ \t]{0,8}mgmt-user[ \t]{1,4}[^\s]{1,64}[ \t]{1,4}[^\s]{1,64}|wpa-passphrase)[ \t]{1,4}" + _V),
        keywords=("mgmt-user", "wpa-passphrase"),
        on_lower=True,
        refine=_refine_v,
        examples=(
            ex("mgmt-user admin root {}\n", tok(HEX, 60)),
            ex('wlan ssid-profile "corp"\n   wpa-passphrase {}\n', tok(ALNUM, 14)),
        ),
        near_misses=("mgmt-user admin root", "wpa-passphrase <PSK>"),
    ),
    SecretRule(
        "device-hash-scheme",
        "device hash and obfuscation schemes wherever they stand: Junos $9$, Cisco type 8/9 $8$/$9$, F5 $M$, "
        "Huawei/H3C cipher %^%#…%^%# and %$%$…%$%$",
        P(r"(?<![\w$])\$(?:9\$[a-z0-9./-]{8,512}(?:\$[a-z0-9./]{20,64})?|8\$[a-z0-9./]{14}\$[a-z0-9./]{43}"
          r"|m\$[a-z0-9]{2}\$[a-z0-9+/=]{16,512})"
          r"|%\^%#[!-~]{8,512}?%\^%#|%\$%\$[!-~]{8,512}?%\$%\$"),
        keywords=("$9$", "$8$", "$m$", "%^%#", "%$%$"),
        on_lower=True,
        examples=(
            ex('authentication-key "{}"; ## SECRET-DATA\n', "$9$" + tok(ALNUM, 20)),
            ex("username u secret 8 {}\n", "$8$" + tok(ALNUM, 14) + "$" + tok(ALNUM, 43)),
            ex("    passphrase {}\n", "$M$ab$" + tok(ALNUM, 40) + "=="),
            ex("local-user admin password irreversible-cipher {}\n", "%^%#" + tok(ALNUM, 24) + "%^%#"),
            ex("snmp-agent community read cipher {}\n", "%$%$" + tok(ALNUM, 24) + "%$%$"),
        ),
        near_misses=("Junos obfuscates secrets with the $9$ scheme", "it costs $9$ per month",
                     "$9$short"),
    ),
    SecretRule(
        "nagios-user-macro",
        "Nagios/Icinga resource.cfg macros $USERn$=V (the plugin folder path stays)",
        P(r"(?m)^[ \t]{0,8}\$user\d{1,3}\$[ \t]{0,4}=[ \t]{0,4}" + _V),
        keywords=("$user",),
        on_lower=True,
        refine=_refine_nagios,
        examples=(ex("$USER3$={}\n", "Nag-" + tok(ALNUM, 8)),),
        near_misses=("$USER1$=/usr/lib/nagios/plugins", "$USER1$/check_ping -H $HOSTADDRESS$"),
    ),
    SecretRule(
        "msf-set-password",
        "Metasploit module options that hold a password: set PASSWORD V, setg SMBPass V, set HttpPassword V",
        P(r"setg?[ ](?:PASSWORD|PASSWD|PASS|SMBPass|SMBPASS|HttpPassword|HTTPPASSWORD|FTPPASS|PASSPHRASE)"
          r"[ \t]{1,4}(?P<v>\"[^\"\r\n]{1,256}\"|[^\s'\";]{1,256})"),
        keywords=("set pass", "setg pass", "smbpass", "httppassword", "ftppass"),
        on_lower=False,
        refine=_refine_msf,
        examples=(ex("msfconsole -x 'use auxiliary/scanner/smb/smb_login; set PASSWORD {}; run'\n", tok(ALNUM, 12)),
                  ex("msf6 auxiliary(scanner/ssh/ssh_login) > set PASSWORD {}\n", tok(ALNUM, 10)),
                  ex("setg SMBPass {}\n", tok(ALNUM, 12))),
        near_misses=("set PASS_FILE /usr/share/wordlists/rockyou.txt", "set PASSWORD <PASSWORD>", "set password"),
    ),
    SecretRule(
        "cracked-password",
        "a password after cracked: / recovered: in the notes of a cracking session (john, hashcat)",
        P(r"(?<![\w-])(?:cracked|recovered)(?:[ \t]{1,3}(?:password|pw|pass))?[ \t]{0,3}[:=][ \t]{0,3}" + _V),
        keywords=("cracked", "recovered"),
        chars=":=",
        on_lower=True,
        refine=_refine_cracked,
        examples=(ex("john --wordlist=w.txt h # cracked: {}\n", tok(ALNUM, 10)),
                  ex("admin hash recovered password: {}\n", "Summer" + tok(ALNUM, 4))),
        near_misses=("Recovered........: 1/1 (100.00%) Digests", "cracked: none yet", "recovered: 3 of 10"),
    ),
)


#: The field header of pppd chap-secrets / pap-secrets files (``# client  server  secret  IP addresses``).
_CHAP_HEAD = re.compile(r"(?m)^#[ \t]{0,8}(?:client|user(?:name)?)[ \t]{1,16}server[ \t]{1,16}secret\b[^\n]{0,120}")
_CHAP_FIELD = re.compile(r"\"[^\"\n]{0,256}\"|[^\s\"]{1,256}")


def find_chap_secrets(text: str, low: str, out: list[Hit]) -> None:
    """The secret (third) field of each line under a chap-secrets header, until a line with fewer fields."""
    for m in _CHAP_HEAD.finditer(low):
        pos, seen = m.end() + 1, 0
        while pos < len(text) and seen < 512:
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = text[pos:end]
            seen += 1
            stripped = line.strip()
            if stripped and not stripped.startswith("#"):
                fields = list(_CHAP_FIELD.finditer(text, pos, end))
                if len(fields) < 3:
                    break
                f = fields[2]
                sp = _value(text, f.start(), f.end(), min_len=1)
                if sp is not None and text[sp[0]:sp[1]] not in ("*", "-", '""'):
                    out.append(Hit(sp[0], sp[1], "SECRET", "chap-secrets"))
            pos = end + 1
