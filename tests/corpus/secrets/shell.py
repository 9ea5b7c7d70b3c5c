"""Shell histories and ``ps aux`` listings: passwords and tokens as command-line arguments."""

from __future__ import annotations

from tests.corpus import Case
from tests.corpus.secrets.kit import Gen, b64s
from tests.corpus.secrets.providers import token


def _history_lines(g: Gen) -> list[str]:
    """One command per element; every secret argument is labelled."""
    S, K = g.S, g.K
    h, u = g.host(), g.user()
    lines = [
        f"cd ~/src/{g.word()} && git log --oneline -n 5",
        f"sshpass -p '{S(g.human_password())}' ssh {u}@{h}",
        f"sshpass -p {S(g.strong_password(14, '!%-_'))} scp backup.tar.gz {g.user()}@{g.host()}:/srv/",
        f"mysql -u root -p{S(g.strong_password(12, '_-'))} -h {g.host()} billing",
        f"mysql -h {g.host()} -u {g.user()} -p {S(g.human_password().replace(chr(39), ''))} -e 'show tables'",
        f"mysqldump --user=backup --password={S(g.strong_password(16, '_-'))} --all-databases > all.sql",
        f"redis-cli -h {g.host()} -p {K('6379')} -a {S(g.alnum(24))} ping",
        f"redis-server --port 6380 --requirepass {S(g.alnum(20))}",
        f"curl -u {u}:{S(g.strong_password(15, '!-_.'))} https://{g.host()}/api/v2/status",
        f"curl --user 'admin:{S(g.human_password())}' -X POST https://{g.host()}/jobs/build",
        f"curl -H 'Authorization: Bearer {S(token(g, 'jwt'))}' https://{g.host()}/v1/me",
        f"curl -H \"X-Api-Key: {S(g.alnum(32))}\" 'https://{g.host()}/v3/items?limit=50'",
        f"wget --user={u} --password={S(g.strong_password(14, '-_'))} https://{g.host()}/dist/pkg.tgz",
        f"docker login -u {g.user()} -p {S(g.strong_password(18, '_-'))} registry.example.com",
        f"echo '{S(g.human_password().replace(chr(39), ''))}' | sudo -S systemctl restart nginx",
        f"echo {S(token(g, 'github-classic'))} | docker login ghcr.io -u {g.user()} --password-stdin",
        f"aws configure set aws_access_key_id {S(token(g, 'aws-access-key'))}",
        f"aws configure set aws_secret_access_key {S(token(g, 'aws-secret-key'))}",
        f"vault login {S(token(g, 'vault-service'))}",
        f"VAULT_TOKEN={S(token(g, 'vault-legacy'))} vault kv get secret/app",
        f"htpasswd -b -c /etc/nginx/.htpasswd {u} {S(g.human_password().replace(chr(39), ''))}",
        f"htpasswd -bB .htpasswd ops {S(g.strong_password(12, '-_'))}",
        f"psql 'postgresql://{u}:{S(g.strong_password(16, '-_'))}@{g.host()}:5432/app'",
        f"PGPASSWORD={S(g.human_password().replace(chr(39), ''))} psql -h {g.host()} -U {u} reports",
        f"rclone copy ./out s3:bucket --s3-access-key-id {S(token(g, 'aws-access-key'))} "
        f"--s3-secret-access-key {S(token(g, 'aws-secret-key'))}",
        f"gh auth login --with-token <<< {S(token(g, 'github-fine-grained'))}",
        f"./deploy.sh --token {S(g.urlsafe(40))} --env prod --timeout {K('300s')}",
        f"python3 sync.py --api-key {S(g.alnum(32))} --since {K(g.iso())}",
        f"az login --service-principal -u {g.hex(8)}-app -p {S(token(g, 'azure-ad-secret'))} --tenant corp",
        f"node scripts/oauth.js --client-id 8841-web --client-secret {S(token(g, 'google-oauth-secret'))}",
        f"export GITHUB_TOKEN={S(token(g, 'github-classic'))}",
        f"export OPENAI_API_KEY=\"{S(token(g, 'openai-project'))}\"",
        f"npm config set //registry.npmjs.org/:_authToken {S(token(g, 'npm'))}",
        f"git clone https://{u}:{S(token(g, 'gitlab-pat'))}@gitlab.example.com/team/infra.git",
        f"openssl enc -aes-256-cbc -in db.sql -out db.enc -pass pass:{S(g.strong_password(16, '-_'))}",
        f"zip -P {S(g.human_password().replace(chr(39), ''))} payroll.zip payroll.xlsx",
        f"smbclient //{g.host()}/share -U {u}%{S(g.strong_password(12, '-_'))}",
        f"mongo 'mongodb://admin:{S(g.alnum(18))}@{g.host()}:27017/admin'",
        f"keytool -importkeystore -srcstorepass {S(g.human_password().replace(chr(39), ''))} -deststorepass "
        f"{S(g.strong_password(14, '-_'))} -srckeystore old.jks",
        f"git checkout {K(g.commit())}",
        "ls -la",
        f"kubectl create secret generic db --from-literal=password={S(g.strong_password(18, '-_'))}",
        f"helm upgrade app ./chart --set db.password={S(g.human_password().replace(chr(39), ''))} --version {K(g.version())}",
        f"ansible-playbook site.yml -e ansible_become_pass={S(g.strong_password(12, '-_'))}",
        f"terraform apply -var 'db_password={S(g.strong_password(20, '-_'))}'",
        "history | grep password",
    ]
    return lines


