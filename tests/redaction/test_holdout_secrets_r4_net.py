"""Hold-out secret probes, round 4 (red team, issue 9): network and infrastructure device configs.

Each row is (family, text, values that must not come out raw, controls that must survive verbatim), as a
consultant's folder holds them: ``show running-config`` output pasted into notes, config backups, admin
tool command lines. Families: ``cisco`` (IOS, IOS-XE, NX-OS, ASA), ``junos``, ``forti`` (FortiOS),
``mikrotik`` (RouterOS), ``xml`` (PAN-OS and pfSense/OPNsense config.xml), ``aruba`` (Aruba, HP
ProCurve/Comware), ``ubnt`` (UniFi, EdgeOS, VyOS), ``f5`` (tmsh, bigip.conf), ``bmc`` (IPMI, iDRAC,
iLO), ``vmw`` (esxcli, govc, PowerCLI), ``backup`` (restic, borg, duplicity, rclone), ``mon`` (Zabbix,
Nagios, SNMP tools), ``ldap`` (LDAP/AD tool lines), ``iot`` (printer, camera and IoT admin notes), and
``ctl`` texts that hold nothing secret (no secret placeholder in either mode; their controls verbatim in
balanced mode; IP addresses are never controls, they are redacted as ``IP`` in both modes). Values are
fictional: Cisco type 7 values are real encodings of
random passwords, hashes have their scheme's alphabet and length, others are random bodies or human-style
passwords from a fixed seed.
"""

from __future__ import annotations

import random
import string

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

_R = random.Random(20261202)
AN = string.ascii_letters + string.digits
HX = "0123456789ABCDEF"
CRYPT = "./" + string.digits + string.ascii_uppercase + string.ascii_lowercase
_WORDS = ("Kestrel", "Harbor", "Lantern", "Quokka", "Marble", "Falcon", "Juniper", "Cobalt", "Meadow", "Tundra",
          "Saffron", "Pebble", "Orchid", "Granite", "Willow", "Nimbus", "Sorrel", "Basalt", "Heron", "Thistle")
_XLAT = "dsfd;kfoA,.iyewrkldJKDHSUBsgvca69834ncxv9873254k;fg87"


def r(n: int, alphabet: str = AN) -> str:
    """A random body; alphanumeric ones mix upper, lower and digits as generated tokens do."""
    while True:
        t = "".join(_R.choice(alphabet) for _ in range(n))
        if alphabet != AN or (any(c.isdigit() for c in t) and any(c.isupper() for c in t)
                              and any(c.islower() for c in t)):
            return t


def hp() -> str:
    """A human-made password: two words, digits and a separator or symbol (``Falcon-Heron47``)."""
    a, b = _R.sample(_WORDS, 2)
    return f"{a}{_R.choice('-_!#.@')}{b}{_R.randint(10, 9999)}"


def t7(pw: str | None = None) -> str:
    """A Cisco type 7 encoding (the reversible Vigenère of IOS ``service password-encryption``)."""
    pw = pw or hp()
    seed = _R.randint(0, 15)
    return f"{seed:02d}" + "".join(f"{ord(c) ^ ord(_XLAT[(seed + i) % 53]):02X}" for i, c in enumerate(pw))


def md5crypt() -> str:
    return f"$1${r(4, CRYPT)}${r(22, CRYPT)}"


def t8() -> str:
    return f"$8${r(14, CRYPT)}${r(43, CRYPT)}"


def t9() -> str:
    return f"$9${r(14, CRYPT)}${r(43, CRYPT)}"


def j9(n: int = 20) -> str:
    """A Junos ``$9$`` obfuscated secret (its alphabet: letters, digits, ``-`` and ``.``)."""
    return "$9$" + r(n, AN + "-.")


def sha512crypt() -> str:
    return f"$6${r(16, CRYPT)}${r(86, CRYPT)}"


ROWS: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = []


def P(family: str, text: str, secrets: tuple[str, ...] | str, controls: tuple[str, ...] = ()) -> None:
    ROWS.append((family, text, (secrets,) if isinstance(secrets, str) else secrets, controls))


def C(text: str, *controls: str) -> None:
    ROWS.append(("ctl", text, (), controls))


# --- cisco: IOS / IOS-XE / NX-OS / ASA -------------------------------------------------------------------
for _ in range(3):
    _a = t7()
    P("cisco", f"username admin privilege 15 password 7 {_a}\n", _a, ("username admin privilege 15",))
_a, _b = md5crypt(), t9()
P("cisco", f"enable secret 5 {_a}\nusername netops privilege 15 secret 9 {_b}\n", (_a, _b),
  ("username netops privilege 15",))
_a = t8()
P("cisco", f"username backup secret 8 {_a}\n", _a, ("username backup",))
_a = t7()
P("cisco", f"enable password 7 {_a}\n", _a, ("enable password 7",))
_a = hp()
P("cisco", f"enable password {_a}\n", _a)
_a = hp()
P("cisco", f"username ops password 0 {_a}\n", _a, ("username ops",))
_a, _b = t7(), t7()
P("cisco", f"line vty 0 4\n password 7 {_a}\n login\n transport input ssh\nline con 0\n password 7 {_b}\n", (_a, _b),
  ("line vty 0 4", "transport input ssh"))
