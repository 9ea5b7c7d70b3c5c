# ruff: noqa: E501
"""Hold-out probes for secrets in Windows administration, directory-service and enterprise-application files.

Written (round 8, r8-win) before reading the grammars: unattend.xml/autounattend/sysprep.inf and MDT
``CustomSettings.ini``, Group Policy Preferences ``cpassword``, ``.rdp`` files and RDP clients, ``cmdkey``,
``net use``/``net user``, ``runas``, PsExec/PAExec, ``schtasks``, ``sc``, ``wmic``, ``netdom``, ``dsadd``/``dsmod``,
``winrs``, ``ksetup``, Winlogon ``DefaultPassword`` (``reg add``, ``.reg`` files, ``reg query`` output,
PowerShell), VNC registry values, PowerShell (``ConvertTo-SecureString``, ``PSCredential``, ``NetworkCredential``,
AD and local-user cmdlets, DSC, splats, BitLocker), BitLocker recovery keys, IIS ``applicationHost.config`` and
``appcmd``, ``web.config`` (``machineKey``, connection strings, ``appSettings``), WinRM and pywinrm, Ansible for
Windows, LDAP tools, LDIF, SSSD/nslcd, ``adcli``/``realm join``, Samba (``net ads``/``net rpc``, ``smbclient``,
``rpcclient``, ``smbpasswd``, ``samba-tool``, CIFS mounts and credential files), Kerberos (``kinit``, ``ktpass``,
``kadmin``, ``ktutil``, ``klist -K`` keys), ldap3/python-ldap, impacket and CrackMapExec, SAP (``sapnwrfc.ini``,
``hdbsql``, ``hdbuserstore``, PyRFC, ``sapcontrol``, ``sapgenpse``), Salesforce (auth URLs, ``sf org login``,
access tokens, simple-salesforce), ServiceNow, Oracle (``sqlplus``, ``IDENTIFIED BY``, RMAN, Data Pump,
``orapki``, ``mkstore``, ``orapwd``, ``dbca``, JDBC), Citrix (hosting connections, NetScaler), VMware (PowerCLI,
govc, ovftool, esxcli), Microsoft Graph/Azure AD/MSAL client secrets, Exchange, SCCM and SQL Server setup.

Main before the round leaked 17 of the 187 rows in both modes (``wmic ... call setpassword``, ``ksetup
/setcomputerpassword``, nslcd ``rootpwmodpw``, ``tee`` and ``>`` into ``/etc/ldap.secret``, ``adcli
--stdin-password`` and ``realm join`` fed by a pipe, ``(echo V; echo V) | smbpasswd -s``, ``samba-tool user
create NAME PASS``, ``kadmin -w``, impacket ``DOMAIN/USER:PASS@HOST``, ``hdbuserstore SET``, ``sapcontrol -user
U PASS``, ``sapgenpse -x``, NetScaler ``set system user``) and found a secret in 2 of the 61 controls (43 exact, 18 checked for secrets only) in both
(``net user NAME /domain``, ``pwdLastSet: 1334...``). A second batch (14 rows, 10 controls: other impacket
scripts and ``DOMAIN/USER:PASS`` without a host, quoted forms, ``adcli update``, ``add system user``...),
written after the fixes, leaked 2 rows (a ``GetUserSPNs.py`` target with no ``@host`` after a ``-dc-ip``
value; the second quoted answer of the ``smbpasswd`` subshell), since fixed. None leaks now; the last open row,
a literal redirected with ``>`` into a file named for a secret, was closed at the merge (secret_stdin). Host names, URLs, e-mail addresses, GUIDs and
strict's capitalised words in the 20 ``NO_SECRET_CONTROLS`` are other stages' work by design.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

RDP_BLOB = ("01000000D08C9DDF0115D1118C7A00C04FC297EB01000000A3F1C2B47E5D6A4B9C8D7E6F5A4B3C2D"
            "0000000002000000000003660000C000000010000000E4F1A2B3C4D5E6F708192A3B4C5D6E7F")
GPP_CPW = "j1Uyj3Vx8TY9LtLZil2uAuZkFQA/4latT76ZwgdHdhw"
MACHINE_VK = "A5B6C7D8E9F0A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8A9B0C1D2E3F4A5B6C7D8E9F0A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8A9B0"
MACHINE_DK = "F1E2D3C4B5A6978877665544332211FFEEDDCCBBAA998877"

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # -- unattend.xml / autounattend.xml / sysprep --
    ('unattend', '<AdministratorPassword>\n  <Value>Unatt_Adm_Pw_4411</Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>', ('Unatt_Adm_Pw_4411',)),
    ('unattend', '<AutoLogon>\n  <Password>\n    <Value>AutoLog_Pw_7720</Value>\n    <PlainText>true</PlainText>\n  </Password>\n  <Enabled>true</Enabled>\n  <Username>Administrator</Username>\n</AutoLogon>', ('AutoLog_Pw_7720',)),
    ('unattend', '<AdministratorPassword><Value>VQBuAGEAdAB0AFAAdwAxADIAMwBBAGQAbQBpAG4AaQBzAHQAcgBhAHQAbwByAFAAYQBzAHMAdwBvAHIAZAA=</Value><PlainText>false</PlainText></AdministratorPassword>', ('VQBuAGEAdAB0AFAAdwAxADIAMwBBAGQAbQBpAG4AaQBzAHQAcgBhAHQAbwByAFAAYQBzAHMAdwBvAHIAZAA=',)),
    ('unattend', '<LocalAccount wcm:action="add">\n  <Password>\n    <Value>LocalAcct_Pw_3391</Value>\n    <PlainText>true</PlainText>\n  </Password>\n  <Name>svc-deploy</Name>\n  <Group>Administrators</Group>\n</LocalAccount>', ('LocalAcct_Pw_3391',)),
    ('unattend', '<Credentials>\n  <Domain>CORP</Domain>\n  <Password>DomJoin_Pw_5521</Password>\n  <Username>joinacct</Username>\n</Credentials>', ('DomJoin_Pw_5521',)),
    ('unattend', '<Identification>\n  <Credentials><Domain>corp.example</Domain><Password>Ident_Join_8812</Password><Username>djoin</Username></Credentials>\n  <JoinDomain>corp.example</JoinDomain>\n</Identification>', ('Ident_Join_8812',)),
    ('unattend', '<UserAccounts><AdministratorPassword><Value>Sysprep!Adm2024</Value><PlainText>true</PlainText></AdministratorPassword></UserAccounts>', ('Sysprep!Adm2024',)),
    ('unattend', '<DomainAccount wcm:action="add"><Name>deploy</Name><Password><Value>V2luRGVwbG95UGFzc3dvcmQ=</Value><PlainText>false</PlainText></Password></DomainAccount>', ('V2luRGVwbG95UGFzc3dvcmQ=',)),
    ('unattend', '<ProductKey>\n  <Key>NPPR9-FWDCX-D2C8J-H872K-2YT43</Key>\n</ProductKey>', ('NPPR9-FWDCX-D2C8J-H872K-2YT43',)),
    ('sysprep_inf', '[GuiUnattended]\nAdminPassword="SysprepInf_Pw_66"\nOEMSkipRegional=1', ('SysprepInf_Pw_66',)),
    ('sysprep_inf', '[Identification]\nJoinDomain=CORP\nDomainAdmin=joinsvc\nDomainAdminPassword=InfJoin_Pw_723', ('InfJoin_Pw_723',)),
    ('mdt', '[Default]\nUserDomain=CORP\nUserID=mdtsvc\nUserPassword=MdtBoot_Pw_99\nSkipBDDWelcome=YES', ('MdtBoot_Pw_99',)),
    ('mdt', 'DomainAdmin=joiner\nDomainAdminDomain=CORP\nDomainAdminPassword=CsIni_Join_Pw4', ('CsIni_Join_Pw4',)),
    ('mdt', 'AdminPassword=MdtLocalAdm_77', ('MdtLocalAdm_77',)),
    # -- Group Policy Preferences --
    ('gpp', f'<Properties action="U" newName="" fullName="" description="" cpassword="{GPP_CPW}" changeLogon="0" noChange="1" neverExpires="1" acctDisabled="0" userName="Administrator (built-in)"/>', (GPP_CPW,)),
    ('gpp', '<Properties action="C" runAs="CORP\\svc_task" cpassword="RI133B2WlvS0Sk3Z6l5Uh9k4Dhz/oDqBYPF2bhRt/9s" logonType="Password"/>', ('RI133B2WlvS0Sk3Z6l5Uh9k4Dhz/oDqBYPF2bhRt/9s',)),
    ('gpp_log', 'Groups.xml: userName=Administrator cpassword=edBSHOwhZLTjt/QS9FeIcJ83mjWA98gw9guKOhJOdcqh+ZGMeXOsQbCpZ3xUjTLfCuNH8pG5aSVYdYw/NglVmQ', ('edBSHOwhZLTjt/QS9FeIcJ83mjWA98gw9guKOhJOdcqh+ZGMeXOsQbCpZ3xUjTLfCuNH8pG5aSVYdYw/NglVmQ',)),
    ('gpp_decrypt', '$ gpp-decrypt PsmtscOuXqUMW6KQzJR8RWxCuhDGYfdcEjmE6z9w2hc\nGppDecoded_Pw1', ('PsmtscOuXqUMW6KQzJR8RWxCuhDGYfdcEjmE6z9w2hc',)),
    # -- .rdp files and RDP tools --
    ('rdp', f'full address:s:rds01.corp.example\nusername:s:CORP\\jdoe\npassword 51:b:{RDP_BLOB}', (RDP_BLOB,)),
    ('rdp', 'gatewayhostname:s:rdg.corp.example\ngatewaycredentialssource:i:0\nGatewayPassword:s:RdGateway_Pw_41', ('RdGateway_Pw_41',)),
    ('xfreerdp', 'xfreerdp /v:rds01.corp.example /u:CORP\\jdoe /p:FreeRdp_Pw_8812 /cert:ignore', ('FreeRdp_Pw_8812',)),
    ('xfreerdp', 'xfreerdp3 /v:10.20.0.5 /d:CORP /u:admin /p:"Free Rdp Sp@ce 9" +clipboard', ('Free Rdp Sp@ce 9',)),
    ('rdesktop', 'rdesktop -u Administrator -p RDesk_Pw_331 -d CORP rds02', ('RDesk_Pw_331',)),
    ('remmina', '[remmina]\nname=rds01\nprotocol=RDP\nserver=rds01.corp.example\nusername=jdoe\npassword=cmVtbWluYUVuY3J5cHRlZFB3MTIz', ('cmVtbWluYUVuY3J5cHRlZFB3MTIz',)),
    # -- cmdkey / net / runas / psexec / schtasks / sc --
    ('cmdkey', 'cmdkey /add:fileserver01 /user:CORP\\backup /pass:CmdKey_Pw_5512', ('CmdKey_Pw_5512',)),
    ('cmdkey', 'cmdkey /generic:TERMSRV/rds01 /user:CORP\\jdoe /pass:"Cmd Key Space 7"', ('Cmd Key Space 7',)),
    ('cmdkey', 'C:\\> cmdkey /add:*.corp.example /user:svc_web /password:CmdKeyLong_88', ('CmdKeyLong_88',)),
    ('net_use', 'net use \\\\fs01\\share NetUse_Pw_7734 /user:CORP\\jdoe /persistent:no', ('NetUse_Pw_7734',)),
    ('net_use', 'net use Z: \\\\nas02.corp.example\\backup "NetUse Quoted 9" /user:nas02\\backup', ('NetUse Quoted 9',)),
    ('net_use', 'NET USE X: \\\\10.0.0.20\\c$ /USER:Administrator NetUseAfter_61', ('NetUseAfter_61',)),
    ('net_user', 'net user svc_sql NetUserAdd_Pw22 /add /domain', ('NetUserAdd_Pw22',)),
    ('net_user', 'net user Administrator ResetLocal_Pw9!', ('ResetLocal_Pw9!',)),
    ('net_user', 'NET USER backupadmin "Net User Q 12" /ADD /PASSWORDCHG:NO', ('Net User Q 12',)),
    ('runas', 'echo RunasPipe_Pw55| runas /user:CORP\\admin "cmd.exe"', ('RunasPipe_Pw55',)),
    ('psexec', 'psexec \\\\srv01 -u CORP\\admin -p PsExec_Pw_9911 -h cmd /c ipconfig', ('PsExec_Pw_9911',)),
    ('psexec', 'PsExec64.exe -accepteula \\\\10.1.1.5 -u .\\Administrator -p "PsExec Q 42" -s powershell', ('PsExec Q 42',)),
    ('paexec', 'paexec.exe \\\\app02 -u CORP\\deploy -p PaExec_Pw_3310 -s -i cmd', ('PaExec_Pw_3310',)),
    ('schtasks', 'schtasks /create /tn "Nightly Backup" /tr C:\\bin\\backup.cmd /sc daily /st 02:00 /ru CORP\\svc_bkp /rp SchTask_Pw_4471', ('SchTask_Pw_4471',)),
    ('schtasks', 'schtasks /change /tn "\\Corp\\Sync" /RU "CORP\\svc_sync" /RP "Sch Task Q 55"', ('Sch Task Q 55',)),
    ('schtasks', 'schtasks /Create /S app01 /U CORP\\admin /P SchRemote_Pw66 /TN Cleanup /TR cleanup.exe /SC ONSTART', ('SchRemote_Pw66',)),
    ('sc', 'sc config MSSQLSERVER obj= "CORP\\svc_sql" password= ScConfig_Pw_8890', ('ScConfig_Pw_8890',)),
    ('sc', 'sc.exe create AppSvc binPath= "C:\\App\\svc.exe" obj= .\\appuser password= "ScCreate Q 3" start= auto', ('ScCreate Q 3',)),
    ('wmic', 'wmic /node:srv01 /user:CORP\\admin /password:Wmic_Pw_2231 process call create "cmd /c whoami"', ('Wmic_Pw_2231',)),
    ('wmic', 'wmic useraccount where name="svc" call setpassword "WmicSet_Pw_77"', ('WmicSet_Pw_77',)),
    ('netdom', 'netdom join %COMPUTERNAME% /domain:corp.example /userd:CORP\\joiner /passwordd:Netdom_Pw_5521', ('Netdom_Pw_5521',)),
    ('netdom', 'netdom resetpwd /server:dc01 /userd:CORP\\admin /passwordd:"Netdom Q 8"', ('Netdom Q 8',)),
    ('dsadd', 'dsadd user "CN=svc_app,OU=Service,DC=corp,DC=example" -pwd DsAdd_Pw_6612 -mustchpwd no', ('DsAdd_Pw_6612',)),
    ('dsmod', 'dsmod user "CN=jdoe,OU=Staff,DC=corp,DC=example" -pwd DsMod_Pw_1109 -mustchpwd yes', ('DsMod_Pw_1109',)),
    ('winrs', 'winrs -r:http://srv01:5985 -u:CORP\\admin -p:Winrs_Pw_4420 ipconfig', ('Winrs_Pw_4420',)),
    ('djoin', 'ksetup /setcomputerpassword KsetupMachine_Pw1', ('KsetupMachine_Pw1',)),
    # -- Winlogon registry --
    ('winlogon_reg', 'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /t REG_SZ /d WinLogon_Pw_7781 /f', ('WinLogon_Pw_7781',)),
    ('winlogon_reg', 'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultPassword /t REG_SZ /d "Reg Add Q 19" /f', ('Reg Add Q 19',)),
    ('winlogon_file', 'Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"AutoAdminLogon"="1"\n"DefaultUserName"="kiosk"\n"DefaultPassword"="RegFile_Pw_5530"', ('RegFile_Pw_5530',)),
    ('winlogon_query', 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\n    AutoAdminLogon    REG_SZ    1\n    DefaultUserName    REG_SZ    kiosk\n    DefaultPassword    REG_SZ    RegQuery_Pw_6641', ('RegQuery_Pw_6641',)),
    ('winlogon_ps', 'Set-ItemProperty -Path "HKLM:\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" -Name DefaultPassword -Value "PsReg_Pw_8812"', ('PsReg_Pw_8812',)),
    ('winlogon_ps', "New-ItemProperty -Path $winlogon -Name 'DefaultPassword' -Value 'NewItem_Pw_31' -PropertyType String -Force", ('NewItem_Pw_31',)),
    ('reg_vnc', 'reg add HKLM\\SOFTWARE\\TightVNC\\Server /v Password /t REG_BINARY /d 6bcf2a4b6e5aca0f /f', ('6bcf2a4b6e5aca0f',)),
    ('reg_file_vnc', '[HKEY_LOCAL_MACHINE\\SOFTWARE\\RealVNC\\vncserver]\n"Password"="e0fd0472492935da"', ('e0fd0472492935da',)),
    # -- PowerShell --
    ('ps_securestring', "$pw = ConvertTo-SecureString 'PsSecure_Pw_5512' -AsPlainText -Force", ('PsSecure_Pw_5512',)),
    ('ps_securestring', '$secpasswd = ConvertTo-SecureString -String "PsString_Pw_61" -AsPlainText -Force', ('PsString_Pw_61',)),
    ('ps_securestring', "$cred = New-Object System.Management.Automation.PSCredential('CORP\\svc', (ConvertTo-SecureString 'PsInline_Pw_77' -AsPlainText -Force))", ('PsInline_Pw_77',)),
    ('ps_variable', '$password = "PsVar_Pw_4410"\n$user = "CORP\\svc_deploy"', ('PsVar_Pw_4410',)),
    ('ps_variable', "$AdminPassword = 'PsAdminVar_92'", ('PsAdminVar_92',)),
    ('ps_variable', '[string]$DomainPassword = "PsTyped_Pw_13"', ('PsTyped_Pw_13',)),
    ('ps_param', '-Password (ConvertTo-SecureString "PsParam_Pw_2211" -AsPlainText -Force)', ('PsParam_Pw_2211',)),
    ('ps_ad', 'Set-ADAccountPassword -Identity jdoe -Reset -NewPassword (ConvertTo-SecureString -AsPlainText "SetAd_Pw_9910" -Force)', ('SetAd_Pw_9910',)),
    ('ps_ad', 'New-ADUser -Name "svc_app" -SamAccountName svc_app -AccountPassword (ConvertTo-SecureString "NewAd_Pw_3341" -AsPlainText -Force) -Enabled $true', ('NewAd_Pw_3341',)),
    ('ps_local', 'New-LocalUser -Name "kiosk" -Password (ConvertTo-SecureString "NewLocal_Pw_57" -AsPlainText -Force) -FullName "Kiosk"', ('NewLocal_Pw_57',)),
    ('ps_local', '$Secure = Read-Host -AsSecureString\nSet-LocalUser -Name "Administrator" -Password (ConvertTo-SecureString -String \'SetLocal_Pw_81\' -AsPlainText -Force)', ('SetLocal_Pw_81',)),
    ('ps_credential', "$cred = [pscredential]::new('CORP\\admin', (ConvertTo-SecureString 'PsNew_Cred_44' -AsPlainText -Force))\nInvoke-Command -ComputerName srv01 -Credential $cred -ScriptBlock { hostname }", ('PsNew_Cred_44',)),
    ('ps_netcred', '$nc = New-Object System.Net.NetworkCredential("svc", "NetCred_Pw_3312")', ('NetCred_Pw_3312',)),
    ('ps_netcred', '$wc.Credentials = New-Object System.Net.NetworkCredential("svc_dl", "WebClient_Pw_71", "CORP")', ('WebClient_Pw_71',)),
    ('ps_dsc', "Configuration WebServer {\n  $ConfigurationData = @{ AllNodes = @(@{ NodeName = 'web01'; PSDscAllowPlainTextPassword = $true }) }\n  User LocalAdmin {\n    UserName = 'webadmin'\n    Password = New-Object PSCredential('webadmin', (ConvertTo-SecureString 'DscUser_Pw_6620' -AsPlainText -Force))\n  }\n}", ('DscUser_Pw_6620',)),
    ('ps_splat', "$params = @{\n    Name = 'svc_api'\n    Password = 'Splat_Pw_7713'\n    Enabled = $true\n}", ('Splat_Pw_7713',)),
    ('ps_mssql', 'Invoke-Sqlcmd -ServerInstance sql01 -Database app -Username sa -Password "InvokeSql_Pw_19" -Query "SELECT 1"', ('InvokeSql_Pw_19',)),
    ('ps_sqlcmd', 'sqlcmd -S sql01\\INST1 -U sa -P SqlCmd_Pw_8820 -Q "BACKUP DATABASE app TO DISK=\'x.bak\'"', ('SqlCmd_Pw_8820',)),
    ('ps_mgmt', 'Add-Computer -DomainName corp.example -Credential (New-Object PSCredential "CORP\\joiner", (ConvertTo-SecureString "AddComp_Pw_88" -AsPlainText -Force)) -Restart', ('AddComp_Pw_88',)),
    ('ps_bitlocker', 'Enable-BitLocker -MountPoint "C:" -PasswordProtector -Password (ConvertTo-SecureString "BitLock_Pw_3344" -AsPlainText -Force)', ('BitLock_Pw_3344',)),
    ('bitlocker_key', 'BitLocker Drive Encryption: Configuration Tool\nNumerical Password:\n  ID: {4E1A2B3C-5D6E-7F80-9A1B-2C3D4E5F6A7B}\n  Password:\n    412203-098021-531091-703714-158279-562012-669339-017996', ('412203-098021-531091-703714-158279-562012-669339-017996',)),
    ('bitlocker_key', 'manage-bde -unlock D: -RecoveryPassword 101101-202202-303303-404404-505505-606606-707707-808808', ('101101-202202-303303-404404-505505-606606-707707-808808',)),
    # -- IIS / ASP.NET --
    ('iis_apphost', '<virtualDirectory path="/files" physicalPath="\\\\fs01\\web" userName="CORP\\iisshare" password="IisVdir_Pw_4421" />', ('IisVdir_Pw_4421',)),
    ('iis_apphost', '<add name="AppPool01" managedRuntimeVersion="v4.0">\n  <processModel identityType="SpecificUser" userName="CORP\\apppool" password="IisPool_Pw_7731" />\n</add>', ('IisPool_Pw_7731',)),
    ('iis_apphost', '<anonymousAuthentication enabled="true" userName="IUSR_web" password="[enc:IISWASOnlyCngProvider:Qm2d8Hz7Lx0Wv3Kp5Rt9Yc1Nf4Gs6Jb8Ua2Ei0Mo:enc]" />', ('Qm2d8Hz7Lx0Wv3Kp5Rt9Yc1Nf4Gs6Jb8Ua2Ei0Mo',)),
    ('appcmd', 'appcmd set apppool /apppool.name:AppPool01 /processModel.identityType:SpecificUser /processModel.userName:CORP\\svc /processModel.password:AppCmd_Pw_5511', ('AppCmd_Pw_5511',)),
    ('appcmd', '%windir%\\system32\\inetsrv\\appcmd.exe set vdir "Default Web Site/files" -userName:CORP\\share -password:AppCmdVdir_Pw2', ('AppCmdVdir_Pw2',)),
    ('machinekey', f'<machineKey validationKey="{MACHINE_VK}" decryptionKey="{MACHINE_DK}" validation="HMACSHA256" decryption="AES" />', (MACHINE_VK, MACHINE_DK)),
    ('webconfig', '<connectionStrings>\n  <add name="Default" connectionString="Data Source=sql01;Initial Catalog=App;User ID=app;Password=WebCfg_Pw_3390" providerName="System.Data.SqlClient" />\n</connectionStrings>', ('WebCfg_Pw_3390',)),
    ('webconfig', '<appSettings>\n  <add key="SmtpPassword" value="AppSet_Smtp_77" />\n  <add key="ApiClientSecret" value="Zx8~Qp2.Lm4_Nv6-Bc0Df3Gh5Jk7Rt9Ws1Yu" />\n</appSettings>', ('AppSet_Smtp_77', 'Zx8~Qp2.Lm4_Nv6-Bc0Df3Gh5Jk7Rt9Ws1Yu')),
    ('webconfig', '<identity impersonate="true" userName="CORP\\webimp" password="Impersonate_Pw_9" />', ('Impersonate_Pw_9',)),
    ('aspnet_regiis', 'aspnet_regiis -ga "CORP\\svc_web"\naspnet_regiis -pc "AppKeys" -exp\nsetx APP_DB_PASSWORD SetxEnv_Pw_8811 /M', ('SetxEnv_Pw_8811',)),
    # -- WinRM --
    ('winrm', 'winrm set winrm/config/service/auth @{Basic="true"}\nwinrm set winrm/config/client @{TrustedHosts="*"}\nwinrm invoke Create wmicimv2/Win32_Process @{CommandLine="notepad"} -r:srv01 -u:CORP\\admin -p:WinrmInv_Pw_12', ('WinrmInv_Pw_12',)),
    ('winrm', 'winrm create winrm/config/Listener?Address=*+Transport=HTTPS @{Hostname="srv01";CertificateThumbprint="AB12"} -u:admin -p:"Winrm Q 33"', ('Winrm Q 33',)),
    ('pywinrm', "session = winrm.Session('srv01', auth=('CORP\\\\admin', 'PyWinrm_Pw_5512'), transport='ntlm')", ('PyWinrm_Pw_5512',)),
    ('ansible_win', 'ansible_user: Administrator\nansible_password: AnsWin_Pw_6630\nansible_connection: winrm\nansible_winrm_transport: ntlm', ('AnsWin_Pw_6630',)),
    ('evil_winrm', 'evil-winrm -i 10.10.10.5 -u Administrator -p EvilWinrm_Pw_77', ('EvilWinrm_Pw_77',)),
    # -- LDAP / AD / Samba / Kerberos --
    ('ldap_conf', 'uri ldaps://dc01.corp.example\nbinddn cn=nss,ou=svc,dc=corp,dc=example\nbindpw LdapConf_Pw_3321', ('LdapConf_Pw_3321',)),
    ('ldapsearch', 'ldapsearch -x -H ldaps://dc01.corp.example -D "CN=svc_ldap,OU=Service,DC=corp,DC=example" -w LdapSearch_Pw_77 -b "DC=corp,DC=example" "(sAMAccountName=jdoe)"', ('LdapSearch_Pw_77',)),
    ('ldapmodify', "ldapmodify -H ldap://ldap01 -D cn=admin,dc=example,dc=org -w 'LdapMod_Pw_4419' -f change.ldif", ('LdapMod_Pw_4419',)),
    ('ldappasswd', 'ldappasswd -H ldap://ldap01 -x -D cn=admin,dc=example,dc=org -w LdapPwdAdm_1 -s LdapPwdNew_2 uid=jdoe,ou=people,dc=example,dc=org', ('LdapPwdAdm_1', 'LdapPwdNew_2')),
    ('ldapadd', 'ldapadd -x -D "cn=Manager,dc=example,dc=com" -wLdapAddNoSp_88 -f users.ldif', ('LdapAddNoSp_88',)),
    ('ldif', 'dn: uid=jdoe,ou=people,dc=example,dc=org\nobjectClass: inetOrgPerson\nuid: jdoe\nuserPassword: LdifPlain_Pw_31', ('LdifPlain_Pw_31',)),
    ('ldif', 'dn: CN=svc,OU=Service,DC=corp,DC=example\nchangetype: modify\nreplace: unicodePwd\nunicodePwd:: IgBVAG4AaQBjAG8AZABlAFAAdwBfADkAOQAiAA==', ('IgBVAG4AaQBjAG8AZABlAFAAdwBfADkAOQAiAA==',)),
    ('ldif', 'dn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\nolcRootPW: {SSHA}q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6', ('{SSHA}q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6',)),
    ('sssd', '[domain/corp.example]\nid_provider = ldap\nldap_default_bind_dn = cn=sssd,ou=svc,dc=corp,dc=example\nldap_default_authtok_type = password\nldap_default_authtok = Sssd_Tok_Pw_88', ('Sssd_Tok_Pw_88',)),
    ('nslcd', 'binddn cn=nslcd,dc=example,dc=org\nbindpw Nslcd_Pw_2209\nrootpwmodpw NslcdRoot_Pw_4', ('Nslcd_Pw_2209', 'NslcdRoot_Pw_4')),
    ('pam_ldap', "echo -n 'PamLdapSecret_Pw1' | sudo tee /etc/ldap.secret >/dev/null && sudo chmod 600 /etc/ldap.secret", ('PamLdapSecret_Pw1',)),
    ('pam_ldap', "echo -n 'PamLdapRedir_Pw2' > /etc/pam_ldap.secret", ('PamLdapRedir_Pw2',)),
    ('adcli', 'echo -n "Adcli_Pw_5531" | adcli join --domain=corp.example -U joiner --stdin-password', ('Adcli_Pw_5531',)),
    ('realm', "echo 'Realm_Join_Pw_71' | realm join --user=joiner corp.example", ('Realm_Join_Pw_71',)),
    ('realm', 'printf "%s" "RealmPrintf_Pw9" | sudo realm join -U admin@CORP.EXAMPLE corp.example --computer-ou="OU=Linux,DC=corp,DC=example"', ('RealmPrintf_Pw9',)),
    ('net_ads', 'net ads join -U administrator%NetAds_Pw_6612 createcomputer="Servers/Linux"', ('NetAds_Pw_6612',)),
    ('net_ads', 'sudo net ads join -U "CORP\\joiner%NetAdsQ Pw 7" -S dc01', ('NetAdsQ Pw 7',)),
    ('net_rpc', 'net rpc password jdoe NetRpcNew_Pw_1 -U CORP/admin%NetRpcAdm_Pw_2 -S dc01', ('NetRpcNew_Pw_1', 'NetRpcAdm_Pw_2')),
    ('smbclient', 'smbclient //fs01/share -U CORP/jdoe%SmbClient_Pw_44 -c "ls"', ('SmbClient_Pw_44',)),
    ('smbclient', "smbclient -L //nas01 -U 'backup%Smb Quoted 55' -m SMB3", ('Smb Quoted 55',)),
    ('rpcclient', 'rpcclient -U "CORP\\admin%RpcClient_Pw_3" dc01 -c "enumdomusers"', ('RpcClient_Pw_3',)),
    ('smbpasswd', '(echo SmbPw_New_81; echo SmbPw_New_81) | smbpasswd -s -a jdoe', ('SmbPw_New_81',)),
    ('samba_tool', 'samba-tool user create jdoe SambaTool_Pw_19 --given-name=Jane --surname=Doe', ('SambaTool_Pw_19',)),
    ('samba_tool', 'samba-tool domain provision --realm=CORP.EXAMPLE --domain=CORP --adminpass=SambaProv_Pw_22 --server-role=dc', ('SambaProv_Pw_22',)),
    ('samba_tool', 'samba-tool user setpassword jdoe --newpassword=SambaSet_Pw_33', ('SambaSet_Pw_33',)),
    ('mount_cifs', 'mount -t cifs //fs01/share /mnt/share -o username=jdoe,password=MountCifs_Pw_4,domain=CORP,vers=3.0', ('MountCifs_Pw_4',)),
    ('cifs_creds', '# /root/.smbcredentials\nusername=backup\npassword=CifsCred_Pw_66\ndomain=CORP', ('CifsCred_Pw_66',)),
    ('fstab_cifs', '//nas01/media /mnt/media cifs user=media,pass=Fstab_Cifs_Pw7,uid=1000 0 0', ('Fstab_Cifs_Pw7',)),
    ('kinit', 'echo "Kinit_Pipe_Pw_55" | kinit svc_ldap@CORP.EXAMPLE', ('Kinit_Pipe_Pw_55',)),
    ('kinit', "kinit admin@CORP.EXAMPLE <<< 'Kinit_Here_Pw_66'", ('Kinit_Here_Pw_66',)),
    ('ktpass', 'ktpass -princ HTTP/web01.corp.example@CORP.EXAMPLE -mapuser CORP\\svc_web -pass Ktpass_Pw_8812 -crypto AES256-SHA1 -ptype KRB5_NT_PRINCIPAL -out web01.keytab', ('Ktpass_Pw_8812',)),
    ('kadmin', 'kadmin.local -q "addprinc -pw Kadmin_Pw_4471 jdoe@EXAMPLE.ORG"', ('Kadmin_Pw_4471',)),
    ('kadmin', 'kadmin -p admin/admin -w KadminAdm_Pw_5 -q "ktadd -k /etc/krb5.keytab host/web01"', ('KadminAdm_Pw_5',)),
    ('ktutil', 'ktutil:  addent -password -p svc@CORP.EXAMPLE -k 1 -e aes256-cts-hmac-sha1-96\nPassword for svc@CORP.EXAMPLE: Ktutil_Typed_Pw1', ('Ktutil_Typed_Pw1',)),
    ('keytab_dump', '$ klist -kte --keys web01.keytab\nKVNO Timestamp           Principal\n---- ------------------- ------------------------------------------------------\n   2 01/02/2026 10:00:00 HTTP/web01.corp.example@CORP.EXAMPLE (aes256-cts-hmac-sha1-96)  (0x9f3c2a1b4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8)', ('9f3c2a1b4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8',)),
    ('msktutil', 'msktutil --create --server dc01 --user-creds-only --old-account-password MsktOld_Pw_9', ('MsktOld_Pw_9',)),
    ('ldap_python', "conn = ldap3.Connection(server, user='CORP\\\\svc_ldap', password='Ldap3_Conn_Pw_7', authentication=NTLM)", ('Ldap3_Conn_Pw_7',)),
    ('ldap_python', "l.simple_bind_s('cn=admin,dc=example,dc=org', 'PyLdapBind_Pw8')", ('PyLdapBind_Pw8',)),
    ('impacket', 'secretsdump.py CORP/admin:Impacket_Pw_6611@10.0.0.10', ('Impacket_Pw_6611',)),
    ('impacket', "wmiexec.py 'corp.example/svc:Wmi Exec Q 1@dc01.corp.example'", ('Wmi Exec Q 1',)),
    ('crackmapexec', 'crackmapexec smb 10.0.0.0/24 -u admin -p CrackMap_Pw_44 --shares', ('CrackMap_Pw_44',)),
    # -- SAP --
    ('sapnwrfc', 'DEST=PRD\nASHOST=sap-prd.corp.example\nSYSNR=00\nCLIENT=100\nUSER=RFC_USER\nPASSWD=SapRfc_Pw_8812\nLANG=EN', ('SapRfc_Pw_8812',)),
    ('hdbsql', 'hdbsql -n hana01:30015 -u SYSTEM -p HdbSql_Pw_4471 "SELECT * FROM M_DATABASE"', ('HdbSql_Pw_4471',)),
    ('hdbsql', 'hdbsql -i 00 -d SYSTEMDB -u SYSTEM -p "Hdb Sql Q 5" -j', ('Hdb Sql Q 5',)),
    ('hdbuserstore', 'hdbuserstore SET BACKUPKEY hana01:30013@SYSTEMDB BACKUP_OP HdbUser_Pw_9920', ('HdbUser_Pw_9920',)),
    ('hdbuserstore', 'hdbuserstore -i SET DEFAULT "hana01:30015" SAPABAP1 HdbUserDef_Pw1', ('HdbUserDef_Pw1',)),
    ('pyrfc', "conn = Connection(ashost='sap-prd', sysnr='00', client='100', user='RFC_USER', passwd='PyRfc_Pw_5531')", ('PyRfc_Pw_5531',)),
    ('sapcontrol', 'sapcontrol -nr 00 -host sap-prd -user sidadm SapCtl_Pw_77 -function GetProcessList', ('SapCtl_Pw_77',)),
    ('saprouter', 'sapgenpse seclogin -p SAPSSLS.pse -x SapPse_Pin_88 -O sidadm', ('SapPse_Pin_88',)),
    # -- Salesforce / ServiceNow --
    ('sfdx', 'force://PlatformCLI::5Aep861TSESvWeug_xvFHRBTTbf_YrTWgEyjBJrEXqUxIzAvDhcMWWHYlUgmWv_WNnEoEfSaJ2FNBnN.mKcEu5d@acme-dev-ed.my.salesforce.com', ('5Aep861TSESvWeug_xvFHRBTTbf_YrTWgEyjBJrEXqUxIzAvDhcMWWHYlUgmWv_WNnEoEfSaJ2FNBnN.mKcEu5d',)),
    ('sfdx', '{"sfdxAuthUrl": "force://PlatformCLI::5Aep861Q9bRkZ7xMvLnPq3WsT8yUe2Df4Gh6Jk.nP0oI9uY8tR7eW6qA5sD4fG3hJ2kL@acme.my.salesforce.com"}', ('5Aep861Q9bRkZ7xMvLnPq3WsT8yUe2Df4Gh6Jk.nP0oI9uY8tR7eW6qA5sD4fG3hJ2kL',)),
    ('sf_login', 'sf org login jwt --username ci@acme.example --jwt-key-file server.key --client-id 3MVG9A2kN8Bn9Vt0Qz5xLmP4wR7yE1uT6iO3pS8dF2gH5jK0lZ9cX4vB7nM1qW6eR3tY8uI0oP5aS2dF --instance-url https://login.salesforce.com', ('3MVG9A2kN8Bn9Vt0Qz5xLmP4wR7yE1uT6iO3pS8dF2gH5jK0lZ9cX4vB7nM1qW6eR3tY8uI0oP5aS2dF',)),
    ('sf_token', 'sfdx force:auth:accesstoken:store --instanceurl https://acme.my.salesforce.com\nSFDX_ACCESS_TOKEN=00D5g000004abcD!AQ4AQFzK8x2Lm9Np3Qr5St7Uv0Wx1Yz3Ab5Cd7Ef9Gh1Ij3Kl5Mn7Op9Qr1St', ('00D5g000004abcD!AQ4AQFzK8x2Lm9Np3Qr5St7Uv0Wx1Yz3Ab5Cd7Ef9Gh1Ij3Kl5Mn7Op9Qr1St',)),
    ('simple_salesforce', "sf = Salesforce(username='api@acme.example', password='SfPass_Pw_331', security_token='Xq7Lm2Np9Rt4Vw1Yz6Ab3Cd')", ('SfPass_Pw_331', 'Xq7Lm2Np9Rt4Vw1Yz6Ab3Cd')),
    ('servicenow', 'curl -u "admin:SnowCurl_Pw_88" "https://acme.service-now.com/api/now/table/incident?sysparm_limit=1"', ('SnowCurl_Pw_88',)),
    ('servicenow', 'SN_INSTANCE=acme\nSN_USERNAME=integration\nSN_PASSWORD=SnowEnv_Pw_4412', ('SnowEnv_Pw_4412',)),
    ('servicenow', 'pysnow.Client(instance="acme", user="integration", password="PySnow_Pw_55")', ('PySnow_Pw_55',)),
    # -- Oracle --
    ('sqlplus', 'sqlplus system/SqlPlus_Pw_8812@PRODDB', ('SqlPlus_Pw_8812',)),
    ('sqlplus', 'sqlplus -s "app_user/SqlPlusQ_Pw9@//db01.corp.example:1521/ORCLPDB1" @report.sql', ('SqlPlusQ_Pw9',)),
    ('sqlplus', 'SQL> CONNECT scott/TigerNot_Default9@orcl\nConnected.', ('TigerNot_Default9',)),
    ('sqlplus', 'SQL> ALTER USER app_user IDENTIFIED BY "AlterOra_Pw_71";', ('AlterOra_Pw_71',)),
    ('oracle_create', 'CREATE USER reporting IDENTIFIED BY CreateOra_Pw_5 DEFAULT TABLESPACE users;', ('CreateOra_Pw_5',)),
    ('rman', 'rman target sys/Rman_Pw_4410@PROD catalog rcat/RmanCat_Pw_2@RCAT', ('Rman_Pw_4410', 'RmanCat_Pw_2')),
    ('expdp', 'expdp system/Expdp_Pw_331@ORCL schemas=HR directory=DATA_PUMP_DIR dumpfile=hr.dmp', ('Expdp_Pw_331',)),
    ('orapki', 'orapki wallet create -wallet /u01/app/oracle/wallet -pwd OraPki_Pw_9911 -auto_login', ('OraPki_Pw_9911',)),
    ('orapki', 'orapki wallet add -wallet ./wallet -trusted_cert -cert root.crt -pwd "OraPki Q 2"', ('OraPki Q 2',)),
    ('mkstore', 'mkstore -wrl /u01/wallet -createCredential PRODDB app_user MkStore_Pw_6620', ('MkStore_Pw_6620',)),
    ('mkstore', 'mkstore -wrl /u01/wallet -modifyCredential PRODDB app_user MkStoreMod_Pw7', ('MkStoreMod_Pw7',)),
    ('orapwd', 'orapwd file=$ORACLE_HOME/dbs/orapwPROD password=OraPwd_Pw_8830 entries=10 format=12', ('OraPwd_Pw_8830',)),
    ('dbca', 'dbca -silent -createDatabase -gdbName PROD -sysPassword DbcaSys_Pw_1 -systemPassword DbcaSystem_Pw_2', ('DbcaSys_Pw_1', 'DbcaSystem_Pw_2')),
    ('jdbc_ora', 'spring.datasource.url=jdbc:oracle:thin:app_user/JdbcOra_Pw_44@db01:1521/ORCLPDB1', ('JdbcOra_Pw_44',)),
    # -- Citrix / VMware / Intune / Azure AD --
    ('citrix', 'Set-BrokerHostingUnit ... ; New-Item -Path xdhyp:\\Connections -Name vc01 -HypervisorAddress https://vc01/sdk -UserName "CORP\\ctxsvc" -Password "CtxHyp_Pw_5512" -ConnectionType VCenter', ('CtxHyp_Pw_5512',)),
    ('citrix', 'add authentication ldapAction LDAP_CORP -serverIP 10.0.0.10 -ldapBase "DC=corp,DC=example" -ldapBindDn svc_ns@corp.example -ldapBindDnPassword NsLdap_Pw_881 -encrypted', ('NsLdap_Pw_881',)),
    ('citrix', 'set system user nsroot NsRoot_Pw_442 -timeout 900', ('NsRoot_Pw_442',)),
    ('citrix_sf', 'Set-STFStoreService ... \n$xml = "<credentials><password>StoreFront_Pw_6</password></credentials>"', ('StoreFront_Pw_6',)),
    ('powercli', 'Connect-VIServer -Server vc01.corp.example -User administrator@vsphere.local -Password PowerCli_Pw_7741', ('PowerCli_Pw_7741',)),
    ('powercli', "Connect-VIServer vc01 -User 'root' -Password 'PowerCliQ_Pw8' -Force", ('PowerCliQ_Pw8',)),
    ('powercli', 'New-VICredentialStoreItem -Host vc01 -User svc_backup -Password ViStore_Pw_9921', ('ViStore_Pw_9921',)),
    ('powercli', "Invoke-VMScript -VM web01 -ScriptText 'hostname' -GuestUser Administrator -GuestPassword GuestOs_Pw_33", ('GuestOs_Pw_33',)),
    ('govc', 'export GOVC_URL=https://vc01.corp.example/sdk\nexport GOVC_USERNAME=administrator@vsphere.local\nexport GOVC_PASSWORD=Govc_Env_Pw_55', ('Govc_Env_Pw_55',)),
    ('ovftool', 'ovftool --acceptAllEulas web01.ova "vi://administrator%40vsphere.local:OvfTool_Pw_66@vc01/DC1/host/Cluster1"', ('OvfTool_Pw_66',)),
    ('esxcli', 'esxcli system account set -i root -p EsxRoot_Pw_77 -c EsxRoot_Pw_77', ('EsxRoot_Pw_77',)),
    ('mggraph', '$ClientSecretCredential = New-Object System.Management.Automation.PSCredential("a1b2c3d4-1111-2222-3333-444455556666", (ConvertTo-SecureString "Gr8Q~aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789" -AsPlainText -Force))\nConnect-MgGraph -TenantId "contoso.onmicrosoft.com" -ClientSecretCredential $ClientSecretCredential', ('Gr8Q~aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789',)),
    ('mggraph', '$clientSecret = "Xy7Q~9kLmN2pQ4rS6tU8vW0xY1zA3bC5dE7fG9h"', ('Xy7Q~9kLmN2pQ4rS6tU8vW0xY1zA3bC5dE7fG9h',)),
    ('azuread', 'Connect-AzAccount -ServicePrincipal -TenantId $tenant -Credential (New-Object PSCredential($appId, (ConvertTo-SecureString "AzSp.Secret~7Qx9Lm2Np4Rt6Vw8Yz0Ab" -AsPlainText -Force)))', ('AzSp.Secret~7Qx9Lm2Np4Rt6Vw8Yz0Ab',)),
    ('azcli', 'az login --service-principal -u a1b2c3d4-1111-2222-3333-444455556666 -p "Kq8~R2sT4uV6wX8yZ0aB2cD4eF6gH8iJ0kL2mN4" --tenant contoso.onmicrosoft.com', ('Kq8~R2sT4uV6wX8yZ0aB2cD4eF6gH8iJ0kL2mN4',)),
    ('intune', '{\n  "tenantId": "contoso.onmicrosoft.com",\n  "clientId": "a1b2c3d4-1111-2222-3333-444455556666",\n  "clientSecret": "Ab1~Cd2.Ef3_Gh4-Ij5Kl6Mn7Op8Qr9St0Uv1Wx2"\n}', ('Ab1~Cd2.Ef3_Gh4-Ij5Kl6Mn7Op8Qr9St0Uv1Wx2',)),
    ('msal', 'app = msal.ConfidentialClientApplication(client_id, authority=authority, client_credential="Pm9~Qn8.Ro7_Sp6-Tq5Ur4Vs3Wt2Xu1Yv0Zw9")', ('Pm9~Qn8.Ro7_Sp6-Tq5Ur4Vs3Wt2Xu1Yv0Zw9',)),
    ('exchange', 'Set-Mailbox -Identity svc_mail ; $UserCredential = Get-Credential\nNew-Mailbox -Name "Shared Ops" -UserPrincipalName ops@corp.example -Password (ConvertTo-SecureString -String "Mailbox_Pw_4412" -AsPlainText -Force)', ('Mailbox_Pw_4412',)),
    ('sccm', 'New-CMAccount -Name "CORP\\sccm_na" -Password (ConvertTo-SecureString -String "SccmNaa_Pw_88" -AsPlainText -Force) -SiteCode P01', ('SccmNaa_Pw_88',)),
    ('mssql_unattend', '[OPTIONS]\nACTION="Install"\nSQLSVCACCOUNT="CORP\\svc_sql"\nSQLSVCPASSWORD="SqlSvc_Ini_Pw1"\nSAPWD="SqlSa_Ini_Pw2"\nSECURITYMODE="SQL"', ('SqlSvc_Ini_Pw1', 'SqlSa_Ini_Pw2')),
    ('mssql_setup', 'setup.exe /Q /ACTION=Install /FEATURES=SQLEngine /INSTANCENAME=MSSQLSERVER /SQLSVCACCOUNT="CORP\\svc_sql" /SQLSVCPASSWORD="SetupSvc_Pw_9" /SAPWD="SetupSa_Pw_10" /SECURITYMODE=SQL', ('SetupSvc_Pw_9', 'SetupSa_Pw_10')),
    # second batch, written after the fixes to test the families rather than the examples
    ('impacket', 'impacket-psexec corp.example/Administrator:ImpPsexec_Pw_1@10.0.0.21 cmd.exe', ('ImpPsexec_Pw_1',)),
    ('impacket', 'GetUserSPNs.py -request -dc-ip 10.0.0.10 corp.example/svc_sql:GetSpn_Pw_22 -outputfile hashes.txt', ('GetSpn_Pw_22',)),
    ('impacket', "mssqlclient.py -windows-auth 'CORP/sa_app:MsSqlCl_Pw_3@sql01.corp.example'", ('MsSqlCl_Pw_3',)),
    ('sapcontrol', 'sapcontrol -nr 10 -function RestartService -user "pr1adm" "SapCtlQ Pw 4"', ('SapCtlQ Pw 4',)),
    ('hdbuserstore', 'hdbuserstore -u pr1adm SET MONKEY "hana02:30215@PR1" MON_USER "HdbMon Pw 5"', ('HdbMon Pw 5',)),
    ('adcli', "printf '%s' 'AdcliPrintf_Pw6' | adcli update --domain=corp.example --stdin-password -U admin", ('AdcliPrintf_Pw6',)),
    ('smbpasswd', '(echo "SmbQ_Pw_7"; echo "SmbQ_Pw_7") | sudo smbpasswd -a -s media', ('SmbQ_Pw_7',)),
    ('samba_tool', 'samba-tool user add svc_scan "SambaAdd Q 8" --must-change-at-next-login', ('SambaAdd Q 8',)),
    ('kadmin', 'kadmin -p admin/admin@EXAMPLE.ORG -w "Kadmin Q 9" -q "addprinc -randkey host/db01"', ('Kadmin Q 9',)),
    ('ksetup', 'ksetup /domain CORP.EXAMPLE /setcomputerpassword "Ksetup Q 10"', ('Ksetup Q 10',)),
    ('citrix', 'add system user ops_ro NsOps_Pw_11 -externalAuth DISABLED', ('NsOps_Pw_11',)),
    ('sapgenpse', 'sapgenpse get_pse -p SAPSSLC.pse -x SapGenPin_12 "CN=PR1, O=Corp, C=DE"', ('SapGenPin_12',)),
    ('nslcd', 'rootpwmodpw NslcdMod_Pw_13\nrootpwmoddn cn=admin,dc=example,dc=org', ('NslcdMod_Pw_13',)),
    ('tee', 'echo "TeeSecret_Pw_14" | sudo tee /etc/rsyncd.secret > /dev/null', ('TeeSecret_Pw_14',)),
]

CONTROLS: tuple[str, ...] = (
    '<PlainText>true</PlainText>',
    '<PlainText>false</PlainText>',
    '<AdministratorPassword>\n  <Value></Value>\n  <PlainText>true</PlainText>\n</AdministratorPassword>',
    '<Username>Administrator</Username>',
    '<Group>Administrators</Group>',
    '<JoinDomain>corp.example</JoinDomain>',
    'S-1-5-21-3623811015-3361044348-30300820-1013',
    'S-1-5-32-544',
    '<Properties action="U" newName="" fullName="" description="" cpassword="" changeLogon="0" noChange="1" neverExpires="1" acctDisabled="0" userName="Administrator (built-in)"/>',
    '"AutoAdminLogon"="1"',
    'net user jdoe /domain',
    'net use * /delete /y',
    'runas /user:CORP\\admin "mmc.exe dsa.msc"',
    'cmdkey /list',
    'schtasks /query /fo LIST /v',
    '$cred = Get-Credential -UserName "CORP\\admin" -Message "Enter password"',
    '$pw = Read-Host -Prompt "Password" -AsSecureString',
    "$pw = ConvertTo-SecureString '<password>' -AsPlainText -Force",
    '$password = $env:ADMIN_PASSWORD',
    '-Password $securePassword',
    'Set-ADAccountPassword -Identity jdoe -Reset -NewPassword $newPw',
    'Get-ADUser -Filter * -Properties PasswordLastSet,PasswordNeverExpires',
    'PasswordNeverExpires : True',
    'prompt for credentials:i:1',
    'authentication level:i:2',
    '<machineKey validationKey="AutoGenerate,IsolateApps" decryptionKey="AutoGenerate,IsolateApps" validation="HMACSHA256" />',
    '<processModel identityType="ApplicationPoolIdentity" />',
    'ldap_default_authtok_type = password',
    'objectClass: inetOrgPerson',
    'pwdLastSet: 133497000000000000',
    'msDS-SupportedEncryptionTypes: 24',
    'default_tkt_enctypes = aes256-cts-hmac-sha1-96 aes128-cts-hmac-sha1-96',
    'net ads join -U administrator',
    'smbclient //fs01/share -U jdoe',
    'hdbuserstore LIST',
    'PASSWD=*****',
    'sqlplus / as sysdba',
    'mkstore -wrl /u01/wallet -listCredential',
    'Connect-MgGraph -Scopes "User.Read.All","Group.ReadWrite.All"',
    'Password      : ********',
    'validation="HMACSHA256" decryption="AES"',
    'HashAlgorithm = SHA256',
    '<add key="ClientValidationEnabled" value="true" />',
    # second batch
    'sapcontrol -nr 00 -function StartSystem ALL 600',
    'you can set system user quotas here',
    'net user jdoe /active:no',
    'net user svc_app * /add',
    'kadmin -p admin/admin -q listprincs',
    'samba-tool user create jdoe --random-password',
    'badPwdCount: 0',
    'pwdProperties: 1',
)
#: Lines of the same files that hold a host, URL, e-mail address, GUID or (in strict) a capitalised
#: word: other stages replace those by design, but no secret may be found in them.
NO_SECRET_CONTROLS: tuple[str, ...] = (
    '{31B2F340-016D-11D2-945F-00C04FB984F9}',
    'HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon',
    'reg query "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" /v DefaultUserName',
    'net use Z: \\\\fs01\\share /persistent:yes',
    'net localgroup Administrators CORP\\Helpdesk /add',
    'cmdkey /delete:TERMSRV/rds01',
    'sc query MSSQLSERVER',
    'psexec \\\\srv01 -s cmd',
    'full address:s:rds01.corp.example',
    'ldapsearch -x -H ldap://ldap01 -b dc=example,dc=org -W "(uid=jdoe)"',
    'userPassword: {SSHA}',
    'KVNO Principal\n   2 host/web01.corp.example@CORP.EXAMPLE (aes256-cts-hmac-sha1-96)',
    'kinit svc_ldap@CORP.EXAMPLE',
    'KEY BACKUPKEY\n  ENV : hana01:30013\n  USER: BACKUP_OP',
    'sqlplus system@PRODDB',
    'Connect-VIServer -Server vc01.corp.example -Credential $cred',
    'ClientId : a1b2c3d4-1111-2222-3333-444455556666',
    'sf org login web --alias dev --instance-url https://login.salesforce.com',
    # second batch
    'hdbuserstore -i SET BACKUPKEY hana01:30013@SYSTEMDB BACKUP_OP',
    'secretsdump.py -hashes :31d6cfe0d16ae931b73c0d89c0 CORP/admin@10.0.0.10',
)
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {}


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_secret_in_a_windows_or_directory_file_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_windows_files_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", NO_SECRET_CONTROLS)
def test_hosts_ids_and_names_of_windows_files_hold_no_secret(mode, text):
    assert "[SECRET_" not in redact_text(mode, text)
