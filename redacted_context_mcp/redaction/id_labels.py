"""Label lexicons of more countries for the labelled identifiers of ``personal_ids`` (data only).

Each tuple lists the labels (folded, any language) that announce one kind of value. Labels that
are also ordinary words or acronyms elsewhere (``SIN``, ``RFC``, ``CPR``, ``AVS``, ``rg``,
``pps``) announce only a value of their identifier's own shape (rows in ``personal_ids``), so
``RFC 7231``, ``sin 1234``, ``rg 2024 logs/`` and ``10000 pps`` stay readable.

Imports: none.
"""

from __future__ import annotations

#: More national, social-security and tax ids of persons (any token value with 4+ digits).
NATIONAL_ID_MORE: tuple[str, ...] = (
    # round 11: social-security and payroll ids of India (UAN, PF, ESIC), Brazil (PIS/PASEP, NIS, CTPS) and Spain
    # (número de afiliación a la Seguridad Social), as printed and as keys
    "uan", "uan no", "uan number", "universal account number", "pf no", "pf number", "pf account no", "epf no",
    "epf number", "esic no", "esic number", "esi no", "pis", "pis/pasep", "pis_pasep", "pis-pasep", "pasep",
    "nit/pis", "ctps", "n° ctps", "nº afiliación", "n.º afiliación", "nº afiliación s.s", "nº afiliación s.s.",
    "número de afiliación", "numero de afiliacion", "afiliación s.s", "afiliación s.s.", "n° afiliación",
    "nº seguridad social", "n.º seguridad social", "nº ss",
    # Belgium
    "rijksregisternummer", "rijksregisternr", "rijksregister", "registre national", "numéro de registre national",
    "n° de registre national", "n° registre national", "numéro national", "insz", "insz-nummer",
    # Nordics
    "personnr", "person nr", "personnummer", "fødselsnummer", "fødselsnr", "personnummeret",
    "henkilötunnus", "henkilotunnus", "sosiaaliturvatunnus",
    "cpr-nr", "cpr nr", "cpr nummer", "cpr-nummer", "cprnr", "personnumer",
    # Portugal, France, Germany, Switzerland, Poland, Ireland
    "contribuinte", "nº de contribuinte", "n.º de contribuinte", "número de contribuinte", "nif/nipc",
    "insee", "numéro insee", "n° insee", "numéro de sécu", "n° sécu", "sécu",
    "steuer-idnr", "steuer-idnr.", "steuer-ident-nr", "idnr", "identifikationsnummer",
    "rentenversicherungsnummer", "rv-nummer", "rvnr", "versicherungsnummer", "sv-nr", "svnr", "sv-nr.",
    "sozialversicherungsnr", "ahv-nummer", "ahv-nr", "ahv-nr.", "ahv nr", "avs-nr", "no avs", "n° avs",
    "numéro avs", "ahv/avs", "ahv-/avs-nr",
    "nr pesel", "numer pesel", "nr dowodu", "dowód osobisty", "numer dowodu",
    "pps no", "pps number", "ppsn",
    # Americas, Asia-Pacific
    "numéro d'assurance sociale", "tax file number", "tfn", "curp", "clave única", "rut", "dni/nie",
    "registro geral", "carteira de identidade", "cédula", "cedula", "cédula de ciudadanía", "cuil", "cuit",
    "マイナンバー", "個人番号", "my number", "mynumber", "individual number",
    "주민등록번호", "주민번호", "resident registration number", "resident registration no",
    "personal number", "personal id", "personal identity number", "personal identification number",
    "national identification number", "ausweis-nr",
    # round 9: other spellings of the same ids
    "bsn-nummer", "bsn nummer", "pers.nr", "pers. nr", "pers nr", "pers.nr.",
    "número de identificação fiscal", "numero de identificacao fiscal", "número fiscal de contribuinte",
    "cadastro de pessoas físicas", "cadastro de pessoa física", "cadastro de pessoas fisicas",
    "clave única de registro de población", "numéro d'assurance sociale", "numero d'assurance sociale",
    "social security no", "ss number", "fiscal code", "italian tax code",
    "codice fiscale", "natl id", "natl. id", "gov id", "government id", "govt id", "identity no",
    "israeli id no", "israeli id number", "national identifier",
    # the same labels as one identifier (JSON and LDAP keys folded: nationalId, socialSecurityNumber)
    "nationalid", "nationalidnumber", "nationalidentifier", "socialsecuritynumber", "taxid", "taxidnumber",
    "taxpayerid", "personalnumber", "personalid", "idnumber", "identitynumber", "fiscalcode", "codicefiscale",
    "taxfilenumber", "socialinsurancenumber", "noredupersonnin", "personnummer", "govid", "governmentid",
    # round 10: more countries' ids of persons (Turkey, the Balkans, Greece, Portugal, Czechia, Romania,
    # Hungary, Ukraine, Latin America, South-East Asia, Africa, the Gulf), as printed and as JSON keys
    "tc kimlik no", "tc kimlik", "t.c. kimlik no", "kimlik no", "kimlik numarası", "tckimlikno", "tc_kimlik_no",
    "jmbg", "matični broj", "maticni broj", "emšo", "egn", "егн", "osobni identifikacijski broj",
    "αριθμός φορολογικού μητρώου", "α.φ.μ.", "α.μ.κ.α.", "αμκα", "αφμ",
    "cartão de cidadão", "n.º cc", "nº cc", "niss", "número de segurança social",
    "rodné číslo", "rodne cislo", "rodne_cislo", "rodné č.", "adóazonosító jel", "adóazonosító", "taj szám",
    "taj-szám", "рнокпп", "іпн", "ипн", "инн", "ідентифікаційний код", "id_картка", "id-картка",
    "cuil/cuit", "cuil_cuit", "nro_doc", "nro. doc", "número de documento", "documento nacional de identidad",
    "rut/run", "cédula de identidad", "philhealth", "philhealth no", "sss no", "sss number", "umid", "tin no",
    "nomor induk kependudukan", "no. ktp", "no ktp", "npwp", "cccd", "số cccd", "cmnd", "số cmnd", "mã số thuế",
    "thai id", "thai id no", "เลขประจำตัวประชาชน", "national_id", "nhif no", "nhif_no", "nssf no", "kra pin",
    "kra_pin", "iqama", "iqama no", "iqama number", "رقم الهوية", "الرقم القومي", "national id no",
    # round 12: Canadian provincial health cards (OHIP, RAMQ, BC PHN) as printed on referral letters
    "ohip", "ohip no", "ohip number", "ohip #", "health card", "health card no", "health card number",
    "health card #", "hcn", "ramq", "carte soleil", "phn", "personal health number", "care card",
)

