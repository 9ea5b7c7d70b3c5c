"""Hold-out secret probes, round 11 (issue 9): whole files of an engineer's DEV and OPS folder.

The files under ``tests/corpus/files_r11_ops/`` are written as a private folder really holds them, before
reading the detectors, of kinds the round-10 corpus does not hold: zsh, fish and PowerShell histories;
``ps auxww``, ``printenv`` and NUL-separated ``/proc/PID/environ`` dumps, a ``set -x`` trace and an strace;
``docker inspect``, ``kubectl get secret -o yaml``, ``kubectl describe``, ``helm get values`` and a
ConfigMap with embedded Elasticsearch/Kibana files; GitHub Actions, GitLab, Jenkins and Buildkite logs
with masked and unmasked values; a systemd unit and its drop-in, a crontab, supervisord; Procfile,
fly.toml, render.yaml, a Vercel env export, Caddyfile, HAProxy, Traefik and Envoy; a Jupyter notebook, a
Postman environment, Laravel ``.env`` beside its ``.env.example`` (the template stays readable), Spring
``application.yml``, Rails ``database.yml``, Django settings, ``wp-config.php``; Gradle, Maven, Cargo,
Composer, sbt and npm auth files; an ansible-vault view, a SOPS file and its decrypted copy; MySQL and
PostgreSQL dumps, Redis, Mongo and Elasticsearch keystore sessions; OpenVPN, WireGuard, strongSwan;
Cisco, Junos and MikroTik configs; Python, Go and Node crash logs that print config objects and a
``terraform show -json``. Each file is redacted whole, with the credential-file kind of its name, as the
service does. ``FILES`` maps each file to its labelled fictional values (none may survive in either mode)
and its controls (ordinary text of the same file that must survive).

Wave 1 (62 files, 186 labelled values, 164 controls): main leaked 2 values in strict and 3 in balanced, and
changed 6 controls in strict and 3 in balanced: a NUL-separated environment lost every entry after its first
secret (the value ran on through the NULs), a strongSwan ESP proposal read as a random token, an Envoy
``inline_string`` password, a Redis ``AUTH`` in an HAProxy ``tcp-check send`` and a ``.pgpass`` line inside an
strace ``read`` leaked.

Fixed by family: a NUL separates entries as a line break does (the detectors read a same-length view), a
cipher suite or IKE/ESP proposal made of algorithm names is not a token, an Envoy inline data source
under a secret's key, a Redis AUTH sent by a health check or a pipe with its line end spelled out, what
ltrace shows ``getenv`` return for a secret's name, and the escaped C strings of strace lines read with
their escapes as line breaks (a ``.pgpass`` line a traced ``psql`` read).

Wave 2 (``wave2/``: 28 files, 64 values, 62 controls) was written after those fixes: main leaked 1 in strict
and 4 in balanced and changed 7 and 5 controls; the wave-1 fixes alone left 1 / 3 leaks and 3 / 1 changed
controls (a ``.mysql_history`` whose blanks are ``\\040``, MySQL's ``SET PASSWORD … = 'V'`` and a PgBouncer
``userlist.txt``; the libedit ``_HiStOrY_V2_`` header was read as a password typed at the prompt). Fixed: a
libedit history is read with ``\\040`` as a blank, a ``SET PASSWORD`` row, a PgBouncer auth-file kind, and the
header stays. All 90 files: main 3 strict / 7 balanced values leaked, 13 / 8 controls changed; now 0 / 0 and
5 / 0, the strict ones capitalised words strict redacts by design (``BALANCED_ONLY``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from redaction_helpers import (
    check_file_controls,
    check_file_values,
    check_secret_row,
    files_on_disk,
    make,
    redact_text,
    row_params,
)

from redacted_context_mcp.redaction.secret_filenames import file_kind

ROOT = Path(__file__).resolve().parents[1] / "corpus" / "files_r11_ops"

#: file -> (labelled values that must not survive, controls that must survive in both modes)
FILES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "app/.env": (
        ("q8Lm2Xv7Rt4Wz9Bn3Kp6Yc1Hd5Jf0Sy8GaQeWrTyUi=", "kaasschaaf", "Brevo-Smtp_xQ72mL",
         "sk_live_51Pq8kLm2QvR8tY3uP6wZ4aB7cD0eF1gH2iJ3kL4mN5oP6q", "Zq8Lm2Xv7Rt4Wz9Bn3Kp6Yc1Hd5Jf0Sy8GaQeWrT",
         "8c3e6b0d9f14f9a1c7e2"),
        ("APP_NAME=Shop", "APP_DEBUG=false", "MAIL_MAILER=smtp"),
    ),
    "app/.env.example": (
        (),
        ("APP_NAME=Shop", "APP_KEY=", "DB_CONNECTION=mysql", "DB_PASSWORD=secret", "MAIL_PASSWORD=null",
         "STRIPE_SECRET=sk_test_your_key_here", "AWS_SECRET_ACCESS_KEY=", "PUSHER_APP_SECRET=your-pusher-secret"),
    ),
    "app/application.yml": (
        ("L3dger!Spring-Prod", "SG.Kq2Lm9Vx4Kp7Rw3Zn6Bc1H.d5Jf0Sy8GaQeWrTyUiOpAsDfGhJkLzXcVbNm12345678",
         "kc-7f2a9d4e1b8c3f60a5", "Jasypt is my favourite tool"),
        ("port: 8080", "jpa:", "management:", "health,info,prometheus"),
    ),
    "app/churn-analysis.ipynb": (
        ("Sn0wflake-An!2026", "sk-Lm2QvR8tY3uP6wZ4aB7cT3BlbkFJD0eF1gH2iJ3kL4mN5oP",
         "hf_Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWr"),
        ("Churn analysis, Q3 cohort", "rows: 184220",
         "weekly = df.groupby(pd.Grouper(key='ts', freq='W')).user_id.nunique()",
         '"language_info": {"name": "python", "version": "3.11.6"}'),
    ),
    "app/database.yml": (
        ("Crm-Rails_Prod!5", "R0-Crm_Report22"),
        ("encoding: unicode", 'host: <%= ENV["DATABASE_HOST"] %>', "replica: true"),
    ),
    "app/settings.py": (
        ("django-insecure-8k#q2l!m9vx4kp7rw3zn6bc1hd5jf0sy8ga(qewrt)", "Intra-Dj_Pg!2026", "pepernoten-in-december",
         "Ldap-Bind_Svc88"),
        ("DEBUG = False", '"ENGINE": "django.db.backends.postgresql"', 'LANGUAGE_CODE = "nl-nl"',
         'TIME_ZONE = "Europe/Amsterdam"'),
    ),
    "app/staging.postman_environment.json": (
        ("Pm-Env_Cl13nt!Secret", "Tomaat-Soep-42", "a8c3e6b0d9f14f9a1c7e2b8d3f60a5c9"),
        ('"name": "staging"', '"key": "pageSize", "value": "50"'),
    ),
    "app/wp-config.php": (
        ("Wp!Blog-Maria_77", "t`Dq|K2m;L9v@x4K!p7R+w3Z-n6B~c1H(d5J)f0S", "Z8n#Bc1H$d5J%f0S^y8G&aQe*WrT_yUi+OpA=sDf",
         "<Qk9m>Lx2v{Zp8N}c4H[d6J]f1S|y0G;aQw:ErT", "Wp-Smtp_Relay31"),
        ("The name of the database for WordPress", "define( 'DB_HOST', 'localhost' );", "$table_prefix = 'wp_';"),
    ),
    "build/.cargo/credentials.toml": (
        ("cio8Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8Ga", "int_Rk7mQ2vL9xT4pW8sZ1nB5cY3"),
        (),
    ),
    "build/.composer/auth.json": (
        ("pk_Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWr", "Satis_Comp0ser!", "gho_8kLm2QvR8tY3uP6wZ4aB7cD0eF1gH2iJ3kL",
         "glpat-Zq8Lm2Xv7Rt4Wz9Bn3Kp"),
        ('"http-basic": {',),
    ),
    "build/.m2/settings.xml": (
        ("Mvn-Nexus_Rel2026", "ghp_Qm3Lx8vR2kT9pW4sZ7nB1cY6hF0jD5gK3aE8", "{COQLCE6DU6GtcS5P=}"),
        ("<localRepository>/var/cache/m2</localRepository>", "<mirrorOf>central</mirrorOf>"),
    ),
    "build/.npmrc": (
        ("ghp_Zq8Lm2Xv7Rt4Wz9Bn3Kp6Yc1Hd5Jf0Sy8GaQ", "bnBtLWNpOk5wbS1OZXh1cy1QdzQ0"),
        ("fund=false", "save-exact=true"),
    ),
    "build/.sbt/.credentials": (
        ("Sbt_Publ!sh-66",),
        (),
    ),
    "build/gradle.properties": (
        ("AKCp8kLm2QvR8tY3uP6wZ4aB7cD0eF1gH2iJ3kL4mN5oP6qR7sT8uV9wX0y", "Gradle-Sign!ng_Q4", "oss-Rh_Kw82mLq"),
        ("org.gradle.jvmargs=-Xmx2048m -Dfile.encoding=UTF-8", "android.useAndroidX=true"),
    ),
    "build/secrets.dec.yml": (
        ("Vlt-MyRoot!2026x", "KQXMZRLPWTNBYCVHDJFG", "Schneeflocke im Juli",
         "xoxp-1234567890-2345678901-3456789012-a8c3e6b0d9f14f9a1c7e2b8d3f60a5c9"),
        ('vault_backup_schedule: "0 2 * * *"',),
    ),
    "build/secrets.enc.yaml": (
        (),
        ("user: app", 'lastmodified: "2026-11-12T10:14:02Z"', "version: 3.9.1"),
    ),
    "build/sops-decrypted-prod.yaml": (
        ("Sops-Prod_Db!91", "cherry-blossom-kyoto-41", "oidc_Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8"),
        ("user: app", 'lastmodified: "2026-11-12T10:14:02Z"', "version: 3.9.1"),
    ),
    "ci/buildkite-step.log": (
        ("Seed-Es_Pw!2026", "c7e2b8d3f60a5c9e1b7d2f4a8c3e6b0d"),
        ("$ docker-compose -f docker-compose.ci.yml run --rm tests", "+++ :pytest: running tests",
         "312 passed, 4 skipped in 48.21s"),
    ),
    "ci/github-actions-deploy.log": (
        ("q8Lm2Xv7Rt4Wz9Bn3Kp6Yc1H", "Migr8-Stg!Orders", "npm_Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeW"),
        ("./scripts/deploy.sh staging", "Login Succeeded", "Node.js 16 actions are deprecated.",
         "##[error]Process completed with exit code 1."),
    ),
    "ci/gitlab-job-4471.log": (
        ("glpat-Wm3Xq8vR2kT9pL4sZ7nB", "squ_4f9a1c7e2b8d3f60a5c9e1b7d2f4a8c3e6b0d9f1"),
        ('Preparing the "docker" executor', "Successfully installed orders-sdk-0.7.1",
         "System check identified no issues (0 silenced).", "Job succeeded"),
    ),
    "ci/jenkins-console-build-212.txt": (
        ("J3nkins-Adm!n77", "Rel3ase-Db_Kw2"),
        ("BUILD SUCCESS", "Applying migration 0042_invoice_due_date ... OK", "Finished: SUCCESS"),
    ),
    "data/crm-dump-2026-11-20.sql": (
        ("4f9a1c7e2b8d3f60a5c9e1b7d2f4a8c3-us21", "pat-eu1-8c3e6b0d-9f14-4f9a-b1c7-e2b8d3f60a5c", "Ftp-Crm_Backup!4",
         "Crm-Mail_Relay88", "Crm#App#User#2026", "rapport-maandag"),
        ("/*!40101 SET NAMES utf8mb4 */;", "PRIMARY KEY (`id`)", "LOCK TABLES `settings` WRITE;",
         "invoice_prefix','INV-", "UNLOCK TABLES;"),
    ),
    "data/elasticsearch.keystore.txt": (
        ("Wq8Lm2Xv7Rt4Wz9Bn3Kp6Yc1Hd5Jf0Sy8GaQeWrT", "Kq2Lm9Vx4Kp7Rw3Zn6Bc", "Zx9+Kp2mQ7rT4vW1sB8n"),
        ("bin/elasticsearch-reset-password -u elastic -i", "Password for the [elastic] user successfully reset."),
    ),
    "data/mongod.conf": (
        ("Mongo-Pem_Pass72", "Mdump-Bk_Pw!8"),
        ("dbPath: /var/lib/mongodb", "authorization: enabled", "replSetName: rs0"),
    ),
    "data/pg_dumpall-roles.sql": (
        ("SCRAM-SHA-256$4096:Kq2Lm9Vx4Kp7Rw3Zn6Bc1w==$Zq8Lm2Xv7Rt4Wz9Bn3Kp6Yc1Hd5Jf0Sy8GaQeWrTyUi=:Rk7mQ2vL9xT4pW8sZ1nB5cY3hF6jD0gK2aE9uI4oXq8=",
         "md5a1c4e8f2b9d7a3c6e4f1a9c2b7d30658", "Legacy-App_Pg2019"),
        ("PostgreSQL database cluster dump", "GRANT analytics TO etl GRANTED BY postgres;"),
    ),
    "data/redis.conf": (
        ("R3dis-Main!Kw91", "R3dis-Repl_Qx20", "Wrkr-Acl_Pw55"),
        ("tcp-keepalive 300", "maxmemory-policy allkeys-lru", "appendonly yes"),
    ),
    "k8s/docker-inspect-billing.json": (
        ("Pg-Container_Rq61", "Rbt-Bill!ng44", "key-3f9a2c7e1b8d4f60a5c9e2b7d1f4a8c3",
         "$apr1$Zk4m1QpT$7vGxR2nL9kP4tW8sZ1bY3/"),
        ('"Status": "running"', "TZ=Europe/Berlin", '"Image": "registry.example.net/billing:2.8.0"',
         '"RestartPolicy": {"Name": "unless-stopped", "MaximumRetryCount": 0}'),
    ),
    "k8s/helm-get-values-grafana.txt": (
        ("Graf-Helm!Ops_2026", "gr4fana-db-kXq2m", "Lindeboom-77-Winter"),
        ("auth.anonymous:", "persistence:"),
    ),
    "k8s/kubectl-describe-pod.txt": (
        ("Mg-Notify_Smtp88", "9a4c2e7f1b3d5a8c0e6f2b4d7a9c1e3f"),
        ("Status:           Running", "Port:           8080/TCP", "Ready:          True", "LOG_FORMAT:       json",
         'Container image "registry.example.net/notify:0.9.3" already present on machine'),
    ),
    "k8s/kubectl-get-secret-payments.yaml": (
        ("QVFFcmhtZnhLNG1RMnZMOXhUNHBXOHNaMW5CNWNZM2hGNmpEMGdLMmFFOXVJNG8=", "UGF5bWVudHMtRGIhMjAyNg==",
         "ZjNhOWMxZTdiMmQ4NDA2NWE5YzFlN2IyZDg0MDY1YTk=", "Payments-Db!2026"),
        ("kubectl.kubernetes.io/last-applied-configuration", "namespace: payments", "type: Opaque"),
    ),
    "k8s/sealed-and-plain.yaml": (
        ("Elastic-Boot_Pw62", "K1bana-Sys!tem33"),
        ("network.host: 0.0.0.0", "logging.root.level: warn"),
    ),
    "logs/gateway-panic.txt": (
        ("Gw-Redis_Panic77", "Gw0auth-Cl!entSecr3t", "3c6e4f1a9c2b7d30658a1c4e8f2b9d7a"),
        ("runtime error: invalid memory address or nil pointer dereference", "/src/cmd/gateway/main.go:57 +0x1e"),
    ),
    "logs/importer-crash.log": (
        ("Partner-Sftp!Q3", "Imp0rt-Db_Zq61", "Tq8Lm2Xv7Rt4Wz9Bn3Kp6Yc1Hd5Jf0Sy8GaQeWrT"),
        ("ERROR importer.main: unhandled exception, dumping config", "Authentication failed.",
         "INFO importer.main: exiting with status 2"),
    ),
    "logs/node-uncaught.log": (
        ("N0de-Atlas_Pw!66", "Kolibri-Zonnebloem-Taart"),
        ("uncaught exception", "shutting down"),
    ),
    "logs/terraform-show.json": (
        ("Tf-Show_Rds!2026", "x7@Kq2Lm9Vx#Kp7Rw3Zn6Bc1"),
        ('"engine":"postgres"',),
    ),
    "net/core-sw01-running-config.txt": (
        ("$9$Kq2Lm9Vx4Kp7Rw$Zn6Bc1Hd5Jf0Sy8GaQeWrTyUiOpAsDfGhJkLzXcVbNm", "0822455D0A16544541",
         "$1$mERr$hx5rVt7rPNoS4wqbXKX7m0", "Pl4nt-R0-Comm", "wr1te-Pl4nt", "094F471A1A0A1A1D5A5F", "Vty-Cisco!Lab"),
        ("version 15.2", "spanning-tree mode rapid-pvst", "description uplink to fw01", "transport input ssh"),
    ),
    "net/mikrotik-export.rsc": (
        ("Kantoor-Wifi!2026", "Mt-Ipsec_Dc_Kq7", "Bkp-Mtik_Rw44", "janjansen123"),
        ("model = RB5009UG+S+", "/ip firewall filter", "add action=drop chain=input in-interface=ether1"),
    ),
    "net/srx-edge.conf": (
        ("$6$Qk9mLx2v$Zp8Nc4Hd6Jf1Sy0GaQwErTyUiOpAsDfGhJkLzXcVbNm1234567890abcdef",
         "$6$Rk7mQ2vL$9xT4pW8sZ1nB5cY3hF6jD0gK2aE9uI4oXqWm3Lx8vR2kT9pW4sZ7nB1cY6",
         "$9$Hk5FCA0IhruOBIcyK8X-sY2oZGiHmTz6", "$9$dEbs4ZUjqfTHkF/CtO1RhcSevMN-dsYgJ"),
        ("version 21.4R3-S5;", "host-name srx-edge-01;", "interfaces {"),
    ),
    "shell/.zsh_history": (
        ("Tulip#Canal#4418", "r3p0rt-Stg_Qx81", "ord_tok_9fKq2LmX7vRtP4sWz8Bn3cYh",
         "Rk7mQ2vL9xT4pW8sZ1nB5cY3hF6jD0gK2aE9uI4o", "Dkr-Reg!Pw_6620", "soft-kettle-umbrella-93"),
        ("git pull --rebase origin main", "kubectl -n orders rollout status deploy/orders-api",
         "docker build -t registry.example.net/orders-api:1.14.2 .", "history | grep psql"),
    ),
    "shell/ConsoleHost_history.txt": (
        ("Herfst!Blad2026", "SqlSvc_Pw!7730", "Share-Fs01_Kw44", "Xy8Q~kL2mN9pR4sT7vW1zB5cD8fG3hJ6kL0mQ2",
         "Kast4nje-Ops"),
        ("Get-Service -Name W3SVC", "Get-Process sqlservr", "Restart-Computer -ComputerName web02 -Force"),
    ),
    "shell/deploy-trace.log": (
        ("Stg-Orders_Db!39", "rt_7Gq2kLm9XvR4tP8sWz3B", "Nexus-Deploy_2026"),
        ("echo 'deploying orders-api 1.14.2 to staging'",
         "helm upgrade --install orders ./chart -n orders --wait --timeout 5m", "echo done"),
    ),
    "shell/fish_history": (
        ("hvs.CAESIJ4kL9mQ2xR7vT3pW8sZ1nB5cY6hF0jD4gK2aE9uIo", "sk-proj-Qm3Lx8vR2kT9pW4sZ7nB1cY6hF0jD5gK3aE8uI2oXq",
         "Grey Heron 1987", "sommarvind88"),
        ("terraform plan -out tf.plan", 'git commit -m "bump chart to 3.4.0"'),
    ),
    "shell/printenv-web01.txt": (
        ("ThymeAndRosemary!", "u8Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWrT", "ghp_8kLm2QvR8tY3uP6wZ4aB7cD0eF1gH2iJ3kL4",
         "c4ch3-W3b01-Lk"),
        ("LANG=en_US.UTF-8", "APP_ENV=production", "TERM=xterm-256color"),
    ),
    "shell/proc-1402-environ": (
        ("Bl1ng-Pod_Pw!52", "rk_live_51Nq8kLm2QvR8tY3uP6wZ4aB7cD0eF1gH2iJ3kL4mN5oP",
         "b4c1e8f2a9d37065c1b8e4f2a7d93c5e", "3f8a1c9e2b7d4f60a5c8e1b2d9f7a4c3"),
        ("LOG_LEVEL=info", "KUBERNETES_SERVICE_PORT=443"),
    ),
    "shell/ps-auxww.txt": (
        ("Spr!ngDs-Prod88", "exp0rter-Ro-2026", "Mailjet-Notif_71"),
        ("/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main", "ps auxww"),
    ),
    "shell/strace-psql.txt": (
        ("Etl-Nightly_Pw3", "md5e4f1a9c2b7d30658a1c4e8f2b9d7a3c6", "AGV0bEBleGFtcGxlLm5ldABFdGwtU210cC1QdzU="),
        ("fstat(3, {st_mode=S_IFREG|0600, st_size=31, ...}) = 0", "+++ exited with 0 +++"),
    ),
    "systemd/billing-worker.service": (
        ("Wrk-Billing!Pg8", "brkr-Kq29xLm", "whsec_Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQe"),
        ("Description=Billing queue worker", "ExecStart=/opt/billing/venv/bin/celery -A billing worker -l info"),
    ),
    "systemd/billing-worker.service.d/override.conf": (
        ("a1c4e8f2b9d7a3c6e4f1a9c2b7d30658", "bluebell meadow sunrise"),
        ("MemoryMax=1G",),
    ),
    "systemd/crontab-app03.txt": (
        ("Cron-Dump_Pg!61", "Weekly^Dump^77", "rep_8Kq2Lm9Vx4Kp7Rw3Zn6B"),
        ("*/5 * * * * /opt/billing/bin/healthcheck.sh >/dev/null 2>&1",
         "0 0 1 * * /usr/sbin/logrotate /etc/logrotate.conf"),
    ),
    "systemd/supervisord.conf": (
        ("Sup3rvise-Me!44", "82ab876d1387bfafe46cc1c8a2ef074eae50cb1d", "Notif-Smtp_Zq7",
         "7719203344:AAH9kLm2QvR8tY3uP6wZ4aB7cD0eF1gH2iJ"),
        ("command=/srv/notify/venv/bin/python -m notify.worker", "autorestart=true"),
    ),
    "vpn/ipsec.secrets": (
        ("Tunnel-Hq-Branch!2026", "a8c3e6b0d9f14f9a1c7e2b8d3f60a5c9", "Kaffee-und-Kuchen-9"),
        (": RSA gw-key.pem",),
    ),
    "vpn/office-client.ovpn": (
        ("MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZq8Lm2Xv7Rt4Wz9B",
         "6a1c4e8f2b9d7a3c6e4f1a9c2b7d30658c3e6b0d9f14f9a1c7e2b8d3f60a5c9e"),
        ("proto udp", "cipher AES-256-GCM", "verb 3"),
    ),
    "vpn/swanctl.conf": (
        ("Dc-Ike_Psk!Zw82mQ",),
        ("version = 2", "auth = psk", "esp_proposals = aes256gcm16-prfsha384-ecp384"),
    ),
    "vpn/wg0.conf": (
        ("yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=", "Fq9Lm2Xv7Rt4Wz9Bn3Kp6Yc1Hd5Jf0Sy8GaQeWrTyU="),
        ("SaveConfig = false", "PostUp = iptables -A FORWARD -i wg0 -j ACCEPT", "PersistentKeepalive = 25"),
    ),
    "web/Caddyfile": (
        ("$2a$14$Kq2Lm9Vx4Kp7Rw3Zn6Bc1eHd5Jf0Sy8GaQeWrTyUiOpAsDfGhJkLm", "Cf-Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWr"),
        ("grace_period 10s", "reverse_proxy 127.0.0.1:3000", "encode gzip zstd"),
    ),
    "web/Procfile": (
        ("Proc-Redis_Kq4", "Rel-Shop!Pg2026"),
        ("web: gunicorn shop.wsgi --workers 3 --bind 0.0.0.0:$PORT",),
    ),
    "web/envoy.yaml": (
        ("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5", "Envoy-Key_Pass31"),
        ("address: 0.0.0.0, port_value: 10000", "connect_timeout: 0.25s"),
    ),
    "web/fly.toml": (
        ("Fly-Orders_Pg88", "EKq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWrTyUiOpAsDfGhJk"),
        ('primary_region = "ams"', 'LOG_LEVEL = "info"', "internal_port = 8080"),
    ),
    "web/haproxy.cfg": (
        ("Hap-Stats_Pw!19",
         "$6$rounds=5000$Qk9mLx2v$Zp8Nc4Hd6Jf1Sy0GaQwErTyUiOpAsDfGhJkLzXcVbNm.1234567890abcdefghijklmnopqrstuvw",
         "Str@twaffel55", "hapr0xy-Redis-Q7"),
        ("log /dev/log local0", "stats enable", "option tcp-check"),
    ),
    "web/render.yaml": (
        ("CFPAT-kLm2QvR8tY3uP6wZ4aB7cD0eF1gH2iJ3kL4mN5o", "Nieuwsbrief#2026"),
        ("env: node", "generateValue: true", "plan: starter"),
    ),
    "web/traefik.yml": (
        ("4f9a1c7e-2b8d-43f6-a5c9-e1b7d2f4a8c3", "$apr1$Hq3mTz1K$L9xV2pR7wN4sB8cY1dF6g0"),
        ('address: ":443"', "storage: /letsencrypt/acme.json"),
    ),
    "web/vercel-env-production.txt": (
        ("Xk4m9QpT2vL7rW3sZ8nB1cY6hF0jD5gK",
         "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIiwiaXNzIjoic3VwYWJhc2UifQ.Qm3Lx8vR2kT9pW4sZ7nB1cY6hF0jD5gK3aE8uI2oXqW",
         "re_Kq2Lm9Vx_4Kp7Rw3Zn6Bc1Hd5Jf0Sy8Ga"),
        ('NEXT_TELEMETRY_DISABLED="1"',),
    ),
    # -- wave 2: written after the fixes above, to check they generalise (see the docstring) --
    "wave2/cloud/azure-pipelines-run.log": (
        ("Acr-Admin_Pw!2026", "Helm-Set_Db77"),
        ("Task         : Bash", "Login Succeeded"),
    ),
    "wave2/cloud/docker-history.txt": (
        ("npm_Rk7mQ2vL9xT4pW8sZ1nB5cY3hF6jD0gK2aE9",
         "sntrys_eyJpYXQiOjE3MzI2MDAwMDAsInVybCI6Imh0dHBzOi8vc2VudHJ5LmlvIn0_Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeW",
         "Dockerfile-Baked_Pw3"),
        ("WORKDIR /app",),
    ),
    "wave2/cloud/kubectl-get-secret-registry.json": (
        ("eyJhdXRocyI6eyJyZWdpc3RyeS5leGFtcGxlLm5ldCI6eyJ1c2VybmFtZSI6ImNpIiwicGFzc3dvcmQiOiJSZWctUHVsbF9LdzQ0IiwiYXV0aCI6IlkyazZVbVZuTFZCMWJHeGZTM2MwTkE9PSJ9fX0=",),
        ('"kind": "Secret"', '"namespace": "shop"', '"type": "kubernetes.io/dockerconfigjson"'),
    ),
    "wave2/cloud/local.settings.json": (
        ("Zq8Lm2Xv7Rt4Wz9Bn3Kp6Yc1Hd5Jf0Sy8GaQeWrTyUiOpAsDfGhJkLzXcVbNm1234567890abcdefGHIJ==",
         "Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWrTyUiO=", "d2f4a8c3e6b0d9f14f9a1c7e2b8d3f60"),
        ('"IsEncrypted": false', '"FUNCTIONS_WORKER_RUNTIME": "python"'),
    ),
    "wave2/home/.bash_history": (
        ("Ardennen#Bos#1944x", "Zomer-Terras-808", "Versleuteld_Archief_2026",
         "Kq2vR8nL5kP9tW3zY7bM1cD4fG6hJ8kL0mN2pQ4s", "Rcl0ne-Drive!Sync"),
        ("sudo apt-get update && sudo apt-get install -y postgresql-client", "tail -f /var/log/nginx/error.log",
         "git log --oneline -5"),
    ),
    "wave2/home/.mysql_history": (
        ("Mb-Readonly_4471", "Winkel\\040Wagen\\04077"),
        ("_HiStOrY_V2_", "show\\040databases;", "select\\040count(*)\\040from\\040orders;"),
    ),
    "wave2/home/.pypirc": (
        ("pypi-AgEIcHlwaS5vcmcCJDRmOWExYzdlLTJiOGQtNDNmNi1hNWM5LWUxYjdkMmY0YThjMwACKlszLCJhYmMiXQ",
         "Int-Pypi_Upl0ad!"),
        ("index-servers =", "[internal]"),
    ),
    "wave2/home/.rediscli_history": (
        ("rds-Cli_Hist_Pw3", "New-Rds_Pass_2026!"),
        ("INFO replication", "KEYS session:*"),
    ),
    "wave2/home/.s3cfg": (
        ("hV8Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWr", "bitter lemon marmalade"),
        ("bucket_location = eu-west-1", "use_https = True"),
    ),
    "wave2/home/rclone.conf": (
        ("Xk4m9QpT2vL7rW3sZ8nB1cY6hF0jD5gKqq", "K0024fGq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy"),
        ("type = sftp", "type = b2", "hard_delete = true"),
    ),
    "wave2/net/asa-running.txt": (
        ("8Ry2YjIyt7RRXU24", "2KFQnbNIdI.2KYOU", "Bl4ck-Ice_Asa!", "Asa-L2L_Secret77", "Ikev2-Remote!88"),
        ("hostname asa-edge", "object network LAN", "crypto ikev2 policy 10"),
    ),
    "wave2/net/fortigate-backup.conf": (
        ("SH2Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWrTyUiOpAsDfGhJkLzXcVbNm12=",
         "Rk7mQ2vL9xT4pW8sZ1nB5cY3hF6jD0gK2aE9uI4oXq8Zq8Lm2Xv7Rt4Wz9Bn3Kp6Y==", "Gast-Toegang-2026"),
        ('set hostname "fw-ams-01"', 'set interface "wan1"'),
    ),
    "wave2/net/ipsec.conf": (
        (),
        ("keyexchange=ikev2", "ike=aes256gcm16-prfsha256-ecp256!", "esp=aes256gcm16-ecp256!", "auto=start"),
    ),
    "wave2/net/office-wifi.nmconnection": (
        ("Vergaderzaal Blauw 12", "Radius-Peap_Kw9"),
        ("type=wifi", "mode=infrastructure", "method=auto"),
    ),
    "wave2/ops/actuator-env.json": (
        ("srch_Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5", "Konijn-Rabbit!61"),
        ('"logging.level.root":{"value":"INFO"}',),
    ),
    "wave2/ops/appsettings.Production.json": (
        ("Salaris$Maand$12", "q8Lm2Xv7Rt4Wz9Bn3Kp6Yc1Hd5Jf0Sy8GaQeWrTyUiOpAsDfGhJkLzXcVbNm12345678901234567890ab==",
         "9b2f4d6a8c0e1f3a5b7d9c1e3f5a7b9d"),
        ('"LogLevel": { "Default": "Warning" }', '"AllowedHosts": "*"'),
    ),
    "wave2/ops/environ-worker-1.txt": (
        ("oidc-Rk7mQ2vL9xT4pW8sZ1nB5c", "Post-Bode_Kw31"),
        ("HOME=/root", "WORKERS=4", "TZ=UTC"),
    ),
    "wave2/ops/envoy-sds.yaml": (
        ("Sds-Hmac_Zq8Lm2Xv7Rt4",),
        ("name: ca-bundle", "filename: /etc/ssl/certs/ca-certificates.crt"),
    ),
    "wave2/ops/heroku-config-shop-prod.txt": (
        ("p3f9a1c7e2b8d3f60a5c9e1b7d2f4a8c3e6b0d9f14f9a1c7e2b8d3f60", "Sendgr1d-Heroku!22",
         "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"),
        ("BUILDPACK_URL:", "WEB_CONCURRENCY:"),
    ),
    "wave2/ops/journalctl-payments.txt": (
        ("Betaal-Db!Nacht4", "live_Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8"),
        ("Starting payments worker v3.2.0", "RETRY_LIMIT=5",
         "payments.service: Main process exited, code=exited, status=1/FAILURE"),
    ),
    "wave2/ops/keepalived.conf": (
        ("kA1v3-Q7",),
        ("state MASTER", "priority 150"),
    ),
    "wave2/ops/ltrace-login.txt": (
        ("LIC-8K2Q-M9VX-4KP7-RW3Z", "Beheerder!Sleutel9"),
        ("__libc_start_main(0x401a20, 1, 0x7ffc2b1e3f48, 0x402b10 <unfinished ...>",
         'puts("license ok")                               = 11'),
    ),
    "wave2/ops/netlify-env.json": (
        ("e1b7d2f4a8c3e6b0d9f14f9a1c7e2b8d", "Formulier-Geheim-93",
         "sk.eyJ1IjoiZXhhbXBsZSIsImEiOiJja3EybG05dng0a3A3cnczem42YmMxaGQ1In0.Zq8Lm2Xv7Rt4Wz9Bn3Kp6Y"),
        ('"NODE_VERSION": "20"', '"CONTEXT": "production"'),
    ),
    "wave2/ops/nginx-partner.conf": (
        ("cGFydG5lcjpOZ2lueC1VcHN0cmVhbSE1NQ==", "ngx_Rk7mQ2vL9xT4pW8sZ1nB5cY3"),
        ("listen 443 ssl http2;", "ssl_ciphers ecdhe-ecdsa-aes128-gcm-sha256:ecdhe-rsa-aes256-gcm-sha384;",
         "proxy_read_timeout 30s;"),
    ),
    "wave2/ops/pgbouncer-userlist.txt": (
        ("SCRAM-SHA-256$4096:Zq8Lm2Xv7Rt4Wz9Bn3Kp6Q==$Kq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWrTyUiOp=:Rk7mQ2vL9xT4pW8sZ1nB5cY3hF6jD0gK2aE9uI4oXq8=",
         "Bouncer-Plain_Pw7", "md5c9e1b7d2f4a8c3e6b0d9f14f9a1c7e2"),
        (),
    ),
    "wave2/ops/rails-credentials-show.txt": (
        ("4f9a1c7e2b8d3f60a5c9e1b7d2f4a8c3e6b0d9f14f9a1c7e2b8d3f60a5c9e1b7d2f4a8c3e6b0d9f14f9a1c7e2b8d3f60a5c9e1b7d2f4a8c",
         "sk_live_51Rm8kLm2QvR8tY3uP6wZ4aB7cD0eF1gH2iJ3kL4mN5", "Rails-Mailer_Cred44"),
        ("# aws:",),
    ),
    "wave2/ops/redis-healthcheck.sh": (
        ("Hc-Redis_Kq7mZ",),
        ("used by the docker healthcheck", 'echo "$resp" | grep -q PONG || exit 1'),
    ),
    "wave2/ops/strace-curl-netrc.txt": (
        ("Ptnr-Sync_Pw2026", "c3ZjLXN5bmM6UHRuci1TeW5jX1B3MjAyNg=="),
        ('openat(AT_FDCWD, "/root/.netrc", O_RDONLY) = 5',
         'recvfrom(6, "HTTP/1.1 200 OK\\r\\nContent-Type: text/csv\\r\\n", 16384, 0, NULL, NULL) = 41'),
    ),
}

#: file -> {labelled value: (reason, modes)} left open on purpose; strict xfails so a fix shows.
KNOWN_LEAKS: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {}

#: controls that hold in balanced mode only (strict redacts capitalised words off the allow list by design).
BALANCED_ONLY: set[str] = {
    "weekly = df.groupby(pd.Grouper(key='ts', freq='W')).user_id.nunique()", "invoice_prefix','INV-",
    "LANG=en_US.UTF-8", "object network LAN", 'echo "$resp" | grep -q PONG || exit 1',
}

@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("rel", sorted(FILES))
def test_no_labelled_value_of_a_whole_file_survives(mode, rel):
    check_file_values(mode, ROOT, rel, FILES[rel][0], KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("rel", sorted(FILES))
def test_the_ordinary_text_of_a_whole_file_survives(mode, rel):
    check_file_controls(mode, ROOT, rel, FILES[rel][1], BALANCED_ONLY)


def test_every_corpus_file_is_labelled():
    assert files_on_disk(ROOT) == set(FILES)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
def test_a_nul_separated_environment_keeps_every_entry_after_a_secret(mode):
    text = "HOSTNAME=web-1\0STRIPE_API_KEY=rk_live_51Nq8kLm2QvR8tY3uP6wZ4aB7cD0eF1gH\0PORT=8080\0HOME=/srv\0"
    out = redact_text(mode, text)
    assert "rk_live_" not in out
    assert out.count("\0") == 4 and out.endswith("\0PORT=8080\0HOME=/srv\0")


#: The families the round's rules read, one short row each (family, text, values), and their near misses.
ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ("nul-separated", "DB_PASSWORD=Nul-Sep_Pw44\0LOG_LEVEL=debug\0", ("Nul-Sep_Pw44",)),
    ("envoy-inline", 'password: { inline_string: "Env-Row_Pw71" }', ("Env-Row_Pw71",)),
    ("envoy-inline", "hmac_secret:\n  inline_bytes: Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5\n", ("Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5",)),
    ("redis-auth-sent", "tcp-check send AUTH\\ Hap-Row_Rd55\\r\\n", ("Hap-Row_Rd55",)),
    ("redis-auth-sent", "printf 'AUTH Nc-Pipe_Rd8\\r\\nPING\\r\\n' | nc 10.0.0.5 6379", ("Nc-Pipe_Rd8",)),
    ("ltrace-getenv", 'getenv("DB_PASSWORD") = "Ltr-Row_Pw12"', ("Ltr-Row_Pw12",)),
    ("trace-string", 'read(3, "db01:5432:*:etl:Trc-Row_Pw9\\n", 4096) = 28', ("Trc-Row_Pw9",)),
    ("trace-string", 'write(5, "DB_USER=app\\nDB_PASSWORD=Trc-Env_Pw3\\n", 36) = 36', ("Trc-Env_Pw3",)),
    ("sql-set-password", "SET PASSWORD FOR 'report'@'%' = 'Maandag Rapport 9';", ("Maandag Rapport 9",)),
    ("libedit-history", "_HiStOrY_V2_\nALTER\\040USER\\040'bi'@'%'\\040IDENTIFIED\\040BY\\040'Bi-Lib_Pw66';\n",
     ("Bi-Lib_Pw66",)),
]

CONTROLS: list[str] = [
    "esp_proposals = aes256gcm16-prfsha384-ecp384",
    "ike=aes256-sha2_256-modp2048,aes128-sha1-modp1024!",
    "KexAlgorithms curve25519-sha256,sntrup761x25519-sha512",
    'body: { inline_string: "upstream unavailable" }',
    "tcp-check send PING\\r\\n",
    'printf "AUTH %s\\r\\n" "$REDIS_PASSWORD" | nc redis 6379',
    "tcp-check send AUTH\\ ${REDIS_PASSWORD}\\r\\n",
    'smtp: "AUTH LOGIN\\r\\n"',
    'getenv("HOME") = "/srv/app"',
    'read(3, "# comment\\nport 6379\\n", 4096) = 20',
    "SET PASSWORD FOR 'shop'@'%' = '';",
    "_HiStOrY_V2_\nshow\\040databases;\nselect\\040now();\n",
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
def test_a_pgbouncer_auth_file_keeps_its_users_and_loses_its_passwords(mode):
    text = '"app" "Pgb-Row_Pw52"\n;; comment\n"stats" "md5c9e1b7d2f4a8c3e6b0d9f14f9a1c7e2"\n'
    out = make(mode).redact(text, kind=file_kind("pgbouncer/userlist.txt")).text
    assert "Pgb-Row_Pw52" not in out and "c9e1b7d2f4a8c3e6b0d9f14f9a1c7e2" not in out
    assert out.startswith('"app" "') and '"stats" "' in out and ";; comment" in out


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_row_of_the_round_families_never_leaks(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_near_misses_of_the_round_families_stay_readable(mode, text):
    assert redact_text(mode, text) == text


@pytest.mark.parametrize("unit", ['\\"', '"\\n', '"a\\n", ', '"password=x\\n", ', "\\040", "x\\040\\"])
def test_the_trace_and_history_readers_stay_linear_on_hostile_lines(unit):
    import time

    line = "read(3, " + unit * (16000 // len(unit)) + ") = 1\n"
    red = make("strict")
    for text in (line * 7, "_HiStOrY_V2_\n" + unit * 20000):
        start = time.process_time()
        red.redact(text)
        assert time.process_time() - start < 8.0
