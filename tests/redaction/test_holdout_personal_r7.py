# ruff: noqa: E501  (whole files as literal text: one file per constant reads best)
"""Red-team hold-out probes, round 7 (hold-out round 10), for personal data (issue 11): WHOLE FILES, both modes.

Written before reading the detectors, as a user's private folder holds them: 31 whole files, each with
labelled fictional values and must-survive controls. HR exports (CSV with comment lines above the header,
semicolon CSV, JSON, fixed-width payroll listings) of Turkey (TC Kimlik), Serbia and Croatia (JMBG, OIB),
Greece (AFM, AMKA), Portugal (NIF, Cartão de Cidadão, NISS), Czechia (rodné číslo, domestic account
numbers), Romania (CNP, CI series), Hungary (adóazonosító jel, TAJ), Ukraine (РНОКПП, passports),
Argentina / Chile / Colombia (DNI, CUIL, RUT, cédula, CBU), the Philippines, Indonesia, Vietnam and
Thailand (SSS, PhilHealth, TIN, NIK, NPWP, CCCD, Thai id), Nigeria, Kenya, Egypt and Saudi Arabia (NIN,
BVN, KRA PIN, national ids, iqama), checksummed values valid; an mbox with RFC 2047 words (Q and B),
quoted-printable bodies with soft breaks, folded headers, a forwarded block and signatures; a multipart
.eml with a base64 text part and a QP HTML part; an ICS invitation (ORGANIZER/ATTENDEE CN=, a mailto folded
mid-address); vCards 2.1 / 3.0 / 4.0 (N, FN, TEL, ADR, BDAY, QP-encoded fields); an LDIF export (base64
``cn::``, ``uid=`` DNs); Google and Outlook contact CSVs; WhatsApp (Android and iOS), Telegram, Discord,
Teams and Slack exports; VTT, SRT and Otter/Zoom transcripts; git log / shortlog / blame (plain and
porcelain); a CI log (GitLab, GitHub Actions, Jenkins); a vendor ledger and CRM CSV; an app.config. The
controls hold issue 11 item 7 (``<add key="PageSize">``, ``sha256:`` digests, Kubernetes label keys,
``INV-2024-4808``, ``CVE-2024-3094``, ``Asia/Ho_Chi_Minh``, "Coordinated Universal Time") and the record
syntax of each format; item 6 is checked by one person met by different rules in different files.

468 labelled values, 219 controls kept in both modes (296 in balanced). Main before the round leaked
75 values (in 21 of 31 files) in strict and 104 (in 24 files) in balanced, and changed 17 controls in
strict, 10 in balanced; now 3 values leak in strict and 11 in balanced, 4 controls change in strict and 6
in balanced (KNOWN_LEAKS / KNOWN_GAPS, strict xfails with their reasons).
"""

from __future__ import annotations

import base64
import binascii
import quopri
import re
from email.header import decode_header
from typing import NamedTuple

import pytest
from redaction_helpers import make, redact_text


class FileProbe(NamedTuple):
    """One whole file: its raw labelled values, controls kept in both modes and controls kept in balanced."""

    name: str
    text: str
    leaks: tuple[str, ...]
    keeps: tuple[str, ...]
    bkeeps: tuple[str, ...]
    mail: bool


def F(name: str, text: str, leaks=(), keeps=(), bkeeps=(), mail=False) -> FileProbe:
    return FileProbe(name, text, tuple(leaks), tuple(keeps), tuple(bkeeps), mail)


_ENCODED_WORD = re.compile(r"=\?[A-Za-z0-9_-]{1,40}\?[BbQq]\?[^?\s]{1,400}\?=")
_B64_LINE = re.compile(r"(?m)^(?:[A-Za-z0-9+/]{16,76}\n?){1,40}={0,2}")


def decoded_views(out: str) -> str:
    """What a reader of the redacted output can decode: RFC 2047 words, quoted-printable, base64 runs."""
    views = [out]
    words = []
    for m in _ENCODED_WORD.finditer(out):
        try:
            words.extend(b.decode(c or "utf-8", "replace") if isinstance(b, bytes) else b for b, c in decode_header(m.group()))
        except (ValueError, LookupError):
            continue
    views.append(" ".join(words))
    views.append(quopri.decodestring(out.encode("utf-8", "surrogatepass")).decode("utf-8", "replace"))
    for m in _B64_LINE.finditer(out):
        try:
            views.append(base64.b64decode(m.group().replace("\n", "") + "==", validate=False).decode("utf-8", "replace"))
        except (binascii.Error, ValueError):
            continue
    for m in re.finditer(r"(?m)^[A-Za-z]{1,20}:: ?([A-Za-z0-9+/=]{4,200})$", out):
        try:
            views.append(base64.b64decode(m.group(1)).decode("utf-8", "replace"))
        except (binascii.Error, ValueError):
            continue
    return "\n".join(views)


HR_TR = F('hr-tr-csv', '''# İnsan Kaynakları — personel listesi (dışa aktarım 2026-11-30)
# Ayrılan personel bu listede yer almaz.
Sicil No;Ad Soyad;TC Kimlik No;Doğum Tarihi;Cep Telefonu;E-posta;IBAN;Departman;İşe Giriş
10442;Ayşe Yılmaz;10485723998;14.03.1985;0532 123 45 67;ayse.yilmaz@ornek.com.tr;TR33 0006 1005 1978 6457 8413 26;Muhasebe;2019-04-01
10443;Mehmet Kaya;28746109344;02.11.1990;+90 533 765 43 21;m.kaya@ornek.com.tr;TR260001000201234567890123;Bilgi İşlem;2021-09-15
10457;Zeynep Demir;35290184642;23/07/1991;(0216) 444 12 34;zeynep.demir@ornek.com.tr;TR33 0006 1005 1978 6457 8413 26;Satış;2023-01-09
# Toplam: 3 kayıt, 2026-Q4
''', leaks=('Ayşe Yılmaz', 'Mehmet Kaya', 'Zeynep Demir', '10485723998', '28746109344', '35290184642', '14.03.1985', '02.11.1990', '23/07/1991',
            '0532 123 45 67', '+90 533 765 43 21', '(0216) 444 12 34', 'ayse.yilmaz@ornek.com.tr', 'm.kaya@ornek.com.tr', 'zeynep.demir@ornek.com.tr',
            'TR33 0006 1005 1978 6457 8413 26', 'TR260001000201234567890123'),
     keeps=('10442;', '10443;', '2019-04-01', '2021-09-15', '2023-01-09', '2026-11-30', '2026-Q4'),
     bkeeps=('Ad Soyad;TC Kimlik No;Doğum Tarihi', 'Muhasebe', 'Bilgi İşlem', 'Toplam: 3 kayıt'))

HR_RS = F('hr-balkans-json', '''{
  "izvoz": "zaposleni",
  "datum_izvoza": "2026-11-30",
  "zaposleni": [
    {
      "sifra": "RS-0198",
      "ime_prezime": "Marko Petrović",
      "jmbg": "1403985710024",
      "datum_rodjenja": "14.03.1985.",
      "adresa": "Bulevar kralja Aleksandra 73, 11000 Beograd",
      "telefon": "+381 64 123 4567",
      "email": "marko.petrovic@primer.rs",
      "tekuci_racun": "160-5100100012345-67",
      "iban": "RS56160510010001234567",
      "odeljenje": "Logistika"
    },
    {
      "sifra": "HR-0042",
      "ime_prezime": "Ivana Horvat",
      "oib": "69318123458",
      "jmbg": "2307917715039",
      "adresa": "Ilica 242, 10000 Zagreb",
      "mobitel": "091 234 5678",
      "email": "ivana.horvat@primjer.hr",
      "iban": "HR5223400091110123456",
      "odeljenje": "Prodaja"
    }
  ],
  "napomena": "JMBG se ne šalje trećim licima."
}
''', leaks=('Marko Petrović', '1403985710024', '14.03.1985', 'Bulevar kralja Aleksandra 73', '+381 64 123 4567', 'marko.petrovic@primer.rs',
            '160-5100100012345-67', 'RS56160510010001234567', 'Ivana Horvat', '69318123458', '2307917715039', 'Ilica 242', '091 234 5678',
            'ivana.horvat@primjer.hr', 'HR5223400091110123456'),
     keeps=('"sifra": "RS-0198"', '"sifra": "HR-0042"', '"datum_izvoza": "2026-11-30"', '"jmbg":', '"oib":', '"tekuci_racun":'),
     bkeeps=('"odeljenje": "Logistika"', '"odeljenje": "Prodaja"', 'JMBG se ne šalje trećim licima.'))

HR_GR = F('hr-gr-fixed', '''ΜΙΣΘΟΔΟΣΙΑ ΝΟΕΜΒΡΙΟΥ 2026 - ΚΑΤΑΣΤΑΣΗ ΕΡΓΑΖΟΜΕΝΩΝ
ΚΩΔ  ΟΝΟΜΑΤΕΠΩΝΥΜΟ             Α.Φ.Μ.     Α.Μ.Κ.Α.     ΤΗΛΕΦΩΝΟ         IBAN
0031 Γεώργιος Παπαδόπουλος     094861230  14038501236  +30 694 123 4567 GR1101720420000000123456789
0032 Ελένη Κωνσταντίνου        147283051  23079104560  210 123 4567     GR1101720420000000123456789
0033 Νικόλαος Αλεξίου          801234560  01019012341  6971234567       GR1101720420000000123456789
Σύνολο εργαζομένων: 3    Σύνολο αποδοχών: 7.842,50 €
Διεύθυνση έδρας: Λεωφόρος Κηφισίας 124, 115 26 Αθήνα
''', leaks=('Γεώργιος Παπαδόπουλος', 'Ελένη Κωνσταντίνου', 'Νικόλαος Αλεξίου', '094861230', '147283051', '801234560', '14038501236', '23079104560',
            '01019012341', '+30 694 123 4567', '210 123 4567', '6971234567', 'GR1101720420000000123456789'),
     keeps=('0031 ', '0032 ', '0033 ', '7.842,50 €', 'Α.Φ.Μ.', 'Α.Μ.Κ.Α.'),
     bkeeps=('ΜΙΣΘΟΔΟΣΙΑ ΝΟΕΜΒΡΙΟΥ 2026', 'Σύνολο εργαζομένων: 3'))

