"""Provider formats: one row per token shape that a secret scanner knows by its literal form.

This module holds the core rows and aggregates the family modules
(``secret_formats_cloud``, ``_dev``, ``_saas``, ``_keys``) into ``FORMAT_RULES``.

Imports: redaction.secret_kit, redaction.secret_format_kit, redaction.secret_formats_*,
redaction.secret_refine, redaction.validators.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_format_kit import refine_github, refine_hex_secret
from redacted_context_mcp.redaction.secret_formats_cloud import CLOUD_RULES
from redacted_context_mcp.redaction.secret_formats_dev import DEV_RULES
from redacted_context_mcp.redaction.secret_formats_keys import KEY_RULES
from redacted_context_mcp.redaction.secret_formats_prefixed import PREFIXED_RULES
from redacted_context_mcp.redaction.secret_formats_r15 import R15_RULES
from redacted_context_mcp.redaction.secret_formats_saas import SAAS_RULES
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, HEX, RNG, UP, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import refine_openai, strip_span
from redacted_context_mcp.redaction.validators import base62


def _gh_short(n: int) -> str:
    """A GitHub token body of ``n`` + 6 characters whose tail is the CRC32 checksum of the rest."""
    import zlib

    payload = tok(ALNUM, n)
    return payload + base62(zlib.crc32(payload.encode()))


_PEM_HEAD = r"-----BEGIN (?P<k1>[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?)-----"
_PEM_TRUNC = (r"|(?P<trunc>(?:(?:\\n|\r?\n|[ \t])[ \t]{0,8}"
              r"(?:(?:[A-Za-z0-9+/=]{1,512}|Proc-Type:[^\r\n]{1,80}|DEK-Info:[^\r\n]{1,120})[ \t]{0,8})?){1,4000}))")
#: The PEM row as written: a body of 1..100000 characters holding no ``-----BEGIN `` up to the first
#: matching END line, else the truncated base64 lines after the header.
_PEM = P(_PEM_HEAD + r"(?:(?P<body>(?:(?!-----BEGIN )[\s\S]){1,100000}?)-----END (?P=k1)-----" + _PEM_TRUNC)
#: The same match read in runs: a character other than ``-`` can neither end the body nor start a
#: BEGIN line, so runs of them are taken whole (possessive: the run never gives characters back) and
#: only each ``-`` is tested. The length bound is the refine's: past it, the row as written decides.
_PEM_FAST = P(_PEM_HEAD + r"(?:(?P<body>(?!-----BEGIN )[\s\S](?:[^-]{1,100000}+|-(?!----END (?P=k1)-----|----BEGIN ))"
              r"{0,100000}+)-----END (?P=k1)-----" + _PEM_TRUNC)
_PEM_BODY_MAX = 100_000


def _refine_masked(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A key whose body after its prefix is a mask (``sk_test_xxxxxxxx``) is a documentation placeholder."""
    body = m.group(0).rsplit("_", 1)[-1]
    return None if len(set(body.lower())) == 1 and body[0] in "xX" else m.span()


