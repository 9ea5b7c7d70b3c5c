"""Keyless secrets: random-looking tokens, hashes and encoded blobs with no key name beside them.

One candidate pass (a compiled regex over runs of token characters, 8..8192
long) feeds cheap C-level rejects (single-case words and identifiers,
digit-dominated runs) before any scoring. What is left is judged by shape:

- never a secret: digests after ``sha256:``/``h1:`` or led by ``sha512-``
  (lockfiles, go.sum, image digests, SRI), UUIDs (the ID stage), versions,
  emails, anything inside a URL (the URL stage covers it whole), paths made of
  words, base64 of images/fonts/certificates/public keys/plain text, names
  made of dictionary words and short hashes (``nginx-deployment-7fb96c846b``),
  pure hex under 64 characters (commit hashes, short SHAs, trace ids) unless a
  key word precedes it on the line, and anything inside a public PEM block;
- a secret: a WIF or BIP32 private key (base58check verified), a base64 blob
  that decodes to a private key, ``user:password`` or text holding a secret,
  a random-looking token (few dictionary letters, enough random material,
  interleaved digits or case changes, an entropy floor), and a human-made
  password (upper, lower, digit and a symbol such as ``Spring2021$XQp``).

Structural forms (password hashes, PuTTY private lines, seed phrases, quoted
salt noise, concatenated literals) are in :mod:`secret_forms`; decoders in
:mod:`secret_decode`. Secrets never depend on mode or profile.

Imports: redaction.spans, redaction.validators, redaction.wordlists, redaction.secret_decode,
redaction.secret_forms.
"""

from __future__ import annotations

import math
import re
import string
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence

from redacted_context_mcp.redaction.secret_decode import (
    HARMLESS,
    MAX_DEPTH,
    SECRET,
    blob_verdict,
    escaped_hits,
    reset_budget,
)
from redacted_context_mcp.redaction.secret_formats_r15 import ulid
from redacted_context_mcp.redaction.secret_forms import (
    find_concatenated,
    find_forms,
    find_noise,
    find_seed_phrases,
    wallet_key,
)
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.validators import base58check_ok, bech32_ok, iban_ok
from redacted_context_mcp.redaction.wordlists import Lexicon

_PLAIN = string.ascii_letters + string.digits + "+/_-."
_STRONG_TEXT = "!@#$%^&*~"  # not "?": every non-ASCII character becomes "?" in the shape copy
_TOKEN_CHARS = frozenset(_PLAIN + _STRONG_TEXT + "=")
#: ``x`` for plain token characters, ``!`` for strong symbols, a space for everything else.
_SHAPE_TABLE = bytes(0x78 if chr(i) in _PLAIN else 0x21 if chr(i) in _STRONG_TEXT else 0x20 for i in range(256))
_X16 = b"x" * 16

#: Character classes: lower-case letter ``a``, upper-case ``A``, digit ``0``, anything else ``.``.
_CLS = {i: "." for i in range(128)}
_CLS.update({ord(c): "a" for c in string.ascii_lowercase})
_CLS.update({ord(c): "A" for c in string.ascii_uppercase})
_CLS.update({ord(c): "0" for c in string.digits})
_CLS_TABLE = str.maketrans(_CLS)

_LEAD = ".*~^-!&"
_TRAIL = ".*~^&-"
_STRONG = frozenset(_STRONG_TEXT)

_PLACEHOLDER_WORD = re.compile(r"[A-Z]{2,16}_[0-9a-f]{32}(?:\.[0-9a-f]{8})?")
_PCT_SYMBOL = re.compile(r"%(?![0-9A-Fa-f]{2})")
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_DIGIT_LETTER = re.compile(r"(?=[aA]0|0[aA])")
_CASE_UP = re.compile(r"(?=aA)")
_SEPS = re.compile(r"[-_./+~]")
_HEX = re.compile(r"[0-9a-fA-F]{16,8192}")
_SHORT_HEX = re.compile(r"[0-9a-fA-F]{1,16}")  # a build id, a container id, a short SHA
_HEXISH = re.compile(r"[0-9a-fA-F]{1,64}(?:[-:.][0-9a-fA-F]{1,64}){1,32}")  # traceparent, MACs, fingerprints
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
#: public keys that look random but are meant to be shared: age recipients, nostr npubs, Syncthing device ids
#: (eight dash-separated groups of seven base32 characters, a certificate's hash)
_PUBLIC_KEY = re.compile(r"(?:age1|npub1)[02-9ac-hj-np-z]{58}|[A-Z2-7]{7}(?:-[A-Z2-7]{7}){7}")
_VERSION = re.compile(r"[vV]?\d{1,8}(?:\.\d{1,8}){1,5}(?:[-+.][0-9A-Za-z]{1,40}){0,8}")
_EMAIL = re.compile(r"@[A-Za-z0-9\-]{1,63}\.[A-Za-z]")
#: hex written as a number or an id, not a secret: ``0x1f..`` literals and key ids, git ``abc123..def456``
#: ranges, Gerrit ``Change-Id: I<40 hex>``
_HEX_FORMS = re.compile(r"0[xX][0-9a-fA-F]{1,40}|[0-9a-f]{4,40}\.{2,3}[0-9a-f]{4,40}|I[0-9a-f]{40}")
_DIGEST_LED = re.compile(r"(?:sha(?:1|224|256|384|512)|md5|blake2[bs]?|sha3-\d{3})-")
_DIGEST_BEFORE = re.compile(r"(?:sha(?:1|224|256|384|512)|md5|h1|zh|blake2[bs]?|sha3-\d{3}|xxh\d{2,3}|crc32c?)[:=]\Z"
                            r"|nonce=[\"']?\Z")  # round 12: a CSP nonce (sent in the page, not a secret)