HR_PT = F('hr-pt-csv', '''Nº Mecanográfico,Nome Completo,NIF,N.º Cartão de Cidadão,NISS,Data de Nascimento,Telemóvel,Morada,Código Postal,IBAN
2201,Joana Ferreira Santos,234567813,15432987 4 ZY9,12034567891,1985-03-14,+351 912 345 678,"Rua Augusta, 45, 3.º Esq.",1100-053 Lisboa,PT50000201231234567890154
2202,Rui Miguel Costa,219384657,13872465 0 ZX2,11987654321,02/11/1990,936 123 456,"Av. da Boavista 1021, 4.º",4100-128 Porto,PT50000201231234567890154
''', leaks=('Joana Ferreira Santos', 'Rui Miguel Costa', '234567813', '219384657', '15432987 4 ZY9', '13872465 0 ZX2', '12034567891', '11987654321',
            '1985-03-14', '02/11/1990', '+351 912 345 678', '936 123 456', 'Rua Augusta, 45', 'Av. da Boavista 1021', 'PT50000201231234567890154'),
     keeps=('2201,', '2202,'),
     bkeeps=('Nome Completo,NIF',))

HR_CZ = F('hr-cz-csv', '''Osobní číslo;Příjmení;Jméno;Rodné číslo;Datum narození;Bydliště;Telefon;E-mail;Číslo účtu;Zdravotní pojišťovna
501;Nováková;Petra;855314/1234;14. 3. 1985;Vinohradská 1234/56, 120 00 Praha 2;+420 777 123 456;petra.novakova@priklad.cz;123456789/0800;111
502;Dvořák;Tomáš;905704/0454;4. 7. 1990;Masarykova 27, 602 00 Brno;602 123 456;tomas.dvorak@priklad.cz;2000145399/0800;201
503;Svobodová;Lucie;8562304179;30. 12. 1985;Nádražní 8, 370 01 České Budějovice;731 987 654;l.svobodova@priklad.cz;CZ0301000000123456789012;211
''', leaks=('Nováková', 'Petra', 'Dvořák', 'Tomáš', 'Svobodová', 'Lucie', '855314/1234', '905704/0454', '8562304179', '14. 3. 1985', '4. 7. 1990',
            '30. 12. 1985', 'Vinohradská 1234/56', 'Masarykova 27', 'Nádražní 8', '+420 777 123 456', '602 123 456', '731 987 654',
            'petra.novakova@priklad.cz', 'tomas.dvorak@priklad.cz', 'l.svobodova@priklad.cz', '123456789/0800', '2000145399/0800',
            'CZ0301000000123456789012'),
     keeps=('501;', '502;', '503;', ';111', ';201', ';211'),
     bkeeps=('Osobní číslo;Příjmení;Jméno;Rodné číslo',))

HR_RO = F('hr-ro-csv', '''Marca,Nume,Prenume,CNP,Serie/Nr. CI,Data nașterii,Adresa,Telefon,Email,Cont IBAN,Funcția
1201,Popescu,Andrei,1850314123452,RX 123456,14.03.1985,"Str. Mihai Eminescu nr. 12, bl. A3, ap. 5, București",0722 123 456,andrei.popescu@exemplu.ro,RO34RNCB0082044123450001,Contabil
1202,Ionescu,Maria,2920704400184,XB 654321,04.07.1992,"Calea Victoriei 155, Sector 1, București",+40 745 987 654,maria.ionescu@exemplu.ro,RO31BTRL01301205S0000001,Inginer
''', leaks=('Popescu', 'Andrei', 'Ionescu', 'Maria', '1850314123452', '2920704400184', 'RX 123456', 'XB 654321', '14.03.1985', '04.07.1992',
            'Str. Mihai Eminescu nr. 12', 'Calea Victoriei 155', '0722 123 456', '+40 745 987 654', 'andrei.popescu@exemplu.ro', 'maria.ionescu@exemplu.ro',
            'RO34RNCB0082044123450001', 'RO31BTRL01301205S0000001'),
     keeps=('1201,', '1202,'),
     bkeeps=('Marca,Nume,Prenume,CNP', 'Contabil', 'Inginer'))

HR_HU = F('hr-hu-fixed', '''TÖRZSSZÁM  NÉV                  ADÓAZONOSÍTÓ JEL  TAJ SZÁM     SZÜLETÉSI DÁTUM  TELEFON           LAKCÍM
H-0071     Kovács Péter         8482130757        123 456 788  1985.03.14.      +36 30 123 4567   1052 Budapest, Váci utca 12.
H-0072     Szabó Katalin        8473218906        037 482 912  1990. 11. 02.    06 20 987 6543    6720 Szeged, Kárász utca 5.
H-0073     Tóth Gábor           8423105970        987 654 322  1979.07.23.      +36 1 234 5678    9021 Győr, Baross Gábor út 21.
Bankszámlaszám (Kovács Péter): 11773016-11111018-00000000
''', leaks=('Kovács Péter', 'Szabó Katalin', 'Tóth Gábor', '8482130757', '8473218906', '8423105970', '123 456 788', '037 482 912', '987 654 322',
            '1985.03.14.', '1990. 11. 02.', '1979.07.23.', '+36 30 123 4567', '06 20 987 6543', '+36 1 234 5678', 'Váci utca 12', 'Kárász utca 5',
            'Baross Gábor út 21', '11773016-11111018-00000000'),
     keeps=('H-0071', 'H-0072', 'H-0073'),
     bkeeps=('TÖRZSSZÁM  NÉV', 'ADÓAZONOSÍTÓ JEL  TAJ SZÁM'))

HR_UA = F('hr-ua-json', '''[
  {"табельний_номер": 3301, "ПІБ": "Шевченко Олена Петрівна", "РНОКПП": "3124567896", "паспорт": "ЕК123456",
   "дата_народження": "14.03.1985", "телефон": "+380 67 123 4567", "email": "olena.shevchenko@pryklad.ua",
   "адреса": "вул. Хрещатик, 22, кв. 14, Київ, 01001", "IBAN": "UA743052990000026007233566001", "відділ": "Бухгалтерія"},
  {"табельний_номер": 3302, "ПІБ": "Коваленко Андрій Іванович", "ІПН": "2987654320", "id_картка": "001234567",
   "дата_народження": "1989-06-21", "телефон": "050 765 43 21", "email": "a.kovalenko@pryklad.ua",
   "адреса": "просп. Свободи, 5, Львів", "IBAN": "UA743052990000026007233566001", "відділ": "ІТ"}
]
''', leaks=('Шевченко Олена Петрівна', 'Коваленко Андрій Іванович', '3124567896', '2987654320', 'ЕК123456', '001234567', '14.03.1985', '1989-06-21',
            '+380 67 123 4567', '050 765 43 21', 'olena.shevchenko@pryklad.ua', 'a.kovalenko@pryklad.ua', 'Хрещатик, 22', 'просп. Свободи, 5',
            'UA743052990000026007233566001'),
     keeps=('"табельний_номер": 3301', '"табельний_номер": 3302', '"РНОКПП":', '"IBAN":'),
     bkeeps=('"відділ": "Бухгалтерія"',))

HR_LATAM = F('hr-latam-csv', '''legajo,pais,apellido_nombre,tipo_doc,nro_doc,cuil_cuit,fecha_nac,celular,email,domicilio,cuenta
A-101,AR,"Fernández, Lucía",DNI,31.456.789,20-31456789-8,14/03/1985,+54 9 11 2345-6789,lucia.fernandez@ejemplo.com.ar,"Av. Corrientes 1234, piso 5, CABA",CBU 0170099200000123456784
A-102,AR,"Gómez, Martín",DNI,30123456,27-30123456-8,02/11/1983,011 15-4321-8765,mgomez@ejemplo.com.ar,"Calle 50 nro 742, La Plata",CBU 0170099200000123456784
C-201,CL,"Muñoz Rojas, Camila",RUT,12.345.678-5,,23/07/1991,+56 9 8765 4321,camila.munoz@ejemplo.cl,"Av. Providencia 2133, depto 402, Santiago",Cta Cte 000-12345-67
C-202,CL,"Soto, Diego",RUT,16842755-7,,05/09/1987,9 7654 3210,dsoto@ejemplo.cl,"Los Carrera 845, Concepción",
CO-301,CO,"Rodríguez Pérez, Valentina",CC,1.020.345.678,NIT 900.123.456-8,30/01/1995,+57 310 123 4567,v.rodriguez@ejemplo.com.co,"Carrera 7 # 71-21, Bogotá",
''', leaks=('Fernández, Lucía', 'Gómez, Martín', 'Muñoz Rojas, Camila', 'Soto, Diego', 'Rodríguez Pérez, Valentina', '31.456.789', '20-31456789-8',
            '30123456', '27-30123456-8', '12.345.678-5', '16842755-7', '1.020.345.678', '14/03/1985', '02/11/1983', '23/07/1991', '05/09/1987',
            '30/01/1995', '+54 9 11 2345-6789', '011 15-4321-8765', '+56 9 8765 4321', '9 7654 3210', '+57 310 123 4567',
            'lucia.fernandez@ejemplo.com.ar', 'mgomez@ejemplo.com.ar', 'camila.munoz@ejemplo.cl', 'dsoto@ejemplo.cl', 'v.rodriguez@ejemplo.com.co',
            'Av. Corrientes 1234', 'Calle 50 nro 742', 'Av. Providencia 2133', 'Los Carrera 845', 'Carrera 7 # 71-21', '0170099200000123456784', '000-12345-67'),
     keeps=('A-101,AR', 'A-102,AR', 'C-201,CL', 'C-202,CL', 'CO-301,CO'),
     bkeeps=('legajo,pais,apellido_nombre,tipo_doc,nro_doc',))

