"""Config files: .env (including the unquoted pass/key/token value bug), YAML/INI/TOML, web servers,
CI pipelines and Terraform."""

from __future__ import annotations

import json

from tests.corpus import Case
from tests.corpus.secrets.keys import pem_key
from tests.corpus.secrets.kit import ALNUM, Gen, b64s
from tests.corpus.secrets.providers import token


def dotenv(g: Gen) -> list[Case]:
    S, K = g.S, g.K
    text = (
        f"# app settings\nAPP_ENV=production\nAPP_PORT={K('8080')}\nDB_HOST={g.host()}\nDB_USER=app\n"
        f"DB_PASSWORD={S('Password' + str(g.int(100, 999)))}\nADMIN_PASSWORD={S(g.pick(('Whiskey', 'Falcon')) + str(g.int(2019, 2026)))}\n"
        f"passwd={S('Passw0rd' + g.pick(('', '!', str(g.int(1, 9)))))}\nREDIS_PASS={S(g.alnum(16))}\n"
        f"SMTP_PW={S(g.human_password())}\nSECRET_KEY_BASE={S(g.hex(128))}\nJWT_SECRET={S(g.strong_password(32, '-_'))}\n"
        f"API_KEY={S(g.alnum(32))}\napiKey={S(g.urlsafe(39))}\nclientSecret={S(g.strong_password(24, '~.-_'))}\n"
        f"dbPass={S(g.human_password())}\nSESSION_COOKIE={S(g.b64url(32))}\nENCRYPTION_SALT={S(g.hex(16))}\n"
        f"AWS_ACCESS_KEY_ID={S(token(g, 'aws-access-key'))}\nAWS_SECRET_ACCESS_KEY={S(token(g, 'aws-secret-key'))}\n"
        f"STRIPE_KEY={S(token(g, 'stripe-secret'))}\nDATADOG_API_KEY={S(token(g, 'hex-32'))}\n"
        f"CLOUDFLARE_API_TOKEN={S(token(g, 'url-safe-40'))}\nHEROKU_API_KEY={S(uuid(g))}\n"
        f"MAILGUN_SIGNING_KEY={S(g.hex(32))}\nWEBHOOK_SIG={S(g.hex(64))}\nexport GH_TOKEN={S(token(g, 'github-classic'))}\n"
        f"OKTA_API_TOKEN=00{S(g.urlsafe(40))}\nZENDESK_API_TOKEN={S(g.alnum(40))}\n"
        f"ADYEN_API_KEY=AQE{S(g.urlsafe(g.int(90, 120)))}\nINTERCOM_ACCESS_TOKEN={S(b64s('tok:' + uuid(g) + ':1:0'))}\n"
        f"PRIVATE={S(g.b64(24))}\nLDAP_BIND_CREDENTIALS='{S(g.strong_password(14, ' .-'))}'\n"
        f"TIMEOUT={K('45s')}\nLOG_LEVEL=info\nMAX_UPLOAD={K('25MB')}\nFEATURE_PASSWORD_RESET=true\n"
        f"DB_PASSWORD_FILE=/run/secrets/db_password\nREF_PASSWORD={K('${DB_PASSWORD}')}\n"
    )
    c1 = g.case("dotenv", ".env", text)
    yml = (
        f"database:\n  host: {g.host()}\n  port: {K('5432')}\n  username: app\n  password: {S(g.pick(('donkeykong', 'monkeybanana', 'pirateparrot')))}\n"
        f"  pool_timeout: {K('30s')}\ncache:\n  redis_password: {S(g.human_password())}\nmail:\n"
        f"  smtp_pass: \"{S(g.strong_password(16, '.-'))}\"\n  passphrase: '{S(g.human_password() + ' ' + g.pick(('forever', 'blue')))}'\n"
        f"ansible_become_pass: {S(g.human_password())}\nvault_token: {S(token(g, 'vault-service'))}\n"
        f"example_password: {K('<your-password>')}\nplaceholder_token: {K('****')}\n"
    )
    c2 = g.case("dotenv", "application.yml", yml)
    ini = (
        f"[database]\nuser = app\npassword = {S(g.human_password())}\n\n[ldap]\nbind_dn = cn=svc,dc=example,dc=com\n"
        f"bind_pw = {S(g.strong_password(14, '.-;%'))}\n\n[api]\nkey: {S(g.alnum(40))}\n"
        f"fallback_key = {K('%(api_key)s')}\n"
    )
    c3 = g.case("dotenv", "app.ini", ini)
    toml = (
        f'[server]\nport = {K("9443")}\n\n[auth]\nsecret = "{S(g.strong_password(30, "-_.~{}"))}"\n'
        f'admin_password = "{S(g.human_password())}"\ncookie_secret = \'{S(g.b64(32))}\'\n'
        f'oauth = {{ client_id = "web", client_secret = "{S(g.urlsafe(40))}" }}\n'
    )
    return [c1, c2, c3, g.case("dotenv", "config.toml", toml)]


