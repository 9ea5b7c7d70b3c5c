"""Line grammars of home-automation, IoT and appliance files (hold-out round 7 of issue 9).

One :class:`~redaction.secret_kit.SecretRule` row per syntax, each led by a literal keyword that the shared
prefilter finds before its regex runs:

- ``byte-array-key``: a key written as an array of 8 to 64 bytes under a name ending in ``key``: Zigbee2MQTT
  ``network_key: [92, 167, ...]`` (also as a YAML block list), the OpenZWave ``network_key: "0x2A, 0x7B, ..."``
  string, LoRaWAN firmware ``APPKEY[16] = { 0x2B, ... }``; fewer than four distinct bytes is an example;
- ``zwave-security-key``: Z-Wave JS ``S0_Legacy`` / ``S2_AccessControl`` / ``S2_Authenticated`` /
  ``S2_Unauthenticated`` keys (32 hex) in ``settings.json``, add-on options and ``KEY_S2_...`` variables;
- ``uci-option``: OpenWrt UCI files: ``option key 'V'`` (``key1``..``key4`` for WEP, ``key`` alone a key
  index when it is 1 to 4), ``option auth_secret 'V'`` and any option named like a secret;
- ``uci-dotted``: ``uci show`` output and ``uci set`` lines: ``wireless.radio0.key='V'``;
- ``hostapd-psk-file``: ``hostapd.wpa_psk`` lines: ``[keyid=X] [vlanid=N] MAC PASSPHRASE`` (the wildcard MAC
  ``00:00:00:00:00:00`` or a ``keyid=``/``vlanid=`` prefix: ``/etc/ethers`` lines are MAC and host name);
- ``hostapd-eap-user``: ``hostapd.eap_user`` lines: ``"identity" METHODS "password"`` or ``hash:HEX``;
- ``radius-clients``: hostapd ``radius_clients`` / FreeRADIUS ``clients`` lines: an address, then the secret
  (in a text that names RADIUS; the value must read machine- or human-made, not a word);
- ``tasmota-backlog``: Tasmota console ``Backlog Password1 V; MqttPassword V`` commands;
- ``davfs2-secrets``: davfs2 ``secrets`` lines: ``URL-or-mount-point USER PASSWORD``;
- ``fritzbox-encrypted``: a FRITZ!Box export's encrypted values (``$$$$`` and 16+ base32 characters);
- ``homekit-pin``: a HomeKit setup code ``031-45-154`` after ``pin``/``pincode``/``setupCode``;
- ``alarm-code``: the digits of ``alarm_code``/``disarm_code``/``lock_code`` (Home Assistant secrets.yaml), and
  of a bare ``code:`` key in a text that configures an ``alarm_control_panel``.

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.validators.
"""

from __future__ import annotations

import random
import re

from redacted_context_mcp.redaction.secret_keys import NEGATIVE_NAMES, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, HEX, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import logical_line_start, strip_span, vet_value
from redacted_context_mcp.redaction.validators import mixed_token

_BYTE = r"(?:0x)?[0-9a-f]{1,3}"


_RNG = random.Random(0x40E7)  # the byte-array examples draw from their own generator


def _bytes(n: int, hexed: bool) -> str:
    vals = [_RNG.randrange(256) for _ in range(n)]
    return ", ".join(f"0x{v:02X}" if hexed else str(v) for v in vals)


def _name_before(text: str, end: int) -> str:
    """The key name that ends at ``end`` (letters, digits, ``_ . -``), as written."""
    k = end
    while k > 0 and end - k < 64 and (text[k - 1].isalnum() or text[k - 1] in "_.-"):
        k -= 1
    return text[k:end]


def _refine_byte_array(m: re.Match[str], text: str) -> tuple[int, int] | None:
    name = _name_before(text, m.start("k") + 3).strip("_.-")
    low = name.lower()
    if not low.endswith("key") and key_score(name) < 2 or low.replace("_", "").replace("-", "") in NEGATIVE_NAMES:
        return None
    if m.start("v") >= 0:
        s, e = m.span("v")
    else:
        s, e = m.span("b")
        s = text.index("-", s) + 1
        while text[s] in " \t":
            s += 1
    values = re.findall(r"(?:0x)?[0-9a-f]{1,3}", text[s:e].lower())
    nums = [int(v, 16) if v.startswith("0x") else int(v) for v in values]
    if any(v > 255 for v in nums) or len(set(nums)) < 4:
        return None  # not bytes, or an example (all ones, a counting run of few values)
    return s, e


