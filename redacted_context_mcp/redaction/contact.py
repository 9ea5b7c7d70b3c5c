"""Contact and network stages: URLs, emails, UNC hosts, IP addresses, domains, handles (phones: :mod:`redaction.phones`).

Regexes are anchored on a literal where possible (``://``, ``@``, ``.tld``)
and extended backwards over a bounded window with a reversed match, so each
candidate costs at most a few hundred steps and prose without the anchor
costs one fast scan.

Imports: redaction.lines, redaction.spans, redaction.terms, redaction.textview,
redaction.wordlists.
"""

from __future__ import annotations

import ipaddress
import re

from redacted_context_mcp.redaction.lines import blank_before
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.terms import trie_pattern
from redacted_context_mcp.redaction.textview import Words
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


_SEGMENT_END = re.compile(r"[;/?#]")


def _csv_cell_end(text: str, s: int, e: int) -> int:
    """A URL that is a cell of a CSV row (a password manager's or browser's export: ``Router,http://10.0.0.1,
    admin,...``) ends at the comma after it: it opens a line or follows a comma, and two commas or more follow
    (round 10); one that follows a semicolon ends at the next one. Otherwise ``e``."""
    if (s == 0 or text[s - 1] in ",\n") and text.count(",", s, e) >= 2:
        return text.find(",", s, e)
    # a cell of a semicolon-separated row (a spreadsheet's export in most of Europe: ``Portal;https://x/;IT``)
    # ends at the semicolon after it; a matrix parameter (``;jsessionid=V``) does not follow one (round 14)
    if s > 0 and text[s - 1] == ";" and (cut := text.find(";", s, e)) > 0:
        nxt = _SEGMENT_END.search(text, cut + 1, e)
        if "=" not in text[cut + 1:nxt.start() if nxt else e]:
            return cut
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
            end = _trim_url_end(text, start, _csv_cell_end(text, start, m.end()))
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


# ``%40`` is an encoded "@"; ``%2540`` the same encoded twice (a return URL inside a query string)
_AT_ENCODED = re.compile(rf"%(?:25)?40{_LABEL}(?:\.{_LABEL}){{0,8}}\.[A-Za-z]{{2,24}}(?![A-Za-z0-9\-]|\.[A-Za-z0-9])",
                         re.IGNORECASE)
_LOCAL_ENC_REV = re.compile(r"[A-Za-z0-9._+\-]{1,64}")
_PCT = re.compile(r"%([0-9A-Fa-f]{2})")


def _unquote(p: re.Match[str]) -> str:
    return chr(int(p.group(1), 16))


def encoded_at(text: str) -> bool:
    """Whether ``text`` holds an encoded "@" (``%40``, or ``%2540`` encoded twice)."""
    return "%" in text and ("%40" in text or "%2540" in text)


def _encoded_emails(text: str) -> list[Hit]:
    """``a.b%40example.com`` (or ``%2540``) in query strings; the value is the decoded address (same placeholder)."""
    hits: list[Hit] = []
    for m in _AT_ENCODED.finditer(text):
        at = m.start()
        lm = _LOCAL_ENC_REV.match(text[max(0, at - 64):at][::-1])
        if not lm:
            continue
        start = at - lm.end()
        if start > 0 and text[start - 1] == "%" and _PCT.match(text, start - 1):
            start += 2  # the local part starts after an escape ("%3Dk.ito": "=" encoded)
        while start < at and text[start] in ".-":
            start += 1
        if start < at:
            value = _PCT.sub(_unquote, text[start:m.end()])
            if "%" in value:  # encoded twice: "%2540" became "%40"
                value = _PCT.sub(_unquote, value)
            hits.append(Hit(start, m.end(), "EMAIL", "email-url-encoded", value))
    return hits


#: An ssh, scp or rsync command before ``x@host`` on its line: a login and a host, not an address (the login is
#: ``usernames``' ssh-login, the host stays readable; personal round 12).
#: (its options and paths between: blank-separated tokens without a colon, so "ssh keys: send to a@b.example" is prose)
_SSH_BEFORE = re.compile(r"(?<![\w\-])(?:ssh|scp|sftp|rsync|mosh|ssh-copy-id)[ \t]{1,3}(?:[^\s@:|;&]{1,80}[ \t]{1,3}){0,6}\Z")


