"""Context rules: a secret recognised by what surrounds it (a key name, a flag, a header, a URL).

The grammar is data spread over small modules: secret_keys (the scored key-name
lexicon, header and query-parameter names), secret_values (reference and
template rule), secret_assign (key = value in every syntax), secret_credfiles
(credential-file line grammars, pairs written apart), secret_cli (tools and the
argument that is the secret) and secret_dumps (SQL dumps, sensitive JSON, HCL
variables, tables, prose), secret_manifests (Kubernetes Secret data).
``CONTEXT_RULES`` are one-regex rows run by the shared prefilter; ``find_context``
runs the grammars that are not one regex, each behind a cheap substring gate, and
``GRAMMAR_RULES`` lists them for ``redctx rules``.

Imports: redaction.secret_apps, redaction.secret_assign, redaction.secret_brokers, redaction.secret_cli,
redaction.secret_cjk, redaction.secret_credfiles,
redaction.secret_debugprint, redaction.secret_devices,
redaction.secret_doctables,
redaction.secret_dumps, redaction.secret_exports, redaction.secret_flags, redaction.secret_hashing,
redaction.secret_home, redaction.secret_infra, redaction.secret_leaders,
redaction.secret_installers, redaction.secret_netgear,
redaction.secret_kit, redaction.secret_locks, redaction.secret_mailchat, redaction.secret_manifests,
redaction.secret_notes, redaction.secret_operator,
redaction.secret_opsfiles, redaction.secret_otp, redaction.secret_outputs,
redaction.secret_passphrase, redaction.secret_prose, redaction.secret_replies,
redaction.secret_prose_cues,
redaction.secret_prose_near,
redaction.secret_refine, redaction.secret_rules (lazily), redaction.secret_servicelogs, redaction.secret_stdin,
redaction.secret_sysconf,
redaction.secret_threads,
redaction.secret_tables, redaction.secret_talk,
redaction.secret_vendorkeys, redaction.secret_wallets, redaction.secret_webapps,
redaction.secret_wrapped,
redaction.spans,
redaction.textview.
"""

from __future__ import annotations

from bisect import bisect_right