_a = hp()
P("cisco", f"line con 0\n password {_a}\n login\n", _a, ("line con 0",))
for _ in range(2):
    _a = r(_R.randint(8, 14))
    P("cisco", f"snmp-server community {_a} RO 10\n", _a, ("RO 10",))
_a = hp()
P("cisco", f"snmp-server community {_a} RW SNMP-ACL\n", _a, ("RW SNMP-ACL",))
_a, _b = hp(), hp()
P("cisco", f"snmp-server user monitor NMS-GROUP v3 auth sha {_a} priv aes 128 {_b}\n", (_a, _b),
  ("NMS-GROUP v3 auth sha",))
_a, _b = r(12), r(12)
P("cisco", f"snmp-server user nms V3GRP v3 auth md5 {_a} priv des {_b} access 99\n", (_a, _b), ("access 99",))
_a, _b = r(16), r(16)
P("cisco", f"snmp-server user admin network-admin auth sha {_a} priv aes-128 {_b}\n", (_a, _b), ())  # NX-OS
_a = "0x" + r(32, "0123456789abcdef")
P("cisco", f"snmp-server user admin network-admin auth md5 {_a} priv {_a} localizedkey\n", _a, ("localizedkey",))
_a = t7()
P("cisco", f"tacacs-server key 7 {_a}\n", _a)
_a = hp()
P("cisco", f"tacacs-server host 10.0.0.5 key {_a}\n", _a)
_a = t7()
P("cisco", f"radius-server host 10.0.0.6 auth-port 1645 acct-port 1646 key 7 {_a}\n", _a, ("auth-port 1645",))
_a, _b = hp(), t7()
P("cisco", f"key chain EIGRP-KEYS\n key 1\n  key-string {_a}\n key 2\n  key-string 7 {_b}\n", (_a, _b),
  ("key chain EIGRP-KEYS",))
_a = hp()
P("cisco", f"interface GigabitEthernet0/1\n ip ospf authentication-key {_a}\n", _a, ("interface GigabitEthernet0/1",))
_a = t7()
P("cisco", f"interface Gi0/0\n ip ospf authentication-key 7 {_a}\n", _a)
_a = hp()
P("cisco", f"router bgp 65001\n neighbor 192.0.2.1 remote-as 65002\n neighbor 192.0.2.1 password {_a}\n", _a,
  ("remote-as 65002",))
_a = t7()
P("cisco", f" neighbor 192.0.2.9 password 7 {_a}\n", _a)
_a = hp()
P("cisco", f"crypto isakmp key {_a} address 203.0.113.7\n", _a, ("crypto isakmp key",))
_a = hp()
P("cisco", f"crypto isakmp key 6 {_a} address 0.0.0.0 0.0.0.0\n", _a)
_a, _b = hp(), hp()
P("cisco", f"crypto ikev2 keyring KR\n peer HQ\n  address 198.51.100.1\n  pre-shared-key local {_a}\n"
  f"  pre-shared-key remote {_b}\n", (_a, _b), ("crypto ikev2 keyring KR",))
_a = hp()
P("cisco", f"interface Dialer1\n ppp chap hostname isp-user\n ppp chap password 0 {_a}\n", _a,
  ("ppp chap hostname isp-user",))
_a = hp()
P("cisco", f" ppp pap sent-username isp password 0 {_a}\n", _a)
_a = hp()
P("cisco", f"dot11 ssid CORP\n authentication open\n authentication key-management wpa\n wpa-psk ascii 0 {_a}\n", _a,
  ("dot11 ssid CORP",))
_a = hp()
P("cisco", f"wlan CORP 1 CORP\n security wpa psk set-key ascii 0 {_a}\n", _a, ("wlan CORP 1 CORP",))
_a = t7()
P("cisco", f"ntp authentication-key 1 md5 {_a} 7\n", _a)
_a = hp()
P("cisco", f"username admin password {_a} role network-admin\n", _a, ("role network-admin",))  # NX-OS
_a = f"$5${r(8, CRYPT)}${r(43, CRYPT)}"
P("cisco", f"username admin password 5 {_a}  role network-admin\n", _a, ("role network-admin",))
_a = r(16, CRYPT)
P("cisco", f"passwd {_a} encrypted\nenable password {_a} encrypted\n", _a)  # ASA
_a = r(16, CRYPT)
P("cisco", f"username vpnuser password {_a} encrypted privilege 0\n", _a, ("privilege 0",))
_a = hp()
P("cisco", f"tunnel-group VPN-TG ipsec-attributes\n pre-shared-key {_a}\n", _a)
_a = hp()
P("cisco", f"aaa-server ISE protocol radius\naaa-server ISE (inside) host 10.1.1.20\n key {_a}\n", _a)
_a = hp()
P("cisco", f"ip http authentication local\nip ftp password {_a}\nip ftp username backup\n", _a,
  ("ip http authentication local",))
