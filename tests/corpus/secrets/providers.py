"""Provider token shapes: one row per public format (prefix, alphabet, length), random bodies.

Shapes follow the formats the providers and public secret scanners document; the random part is
drawn from the case's generator, checksummed where the format carries a checksum.
"""

from __future__ import annotations

import base64
import json
import string
from collections.abc import Callable

from tests.corpus.secrets.kit import ALNUM, B64, BASE32, BECH32, HEX, UPPER_NUM, URLSAFE, Gen, crc_suffix

_LOWER_NUM = string.ascii_lowercase + string.digits


def _gh(prefix: str) -> Callable[[Gen], str]:
    def make(g: Gen) -> str:
        body = g.alnum(30)
        return f"{prefix}_{body}{crc_suffix(body)}"
    return make


def _discord(g: Gen) -> str:
    uid = base64.b64encode(g.digits(18).encode()).decode().rstrip("=")
    return f"{uid}.{g.urlsafe(6)}.{g.urlsafe(38)}"


def _jwt(g: Gen, claims: dict | None = None) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = claims or {"sub": g.digits(8), "iat": g.int(1_600_000_000, 1_800_000_000), "scope": "api"}
    pay = base64.urlsafe_b64encode(json.dumps(body, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"{head}.{pay}.{g.b64url(32)}"


def _sentry_org(g: Gen) -> str:
    claims = {"iat": g.int(1_700_000_000, 1_800_000_000), "url": "https://sentry.io", "org": g.word()}
    pay = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    return f"sntrys_{pay}_{g.b64url(32)}"


def _mapbox(g: Gen) -> str:
    pay = base64.urlsafe_b64encode(json.dumps({"u": g.word(), "a": g.alnum(10)}).encode()).decode().rstrip("=")
    return f"sk.{pay}.{g.urlsafe(22)}"


def _op_service(g: Gen) -> str:
    claims = {"signInAddress": "my.1password.com", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256"},
              "email": f"{g.alnum(12).lower()}@1passwordserviceaccounts.com", "srpX": g.hex(64),
              "muk": {"alg": "A256GCM", "ext": True, "k": g.urlsafe(43), "kty": "oct"}, "secretKey": _op_key(g)}
    return "ops_" + base64.b64encode(json.dumps(claims).encode()).decode().rstrip("=")


def _op_key(g: Gen) -> str:
    return f"A3-{g.chars(UPPER_NUM, 6)}-{g.chars(UPPER_NUM, 6)}-" + "-".join(g.chars(UPPER_NUM, 5) for _ in range(4))


def _aws_secret(g: Gen) -> str:
    return g.chars(ALNUM + "/+", 40)


#: family id -> generator; ``FORMATS`` order is the order the corpus files list them in.
FORMATS: dict[str, Callable[[Gen], str]] = {
    "github-classic": _gh("ghp"),
    "github-oauth": _gh("gho"),
    "github-server": _gh("ghs"),
    "github-refresh": _gh("ghr"),
    "github-fine-grained": lambda g: f"github_pat_11{g.chars(UPPER_NUM, 20)}_{g.alnum(59)}",
    "gitlab-pat": lambda g: f"glpat-{g.urlsafe(20)}",
    "gitlab-deploy": lambda g: f"gldt-{g.urlsafe(20)}",
    "gitlab-runner": lambda g: f"glrt-{g.urlsafe(20)}",
    "gitlab-trigger": lambda g: f"glptt-{g.hex(40)}",
    "slack-bot": lambda g: f"xoxb-{g.digits(12)}-{g.digits(13)}-{g.alnum(24)}",
    "slack-user": lambda g: f"xoxp-{g.digits(12)}-{g.digits(12)}-{g.digits(13)}-{g.hex(32)}",
    "slack-app": lambda g: f"xapp-1-A{g.chars(UPPER_NUM, 10)}-{g.digits(13)}-{g.hex(64)}",
    "slack-webhook": lambda g: (f"https://hooks.slack.com/services/T{g.chars(UPPER_NUM, 8)}/"
                                f"B{g.chars(UPPER_NUM, 10)}/{g.alnum(24)}"),
    "stripe-secret": lambda g: f"sk_live_{g.alnum(g.int(24, 99))}",
    "stripe-restricted": lambda g: f"rk_live_{g.alnum(g.int(24, 99))}",
    "stripe-webhook": lambda g: f"whsec_{g.alnum(32)}",
    "aws-access-key": lambda g: "AKIA" + g.chars(BASE32, 16),
    "aws-secret-key": _aws_secret,
    "aws-bedrock": lambda g: "ABSK" + g.b64(99),
    "google-api": lambda g: "AIza" + g.urlsafe(35),
    "google-oauth-secret": lambda g: "GOCSPX-" + g.urlsafe(28),
    "google-oauth-access": lambda g: "ya29.a0" + g.urlsafe(150),
    "openai-project": lambda g: f"sk-proj-{g.urlsafe(74)}T3BlbkFJ{g.urlsafe(74)}",
    "openai-service": lambda g: f"sk-svcacct-{g.urlsafe(58)}T3BlbkFJ{g.urlsafe(58)}",
    "openai-legacy": lambda g: f"sk-{g.alnum(20)}T3BlbkFJ{g.alnum(20)}",
    "anthropic": lambda g: f"sk-ant-api03-{g.urlsafe(93)}AA",
    "vault-service": lambda g: "hvs." + g.urlsafe(90),
    "vault-batch": lambda g: "hvb." + g.urlsafe(g.int(138, 160)),
    "vault-legacy": lambda g: "s." + g.alnum(24),
    "terraform-cloud": lambda g: f"{g.chars(_LOWER_NUM, 14)}.atlasv1.{g.chars(_LOWER_NUM + '-_', 67)}",
    "heroku": lambda g: "HRKU-AA" + g.urlsafe(58),
    "postman": lambda g: f"PMAK-{g.hex(24)}-{g.hex(34)}",
    "discord-bot": _discord,
    "telegram-bot": lambda g: f"{g.digits(10)}:AA{g.urlsafe(33)}",
    "age-secret-key": lambda g: "AGE-SECRET-KEY-1" + g.chars(BECH32, 58).upper(),
    "onepassword-secret-key": _op_key,
    "onepassword-service": _op_service,
    "sentry-org": _sentry_org,
    "sentry-user": lambda g: "sntryu_" + g.hex(64),
    "shopify-access": lambda g: "shpat_" + g.hex(32),
    "shopify-shared": lambda g: "shpss_" + g.hex(32),
    "sendgrid": lambda g: f"SG.{g.urlsafe(22)}.{g.urlsafe(43)}",
    "twilio-api-key": lambda g: "SK" + g.hex(32),
    "npm": _gh("npm"),
    "pypi": lambda g: "pypi-AgEIcHlwaS5vcmc" + g.urlsafe(g.int(140, 180)),
    "doppler": lambda g: "dp.pt." + g.alnum(43),
    "linear": lambda g: "lin_api_" + g.alnum(40),
    "grafana-service": lambda g: f"glsa_{g.alnum(32)}_{g.hex(8)}",
    "grafana-cloud": lambda g: "glc_" + g.b64(60).rstrip("="),
    "newrelic-user": lambda g: "NRAK-" + g.chars(UPPER_NUM, 27),
    "newrelic-insert": lambda g: "NRII-" + g.chars(UPPER_NUM + "-", 32),
    "huggingface": lambda g: "hf_" + g.chars(string.ascii_letters, 34),
    "digitalocean": lambda g: "dop_v1_" + g.hex(64),
    "atlassian": lambda g: f"ATATT3xFfGF0{g.urlsafe(171)}={g.hex(8).upper()}",
    "databricks": lambda g: "dapi" + g.hex(32),
    "notion": lambda g: f"ntn_{g.digits(11)}{g.alnum(35)}",
    "flyio": lambda g: "fo1_" + g.urlsafe(43),
    "square": lambda g: "EAAA" + g.urlsafe(60),
    "supabase": lambda g: "sbp_" + g.hex(40),
    "pulumi": lambda g: "pul-" + g.hex(40),
    "planetscale": lambda g: "pscale_tkn_" + g.urlsafe(43),
    "dropbox": lambda g: "sl." + g.urlsafe(135),
    "mapbox": _mapbox,
    "asana": lambda g: f"2/{g.digits(16)}/{g.digits(16)}:{g.hex(32)}",
    "azure-ad-secret": lambda g: f"{g.chars(ALNUM, 3)}8Q~{g.chars(ALNUM + '_~.-', 34)}",
    "artifactory": lambda g: "AKCp" + g.alnum(69),
    "sonarqube": lambda g: "sqp_" + g.hex(40),
    "sourcegraph": lambda g: "sgp_" + g.hex(40),
    "contentful": lambda g: "CFPAT-" + g.urlsafe(43),
    "braintree": lambda g: f"access_token$production${g.alnum(16).lower()}${g.hex(32)}",
    "groq": lambda g: "gsk_" + g.alnum(52),
    "xai": lambda g: "xai-" + g.alnum(80),
    "replicate": lambda g: "r8_" + g.alnum(37),
    "facebook": lambda g: "EAAB" + g.alnum(g.int(150, 200)),
    "mailchimp": lambda g: f"{g.hex(32)}-us{g.int(1, 21)}",
    "jwt": _jwt,
    "b64-key": lambda g: g.chars(B64, 43) + "=",
    "hex-32": lambda g: g.hex(32),
    "url-safe-40": lambda g: g.chars(URLSAFE, 40),
    "hex-40": lambda g: g.chars(HEX, 40),
}


def token(g: Gen, family: str) -> str:
    return FORMATS[family](g)
