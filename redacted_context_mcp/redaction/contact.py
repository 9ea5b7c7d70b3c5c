"""Contact and network stages: URLs, emails, IP addresses, phones, domains, handles.

Regexes are anchored on a literal where possible (``://``, ``@``, ``.tld``)
and extended backwards over a bounded window with a reversed match, so each
candidate costs at most a few hundred steps and prose without the anchor
costs one fast scan.

Imports: redaction.identifiers, redaction.lines, redaction.spans, redaction.terms, redaction.textview,
redaction.wordlists.
"""

from __future__ import annotations

import ipaddress
import re

from redacted_context_mcp.redaction.identifiers import digit_shape
from redacted_context_mcp.redaction.lines import blank_before
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.terms import ascii_classes, trie_pattern
from redacted_context_mcp.redaction.textview import Words, letter_words
from redacted_context_mcp.redaction.wordlists import Lexicon

# --- URLs -----------------------------------------------------------------------------------------

_URL_TAIL = re.compile(r"://[^\s<>\"'`\\\x00-\x1f]{1,2048}")
_SCHEME_REV = re.compile(r"[A-Za-z0-9+.\-]{0,30}[A-Za-z]")
_WWW = re.compile(r"www\.[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){1,8}(?:[/?#][^\s<>\"'`\\]{0,2048})?")
_PAIRS = {")": "(", "]": "[", "}": "{", ">": "<"}


def _trim_url_end(text: str, s: int, e: int) -> int:
    while e > s:
        ch = text[e - 1]
        if ch in ".,;:!?'\"*":
            e -= 1
        elif ch in _PAIRS:
            seg = text[s:e]
            if seg.count(_PAIRS[ch]) < seg.count(ch):
                e -= 1
            else:
                break
        else:
            break
    return e


def find_urls(text: str, low: str, words: Words | None = None, scheme: bool | None = None) -> list[Hit]:
    """URLs (``words``: ``textview.letter_words(low)`` when the caller has it; ``scheme``: whether
    ``"://"`` is in ``text``, when the caller knows)."""
    hits: list[Hit] = []
    # A one-character test (memchr) or the letter-run view first: each is implied by the test after it.
    if scheme if scheme is not None else "/" in text and "://" in text:
        for m in _URL_TAIL.finditer(text):
            s = m.start()
            chunk = text[max(0, s - 32):s][::-1]
            sm = _SCHEME_REV.match(chunk)
            if not sm:
                continue
            start = s - sm.end()
            end = _trim_url_end(text, start, m.end())
            if end - s > 3:
                hits.append(Hit(start, end, "URL", "url"))
    if (words is None or www_run(low, words)) and "www." in low:
        for m in _WWW.finditer(low):
            s = m.start()
            if s > 0 and (low[s - 1].isalnum() or low[s - 1] in "./@-_"):
                continue
            end = _trim_url_end(text, s, m.end())
            hits.append(Hit(s, end, "URL", "url-www"))
    return hits


def www_run(low: str, words: Words) -> bool:
    """False only when no ``www.`` URL can be found in ``low`` (``words``: its letter-run view): in ASCII
    text its ``www`` is a whole letter run (a non-alphanumeric character before it, a dot after), a set
    test; elsewhere a search of the runs."""
    return "www" in words.set if low.isascii() else "www" in words.joined


# --- emails ---------------------------------------------------------------------------------------

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"
_AT_DOMAIN = re.compile(rf"@{_LABEL}(?:\.{_LABEL}){{0,8}}\.[A-Za-z]{{2,24}}(?![A-Za-z0-9\-]|\.[A-Za-z0-9])")
_LOCAL_REV = re.compile(r"[A-Za-z0-9._%+\-]{1,64}")


_AT_ENCODED = re.compile(rf"%40{_LABEL}(?:\.{_LABEL}){{0,8}}\.[A-Za-z]{{2,24}}(?![A-Za-z0-9\-]|\.[A-Za-z0-9])",
                         re.IGNORECASE)
