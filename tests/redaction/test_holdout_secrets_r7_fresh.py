"""Hold-out probes across the seventh round's families at once, written before reading that round's work.

Written (round 7, lead) while the four round-7 tables were being written, without reading them: ESPHome and
Mosquitto, OpenWrt UCI and wpa_supplicant, a Plex token and an RTSP camera URL; mutt, msmtp, fetchmail, Synapse,
NickServ and swaks; my.cnf, mongosh, redis.conf, sqlcmd, sqlplus, restic, CIFS mounts, smbclient, a Ceph keyring
and b2; WordPress, Laravel, Rails, Django, Spring, ASP.NET machineKey, Grafana, Gitea and Nextcloud. Main before
the round leaked 1 of the 32 rows in both modes (OpenWrt UCI ``option key 'V'``); with the four round-7
tables merged, none leaks and no control changes.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('fresh',
     'wifi:\n  ssid: !secret wifi_ssid\n  password: Esp_Fresh_Wifi_71\n  ap:\n    password: "Esp_Fresh_Ap_72"',
     ('Esp_Fresh_Wifi_71', 'Esp_Fresh_Ap_72',)),
    ('fresh',
     'api:\n  encryption:\n    key: "q7Vb2Lk9XwPz4RtY8mNc3sD6fG1hJ0kLmN5pQ2rS4tU="\nota:\n  - platform: esphome\n'
     '    password: Ota_Fresh_Pw_73',
     ('q7Vb2Lk9XwPz4RtY8mNc3sD6fG1hJ0kLmN5pQ2rS4tU=', 'Ota_Fresh_Pw_73',)),
    ('fresh', 'mosquitto_pub -h broker.lan -u sensor -P Mqtt_Fresh_Pw_74 -t home/temp -m 21.5', ('Mqtt_Fresh_Pw_74',)),
    ('fresh',
     "config wifi-iface 'default_radio0'\n\toption ssid 'HomeNet'\n\toption encryption 'psk2'\n\toption key 'Uci_"
     "Fresh_Key_75'",
     ('Uci_Fresh_Key_75',)),
    ('fresh',
     'network={\n    ssid="Office"\n    psk="Wpa_Fresh_Psk_76"\n    key_mgmt=WPA-PSK\n}',
     ('Wpa_Fresh_Psk_76',)),
    ('fresh',
     "curl 'http://plex.lan:32400/library/sections?X-Plex-Token=pLxFreshTok77abcdEF'",
     ('pLxFreshTok77abcdEF',)),
    ('fresh', 'rtsp://admin:Cam_Fresh_Pw_78@192.168.1.64:554/Streaming/Channels/101', ('Cam_Fresh_Pw_78',)),
    ('fresh',
     'set imap_pass = "Mutt_Fresh_Pw_79"\nset smtp_url = "smtps://me@mail.example.com:465/"',
     ('Mutt_Fresh_Pw_79',)),
    ('fresh',
     'account work\nhost smtp.example.com\nport 587\nuser me@example.com\npassword Msmtp_Fresh_Pw_80',
     ('Msmtp_Fresh_Pw_80',)),
    ('fresh', 'poll imap.example.com protocol IMAP user "me" password "Fetch_Fresh_Pw_81" ssl', ('Fetch_Fresh_Pw_81',)),
    ('fresh',
     'registration_shared_secret: "Syn_Fresh_Reg_82xQ"\nmacaroon_secret_key: "Syn_Fresh_Mac_83yR"\nform_secret: "'
     'Syn_Fresh_Form_84zS"',
     ('Syn_Fresh_Reg_82xQ', 'Syn_Fresh_Mac_83yR', 'Syn_Fresh_Form_84zS',)),
    ('fresh', '/msg NickServ IDENTIFY mynick Irc_Fresh_Pw_85', ('Irc_Fresh_Pw_85',)),
    ('fresh',
     'swaks --to a@example.com --server smtp.example.com --auth LOGIN --auth-user me --auth-password Swaks_Fresh_'
     'Pw_86',
     ('Swaks_Fresh_Pw_86',)),
    ('fresh', '[client]\nuser=backup\npassword="My_Fresh_Pw_87"\nhost=db1', ('My_Fresh_Pw_87',)),
    ('fresh',
     'mongosh "mongodb://admin:Mongo_Fresh_Pw_88@db.internal:27017/?authSource=admin"',
     ('Mongo_Fresh_Pw_88',)),
    ('fresh',
     'requirepass Redis_Fresh_Pw_89\nmasterauth Redis_Fresh_Master_90',
     ('Redis_Fresh_Pw_89', 'Redis_Fresh_Master_90',)),
    ('fresh', 'sqlcmd -S tcp:db01,1433 -U sa -P Sql_Fresh_Pw_91 -Q "SELECT 1"', ('Sql_Fresh_Pw_91',)),
    ('fresh', 'sqlplus scott/Ora_Fresh_Pw_92@//db.example.com:1521/ORCL', ('Ora_Fresh_Pw_92',)),
    ('fresh',
     "export RESTIC_PASSWORD='Restic_Fresh_Pw_93'\nrestic -r s3:s3.amazonaws.com/bucket backup ~/",
     ('Restic_Fresh_Pw_93',)),
    ('fresh', '//nas/share /mnt/share cifs username=me,password=Cifs_Fresh_Pw_94,uid=1000 0 0', ('Cifs_Fresh_Pw_94',)),
    ('fresh', "smbclient //fs01/public -U 'CORP\\jdoe%Smb_Fresh_Pw_95'", ('Smb_Fresh_Pw_95',)),
    ('fresh',
     '[client.admin]\n\tkey = AQBf2xFfAAAAABAAx1yZ3k9Lm8Qw2Vt7Rp4Nb6Xc5Dz0Ew==',
     ('AQBf2xFfAAAAABAAx1yZ3k9Lm8Qw2Vt7Rp4Nb6Xc5Dz0Ew==',)),
    ('fresh',
     "define( 'DB_PASSWORD', 'Wp_Fresh_Pw_96' );\ndefine( 'AUTH_KEY',         'h7#Kq2!mZ9@xV4$tL8%wR3^nB6&pY1*c' "
     ');',
     ('Wp_Fresh_Pw_96', 'h7#Kq2!mZ9@xV4$tL8%wR3^nB6&pY1*c',)),
    ('fresh',
     'APP_KEY=base64:Zm9vYmFyRnJlc2hLZXk5N3F3ZXJ0eXVpb3BsbWtqaGc=\nAPP_ENV=production',
     ('base64:Zm9vYmFyRnJlc2hLZXk5N3F3ZXJ0eXVpb3BsbWtqaGc=',)),
    ('fresh',
     'production:\n  secret_key_base: 9f3c2a8e7d6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4'
     'f',
     ('9f3c2a8e7d6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f',)),
    ('fresh',
     "SECRET_KEY = 'django-insecure-8x!k2#m9q@w4v7t$r1p6n3b5c0z'",
     ('django-insecure-8x!k2#m9q@w4v7t$r1p6n3b5c0z',)),
    ('fresh',
     'spring:\n  datasource:\n    url: jdbc:postgresql://db:5432/app\n    username: app\n    password: Spring_Fre'
     'sh_Pw_97',
     ('Spring_Fresh_Pw_97',)),
    ('fresh',
     '<machineKey validationKey="A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90" decryptionKey='
     '"0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A6978" validation="SHA1" />',
     ('A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90',
      '0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A6978',)),
    ('fresh',
     '[security]\nadmin_user = admin\nadmin_password = Graf_Fresh_Pw_98\nsecret_key = Graf_Fresh_Key_99',
     ('Graf_Fresh_Pw_98', 'Graf_Fresh_Key_99',)),
    ('fresh',
     '[security]\nINSTALL_LOCK = true\nSECRET_KEY = GiteaFreshSecret100x\nINTERNAL_TOKEN = eyJhbGciOiJIUzI1NiIsIn'
     'R5cCI6IkpXVCJ9.eyJuYmYiOjE3MDAwMDAwMDB9.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEFG',
     ('GiteaFreshSecret100x',
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYmYiOjE3MDAwMDAwMDB9.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEFG',)),
    ('fresh',
     "$CONFIG = array (\n  'dbpassword' => 'Nc_Fresh_Pw_101',\n  'secret' => 'NcFreshSecret102abcdefghijklmnop',"
     '\n);',
     ('Nc_Fresh_Pw_101', 'NcFreshSecret102abcdefghijklmnop',)),
    ('fresh',
     'b2 authorize-account 0012a3b4c5d6e7f0000000001 K001FreshAppKey103abcdefghijklmn',
     ('K001FreshAppKey103abcdefghijklmn',)),
]

CONTROLS: list[str] = [
    'wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password',
    "option encryption 'psk2'\noption network 'lan'",
    'requirepass ""\n# masterauth <master-password>',
    'spring:\n  datasource:\n    password: ${DB_PASSWORD}',
    "define( 'DB_HOST', 'localhost' );\ndefine( 'WP_DEBUG', false );",
    "mosquitto_sub -h broker.lan -t 'home/#' -v",
    'restic -r s3:s3.amazonaws.com/bucket snapshots --password-file /etc/restic/pass',
    'sqlcmd -S tcp:db01,1433 -E -Q "SELECT @@VERSION"',
    'admin_user = admin\nallow_sign_up = false',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_secret_in_a_line_no_round_seven_table_saw_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_kinds_of_lines_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text
