"""Settings that desktop and admin applications store, and the key/value lines admin tools print.

Rows (one regex each, run by the shared prefilter of find_secrets), hold-out round 6 (r6a):

- HeidiSQL settings exports: ``Servers\\NAME\\Password<|||>1<|||>V``;
- ``reg query`` output: ``    DefaultPassword    REG_SZ    V`` (and ``REG_BINARY``, ``REG_EXPAND_SZ``);
- ``.reg`` exports of binary values: ``"VNCPassword"=hex:d7,a5,…`` and ``"DefaultPassword"=hex(1):57,00,…``;
- KiTTY session files: ``Password\\V\\``;
- RDP files: ``gatewaypassword:s:V``, ``password 51:b:V``;
- ``netsh wlan show profile key=clear``: the ``Key Content : V`` line in the display languages of Windows,
  and ``netsh wlan set profileparameter … keyMaterial=V``;
- ``nmcli -s connection show`` lines: ``802-11-wireless-security.psk:      V`` (the padding runs past the
  assignment rows' eight blanks);
- PowerShell registry writes: ``Set-ItemProperty … -Name DefaultPassword -Value V``;
- Postman's API-key auth block: ``"apikey": [{"key": "value", "value": "V"}, …]``;
- ``.curlrc`` lines: ``-u user:V``, ``--user "user:V"``, ``proxy-user = "user:V"``;
- IRC clients: ``/msg NickServ IDENTIFY [account] V``; HexChat ``servlist.conf`` ``P=V`` / ``B=V``.

The key name (scored by secret_keys) and the label stay visible; only the value goes.

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, HEX, P, SecretRule, ex, tok, trie
from redacted_context_mcp.redaction.secret_refine import strip_span, vet_value

#: The ``Key Content`` label of ``netsh wlan show profile … key=clear`` in the display languages of Windows.
KEY_CONTENT_LABELS: tuple[str, ...] = (
    "key content", "contenu de la clé", "schlüsselinhalt", "contenido de la clave", "contenuto chiave",
    "conteúdo da chave", "conteúdo da chave de segurança", "sleutelinhoud", "содержимое ключа", "zawartość klucza",
    "金鑰內容", "主要內容", "关键内容", "密钥内容", "主要なコンテンツ", "キー コンテンツ", "키 콘텐츠",
    "anahtar i̇çeriği", "anahtar içeriği",
    "nyckelinnehåll", "obsah klíče", "nøgleindhold", "nøkkelinnhold", "avaimen sisältö",
    "kulcs tartalma", "περιεχόμενο κλειδιού", "вміст ключа", "conținut cheie", "sadržaj ključa", "vsebina ključa",
    "obsah kľúča", "תוכן מפתח", "محتوى المفتاح", "เนื้อหาคีย์",
)
#: A line-start row also reads a Markdown table cell: right after ``| ``, the value then ends before `` |``.
_CELL = r"(?<=\| )(?P<cell>)"
_END = r"(?(cell)[ \t]*(?= \|)|[ \t]*\r?$)"
#: The columns of ``reg query`` output: runs of blanks, which a document's table cell folds to one.
_GAP = r"(?(cell)[ \t]{1,8}|[ \t]{2,8})"
#: What netsh and nmcli print when the key itself is not shown.
_NOT_SHOWN = frozenset(("absent", "present", "not present", "--", "<hidden>", "<not shown>", "***"))


#: Names the lexicon keeps for a web server's directive (Apache ``ProxyPass /app URL``) that name a
#: password in an application's stored settings.
_SETTING_NAMES = frozenset(("proxypass",))


def _named(key_group: str, value_group: str, floor: int = 2):
    """A refine: the value of a key that scores at least ``floor`` in the lexicon, vetted as a bare value."""

    def refine(m: re.Match[str], text: str) -> tuple[int, int] | None:
        k = text[m.start(key_group):m.end(key_group)].strip()
        if key_score(k) < floor and k.lower() not in _SETTING_NAMES:
            return None
        s, e = m.span(value_group)
        if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
            s, e = s + 1, e - 1
        if text[s:e].strip().lower() in _NOT_SHOWN:
            return None
        return vet_value(text, s, e, 2, quoted=True)

    return refine


def _refine_label(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    if text[s:e].strip().lower() in _NOT_SHOWN:
        return None
    return vet_value(text, s, e, 2, quoted=True)


_NUMBER = re.compile(r"[-+]?\d{0,12}(?:[.,]\d{1,12})?(?:e[-+]?\d{1,3})?")


def _refine_hexchat(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """``P=``/``B=`` only inside a servlist.conf network block: an ``N=`` line and one of its other one-letter
    lines (``I=`` nick, ``E=`` encoding, ``F=`` flags, ``S=`` server) before it; a number (``N=100``,
    ``P=0.05`` in a statistics note) is no password."""
    window = text[max(0, m.start() - 400):m.start()]
    if not (window.startswith("N=") or "\nN=" in window) or not any(c in window for c in _SERVLIST_LINES):
        return None
    s, e = m.span("v")
    if _NUMBER.fullmatch(text, s, e):
        return None
    return vet_value(text, s, e, 2, quoted=False)


_SERVLIST_LINES = ("\nI=", "\nE=", "\nF=", "\nS=", "\nD=")


def _refine_userinfo(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    if text[s:e].isdigit() and text[m.start():s].rstrip(":\"' \t")[-1:].isdigit():
        return None  # user: 1000:1000, a uid and a gid
    return vet_value(text, s, e, 2, quoted=True) if e > s else None


_VALUE = r"(?P<v>\"[^\"\r\n]{1,1024}\"|'[^'\r\n]{1,1024}'|[^\s\"'][^\r\n]{0,1023}?)[ \t]*\r?$"

APP_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "heidisql-setting",
        "a HeidiSQL settings export line whose setting is named like a secret (Servers\\x\\Password<|||>1<|||>V)",
        P(r"\\(?P<k>[a-z0-9_ .-]{1,64})<\|\|\|>\d{1,2}<\|\|\|>(?P<v>[^\r\n]{1,2048}?)[ \t]*\r?$", re.M | re.I),
        keywords=("<|||>",),
        refine=_named("k", "v"),
        examples=(ex("Servers\\prod\\Password<|||>1<|||>{}", tok(HEX, 32)),
                  ex("Servers\\stage\\SSHtunnelPassword<|||>1<|||>{}", tok(ALNUM, 12))),
        near_misses=("Servers\\prod\\Host<|||>1<|||>db.internal", "Servers\\prod\\LoginPrompt<|||>3<|||>0"),
    ),
    SecretRule(
        "reg-query-value",
        "a reg query output line whose value name reads as a secret (    DefaultPassword    REG_SZ    V)",
        P(r"(?:^[ \t]{2,8}|" + _CELL + r")(?P<k>[^\s][^\r\n]{0,63}?)" + _GAP + r"reg_(?:sz|expand_sz|multi_sz|binary)"
          + _GAP + r"(?P<v>[^\s][^\r\n]{0,2047}?)" + _END, re.M),
        keywords=("reg_",),
        on_lower=True,
        refine=_named("k", "v"),
        examples=(ex("    DefaultPassword    REG_SZ    {}", tok(ALNUM, 12)),
                  ex("    Password    REG_BINARY    {}", tok("0123456789ABCDEF", 16))),
        near_misses=("    DefaultPassword    REG_DWORD    0x1", "    DefaultUserName    REG_SZ    kiosk",
                     "    AutoAdminLogon    REG_SZ    1"),
    ),
    SecretRule(
        "reg-hex-value",
        "a .reg export's binary value under a secret-named value name (\"VNCPassword\"=hex:d7,a5,…)",
        P(r"\"(?P<k>[^\"\r\n]{1,64})\"=hex(?:\([0-9a-f]{1,2}\))?:(?P<v>[0-9a-f]{2}"
          r"(?:,(?:\\\r?\n[ \t]{0,8})?[0-9a-f]{2}){0,8191})"),
        keywords=('"=hex',),
        on_lower=True,
        refine=lambda m, text: (strip_span(text, *m.span("v"))
                                if key_score(text[m.start("k"):m.end("k")]) >= 2 else None),
        examples=(ex('"VNCPassword"=hex:{}', "d7,a5,14,d8,c5,56,ad,e9"),
                  ex('"DefaultPassword"=hex(1):{}', "57,00,69,00,6e,00")),
        near_misses=('"WindowPlacement"=hex:2c,00,00,00', '"PasswordExpiryWarning"=dword:0000000e'),
    ),
    SecretRule(
        "kitty-session",
        "a KiTTY session file's password line (Password\\V\\)",
        P(r"^(?P<k>[a-z]{0,40}pass(?:word)?)\\(?P<v>[^\\\r\n]{1,1024})\\[ \t]*\r?$", re.M),
        keywords=("pass",),
        chars="\\",
        on_lower=True,
        refine=_named("k", "v"),
        examples=(ex("HostName\\bastion\\\nPassword\\{}\\", tok(HEX, 24)),),
        near_misses=("Password\\\\", "PasswordDelay\\0\\"),
    ),
    SecretRule(
        "rdp-setting",
        "a .rdp file setting named like a secret (gatewaypassword:s:V, password 51:b:V)",
        P(r"(?:^|" + _CELL + r")(?P<k>[a-z][a-z0-9 ]{0,63}):[sb]:(?P<v>[^\s][^\r\n]{0,4095}?)" + _END, re.M),
        keywords=(":s:", ":b:"),
        on_lower=True,
        refine=_named("k", "v"),
        examples=(ex("gatewaypassword:s:{}", tok(ALNUM, 12)), ex("password 51:b:{}", tok("0123456789ABCDEF", 48))),
        near_misses=("full address:s:rdp01", "prompt for credentials:i:1", "username:s:CORP\\jo"),
    ),
    SecretRule(
        "netsh-key-content",
        "the Key Content line of netsh wlan show profile key=clear, in the display languages of Windows",
        P(r"(?:^|(?<=[ \t]))(?:" + trie(KEY_CONTENT_LABELS) + r")[ \t]{0,40}:[ \t]{0,8}" + _VALUE, re.M),
        keywords=KEY_CONTENT_LABELS,
        chars=":",
        on_lower=True,
        refine=_refine_label,
        examples=(ex("    Key Content            : {}", tok(ALNUM, 12)),
                  ex("    Schlüsselinhalt        : {}", tok(ALNUM, 12)),
                  ex("    Contenu de la clé            : {}", tok(ALNUM, 12))),
        near_misses=("    Key Content            : Absent", "    Security key           : Present",
                     "the key content of a page"),
    ),
    SecretRule(
        "netsh-key-material",
        "the keyMaterial= argument of netsh wlan set profileparameter",
        P(r"\bkeymaterial=(?P<v>\"[^\"\r\n]{1,256}\"|[^\s\"]{1,256})"),
        keywords=("keymaterial=",),
        on_lower=True,
        refine=_refine_userinfo,
        examples=(ex("netsh wlan set profileparameter name=Home keyMaterial={}", tok(ALNUM, 12)),),
        near_misses=("keyMaterial=$KEY",),
    ),
    SecretRule(
        "nmcli-show-line",
        "an nmcli -s connection show line of a secret property (802-11-wireless-security.psk:     V)",
        P(r"(?:^|" + _CELL + r")(?P<k>[a-z0-9-]{1,40}\.[a-z0-9-]{1,40}):[ \t]{1,60}(?P<v>[^\s][^\r\n]{0,1023}?)" + _END,
          re.M),
        keywords=(".psk:", "password:", "-key0:", "-key1:", "-key2:", "-key3:", ".pin:", ".secrets:"),
        on_lower=True,
        refine=_named("k", "v"),
        examples=(ex("802-11-wireless-security.psk:            {}", tok(ALNUM, 12)),
                  ex("802-1x.password:                        {}", tok(ALNUM, 12))),
        near_misses=("802-11-wireless-security.psk:            <hidden>", "802-11-wireless-security.psk-flags:      0",
                     "802-1x.password:                        --"),
    ),
    SecretRule(
        "powershell-item-property",
        "Set-ItemProperty / New-ItemProperty -Name SECRETNAME -Value V",
        P(r"-name[ \t]{1,4}[\"']?(?P<k>[\w. -]{1,64}?)[\"']?[ \t]{1,4}-value[ \t]{1,4}"
          r"(?P<v>\"[^\"\r\n]{1,1024}\"|'[^'\r\n]{1,1024}'|[^\s\"'$(][^\s]{0,1023})"),
        keywords=("itemproperty",),
        chars="-",
        on_lower=True,
        refine=_named("k", "v"),
        examples=(ex('Set-ItemProperty -Path $p -Name DefaultPassword -Value "{}"', tok(ALNUM, 12)),),
        near_misses=("Set-ItemProperty -Path $p -Name AutoAdminLogon -Value 1",
                     "Set-ItemProperty -Path $p -Name DefaultPassword -Value $pw"),
    ),
    SecretRule(
        "postman-apikey-auth",
        "the value of Postman's apikey auth block ({\"key\": \"value\", \"value\": \"V\"})",
        P(r"\"apikey\"[ \t]{0,4}:[ \t]{0,4}\[[^\]]{0,600}?\{[ \t\r\n]{0,40}\"key\"[ \t]{0,4}:[ \t]{0,4}\"value\""
          r"[ \t]{0,4},[ \t\r\n]{0,40}\"value\"[ \t]{0,4}:[ \t]{0,4}\"(?P<v>[^\"\r\n]{1,1024})\""),
        keywords=('"apikey"',),
        on_lower=True,
        refine=_refine_userinfo,
        examples=(ex('"apikey": [{"key": "value", "value": "{}", "type": "string"}]', tok(ALNUM, 24)),),
        near_misses=('"apikey": [{"key": "value", "value": "{{apiKey}}", "type": "string"}]',),
    ),
    SecretRule(
        "curlrc-user",
        "a .curlrc line giving user:password (-u u:V, --user \"u:V\", proxy-user = \"u:V\")",
        P(r"(?:^[ \t]{0,8}|" + _CELL + r")(?:(?:-u|--user|--proxy-user)(?:[ \t]{0,4}[=:][ \t]{0,4}|[ \t]{1,4})"
          r"|(?:user|proxy-user)(?:[ \t]{0,4}=[ \t]{0,4}|[ \t]{1,4}))"
          r"[\"']?[^\s\"':]{1,128}:(?P<v>[^\s\"']{1,512})[\"']?" + _END, re.M),
        keywords=("-u ", "user"),
        chars=":",
        on_lower=True,
        refine=_refine_userinfo,
        examples=(ex("-u ops:{}", tok(ALNUM, 12)), ex('--user "ci:{}"', tok(ALNUM, 12)),
                  ex('proxy-user = "px:{}"', tok(ALNUM, 10))),
        near_misses=('user = "deploy"', "-u ops:$CURL_PASS", "user: root"),
    ),
    SecretRule(
        "nickserv-identify",
        "the password of an IRC /msg NickServ IDENTIFY [account] V",
        P(r"nickserv[ \t]{1,4}identify[ \t]{1,4}(?:[^\s\"';|]{1,64}[ \t]{1,4})?(?P<v>[^\s\"';|]{1,256})"),
        keywords=("nickserv",),
        chars=" ",
        on_lower=True,
        refine=_refine_userinfo,
        examples=(ex("/msg NickServ IDENTIFY {}", tok(ALNUM, 12)), ex("/msg nickserv identify jo {}", tok(ALNUM, 12))),
        near_misses=("/msg NickServ IDENTIFY $NS_PASS",),
    ),
    SecretRule(
        "hexchat-servlist",
        "the server (P=) and NickServ (B=) passwords of a HexChat servlist.conf network",
        P(r"^[pb]=(?P<v>[^\s][^\r\n]{0,511}?)[ \t]*\r?$", re.M),
        keywords=("\np=", "\nb="),
        on_lower=True,
        refine=_refine_hexchat,
        examples=(ex("N=Libera\nI=jo\nP={}\n", tok(ALNUM, 12)),),
        near_misses=("N=Libera\nE=UTF-8 (Unicode)\nF=19", "N=120\nP=0.05", "N=Libera\nI=jo\nP=0.05"),
    ),
)