#: Labels whose value must have the shape of their own identifier (``personal_ids`` rows).
SIN_LABELS: tuple[str, ...] = ("sin", "sin no", "sin number", "nas", "social insurance no")
RRN_LABELS: tuple[str, ...] = ("rrn",)
RFC_LABELS: tuple[str, ...] = ("rfc", "registro federal de contribuyentes", "r.f.c", "r.f.c.")
RG_LABELS: tuple[str, ...] = ("rg",)
CPR_LABELS: tuple[str, ...] = ("cpr",)
HETU_LABELS: tuple[str, ...] = ("hetu", "sotu", "sotu-numero")
FNR_LABELS: tuple[str, ...] = ("fnr", "f.nr.")
AHV_LABELS: tuple[str, ...] = ("ahv", "avs")
PPS_LABELS: tuple[str, ...] = ("pps",)
NPI_LABELS: tuple[str, ...] = ("npi", "npi no", "npi number", "npi#", "national provider identifier")
UCI_LABELS: tuple[str, ...] = ("uci", "uci no", "uci number", "unique client identifier", "client id (uci)")
#: "f." (født / född, Danish, Norwegian, Swedish) announces a whole dd.mm.yyyy date only.
BORN_SHORT_LABELS: tuple[str, ...] = ("f.", "født", "född", "født den", "född den", "syntynyt")
#: Short labels of round 10 that are words or acronyms elsewhere: each announces its own shape only.
ELEVEN_LABELS: tuple[str, ...] = ("nin", "bvn", "oib", "amka", "tckn", "nss", "nss imss", "no. nss")  # 11 digits
NINE_LABELS: tuple[str, ...] = ("afm", "nif pt", "taj")  # 9 digits, maybe grouped 3-3-3
CNP_LABELS: tuple[str, ...] = ("cnp",)  # 13 digits
NIK_LABELS: tuple[str, ...] = ("nik", "ktp")  # 16 digits
KRA_LABELS: tuple[str, ...] = ("pin", "kra", "pin no")  # A012345678Z
UA_PASSPORT_LABELS: tuple[str, ...] = ("паспорт", "паспорт серія", "серія та номер паспорта", "паспорт серия",
                                       "passport")

