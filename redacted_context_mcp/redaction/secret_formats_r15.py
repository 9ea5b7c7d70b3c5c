"""Provider formats, round 15: prefixed tokens of the secret scanners' detector lists the tables lacked.

Each row is one provider's documented token shape with a literal prefix the prefilter reads (``tgp_v1_``,
``hcaik_``, ``pdl_live_apikey_``, ``mlsn.``...) or, for the two shapes without one, their separators
(Mailgun's newer ``<32 hex>-<8 hex>-<8 hex>`` keys, read from the dash, the head as a lookbehind) or a hex
run (Infisical's ``st.<hex>.<hex>.<hex>`` service tokens). The
random-token shape caught most of them standing alone; a row makes the format hold where that rule stands
back (inside a URL, a token of one case, a hex body) and names the provider in ``redctx rules``.

``HEADER_RULES`` holds the one context row of the round: an ``Authorization`` header whose scheme is a
vendor's own word (``GenieKey``, ``SSWS``, ``DeepL-Auth-Key``, ``Klaviyo-API-Key``, ``Splunk``): its
credential is a secret as much as a Bearer token's. ``ulid`` tells the keyless shape a ULID is an id.

Imports: redaction.secret_kit, redaction.secret_format_kit, redaction.spans, redaction.validators.
"""

from __future__ import annotations

import random
import re

from redacted_context_mcp.redaction.secret_format_kit import fmt, refine_bounded
from redacted_context_mcp.redaction.secret_kit import ALNUM, HEX, UP, P, Refine, SecretRule, ex
from redacted_context_mcp.redaction.spans import Hit, new_hit
from redacted_context_mcp.redaction.validators import mixed_token, random_enough

_B64U = ALNUM + "_-"
_UPNUM = UP + "0123456789"
_LOWNUM = "abcdefghijklmnopqrstuvwxyz0123456789"
_END = r"(?![A-Za-z0-9])"
_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

#: This table's own generator, so its examples do not shift the other tables' (import order).
_RNG = random.Random(0x15AB)


def tok(alphabet: str, n: int) -> str:
    """A fictional example token (letters and digits mixed when the alphabet has both)."""
    while True:
        t = "".join(_RNG.choice(alphabet) for _ in range(n))
        if alphabet == UP or len(alphabet) <= 16 or mixed_token(t):
            return t


def _uuid() -> str:
    return "-".join(tok(HEX, n) for n in (8, 4, 4, 4, 12))


def _refine_back(width: int, floor: float) -> Refine:
    """Validator of a row led by its literal tail (``-<8 hex>-<8 hex>``, ``:fx``) whose fixed-width head
    is a lookbehind: the secret starts ``width`` characters before the match, on a token boundary, and its
    value clears an entropy floor. Led by the literal, the regex skips a lockfile's hex runs at C speed."""

    def refine(m: re.Match[str], text: str) -> tuple[int, int] | None:
        s = m.start() - width
        if s < 0 or (s > 0 and (text[s - 1].isalnum() or text[s - 1] in "_-")):
            return None
        return (s, m.end()) if random_enough(text[s:m.end()], floor) else None

    return refine


_MIXED = refine_bounded(3.0, mixed=True)
_MIX = "boundary, entropy, mixed"