_LOCAL_ENC_REV = re.compile(r"[A-Za-z0-9._+\-]{1,64}")
_PCT = re.compile(r"%([0-9A-Fa-f]{2})")


def _encoded_emails(text: str) -> list[Hit]:
    """``a.b%40example.com`` in query strings; the value is the decoded address (same placeholder)."""
    hits: list[Hit] = []
    for m in _AT_ENCODED.finditer(text):
        at = m.start()
        lm = _LOCAL_ENC_REV.match(text[max(0, at - 64):at][::-1])
        if not lm:
            continue
        start = at - lm.end()
        while start < at and text[start] in ".-":
            start += 1
        if start < at:
            value = _PCT.sub(lambda p: chr(int(p.group(1), 16)), text[start:m.end()])
            hits.append(Hit(start, m.end(), "EMAIL", "email-url-encoded", value))
    return hits


def find_emails(text: str) -> list[Hit]:
    hits: list[Hit] = _encoded_emails(text) if "%" in text and "%40" in text else []
    if "@" not in text:
        return hits
    for m in _AT_DOMAIN.finditer(text):
        at = m.start()
        lm = _LOCAL_REV.match(text[max(0, at - 64):at][::-1])
        if not lm:
            continue
        start = at - lm.end()
        while start < at and text[start] in ".-":
            start += 1
        if start < at:
            hits.append(Hit(start, m.end(), "EMAIL", "email"))
    return hits


# --- UNC paths -----------------------------------------------------------------------------------

_UNC = re.compile(
    r"\\(?<![\w\\:]\\)(?:\\\\)?\\(?P<h>[A-Za-z0-9][A-Za-z0-9\-]{0,62}(?:\.[A-Za-z0-9\-]{1,63}){0,8})"
    r"(?=\\{1,2}[^\\\s\"'<>|]|[\s\"'<>|,;)]|$)"
)
_UNC_KEEP = frozenset({"localhost", "wsl$", "wsl.localhost", "tsclient", "?", "."})


def find_unc(text: str) -> list[Hit]:
    """The host of a UNC path (``\\\\fs01.corp.local\\share``, also JSON-escaped) as DOMAIN."""
    if "\\" not in text or "\\\\" not in text:  # the one-character test (memchr) first
        return []
    hits: list[Hit] = []
    for m in _UNC.finditer(text):
        host = m.group("h")
        if host.lower() in _UNC_KEEP or host.replace(".", "").isdigit():  # an IP is left to the IP stage
            continue
        hits.append(Hit(*m.span("h"), "DOMAIN", "unc-host"))
    return hits


# --- IP addresses ---------------------------------------------------------------------------------

_IPV4 = re.compile(r"\.(?<=[0-9]\.)[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}")
_V6_HINT = re.compile(r"::|:[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:")
_IPV6 = re.compile(r"[0-9A-Fa-f:](?<![0-9A-Za-z:.][0-9A-Fa-f:])[0-9A-Fa-f:.]{2,44}(?:%[A-Za-z0-9]{1,16})?")
_MASK_OCTETS = frozenset({"0", "128", "192", "224", "240", "248", "252", "254", "255"})


def _ipv4_ok(text: str, s: int, e: int) -> bool:
    if s > 0 and (text[s - 1].isalnum() or text[s - 1] in "._-"):
        return False
    if e < len(text) and (text[e].isalnum() or (text[e] == "." and e + 1 < len(text) and text[e + 1].isdigit())):
        return False
    parts = text[s:e].split(".")
    if any(len(p) > 1 and p[0] == "0" or int(p) > 255 for p in parts):
        return False
    value = text[s:e]
    mask = parts[0] == "255" and all(p in _MASK_OCTETS for p in parts)
    return not (value == "0.0.0.0" or parts[0] == "127" or mask)


