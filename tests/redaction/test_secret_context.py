"""The secret context grammar: key names, command lines, credential files, pairs apart, prose.

Every family is a table of (text, secret, what stays visible) run in both modes,
plus near misses that must keep every character and get no SECRET placeholder.
"""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction import secret_context
from redacted_context_mcp.redaction.secret_cli import CLI_TOOLS, find_cli
from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from tests.invariants import invariant

MODES = ("strict", "balanced")
REDACTORS = {mode: make(mode) for mode in MODES}

#: (family, text, secret that must disappear, text that must stay visible)
HITS: list[tuple[str, str, str, str]] = [
    # 0. a value that merely contains a key word is a secret, not a reference
    ("bug-0", "DB_PASSWORD=Password123", "Password123", "DB_PASSWORD=[SECRET_"),
    ("bug-0", "ADMIN_PASSWORD=Whiskey2024", "Whiskey2024", "ADMIN_PASSWORD="),
    ("bug-0", "passwd=Passw0rd", "Passw0rd", "passwd="),
    ("bug-0", "password: donkeykong", "donkeykong", "password:"),
    ("bug-0", "api_token: tokenValue42", "tokenValue42", "api_token:"),
    # 1. command lines, shell histories and ps output
    ("cli", "  512  sshpass -p 'Xk7pq2Lm9' ssh deploy@host", "Xk7pq2Lm9", "sshpass -p"),
    ("cli", "  513  redis-cli -h cache -a s3cr3tRedis ping", "s3cr3tRedis", "-a "),
    ("cli", "mysql -u root -pTopS3cret1 app", "TopS3cret1", "-p"),
    ("cli", "mysql -u root -p TopS3cret1 app", "TopS3cret1", "-p "),
    ("cli", "redis-server --requirepass Sup3rPass9", "Sup3rPass9", "--requirepass"),
    ("cli", "htpasswd -b /etc/nginx/.htpasswd admin Adm1nPass", "Adm1nPass", "htpasswd -b"),
    ("cli", "curl -u admin:Sup3rS3cret https://api.example.com", "Sup3rS3cret", "curl -u"),
    ("cli", "curl --user bob:hunter22x https://x.example", "hunter22x", "--user"),
    ("cli", "wget --password=W3tPass77 ftp://host/file", "W3tPass77", "--password="),
    ("cli", "docker login -u ci -p Dock3rPass registry.example", "Dock3rPass", "docker login"),
    ("cli", "echo 'MyS3cret!' | sudo -S apt update", "MyS3cret!", "sudo -S"),
    ("cli", "echo Pipe5ecret | docker login --password-stdin -u ci", "Pipe5ecret", "--password-stdin"),
    ("cli", "aws configure set aws_secret_access_key wJalrXUtnFEMIK7MDENGbPxRfiCY", "wJalrXUtnFEMIK7MDENGbPxRfiCY",
     "aws_secret_access_key"),
    ("cli", "vault login s.Abc123Def456Ghi789", "s.Abc123Def456Ghi789", "vault login"),
    ("cli", "rclone config create r s3 --s3-secret abc123XYZ", "abc123XYZ", "--s3-secret"),
    ("cli", "tool --api-key Kk88aa99zz --verbose", "Kk88aa99zz", "--api-key"),
    ("cli", "tool --client-secret=cs-12abXY", "cs-12abXY", "--client-secret="),
    ("cli", "root  1234  0.0  0.1 12345 6789 ?  Ssl 10:00 0:01 /usr/bin/mongod --password=M0ngoPw77", "M0ngoPw77",
     "--password="),
    ("cli", "smbclient //srv/share -U alice%W1nPass99", "W1nPass99", "-U alice%"),
    # 2. credential files
    ("credfile", "machine api.example.com login deploy password n3tRcPass", "n3tRcPass", "password "),
    ("credfile", "machine git.example.net\n  login ci\n  password MultiL1nePw\n", "MultiL1nePw", "password "),
    ("credfile", "db.internal:5432:app:app_user:PgP4ssw0rd", "PgP4ssw0rd", ":5432:"),
    ("credfile", "admin:$apr1$abcdefgh$ABCDEFGHIJKLMNOPQRSTUV", "$apr1$abcdefgh$ABCDEFGHIJKLMNOPQRSTUV", "admin:"),
    ("credfile", "https://alice:p@ss:w#rd%40x@git.example.com/repo.git", "p@ss:w#rd%40x", "https://"),
    ("credfile", '{"auths": {"registry.example": {"auth": "dXNlcjpwYXNzd29yZA=="}}}', "dXNlcjpwYXNzd29yZA==",
     '"auth": "'),
    ("credfile", "//registry.npmjs.org/:_authToken=npm_abcdefghij1234", "npm_abcdefghij1234", "_authToken="),
    ("credfile", "_auth=dXNlcjpwYXNz", "dXNlcjpwYXNz", "_auth="),
    ("credfile", "[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmc", "pypi-AgEIcHlwaS5vcmc", "password ="),
    ("credfile", "<server><id>r</id><password>MvnPass123</password></server>", "MvnPass123", "<password>"),
    ("credfile", '<add key="ClearTextPassword" value="NuGetPw123" />', "NuGetPw123", "ClearTextPassword"),
    ("credfile", "[default]\naccess_key = AKIA0000\nsecret_key = S3cfgSecretValue", "S3cfgSecretValue", "secret_key ="),
    ("credfile", "[remote]\ntype = sftp\npass = RcloneObscured1", "RcloneObscured1", "pass ="),
    ("credfile", "Server=tcp:db;Database=app;User Id=sa;Password=My.Pass~w0rd%;Encrypt=true", "My.Pass~w0rd%",
     "Password="),
    ("credfile", "Driver={ODBC};Server=db;Uid=sa;Pwd={br4ced;pw=x};", "br4ced;pw=x", "Pwd={"),
    ("credfile", "jdbc:mysql://db:3306/app?user=app&password=JdbcPw123&ssl=true", "JdbcPw123", "=[SECRET_"),
    ("credfile", "jdbc:oracle:thin:scott/T1gerPw@//db:1521/ORCL", "T1gerPw", "thin:scott/"),
    # 3. key names beyond the suffixes
    ("keys", "DB_PASS=hunter2.prod", "hunter2.prod", "DB_PASS="),
    ("keys", "ADMIN_PW=Adm1nPw99", "Adm1nPw99", "ADMIN_PW="),
    ("keys", "passphrase: Correct.Horse.7", "Correct.Horse.7", "passphrase:"),
    ("keys", "become_pass: B3comePw", "B3comePw", "become_pass:"),
    ("keys", "dbPass: s3cretDbPw", "s3cretDbPw", "dbPass:"),
    ("keys", "clientSecret: cl13ntS3cret", "cl13ntS3cret", "clientSecret:"),
    ("keys", "AWS_SIG=ab12cd34ef56", "ab12cd34ef56", "AWS_SIG="),
    ("keys", "apikey = Ap1KeyValue77", "Ap1KeyValue77", "apikey ="),
    ("keys", "static final String DB_PASS = \"Tr0ub4dor&3\";", "Tr0ub4dor&3", "DB_PASS"),
    ("keys", "const apiKey = 'abcDEF123456ghi';", "abcDEF123456ghi", "apiKey"),
    ("keys", "private const string ClientSecret = \"x9f8e7d6c5\";", "x9f8e7d6c5", "ClientSecret"),
    ("keys", 'pw = os.environ.get("DB_PASSWORD", "fallbackPw1")', "fallbackPw1", "DB_PASSWORD"),
    ("keys", "DB_PASSWORD=${DB_PASSWORD:-Fallb4ck}", "Fallb4ck", "${DB_PASSWORD:-"),
    ("keys", "DB_PASSWORD ?= sup3rs3cret", "sup3rs3cret", "DB_PASSWORD ?="),
    ("keys", "ENV DB_PASSWORD Welcome1x", "Welcome1x", "ENV DB_PASSWORD"),
    ("keys", "ARG NPM_TOKEN=npmTok3nValue", "npmTok3nValue", "ARG NPM_TOKEN="),
    ("keys", 'variable "db" {\n  password = "HclPassw0rd"\n}', "HclPassw0rd", "password ="),
    ("keys", "X-Api-Key: abcdef1234567890", "abcdef1234567890", "X-Api-Key:"),
    ("keys", "X-Auth-Token: t0kenXYZ123456", "t0kenXYZ123456", "X-Auth-Token:"),
    ("keys", "Cookie: session=abc123def456ghi; theme=dark", "abc123def456ghi", "Cookie:"),
    ("keys", "Set-Cookie: sid=S1dValue0987; Path=/; HttpOnly", "S1dValue0987", "Set-Cookie:"),
    ("keys", 'proxy_set_header Authorization "Basic YWxhZGRpbjpvcGVuc2VzYW1l";', "YWxhZGRpbjpvcGVuc2VzYW1l",
     "proxy_set_header Authorization \"Basic "),
    ("keys", "https://x.example.com/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz", "SplxlOBeZQQYbYS6WxSbIA", "=[SECRET_"),
    ("keys", "https://api.example.com/v1?access_token=AcT0ken1234567890", "AcT0ken1234567890", "=[SECRET_"),
    ("keys", "https://b.example.com/o?X-Amz-Signature=0a1b2c3d4e5f60718293a4b5c6d7e8f9",
     "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
     "=[SECRET_"),
    # 5. key and value apart, odd quoting
    ("apart", '<add key="DbPassword" value="Hunter2Pass"/>', "Hunter2Pass", 'key="DbPassword"'),
    ("apart", '{"name": "cookie", "value": "sid=abcdef123456"}', "abcdef123456", '"name": "cookie"'),
    ("apart", '{"name": "Authorization", "value": "Bearer eyAbc123Def456Ghi"}', "eyAbc123Def456Ghi", "Authorization"),
    ("apart", "define('DB_PASSWORD', 'wpPass123');", "wpPass123", "DB_PASSWORD"),
    ("apart", '"db_password": {"value": "TfState123", "type": "string", "sensitive": true}', "TfState123",
     "db_password"),
    ("apart", '"conn": {"sensitive": true, "type": "string", "value": "Server=x;Password=y0"}', "Server=x;Password=y0",
     '"sensitive": true'),
    ("apart", '{"source": ["password=\\"NbPass123\\"\\n"]}', "NbPass123", "password="),
    ("apart", "Name:         app-secret\nType:  Opaque\npassword:        Sup3rSecretVal", "Sup3rSecretVal",
     "password:"),
    ("apart", "- name: DB_PASSWORD\n  value: K8sEnvPw1\n", "K8sEnvPw1", "DB_PASSWORD"),
    ("apart", '{"text": "clone https:\\/\\/deploy:Sl4ckPw99@git.example.com\\/repo"}', "Sl4ckPw99", "https:"),
    ("apart", "CREATE TABLE users (id int, email varchar(255), password_hash varchar(255), api_key text);\n"
     "INSERT INTO users VALUES (1,'a@b.example','$2b$12$abcdefghijklmnopqrstuv','ak_live_123456');",
     "ak_live_123456", "password_hash"),
    ("apart", "CREATE TABLE `t` (`id` int, `token` varchar(64));\n"
     "INSERT INTO `t` (`id`, `token`) VALUES (7,'TkV4lue99x');",
     "TkV4lue99x", "`token`"),
    ("apart", 'variable "db_password" {\n  type    = string\n  default = "Hcl5ecret1"\n}', "Hcl5ecret1", "default ="),
    ("apart", 'variable "conn" {\n  sensitive = true\n  default   = "Server=x;Pwd=y1"\n}', "Server=x;Pwd=y1",
     "sensitive"),
    ("apart", "| Name | Value |\n|---|---|\n| DB_PASSWORD | `Tabl3Pw!` |", "Tabl3Pw!", "| DB_PASSWORD |"),
    # 6. values after password/passcode/PIN in prose, codes next to labels
    ("prose", "The password you sent, Xk7#pq, expired.", "Xk7#pq", "The password you sent"),
    ("prose", "Your password was reset to Spring2021!", "Spring2021", "reset to"),
    ("prose", "the wifi password is Gu3st-Net", "Gu3st-Net", "password is"),
    ("prose", "Meeting ID: 812 3456 7890  Passcode: 482913", "482913", "Meeting ID"),
    ("prose", "Card ending 4242, CVC: 737", "737", "Card ending"),
    ("prose", "Your PIN is 99812.", "99812", "Your"),
    # code, admin scripts and server configs that write a secret without key = value
    ("directive", "  SetEnv MAIL_PASS wintergarden42", "wintergarden42", "SetEnv MAIL_PASS "),
    ("directive", '    AuthBasicProviderPassword "Rq7vLm2xPz"', "Rq7vLm2xPz", "AuthBasicProviderPassword"),
    ("directive", "masterauth 9fGhTq2LpX", "9fGhTq2LpX", "masterauth "),
    ("xml-child", "<DomainPassword>\n  <Value>Tr4vel-Mug-88</Value>\n</DomainPassword>", "Tr4vel-Mug-88", "<Value>"),
    ("env-default", "bind_pw=${LDAP_BIND_PASSWORD:-orchid77bay}", "orchid77bay", "${LDAP_BIND_PASSWORD:-"),
    ("env-default", '@Value("${mail.smtp.password:Harbour4455}")', "Harbour4455", "mail.smtp.password:"),
    ("fallback", "const key = process.env.STRIPE_SECRET ?? 'Kp9wQ2rT7zLm';", "Kp9wQ2rT7zLm", "STRIPE_SECRET ??"),
    ("fallback", 'pw = os.environ.get("REDIS_PASS") or "cobalt-Fern-31"', "cobalt-Fern-31", '"REDIS_PASS") or'),
    ("setter", 'ds.setPassword("meadowLark19");', "meadowLark19", "ds.setPassword("),
    ("setter", "builder.apiKey('Zq81LmX0pR7t')", "Zq81LmX0pR7t", "builder.apiKey("),
    ("connect", "$db = mysqli_connect('db1', 'web', 'Plover2Quay9', 'web');", "Plover2Quay9", "mysqli_connect("),
    ("connect", 'ftp_login($conn, "upload", "Gx7pTq1mWz")', "Gx7pTq1mWz", "ftp_login("),
    ("concat", "headers.Authorization = 'Basic ' + btoa('svc:' + 'Yt5rW8qLx2');", "Yt5rW8qLx2", "btoa("),
    ("concat", 'auth = "AK7731" + ":" + "e0c4b1f9a2d83e7c"', "e0c4b1f9a2d83e7c", '"AK7731"'),
    ("sql", "CREATE USER 'etl'@'10.%' IDENTIFIED BY 'Gannet-Rock-5';", "Gannet-Rock-5", "IDENTIFIED BY"),
    ("sql", "ALTER ROLE reporting WITH PASSWORD 'tulip8Dune';", "tulip8Dune", "WITH PASSWORD"),
    ("powershell", "$s = ConvertTo-SecureString -String 'Quartz!7Lake' -AsPlainText -Force", "Quartz!7Lake",
     "ConvertTo-SecureString"),
    ("cli", r"net use Y: \\nas02\backup /user:LAB\copy Wren4-Sable", "Wren4-Sable", "/user:"),
    ("cli", "net user kiosk K1osk-Pass-7 /add", "K1osk-Pass-7", "net user kiosk"),
    ("cli", "ps: curl -fsS -u ops:mB3.kQ7xT.zz https://status.test/", "mB3.kQ7xT.zz", "-u ops:"),
    ("cli", "set SMTP_PASSWORD=*Lq8-Vn2rTx", "*Lq8-Vn2rTx", "SMTP_PASSWORD="),
    ("prose", "zoom link for friday, passcode 604219", "604219", "passcode"),
    ("prose", "your one-time code 55120934 expires soon", "55120934", "one-time code"),
    ("prose", "card exp 11/28, CVV 907", "907", "exp 11/28"),
    ("prose", 'Passphrase for the backup archive: "Maple1999 River2024!x"', "River2024!x", "for the backup archive"),
    ("keyless", "Recovery key for LAPTOP-3: 301224-551672-092433-710819-486020-203456-611809-094721",
     "551672-092433", "Recovery key"),
    ("apart", "| host | api token | owner |\n|:---|:---:|---|\n| ci | 7c1e9ab04d2f88e3a6b5 | ops |",
     "7c1e9ab04d2f88e3a6b5", "| ci |"),
    ("header", "Set-Cookie: sess=Qm81vXcT0pLz4RaWn2Ke; Path=/; Max-Age=7200; Secure", "Qm81vXcT0pLz4RaWn2Ke",
     "; Path=/; Max-Age=7200; Secure"),
    ("prose", "office wi-fi: visitors / Lantern88cove", "Lantern88cove", "visitors /"),
    ("keyless", "old seed:\nlemon absorb dwarf clerk canal mango attack border dinner amount puzzle glide",
     "dwarf clerk canal", "old seed:"),
]

