"""Hold-out probes, round 10 (r10-langs): secrets in less-covered languages, frameworks and IaC dialects.

Written before reading the detectors: single lines and short snippets in Elixir (config.exs, runtime.exs,
module attributes, Req/Redix), Erlang (sys.config tuples, ``-define``, vm.args ``-setcookie``), Rust (const,
struct literals, builder calls, ``Some("v")``, .cargo/credentials.toml), Scala and sbt (credentials files,
``Credentials(...)``, HOCON, doobie, sttp), Kotlin and the Gradle Kotlin DSL, Groovy and Jenkinsfiles (JCasC),
Perl (DBI->connect, hashes, LWP), Lua (OpenResty, Neovim plugins, redis-cli), R (Sys.setenv, dbConnect,
.Renviron, ``<-``, httr), Julia, Dart and Flutter, Swift and Objective-C, Haskell, OCaml, Clojure (EDN,
project.clj, Aero), F#, VB.NET and VBA macros, Delphi/Pascal (FireDAC, DFM), PowerShell DSC and splatting,
Tcl and expect, Nix (NixOS options), Jsonnet, CUE, Dhall, Pkl, Bicep, ARM templates, CloudFormation (NoEcho
defaults), SAM, Serverless, Pulumi, Nomad and Consul HCL, Salt, Puppet, Chef and Crossplane; a second batch
(written after the first fixes) tried other shapes of the same languages, and six whole files (runtime.exs,
a Jenkinsfile, configuration.nix, a CloudFormation template, project.clj, an OpenResty script) check that
their code survives around the values. Controls: ordinary code of the same languages (environment lookups
without a default, prompts, getters, secret-store lookups, ``$VAR`` flags, Grafana ``$__file{}``, Dhall
``env:X``, version pins, placeholders).

Main before the round leaked 43 of the 296 line rows in both modes (32 of the first 241; the first fixes
caught 5 of the second batch's 11 before it was fixed) and 1 of the 6 files, and changed 6 of the 128
controls in strict and 6 of 136 in balanced (``-p $PASS`` on a login line, ``inputsecret("Password: ")``,
``getSecret('name')``, ``data_bag_item('secrets', 'mysql')``, ``$__file{...}``, ``env:DB_PASSWORD as
Text``); now no line row leaks, one file value does (``KNOWN_LEAKS``), and no control changes.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # -- Elixir --
    ('elixir_config',
     'config :my_app, MyApp.Repo,\n  username: "postgres",\n  password: "ExRepo_Pw_1001"'
     ',\n  hostname: "localhost"',
     ('ExRepo_Pw_1001',)),
    ('elixir_config',
     'config :my_app, MyAppWeb.Endpoint,\n  secret_key_base: "Yk3pL9qW2eR5tY8uI1oP4aS7d'
     'F0gH3jK6lZ9xC2vB5nM8qW1eR4tY7uI0oP3aS6d"',
     ('Yk3pL9qW2eR5tY8uI1oP4aS7dF0gH3jK6lZ9xC2vB5nM8qW1eR4tY7uI0oP3aS6d',)),
    ('elixir_config',
     'config :my_app, MyApp.Guardian,\n  issuer: "my_app",\n  secret_key: "ExGuardian_Sk'
     '_1002"',
     ('ExGuardian_Sk_1002',)),
    ('elixir_config',
     'config :stripity_stripe, api_key: "sk_live_51Hx9fakeFAKEfake0123456789abcdEFGH"',
     ('sk_live_51Hx9fakeFAKEfake0123456789abcdEFGH',)),
    ('elixir_config',
     'config :ex_aws,\n  access_key_id: "AKIAIOSFODNN7EXAMPLE",\n  secret_access_key: "E'
     'xAwsSecret/K7MDENGbPxRfiCY1003abc"',
     ('ExAwsSecret/K7MDENGbPxRfiCY1003abc',)),
    ('elixir_runtime',
     'database_url =\n  System.get_env("DATABASE_URL") ||\n    "ecto://app:ExRt_Pw_1004@'
     'db.internal/app_prod"',
     ('ExRt_Pw_1004',)),
    ('elixir_runtime',
     'secret_key_base = System.get_env("SECRET_KEY_BASE", "ExFallback_Skb_1005_qwertyu'
     'iop")',
     ('ExFallback_Skb_1005_qwertyuiop',)),
    ('elixir_config',
     'config :my_app, MyApp.Mailer,\n  adapter: Swoosh.Adapters.SMTP,\n  relay: "smtp.ex'
     'ample.com",\n  username: "mailer",\n  password: "ExSmtp_Pw_1006"',
     ('ExSmtp_Pw_1006',)),
    ('elixir_code',
     '@api_token "ExAttr_Tok_1007_zxcvbnm"',
     ('ExAttr_Tok_1007_zxcvbnm',)),
    ('elixir_code',
     '{:ok, conn} = Redix.start_link(host: "redis", password: "ExRedix_Pw_1008")',
     ('ExRedix_Pw_1008',)),
    ('elixir_code',
     'Req.get!(url, auth: {:basic, "svc:ExReq_Pw_1009"})',
     ('ExReq_Pw_1009',)),
    ('elixir_code',
     'headers = [{"authorization", "Bearer ExBearer_Tok_1010abcdEFGH"}]',
     ('ExBearer_Tok_1010abcdEFGH',)),
    ('elixir_config',
     'config :joken, default_signer: "ExJoken_Signer_1011"',
     ('ExJoken_Signer_1011',)),
    # -- Erlang --
    ('erlang_sysconfig',
     '[{my_app, [{db_user, "app"}, {db_password, "ErlDb_Pw_1101"}]}].',
     ('ErlDb_Pw_1101',)),
    ('erlang_sysconfig',
     '{rabbit, [{default_user, <<"admin">>}, {default_pass, <<"ErlRabbit_Pw_1102">>}]}',
     ('ErlRabbit_Pw_1102',)),
    ('erlang_sysconfig',
     '{kernel, [{inet_dist_use_interface, {127,0,0,1}}]},\n{my_app, [{api_key, "ErlApi_'
     'Key_1103_lkjhgf"}]}',
     ('ErlApi_Key_1103_lkjhgf',)),
    ('erlang_code',
     '-define(SECRET, <<"ErlMacro_Secret_1104">>).',
     ('ErlMacro_Secret_1104',)),
    ('erlang_code',
     '{ok, C} = epgsql:connect("db", "app", "ErlPg_Pw_1105", #{database => "app"}).',
     ('ErlPg_Pw_1105',)),
    ('erlang_code',
     'Opts = #{username => <<"svc">>, password => <<"ErlMap_Pw_1106">>},',
     ('ErlMap_Pw_1106',)),
    ('erlang_vmargs',
     '-setcookie ErlCookie_1107XYZ\n-name node1@host',
     ('ErlCookie_1107XYZ',)),
    # -- Rust --
    ('rust_const',
     'const API_KEY: &str = "RsConst_Key_1201_poiuyt";',
     ('RsConst_Key_1201_poiuyt',)),
    ('rust_const',
     'static DB_PASSWORD: &\'static str = "RsStatic_Pw_1202";',
     ('RsStatic_Pw_1202',)),
    ('rust_struct',
     'let cfg = Config {\n    host: "db".into(),\n    user: "app".to_string(),\n    passw'
     'ord: "RsStruct_Pw_1203".to_string(),\n};',
     ('RsStruct_Pw_1203',)),
    ('rust_builder',
     'let client = reqwest::Client::new().get(url).bearer_auth("RsBearer_Tok_1204abc")'
     '.send().await?;',
     ('RsBearer_Tok_1204abc',)),
    ('rust_builder',
     'let resp = client.get(url).basic_auth("svc", Some("RsBasic_Pw_1205")).send()?;',
     ('RsBasic_Pw_1205',)),
    ('rust_builder',
     'let opts = PgConnectOptions::new().host("db").username("app").password("RsPgOpt_'
     'Pw_1206");',
     ('RsPgOpt_Pw_1206',)),
    ('rust_env',
     'let token = env::var("GH_TOKEN").unwrap_or_else(|_| "ghp_R7sFallbackTok1207abcde'
     'fghijklmnopqr".to_string());',
     ('ghp_R7sFallbackTok1207abcdefghijklmnopqr',)),
    ('rust_env',
     'let secret = std::env::var("JWT_SECRET").unwrap_or("RsUnwrapOr_Secret_1208".into'
     '());',
     ('RsUnwrapOr_Secret_1208',)),
    ('rust_url',
     'let pool = PgPool::connect("postgres://app:RsPool_Pw_1209@localhost/app").await?'
     ';',
     ('RsPool_Pw_1209',)),
    ('cargo_credentials',
     '[registry]\ntoken = "cio1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7"',
     ('cio1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7',)),
    ('cargo_credentials',
     '[registries.my-registry]\ntoken = "CargoPriv_Tok_1210_qwerty"',
     ('CargoPriv_Tok_1210_qwerty',)),
    ('cargo_env',
     'CARGO_REGISTRY_TOKEN=cioZ9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J',
     ('cioZ9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J',)),
    ('rust_header',
     '.header("X-Api-Key", "RsHeader_Key_1211_mnbv")',
     ('RsHeader_Key_1211_mnbv',)),
    ('rust_header',
     '.header(AUTHORIZATION, "Bearer RsAuthConst_1212abcdef")',
     ('RsAuthConst_1212abcdef',)),
    # -- Scala / sbt --
    ('sbt_credentials',
     'realm=Sonatype Nexus Repository Manager\nhost=oss.sonatype.org\nuser=deployer\npass'
     'word=SbtCred_Pw_1301',
     ('SbtCred_Pw_1301',)),
    ('sbt_build',
     'credentials += Credentials("Artifactory Realm", "repo.example.com", "ci", "SbtIn'
     'line_Pw_1302")',
     ('SbtInline_Pw_1302',)),
    ('sbt_build',
     'ThisBuild / credentials += Credentials(realm = "GitHub Package Registry", host ='
     ' "maven.pkg.github.com", userName = "bot", passwd = "SbtNamed_Pw_1303")',
     ('SbtNamed_Pw_1303',)),
    ('scala_code',
     'val apiKey = "ScVal_Key_1304_asdfgh"',
     ('ScVal_Key_1304_asdfgh',)),
    ('scala_code',
     'private val dbPassword: String = sys.env.getOrElse("DB_PASSWORD", "ScEnv_Pw_1305'
     '")',
     ('ScEnv_Pw_1305',)),
    ('scala_code',
     'val xa = Transactor.fromDriverManager[IO]("org.postgresql.Driver", "jdbc:postgre'
     'sql:world", "postgres", "ScDoobie_Pw_1306")',
     ('ScDoobie_Pw_1306',)),
    ('scala_hocon',
     'slick.dbs.default.db.password = "ScSlick_Pw_1307"',
     ('ScSlick_Pw_1307',)),
    ('scala_hocon',
     'play.http.secret.key = "ScPlay_Secret_1308_changeme_not"',
     ('ScPlay_Secret_1308_changeme_not',)),
    ('scala_hocon',
     'db {\n  default.driver = org.postgresql.Driver\n  default.username = app\n  default'
     '.password = "ScHocon_Pw_1309"\n}',
     ('ScHocon_Pw_1309',)),
    ('scala_code',
     'case class Settings(user: String = "app", password: String = "ScDefault_Pw_1310"'
     ')',
     ('ScDefault_Pw_1310',)),
    ('scala_code',
     'basicRequest.auth.basic("svc", "ScSttp_Pw_1311").get(uri"https://api.example.com'
     '")',
     ('ScSttp_Pw_1311',)),
    # -- Kotlin / Gradle Kotlin DSL --
    ('kotlin_const',
     'const val API_SECRET = "KtConst_Secret_1401"',
     ('KtConst_Secret_1401',)),
    ('kotlin_const',
     'private const val STRIPE_KEY: String = "sk_test_51KtFakeKey1402abcdefghijkLMNOP"',
     ('sk_test_51KtFakeKey1402abcdefghijkLMNOP',)),
    ('kotlin_code',
     'val ds = HikariDataSource().apply {\n    jdbcUrl = "jdbc:postgresql://db/app"\n   '
     ' username = "app"\n    password = "KtHikari_Pw_1403"\n}',
     ('KtHikari_Pw_1403',)),
    ('kotlin_code',
     'Database.connect("jdbc:mysql://db/app", driver = "com.mysql.cj.jdbc.Driver", use'
     'r = "root", password = "KtExposed_Pw_1404")',
     ('KtExposed_Pw_1404',)),
    ('kotlin_code',
     'val token = System.getenv("API_TOKEN") ?: "KtElvis_Tok_1405_zxcv"',
     ('KtElvis_Tok_1405_zxcv',)),
    ('kotlin_code',
     'install(Auth) { basic { credentials { BasicAuthCredentials(username = "svc", pas'
     'sword = "KtKtor_Pw_1406") } } }',
     ('KtKtor_Pw_1406',)),
    ('kotlin_code',
     'client.get(url) { header(HttpHeaders.Authorization, "Bearer KtHdr_Tok_1407abcdef'
     '") }',
     ('KtHdr_Tok_1407abcdef',)),
    ('gradle_kts',
     'repositories {\n    maven {\n        url = uri("https://repo.example.com/releases"'
     ')\n        credentials {\n            username = "deployer"\n            password ='
     ' "KtsRepo_Pw_1408"\n        }\n    }\n}',
     ('KtsRepo_Pw_1408',)),
    ('gradle_kts',
     'buildConfigField("String", "MAPS_API_KEY", "\\"AIzaSyKtsBuildCfg1409abcdefghijklm'
     'nopq\\"")',
     ('AIzaSyKtsBuildCfg1409abcdefghijklmnopq',)),
    ('gradle_kts',
     'val sonatypePassword: String by project\nextra["signing.password"] = "KtsSign_Pw_'
     '1410"',
     ('KtsSign_Pw_1410',)),
    ('gradle_properties',
     'ossrhPassword=GrOssrh_Pw_1411\nsigning.password=GrSigning_Pw_1412',
     ('GrOssrh_Pw_1411', 'GrSigning_Pw_1412')),
    # -- Groovy / Jenkinsfile --
    ('groovy_code',
     'def password = "GvDef_Pw_1501"',
     ('GvDef_Pw_1501',)),
    ('groovy_code',
     'def sql = Sql.newInstance("jdbc:mysql://db/app", "root", "GvSql_Pw_1502", "com.m'
     'ysql.cj.jdbc.Driver")',
     ('GvSql_Pw_1502',)),
    ('jenkinsfile',
     'environment {\n    DOCKER_PASS = "JkEnv_Pw_1503"\n    REGISTRY = "registry.example'
     '.com"\n}',
     ('JkEnv_Pw_1503',)),
    ('jenkinsfile',
     "sh 'docker login -u ci -p JkLogin_Pw_1504 registry.example.com'",
     ('JkLogin_Pw_1504',)),
    ('jenkinsfile',
     'sh "curl -H \'Authorization: token JkCurl_Tok_1505abcdef\' https://api.example.com'
     '"',
     ('JkCurl_Tok_1505abcdef',)),
    ('jenkins_casc',
     'credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - u'
     'sernamePassword:\n              id: "nexus"\n              username: "ci"\n        '
     '      password: "JkCasc_Pw_1506"',
     ('JkCasc_Pw_1506',)),
    ('jenkins_casc',
     '          - string:\n              id: "slack-token"\n              secret: "JkCas'
     'cStr_Secret_1507"',
     ('JkCascStr_Secret_1507',)),
    ('groovy_code',
     'def conn = new URL(url).openConnection()\nconn.setRequestProperty("Authorization"'
     ', "Basic " + "svc:GvBasic_Pw_1508".bytes.encodeBase64().toString())',
     ('GvBasic_Pw_1508',)),
    ('groovy_map',
     'def cfg = [user: "app", password: "GvMap_Pw_1509", host: "db"]',
     ('GvMap_Pw_1509',)),
    # -- Perl --
    ('perl_dbi',
     'my $dbh = DBI->connect("dbi:Pg:dbname=app;host=db", "app", "PlDbi_Pw_1601", { Ra'
     'iseError => 1 });',
     ('PlDbi_Pw_1601',)),
    ('perl_dbi',
     "my $dbh = DBI->connect('DBI:mysql:database=shop;host=localhost', 'shop', 'PlMysq"
     "l_Pw_1602') or die;",
     ('PlMysql_Pw_1602',)),
    ('perl_hash',
     "my %config = (\n    db_user     => 'app',\n    db_password => 'PlHash_Pw_1603',\n  "
     "  api_key     => 'PlHash_Key_1604_qwer',\n);",
     ('PlHash_Pw_1603', 'PlHash_Key_1604_qwer')),
    ('perl_hashref',
     'my $cfg = { username => "svc", password => "PlRef_Pw_1605" };',
     ('PlRef_Pw_1605',)),
    ('perl_var',
     'my $secret = "PlScalar_Secret_1606";',
     ('PlScalar_Secret_1606',)),
    ('perl_var',
     "our $API_TOKEN = 'PlOur_Tok_1607_lkjh';",
     ('PlOur_Tok_1607_lkjh',)),
    ('perl_env',
     'my $pw = $ENV{DB_PASSWORD} // "PlEnvDefault_Pw_1608";',
     ('PlEnvDefault_Pw_1608',)),
    ('perl_lwp',
     '$ua->credentials("api.example.com:443", "API", "svc", "PlLwp_Pw_1609");',
     ('PlLwp_Pw_1609',)),
    ('perl_lwp',
     '$req->authorization_basic("svc", "PlAuthBasic_Pw_1610");',
     ('PlAuthBasic_Pw_1610',)),
    ('perl_constant',
     'use constant API_SECRET => "PlConst_Secret_1611";',
     ('PlConst_Secret_1611',)),
    # -- Lua --
    ('lua_openresty',
     'local red = redis:new()\nlocal ok, err = red:auth("LuaRedis_Pw_1701")',
     ('LuaRedis_Pw_1701',)),
    ('lua_openresty',
     'local db, err = mysql:new()\nlocal ok = db:connect{ host = "127.0.0.1", port = 33'
     '06, database = "app", user = "app", password = "LuaMysql_Pw_1702" }',
     ('LuaMysql_Pw_1702',)),
    ('lua_openresty',
     'ngx.req.set_header("Authorization", "Bearer LuaNgx_Tok_1703abcdef")',
     ('LuaNgx_Tok_1703abcdef',)),
    ('lua_config',
     'local config = {\n  api_key = "LuaTbl_Key_1704_mnbvc",\n  endpoint = "https://api.'
     'example.com",\n}',
     ('LuaTbl_Key_1704_mnbvc',)),
    ('lua_neovim',
     'require("chatgpt").setup({\n  api_key_cmd = nil,\n  openai_params = { model = "gpt'
     '-4" },\n  api_key = "sk-proj-LuaNvim1705abcdefghijklmnopqrstuvwxyzABCD",\n})',
     ('sk-proj-LuaNvim1705abcdefghijklmnopqrstuvwxyzABCD',)),
    ('lua_neovim',
     'vim.g.copilot_token = "LuaVimG_Tok_1706_poiuy"',
     ('LuaVimG_Tok_1706_poiuy',)),
    ('lua_neovim',
     'vim.env.OPENAI_API_KEY = "sk-LuaVimEnv1707abcdefghijklmnopqrstuvwxyz"',
     ('sk-LuaVimEnv1707abcdefghijklmnopqrstuvwxyz',)),
    ('lua_env',
     'local token = os.getenv("GITHUB_TOKEN") or "LuaOr_Tok_1708_qazwsx"',
     ('LuaOr_Tok_1708_qazwsx',)),
    ('lua_redis_script',
     'redis-cli -a LuaCli_Pw_1709 --eval ratelimit.lua key1 , 10',
     ('LuaCli_Pw_1709',)),
    ('lua_nginx_conf',
     'set $api_secret "LuaSet_Secret_1710";\naccess_by_lua_file /etc/nginx/lua/auth.lua'
     ';',
     ('LuaSet_Secret_1710',)),
    ('lua_local',
     'local password = "LuaLocal_Pw_1711"',
     ('LuaLocal_Pw_1711',)),
    # -- R --
    ('r_setenv',
     'Sys.setenv(AWS_SECRET_ACCESS_KEY = "RSetenv/Secret1801abcdEFGHijkl")',
     ('RSetenv/Secret1801abcdEFGHijkl',)),
    ('r_setenv',
     'Sys.setenv("OPENAI_API_KEY" = "sk-RSetenvQuoted1802abcdefghijklmnopqrstu")',
     ('sk-RSetenvQuoted1802abcdefghijklmnopqrstu',)),
    ('r_dbconnect',
     'con <- dbConnect(RPostgres::Postgres(), dbname = "dw", host = "pg", user = "anal'
     'yst", password = "RPg_Pw_1803")',
     ('RPg_Pw_1803',)),
    ('r_dbconnect',
     'con <- DBI::dbConnect(odbc::odbc(), Driver = "SQL Server", Server = "sql01", UID'
     ' = "rpt", PWD = "ROdbc_Pw_1804")',
     ('ROdbc_Pw_1804',)),
    ('r_renviron',
     'GITHUB_PAT=ghp_RRenviron1805abcdefghijklmnopqrstuvwx\nR_LIBS_USER=~/R/library',
     ('ghp_RRenviron1805abcdefghijklmnopqrstuvwx',)),
    ('r_renviron',
     'CENSUS_API_KEY=3c5e7f9d2b1a4c6e8d0b1a3c5e7f9d2b4c6e8d0b',
     ('3c5e7f9d2b1a4c6e8d0b1a3c5e7f9d2b4c6e8d0b',)),
    ('r_assign',
     'api_key <- "RArrow_Key_1806_lkjhg"',
     ('RArrow_Key_1806_lkjhg',)),
    ('r_assign',
     'token = Sys.getenv("API_TOKEN", unset = "RUnset_Tok_1807_zxcv")',
     ('RUnset_Tok_1807_zxcv',)),
    ('r_httr',
     'res <- GET(url, authenticate("svc", "RHttr_Pw_1808"))',
     ('RHttr_Pw_1808',)),
    ('r_httr',
     'req <- request(url) |> req_auth_bearer_token("RHttr2_Tok_1809abcdef")',
     ('RHttr2_Tok_1809abcdef',)),
    ('r_httr',
     'res <- GET(url, add_headers(Authorization = "Bearer RAddHdr_Tok_1810abcdef"))',
     ('RAddHdr_Tok_1810abcdef',)),
    ('r_keyring',
     'keyring::key_set_with_value("db", "analyst", password = "RKeyring_Pw_1811")',
     ('RKeyring_Pw_1811',)),
    # -- Julia --
    ('julia_env',
     'ENV["DB_PASSWORD"] = "JlEnv_Pw_1901"',
     ('JlEnv_Pw_1901',)),
    ('julia_env',
     'token = get(ENV, "API_TOKEN", "JlGet_Tok_1902_qwert")',
     ('JlGet_Tok_1902_qwert',)),
    ('julia_const',
     'const API_KEY = "JlConst_Key_1903_asdfg"',
     ('JlConst_Key_1903_asdfg',)),
    ('julia_db',
     'conn = LibPQ.Connection("host=pg dbname=dw user=jl password=JlLibpq_Pw_1904")',
     ('JlLibpq_Pw_1904',)),
    ('julia_db',
     'conn = DBInterface.connect(MySQL.Connection, "db", "app", "JlMysql_Pw_1905"; db '
     '= "app")',
     ('JlMysql_Pw_1905',)),
    ('julia_http',
     'r = HTTP.get(url, ["Authorization" => "Bearer JlHttp_Tok_1906abcdef"])',
     ('JlHttp_Tok_1906abcdef',)),
    ('julia_named',
     'cfg = (user = "app", password = "JlNamed_Pw_1907", host = "db")',
     ('JlNamed_Pw_1907',)),
    # -- Dart / Flutter --
    ('dart_const',
     "const String apiKey = 'DtConst_Key_2001_poiuy';",
     ('DtConst_Key_2001_poiuy',)),
    ('dart_const',
     "static const _clientSecret = 'DtStatic_Secret_2002';",
     ('DtStatic_Secret_2002',)),
    ('dart_http',
     "final res = await http.get(uri, headers: {'Authorization': 'Bearer DtHttp_Tok_20"
     "03abcdef'});",
     ('DtHttp_Tok_2003abcdef',)),
    ('dart_dio',
     "dio.options.headers['x-api-key'] = 'DtDio_Key_2004_lkjhg';",
     ('DtDio_Key_2004_lkjhg',)),
    ('dart_supabase',
     "await Supabase.initialize(url: 'https://abcdefgh.supabase.co', anonKey: 'eyJhbGc"
     'iOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiIsImRhcnQiOjIwMDV9.DtSupaSig2005'
     "abcdefghijklmnopqrstuvwxyz');",
     ('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiIsImRhcnQiOjIwMDV9.DtSupaSig2005abcdefghijklmnopqrstuvwxyz',
     )),
    ('dart_env',
     "final secret = const String.fromEnvironment('API_SECRET', defaultValue: 'DtFromE"
     "nv_Secret_2006');",
     ('DtFromEnv_Secret_2006',)),
    ('dart_env',
     "final pw = Platform.environment['DB_PASSWORD'] ?? 'DtEnvNull_Pw_2007';",
     ('DtEnvNull_Pw_2007',)),
    ('dart_postgres',
     "final conn = PostgreSQLConnection('db', 5432, 'app', username: 'app', password: "
     "'DtPg_Pw_2008');",
     ('DtPg_Pw_2008',)),
    ('flutter_cli',
     'flutter run --dart-define=API_KEY=FlDefine_Key_2009_mnbv --dart-define=ENV=prod',
     ('FlDefine_Key_2009_mnbv',)),
    ('flutter_json',
     '{\n  "API_KEY": "FlDefJson_Key_2010_qwer",\n  "FLAVOR": "prod"\n}',
     ('FlDefJson_Key_2010_qwer',)),
    # -- Swift / Objective-C --
    ('swift_let',
     'let apiKey = "SwLet_Key_2101_asdfgh"',
     ('SwLet_Key_2101_asdfgh',)),
    ('swift_static',
     'enum Secrets {\n    static let clientSecret = "SwStatic_Secret_2102"\n    static l'
     'et clientID = "com.example.app"\n}',
     ('SwStatic_Secret_2102',)),
    ('swift_header',
     'request.setValue("Bearer SwHdr_Tok_2103abcdef", forHTTPHeaderField: "Authorizati'
     'on")',
     ('SwHdr_Tok_2103abcdef',)),
    ('swift_header',
     'request.addValue("SwApiKey_2104_zxcvbn", forHTTPHeaderField: "X-API-Key")',
     ('SwApiKey_2104_zxcvbn',)),
    ('swift_env',
     'let token = ProcessInfo.processInfo.environment["API_TOKEN"] ?? "SwEnvDef_Tok_21'
     '05"',
     ('SwEnvDef_Tok_2105',)),
    ('swift_struct',
     'let creds = Credentials(username: "svc", password: "SwCreds_Pw_2106")',
     ('SwCreds_Pw_2106',)),
    ('swift_url',
     'let cred = URLCredential(user: "svc", password: "SwUrlCred_Pw_2107", persistence'
     ': .forSession)',
     ('SwUrlCred_Pw_2107',)),
    ('objc_define',
     '#define kAPISecret @"ObjcDefine_Secret_2108"',
     ('ObjcDefine_Secret_2108',)),
    ('objc_const',
     'static NSString * const kClientSecret = @"ObjcConst_Secret_2109";',
     ('ObjcConst_Secret_2109',)),
    ('objc_header',
     '[request setValue:@"Bearer ObjcHdr_Tok_2110abcdef" forHTTPHeaderField:@"Authoriz'
     'ation"];',
     ('ObjcHdr_Tok_2110abcdef',)),
    ('xcconfig',
     'API_KEY = XcCfg_Key_2111_qwerty\nPRODUCT_BUNDLE_IDENTIFIER = com.example.app',
     ('XcCfg_Key_2111_qwerty',)),
    # -- Haskell --
    ('haskell_code',
     'apiKey :: Text\napiKey = "HsTop_Key_2201_lkjhgf"',
     ('HsTop_Key_2201_lkjhgf',)),
    ('haskell_code',
     'connInfo = defaultConnectInfo { connectUser = "app", connectPassword = "HsPgSimp'
     'le_Pw_2202", connectDatabase = "app" }',
     ('HsPgSimple_Pw_2202',)),
    ('haskell_code',
     'conn <- connectPostgreSQL "host=db user=app password=HsConnStr_Pw_2203 dbname=ap'
     'p"',
     ('HsConnStr_Pw_2203',)),
    ('haskell_code',
     'let req = setRequestHeader "Authorization" ["Bearer HsHdr_Tok_2204abcdef"] initR'
     'eq',
     ('HsHdr_Tok_2204abcdef',)),
    ('haskell_code',
     'token <- fromMaybe "HsMaybe_Tok_2205_qwer" <$> lookupEnv "API_TOKEN"',
     ('HsMaybe_Tok_2205_qwer',)),
    ('haskell_yaml',
     'database:\n  user: app\n  password: "_env:PGPASS:HsYesod_Pw_2206"',
     ('HsYesod_Pw_2206',)),
    # -- OCaml --
    ('ocaml_code',
     'let api_key = "OcLet_Key_2301_mnbvcx"',
     ('OcLet_Key_2301_mnbvcx',)),
    ('ocaml_code',
     'let password = Sys.getenv_opt "DB_PASSWORD" |> Option.value ~default:"OcDefault_'
     'Pw_2302"',
     ('OcDefault_Pw_2302',)),
    ('ocaml_code',
     'let uri = Uri.of_string "postgresql://app:OcCaqti_Pw_2303@db:5432/app"',
     ('OcCaqti_Pw_2303',)),
    ('ocaml_code',
     'let headers = Cohttp.Header.of_list [ ("Authorization", "Bearer OcHdr_Tok_2304ab'
     'cdef") ]',
     ('OcHdr_Tok_2304abcdef',)),
    ('ocaml_record',
     'let cfg = { user = "app"; password = "OcRecord_Pw_2305"; host = "db" }',
     ('OcRecord_Pw_2305',)),
    # -- Clojure --
    ('clojure_edn',
     '{:db {:dbtype "postgresql" :dbname "app" :user "app" :password "CljEdn_Pw_2401"}'
     '}',
     ('CljEdn_Pw_2401',)),
    ('clojure_edn',
     '{:api-key "CljKebab_Key_2402_asdf"\n :api-secret "CljKebab_Secret_2403"}',
     ('CljKebab_Key_2402_asdf', 'CljKebab_Secret_2403')),
    ('clojure_project',
     '(defproject app "0.1.0"\n  :repositories [["private" {:url "https://repo.example.'
     'com" :username "ci" :password "CljProj_Pw_2404"}]])',
     ('CljProj_Pw_2404',)),
    ('clojure_def',
     '(def api-token "CljDef_Tok_2405_zxcvb")',
     ('CljDef_Tok_2405_zxcvb',)),
    ('clojure_env',
     '(def db-password (or (System/getenv "DB_PASSWORD") "CljOr_Pw_2406"))',
     ('CljOr_Pw_2406',)),
    ('clojure_http',
     '(client/get url {:basic-auth ["svc" "CljBasic_Pw_2407"]})',
     ('CljBasic_Pw_2407',)),
    ('clojure_http',
     '(client/get url {:headers {"Authorization" "Bearer CljHdr_Tok_2408abcdef"}})',
     ('CljHdr_Tok_2408abcdef',)),
    ('clojure_aero',
     '{:secret #or [#env JWT_SECRET "CljAero_Secret_2409"]}',
     ('CljAero_Secret_2409',)),
    # -- F# --
    ('fsharp_let',
     'let connectionString = "Server=sql01;Database=App;User Id=app;Password=FsConn_Pw'
     '_2501;"',
     ('FsConn_Pw_2501',)),
    ('fsharp_literal',
     '[<Literal>]\nlet ApiKey = "FsLiteral_Key_2502_qwer"',
     ('FsLiteral_Key_2502_qwer',)),
    ('fsharp_record',
     'let creds = { Username = "svc"; Password = "FsRecord_Pw_2503" }',
     ('FsRecord_Pw_2503',)),
    ('fsharp_env',
     'let token = Environment.GetEnvironmentVariable "API_TOKEN" |> Option.ofObj |> Op'
     'tion.defaultValue "FsDefault_Tok_2504"',
     ('FsDefault_Tok_2504',)),
    ('fsharp_http',
     'client.DefaultRequestHeaders.Authorization <- AuthenticationHeaderValue("Bearer"'
     ', "FsAuthHdr_Tok_2505abcdef")',
     ('FsAuthHdr_Tok_2505abcdef',)),
    # -- VB.NET / VBA --
    ('vbnet_const',
     'Private Const ApiKey As String = "VbConst_Key_2601_lkjh"',
     ('VbConst_Key_2601_lkjh',)),
    ('vbnet_dim',
     'Dim password As String = "VbDim_Pw_2602"',
     ('VbDim_Pw_2602',)),
    ('vbnet_conn',
     'Dim conn As New SqlConnection("Data Source=sql01;Initial Catalog=App;User ID=app'
     ';Password=VbSql_Pw_2603")',
     ('VbSql_Pw_2603',)),
    ('vbnet_cred',
     'client.Credentials = New NetworkCredential("svc", "VbNetCred_Pw_2604")',
     ('VbNetCred_Pw_2604',)),
    ('vba_macro',
     'Sub Connect()\n    Dim cn As Object\n    Set cn = CreateObject("ADODB.Connection")'
     '\n    cn.Open "Provider=SQLOLEDB;Data Source=sql01;User ID=rpt;Password=VbaAdo_Pw'
     '_2605;"\nEnd Sub',
     ('VbaAdo_Pw_2605',)),
    ('vba_macro',
     'http.Open "GET", url, False\nhttp.setRequestHeader "Authorization", "Bearer VbaHd'
     'r_Tok_2606abcdef"',
     ('VbaHdr_Tok_2606abcdef',)),
    ('vba_macro',
     'strPassword = "VbaAssign_Pw_2607"',
     ('VbaAssign_Pw_2607',)),
    ('vba_macro',
     'ActiveWorkbook.Unprotect Password:="VbaUnprot_Pw_2608"',
     ('VbaUnprot_Pw_2608',)),
    ('vba_macro',
     'Workbooks.Open Filename:="C:\\Reports\\q3.xlsx", Password:="VbaOpen_Pw_2609"',
     ('VbaOpen_Pw_2609',)),
    # -- Delphi / Pascal --
    ('delphi_const',
     "const\n  API_KEY = 'DlConst_Key_2701_poiu';",
     ('DlConst_Key_2701_poiu',)),
    ('delphi_firedac',
     "FDConnection1.Params.Password := 'DlFireDac_Pw_2702';",
     ('DlFireDac_Pw_2702',)),
    ('delphi_firedac',
     "FDConnection1.Params.Add('Password=DlParamsAdd_Pw_2703');",
     ('DlParamsAdd_Pw_2703',)),
    ('delphi_indy',
     "IdHTTP1.Request.Password := 'DlIndy_Pw_2704';",
     ('DlIndy_Pw_2704',)),
    ('delphi_dfm',
     "object FDConnection1: TFDConnection\n  Params.Strings = (\n    'Database=app'\n    "
     "'User_Name=app'\n    'Password=DlDfm_Pw_2705'\n    'DriverID=PG')\nend",
     ('DlDfm_Pw_2705',)),
    ('pascal_var',
     "var\n  Secret: string = 'PasVar_Secret_2706';",
     ('PasVar_Secret_2706',)),
    # -- PowerShell DSC / splatting --
    ('ps_splat',
     '$params = @{\n    Uri = "https://api.example.com/v1/items"\n    Headers = @{ Autho'
     'rization = "Bearer PsSplat_Tok_2801abcdef" }\n}\nInvoke-RestMethod @params',
     ('PsSplat_Tok_2801abcdef',)),
    ('ps_splat',
     '$cred = @{ UserName = "svc"; Password = "PsHash_Pw_2802" }',
     ('PsHash_Pw_2802',)),
    ('ps_dsc',
     'ConfigurationData = @{\n    AllNodes = @(\n        @{ NodeName = "web01"; PSDscAll'
     'owPlainTextPassword = $true; AdminPassword = "PsDsc_Pw_2803" }\n    )\n}',
     ('PsDsc_Pw_2803',)),
    ('ps_dsc',
     '$pass = ConvertTo-SecureString "PsSecure_Pw_2804" -AsPlainText -Force\n$cred = Ne'
     'w-Object PSCredential("CONTOSO\\svc", $pass)',
     ('PsSecure_Pw_2804',)),
    ('ps_env',
     '$env:AZURE_CLIENT_SECRET = "PsEnv_Secret_2805~abcdefgh"',
     ('PsEnv_Secret_2805~abcdefgh',)),
    ('ps_param',
     'param(\n    [string]$ApiKey = "PsParam_Key_2806_qwer"\n)',
     ('PsParam_Key_2806_qwer',)),
    ('ps_cmd',
     'Connect-AzAccount -ServicePrincipal -TenantId $tid -ApplicationId $appId -Creden'
     'tial (New-Object PSCredential($appId, (ConvertTo-SecureString "PsAz_Secret_2807"'
     ' -AsPlainText -Force)))',
     ('PsAz_Secret_2807',)),
    ('ps_cmd',
     'Invoke-Sqlcmd -ServerInstance sql01 -Database App -Username rpt -Password "PsSql'
     'cmd_Pw_2808" -Query "SELECT 1"',
     ('PsSqlcmd_Pw_2808',)),
    # -- Tcl --
    ('tcl_set',
     'set password "TclSet_Pw_2901"',
     ('TclSet_Pw_2901',)),
    ('tcl_set',
     'set api_token {TclBrace_Tok_2902_zxcv}',
     ('TclBrace_Tok_2902_zxcv',)),
    ('tcl_http',
     'set tok [http::geturl $url -headers [list Authorization "Bearer TclHdr_Tok_2903a'
     'bcdef"]]',
     ('TclHdr_Tok_2903abcdef',)),
    ('tcl_expect',
     'spawn ssh admin@10.0.0.5\nexpect "password:"\nsend "TclExpect_Pw_2904\\r"',
     ('TclExpect_Pw_2904',)),
    ('tcl_array',
     'array set cfg {user app password TclArray_Pw_2905 host db}',
     ('TclArray_Pw_2905',)),
    # -- Nix --
    ('nix_nixos',
     'services.postgresql.initialScript = pkgs.writeText "init.sql" \'\'\n  CREATE ROLE a'
     "pp WITH LOGIN PASSWORD 'NixInit_Pw_3001';\n'';",
     ('NixInit_Pw_3001',)),
    ('nix_nixos',
     'users.users.alice.initialPassword = "NixInitial_Pw_3002";',
     ('NixInitial_Pw_3002',)),
    ('nix_nixos',
     'users.users.deploy.hashedPassword = "$6$rounds=4096$NixSalt3003$Zq8wE5rT7yU1iO3p'
     'A5sD7fG9hJ1kL3zX5cV7bN9mQ1wE3rT5yU7iO9pA1sD3fG5hJ7kL9zX1cV3bN5mQ7w";',
     ('$6$rounds=4096$NixSalt3003$Zq8wE5rT7yU1iO3pA5sD7fG9hJ1kL3zX5cV7bN9mQ1wE3rT5yU7iO9pA1sD3fG5hJ7kL9zX1cV3bN5mQ7w',
     )),
    ('nix_nixos',
     'services.grafana.settings.security.admin_password = "NixGrafana_Pw_3004";',
     ('NixGrafana_Pw_3004',)),
    ('nix_nixos',
     'services.nextcloud.config.adminpass = "NixNextcloud_Pw_3005";',
     ('NixNextcloud_Pw_3005',)),
    ('nix_nixos',
     'networking.wireless.networks."HomeNet".psk = "NixWifi_Psk_3006";',
     ('NixWifi_Psk_3006',)),
    ('nix_nixos',
     'environment.variables = {\n  OPENAI_API_KEY = "sk-NixEnvVar3007abcdefghijklmnopqr'
     'stuvwxyz";\n  EDITOR = "nvim";\n};',
     ('sk-NixEnvVar3007abcdefghijklmnopqrstuvwxyz',)),
    ('nix_nixos',
     'systemd.services.app.environment.API_TOKEN = "NixSystemd_Tok_3008";',
     ('NixSystemd_Tok_3008',)),
    ('nix_nixos',
     'services.restic.backups.daily = {\n  repository = "s3:s3.amazonaws.com/bucket";\n '
     ' passwordFile = "/run/secrets/restic";\n  environmentFile = "/run/secrets/restic-'
     'env";\n};\nservices.borgbackup.jobs.home.encryption.passphrase = "NixBorg_Pass_300'
     '9";',
     ('NixBorg_Pass_3009',)),
    ('nix_flake',
     'nix.settings.access-tokens = [ "github.com=ghp_NixAccessTok3010abcdefghijklmnopq'
     'rst" ];',
     ('ghp_NixAccessTok3010abcdefghijklmnopqrst',)),
    # -- Jsonnet / CUE / Dhall / Pkl --
    ('jsonnet',
     'local secrets = {\n  dbPassword: "JsnDb_Pw_3101",\n  apiKey: \'JsnApi_Key_3102_asdf'
     "',\n};",
     ('JsnDb_Pw_3101', 'JsnApi_Key_3102_asdf')),
    ('jsonnet',
     '{\n  grafana+:: {\n    config+: { sections+: { security: { admin_password: "JsnGra'
     'fana_Pw_3103" } } },\n  },\n}',
     ('JsnGrafana_Pw_3103',)),
    ('jsonnet',
     'std.extVar("token") + "" // default JsnExt_Tok_3104 for local runs\nlocal token ='
     ' "JsnLocal_Tok_3105_lkjh";',
     ('JsnLocal_Tok_3105_lkjh',)),
    ('cue',
     'database: {\n\thost:     "db"\n\tuser:     "app"\n\tpassword: "CueDb_Pw_3201"\n}',
     ('CueDb_Pw_3201',)),
    ('cue',
     'secret: apiKey: *"CueDefault_Key_3202_qwer" | string',
     ('CueDefault_Key_3202_qwer',)),
    ('dhall',
     'let config =\n      { host = "db"\n      , user = "app"\n      , password = "DhallR'
     'ec_Pw_3301"\n      }\nin  config',
     ('DhallRec_Pw_3301',)),
    ('dhall',
     'let apiToken = "DhallLet_Tok_3302_zxcv" in { token = apiToken }',
     ('DhallLet_Tok_3302_zxcv',)),
    ('pkl',
     'database {\n  host = "db"\n  username = "app"\n  password = "PklDb_Pw_3401"\n}',
     ('PklDb_Pw_3401',)),
    ('pkl',
     'apiKey: String = "PklTyped_Key_3402_mnbv"',
     ('PklTyped_Key_3402_mnbv',)),
    # -- Bicep / ARM --
    ('bicep',
     "param adminPassword string = 'BicepDefault_Pw_3501'",
     ('BicepDefault_Pw_3501',)),
    ('bicep',
     "resource sql 'Microsoft.Sql/servers@2022-05-01-preview' = {\n  name: sqlName\n  lo"
     "cation: location\n  properties: {\n    administratorLogin: 'sqladmin'\n    administ"
     "ratorLoginPassword: 'BicepSql_Pw_3502'\n  }\n}",
     ('BicepSql_Pw_3502',)),
    ('bicep',
     "var storageKey = 'Qm9ndXNCaWNlcFN0b3JhZ2VLZXkzNTAzMTIzNDU2Nzg5MGFiY2RlZmdoaWprbG"
     "1ub3A='",
     ('Qm9ndXNCaWNlcFN0b3JhZ2VLZXkzNTAzMTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3A=',)),
    ('bicepparam',
     "using './main.bicep'\nparam vmAdminPassword = 'BicepParam_Pw_3504'",
     ('BicepParam_Pw_3504',)),
    ('arm_template',
     '"parameters": {\n  "adminPassword": {\n    "type": "securestring",\n    "defaultVal'
     'ue": "ArmDefault_Pw_3505"\n  }\n}',
     ('ArmDefault_Pw_3505',)),
    ('arm_params',
     '{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymen'
     'tParameters.json#",\n  "parameters": {\n    "sqlAdministratorPassword": { "value":'
     ' "ArmParam_Pw_3506" }\n  }\n}',
     ('ArmParam_Pw_3506',)),
    ('arm_template',
     '"properties": {\n  "osProfile": {\n    "computerName": "vm01",\n    "adminUsername"'
     ': "azureuser",\n    "adminPassword": "ArmOsProfile_Pw_3507"\n  }\n}',
     ('ArmOsProfile_Pw_3507',)),
    # -- CloudFormation / SAM / Serverless --
    ('cloudformation',
     'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: CfnDefa'
     'ult_Pw_3601\n    MinLength: 8',
     ('CfnDefault_Pw_3601',)),
    ('cloudformation',
     'Resources:\n  DB:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      MasterUser'
     'name: admin\n      MasterUserPassword: CfnRds_Pw_3602',
     ('CfnRds_Pw_3602',)),
    ('cloudformation',
     '"MasterUserPassword": "CfnJson_Pw_3603",',
     ('CfnJson_Pw_3603',)),
    ('cloudformation',
     '      Environment:\n        Variables:\n          STRIPE_SECRET: sk_live_51CfnLamb'
     'daEnv3604abcdefghijklmn',
     ('sk_live_51CfnLambdaEnv3604abcdefghijklmn',)),
    ('cloudformation',
     '  MySecret:\n    Type: AWS::SecretsManager::Secret\n    Properties:\n      SecretSt'
     'ring: \'{"username":"app","password":"CfnSm_Pw_3605"}\'',
     ('CfnSm_Pw_3605',)),
    ('sam_template',
     'Globals:\n  Function:\n    Environment:\n      Variables:\n        API_TOKEN: SamGlo'
     'bal_Tok_3606_qwer',
     ('SamGlobal_Tok_3606_qwer',)),
    ('samconfig',
     'version = 0.1\n[default.deploy.parameters]\nstack_name = "app"\nparameter_overrides'
     ' = "Stage=\\"prod\\" DbPassword=\\"SamCfg_Pw_3607\\""',
     ('SamCfg_Pw_3607',)),
    ('serverless',
     'provider:\n  name: aws\n  environment:\n    DB_PASSWORD: Sls_Pw_3608\n    STAGE: ${s'
     'ls:stage}',
     ('Sls_Pw_3608',)),
    ('serverless',
     "custom:\n  apiKey: ${env:API_KEY, 'SlsFallback_Key_3609'}",
     ('SlsFallback_Key_3609',)),
    ('serverless',
     'provider:\n  apiGateway:\n    apiKeys:\n      - name: partner\n        value: SlsApi'
     'GwKey3610abcdefghijkl',
     ('SlsApiGwKey3610abcdefghijkl',)),
    # -- Pulumi --
    ('pulumi_config',
     'config:\n  aws:region: eu-west-1\n  app:dbPassword: PulumiPlain_Pw_3701',
     ('PulumiPlain_Pw_3701',)),
    ('pulumi_cli',
     'pulumi config set --plaintext app:apiKey PulumiCli_Key_3702_asdf',
     ('PulumiCli_Key_3702_asdf',)),
    ('pulumi_cli',
     'pulumi config set --secret dbPassword PulumiSecret_Pw_3703',
     ('PulumiSecret_Pw_3703',)),
    ('pulumi_yaml',
     'resources:\n  db:\n    type: aws:rds:Instance\n    properties:\n      username: admi'
     'n\n      password: PulumiYaml_Pw_3704',
     ('PulumiYaml_Pw_3704',)),
    ('pulumi_env',
     'PULUMI_ACCESS_TOKEN=pul-3705abcdef0123456789abcdef0123456789abcd',
     ('pul-3705abcdef0123456789abcdef0123456789abcd',)),
    ('pulumi_env',
     'PULUMI_CONFIG_PASSPHRASE=PulumiPass_3706',
     ('PulumiPass_3706',)),
    # -- Nomad / Consul HCL --
    ('nomad_hcl',
     'task "api" {\n  driver = "docker"\n  env {\n    DB_PASSWORD = "NomadEnv_Pw_3801"\n  '
     '}\n}',
     ('NomadEnv_Pw_3801',)),
    ('nomad_hcl',
     '  config {\n    image = "registry.example.com/api:1.4"\n    auth {\n      username '
     '= "ci"\n      password = "NomadAuth_Pw_3802"\n    }\n  }',
     ('NomadAuth_Pw_3802',)),
    ('nomad_hcl',
     'vault {\n  enabled = true\n  address = "https://vault:8200"\n  token = "hvs.NomadVa'
     'ult3803abcdefghijklmn"\n}',
     ('hvs.NomadVault3803abcdefghijklmn',)),
    ('consul_hcl',
     'acl {\n  enabled = true\n  tokens {\n    initial_management = "6c5b4a3f-2e1d-0c9b-8'
     'a7f-3804e5d4c3b2"\n    agent = "7d6c5b4a-3f2e-1d0c-9b8a-3805f6e5d4c3"\n  }\n}',
     ('6c5b4a3f-2e1d-0c9b-8a7f-3804e5d4c3b2', '7d6c5b4a-3f2e-1d0c-9b8a-3805f6e5d4c3')),
    ('consul_hcl',
     'encrypt = "pUqJrVyVRj5jsiYEkM/tFQYfWyJIv4s3XkvDwy7Cu5s="',
     ('pUqJrVyVRj5jsiYEkM/tFQYfWyJIv4s3XkvDwy7Cu5s=',)),
    ('nomad_hcl',
     'server {\n  enabled = true\n  encrypt = "Nm9tYWRHb3NzaXBLZXkzODA2YWJjZGVmZ2hpams="'
     '\n}',
     ('Nm9tYWRHb3NzaXBLZXkzODA2YWJjZGVmZ2hpams=',)),
    ('nomad_template',
     'template {\n  data = <<EOH\nDB_PASS=NomadTpl_Pw_3807\nEOH\n  destination = "secrets/'
     'app.env"\n  env = true\n}',
     ('NomadTpl_Pw_3807',)),
    # -- Salt / Puppet / Chef --
    ('salt_pillar',
     'mysql:\n  server:\n    root_password: SaltRoot_Pw_3901\n  users:\n    app:\n      pas'
     'sword: SaltUser_Pw_3902',
     ('SaltRoot_Pw_3901', 'SaltUser_Pw_3902')),
    ('salt_state',
     'app_db_user:\n  postgres_user.present:\n    - name: app\n    - password: SaltState_'
     'Pw_3903',
     ('SaltState_Pw_3903',)),
    ('salt_master',
     'ext_pillar:\n  - vault: {}\nvault:\n  auth:\n    method: token\n    token: hvs.SaltVa'
     'ult3904abcdefghijklm',
     ('hvs.SaltVault3904abcdefghijklm',)),
    ('puppet_hiera',
     "---\nprofile::db::password: 'PupHiera_Pw_4001'\nprofile::api::token: PupHiera_Tok_"
     '4002_zxcv',
     ('PupHiera_Pw_4001', 'PupHiera_Tok_4002_zxcv')),
    ('puppet_manifest',
     "class { 'postgresql::server':\n  postgres_password => 'PupClass_Pw_4003',\n}",
     ('PupClass_Pw_4003',)),
    ('puppet_manifest',
     "mysql::db { 'app':\n  user     => 'app',\n  password => 'PupMysql_Pw_4004',\n  host"
     "     => 'localhost',\n}",
     ('PupMysql_Pw_4004',)),
    ('puppet_manifest',
     "$api_key = 'PupVar_Key_4005_lkjh'",
     ('PupVar_Key_4005_lkjh',)),
    ('chef_databag',
     '{\n  "id": "mysql",\n  "root_password": "ChefBag_Pw_4101",\n  "app_password": "Chef'
     'Bag_Pw_4102"\n}',
     ('ChefBag_Pw_4101', 'ChefBag_Pw_4102')),
    ('chef_attributes',
     "default['app']['db']['password'] = 'ChefAttr_Pw_4103'",
     ('ChefAttr_Pw_4103',)),
    ('chef_attributes',
     "node.default['postgresql']['password']['postgres'] = 'ChefNode_Pw_4104'",
     ('ChefNode_Pw_4104',)),
    ('chef_recipe',
     "mysql_service 'default' do\n  port '3306'\n  initial_root_password 'ChefRes_Pw_410"
     "5'\n  action [:create, :start]\nend",
     ('ChefRes_Pw_4105',)),
    ('chef_knife',
     'knife data bag create secrets app --secret ChefKnife_Secret_4106',
     ('ChefKnife_Secret_4106',)),
    # -- Crossplane --
    ('crossplane',
     'apiVersion: v1\nkind: Secret\nmetadata:\n  name: aws-creds\n  namespace: crossplane-'
     'system\ntype: Opaque\nstringData:\n  creds: |\n    [default]\n    aws_access_key_id ='
     ' AKIAIOSFODNN7EXAMPLE\n    aws_secret_access_key = XpSecret/K7MDENGbPxRfiCY4201ab'
     'cdef',
     ('XpSecret/K7MDENGbPxRfiCY4201abcdef',)),
    ('crossplane',
     'apiVersion: database.aws.crossplane.io/v1beta1\nkind: RDSInstance\nspec:\n  forProv'
     'ider:\n    masterUsername: admin\n    masterPassword: XpRds_Pw_4202',
     ('XpRds_Pw_4202',)),
    # -- second batch, written after the first fixes: other shapes of the same languages --
    ('elixir_runtime2',
     'config :my_app, MyApp.Repo,\n  url: System.get_env("DATABASE_URL", "ecto://u:Ex2U'
     'rl_Pw_5001@db/app"),\n  pool_size: 10',
     ('Ex2Url_Pw_5001',)),
    ('elixir_code2',
     '@secret_key_base "Ex2Attr_Skb_5002_abcdefghijklmnop"',
     ('Ex2Attr_Skb_5002_abcdefghijklmnop',)),
    ('elixir_code2',
     'Tesla.client([{Tesla.Middleware.BasicAuth, username: "svc", password: "Ex2Tesla_'
     'Pw_5003"}])',
     ('Ex2Tesla_Pw_5003',)),
    ('erlang2',
     '{emqx_auth, [{jwt_secret, "Erl2Jwt_Secret_5004"}]}',
     ('Erl2Jwt_Secret_5004',)),
    ('erlang2',
     '{ok, Pid} = eredis:start_link("redis", 6379, 0, "Erl2Redis_Pw_5005").',
     ('Erl2Redis_Pw_5005',)),
    ('rust2',
     'pub const STRIPE_SECRET_KEY: &str = "sk_live_51Rs2Const5006abcdefghijklmnop";',
     ('sk_live_51Rs2Const5006abcdefghijklmnop',)),
    ('rust2',
     'let creds = Credentials::new("AKIAIOSFODNN7EXAMPLE", "Rs2AwsSecret/K7MDENG5007ab'
     'cdef", None, None, "static");',
     ('Rs2AwsSecret/K7MDENG5007abcdef',)),
    ('rust2',
     'let mut opts = redis::ConnectionInfo { addr: addr, redis: RedisConnectionInfo { '
     'db: 0, username: None, password: Some("Rs2RedisInfo_Pw_5008".into()) } };',
     ('Rs2RedisInfo_Pw_5008',)),
    ('sbt2',
     'credentials += Credentials("Sonatype Nexus Repository Manager", "s01.oss.sonatyp'
     'e.org", "bot", "Sbt2_Pw_5009")',
     ('Sbt2_Pw_5009',)),
    ('scala2',
     'val config = ConfigFactory.parseString("""db.password = "Sc2Hocon_Pw_5010" """)',
     ('Sc2Hocon_Pw_5010',)),
    ('kotlin2',
     'val jwtSecret = environment.config.propertyOrNull("jwt.secret")?.getString() ?: '
     '"Kt2Elvis_Secret_5011"',
     ('Kt2Elvis_Secret_5011',)),
    ('kotlin2',
     'companion object {\n    private const val CLIENT_SECRET = "Kt2Companion_Secret_50'
     '12"\n}',
     ('Kt2Companion_Secret_5012',)),
    ('groovy2',
     'def token = System.getenv("API_TOKEN") ?: "Gv2Elvis_Tok_5013_qwer"',
     ('Gv2Elvis_Tok_5013_qwer',)),
    ('jenkins2',
     "withEnv(['NPM_TOKEN=Jk2WithEnv_Tok_5014abcdef']) {\n    sh 'npm publish'\n}",
     ('Jk2WithEnv_Tok_5014abcdef',)),
    ('perl2',
     'my $redis = Redis->new(server => "redis:6379", password => "Pl2Redis_Pw_5015");',
     ('Pl2Redis_Pw_5015',)),
    ('perl2',
     "my $smtp = Net::SMTP->new('smtp.example.com');\n$smtp->auth('mailer', 'Pl2Smtp_Pw"
     "_5016');",
     ('Pl2Smtp_Pw_5016',)),
    ('lua2',
     'local client = require("resty.http").new()\nlocal res = client:request_uri(url, {'
     ' headers = { ["X-Api-Key"] = "Lua2Hdr_Key_5017_zxcv" } })',
     ('Lua2Hdr_Key_5017_zxcv',)),
    ('lua2',
     'M.secret_token = "Lua2Module_Tok_5018_poiu"',
     ('Lua2Module_Tok_5018_poiu',)),
    ('r2',
     'db_password <<- "R2Double_Pw_5019"',
     ('R2Double_Pw_5019',)),
    ('r2',
     'Sys.setenv(GITHUB_PAT = "ghp_R2SetenvPat5020abcdefghijklmnopqrstu", TZ = "UTC")',
     ('ghp_R2SetenvPat5020abcdefghijklmnopqrstu',)),
    ('r2',
     'pw <- Sys.getenv("DB_PASSWORD", "R2Positional_Pw_5021")',
     ('R2Positional_Pw_5021',)),
    ('julia2',
     'const SECRET_KEY = get(ENV, "SECRET_KEY", "Jl2Get_Secret_5022")',
     ('Jl2Get_Secret_5022',)),
    ('dart2',
     "const apiSecret = bool.hasEnvironment('API_SECRET') ? String.fromEnvironment('AP"
     "I_SECRET') : 'Dt2Ternary_Secret_5023';",
     ('Dt2Ternary_Secret_5023',)),
    ('dart2',
     "final client = Client(apiKey: 'Dt2Named_Key_5024_lkjh', region: 'eu');",
     ('Dt2Named_Key_5024_lkjh',)),
    ('swift2',
     'private let kSecretToken = "Sw2Private_Tok_5025_asdf"',
     ('Sw2Private_Tok_5025_asdf',)),
    ('swift2',
     'config.httpAdditionalHeaders = ["Authorization": "Token Sw2Dict_Tok_5026abcdef"]',
     ('Sw2Dict_Tok_5026abcdef',)),
    ('objc2',
     '#define API_TOKEN @"Objc2Define_Tok_5027"',
     ('Objc2Define_Tok_5027',)),
    ('haskell2',
     'jwtSecret :: ByteString\njwtSecret = "Hs2Bs_Secret_5028"',
     ('Hs2Bs_Secret_5028',)),
    ('ocaml2',
     'let db_password = try Sys.getenv "DB_PASSWORD" with Not_found -> "Oc2Try_Pw_5029'
     '"',
     ('Oc2Try_Pw_5029',)),
    ('clojure2',
     '(def config {:db-user "app" :db-password "Clj2Map_Pw_5030"})',
     ('Clj2Map_Pw_5030',)),
    ('clojure2',
     '(setq gptel-api-key "sk-Clj2Emacs5031abcdefghijklmnopqrstuvwxyz")',
     ('sk-Clj2Emacs5031abcdefghijklmnopqrstuvwxyz',)),
    ('clojure2',
     ';; deps.edn\n{:mvn/repos {"private" {:url "s3://bucket/releases"}}\n :aliases {:de'
     'ploy {:exec-args {:password "Clj2Deps_Pw_5032"}}}}',
     ('Clj2Deps_Pw_5032',)),
    ('fsharp2',
     'let apiKey = Environment.GetEnvironmentVariable("API_KEY") |> Option.ofObj |> Op'
     'tion.defaultValue "Fs2Paren_Key_5033"',
     ('Fs2Paren_Key_5033',)),
    ('vb2',
     'Public Const DB_PASSWORD = "Vb2Untyped_Pw_5034"',
     ('Vb2Untyped_Pw_5034',)),
    ('vba2',
     'Const API_SECRET As String = "Vba2Const_Secret_5035"',
     ('Vba2Const_Secret_5035',)),
    ('delphi2',
     "IdSMTP1.Password := 'Dl2Smtp_Pw_5036';",
     ('Dl2Smtp_Pw_5036',)),
    ('ps2',
     'Invoke-RestMethod -Uri $u -Headers @{ "X-Api-Key" = "Ps2Inline_Key_5037_qwer" }',
     ('Ps2Inline_Key_5037_qwer',)),
    ('tcl2',
     'set ::env(API_TOKEN) "Tcl2Env_Tok_5038_zxcv"',
     ('Tcl2Env_Tok_5038_zxcv',)),
    ('nginx2',
     'set $jwt_secret Nginx2Bare_Secret_5039;',
     ('Nginx2Bare_Secret_5039',)),
    ('nix2',
     'services.mysql.initialScript = pkgs.writeText "init.sql" "CREATE USER \'app\'@\'%\' '
     'IDENTIFIED BY \'Nix2Sql_Pw_5040\';";',
     ('Nix2Sql_Pw_5040',)),
    ('nix2',
     'services.gitea.settings.security.SECRET_KEY = "Nix2Gitea_Secret_5041";',
     ('Nix2Gitea_Secret_5041',)),
    ('jsonnet2',
     "{ apiVersion: 'v1', kind: 'Secret', stringData: { password: 'Jsn2Sd_Pw_5042' } }",
     ('Jsn2Sd_Pw_5042',)),
    ('cue2',
     'auth: token: "Cue2Nested_Tok_5043_lkjh"',
     ('Cue2Nested_Tok_5043_lkjh',)),
    ('bicep2',
     "param apiKey string = 'Bicep2Param_Key_5044_zxcv'",
     ('Bicep2Param_Key_5044_zxcv',)),
    ('arm2',
     '"secrets": [ { "name": "db-pass", "value": "Arm2Secret_Pw_5045" } ]',
     ('Arm2Secret_Pw_5045',)),
    ('cfn2',
     '"Parameters": { "DBPassword": { "Type": "String", "NoEcho": "true", "Default": "'
     'Cfn2Json_Pw_5046" } }',
     ('Cfn2Json_Pw_5046',)),
    ('sls2',
     'functions:\n  api:\n    environment:\n      JWT_SECRET: Sls2Fn_Secret_5047',
     ('Sls2Fn_Secret_5047',)),
    ('pulumi2',
     'pulumi config set app:dbPassword Pulumi2Plain_Pw_5048',
     ('Pulumi2Plain_Pw_5048',)),
    ('nomad2',
     'job "web" {\n  group "app" {\n    task "web" {\n      env {\n        SECRET_KEY_BASE'
     ' = "Nomad2Env_Skb_5049abcdef"\n      }\n    }\n  }\n}',
     ('Nomad2Env_Skb_5049abcdef',)),
    ('consul2',
     'consul kv put app/db/password Consul2Kv_Pw_5050',
     ('Consul2Kv_Pw_5050',)),
    ('salt2',
     'salt \'*\' state.apply db pillar=\'{"db_password": "Salt2Cli_Pw_5051"}\'',
     ('Salt2Cli_Pw_5051',)),
    ('puppet2',
     "user { 'deploy':\n  ensure   => present,\n  password => Sensitive('Pup2Sensitive_P"
     "w_5052'),\n}",
     ('Pup2Sensitive_Pw_5052',)),
    ('chef2',
     'default[\'nginx\'][\'htpasswd_password\'] = "Chef2Dq_Pw_5053"',
     ('Chef2Dq_Pw_5053',)),
    ('crossplane2',
     'spec:\n  forProvider:\n    passwordSecretRef:\n      key: password\n  writeConnectio'
     'nSecretToRef:\n    name: db-conn\n---\nstringData:\n  password: Xp2String_Pw_5054',
     ('Xp2String_Pw_5054',)),
    ('sam2',
     'Parameters:\n  ApiKey:\n    Type: String\n    Default: Sam2Default_Key_5055abcd',
     ('Sam2Default_Key_5055abcd',)),
]

#: Whole files as a private folder holds them: (family, text, secrets, controls that must survive in both modes).
FILES: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = [
    ('file_runtime_exs',
     'import Config\n'
     '\n'
     '# config/runtime.exs is executed for all environments, including\n'
     '# during releases.\n'
     'if config_env() == :prod do\n'
     '  database_url =\n'
     '    System.get_env("DATABASE_URL") ||\n'
     '      raise """\n'
     '      environment variable DATABASE_URL is missing.\n'
     '      """\n'
     '\n'
     '  config :shop, Shop.Repo,\n'
     '    url: database_url,\n'
     '    pool_size: String.to_integer(System.get_env("POOL_SIZE") || "10")\n'
     '\n'
     '  secret_key_base = System.get_env("SECRET_KEY_BASE") || "F1leRtSkb7Qw2Er4Ty6Ui8Op0As2Df4G'
     'h6Jk8Lz0Xc2Vb4Nm6Qw8Er0Ty2Ui4Op6"\n'
     '\n'
     '  config :shop, ShopWeb.Endpoint,\n'
     '    url: [host: "shop.example.com", port: 443, scheme: "https"],\n'
     '    secret_key_base: secret_key_base\n'
     '\n'
     '  config :shop, Shop.Mailer,\n'
     '    adapter: Swoosh.Adapters.Mailgun,\n'
     '    api_key: "key-f1le6001a2b3c4d5e6f7a8b9c0d1e2f3",\n'
     '    domain: "mg.example.com"\n'
     'end\n',
     ('F1leRtSkb7Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz0Xc2Vb4Nm6Qw8Er0Ty2Ui4Op6', 'key-f1le6001a2b3c4d5e6f7a8b9c0d1e2f3'),
     ('config :shop, Shop.Repo,',
      'pool_size: String.to_integer(System.get_env("POOL_SIZE") || "10")',
      'secret_key_base: secret_key_base',
     )),
    ('file_jenkinsfile',
     'pipeline {\n'
     '    agent any\n'
     '    environment {\n'
     "        REGISTRY = 'registry.example.com'\n"
     "        SONAR_TOKEN = 'squ_f1le6002a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'\n"
     '    }\n'
     '    stages {\n'
     "        stage('Build') {\n"
     '            steps {\n'
     "                sh './gradlew clean build'\n"
     '            }\n'
     '        }\n'
     "        stage('Publish') {\n"
     '            steps {\n'
     "                sh 'docker login -u ci -p F1leJk_Pw_6003 $REGISTRY'\n"
     "                sh 'docker push $REGISTRY/app:latest'\n"
     '            }\n'
     '        }\n'
     '    }\n'
     '    post {\n'
     "        always { junit 'build/test-results/**/*.xml' }\n"
     '    }\n'
     '}\n',
     ('squ_f1le6002a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', 'F1leJk_Pw_6003'),
     ("sh './gradlew clean build'", "sh 'docker push $REGISTRY/app:latest'", "stage('Publish') {")),
    ('file_configuration_nix',
     '{ config, pkgs, ... }:\n'
     '\n'
     '{\n'
     '  imports = [ ./hardware-configuration.nix ];\n'
     '\n'
     '  networking.hostName = "nas";\n'
     '  time.timeZone = "Europe/Berlin";\n'
     '\n'
     '  services.openssh.enable = true;\n'
     '  services.postgresql = {\n'
     '    enable = true;\n'
     '    ensureDatabases = [ "nextcloud" ];\n'
     '  };\n'
     '  services.nextcloud = {\n'
     '    enable = true;\n'
     '    hostName = "cloud.example.com";\n'
     '    config.adminpassFile = "/run/secrets/nc-admin";\n'
     '    config.dbpassFile = "/run/secrets/nc-db";\n'
     '  };\n'
     '  services.transmission.settings.rpc-password = "F1leNix_Pw_6004";\n'
     '  users.users.media = {\n'
     '    isNormalUser = true;\n'
     '    initialPassword = "F1leNixInit_Pw_6005";\n'
     '    extraGroups = [ "wheel" ];\n'
     '  };\n'
     '\n'
     '  system.stateVersion = "24.05";\n'
     '}\n',
     ('F1leNix_Pw_6004', 'F1leNixInit_Pw_6005'),
     ('config.adminpassFile = "/run/secrets/nc-admin";',
      'system.stateVersion = "24.05";',
      'services.openssh.enable = true;',
     )),
    ('file_cfn_template',
     'AWSTemplateFormatVersion: "2010-09-09"\n'
     'Description: Orders service database\n'
     'Parameters:\n'
     '  Env:\n'
     '    Type: String\n'
     '    AllowedValues: [dev, prod]\n'
     '  DBPassword:\n'
     '    Type: String\n'
     '    NoEcho: true\n'
     '    Default: F1leCfn_Pw_6006\n'
     'Resources:\n'
     '  OrdersDB:\n'
     '    Type: AWS::RDS::DBInstance\n'
     '    Properties:\n'
     '      Engine: postgres\n'
     '      DBInstanceClass: db.t3.micro\n'
     '      AllocatedStorage: "20"\n'
     '      MasterUsername: orders\n'
     '      MasterUserPassword: !Ref DBPassword\n'
     '  Worker:\n'
     '    Type: AWS::Lambda::Function\n'
     '    Properties:\n'
     '      Runtime: python3.12\n'
     '      Handler: app.handler\n'
     '      Environment:\n'
     '        Variables:\n'
     '          PAYMENTS_API_KEY: F1leCfnLambda_Key_6007abcd\n'
     '          LOG_LEVEL: info\n'
     'Outputs:\n'
     '  Endpoint:\n'
     '    Value: !GetAtt OrdersDB.Endpoint.Address\n',
     ('F1leCfn_Pw_6006', 'F1leCfnLambda_Key_6007abcd'),
     ('MasterUserPassword: !Ref DBPassword', 'NoEcho: true', 'LOG_LEVEL: info')),
    ('file_project_clj',
     '(defproject billing "1.4.0"\n'
     '  :description "Billing service"\n'
     '  :dependencies [[org.clojure/clojure "1.11.3"]\n'
     '                 [com.github.seancorfield/next.jdbc "1.3.925"]]\n'
     '  :repositories [["internal" {:url "https://maven.example.com/releases"\n'
     '                              :username "deployer"\n'
     '                              :password "F1leClj_Pw_6008"}]]\n'
     '  :profiles {:dev {:env {:stripe-secret-key "sk_test_51F1leClj6009abcdefghijklmnopqrs"}}}\n'
     '  :main billing.core)\n',
     ('F1leClj_Pw_6008', 'sk_test_51F1leClj6009abcdefghijklmnopqrs'),
     (':main billing.core)', ':username "deployer"')),
    ('file_openresty_lua',
     '-- /etc/nginx/lua/auth.lua\n'
     'local redis = require "resty.redis"\n'
     'local red = redis:new()\n'
     'red:set_timeouts(1000, 1000, 1000)\n'
     '\n'
     'local ok, err = red:connect("127.0.0.1", 6379)\n'
     'if not ok then\n'
     '    ngx.log(ngx.ERR, "failed to connect: ", err)\n'
     '    return ngx.exit(500)\n'
     'end\n'
     '\n'
     'local res, err = red:auth("F1leLua_Pw_6010")\n'
     'local upstream_key = "F1leLuaUp_Key_6011_qwerty"\n'
     'ngx.req.set_header("X-Upstream-Key", upstream_key)\n',
     ('F1leLua_Pw_6010', 'F1leLuaUp_Key_6011_qwerty'),
     ('red:set_timeouts(1000, 1000, 1000)', 'ngx.req.set_header("X-Upstream-Key", upstream_key)')),
]