_a = hp()
P("cisco", f"archive\n path scp://backup:{_a}@10.9.9.9/cfg/$h-$t\n", _a)
_a = hp()
P("cisco", f"copy running-config ftp://cfg:{_a}@192.0.2.44/r1.cfg\n", _a)
_a = hp()
P("cisco", f"vrrp 10 authentication text {_a}\n standby 1 authentication md5 key-string {hp()}\n", _a)
_a = hp()
P("cisco", f"standby 1 authentication {_a}\n", _a)
_a = hp()
P("cisco", f"R1#show run | i username\nusername cisco password 0 {_a}\n", _a)
_a = t7()
P("cisco", f"Note from the audit: the old router still has `username admin password 7 {_a}` in its config.\n", _a)
_a = hp()
P("cisco", f"mka policy P\nkey chain MKA macsec\n key 01\n  cryptographic-algorithm aes-128-cmac\n"
  f"  key-string {_a}\n", _a)

# --- junos -------------------------------------------------------------------------------------------------
_a = sha512crypt()
P("junos", f'set system root-authentication encrypted-password "{_a}"\n', _a, ("set system root-authentication",))
_a = md5crypt()
P("junos", f'set system login user ops class super-user authentication encrypted-password "{_a}"\n', _a,
  ("class super-user",))
_a = sha512crypt()
P("junos", "system {\n    root-authentication {\n        encrypted-password \"" + _a + "\"; ## SECRET-DATA\n"
  "    }\n}\n", _a, ("## SECRET-DATA",))
for _ in range(3):
    _a = j9(_R.randint(12, 40))
    P("junos", f'set protocols bgp group EXT neighbor 192.0.2.1 authentication-key "{_a}"\n', _a, ("group EXT",))
_a = j9()
P("junos", f'set snmp v3 usm local-engine user nms authentication-sha authentication-key "{_a}"\n', _a)
_a = j9(30)
P("junos", f'authentication-key "{_a}"; ## SECRET-DATA\n', _a)
_a = j9(24)
P("junos", f'set security ike policy IKE-POL pre-shared-key ascii-text "{_a}"\n', _a)
_a = j9(18)
P("junos", f'set access profile dot1x client alice secret "{_a}"\n', _a, ("set access profile dot1x",))
_a = j9(22)
P("junos", f"            secret \"{_a}\"; ## SECRET-DATA\n", _a)
_a = j9(16)
P("junos", f'set system ntp authentication-key 1 type md5 value "{_a}"\n', _a, ("type md5",))
_a = hp()
P("junos", f'set system login user ops authentication plain-text-password-value "{_a}"\n', _a)
_a = hp()
P("junos", f"set snmp community {_a} authorization read-only\n", _a, ("authorization read-only",))
_a = j9(28)
P("junos", f'set protocols ospf area 0.0.0.0 interface ge-0/0/1.0 authentication md5 1 key "{_a}"\n', _a)
_a = j9(20)
P("junos", f"ops@srx> show configuration | display set | match secret\nset system radius-server 10.0.0.9 secret {_a}\n",
  _a)

# --- forti: FortiOS -----------------------------------------------------------------------------------------
_a = "ENC " + r(80, AN + "+/") + "="
P("forti", f'config system admin\n    edit "admin"\n        set password {_a}\n    next\nend\n', _a[4:],
  ('edit "admin"',))
_a = "SH2" + r(60, AN + "+/") + "="
P("forti", f"config system admin\n    edit \"ro\"\n        set password ENC {_a}\n    next\nend\n", _a)
_a = "ENC " + r(100, AN + "+/") + "=="
P("forti", f"config vpn ipsec phase1-interface\n    edit \"HQ\"\n        set psksecret {_a}\n    next\nend\n",
  _a[4:])
_a = hp()
P("forti", f"config user local\n    edit \"guest\"\n        set type password\n        set passwd {_a}\n    next\n",
  _a, ("set type password",))
_a = hp()
P("forti", f"config wireless-controller vap\n    edit \"corp\"\n        set passphrase {_a}\n    next\nend\n", _a)
_a = "ENC " + r(64, AN + "+/") + "=="
P("forti", f"config user radius\n    edit \"NPS\"\n        set server \"10.0.0.7\"\n        set secret {_a}\n", _a[4:],
  ("config user radius",))
_a = hp()
P("forti", f"config system ha\n    set group-name \"FGT-HA\"\n    set password {_a}\n", _a,
  ('set group-name "FGT-HA"',))
_a = "ENC " + r(72, AN + "+/") + "="
P("forti", f"config user ldap\n    edit \"AD\"\n        set dn \"dc=corp,dc=lan\"\n        set password {_a}\n", _a[4:])
_a = hp()
P("forti", f"config system snmp community\n    edit 1\n        set name \"{_a}\"\n", _a)

# --- mikrotik: RouterOS -----------------------------------------------------------------------------------
_a = hp()
P("mikrotik", f'/user add name=ops group=full password="{_a}"\n', _a, ("group=full",))
_a, _b = hp(), r(16)
P("mikrotik", "/interface wireless security-profiles\nadd authentication-types=wpa2-psk mode=dynamic-keys "
  f"name=corp supplicant-identity=MikroTik wpa2-pre-shared-key={_a} wpa-pre-shared-key={_b}\n", (_a, _b),
  ("mode=dynamic-keys",))
_a = hp()
P("mikrotik", f'/interface wifi security add name=sec1 authentication-types=wpa2-psk,wpa3-psk passphrase="{_a}"\n', _a)
_a = hp()
P("mikrotik", f"/ppp secret add name=vpn1 password={_a} profile=default-encryption service=l2tp\n", _a,
  ("service=l2tp",))
