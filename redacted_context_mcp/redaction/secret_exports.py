"""Line grammars of network, VPN and service config files, CI logs and password prose in other languages.

Rows (one regex each, run by the shared prefilter of find_secrets), red-team round 2 of issue 9:
RADIUS/TACACS+ shared keys, routing-protocol MD5 keys, SNMP communities (Cisco
``snmp-server host … version 2c V``, Junos ``set snmp community V``), access-point
``wpa-psk ascii 0 V``, HAProxy ``stats auth`` / ``insecure-password``, Redis ACL
``user … on >V``, OpenVPN inline ``<auth-user-pass>``, strongSwan ``ipsec.secrets``
(``: PSK "V"``), CI log masks (``::add-mask::V``), unquoted Oracle ``IDENTIFIED BY V``,
prose credential pairs (``creds are user:V``) and password sentences in other languages
(``La contraseña nueva es V``, ``Hasło do serwera: V``, ``パスワードは V``), and XML whose ``<key>`` element names the
value of the element after it (Apple plists, KeePass exports: ``<key>Password</key><string>V</string>``). The
keyword or key stays visible; only the value goes.

Imports: redaction.secret_assign, redaction.secret_keys, redaction.secret_kit, redaction.secret_refine,
redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_assign import _INTL
from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, HEX, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import strip_span, vet_value
from redacted_context_mcp.redaction.secret_values import is_reference, is_template, looks_generated

#: A value word: double-quoted, or a run of non-blanks.
_V = r"(?P<v>\"[^\"\r\n]{1,256}\"|[^\s\"][^\s]{0,255})"
_TRAIL = ".,;:!?)]}>"


#: A crypt or Junos ``$9$`` scheme marker: the value is an (often reversible) encoded secret, not ``$VAR``.
_SCHEME = re.compile(r"\$[0-9a-z]{1,2}\$")


def _plain(text: str, s: int, e: int, *, min_len: int = 2) -> tuple[int, int] | None:
    """The value's span without its quotes, unless it is empty, a template or a reference."""
    if e - s >= 2 and text[s] == '"' and text[e - 1] == '"':
        s, e = s + 1, e - 1
    v = text[s:e]
    if len(v.strip()) < min_len or is_template(v):
        return None
    if _SCHEME.match(v) is None and is_reference(v, quoted=False):
        return None
    return strip_span(text, s, e)


_PSK_WORDS = frozenset(("ascii-text", "hexadecimal", "keyring", "local", "remote", "cipher", "simple"))