R15_RULES: tuple[SecretRule, ...] = (
    # --- AI platforms ---------------------------------------------------------------------------------
    fmt("together-key", "Together AI API keys (tgp_v1_ + 43)", r"tgp_v1_[A-Za-z0-9_\-]{40,64}" + _END, ("tgp_v1_",),
        refine=_MIXED, validator=_MIX, examples=(ex("see tgp_v1_{} above", tok(_B64U, 43)),),
        misses=("tgp_v1_client_factory",)),
    fmt("anyscale-key", "Anyscale Endpoints secret keys (esecret_ + 26)", r"esecret_[a-z0-9]{20,40}" + _END,
        ("esecret_",), refine=_MIXED, validator=_MIX, examples=(ex("key: esecret_{}", tok(_LOWNUM, 26)),),
        misses=("esecret_manager_config",)),
    fmt("jina-key", "Jina AI API keys (jina_ + 60)", r"jina_[A-Za-z0-9_\-]{50,70}" + _END, ("jina_",),
        refine=_MIXED, validator=_MIX, examples=(ex("see jina_{} above", tok(HEX, 32) + tok(_B64U, 28)),),
        misses=("jina_embeddings_v3_base_en",)),
    fmt("cartesia-key", "Cartesia API keys (sk_car_ + 20-64)", r"sk_car_[A-Za-z0-9_\-]{20,64}" + _END, ("sk_car_",),
        refine=_MIXED, validator=_MIX, examples=(ex("see sk_car_{} above", tok(ALNUM, 22)),),
        misses=("sk_car_rental_booking",)),
    fmt("helicone-key", "Helicone API and proxy keys (sk-helicone-, pk-helicone- + four groups of 7)",
        r"[sp]k-helicone-(?:eu-|cp-)?[a-z0-9]{7}(?:-[a-z0-9]{7}){3}" + _END, ("sk-helicone-", "pk-helicone-"),
        examples=(ex("HELICONE={}", "sk-helicone-" + "-".join(tok(_LOWNUM, 7) for _ in range(4))),),
        misses=("sk-helicone-docs",)),
    fmt("runpod-key", "RunPod API keys (rpa_ + 40 upper-case)", r"rpa_[A-Z0-9]{40}" + _END, ("rpa_",),
        refine=_MIXED, validator=_MIX, examples=(ex("see rpa_{} above", tok(_UPNUM, 40)),),
        misses=("rpa_automation_bot",)),
    fmt("deno-deploy-token", "Deno Deploy access tokens (ddp_, ddw_ + 36)", r"dd[pw]_[A-Za-z0-9]{36}" + _END,
        ("ddp_", "ddw_"), refine=_MIXED, validator=_MIX, examples=(ex("see ddp_{} above", tok(ALNUM, 36)),),
        misses=("ddp_protocol_version",)),
    # --- observability and data -----------------------------------------------------------------------
    fmt("honeycomb-key", "Honeycomb ingest and management keys (hcaik_, hcxik_, hcamk_, hcxmk_ + 40-80)",
        r"hc[ax](?:ik|mk|lk)_[a-z0-9]{40,80}" + _END,
        ("hcaik_", "hcxik_", "hcamk_", "hcxmk_", "hcalk_", "hcxlk_"), refine=_MIXED, validator=_MIX,
        examples=(ex("see hcaik_{} above", tok(_LOWNUM, 58)), ex("k=hcxik_{}&x=1", tok(_LOWNUM, 58))),
        misses=("hcaik_docs_page",)),
    fmt("dynatrace-platform-token", "Dynatrace platform tokens and OAuth client secrets (dt0s01., dt0s02., dt0s16.)",
        r"dt0s[01]\d\.[A-Z0-9]{8,32}\.[A-Z0-9]{32,96}" + _END, ("dt0s0", "dt0s1"),
        examples=(ex("DT_PLATFORM_TOKEN=dt0s16.{}", f"{tok(_UPNUM, 24)}.{tok(_UPNUM, 64)}"),),
        misses=("dt0s16.x",)),
    fmt("elastic-cloud-key", "Elastic Cloud and serverless API keys (essu_ + base64)",
        r"essu_[A-Za-z0-9+/]{40,200}={0,2}(?![A-Za-z0-9+/=])", ("essu_",), refine=_MIXED, validator=_MIX,
        examples=(ex("see essu_{} above", tok(ALNUM, 80)),), misses=("essu_docs_link",)),
    fmt("coralogix-key", "Coralogix team and personal API keys (cxtp_, cxup_ + 30)", r"cx[tu]p_[A-Za-z0-9]{30}" + _END,
        ("cxtp_", "cxup_"), refine=_MIXED, validator=_MIX, examples=(ex("see cxtp_{} above", tok(ALNUM, 30)),),
        misses=("cxtp_report_builder",)),
    fmt("checkly-key", "Checkly API keys (cu_ + 32 hex)", r"cu_[a-f0-9]{32}" + _END, ("cu_",), hex_run=32,
        refine=refine_bounded(3.0), validator="boundary, entropy", examples=(ex("see cu_{} above", tok(HEX, 32)),),
        misses=("cu_deadbeef",)),
    fmt("mongodb-atlas-sa-secret", "MongoDB Atlas service-account client secrets (mdb_sa_sk_ + 32-64)",
        r"mdb_sa_sk_[A-Za-z0-9_\-]{32,64}" + _END, ("mdb_sa_sk_",), refine=_MIXED, validator=_MIX,
        examples=(ex("see mdb_sa_sk_{} above", tok(ALNUM, 40)),), misses=("mdb_sa_sk_rotation",)),
    # --- identity and secrets managers ----------------------------------------------------------------
    fmt("stytch-secret", "Stytch project secrets (secret-live-, secret-test- + 36)",
        r"secret-(?:live|test)-[A-Za-z0-9_=\-]{30,48}" + _END, ("secret-live-", "secret-test-"),
        refine=_MIXED, validator=_MIX, examples=(ex("see secret-live-{} above", tok(_B64U, 36)),),
        misses=("secret-live-reload",)),
    fmt("ory-token", "Ory Network personal and project API keys (ory_pat_, ory_apikey_)",
        r"ory_(?:pat|apikey)_[A-Za-z0-9_\-]{24,64}" + _END, ("ory_pat_", "ory_apikey_"),
        refine=_MIXED, validator=_MIX, examples=(ex("see ory_pat_{} above", tok(ALNUM, 32)),),
        misses=("ory_pat_docs",)),
    fmt("permit-key", "Permit.io API keys (permit_key_ + 40-128)", r"permit_key_[A-Za-z0-9]{40,128}" + _END,
        ("permit_key_",), refine=_MIXED, validator=_MIX, examples=(ex("see permit_key_{} above", tok(ALNUM, 86)),),
        misses=("permit_key_holder",)),
    fmt("pangea-token", "Pangea service tokens (pts_ + 32)", r"pts_[a-z0-9]{32}" + _END, ("pts_",),
        refine=_MIXED, validator=_MIX, examples=(ex("see pts_{} above", tok(_LOWNUM, 32)),),
        misses=("pts_per_game",)),
    fmt("infisical-service-token", "Infisical service tokens (st.<24 hex>.<32 hex>.<32 hex>)",
        r"st\.[a-f0-9]{24}\.[a-f0-9]{32}\.[a-f0-9]{32}" + _END, (), hex_run=32,
        refine=refine_bounded(3.0, left="."), validator="boundary, entropy",
        examples=(ex("INFISICAL_TOKEN={}", f"st.{tok(HEX, 24)}.{tok(HEX, 32)}.{tok(HEX, 32)}"),),
        misses=("st.louis", "at st.helens")),
    # --- payments and commerce ------------------------------------------------------------------------
    fmt("paddle-key", "Paddle Billing API keys (pdl_live_apikey_, pdl_sdbx_apikey_)",
        r"pdl_(?:live|sdbx)_apikey_[A-Za-z0-9_]{40,80}" + _END, ("pdl_live_apikey_", "pdl_sdbx_apikey_"),
        refine=_MIXED, validator=_MIX,
        examples=(ex("see pdl_live_apikey_{} above", f"01{tok(_LOWNUM, 24)}_{tok(ALNUM, 27)}"),),
        misses=("pdl_live_apikey_x",)),
    fmt("checkout-key", "Checkout.com sandbox secret keys (sk_sbox_ + 26-30)", r"sk_sbox_[a-z0-9]{26,30}" + _END,
        ("sk_sbox_",), refine=_MIXED, validator=_MIX, examples=(ex("see sk_sbox_{} above", tok(_LOWNUM, 27)),),
        misses=("sk_sbox_environment",)),
    fmt("mercury-token", "Mercury banking API tokens (secret-token:mercury_production_...)",
        r"mercury_(?:production|sandbox)_[a-z]{3}_[A-Za-z0-9]{30,64}_yrucrem" + _END,
        ("mercury_production_", "mercury_sandbox_"),
        examples=(ex("see secret-token:mercury_production_wma_{}_yrucrem", tok(ALNUM, 40)),),
        misses=("mercury_production_db",)),
    # --- mail, messaging, productivity ----------------------------------------------------------------
    fmt("mandrill-key-v2", "Mandrill API keys (md- + 22)", r"md-[A-Za-z0-9_\-]{22}" + _END, ("md-",), run=22,
        refine=refine_bounded(3.5, mixed=True), validator=_MIX, examples=(ex("see md-{} above", tok(ALNUM, 22)),),
        misses=("md-button-toggle-group",)),
    fmt("mailersend-token", "MailerSend API tokens (mlsn. + 64 hex)", r"mlsn\.[a-f0-9]{64}" + _END, ("mlsn.",),
        hex_run=64, examples=(ex("see mlsn.{} above", tok(HEX, 64)),), misses=("mlsn.docs",)),
    fmt("mailgun-key-v2", "Mailgun API keys of the newer shape (32 hex - 8 hex - 8 hex)",
        r"-(?<=[a-f0-9]{32}-)[a-f0-9]{8}-[a-f0-9]{8}" + _END, (), hex_run=8, chars="-", refine=_refine_back(32, 3.0),
        validator="boundary, entropy",
        examples=(ex('The value "{}" was pasted', f"{tok(HEX, 32)}-{tok(HEX, 8)}-{tok(HEX, 8)}"),),
        misses=("0" * 32 + "-00000000-00000000", "build-1a2b3c4d")),
    fmt("nylas-key", "Nylas v3 API keys (nyk_v0_ + 40-64)", r"nyk_v0_[A-Za-z0-9_\-]{40,64}" + _END, ("nyk_v0_",),
        refine=_MIXED, validator=_MIX, examples=(ex("see nyk_v0_{} above", tok(ALNUM, 49)),),
        misses=("nyk_v0_migration",)),
    fmt("intercom-token-b64", "Intercom access tokens (base64 of tok:..., dG9rOj...)",
        r"dG9rOj[A-Za-z0-9+/]{40,120}={0,2}(?![A-Za-z0-9+/=])", cased=("dG9rOj",), run=46,
        examples=(ex("see dG9rOj{}= above", tok(ALNUM, 54)),), misses=("dG9rOjE=",)),
    fmt("telnyx-key", "Telnyx API v2 keys (KEY + 32 upper hex + _ + 22)", r"KEY[0-9A-F]{32}_[A-Za-z0-9]{22}" + _END,
        cased=("KEY",), run=58, examples=(ex("see KEY{} above", f"{tok('0123456789ABCDEF', 32)}_{tok(ALNUM, 22)}"),),
        misses=("KEY_ROTATION_INTERVAL_IN_DAYS_FOR_THE_MAIN_TELNYX_ACCOUNTS",)),
    fmt("exoscale-key", "Exoscale API keys (EXO + 24 hex)", r"EXO[a-f0-9]{24}" + _END, cased=("EXO",), hex_run=24,
        refine=refine_bounded(3.0), validator="boundary, entropy", examples=(ex("see EXO{} above", tok(HEX, 24)),),
        misses=("EXOTIC",)),
    fmt("deepl-key", "DeepL API Free keys (UUID:fx)", rf":(?<={_UUID}:)fx" + _END, (":fx",),
        refine=_refine_back(36, 3.0), validator="boundary, entropy",
        examples=(ex("Authorization: DeepL-Auth-Key {}", _uuid() + ":fx"),), misses=("ratio:fx",)),
    fmt("riot-key", "Riot Games API keys (RGAPI- + UUID)", r"RGAPI-" + _UUID + _END, cased=("RGAPI-",), hex_run=12,
        examples=(ex("riot dev key {} expires in 24h", "RGAPI-" + _uuid()),), misses=("RGAPI-docs",)),
    fmt("miro-token", "Miro access tokens (eyJtaXJvLm9yaWdpbiI6... region header _ token)",
        r"eyJtaXJvLm9yaWdpbiI6[A-Za-z0-9_\-]{4,40}_[A-Za-z0-9_\-]{20,64}" + _END,
        cased=("eyJtaXJvLm9yaWdpbiI6",), run=45,
        examples=(ex("see eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_{} above", tok(_B64U, 27)),),
        misses=("Miro tokens start with eyJtaXJvLm9yaWdpbiI6",)),
    fmt("rollbar-server-token", "Rollbar server-side access tokens (32 hex) after their scope post_server_item",
        r"post_server_item[ \t\"'=:]{1,6}(?P<v>[a-f0-9]{32})" + _END, ("post_server_item",), hex_run=32, group=("v",),
        examples=(ex("rollbar post_server_item {}", tok(HEX, 32)),), misses=("the post_server_item scope",)),
)