#: Near misses per family: every character stays and no SECRET placeholder appears.
NEAR_MISSES: list[tuple[str, str]] = [
    ("reference", "password: str"),
    ("reference", "token = None"),
    ("reference", "api_key = os.environ['API_KEY']"),
    ("reference", "password=${DB_PASSWORD}"),
    ("reference", "password = self.password"),
    ("reference", "token = access_token"),
    ("reference", "password = getpass()"),
    ("reference", '"token": "${{ secrets.GH_TOKEN }}"'),
    ("reference", "password: %(db_password)s"),
    ("reference", "password: {{ vault_db_password }}"),
    ("reference", "password: !vault |"),
    ("template", "password: <your-password>"),
    ("template", "password: ****"),
    ("template", "password: changeme"),
    ("template", "api_key: your_api_key_here"),
    ("template", "password="),
    ("template", "DB_PASSWORD=${DB_PASSWORD:-changeme}"),
    ("keys", "max_tokens = 4096"),
    ("keys", "password_field_label = 'Password'"),
    ("keys", "passwordLength: 12"),
    ("keys", "token_count = 512"),
    ("keys", "primary_key=True"),
    ("keys", "sort_key=lambda x: x"),
    ("keys", "keyboard = us"),
    ("keys", "monkey = 3"),
    ("keys", "author: Jane"),
    ("keys", "secret_name: db-creds"),
    ("keys", "token_type: bearer"),
    ("keys", "public_key: ssh-ed25519"),
    ("keys", "key: value"),
    ("keys", "secret_port: 9000"),
    ("keys", "session_timeout: 30m"),
    ("keys", "token_ttl: 3600"),
    ("keys", "key_size: 2048"),
    ("keys", "api_version: 2024-01-01"),
    ("keys", "cookie_secure: true"),
    ("keys", "signing_algorithm: RS256"),
    ("prose", "The word token is overloaded; a secret is anything you would not share."),
    ("prose", "The password is required."),
    ("prose", "Please reset your password to continue."),
    ("prose", "Passwords must be at least 12 characters."),
    ("prose", "shipping 1234 units"),
    ("cli", "mkdir -p build"),
    ("cli", "docker run -p 8080:80 nginx"),
    ("cli", "ssh -p 2222 user@host"),
    ("cli", "echo $PASS | docker login --password-stdin -u ci"),
    ("cli", "mysql --password-file ~/.my.pw app"),
    ("cli", "tool --token $TOKEN"),
    ("cli", "gcc -pthread main.c"),
    ("cli", "sleep 30s && retry --timeout 5m"),
    ("credfile", "12:30:45:10:20"),
    ("credfile", "root:x:0:0:root:/root:/bin/bash"),
    ("credfile", "machine learning models need a password reset"),
    ("credfile", '<add key="Theme" value="dark" />'),
    ("credfile", '{"name": "accept", "value": "text/html"}'),
    ("credfile", "- name: DB_HOST\n  value: db.internal"),
    ("credfile", "https://example.com/?code=200&page=2"),
    ("credfile", "version 1.2.3 released 2024-05-01T10:00:00Z"),
    ("apart", 'variable "region" {\n  default = "eu-west-1"\n}'),
    ("apart", "| Setting | Description |\n|---|---|\n| password | The password of the service account |"),
    ("apart", "| api_key | see vault |"),
    ("apart", 'r"(?:password|token|api-key|secret)"'),
    ("apart", "| name | token type | notes |\n| --- | --- | --- |\n| ci | bearer | rotated monthly |"),
    ("prose", "login is admin / operator in the docs"),
    ("cli", "run `deploy --api-key <your-api-key>` first"),
    ("prose", "    client.login(password=password, session=session)"),
    ("keyless", "signed with key 0x3AA5C34371567BD2, see `git log 4f1c2e9..9ab03d7`"),
    ("keyless", "Change-Id: I0f3a9c1d2b4e6f8a0c2e4a6b8d0f1e3c5a7b9d1f"),
    ("values", "  --secret-gap: 12px;"),
    ("directive", "Password expired"),
    ("directive", "token-based auth"),
    ("directive", "PasswordAuthentication no"),
    ("xml-child", "<Password>\n  <Value>*SENSITIVE*DATA*DELETED*</Value>\n</Password>"),
    ("xml-child", "<password>${env.REPO_PASSWORD}</password>"),
    ("env-default", "${SECRET:-}"),
    ("env-default", "${API_TOKEN:?token is required}"),
    ("env-default", "${DB_PASSWORD:-changeme}"),
    ("fallback", 'const port = process.env.PORT || "3000";'),
    ("setter", 'field.passwordHint("Use 12 characters")'),
    ("connect", "mysqli_connect($host, $user, $password, $db)"),
    ("sql", "ALTER USER app PASSWORD NULL;"),
    ("powershell", "ConvertTo-SecureString $plain -AsPlainText -Force"),
    ("cli", "net user kiosk * /add"),
    ("prose", "see page 120 for the code 42 tests"),
    ("values", "password:      16 bytes"),
    ("keys", "security_question: What was your first car?"),
]


