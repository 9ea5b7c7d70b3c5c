"""Credential file formats: netrc, pgpass, htpasswd, git-credentials, docker, kube, package managers,
and files known only by their name (auth.txt, rsyncd.secrets, .vault_pass)."""

from __future__ import annotations

import json
from urllib.parse import quote

from tests.corpus import Case
from tests.corpus.secrets.keys import pem_key
from tests.corpus.secrets.kit import Gen, b64s
from tests.corpus.secrets.providers import token


def netrc(g: Gen) -> Case:
    S = g.S
    text = (
        f"machine {g.host()} login {g.user()} password {S(g.strong_password(16, '-_.'))}\n"
        f"machine api.heroku.com\n  login {g.user()}@example.com\n  password {S(token(g, 'heroku'))}\n"
        f"machine {g.host()}\n\tlogin {g.user()}\n\tpassword {S(g.human_password())}\n\taccount ops\n"
        f"default login anonymous password {S(g.alnum(14))}\n"
    )
    c1 = g.case("netrc", ".netrc", text)
    one = f"machine {g.host()} login {g.user()} password {S(g.human_password())}\n"
    return [c1, g.case("netrc", "_netrc", one)]


def pgpass(g: Gen) -> Case:
    S, K = g.S, g.K
    rows = [f"{g.host()}:{K('5432')}:app:{g.user()}:{S(g.strong_password(18, '-_.'))}",
            f"localhost:5433:*:postgres:{S(g.human_password())}",
            f"*:*:reports:{g.user()}:{S(g.alnum(20))}"]
    return g.case("pgpass", ".pgpass", "# hostname:port:database:username:password\n" + "\n".join(rows) + "\n")


def htpasswd(g: Gen) -> Case:
    from tests.corpus.secrets.keys import hash_apr1, hash_bcrypt, hash_sha
    S = g.S
    rows = [f"{g.user()}:{S(hash_apr1(g))}", f"{g.user()}:{S(hash_bcrypt(g))}", f"{g.user()}:{S(hash_sha(g))}"]
    return g.case("htpasswd", ".htpasswd", "\n".join(rows) + "\n")


def git_credentials(g: Gen) -> Case:
    S = g.S
    raw = [g.strong_password(10, "-_") + "@" + g.alnum(4), g.alnum(6) + ":" + g.alnum(6) + "#1",
           g.alnum(8) + "%" + g.alnum(5), token(g, "github-classic"), token(g, "gitlab-pat")]
    hosts = ["github.com", "gitlab.example.com", f"{g.host()}", "github.com", "gitlab.com"]
    lines = []
    for pw, host in zip(raw, hosts):
        enc = quote(pw, safe="")
        lines.append(f"https://{g.user()}:{S(enc)}@{host}")
    return g.case("git-credentials", ".git-credentials", "\n".join(lines) + "\n")


def docker_config(g: Gen) -> list[Case]:
    S = g.S
    auth1 = S(b64s(f"{g.user()}:{g.strong_password(16, '-_')}"))
    auth2 = S(b64s(f"_json_key:{g.strong_password(30, '-_')}"))
    cfg = {"auths": {"registry.example.com": {"auth": auth1},
                     "europe-docker.pkg.dev": {"auth": auth2, "email": "ci@example.com"},
                     "ghcr.io": {"username": g.user(), "password": S(token(g, "github-classic"))}},
           "credsStore": "desktop", "currentContext": "default"}
    c1 = g.case("docker-config", "config.json", json.dumps(cfg, indent=2) + "\n")
    inner = {"auths": {"registry.example.com": {"username": g.user(), "password": g.strong_password(14, "-_"),
                                                 "auth": b64s(f"{g.user()}:{g.strong_password(14, '-_')}")}}}
    blob = S(b64s(json.dumps(inner)))
    yml = ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\n  namespace: build\n"
           f"type: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: {blob}\n")
    return [c1, g.case("docker-config", "regcred.yaml", yml)]


def kubeconfig(g: Gen) -> Case:
    S = g.S
    key = S(b64s(pem_key(g, "RSA PRIVATE KEY", 1190)))
    cert = g.b64(700)
    text = (
        f"apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: {g.b64(600)}\n"
        f"    server: https://10.0.{g.int(0, 9)}.{g.int(2, 250)}:6443\n  name: prod\n"
        "contexts:\n- context:\n    cluster: prod\n    user: admin\n  name: prod\ncurrent-context: prod\n"
        f"kind: Config\nusers:\n- name: admin\n  user:\n    client-certificate-data: {cert}\n"
        f"    client-key-data: {key}\n- name: ci\n  user:\n    token: {S(token(g, 'jwt'))}\n"
        f"- name: legacy\n  user:\n    username: admin\n    password: {S(g.human_password())}\n"
    )
    return g.case("kubeconfig", "kubeconfig.yaml", text)