from redacted_context_mcp.redaction.secret_apps import APP_RULES
from redacted_context_mcp.redaction.secret_assign import ASSIGNMENT_RULES
from redacted_context_mcp.redaction.secret_brokers import BROKER_RULES
from redacted_context_mcp.redaction.secret_cjk import CJK_RULES
from redacted_context_mcp.redaction.secret_cli import find_cli
from redacted_context_mcp.redaction.secret_code import CODE_RULES
from redacted_context_mcp.redaction.secret_credfiles import CREDFILE_RULES
from redacted_context_mcp.redaction.secret_datafiles import CUE_RUNS as _DATA_CUES
from redacted_context_mcp.redaction.secret_datafiles import DATA_RULES, FILE_LINES, find_data_files
from redacted_context_mcp.redaction.secret_debugprint import DEBUGPRINT_RULES
from redacted_context_mcp.redaction.secret_devices import DEVICE_RULES, find_chap_secrets, find_device_lines
from redacted_context_mcp.redaction.secret_doctables import PIN_RUNS, find_doc_tables
from redacted_context_mcp.redaction.secret_dumps import (
    find_hcl_defaults,
    find_prose,
    find_sensitive,
    find_sql_dump,
    find_table_cells,
)
from redacted_context_mcp.redaction.secret_exports import EXPORT_RULES
from redacted_context_mcp.redaction.secret_flags import FLAG_RULES
from redacted_context_mcp.redaction.secret_formats_r15 import HEADER_RULES
from redacted_context_mcp.redaction.secret_handoff import HANDOFF_RULES
from redacted_context_mcp.redaction.secret_hashing import HASHING_RULES
from redacted_context_mcp.redaction.secret_home import HOME_RULES
from redacted_context_mcp.redaction.secret_infra import (
    INFRA_RULES,
    find_chpasswd,
    find_hcl_resources,
    find_secret_lists,
)
from redacted_context_mcp.redaction.secret_installers import INSTALLER_RULES
from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_langs import LANG_RULES, refine_flag_value
from redacted_context_mcp.redaction.secret_leaders import find_leader_lines
from redacted_context_mcp.redaction.secret_leaders import wanted as leaders_wanted
from redacted_context_mcp.redaction.secret_leadin import RULE_DESCRIPTION as LEAD_IN_DESCRIPTION
from redacted_context_mcp.redaction.secret_leadin import RULE_ID as LEAD_IN_ID
from redacted_context_mcp.redaction.secret_leadin import find_lead_in_lists
from redacted_context_mcp.redaction.secret_locks import DESCRIPTION as LOCK_DESCRIPTION
from redacted_context_mcp.redaction.secret_locks import RULE_ID as LOCK_ID
from redacted_context_mcp.redaction.secret_locks import find_lock_codes
from redacted_context_mcp.redaction.secret_locks import wanted as lock_wanted
from redacted_context_mcp.redaction.secret_mailchat import MAILCHAT_RULES
from redacted_context_mcp.redaction.secret_manifests import find_k8s_secrets
from redacted_context_mcp.redaction.secret_netgear import DESCRIPTIONS as _NETGEAR_RULES
from redacted_context_mcp.redaction.secret_netgear import find_netgear
from redacted_context_mcp.redaction.secret_notes import DESCRIPTIONS as _NOTE_RULES
from redacted_context_mcp.redaction.secret_notes import find_notes
from redacted_context_mcp.redaction.secret_operator import OPERATOR_RULES
from redacted_context_mcp.redaction.secret_opsfiles import (
    LIBEDIT_MAGIC,
    OPS_RULES,
    find_libedit_history,
    find_trace_strings,
)
from redacted_context_mcp.redaction.secret_otp import OTP_RULES
from redacted_context_mcp.redaction.secret_outputs import find_command_output, wants_output
from redacted_context_mcp.redaction.secret_passphrase import RULE_DESCRIPTION as PHRASE_DESCRIPTION
from redacted_context_mcp.redaction.secret_passphrase import RULE_ID as PHRASE_ID
from redacted_context_mcp.redaction.secret_prose import find_english_prose
from redacted_context_mcp.redaction.secret_prose_cues import find_prose_cues
from redacted_context_mcp.redaction.secret_prose_near import (
    LOGIN_CONTEXT,
    LOGIN_VERBS,
    find_login_values,
    find_password_nearby,
)
from redacted_context_mcp.redaction.secret_refine import refine_bearer, refine_cli, refine_userinfo, vet_value
from redacted_context_mcp.redaction.secret_replies import RULE_DESCRIPTION as REPLY_DESCRIPTION
from redacted_context_mcp.redaction.secret_replies import RULE_ID as REPLY_ID
from redacted_context_mcp.redaction.secret_retold import ONE_WORD_ID
from redacted_context_mcp.redaction.secret_retold import RULE_DESCRIPTION as RETOLD_DESCRIPTION
from redacted_context_mcp.redaction.secret_retold import RULE_ID as RETOLD_ID
from redacted_context_mcp.redaction.secret_servicelogs import SERVICELOG_RULES
from redacted_context_mcp.redaction.secret_spoken import find_spoken
from redacted_context_mcp.redaction.secret_stdin import find_expect, find_ftp_heredocs, find_sink_heredocs
from redacted_context_mcp.redaction.secret_sysconf import SYSCONF_RULES
from redacted_context_mcp.redaction.secret_tables import find_result_tables
from redacted_context_mcp.redaction.secret_talk import TALK_RULES
from redacted_context_mcp.redaction.secret_threads import DESCRIPTIONS as _THREAD_RULES
from redacted_context_mcp.redaction.secret_threads import find_threads
from redacted_context_mcp.redaction.secret_vendorkeys import DESCRIPTION as _VENDOR_DESCRIPTION
from redacted_context_mcp.redaction.secret_vendorkeys import RULE_ID as _VENDOR_RULE
from redacted_context_mcp.redaction.secret_vendorkeys import VENDORS, find_vendor_keys
from redacted_context_mcp.redaction.secret_wallets import WALLET_RULES
from redacted_context_mcp.redaction.secret_webapps import WEB_RULES, find_set_to, find_setting_tables
from redacted_context_mcp.redaction.secret_wrapped import WRAPPED_CUES, find_wrapped
from redacted_context_mcp.redaction.secret_xml import XML_RULES
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import Words, letter_words

#: Header words of query results (a column named like a secret), and the cue words of the other grammars.
_TABLE_CUES = frozenset("password passwd pwd pass passphrase passcode token secret key apikey hash salt "
                        "credential credentials creds cred".split())