_BOTH = ("strict", "balanced")
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {
    "local upstream_key = ": ("``upstream_key``: the lexicon reads ``upstream`` as a qualifier of a non-secret key"
                              " (nginx's upstream hash key)", _BOTH),
}

CONTROLS: list[str] = [
    # Elixir / Erlang
    'config :my_app, MyApp.Repo,\n  username: "postgres",\n  hostname: "localhost",\n  pool_size: 10',
    'password: System.get_env("DB_PASSWORD"),',
    'secret_key_base = System.fetch_env!("SECRET_KEY_BASE")',
    'config :logger, level: :info',
    'def password_field(form), do: password_input(form, :password)',
    '{:ok, _} = Application.ensure_all_started(:my_app)',
    '{my_app, [{db_password, {env, "DB_PASSWORD"}}]}',
    '-name node1@host',
    # Rust
    'let password = env::var("DB_PASSWORD").expect("DB_PASSWORD must be set");',
    'const MAX_RETRIES: u32 = 5;',
    'const VERSION: &str = env!("CARGO_PKG_VERSION");',
    'let client = reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?;',
    '.bearer_auth(&token)',
    'fn verify_password(hash: &str, password: &str) -> bool {',
    '[dependencies]\nserde = { version = "1.0", features = ["derive"] }\ntokio = "1.38"',
    '[registry]\ndefault = "crates-io"',
    'password: String::new(),',
    # Scala / sbt
    'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")',
    'val dbPassword = sys.env("DB_PASSWORD")',
    'libraryDependencies += "org.typelevel" %% "cats-effect" % "3.5.4"',
    'play.http.secret.key = ${?APPLICATION_SECRET}',
    'slick.dbs.default.db.password = ${?DB_PASSWORD}',
    'scalaVersion := "2.13.14"',
    # Kotlin / Gradle
    'password = System.getenv("REPO_PASSWORD")',
    'username = project.findProperty("ossrhUsername") as String?',
    'val passwordField = findViewById<EditText>(R.id.password_field)',
    'implementation("io.ktor:ktor-client-core:2.3.12")',
    'const val TIMEOUT_MS = 30_000L',
    'password = providers.gradleProperty("signingPassword").get()',
    # Groovy / Jenkins
    'withCredentials([usernamePassword(credentialsId: "nexus", usernameVariable: "USER", passwordVariable: "PASS")]) {',
    "sh 'docker login -u $USER -p $PASS registry.example.com'",
    'environment {\n    REGISTRY = "registry.example.com"\n    DOCKER_CREDS = credentials("docker-hub")\n}',
    "stage('Build') {\n    steps {\n        sh './gradlew build'\n    }\n}",
    'password: "${NEXUS_PASSWORD}"',
    # Perl
    'my $pw = $ENV{DB_PASSWORD} or die "DB_PASSWORD not set";',
    'my %opts = (verbose => 1, timeout => 30);',
    'print "Enter password: ";',
    # Lua
    'local ok, err = red:auth(os.getenv("REDIS_PASSWORD"))',
    'local password = vim.fn.inputsecret("Password: ")',
    'vim.opt.number = true',
    'require("lazy").setup({ { "nvim-telescope/telescope.nvim", tag = "0.1.8" } })',
    'local api_key = os.getenv("OPENAI_API_KEY")',
    'api_key_cmd = "pass show openai/api_key",',
    'ngx.say("hello")',
    'local keys = redis.call("KEYS", ARGV[1])',
    # R
    'Sys.setenv(TZ = "UTC")',
    'password = rstudioapi::askForPassword("Database password")',
    'library(tidyverse)',
    'R_LIBS_USER=~/R/library',
    'api_key <- Sys.getenv("CENSUS_API_KEY")',
    # Julia
    'token = ENV["API_TOKEN"]',
    'const MAX_ITER = 1000',
    'using DataFrames, CSV',
    # Dart / Flutter
    'final password = TextEditingController();',
    "const apiKey = String.fromEnvironment('API_KEY');",
    "TextFormField(obscureText: true, decoration: InputDecoration(labelText: 'Password'))",
    'flutter run --dart-define=ENV=prod',
    'dependencies:\n  http: ^1.2.1\n  dio: ^5.4.3',
    # Swift / ObjC
    'let apiKey = Bundle.main.object(forInfoDictionaryKey: "API_KEY") as? String',
    'SecureField("Password", text: $password)',
    'request.setValue("application/json", forHTTPHeaderField: "Content-Type")',
    'API_KEY = $(inherited)',
    # Haskell / OCaml / Clojure / F#
    'password <- getEnv "DB_PASSWORD"',
    'let password = Sys.getenv "DB_PASSWORD"',
    '{:db {:dbtype "postgresql" :dbname "app" :password #env DB_PASSWORD}}',
    '(def db-password (System/getenv "DB_PASSWORD"))',
    '(defproject app "0.1.0-SNAPSHOT"\n  :dependencies [[org.clojure/clojure "1.11.3"]])',
    'let connectionString = Environment.GetEnvironmentVariable "DB_CONN"',
    # VB / Delphi
    'FDConnection1.Params.Password := edtPassword.Text;',
    'const\n  MAX_USERS = 100;',
    # PowerShell
    '$env:AZURE_CLIENT_SECRET = (Get-Secret -Name AzSecret -AsPlainText)',
    'PSDscAllowPlainTextPassword = $true',
    # Tcl
    'set password [gets stdin]',
    'expect "password:"\nsend "$pw\\r"',
    'package require http',
    # Nix
    'users.users.deploy.hashedPasswordFile = config.sops.secrets.deploy.path;',
    'services.grafana.settings.security.admin_password = "$__file{/run/secrets/grafana}";',
    'passwordFile = "/run/secrets/restic";',
    'environment.systemPackages = with pkgs; [ git vim ];',
    'nix.settings.experimental-features = [ "nix-command" "flakes" ];',
    # Jsonnet / CUE / Dhall / Pkl
    'local token = std.extVar("token");',
    'password: string & !=""',
    'let password = env:DB_PASSWORD as Text',
    'password = read("env:DB_PASSWORD")',
    # Bicep / ARM / CFN / SAM / Serverless / Pulumi
    '@secure()\nparam adminPassword string',
    "administratorLoginPassword: keyVault.getSecret('sqlAdminPassword')",
    '"adminPassword": {\n    "type": "securestring",\n    "metadata": { "description": "Admin password" }\n}',
    '"adminPassword": "[parameters(\'adminPassword\')]"',
    'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 8',
    'MasterUserPassword: !Ref DBPassword',
    "MasterUserPassword: '{{resolve:secretsmanager:prod/db:SecretString:password}}'",
    '    DB_PASSWORD: ${ssm:/app/prod/db_password}',
    'custom:\n  apiKey: ${env:API_KEY}',
    'pulumi config set --secret dbPassword',
    # Nomad / Consul / Salt / Puppet / Chef / Crossplane
    'acl {\n  enabled = true\n  default_policy = "deny"\n}',
    "password: {{ salt['pillar.get']('mysql:root_password') }}",
    "password => lookup('profile::db::password'),",
    "default['app']['db']['user'] = 'app'",
    "password data_bag_item('secrets', 'mysql')['root_password']",
    '    masterPasswordSecretRef:\n      name: rds-master\n      key: password',
    # misc identifiers / hashes / uuids / versions
    'checksum = "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"',
    'version = "2.14.1"',
    'password_field = "password"',
    'let passwordMinLength = 12',
    'assert_eq!(config.password, "changeme");',
    'val testPassword = "<password>"',
    'api_key = "YOUR_API_KEY_HERE"',
    # URL-free twins of lines whose URL is redacted by design
    'buildConfigField("String", "API_HOST", "\\"api\\"")',
    '#define kAPIBasePath @"/v1/"',
    ':repositories [["private" {:creds :gpg}]]',
    '$params = @{ Method = "Get"; Headers = @{ Authorization = "Bearer $token" } }',
    # -- second batch --
    '(def api-token (System/getenv "API_TOKEN"))',
    '(defn password-valid? [pw] (>= (count pw) 12))',
    '{:password-min-length 12 :token-ttl-seconds 3600}',
    'title <- "Quarterly token report"',
    'set token_count 512',
    '{password_hash_algorithm, "pbkdf2_sha256"}',
    'Sys.getenv("API_TOKEN", unset = NA)',
    "String.fromEnvironment('API_KEY', defaultValue: '')",
    'request.setValue(token, forHTTPHeaderField: "Authorization")',
    'auth: {:bearer, token}',
    'set $api_key $http_x_api_key;',
    '#define API_KEY_LENGTH 32',
    '-define(TOKEN_TTL, 3600).',
    '(setq auth-source-debug t)',
    'password_label <- "Password"',
    'key <- "mtcars"',
    'secret = Sys.getenv("JWT_SECRET", unset = "")',
]

