"""German count, time and clinical nouns, and the endings of German abstract nouns (data only, round 13).

German writes every noun with a capital, so strict mode took ``5 Tage``, ``6 Wochen``, ``09:30 Uhr``,
``Entlassung`` or ``Wiedervorstellung`` for names. ``COUNT_NOUNS`` are the nouns that follow a number
(durations, times, frequencies, units of a letter or an invoice) and the currency abbreviations after an
amount (``2.450,00 TL``, ``1 250,00 zł``, ``12 000 Kč``); ``NOUN_ENDINGS`` are the derivational
endings of German abstract nouns (``-ung``, ``-heit``, ``-keit``, ``-schaft``, ``-ität``...), which no given
name or surname of eight letters or more carries (``Hartung`` and ``Jung`` are shorter).

Imports: none.
"""

from __future__ import annotations

COUNT_NOUNS: frozenset[str] = frozenset("""
tag tage tagen tages woche wochen monat monate monaten monats jahr jahre jahren jahres stunde stunden
minute minuten sekunde sekunden uhr nacht nächte nächten werktag werktage werktagen arbeitstag arbeitstage
kalendertag kalendertage quartal quartale semester mal stück stk packung packungen tablette tabletten
kapsel kapseln ampulle ampullen tropfen hub hübe einheit einheiten portion portionen seiten zimmer
prozent euro cent franken person personen
tl zł zl kč kc ft lei rs
""".split())

#: Endings of German abstract and collective nouns (a word of eight letters or more ending so is a noun).
NOUN_ENDINGS: tuple[str, ...] = ("ungen", "ung", "heiten", "heit", "keiten", "keit", "schaften", "schaft",
                                 "itäten", "ität", "tionen", "ismus", "nahme", "nahmen", "ierung")