_a = hp()
P("mikrotik", f"/ip ipsec identity add peer=hq secret={_a}\n", _a, ("peer=hq",))
_a = hp()
P("mikrotik", f"/interface pppoe-client add interface=ether1 name=pppoe-out1 user=isp123 password={_a}\n", _a)
_a = r(12)
P("mikrotik", f"/snmp community set [ find default=yes ] name={_a}\n", _a)
_a = hp()
P("mikrotik", f"/radius add address=10.0.0.9 secret={_a} service=login\n", _a, ("service=login",))
_a = hp()
P("mikrotik", f"/interface l2tp-server server set enabled=yes ipsec-secret={_a} use-ipsec=yes\n", _a)
_a = hp()
P("mikrotik", "/system script add name=backup source=\"/tool fetch url=ftp://10.0.0.2/ user=bk "
  f"password={_a} upload=yes\"\n",
  _a)

# --- xml: PAN-OS, pfSense, OPNsense ------------------------------------------------------------------------
_a = md5crypt()
P("xml", f"<users>\n  <entry name=\"admin\">\n    <phash>{_a}</phash>\n  </entry>\n</users>\n", _a)
_a = "$2y$10$" + r(53, CRYPT)
P("xml", f"<user>\n  <name>admin</name>\n  <bcrypt-hash>{_a}</bcrypt-hash>\n</user>\n", _a, ("<name>admin</name>",))
_a = "-AQ==" + r(28, AN + "+/") + "=" + r(24, AN + "+/")
P("xml", f"<ike-gateway><entry name=\"HQ\"><authentication><pre-shared-key><key>{_a}</key></pre-shared-key>"
  "</authentication></entry></ike-gateway>\n", _a)
_a = hp()
P("xml", f"<ipsec>\n  <phase1>\n    <pre-shared-key>{_a}</pre-shared-key>\n  </phase1>\n</ipsec>\n", _a)
_a = hp()
P("xml", f"<openvpn-server>\n  <shared_key>{r(40, AN + '+/')}</shared_key>\n</openvpn-server>\n"
  f"<ldap_bindpw>{_a}</ldap_bindpw>\n",
  _a)
_a = r(24)
P("xml", f"<snmpd>\n  <rocommunity>{_a}</rocommunity>\n  <syslocation>Rack 4</syslocation>\n</snmpd>\n", _a,
  ("<syslocation>Rack 4</syslocation>",))
_a = hp()
P("xml", f"<radius_secret>{_a}</radius_secret>\n", _a)
_a = r(32, "0123456789abcdef")
P("xml", f"<wireless>\n  <wpa>\n    <passphrase>{_a}</passphrase>\n  </wpa>\n</wireless>\n", _a)
_a = hp()
P("xml", f"<user><name>ops</name><password>{_a}</password></user>\n", _a)
_a = "-AQ==" + r(40, AN + "+/")
P("xml", f'<entry name="snmp"><version><v2c><snmp-community-string>{_a}</snmp-community-string></v2c></version>'
  "</entry>\n", _a)

# --- aruba: Aruba, HP ProCurve, Comware -------------------------------------------------------------------
_a = hp()
P("aruba", f"password manager user-name admin plaintext {_a}\n", _a)
_a = r(40, "0123456789ABCDEF")
P("aruba", f"password manager user-name admin sha1 \"{_a}\"\n", _a)
_a = hp()
P("aruba", f"password operator user-name view plaintext {_a}\n", _a)
_a = hp()
P("aruba", f"local-user admin class manage\n password simple {_a}\n", _a, ("class manage",))  # Comware
_a = "$h$6$" + r(16, CRYPT) + "$" + r(86, CRYPT) + "=="
P("aruba", f"local-user ops class manage\n password hash {_a}\n", _a)
_a = hp()
P("aruba", f"radius-server host 10.0.0.4 key \"{_a}\"\n", _a)
_a = hp()
P("aruba", f"snmp-server community \"{_a}\" operator unrestricted\n", _a, ("operator unrestricted",))
_a = hp()
P("aruba", f"wlan ssid-profile \"corp\"\n   wpa-passphrase {_a}\n", _a)
_a = r(60, "0123456789abcdef")
P("aruba", f"mgmt-user admin root {_a}\n", _a, ("mgmt-user admin root",))
_a = hp()
P("aruba", f"user admin group administrators password cipher {_a}\n", _a)

# --- ubnt: UniFi, EdgeOS, VyOS -----------------------------------------------------------------------------
_a = hp()
P("ubnt", f'{{"name": "Corp", "security": "wpapsk", "wpa_mode": "wpa2", "x_passphrase": "{_a}"}}\n', _a,
  ('"wpa_mode": "wpa2"',))
_a = r(32)
P("ubnt", f'"x_shadow": "", "x_mgmt_key": "{r(32, "0123456789abcdef")}", "x_ssh_password": "{_a}"\n', _a)
_a = sha512crypt()
P("ubnt", f"set system login user vyos authentication encrypted-password '{_a}'\n", _a)
_a = hp()
P("ubnt", f"set system login user vyos authentication plaintext-password '{_a}'\n", _a)
_a = hp()
P("ubnt", f"set vpn ipsec site-to-site peer 203.0.113.9 authentication pre-shared-secret '{_a}'\n", _a,
  ("set vpn ipsec site-to-site peer",))