def k8s_secret(g: Gen) -> Case:
    S, K = g.S, g.K
    pw, api = g.strong_password(18, "-_"), token(g, "stripe-secret")
    d_pw, d_api, d_user = S(b64s(pw)), S(b64s(api)), b64s("app")
    d_url = S(b64s(f"postgres://app:{g.alnum(16)}@db:5432/app"))
    last = json.dumps({"apiVersion": "v1", "data": {"password": d_pw, "api-key": d_api}, "kind": "Secret",
                       "metadata": {"name": "app-secrets", "namespace": "prod"}, "type": "Opaque"})
    text = (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-secrets\n  namespace: prod\n  annotations:\n"
        f"    kubectl.kubernetes.io/last-applied-configuration: |\n      {last}\ntype: Opaque\ndata:\n"
        f"  username: {d_user}\n  password: {d_pw}\n  api-key: {d_api}\n  database-url: {d_url}\n"
        f"stringData:\n  smtp-password: {S(g.human_password())}\n"
        "---\n# kubectl describe secret app-secrets\n"
        f"Name:         app-secrets\nType:  Opaque\n\nData\n====\npassword:      {K('18 bytes')}\n"
        f"token:         {S(token(g, 'jwt'))}\nca.crt:        1066 bytes\n"
    )
    return g.case("k8s-secret", "app-secrets.yaml", text)


def npmrc(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={S(token(g, 'npm'))}\n"
        f"@corp:registry=https://npm.pkg.example.com/\n//npm.pkg.example.com/:_auth={S(b64s(g.user() + ':' + g.alnum(14)))}\n"
        f"//nexus.example.com/repository/npm/:username=ci\n"
        f"//nexus.example.com/repository/npm/:_password={S(b64s(g.strong_password(14, '-_')))}\n"
        f"//gitlab.example.com/api/v4/packages/npm/:_authToken={S(token(g, 'gitlab-pat'))}\n"
        f"always-auth=true\nfund=false\n# template for CI: //registry.npmjs.org/:_authToken={K('${NPM_TOKEN}')}\n"
    )
    return g.case("npmrc", ".npmrc", text)


def pypirc(g: Gen) -> Case:
    S = g.S
    text = (
        "[distutils]\nindex-servers =\n    pypi\n    private\n\n[pypi]\nusername = __token__\n"
        f"password = {S(token(g, 'pypi'))}\n\n[private]\nrepository = https://nexus.example.com/repository/pypi/\n"
        f"username = {g.user()}\npassword = {S(g.human_password())}\n"
    )
    return g.case("pypirc", ".pypirc", text)


def maven(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<settings>\n  <servers>\n    <server>\n      <id>nexus-releases</id>\n'
        f"      <username>{g.user()}</username>\n      <password>{S(g.strong_password(16, '-_.'))}</password>\n"
        "    </server>\n    <server>\n      <id>github</id>\n      <username>ci-bot</username>\n"
        f"      <password>{S(token(g, 'github-classic'))}</password>\n    </server>\n    <server>\n"
        f"      <id>signing</id>\n      <passphrase>{S(g.human_password())}</passphrase>\n    </server>\n"
        f"    <server>\n      <id>env</id>\n      <password>{K('${env.NEXUS_PASSWORD}')}</password>\n    </server>\n"
        "  </servers>\n</settings>\n"
    )
    return g.case("maven-settings", "settings.xml", text)


def nuget(g: Gen) -> Case:
    S = g.S
    text = (
        '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <packageSources>\n'
        '    <add key="corp" value="https://pkgs.example.com/nuget/v3/index.json" />\n  </packageSources>\n'
        "  <packageSourceCredentials>\n    <corp>\n"
        f'      <add key="Username" value="{g.user()}" />\n'
        f'      <add key="ClearTextPassword" value="{S(g.strong_password(20, "-_.~"))}" />\n    </corp>\n'
        "  </packageSourceCredentials>\n  <apikeys>\n"
        f'    <add key="https://api.nuget.org/v3/index.json" value="{S("oy2" + g.chars("abcdefghijklmnopqrstuvwxyz0123456789", 43))}" />\n'
        "  </apikeys>\n</configuration>\n"
    )
    return g.case("nuget-config", "NuGet.config", text)


def s3cfg(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        f"[default]\naccess_key = {S(token(g, 'aws-access-key'))}\nsecret_key = {S(token(g, 'aws-secret-key'))}\n"
        f"host_base = s3.amazonaws.com\nhost_bucket = %(bucket)s.s3.amazonaws.com\ngpg_passphrase = {S(g.human_password())}\n"
        f"use_https = True\nmultipart_chunk_size_mb = {K('15')}\n"
    )
    return g.case("s3cfg", ".s3cfg", text)


