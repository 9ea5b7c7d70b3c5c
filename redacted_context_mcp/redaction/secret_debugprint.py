"""Debug prints of objects and values: the password a program's dump, debugger or plan shows.

Rows (one regex each, run by the shared prefilter of find_secrets), hold-out round 13 of issue 9
("secrets as programs print them"); the ``key=value`` shapes of reprs, toString, ``%+v``, Debug,
inspect, logfmt and JSON logs are the assignment rows' (secret_assign), these are the prints whose
value is not written right after the key and an ``=`` or ``:``:

- PHP ``var_dump``: ``["password"]=>`` then ``string(N) "V"`` (on the next line, or the same), a
  class member's ``["apiKey":"Config":private]=>`` too; ``print_r``'s members ``[password:protected] => V``;
- Erlang/Elixir binaries: ``#{<<"password">> => <<"V">>}``, ``{<<"token">>, <<"V">>}``;
- printed pairs: .NET's ``KeyValuePair`` ``[password, V]``, Kotlin/Scala ``(password, V)``, Erlang
  ``{password, V}``, Rails' SQL binds ``[["password", "V"]]``, at a line start or inside a list of pairs;
- R's ``str()``: `` $ password: chr "V"``;
- gdb/lldb pointers to strings: ``password = 0x5566 "V"``, ``(const char *) api_key = 0x7ff "V"``;
- a Terraform plan's change: ``~ password = "old" -> "V"`` (both values go);
- name/value pairs printed by other languages than JSON (secret_credfiles reads JSON and YAML): a
  Python repr ``{'name': 'DB_PASSWORD', 'value': 'V'}`` or ``V1EnvVar(name='DB_PASSWORD', value='V')``,
  Go's ``{Name:DB_PASSWORD Value:V}``, HCL's ``{ name = "DB_PASSWORD", value = "V" }``, Ruby's ``=>``,
  PowerShell's ``@{Name=DB_PASSWORD; Value=V}``;
- go-spew's typed fields ``Password: (string) (len=10) "V"``; Scala's ``Map("password" -> "V")``;
- a secret held as a char or byte array and printed item by item: Lombok's ``password=[h, u, n, t]``
  (a ``char[]``), Rust's ``password: [104, 117, 110, 116]`` (a ``Vec<u8>``), Go's ``Password:[104 117
  110 116]`` and ``%#v`` ``Password:[]uint8{0x68, 0x75}``.

The key name is scored by the lexicon (secret_keys); the key, the type and the brackets stay.

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_values,
redaction.wordlists.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import strip_span, vet_value
from redacted_context_mcp.redaction.secret_values import LITERALS
from redacted_context_mcp.redaction.wordlists import BUILTIN_ALLOW


def _scored(m: re.Match[str], text: str, s: int, e: int) -> tuple[int, int] | None:
    """``[s, e)`` vetted for the key in group ``k`` (a bare ``key`` asks for a generated value)."""
    score = key_score(m.group("k"))
    if not score or e <= s:
        return None
    return vet_value(text, s, e, score, quoted=True)


def _refine_var_dump(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    n = int(m.group("n"))
    if n == 0:
        return None
    if len(text[s:s + n].encode("utf-8", "replace")) == n and text[s + n:s + n + 1] == '"':
        e = s + n  # the length PHP printed: a value holding quotes still ends where it should
    else:
        q = text.rfind('"', s, e)
        if q <= s:
            return None
        e = q
    return _scored(m, text, s, e)


def _refine_line_value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    sp = strip_span(text, *m.span("v"))
    return _scored(m, text, *sp) if sp is not None else None


def _refine_group(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return _scored(m, text, *m.span("v"))


_PAIRS = {"[": "]", "(": ")", "{": "}"}
#: What may stand right before a printed pair: a line start (blanks, a bullet), a list's bracket, the
#: comma after the pair before it, an ``=``/``:`` (``entries=[(user, ops), (password, V)]``).
_PAIR_LEAD = re.compile(r"(?:^[ \t]{0,40}(?:[-*][ \t]{1,4})?|[\[({=:][ \t]{0,2}|[\])}],[ \t]{0,2})$")


def _refine_pair(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if _PAIRS[m.group("o")] != m.group("c"):
        return None
    ls = max(text.rfind("\n", 0, m.start()) + 1, m.start() - 40)
    lead = _PAIR_LEAD.search(text[ls:m.start()])
    if lead is None:
        return None  # prose: "the pair (password, username)"
    if m.group("kq") and lead.group()[:1] not in ("[", "(", "{", "]", ")", "}"):
        return None  # a quoted pair stands in a list of pairs (``[["email", …], ["password", V]]``), not
        # alone: ``required: ["password", "username"]`` lists two names
    if key_score(m.group("k")) < 2:
        return None
    s, e = m.span("v")
    if text[s] in "\"'":
        s, e = s + 1, e - 1
    v = text[s:e]
    if v.lower() in LITERALS or key_score(v) or not any(c.isalnum() for c in v):
        return None  # (password, null), [token, apiKey]: no value, or a second key
    if text[m.start("v")] not in "\"'" and v.lower() in BUILTIN_ALLOW:
        return None  # (password, hash): a tuple of two names in code
    return vet_value(text, s, e, 2, quoted=text[m.start("v")] in "\"'")


def _refine_plan(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return _scored(m, text, *m.span("v"))


_KEY = r"(?P<k>[a-z0-9_.-]{1,64})"
_LEX = r"(?P<k>[a-z0-9_.-]{0,40}(?:pass|pwd|secret|token|key|cred|auth)[a-z0-9_.-]{0,40})"

DEBUGPRINT_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "php-var-dump",
        "the string PHP var_dump prints for a secret-named key or member ([\"password\"]=> string(N) \"V\")",
        P(r"\[\"" + _KEY + r"\"(?::\"[^\"\r\n]{1,80}\")?(?::(?:protected|private|public))?\]=>[ \t]{0,8}\r?\n?"
          r"[ \t]{0,40}string\((?P<n>\d{1,7})\)[ \t]{1,4}\"(?P<v>[^\r\n]{0,1024})"),
        keywords=("]=>",),
        chars="(",
        on_lower=True,
        refine=_refine_var_dump,
        examples=(ex('array(2) {\n  ["user"]=>\n  string(5) "admin"\n  ["password"]=>\n  string(10) "{}"\n}',
                     "meadowlark"),
                  ex('object(Config)#1 (1) { ["apiKey":"Config":private]=> string(20) "{}" }', tok(ALNUM, 20)),
                  ex('  ["db_pass":protected]=>\n  string(12) "{}"\n', tok(ALNUM, 12))),
        near_misses=('["user"]=>\n  string(5) "admin"', '["password"]=>\n  string(0) ""',
                     '["password_length"]=>\n  string(2) "12"', '["password"]=>\n  NULL'),
    ),
    SecretRule(
        "php-print-r-member",
        "a protected or private member PHP print_r prints with a secret name ([password:protected] => V)",
        P(r"\[" + _KEY + r":(?:protected|private|[a-z0-9_\\]{1,80}:private)\][ \t]{1,4}=>[ \t]{1,4}"
          r"(?P<v>[^\r\n]{1,1024})"),
        keywords=(":protected]", ":private]"),
        on_lower=True,
        refine=_refine_line_value,
        examples=(ex("Config Object\n(\n    [host:protected] => db\n    [password:protected] => {}\n)", "pumpkin77"),
                  ex("    [apiKey:App\\Client:private] => {}\n", tok(ALNUM, 24))),
        near_misses=("    [password:protected] => \n", "    [host:protected] => db.internal",
                     "    [password:protected] => ********"),
    ),
    SecretRule(
        "erlang-binary-pair",
        "an Erlang/Elixir binary value under a secret-named binary key (#{<<\"password\">> => <<\"V\">>})",
        P(r"<<\"" + _KEY + r"\">>[ \t]{0,4}(?:=>|:=|,)[ \t]{0,4}<<\"(?P<v>[^\"\r\n]{1,1024})\">>"),
        keywords=("\">>",),
        on_lower=True,
        refine=_refine_group,
        examples=(ex('#{<<"password">> => <<"{}">>, <<"user">> => <<"root">>}', "meadowlark"),
                  ex('[{<<"api_token">>, <<"{}">>}]', tok(ALNUM, 24))),
        near_misses=('#{<<"user">> => <<"root">>}', '#{<<"password">> => <<"">>}',
                     '#{<<"password_policy">> => <<"strict">>}'),
    ),
    SecretRule(
        "printed-pair",
        "a printed pair of a secret name and its value ([password, V] from .NET, (password, V) from Kotlin)",
        P(r"(?P<o>[\[({])(?P<kq>[\"']?)" + _LEX + r"(?P=kq),[ \t](?P<v>\"[^\"\r\n]{1,512}\"|'[^'\r\n]{1,512}'"
          r"|[^\s,\[\](){}\"']{1,512})(?P<c>[\])}])"),
        keywords=("pass", "pwd", "secret", "token", "key", "cred", "auth"),
        chars=",",
        on_lower=True,
        refine=_refine_pair,
        examples=(ex("[user, ops]\n[password, {}]", "butterfly"),
                  ex("[(user, ops), (password, {})]", "dandelion"),
                  ex('{[ApiKey, {}], [Region, eu]}', tok(ALNUM, 20)),
                  ex('[{password, "{}"}, {user, "ops"}]', "heron8Maple"),
                  ex('WHERE "users"."password" = $2  [["email", "x@y"], ["password", "{}"]]', "pipit4Heath")),
        near_misses=("the pair (password, username) is sent", "[password, null]", "[token, apiKey]", "(password, hash)",
                     "(key, value)", "[password, ***]", "fields: [password, token]",
                     'required: ["password", "username"]', '[["email", "x@y"], ["password", "[FILTERED]"]]'),
    ),
    SecretRule(
        "r-str-chr",
        "a character field R's str() prints under a secret name ( $ password: chr \"V\")",
        P(r"\$[ \t]" + _KEY + r"[ \t]{0,40}:[ \t]chr[ \t]{1,4}\"(?P<v>[^\"\r\n]{1,1024})\""),
        keywords=(": chr",),
        on_lower=True,
        refine=_refine_group,
        examples=(ex("List of 2\n $ user    : chr \"ops\"\n $ password: chr \"{}\"", "raspberry"),),
        near_misses=(' $ user    : chr "ops"', ' $ host    : chr "db"'),
    ),
    SecretRule(
        "debugger-char-pointer",
        "a string a debugger prints behind a pointer for a secret-named variable (password = 0x5566 \"V\")",
        # led by the literal " = 0x" (a fast scan); the refine reads the variable's name before it
        P(r" = 0x[0-9a-f]{1,16}[ \t]\"(?P<v>(?:[^\"\\\r\n]|\\[^\r\n]){1,1024})\""),
        keywords=("= 0x",),
        chars="\"",
        on_lower=True,
        refine=lambda m, text: _refine_before(m, text, _VAR_BEFORE),
        examples=(ex('$1 = {host = 0x5555 "db", password = 0x5566 "{}", port = 5432}', "cinnamon42"),
                  ex('(const char *) api_key = 0x00007ffeefbff5c8 "{}"', tok(ALNUM, 24))),
        near_misses=('host = 0x5555 "db"', 'name = 0x5566 "orders"'),
    ),
    SecretRule(
        "plan-change",
        "the new value of a secret-named attribute in a Terraform/OpenTofu plan (~ password = \"a\" -> \"V\")",
        P(_KEY + r"[ \t]{1,40}=[ \t](?:\"[^\"\r\n]{0,1024}\"|\(sensitive(?: value)?\)|null|\(known after apply\))"
          r"[ \t]->[ \t]\"(?P<v>[^\"\r\n]{1,1024})\""),
        keywords=("-> \"",),
        on_lower=True,
        refine=_refine_plan,
        examples=(ex('  ~ master_password = "{}" -> "{}"'.replace("{}", "croissant", 1), "baguette"),
                  ex('      ~ api_key = null -> "{}"', tok(ALNUM, 24))),
        near_misses=('  ~ instance_class = "db.t3.micro" -> "db.t3.small"', '  ~ password = (sensitive value)',
                     '  ~ password = (sensitive value) -> (known after apply)'),
    ),
)


#: The variable a debugger names before `` = 0x…`` (``password``, ``cfg->api_key``, ``(char *) token``).
_VAR_BEFORE = re.compile(r"(?<![a-z0-9_.-])(?P<k>[a-z0-9_.-]{1,64})$")
#: The name before a printed ``value``: ``{'name': 'DB_PASSWORD', '``, ``{Name:X ``, ``name = "X", ``.
_NAME_BEFORE = re.compile(r"(?<![a-z0-9_])(?:name|key)[\"']?[ \t]{0,2}(?:=>|[:=])[ \t]{0,2}[\"']?"
                          r"(?P<k>[a-z0-9_.-]{1,80})[\"']?[ \t]{0,2}[,;]?[ \t]{0,4}[\"']?$")


class _Keyed:
    """A match whose key was read before it: ``group("k")`` is that key, the rest is the match's."""

    def __init__(self, m: re.Match[str], key: str) -> None:
        self._m, self._k = m, key

    def group(self, g: str) -> str:
        return self._k if g == "k" else self._m.group(g)

    def span(self, g: str) -> tuple[int, int]:
        return self._m.span(g)


