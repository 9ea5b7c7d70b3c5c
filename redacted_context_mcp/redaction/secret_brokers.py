"""Secrets in the configs and commands of message brokers and monitoring agents (hold-out round 8, r8-ops).

Rows (one regex each, run by the shared prefilter of find_secrets):

- ``kafka-jaas-user``: the ``user_NAME="V"`` entries of a Kafka ``PlainLoginModule`` JAAS section, which
  name the user and hold its password (only where a ``LoginModule`` is named before them);
- ``kafka-scram-config``: ``kafka-configs --add-config 'SCRAM-SHA-256=[iterations=N,password=V]'``;
- ``erlang-term-secret``: an Erlang term ``{default_pass, <<"V">>}`` (RabbitMQ ``advanced.config``,
  ejabberd, CouchDB) whose atom names a secret;
- ``zookeeper-digest``: ``addauth digest user:V`` and ``setAcl /p digest:user:V:cdrwa``;
- ``snmpd-createuser``: the authentication and privacy passphrases of a net-snmp ``createUser U SHA "A" AES
  "X"`` line;
- ``beats-cloud-auth``: Elastic Beats ``cloud.auth: "user:V"``;
- ``auth-userinfo`` (round 9): a ``user:password`` value under any key whose last part is ``auth`` (Fluent Bit
  ``Cloud_Auth elastic:V``, ``basic_auth = "u:V"``, ``http-auth: u:V``), written with ``:``, ``=`` or blanks;
- ``nats-nkey-seed``: an NKEY seed (``SU``/``SA``/``SO``... and 56 base32 characters) in a ``.creds`` file or a
  log, found by its ``NKEY SEED`` armour or the word ``seed`` near it.

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.validators.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import vet_value
from redacted_context_mcp.redaction.validators import mixed_token

_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
#: What a ``digest:`` user part is when the text is a hash's label, not a ZooKeeper ACL.
_HASH_NAMES = frozenset(("md5", "sha1", "sha256", "sha384", "sha512", "sha-256", "sha-512", "blake2b"))


def _refine_auth_pair(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A password, not a word: ``header:Authorization`` names a header, ``google:calendar`` a scope."""
    v = text[m.start("v"):m.end("v")]
    if v.isalpha() and not mixed_token(v) or v.isdigit() and len(v) <= 5:
        return None  # (a port: proxy_auth: host:3128)
    return _vet(m, text)


def _vet(m: re.Match[str], text: str, group: str = "v") -> tuple[int, int] | None:
    s, e = m.span(group)
    if s < 0:
        return None
    if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
        s, e = s + 1, e - 1
    return vet_value(text, s, e, 2, quoted=True)


