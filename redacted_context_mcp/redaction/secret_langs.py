"""Context rows for the assignment forms of languages the ``key = value`` grammar does not read (round 10).

Each row is one regex led by a literal, its key name scored by the shared lexicon (secret_keys) and its
value vetted by the shared reference/template rule (secret_values):

- ``lisp-def``: Clojure, Scheme and Emacs Lisp definitions ``(def api-token "v")``, ``(setq x-key "v")``;
- ``edn-keyword``: an EDN/Clojure map entry ``:api-key "v"`` (also an Aero ``#or [#env X "v"]`` default and
  a ``:basic-auth ["user" "v"]`` pair);
- ``r-arrow``: R's ``api_key <- "v"`` (and ``<<-``);
- ``sigil-set``: Tcl ``set name {v}``, nginx/OpenResty ``set $name "v";``; ``elixir-attribute``: an Elixir
  module attribute ``@api_token "v"``; ``define-literal``: Objective-C ``#define kSecret @"v"`` and Erlang
  ``-define(SECRET, <<"v">>)``;
- ``erlang-tuple``: an Erlang ``sys.config`` pair ``{api_key, "v"}`` / ``{default_pass, <<"v">>}``;
- ``vb-as-type``: Visual Basic ``Private Const ApiKey As String = "v"``;
- ``env-fallback``: the literal default of an environment lookup in languages without ``||``/``??``:
  R ``Sys.getenv("X", unset = "v")``, Julia ``get(ENV, "X", "v")``, Dart ``String.fromEnvironment('X',
  defaultValue: 'v')``, OCaml/F# ``getenv "X" |> Option.value ~default:"v"``, Clojure ``(or (System/getenv
  "X") "v")``, Serverless ``${env:X, 'v'}``; Haskell's ``fromMaybe "v" <$> lookupEnv "X"`` (``maybe-env``);
- ``fallback-assigned``: the literal fallback of an expression assigned to a secret-named variable
  (``val jwtSecret = cfg?.getString() ?: "v"``, OCaml ``try ... with Not_found -> "v"``);
- ``option-some``: Rust's ``password: Some("v".into())``;
- ``header-field``: Swift/Objective-C ``setValue("v", forHTTPHeaderField: "X-API-Key")``;
- ``elixir-auth-tuple``: Elixir Req/Tesla ``auth: {:basic, "user:v"}`` / ``{:bearer, "v"}``;
- ``encoded-userinfo-method``: Groovy ``"user:v".bytes.encodeBase64()``;
- ``erlang-cookie``: the distribution cookie of ``vm.args`` / ``erl -setcookie v``;
- :func:`refine_flag_value`: keeps ``-p $PASS`` on a login line readable (a variable, not a password).

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import strip_span, vet_value
from redacted_context_mcp.redaction.secret_values import is_reference

_Q = r"(?:\"(?P<dq>[^\"\r\n]{1,512}+)\"|'(?P<sq>[^'\r\n]{1,512}+)')"
_DQ = r"\"(?P<dq>[^\"\r\n]{1,512}+)\""


def _value(m: re.Match[str]) -> tuple[int, int]:
    for g in ("dq", "sq", "br", "bare"):
        if g in m.re.groupindex and m.start(g) >= 0:
            return m.span(g)
    return -1, -1


def _keyed(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The value when the ``k`` group names a secret."""
    if key_score(text[m.start("k"):m.end("k")]) < 2:
        return None
    s, e = _value(m)
    return vet_value(text, s, e, 2, quoted=m.start("bare") < 0 if "bare" in m.re.groupindex else True)


