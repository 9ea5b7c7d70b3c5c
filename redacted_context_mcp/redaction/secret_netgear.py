"""Network gear, firewall and router config lines the device grammars did not read (hold-out round 13 of issue 9).

Grammars run by :func:`find_context` behind cheap gates (listed in ``GRAMMAR_RULES``):

- ``config-set-secret``: a configuration path written as a ``set`` command whose last keyword names a secret,
  the value ending the line: Junos and VyOS/EdgeOS (``set system login user U authentication
  plaintext-password V``, ``set snmp v3 usm local-engine user U authentication-sha authentication-password V``,
  ``set interfaces wireguard wg0 private-key 'V'``, ``set protocols isis ... hello-authentication-key V``),
  FortiOS (``set psksecret ENC V``, ``set ddns-password V``, ``set auth-pwd ENC V``). The keyword is a word
  ending in password, passwd, pwd, secret, passphrase, psk, key or community (with hyphenated qualifiers and
  an optional ``-value``), then an optional storage word (``ascii-text``, ``hexadecimal``, ``plain-text``,
  ``ENC``...). A public key, an ssh-key path, a device word (``enable``, ``none``), a reference or a BGP
  community (``65000:100``) is no secret; a path of English words (``set a new password ...``) needs a value
  that reads as a password;
- ``config-leaf-secret``: the same keyword as a statement of Junos's curly syntax, alone on its line and
  ended by ``;`` (``authentication-key V;``, ``privacy-password V;``, ``secret "$9$…"; ## SECRET-DATA``);
- ``fortios-snmp-community``: under FortiOS ``config system snmp community``, the community's ``set name V``;
- ``tacplus-cleartext``: tac_plus.conf user passwords ``login = cleartext "V"``, ``enable = cleartext V``,
  ``pap|chap|opap = cleartext V``;
- ``routeros-script-secret``: a secret-named variable of a MikroTik RouterOS script, ``:local pass "V"``,
  ``:global wifiKey \\"V\\"`` (escaped inside a ``source=`` string);
- ``ntpd-key-line``: an ntpd ``ntp.keys`` line of the legacy ``M`` (MD5) type, ``3 M V``, in a text that names ntp;
- ``snmp-community-key``: in a text about SNMP, a community given as a setting: Telegraf ``community = "V"``,
  snmp_exporter ``community: V``, LibreNMS ``$config['snmp']['community'] = array('V')``, pfSense
  ``<rocommunity>V</rocommunity>`` (a BGP community ``65000:100``, a boolean or a reference is no secret);
- ``wifi-digit-key``: a Wi-Fi key of figures only, as router stickers and notes give it (``WLAN-Netzwerkschlüssel
  4711 0815 2342 1337 9999``, ``WPA key: 58213377``): a wireless word and a key word, then 8 to 64 figures;
- ``inline-login-pass``: ``user admin pass V`` in a note line, the password reading as one;
- ``vendor-config-secret``: Huawei VRP/H3C ``snmp-agent community read|write [cipher] V`` and the keys of
  ``snmp-agent usm-user v3 U ... authentication-mode sha V privacy-mode aes128 V``; Cisco AireOS WLC
  ``config wlan security wpa akm psk set-key ascii V N``, ``config radius auth add N H P ascii V``,
  ``config mgmtuser add U V``;
- ``ipsec-sa-key``: manual IPsec SA keys, ``ip xfrm state add ... auth sha256 0xKEY enc aes 0xKEY`` and
  setkey's ``add SRC DST esp SPI -E aes-cbc 0xKEY -A hmac-sha256 0xKEY``;
- ``file-under-header``: a credential file pasted into a note or a config dump under a ``# PATH`` comment
  naming it: the lines up to a blank line or the next comment read with the grammar of the file's kind
  (:mod:`redaction.secret_filenames`: an OpenVPN ``auth.txt``, a ``creds.txt``, an rsync ``.secrets``), and
  racoon's ``psk.txt`` (``IDENTIFIER KEY`` lines).

The keyword stays visible; only the value goes.

Imports: redaction.secret_devices, redaction.secret_exports, redaction.secret_filenames, redaction.secret_keys,
redaction.secret_values,
redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_devices import _value
from redacted_context_mcp.redaction.secret_exports import human_password
from redacted_context_mcp.redaction.secret_filenames import file_kind, find_in_file
from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_values import looks_generated
from redacted_context_mcp.redaction.spans import Hit

DESCRIPTIONS: tuple[tuple[str, str], ...] = (
    ("config-set-secret", "a set-command config path ending in a secret keyword (Junos, VyOS/EdgeOS, FortiOS: set "
                          "... plaintext-password V, set ... authentication-key V, set psksecret ENC V)"),
    ("config-leaf-secret", "a Junos curly statement naming a secret: authentication-key V;, privacy-password V;"),
    ("fortios-snmp-community", "the community name under FortiOS config system snmp community: set name V"),
    ("tacplus-cleartext", "tac_plus.conf user passwords: login = cleartext \"V\", enable = cleartext V"),
    ("routeros-script-secret", "a secret-named variable of a RouterOS script: :local pass \"V\""),
    ("ntpd-key-line", "an ntpd ntp.keys line of the legacy M type: 3 M V"),
    ("wifi-digit-key", "a Wi-Fi key of 8 to 64 figures after a wireless key word (WLAN-Netzwerkschlüssel 4711 0815 "
                       "..., WPA key: 12345678), as router stickers print them"),
    ("inline-login-pass", "a password written inline after a login without operators: user admin pass V"),
    ("file-under-header", "a credential file pasted under a comment naming it (# /etc/openvpn/client/auth.txt, "
                          "# racoon psk.txt): the grammar of the file's kind"),
    ("vendor-config-secret", "Huawei/H3C snmp-agent community and usm-user keys, Cisco AireOS WLC set-key, "
                             "radius|tacacs add ... ascii V and mgmtuser lines"),
    ("ipsec-sa-key", "manual IPsec SA keys: ip xfrm state ... enc aes 0xKEY, setkey add ... -E aes-cbc 0xKEY"),
    ("snmp-community-key", "an SNMP community given as a setting in a text about SNMP: community = \"V\", "
                           "community: V, <rocommunity>V</rocommunity>"),
)

#: The secret keyword of a config path: hyphenated qualifiers, then the word that names the secret.
_LEAF = (r"(?P<k>(?:[a-z0-9]{1,24}-){0,5}(?:password|passwd|pwd|secret|passphrase|psksecret|psk|key|community)"
         r"(?:-value)?)")
#: How the device stores the value (Junos ascii-text/hexadecimal, VyOS plaintext, FortiOS ENC).
_STORE = r"(?:[ \t]{1,4}(?:ascii-text|hexadecimal|plain-text|plaintext|cleartext|enc|encrypted))?"
_V = r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'][^\s]{0,255})"
_TAIL = r"[ \t]{0,4};?[ \t]{0,4}(?:##[^\r\n]{0,80})?(?=\r?\n|$)"
_SET = re.compile(r"set[ \t]{1,4}(?P<path>(?:[^\s]{1,64}[ \t]{1,4}){0,16}?)" + _LEAF + _STORE
                  + r"[ \t]{1,4}" + _V + _TAIL)
_STEMS = ("password", "passwd", "pwd", "secret", "passphrase", "psksecret", "psk", "key", "community")
#: A Junos statement per stem, led by the stem (a literal the scan skips to); its qualifiers are read back.
_CURLY = tuple(re.compile(stem + r"(?P<q>-value)?" + _STORE + r"[ \t]{1,4}"
                          r"(?P<v>\"[^\"\r\n]{1,256}\"|[^\s\";{}#][^\s;{}]{0,255});[ \t]{0,4}(?:##[^\r\n]{0,80})?\r?$",
                          re.M) for stem in _STEMS)
_QUALIFIERS = re.compile(r"[ \t]{0,40}(?:[a-z0-9]{1,24}-){0,5}")


class _Leaf:
    """A curly statement's match seen as the set rows' (``group("k")`` the whole keyword)."""

    __slots__ = ("m", "k")

    def __init__(self, m: re.Match[str], k: str) -> None:
        self.m, self.k = m, k

    def group(self, g: str) -> str:
        return self.k if g == "k" else self.m.group(g)

    def span(self, g: str) -> tuple[int, int]:
        return self.m.span(g)


#: A shell prompt before a pasted command (``user@r1# set ...``, ``fw01 (vap) $ set ...``).
_PROMPT = re.compile(r"[ \t]{0,8}[^\s]{1,64}(?:[ \t]{1,4}\([^()\s]{1,64}\))?[ \t]{0,2}[#>%$][ \t]{0,4}")
#: Words of a sentence, not of a config path: with them the value must read as a password.
_PROSE = frozenset("a an the your my our their new old same this that to for of and or is was be please then "
                   "first now here there you we it".split())
#: Values that are a setting, not a secret.
_SETTING = frozenset(("enable", "disable", "enabled", "disabled", "auto", "true", "false", "any", "default",
                      "null", "unset", "delete", "generate", "random", "strong", "weak", "required", "optional",
                      # a storage word with its value missing
                      "ascii-text", "hexadecimal", "plain-text", "plaintext", "cleartext", "enc", "encrypted",
                      "cipher", "simple"))


_LEAD_MAX = 512  # a config statement's line lead is short: a longer one (or no line break) is not one


def _line_start(text: str, i: int) -> int:
    """The start of ``i``'s line, or -1 when it lies more than ``_LEAD_MAX`` characters back (a bounded scan: no
    text without line breaks makes the grammars quadratic)."""
    lo = max(0, i - _LEAD_MAX)
    ls = text.rfind("\n", lo, i)
    return ls + 1 if ls >= 0 else (0 if lo == 0 else -1)


def _lead_ok(text: str, i: int) -> bool:
    """The statement starts its line, after blanks or a device prompt."""
    ls = _line_start(text, i)
    return ls >= 0 and (not text[ls:i].strip(" \t") or _PROMPT.fullmatch(text, ls, i) is not None)


def _leaf_value(text: str, m: re.Match[str], path: str) -> tuple[int, int] | None:
    k = m.group("k")
    if "public" in k or "public" in path or k.endswith(("-file-key",)) or k in ("ssh-key", "host-key", "hostkey"):
        return None
    sp = _value(text, *m.span("v"))
    if sp is None:
        return None
    v = text[sp[0]:sp[1]]
    low = v.lower()
    if low in _SETTING or v[0] in "[$<{(" or v.startswith(("/", "./", "~/")) and "/" in v[1:]:
        return None
    if k.endswith("community") and ":" in v:
        return None  # a BGP community (65000:100, target:65000:1)
    words = path.split()
    if k == "key" and not words and not (looks_generated(v) or human_password(v)):
        return None  # a bare ``set key value`` (Tcl, redis-cli) with a plain word
    if any(w in _PROSE for w in words) and not human_password(v):
        return None
    return sp


def _find_set(text: str, low: str, out: list[Hit]) -> None:
    for m in _SET.finditer(low):
        i = m.start()
        if i and (low[i - 1].isalnum() or low[i - 1] in "_-") or text[i:i + 3] != "set" or not _lead_ok(text, i):
            continue  # "Set the password here" is a sentence
        sp = _leaf_value(text, m, m.group("path"))
        if sp is not None:
            out.append(Hit(sp[0], sp[1], "SECRET", "config-set-secret"))


def _find_curly(text: str, low: str, out: list[Hit]) -> None:
    for stem, rx in zip(_STEMS, _CURLY, strict=True):
        for m in rx.finditer(low):
            i = m.start()
            ls = _line_start(low, i)
            if ls < 0 or _QUALIFIERS.fullmatch(low, ls, i) is None:
                continue  # not a statement of its own line: "my_secret x;", "return key;"
            k = low[ls:i].lstrip(" \t") + stem + (m.group("q") or "")
            sp = _leaf_value(text, _Leaf(m, k), "")
            if sp is not None:
                out.append(Hit(sp[0], sp[1], "SECRET", "config-leaf-secret"))


_FGT_COMMUNITY = re.compile(r"config[ \t]{1,4}system[ \t]{1,4}snmp[ \t]{1,4}community[ \t]{0,4}\r?\n")
_FGT_NAME = re.compile(r"^[ \t]{0,24}set[ \t]{1,4}name[ \t]{1,4}" + _V + r"[ \t]{0,4}\r?$", re.M)
_FGT_END = re.compile(r"^end[ \t]{0,4}\r?$", re.M)


def _find_fortios_community(text: str, low: str, out: list[Hit]) -> None:
    heads = list(_FGT_COMMUNITY.finditer(low))
    for k, m in enumerate(heads):
        stop = min(len(low), m.end() + 8192, heads[k + 1].start() if k + 1 < len(heads) else len(low))
        e = _FGT_END.search(low, m.end(), stop)
        stop = e.start() if e is not None else stop
        for n in _FGT_NAME.finditer(low, m.end(), stop):
            sp = _value(text, *n.span("v"))
            if sp is not None:
                out.append(Hit(sp[0], sp[1], "SECRET", "fortios-snmp-community"))


_TACPLUS = re.compile(r"(?<![\w-])(?:login|enable|pap|chap|opap|arap|global)[ \t]{0,4}=[ \t]{0,4}cleartext[ \t]{1,4}"
                      + _V)


def _find_tacplus(text: str, low: str, out: list[Hit]) -> None:
    for m in _TACPLUS.finditer(low):
        sp = _value(text, *m.span("v"))
        if sp is not None:
            out.append(Hit(sp[0], sp[1], "SECRET", "tacplus-cleartext"))


_ROS_VAR = re.compile(r":(?:local|global)[ \t]{1,4}(?P<k>[a-z][a-z0-9_-]{0,63})[ \t]{1,4}"
                      r"(?:\\?\"(?P<q>(?:[^\"\\\r\n]|\\[^\"\r\n]){1,256})\\?\"|(?P<v>[^\s\"\\;\[\]$(){}][^\s\";\[\]]{0,255}))")


def _find_routeros(text: str, low: str, out: list[Hit]) -> None:
    for m in _ROS_VAR.finditer(low):
        if key_score(m.group("k")) < 2:
            continue
        g = "q" if m.start("q") >= 0 else "v"
        sp = _value(text, *m.span(g))
        if sp is not None and not text[sp[0]:sp[1]].startswith("$"):
            out.append(Hit(sp[0], sp[1], "SECRET", "routeros-script-secret"))


_NTPD_M = re.compile(r"^[ \t]{0,8}\d{1,5}[ \t]{1,8}m[ \t]{1,8}(?P<v>[!-~]{4,128})[ \t]{0,8}(?:#[^\r\n]{0,200})?\r?$",
                     re.M)


def _find_ntpd(text: str, low: str, out: list[Hit]) -> None:
    for m in _NTPD_M.finditer(low):
        v = m.group("v")
        if v.isdigit():
            continue  # a table of numbers
        out.append(Hit(m.start("v"), m.end("v"), "SECRET", "ntpd-key-line"))


#: An SNMP community given as a setting (Telegraf ``community = "V"``, snmp_exporter ``community: V``, LibreNMS
#: ``$config['snmp']['community'] = array('V')``, pfSense ``<rocommunity>V</rocommunity>``).
_COMMUNITY_KEY = re.compile(
    r"community(?:[_-]?(?:string|name|ro|rw|v2c?))?[\"'\]]{0,2}(?:\[\])?[ \t]{0,4}(?:=>|[:=])[ \t]{0,4}"
    r"(?:array\(|\[)?[ \t]{0,4}"
    r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"',\]\)#;{\[][^\s\"',\]\);]{0,255})"
    r"|community(?:[ \t][^<>\r\n]{0,100})?>(?P<x>[^<\s][^<\r\n]{0,255})</[a-z0-9_.:-]{0,32}community>")


def _find_communities(text: str, low: str, out: list[Hit]) -> None:
    for m in _COMMUNITY_KEY.finditer(low):
        i = m.start()
        if i and (low[i - 1].isalnum() and low[i - 2:i] not in ("ro", "rw") and not low[:i].endswith(
                ("snmp", "trap", "read", "write")) or low[i - 1] == "-" and low[:i].endswith(("bgp-", "large-"))):
            continue  # ``mycommunity``, a BGP community's key
        j = i
        while j > 0 and (low[j - 1].isalnum() or low[j - 1] in "_.-"):
            j -= 1
        ls = _line_start(low, j)
        if (ls < 0 or low[ls:j].strip(" \t")) and low[j - 1] not in "\"'[<{,":
            continue  # a sentence: "join the community: forum"
        g = "v" if m.start("v") >= 0 else "x"
        sp = _value(text, *m.span(g))
        if sp is None:
            continue
        v = text[sp[0]:sp[1]]
        if v.lower() in _SETTING or ":" in v or v[0] in "$<{%" or v.isdigit():
            continue  # true, a BGP community (65000:100), a URL, a reference, an index
        out.append(Hit(sp[0], sp[1], "SECRET", "snmp-community-key"))


#: A Wi-Fi key of digits (router stickers: a FRITZ!Box's 20 figures in groups of four): a wireless word, a key
#: word, an optional operator, then 8 to 64 figures, grouped by blanks or dashes.
_WIFI_DIGITS = re.compile(
    r"(?:wpa[23]?(?:-psk)?|wi-?fi|wlan|wireless)[ \t-]{0,2}(?:network[ \t-]{0,2}|netzwerk-?)?"
    r"(?:key|schl(?:ü|ue)ssel|password|passwort|kennwort|passphrase|psk|pass|clé|cle|clave|sleutel|chiave|code)"
    r"(?:[ \t]{0,2}\([^()\r\n]{0,40}\))?[ \t]{0,2}(?:[:=]|[ \t](?:is|was|lautet|ist|est|es|è))?[ \t]{0,3}"
    r"[\"'`*]{0,2}(?P<v>\d{2,64}(?:[ -]\d{2,16}){0,15})(?![\w.,/:-]|[ -]\d)")
#: ``user admin pass V``: a login and its password written inline without operators.
_INLINE_PAIR = re.compile(r"(?:user(?:name)?|login|benutzer)[ \t]{1,3}[^\s]{1,64}[ \t,;/]{1,3}"
                          r"(?:pass|pw|pwd|pwd\.|pass\.)[ \t]{1,3}(?P<v>[^\s]{1,128})")


def _find_wifi_digits(text: str, low: str, out: list[Hit]) -> None:
    for m in _WIFI_DIGITS.finditer(low):
        i = m.start()
        if i and (low[i - 1].isalnum() or low[i - 1] in "_-"):
            continue
        v = m.group("v")
        n = sum(c.isdigit() for c in v)
        if 8 <= n <= 64:
            out.append(Hit(*m.span("v"), "SECRET", "wifi-digit-key"))


def _find_inline_pairs(text: str, low: str, out: list[Hit]) -> None:
    for m in _INLINE_PAIR.finditer(low):
        i = m.start()
        if i and (low[i - 1].isalnum() or low[i - 1] in "_-"):
            continue
        s, e = m.span("v")
        while e > s and text[e - 1] in ".,;)":
            e -= 1
        v = text[s:e]
        if len(v) >= 4 and human_password(v) and "://" not in v and not v.startswith(("$", "%", "{", "<")):
            out.append(Hit(s, e, "SECRET", "inline-login-pass"))


#: racoon's ``psk.txt`` (and setkey-era peers files): ``IDENTIFIER KEY`` lines.
_PSK_LINE = re.compile(r"[ \t]{0,8}(?P<id>[^\s#]{1,128})[ \t]{1,16}(?P<v>[^\s#][^\r\n]{0,255}?)[ \t]{0,8}\r?(?=\n|$)")
_BLOCK_MAX = 4096


def _names_path(line: str) -> str:
    """The path a ``# [words] PATH`` comment line ends with, or ''."""
    words = line[1:].split()
    if not words or len(words) > 8:
        return ""
    tok = words[-1].rstrip(":").strip("`'\"()")
    return tok if ("/" in tok or "." in tok) and 2 < len(tok) <= 256 and not tok.endswith(".") else ""