_FTP_CUES = frozenset(("ftp", "sftp", "lftp", "ncftp", "tnftp", "pftp"))
_SINK_CUES = frozenset(("passwd", "chpasswd", "smbpasswd", "sudo", "stdin", "kinit", "cryptsetup"))
#: The keywords of the device password lines (``password 7 V``, ``enable secret V``, ``key-string V``...).
_DEVICE_CUES = frozenset(("password", "passwd", "secret", "isakmp", "authentication"))
_KEY_CUES = frozenset(("string", "ascii", "hex", "failover"))  # key-string, set-key ascii|hex, failover key
#: The name column of a settings table (secret_webapps): one of these beside ``value`` gates the grammar.
_SETTING_HEADS = frozenset(("name", "variable", "key", "setting", "parameter", "property"))
_SCRIPT_CUES = _TABLE_CUES | _FTP_CUES | _SINK_CUES | {"expect", "send", "sendline"}


def _cues_in(joined: str) -> frozenset[str]:
    """The cue words of a text that is not ASCII, found as substrings of its letter-run view."""
    return frozenset(c for c in _SCRIPT_CUES if c in joined)


_KV_SUFFIX = r"p(?:ass(?:phrase|word|wd)|wd)|s(?:ecret|alt)|token|cred(?:entials?|s)?|bearer|key|codes?"

def _refine_xml_element(m, text: str) -> tuple[int, int] | None:
    """A bare <key> names a field (plists, KeePass): its text is a secret only when it looks generated; a
    ``…code`` element only when the lexicon reads its name as a secret code's (``<recoveryCode>``, not ``<code>``)."""
    tag = m.group("tag")
    if tag.endswith(("code", "codes")) and key_score(tag.rsplit(":", 1)[-1].rsplit(".", 1)[-1]) < 2:
        return None
    return vet_value(text, *m.span("v"), 1 if tag == "key" else 2, quoted=False)


