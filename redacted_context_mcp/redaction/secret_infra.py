"""Infrastructure-as-code and provisioning grammars (hold-out round 6, issue 9).

Rows (one regex each, run by the shared prefilter):

- ``kv-put-positional``: a key store's put command written ``TOOL KEY VALUE`` (``pulumi config set
  [--secret] [--path] KEY VALUE``, ``consul kv put KEY VALUE``, ``etcdctl put KEY VALUE``): the value is a
  secret when ``--secret`` is given or the key's last path segment is named like a secret;
- ``template-default``: the literal fallback of a Jinja or Go template expression whose key or names are
  a secret's (``{{ lookup('env','DB_PASS') | default('V') }}``, ``{{ env "DB_PASSWORD" | default "V" }}``,
  ``{{ 'V' | password_hash('sha512') }}``);
- ``yaml-flow-name-value``: a YAML flow mapping of a name and its value in either order
  (``{name: API_KEY, value: V}``, ``{value: V, name: SECRET_KEY}``);
- ``param-default-json`` / ``param-default-yaml``: the ``Default`` / ``defaultValue`` / ``value`` child of a
  parameter named like a secret (CloudFormation, ARM parameter and template files, GitLab CI variables);
  a CloudFormation parameter of an SSM type names a parameter path, not a value;
- ``index-chain-assign``: a Chef/Ruby/PHP index chain whose inner index is the secret's name
  (``node.default['postgresql']['password']['postgres'] = 'V'``).

Grammars: ``find_secret_lists``, each item of a YAML block sequence or a flow/JSON/HCL list under a key
named like a secret in the singular or plural (``api_keys:\n  - V``, ``tokens: [V, W]``; the lower-case
identifiers under a bare ``secrets:`` are the names of compose or CI secrets and stay, and a list of
tokens counts only its generated items, since tokenizers list words); ``find_chpasswd``, the
``user:password`` lines of a cloud-init ``chpasswd: list:`` block or sequence (``RANDOM`` / ``R`` ask
cloud-init to generate one and stay); ``find_hcl_resources``, the ``value`` of a Terraform resource that
stores a secret under a name (``tfe_variable``, ``github_actions_secret``'s ``plaintext_value``,
``aws_ssm_parameter``).

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_xml,
redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import NEGATIVE_HEAD, key_parts, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import vet_value
from redacted_context_mcp.redaction.secret_xml import keyed_pair
from redacted_context_mcp.redaction.spans import Hit

# -- kv-put-positional --------------------------------------------------------------------------------

_WORD = re.compile(r"[ \t]{1,8}(?:\"(?P<d>[^\"\r\n]{0,512})\"|'(?P<s>[^'\r\n]{0,512})'|(?P<b>[^\s\"']{1,512}))")
#: Flags of these tools that take the next word as their value (``--stack dev``).
_VALUED = frozenset(("-s", "--stack", "-c", "-C", "--cwd", "--config-file", "--endpoints", "--user", "-flags",
                     "--datacenter", "-datacenter", "--token", "-token"))


def _refine_kv_put(m: re.Match[str], text: str) -> tuple[int, int] | None:
    pos, end = m.end("cmd"), m.end()
    forced = False
    words: list[tuple[int, int]] = []
    skip = False
    for _ in range(16):
        w = _WORD.match(text, pos, end)
        if w is None:
            break
        pos = w.end()
        g = w.lastgroup or "b"
        s, e = w.span(g)
        word = text[s:e]
        if skip:
            skip = False
            continue
        if g == "b" and word.startswith("-") and len(word) > 1:
            flag = word.split("=", 1)[0]
            forced = forced or flag == "--secret"
            skip = "=" not in word and flag in _VALUED
            continue
        words.append((s, e))
        if len(words) == 2:
            break
    if len(words) < 2:
        return None
    key = text[words[0][0]:words[0][1]]
    score = 2 if forced else key_score(re.split(r"[/:]", key.rstrip("/"))[-1])
    if score < 2:
        return None
    return vet_value(text, *words[1], 2, quoted=False)


# -- template-default ---------------------------------------------------------------------------------

_LITERAL = (r"(?<![\w.])(?:default|d)[ \t]{0,2}(?:\([ \t]{0,2}(?P<q>[\"'])(?P<v>[^\"'\r\n]{1,256})(?P=q)"
            r"|[ \t]{1,2}(?P<gq>\")(?P<gv>[^\"\r\n]{1,256})\")"
            r"|^[ \t]{0,4}(?P<lq>[\"'])(?P<lv>[^\"'\r\n]{1,256})(?P=lq)[ \t]{0,4}\|")
_TEMPLATE_LITERAL = re.compile(_LITERAL)
_NAME_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.]{0,80}")
_LINE_KEY = re.compile(r"[\"']?(?P<k>[A-Za-z_][\w.-]{0,80})[\"']?[ \t]{0,4}[:=][ \t]{0,4}[\"']?[ \t]{0,4}$")


def _refine_template(m: re.Match[str], text: str) -> tuple[int, int] | None:
    bs, be = m.span("body")
    body = text[bs:be]
    lit = _TEMPLATE_LITERAL.search(body)
    if lit is None:
        return None
    g = "v" if lit.start("v") >= 0 else "gv" if lit.start("gv") >= 0 else "lv"
    s, e = bs + lit.start(g), bs + lit.end(g)
    rest = body[:lit.start()] + " " + body[lit.end():]
    ls = text.rfind("\n", 0, m.start()) + 1
    km = _LINE_KEY.search(text, ls, m.start())
    named = km is not None and key_score(km.group("k")) == 2
    if not named:
        named = any(key_score(w) == 2 for w in _NAME_WORD.findall(rest.replace("'", " ").replace('"', " ")))
    if not named:
        return None
    return vet_value(text, s, e, 2, quoted=True)


# -- param-default rows and the index chain -------------------------------------------------------------


def _refine_param(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if "ssm::parameter" in text[m.start():m.start("v")].lower():
        return None  # Type: AWS::SSM::Parameter::Value<String>: the default names a parameter path
    return keyed_pair("k", "v")(m, text)


_INDEX = r"\[[ \t]{0,2}[\"'][\w.-]{1,60}[\"'][ \t]{0,2}\]"


_INDEX_NAME = re.compile(r"[\"']([\w.-]{1,60})[\"']")


def _refine_chain(m: re.Match[str], text: str) -> tuple[int, int] | None:
    names = _INDEX_NAME.findall(text, m.start("k"), m.end("k"))
    last = key_parts(text[m.start("last"):m.end("last")])
    if not any(key_score(k) == 2 for k in names) or (last and last[-1] in NEGATIVE_HEAD):
        return None
    return vet_value(text, m.start("v") + 1, m.end("v") - 1, 2, quoted=True)


INFRA_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "kv-put-positional",
        "the VALUE of a key store's put written TOOL KEY VALUE (pulumi config set [--secret] KEY VALUE,"
        " consul kv put KEY VALUE, etcdctl put KEY VALUE) when --secret is given or the key is named like a secret",
        P(r"(?P<cmd>pulumi[ \t]{1,4}config[ \t]{1,4}set|consul[ \t]{1,4}kv[ \t]{1,4}put"
          r"|etcdctl(?:[ \t]{1,4}--?[a-z][a-z-]{0,30}(?:=[^\s]{1,256})?){0,6}[ \t]{1,4}put)(?=[ \t])[^\r\n]{1,1200}"),
        keywords=("pulumi", "consul", "etcdctl"),
        on_lower=True,
        refine=_refine_kv_put,
        examples=(
            ex("pulumi config set dbPassword {}", tok(ALNUM, 12)),
            ex("pulumi config set --path 'db.password' {}", tok(ALNUM, 12)),
            ex("consul kv put service/app/db_password {}", tok(ALNUM, 14)),
            ex("etcdctl --endpoints=https://etcd:2379 put /config/app/api_token {}", tok(ALNUM, 20)),
        ),
        near_misses=("pulumi config set aws:region us-west-2", "pulumi config set --secret dbPassword",
                     "consul kv get service/app/db_password", "consul kv put service/app/replicas 3",
                     "etcdctl put /config/app/db_password $DB_PASSWORD"),
    ),
    SecretRule(
        "template-default",
        "the literal fallback of a Jinja or Go template expression named like a secret"
        " ({{ lookup('env','DB_PASS') | default('V') }}, {{ env \"API_KEY\" | default \"V\" }},"
        " {{ 'V' | password_hash('sha512') }})",
        P(r"\{\{(?P<body>[^{}\r\n]{1,400})\}\}"),
        keywords=("default", "password_hash"),
        chars="{",
        refine=_refine_template,
        examples=(
            ex("db_pass: \"{{ lookup('env','DB_PASS') | default('{}') }}\"", tok(ALNUM, 12)),
            ex('"password": "{{ env "DB_PASSWORD" | default "{}" }}"', tok(ALNUM, 12)),
            ex("password: \"{{ '{}' | password_hash('sha512') }}\"", tok(ALNUM, 12)),
            ex("password: {{ .Values.db.password | default \"{}\" }}", tok(ALNUM, 12)),
        ),
        near_misses=("home_dir: \"{{ lookup('env','HOME') | default('/root') }}\"",
                     "db_password: \"{{ vault_db_password }}\"", "replicas: {{ .Values.replicas | default 1 }}",
                     "password: \"{{ db_password | default(omit) }}\""),
    ),
    SecretRule(
        "yaml-flow-name-value",
        "a YAML flow mapping of a name and its value, in either order: {name: API_KEY, value: V}",
        P(r"\{[ \t]{0,4}(?:(?:name|key):[ \t]{0,4}[\"']?(?P<k>[a-z0-9_.-]{1,80})[\"']?[ \t]{0,4},[ \t]{0,4}"
          r"value:[ \t]{0,4}(?P<v>\"[^\"\r\n]{0,1024}\"|'[^'\r\n]{0,1024}'|[^,}\s][^,}\r\n]{0,255}?)"
          r"|value:[ \t]{0,4}(?P<rv>\"[^\"\r\n]{0,256}\"|'[^'\r\n]{0,256}'|[^,{}\s][^,{}\r\n]{0,255}?)[ \t]{0,4},"
          r"[ \t]{0,4}(?:name|key):[ \t]{0,4}[\"']?(?P<rk>[a-z0-9_.-]{1,80})[\"']?)[ \t]{0,4}[,}]"),
        keywords=("value:",),
        chars="{",
        on_lower=True,
        refine=lambda m, text: keyed_pair("k", "v")(m, text) if m.start("v") >= 0 else keyed_pair("rk", "rv")(m, text),
        examples=(ex("env: [{name: API_KEY, value: {}}]", tok(ALNUM, 16)),
                  ex('- {name: DB_PASSWORD, value: "{}"}', tok(ALNUM, 12)),
                  ex("- {value: {}, name: SECRET_KEY}", tok(ALNUM, 16))),
        near_misses=("- {name: LOG_LEVEL, value: debug}", "- {name: DB_PASSWORD, value: ''}",
                     "- {name: API_KEY, valueFrom: {secretKeyRef: {name: api, key: key}}}"),
    ),
    SecretRule(
        "param-default-json",
        "the default or value of a JSON parameter named like a secret (ARM defaultValue and parameter files,"
        " CloudFormation Default): \"adminPassword\": {\"type\": \"securestring\", \"defaultValue\": \"V\"}",
        P(r"\"(?P<k>[a-z0-9_.-]{1,80})\"[ \t]{0,4}:[ \t\r\n]{0,40}\{(?P<mid>[^{}]{0,400}?)"
          r"\"(?:defaultvalue|default|value)\"[ \t]{0,4}:[ \t]{0,4}(?P<v>\"[^\"\r\n]{1,1024}\")"),
        keywords=('"defaultvalue"', '"default"', '"value"'),
        chars="{",
        on_lower=True,
        refine=_refine_param,
        examples=(ex('"adminPassword": {\n  "type": "securestring",\n  "defaultValue": "{}"\n}', tok(ALNUM, 12)),
                  ex('"adminPassword": {\n  "value": "{}"\n}', tok(ALNUM, 12)),
                  ex('"DBPassword": {"Type": "String", "NoEcho": "true", "Default": "{}"}', tok(ALNUM, 12))),
        near_misses=('"adminPassword": {\n  "type": "securestring"\n}', '"location": {"value": "westeurope"}',
                     '"adminPassword": {"value": "[parameters(\'adminPassword\')]"}'),
    ),
    SecretRule(
        "param-default-yaml",
        "the Default: or value: of a YAML mapping named like a secret (CloudFormation parameters,"
        " GitLab CI variables): DBPassword:\\n  Type: String\\n  Default: V",
        P(r"^(?P<ind>[ \t]{0,24})(?P<k>[a-z_][a-z0-9_.-]{0,80}):[ \t]{0,4}\r?\n"
          r"(?P<mid>(?:(?P=ind)[ \t]{1,8}[^\r\n]{0,200}[^:\s]\r?\n){0,8}?)(?P=ind)[ \t]{1,8}"
          r"(?:default|value):[ \t]{1,4}(?P<v>[^\s#][^\r\n]{0,1023})", re.M),
        keywords=("default:", "value:"),
        on_lower=True,
        refine=_refine_param,
        examples=(ex("Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: {}",
                     tok(ALNUM, 12)),
                  ex("variables:\n  DEPLOY_TOKEN:\n    value: {}\n    description: deploy", tok(ALNUM, 20))),
        near_misses=("DBPassword:\n  Type: String\n  NoEcho: true",
                     "DBPassword:\n  Type: AWS::SSM::Parameter::Value<String>\n  Default: /prod/db/password",
                     "InstanceType:\n  Type: String\n  Default: t3.micro"),
    ),
    SecretRule(
        "index-chain-assign",
        "an index chain whose inner index names a secret: node.default['postgresql']['password']['postgres'] = 'V'",
        P(rf"(?P<k>(?:{_INDEX}){{1,3}})"
          rf"\[[ \t]{{0,2}}[\"'](?P<last>[\w.-]{{1,60}})[\"'][ \t]{{0,2}}\]"
          r"[ \t]{0,4}=[ \t]{0,4}(?P<v>'[^'\r\n]{1,256}'|\"[^\"\r\n]{1,256}\")"),
        keywords=("']['", '"]["'),
        refine=_refine_chain,
        examples=(ex("node.default['postgresql']['password']['postgres'] = '{}'", tok(ALNUM, 12)),),
        near_misses=("default['app']['password']['length'] = '16'", "node['app']['db']['host'] = 'db1'"),
    ),
)

# -- cloud-init chpasswd lists ---------------------------------------------------------------------------

_CHPASSWD = re.compile(r"^(?P<ind>[ \t]{0,24})chpasswd:[ \t]*\r?$", re.M)
_LIST = re.compile(r"[ \t]{1,32}list:[ \t]{0,4}(?:[|>][-+]?)?[ \t]*\r?\n")
_USER_LINE = re.compile(r"[ \t]{1,40}(?:-[ \t]{1,4})?[\"']?[a-z_][\w.-]{0,31}:(?P<v>[^\s\"']{1,256})[\"']?[ \t]*\r?$")
_GENERATED = frozenset(("R", "RANDOM"))


def find_chpasswd(text: str, low: str, out: list[Hit]) -> None:
    """The password of each ``user:password`` line under a cloud-init ``chpasswd:`` ``list:``."""
    for m in _CHPASSWD.finditer(low):
        pos = m.end() + 1
        lm = None
        for _ in range(6):  # list: is among the first children of chpasswd:
            lm = _LIST.match(low, pos)
            nl = low.find("\n", pos)
            if lm is not None or nl < 0:
                break
            pos = nl + 1
        if lm is None:
            continue
        pos = lm.end()
        for _ in range(256):
            nl = text.find("\n", pos)
            le = len(text) if nl < 0 else nl
            u = _USER_LINE.match(text, pos, le)
            if u is None:
                break
            s, e = u.span("v")
            if text[s:e] not in _GENERATED:
                sp = vet_value(text, s, e, 2, quoted=False)
                if sp is not None:
                    out.append(Hit(sp[0], sp[1], "SECRET", "cloud-init-chpasswd"))
            if nl < 0:
                break
            pos = nl + 1


# -- Terraform resources that store a named secret -------------------------------------------------------

_RESOURCE = re.compile(r"^[ \t]{0,8}resource[ \t]{1,4}\"[a-z0-9_]{1,80}\"[ \t]{1,4}\"[^\"\r\n]{1,80}\"[ \t]{0,4}\{",
                       re.M)
_BLOCK_END = re.compile(r"^\}", re.M)  # a top-level block closes at column 0 (nested ones are indented)
_NAME_ATTR = re.compile(r"^[ \t]{1,16}(?:key|name|secret_name|variable_name|parameter_name)[ \t]{0,16}=[ \t]{0,4}"
                        r"\"(?P<k>[^\"\r\n]{1,200})\"", re.M)
_VALUE_ATTR = re.compile(r"^[ \t]{1,16}(?:value|plaintext_value|secret_value|insecure_value)[ \t]{0,16}=[ \t]{0,4}"
                         r"\"(?P<v>[^\"\r\n]{1,1024})\"", re.M)
_SECURE_TYPE = re.compile(r"^[ \t]{1,16}type[ \t]{0,16}=[ \t]{0,4}\"securestring\"", re.M)


def find_hcl_resources(text: str, low: str, out: list[Hit]) -> None:
    """The ``value`` of a Terraform resource that stores a secret under a name (``tfe_variable``'s
    ``key = "db_password"``, ``github_actions_secret``'s ``plaintext_value``, an ``aws_ssm_parameter``
    named ``/prod/db/password`` or typed ``SecureString``)."""
    pos = 0
    for _ in range(4096):
        r = _RESOURCE.search(low, pos)
        if r is None:
            return
        end_m = _BLOCK_END.search(low, r.end(), r.end() + 4000)
        hi = end_m.start() if end_m is not None else min(len(low), r.end() + 4000)
        pos = max(hi, r.end())  # resource blocks do not nest: the next one starts after this one
        v = _VALUE_ATTR.search(low, r.end(), hi)
        if v is None:
            continue
        plaintext = not low[v.start():v.end()].lstrip().startswith("value")  # plaintext_value, secret_value
        named = plaintext or _SECURE_TYPE.search(low, r.end(), hi) is not None
        if not named:
            for k in _NAME_ATTR.finditer(low, r.end(), hi):
                name = text[k.start("k"):k.end("k")]
                if key_score(re.split(r"[/:]", name.rstrip("/"))[-1]) == 2:
                    named = True
                    break
        if named:
            sp = vet_value(text, *v.span("v"), 2, quoted=True)
            if sp is not None:
                out.append(Hit(sp[0], sp[1], "SECRET", "hcl-resource-value"))


# -- lists of secrets --------------------------------------------------------------------------------------

#: A block sequence opened under a key, and a flow list after ``:`` or ``=`` (both literal-led: one fast scan each).
_BLOCK_OPEN = re.compile(r":[ \t]{0,40}\r?\n(?=[ \t]{0,40}-[ \t])")
_FLOW_OPEN = re.compile(r"\[(?<=[:=]\[)|\[(?<=[:=] \[)")
_ITEM = re.compile(r"(?P<ind>[ \t]{0,40})-[ \t]{1,8}(?P<v>[^\r\n]{1,512}?)[ \t]*(?:[ \t]#[^\r\n]*)?\r?$")
# a bare item holds no blank (one with blanks is prose, and blanks on both sides of it would backtrack); an item
# starts right after its list's "[" or the "," before it (where find_secret_lists matches it): a scan tries no other
_FLOW_ITEM = re.compile(r"(?<=[\[,])[ \t]{0,8}(?P<v>\"[^\"\r\n]{0,512}\"|'[^'\r\n]{0,512}'|[^,\[\]{}\s]{1,512})"
                        r"[ \t]{0,8}(?P<sep>[,\]])")
_NAME_ITEM = re.compile(r"[a-z][a-z0-9_.-]{0,80}")
_CLASS_PATH = re.compile(r"[a-z_][a-z0-9_]{0,40}(?:\.[a-z_][a-z0-9_]{0,40}){1,12}\.[A-Z][A-Za-z0-9_]{0,80}")
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_.-")
#: Letter runs one of which the key of a list of secrets holds (``api_keys:``, ``tokens: [...]``).
LIST_CUES = ("pass", "secret", "token", "key", "cred", "pwd")


def _list_key(low: str, end: int) -> str:
    """The key name that ends at ``end`` (before its operator), without quotes and blanks."""
    while end > 0 and low[end - 1] in " \t\"'":
        end -= 1
    ks = end
    while ks > 0 and end - ks < 80 and low[ks - 1] in _KEY_CHARS:
        ks -= 1
    return low[ks:end]


def _item(text: str, s: int, e: int, names: bool, code: bool, score: int, out: list[Hit]) -> None:
    quoted = e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]
    if quoted:
        s, e = s + 1, e - 1
    elif code or " " in text[s:e] or "\t" in text[s:e]:
        return  # a bare item of a code list is a variable; a bare item with blanks is a prose bullet
    v = text[s:e]
    if not v or v[0] in "{[&*!|>" or ": " in v or v.endswith(":") or names and _NAME_ITEM.fullmatch(v):
        return  # a mapping, an anchor or tag, a nested block, or the name of a stored secret
    if "." in v and _CLASS_PATH.fullmatch(v):
        return  # PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]: a class, not a secret
    sp = vet_value(text, s, e, score, quoted=quoted)
    if sp is not None:
        out.append(Hit(sp[0], sp[1], "SECRET", "yaml-secret-list"))


def find_secret_lists(text: str, low: str, out: list[Hit]) -> None:
    """Each item of a list whose key, in the singular, is named like a secret (``api_keys:\\n  - V``)."""
    opens = [(m.start(), m.end(), True) for m in _BLOCK_OPEN.finditer(low)]
    for m in _FLOW_OPEN.finditer(low):  # the operator is right before the bracket or one blank before it
        opens.append((m.start() - 1 if low[m.start() - 1] in ":=" else m.start() - 2, m.end(), False))
    for op_at, start, block in opens:
        key = _list_key(low, op_at)
        if not key or not any(c in key for c in LIST_CUES):
            continue
        single = key[:-1] if key.endswith("s") and not key.endswith("ss") else key
        score = max(key_score(single), key_score(key))
        if score < 2:
            continue
        if single.endswith("token"):
            score = 1  # a list of tokens is as often a tokenizer's words: only generated items count
        names = single.rsplit("_", 1)[-1].rsplit(".", 1)[-1] == "secret"  # compose/CI: secrets: [db_password]
        if block:
            pos, ind = start, -1
            for _ in range(256):
                nl = text.find("\n", pos)
                le = len(text) if nl < 0 else nl
                it = _ITEM.match(text, pos, le)
                if it is None or ind >= 0 and len(it.group("ind")) != ind:
                    break
                ind = len(it.group("ind"))
                _item(text, *it.span("v"), names, False, score, out)
                if nl < 0:
                    break
                pos = nl + 1
        else:
            pos, code = start, low[op_at] == "="
            for _ in range(256):
                it = _FLOW_ITEM.match(text, pos)
                if it is None:
                    break
                _item(text, *it.span("v"), names, code, score, out)
                pos = it.end()
                if it.group("sep") == "]":
                    break
