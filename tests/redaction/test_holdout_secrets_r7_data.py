"""Hold-out probes for secrets in database, storage and backup tooling.

Written (round 7, r7-data) before reading the detectors: MySQL/MariaDB (option files, mysql_config_editor,
the temporary root password, Galera, ProxySQL, replication SQL), PostgreSQL (.pgpass, pg_service.conf, psql
and pg_dump lines, SCRAM verifiers, Patroni, pgBackRest, Barman, WAL-G), MongoDB, Redis and Sentinel, Cassandra
and JMX, Elasticsearch/OpenSearch, ClickHouse, Oracle (sqlplus, Data Pump, RMAN, wallets), SQL Server, DB2,
InfluxDB, Neo4j, CouchDB, warehouses (snowsql, dbt, Redshift, Databricks, Trino, Vertica), backup tools
(restic, borg, kopia, duplicity, Duplicati, rclone, rsync, Bacula, Velero), object storage (mc, s3cmd, b2,
Wasabi, Swift, azcopy, boto, Ceph, radosgw), SMB/CIFS/iSCSI/davfs2 mounts, disk and archive encryption, and
runbooks, tables and logs that show them. Main before the round leaked 54 of the 293 rows in both modes and
over-redacted 3 of the 96 controls (``password_encryption = scram-sha-256``, ``... = md5``, an iSCSI
``authmethod``); none leaks and no control changes now. The last 61 rows were written after the first fixes
as a fresh check: main leaked 11 of them, the first fixes still 8 (Redis ACL lines with several ``>``
passwords, a quoted Sentinel master name, CDATA, ClickHouse table functions, T-SQL named parameters,
urbackup settings, a Proxmox password file shown under its name), which the second fixes read.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

from redacted_context_mcp.redaction.secret_context import CONTEXT_RULES, GRAMMAR_RULES
from redacted_context_mcp.redaction.secret_datafiles import DATA_RULES, FILE_LINES
from redacted_context_mcp.redaction.secret_keys import key_score

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # -- MySQL / MariaDB --
    ('my_cnf', '[client]\nuser = backup\npassword = "Mysql_Cli3nt_Pw"\nhost = db1.internal', ('Mysql_Cli3nt_Pw',)),
    ('my_cnf', '[mysqldump]\nuser=dumper\npassword=DumpOnly_Pw_44\nsingle-transaction', ('DumpOnly_Pw_44',)),
    ('my_cnf', '[client]\nuser=app\npass=ShortKey_Pw_21', ('ShortKey_Pw_21',)),
    ('mysql_cli', '$ mysql -u root -pR00tMysql_Pw9 -h 127.0.0.1 shop', ('R00tMysql_Pw9',)),
    ('mysql_cli', 'mysql --user=app --password=AppLongFlag_Pw7 --host=db shop < dump.sql', ('AppLongFlag_Pw7',)),
    ('mysqldump', 'mysqldump -uroot -p\'Dump$Quoted_88\' --all-databases > all.sql', ('Dump$Quoted_88',)),
    ('mysqladmin', 'mysqladmin -u root password "NewRootPw_2026"', ('NewRootPw_2026',)),
    ('mysql_env', 'export MYSQL_PWD=EnvMysqlPwd_55', ('EnvMysqlPwd_55',)),
    ('mysql_env', 'MYSQL_ROOT_PASSWORD: Dock3rRoot_Pw', ('Dock3rRoot_Pw',)),
    ('mysql_sql', "ALTER USER 'app'@'%' IDENTIFIED BY 'AlterUser_Pw_61';", ('AlterUser_Pw_61',)),
    ('mysql_sql', "CREATE USER 'report'@'10.%' IDENTIFIED WITH mysql_native_password BY 'NativePw_Rep0rt';",
     ('NativePw_Rep0rt',)),
    ('mysql_sql', "SET PASSWORD FOR 'legacy'@'localhost' = PASSWORD('OldSetPw_31');", ('OldSetPw_31',)),
    ('mysql_sql', "CHANGE MASTER TO MASTER_HOST='db0', MASTER_USER='repl', MASTER_PASSWORD='ReplMaster_Pw4';",
     ('ReplMaster_Pw4',)),
    ('mysql_sql', "CHANGE REPLICATION SOURCE TO SOURCE_HOST='db0', SOURCE_USER='repl', SOURCE_PASSWORD='ReplSrc_Pw5';",
     ('ReplSrc_Pw5',)),
    ('mysql_config_editor', 'mysql_config_editor set --login-path=prod --host=db --user=ops --password\n'
     'Enter password: LoginPath_Pw_73', ('LoginPath_Pw_73',)),
    ('debian_cnf', '# Automatically generated for Debian scripts. DO NOT TOUCH!\n[client]\nhost     = localhost\n'
     'user     = debian-sys-maint\npassword = Xq7rT2vLk9PzWb4M\nsocket   = /var/run/mysqld/mysqld.sock',
     ('Xq7rT2vLk9PzWb4M',)),
    ('mysql_log', "2026-03-02T10:11:12.123456Z 0 [Note] [MY-010454] [Server] A temporary password is generated for "
     "root@localhost: h7&Kp2;wXq!e", ('h7&Kp2;wXq!e',)),
    ('mariadb_galera', 'wsrep_sst_auth = "sstuser:GaleraSst_Pw8"', ('GaleraSst_Pw8',)),
    ('proxysql', 'mysql_users =\n(\n  { username = "app", password = "ProxySqlUser_Pw3", default_hostgroup = 0 }\n)',
     ('ProxySqlUser_Pw3',)),
    ('proxysql', 'admin_variables=\n{\n  admin_credentials="admin:ProxyAdm_Pw2;radmin:ProxyRadm_Pw1"\n}',
     ('ProxyAdm_Pw2', 'ProxyRadm_Pw1')),
    ('orchestrator', '  "MySQLTopologyPassword": "OrchTopo_Pw_19",', ('OrchTopo_Pw_19',)),
    # -- PostgreSQL --
    ('pgpass', 'db1.internal:5432:billing:billing_app:PgPass_Line_Pw8', ('PgPass_Line_Pw8',)),
    ('pgpass', '*:*:*:replicator:Repl\\:Colon_Pw', ('Repl\\:Colon_Pw',)),
    ('pg_service', '[billing]\nhost=db1.internal\nport=5432\ndbname=billing\nuser=billing_ro\npassword=PgService_Pw6',
     ('PgService_Pw6',)),
    ('psql_uri', 'psql "postgresql://billing_ro:PsqlUri_Pw_42@db1.internal:5432/billing?sslmode=require"',
     ('PsqlUri_Pw_42',)),
    ('psql_kv', "psql \"host=db1 port=5432 dbname=billing user=ro password=KvConn_Pw_17 sslmode=verify-full\"",
     ('KvConn_Pw_17',)),
    ('pg_dump', 'PGPASSWORD=PgDumpEnv_Pw3 pg_dump -h db1 -U postgres -Fc billing > billing.dump', ('PgDumpEnv_Pw3',)),
    ('pg_dump', 'pg_dump --dbname=postgresql://postgres:DumpUri_Pw_90@10.2.0.5/billing -Fc -f b.dump',
     ('DumpUri_Pw_90',)),
    ('pg_basebackup', "pg_basebackup -d 'host=primary user=replicator password=BaseBk_Pw_12' -D /var/lib/pg/16 -R",
     ('BaseBk_Pw_12',)),
    ('postgresql_auto_conf', "primary_conninfo = 'user=replicator password=AutoConf_Pw_5 host=10.0.0.4 port=5432'",
     ('AutoConf_Pw_5',)),
    ('pg_sql', "ALTER ROLE app WITH LOGIN PASSWORD 'AlterRole_Pw_27';", ('AlterRole_Pw_27',)),
    ('pg_sql', "CREATE USER grafana WITH ENCRYPTED PASSWORD 'GrafanaRo_Pw3' VALID UNTIL '2027-01-01';",
     ('GrafanaRo_Pw3',)),
    ('pg_sql', "CREATE USER MAPPING FOR app SERVER legacy OPTIONS (user 'fdw', password 'FdwMap_Pw_66');",
     ('FdwMap_Pw_66',)),
    ('pg_scram', "ALTER ROLE app PASSWORD 'SCRAM-SHA-256$4096:c2FsdHNhbHRzYWx0$Rk9PYmFy"
     "QmF6UXV4U2VjcmV0S2V5MTIzNDU2Nzg5MA==:U2VydmVyS2V5Rm9vQmFyQmF6UXV4MTIzNDU2Nzg5MA=='",
     ('Rk9PYmFyQmF6UXV4U2VjcmV0S2V5MTIzNDU2Nzg5MA==',)),
    ('pgbouncer_userlist', '"billing_app" "SCRAM-SHA-256$4096:Zm9vc2FsdA==$c3RvcmVka2V5c3RvcmVka2V5c3RvcmVr'
     'ZXk=:c2VydmVya2V5c2VydmVya2V5c2VydmVya2V5"', ('c3RvcmVka2V5c3RvcmVka2V5c3RvcmVrZXk=',)),
    ('patroni', 'postgresql:\n  authentication:\n    superuser:\n      username: postgres\n'
     '      password: PatroniSu_Pw_8', ('PatroniSu_Pw_8',)),
    ('patroni', 'postgresql:\n  authentication:\n    replication:\n      username: replicator\n'
     '      password: "PatroniRepl_9"', ('PatroniRepl_9',)),
    ('pgbackrest', '[global]\nrepo1-type=s3\nrepo1-s3-key=AKIAQWERTYUIOPASDFGH\n'
     'repo1-s3-key-secret=pgBRs3Secret/Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr\nrepo1-cipher-pass=BackrestCipher_Pw5',
     ('pgBRs3Secret/Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr', 'BackrestCipher_Pw5')),
    ('wal_g', 'WALG_LIBSODIUM_KEY=Wg8v2mLq9RtXz4Kp7Nc3Hb6Fd1Sa5Je0', ('Wg8v2mLq9RtXz4Kp7Nc3Hb6Fd1Sa5Je0',)),
    ('barman', '[pg]\nconninfo = host=pg user=barman dbname=postgres password=BarmanCi_Pw2', ('BarmanCi_Pw2',)),
    ('pgadmin', 'PGADMIN_DEFAULT_PASSWORD=PgAdminDef_Pw7', ('PgAdminDef_Pw7',)),
    ('jdbc', 'jdbc:postgresql://db1:5432/billing?user=app&password=JdbcPg_Pw_11&ssl=true', ('JdbcPg_Pw_11',)),
    # -- MongoDB --
    ('mongosh', 'mongosh "mongodb+srv://admin:MongoSrv_Pw_51@cluster0.ab1cd.mongodb.net/test"', ('MongoSrv_Pw_51',)),
    ('mongosh', 'mongosh --host rs0/m1:27017,m2:27017 -u admin -p MongoShP_Pw2 --authenticationDatabase admin',
     ('MongoShP_Pw2',)),
    ('mongodump', 'mongodump --uri="mongodb://backup:MDump_Pw_73@m1:27017/?authSource=admin" --gzip --archive',
     ('MDump_Pw_73',)),
    ('mongodump', 'mongodump --username backup --password "MDumpLong_Pw8" --out /backups/2026-03-02',
     ('MDumpLong_Pw8',)),
    ('mongorestore', "mongorestore --host m1 --port 27017 -u restore -p'MRestore_Pw4' --drop /backups/latest",
     ('MRestore_Pw4',)),
    ('mongod_conf', 'security:\n  authorization: enabled\n  keyFile: /etc/mongo/keyfile\n'
     'setParameter:\n  ldapQueryPassword: MongoLdapQ_Pw6', ('MongoLdapQ_Pw6',)),
    ('mongo_js', 'db.createUser({ user: "reporting", pwd: "MongoPwdJs_33", roles: [ { role: "read", db: "shop" } ] })',
     ('MongoPwdJs_33',)),
    ('mongo_js', 'db.changeUserPassword("reporting", "MChange_Pw_12")', ('MChange_Pw_12',)),
    ('mongo_env', 'MONGO_INITDB_ROOT_PASSWORD=MongoInit_Pw_5', ('MongoInit_Pw_5',)),
    ('mongo_keyfile', '$ cat /etc/mongo/keyfile\nq3Zk8PwL1xYv7RbT9mNc4HsJ2dFg6KaE0uWo5QiVlXyBnMzCtAr',
     ('q3Zk8PwL1xYv7RbT9mNc4HsJ2dFg6KaE0uWo5QiVlXyBnMzCtAr',)),
    # -- Redis --
    ('redis_conf', 'requirepass "RedisQuoted_Pw_9"', ('RedisQuoted_Pw_9',)),
    ('redis_acl', 'user worker on >WorkerAcl_Pw_3 ~jobs:* &* +@all -@dangerous', ('WorkerAcl_Pw_3',)),
    ('redis_acl', 'ACL SETUSER cache on >CacheAcl_Pw_4 ~cache:* +get +set', ('CacheAcl_Pw_4',)),
    ('redis_acl_hash', 'user backup on #8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92 ~* +@read',
     ('8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92',)),
    ('redis_cli', 'redis-cli -h cache1 -p 6379 -a RedisCliA_Pw_2 --no-auth-warning INFO replication',
     ('RedisCliA_Pw_2',)),
    ('redis_cli', 'redis-cli --user worker --pass RedisPass_Pw_6 -h cache1 PING', ('RedisPass_Pw_6',)),
    ('redis_cli', '127.0.0.1:6379> AUTH worker InlineAuth_Pw7\nOK', ('InlineAuth_Pw7',)),
    ('redis_cli', '127.0.0.1:6379> CONFIG SET requirepass "CfgSet_Pw_18"\nOK', ('CfgSet_Pw_18',)),
    ('redis_uri', 'REDIS_URL=rediss://default:RedissUri_Pw_8@cache.example.internal:6380/0', ('RedissUri_Pw_8',)),
    ('sentinel', 'sentinel monitor mymaster 10.0.0.5 6379 2\nsentinel auth-pass mymaster SentinelAuth_Pw4',
     ('SentinelAuth_Pw4',)),
    ('sentinel', 'sentinel sentinel-pass SentinelPeer_Pw5', ('SentinelPeer_Pw5',)),
    ('redis_conf', 'masteruser replica\nmasterauth "MasterAuthQ_Pw7"', ('MasterAuthQ_Pw7',)),
    ('keydb', 'keydb-cli -a KeyDbCli_Pw_1 info', ('KeyDbCli_Pw_1',)),
    # -- Cassandra / Scylla --
    ('cqlshrc', '[authentication]\nusername = cassandra\npassword = CqlshRc_Pw_37\n\n[connection]\nhostname = 10.1.0.3',
     ('CqlshRc_Pw_37',)),
    ('cqlsh', 'cqlsh 10.1.0.3 9042 -u cassandra -p CqlshCli_Pw_3', ('CqlshCli_Pw_3',)),
    ('cql', "CREATE ROLE app WITH PASSWORD = 'CqlRole_Pw_41' AND LOGIN = true;", ('CqlRole_Pw_41',)),
    ('cql', "ALTER ROLE cassandra WITH PASSWORD = 'CqlAlter_Pw_2';", ('CqlAlter_Pw_2',)),
    ('nodetool', 'nodetool -u jmxadmin -pw NodetoolJmx_Pw7 status', ('NodetoolJmx_Pw7',)),
    ('jmxremote', 'monitorRole  JmxMon_Pw_11\ncontrolRole  JmxCtl_Pw_12', ('JmxMon_Pw_11', 'JmxCtl_Pw_12')),
    # -- Elasticsearch / OpenSearch --
    ('es_reset', '$ bin/elasticsearch-reset-password -u elastic\nThis tool will reset the password of the [elastic] '
     'user to an autogenerated value.\nThe password will be printed in the console.\nPlease confirm that you would '
     'like to continue [y/N]y\n\n\nPassword for the [elastic] user successfully reset.\nNew value: '
     'q*Zk3=Rb7xL9vN_2wPmT', ('q*Zk3=Rb7xL9vN_2wPmT',)),
    ('es_setup', 'Changed password for user elastic\nPASSWORD elastic = Rk4Tz9wQpL2mXv8NcB3s\n\n'
     'Changed password for user kibana_system\nPASSWORD kibana_system = Hq7Lm2ZxV9pRt4KwNb6c',
     ('Rk4Tz9wQpL2mXv8NcB3s', 'Hq7Lm2ZxV9pRt4KwNb6c')),
    ('es_first_start', '✅ Elasticsearch security features have been automatically configured!\n'
     'ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n'
     '  Wn3=kP8vQz_Lx2R*mT5b', ('Wn3=kP8vQz_Lx2R*mT5b',)),
    ('es_curl', 'curl -k -u elastic:CurlElastic_Pw9 https://localhost:9200/_cluster/health?pretty',
     ('CurlElastic_Pw9',)),
    ('es_curl', "curl --user 'admin:OsAdmin_Pw_3' -XGET https://os1:9200/_cat/indices", ('OsAdmin_Pw_3',)),
    ('es_keystore', 'echo "EsS3Secret/Xy12Ab34Cd56Ef78Gh90Ij12Kl34Mn" | bin/elasticsearch-keystore add --stdin '
     's3.client.default.secret_key', ('EsS3Secret/Xy12Ab34Cd56Ef78Gh90Ij12Kl34Mn',)),
    ('kibana_yml', 'elasticsearch.username: "kibana_system"\nelasticsearch.password: "KibanaSys_Pw_4"',
     ('KibanaSys_Pw_4',)),
    ('es_api_key', '{"id":"VuaCfGcBCdbkQm-e5aOx","name":"ingest","api_key":"ui2lp2axTNmsyakw9tvNnw",'
     '"encoded":"VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw=="}',
     ('ui2lp2axTNmsyakw9tvNnw', 'VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==')),
    ('es_enroll', 'bin/elasticsearch --enrollment-token eyJ2ZXIiOiI4LjEyLjAiLCJhZHIiOlsiMTAuMC4wLjU6OTIwMCJdLCJm'
     'Z3IiOiJhYmNkZWYxMjM0NTYiLCJrZXkiOiJQYjNfWTRzQkF4OlJ6a0xRX3RWU3BpOWxDN3hHaUQ1ZncifQ==',
     ('eyJ2ZXIiOiI4LjEyLjAiLCJhZHIiOlsiMTAuMC4wLjU6OTIwMCJdLCJm',)),
    ('opensearch_env', 'OPENSEARCH_INITIAL_ADMIN_PASSWORD=OsInit!Adm1n_Pw', ('OsInit!Adm1n_Pw',)),
    ('opensearch_internal_users', 'admin:\n  hash: "$2y$12$Rk9vYmFyYmF6cXV4cXV1eOVkNjM2eWxzZnBmYWtlaGFzaGhlcmUuX"\n'
     '  reserved: true', ('$2y$12$Rk9vYmFyYmF6cXV4cXV1eOVkNjM2eWxzZnBmYWtlaGFzaGhlcmUuX',)),
    # -- ClickHouse --
    ('clickhouse_users', '<users>\n  <default>\n    <password>ChDefault_Pw_8</password>\n  </default>',
     ('ChDefault_Pw_8',)),
    ('clickhouse_users', '<analyst>\n  <password_sha256_hex>65e84be33532fb784c48129675f9eff3a682b27168c0ea744b2cf58e'
     'e02337c5</password_sha256_hex>', ('65e84be33532fb784c48129675f9eff3a682b27168c0ea744b2cf58ee02337c5',)),
    ('clickhouse_client', 'clickhouse-client --host ch1 --user analyst --password ChClient_Pw_2 --query "SELECT 1"',
     ('ChClient_Pw_2',)),
    ('clickhouse_sql', "CREATE USER etl IDENTIFIED WITH sha256_password BY 'ChSqlUser_Pw3' HOST ANY;",
     ('ChSqlUser_Pw3',)),
    # -- Oracle --
    ('sqlplus', 'sqlplus system/OraSys_Pw_42@ORCLPDB1 @scripts/grants.sql', ('OraSys_Pw_42',)),
    ('sqlplus', 'sqlplus -s scott/Tiger_Pw_77@//db-ora.internal:1521/SALES <<EOF', ('Tiger_Pw_77',)),
    ('expdp', 'expdp hr/HrExport_Pw3@PROD directory=DP_DIR dumpfile=hr.dmp schemas=HR', ('HrExport_Pw3',)),
    ('rman', 'rman target sys/RmanSys_Pw_9@PROD catalog rcat/RmanCat_Pw8@RCATDB',
     ('RmanSys_Pw_9', 'RmanCat_Pw8')),
    ('mkstore', 'mkstore -wrl /u01/wallet -createCredential PRODDB app_user WalletCred_Pw2', ('WalletCred_Pw2',)),
    ('orapki', 'orapki wallet create -wallet /u01/wallet -pwd OraPki_Wallet9 -auto_login', ('OraPki_Wallet9',)),
    ('ora_sql', 'ALTER USER app IDENTIFIED BY "OraAlter_Pw_55" ACCOUNT UNLOCK;', ('OraAlter_Pw_55',)),
    ('ora_sql', 'CREATE DATABASE LINK sales CONNECT TO rpt IDENTIFIED BY OraLink_Pw6 USING \'SALES\';',
     ('OraLink_Pw6',)),
    # -- SQL Server --
    ('sqlcmd', 'sqlcmd -S tcp:mssql1,1433 -U sa -P "MssqlSa_Pw!42" -d master -Q "SELECT @@VERSION"',
     ('MssqlSa_Pw!42',)),
    ('bcp', 'bcp Sales.dbo.Orders out orders.dat -S mssql1 -U etl -P BcpEtl_Pw_7 -c -t,', ('BcpEtl_Pw_7',)),
    ('mssql_env', 'MSSQL_SA_PASSWORD=MssqlEnv_Pw_Str0ng', ('MssqlEnv_Pw_Str0ng',)),
    ('mssql_sql', "CREATE LOGIN reporting WITH PASSWORD = N'TsqlLogin_Pw3', CHECK_POLICY = ON;", ('TsqlLogin_Pw3',)),
    ('mssql_sql', "CREATE MASTER KEY ENCRYPTION BY PASSWORD = 'TdeMaster_Pw_8';", ('TdeMaster_Pw_8',)),
    ('mssql_sql', "BACKUP CERTIFICATE TDECert TO FILE = 'c:\\bk\\tde.cer' WITH PRIVATE KEY (FILE = 'c:\\bk\\tde.pvk', "
     "ENCRYPTION BY PASSWORD = 'TdeCertBk_Pw9');", ('TdeCertBk_Pw9',)),
    ('sqlpackage', 'SqlPackage /Action:Export /SourceServerName:mssql1 /SourceUser:sa /SourcePassword:SqlPkg_Pw_4 '
     '/TargetFile:shop.bacpac', ('SqlPkg_Pw_4',)),
    ('invoke_sqlcmd', 'Invoke-Sqlcmd -ServerInstance mssql1 -Username sa -Password "InvSql_Pw_6" -Query "SELECT 1"',
     ('InvSql_Pw_6',)),
    ('db2', 'db2 connect to SAMPLE user db2inst1 using Db2Inst_Pw_3', ('Db2Inst_Pw_3',)),
    # -- InfluxDB / Neo4j / CouchDB --
    ('influx', 'influx setup --username admin --password InfluxSetup_Pw5 --org acme --bucket metrics --force',
     ('InfluxSetup_Pw5',)),
    ('influx', 'influx config create --config-name prod --host-url https://influx.internal:8086 --org acme '
     '--token Xk9vQ2mLp7RtZ4wNb1Hc6Fd3Sa8Je0Ky5Ug-Tq_Lo2Wi9Pe4Rm7Nb1Vc6Xz3Ah8Sf5Dg0Jk==',
     ('Xk9vQ2mLp7RtZ4wNb1Hc6Fd3Sa8Je0Ky5Ug-Tq_Lo2Wi9Pe4Rm7Nb1Vc6Xz3Ah8Sf5Dg0Jk==',)),
    ('influx_configs', '[prod]\n  url = "https://influx.internal:8086"\n  token = "Rb3Lm8Zq2VxT7pKw4Nc9Hs1Fd6Ga0'
     'Je5Uy-Io_Qa=="\n'
     '  org = "acme"\n  active = true', ('Rb3Lm8Zq2VxT7pKw4Nc9Hs1Fd6Ga0Je5Uy-Io_Qa==',)),
    ('influx_v1', 'influx -username admin -password InfluxV1_Pw_2 -database telegraf', ('InfluxV1_Pw_2',)),
    ('influx_env', 'DOCKER_INFLUXDB_INIT_ADMIN_TOKEN=Zt5Qw8Lm3Rp9Xk2Vb7Nc4Hd1Fs6Ga0Je', ('Zt5Qw8Lm3Rp9Xk2Vb7Nc4H'
     'd1Fs6Ga0Je',)),
    ('neo4j', 'NEO4J_AUTH=neo4j/Neo4jAuth_Pw_8', ('Neo4jAuth_Pw_8',)),
    ('neo4j', 'cypher-shell -a neo4j://graph1:7687 -u neo4j -p CypherSh_Pw_4 "RETURN 1"', ('CypherSh_Pw_4',)),
    ('neo4j', 'neo4j-admin dbms set-initial-password Neo4jInit_Pw9', ('Neo4jInit_Pw9',)),
    ('couchdb', '[admins]\nadmin = CouchAdm_Pw_61', ('CouchAdm_Pw_61',)),
    ('couchdb',
     '[admins]\nadmin = -pbkdf2-3b5c8e1f7a9d2b4c6e8f0a1b3c5d7e9f1a2b3c4d,5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b,10',
     ('-pbkdf2-3b5c8e1f7a9d2b4c6e8f0a1b3c5d7e9f1a2b3c4d,5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b,10',)),
    ('couchdb', 'curl -X PUT http://admin:CouchCurl_Pw3@127.0.0.1:5984/_node/_local/_config/admins/ops -d \'"Ops'
     'New_Pw4"\'',
     ('CouchCurl_Pw3', 'OpsNew_Pw4')),
    ('arangodb',
     'arangosh --server.endpoint tcp://127.0.0.1:8529 --server.username root --server.password ArangoSh_Pw5',
     ('ArangoSh_Pw5',)),
    ('rethinkdb', 'rethinkdb --initial-password RethinkInit_Pw6', ('RethinkInit_Pw6',)),
    ('memcached_sasl', 'memcached -S -vv\n# /etc/sasl2/memcached-sasldb2\necho "MemcSasl_Pw7" | saslpasswd2 -a m'
     'emcached -c -p ops',
     ('MemcSasl_Pw7',)),
    # -- Warehouses --
    ('snowsql', '[connections.prod]\naccountname = xy12345.eu-central-1\nusername = LOADER\npassword = SnowSql_Pw_83',
     ('SnowSql_Pw_83',)),
    ('snowflake_toml', '[default]\naccount = "xy12345"\nuser = "loader"\npassword = "SnowToml_Pw_2"\n'
     'warehouse = "LOAD_WH"', ('SnowToml_Pw_2',)),
    ('snowflake_cli', 'snowsql -a xy12345 -u loader --private-key-path rsa_key.p8\nexport SNOWSQL_PWD=SnowPwdEnv_Pw3',
     ('SnowPwdEnv_Pw3',)),
    ('snowflake_env', 'SNOWSQL_PRIVATE_KEY_PASSPHRASE=SnowKeyPhrase_Pw4', ('SnowKeyPhrase_Pw4',)),
    ('dbt_profiles', 'analytics:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: x'
     'y12345\n'
     '      user: DBT_PROD\n      password: DbtSnow_Pw_71\n      role: TRANSFORMER', ('DbtSnow_Pw_71',)),
    ('dbt_profiles', '    dev:\n      type: postgres\n      host: localhost\n      user: dbt\n      pass: DbtPgP'
     'ass_Pw2\n'
     '      dbname: analytics', ('DbtPgPass_Pw2',)),
    ('dbt_profiles', '    redshift:\n      type: redshift\n      host: rs.abc123.eu-west-1.redshift.amazonaws.com\n'
     '      user: dbt\n      password: "DbtRs_Pw_93"\n      port: 5439', ('DbtRs_Pw_93',)),
    ('bigquery_sa', '{\n  "type": "service_account",\n  "project_id": "acme-analytics",\n  "private_key_id": '
     '"3f9c1a7b2e8d4c6f0a5b9e1d7c3f8a2b6e4d0c9f",\n  "client_email": "dbt@acme-analytics.iam.gserviceaccount.com"\n}',
     ('3f9c1a7b2e8d4c6f0a5b9e1d7c3f8a2b6e4d0c9f',)),
    ('redshift_sql', "COPY sales FROM 's3://acme-staging/sales/' CREDENTIALS "
     "'aws_access_key_id=AKIAZXCVBNMASDFGHJKL;aws_secret_access_key=RsCopySecret/Kp9Lm2Qx7Vz4Tb8Nc1Hd6Fs3Ga0Je5Yu'",
     ('RsCopySecret/Kp9Lm2Qx7Vz4Tb8Nc1Hd6Fs3Ga0Je5Yu',)),
    ('redshift_sql', "CREATE USER etl PASSWORD 'RsCreate_Pw_9a';", ('RsCreate_Pw_9a',)),
    ('databricks', '[DEFAULT]\nhost = https://adb-1234567890123456.7.azuredatabricks.net\n'
     'token = dapi0123456789abcdef0123456789abcdef', ('dapi0123456789abcdef0123456789abcdef',)),
    ('trino', 'trino --server https://trino.internal:8443 --user analyst --password\nPassword: TrinoPrompt_Pw5',
     ('TrinoPrompt_Pw5',)),
    ('vertica', 'vsql -h vert1 -U dbadmin -w VsqlW_Pw_33 -d analytics', ('VsqlW_Pw_33',)),
    # -- Backup tools --
    ('restic', 'export RESTIC_REPOSITORY=s3:s3.amazonaws.com/acme-backups\nexport RESTIC_PASSWORD=ResticRepo_Pw_62',
     ('ResticRepo_Pw_62',)),
    ('restic', '$ restic init --repo /srv/restic-repo\nenter password for new repository: ResticInit_Pw7\n'
     'enter password again: ResticInit_Pw7', ('ResticInit_Pw7',)),
    ('restic', 'RESTIC_PASSWORD="Rst-Quoted-Pw-8" restic -r sftp:backup@nas:/srv/restic backup /home',
     ('Rst-Quoted-Pw-8',)),
    ('borg', 'export BORG_PASSPHRASE=\'Borg Passphrase With Spaces 9\'\nborg create ::{hostname}-{now} /etc /home',
     ('Borg Passphrase With Spaces 9',)),
    ('borg', 'BORG_PASSPHRASE=BorgInline_Pw3 borg list ssh://backup@nas/./repo', ('BorgInline_Pw3',)),
    ('borgmatic', 'encryption_passphrase: "BorgmaticEnc_Pw5"\nrepositories:\n  - path: ssh://u@nas/./repo',
     ('BorgmaticEnc_Pw5',)),
    ('kopia', 'kopia repository connect s3 --bucket=acme-kopia --access-key=AKIAPOIUYTREWQLKJHGF '
     '--secret-access-key=KopiaS3Sec/Lm3Qx8Vz2Tb7Nc4Hd9Fs1Ga6Je0Yu5Ok --password=KopiaRepo_Pw4',
     ('KopiaS3Sec/Lm3Qx8Vz2Tb7Nc4Hd9Fs1Ga6Je0Yu5Ok', 'KopiaRepo_Pw4')),
    ('kopia', 'KOPIA_PASSWORD=KopiaEnv_Pw6 kopia snapshot create /data', ('KopiaEnv_Pw6',)),
    ('duplicity', 'PASSPHRASE=DuplicityGpg_Pw2 duplicity /home/ops b2://keyid:appkey@bucket/dir',
     ('DuplicityGpg_Pw2',)),
    ('duplicity', 'export FTP_PASSWORD=DupFtp_Pw_7\nduplicity /srv ftp://backup@ftp.internal/srv', ('DupFtp_Pw_7',)),
    ('duplicati', 'Duplicati.CommandLine.exe backup "s3://acme-dup/pc1?auth-username=AKIAMNBVCXZLKJHGFDSA&'
     'auth-password=DupliS3Sec/Qx9Vz3Tb8Nc2Hd7Fs4Ga1Je6Yu0Ok5Lm" C:\\Users --passphrase=DupliPass_Pw8',
     ('DupliS3Sec/Qx9Vz3Tb8Nc2Hd7Fs4Ga1Je6Yu0Ok5Lm', 'DupliPass_Pw8')),
    ('rclone_conf', '[b2remote]\ntype = b2\naccount = 0012a3b4c5d6\nkey = K001abcdEFGHijklMNOPqrstUVWXyz01234',
     ('K001abcdEFGHijklMNOPqrstUVWXyz01234',)),
    ('rclone_conf', '[secret]\ntype = crypt\nremote = b2remote:vault\npassword = 4mVcZ8-eQpL2xR9tWnB7kH3sYd1FgJ6a\n'
     'password2 = Tq5Nw2Lm8Zx3Vr7Kp9Bc4Hs1Fd6GaJe', ('4mVcZ8-eQpL2xR9tWnB7kH3sYd1FgJ6a', 'Tq5Nw2Lm8Zx3Vr7Kp9Bc4H'
      's1Fd6GaJe')),
    ('rclone_conf', '[nas]\ntype = sftp\nhost = nas.internal\nuser = backup\npass = RcloneSftpObsc_9x2Lm',
     ('RcloneSftpObsc_9x2Lm',)),
    ('rclone_env', 'RCLONE_CONFIG_PASS=RcloneCfgPass_Pw3', ('RcloneCfgPass_Pw3',)),
    ('rclone_cli', 'rclone obscure RcloneObscIn_Pw4', ('RcloneObscIn_Pw4',)),
    ('rsyncd_secrets', '# /etc/rsyncd.secrets\nbackup:RsyncdSec_Pw_5\nmirror:RsyncdMir_Pw6',
     ('RsyncdSec_Pw_5', 'RsyncdMir_Pw6')),
    ('rsync_env', 'RSYNC_PASSWORD=RsyncEnv_Pw_7 rsync -av /srv/ rsync://backup@nas/module/', ('RsyncEnv_Pw_7',)),
    ('bacula', 'Director {\n  Name = bacula-dir\n  Password = "BaculaDir_Pw_8"\n}', ('BaculaDir_Pw_8',)),
    ('bareos', 'Storage {\n  Name = File\n  Address = sd1\n  Password = "BareosSd_Pw_9"\n}', ('BareosSd_Pw_9',)),
    ('velero', '[default]\naws_access_key_id = minio\naws_secret_access_key = VeleroMinio_Sec_Pw1', ('VeleroMini'
     'o_Sec_Pw1',)),
    # -- Object storage --
    ('mc', 'mc alias set myminio https://minio.internal:9000 minioadmin MinioAlias_Sec_Pw2', ('MinioAlias_Sec_Pw2',)),
    ('mc_config', '{\n  "version": "10",\n  "aliases": {\n    "prod": {\n      "url": "https://s3.internal",\n'
     '      "accessKey": "PRODACCESS01",\n      "secretKey": "McCfgSecret/Zx8Vb3Nm7Qw2Er6Ty1Ui5Op9As4Df0Gh",\n'
     '      "api": "s3v4"', ('McCfgSecret/Zx8Vb3Nm7Qw2Er6Ty1Ui5Op9As4Df0Gh',)),
    ('minio_env', 'MINIO_ROOT_USER=admin\nMINIO_ROOT_PASSWORD=MinioRoot_Pw_33', ('MinioRoot_Pw_33',)),
    ('mc_admin', 'mc admin user add myminio appuser AppUserMinio_Pw4', ('AppUserMinio_Pw4',)),
    ('s3cmd', '[default]\naccess_key = AKIALKJHGFDSAPOIUYTR\nsecret_key = S3cmdSec/Mn4Bv8Cx2Zl6Kj1Hg5Fd9Sa3Po7Iu0Yt\n'
     'gpg_passphrase = S3cmdGpg_Pw5', ('S3cmdSec/Mn4Bv8Cx2Zl6Kj1Hg5Fd9Sa3Po7Iu0Yt', 'S3cmdGpg_Pw5')),
    ('b2', 'b2 authorize-account 0012a3b4c5d6e7f0000000001 K0012AbCdEfGhIjKlMnOpQrStUvWxYz0', ('K0012AbCdEfGhIjK'
     'lMnOpQrStUvWxYz0',)),
    ('b2', 'B2_APPLICATION_KEY_ID=0012a3b4c5d6e7f0000000002\nB2_APPLICATION_KEY=K0013ZyXwVuTsRqPoNmLkJiHgFeDcBa9',
     ('K0013ZyXwVuTsRqPoNmLkJiHgFeDcBa9',)),
    ('wasabi', 'aws s3 ls --endpoint-url=https://s3.eu-central-1.wasabisys.com --profile wasabi\n'
     '[wasabi]\naws_access_key_id = WASABIKEYID0123456789\naws_secret_access_key = WasabiSec/Qw3Er8Ty2Ui7Op1As6D'
      'f0Gh5Jk9Lz',
     ('WasabiSec/Qw3Er8Ty2Ui7Op1As6Df0Gh5Jk9Lz',)),
    ('swift', 'export OS_PASSWORD=SwiftOs_Pw_4\nswift --os-auth-url https://keystone:5000/v3 list', ('SwiftOs_Pw_4',)),
    ('swift', 'swift -A https://swift.internal/auth/v1.0 -U acct:user -K SwiftKeyK_Pw5 upload c f', ('SwiftKeyK_Pw5',)),
    ('azcopy', 'azcopy copy ./dump.bak "https://acmebk.blob.core.windows.net/bk?sv=2022-11-02&ss=b&srt=co&sp=rwdlac'
     '&se=2026-12-31T00:00:00Z&sig=Zk8vQ2mLp7RtX4wNb1Hc6Fd3Sa8Je0Ky5UgTq9LoWi2%3D"',
     ('Zk8vQ2mLp7RtX4wNb1Hc6Fd3Sa8Je0Ky5UgTq9LoWi2%3D',)),
    ('gsutil_boto', '[Credentials]\ngs_access_key_id = GOOG1EXAMPLEKEYID0123456789\n'
     'gs_secret_access_key = BotoGsSec/Rt5Yu9Io3Pa7Sd1Fg6Hj0Kl4Zx8Cv2Bn',
      ('BotoGsSec/Rt5Yu9Io3Pa7Sd1Fg6Hj0Kl4Zx8Cv2Bn',)),
    ('ceph_keyring', '[client.admin]\n\tkey = AQBs5YlkAAAAABAAm3kP9xZ2qL7vR4tN8wB1cE==\n\tcaps mds = "allow *"',
     ('AQBs5YlkAAAAABAAm3kP9xZ2qL7vR4tN8wB1cE==',)),
    ('ceph_auth', '$ ceph auth get-key client.rbd\nAQCq7YlkAAAAABAAx2Lm9Qp4Rt8Vz3Nb6Hc1Fd==', ('AQCq7YlkAAAAABAA'
     'x2Lm9Qp4Rt8Vz3Nb6Hc1Fd==',)),
    ('ceph_fstab',
     'mon1:6789:/ /mnt/cephfs ceph name=admin,secret=AQDz8YlkAAAAABAAp5Kw2Lm7Qx9Vt4Nc3Hb8Fd==,noatime 0 2',
     ('AQDz8YlkAAAAABAAp5Kw2Lm7Qx9Vt4Nc3Hb8Fd==',)),
    ('radosgw', 'radosgw-admin user create --uid=backup --display-name="Backup" --access-key=RGWACCESS0123 '
     '--secret=RgwSecret_Pw_Kp9Lm2', ('RgwSecret_Pw_Kp9Lm2',)),
    ('radosgw', '"keys": [\n        {\n            "user": "backup",\n            "access_key": "RGW0AB1CD2EF3GH'
     '4IJ5K",\n'
     '            "secret_key": "rGwS3cr3tK3yF0rB4ckupUs3rXyZ0123456789ab"\n        }',
     ('rGwS3cr3tK3yF0rB4ckupUs3rXyZ0123456789ab',)),
    # -- SMB / CIFS / NFS --
    ('cifs_creds', '# /root/.smbcredentials\nusername=backup\npassword=SmbCred_Pw_48\ndomain=ACME', ('SmbCred_Pw_48',)),
    ('fstab', '//nas.internal/share /mnt/share cifs username=backup,password=FstabCifs_Pw9,uid=1000,vers=3.0 0 0',
     ('FstabCifs_Pw9',)),
    ('mount', 'sudo mount -t cifs //fs1/finance /mnt/fin -o user=alice,pass=MountPass_Pw3,domain=ACME',
     ('MountPass_Pw3',)),
    ('smbclient', "smbclient //fs1/finance -U 'ACME\\alice%SmbClientPct_Pw4' -c 'ls'", ('SmbClientPct_Pw4',)),
    ('smbclient', 'smbclient -L //fs1 -U backup%SmbList_Pw5', ('SmbList_Pw5',)),
    ('smbpasswd', '$ smbpasswd -a alice\nNew SMB password: SmbPasswdA_Pw6\nRetype new SMB password: SmbPasswdA_Pw6',
     ('SmbPasswdA_Pw6',)),
    ('net_ads', 'net ads join -U Administrator%NetAdsJoin_Pw7', ('NetAdsJoin_Pw7',)),
    ('rpcclient', 'rpcclient -U "ops%RpcCli_Pw_8" 10.0.0.9 -c enumdomusers', ('RpcCli_Pw_8',)),
    ('windows_net_use', 'net use Z: \\\\fs1\\backup NetUsePw_Pw9 /user:ACME\\svc-backup /persistent:yes',
     ('NetUsePw_Pw9',)),
    ('autofs', 'finance -fstype=cifs,rw,username=svc,password=AutofsCifs_Pw1 ://fs1/finance', ('AutofsCifs_Pw1',)),
    ('davfs', '# /etc/davfs2/secrets\nhttps://dav.internal/remote.php/webdav ops DavfsSecret_Pw2', ('DavfsSecret_Pw2',
     )),
    ('iscsi', 'node.session.auth.authmethod = CHAP\nnode.session.auth.username = iqn-user\n'
     'node.session.auth.password = IscsiChap_Pw_12', ('IscsiChap_Pw_12',)),
    ('iscsi_targetcli', '/iscsi/iqn.2026-03.internal.nas:t1/tpg1/acls/iqn.2026-03.internal.host:h1> set auth '
     'userid=host1 password=TargetCliChap_Pw3', ('TargetCliChap_Pw3',)),
    ('truenas_midclt', "midclt call pool.dataset.create '{\"name\": \"tank/sec\", \"encryption\": true, "
     "\"encryption_options\": {\"passphrase\": \"ZfsDsPhrase_Pw_4\"}}'", ('ZfsDsPhrase_Pw_4',)),
    ('zfs', '$ zfs create -o encryption=on -o keyformat=passphrase tank/secure\nEnter new passphrase: ZfsEnter_Pw_5\n'
     'Re-enter new passphrase: ZfsEnter_Pw_5', ('ZfsEnter_Pw_5',)),
    ('cryptsetup', 'echo -n "LuksKeyEcho_Pw6" | cryptsetup luksOpen /dev/sdb1 backup --key-file=-', ('LuksKeyEcho_Pw6',
     )),
    ('veracrypt', 'veracrypt --text --mount /dev/sdc1 /mnt/vc --password=VeraCrypt_Pw_7 --pim=0 --non-interactive',
     ('VeraCrypt_Pw_7',)),
    ('7z', '7z a -pSevenZipArc_Pw8 -mhe=on backup.7z /srv/data', ('SevenZipArc_Pw8',)),
    ('zip', 'zip -r -P ZipArchive_Pw9 backup.zip /srv/data', ('ZipArchive_Pw9',)),
    ('openssl_enc', 'tar czf - /srv | openssl enc -aes-256-cbc -pbkdf2 -pass pass:OsslEnc_Pw_10 > srv.tgz.enc',
     ('OsslEnc_Pw_10',)),
    ('gpg', 'gpg --batch --yes --passphrase GpgBatch_Pw_11 -c db.sql', ('GpgBatch_Pw_11',)),
    # -- docs / tables / logs --
    ('md_table', '| Service | User | Password |\n|---|---|---|\n| Postgres prod | postgres | TablePg_Pw_12 |\n'
     '| Redis | default | TableRedis_Pw13 |', ('TablePg_Pw_12', 'TableRedis_Pw13')),
    ('runbook', 'DB admin login for the restore drill: user `dbadmin`, pass `RunbookDba_Pw14`.', ('RunbookDba_Pw14',)),
    ('log', '2026-03-02 03:00:01 ERROR backup.sh: mysqldump -u root -pLogLeak_Pw15 failed with exit 2',
     ('LogLeak_Pw15',)),
    ('log', 'FATAL:  password authentication failed for user "app" (connection string: '
     'postgres://app:LogConnStr_Pw16@db1/app)', ('LogConnStr_Pw16',)),
    ('pgbouncer_ini', '[databases]\nbilling = host=db1 port=5432 dbname=billing user=app password=BouncerDb_Pw17',
     ('BouncerDb_Pw17',)),
    ('odbc_ini', '[ShopDSN]\nDriver = ODBC Driver 18 for SQL Server\nServer = mssql1\nUID = shop\nPWD = OdbcIni_Pw18',
     ('OdbcIni_Pw18',)),
    ('freetds', '[mssql1]\n\thost = 10.0.0.12\n\tport = 1433\n\ttds version = 7.4\n# isql mssql1 sa FreeTdsIsql_Pw19',
     ('FreeTdsIsql_Pw19',)),
    ('liquibase', 'liquibase.command.url: jdbc:mysql://db1:3306/shop\nliquibase.command.username: lb\n'
     'liquibase.command.password: Liquibase_Pw20', ('Liquibase_Pw20',)),
    ('flyway', 'flyway.url=jdbc:postgresql://db1/shop\nflyway.user=flyway\nflyway.password=FlywayConf_Pw21',
     ('FlywayConf_Pw21',)),
    ('flyway_cli', 'flyway -url=jdbc:postgresql://db1/shop -user=flyway -password=FlywayCli_Pw22 migrate',
     ('FlywayCli_Pw22',)),
    ('prisma', 'DATABASE_URL="mysql://prisma:PrismaDb_Pw23@db1:3306/shop?connection_limit=5"', ('PrismaDb_Pw23',)),
    ('sqlalchemy', "engine = create_engine('mssql+pyodbc://sa:SqlaMssql_Pw24@mssql1/shop?driver=ODBC+Driver+18')",
     ('SqlaMssql_Pw24',)),
    ('mysql_exporter', 'DATA_SOURCE_NAME="exporter:MysqldExp_Pw25@(db1:3306)/"', ('MysqldExp_Pw25',)),
    ('postgres_exporter', 'DATA_SOURCE_NAME="postgresql://exporter:PgExp_Pw26@db1:5432/postgres?sslmode=disable"',
     ('PgExp_Pw26',)),
    ('redis_exporter', 'REDIS_PASSWORD=RedisExp_Pw27', ('RedisExp_Pw27',)),
    ('mongodb_exporter', '--mongodb.uri=mongodb://exporter:MongoExp_Pw28@m1:27017/admin', ('MongoExp_Pw28',)),
    # -- the same files in other layouts: echo into the file, a fenced block under a mention, other names --
    ('rsyncd_secrets', 'echo "backup:RsyncEcho_Pw29" | sudo tee /etc/rsyncd.secrets && chmod 600 /etc/rsyncd.secrets',
     ('RsyncEcho_Pw29',)),
    ('rsyncd_secrets', 'Create `/etc/rsyncd.secrets` (mode 600):\n\n```\nbackup:RsyncFence_Pw30\n```',
     ('RsyncFence_Pw30',)),
    ('davfs', 'echo "/mnt/nextcloud ops DavfsEcho_Pw31" >> ~/.davfs2/secrets', ('DavfsEcho_Pw31',)),
    ('couchdb', '; local.ini\n[couchdb]\nsingle_node = true\n\n[admins]\nadmin = CouchTwo_Pw32\nops = CouchOps_Pw33',
     ('CouchTwo_Pw32', 'CouchOps_Pw33')),
    ('jmxremote', '# $JAVA_HOME/conf/management/jmxremote.password\ncassandra CassJmx_Pw34', ('CassJmx_Pw34',)),
    ('sentinel', '127.0.0.1:26379> SENTINEL SET mymaster auth-pass SentSet_Pw35\nOK', ('SentSet_Pw35',)),
    ('redis_cli', 'redis-cli -h cache1 CONFIG SET masterauth "CfgMaster_Pw36"', ('CfgMaster_Pw36',)),
    ('valkey', 'valkey-cli -a ValkeyCli_Pw37 --no-auth-warning ping', ('ValkeyCli_Pw37',)),
    ('mongorestore', 'mongorestore --username restore --password MRestLong_Pw38 --archive=/bk/a.gz', ('MRestLong_Pw38',
     )),
    ('mongoexport', 'mongoexport -u report -p MExport_Pw39 --db shop --collection orders --out o.json',
     ('MExport_Pw39',)),
    ('mysqlsh', 'mysqlsh --uri root@db1:3306 --password=MysqlSh_Pw40 --sql -e "SELECT 1"', ('MysqlSh_Pw40',)),
    ('xtrabackup', 'xtrabackup --backup --user=bk --password=XtraBk_Pw41 --target-dir=/bk/full', ('XtraBk_Pw41',)),
    ('mydumper', 'mydumper -u dumper -p MyDumper_Pw42 -B shop -o /bk/shop', ('MyDumper_Pw42',)),
    ('clickhouse', 'clickhouse client --host ch1 --user etl --password ChTwoWord_Pw43', ('ChTwoWord_Pw43',)),
    ('nodetool', 'nodetool --username jmx --password NodetoolLong_Pw44 repair', ('NodetoolLong_Pw44',)),
    ('b2', 'b2 account authorize 0012a3b4c5d6e7f0000000003 K0014QpOnMlKjIhGfEdCbAzYxWvU8', ('K0014QpOnMlKjIhGfEd'
     'CbAzYxWvU8',)),
    ('smbpasswd', 'smbpasswd -w SmbLdapAdm_Pw45', ('SmbLdapAdm_Pw45',)),
    ('net_ads', 'net rpc user -U ACME\\Administrator%NetRpc_Pw46 -S dc1', ('NetRpc_Pw46',)),
    ('oracle', 'SQL> connect system/SqlConnect_Pw47@ORCLPDB1\nConnected.', ('SqlConnect_Pw47',)),
    ('oracle', 'impdp userid=system/ImpdpUid_Pw48@PROD directory=DP_DIR dumpfile=full.dmp full=y', ('ImpdpUid_Pw48',)),
    ('oracle', 'sqlldr scott/SqlLdr_Pw49@SALES control=load.ctl log=load.log', ('SqlLdr_Pw49',)),
    ('oracle', 'RMAN> connect auxiliary sys/RmanAux_Pw50@STBY', ('RmanAux_Pw50',)),
    ('mssql_sql', "ALTER LOGIN sa WITH PASSWORD = N'TsqlAlterN_Pw51' OLD_PASSWORD = N'TsqlOldN_Pw52';",
     ('TsqlAlterN_Pw51', 'TsqlOldN_Pw52')),
    ('mongo_scram', '"SCRAM-SHA-256" : {\n  "iterationCount" : 15000,\n  "salt" : "Zm9vYmFyc2FsdHNhbHQ=",\n'
     '  "storedKey" : "S3RvcmVkS2V5Rm9vQmFyQmF6MTIzNDU2Nzg5MA==",\n  "serverKey" : "U2VydmVyS2V5Rm9vQmFyQmF6MTIz'
      'NDU2Nzg5"',
     ('S3RvcmVkS2V5Rm9vQmFyQmF6MTIzNDU2Nzg5MA==',)),
    ('pg_shadow', ' app      | SCRAM-SHA-256$4096:c2FsdHNhbHQ=$U3RvcmVkS2V5Rm9vQmFyQmF6UXV4MTIzNA==:U2VydmVyS2V5'
     'Rm9vQmFy'
     'QmF6UXV4MTIzNA==', ('U3RvcmVkS2V5Rm9vQmFyQmF6UXV4MTIzNA==',)),
    ('clickhouse_users',
     '<password_double_sha1_hex>e5229a7cc4a8c0a5e4f1f7bde5a0e2b4c1d3f7a9</password_double_sha1_hex>',
     ('e5229a7cc4a8c0a5e4f1f7bde5a0e2b4c1d3f7a9',)),
    ('runbook', '- Redis: user `default`, pass `RedisRunbook_Pw53`', ('RedisRunbook_Pw53',)),
    # -- a fresh batch written after the first fixes (main leaked 11 of these 61, the first fixes 8) --
    ('my_cnf', '[client]\npassword="Wr4pped Quote Pw"\n', ('Wr4pped Quote Pw',)),
    ('my_cnf', '!includedir /etc/mysql/conf.d/\n[mysql]\nprompt=\\u@\\h> \npassword=MysqlSect_Pw61', ('MysqlSect_Pw61',
     )),
    ('pg_hba_ident', 'PGPASSWORD="PgQuoted Space 62" psql -h db1 -U app -c "select 1"', ('PgQuoted Space 62',)),
    ('pg_env_file', 'POSTGRES_PASSWORD_FILE=/run/secrets/pg\nPOSTGRES_PASSWORD=PgEnvFile_Pw63', ('PgEnvFile_Pw63',)),
    ('pgbouncer', 'auth_query = SELECT usename, passwd FROM pg_shadow WHERE usename=$1\nauth_user = pgbouncer\n'
     '[databases]\n* = host=db1 auth_user=pgbouncer password=BouncerStar_Pw64', ('BouncerStar_Pw64',)),
    ('pg_dumpall_log', 'pg_dumpall: error: connection to server at "db1" (10.0.0.4), port 5432 failed: '
     'FATAL:  password authentication failed for user "postgres"\nPGPASSWORD=LogDumpAll_Pw65', ('LogDumpAll_Pw65',)),
    ('mongo_uri_yaml', 'spring:\n  data:\n    mongodb:\n      uri: mongodb://app:SpringMongo_Pw66@m1,m2,m3/shop?'
     'replicaSet=rs0',
     ('SpringMongo_Pw66',)),
    ('mongod_keyfile_yaml', 'security:\n  clusterAuthMode: keyFile\n  keyFile: /etc/mongo/key\n'
     '  ldap:\n    bind:\n      queryUser: "cn=ro,dc=acme"\n      queryPassword: "MongoLdapBind_Pw67"',
     ('MongoLdapBind_Pw67',)),
    ('redis_acl_file', '# users.acl\nuser default on nopass ~* &* +@all\nuser ops on >OpsAclFile_Pw68 >OpsAclSec'
     'ond_Pw69 ~* +@all',
     ('OpsAclFile_Pw68', 'OpsAclSecond_Pw69')),
    ('redis_helm', 'auth:\n  enabled: true\n  password: "HelmRedis_Pw70"\n  sentinel: true', ('HelmRedis_Pw70',)),
    ('redis_monitor', '1709371234.123456 [0 10.0.0.9:51234] "AUTH" "worker" "MonitorAuth_Pw71"', ('MonitorAuth_Pw71',)),
    ('sentinel_conf', 'sentinel myid 8a5c2f0e1b9d4c7a6e3f2d1c0b9a8e7f6d5c4b3a\nsentinel auth-pass "my master" Se'
     'ntQuoted_Pw72', ('SentQuoted_Pw72',)),
    ('cassandra_yaml', 'client_encryption_options:\n  enabled: true\n  keystore: conf/.keystore\n  keystore_pass'
     'word: CassKs_Pw73',
     ('CassKs_Pw73',)),
    ('cqlshrc_creds', '[PlainTextAuthProvider]\nusername = cassandra\npassword = CqlCreds_Pw74', ('CqlCreds_Pw74',)),
    ('es_yml', 'xpack.security.http.ssl.keystore.secure_password: EsKsPw_Pw75', ('EsKsPw_Pw75',)),
    ('es_bootstrap', 'bin/elasticsearch-keystore add bootstrap.password\nEnter value for bootstrap.password: EsB'
     'oot_Pw76',
     ('EsBoot_Pw76',)),
    ('es_users_api', 'POST /_security/user/ingest\n{\n  "password" : "EsUserApi_Pw77",\n  "roles" : [ "ingest" ]\n}',
     ('EsUserApi_Pw77',)),
    ('logstash_keystore', 'bin/logstash-keystore add ES_PWD\nEnter value for ES_PWD: LsKeystore_Pw78', ('LsKeyst'
     'ore_Pw78',)),
    ('clickhouse_xml_profile',
     '<clickhouse>\n  <users>\n    <etl>\n      <password><![CDATA[ChCdata_Pw79]]></password>',
     ('ChCdata_Pw79',)),
    ('clickhouse_remote', "SELECT * FROM remote('ch2:9000', db.t, 'etl', 'ChRemote_Pw80')", ('ChRemote_Pw80',)),
    ('mysql_func', "SELECT * FROM mysql('db1:3306', 'shop', 'orders', 'reader', 'ChMysqlFn_Pw81')", ('ChMysqlFn_Pw81',
     )),
    ('pg_dblink', "SELECT * FROM dblink('host=db2 dbname=shop user=ro password=DbLink_Pw82', 'select 1') AS t(x int);",
     ('DbLink_Pw82',)),
    ('oracle_tns_wallet', 'mkstore -wrl /u01/wallet -modifyCredential PRODDB app_user WalletMod_Pw83',
     ('WalletMod_Pw83',)),
    ('oracle_sqlnet', 'sqlplus "sys/OraQuoted_Pw84@PROD as sysdba"', ('OraQuoted_Pw84',)),
    ('oracle_dgmgrl', 'dgmgrl sys/DgBroker_Pw85@PRIM "show configuration"', ('DgBroker_Pw85',)),
    ('mssql_linked', "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'LEGACY', @useself = N'False', @rmtuser = N'etl', "
     "@rmtpassword = N'LinkedSrv_Pw86';", ('LinkedSrv_Pw86',)),
    ('mssql_cred', "CREATE DATABASE SCOPED CREDENTIAL blob WITH IDENTITY = 'SHARED ACCESS SIGNATURE', "
     "SECRET = 'sv=2022-11-02&ss=b&sig=MsSqlSas_Zx8Vb3Nm7Qw2Er6Ty1Ui5Op9As4Df0Gh%3D';", ('MsSqlSas_Zx8Vb3Nm7Qw2E'
      'r6Ty1Ui5Op9As4Df0Gh%3D',)),
    ('sqlcmd_env', 'export SQLCMDPASSWORD=SqlCmdEnv_Pw87\nsqlcmd -S mssql1 -U sa -Q "BACKUP DATABASE shop TO DIS'
     'K=\'/bk/s.bak\'"',
     ('SqlCmdEnv_Pw87',)),
    ('influx_v2_auth', 'influx auth create --org acme --all-access\nID\t\t\tDescription\tToken\t\t\t\t\t\tUser Name\n'
     '0c9b1e2f3a4d5e60\t\t\tVnx8Qm2Lp7RtZ4wNb1Hc6Fd3Sa8Je0Ky5Ug-Tq_Lo2Wi9Pe4Rm7Nb1Vc6Xz3Ah8Sf5Dg0Jk==\tadmin',
     ('Vnx8Qm2Lp7RtZ4wNb1Hc6Fd3Sa8Je0Ky5Ug-Tq_Lo2Wi9Pe4Rm7Nb1Vc6Xz3Ah8Sf5Dg0Jk==',)),
    ('neo4j_conf', 'dbms.security.auth_enabled=true\nNEO4J_dbms_ssl_policy_bolt_private__key__password=NeoKeyPw_Pw88',
     ('NeoKeyPw_Pw88',)),
    ('restic_file', '$ cat /etc/restic/password\nResticFileCat_Pw89', ('ResticFileCat_Pw89',)),
    ('restic_b2', 'export B2_ACCOUNT_ID=0012a3b4c5d6\nexport B2_ACCOUNT_KEY=K001RsticB2Key0123456789abcdefghij',
     ('K001RsticB2Key0123456789abcdefghij',)),
    ('borg_keyfile',
     'BORG_KEY_FILE=~/.config/borg/keys/nas\nborg key export ::  /tmp/k\nBORG_NEW_PASSPHRASE=BorgNewPh_Pw90 borg'
      ' key change-passphrase',
     ('BorgNewPh_Pw90',)),
    ('autorestic', 'backends:\n  nas:\n    type: rest\n    path: https://nas:8000/repo\n    key: AutoresticKey_Pw91\n'
     '    rest:\n      user: backup\n      password: AutorestRest_Pw92', ('AutoresticKey_Pw91', 'AutorestRest_Pw92')),
    ('resticprofile',
     '[default]\nrepository = "s3:s3.amazonaws.com/acme"\npassword-file = "key"\n[default.env]\nAWS_SECRET_ACCES'
      'S_KEY = "RpAwsSec/Lm3Qx8Vz2Tb7Nc4Hd9Fs1Ga6Je0Yu5Ok"',
     ('RpAwsSec/Lm3Qx8Vz2Tb7Nc4Hd9Fs1Ga6Je0Yu5Ok',)),
    ('rclone_env_remote', 'RCLONE_CONFIG_MYS3_SECRET_ACCESS_KEY=RcEnvS3/Qx9Vz3Tb8Nc2Hd7Fs4Ga1Je6Yu0Ok5Lm',
     ('RcEnvS3/Qx9Vz3Tb8Nc2Hd7Fs4Ga1Je6Yu0Ok5Lm',)),
    ('rclone_connstr', 'rclone lsd ":sftp,host=nas,user=backup,pass=RcConnObsc_x9Lm2:"', ('RcConnObsc_x9Lm2',)),
    ('rsync_daemon_log',
     '2026/03/02 03:00:01 [4412] auth failed on module backup from nas (10.0.0.7): password mismatch\n'
     'RSYNC_PASSWORD="RsyncQuoted_Pw93" rsync -a /srv backup@nas::backup', ('RsyncQuoted_Pw93',)),
    ('urbackup', 'urbackupclientctl set-settings -k internet_authkey -v UrbAuthKey_Pw94', ('UrbAuthKey_Pw94',)),
    ('veeam', 'Add-VBRCredentials -Type Linux -User root -Password "VeeamCred_Pw95" -Description "nas"',
     ('VeeamCred_Pw95',)),
    ('proxmox_pbs',
     'proxmox-backup-client backup root.pxar:/ --repository backup@pbs@pbs1:store1\nPBS_PASSWORD=PbsClient_Pw96',
     ('PbsClient_Pw96',)),
    ('proxmox_storage', 'pbs: backup\n\tdatastore store1\n\tserver pbs1\n\tusername backup@pbs\n\tfingerprint 4a:...\n'
     '# /etc/pve/priv/storage/backup.pw\nPbsStoragePw_97', ('PbsStoragePw_97',)),
    ('nfs_krb', 'mount -t nfs4 -o sec=krb5 nas:/srv /mnt\necho "NfsKinit_Pw98" | kinit svc-nfs@ACME.LOCAL',
     ('NfsKinit_Pw98',)),
    ('smb_conf', '[global]\n  ldap admin dn = cn=admin,dc=acme\n# smbpasswd -w SmbConfLdap_Pw99', ('SmbConfLdap_Pw99',
     )),
    ('cifs_creds_win', 'username=ACME\\svc-backup\npassword=Win$Share#100\n', ('Win$Share#100',)),
    ('fstab_quoted', '//fs1/it\\040share /mnt/it cifs user=svc,password=Fstab\\040Space_101,vers=3.1.1 0 0',
     ('Fstab\\040Space_101',)),
    ('s3fs', 'echo AKIAS3FSKEYEXAMPLE01:S3fsSecret/Mn4Bv8Cx2Zl6Kj1Hg5Fd9Sa3Po7Iu0Yt > ~/.passwd-s3fs',
     ('S3fsSecret/Mn4Bv8Cx2Zl6Kj1Hg5Fd9Sa3Po7Iu0Yt',)),
    ('goofys_aws',
     'aws configure set aws_secret_access_key AwsCfgSet/Rt5Yu9Io3Pa7Sd1Fg6Hj0Kl4Zx8Cv2Bn --profile wasabi',
     ('AwsCfgSet/Rt5Yu9Io3Pa7Sd1Fg6Hj0Kl4Zx8Cv2Bn',)),
    ('minio_client_json_old',
     '"hosts": {\n  "s3": {\n    "url": "https://s3.amazonaws.com",\n    "accessKey": "AKIAOLDMCCONFIG0001",\n'
     '    "secretKey": "OldMcCfg/Zx8Vb3Nm7Qw2Er6Ty1Ui5Op9As4Df0Gh"', ('OldMcCfg/Zx8Vb3Nm7Qw2Er6Ty1Ui5Op9As4Df0Gh',)),
    ('minio_kms', 'MINIO_KMS_SECRET_KEY=my-minio-key:OSMM+vkKUTCvQs9YL/CVMIMt43HFhkUpqJxTmGl6rYw=',
     ('OSMM+vkKUTCvQs9YL/CVMIMt43HFhkUpqJxTmGl6rYw=',)),
    ('ceph_conf_inline',
     '[client.rgw.gw1]\nkeyring = /var/lib/ceph/radosgw/keyring\nkey = AQBx9YlkAAAAABAAq2Wm8Lp3Zr7Tx4Nv6Bc1Hd==',
     ('AQBx9YlkAAAAABAAq2Wm8Lp3Zr7Tx4Nv6Bc1Hd==',)),
    ('ceph_secretfile',
     'mount -t ceph mon1:/ /mnt -o name=fs,secretfile=/etc/ceph/fs.secret\n$ cat /etc/ceph/fs.secret\nAQCy2ZlkAA'
      'AAABAAr7Lm3Qp9Tx4Vz8Nb2Hc6Fd==',
     ('AQCy2ZlkAAAAABAAr7Lm3Qp9Tx4Vz8Nb2Hc6Fd==',)),
    ('k8s_rook',
     'apiVersion: v1\nkind: Secret\nmetadata:\n  name: rook-ceph-mon\ndata:\n  ceph-secret: QVFCczVZbGtBQUFBQUJB'
      'QW0za1A5eFoycUw3dlI0dE44d0IxY0U9PQ==',
     ('QVFCczVZbGtBQUFBQUJBQW0za1A5eFoycUw3dlI0dE44d0IxY0U9PQ==',)),
    ('table_ascii',
     '+----------+----------+------------------+\n| host     | user     | password         |\n+----------+------'
      '----+------------------+\n'
     '| db1      | app      | AsciiTable_Pw102 |\n+----------+----------+------------------+', ('AsciiTable_Pw102',)),
    ('csv_inventory',
     'host,port,user,password,notes\ndb1,5432,postgres,CsvInv_Pw103,primary\ndb2,5432,postgres,CsvInv_Pw104,replica',
     ('CsvInv_Pw103', 'CsvInv_Pw104')),
    ('split_line', 'mysqldump -h db1 -u backup \\\n  -pSplitLine_Pw105 \\\n  --single-transaction shop > shop.sql',
     ('SplitLine_Pw105',)),
    ('docker_compose',
     'services:\n  db:\n    image: mariadb:11\n    environment:\n      - MARIADB_ROOT_PASSWORD=ComposeList_Pw106\n'
     '      - MARIADB_PASSWORD=ComposeApp_Pw107', ('ComposeList_Pw106', 'ComposeApp_Pw107')),
    ('ansible_mysql',
     '- community.mysql.mysql_user:\n    name: app\n    password: AnsibleMysql_Pw108\n    priv: "shop.*:ALL"',
     ('AnsibleMysql_Pw108',)),
    ('terraform_rds', 'resource "aws_db_instance" "main" {\n  username = "admin"\n  password = "TfRds_Pw109"\n}',
     ('TfRds_Pw109',)),
    ('chat', '[10:42] ana: the new replica pw is ChatReplica_Pw110, rotate after the drill', ('ChatReplica_Pw110',)),
    ('email', 'Hi team,\nthe restic repo passphrase for the NAS is now "correct-horse-battery-ResticMail-111".\nThanks',
     ('correct-horse-battery-ResticMail-111',)),
]
CONTROLS: tuple[str, ...] = (
    '[client]\nuser = backup\nsocket = /var/run/mysqld/mysqld.sock\nport = 3306',
    'mysql -u root -p -h 127.0.0.1 shop',
    'mysql --user=app --password --host=db shop',
    'mysql_config_editor set --login-path=prod --host=db --user=ops --password',
    '[mysqld]\nskip-name-resolve\ninnodb_buffer_pool_size = 4G',
    'default_authentication_plugin = caching_sha2_password',
    'validate_password.policy = MEDIUM',
    'pg_dump -h db1 -U postgres -Fc billing > billing.dump',
    'host    all    all    samenet    scram-sha-256',
    'password_encryption = scram-sha-256',
    'psql "host=db1 port=5432 dbname=billing user=ro sslmode=verify-full"',
    'mongosh --host rs0/m1:27017 -u admin -p --authenticationDatabase admin',
    'security:\n  authorization: enabled\n  keyFile: /etc/mongo/keyfile',
    'requirepass ""',
    'requirepass <your-password-here>',
    'masterauth ${REDIS_MASTER_PASSWORD}',
    'user default off nopass ~* +@all',
    'redis-cli -h cache1 -p 6379 INFO replication',
    'sentinel down-after-milliseconds mymaster 5000',
    '[authentication]\nusername = cassandra\n\n[connection]\nport = 9042\nssl = true',
    'authenticator: PasswordAuthenticator',
    'xpack.security.enabled: true',
    'bin/elasticsearch-reset-password -u elastic -i',
    'curl --cacert http_ca.crt -u elastic -X GET _cluster/health',
    'elasticsearch.password: "${ELASTICSEARCH_PASSWORD}"',
    '<password></password>',
    'sqlplus / as sysdba',
    'sqlplus /nolog',
    'sqlcmd -S tcp:mssql1,1433 -E -d master',
    'MSSQL_PID=Developer',
    'db2 connect to SAMPLE',
    'influx bucket list --org acme',
    'NEO4J_AUTH=none',
    '[admins]\n; admin = mysecretpassword',
    'restic -r /srv/restic-repo --password-file /etc/restic/pw snapshots',
    'export RESTIC_PASSWORD_FILE=/etc/restic/password',
    'export BORG_PASSCOMMAND="pass show backup/borg"',
    'borg init --encryption=repokey-blake2 /srv/borg-repo',
    'kopia repository connect filesystem --path=/mnt/kopia',
    'rsync -av --password-file=/etc/rsync.pass /srv/ /mnt/module/',
    'secrets file = /etc/rsyncd.secrets',
    '[b2remote]\ntype = b2\nhard_delete = true',
    'mc alias list myminio',
    'MINIO_ROOT_USER=admin',
    '//nas/share /mnt/share cifs credentials=/root/.smbcredentials,uid=1000,vers=3.0 0 0',
    'smbclient //fs1/finance -U alice -c ls',
    'LABEL=backup /backup ext4 defaults,noatime 0 2',
    'ceph auth get client.rbd -o /etc/ceph/ceph.client.rbd.keyring',
    'keyring = /etc/ceph/ceph.client.admin.keyring',
    'node.session.auth.authmethod = chap',
    'monitorRole   readonly\ncontrolRole   readwrite \\\n              create javax.management.monitor.*',
    'CONFIG SET maxmemory 2gb',
    '127.0.0.1:6379> CONFIG SET appendonly yes',
    'sentinel auth-user mymaster app',
    'sentinel auth-pass mymaster ${REDIS_PASSWORD}',
    'secrets file = /etc/rsyncd.secrets\nread only = yes\nauth users = backup',
    'chmod 600 /etc/rsyncd.secrets',
    'See /etc/davfs2/secrets for the format.\nThen run mount /mnt/dav again.',
    '[admins]\n; admin = <set me>',
    'password_encryption = md5',
    'rman target / nocatalog',
    'CONFIG SET requirepass ""',
    'mongorestore --username restore --password --archive=/bk/a.gz',
    'zfs create -o encryption=on -o keyformat=passphrase tank/secure',
    'sha256sum backup-2026-03-02.tar.zst\n9f2c4a1b7e3d5c8f0a6b2e9d1c4f7a3b8e5d0c2f6a9b1e4d7c0f3a8b5e2d9c6f  back'
     'up.tar.zst',
    'postgres:16.2-bookworm',
    'password: changeme',
    'DB_PASSWORD=<db-password>',
    'password_file: /run/secrets/db_password',
    '| Service | Password |\n|---|---|\n| Postgres prod | (in vault) |',
    'ssl-mode = REQUIRED',
    'auth-pass-file /etc/redis/auth.pass',
    'rclone config show b2remote',
    'keyformat=passphrase keylocation=prompt',
    'restic snapshots --json | jq .[].short_id',
    'mongodump --uri="$MONGO_URI" --gzip --archive',
    'ALTER USER app IDENTIFIED BY VALUES \'<hash>\';',
    'smbpasswd -a alice',
    'password required pam_unix.so',
    'client_encoding = UTF8',
    'bin/elasticsearch-keystore list',
    '$ mysql_config_editor print --all\n[prod]\npassword = *****\nhost = "db"',
    'auth_type = scram-sha-256',
    'pg_dumpall: error: connection to server failed: FATAL:  password authentication failed for user "postgres"',
    'user default on nopass ~* &* +@all',
    'requirepass foobared',
    'sentinel myid 8a5c2f0e1b9d4c7a6e3f2d1c0b9a8e7f6d5c4b3a',
    'keystore_password: ${CASS_KS_PASSWORD}',
    'bin/elasticsearch-keystore add bootstrap.password',
    'password-file = "key"',
    'BORG_KEY_FILE=~/.config/borg/keys/nas',
    'mount -t ceph mon1:/ /mnt -o name=fs,secretfile=/etc/ceph/fs.secret',
    '2026/03/02 03:00:01 [4412] auth failed on module backup from nas: password mismatch',
    'host,port,user,password,notes',
    'smbpasswd -a alice',
    'CONFIG GET requirepass',
    '# /etc/pve/priv/storage/\nbackup.pw',
    'restic -r /srv/repo --password-file /etc/restic/password snapshots\nID        Time                 Host\n'
    '4f2c1a9b  2026-03-02 03:00:01  nas',
    '# /etc/restic/password\n/srv/restic/pw-old',
)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_secret_in_database_storage_or_backup_tooling_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_tooling_lines_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text


@pytest.mark.parametrize("name", ["password_encryption", "node.session.auth.authmethod", "passwordfile", "tokenurl",
                                  "secretname"])
def test_a_setting_about_a_password_is_no_secret_name(name):
    assert key_score(name) == 0


@pytest.mark.parametrize("name", ["wsrep_sst_auth", "requirepass", "masterauth", "passcode", "keypass",
                                  "repl_password", "sentinel_auth"])
def test_a_database_secret_name_still_scores(name):
    assert key_score(name) == 2


def test_the_round_grammars_are_listed_by_redctx_rules():
    listed = {r[0] for r in GRAMMAR_RULES} | {r.id for r in CONTEXT_RULES}
    assert {f.id for f in FILE_LINES} | {r.id for r in DATA_RULES} <= listed


@pytest.mark.parametrize("mode", ["strict", "balanced"])
def test_a_file_mention_far_above_does_not_reach_past_a_blank_line(mode):
    text = "# /etc/rsyncd.secrets\nbackup:RsyncNear_Pw60\n\nnotes:ReadableWord_v2"
    out = redact_text(mode, text)
    assert "RsyncNear_Pw60" not in out and "notes:ReadableWord_v2" in out
