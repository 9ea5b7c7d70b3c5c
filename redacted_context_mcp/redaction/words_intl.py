"""Words of other languages and places that the name passes keep readable (data only).

``FUNCTION_WORDS``: articles, pronouns, possessives, prepositions and conjunctions of German, French,
Spanish, Italian, Dutch and Portuguese. A sentence or a sign-off line that starts with one (``Die Idee``,
``El equipo de soporte``, ``Ihr Support-Team``) is not a name; name particles (``van``, ``von``, ``de``,
``di``, ``da``, ``du``, ``del``, ``della``, ``dos``, ``ter``) are left out so they keep joining surnames,
and so are words that are also common surnames or given names elsewhere (``Ma``, ``Su``, ``Lo``, ``Son``,
``Hun``, ``Sin``, ``Una``...).

``PLACE_WORDS``: countries, regions and large cities.

Strict mode redacts capitalised words off the allow list, so "moved from Munich to Berlin" lost
both places. Places are not personal data, and a name cue (greeting, title, label) still catches
a person whatever the word. Names that are also common given names or surnames (Florence, Sydney,
Victoria, Austin, Paris, Milan, Sofia, Georgia, Jordan, Israel, Adelaide, Regina, Nancy, Brittany,
Lincoln, Washington, Houston, Dallas, Charlotte, Madison, Santiago...) are left out on purpose.

Imports: none.
"""

from __future__ import annotations

PLACE_WORDS: frozenset[str] = frozenset("""
germany france spain italy netherlands belgium austria switzerland portugal poland sweden norway denmark
finland ireland greece turkey czechia slovakia hungary romania bulgaria croatia slovenia serbia estonia
latvia lithuania luxembourg iceland ukraine russia canada mexico brazil argentina chile colombia peru
japan china korea india pakistan bangladesh indonesia malaysia thailand vietnam philippines australia
egypt nigeria kenya morocco algeria tunisia ethiopia ghana africa europe asia americas emirates qatar
arabia iran iraq britain england scotland wales deutschland frankreich spanien italien österreich schweiz
españa italia nederland belgië belgique suisse polska sverige norge danmark suomi brasil méxico perú
türkiye bayern bavaria catalonia catalunya andalucía andalusia flanders wallonia lombardy lombardia
tuscany toscana provence normandy texas california florida ontario quebec québec
munich münchen berlin hamburg frankfurt köln cologne stuttgart düsseldorf leipzig dresden hannover
nürnberg nuremberg bremen dortmund essen bonn mannheim karlsruhe wiesbaden mainz heidelberg
vienna wien graz linz salzburg innsbruck zürich zurich basel bern geneva genève genf lausanne lugano
madrid barcelona sevilla seville bilbao málaga malaga zaragoza valladolid alicante lisbon lisboa porto
rome roma milano turin torino napoli naples bologna firenze venezia venice genova palermo verona
amsterdam rotterdam utrecht eindhoven groningen antwerp antwerpen brussels bruxelles brussel ghent gent
liège copenhagen københavn stockholm oslo helsinki gothenburg göteborg malmö aarhus warsaw warszawa
kraków krakow wrocław wroclaw gdańsk gdansk poznań poznan prague praha brno budapest bucharest
bucurești athens istanbul ankara zagreb ljubljana belgrade bratislava vilnius riga tallinn kyiv kiev
moscow london manchester birmingham liverpool leeds glasgow edinburgh cardiff belfast bristol sheffield
nottingham leicester oxford cambridge dublin galway marseille toulouse bordeaux lille nantes strasbourg
montpellier rennes grenoble lyon chicago seattle boston toronto montreal montréal vancouver ottawa
calgary bogotá bogota tokyo osaka kyoto yokohama seoul busan beijing shanghai shenzhen guangzhou
singapore bangkok jakarta manila mumbai delhi bangalore bengaluru chennai hyderabad pune kolkata dubai
riyadh doha cairo lagos nairobi johannesburg melbourne brisbane auckland valencia
emea apac latam amer dach benelux nordics mena
""".split())

FUNCTION_WORDS: frozenset[str] = frozenset("""
die das dem den des ein eine einen einem einer eines ihr ihre ihren ihrem ihrer unser unsere euer eure sie wir
ich du er es mein meine dein deine sein seine kein keine und oder aber mit für über unter nach bei zum zur
im am vom ins auf aus wie wenn dass als auch noch nur schon sehr bitte anbei hier dort diese dieser dieses
jede jeder alle viele
el los las uno unos unas sus nuestro nuestra nuestros vuestro mis tus este esta estos estas ese
esa eso aquel y o pero con para por según sobre entre desde hasta al muy también aquí
le les une des ce cet cette ces sa ses leur leurs notre nos votre vos mon mes ton tes et ou mais
avec sans pour par chez dans sur sous entre vers aussi très ici voici voilà nous vous ils elles
il gli uno questo questa questi quello quella nostro nostra vostro vostra suo sua loro e con senza
per tra fra nel nella nei negli sul sulla anche molto qui ecco
het een onze ons uw jullie zijn haar deze dit die dat en maar met zonder voor door bij naar uit ook
zeer hier
os um uma uns umas seu sua seus suas nosso nossa este esta isso aquele com sem pelo pela muito também aqui
""".split())

#: Field nouns of forms, invoices, leases, clinical notes and device labels (English, German, Spanish,
#: Polish, Swedish...) and English street types: a line such as ``Serial number: SN-…``, ``Kaltmiete
#: 1.240 EUR``, ``Pedido nº 88231`` or ``Dx: asthma`` names a field, never a person (strict mode kept
#: redacting them as names).
FIELD_NOUNS: frozenset[str] = frozenset("""
serial firmware qty highway motorway freeway gen medicare medicaid sku rx dx hx px tx bp kw nric
seite satz miete kaltmiete warmmiete nebenkosten kaution bahnhof hauptbahnhof pedido factura albarán
zamówienie faktura zamowienie ärende sag bestilling clause annex kapitel abschnitt absatz ziffer anlage
vereinbarung abfahrt ankunft bahnsteig gleis arbeitsplatz parkplatz stellplatz lösungsweg
avenue terrace boulevard crescent parkway
""".split())

#: Heads of compound nouns of German, Dutch and the Nordic languages (``Bestellnummer``, ``Ordernummer``,
#: ``Ärendenummer``, ``Nebenkosten``, ``Lohnsteuer``): a word of three letters or more before one of these
#: is a field noun, not a name. Heads that end surnames (``-wert``, ``-mann``, ``-stein``) are left out.
COMPOUND_HEADS: tuple[str, ...] = (
    "nummer", "nummern", "miete", "kosten", "betrag", "beträge", "preis", "preise", "gebühr", "gebühren",
    "steuer", "datum", "frist", "vertrag", "rechnung", "konto", "bahnhof", "bericht", "liste", "termin",
    "antrag", "versicherung", "formular", "protokoll", "zeitraum", "nachweis", "bescheinigung", "belopp",
    "bedrag", "kenmerk",
)
