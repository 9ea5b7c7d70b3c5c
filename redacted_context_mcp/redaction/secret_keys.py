"""The key-name lexicon: is ``DB_PASSWORD`` / ``apiKey`` / ``x-auth-token`` the name of a secret?

A key name is split into word parts in every case style (``snake_case``,
``kebab-case``, ``dotted.name``, ``camelCase``, ``UPPER_CASE``), then scored:

- a **strong** part (``password``, ``secret``, ``token``, ``apikey``, ...)
  names a secret on its own;
- a **weak** part (``key``, ``auth``, ``session``, ``cookie``, ``sig``,
  ``private``, ``pass``, ``pw``, ...) names one only after a qualifier
  (``api_key``, ``db_pass``, ``session_cookie``) or when it is the whole key
  and the value looks generated (the caller decides that);
- the **head** (the last part) decides against: a name ending in ``_length``,
  ``_policy``, ``_field``, ``_label``, ``_count``, ``_url``, ``_file``... is a
  setting *about* the secret, not the secret; some whole names (``max_tokens``,
  ``primary_key``, ``sort_key``) are never secrets.

A lower-case part that runs words together (``dbpassword``, ``authtoken``,
``becomepass``) counts when it ends in a strong part, or in a weak part after
a known qualifier. ``keyboard``, ``bypass``, ``compass``, ``monkey`` do not.

Imports: nothing from the package.
"""

from __future__ import annotations

import re
from functools import lru_cache

