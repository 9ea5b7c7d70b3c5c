"""Compound long flags named like a secret (secret_flags), and the code and header shapes beside them."""

from __future__ import annotations

import pytest
from redaction_helpers import make

V = "Qz7mVt3pLx"

LEAKS: list[str] = [t.format(v=V) for t in (
    "python app.py --db-pass {v}", "./run --admin-pw {v}", "./run --smtp-passwd {v}", "./run --private-key-pass {v}",
    "node server.js --jwt-secret '{v}'", "./sync --ldap-bind-password \"{v}\" --dry-run",
    "java -jar app.jar --keystore_pass {v}", "./run --auth ops:{v}", "./run --dbpassword {v}", "./run --adminpass {v}",
    "./run --basic-auth ops:{v}",
    "user 1234 0.0 0.1 python app.py --db-pass {v}", "  512  ./backup --encryption-passphrase {v}",
    "./run --api.secret {v}", "./run --proxy-password {v} --proxy host:3128",
    'curl_setopt($ch, CURLOPT_USERPWD, "api:{v}");', "c.setopt(pycurl.PASSWORD, '{v}')",
    'curl_easy_setopt(h, CURLOPT_PROXYUSERPWD, "proxy:{v}");',
    'headers = {{"Authorization": f"token {v}"}}', "headers = {{'Authorization': rb'Basic {v}'}}",
)]

CONTROLS: list[str] = [
    "aws secretsmanager get-secret-value --secret-id prod/db --query SecretString",
    "aws kms encrypt --key-id alias/app --plaintext fileb://x",
    "kubectl create secret tls site --cert site.crt --key site.key",
    "terraform plan --var-file prod.tfvars", "./deploy --api-key-name staging", "./deploy --ssh-key-name deploy-key",
    "az keyvault secret set --vault-name kv-prod --name db-password --file pw.txt", "npm publish --auth-type legacy",
    "ansible-playbook site.yml --vault-password-file ~/.vault_pass", "ansible-playbook site.yml --ask-become-pass",
    "./run --no-password host1", "nginx --ssl-key /etc/ssl/site.key", "app --tls-key server.key",
    "tool --api-key $API_KEY", "app --token-ttl 3600", "./run --auth basic", "srv --auth host:8080",
    "./app --session-timeout 30m", "./app --cookie-secure true", "./app --key-id 1234",
    "./app --token-endpoint https://auth.example.com/token", "./app --auth-method oidc", "./app --pass-through",
    "./app --signing-key-path keys/sign.pem", "./app --tls-private-key /etc/tls/key.pem",
    "./app --master-key-alias prod",
    "mysqldump --single-transaction --skip-lock-tables db", "python train.py --session-name exp1 --key-frames 10",
    "restic backup --password-file /etc/restic/pw", "docker login -u ci --password-stdin registry",
    "use `--api-token <your-token>` or `--token-file ~/.config/app/token`", "./run --vault-pass-prompt host",
    "--- a/file.py", "the pros -- and cons -- of it",
    'curl_setopt($ch, CURLOPT_USERPWD, $creds);', 'curl_setopt($ch, CURLOPT_URL, "https://x.example");',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", LEAKS, ids=[t[:40] for t in LEAKS])
def test_a_secret_after_a_compound_flag_or_credential_option_never_comes_out_raw(mode, text):
    assert V not in make(mode).redact(text + "\n").text


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS, ids=[t[:40] for t in CONTROLS])
def test_flags_that_name_a_file_a_switch_or_a_setting_stay_readable(mode, text):
    assert "[SECRET_" not in make(mode).redact(text + "\n").text