def _after_ssh(text: str, start: int) -> bool:
    lo = max(0, start - 100)
    nl = text.rfind("\n", lo, start)
    return _SSH_BEFORE.search(text, nl + 1 if nl >= 0 else lo, start) is not None


def find_emails(text: str) -> list[Hit]:
    hits: list[Hit] = _encoded_emails(text) if encoded_at(text) else []
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
        if start < at and not (start > 2 and _after_ssh(text, start)):
            hits.append(Hit(start, m.end(), "EMAIL", "email"))
    return hits


# Spelled-out addresses ("dana.whitfield [at] corp [dot] example", "ana (at) mail.example"): the
# "at" bracketed, or a plain " at " with a bracketed "dot"; the placeholder is the plain address's.
# (the German, Spanish and Italian words too: "[ät]"/"[punkt]", "(arroba)"/"(punto)")
_OB_AT = (r"[ \t]{0,2}(?P<at>[\[({<][ \t]{0,2}(?:at|ät|arroba|chiocciola)[ \t]{0,2}[\])}>]|(?<=[ \t])at(?=[ \t]))"
          r"[ \t]{0,2}")
_OB_DOT = r"(?:[ \t]{0,2}[\[({<][ \t]{0,2}(?:dot|punkt|punto|point)[ \t]{0,2}[\])}>][ \t]{0,2}|[ \t]dot[ \t]|\.)"
_OBFUSCATED = re.compile(
    r"(?<![A-Za-z0-9._%+\-])(?P<local>[A-Za-z0-9][A-Za-z0-9._%+\-]{0,63})" + _OB_AT
    + r"(?P<dom>" + _LABEL + r"(?:" + _OB_DOT + _LABEL + r"){1,6})(?![A-Za-z0-9\-])", re.IGNORECASE)
_OB_DOT_RE = re.compile(_OB_DOT, re.IGNORECASE)


def obfuscation_gate(words: frozenset[str]) -> bool:
    """Whether a text may hold an address with a spelled-out dot: its "at" and "dot" words (set lookups)."""
    return ("at" in words or "ät" in words or "arroba" in words) and (
        "dot" in words or "punkt" in words or "punto" in words or "point" in words)


def at_before_domain(text: str, domains: list[Hit]) -> bool:
    """Whether a found domain follows a bracketed "at" (``maria[at]example.com``: literal dots, no dot word)."""
    for h in domains:
        before = text[max(0, h.start - 12):h.start].rstrip(" \t").lower()
        if before.endswith(("at]", "at)", "at}", "at>", "ät]", "ät)", "arroba)", "arroba]")):
            return True
    return False


def find_obfuscated_emails(text: str) -> list[Hit]:
    """Addresses spelled out with "at" and "dot" (callers gate with :func:`obfuscation_gate`)."""
    hits: list[Hit] = []
    pos = 0
    while (m := _OBFUSCATED.search(text, pos)) is not None:
        dom = m.group("dom")
        parts = _OB_DOT_RE.split(dom)
        # a plain " at " needs every dot spelled ("john at example dot com"; "look at node.js dot
        # notation" is prose): else look on after its "at"
        # a plain " at " also needs a real top-level domain last ("meet at noon dot the place" is prose)
        plain = not m.group("at").startswith(("[", "(", "{", "<"))
        if plain and ("." in dom or parts[-1].lower() not in _TLD_SET) \
                or not parts[-1].isalpha() or not 2 <= len(parts[-1]) <= 24:
            pos = m.start("at") + 1
            continue
        hits.append(Hit(m.start(), m.end(), "EMAIL", "email-spelled-out", f"{m.group('local')}@{'.'.join(parts)}"))
        pos = m.end()
    return hits


# --- UNC paths -----------------------------------------------------------------------------------