def _refine_keyword(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if m.start("pair") >= 0 and "auth" in m.group("k"):
        return vet_value(text, *m.span("dq"), 2, quoted=True)  # :basic-auth ["user" "v"]
    return _keyed(m, text)


def refine_flag_value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The ``v`` group of a command-line flag unless it is a variable (``-p $PASS``, ``-p %PASS%``)."""
    s, e = m.span("v")
    if text[s:s + 1] in ("$", "%") and is_reference(text[s:e], quoted=False):
        return None
    return strip_span(text, s, e)


def _line_lead(text: str, i: int) -> str:
    """The text between the start of ``i``'s line and ``i``."""
    return text[text.rfind("\n", 0, i) + 1:i]


def _refine_sigil(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if _line_lead(text, m.start()).strip(" \t"):
        return None  # not a statement of its own: "email me @token 'x'", "reset x 'y'" in prose
    return _keyed(m, text)


def _refine_define(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if text[m.start() - 1:m.start()] not in ("#", "-") or _line_lead(text, m.start() - 1).strip(" \t"):
        return None
    return _keyed(m, text)


#: A declaration that assigns to a name: ``val jwtSecret =``, ``let db_password =``, ``my $token =``.
_ASSIGNED = re.compile(r"[ \t]{0,40}(?:(?:const|val|var|let|final|def|my|our|local|private|static|pub|public)"
                       r"[ \t]{1,4}){0,3}[$@]?(?P<k>[A-Za-z_][A-Za-z0-9_]{0,80})(?:[ \t]{0,4}:[^=\r\n]{1,40})?"
                       r"[ \t]{0,4}:?=(?!=)")


def _refine_fallback_assigned(m: re.Match[str], text: str) -> tuple[int, int] | None:
    ls = text.rfind("\n", 0, m.start()) + 1
    a = _ASSIGNED.match(text, ls, m.start())
    if a is None or key_score(a.group("k")) < 2:
        return None
    return vet_value(text, *_value(m), 2, quoted=True)


def _name_before(text: str, i: int) -> str:
    j = i
    while j > 0 and i - j < 8 and text[j - 1] in " \t":
        j -= 1
    k = j
    while k > 0 and j - k < 80 and (text[k - 1].isalnum() or text[k - 1] in "_."):
        k -= 1
    return text[k:j]


def _refine_arrow(m: re.Match[str], text: str) -> tuple[int, int] | None:
    start = m.start() - 1 if text[m.start() - 1:m.start()] == "<" else m.start()
    name = _name_before(text, start)
    if not name or key_score(name) < 2:
        return None
    return vet_value(text, *_value(m), 2, quoted=True)


#: What may stand between an environment lookup's name and its literal default.
_FALLBACK_MID = re.compile(r"[ \t]{0,4}(?:\)[ \t]{0,4}:[ \t]{0,4}"  # a ternary's else after the lookup
                           r"|,[ \t]{0,4}(?:(?:unset|default(?:value)?|fallback|def)[ \t]{0,4}[=:]"
                           r"[ \t]{0,4})?|\)?[ \t]{0,4}(?:\|>[ \t]{0,4}[a-z_.]{1,40}[ \t]{0,4}){0,3}"
                           r"(?:\|>[ \t]{0,4})?(?:[a-z_]{1,20}\.)?(?:~default:|default(?:value)?[ \t]{1,4}))")


def _refine_fallback(m: re.Match[str], text: str) -> tuple[int, int] | None:
    before = text[max(0, m.start() - 4):m.start()].lower()
    lead = m.group("lead") or ""
    if lead.startswith("ironment"):
        if not before.endswith(("from", "get")):
            return None  # fromEnvironment, GetEnvironmentVariable: not "environment" in prose
    elif not before.endswith("get") and (lead or before[-1:].isalnum() or before[-1:] == "_"):
        return None  # getenv, getenv_opt, or env standing alone (ENV, env:)
    if key_score(text[m.start("k"):m.end("k")]) < 2:
        return None
    mid = m.group("mid").lower()
    if not _FALLBACK_MID.fullmatch(mid):
        if mid.strip(" \t") != ")" or "(or" not in text[max(0, m.start() - 24):m.start()].lower():
            return None  # Clojure's (or (System/getenv "X") "v") is the one bare ")" before a default
    return vet_value(text, *_value(m), 2, quoted=True)


def _refine_some(m: re.Match[str], text: str) -> tuple[int, int] | None:
    j = len(text[:m.start()].rstrip(" \t"))
    if text[j - 1:j] not in (":", "=", "("):
        return None
    name = _name_before(text, j - 1)
    if not name or key_score(name.rsplit(".", 1)[-1]) < 2:
        return None
    return vet_value(text, *_value(m), 2, quoted=True)


def _refine_header(m: re.Match[str], text: str) -> tuple[int, int] | None:
    h = m.group("h").lower()
    if h not in ("authorization", "proxy-authorization", "cookie") and key_score(h) < 2:
        return None
    return vet_value(text, *_value(m), 2, quoted=True)


def _refine_userinfo(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = _value(m)
    colon = text.find(":", s, e)
    if m.group("kind") == "basic":
        if colon < 0:
            return None
        s = colon + 1
    return vet_value(text, s, e, 2, quoted=True)


def _refine_cookie(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("bare")
    return vet_value(text, s, e, 2, quoted=False)


_KEY = r"(?P<k>[a-z_][a-z0-9_]{0,80}+)"
_KEBAB = r"(?P<k>[a-z_*][a-z0-9_*+!?.-]{0,80}+)"

LANG_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "lisp-def",
        "a secret-named Lisp definition of a literal: Clojure (def api-token \"v\"), Emacs (setq x-key \"v\")",
        P(r"\((?:def(?:once|var|const|parameter|custom)?|setq(?:-default)?|setf|define)[ \t]{1,4}"
          r"(?:\^:?[a-z-]{1,20}[ \t]{1,4})?" + _KEBAB + r"[ \t\r\n]{1,40}" + _DQ),
        keywords=("(def", "(setq", "(setf"),
        on_lower=True,
        refine=_keyed,
        examples=(ex('(def api-token "{}")', tok(ALNUM, 20)),
                  ex('(setq openai-api-key "{}")', tok(ALNUM, 24)),
                  ex('(defonce ^:private db-password "{}")', tok(ALNUM, 14))),
        near_misses=('(def api-token (System/getenv "API_TOKEN"))', '(def greeting "hello world")',
                     '(defn password-field [form] (text-field form "password"))'),
    ),
    SecretRule(
        "edn-keyword",
        "a secret-named EDN/Clojure keyword then a literal: {:api-key \"v\"}, :secret #or [#env X \"v\"],"
        " :basic-auth [\"user\" \"v\"]",
        P(r":(?<![\w:]:)" + _KEBAB + r"[ \t\r\n,]{1,40}"
          r"(?:#or[ \t]{0,4}\[[ \t]{0,4}#env[ \t]{1,4}[a-z0-9_]{1,80}[ \t]{1,4}"
          r"|(?P<pair>\[)[ \t]{0,4}\"[^\"\r\n]{1,128}\"[ \t,]{1,8})?" + _DQ),
        keywords=(":",),
        chars="\"",
        on_lower=True,
        refine=_refine_keyword,
        examples=(ex('{:db {:user "app" :password "{}"}}', tok(ALNUM, 14)),
                  ex('{:api-key "{}"}', tok(ALNUM, 24)),
                  ex('{:jwt-secret #or [#env JWT_SECRET "{}"]}', tok(ALNUM, 20)),
                  ex('{:basic-auth ["svc" "{}"]}', tok(ALNUM, 14))),
        near_misses=('{:password #env DB_PASSWORD}', '{:api-key (System/getenv "API_KEY")}',
                     '{:password-label "Password"}', ':keys [password user]', '{:password ""}'),
    ),
    SecretRule(
        "r-arrow",
        "a literal assigned to a secret-named variable with R's arrow: api_key <- \"v\"",
        P(r"<-[ \t]{0,8}" + _Q),
        keywords=("<-",),
        on_lower=True,
        refine=_refine_arrow,
        examples=(ex('api_key <- "{}"', tok(ALNUM, 24)), ex("db_password <<- '{}'", tok(ALNUM, 14))),
        near_misses=('api_key <- Sys.getenv("API_KEY")', 'title <- "Quarterly report"', 'token <- ""'),
    ),
    SecretRule(
        "sigil-set",
        "a secret-named set statement of its own line: Tcl set name {v}, nginx/OpenResty set $name \"v\";",
        P(r"set[ \t]{1,4}\$?" + _KEY + r"[ \t]{1,8}(?:" + _Q + r"|\{(?P<br>[^{}\s]{1,512}+)\}"
          r"|(?P<bare>[^\s\"'{};$@<][^\s\"';]{0,255}+)[ \t]{0,4};?[ \t]{0,8}(?=\r?\n|$))"),
        keywords=("set ",),
        on_lower=True,
        refine=_refine_sigil,
        examples=(ex("set api_token {{}}", tok(ALNUM, 20)),
                  ex('set $api_secret "{}";', tok(ALNUM, 18)),
                  ex("set $jwt_secret {};", tok(ALNUM, 20))),
        near_misses=('set password [gets stdin]', 'set $token $http_x_token;', 'reset api_token "x1y2z3w4v5"'),
    ),
    SecretRule(
        "elixir-attribute",
        "a literal given to a secret-named Elixir module attribute on its own line: @api_token \"v\"",
        P(r"@" + _KEY + r"[ \t]{1,8}" + _Q),
        keywords=("@",),
        chars="\"'",
        on_lower=True,
        refine=_refine_sigil,
        examples=(ex('  @api_token "{}"', tok(ALNUM, 20)),),
        near_misses=('@doc "Returns the token"', 'contact @token "maintainers"', '@api_token System.get_env("X")'),
    ),
    SecretRule(
        "define-literal",
        "a secret-named macro defined as a literal: #define kAPISecret @\"v\", Erlang -define(SECRET, <<\"v\">>)",
        P(r"define(?:[ \t]{1,8}|\([ \t]{0,4})" + _KEY + r"(?:[ \t]{0,4},[ \t]{0,8}|[ \t]{1,8})(?:@|<<)?" + _Q),
        keywords=("#define", "-define("),
        on_lower=True,
        refine=_refine_define,
        examples=(ex('#define kAPISecret @"{}"', tok(ALNUM, 20)),
                  ex('-define(SECRET, <<"{}">>).', tok(ALNUM, 20))),
        near_misses=('#define kAPIBasePath @"/v1/"', '#define API_KEY_LENGTH 32', '-define(TOKEN_TTL, 3600).'),
    ),
    SecretRule(
        "erlang-tuple",
        "a secret-named atom paired with a literal in an Erlang term: {api_key, \"v\"}, {default_pass, <<\"v\">>}",
        P(r"\{[ \t]{0,8}:?" + _KEY + r"[ \t]{0,8},[ \t\r\n]{0,40}(?:<<)?" + _DQ),
        keywords=("{",),
        chars=",",
        on_lower=True,
        refine=_keyed,
        examples=(ex('{my_app, [{api_key, "{}"}]}', tok(ALNUM, 24)),
                  ex('{rabbit, [{default_pass, <<"{}">>}]}', tok(ALNUM, 14))),
        near_misses=('{db_password, {env, "DB_PASSWORD"}}', '{password_field, "Password"}', '{key, ""}'),
    ),
    SecretRule(
        "vb-as-type",
        "a literal given to a secret-named Visual Basic declaration: Private Const ApiKey As String = \"v\"",
        P(r" as[ \t]{1,8}[a-z_][a-z0-9_.]{0,40}[ \t]{0,8}=[ \t]{0,8}" + _DQ),
        keywords=(" as ",),
        chars="=",
        on_lower=True,
        refine=lambda m, text: (vet_value(text, *_value(m), 2, quoted=True)
                                if key_score(_name_before(text, m.start())) >= 2 else None),
        examples=(ex('Private Const ApiKey As String = "{}"', tok(ALNUM, 20)),
                  ex('Public Shared ReadOnly ClientSecret As String = "{}"', tok(ALNUM, 24))),
        near_misses=('Dim password As String = txtPassword.Text', 'Const Title As String = "Report"'),
    ),
    SecretRule(
        "env-fallback",
        "the literal default of a secret-named environment lookup: Sys.getenv(\"X\", unset = \"v\"),"
        " get(ENV, \"X\", \"v\"), ~default:\"v\", ${env:X, 'v'}",
        P(r"env(?P<lead>ironment(?:variable)?|_opt)?[ \t]{0,4}[(,:\[ ][ \t]{0,4}"
          r"[\"']?" + _KEY + r"[\"']?+\]?(?P<mid>[^\"'\r\n(]{0,120}?)" + _Q),
        keywords=("getenv", "fromenvironment", "getenvironmentvariable", "env"),
        chars="\"'",
        on_lower=True,
        refine=_refine_fallback,
        examples=(ex('token = Sys.getenv("API_TOKEN", unset = "{}")', tok(ALNUM, 20)),
                  ex('token = get(ENV, "API_TOKEN", "{}")', tok(ALNUM, 20)),
                  ex("String.fromEnvironment('API_SECRET', defaultValue: '{}')", tok(ALNUM, 20)),
                  ex('let pw = Sys.getenv_opt "DB_PASSWORD" |> Option.value ~default:"{}"', tok(ALNUM, 14)),
                  ex('(def db-password (or (System/getenv "DB_PASSWORD") "{}"))', tok(ALNUM, 14)),
                  ex("  apiKey: ${env:API_KEY, '{}'}", tok(ALNUM, 20))),
        near_misses=('Sys.getenv("API_TOKEN")', 'Sys.getenv("HOME", unset = "/tmp")',
                     "String.fromEnvironment('API_SECRET')", 'env API_TOKEN=x ./run "arg"',
                     'Sys.getenv("DB_PASSWORD") # "see the wiki"'),
    ),
    SecretRule(
        "maybe-env",
        "Haskell's literal default before an environment lookup: fromMaybe \"v\" <$> lookupEnv \"API_TOKEN\"",
        P(r"frommaybe[ \t]{1,4}" + _DQ + r"[ \t]{0,4}(?:<\$>|\.|`fmap`)[ \t]{0,4}(?:lookupenv|getenv)[ \t]{1,4}"
          r"\"" + _KEY + "\""),
        keywords=("frommaybe",),
        chars="\"",
        on_lower=True,
        refine=_keyed,
        examples=(ex('token <- fromMaybe "{}" <$> lookupEnv "API_TOKEN"', tok(ALNUM, 20)),),
        near_misses=('port <- fromMaybe "8080" <$> lookupEnv "PORT"', 'fromMaybe "" <$> lookupEnv "API_TOKEN"'),
    ),
    SecretRule(
        "fallback-assigned",
        "the literal fallback of an expression assigned to a secret-named variable: val jwtSecret = cfg?.get()"
        " ?: \"v\", let pw = try getenv \"X\" with Not_found -> \"v\"",
        P(r"(?:\?:|\?\?|\|\|| or|->)[ \t]{1,4}" + _Q + r"[ \t]{0,4}[;)]{0,2}[ \t]{0,4}(?=\r?\n|$)"),
        keywords=("?:", "??", "||", "->", "or '", 'or "'),
        chars="=",
        on_lower=True,
        refine=_refine_fallback_assigned,
        examples=(ex('val jwtSecret = config.propertyOrNull("jwt.secret")?.getString() ?: "{}"', tok(ALNUM, 20)),
                  ex('let db_password = try Sys.getenv "DB_PASSWORD" with Not_found -> "{}"', tok(ALNUM, 14))),
        near_misses=('val port = config.propertyOrNull("port")?.getString() ?: "8080"',
                     'val jwtSecret = cfg.get("jwt") ?: ""', 'when (x) { 1 -> "one" }'),
    ),
    SecretRule(
        "option-some",
        "a literal wrapped in Rust's Some(...) given to a secret-named field: password: Some(\"v\".into())",
        P(r"some\([ \t]{0,4}" + _DQ),
        keywords=("some(",),
        on_lower=True,
        refine=_refine_some,
        examples=(ex('RedisConnectionInfo { db: 0, password: Some("{}".into()) }', tok(ALNUM, 14)),
                  ex('let api_key = Some("{}");', tok(ALNUM, 24))),
        near_misses=('password: Some(pw)', 'name: Some("primary".into())', 'password: None'),
    ),
    SecretRule(
        "header-field",
        "a literal set on a secret-named HTTP header the Apple way: setValue(\"v\", forHTTPHeaderField: \"X-API-Key\")",
        P(r"(?:set|add)value[ \t]{0,4}[(:][ \t]{0,4}@?" + _DQ + r"[ \t]{0,4},?[ \t]{0,4}forhttpheaderfield[ \t]{0,4}:"
          r"[ \t]{0,4}@?\"(?P<h>[^\"\r\n]{1,64}+)\""),
        keywords=("forhttpheaderfield",),
        chars="\"",
        on_lower=True,
        refine=_refine_header,
        examples=(ex('request.addValue("{}", forHTTPHeaderField: "X-API-Key")', tok(ALNUM, 24)),
                  ex('[req setValue:@"{}" forHTTPHeaderField:@"X-Auth-Token"];', tok(ALNUM, 24))),
        near_misses=('request.setValue("application/json", forHTTPHeaderField: "Content-Type")',
                     'request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")'),
    ),
    SecretRule(
        "elixir-auth-tuple",
        "Elixir's auth tuple of an HTTP client: auth: {:basic, \"user:v\"}, {:bearer, \"v\"}",
        P(r"\{[ \t]{0,4}:(?P<kind>basic|bearer|token)[ \t]{0,4},[ \t]{0,4}" + _DQ),
        keywords=(":basic", ":bearer", ":token"),
        on_lower=True,
        refine=_refine_userinfo,
        examples=(ex('Req.get!(url, auth: {:basic, "svc:{}"})', tok(ALNUM, 14)),
                  ex('Req.new(auth: {:bearer, "{}"})', tok(ALNUM, 24))),
        near_misses=('Req.get!(url, auth: {:bearer, token})', 'auth: {:basic, "#{user}:#{pass}"}'),
    ),
    SecretRule(
        "encoded-userinfo-method",
        "the password of a user:password literal base64-encoded by a method call: \"u:v\".bytes.encodeBase64()",
        P(r"\"[^\"\s:]{1,128}:(?P<dq>[^\"\s]{1,256}+)\"[ \t]{0,4}\.[ \t]{0,4}(?:bytes|getbytes\(\)|tobytearray\(\))"
          r"[ \t]{0,4}\.[ \t]{0,4}encodebase64\("),
        keywords=("encodebase64",),
        chars="\"",
        on_lower=True,
        refine=lambda m, text: vet_value(text, *m.span("dq"), 2, quoted=True),
        examples=(ex('"Basic " + "svc:{}".bytes.encodeBase64().toString()', tok(ALNUM, 14)),),
        near_misses=('"${user}:${pass}".bytes.encodeBase64()', '"hello".bytes.encodeBase64()'),
    ),
    SecretRule(
        "erlang-cookie",
        "the Erlang distribution cookie: -setcookie v (vm.args, erl)",
        P(r"-setcookie[ \t]{1,4}(?P<bare>[^\s\"'$%-][^\s\"']{0,255}+)"),
        keywords=("-setcookie",),
        on_lower=True,
        refine=_refine_cookie,
        examples=(ex("-name app@host\n-setcookie {}\n", tok(ALNUM, 20)),
                  ex("erl -sname a -setcookie {} -s app", tok(ALNUM, 20))),
        near_misses=("-setcookie ${RELEASE_COOKIE}", "erl -setcookie $COOKIE"),
    ),
)

__all__ = ["LANG_RULES", "refine_flag_value"]