#: Controls that hold in balanced mode only: strict redacts capitalised words off the allow list by design
#: (DBI, CONTOSO, Dim, Const, a heredoc marker EOH).
CONTROLS_BALANCED: list[str] = [
    'my $dbh = DBI->connect($dsn, $user, $pass, { RaiseError => 1, AutoCommit => 0 });',
    'use strict;\nuse warnings;\nuse DBI;',
    'con <- dbConnect(RPostgres::Postgres(), dbname = "dw", user = "analyst", password = Sys.getenv("PGPASSWORD"))',
    'Dim password As String = txtPassword.Text',
    'Private Const MaxRows As Integer = 500',
    '$cred = Get-Credential -UserName "CONTOSO\\svc" -Message "Service account"',
    'template {\n  data = <<EOH\nDB_PASS={{ with secret "kv/app" }}{{ .Data.password }}{{ end }}\nEOH\n}',
    'Private Const TokenHeader As String = "X-Auth-Token"',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_language_and_iac_secrets_never_survive(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets,keeps", row_params(FILES))
def test_whole_files_lose_their_secrets_and_keep_their_code(mode, family, text, secrets, keeps):
    out = redact_text(mode, text)
    assert [k for k in keeps if k not in out] == []
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_ordinary_code_in_those_languages_stays_readable(mode, text):
    assert redact_text(mode, text) == text


@pytest.mark.parametrize("text", CONTROLS_BALANCED)
def test_ordinary_code_with_capitalised_words_stays_readable_in_balanced(text):
    assert redact_text("balanced", text) == text
