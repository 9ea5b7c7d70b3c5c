"""The table of command-line tools whose arguments carry a secret (read by :mod:`redaction.secret_cli`).

One :class:`CliTool` row per command (or command and sub-command words) and the flags, positions or
Windows-style switches that hold its secret; :data:`GENERIC_FLAGS` are the long flags that carry a secret
after any command. The grammar that reads the rows, and what each field means, is described in
:mod:`redaction.secret_cli`.

Imports: nothing from the package.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CliTool:
    """One command and where its secret argument is."""

    command: str  # the command word, or two words ("docker login", "aws configure set")
    flags: tuple[str, ...] = ()
    positional: int = 0  # 1-based index of the secret among the non-flag arguments; 0: none
    userinfo: tuple[str, ...] = ()  # flags whose value is user:password
    after: str = ""  # the secret follows this literal argument (aws configure set KEY VALUE)
    after_prefix: bool = False  # ``after`` is a prefix of that argument (net use ... /user:<user> PASS)
    trigger: str = ""  # a short-flag letter the secret needs (htpasswd -b): lines are found by the flag scan
    gated: bool = False  # flags too common to scan for (-t, -b, -N): lines are found by the command's words
    separators: str = ":%"  # what splits user and password in a ``userinfo`` value (lftp: ``user,password``)
    slash: tuple[str, ...] = ()  # Windows-style flags (lower-case): ``/p:`` glues the value, ``/rp`` spaces it
    named: str = ""  # the flag whose value names the setting: a secret only when that name scores (reg /v X /d V)
    adjacent: bool = False  # the positionals up to the secret stand side by side (isql DSN USER PASS, not -S H -U U)
    glued: tuple[str, ...] = ()  # three-character flags whose value is glued to them (rar -hpSECRET)
    keyed: bool = False  # the positional before the secret names it and must score as a secret's (setx NAME V)
    valued: tuple[str, ...] = ()  # flags whose value is neither the secret nor a positional (--host URL)
    pair: tuple[str, ...] = ()  # flags followed by USER then the secret (sapcontrol -user USER PASS)
    switches: bool = False  # words led by ``/`` are switches, not positionals (net user NAME /domain)
    target: bool = False  # the positional is ``[DOMAIN/]USER:PASS@HOST``: only PASS goes (impacket)
    shaped: bool = False  # the command words can be prose: a lower-case word alone is no secret
    whole: bool = False  # single-dash words are whole flags (openssl -key, -in): no glued ``-kVALUE``
    refs: tuple[str, ...] = ()  # value prefixes that say where the secret is kept (openssl env:VAR, file:PATH)


CLI_TOOLS: tuple[CliTool, ...] = (
    CliTool("sshpass", flags=("-p",)),
    CliTool("redis-cli", flags=("-a", "--pass")),
    CliTool("mysql", flags=("-p", "--password")),
    CliTool("mysqldump", flags=("-p", "--password")),
    CliTool("mysqladmin", flags=("-p", "--password")),
    CliTool("mariadb", flags=("-p", "--password")),
    CliTool("mongo", flags=("-p", "--password")),
    CliTool("mongosh", flags=("-p", "--password")),
    CliTool("mongodump", flags=("-p", "--password")),
    CliTool("docker login", flags=("-p", "--password")),
    CliTool("podman login", flags=("-p", "--password")),
    CliTool("skopeo", userinfo=("--src-creds", "--dest-creds", "--creds")),
    CliTool("buildah", userinfo=("--creds",)),
    CliTool("helm registry login", flags=("-p", "--password")),
    CliTool("helm repo add", flags=("--password",)),
    CliTool("oras login", flags=("-p", "--password")),
    CliTool("az login", flags=("-p", "--password")),
    CliTool("az acr login", flags=("-p", "--password")),
    CliTool("cf login", flags=("-p",)),
    CliTool("oc login", flags=("-p", "--password", "--token")),
    CliTool("smbclient", userinfo=("-U", "--user")),
    CliTool("curl", userinfo=("-u", "--user", "--proxy-user", "-U")),
    CliTool("lftp", userinfo=("-u", "--user"), separators=","),
    CliTool("open", userinfo=("-u",), separators=","),  # lftp's own command: lftp -e 'open -u U,V host'
    CliTool("ncftp", flags=("-p",)),
    CliTool("ncftpput", flags=("-p",)),
    CliTool("ncftpget", flags=("-p",)),
    CliTool("wget", flags=("--password", "--http-password", "--ftp-password", "--proxy-password")),
    CliTool("htpasswd", positional=3, trigger="b"),
    CliTool("vault login", positional=1),
    CliTool("ansible-vault encrypt_string", positional=1),
    CliTool("wandb login", positional=1, valued=("--host",)),  # wandb login [--relogin] KEY: 40 hex, no token shape
    CliTool("bw unlock", positional=1, valued=("--passwordenv", "--passwordfile")),  # bw unlock MASTER_PASSWORD
    CliTool("bw login", positional=2),  # bw login EMAIL MASTER_PASSWORD
    CliTool("poetry config", positional=3),  # poetry config http-basic.REPO USER PASS
    CliTool("vault", flags=("-token",)),
    CliTool("gh auth login", flags=("--with-token",)),
    CliTool("aws configure set", after="aws_secret_access_key"),
    CliTool("aws configure set", after="aws_session_token"),
    CliTool("psql", flags=("--password",)),
    CliTool("pg_dump", flags=("--password",)),
    CliTool("sqlcmd", flags=("-P",)),
    CliTool("bcp", flags=("-P",)),
    CliTool("ldapsearch", flags=("-w",)),
    CliTool("ldapmodify", flags=("-w",)),
    CliTool("ldapadd", flags=("-w",)),
    CliTool("ldapdelete", flags=("-w",)),
    CliTool("openssl", flags=("-passin", "-passout", "-pass", "-k"), whole=True,
            refs=("env:", "file:", "fd:", "stdin")),  # -passin pass:V is the literal; env:/file:/fd:/stdin name it
    CliTool("zip", flags=("-P", "--password")),
    CliTool("7z", flags=("-p",)),
    CliTool("unzip", flags=("-P",)),
    CliTool("rar", flags=("-p",), glued=("-hp",)),  # -hp also encrypts the file names
    CliTool("keytool", flags=("-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-srckeypass",
                               "-destkeypass", "-new")),  # -new: the new password of -storepasswd/-keypasswd
    CliTool("jarsigner", flags=("-storepass", "-keypass")),
    # monitoring agents enrolled with a shared password or a ticket (Wazuh agent-auth, Icinga 2 CSR auto-signing)
    CliTool("agent-auth", flags=("-P",)),
    CliTool("icinga2 pki request", flags=("--ticket",)),
    CliTool("icinga2 node setup", flags=("--ticket",)),
    CliTool("rdesktop", flags=("-p",)),
    CliTool("xfreerdp", slash=("/p:", "/gp:", "/pth:"), gated=True),  # FreeRDP: /u:USER /p:PASS /v:HOST
    CliTool("wlfreerdp", slash=("/p:", "/gp:", "/pth:"), gated=True),
    CliTool("wfreerdp", slash=("/p:", "/gp:", "/pth:"), gated=True),
    CliTool("sdl-freerdp", slash=("/p:", "/gp:", "/pth:"), gated=True),
    CliTool("cmdkey", slash=("/pass:",), gated=True),
    CliTool("schtasks", slash=("/rp", "/p"), gated=True),  # /ru USER /rp PASS, /u USER /p PASS
    CliTool("wmic", slash=("/password:",), gated=True),
    CliTool("netdom", slash=("/passwordd:", "/passwordo:"), gated=True),
    CliTool("winrs", slash=("-p:", "/p:", "-password:", "/password:"), gated=True),
    CliTool("dsadd", flags=("-pwd",), gated=True),
    CliTool("dsmod", flags=("-pwd",), gated=True),
    CliTool("rasdial", positional=3),  # rasdial ENTRY USER PASS
    CliTool("vmrun", flags=("-gp", "-vp"), gated=True),
    CliTool("tscon", slash=("/password:",), gated=True),
    CliTool("reg add", slash=("/d",), named="/v", gated=True),  # ...\Winlogon /v DefaultPassword /d PASS
    CliTool("dsquery", flags=("-p",)),
    CliTool("dsget", flags=("-p",)),
    CliTool("net use", after="/user:", after_prefix=True),  # net use Z: <share> /user:<domain-user> PASS
    CliTool("net use", after="\\\\", after_prefix=True),  # net use <share> PASS /user:<domain-user>
    CliTool("net use", after="/u:", after_prefix=True),  # the short form of /user:
    CliTool("net user", positional=2, switches=True),  # net user NAME PASS /add
    CliTool("ssh-keygen", flags=("-N", "-P"), gated=True),
    CliTool("http", userinfo=("-a", "--auth")),  # HTTPie
    CliTool("https", userinfo=("-a", "--auth")),
    CliTool("mosquitto_pub", flags=("-P", "--pw"), gated=True),
    CliTool("mosquitto_sub", flags=("-P", "--pw"), gated=True),
    CliTool("rabbitmqctl add_user", positional=2),
    CliTool("rabbitmqctl change_password", positional=2),
    CliTool("rabbitmqadmin", flags=("-p", "--password")),
    CliTool("mc alias set", positional=4),  # mc alias set ALIAS URL ACCESS_KEY SECRET_KEY
    CliTool("mc config host add", positional=4),
    CliTool("ipmitool", flags=("-P",)),
    CliTool("ipmitool user set password", positional=2),  # ipmitool user set password ID PASS
    CliTool("racadm", flags=("-p",)),  # racadm -r H -u U -p PASS
    CliTool("racadm set", positional=2, keyed=True),  # racadm set iDRAC.Users.2.Password PASS (round 13)
    # Pacemaker's node authentication, FreeRADIUS's test client: radtest USER PASS SERVER PORT SECRET (round 13)
    CliTool("pcs host auth", flags=("-p", "--password")),
    CliTool("pcs cluster auth", flags=("-p", "--password")),
    CliTool("radtest", positional=2, valued=("-t", "-d", "-P")),
    CliTool("radtest", positional=5, valued=("-t", "-d", "-P")),
    # esxcli system account add|set -i U -p PASS -c PASS
    CliTool("esxcli", flags=("-p", "--password", "-c", "--password-confirmation")),
    CliTool("ldappasswd", flags=("-w", "-s", "-a")),
    # Nagios/Icinga plugins in command definitions ($USER1$/check_mysql ... -p PASS)
    CliTool("check_mysql", flags=("-p", "--password")),
    CliTool("check_mysql_health", flags=("--password",)),
    CliTool("check_pgsql", flags=("-p", "--password")),
    CliTool("check_ldap", flags=("-P", "--pass")),
    CliTool("check_http", userinfo=("-a", "--authorization", "-b", "--proxy-authorization")),
    CliTool("check_snmp", flags=("-C", "--community", "-A", "--authpasswd", "-X", "--privpasswd"),
            gated=True),  # bind password, new password, old password
    CliTool("mosquitto_passwd", positional=3, trigger="b"),  # mosquitto_passwd -b FILE USER PASS
    # net-snmp: -c is the v1/v2c community, -A/-X the v3 auth and privacy passphrases
    *(CliTool(t, flags=("-c", "-A", "-X"), gated=True) for t in ("snmpwalk", "snmpget", "snmpbulkwalk", "snmpset",
                                                                "snmptrap", "snmptable", "snmpbulkget")),
    CliTool("plink", flags=("-pw",)),
    CliTool("pscp", flags=("-pw",)),
    CliTool("psexec", flags=("-p",)),
    CliTool("paexec", flags=("-p",)),
    CliTool("psftp", flags=("-pw",)),
    CliTool("rpcclient", userinfo=("-U", "--user"), separators="%"),
    CliTool("smbmap", flags=("-p",)),
    CliTool("crackmapexec", flags=("-p",)),
    CliTool("netexec", flags=("-p",)),
    CliTool("nxc", flags=("-p",)),
    CliTool("evil-winrm", flags=("-p", "--password")),
    CliTool("cqlsh", flags=("-p", "--password")),
    CliTool("vsql", flags=("-w", "--password")),
    CliTool("hdbsql", flags=("-p",)),
    CliTool("isql", flags=("-P",)),  # Sybase/SAP isql -U USER -P PASS
    CliTool("isql", positional=3, adjacent=True),  # unixODBC isql DSN USER PASS
    CliTool("osql", flags=("-P",)),
    CliTool("influx", flags=("-password", "--password", "-p", "-t", "--token"), gated=True),  # 2.x setup -p
    CliTool("useradd", flags=("-p", "--password")),
    CliTool("usermod", flags=("-p", "--password")),
    CliTool("drush user:password", positional=2),  # drush user:password NAME PASS
    CliTool("drush upwd", positional=2),
    CliTool("wp", flags=("--user_pass",)),  # wp user create/update ... --user_pass=PASS
    # round 7 (r7-web): web applications' admin CLIs that set a named setting or reset an admin password
    CliTool("wp config set", positional=2, keyed=True),  # wp config set DB_PASSWORD VALUE
    CliTool("wp option update", positional=2, keyed=True),  # wp option update smtp_password VALUE
    CliTool("grafana-cli admin reset-admin-password", positional=1),
    CliTool("grafana cli admin reset-admin-password", positional=1),
    CliTool("hydra", flags=("-p",)),  # one password to try (-P is a word list file)
    CliTool("medusa", flags=("-p",)),
    CliTool("aria2c", flags=("--http-passwd", "--ftp-passwd"), gated=True),
    CliTool("gh secret set", flags=("-b", "--body"), gated=True),
    CliTool("az keyvault secret set", flags=("--value",), gated=True),
    CliTool("security add-generic-password", flags=("-w",)),
    # macOS keychains: import a .p12 (-P), unlock/create (-p), change (-o OLD -p NEW), partition list (-k)
    CliTool("security import", flags=("-P",)),
    CliTool("security unlock-keychain", flags=("-p",)),
    CliTool("security create-keychain", flags=("-p",)),
    CliTool("security set-keychain-password", flags=("-o", "-p"), gated=True),  # -o: too common to scan for
    CliTool("security set-key-partition-list", flags=("-k",)),
    CliTool("xcrun altool", flags=("-p", "--password")),
    CliTool("xcrun notarytool", flags=("-p", "--password")),
    # code signing and certificate stores (Windows signtool/certutil, NSS pk12util, osslsigncode)
    CliTool("signtool", slash=("/p",), gated=True),  # signtool sign /f cert.pfx /p PASS
    CliTool("certutil", flags=("-p",)),  # certutil -p PASS -importpfx
    CliTool("pk12util", flags=("-W", "-K")),  # -W the .p12 file's password, -K the NSS database's
    CliTool("osslsigncode", flags=("-pass",)),
    # package feeds (NuGet, dotnet) and .NET user secrets
    CliTool("nuget push", flags=("-ApiKey", "-apikey", "-k")),
    CliTool("nuget delete", flags=("-ApiKey", "-apikey")),
    CliTool("nuget setapikey", positional=1),
    CliTool("dotnet nuget push", flags=("-k", "--api-key")),
    CliTool("dotnet nuget delete", flags=("-k", "--api-key")),
    CliTool("dotnet nuget add source", flags=("-p", "--password")),
    CliTool("dotnet nuget update source", flags=("-p", "--password")),
    CliTool("dotnet user-secrets set", positional=2, keyed=True),  # set "Db:Password" VALUE
    CliTool("setx", positional=2, keyed=True, gated=True),  # setx DB_PASSWORD VALUE /M
    CliTool("set-item", flags=("-Value", "-value"), named="-path", gated=True),  # Set-Item -Path Env:X -Value V
    CliTool("new-item", flags=("-Value", "-value"), named="-path", gated=True),
    CliTool("set-content", flags=("-Value", "-value"), named="-path", gated=True),
    CliTool("twine", flags=("-p", "--password")),  # twine upload -u __token__ -p pypi-...
    CliTool("security add-internet-password", flags=("-w",)),
    CliTool("nuget sources add", flags=("-Password", "-password"), gated=True),
    CliTool("jenkins-cli.jar", userinfo=("-auth",), gated=True),
    CliTool("nmcli", after="password"),  # nmcli dev wifi connect SSID password PASS
    # nmcli con add|modify NAME PROPERTY VALUE: the secret properties of a connection
    *(CliTool("nmcli", after=p) for p in (
        "wifi-sec.psk", "802-11-wireless-security.psk", "wifi-sec.wep-key0", "wifi-sec.wep-key1",
        "802-11-wireless-security.wep-key0", "wifi-sec.leap-password", "802-1x.password", "802-1x.identity-password",
        "802-1x.private-key-password", "802-1x.phase2-private-key-password", "gsm.password", "gsm.pin",
        "pppoe.password", "vpn.secrets", "+vpn.secrets", "wireguard.private-key")),
    CliTool("x11vnc", flags=("-passwd", "-viewpasswd", "-storepasswd")),  # x11vnc -storepasswd PASS FILE
    CliTool("wpa_cli", after="psk"),  # wpa_cli set_network 0 psk '"PASS"'
    CliTool("wpa_cli", after="password"),
    CliTool("wpa_cli", after="wep_key0"),
    CliTool("wpa_cli", after="sae_password"),
    CliTool("wpa_passphrase", positional=2),  # wpa_passphrase SSID PASSPHRASE
    CliTool("db2", after="using"),  # db2 connect to DB user U using PASS
    # database, storage and backup tools (hold-out round 7, r7-data)
    CliTool("keydb-cli", flags=("-a", "--pass")),
    CliTool("valkey-cli", flags=("-a", "--pass")),
    CliTool("redis-sentinel", flags=("-a", "--pass")),
    CliTool("cypher-shell", flags=("-p", "--password")),
    CliTool("neo4j-admin dbms set-initial-password", positional=1),  # Neo4j 5
    CliTool("neo4j-admin set-initial-password", positional=1),  # Neo4j 4
    CliTool("mongorestore", flags=("-p", "--password")),
    CliTool("mongoexport", flags=("-p", "--password")),
    CliTool("mongoimport", flags=("-p", "--password")),
    CliTool("mongostat", flags=("-p", "--password")),
    CliTool("mongotop", flags=("-p", "--password")),
    CliTool("arangosh", flags=("--server.password",)),
    CliTool("arangodump", flags=("--server.password",)),
    CliTool("arangorestore", flags=("--server.password",)),
    CliTool("clickhouse-client", flags=("--password",)),
    CliTool("clickhouse", flags=("--password",)),  # clickhouse client --password V
    CliTool("mc admin user add", positional=3),  # mc admin user add ALIAS ACCESS_KEY SECRET_KEY
    CliTool("mc admin user svcacct add", flags=("--secret-key",)),
    CliTool("swift", flags=("-K", "--key", "--os-password"), gated=True),  # swift -A URL -U acct:user -K KEY
    CliTool("rclone obscure", positional=1),  # rclone obscure PLAINTEXT prints the rclone.conf form
    CliTool("rclone config create", flags=("--pass",)),
    CliTool("mkstore", positional=3, valued=("-wrl",)),  # mkstore -wrl W -createCredential ALIAS USER PASS
    CliTool("orapki", flags=("-pwd",)),
    CliTool("nodetool", flags=("-pw", "--password")),
    CliTool("dsbulk", flags=("-p", "--password")),
    CliTool("trino", flags=("--password",)),
    CliTool("snowsql", flags=("-p", "--password")),
    CliTool("sqlpackage", slash=("/sourcepassword:", "/targetpassword:", "/sp:", "/tp:"), gated=True),
    CliTool("invoke-sqlcmd", flags=("-Password", "-password")),
    CliTool("mysqlsh", flags=("-p", "--password")),
    CliTool("mysqlimport", flags=("-p", "--password")),
    CliTool("mysqlpump", flags=("-p", "--password")),
    CliTool("mydumper", flags=("-p", "--password")),
    CliTool("myloader", flags=("-p", "--password")),
    CliTool("pt-table-checksum", flags=("-p", "--password")),
    CliTool("pt-online-schema-change", flags=("-p", "--password")),
    CliTool("xtrabackup", flags=("--password",)),
    CliTool("mariabackup", flags=("-p", "--password")),
    CliTool("influxd", flags=("--password",)),
    CliTool("b2 authorize-account", positional=2),  # b2 authorize-account KEY_ID APPLICATION_KEY
    CliTool("b2 account authorize", positional=2),
    CliTool("smbpasswd", flags=("-w",)),  # smbpasswd -w LDAP_ADMIN_PASSWORD
    CliTool("net ads join", userinfo=("-U",), separators="%"),
    CliTool("net rpc", userinfo=("-U",), separators="%"),
    CliTool("smbcacls", userinfo=("-U",), separators="%"),
    CliTool("smbget", userinfo=("-U", "--user"), separators="%"),
    CliTool("veracrypt", flags=("-p", "--password")),
    # urbackupclientctl set-settings -k internet_authkey -v V: a secret only when -k names one
    CliTool("urbackupclientctl", flags=("-v", "--value"), named="-k", gated=True),
    # home automation and appliances (round 7): MQTT clients, NAS and DNS-filter admin, Matter, Raspberry Pi
    CliTool("mosquitto_rr", flags=("-P", "--pw"), gated=True),
    CliTool("mosquitto_ctrl", flags=("-P", "--pw"), gated=True),  # mosquitto_ctrl -u admin -P PASS dynsec ...
    CliTool("dynsec setclientpassword", positional=2),  # mosquitto_ctrl ... dynsec setClientPassword CLIENT PASS
    CliTool("dynsec createclient", flags=("-p",), gated=True),  # dynsec createClient NAME -p PASS
    CliTool("synouser --setpw", positional=2),  # Synology: synouser --setpw USER PASS
    CliTool("synouser --add", positional=2),  # synouser --add USER PASS "full name" expired mail privilege
    CliTool("pihole -a", flags=("-p",), gated=True),  # Pi-hole v5: pihole -a -p PASS
    CliTool("pihole setpassword", positional=1),  # Pi-hole v6
    CliTool("occ ldap:set-config", after="ldapagentpassword"),  # Nextcloud: occ ldap:set-config s01 KEY V
    CliTool("chip-tool pairing ble-wifi", positional=3),  # chip-tool pairing ble-wifi NODE SSID PASS PIN DISC
    CliTool("raspi-config nonint do_wifi_ssid_passwd", positional=2),  # ... SSID PASS
    CliTool("raspi-config nonint do_wifi_ssid_passphrase", positional=2),  # the function's real name (round 13)
    CliTool("networksetup -setairportnetwork", positional=3),  # macOS: ... DEVICE SSID PASS (round 13)
    CliTool("auth change_password", positional=2),  # hass --script auth change_password USER PASS
    CliTool("hostapd_cli wps_pin", positional=2),  # hostapd_cli wps_pin any|UUID PIN
    # mail, chat and collaboration servers (round 7)
    CliTool("doveadm auth test", positional=2),  # doveadm auth test USER PASS
    CliTool("doveadm auth login", positional=2),
    CliTool("register_new_matrix_user", flags=("-p", "--password")),  # Synapse
    CliTool("prosodyctl register", positional=3),  # prosodyctl register USER HOST PASS
    CliTool("ejabberdctl register", positional=3),  # ejabberdctl register USER HOST PASS
    CliTool("ejabberdctl change_password", positional=3),
    CliTool("ejabberdctl set_password", positional=3),
    CliTool("swaks", flags=("-ap", "--auth-password", "--ap")),  # swaks -au USER -ap PASS
    CliTool("sendemail", flags=("-xp",)),  # sendEmail -xu USER -xp PASS
    CliTool("mmsitepass", positional=1),  # Mailman 2: mmsitepass PASS, newlist LIST OWNER PASS
    CliTool("newlist", positional=3),
    CliTool("zmprov ma", after="userpassword"),  # Zimbra: zmprov ma USER userPassword PASS
    CliTool("zmprov ca", positional=2),  # zmprov ca USER PASS [attr value...]
    CliTool("zmprov sp", positional=2),
    CliTool("occ talk:signaling:add", positional=2),  # Nextcloud Talk: occ talk:signaling:add URL SECRET
    CliTool("murmurd", flags=("-supw",)),  # Mumble: murmurd -supw PASS
    CliTool("mumble-server", flags=("-supw",)),
    CliTool("znc", flags=("--makepass",), gated=True),
    # Windows administration, directory services and enterprise applications (round 8, r8-win)
    CliTool("wmic", after="setpassword"),  # wmic useraccount where name="u" call setpassword "PASS"
    CliTool("ksetup", slash=("/setcomputerpassword", "/changepassword"), gated=True),
    CliTool("kadmin", flags=("-w",)),  # kadmin -p PRINCIPAL -w PASS (-p is the principal)
    CliTool("samba-tool user create", positional=2),  # samba-tool user create NAME PASS
    CliTool("samba-tool user add", positional=2),
    CliTool("hdbuserstore", positional=5, valued=("-u", "-h")),  # hdbuserstore [-i] SET KEY ENV USER PASS
    CliTool("sapcontrol", pair=("-user",)),  # sapcontrol -nr 00 -user sidadm PASS -function F
    CliTool("sapgenpse", flags=("-x", "-z")),  # sapgenpse seclogin -p F.pse -x PIN (-z: the new PIN)
    CliTool("add system user", positional=2, shaped=True),  # Citrix ADC: add|set system user NAME PASS
    CliTool("set system user", positional=2, shaped=True),
    # impacket scripts: secretsdump.py [DOMAIN/]USER[:PASS]@TARGET (also impacket-NAME on Kali)
    *(CliTool(f"{pre}{name}{suf}", positional=1, target=True)
      for name in ("secretsdump", "psexec", "wmiexec", "smbexec", "atexec", "dcomexec", "getuserspns",
                   "getnpusers", "gettgt", "getst", "mssqlclient", "smbclient", "lookupsid", "reg", "services",
                   "rpcdump", "samrdump", "getadusers", "addcomputer", "dacledit", "owneredit", "ntlmrelayx",
                   "changepasswd", "rbcd", "finddelegation")
      for pre, suf in (("", ".py"), ("impacket-", ""))),
    # message brokers and monitoring (round 8, r8-ops)
    CliTool("rabbitmqctl authenticate_user", positional=2),  # rabbitmqctl authenticate_user USER PASS
    CliTool("net-snmp-create-v3-user", flags=("-A", "-X"), gated=True),  # ... -A AUTHPASS -a SHA -X PRIVPASS
    CliTool("net-snmp-config --create-snmpv3-user", flags=("-A", "-X"), gated=True),
    CliTool("artemis user add", flags=("--user-command-password", "--password")),
    CliTool("artemis user reset", flags=("--user-command-password", "--password")),
    CliTool("splunk edit user", flags=("-password",), gated=True),  # splunk edit user U -password NEW -auth U:OLD
    CliTool("grafana-cli admin reset-admin-password", positional=1),
    # blockchain nodes and wallets (round 8): the wallet passphrase is a positional of bitcoin-cli's RPC verbs
    *(CliTool(f"{cli} {verb}", positional=pos)
      for cli in ("bitcoin-cli", "litecoin-cli", "dogecoin-cli", "dash-cli", "zcash-cli", "bitcoin-core.cli")
      for verb, pos in (("walletpassphrase", 1), ("encryptwallet", 1))),
    CliTool("electrum setconfig", after="rpcpassword"),  # electrum setconfig rpcpassword PASS
    CliTool("electrum password", flags=("--new_password", "--password")),
    CliTool("monerod", userinfo=("--rpc-login",)),  # monerod --rpc-login USER:PASS
    CliTool("monero-wallet-rpc", userinfo=("--rpc-login", "--daemon-login")),
    CliTool("monero-wallet-cli", userinfo=("--daemon-login",)),
    CliTool("lightningd", flags=("--bitcoin-rpcpassword",)),
    # round 13: data stores and cluster tools not in the table yet
    CliTool("etcdctl", flags=("--password",), userinfo=("--user",)),  # etcdctl --user root:PASS
    CliTool("couchbase-cli", flags=("-p", "--password")),
    CliTool("cbq", flags=("-p", "--password")),
    CliTool("nats", flags=("--password",)),
    CliTool("consul", flags=("-token",)),
    CliTool("nomad", flags=("-token",)),
    CliTool("redis-benchmark", flags=("-a",)),
    CliTool("memtier_benchmark", flags=("-a", "--authenticate")),
    # round 14: self-hosted proxies and tunnels (microsocks -P, shadowsocks -k, chisel --auth USER:PASS)
    CliTool("microsocks", flags=("-P",)),
    *(CliTool(t, flags=("-k", "--password")) for t in ("ss-server", "ss-local", "ss-redir", "ss-tunnel", "ssserver",
                                                      "sslocal", "ss-manager")),
    CliTool("chisel", userinfo=("--auth",)),
    CliTool("brook", flags=("-p", "--password")),
    # game servers: the Minecraft RCON client (steamcmd +login USER PASS is a row of secret_sysconf)
    CliTool("mcrcon", flags=("-p",)),
)
#: Long flags that carry a secret after any command.
GENERIC_FLAGS: tuple[str, ...] = (
    "--password", "--passwd", "--pass", "--pwd", "--passphrase", "--secret", "--token", "--api-key", "--apikey",
    "--api-token", "--auth-token", "--access-token", "--access-key", "--secret-key", "--secret-access-key",
    "--client-secret", "--requirepass", "--masterauth", "--s3-secret", "--s3-access-key", "--bearer",
    "--db-password", "--admin-password", "--root-password", "--registry-password", "--docker-password",
    "--private-key-password", "--key-password", "--storepass", "--keypass", "--oauth-token",
    "--github-token", "--gitlab-token", "--npm-token", "--session-token", "--webhook-secret", "--hmac-secret",
    "--jwt-secret", "--encryption-key", "--signing-key", "--license-key", "--sas-token", "--connection-string",
)