#: Round 12: OpenSSH's hashed known_hosts name, |1|salt|hash (base64 of 20 bytes each; a table view reads | as a break)
_KNOWN_HOST_BEFORE = re.compile(r"[|\n]1[|\n](?:[a-z0-9+/]{27}=[|\n])?\Z")
#: Round 13: a value named a public key (WireGuard ``PublicKey = <base64>``, ``public_key: …``, ``pubkey=…``):
#: meant to be shared, however random it looks (its private twin is named and redacted as a secret)
#: A file-naming key before a URL-encoded path (WinSCP.ini ``PublicKeyFile=C:%5CUsers%5Cjd%5Cid.ppk``; round 14).
_FILE_KEY_BEFORE = re.compile(r"(?:file|path|dir|folder|directory)[\"']?[ \t]{0,2}[=:][ \t]{0,2}[\"']?(?:[a-z]:)?\Z")
_PUBKEY_BEFORE = re.compile(r"(?:publickey|public_key|public-key|pubkey)[\"']?[ \t]{0,4}[:=][ \t]{0,4}[\"']?\Z")
_MEDIA_URI = re.compile(r"data:(?:image|font|audio|video)/|data:application/(?:x-)?font")
_FILE_EXT = re.compile(r"[A-Za-z0-9_\-]\.[A-Za-z][A-Za-z0-9]{0,7}\Z")
_HEX_CUE = re.compile(r"key|secret|token|passw|pwd|api|auth|credential|salt|signature|private")
_HASH_CUE = re.compile(r"commit|merge|cherry|revert|rebase|sha|hash|digest|checksum|md5|etag|tree|parent|blob"
                       r"|object|head|\bid\b|_id|uuid|trace|span|request|build|version|\brev")

#: cipher suites and IKE/ESP/SSH proposals are algorithm names joined by dashes (``aes256gcm16-prfsha384-ecp384``,
#: ``ECDHE-RSA-AES256-GCM-SHA384``, ``chacha20-poly1305``): each part is algorithm atoms and digits
_SUITE_SEP = re.compile(r"[-_+:]")
_SUITE_PART = re.compile(
    r"(?:(?:aes|gcm|ccm|cbc|ctr|ecb|cfb|ofb|xts|sha|md|prf|hmac|aead|modp|ecp|curve|ed|x|chacha|poly|camellia"
    r"|aria|3des|des|blowfish|cast|twofish|serpent|rc|arcfour|ecdhe|ecdh|ecdsa|dhe|dh|rsa|dss|psk|srp|tls|ssl"
    r"|with|null|anon|kx|umac|etm|cmac|xcbc|group|nistp|sntrup|mlkem|kyber|blake|ripemd|gost|esn|noesn|diffie"
    r"|hellman|pfs|ike|esp|keccak|shake|pbkdf)\d{0,5}){1,4}|\d{1,5}")


def _cipher_suite(lt: str) -> bool:
    """A lower-cased run made of algorithm names only, in two parts or more (a proposal, not a key)."""
    parts = _SUITE_SEP.split(lt.rstrip("!"))
    return 2 <= len(parts) <= 12 and all(_SUITE_PART.fullmatch(p) for p in parts)


_LEX = Lexicon()
_NLOGN = [0.0] + [k * math.log2(k) for k in range(1, 8193)]