CONTEXT_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "authorization-header",
        "Authorization: Bearer/Basic/Token values and bare Bearer tokens",
        P(
            r"(?:(?P<hdr>authorization[\"']?[ \t]{0,4}[:=][ \t]{0,4}(?:[fbru]{0,2}[\"'])?"
            r"(?:bearer|basic|token|digest|negotiate|apikey))"
            r"|bearer)[ \t]{1,8}(?P<v>[^\s\"',;]{4,4096})"
        ),
        keywords=("authorization", "bearer"),
        on_lower=True,
        refine=refine_bearer,
        examples=(
            ex("Authorization: Bearer {}", tok(ALNUM, 32)),
            ex("-H 'Authorization: Basic {}'", tok(B64, 24)),
            ex("curl -H Bearer {}", tok(ALNUM, 40)),
        ),
        near_misses=("the bearer of this letter", "Authorization: Bearer $TOKEN"),
    ),
    SecretRule(
        "url-credentials",
        "user:password in URLs of any scheme (postgres://, redis://:pass@, amqp://, mongodb+srv://)",
        # the password may hold @ : % # (the last @ before the host ends it)
        P(r"://(?P<v>[^\s/@:\"'<>]{0,256}:[^\s/\"'<>]{1,256})@(?=[^\s@/\"'<>]{1,256}(?:[/?#\s\"'<>]|$))"),
        keywords=("://",),
        chars="@",
        refine=refine_userinfo,
        examples=(
            ex("postgres://app:{}@db.internal:5432/app", tok(ALNUM, 16)),
            ex("redis://:{}@cache:6379/0", tok(ALNUM, 12)),
            ex("mongodb+srv://svc:{}@cluster0.example.net/db", tok(ALNUM, 14)),
            ex("amqp://guest:{}@mq/", tok(ALNUM, 10)),
        ),
        near_misses=("https://example.com/a:b", "http://user@host/",
                     "rtsp://{FRIGATE_RTSP_USER}:{FRIGATE_RTSP_PASSWORD}@cam:554/live"),
    ),
    SecretRule(
        "azure-storage-key",
        "Azure storage AccountKey= / SharedAccessKey= values",
        P(r"(?:accountkey|sharedaccesskey)=(?P<v>[a-z0-9+/=]{20,1024})"),
        keywords=("accountkey=", "sharedaccesskey="),
        chars="=",
        on_lower=True,
        group=("v",),
        examples=(ex("DefaultEndpointsProtocol=https;AccountName=x;AccountKey={};", tok(B64, 86) + "=="),),
        near_misses=("AccountKey=",),
    ),
    SecretRule(
        "azure-sas-signature",
        "Azure SAS token signatures (sig=)",
        P(r"[?&;]sig=(?P<v>[A-Za-z0-9%+/=]{16,1024})"),
        keywords=("sig=",),
        chars="=",
        group=("v",),
        examples=(ex("https://x.blob.core.windows.net/c?sv=2021&sig={}", tok(ALNUM, 40) + "%3D"),),
        near_misses=("?sig=abc",),
    ),
    SecretRule(
        "xml-element",
        "XML elements whose name ends in password, passwd, pwd, secret, token, key, credential or salt",
        P(
            # a stored digest of the secret names its hash after the word (ClickHouse <password_sha256_hex>)
            rf"<(?P<tag>[a-z0-9_.:-]{{0,64}}(?:{_KV_SUFFIX})(?:_(?:sha(?:1|256|512)|double_sha1|md5|bcrypt)?_?hex)?)"
            r"(?:[ \t][^<>\r\n]{0,200})?>"
            # pretty-printers put the text on a line of its own
            r"(?:[ \t]{0,8}\r?\n)?[ \t]{0,40}(?:<!\[cdata\[)?(?P<v>[^<\s][^<\r\n]{0,1023}?)(?:\]\]>)?"
            r"(?:[ \t]{0,8}\r?\n)?[ \t]{0,40}</"
        ),
        keywords=("key", "pass", "token", "secret", "pwd", "salt", "cred", "bearer", "code"),
        chars="<",
        on_lower=True,
        # a bare <key> names a field (plists, KeePass): its text is a secret only when it looks generated
        refine=_refine_xml_element,
        examples=(
            ex("<password>{}</password>", tok(ALNUM, 12)),
            ex('<add key="db" /><ClientSecret>{}</ClientSecret>', tok(ALNUM, 20)),
            ex("<api_key type=\"string\">{}</api_key>", tok(ALNUM, 24)),
            ex("<password><![CDATA[{}]]></password>", tok(ALNUM, 12)),
        ),
        near_misses=("<password></password>", "<keyboard>us</keyboard>", "<token/>", "<key>CFBundleName</key>",
                     "<password>${env.NEXUS_PASSWORD}</password>"),
    ),
    SecretRule(
        "login-password",
        "a password given with a space after -p on a login command line (docker login -u x -p VALUE)",
        # a bare port number after -p (ssh-style) is not a password
        P(r"\blogin\b[^\n]{0,200}?[ \t]-p[ \t]{1,4}(?P<v>(?!\d{1,5}(?:\s|$))[^\s\"'\-][^\s\"']{0,255})"),
        keywords=("login",),
        group=("v",),
        refine=refine_flag_value,  # -p $PASS, -p %PASS%: a variable the shell or Jenkins fills in
        examples=(
            ex("docker login -u admin -p {} registry.example", tok(ALNUM, 14)),
            ex("az acr login --name reg -u ci -p {}", tok(ALNUM, 16)),
        ),
        near_misses=("docker login -u admin --password-stdin", "ssh -p 2222 user@host", "rlogin host -p 513",
                     "docker login -u $USER -p $PASS registry.example"),
    ),
    SecretRule(
        "command-line-password",
        "passwords on command lines: --password X, --password=X, -pX (as in ps output)",
        P(
            r"-(?<![\w-].)(?P<flag>-(?:password|passwd|pass|pwd|secret|token|api-key|apikey|auth-token|access-token"
            r"|client-secret)(?:=|[ \t]{1,4})|p)"
            r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'\-][^\s\"']{0,255})"
        ),
        refine=refine_cli,
        # read backwards: "-p" (also --pass..., --pwd) or "--" before s, a, t or c (--secret, --api-key,
        # --token, --client-secret...), the dashes after no word character or dash (as the row's
        # lookbehind asks: "re-prioritise", "e-privacy" and a PEM armour's "-----BEGIN" hold none)
        confirm=P(r"-(?:(?<=p-)-?|(?<=[satc]-)-)(?![\w-])"),
        examples=(
            ex("mysql -uroot -p{} db", tok(ALNUM, 10)),
            ex("psql --password {}", tok(ALNUM, 12)),
            ex("tool --password={}", tok(ALNUM, 12)),
            ex("app --token '{}'", tok(ALNUM, 20)),
        ),
        near_misses=("mkdir -p build", "docker run -p8080:80 img", "gcc -pthread x.c", "cmd --password-file f"),
    ),
)


