"""Key material and keyless secrets: PEM/OpenSSH/PuTTY/PGP armours, password hashes, salts, seeds."""

from __future__ import annotations

import base64
import textwrap

from tests.corpus import Case
from tests.corpus.secrets.kit import ALNUM, B64, Gen, b64s
from tests.corpus.secrets.providers import FORMATS, token

_SEED_WORDS = (
    "abandon", "ability", "absorb", "access", "actor", "adapt", "advice", "afford", "agent", "alarm", "album",
    "alley", "amused", "anchor", "angle", "ankle", "apple", "arena", "armor", "arrow", "asset", "atom", "auction",
    "avocado", "badge", "bamboo", "banner", "barrel", "basket", "beach", "bicycle", "blanket", "bounce", "brave",
    "bridge", "bronze", "cabbage", "cactus", "canal", "carbon", "castle", "cattle", "cement", "chalk", "cherry",
)


def pem_key(g: Gen, label: str, nbytes: int) -> str:
    body = "\n".join(textwrap.wrap(g.b64(nbytes), 64))
    return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----\n"


def openssh_key(g: Gen) -> str:
    raw = b"openssh-key-v1\x00" + g.r.randbytes(380)
    body = "\n".join(textwrap.wrap(base64.b64encode(raw).decode(), 70))
    return f"-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----\n"


def ppk(g: Gen) -> tuple[str, list[str]]:
    pub = "\n".join(textwrap.wrap(g.b64(279), 64))
    priv_lines = textwrap.wrap(g.b64(656), 64)
    mac = g.hex(64)
    text = (f"PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-2024\nPublic-Lines: "
            f"{len(pub.splitlines())}\n{pub}\nPrivate-Lines: {len(priv_lines)}\n" + "\n".join(priv_lines)
            + f"\nPrivate-MAC: {mac}\n")
    return text, [*priv_lines, mac]


def pgp_key(g: Gen) -> str:
    body = "\n".join(textwrap.wrap(g.b64(900), 64))
    return (f"-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: exported\n\n{body}\n={g.b64(3)}\n"
            "-----END PGP PRIVATE KEY BLOCK-----\n")


def hash_bcrypt(g: Gen) -> str:
    return f"$2b${g.pick(('10', '12'))}${g.chars(ALNUM + './', 53)}"


def hash_apr1(g: Gen) -> str:
    return f"$apr1${g.chars(ALNUM + './', 8)}${g.chars(ALNUM + './', 22)}"


def hash_sha(g: Gen) -> str:
    return "{SHA}" + g.b64(20)


def hash_sha512crypt(g: Gen) -> str:
    return f"$6${g.chars(ALNUM + './', 16)}${g.chars(ALNUM + './', 86)}"


def hash_argon2(g: Gen) -> str:
    return f"$argon2id$v=19$m=65536,t=3,p=4${g.b64(16).rstrip('=')}${g.b64(32).rstrip('=')}"


def private_keys(g: Gen) -> list[Case]:
    S, K = g.S, g.K
    rsa, ec, op = pem_key(g, "RSA PRIVATE KEY", 1190), pem_key(g, "EC PRIVATE KEY", 121), openssh_key(g)
    pk8 = pem_key(g, "PRIVATE KEY", 1218)
    enc = pem_key(g, "ENCRYPTED PRIVATE KEY", 1298)
    one_line = pk8.replace("\n", "\\n")
    out = [
        g.case("private-keys", "id_rsa", S(rsa)),
        g.case("private-keys", "id_ed25519", S(op)),
        g.case("private-keys", "notes-keys.md", f"# staging certs\n\nEC key for the {K('v2.3.1')} gateway:\n\n"
               f"{S(ec)}\nand the wrapped one:\n\n{S(enc)}\n"),
        g.case("private-keys", "service-account.json",
               '{\n  "type": "service_account",\n  "project_id": "demo-' + g.word() + '",\n'
               f'  "private_key_id": "{S(g.hex(40))}",\n  "private_key": "{S(one_line)}",\n'
               f'  "client_email": "sync@demo-{g.word()}.iam.gserviceaccount.com",\n  "client_id": "{g.digits(21)}"\n}}\n'),
    ]
    text, lines = ppk(g)
    for ln in lines:
        S(ln)
    out.append(g.case("private-keys", "deploy.ppk", text))
    out.append(g.case("private-keys", "backup-signing.asc", S(pgp_key(g))))
    return out


def hashes(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        f"root:{S(hash_sha512crypt(g))}:19500:0:99999:7:::\n"
        f"daemon:*:19500:0:99999:7:::\n"
        f"{g.user()}:{S(hash_sha512crypt(g))}:19620:0:99999:7:::\n"
        f"nobody:!:19500::::::\n\n# app users export\n"
        f"id,login,password_hash,created\n1,{g.user()},{S(hash_bcrypt(g))},{K('2024-02-11')}\n"
        f"2,{g.user()},{S(hash_argon2(g))},2024-03-09\n3,{g.user()},{S(hash_apr1(g))},2024-05-30\n"
    )
    return g.case("password-hashes", "shadow-and-users.txt", text)


