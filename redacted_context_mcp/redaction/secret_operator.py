"""What operators paste (hold-out round 15, r15-ops): argv lists, parameter lists, proxy directives, tool verbs.

Secrets an operator's pastes hold by the grammar of the tool or file rather than under a ``key=`` the
assignment rows read. One :class:`~redaction.secret_kit.SecretRule` row per syntax family, each behind a
literal keyword of the shared prefilter:

- ``argv-list-flag`` / ``exec-form-flag``: a container's or a task's argument list, the flag one item and
  its value the next: YAML ``- --auth-token`` then ``- V``, exec form ``["/app", "-password", "V"]``; the
  flag's name is judged by the key-name lexicon, as ``--db-password V`` is on a command line;
- ``named-param-default`` / ``named-call-default`` / ``named-element-default``: a build parameter named like
  a secret and its literal default: ``- name: db-password`` … ``default: V`` (Tekton, Argo, Azure), Jenkins
  ``password(name: 'X', defaultValue: 'V')``, a job's XML ``<name>X</name>`` ``<defaultValue>V</defaultValue>``;
- ``variable-compared-literal`` / ``haproxy-secret-match`` / ``nginx-variable-literal``: a variable or header
  named like a secret compared to or given a literal: nginx ``if ($arg_token != "V")``, Lua
  ``ngx.var.http_x_api_key ~= "V"``, HAProxy ``req.hdr(X-Api-Key) -m str V``, ``set-var(txn.api_key) str(V)``,
  ``http-check send … hdr X-Api-Key V``, njs ``js_var $jwt_secret V;``, ``set_by_lua $token 'return "V"'``;
- ``key-auth-block-key``: a gateway's ``key-auth:`` block and its ``key: V`` (APISIX, Kong);
- ``qemu-secret-object``: ``qemu … -object secret,id=X,data=V`` in a process listing;
- ``header-directive``: a header set by a proxy directive, its name then its value with no colon:
  Caddy ``header X-Internal-Key V``, ``header_up``/``header_down``/``request_header``; the header's name
  must be a secret's (``X-Api-Key``, ``X-Auth-Token``; ``Authorization`` with its scheme);
- ``redis-auth-command``: ``redis-cli … AUTH [USER] V`` (valkey-cli, keydb-cli): the password of the
  command typed after the client's flags;
- ``erlang-vm-arg``: an Erlang VM's application environment on its command line (``beam.smp … -rabbit
  default_pass V``, ``erl -kernel …``): the key must be a secret's;
- ``nginx-secure-link``: the literal part of nginx's ``secure_link_md5`` expression and
  ``secure_link_secret WORD``: the shared secret of signed URLs;
- ``etcd-user-add``: ``etcdctl user add NAME:V``;
- ``mail-relay-service-line``: a Postfix ``sasl_passwd`` line whose port is a service name
  (``[relay]:submission user:V``) or whose key is a sender (``@example.com user:V``, in a text about SASL);
- ``auth-file-substitution``: a credential file given as a process substitution (``openvpn --auth-user-pass
  <(printf "%s\\n" USER V)``): the last line printed is the password.

Also :data:`OPS_CLI_TOOLS` (tools of the command-line table that the rows of secret_cli_tools lack),
:func:`nul_view` (argv records of ``/proc/PID/cmdline`` read with blanks between their arguments) and
:func:`joined_lines` (a command continued over lines, read by the command-line stage as one line).

Imports: redaction.secret_cli_tools, redaction.secret_keys, redaction.secret_kit, redaction.secret_refine.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_cli_tools import CliTool
from redacted_context_mcp.redaction.secret_keys import key_parts, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import vet_value

# --- /proc/PID/cmdline ---------------------------------------------------------------------------

_ENV_ENTRY = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,200}=")


def nul_view(text: str) -> str:
    """``text`` with each NUL a line break (``/proc/PID/environ``, ``env -0``: one entry a line) or, in a
    record that is an argument vector (``/proc/PID/cmdline``: not every field a ``NAME=``), a blank, so the
    command-line grammar reads ``redis-cli\\0-a\\0V`` as ``redis-cli -a V``. Same length as ``text``."""
    out = []
    for line in text.split("\n"):
        if "\0" in line:
            fields = [f for f in line.split("\0") if f]
            env = all(_ENV_ENTRY.match(f) for f in fields)
            line = line.replace("\0", "\n" if env else " ")
        out.append(line)
    return "\n".join(out)


# --- continued command lines --------------------------------------------------------------------

#: A line continuation: sh's backslash, PowerShell's backtick, cmd's caret, then the line break.
_CONTINUATION = re.compile(r"[\\`^][ \t]{0,4}\r?\n")
_MARKS = ("\\\n", "`\n", "^\n", "\\\r\n", "`\r\n", "^\r\n")


def continued(text: str) -> bool:
    """``text`` holds a line continuation (the test before :func:`joined_lines`)."""
    return "\n" in text and any(mk in text for mk in _MARKS)


def joined_lines(text: str) -> str:
    """``text`` with each line continuation a run of blanks (same length), so the command-line grammar reads
    ``sshpass \\`` / ``  -p V ssh host`` as one line."""
    return _CONTINUATION.sub(lambda m: " " * len(m.group()), text)


# --- refinements ---------------------------------------------------------------------------------

#: First and last name parts that make a flag a switch or name where its value comes from.
_SWITCH_HEADS = frozenset("no skip ask prompt disable enable use allow require show print generate".split())
_SWITCH_TAILS = frozenset("stdin file path dir env from fd helper command cmd script length len".split())
_BOOLS = frozenset(("true", "false", "yes", "no", "on", "off", "null", "none", "-", ""))


def _unq(text: str, s: int, e: int) -> tuple[int, int]:
    if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
        return s + 1, e - 1
    return s, e


def _secret_name(name: str) -> bool:
    parts = key_parts(name)
    return bool(parts) and parts[0] not in _SWITCH_HEADS and parts[-1] not in _SWITCH_TAILS and key_score(name) >= 2


def _value(text: str, s: int, e: int) -> tuple[int, int] | None:
    s, e = _unq(text, s, e)
    v = text[s:e]
    if v.lower() in _BOOLS or v.startswith(("-", "/", "~", "./", "$(", "${", "<")):
        return None
    return vet_value(text, s, e, 2, quoted=False)


def _refine_named(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return _value(text, *m.span("v")) if _secret_name(m.group("k").lstrip("-")) else None


#: Authorization schemes: the credential follows the scheme word.
_SCHEME = re.compile(r"(?:bearer|basic|token|apikey|digest)[ \t]{1,4}", re.I)


def _refine_item(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The flag's item opens its line (only blanks before the dash)."""
    ls = text.rfind("\n", 0, m.start()) + 1
    return _refine_named(m, text) if not text[ls:m.start()].strip(" \t") else None


