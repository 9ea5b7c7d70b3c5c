"""Shell logins, phones after a call cue, addresses of Japan and China, Chinese chat speakers (round 13).

- ``whoami`` (and ``logname``, ``id -un``, ``echo $USER``, ``echo %USERNAME%``, ``$env:USERNAME``) on a
  prompt line prints the login on the next line: in strict mode that line is a HANDLE (``DOMAIN\\user`` too);
  balanced mode keeps a command's plain output readable (the controls of the secrets' round 6: ``$ whoami`` ``jdoe``);
- a phone number right after a spoken call cue (``llámame al 612 345 674``, ``ligue para 912 345 678``,
  ``my number is 0412 738 205``, ``ruf mich an unter 0151 2345 678``): nine to thirteen digits in groups;
- a Japanese address after the postal mark (``〒152-0035 東京都目黒区自由が丘1-24-8``) and a Japanese or
  Chinese street address without it: a run of Han and kana characters holding an administrative unit
  (都 道 府 県 市 区 町 村 省 镇) that ends in a block and house number (``1-24-8``, ``4-1-13``, ``2丁目``) or a
  street and its number (``建国路88号``), with the building, floor and room after it (``本町ビル5F``,
  ``2号楼1703室``);
- the street part of a vCard ``ADR`` property (``ADR;TYPE=HOME:;;<street>;<city>;...``) and the whole value of
  its ``LABEL`` property: the contact's address in any script;
- a Han, Hangul or katakana name under a JSON key of a person (``"name": "김민준"``), and a Han word of two
  or three characters set off by blanks inside Chinese prose that starts with a common family name
  (``客户 张伟 的``: Chinese sets no blanks between words, a typed-in name gets them);
- a Chinese chat export's header lines (``王小明 09:12``: a name of two to four Han characters alone before
  a time) and ``@`` mentions of such names (``@陈静``): PERSON.

Imports: redaction.spans, redaction.textview.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import Words

_PROMPT_CMD = re.compile(
    r"(?:^|[$#>%] )(?:whoami|logname|id -un|id -u -n|echo \$USER|echo \$\{USER\}|echo \$LOGNAME|echo %USERNAME%"
    r"|\$env:USERNAME|\[Environment\]::UserName)[ \t]*\r?\n"
    r"(?P<v>(?:[A-Za-z0-9][\w.-]{0,30}\\)?[A-Za-z0-9_][\w.$-]{1,40})"
    r"[ \t]*\r?$", re.M)
_SHELL_WORDS = frozenset(("whoami", "logname", "un", "user", "logname", "username"))

_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
_KANA = "\u3040-\u30ff"
_NUM = "0-9０-９"
#: A street address of Japan or China: Han/kana run with a unit, a block or street number, then the building.
_CJK_ADDRESS = re.compile(
    rf"(?:〒[ \u3000]?[{_NUM}]{{3}}[-－]?[{_NUM}]{{4}}[ \u3000]?)?"
    rf"[{_HAN}{_KANA}]{{0,16}}(?:都|道|府|県|市|区|町|村|省|镇|郡)[{_HAN}{_KANA}]{{0,16}}"
    rf"(?:[{_NUM}]{{1,4}}(?:[-－ー‐][{_NUM}]{{1,4}}){{1,3}}|[{_NUM}]{{1,4}}(?:丁目|番地|番|号))"
    rf"(?:[{_NUM}]{{1,4}}(?:番|号))?"
    rf"(?:[ \u3000]?[{_HAN}{_KANA}A-Za-z]{{1,16}}(?:[{_NUM}]{{1,5}}(?:F|階|号楼|号|楼|层|室|座))+"
    rf"(?:[{_NUM}]{{1,5}}(?:室|号))?)?")
_POSTAL_ONLY = re.compile(rf"〒[ \u3000]?[{_NUM}]{{3}}[-－]?[{_NUM}]{{4}}")
_CN_STREET = re.compile(
    rf"[{_HAN}]{{2,16}}(?:路|街|道|巷|弄|大道)[{_NUM}]{{1,5}}号"
    rf"(?:[{_HAN}A-Za-z]{{0,16}}(?:[{_NUM}]{{1,5}}(?:号楼|栋|幢|座|单元|层|楼|室|号))+)?")
_UNIT_CHARS = frozenset("都道府県市区町村省镇郡路街巷弄号〒")

_VCARD_ADR = re.compile(r"^(?:item[0-9]{1,3}\.)?ADR(?:;[^:\n]{0,80})?:[^;\n]{0,80};[^;\n]{0,80};(?P<v>[^;\n]{3,160})",
                        re.M | re.I)
_VCARD_LABEL = re.compile(r"^(?:item[0-9]{1,3}\.)?LABEL(?:;[^:\n]{0,80})?:(?P<v>[^\n]{3,200}?)[ \t\r]*$", re.M | re.I)

_SPEAKER = re.compile(rf"^(?P<n>[{_HAN}]{{2,4}})[ \t\u3000]{{1,3}}(?:[0-9]{{4}}[-/][0-9]{{1,2}}[-/][0-9]{{1,2}}[ \t])?"
                      r"[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?[ \t]*\r?$", re.M)
#: A name in a script without case under a JSON key of a person (``"name": "김민준"``, ``"name": "山田 花子"``).
_JSON_NAME = re.compile(
    r'"(?i:name|full_?name|display_?name|real_?name|contact_?name|person|customer_?name|owner_?name|nombre|nome)"'
    rf'[ \t]{{0,2}}:[ \t]{{0,2}}"(?P<n>[{_HAN}]{{1,3}}[ \u3000][{_HAN}]{{1,3}}|[{_HAN}]{{2,4}}'
    r'|[\uac00-\ud7a3]{2,4}|[\u30a1-\u30fa\u30fc]{2,12}[・\u3000 ][\u30a1-\u30fa\u30fc]{2,12})"')
#: The most common Chinese family names (a Han word set off by blanks that starts with one is a name), without
#: those that also start everyday words (任务, 程序, 周末, 马上, 付款, 高兴, 方法, 金额, 万一, 于是).
CN_SURNAMES = frozenset("王李张刘陈杨黄赵吴徐孙朱胡郭何林罗郑梁谢宋唐许韩冯邓曹彭曾肖董袁潘蒋蔡杜叶苏魏吕沈姚卢姜崔"
                        "谭汪范廖贾夏韦邹孟熊秦邱尹薛闫侯陶贺顾郝龚邵钱覃戴莫孔汤欧")
_SPACED_HAN = re.compile(rf"(?<=[{_HAN}][ \u3000])(?P<n>[{_HAN}]{{2,3}})(?=[ \u3000][{_HAN}])")
_MENTION = re.compile(rf"[@＠](?P<n>[{_HAN}]{{2,4}})(?=[ \t\u3000,，。:：]|$)", re.M)


#: A phone number right after a spoken call cue in prose ("llámame al 612 345 674", "ligue para 912 345 678",
#: "my number is 0412 738 205"): a 3-3-3 or 4-3-3 grouping that no phone rule reads without a label.
_CALL_CUE = re.compile(
    r"(?<![\w])(?i:ll[áa]mame|ll[áa]manos|llama(?:r)?|mi n[úu]mero(?: de (?:m[óo]vil|tel[ée]fono))?(?: es)?"
    r"|mi m[óo]vil(?: es)?|ligue(?:-me)?|me ligue|meu n[úu]mero(?: [ée])?|meu celular(?: [ée])?|call me|text me"
    r"|my (?:mobile |cell |phone )?number(?: is)?|reach me|ruf(?: mich)?(?: an)?|meine nummer(?: ist)?"
    r"|bel me|mijn nummer(?: is)?|zadzwo[ńn]|m[óo]j numer(?: to)?|beni ara|numaram|appelle-moi|mon num[ée]ro(?: est)?"
    r"|chiamami|il mio numero(?: [èe])?)"
    r"[ \t]{1,2}(?:(?i:al|a|para|pra|on|at|op|pod|unter|au|sul|no|:)[ \t]{1,2})?"
    r"(?P<v>\+?[0-9]{2,4}(?:[ .\-][0-9]{2,4}){2,4}|\+?[0-9]{9,13})(?![\w.\-]|[.,][0-9])")
_CALL_WORDS = frozenset(("llamame", "llámame", "llamanos", "llámanos", "llamar", "llama", "numero", "número", "movil",
                         "móvil", "ligue", "celular", "call", "text", "number", "reach", "ruf", "nummer", "bel",
                         "zadzwon", "zadzwoń", "numer", "ara", "numaram", "appelle", "numéro", "chiamami"))


def find_local_people(text: str, words: Words | None = None, strict: bool = True) -> list[Hit]:
    """HANDLE, ADDRESS and PERSON hits of the families above (the shell's login in strict mode only)."""
    hits: list[Hit] = []
    if strict and (words is None or not words.set.isdisjoint(_SHELL_WORDS)) and "\n" in text:
        hits += [Hit(*m.span("v"), "HANDLE", "shell-login-output") for m in _PROMPT_CMD.finditer(text)]
    if words is None or not words.set.isdisjoint(_CALL_WORDS):
        for m in _CALL_CUE.finditer(text):
            if 9 <= sum(c.isdigit() for c in m.group("v")) <= 13:
                hits.append(Hit(*m.span("v"), "PHONE", "phone-after-call-cue"))
    if (words is None or "adr" in words.set or "label" in words.set) and ("ADR" in text or "LABEL" in text):
        for rx in (_VCARD_ADR, _VCARD_LABEL):
            for m in rx.finditer(text):
                v = m.group("v")
                if any(c.isdigit() for c in v) or not v.isascii():
                    hits.append(Hit(*m.span("v"), "ADDRESS", "vcard-address"))
    if text.isascii():
        return hits
    if not _UNIT_CHARS.isdisjoint(text):
        for m in _CJK_ADDRESS.finditer(text):
            if m.end() - m.start() >= 6:
                hits.append(Hit(*m.span(), "ADDRESS", "cjk-address"))
        if "号" in text:
            hits += [Hit(*m.span(), "ADDRESS", "cjk-address") for m in _CN_STREET.finditer(text)]
        if "〒" in text:
            hits += [Hit(*m.span(), "ADDRESS", "cjk-address") for m in _POSTAL_ONLY.finditer(text)]
    if ":" in text:
        hits += [Hit(*m.span("n"), "PERSON", "cjk-chat-speaker") for m in _SPEAKER.finditer(text)]
    if '":' in text:
        hits += [Hit(*m.span("n"), "PERSON", "cjk-name-key") for m in _JSON_NAME.finditer(text)]
    if " " in text or "\u3000" in text:
        hits += [Hit(*m.span("n"), "PERSON", "cjk-spaced-name") for m in _SPACED_HAN.finditer(text)
                 if m.group("n")[0] in CN_SURNAMES]
    if "@" in text or "＠" in text:
        hits += [Hit(*m.span("n"), "PERSON", "cjk-chat-speaker") for m in _MENTION.finditer(text)]
    return hits


RULES: tuple[tuple[str, str, str, str], ...] = (
    ("shell-login-output", "HANDLE", "default",
     "(strict) the login a shell prints after whoami, logname, id -un, echo $USER"),
    ("phone-after-call-cue", "PHONE", "default",
     "a phone number right after a spoken call cue in prose (llámame al, ligue para, my number is, ruf mich an)"),
    ("cjk-address", "ADDRESS", "default",
     "Japanese and Chinese street addresses (〒 postal mark, 都道府県市区町村, 路/街 + 号, building, floor, room)"),
    ("vcard-address", "ADDRESS", "default", "the street of a vCard ADR property and the value of its LABEL"),
    ("cjk-chat-speaker", "PERSON", "default",
     "Han names heading the messages of a chat export (王小明 09:12) and @mentions"),
    ("cjk-name-key", "PERSON", "default",
     "a Han, Hangul or katakana name under a JSON name key (\"name\": \"김민준\")"),
    ("cjk-spaced-name", "PERSON", "default",
     "a Han word of two or three characters set off by blanks in Chinese prose that starts with a family name"),
)
