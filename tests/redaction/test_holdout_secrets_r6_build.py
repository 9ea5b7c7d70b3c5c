"""Hold-out probes for secrets in build, release-signing and PowerShell/Windows-admin files.

Written (round 6, r6b) before reading the grammars: jarsigner/keytool, Gradle signing configs and
properties, Maven, Python configparser calls, macOS security/xcrun/fastlane, Windows signtool, certutil,
NSS pk12util, osslsigncode, NuGet/dotnet, msbuild, and PowerShell (SecureString, PSCredential,
Invoke-Sqlcmd, Az, environment writes, single-dash parameters), plus provider-qualified key names; a
second batch of 34 rows (apksigner, bundletool, choco, twine, vsce, Set-Content, piped SecureString...)
was written after the first fixes. Main before the round leaked 48 of the 185 rows in strict mode and
49 in balanced (one-dash flags such as ``-ClientSecret V`` and ``-storepass V`` outside the tool table,
macOS ``security``/``altool -p``, ``signtool /p``, ``certutil -p``, ``pk12util -W/-K``, ``dotnet
user-secrets set``, ``config.set('db', 'password', V)``...), and over-redacted 14 of the 83 controls in
strict mode (``-Reset``, ``-Dfile.encoding``, ``Invoke-Sqlcmd`` read as names; ``Read-Host``,
``@keychain:NAME``, ``-password-file`` and ``-pkcs12`` read as secrets) and 4 in balanced. Now one row
leaks (KNOWN_LEAKS: a Groovy signing block written on one line) and no control changes.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

#: Rows that still leak: {a fragment of the row: (reason, modes)}.
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {
    'storePassword "InlSt_34"; keyAlias': (
        "a Groovy directive followed by another statement on its line (the directive grammar reads a name and"
        " value alone on a line)", ("strict", "balanced")),
}

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # -- Java signing --
    ('jarsigner', 'jarsigner -keystore release.jks -storepass Jks_Store7781 -keypass Jks_Key7782 app.apk upload',
     ('Jks_Store7781', 'Jks_Key7782')),
    ('jarsigner', '$ jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore my.keystore '
     '-storepass "kQ9!mZ2vLp" app-release-unsigned.apk alias_name', ('kQ9!mZ2vLp',)),
    ('jarsigner', "jarsigner -storepass:env STOREPW -keypass 'w7Tq#Lm2Zx' build/app.jar signer",
     ('w7Tq#Lm2Zx',)),
    ('keytool', 'keytool -genkeypair -v -keystore upload.jks -alias upload -keyalg RSA -keysize 2048 '
     '-validity 10000 -storepass UpLoadSt0re99 -keypass UpLoadK3y99 -dname "CN=Build, O=Example"',
     ('UpLoadSt0re99', 'UpLoadK3y99')),
    ('keytool', 'keytool -importkeystore -srckeystore old.p12 -srcstoretype PKCS12 -srcstorepass OldP12_pass44 '
     '-destkeystore new.jks -deststorepass NewJks_pass45', ('OldP12_pass44', 'NewJks_pass45')),
    ('keytool', 'keytool -list -v -keystore ~/.android/debug.keystore -alias androiddebugkey -storepass '
     'Dbg_Ks_2231', ('Dbg_Ks_2231',)),
    ('keytool', 'keytool -importcert -trustcacerts -file ca.crt -alias corp -keystore cacerts '
     '-storepass Tr4stSt0re!x -noprompt', ('Tr4stSt0re!x',)),
    ('keytool', 'keytool -changealias -alias old -destalias new -keystore k.jks -storepass Qw8rTy6Ui '
     '-keypass Zx5cVb3Nm', ('Qw8rTy6Ui', 'Zx5cVb3Nm')),
    ('keytool', 'keytool -keypasswd -alias app -keystore k.jks -keypass OldKp_771 -new NewKp_772 '
     '-storepass StKp_773', ('OldKp_771', 'NewKp_772', 'StKp_773')),
    ('keytool', 'keytool -storepasswd -new FreshStore_881 -keystore k.jks -storepass StaleStore_880',
     ('FreshStore_881', 'StaleStore_880')),
    ('keytool', 'keytool -importkeystore -srckeystore a.jks -destkeystore b.p12 -deststoretype PKCS12 '
     '-srcstorepass=SrcEq_pw55 -destkeypass DstKp_pw56 -srckeypass SrcKp_pw57',
     ('SrcEq_pw55', 'DstKp_pw56', 'SrcKp_pw57')),
    # -- Gradle --
    ('gradle', 'signingConfigs {\n    release {\n        storeFile file("release.jks")\n'
     '        storePassword "Gr4dleSt0re"\n        keyAlias "release"\n        keyPassword "Gr4dleK3y"\n    }\n}',
     ('Gr4dleSt0re', 'Gr4dleK3y')),
    ('gradle-kts', 'signingConfigs {\n    create("release") {\n        storeFile = file("upload.jks")\n'
     '        storePassword = "KtsSt0re_19"\n        keyPassword = "KtsK3y_20"\n    }\n}',
     ('KtsSt0re_19', 'KtsK3y_20')),
    ('gradle', "        storePassword 'SqSt0re_pw1'\n        keyPassword 'SqK3y_pw2'", ('SqSt0re_pw1', 'SqK3y_pw2')),
    ('gradle.properties', 'RELEASE_STORE_FILE=release.jks\nRELEASE_STORE_PASSWORD=AndRel_St_66\n'
     'RELEASE_KEY_ALIAS=release\nRELEASE_KEY_PASSWORD=AndRel_Kp_67', ('AndRel_St_66', 'AndRel_Kp_67')),
    ('gradle.properties', 'MYAPP_UPLOAD_STORE_PASSWORD=RnUpload_881\nMYAPP_UPLOAD_KEY_PASSWORD=RnUpKey_882',
     ('RnUpload_881', 'RnUpKey_882')),
    ('gradle.properties', 'signing.keyId=24875D73\nsigning.password=GpgSign_Pw_31\n'
     'signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg', ('GpgSign_Pw_31',)),
    ('gradle.properties', 'ossrhUsername=deployer\nossrhPassword=Ossrh_Pw_4471', ('Ossrh_Pw_4471',)),
    ('gradle.properties', 'mavenCentralPassword=McPortal_Pw_88\nsonatypePassword=SonaT_Pw_89',
     ('McPortal_Pw_88', 'SonaT_Pw_89')),
    ('gradle.properties', 'artifactory_password=ArtiF_Pw_93\nnexusPassword=NexusPw_94', ('ArtiF_Pw_93', 'NexusPw_94')),
    ('gradle.properties', 'org.gradle.jvmargs=-Xmx2g\nsystemProp.http.proxyPassword=Pr0xyPw_23',
     ('Pr0xyPw_23',)),
    ('gradlew', './gradlew publish -Psigning.password=CliSignPw_41 -PossrhPassword=CliOssrh_42',
     ('CliSignPw_41', 'CliOssrh_42')),
    ('gradlew', './gradlew assembleRelease -Pandroid.injected.signing.store.password=InjSt_51 '
     '-Pandroid.injected.signing.key.password=InjKp_52', ('InjSt_51', 'InjKp_52')),
    ('gradlew', 'gradle publishPlugins -Pgradle.publish.key=GpKey8fQ2mZ7 -Pgradle.publish.secret=GpSec3vL9xW1',
     ('GpKey8fQ2mZ7', 'GpSec3vL9xW1')),
    ('gradlew', './gradlew -PsigningInMemoryKeyPassword=InMem_Pw_61 publishToMavenCentral', ('InMem_Pw_61',)),
    ('buildConfigField', 'buildConfigField "String", "API_KEY", "\\"AIzaSyB7xQ2mK9vLp3RtW8nZcY4dF6gH1jE0sUa\\""',
     ('AIzaSyB7xQ2mK9vLp3RtW8nZcY4dF6gH1jE0sUa',)),
    ('buildConfigField', 'buildConfigField("String", "STRIPE_KEY", "\\"pk_live_51Hx9aF3kQ2mZ8xW1vB7nC4d\\"")',
     ('pk_live_51Hx9aF3kQ2mZ8xW1vB7nC4d',)),
    ('buildConfigField', "buildConfigField 'String', 'BACKEND_SECRET', '\"Bk_Secret_6630\"'", ('Bk_Secret_6630',)),
    ('buildConfigField', 'buildConfigField "String", "SENTRY_AUTH_TOKEN", "\\"sntrys_q8Wm2vLp7RtX4nZc\\""',
     ('sntrys_q8Wm2vLp7RtX4nZc',)),
    ('resValue', 'resValue "string", "maps_key", "Mk9vLp3RtW8nZcY4dF6g"', ('Mk9vLp3RtW8nZcY4dF6g',)),
    ('resValue', 'resValue("string", "google_maps_key", "GmK7xQ2mK9vLp3RtW8nZ")', ('GmK7xQ2mK9vLp3RtW8nZ',)),
    ('manifestPlaceholders', 'manifestPlaceholders = [auth0Domain: "x.eu.auth0.com", auth0ClientSecret: '
     '"A0cs_9vLp3RtW8nZcY4dF"]', ('A0cs_9vLp3RtW8nZcY4dF',)),
    # -- Maven --
    ('mvn', 'mvn clean deploy -P release -Dgpg.passphrase=MvnGpg_Pass_71', ('MvnGpg_Pass_71',)),
    ('mvn', 'mvn deploy -DaltDeploymentRepository=corp::default::https://nexus/repo -Dusername=ci '
     '-Dpassword=MvnDeploy_72', ('MvnDeploy_72',)),
    ('mvn', 'mvn -B release:perform -Darguments="-Dgpg.passphrase=NestedGpg_73"', ('NestedGpg_73',)),
    ('mvn', 'mvn sonar:sonar -Dsonar.login=squ_4f8a2b9c1d7e3f6a5b0c9d8e7f6a5b4c3d2e1f0a',
     ('squ_4f8a2b9c1d7e3f6a5b0c9d8e7f6a5b4c3d2e1f0a',)),
    ('mvn', 'mvn flyway:migrate -Dflyway.user=app -Dflyway.password=FlywayPw_74', ('FlywayPw_74',)),
    ('mvn', 'mvn jib:build -Djib.to.auth.username=ci -Djib.to.auth.password=JibPush_75', ('JibPush_75',)),
    ('settings.xml', '<server>\n  <id>ossrh</id>\n  <username>ci</username>\n  <password>SetXml_Pw_76</password>\n'
     '</server>', ('SetXml_Pw_76',)),
    ('settings.xml', '<gpg.passphrase>GpgXml_Pw_77</gpg.passphrase>', ('GpgXml_Pw_77',)),
    ('sbt', 'credentials += Credentials("Sonatype Nexus", "oss.sonatype.org", "deployer", "SbtCred_78")',
     ('SbtCred_78',)),
    # -- Python / code calls with a quoted key among arguments --
    ('configparser', "config.set('db', 'password', 'CfgSet_Pw_81')", ('CfgSet_Pw_81',)),
    ('configparser', 'parser.set("smtp", "smtp_password", "CfgSmtp_82")', ('CfgSmtp_82',)),
    ('configparser', "cfg['database']['password'] = 'CfgIdx_83'", ('CfgIdx_83',)),
    ('keyring', "keyring.set_password('myapp', 'deploy', 'Keyring_Pw_84')", ('Keyring_Pw_84',)),
    ('os.environ', "os.environ.setdefault('DB_PASSWORD', 'EnvDef_Pw_85')", ('EnvDef_Pw_85',)),
    ('call', "client.set_secret('prod', 'api_token', 'CallTok_9vLp3RtW')", ('CallTok_9vLp3RtW',)),
    ('call', 'settings.put("auth", "client_secret", "PutSec_8nZcY4dF")', ('PutSec_8nZcY4dF',)),
    ('call', "redis_conf.setdefault('password', 'SetDef_Pw_86')", ('SetDef_Pw_86',)),
    # -- macOS --
    ('security', 'security import signing.p12 -k ~/Library/Keychains/build.keychain -P P12Imp_Pw_91 -T '
     '/usr/bin/codesign', ('P12Imp_Pw_91',)),
    ('security', 'security unlock-keychain -p KcUnlock_92 build.keychain', ('KcUnlock_92',)),
    ('security', 'security create-keychain -p KcCreate_93 build.keychain', ('KcCreate_93',)),
    ('security', 'security set-keychain-password -o KcOld_94 -p KcNew_95 login.keychain', ('KcOld_94', 'KcNew_95')),
    ('security', 'security set-key-partition-list -S apple-tool:,apple: -s -k KcPart_96 build.keychain',
     ('KcPart_96',)),
    ('security', 'security add-generic-password -a ci -s deploy -w GenPw_Kc_97 -U', ('GenPw_Kc_97',)),
    ('security', 'security add-internet-password -a ci -s git.example.com -w InetPw_98', ('InetPw_98',)),
    ('xcrun', 'xcrun altool --upload-app -f App.ipa -t ios -u dev@example.com --password abcd-efgh-ijkl-mnop',
     ('abcd-efgh-ijkl-mnop',)),
    ('xcrun', 'xcrun altool --notarize-app --primary-bundle-id com.example.app -u ci@example.com -p '
     'qrst-uvwx-yzab-cdef -f app.zip', ('qrst-uvwx-yzab-cdef',)),
    ('xcrun', 'xcrun notarytool store-credentials "AC_PASSWORD" --apple-id ci@example.com --team-id '
     'AB12CD34EF --password wxyz-abcd-efgh-ijkl', ('wxyz-abcd-efgh-ijkl',)),
    ('xcrun', 'xcrun notarytool submit app.zip --apple-id ci@example.com --password mnop-qrst-uvwx-yzab '
     '--team-id AB12CD34EF --wait', ('mnop-qrst-uvwx-yzab',)),
    ('fastlane', 'export FASTLANE_PASSWORD=FlPass_Apple_11\nexport MATCH_PASSWORD=MatchEnc_12',
     ('FlPass_Apple_11', 'MatchEnc_12')),
    ('fastlane', 'FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=ghij-klmn-opqr-stuv', ('ghij-klmn-opqr-stuv',)),
    ('fastlane', 'FASTLANE_SESSION=\'---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: '
     'DAWTKNV2a9f3c8b7d6e5\'', ('DAWTKNV2a9f3c8b7d6e5',)),
    ('fastlane', 'match(type: "appstore", readonly: true, keychain_password: "FlKc_Pw_13")', ('FlKc_Pw_13',)),
    ('fastlane', 'create_keychain(name: "ci", password: "FlCreate_14", default_keychain: true)', ('FlCreate_14',)),
    ('fastlane', 'MATCH_KEYCHAIN_PASSWORD="MatchKc_15" bundle exec fastlane beta', ('MatchKc_15',)),
    ('codesign', 'openssl pkcs12 -export -in cert.pem -inkey key.pem -out cert.p12 -passout pass:P12Out_16',
     ('P12Out_16',)),
    # -- Windows signing --
    ('signtool', 'signtool sign /f codesign.pfx /p SignPfx_Pw_21 /fd SHA256 /tr http://ts.example.com /td '
     'SHA256 bin\\App.exe', ('SignPfx_Pw_21',)),
    ('signtool', '"C:\\Program Files (x86)\\Windows Kits\\10\\bin\\x64\\signtool.exe" sign /v /f cert.pfx /p '
     '"Sp ace_Pw22" setup.msi', ('Sp ace_Pw22',)),
    ('certutil', 'certutil -f -p CertU_Pw_23 -importpfx My corp.pfx', ('CertU_Pw_23',)),
    ('certutil', 'certutil -user -p "CertU_Pw_24" -importPFX user.pfx NoExport', ('CertU_Pw_24',)),
    ('certutil', 'certutil -exportPFX -p CertExp_25 My 1a2b3c4d out.pfx', ('CertExp_25',)),
    ('pk12util', 'pk12util -i user.p12 -d sql:$HOME/.pki/nssdb -W P12File_26 -K NssDb_27', ('P12File_26', 'NssDb_27')),
    ('pk12util', 'pk12util -o backup.p12 -n "Server-Cert" -d /etc/pki/nssdb -W Bkp_P12_28', ('Bkp_P12_28',)),
    ('osslsigncode', 'osslsigncode sign -pkcs12 cert.p12 -pass OsslSign_29 -n "App" -t http://ts -in a.exe '
     '-out a-signed.exe', ('OsslSign_29',)),
    ('osslsigncode', 'osslsigncode sign -certs cert.spc -key key.pvk -pass "OsslPvk_30" -in a.msi -out b.msi',
     ('OsslPvk_30',)),
    ('nuget', 'nuget push bin\\Release\\Lib.1.2.3.nupkg -ApiKey oy2k4f8a2b9c1d7e3f6a5b0c9d8e7f6a5b4c3d2e1f0ab '
     '-Source https://api.nuget.org/v3/index.json', ('oy2k4f8a2b9c1d7e3f6a5b0c9d8e7f6a5b4c3d2e1f0ab',)),
    ('nuget', 'nuget setapikey NugetSetKey_9vLp3RtW8nZ -Source https://nuget.example.com/v3/index.json',
     ('NugetSetKey_9vLp3RtW8nZ',)),
    ('nuget', 'dotnet nuget push pkg.nupkg --api-key DnPushKey_8nZcY4dF6g --source github', ('DnPushKey_8nZcY4dF6g',)),
    ('nuget', 'dotnet nuget push "*.nupkg" -k DnShortK_7xQ2mK9v -s https://nuget.example.com', ('DnShortK_7xQ2mK9v',)),
    ('nuget', 'dotnet nuget add source https://pkgs.example.com/_packaging/feed/nuget/v3/index.json -n corp -u ci '
     '--password DnSrc_Pw_31 --store-password-in-clear-text', ('DnSrc_Pw_31',)),
    ('nuget', 'nuget sources add -Name corp -Source https://feed/v3 -Username ci -Password NuSrc_Pw_32',
     ('NuSrc_Pw_32',)),
    ('nuget.config', '<packageSourceCredentials>\n  <corp>\n    <add key="Username" value="ci" />\n'
     '    <add key="ClearTextPassword" value="NuCfg_Pw_33" />\n  </corp>\n</packageSourceCredentials>',
     ('NuCfg_Pw_33',)),
    ('user-secrets', 'dotnet user-secrets set "Db:Password" "UsrSec_Pw_34"', ('UsrSec_Pw_34',)),
    ('user-secrets', 'dotnet user-secrets set "Authentication:Google:ClientSecret" GoCs_9vLp3RtW --project src/Web',
     ('GoCs_9vLp3RtW',)),
    ('user-secrets', 'dotnet user-secrets set ConnectionStrings:Default "Server=db;User Id=sa;Password=UsrConn_35"',
     ('UsrConn_35',)),
    ('msbuild', 'msbuild App.sln /t:Publish /p:Configuration=Release /p:Password=MsbPub_Pw_36 /p:UserName=deploy',
     ('MsbPub_Pw_36',)),
    ('msbuild', 'msbuild Web.csproj /p:DeployOnBuild=true /p:PublishProfile=Prod /p:Password="MsbQ_Pw_37"',
     ('MsbQ_Pw_37',)),
    ('msbuild', 'dotnet publish -c Release -p:PackageCertificatePassword=MsixCert_38', ('MsixCert_38',)),
    ('msbuild', 'msbuild /p:AndroidSigningKeyPass=XamKp_39 /p:AndroidSigningStorePass=XamSp_40',
     ('XamKp_39', 'XamSp_40')),
    ('msdeploy', 'msdeploy -verb:sync -source:package=app.zip -dest:auto,computerName=https://web:8172/msdeploy.axd,'
     'userName=deploy,password=MsDep_Pw_41,authtype=Basic', ('MsDep_Pw_41',)),
    # -- PowerShell --
    ('powershell', '$pw = ConvertTo-SecureString "PsSec_Pw_51" -AsPlainText -Force', ('PsSec_Pw_51',)),
    ('powershell', "$secure = ConvertTo-SecureString -String 'PsStr_Pw_52' -AsPlainText -Force", ('PsStr_Pw_52',)),
    ('powershell', '$cred = New-Object System.Management.Automation.PSCredential("svc_deploy", '
     '(ConvertTo-SecureString "PsCred_Pw_53" -AsPlainText -Force))', ('PsCred_Pw_53',)),
    ('powershell', '$cred = [pscredential]::new("admin", (ConvertTo-SecureString -AsPlainText -Force '
     '-String "PsNew_Pw_54"))', ('PsNew_Pw_54',)),
    ('powershell', 'Invoke-Sqlcmd -ServerInstance sql01 -Database App -Username sa -Password PsSql_Pw_55 '
     '-Query "SELECT 1"', ('PsSql_Pw_55',)),
    ('powershell', "Invoke-Sqlcmd -ServerInstance 'sql01' -Username 'sa' -Password 'PsSqlQ_56' -InputFile .\\m.sql",
     ('PsSqlQ_56',)),
    ('powershell', 'Connect-AzAccount -ServicePrincipal -Tenant 00000000-1111-2222-3333-444444444444 '
     '-Credential (New-Object PSCredential("app-id", (ConvertTo-SecureString "AzSp~9vLp3RtW8nZcY4dF6g" '
     '-AsPlainText -Force)))', ('AzSp~9vLp3RtW8nZcY4dF6g',)),
    ('powershell', '$env:API_TOKEN = "PsEnvTok_8nZcY4dF6g"', ('PsEnvTok_8nZcY4dF6g',)),
    ('powershell', "$env:DB_PASSWORD='PsEnvDb_57'", ('PsEnvDb_57',)),
    ('powershell', '[Environment]::SetEnvironmentVariable("DB_PASS", "PsSetEnv_58", "Machine")', ('PsSetEnv_58',)),
    ('powershell', "[System.Environment]::SetEnvironmentVariable('GITHUB_TOKEN', "
     "'ghp_9aF3kQ2mZ8xW1vB7nC4dE5fG6hJ7kL8mN9pQ', 'User')", ('ghp_9aF3kQ2mZ8xW1vB7nC4dE5fG6hJ7kL8mN9pQ',)),
    ('powershell', 'Set-Item -Path Env:SQL_PASSWORD -Value "PsSetItem_59"', ('PsSetItem_59',)),
    ('powershell', 'New-LocalUser -Name "svc" -Password (ConvertTo-SecureString "PsLocal_60" -AsPlainText -Force)',
     ('PsLocal_60',)),
    ('powershell', 'Connect-MgGraph -ClientId $appId -TenantId $tid -ClientSecret "PsMgSec_61"', ('PsMgSec_61',)),
    ('powershell', 'Publish-Module -Name MyTools -NuGetApiKey oy2pq9vLp3RtW8nZcY4dF6gH1jE0sUa7xQ2mK9vLp3R',
     ('oy2pq9vLp3RtW8nZcY4dF6gH1jE0sUa7xQ2mK9vLp3R',)),
    ('powershell', 'Invoke-RestMethod -Uri $url -Headers @{ Authorization = "Bearer PsBearer_9vLp3RtW8nZc" }',
     ('PsBearer_9vLp3RtW8nZc',)),
    ('powershell', '$headers = @{ "X-Api-Key" = "PsHdrKey_8nZcY4dF6g" }', ('PsHdrKey_8nZcY4dF6g',)),
    ('powershell', 'Set-Secret -Name GitHub -Secret "PsVault_62"', ('PsVault_62',)),
    ('powershell', 'New-PSDrive -Name Z -PSProvider FileSystem -Root \\\\fs\\share -Credential '
     '(New-Object PSCredential "corp\\svc", (ConvertTo-SecureString "PsDrive_63" -AsPlainText -Force))',
     ('PsDrive_63',)),
    ('powershell', 'Add-AzureRmAccount -ServicePrincipal -ApplicationId $id -Password PsArmPw_64 -TenantId $t',
     ('PsArmPw_64',)),
    ('powershell', 'az login --service-principal -u http://ci -p PsAzCli_65 --tenant example.onmicrosoft.com',
     ('PsAzCli_65',)),
    ('powershell', 'Connect-PnPOnline -Url $site -ClientId $cid -ClientSecret PsPnp_Sec_66', ('PsPnp_Sec_66',)),
    ('powershell', 'Import-PfxCertificate -FilePath cert.pfx -CertStoreLocation Cert:\\LocalMachine\\My '
     '-Password (ConvertTo-SecureString -String "PsPfx_67" -Force -AsPlainText)', ('PsPfx_67',)),
    ('powershell', 'Connect-ExchangeOnline -CertificateFilePath c.pfx -CertificatePassword '
     '(ConvertTo-SecureString -String "PsExo_68" -AsPlainText -Force) -AppID $a', ('PsExo_68',)),
    ('powershell', 'cmdkey /generic:TERMSRV/web01 /user:corp\\admin /pass:PsCmdkey_69', ('PsCmdkey_69',)),
    ('windows', 'net use Z: \\\\fs01\\share WinNetUse_70 /user:corp\\svc /persistent:no', ('WinNetUse_70',)),
    ('windows', 'net user svc_backup WinNetUser_71 /add', ('WinNetUser_71',)),
    ('windows', 'schtasks /create /tn Backup /tr backup.cmd /sc daily /ru corp\\svc /rp WinSch_72', ('WinSch_72',)),
    ('windows', 'sc.exe config MySvc obj= "corp\\svc" password= WinSc_73', ('WinSc_73',)),
    ('windows', 'runas /user:admin /savecred "cmd"\npsexec \\\\srv -u corp\\admin -p WinPsexec_74 cmd',
     ('WinPsexec_74',)),
    ('windows', 'setx DB_PASSWORD "WinSetx_75" /M', ('WinSetx_75',)),
    ('windows', 'set SQLCMDPASSWORD=WinSqlcmd_76', ('WinSqlcmd_76',)),
    ('windows', 'sqlcmd -S sql01 -U sa -P WinSqlP_77 -i deploy.sql', ('WinSqlP_77',)),
    ('windows', 'bcp dbo.Orders out orders.dat -S sql01 -U sa -P WinBcp_78 -c', ('WinBcp_78',)),
    # -- single-dash flags in general --
    ('dash-flag', 'tool.exe -user admin -password DashPw_81 -host db01', ('DashPw_81',)),
    ('dash-flag', 'deploy.ps1 -ApiKey DashApiKey_82 -Environment prod', ('DashApiKey_82',)),
    ('dash-flag', '.\\release.ps1 -Token DashTok_9vLp3RtW -Verbose', ('DashTok_9vLp3RtW',)),
    ('dash-flag', 'java -jar migrate.jar -url jdbc:postgresql://db/app -user app -password DashJdbc_83',
     ('DashJdbc_83',)),
    ('dash-flag', 'setup.exe /quiet -clientsecret DashCs_84 -tenant corp', ('DashCs_84',)),
    ('dash-flag', 'keystore-tool -storepass DashSp_85 -alias app', ('DashSp_85',)),
    ('dash-flag', 'Register-Agent -Url https://ci -AccessToken DashAt_8nZcY4dF6g', ('DashAt_8nZcY4dF6g',)),
    ('dash-flag', 'New-AzADSpCredential -ObjectId $oid -Secret DashSecret_86', ('DashSecret_86',)),
    ('dash-flag', 'vault-cli -secret-key DashSk_87 -access-key AKIAIOSFODNN7EXAMPLX', ('DashSk_87',)),
    ('dash-flag', 'ffmpeg -i in.mp4 -f flv rtmp://live.example.com/app/ -passphrase DashPp_88', ('DashPp_88',)),
    # -- provider-qualified key names --
    ('provider-key', 'maps_api_key=ProvMaps_9vLp3RtW8nZc', ('ProvMaps_9vLp3RtW8nZc',)),
    ('provider-key', 'MAPBOX_TOKEN: ProvMapbox_8nZcY4dF6g', ('ProvMapbox_8nZcY4dF6g',)),
    ('provider-key', 'algolia_admin_key = "ProvAlgolia7xQ2mK9v"', ('ProvAlgolia7xQ2mK9v',)),
    ('provider-key', 'firebase_secret: ProvFirebase_3RtW8nZ', ('ProvFirebase_3RtW8nZ',)),
    ('provider-key', 'google_maps_key=ProvGmaps_Y4dF6gH1jE', ('ProvGmaps_Y4dF6gH1jE',)),
    ('provider-key', '<string name="google_maps_key">ProvGmXml_9vLp3RtW</string>', ('ProvGmXml_9vLp3RtW',)),
    ('provider-key', '"mapboxAccessToken": "ProvMbJson_8nZcY4dF"', ('ProvMbJson_8nZcY4dF',)),
    ('provider-key', 'ALGOLIA_SEARCH_ADMIN_KEY=ProvAlgAdm_2mK9vLp', ('ProvAlgAdm_2mK9vLp',)),
    ('provider-key', 'sentry_dsn_secret = ProvSentry_W8nZcY4', ('ProvSentry_W8nZcY4',)),
    ('provider-key', 'onesignal_rest_key: ProvOneSig_dF6gH1jE', ('ProvOneSig_dF6gH1jE',)),
    ('provider-key', 'pusher_app_secret=ProvPusher_9vLp3Rt', ('ProvPusher_9vLp3Rt',)),
    ('provider-key', 'mixpanel_secret: ProvMixpanel_8nZcY4', ('ProvMixpanel_8nZcY4',)),
    ('provider-key', 'segment_write_key = "ProvSegment_K9vLp3"', ('ProvSegment_K9vLp3',)),
    ('provider-key', 'bugsnag_api_key=ProvBugsnag_3RtW8nZ', ('ProvBugsnag_3RtW8nZ',)),
    ('provider-key', 'crashlytics_key: ProvCrash_Y4dF6gH1', ('ProvCrash_Y4dF6gH1',)),
    ('provider-key', 'here_app_code=ProvHere_9vLp3RtW', ('ProvHere_9vLp3RtW',)),
    # -- a second batch, written after the first fixes (apksigner, bundletool, choco, twine, vsce, Set-Content) --
    ('second-batch',
     'apksigner sign --ks release.jks --ks-pass pass:ApkKs_Pw_1 --key-pass pass:ApkKp_Pw_2 app'
     '.apk',
     ('ApkKs_Pw_1', 'ApkKp_Pw_2')),
    ('second-batch',
     'java -jar bundletool.jar build-apks --bundle=app.aab --ks=upload.jks --ks-pass=pass:BtKs'
     '_Pw_3 --ks-key-alias=upload --key-pass=pass:BtKp_Pw_4',
     ('BtKs_Pw_3', 'BtKp_Pw_4')),
    ('second-batch', 'Invoke-Sqlcmd -ServerInstance sql01 -Username sa -Password:"PsColon_Pw_5"', ('PsColon_Pw_5',)),
    ('second-batch', "$secure = 'PsPipe_Pw_6' | ConvertTo-SecureString -AsPlainText -Force", ('PsPipe_Pw_6',)),
    ('second-batch', 'choco apikey -k ChocoKey_7xQ2mK9v -s https://push.chocolatey.org/', ('ChocoKey_7xQ2mK9v',)),
    ('second-batch',
     'choco push pkg.nupkg --api-key ChocoPush_8nZcY4 --source https://push.example.org/',
     ('ChocoPush_8nZcY4',)),
    ('second-batch', 'twine upload -u deployer -p TwinePw_9vLp3 dist/*', ('TwinePw_9vLp3',)),
    ('second-batch', 'vsce publish -p VsceTok_3RtW8nZcY4dF', ('VsceTok_3RtW8nZcY4dF',)),
    ('second-batch', 'npx ovsx publish -p OvsxTok_Y4dF6gH1jE', ('OvsxTok_Y4dF6gH1jE',)),
    ('second-batch',
     'nuget sign pkg.nupkg -CertificatePath c.pfx -CertificatePassword NuSign_Pw_10',
     ('NuSign_Pw_10',)),
    ('second-batch',
     'dotnet nuget sign pkg.nupkg --certificate-path c.pfx --certificate-password DnSign_Pw_11',
     ('DnSign_Pw_11',)),
    ('second-batch', 'fastlane match appstore --keychain_password FlKc_Pw_12', ('FlKc_Pw_12',)),
    ('second-batch', 'unlock_keychain(path: "login.keychain", password: "FlUnl_Pw_13")', ('FlUnl_Pw_13',)),
    ('second-batch',
     'cordova build android --release -- --keystore=r.jks --storePassword=CdvSt_Pw_14 --alias='
     'r --password=CdvPw_15',
     ('CdvSt_Pw_14', 'CdvPw_15')),
    ('second-batch',
     'Export-PfxCertificate -Cert $c -FilePath c.pfx -Password (ConvertTo-SecureString -String'
     ' "PsExp_Pw_16" -Force -AsPlainText)',
     ('PsExp_Pw_16',)),
    ('second-batch',
     'New-ADUser -Name svc -AccountPassword (ConvertTo-SecureString "PsAd_Pw_17" -AsPlainText '
     '-Force) -Enabled $true',
     ('PsAd_Pw_17',)),
    ('second-batch',
     'Set-ADAccountPassword -Identity svc -Reset -NewPassword (ConvertTo-SecureString -AsPlain'
     'Text "PsReset_Pw_18" -Force)',
     ('PsReset_Pw_18',)),
    ('second-batch',
     '$Credential = New-Object System.Management.Automation.PSCredential ("svc", $(ConvertTo-S'
     'ecureString "PsSub_Pw_19" -AsPlainText -Force))',
     ('PsSub_Pw_19',)),
    ('second-batch',
     'gpg --batch --pinentry-mode loopback --passphrase GpgBatch_Pw_20 --sign file',
     ('GpgBatch_Pw_20',)),
    ('second-batch', 'jarsigner -keystore k.jks -storepass:env STOREPW -keypass KpOnly_21 a.jar alias', ('KpOnly_21',)),
    ('second-batch',
     'zipalign -v 4 in.apk out.apk && apksigner sign --ks k.jks --ks-pass env:KS_PASS --key-pa'
     'ss pass:ApkMix_22 out.apk',
     ('ApkMix_22',)),
    ('second-batch',
     'msbuild /t:SignAndroidPackage /p:AndroidKeyStore=True /p:AndroidSigningKeyStore=k.keysto'
     're /p:AndroidSigningStorePass=XaSt_23 /p:AndroidSigningKeyPass=XaKp_24',
     ('XaSt_23', 'XaKp_24')),
    ('second-batch',
     '$env:NUGET_API_KEY = "oy2kNuEnv9vLp3RtW8nZcY4dF6gH1jE0sUa7xQ2mK9vL"',
     ('oy2kNuEnv9vLp3RtW8nZcY4dF6gH1jE0sUa7xQ2mK9vL',)),
    ('second-batch', 'Set-Item -Path Env:\\GITHUB_TOKEN -Value "PsGh_9vLp3RtW8nZc"', ('PsGh_9vLp3RtW8nZc',)),
    ('second-batch', 'Set-Content -Path Env:DB_PASSWORD -Value PsSc_Pw_25', ('PsSc_Pw_25',)),
    ('second-batch',
     'security import cert.p12 -k build.keychain -P "" -T /usr/bin/codesign\nsecurity import ke'
     'y.p12 -k build.keychain -P P12Second_26 -A',
     ('P12Second_26',)),
    ('second-batch',
     'keytool -exportcert -alias a -keystore k.jks -storepass:file pw.txt -rfc\nkeytool -delete'
     ' -alias b -keystore k.jks -storepass DelSt_27',
     ('DelSt_27',)),
    ('second-batch', 'certutil -f -p "Pfx Space 28" -importpfx c.pfx', ('Pfx Space 28',)),
    ('second-batch',
     'signtool.exe sign /fd sha256 /f "C:\\certs\\code.pfx" /p "SignQ_29" /t http://ts app.exe',
     ('SignQ_29',)),
    ('second-batch', 'SIGNING_KEY_PASSWORD=GhSign_Pw_30 ./gradlew publish', ('GhSign_Pw_30',)),
    ('second-batch', 'ORG_GRADLE_PROJECT_signingPassword=OrgGr_Pw_31', ('OrgGr_Pw_31',)),
    ('second-batch', 'ORG_GRADLE_PROJECT_mavenCentralPassword: OrgMc_Pw_32', ('OrgMc_Pw_32',)),
    ('second-batch',
     '  storePassword System.getenv("RELEASE_STORE_PASSWORD") ?: "FallBack_Pw_33"',
     ('FallBack_Pw_33',)),
    ('second-batch',
     'release { storeFile file("r.jks"); storePassword "InlSt_34"; keyAlias "r"; keyPassword "'
     'InlKp_35" }',
     ('InlSt_34', 'InlKp_35')),
]
CONTROLS: tuple[str, ...] = (
    'jarsigner -verify -verbose -certs app-release.apk',
    'keytool -list -v -keystore release.jks -storepass:env KEYSTORE_PASSWORD',
    'keytool -list -keystore release.jks -storepass "$STORE_PASS"',
    'keytool -genkeypair -keystore k.jks -storepass ${KEYSTORE_PASSWORD} -keypass ${KEY_PASSWORD}',
    'storePassword System.getenv("RELEASE_STORE_PASSWORD")',
    'storePassword = providers.gradleProperty("storePassword").get()',
    "keyPassword keystoreProperties['keyPassword']",
    'RELEASE_STORE_PASSWORD=<your store password>',
    'signing.password=changeme',
    './gradlew assembleRelease -Dfile.encoding=UTF-8 --stacktrace',
    './gradlew publish -Psigning.password=$SIGNING_PASSWORD',
    'buildConfigField "String", "API_BASE_PATH", "\\"/v2/\\""',
    'buildConfigField "boolean", "ENABLE_LOGS", "false"',
    'buildConfigField "String", "API_KEY", "\\"${apiKey}\\""',
    'resValue "string", "app_name", "Example App"',
    'mvn -B clean verify -DskipTests -Dmaven.javadoc.skip=true',
    'mvn deploy -Dgpg.passphrase=${env.GPG_PASSPHRASE}',
    "config.set('db', 'host', 'db01')",
    "config.set('db', 'port', '5432')",
    "config.set('db', 'password', os.environ['DB_PASSWORD'])",
    "config.get('db', 'password')",
    'security find-identity -v -p codesigning',
    'security unlock-keychain -p "$KEYCHAIN_PASSWORD" build.keychain',
    'security list-keychains -d user -s build.keychain login.keychain',
    'xcrun altool --upload-app -f App.ipa -u "$AC_USER" --password "@keychain:AC_PASSWORD"',
    'xcrun notarytool submit app.zip --keychain-profile "AC_PASSWORD" --wait',
    'export MATCH_PASSWORD=$MATCH_PASSWORD_SECRET',
    'signtool sign /a /fd SHA256 /td SHA256 /n "Example" App.exe',
    'signtool verify /pa /v App.exe',
    'certutil -hashfile setup.exe SHA256',
    'certutil -L -d sql:$HOME/.pki/nssdb',
    'modutil -dbdir sql:/etc/pki/nssdb -changepw "token" -newpwfile /tmp/pw',
    'osslsigncode verify -in a-signed.exe',
    'nuget push pkg.nupkg -ApiKey $env:NUGET_API_KEY -Source local',
    'dotnet nuget push pkg.nupkg --api-key ${{ secrets.NUGET_KEY }} --source github',
    'dotnet user-secrets list --project src/Web',
    'dotnet user-secrets set "Db:Password" "<password>"',
    'msbuild App.sln /p:Configuration=Release /p:Platform="Any CPU" /m',
    'msbuild App.sln /p:Password=$(DeployPassword)',
    '$pw = Read-Host -AsSecureString "Password"',
    '$cred = Get-Credential -UserName admin -Message "Enter password"',
    '$secure = ConvertTo-SecureString $plain -AsPlainText -Force',
    '$secure = ConvertTo-SecureString $(Get-Content .\\pw.txt) -AsPlainText -Force',
    '$secure = ConvertTo-SecureString (Get-Secret -Name Db -AsPlainText) -AsPlainText -Force',
    'Invoke-Sqlcmd -ServerInstance sql01 -Database App -Query "SELECT 1" -TrustServerCertificate',
    'Invoke-Sqlcmd -ServerInstance sql01 -Username sa -Password $env:SQL_PASSWORD',
    'Invoke-Sqlcmd -ServerInstance sql01 -Username sa -Password $(Get-Secret SqlSa -AsPlainText)',
    'Connect-AzAccount -ServicePrincipal -Tenant $tid -Credential $cred',
    'Connect-MgGraph -ClientId $appId -TenantId $tid -ClientSecret @(Get-Content secret.txt)',
    '$env:API_TOKEN = (Get-Secret -Name ApiToken -AsPlainText)',
    '$env:PATH = "C:\\tools;" + $env:PATH',
    '[Environment]::SetEnvironmentVariable("DB_PASS", $dbPass, "Machine")',
    '[Environment]::SetEnvironmentVariable("ASPNETCORE_ENVIRONMENT", "Production", "Machine")',
    'Set-ADAccountPassword -Identity svc -Reset -NewPassword $newPw',
    'Get-ChildItem -Path Cert:\\LocalMachine\\My | Where-Object { $_.Thumbprint -eq $thumb }',
    'Restart-Service -Name W3SVC -Force',
    'tool.exe -user admin -password-file C:\\secrets\\pw.txt -host db01',
    'deploy.ps1 -ApiKey $ApiKey -Environment prod',
    'param([string]$Password, [string]$ApiKey, [switch]$Force)',
    'Get-Help Invoke-Sqlcmd -Parameter Password',
    'maps_api_key=${MAPS_API_KEY}',
    'google_maps_key=YOUR_API_KEY_HERE',
    'algolia_app_id = "LATENCY7Q2"',
    '<string name="google_maps_key" translatable="false">@string/maps_key_placeholder</string>',
    'setx PATH "C:\\tools;%PATH%"',
    'setx JAVA_HOME "C:\\Program Files\\Java\\jdk-17"',
    'dotnet user-secrets set "Logging:LogLevel:Default" "Debug"',
    'Set-Item -Path Env:ASPNETCORE_ENVIRONMENT -Value "Production"',
    'Enter-PSSession -ComputerName srv01 -Credential corp\\admin',
    'fields = ("username", "password", "email")',
    "config.set('smtp', 'password_file', '/etc/smtp.pw')",
    'jarsigner -keystore release.jks -storepass:file store.pw app.apk upload',
    'keytool -storepasswd -keystore k.jks',
    'security unlock-keychain -p "" build.keychain',
    'pk12util -i user.p12 -d sql:$HOME/.pki/nssdb -w p12.pw -k nss.pw',
    'signtool sign /sha1 1A2B3C4D5E6F7A8B9C0D1E2F3A4B5C6D7E8F9A0B /fd SHA256 App.exe',
    'certutil -repairstore My 1a2b3c4d',
    'osslsigncode sign -pkcs12 cert.p12 -readpass pass.txt -in a.exe -out b.exe',
    'New-AzADSpCredential -ObjectId $oid -EndDate (Get-Date).AddYears(1)',
    '$env:API_TOKEN = $(Get-Content .\\token.txt -Raw)',
    'Connect-PnPOnline -Url $site -Interactive',
    'Write-Host "Deploying $Version to $Environment"',
    'deploy.ps1 -Token $(az account get-access-token --query accessToken -o tsv)',
)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_signing_or_admin_secret_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_build_and_admin_lines_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text,name", [
    ("Cheers -Avery Johnson", "Avery Johnson"),
    ("Met Avery Grant-Smith today", "Grant-Smith"),
    ("Notes from Jean-Pierre Dubois on the rollout", "Dubois"),
])
def test_a_name_after_a_dash_in_prose_is_still_a_name(mode, text, name):
    assert name not in redact_text(mode, text)