_a = hp()
P("ubnt", f"set interfaces wireless wlan0 security wpa passphrase '{_a}'\n", _a, ("interfaces wireless wlan0",))
_a = hp()
P("ubnt", f"set service snmp community {_a} authorization ro\n", _a)
_a = hp()
P("ubnt", "interfaces {\n    pppoe pppoe0 {\n        authentication {\n            password " + _a
  + "\n            user isp-login\n        }\n    }\n}\n", _a, ("user isp-login",))
_a = hp()
P("ubnt", f"set vpn l2tp remote-access authentication local-users username alice password '{_a}'\n", _a)
_a = hp()
P("ubnt", f"set high-availability vrrp group LAN authentication password '{_a}'\n", _a)

# --- f5: tmsh, bigip.conf ---------------------------------------------------------------------------------
_a = hp()
P("f5", f"tmsh modify auth user admin password {_a}\n", _a, ("tmsh modify auth user admin",))
_a = hp()
P("f5", f"tmsh create auth user ops partition-access add {{ all-partitions {{ role admin }} }} password {_a}\n", _a)
_a = sha512crypt()
P("f5", "auth user admin {\n    description \"Admin User\"\n    encrypted-password " + _a + "\n}\n", _a,
  ('description "Admin User"',))
_a = hp()
P("f5", f"tmsh modify sys snmp communities add {{ c1 {{ community-name {_a} source 10.0.0.0/8 }} }}\n", _a)
_a = hp()
P("f5", "ltm monitor http /Common/app_mon {\n    password " + _a + "\n    username probe\n}\n", _a)
_a = "$M$" + r(2, string.ascii_lowercase) + "$" + r(40, AN + "+/") + "=="
P("f5", "ltm profile client-ssl /Common/cs {\n    passphrase " + _a + "\n}\n", _a)

# --- bmc: IPMI, iDRAC, iLO ---------------------------------------------------------------------------------
for _ in range(2):
    _a = hp()
    P("bmc", f"ipmitool -I lanplus -H 10.10.0.21 -U ADMIN -P {_a} chassis power status\n", _a,
      ("chassis power status",))
_a = hp()
P("bmc", f"ipmitool -I lanplus -H bmc01 -U root -P'{_a}' sol activate\n", _a)
_a = hp()
P("bmc", f"ipmitool user set password 2 {_a}\n", _a, ("ipmitool user set password 2",))
_a = hp()
P("bmc", f"racadm -r 10.10.0.30 -u root -p {_a} getsysinfo\n", _a, ("getsysinfo",))
_a = hp()
P("bmc", f"racadm set iDRAC.Users.2.Password {_a}\n", _a)
_a = hp()
P("bmc", f"racadm config -g cfgUserAdmin -o cfgUserAdminPassword -i 2 {_a}\n", _a)
_a = hp()
P("bmc", f'hponcfg -f - <<EOF\n<RIBCL VERSION="2.0"><LOGIN USER_LOGIN="Administrator" PASSWORD="{_a}">\n'
  "</LOGIN></RIBCL>\nEOF\n", _a)
_a = hp()
P("bmc", f"ilorest login 10.10.0.40 -u Administrator -p {_a}\n", _a)
_a = hp()
P("bmc", f"ipmitool -H 10.10.0.22 -U admin -E sdr list  # IPMI_PASSWORD={_a}\n", _a)
_a = r(8, string.ascii_uppercase + string.digits)
P("bmc", f"iLO 5 default credentials on the pull tag: Administrator / {_a}\n", _a)
_a = hp()
P("bmc", f"Set-HPEiLOUser -Connection $c -LoginName ops -Password '{_a}'\n", _a)

# --- vmw: VMware ----------------------------------------------------------------------------------------------
_a = hp()
P("vmw", f"esxcli system account add --id=ops --password='{_a}' --password-confirmation='{_a}'\n", _a)
_a = hp()
P("vmw", f"esxcli system account set -i root -p {_a} -c {_a}\n", _a)
_a = hp()
P("vmw", f"export GOVC_URL=vcenter.lab.local\nexport GOVC_USERNAME=administrator@vsphere.local\n"
  f"export GOVC_PASSWORD='{_a}'\n", _a, ("export GOVC_URL=",))
_a = hp()
P("vmw", f"govc host.add -hostname esx02 -username root -password '{_a}' -noverify\n", _a)
_a = hp()
P("vmw", f"Connect-VIServer -Server vc01 -User administrator@vsphere.local -Password '{_a}'\n", _a)
_a = hp()
P("vmw", f"ovftool --noSSLVerify vm.ova 'vi://root:{_a}@esx01/'\n", _a)
_a = hp()
P("vmw", f"vmkfstools is fine; for the migration use: vicfg-hostops --server esx03 --username root --password {_a}\n",
  _a)

# --- backup: restic, borg, duplicity, rclone ------------------------------------------------------------------
_a = hp()
P("backup", f"export RESTIC_REPOSITORY=s3:s3.amazonaws.com/bk\nexport RESTIC_PASSWORD={_a}\nrestic snapshots\n", _a,
  ("restic snapshots",))
