"""Hold-out probes for secrets in source code: literal arguments of client calls, constants, defaults.

Written (round 5, lead) before reading the code grammars, in about twenty languages and client
libraries: connect/login/bind calls whose password is positional (``DBI->connect(dsn, u, "v")``,
``oci_connect(u, "v", db)``, paramiko ``connect(h, port, u, "v")``), signing calls (``jwt.sign(p, "v")``),
``"v".toCharArray()``, ``btoa("user:v")``, and constants in many syntaxes. Main before the round leaked
12 of the 76 rows in both modes (and read the class name ``X509Certificate2`` as a random token); none
leaks now. Controls: the same calls with variables, and class names built from code vocabulary.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('password-literal', 'var dbPassword = "Gx7#pLq92vRt";', ('Gx7#pLq92vRt',)),
    ('literal', 'let api_key: &str = "sk_live_9aF3kQ2mZ8xW1vB7nC4d";', ('sk_live_9aF3kQ2mZ8xW1vB7nC4d',)),
    ('literal', 'const char *wifi_pass = "Tr0ub4dor&3x";', ('Tr0ub4dor&3x',)),
    ('password-literal',
     'private static readonly string ConnStr = "Server=db1;Database=crm;User Id=sa;Password=P@ssw0rd!2024;";',
     ('P@ssw0rd!2024',)),
    ('password-literal', "$password = 'hunter2Hunter2!';", ('hunter2Hunter2!',)),
    ('literal', 'my $dbpass = "perlPw_8812x";', ('perlPw_8812x',)),
    ('literal', 'local secret = "luaSecret#4471"', ('luaSecret#4471',)),
    ('password-literal', 'password <- "rPass2024$$"', ('rPass2024$$',)),
    ('password-literal', 'smtp_password = Sys.getenv("SMTP_PASSWORD", "rFallback99!")', ('rFallback99!',)),
    ('password-literal', 'config :my_app, MyApp.Repo, password: "elixirPw_77aa"', ('elixirPw_77aa',)),
    ('literal', 'final String adminPass = "dartAdmin#12";', ('dartAdmin#12',)),
    ('literal', 'let token = "swiftTok3n_abcXYZ9"', ('swiftTok3n_abcXYZ9',)),
    ('password-literal', 'val jdbcPassword = "kotlinPw!881"', ('kotlinPw!881',)),
    ('password-literal', 'password = "tfvarPw_Zq91"\\nvariable "db" {}', ('tfvarPw_Zq91',)),
    ('password-literal',
     'services.postgresql.initialScript = pkgs.writeText "init" "ALTER USER app WITH PASSWORD \'nixPgPw_55\';";',
     ('nixPgPw_55',)),
    ('password-literal',
     '$SecurePassword = ConvertTo-SecureString "psSecure#2024" -AsPlainText -Force',
     ('psSecure#2024',)),
    ('literal', 'export MYSQL_PWD=bashMysql_991', ('bashMysql_991',)),
    ('literal', 'DB_PASS ?= makePw_3321x', ('makePw_3321x',)),
    ('password-literal', 'ENV POSTGRES_PASSWORD=dockerPg_8812', ('dockerPg_8812',)),
    ('literal',
     'ARG NPM_TOKEN=npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
     ('npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',)),
    ('login', "CREATE LOGIN app WITH PASSWORD = 'mssqlPw#771';", ('mssqlPw#771',)),
    ('literal', "GRANT ALL ON db.* TO 'app'@'%' IDENTIFIED BY 'mysqlGrant_42';", ('mysqlGrant_42',)),
    ('password-literal', 'spring.datasource.password=springPw_9981', ('springPw_9981',)),
    ('connect', '"ConnectionStrings": { "Default": "Host=pg;Username=app;Password=npgsqlPw_71" }', ('npgsqlPw_71',)),
    ('literal', 'let client = Client::new("admin", "rustAdm1n!pw");', ('rustAdm1n!pw',)),
    ('password-literal',
     'db, err := sql.Open("postgres", "user=app password=goPgPw_9921 dbname=crm sslmode=disable")',
     ('goPgPw_9921',)),
    ('auth', 'auth := smtp.PlainAuth("", "noreply@corp.test", "goSmtpPw#55", "smtp.corp.test")', ('goSmtpPw#55',)),
    ('connect', 'mysql.connector.connect(host="db", user="root", passwd="pyMysql_8812")', ('pyMysql_8812',)),
    ('connect', 'psycopg2.connect(dbname="crm", user="app", password="pyPg_77123", host="db")', ('pyPg_77123',)),
    ('password-literal', 'redis.Redis(host="cache", port=6379, password="pyRedis_4411")', ('pyRedis_4411',)),
    ('literal',
     'boto3.client("s3", aws_access_key_id="AKIAIOSFODNN7EXAMPLE", aws_secret_access_key="wJalrXUtnFEMI/K7MDENG/bPx'
     'RfiCYEXAMPLEKEY")',
     ('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',)),
    ('connect',
     'new SqlConnection("Data Source=.;Initial Catalog=crm;User ID=sa;Password=csSql_3321!");',
     ('csSql_3321!',)),
    ('auth', 'Jedis jedis = new Jedis("cache"); jedis.auth("javaRedis_991");', ('javaRedis_991',)),
    ('literal', 'ldap.simple_bind_s("cn=admin,dc=corp,dc=test", "pyLdap_5521")', ('pyLdap_5521',)),
    ('login', 'ftp.login("deploy", "pyFtp_3381x")', ('pyFtp_3381x',)),
    ('auth', 'requests.get(url, auth=("svc", "pyReqAuth_72"))', ('pyReqAuth_72',)),
    ('auth', "HTTPBasicAuth('svc', 'pyBasic_9912')", ('pyBasic_9912',)),
    ('connect', 'mongoose.connect("mongodb://app:mongoPw_551@db:27017/crm")', ('mongoPw_551',)),
    ('login', 'await client.login("bot@corp.test", "jsLogin_8812")', ('jsLogin_8812',)),
    ('password-literal', "new Pool({ user: 'app', password: 'nodePg_661', host: 'db' })", ('nodePg_661',)),
    ('auth', "nodemailer.createTransport({ auth: { user: 'x@corp.test', pass: 'nodeMail_12' } })", ('nodeMail_12',)),
    ('connect', "$conn = oci_connect('scott', 'ociTiger_881', 'db/XE');", ('ociTiger_881',)),
    ('connect', 'my $dbh = DBI->connect("dbi:Pg:dbname=crm", "app", "perlDbi_7731");', ('perlDbi_7731',)),
    ('login', '$ftp->login("deploy", "perlFtp_551x");', ('perlFtp_551x',)),
    ('auth', "Net::SMTP->new('mail')->auth('me', 'perlSmtp_22a');", ('perlSmtp_22a',)),
    ('connect', 'conn = cx_Oracle.connect("scott", "cxTiger_9912", "db/XE")', ('cxTiger_9912',)),
    ('connect', 'ssh.connect("10.0.0.5", 22, "root", "paramikoPw_71")', ('paramikoPw_71',)),
    ('connect', 'client.connect(hostname="h", username="root", password="paramikoKw_33")', ('paramikoKw_33',)),
    ('literal',
     "sequelize = new Sequelize('crm', 'app', 'sequelPw_4412', { dialect: 'postgres' });",
     ('sequelPw_4412',)),
    ('jwt', 'token = jwt.encode(payload, "jwtSigning_Secret_881", algorithm="HS256")', ('jwtSigning_Secret_881',)),
    ('jwt', "const t = jwt.sign({ sub: id }, 'nodeJwtSecret_7721', { expiresIn: '1h' });", ('nodeJwtSecret_7721',)),
    ('literal', "app.use(session({ secret: 'expressSess_9981', resave: false }));", ('expressSess_9981',)),
    ('literal', "app.config['SECRET_KEY'] = 'flaskSecret_4471x'", ('flaskSecret_4471x',)),
    ('literal', "SECRET_KEY = 'django-insecure-8f#2k!x9q@w1z$e7r^t5y'", ('django-insecure-8f#2k!x9q@w1z$e7r^t5y',)),
    ('literal',
     'Rails.application.credentials.secret_key_base = "9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b"',
     ('9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b',)),
    ('literal', 'WebClient.Credentials = new NetworkCredential("svc", "netCred_5521", "CORP");', ('netCred_5521',)),
    ('literal',
     'var cred = new PSCredential("admin", (ConvertTo-SecureString "psCred#771" -AsPlainText -Force))',
     ('psCred#771',)),
    ('password-literal',
     'Invoke-Sqlcmd -ServerInstance db -Username sa -Password "psSqlcmd_91" -Query "select 1"',
     ('psSqlcmd_91',)),
    ('password-literal',
     'New-LocalUser -Name "svc" -Password (ConvertTo-SecureString "psLocal_771!" -AsPlainText -Force)',
     ('psLocal_771!',)),
    ('literal', 'net user svc_backup NetUser#2024 /add', ('NetUser#2024',)),
    ('login', 'mysql_config_editor set --login-path=prod --user=app --password shouldnotprompt', ('shouldnotprompt',)),
    ('java-chararray',
     'KeyStore ks = KeyStore.getInstance("PKCS12"); ks.load(in, "keystorePw_88".toCharArray());',
     ('keystorePw_88',)),
    ('literal', 'X509Certificate2 cert = new X509Certificate2("c.pfx", "pfxPass_551");', ('pfxPass_551',)),
    ('literal', 'openssl pkcs12 -export -in c.pem -out c.pfx -passout pass:opensslOut_77', ('opensslOut_77',)),
    ('password-literal', "curl_setopt($ch, CURLOPT_PASSWORD, 'phpCurlPw_31');", ('phpCurlPw_31',)),
    ('password-literal', "$mail->Password = 'phpMailer_9921';", ('phpMailer_9921',)),
    ('login', 'smtp.login(EMAIL_USER, "smtpLit_4471")', ('smtpLit_4471',)),
    ('login', 'imap.login("me@corp.test", "imapLit_551")', ('imapLit_551',)),
    ('password-literal',
     'System.setProperty("javax.net.ssl.trustStorePassword", "trustStore_71");',
     ('trustStore_71',)),
    ('password-literal', 'props.put("mail.smtp.password", "javaMailPw_61");', ('javaMailPw_61',)),
    ('password-literal', 'props.setProperty("password", "propsPw_991");', ('propsPw_991',)),
    ('auth',
     'headers = {"Authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW'
     '1gFWFOEjXk"}',
     ('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk',)),
    ('literal', 'req.Header.Set("X-API-Key", "goHeaderKey_88123abc")', ('goHeaderKey_88123abc',)),
    ('basic-encode',
     'request.setRequestHeader("Authorization", "Basic " + btoa("admin:xhrBasic_551"));',
     ('xhrBasic_551',)),
    ('literal', 'ENCRYPTION_KEY = b"0123456789abcdef0123456789abcdef"', ('0123456789abcdef0123456789abcdef',)),
    ('literal', 'aes_key = bytes.fromhex("9f8e7d6c5b4a39281716f5e4d3c2b1a0")', ('9f8e7d6c5b4a39281716f5e4d3c2b1a0',)),
]
CONTROLS: tuple[str, ...] = (
    'password = getpass.getpass("Password: ")',
    'jedis.auth(System.getenv("REDIS_PASSWORD"));',
    'token = jwt.encode(payload, settings.SECRET_KEY, algorithm="HS256")',
    'user.set_password(new_password)',
    "crypto.createHmac('sha256', process.env.HMAC_KEY)",
    'conn.simple_bind_s(dn, password)',
    'zf.setpassword(pwd)',
    'logger.info("login failed for %s", username)',
    'if len(password) < 12: raise ValueError("password too short")',
    'encode(text, "utf-8")',
    'X509Certificate2 cert = LoadCertificate(path);',
    'var loader = new KeystoreLoader(config);',
    'class TransactionDispatcher(Base): pass',
    'public sealed class CertificateValidator2 { }',
)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_literal_secret_in_source_code_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_calls_with_variables_and_worded_class_names_stay_readable(mode, text):
    assert redact_text(mode, text) == text
