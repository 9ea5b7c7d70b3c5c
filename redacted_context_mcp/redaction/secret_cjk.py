"""Codes and passwords named in Chinese, Japanese and Korean notes and messages (round 13).

CJK text joins a label to its value without blanks, with a full-width colon (``验证码：482913``), a
copula or particle (``验证码是482913``, ``인증번호는 552901``, ``暗証番号は7731``) or nothing but a space
(``인증번호 552901``). ``cjk-code``: a verification, PIN or one-time code word (``验证码``,
``動態碼``, ``暗証番号``, ``認証コード``, ``인증번호``...), then 4 to 10 digits; ``cjk-password``: a
password word the assignment rows do not lead with (``口令``, ``支付密码``, ``비번``, ``암호``, ``合言葉``),
then a value vetted as every value is. Full-width ``：``/``＝`` pairs also reach the assignment rows
through secret_context's width view.

Imports: redaction.secret_kit, redaction.secret_refine.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_kit import P, SecretRule, ex
from redacted_context_mcp.redaction.secret_refine import vet_value

#: Words for a verification, PIN or one-time code.
CODE_WORDS = ("验证码", "驗證碼", "校验码", "校驗碼", "动态码", "動態碼", "确认码", "確認碼", "认证码", "認證碼",
              "取件码", "取件碼", "提货码", "门禁码", "門禁碼", "开门密码", "暗証番号", "認証コード", "確認コード",
              "認証番号", "確認番号", "ワンタイムパスワード", "パスコード", "인증번호", "인증코드", "인증 번호",
              "확인코드", "핀번호", "비밀번호")
#: Words for a password that the assignment rows' lexicon does not hold.
PASSWORD_WORDS = ("口令", "支付密码", "支付密碼", "交易密码", "交易密碼", "取款密码", "登录密码", "登錄密碼",
                  "密碼", "비번", "암호", "合言葉", "あいことば")
#: A separator, copula or particle between the word and its value (full-width forms included).
_SEP = r"(?:[ \t]{0,3}(?:[:：=＝】]|是|为|為|は|が|이|가|는|은|:)[ \t]{0,3}|[ \t]{1,3}|(?=[「『\[【(（]))"


def _alt(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _refine_password(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    return vet_value(text, s, e, 2, quoted=False)


CJK_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "cjk-code",
        "a verification, PIN or one-time code named in Chinese, Japanese or Korean (验证码：482913, 인증번호 552901)",
        P(r"(?:" + _alt(CODE_WORDS) + r")" + _SEP + r"[「『\"“\[【(（]?(?P<v>\d{4,10})(?!\d)"),
        keywords=CODE_WORDS,
        group=("v",),
        examples=(ex("验证码：{}", "482913"), ex("인증번호 {}", "552901"), ex("暗証番号は{}です", "7731"),
                  ex("您的驗證碼是{}，5分鐘內有效", "661204"), ex("인증번호 [{}]", "583920"),
                  ex("【验证码】{}", "730215")),
        near_misses=("验证码已发送", "인증번호를 입력하세요", "暗証番号を忘れた場合", "验证码：请查看短信"),
    ),
    SecretRule(
        "cjk-password",
        "a password named in Chinese, Japanese or Korean by a word the assignment rows do not lead with"
        " (口令：V, 비번은 V, 合言葉は V)",
        P(r"(?:" + _alt(PASSWORD_WORDS) + r")" + _SEP + r"[「『\"“]?(?P<v>[!-~]{4,64}?)(?=[」』\"”]|[\s，。、；]|$)"),
        keywords=PASSWORD_WORDS,
        refine=_refine_password,
        examples=(ex("口令：{}", "Long8Bjx"), ex("비번은 {}", "Hangang7x"), ex("合言葉は「{}」", "Sakura92x")),
        near_misses=("口令错误", "비번 바꿨어요", "暗号化された", "密碼：********"),
    ),
)
