"""Postal addresses without a label: a street with its house number, and the postcode beside it.

Labelled addresses (``Anschrift:``, ``Adresse :``, address columns) are rows of ``id_rows`` and
``columns``; this stage reads the street line itself, in the shapes of eight countries:

- type word first, number after (IT, ES, PT, PL): ``Via dei Mille 24``, ``Calle de Alcalá 48``, ``C/ Mayor, 27``;
- number first, type word after (UK, US, IE, AU, CA): ``27 Ellesmere Road``, ``1600 Amphitheatre Pkwy``;
- number first, type word first (FR, BE): ``12 rue de la Paix``, ``3 bis avenue Jean-Jaurès``;
- a compound street name, number after (DE, AT, CH, NL, Nordics): ``Lindwurmstraße 88``,
  ``Keizersgracht 452``, ``Rosenweg 3``;

then, when it follows, the postcode (``80337``, ``1016 GE``, ``75008``), a UK postcode with its town
(``London NW3 2BL``) or a US town, state and ZIP (``Springfield, OR 97403-2271``). The town after a
continental postcode stays readable: a city is no personal data. A UK postcode (a handful of
households) also counts on its own after a town, and a Dutch postcode opening a line. A street
without a house number (``turn left onto Main Street``) or with a counted noun after the number (``Via Slack 2 days
ago``) stays.

Gates (most texts hold no address; every gate is a set lookup in the text's letter runs, as a scan of
the text costs about 1 ms per MB each, and an ASCII text without any gate word costs one set test):
the type words (``road``, ``rue``, ``calle``...; ``Via `` in a text with an Italian word) let the type
regexes and the lone UK postcodes run; the compound streets and Dutch postcodes need a common word of
German, Dutch or the Nordic languages, or a ``ß``; the
vCard rule needs the run ``adr``.

Imports: redaction.spans, redaction.textview.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import Words

_UP = r"[A-ZÀ-ÖØ-ÞĀ-Ž]"  # Latin capitals (with the accented ones of Western and Central Europe)
_CAP = _UP + r"[^\W\d_]{1,24}(?:[\-'’]" + _UP + r"?[^\W\d_]{1,24})?"
_PART = r"(?:de|del|de la|de los|de las|dei|della|delle|degli|di|da|do|dos|das|du|des|la|le|les|el|los|las)"
_WORDS = r"(?:(?:" + _PART + r"|" + _CAP + r")[ ]{1,2}){0,4}" + _CAP
_NUM = r"[0-9]{1,4}(?:[ ]?[a-zA-Z](?![^\W\d_]))?(?:[/\-][0-9]{1,4}[a-z]?)?(?![0-9.,:%]?[0-9])"
# the number is a house number, not a count ("Via Slack 2 days ago", "12 rue ... 3 fois")
_NOT_COUNT = (r"(?![ ]{1,2}(?:days?|hours?|times?|weeks?|months?|years?|mins?|minutes?|x|%|items?|people|users?"
              r"|fois|jours|días|giorni|mal|tage)(?![^\W\d_]))")

_TYPE_FIRST_WORDS = ("Via", "Viale", "Piazza", "Piazzale", "Corso", "Largo", "Vicolo", "Calle", "Avenida", "Avda.",
                     "Av.", "C/", "Plaza", "Paseo", "Carrer", "Rua", "Travessa", "Praça", "ul.", "al.", "Ulica",
                     "Aleja")
_EN_TYPES = ("Street", "St", "St.", "Road", "Rd", "Rd.", "Avenue", "Ave", "Ave.", "Lane", "Ln", "Drive", "Dr.",
             "Boulevard", "Blvd", "Blvd.", "Court", "Ct", "Place", "Terrace", "Crescent", "Close", "Way",
             "Parkway", "Pkwy", "Hill", "Square", "Gardens", "Grove", "Row", "Mews", "Walk", "Highway", "Hwy")
_FR_TYPES = ("rue", "avenue", "av.", "boulevard", "bd", "place", "chemin", "allée", "impasse", "quai", "cours",
             "route", "square", "passage")
_COMPOUND_ENDS = ("straße", "strasse", "str.", "gasse", "weg", "platz", "allee", "damm", "ufer", "chaussee",
                  "graben", "gracht", "straat", "laan", "kade", "plein", "singel", "dijk", "steeg", "gatan",
                  "gata", "vägen", "gade", "vej", "veien", "katu")
#: Compounds with those ends that are no street (a workplace, a parking space, a way out).
_NOT_STREETS = frozenset({"arbeitsplatz", "parkplatz", "stellplatz", "sitzplatz", "spielplatz", "ausweg", "umweg",
                          "arbeitsweg", "zugweg", "lösungsweg", "rechtsweg", "dienstweg", "werdegang"})


def _alt(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


# the postcode after a street: continental (5 or 4 digits, NL "1016 GE", PL "00-950"; a country prefix),
# UK (town and postcode) or US (town, state, ZIP)
_UK_POST = r"[A-Z]{1,2}[0-9][A-Z0-9]?[ ][0-9][ABD-HJLNP-UW-Z]{2}(?![\w])"
_US_STATES = ("AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY "
              "NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY").split()
_US_ZIP = r"(?:" + "|".join(_US_STATES) + r")[ ]{1,2}[0-9]{5}(?:-[0-9]{4})?(?![\w-])"
_TAIL = (r"(?:(?:,?[ ]{1,2}|[ ]{0,2}\r?\n[ \t]{0,4})"
         r"(?:(?:[A-Z]{1,2}-)?(?:[0-9]{5}|[0-9]{4}(?:[ ]?[A-Z]{2}(?![\w]))?|[0-9]{2}-[0-9]{3})"
         r"(?=[ ]{1,2}" + _UP + r")"
         r"|(?:" + _CAP + r"[ ]{1,2}){1,2}" + _UK_POST +
         r"|(?:" + _CAP + r"[ ]{1,2}){0,2}" + _CAP + r",?[ ]{1,2}" + _US_ZIP + r"))?")

# a flat after the house number: Polish ``m. 15`` / ``lok. 3``, Italian ``int. 7``, ``apt 4`` (round 13)
_FLAT = r"(?:(?<=[ ]m)\.[ ]?[0-9]{1,4}|,?[ ](?:m\.|lok\.|int\.|apt\.?|app\.)[ ]?[0-9]{1,4}[a-z]?(?![\w]))?"
_TYPE_FIRST = re.compile(r"(?<![\w/])" + _alt(_TYPE_FIRST_WORDS) + r"[ ]{1,2}" + _WORDS
                         + r",?[ ]{1,2}(?:n\.?[º°]?[ ]?)?" + _NUM + _FLAT + _NOT_COUNT + _TAIL)
_NUMBER_FIRST = re.compile(
    r"(?<![\w.,:/\-])[0-9]{1,5}(?:[ ]?(?:bis|ter)|[A-Za-z])?,?[ ]{1,2}(?:"
    + r"(?:" + _CAP + r"[ ]{1,2}){1,3}" + _alt(_EN_TYPES) + r"(?![\w])"
    + r"|" + _alt(_FR_TYPES + tuple(w.capitalize() for w in _FR_TYPES)) + r"[ ]{1,2}"
    + r"(?:(?:" + _PART + r"|de l'|d')[ ]{0,2}){0,2}" + _WORDS + r")" + _TAIL)
# a compound street is found from the blank after it (a literal-led scan: a digit next, then one
# fixed-width look-behind per street end), then read back to its capital
_COMPOUND_END = re.compile(r" (?=[0-9])(?:" + "|".join(f"(?<={re.escape(e)} )" for e in _COMPOUND_ENDS) + ")")
_COMPOUND_HEAD = re.compile(r"(?<![\w\-])" + _UP + r"[^\W\d_]{1,40}\Z")
_COMPOUND_REST = re.compile(r"[ ]{1,2}" + _NUM + _NOT_COUNT + _TAIL)
# a Norwegian, Danish or Swedish street in two words, a genitive and the type word ("Thereses gate 41",
# "Karl Johans gate 7", personal round 12): found from the type word (a literal-led scan), read back to its capital
_NORDIC_TYPE = re.compile(r" (?:gate|gata|gade|vei|veien|vej|vegen) (?=[0-9])")
_NORDIC_TYPES = frozenset(("gate", "gata", "gade", "vei", "veien", "vej", "vegen"))
_NORDIC_HEAD = re.compile(r"(?<![\w\-])" + _UP + r"[^\W\d_]{1,30}s\Z")
_LONE_UK = re.compile(r"(?<=[a-z] )" + _UK_POST)
# a Dutch postcode opening a line or after a comma, a town after it ("2514 ED Den Haag")
_LONE_NL = re.compile(r"(?:(?<=, )|(?<=^)|(?<=\n))[1-9][0-9]{3}[ ]?(?!S[ADS])[A-Z]{2}(?=[ ]{1,2}" + _UP + r"[a-z])",
                      re.MULTILINE)
# a vCard ADR property: ``ADR;TYPE=home:pobox;ext;street;locality;region;postcode;country`` (street, postcode)
_VCARD_ADR = re.compile(r"(?im)^(?:item[0-9]{1,2}\.)?ADR(?:;[^:\n]{0,80})?:[^;\n]{0,80};[^;\n]{0,80};"
                        r"(?P<street>[^;\n]{0,120});[^;\n]{0,60};[^;\n]{0,60};(?P<post>[^;\n]{0,20})")

#: The letter runs (folded) that let the type-word regexes run.
#: The letter runs (folded) that let the type regexes run: English types that are everyday words too
#: (lane, drive, way, close, place, court, hill...) count only beside one of these, so a text that holds
#: "Avery Lane" is no address by itself; "via" is an English word too, so ``Via `` with its capital is
#: looked up in texts with an Italian word.
_GATE_WORDS = frozenset(
    "street road avenue terrace boulevard parkway pkwy blvd rue chemin allée impasse quai viale piazza corso "
    "calle avenida avda plaza paseo carrer rua travessa praça ulica aleja ul al".split())  # ul., al.: Polish
_ITALIAN = frozenset("della che presso".split())
#: Words of German, Dutch and the Nordic languages (and their address abbreviations) that let the compound
#: regex run (and, in a text with a non-ASCII letter, a ``ß``).
_COMPOUND_LANG = frozenset("und der mit het een och att og plz str strasse straat".split())
_DUTCH = frozenset("het een straat".split())
#: Every gate word: an ASCII text without any (most texts) costs one set test.
_ANY = _GATE_WORDS | _ITALIAN | _COMPOUND_LANG | _NORDIC_TYPES | {"adr"}


def find_addresses(text: str, low: str, words: Words, cls: bytes | None) -> list[Hit]:
    """Street addresses with a house number (and the postcode after them), and lone UK/Dutch postcodes."""
    hits: list[Hit] = []
    have = words.set
    if cls is not None and _ANY.isdisjoint(have):
        return hits
    typed = not _GATE_WORDS.isdisjoint(have) or (
        "via" in have and not _ITALIAN.isdisjoint(have) and "Via " in text)
    if typed:
        for rx in (_TYPE_FIRST, _NUMBER_FIRST):
            hits += [Hit(*m.span(), "ADDRESS", "street-address") for m in rx.finditer(text)]
    if not _COMPOUND_LANG.isdisjoint(have) or (cls is None and "ß" in text):
        for m in _COMPOUND_END.finditer(text):
            end = m.start()  # the end of the street word
            head = _COMPOUND_HEAD.search(text, max(0, end - 48), end)
            # a compound of six letters or more ("Platz 3" is a ranking, "Weg 2" a step)
            if head is None or end - head.start() < 6 or text[head.start():end].lower() in _NOT_STREETS:
                continue
            rest = _COMPOUND_REST.match(text, end)
            if rest is not None:
                hits.append(Hit(head.start(), rest.end(), "ADDRESS", "street-address"))
        if not _DUTCH.isdisjoint(have):
            hits += [Hit(*m.span(), "ADDRESS", "postcode-nl") for m in _LONE_NL.finditer(text)]
    if not _NORDIC_TYPES.isdisjoint(have):
        for m in _NORDIC_TYPE.finditer(text):
            head = _NORDIC_HEAD.search(text, max(0, m.start() - 32), m.start())
            rest = _COMPOUND_REST.match(text, m.end() - 1) if head is not None else None
            if rest is not None:
                hits.append(Hit(head.start(), rest.end(), "ADDRESS", "street-address"))
    if typed:  # after the streets: a lone postcode inside a street span is dropped by the claims
        hits += [Hit(*m.span(), "ADDRESS", "postcode-uk") for m in _LONE_UK.finditer(text)]
    if "adr" in have:
        for m in _VCARD_ADR.finditer(text):
            hits += [Hit(*m.span(g), "ADDRESS", "vcard-adr") for g in ("street", "post") if m.group(g).strip()]
    return hits


#: ``redctx rules`` rows.
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("street-address", "ADDRESS", "default",
     "street addresses with a house number, no label needed (Via dei Mille 24, 27 Ellesmere Road, 12 rue de la "
     "Paix, Lindwurmstraße 88), with the postcode after them"),
    ("postcode-uk", "ADDRESS", "default", "UK postcodes after a town (Bristol BS6 5HW)"),
    ("postcode-nl", "ADDRESS", "default", "Dutch postcodes opening a line or after a comma, a town after them"),
    ("vcard-adr", "ADDRESS", "default", "the street and postcode fields of a vCard ADR property"),
)

#: Every regex, for the hostile-input sweep (tests/redaction/test_linear.py).
PATTERNS: dict[str, re.Pattern[str]] = {
    "type-first": _TYPE_FIRST, "number-first": _NUMBER_FIRST, "compound-end": _COMPOUND_END,
    "compound-head": _COMPOUND_HEAD, "compound-rest": _COMPOUND_REST, "lone-uk": _LONE_UK,
    "lone-nl": _LONE_NL, "vcard-adr": _VCARD_ADR, "nordic-type": _NORDIC_TYPE, "nordic-head": _NORDIC_HEAD,
}