STRONG: frozenset[str] = frozenset(
    "password passwords passwd passphrase pwd secret secrets token apikey apitoken credential credentials "
    "creds salt privatekey secretkey accesskey authtoken authtok accesstoken refreshtoken passcode pincode "
    "clientsecret signingkey masterkey encryptionkey sessionkey dockerconfigjson dockercfg storepass keypass "
    "passwort passord passe mdp "
    # a password pepper, the secret twin of a salt (Devise config.pepper, PASSWORD_PEPPER; round 7)
    "pepper "
    # round 12 (syntax variation): a bare ``cred``/``bearer`` key holds the credential or bearer token itself
    # (``cred="…"``, ``bearer: "…"``); ``token_type: Bearer`` is scored by its head, not by this part
    "cred bearer "
    # nslcd's rootpwmodpw: the password of the DN that changes users' passwords (round 8)
    "rootpwmodpw "
    # the word for password in other languages (the assignment-intl row leads with these)
    "kennwort contraseña contrasena senha wachtwoord salasana lösenord losenord hasło haslo heslo jelszó jelszo "
    "şifre sifre adgangskode lozinka пароль 密码 パスワード 비밀번호 "
    # Romanian/Turkish/Italian parola, Bulgarian/Macedonian парола (round 12)
    "parola парола "
    # CJK words for a secret key or a token (round 13: API密钥＝V, アクセストークン: V, 비밀키: V)
    "密钥 秘钥 密鑰 金鑰 令牌 秘密鍵 シークレット トークン 토큰 비밀키".split()
)
WEAK: frozenset[str] = frozenset(
    "key pass pw pin auth session cookie sig signature private psk hmac jwt sas code otp "
    "cvc cvv "
    # round 7 (r7-web): a list of keys (Strapi APP_KEYS, api_keys), a JWT signer (Joken default_signer)
    "keys signer".split()
)
#: Qualifiers that turn a weak part into a secret name (``api_key``, ``dbPass``, ``session_cookie``).
QUALIFIERS: frozenset[str] = frozenset(
    "api access secret private master auth signing encryption license licence client app account session "
    "crypt cipher shared sas storage subscription service admin root deploy ssh gpg pgp hmac jwt aes rsa "
    "enc sign bot webhook vault consumer partner stripe openai db database sql mysql pg postgres redis "
    "mongo ldap smtp mail email ftp sftp user login become sudo vnc wifi wpa proxy registry docker npm "
    "pypi nuget git github gitlab aws azure gcp s3 minio ca tls ssl keystore truststore jks p12 pfx "
    "store cert bind rabbitmq amqp kafka elastic es kibana grafana jenkins sonar sentry slack discord "
    "telegram twilio sendgrid mailgun cookie csrf xsrf remember refresh oauth oauth2 saml sso mfa "
    "totp otp pin router my new old current plain raw default initial temp tmp require rpc sasl card bank atm sim "
    "door alarm voicemail wep remote local erlang "
    # two-word labels in notes (round 10: "WLAN key: V", "Recovery key: V", "Unlock code: V")
    "wlan wireless recovery unlock activation unseal backup "
    # database replication and state transfer (round 7: wsrep_sst_auth = "user:password")
    "sst repl replication replica sentinel "
    # mail and chat servers: LDAP dnpass (Dovecot), IRC link sendpass/recvpass, Mailman's archiver_key
    "dn send recv archiver "
    # providers whose keys are named after them or after the key's use (maps_key, algolia_admin_key, write_key)
    "maps mapbox google firebase algolia write rest segment pusher mixpanel amplitude bugsnag onesignal keen "
    "posthog intercom places geocoding recaptcha hcaptcha publish "
    # round 7 (r7-web): MediaWiki's $wgUpgradeKey, the installer's key of web applications
    "upgrade install installer "
    # round 13: the environment a credential belongs to (PROD_PIN, STAGING_KEY, uat_pass)
    "prod production staging uat preprod sandbox "
    # round 14: network and VPN services run into one word (pfSense <ipsecpsk>, radiuskey, vpnpass)
    "ipsec ike isakmp vpn l2tp pptp radius tacacs snmp vrrp chap pap ppp pppoe eap sae tsig rndc ddns".split()
)
#: Last parts that make the name a setting about a secret rather than the secret.
NEGATIVE_HEAD: frozenset[str] = frozenset(
    "field label length lengths len size sizes count counts limit limits policy policies prompt hint placeholder "
    "format pattern regex lengte länge laenge longitud longueur comprimento lunghezza "
    "regexp type types kind mode name names id ids url uri urls endpoint endpoints path paths file files "
    "dir folder header headers param params var env source provider manager store helper method methods "
    "algorithm alg algo version expiry expires expiration expired ttl lifetime timeout age rotation "
    "enabled enable disabled required optional min max strength complexity minimum maximum required "
    "changed updated created reset at date time timestamp days hours seconds status state error errors "
    "message msg text title description desc help validator validation valid check rule rules option "
    "options flag flags input widget form button link page view screen dialog class style column col "
    "index idx table location ref arn alias scheme schemes selector schema spec template generator factory service "
    "endpoint "
    "usage used use prefix suffixfilename pathname keyname dirname "
    # a PSK identity names the key it goes with (Zabbix TLSPSKIdentity, psk_identity; round 8)
    "identity "
    "request requests response scope scopes audience issuer lookup exchange introspection revocation "
    "callback redirect storage backend plugin module handler middleware strategy config port host hostname "
    "username user email region bucket domain address addr realm server issuer secure httponly samesite "
    "duration interval delay retries attempts question questions ms millis milliseconds sec secs minutes mins "
    "hrs bytes bits chars characters digits rounds iterations history sock socket "
    # file times, the name of a variable holding a secret, the code that hashes one (round 6: token_ctime,
    # secret_variables, PASSWORD_HASHERS)
    "ctime mtime atime variable variables hasher hashers "
    # how a password is stored or checked (round 7: password_encryption = scram-sha-256)
    "encryption hashing "
    # the key management suite and the network name of Wi-Fi configs (round 7: wpa_key_mgmt=WPA-PSK SAE,
    # key-mgmt=sae, Arduino's #define SECRET_SSID "HomeNet")
    "mgmt ssid essid "
    # the command that prints a password, the SQL that reads one (round 7: msmtp passwordeval, mbsync PassCmd,
    # aerc source-cred-cmd, getmail password_command, Dovecot password_query)
    "cmd command eval query queries "
    # Active Directory attributes about a password (round 8: pwdLastSet, pwdProperties, ...TimeComputed)
    "set properties computed "
    # a program that reads a secret (round 14: secret-tool lookup service nas, password-tool)
    "tool tools".split()
)
#: Parts anywhere in the name that make it a non-secret setting (``max_tokens``, ``use_session``).
NEGATIVE_ANY: frozenset[str] = frozenset(
    "max min num number is has use should allow allowed enable disable show hide forgot reset "
    "tokenizer keyboard primary foreign sort partition cache hot idempotency dedup lookup "
    "public pub design invalid save ask prompt "
    # a reference to a secret kept elsewhere (round 6: existingSecret, passwordFromSecret)
    "existing from "
    # the command that prints it (round 7: profanity's eval_password)
    "eval".split()
)
#: Whole names (lower-case, separators removed) that are never secrets.
NEGATIVE_NAMES: frozenset[str] = frozenset(
    "maxtokens tokencount primarykey sortkey foreignkey partitionkey cachekey hotkey keyid accesskeyid "
    "passwordless passthrough compass bypass keyboard monkey turkey donkey whiskey jockey "
    "hockey authority author authors authored signal signals signed signin signup design designs "
    "session_timeout privatekeyfile passfail pinned pinning code keycode proxypass proxypassreverse "
    "fastcgipass uwsgipass scgipass grpcpass memcachedpass jsonwebtoken rememberpassword rememberpasswords "
    "rememberpass rememberpwd".split()
)