def find_ips(text: str) -> list[Hit]:
    hits: list[Hit] = []
    if "." in text:
        for m in _IPV4.finditer(text):
            s = m.start()
            while s > 0 and m.start() - s < 3 and text[s - 1].isdigit():
                s -= 1
            if _ipv4_ok(text, s, m.end()):
                hits.append(Hit(s, m.end(), "IP", "ipv4"))
    if ":" in text and _V6_HINT.search(text):  # the one-character test (memchr) first
        for m in _IPV6.finditer(text):
            cand = m.group()
            if cand.count(":") < 2:
                continue
            s, e = m.start(), m.end()
            while e > s and text[e - 1] in ".":
                e -= 1
            cand = text[s:e]
            try:
                addr = ipaddress.IPv6Address(cand.split("%")[0])
            except ValueError:
                continue
            if addr.is_loopback or addr.is_unspecified:
                continue
            if e < len(text) and (text[e].isalnum() or text[e] in "_"):
                continue
            hits.append(Hit(s, e, "IP", "ipv6"))
    return hits


# --- phone numbers --------------------------------------------------------------------------------

# One character class leads; each branch re-checks that character with a lookbehind, so the
# scan skips everything that is not + ( or a digit.
_PHONE = re.compile(
    r"[+(0-9](?<![\w+.\-/].)(?:(?<=\+)[0-9][0-9 ().\-]{5,22}|(?<=\()[0-9]{2,5}\)[ .\-]?[0-9][0-9 .\-]{4,16}"
    r"|(?<=[0-9])[0-9]{2}[-. ][0-9]{3}[-. ][0-9]{3}|(?<=0)[0-9][0-9 ().\-]{5,18})[0-9](?![0-9]|\.[0-9]|-[0-9])"
)
_PHONE_CUES = ("tel", "phone", "mobile", "cell", "fax", "whatsapp", "sms", "móvil", "movil", "portable", "handy",
               "mobil", "telefon", "teléfono", "téléphone", "tél", "tfno", "ph", "mob", "fixe", "celular", "rufnummer",
               "durchwahl", "मोबाइल", "फ़ोन", "फोन")
#: Cues grouped under a substring they all contain, so a text costs one test per group; the
#: non-ASCII cues are tried only on non-ASCII text.
_CUE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tel", ("tel", "telefon")), ("ph", ("ph", "phone")), ("mob", ("mob", "mobil", "mobile")),
    ("cel", ("cell", "celular")), ("fax", ("fax",)), ("sms", ("sms",)), ("whatsapp", ("whatsapp",)),
    ("movil", ("movil",)), ("portable", ("portable",)), ("handy", ("handy",)), ("fixe", ("fixe",)),
    ("tfno", ("tfno",)), ("nummer", ("rufnummer",)), ("durchwahl", ("durchwahl",)),
)
_CUES_NON_ASCII = ("móvil", "teléfono", "téléphone", "tél", "मोबाइल", "फ़ोन", "फोन")
_CUE_TAIL = r"[^\w\n]{0,4}(?:[a-z]{0,3}[^\w\n]{1,3})?(?P<v>[+(0-9][0-9 ().\-/]{5,22}[0-9])(?![0-9])"
# Short cues need a word boundary on the left ("graph: 1234567" is no phone).
_PHONE_AFTER_CUE = {
    k: re.compile(re.escape(k) + r"(?<![^\W\d_]" + re.escape(k) + ")" + _CUE_TAIL) for k in _PHONE_CUES
}
# National formats the generic pattern misses: German area codes with a slash or in parentheses
# ("089 / 6071 2275", "(0 89) 60 71-22 75") and Spanish 2-3-2-2 / 3-2-2-2 groupings.
_LOCAL_PHONE_DE = re.compile(
    r"0(?:[1-9][0-9]{1,4}[ ]?/[ ]?[0-9][0-9 \-]{3,12}[0-9]|[ ][1-9][0-9]{0,3}[ ]?/[ ]?[0-9][0-9 \-]{3,14}[0-9])"
    r"(?![0-9]|[ \-/][0-9])"
)
_LOCAL_PHONE_PAREN = re.compile(r"\(0[ ]?[1-9][0-9 ]{0,5}\)[ ]?[0-9][0-9 \-]{3,14}[0-9](?![0-9]|[ \-/][0-9])")
# A slash with a digit before it (the literal-led scan for the slash forms above).
_DIGIT_SLASH = re.compile(r"/(?:(?<=[0-9]/)|(?<=[0-9] /))")
# Spanish groupings, found from their fixed " dd dd" tail (a literal-led scan) and checked backwards.
_LOCAL_PHONE_ES_TAIL = re.compile(r" [0-9]{2} [0-9]{2}(?![0-9]|[ \-/][0-9])")
_LOCAL_PHONE_ES = re.compile(r"[6789][0-9] [0-9]{3}|[6789][0-9]{2} [0-9]{2}")
_DATE_LIKE = re.compile(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}|\d{4}[-./]\d{1,2}")
_US = re.compile(r"\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}")
_GROUPS = re.compile(r"[ ().\-]+")
_PHONE_PUNCT = b" ().-+/"
#: A window (a run of grouping characters) that is an ISO date: no scan finds a candidate in it that
#: the checks accept (only the whole date can be one, and it is date-like), and the number a cue
#: announces lies in the window just after the cue, so no cue found before it matters elsewhere.
_DATE_WINDOW = re.compile(r"[ .]{0,8}[0-9]{4}-[0-9]{2}-[0-9]{2}[ .]{0,8}")