def standalone_tokens(g: Gen) -> Case:
    S, K = g.S, g.K
    t1, t2, t3 = g.alnum(32), g.urlsafe(43), g.chars(B64, 40)
    text = (
        f"## handover {K('2025-06-02')}\n\n- the shared key for the staging bucket: {S(t1)}\n"
        f"- {S(t2)}\n- reporting bot: {S(token(g, 'slack-bot'))}\n\n| service | credential | ttl |\n| --- | --- | --- |\n"
        f"| billing | {S(t3)} | {K('90 days')} |\n| search | {S(token(g, 'hex-32'))} | 30 days |\n\n"
        f"```\n{K('2025-06-02T08:14:55Z')} INFO auth ok key={S(g.alnum(24))} latency={K('132ms')}\n"
        f"{g.iso()} WARN retrying with {S(g.urlsafe(36))}\n```\n"
        f"tokens:\n  - {S(token(g, 'url-safe-40'))}\n  - {S(g.alnum(28))}\n"
    )
    return g.case("standalone-tokens", "handover.md", text)


def wp_salts(g: Gen) -> Case:
    S, K = g.S, g.K
    sym = ALNUM + "!@#%^&*()-_[]{}<>~+=,.;:/?|"
    names = ("AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY", "AUTH_SALT", "SECURE_AUTH_SALT",
             "LOGGED_IN_SALT", "NONCE_SALT")
    lines = [f"define( '{n}', {' ' * (17 - len(n))}'{S(g.chars(sym, 64))}' );" for n in names]
    text = ("<?php\n/** MySQL settings */\ndefine( 'DB_NAME', 'wp_site' );\ndefine( 'DB_USER', 'wp' );\n"
            f"define( 'DB_PASSWORD', '{S(g.human_password())}' );\ndefine( 'DB_HOST', 'localhost' );\n\n"
            + "\n".join(lines) + f"\n\n$table_prefix = 'wp_';\ndefine( 'WP_DEBUG', false );\n// {K('v6.4.2')}\n")
    return g.case("wordpress-salts", "wp-config.php", text)


def base64_blobs(g: Gen) -> Case:
    S = g.S
    up = S(b64s(f"{g.user()}:{g.strong_password(14, '-_')}"))
    js = S(b64s(f'{{"username":"{g.user()}","password":"{g.human_password()}"}}'))
    tok = S(b64s(token(g, "stripe-secret")))
    pem = S(b64s(pem_key(g, "PRIVATE KEY", 300)))
    text = (f"proxy auth (base64): {up}\n\nlegacy config dump:\n{js}\n\nencoded key, do not commit:\n{tok}\n\n"
            f"cert_bundle_key = \"{pem}\"\n")
    return g.case("base64-blobs", "encoded.txt", text)


def seed_phrases(g: Gen) -> Case:
    S, K = g.S, g.K
    p12 = " ".join(g.pick(_SEED_WORDS) for _ in range(12))
    p24 = " ".join(g.pick(_SEED_WORDS) for _ in range(24))
    wif = "5" + g.chars("HJK", 1) + g.chars("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 49)
    text = (f"wallet backup ({K('2023-11-04')})\nrecovery phrase: {S(p12)}\n\nold ledger seed:\n{S(p24)}\n\n"
            f"paper wallet WIF: {S(wif)}\n")
    return g.case("seed-phrases", "wallet.txt", text)


def provider_tokens(g: Gen) -> list[Case]:
    """Every provider format three times: under its usual variable name, loose in notes, in a log line."""
    S = g.S
    fams = [f for f in FORMATS if f not in ("b64-key", "hex-32", "url-safe-40", "hex-40")]
    env = [f"{f.upper().replace('-', '_')}={S(token(g, f))}" for f in fams]
    out = [g.case("provider-tokens", "tokens.env", "\n".join(env) + "\n")]
    notes = []
    for i, f in enumerate(fams):
        v = S(token(g, f))
        notes.append(g.pick((f"- {f}: {v}", f"{f} -> `{v}`", f"rotated {f} today, new one is {v}",
                             f"  {i + 1}. {v}")))
    out.append(g.case("provider-tokens", "rotation-notes.md", "# rotation log\n\n" + "\n".join(notes) + "\n"))
    log = [f"{g.iso()} DEBUG upstream={f} auth {S(token(g, f))} status=200" for f in fams]
    out.append(g.case("provider-tokens", "debug.log", "\n".join(log) + "\n"))
    return out


def build(g: Gen) -> list[Case]:
    return [*private_keys(g), hashes(g), standalone_tokens(g), wp_salts(g), base64_blobs(g), seed_phrases(g),
            *provider_tokens(g)]
