"""Hold-out probes across the eighth round's families at once, written before reading that round's work.

Written (round 8, lead) while the four round-8 tables were being written, without reading them: MCP client
configs, LLM provider keys in code, notebooks and CLIs, kaggle.json, dbt and Airflow; Kafka JAAS, RabbitMQ,
NATS, Prometheus, Alertmanager, Grafana, Zabbix, Logstash and SNMPv3; unattend.xml, cmdkey, net use, PowerShell
credentials, ldapsearch, sssd, smbclient and SAP HANA's hdbuserstore; bitcoin.conf, hardhat and foundry keys,
Infura URLs, Stripe and Adyen setup, fastlane and Android signing. Main before the round leaked 1 of the
32 rows in both modes (SAP HANA's ``hdbuserstore SET KEY HOST USER PASS``); with the four round-8 tables merged,
none leaks and no control changes.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # AI and agent tooling
    ('fresh',
     '{\n  "mcpServers": {\n    "github": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/'
     'server-github"],\n      "env": {\n        "GITHUB_PERSONAL_ACCESS_TOKEN": "tokFreshGh8801zzQ"\n      }\n'
     '    }\n  }\n}',
     ('tokFreshGh8801zzQ',)),
    ('fresh',
     '[mcp_servers.linear]\ncommand = "npx"\nargs = ["-y", "mcp-remote", "https://mcp.linear.app/sse", "--header", '
     '"Authorization: Bearer lin8802FreshBearerQwErTy"]',
     ('lin8802FreshBearerQwErTy',)),
    ('fresh', 'claude mcp add sentry -e SENTRY_AUTH_TOKEN=snt8803FreshAuthTok -- npx @sentry/mcp-server',
     ('snt8803FreshAuthTok',)),
    ('fresh', 'client = OpenAI(api_key="opn8804FreshKeyAbCdEf0123")\nresp = client.responses.create(model="gpt-5")',
     ('opn8804FreshKeyAbCdEf0123',)),
    ('fresh',
     '"source": [\n    "import os\\n",\n    "os.environ[\\"ANTHROPIC_API_KEY\\"] = \\"ant8805FreshNotebookKey'
     '\\"\\n"\n   ]',
     ('ant8805FreshNotebookKey',)),
    ('fresh', '{"username":"jdoe","key":"0f1e2d3c4b5a69788796a5b4c3d2e1f0"}', ('0f1e2d3c4b5a69788796a5b4c3d2e1f0',)),
    ('fresh',
     'analytics:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: xy12345\n      user: '
     'DBT_SVC\n      password: tundra-otter-88\n      role: TRANSFORMER',
     ('tundra-otter-88',)),
    ('fresh',
     "export AIRFLOW_CONN_WAREHOUSE='postgres://etl:Hx7quartz%21@warehouse.internal:5432/analytics'",
     ('Hx7quartz%21',)),
    # brokers and monitoring
    ('fresh',
     'KafkaClient {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  username="svc-orders"\n'
     '  password="kafkaFresh#8806";\n};',
     ('kafkaFresh#8806',)),
    ('fresh', 'rabbitmqctl add_user orders_app bunny8807Fresh', ('bunny8807Fresh',)),
    ('fresh',
     'authorization {\n  users = [\n    {user: ingest, password: "natsFresh8808pw"}\n  ]\n}',
     ('natsFresh8808pw',)),
    ('fresh',
     "  - job_name: node\n    basic_auth:\n      username: prom\n      password: scrape-Fresh-8809\n"
     "    static_configs:\n      - targets: ['10.0.0.5:9100']",
     ('scrape-Fresh-8809',)),
    ('fresh',
     "global:\n  smtp_smarthost: 'smtp.example.com:587'\n  smtp_auth_username: 'alerts'\n  smtp_auth_password: "
     "'alertFresh8810'",
     ('alertFresh8810',)),
    ('fresh', '[security]\nadmin_user = admin\nadmin_password = grafFresh8811!', ('grafFresh8811!',)),
    ('fresh', 'DBHost=localhost\nDBName=zabbix\nDBUser=zabbix\nDBPassword=zbxFresh8812', ('zbxFresh8812',)),
    ('fresh',
     'output {\n  elasticsearch {\n    hosts => ["https://es01:9200"]\n    user => "logstash_writer"\n    password =>'
     ' "lsFresh8813pw"\n  }\n}',
     ('lsFresh8813pw',)),
    ('fresh', 'snmpwalk -v3 -l authPriv -u monitor -a SHA -A snmpAuth8814 -x AES -X snmpPriv8815 10.1.1.1',
     ('snmpAuth8814', 'snmpPriv8815',)),
    # Windows and directory services
    ('fresh',
     '<AutoLogon>\n  <Password>\n    <Value>winFresh8816!</Value>\n    <PlainText>true</PlainText>\n  </Password>\n'
     '  <Enabled>true</Enabled>\n  <Username>Administrator</Username>\n</AutoLogon>',
     ('winFresh8816!',)),
    ('fresh', 'cmdkey /add:fileserver01 /user:CORP\\svc_backup /pass:Cmdk8817Fresh', ('Cmdk8817Fresh',)),
    ('fresh', 'net use Z: \\\\fs01\\finance Netu8818Fresh /user:CORP\\jdoe /persistent:no', ('Netu8818Fresh',)),
    ('fresh',
     '$secpw = ConvertTo-SecureString "Pwsh8819Fresh" -AsPlainText -Force\n$cred = New-Object System.Management.'
     'Automation.PSCredential ("CORP\\admin", $secpw)',
     ('Pwsh8819Fresh',)),
    ('fresh',
     'ldapsearch -x -H ldaps://dc01.corp.local -D "cn=reader,dc=corp,dc=local" -w Ldap8820Fresh -b "dc=corp,dc=local"',
     ('Ldap8820Fresh',)),
    ('fresh',
     '[domain/corp.local]\nldap_default_bind_dn = cn=sssd,ou=svc,dc=corp,dc=local\nldap_default_authtok = Sssd8821'
     'Fresh',
     ('Sssd8821Fresh',)),
    ('fresh', 'hdbuserstore SET BACKUPKEY hana01:30015 BACKUP_OP Hana8822Fresh', ('Hana8822Fresh',)),
    # blockchain, payments and mobile release
    ('fresh',
     'server=1\nrpcuser=btcnode\nrpcpassword=Btc8823FreshRpc\nrpcallowip=127.0.0.1',
     ('Btc8823FreshRpc',)),
    ('fresh',
     'networks: {\n    sepolia: {\n      url: "https://sepolia.infura.io/v3/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b",\n      '
     'accounts: ["0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"]\n    }\n  }',
     ('9a8b7c6d5e4f30211a2b3c4d5e6f7a8b', '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318',)),
    ('fresh',
     'forge script script/Deploy.s.sol --rpc-url $RPC --private-key 0x8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7'
     'f8c63d7f7a8b41de8f --broadcast',
     ('8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7f8c63d7f7a8b41de8f',)),
    ('fresh',
     "const client = new Client();\nclient.setEnvironment(Environment.TEST);\nclient.setApiKey('AQEyhmfFreshAdyen88"
     "24KeyZ9x');",
     ('AQEyhmfFreshAdyen8824KeyZ9x',)),
    ('fresh',
     'match(type: "appstore", readonly: true)\n# MATCH_PASSWORD=matchFresh8825 fastlane beta',
     ('matchFresh8825',)),
    ('fresh',
     'storePassword=andStore8826\nkeyPassword=andKey8827\nkeyAlias=upload\nstoreFile=../upload-keystore.jks',
     ('andStore8826', 'andKey8827',)),
    ('fresh',
     'signingConfigs {\n    release {\n        storeFile file("release.jks")\n        storePassword "gradStore8828"\n'
     '        keyAlias "release"\n        keyPassword "gradKey8829"\n    }\n}',
     ('gradStore8828', 'gradKey8829',)),
    ('fresh', 'apksigner sign --ks release.jks --ks-pass pass:apkFresh8830 --out app-signed.apk app.apk',
     ('apkFresh8830',)),
]

CONTROLS: list[str] = [
    '"env": {\n  "GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"\n}',
    'client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])',
    'analytics:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: dev.duckdb\n      threads: 4',
    'sasl.mechanism=PLAIN\nsecurity.protocol=SASL_SSL\nsasl.jaas.config=${file:/etc/kafka/jaas.properties:jaas}',
    "  - job_name: node\n    scrape_interval: 15s\n    metrics_path: /metrics\n    scheme: https",
    '<PlainText>false</PlainText>\n<Enabled>true</Enabled>\n<LogonCount>1</LogonCount>',
    'net use Z: /delete /y\nnet use * /persistent:no',
    'ldapsearch -x -W -b "dc=example,dc=com" "(objectClass=user)" sAMAccountName memberOf',
    'rpcallowip=127.0.0.1\nrpcport=8332\ntxindex=1',
    'keyAlias=upload\nstoreFile=../upload-keystore.jks',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_secret_in_a_line_no_round_eight_table_saw_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_kinds_of_lines_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text