def _header_blocks(low: str):
    """(path, block start, block end) of each ``# PATH`` comment line and the lines under it, up to a blank line,
    a code fence, the next header or a comment after the file's lines (one before them stays in the block)."""
    i = 0 if low.startswith("#") else low.find("\n#")
    while i >= 0:
        hs = i if low.startswith("#", i) else i + 1
        he = low.find("\n", hs)
        if he < 0:
            return
        tok = _names_path(low[hs:he])
        if tok:
            bs = he + 1
            be = bs
            body = False
            while be < len(low) and be - bs < _BLOCK_MAX:
                le = low.find("\n", be)
                le = len(low) if le < 0 else le
                line = low[be:le].strip()
                if not line or line.startswith(("```", "~~~")) or line.startswith("#") and (
                        body or _names_path(line)):
                    break  # a blank line, a fence, the next file's header, a comment after the file's lines
                body = body or not line.startswith("#")
                be = le + 1
            yield tok.lstrip("~./"), bs, min(be, len(low))
        i = low.find("\n#", he)


def _find_header_files(text: str, low: str, out: list[Hit]) -> None:
    for path, bs, be in _header_blocks(low):
        if be <= bs or any(len(ln.split()) > 3 for ln in text[bs:be].splitlines() if not ln.lstrip().startswith("#")):
            continue  # a paragraph of prose under a heading, not a credential file
        base = path.rpartition("/")[2]
        if base == "psk.txt":  # racoon
            for m in _PSK_LINE.finditer(text, bs, be):
                if m.start() == bs or text[m.start() - 1] == "\n":
                    sp = _value(text, *m.span("v"))
                    if sp is not None:
                        out.append(Hit(sp[0], sp[1], "SECRET", "file-under-header"))
            continue
        kind = file_kind(path)
        if kind is None:
            continue
        for h in find_in_file(kind, text[bs:be].rstrip("\n") + "\n"):
            v = text[bs + h.start:bs + h.end]
            if v.startswith(("/", "~/", "./", "$", "%")) or "://" in v:
                continue  # a path, a URL or a reference in the file's place (# /etc/restic/password then a path)
            out.append(Hit(bs + h.start, bs + h.end, "SECRET", "file-under-header"))