def _refine_uci_option(m: re.Match[str], text: str) -> tuple[int, int] | None:
    ls, _ = logical_line_start(text, m.start())
    if text[ls:m.start()].strip(" \t"):
        return None  # "the option key 'x'" in a sentence: UCI options start their line
    k = m.group("k")
    s, e = next(m.span(g) for g in ("sq", "dq", "bare") if m.start(g) >= 0)
    if k in ("key1", "key2", "key3", "key4"):
        pass
    elif k == "key":
        if text[s:e] in ("1", "2", "3", "4"):
            return None  # WEP: the index of the key in use
    elif key_score(k) < 2:
        return None
    return vet_value(text, s, e, 2, quoted=m.start("bare") < 0)


_UCI_LINE = re.compile(r"[ \t]{0,8}(?:uci[ \t]{1,4}(?:-q[ \t]{1,4})?set[ \t]{1,4})?[a-z][a-z0-9_-]{0,40}"
                       r"\.[@\w\[\]-]{1,80}\Z")


def _refine_uci_dotted(m: re.Match[str], text: str) -> tuple[int, int] | None:
    ls = text.rfind("\n", 0, m.start()) + 1
    if _UCI_LINE.match(text, ls, m.start()) is None:
        return None
    s, e = next(m.span(g) for g in ("sq", "dq", "bare") if m.start(g) >= 0)
    return vet_value(text, s, e, 2, quoted=m.start("bare") < 0)