def _refine_slack(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A Slack token holds its team and user ids in figures: words only (``xoxb-your-bot-token``) are a placeholder."""
    return m.span() if any(c.isdigit() for c in m.group(0)[5:]) else None


def _refine_pem(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The body (or the truncated lines) of a PEM match; a body past the bound is read by the row as written."""
    s, e = m.span("body")
    if e - s > _PEM_BODY_MAX:
        m2 = _PEM.match(text, m.start())
        if m2 is None:
            return None
        s, e = m2.span("body")
        if s < 0 or e <= s:
            s, e = m2.span("trunc")
    elif s < 0 or e <= s:
        s, e = m.span("trunc")
    return strip_span(text, s, e) if s >= 0 and e > s else None


_CORE: tuple[SecretRule, ...] = (
    SecretRule(
        "gcp-service-account-key",
        "GCP service-account JSON private_key / private_key_id values",
        # JSON, or a YAML key file inlined in a dbt profile (``keyfile_json:`` / ``private_key_id: hex``)
        P(r'"private_key(?:_id)?"[ \t]{0,8}:[ \t]{0,8}"(?P<v>[^"]{16,16384})"'
          r"|\bprivate_key_id[ \t]{0,8}:[ \t]{0,8}(?P<q>[\"']?)(?P<w>[0-9a-f]{40})(?P=q)(?![0-9A-Za-z])"),
        keywords=("private_",),
        group=("v", "w"),
        examples=(
            ex('{"type": "service_account", "private_key_id": "{}"}', tok(HEX, 40)),
            ex("      keyfile_json:\n        private_key_id: {}", tok(HEX, 40)),
            ex('"private_key": "-----BEGIN PRIVATE KEY-----\\n{}\\n-----END PRIVATE KEY-----\\n"', tok(B64, 64)),
        ),
        near_misses=('"private_key": ""', '"private_key_file": "sa.json"'),
    ),
    SecretRule(
        "pem-private-key",
        "PEM private key blocks (RSA, EC, DSA, OPENSSH, PKCS#8, encrypted), multi-line or one-line",
        _PEM_FAST,
        keywords=("private key-----", "private key block-----"),
        group=("body", "trunc"),
        refine=_refine_pem,
        examples=(
            ex("-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----", tok(B64, 64)),
            ex("-----BEGIN OPENSSH PRIVATE KEY-----\n{}\nAAAA\n-----END OPENSSH PRIVATE KEY-----", tok(B64, 70)),
            ex("-----BEGIN PRIVATE KEY----- {} -----END PRIVATE KEY-----", tok(B64, 48)),
            ex("-----BEGIN ENCRYPTED PRIVATE KEY-----\n{}\n-----END ENCRYPTED PRIVATE KEY-----", tok(B64, 64)),
            ex(
                "-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00FF\n\n{}\n"
                "-----END EC PRIVATE KEY-----",
                tok(B64, 64),
            ),
            ex("-----BEGIN RSA PRIVATE KEY-----\n{}\n", tok(B64, 64)),
            ex("-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{}\n=AbCd\n-----END PGP PRIVATE KEY BLOCK-----", tok(B64, 64)),
        ),
        near_misses=(
            "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----",
            "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl\n-----END CERTIFICATE-----",
        ),
    ),
    SecretRule(
        "aws-access-key-id",
        "AWS access key ids (AKIA/ASIA/ABIA/ACCA)",
        P(r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"),
        cased=("AKIA", "ASIA", "ABIA", "ACCA"),
        examples=(ex("aws_access_key_id = AKIA{}", tok(UP + "234567", 16)), ex("id ASIA{}.", tok(UP, 16))),
        near_misses=("AKIA1234", "the ASIAN market"),
    ),
    SecretRule(
        "github-token",
        "GitHub: tokens ghp_ gho_ ghu_ ghs_ ghr_ (36+ characters, or any length with a valid CRC32 "
        "checksum) and fine-grained github_pat_",
        P(r"(?:gh[pousr]_(?P<body>[A-Za-z0-9]{20,255})|github_pat_[A-Za-z0-9_]{22,255})"),
        keywords=("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        refine=refine_github,
        validator="crc32 checksum (odd lengths)",
        examples=(
            ex("token ghp_{}", tok(ALNUM, 36)),
            ex("GH=github_pat_{}", tok(ALNUM + "_", 60)),
            ex("app ghs_{}", _gh_short(24)),
            ex("oauth gho_{}", tok(ALNUM, 40)),
        ),
        near_misses=("ghp_short", "see ghs_docs", "ghp_" + "Abc123" * 4 + "zzzzzz"),
    ),
    SecretRule(
        "gitlab-token",
        "GitLab tokens (glpat- and other gl*- prefixes)",
        P(r"gl(?:pat|dt|rt|ptt|ft|imt|agent|oas|cbt|soat)-[A-Za-z0-9_\-]{20,255}"),
        keywords=tuple(f"gl{p}-" for p in ("pat", "dt", "rt", "ptt", "ft", "imt", "agent", "oas", "cbt", "soat")),
        examples=(ex("CI_TOKEN glpat-{}", tok(ALNUM, 20)),),
        near_misses=("glpat-short",),
    ),
    SecretRule(
        "slack-token",
        "Slack tokens (xoxb-, xoxp-, xoxa-, xoxo-, xoxs-, xoxr-, xapp-)",
        P(r"(?:xox[abposr]|xapp)-[A-Za-z0-9\-]{10,255}"),
        keywords=tuple(f"xox{c}-" for c in "abposr") + ("xapp-",),
        refine=_refine_slack,
        examples=(ex("SLACK xoxb-{}", f"{RNG.randint(10**11, 10**12)}-{tok(ALNUM, 24)}"),),
        near_misses=("xoxb-123", "SLACK_BOT_TOKEN=xoxb-your-bot-token"),
    ),
    SecretRule(
        "stripe-key",
        "Stripe secret, restricted and webhook keys (sk_live_, rk_live_, sk_test_, whsec_)",
        P(r"(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,255}|whsec_[A-Za-z0-9]{20,255})"),
        keywords=("sk_live_", "rk_live_", "sk_test_", "rk_test_", "whsec_"),
        refine=_refine_masked,
        examples=(ex("stripe sk_live_{}", tok(ALNUM, 24)), ex("rk_live_{}", tok(ALNUM, 24))),
        near_misses=("pk_live_0123456789abcdefgh", "sk_live_", "STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx"),
    ),
    SecretRule(
        "google-api-key",
        "Google API keys (AIza...)",
        P(r"AIza[0-9A-Za-z_\-]{35}"),
        cased=("AIza",),
        min_run=39,
        examples=(ex("key=AIza{}", tok(ALNUM, 35)),),
        near_misses=("AIzaShort",),
    ),
    SecretRule(
        "anthropic-key",
        "Anthropic API keys (sk-ant-)",
        P(r"sk-ant-[A-Za-z0-9_\-]{20,255}"),
        keywords=("sk-ant-",),
        examples=(ex("ANTHROPIC sk-ant-api03-{}", tok(ALNUM, 40)),),
        near_misses=("sk-ant-short",),
    ),
    SecretRule(
        "openai-key",
        "OpenAI API keys (sk-, sk-proj-, sk-svcacct-, sk-admin-)",
        P(r"sk-(?P<body>(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,255})"),
        keywords=("sk-",),
        refine=refine_openai,
        validator="mixed letters and digits",
        examples=(ex("OPENAI sk-{}", tok(ALNUM, 48)), ex("sk-proj-{}", tok(ALNUM + "_-", 60))),
        near_misses=("pip install scikit-learn", "risk-assessment-framework-overview", "sk-abcdefghijklmnopqrstuvwx"),
    ),
    SecretRule(
        "groq-key",
        "Groq API keys (gsk_)",
        P(r"gsk_[A-Za-z0-9]{20,255}"),
        keywords=("gsk_",),
        examples=(ex("GROQ gsk_{}", tok(ALNUM, 52)),),
        near_misses=("gsk_short",),
    ),
    SecretRule(
        "xai-key",
        "xAI API keys (xai-)",
        P(r"xai-[A-Za-z0-9]{20,255}"),
        keywords=("xai-",),
        examples=(ex("XAI xai-{}", tok(ALNUM, 60)),),
        near_misses=("xai-grok",),
    ),
    SecretRule(
        "npm-token",
        "npm access tokens (npm_)",
        P(r"npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
        keywords=("npm_",),
        examples=(ex("//registry.npmjs.org/:_authToken npm_{}", tok(ALNUM, 36)),),
        near_misses=("npm_install", "npm_config_cache"),
    ),
    SecretRule(
        "pypi-token",
        "PyPI API tokens (pypi-Ag...)",
        P(r"pypi-Ag[A-Za-z0-9_\-]{50,1024}"),
        keywords=("pypi-",),
        examples=(ex("TWINE pypi-AgEIcHlwaS5vcmc{}", tok(ALNUM, 60)),),
        near_misses=("pypi-server", "pypi-AgShort"),
    ),
    SecretRule(
        "sendgrid-key",
        "SendGrid API keys (SG.xxx.yyy)",
        P(r"SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{16,64}"),
        keywords=("sg.",),
        examples=(ex("SENDGRID SG.{}", f"{tok(ALNUM, 22)}.{tok(ALNUM, 43)}"),),
        near_misses=("SG.foo.bar",),
    ),
    SecretRule(
        "twilio-key",
        "Twilio API key and account SIDs (SK/AC + 32 hex)",
        P(r"(?:SK|AC)(?<![A-Za-z0-9]..)[0-9a-f]{32}(?![A-Za-z0-9])"),
        min_hex_run=32,
        cased=("SK", "AC"),
        examples=(ex("TWILIO SK{}", tok(HEX, 32)),),
        near_misses=("ACME corp", "SK" + "0" * 31),
    ),
    SecretRule(
        "digitalocean-token",
        "DigitalOcean tokens (dop_v1_, doo_v1_, dor_v1_)",
        P(r"do[opr]_v1_[a-f0-9]{64}"),
        keywords=("dop_v1_", "doo_v1_", "dor_v1_"),
        min_hex_run=64,
        examples=(ex("DO dop_v1_{}", tok(HEX, 64)),),
        near_misses=("dop_v1_short",),
    ),
    SecretRule(
        "huggingface-token",
        "Hugging Face tokens (hf_)",
        P(r"hf_(?<![A-Za-z0-9_]...)[A-Za-z0-9]{30,64}(?![A-Za-z0-9])"),
        keywords=("hf_",),
        examples=(ex("HF hf_{}", tok(ALNUM, 34)),),
        near_misses=("hf_hub_download",),
    ),
    SecretRule(
        "jwt",
        "JSON Web Tokens, bare or in headers",
        P(r"eyJ[A-Za-z0-9_\-]{5,4096}\.eyJ[A-Za-z0-9_\-]{5,8192}\.[A-Za-z0-9_\-]{0,4096}"),
        keywords=(".eyj",),
        examples=(ex("jwt {}", f"eyJ{tok(ALNUM, 20)}.eyJ{tok(ALNUM, 40)}.{tok(ALNUM, 43)}"),),
        near_misses=("eyJhbGciOiJIUzI1NiJ9 alone",),
    ),
    SecretRule(
        "hex-64",
        "bare hex strings of 64 or more characters (the vault-salt shape); 40-char git hashes stay",
        P(r"[0-9a-fA-F]{64,}"),  # greedy to the end of the run, boundaries checked in refine
        min_hex_run=64,
        refine=refine_hex_secret,
        validator="boundaries; not after a digest label (sha256:, md5 ...)",
        examples=(ex("salt {}", tok(HEX, 64)), ex("{}", tok(HEX, 128))),
        near_misses=("commit " + "0f3a9c" * 6 + "0f3a", "x" + "a" * 64, "image@sha256:" + "0f3a9c1d" * 8,
                     "5e0c" * 16 + "  tool-2.1.0-linux-arm64.zip", "  checksum/config: " + "c0ffee12" * 8,
                     '"integrity_sha": "' + "9b1d" * 16 + '"'),
    ),
)


#: Legacy shared prefilters (``SecretRule.gate``); format rows use keywords in the combined
#: prefilter (redaction.secret_prefilter) instead.
_GATES: dict[str, re.Pattern[str]] = {}

#: Every provider format row: the core rows above, then each family module.
FORMAT_RULES: tuple[SecretRule, ...] = (_CORE + CLOUD_RULES + DEV_RULES + SAAS_RULES + PREFIXED_RULES + KEY_RULES
                                  + R15_RULES)
