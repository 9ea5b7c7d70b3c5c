"""Names in scripts without letter case (Chinese, Japanese, Korean, Arabic) right after a name label.

The name heuristics read capital letters, so ``担当者：山田太郎`` or ``الاسم: محمد العتيبي`` kept the
name. Here a label of the table (``姓名``, ``联系人``, ``担当者``, ``氏名``, ``이름``, ``الاسم``...), a colon
(ASCII or full-width), and a run of that script in a name's length: 2-5 Han characters (one blank
allowed between family and given name), a katakana name, 2-4 Hangul syllables, or 1-4 Arabic words.

Imports: redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit

#: Labels that announce a person's name, by script of the name that follows.
NAME_LABELS: tuple[str, ...] = (
    # Chinese (simplified and traditional)
    "姓名", "联系人", "聯絡人", "聯繫人", "负责人", "負責人", "经办人", "經辦人", "申请人", "申請人",
    "收件人", "发件人", "寄件人", "客户姓名", "员工姓名", "员工", "员工名", "法定代表人", "审批人", "签名",
    # Japanese
    "氏名", "担当者", "担当", "名前", "お名前", "申請者", "代表者", "作成者", "承認者", "社員名", "宛名",
    # Korean
    "이름", "성명", "담당자", "담당", "고객명", "직원명", "작성자", "신청인",
    # Arabic
    "الاسم", "اسم", "الموظف", "اسم الموظف", "المسؤول", "المرسل", "مقدم الطلب",
)
_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
_LABEL = re.compile("(?:" + "|".join(sorted(map(re.escape, NAME_LABELS), key=len, reverse=True)) + ")"
                    r"[ \t\u3000]{0,2}[:：][ \t\u3000]{0,2}")
_VALUE = re.compile(
    rf"[{_HAN}]{{1,4}}[ \u3000][{_HAN}]{{1,3}}(?![{_HAN}])|[{_HAN}]{{2,5}}"
    r"|[\u30a1-\u30fa\u30fc]{2,12}(?:[・\u3000 ][\u30a1-\u30fa\u30fc]{2,12})?"
    r"|[\uac00-\ud7a3]{2,4}(?![\uac00-\ud7a3])"
    r"|[\u0621-\u064a]{2,20}(?:[ \u00a0][\u0621-\u064a]{2,20}){0,3}")
#: One pass over the text: a character of the labels' scripts (most non-ASCII text has none: accents only).
_SCRIPT_CHAR = re.compile("[\u0621-\u064a\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]")


def find_script_names(text: str) -> list[Hit]:
    """Name values after the labels of :data:`NAME_LABELS` (callers skip ASCII text)."""
    if _SCRIPT_CHAR.search(text) is None:
        return []
    hits: list[Hit] = []
    for m in _LABEL.finditer(text):
        v = _VALUE.match(text, m.end())
        if v is not None:
            hits.append(Hit(v.start(), v.end(), "PERSON", "script-name-label"))
    return hits


RULES: tuple[tuple[str, str, str, str], ...] = (
    ("script-name-label", "PERSON", "default",
     "Chinese, Japanese, Korean and Arabic names after a name label (姓名, 联系人, 担当者, 氏名, 이름, الاسم...)"),
)