#: Huawei VRP/H3C Comware SNMP lines: snmp-agent community read|write [cipher|simple] V, and the keys of
#: snmp-agent usm-user v3 U ... authentication-mode ALG [cipher] V privacy-mode ALG [cipher] V.
_HW_COMMUNITY = re.compile(r"snmp-agent[ \t]{1,4}community[ \t]{1,4}(?:(?:read|write|notify)[ \t]{1,4})?"
                           r"(?:(?:cipher|simple)[ \t]{1,4})?" + _V)
_HW_USM = re.compile(r"snmp-agent[ \t]{1,4}usm-user[ \t]{1,4}v3[ \t][^\r\n]{0,400}")
_HW_MODE = re.compile(r"(?:authentication|privacy)-mode[ \t]{1,4}[a-z0-9-]{2,12}[ \t]{1,4}"
                      r"(?:(?:cipher|simple)[ \t]{1,4})?" + _V)
_HW_WORDS = frozenset(("complexity-check", "read", "write", "notify", "cipher", "simple", "disable", "enable", "acl",
                       "mib-view"))
#: Cisco AireOS WLC commands: config wlan security wpa akm psk set-key ascii|hex V ID, config radius|tacacs
#: auth|acct add N HOST PORT ascii|hex V, config mgmtuser add|password U V.
_WLC = re.compile(r"config[ \t]{1,4}(?:wlan[ \t]{1,4}security[ \t]{1,4}wpa[ \t]{1,4}akm[ \t]{1,4}psk[ \t]{1,4}set-key"
                  r"|(?:radius|tacacs)[ \t]{1,4}(?:auth|acct|athr)[ \t]{1,4}add[ \t]{1,4}\d{1,3}[ \t]{1,4}[^\s]{1,64}"
                  r"[ \t]{1,4}\d{1,5})[ \t]{1,4}(?:ascii|hex)[ \t]{1,4}" + _V
                  + r"|config[ \t]{1,4}mgmtuser[ \t]{1,4}(?:add|password)[ \t]{1,4}[^\s]{1,64}[ \t]{1,4}"
                  + _V.replace("?P<v>", "?P<w>"))


