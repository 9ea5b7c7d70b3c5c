"""Hold-out secret probes, round 2 (red team, issue 9): file families round 1 did not cover.

Each row is (family, text, values that must not come out raw, controls that must survive verbatim).
Families: ``pm`` password-manager and browser exports, cookie jars and HAR captures; ``net`` network
configs (Wi-Fi, VPN, IPsec, router/switch/firewall, proxies, Redis); ``cloud`` cloud and CLI config
files; ``app`` application and build configs; ``win`` Windows exports and scripts; ``cli`` command
lines; ``chat`` passwords pasted into chats, emails and notes, in several languages; ``ctl`` texts
that hold nothing secret. Values are fictional: random bodies of the right alphabet and length from
a fixed seed, or human-style passwords built from words, digits and symbols.
"""

from __future__ import annotations

import base64
import random
import string

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

_R = random.Random(20261201)
AN = string.ascii_letters + string.digits
HX = "0123456789abcdef"
B64 = AN + "+/"
_WORDS = ("Kestrel", "Harbor", "Lantern", "Quokka", "Marble", "Falcon", "Juniper", "Cobalt", "Meadow", "Tundra",
          "Saffron", "Pebble", "Orchid", "Granite", "Willow", "Nimbus", "Sorrel", "Basalt", "Heron", "Thistle")


def r(n: int, alphabet: str = AN) -> str:
    """A random body; alphanumeric ones mix upper, lower and digits as generated tokens do."""
    while True:
        t = "".join(_R.choice(alphabet) for _ in range(n))
        if alphabet != AN or (any(c.isdigit() for c in t) and any(c.isupper() for c in t)
                              and any(c.islower() for c in t)):
            return t


def hp() -> str:
    """A human-made password: two words, digits and a separator or symbol (``Falcon-Heron-47``)."""
    a, b = _R.sample(_WORDS, 2)
    return f"{a}{_R.choice('-_!#.$')}{b}{_R.randint(10, 9999)}"


def hph() -> str:
    """A human-made password joined by hyphens only (``Falcon-Heron-47``): the shape keyless detection misses."""
    a, b = _R.sample(_WORDS, 2)
    return f"{a}-{b}-{_R.randint(10, 99)}"


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def digits(n: int) -> str:
    return "".join(_R.choice(string.digits) for _ in range(n))


ROWS: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = []


def P(family: str, text: str, secrets: tuple[str, ...] | str, controls: tuple[str, ...] = ()) -> None:
    ROWS.append((family, text, (secrets,) if isinstance(secrets, str) else secrets, controls))


def C(text: str, *controls: str) -> None:
    ROWS.append(("ctl", text, (), controls))


# --- pm: password-manager and browser exports, cookie jars, HAR ----------------------------------------
_a, _b = hp(), r(12)
P("pm", f"name,url,username,password,note\nintranet,https://intranet.example.org/login,j.doe,{_a},\n"
  f"portal,https://portal.example.net/,jdoe@example.net,{_b},work vpn\n", (_a, _b),
  ("name,url,username,password,note",))
_a = hp()
P("pm", '"url","username","password","httpRealm","formActionOrigin","guid","timeCreated"\n'
  f'"https://accounts.example.com","mara.k","{_a}",,"https://accounts.example.com","{{{r(8, HX)}}}",'
  '"1700000000000"\n', _a, ('"httpRealm"',))
