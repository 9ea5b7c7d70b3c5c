"""Ops files: Windows admin scripts, Dockerfiles and Makefiles with baked-in values, Ansible, wrapped tokens."""

from __future__ import annotations

from tests.corpus import Case
from tests.corpus.secrets.kit import Gen
from tests.corpus.secrets.providers import token


def powershell(g: Gen) -> list[Case]:
    S, K = g.S, g.K
    ps = (
        f"$pw = ConvertTo-SecureString '{S(g.human_password())}' -AsPlainText -Force\n"
        f"$cred = New-Object System.Management.Automation.PSCredential('corp\\{g.user()}', $pw)\n"
        f"net use Z: \\\\files01\\share /user:corp\\{g.user()} {S(g.strong_password(14, '!-_'))} /persistent:no\n"
        f"cmdkey /generic:TERMSRV/jump01 /user:{g.user()} /pass:{S(g.strong_password(12, '-_'))}\n"
        f"Invoke-RestMethod -Uri $api -Headers @{{ 'X-Api-Key' = '{S(g.alnum(32))}' }} -TimeoutSec {K('60')}\n"
        f"$env:AZURE_CLIENT_SECRET = \"{S(token(g, 'azure-ad-secret'))}\"\n"
        f"Set-ADAccountPassword -Identity svc_sql -NewPassword (ConvertTo-SecureString -AsPlainText "
        f"\"{S(g.human_password())}\" -Force) -Reset\n"
    )
    c1 = g.case("windows-admin", "provision.ps1", ps)
    xml = (
        '<?xml version="1.0" encoding="utf-8"?>\n<unattend xmlns="urn:schemas-microsoft-com:unattend">\n'
        "  <settings pass=\"oobeSystem\">\n    <component name=\"Microsoft-Windows-Shell-Setup\">\n"
        "      <UserAccounts>\n        <AdministratorPassword>\n"
        f"          <Value>{S(g.strong_password(16, '!#-_'))}</Value>\n          <PlainText>true</PlainText>\n"
        "        </AdministratorPassword>\n      </UserAccounts>\n      <AutoLogon>\n        <Password>\n"
        f"          <Value>{S(g.human_password())}</Value>\n        </Password>\n"
        f"        <LogonCount>{K('3')}</LogonCount>\n      </AutoLogon>\n    </component>\n  </settings>\n</unattend>\n"
    )
    c2 = g.case("windows-admin", "unattend.xml", xml)
    bat = (
        f"@echo off\nset DB_PASSWORD={S(g.human_password())}\n"
        f"sqlcmd -S sql01 -U sa -P {S(g.strong_password(14, '-_'))} -i migrate.sql\n"
        f"runas /savecred /user:corp\\admin \"deploy.cmd\"\n"
    )
    return [c1, c2, g.case("windows-admin", "deploy.cmd", bat)]


def build_files(g: Gen) -> list[Case]:
    S, K = g.S, g.K
    df = (
        f"FROM node:{K('20.11.1')}-alpine\nARG NPM_TOKEN={S(token(g, 'npm'))}\n"
        f"ENV API_KEY={S(g.alnum(32))} \\\n    SENTRY_AUTH_TOKEN={S(token(g, 'sentry-user'))} \\\n    NODE_ENV=production\n"
        f"ENV DB_PASSWORD {S(g.human_password())}\n"
        "RUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci\n"
        f"EXPOSE {K('3000')}\n"
    )
    c1 = g.case("build-files", "Dockerfile", df)
    mk = (
        f"REGISTRY ?= registry.example.com\nDEPLOY_TOKEN ?= {S(token(g, 'gitlab-deploy'))}\n"
        f"DB_PASS := {S(g.strong_password(16, '-_.'))}\nexport AWS_SECRET_ACCESS_KEY = {S(token(g, 'aws-secret-key'))}\n\n"
        f"deploy:\n\tcurl -fsS -H \"PRIVATE-TOKEN: {S(token(g, 'gitlab-pat'))}\" $(API)/projects\n"
        f"\tPGPASSWORD=$(DB_PASS) psql -h db -U app -c 'select 1'\n"
    )
    c2 = g.case("build-files", "Makefile", mk)
    compose = (
        f"services:\n  db:\n    image: mysql:{K('8.0.36')}\n    environment:\n"
        f"      MYSQL_ROOT_PASSWORD: {S(g.human_password())}\n      MYSQL_PASSWORD: \"{S(g.strong_password(14, '-_'))}\"\n"
        f"  app:\n    environment:\n      - REDIS_URL=redis://:{S(g.alnum(24))}@cache:6379/0\n"
        f"      - SECRET_KEY_BASE={S(g.hex(64))}\n    command: [\"--admin-password\", \"{S(g.human_password())}\"]\n"
    )
    c3 = g.case("build-files", "docker-compose.override.yml", compose)
    sh = (
        "#!/bin/sh\nset -eu\n"
        f"DB_PASS=\"${{DB_PASS:-{S(g.strong_password(14, '-_'))}}}\"\n"
        f": \"${{API_TOKEN:={S(g.urlsafe(40))}}}\"\n"
        f"curl -sf -X POST https://api.example.com/v1/deploy \\\n  -H 'Authorization: token {S(token(g, 'github-classic'))}' \\\n"
        f"  --data '{{\"ref\": \"main\", \"password\": \"{S(g.human_password())}\"}}'\n"
    )
    return [c1, c2, c3, g.case("build-files", "entrypoint.sh", sh)]


def ansible(g: Gen) -> list[Case]:
    S, K = g.S, g.K
    inv = (
        "[web]\n"
        f"web1 ansible_host=10.0.4.11 ansible_user=deploy ansible_password={S(g.human_password())}\n"
        f"web2 ansible_host=10.0.4.12 ansible_user=deploy ansible_ssh_pass={S(g.strong_password(12, '-_'))} "
        f"ansible_become_pass={S(g.human_password())}\n\n[web:vars]\nansible_port={K('2222')}\n"
    )
    c1 = g.case("ansible", "inventory.ini", inv)
    vars_ = (
        f"---\nmysql_root_password: {S(g.human_password())}\nvault_api_key: \"{S(g.alnum(40))}\"\n"
        f"letsencrypt_email: ops@example.com\nbackup_retention_days: {K('14')}\n"
        f"smtp:\n  user: alerts\n  pass: '{S(g.strong_password(16, '-_.'))}'\n"
        f"users:\n  - name: ci\n    password: \"{S('$6$' + g.alnum(16) + '$' + g.alnum(86))}\"\n"
    )
    return [c1, g.case("ansible", "group_vars/all.yml", vars_)]


def wrapped(g: Gen) -> Case:
    """Tokens broken across lines: a quoted-printable soft break and a shell continuation; each piece is labelled."""
    S = g.S
    tok = token(g, "openai-project")
    cut = g.int(40, 70)
    gh = token(g, "github-classic")
    text = (
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
        f"here is the key for the notebook: {S(tok[:cut])}=\n{S(tok[cut:])}\nplease rotate after the demo\n\n"
        f"---\n$ export GH_TOKEN={S(gh[:20])}\\\n{S(gh[20:])}\n"
    )
    return g.case("wrapped-tokens", "forwarded.eml", text)


def build(g: Gen) -> list[Case]:
    return [*powershell(g), *build_files(g), *ansible(g), wrapped(g)]
