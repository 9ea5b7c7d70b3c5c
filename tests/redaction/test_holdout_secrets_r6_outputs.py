"""Hold-out probes for secrets printed in terminal output: pasted sessions with no key name at all.

Written (round 6, r6o) before reading the grammars: a prompt (``$``, ``#``, ``user@host:~$``, ``PS C:\\>``,
``>>>``, ``(venv) $``) then a command that prints a secret (kubectl, vault, aws, gcloud, az, op, pass,
gopass, security, gh, heroku, openssl rand, pwgen, /dev/urandom, python secrets, docker exec printenv,
echo $VAR, terraform output, cat of a secret file, base64 -d, netsh wlan) and its output on the next
line(s); ``kubectl describe secret`` columns; psql/mysql result tables drawn with ``|``, ``+---+`` or
box-drawing bars. Main before the round leaked 63 of the first 133 rows in both modes and over-redacted
1 of the controls (``gcloud ... --secret=NAME``, a secret's name). 23 rows written after the first fix (IPython,
irb, pry and node REPLs, zsh, oh-my-zsh and cmd.exe prompts, ssh, consul, etcd, WireGuard, PowerShell, gpg, lpass,
rbw) test that it generalises: main leaks 83 of the 156 rows in both modes; none leaks now and all 71 controls
survive.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

from redacted_context_mcp.redaction.secret_outputs import wants_output
from redacted_context_mcp.redaction.secret_printers import PRINTERS
from redacted_context_mcp.redaction.textview import letter_words

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # -- kubectl --
    ('kubectl', "$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d\nKubePgPass2024",
     ('KubePgPass2024',)),
    ('kubectl', "$ kubectl get secret db -o jsonpath='{.data.password}' | base64 --decode\nmeadow-lantern-42",
     ('meadow-lantern-42',)),
    ('kubectl', "$ kubectl get secret db -o jsonpath='{.data.password}'\nS3ViZVBnUGFzczIwMjQ=",
     ('S3ViZVBnUGFzczIwMjQ=',)),
    ('kubectl', '$ kubectl -n prod get secret redis -o jsonpath="{.data.redis-password}" | base64 -d; echo\nRedisK8s_'
                '771',
     ('RedisK8s_771',)),
    ('kubectl', "deploy@bastion:~$ kubectl get secret app-env -o go-template='{{.data.API_KEY | base64decode}}'\n"
     "Orchard7Violet", ('Orchard7Violet',)),
    ('kubectl', '$ kubectl create token ci-deployer\neyJhbGciOiJSUzI1NiIsImtpZCI6Ik1rX0FiQ2QifQ.eyJhdWQiOlsiaHR0cHM6L'
                'y9rdWJl'
     'cm5ldGVzIl0sInN1YiI6InN5c3RlbTpzZXJ2aWNlYWNjb3VudDpjaTpjaS1kZXBsb3llciJ9.Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0',
     ('Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0',)),
    ('kubectl', '$ kubectl -n kube-system create token admin-user --duration=1h\n'
     'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlMTIzNDU2Nzg5MGFi', ('c2lnbmF0dXJlMTIzNDU2Nzg5MGFi',)),
    ('kubectl', "# kubectl get secret grafana -o jsonpath='{.data.admin-password}' | base64 -d && echo\nGrafanaK8sAdm"
                "in",
     ('GrafanaK8sAdmin',)),
    ('kubectl', "$ kubectl get secret argocd-initial-admin-secret -n argocd -o jsonpath=\"{.data.password}\" "
     "| base64 -d\nxT4pQm9ZrV2kLw8N", ('xT4pQm9ZrV2kLw8N',)),
    ('kubectl-describe', '$ kubectl describe secret default-token-x7k2p\nName:         default-token-x7k2p\n'
     'Type:  kubernetes.io/service-account-token\n\nData\n====\nca.crt:     1099 bytes\nnamespace:  7 bytes\n'
     'token:      eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJrdWJlIn0.dG9rZW5zaWduYXR1cmVhYmNkZWYxMjM0',
     ('dG9rZW5zaWduYXR1cmVhYmNkZWYxMjM0',)),
    ('kubectl-view', '$ kubectl view-secret db password\nPlumTractor88', ('PlumTractor88',)),
    ('kubectl-exec', '$ kubectl exec deploy/api -- printenv DATABASE_PASSWORD\nApiDbSecret_55', ('ApiDbSecret_55',)),
    ('kubectl-exec', '$ kubectl exec -it api-7d9f -- sh -c \'echo $STRIPE_KEY\'\nquartzHarbor19', ('quartzHarbor19',)),
    # -- vault --
    ('vault', '$ vault kv get -field=password secret/db\nVaultKvPw_2024', ('VaultKvPw_2024',)),
    ('vault', '$ vault kv get -mount=secret -field=api_key payments\npelican-orbit-73', ('pelican-orbit-73',)),
    ('vault', '$ vault read -field=secret_id auth/approle/role/ci/secret-id\n'
     '4b1e9a2c-77d3-4f0e-9c1a-2b3c4d5e6f70', ('4b1e9a2c-77d3-4f0e-9c1a-2b3c4d5e6f70',)),
    ('vault', '$ vault read -field=password database/creds/readonly\nA1a-xK9pQ2mZ7vR4tL0w', ('A1a-xK9pQ2mZ7vR4tL0w',)),
    ('vault', '$ vault token create -field=token -policy=ci\nhvs.CAESIJx7kLm2QpZr9VtW3yN',
     ('hvs.CAESIJx7kLm2QpZr9VtW3yN',)),
    ('vault', '$ vault print token\nhvs.Rk2Lm9Qp3ZxV7tW1yN5bC8dF', ('hvs.Rk2Lm9Qp3ZxV7tW1yN5bC8dF',)),
    ('vault', '$ vault kv get -format=json -field=data secret/app\n{\n  "db_pass": "VaultJsonPw9"\n}',
     ('VaultJsonPw9',)),
    ('vault', '$ vault kv get secret/db\n====== Data ======\nKey         Value\n---         -----\n'
     'password    VaultTablePw7\nusername    app', ('VaultTablePw7',)),
    # -- aws --
    ('aws', '$ aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text\n'
     'AwsSmPlain_881', ('AwsSmPlain_881',)),
    ('aws', '$ aws secretsmanager get-secret-value --secret-id prod/api --query SecretString --output text\n'
     '{"username":"api","password":"AwsSmJson_77"}', ('AwsSmJson_77',)),
    ('aws', '$ aws ecr get-login-password --region eu-west-1\neyJwYXlsb2FkIjoiQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo'
     'iLCJkYXRha2V5IjoiQVFFQkFIaGsiLCJ2ZXJzaW9uIjoiMiIsInR5cGUiOiJEQVRBX0tFWSJ9',
     ('eyJwYXlsb2FkIjoiQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo',)),
    ('aws', '$ aws sts get-session-token --duration-seconds 3600\n{\n    "Credentials": {\n'
     '        "AccessKeyId": "ASIAEXAMPLE7Q2LMNOPQ",\n        "SecretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAM'
     'PLEKEY",\n'
     '        "SessionToken": "FwoGZXIvYXdzEBYaDExAmPlEsEsSiOnToKeN",\n'
     '        "Expiration": "2026-12-02T14:00:00+00:00"\n    }\n}',
     ('wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY', 'FwoGZXIvYXdzEBYaDExAmPlEsEsSiOnToKeN')),
    ('aws', '$ aws ssm get-parameter --name /prod/db/password --with-decryption --query Parameter.Value --output text\n'
     'SsmParamPw_33', ('SsmParamPw_33',)),
    ('aws', "$ aws iam create-access-key --user-name ci --query 'AccessKey.SecretAccessKey' --output text\n"
     "Tq9Lm2xZ7vR4tK0wPp3Nn8Bb6Cc1Dd5Ee+Ff2Gg9", ('Tq9Lm2xZ7vR4tK0wPp3Nn8Bb6Cc1Dd5Ee+Ff2Gg9',)),
    ('aws', '$ aws configure get aws_secret_access_key\nHh7Jj2Kk9Ll4Mm1Nn6Oo3Pp8Qq5Rr0Ss7Tt2Uu9Vv',
     ('Hh7Jj2Kk9Ll4Mm1Nn6Oo3Pp8Qq5Rr0Ss7Tt2Uu9Vv',)),
    ('aws', '$ aws codeartifact get-authorization-token --domain acme --query authorizationToken --output text\n'
     'eyJ2ZXIiOjEsImlzdSI6MTcwMDAwMDAwMH0.QWJjRGVmR2hpSmtsTW5vUHFyU3R1', ('QWJjRGVmR2hpSmtsTW5vUHFyU3R1',)),
    # -- gcloud --
    ('gcloud', '$ gcloud secrets versions access latest --secret=db-password\nGcpSecretPw_19', ('GcpSecretPw_19',)),
    ('gcloud', '$ gcloud secrets versions access 3 --secret="stripe-key" --project=acme-prod\nwillow-copper-pine',
     ('willow-copper-pine',)),
    ('gcloud', '$ gcloud auth print-access-token\nya29.a0AfB_byC1x2Y3z4W5v6U7t8S9r0Q',
     ('ya29.a0AfB_byC1x2Y3z4W5v6U7t8S9r0Q',)),
    ('gcloud', '$ gcloud auth print-identity-token\neyJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJhY21lIn0.aWRlbnRpdHlzaWduYXR1cmUx'
               'MjM',
     ('aWRlbnRpdHlzaWduYXR1cmUxMjM',)),
    # -- azure --
    ('az', '$ az keyvault secret show --vault-name kv-prod --name db-password --query value -o tsv\nAzKvSecret_42',
     ('AzKvSecret_42',)),
    ('az', '$ az account get-access-token --query accessToken -o tsv\neyJ0eXAiOiJKV1QifQ.eyJhdWQiOiJhcm0ifQ.'
     'YXp1cmVzaWduYXR1cmVhYmNkZWYxMg', ('YXp1cmVzaWduYXR1cmVhYmNkZWYxMg',)),
    ('az', '$ az storage account keys list -g rg -n acmestore --query "[0].value" -o tsv\n'
     'Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa9Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Ji0Hg9FeDcBa8Zx7Yw6Vu5Ts4Rq3Po2Nm1Lk==',
     ('Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa9Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Ji0Hg9FeDcBa8Zx7Yw6Vu5Ts4Rq3Po2Nm1Lk==',)),
    ('az', '$ az ad sp credential reset --id 00000000-1111-2222-3333-444444444444 --query password -o tsv\n'
     'kQ8~xZ2vR4tL0wPp3Nn8Bb6Cc1Dd5Ee.Ff2Gg', ('kQ8~xZ2vR4tL0wPp3Nn8Bb6Cc1Dd5Ee.Ff2Gg',)),
    ('az', 'PS C:\\> az keyvault secret show --vault-name kv --name sql-admin --query value --output tsv\nSqlAdmin#20'
           '24',
     ('SqlAdmin#2024',)),
    # -- password managers --
    ('op', '$ op read op://Private/Postgres/password\nOnePassPg_2024', ('OnePassPg_2024',)),
    ('op', '$ op read "op://Engineering/Stripe API/credential"\nraven-tundra-58', ('raven-tundra-58',)),
    ('op', '$ op item get "GitHub" --fields password\nGhWebLogin!77', ('GhWebLogin!77',)),
    ('op', '$ op item get Netlify --field label=password --reveal\nNetlifyPw_2026', ('NetlifyPw_2026',)),
    ('pass', '$ pass show work/vpn\nVpnPassw0rd!\nuser: jdoe', ('VpnPassw0rd!',)),
    ('pass', '$ pass work/ldap\nLdapBindPw_88', ('LdapBindPw_88',)),
    ('gopass', '$ gopass show -o infra/db/root\nGopassRoot_91', ('GopassRoot_91',)),
    ('gopass', '$ gopass show infra/smtp\nSmtpRelay_Pw4\n---\nuser: mailer', ('SmtpRelay_Pw4',)),
    ('security', '$ security find-generic-password -w -s "Docker Credentials"\nKeychainPw_55', ('KeychainPw_55',)),
    ('security', '% security find-generic-password -a jdoe -s github.com -w\nmarble-falcon-31', ('marble-falcon-31',)),
    ('security', '$ security find-internet-password -s api.acme.test -w\nInetKeychain_12', ('InetKeychain_12',)),
    ('bw', '$ bw get password "Prod DB"\nBitwardenPg_66', ('BitwardenPg_66',)),
    ('keepassxc', '$ keepassxc-cli show -s -a Password vault.kdbx db/prod\nEnter password to unlock vault.kdbx: \n'
     'KeePassProd_29', ('KeePassProd_29',)),
    ('secret-tool', '$ secret-tool lookup service smtp user mailer\nGnomeKeyring_8', ('GnomeKeyring_8',)),
    # -- dev platforms --
    ('gh', '$ gh auth token\ngho_16C7e42F292c6912E7710c838347Ae178B4a', ('gho_16C7e42F292c6912E7710c838347Ae178B4a',)),
    ('heroku', '$ heroku auth:token\n ›   Warning: token will expire 01/01/2027\n'
     'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', ('a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',)),
    ('heroku', '$ heroku config:get DATABASE_URL -a acme\npostgres://u8k2:HerokuPgPw77@ec2-1-2-3-4.compute.amazonaws.'
               'com:5432/d9',
     ('HerokuPgPw77',)),
    ('heroku', '$ heroku config:get STRIPE_SECRET -a acme\nHerokuStripe_19', ('HerokuStripe_19',)),
    ('glab', '$ glab auth token\nglpat-Ab3Cd5Ef7Gh9Ij1Kl3Mn', ('glpat-Ab3Cd5Ef7Gh9Ij1Kl3Mn',)),
    ('npm', '$ npm token create --read-only\n┌────────────────┬──────────────────────────────────────┐\n'
     '│ token          │ npm_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2 │\n'
     '└────────────────┴──────────────────────────────────────┘', ('npm_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2',)),
    ('doppler', '$ doppler secrets get DB_PASSWORD --plain\nDopplerDb_55', ('DopplerDb_55',)),
    ('fly', '$ fly auth token\nFlyV1 fm2_lJPECAAAAAAAAMX9xQkZ2nQmYXRo', ('fm2_lJPECAAAAAAAAMX9xQkZ2nQmYXRo',)),
    ('doppler', '$ doppler run -- printenv STRIPE_KEY\ncloud-ember-64', ('cloud-ember-64',)),
    ('terraform', '$ terraform output -raw db_password\nTfOutPw_2024', ('TfOutPw_2024',)),
    ('terraform', '$ terraform output -json admin_password\n"TfJsonPw_55"', ('TfJsonPw_55',)),
    ('terraform', '$ terraform output db_password\n"TfQuotedPw_3"', ('TfQuotedPw_3',)),
    ('terraform', '$ terragrunt output -raw api_key\nbramble-quill-82', ('bramble-quill-82',)),
    ('pulumi', '$ pulumi stack output dbPassword --show-secrets\nPulumiDb_Pw12', ('PulumiDb_Pw12',)),
    ('sops', '$ sops -d --extract \'["db"]["password"]\' secrets.enc.yaml\nSopsExtract_9', ('SopsExtract_9',)),
    ('ansible', '$ ansible-vault view group_vars/prod/vault.yml\nVault password: \nvault_db_password: AnsVaultPw_7',
     ('AnsVaultPw_7',)),
    # -- generators --
    ('openssl', '$ openssl rand -base64 32\nq3Tz8mVbN1xKc7Lp2Rw9Yh4Js6Fd0Ga5Ue8Io3Pk1Zs=',
     ('q3Tz8mVbN1xKc7Lp2Rw9Yh4Js6Fd0Ga5Ue8Io3Pk1Zs=',)),
    ('openssl', '$ openssl rand -hex 32\n9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
     ('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',)),
    ('openssl', '$ openssl rand -hex 16\n3a7bd3e2360a3d29eea436fcfb7e44c7', ('3a7bd3e2360a3d29eea436fcfb7e44c7',)),
    ('openssl', '$ openssl rand -base64 12\nK7xPq2Lm9Vz4', ('K7xPq2Lm9Vz4',)),
    ('pwgen', '$ pwgen -s 20 1\nuG7kT2pX9mQ4vL1zR8wN', ('uG7kT2pX9mQ4vL1zR8wN',)),
    ('pwgen', '$ pwgen -cnys 16 1\nAe7]kP2!xQ9#mZ4v', ('Ae7]kP2!xQ9#mZ4v',)),
    ('pwgen', '$ apg -n 1 -m 14\nOsIfJolnEbsAv6', ('OsIfJolnEbsAv6',)),
    ('urandom', '$ head -c 32 /dev/urandom | base64\nX8kLm2QpZr9VtW3yN5bC8dF1gH4jK7lP0oI6uY3tR2e=',
     ('X8kLm2QpZr9VtW3yN5bC8dF1gH4jK7lP0oI6uY3tR2e=',)),
    ('urandom', "$ tr -dc 'A-Za-z0-9' </dev/urandom | head -c 24; echo\nhT4nW9qL2xB7vK1mZ8pR3sD6",
     ('hT4nW9qL2xB7vK1mZ8pR3sD6',)),
    ('python', '$ python -c "import secrets; print(secrets.token_urlsafe())"\n'
     'Dr8xKq2PvN5mZ1tL9wB4cF7hJ3gS6yA0eU-iO_pQ', ('Dr8xKq2PvN5mZ1tL9wB4cF7hJ3gS6yA0eU-iO_pQ',)),
    ('python', '$ python3 -c \'import secrets; print(secrets.token_hex(16))\'\n5d41402abc4b2a76b9719d911017c592',
     ('5d41402abc4b2a76b9719d911017c592',)),
    ('python', '>>> import secrets\n>>> secrets.token_urlsafe(24)\n\'mP3xQ8vL1zR7wN2kT9bC4dF6gH0jS5yA\'',
     ('mP3xQ8vL1zR7wN2kT9bC4dF6gH0jS5yA',)),
    ('python', '>>> from django.core.management.utils import get_random_secret_key\n>>> get_random_secret_key()\n'
     "'k#8x!q2p$v5m@z1t%l9w^b4c&f7h*j3g(s6y)a0e'", ('k#8x!q2p$v5m@z1t%l9w^b4c&f7h*j3g(s6y)a0e',)),
    ('python', '(venv) $ python manage.py shell -c "from django.conf import settings; print(settings.SECRET_KEY)"\n'
     'django-insecure-7x!k2q9p#m4v', ('django-insecure-7x!k2q9p#m4v',)),
    ('node', "$ node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"\n"
     "4e07408562bedb8b60ce05c1decfe3ad16b72230967de01f640b7e4729b49fce",
     ('4e07408562bedb8b60ce05c1decfe3ad16b72230967de01f640b7e4729b49fce',)),
    ('rails', '$ bin/rails secret\n8f3b2c1d0e9a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f'
              '2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d',
     ('8f3b2c1d0e9a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b'
      '8c7d6e5f4a3b2c1d',)),
    ('uuidgen', '$ docker run --rm authelia/authelia authelia crypto rand --length 32 --charset alphanumeric\n'
     'Random Value: tK9mQ2xL7vP4zR1wN8bC3dF6gH0jS5yA', ('tK9mQ2xL7vP4zR1wN8bC3dF6gH0jS5yA',)),
    # -- environment --
    ('docker', '$ docker exec app printenv DB_PASSWORD\nDockerEnvPw_31', ('DockerEnvPw_31',)),
    ('docker', '$ docker exec -it api env | grep SECRET\nJWT_SECRET=sunset-harbor-19', ('sunset-harbor-19',)),
    ('docker', '$ docker compose exec web printenv REDIS_PASSWORD\nComposeRedis_8', ('ComposeRedis_8',)),
    ('docker', "$ docker inspect -f '{{range .Config.Env}}{{println .}}{{end}}' app | grep PASS\nPOSTGRES_PASSWORD=In"
               "spectPg_4",
     ('InspectPg_4',)),
    ('docker', '$ docker secret inspect db_pw\n[]\n$ docker exec db cat /run/secrets/db_pw\nSwarmSecret_61',
     ('SwarmSecret_61',)),
    ('echo', '$ echo $DB_PASSWORD\nEchoDbPw_2024', ('EchoDbPw_2024',)),
    ('echo', 'root@web01:~# echo "$MYSQL_ROOT_PASSWORD"\nmaple-signal-44', ('maple-signal-44',)),
    ('echo', '$ echo ${API_TOKEN}\nEchoApiTok_77', ('EchoApiTok_77',)),
    ('echo', 'PS C:\\> echo $env:AZURE_CLIENT_SECRET\nPsEnvSecret~91', ('PsEnvSecret~91',)),
    ('echo', 'PS C:\\Users\\jdoe> $env:GITHUB_TOKEN\nghp_aB3cD5eF7gH9iJ1kL3mN5oP7qR9sT1uV3wX5',
     ('ghp_aB3cD5eF7gH9iJ1kL3mN5oP7qR9sT1uV3wX5',)),
    ('echo', 'C:\\> echo %DB_PASS%\nCmdEnvPw_55', ('CmdEnvPw_55',)),
    ('printenv', '$ printenv SMTP_PASSWORD\nPrintenvSmtp_6', ('PrintenvSmtp_6',)),
    ('env', '$ env | grep -i token\nSLACK_TOKEN=violet-anchor-26', ('violet-anchor-26',)),
    ('cat', '$ cat ~/.pgpass\ndb.internal:5432:app:app:PgpassPw_2024', ('PgpassPw_2024',)),
    ('cat', '$ cat secret.txt\nCatSecretPw_12', ('CatSecretPw_12',)),
    ('cat', '$ cat /run/secrets/postgres_password\ncrimson-tide-90', ('crimson-tide-90',)),
    ('cat', '$ cat ~/.vault-token\nhvs.CatVaultTok9Lm2QpZr7VtW', ('hvs.CatVaultTok9Lm2QpZr7VtW',)),
    ('cat', '$ sudo cat /var/lib/jenkins/secrets/initialAdminPassword\n7f1c2a9e3b4d4c8e9a0b1c2d3e4f5a6b',
     ('7f1c2a9e3b4d4c8e9a0b1c2d3e4f5a6b',)),
    ('cat', '$ cat ~/.docker/config.json | jq -r \'.auths["ghcr.io"].auth\' | base64 -d\njdoe:GhcrDockerPw_5',
     ('GhcrDockerPw_5',)),
    ('cat', 'PS C:\\> Get-Content .\\secret.txt\nPsFileSecret_8', ('PsFileSecret_8',)),
    ('base64', '$ base64 -d <<< U2VjcmV0UGFzczIwMjQ=\nSecretPass2024', ('SecretPass2024',)),
    ('base64', "$ echo 'YWRtaW46UzNjcmV0IQ==' | base64 -d\nadmin:S3cret!", ('S3cret!',)),
    ('jq', "$ jq -r .password creds.json\nJqCredsPw_14", ('JqCredsPw_14',)),
    ('yq', "$ yq '.db.password' config/prod.yaml\nYqProdPw_41", ('YqProdPw_41',)),
    # -- windows wlan --
    ('netsh', 'PS C:\\> netsh wlan show profile name="HomeNet" key=clear\n    SSID name              : "HomeNet"\n'
     '    Authentication         : WPA2-Personal\n    Key Content            : WifiHome2024!', ('WifiHome2024!',)),
    ('netsh', 'C:\\> netsh wlan show profiles name=Office key=clear\n    Security key           : Present\n'
     '    Key Content            : tangerine sky 7', ('tangerine sky 7',)),
    ('netsh', 'C:\\> netsh wlan show profile name=Buero key=clear\n    Sicherheitsschlüssel   : Vorhanden\n'
     '    Schlüsselinhalt        : WlanBuero_2024', ('WlanBuero_2024',)),
    ('netsh', 'C:\\> netsh wlan show profile name=Maison key=clear\n    Clé de sécurité        : Présent\n'
     '    Contenu de la clé      : WifiMaison_77', ('WifiMaison_77',)),
    ('netsh', 'C:\\> netsh wlan show profile name=Casa key=clear\n    Contenido de la clave  : WifiCasa_2025',
     ('WifiCasa_2025',)),
    ('nmcli', '$ nmcli dev wifi show-password\nSSID: HomeNet\nSecurity: WPA\nPassword: NmcliWifi_99',
     ('NmcliWifi_99',)),
    ('nmcli', '$ sudo nmcli -s -g 802-11-wireless-security.psk connection show HomeNet\nPskHome_2024',
     ('PskHome_2024',)),
    # -- result tables --
    ('psql', "app=# SELECT username, api_key FROM service_accounts;\n username |     api_key\n----------+------------"
             "------\n"
     " ci       | ak_live_Qm9Lp2Xz7Vr4\n(1 row)", ('ak_live_Qm9Lp2Xz7Vr4',)),
    ('psql', "app=> select name, password from users limit 2;\n name  | password\n-------+-------------\n"
     " alice | AliceDbPw1!\n bob   | BobDbPw2!\n(2 rows)", ('AliceDbPw1!', 'BobDbPw2!')),
    ('mysql', "mysql> SELECT user, authentication_string FROM mysql.user;\n+-------+---------------------------------"
              "----------+\n"
     "| user  | authentication_string                     |\n+-------+-------------------------------------------+\n"
     "| app   | *6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9 |\n+-------+-------------------------------------------+",
     ('*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9',)),
    ('mysql', "mysql> select email, secret from totp;\n+-----------------+------------------+\n| email           | se"
              "cret           |\n"
     "+-----------------+------------------+\n| ops@acme.test   | JBSWY3DPEHPK3PXP |\n+-----------------+------------"
     "------+",
     ('JBSWY3DPEHPK3PXP',)),
    ('box', "sqlite> .mode box\nsqlite> select key, value from settings;\n┌──────────┬────────────────┐\n"
     "│   key    │     value      │\n├──────────┼────────────────┤\n│ smtp_pw  │ SqliteSmtp_42  │\n"
     "└──────────┴────────────────┘", ('SqliteSmtp_42',)),
    ('box', "duckdb> SELECT name, token FROM api_tokens;\n┌─────────┬──────────────────┐\n│  name   │      token     "
            "  │\n"
     "├─────────┼──────────────────┤\n│ deploy  │ DuckTok_Qp8Lm2Zx │\n└─────────┴──────────────────┘",
     ('DuckTok_Qp8Lm2Zx',)),
    ('box', "┏━━━━━━━━━━┳━━━━━━━━━━━━━━━━┓\n┃ Name     ┃ Password       ┃\n┡━━━━━━━━━━╇━━━━━━━━━━━━━━━━┩\n"
     "│ admin    │ RichTablePw_7  │\n└──────────┴────────────────┘", ('RichTablePw_7',)),
    ('box', "╔══════════╦════════════════╗\n║ user     ║ password       ║\n╠══════════╬════════════════╣\n"
     "║ backup   ║ DoubleBoxPw_3  ║\n╚══════════╩════════════════╝", ('DoubleBoxPw_3',)),
    ('clickhouse', "SELECT name, password FROM creds\n\n┌─name──┬─password──────┐\n│ etl   │ ClickEtlPw_55 │\n"
     "└───────┴───────────────┘", ('ClickEtlPw_55',)),
    ('redis', '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "RedisCfgGet_12"', ('RedisCfgGet_12',)),
    ('redis', '127.0.0.1:6379> GET session:api_token\n"RedisGetTok_Qp8Lm"', ('RedisGetTok_Qp8Lm',)),
    # -- several lines of output --
    ('multi', '$ vault kv get -field=password secret/db\nVaultMulti_Pw1\n$ kubectl get pods\nNAME    READY   STATUS\n'
     'api-1   1/1     Running', ('VaultMulti_Pw1',)),
    ('multi', '$ for s in db redis; do vault kv get -field=password secret/$s; done\nLoopDbPw_11\nLoopRedisPw_22',
     ('LoopDbPw_11', 'LoopRedisPw_22')),
    ('multi', '$ pwgen -s 16 3\nkP2xQ9mZ4vL7tR1w\nN8bC3dF6gH0jS5yA\nE2rT7uI4oP9aS1dF',
     ('kP2xQ9mZ4vL7tR1w', 'N8bC3dF6gH0jS5yA', 'E2rT7uI4oP9aS1dF')),
    ('ticket', 'Repro steps:\n\n```\n$ op read op://Shared/Sentry/token\nsentry-pine-branch-5\n```\nThen the deploy f'
               'ails.',
     ('sentry-pine-branch-5',)),
    ('ticket', '    jdoe@laptop:~/src/api$ gcloud secrets versions access latest --secret=jwt-signing\n    '
     'JwtSigning_Gcp_72\n', ('JwtSigning_Gcp_72',)),
    ('ticket', '> $ heroku config:get SECRET_KEY_BASE\n> HerokuSkb_2024x', ('HerokuSkb_2024x',)),
    # -- written after the first fix, to test that the grammar generalises (other prompts, REPLs, tools) --
    ('ipython', 'In [3]: os.environ["DB_PASSWORD"]\nOut[3]: \'IpyEnvPw_77\'', ('IpyEnvPw_77',)),
    ('irb', 'irb(main):001:0> SecureRandom.hex(16)\n=> "9b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e"',
     ('9b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e',)),
    ('pry', '[2] pry(main)> Rails.application.credentials.stripe_secret\n=> "PryStripe_Sk44"', ('PryStripe_Sk44',)),
    ('node', '> require("crypto").randomBytes(16).toString("hex")\n\'2f1e3d4c5b6a79881726354453627180\'',
     ('2f1e3d4c5b6a79881726354453627180',)),
    ('node', '> process.env.API_TOKEN\n\'NodeEnvTok_61\'', ('NodeEnvTok_61',)),
    ('zsh', 'jdoe@MacBook-Pro ~ % security find-generic-password -wa jdoe\nMacZshPw_12', ('MacZshPw_12',)),
    ('zsh', '➜  api git:(main) ✗ vault kv get -field=token secret/ci\nOhMyZshTok_4', ('OhMyZshTok_4',)),
    ('alpine', '/ # cat /run/secrets/db_password\nAlpineSecret_3', ('AlpineSecret_3',)),
    ('az', '$ az keyvault secret show --vault-name kv --name db | jq -r .value\nAzJqValue_5', ('AzJqValue_5',)),
    ('az', '$ az keyvault secret show --vault-name kv --name db\n{\n  "id": "https://kv.vault.azure.net/secrets/db/1"'
           ',\n'
     '  "value": "AzJsonVal_6"\n}', ('AzJsonVal_6',)),
    ('consul', '$ consul kv get secret/db/password\nConsulKv_88', ('ConsulKv_88',)),
    ('etcd', '$ etcdctl get /config/db/password --print-value-only\nEtcdDbPw_19', ('EtcdDbPw_19',)),
    ('wg', '$ wg genkey\nyAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=',
     ('yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=',)),
    ('powershell', 'PS> [Environment]::GetEnvironmentVariable("DB_PASSWORD")\nPsDotNetEnv_3', ('PsDotNetEnv_3',)),
    ('powershell', 'PS /home/jdoe> Get-AzKeyVaultSecret -VaultName kv -Name sql -AsPlainText\nAzPsSecret_27',
     ('AzPsSecret_27',)),
    ('gpg', '$ gpg --quiet --decrypt ~/.secrets/smtp.gpg\nGpgSmtpPw_31', ('GpgSmtpPw_31',)),
    ('lpass', '$ lpass show --password Shared-Infra/db\nLpassDb_Pw55', ('LpassDb_Pw55',)),
    ('rbw', '$ rbw get "Prod DB"\nRbwProdPw_8', ('RbwProdPw_8',)),
    ('kubectl', "$ kubectl config view --raw -o jsonpath='{.users[0].user.token}'\nKubeCfgTok_9Lm2Qp",
     ('KubeCfgTok_9Lm2Qp',)),
    ('cmd', 'C:\\Users\\jdoe>type C:\\secrets\\db.txt\nCmdTypePw_44', ('CmdTypePw_44',)),
    ('ssh', "$ ssh bastion 'vault kv get -field=password secret/db'\nSshVaultPw_5", ('SshVaultPw_5',)),
    ('kubectl', "$ kubectl get secret/db -o jsonpath='{.data.password}' | base64 -d\nSlashSecret_6",
     ('SlashSecret_6',)),
    ('echo', '$ echo -n "$DB_PASSWORD" | base64\nRWNob0I2NF9QdzE=', ('RWNob0I2NF9QdzE=',)),
]
CONTROLS: tuple[str, ...] = (
    '$ kubectl describe secret db-creds\nName:         db-creds\nNamespace:    default\nType:  Opaque\n\n'
    'Data\n====\npassword:  15 bytes\nusername:  8 bytes',
    '$ gcloud sql users set-password app --instance=db --prompt-for-password\nPassword: \n'
    'Updating Cloud SQL user...done.',
    '$ kubectl get pods\nNAME                   READY   STATUS    RESTARTS   AGE\napi-7d9f8c6b5-x2k4p   1/1     Runni'
    'ng   0          3d',
    '$ git log --oneline -3\n3f2a1b0 Fix retry loop\n9c8d7e6 bump version\n1a2b3c4 Initial import',
    '$ echo $HOME\n/root',
    '$ date\nWed Dec  2 13:10:00 UTC 2026',
    '$ whoami\njdoe',
    '$ ls\nMakefile  README.md  src  tests',
    '$ openssl version\nOpenSSL 3.0.13 30 Jan 2024 (Library: OpenSSL 3.0.13 30 Jan 2024)',
    '$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account jdoe (keyring)\n  - Active account: true',
    '$ kubectl get secret db -o jsonpath=\'{.data.password}\' | base64 -d\nError from server (NotFound): secrets "db"'
    ' not found',
    '$ vault kv get -field=password secret/db\nNo value found at secret/data/db',
    '$ gcloud secrets versions access latest --secret=db-password\nERROR: (gcloud.secrets.versions.access) NOT_FOUND:'
    ' Secret not found',
    '$ terraform output -raw db_password\nnull',
    '$ op item get Postgres --fields password\n[ERROR] 2026/12/02 13:10:00 could not read secret: item not found',
    '$ echo $DB_PASSWORD\n',
    '$ echo $SHELL\n/bin/bash',
    '$ echo $EDITOR\nvim',
    '$ python --version\nPython 3.11.9',
    '$ git rev-parse HEAD\n9fceb02d0ae598e95dc970b74767f19372d61af8',
    '$ kubectl get secrets\nNAME                  TYPE                                  DATA   AGE\ndb-creds         '
    '     Opaque                                2      14d',
    '$ vault status\nKey             Value\n---             -----\nSeal Type       shamir\nVersion         1.15.2',
    '$ aws sts get-caller-identity --query Account --output text\n123456789012',
    '$ aws secretsmanager list-secrets --query "SecretList[].Name" --output text\nprod/db\tprod/api',
    '$ gcloud config get-value project\nacme-prod',
    '$ az account show --query name -o tsv\nacme-production',
    '$ pass ls\nPassword Store\n├── work\n│   ├── vpn\n│   └── ldap\n└── personal',
    '$ docker exec app printenv DB_HOST\ndb.internal',
    '$ docker ps\nCONTAINER ID   IMAGE          STATUS\n4c01db0b339c   nginx:1.25     Up 2 hours',
    '$ terraform output db_port\n5432',
    '$ cat VERSION\n2.14.0',
    '$ cat /etc/hostname\nweb01',
    '$ security find-generic-password -w -s "Docker Credentials"\nsecurity: SecKeychainSearchCopyNext: The specified '
    'item could not be found in the keychain.',
    '$ gh auth token\nno oauth token found for github.com',
    '$ vault read -field=ttl auth/token/lookup-self\n768h',
    '$ kubectl get secret db -o jsonpath=\'{.data.password}\' | base64 -d\n<password>',
    '$ echo $API_TOKEN\n${API_TOKEN}',
    '$ pass show work/vpn\nError: work/vpn is not in the password store.',
    '$ gopass show infra/db/root\n(none)',
    'app=# SELECT id, name, created_at FROM users LIMIT 1;\n id |  name  |     created_at\n----+--------+------------'
    '---------\n'
    '  1 | alice  | 2026-01-02 10:00:00\n(1 row)',
    "mysql> select id, status from jobs;\n+----+---------+\n| id | status  |\n+----+---------+\n|  1 | done    |\n+--"
    "--+---------+",
    "┌──────────┬────────────────┐\n│ name     │ version        │\n├──────────┼────────────────┤\n│ requests │ 2.31.0"
    "         │\n└──────────┴────────────────┘",
    'PS C:\\> netsh wlan show profile name="HomeNet"\n    Authentication         : WPA2-Personal\n    Security key   '
    '        : Present',
    '>>> import secrets\n>>> secrets.choice(["red", "green"])\n\'green\'',
    '$ openssl rand -help\nUsage: rand [options] num',
    '$ kubectl create token --help\nRequest a service account token.',
    '127.0.0.1:6379> CONFIG GET maxmemory\n1) "maxmemory"\n2) "0"',
    '$ cat secrets-policy.md\n# Secrets policy\nrotate every quarter.\nOverview',
    '$ echo $PASSWORD_FILE\n/run/secrets/db_pw',
    "$ kubectl get secret db-password -o jsonpath='{.metadata.name}'\ndb-password",
    '$ vault kv get -field=password secret/db | wc -c\n15',
    '$ base64 -d hello.b64\nHello',
    '$ echo $GITHUB_TOKEN | wc -c\n41',
    '$ gh auth token\n<token>',
    '$ printenv DB_PASSWORD\n********',
    "$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d\nchangeme",
    '$ pwgen --help\nUsage: pwgen [ OPTIONS ] [ pw_length ] [ num_pw ]',
    '$ security find-generic-password -s build\nkeychain: "/Library/Keychains/login.keychain-db"',
    '$ op item get Postgres --fields password > /tmp/pw\n$ ls -l /tmp/pw',
    '$ terraform output -raw db_password_secret_name\nprod/db/password',
    '$ heroku config:get WEB_CONCURRENCY -a acme\n4',
    '# echo $DB_PASSWORD\nfi',
    'In [4]: settings.DEBUG\nOut[4]: False',
    'irb(main):002:0> ENV["HOME"]\n=> "/root"',
    '> note: the token docs are here\n> docs/tokens.md',
    '$ consul kv get config/feature_flags\n{"beta":true}',
    '$ wg show wg0 listen-port\n51820',
    '>>> len(secrets.token_hex(16))\n32',
    'C:\\>dir\n Volume in drive C has no label.',
    'C:\\tmp>type notes.txt\nbuy milk',
    '$ aws ecr get-login-password --region eu-west-1 | docker login --username AWS --password-stdin 1234.dkr.ecr.eu-w'
    'est-1.amazonaws.com\nLogin Succeeded',
)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_secret_printed_after_its_command_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_commands_that_print_no_secret_keep_their_output_readable(mode, text):
    if mode == "strict" and text in LOGIN_OUTPUTS:
        # a login is personal data (issue 11): strict mode redacts the line whoami prints (personal round 10)
        assert redact_text(mode, text) != text and text.split("\n")[0] in redact_text(mode, text)
        return
    assert redact_text(mode, text) == text


#: Controls whose output is the user's login: readable in balanced mode, redacted in strict mode.
LOGIN_OUTPUTS = frozenset(("$ whoami\njdoe",))


def _sample_line(words: tuple[str, ...]) -> str:
    first = words[0].split("|")[0].rstrip("*")
    return "$ " + " ".join([first, *(w.split("|")[0] for w in words[1:])]) + " x\n"


@pytest.mark.parametrize("words", sorted({p.words for p in PRINTERS}), ids=lambda w: "-".join(w)[:40])
def test_every_command_of_the_printer_table_opens_the_cheap_gate(words):
    text = _sample_line(words)
    low = text.lower()
    w = letter_words(low)
    assert wants_output(text, low, w.set if low.isascii() else None, w.joined)


def test_a_heading_that_names_a_tool_word_does_not_open_the_gate():
    text = "# Security review\n\nMore settings: see the type list, then print it.\n"
    low = text.lower()
    w = letter_words(low)
    assert not wants_output(text, low, w.set, w.joined)