CONTEXT_RULES = (CONTEXT_RULES[:4] + ASSIGNMENT_RULES + CONTEXT_RULES[4:] + FLAG_RULES + INSTALLER_RULES
                 + CREDFILE_RULES + XML_RULES + EXPORT_RULES + DEVICE_RULES + CODE_RULES + SERVICELOG_RULES
                 + APP_RULES + INFRA_RULES + WEB_RULES + DATA_RULES + HOME_RULES + MAILCHAT_RULES + BROKER_RULES
                 + WALLET_RULES + HASHING_RULES + LANG_RULES + OPS_RULES + OTP_RULES + CJK_RULES
                 + DEBUGPRINT_RULES + TALK_RULES + SYSCONF_RULES + HANDOFF_RULES
                 + HEADER_RULES + OPERATOR_RULES)

#: The grammars ``find_context`` and the keyless pass run (id, category, profile, description): what
#: ``redctx rules`` lists beside the one-regex rows, so every rule id a receipt can name is listed.
GRAMMAR_RULES: tuple[tuple[str, str, str, str], ...] = (
    ("command-line-tool", "SECRET", "default",
     "the password argument of the everyday tools in secret_cli's table (sshpass -p, mysql -pX, curl -u u:p...)"),
    ("sql-dump-column", "SECRET", "default",
     "INSERT values in the columns a CREATE TABLE names like a secret (password_hash, api_key, token)"),
    ("sensitive-value", "SECRET", "default", "Terraform state and plan values marked \"sensitive\": true"),
    ("hcl-variable-default", "SECRET", "default",
     "default = \"v\" of an HCL variable named like a secret or marked sensitive"),
    ("hcl-resource-value", "SECRET", "default",
     "the value of a Terraform resource that stores a secret under a name (tfe_variable key = \"db_password\","
     " github_actions_secret plaintext_value, aws_ssm_parameter SecureString)"),
    ("table-cell", "SECRET", "default", "the value cell of a table row or column named like a secret"),
    ("prose-login-value", "SECRET", "default",
     "a strong human-made password after try/use/enter/type in a login context (VPN, wifi, log in) with no password"
     " word"),
    ("doc-table-cell", "SECRET", "default",
     "cells under a secret or PIN column of HTML tables (wiki and Confluence exports), and PIN/PUK/passcode rows"
     " of key/value tables"),
    ("prose-password-near", "SECRET", "default",
     "a strong human-made password (8+ characters, letters with digits, a capital or a symbol) within 160"
     " characters after a password word in the same paragraph, where no grammar names it (it's just V)"),
    ("prose-password", "SECRET", "default",
     "a password in a sentence: after password/pw/passcode and a cue (is, was, :, reset to...), user / password"
     " pairs, the word for password in 15 other languages with its copula (Passwort lautet, mot de passe est),"
     " and lead words without an operator (with password V, temp PW V); in English also a verb of change"
     " (changed my password to V), the value first (V is the new password), a colon further on and user/password"
     " pairs in a sentence (log in with admin and V, WiFi X pw V), answers to security questions"),
    ("prose-code", "SECRET", "default",
     "meeting passcodes, card CVC/CVV/security codes and (in 9 languages) verification codes next to their labels;"
     " recovery and backup code lists, lock combinations, alarm disarm, door and unlock codes in a sentence"),
    ("spoken-code", "SECRET", "default",
     "a code, PIN or passcode read aloud in a transcript or chat: four or more digits as words (eight three six"
     " one five, double seven) or single figures (8 3 6 1 5) with a code word on their line or the line before;"
     " security words (memorable word: V)"),
    ("sms-code", "SECRET", "default",
     "SMS one-time codes: 640218 is your X code, G-482913 is your Google verification code, Your X code is: V,"
     " Telegram code: V at a line start, Use V as X security code; the same figures again in the message"),
    ("spelled-password", "SECRET", "default",
     "a password spelled letter by letter (capital P, a, s, s, nine; T - r - 1 - c - k - y) after a password"
     " word or with a case or symbol word inside"),
    ("expect-answer", "SECRET", "default",
     "the answer an expect/pexpect script sends after a password prompt (expect \"assword:\" then send \"v\\r\")"),
    ("ftp-heredoc", "SECRET", "default",
     "the login lines of ftp/sftp/lftp here-documents (user U V, quote PASS V, open -u U,V)"),
    ("stdin-heredoc", "SECRET", "default",
     "a here-document fed to a program that reads a password from input (passwd, sudo -S, chpasswd, kinit)"),
    ("device-typed-secret", "SECRET", "default",
     "a device secret with its storage type: password 7 V (type 7 is reversible), secret 5|8|9 V, key-string 7 V,"
     " key 6 V, set-key ascii 0 V; the value must have its type's shape"),
    ("device-password-line", "SECRET", "default",
     "an untyped device password after a config line prefix: username U password V, enable password V, line vty's"
     " password V, neighbor H password V, ASA passwd V, crypto isakmp key V, ip ospf authentication-key V,"
     " HSRP/VRRP authentication [text] V"),
    ("chap-secrets", "SECRET", "default",
     "pppd chap-secrets/pap-secrets files: the secret field of each line under their client server secret header"),
    ("yaml-secret-list", "SECRET", "default",
     "each item of a YAML, flow, JSON or HCL list under a key named like a secret, singular or plural"
     " (api_keys:\\n  - V, tokens: [V, W]); names under a bare secrets: stay"),
    ("cloud-init-chpasswd", "SECRET", "default",
     "the password of each user:password line under a cloud-init chpasswd: list: (RANDOM stays)"),
    ("k8s-secret-data", "SECRET", "default",
     "every value under data: or stringData: of a Kubernetes kind: Secret (YAML or JSON), whatever its key"),
    ("random-token", "SECRET", "default",
     "a random-looking token standing alone: few dictionary letters, interleaved digits or case, an entropy floor"),
    ("human-password", "SECRET", "default",
     "a human-made password standing alone: upper, lower, digit and a symbol (Spring2021$XQp)"),
    ("base64-secret", "SECRET", "default",
     "a base64 blob that decodes to a private key, user:password or text holding a secret"),
    ("hex-after-cue", "SECRET", "default", "32 to 63 hex characters after a key word on their line (not a hash)"),
    ("wif-private-key", "SECRET", "default", "Bitcoin WIF private keys (base58check verified)"),
    ("bip32-private-key", "SECRET", "default", "BIP32 extended private keys (xprv..., base58check verified)"),
    ("url-encoded", "SECRET", "default",
     "a secret found once the text is URL-decoded; the placeholder covers the encoded span"),
    ("quoted-printable", "SECRET", "default", "a secret found once quoted-printable mail text is decoded"),
    ("json-escaped", "SECRET", "default", "a secret found once JSON string escapes (\\\" \\n \\u0041) are read"),
    ("seed-phrase", "SECRET", "default",
     "wallet seed phrases: 12 to 24 lower-case words after a mnemonic/seed/recovery phrase label"),
    ("quoted-noise", "SECRET", "default",
     "salt-like quoted noise of 32 to 128 characters (WordPress keys and salts, Django SECRET_KEY)"),
    ("concatenated-token", "SECRET", "default", "a token split by string concatenation (\"ghp_ab\" + \"cd...\")"),
    ("wrapped-value", "SECRET", "default",
     "a value alone on the line after its secret-named key (password:\\n  V, pass=\\nV, \"password\":\\n \"V\")"),
    ("secret-section", "SECRET", "default", "the first line of an INI section named like a secret ([password]\\nV)"),
    ("setting-table-value", "SECRET", "default",
     "the Value cells of an aligned Name/Variable/Key + Value table in the rows named like a secret"
     " (az webapp config appsettings list -o table, Symfony debug:dotenv and its .env columns)"),
    ("doc-set-to", "SECRET", "default",
     "a setup guide's Set `SECRET_KEY` to `V` / set APP_SECRET to V: a value given to a setting named like a secret"),
    ("command-output", "SECRET", "default",
     "the output line of a pasted terminal command that prints a secret (after a prompt: vault kv get -field=,"
     " kubectl get secret -o jsonpath | base64 -d, gcloud auth print-access-token, op read, echo $DB_PASSWORD,"
     " openssl rand, cat secret.txt...), and the Key Content line of netsh wlan show profile key=clear"),
    (_VENDOR_RULE, "SECRET", "default", _VENDOR_DESCRIPTION),
) + tuple((f.id, "SECRET", "default", f.description) for f in FILE_LINES) + (
    (RETOLD_ID, "SECRET", "default", RETOLD_DESCRIPTION),
    (LEAD_IN_ID, "SECRET", "default", LEAD_IN_DESCRIPTION),
    (ONE_WORD_ID, "SECRET", "default", "a password read as words: the password is Orange River 2026, all one word"),
    (PHRASE_ID, "SECRET", "default", PHRASE_DESCRIPTION),
    (REPLY_ID, "SECRET", "default", REPLY_DESCRIPTION),
    (LOCK_ID, "SECRET", "default", LOCK_DESCRIPTION),
) + tuple((rid, "SECRET", "default", d) for rid, d in _NOTE_RULES + _THREAD_RULES + _NETGEAR_RULES)