def _refine_before(m: re.Match[str], text: str, before: re.Pattern[str], then=None) -> tuple[int, int] | None:
    """Read the key right before a literal-led match (within 128 characters), then refine as usual."""
    lo = max(0, m.start() - 128)
    k = before.search(text[lo:m.start()].lower()) if m.start() > lo else None
    if k is None:
        return None
    return (then or _refine_group)(_Keyed(m, k.group("k")), text)  # type: ignore[arg-type]


def _refine_name_value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if key_score(m.group("k")) < 2:
        return None
    s, e = m.span("v")
    quoted = text[s] in "\"'"
    if quoted:
        s, e = s + 1, e - 1
    v = text[s:e]
    if v.lower() in LITERALS:
        return None
    return vet_value(text, s, e, 2, quoted=quoted)


DEBUGPRINT_RULES += (
    SecretRule(
        "printed-name-value",
        "a name/value pair printed as a repr, struct or map ({'name': 'DB_PASSWORD', 'value': 'V'}, {Name:X Value:V})",
        # led by the literal "value" (a fast scan); the refine reads the name before it
        P(r"value[\"']?[ \t]{0,2}(?:=>|[:=])[ \t]{0,2}"
          r"(?P<v>\"[^\"\r\n]{1,1024}\"|'[^'\r\n]{1,1024}'|[^\s\"',;}\])]{1,1024})"),
        keywords=("value",),
        chars="=:",
        on_lower=True,
        refine=lambda m, text: _refine_before(m, text, _NAME_BEFORE, _refine_name_value),
        examples=(ex("[{'name': 'DB_PASSWORD', 'value': '{}'}]", "grebe6Lake"),
                  ex("V1EnvVar(name='API_TOKEN', value='{}', value_from=None)", tok(ALNUM, 20)),
                  ex("Env: [{Name:DB_PASSWORD Value:{}} {Name:PORT Value:8080}]", "coot4Reed"),
                  ex('environment = [ { name = "DB_PASSWORD", value = "{}" } ]', "rail9Marsh"),
                  ex('{"name"=>"SECRET_KEY_BASE", "value"=>"{}"}', tok(ALNUM, 32)),
                  ex("@{Name=DB_PASS; Value={}}", tok(ALNUM, 12))),
        near_misses=("{'name': 'PORT', 'value': '8080'}", "V1EnvVar(name='DB_PASSWORD', value=None)",
                     "{Name:DB_PASSWORD Value:}", 'name = "DB_PASSWORD", value = ""'),
    ),
    SecretRule(
        "spew-typed-field",
        "a string field go-spew prints with its type and length under a secret name (Password: (string) (len=N) \"V\")",
        P(_KEY + r":[ \t]\(string\)[ \t]\(len=\d{1,7}\)[ \t]\"(?P<v>(?:[^\"\\\r\n]|\\[^\r\n]){1,1024})\""),
        keywords=("(len=",),
        on_lower=True,
        refine=_refine_group,
        examples=(ex('(*main.Config)(0xc000010000)({\n Host: (string) (len=2) "db",\n'
                     ' Password: (string) (len=10) "{}",\n})', "plover2Bay"),),
        near_misses=(' Host: (string) (len=2) "db",', ' Password: (string) (len=0) "",'),
    ),
    SecretRule(
        "arrow-pair",
        "a quoted secret name, an arrow and a quoted value (Scala's Map(\"password\" -> \"V\"))",
        P(r"[\"']" + _LEX + r"[\"'][ \t]{1,2}->[ \t]{1,2}(?P<v>\"[^\"\r\n]{1,1024}\"|'[^'\r\n]{1,1024}')"),
        keywords=("-> \"", "-> '"),
        on_lower=True,
        refine=_refine_name_value,
        examples=(ex('Map("password" -> "{}", "user" -> "ops")', "turnstone7"),),
        near_misses=('Map("user" -> "ops")', 'Map("password" -> "")', '"token" -> "${TOKEN}"'),
    ),
)