#: The words before ``code`` that make it a secret one-time, unlock or card code (``recovery_code``,
#: ``BACKUP_CODE``, ``unlockCode``, ``AUTH_CODE``); ``client_code``, ``app_code``, ``bank_code`` are settings
#: and identifiers (round 12).
CODE_QUALIFIERS: frozenset[str] = frozenset(
    "recovery backup unlock activation access auth otp totp mfa 2fa twofa verification verify security sms alarm "
    "door gate safe lock locker keypad garage puk card cvc cvv login confirmation onetime".split())
#: Weak parts that name a password wherever they stand (``PASS=…``, ``pass_db``, ``pw``).
_ALONE_STRONG = frozenset(("pass", "pw", "psk", "cvc", "cvv"))
_SPLIT = re.compile(r"[A-Z]{2,}(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_STRONG_TAILS = tuple(sorted(STRONG, key=len, reverse=True))
_WEAK_TAILS = tuple(sorted(WEAK, key=len, reverse=True))


_SPLIT_WORDS = re.compile(r"[^\W\d_]+|[0-9]+")  # letters of any script (a key name that is not ASCII)


def key_parts(name: str) -> list[str]:
    """Lower-case word parts of a key name in any case style (``dbPass`` -> ``["db", "pass"]``)."""
    if name.isascii():
        return [p.lower() for p in _SPLIT.findall(name)]
    return [q.lower() for p in _SPLIT_WORDS.findall(name) for q in (_SPLIT.findall(p) if p.isascii() else (p,))]


def _compound(part: str) -> bool:
    """A run-together lower-case part that ends in a secret word (``dbpassword``, ``becomepass``)."""
    for t in _STRONG_TAILS:
        if part.endswith(t) and len(part) > len(t):
            return part[: -len(t)] not in ("by", "com", "sur", "tres", "over", "under", "im")
    for t in _WEAK_TAILS:
        if part.endswith(t) and len(part) > len(t) and part[: -len(t)] in QUALIFIERS:
            return True
    return False


_ABOUT_LEADS = tuple(sorted(STRONG | WEAK, key=len, reverse=True))


def _about_head(part: str) -> bool:
    """A run-together last part that is a secret word then a setting word (``authmethod``, ``passwordfile``)."""
    if len(part) < 7 or not part.isascii():
        return False
    for t in _ABOUT_LEADS:
        if part.startswith(t) and len(part) - len(t) >= 3:
            return part[len(t):] in NEGATIVE_HEAD
    return False


#: The last part of an ``X-`` header name that makes it carry a secret (X-Varnish-Key, X-Internal-Auth), and
#: the parts that make such a header public (X-Cache-Key, X-Idempotency-Key).
_HEADER_TAILS = frozenset(("key", "auth", "signature", "sig", "hmac"))
_HEADER_PUBLIC = frozenset(("cache", "idempotency", "partition", "routing", "sort", "dedup", "deduplication", "trace",
                            "correlation", "request", "shard", "primary", "foreign", "public", "content", "accept",
                            "encoding", "frame", "cdn", "surrogate", "vary", "lookup", "index", "hash"))


def _secret_header(parts: list[str]) -> bool:
    """A hyphenated ``X-…-Key``/``X-…-Auth`` header name (lead round 12); underscored code names stay."""
    if "x" not in parts:
        return False
    head = parts[parts.index("x") + 1:]
    return bool(head) and head[-1] in _HEADER_TAILS and _HEADER_PUBLIC.isdisjoint(head)


@lru_cache(maxsize=4096)
def key_score(name: str) -> int:
    """2: names a secret; 1: names one if the value looks generated (a bare ``key``); 0: not a secret."""
    parts = [p for p in key_parts(name) if not p.isdigit()]
    if not parts:
        return 0
    joined = "".join(parts)
    if joined in NEGATIVE_NAMES or parts[-1] in NEGATIVE_HEAD:
        return 0
    if _about_head(parts[-1]):
        return 0
    if any(p in NEGATIVE_ANY for p in parts):
        return 0
    if "-" in name and _secret_header(parts):
        return 2
    if parts[-1] in ("code", "codes") and (len(parts) < 2 or parts[-2] not in CODE_QUALIFIERS):
        return 0
    best = 0
    for i, p in enumerate(parts):
        if p in STRONG or _compound(p):
            return 2
        if p in WEAK:
            prev = parts[i - 1] if i else ""
            if prev in QUALIFIERS or prev in STRONG or prev in WEAK or p in _ALONE_STRONG:
                return 2
            if len(parts) == 1:
                best = 1
    return best


#: HTTP header names whose value is a secret (lower-case). ``authorization`` has its own rule.
SECRET_HEADERS: frozenset[str] = frozenset(
    "x-api-key x-apikey api-key apikey x-auth-token x-access-token x-auth x-token x-csrf-token x-xsrf-token "
    "x-session-token x-amz-security-token x-goog-api-key x-functions-key ocp-apim-subscription-key "
    "x-vault-token x-consul-token x-nomad-token private-token x-gitlab-token x-hub-signature "
    "x-hub-signature-256 x-signature x-shopify-access-token x-figma-token x-postmark-server-token "
    "x-master-key x-secret x-client-secret proxy-authorization cookie set-cookie x-refresh-token "
    "x-rapidapi-key x-algolia-api-key x-dd-api-key dd-api-key x-honeycomb-team x-riot-token "
    "x-elastic-api-key x-pagerduty-token x-auth-key x-auth-email-key".split()
)
#: Query-string parameter names whose value is a secret (lower-case).
SECRET_PARAMS: frozenset[str] = frozenset(
    "token access_token accesstoken refresh_token id_token auth_token api_key apikey api-key key sig "
    "signature code client_secret secret password passwd pwd pass x-amz-signature x-amz-security-token "
    "x-goog-signature x-goog-credential session sessionid session_id sid auth private_token "
    "oauth_token oauth_verifier oauth_signature hash hmac jwt ticket apitoken api_token secret_key "
    "access_key aws_secret_access_key".split()
)