@invariant("OUT-7")
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("family,text,secret,visible", HITS, ids=[f"{h[0]}-{i}" for i, h in enumerate(HITS)])
def test_each_context_secret_is_replaced_and_its_context_stays_readable(mode, family, text, secret, visible):
    out = REDACTORS[mode].redact(text)
    assert secret not in out.text
    assert out.counts.get("SECRET", 0) >= 1
    assert visible in out.text


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("family,text", NEAR_MISSES, ids=[f"{n[0]}-{i}" for i, n in enumerate(NEAR_MISSES)])
def test_each_near_miss_gets_no_secret_placeholder(mode, family, text):
    out = REDACTORS[mode].redact(text)
    assert "SECRET" not in out.counts


@pytest.mark.parametrize("name,score", [
    ("DB_PASSWORD", 2), ("apiKey", 2), ("api_key", 2), ("clientSecret", 2), ("dbPass", 2), ("become_pass", 2),
    ("ADMIN_PW", 2), ("AWS_SIG", 2), ("passphrase", 2), ("x-auth-token", 2), ("_authToken", 2),
    ("ClearTextPassword", 2), ("PASSWORD_PROD", 2), ("password_hash", 2), ("signing_key", 2),
    ("key", 1), ("auth", 1), ("session", 1), ("cookie", 1), ("private", 1),
    ("max_tokens", 0), ("token_count", 0), ("primary_key", 0), ("sort_key", 0), ("keyboard", 0),
    ("password_field_label", 0), ("passwordLength", 0), ("password_policy", 0), ("bypass", 0), ("compass", 0),
    ("author", 0), ("public_key", 0), ("access_key_id", 0), ("secret_name", 0), ("token_url", 0),
])
def test_the_key_lexicon_scores_whole_names_in_every_case_style(name, score):
    assert key_score(name) == score