HR_SEA = F('hr-sea-csv', '''employee_code,country,full_name,id_type,id_number,tax_id,birth_date,mobile,email,home_address
PH-0101,PH,Maria Clara Dela Cruz,SSS,34-1234567-8,TIN 123-456-789-000,1985-03-14,+63 917 123 4567,mc.delacruz@example.ph,"Blk 12 Lot 5, Mabuhay St., Brgy. San Isidro, Quezon City"
PH-0102,PH,Jose Ramon Bautista,PhilHealth,12-345678901-2,TIN 234-567-890-000,1990-11-02,0917 765 4321,jr.bautista@example.ph,"Unit 1203, 88 Ayala Ave, Makati"
ID-0201,ID,Siti Nurhaliza Putri,NIK,3174054403850002,NPWP 01.234.567.8-901.000,1985-03-04,+62 812-3456-7890,siti.putri@contoh.co.id,"Jl. Merdeka No. 17, RT 003/RW 005, Jakarta Pusat"
VN-0301,VN,Nguyễn Thị Mai,CCCD,001185012345,MST 0312345678,1985-06-21,+84 912 345 678,mai.nguyen@vidu.vn,"Số 12 Ngõ 34 Phố Huế, Hai Bà Trưng, Hà Nội"
TH-0401,TH,Somchai Wongsakul,Thai ID,1103700123458,,1979-07-23,+66 81 234 5678,somchai.w@example.co.th,"99/12 Sukhumvit Soi 23, Khlong Toei Nuea, Bangkok 10110"
TH-0402,TH,Pimchanok Srisuk,Thai ID,3-5099-00123-45-0,,1988-02-29,081-987-6543,pimchanok.s@example.co.th,"45 Moo 3, Tambon Suthep, Chiang Mai"
''', leaks=('Maria Clara Dela Cruz', 'Jose Ramon Bautista', 'Siti Nurhaliza Putri', 'Nguyễn Thị Mai', 'Somchai Wongsakul', 'Pimchanok Srisuk',
            '34-1234567-8', '123-456-789-000', '12-345678901-2', '234-567-890-000', '3174054403850002', '01.234.567.8-901.000', '001185012345',
            '0312345678', '1103700123458', '3-5099-00123-45-0', '1985-03-14', '1990-11-02', '1985-03-04', '1985-06-21', '1979-07-23', '1988-02-29',
            '+63 917 123 4567', '0917 765 4321', '+62 812-3456-7890', '+84 912 345 678', '+66 81 234 5678', '081-987-6543',
            'mc.delacruz@example.ph', 'jr.bautista@example.ph', 'siti.putri@contoh.co.id', 'mai.nguyen@vidu.vn', 'somchai.w@example.co.th',
            'pimchanok.s@example.co.th', 'Mabuhay St.', '88 Ayala Ave', 'Jl. Merdeka No. 17', 'Số 12 Ngõ 34 Phố Huế', '99/12 Sukhumvit Soi 23', '45 Moo 3'),
     keeps=('PH-0101,PH', 'PH-0102,PH', 'ID-0201,ID', 'VN-0301,VN', 'TH-0401,TH', 'TH-0402,TH'),
     bkeeps=('employee_code,country,full_name,id_type,id_number,tax_id,birth_date',))

HR_AFR = F('hr-mea-json', '''{
  "export": "payroll-contacts", "generated": "2026-11-30T08:00:00Z", "currency_note": "amounts in local currency",
  "staff": [
    {"staff_no": "NG-014", "name": "Chinedu Okonkwo", "nin": "48213750962", "bvn": "22184736590", "phone": "+234 803 123 4567",
     "alt_phone": "0803 765 4321", "email": "chinedu.okonkwo@example.com.ng", "address": "14 Adeola Odeku Street, Victoria Island, Lagos",
     "account_number": "0123456789", "bank": "GTBank", "dob": "1985-03-14", "grade": "L4"},
    {"staff_no": "KE-022", "name": "Wanjiku Kamau", "national_id": "28456173", "kra_pin": "A012345678Z", "nhif_no": "4412983",
     "phone": "+254 712 345 678", "mpesa": "0722 987 654", "email": "wanjiku.kamau@example.co.ke", "address": "P.O. Box 45123-00100, Nairobi",
     "dob": "14/03/1990", "grade": "L3"},
    {"staff_no": "EG-031", "name": "Ahmed Mostafa Abdelrahman", "national_id": "28503141201234", "phone": "+20 100 123 4567",
     "email": "ahmed.mostafa@example.com.eg", "address": "12 شارع التحرير، الدقي، الجيزة", "dob": "1985-03-14", "grade": "L5"},
    {"staff_no": "SA-047", "name": "Fatimah Al-Harbi", "national_id": "1082345677", "phone": "+966 50 123 4567",
     "email": "fatimah.alharbi@example.sa", "iban": "SA0380000000608010167519", "dob": "1407/06/23 هـ", "grade": "L5"},
    {"staff_no": "SA-048", "name": "Rahul Menon", "iqama": "2156781235", "phone": "055 987 6543", "email": "rahul.menon@example.sa",
     "iban": "SA0380000000608010167519", "dob": "1988-08-08", "grade": "L2"}
  ]
}
''', leaks=('Chinedu Okonkwo', 'Wanjiku Kamau', 'Ahmed Mostafa Abdelrahman', 'Fatimah Al-Harbi', 'Rahul Menon', '48213750962', '22184736590',
            '+234 803 123 4567', '0803 765 4321', 'chinedu.okonkwo@example.com.ng', '14 Adeola Odeku Street', '0123456789', '28456173', 'A012345678Z',
            '4412983', '+254 712 345 678', '0722 987 654', 'wanjiku.kamau@example.co.ke', 'P.O. Box 45123-00100', '14/03/1990', '28503141201234',
            '+20 100 123 4567', 'ahmed.mostafa@example.com.eg', '12 شارع التحرير', '1082345677', '+966 50 123 4567', 'fatimah.alharbi@example.sa',
            'SA0380000000608010167519', '1407/06/23', '2156781235', '055 987 6543', 'rahul.menon@example.sa', '1985-03-14', '1988-08-08'),
     keeps=('"staff_no": "NG-014"', '"staff_no": "KE-022"', '"staff_no": "EG-031"', '"staff_no": "SA-047"', '"grade": "L4"', '"generated": "2026-11-30T08:00:00Z"'),
     bkeeps=('"bank": "GTBank"', 'amounts in local currency'))
MBOX = F('mail-mbox', '''From bjorn.lindstrom@example.se Tue Dec  1 09:14:22 2026
Return-Path: <bjorn.lindstrom@example.se>
Received: from mail.example.se (mail.example.se [192.0.2.25])
	by mx.beispiel.de with ESMTPS id 4Fq2Xk1y8Zz9sT
	for <juergen.hoffmann@beispiel.de>; Tue, 01 Dec 2026 09:14:22 +0100
From: =?UTF-8?Q?Bj=C3=B6rn_Lindstr=C3=B6m?= <bjorn.lindstrom@example.se>
To: =?utf-8?B?xYF1a2FzeiBXacWbbmlld3NraQ==?= <lukasz.wisniewski@przyklad.pl>,
 "Hoffmann, Juergen" <juergen.hoffmann@beispiel.de>,
	=?iso-8859-1?Q?Jos=E9_Mar=EDa_Garc=EDa?= <jm.garcia@ejemplo.es>
Cc: Annika Berglund
 <annika.berglund@example.se>
Subject: =?utf-8?B?VW1vd2Eg4oCTIMWBdWthc3ogV2nFm25pZXdza2ksIFBFU0VMIDg1MTIwMzE0Njcz?=
Date: Tue, 01 Dec 2026 09:14:22 +0100
Message-ID: <20261201091422.4471@mail.example.se>
MIME-Version: 1.0
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

Hallo J=C3=BCrgen,

anbei wie besprochen die Kontaktdaten von Frau M=C3=BCller-L=C3=BCdenscheid=
t: Telefon +49 89 6071 2275, E-Mail sabine.mueller-luedenscheidt@beispiel.d=
e, Anschrift Sch=C3=B6nhauser Allee 36, 10435 Berlin.

Die Besprechung ist am 14.12. um 10:00 Uhr, Raum 4.12.

Viele Gr=C3=BC=C3=9Fe
Bj=C3=B6rn

--=20
Bj=C3=B6rn Lindstr=C3=B6m | Senior Controller
Tel. +46 8 123 456 78 | Mobil 070-123 45 67
Sveav=C3=A4gen 44, 111 34 Stockholm

From lukasz.wisniewski@przyklad.pl Tue Dec  1 11:02:09 2026
From: =?utf-8?B?xYF1a2FzeiBXacWbbmlld3NraQ==?= <lukasz.wisniewski@przyklad.pl>
To: bjorn.lindstrom@example.se
Subject: Fwd: Re: Umowa
Date: Tue, 01 Dec 2026 11:02:09 +0100
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

Przesyłam dalej.

---------- Forwarded message ---------
From: Katarzyna Zielińska <k.zielinska@przyklad.pl>
Date: pon., 30 lis 2026 o 16:45
Subject: Re: Umowa
To: Łukasz Wiśniewski <lukasz.wisniewski@przyklad.pl>

> W dniu 30.11.2026 o 15:10, Łukasz Wiśniewski <lukasz.wisniewski@przyklad.pl> pisze:
> Proszę o numer PESEL i adres do umowy.

PESEL: 85120314673, adres: ul. Marszałkowska 84/92 m. 15, 00-514 Warszawa.
Tel. kom. 601 234 567

--
Katarzyna Zielińska
Kierownik Działu Kadr
''', leaks=('bjorn.lindstrom@example.se', 'Bj=C3=B6rn_Lindstr=C3=B6m', 'Björn Lindström', 'Lindstr=C3=B6m', 'xYF1a2FzeiBXacWbbmlld3NraQ==',
            'Łukasz Wiśniewski', 'lukasz.wisniewski@przyklad.pl', 'Hoffmann, Juergen', 'juergen.hoffmann@beispiel.de', 'Jos=E9_Mar=EDa_Garc=EDa',
            'José María García', 'jm.garcia@ejemplo.es', 'Annika Berglund', 'annika.berglund@example.se',
            'VW1vd2Eg4oCTIMWBdWthc3ogV2nFm25pZXdza2ksIFBFU0VMIDg1MTIwMzE0Njcz', '85120314673', 'M=C3=BCller-L=C3=BCdenscheid', 'Müller-Lüdenscheidt',
            '+49 89 6071 2275', 'sabine.mueller-luedenscheidt@beispiel.d', 'sabine.mueller-luedenscheidt@beispiel.de', 'Sch=C3=B6nhauser Allee 36',
            'Schönhauser Allee 36', '+46 8 123 456 78', '070-123 45 67', 'Sveav=C3=A4gen 44', 'Sveavägen 44', 'Katarzyna Zielińska',
            'k.zielinska@przyklad.pl', 'Marszałkowska 84/92', '601 234 567'),
     keeps=('Content-Transfer-Encoding: quoted-printable', 'MIME-Version: 1.0', 'Date: Tue, 01 Dec 2026 09:14:22 +0100', '14.12. um 10:00',
            '---------- Forwarded message ---------', 'Subject: Fwd: Re:', 'Content-Type: text/plain; charset=utf-8'),
     bkeeps=('Przesyłam dalej.', 'Proszę o numer PESEL i adres do umowy.', 'Senior Controller', 'Kierownik Działu Kadr', '14.12. um 10:00 Uhr', 'Raum 4.12.', 'Subject: Fwd: Re: Umowa'), mail=True)