_a = hp()
P("backup", f"RESTIC_PASSWORD='{_a}' restic -r /srv/restic backup /home\n", _a)
_a = hp()
P("backup", f"export BORG_PASSPHRASE='{_a}'\nborg create ::'{{hostname}}-{{now}}' /etc\n", _a)
_a = hp()
P("backup", f"BORG_PASSPHRASE={_a} borg list ssh://bk@nas/./repo\n", _a)
_a = hp()
P("backup", f"PASSPHRASE='{_a}' duplicity /home sftp://bk@nas//bk\n", _a)
_a = hp()
P("backup", f"export PASSPHRASE={_a}\nexport FTP_PASSWORD={hp()}\nduplicity full /srv file:///mnt/bk\n", _a)
_a = r(40, AN + "-_")
P("backup", f"[nas]\ntype = sftp\nhost = nas.lan\nuser = bk\npass = {_a}\n", _a, ("type = sftp",))
_a = hp()
P("backup", f"restic -r sftp:bk@nas:/bk --password-command 'echo {_a}' check\n", _a)
_a = hp()
P("backup", f"# Synology Hyper Backup encryption key password: {_a}\n", _a)
_a = hp()
P("backup", "veeamconfig repository create --name nas --location //nas/bk --type smb --username bk "
  f"--password {_a}\n", _a)

_a = hp()
P("backup", f"restic -r /srv/restic --password-file=<(echo {_a}) snapshots\n", _a, ("snapshots",))
_a = hp()
P("backup", f"borg list --password-file <(echo '{_a}') ::\n", _a)

# --- mon: Zabbix, Nagios, SNMP tools --------------------------------------------------------------------------
_a = hp()
P("mon", f"### Option: DBPassword\n#\tDatabase password.\nDBPassword={_a}\n", _a, ("### Option: DBPassword",))
_a = hp()
P("mon", f"DBUser=zabbix\nDBPassword={_a}\nDBSocket=/var/run/mysqld/mysqld.sock\n", _a, ("DBUser=zabbix",))
_a = hp()
P("mon", f"# Sets $USER1$ to be the path to the plugins\n$USER1$=/usr/lib/nagios/plugins\n$USER3$={_a}\n", _a,
  ("$USER1$=/usr/lib/nagios/plugins",))
_a = hp()
P("mon", f"define command {{\n    command_name check_mysql_db\n    command_line $USER1$/check_mysql -H $HOSTADDRESS$ "
  f"-u nagios -p {_a}\n}}\n", _a, ("command_name check_mysql_db",))
_a = hp()
P("mon", f"snmpwalk -v3 -l authPriv -u nms -a SHA -A '{_a}' -x AES -X '{hp()}' 10.0.0.1\n", _a)
_a = r(12)
P("mon", f"snmpwalk -v2c -c {_a} 10.0.0.1 system\n", _a, ("snmpwalk -v2c -c",))
_a = hp()
P("mon", f"TLSPSKIdentity=PSK001\nTLSPSKFile=/etc/zabbix/psk\n# psk: {r(64, '0123456789abcdef')}\nHTTPProxy=http://u:{_a}@p:3128\n",
  _a)
_a = hp()
P("mon", f"[[inputs.snmp]]\n  agents = [\"udp://10.0.0.1:161\"]\n  version = 3\n  sec_name = \"nms\"\n"
  f"  auth_protocol = \"SHA\"\n  auth_password = \"{_a}\"\n", _a, ('auth_protocol = "SHA"',))
_a = r(16)
P("mon", f"snmp:\n  community: {_a}\n  version: 2c\n", _a, ("version: 2c",))
_a = hp()
P("mon", "modules:\n  if_mib_v3:\n    auth:\n      security_level: authPriv\n      username: nms\n"
  f"      password: {_a}\n"
  f"      priv_password: {hp()}\n", _a)

# --- ldap: LDAP and AD tool lines -------------------------------------------------------------------------
_a = hp()
P("ldap", f"ldapsearch -x -H ldap://dc01 -D 'cn=svc,dc=corp,dc=lan' -w '{_a}' -b 'dc=corp,dc=lan' '(uid=*)'\n", _a,
  ("(uid=*)",))
_a = hp()
P("ldap", f"ldappasswd -x -D cn=admin,dc=corp,dc=lan -w {_a} -s {hp()} uid=bob,ou=people,dc=corp,dc=lan\n", _a)
_a = hp()
P("ldap", f"rootdn \"cn=admin,dc=corp,dc=lan\"\nrootpw {_a}\n", _a)
_a = "{SSHA}" + r(32, AN + "+/")
P("ldap", f"olcRootPW: {_a}\n", _a)
_a = hp()
P("ldap", f"bindpw {_a}\nbinddn cn=nslcd,dc=corp,dc=lan\n", _a, ("binddn cn=nslcd,dc=corp,dc=lan",))
_a = hp()
P("ldap", f"ldap_default_authtok = {_a}\nldap_default_authtok_type = password\n", _a)
_a = hp()
P("ldap", f"Set-ADAccountPassword -Identity svc -NewPassword (ConvertTo-SecureString '{_a}' -AsPlainText -Force)\n", _a)
_a = hp()
P("ldap", f"realm join corp.lan -U Administrator --one-time-password={_a}\n", _a)
_a = hp()
P("ldap", f"samba-tool user setpassword bob --newpassword='{_a}'\n", _a)
_a = hp()
P("ldap", f"ldapmodify -x -D cn=admin -w {_a} -f change.ldif\n", _a)