def _refine_header(m: re.Match[str], text: str) -> tuple[int, int] | None:
    name, h = m.group("k"), m.start()
    if h and not (text[h - 1] in " \t\n" or text[max(0, h - 8):h] == "request_" and (h == 8 or text[h - 9] in " \t\n")):
        return None  # the directive opens its words: header, header_up, request_header (not add_header)
    s, e = _unq(text, *m.span("v"))
    if name.lower() in ("authorization", "proxy-authorization"):
        sm = _SCHEME.match(text, s, e)
        if sm is None:
            return None
        s = sm.end()
    elif not _secret_name(name):
        return None
    return _value(text, s, e)


def _refine_redis(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("b") if m.start("b") >= 0 else m.span("a")
    return _value(text, s, e)


#: The words of an Erlang VM's command line (one must be on the line of an ``-APP KEY V`` argument).
_ERLANG_LINE = re.compile(r"\bbeam(?:\.smp)?\b|\berl(?:exec)?\b|(?<![\w-])-(?:rabbit|kernel|mnesia|emqx|couch)[ \t]")


def _refine_erlang(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The key is a secret's and holds an underscore or is a plain secret word; the line is an Erlang VM's."""
    k = m.group("k")
    if "_" not in k and k not in ("password", "secret", "cookie", "token"):
        return None
    ls = text.rfind("\n", 0, m.start()) + 1
    if _ERLANG_LINE.search(text, ls, m.start()) is None:
        return None
    return _refine_named(m, text)


def _refine_haproxy(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if m.start("k") >= 0:
        return _refine_named(m, text)
    if m.start("k2") >= 0:
        return _value(text, *m.span("v2")) if _secret_name(m.group("k2").rsplit(".", 1)[-1]) else None
    name, span = m.group("k3"), m.span("v3")
    if name.lower() in ("authorization", "proxy-authorization"):
        return None  # the bearer and basic rows read a scheme and its credential
    return _value(text, *span) if _secret_name(name) else None


#: An unquoted operand that is another variable: ``ngx.var.expected``, ``req.http.x_token``.
_ATTR_OPERAND = re.compile(r"[a-z_][a-z0-9_]{0,40}(?:\.[a-z_][a-z0-9_-]{0,40}){1,6}", re.I)


def _refine_compared(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return None if _ATTR_OPERAND.fullmatch(m.group("v")) else _refine_named(m, text)


def _refine_plain(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return _value(text, *m.span("v"))


_LINK_VAR = re.compile(r"\$(?:\{[a-z_][a-z0-9_]{0,60}\}|[a-z_][a-z0-9_]{0,60})", re.I)


def _refine_secure_link(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The longest literal run of the expression that is no variable (``$uri``, ``${remote_addr}``)."""
    s, e = m.span("v")
    best: tuple[int, int] | None = None
    pos = s
    for vm in [*_LINK_VAR.finditer(text, s, e), None]:
        end = e if vm is None else vm.start()
        for w in re.finditer(r"[^\s:]{6,}", text[pos:end]):
            ws, we = pos + w.start(), pos + w.end()
            if best is None or we - ws > best[1] - best[0]:
                best = (ws, we)
        pos = e if vm is None else vm.end()
    return None if best is None else vet_value(text, *best, 2, quoted=False)


_SUBST_LAST = re.compile(r"(?:\\n|[ \t])(?P<v>[^\s\\\"')]{1,256})[\"']?[ \t]{0,4}\)$")


def _refine_subst(m: re.Match[str], text: str) -> tuple[int, int] | None:
    lm = _SUBST_LAST.search(text, m.start("b"), m.end())
    return None if lm is None else _value(text, *lm.span("v"))


# --- rows ----------------------------------------------------------------------------------------

_ITEM_VALUE = r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'#\[\]{},]{1,256})"
_FLAG_NAME = r"(?P<k>--?[a-z][a-z0-9]{0,30}(?:[-_.][a-z0-9]{1,30}){0,5})"

OPERATOR_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "argv-list-flag",
        "a container's or task's YAML argument list: a secret's flag one item, its value the next"
        " (- --auth-token / - V)",
        P(r"-[ \t]{1,4}[\"']?" + _FLAG_NAME + r"[\"']?[ \t]{0,4}\r?\n[ \t]{0,40}-[ \t]{1,4}" + _ITEM_VALUE
          + r"[ \t]{0,4}(?=\r?\n|\Z)", re.I),
        keywords=("- --", "- \"-", "- '-", "- -"),
        refine=_refine_item,
        examples=(ex("  - args:\n    - --auth-token\n    - {}\n", tok(ALNUM, 20)),
                  ex("    args:\n    - -token\n    - {}\n", tok(ALNUM, 20))),
        near_misses=("    - --port\n    - \"8080\"\n", "    - --password-file\n    - /run/secrets/pw\n",
                     "    - --token\n    - $(API_TOKEN)\n", "- -\n- x\n"),
    ),
    SecretRule(
        "exec-form-flag",
        "an exec-form argument list: a secret's one-dash flag one string and its value the next"
        " ([\"/app\", \"-password\", \"V\"], one item a line in docker inspect); two-dash flags are read"
        " by the command-line stage",
        P(r"\"(?P<k>-[a-z][a-z0-9]{0,30}(?:[-_.][a-z0-9]{1,30}){0,5})\"[ \t]{0,4},[ \t]{0,4}(?:\r?\n[ \t]{0,40})?"
          r"\"(?P<v>[^\"\r\n]{1,256})\"(?=[ \t]{0,4}[,\]\r\n])", re.I),
        keywords=("\"-",),
        refine=_refine_named,
        examples=(ex('    command: ["/app", "-password", "{}"]', tok(ALNUM, 14)),),
        near_misses=('["-token", "$(TOKEN)"]', '["-port", "8080"]', '["-c", "echo hi"]'),
    ),
    SecretRule(
        "named-param-default",
        "a parameter list item named like a secret and its literal default (Tekton, Argo, Actions inputs)",
        P(r"-[ \t]{1,4}name:[ \t]{0,4}[\"']?(?P<k>[a-z][\w.-]{0,80})[\"']?[ \t]*\r?\n"
          r"(?:[ \t]{2,40}(?!default:)[a-z][\w-]{0,30}:[^\n]{0,200}\n){0,6}"
          r"[ \t]{2,40}(?:default|defaultvalue):[ \t]{0,4}" + _ITEM_VALUE + r"[ \t]*(?=\r?\n|\Z)", re.I),
        keywords=("default:", "defaultvalue:"),
        refine=_refine_named,
        examples=(ex("  - name: db-password\n    type: string\n    default: {}\n", tok(ALNUM, 14)),),
        near_misses=("  - name: region\n    default: eu-west-1\n", "  - name: db-password\n    default: \"\"\n"),
    ),
    SecretRule(
        "header-directive",
        "a header a proxy sets, named like a secret, then its value (Caddy header, header_up, request_header)",
        P(r"header(?:_up|_down)?[ \t]{1,8}[+>]?(?P<k>[A-Za-z][\w-]{1,60})[ \t]{1,8}"
          r"(?P<v>\"[^\"\r\n]{1,512}\"|[^\s\"{}]{1,512})[ \t]*(?=\r?\n|\Z|;)"),
        keywords=("header",),
        refine=_refine_header,
        examples=(ex("    header X-Internal-Key {}\n", tok(ALNUM, 20)),
                  ex('    header_up Authorization "Bearer {}"\n', tok(ALNUM, 24))),
        near_misses=("    header X-Frame-Options DENY\n", "    header_up X-Real-IP {remote_host}\n",
                     "    header_up Authorization {http.request.header.Authorization}\n"),
    ),
    SecretRule(
        "redis-auth-command",
        "the AUTH command typed after a Redis client's flags: redis-cli -h H AUTH [USER] V",
        P(r"(?:redis|valkey|keydb)-cli\b[^\n|;&]{0,160}?[ \t](?i:auth)[ \t]{1,4}(?P<a>[^\s|;&]{1,256})"
          r"(?:[ \t]{1,4}(?P<b>[^\s|;&]{1,256}))?[ \t]*(?=\r?\n|\Z|[|;&])"),
        keywords=("redis-cli", "valkey-cli", "keydb-cli"),
        refine=_refine_redis,
        examples=(ex("redis-cli -h cache-02 -p 6379 AUTH default {}", tok(ALNUM, 16)),
                  ex("redis-cli -h cache AUTH {}", tok(ALNUM, 16))),
        near_misses=("redis-cli -h cache info", "redis-cli --no-auth-warning -h cache ping"),
    ),
    SecretRule(
        "erlang-vm-arg",
        "an Erlang VM's application environment on its command line: beam.smp ... -rabbit default_pass V",
        P(r"-(?<![\w-]-)(?P<app>[a-z][a-z0-9_]{1,40})[ \t]{1,4}(?P<k>[a-z][a-z0-9_]{1,60})[ \t]{1,4}"
          r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|<<\"[^\"\r\n]{1,256}\">>|[^\s\"'-][^\s\"']{0,255})"),
        keywords=("beam", "erl ", "erlexec", "-rabbit "),
        refine=_refine_erlang,
        examples=(ex("beam.smp -- -rabbit default_user admin -rabbit default_pass {}", tok(ALNUM, 14)),),
        near_misses=("beam.smp -- -rabbit default_user admin -kernel inet_dist_listen_min 25672",),
    ),
    SecretRule(
        "nginx-secure-link",
        "the literal part of nginx's secure_link_md5 expression, and secure_link_secret WORD",
        P(r"secure_link_(?:md5[ \t]{1,8}\"(?P<v>[^\"\r\n]{1,512})\"|secret[ \t]{1,8}(?P<w>[^\s;]{1,256}))"),
        keywords=("secure_link_md5", "secure_link_secret"),
        refine=lambda m, text: (_refine_secure_link(m, text) if m.start("v") >= 0
                                else vet_value(text, *m.span("w"), 2, quoted=False)),
        examples=(ex('    secure_link_md5 "$secure_link_expires$uri {}";', tok(ALNUM, 16)),
                  ex("    secure_link_secret {};", tok(ALNUM, 16))),
        near_misses=('    secure_link_md5 "$secure_link_expires$uri$remote_addr";',),
    ),
    SecretRule(
        "etcd-user-add",
        "etcdctl user add NAME:V",
        P(r"etcdctl\b[^\n|;&]{0,200}?[ \t]user[ \t]{1,4}add[ \t]{1,4}[^\s:]{1,64}:(?P<v>[^\s|;&]{1,256})"),
        keywords=("etcdctl",),
        refine=_refine_plain,
        examples=(ex("etcdctl user add app:{}", tok(ALNUM, 14)),),
        near_misses=("etcdctl user add app", "etcdctl user add app --interactive=false"),
    ),
    SecretRule(
        "mail-relay-service-line",
        "Postfix sasl_passwd lines with a service port ([relay]:submission user:V) or a sender key"
        " (@example.com user:V) in a text about SASL",
        P(r"(?m)^[ \t]{0,8}(?:\[[a-z0-9.-]{1,253}\]:(?:submissions?|smtps?)|@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8})"
          r"[ \t]{1,16}[^\s:|/\[\]]{1,128}:(?P<v>[^\s]{1,256})[ \t]*(?=\r?\n|\Z)"),
        keywords=("]:submission", "]:smtp", "sasl"),
        on_lower=True,
        refine=lambda m, text: (_refine_plain(m, text) if text[m.start():m.end()].lstrip()[:1] == "["
                                or "sasl" in text.lower() else None),
        examples=(ex("[mail.example.com]:submission relay@example.com:{}\n", tok(ALNUM, 14)),),
        near_misses=("[mail.example.com]:submission relay@example.com\n",),
    ),
    SecretRule(
        "auth-file-substitution",
        "a credential file given as a process substitution: openvpn --auth-user-pass <(printf \"%s\\n\" USER V)",
        P(r"--auth-user-pass[ \t]{1,4}<\((?P<b>[ \t]{0,4}(?:printf|echo)[ \t][^)\n]{1,300})\)"),
        keywords=("--auth-user-pass",),
        refine=_refine_subst,
        examples=(ex('openvpn --config c.ovpn --auth-user-pass <(printf "%s\\n" vpnuser {})', tok(ALNUM, 14)),),
        near_misses=("openvpn --config c.ovpn --auth-user-pass creds.txt",),
    ),
    SecretRule(
        "named-call-default",
        "a build parameter declared by a call, named like a secret, and its literal default: Jenkins"
        " password(name: 'DB_PASS', defaultValue: 'V'), string(name: 'API_TOKEN', defaultValue: 'V')",
        P(r"name:[ \t]{0,4}(?P<q>[\"'])(?P<k>[a-z][\w.-]{0,80})(?P=q)[ \t]{0,4},[^)\n]{0,120}?"
          r"(?<![\w.])(?:defaultvalue|value):[ \t]{0,4}(?P<r>[\"'])(?P<v>[^\"'\r\n]{1,256})(?P=r)", re.I),
        keywords=("defaultvalue:",),
        refine=_refine_named,
        examples=(ex("  password(name: 'DB_PASS', defaultValue: '{}', description: 'db')", tok(ALNUM, 14)),),
        near_misses=("  string(name: 'REGION', defaultValue: 'eu-west-1')",
                     "  password(name: 'DB_PASS', defaultValue: '', description: 'db')"),
    ),
    SecretRule(
        "named-element-default",
        "a job's parameter in XML, named like a secret, and its default: <name>DB_PASS</name> <defaultValue>V",
        P(r"<name>(?P<k>[a-z][\w.-]{0,80})</name>\s{0,40}(?:<description>[^<]{0,300}</description>\s{0,40})?"
          r"<defaultvalue>(?P<v>[^<\r\n]{1,256})</defaultvalue>", re.I),
        keywords=("<defaultvalue>",),
        refine=_refine_named,
        examples=(ex("    <name>DB_PASS</name>\n    <defaultValue>{}</defaultValue>", tok(ALNUM, 14)),),
        near_misses=("    <name>BRANCH</name>\n    <defaultValue>main</defaultValue>",),
    ),
    SecretRule(
        "variable-compared-literal",
        "a server config comparing a variable named like a secret to a literal: nginx if ($arg_token != \"V\"),"
        " if ($http_x_api_key = \"V\")",
        P(r"(?:\(\$|ngx\.var\.)(?:http_|arg_|cookie_)?(?P<k>[a-z_][a-z0-9_]{1,60})[ \t]{0,4}[!~]?(?:={1,3}|~\*?)"
          r"[ \t]{0,4}(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"')]{1,256})(?=[ \t]{0,4}\)|[ \t]{1,4}then\b)",
          re.I),
        keywords=("($", "ngx.var."),
        refine=_refine_compared,
        examples=(ex('    if ($arg_token != "{}") {{ return 403; }}', tok(ALNUM, 16)),),
        near_misses=('    if ($request_method = "POST") { return 405; }', '    if ($http_authorization = "") {',
                     '        if ngx.var.http_x_api_key ~= ngx.var.expected then'),
    ),
    SecretRule(
        "haproxy-secret-match",
        "HAProxy matching or storing a secret's header or variable: acl ok req.hdr(X-Api-Key) -m str V,"
        " http-request set-var(txn.api_key) str(V)",
        P(r"hdr\((?P<k>[a-z][\w-]{1,60})\)(?:[ \t]{1,4}-i)?(?:[ \t]{1,4}-m[ \t]{1,4}(?:str|beg|end|sub|dom|dir))?"
          r"(?:[ \t]{1,4}-i)?[ \t]{1,4}(?P<v>[^\s{}()-][^\s{}()]{0,255})[ \t]*(?=\}|\r?\n|\Z)"
          r"|set-var(?:-fmt)?\([a-z]{2,4}\.(?P<k2>[\w.]{1,60})\)[ \t]{1,4}str\((?P<v2>[^)\s]{1,256})\)"
          r"|(?<=[ \t])hdr[ \t]{1,4}(?P<k3>[a-z][\w-]{1,60})[ \t]{1,4}"
          r"(?P<v3>\"[^\"\r\n]{1,256}\"|[^\s\"]{1,256})", re.I),
        keywords=("hdr(", "set-var(", " hdr "),
        refine=_refine_haproxy,
        examples=(ex("    acl valid_key req.hdr(X-Api-Key) -m str {}", tok(ALNUM, 16)),
                  ex("    http-request set-var(txn.api_key) str({})", tok(ALNUM, 16)),
                  ex("    http-check send meth GET uri /h hdr X-Api-Key {}", tok(ALNUM, 16))),
        near_misses=("    acl is_api req.hdr(host) -m beg api.", "    http-request set-var(txn.path) str(/)",
                     "    http-check send meth GET uri /health hdr Host www.example.com"),
    ),
    SecretRule(
        "nginx-variable-literal",
        "an nginx variable named like a secret set to a literal by njs or Lua: js_var $jwt_secret V;,"
        " set_by_lua $token 'return \"V\"'",
        P(r"(?:js_var|set_by_lua)[ \t]{1,8}\$(?P<k>[a-z_][a-z0-9_]{0,60})[ \t]{1,8}"
          r"(?:'return[ \t]{1,4}\"(?P<w>[^\"\r\n]{1,256})\"'|(?P<v>\"[^\"\r\n]{1,256}\"|[^\s\"';]{1,256}))"
          r"[ \t]{0,4};", re.I),
        keywords=("js_var", "set_by_lua"),
        refine=lambda m, text: (None if not _secret_name(m.group("k")) else
                                _value(text, *m.span("w")) if m.start("w") >= 0 else _refine_named(m, text)),
        examples=(ex("    js_var $jwt_secret {};", tok(ALNUM, 16)),
                  ex("    set_by_lua $token 'return \"{}\"';", tok(ALNUM, 16))),
        near_misses=("    js_var $jwt_secret $arg_secret;", "    js_var $backend upstream_a;"),
    ),
    SecretRule(
        "key-auth-block-key",
        "the key of a gateway's key-auth plugin or credential block (APISIX, Kong): key-auth: / key: V",
        P(r"key[-_]?auth(?:_credentials)?:[ \t]{0,4}\r?\n(?:[ \t]{1,40}-)?[ \t]{1,40}key:[ \t]{0,4}" + _ITEM_VALUE
          + r"[ \t]*(?=\r?\n|\Z)", re.I),
        keywords=("key-auth:", "keyauth:", "key_auth:", "keyauth_credentials:"),
        refine=_refine_plain,
        examples=(ex("      key-auth:\n        key: {}\n", tok(ALNUM, 16)),),
        near_misses=("      key-auth:\n        key: $(API_KEY)\n",),
    ),
    SecretRule(
        "qemu-secret-object",
        "the inline data of a QEMU secret object: -object secret,id=sec0,data=V",
        P(r"-object[ \t]{1,4}secret,(?:[\w-]{1,40}=[^,\s]{0,200},){0,6}data=(?P<v>[^,\s]{1,256})"),
        keywords=("-object secret,",),
        refine=_refine_plain,
        examples=(ex("qemu-system-x86_64 -object secret,id=vnc0,data={}", tok(ALNUM, 16)),),
        near_misses=("qemu-system-x86_64 -object secret,id=vnc0,file=/run/vnc.pw",),
    ),
)