def _refine_jaas_user(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """Only inside a JAAS section: a ``LoginModule`` named in the 2000 characters before."""
    if "loginmodule" not in text[max(0, m.start() - 2000):m.start()].lower():
        return None
    return _vet(m, text)


def _refine_erlang(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if key_score(m.group("k")) < 2:
        return None
    return _vet(m, text)


def _refine_digest(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if m.group("u").lower() in _HASH_NAMES:
        return None
    return _vet(m, text)


def _refine_priv(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return _vet(m, text, "x")


def _refine_seed(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A seed needs its armour or the word seed (any case) in the 200 characters before it."""
    if "seed" not in text[max(0, m.start() - 200):m.start()].lower():
        return None
    return m.span("v")


_SNMP_USER = (r"\bcreateuser[ \t]{1,4}(?:-e[ \t]{1,4}[^\s]{1,64}[ \t]{1,4})?[^\s]{1,64}[ \t]{1,4}"
              r"(?:md5|sha(?:-?(?:224|256|384|512))?)[ \t]{1,4}")
_SNMP_VALUE = r"\"[^\"\r\n]{1,256}\"|[^\s\"]{1,256}"

BROKER_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "kafka-jaas-user",
        "the user_NAME=\"V\" passwords of a Kafka PlainLoginModule JAAS section",
        P(r"(?:^|[ \t])user_[a-z0-9][a-z0-9_.@-]{0,63}[ \t]{0,4}=[ \t]{0,4}(?P<v>\"[^\"\r\n]{1,512}\")", re.M),
        keywords=("user_",),
        chars="\"",
        on_lower=True,
        refine=_refine_jaas_user,
        examples=(ex('KafkaServer {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n'
                     '  user_alice="{}";\n};', tok(ALNUM, 14)),),
        near_misses=('user_name="alice"', 'KafkaServer {\n  PlainLoginModule required\n  user_alice="${ALICE_PW}";'),
    ),
    SecretRule(
        "kafka-scram-config",
        "the password of a kafka-configs SCRAM-SHA-256=[iterations=N,password=V] credential",
        P(r"scram-sha-(?:256|512)=\[(?:iterations=\d{1,8},)?password=(?P<v>[^\],\s'\"]{1,256})"),
        keywords=("scram-sha-",),
        chars="[",
        on_lower=True,
        refine=_vet,
        examples=(ex("kafka-configs --alter --add-config 'SCRAM-SHA-512=[password={}]' --entity-name bob",
                     tok(ALNUM, 12)),),
        near_misses=("sasl.mechanism=SCRAM-SHA-512", "SCRAM-SHA-256=[password=${PW}]"),
    ),
    SecretRule(
        "erlang-term-secret",
        "an Erlang term {default_pass, <<\"V\">>} whose atom names a secret (RabbitMQ advanced.config)",
        P(r"\{[ \t]{0,4}(?P<k>[a-z][a-z0-9_]{0,63})[ \t]{0,4},[ \t]{0,4}<<(?P<v>\"[^\"\r\n]{1,512}\")>>"),
        keywords=("<<\"",),
        on_lower=True,
        refine=_refine_erlang,
        examples=(ex("[{rabbit, [{default_pass, <<\"{}\">>}]}].", tok(ALNUM, 12)),),
        near_misses=("{default_user, <<\"guest\">>}", "{default_vhost, <<\"/\">>}"),
    ),
    SecretRule(
        "zookeeper-digest",
        "the password of a ZooKeeper addauth digest user:V or setAcl digest:user:V:perms",
        P(r"(?:\baddauth[ \t]{1,4}digest[ \t]{1,4}|(?:^|(?<=[\s'\"]))digest:)(?P<u>[^\s:'\"]{1,64}):"
          r"(?P<v>[^\s:'\"]{1,256})", re.M),
        keywords=("digest",),
        chars=":",
        on_lower=False,
        refine=_refine_digest,
        examples=(ex("addauth digest super:{}", tok(ALNUM, 12)), ex("setAcl /app digest:app:{}:cdrwa", tok(ALNUM, 12))),
        near_misses=("digest:sha256:3f0c9a8b7d6e5f4a", "addauth digest super:$ZK_PW", "digest: sha256:abc"),
    ),
    SecretRule(
        "snmpd-createuser",
        "the authentication passphrase of a net-snmp createUser U SHA \"A\" AES \"X\" line",
        P(_SNMP_USER + r"(?P<v>" + _SNMP_VALUE + r")", re.I),
        keywords=("createuser",),
        on_lower=False,
        refine=_vet,
        examples=(ex('createUser monitor SHA "{}" AES', tok(ALNUM, 12)),),
        near_misses=("createUser monitor SHA-512 AES-256", 'createUser monitor SHA "$SNMP_AUTH"'),
    ),
    SecretRule(
        "snmpd-createuser-priv",
        "the privacy passphrase of a net-snmp createUser U SHA \"A\" AES \"X\" line",
        P(_SNMP_USER + r"(?:" + _SNMP_VALUE + r")[ \t]{1,4}(?:des|aes(?:-?(?:128|192|256))?)[ \t]{1,4}"
          r"(?P<x>" + _SNMP_VALUE + r")", re.I),
        keywords=("createuser",),
        on_lower=False,
        refine=_refine_priv,
        examples=(ex('createUser monitor SHA "Auth_Pw_9x" AES "{}"', tok(ALNUM, 12)),),
        near_misses=("createUser monitor SHA-512 AES-256",),
    ),
    SecretRule(
        "beats-cloud-auth",
        "the password of an Elastic Beats cloud.auth: \"user:V\"",
        P(r"\bcloud\.auth[ \t]{0,4}[:=][ \t]{0,4}[\"']?[^\s\"':]{1,128}:(?P<v>[^\s\"']{1,512})"),
        keywords=("cloud.auth",),
        on_lower=True,
        refine=_vet,
        examples=(ex('cloud.auth: "elastic:{}"', tok(ALNUM, 14)), ex("-E cloud.auth=elastic:{}", tok(ALNUM, 14))),
        near_misses=('cloud.auth: "${CLOUD_AUTH}"', 'cloud.auth: "elastic:${ES_PWD}"'),
    ),
    SecretRule(
        "auth-userinfo",
        "the password of a user:password value under a key named auth: Cloud_Auth elastic:V, basic_auth = \"u:V\"",
        P(r"(?<![\w.-])[a-z][a-z0-9]{0,20}(?:[._-][a-z0-9]{1,20}){0,3}[._-]auth[\"']?"
          r"(?:[ \t]{0,8}[:=][ \t]{0,8}|[ \t]{1,8})[\"']?[^\s\"':@/$]{1,64}:(?P<v>[^\s\"'@/][^\s\"'@]{3,255})[\"']?"
          r"(?=[ \t]{0,8}(?:$|[\r\n,;#}]))", re.M),
        keywords=("_auth", ".auth", "-auth"),
        on_lower=True,
        refine=_refine_auth_pair,
        examples=(ex("[OUTPUT]\n    Name es\n    Cloud_Auth elastic:{}", tok(ALNUM, 14)),
                  ex('basic_auth = "ingest:{}"', tok(ALNUM, 14)), ex("http-auth: admin:{}", tok(ALNUM, 12))),
        near_misses=("Cloud_Auth ${CLOUD_AUTH}", "auth_mode: basic:digest", "oauth: google:calendar",
                     "upstream_auth host:3128", "basic_auth: admin:${ADMIN_PW}"),
    ),
    SecretRule(
        "nats-nkey-seed",
        "a NATS NKEY seed (S and a type letter, 56 base32 characters) after NKEY SEED armour or the word seed",
        P(r"(?<![A-Z0-9])(?P<v>S[UAOCNPX][A-Z2-7]{56})(?![A-Z0-9])"),
        keywords=("seed",),
        on_lower=False,
        refine=_refine_seed,
        examples=(ex("-----BEGIN USER NKEY SEED-----\n{}\n------END USER NKEY SEED------", "SU" + tok(_B32, 56)),),
        near_misses=("-----BEGIN USER NKEY SEED-----\n<seed>\n------END USER NKEY SEED------",),
    ),
)