@pytest.mark.parametrize("value", ["${X}", "$X", "%(x)s", "{{ x }}", "<x>", "$(cat f)", "self.password",
                                   "os.environ['X']", "get_token()", "settings.SECRET_KEY"])
def test_a_value_with_a_reference_syntax_is_a_reference(value):
    assert is_reference(value, quoted=False)


@pytest.mark.parametrize("value", ["Password123", "donkeykong", "Whiskey2024", "s3cr3t.value", "pass-key-token"])
def test_a_value_that_merely_contains_a_key_word_is_not_a_reference(value):
    assert not is_reference(value, quoted=False) and not is_template(value)


@pytest.mark.parametrize("value", ["", "****", "<your-token>", "changeme", "xxx", "your_api_key_here", "...",
                                   "[REDACTED]", "None"])
def test_obvious_templates_are_kept_readable(value):
    assert is_template(value) or is_reference(value, quoted=True)


def _cli_line(tool) -> tuple[str, str]:
    secret = "Cl1Secret9x"
    words = tool.command.split()
    if tool.after:
        return " ".join([*words, tool.after, secret]), secret
    if tool.target:  # impacket: DOMAIN/USER:PASS@HOST
        return " ".join([*words, f"CORP/user:{secret}@host"]), secret
    if tool.pair:  # sapcontrol -user USER PASS
        return " ".join([*words, tool.pair[0], "user", secret]), secret
    if tool.positional:
        args = [f"arg{i}" for i in range(1, tool.positional)]
        if tool.keyed:
            args[-1] = "DB_PASSWORD"  # setx DB_PASSWORD V: the name before the secret must read as a secret's
        flag = [f"-{tool.trigger}"] if tool.trigger else []
        return " ".join([*words, *flag, *args, secret]), secret
    if tool.userinfo:
        sep = "%" if tool.command == "smbclient" else tool.separators[0]
        return " ".join([*words, tool.userinfo[0], f"user{sep}{secret}"]), secret
    if tool.slash:
        f = tool.slash[0]
        named = [tool.named, "DefaultPassword"] if tool.named else []
        return " ".join([*words, *named, f + secret if f.endswith(":") else f"{f} {secret}"]), secret
    if tool.flags[0].endswith(":"):
        return " ".join([*words, tool.flags[0] + secret]), secret
    named = [tool.named, "Env:DB_PASSWORD"] if tool.named else []  # Set-Item -Path Env:DB_PASSWORD -Value V
    return " ".join([*words, *named, tool.flags[0], secret]), secret


