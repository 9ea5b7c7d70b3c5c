"""Phone numbers: international and local formats, with and without a label.

Candidates are looked for only inside the runs of digits and ``+() ./-`` that hold
seven or more digits (the phone windows of :func:`terms.ascii_classes`), and cue words
(``Tel:``, ``móvil``, ``portable``...) only just before such a run; each candidate's
verdict (digit count, date and version shapes, grouping) is memoised, bounded.

Imports: redaction.identifiers, redaction.spans, redaction.terms, redaction.textview.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.identifiers import digit_shape
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.terms import ascii_classes
from redacted_context_mcp.redaction.textview import Words, letter_words

# --- phone numbers --------------------------------------------------------------------------------

# One character class leads; each branch re-checks that character with a lookbehind, so the
# scan skips everything that is not + ( or a digit.
_PHONE = re.compile(
    r"[+(0-9](?<![\w+.\-/].)(?:(?<=\+)[0-9][0-9 ().\-]{5,22}|(?<=\()[0-9]{2,5}\)[ .\-]?[0-9][0-9 .\-]{4,16}"
    r"|(?<=[0-9])[0-9]{2}[-. ][0-9]{3}[-. ][0-9]{3}|(?<=0)[0-9][0-9 ().\-]{5,18})[0-9](?![0-9]|\.[0-9]|-[0-9])"
)
_PHONE_CUES = ("tel", "phone", "mobile", "cell", "fax", "whatsapp", "sms", "móvil", "movil", "portable", "handy",
               "mobil", "telefon", "teléfono", "téléphone", "tél", "tfno", "ph", "mob", "fixe", "fixo", "celular",
               "rufnummer",
               "durchwahl", "मोबाइल", "फ़ोन", "फोन", "contact", "call", "llamar", "llame", "appeler", "appelez",
               "rappeler", "ligar", "ligue", "cel", "gsm", "tlf", "natel", "puh", "kom", "komórka", "komorka",
               "telemovel", "telemóvel", "telefono", "telefone", "telefoon", "celulare", "cellulare", "kontakt")
#: Cues grouped under a substring they all contain, so a text costs one test per group; the
#: non-ASCII cues are tried only on non-ASCII text.
_CUE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tel", ("tel", "telefon", "telemovel", "telefono", "telefone", "telefoon")), ("ph", ("ph", "phone")),
    ("mob", ("mob", "mobil", "mobile")), ("cel", ("cel", "cell", "celular", "celulare", "cellulare")),
    ("fax", ("fax",)), ("sms", ("sms",)), ("whatsapp", ("whatsapp",)),
    ("gsm", ("gsm",)), ("tlf", ("tlf",)), ("natel", ("natel",)), ("puh", ("puh",)),
    ("movil", ("movil",)), ("portable", ("portable",)), ("handy", ("handy",)), ("fix", ("fixe", "fixo")),
    ("tfno", ("tfno",)), ("nummer", ("rufnummer",)), ("durchwahl", ("durchwahl",)), ("contact", ("contact",)),
    ("kontakt", ("kontakt",)),
    ("call", ("call",)), ("llam", ("llamar", "llame")), ("appel", ("appeler", "appelez", "rappeler")),
    ("lig", ("ligar", "ligue")), ("kom", ("kom", "komorka")),
)
#: Cues of scripts without word boundaries (Chinese, Japanese, Korean): no boundary test on their left,
#: so "联系电话" holds "电话".
_CJK_CUES = ("电话", "電話", "手机", "手機", "携帯", "联系方式", "전화", "휴대폰")
_CUES_NON_ASCII_LATIN = ("telemóvel", "móvil", "teléfono", "téléphone", "tél", "komórka", "मोबाइल", "फ़ोन", "फोन")
_CJK_CHAR = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]")
# (a short word after the cue only past a separator: "Tel. no: ...", not "PHOTO-2026-12-02-08-24-02", round 12)
_CUE_TAIL = r"[^\w\n]{0,4}(?:(?<=[^\w\n])[a-z]{0,3}[^\w\n]{1,3})?(?P<v>[+(0-9][0-9 ().\-/]{5,22}[0-9])(?![0-9])"
# Short cues need a word boundary on the left ("graph: 1234567" is no phone).
_PHONE_AFTER_CUE = {
    k: re.compile(re.escape(k) + r"(?<![^\W\d_]" + re.escape(k) + ")" + _CUE_TAIL) for k in _PHONE_CUES
}
_PHONE_AFTER_CUE.update({k: re.compile(re.escape(k) + _CUE_TAIL) for k in _CJK_CUES})
# "call" may have an object and a preposition before its number ("call me at 98765-43210")
_PHONE_AFTER_CUE["call"] = re.compile(
    r"call(?<![^\W\d_]call)(?:ed|ing)?(?:[ \t](?:me|us|him|her|them))?(?:[ \t](?:at|on))?"
    + _CUE_TAIL)
# "contact" announces a number only as a field ("Contact: 98765 43210"): "contact id 1234567" is no phone.
_PHONE_AFTER_CUE["contact"] = re.compile(
    r"contact(?<![^\W\d_]contact)[ \t]{0,2}[:=\-–][ \t]{0,3}(?P<v>[+(0-9][0-9 ().\-/]{5,22}[0-9])(?![0-9])")
_PHONE_AFTER_CUE["kontakt"] = re.compile(_PHONE_AFTER_CUE["contact"].pattern.replace("contact", "kontakt"))
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
        cues += [k for k in _CUES_NON_ASCII_LATIN if k in low]
        if _CJK_CHAR.search(low) is not None:  # one pass before the CJK cues' substring tests
            cues += [k for k in _CJK_CUES if k in low]
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
        if "  " in cand:  # a number then a column gap: "(21) 99812-4471      00:03:10" ends at the gap
            head = cand[:cand.index("  ")].rstrip(" .-/(")
            if sum(map(str.isdigit, head)) >= 7:
                cand, e = head, s + len(head)
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
    if not 7 <= digits <= 15 or not kept.strip(b"0"):  # all zeros: a template (000-00-0000)
        return -1
    lead = cand[0]
    if lead not in "+(" and _DATE_LIKE.fullmatch(cand):  # a date starts with a digit
        return -1
    if lead == "+":
        ok = digits >= 8
    else:
        if lead == "0":  # the groups matter only here
            groups = [g for g in _GROUPS.split(cand) if g]
            if kept.startswith(b"000"):
                return -1  # no trunk or international prefix starts 000 (an NF-e number 000.118.204)
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
