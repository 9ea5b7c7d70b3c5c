"""Hold-out secret probes (red team, issue 9): realistic fragments the corpus generators never wrote.

Each row is (family, text, values that must not come out raw, controls that must survive verbatim).
Families follow issue 9: 0 reference-looking values, 1 command lines, 2 credential files, 3 key
names, 4 provider formats, 5 key and value apart or quoted oddly, 6 secrets with no key, and
``ctl`` rows that hold nothing secret. Values are fictional: random bodies of the right alphabet
and length from a fixed seed, checksums computed where the format has one.
"""

from __future__ import annotations

import base64
import json
import random
import string
import urllib.parse
import zlib

import pytest
from redaction_helpers import make

_R = random.Random(91)
AN = string.ascii_letters + string.digits
HX = "0123456789abcdef"
UPN = string.ascii_uppercase + string.digits
B64 = AN + "+/"
B64U = AN + "_-"


def r(n: int, alphabet: str = AN) -> str:
    """A random body; alphanumeric ones mix upper, lower and digits as generated tokens do."""
    while True:
        t = "".join(_R.choice(alphabet) for _ in range(n))
        if alphabet != AN or (any(c.isdigit() for c in t) and any(c.isupper() for c in t)
                              and any(c.islower() for c in t)):
            return t


def hx(n: int) -> str:
    return r(n, HX)


def uuid() -> str:
    return "-".join(hx(n) for n in (8, 4, 4, 4, 12))


def b64(raw: str) -> str:
    return base64.b64encode(raw.encode()).decode()


def _b62(n: int) -> str:
    a = string.digits + string.ascii_uppercase + string.ascii_lowercase
    s = ""
    while n:
        n, d = divmod(n, 62)
        s = a[d] + s
    return s.rjust(6, "0")


def gh(prefix: str) -> str:
    """A GitHub classic token whose last six characters are the base62 CRC32 of the body."""
    body = r(30)
    return f"{prefix}{body}{_b62(zlib.crc32(body.encode()))}"


def pem(label: str, lines: int = 6) -> tuple[str, str]:
    body = "\n".join(r(64, B64) for _ in range(lines))
    return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----", body.split("\n")[2]


# Fixed values shared by several rows.
AWS_ID = "AKIA" + r(16, UPN)
AWS_SK = r(40, B64)
GHP = gh("ghp_")
GHO = gh("gho_")
GLPAT = "glpat-" + r(20, B64U)
NPM = "npm_" + r(36)
HVS = "hvs.CAESI" + r(86, B64U)
SG = f"SG.{r(22, B64U)}.{r(43, B64U)}"
RSA, RSA_LINE = pem("RSA PRIVATE KEY")
OSSH, OSSH_LINE = pem("OPENSSH PRIVATE KEY")
JWT = (base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=") + "."
       + base64.urlsafe_b64encode(json.dumps({"sub": r(10), "iat": 1764600000}).encode()).decode().rstrip("=")
       + "." + r(43, B64U))
COMMIT = hx(40)
U1 = uuid()
SRI = "sha512-" + r(86, B64) + "=="

ROWS: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = []


def P(family: str, text: str, secrets: tuple[str, ...] | str, controls: tuple[str, ...] = ()) -> None:
    ROWS.append((family, text, (secrets,) if isinstance(secrets, str) else secrets, controls))


# --- 0: values that merely contain pass/key/token/secret/salt/cred --------------------------------------
P("0", "DB_PASSWORD=Password123\nDB_HOST=db01\n", "Password123")
P("0", "ADMIN_PASSWORD=Whiskey2024\n", "Whiskey2024")
P("0", "passwd=Passw0rd\n", "Passw0rd")
P("0", "database:\n  user: app\n  password: donkeykong\n", "donkeykong", ("user: app",))
P("0", "environment:\n  - MYSQL_ROOT_PASSWORD=passport9\n  - MYSQL_DATABASE=shop\n", "passport9",
  ("MYSQL_DATABASE=shop",))
P("0", "SECRET_KEY=tokenizer-salt-88\n", "tokenizer-salt-88")
P("0", "api_key: keymaster77\n", "keymaster77")
P("0", "[db]\ncredentials = credibleFox3\n", "credibleFox3")
P("0", "REDIS_PWD=pwdRedis4\n", "pwdRedis4")
P("0", "smtp.password = secretariat1\n", "secretariat1")

# --- 1: command lines, shell histories, ps output -----------------------------------------------------
P("1", "sshpass -p 'Tr0ub4dor&3' ssh deploy@10.0.0.5 uptime\n", "Tr0ub4dor&3")
P("1", "  512  redis-cli -h cache01 -a Xk9mQ2vLp7 ping\n  513  exit\n", "Xk9mQ2vLp7", ("ping",))
P("1", "mysql -u root -pHunter2Rocks shop < dump.sql\n", "Hunter2Rocks", ("dump.sql",))
P("1", "$ mysql -h db -u root -p Hunter3Rocks shop\n", "Hunter3Rocks")
P("1", "redis-server --port 6380 --requirepass Sup3rRedisPw\n", "Sup3rRedisPw", ("6380",))
P("1", "htpasswd -b /etc/nginx/.htpasswd alice Alic3Pass!\n", "Alic3Pass!")
P("1", "curl -u admin:Adm1nPa55 https://api.example.com/v1/items\n", "Adm1nPa55")
P("1", "curl --user 'svc:Qw3rty-Zx9' -X POST https://ci.example.org/job/build\n", "Qw3rty-Zx9")
P("1", "wget --user=bob --password=B0bsPass99 http://files.example.net/a.tgz\n", "B0bsPass99")
P("1", "docker login -u ci -p Ci-Pass-2024 registry.example.com\n", "Ci-Pass-2024")
P("1", "echo 'S3cr3tSudo' | sudo -S apt-get update\n", "S3cr3tSudo")
P("1", f"aws configure set aws_secret_access_key {AWS_SK}\n", AWS_SK)
P("1", f"vault login {HVS}\n", HVS)
P("1", f"vault login s.{r(24)}\n", "")
ROWS[-1] = ("1", ROWS[-1][1], (ROWS[-1][1].split()[-1],), ())
P("1", f"rclone copy s3:bkt . --s3-access-key-id {AWS_ID} --s3-secret {r(40, B64)}\n", ())
ROWS[-1] = ("1", ROWS[-1][1], (ROWS[-1][1].split()[-1],), ())
_t = r(32)
P("1", f"./deploy.sh --env prod --token {_t} --verbose\n", _t, ("--verbose",))
_t = r(40, HX)
P("1", f"datadog-ci sourcemaps upload ./dist --api-key {_t}\n", _t)
_t = r(34, AN + "~._-")
P("1", f"oauth2-proxy --client-id web --client-secret {_t} --provider oidc\n", _t)
P("1", "root      2231  0.3  4.1 3461220 334112 ?  Sl   09:12   1:02 /usr/bin/java "
       "-Dspring.datasource.password=PgPass!2024 -jar /opt/app/app.jar\n", "PgPass!2024", ("/opt/app/app.jar",))
P("1", "mongo     881  0.0  0.5 ?  S  10:01  0:00 mongosh -u admin -p M0ngoPw2024 --authenticationDatabase admin\n",
  "M0ngoPw2024")
P("1", "PGPASSWORD=PgS3cret9 psql -h db -U app -d app\n", "PgS3cret9")
P("1", "mysqldump --user=backup --password=DumpPw77 --all-databases > all.sql\n", "DumpPw77")
P("1", "openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:OpenSslPw1\n", "OpenSslPw1")
P("1", "zip -P ZipPw2024x -r archive.zip docs/\n", "ZipPw2024x")
P("1", "7z a -pSevenZipPw1 -mhe=on backup.7z data\n", "SevenZipPw1")
P("1", "smbclient //fs01/share -U 'CORP\\jdoe%SmbPw2024'\n", "SmbPw2024")
P("1", "net use Z: \\\\fs01\\share /user:CORP\\jdoe NetUsePw!7\n", "NetUsePw!7")
P("1", "ldapsearch -x -H ldap://dc1 -D 'cn=admin,dc=corp' -w LdapPw2024 -b 'dc=corp'\n", "LdapPw2024")
P("1", "kubectl create secret generic db --from-literal=password=KubePw2024x\n", "KubePw2024x")
P("1", "helm upgrade --install api ./chart --set db.password=HelmPw2024x --set replicas=3\n", "HelmPw2024x",
  ("replicas=3",))
P("1", "keytool -importkeystore -srckeystore a.jks -srcstorepass StorePw2024 -deststorepass DestPw2024\n",
  ("StorePw2024", "DestPw2024"))
P("1", "ansible-playbook site.yml -e 'ansible_become_pass=BecomePw1x'\n", "BecomePw1x")
P("1", "sqlcmd -S sql01 -U sa -P 'SqlPw2024!' -Q 'select 1'\n", "SqlPw2024!")
_t = f"{r(3)}8Q~{r(31, AN + '~._-')}"
P("1", f"az login --service-principal -u {U1} -p {_t} --tenant corp.onmicrosoft.com\n", _t)
P("1", "docker run -d -e POSTGRES_PASSWORD=DockPw2024 -p 5432:5432 postgres:16\n", "DockPw2024", ("5432:5432",))
P("1", "ssh-keygen -t ed25519 -N 'KeyPhrase2024' -f ~/.ssh/deploy\n", "KeyPhrase2024")
P("1", "cmdkey /generic:fs01 /user:jdoe /pass:CmdKeyPw1\n", "CmdKeyPw1")
P("1", "mount -t cifs //fs01/x /mnt/x -o username=jdoe,password=CifsPw2024,vers=3.0\n", "CifsPw2024", ("vers=3.0",))
P("1", "wp config create --dbname=wp --dbuser=wp --dbpass=WpPw2024x\n", "WpPw2024x")
P("1", "mc alias set myminio https://minio.example.com minioadmin MinioSecret2024\n", "MinioSecret2024")
P("1", "rabbitmqctl add_user alice RabbitPw2024\n", "RabbitPw2024")
P("1", "sqlplus scott/TigerPw1x@orcl @report.sql\n", "TigerPw1x")
P("1", "http --auth alice:HttpiePw1 GET https://api.example.com/me\n", "HttpiePw1")
_t = "pypi-AgEIcHlwaS5vcmc" + r(60, B64U)
P("1", f"twine upload -u __token__ -p {_t} dist/*\n", _t)
P("1", f"  77  export GITHUB_TOKEN={GHP}\n", GHP)
P("1", f"git clone https://oauth2:{GLPAT}@gitlab.example.com/team/app.git\n", GLPAT)
P("1", f"npm config set //registry.npmjs.org/:_authToken {NPM}\n", NPM)
P("1", "psql 'host=db01 port=5432 user=app password=PsqlConnPw1 dbname=app'\n", "PsqlConnPw1")
P("1", "influx setup --username admin --password InfluxPw2024 --org corp --force\n", "InfluxPw2024")
P("1", "mosquitto_pub -h broker -u iot -P MqttPw2024 -t a/b -m hi\n", "MqttPw2024")
P("1", "sudo -u postgres psql -c \"ALTER USER app WITH PASSWORD 'AlterPw2024';\"\n", "AlterPw2024")
P("1", "mysql -e \"CREATE USER 'rpt'@'%' IDENTIFIED BY 'IdentPw2024';\"\n", "IdentPw2024")
P("1", "java -jar app.jar --spring.datasource.password=SpringPw1x --server.port=8081\n", "SpringPw1x",
  ("--server.port=8081",))