@pytest.mark.parametrize("tool", CLI_TOOLS, ids=[f"{t.command}-{i}" for i, t in enumerate(CLI_TOOLS)])
def test_every_command_line_table_row_finds_its_secret_argument(tool):
    line, secret = _cli_line(tool)
    for text in (line, f"  512  {line}", f"root 4242 0.0 0.1 ? Ss 10:00 0:00 /usr/bin/{line}"):
        hits = find_cli(text, text.lower())
        start = text.index(secret)
        assert any(h.start == start and h.end == start + len(secret) for h in hits), text


@pytest.mark.parametrize("line", [
    "SCHTASKS /Create /TN t /RU CORP\\svc /RP Cl1Secret9x",
    "C:\\Windows\\System32\\wbem\\WMIC.exe /node:h /USER:a /PASSWORD:Cl1Secret9x os get caption",
    "xfreerdp3 /u:a /p:\"Cl1Secret9x\" /v:h",
    "runas /user:a \"cmd /c net use \\\\\\\\fs\\\\s Cl1Secret9x /user:CORP\\\\a\"",
])
def test_windows_slash_flags_and_quoted_commands_are_read_without_regard_to_case(line):
    hits = find_cli(line, line.lower())
    start = line.index("Cl1Secret9x")
    assert any(h.start == start and h.end == start + len("Cl1Secret9x") for h in hits), line