_Candidate = tuple[str, int, int, bool]  # (candidate, start, end, cued)


def _plain_candidates(text: str, lo: int, end: int, out: list[_Candidate]) -> None:
    """Append the plain candidates in ``text[lo:end]`` to ``out``."""
    for m in _PHONE.finditer(text, lo, end):
        s = m.start()
        if s > 0 and (text[s - 1].isalnum() or text[s - 1] in "_+.-/"):
            continue
        out.append((m.group(), s, m.end(), False))


def _scanned_candidates(text: str, lo: int, end: int, paren: bool, slash: bool, spanish: bool,
                        done: list[int]):
    """The plain, parenthesised, slashed and Spanish candidates in ``text[lo:end]`` (``done[0]``: where
    the last slashed number ended, carried from one range to the next)."""
    plain: list[_Candidate] = []
    _plain_candidates(text, lo, end, plain)
    yield from plain
    if paren:
        for m in _LOCAL_PHONE_PAREN.finditer(text, lo, end):
            if m.start() == 0 or not (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_+.-/("):
                yield m.group(), m.start(), m.end(), True
    if slash:
        for sm in _DIGIT_SLASH.finditer(text, lo, end):
            p = sm.start()
            for q in range(max(done[0] + 1, p - 8), p):
                if text[q] == "0" and (q == 0 or not (text[q - 1].isalnum() or text[q - 1] in "_+.-/(")):
                    m = _LOCAL_PHONE_DE.match(text, q)
                    if m is not None:
                        done[0] = m.end()
                        yield m.group(), q, m.end(), True
                        break
    if spanish:
        for m in _LOCAL_PHONE_ES_TAIL.finditer(text, lo, end):
            t = m.start()
            for width in (6, 7):  # "91 863" / "612 34" before the tail
                s = t - width
                if s >= 0 and _LOCAL_PHONE_ES.fullmatch(text, s, t) and (s == 0 or not (
                        text[s - 1].isalnum() or text[s - 1] in "_+.-/")):
                    yield text[s:m.end()], s, m.end(), True


def _phone_candidates(text: str, low: str, shape: bytes, words: str):
    yield from _scanned_candidates(text, 0, len(text), "(" in text and "(0" in text, "/" in text,
                                   b"d" * 9 in shape, [-1])
    if any(v in words for v in _CALL_PROBES):
        yield from _called_local_numbers(text, low)
    # the cues are a-z words: found in the letter-run view (``words``) exactly when in ``low``
    cues = [k for probe, ks in _CUE_GROUPS if probe in words for k in ks if k in words]
    if not text.isascii():
        cues += [k for k in _CUES_NON_ASCII if k in low]
    for k in cues:
        for m in _PHONE_AFTER_CUE[k].finditer(low):
            yield text[m.start("v"):m.end("v")], m.start("v"), m.end("v"), True


# Windowed candidates (ASCII text): every phone candidate is made of the grouping characters G
# (digits and ``+() ./-``) only and holds 7 or more digits, so it lies inside a maximal run of G
# that contains a chain of 7 digits with short gaps. Each candidate scan below runs over those
# runs only (a scan restarted at a run's start finds the same matches inside it), and a cue is
# looked for where it can end: just before such a run. Other text is never scanned.
_PHONE_CHAIN = re.compile(rb"d(?:[+() ./\-]{0,22}d){6,40}")
_G_MASK = bytes(0x67 if chr(i) in "d+() ./-" else 0x78 for i in range(256))  # over ascii_classes
_G_SET = frozenset(b"d+() ./-")
_EDGE_REACH = 32
_G_TAIL = re.compile(rb"[d+() ./\-]{0,%d}" % _EDGE_REACH)
_ASCII_CUES = tuple(k for _, ks in _CUE_GROUPS for k in ks)
_ASCII_CUE = re.compile("|".join(sorted({p for p, _ in _CUE_GROUPS})))  # a group probe: one of its cues may be there
#: How far before a run a cue may start (cue, up to 10 separator characters and 3 letters).
_CUE_REACH = 24


def _phone_windows(cls: bytes) -> list[tuple[int, int]]:
    """The maximal runs of G (offsets of ``cls``, :func:`terms.ascii_classes`) that hold a 7-digit chain."""
    out: list[tuple[int, int]] = []
    mask = None
    last = -1
    for m in _PHONE_CHAIN.finditer(cls):
        s = m.start()
        if s < last:
            continue  # another chain of the same run
        # A run's edges are usually a few characters past its chain: looked for there first; the
        # whole-text mask only for a run that reaches further.
        lo = s
        stop = s - _EDGE_REACH if s > _EDGE_REACH else 0
        while lo > stop and cls[lo - 1] in _G_SET:
            lo -= 1
        hi = _G_TAIL.match(cls, m.end()).end()
        if lo == stop > 0 or hi - m.end() == _EDGE_REACH:
            if mask is None:
                mask = cls.translate(_G_MASK)
            lo = mask.rfind(b"x", 0, s) + 1
            hi = mask.find(b"x", m.end())
            hi = len(cls) if hi < 0 else hi
        last = hi
        out.append((lo, hi))
    return out


def _windowed_candidates(text: str, low: str, shape: bytes, cls: bytes,
                         runs: frozenset[str] | set[str] | None) -> list[_Candidate]:
    """:func:`_phone_candidates` restricted to :func:`_phone_windows` (the same accepted candidates);
    ``runs``: the letter-run set of ``low`` when the caller has it. A list: most windows need the
    plain scan only, which fills it without a generator per window."""
    out: list[_Candidate] = []
    n = len(text)
    windows = _phone_windows(cls)
    if not windows:
        return out
    paren = "(" in text
    slash = "/" in text
    spanish = b"d" * 9 in shape
    called = runs is None or not _CALL_WORDS.isdisjoint(runs)
    done = [-1]
    cues: set[str] = set()
    for lo, hi in windows:
        if _DATE_WINDOW.fullmatch(text, lo, hi):
            continue  # an ISO date yields no candidate a check accepts, and no cue's number is in it
        end = min(n, hi + 2)
        # "(0" and the Spanish " dd dd" tail are looked for in the window only (a two-character search
        # of the whole text, or a scan, costs more)
        window_paren = paren and text.find("(0", lo, end) >= 0
        window_spanish = spanish and cls.find(b" dd dd", lo, end) >= 0
        if window_paren or slash or window_spanish:
            out += _scanned_candidates(text, lo, end, window_paren, slash, window_spanish, done)
        else:
            _plain_candidates(text, lo, end, out)
        if called and _CALL_PROBE.search(low, max(0, lo - 64), hi):
            for m in _LOCAL7.finditer(text, lo, end):
                s = m.start()
                if _CALL_BEFORE.search(low, max(0, s - 64), s):
                    out.append((m.group(), s, m.end(), True))
        if lo and _ASCII_CUE.search(low, max(0, lo - _CUE_REACH), lo):
            before = low[max(0, lo - _CUE_REACH):lo]
            cues.update(k for k in _ASCII_CUES if k in before)
    if cues:
        for k in _ASCII_CUES:
            if k in cues:
                for m in _PHONE_AFTER_CUE[k].finditer(low):
                    out.append((text[m.start("v"):m.end("v")], m.start("v"), m.end("v"), True))
    return out


#: A seven-digit local number ("555-0134") is a phone only after a calling verb on its line.
_CALL_PROBES = ("call", "dial", "reach", "phoned")
_CALL_PROBE = re.compile("|".join(_CALL_PROBES))
#: The words _CALL_BEFORE accepts: each is a whole letter run of ASCII text where it matches.
_CALL_WORDS = frozenset({"call", "called", "calling", "calls", "dial", "dialed", "dialled", "dialing", "reach",
                         "reached", "reaching", "phoned"})
_LOCAL7 = re.compile(r"(?<![\w+.\-/])[2-9][0-9]{2}[-.][0-9]{4}(?![0-9]|[-./][0-9])")
_CALL_BEFORE = re.compile(r"\b(?:call(?:ed|ing|s)?|dial(?:l?ed|ing)?|reach(?:ed|ing)?|phoned)\b[^\n]{0,48}$")


def _called_local_numbers(text: str, low: str):
    """``Called John Smith at 555-0134``: short local numbers cued by a calling verb before them."""
    for m in _LOCAL7.finditer(text):
        s = m.start()
        if _CALL_BEFORE.search(low, max(0, s - 64), s):
            yield m.group(), s, m.end(), True


def find_phones(text: str, low: str, shape: bytes | None = None, words: Words | None = None,
                cls: bytes | None = b"") -> list[Hit]:
    """Phone numbers; ``shape`` is ``identifiers.digit_shape(text)``, ``words``
    ``textview.letter_words(low)`` and ``cls`` ``terms.ascii_classes(text)`` when the caller has them."""
    hits: list[Hit] = []
    shape = digit_shape(text) if shape is None else shape
    if b"d" * 7 not in shape:
        return hits  # every candidate, cued or not, needs 7 digits
    if cls == b"":
        cls = ascii_classes(text)
    if cls is not None:
        candidates = _windowed_candidates(text, low, shape, cls, words.set if words is not None else None)
    else:
        candidates = _phone_candidates(text, low, shape, (words if words is not None else letter_words(low)).joined)
    memo = _VERDICTS
    for cand, s, e, cued in candidates:
        shift = memo.get((cand, cued))
        if shift is None:
            shift = _verdict(cand, cued)
            if len(memo) >= _VERDICT_CAP:
                memo.clear()
            memo[cand, cued] = shift
        if shift >= 0:
            hits.append(Hit(s + shift, e, "PHONE", "phone"))
    return hits


#: :func:`_verdict` by (candidate, cued): the same numbers recur across files and reads.
_VERDICTS: dict[tuple[str, bool], int] = {}
_VERDICT_CAP = 8192


def _verdict(cand: str, cued: bool) -> int:
    """How far a candidate's phone starts after the candidate (0, or 1 past an unclosed "("),
    or -1 when it is no phone."""
    shift = 0
    if cand.startswith("(") and ")" not in cand:
        cand, shift = cand[1:], 1
    if cand.count("(") != cand.count(")") or ".." in cand or "--" in cand or "//" in cand:
        return -1
    # The scans' candidates hold ASCII digits and the grouping characters only: what is left without
    # those characters is the digits (anything else is counted as before).
    kept = cand.encode("utf-8", "surrogatepass").translate(None, _PHONE_PUNCT)
    digits = len(kept) if kept.isdigit() else sum(map(str.isdigit, cand))
    if not 7 <= digits <= 15:
        return -1
    lead = cand[0]
    if lead not in "+(" and _DATE_LIKE.fullmatch(cand):  # a date starts with a digit
        return -1
    if lead == "+":
        ok = digits >= 8
    else:
        if lead == "0":  # the groups matter only here
            groups = [g for g in _GROUPS.split(cand) if g]
            if cand.startswith("00") and len(groups) >= 2 and digits >= 10:
                return shift  # 0049 89 60712275: an international prefix
        if lead == "(" or _US.fullmatch(cand):
            ok = digits >= 10
        elif lead == "0":
            ok = len(groups) >= 2 and 9 <= digits <= 12 and all(len(g) >= 2 for g in groups) and (
                "." not in cand or len({len(g) for g in groups}) <= 2)
        else:
            ok = False
    return shift if ok or cued else -1


# --- domains --------------------------------------------------------------------------------------

_TLDS = ["com", "net", "org", "edu", "gov", "mil", "int", "biz", "info", "name", "pro", "mobi", "asia", "io", "ai", "co", "app", "dev", "cloud", "tech", "online", "site", "store", "shop", "blog", "xyz", "top", "club", "live", "news", "media", "digital", "agency", "studio", "design", "email", "group", "team", "company", "solutions", "services", "systems", "network", "works", "world", "global", "center", "space", "zone", "page", "link", "host", "website", "law", "legal", "health", "bank", "finance", "money", "capital", "fund", "ventures", "partners", "consulting", "software", "data", "codes", "tools", "run", "build", "me", "tv", "fm", "gg", "ly", "sh", "ac", "uk", "de", "fr", "nl", "be", "ch", "at", "se", "no", "dk", "fi", "es", "it", "pt", "pl", "cz", "sk", "hu", "ro", "bg", "gr", "ie", "is", "ee", "lv", "lt", "si", "hr", "rs", "ua", "ru", "kz", "tr", "il", "ae", "sa", "qa", "eg", "za", "ng", "ke", "ma", "ca", "us", "mx", "br", "ar", "cl", "pe", "uy", "ve", "au", "nz", "jp", "cn", "hk", "tw", "kr", "sg", "my", "th", "vn", "ph", "id", "in", "pk", "lk", "bd", "np", "eu", "lu", "li", "mt", "cy", "internal", "local", "lan", "corp", "intranet", "home", "localdomain", "test", "example", "invalid", "onion"]
#: Two-label names with these TLDs are usually code (``self.id``, ``logger.info``) or file names.
_AMBIGUOUS_TLDS = frozenset(
    ["info", "name", "pro", "mobi", "io", "ai", "co", "app", "dev", "me", "tv", "fm", "gg", "ly", "sh", "ac", "id", "in", "is", "it", "to", "at", "be", "by", "no", "so", "do", "us", "my", "as", "am", "pl", "ms", "ml", "page", "link", "run", "build", "codes", "tools", "data", "zone", "space", "works", "world", "center", "site", "store", "shop", "blog", "live", "news", "media", "email", "group", "team", "company", "network", "host", "local", "home", "test", "example", "invalid", "internal", "lan", "corp", "design", "studio", "agency", "cloud", "tech", "online", "digital", "services", "systems", "solutions", "software", "global", "law", "legal", "health", "bank", "finance", "money", "fund", "capital", "partners", "ventures", "consulting", "website", "top", "club", "xyz"]
)
_FILE_EXT_TLDS = frozenset(["sh", "pl", "ms", "ml", "in", "am", "so", "do", "cc", "mk", "ps", "st", "sc", "tf", "cx", "ws"])
_PUBLIC_DOMAINS = frozenset(
    ["github.com", "gitlab.com", "bitbucket.org", "python.org", "pypi.org", "npmjs.com", "stackoverflow.com", "wikipedia.org", "googleapis.com", "readthedocs.io", "docker.com", "docker.io", "microsoft.com", "apple.com", "google.com", "mozilla.org", "w3.org", "json-schema.org", "schema.org", "example.com", "example.org", "example.net",
     "kubernetes.io", "k8s.io", "x-k8s.io", "helm.sh", "istio.io", "cert-manager.io", "prometheus.io", "argoproj.io",
     "openshift.io", "linkerd.io", "gcr.io", "ghcr.io", "quay.io", "golang.org", "gopkg.in", "apache.org",
     "amazonaws.com", "azure.com", "opencontainers.org", "cncf.io", "npmjs.org", "rubygems.org", "crates.io"]
)
_TLD_SET = frozenset(_TLDS)
# The lookahead fails most dots (line and sentence ends) in one test, before the trie's branches.
_TLD_HIT = re.compile(r"\.(?=[a-z])(?P<tld>" + trie_pattern(sorted(_TLD_SET)) + r")(?![a-z0-9\-]|\.[a-z0-9])")
_LABELS_REV = re.compile(r"[a-z0-9\-]{1,63}(?:\.[a-z0-9\-]{1,63}){0,8}")


def find_domains(text: str, low: str, lexicon: Lexicon) -> list[Hit]:
    hits: list[Hit] = []
    for m in _TLD_HIT.finditer(low):
        s = m.start()
        lm = _LABELS_REV.match(low[max(0, s - 253):s][::-1])
        if not lm:
            continue
        start = s - lm.end()
        while start < s and low[start] in "-.":
            start += 1
        if start >= s:
            continue
        if start > 0 and (low[start - 1] in "_@\\" or low[start - 1].isalnum()):
            continue
        end = m.end()
        if end < len(text) and text[end] == "(":
            continue  # a call such as logger.info(
        domain = low[start:end]
        labels = domain.split(".")
        if all(lab.isdigit() for lab in labels[:-1]):
            continue
        tld = labels[-1]
        if len(labels) == 2 and tld in _AMBIGUOUS_TLDS and (
            tld in _FILE_EXT_TLDS or len(labels[0]) < 2 or lexicon.is_generic(labels[0])
        ):
            continue
        if domain in _PUBLIC_DOMAINS or ".".join(labels[-2:]) in _PUBLIC_DOMAINS:
            continue
        if domain in lexicon.allow_extra:
            continue
        hits.append(Hit(start, end, "DOMAIN", "domain"))
    return hits


# --- handles --------------------------------------------------------------------------------------

_HANDLE = re.compile(r"@(?<![\w.@+\-]@)(?P<h>[A-Za-z0-9_](?:[A-Za-z0-9_.\-]{0,37}[A-Za-z0-9_])?)(?![A-Za-z0-9_@/])")
_DOC_TAGS = frozenset(
    ["media", "include", "mixin", "extend", "keyframes", "font-face", "apply", "tailwind", "layer", "use", "forward", "param", "params", "return", "returns", "throws", "throw", "see", "since", "deprecated", "author", "todo", "type", "typedef", "example", "override", "inheritdoc", "ts-ignore", "ts-expect-error", "ts-nocheck", "jsx", "flow", "charset", "namespace", "supports", "import", "each", "if", "else", "while", "function", "content", "here", "channel", "everyone", "all", "team", "property", "staticmethod", "classmethod", "dataclass", "abstractmethod", "pytest", "app", "router", "property", "interface", "implementation", "end", "synthesize", "selector", "objc", "dynamic", "protocol", "optional", "required", "babel", "types", "angular", "vue", "nestjs", "storybook", "testing-library", "emotion", "mui"]
)


def find_handles(text: str, lexicon: Lexicon) -> list[Hit]:
    if "@" not in text:
        return []
    hits: list[Hit] = []
    for m in _HANDLE.finditer(text):
        name = m.group("h")
        if not any(c.isalpha() for c in name):
            continue
        low = name.lower()
        if low in _DOC_TAGS or not lexicon.is_name_like(name.split(".")[0]):
            continue
        s, e = m.span()
        if blank_before(text, s):
            nxt = text[e:e + 1]
            codeish = "_" in name or name[:1].isupper()
            if nxt in ("(", ".") or (nxt in ("\n", "\r", "") and codeish):
                continue  # a decorator or annotation
        hits.append(Hit(s, e, "HANDLE", "handle"))
    return hits