#: The schemes ``authorization-header`` (secret_context) reads already, and AWS's signature, whose
#: parameters (``Credential=``, ``Signature=``) the other rows take one by one.
_KNOWN_SCHEMES = frozenset(("bearer", "basic", "token", "digest", "negotiate", "apikey", "aws4-hmac-sha256"))
_TEMPLATE = re.compile(r"[$<{%]|\A(?:null|none|undefined|redacted|xxx+)\Z", re.I)


def _refine_scheme(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The credential after a vendor's own scheme word, when it looks generated (not a word or a template)."""
    if m.group("scheme") in _KNOWN_SCHEMES:
        return None
    s, e = m.span("v")
    value = text[s:e]
    if _TEMPLATE.search(value) or not (mixed_token(value) or random_enough(value, 3.5)):
        return None
    return s, e


HEADER_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "authorization-vendor-scheme",
        "Authorization header credentials after a vendor's scheme word (GenieKey, SSWS, DeepL-Auth-Key, Splunk)",
        P(r"authorization[\"']?[ \t]{0,4}[:=][ \t]{0,4}(?:[fbru]{0,2}[\"'])?(?P<scheme>[a-z][a-z0-9._\-]{1,31})"
          r"[ \t]{1,8}(?P<v>[^\s\"',;]{8,4096})"),
        keywords=("authorization",),
        on_lower=True,
        group=("v",),
        refine=_refine_scheme,
        examples=(
            ex("Authorization: GenieKey {}", _uuid()),
            ex("-H 'Authorization: SSWS 00{}'", tok(_B64U, 40)),
            ex("Authorization: Klaviyo-API-Key pk_{}", tok(HEX, 34)),
        ),
        near_misses=("Authorization: see attached document", "Authorization: GenieKey $OPSGENIE_KEY",
                     "authorization: required for every endpoint"),
    ),
)

