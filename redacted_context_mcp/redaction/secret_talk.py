"""Passwords and codes told in other languages with no copula or colon before them (round 14).

Transcripts, chat exports, tickets and handover notes in other languages often drop the verb and the colon:
``новый пароль от почты V``, ``Wi-Fi şifresi V``, ``kata sandinya V``, ``Kennw. V``, ``नया पासवर्ड V है``.
The copula and colon forms are prose-password-intl's (secret_exports); these rows read the rest:

- ``prose-password-bare-intl``: the word for password (the same word table, secret_exports._INTL_WORDS, without
  the words for a key, which also name door keys: ``Schlüssel für Büro A1-2044.``), at
  most two adjectives of its own (``wifi``, ``admin``, ``mới``, ``baru``) and one preposition phrase of one
  or two words (``от почты``, ``für den Drucker``, ``do routera``), then the value, in the local quotes or
  none, and the value must end its clause (a full stop, a comma, a dash, a bracket, the line's end, or the
  Hindi copula that follows it). The value must hold letters and digits (or both cases and a symbol), so
  ``das Passwort ist abgelaufen`` and ``пароль неверный`` stay, and ``Passwort für Win11 geändert`` stays
  because ``Win11`` does not end the clause;
- ``recovery-codes-intl``: recovery and backup codes named in another language (``Código de recuperación:``,
  ``Codici di recupero:``, ``Wiederherstellungscodes:``, ``коды восстановления:``, ``复原码：``), then one
  code or a list of them (each with a digit, 4 to 16 characters, in dashed groups);
- ``prose-password-first-intl``: the value said first (``Zitrone77 ist das Kennwort vom Gäste-WLAN``,
  ``Perle2026 est le nouveau mot de passe``): a copula, an article or possessive, an adjective, then the word;
  the value is read back from the copula and must read as a password (not after ``mit``/``avec``/``with``).

Imports: redaction.secret_exports, redaction.secret_kit, redaction.secret_phrase, redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_exports import (
    _EDGED_WORDS,
    _INTL_CLOSE,
    _INTL_KEYWORDS,
    _INTL_OPEN,
    KEY_WORDS,
    human_password,
)
from redacted_context_mcp.redaction.secret_kit import P, SecretRule, ex, trie, with_folds
from redacted_context_mcp.redaction.secret_phrase import not_secret
from redacted_context_mcp.redaction.secret_values import is_reference, is_template

_KEY_FOLDS = frozenset(with_folds(KEY_WORDS))
#: Adjectives and network words that follow the word for password (``mật khẩu wifi V``, ``kata sandi baru V``).
ADJECTIVES = ("wifi", "wi-fi", "wlan", "admin", "root", "mới", "moi", "baru", "nuevo", "nueva", "nouveau",
              "provisoire", "temporaire", "nova", "novo", "nuovo", "nowe", "nytt", "nye", "yeni", "initial",
              "provisória", "temporária", "temporal", "provisorio", "tymczasowe", "tijdelijk", "temporär")
#: Prepositions that open the thing a password is for (``от почты``, ``für den Drucker``, ``do routera``).
PREPOSITIONS = ("от", "для", "до", "к", "на", "від", "для", "do", "dla", "od", "na", "für", "fuer", "vom", "von",
                "zum", "zur", "des", "beim", "du", "de", "pour", "del", "para", "da", "della", "dello", "per", "di",
                "van", "voor", "op", "för", "till", "på", "til", "for", "av", "of", "on", "của", "cho", "untuk",
                "ke", "του", "της", "τησ", "για", "של")
ADJECTIVES = with_folds(ADJECTIVES)
_OPEN = "[" + re.escape(_INTL_OPEN) + "]{0,2}"
_CLOSE = "[" + re.escape(_INTL_CLOSE) + "]{0,2}"
_TOKEN = r"[^\s:=：\"'“”«»„「」]{1,24}"
_BARE = P(
    r"(?<!\w)(?:" + trie(w for w in _EDGED_WORDS if w not in _KEY_FOLDS) + r")"
    # Hebrew and Arabic words of their own script qualify the word (``הסיסמה לוויפי V``, ``كلمة مرور الواي فاي V``):
    # a prefixed preposition is part of the word there, and the value is Latin
    r"(?:[ \t]{1,3}(?:" + "|".join(re.escape(a) for a in ADJECTIVES) + r"|[\u0590-\u06ff]{2,20})(?![\w-])){0,3}"
    r"(?:[ \t]{1,3}(?:" + "|".join(sorted(set(PREPOSITIONS), key=len, reverse=True)) + r")"
    r"(?:[ \t]{1,3}" + _TOKEN + r"){1,2}?)?"
    r"[ \t]{1,3}" + _OPEN + r"(?P<v>[^\s" + re.escape(_INTL_CLOSE) + r",;，。、]{6,64})" + _CLOSE
    + r"(?=[.!?)\]]{0,3}[ \t]{0,3}(?:[\r\n]|\Z|[—–(]|-[ \t]|है)|[.,;!?)\]]{1,3}[ \t])"
)
_TRAIL = ".,;:!?)]}>"
#: A capitalised word, a dash and figures (``Brezel-2026``): a password's shape, not a ticket key (``INC-2026``).
_WORD_DASH = re.compile(r"[A-ZÀ-Þ][a-zß-ÿ]{2,20}-\d{2,8}")


def _not_secret(v: str) -> bool:
    return not_secret(v) and _WORD_DASH.fullmatch(v) is None


def _refine_bare(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    while e > s and text[e - 1] in _TRAIL:
        e -= 1
    v = text[s:e]
    if e - s < 6 or not human_password(v) or "@" in v or "://" in v or v[0] in "/<{[($%":
        return None
    if _not_secret(v):
        return None
    if is_template(v) or is_reference(v, quoted=False):
        return None
    return s, e


#: The value first: ``Zitrone77 ist das Kennwort vom Gäste-WLAN``, ``Perle2026 est le nouveau mot de passe``,
#: ``Mango2024 es la contraseña``: a copula, an article or a possessive, an adjective, then the word for password
#: ending its phrase; the value is read back from the copula (refine) so the row is led by a literal blank.
_FIRST_COPULA = r"(?:ist|est|es|é|è|is|är|er|jest|to|это|era|war|sera|será|sarà|wird|blir|wordt|—|–)"
_DETERMINERS = (r"(?:das|der|die|dein|mein|unser|euer|ihr|le|la|l'|l’|mon|ton|notre|votre|el|tu|mi|su|nuestra|nuestro"
                r"|o|a|meu|minha|teu|tua|seu|sua|il|lo|la|mio|mia|tuo|tua|het|de|mijn|jouw|ons|onze|uw|det|den|ditt"
                r"|mitt|ert|vårt|nasze|twoje|moje|новый|наш|ваш|твой|это|ο|το|η)")
_ADJ_BEFORE = (r"(?:neue|neues|neuer|aktuelle|aktuelles|nouveau|nouvel|actuel|nueva|nuevo|actual|nova|novo|atual|nuovo"
               r"|nuova|attuale|nieuwe|huidige|nya|nye|nytt|nowe|aktualne|новый|νέος|νέοσ|νέο|yeni|temporäre|temporäres"
               r"|provisorische|provisorisches|provisoire|temporaire|provisional|temporal|provisória|temporária"
               r"|provvisoria|temporanea|tijdelijke|tymczasowe)")
_FIRST = P(
    r"[ \t]" + _FIRST_COPULA + r"[ \t]{1,3}(?:" + _DETERMINERS + r"[ \t]{1,3}|l['’])?(?:" + _ADJ_BEFORE
    + r"[ \t]{1,3})?(?:[a-z0-9]{1,12}-)?(?:" + trie(w for w in _EDGED_WORDS if w not in _KEY_FOLDS) + r")"
    # Italian says ``password``: only after its own copula and article (``Gelato2026 è la nuova password``)
    + r"(?![\w-])|[ \t]è[ \t]{1,3}(?:la|il|una)[ \t]{1,3}(?:(?:nuova|attuale|provvisoria|temporanea|mia|tua|sua)"
    r"[ \t]{1,3})?password(?![\w-])"
)
#: Words before a value-first token that make it the object of a sentence, not the password said first.
_NOT_BEFORE = frozenset("mit with avec con com z ze с со від для für pour para per voor för med dla in im dans en "
                        "nel em no na problem problème".split())


def _refine_first(m: re.Match[str], text: str) -> tuple[int, int] | None:
    e = m.start()
    s = e
    while s > 0 and e - s < 66 and not text[s - 1].isspace():
        s -= 1
    while s < e and text[s] in _INTL_OPEN + "(":
        s += 1
    while e > s and text[e - 1] in _INTL_CLOSE + ",":
        e -= 1
    v = text[s:e]
    if e - s < 6 or e - s > 64 or not human_password(v) or "@" in v or "://" in v or v[0] in "/<{[($%":
        return None
    if _not_secret(v) or is_template(v) or is_reference(v, quoted=False):
        return None
    before = text[max(0, s - 24):s].split()
    if before and before[-1].lower().strip(",") in _NOT_BEFORE:
        return None
    return s, e


#: Recovery and backup codes in other languages (singular and plural; the English ones are secret_prose's).
RECOVERY_WORDS = (
    "código de recuperación", "códigos de recuperación", "codigo de recuperacion", "codigos de recuperacion",
    "código de recuperação", "códigos de recuperação", "código de backup", "códigos de backup",
    "códigos de respaldo", "código de respaldo", "codes de récupération", "code de récupération",
    "codes de secours", "code de secours", "codes de sauvegarde", "codice di recupero", "codici di recupero",
    "codici di backup", "codice di backup", "wiederherstellungscode", "wiederherstellungscodes", "backup-codes",
    "backup-code", "notfallcodes", "notfallcode", "sicherungscodes", "herstelcode", "herstelcodes", "back-upcodes",
    "kody zapasowe", "kod zapasowy", "kody odzyskiwania", "kod odzyskiwania", "kody jednorazowe",
    "återställningskoder", "återställningskod", "reservkoder", "gendannelseskoder", "gendannelseskode",
    "backupkoder", "gjenopprettingskoder", "reservekoder", "kurtarma kodları", "kurtarma kodu", "yedek kodlar",
    "yedek kodları", "коды восстановления", "код восстановления", "резервные коды", "резервный код",
    "коди відновлення", "резервні коди", "κωδικοί ανάκτησης", "κωδικός ανάκτησης", "εφεδρικοί κωδικοί",
    "رموز الاسترداد", "رمز الاسترداد", "رموز احتياطية", "קודי שחזור", "קוד שחזור", "קודי גיבוי", "रिकवरी कोड",
    "बैकअप कोड", "mã khôi phục", "mã dự phòng", "kode pemulihan", "kode cadangan", "リカバリーコード",
    "リカバリコード", "復旧コード", "バックアップコード", "恢复码", "恢復碼", "备用码", "備用碼", "复原码", "復原碼",
    "복구 코드", "복구코드", "백업 코드", "백업코드")
RECOVERY_WORDS = with_folds(RECOVERY_WORDS)
_RECOVERY_KEYWORDS = ("recupera", "récupération", "secours", "sauvegarde", "recupero", "codici di backup",
                      "codice di backup", "códigos de backup", "código de backup", "respaldo", "wiederherstellungscode",
                      "backup-code", "notfallcode", "sicherungscodes", "herstelcode", "back-upcodes", "zapas",
                      "odzyskiwania", "kody jednorazowe", "återställningskod", "reservkoder", "gendannelseskode",
                      "backupkoder", "gjenopprettingskoder", "reservekoder", "kurtarma", "yedek kod", "восстановления",
                      "резервн", "відновлення", "ανάκτηση", "εφεδρικοί", "الاسترداد", "احتياطية", "שחזור", "גיבוי",
                      "रिकवरी कोड", "बैकअप कोड", "khôi phục", "dự phòng", "pemulihan", "kode cadangan", "リカバリ",
                      "復旧コード", "バックアップコード", "恢复码", "恢復碼", "备用码", "備用碼", "复原码", "復原碼",
                      "복구", "백업")
_CODE = r"(?=[a-z-]{0,15}\d)[a-z0-9]{4,10}(?:-[a-z0-9]{3,10}){0,3}(?![\w-])"
_RECOVERY = P(
    r"(?:" + trie(RECOVERY_WORDS) + r")"
    r"(?:[ \t]{1,3}[^\s:：]{1,24}){0,3}?[ \t]{0,3}(?:[:：]|[ \t](?:sind|son|sont|são|sono|zijn|są|är|er|—|–|-))"
    r"[ \t\r\n]{0,12}(?:[-*•][ \t]{1,2})?[\"'`«„]?(?P<v>" + _CODE
    + r"(?:[\"'`»“]?(?:[ \t]{0,2}[,;][ \t]{0,2}|[ \t]{1,3}|[ \t]{0,2}\r?\n[ \t]{0,8}(?:[-*•][ \t]{1,2})?)[\"'`«„]?"
    + _CODE + r"){0,15})"
)


def _refine_codes(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    v = text[s:e]
    if not_secret(v) or v.isdigit() and len(v) < 6:
        return None  # a date, a version or a count, not a code
    return s, e


TALK_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "prose-password-first-intl",
        "the value said before the word for password in another language (Zitrone77 ist das Kennwort vom WLAN,"
        " Perle2026 est le nouveau mot de passe, Mango2024 es la contraseña)",
        _FIRST,
        keywords=(*_INTL_KEYWORDS, "è la", "è il", "è una"),
        chars=" \t",
        on_lower=True,
        refine=_refine_first,
        examples=(
            ex("Nota: {} ist das Kennwort vom Gäste-WLAN.", "Zitrone77"),
            ex("{} est le nouveau mot de passe", "Perle2026"),
            ex("«{}» es la contraseña del portátil", "Mango2024"),
            ex("{} — новый пароль", "Kedr2026"),
            ex("{} to nowe hasło", "Wisla2026"),
            ex("{} è la nuova password", "Gelato2026"),
            ex("{} — это новый пароль", "Borscht2026"),
        ),
        near_misses=("Das ist das neue Passwort", "mit Windows10 ist das Kennwort", "2024-03-12 ist das Passwort",
                     "C'est le nouveau mot de passe", "Esto es la contraseña"),
    ),
    SecretRule(
        "prose-password-bare-intl",
        "the word for password in another language, then the value with no copula or colon, ending its clause"
        " (новый пароль от почты V, Wi-Fi şifresi V, kata sandinya V, Kennw. V, नया पासवर्ड V है)",
        _BARE,
        keywords=_INTL_KEYWORDS,
        chars=" \t",
        on_lower=True,
        refine=_refine_bare,
        examples=(
            ex("новый пароль от почты {}\n", "Mz8kLq2w"),
            ex("Wi-Fi şifresi {}", "cayBardak77"),
            ex("kata sandinya {}.", "Bali_Ubud77"),
            ex("Kennw. {}\n", "Hpz_0092k"),
            ex("नया पासवर्ड {} है", "Mumbai_2024x"),
            ex("пароль от wifi «{}»", "Sputnik-9-kosmos"),
            ex("Passwort für den Drucker {}, bitte ändern", "Toner2024b"),
            ex("דנה: הסיסמה לוויפי \u200e{}\u200e", "Kinneret2026"),
        ),
        near_misses=("Das Passwort ist abgelaufen.", "пароль неверный", "Passwort für Win11 geändert.",
                     "şifre yanlış", "Passwort vergessen? Hier klicken.", "пароль от почты ivan2@mail.ru",
                     "mật khẩu wifi 2024.", "das Passwort für INC-20931."),
    ),
    SecretRule(
        "recovery-codes-intl",
        "recovery and backup codes named in another language, then one code or a list"
        " (Código de recuperación: V, Codici di recupero: V V, коды восстановления: V)",
        _RECOVERY,
        keywords=_RECOVERY_KEYWORDS,
        on_lower=True,
        refine=_refine_codes,
        examples=(
            ex("Código de recuperación: {}", "k7p2-q9xm-44rt"),
            ex("Codici di recupero: {}", "8h3k-2m9p 7t6r-1z0q"),
            ex("Wiederherstellungscodes:\n{}\n", "4821 9930\n1177 2045"),
            ex("коды восстановления: {}", "7731-0045, 1190-4482"),
            ex("复原码：{}", "58301947"),
        ),
        near_misses=("Código de recuperación: consulte el wiki", "codici di recupero: 2024-03-12",
                     "Wiederherstellungscodes: siehe Tresor", "коды восстановления: нет"),
    ),
)