@pytest.mark.parametrize("line", [
    "xfreerdp /u:a /v:h /size:1920x1080", "schtasks /query /fo LIST /v", "echo \"use --verbose for details\"",
    "runas /user:a \"notepad C:\\\\notes.txt\"",
])
def test_windows_commands_without_a_password_give_no_hit(line):
    assert find_cli(line, line.lower()) == []


def test_plain_prose_without_cue_words_never_reaches_the_multi_line_grammars(monkeypatch):
    def boom(*_args):
        raise AssertionError("a gated grammar ran")

    monkeypatch.setattr(secret_context, "find_sql_dump", boom)
    monkeypatch.setattr(secret_context, "find_sensitive", boom)
    text = "Quarterly review: revenue grew, the team shipped the new onboarding flow.\n" * 50
    assert secret_context.find_context(text, text.lower()) == []


@pytest.mark.parametrize("text", [
    "PINis 1234", "the CVCwas 123 on the card", "one-time codeis 884422", "Passcodewas 482913",
    "password: Xk7pq2Lm9", "my pin: 4821", "cvc2 = 123", "access code 551234", "pass code: 123456",
    "bypassword 9", "the codec is 1234", "pinned at 1234", "password_hint: x9y8z7",
])
def test_the_prose_cues_read_from_the_word_set_answer_like_the_substring_scans(text):
    from redacted_context_mcp.redaction.secret_dumps import _cued
    from redacted_context_mcp.redaction.textview import letter_words

    low = text.lower()
    words = letter_words(low)
    spans = [[m.span() for m in ms] for ms in _cued(low, words.joined, words.set)]
    assert spans == [[m.span() for m in ms] for ms in _cued(low, words.joined)]