#: A ULID (``01HZX3K9Q7M2N4P6R8T0V2W4Y6``): a millisecond time from 2016 to 2037 and 80 random bits in
#: Crockford base32, one case; request, event and trace ids of many services.
_ULID = re.compile(r"01[0-9A-HJKMNP-TV-Z]{24}|01[0-9a-hjkmnp-tv-z]{24}")


def ulid(token: str) -> bool:
    """Whether ``token`` is a ULID (an identifier the keyless shape leaves to the id stages)."""
    return len(token) == 26 and _ULID.fullmatch(token) is not None


#: The rest of a token continued after a backslash line break: indent, then token characters.
_CONTINUED = re.compile(r"\\\r?\n[ \t]{0,40}([A-Za-z0-9+/=_][A-Za-z0-9+/=_\-]{3,511})(?![A-Za-z0-9+/=_\-])")


def over_continuations(text: str, hits: list[Hit]) -> list[Hit]:
    """A secret cut by a shell or C line continuation (``glpat-Ab3dE\\`` then ``f9Hk2Lm7``): the part on the
    next line belongs to it, however short (the scanners' "split across lines" payloads)."""
    extra = []
    for h in hits:
        if h.category != "SECRET":
            continue
        m = _CONTINUED.match(text, h.end)
        if m is None and h.end > 0 and text[h.end - 1] == "\\":
            m = _CONTINUED.match(text, h.end - 1)
        if m is not None:
            extra.append(new_hit(Hit, (m.start(1), m.end(1), h.category, h.rule, None)))
    return hits + extra if extra else hits