#: More bank-account labels (the value is digits, or an IBAN in any case).
BANK_MORE: tuple[str, ...] = (
    "rekening", "rekeningnummer", "rekeningnr", "rekening-nr", "bankrekening", "kontonr", "konto nr",
    "bankkonto", "bankgiro", "plusgiro", "numer konta", "nr konta", "nr rachunku", "numer rachunku", "rachunek",
    "rachunku", "konta", "conto", "conto corrente", "conta", "conta corrente", "número da conta",
    "tilinumero", "tili", "účet", "číslo účtu", "számlaszám", "dda", "routing/transit", "transit", "transit no",
    "transit number", "institution number", "clabe", "clabe interbancaria", "cuenta clabe",
    "agência", "agencia", "bank acct", "acct #", "account #",
    "beneficiary account", "payee account",
    # round 10
    "tekuci racun", "tekući račun", "tekuci_racun", "tekući_račun", "žiro račun", "ziro racun", "bankszámlaszám",
    "bankszamlaszam", "cont bancar", "cont iban", "numărul contului", "αριθμός λογαριασμού", "рахунок",
    "номер рахунку", "cbu", "cvu", "cta cte", "cuenta corriente", "nomor rekening", "số tài khoản",
)

#: More VAT and company tax id labels.
VAT_MORE: tuple[str, ...] = (
    # round 11: the Dutch payroll-tax number of an employer (its RSIN + L01) and the Belgian enterprise number
    "loonheffingennummer", "loonheffingen nummer", "lh-nummer", "loonbelastingnummer", "ondernemingsnummer",
    "nip", "btw-id", "mwst-nr", "mva-nr", "moms nr", "momsnr", "cvr", "cvr-nr",
    "alv-numero", "abn", "nipc",
)

#: Labels of a postal address (the value is the rest of the field: street, number, postcode, town).
ADDRESS_LABELS: tuple[str, ...] = (
    # (a label ending in one of these words, "Home address:", "Adresse postale", is found by that word:
    # qualified forms would be looked up in every text that holds their first word, such as "private")
    "address", "anschrift", "adresse", "wohnadresse", "privatadresse", "wohnanschrift", "heimadresse",
    "postanschrift", "privatanschrift", "meldeadresse", "domicilio", "dirección", "direccion", "residenza",
    "indirizzo", "adres", "adres zamieszkania", "adres korespondencyjny", "woonadres", "huisadres", "morada",
    "endereço", "endereco", "domicile", "postadresse", "bostadsadress", "adress", "hjemmeadresse", "osoite",
    "kotiosoite", "lähiosoite", "street", "straße", "strasse",
    "lieferadresse", "lieferanschrift", "rechnungsadresse", "rechnungsanschrift", "versandadresse",
    "adresa", "adresă", "адреса", "адрес", "lakcím", "lakcim", "διεύθυνση", "alamat", "địa chỉ", "bydliště",
    "domicilio", "home_address", "ev adresi", "adres",
    # round 14: the registered and home address of Russian and Ukrainian forms
    "адрес регистрации", "адрес проживания", "адрес места жительства", "место жительства", "адреса реєстрації",
    "адреса проживання", "місце проживання",
    "property", "property address", "premises", "mietobjekt", "objektadresse", "ship to", "deliver to", "bill to",
)

#: Labels of a postcode alone (the value must have a postcode's shape).
POSTCODE_LABELS: tuple[str, ...] = (
    "zip", "zip code", "zipcode", "postcode", "post code", "postal code", "plz", "postleitzahl", "code postal",
    "código postal", "codigo postal", "postnummer", "postnr", "kod pocztowy", "postinumero",
)

