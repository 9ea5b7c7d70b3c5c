"""Hold-out probes for secrets written escaped, in XML configs, in env-setting tools and piped into secret stores.

Written (round 5, lead) before reading the grammars: URL-, JSON-, HTML- and XML-escaped pairs, XML
elements of many config dialects (Hadoop/Hive ``<name>``/``<value>`` siblings, web.xml params, Android
``<string name=…>`` resources, ``<prop key=…>``, ``<field name=…>``), env-setting commands of PaaS CLIs, and
here-strings or pipes into commands that read a secret from stdin (``docker secret create NAME -``,
``gcloud secrets versions add --data-file=-``, ``vercel env add``). Main before the round leaked 11 of
the 46 rows in both modes (and cut ``"${file("secret.txt")}"`` at its inner quote); none leaks now.
An Ansible ``$ANSIBLE_VAULT`` block is ciphertext meant to be shared and stays readable (the vault
password is the secret).
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('escaped', 'GET /login?user=bob&password%3DEnc0ded_Pw77 HTTP/1.1', ('Enc0ded_Pw77',)),
    ('escaped',
     'redirect=https%3A%2F%2Fapp.test%2Fcb%3Ftoken%3Da8F3kQ2mZ8xW1vB7nC4dE5fG',
     ('a8F3kQ2mZ8xW1vB7nC4dE5fG',)),
    ('escaped', 'body: {\\"username\\":\\"svc\\",\\"password\\":\\"Esc4ped_Json9\\"}', ('Esc4ped_Json9',)),
    ('escaped', '"{\\\\\\"password\\\\\\":\\\\\\"DoubleEsc_77x\\\\\\"}"', ('DoubleEsc_77x',)),
    ('escaped', '{"msg": "{\\u0022password\\u0022:\\u0022UniEsc_Pw881\\u0022}"}', ('UniEsc_Pw881',)),
    ('xml', '<input type="hidden" name="password" value="HiddenField_Pw5">', ('HiddenField_Pw5',)),
    ('escaped', '&lt;password&gt;XmlEsc_Pw_771&lt;/password&gt;', ('XmlEsc_Pw_771',)),
    ('escaped', 'password&#61;HtmlEnt_Pw_42', ('HtmlEnt_Pw_42',)),
    ('env-and-tools', 'data-password="DataAttr_Pw9x"', ('DataAttr_Pw9x',)),
    ('xml', '<param name="Password" value="ParamTag_Pw3"/>', ('ParamTag_Pw3',)),
    ('xml', '<property name="password" value="SpringXml_Pw4"/>', ('SpringXml_Pw4',)),
    ('xml', '<Set name="password">JettySet_Pw55</Set>', ('JettySet_Pw55',)),
    ('xml', '<connection-property name="password">JbossProp_Pw6</connection-property>', ('JbossProp_Pw6',)),
    ('xml',
     '<Resource name="jdbc/crm" username="app" password="TomcatRes_Pw7" driverClassName="org.postgresql.'
     'Driver"/>',
     ('TomcatRes_Pw7',)),
    ('xml', '<credentials username="svc" password="XmlCredAttr8"/>', ('XmlCredAttr8',)),
    ('xml',
     '<add name="Crm" connectionString="Server=db;Database=crm;User ID=sa;Password=WebConfigPw_9" />',
     ('WebConfigPw_9',)),
    ('xml', '<entry key="db.password">PropsXml_Pw10</entry>', ('PropsXml_Pw10',)),
    ('xml', '<string name="api_key">AndroidRes_Key11x</string>', ('AndroidRes_Key11x',)),
    ('xml', '<key>Password</key>\n<string>PlistPw_12ab</string>', ('PlistPw_12ab',)),
    ('env-and-tools', 'password: !!binary cGFzc3dvcmQxMjM0NTY3OA==', ('cGFzc3dvcmQxMjM0NTY3OA==',)),
    ('escaped', "DB_PASSWORD='quote\\'d_Pw13'", ("quote\\'d_Pw13",)),
    ('env-and-tools', 'PASSWORD=pw_with spaces ok # trailing', ('pw_with spaces ok',)),
    ('env-and-tools', 'export PGPASSWORD="pg$Dollar_Pw14"', ('pg$Dollar_Pw14',)),
    ('env-and-tools', 'set "DB_PASS=batQuoted_Pw15"', ('batQuoted_Pw15',)),
    ('env-and-tools', "$env:DB_PASSWORD = 'psEnv_Pw16x'", ('psEnv_Pw16x',)),
    ('env-and-tools',
     '[System.Environment]::SetEnvironmentVariable("API_KEY", "psSetEnv_Key17", "User")',
     ('psSetEnv_Key17',)),
    ('env-and-tools', 'heroku config:set DATABASE_PASSWORD=herokuCfg_Pw18', ('herokuCfg_Pw18',)),
    ('stdin-store', 'fly secrets set DB_PASSWORD=flySecret_Pw19', ('flySecret_Pw19',)),
    ('stdin-store', 'gh secret set API_TOKEN --body "ghSecret_Tok20"', ('ghSecret_Tok20',)),
    ('stdin-store', 'vercel env add API_KEY production <<< "vercelEnv_Key21"', ('vercelEnv_Key21',)),
    ('stdin-store', 'kubectl create secret generic db --from-literal=password=kubectlLit_Pw22', ('kubectlLit_Pw22',)),
    ('env-and-tools', 'docker run -e POSTGRES_PASSWORD=dockerRunPw_23 postgres', ('dockerRunPw_23',)),
    ('stdin-store', 'docker secret create db_pw - <<< dockerSecret_24', ('dockerSecret_24',)),
    ('stdin-store', 'echo "echoPipe_Pw25x" | docker secret create db_pw -', ('echoPipe_Pw25x',)),
    ('stdin-store', 'az keyvault secret set --vault-name kv --name db --value azKvValue_26', ('azKvValue_26',)),
    ('stdin-store', 'gcloud secrets versions add db-pw --data-file=- <<< "gcloudData_27"', ('gcloudData_27',)),
    ('env-and-tools', 'op item create --category=login password=opCreate_Pw28', ('opCreate_Pw28',)),
    ('stdin-store', 'vault kv put secret/db password=vaultKvPut_29', ('vaultKvPut_29',)),
    ('xml',
     '<init-param>\n  <param-name>password</param-name>\n  <param-value>WebXmlParam_Pw1</param-value>\n<'
     '/init-param>',
     ('WebXmlParam_Pw1',)),
    ('xml',
     '<context-param><param-name>apiKey</param-name><param-value>CtxParam_Key22ab</param-value></context'
     '-param>',
     ('CtxParam_Key22ab',)),
    ('xml', '<name>db.password</name>\n<value>HadoopConf_Pw3</value>', ('HadoopConf_Pw3',)),
    ('xml',
     '<property>\n  <name>javax.jdo.option.ConnectionPassword</name>\n  <value>HiveSite_Pw4x</value>\n</'
     'property>',
     ('HiveSite_Pw4x',)),
    ('xml', '<option name="password" value="IdeaOpt_Pw5" />', ('IdeaOpt_Pw5',)),
    ('xml', '<field name="password">FieldTag_Pw6</field>', ('FieldTag_Pw6',)),
    ('xml', '<prop key="hibernate.connection.password">SpringProp_Pw7</prop>', ('SpringProp_Pw7',)),
    ('xml',
     '<string name="google_maps_key">AIzaSyD8f3kQ2mZ8xW1vB7nC4dE5fG6hJ7kL8mN</string>',
     ('AIzaSyD8f3kQ2mZ8xW1vB7nC4dE5fG6hJ7kL8mN',)),
]
CONTROLS: tuple[str, ...] = (
    'db_password = "${file("secret.txt")}"',
    '<string name="password_hint">Enter your password</string>',
    '<param-name>password</param-name>\n<param-value>${DB_PASSWORD}</param-value>',
    '<name>dfs.replication</name>\n<value>3</value>',
    'docker secret create db_pw ./pw.txt',
    'echo "done" | docker secret ls',
    'gh secret set API_TOKEN < token.txt',
    'gcloud secrets versions add db-pw --data-file=pw.txt',
    'vercel env add API_KEY production',
    'echo y | pass insert -f work/email',
    'cat notes.txt | gh secret list',
    'wrangler secret put API_KEY <<< "$API_KEY"',
)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_an_escaped_xml_or_piped_secret_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_shapes_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text
