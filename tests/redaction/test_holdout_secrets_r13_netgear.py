"""Hold-out probes, round 13 (network gear, wireless, VPN and home/IoT configs): issue 9, zero raw secrets.

Written before reading the rules, as operators' files hold them: Cisco IOS/NX-OS/ASA running-configs, Junos
set and curly syntax, VyOS/EdgeOS, FortiOS backups, MikroTik exports, pfSense/OPNsense config.xml, Huawei
VRP, Cisco AireOS WLC, wpa_supplicant/hostapd/NetworkManager/iwd/UCI Wi-Fi files, WireGuard/OpenVPN/
strongSwan/racoon/pppd VPN files, keepalived, FreeRADIUS, tac_plus, IPMI/iDRAC, SNMP tools and agents,
NTP keys, Home Assistant/ESPHome/Zigbee2MQTT/Mosquitto/Node-RED, router-sticker notes. Values are fictional.

Measured on main (the probe files of the first pass, 233 secrets): 22 leaked in each mode. The families:
FortiOS ``set <name> [ENC] V`` beyond ``set password`` (``set ha password``, ``set pppoe-password``, ``set
auth-pwd ENC``: 8 of 10 leaked in a widening pass), Junos/VyOS ``set`` paths ending in a secret keyword
(``plaintext-password``, ``authentication-password``, ``hello-authentication-key``: 14 of 23) and Junos
curly statements (``authentication-password V;``), HSRP/VRRP/GLBP ``authentication md5 key-string V``, ASA
``failover key V`` and ``key config-key password-encryption V``, SNMP communities as settings (Telegraf,
snmp_exporter, LibreNMS, pfSense ``<rocommunity>``: 9 of 9), FortiOS ``set name V`` under ``config system
snmp community``, ``pcs host auth -p``, ``radtest``'s password and secret, ``racadm set …Password V``,
``raspi-config … do_wifi_ssid_passphrase``, tac_plus ``login = cleartext "V"``, ntpd ``3 M V`` keys,
RouterOS ``:local pass "V"``, ipsec.secrets bare ``: PSK V`` and ``: P12 FILE "V"``, racoon ``psk.txt``,
an OpenVPN auth file pasted under its ``# /etc/openvpn/client/auth.txt`` comment (3 of 5 such files),
Wi-Fi keys of figures (``WLAN-Netzwerkschlüssel 4711 0815 …``) and ``user admin pass V`` (5 of 9). A second
pass written after the first fixes (Huawei, Palo Alto, AireOS, EdgeOS config.boot, OPNsense) leaked 9 of 27
on main and 8 with the first fixes: Huawei ``%^%#…%^%#`` ciphers, ``pre-shared-key cipher|simple V``,
``snmp-agent community``/``usm-user`` keys, AireOS ``set-key ascii V`` and ``radius auth add … ascii V``. A
third pass (Wi-Fi CLIs, manual IPsec SAs, ppp peers, ddclient, UCI, UniFi) leaked 5 of 22 on main and with
all the fixes above: ``networksetup -setairportnetwork … PASS``, ``ip xfrm state … enc aes 0xKEY`` and setkey
``-E aes-cbc 0xKEY`` (the 128-bit keys; the 256-bit ones were caught as hex runs), a keychain password printed
under ``security find-generic-password -wa`` and one typed after ``pfSsh.php playback changepassword``; the
last two are known leaks.

The rows of this file (83, many rows holding several values): main leaked 64 in each mode, besides the
known leaks below; this branch leaks none of them. No control changed between main and this branch.

Fixed by family: ``redaction.secret_netgear`` (grammars: ``config-set-secret``, ``config-leaf-secret``,
``fortios-snmp-community``, ``tacplus-cleartext``, ``routeros-script-secret``, ``ntpd-key-line``,
``snmp-community-key``, ``wifi-digit-key``, ``inline-login-pass``, ``file-under-header``,
``vendor-config-secret``, ``ipsec-sa-key``); the device line grammar's prefixes (first-hop redundancy groups,
``failover``, ``key config-key``); ``device-hash-scheme`` (Huawei/H3C ciphers), ``ike-pre-shared-key``
(``cipher|simple``), ``ipsec-secrets`` (bare PSK, key-file passphrases); the CLI table (pcs, radtest, racadm
set, raspi-config, networksetup).

Decisions: a FortiOS community ``set name "public"`` is redacted (it is the device's community, if a default
one). WireGuard public keys are still redacted as random tokens by the keyless shape rule (over-redaction
left alone: a public key next to ``PublicKey`` reads as a secret to that rule, and telling them apart is
another round's). IP addresses, MACs and upper-case names in strict mode are other detectors' by design, so
the controls below avoid them.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # Cisco IOS / NX-OS / ASA
    ('ios-fhrp', 'interface Vlan10\n standby 10 authentication md5 key-string HsrpKeyStr1ng\n', ('HsrpKeyStr1ng',)),
    ('ios-fhrp', ' vrrp 10 authentication md5 key-string VrrpMd5Key1\n', ('VrrpMd5Key1',)),
    ('ios-fhrp', ' glbp 10 authentication md5 key-string GlbpMd5Key1\n', ('GlbpMd5Key1',)),
    ('ios-fhrp', ' glbp 10 authentication text GlbpTextKey1\n', ('GlbpTextKey1',)),
    ('asa-failover', 'failover lan unit primary\nfailover key FailoverK3y\n', ('FailoverK3y',)),
    ('asa-failover', 'failover key hex 0123456789abcdef0123456789abcdef\n', ('0123456789abcdef0123456789abcdef',)),
    ('asa-master-key', 'key config-key password-encryption MasterKeyPass1\n', ('MasterKeyPass1',)),
    ('ios-trustpoint', 'crypto pki trustpoint TP\n enrollment url http://ca.example\n password ScepChallPw\n',
     ('ScepChallPw',)),
    ('huawei', 'local-user admin password irreversible-cipher %^%#Kq3nV7pL2xZ9mR4tW8yB1cF6hJ0%^%#\n',
     ('Kq3nV7pL2xZ9mR4tW8yB1cF6hJ0',)),
    ('huawei', 'snmp-agent community read cipher %^%#HuaweiComm12x%^%# acl 2000\n', ('HuaweiComm12x',)),
    ('huawei', 'snmp-agent community write HwWriteComm9\n', ('HwWriteComm9',)),
    ('huawei', 'snmp-agent usm-user v3 nms authentication-mode sha HwSnmpAuthPw1 privacy-mode aes128 HwSnmpPrivPw2\n',
     ('HwSnmpAuthPw1', 'HwSnmpPrivPw2')),
    ('huawei', 'ike peer branch\n pre-shared-key cipher %^%#IkePeerHw12%^%#\n pre-shared-key simple HwIkePlain7\n',
     ('IkePeerHw12', 'HwIkePlain7')),
    ('aireos', 'config wlan security wpa akm psk set-key ascii WlcPskAscii1 1\n', ('WlcPskAscii1',)),
    ('aireos', 'config radius auth add 1 10.0.0.5 1812 ascii WlcRadiusSecret1\n', ('WlcRadiusSecret1',)),
    ('aireos', 'config mgmtuser add opsadmin WlcMgmtPw77 read-write\n', ('WlcMgmtPw77',)),
    # Junos, VyOS/EdgeOS, FortiOS, PAN-OS set paths
    ('set-path', 'set system login user vyos authentication plaintext-password VyosPlainPw1\n', ('VyosPlainPw1',)),
    ('set-path', 'set service snmp v3 user snmpu auth plaintext-password VyosSnmpAuth1\n', ('VyosSnmpAuth1',)),
    ('set-path', 'set interfaces pppoe pppoe0 authentication password VyosPppoePw1\n', ('VyosPppoePw1',)),
    ('set-path', 'set protocols bgp 65001 neighbor 192.0.2.2 password VyosBgpPw1\n', ('VyosBgpPw1',)),
    ('set-path', 'set high-availability vrrp group LAN authentication password VyosVrrpPw\n', ('VyosVrrpPw',)),
    ('set-path', 'set snmp v3 usm local-engine user snmpu authentication-sha authentication-password JnprSetAuthPw\n',
     ('JnprSetAuthPw',)),
    ('set-path', 'set snmp v3 usm local-engine user snmpu privacy-aes128 privacy-password JnprSetPrivPw\n',
     ('JnprSetPrivPw',)),
    ('set-path', 'set system login user ops authentication plain-text-password-value JnprPtpValue1\n',
     ('JnprPtpValue1',)),
    ('set-path', 'set protocols isis interface ge-0/0/0 level 2 hello-authentication-key IsisHelloKey1\n',
     ('IsisHelloKey1',)),
    ('set-path', 'set protocols vrrp group 1 authentication-key JnprVrrpKey1\n', ('JnprVrrpKey1',)),
    ('set-path', 'admin@srx1# set system services dhcp-local-server group G authentication password JnprDhcp1\n',
     ('JnprDhcp1',)),
    ('set-path', 'set network ike gateway GW1 authentication pre-shared-key key PaloSetPsk1\n', ('PaloSetPsk1',)),
    ('set-path', 'set shared server-profile ldap L1 bind-password PaloLdapBind1\n', ('PaloLdapBind1',)),
    ('fortios', 'config system ha\n    set group-name "fgcluster"\n    set password ENC FgtHaEncVal12345678==\nend\n',
     ('FgtHaEncVal12345678==',)),
    ('fortios', 'config system interface\n    edit "wan1"\n        set pppoe-password FgtPppoePw\n    next\nend\n',
     ('FgtPppoePw',)),
    ('fortios', 'config system ddns\n    set ddns-password ENC FgtDdnsEnc1==\n    set ddns-key FgtDdnsKeyVal\nend\n',
     ('FgtDdnsEnc1==', 'FgtDdnsKeyVal')),
    ('fortios', 'config system snmp user\n    edit "v3"\n        set auth-pwd ENC FgtSnmpAuth==\n'
     '        set priv-pwd FgtSnmpPrivPlain\n    next\nend\n', ('FgtSnmpAuth==', 'FgtSnmpPrivPlain')),
    ('fortios', 'set ha password FgtHaPassword9\n', ('FgtHaPassword9',)),
    ('fortios', 'config system snmp community\n    edit 1\n        set name "FgtSnmpComm"\n    next\nend\n',
     ('FgtSnmpComm',)),
    ('junos-curly', 'snmp {\n    v3 {\n        usm {\n            authentication-sha {\n'
     '                authentication-password JnprSnmpAuthPw;\n            }\n            privacy-aes128 {\n'
     '                privacy-password JnprSnmpPrivPw;\n            }\n        }\n    }\n}\n',
     ('JnprSnmpAuthPw', 'JnprSnmpPrivPw')),
    ('junos-curly', 'protocols {\n    bgp {\n        group G {\n            authentication-key JnprCurlyBgp1;\n'
     '        }\n    }\n}\n', ('JnprCurlyBgp1',)),
    ('junos-curly', 'system {\n    login {\n        user ops {\n            authentication {\n'
     '                plain-text-password-value JnprCurlyPtp1;\n            }\n        }\n    }\n}\n',
     ('JnprCurlyPtp1',)),
    # SNMP agents and tools as settings
    ('snmp-setting', '[[inputs.snmp]]\n  agents = ["udp://10.0.0.1:161"]\n  version = 2\n'
     '  community = "TelegrafSnmpComm"\n', ('TelegrafSnmpComm',)),
    ('snmp-setting', '# snmp_exporter generator.yml\nauths:\n  public_v2:\n    version: 2\n'
     '    community: ExporterComm1\n',
     ('ExporterComm1',)),
    ('snmp-setting', "$config['snmp']['community'] = array('LibreNmsComm');\n", ('LibreNmsComm',)),
    ('snmp-setting', '$config[\'snmp\'][\'community\'][] = "LibreNmsComm2";\n', ('LibreNmsComm2',)),
    ('snmp-setting', 'snmp_community: "AnsibleSnmpComm"\n', ('AnsibleSnmpComm',)),
    ('snmp-setting', '<snmpd><rocommunity>PfSnmpComm</rocommunity><trapcommunity>PfTrapComm</trapcommunity></snmpd>',
     ('PfSnmpComm', 'PfTrapComm')),
    # admin tools
    ('cli', 'pcs host auth node1 node2 -u hacluster -p PcsHaclusterPw\n', ('PcsHaclusterPw',)),
    ('cli', 'pcs cluster auth node1 node2 -u hacluster -p PcsClusterPw2\n', ('PcsClusterPw2',)),
    ('cli', 'radtest bob BobRadtestPw localhost 0 testing123x\n', ('BobRadtestPw', 'testing123x')),
    ('cli', 'radtest -t mschap bob Mschap7Pw 10.0.0.1 1812 RadSecret9z\n', ('Mschap7Pw', 'RadSecret9z')),
    ('cli', 'racadm set iDRAC.Users.2.Password IdracSetPw9\n', ('IdracSetPw9',)),
    ('cli', 'raspi-config nonint do_wifi_ssid_passphrase MySSID RaspiWifiPw9\n', ('RaspiWifiPw9',)),
    # small daemons
    ('tacplus', 'key = "TacPlusKey2026"\nuser = ops {\n    login = cleartext "TacOpsLoginPw"\n'
     '    enable = cleartext TacEnablePw2\n}\n', ('TacOpsLoginPw', 'TacEnablePw2')),
    ('ntpd', '# /etc/ntp.keys\n3 M NtpdMd5Key3\n4 M Ab9kQ2zX\n', ('NtpdMd5Key3', 'Ab9kQ2zX')),
    ('routeros', '/system script add name=ddns source=":local pass \\"DdnsScr1ptPw\\""\n', ('DdnsScr1ptPw',)),
    ('routeros', ':global wifiPassword "RosGlobalPw1"\n', ('RosGlobalPw1',)),
    # VPN files
    ('ipsec', '192.0.2.10 192.0.2.20 : PSK UnquotedPskVal9\n', ('UnquotedPskVal9',)),
    ('ipsec', ': P12 client.p12 "P12Passphrase1"\n: RSA /etc/ipsec.d/private/k.pem Pw2SecretK\n',
     ('P12Passphrase1', 'Pw2SecretK')),
    ('header-file', '# OpenVPN auth file /etc/openvpn/client/auth.txt\nvpnuser01\n0vpnAuthFilePw\n'
     '# client.ovpn\nclient\n',
     ('0vpnAuthFilePw',)),
    ('header-file', '# /etc/openvpn/client/creds.txt\nvpnuser02\nCreds2FilePw!\n\nnext section\n', ('Creds2FilePw!',)),
    ('header-file', '# ~/.config/restic/repo.pass\nResticRepoPw77\n', ('ResticRepoPw77',)),
    ('header-file', '# /etc/rsyncd.secrets\nbackup:RsyncSecretPw1\n', ('RsyncSecretPw1',)),
    ('header-file', '# racoon psk.txt\n192.0.2.40\tRacoonPskTxt1\n# xl2tpd\n', ('RacoonPskTxt1',)),
    ('header-file', '# /etc/racoon/psk.txt\n# IPv4/v6 addresses\n10.160.94.3\tRacoonPsk2\n'
     'vpn.example.net\tRacoonPsk3\n',
     ('RacoonPsk2', 'RacoonPsk3')),
    # notes and stickers
    ('wifi-digits', '- Sticker on the back: WLAN-Netzwerkschlüssel 4711 0815 2342 1337 9999\n',
     ('4711 0815 2342 1337 9999',)),
    ('wifi-digits', 'WLAN-Schlüssel: 12345678901234567890\n', ('12345678901234567890',)),
    ('wifi-digits', 'WPA key: 58213377\n', ('58213377',)),
    ('wifi-digits', 'Wi-Fi password is 20240815\n', ('20240815',)),
    ('wifi-digits', 'WiFi Passwort lautet 73915568\n', ('73915568',)),
    ('wifi-digits', 'Clé WiFi : 8816 2231 9912\n', ('8816 2231 9912',)),
    ('wifi-digits', 'wireless key (sticker) 4455-6677-8899\n', ('4455-6677-8899',)),
    ('inline-login', '- Web UI: http://192.168.178.1 user admin pass RouterWebPw!\n', ('RouterWebPw!',)),
    ('inline-login', 'login root pw R00tPass#1\n', ('R00tPass#1',)),
    ('home', 'advanced:\n  network_key:\n    - 243\n    - 94\n    - 11\n    - 7\n    - 180\n    - 33\n    - 61\n'
     '    - 8\n    - 199\n    - 2\n    - 75\n    - 140\n    - 18\n    - 222\n    - 9\n    - 101\n',
     ('243\n    - 94\n    - 11',)),
    ('cli', 'networksetup -setairportnetwork en0 OfficeWiFi MacAirportPw9\n', ('MacAirportPw9',)),
    ('ipsec-sa', 'ip xfrm state add src 10.0.0.1 dst 10.0.0.2 proto esp spi 0x100 mode tunnel auth sha256 '
     '0x6b1f2e3d4c5a69788796a5b4c3d2e1f06b1f2e3d4c5a69788796a5b4c3d2e1f0 enc aes 0x0a1b2c3d4e5f60718293a4b5c6d7e8f9\n',
     ('0x6b1f2e3d4c5a69788796a5b4c3d2e1f06b1f2e3d4c5a69788796a5b4c3d2e1f0', '0x0a1b2c3d4e5f60718293a4b5c6d7e8f9')),
    ('ipsec-sa', 'ip -s xfrm state\n    enc cbc(aes) 0x1f0e2d3c4b5a69788796a5b4c3d2e1f0\n',
     ('0x1f0e2d3c4b5a69788796a5b4c3d2e1f0',)),
    ('ipsec-sa', '#!/usr/sbin/setkey -f\n'
     'add 10.0.0.1 10.0.0.2 esp 0x200 -E aes-cbc 0xaabbccddeeff00112233445566778899\n'
     '    -A hmac-sha256 0x00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff;\n',
     ('0xaabbccddeeff00112233445566778899', '0x00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff')),
    ('cmd-output', 'security find-generic-password -wa HomeNet\nKeychainWifiPw3\n', ('KeychainWifiPw3',)),
    ('prompt-typed', 'pfSsh.php playback changepassword admin\nPfShellNewPw1\n', ('PfShellNewPw1',)),
    ('openvpn-procsub', "openvpn --config c.ovpn --auth-user-pass <(printf 'vpnuser01\\n%s\\n' 'ProcSubVpnPw')\n",
     ('ProcSubVpnPw',)),
]

#: Leaks found and not fixed this round: a fragment of the row's text -> (why, the modes it leaks in).
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {
    "find-generic-password": ("a value printed on the line after the command that shows it (as round 6's nmcli -g):"
                              " the command output grammar does not know macOS security", ("strict", "balanced")),
    "playback changepassword": ("a password typed at a prompt on the line after an interactive command (pfSense's "
                                "pfSsh.php) with nothing naming it", ("strict", "balanced")),
    "<(printf": ("an auth-user-pass file given by process substitution: printf's arguments carry the user and the "
                 "password with nothing naming either", ("strict", "balanced")),
}

CONTROLS: list[str] = [
    'set system services ssh root-login deny-password',
    'set security ike proposal P1 authentication-method pre-shared-keys',
    'set policy-options community cust members 65000:200',
    'set routing-options static route default community 65000:100',
    'set system login user ops class super-user',
    'set password-policy enable',
    'set admin-lockout-threshold 3',
    'set psksecret-type static',
    '    set auth-type password',
    '    set passwd-policy default',
    'Set the password here',
    'set the password in the vault first',
    'set key [string tolower $name]',
    'set key hello',
    'set password $::env(ROUTER_PW)',
    'set ssh-key-file /config/auth/id_rsa',
    '  set secret <SECRET>',
    'set security ike policy p1 pre-shared-key ascii-text',
    'mode pre-shared-secret',
    'authentication {\n    authentication-key-chain kc1;\n    authentication-type md5;\n    key-id 1;\n}',
    'int main() {\n    key value;\n    return key;\n}',
    'config system interface\n    edit "port1"\n        set name "wan1"\n    next\nend',
    ' standby 1 authentication md5 key-chain hsrp-chain',
    'failover key',
    'failover lan unit primary',
    'failover key <KEY>',
    'key config-key password-encryption',
    'the failover key is rotated yearly',
    ' password Required',
    'password encryption aes',
    'snmp-agent community complexity-check disable',
    'snmp-agent sys-info version v3',
    'config wlan security wpa akm psk enable 1',
    'config radius auth add 1 radius-a 1812 ascii <SECRET>',
    'bgp_community: 65000:100',
    'community: true',
    'community: "{{ snmp_community }}"',
    'snmp_community: $SNMP_COMMUNITY',
    'community_index: 3',
    'snmp notes: join the community: forum',
    'login = pam',
    'enable = file /etc/tac.passwd',
    ':local pass [/system script get x source]',
    ':local passLen 12',
    ':local user "admin"',
    '# ntp.keys\n3 M 12',
    ': RSA moonKey.pem %prompt',
    'key_mgmt: PSK only',
    'Type: RSA 2048 bits',
    ': RSA moonKey.pem',
    'Key: RSA key.pem loaded',
    'wlan channel 36',
    'wifi key rotation: every 90 days',
    'wpa key length: 63',
    'wifi password policy v2 12 chars',
    'wlan code 1234',
    'wpa2 key 802.11',
    'the wifi key is 10 characters long',
    'user admin pass through to the next stage',
    'user jdoe pass the ticket to ops',
    '# auth.txt\nThis file holds the user and the password of the VPN.\n',
    '# notes.md\nuser admin\nline two\n',
    '# /etc/wireguard/wg0.conf\n[Interface]\n',
    'interface GigabitEthernet0/1\n switchport access vlan 120\n',
    'ntp trusted-key 1',
    'crypto ipsec ikev2 ipsec-proposal aes256\n protocol esp encryption aes-256\n protocol esp integrity sha-256',
    'set security ike proposal p1 authentication-algorithm sha-256',
    'key_mgmt=WPA-PSK',
    'wpa_key_mgmt=WPA-PSK SAE',
    'cipher AES-256-GCM\nauth SHA256\nkey-direction 1',
    'auth_type PASS',
    'virtual_router_id 51',
    'pan_id: 6754\nchannel: 11',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_network_gear_wireless_or_vpn_secret_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_config_shapes_with_nothing_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text