EML = F('mail-eml-multipart', '''Delivered-To: amara.nwosu@example.co.uk
From: "Okafor, Ngozi (Finance)" <ngozi.okafor@example.com.ng>
Reply-To: ngozi.okafor+invoices@example.com.ng
To: Amara Nwosu <amara.nwosu@example.co.uk>
Subject: =?UTF-8?Q?Re=3A_Onboarding_f=C3=BCr_Chiamaka_Eze?=
Date: Wed, 2 Dec 2026 08:30:11 +0000
Thread-Topic: Onboarding
X-MS-Exchange-Organization-AuthAs: Internal
Content-Type: multipart/alternative; boundary="b1_5f2a"

--b1_5f2a
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: base64

RGVhciBNciBPa2Fmb3IsCnBsZWFzZSBjYWxsIE5nb3ppIE9rYWZvciBvbiArMjM0IDgwMiA1NTUg
MDE5OSBvciB3cml0ZSB0byBuZ296aS5va2Fmb3JAZXhhbXBsZS5jb20ubmcuCg==

--b1_5f2a
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

<p>Hi Amara,</p><p>Chiamaka starts on Monday. Her details: <a href=3D"mailto=
:chiamaka.eze@example.co.uk">chiamaka.eze@example.co.uk</a>, mobile +44 7700=
 900123, NI number QQ 12 34 56 C.</p>
<p>On Tue, 1 Dec 2026 at 17:02, Amara Nwosu &lt;amara.nwosu@example.co.uk&gt;=
 wrote:</p>
<blockquote>Could you send me the new starter's details?</blockquote>
<p>--<br>Ngozi Okafor<br>Head of Finance, 3rd Floor, 25 Old Broad Street, London=
 EC2N 1HQ<br>T: +44 20 7946 0958</p>
--b1_5f2a--
''', leaks=('amara.nwosu@example.co.uk', 'Okafor, Ngozi', 'ngozi.okafor@example.com.ng', 'ngozi.okafor+invoices@example.com.ng', 'Amara Nwosu',
            'Chiamaka_Eze', 'Chiamaka Eze', 'RGVhciBNciBPa2Fmb3IsCnBsZWFzZSBjYWxsIE5nb3ppIE9rYWZvciBvbiArMjM0IDgwMiA1NTUg', 'Ngozi Okafor',
            '+234 802 555 0199', 'chiamaka.eze@example.co.uk', '+44 7700=\n 900123', '+44 7700 900123', 'QQ 12 34 56 C', '25 Old Broad Street',
            '+44 20 7946 0958'),
     keeps=('Content-Type: multipart/alternative; boundary="b1_5f2a"', '--b1_5f2a--', 'Content-Transfer-Encoding: base64',
            'Date: Wed, 2 Dec 2026 08:30:11 +0000'),
     bkeeps=("Could you send me the new starter's details?", 'starts on Monday', 'Thread-Topic: Onboarding'), mail=True)
ICS = F('cal-ics', '''BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN
METHOD:REQUEST
BEGIN:VTIMEZONE
TZID:Asia/Ho_Chi_Minh
BEGIN:STANDARD
DTSTART:19750613T000000
TZOFFSETFROM:+0800
TZOFFSETTO:+0700
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
UID:040000008200E00074C5B7101A82E0080000000050F3@example.vn
DTSTAMP:20261201T020000Z
DTSTART;TZID=Asia/Ho_Chi_Minh:20261214T090000
DTEND;TZID=Asia/Ho_Chi_Minh:20261214T100000
SUMMARY:Quarterly review
ORGANIZER;CN="Tran, Minh Chau":mailto:minhchau.tran@example.vn
ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=
 TRUE;CN=Nguyen Van An;X-NUM-GUESTS=0:mailto:an.nguyen@example.vn
ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=OPT-PARTICIPANT;PARTSTAT=ACCEPTED;CN="Le Th
 i Huong":mailto:huong.le@exam
 ple.vn
ATTENDEE;CN=Conference Room 4B;CUTYPE=ROOM;ROLE=NON-PARTICIPANT:mailto:room-4b@example.vn
LOCATION:Bitexco Financial Tower\\, 2 Hai Trieu\\, District 1\\, Ho Chi Minh City
DESCRIPTION:Agenda: Q4 numbers\\nDial-in: +84 28 3822 1234 (host: Tran Minh
  Chau\\, mobile +84 903 123 456)\\nMeeting ID: 884 1234 5678\\nNotes from An
  : call Huong back on 0912 345 678.
X-MICROSOFT-CDO-BUSYSTATUS:BUSY
BEGIN:VALARM
TRIGGER:-PT15M
ACTION:DISPLAY
DESCRIPTION:Reminder
END:VALARM
END:VEVENT
END:VCALENDAR
''', leaks=('Tran, Minh Chau', 'minhchau.tran@example.vn', 'Nguyen Van An', 'an.nguyen@example.vn', 'Le Th\n i Huong', 'huong.le@exam', 'ple.vn',
            '+84 903 123 456', '0912 345 678', 'Tran Minh'),
     keeps=('BEGIN:VCALENDAR', 'TZID:Asia/Ho_Chi_Minh', 'DTSTART;TZID=Asia/Ho_Chi_Minh:20261214T090000', 'TZOFFSETFROM:+0800', 'METHOD:REQUEST',
            'ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION', 'DTSTAMP:20261201T020000Z', 'TRIGGER:-PT15M', 'ACTION:DISPLAY', 'END:VEVENT',
            'X-NUM-GUESTS=0', 'X-MICROSOFT-CDO-BUSYSTATUS:BUSY'),
     bkeeps=('SUMMARY:Quarterly review', 'Meeting ID: 884 1234 5678', 'Agenda: Q4 numbers'))