#: Substrings of the key cells of a Markdown/ASCII table row (``| SENHA | V |``, ``| ПАРОЛЬ | V |``; round 12).
_CELL_CUES = ("key", "pass", "token", "secret", "cred", "pwd", "bearer", "cookie", "pin", "code", "phrase",
              "senha", "wort", "woord", "hasło", "hasl", "contrase", "parol", "пароль", "парол", "mdp", "salasana",
              "heslo", "jelsz", "sifre", "şifre", "lozinka")

#: Substrings of the header words an HTML credential table names (Password, Kennwort, Token, Senha, Lösenord...).
_HTML_TABLE_CUES = ("pass", "wort", "woord", "token", "secret", "senha", "senord", "ifre", "has", "mdp", "clave",
                    "pin", "puk", "cred", "key")


def find_context(text: str, low: str, words: Words | None = None) -> list[Hit]:
    """Context hits that are not one regex per row: command-line tables, SQL dumps, sensitive JSON, prose.

    ``words`` is ``textview.letter_words(low)`` when the caller has it: an a-z word is in its
    ``joined`` string exactly when it is in ``low``, at a quarter of the cost of the test."""
    w = words if words is not None else letter_words(low)
    joined = w.joined
    out = find_cli(text, low, joined, w.set)
    # in an ASCII text a word framed by non-letters (``create table``'s ``table``, ``insert into``'s
    # ``into``, ``"sensitive"``) is a whole letter run: one set lookup instead of a substring scan
    runs = w.set if low.isascii() else None
    if ("into" in runs and "insert" in runs) if runs is not None else "insert" in joined and "into" in joined:
        find_sql_dump(text, low, out)
    if ("sensitive" in runs if runs is not None else "sensitive" in joined) and "\"sensitive\"" in low:
        find_sensitive(text, low, out)
    find_prose(text, low, out, joined, w.set)
    find_prose_cues(text, low, out, w.set, joined)
    find_english_prose(text, low, out, w.set, joined)
    find_password_nearby(text, low, out, w.set, joined)
    find_spoken(text, low, out, w.set, joined)
    find_notes(text, low, out, w.set, joined)
    if lock_wanted(low, runs, joined):
        find_lock_codes(text, low, out)
    find_threads(text, low, out, runs)
    if ":" in low:
        out.extend(find_lead_in_lists(text, low, w.set))
    if not LOGIN_VERBS.isdisjoint(w.set) and not LOGIN_CONTEXT.isdisjoint(w.set):
        find_login_values(text, low, out, w.set)
    if ("secret" in runs and "kind" in runs if runs is not None else "secret" in joined and "kind" in joined) and (
            "data:" in low or '"data"' in low or "stringdata" in low):
        find_k8s_secrets(text, low, out)
    if '"' in low and "variable" in joined and 'variable "' in low:
        find_hcl_defaults(text, low, out)
    if ("resource" in runs and "value" in runs if runs is not None else "resource" in joined and "value" in joined) \
            and 'resource "' in low:
        find_hcl_resources(text, low, out)
    bars = "|" in text or runs is None and ("│" in text or "┃" in text or "║" in text)  # box tables too
    if bars and any(k in joined for k in _CELL_CUES):
        find_table_cells(text, out)
    pins = "|" in text and (not PIN_RUNS.isdisjoint(runs) if runs is not None
                            else "pin" in joined or "puk" in joined or "passcode" in joined or "code" in joined)
    if pins or "<tr" in low and "</t" in low and any(k in joined for k in _HTML_TABLE_CUES):
        find_doc_tables(text, low, out, pins)
    # the grammars of this round: in an ASCII text their cue words are whole letter runs (one set
    # intersection for all of them), then a cheap mark of the form (a table rule, a here-document)
    cues = _SCRIPT_CUES.intersection(runs) if runs is not None else _cues_in(joined)
    if cues:
        if not cues.isdisjoint(_TABLE_CUES) and (
                "--" in text or ")" in text and ') "' in text or runs is None and "──" in text):
            find_result_tables(text, low, out)
        if "expect" in cues and ("send" in cues or "sendline" in cues):
            find_expect(text, low, out)
        if "<" in text and "<<" in text:
            if not cues.isdisjoint(_FTP_CUES):
                find_ftp_heredocs(text, low, out)
            if not cues.isdisjoint(_SINK_CUES):
                find_sink_heredocs(text, out)
    if (not _DEVICE_CUES.isdisjoint(runs) or "key" in runs and not _KEY_CUES.isdisjoint(runs)
            if runs is not None else any(c in joined for c in _DEVICE_CUES) or "key" in joined):
        find_device_lines(text, low, out, runs, joined)
    find_netgear(text, low, out, runs, joined)  # set-command and curly config paths, FortiOS, tac_plus, RouterOS
    if ("secret" in runs and "server" in runs if runs is not None else "secret" in joined and "server" in joined) and (
            "#" in text and ("client" in joined or "user" in joined)):
        find_chap_secrets(text, low, out)
    if not _DATA_CUES.isdisjoint(runs) if runs is not None else any(c in joined for c in _DATA_CUES):
        find_data_files(text, low, out)
    # a bare service name as the key (``"airbrake": "<hex>"``): one set intersection, then a scan per name
    vendors = VENDORS.intersection(runs if runs is not None else w.set)
    if vendors and (":" in text or "=" in text):
        find_vendor_keys(text, low, out, vendors)
    find_secret_lists(text, low, out)  # two literal-led scans (":" + newline, "[") cost less than a word gate
    if ("chpasswd" in runs if runs is not None else "chpasswd" in joined) and "chpasswd:" in low:
        find_chpasswd(text, low, out)
    wrapped = WRAPPED_CUES.intersection(runs) if runs is not None else frozenset(
        c for c in WRAPPED_CUES if c in joined)
    if wrapped:
        find_wrapped(text, low, out, wrapped)
    if ("value" in runs and not _SETTING_HEADS.isdisjoint(runs) if runs is not None else "value" in joined) and (
            "  value" in low or "\tvalue" in low):
        find_setting_tables(text, low, out)
    if ("set" in runs and "to" in runs if runs is not None else "set" in joined) and " to " in low:
        find_set_to(text, low, out)
    if wants_output(text, low, runs, joined):
        find_command_output(text, low, out)
    if "\\" in text and "\\/" in text:
        _slash_escaped(text, out)
    if "\\" in text and ", \"" in text:
        find_trace_strings(text, out)  # strace lines: read(3, "…\n", 4096) = 31
    if text.startswith(LIBEDIT_MAGIC):
        find_libedit_history(text, out)  # .mysql_history: SET\040PASSWORD\040…
    if runs is None and any(c in text for c in _WIDTH_VIEW):  # an ASCII text holds none of them
        _width_view(text, out)
    if leaders_wanted(text):
        find_leader_lines(text, out, _whole_stage)
    return out