_UNC = re.compile(
    r"\\(?<![\w\\:).]\\)(?:\\\\)?\\(?P<h>[A-Za-z0-9][A-Za-z0-9\-]{0,62}(?:\.[A-Za-z0-9\-]{1,63}){0,8})"
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


#: A browser's version in a User-Agent (``Chrome/131.0.0.0``, ``Edg/131.0.2903.86``): no address (round 11).
_UA_PRODUCT = re.compile(r"(?:Chrome|Chromium|Edg|EdgA|EdgiOS|Edge|OPR|Firefox|Safari|Version|AppleWebKit|CriOS|FxiOS"
                         r"|SamsungBrowser|YaBrowser|Vivaldi|Electron|Mobile|Gecko|Trident|HeadlessChrome)/\Z")


def _ipv4_ok(text: str, s: int, e: int) -> bool:
    if s > 0 and (text[s - 1].isalnum() or text[s - 1] in "._-"):
        return False
    if s > 0 and text[s - 1] == "/" and _UA_PRODUCT.search(text, max(0, s - 16), s) is not None:
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


# --- profile links without a scheme -----------------------------------------------------------------

# "t.me/olga_x", "instagram.com/leonie.k", "linkedin.com/in/sofia-m", "wa.me/4915...": with a scheme the
# whole URL is redacted; without one the host may be public (kept) and the handle after it must go.
_PROFILE_HOSTS = (
    "t.me", "telegram.me", "wa.me", "signal.me", "instagram.com", "facebook.com", "fb.com", "linkedin.com",
    "github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "twitter.com", "x.com", "tiktok.com",
    "youtube.com", "medium.com", "xing.com", "threads.net", "bsky.app", "keybase.io", "reddit.com",
    "mastodon.social", "behance.net", "dribbble.com", "about.me", "linktr.ee",
)
_PROFILE_HOST_SET = frozenset(_PROFILE_HOSTS)
# Literal-led: the scan jumps to ".com/"-like spots; the host before it is read backwards and looked up.
_PROFILE_TLD = re.compile(r"\.(?:" + "|".join(sorted({h.rsplit(".", 1)[1] for h in _PROFILE_HOSTS})) + r")/")
_HOST_REV = re.compile(r"[a-z0-9.\-]{1,40}")
_PROFILE_HANDLE = re.compile(r"(?:in/|pub/|profile/|u/|user/|users/|people/|@)?(?P<h>[a-z0-9_%+][a-z0-9_.%+\-]{1,99})")
_CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org")
#: First path segments that name a site's pages, not a person.
_SITE_PAGES = frozenset(
    "about company companies orgs org features settings docs search explore topics marketplace login signup join "
    "watch channel c p share send status hashtag intent home i jobs groups events pages sponsors apps blog help "
    "legal privacy terms pricing enterprise contact download downloads trending notifications messages school "
    "showcase feed posts reel reels stories tv r sharer dialog plugins policies security".split())


def find_profiles(text: str, low: str, lexicon: Lexicon) -> list[Hit]:
    """Handles (or phone numbers, ``wa.me/49...``) after a profile host written without a scheme."""
    hits: list[Hit] = []
    for m in _PROFILE_TLD.finditer(low):
        slash = m.end() - 1
        rev = _HOST_REV.match(low[max(0, slash - 40):slash][::-1])
        host = low[slash - rev.end():slash]
        if host not in _PROFILE_HOST_SET:
            host = host.split(".", 1)[-1]  # www., m., a language subdomain
            if host not in _PROFILE_HOST_SET:
                continue
        hm = _PROFILE_HANDLE.match(low, m.end())
        if hm is None:
            continue
        s, e = hm.span("h")
        while e > s and low[e - 1] in ".-":
            e -= 1
        handle = low[s:e]
        if handle in _SITE_PAGES or lexicon.is_generic(handle):
            continue
        if low.startswith("/", e) and host in _CODE_HOSTS:
            continue  # owner/repo on a code host is a code reference (go.mod, imports): only a profile page goes
        if handle.isdigit():
            if 7 <= len(handle) <= 15:
                hits.append(Hit(s, e, "PHONE", "profile-link"))
            continue
        hits.append(Hit(s, e, "HANDLE", "profile-link"))
    return hits