def nginx(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        "server {\n    listen 443 ssl;\n    server_name _;\n    ssl_protocols TLSv1.2 TLSv1.3;\n"
        f"    ssl_password_file /etc/nginx/ssl/pass.txt;\n    client_max_body_size {K('50m')};\n\n"
        "    location /admin/ {\n        auth_basic \"Restricted\";\n        auth_basic_user_file /etc/nginx/.htpasswd;\n    }\n\n"
        "    location /api/ {\n        proxy_pass http://127.0.0.1:8081;\n"
        f"        proxy_set_header Authorization \"Basic {S(b64s(g.user() + ':' + g.strong_password(14, '-_')))}\";\n"
        f"        proxy_set_header X-Api-Key {S(g.alnum(32))};\n        proxy_read_timeout {K('120s')};\n    }}\n\n"
        f"    location /hook/ {{\n        proxy_pass https://upstream.example.com/hook?token={S(g.urlsafe(32))};\n"
        f"        proxy_set_header X-Auth-Token \"{S(g.hex(40))}\";\n    }}\n}}\n"
    )
    return g.case("nginx", "site.conf", text)


def apache(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        f"<VirtualHost *:{K('8443')}>\n    ServerName intranet\n    <Location /private>\n        AuthType Basic\n"
        "        AuthName \"Staff\"\n        AuthUserFile /etc/apache2/.htpasswd\n        Require valid-user\n    </Location>\n"
        f"    RequestHeader set Authorization \"Bearer {S(token(g, 'jwt'))}\"\n"
        f"    SetEnv DB_PASS {S(g.human_password())}\n    ProxyPass /svc http://127.0.0.1:9000/\n"
        f"    SSLCertificateKeyFile /etc/ssl/private/site.key\n    AuthLDAPBindPassword \"{S(g.strong_password(16, '.-'))}\"\n"
        "</VirtualHost>\n"
    )
    return g.case("apache", "intranet.conf", text)


def ci_yaml(g: Gen) -> list[Case]:
    S, K = g.S, g.K
    gha = (
        "name: deploy\non:\n  push:\n    branches: [main]\njobs:\n  build:\n    runs-on: ubuntu-22.04\n"
        f"    timeout-minutes: {K('20')}\n    env:\n      NODE_VERSION: {K('20.11.1')}\n"
        f"      SONAR_TOKEN: {S(token(g, 'sonarqube'))}\n      NPM_TOKEN: {K('${{ secrets.NPM_TOKEN }}')}\n"
        "    steps:\n      - uses: actions/checkout@v4\n"
        f"      - uses: docker/login-action@{K(g.commit())}\n        with:\n          username: ci\n"
        f"          password: {S(g.strong_password(18, '-_'))}\n"
        f"      - run: curl -sf -H \"Authorization: token {S(token(g, 'github-classic'))}\" https://api.github.com/user\n"
        f"      - run: ./scripts/notify.sh {S(token(g, 'slack-webhook'))}\n"
    )
    c1 = g.case("ci-yaml", ".github/workflows/deploy.yml", gha)
    glci = (
        f"variables:\n  DOCKER_DRIVER: overlay2\n  DEPLOY_TOKEN: {S(token(g, 'gitlab-deploy'))}\n"
        f"  POSTGRES_PASSWORD: {S(g.human_password())}\n  KUBE_NAMESPACE: prod\n\n"
        "deploy:\n  stage: deploy\n  image: alpine:3.19\n  script:\n"
        f"    - apk add curl\n    - curl --request POST --form token={S(token(g, 'gitlab-trigger'))} "
        "--form ref=main https://gitlab.example.com/api/v4/projects/42/trigger/pipeline\n"
        f"    - echo \"{S(g.strong_password(16, '-_'))}\" | docker login -u deploy --password-stdin registry.example.com\n"
        f"  retry: {K('2')}\n"
    )
    c2 = g.case("ci-yaml", ".gitlab-ci.yml", glci)
    jenk = (
        "pipeline {\n  agent any\n  environment {\n"
        f"    ARTIFACTORY_API_KEY = '{S(token(g, 'artifactory'))}'\n    DOCKER_CREDS = credentials('docker-hub')\n  }}\n"
        "  stages {\n    stage('Publish') {\n      steps {\n"
        f"        sh 'twine upload -u __token__ -p {S(token(g, 'pypi'))} dist/*'\n      }}\n    }}\n  }}\n}}\n"
    )
    return [c1, c2, g.case("ci-yaml", "Jenkinsfile", jenk)]