def _entropy(t: str) -> float:
    """Shannon entropy in bits per character (the counts' ``k log k`` come from a table)."""
    n = len(t)
    return math.log2(n) - sum(map(_NLOGN.__getitem__, Counter(t).values())) / n


def _generic(word: str) -> bool:
    return len(word) >= 3 and _LEX.is_generic(word)


def _explained_letters(t: str) -> int:
    return sum(len(w) for w in _WORD.findall(t) if len(w) >= 3 and _LEX.is_generic(w))


def _path_like(t: str) -> bool:
    if t.startswith(("./", "../", "~/")):
        return True
    segs = [x for x in t.split("/") if x]
    return len(segs) >= 2 and any(_generic(x.lower()) or _FILE_EXT.search(x) for x in segs)


def _word_led(seg: str) -> bool:
    """A part that starts with a dictionary word of six letters or more (``UNIVERSALK9``)."""
    k = 0
    while k < len(seg) and seg[k].isalpha():
        k += 1
    low = seg[:k].lower()
    return k >= 6 and any(_generic(low[:j]) for j in range(k, 5, -1))


def _password_like(t: str, nd: int, nl: int, nu: int) -> bool:
    """A human-made password: upper, lower, digit and a strong symbol, not a reference or user@host."""
    if not (nd and nl and nu) or len(t) > 64 or "/" in t or t[0] in "$@#%":
        return False
    syms = set(_STRONG.intersection(t))
    if "%" in syms and not _PCT_SYMBOL.search(t):
        syms.discard("%")  # only URL escapes such as %2F
    if not syms:
        return False
    if syms == {"@"}:
        user, _, host = t.partition("@")
        if "." in host or "-" in host or (len(user) >= 2 and user.islower()):
            return False
    return True


def _random(t: str, c: str, nd: int, nl: int, nu: int) -> bool:
    """Few dictionary letters, enough random material, interleaving and an entropy floor."""
    n = len(t)
    letters = nl + nu
    explained = _explained_letters(t)
    if explained * 2 >= letters or letters - explained + nd < 12:
        return False
    if nd >= 2:
        if len(_DIGIT_LETTER.findall(c)) < 2:
            return False
    elif n < 20 or len(_CASE_UP.findall(c)) < 3:
        return False
    if n - nd - letters:
        segs = [x for x in _SEPS.split(t) if x]
        if len(segs) >= 2:
            if not (nl and nu) and max(map(len, segs)) < 32 and any(_word_led(x) for x in segs):
                return False  # one-case part names: C2960X-UNIVERSALK9-M, a firmware image, not a key
                # (a vendor word before a 32+ character body is a key's prefix: rootly_<64 hex>, round 12)
            odd = [x for x in segs if not _generic(x.lower())]
            unexplained = [len(x) for x in odd]
            if odd and all(_SHORT_HEX.fullmatch(x) for x in odd):
                return False  # words and a short hash (build-a5fa9ff0f082): no more a secret than the bare hex
            if max(unexplained, default=0) < 12 and (
                len(unexplained) < len(segs) or (len(segs) >= 3 and segs[0].isalpha() and segs[0].islower())
            ):
                return False
    return _entropy(t) >= (3.0 if n < 24 else 3.4 if n < 40 else 3.7)


def _hex_verdict(low: str, s: int, n: int) -> str:
    """Pure hex under 64 characters: only after a key word on its line, never in git/hash contexts."""
    if n < 32 or n >= 64:
        return ""
    line = low.rfind("\n", max(0, s - 80), s) + 1
    before = low[max(line, s - 60):s]
    if _HEX_CUE.search(before) and not _HASH_CUE.search(before):
        return "hex-after-cue"
    return ""


def _inside_url(text: str, s: int) -> bool:
    seg = text[max(0, s - 2048):s]
    k = max(seg.rfind(" "), seg.rfind("\n"), seg.rfind("\t"), seg.rfind('"'), seg.rfind("'"), seg.rfind("<"))
    return "://" in seg[k + 1:]


_WALLET_CUES = ("btc", "wallet", "coin", "crypto")


def _personal_id(t: str, low: str) -> bool:
    """A checksum-valid IBAN or wallet address, which a later identifier stage claims."""
    if 15 <= len(t) <= 34 and t[:2].isalpha() and t[:2].isupper() and t[2:4].isdigit():
        return iban_ok(t)
    if t[:3].lower() in ("bc1", "tb1") or t[:4].lower() == "ltc1":
        return bech32_ok(t)
    return t[0] in "13" and 26 <= len(t) <= 35 and base58check_ok(t) and any(w in low for w in _WALLET_CUES)


#: A query-string value of plain characters (``5433``, ``ACME-001``); a %-escaped one may encode anything.
_PLAIN_PARAM = re.compile(r"[\w.-]{1,64}")