def _find_vendor_lines(text: str, low: str, out: list[Hit], huawei: bool, wlc: bool) -> None:
    hits: list[tuple[int, int]] = []
    if huawei:
        for m in _HW_COMMUNITY.finditer(low):
            if m.group("v").strip("\"'") not in _HW_WORDS:
                hits.append(m.span("v"))
        for u in _HW_USM.finditer(low):
            hits.extend(m.span("v") for m in _HW_MODE.finditer(low, u.start(), u.end()))
    if wlc:
        for m in _WLC.finditer(low):
            hits.append(m.span("v" if m.start("v") >= 0 else "w"))
    for s, e in hits:
        sp = _value(text, s, e)
        if sp is not None:
            out.append(Hit(sp[0], sp[1], "SECRET", "vendor-config-secret"))


#: Manual IPsec SA keys: ip xfrm state ... auth|auth-trunc|enc|aead ALG KEY [ICV], setkey add ... -E|-A ALG KEY.
_XFRM_KEY = re.compile(r"[ \t](?:auth-trunc|auth|enc|aead)[ \t]{1,4}"
                       r"(?:'[^'\r\n]{1,64}'|\"[^\"\r\n]{1,64}\"|[a-z0-9()_-]{1,64})[ \t]{1,4}"
                       r"(?P<v>0x[0-9a-f]{8,1024}|\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}')")
