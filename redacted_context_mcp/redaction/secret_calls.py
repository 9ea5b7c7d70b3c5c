"""Context rows for secrets passed as literal arguments of well-known calls.

- ``connect-call``: the positional password of well-known connect, login and signing
  calls (:data:`CALL_ARGS`: ``new mysqli(h, u, 'v')``, ``ftp_login(c, u, 'v')``,
  ``jwt.sign(payload, 'v')``, ``DBI->connect(dsn, u, 'v')``...); a plain ``connect(``
  takes any later literal argument that reads machine-made (the password's position
  differs between client libraries);
- ``chararray-literal``: a machine-made literal turned into a ``char[]`` (``"v".toCharArray()``),
  the way Java hands passwords to key stores and credentials;
- ``encoded-userinfo``: ``btoa("user:v")`` / ``b64encode(b"user:v")``, Basic auth built in code.

Imports: redaction.secret_kit, redaction.secret_refine, redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok, trie
from redacted_context_mcp.redaction.secret_refine import vet_value
from redacted_context_mcp.redaction.secret_values import looks_generated

#: Connect, login and signing calls (lower-case name, receiver included where the name alone is too
#: common) and the 1-based index of the argument that is the password; 0: any literal argument after
#: the first that reads machine-made.
CALL_ARGS: dict[str, int] = {
    "mysqli": 3, "mysqli_connect": 3, "mysql_connect": 3, "mysqli_real_connect": 4, "pdo": 3,
    "getconnection": 3, "ldap_bind": 3, "ftp_login": 3, "ssh2_auth_password": 3, "imap_open": 3,
    "networkcredential": 2, "passwordauthentication": 2, "usernamepasswordcredentials": 2,
    "usernamepasswordauthenticationtoken": 2, "login": 2, "basicauth": 2, "httpbasicauth": 2,
    "setbasicauth": 2, "withbasicauth": 2, "auth_basic": 2, "set_credentials": 2, "smtp_login": 2,
    "set_password": 3, "httpdigestauth": 2, "plaincredentials": 2, "simplecredentials": 2, "plainauth": 3,
    "basicawscredentials": 2, "basicsessioncredentials": 2, "newstaticcredentials": 2,
    "clientsecretcredential": 3, "createcredential": 3, "auth": 2, "changeuserpassword": 2,
    "simple_bind_s": 2, "simple_bind": 2, "bind_s": 2, "logonuser": 3, "createhmac": 2, "secretkeyspec": 1,
    "cookieparser": 1, "pass_": 1, "setpassword": 1, "oci_connect": 2, "oci_pconnect": 2,
    "oci_new_connect": 2, "cx_oracle.connect": 2, "oracledb.connect": 2, "dbi->connect": 3, "sequelize": 3,
    "x509certificate2": 2, "jwt.encode": 2, "jwt.decode": 2, "jwt.sign": 2, "jwt.verify": 2, "connect": 0,
    "credentials": 4,  # sbt: Credentials(realm, host, user, password)
    # Django's user managers: create_user(username, email, password), create_superuser(...) (round 7)
    "create_user": 3, "create_superuser": 3,
    # ClickHouse table functions (round 7): remote('h', db.t, 'user', 'v'), mysql('h', 'db', 't', 'user', 'v'),
    # s3('url', 'key id', 'v', 'CSV')
    "remote": 4, "remotesecure": 4, "mysql": 5, "postgresql": 5, "mongodb": 5, "s3": 3, "s3cluster": 4,
    # microcontroller Wi-Fi (Arduino, ESP8266/ESP32): WiFi.begin(ssid, pass), WiFi.softAP(ssid, pass)
    "wifi.begin": 2, "wifi.softap": 2, "wifimulti.addap": 2,
    # AI SDK clients that take the API key as their first positional argument (round 8):
    # DeepgramClient("v"), TavilyClient("v"), cohere.ClientV2("v"), Exa("v")
    "deepgramclient": 1, "tavilyclient": 1, "asynctavilyclient": 1, "cohere.client": 1, "cohere.clientv2": 1,
    "cohere.asyncclient": 1, "cohere.asyncclientv2": 1, "mistralclient": 1, "exa": 1, "firecrawlapp": 1,
    # round 10, languages: Rust reqwest .basic_auth(u, Some(v)), Perl HTTP::Request ->authorization_basic(u, v),
    # R httr authenticate(u, v), Scala sttp .auth.basic(u, v), Groovy Sql.newInstance(url, u, v, driver),
    # doobie Transactor.fromDriverManager[IO](driver, url, u, v), Julia DBInterface.connect(T, host, u, v; ...),
    # .NET AuthenticationHeaderValue(scheme, v)
    "basic_auth": 2, "authorization_basic": 2, "authenticate": 2, "auth.basic": 2, "sql.newinstance": 3,
    "fromdrivermanager": 4, "dbinterface.connect": 4, "authenticationheadervalue": 2,
    "eredis:start_link": 4,  # Erlang eredis:start_link(Host, Port, Db, Password)
    # a PHP stack trace prints the constructor it called (round 10): #0 …: PDO->__construct('mysql:…', 'u', 'v', Array)
    "pdo->__construct": 3, "mysqli->__construct": 3,
}
#: Calls whose only argument, when they are given one, is the password (Redis ``auth(v)``, Django
#: ``user.set_password(v)``); with more arguments CALL_ARGS says which one.
CALL_SOLE = frozenset({"auth", "set_password"})
_ANY_MAX = 6  # arguments read by a position-free call
# a type argument may stand between the name and its "(": Scala's fromDriverManager[IO](...)
_CALL = P(r"(?:\b|(?<=_))(?P<f>" + trie(CALL_ARGS) + r")(?:\[[a-z0-9_.]{1,30}\])?[ \t]{0,4}\(")
# possessive runs: an argument is read once, left to right (a call in an argument ends the scan)
# a literal may carry one conversion call ("v".toCharArray(), 'v'.encode()) and a b/u prefix
# Rust's Some("v") is the literal itself; Julia's ";" opens the keyword arguments
_ARG = P(r"[ \t\r\n]{0,40}+(?:[bBuU]?+(?:\"(?P<dq>[^\"\r\n]{0,512}+)\"|'(?P<sq>[^'\r\n]{0,512}+)')"
         r"(?:\.[A-Za-z_]{1,20}+\(\))?+[ \t\r\n]{0,40}+"
         r"|[Ss]ome\([ \t]{0,4}+\"(?P<so>[^\"\r\n]{0,512}+)\"[ \t]{0,4}+\)[ \t\r\n]{0,40}+"
         r"|(?P<bare>[^,()\"'\r\n]{0,256}+))(?P<sep>[,;)])")


def _quoted(m: re.Match[str]) -> tuple[int, int]:
    if m.start("dq") >= 0:
        return m.span("dq")
    return m.span("sq") if m.start("sq") >= 0 or "so" not in m.re.groupindex else m.span("so")


def _refine_call(m: re.Match[str], text: str) -> tuple[int, int] | None:
    name = text[m.start("f"):m.end("f")].lower()
    want = CALL_ARGS[name]
    pos = m.end()
    for n in range(1, (want or _ANY_MAX) + 1):
        a = _ARG.match(text, pos)
        if a is None:
            return None
        literal = a.start("dq") >= 0 or a.start("sq") >= 0 or a.start("so") >= 0
        if want == 0:
            if n > 1 and literal:
                s, e = _quoted(a)
                if looks_generated(text[s:e]):
                    return vet_value(text, s, e, 2, quoted=True)
        elif n == want or (n == 1 and a.group("sep") == ")" and name in CALL_SOLE):
            if not literal:
                return None  # a variable: its value is elsewhere
            s, e = _quoted(a)
            return vet_value(text, s, e, 2, quoted=True)
        if a.group("sep") == ")":
            return None
        pos = a.end()
    return None


def _refine_generated(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    return vet_value(text, s, e, 2, quoted=True) if looks_generated(text[s:e]) else None


CALL_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "connect-call",
        "the literal password argument of well-known connect, login and signing calls (CALL_ARGS)",
        _CALL,
        chars="(",
        # backwards "(" then the call's name: led by the literal "(", cheaper than testing every name
        confirm=P(r"\([ \t]{0,4}(?:\][a-z0-9_.]{1,30}\[)?(?:" + trie(f[::-1] for f in CALL_ARGS) + ")"),
        on_lower=True,
        refine=_refine_call,
        examples=(
            ex("$mysqli = new mysqli('localhost', 'shop', '{}', 'shop');", tok(ALNUM, 12)),
            ex('conn = DriverManager.getConnection(url, "app", "{}");', tok(ALNUM, 14)),
            ex("server.login('ops@example.test', '{}')", tok(ALNUM, 12)),
            ex('new NetworkCredential("svc", "{}")', tok(ALNUM, 12)),
            ex('new PasswordAuthentication("app", "{}".toCharArray());', tok(ALNUM, 12)),
            ex('keyring.set_password("svc", "app", "{}")', tok(ALNUM, 12)),
            ex('db.auth("app", "{}")', tok(ALNUM, 12)),
            ex('ClientSecretCredential(tenant_id, client_id, "{}")', tok(ALNUM, 34)),
            ex('credentials += Credentials("Sonatype Nexus", "oss.example.org", "ci", "{}")', tok(ALNUM, 14)),
            ex('smtp.PlainAuth("", "app@example.test", "{}", "smtp.example.test")', tok(ALNUM, 16)),
            ex('jedis.auth("{}");', tok(ALNUM, 14)),
            ex('user.set_password("{}")', tok(ALNUM, 12)),
            ex('conn.simple_bind_s("cn=admin,dc=example,dc=test", "{}")', tok(ALNUM, 12)),
            ex("hmac = crypto.createHmac('sha256', '{}')", tok(ALNUM, 24)),
            ex('new SecretKeySpec("{}".getBytes(), "HmacSHA256")', tok(ALNUM, 24)),
            ex("zf.setpassword(b'{}')", tok(ALNUM, 12)),
            ex("$c = oci_connect('scott', '{}', 'db/XE');", tok(ALNUM, 12)),
            ex('my $dbh = DBI->connect("dbi:Pg:dbname=crm", "app", "{}");', tok(ALNUM, 12)),
            ex("new Sequelize('crm', 'app', '{}', { dialect: 'postgres' })", tok(ALNUM, 12)),
            ex('token = jwt.encode(payload, "{}", algorithm="HS256")', tok(ALNUM, 24)),
            ex("jwt.sign({ sub: id }, '{}', { expiresIn: '1h' })", tok(ALNUM, 24)),
            ex('new X509Certificate2("c.pfx", "{}")', tok(ALNUM, 12)),
            ex('ssh.connect("10.0.0.5", 22, "root", "{}")', tok(ALNUM, 14)),
            ex('pymysql.connect("db", "app", "{}", "crm")', tok(ALNUM, 14)),
            ex('db.changeUserPassword("reporting", "{}")', tok(ALNUM, 12)),
            ex('deepgram = DeepgramClient("{}")', tok("0123456789abcdef", 40)),
            ex("#0 /app/Connector.php(70): PDO->__construct('mysql:host=db', 'shop', '{}', Array)", tok(ALNUM, 14)),
        ),
        near_misses=("mysqli_connect($host, $user, $pass)", "server.login(user, password)", "login()",
                     "new PDO($dsn, 'app', '')",
                     'user.set_password("")', 'db.auth("app", pw)', "oauth('x', 'y')", "jedis.auth(password)",
                     "user.set_password(form.cleaned_data['password'])", "crypto.createHmac('sha256', key)",
                     'jwt.encode(payload, settings.SECRET_KEY, algorithm="HS256")', 'sqlite3.connect("app.db")',
                     'socket.connect(("example.test", 443))', 'connect("db", "replica", "reporting")',
                     'signal.connect(on_saved, "post_save")', 'DeepgramClient(api_key)',
                     'DeepgramClient(os.environ["DEEPGRAM_API_KEY"])'),
    ),
    SecretRule(
        "chararray-literal",
        "a machine-made string literal turned into a char[] (\"v\".toCharArray()), as Java passes passwords",
        P(r"\"(?P<v>[^\"\\\r\n]{8,256}+)\"[ \t]{0,4}\.[ \t]{0,4}tochararray[ \t]{0,4}\("),
        keywords=("tochararray",),
        on_lower=True,
        refine=_refine_generated,
        examples=(ex('ks.load(in, "{}".toCharArray());', tok(ALNUM, 14)),
                  ex('char[] pw = "{}".toCharArray();', tok(ALNUM, 12))),
        near_misses=('for (char c : "hello world".toCharArray())', '"abcdefgh".toCharArray()',
                     'password.toCharArray()'),
    ),
    SecretRule(
        "encoded-userinfo",
        "the password of a user:password pair base64-encoded in code (btoa(\"u:v\"), b64encode(b\"u:v\"))",
        P(r"(?:btoa|b64encode|encodebase64|base64encode|encodetostring)[ \t]{0,4}\([ \t]{0,4}[bu]?"
          r"(?:\"[^\"\s:]{1,128}:(?P<dq>[^\"\s]{1,256})\"|'[^'\s:]{1,128}:(?P<sq>[^'\s]{1,256})')"),
        keywords=("btoa", "b64encode", "base64", "encodetostring"),
        on_lower=True,
        group=("dq", "sq"),
        refine=lambda m, text: vet_value(text, *_quoted(m), 2, quoted=True),
        examples=(ex('"Basic " + btoa("admin:{}")', tok(ALNUM, 12)),
                  ex("base64.b64encode(b'svc:{}')", tok(ALNUM, 12)),
                  ex('Base64.getEncoder().encodeToString("api:{}".getBytes())', tok(ALNUM, 12))),
        near_misses=('btoa(user + ":" + pass)', 'btoa("hello")', "b64encode(b'data')",
                     'btoa("admin:${PASSWORD}")'),
    ),
)