def terraform(g: Gen) -> list[Case]:
    S, K = g.S, g.K
    hcl = (
        f"provider \"aws\" {{\n  region     = \"eu-central-1\"\n  access_key = \"{S(token(g, 'aws-access-key'))}\"\n"
        f"  secret_key = \"{S(token(g, 'aws-secret-key'))}\"\n}}\n\nresource \"aws_db_instance\" \"main\" {{\n"
        f"  engine         = \"postgres\"\n  engine_version = \"{K('15.4')}\"\n  username       = \"dbadmin\"\n"
        f"  password       = \"{S(g.strong_password(20, '-_'))}\"\n}}\n\nvariable \"datadog_api_key\" {{\n"
        f"  default   = \"{S(token(g, 'hex-32'))}\"\n  sensitive = true\n}}\n\n"
        f"provider \"cloudflare\" {{\n  api_token = \"{S(token(g, 'url-safe-40'))}\"\n}}\n\n"
        f"terraform {{\n  cloud {{\n    organization = \"corp\"\n    token = \"{S(token(g, 'terraform-cloud'))}\"\n  }}\n}}\n"
    )
    c1 = g.case("terraform", "main.tf", hcl)
    pw, key = g.strong_password(24, "-_"), g.b64(32)
    pem = pem_key(g, "RSA PRIVATE KEY", 600)
    S(json.dumps(pem)[1:-1])  # the file holds the JSON-escaped form
    state = {
        "version": 4, "terraform_version": K("1.6.6"), "serial": 42, "lineage": "a1",
        "outputs": {"db_password": {"value": S(pw), "type": "string", "sensitive": True},
                    "admin_url": {"value": "https://admin.example.com", "type": "string"}},
        "resources": [{"mode": "managed", "type": "random_password", "name": "db", "instances": [
            {"schema_version": 3, "attributes": {"result": S(g.strong_password(24, "-_")), "length": 24,
                                                  "bcrypt_hash": S("$2a$10$" + g.chars(ALNUM + "./", 53))},
             "sensitive_attributes": [[{"type": "get_attr", "value": "result"}]]}]},
            {"mode": "managed", "type": "tls_private_key", "name": "ssh", "instances": [
                {"attributes": {"private_key_pem": pem, "algorithm": "RSA"}}]},
            {"mode": "managed", "type": "aws_iam_access_key", "name": "ci", "instances": [
                {"attributes": {"id": S(token(g, "aws-access-key")), "secret": S(token(g, "aws-secret-key")),
                                "ses_smtp_password_v4": S(g.b64(32)), "encryption_key": S(key)}}]}],
    }
    return [c1, g.case("terraform", "terraform.tfstate", json.dumps(state, indent=2) + "\n")]


def uuid(g: Gen) -> str:
    return f"{g.hex(8)}-{g.hex(4)}-4{g.hex(3)}-{g.pick('89ab')}{g.hex(3)}-{g.hex(12)}"


def build(g: Gen) -> list[Case]:
    return [*dotenv(g), nginx(g), apache(g), *ci_yaml(g), *terraform(g)]