def _names_next(text: str, j: int) -> bool:
    """The candidate ending at ``j`` runs into a parameter name (``&Contraseña=``): word characters, then ``=``."""
    stop = min(len(text), j + 40)
    while j < stop and (text[j].isalnum() or text[j] == "_"):
        j += 1
    return text[j:j + 1] == "="


def _judge(text: str, low: str, t: str, c: str, s: int, nd: int, nl: int, nu: int) -> str:
    """The rule id when candidate ``t`` (at ``s``) is a secret by shape, else ''."""
    n = len(t)
    if t[0] == "$" or t.startswith(("//", "@p_")) or ("@" in t and _EMAIL.search(t)):
        return ""
    if "A-Z" in t or "a-z" in t or "0-9" in t or _PLACEHOLDER_WORD.fullmatch(t):
        return ""  # a regex character class, or a placeholder written without its brackets
    lt = low[s:s + n]
    if _DIGEST_LED.match(lt) or _DIGEST_BEFORE.search(low, max(0, s - 12), s):
        return ""
    if n == 28 and t[-1] == "=" and _KNOWN_HOST_BEFORE.search(low, max(0, s - 32), s):
        return ""
    if "key" in low[max(0, s - 24):s] and _PUBKEY_BEFORE.search(low, max(0, s - 24), s):
        return ""
    if n == 26 and ulid(t):
        return ""  # a ULID: a request, event or trace id (round 15)
    if n == 36 and _UUID.fullmatch(t) or _VERSION.fullmatch(t) or _PUBLIC_KEY.fullmatch(t) or _HEX_FORMS.fullmatch(t):
        return ""
    if n in (51, 52, 111):
        wallet = wallet_key(t)
        if wallet:
            return wallet
    if "&" in t and _names_next(text, s + n) and t.rsplit("&", 1)[1].isidentifier() and _PLAIN_PARAM.fullmatch(
            t, 0, t.rindex("&")):
        return ""  # ``?port=5433&DataDir=``: a plain query value, ``&`` and the next name (round 12)
    if n < 16:
        return "human-password" if _password_like(t, nd, nl, nu) else ""
    if _HEX.fullmatch(t):
        return _hex_verdict(low, s, n)
    if _HEXISH.fullmatch(t):
        return ""
    if n <= 96 and _cipher_suite(lt):
        return ""
    if "/" in t and _path_like(t):
        return ""
    if ("%5c" in lt or "%2f" in lt) and _FILE_KEY_BEFORE.search(low, max(0, s - 40), s):
        return ""  # a URL-encoded path under a key naming a file (WinSCP.ini PublicKeyFile=C:%5CUsers%5C...)
    dot = t.rfind(".")
    if dot > 0 and t[dot + 1:].isalpha() and _generic(t[dot + 1:].lower()):
        return ""  # a file name: ``numpy-1.26.4-cp311-...-x86_64.whl``
    verdict = HARMLESS if _MEDIA_URI.search(low, max(0, s - 80), s) else blob_verdict(t)
    if verdict == SECRET:
        return "base64-secret"
    if verdict == HARMLESS:
        return ""
    if _personal_id(t, low):
        return ""  # an IBAN or a wallet address: the identifier stages give it its own category
    if _random(t, c, nd, nl, nu):
        return "random-token"
    return "human-password" if _password_like(t, nd, nl, nu) else ""


def _armoured_blocks(text: str) -> list[tuple[int, int]]:
    """Spans of PEM/PGP blocks: public ones (certificates, keys, signatures) stay, private ones are
    the PEM format rule's (it also covers a block whose END line is missing)."""
    out: list[tuple[int, int]] = []
    pos = text.find("-----BEGIN ")
    while pos >= 0 and len(out) < 1000:
        end = text.find("-----END", pos + 11)
        stop = len(text) if end < 0 else end
        out.append((pos, stop))
        pos = text.find("-----BEGIN ", stop)
    return out