#: Record numbers that identify a person at one organisation: patients, customers, members,
#: insured persons (the value must hold 4+ digits). Employee numbers stay readable (rounds 1-2:
#: an HR export's own key is how a consultant refers to a row without naming the person).
RECORD_LABELS: tuple[str, ...] = (
    "patient id", "patient no", "patient number", "patient #", "patientennummer", "patienten-nr", "patientennr",
    "patienten-id", "numéro de patient", "n° patient", "n° de patient", "número de paciente", "nº de paciente",
    "patiëntnummer", "patientnummer", "numero paziente", "mrn", "medical record number", "medical record no",
    "customer number", "customer no", "customer id", "customer #", "client number", "client no", "kundennummer",
    "kunden-nr", "kundennr", "kd-nr", "numéro client", "n° client", "numéro de client", "número de cliente",
    "nº de cliente", "klantnummer", "klantnr", "codice cliente", "member number", "member no", "member id",
    "membership number", "membership no", "mitgliedsnummer", "mitglieds-nr", "mitgliedsnr", "numéro d'adhérent",
    "n° adhérent", "número de socio", "lidnummer", "policy number", "policy no", "policyholder number",
    "versicherungsscheinnummer", "polizzennummer", "numéro de contrat", "n° de contrat", "número de póliza",
    "polisnummer", "insurance number", "insurance no", "health insurance number", "member id number",
)

#: German health insurance numbers (KVNR: a letter, nine digits), also read as a national id.
KVNR_LABELS: tuple[str, ...] = (
    "krankenversicherungsnummer", "krankenversichertennummer", "kvnr", "kv-nr", "kv-nummer", "versichertennummer",
    "versicherten-nr", "versichertennr", "egk-nummer", "numéro de sécurité sociale", "carte vitale",
    "n° carte vitale",
)

#: Vehicle registration labels (the value must mix letters and digits, as a plate does).
PLATE_LABELS: tuple[str, ...] = (
    "kennzeichen", "kfz-kennzeichen", "amtliches kennzeichen", "kfz kennzeichen", "license plate", "licence plate",
    "number plate", "plate number", "plate no", "licence plate number", "license plate number", "vehicle reg",
    "vehicle registration", "vehicle reg no", "vehicle registration number", "car reg", "reg no", "reg. no",
    "registration plate", "immatriculation", "n° d'immatriculation", "plaque d'immatriculation", "matrícula",
    "matricula", "targa", "kenteken", "tablice rejestracyjne", "nr rejestracyjny", "registreringsnummer", "regnr",
)

#: US employer identification numbers: the value must have the EIN shape (dd-ddddddd).
EIN_LABELS: tuple[str, ...] = (
    "ein", "fein", "employer ein", "employer id", "employer identification number", "federal ein",
    "federal tax id", "employer tax id", "ein no", "ein number",
)

#: Labels of identifiers with their own shape and check (rows in ``id_rows``: the value must validate).
MEDICARE_LABELS: tuple[str, ...] = (
    "medicare", "medicare no", "medicare number", "medicare card", "medicare card no", "medicare card number")
IL_ID_LABELS: tuple[str, ...] = (
    "teudat zehut", "mispar zehut", "ת.ז", "ת.ז.", "ת\"ז", "תעודת זהות", "מספר זהות", "israeli id", "israel id")
ZA_ID_LABELS: tuple[str, ...] = (
    "sa id", "rsa id", "sa id no", "sa id number", "south african id", "south african id number",
    "identity number", "id nommer", "identiteitsnommer",
    # round 12: a bare ``ID`` announces a South African id only when the 13 digits hold a date and the Luhn check
    "id", "id no", "id number", "id nr")
NRIC_LABELS: tuple[str, ...] = ("nric", "nric no", "nric number", "nric/fin", "fin no", "fin number", "nric/fin no")
BIC_LABELS: tuple[str, ...] = (
    "bic", "swift", "swift code", "swift/bic", "bic/swift", "swift/bic code", "bic/swift code",
    "bic code", "swift-code", "bic-code", "swift bic",
    "bic swift", "swift-bic", "bic (swift)", "code swift", "code bic", "código swift", "codice swift")

#: Labels of a bank branch alone (the value must be 4 digits, maybe a check digit): "agência": "0912".
BRANCH_LABELS: tuple[str, ...] = ("agência", "agencia", "ag.", "agência bancária", "agencia bancaria", "nº agência",
                                  "n.º agência", "numero da agencia", "número da agência", "branch no", "branch number")

#: Labels of a UK sort code alone (the value must be 2-2-2 digits): "S/C 20-45-77", "Sort: 204577".
SORT_LABELS: tuple[str, ...] = ("sort", "s/c", "sortcode", "sort-code", "sort code no", "sc no")