# --- iot: printers, cameras, IoT admin notes --------------------------------------------------------------
_a = hp()
P("iot", f"Printer HP M507 (3rd floor) web admin: http://10.2.0.15 admin password {_a}\n", _a)
_a = hp()
P("iot", f"Hikvision NVR\n- URL: https://10.2.0.50\n- user: admin\n- password: {_a}\n", _a, ("- user: admin",))
_a = hp()
P("iot", f"rtsp://admin:{_a}@10.2.0.51:554/Streaming/Channels/101\n", _a)
_a = hp()
P("iot", f"Axis camera root pw {_a} (changed on install)\n", _a)
_a = hp()
P("iot", f"UPS network card (APC AP9641): apc / {_a}\n", _a)
_a = hp()
P("iot", f"| Device | IP | User | Password |\n|---|---|---|---|\n| Synology DS920+ | 10.2.0.5 | admin | {_a} |\n", _a)
_a = hp()
P("iot", f"mosquitto_passwd -b /etc/mosquitto/passwd sensor1 {_a}\n", _a)
_a = hp()
P("iot", f"esphome:\n  name: garage\nwifi:\n  ssid: IoT\n  password: \"{_a}\"\nota:\n  password: \"{hp()}\"\n", _a)
_a = hp().replace("@", ".").replace("#", ".").replace("!", ".")
P("iot", f"Printer SMTP relay: scan@corp.example / app password {_a}\n", _a)
_a = r(8, string.digits)
P("iot", f"Door controller admin PIN: {_a}\n", _a)

# --- ctl: the same words, no secret -------------------------------------------------------------------------
C("service password-encryption\nno service pad\nservice timestamps log datetime msec\n", "service password-encryption",
  "service timestamps log datetime msec")
C("password-policy min-length 12\npassword-policy upper-case 1\n", "password-policy min-length 12")
C("snmp-server location Rack 4, Row B\nsnmp-server contact noc\nsnmp-server enable traps\n",
  "snmp-server location Rack 4, Row B", "snmp-server enable traps")
C("key chain OSPF-KEYS\n key 1\n  cryptographic-algorithm hmac-sha-256\n", "key chain OSPF-KEYS",
  "cryptographic-algorithm hmac-sha-256")
C("interface GigabitEthernet1/0/24\n description Uplink to core\n switchport mode trunk\n"
  " switchport trunk allowed vlan 10,20,30\n", "interface GigabitEthernet1/0/24",
  "switchport trunk allowed vlan 10,20,30")
C("vlan 120\n name USERS\nvlan 130\n name VOICE\n", "vlan 120", "name USERS")
C("access-list 101 permit tcp 10.0.0.0 0.0.0.255 any eq 443\nip access-list extended MGMT\n"
  " permit ip 10.9.0.0 0.0.255.255 any\n", "access-list 101 permit tcp", "any eq 443",
  "ip access-list extended MGMT")
C("ip route 0.0.0.0 0.0.0.0 203.0.113.1\nip default-gateway 10.0.0.1\n", "ip route 0.0.0.0 0.0.0.0",
  "ip default-gateway")
C("show mac address-table\n  10    00a0.c914.c829    DYNAMIC     Gi1/0/3\n", "00a0.c914.c829", "Gi1/0/3")
C("Processor board ID FOC1932X0AB\nSystem serial number: FOC1932X0AB\n", "FOC1932X0AB")
C("Junos obfuscates secrets with the $9$ scheme; it is reversible, so treat it like plain text.\n",
  "with the $9$ scheme")
C("aaa new-model\naaa authentication login default group tacacs+ local\naaa authorization exec default group tacacs+\n",
  "aaa authentication login default group tacacs+ local")
C("username admin privilege 15 secret 9 <REDACTED>\n", "username admin privilege 15")
C("enable secret <your-secret>\n", "enable secret <your-secret>")
C("snmp-server user monitor NMS-GROUP v3 auth sha <AUTHPASS> priv aes 128 <PRIVPASS>\n", "<AUTHPASS>", "<PRIVPASS>")
C("crypto isakmp policy 10\n encr aes 256\n hash sha256\n authentication pre-share\n group 14\n",
  "authentication pre-share", "hash sha256")
C("set system login password minimum-length 12\nset system login password format sha512\n",
  "set system login password minimum-length 12", "format sha512")
C("set system services ssh root-login deny\nset system time-zone Europe/Berlin\n", "root-login deny")
C("config system global\n    set admin-lockout-threshold 3\n    set admintimeout 15\nend\n", "set admintimeout 15")
C("config system password-policy\n    set status enable\n    set minimum-length 12\nend\n", "set minimum-length 12")
C("/ip address add address=192.168.88.1/24 interface=bridge\n/ip dhcp-server network add gateway=192.168.88.1\n",
  "/ip address add address=", "interface=bridge")
C("/interface wireless security-profiles add authentication-types=wpa2-psk mode=dynamic-keys name=corp\n",
  "authentication-types=wpa2-psk")
C("<system>\n  <hostname>fw01</hostname>\n  <timezone>Europe/Amsterdam</timezone>\n</system>\n",
  "<hostname>fw01</hostname>")