def _candidates(text: str) -> list[tuple[int, int]]:
    """Runs of token characters holding 16 plain token characters in a row, or 8..64 long with a
    strong symbol. Found with ``str.find`` on a translated copy: no per-position regex work."""
    shape = text.encode("ascii", "replace").translate(_SHAPE_TABLE)  # one byte per character
    size = len(text)
    out: list[tuple[int, int]] = []
    pos = shape.find(_X16)
    while pos >= 0:
        start = shape.rfind(b" ", 0, pos) + 1
        end = shape.find(b" ", pos)
        end = size if end < 0 else end
        out.append((start, end))
        pos = shape.find(_X16, end)
    if b"!" in shape:
        long_runs = {s for s, _ in out}
        pos = shape.find(b"!")
        while pos >= 0:
            if (pos == 0 or shape[pos - 1] == 0x20) and (pos + 1 == size or shape[pos + 1] == 0x20):
                pos = shape.find(b"!", pos + 1)  # a lone symbol (a heading's #, a bullet's *)
                continue
            start = shape.rfind(b" ", 0, pos) + 1
            end = shape.find(b" ", pos)
            end = size if end < 0 else end
            if 8 <= end - start <= 64 and start not in long_runs:
                out.append((start, end))
            pos = shape.find(b"!", end)
    return out


def _shape_hits(text: str, low: str, taken: list[tuple[int, int]], joined: str | None = None,
                wordset: frozenset[str] | set[str] | None = None) -> list[Hit]:
    hits: list[Hit] = []
    cands = _candidates(text)
    if not cands:
        return hits
    # (``joined``: the letter-run view, a quarter of the text, holds ``begin`` wherever an armour is; in an
    # ASCII text ``-----BEGIN `` frames it as a whole letter run: one lookup in ``wordset``, its runs)
    armour = ("begin" in wordset if wordset is not None and low.isascii()
              else joined is None or "begin" in joined)
    blocks = _armoured_blocks(text) if armour and "-----BEGIN " in text else []
    block_starts = [b[0] for b in blocks]
    taken_starts = [t[0] for t in taken]
    size = len(text)
    for s, e in cands:
        if e - s > 8192:
            continue  # a run longer than the bound: not judged by shape
        if e < size and text[e] == "=":
            pad = e + 1 if e + 1 >= size or text[e + 1] != "=" else e + 2
            if pad >= size or text[pad] not in _TOKEN_CHARS:
                e = pad  # base64 padding, not ``key=value``
        if taken:  # inside what a rule found (a PEM body line, a provider token): never judged
            i = bisect_right(taken_starts, s) - 1
            if i >= 0 and taken[i][1] >= e:
                continue
        t = text[s:e]
        c = t.translate(_CLS_TABLE)
        if "0" not in c and ("a" not in c or "A" not in c):
            continue  # no digit and one case at most (e-mail addresses, host names): the test below, sooner
        nd, nl, nu = c.count("0"), c.count("a"), c.count("A")
        if nl + nu <= 2 or (not nd and (not nu or not nl)):
            continue
        if not (nu and nl) and "0" not in c.rstrip("0."):
            continue  # single-case words with a trailing number: ``incident_43``
        if t[0] in _LEAD or t[-1] in _TRAIL:
            stripped = t.lstrip(_LEAD)
            s += len(t) - len(stripped)
            t = stripped.rstrip(_TRAIL)
            if len(t) < 8:
                continue
            e = s + len(t)
            c = t.translate(_CLS_TABLE)
            nd, nl, nu = c.count("0"), c.count("a"), c.count("A")
        if blocks:
            i = bisect_right(block_starts, s) - 1
            if i >= 0 and blocks[i][1] > s:
                continue
        if taken:
            i = bisect_right(taken_starts, s) - 1
            if (i >= 0 and taken[i][1] > s) or (i + 1 < len(taken) and taken[i + 1][0] < e):
                continue
        rule = _judge(text, low, t, c, s, nd, nl, nu)
        if not rule or _inside_url(text, s):
            continue
        hits.append(Hit(s, e, "SECRET", rule))
    return hits


def find_keyless(text: str, low: str, prior: Sequence[Hit] = (), joined: str | None = None,
                 wordset: frozenset[str] | set[str] | None = None) -> list[Hit]:
    """Secret hits found by shape alone (``low`` is the length-preserving lower-cased text).

    ``prior`` holds what the format and context rules already found: tokens they cover are
    not judged again, and a context rule's finer span (``-U user%[SECRET]``) is not swallowed
    by a whole-token shape hit. ``joined`` and ``wordset`` are ``textview.letter_words(low)``'s ``joined``
    and ``set`` when the caller has them.
    """
    level = reset_budget()
    hits = find_forms(text, low, joined, wordset)
    hits += find_seed_phrases(text, low, joined)
    taken = sorted([(h[0], h[1]) for h in hits] + [(h[0], h[1]) for h in prior])
    hits += _shape_hits(text, low, taken, joined, wordset)
    hits += find_noise(text)
    if level < MAX_DEPTH:  # (every nested pass below returns to this depth)
        hits += find_concatenated(text)
        hits += escaped_hits(text, low, shallow=True)
    return hits