@pytest.mark.parametrize("text", [
    r"net use \\fs01\share Sh4reP4ss /user:corp\svc", "net user bob N3wPass1 /add", "internet users are many",
    "aws configure set aws_secret_access_key wJalrXUtnFEMIK7MDENGbPxRfiCY", "aws configure settings",
    "vault login s.Xk7pq2Lm9Qw3Er5Ty7Ui9Op1", "vault logins today", "  512  net use Z: \\\\srv\\x P4ssw0rd9",
])
def test_the_command_gates_read_from_the_word_set_answer_like_the_substring_scans(text):
    from redacted_context_mcp.redaction.textview import letter_words

    low = text.lower()
    words = letter_words(low)
    assert find_cli(text, low, words.joined, words.set) == find_cli(text, low, words.joined)


@pytest.mark.parametrize("text", [
    "CREATE TABLE users (id int, name text, password_hash text);\nINSERT INTO users VALUES (1, 'ann', 'Xk7pq2Lm9Qw3');",
    "CREATE TABLE users (id int, api_key text);\nINSERT INTO `users` (id, api_key) VALUES (2, 'AbC9xYz8Qw7e');",
    '{"db_password": {"sensitive": true, "value": "Xk7pq2Lm9Qw3"}}',
    "PINis 1234 and the card CVCwas 321", r"net use \\fs01\share Sh4reP4ss /user:corp\svc",
])
def test_an_ascii_text_gets_the_context_hits_it_gets_with_a_non_ascii_tail(text):
    """The ASCII fast paths (word-set lookups) answer like the letter-run view a non-ASCII text uses."""
    tail = "\n# é"
    plain = secret_context.find_context(text, text.lower())
    assert plain == secret_context.find_context(text + tail, (text + tail).lower())
    assert plain  # every sample holds a secret the context grammar finds


