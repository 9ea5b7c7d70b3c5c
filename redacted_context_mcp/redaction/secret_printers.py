"""The table of commands that print a secret (read by secret_outputs): conditions, marks, Wi-Fi labels.

Each :class:`Printer` row names a command by its words and says when its output is a
secret (``any``, ``flag``, ``named``; see secret_outputs). Adding a tool is adding a row.

Imports: nothing from the package.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Printer:
    """A command that prints a secret, and when it does."""

    words: tuple[str, ...]  # the command word, then subcommand words in order ("a|b": either; "x*": a prefix)
    needs: str = "any"  # any | flag | named
    flags: tuple[str, ...] = ()  # for "flag": one of these (as a word, or before "=")
    marks: tuple[str, ...] = ()  # for "named": substrings of the arguments that count as naming a secret
    strong: bool = False  # the output must not read as a plain word
    labels: bool = False  # the secret is the value of a labelled output line (netsh)
    unless: tuple[str, ...] = ()  # subcommands after which nothing secret is printed
    field: tuple[str, ...] = ()  # for "named": only the values of these flags are read (-field=X, -o jsonpath=X)
    json: str = ""  # a JSON output's key that holds the secret (az keyvault secret show: "value")


_STORE_ADMIN = ("ls", "list", "find", "search", "grep", "init", "git", "insert", "add", "edit", "rm", "remove",
                "delete", "mv", "rename", "cp", "copy", "help", "version", "sync", "setup", "config", "mounts",
                "audit", "fsck", "generate", "--help", "-h")

PRINTERS: tuple[Printer, ...] = (
    Printer(("kubectl|oc", "get", "secret|secrets|secret/*|secrets/*"), "named",
            marks=(".data", "base64decode", "stringdata"),
            field=("-o", "--output", "--template")),
    Printer(("kubectl", "create", "token")),
    Printer(("oc", "whoami"), "flag", ("-t", "--show-token")),
    Printer(("kubectl", "view-secret")),
    Printer(("kubectl-view_secret",)),
    Printer(("kubectl|oc", "config", "view"), "named", field=("-o", "--output")),
    Printer(("vault", "kv", "get"), "flag", ("-field",)),
    Printer(("vault", "read|write"), "named", field=("-field",)),
    Printer(("vault", "token", "create"), "flag", ("-field",)),
    Printer(("vault", "print", "token")),
    Printer(("icinga2", "pki", "ticket")),  # the CSR auto-signing ticket of an agent (round 9)
    Printer(("consul", "kv", "get"), "named"),
    Printer(("etcdctl", "get"), "named"),
    Printer(("aws", "secretsmanager", "get-secret-value"), "flag", ("--query",)),
    Printer(("aws", "ssm", "get-parameter|get-parameters"), "flag", ("--with-decryption",)),
    Printer(("aws", "ecr|ecr-public", "get-login-password")),
    Printer(("aws", "codeartifact", "get-authorization-token")),
    Printer(("aws", "iam", "create-access-key"), "named", field=("--query",)),
    Printer(("aws", "configure", "get"), "named"),
    Printer(("aws", "sts"), "named", field=("--query",)),
    Printer(("gcloud", "secrets", "versions", "access")),
    Printer(("gcloud", "auth", "print-access-token|print-identity-token")),
    Printer(("az", "keyvault", "secret", "show"), json="value"),
    Printer(("az", "account", "get-access-token"), "flag", ("--query",)),
    Printer(("az", "storage", "account", "keys", "list"), "flag", ("--query",)),
    Printer(("az", "ad", "sp|app", "credential", "reset"), "flag", ("--query",)),
    Printer(("get-secret|get-azkeyvaultsecret|convertfrom-securestring",), "flag", ("-asplaintext",)),
    Printer(("[environment]::getenvironmentvariable(*|[system.environment]::getenvironmentvariable(*",), "named"),
    Printer(("op", "read")),
    Printer(("op", "item", "get"), "named", field=("--fields", "--field")),
    Printer(("pass",), unless=_STORE_ADMIN),
    Printer(("gopass",), unless=_STORE_ADMIN),
    Printer(("security", "find-generic-password|find-internet-password"), "flag", ("-w",)),
    Printer(("bw|rbw", "get")),
    Printer(("lpass", "show"), "flag", ("--password",)),
    Printer(("keepassxc-cli", "show"), "flag", ("-s", "--show-protected")),
    Printer(("secret-tool", "lookup")),
    Printer(("gh", "auth", "token")),
    Printer(("glab", "auth", "token")),
    Printer(("heroku", "auth:token")),
    Printer(("heroku", "config:get"), "named"),
    Printer(("doppler", "secrets", "get")),
    Printer(("fly|flyctl", "auth", "token")),
    Printer(("argocd", "admin", "initial-password")),
    Printer(("step", "ca", "token")),
    Printer(("terraform|terragrunt|tofu", "output"), "named"),
    Printer(("pulumi", "stack", "output"), "flag", ("--show-secrets",)),
    Printer(("pulumi", "config", "get"), "named"),
    Printer(("sops",), "flag", ("--extract",)),
    Printer(("ansible-vault", "view|decrypt"), strong=True),
    Printer(("openssl", "rand")),
    Printer(("gpg|gpg2|age",), "flag", ("-d", "--decrypt"), strong=True),
    Printer(("wg", "genkey|genpsk")),
    Printer(("wg", "show"), "named"),
    Printer(("openssl", "enc|base64"), "flag", ("-d",), strong=True),
    Printer(("pwgen",)),
    Printer(("apg",)),
    Printer(("makepasswd",)),
    Printer(("rails|rake", "secret")),
    Printer(("mix", "phx.gen.secret")),
    Printer(("php", "artisan", "key:generate"), "flag", ("--show",)),
    Printer(("printenv",), "named"),
    Printer(("echo|write-output|write-host|print|printf",), "named"),
    Printer(("$env:*",), "named"),
    Printer(("cat|type|get-content|gc|more|less|head|tail|bat",), "named", strong=True),
    Printer(("jq|yq",), "named"),
    Printer(("base64|gbase64",), "flag", ("-d", "--decode", "-D"), strong=True),
    Printer(("config", "get"), "named"),  # redis-cli: CONFIG GET requirepass
    Printer(("get|hget|redis-cli",), "named"),
    Printer(("nmcli",), "flag", ("-s", "--show-secrets")),
    Printer(("netsh", "wlan", "show", "profile|profiles"), "flag", ("key=clear",), labels=True),
    # appliances and self-hosted services (round 7): router NVRAM and UCI reads, keys minted by a command
    Printer(("nvram", "get"), "named"),  # DD-WRT/Asus: nvram get wl0_wpa_psk
    Printer(("uci", "get"), "named", marks=(".key", "_key", ".sae_password", "_secret")),  # uci get wireless.x.key
    Printer(("headscale", "preauthkeys|apikeys", "create")),
    Printer(("cloudflared", "tunnel", "token")),
)

#: Substrings of a command line (lower-case) that make it print a secret, whatever the command.
MARKS = ("secrets.token_", "token_hex(", "token_urlsafe(", "token_bytes(", "get_random_secret_key(",
         "/dev/urandom", "/dev/random", "randombytes(", "os.urandom(", "generate_key()", "settings.secret_key",
         "random_bytes(", "securerandom.")

#: The labels of the Wi-Fi key line of ``netsh wlan show profile key=clear`` (lower-case, per display language).
WLAN_KEY_LABELS = frozenset((
    "key content", "schlüsselinhalt", "contenu de la clé", "contenido de la clave", "contenuto chiave",
    "conteúdo da chave", "sleutelinhoud", "zawartość klucza", "содержимое ключа", "nyckelinnehåll",
    "nøgleindhold", "nøkkelinnhold", "avaimen sisältö", "obsah klíče", "kulcstartalom", "anahtar içeriği",
    "conținut cheie", "관련 콘텐츠", "主要なコンテンツ", "关键内容", "關鍵內容", "περιεχόμενο κλειδιού",
))

#: Command words that are everyday words too (or letter runs of other words): a text holding only these
#: runs the grammar when one follows a prompt or a wrapper (``$ echo``, ``sudo cat``, ``| jq``), see weak_after.
WEAK_WORDS = frozenset("pass type more less head tail print printf echo cat get hget config step mix env gc bat tr "
                       "security op oc gh bw rbw wg age apg gpg gpg2 python python3 py node ruby php perl dd "
                       "write output host".split())
#: First words of the table (their letter runs) and the REPL words: the runs that gate the grammar.
CUES = frozenset(r for p in PRINTERS for w in p.words[0].split("|") for r in re.findall(r"[a-z]+", w)) | {
    "python", "node", "ruby", "php", "perl", "dd", "wlan", "ssid", "netsh"} | WEAK_WORDS
STRONG_CUES = CUES - WEAK_WORDS
#: REPL words (os.environ[...], process.env.X, SecureRandom.hex): they count after a REPL prompt only.
REPL_CUES = frozenset("secrets urandom random randombytes securerandom settings environ getenv env crypto "
                      "credentials".split())
#: Each everyday command word as a literal-led scan: ``WORD`` then ``.exe``, a blank or a newline.
_WEAK_SCANS = tuple((re.match(r"[a-z]+", w).group(), re.compile(re.escape(w) + r"(?:\.exe)?[ \t\n]"))
                    for w in sorted(WEAK_WORDS - {"security"}))
#: PowerShell's printers, each behind the letter run it holds.
_PS_SCANS = (("write", re.compile(r"write-(?:output|host)")), ("env", re.compile(r"\$env:")))
_SECURITY_FIND = re.compile(r"security[ \t]{1,4}find-")
_PROMPT_CHARS = frozenset("$#>%|;(`")


def _led(low: str, i: int) -> bool:
    """Whether 1 to 4 blanks, then a prompt character, ``sudo``, ``--``, ``]:`` or ``exec NAME`` end at ``i``."""
    k = i
    while k > 0 and low[k - 1] in " \t":
        k -= 1
    if not 1 <= i - k <= 4 or k == 0:
        return False
    if low[k - 1] in _PROMPT_CHARS or low[k - 2:k] in ("--", "]:") or low[k - 4:k] == "sudo":
        return True
    r = k  # exec NAME: NAME is the whole run of word characters, dots and dashes before the blanks
    while r > 0 and (low[r - 1].isalnum() or low[r - 1] in "_.-"):
        r -= 1
    if not 1 <= k - r <= 64:
        return False
    q = r
    while q > 0 and low[q - 1] in " \t":
        q -= 1
    return 1 <= r - q <= 4 and low[q - 4:q] == "exec"


def weak_after(low: str, runs: frozenset[str] | set[str] | None) -> bool:
    """Whether an everyday command word (WEAK_WORDS) follows a prompt or a wrapper (``$ echo``, ``sudo cat``,
    ``| jq``, ``exec app env``), a PowerShell ``Write-Output``/``$env:``, or ``security find-`` occurs: each word
    that is a letter run of the text (``runs``; None: any) is found by its own literal scan and only its
    occurrences are looked behind, instead of one unanchored regex tried at every character."""
    for head, scan in _WEAK_SCANS:
        if runs is None or head in runs:
            for m in scan.finditer(low):
                if _led(low, m.start()):
                    return True
    for head, scan in _PS_SCANS:
        if runs is None or head in runs:
            for m in scan.finditer(low):
                if _led(low, m.start()):
                    return True
    # ``find-`` after a blank is a whole run; ``security`` need not be (``sudosecurity find-``)
    return (runs is None or "find" in runs) and "security" in low and _SECURITY_FIND.search(low) is not None
