"""Hold-out probes for secrets in infrastructure-as-code and provisioning files.

Written (round 6, helper r6i) before reading the grammars: Ansible (group/host vars, INI inventory,
``-e``/``--extra-vars``, ``vault_*`` variables, module arguments, ``lookup(...) | default(...)``,
``encrypt_string``), Terraform (``.tfvars``, ``variable`` defaults, provider, resource and backend blocks,
``TF_VAR_*``, ``-var``), Pulumi (``config set`` with and without ``--secret``, ``Pulumi.<stack>.yaml``),
Helm (``values.yaml``, ``--set``/``--set-string``), Kustomize ``secretGenerator`` literals, docker-compose
``environment:`` as a list and a map, Kubernetes ``env`` in block and flow style, CloudFormation, ARM and
Bicep, Hiera, Puppet, Chef data bags and attributes, SaltStack pillars, cloud-init, ``vault kv put``,
``consul kv put``, ``etcdctl put``, Nomad, Packer, Vagrant and shell/Jinja/Go-template fallbacks.

Ciphertext (an Ansible ``!vault |`` block, a Pulumi ``secure: v1:...`` value) is treated as a reference:
it is made to be committed and is useless without a key kept elsewhere, so its marker lines are controls;
the engine may still mask the long hex/base64 body by entropy, which costs no readability, so the body is
asserted neither way.

Main before the round leaked 41 of the 187 rows in both modes: 21 of the 146 written first (Pulumi
``config set`` values, Consul and etcd ``put`` values, Kubernetes env in YAML flow style, CloudFormation
``Default:`` and ARM ``defaultValue`` / ``value`` under a secret-named parameter, template ``default``
filters, the second line of a cloud-init ``chpasswd`` list, ...), 11 of the 30 of a second batch written
after the first fixes to test that they generalise (Terraform resources storing a named secret, Salt
``pillar.get`` and Puppet ``lookup`` defaults, ``vars_prompt`` defaults, ...), all 7 lists under a
secret's name and 2 of 4 here-document and one-dash-flag rows (HCL ``<<EOT`` bodies). It over-redacted
20 of the 100 controls in each mode (Hiera interpolations, ``existingSecret``-style key heads, ``@file``
values, an ISO-timestamp ``ctime``, Go-style one-dash flags read as ``-p`` + password: ``-policy=ops``,
``-parallelism=10``, ...). None now.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = []


def R(family: str, text: str, *secrets: str) -> None:
    ROWS.append((family, text, secrets))


# --- Ansible ---
R("ansible", "---\n# group_vars/all.yml\ndb_password: AnsDbPw_4471\ndb_user: app", "AnsDbPw_4471")
R("ansible", 'mysql_root_password: "r00tMy5ql!"', "r00tMy5ql!")
R("ansible", "# host_vars/web1.yml\nansible_become_pass: Bec0me_Sud0", "Bec0me_Sud0")
R("ansible", "web1 ansible_host=10.0.0.5 ansible_user=deploy ansible_password=InvPass_882", "InvPass_882")
R("ansible", "[all:vars]\nansible_user=ops\nansible_ssh_pass=SshPass_717", "SshPass_717")
R("ansible", 'ansible_become_password: "BecomePw#21"', "BecomePw#21")
R("ansible", 'ansible-playbook site.yml -e "db_password=CliExtra_Pw3"', "CliExtra_Pw3")
R("ansible", 'ansible-playbook deploy.yml --extra-vars "admin_pass=XtraVars_Pw4 env=prod"', "XtraVars_Pw4")
R("ansible", "ansible-playbook -i hosts site.yml -e 'api_token=tok9f8e7d6c5b4a'", "tok9f8e7d6c5b4a")
R("ansible", "ansible-playbook site.yml -e db_password=BareExtra_Pw5 -l web", "BareExtra_Pw5")
R("ansible", "vault_db_password: VaultVar_Pw55", "VaultVar_Pw55")
R("ansible", 'vault_smtp_pass: "smtpVault_66"', "smtpVault_66")
R("ansible", "vault_api_key: 7c1e9a4b2d8f6e3a", "7c1e9a4b2d8f6e3a")
R("ansible", "- name: create user\n  ansible.builtin.user:\n    name: deploy\n"
  "    password: \"{{ 'UserPw_77' | password_hash('sha512') }}\"", "UserPw_77")
R("ansible", "- community.mysql.mysql_user:\n    name: app\n    password: MysqlMod_Pw88\n    priv: '*.*:ALL'",
  "MysqlMod_Pw88")
R("ansible", "ansible_winrm_password: WinRm_Pw_99", "WinRm_Pw_99")
R("ansible", "db_pass: \"{{ lookup('env','DB_PASS') | default('LookupDef_Pw1') }}\"", "LookupDef_Pw1")
R("ansible", "api_key: \"{{ lookup('ansible.builtin.env', 'API_KEY') | default('EnvDefault_Pw2', true) }}\"",
  "EnvDefault_Pw2")
R("ansible", "ansible-vault encrypt_string 'EncStr_Pw3x' --name 'db_password'", "EncStr_Pw3x")
R("ansible", "postgresql_users:\n  - name: app\n    password: PgUsers_Pw4", "PgUsers_Pw4")
R("ansible", "redis_requirepass: RedisReq_Pw5", "RedisReq_Pw5")
R("ansible", "- hosts: db\n  vars:\n    mysql_root_password: PlayVars_Pw6", "PlayVars_Pw6")
R("ansible", "secret_key: \"{{ secret_key | default('JinjaDef_105') }}\"", "JinjaDef_105")

# --- Terraform / HCL ---
R("terraform", '# terraform.tfvars\nregion      = "eu-west-1"\ndb_password = "TfVars_Pw_101"', "TfVars_Pw_101")
R("terraform", 'admin_password = "Tfv@rs2024!"', "Tfv@rs2024!")
R("terraform", 'variable "db_password" {\n  type    = string\n  default = "HclDefault_Pw5"\n}', "HclDefault_Pw5")
R("terraform", 'variable "api_key" {\n  description = "API key for the vendor"\n  default     = "HclApiKey_9xQ2"\n'
  "  sensitive   = true\n}", "HclApiKey_9xQ2")
R("terraform", 'variable "admin_pass" {\n  type = string\n  sensitive = true\n  default = "HclSens_Pw6"\n}',
  "HclSens_Pw6")
R("terraform", 'provider "postgresql" {\n  host     = "db.internal"\n  username = "admin"\n'
  '  password = "ProvPg_Pw_6"\n}', "ProvPg_Pw_6")
R("terraform", 'provider "aws" {\n  region     = "eu-west-1"\n  access_key = "AKIAZ3MPLQ7XR2VB4N6T"\n'
  '  secret_key = "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"\n}',
  "AKIAZ3MPLQ7XR2VB4N6T", "q8Vd2Lr+Xk3Wm9Np4Zt6Yb1Hc5Jf7Gs0Ae2Ru8Ti")
R("terraform", "export TF_VAR_db_password=TfVarEnv_Pw7", "TfVarEnv_Pw7")
R("terraform", 'TF_VAR_admin_password="TfVarAdm_Pw8" terraform apply', "TfVarAdm_Pw8")
R("terraform", 'terraform apply -var "db_password=TfCliVar_Pw9"', "TfCliVar_Pw9")
R("terraform", "terraform plan -var='root_pass=TfPlanVar_10' -out plan.bin", "TfPlanVar_10")
R("terraform", 'resource "aws_db_instance" "main" {\n  engine   = "postgres"\n  username = "admin"\n'
  '  password = "RdsInline_Pw11"\n}', "RdsInline_Pw11")
R("terraform", '{\n  "region": "eu-west-1",\n  "db_password": "TfJson_Pw12"\n}', "TfJson_Pw12")
R("terraform", 'terraform {\n  backend "pg" {\n    conn_str = "postgres://tf:TfBackend_Pw13@db/terraform_backend"\n'
  "  }\n}", "TfBackend_Pw13")
R("terraform", 'provider "vault" {\n  address = "https://vault.internal:8200"\n'
  '  token   = "s.Xk3Wm9Np4Zt6Yb1Hc5Jf7Gs0"\n}', "s.Xk3Wm9Np4Zt6Yb1Hc5Jf7Gs0")
R("terraform", 'db_credentials = {\n  username = "admin"\n  password = "TfMap_108"\n}', "TfMap_108")
R("terraform", 'locals {\n  db_pass = "TfLocal_109"\n}', "TfLocal_109")
R("terraform", 'provider "grafana" {\n  url  = "https://grafana.internal"\n  auth = "admin:TfGrafana_110"\n}',
  "TfGrafana_110")

# --- Pulumi ---
R("pulumi", "pulumi config set --secret dbPassword PulumiSec_Pw14", "PulumiSec_Pw14")
R("pulumi", "pulumi config set dbPassword PulumiPlain_Pw15", "PulumiPlain_Pw15")
R("pulumi", "pulumi config set --secret myapp:apiKey PulApiKey_16x", "PulApiKey_16x")
R("pulumi", "$ pulumi config set myapp:adminPassword 'PulQuoted_17' --stack dev", "PulQuoted_17")
R("pulumi", "pulumi config set --path 'data.password' PulPath_Pw19", "PulPath_Pw19")
R("pulumi", "pulumi config set --secret --path db.password PulPath2_Pw20", "PulPath2_Pw20")
R("pulumi", "# Pulumi.dev.yaml\nconfig:\n  aws:region: us-east-1\n  myapp:dbPassword: PulYaml_Pw17", "PulYaml_Pw17")
R("pulumi", "config:\n  myapp:apiToken: 'PulYamlTok_18x'", "PulYamlTok_18x")

# --- Helm ---
R("helm", "auth:\n  rootPassword: HelmRoot_Pw21\n  database: app", "HelmRoot_Pw21")
R("helm", "auth:\n  username: app\n  password: HelmAuth_Pw22", "HelmAuth_Pw22")
R("helm", "helm install db bitnami/postgresql --set auth.postgresPassword=HelmSetPg_23", "HelmSetPg_23")
R("helm", "helm upgrade --install redis bitnami/redis --set auth.password=HelmSetRd_24 --set architecture=standalone",
  "HelmSetRd_24")
R("helm", "helm install mq bitnami/rabbitmq --set-string auth.erlangCookie=ErlCookie25xq", "ErlCookie25xq")
R("helm", "helm install app ./chart --set-string auth.password=HelmStr_Pw26", "HelmStr_Pw26")
R("helm", "helm install app ./chart --set global.postgresql.auth.password=HelmGlob_27,global.storageClass=gp3",
  "HelmGlob_27")
R("helm", 'redis:\n  auth:\n    enabled: true\n    password: "HelmRedis_28"', "HelmRedis_28")
R("helm", "mariadb:\n  auth:\n    rootPassword: HelmMaria_29\n    replicationPassword: HelmRepl_30",
  "HelmMaria_29", "HelmRepl_30")
R("helm", "keycloak:\n  auth:\n    adminUser: admin\n    adminPassword: Kc_Admin_31", "Kc_Admin_31")
R("helm", 'helm install pg bitnami/postgresql --set "auth.postgresPassword=HelmQSet_32"', "HelmQSet_32")
R("helm", "password: {{ .Values.db.password | default \"HelmTplDef_104\" }}", "HelmTplDef_104")

# --- Kustomize / kubectl ---
R("kustomize", "secretGenerator:\n- name: db-creds\n  literals:\n  - username=admin\n  - password=KustLit_Pw32",
  "KustLit_Pw32")
R("kustomize", "secretGenerator:\n  - name: api\n    literals:\n      - API_KEY=KustApi_33xyz", "KustApi_33xyz")
R("kustomize", 'secretGenerator:\n- name: smtp\n  literals: ["SMTP_PASSWORD=KustFlow_34"]', "KustFlow_34")
R("kustomize", "kubectl create secret generic db --from-literal=password=KubectlLit_34", "KubectlLit_34")

# --- docker-compose ---
R("compose", "services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_PASSWORD=ComposeList_35",
  "ComposeList_35")
R("compose", 'environment:\n  - "MYSQL_ROOT_PASSWORD=ComposeQ_36"', "ComposeQ_36")
R("compose", "environment:\n  POSTGRES_USER: app\n  POSTGRES_PASSWORD: ComposeMap_37", "ComposeMap_37")
R("compose", 'environment:\n  MYSQL_PASSWORD: "ComposeMapQ_38"', "ComposeMapQ_38")
R("compose", "environment:\n  - DB_PASSWORD=${DB_PASSWORD:-ComposeFb_39}", "ComposeFb_39")
R("compose", "    environment:\n      - REDIS_URL=redis://:ComposeRedis_40@redis:6379/0", "ComposeRedis_40")
R("compose", "    command: redis-server --requirepass ComposeCmd_41", "ComposeCmd_41")
R("compose", 'healthcheck:\n  test: ["CMD", "mysqladmin", "ping", "-uroot", "-pComposeHc_42"]', "ComposeHc_42")
R("compose", "environment:\n  - RABBITMQ_DEFAULT_PASS=ComposeRmq_43\n  - RABBITMQ_DEFAULT_USER=app", "ComposeRmq_43")

# --- Kubernetes manifests ---
R("k8s", "env:\n  - name: DB_PASSWORD\n    value: K8sEnv_Pw43", "K8sEnv_Pw43")
R("k8s", '        env:\n        - name: API_KEY\n          value: "K8sEnvQ_44xyz"', "K8sEnvQ_44xyz")
R("k8s", "env: [{name: API_KEY, value: K8sFlow_45xyz}]", "K8sFlow_45xyz")
R("k8s", 'env:\n  - {name: DB_PASSWORD, value: "K8sFlowQ_46"}', "K8sFlowQ_46")
R("k8s", "env:\n  - {value: K8sFlowRev_51, name: SECRET_KEY}", "K8sFlowRev_51")
R("k8s", "apiVersion: v1\nkind: Secret\nstringData:\n  password: K8sStrData_47", "K8sStrData_47")
R("k8s", "kind: Secret\ntype: Opaque\ndata:\n  password: SzhzRGF0YV80OA==", "SzhzRGF0YV80OA==")
R("k8s", "kind: ConfigMap\ndata:\n  DATABASE_URL: postgres://app:K8sCm_Pw49@db:5432/app", "K8sCm_Pw49")
R("k8s", 'args: ["--db-password=K8sArgs_50", "--port=8080"]', "K8sArgs_50")
R("k8s", '- name: SMTP_PASS\n  value: "K8sSmtp_52"\n- name: SMTP_HOST\n  value: mail.internal', "K8sSmtp_52")

# --- CloudFormation ---
R("cfn", "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: CfnDefault_52",
  "CfnDefault_52")
R("cfn", "Properties:\n  MasterUsername: admin\n  MasterUserPassword: CfnInline_53", "CfnInline_53")
R("cfn", '"DBPassword": {"Type": "String", "NoEcho": "true", "Default": "CfnJson_54"}', "CfnJson_54")
R("cfn", "aws cloudformation deploy --stack-name app --parameter-overrides DBPassword=CfnOverride_55 Env=prod",
  "CfnOverride_55")
R("cfn", "aws cloudformation create-stack --stack-name db --parameters "
  "ParameterKey=DBPassword,ParameterValue=CfnParam_56", "CfnParam_56")
R("cfn", '"Properties": {\n  "MasterUsername": "admin",\n  "MasterUserPassword": "CfnJsonInl_57"\n}',
  "CfnJsonInl_57")
R("cfn", "  AdminPassword:\n    Type: String\n    Default: 'CfnQuoted_58'\n    NoEcho: true", "CfnQuoted_58")

# --- ARM / Bicep ---
R("arm", '"adminPassword": {\n  "type": "securestring",\n  "defaultValue": "ArmDefault_58"\n}', "ArmDefault_58")
R("arm", '"parameters": {\n  "adminPassword": {\n    "value": "ArmParam_59"\n  }\n}', "ArmParam_59")
R("arm", "@secure()\nparam adminPassword string = 'BicepDef_60'", "BicepDef_60")
R("arm", "param sqlAdminPassword string = 'BicepPlain_61'", "BicepPlain_61")
R("arm", '"administratorLoginPassword": "ArmInline_62"', "ArmInline_62")
R("arm", "az deployment group create -g rg --template-file main.bicep --parameters adminPassword=AzDeploy_63",
  "AzDeploy_63")
R("arm", "using './main.bicep'\nparam adminPassword = 'BicepParam_64'", "BicepParam_64")
R("arm", "resource sql 'Microsoft.Sql/servers@2021-11-01' = {\n  properties: {\n"
  "    administratorLogin: 'sqladmin'\n    administratorLoginPassword: 'BicepInl_65'\n  }\n}", "BicepInl_65")

# --- Hiera / Puppet ---
R("hiera", "profile::db::password: HieraLit_65", "HieraLit_65")
R("hiera", "mysql::server::root_password: 'HieraRoot_66'", "HieraRoot_66")
R("hiera", '"profile::api::token": "HieraTok_67xyz"', "HieraTok_67xyz")
R("puppet", "class { 'mysql::server':\n  root_password => 'PuppetRoot_68',\n}", "PuppetRoot_68")
R("puppet", "class profile::db (\n  String $password = 'PuppetParam_69',\n) {", "PuppetParam_69")
R("puppet", "user { 'deploy':\n  ensure   => present,\n  password => Sensitive('PuppetSens_70'),\n}",
  "PuppetSens_70")
R("puppet", "postgresql::server::db { 'app':\n  user     => 'app',\n"
  "  password => postgresql::postgresql_password('app', 'PuppetPg_71'),\n}", "PuppetPg_71")

# --- Chef ---
R("chef", '{\n  "id": "mysql",\n  "root_password": "ChefBag_72"\n}', "ChefBag_72")
R("chef", '{"id": "aws", "aws_access_key_id": "AKIAX4T7Q2ZP9W3RM5LB", '
  '"aws_secret_access_key": "Zr8Pq2Lm5Nx7Kv3Wt9Yb4Hc6Jd1Fg0Se2Ua8Ti5R"}',
  "AKIAX4T7Q2ZP9W3RM5LB", "Zr8Pq2Lm5Nx7Kv3Wt9Yb4Hc6Jd1Fg0Se2Ua8Ti5R")
R("chef", "default['app']['db_password'] = 'ChefAttr_73'", "ChefAttr_73")
R("chef", "node.default['postgresql']['password']['postgres'] = 'ChefPg_74'", "ChefPg_74")

# --- SaltStack ---
R("salt", "mysql:\n  server:\n    root_password: SaltRoot_75", "SaltRoot_75")
R("salt", "postgres:\n  users:\n    app:\n      password: 'SaltPgUser_76'", "SaltPgUser_76")
R("salt", "salt '*' state.apply db pillar='{\"db_password\": \"SaltCli_77\"}'", "SaltCli_77")

# --- cloud-init ---
R("cloudinit", "#cloud-config\nchpasswd:\n  list: |\n    root:CiRoot_78\n    ubuntu:CiUbuntu_79\n  expire: False",
  "CiRoot_78", "CiUbuntu_79")
R("cloudinit", "chpasswd:\n  expire: false\n  users:\n    - {name: ubuntu, password: CiUsers_80, type: text}",
  "CiUsers_80")
R("cloudinit", "chpasswd:\n  users:\n    - name: admin\n      password: CiUsers2_81\n      type: text", "CiUsers2_81")
R("cloudinit", "users:\n  - name: deploy\n    passwd: $6$rounds=4096$Vz9Qm2Lx$8sK3pR7tN1wY5vB9cX2zL4mQ6hJ0fD8gS3a"
  "E1uI7oP5yT9rW2nM4kV6bX8cZ0qA1sD3fG5hJ7kL9",
  "$6$rounds=4096$Vz9Qm2Lx$8sK3pR7tN1wY5vB9cX2zL4mQ6hJ0fD8gS3aE1uI7oP5yT9rW2nM4kV6bX8cZ0qA1sD3fG5hJ7kL9")
R("cloudinit", "users:\n  - name: ops\n    lock_passwd: false\n    plain_text_passwd: CiPlain_82", "CiPlain_82")
R("cloudinit", "#cloud-config\npassword: CiTopPw_83\nchpasswd: { expire: False }\nssh_pwauth: True", "CiTopPw_83")
R("cloudinit", "runcmd:\n  - echo 'root:CiRuncmd_84' | chpasswd", "CiRuncmd_84")
R("cloudinit", "chpasswd:\n  list:\n    - root:CiSeq_85\n    - ubuntu:CiSeq_86", "CiSeq_85", "CiSeq_86")

# --- Vault / Consul / etcd ---
R("kv", "vault kv put secret/db password=VaultKv_85", "VaultKv_85")
R("kv", "vault kv put -mount=secret myapp/config username=app password=VaultKv2_86 ttl=30m", "VaultKv2_86")
R("kv", 'vault write database/config/pg plugin_name=postgresql-database-plugin '
  'connection_url="postgresql://{{username}}:{{password}}@db:5432/app" username=vault password=VaultWr_87',
  "VaultWr_87")
R("kv", "consul kv put service/app/db_password ConsulKv_88", "ConsulKv_88")
R("kv", "etcdctl put /config/app/db_password EtcdPut_89", "EtcdPut_89")
R("kv", "vault kv put secret/api api_key=VaultApi_90xyz", "VaultApi_90xyz")
R("kv", 'consul kv put config/redis/password "ConsulQ_91"', "ConsulQ_91")
R("kv", "vault kv put secret/stripe token=VaultTok_92 webhook_secret=VaultWh_93", "VaultTok_92", "VaultWh_93")

# --- Nomad / Packer / Vagrant ---
R("nomad", 'task "api" {\n  env {\n    DB_PASSWORD = "NomadEnv_92"\n  }\n}', "NomadEnv_92")
R("nomad", 'template {\n  data        = "DB_PASSWORD=NomadTpl_93"\n  destination = "secrets/app.env"\n}',
  "NomadTpl_93")
R("packer", 'source "amazon-ebs" "ubuntu" {\n  ssh_username = "ubuntu"\n  ssh_password = "PackerSsh_94"\n}',
  "PackerSsh_94")
R("packer", 'source "hyperv-iso" "win" {\n  winrm_username = "Administrator"\n  winrm_password = "PackerWinrm_95"\n}',
  "PackerWinrm_95")
R("packer", '"builders": [{\n  "type": "virtualbox-iso",\n  "ssh_password": "PackerJson_96"\n}]', "PackerJson_96")
R("vagrant", 'Vagrant.configure("2") do |config|\n  config.ssh.username = "vagrant"\n'
  '  config.ssh.password = "VagrantSsh_97"\nend', "VagrantSsh_97")
R("vagrant", "  override.ssh.password = 'VagrantOv_98'", "VagrantOv_98")
R("vagrant", 'config.vm.provision "shell", env: {"DB_PASSWORD" => "VagrantEnv_99"}', "VagrantEnv_99")
R("vagrant", "config.vm.provision :shell, inline: \"echo 'root:VagrantInl_99' | chpasswd\"", "VagrantInl_99")

# --- interpolation fallbacks in templates ---
R("fallback", "DATABASE_URL: ${DATABASE_URL:-postgres://app:FbUrl_100@db/app}", "FbUrl_100")
R("fallback", "password: ${DB_PASSWORD:-FbPw_101}", "FbPw_101")
R("fallback", 'password = os.getenv("DB_PASSWORD", "GetenvDef_102")', "GetenvDef_102")
R("fallback", '"password": "{{ env "DB_PASSWORD" | default "GoTplDef_103" }}"', "GoTplDef_103")
R("fallback", "api_key: ${API_KEY-DashFb_106x}", "DashFb_106x")
R("fallback", "password: ${DB_PASSWORD:=AssignFb_107}", "AssignFb_107")
R("fallback", "secret = os.environ.get('APP_SECRET', 'EnvironGet_108')", "EnvironGet_108")
R("fallback", 'token: "${GITHUB_TOKEN:-ghp_R4nd0mT0k3nV4lu3Xy9Zq2Wm5Np8Lk3Jh6Gf}"',
  "ghp_R4nd0mT0k3nV4lu3Xy9Zq2Wm5Np8Lk3Jh6Gf")

# --- second batch, written after the first fixes to test that they generalise (measured on main too) ---
R("pulumi", "pulumi config set --stack prod dbPassword PulStack_Pw21", "PulStack_Pw21")
R("kv", "consul kv put -cas -modify-index=12 app/config/password ConsulCas_22", "ConsulCas_22")
R("kv", "etcdctl --endpoints=https://etcd-0:2379 put /apps/billing/api_token EtcdTok_23xyz", "EtcdTok_23xyz")
R("helm", 'password: {{ .Values.auth.password | default "HelmQuote_24" | quote }}', "HelmQuote_24")
R("helm", 'password: {{ default "SprigDef_25" .Values.auth.password }}', "SprigDef_25")
R("ansible", 'db_password: "{{ db_password | default("DqDefault_26") }}"', "DqDefault_26")
R("k8s", 'env:\n  - { name: "API_KEY", value: "K8sFlowSp_27" }', "K8sFlowSp_27")
R("arm", '{"parameters": {"adminPassword": {"value": "ArmOneLine_28"}}}', "ArmOneLine_28")
R("gitlab", "variables:\n  DEPLOY_TOKEN:\n    value: \"GlVarTok_29xyz\"\n    description: deploy token",
  "GlVarTok_29xyz")
R("cloudinit", "chpasswd:\n  list: |\n    root:CiMixed_30\n    ubuntu:RANDOM\n  expire: true", "CiMixed_30")
R("chef", 'default["app"]["secrets"]["api_key"] = "ChefDq_31xyz"', "ChefDq_31xyz")
R("ansible", "[web]\nweb1 ansible_host=10.0.0.5 ansible_ssh_pass=\"InvQuoted_32\"", "InvQuoted_32")
R("vagrant", 'config.winrm.password = "VagrantWinrm_33"', "VagrantWinrm_33")
R("salt", "salt-call --local state.apply pillar='{\"mysql\": {\"root_password\": \"SaltCall_34\"}}'", "SaltCall_34")
R("salt", "{% set db_password = salt['pillar.get']('db:password', 'PillarDef_35') %}", "PillarDef_35")
R("puppet", "$db_password = lookup('profile::db::password', String, 'first', 'PupLookup_36')", "PupLookup_36")
R("erb", "password: <%= ENV.fetch('DB_PASSWORD', 'ErbFetch_37') %>", "ErbFetch_37")
R("erb", "password: <%= ENV['DB_PASSWORD'] || 'ErbOr_38' %>", "ErbOr_38")
R("fallback", 'dbPass := getEnvOrDefault("DB_PASSWORD", "GoEnvDef_39")', "GoEnvDef_39")
R("ansible", "vars_prompt:\n  - name: db_password\n    prompt: Database password\n    default: PromptDef_40\n"
  "    private: true", "PromptDef_40")
R("terraform", 'resource "tfe_variable" "db" {\n  key       = "db_password"\n  value     = "TfeVar_41"\n'
  "  category  = \"terraform\"\n  sensitive = true\n}", "TfeVar_41")
R("terraform", 'resource "github_actions_secret" "db" {\n  repository      = "app"\n  secret_name     = "DB_PASSWORD"\n'
  '  plaintext_value = "GhSecret_42"\n}', "GhSecret_42")
R("terraform", 'resource "aws_ssm_parameter" "db" {\n  name  = "/prod/db/password"\n  type  = "SecureString"\n'
  '  value = "SsmValue_43"\n}', "SsmValue_43")
R("terraform", 'resource "kubernetes_secret" "db" {\n  data = {\n    password = "TfK8s_44"\n  }\n}', "TfK8s_44")
R("terraform", 'terraform init -backend-config="password=TfInit_45"', "TfInit_45")
R("helm", "helm install app ./chart --set-json 'auth={\"password\":\"HelmJson_46\"}'", "HelmJson_46")
R("k8s", "kubectl set env deployment/api DB_PASSWORD=KubectlEnv_47", "KubectlEnv_47")
R("cloudinit", "write_files:\n  - path: /etc/app.env\n    content: |\n      DB_PASSWORD=CiWrite_48\n", "CiWrite_48")
R("cloudinit", "users:\n  - name: ops\n    hashed_passwd: $6$Kx9Lq2Zm$Qh3Nv7Bw1Xc5Zp8Lm4Kj6Hg2Fd0Sa9Po7Iu5Yt3Re1Wq",
  "$6$Kx9Lq2Zm$Qh3Nv7Bw1Xc5Zp8Lm4Kj6Hg2Fd0Sa9Po7Iu5Yt3Re1Wq")
R("arm", "param vmAdminPass string = 'BicepVm_49'", "BicepVm_49")

# --- third batch: lists under a secret's name (YAML block and flow, JSON, HCL) ---
R("lists", "api_keys:\n  - Ak9xQ2mZ7vLp\n  - Bm3yR8nW4kTq", "Ak9xQ2mZ7vLp", "Bm3yR8nW4kTq")
R("lists", "admin_passwords:\n  - Hunter2024x\n  - Summer2025y", "Hunter2024x", "Summer2025y")
R("lists", "db:\n  password:\n    - OldPw_2023a\n    - NewPw_2024b", "OldPw_2023a", "NewPw_2024b")
R("lists", 'api_tokens = ["TfListTok_1x9Q", "TfListTok_2y8R"]', "TfListTok_1x9Q", "TfListTok_2y8R")
R("lists", '"webhook_secrets": ["WhSec_9f8e7d", "WhSec_1a2b3c"]', "WhSec_9f8e7d", "WhSec_1a2b3c")
R("lists", 'passwords:\n  - "correct horse battery"', "correct horse battery")
R("lists", "vault_tokens: [hvs_Qx8Lm2Zp, hvs_Rt5Nk7Wq]", "hvs_Qx8Lm2Zp", "hvs_Rt5Nk7Wq")

# --- fourth batch: here-documents and one-dash long flags (Go CLIs: vault, consul, nomad, terraform, packer) ---
R("terraform", 'db_password = <<EOT\nHeredocTf_73\nEOT', "HeredocTf_73")
R("terraform", 'admin_password = <<-EOT\n    HeredocTf_74\n  EOT\nregion = "eu-west-1"', "HeredocTf_74")
R("kv", "consul-template -vault-addr=https://vault:8200 -password=GoFlag_81", "GoFlag_81")
R("kv", "AccessorID:   e1b2c3d4-0a1b-4c5d-8e9f-0a1b2c3d4e5f\nSecretID:     5d1b2c3a-9f8e-4d7c-b6a5-4f3e2d1c0b9a",
  "5d1b2c3a-9f8e-4d7c-b6a5-4f3e2d1c0b9a")

CONTROLS: tuple[str, ...] = (
    # Ansible
    'db_password: "{{ vault_db_password }}"',
    "ansible_become_pass: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/sudo:pass') }}\"",
    "ansible_password: \"{{ lookup('env', 'ANSIBLE_PASSWORD') }}\"",
    "home_dir: \"{{ lookup('env','HOME') | default('/root') }}\"",
    "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256",
    "ansible-playbook site.yml -e env=prod --ask-vault-pass",
    "ansible-playbook site.yml --vault-password-file ~/.vault_pass.txt",
    "[defaults]\nvault_password_file = ~/.vault_pass",
    # Terraform
    "password = var.db_password",
    "password = random_password.db.result",
    'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
    'resource "random_password" "db" {\n  length  = 16\n  special = true\n}',
    "password_length = 16",
    "password = data.aws_secretsmanager_secret_version.db.secret_string",
    "manage_master_user_password = true",
    'export TF_VAR_db_password="$(pass show db/prod)"',
    "TF_VAR_region=eu-west-1 terraform plan",
    'secret_variables = ["db_password", "api_key"]',
    # Pulumi
    "pulumi config set --secret dbPassword",
    "pulumi config set aws:region us-west-2",
    "config:\n  aws:region: us-east-1",
    # Helm / Kubernetes / Kustomize
    "auth:\n  existingSecret: db-creds\n  secretKeys:\n    adminPasswordKey: postgres-password",
    "tls:\n  - hosts:\n      - app.example.com\n    secretName: tls-cert",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db-creds\n        key: password",
    "helm install pg bitnami/postgresql --set auth.existingSecret=db-creds",
    "helm install app ./chart --set-file tls.key=./tls.key",
    "helm install app ./chart --set auth.password=$DB_PASSWORD",
    "envFrom:\n  - secretRef:\n      name: app-secrets",
    "secretGenerator:\n- name: db-creds\n  files:\n  - password.txt",
    "auth:\n  generate_password: true",
    "metadata:\n  creationTimestamp: \"2024-05-01T12:30:45Z\"",
    "password_last_changed: 2024-05-01T12:30:45+00:00",
    "secret_rotated_at: 2024-05-01T12:30:45Z",
    "token_ctime: 2024-05-01T12:30:45Z",
    "existingSecretPasswordKey: password",
    "passwordFromSecret: db-creds",
    # docker-compose
    "environment:\n  - POSTGRES_PASSWORD_FILE=/run/secrets/db_password",
    "environment:\n  POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}",
    "environment:\n  - DB_PASSWORD=${DB_PASSWORD:?DB_PASSWORD must be set}",
    "secrets:\n  db_password:\n    file: ./secrets/db_password.txt",
    # CloudFormation / ARM / Bicep
    "MasterUserPassword: !Ref DBPassword",
    "MasterUserPassword: '{{resolve:secretsmanager:prod/db:SecretString:password}}'",
    "DBPassword:\n  Type: String\n  NoEcho: true",
    '"adminPassword": {\n  "type": "securestring"\n}',
    '"adminPassword": "[parameters(\'adminPassword\')]"',
    "@secure()\nparam adminPassword string",
    "@secure()\nparam adminPassword string\n\nresource sql 'Microsoft.Sql/servers@2021-11-01' = {\n  properties: {\n"
    "    administratorLoginPassword: adminPassword\n  }\n}",
    # Hiera / Puppet / Chef / Salt
    "profile::db::password: \"%{hiera('db_password')}\"",
    "profile::db::password: \"%{lookup('secrets::db_password')}\"",
    "profile::db::password: \"%{alias('secrets::db_password')}\"",
    "  password => $password,",
    "  Sensitive[String] $password,",
    "password = data_bag_item('mysql', 'root')['password']",
    "password: {{ pillar['mysql']['root_password'] }}",
    "password: {{ salt['pillar.get']('mysql:root_password') }}",
    # cloud-init
    "ssh_pwauth: false\nchpasswd:\n  expire: true",
    "users:\n  - name: ops\n    lock_passwd: true",
    "chpasswd:\n  list: |\n    root:RANDOM",
    # Vault / Consul / etcd
    "vault kv get -field=password secret/db",
    "vault kv put secret/db password=@password.txt",
    "consul kv get service/app/db_password",
    "etcdctl get /config/app/db_password",
    # Nomad / Packer / Vagrant
    "ssh_password = var.ssh_password",
    'config.ssh.private_key_path = "~/.vagrant.d/insecure_private_key"',
    "config.ssh.insert_key = false",
    # templates
    "password: ${DB_PASSWORD}",
    'password = os.getenv("DB_PASSWORD")',
    'debug = os.getenv("DEBUG", "false")',
    "password: <password>",
    # second batch
    "env:\n  TF_VAR_db_password: ${{ secrets.DB_PASSWORD }}",
    "MasterUserPassword: '{{resolve:ssm-secure:/prod/db/password:1}}'",
    '"adminPassword": {\n  "type": "secureString",\n  "defaultValue": "[newGuid()]"\n}',
    "param adminPassword string = newGuid()",
    "password: \"{{ db_password | default(omit) }}\"",
    "replicas: {{ .Values.replicas | default 1 }}",
    "pulumi config set --stack prod aws:region eu-west-1",
    "consul kv put app/config/replicas 3",
    "- {name: LOG_LEVEL, value: debug}",
    "InstanceType:\n  Type: String\n  Default: t3.micro",
    "vars_prompt:\n  - name: db_password\n    prompt: Database password\n    private: true",
    'resource "tfe_variable" "region" {\n  key   = "region"\n  value = "eu-west-1"\n}',
    "default['app']['password']['length'] = '16'",
    "chpasswd:\n  list: |\n    ubuntu:RANDOM\n  expire: true",
    "last_password_change: 2024-05-01 12:30:45",
    "token_mtime: 1714566645",
    # third batch: lists
    "services:\n  app:\n    secrets:\n      - db_password\n      - api_key",
    'tokens = ["the", "cat", "sat"]',
    'expected_tokens = ["Hello", ",", "world"]',
    "Secrets:\n- rotate them quarterly\n- never commit them",
    "tokens = [tok.strip() for tok in text.split()]",
    "imagePullSecrets:\n  - name: regcred",
    "required_keys: [id, name, email]",
    # fourth batch: one-dash long flags and here-documents
    "vault token create -period=24h -policy=ops",
    "vault token create -policy ops -period 24h",
    "terraform apply -parallelism=10 -auto-approve",
    "consul acl token create -policy-name=ops -description=ci",
    "packer build -parallel-builds=1 .",
    "nomad job plan -policy-override job.nomad",
    'policy = <<EOF\n{"Version": "2012-10-17"}\nEOF',
)

#: Controls that hold in balanced mode only: strict redacts capitalised words off the allow list (``SSM``).
BALANCED_CONTROLS: tuple[str, ...] = (
    "DBPassword:\n  Type: AWS::SSM::Parameter::Value<String>\n  Default: /prod/db/password",
)
#: Ciphertext made to be committed: (text, marker lines that must survive verbatim).
CIPHERTEXT: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n"
     "  62313365396662343061393464336163383764373764613633653634306231386433626436623361\n"
     "  6134333665353966363534333632666535333761666131620a663537646436643839616531643561",
     ("db_password: !vault |", "$ANSIBLE_VAULT;1.1;AES256")),
    ("config:\n  myapp:dbPassword:\n    secure: v1:AAABAG9yQ2FwcGxlc2VjcmV0X2RiX3Bhc3N3b3Jk",
     ("  myapp:dbPassword:\n    secure: v1:",)),
)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_secret_in_an_infrastructure_file_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_infrastructure_lines_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text


@pytest.mark.parametrize("text", BALANCED_CONTROLS)
def test_a_parameter_store_path_default_stays_readable_in_balanced_mode(text):
    assert redact_text("balanced", text) == text


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("text", "markers"), CIPHERTEXT)
def test_a_committed_ciphertext_keeps_its_key_and_marker_readable(mode, text, markers):
    out = redact_text(mode, text)
    assert all(m in out for m in markers)