def rclone(g: Gen) -> Case:
    S = g.S
    text = (
        f"[remote-s3]\ntype = s3\nprovider = AWS\naccess_key_id = {S(token(g, 'aws-access-key'))}\n"
        f"secret_access_key = {S(token(g, 'aws-secret-key'))}\nregion = eu-west-1\n\n"
        f"[dav]\ntype = webdav\nurl = https://{g.host()}/remote.php/dav\nvendor = nextcloud\nuser = {g.user()}\n"
        f"pass = {S(g.urlsafe(40))}\n\n[gdrive]\ntype = drive\nclient_id = 1234-apps\n"
        f"client_secret = {S(token(g, 'google-oauth-secret'))}\n"
        f'token = {{"access_token":"{S(token(g, "google-oauth-access"))}","token_type":"Bearer",'
        f'"refresh_token":"1//{S(g.urlsafe(100))}","expiry":"2025-03-01T10:00:00Z"}}\n'
    )
    return g.case("rclone", "rclone.conf", text)


def connection_strings(g: Gen) -> Case:
    S, K = g.S, g.K
    lines = [
        f"jdbc:postgresql://{g.host()}:5432/app?user={g.user()}&password={S(g.strong_password(14, '-_.'))}&ssl=true",
        f"jdbc:mysql://{g.host()}:3306/shop?user=shop&password={S(g.human_password())}",
        f"jdbc:oracle:thin:{g.user()}/{S(g.strong_password(12, '_'))}@{g.host()}:1521/ORCLPDB1",
        f"jdbc:sqlserver://{g.host()}:1433;databaseName=erp;user=sa;password={S(g.strong_password(16, '.-_'))};encrypt=true",
        f"Server=tcp:{g.host()},1433;Initial Catalog=crm;User ID={g.user()};Password={S(g.strong_password(18, '.~-_'))};"
        f"Connection Timeout={K('30')};",
        f"Data Source={g.host()};Database=ledger;User Id=app;Pwd={S(g.human_password())};",
        f"Driver={{ODBC Driver 18 for SQL Server}};Server={g.host()};Uid=report;Pwd={{{S(g.alnum(8) + ';' + g.alnum(6) + '}}')}}};",
        f"DSN=warehouse;UID={g.user()};PWD={S(g.strong_password(12, '-_'))}",
        f"DefaultEndpointsProtocol=https;AccountName={g.word()};AccountKey={S(g.b64(64))};EndpointSuffix=core.windows.net",
        f"Endpoint=sb://{g.word()}.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;"
        f"SharedAccessKey={S(g.b64(32))}",
        f"mongodb+srv://{g.user()}:{S(g.strong_password(16, '-_'))}@cluster0.{g.alnum(5).lower()}.mongodb.net/?retryWrites=true",
        f"amqp://{g.user()}:{S(g.alnum(20))}@{g.host()}:5672/vhost",
        f"redis://:{S(g.alnum(32))}@{g.host()}:6379/0",
    ]
    return g.case("connection-strings", "connections.txt", "\n".join(lines) + "\n")


def named_files(g: Gen) -> list[Case]:
    """Files whose name is the only cue: the service reads them with the kind of their name."""
    S, K = g.S, g.K
    fam = "named-credential-file"
    return [
        g.case(fam, "auth.txt", f"{K(g.user())}\n{S(g.human_password())}\n"),
        g.case(fam, "office.auth", f"# office tunnel\n{g.user()}@example.com\n{S(g.strong_password(14, '-_!'))}\n"),
        g.case(fam, "rsyncd.secrets", f"# rsync users\n{K(g.user())}:{S(g.strong_password(12, '-_'))}\n"
                                      f"{g.user()}:{S(g.human_password())}\n"),
        g.case(fam, ".vault_pass", f"{S(g.strong_password(20, '-_.'))}\n"),
        g.case(fam, "restic.pass", f"{S(g.human_password())}\n"),
        g.case(fam, "passwords.txt", f"mail: {S(g.human_password())}\nrouter = {S(g.strong_password(10, '-'))}\n"
                                     f"{S(g.alnum(12))}\n"),
        g.case(fam, "users.properties", f"## broker users\n{K(g.user())}={S(g.strong_password(12, '-_'))}\n"
                                        f"{g.user()}={S(g.human_password())}\n"),
    ]


def build(g: Gen) -> list[Case]:
    return [*netrc(g), pgpass(g), htpasswd(g), git_credentials(g), *docker_config(g), kubeconfig(g),
            k8s_secret(g), npmrc(g), pypirc(g), maven(g), nuget(g), s3cfg(g), rclone(g), connection_strings(g),
            *named_files(g)]