_SETKEY_KEY = re.compile(r"[ \t]-[ea][ \t]{1,4}[a-z0-9-]{1,32}[ \t]{1,4}(?P<v>0x[0-9a-f]{8,1024}|\"[^\"\r\n]{1,256}\")")


def _find_sa_keys(text: str, low: str, out: list[Hit], xfrm: bool, setkey: bool) -> None:
    for rx, on in ((_XFRM_KEY, xfrm), (_SETKEY_KEY, setkey)):
        if on:
            for m in rx.finditer(low):
                sp = _value(text, *m.span("v"))
                if sp is not None:
                    out.append(Hit(sp[0], sp[1], "SECRET", "ipsec-sa-key"))


_LEAF_WORDS = ("pass", "secret", "pwd", "psk", "key", "community")
#: The letter runs of the stems (``plaintext-password`` holds ``password``, ``psksecret`` is one run).
_LEAF_RUNS = frozenset(("password", "passwd", "pwd", "secret", "passphrase", "psksecret", "psk", "key", "community"))
_WIFI_WORDS = ("wlan", "wifi", "wpa", "wireless")
_WIFI_RUNS = frozenset(("wlan", "wifi", "wpa", "wireless", "wi"))
#: The name parts of the credential files a header names (redaction.secret_filenames), and racoon's psk.
_FILE_RUNS = frozenset(("auth", "creds", "cred", "credentials", "credential", "userpass", "login", "logins", "pass",
                        "password", "passwords", "passphrase", "pw", "pwd", "passwd", "secret", "secrets", "token",
                        "tokens", "apikey", "key", "keys", "pin", "psk"))


