"""Positional secrets of sysadmin, self-hosting and desktop tool files (hold-out round 14, r14-sysconf).

The files these rows read hold a password by its place on the line, not under a key name, or under a name
the key-name lexicon cannot see. One :class:`~redaction.secret_kit.SecretRule` row per syntax family, each
behind a literal keyword of the shared prefilter:

- ``mail-relay-map-line`` / ``mail-relay-bracket-line``: a Postfix ``sasl_passwd`` (or smarthost map) line
  written without the bracket and port form the ``postfix-sasl-passwd`` row reads: ``smtp.gmail.com:587
  user:V``, ``mail.isp.example user:V``, ``[mail.isp.example] user:V``; the host must be bracketed or named
  for mail (smtp, mail, relay, mx, mta), and the line must open with it;
- ``sendmail-authinfo``: sendmail's ``authinfo`` map, ``AuthInfo:HOST "U:user" "P:V"`` (``P=`` too);
- ``smbpasswd-file-line``: the LM and NT hashes of a Samba ``smbpasswd`` file line
  (``user:uid:LM:NT:[U ]:LCT-…:``; an LM field of ``X`` is no hash);
- ``user-then-password-directive``: directives whose arguments are a user and then the password: tinyproxy
  ``BasicAuth USER V``, ProFTPD ``SQLConnectInfo DB USER V``;
- ``proxy-users-line``: 3proxy ``users NAME:CL:V`` (and the ``CR``/``NT`` hashed forms);
- ``tacplus-des``: tac_plus user passwords stored as DES crypt (``login = des V``, ``enable = des V``);
- ``braced-statement-secret``: an ISC/BIND/keepalived statement named like a secret inside braces on one
  line: ``key "k" { algorithm hmac-md5; secret "V"; };``, ``authentication { auth_pass V; }``;
- ``mremoteng-protected``: the ``Protected="…"`` verifier of an mRemoteNG ``confCons.xml`` (encrypted with
  the master password: an offline guessing target);
- ``hexdump-of-secret-file``: the bytes ``xxd``/``hexdump``/``od`` print of a file named for a password
  (``~/.vnc/passwd``, ``*.psk``, ``*.key``, ``*.secret``).

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import NEGATIVE_HEAD, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, HEX, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import logical_line_start, strip_span, vet_value

_HOST_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-*")


def _vet(text: str, s: int, e: int) -> tuple[int, int] | None:
    if e > s and text[s] in "\"'" and text[e - 1] == text[s]:
        s, e = s + 1, e - 1
    return vet_value(text, s, e, 2, quoted=False)


def _refine_relay(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The line opens with the host (bracketed, or a dotted name holding the mail word the match began at);
    the password is not a port, a time, a path or a plain word."""
    ls, _ = logical_line_start(text, m.start())
    head = text[ls:m.start()].lower()
    if "b" not in m.re.groupindex:
        if any(c not in _HOST_CHARS for c in head):
            return None
        host = head + m.group("h")
        if "." not in host.split(":", 1)[0]:
            return None
    elif head.strip(" \t"):
        return None
    s, e = m.span("v")
    v = text[s:e]
    if v.replace(":", "").replace(".", "").isdigit() or v[:1] in "/~.$%<{" or v.isalpha():
        return None
    return _vet(text, s, e)


def _refine_value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return _vet(text, *m.span("v"))