def _refine_psk(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if m.group("v").strip('"').lower() in _PSK_WORDS:
        return None
    return _refine_v(m, text)


def _refine_v(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return _plain(text, *m.span("v"))


def _refine_ipsec(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """An ipsec.secrets value: a bare PSK must end its line and read as a password (``key_mgmt: PSK only`` is
    prose); a key file's passphrase may be quoted or bare (``%prompt`` asks for it)."""
    if m.start("kp") >= 0:
        f = m.group("f")
        if "." not in f and "/" not in f:
            return None  # Type: RSA 2048 bits
        if text[m.start("kp")] != '"' and not human_password(text[m.start("kp"):m.end("kp")]):
            return None
        return _plain(text, *m.span("kp"))
    if m.start("bare") >= 0:
        v = text[m.start("bare"):m.end("bare")]
        if not human_password(v) and not looks_generated(v):
            return None
    return _plain(text, *m.span("v"))


def human_password(v: str) -> bool:
    """Letters with digits (``Girasol_2025``), or both cases with a symbol (``Kiefer#Wald``): not a word."""
    if any(c.isdigit() for c in v):
        return any(c.isalpha() for c in v)
    return any(c.isupper() for c in v) and any(c.islower() for c in v) and any(not c.isalnum() for c in v)


def _refine_human(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A prose value: quotes and sentence punctuation dropped, kept only when it reads as a password."""
    s, e = m.span("v")
    if text[m.start() - 1:m.start()] in ("?", "&"):
        amp = text.find("&", s, e)
        e = amp if amp > s else e  # ``?senha=V&port=5433``: a query string's next parameter is not the value
    while e > s and text[e - 1] in _TRAIL:
        e -= 1
    v = text[s:e]
    if len(v) < 4 or "://" in v or v.startswith("/") or not human_password(v):
        return None
    if is_template(v) or is_reference(v, quoted=False):
        return None
    return s, e


#: A KeePass custom field named after a network device's secret line (the lexicon scores ``enable`` as a flag).
_DEVICE_SECRET_NAMES = frozenset(("enable secret", "enable password"))


def _refine_sibling(m: re.Match[str], text: str) -> tuple[int, int] | None:
    score = key_score(m.group("k")) or 2 * (m.group("k").lower() in _DEVICE_SECRET_NAMES)
    if not score:
        return None
    s, e = m.span("v")
    return vet_value(text, s, e, score, quoted=True)


#: A flag that names a secret file, right before the process substitution.
_SECRET_FLAG_BEFORE = re.compile(r"(?:pass|secret|token|key|cred|auth)[\w-]{0,30}(?:=|[ \t]{1,4})\Z", re.I)


def _refine_substitution(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s = m.start()
    if _SECRET_FLAG_BEFORE.search(text, max(0, s - 48), s) is None:
        return None  # diff <(echo a) <(echo b): no secret flag takes it
    return _plain(text, *_unquote_single(text, *m.span("v")))


def _unquote_single(text: str, s: int, e: int) -> tuple[int, int]:
    return (s + 1, e - 1) if e - s >= 2 and text[s] == "'" and text[e - 1] == "'" else (s, e)


def _refine_identified(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    v = text[s:e]
    if v.lower() in ("values", "password", "externally", "globally", "the", "a", "an"):
        return None
    if human_password(v):
        return s, e
    # a plain word is a password only where a statement ends with it: ALTER USER scott IDENTIFIED BY tiger;
    rest = text[e:e + 3].lstrip(" \t")
    return (s, e) if (not rest or rest[0] in ";\r\n") and v.isalnum() else None


#: The word for password in other languages: the assignment row's words (so the prefilter tests them once for
#: both rows) and the inflected or multi-word forms a sentence uses, each holding one of those or ``pass``.
_INTL_WORDS = (*_INTL, "lösenordet", "adgangskoden", "mot de passe", "passwort", "passordet", "passord", "clave")
_INTL_KEYWORDS = (*_INTL, "passe", "passwort", "passord", "clave")
#: The copula or colon between the word (and a few words of its own, ``do wifi``, ``del router``) and the value.
_INTL_COPULA = (
    r"(?:[ \t]{0,3}[:=：][ \t]{0,3}|(?<=[^\W\d_])(?:は|是|는|은|为|為)[ \t]{0,3}|[ \t]{1,3}"
    r"(?:es|est|ist|lautet|is|är|er|on|é|è|jest|je|este|és|estas|era|war|fue|será|sarà|sera|blir|wordt|wird|"
    r"to|это|—|-)(?:[ \t]{1,3}(?:jetzt|nun|nu|nå|nyt|now|ahora|agora|maintenant|désormais|teraz|ora|sada))?"
    r"[ \t]{0,3}:?[ \t]{1,3})"
)
_INTL_ROW = SecretRule(
    "prose-password-intl",
    "the word for password in another language in a sentence (contraseña nueva es V, Hasło do serwera: V)",
    P(
        r"(?<!\w)(?:" + "|".join(sorted(_INTL_WORDS, key=len, reverse=True)) + r")"
        r"(?:[ \t]{1,3}[^\s:=：\"'“”]{1,24}){0,3}?" + _INTL_COPULA
        + r"[\"'“”«‘`*]{0,2}(?P<v>[^\s\"'”»’`*,;]{4,64})"
    ),
    keywords=_INTL_KEYWORDS,
    chars=" :=\t",
    on_lower=True,
    refine=_refine_human,
    examples=(
        ex("La contraseña nueva es {} (cámbiala al entrar)", "Girasol_2025"),
        ex("A senha do wifi é {}", "Caju-Praia-22"),
        ex("Hasło do serwera: {}", "Pols-Haslo-7"),
        ex("Lösenordet är {}", "Sv3nsk-Losen"),
        ex("Salasana on {}", "Suomi-Sala-5"),
        ex("パスワードは {} です", "Jp-Pass-1234"),
        ex("Le mot de passe du Wi-Fi est : {}", "Soleil-Plage-88"),
        ex("Das Kennwort lautet jetzt {}, bitte nicht weitergeben.", "Kiefer#Wald2024"),
        ex("Das WLAN-Passwort lautet jetzt {}.", "Kestrel-Basalt6904"),
        ex("la clave del wifi es {}", "Clave-Wifi-21"),
    ),
    near_misses=(
        "La contraseña es obligatoria", "Le mot de passe est trop court", "Salasana on vaihdettava",
        "Das Passwort ist abgelaufen.", "contraseña: <tu-contraseña>", "senha é ${SENHA}",
        "Hasło do serwera: zmienione", "la clave es la paciencia", "la clave del éxito es 1 paso",
    ),
)


EXPORT_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "xml-key-sibling",
        "XML whose <key> element names the next element's value: Apple plists, KeePass exports (<Key>Password</Key>)",
        P(r"<key>[ \t]{0,8}(?P<k>[^<>\s](?:[^<>\r\n]{0,62}[^<>\s])?)[ \t]{0,8}</key>\s{0,40}"
          r"<(?P<t>string|value|data)(?:[ \t][^<>]{0,200})?>"
          r"[ \t]{0,8}(?P<v>[^<\s][^<]{0,1023}?)[ \t]{0,8}</(?P=t)>"),
        keywords=("<key>",),
        on_lower=True,
        refine=_refine_sibling,
        examples=(
            ex("<dict>\n\t<key>API_KEY</key>\n\t<string>{}</string>\n</dict>", tok(ALNUM, 32)),
            ex("<String><Key>Password</Key><Value ProtectInMemory=\"True\">{}</Value></String>", tok(ALNUM, 14)),
            ex("<key>password</key>\n<string>{}</string>", "Pl1st" + tok(ALNUM, 5)),
            ex("<String><Key>Admin password</Key><Value>{}</Value></String>", "Kp-" + tok(ALNUM, 10)),
            ex("<String><Key>enable secret</Key><Value>{}</Value></String>", "En-" + tok(ALNUM, 9)),
        ),
        near_misses=("<key>CFBundleIdentifier</key>\n<string>com.example.app</string>",
                     "<String><Key>Title</Key><Value>Router</Value></String>", "<key>password</key><string></string>"),
    ),
    SecretRule(
        "radius-tacacs-key",
        "RADIUS and TACACS+ shared keys in router, switch and firewall configs (… key 7 V, … secret \"V\")",
        P(r"(?<![\w-])(?:radius|tacacs)-server[^\n]{0,120}?[ \t](?:key|secret)"
          r"(?:[ \t]{1,4}[0-9])?[ \t]{1,4}" + _V),
        keywords=("radius-", "tacacs-"),
        on_lower=True,
        refine=_refine_v,
        examples=(
            ex("!\nradius-server key {}\n", tok(ALNUM, 12)),
            ex(" tacacs-server host 192.0.2.4 key 7 {}\n", "0822455D0A16544541"),
            ex('set system radius-server 192.0.2.1 secret "{}"\n', tok(ALNUM, 14)),
            ex('set system radius-server 192.0.2.1 secret "{}"\n', "$9$" + tok(ALNUM, 14)),
            ex("RADIUS-SERVER HOST 192.0.2.9 AUTH-PORT 1812 KEY {}\n", tok(ALNUM, 10)),
        ),
        near_misses=("radius-server host 192.0.2.1 auth-port 1812 acct-port 1813", "border-radius: 4px; key: x",
                     "tacacs-server key <KEY>"),
    ),
    SecretRule(
        "routing-md5-key",
        "routing-protocol MD5 keys: ntp authentication-key N md5 V, ip ospf message-digest-key N md5 V",
        P(r"(?:authentication|message-digest)-key[ \t]{1,4}\d{1,10}[ \t]{1,4}md5(?:[ \t]{1,4}[07])?[ \t]{1,4}" + _V
          + r"|md5[ \t]{1,4}\d{1,3}[ \t]{1,4}key \"(?P<q>[^\"\r\n]{1,256})\""),
        keywords=("authentication-", "message-digest-", 'key "'),
        on_lower=True,
        refine=lambda m, text: _plain(text, *m.span("v" if m.start("v") >= 0 else "q")),
        examples=(
            ex("ntp authentication-key 1 md5 {}\n", tok(ALNUM, 10)),
            ex("interface Gi0/1\n ip ospf message-digest-key 1 md5 {}\n", tok(ALNUM, 12)),
            ex("ntp authentication-key 2 md5 7 {}\n", "104D000A0618"),
            ex('set protocols ospf area 0 interface ge-0/0/0 authentication md5 1 key "{}"\n', "$9$" + tok(ALNUM, 12)),
        ),
        near_misses=("ntp authentication-key 1 md5 <KEY>", "ntp trusted-key 1"),
    ),
    SecretRule(
        "snmp-community",
        "SNMP community strings: Junos set snmp community V, Cisco snmp-server host H version 2c V",
        P(r"(?m)^[ \t]{0,8}(?:set[ \t]{1,4})?snmp(?:-server)?[ \t]{1,4}(?:community[ \t]{1,4}|host[ \t]{1,4}"
          r"[^\s]{1,64}[ \t]{1,4}(?:(?:traps|informs)[ \t]{1,4})?version[ \t]{1,4}(?:1|2c)[ \t]{1,4})" + _V),
        keywords=("snmp-", "community"),
        on_lower=True,
        refine=_refine_v,
        examples=(
            ex("set snmp community {} authorization read-only\n", tok(ALNUM, 10)),
            ex("snmp-server host 192.0.2.9 version 2c {}\n", tok(ALNUM, 12)),
            ex("snmp-server host 192.0.2.9 traps version 1 {}\n", tok(ALNUM, 8)),
            ex('set snmp community "{}" clients 192.0.2.0/24\n', tok(ALNUM, 12)),
        ),
        near_misses=("snmp-server host 192.0.2.9 version 3 auth snmpuser", "set snmp location lab",
                     "The snmp community string is set per site."),
    ),
    SecretRule(
        "wpa-psk-ascii",
        "access-point pre-shared keys: wpa-psk ascii 0 V, wpa-psk hex 7 V",
        P(r"wpa-psk[ \t]{1,4}(?:ascii|hex)(?:[ \t]{1,4}[07])?[ \t]{1,4}" + _V),
        keywords=("wpa-",),
        on_lower=True,
        refine=_refine_v,
        examples=(ex("dot11 ssid Corp\n wpa-psk ascii 0 {}\n", tok(ALNUM, 14)),
                  ex(" wpa-psk hex 7 {}\n", tok(HEX, 40))),
        near_misses=("authentication key-management wpa version 2\n wpa-psk ascii 0 <PSK>",),
    ),
    SecretRule(
        "ike-pre-shared-key",
        "IKE pre-shared keys anywhere on a line: Junos pre-shared-key ascii-text \"V\", ASA ikev1 pre-shared-key V, "
        "IOS keyring pre-shared-key local|remote V, VyOS pre-shared-secret V, Huawei pre-shared-key cipher|simple V",
        # Huawei/H3C store the key as cipher|simple V (round 13)
        P(r"pre-shared-(?:key|secret)[ \t]{1,4}(?:(?:ascii-text|hexadecimal|local|remote|cipher|simple)[ \t]{1,4})?"
          r"(?:[0-9][ \t]{1,4})?" + _V),
        keywords=("pre-shared-key", "pre-shared-secret"),
        on_lower=True,
        refine=_refine_psk,
        examples=(
            ex('set security ike policy p1 pre-shared-key ascii-text "{}"\n', tok(ALNUM, 14)),
            ex("tunnel-group 203.0.113.5 ipsec-attributes\n ikev1 pre-shared-key {}\n", tok(ALNUM, 12)),
            ex(" ikev2 remote-authentication pre-shared-key {}\n", tok(ALNUM, 12)),
            ex("  pre-shared-key remote {}\n", tok(ALNUM, 12)),
            ex("ike peer branch\n pre-shared-key cipher {}\n", tok(ALNUM, 16)),
            ex("set vpn ipsec site-to-site peer 192.0.2.9 authentication pre-shared-secret '{}'\n", tok(ALNUM, 12)),
        ),
        near_misses=("set security ike policy p1 pre-shared-key ascii-text", "authentication pre-share"),
    ),
    SecretRule(
        "aaa-block-key",
        "the indented key [0|7] V line of an IOS-XE radius server / tacacs server (ASA aaa-server) block",
        P(r"(?:(?:radius|tacacs)[ \t]server|aaa-server)[ \t][^\n]{1,120}\n(?:[ \t]{1,8}[^\n]{0,200}\n){0,8}?"
          r"[ \t]{1,8}key(?:[ \t]{1,4}[07])?[ \t]{1,4}(?P<v>[^\s]{1,256})[ \t]{0,8}(?=\r?\n|\Z)"),
        keywords=("radius", "tacacs", "aaa-server"),
        chars="\n",
        on_lower=True,
        refine=_refine_v,
        examples=(
            ex("radius server ISE-1\n address ipv4 10.1.1.10 auth-port 1812\n key 7 {}\n!\n", tok(ALNUM, 14)),
            ex("tacacs server TAC1\n address ipv4 10.1.1.11\n key {}\n", tok(ALNUM, 12)),
            ex("aaa-server ISE (inside) host 10.1.1.12\n key {}\n", tok(ALNUM, 12)),
        ),
        near_misses=("key chain OSPF\n key 1\n  key-string <KEY>\n", "radius server ISE-1\nkey {}\n",
                     "primary key id\n"),
    ),
    SecretRule(
        "wlan-key-material",
        "Windows WLAN profiles: <keyMaterial>V</keyMaterial> (netsh wlan export key=clear)",
        P(r"<keymaterial>[ \t]{0,8}(?P<v>[^<\s][^<]{0,1023}?)[ \t]{0,8}</keymaterial>"),
        keywords=("<keymaterial>",),
        on_lower=True,
        refine=_refine_v,
        examples=(ex("<sharedKey>\n  <keyType>passPhrase</keyType>\n  <keyMaterial>{}</keyMaterial>\n",
                     tok(ALNUM, 14)),),
        near_misses=("<keyMaterial></keyMaterial>", "<keyMaterial>${WIFI_KEY}</keyMaterial>"),
    ),
    SecretRule(
        "login-userinfo-option",
        "login=USER:V options (Squid cache_peer, mount and proxy option strings)",
        P(r"login=[^\s:=,]{1,64}:(?P<v>[^\s,]{1,256})"),
        keywords=("login",),
        chars="=",
        on_lower=True,
        refine=_refine_v,
        examples=(ex("cache_peer parent.example.com parent 3128 0 login=proxyuser:{}\n", tok(ALNUM, 12)),),
        near_misses=("cache_peer parent.example.com parent 3128 0 login=PASSTHRU", "login=*:password"),
    ),
    SecretRule(
        "haproxy-stats-auth",
        "HAProxy statistics page credentials: stats auth USER:V",
        P(r"stats[ \t]{1,4}auth[ \t]{1,4}[^\s:]{1,64}:(?P<v>[^\s]{1,256})"),
        keywords=("auth",),
        on_lower=True,
        refine=_refine_v,
        examples=(ex("listen stats\n  stats auth admin:{}\n", tok(ALNUM, 12)),),
        near_misses=("  stats auth admin:${STATS_PASSWORD}", "  stats uri /stats"),
    ),
    SecretRule(
        "insecure-password",
        "HAProxy userlist plain passwords: user NAME insecure-password V",
        P(r"insecure-password[ \t]{1,4}(?P<v>[^\s]{1,256})"),
        keywords=("insecure-",),
        on_lower=True,
        refine=_refine_v,
        examples=(ex("userlist admins\n  user ops insecure-password {}\n", tok(ALNUM, 10)),),
        near_misses=("  user ops insecure-password ${OPS_PW}", "  user ops password ${OPS_HASH}"),
    ),
    SecretRule(
        "redis-acl-password",
        "Redis ACL rules: user NAME on >V ~keys +@cmds (also ACL SETUSER), the password after on >",
        P(r"(?:acl[ \t]{1,4}setuser|(?m:^)[ \t]{0,8}user)[ \t]{1,4}[^\s>]{1,64}(?:[ \t]{1,4}[^\s>]{1,64}){0,6}?"
          r"[ \t]on >(?P<v>[^\s]{1,256})"),
        keywords=("user",),
        chars=">",
        on_lower=True,
        refine=_refine_v,
        examples=(ex("user worker on >{} ~jobs:* +@all\n", tok(ALNUM, 12)),
                  ex("ACL SETUSER alice on >{} ~cached:* +get\n", tok(ALNUM, 14))),
        near_misses=("user worker on nopass ~* +@all", "user admin ls > out.txt"),
    ),
    SecretRule(
        "openvpn-inline-auth",
        "OpenVPN inline <auth-user-pass> blocks: the password on the block's second line",
        P(r"<auth-user-pass>[ \t]{0,8}\r?\n[ \t]{0,8}[^\r\n<]{1,256}\r?\n[ \t]{0,8}(?P<v>[^\s<][^\r\n<]{0,255})"
          r"\r?\n[ \t]{0,8}</auth-user-pass>"),
        keywords=("<auth-user-pass>",),
        on_lower=False,
        refine=_refine_v,
        examples=(ex("client\n<auth-user-pass>\nvpnuser\n{}\n</auth-user-pass>\n", tok(ALNUM, 12)),),
        near_misses=("auth-user-pass creds.txt", "<auth-user-pass>\n</auth-user-pass>"),
    ),
    SecretRule(
        "ipsec-secrets",
        "strongSwan/Libreswan ipsec.secrets pre-shared keys and user passwords: [ids] : PSK \"V\", : PSK 0sBASE64, "
        ": PSK 0xHEX, user : XAUTH \"V\", user : EAP \"V\"",
        P(r":[ \t]{0,4}(?:psk|xauth|eap|ntlm)[ \t]{1,4}(?P<v>\"[^\"\r\n]{1,256}\"|0s[a-z0-9+/=]{4,1024}"
          r"|0x[0-9a-f]{2,1024}|(?P<bare>[^\s\"#][^\s\"]{3,255})[ \t]{0,8}(?=\r?\n|$))"
          # the passphrase of a private key file: : RSA|ECDSA|P12|PKCS8 FILE "V" (round 13)
          r"|:[ \t]{0,4}(?:rsa|ecdsa|ed25519|p12|pkcs8|pkcs12|bliss)[ \t]{1,4}(?P<f>[^\s\"]{1,256})[ \t]{1,4}"
          r"(?P<kp>\"[^\"\r\n]{1,256}\"|[^\s\"%#][^\s\"]{0,255})"),
        keywords=("psk", "xauth", "eap", "ntlm", "rsa", "ecdsa", "ed25519", "p12", "pkcs", "bliss"),
        chars=":",
        on_lower=True,
        refine=_refine_ipsec,
        examples=(
            ex('# ipsec.secrets\n: PSK "{}"\n', tok(ALNUM, 16)),
            ex('192.0.2.10 %any : PSK "{}"\n', tok(ALNUM, 14)),
            ex(": PSK 0s{}\n", tok(B64, 24)),
            ex('carol : XAUTH "{}"\n', tok(ALNUM, 12)),
            ex('dave@example.org : EAP "{}"\n', tok(ALNUM, 12)),
            ex("192.0.2.10 192.0.2.20 : PSK {}\n", "Psk-" + tok(ALNUM, 10)),
            ex(': P12 client.p12 "{}"\n', tok(ALNUM, 14)),
        ),
        near_misses=(": RSA moonKey.pem", ': PSK ""', "key_mgmt: PSK only", ": RSA moonKey.pem %prompt",
                     "auth: PSK only here", "Type: RSA 2048 bits"),
    ),
    SecretRule(
        "ci-add-mask",
        "CI log masks: ::add-mask::V (GitHub Actions) names the value it hides",
        P(r"::add-mask::(?P<v>[^\s\"']{1,1024})"),
        keywords=("add-mask::",),
        on_lower=False,
        refine=_refine_v,
        examples=(ex('- run: echo "::add-mask::{}"\n', tok(ALNUM, 20)),),
        near_misses=('echo "::add-mask::$TOKEN"', "::add-mask::${{ steps.x.outputs.token }}"),
    ),
    SecretRule(
        "process-substitution-secret",
        "a literal echoed into a password-file flag by process substitution: --password-file=<(echo V)",
        P(r"<\((?:echo|printf)(?:[ \t]{1,4}-[ne]{1,2})?(?:[ \t]{1,4}(?:'%s(?:\\n)?'|\"%s(?:\\n)?\"))?[ \t]{1,4}"
          r"(?P<v>'[^'\n]{1,256}'|\"[^\"\n]{1,256}\"|[^\s)'\"]{1,256})[ \t]{0,4}\)"),
        keywords=("<(echo", "<(printf"),
        on_lower=False,
        refine=_refine_substitution,
        examples=(ex("restic -r /srv/bk --password-file=<(echo {}) snapshots\n", tok(ALNUM, 12)),
                  ex("borg --passcommand x --password-file <(echo '{}')\n", tok(ALNUM, 12)),
                  ex("curl --netrc-file <(printf 'machine h login u password %s' x) --key-file <(echo {})\n",
                     tok(ALNUM, 12))),
        near_misses=("diff <(echo a) <(echo b)", "cat --password-file=<(echo $PW)", "x --token-file <(echo \"$T\")"),
    ),
    SecretRule(
        "sql-identified-bare",
        "unquoted SQL passwords: ALTER USER system IDENTIFIED BY V; (Oracle, MySQL)",
        P(r"identified[ \t]{1,4}by[ \t]{1,4}(?P<v>[^\s;'\"(),]{2,128})"),
        keywords=("identified",),
        chars=" \t",
        on_lower=True,
        refine=_refine_identified,
        examples=(ex("ALTER USER system IDENTIFIED BY {};\n", "Ora" + tok(ALNUM, 8)),
                  ex("CREATE USER scott IDENTIFIED BY tiger;\n", "tiger")),
        near_misses=("CREATE USER x IDENTIFIED BY VALUES 'S:ABC';", "identified by the team as a risk",
                     "CREATE USER ext IDENTIFIED EXTERNALLY;", "ALTER USER x IDENTIFIED BY :pw;"),
    ),
    SecretRule(
        "prose-credential-pair",
        "credentials written as user:password in prose (creds are svc:V, login admin:V)",
        P(r"(?<![\w-])(?:creds|credentials|logins?)(?:[ \t]{1,3}(?:is|are|was|were|for[ \t]{1,3}"
          r"[\w.-]{1,40}))?[ \t]{0,3}[:=→-]?[ \t]{1,3}[a-z][\w.@\\-]{0,63}:(?P<v>[^\s:/][^\s]{3,63})"),
        keywords=("cred", "login"),
        chars=":",
        on_lower=True,
        refine=_refine_human,
        examples=(ex("creds are svc:{}\n", "Cr3ds-Col0n"), ex("login admin:{} (rotate it)\n", "Pa55" + tok(ALNUM, 6))),
        near_misses=("login at 10:30 tomorrow", "last login: 2024-01-01T10:00:00Z", "the creds are admin:team"),
    ),
    _INTL_ROW,
)