def _refine_psk_file(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if not m.group("pre") and m.group("mac") != "00:00:00:00:00:00":
        return None  # MAC and host name: /etc/ethers
    return vet_value(text, *m.span("v"), 2, quoted=False)


def _refine_eap_user(m: re.Match[str], text: str) -> tuple[int, int] | None:
    g = "v" if m.start("v") >= 0 else "h"
    return vet_value(text, *m.span(g), 2, quoted=g == "v")


def _refine_backlog(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if key_score(m.group("k")) < 2:
        return None
    ls = text.rfind("\n", 0, m.start()) + 1
    if m.group(0)[0] == ";" and text.lower().find("backlog", ls, m.start()) < 0:
        return None
    return vet_value(text, *m.span("v"), 2, quoted=False)


def _refine_davfs(m: re.Match[str], text: str) -> tuple[int, int] | None:
    where = m.group("u").strip('"')
    if not (where.startswith(("http://", "https://")) and "dav" in where.lower() or where.startswith("/")
            and "davfs" in text.lower()):
        return None
    s, e = m.span("v")
    quoted = text[s] == '"'
    return vet_value(text, s + quoted, e - quoted, 2, quoted=quoted)


_PIN_NAMES = ("pin", "pincode", "setupcode", "setup_code", "homekitcode", "homekit_code")
_ALARM_PREFIXES = ("alarm", "disarm", "arm", "door", "lock", "unlock", "keypad", "panel", "gate", "garage", "safe")


def _refine_alarm(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if m.group("n") == "code":  # a bare code: only the key of an alarm panel (Home Assistant's manual panel)
        ls = text.rfind("\n", 0, m.start()) + 1
        if text[ls:m.start()].strip(" \t-") or "alarm_control_panel" not in text.lower():
            return None
    return strip_span(text, *m.span("v"))


def _refine_mixed(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    v = text[s:e]
    if not (mixed_token(v) or any(c.isdigit() for c in v) and any(c.isalpha() for c in v)):
        return None
    return strip_span(text, s, e)


HOME_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "byte-array-key",
        "a key written as 8 to 64 bytes under a name ending in key (Zigbee2MQTT network_key, LoRaWAN APPKEY)",
        P(r"(?P<k>key)[0-9]{0,2}[\"']?(?:\[[0-9]{1,3}\])?[ \t]{0,8}[:=][ \t]{0,8}"
          rf"(?:[\[{{\"'(][ \t]{{0,8}}(?P<v>{_BYTE}(?:[ \t]{{0,4}},[ \t]{{0,4}}{_BYTE}){{7,63}})"
          rf"|(?P<b>(?:\r?\n[ \t]{{0,16}}-[ \t]{{1,4}}{_BYTE}[ \t]{{0,4}}(?=\r?\n|$)){{8,64}}))"),
        keywords=("key",),
        chars=",-",
        on_lower=True,
        refine=_refine_byte_array,
        examples=(
            ex("advanced:\n  network_key: [{}]", _bytes(16, False)),
            ex('zwave:\n  network_key: "{}"', _bytes(16, True)),
            ex("static const u1_t PROGMEM APPKEY[16] = { {} };", _bytes(16, True)),
        ),
        near_misses=("  network_key: GENERATE", "  network_key: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]",
                     "  ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]",
                     "primary_key = [1, 2, 3, 4, 5, 6, 7, 8, 9]"),
    ),
    SecretRule(
        "zwave-security-key",
        "Z-Wave JS security keys: S0_Legacy, S2_AccessControl, S2_Authenticated, S2_Unauthenticated (32 hex)",
        P(r"s(?:0_legacy|2_(?:unauthenticated|authenticated|access_?control))(?:_lr)?(?:_key)?[\"']?[ \t]{0,8}"
          r"[:=][ \t]{0,8}[\"']?(?P<v>(?:0x)?[0-9a-f]{32})(?![0-9a-z])"),
        keywords=("s0_", "s2_"),
        on_lower=True,
        group=("v",),
        examples=(
            ex('"securityKeys": {"S2_AccessControl": "{}"}', tok(HEX, 32).upper()),
            ex("s0_legacy_key: {}", tok(HEX, 32).upper()),
            ex("KEY_S2_Authenticated={}", tok(HEX, 32).upper()),
        ),
        near_misses=('s0_legacy_key: ""', "S2_AccessControl: !secret zwave_s2_ac", "s2_unauthenticated_key: null"),
    ),
    SecretRule(
        "uci-option",
        "OpenWrt UCI options: option key 'V' (key1..key4 for WEP), option auth_secret 'V', any secret-named option",
        P(r"option(?<![^\s]option)[ \t]{1,8}(?P<k>[a-z][a-z0-9_]{0,40})[ \t]{1,8}"
          r"(?:'(?P<sq>[^'\n]{1,256})'|\"(?P<dq>[^\"\n]{1,256})\"|(?P<bare>[^\s'\"]{1,256}))[ \t]{0,8}(?=\r?\n|$)"),
        keywords=("option",),
        chars="\t ",
        refine=_refine_uci_option,
        examples=(
            ex("config wifi-iface 'default_radio0'\n\toption encryption 'psk2'\n\toption key '{}'", tok(ALNUM, 14)),
            ex("\toption auth_secret '{}'", tok(ALNUM, 16)),
            ex("\toption key1 's:{}'", tok(ALNUM, 5)),
        ),
        near_misses=("\toption key '1'", "\toption encryption 'psk2'", "\toption password '$p$root'",
                     "the option key 'x' is explained below"),
    ),
    SecretRule(
        "uci-dotted",
        "uci show output and uci set lines: wireless.radio0.key='V', network.wan.password=V",
        P(r"\.(?:key[1-4]?|[a-z0-9_]{0,40}(?:_secret|password|_psk|_key|_pwd|psk))="
          r"(?:'(?P<sq>[^'\n]{1,256})'|\"(?P<dq>[^\"\n]{1,256})\"|(?P<bare>[^\s'\"]{1,256}))"),
        keywords=(".key", "_secret=", "password=", "psk=", "_key=", "_pwd="),
        on_lower=True,
        refine=_refine_uci_dotted,
        examples=(
            ex("root@OpenWrt:~# uci show wireless\nwireless.default_radio0.key='{}'", tok(ALNUM, 14)),
            ex("uci set wireless.@wifi-iface[1].sae_password='{}'", tok(ALNUM, 14)),
        ),
        near_misses=("wireless.default_radio0.key_mgmt='sae'", "uci set wireless.radio0.key='$KEY'"),
    ),
    SecretRule(
        "hostapd-psk-file",
        "hostapd.wpa_psk lines: [keyid=X] [vlanid=N] MAC PASSPHRASE (the wildcard MAC or a keyid/vlanid prefix)",
        P(r"(?m)^[ \t]{0,8}(?P<pre>(?:(?:keyid|vlanid|wps)=[^\s]{1,64}[ \t]{1,8}){0,3})"
          r"(?P<mac>[0-9a-f]{2}(?::[0-9a-f]{2}){5})[ \t]{1,8}(?P<v>[^\s]{8,64})[ \t]{0,8}$"),
        keywords=("00:00:00:00:00:00", "keyid=", "vlanid="),
        on_lower=True,
        refine=_refine_psk_file,
        examples=(
            ex("00:00:00:00:00:00 {}", tok(ALNUM, 16)),
            ex("keyid=guest vlanid=20 00:00:00:00:00:00 {}", tok(ALNUM, 12)),
        ),
        near_misses=("00:11:22:33:44:55 printer-office", "link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00"),
    ),
    SecretRule(
        "hostapd-eap-user",
        "hostapd.eap_user lines: \"identity\" EAP methods then \"password\" or hash:HEX",
        # fields split by blanks or tabs; a tab in a document cell is shown as the two characters \t
        P(r"(?m)^[ \t]{0,8}\"[^\"\n]{1,128}\"\*?(?:[ \t]|\\t){1,16}"
          r"(?:PEAP|TTLS|MSCHAPV2|MD5|GTC|TLS|FAST|PWD|SIM|AKA|MSCHAP|PAP|CHAP|IKEV2|EKE|GPSK|PAX|PSK|SAKE|TNC)"
          r"(?:[,-][A-Z0-9']{2,20}){0,8}(?:[ \t]|\\t){1,16}(?:\"(?P<v>[^\"\n]{1,256})\"|hash:(?P<h>[0-9a-fA-F]{32}))"),
        keywords=("peap", "ttls", "mschap", "md5", "gtc", "pwd"),
        chars='"',
        refine=_refine_eap_user,
        examples=(
            ex('"alice"\tPEAP,TTLS-MSCHAPV2\t"{}"\t[2]', tok(ALNUM, 12)),
            ex('"bob" MSCHAPV2 hash:{} [2]', tok(HEX, 32)),
        ),
        near_misses=('"*"\tPEAP,TTLS,TLS', '"t" TTLS-MSCHAPV2 "" [2]'),
    ),
    SecretRule(
        "radius-clients",
        "RADIUS client lists (hostapd radius_clients, FreeRADIUS clients): an address or CIDR, then the secret",
        P(r"(?m)^[ \t]{0,8}(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7})(?:/[0-9]{1,3})?"
          r"[ \t]{1,16}(?P<v>[^\s#]{6,128})(?:[ \t]{1,16}[\w.-]{1,64})?[ \t]{0,8}$"),
        keywords=("radius",),
        chars=".:",
        refine=_refine_mixed,
        examples=(ex("# hostapd.radius_clients\n10.0.0.0/24\t{}", tok(ALNUM, 16)),),
        near_misses=("# radius networks\n10.0.0.0/24 office", "radius: 10.0.0.0/8 private"),
    ),
    SecretRule(
        "tasmota-backlog",
        "Tasmota console commands: Backlog SSID1 X; Password1 V; MqttPassword V (a secret-named command's value)",
        P(r"(?:backlog[0-9]?[ \t]{1,8}|;[ \t]{0,8})(?P<k>[a-z][a-z0-9_]{1,40})[ \t]{1,8}"
          r"(?P<v>[^;\s][^;\n]{0,127}?)[ \t]{0,8}(?=;|\r?\n|$)"),
        keywords=("backlog",),
        chars=";",
        on_lower=True,
        refine=_refine_backlog,
        examples=(ex("Backlog SSID1 HomeNet; Password1 {}; MqttHost broker", tok(ALNUM, 12)),
                  ex("Backlog MqttUser plug; MqttPassword {}", tok(ALNUM, 12))),
        near_misses=("Backlog SSID1 HomeNet; Password1 ****", "Backlog Power1 on; Delay 10; Power1 off"),
    ),
    SecretRule(
        "davfs2-secrets",
        "davfs2 secrets lines: a WebDAV URL (or a mount point) then the user and the password",
        P(r"(?m)^[ \t]{0,8}(?P<u>\"[^\"\n]{1,512}\"|[^\s\"#][^\s\"]{0,511})[ \t]{1,16}"
          r"(?:\"[^\"\n]{1,128}\"|[^\s\"]{1,128})[ \t]{1,16}(?P<v>\"[^\"\n]{1,256}\"|[^\s\"]{1,256})[ \t]{0,8}$"),
        keywords=("dav",),
        chars="/",
        refine=_refine_davfs,
        examples=(ex('https://cloud.example.net/remote.php/dav/files/bob bob "{}"', tok(ALNUM, 12)),
                  ex("# /etc/davfs2/secrets\n/media/cloud bob {}", tok(ALNUM, 12))),
        near_misses=("https://cloud.example.net/remote.php/dav/files/bob is the WebDAV address",),
    ),
    SecretRule(
        "fritzbox-encrypted",
        "FRITZ!Box export values encrypted with the export password: $$$$ and 16+ base32 characters",
        P(r"\$\$\$\$[A-Z0-9]{16,2048}"),
        keywords=("$$$$",),
        examples=(ex("Password={}", "$$$$" + tok("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 40)),),
        near_misses=("cost: $$$$ (expensive)", "$$$$ABC"),
    ),
    SecretRule(
        "homekit-pin",
        "a HomeKit setup code (031-45-154) after pin, pincode or setupCode",
        P(r"(?:pin|pincode|setup_?code|homekit_?code)[\"']?[ \t]{0,8}[:=][ \t]{0,8}[\"']?"
          r"(?P<v>[0-9]{3}-[0-9]{2}-[0-9]{3})(?![0-9-])"),
        # the name with what follows it: "pin" and "code" alone are in every other file ("keeping", "shipping")
        keywords=tuple(f"{n}{after}" for n in _PIN_NAMES for after in ('"', "'", ":", "=", " ", "\t")),
        chars="-",
        on_lower=True,
        group=("v",),
        examples=(ex('"bridge": {"port": 51826, "pin": "{}"}', "031-45-154"),
                  ex("setupCode: {}", "482-91-375")),
        near_misses=('"pin": "<pin>"', "setupCode: XXX-XX-XXX", "version: 031-45-154-rc1"),
    ),
    SecretRule(
        "alarm-code",
        "the digits of alarm_code, disarm_code, lock_code, door_code and the like (Home Assistant secrets.yaml)",
        P(rf"(?P<n>(?:{'|'.join(_ALARM_PREFIXES)})_?(?:pin|code)"
          r"|(?<![\w.-])code)[\"']?[ \t]{0,8}[:=][ \t]{0,8}[\"']?(?P<v>[0-9]{4,10})(?![0-9a-z])"),
        # the prefixed names, and for a bare code the panel it belongs to (see _refine_alarm): "code" and "pin"
        # alone would run this row on most files
        keywords=tuple(f"{p}{sep}{k}" for p in _ALARM_PREFIXES for sep in ("_", "") for k in ("pin", "code"))
        + ("alarm_control_panel",),
        chars=":=",
        on_lower=True,
        refine=_refine_alarm,
        examples=(ex('alarm_code: "{}"', "40217"), ex("disarm_code: {}", "8302"),
                  ex("alarm_control_panel:\n  - platform: manual\n    code: {}", "6402")),
        near_misses=("alarm_code: !secret alarm_code", "code_arm_required: false", "status_code: 2000",
                     "response:\n  code: 4040"),
    ),
)