P("1", "gpg --batch --passphrase 'GpgPhrase2024' -d secrets.gpg\n", "GpgPhrase2024")
P("1", "restic -r s3:s3.amazonaws.com/bkt backup ~ # RESTIC_PASSWORD=ResticPw2024\n", "ResticPw2024")
P("1", "xfreerdp /u:admin /p:RdpPw2024x /v:10.1.1.1\n", "RdpPw2024x")
P("1", "expect -c 'spawn ssh root@h; expect password: ; send \"ExpectPw2024\\r\"'\n", "ExpectPw2024")

P("1", "ipmitool -I lanplus -H bmc01 -U ADMIN -P IpmiPw2024 chassis power status\n", "IpmiPw2024",
  ("chassis power status",))
P("1", "plink -ssh root@h -pw PlinkPw2024 uptime\n", "PlinkPw2024", ("-pw",))
P("1", "influx -username admin -password InfluxV1Pw -execute 'show databases'\n", "InfluxV1Pw", ("-password",))
P("1", "nmcli dev wifi connect HomeNet password NmcliWifiPw1\n", "NmcliWifiPw1")
P("1", "db2 connect to SAMPLE user db2inst1 using Db2Pw2024x\n", "Db2Pw2024x")
P("1", "gh secret set DEPLOY_KEY --body 'GhBodySecret24'\n", "GhBodySecret24")
P("1", "security add-generic-password -a me -s svc -w KeychainPw2024\n", "KeychainPw2024")
P("1", "java -jar jenkins-cli.jar -s https://ci.example.com/ -auth admin:JenkinsTok2024 build app\n",
  "JenkinsTok2024")
P("1", "az keyvault secret set --vault-name kv --name db --value 'KvSecretPw2024'\n", "KvSecretPw2024")
P("1", "cqlsh cass01 -u cassandra -p CqlPw2024x\n", "CqlPw2024x")
P("1", "rabbitmqctl change_password alice RabbitNewPw24\n", "RabbitNewPw24")

# --- 2: credential files ------------------------------------------------------------------------------
P("2", "machine api.example.com\n  login alice\n  password NetrcPw2024\n", "NetrcPw2024", ("api.example.com",))
P("2", "machine git.example.org login bob password NetrcOne2024 port 443\n", "NetrcOne2024")
P("2", "default login anonymous password Anon-Pw-2024x\n", "Anon-Pw-2024x")
P("2", "db01.example.com:5432:app:app:PgpassPw2024\n*:*:*:replicator:ReplPw2024x\n", ("PgpassPw2024", "ReplPw2024x"))
_h1 = "$apr1$" + r(8, AN + "./") + "$" + r(22, AN + "./")
_h2 = "$2y$05$" + r(53, AN + "./")
_h3 = "{SHA}" + b64(r(20))[:27] + "="
P("2", f"alice:{_h1}\nbob:{_h2}\ncarol:{_h3}\n", (_h1, _h2, _h3))
P("2", "https://jdoe:GitCredPw2024@github.com\nhttps://ci:p%40ss%23word9@gitlab.example.com\n",
  ("GitCredPw2024", "p%40ss%23word9"))
P("2", "DATABASE_URL=postgres://app:pa@ss:w0rd#1@db01:5432/app\n", "w0rd#1")
_a = b64("ci-bot:DockerCfgPw2024")
P("2", json.dumps({"auths": {"registry.example.com": {"auth": _a, "email": "ci@example.com"}}}, indent=2),
  (_a, "DockerCfgPw2024"))
_inner = json.dumps({"auths": {"ghcr.io": {"username": "bot", "password": GHP, "auth": b64("bot:" + GHP)}}})
_blob = b64(_inner)
P("2", f"apiVersion: v1\nkind: Secret\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: {_blob}\n",
  (_blob[:40],), ("kubernetes.io/dockerconfigjson",))
P("2", f"//registry.npmjs.org/:_authToken={NPM}\nregistry=https://registry.npmjs.org/\n", NPM,
  ("registry=",))
_a = b64("deploy:NpmAuthPw2024")
P("2", f"_auth={_a}\nalways-auth=true\n", _a, ("always-auth=true",))
_a = b64("NpmPassword2024")
P("2", f"//npm.corp.example.com/:username=ci\n//npm.corp.example.com/:_password={_a}\n", _a)
P("2", "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmcCJ"
  + "x" * 0 + r(50, B64U) + "\n", ())
ROWS[-1] = ("2", ROWS[-1][1], (ROWS[-1][1].split("password = ")[1].strip(),), ("index-servers = pypi",))
P("2", "[server-login]\nusername: jdoe\npassword: PypircPw2024\n", "PypircPw2024")
P("2", "<settings>\n  <servers>\n    <server>\n      <id>nexus</id>\n      <username>deploy</username>\n"
       "      <password>MavenPw2024x</password>\n    </server>\n  </servers>\n</settings>\n", "MavenPw2024x",
  ("<id>nexus</id>",))
P("2", "<packageSourceCredentials>\n  <corp>\n    <add key=\"Username\" value=\"ci\" />\n"
       "    <add key=\"ClearTextPassword\" value=\"NugetPw2024x\" />\n  </corp>\n</packageSourceCredentials>\n",
  "NugetPw2024x", ("ClearTextPassword",))
_s = r(40, B64)
P("2", f"[default]\naccess_key = {AWS_ID}\nsecret_key = {_s}\nhost_base = s3.amazonaws.com\n", (AWS_ID, _s),
  ("host_base = s3.amazonaws.com",))
_s = r(40, B64)
P("2", f"[remote]\ntype = s3\nprovider = Minio\naccess_key_id = minio\nsecret_access_key = {_s}\n"
       "endpoint = http://minio:9000\n", _s, ("type = s3",))
P("2", "[b2]\ntype = sftp\nhost = files.example.com\nuser = jdoe\npass = RcloneObscured" + r(20, B64U) + "\n", ())
ROWS[-1] = ("2", ROWS[-1][1], (ROWS[-1][1].split("pass = ")[1].strip(),), ())
P("2", "jdbc:postgresql://db01:5432/app?user=app&password=JdbcPw2024x&ssl=true\n", "JdbcPw2024x")
P("2", "Driver={ODBC Driver 18 for SQL Server};Server=sql01;Database=crm;Uid=svc;Pwd={Odbc;Pw=2024};\n",
  "Odbc;Pw=2024")
P("2", "Server=tcp:sql01,1433;Initial Catalog=crm;User ID=svc;Password=AdoNetPw2024!;Encrypt=True;\n",
  "AdoNetPw2024!", ("User ID=svc",))
P("2", "jdbc:oracle:thin:scott/OraclePw24@//db01:1521/ORCL\n", "OraclePw24")
P("2", f"[default]\naws_access_key_id = {AWS_ID}\naws_secret_access_key = {AWS_SK}\nregion = eu-west-1\n",
  (AWS_ID, AWS_SK), ("region = eu-west-1",))
P("2", "[client]\nuser=root\npassword=\"MyCnfPw2024\"\nhost=localhost\n", "MyCnfPw2024")
P("2", "network={\n    ssid=\"HomeNet\"\n    psk=\"WifiPassphrase2024\"\n}\n", "WifiPassphrase2024")
P("2", "systemProp.http.proxyPassword=GradleProxyPw1\nnexusPassword=GradleNexusPw1\norg.gradle.jvmargs=-Xmx2g\n",
  ("GradleProxyPw1", "GradleNexusPw1"), ("org.gradle.jvmargs=-Xmx2g",))
P("2", json.dumps({"http-basic": {"repo.example.com": {"username": "ci", "password": "ComposerPw2024"}}}, indent=4),
  "ComposerPw2024")
_t = "cio" + r(32)
P("2", f"[registry]\ntoken = \"{_t}\"\n", _t)
_t = "rubygems_" + hx(48)
P("2", f"---\n:rubygems_api_key: {_t}\n", _t)
_t = r(40, B64U)
P("2", f"users:\n- name: admin\n  user:\n    token: {_t}\n", _t)
P("2", "username=jdoe\npassword=SmbCredPw2024\ndomain=CORP\n", "SmbCredPw2024", ("domain=CORP",))
P("2", "poll mail.example.com protocol IMAP user \"jdoe\" password \"FetchPw2024\"\n", "FetchPw2024")
P("2", "account work\nhost smtp.example.com\nuser jdoe\npassword MsmtpPw2024\n", "MsmtpPw2024")
P("2", "set imap_pass = \"MuttImapPw24\"\nset smtp_pass = \"MuttSmtpPw24\"\n", ("MuttImapPw24", "MuttSmtpPw24"))
_p = b64("FileZillaPw2024")
P("2", f"<Server><Host>ftp.example.com</Host><User>jdoe</User><Pass encoding=\"base64\">{_p}</Pass></Server>\n", _p)
P("2", "db_password = \"TfvarsPw2024\"\ninstance_type = \"t3.micro\"\n", "TfvarsPw2024", ("t3.micro",))
P("2", "[url \"https://x-access-token:" + GHO + "@github.com/\"]\n\tinsteadOf = https://github.com/\n", GHO)

# --- 3: key names in every syntax ---------------------------------------------------------------------
P("3", "SMTP_PASS=MailPass2024x\n", "MailPass2024x")
P("3", "DB_PW=DbPw2024xyz\n", "DbPw2024xyz")
P("3", "ssh:\n  passphrase: \"correct horse battery staple\"\n", "correct horse battery staple")
P("3", "proxy_auth=ProxyAuth2024\n", "ProxyAuth2024")
_t = r(32)
P("3", f"apikey={_t}\n", _t)
_t = r(32)
P("3", f'{{"apiKey": "{_t}", "region": "eu"}}', _t, ('"region": "eu"',))
_t = r(40, B64U)
P("3", f"clientSecret: {_t}\n", _t)
P("3", "const dbPass = 'DbPassJs2024';\n", "DbPassJs2024")
P("3", "all:\n  vars:\n    ansible_become_pass: BecomePw2024\n", "BecomePw2024")
_t = r(43, B64U)
P("3", f"WEBHOOK_SIG={_t}\n", _t)
_t = r(44, B64)
P("3", f"private: {_t}\n", _t)
_t = r(48, B64U)
P("3", f"cookie = \"{_t}\"\n", _t)
_t = hx(64)
P("3", f"session={_t}\n", _t)
_t = r(32)
P("3", f"<appSettings>\n  <add key=\"StripeApiKey\" value=\"{_t}\" />\n  <add key=\"Theme\" value=\"dark\" />\n",
  _t, ('value="dark"',))
P("3", "public class Cfg {\n    private static final String DB_PASS = \"JavaConstPw24\";\n}\n", "JavaConstPw24")
_t = r(32)
P("3", f"const apiKey = '{_t}';\n", _t)
P("3", "pw = os.environ.get(\"SMTP_PASSWORD\", \"FallbackPw2024\")\n", "FallbackPw2024")
P("3", "password: ${DB_PASSWORD:-ComposeDefault24}\n", "ComposeDefault24")
_t = r(32)
P("3", f"GET /v2/items HTTP/1.1\nHost: api.example.com\nX-Api-Key: {_t}\nAccept: */*\n", _t, ("Accept: */*",))
_t = r(40, B64U)
P("3", f"X-Auth-Token: {_t}\n", _t)
_t = r(32, B64U)
P("3", f"Cookie: theme=dark; sessionid={_t}; csrftoken={r(32)}\n", _t)
_t = r(43, B64U)
P("3", f"Set-Cookie: __Host-session={_t}; Path=/; Secure; HttpOnly; SameSite=Lax\n", _t, ("Path=/; Secure; HttpOnly",))
_a = b64("proxyuser:NginxBasicPw24")
P("3", f"location / {{\n    proxy_set_header Authorization \"Basic {_a}\";\n    proxy_pass http://app:8080;\n}}\n",
  _a, ("proxy_pass ",))