#: Command-line tools the table of secret_cli_tools lacks (read by secret_cli with the others).
OPS_CLI_TOOLS: tuple[CliTool, ...] = (
    CliTool("iex", flags=("--cookie",)),  # Elixir: iex --sname dev --cookie V
    CliTool("elixir", flags=("--cookie",)),
    CliTool("mycli", flags=("-p", "--password")),  # the MySQL-family clients take -p V
    CliTool("gobuster", flags=("-P", "--password")),
    # az sql|postgres|mysql|mariadb server create -u U -p V (elsewhere az's -p is --parameters)
    *(CliTool(f"az {db}", flags=("-p", "--admin-password")) for db in ("sql server", "postgres", "mysql", "mariadb")),
    CliTool("cf set-env", positional=3, keyed=True),  # cf set-env APP NAME VALUE
    CliTool("doppler secrets set", positional=2, keyed=True),  # doppler secrets set NAME VALUE
    CliTool("netlify env:set", positional=2, keyed=True),  # netlify env:set NAME VALUE
    CliTool("net rpc password", positional=2, valued=("-U", "-S", "-W", "-I", "--user", "--server")),  # USER NEWPASS
    # smbclient //server/share PASSWORD -U user: the password is the second positional
    CliTool("smbclient", positional=2, valued=("-U", "--user", "-L", "--list", "-W", "--workgroup", "-I", "-p",
                                               "--port", "-A", "--authentication-file", "-m", "-n", "-O", "-R",
                                               "-s", "-t", "-T", "-D", "--directory", "-c", "--command", "-d",
                                               "--debuglevel", "-M", "-b", "-l", "-E", "--max-protocol")),
)