VCF = F('contacts-vcf', '''BEGIN:VCARD
VERSION:3.0
N:Kowalczyk;Agnieszka;Maria;dr;
FN:dr Agnieszka Maria Kowalczyk
ORG:Przykład Sp. z o.o.;Dział Prawny
TITLE:Radca prawny
TEL;TYPE=CELL,VOICE:+48 601 234 567
TEL;TYPE=WORK,VOICE:(22) 628 84 11
EMAIL;TYPE=INTERNET,PREF:agnieszka.kowalczyk@przyklad.pl
ADR;TYPE=HOME:;;ul. Nowy Świat 15 m. 3;Warszawa;mazowieckie;00-029;Polska
BDAY:1985-03-14
NOTE:PESEL 85120314673\\, poleca Jan Nowicki
REV:2026-11-30T10:15:00Z
END:VCARD
BEGIN:VCARD
VERSION:4.0
N:Đặng;Văn Hùng;;;
FN:Đặng Văn Hùng
TEL;TYPE="cell,voice";VALUE=uri:tel:+84-912-345-678
EMAIL:hung.dang@vidu.vn
ADR;TYPE=work;LABEL="Tầng 5, 72 Lê Thánh Tôn, Quận 1":;;72 Lê Thánh Tôn;Hồ Chí Minh;;700000;Việt Nam
BDAY:19900704
END:VCARD
BEGIN:VCARD
VERSION:2.1
N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Wi=C5=9Bniewski;=C5=81ukasz;;;
FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C5=81ukasz Wi=C5=9Bniewski
TEL;CELL;PREF:+48501987654
TEL;HOME:22 345 67 89
EMAIL;INTERNET:lukasz.wisniewski@przyklad.pl
ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;ul. Marsza=C5=82kowska 84/92;Warszawa;;00-514;Polska
PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD
END:VCARD
''', leaks=('Kowalczyk', 'Agnieszka', 'agnieszka.kowalczyk@przyklad.pl', '+48 601 234 567', '(22) 628 84 11', 'ul. Nowy Świat 15 m. 3', '1985-03-14',
            '85120314673', 'Jan Nowicki', 'Đặng', 'Văn Hùng', '+84-912-345-678', 'hung.dang@vidu.vn', '72 Lê Thánh Tôn', '19900704',
            'Wi=C5=9Bniewski', '=C5=81ukasz Wi=C5=9Bniewski', 'Łukasz Wiśniewski', '+48501987654', '22 345 67 89', 'lukasz.wisniewski@przyklad.pl',
            'Marsza=C5=82kowska 84/92', 'Marszałkowska 84/92'),
     keeps=('BEGIN:VCARD', 'VERSION:3.0', 'VERSION:4.0', 'VERSION:2.1', 'END:VCARD', 'TEL;TYPE=CELL,VOICE:', 'EMAIL;TYPE=INTERNET,PREF:', 'ADR;TYPE=HOME:',
            'BDAY:', 'REV:2026-11-30T10:15:00Z', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:', 'TEL;CELL;PREF:'),
     bkeeps=('TITLE:Radca prawny', 'FN:', 'NOTE:'), mail=True)

LDIF = F('ldif-export', '''# extended LDIF
#
# LDAPv3
# base <ou=people,dc=example,dc=ro> with scope subtree
# filter: (objectClass=inetOrgPerson)
# requesting: ALL
#

# apopescu, people, example.ro
dn: uid=apopescu,ou=people,dc=example,dc=ro
objectClass: top
objectClass: inetOrgPerson
objectClass: posixAccount
uid: apopescu
cn: Andrei Popescu
sn: Popescu
givenName: Andrei
displayName: Popescu Andrei (Contabilitate)
mail: andrei.popescu@exemplu.ro
telephoneNumber: +40 21 312 4567
mobile: 0722 123 456
postalAddress: Str. Mihai Eminescu nr. 12$Bucuresti 010512$Romania
employeeNumber: 1201
uidNumber: 10231
gidNumber: 10000
homeDirectory: /home/apopescu
loginShell: /bin/bash

# dvhung, people, example.ro
dn: uid=dvhung,ou=people,dc=example,dc=ro
objectClass: inetOrgPerson
uid: dvhung
cn:: xJDhurduZyBWxINuIEjDuW5n
sn:: xJDhurduZw==
mail: hung.dang@vidu.vn
manager: uid=apopescu,ou=people,dc=example,dc=ro
description: Contractor, ext. 4471

# search result
search: 2
result: 0 Success

# numResponses: 3
# numEntries: 2
''', leaks=('apopescu', 'Andrei Popescu', 'Popescu', 'Andrei', 'andrei.popescu@exemplu.ro', '+40 21 312 4567', '0722 123 456', 'Mihai Eminescu nr. 12',
            'dvhung', 'xJDhurduZyBWxINuIEjDuW5n', 'xJDhurduZw==', 'Đặng Văn Hùng', 'hung.dang@vidu.vn'),
     keeps=('objectClass: inetOrgPerson', 'objectClass: posixAccount', 'ou=people,dc=example,dc=ro', 'employeeNumber: 1201', 'uidNumber: 10231',
            'gidNumber: 10000', 'loginShell: /bin/bash', 'result: 0 Success', '# numEntries: 2', '(objectClass=inetOrgPerson)'),
     bkeeps=('Contractor, ext. 4471',), mail=True)

GCSV = F('contacts-google-csv', '''Name,Given Name,Additional Name,Family Name,Nickname,Birthday,Notes,Group Membership,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value,Address 1 - Type,Address 1 - Formatted,Organization 1 - Name
Priya Raghunathan,Priya,,Raghunathan,Pri,1985-03-14,met at PyCon,* myContacts ::: Work,* Work,priya.r@example.in,Mobile,+91 98765 43210,Home,"Flat 302, Lakeview Apartments, 14th Cross, Indiranagar, Bengaluru 560038",Example Analytics
Tomás Ortega Ruiz,Tomás,,Ortega Ruiz,,--03-14,,* myContacts,* Home,tomas.ortega@ejemplo.es,Mobile,612 34 56 78,Home,"Calle de Alcalá 123, 3º B, 28009 Madrid",
''', leaks=('Priya Raghunathan', 'Raghunathan', 'priya.r@example.in', '+91 98765 43210', 'Lakeview Apartments', 'Tomás Ortega Ruiz', 'Ortega Ruiz',
            'tomas.ortega@ejemplo.es', '612 34 56 78', 'Calle de Alcalá 123', '1985-03-14', '--03-14'),
     keeps=('* myContacts ::: Work', '560038', '28009'),
     bkeeps=('Name,Given Name,Additional Name,Family Name,Nickname,Birthday', 'E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value', 'met at PyCon'))

OCSV = F('contacts-outlook-csv', '''"Title","First Name","Middle Name","Last Name","Suffix","Company","Job Title","Business Street","Business City","Business Postal Code","Business Country/Region","Business Phone","Mobile Phone","E-mail Address","E-mail Display Name","Birthday","Categories"
"Mr.","Kwame","Kofi","Asante","","Example Logistics Ltd","Operations Manager","12 Independence Ave","Accra","GA-144-0123","Ghana","+233 30 274 1234","+233 24 412 3456","kwame.asante@example.com.gh","Kwame Asante (kwame.asante@example.com.gh)","3/14/1985","Suppliers"
"Ms.","Yuki","","Tanaka","","","","1-2-3 Marunouchi, Chiyoda-ku","Tokyo","100-0005","Japan","03-1234-5678","090-1234-5678","yuki.tanaka@example.jp","Yuki Tanaka","0/0/00","Personal"
''', leaks=('Kwame', 'Asante', 'Kofi', '12 Independence Ave', '+233 30 274 1234', '+233 24 412 3456', 'kwame.asante@example.com.gh', 'Kwame Asante',
            '3/14/1985', 'Yuki', 'Tanaka', '1-2-3 Marunouchi', '03-1234-5678', '090-1234-5678', 'yuki.tanaka@example.jp', 'Yuki Tanaka'),
     keeps=('"0/0/00"',),
     bkeeps=('"Title","First Name","Middle Name","Last Name"', '"Business Phone","Mobile Phone","E-mail Address"', '"Operations Manager"', '"Suppliers"'))
WA = F('chat-whatsapp-android', '''12/03/24, 13:58 - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.
12/03/24, 13:58 - Ananya Sharma created group "Flat 4B - Bills"
12/03/24, 13:59 - Ananya Sharma added Rohit Verma
12/03/24, 14:02 - Ananya Sharma: Electricity bill is ₹2,340 this month, split 3 ways = ₹780 each
12/03/24, 14:03 - Rohit Verma: ok, sending now
12/03/24, 14:05 - +91 98200 11223: Hi this is Kavya, my new number. Please update 🙏
12/03/24, 14:06 - Rohit Verma: <Media omitted>
12/03/24, 14:07 - Ananya Sharma: UPI id is ananya.sharma@okhdfcbank, or call me on 098765 43210
12/03/24, 14:09 - Kavya Iyer: Landlord's address for the rent receipt: 21, 2nd Main Road, Jayanagar 4th Block, Bengaluru 560011
12/03/24, 14:10 - Rohit Verma: This message was deleted
13/03/24, 09:15 - Kavya Iyer left
''', leaks=('Ananya Sharma', 'Rohit Verma', '+91 98200 11223', 'Kavya', 'ananya.sharma@okhdfcbank', '098765 43210', 'Kavya Iyer', '21, 2nd Main Road'),
     keeps=('12/03/24, 13:58 - ', '12/03/24, 14:02 - ', '13/03/24, 09:15 - ', '₹2,340', '₹780', '<Media omitted>', 'end-to-end encrypted', '560011'),
     bkeeps=('This message was deleted', 'ok, sending now', 'created group', 'Electricity bill is'))

WA_IOS = F('chat-whatsapp-ios', '''[03.12.26, 08:41:07] Lukas Schneider: Guten Morgen! Kann jemand morgen die Kinder abholen?
[03.12.26, 08:43:55] Mia Wagner: Ich kann um 15:30. Meine Nummer falls was ist: 0176 23456789
[03.12.26, 08:44:12] Lukas Schneider: Danke! Adresse ist Lindenstraße 14, 50674 Köln, 2. Stock bei Schneider klingeln
[03.12.26, 08:45:30] ‎Mia Wagner: ‎image omitted
[03.12.26, 09:02:18] ‪+49 151 12345678‬: Hier ist Jonas (Papa von Emil), ich übernehme Freitag
''', leaks=('Lukas Schneider', 'Mia Wagner', '0176 23456789', 'Lindenstraße 14', '+49 151 12345678', 'Jonas', 'Emil'),
     keeps=('[03.12.26, 08:41:07] ', '[03.12.26, 09:02:18] ', 'um 15:30', 'image omitted'),
     bkeeps=('Guten Morgen! Kann jemand morgen die Kinder abholen?', 'ich übernehme Freitag'))

TG = F('chat-telegram-json', '''{
 "name": "Київ: переїзд",
 "type": "private_group",
 "id": 4471823901,
 "messages": [
  {
   "id": 101,
   "type": "service",
   "date": "2026-11-28T18:02:11",
   "date_unixtime": "1764352931",
   "actor": "Olena Shevchenko",
   "actor_id": "user512839471",
   "action": "invite_members",
   "members": ["Taras Bondarenko", "Iryna Melnyk"],
   "text": ""
  },
  {
   "id": 102,
   "type": "message",
   "date": "2026-11-28T18:05:40",
   "date_unixtime": "1764353140",
   "from": "Taras Bondarenko",
   "from_id": "user604918273",
   "reply_to_message_id": 101,
   "text": [
    "Мій номер ",
    {"type": "phone", "text": "+380 67 555 1234"},
    ", пишіть на ",
    {"type": "email", "text": "taras.bondarenko@pryklad.ua"}
   ],
   "text_entities": [
    {"type": "plain", "text": "Мій номер "},
    {"type": "phone", "text": "+380 67 555 1234"},
    {"type": "mention", "text": "@iryna_melnyk"}
   ]
  },
  {
   "id": 103,
   "type": "message",
   "date": "2026-11-28T18:07:02",
   "from": "Iryna Melnyk",
   "from_id": "user771203948",
   "forwarded_from": "Olena Shevchenko",
   "text": "Нова адреса: вул. Саксаганського, 41, кв. 7",
   "edited": "2026-11-28T18:08:00"
  }
 ]
}
''', leaks=('Olena Shevchenko', 'user512839471', 'Taras Bondarenko', 'Iryna Melnyk', 'user604918273', '+380 67 555 1234', 'taras.bondarenko@pryklad.ua',
            '@iryna_melnyk', 'iryna_melnyk', 'user771203948', 'Саксаганського, 41'),
     keeps=('"type": "private_group"', '"action": "invite_members"', '"date": "2026-11-28T18:05:40"', '"date_unixtime": "1764353140"', '"reply_to_message_id": 101',
            '"type": "phone"', '"type": "mention"', '"edited": "2026-11-28T18:08:00"', '"id": 103'),
     bkeeps=())

DISCORD = F('chat-discord-json', '''{
  "guild": {"id": "883311224455667788", "name": "Indie Devs Lagos", "iconUrl": "https://cdn.discordapp.com/embed/avatars/0.png"},
  "channel": {"id": "990011223344556677", "type": "GuildTextChat", "category": "General", "name": "hiring", "topic": null},
  "dateRange": {"after": null, "before": null},
  "messages": [
    {
      "id": "1180000000000000001",
      "type": "Default",
      "timestamp": "2026-11-29T10:12:44.123+00:00",
      "isPinned": false,
      "content": "hey @Tunde, can you DM me your portfolio? or email femi.adeyemi@example.com.ng",
      "author": {"id": "412233445566778899", "name": "femi_codes", "discriminator": "0000", "nickname": "Femi Adeyemi", "color": "#1ABC9C", "isBot": false, "avatarUrl": "https://cdn.discordapp.com/avatars/412233445566778899/a1b2c3.png"},
      "reactions": [{"emoji": {"id": "", "name": "👍", "code": "thumbsup"}, "count": 2}],
      "mentions": [{"id": "512233445566778800", "name": "tunde.bakare", "discriminator": "0000", "nickname": "Tunde Bakare", "isBot": false}]
    },
    {
      "id": "1180000000000000002",
      "type": "Default",
      "timestamp": "2026-11-29T10:15:02.000+00:00",
      "content": "Sent! My number is 0803 222 7788 if voice is easier",
      "author": {"id": "512233445566778800", "name": "tunde.bakare", "discriminator": "0000", "nickname": "Tunde Bakare", "isBot": false}
    },
    {
      "id": "1180000000000000003",
      "type": "Default",
      "timestamp": "2026-11-29T10:16:00.000+00:00",
      "content": "Reminder: rule 3 - no recruiters without a ticket",
      "author": {"id": "300000000000000001", "name": "Carl-bot", "discriminator": "1536", "nickname": "Carl-bot", "isBot": true}
    }
  ],
  "messageCount": 3
}
''', leaks=('@Tunde', 'femi.adeyemi@example.com.ng', 'femi_codes', 'Femi Adeyemi', 'tunde.bakare', 'Tunde Bakare', '0803 222 7788'),
     keeps=('"type": "GuildTextChat"', '"timestamp": "2026-11-29T10:12:44.123+00:00"', '"isPinned": false', '"discriminator": "0000"', '"isBot": false',
            '"code": "thumbsup"', '"messageCount": 3', '"color": "#1ABC9C"', '"name": "hiring"', '"type": "Default"'),
     bkeeps=('Reminder: rule 3 - no recruiters without a ticket', '"category": "General"'))

TEAMS = F('chat-teams-slack-json', '''{
  "teams_messages": [
    {
      "id": "1701601234567",
      "messageType": "message",
      "createdDateTime": "2026-12-01T09:30:00.000Z",
      "from": {"user": {"id": "8ea0e38b-efb3-4757-924a-5f94061cf8c2", "displayName": "Sophie Dubois", "userIdentityType": "aadUser", "tenantId": "72f988bf-86f1-41af-91ab-2d7cd011db47"}},
      "body": {"contentType": "html", "content": "<p>Merci <at id=\\"0\\">Karim Benali</at>, je t'appelle au 06 12 34 56 78.</p>"},
      "mentions": [{"id": 0, "mentionText": "Karim Benali", "mentioned": {"user": {"displayName": "Karim Benali", "userPrincipalName": "karim.benali@contoso.fr"}}}]
    }
  ],
  "slack_users": [
    {
      "id": "U04ABCD1234",
      "team_id": "T01XYZ9876",
      "name": "mdiallo",
      "deleted": false,
      "real_name": "Mamadou Diallo",
      "tz": "Africa/Dakar",
      "tz_label": "Greenwich Mean Time",
      "profile": {"title": "Data Engineer", "phone": "+221 77 123 45 67", "real_name": "Mamadou Diallo", "display_name": "mamadou", "email": "mamadou.diallo@example.sn", "first_name": "Mamadou", "last_name": "Diallo"},
      "is_admin": false,
      "is_bot": false
    },
    {
      "id": "USLACKBOT",
      "name": "slackbot",
      "real_name": "Slackbot",
      "is_bot": false,
      "profile": {"display_name": "Slackbot", "first_name": "slackbot"}
    }
  ]
}
''', leaks=('Sophie Dubois', 'Karim Benali', '06 12 34 56 78', 'karim.benali@contoso.fr', 'mdiallo', 'Mamadou Diallo', '+221 77 123 45 67', '"mamadou"',
            'mamadou.diallo@example.sn', '"Mamadou"', '"Diallo"'),
     keeps=('"messageType": "message"', '"createdDateTime": "2026-12-01T09:30:00.000Z"', '"userIdentityType": "aadUser"', '"contentType": "html"',
            '"tz": "Africa/Dakar"', '"tz_label": "Greenwich Mean Time"', '"deleted": false', '"is_admin": false', '"name": "slackbot"', '"id": "USLACKBOT"'),
     bkeeps=('"title": "Data Engineer"', '"real_name": "Slackbot"'))

VTT = F('transcript-vtt', '''WEBVTT
Kind: captions
Language: en

NOTE Recorded 2026-12-02, Zoom cloud recording, auto-generated

1
00:00:01.000 --> 00:00:04.200
<v Kwame Asante>Okay, let's get started. Can everyone hear me?</v>

2
00:00:04.600 --> 00:00:09.850
<v Dr. Ingrid Solberg>Yes. Before we start, my new direct line is 0047 412 34 567.</v>

3
00:00:10.100 --> 00:00:15.000
Ravi Chandrasekaran: And my email changed to ravi.c@example.in, please update the list.

4
00:00:15.400 --> 00:00:19.000 align:start position:10%
<v Kwame Asante>Noted. Item one is the Q4 budget, slide 3.</v>
''', leaks=('Kwame Asante', 'Ingrid Solberg', '0047 412 34 567', 'Ravi Chandrasekaran', 'ravi.c@example.in'),
     keeps=('WEBVTT', '00:00:01.000 --> 00:00:04.200', '00:00:15.400 --> 00:00:19.000 align:start position:10%', 'Kind: captions', '2026-12-02', '</v>'),
     bkeeps=("Okay, let's get started. Can everyone hear me?", 'Item one is the Q4 budget, slide 3.', 'Zoom cloud recording'))

SRT = F('transcript-srt', '''1
00:00:00,500 --> 00:00:03,200
LUCÍA FERNÁNDEZ: Buenos días, gracias por venir.

2
00:00:03,400 --> 00:00:07,900
[Mateo Herrera] Gracias a usted. Mi DNI es 31.456.789, por si lo necesita.

3
00:00:08,100 --> 00:00:12,000
- Lucía Fernández: Perfecto.
- Mateo Herrera: Y mi móvil, 612 34 56 78.

4
00:00:12,300 --> 00:00:14,000
(risas)
''', leaks=('LUCÍA FERNÁNDEZ', 'Mateo Herrera', '31.456.789', 'Lucía Fernández', '612 34 56 78'),
     keeps=('00:00:00,500 --> 00:00:03,200', '00:00:12,300 --> 00:00:14,000', '(risas)'),
     bkeeps=('Buenos días, gracias por venir.', 'Perfecto.'))

OTTER = F('transcript-otter-zoom', '''Weekly sync - transcript
Tue, Dec 1, 2026 10:00AM • 32:14

SUMMARY KEYWORDS
budget, hiring, q4, offsite

SPEAKERS
Priya Raghunathan, Tomás Ortega, Unknown Speaker

Priya Raghunathan  00:04
Morning all. Tomás, can you share your screen?

Tomás Ortega  00:11
Sure, one second. Can you see it?

Unknown Speaker  00:15
Yes.

Priya Raghunathan  01:02:07
Last thing: send the offsite RSVPs to priya.r@example.in by Friday.

---- Zoom chat ----
10:02:15 From Tomás Ortega to Everyone : my mobile if the link drops: +34 612 34 56 78
10:03:40 From  Priya Raghunathan  to  Tomás Ortega(Direct Message) : thanks!
[Aoife Byrne] 10:31:02
Sorry I'm late, train delay.
''', leaks=('Priya Raghunathan', 'Tomás Ortega', 'Tomás', 'priya.r@example.in', '+34 612 34 56 78', 'Aoife Byrne'),
     keeps=('00:04', '00:11', '01:02:07', '10:02:15', '10:31:02', '32:14', 'budget, hiring, q4, offsite'),
     bkeeps=('Unknown Speaker', 'SUMMARY KEYWORDS', 'SPEAKERS', 'to Everyone :', "Sorry I'm late, train delay.", 'Weekly sync - transcript'))
GITLOG = F('git-log', '''commit 3f9a2c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39
Merge: 1a2b3c4 5d6e7f8
Author: Siobhán Ní Bhriain <siobhan.nibhriain@example.ie>
Date:   Tue Dec 1 14:02:11 2026 +0000

    Merge pull request #482 from obrien-dev/fix-timezones

    Fix Asia/Ho_Chi_Minh offset in the scheduler

commit 5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80
Author: Cian O'Brien <cian@obrien.dev>
AuthorDate: Mon Nov 30 18:44:02 2026 +0000
Commit:     GitHub <noreply@github.com>
CommitDate: Mon Nov 30 18:44:02 2026 +0000

    Bump INV-2024-4808 parser; fixes CVE-2024-3094 note in docs

    Co-authored-by: Nomvula Dlamini <nomvula.dlamini@example.co.za>
    Signed-off-by: Cian O'Brien <cian@obrien.dev>

$ git log --format='%h %an <%ae> %ad %s' --date=short -3
3f9a2c1 Siobhán Ní Bhriain <siobhan.nibhriain@example.ie> 2026-12-01 Merge pull request #482
5d6e7f8 Cian O'Brien <cian@obrien.dev> 2026-11-30 Bump INV-2024-4808 parser
1a2b3c4 dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com> 2026-11-29 Bump urllib3 from 2.2.1 to 2.2.2

$ git shortlog -sne
    42\tSiobhán Ní Bhriain <siobhan.nibhriain@example.ie>
    17\tCian O'Brien <cian@obrien.dev>
     3\tNomvula Dlamini <nomvula.dlamini@example.co.za>
''', leaks=('Siobhán Ní Bhriain', 'siobhan.nibhriain@example.ie', 'obrien-dev', "Cian O'Brien", 'cian@obrien.dev', 'Nomvula Dlamini',
            'nomvula.dlamini@example.co.za'),
     keeps=('commit 3f9a2c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39', 'Merge: 1a2b3c4 5d6e7f8', 'Date:   Tue Dec 1 14:02:11 2026 +0000', '#482', 'Asia/Ho_Chi_Minh',
            'INV-2024-4808', 'CVE-2024-3094', 'dependabot[bot]', 'urllib3 from 2.2.1 to 2.2.2', "--format='%h %an <%ae> %ad %s'", 'git shortlog -sne',
            'noreply@github.com', '2026-11-29'),
     bkeeps=('Fix Asia/Ho_Chi_Minh offset in the scheduler', 'Commit:     GitHub'))

BLAME = F('git-blame', '''$ git blame -L 10,14 src/billing/invoice.py
^3f9a2c1 (Siobhán Ní Bhriain 2026-12-01 14:02:11 +0000 10) def render(invoice):
5d6e7f80 (Cian O'Brien       2026-11-30 18:44:02 +0000 11)     total = sum(l.amount for l in invoice.lines)
5d6e7f80 (Cian O'Brien       2026-11-30 18:44:02 +0000 12)     return TEMPLATE.format(total=total)
00000000 (Not Committed Yet 2026-12-03 09:00:00 +0000 13)     # TODO: currency
$ git blame --porcelain -L 11,11 src/billing/invoice.py
5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80 11 11 1
author Cian O'Brien
author-mail <cian@obrien.dev>
author-time 1764528242
author-tz +0000
committer Ifeoma Chukwu
committer-mail <ifeoma.chukwu@example.com.ng>
committer-time 1764528242
committer-tz +0100
summary Bump INV-2024-4808 parser
filename src/billing/invoice.py
\t    total = sum(l.amount for l in invoice.lines)
''', leaks=('Siobhán Ní Bhriain', "Cian O'Brien", 'cian@obrien.dev', 'Ifeoma Chukwu', 'ifeoma.chukwu@example.com.ng'),
     keeps=('^3f9a2c1 (', '2026-12-01 14:02:11 +0000 10) def render(invoice):', 'Not Committed Yet', 'author-time 1764528242', 'author-tz +0000',
            'committer-tz +0100', 'INV-2024-4808 parser', 'filename src/billing/invoice.py', 'total = sum(l.amount for l in invoice.lines)',
            'git blame --porcelain -L 11,11'),
     bkeeps=())

CI = F('ci-log', '''Running with gitlab-runner 17.5.2 (c6eae8d7)
  on docker-runner-02 t3_Zx9Qp, system ID: s_4f2a9c1e7b30
Preparing the "docker" executor
Using docker image sha256:4b8e5f0a9c3d2e1f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f for python:3.12-slim ...
Getting source from Git repository
Fetching changes with git depth set to 20...
$ echo "Pipeline $CI_PIPELINE_ID triggered by $GITLAB_USER_LOGIN ($GITLAB_USER_NAME)"
Pipeline 118842 triggered by hkarlsson (Henrik Karlsson)
$ env | grep -E '^(GITLAB_USER|CI_COMMIT_AUTHOR|USER|HOME)='
GITLAB_USER_LOGIN=hkarlsson
GITLAB_USER_NAME=Henrik Karlsson
GITLAB_USER_EMAIL=henrik.karlsson@example.se
CI_COMMIT_AUTHOR=Henrik Karlsson <henrik.karlsson@example.se>
USER=root
HOME=/root
$ kubectl get pods -l app.kubernetes.io/name=billing,app.kubernetes.io/instance=prod
NAME                       READY   STATUS    RESTARTS   AGE
billing-7d9f8b6c5d-x2k4q   1/1     Running   0          3d
$ kubectl annotate deploy/billing kubectl.kubernetes.io/restartedAt="2026-12-03T09:00:00Z" --overwrite
$ scp build/report.pdf hkarlsson@files.example.se:/home/hkarlsson/reports/
$ ls /Users/annika.berglund/Library/Caches C:\\Users\\nomvula.dlamini\\AppData\\Local\\Temp
Job succeeded

---- GitHub Actions ----
2026-12-03T09:14:02.1234567Z ##[group]Run actions/checkout@v4
2026-12-03T09:14:02.1235000Z   github.actor: oadeyemi-ng
2026-12-03T09:14:02.1236000Z   triggering_actor: oadeyemi-ng
2026-12-03T09:14:03.0000000Z Syncing repository: example-org/billing
2026-12-03T09:14:05.0000000Z /home/runner/work/billing/billing
2026-12-03T09:15:40.0000000Z Deployment approved by @lmorales-ops

---- Jenkins ----
Started by user Ngozi Okafor
Running as SYSTEM
[Pipeline] sh
+ ssh -i /var/lib/jenkins/.ssh/id_ed25519 deploy@10.0.4.17 "sudo systemctl restart billing"
Finished: SUCCESS
''', leaks=('hkarlsson', 'Henrik Karlsson', 'henrik.karlsson@example.se', 'annika.berglund', 'nomvula.dlamini', 'oadeyemi-ng', 'lmorales-ops', 'Ngozi Okafor'),
     keeps=('sha256:4b8e5f0a9c3d2e1f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f', 'gitlab-runner 17.5.2 (c6eae8d7)', 'python:3.12-slim', 'Pipeline 118842',
            'USER=root', 'HOME=/root', 'app.kubernetes.io/name=billing,app.kubernetes.io/instance=prod', 'kubectl.kubernetes.io/restartedAt="2026-12-03T09:00:00Z"',
            'billing-7d9f8b6c5d-x2k4q   1/1     Running   0          3d', '/Library/Caches', '\\AppData\\Local\\Temp', 'Job succeeded',
            '##[group]Run actions/checkout@v4', '/home/runner/work/billing/billing', 'Running as SYSTEM', '[Pipeline] sh', 'Finished: SUCCESS',
            '/var/lib/jenkins/.ssh/id_ed25519', '$GITLAB_USER_LOGIN', 'GITLAB_USER_LOGIN=', 'deploy@'),
     bkeeps=('Getting source from Git repository', 'Fetching changes with git depth set to 20...'))

CRM = F('crm-ledger-csv', '''# Vendor master export - Accounts Payable - 2026-11-30
Vendor ID,Vendor Name,Contact Name,Contact Email,Contact Phone,Remit-to Address,IBAN,BIC,VAT ID,Payment Terms,Last Invoice,Open Balance
V-10021,Nordlicht Druck GmbH,Katrin Vogel,k.vogel@nordlicht-druck.de,+49 40 3890 1234,"Spaldingstraße 210, 20097 Hamburg",DE89370400440532013000,COBADEFFXXX,DE632257490,Net 30,INV-2024-4808,"12,480.00"
V-10022,Atlas Lojistik A.Ş.,Emre Aydın,emre.aydin@atlaslojistik.com.tr,+90 212 555 01 23,"Büyükdere Cad. No:185, 34394 Şişli/İstanbul",TR330006100519786457841326,TCZBTR2AXXX,,Net 45,INV-2024-4811,"3,200.50"
V-10023,Blue Nile Supplies,Hana Tesfaye,hana@bluenile.example.et,+251 91 123 4567,"Bole Road, Addis Ababa",,,,Due on receipt,INV-2025-0102,0.00

# CRM contacts (Salesforce report "My Contacts")
Account Name,First Name,Last Name,Title,Email,Phone,Mobile,Mailing Street,Mailing City,Mailing Zip/Postal Code,Lead Source,Annual Revenue
Example Retail Ltd,Oluwaseun,Adebayo,Head of Procurement,seun.adebayo@example-retail.co.uk,020 7946 0123,07700 900456,221B Baker Street,London,NW1 6XE,Trade Show,"4,500,000"
''', leaks=('Katrin Vogel', 'k.vogel@nordlicht-druck.de', '+49 40 3890 1234', 'Spaldingstraße 210', 'DE89370400440532013000', 'Emre Aydın',
            'emre.aydin@atlaslojistik.com.tr', '+90 212 555 01 23', 'Büyükdere Cad. No:185', 'TR330006100519786457841326', 'Hana Tesfaye',
            'hana@bluenile.example.et', '+251 91 123 4567', 'Oluwaseun', 'Adebayo', 'seun.adebayo@example-retail.co.uk', '020 7946 0123', '07700 900456',
            '221B Baker Street', 'DE632257490'),
     keeps=('V-10021,', 'V-10022,', 'V-10023,', 'INV-2024-4808', 'INV-2024-4811', 'INV-2025-0102', '"12,480.00"', '"3,200.50"', '"4,500,000"', '2026-11-30'),
     bkeeps=('Vendor ID,Vendor Name,Contact Name,Contact Email', 'Net 30', 'Net 45', 'Due on receipt', 'Head of Procurement', 'Trade Show',
             '# Vendor master export - Accounts Payable'))

APPCONFIG = F('app-config-xml', '''<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <appSettings>
    <add key="PageSize" value="50" />
    <add key="DefaultTimeZone" value="Coordinated Universal Time" />
    <add key="SupportContact" value="Beatriz Nascimento" />
    <add key="SupportEmail" value="beatriz.nascimento@exemplo.com.br" />
    <add key="SupportPhone" value="+55 11 98765 4321" />
    <add key="EnableAudit" value="true" />
  </appSettings>
  <system.web>
    <compilation debug="false" targetFramework="4.8" />
  </system.web>
</configuration>
''', leaks=('Beatriz Nascimento', 'beatriz.nascimento@exemplo.com.br', '+55 11 98765 4321'),
     keeps=('<add key="PageSize" value="50" />', '<add key="DefaultTimeZone" value="Coordinated Universal Time" />', '<add key="EnableAudit" value="true" />',
            '<compilation debug="false" targetFramework="4.8" />', '<add key="SupportContact" value="', '<add key="SupportEmail" value="'),
     bkeeps=())

FILES = [HR_TR, HR_RS, HR_GR, HR_PT, HR_CZ, HR_RO, HR_HU, HR_UA, HR_LATAM, HR_SEA, HR_AFR, MBOX, EML, ICS, VCF, LDIF, GCSV, OCSV,
         WA, WA_IOS, TG, DISCORD, TEAMS, VTT, SRT, OTTER, GITLOG, BLAME, CI, CRM, APPCONFIG]

_BOTH = ("strict", "balanced")
_BAL = ("balanced",)


def _known(rows) -> dict[tuple[str, str, str], str]:
    return {(mode, f, v): reason for f, v, modes, reason in rows for mode in modes}


#: ``(mode, file, value)`` still raw after the round, with the reason: strict xfails, so a fix shows.
KNOWN_LEAKS: dict[tuple[str, str, str], str] = _known((
    ('chat-whatsapp-android', '21, 2nd Main Road', _BOTH, 'an Indian street address in chat prose: no address label, the house number before a comma'),
    ('ci-log', 'oadeyemi-ng', _BOTH, 'a GitHub Actions log prints github.actor: after a timestamp; the lower-case key rule reads line starts only'),
    ('contacts-vcf', 'Jan Nowicki', _BAL, 'a name in a vCard NOTE in Polish prose: balanced reads no unconfigured name in prose'),
    ('chat-whatsapp-android', 'Kavya', _BAL, 'a lone first name in chat prose: balanced reads no unconfigured name in prose'),
    ('chat-whatsapp-ios', 'Jonas', _BAL, 'a lone first name in chat prose: balanced reads no unconfigured name in prose'),
    ('chat-whatsapp-ios', 'Emil', _BAL, 'a lone first name in chat prose: balanced reads no unconfigured name in prose'),
    ('transcript-otter-zoom', 'Tomás', _BAL, 'a lone first name in transcript prose: balanced reads no unconfigured name in prose'),
    ('crm-ledger-csv', 'Oluwaseun', _BAL, 'a second CSV table lower in the file: only a header near the top is read'),
    ('crm-ledger-csv', 'Adebayo', _BAL, 'a second CSV table lower in the file: only a header near the top is read'),
))
#: ``(mode, file, control)`` still changed after the round, with the reason.
KNOWN_GAPS: dict[tuple[str, str, str], str] = _known((
    ('contacts-outlook-csv', '"0/0/00"', _BOTH, "Outlook's empty birthday (0/0/00) in a Birthday column is redacted as a date of birth"),
    ('chat-teams-slack-json', '"name": "slackbot"', _BOTH, "Slack's own bot user reads as a user object's name"),
    ('chat-teams-slack-json', '"id": "USLACKBOT"', ('strict',), "Slack's own bot id reads as a capitalised word in strict"),
    ('chat-teams-slack-json', '"real_name": "Slackbot"', _BAL, "Slack's own bot user reads as a user object's real_name"),
    ('mail-mbox', 'Kierownik Działu Kadr', _BAL, 'a Polish job title in a signature (capitalised words) reads as a person in balanced'),
))


def _leaked(mode: str, f: FileProbe) -> list[str]:
    out = redact_text(mode, f.text)
    seen = decoded_views(out) if f.mail else out
    return [v for v in f.leaks if v in seen]


def _changed(mode: str, f: FileProbe) -> list[str]:
    out = redact_text(mode, f.text)
    keeps = f.keeps + (f.bkeeps if mode == "balanced" else ())
    return [k for k in keeps if k not in out]


def _cases(kind: str):
    for mode in ("strict", "balanced"):
        for f in FILES:
            values = f.leaks if kind == "leak" else f.keeps + (f.bkeeps if mode == "balanced" else ())
            known = KNOWN_LEAKS if kind == "leak" else KNOWN_GAPS
            for v in values:
                reason = known.get((mode, f.name, v))
                marks = (pytest.mark.xfail(strict=True, reason=reason),) if reason else ()
                yield pytest.param(mode, f, v, id=f"{mode}-{f.name}-{v[:40]}", marks=marks)


@pytest.mark.parametrize(("mode", "f", "value"), list(_cases("leak")))
def test_no_labelled_value_of_a_whole_file_survives(mode, f, value):
    assert value not in _leaked_cache(mode, f)


@pytest.mark.parametrize(("mode", "f", "control"), list(_cases("keep")))
def test_every_control_of_a_whole_file_survives(mode, f, control):
    assert control in redact_text(mode, f.text)


_CACHE: dict = {}


def _leaked_cache(mode: str, f: FileProbe) -> str:
    key = (mode, f.name)
    if key not in _CACHE:
        out = redact_text(mode, f.text)
        _CACHE[key] = decoded_views(out) if f.mail else out
    return _CACHE[key]


def test_strict_mode_keeps_at_least_97_percent_of_the_whole_file_controls():
    keeps = [(f, k) for f in FILES for k in f.keeps]
    kept = sum(k in redact_text("strict", f.text) for f, k in keeps)
    assert kept >= 0.97 * len(keeps), (kept, len(keeps))


def test_the_whole_file_table_is_broad_and_its_names_are_unique():
    assert len(FILES) >= 30 and sum(len(f.leaks) for f in FILES) >= 400
    assert len({f.name for f in FILES}) == len(FILES)


#: One person met by different rules in different files (issue 11 item 6): a table cell, a git author, a
#: vCard field, a calendar CN, a chat sender, a transcript speaker, an LDIF attribute.
SAME_PERSON = {
    "Ngozi Okafor": ("Started by user Ngozi Okafor\nRunning as SYSTEM", "From: Ngozi Okafor <ngozi.okafor@example.com.ng>\nSubject: hi",
                     "Author: Ngozi Okafor <ngozi.okafor@example.com.ng>\nDate:   Tue Dec 1 14:02:11 2026 +0000",
                     "BEGIN:VCARD\nVERSION:3.0\nN:Okafor;Ngozi;;;\nFN:Ngozi Okafor\nEND:VCARD",
                     "12/03/24, 14:02 - Ngozi Okafor: see you at 5", "name,phone\nNgozi Okafor,+234 803 123 4567"),
    "Andrei Popescu": ("dn: uid=apopescu,ou=people,dc=example,dc=ro\ncn: Andrei Popescu\nobjectClass: person",
                       "ORGANIZER;CN=Andrei Popescu:mailto:andrei.popescu@exemplu.ro",
                       "<v Andrei Popescu>Okay, let's start.</v>", '{"real_name": "Andrei Popescu", "is_bot": false}'),
}


def _placeholders_of(mode: str, text: str, name: str) -> set[str]:
    red = _REDACTORS.setdefault(mode, make(mode))
    return {f"{m.category}:{m.value}" for m in red.explain(text) if m.value == name}


_REDACTORS: dict = {}


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("name", sorted(SAME_PERSON))
def test_one_person_caught_by_different_rules_gets_one_placeholder_category(mode, name):
    seen = set()
    for text in SAME_PERSON[name]:
        found = _placeholders_of(mode, text, name)
        assert found, (name, text)
        seen |= found
    assert len(seen) == 1, seen


def test_a_recognised_header_cell_never_keeps_a_configured_term_raw():
    red = make("strict", people=("Nome Completo",))
    out = red.redact("Nome Completo,IBAN\nAna Souza,PT50000201231234567890154\n").text
    assert "Nome Completo" not in out and out.startswith("[PERSON_") and ",IBAN\n" in out


def test_fixed_width_and_late_headers_read_their_columns_only():
    text = "Payroll listing\n# generated 2026-11-30\nNAME            PHONE           DEPT\nAna Souza       +351 912 345 678  Ops\n"
    out = redact_text("balanced", "CODE  NAME  SIZE\nx = 1  # a  comment\n")
    assert out == "CODE  NAME  SIZE\nx = 1  # a  comment\n"
    assert "+351 912 345 678" not in redact_text("balanced", text)
