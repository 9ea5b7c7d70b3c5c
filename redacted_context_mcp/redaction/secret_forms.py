"""Keyless secret forms known by their structure: password hashes, PuTTY private lines, wallet keys
and seed phrases, salt-like quoted noise, and tokens split by string concatenation.

``FORMS`` is the table (one row per form: a literal that must be in the
lower-cased text, one regex, the group holding the secret, the words every
match frames as whole letter runs). Scheme markers
such as ``$2b$12$`` stay visible so a reader still knows what the value was.

Imports: redaction.spans, redaction.validators, redaction.wordlists, redaction.secret_decode,
redaction.textview.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from redacted_context_mcp.redaction import validators
from redacted_context_mcp.redaction.secret_decode import inner_secrets
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import parts
from redacted_context_mcp.redaction.validators import entropy
from redacted_context_mcp.redaction.wordlists import BUILTIN_ALLOW

_C = r"[./A-Za-z0-9]"  # the crypt(3) alphabet
_B = r"[A-Za-z0-9+/]"
#: One listed recovery code (``a1b2c-3d4e5``, ``- 1234 5678``, ``3. 9f8e7d6c``): it holds a digit and ends its line.
_CODE_LINE = (r"(?:(?:[-*]|\d{1,2}[.)])[ \t]{1,4})?(?=[^\n]{0,24}\d)[A-Za-z0-9]{4,10}(?:[- ][A-Za-z0-9]{4,10})?"
              r"(?=[ \t]{0,4}(?:\r?\n|\Z))")


@dataclass(frozen=True)
class Form:
    """One structural keyless form."""

    id: str
    description: str
    char: str  # must occur in the text (one memchr, shared by the rows that name the same character)
    literals: tuple[str, ...]  # then one of these must occur in the lower-cased text
    regex: re.Pattern[str]
    #: a-z words every match frames with non-letters on both sides: in an ASCII text each is a whole
    #: letter run (one set lookup before the literal tests)
    whole: tuple[str, ...] = ()


#: Frequent English words that are not BIP39 words: prose after "seed phrase" is not a phrase.
_STOPWORDS = frozenset(
    "the and for are was were with that this have has had but from they them their would should could "
    "our its then than there been which what when where why how your does did".split()
)

#: A crypt hash may have each ``$`` doubled: the escape of Compose files, Makefiles and Traefik labels
#: (``admin:$$apr1$$H6uskkkW$$IgXL...``; round 14).
FORMS: tuple[Form, ...] = (
    Form("bcrypt-hash", "bcrypt password hashes ($2a$, $2b$, $2y$)", "$", ("$2",),
         re.compile(rf"\$\$?2[abxy]?\$\$?\d{{2}}\$\$?(?P<v>{_C}{{53}})(?!{_C})")),
    Form("md5-crypt-hash", "MD5-crypt and Apache $apr1$ password hashes", "$", ("$",),
         re.compile(rf"\$\$?(?:1|apr1)\$\$?(?P<v>{_C}{{1,8}}\$\$?{_C}{{22}})(?!{_C})")),
    Form("phpass-hash", "phpass portable hashes of WordPress, phpBB and Drupal 7 ($P$, $H$)", "$", ("$",),
         re.compile(rf"\$\$?[PH]\$\$?(?P<v>{_C}{{31}})(?!{_C})")),
    Form("sha-crypt-hash", "SHA-256/512 crypt password hashes ($5$, $6$, rounds=)", "$", ("$",),
         re.compile(rf"\$\$?[56]\$\$?(?:rounds=\d{{1,9}}\$\$?)?(?P<v>{_C}{{1,16}}\$\$?{_C}{{43,86}})(?!{_C})")),
    Form("yescrypt-hash", "yescrypt and scrypt crypt hashes ($y$, $gy$, $7$)", "$", ("$",),
         re.compile(rf"\$\$?(?:y|gy|7)\$\$?(?P<v>{_C}{{1,64}}\$\$?{_C}{{1,64}}(?:\$\$?{_C}{{16,128}})?)(?!{_C})")),
    Form("argon2-hash", "Argon2 PHC strings ($argon2id$, $argon2i$, $argon2d$)", "$", ("$argon2",),
         re.compile(rf"\$argon2(?:id|i|d)\$(?:v=\d{{1,3}}\$)?m=\d{{1,10}},t=\d{{1,5}},p=\d{{1,3}}"
                    rf"\$(?P<v>{_B}{{8,128}}\${_B}{{16,256}})")),
    Form("pbkdf2-hash", "PBKDF2 PHC/passlib strings ($pbkdf2-sha256$)", "$", ("$pbkdf2",),
         re.compile(r"\$pbkdf2(?:-sha(?:1|256|512))?\$\d{1,8}\$(?P<v>[./A-Za-z0-9+=]{4,128}\$[./A-Za-z0-9+=]{16,256})")),
    Form("scram-verifier",
         "SCRAM-SHA-256 verifiers of PostgreSQL, PgBouncer and MongoDB (iterations:salt$stored:server)",
         "$", ("scram-sha-",),
         re.compile(r"SCRAM-SHA-(?:1|256)\$\d{1,7}:(?P<v>[A-Za-z0-9+/=]{4,128}\$[A-Za-z0-9+/=]{16,256}"
                    r":[A-Za-z0-9+/=]{16,256})")),
    Form("scrypt-hash", "scrypt PHC strings ($scrypt$)", "$", ("$scrypt",),
         re.compile(r"\$scrypt\$(?:ln=\d{1,3},r=\d{1,3},p=\d{1,3}\$)?"
                    r"(?P<v>[./A-Za-z0-9+=]{4,128}\$[./A-Za-z0-9+=]{16,256})")),
    Form("django-hash", "Django password hashes (pbkdf2_sha256$, sha1$, md5$)", "$", ("$",),
         re.compile(r"(?<![\w$])(?:pbkdf2_sha(?:1|256)\$\d{1,8}|sha1|md5)"
                    r"\$(?P<v>[A-Za-z0-9+/=.]{1,128}\$[A-Za-z0-9+/=]{16,256})")),
    Form("ldap-hash", "LDAP userPassword hashes ({SSHA}, {SHA}, {CRYPT}, {PBKDF2})", "}", ("}",),
         re.compile(r"\{(?:SSHA|SSHA256|SSHA512|SHA|SHA256|SHA512|SMD5|MD5|CRYPT|ARGON2|PBKDF2(?:-SHA\d{1,3})?"
                    r"|(?:SHA256|SHA512|BLF|MD5)-CRYPT|ARGON2IDS?|PLAIN-MD5|CRAM-MD5|DIGEST-MD5)\}"
                    r"(?P<v>[A-Za-z0-9+/=.$,\-]{8,256})", re.I)),
    Form("plain-scheme-password", "Dovecot-style passwords stored in clear after a scheme ({PLAIN}, {CLEARTEXT})",
         "}", ("}",),
         re.compile(r"\{(?:PLAIN|CLEARTEXT|CLEAR|PLAINTEXT|PLAIN-TRUNC)\}(?P<v>[^\s:{}\"'<>]{1,256})", re.I)),
    Form("mysql-hash", "MySQL native password hashes (* and 40 hex)", "*", ("*",),
         re.compile(r"\*(?<![\w*]\*)(?P<v>[0-9A-F]{40})(?![0-9A-Za-z])")),
    Form("recovery-codes", "two-factor recovery and backup codes listed under their label", "\n",
         ("recovery codes", "backup codes"),
         re.compile(r"(?i:recovery|backup)[ \t](?i:codes)[^\n]{0,60}\n(?:[ \t]{0,8}\r?\n)?[ \t]{0,8}"
                    rf"(?P<v>{_CODE_LINE}(?:\r?\n[ \t]{{0,8}}{_CODE_LINE}){{0,31}})"), whole=("codes",)),
    Form("putty-private-lines", "PuTTY .ppk Private-Lines bodies", "-", ("private-lines",),
         re.compile(r"Private-Lines:[ \t]{0,4}\d{1,4}[ \t]{0,4}\r?\n"
                    r"(?P<v>[A-Za-z0-9+/=]{1,128}(?:\r?\n[A-Za-z0-9+/=]{1,128}){0,400})"), whole=("lines",)),
)


def _grouped(forms: tuple[Form, ...]) -> tuple[tuple[str, tuple[tuple[Form, tuple[tuple[str, tuple[str, ...]], ...]],
                                                              ...]], ...]:
    """``forms`` in table order, consecutive rows naming the same character grouped (one memchr each),
    each row with its literals and their a-z runs."""
    groups: list[tuple[str, list[Form]]] = []
    for f in forms:
        if groups and groups[-1][0] == f.char:
            groups[-1][1].append(f)
        else:
            groups.append((f.char, [f]))
    return tuple((c, tuple((f, tuple((lit, parts(lit)) for lit in f.literals)) for f in fs)) for c, fs in groups)


_GROUPS = _grouped(FORMS)


def find_forms(text: str, low: str, joined: str | None = None,
               wordset: frozenset[str] | set[str] | None = None) -> list[Hit]:
    """Hits of every structural form whose literal occurs in ``low`` (``joined``: the letter-run view of
    ``low`` when the caller has it; a literal's letter runs are looked up there first, a quarter of the text;
    ``wordset``: its runs, which answer a form's whole words in an ASCII text)."""
    hits: list[Hit] = []
    whole_runs = wordset if wordset is not None and low.isascii() else None
    for char, forms in _GROUPS:
        if char not in text:
            continue
        for form, literals in forms:
            if whole_runs is not None and form.whole and not whole_runs.issuperset(form.whole):
                continue
            for lit, runs in literals:
                if (joined is None or all(p in joined for p in runs)) and lit in low:
                    break
            else:
                continue
            for m in form.regex.finditer(text):
                s, e = m.span("v")
                hits.append(Hit(s, e, "SECRET", form.id))
    return hits


# --- wallet seed phrases ----------------------------------------------------------------------
# The BIP39 list is not reproduced here (it cannot be checked offline); a phrase is 12, 15, 18,
# 21 or 24 lower-case words of 3-8 letters right after a "mnemonic" or "seed/recovery/backup/secret/
# wallet phrase" label,
# with no frequent English word that BIP39 lacks (so prose after the label is not a phrase).

_SEED = re.compile(
    r"(?:mnemonic(?:[ \t]{1,3}(?:phrase|words))?|(?:seed|recovery|backup|secret|wallet)[ \t]{1,3}phrase"
    r"|seed(?:[ \t]{1,3}words)?)"
    r"[ \t]{0,3}(?:is|was|=|:|-)?[ \t]{0,3}(?:\r?\n[ \t]{0,8})?[\"'`]?"
    r"(?P<v>[a-z]{3,8}(?:(?:[ \t]{1,3}|[ \t]{0,3}\r?\n[ \t]{0,8})[a-z]{3,8}){11,23})(?![a-z])"
)
_SEED_NEEDLES = ("phrase", "mnemonic", "seed")  # every label holds one
_SEED_LENGTHS = (24, 21, 18, 15, 12)
_WORD_RUN = re.compile(r"[a-z]{3,8}")


def _phrase_length(low: str, words: list[re.Match[str]]) -> int:
    """The largest valid word count, preferring one that ends where a line ends."""
    ends = [i + 1 for i, w in enumerate(words) if i + 1 == len(words) or "\n" in low[w.end():words[i + 1].start()]]
    if ends[0] in _SEED_LENGTHS:
        return ends[0]  # the phrase fills its own line: the next line is something else
    at_line_end = [k for k in ends if k in _SEED_LENGTHS]
    if at_line_end:
        return max(at_line_end)
    return max((k for k in _SEED_LENGTHS if k <= len(words)), default=0)


def find_seed_phrases(text: str, low: str, joined: str | None = None) -> list[Hit]:
    """Seed phrases after their label, searched only in windows around the label words (``joined``:
    ``textview.letter_words(low).joined`` when the caller has it; the a-z needles are looked up there first)."""
    hits: list[Hit] = []
    seen: set[int] = set()
    for needle in _SEED_NEEDLES:
        if joined is not None and needle not in joined:
            continue
        pos = low.find(needle)
        while pos >= 0 and len(seen) < 64:
            start = max(0, pos - 12)
            m = _SEED.search(low, start, min(len(low), pos + 400))
            if m and m.start("v") not in seen:
                seen.add(m.start("v"))
                words = list(_WORD_RUN.finditer(low, m.start("v"), m.end("v")))
                names = [w.group() for w in words]
                n = _phrase_length(low, words)
                if n and not (set(names[:n]) & _STOPWORDS) and len(set(names[:n])) >= n * 0.75:
                    hits.append(Hit(words[0].start(), words[n - 1].end(), "SECRET", "seed-phrase"))
            pos = low.find(needle, pos + len(needle))
    return hits


# --- base58check wallet keys -------------------------------------------------------------------

def base58check_ok(token: str) -> bool:
    """True when ``token`` is base58 with a valid double-SHA-256 checksum, of any length."""
    return validators.base58check_ok(token, None)


def wallet_key(token: str) -> str:
    """The rule id when ``token`` is a WIF private key or a BIP32 extended private key, else ''."""
    n = len(token)
    if n in (51, 52) and token[0] in "5KL9c" and base58check_ok(token):
        return "wif-private-key"
    if n == 111 and token[1:4] == "prv" and token[0] in "xtyzuv" and base58check_ok(token):
        return "bip32-private-key"
    return ""


# --- salt-like quoted noise (WordPress keys and salts, Django SECRET_KEY) ----------------------

_QUOTED = (re.compile(r"'([^'\\\n]{32,128})'"), re.compile(r'"([^"\\\n]{32,128})"'))
_LETTER_RUN = re.compile(r"[A-Za-z]{4,128}")
_PUNCT = frozenset("!#$%&()*+,-./:;<=>?@[]^_`{|}~")
_CODE_MARK = re.compile(r"\(\?[:P=!<]|\[(?:a-z|A-Z|0-9)|[a-z]{5}\(|\{[A-Za-z_]{3,16}[.(}]")  # regexes and templates
_NOT_BASE64 = "!#$%&()*,:;<>?@[]^`{|}~"  # noise, unlike base64 and digests, holds these
_DROP_PUNCT = str.maketrans("", "", "".join(_PUNCT))
_DROP_NOT_BASE64 = str.maketrans("", "", _NOT_BASE64)


def _noise(value: str) -> bool:
    # every test must pass: the C-level counts first, they reject most quoted strings
    n = len(value)
    if value.count(" ") > 2 or n - len(value.translate(_DROP_PUNCT)) < 8:
        return False
    if n - len(value.translate(_DROP_NOT_BASE64)) < 4 or _CODE_MARK.search(value):
        return False
    if any(w.lower() in BUILTIN_ALLOW for w in _LETTER_RUN.findall(value)):
        return False
    if not (any(c.isupper() for c in value) and any(c.islower() for c in value)):
        return False
    return entropy(value) >= 4.6


def find_noise(text: str) -> list[Hit]:
    """Quoted strings of 32-128 characters of symbol-dense noise."""
    hits: list[Hit] = []
    for quote, pattern in zip("'\"", _QUOTED):
        if quote in text:
            for m in pattern.finditer(text):
                if _noise(m.group(1)):
                    s, e = m.span(1)
                    hits.append(Hit(s, e, "SECRET", "quoted-noise"))
    return hits


# --- tokens split by string concatenation ------------------------------------------------------

#: ``+`` (JS, Java, Python, C#) or `` . `` (PHP) before a literal; each regex is led by its operator.
_CONCAT_OPS = (re.compile(r"\+[ \t]{0,4}(?:\r?\n[ \t]{0,40})?['\"]"), re.compile(r"\.[ \t]{1,4}['\"]"))
_PIECE = r"(?:'[^'\\\n]{1,200}'|\"[^\"\\\n]{1,200}\")"
_CHAIN = re.compile(rf"{_PIECE}(?:[ \t]{{0,4}}[+.][ \t]{{0,4}}(?:\r?\n[ \t]{{0,40}})?{_PIECE}){{1,12}}")
_LITERAL = re.compile(r"'(?P<a>[^'\\\n]{1,200})'|\"(?P<b>[^\"\\\n]{1,200})\"")


def _concat_windows(text: str) -> list[tuple[int, int]]:
    """Line windows (a line and the three after it) around each operator between two literals."""
    wins: list[tuple[int, int]] = []
    for lead, op in zip("+.", _CONCAT_OPS):
        if lead not in text:
            continue  # a memchr before the scan: the operator leads every match
        for m in op.finditer(text):
            pos = m.start()
            if text[max(0, pos - 6):pos].rstrip(" \t")[-1:] not in ("'", '"'):
                continue
            if wins and pos < wins[-1][1]:
                continue
            start = text.rfind("\n", 0, pos) + 1
            end = pos
            for _ in range(4):
                nxt = text.find("\n", end + 1)
                end = len(text) if nxt < 0 else nxt
            wins.append((start, end))
            if len(wins) >= 256:
                break
    wins.sort()
    merged: list[tuple[int, int]] = []
    for s, e in wins:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


def find_concatenated(text: str) -> list[Hit]:
    """Secrets that only appear once adjacent string literals joined by ``+`` or ``.`` are glued."""
    hits: list[Hit] = []
    if "'" not in text and '"' not in text:
        return hits  # every piece is a quoted literal
    for ws, we in _concat_windows(text):
        for chain in _CHAIN.finditer(text, ws, we):
            hits.extend(_chain_hits(text, chain))
    return hits


def _chain_hits(text: str, chain: re.Match[str]) -> list[Hit]:
    pieces: list[tuple[int, int, int]] = []  # (offset in joined, start in text, length)
    joined: list[str] = []
    off = 0
    for lit in _LITERAL.finditer(text, chain.start(), chain.end()):
        g = "a" if lit.group("a") is not None else "b"
        s, e = lit.span(g)
        pieces.append((off, s, e - s))
        joined.append(text[s:e])
        off += e - s
    glued = "".join(joined)
    hits: list[Hit] = []
    if " " in glued.strip():
        return hits
    for h in inner_secrets(glued):
        covered = [(ts + max(0, h[0] - po), ts + min(n, h[1] - po))
                   for po, ts, n in pieces if po < h[1] and h[0] < po + n]
        if len(covered) >= 2:
            hits.extend(Hit(s, e, "SECRET", "concatenated-token") for s, e in covered if e > s)
    return hits