@pytest.mark.parametrize("text,secret", [
    ("echo -n 'Xk7pq2Lm9Qw3' | base64", "Xk7pq2Lm9Qw3"),
    ("echo UXo3bVZ0M3BMeA== | base64 -d", "UXo3bVZ0M3BMeA=="),
    ("echo 'Xk7pq2Lm9Qw3' | openconnect --user=ops --passwd-on-stdin vpn.example", "Xk7pq2Lm9Qw3"),
])
def test_a_value_echoed_into_base64_or_a_password_on_stdin_flag_is_a_secret(text, secret):
    hits = find_cli(text, text.lower())
    start = text.index(secret)
    assert any(h.start == start and h.end == start + len(secret) for h in hits)


@pytest.mark.parametrize("text", ['echo "hello world" | base64', "echo $TOKEN | base64 -d", "base64 -d < blob.txt"])
def test_phrases_and_references_piped_into_base64_stay(text):
    assert find_cli(text, text.lower()) == []


@pytest.mark.parametrize("text,secret", [
    ("Hi team, new creds for staging: ops / Qz7mVt3pLx", "Qz7mVt3pLx"),
    ("login with app / Qz7mVt3pLx", "Qz7mVt3pLx"),
    ("wifi in the lab: guest / Wlan2024pw", "Wlan2024pw"),
])
def test_a_user_and_password_pair_after_a_cue_and_a_preposition_is_a_secret(text, secret):
    assert secret not in make("strict").redact(text).text and secret not in make("balanced").redact(text).text


@pytest.mark.parametrize("text", ["login with SSO / SAML only", "creds for staging: see vault / ask ops",
                                  "login to the portal / dashboard"])
def test_words_on_both_sides_of_a_slash_after_a_login_cue_stay(text):
    assert make("strict").redact(text).text == text


@pytest.mark.parametrize("text,secret", [
    ("echo 'Qz7mVt3pLx' | openconnect -u app vpn.example", "Qz7mVt3pLx"),
    ("vncpasswd -f <<< Qz7mVt3pLx > ~/.vnc/passwd", "Qz7mVt3pLx"),
])
def test_a_password_fed_to_a_vpn_or_vnc_client_is_a_secret(text, secret):
    assert secret not in make("strict").redact(text).text and secret not in make("balanced").redact(text).text


def test_a_one_letter_answer_piped_into_a_client_stays():
    assert make("balanced").redact('echo "y" | openconnect vpn.example').text == 'echo "y" | openconnect vpn.example'