_t = r(40, B64U)
P("3", f"https://api.example.com/export?format=csv&access_token={_t}\n", _t)
_t = r(43, B64U)
P("3", f"https://cdn.example.com/f.pdf?expires=1764600000&sig={_t}\n", _t)
_t = hx(64)
P("3", f"https://bkt.s3.amazonaws.com/a.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature={_t}\n", _t)
_t = r(32)
P("3", f"https://maps.example.com/api/js?key={_t}&callback=init\n", _t)
_t = r(40, B64U)
P("3", f"https://app.example.com/callback?code={_t}&state=xyz\n", _t)
_t = r(32)
P("3", f"package main\n\nconst apiToken = \"{_t}\"\n", _t)
_t = r(32)
P("3", f"API_KEY = '{_t}'.freeze\n", _t)
P("3", "private const string ConnPassword = \"CsConstPw2024\";\n", "CsConstPw2024")
P("3", "val dbPassword = \"KotlinPw2024\"\n", "KotlinPw2024")
_t = r(32)
P("3", f"let api_key = \"{_t}\";\n", _t)
P("3", "$db_pass = 'PhpVarPw2024';\n", "PhpVarPw2024")
P("3", "my $password = 'PerlPw2024x';\n", "PerlPw2024x")
P("3", "$Password = ConvertTo-SecureString 'PoshPw2024!' -AsPlainText -Force\n", "PoshPw2024!")
P("3", "resource \"aws_db_instance\" \"db\" {\n  username = \"admin\"\n  password = \"HclPw2024xy\"\n}\n",
  "HclPw2024xy")
P("3", "spring:\n  datasource:\n    url: jdbc:postgresql://db/app\n    password: SpringYamlPw1\n", "SpringYamlPw1")
P("3", "db.password=PropsPw2024\ndb.pool.size=10\n", "PropsPw2024", ("db.pool.size=10",))
P("3", "DB_PASS ?= MakeDefaultPw1\nall:\n\t./build.sh\n", "MakeDefaultPw1")
_t = r(32)
P("3", f"FROM node:20\nARG NPM_TOKEN={_t}\nENV API_KEY={r(32)}\n", _t, ("FROM node:20",))
_t = r(32)
P("3", f"jobs:\n  build:\n    env:\n      SONAR_TOKEN: {_t}\n    steps:\n      - uses: actions/checkout@v4\n", _t,
  ("actions/checkout@v4",))
P("3", "pipeline {\n  environment {\n    DB_PASS = 'JenkinsPw2024'\n  }\n}\n", "JenkinsPw2024")
P("3", "[mysqld]\nroot-password = IniRootPw24\n", "IniRootPw24")
P("3", "Password: KubeDescribePw\n", "KubeDescribePw")
P("3", "<connectionStrings><add name=\"Main\" connectionString=\"Server=s;Database=d;User Id=u;"
       "Password=WebCfgPw2024;\" /></connectionStrings>\n", "WebCfgPw2024")
P("3", "export OPENAI_API_KEY=\"sk-proj-" + r(48, B64U) + "\"\n", ())
ROWS[-1] = ("3", ROWS[-1][1], (ROWS[-1][1].split('"')[1],), ())
P("3", "auth_token: AuthTok2024xyz\n", "AuthTok2024xyz")
P("3", "MASTER_KEY=" + r(32, B64) + "\n", ())
ROWS[-1] = ("3", ROWS[-1][1], (ROWS[-1][1].split("=", 1)[1].strip(),), ())
P("3", "encryption_key: " + hx(64) + "\n", ())
ROWS[-1] = ("3", ROWS[-1][1], (ROWS[-1][1].split(": ", 1)[1].strip(),), ())

P("3", "network={\n    ssid=\"HomeNet\"\n    psk=\"WpaPskPw2024\"\n}\n", "WpaPskPw2024", ('ssid="HomeNet"',))
P("3", "alarm_pin: 4921\nzone: 3\n", "4921", ("zone: 3",))
P("3", "SESSION_COOKIE=Sess10nCookie24\n", "Sess10nCookie24")
P("3", "storage_sas = \"sv=2022-11-02&sig=" + r(43, B64U) + "\"\n", ())
ROWS[-1] = ("3", ROWS[-1][1], (ROWS[-1][1].split("sig=")[1].split('"')[0],), ())
P("3", "hmac: HmacKey2024xyz\nalgorithm: sha256\n", "HmacKey2024xyz", ("algorithm: sha256",))
P("3", "bearer: " + (_t := r(40, B64U)) + "\n", _t)
P("3", "card_cvv: 317\ncard_brand: visa\n", "317", ("card_brand: visa",))
C_LATER = None

# --- 4: provider formats ------------------------------------------------------------------------------
def prov(text: str, value: str, controls: tuple[str, ...] = ()) -> None:
    P("4", text.replace("{}", value), value, controls)