_a, _t = hp(), r(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
P("pm", "folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\n"
  f"Work,,login,Jira,,,0,https://jira.example.com,dev.ops,{_a},{_t}\n", (_a, _t), ("login_password",))
_a, _t = r(16), r(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
P("pm", '{\n  "items": [\n    {\n      "type": 1,\n      "name": "AWS console",\n      "login": {\n'
  f'        "username": "ops-admin",\n        "password": "{_a}",\n'
  f'        "totp": "otpauth://totp/AWS:ops?secret={_t}&issuer=AWS"\n      }}\n    }}\n  ]\n}}\n',
  (_a, _t), ('"items"',))
_a = hp()
P("pm", "Title,Website,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes\n"
  f"Staging DB,https://db.example.io,postgres,{_a},,false,false,,\n", _a, ("Title,Website,Username,Password",))
_a = hp()
P("pm", '{"fields":[{"value":"ops","id":"","name":"username","type":"T","designation":"username"},'
  f'{{"value":"{_a}","id":"","name":"password","type":"P","designation":"password"}}]}}', _a,
  ('"designation"',))
_a = hp()
P("pm", f"url,username,password,totp,extra,name,grouping,fav\nhttps://mail.example.com,kim,{_a},,,Mail,Personal,0\n",
  _a, ("url,username,password,totp",))
_a = r(24)
P("pm", f'<Entry>\n\t<String>\n\t\t<Key>Password</Key>\n\t\t<Value ProtectInMemory="True">{_a}</Value>\n'
  "\t</String>\n\t<String>\n\t\t<Key>Title</Key>\n\t\t<Value>Router</Value>\n\t</String>\n</Entry>\n", _a,
  ("<Key>Title</Key>", "<Key>Password</Key>", "Router"))
_a = hp()
P("pm", "<String><Key>UserName</Key><Value>admin</Value></String><String><Key>Password</Key>"
  f"<Value>{_a}</Value></String><String><Key>URL</Key><Value>https://nas.local</Value></String>", _a,
  ("<Key>UserName</Key>", "<Key>URL</Key>"))
_a = hp()
P("pm", '"Account","Login Name","Password","Web Site","Comments"\n'
  f'"Router","admin","{_a}","http://192.0.2.1",""\n', _a, ('"Login Name"',))
_a = r(20)
P("pm", "# Netscape HTTP Cookie File\n"
  f".example.com\tTRUE\t/\tTRUE\t1767225600\tsessionid\t{_a}\n", _a, ("sessionid",))
_a, _b = r(32), r(40)
P("pm", f'{{"name": "Authorization", "value": "Bearer {_a}"}},\n{{"name": "Cookie", "value": "csrftoken={_b}"}}',
  (_a, _b), ('"name": "Authorization"',))
_a = hp()
P("pm", '"postData": {"mimeType": "application/x-www-form-urlencoded", '
  f'"params": [{{"name": "username", "value": "alice"}}, {{"name": "password", "value": "{_a}"}}]}}', _a,
  ('"mimeType"',))
_a = r(24)
P("pm", f'"queryString": [{{"name": "access_token", "value": "{_a}"}}, {{"name": "page", "value": "2"}}]', _a,
  ('"page", "value": "2"',))
_a, _b = r(32), hp()
P("pm", f"<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>app</string>\n\t<key>API_KEY</key>\n"
  f"\t<string>{_a}</string>\n\t<key>password</key>\n\t<string>{_b}</string>\n</dict>\n", (_a, _b),
  ("<key>CFBundleIdentifier</key>", "<key>API_KEY</key>"))
_a = hp()
P("pm", "<Server>\n<Host>ftp.example.com</Host>\n<Port>21</Port>\n<User>jdoe</User>\n"
  f"<Pass encoding=\"base64\">{b64(_a.encode())}</Pass>\n</Server>\n", b64(_a.encode()), ("<Port>21</Port>",))

# --- net: Wi-Fi, VPN, IPsec, router/switch/firewall, proxies, Redis ---------------------------------------
_a, _b = "correct horse battery", r(64, HX)
P("net", f'network={{\n\tssid="HomeNet"\n\tpsk="{_a}"\n\tkey_mgmt=WPA-PSK\n}}\nnetwork={{\n\tssid="Office"\n'
  f"\tpsk={_b}\n}}\n", (_a, _b), ('ssid="Office"',))
_a = hp()
P("net", 'network={\n    ssid="corp"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="jdoe"\n'
  f'    password="{_a}"\n}}\n', _a, ('identity="jdoe"',))
_a, _b = hp(), hp()
P("net", f"[wifi-security]\nkey-mgmt=wpa-psk\npsk={_a}\n\n[802-1x]\neap=peap;\nidentity=jdoe\npassword={_b}\n",
  (_a, _b), ("key-mgmt=wpa-psk", "[802-1x]"))
_a, _b, _c = b64(_R.randbytes(32)), b64(_R.randbytes(32)), b64(_R.randbytes(32))
P("net", f"[Interface]\nPrivateKey = {_a}\nListenPort = 51820\n\n[Peer]\nPublicKey = {_b}\n"
  f"PresharedKey = {_c}\nEndpoint = vpn.example.com:51820\n", (_a, _c), ("ListenPort = 51820",))
_a = hp()
P("net", f"client\ndev tun\n<auth-user-pass>\nvpnuser\n{_a}\n</auth-user-pass>\n", _a, ("dev tun",))
_a, _b = r(32, HX), r(32, HX)
P("net", "key-direction 1\n<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n"
  f"{_a}\n{_b}\n-----END OpenVPN Static key V1-----\n</tls-auth>\n", (_a, _b), ("key-direction 1",))
_a, _b, _c = hp(), hp(), r(24, B64)
P("net", f'# ipsec.secrets\n: PSK "{_a}"\n192.0.2.10 %any : PSK "{_b}"\nmoon.example.org : PSK 0s{_c}\n'
  ": RSA moonKey.pem\n", (_a, _b, "0s" + _c), (": RSA moonKey.pem",))
_a = hp()
P("net", f'conn office\n  left=%defaultroute\n  authby=secret\n  psk={_a}\n', _a, ("authby=secret",))
_s = [hp() for _ in range(5)]
P("net", f"username admin privilege 15 secret 0 {_s[0]}\nenable password {_s[1]}\nsnmp-server community {_s[2]} RW\n"
  f" tacacs-server key {_s[3]}\n crypto isakmp key {_s[4]} address 0.0.0.0\n", tuple(_s), ("privilege 15",))
_s = [hp() for _ in range(6)]
P("net", f"radius-server key {_s[0]}\nntp authentication-key 1 md5 {_s[1]}\n"
  f"snmp-server host 192.0.2.9 version 2c {_s[2]}\n key-string {_s[3]}\n wpa-psk ascii 0 {_s[4]}\n"
  f" ip ospf message-digest-key 2 md5 {_s[5]}\n", tuple(_s), ())
_s = [hp() for _ in range(3)]
P("net", f"aaa new-model\ntacacs-server host 10.9.9.9 key 0 {_s[0]}\n radius-server host 10.0.0.5 auth-port 1645 "
  f"key {_s[1]}\nsnmp-server host 10.0.0.7 informs version 2c {_s[2]}\n", tuple(_s), ("aaa new-model",))
_a, _b = hp(), hp()
P("net", f'set system radius-server 192.0.2.1 secret "{_a}"\nset snmp community {_b} authorization read-only\n',
  (_a, _b), ("authorization read-only",))
_a, _b = hp(), hp()
P("net", f"listen stats\n  bind :8404\n  stats auth admin:{_a}\nuserlist admins\n  user ops insecure-password {_b}\n",
  (_a, _b), ("bind :8404",))
_a, _b, _c = hp(), hp(), hp()
P("net", f"bind 127.0.0.1\nrequirepass {_a}\nmasterauth {_b}\nuser worker on >{_c} ~jobs:* +@all\n", (_a, _b, _c),
  ("bind 127.0.0.1",))
_a = hp()
P("net", f"ACL SETUSER alice on >{_a} ~cached:* +get\n", _a, ("+get",))
_a = hp()
P("net", f"interface=wlan0\nssid=GuestNet\nwpa=2\nwpa_passphrase={_a}\nwpa_key_mgmt=WPA-PSK\n", _a,
  ("interface=wlan0",))
_a, _b = hp(), hp()
P("net", f"/user add name=backup password={_a} group=full\n/interface wireless security-profiles set [ find "
  f"default=yes ] wpa2-pre-shared-key={_b} mode=dynamic-keys\n", (_a, _b), ("group=full",))
_a = hp()
P("net", "config vpn ipsec phase1-interface\n    edit \"to-hq\"\n"
  f"        set psksecret {_a}\n    next\nend\n", _a, ('edit "to-hq"',))
_a, _b = hph(), hph()
P("net", "# client\tserver\tsecret\t\tIP addresses\n"
  f'vpnuser\t*\t"{_a}"\t*\nalice pptpd {_b} *\n', (_a, _b), ())
_a, _b = hp(), hp()
P("net", f"radius server ISE-1\n address ipv4 10.1.1.10 auth-port 1812 acct-port 1813\n key 7 {_a}\n!\n"
  f"tacacs server TAC1\n address ipv4 10.1.1.11\n key {_b}\n", (_a, _b), ("auth-port 1812",))
_a, _b, _c = "$9$" + r(14), "$9$" + r(10), hp()
P("net", f'set system radius-server 10.0.0.9 secret "{_a}"\nset protocols ospf area 0.0.0.0 interface ge-0/0/0.0 '
  f'authentication md5 1 key "{_b}"\nset security ike policy p1 pre-shared-key ascii-text "{_c}"\n', (_a, _b, _c),
  ("set protocols ospf area 0.0.0.0",))
_a, _b = hp(), hp()
P("net", f"tunnel-group 203.0.113.5 ipsec-attributes\n ikev1 pre-shared-key {_a}\n"
  f" ikev2 remote-authentication pre-shared-key {_b}\n", (_a, _b), ("ipsec-attributes",))
_a = hp()
P("net", "<sharedKey>\n  <keyType>passPhrase</keyType>\n  <protected>false</protected>\n"
  f"  <keyMaterial>{_a}</keyMaterial>\n</sharedKey>\n", _a, ("<keyType>passPhrase</keyType>",))
_a = hp()
P("net", f'netsh wlan show profile name="Office" key=clear\n    Key Content            : {_a}\n', _a, ("key=clear",))
_a = hp()
P("net", f"cache_peer parent.example.com parent 3128 0 login=proxyuser:{_a}\n", _a, ("3128",))
_a = hp()
P("net", f"password manager user-name admin plaintext {_a}\n", _a)
_a = hph()
P("net", f'@carol : XAUTH "{_a}"\n', _a)

# --- cloud: cloud and CLI config files ----------------------------------------------------------------
_a, _b = r(40, B64), "FwoGZXIvYXdzE" + r(60, B64)
P("cloud", f"[default]\naws_access_key_id = AKIA{r(16, string.ascii_uppercase + string.digits)}\n"
  f"aws_secret_access_key = {_a}\n[prod]\naws_session_token={_b}\nregion = eu-west-1\n", (_a, _b),
  ("region = eu-west-1",))
_a, _b = r(24, AN + "-_"), "1//0" + r(40, AN + "-_")
P("cloud", f'{{\n  "client_id": "{digits(12)}-{r(32, HX)}.apps.googleusercontent.com",\n'
  f'  "client_secret": "{_a}",\n  "refresh_token": "{_b}",\n  "type": "authorized_user"\n}}\n', (_a, _b),
  ('"type": "authorized_user"',))
_a, _b = r(40, HX), r(64, B64)
P("cloud", f'{{\n  "type": "service_account",\n  "project_id": "demo-proj",\n  "private_key_id": "{_a}",\n'
  f'  "private_key": "-----BEGIN PRIVATE KEY-----\\n{_b}\\n-----END PRIVATE KEY-----\\n"\n}}\n', (_a, _b),
  ('"type": "service_account"',))
_a = r(3) + "8Q~" + r(34, AN + "_-.")
P("cloud", f'{{\n  "appId": "0f8fad5b-d9cb-469f-a165-70867728950e",\n  "displayName": "ci-deployer",\n'
  f'  "password": "{_a}",\n  "tenant": "7c9e6679-7425-40de-944b-e07fc1f90ae7"\n}}\n', _a, ('"displayName"',))
_a, _b = r(32, HX) + "." + r(16, HX), hp()
_k = b64(b"-----BEGIN RSA PRIVATE KEY-----\n" + r(48, B64).encode() + b"\n-----END RSA PRIVATE KEY-----\n")
P("cloud", f"users:\n- name: admin\n  user:\n    token: {_a}\n    client-key-data: {_k}\n- name: basic\n"
  f"  user:\n    username: admin\n    password: {_b}\n", (_a, _k, _b), ("users:",))
_a, _b, _c = "GOCSPX-" + r(28, AN + "-_"), r(40, B64), hp()
P("cloud", f"[gdrive]\ntype = drive\nclient_secret = {_a}\n[s3]\ntype = s3\nsecret_access_key = {_b}\n"
  f"[sftp]\ntype = sftp\npass = {_c}\n", (_a, _b, _c), ("type = drive", "type = sftp"))
_a, _b = hp(), r(40)
P("cloud", f'db_username = "app"\ndb_password = "{_a}"\ncloudflare_api_token = "{_b}"\ninstance_count = 3\n',
  (_a, _b), ("instance_count = 3",))
_a, _b, _c = hp(), hp(), hp()
P("cloud", f"postgresql:\n  auth:\n    postgresPassword: {_a}\n    password: \"{_b}\"\nredis:\n  auth:\n"
  f"    password: '{_c}'\nreplicaCount: 2\n", (_a, _b, _c), ("replicaCount: 2",))
_a, _b = hp(), hp()
P("cloud", f"[web]\nweb01 ansible_host=192.0.2.5 ansible_user=deploy ansible_password={_a} ansible_become_pass={_b}\n",
  (_a, _b), ("[web]",))
_a, _b = hp(), hp()
P("cloud", f"ansible_ssh_pass: '{_a}'\nansible_become_password: \"{_b}\"\n", (_a, _b))
_s = [hp() for _ in range(6)]
P("cloud", f"kubectl create secret generic db --from-literal=password={_s[0]} --from-literal=user=app\n"
  f"helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword={_s[1]}\n"
  f"terraform apply -var 'db_password={_s[2]}' -var region=eu\ndocker run -e POSTGRES_PASSWORD={_s[3]} -e TZ=UTC pg\n"
  f"vault kv put secret/app db_password={_s[4]}\naz login -u svc@example.com -p {_s[5]}\n", tuple(_s),
  ("TZ=UTC", "region=eu"))

# --- app: application and build configs -----------------------------------------------------------------
_s = [hp() for _ in range(4)]
P("app", f"RELEASE_STORE_FILE=release.keystore\nRELEASE_STORE_PASSWORD={_s[0]}\nRELEASE_KEY_ALIAS=upload\n"
  f"RELEASE_KEY_PASSWORD={_s[1]}\nsigning.password={_s[2]}\nossrhPassword={_s[3]}\n", tuple(_s),
  ("RELEASE_KEY_ALIAS=upload",))
_a, _b = hp(), hp()
P("app", f"storePassword={_a}\nkeyPassword={_b}\nkeyAlias=key0\nstoreFile=../upload.jks\n", (_a, _b),
  ("keyAlias=key0",))
_a, _b = hp(), hp()
P("app", f"FASTLANE_PASSWORD={_a}\nMATCH_PASSWORD={_b}\nAPP_IDENTIFIER=com.example.app\n", (_a, _b))
_a, _b, _c = hp(), hp(), r(44)
P("app", f"spring:\n  datasource:\n    username: app\n    password: {_a}\n  mail:\n    password: \"{_b}\"\n"
  f"jwt:\n  secret: {_c}\n", (_a, _b, _c), ("username: app",))
_a, _b = hp(), r(40, HX)
P("app", f"spring.datasource.password={_a}\n"
  f"spring.security.oauth2.client.registration.github.client-secret={_b}\nserver.port=8080\n", (_a, _b),
  ("server.port=8080",))
_a, _b, _c = "django-insecure-" + r(40, AN + "!@#$%^&*(-_=+)"), hp(), hp()
P("app", f"SECRET_KEY = '{_a}'\nDATABASES = {{\n    'default': {{\n        'PASSWORD': '{_b}',\n"
  f"        'PORT': '5432',\n    }}\n}}\nEMAIL_HOST_PASSWORD = \"{_c}\"\n", (_a[16:], _b, _c), ("'PORT': '5432'",))
_a = hp()
P("app", "production:\n  adapter: postgresql\n  password: <%= ENV['APP_DATABASE_PASSWORD'] %>\n"
  f"staging:\n  adapter: mysql2\n  password: {_a}\n", _a, ("<%= ENV['APP_DATABASE_PASSWORD'] %>", "adapter: mysql2"))
_a, _b = hp(), r(64, AN + "!#%&()*+,-./:;<=>?@[]^_{|}~")
P("app", f"define( 'DB_PASSWORD', '{_a}' );\ndefine('AUTH_KEY',         '{_b}');\ndefine( 'DB_HOST', 'localhost' );\n",
  (_a, _b), ("'DB_HOST', 'localhost'",))
_a, _b, _c = b64(_R.randbytes(32)), hp(), r(20, HX)
P("app", f"APP_KEY=base64:{_a}\nDB_PASSWORD={_b}\nMAIL_PASSWORD=null\nPUSHER_APP_SECRET={_c}\n", (_a, _b, _c),
  ("MAIL_PASSWORD=null",))
_a, _b = hp(), r(24)
P("app", f"[Service]\nEnvironment=\"DB_PASS={_a}\" \"LOG_LEVEL=info\"\nEnvironment=API_TOKEN={_b}\n"
  "ExecStart=/usr/bin/app --port 8080\n", (_a, _b), ("LOG_LEVEL=info",))
_a, _b = hp(), r(32)
P("app", f"0 3 * * * PGPASSWORD={_a} pg_dump -h db -U app app > /backup/app.sql\n"
  f"*/5 * * * * curl -s -H 'X-Api-Key: {_b}' https://api.example.com/ping\n", (_a, _b), ("0 3 * * *",))
_s = [hp() for _ in range(4)]
P("app", "services:\n  db:\n    image: mysql:8\n    environment:\n"
  f"      MYSQL_ROOT_PASSWORD: {_s[0]}\n      - MYSQL_PASSWORD={_s[1]}\n      MINIO_ROOT_PASSWORD: \"{_s[2]}\"\n"
  f"      RABBITMQ_DEFAULT_PASS: {_s[3]}\n", tuple(_s), ("image: mysql:8",))
_a = hp()
P("app", f'<tomcat-users>\n  <user username="admin" password="{_a}" roles="manager-gui"/>\n</tomcat-users>\n', _a,
  ('roles="manager-gui"',))
_a, _b = hp(), hp()
P("app", f'set imap_pass = "{_a}"\nset smtp_pass = \'{_b}\'\nset imap_user = "jdoe@example.com"\n', (_a, _b))
_s = [hp() for _ in range(6)]
P("app", f"CREATE USER app WITH PASSWORD '{_s[0]}';\nALTER USER reporting PASSWORD '{_s[1]}';\n"
  f"CREATE USER 'web'@'%' IDENTIFIED BY '{_s[2]}';\nCREATE LOGIN svc WITH PASSWORD = '{_s[3]}';\n"
  f"ALTER USER system IDENTIFIED BY {_s[4]};\nALTER USER scott IDENTIFIED BY tiger;\n", (*_s[:5], "tiger"), ())
_a = r(24)
P("app", f'      - run: echo "::add-mask::{_a}"\n      - run: echo "::add-mask::$TOKEN"\n', _a, ("$TOKEN",))

# --- win: registry exports, PowerShell, batch -----------------------------------------------------------
_a, _b = hp(), hp()
P("win", "Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\"
  f"CurrentVersion\\Winlogon]\n\"DefaultUserName\"=\"kiosk\"\n\"DefaultPassword\"=\"{_a}\"\n\"AutoAdminLogon\"=\"1\"\n"
  f"\n[HKEY_CURRENT_USER\\Software\\SimonTatham\\PuTTY\\Sessions\\prod]\n\"ProxyPassword\"=\"{_b}\"\n", (_a, _b),
  ('"AutoAdminLogon"="1"',))
_a, _b = hp(), hp()
P("win", f'$pw = ConvertTo-SecureString "{_a}" -AsPlainText -Force\n'
  '$cred = New-Object System.Management.Automation.PSCredential ("CORP\\svc", $pw)\n'
  f"$c2 = New-Object PSCredential \"admin\", (ConvertTo-SecureString -String '{_b}' -AsPlainText -Force)\n",
  (_a, _b), ("-AsPlainText -Force",))
_s = [hp() for _ in range(4)]
P("win", f"@echo off\nset DB_PASSWORD={_s[0]}\nset \"API_KEY={_s[1]}\"\nSET SQLPASS={_s[2]}\n"
  f"net use Z: \\\\fileserver\\share {_s[3]} /user:CORP\\jdoe\n", tuple(_s), ("@echo off",))
_a, _b = hp(), hp()
P("win", f"<AutoLogon>\n  <Password>\n    <Value>{_a}</Value>\n    <PlainText>true</PlainText>\n  </Password>\n"
  f"</AutoLogon>\n<AdministratorPassword>\n  <Value>{_b}</Value>\n  <PlainText>true</PlainText>\n"
  "</AdministratorPassword>\n", (_a, _b), ("<PlainText>true</PlainText>",))

# --- cli: command lines ---------------------------------------------------------------------------------
_s = [hp() for _ in range(5)]
P("cli", f"net user svc_backup {_s[0]} /add\ncmdkey /add:fileserver /user:CORP\\jdoe /pass:{_s[1]}\n"
  f"psexec \\\\srv01 -u CORP\\admin -p {_s[2]} cmd\nxfreerdp /v:srv02 /u:admin /p:{_s[3]}\n"
  f"sqlcmd -S db01 -U sa -P {_s[4]} -Q \"select 1\"\n", tuple(_s), ("/v:srv02",))
_s = [hp() for _ in range(5)]
P("cli", f"nmcli dev wifi connect CafeNet password {_s[0]}\nwpa_passphrase HomeNet {_s[1]}\n"
  f"snmpwalk -v2c -c {_s[2]} 192.0.2.1\nsnmpget -v3 -u mon -l authPriv -a SHA -A {_s[3]} -x AES -X {_s[4]} host\n",
  tuple(_s), ("-l authPriv",))
_a = hp()
P("cli", f"snmpbulkwalk -v2c -c {_a} -Cr10 host\n", _a, ("-Cr10",))

# --- chat: passwords in sentences, several languages ----------------------------------------------------
_a = hp()
P("chat", f"[09:14] Maria: the new wifi password is {_a}\n[09:15] Tom: thx!\n", _a, ("thx!",))
_a = hph()
P("chat", f"Tom: use {_a} to log in to the staging box, user is deploy\n", _a, ("to log in",))
_a = digits(4)
P("chat", f"PIN for the door: {_a}\nMeeting at 10:30 in room 4.12\n", _a, ("10:30", "4.12"))
_a = hp()
P("chat", f"Das WLAN-Passwort lautet jetzt {_a}, bitte nicht weitergeben.\n", _a, ("bitte nicht weitergeben",))
_a = hp()
P("chat", f"Le mot de passe du Wi-Fi est : {_a}\n", _a)
_a = hp()
P("chat", f"La contraseña nueva es {_a} (cámbiala al entrar)\n", _a, ("(cámbiala al entrar)",))
_a = hp()
P("chat", f"Het wachtwoord is {_a} voor de gedeelde schijf\n", _a, ("gedeelde schijf",))
_a = hp()
P("chat", f"wachtwoord is nu {_a}\n", _a)
_a = hp()
P("chat", f"la password del router è {_a}\n", _a)
_s = [hp() for _ in range(7)]
P("chat", f"A senha do wifi é {_s[0]}\nHasło do serwera: {_s[1]}\nLösenordet är {_s[2]}\nSalasana on {_s[3]}\n"
  f"パスワードは {_s[4]} です\nПароль: {_s[5]}\nŞifre: {_s[6]}\n", tuple(_s))
_a, _b, _c = hp(), hp(), hp()
P("chat", f"Contraseña del router: {_a}\nLozinka je {_b}\nla clave del wifi es {_c}\n", (_a, _b, _c))
_a = hph()
P("chat", f"kodeordet er {_a}\n", _a)
_a = hp()
P("chat", f'{{"type": "message", "user": "U024BE7LH", "text": "temp creds: admin \\/ {_a}, rotate after demo"}}',
  _a, ('"type": "message"',))
_a, _b = hp(), digits(4)
P("chat", f"Hi team,\n\nYour temporary password is: {_a}\nPlease change it at first login.\n\n"
  f"The door code is {_b}#.\n", (_a, _b), ("Please change it at first login.",))
_a = hp()
P("chat", f"Alex Kim 10:02 AM\npw: {_a}\nAlex Kim 10:03 AM\nuser is the usual one\n", _a, ("user is the usual one",))
_a = "purple monkey dishwasher " + digits(2)
P("chat", f'The passphrase for the signing key is "{_a}".\n', _a)
_s = [hp(), hp(), hp(), digits(4), digits(4), digits(4), digits(6), digits(4)]
P("chat", f"new pw for the NAS: {_s[0]}\nlogin: admin / {_s[1]}\ncreds are svc:{_s[2]}\n"
  f"The code for the safe is {_s[3]}.\nalarm code {_s[4]}\nGate code #{_s[5]}\nZoom passcode: {_s[6]}\n"
  f"keypad code {_s[7]}#\n", tuple(_s))
_a, _b, _c = hp(), hp(), hp()
P("chat", f"for the record the admin password was changed to {_a} yesterday.\nwifi: GuestNet / pw {_b}\n"
  f"the vpn pass is still {_c}\n", (_a, _b, _c))
_a = digits(4)
P("chat", f"code to the gate: {_a}\n", _a)
_a = hph()
P("chat", f"folder,type,name,notes\n,note,Wifi,Guest wifi is {_a}\n", _a)
_a, _b = digits(6), digits(6)
P("chat", f"Ihr Bestätigungscode lautet {_a}.\nVotre code de vérification est {_b}.\n", (_a, _b))

# --- ctl: nothing secret --------------------------------------------------------------------------------
C("Die Passwort-Richtlinie verlangt 12 Zeichen.\nLa contraseña debe tener 8 caracteres.\n"
  "Salasana on 12 merkkiä pitkä.\nLe mot de passe est expiré.\nA senha é obrigatória.\n",
  "8 caracteres", "12 merkkiä pitkä", "est expiré", "é obrigatória")
C("Das Passwort ist abgelaufen.\nLa contraseña es obligatoria.\nHasło do serwera: zmienione\n",
  "ist abgelaufen", "es obligatoria", "zmienione")
C("login at 10:30 tomorrow\nlast login: 2024-01-01T10:00:00Z from the office\n", "10:30", "2024-01-01T10:00:00Z")
C("Risks identified by the 2023 audit.\nCREATE USER x IDENTIFIED BY VALUES 'S:ABC';\n"
  "CREATE USER ext IDENTIFIED EXTERNALLY;\n", "the 2023 audit", "IDENTIFIED EXTERNALLY")
# the postcode after "zip code" is an ADDRESS in the personal-data stages (issue 11), so only the others must stay
C("error code 404 on /login\nbuilding code 2021 applies\nzip code 10115\nthe code for the report is in git\n"
  "status code: 503\nlock screen after 300 seconds\n", "404", "2021", "in git", "503", "300")
C("the mountain pass is 2000m high\nthe tests pass: 120 of 120\npass rate was 98.5%\n", "2000m", "120 of 120", "98.5%")
C("radius-server host 192.0.2.1 auth-port 1812 acct-port 1813\nsnmp-server location Lab 3\n"
  "snmp-server host 192.0.2.9 version 3 priv snmpuser\nstats uri /haproxy\necho done > /tmp/x\n"
  "border-radius: 4px; key: x\n", "auth-port 1812", "Lab 3", "snmpuser", "/haproxy", "4px")
C("snmpwalk -v2c -c $COMMUNITY 192.0.2.1\nxfreerdp /v:srv02 /u:admin /p:$RDP_PW\n"
  "snmpget -v3 -l noAuthNoPriv -u mon host sysUpTime.0\n", "$COMMUNITY", "$RDP_PW", "sysUpTime.0")
C("<dict>\n\t<key>CFBundleName</key>\n\t<string>Notes</string>\n\t<key>NSCameraUsageDescription</key>\n"
  "\t<string>Scan documents</string>\n</dict>\n", "<key>CFBundleName</key>", "<key>NSCameraUsageDescription</key>",
  "Scan documents")
C("user worker on nopass ~* +@all\nuser default off\n", "nopass", "user default off")
C(": RSA moonKey.pem\nkey_mgmt: PSK only\n", ": RSA moonKey.pem", "key_mgmt: ")
C("key chain OSPF\n key 1\n  key-string <KEY>\nradius server ISE-1\n address ipv4 10.1.1.10\n"
  "    Key Content            : Absent\n", " key 1\n", "<KEY>", ": Absent")
C("la clave es la paciencia\ncache_peer p.example.com parent 3128 0 login=PASSTHRU\n", "la paciencia",
  "parent 3128 0 login=")

SECRET_ROWS = [row for row in ROWS if row[0] != "ctl"]
CONTROL_ROWS = [row for row in ROWS if row[2] == () or row[3]]

#: Leaks found and not fixed this round: a fragment of the row's text -> (why, the modes it leaks in). The
#: test expects the leak in those modes (so a fix shows and the entry must go) and no leak in the others.
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {
    "Guest wifi is": ("a password after 'wifi is' with no password word", ("balanced",)),
}


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(SECRET_ROWS))
def test_a_round_two_secret_never_comes_out_raw(mode, family, text, secrets, controls):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(CONTROL_ROWS))
def test_a_round_two_control_survives_verbatim(mode, family, text, secrets, controls):
    out = redact_text(mode, text)
    lost = [c for c in controls if c not in out]
    assert not lost, f"family {family} over-redacts in {mode}: {lost}"
    if family == "ctl":
        assert "[SECRET_" not in out, f"a control text gets a secret placeholder in {mode}"


def test_the_round_two_table_covers_every_family():
    families = {row[0] for row in ROWS}
    assert {"pm", "net", "cloud", "app", "win", "cli", "chat", "ctl"} <= families
    assert len(SECRET_ROWS) >= 80
