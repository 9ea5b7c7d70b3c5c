"""Words that strict mode took for names but that name a thing: kept verbatim (keep hits, round 13).

Strict mode redacts a capitalised word off the allow list, so ordinary records lost their readable
parts. Three families are kept here, before the name heuristics (identifier, phone and address
stages run earlier and still win):

- the value of a field that names a thing, not a person: a department (``Abteilung``, ``reparto``,
  ``Departman``, ``dział``), a city or country (``cidade``, ``città``, ``Stadt``, ``şehir``), a pipeline
  stage or status (``etapa``, ``Status``), a product or plan (``produto``, ``Product``, ``Nazwa towaru``):
  as a JSON string value (``"cidade": "São Paulo"``) or as the cells of a delimited table under such a
  header cell (CSV, semicolon, tab or pipe tables). A value of more than four words, or one with an
  ``@`` or a run of six digits, is not kept (prose or an identifier);
- a drug or product name right before its strength or dose (``Metformin 1000 mg``, ``Ampicillin/Sulbactam
  3 g``, ``Amoxicillin 1000 mg``): no person is followed by a dose;
- a maker's product line before its model number (``Dell Latitude 7450``, ``Synthes VA-LCP 2.4``,
  ``Lenovo ThinkCentre M70q``): a device, not a person called Dell;
- a Hebrew toponym or venue opened by a place word (``Beit HaGefen``, ``Kfar Saba``, ``Ramat Gan``);
- an exhibit or annex mark (``exhibited marked "SMC 1"``, ``Anlage K 3``): a document's label;
- in German text, a capitalised word right after an article, a determiner or a contraction (an adjective
  may stand between): ``die Wartezeit``, ``der nächsten Kontrolle``, ``im Konferenzraum``, ``am Schöckl``
  (German sets no article before a name in writing; ``Frau Huber`` after ``die`` keeps only ``Frau``); in
  Dutch text a word after ``te`` (``geboren te Amersfoort``); ``I am Sarah`` is English and stays a name.

Imports: redaction.spans, redaction.terms, redaction.textview.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import PLACEHOLDER_CATEGORY, Hit
from redacted_context_mcp.redaction.terms import trie_pattern
from redacted_context_mcp.redaction.textview import Words

#: Field names (folded, ``_ - .`` as blanks) whose values name a thing: departments, places, stages,
#: statuses, products and plans, in the languages of the HR, CRM and invoice exports of the corpora.
THING_FIELDS: frozenset[str] = frozenset("""
department|dept|departement|département|departamento|departman|abteilung|afdeling|reparto|dipartimento|dział|dzial
|division|bereich|business unit|cost center|cost centre|kostenstelle|centro de custo|centro di costo|birim|bölüm
|city|cidade|citta|città|ciudad|ville|stadt|ort|plaats|woonplaats|miasto|şehir|sehir|ilçe|ilce|kommune|town
|country|land|pais|país|paese|pays|ülke|ulke|kraj|state|uf|provincia|província|province|bundesland|region|regione
|stage|etapa|fase|phase|pipeline|funil|status|stato|durum|estado do negócio|deal stage|lifecycle stage
|product|produto|produkt|prodotto|producto|produit|ürün|urun|plan|tier|category|categoria|categoría|kategorie
|kategori|kategoria|segment|segmento|priority|prioridade|priorità|risk|risk level|risiko|product name|item
|nazwa towaru|nazwa towaru lub usługi|nazwa towaru lub uslugi|nazwa usługi|towar|artikel|bezeichnung
|artikelbezeichnung|omschrijving|descrizione|descrição|descripción|désignation|hizmet|ürün adı|urun adi
|avdelning|avdeling|osasto|oddělení|oddelenie|osztály|departament|estado|situación|situacion|situação|situacao
|destino|destination|destinazione|reiseziel|hotel|hotell|hôtel|accommodation|unterkunft|job title
|jobtitel|befattning|stilling|tehtävä|fonction|puesto|ruolo|mansione|functie|stanowisko
""".replace("\n", "").split("|"))

_NORM = re.compile(r"[\s_\-.]+")
#: A JSON string value under a thing field (a trie of the field names: most keys fail at their first letter).
_JSON_PAIR = re.compile(r'"(?P<k>' + trie_pattern(sorted(THING_FIELDS)) + r')"[ \t]{0,2}:[ \t]{0,2}'
                        r'"(?P<v>[^"\\\n]{1,80})"', re.IGNORECASE)
_DELIMS = (";", "\t", "|", ",")
_LONG_DIGITS = re.compile(r"[0-9]{6}")


def _thing_key(key: str) -> int:
    """The most words a value of field ``key`` may have to be kept (0: not a thing field)."""
    k = _NORM.sub(" ", key.lower()).strip(" *`:#")
    return (10 if k in _LONG_FIELDS else 4) if k in THING_FIELDS else 0


#: Fields whose values are product or service descriptions: up to ten words (an invoice line).
_LONG_FIELDS = frozenset(f for f in THING_FIELDS if f.startswith(("product", "produ", "item", "nazwa", "towar",
                                                                   "artikel", "bezeichnung", "omschrijving", "descri",
                                                                   "désignation", "hizmet", "ürün", "urun")))


def _plain(value: str, most: int = 4) -> bool:
    """A short value that names a thing (no address mark, no identifier-length digit run)."""
    v = value.strip()
    return bool(v) and len(v.split()) <= most and "@" not in v and _LONG_DIGITS.search(v) is None \
        and any(c.isalpha() for c in v)


def _json_values(text: str, hits: list[Hit]) -> None:
    for m in _JSON_PAIR.finditer(text):
        most = _thing_key(m.group("k"))
        if most and _plain(m.group("v"), most):
            hits.append(Hit(*m.span("v"), PLACEHOLDER_CATEGORY, "keep-thing-field"))


def _cells(line: str, delim: str) -> list[tuple[int, int]]:
    """(start, end) of each cell, double quotes respected (a quoted cell may hold the delimiter)."""
    out, pos, n = [], 0, len(line)
    while pos <= n:
        s = pos
        while s < n and line[s] in " \t":
            s += 1
        if line.startswith('"', s):
            close = line.find('"', s + 1)
            close = n if close < 0 else close
            end = line.find(delim, close)
            end = n if end < 0 else end
            out.append((s + 1, close))
        else:
            end = line.find(delim, s)
            end = n if end < 0 else end
            e = end
            while e > s and line[e - 1] in " \t\r":
                e -= 1
            out.append((s, e))
        pos = end + 1
    return out


def _table_values(text: str, present: frozenset[str], hits: list[Hit], budget: int = 2000) -> None:
    """Cells under a thing header cell, in the rows after the header line (same number of cells); the header
    lines are found from the occurrences of the field words ``present`` in the text (folded), not line by line."""
    low = text.lower()
    heads: set[int] = set()
    for word in present:
        pos, seen = low.find(word), 0
        while pos >= 0 and seen < 20:
            heads.add(low.rfind("\n", 0, pos) + 1)
            pos, seen = low.find(word, pos + len(word)), seen + 1
    done = -1
    for head in sorted(heads):
        if head < done:
            continue
        eol = text.find("\n", head)
        if eol < 0 or eol - head > 600:
            continue
        line = text[head:eol]
        delim = next((d for d in _DELIMS if line.count(d) >= 2), None)
        if delim is None:
            continue
        cells = _cells(line, delim)
        cols = [(c, most) for c, (s, e) in enumerate(cells) if (most := _thing_key(line[s:e]))]
        if not cols:
            continue
        width, pos, rows = len(cells), eol + 1, 0
        while pos < len(text) and rows < budget:
            nl = text.find("\n", pos)
            nl = len(text) if nl < 0 else nl
            row = text[pos:nl]
            rows += 1
            if delim == "|" and row.strip() and set(row.strip()) <= set("|-: "):
                pos = nl + 1
                continue
            rc = _cells(row, delim)
            if len(rc) != width:
                break
            for c, most in cols:
                s, e = rc[c]
                if e > s and _plain(row[s:e], most):
                    hits.append(Hit(pos + s, pos + e, PLACEHOLDER_CATEGORY, "keep-thing-column"))
            pos = nl + 1
        done = pos


_DOSE_UNITS = r"(?:mg|mcg|µg|μg|g|ml|mL|IE|I\.E\.|IU|mmol|Hub|Tbl)"
_DOSE = re.compile(r"(?<![\w./\-])[A-ZÀ-Þ][a-zß-ÿ]{3,24}(?:/[A-ZÀ-Þ][a-zß-ÿ]{3,24})?"
                   r"(?=[ \u00a0][0-9]{1,5}(?:[.,][0-9]{1,3})?[ \u00a0]?" + _DOSE_UNITS + r"(?![\w]))")
_DOSE_WORDS = frozenset(("mg", "mcg", "ml", "ie", "iu", "mmol", "hub", "tbl", "µg", "μg"))  # not "g" (e.g.)
_DOSE_GATE = re.compile(r"[0-9][ \u00a0]?" + _DOSE_UNITS + r"(?![\w])")
#: Every word of the field names (a text none of whose letter runs is one holds no such field).
_THING_WORDS = frozenset(w for f in THING_FIELDS for w in f.split())
#: German articles, determiners and contractions: the capitalised word after one (an adjective may stand
#: between) is a noun in German text (``die Wartezeit``, ``der nächsten Kontrolle``, ``im Konferenzraum``).
_DETERMINERS = ("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines", "kein",
                "keine", "keinen", "keinem", "keiner", "am", "im", "vom", "zum", "zur", "beim", "ins", "ans")
_DETERMINER_ALT = "|".join(f"[{d[0]}{d[0].upper()}]{d[1:]}" for d in _DETERMINERS)  # Die, die
_LOCATIVE = re.compile(r"(?<![\w])(?:" + _DETERMINER_ALT + r"|te)[ \t](?:[a-zäöüß]{2,20}[ \t])?"
                       r"(?P<w>[A-ZÀ-Þ][a-zß-ÿ]{2,30})(?![\w'’-])")
_LOCATIVE_WORDS = frozenset((*_DETERMINERS, "te"))
#: Words of German and of Dutch that no English text holds: the contraction is read in such a text only.
_CHAT_BEFORE = re.compile(r"(?:^|[\n:]|\b(?i:hey|hi|hello|yes|yeah|ok|okay|and|but|so|lol|oh)[,!.]?)[ \t]{0,2}\Z")
_ENGLISH_DIE = re.compile(r"Die[ \t](?:Hard|Antwoord)")  # (titles: "Die Hard")
_GERMAN = frozenset("und der die das ist nicht mit wir sie ich auf für über nach wurde werden bitte".split())
_DUTCH = frozenset("het een en op voor met niet zijn ik wordt geboren wonende".split())
#: Makers of devices, implants and office equipment whose product lines are named ``<Maker> <Line> <model>``.
MAKERS: tuple[str, ...] = ("Dell", "HP", "Lenovo", "Asus", "ASUS", "Acer", "Apple", "Samsung", "Microsoft", "Google",
                           "Sony", "Huawei", "Xiaomi", "Logitech", "Cisco", "Canon", "Epson", "Brother", "Philips",
                           "Bosch", "Siemens", "Fujitsu", "Toshiba", "Panasonic", "Nokia", "Motorola", "OnePlus",
                           "Garmin", "Synology", "Netgear", "Ubiquiti", "Zebra", "Honeywell", "Synthes", "Medtronic",
                           "Olympus", "Stryker", "Zimmer", "Dyson", "Miele", "Jabra", "Poly", "Yealink", "Kyocera",
                           "Ricoh", "Xerox", "Lexmark", "Garmin", "Fairphone", "Framework", "Razer", "MSI")
_MODEL = re.compile(r"(?<![\w-])(?:" + "|".join(dict.fromkeys(MAKERS)) + r")[ ][A-Z][A-Za-z]{1,20}"
                    r"(?:[ -][A-Z0-9][A-Za-z0-9]{0,10}){0,2}(?=[ ][A-Z]{0,4}[0-9]{1,5}(?:\.[0-9]{1,3})?[A-Za-z]{0,3}"
                    r"(?![\w.-]|\.[0-9]))")
_MAKER_WORDS = frozenset(m.lower() for m in MAKERS)
#: Hebrew place words that open a toponym or a venue's name (Beit Shemesh, Kfar Saba, Ramat Gan, Kiryat Ono,
#: Beit HaGefen, Givat Shmuel, Mitzpe Ramon): a place, not a person.
_HE_PLACE = re.compile(r"(?<![\w-])(?:Beit|Beth|Kfar|Ramat|Givat|Kiryat|Neve|Mitzpe|Ma'ale|Moshav|Kibbutz|Nahal)"
                       r"[ \-](?:Ha-?|ha-?)?[A-Z][a-z]{2,20}(?:[ \-][A-Z][a-z]{2,20})?(?![\w-])")
_HE_PLACE_WORDS = frozenset(("beit", "beth", "kfar", "ramat", "givat", "kiryat", "neve", "mitzpe", "ma", "moshav",
                             "kibbutz", "nahal"))
_EXHIBIT = re.compile(r"(?<![\w])(?i:marked|exhibit|annex|annexure|appendix|anlage|bijlage|allegato|anexo)[ \t]{1,2}"
                      r"[\"“'‘]?(?P<m>[A-Z]{1,5}[ -]?[0-9]{1,3}[a-z]?)(?![\w-])")
_EXHIBIT_WORDS = frozenset(("marked", "exhibit", "annex", "annexure", "appendix", "anlage", "bijlage", "allegato",
                            "anexo"))


def find_plain_fields(text: str, words: Words | None = None) -> list[Hit]:
    """Keep hits of the families above (``words``: ``textview.letter_words(low)`` when the caller has it)."""
    hits: list[Hit] = []
    present = _THING_WORDS if words is None else (
        () if _THING_WORDS.isdisjoint(words.set) else _THING_WORDS.intersection(words.set))
    if present:
        if '":' in text or '" :' in text:
            _json_values(text, hits)
        if "\n" in text and ("|" in text or ";" in text or "\t" in text or "," in text):
            _table_values(text, frozenset(present), hits)
    if words is None or not words.set.isdisjoint(_DOSE_WORDS):
        last = -1
        for g in _DOSE_GATE.finditer(text):  # the dose first (rare), then the name right before it
            m = _DOSE.search(text, max(last, g.start() - 64), g.end())
            if m is not None and m.end() <= g.start() + 1:
                hits.append(Hit(*m.span(), PLACEHOLDER_CATEGORY, "keep-dose-name"))
                last = m.end()
    if words is None or not words.set.isdisjoint(_MAKER_WORDS):
        hits += [Hit(*m.span(), PLACEHOLDER_CATEGORY, "keep-product-model") for m in _MODEL.finditer(text)]
    if words is None or not words.set.isdisjoint(_HE_PLACE_WORDS):
        hits += [Hit(*m.span(), PLACEHOLDER_CATEGORY, "keep-place-name") for m in _HE_PLACE.finditer(text)]
    if words is None or not words.set.isdisjoint(_EXHIBIT_WORDS):
        hits += [Hit(*m.span("m"), PLACEHOLDER_CATEGORY, "keep-exhibit-mark") for m in _EXHIBIT.finditer(text)]
    if words is not None and not words.set.isdisjoint(_LOCATIVE_WORDS):
        german = len(_GERMAN.intersection(words.set)) >= 2
        dutch = "te" in words.set and not words.set.isdisjoint(_DUTCH)
        for m in _LOCATIVE.finditer(text) if german or dutch else ():
            s = m.start()
            if not (dutch if text[s:s + 2] == "te" else german) \
                    or text[s:s + 3] == "Die" and text[s + 3:s + 4] == " " and _ENGLISH_DIE.match(text, s) is not None:
                continue  # "hey im Jake", "I am Sarah": English (no German or Dutch word in the text)
            if text[s:s + 2] == "am" and (text[max(0, s - 2):s] in ("I ", "i ") or (s and text[s - 2:s - 1].isdigit())):
                continue  # "I am Sarah", "9 am Standup"
            if text[s:s + 2] == "im" and _CHAT_BEFORE.search(text, max(0, s - 8), s) is not None:
                continue  # "hey im Jake", "ok im Jake" (I'm), a message opening with "im"
            hits.append(Hit(*m.span("w"), PLACEHOLDER_CATEGORY, "keep-locative-noun"))
    return hits
