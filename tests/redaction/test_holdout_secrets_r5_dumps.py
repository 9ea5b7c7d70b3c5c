"""Hold-out secret probes, round 5 (red team, issue 9): what a consultant copies out of running systems.

Each row is (family, text, values that must not come out raw, controls that must survive verbatim).
Families: ``env`` environment dumps (``env``/``printenv``/``declare -x``, ``docker inspect`` ``"Env"``,
compose, ``kubectl get secret``/``describe``, ``helm get values``, systemd ``Environment=``,
``/proc/PID/environ`` with ``\\0`` or ``^@``, ``ps e``, Java ``-D`` properties, stack traces and config maps
in crash output); ``http`` traffic (browser "Copy as cURL (bash/cmd)", "Copy as fetch", "Copy as
PowerShell", raw proxy requests and responses, Postman/Insomnia collections, OpenAPI examples, webhook
signatures); ``svc`` protocol exchanges and service logs (SMTP AUTH, IMAP LOGIN, POP3/FTP PASS, Redis
AUTH/MONITOR, MySQL general and Postgres statement logs, MongoDB, LDIF, RADIUS, JSON and logfmt logs,
debug prints of config objects, framework debug pages); ``r4`` what round 4 left open in credential files;
``ctl`` the same shapes with nothing secret. Written before reading any earlier round's rows or our corpus
generators. Values are fictional: random bodies of the right alphabet and length, or human-style passwords.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

_SK = "sk_" + "live_" + "4eC39HqLyjWDarjtT1zdp7dc"  # split so the file holds no scanner-tripping literal

ROWS: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = []


def P(family: str, text: str, secrets: tuple[str, ...], controls: tuple[str, ...] = ()) -> None:
    ROWS.append((family, text, secrets, controls))


def C(text: str, *controls: str) -> None:
    ROWS.append(("ctl", text, (), controls))


# --- env: environment dumps (env/printenv/set, docker inspect, compose, kubectl, helm, systemd, /proc environ,
# ps e, -D properties, crash dumps) ---
P("env", "SHELL=/bin/bash\nDB_PASS=Kq82mZt0vLx\nHOME=/home/deploy\nLANG=en_US.UTF-8", ("Kq82mZt0vLx",))
P("env", 'declare -x STRIPE_KEY="' + _SK + '"\ndeclare -x PATH="/usr/bin"', (_SK,))
P("env", "BASH_VERSION='5.1.16(1)-release'\nMYSQL_ROOT_PASSWORD=Tr0ub4dor99x\nPS1='\\u@\\h:\\w\\$ '", ("Tr0ub4dor99x",))
P("env", "SMTP_PW=wq7Hn2vP9c\nSMTP_HOST=mail.example.org\nSMTP_PORT=587", ("wq7Hn2vP9c",))
P("env", '"Env": [\n  "PATH=/usr/local/sbin:/usr/local/bin",\n  "POSTGRES_PASSWORD=pjhbcKSp9adE",\n'
         '  "PGDATA=/var/lib/postgresql/data"\n],', ("pjhbcKSp9adE",))
P("env", '"Env":["NODE_ENV=production","SESSION_SECRET=3xYzFaS0mSZF4MTC","PORT=3000"],', ("3xYzFaS0mSZF4MTC",))
P("env", '"Env": [ "RABBITMQ_DEFAULT_USER=admin", "RABBITMQ_DEFAULT_PASS=u4uTuwj6GUDqsGxQraOU" ]',
  ("u4uTuwj6GUDqsGxQraOU",))
P("env", "services:\n  db:\n    environment:\n      MARIADB_ROOT_PASSWORD: ZFzWGc7LWJ3V\n"
         "      MARIADB_DATABASE: shop", ("ZFzWGc7LWJ3V",))
P("env", "    environment:\n      - KEYCLOAK_ADMIN=admin\n      - KEYCLOAK_ADMIN_PASSWORD=fcV9S0mbfEQ1",
  ("fcV9S0mbfEQ1",))
P("env", "apiVersion: v1\ndata:\n  password: SHI4cyEybVFwWngwTHc=\n  username: YWRtaW4=\nkind: Secret",
  ("SHI4cyEybVFwWngwTHc=",))
P("env", "apiVersion: v1\nkind: Secret\ndata:\n"
         "  DATABASE_URL: cG9zdGdyZXM6Ly9hcHA6WGsyOWZqUW03MUxwQGRiLmludGVybmFsOjU0MzIvb3JkZXJz\n"
         "  APP_ENV: cHJvZHVjdGlvbg==", ("cG9zdGdyZXM6Ly9hcHA6WGsyOWZqUW03MUxwQGRiLmludGVybmFsOjU0MzIvb3JkZXJz",))
P("env", "apiVersion: v1\nkind: Secret\ndata:\n  api-token: a3Q3Um5aM3FXcDl2WHMybQ==", ("a3Q3Um5aM3FXcDl2WHMybQ==",))
P("env", '{"apiVersion":"v1","data":{"client-secret":"QWI5IWtRMnojV200"},"kind":"Secret"}', ("QWI5IWtRMnojV200",))
P("env", "stringData:\n  redis-password: YHW9q69vj0pS\n  redis-host: redis-master", ("YHW9q69vj0pS",))
P("r4", "gcloud secrets versions add db-password --data-file=-\nmytool --secret Xq7Lm2Zp9Wk4 --verbose",
  ("Xq7Lm2Zp9Wk4",), ("db-password",))
P("r4", "[odbc]\nPWD=Pw8Zq2Xm7Lk\nOLDPWD=/srv/app", ("Pw8Zq2Xm7Lk",), ("=/srv/app",))

# --- ctl: the same shapes with nothing secret (env names, headers, settings about passwords, AUTH/PASS words,
# base64 of config, references) ---
C("Name:         app-creds\nNamespace:    default\nType:  Opaque\n\nData\n====\npassword:  16 bytes\n"
  "username:  5 bytes")
P("env", "    Environment:\n      DB_HOST:      postgres\n      DB_PASSWORD:  kdOIQv5AA3UV8\n"
         "      LOG_LEVEL:    info", ("kdOIQv5AA3UV8",))
P("env", "USER-SUPPLIED VALUES:\nauth:\n  rootPassword: HjR3yAdvVXrO\n  username: app", ("HjR3yAdvVXrO",))
P("env", "Environment=DB_USER=app DB_PASSWORD=O6BfhHU3Znfy LOG_LEVEL=debug", ("O6BfhHU3Znfy",))
P("env", 'Environment="API_TOKEN=mnoL3cGFsOWVfJMDQDfsaTR" "PORT=8080"', ("mnoL3cGFsOWVfJMDQDfsaTR",))
P("env", "USER=www-data\\0HOME=/var/www\\0APP_SECRET=Vw2KsT4rnq8Lx\\0PATH=/usr/bin", ("Vw2KsT4rnq8Lx",))
P("env", "USER=www-data^@AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq9mAx4Lp2^@PATH=/bin",
  ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq9mAx4Lp2",))
P("env", " 4121 ?        Ss     0:00 /usr/bin/node server.js PATH=/usr/bin DB_PASSWORD=Zk3nQ8wVt2Ry NODE_ENV="
         "production", ("Zk3nQ8wVt2Ry",))
P("env", "root  812  0.0  1.2 java -Djavax.net.ssl.keyStorePassword=Lm4Xq9Tz7Kp2 -Dfile.encoding=UTF-8 -jar app.jar",
  ("Lm4Xq9Tz7Kp2",))
P("env", "java -Dspring.datasource.password=Hq72nXw9Lp -Dspring.datasource.username=svc -jar api.jar", ("Hq72nXw9Lp",))
P("env", "-Djavax.net.ssl.trustStorePassword=changeit2Xq9 -Xmx2g", ("changeit2Xq9",))
P("env", 'Caused by: org.postgresql.util.PSQLException: FATAL: password authentication failed for user "app"\n'
         "  at jdbc:postgresql://db:5432/app?user=app&password=Wq8Zk2Mn5Lp", ("Wq8Zk2Mn5Lp",))
P("env", 'Traceback (most recent call last):\n  File "app.py", line 12, in <module>\n'
         "    conn = psycopg2.connect(dsn)\n"
         'psycopg2.OperationalError: connection to "postgresql://svc:Jn7Pq2Xz9Vb@10.0.0.4/prod" failed',
  ("Jn7Pq2Xz9Vb",))
P("env", "  config: { host: 'db', user: 'root', password: 'Rb6Tz1Qw8Xc', database: 'shop' }", ("Rb6Tz1Qw8Xc",))
P("env", "Error: connect ECONNREFUSED\n    at TCPConnectWrap.afterConnect [as oncomplete] (net.js:1141:16) {\n"
         "  config: {\n    password: 'Yp3Lm8Zq2Wn',\n    port: 5432\n  }\n}", ("Yp3Lm8Zq2Wn",))

# --- http: traffic copied from browsers and proxies (Copy as cURL/fetch/PowerShell, raw requests and responses,
# Postman/Insomnia, OpenAPI, webhooks) ---
P("http", "curl 'https://api.example.com/v1/orders' \\\n  -H 'accept: application/json' \\\n"
          "  -H 'authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW"
          "1gFWFOEjXk' \\\n  --compressed",
  ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk",))
P("http", "curl 'https://app.example.com/api/me' -H 'cookie: sessionid=k2j4h5g6f7d8s9a0q1w2e3r4t5y6u7i8; csrf"
          "token=Qm8Zt2Xw7Lp4Vn9Rb3Kc6Hy1Jd5'", ("k2j4h5g6f7d8s9a0q1w2e3r4t5y6u7i8", "Qm8Zt2Xw7Lp4Vn9Rb3Kc6Hy1Jd5",))
P("http", 'curl ^"https://api.example.com/login^" ^\n  -H ^"x-api-key: a8F3kLm29QzXv7Tp4WnB6hYc^" ^\n'
          '  --data-raw ^"^{^\\^"user^\\^":^\\^"bob^\\^"^}^"', ("a8F3kLm29QzXv7Tp4WnB6hYc",))
P("http", 'fetch("https://api.example.com/graphql", {\n  "headers": {\n    "accept": "*/*",\n'
          '    "authorization": "Token 9f8e7d6c5b4a39281706f5e4d3c2b1a0",\n    "content-type": "application/json"\n'
          '  },\n  "method": "POST"\n});', ("9f8e7d6c5b4a39281706f5e4d3c2b1a0",))
P("http", "$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\n"
          'Invoke-WebRequest -UseBasicParsing -Uri "https://api.example.com/x" -WebSession $session -Headers '
          '@{"Authorization"="Bearer Zx9Lm3Qp7Tk2Wn8Vb4Rc6Hy1"; "accept"="*/*"}', ("Zx9Lm3Qp7Tk2Wn8Vb4Rc6Hy1",))
P("http", 'Invoke-RestMethod -Uri https://h.example.com/login -Method Post -Body "username=admin&password=Mq7'
          'Xz2Lp9Wk" -ContentType "application/x-www-form-urlencoded"', ("Mq7Xz2Lp9Wk",))
P("http", "POST /login HTTP/1.1\nHost: portal.example.com\nContent-Type: application/x-www-form-urlencoded\n"
          "Content-Length: 38\n\nusername=jdoe&password=Sunflower2024!&remember=1", ("Sunflower2024!",))
P("http", "POST /api/auth HTTP/1.1\nHost: api.example.com\nContent-Type: application/json\n\n"
          '{"email":"a@b.co","password":"Vk8#mQ2pLz"}', ("Vk8#mQ2pLz",))
P("http", "HTTP/1.1 200 OK\nSet-Cookie: JSESSIONID=8F3A9C2B7D1E4F60A5B3C8D2E7F19A04; Path=/; HttpOnly\n"
          "Content-Type: text/html", ("8F3A9C2B7D1E4F60A5B3C8D2E7F19A04",))
P("http", "HTTP/2 200\n"
          "set-cookie: __Host-session=eyJ1aWQiOjQyfQ.ZkP2aw.Tq8Xk2Lm9Vn3Wb7Rc4Hy1Jd5Pz0; Secure; Path=/\n"
          "vary: Accept", ("eyJ1aWQiOjQyfQ.ZkP2aw.Tq8Xk2Lm9Vn3Wb7Rc4Hy1Jd5Pz0",))
P("http", "GET /v1/me HTTP/1.1\nHost: api.example.com\n"
          "Cookie: _ga=GA1.2.1234.5678; remember_token=Xq2Lm9Vn3Wb7Rc4Hy1Jd\nAccept: */*", ("Xq2Lm9Vn3Wb7Rc4Hy1Jd",))
P("http", "GET /files HTTP/1.1\nX-Auth-Token: gAAAAABk3Zq2Lm9Vn3Wb7Rc4Hy1Jd5Pz0Tq8Xk\n"
          "User-Agent: python-requests/2.31", ("gAAAAABk3Zq2Lm9Vn3Wb7Rc4Hy1Jd5Pz0Tq8Xk",))
P("http", '{"key": "password", "value": "Hk7Qz2Xm9Lp", "type": "text"}', ("Hk7Qz2Xm9Lp",))
P("http", '"auth": {\n  "type": "bearer",\n  "bearer": [\n    {\n      "key": "token",\n'
          '      "value": "pk_9Xq2Lm7Vn3Wb8Rc4Hy1Jd5Tz",\n      "type": "string"\n    }\n  ]\n}',
  ("pk_9Xq2Lm7Vn3Wb8Rc4Hy1Jd5Tz",))
P("http", '"auth": {"type": "basic", "basic": [{"key": "username", "value": "svc"}, {"key": "password", "valu'
          'e": "Bq3Zx8Lm2Wp"}]}', ("Bq3Zx8Lm2Wp",))
P("http", '"variable": [\n  {"key": "apiKey", "value": "Lk9Wq2Zm7Xp4Vn8Tb3Rc"},\n'
          '  {"key": "baseUrl", "value": "https://api.example.com"}\n]', ("Lk9Wq2Zm7Xp4Vn8Tb3Rc",))
P("http", '{"_type":"environment","data":{"token":"Rq8Zn3Xm7Lp2Wk9Vb4Tc","base_url":"https://api.example.com"}}',
  ("Rq8Zn3Xm7Lp2Wk9Vb4Tc",))
P("http", "      parameters:\n        - name: X-API-Key\n          in: header\n"
          "          example: 9a7f2c4e8b1d6a3f5c0e9b2d7a4f1c8e", ("9a7f2c4e8b1d6a3f5c0e9b2d7a4f1c8e",))
P("http", "X-Hub-Signature-256: sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
  ("757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",))
P("http", "Stripe-Signature: t=1492774577,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
  ("5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",))
P("http", "X-Slack-Signature: v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503",
  ("a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503",))

# --- svc: protocol exchanges and service logs (SMTP, IMAP, POP3, FTP, Redis, MySQL, Postgres, MongoDB, LDIF,
# RADIUS, JSON/logfmt logs, debug prints) ---
P("svc", "C: EHLO client.example.org\nS: 250-AUTH PLAIN LOGIN\nC: AUTH PLAIN AHN2Yy1zbXRwAFQ0ciFucThWdzJLcw==\n"
         "S: 235 2.7.0 Authentication successful", ("AHN2Yy1zbXRwAFQ0ciFucThWdzJLcw==",))
P("svc", "<<< AUTH LOGIN\n>>> 334 VXNlcm5hbWU6\n<<< c3ZjLXNtdHA=\n>>> 334 UGFzc3dvcmQ6\n<<< SHI4cyEybVFwWngwTHc=\n"
         ">>> 235 Authentication succeeded", ("SHI4cyEybVFwWngwTHc=",))
P("svc", "a1 LOGIN jdoe Wq7Zk2Mn5Lpx\na1 OK LOGIN completed", ("Wq7Zk2Mn5Lpx",))
P("svc", 'A001 LOGIN "jdoe@example.org" "Pq8!zX2mLw"', ("Pq8!zX2mLw",))
P("svc", "USER mailbox1\n+OK\nPASS Xz9Lq2Wm7Kp\n+OK Logged in.", ("Xz9Lq2Wm7Kp",))
P("svc", "(000012)12/1/2026 10:02:11 AM - (not logged in) (10.0.0.5)> USER deploy\n"
         "(000012)12/1/2026 10:02:11 AM - (not logged in) (10.0.0.5)> PASS Tk8Vn3Qz7Lm\n"
         "(000012)12/1/2026 10:02:11 AM - deploy (10.0.0.5)> 230 Logged on", ("Tk8Vn3Qz7Lm",))
P("svc", 'Wed Dec  2 03:12:44 2026 [pid 2] [ftp] FTP command: Client "10.0.0.5", "PASS Rm4Zq9Xw2Lp"', ("Rm4Zq9Xw2Lp",))
P("svc", '1701489123.123456 [0 127.0.0.1:52144] "AUTH" "Zq3Lm8Xw2Vn7"', ("Zq3Lm8Xw2Vn7",))
P("svc", '1701489123.223456 [0 127.0.0.1:52144] "AUTH" "default" "Kp7Wz2Qm9Lx4"', ("Kp7Wz2Qm9Lx4",))
P("svc", "127.0.0.1:6379> AUTH Nv5Qx8Zm3Wp2\nOK", ("Nv5Qx8Zm3Wp2",))
P("svc", "2026-12-01T10:22:11.123456Z\t   42 Query\tALTER USER 'app'@'%' IDENTIFIED BY 'Hx8Qz3Lm9Wp'", ("Hx8Qz3Lm9Wp",))
P("svc", "2026-12-01T10:22:12.000000Z\t   42 Query\tCREATE USER 'report'@'localhost' IDENTIFIED BY 'Rz2Wq7Lm4Xp'",
  ("Rz2Wq7Lm4Xp",))
P("svc", "2026-12-01 10:22:13 UTC [812] LOG:  statement: ALTER USER app WITH PASSWORD 'Pk9Zm2Xq7Lw';", ("Pk9Zm2Xq7Lw",))
P("svc", "2026-12-01 10:22:14 UTC [812] LOG:  statement: CREATE ROLE analyst LOGIN PASSWORD 'Lq3Xz8Wm2Vp' VAL"
         "ID UNTIL '2027-01-01';", ("Lq3Xz8Wm2Vp",))
P("svc", "mysql> SET PASSWORD FOR 'bob'@'%' = 'Bq7Zx2Lm9Wk';", ("Bq7Zx2Lm9Wk",))
P("svc", "GRANT ALL ON shop.* TO 'etl'@'10.%' IDENTIFIED BY 'Eq4Lz8Xm3Wp';", ("Eq4Lz8Xm3Wp",))
P("svc", 'db.createUser({ user: "reporting", pwd: "Mx2Qz9Lw7Vp", roles: [ { role: "read", db: "sales" } ] })',
  ("Mx2Qz9Lw7Vp",))
P("svc", "db.createUser({user:'app',pwd:'Ap8Zq3Lx2Wm',roles:['readWrite']})", ("Ap8Zq3Lx2Wm",))
P("svc", 'mongosh "mongodb+srv://admin:Sx9Lq2Zm7Wp@cluster0.ab1cd.mongodb.net/test"', ("Sx9Lq2Zm7Wp",))
P("svc", 'db.changeUserPassword("reporting", "Cq2Zx7Lm9Wk")', ("Cq2Zx7Lm9Wk",))
P("svc", "dn: uid=jdoe,ou=people,dc=example,dc=org\nobjectClass: inetOrgPerson\n"
         "userPassword:: e1NTSEF9cVVqSmtXMGRLNkM5cW5VN0hVbXlJcDlRZ1E9\nmail: jdoe@example.org",
  ("e1NTSEF9cVVqSmtXMGRLNkM5cW5VN0hVbXlJcDlRZ1E9",))
P("svc", "dn: cn=admin,dc=example,dc=org\nuserPassword: {SSHA}qUjJkW0dK6C9qnU7HUmyIp9QgQ=",
  ("{SSHA}qUjJkW0dK6C9qnU7HUmyIp9QgQ=",))
P("svc", "olcRootPW: {SSHA}Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==", ("{SSHA}Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==",))
P("svc", 'Dec  2 03:10:11 radius1 radiusd[911]: (12) Login incorrect (pap: Cleartext password "Wn7Zq2Xm8Lp" d'
         'oes not match "known good" password): [jdoe/Wn7Zq2Xm8Lp] (from client ap1 port 0)', ("Wn7Zq2Xm8Lp",))
C("Dec  2 03:10:11 host sshd[811]: Failed password for invalid user admin from 10.0.0.9 port 22 ssh2")
P("svc", '{"ts":"2026-12-01T10:00:00Z","level":"debug","msg":"login","req":{"body":{"user":"jdoe","password":'
         '"Dq8Zx3Lm7Wp"}}}', ("Dq8Zx3Lm7Wp",))
P("svc", '{"level":"info","event":"db.connect","config":{"host":"db","credentials":{"username":"app","secret"'
         ':"Sq2Lx9Zm4Wp7Vn"}}}', ("Sq2Lx9Zm4Wp7Vn",))
P("svc", 'time=2026-12-01T10:00:00Z level=debug msg="connecting" user=app password=Lf7Zq2Xm9Wp host=db',
  ("Lf7Zq2Xm9Wp",))
P("svc", 'ts=2026-12-01T10:00:01Z caller=main.go:42 msg="starting" api_key=k29QzXv7Tp4WnB6hYcL',
  ("k29QzXv7Tp4WnB6hYcL",))
P("svc", "DEBUG:root:Config(user='app', password='Pc3Zq8Xm2Lw', host='db', port=5432)", ("Pc3Zq8Xm2Lw",))
P("svc", "INFO  DataSourceConfig{url='jdbc:mysql://db/app', username='app', password='Jt7Xq2Zm9Lp', poolSize=10}",
  ("Jt7Xq2Zm9Lp",))
P("svc", "DbSettings [host=db, user=svc, password=Js4Lq9Zx2Wm, timeout=30]", ("Js4Lq9Zx2Wm",))
P("svc", "Settings(database_url='postgresql://u:Gh8Zq2Lx7Wm@db/app', debug=False)", ("Gh8Zq2Lx7Wm",))
P("svc", '<tr><td>SECRET_KEY</td><td class="code"><pre>&#39;django-insecure-8x!q2z#lm9wp7vn3kc6hy1jd5@tb4rf0s'
         "&#39;</pre></td></tr>", ("django-insecure-8x!q2z#lm9wp7vn3kc6hy1jd5@tb4rf0s",))
P("svc", '<tr><td>DATABASE_PASSWORD</td><td class="code"><pre>&#39;Dj2Zq8Xm7Lp&#39;</pre></td></tr>', ("Dj2Zq8Xm7Lp",))
P("svc", "secret_key_base: 9f2a7c4e8b1d6a3f5c0e9b2d7a4f1c8e9f2a7c4e8b1d6a3f5c0e9b2d7a4f1c8e",
  ("9f2a7c4e8b1d6a3f5c0e9b2d7a4f1c8e9f2a7c4e8b1d6a3f5c0e9b2d7a4f1c8e",))

# --- r4: what round 4 left open in credential files (values on the next line, [password] sections,
# user : password lines, file-name-only cues) ---
P("r4", "backup:Rs7Zq2Xm9Lpw\nmirror:Mq3Lx8Zw2Vpk", ("Rs7Zq2Xm9Lpw", "Mq3Lx8Zw2Vpk",))
P("r4", "https://dav.example.com/remote.php/webdav jdoe Dv8Zq3Xm7Lpw", ("Dv8Zq3Xm7Lpw",))
P("r4", "jdoe\nOv9Lq2Zx7Wmk", ("Ov9Lq2Zx7Wmk",))
P("r4", "password =\n    Wr4Zq8Xm2Lpk", ("Wr4Zq8Xm2Lpk",))
P("r4", "password:\n  Yq2Lm7Zx9Wpk", ("Yq2Lm7Zx9Wpk",))
P("r4", "db:\n  password: Tq8Zx2Lm7Wpk\n    Kz3Nq9Xm4Wt", ("Tq8Zx2Lm7Wpk", "Kz3Nq9Xm4Wt",))
P("r4", "[password]\nvalue = Ip7Zq2Xm9Lwk", ("Ip7Zq2Xm9Lwk",))
P("r4", "[password]\nIq2Lm8Zx7Wpk", ("Iq2Lm8Zx7Wpk",))
P("r4", '{\n  "password":\n    "Jm9Zq2Xw7Lpk"\n}', ("Jm9Zq2Xw7Lpk",))
P("r4", "admin : Ad7Zq2Xm9Lpw", ("Ad7Zq2Xm9Lpw",))
P("r4", "root : Rt3Lq8Zx2Wmk\nguest : Gs9Zq2Xm7Lpw", ("Rt3Lq8Zx2Wmk", "Gs9Zq2Xm7Lpw",))
C("gcloud secrets versions access latest --secret my-secret --project acme-prod")
C("gcloud secrets create db-password --replication-policy=automatic")
C("docker buildx build --secret id=npmrc,src=$HOME/.npmrc -t app:1.2 .")
C("docker build --secret id=aws,src=/root/.aws/credentials .")
C("RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci")
C("PATH=/usr/local/bin:/usr/bin\nHOME=/home/jdoe\nLANG=C.UTF-8\nTERM=xterm-256color\nSHLVL=1")
C("Content-Type: application/json\nAccept: text/html,application/xhtml+xml\nAccept-Encoding: gzip, deflate, br\n"
  "Cache-Control: no-cache")
C("password_min_length=12\npassword_max_age_days=90\npassword_history=5")
C("S: 250-AUTH PLAIN LOGIN CRAM-MD5\nS: 250-STARTTLS")
C("S: 235 2.7.0 Authentication successful\nS: 535 5.7.8 Authentication credentials invalid")
C("status: PASS\ntests: 42 PASS, 0 FAIL")
C("PASS tests/unit/test_auth.py::test_login\nFAIL tests/unit/test_auth.py::test_logout")
C("apiVersion: v1\nkind: ConfigMap\ndata:\n  config.yaml: bG9nX2xldmVsOiBpbmZvCg==\n  mode: production")
C("2026-12-01 10:00:00 INFO password reset requested for user id 42")
C("2026-12-01 10:00:01 WARN token expired for session 9911, refreshing")
C("DB_PASSWORD=${SECRET_REF}\nAPI_TOKEN=${API_TOKEN:?missing}\nREDIS_PASSWORD=$REDIS_PASSWORD")
C('password: "{{ .Values.db.password }}"\napiKey: "{{ vault "secret/data/app" "key" }}"')
C("-Djava.security.egd=file:/dev/./urandom -Dspring.profiles.active=prod -Duser.timezone=UTC")
C("Environment=PYTHONUNBUFFERED=1 PORT=8080")
C("127.0.0.1:6379> AUTH\n(error) ERR wrong number of arguments for 'auth' command")
C("a1 LOGIN\na1 BAD Missing arguments")
C("USER anonymous\n331 Please specify the password.\nPASS\n530 Login incorrect.")
C('{"level":"info","msg":"user logged in","user_id":42,"password_changed":false,"mfa":true}')
C('time=2026-12-01T10:00:00Z level=info msg="password policy loaded" min_length=12 require_symbol=true')
C("Config(user='app', host='db', port=5432, debug=True, password=None)")
C("DataSourceConfig{url='jdbc:mysql://db/app', username='app', password='****', poolSize=10}")
C('{"key": "Content-Type", "value": "application/json", "type": "text"}')
C('{"key": "baseUrl", "value": "https://api.example.com"}')
C("Set-Cookie: theme=dark; Path=/; Max-Age=31536000\nSet-Cookie: lang=en-GB; Path=/")
C("Cookie: _ga=GA1.2.1234567890.1700000000; theme=dark")
C("ALTER USER app WITH PASSWORD NULL;\nALTER USER app VALID UNTIL 'infinity';")
C("CREATE USER 'report'@'localhost' IDENTIFIED WITH auth_socket;")
C('db.createUser({user: "reporting", pwd: passwordPrompt(), roles: ["read"]})')
C("userPassword: {SASL}jdoe@EXAMPLE.ORG")
C("dn: uid=jdoe,ou=people,dc=example,dc=org\nobjectClass: posixAccount\nloginShell: /bin/bash\nuidNumber: 10042")
C("Dec  2 03:10:11 radius1 radiusd[911]: (12) Login OK: [jdoe] (from client ap1 port 0)")
C("Accepted publickey for deploy from 10.0.0.7 port 50212 ssh2: RSA SHA256:Zx9bL2mKq8Wp3TnVc7RdYf5Hj1Gs4Ae6Uo"
  "0Ii9Pk2Lm")
C("ps auxe | grep java\nroot   1  0.0  0.1  java -Xms512m -Dlog4j2.formatMsgNoLookups=true -jar app.jar")
C('{"Env": ["PATH=/usr/bin", "LANG=C.UTF-8", "JAVA_VERSION=17.0.9", "TZ=Europe/Paris"]}')
C('declare -x OLDPWD="/home/jdoe"\ndeclare -x PWD="/home/jdoe/src"\ndeclare -x LOGNAME="jdoe"')
C("KUBERNETES_SERVICE_HOST=10.96.0.1\nKUBERNETES_SERVICE_PORT=443\nHOSTNAME=api-7f9c8d6b5-x2k4q")
C('stringData:\n  redis-host: redis-master\n  redis-port: "6379"')
C('-H \'sec-ch-ua-platform: "Linux"\' -H \'sec-fetch-mode: cors\' -H \'user-agent: Mozilla/5.0\'')
C("X-Request-Id: 7c2a9e4f-1b3d-4e8a-9f2c-6d5b8a1e3c7f\nX-RateLimit-Remaining: 4999")
C("SSH_AUTH_SOCK=/tmp/ssh-XXXXabc/agent.1234\nXDG_RUNTIME_DIR=/run/user/1000\nDISPLAY=:0")
C('"Env": ["GOSU_VERSION=1.17", "PG_MAJOR=16", "PG_VERSION=16.1-1.pgdg120+1"]')
C("Environment=GOMAXPROCS=2\nExecStart=/usr/bin/app --config /etc/app/config.yaml")
C('"Cmd": ["postgres"],\n"Image": "postgres:16",\n"WorkingDir": "/",\n"Entrypoint": ["docker-entrypoint.sh"]')
C("apiVersion: v1\nkind: Secret\ntype: kubernetes.io/service-account-token\nmetadata:\n  name: build-robot\n"
  "  annotations:\n    kubernetes.io/service-account.name: build-robot")
C("Labels:       app=api\nAnnotations:  <none>\nType:         Opaque\nData\n====\ntls.crt:  1164 bytes")
C("POST /api/password/reset HTTP/1.1\nHost: portal.example.com\nContent-Type: application/json\n\n"
  '{"email_sent": true, "user_id": 42}')
C('HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm="api", error="invalid_token"')
C("curl -X POST https://api.example.com/v1/token -H 'Content-Type: application/x-www-form-urlencoded' -d 'gra"
  "nt_type=client_credentials'")
C('{"name": "Authorization", "in": "header", "required": true, "schema": {"type": "string"}}')
C("      parameters:\n        - name: X-API-Key\n          in: header\n          required: true\n"
  "          schema:\n            type: string")
C("S: 334 VXNlcm5hbWU6\nS: 334 UGFzc3dvcmQ6")
C("2026-12-01 10:22:13 UTC [812] LOG:  statement: SELECT id, password_hash IS NOT NULL AS has_pw FROM users L"
  "IMIT 10;")
C("2026-12-01T10:22:11Z\t 42 Query\tSELECT user, host, plugin FROM mysql.user")
C("Dec  2 03:10:11 mail dovecot: imap-login: Login: user=<jdoe>, method=PLAIN, rip=10.0.0.5, lip=10.0.0.1, mp"
  "id=8812, TLS")
C("Dec  2 03:10:12 mail postfix/smtpd[991]: warning: unknown[10.0.0.9]: SASL LOGIN authentication failed: UGF"
  "zc3dvcmQ6")
C('{"level":"warn","msg":"password too short","min":12,"got":7,"field":"password"}')
C('level=info msg="rotated api key" key_id=42 rotated_at=2026-12-01T10:00:00Z')
C('DEBUG:urllib3.connectionpool:https://api.example.com:443 "GET /v1/status HTTP/1.1" 200 512')
C('Traceback (most recent call last):\n  File "/app/auth.py", line 88, in check_password\n'
  '    raise InvalidPassword("password mismatch")\nauth.InvalidPassword: password mismatch')
C("RedisConfig{host='cache', port=6379, password=<redacted>, db=0}")
C('PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]')
C('AUTH_PASSWORD_VALIDATORS = [{"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"}]')
C("password_reset_timeout=3600\ntoken_ttl=15m\nsession_cookie_secure=true")

C("password:\nmin_length: 12\n[password]\nmin_length = 12\ntoken:\n  - a\n  - b", "min_length: 12", "min_length = 12")
C("Reset your password:\nThanks\ndb:\n  password:\n    ${DB_PASSWORD}", "Thanks", "${DB_PASSWORD}")
C("db:\n  password: ${DB_PASSWORD}\n  user: app\nclass A:\n    password: str\n        Xx9", "user: app", "Xx9")
C("[secrets]\npath = /etc/app/secrets\nsecret:\n  name: db-creds", "/etc/app/secrets", "db-creds")


SECRET_ROWS = [row for row in ROWS if row[0] != "ctl"]
CONTROL_ROWS = [row for row in ROWS if row[2] == () or row[3]]

#: Leaks found and not fixed this round: a fragment of the row's text -> (why, the modes it leaks in). The
#: test expects the leak in those modes (so a fix shows and the entry must go) and no leak in the others.
_B = ("strict", "balanced")
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {
    'backup:Rs7': ('an rsyncd.secrets line (user:password) carries no cue but its file name (a colon-led row'
                   ' costs ~0.6 ms/MB ungated)', _B),
    'jdoe\nOv9': ('an OpenVPN auth-user-pass file (user line, password line) carries no cue but its file name', _B),
}
#: Controls still changed: a fragment of the row's text -> why (strict xfails, so a fix shows).
KNOWN_OVER: dict[str, str] = {
    'Set-Cookie: theme=dark': 'every cookie value is redacted whole, preference cookies included (a choice)',
    'Cookie: _ga=': 'every cookie value is redacted whole, analytics cookies included (a choice)',
}


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(SECRET_ROWS))
def test_a_secret_copied_out_of_a_running_system_never_comes_out_raw(mode, family, text, secrets, controls):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(CONTROL_ROWS))
def test_the_same_dump_shapes_without_a_secret_stay_readable(mode, family, text, secrets, controls):
    out = redact_text(mode, text)
    lost = [c for c in controls if c not in out]
    over = family == "ctl" and "[SECRET_" in out
    why = next((w for k, w in KNOWN_OVER.items() if k in text), None)
    if why is not None:
        assert lost or over, "a known over-redaction is fixed: drop its KNOWN_OVER entry"
        pytest.xfail(why)
    assert not lost, f"family {family} over-redacts in {mode}: {lost}"
    assert not over, f"a control text gets a secret placeholder in {mode}"


def test_the_round_five_table_covers_every_family_and_every_known_entry_names_a_row():
    assert {row[0] for row in ROWS} == {"env", "http", "svc", "r4", "ctl"}
    assert len(SECRET_ROWS) >= 80 and len(ROWS) - len(SECRET_ROWS) >= 60
    assert all(any(k in row[1] for row in ROWS) for k in (*KNOWN_LEAKS, *KNOWN_OVER))