def find_netgear(text: str, low: str, out: list[Hit], runs: frozenset[str] | set[str] | None, joined: str) -> None:
    """The grammars of this module, each behind its cue words (``runs``: the whole letter runs of an ASCII text,
    else None and the words are looked up in ``joined``, the letter-run view)."""
    if runs is not None:
        leaf = not _LEAF_RUNS.isdisjoint(runs)
        wifi = not _WIFI_RUNS.isdisjoint(runs)
        files = not _FILE_RUNS.isdisjoint(runs)
        snmp = ("snmp" in runs or "snmpd" in runs) and "community" in joined
        login = ("pass" in runs or "pw" in runs or "pwd" in runs) and (
            "user" in runs or "login" in runs or "username" in runs or "benutzer" in runs)
        has_set, cleartext, ntp = "set" in runs, "cleartext" in runs, "ntp" in runs
        ros = "local" in runs or "global" in runs
        fgt = snmp and "system" in runs and "config" in runs
    else:
        leaf = any(w in joined for w in _LEAF_WORDS)
        wifi = any(w in joined for w in _WIFI_WORDS)
        files = True
        snmp = "snmp" in joined and "community" in joined
        login = ("pass" in joined or "pw" in joined) and ("user" in joined or "login" in joined or "benutzer" in joined)
        has_set, cleartext, ntp, ros, fgt = "set" in joined, "cleartext" in joined, "ntp" in joined, True, snmp
    if leaf and has_set:
        _find_set(text, low, out)
    if leaf and ";" in text and "{" in text:
        _find_curly(text, low, out)
    if fgt and "config system snmp" in low:
        _find_fortios_community(text, low, out)
    if snmp:
        _find_communities(text, low, out)
    if cleartext and "=" in text:
        _find_tacplus(text, low, out)
    if ros and (":local" in low or ":global" in low):
        _find_routeros(text, low, out)
    if ntp:
        _find_ntpd(text, low, out)
    if files and "#" in text and ("\n#" in text or text.startswith("#")):
        _find_header_files(text, low, out)
    if wifi:
        _find_wifi_digits(text, low, out)
    if login:
        _find_inline_pairs(text, low, out)
    if runs is not None:
        huawei = "agent" in runs and "snmp" in runs
        wlc = "config" in runs and ("psk" in runs or "ascii" in runs or "hex" in runs or "mgmtuser" in runs)
    else:
        huawei = "snmp" in joined and "agent" in joined
        wlc = "config" in joined
    xfrm = ("xfrm" in runs) if runs is not None else "xfrm" in joined
    setkey = ("spdadd" in runs or "setkey" in runs or "esp" in runs and "add" in runs) if runs is not None else (
        "setkey" in joined or "spdadd" in joined or "esp" in joined)
    if xfrm or setkey:
        _find_sa_keys(text, low, out, xfrm and "0x" in low or xfrm and '"' in text, setkey and " -" in text)
    if huawei and "snmp-agent" in low or wlc:
        _find_vendor_lines(text, low, out, huawei and "snmp-agent" in low, wlc)
