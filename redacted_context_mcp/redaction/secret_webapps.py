"""What web frameworks' consoles print about their settings, and how their docs tell you to set one.

Hold-out round 7 (r7-web):

- ``leader-dots-line``: a console's two-column detail line, the setting's name, a leader of dots and its
  value (``php artisan config:show database`` prints ``  connections.mysql.password ........ V``; Laravel's
  ``about``, Composer and other consoles use the same layout);
- ``setting-table-value`` (:func:`find_setting_tables`): the Value cells of an aligned table whose header
  is ``Name``/``Variable``/``Key``/``Setting`` then ``Value`` (``az webapp config appsettings list -o table``,
  Symfony's ``debug:dotenv`` with a column per ``.env`` file), in the rows named like a secret;
- ``doc-set-to`` (:func:`find_set_to`): a setup guide's ``Set `SECRET_KEY` to `V```, ``set APP_SECRET to V``.

The name decides (scored by secret_keys); the value is vetted as every value is (references, templates).

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import vet_value
from redacted_context_mcp.redaction.spans import Hit

#: What a console prints for a setting with no value, or for a check of it (``password ...... OK``).
_EMPTY = frozenset(("", "n/a", "null", "none", "nil", "false", "true", "-", "--", "(empty)", "<empty>", "empty",
                    "***", "*****", "********", "[hidden]", "<hidden>", "(hidden)", "[redacted]", "<redacted>",
                    "ok", "done", "yes", "no", "on", "off", "set", "not set", "unset", "enabled", "disabled",
                    "passed", "failed", "skipped", "missing", "present", "configured", "cached", "not cached"))


def _vet_cell(text: str, s: int, e: int, score: int) -> tuple[int, int] | None:
    """A printed value (quotes dropped) for a name of ``score``: a bare ``key`` needs a machine-made value."""
    if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
        s, e = s + 1, e - 1
    if text[s:e].strip().lower() in _EMPTY:
        return None
    return vet_value(text, s, e, score, quoted=True)


def _refine_named(m: re.Match[str], text: str) -> tuple[int, int] | None:
    score = key_score(text[m.start("k"):m.end("k")])
    return _vet_cell(text, *m.span("v"), score) if score else None


WEB_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "leader-dots-line",
        "a console's detail line: a setting named like a secret, a leader of dots, its value"
        " (  connections.mysql.password ........ V)",
        P(r"^[ \t]{0,8}(?P<k>[A-Za-z_][\w.:\[\]-]{0,127})[ \t]{1,4}\.{3,256}[ \t]{1,4}"
          r"(?P<v>[^\s.][^\r\n]{0,1023}?)[ \t]*\r?$", re.M),
        keywords=("...",),
        chars=".",
        refine=_refine_named,
        examples=(ex("  connections.mysql.password ........................ {}", tok(ALNUM, 14)),
                  ex("  APP_KEY ....... base64:{}", tok(ALNUM, 43))),
        near_misses=("  connections.mysql.password ........................ null",
                     "  Environment ........................................ production",
                     "  app.key ............................................ ",
                     "Loading... done", "  mail.mailers.smtp.password ....... ********", "  password ........ OK"),
    ),
)

# --- aligned Name / Value tables -----------------------------------------------------------------------

#: The header of a settings table: a name column, then Value (or Default value, Real value; a ``.env``
#: column of debug:dotenv also holds values); columns are two or more blanks apart.
_HEADER = re.compile(r"^[ \t]{0,4}(?:name|variable|key|setting|parameter|property)[ \t]{2,64}"
                     r"(?:[a-z]{1,20}[ \t])?value(?=[ \t]|\r?$)[^\r\n]{0,400}$", re.M)
_CELL = re.compile(r"[^ \t\r\n](?:[^ \t\r\n]| (?=[^ \t\r\n])){0,1023}")
_RULE = re.compile(r"[ \t]{0,4}[-=+ ]{3,1024}\r?")
_TABLE_NAMES = frozenset(("name", "variable", "key", "setting", "parameter", "property"))


def _value_column(head: str) -> bool:
    return head.endswith("value") or head.startswith(".env")


def find_setting_tables(text: str, low: str, out: list[Hit]) -> None:
    """Value cells of aligned Name/Value tables, in the rows whose name reads as a secret's (the caller
    gates on ``value`` and a name word being letter runs of the text)."""
    for h in _HEADER.finditer(low):
        ls = h.start()
        cols = [(c.start() - ls, low[c.start():c.end()]) for c in _CELL.finditer(low, ls, h.end())]
        values = [(i, off) for i, (off, head) in enumerate(cols) if i and _value_column(head)]
        if not values:
            continue
        pos, rows = h.end() + 1, 0
        while pos < len(text) and rows < 500:
            le = text.find("\n", pos)
            le = len(text) if le < 0 else le
            if le - pos > 8192 or not text[pos:le].strip():
                break
            rows += 1
            if not _RULE.fullmatch(text, pos, le):
                _row(text, pos, le, cols, values, out)
            pos = le + 1


def _row(text: str, ls: int, le: int, cols: list[tuple[int, str]], values: list[tuple[int, int]],
         out: list[Hit]) -> None:
    first = _CELL.search(text, ls, le)
    score = key_score(first.group().strip("\"'`")) if first is not None else 0
    if not score:
        return
    for i, off in values:
        s = ls + off
        end = ls + cols[i + 1][0] if i + 1 < len(cols) else le
        if s >= le or s <= first.end():
            continue
        c = _CELL.match(text, s, min(end, le))
        span = None if c is None else _vet_cell(text, c.start(), c.end(), score)
        if span is not None:
            out.append(Hit(span[0], span[1], "SECRET", "setting-table-value"))


# --- "Set `KEY` to `V`" in a setup guide -----------------------------------------------------------------

_SET_TO = re.compile(
    r"(?<![\w-])set[ \t]{1,3}(?:the[ \t]{1,3})?(?P<q>`?)(?P<k>[A-Za-z_][\w.:-]{1,80})(?P=q)"
    r"(?:[ \t]{1,3}(?:variable|setting|option|key|value|env(?:ironment)?[ \t]variable))?"
    r"[ \t]{1,3}(?:to|=)[ \t]{1,3}(?:`(?P<bq>[^`\r\n]{1,256})`|\"(?P<dq>[^\"\r\n]{1,256})\"|"
    r"(?P<bare>[^\s`\"']{6,256}))")
_TRAIL = ".,;:)!?"


def _wordish(v: str) -> bool:
    """A bare value that reads as a word of the sentence (``to a random string``), not a secret."""
    return v.isalpha() and not any(a.islower() and b.isupper() for a, b in zip(v, v[1:]))


def find_set_to(text: str, low: str, out: list[Hit]) -> None:
    """``Set `SECRET_KEY` to `V``` / ``set APP_SECRET to V``: a value given to a setting named like a secret
    (the caller gates on ``set`` and ``to`` being letter runs of the text)."""
    for m in _SET_TO.finditer(low):
        k = text[m.start("k"):m.end("k")]
        if key_score(k) < 2:
            continue
        g = "bq" if m.start("bq") >= 0 else "dq" if m.start("dq") >= 0 else "bare"
        s, e = m.span(g)
        if g == "bare":
            while e > s and text[e - 1] in _TRAIL:
                e -= 1
            if e - s < 6 or _wordish(text[s:e]):
                continue
        span = vet_value(text, s, e, 2, quoted=g != "bare")
        if span is not None:
            out.append(Hit(span[0], span[1], "SECRET", "doc-set-to"))