def shell_history(g: Gen, n: int) -> Case:
    lines = _history_lines(g)
    g.r.shuffle(lines)
    start = g.int(100, 900)
    text = "".join(f"{start + i:5d}  {line}\n" for i, line in enumerate(lines))
    g.K("grep password")
    return g.case("shell-history", f"history-{n}.txt", text)


def zsh_history(g: Gen) -> Case:
    lines = _history_lines(g)
    t = g.int(1_700_000_000, 1_760_000_000)
    text = "".join(f": {t + i * 37}:0;{line}\n" for i, line in enumerate(lines))
    return g.case("shell-history", ".zsh_history", text)


def ps_aux(g: Gen) -> Case:
    S, K = g.S, g.K
    rows = [
        ("root", "/usr/sbin/sshd -D"),
        ("redis", f"redis-server *:6379 --requirepass {S(g.alnum(22))}"),
        ("mysql", "/usr/sbin/mysqld --basedir=/usr --datadir=/var/lib/mysql"),
        ("app", f"/usr/bin/java -Dspring.datasource.password={S(g.strong_password(16, '-_'))} -jar app.jar"),
        ("app", f"node server.js --db-pass={S(g.human_password().replace(' ', ''))} --port {K('8443')}"),
        ("backup", f"sshpass -p {S(g.strong_password(12, '-_'))} rsync -az /data {g.user()}@{g.host()}:/bk"),
        ("ci", f"/opt/runner/bin/agent --url https://ci.example.com --token {S(token(g, 'gitlab-runner'))}"),
        ("postgres", "postgres: checkpointer"),
        ("grafana", f"grafana-server --config=/etc/grafana.ini cfg:default.security.admin_password={S(g.alnum(16))}"),
        ("svc", f"python3 worker.py --api-key={S(token(g, 'sendgrid'))} --queue mail"),
        ("svc", f"/usr/local/bin/mc alias set minio http://127.0.0.1:9000 minioadmin {S(g.alnum(24))}"),
        ("root", "/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock"),
        ("svc", f"curl -s -u {g.user()}:{S(g.strong_password(14, '-_.'))} https://{g.host()}/health"),
        ("deploy", f"/usr/bin/rclone mount remote: /mnt --webdav-pass {S(g.alnum(26))}"),
    ]
    out = ["USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND"]
    for user, cmd in rows:
        out.append(f"{user:<12}{g.int(300, 99999):>4} {g.int(0, 40)}.{g.int(0, 9)}  {g.int(0, 9)}.{g.int(0, 9)} "
                   f"{g.int(10000, 999999):>6} {g.int(1000, 99999):>5} ?        Ssl  {g.int(0, 23):02d}:{g.int(0, 59):02d}"
                   f"   {g.int(0, 9)}:{g.int(0, 59):02d} {cmd}")
    # a /proc/<pid>/environ dump is NUL separated; shown with tr '\0' '\n'
    env = ["HOME=/home/app", f"DATABASE_URL=postgres://app:{S(g.strong_password(16, '-_'))}@{g.host()}/app",
           f"AUTH_BASIC={S(b64s(g.user() + ':' + g.strong_password(12, '-_')))}"]
    return g.case("ps-aux", "ps-aux.txt", "\n".join(out) + "\n\n$ tr '\\0' '\\n' < /proc/2231/environ\n"
                  + "\n".join(env) + "\n")


def build(g: Gen) -> list[Case]:
    return [shell_history(g, 1), shell_history(g, 2), zsh_history(g), ps_aux(g)]