def _refine_line_value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The directive opens its (logical) line."""
    ls, _ = logical_line_start(text, m.start())
    if text[ls:m.start()].strip(" \t"):
        return None
    return _vet(text, *m.span("v"))


def _refine_smbpasswd(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s = m.start("lm") if m.group("lm")[:1] not in ("x", "X") else m.start("nt")
    return strip_span(text, s, m.end("nt"))


def _refine_braced(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if key_score(m.group("k")) < 2:
        return None
    g = "q" if m.start("q") >= 0 else "b"
    s, e = m.span(g)
    return vet_value(text, s, e, 2, quoted=g == "q")


def _refine_hexdump(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return strip_span(text, *m.span("v"))


#: Tokens of technical prose that mix letters and digits but name no secret (``password sha256``,
#: ``WPA2 AES256``, ``password varchar2``), and ticket or version ids (``ops-4471``, ``v2.4``).
_TECH = re.compile(r"(?:sha|md|aes|des|rc|utf|base|pbkdf|argon|ntlm|ipv|wpa|wep|tls|ssl|http|x|pkcs|ccmp|tkip|gcm"
                   r"|cbc|ecdsa|rsa|ed|crc|int|float|varchar|nvarchar|char|ssh|smb|snmp|v|r|ppp|ikev|radius|eap)"
                   r"[-_]?\d{1,5}[a-z]{0,3}(?:[-_][a-z0-9]{1,8})?|[a-z]{2,4}-\d{1,8}|v?\d{1,4}(?:\.\d{1,4}){1,3}[a-z]?"
                   r"|\d{1,5}(?:st|nd|rd|th|x|k|m|s|h|d|ms|mb|gb|kb|ch|chars?|digits?|days?)|sae-h2e|sae-pk|h2e")


_STRONG_SYMBOLS = frozenset("!@#%^&*?+~$")
_PARTS = re.compile(r"[a-z]{2,}|v\d{1,3}")
_VERSION_PART = re.compile(r"v\d{1,3}")
#: Words of notes about a password (its migration, its doc) that NEGATIVE_HEAD does not list.
_ABOUT = frozenset("migration migrate upgrade change changes doc docs guide wiki ticket spec draft plan note notes "
                   "list sheet vault manager".split())
_PATHISH = re.compile(r"[a-z0-9_.-]{0,64}(?:/[a-z0-9_.-]{1,64}){1,12}/?")
_TICKET = re.compile(r"[A-Z]{2,12}-\d{1,8}")  # OPS-4471, INC-20931: a ticket id, upper case as trackers print it
_YMD = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")


def _password_shaped(v: str) -> bool:
    """A written-down password: 6+ characters, a letter with a digit or a symbol inside, not a technical token."""
    if not 6 <= len(v) <= 64:
        return False
    if v.isdigit():  # a PIN-like password (``pw 83920174``), not a date written yyyymmdd
        return _YMD.fullmatch(v) is None
    if not any(c.isalpha() for c in v):
        return False
    if not any(c.isdigit() for c in v) and not any(c in _STRONG_SYMBOLS for c in v[1:-1]):
        return False  # ``minimum-length``, ``read_only``: words joined by a dash, not a password
    if "/" in v and _PATHISH.fullmatch(v):
        return False  # ``secret/db``, ``kv/data/app``: a path in a store
    if _TECH.fullmatch(v.lower()) is not None or _TICKET.fullmatch(v) is not None:
        return False
    parts = _PARTS.findall(v.lower())
    # ``policy-2024``, ``v2-migration``, ``reset-link``: a note about the password, not the password
    return not any(p in NEGATIVE_HEAD or p in _ABOUT or _VERSION_PART.fullmatch(p) for p in parts)


def _refine_bare_prose(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_.$/\\-=:"):
        return None  # the word inside an identifier or a path (db_password, self.pw, /etc/passwd)
    s, e = m.span("v")
    while e > s and text[e - 1] in ".:!?":
        e -= 1  # the sentence's full stop
    if text[e:e + 1] == "(" or not _password_shaped(text[s:e]):
        return None
    return vet_value(text, s, e, 2, quoted=False)


SYSCONF_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "mail-relay-map-line",
        "Postfix sasl_passwd and smarthost map lines that open with a host named for mail, without the [host]:port"
        " form: smtp.example.com:587 user:V, mail.example.com user:V",
        P(r"(?P<h>(?:smtp|m(?:ail|x|ta)|relay)[a-z0-9.-]{0,200}(?::\d{1,5})?)"
          r"[ \t]{1,16}[^\s:|/\[\]]{1,128}:(?P<v>[^\s]{1,256})[ \t]*(?=\r?\n|\Z)"),
        keywords=("smtp", "mail", "relay", "mx", "mta"),
        on_lower=True,
        refine=_refine_relay,
        examples=(ex("smtp.gmail.com:587 alerts@example.com:{}\n", tok(ALNUM, 14)),
                  ex("mail.isp.example   user@isp.example:{}\n", tok(ALNUM, 12))),
        near_misses=("smtp.gmail.com:587 alerts@example.com\n", "see mail.example.com user:root\n",
                     "smtp.example.com relay:587\n", "mail.example.com user:$PASSWORD\n"),
    ),
    SecretRule(
        "mail-relay-bracket-line",
        "Postfix sasl_passwd lines with a bracketed relay and no port: [mail.example.com] user:V",
        P(r"\[(?P<b>[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8})\](?::\d{1,5})?"
          r"[ \t]{1,16}[^\s:|/\[\]]{1,128}:(?P<v>[^\s]{1,256})[ \t]*(?=\r?\n|\Z)"),
        keywords=("] ", "]\t"),
        on_lower=True,
        refine=_refine_relay,
        examples=(ex("[mail.isp.example] user@isp.example:{}\n", tok(ALNUM, 12)),),
        near_misses=("- [x] done: fix:later\n", "[mail.isp.example] user@isp.example\n"),
    ),
    SecretRule(
        "sendmail-authinfo",
        "sendmail authinfo map entries: AuthInfo:HOST \"U:user\" \"P:V\" (or \"P=V\")",
        P(r"authinfo:[^\r\n]{0,300}?\"p[:=](?P<v>[^\"\r\n]{1,256})\""),
        keywords=("authinfo:",),
        on_lower=True,
        refine=_refine_value,
        examples=(ex('AuthInfo:smtp.example.com "U:smmsp" "P:{}" "M:PLAIN"', tok(ALNUM, 12)),
                  ex('AuthInfo: "U:alerts" "P={}"', tok(ALNUM, 12))),
        near_misses=('AuthInfo:relay.example "U:relay" "P:$password"', 'AuthInfo:relay.example "U:relay" "M:PLAIN"'),
    ),
    SecretRule(
        "smbpasswd-file-line",
        "the LM and NT hashes of a Samba smbpasswd file line (user:uid:LM:NT:[flags]:LCT-...)",
        P(r"[^\s:]{1,64}:\d{1,10}:(?P<lm>[0-9a-f]{32}|x{32}):(?P<nt>[0-9a-f]{32}):\[[a-z ]{1,16}\]:lct-"),
        keywords=(":lct-",),
        on_lower=True,
        refine=_refine_smbpasswd,
        examples=(ex("bob:1001:" + "X" * 32 + ":{}:[U          ]:LCT-5F3A2B1C:", tok(HEX, 32).upper()),),
        near_misses=("bob:1001:" + "X" * 32 + ":" + "X" * 32 + ":[DU         ]:LCT-00000000:",),
    ),
    SecretRule(
        "user-then-password-directive",
        "directives whose arguments are a user, then the password: tinyproxy BasicAuth USER V, ProFTPD"
        " SQLConnectInfo DB USER V",
        P(r"(?:basicauth|sqlconnectinfo[ \t]{1,8}[^\s]{1,200})[ \t]{1,8}"
          r"(?:\"[^\"\r\n]{1,128}\"|[^\s\"]{1,128})[ \t]{1,8}"
          r"(?P<v>\"[^\"\r\n]{1,256}\"|[^\s\"#]{1,256})(?:[ \t]{1,8}[a-z]{1,16})?[ \t]*(?=\r?\n|\Z)"),
        keywords=("basicauth", "sqlconnectinfo"),
        on_lower=True,
        refine=_refine_line_value,
        examples=(ex("BasicAuth ops {}\n", tok(ALNUM, 12)),
                  ex("SQLConnectInfo proftpd@db.lan:3306 ftpdb {} PERSESSION\n", tok(ALNUM, 12))),
        near_misses=('BasicAuthRealm "Proxy"\n', "SQLConnectInfo ftpdb@localhost\n", "BasicAuth ops ${PROXY_PW}\n"),
    ),
    SecretRule(
        "proxy-users-line",
        "3proxy users entries: NAME:CL:V (cleartext), NAME:CR:HASH and NAME:NT:HASH",
        P(r"[^\s:\"]{1,64}:(?:cl|cr|nt):(?P<v>[^\s\"]{1,256})"),
        keywords=(":cl:", ":cr:", ":nt:"),
        on_lower=True,
        refine=_refine_value,
        examples=(ex("users admin:CL:{} bob:CL:x", tok(ALNUM, 12)), ex('users "bob:CL:{}"', tok(ALNUM, 12))),
        near_misses=("users $/etc/3proxy/passwd", "users admin:CL:${PROXY_PW}"),
    ),
    SecretRule(
        "tacplus-des",
        "tac_plus user passwords stored as DES crypt: login = des V, enable = des V, pap = des V",
        P(r"(?:login|enable|pap|chap|arap|opap)[ \t]{0,4}=[ \t]{0,4}des[ \t]{1,4}(?P<v>[a-z0-9./]{13})(?![a-z0-9./])"),
        keywords=("des ", "des\t"),
        on_lower=True,
        refine=_refine_value,
        examples=(ex("user = bob {\n    login = des {}\n}", "aB3dE5fG7hJ9k"),),
        near_misses=("user = bob {\n    login = file /etc/passwd\n}", "login = des"),
    ),
    SecretRule(
        "braced-statement-secret",
        "a statement named like a secret inside braces on one line (BIND/ISC key blocks, keepalived):"
        " { algorithm hmac-md5; secret \"V\"; }",
        P(r"[{;][ \t]{1,8}(?P<k>[a-z0-9_-]{0,40}(?:secret|pass|psk|key|token))[ \t]{1,8}"
          r"(?:\"(?P<q>[^\"\r\n]{1,512})\"|(?P<b>[^\s\";{}]{1,512}))[ \t]{0,4};"),
        keywords=("secret", "pass", "psk", "key", "token"),
        chars="{",
        on_lower=True,
        refine=_refine_braced,
        examples=(ex('key "dhcp-update" { algorithm hmac-md5; secret {}; };', tok(B64, 22) + "=="),
                  ex('authentication { auth_type PASS; auth_pass {}; }', tok(ALNUM, 9))),
        near_misses=('allow-update { key ddns-key; };', 'controls { inet 127.0.0.1 keys { "rndc-key"; }; };',
                     'key "k" { algorithm hmac-sha256; secret "<base64>"; };'),
    ),
    SecretRule(
        "mremoteng-protected",
        "the Protected=\"...\" verifier of an mRemoteNG confCons.xml (encrypted with the master password)",
        P(r"\bprotected=\"(?P<v>[a-z0-9+/]{40,1024}={0,2})\""),
        keywords=("protected=\"",),
        on_lower=True,
        refine=lambda m, text: strip_span(text, *m.span("v")),
        examples=(ex('<mrng:Connections Name="Connections" Protected="{}" ConfVersion="2.6">', tok(B64, 64)),),
        near_misses=('<Node Protected="false" />',),
    ),
    SecretRule(
        "hexdump-of-secret-file",
        "the bytes xxd, hexdump or od print of a file named for a password (~/.vnc/passwd, *.psk, *.secret)",
        P(r"(?:xxd[ \t]|hexdump[ \t]|od[ \t]{1,4}-)[^\r\n]{0,120}?(?:passwd|\.psk|\.secrets?|\.pass|\.key)\b"
          r"[^\r\n]{0,40}\r?\n"
          r"[0-9a-f]{7,8}:?[ \t]{1,2}(?P<v>[0-9a-f]{2,4}(?:[ \t]{1,2}[0-9a-f]{2,4}){0,15})"),
        keywords=("xxd", "hexdump", "od -"),
        on_lower=True,
        refine=_refine_hexdump,
        examples=(ex("$ xxd ~/.vnc/passwd\n00000000: {}  .....V..", "d7a5 14d8 c556 aade"),),
        near_misses=("$ xxd image.png\n00000000: 8950 4e47 0d0a 1a0a",),
    ),
    SecretRule(
        "password-word-then-value",
        "a note's password written straight after the word, with no colon or verb: \"TeamViewer ID 1 234 567,"
        " password tv7k9m2q\", \"router pw x7kq29ab\" (the value must read as a password, not a technical token)",
        P(r"(?:password|passwort|passwd|kennwort|pwd|pw)[ \t]{1,4}"
          r"(?P<v>[a-z0-9][^\s,;()\"'`<>\[\]{}|=]{5,63})(?![^\s,;)\"'])"),
        keywords=("password", "passwort", "passwd", "kennwort", "pw"),
        on_lower=True,
        refine=_refine_bare_prose,
        examples=(ex("TeamViewer ID 1 234 567 890, password {}", "tv7k9m2q"),
                  ex("router pw {} for the admin", "x7kq29ab"), ex("pw {} for the router", "83920174")),
        near_misses=("Failed password for root from 203.0.113.5 port 22 ssh2", "hashed the password sha256 style",
                     "the password aes256 encrypted", "password authentication", "see password ops-4471",
                     "the password 12chars rule", "password 20261112 rotated",
                     "set system login password minimum-length 12", "vault kv get -field=password secret/db",
                     "the password policy-2024 doc", "see password v2-migration."),
    ),
    SecretRule(
        "wifi-security-then-value",
        "a Wi-Fi key written after its security mode in a note: \"SSID Backstube, WPA2 Mehl_Zucker_Salz_4\","
        " \"WPA2-Key: V\", \"WPA key V\"",
        P(r"wpa[23]?(?:[- ]?(?:psk|key|personal|passphrase|pass))?[ \t]{0,4}[:=]?[ \t]{1,4}"
          r"(?P<v>[^\s,;()\"'`<>\[\]{}|=]{6,63})(?![^\s,;)\"'])"),
        keywords=("wpa",),
        on_lower=True,
        refine=_refine_bare_prose,
        examples=(ex("Wifi: SSID Backstube-5G, WPA2 {}", "Mehl_Zucker_Salz_4"), ex("WPA2-Key {}", "Sauer_Teig_3")),
        near_misses=("WPA2 personal, AES", "WPA2-PSK (AES)", "WPA2 enabled, WPS disabled", "wpa2 aes256 ccmp",
                     "WPA3 SAE-H2E"),
    ),
    SecretRule(
        "nut-upsmon-monitor",
        "the password of a NUT upsmon.conf MONITOR line: MONITOR ups@host POWER USER V primary|secondary",
        P(r"monitor[ \t]{1,8}[^\s@]{1,64}@[^\s]{1,253}[ \t]{1,8}\d{1,3}[ \t]{1,8}[^\s]{1,64}[ \t]{1,8}"
          r"(?P<v>\"[^\"\r\n]{1,256}\"|[^\s\"]{1,256})[ \t]{1,8}(?:master|slave|primary|secondary)\b"),
        keywords=("monitor",),
        on_lower=True,
        refine=_refine_value,
        examples=(ex("MONITOR ups@localhost 1 monuser {} master", tok(ALNUM, 12)),),
        near_misses=("MONITOR ups@localhost 1 monuser ${NUT_PW} master", "MINSUPPLIES 1"),
    ),
    SecretRule(
        "vpnc-secret-line",
        "vpnc configuration secrets: IPSec secret V, Xauth password V (and their obfuscated forms)",
        P(r"(?:ipsec|xauth)[ \t]{1,4}(?:obfuscated[ \t]{1,4})?(?:secret|password)[ \t]{1,8}"
          r"(?P<v>[^\s][^\r\n]{0,255}?)[ \t]*(?=\r?\n|\Z)"),
        keywords=("ipsec", "xauth"),
        on_lower=True,
        refine=_refine_line_value,
        examples=(ex("IPSec gateway vpn.example.com\nIPSec secret {}\n", tok(ALNUM, 14)),
                  ex("Xauth obfuscated password {}\n", tok(HEX, 32))),
        near_misses=("IKE Authmode psk\n", "IPSec secret\n", "the ipsec secret is in the vault\n"),
    ),
    SecretRule(
        "password-store-output",
        "the line a password store's print command writes under it when no shell prompt leads the command:"
        " security find-generic-password -w, secret-tool lookup, op read, bw get password, kwallet-query -r",
        P(r"(?:security[ \t]{1,4}find-(?:generic|internet)-password[^\r\n]{0,300}?[ \t]-w\b|secret-tool[ \t]{1,4}lookup"
          r"|op[ \t]{1,4}read|bw[ \t]{1,4}get[ \t]{1,4}password|kwallet-query[^\r\n]{0,200}?[ \t]-r\b)"
          r"[^\r\n|>]{0,300}\r?\n(?P<v>[^\s$#>][^\s]{5,255})[ \t]*(?=\r?\n|\Z)"),
        keywords=("find-generic-password", "find-internet-password", "secret-tool", "op read", "bw get",
                  "kwallet-query"),
        on_lower=True,
        refine=_refine_value,
        examples=(ex('security find-generic-password -s "NAS" -w\n{}\n', tok(ALNUM, 14)),
                  ex("kwallet-query -r nas kdewallet\n{}\n", tok(ALNUM, 12))),
        near_misses=('security find-generic-password -s "NAS" -w\nsecurity: SecKeychainSearchCopyNext: not found\n',
                     "kwallet-query -r nas kdewallet\n$ ls\n"),
    ),
    SecretRule(
        "steamcmd-login",
        "the password of steamcmd +login USER V (not the anonymous login)",
        P(r"\+login[ \t]{1,4}(?P<u>[^\s+]{1,64})[ \t]{1,4}"
          r"(?P<v>[^\s+\"'][^\s]{0,255}|\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}')"),
        keywords=("+login",),
        on_lower=True,
        refine=lambda m, text: None if m.group("u") == "anonymous" else _refine_value(m, text),
        examples=(ex("steamcmd +login steamuser {} +app_update 896660 +quit", tok(ALNUM, 14)),),
        near_misses=("steamcmd +login anonymous +app_update 896660 validate +quit",),
    ),
)