def _whole_stage(view: str, low: str) -> list[Hit]:
    from redacted_context_mcp.redaction import secret_rules  # the rule table imports this module

    return secret_rules.find_secrets(view, low)


#: Characters a view reads as their ASCII twins, one for one: no-break spaces (``Password:\u00a0V`` in exports
#: from word processors and wikis), the ideographic space and the full-width colon and equals sign of CJK
#: text (``密码：V``, ``API密钥＝V``).
_WIDTH_VIEW = {"\u00a0": " ", "\u202f": " ", "\u3000": " ", "\uff1a": ":", "\uff1d": "="}
_WIDTH_TABLE = str.maketrans(_WIDTH_VIEW)


def _width_view(text: str, out: list[Hit]) -> None:
    """Rules re-run on a view where the characters of :data:`_WIDTH_VIEW` read as ASCII (same spans)."""
    from redacted_context_mcp.redaction import secret_rules  # the rule table imports this module

    view = text.translate(_WIDTH_TABLE)
    out.extend(secret_rules.find_secrets(view, view.lower(), tuple(secret_rules.SECRET_RULES)))


def _slash_escaped(text: str, out: list[Hit]) -> None:
    """Rules re-run on a view where ``\\/`` reads ``/`` (JSON and Slack exports), hits mapped back."""
    from redacted_context_mcp.redaction import secret_rules  # the rule table imports this module

    pieces = text.split("\\/")
    view = "/".join(pieces)
    starts, pos = [], 0
    for p in pieces:
        starts.append(pos)
        pos += len(p) + 1

    def back(vp: int) -> int:
        return vp + bisect_right(starts, vp) - 1

    # a tuple copy of the table: the rule rows only, no second context/keyless pass
    for h in secret_rules.find_secrets(view, view.lower(), tuple(secret_rules.SECRET_RULES)):
        out.append(Hit(back(h.start), back(h.end - 1) + 1, h.category, h.rule))
