"""Hold-out probes written after the sixth round had merged, across its families at once.

Written (round 6, lead) once the six round-6 tables were green, to test whether their fixes carry over
to lines none of them saw: go-template and PowerShell output after a prompt, jarsigner, Ansible's
``password_hash`` filter, Helm ``--set``, Azure app settings, a Wi-Fi password read out in a transcript,
a code read back, a Slack message, Thunderbird prefs, ``reg query``, Transmission, connection URLs,
``openssl rand`` output, ``security add-generic-password -w``, and password flags of terraform, gcloud,
aws, kubectl and expo. Main before the round leaked 5 of the 22 rows in both modes; none leaks now.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('fresh',
     "$ kubectl -n prod get secret redis -o go-template='{{.data.password | base64decode}}'\nRds_Fresh_Pw_81",
     ('Rds_Fresh_Pw_81',)),
    ('fresh', 'PS> (Get-Secret -Name DbPw -AsPlainText)\nPs_Fresh_Pw_82', ('Ps_Fresh_Pw_82',)),
    ('fresh',
     'jarsigner -keystore my.jks -storepass Jar_Fresh_Pw_83 -keypass Jar_Fresh_Key_84 app.apk alias',
     ('Jar_Fresh_Pw_83', 'Jar_Fresh_Key_84',)),
    ('fresh',
     '- name: Set admin password\n  ansible.builtin.user:\n    name: admin\n    password: "{{ \'Ans_Fresh_Pw_85\''
     ' | password_hash(\'sha512\') }}"',
     ('Ans_Fresh_Pw_85',)),
    ('fresh',
     'helm upgrade --install db bitnami/postgresql --set auth.postgresPassword=Helm_Fresh_Pw_86',
     ('Helm_Fresh_Pw_86',)),
    ('fresh',
     'az webapp config appsettings set -g rg -n app --settings DB_PASSWORD=Az_Fresh_Pw_87',
     ('Az_Fresh_Pw_87',)),
    ('fresh',
     '[Speaker 2 00:12:04] ok so the wifi password is tangerine-Orbit-42, all lower except the O',
     ('tangerine-Orbit-42',)),
    ('fresh',
     'Customer read back the one time code: four seven one, nine nine two.\nAgent: thanks, confirmed.',
     ('four seven one, nine nine two',)),
    ('fresh',
     '"text": "here\'s the staging token xoxb-3312-99881-AbCdEfGhIjKlMnOpQrStUv don\'t share"',
     ('xoxb-3312-99881-AbCdEfGhIjKlMnOpQrStUv',)),
    ('fresh', 'user_pref("extensions.backup.password", "Tb_Fresh_Pw_88");', ('Tb_Fresh_Pw_88',)),
    ('fresh', '    SmtpPassword    REG_SZ    Reg_Fresh_Pw_89', ('Reg_Fresh_Pw_89',)),
    ('fresh', '[credentials]\nrpc-password = "Tr_Fresh_Pw_90"', ('Tr_Fresh_Pw_90',)),
    ('fresh', '"rpc-password": "Tr_Fresh_Pw_91",', ('Tr_Fresh_Pw_91',)),
    ('fresh', 'mysql --user=root --password=My_Fresh_Pw_92 -h db1 app < dump.sql', ('My_Fresh_Pw_92',)),
    ('fresh', 'docker compose exec db psql "postgresql://app:Pg_Fresh_Pw_93@localhost/app"', ('Pg_Fresh_Pw_93',)),
    ('fresh', '$ openssl rand -base64 18\nq3ZK9v+Lm2Xw8Rt7Wp4NbA==', ('q3ZK9v+Lm2Xw8Rt7Wp4NbA==',)),
    ('fresh', 'security add-generic-password -a ci -s deploy -w Kc_Fresh_Pw_94', ('Kc_Fresh_Pw_94',)),
    ('fresh', 'npx expo-cli login -u dana -p Expo_Fresh_Pw_95', ('Expo_Fresh_Pw_95',)),
    ('fresh', 'terraform apply -var "db_password=Tf_Fresh_Pw_96" -auto-approve', ('Tf_Fresh_Pw_96',)),
    ('fresh', 'gcloud sql users set-password postgres --instance=db1 --password=Gc_Fresh_Pw_97', ('Gc_Fresh_Pw_97',)),
    ('fresh',
     'aws rds modify-db-instance --db-instance-identifier db1 --master-user-password Aws_Fresh_Pw_98',
     ('Aws_Fresh_Pw_98',)),
    ('fresh',
     'kubectl create secret docker-registry regcred --docker-username=ci --docker-password=Kube_Fresh_Pw_99',
     ('Kube_Fresh_Pw_99',)),
]

CONTROLS: list[str] = [
    'jarsigner -verbose -keystore my.jks -storepass:env STORE_PW app.apk alias',
    'export GRAFANA_ADMIN_PASSWORD=$(openssl rand -base64 18)',
    'git commit -m "rotate db password"',
    'kubectl get secret redis -o yaml',
    'Password policy: at least 12 characters, rotated every 90 days.',
    'the code is in the repo, see line 42',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_secret_in_a_line_no_round_six_table_saw_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_kinds_of_lines_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text
