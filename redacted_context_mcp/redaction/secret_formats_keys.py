"""Provider formats: private key armours and key files beyond PEM (SSH2, PuTTY, age/SOPS, GnuPG, minisign, ...).

PEM blocks (RSA, EC, DSA, OPENSSH, PKCS#8, encrypted, PGP PRIVATE KEY BLOCK) are the
``pem-private-key`` core row; age identities cover SOPS (``SOPS_AGE_KEY``, ``keys.txt``).

Imports: redaction.secret_kit, redaction.secret_format_kit.
"""

from __future__ import annotations

from redacted_context_mcp.redaction.secret_format_kit import fmt
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, HEX, SecretRule, ex, tok

_BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B64U = ALNUM + "_-"
_V = ("v",)


def _lines(n: int, width: int = 64) -> str:
    return "\n".join(tok(B64, width) for _ in range(n))


KEY_RULES: tuple[SecretRule, ...] = (
    fmt("ssh2-private-key", "SSH2 (RFC 4716 / ssh.com) private key blocks (---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----)",
        r"---- BEGIN SSH2 (?:ENCRYPTED )?PRIVATE KEY ----(?P<v>(?:(?!---- )[\s\S]){16,100000}?)"
        r"---- END SSH2 (?:ENCRYPTED )?PRIVATE KEY ----", ("private key ----",), group=_V,
        examples=(ex('---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "k"\n{}\n'
                     "---- END SSH2 ENCRYPTED PRIVATE KEY ----", _lines(3)),),
        misses=("---- BEGIN SSH2 PUBLIC KEY ----\nAAAAB3NzaC1yc2E\n---- END SSH2 PUBLIC KEY ----",)),
    fmt("putty-private-key", "PuTTY .ppk private key lines (Private-Lines: N, then base64 lines)",
        r"Private-Lines:[ \t]{0,4}\d{1,4}[ \t]{0,4}\r?\n(?P<v>(?:[A-Za-z0-9+/=]{4,128}(?:\r?\n|\Z)){1,400})",
        ("private-",), group=_V,
        examples=(ex("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPublic-Lines: 1\nAAAAC3Nz\n"
                     "Private-Lines: 3\n{}\nPrivate-MAC: 00ff", _lines(3)),),
        misses=("Private-Lines: 0\n", "Public-Lines: 2\nAAAAC3NzaC1lZDI1NTE5")),
    fmt("age-secret-key", "age / SOPS secret keys (AGE-SECRET-KEY-1...)",
        r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}",
        ("age-secret-key-",), examples=(ex("SOPS_AGE_KEY=AGE-SECRET-KEY-1{}", tok(_BECH32, 58)),
                                         ex("# created: 2024\n# public key: age1x\n{}",
                                         "AGE-SECRET-KEY-1" + tok(_BECH32, 58))),
        misses=("AGE-SECRET-KEY-1 is the prefix", "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p")),
    fmt("age-plugin-identity", "age plugin identities (AGE-PLUGIN-YUBIKEY-1..., AGE-PLUGIN-TPM-1...)",
        r"AGE-PLUGIN-[A-Z0-9]{1,32}-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{20,600}", ("age-plugin-",),
        examples=(ex("identity: AGE-PLUGIN-YUBIKEY-1{}", tok(_BECH32, 50)),), misses=("AGE-PLUGIN-YUBIKEY-1",)),
    fmt("minisign-secret-key", "minisign secret keys (RWRTY0Iy...)", r"RWRTY0Iy[A-Za-z0-9+/]{150,260}={0,2}",
        cased=("RWRTY0Iy",), run=100,
            examples=(ex("untrusted comment: minisign encrypted secret key\nRWRTY0Iy{}", tok(B64, 204)),),
        misses=("RWRTY0Iy",)),
    fmt("signify-secret-key", "OpenBSD signify secret keys (RWRCSw...)", r"RWRCSw[A-Za-z0-9+/]{100,200}={0,2}",
        cased=("RWRCSw",), run=100, examples=(ex("untrusted comment: signify secret key\nRWRCSwAAAA{}", tok(B64,
            140)),),
        misses=("RWRCSw",)),
    fmt("wireguard-private-key", "WireGuard private keys (PrivateKey = 44 base64)",
        r"(?i:privatekey)[ \t]{0,4}=[ \t]{0,4}(?P<v>[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)", ("privatekey",), run=44,
        group=_V, examples=(ex("[Interface]\nPrivateKey = {}\nAddress = 10.0.0.2/32", tok(ALNUM, 42) + "A="),),
        misses=("PrivateKey = <paste here>",)),
    fmt("openvpn-static-key", "OpenVPN static / tls-auth / tls-crypt keys (-----BEGIN OpenVPN Static key V1-----)",
        r"-----BEGIN OpenVPN Static key V[12]-----(?P<v>[\s\S]{16,8000}?)-----END OpenVPN Static key V[12]-----",
        ("static key v1-----", "static key v2-----"), group=_V,
        examples=(ex("<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n{}\n-----END OpenVPN Static key V1-----",
                     "\n".join(tok(HEX, 32) for _ in range(4))),),
        misses=("key-direction 1\n# OpenVPN Static key V1 goes here",)),
    fmt("jwk-private-key",
        "JSON Web Key private members (\"d\", \"p\", \"q\", \"dp\", \"dq\", \"qi\", symmetric \"k\")",
        r"\"(?:d|p|q|dp|dq|qi|k)\"[ \t]{0,4}:[ \t]{0,4}\"(?P<v>[A-Za-z0-9_\-]{40,4096})\"",
        ('"d"', '"p"', '"q"', '"dp"', '"dq"', '"qi"', '"k"'), run=40, chars='"', group=_V,
        examples=(ex('{"kty": "RSA", "n": "0vx7", "e": "AQAB", "d": "{}"}', tok(_B64U, 86)),
                  ex('{"kty":"oct","k":"{}"}', tok(_B64U, 43))),
        misses=('{"kty": "RSA", "kid": "2011-04-29", "alg": "RS256", "use": "sig", "e": "AQAB"}',)),
    fmt("gnupg-private-key-file", "GnuPG private-keys-v1.d key files ((protected-private-key ...), (private-key ...))",
        r"\((?:protected-|shadowed-)?private-key[ \t]{0,4}"
        r"(?P<v>\([^\r\n]{16,20000}(?:\r?\n[ \t][^\r\n]{1,20000}){0,400})",
        ("(protected-", "(private-", "(shadowed-"), group=_V,
        examples=(ex("Created: 20240101T000000\nKey: (protected-private-key {}", f"(rsa (n #00{tok(HEX, 64)}#)"),),
        misses=("(private-key)", "the (private-key ...) form")),
    fmt("bip32-extended-private-key", "BIP32 extended private keys (xprv, tprv, yprv, zprv)",
        r"(?<![A-Za-z0-9])[txyz]prv[1-9A-HJ-NP-Za-km-z]{107,108}(?![A-Za-z0-9])", ("xprv", "tprv", "yprv", "zprv"),
        run=111, examples=(ex("wallet: xprv{}", "9s21ZrQH143K" + tok(_B58, 95)),), misses=("xprv is a prefix",)),
    fmt("laravel-app-key", "Laravel application keys (APP_KEY=base64:...)",
        r"APP_KEY[ \t]{0,4}=[ \t]{0,4}[\"']?(?P<v>base64:[A-Za-z0-9+/]{43}=)", cased=("APP_KEY",), run=44, group=_V,
        examples=(ex("APP_ENV=production\nAPP_KEY=base64:{}=", tok(ALNUM, 43)),), misses=("APP_KEY=",)),
    fmt("bitlocker-recovery-key", "BitLocker recovery passwords (eight groups of six digits joined by hyphens)",
        # the lookbehind sits after the first digit so the regex engine can still skip to digits
        r"\d(?<![\d-]\d)\d{5}(?:-\d{6}){7}(?![\d-])", hex_run=6, chars="-",
        confirm=r"-\d{6}-\d{6}-",  # the same backwards: a literal-led scan, far cheaper than the row's
        examples=(ex("Recovery key: {}", "-".join(tok("0123456789", 6) for _ in range(8))),
                  ex("| LAPTOP-07 | {} |", "-".join(tok("0123456789", 6) for _ in range(8)))),
        misses=("123456-654321", "order 202401-202402-202403", "111111-222222-333333-444444-555555-666666-777777")),
)
