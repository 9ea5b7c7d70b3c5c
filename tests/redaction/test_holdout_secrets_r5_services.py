"""Hold-out probes for secrets in the configs of self-hosted services and frameworks.

Written (round 5, lead) before reading the grammars: Grafana, GitLab, Nextcloud, Mattermost, Jenkins,
Home Assistant, Alertmanager, Prometheus, Traefik, Gitea, OpenLDAP, BIND, Asterisk, Net-SNMP, Zabbix,
MySQL, Redis, Kafka JAAS, RabbitMQ, Logstash, Filebeat, Telegraf, PgBouncer, pgpool, Tor, keepalived,
SSSD/nslcd, Postfix, Django (django-environ, python-decouple), Spring, Quarkus, ASP.NET and
StackExchange.Redis. Main before the round leaked 3 of the 41 rows in both modes (Net-SNMP
``rocommunity`` and ``com2sec``, a django-environ ``default=``); none leaks now.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('security', '[security]\nadmin_user = admin\nadmin_password = GrafanaAdm_771', ('GrafanaAdm_771',)),
    ('gitlab_rails', 'gitlab_rails[\'db_password\'] = "GitlabRb_Pw55"', ('GitlabRb_Pw55',)),
    ('gitlab_rails', "gitlab_rails['smtp_password'] = 'GitlabSmtp_881'", ('GitlabSmtp_881',)),
    ('dbpassword', "  'dbpassword' => 'NextcloudDb_Pw9',", ('NextcloudDb_Pw9',)),
    ('config', "$CONFIG = array (\n  'mail_smtppassword' => 'NcSmtp_Pw_41',", ('NcSmtp_Pw_41',)),
    ('sqlsettings', '"SqlSettings": {"DataSource": "mmuser:MatterPw_661@tcp(db:3306)/mattermost"}', ('MatterPw_661',)),
    ('password',
     '<password>{AQAAABAAAAAQx8kL2mZ8xW1vB7nC4dE5fG6hJ7kL8mN9pQ0rS1tU2vW3xY4zA5bC6dE=}</password>',
     ('{AQAAABAAAAAQx8kL2mZ8xW1vB7nC4dE5fG6hJ7kL8mN9pQ0rS1tU2vW3xY4zA5bC6dE=}',)),
    ('mqtt_password', 'mqtt_password: HassMqtt_Pw77', ('HassMqtt_Pw77',)),
    ('smtp_auth_password', "smtp_auth_password: 'AlertMgr_Pw12'", ('AlertMgr_Pw12',)),
    ('basic_auth', 'basic_auth:\n  username: prom\n  password: PromBasic_Pw3', ('PromBasic_Pw3',)),
    ('users', 'users = ["admin:$apr1$H6uskkkW$IgXLP6ewTrSuBkTrqE8wj/"]', ('$apr1$H6uskkkW$IgXLP6ewTrSuBkTrqE8wj/',)),
    ('database', '[database]\nPASSWD = GiteaDb_Pw_99', ('GiteaDb_Pw_99',)),
    ('rootpw', 'rootpw {SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=', ('{SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=',)),
    ('secret', 'secret "R3HI8P6BKw9ZwXwN3VZKuQ==";', ('R3HI8P6BKw9ZwXwN3VZKuQ==',)),
    ('type', '[6001]\ntype=friend\nsecret=SipPeer_Pw_44', ('SipPeer_Pw_44',)),
    ('rocommunity', 'rocommunity s3cr3tComm 10.0.0.0/8', ('s3cr3tComm',)),
    ('dbpassword', 'DBPassword=ZabbixDb_Pw8', ('ZabbixDb_Pw8',)),
    ('client', '[client]\nuser=root\npassword=MyCnf_Pw_771', ('MyCnf_Pw_771',)),
    ('requirepass', 'requirepass RedisConf_Pw5', ('RedisConf_Pw5',)),
    ('masterauth', 'masterauth RedisMaster_Pw6', ('RedisMaster_Pw6',)),
    ('org',
     'org.apache.kafka.common.security.plain.PlainLoginModule required username="svc" password="KafkaJaa'
     's_Pw7";',
     ('KafkaJaas_Pw7',)),
    ('default_pass', 'default_pass = RabbitDef_Pw88', ('RabbitDef_Pw88',)),
    ('password', '    password => "LogstashOut_Pw9"', ('LogstashOut_Pw9',)),
    ('password', '  password: "FilebeatEs_Pw10"', ('FilebeatEs_Pw10',)),
    ('password', '  password = "TelegrafIn_Pw11"', ('TelegrafIn_Pw11',)),
    ('alice', '"alice" "md53f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c"', ('3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c',)),
    ('alice', 'alice:md53f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8d', ('3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8d',)),
    ('hashedcontrolpassword',
     'HashedControlPassword 16:872860B76453A77D60CA2BB8C1A7042072093276A3D701AD684053EC4C',
     ('16:872860B76453A77D60CA2BB8C1A7042072093276A3D701AD684053EC4C',)),
    ('auth_pass', 'auth_pass KeepalivedPw12', ('KeepalivedPw12',)),
    ('authentication', '  authentication {\n    auth_type PASS\n    auth_pass VrrpPass_13\n  }', ('VrrpPass_13',)),
    ('ldap_bind_pw', 'ldap_bind_pw = SssdBind_Pw14', ('SssdBind_Pw14',)),
    ('bindpw', 'bindpw NslcdBind_Pw15', ('NslcdBind_Pw15',)),
    ('ldap_default_authtok', 'ldap_default_authtok = SssdTok_Pw16', ('SssdTok_Pw16',)),
    ('smtp_sasl_password_maps', 'smtp_sasl_password_maps = static:relay:PostfixStatic_17', ('PostfixStatic_17',)),
    ('auth_ldap_bind_password', 'AUTH_LDAP_BIND_PASSWORD = "DjangoLdap_Pw18"', ('DjangoLdap_Pw18',)),
    ('email_host_password',
     'EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="DjEnvDef_Pw19")',
     ('DjEnvDef_Pw19',)),
    ('spring', 'spring.mail.password: SpringMail_Pw20', ('SpringMail_Pw20',)),
    ('quarkus', 'quarkus.datasource.password=QuarkusDs_Pw21', ('QuarkusDs_Pw21',)),
    ('connectionstrings__defau', 'ConnectionStrings__Default="Server=db;Password=AspNetEnv_Pw22"', ('AspNetEnv_Pw22',)),
    ('connectionstrings',
     '"ConnectionStrings:Redis": "cache:6379,password=StackExRedis_23,ssl=True"',
     ('StackExRedis_23',)),
    ('com', 'com2sec local localhost L0calComm9', ('L0calComm9',)),
]
CONTROLS: tuple[str, ...] = (
    'auth_password_file = /etc/pw.txt',
    'DEBUG = env("DEBUG", default="false")',
    'TIME_ZONE = config("TIME_ZONE", default="UTC")',
    'auth_password_file = /etc/keepalived/pw',
    '[security]\nadmin_user = admin\ndisable_gravatar = true',
)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_secret_in_a_service_config_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_lines_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text