prov("token: {}\n", "hvb." + r(138, B64U))
prov("atlas_token = \"{}\"\n", f"{r(14)}.atlasv1.{r(67, B64U)}")
prov("HEROKU_API_KEY={}\n", "HRKU-AA" + r(58, B64U))
prov("HEROKU_API_KEY={}\n", uuid())
prov("postman: {}\n", f"PMAK-{hx(24)}-{hx(34)}")
prov("bot.run(\"{}\")\n", f"MT{r(24)}.{r(6, B64U)}.{r(38, B64U)}")
prov("TELEGRAM_BOT_TOKEN={}\n", f"{r(10, string.digits)}:AA{r(33, B64U)}")
prov("# created: 2026-01-01\n{}\n", "AGE-SECRET-KEY-1" + r(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"))
prov("Secret Key: {}\n", f"A3-{r(6, UPN)}-{r(6, UPN)}-{r(5, UPN)}-{r(5, UPN)}-{r(5, UPN)}-{r(5, UPN)}")
prov("OP_SERVICE_ACCOUNT_TOKEN={}\n", "ops_eyJ" + r(200, B64U))
prov("artifactory_api_key: {}\n", "AKCp" + r(69))
prov("sonar.login={}\n", "squ_" + hx(40))
prov("SRC_ACCESS_TOKEN={}\n", "sgp_" + hx(16) + "_" + hx(40))
prov("SUMO_ACCESS_KEY={}\n", r(64))
prov("NOTION_TOKEN={}\n", "ntn_" + r(11, string.digits) + r(35))
prov("NOTION_TOKEN={}\n", "secret_" + r(43))
prov("SENTRY_AUTH_TOKEN={}\n", "sntryu_" + hx(64))
prov("dsn: https://{}@o450000.ingest.sentry.io/5500000\n", hx(32))
prov("FLY_API_TOKEN=\"{}\"\n", "FlyV1 fm2_" + r(120, B64))
prov("fb_token = '{}'\n", "EAACEdEose0cBA" + r(100))
prov("MAILCHIMP_KEY={}\n", hx(32) + "-us14")
prov("SQUARE_TOKEN={}\n", "EAAA" + r(60, B64U))
prov("square_secret: {}\n", "sq0csp-" + r(43, B64U))
prov("TWILIO_API_KEY={}\n", "SK" + hx(32))
prov("TWILIO_AUTH_TOKEN={}\n", hx(32))
prov("AZURE_CLIENT_SECRET={}\n", f"{r(3)}8Q~{r(31, AN + '~._-')}")
prov("JIRA_API_TOKEN={}\n", "ATATT3xFfGF0" + r(180, B64U) + "=" + hx(8).upper())
prov("DOPPLER_TOKEN={}\n", "dp.st.prd." + r(40))
prov("DATABRICKS_TOKEN={}\n", "dapi" + hx(32))
prov("SHOPIFY_TOKEN={}\n", "shpat_" + hx(32))
prov("shopify_secret: {}\n", "shpss_" + hx(32))
prov("LINEAR_API_KEY={}\n", "lin_api_" + r(40))
prov("GRAFANA_TOKEN={}\n", "glsa_" + r(32) + "_" + hx(8))
prov("grafana_cloud: {}\n", "glc_eyJ" + r(120, B64))
prov("NEW_RELIC_API_KEY={}\n", "NRAK-" + r(27, UPN))
prov("OKTA_API_TOKEN={}\n", "00" + r(40, B64U))
prov("PLANETSCALE_TOKEN={}\n", "pscale_tkn_" + r(43, B64U))
prov("PULUMI_ACCESS_TOKEN={}\n", "pul-" + hx(40))
prov("SUPABASE_ACCESS_TOKEN={}\n", "sbp_" + hx(40))
prov("VERCEL_TOKEN={}\n", r(24))
prov("CLOUDFLARE_API_TOKEN={}\n", r(40, B64U))
prov("cf_origin_ca_key: {}\n", "v1.0-" + hx(24) + "-" + hx(146))
prov("DROPBOX_TOKEN={}\n", "sl." + r(135, B64U))
prov("ASANA_PAT={}\n", "2/" + r(16, string.digits) + "/" + r(16, string.digits) + ":" + hx(32))
for _p in ("gldt-", "glrt-", "glptt-", "glcbt-", "gloas-", "glimt-", "glsoat-", "glffct-"):
    prov("token: {}\n", _p + r(20, B64U))
prov("CI_RUNNER_REG={}\n", "GR1348941" + r(20, B64U))
prov("SLACK_APP_TOKEN={}\n", f"xapp-1-A{r(10, UPN)}-{r(13, string.digits)}-{hx(64)}")
prov("SLACK_BOT_TOKEN={}\n", f"xoxb-{r(12, string.digits)}-{r(13, string.digits)}-{r(24)}")
prov("AWS_BEARER_TOKEN_BEDROCK={}\n", "ABSK" + r(132, B64))
prov("client_secret: {}\n", "GOCSPX-" + r(28, B64U))
prov("firebase: {}\n", "AIza" + r(35, B64U))
prov("FCM_SERVER_KEY={}\n", "AAAA" + r(7, B64U) + ":APA91b" + r(134, B64U))
prov("MAPBOX_TOKEN={}\n", "sk.eyJ1Ijoi" + r(60, B64U) + "." + r(22, B64U))
prov("DD_API_KEY={}\n", hx(32))
prov("DD_APP_KEY={}\n", hx(40))
prov("ALGOLIA_ADMIN_KEY={}\n", hx(32))
prov("CONTENTFUL_MANAGEMENT_TOKEN={}\n", "CFPAT-" + r(43, B64U))
prov("INTERCOM_ACCESS_TOKEN={}\n", "dG9rOj" + r(54, B64) + "=")
prov("ZENDESK_API_TOKEN={}\n", r(40))
prov("BRAINTREE_TOKEN={}\n", "access_token$production$" + r(16, "abcdefghijklmnopqrstuvwxyz0123456789") + "$" + hx(32))
prov("PAYPAL_CLIENT_SECRET={}\n", "E" + r(79, B64U))
prov("ADYEN_API_KEY={}\n", "AQE" + r(100, B64U) + "=-" + r(40, B64U))
prov("STRIPE_WEBHOOK_SECRET={}\n", "whsec_" + r(32))
prov("stripe: {}\n", "rk_live_" + r(99))
prov("sk = '{}'\n", "sk_live_" + r(99))
prov("token = {}\n", GHP)
prov("token = {}\n", "github_pat_11" + r(20, UPN) + "_" + r(59))
prov("GH: {}\n", gh("ghs_"))
prov("OPENAI_KEY={}\n", "sk-proj-" + r(120, B64U))
prov("ANTHROPIC_API_KEY={}\n", "sk-ant-api03-" + r(93, B64U) + "AA")
prov("HF_TOKEN={}\n", "hf_" + r(34))
prov("SENDGRID={}\n", SG)
prov("MAILGUN_KEY={}\n", "key-" + hx(32))
prov("DO_TOKEN={}\n", "dop_v1_" + hx(64))
prov("NETLIFY_AUTH_TOKEN={}\n", "nfp_" + r(36))
prov("REPLICATE_API_TOKEN={}\n", "r8_" + r(37))
prov("GROQ_API_KEY={}\n", "gsk_" + r(52))
prov("DT_API_TOKEN={}\n", "dt0c01." + r(24, UPN) + "." + r(64, UPN))
prov("AIRTABLE_PAT={}\n", "pat" + r(14) + "." + hx(64))
prov("FIGMA_TOKEN={}\n", "figd_" + r(40, B64U))
prov("PINECONE_API_KEY={}\n", "pcsk_" + r(5) + "_" + r(60))
prov("TS_AUTHKEY={}\n", "tskey-auth-" + r(12) + "CNTRL-" + r(33))
prov("BITBUCKET_APP_PASSWORD={}\n", "ATBB" + r(32) + hx(8).upper())
prov("BUILDKITE_TOKEN={}\n", "bkua_" + hx(40))
prov("DOCKER_PAT={}\n", "dckr_pat_" + r(27, B64U))
prov("HUBSPOT_TOKEN={}\n", "pat-na1-" + uuid())
prov("OPENSHIFT_TOKEN={}\n", "sha256~" + r(43, B64U))
prov("SENDINBLUE={}\n", "xkeysib-" + hx(64) + "-" + r(16))
prov("SHIPPO_TOKEN={}\n", "shippo_live_" + hx(40))
prov("LAUNCHDARKLY_KEY={}\n", "api-" + uuid())
prov("SALESFORCE_TOKEN={}\n", "00D" + r(12) + "!" + r(96, AN + "._"))
prov("PLAID_ACCESS={}\n", "access-production-" + uuid())
prov("TWITTER_BEARER={}\n", "AAAAAAAAAAAAAAAAAAAAA" + r(90, AN + "%"))
prov("azure_storage: DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={};EndpointSuffix=core.windows.net\n",
     r(86, B64) + "==")
prov("{}\n", RSA)
prov("{}\n", OSSH)
prov("{}\n", pem("EC PRIVATE KEY", 3)[0])
prov("{}\n", pem("ENCRYPTED PRIVATE KEY")[0])
prov("{}\n", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n" + "\n".join(r(64, B64) for _ in range(5))
     + "\n=" + r(4, B64) + "\n-----END PGP PRIVATE KEY BLOCK-----")
_sa = json.dumps({"type": "service_account", "project_id": "demo-proj",
                  "private_key_id": hx(40), "private_key": RSA.replace("RSA ", "") + "\n",
                  "client_email": "svc@demo-proj.iam.gserviceaccount.com"}, indent=2)
P("4", _sa, (RSA_LINE, ), ('"type": "service_account"',))
P("4", f"{RSA}\n".replace("\n", "\\n"), RSA_LINE)

# --- 5: key and value apart, quoted oddly -------------------------------------------------------------
P("5", "<add key=\"SmtpPassword\" value=\"XmlAttrPw2024\" />\n", "XmlAttrPw2024", ("SmtpPassword",))
P("5", "<add value=\"XmlAttrPw2025\" key=\"Db.Password\" />\n", "XmlAttrPw2025")
_t = r(43, B64U)
P("5", json.dumps({"headers": [{"name": "cookie", "value": f"sid={_t}"}, {"name": "accept", "value": "text/html"}]},
                  indent=2), _t, ('"text/html"',))
_t = r(40, B64U)
P("5", json.dumps({"name": "Authorization", "value": f"Bearer {_t}"}), _t)
P("5", "define('DB_PASSWORD', 'PhpDefinePw24');\ndefine('DB_HOST', 'localhost');\n", "PhpDefinePw24", ("localhost",))
P("5", json.dumps({"outputs": {"db_password": {"value": "TfStatePw2024", "type": "string", "sensitive": True}}},
                  indent=2), "TfStatePw2024")
P("5", json.dumps({"resources": [{"instances": [{"attributes": {"master_password": "TfAttrPw2024",
                                                                  "engine": "postgres"}}]}]}),
  "TfAttrPw2024", ('"postgres"',))
P("5", json.dumps({"cells": [{"source": ["conn = connect(password=\"NbEscPw2024\")\n"]}]}), "NbEscPw2024")
P("5", "password=\"Dot.ted~Pw{2024};50%\"\n", "Dot.ted~Pw{2024};50%")
P("5", "DB_PASSWORD=my.dotted.Pw99\n", "my.dotted.Pw99")
P("5", "Name:         db-secret\nType:  Opaque\n\nData\n====\npassword:     KubectlDesc24\n", "KubectlDesc24",
  ("db-secret",))
_w = f"https:\\/\\/hooks.slack.com\\/services\\/T{r(8, UPN)}\\/B{r(10, UPN)}\\/{r(24)}"
P("5", json.dumps({"text": "posted"})[:-1] + f', "url": "{_w}"}}', _w.split("\\/")[-1])
P("5", "CREATE TABLE users (id int, email text, password_hash text, api_key text);\n"
       f"INSERT INTO users VALUES (1, 'a@example.com', '{_h2}', '{r(32)}');\n", (_h2,), ("password_hash",))
_t = r(32)
P("5", "CREATE TABLE `tokens` (`id` int, `token` varchar(64));\n"
       f"INSERT INTO `tokens` (`id`, `token`) VALUES (1,'{_t}'),(2,'{r(32)}');\n", _t)
P("5", "DB_PASS=\"quoted \\\"inner\\\" Pw2024\"\n", "inner\\\" Pw2024")
P("5", "password = '''TripleQuotedPw24'''\n", "TripleQuotedPw24")
P("5", "- name: DB_PASSWORD\n  value: K8sEnvPw2024\n- name: LOG_LEVEL\n  value: info\n", "K8sEnvPw2024",
  ("value: info",))
P("5", "{\"Key\": \"DbPassword\", \"Value\": \"SsmPairPw2024\"}\n", "SsmPairPw2024")
P("5", "ParameterKey=DBPassword,ParameterValue=CfnParamPw24\n", "CfnParamPw24")
P("5", "<entry key=\"jdbc.password\">XmlEntryPw2024</entry>\n", "XmlEntryPw2024")
P("5", "<property name=\"password\" value=\"SpringXmlPw24\"/>\n", "SpringXmlPw24")
P("5", "password\n--------\nPsqlColPw2024\n(1 row)\n", "PsqlColPw2024")

# --- 6: no key at all ---------------------------------------------------------------------------------
_t = r(40, B64U)
P("6", f"Here is the token for the staging box: {_t} (rotate after the demo)\n", _t)
_t = r(32)
P("6", f"| service | value |\n|---|---|\n| billing | {_t} |\n", _t, ("| service | value |",))
_t = r(36, B64U)
P("6", f"2026-12-01T10:00:00Z INFO auth ok bearer={_t} user=42\n", _t, ("2026-12-01T10:00:00Z",))
P("6", "[10:02] jdoe: the password you sent, Kx7!mQ2#pL, expired already\n", "Kx7!mQ2#pL")
P("6", "Hi Sam,\n\nI reset it to Spring2021$XQp for now, please change it on first login.\n", "Spring2021$XQp")
P("6", "pw is Tulip-Harbor-93 btw\n", "Tulip-Harbor-93")
P("6", "Zoom link: https://zoom.us/j/81234567890 passcode: 482915\n", "482915")
P("6", "Card ending 4242, exp 09/29, CVC 317\n", "CVC 317".split()[1])
P("6", "PIN: 7391\n", "7391")
_b = b64("admin:B64ProsePw2024")
P("6", f"curl -H 'Authorization: Basic {_b}' https://x.example.com\n", _b)
_b = b64(json.dumps({"username": "svc", "password": "B64JsonPw2024"}))
P("6", f"blob: {_b}\n", _b)
_kd = b64(RSA + "\n")
P("6", f"users:\n- name: admin\n  user:\n    client-key-data: {_kd}\n", (_kd[:60], _kd[-60:]))
_v = b64("KubeSecretPw2024")
P("6", f"apiVersion: v1\nkind: Secret\ndata:\n  password: {_v}\n  username: {b64('admin')}\n", _v)
_h = "$argon2id$v=19$m=65536,t=3,p=4$" + r(22, B64) + "$" + r(43, B64)
P("6", f"{_h}\n", _h)
_h = "$6$" + r(16, AN + "./") + "$" + r(86, AN + "./")
P("6", f"root:{_h}:19700:0:99999:7:::\n", _h)
_s = r(64, AN + "!@#%^&*()-_[]{}<>~+=,.;:/?|")
P("6", f"define( 'AUTH_KEY',         '{_s}' );\n", _s)
P("6", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: k\nPublic-Lines: 2\n"
       + r(64, B64) + "\n" + r(20, B64) + "\nPrivate-Lines: 1\n" + (_pl := r(44, B64)) + "\nPrivate-MAC: "
       + hx(64) + "\n", _pl)
P("6", "seed: abandon ability able about above absent absorb abstract absurd abuse access accident\n",
  "absorb abstract absurd abuse")
P("6", "wif: 5" + (_w := r(50, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")) + "\n", _w)
_t = SG
P("6", f"const key = 'SG.' + '{SG[3:25]}' + '.{SG[26:]}';\n", (SG[3:25], SG[26:]))
_t = "sk-proj-" + r(100, B64U)
P("6", f"OPENAI_API_KEY={_t[:60]}\\\n{_t[60:]}\n", (_t[:60], _t[60:]))
_t = r(40, B64U)
P("6", "q=" + urllib.parse.quote("password=UrlEnc!Pw#2024&user=x") + "\n", urllib.parse.quote("UrlEnc!Pw#2024"))
P("6", "Content-Transfer-Encoding: quoted-printable\n\nyour password=3A QpMailPw2024=\nnew line\n", "QpMailPw2024")
P("6", json.dumps({"log": "connecting with password=\"JsonLogPw2024\""}), "JsonLogPw2024")
P("6", f"  - {r(40, B64U)}\n", ())
ROWS[-1] = ("6", ROWS[-1][1], (ROWS[-1][1].strip()[2:],), ())

# --- wave 2: more syntaxes, files and prose -----------------------------------------------------------
W = "2w"
P("3", "export DB_PASSWORD='Pa$$w0rd!x'\n", "Pa$$w0rd!x")
P("3", "password:Hunter2Rocks9\n", "Hunter2Rocks9")
P("3", "PASSWORD = \"p@ss w0rd with spaces\"\n", "p@ss w0rd with spaces")
P("3", "db_password: !!str 12345678\n", "12345678")
P("3", "password: |\n  BlockScalarPw24\nuser: x\n", "BlockScalarPw24")
P("3", "set PASSWORD=WinSetPw2024\n", "WinSetPw2024")
P("3", "$env:API_KEY = \"" + (_t := r(32)) + "\"\n", _t)
P("3", "setx API_TOKEN \"" + (_t := r(32)) + "\"\n", _t)
P("3", "set -gx API_TOKEN " + (_t := r(32)) + "\n", _t)
P("3", "[System.Environment]::SetEnvironmentVariable('DB_PASS', 'PoshEnvPw24', 'User')\n", "PoshEnvPw24")
P("3", "System.setProperty(\"db.password\", \"JavaPropPw24\");\n", "JavaPropPw24")
P("3", "props.put(\"mail.smtp.password\", \"JavaPutPw24\");\n", "JavaPutPw24")
P("3", "config[\"api_key\"] = \"" + (_t := r(32)) + "\"\n", _t)
P("3", "ENV['SECRET_TOKEN'] ||= '" + (_t := r(32)) + "'\n", _t)
P("3", "r = requests.get(url, auth=(\"svc\", \"TupleAuthPw24\"))\n", "TupleAuthPw24")
P("3", "requests.get(url, auth=HTTPBasicAuth('svc', 'BasicAuthPw24'))\n", "BasicAuthPw24")
P("3", "conn = mysql.connector.connect(host=\"db\", user=\"app\", password=\"ConnKwPw24\")\n", "ConnKwPw24")
P("3", "psycopg2.connect(\"dbname=app user=app password=DsnPw2024x host=db\")\n", "DsnPw2024x")
P("3", "db, err := sql.Open(\"mysql\", \"app:GoDsnPw24@tcp(127.0.0.1:3306)/shop\")\n", "GoDsnPw24")
P("2", "REDIS_URL=redis://:RedisUrlPw24@cache:6379/0\n", "RedisUrlPw24")
P("2", "amqp://guest:AmqpPw2024x@rabbit:5672/\n", "AmqpPw2024x")
P("2", "mongodb+srv://app:MongoSrvPw24@cluster0.ab1cd.mongodb.net/prod?retryWrites=true\n", "MongoSrvPw24")
P("2", "EMAIL_URL=smtp://mailer:SmtpUrlPw24@smtp.example.com:587\n", "SmtpUrlPw24")
P("2", "ftp://deploy:FtpUrlPw24@ftp.example.com/htdocs\n", "FtpUrlPw24")
P("3", "credentials {\n    username = \"ci\"\n    password = \"GradleKtsPw24\"\n}\n", "GradleKtsPw24")
P("3", "db.password: PropColonPw24\n", "PropColonPw24")
P("3", "db.password PropSpacePw24\n", "PropSpacePw24")
P("3", "variable \"db_password\" {\n  type    = string\n  default = \"HclDefaultPw24\"\n}\n", "HclDefaultPw24")
P("3", "environment: { DB_PASS: ComposeMapPw24, TZ: UTC }\n", "ComposeMapPw24", ("TZ: UTC",))
P("3", "stringData:\n  password: StringDataPw24\n", "StringDataPw24")
P("3", "API_KEY=" + (_t := r(24)) + " # prod key\n", _t)
P("5", "username,password,role\nalice,CsvColPw2024,admin\nbob,CsvColPw2025,user\n", ("CsvColPw2024", "CsvColPw2025"),
  ("username,password,role",))
P("5", "| user | password |\n|------|----------|\n| alice | MdTablePw24 |\n", "MdTablePw24")
P("6", "[09:14] sam: my password is hunter2rocks\n", "hunter2rocks")
P("6", "the wifi password is 'BlueFalcon77'\n", "BlueFalcon77")
P("6", "login: admin / Adm1nSlash2024!\n", "Adm1nSlash2024!")
P("6", "creds are admin/Welcome123x for the staging box\n", "Welcome123x")
P("6", "user admin pwd Welcome1234y\n", "Welcome1234y")
P("6", "Your temporary password is: TmpPw-8812x\n", "TmpPw-8812x")
P("6", "Username: jdoe\nPassword: EmailPw2024z\n", "EmailPw2024z")
P("6", "Passwort: Geheim2024de\n", "Geheim2024de")
P("6", "mot de passe : Secret2024fr\n", "Secret2024fr")
P("6", "contraseña: Clave2024es\n", "Clave2024es")
P("6", "otpauth://totp/Example:alice?secret=" + (_t := r(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"))
  + "&issuer=Example\n", _t)
P("6", f"here's the jwt: {JWT}\n", JWT)
P("3", "curl -H \"Authorization: Token " + (_t := hx(40)) + "\" https://api.example.com/\n", _t)
P("3", "Authorization: Bot " + (_t := f"MT{r(24)}.{r(6, B64U)}.{r(38, B64U)}") + "\n", _t)
P("3", "Authorization: AWS4-HMAC-SHA256 Credential=" + AWS_ID + "/20261201/us-east-1/s3/aws4_request, "
  "SignedHeaders=host;x-amz-date, Signature=" + (_t := hx(64)) + "\n", (_t, AWS_ID))
P("3", "apikey: " + (_t := r(40, B64U)) + "\n", _t)
P("3", "Ocp-Apim-Subscription-Key: " + (_t := hx(32)) + "\n", _t)
P("3", "> GET /v1/me HTTP/2\n> Host: api.example.com\n> Authorization: Bearer " + (_t := r(40, B64U)) + "\n", _t)
P("5", json.dumps({"request": {"postData": {"mimeType": "application/x-www-form-urlencoded",
                                              "text": "username=a&password=HarPostPw24"}}}), "HarPostPw24")
P("5", "grant_type=password&username=u&password=FormBodyPw24&client_secret=" + (_t := r(32)) + "\n",
  ("FormBodyPw24", _t))
P("5", json.dumps({"grant_type": "client_credentials", "client_id": "web", "client_secret": (_t := r(40, B64U))}), _t)
P("5", "mutation { login(email: \"a@example.com\", password: \"GqlPw2024x\") { token } }\n", "GqlPw2024x")
P("2", "<wsse:UsernameToken><wsse:Username>svc</wsse:Username><wsse:Password Type=\"#PasswordText\">SoapPw2024"
  "</wsse:Password></wsse:UsernameToken>\n", "SoapPw2024")
P("2", "dn: uid=jdoe,ou=people,dc=corp\nuserPassword: {SSHA}" + (_t := r(32, B64)) + "\n", _t)
P("2", "dn: uid=jdoe,ou=people,dc=corp\nuserPassword:: " + (_t := b64("LdifPlainPw24")) + "\n", _t)
P("2",
  "<AdministratorPassword>\n  <Value>UnattendPw24</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>\n",
  "UnattendPw24")
P("2", "hostname r1\nenable secret 5 $1$mERr$" + (_t := r(22, AN + "./")) + "\n", _t)
P("2", "hostname r1\nusername admin privilege 15 password 7 0822455D0A16544541\n", "0822455D0A16544541")
P("2", "!\nsnmp-server community Publ1cCommun1ty RO\n", "Publ1cCommun1ty")
P("2", "!\ncrypto isakmp key IsakmpPsk2024 address 203.0.113.5\n", "IsakmpPsk2024")
P("2", " pre-shared-key PreShared2024x\n", "PreShared2024x")
P("2", "vrrp_instance VI_1 {\n    authentication {\n        auth_type PASS\n        auth_pass KeepPw99\n    }\n}\n",
  "KeepPw99")
P("2", "[smtp.example.com]:587 mailer:SaslPw2024x\n", "SaslPw2024x")
P("2", "requirepass RedisConfPw24\nmasterauth RedisMasterPw24\n", ("RedisConfPw24", "RedisMasterPw24"))
P("2", "primary_conninfo = 'host=db1 port=5432 user=rep password=ReplConnPw24'\n", "ReplConnPw24")
P("2", "CHANGE MASTER TO MASTER_HOST='db1', MASTER_USER='rep', MASTER_PASSWORD='ReplMasterPw24';\n", "ReplMasterPw24")
P("2", "<user username=\"admin\" password=\"TomcatPw2024\" roles=\"manager-gui\"/>\n", "TomcatPw2024",
  ('roles="manager-gui"',))
P("2", "<Connector port=\"8443\" keystoreFile=\"conf/k.jks\" keystorePass=\"KsPass2024x\" />\n", "KsPass2024x",
  ('port="8443"',))
P("2", "admin: JettyPw2024,admin\n", ())
ROWS.pop()
P("2", "K 8\npassword\nV 12\nSvnAuthPw24\nK 8\nusername\nV 4\njdoe\nEND\n", "SvnAuthPw24")
P("2", "[Interface]\nPrivateKey = " + (_t := r(43, B64) + "=") + "\nAddress = 10.0.0.2/32\n[Peer]\nPresharedKey = "
  + (_u := r(43, B64) + "=") + "\n", (_t, _u))
P("2", "HashedControlPassword 16:" + (_t := hx(58).upper()) + "\n", _t)
P("2", "[Credentials]\ngs_access_key_id = GOOG" + r(20, UPN) + "\ngs_secret_access_key = " + (_t := r(40, B64))
  + "\n", _t)
P("2", json.dumps({"auths": {"quay.io": {"identitytoken": (_t := r(64, B64U))}}}), _t)
P("2", "users:\n- name: oidc\n  user:\n    auth-provider:\n      config:\n        refresh-token: " + (_t := r(40, B64U))
  + "\n        id-token: " + JWT + "\n", (_t, JWT))
P("2", "credentials \"app.terraform.io\" {\n  token = \"" + (_t := f"{r(14)}.atlasv1.{r(67, B64U)}") + "\"\n}\n", _t)
P("2", "github.com:\n    oauth_token: " + GHO + "\n    user: jdoe\n", GHO)
P("2", "[{\"accessToken\": \"" + JWT + "\", \"refreshToken\": \"0.A" + (_t := r(120, B64U)) + "\"}]", (JWT, _t))
P("6", "http://localhost:8888/?token=" + (_t := hx(48)) + "\n", _t)
P("5", json.dumps({"type": "message", "text": "here's the bot key: xoxb-"
  + (_t := f"{r(12, string.digits)}-{r(13, string.digits)}-{r(24)}")}),
  _t)
P("6", "2026-12-01 10:00:01 ERROR could not connect: Server=db;User Id=sa;Password=LogConnPw24;\n", "LogConnPw24")
P("5", json.dumps([{"Config": {"Env": ["POSTGRES_PASSWORD=InspectPw24", "PATH=/usr/local/bin"]}}], indent=2),
  "InspectPw24", ("PATH=/usr/local/bin",))
P("4", "AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjE" + (_t := r(300, B64)) + "\n", _t[:80])
P("4", "aws_access_key_id = ASIA" + (_t := r(16, UPN)) + "\n", "ASIA" + _t)
P("4", "access_token: ya29." + (_t := r(150, B64U)) + "\n", _t)
P("4", "refresh_token: 1//0" + (_t := r(100, B64U)) + "\n", _t)
P("4", "AZURE_DEVOPS_PAT=" + (_t := r(52, "abcdefghijklmnopqrstuvwxyz234567")) + "\n", _t)
P("4", "xoxp-" + (_t := f"{r(12, string.digits)}-{r(12, string.digits)}-{r(13, string.digits)}-{hx(32)}") + "\n", _t)
P("4", "POSTMARK_SERVER_TOKEN=" + (_t := uuid()) + "\n", _t)
P("4", "AUTH0_CLIENT_SECRET=" + (_t := r(64, B64U)) + "\n", _t)
P("4", "DO_SPACES: doo_v1_" + (_t := hx(64)) + "\n", _t)
P("4", "LINODE_TOKEN=" + (_t := hx(64)) + "\n", _t)
P("4", "SCW_SECRET_KEY=" + (_t := uuid()) + "\n", _t)
P("4", "ALIBABA_CLOUD_ACCESS_KEY_SECRET=" + (_t := r(30)) + "\n", _t)
P("4", "id: LTAI" + (_t := r(20)) + "\n", "LTAI" + _t)
P("4", "TENCENTCLOUD_SECRET_ID=AKID" + (_t := r(32)) + "\n", "AKID" + _t)
P("4", "CLOUDINARY_URL=cloudinary://" + r(15, string.digits) + ":" + (_t := r(27, B64U)) + "@demo\n", _t)
P("4", "B2_APPLICATION_KEY=K005" + (_t := r(27)) + "\n", _t)
P("4", "pk = 'rzp_live_" + r(14) + "'\nrazorpay_secret = '" + (_t := r(24)) + "'\n", _t)
P("4", "MOLLIE_API_KEY=live_" + (_t := r(30)) + "\n", _t)
P("4", "WOO_CONSUMER_SECRET=cs_" + (_t := hx(40)) + "\n", _t)
P("4", "TWITCH_OAUTH=oauth:" + (_t := r(30, "abcdefghijklmnopqrstuvwxyz0123456789")) + "\n", _t)
P("4", "SPOTIFY_CLIENT_SECRET=" + (_t := hx(32)) + "\n", _t)
P("4", "ZOHO_REFRESH=1000." + (_t := hx(32) + "." + hx(32)) + "\n", _t)
P("4", "CLICKUP_TOKEN=pk_" + (_t := r(8, string.digits) + "_" + r(32, UPN)) + "\n", _t)
P("4", "TRELLO_TOKEN=" + (_t := hx(64)) + "\n", _t)
P("4", "ROLLBAR_ACCESS_TOKEN=" + (_t := hx(32)) + "\n", _t)
P("4", "JENKINS_API_TOKEN=11" + (_t := hx(32)) + "\n", _t)
P("4", "OCTOPUS_API_KEY=API-" + (_t := r(27, UPN)) + "\n", _t)
P("4", "NUGET_API_KEY=oy2" + (_t := r(43, "abcdefghijklmnopqrstuvwxyz0123456789")) + "\n", _t)
P("4", "CLOJARS_TOKEN=CLOJARS_" + (_t := hx(60)) + "\n", _t)
P("4", "HF_ORG=api_org_" + (_t := r(34)) + "\n", _t)
P("4", "OPENAI_API_KEY=sk-" + (_t := r(20) + "T3BlbkFJ" + r(20)) + "\n", _t)
P("4", "ANTHROPIC_ADMIN_KEY=sk-ant-admin01-" + (_t := r(93, B64U)) + "AA\n", _t)
P("4", "PPLX_API_KEY=pplx-" + (_t := r(48)) + "\n", _t)
P("4", "XAI_API_KEY=xai-" + (_t := r(80)) + "\n", _t)
P("4", "ELEVENLABS_API_KEY=sk_" + (_t := hx(48)) + "\n", _t)
P("4", "LANGSMITH_API_KEY=lsv2_pt_" + (_t := hx(32) + "_" + hx(10)) + "\n", _t)
P("4", "WANDB_API_KEY=" + (_t := hx(40)) + "\n", _t)
P("4", "TOGETHER_API_KEY=" + (_t := hx(64)) + "\n", _t)
P("4", "DEEPSEEK_API_KEY=sk-" + (_t := hx(32)) + "\n", _t)
P("4", "MISTRAL_API_KEY=" + (_t := r(32)) + "\n", _t)
P("4", "COHERE_API_KEY=" + (_t := r(40)) + "\n", _t)
P("4", "SPLUNK_HEC_TOKEN=" + (_t := uuid()) + "\n", _t)
P("4", "PAGERDUTY_TOKEN=u+" + (_t := r(18, B64U)) + "\n", _t)
P("4", "FASTLY_API_TOKEN=" + (_t := r(32, B64U)) + "\n", _t)
P("4", "INFISICAL_TOKEN=st." + (_t := uuid() + "." + hx(32) + "." + hx(32)) + "\n", _t)
P("4", "client_token = akab-" + (_t := r(16, "abcdefghijklmnopqrstuvwxyz0123456789") + "-" + r(16,
  "abcdefghijklmnopqrstuvwxyz0123456789")) + "\n", _t)
P("4", "PAYSTACK_SECRET_KEY=sk_live_" + (_t := hx(40)) + "\n", _t)
P("4", "sops:\n    age:\n        - recipient: age1" + r(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l") + "\n", ())
ROWS.pop()
P("4", "-----BEGIN DSA PRIVATE KEY-----\n" + "\n".join(r(64, B64) for _ in range(4))
  + "\n-----END DSA PRIVATE KEY-----\n",
  ())
ROWS[-1] = ("4", ROWS[-1][1], (ROWS[-1][1].split("\n")[2],), ())
P("4", "key: \"-----BEGIN PRIVATE KEY-----\\n" + (_t := r(64, B64)) + "\\n" + r(64, B64)
  + "\\n-----END PRIVATE KEY-----\\n\"\n", _t)
P("6", "```\n" + (_t := r(48, B64U)) + "\n```\n", _t)
P("6", "token: " + (_t := r(24, B64U)) + "\n", _t)
P("6", "The new key is " + (_t := r(32)) + ".\n", _t)
P("6", "(" + (_t := r(40, B64)) + ")\n", _t)

# --- wave 3: encoded, split and wrapped forms; more files -----------------------------------------------
P("6", "redirect=" + urllib.parse.quote("https://x.example.com/cb?token=" + (_t := r(40, B64U)), safe="") + "\n", _t)
P("6", "data=" + urllib.parse.quote(json.dumps({"password": "UrlJsonPw2024"})) + "\n", "UrlJsonPw2024")
P("6", json.dumps({"config": json.dumps({"db": {"password": "DoubleJsonPw24"}})}), "DoubleJsonPw24")
P("6", "\"env\": \"DB_PASSWORD=EscEnvPw2024\\nDB_HOST=x\"\n", "EscEnvPw2024")
P("6", "Subject: creds\nContent-Transfer-Encoding: quoted-printable\n\nthe pass=\nword is QpSplitPw24 ok\n", ())
ROWS.pop()
P("6", "Content-Transfer-Encoding: base64\n\n" + b64("Hi,\nthe password is B64MailPw2024\nBye\n") + "\n", ())
ROWS[-1] = ("6", ROWS[-1][1], (ROWS[-1][1].split("\n\n")[1].strip()[:40],), ())
P("6", "echo " + (_b := b64("export AWS_SECRET_ACCESS_KEY=" + AWS_SK)) + " | base64 -d | sh\n", _b)
P("6", "token = \"" + (_t := "ghp_" + r(36)) [:20] + "\" \\\n    \"" + _t[20:] + "\"\n", (_t[4:20], _t[20:]))
P("6", "const k = [\"" + (_t := "sk_live_" + r(40))[:16] + "\", \"" + _t[16:] + "\"].join('');\n", _t[16:])
P("6", "API_KEY=\"" + (_t := r(64, B64U))[:32] + "\"\nAPI_KEY+=\"" + _t[32:] + "\"\n", (_t[:32], _t[32:]))
P("4", "-----BEGIN RSA PRIVATE KEY-----\r\n" + (_l := r(64, B64)) + "\r\n" + r(64, B64)
  + "\r\n-----END RSA PRIVATE KEY-----\r\n", _l)
P("4", "    -----BEGIN OPENSSH PRIVATE KEY-----\n    " + (_l := r(70, B64)) + "\n    " + r(70, B64)
  + "\n    -----END OPENSSH PRIVATE KEY-----\n", _l)
P("4", "> -----BEGIN EC PRIVATE KEY-----\n> " + (_l := r(64, B64)) + "\n> -----END EC PRIVATE KEY-----\n", _l)
P("4", "ssh_key: |\n  -----BEGIN OPENSSH PRIVATE KEY-----\n  " + (_l := r(70, B64))
  + "\n  -----END OPENSSH PRIVATE KEY-----\n", _l)
P("4", "PuTTY-User-Key-File-2: ssh-rsa\nEncryption: aes256-cbc\nComment: k\nPublic-Lines: 1\n" + r(64, B64)
  + "\nPrivate-Lines: 2\n" + (_l := r(64, B64)) + "\n" + r(40, B64) + "\nPrivate-MAC: " + hx(40) + "\n", _l)
P("4", "{\"kty\":\"RSA\",\"n\":\"" + r(86, B64U) + "\",\"e\":\"AQAB\",\"d\":\"" + (_t := r(86, B64U))
  + "\",\"p\":\"" + r(43, B64U) + "\"}",
  _t)
P("4", "ENC[AES256_GCM,data:" + r(24, B64) + "=,iv:" + r(43, B64) + "=,tag:" + r(22, B64) + "==,type:str]\n", ())
ROWS.pop()
P("4", "github: " + GHP[:-6] + _b62(zlib.crc32(GHP[4:-6].encode())) + "\n", GHP[4:-6])
P("4", "found ghu_" + (_t := r(36)) + " in the log\n", _t)
P("4", "gitlab: glpat-" + (_t := r(20, B64U)) + " (expires 2027)\n", _t)
P("4", "AWS keys: " + AWS_ID + " / " + AWS_SK + "\n", (AWS_ID, AWS_SK))
P("4", "| key | value |\n|---|---|\n| AWS_SECRET_ACCESS_KEY | " + (_t := r(40, B64)) + " |\n", _t)
P("4", "stripe test: sk_test_" + (_t := r(99)) + "\n", _t)
P("4", "SLACK_SIGNING_SECRET=" + (_t := hx(32)) + "\n", _t)
P("4", "https://" + (_t := r(32, "abcdefghijklmnopqrstuvwxyz0123456789")) + "@sentry.example.com/42\n", _t)
P("4", "webhook: https://outlook.office.com/webhook/" + uuid() + "@" + uuid() + "/IncomingWebhook/"
  + (_t := hx(32)) + "/" + uuid() + "\n", _t)
P("4", "https://discord.com/api/webhooks/" + r(19, string.digits) + "/" + (_t := r(68, B64U)) + "\n", _t)
P("4", "https://api.telegram.org/bot" + (_t := r(10, string.digits) + ":AA" + r(33, B64U)) + "/sendMessage\n", _t)
P("4", "GOOGLE_MAPS=AIza" + (_t := r(35, B64U)) + "\n", _t)
P("4", "\"private_key\": \"-----BEGIN PRIVATE KEY-----\\n" + (_t := r(64, B64))
  + "\\n-----END PRIVATE KEY-----\\n\"", _t)
P("3", "<add key=\"ConnectionStrings:Default\" value=\"Server=s;Database=d;User Id=u;Password=AppSettPw24;\" />\n",
  "AppSettPw24")
P("3", "\"ConnectionStrings\": {\"Default\": \"Host=db;Username=app;Password=NpgsqlPw24;Database=app\"}\n",
  "NpgsqlPw24")
P("3", "spring.mail.password=${MAIL_PASSWORD:SpringDefPw24}\n", "SpringDefPw24")
P("3", "password: \"{{ lookup('env', 'PW') | default('AnsDefPw2024') }}\"\n", "AnsDefPw2024")
P("3", "const secret = process.env.JWT_SECRET || 'JsFallbackSecret24';\n", "JsFallbackSecret24")
P("3", "token = ENV.fetch(\"API_TOKEN\") { \"RubyFetchTok24\" }\n", "RubyFetchTok24")
P("3", "$password = getenv('DB_PASS') ?: 'PhpElvisPw24';\n", "PhpElvisPw24")
P("3", "db_pass=\"${DB_PASS:=ShellAssignPw24}\"\n", "ShellAssignPw24")
P("3", "API_KEY := " + (_t := r(32)) + "\n", _t)
P("3", "  --from-literal=api-key=" + (_t := r(32)) + " \\\n", _t)
P("3", "vault kv put secret/app db_password=VaultKvPw2024 api_key=" + (_t := r(32)) + "\n", ("VaultKvPw2024", _t))
P("3", "heroku config:set SECRET_KEY_BASE=" + (_t := hx(128)) + " -a app\n", _t)
P("3", "fly secrets set DATABASE_URL=postgres://u:FlySecretPw24@db/app\n", "FlySecretPw24")
P("1", "docker exec -it db psql postgresql://app:DockExecPw24@localhost/app\n", "DockExecPw24")
P("1", "kubectl exec -it api -- env MYSQL_PWD=KubeExecPw24 mysql -h db\n", "KubeExecPw24")
P("1", "runas /user:admin \"cmd /c net use \\\\\\\\fs\\\\s RunasNetPw24 /user:CORP\\\\a\"\n", "RunasNetPw24")
P("1", "  101  history -c; export VAULT_TOKEN=" + (_t := "hvs." + r(24)) + "\n", _t)
P("1", "root  77  0.0 0.0 ? S 10:00 0:00 /usr/bin/redis-server *:6379 --requirepass " + (_t := r(20)) + "\n", _t)
P("1", "app   91  0.1 1.0 ? Sl 10:00 0:03 node server.js --db-password=PsNodePw2024 --port 3000\n", "PsNodePw2024",
  ("--port 3000",))
P("1", "postgres 812 0.0 0.3 ? Ss 10:00 0:00 postgres: app app 10.0.0.4(51234) idle\n"
       "app 900 0.0 0.1 ? S 10:00 0:00 pgbouncer -d /etc/pgbouncer.ini\n", ())
ROWS.pop()
P("1", "sudo -S <<< 'HereStrPw2024' apt-get install -y jq\n", "HereStrPw2024")
P("1", "printf '%s\\n' 'PrintfPw2024' | docker login -u ci --password-stdin ghcr.io\n", "PrintfPw2024")
P("1", "echo \"admin:ChpasswdPw24\" | chpasswd\n", "ChpasswdPw24")
P("1", "curl -s -X POST -d 'username=admin&password=CurlFormPw24' https://app.example.com/login\n", "CurlFormPw24")
P("1", "curl -H 'PRIVATE-TOKEN: " + (_t := "glpat-" + r(20, B64U))
  + "' https://gitlab.example.com/api/v4/projects\n", _t)
P("1", "wget --header=\"Authorization: Bearer " + (_t := r(40, B64U)) + "\" https://x.example.com/f\n", _t)
P("1", "git -c http.extraHeader=\"Authorization: Basic " + (_b := b64("ci:GitHdrPw2024"))
  + "\" clone https://x/r.git\n", _b)
P("1", "ftp -n <<EOF\nopen ftp.example.com\nuser deploy FtpHeredocPw24\nput a.zip\nEOF\n", "FtpHeredocPw24")
P("1", "lftp -u deploy,LftpPw2024x sftp://files.example.com\n", "LftpPw2024x")
P("1", "smbclient -U jdoe --password=SmbLongPw24 //fs/share\n", "SmbLongPw24")
P("1", "psexec \\\\\\\\srv -u CORP\\\\admin -p PsexecPw2024 cmd\n", "PsexecPw2024")
P("2", "[mysqldump]\nuser=backup\npassword=MysqldumpCnf24\n", "MysqldumpCnf24")
P("2", "# ~/.config/rclone/rclone.conf\n[gdrive]\ntype = drive\ntoken = {\"access_token\":\"ya29." + (_t := r(60, B64U))
  + "\",\"token_type\":\"Bearer\",\"refresh_token\":\"1//0" + (_u := r(60, B64U)) + "\"}\n", (_t, _u))
P("2", "machine api.heroku.com\n  login jdoe@example.com\n  password " + (_t := uuid()) + "\n", _t)
P("2", "<?xml version=\"1.0\"?>\n<FileZilla3><Servers><Server><Host>ftp.example.com</Host><User>jdoe</User>"
       "<Pass>FzPlainPw2024</Pass></Server></Servers></FileZilla3>\n", "FzPlainPw2024")
P("2", "[sftp-prod]\nHostName=files.example.com\nUserName=jdoe\nPassword=A35C4E5B2F1D0C" + hx(20).upper() + "\n", ())
ROWS[-1] = ("2", ROWS[-1][1], (ROWS[-1][1].split("Password=")[1].strip(),), ())
P("2", "auth-user-pass /etc/openvpn/creds.txt\n<key>\n" + pem("PRIVATE KEY", 3)[0] + "\n</key>\n", ())
ROWS[-1] = ("2", ROWS[-1][1], (ROWS[-1][1].split("\n")[3],), ())
P("2", "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n" + (_t := hx(32)) + "\n" + hx(32)
  + "\n-----END OpenVPN Static key V1-----\n</tls-auth>\n", _t)
P("2", "[credential]\n\thelper = store\n[http]\n\textraheader = AUTHORIZATION: basic "
  + (_b := b64("x:GitCfgPw2024")) + "\n", _b)
P("2", "<settings><proxies><proxy><username>p</username><password>MvnProxyPw24</password></proxy></proxies>"
       "</settings>\n",
  "MvnProxyPw24")
P("2", "registry.example.com/:_authToken=\"" + (_t := r(36)) + "\"\n", _t)
P("2", "[global]\nindex-url = https://ci:PipConfPw2024@pypi.example.com/simple\n", "PipConfPw2024")
P("2", "pypi.example.com:\n  username: ci\n  password: PoetryAuthPw24\n", "PoetryAuthPw24")
P("2", "[tool.poetry.http-basic.corp]\nusername = \"ci\"\npassword = \"PoetryTomlPw24\"\n", "PoetryTomlPw24")
P("2", "//npm.pkg.github.com/:_authToken=" + GHP + "\n@org:registry=https://npm.pkg.github.com\n", GHP)
P("2", "aws_access_key_id=" + AWS_ID + "\naws_secret_access_key=" + (_t := r(40, B64)) + "\naws_session_token="
  + (_u := "FwoGZXIvYXdzE" + r(200, B64)) + "\n", (_t, _u[:60]))
P("6", "Hey, the staging db password changed to Sp4rrow!Nest — update your .env\n", "Sp4rrow!Nest")
P("6", "New creds for the portal:\n  user: jdoe\n  pass: Portal#2024xy\n", "Portal#2024xy")
P("6", "Meeting ID: 812 3456 7890\nPasscode: 551020\n", "551020")
P("6", "Door code is 4471#, alarm code 9021\n", ())
ROWS.pop()
P("6", "> password: Quoted-Reply-Pw9\n> thanks\n", "Quoted-Reply-Pw9")
P("6", "**Password:** `MdBoldPw2024`\n", "MdBoldPw2024")
P("6", "- API key: `" + (_t := r(32)) + "`\n", _t)
P("6", "<td>Password</td><td>HtmlCellPw24</td>\n", "HtmlCellPw24")
P("6", "Password\tTabCellPw2024\n", "TabCellPw2024")
P("6", "Recovery codes:\n" + "\n".join(f"{hx(5)}-{hx(5)}" for _ in range(4)) + "\n", ())
ROWS[-1] = ("6", ROWS[-1][1], tuple(ROWS[-1][1].split("\n")[1:5]), ())

# --- ctl: nothing secret, everything must survive ------------------------------------------------------
def C(text: str, *controls: str) -> None:
    P("ctl", text, (), controls)


C(f"commit {COMMIT}\nAuthor: CI <ci@example.com>\n", COMMIT)
C(f"$ git log --oneline\n{COMMIT[:7]} fix the parser\n{hx(7)} bump deps\n", COMMIT[:7])
C(f"request_id={U1}\n", "request_id=")
C(f"<script src=\"app.js\" integrity=\"{SRI}\" crossorigin=\"anonymous\"></script>\n", SRI)
C(f"\"resolved\": \"https://registry.npmjs.org/x/-/x-1.2.3.tgz\",\n\"integrity\": \"{SRI}\"\n", SRI)
C("color: #3fa9f5; background: #fff;\n", "#3fa9f5")
C("listen 8443 ssl;\nserver_name _;\n", "8443")
C("timeout: 30s\nretry_delay: 1500ms\n", "30s", "1500ms")
C("total: 1,234.56 EUR\n", "1,234.56")
C("version = \"2.14.0-rc.1\"\n", "2.14.0-rc.1")
C("created_at: 2026-12-01T09:12:33.512Z\n", "2026-12-01T09:12:33.512Z")
C("password_field_label = \"Password\"\n", "password_field_label")
C("Please enter your token in the field below. The secret is stored in the vault.\n",
  "Please enter your token in the field below.")
C("ref: 4111 1111 1111 1112\n", "4111 1111 1111 1112")
C("DB_PASSWORD=\n", "DB_PASSWORD=")
C("DB_PASSWORD=${DB_PASSWORD}\n", "${DB_PASSWORD}")
C("password: \"{{ vault_db_password }}\"\n", "{{ vault_db_password }}")
C("dsn = 'dbname=x user=%(user)s password=%(password)s'\n", "%(password)s")
C("api_key: <your-api-key>\n", "<your-api-key>")
C("password: ****\n", "****")
C("PASSWORD=$DB_PASS\n", "$DB_PASS")
C("token = os.environ[\"GITHUB_TOKEN\"]\n", "os.environ[\"GITHUB_TOKEN\"]")
C("password = getpass.getpass(\"Password: \")\n", "getpass.getpass")
C("if (!passwordIsValid(user.password)) { return showPasswordError(); }\n", "passwordIsValid", "showPasswordError")
C("def reset_password_token_expiry(self):\n    return self.token_ttl\n", "reset_password_token_expiry",
  "self.token_ttl")
C("image: nginx@sha256:" + (_d := hx(64)) + "\n", _d)
C(f"sha256sum: {(_d := hx(64))}  release.tar.gz\n", _d)
C(f"{(_d := hx(64))}  release.tar.gz\n", _d)
C("FROM python:3.12-slim\nEXPOSE 8000\n", "python:3.12-slim", "8000")
C("max_connections = 100\nshared_buffers = 128MB\n", "128MB")
C("The API key rotation policy is 90 days; tokens older than that are revoked.\n", "rotation policy is 90 days")
C("secretKeyRef:\n  name: db-secret\n  key: password\n", "key: password", "db-secret")
C("password_hash = bcrypt.hashpw(password, bcrypt.gensalt())\n", "bcrypt.hashpw")
C("const TOKEN_HEADER = 'X-Auth-Token';\n", "'X-Auth-Token'")
C("import { useAuthToken } from './hooks/useAuthToken';\n", "useAuthToken")
C("Accept-Encoding: gzip, deflate, br\nContent-Type: application/json\n", "application/json")
C("pip install requests==2.32.3 urllib3>=2.0\n", "requests==2.32.3")
C("go 1.22\nrequire github.com/stretchr/testify v1.9.0\n", "v1.9.0")
C("github.com/stretchr/testify v1.9.0 h1:" + (_d := r(43, B64)) + "=\n", _d)
C("\"node_modules/lodash\": {\"version\": \"4.17.21\"}\n", "4.17.21")
C("key: value\nname: build\non: [push]\n", "name: build")
C("password: changeme\n# replace changeme before deploying\n", "# replace changeme before deploying")
C("password: example\n", "password: example")
C("token: xxxxxxxxxxxxxxxxxxxxxxxx\n", "xxxxxxxxxxxxxxxxxxxxxxxx")
C("AWS_SECRET_ACCESS_KEY=YOUR_SECRET_ACCESS_KEY\n", "YOUR_SECRET_ACCESS_KEY")
C("api_key=<API_KEY>\n", "<API_KEY>")
C("Authorization: Bearer $TOKEN\n", "$TOKEN")
C("Authorization: Bearer ${{ secrets.GITHUB_TOKEN }}\n", "${{ secrets.GITHUB_TOKEN }}")
C("The token expired at 10:45; the secret santa list is attached.\n", "10:45", "secret santa")
C("uses: actions/setup-node@" + COMMIT + " # v4.0.2\n", COMMIT)
C("docker pull ghcr.io/org/app:1.4.2\n", "ghcr.io/org/app:1.4.2")
C("HTTP/1.1 200 OK\nContent-Length: 5123\nETag: \"" + (_d := hx(32)) + "\"\n", _d, "Content-Length: 5123")
C("ip route add 10.0.0.0/8 via 192.168.1.1\n", "ip route add")
C("class PasswordResetTokenGenerator(BaseTokenGenerator):\n", "PasswordResetTokenGenerator")
C("SECRET_KEY_BASE_LENGTH = 64\nTOKEN_TTL_SECONDS = 3600\n", "SECRET_KEY_BASE_LENGTH = 64", "TOKEN_TTL_SECONDS = 3600")
C("CREATE TABLE users (id int, password_hash text);\n", "password_hash text")
C("mysql -u root -p\nEnter password:\n", "mysql -u root -p")
C("ssh -p 2222 deploy@host\n", "-p 2222")
C("docker run -p 8080:80 nginx\n", "-p 8080:80")
C("git -c core.autocrlf=false clone repo\n", "core.autocrlf=false")
C("The session ended after 20 minutes of inactivity.\n", "20 minutes of inactivity")
C("$ history | tail -3\n  510  ls -la\n  511  cd src\n  512  make test\n", "make test")
C("USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
  "root         1  0.0  0.1 167744 11644 ?        Ss   09:00   0:02 /sbin/init splash\n", "/sbin/init splash")
C("background-image: url(data:image/png;base64,iVBORw0KGgo=);\n", "image/png")
C("TODO: rotate the secret every quarter (see runbook)\n", "rotate the secret every quarter")
C("Key fingerprint = 1A2B 3C4D 5E6F 7A8B 9C0D  1E2F 3A4B 5C6D 7E8F 9A0B\n", "Key fingerprint")
C("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + (_d := r(43, B64)) + " jdoe@laptop\n", "ssh-ed25519")

C("pinned: true\nping: 3\nprivate: false\n", "pinned: true", "ping: 3", "private: false")
C("hmac: sha256\nsession_timeout: 30\ncookie_name: sid\n", "hmac: sha256", "session_timeout: 30", "cookie_name: sid")
C("location /api/ {\n    proxy_pass http://backend:8080/;\n}\n", "proxy_pass ")
C("ProxyPass /app http://127.0.0.1:8080/app\nProxyPassReverse /app http://127.0.0.1:8080/app\n",
  "ProxyPass /app", "ProxyPassReverse /app")
C("ssh-keygen -t ed25519 -N '' -f ~/.ssh/id_ed25519\n", "-N ''")

C("password=*** (masked)\n\"password\":\"[FILTERED]\"\n", "password=***", "[FILTERED]")
C("with:\n  password: ${{ secrets.REGISTRY_PASSWORD }}\n", "${{ secrets.REGISTRY_PASSWORD }}")
C("ansible_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n", "!vault")
C("const PASSWORD_MIN_LENGTH = 12;\nconst TOKEN_EXPIRY_MS = 900000;\n", "PASSWORD_MIN_LENGTH = 12",
  "TOKEN_EXPIRY_MS = 900000")
C("SELECT id, username, password_hash FROM users WHERE id = 42;\n", "password_hash FROM users")
C("if token is None:\n    raise AuthError(\"missing token\")\n", "token is None", "missing token")
C("<input type=\"password\" name=\"password\" placeholder=\"Password\">\n", 'type="password"', 'placeholder="Password"')
C("<string name=\"prompt_password\">Password</string>\n", ">Password<")
C("Forgot your password? Click \"Reset password\" to get a new one.\n", "Forgot your password?")
C("The session cookie is set with HttpOnly and SameSite=Strict.\n", "The session cookie is set")
C("git checkout 4f3c2a1\ngit cherry-pick " + COMMIT + "\n", "4f3c2a1", COMMIT)
C("Merge: 1a2b3c4 5d6e7f8\n", "1a2b3c4 5d6e7f8")
C("\"sha\": \"" + COMMIT + "\",\n\"tree\": {\"sha\": \"" + (_d := hx(40)) + "\"}\n", COMMIT, _d)
C("docker image ls\nREPOSITORY  TAG  IMAGE ID      CREATED\napp         1.2  3f4e5d6c7b8a  2 days ago\n",
  "3f4e5d6c7b8a")
C("font-family: 'Inter', sans-serif; margin: 0 auto; z-index: 1000;\n", "z-index: 1000")
C("ports:\n  - \"5432:5432\"\n  - \"6379:6379\"\n", "5432:5432", "6379:6379")
C("Retry-After: 120\nX-RateLimit-Remaining: 4999\n", "X-RateLimit-Remaining: 4999")
C("key_id = \"k-2024-01\"\nkey_version = 3\n", "k-2024-01", "key_version = 3")
C("PasswordAuthentication no\nPermitRootLogin prohibit-password\n", "PasswordAuthentication no",
  "PermitRootLogin prohibit-password")
C("auth_type PASS\n", "auth_type PASS")
C("Authorization: Basic <base64 of user:pass>\n", "<base64 of user:pass>")
C("export PATH=$HOME/.local/bin:$PATH\n", "$HOME/.local/bin:$PATH")
C("spring.datasource.password=${DB_PASSWORD}\n", "${DB_PASSWORD}")
P("3", "# password: hunter2x  <- never commit this (example)\n", "hunter2x", ("never commit this",))
C("Content-Security-Policy: script-src 'self' 'nonce-abc123'\n", "script-src 'self'")
C("grpc_pass grpc://backend:50051;\nfastcgi_pass unix:/run/php.sock;\n", "grpc_pass ", "fastcgi_pass ")

#: Leaks found and not fixed this round (a fragment of the row's text -> why); strict xfail, so a fix shows.
KNOWN_LEAKS: dict[str, str] = {
    "expect -c": "a password sent by an expect script (send \"V\\r\")",
    "hmac: HmacKey": "a bare hmac key has no assignment row",
    "quoted \\\"inner": "backslash-escaped quotes inside a double-quoted .env value",
    "= \'\'\'TripleQuoted": "Python triple-quoted strings",
    "password\n--------\n": "psql/mysql result tables (a column header, the value rows below)",
    "creds are admin/": "user/password pairs in prose without blanks around the slash",
    "user admin pwd": "a prose cue without an operator (pwd V)",
    "runas /user:": "a net use password inside a quoted runas command with escaped backslashes",
    "sudo -S <<<": "a here-string fed to sudo -S",
    "printf '%s": "printf (not echo) piped to --password-stdin",
    "ftp -n <<EOF": "ftp 'user U P' lines inside a here-document",
    "ENV.fetch(\"API_TOKEN\") {": "Ruby fetch with a block default",
}
KNOWN_BALANCED: dict[str, str] = {
    "pw is Tulip": "a hyphenated human password after 'pw is' (strict reads it as a name)",
}


def _params(rows, known: bool = True):
    out = []
    for i, row in enumerate(rows):
        why = next((w for k, w in KNOWN_LEAKS.items() if k in row[1]), None)
        marks = [pytest.mark.xfail(reason=why, strict=True)] if known and why and row[2] else []
        out.append(pytest.param(*row, marks=marks, id=f"{row[0]}-{i}"))
    return out


P("5", "name,url,username,password,note\nwiki,intranet,jdoe,BrowserExportPw1,\n", "BrowserExportPw1")
P("5", "url\tusername\tpassword\nvpn\tjdoe\tTsvExportPw24\n", "TsvExportPw24")
C("| token | count |\n|---|---|\n| the | 12 |\n| of | 9 |\n", "| the | 12 |")
C("username,password,role\nbob,${db_pw},admin\ncarol,changeme,user\n", "${db_pw}", "changeme")

C("Recovery codes\nDownload these and print them\nthen store them offline\n", "Download these and print them")
C("the token count is 4096 and the secret sauce is time\n", "token count is 4096", "secret sauce")
C("Token: the access token rotates daily (see docs)\n", "rotates daily")
C("apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-creds\ntype: Opaque\n", "kind: Secret", "type: Opaque")
C("password_reset_url: /accounts/reset/\npassword_policy: strong\n", "password_policy: strong")
C("jwt:\n  algorithm: HS256\n  expiry: 3600\n", "algorithm: HS256", "expiry: 3600")
C("- uses: docker/login-action@v3\n  with:\n    username: ${{ github.actor }}\n"
  "    password: ${{ secrets.GITHUB_TOKEN }}\n",
  "${{ secrets.GITHUB_TOKEN }}")
C("git log --format='%H %s'\n" + COMMIT + " Fix token refresh\n", COMMIT)
C("\"dependencies\": {\"jsonwebtoken\": \"^9.0.2\", \"bcrypt\": \"5.1.1\"}\n", "^9.0.2", "5.1.1")
C("Checksum: sha256:" + (_d := hx(64)) + "\n", _d)
C("build id 20261201.3, run 4521, attempt 2\n", "20261201.3")
C("mysql -u root -p -h db01\n", "-p -h")
C("psql -W -U app\n", "-W -U app")
C("openssl rand -hex 32\n", "openssl rand -hex 32")
C("ssh-keygen -t ed25519 -C \"jdoe@laptop\" -f ~/.ssh/id_ed25519\n", "-t ed25519")
C("kubectl get secret db-creds -o jsonpath='{.data.password}' | base64 -d\n", "{.data.password}")
C("read -s -p 'Password: ' PW\n", "read -s -p")
C("export HISTCONTROL=ignorespace\n", "=ignorespace")

SECRET_ROWS = [row for row in ROWS if row[0] != "ctl"]
CONTROL_ROWS = [row for row in ROWS if row[2] == () or row[3]]


_REDACTORS = {}


def _redact(mode: str, text: str) -> str:
    red = _REDACTORS.get(mode)
    if red is None:
        red = _REDACTORS[mode] = make(mode)
    return red.redact(text).text


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), _params(SECRET_ROWS))
def test_a_held_out_secret_never_comes_out_raw(mode, family, text, secrets, controls):
    out = _redact(mode, text)
    leaked = [s for s in secrets if s and s in out]
    why = next((w for k, w in KNOWN_BALANCED.items() if k in text), None)
    if mode == "balanced" and why and leaked:
        pytest.xfail(why)
    assert not leaked, f"family {family} leaks in {mode}"


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), _params(CONTROL_ROWS, known=False))
def test_a_held_out_control_survives_verbatim(mode, family, text, secrets, controls):
    out = _redact(mode, text)
    lost = [c for c in controls if c not in out]
    assert not lost, f"family {family} over-redacts in {mode}: {lost}"
    if family == "ctl":
        assert "[SECRET_" not in out, f"a control text gets a secret placeholder in {mode}"


def test_the_holdout_table_is_broad():
    assert len(SECRET_ROWS) >= 150
    assert sum(len(row[3]) for row in ROWS) >= 60
