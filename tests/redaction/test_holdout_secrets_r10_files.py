"""Hold-out secret probes, round 10 (issue 9): whole files from consultants' and engineers' private folders.

The files under ``tests/corpus/files_r10/`` are written as a private folder really holds them, before
reading the detectors: runbook, Notion and OneNote/Confluence exports; Jira CSV, Linear and Trello JSON;
e-mails (``.eml`` with CRLF, quoted-printable bodies, quoted replies, forwards) and an mbox; Slack, Teams,
Discord and Mattermost exports; meeting notes and VTT/SRT transcripts where a password is read aloud;
Bitwarden, 1Password, LastPass, KeePass, Chrome and Dashlane exports; FileZilla, WinSCP, mRemoteNG,
Remmina, RDP, PuTTY ``.reg``, MobaXterm and Termius files; VS Code, JetBrains, DBeaver, Postman,
Insomnia, Bruno, Hoppscotch and ``.http`` files; docker-compose, Kubernetes, Ansible, Terraform and Helm
files; Python, Java, Go and Node logs. Each file is redacted whole, with the credential-file kind of its
name, as the service does. ``FILES`` maps each file to its labelled fictional values (none may survive in
either mode) and its controls (ordinary text of the same file that must survive).

Wave 1 (53 files, 176 labelled values, 167 controls): main leaked 8 values in strict and 10 in balanced, and
changed 2 controls in balanced (a URL read on through the commas of a CSV row) and 10 in strict. Fixed by family:
an INI section named for secrets, KeePass fields named with blanks, a password phrase wrapped onto the next line,
diceware passphrases, a password read as words (``all one word``), a secret said again in the same text, a list
under a lead-in naming secrets, a login pair with a parenthesis, CSV cells (a URL ends at the comma, a quoted
note over lines, OTP-secret and ``login_password`` columns). Wave 2 (``wave2/``: 15 files, 32 values, 39
controls) was written after those fixes: main leaked 1 in strict and 3 in balanced, the wave-1 fixes alone
left 0 and 1 (a PHP stack trace's ``PDO->__construct``), now 0 and 0; SecureCRT's ``S:"Username"=`` lines
were read as chat speakers (now not). All 68 files: main 9 strict / 13 balanced values leaked, 13 / 4 controls
changed; now 1 / 1 (``KNOWN_LEAKS``) and 9 / 0, the strict ones capitalised words strict redacts by design
(``BALANCED_ONLY``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from redaction_helpers import (
    check_file_controls,
    check_file_values,
    check_secret_row,
    files_on_disk,
    redact_text,
    row_params,
)

ROOT = Path(__file__).resolve().parents[1] / "corpus" / "files_r10"

#: file -> (labelled values that must not survive, controls that must survive in both modes)
FILES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "onboarding-runbook.md": (
        ("Wint3r-Lantern-88", "rbq_Adm1n!2026", "11f3a9c0d2e84b7f95a1c6d8e0b2f4a7c9", "Qu0kka#Harbor7",
         "r3port!ng_Replica_2026", "Fjord$Cobalt$4417",
         "sk_test_51Hx9kLm2QvR8tY3uP6wZ4aB7cD0eF1gH2iJ3kL4mN5oP6qR7sT8uV9wX0yZ1aB2cD3eF4gH",
         "whsec_8f2KqL9mN3pR7sT1vW5xY0zA4bC6dE8g"),
        ("on-call onboarding", "read-only dashboards", "do not purge queues", "rotate quarterly",
         "Acknowledge the page within 5 minutes.", "systemctl restart settlement-worker",
         "select count(*) from settlements;", "## 5. Useful commands"),
    ),
    "confluence-export-network.html": (
        ("Rdam!Forti2025x", "Praia-Lx-7731", "Wisla_pf_2024!", "psk-9HIKOXbTCpbcpZnqOzYZ", "72uNInrqFnaiCdOFOmBV",
         "kbpOEK5Zi1MjpL0Jof89"),
        ('<td class="confluenceTd">admin</td>', "Take a configuration backup before any change.",
         "The IPsec tunnels use IKEv2 with AES-256.", "Last reviewed in October."),
    ),
    "notion-export-vendor-access.md": (
        ("Tundra^Meadow^5120", "p5SSHSAu56LtJRPCyXiI4zUUFEav2RyM", "guc5xYQyff8DVAwgjtDG:PsD5EzQRVlH5r9fFoQiC",
         "PsD5EzQRVlH5r9fFoQiC", "Sommer2023!drop"),
        ("Data retention is 13 months.", "## Notes from kickoff", "Tags: access, vendors"),
    ),
    "onenote-export-servers.html": (
        ("HPiLO_8MN4LIl5t0", "Juniper!Backup!2026", "Cobalt-Rocket-Violin-19", "Xk9#mP2$vL7@qR4"),
        ("move the backups to the new NAS before the end of the month", "<b>Backup appliance</b>"),
    ),
    "jira-export-ops.csv": (
        ("Lp9vQ2mXr7Tz", "Harbor_Temp_2610", "SG.hsD4r6dMhWYIL0fmGhNdT9.uIHdccC4KVzBme479UXgdSAwbeqX1tdctqd3wL6WcE",
         "Lantern-Falcon-Orange-62"),
        ("Migrate reporting DB to new cluster", "Alert when the settlement queue holds more than 500 messages",
         "Guest network stays as is.", "Summary,Issue key,Issue id,Issue Type,Status"),
    ),
    "linear-export.json": (
        ("stg-M1grate-Rx44", "oldStgPw2025", "b6e74630ed148f452aca36b7712a4434",
         "3ei5RW4kzoqzLhFWvQxFBz8s5TcUOzBIOmZ1EexU"),
        ("Staging deploy fails on migrations", "Fixed in the chart, closing after the next deploy.",
         "Expires end of December."),
    ),
    "trello-board.json": (
        ("Qx8~vR2.nL5kP9-tW3zY7bM1cD4fG6hJ8kL0mN2p", "Fika-Hygge-2026", "wh_live_NP8B36mr6cMu1fZs1Ho1buo37WpuMIh5"),
        ("Get access to their Azure tenant", "Scope and timeline", "they enable MFA next sprint"),
    ),
    "re-access-migration-weekend.eml": (
        ("Marble=3DTulp+91", "Kestrel!7734vpn", "Tr0ub4dor&Lyon"),
        ("Subject: Re: Access for the migration weekend", "Content-Transfer-Encoding: quoted-printable",
         "The robocopy jobs will run from the jump host between 22:00 and 06:00.",
         "You will be asked to change it at first login."),
    ),
    "ci-deploy-config-changed.eml": (
        ("dckrPw_e6HaH9ZpJ6A5NRJF5Z", "npm_LEgz187pn8ZqHHwHkhk1ZKbZG9NHZu", "4pn4Qx7kxv2phot9iZmFPY9r"),
        ("No action is needed if this change was expected.", "Changed variables:",
         'Content-Type: multipart/alternative; boundary="b1_3f9a2c"'),
    ),
    "forwarded-router.mbox": (
        ("9Zt4-Wq7e-Lm2x", "purplemonkeydishwasher42", "ppp-Rk83mZq"),
        ("your new router has been installed.", "---------- Forwarded message ---------"),
    ),
    "slack-export-devops.json": (
        ("r3dis-Stg-HqMmDNuYSsxo", "xoxb-2048163729-5120384756231-J73Rav7W8F15s2p1fYbU6Cvw", "Gr4fana&Stg2026"),
        ("anyone know the staging redis password? deploy is stuck", "finished in 6m 12s",
         "but please use the vault path next time"),
    ),
    "teams-chat-export.txt": (
        ("Hygge#Roma#3381", "shp_test_8Mqik0KbAwiVTcEP35cAW4OmuT6tSjDu", "4821-7730-9915"),
        ("tests are running now", "(that one is sandbox only, the prod one is in the vault)"),
    ),
    "discord-export.json": (
        ("MTEwMDIyMzM0NDU1NjY3Nzg4OQ.GhT2kQ.c9Ba3hwP4j8VlXhPFVhzRBNtmRciAFGlgsmW9k", "Dv-Cluster-5531"),
        ("reset both after the demo on Friday", '"type": "GuildTextChat"'),
    ),
    "mattermost-ops.log": (
        ("Ma1nt-Window_Q4", "ihQoYeK8cznFUxiEbNsPteqhOZHWyhaW"),
        ("starting the db maintenance in 10 minutes", "maintenance finished, all checks green",
         "password is in the usual place"),
    ),
    "standup-call.vtt": (
        ("OrangeRiver2026", "Orange River 2026", "PDFL-7Q2X-9M4K-W8RT-3ZNB"),
        ("I finished the import job yesterday.", "00:00:05.000 --> 00:00:11.200", "the release on Thursday"),
    ),
    "client-call.srt": (
        ("BlueFalcon77!", "Blue Falcon 77", "440917", "4 4 0 9 1 7"),
        ("walk through the cutover plan", "should take about three hours", "00:00:02,100 --> 00:00:06,400"),
    ),
    "meeting-notes-2026-11-16.md": (
        ("nx-Admin-RrUjd74HzbMi", "Smtp_Relay!jms5mJq", "castle-pepper-window-garden"),
        ("Move the CI runners to the new subnet next week.", "Check why backups took 6 hours on Sunday",
         "Next meeting: 23 Nov, same time."),
    ),
    "bitwarden_export_20261117.json": (
        ("Vq7!kLm2#Pz9xW", "JBSWY3DPEHPK3PXPQ2T4", "Lantern#Web01#2026", "Lantern#Web02#2026", "AwsC0nsole_Meadow88",
         "XFia9oHYnABuHHzPTf3iGnNq"),
        ('"encrypted": false', '"name": "Clients"', '"secureNote": {"type": 0}'),
    ),
    "1password-export.csv": (
        ("Gl4cier-Peak-2026", "Octo!Cat!9931", "NB2W45DFOIZA3LMQ", "3f9a2-b7c1d", "8e4d0-a2f6b", "Rout3r-Kitchen-55",
         "popcorn-sofa-friday"),
        ("Title,Website,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes", "Bought in 2024"),
    ),
    "lastpass_export.csv": (
        ("Inb0x-Zero-4477", "Pr0d-DB-Root-Wq91", "Savings$Jar$2025"),
        ("url,username,password,totp,extra,name,grouping,fav", "Notes:only from bastion"),
    ),
    "keepass-export.xml": (
        ("kp-Sync-Yj6Rb2Wn9Q", "Switch_Core_1!Tn4", "En4ble-Core-Sw"),
        ("<Generator>KeePass</Generator>", "Used by the nightly sync", "<Key>UserName</Key>"),
    ),
    "Chrome Passwords.csv": (
        ("Mango-Tree-7781", "J1ra!Client#Q3", "unifi-Ctrl-2026x"),
        ("name,url,username,password,note", "unifi controller"),
    ),
    "dashlane-credentials.csv": (
        ("Her0ku-Dyno-Sleep44", "Npm-Publish-Rq77!", "KRUGS4ZANFZSAYLO"),
        ("username,username2,username3,title,password,note,url,category,otpSecret", "2FA on"),
    ),
    "sitemanager.xml": (
        ("RnRwVXBsb2FkITIwMjY=", "Sftp-Deploy_Kx72"),
        ("<Comments>Monthly report drop</Comments>", "<PasvMode>MODE_DEFAULT</PasvMode>", "<Port>21</Port>"),
    ),
    "WinSCP.ini": (
        ("A35C4E5C5D6E6D7B696F6F3A333D6E6F6E6D6E6F7B6C6F6F6C6F6F3C3E6D6F", "NasKey-Passphrase-88", "Pr0xy-Corp-5120"),
        ("[Configuration\\Interface]", "FSProtocol=2", "ProxyMethod=3", "Theme=Dark"),
    ),
    "confCons.xml": (
        ("Xq3Lm9Vt2Bk7Rw5Zp8Nc4Hd6Jf1Sy0Ga", "Fw01-Plain_Admin!", "q0m3Kj9kZ1fW2xR7yT4uI8oP6aS5dF3gH1jK0lZ9xC8vB7nM6"),
        ('KdfIterations="1000"', 'Protocol="RDP" Port="3389"', 'Descr="domain controller"'),
    ),
    "prod-jump.remmina": (
        ("c2lsZW50bHlFbmNyeXB0ZWRSZW1taW5hUHc=", "Rdgw_Gate!Pw2026"),
        ("protocol=RDP", "colordepth=32", "window_maximize=1"),
    ),
    "finance-server.rdp": (
        ("01000000D08C9DDF0115D1118C7A00C04FC297EB0100000052A1E3C5F7B9D0E2F4A6C8E0B2D4F6A8",),
        ("screen mode id:i:2", "desktopwidth:i:1920", "prompt for credentials:i:0"),
    ),
    "putty-sessions.reg": (
        ("LabPr0xy_Pass77",),
        ("Windows Registry Editor Version 5.00", '"Protocol"="serial"', '"SerialLine"="COM3"'),
    ),
    "MobaXterm.ini": (
        ("Mc0+aBk4Z8vT2yWq9sLd1Rf7Hn3Jp6Ue", "Mob4-Backup_Nas!", "Jump-Cred_Pw-9931"),
        ("[Passwords]", "ImgNum=42", "Tabs=1"),
    ),
    "termius-export.json": (
        ("Term1us-DBA-Pw!", "stg-key-phrase-Kw83",
         "b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABDxYz9kQ2rT"),
        ('"port": 2222', '"groups": [{"label": "prod"}]'),
    ),
    ".vscode/settings.json": (
        ("devPg-Local_4471", "stgTok_BBNoVDGtpjZIPKfJXc96nAoT", "Vsc0de-Proxy!"),
        ('"editor.formatOnSave": true', '"driver": "PostgreSQL"', '"port": 5432', '"**/__pycache__": true'),
    ),
    ".vscode/launch.json": (
        ("launchPw_Q7r2Tz", "nHVamUwFrVyyhBoW8rmkhTOxbWs1sFSA", "sk_test_4eC39HqLyjWDarjtT1zdp7dcTest00Wq9mB"),
        ('"LOG_LEVEL": "debug"', '"args": ["app.main:app", "--reload", "--port", "8000"]', '"justMyCode": false'),
    ),
    ".vscode/tasks.json": (
        ("seedStg_Ww83kL", "Reg1stry-Login_2026"),
        ('"label": "seed staging"', "-f scripts/seed.sql", '"group": "build"'),
    ),
    ".idea/dataSources.xml": (
        ("Jdbc-Ro_Pass2026", "dfe2c3a1b0f9e8d7c6b5a4938271605f"),
        ("<driver-ref>postgresql</driver-ref>", "<synchronize>true</synchronize>"),
    ),
    ".idea/workspace.xml": (
        ("Spr1ng-DS_Pass!", "DV9SDOXxe9HPn9miernoDw9cHpbwbNlVAOqpL3xw", "IdeaSmtp_88x"),
        ('<env name="SPRING_PROFILES_ACTIVE" value="local" />', "-Xmx1g", '<module name="billing-service" />'),
    ),
    "data-sources.json": (
        ("Dbeaver-Dwh_Pw77", "Tunnel!Bastion_3310"),
        ('"save-password": true', '"auth-model": "native"', '"authType": "PASSWORD"'),
    ),
    "orders-api.postman_collection.json": (
        ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJvcmRlcnMtY2xpZW50Iiwic2NvcGUiOiJvcmRlcnM6d3JpdGUifQ."
         "Yx8Kq2Lm9Vt3Bk7Rw5Zp8Nc4Hd6Jf1Sy0GaQwErTy", "ord_live_Byn7pSBZZJZ5j7MHPOtF7y2686PCzf7d",
         "Cs_8f2KqL9mN3pR7sT1vW5xY0zA", "PmAdmin-Var_2026"),
        ('{"key": "grant_type", "value": "client_credentials"}', '"name": "Create order"',
         '{"key": "Content-Type", "value": "application/json"}'),
    ),
    "Insomnia_2026-11-18.json": (
        ("Ins0mnia-Basic!42", "ins_prod_a4d3c856bedd80f4885c5c66238d1f15", "17726aea373510fa09caf75a1ea253d4b122d4b3"),
        ('"name": "List invoices"', '"__export_format": 4', '{"name": "Accept", "value": "application/json"}'),
    ),
    "create-user.bru": (
        ("Bruno-Adm1n_Pw", "ff7781f062f83b611a80602d6c7883ea", "Welcome-Onboard-2026!"),
        ("name: create user", "auth: basic", "X-Tenant: acme", '"role": "viewer"'),
    ),
    "hoppscotch-collections.json": (
        ("d9d1cf57ba175028e244c409ed0a4f90", "Hopp-Stock_Pw55"),
        ('"name": "stock levels"', '{"key": "warehouse", "value": "north", "active": true}'),
    ),
    "api-tests.http": (
        ("7af8f6b062f0cbcc5e6314d6f3153a637f6ccda1", "HttpFile-QA_Pw31", "cWEuYm90OkxlZ2FjeVJlcG9ydDIwMjY="),
        ("### List users (admin)", "Authorization: Bearer {{token}}", "GET {{host}}/health"),
    ),
    "docker-compose.yml": (
        ("Compose-Pg_Billing77", "Redis-Compose_Q4x", "6dffe21411ee10960f045316152b716e6490d1c7a9b8c7d6e5f4",
         "Mailtrap-Compose-31", "Minio-Root_Secret2026"),
        ("image: postgres:15.4", "pg_isready -U billing -d billing", "FEATURE_FLAGS=invoices,exports",
         "condition: service_healthy", '--console-address ":9001"', "retries: 5"),
    ),
    "k8s/app-manifests.yaml": (
        ("K8s-Orders_DbPw!9", "cGF5X2xpdmVfN2M4NDU3NTMxNGFjMjUyMTY5Zjg0Yzk3MjY5NWQ1YmI=", "Orders-Cache_Pw73",
         "Rabbit-CfgMap_55"),
        ("replicas: 3", "key: password", "server.port=8080", "management.endpoints.web.exposure.include=health,info",
         "path: /healthz"),
    ),
    "ansible/inventory.ini": (
        ("Ans1ble-Db01_Pw", "Bec0me-Db01_Pw", "WinRM-Svc!Ans2026"),
        ("ansible_connection=winrm", "ansible_winrm_transport=ntlm", "ansible_python_interpreter=/usr/bin/python3"),
    ),
    "ansible/group_vars/all.yml": (
        ("GroupVars-MyRoot_71", "GrpVars-AppDb-2026", "8Tq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWrTyUiOp="),
        ("timezone: Europe/Amsterdam", "backup_retention_days: 14", "port: 587", "$ANSIBLE_VAULT;1.1;AES256"),
    ),
    "terraform.tfvars": (
        ("Tf-Staging_DbPw!23", "oRsKtp1HXnviu9PfREE9ycxleNoUQ2C3rbgcyNHh", "b122d4b368888e9a8a9c81f4e68e2ffb"),
        ('instance_type = "t3.medium"', 'region        = "eu-west-1"', 'owner   = "platform"'),
    ),
    "tf-plan-output.txt": (
        ("ssm-Plain_zq81Lm4Kt9Wx", "Graf-Tf_Admin77"),
        ("(sensitive value)", "Plan: 2 to add, 1 to change, 0 to destroy.", "(known after apply)",
         '+ "admin-user"     = "admin"'),
    ),
    "values-prod.yaml": (
        ("Helm-Pull_Reg2026", "HelmPg-Analytics!8", "HelmPg-Super_4491", "helmRedis-Kq3",
         "Zm9vYmFyLWhlbG0tb2F1dGgtc2VjcmV0LTIwMjY"),
        ("replicaCount: 2", "pullPolicy: IfNotPresent", "memory: 512Mi", "enabled: true", 'tag: "3.2.1"'),
    ),
    "logs/worker-python.log": (
        ("PyLog-Worker_Pw88", "PyLog-Old_Pw77", "pk_9f3e1c7a5b2d4f6e8a0c1b3d5f7e9a2c"),
        ("retrying in 30 seconds (attempt 1 of 5)", "500 invoices sent, 0 failed",
         "password authentication failed for user"),
    ),
    "logs/billing-java.log": (
        ("Jv4-Billing_DsPw", "MsSql-Sa_Pw2026!"),
        ("Exception during pool initialization.", "Stopping service [Tomcat]",
         "at org.postgresql.Driver.connect(Driver.java:297)"),
    ),
    "logs/gateway-go.log": (
        ("gw_tok_C9Ba3hwP4j8VlXhPFVh", "GoRedis-Pw_551", "GoLogrus-Pw_22", "Amqp-GoStd_Pw9"),
        ('"msg":"gateway starting"', '"path":"/healthz","status":200', "no such host"),
    ),
    "logs/api-node.log": (
        ("s%3AaB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY.Zq2Lm9Vx4Kp7Rw3Zn6Bc1Hd5Jf0Sy8GaQeWrTyUiOp",
         "nd_key_7c84575314ac252169f84c97", "N0de-Login_Pw44", "NodeMongo-Pw_61", "sess_e3Lm8Kq2Vx7Rt4Wz9Bn",
         "NodeSmtp!Pass3"),
        ("Server listening on port 3000 (env=production)", "GET /healthz 200 2ms"),
    ),
    # -- wave 2: written after the fixes above, to check they generalise (see the docstring) --
    "wave2/WhatsApp Chat with Site Team.txt": (
        ("7 3 9 1 5 0", "739150", "Nvr#Armazem2026"),
        ("The alarm panel at the warehouse beeps again", "I'll note it in the log book", "<Media omitted>"),
    ),
    "wave2/zoom-transcript-ops-review.vtt": (
        ("Harbour-Kite-5521",),
        ("this is the monthly ops review. Recording is on.", "Can you say it again slowly?",
         "First item, the backup failures last week."),
    ),
    "wave2/RE_ VPN certificate renewal.txt": (
        ("Nordlys&Fjell-88", "Rad!Test-0426", "Pfx-Old_2025"),
        ("the new certificate is installed.", "-----Original Message-----", "Could you send us the new one?"),
    ),
    "wave2/Firefox logins.csv": (
        ("Ff-Grafana_Lab88", "Synology-Home!77"),
        ('"url","username","password","httpRealm","formActionOrigin","guid"',),
    ),
    "wave2/Passwords.csv": (
        ("Pr1nter-Office_9", "Az-DevOps!Build7", "5yqzl3zv7tjv6gq2hfa4uql3ijmx7ceaoxkwnjvmgx4xh3mb2oqa"),
        ("Title,URL,Username,Password,Notes,OTPAuth",),
    ),
    "wave2/secure-crt-session.ini": (
        ("02:9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b",),
        ('D:"[SSH2] Port"=00000016', 'D:"Session Password Saved"=00000001'),
    ),
    "wave2/servers.rdg": (
        ("Rdcman-Svc_Pw2026",),
        ("<comment>application server</comment>", "<expanded>True</expanded>", '<logonCredentials inherit="None">'),
    ),
    "wave2/tabby-config.yaml": (
        ("Tabby-Build_Pw31",),
        ("auth: password", "fontSize: 14", "cursorBlink: true", "name: build server"),
    ),
    "wave2/http-client.private.env.json": (
        ("HttpEnv-Dev_Pw12", "a9f3c2e1b0d94f8e7a6b5c4d3e2f1a0b", "HttpEnv-Prod!Pw34",
         "f0e1d2c3b4a5968778695a4b3c2d1e0f"),
        ('"dev": {', '"prod": {'),
    ),
    "wave2/kubeconfig-staging.yaml": (
        ("eyJhbGciOiJSUzI1NiIsImtpZCI6IkRlcGxveWVyIn0.eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50In0."
         "Kq8mZ2vX9pL4sT7wN3bR6cY1dF5gH0jE", "Kube-Basic_Admin55"),
        ("current-context: staging", "namespace: default", "kind: Config"),
    ),
    "wave2/.gitlab-ci.yml": (
        ("Ci-Postgres_Pw61", "glpat-Xq2vR8nL5kP9tW3zY7bM", "Curl-Deploy_Pw8"),
        ("image: python:3.12", "pip install -r requirements.txt", "- postgres:16", "stage: deploy"),
    ),
    "wave2/laravel.log": (
        ("Lrv-Shop_DbPw9", "Mailgun-Smtp_Pw47"),
        ("production.INFO: Queue worker restarted", "(using password: YES)", '"port":587'),
    ),
    "wave2/rails-production.log": (
        ("Zk3Lq9Vx2Rt7Wn4Bp8Yc1Hd6Jf0Sg5Ma3Qe", "Rails-Login_Pw66", "RailsRedis-Pw_72"),
        ("Completed 302 Found in 75ms (ActiveRecord: 3.1ms)", '"commit"=>"Log in"'),
    ),
    "wave2/dotnet-app.log": (
        ("DotNet-Sql_Pw83", "dn_key_4f7a2c9e1b8d3f6a0c5e"),
        ("[WRN] Retrying in 10s", "Encrypt=True;", '"Timeout":30'),
    ),
    "wave2/asana-export.json": (
        ("Asana-Jump_Pw19",),
        ("The environment is rebuilt every Sunday night.", "Checklist agreed with the client on Tuesday."),
    ),
}

#: file -> {labelled value: (reason, modes)} left open on purpose; strict xfails so a fix shows.
KNOWN_LEAKS: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "logs/billing-java.log": {
        "Jv4-Billing_DsPw": ("a value after 'with value of type String:' on a line that names a password key in"
                             " quotes; Spring itself never prints the value, so no rule is written for it",
                             ("strict", "balanced")),
    },
}

#: controls that hold in balanced mode only (strict redacts capitalised words off the allow list by design).
BALANCED_ONLY: set[str] = {
    'Protocol="RDP" Port="3389"', 'Descr="domain controller"',
    "Migrate reporting DB to new cluster", "Expires end of December.", "Stopping service [Tomcat]",
    "move the backups to the new NAS before the end of the month", "protocol=RDP", "they enable MFA next sprint",
    "[WRN] Retrying in 10s",
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


#: The families the round's rules read, one short row each (family, text, values), and their near misses.
ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ("ini-section", "[Credentials]\njumpcred=ops:Jump-Cred_Pw-9931\nport=22", ("Jump-Cred_Pw-9931",)),
    ("ini-section", "[Passwords]\nbackup@nas.local = Nas-Pw_4471", ("Nas-Pw_4471",)),
    ("keepass-key", "<String><Key>Admin password</Key><Value>Kp-Adm_8812</Value></String>", ("Kp-Adm_8812",)),
    ("wrapped", "and the password for the shared mailbox is\nSpruce-Otter-42, please change it", ("Spruce-Otter-42",)),
    ("passphrase", "The vault passphrase is marble-tundra-violin-anchor.", ("marble-tundra-violin-anchor",)),
    ("one-word", "the password is Silver Maple 88, all one word", ("Silver Maple 88",)),
    ("retold", "PIN for the gate: 5 8 2 0 1 4\nrepeat: 582014", ("582014",)),
    ("retold", "the wifi password is Kite-Harbour-5521\nagain, Kite-Harbour-5521", ("Kite-Harbour-5521",)),
    ("lead-in", "Pre-shared keys:\n- Oslo: 9HIKOXbTCpbcpZnqOzYZ\n- Bergen: Q2m8Xv4Lp7Rt1Zw6Nb3K", (
        "9HIKOXbTCpbcpZnqOzYZ", "Q2m8Xv4Lp7Rt1Zw6Nb3K")),
    ("lead-in", "<p>Site passwords:</p>\n<ul>\n<li>Lyon: <code>Soleil-88!</code></li>\n</ul>", ("Soleil-88!",)),
    ("login-paren", "PPPoE login (needed after a reset): office7@isp.example / ppp-Rk83mZq", ("ppp-Rk83mZq",)),
    ("csv-cell", "name,url,username,password\nRouter,http://10.0.0.1,admin,R0uter-Kit_55\n", ("R0uter-Kit_55",)),
    ("csv-cell", "folder,type,name,login_uri,login_username,login_password,login_totp\n"
                 ",login,NAS,https://nas.local,admin,Nas-Login_Pw8,JBSWY3DPEHPK3PXP\n", (
                     "Nas-Login_Pw8", "JBSWY3DPEHPK3PXP")),
    ("php-trace", "#0 /app/Connector.php(70): PDO->__construct('mysql:host=db', 'shop', 'Lrv-Shop_DbPw9', Array)",
     ("Lrv-Shop_DbPw9",)),
]

CONTROLS: list[str] = [
    "keyboard shortcut keys:\n- save: Ctrl+S\n- build: F5",
    "Primary keys:\n- orders: order_id2\n- users: id",
    "the password policy is\nstrict and we rotate it yearly.",
    "[Credentials]\nuser = bob\nenabled=true\nport=22",
    "the password is state-of-the-art",
    "the login (see wiki) page / docs",
    "Release 2.4.1 is out; the 2.4.1 notes list the fixes.",
    'S:"Username"=netops\nD:"[SSH2] Port"=00000016',
    "We talked it over, all one word from the client: go.",
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_row_of_the_round_families_never_leaks(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_near_misses_of_the_round_families_stay_readable(mode, text):
    assert redact_text(mode, text) == text