_ITEM = r"(?:0x[0-9a-f]{1,2}|\d{1,3}|'[^'\r\n]'|[^\s,\[\]{}'])"


#: The field before a printed array: ``password=``, ``password: ``, Go's ``Password:[]uint8``.
_ARRAY_FIELD = re.compile(r"(?<![a-z0-9_])" + _LEX + r"[\"']?[ \t]{0,2}$")


def _refine_char_array(m: re.Match[str], text: str) -> tuple[int, int] | None:
    lo = max(0, m.start() - 96)
    f = _ARRAY_FIELD.search(text[lo:m.start()].lower())
    if f is None:
        return None
    k = f.group("k")
    if k.endswith("s") and not k.endswith("ss"):
        return None  # tokens: [101, 2023, 102], api_keys: [a, b, c, d]: a list of many, not one spelled out
    if key_score(k) < 2:
        return None
    s, e = m.span("v")
    items = re.split(r",?[ \t]", text[s:e])
    if any(i.isdigit() and int(i) > 255 for i in items):
        return None  # numbers above a byte: ids, not a string's bytes
    return s, e


DEBUGPRINT_RULES += (
    SecretRule(
        "char-array-field",
        "a secret-named field printed as an array of its characters or bytes (password=[h, u, n, t], [104 117 110])",
        # led by the operator and the array's bracket (the keywords); the refine reads the field's name before it
        P(r"(?:=>?|:)[ ]?(?:\[\]u?int8|\[\]byte)?[\[{](?P<v>" + _ITEM + r"(?:,?[ \t]" + _ITEM + r"){3,255})[\]}]"),
        keywords=("=[", "= [", "=>[", "=> [", ":[", ": [", "int8{", "byte{"),
        on_lower=True,
        refine=_refine_char_array,
        examples=(ex("User(name=ops, password=[{}])", "m, e, a, d, o, w, l, a, r, k"),
                  ex("Config { host: \"db\", password: [{}] }", "104, 117, 110, 116, 101, 114, 50"),
                  ex("{Host:db Password:[{}]}", "104 117 110 116 101 114 50"),
                  ex("main.Config{Password:[]uint8{{}}}", "0x68, 0x75, 0x6e, 0x74")),
        near_misses=("tokens: [101, 2023, 2003, 102]", "password_rules: [a, b, c, d]", "password: [REDACTED]",
                     "token_ids = [1012, 2034, 3045, 99]", "password=[]"),
    ),
)