C("<pre-shared-key></pre-shared-key>\n<password></password>\n", "<pre-shared-key></pre-shared-key>")
C("password manager user-name admin\npassword manager\n", "password manager user-name admin")
C("set system login user vyos authentication public-keys ops@lap type ssh-ed25519\n", "type ssh-ed25519")
C("tmsh list auth user admin\ntmsh save sys config\n", "tmsh list auth user admin")
C("ipmitool -I lanplus -H 10.10.0.21 -U ADMIN -E chassis status\n", "-U ADMIN -E chassis status")
C("racadm getconfig -g cfgUserAdmin -i 2\nracadm racreset\n", "racadm getconfig -g cfgUserAdmin -i 2")
C("esxcli network ip interface ipv4 get\nesxcli system account list\n", "esxcli system account list")
C("export RESTIC_REPOSITORY=/srv/restic\nexport RESTIC_PASSWORD_FILE=/root/.restic-pass\n",
  "RESTIC_PASSWORD_FILE=/root/.restic-pass")
C("export BORG_PASSCOMMAND='pass show borg'\nborg check ::\n", "borg check ::")
C("DBHost=localhost\nDBName=zabbix\nDBUser=zabbix\n# DBPassword=\n", "DBName=zabbix", "# DBPassword=")
C("$USER1$/check_ping -H $HOSTADDRESS$ -w 100.0,20% -c 500.0,60%\n", "$USER1$/check_ping -H $HOSTADDRESS$")
C("ldapsearch -x -H ldap://dc01 -b 'dc=corp,dc=lan' '(objectClass=user)' -W\n", "'(objectClass=user)' -W")
C("Printer HP M507 (3rd floor): http://10.2.0.15, serial CNB3K12345, MAC 3c:52:82:1a:2b:3c\n", "CNB3K12345",
  "3c:52:82:1a:2b:3c")
C("The camera's default password must be changed at first login.\n", "default password must be changed")
C("spanning-tree mode rapid-pvst\nspanning-tree portfast default\n", "spanning-tree mode rapid-pvst")
C("NX-OS: feature tacacs+\ntacacs-server host 10.0.0.5\ntacacs-server directed-request\n",
  "tacacs-server directed-request")
C("radius-server dead-criteria time 5 tries 3\nradius-server deadtime 10\n", "radius-server deadtime 10")
C("snmp-server group NMS-GROUP v3 priv read NMS-VIEW\nsnmp-server view NMS-VIEW iso included\n",
  "snmp-server group NMS-GROUP v3 priv read NMS-VIEW")
C("ntp authenticate\nntp trusted-key 1\nntp server 10.0.0.1 key 1\n", "ntp trusted-key 1", " key 1\n")
C("Cisco IOS Software, C2960X Software (C2960X-UNIVERSALK9-M), Version 15.2(7)E4\n", "Version 15.2(7)E4",
  "C2960X-UNIVERSALK9-M")
C("Last configuration change at 10:42:13 UTC Tue Dec 1 2026 by admin\n", "10:42:13 UTC Tue Dec 1 2026")
C("crypto key generate rsa modulus 2048\nip ssh version 2\n", "crypto key generate rsa modulus 2048")

SECRET_ROWS = [row for row in ROWS if row[0] != "ctl" and row[2]]
CONTROL_ROWS = [row for row in ROWS if row[3]]

#: Leaks found and not fixed this round: a fragment of the row's text -> (why, the modes it leaks in).
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {
    "on the pull tag": ("a prose user / password pair whose password is upper case and digits only",
                        ("balanced",)),
}
# (Round 14 fixed ``app password V`` in prose: a bare value after a password noun that can only be a password.)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(SECRET_ROWS))
def test_a_device_config_secret_never_comes_out_raw(mode, family, text, secrets, controls):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(CONTROL_ROWS))
def test_a_device_config_control_survives_verbatim(mode, family, text, secrets, controls):
    out = redact_text(mode, text)
    # strict mode also hides upper-case names (NMS-GROUP, MGMT) as entities: that is its promise, so there
    # the control texts only must not hold a secret placeholder; balanced mode keeps them verbatim
    lost = [c for c in controls if c not in out] if mode == "balanced" else []
    assert not lost, f"family {family} over-redacts in {mode}: {lost}"
    if family == "ctl":
        assert "[SECRET_" not in out, f"a control text gets a secret placeholder in {mode}"


def test_the_device_table_covers_every_family_with_enough_rows():
    families = {row[0] for row in ROWS}
    assert {"cisco", "junos", "forti", "mikrotik", "xml", "aruba", "ubnt", "f5", "bmc", "vmw", "backup", "mon",
            "ldap", "iot", "ctl"} <= families
    assert len(SECRET_ROWS) >= 120
    assert sum(1 for row in ROWS if row[0] == "ctl") >= 40


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", [
    "password reset\n", "enable password 7\n", "username admin password <PASSWORD>\n", "ntp server 10.0.0.1 key 1\n",
    "The password 8 characters long rule is gone.\n", "enable secret 9 $9$\n", "  password\n",
    "username admin privilege 15 password 7 <REDACTED>\n", "reset PASSWORD hint\n", "cracked: none yet\n",
])
def test_device_password_keywords_without_a_value_stay_readable(mode, text):
    assert "[SECRET_" not in redact_text(mode, text)
