"""Near misses: files with nothing sensitive that look like they hold secrets.

Modelled on what secret scanners document as false positives: lockfile integrity hashes, git
output, CSS, image digests, manifests with references only, code that names passwords without
values, docs with templates. Every distinctive token is a ``keep`` control; there are no secrets.
"""

from __future__ import annotations

import base64
import json

from tests.corpus import Case
from tests.corpus.secrets.kit import B64, Gen

TAG = "near-miss"
_PKGS = ("lodash", "left-pad", "chalk", "semver", "debug", "ms", "minimist", "yargs", "picomatch", "tslib")
_MSGS = ("fix token refresh race", "rotate secrets doc", "add password strength meter", "bump deps",
         "remove hardcoded api key from example", "refactor auth middleware", "handle expired session cookie")


def _sha512(g: Gen) -> str:
    return "sha512-" + base64.b64encode(g.r.randbytes(64)).decode()


def _digest(g: Gen) -> str:
    return "sha256:" + g.hex(64)


def _luhn_invalid(g: Gen, n: int = 16) -> str:
    digits = [int(c) for c in g.digits(n)]
    total = sum(d if i % 2 == n % 2 else (d * 2 - 9 if d * 2 > 9 else d * 2) for i, d in enumerate(digits))
    if total % 10 == 0:
        digits[-1] = (digits[-1] + 1) % 10
    return "".join(map(str, digits))


def lockfiles(g: Gen) -> list[Case]:
    K = g.K
    pkgs = {}
    for name in g.r.sample(_PKGS, 6):
        pkgs[f"node_modules/{name}"] = {"version": K(g.version()), "resolved": f"https://registry.npmjs.org/{name}/-/x.tgz",
                                        "integrity": K(_sha512(g)), "license": "MIT"}
    lock = json.dumps({"name": "web", "lockfileVersion": 3, "requires": True, "packages": pkgs}, indent=2)
    out = [g.case("nm-lockfiles", "package-lock.json", lock + "\n", TAG)]
    yarn = "".join(f'{n}@^{(v := g.version())}:\n  version "{K(v)}"\n  integrity {K(_sha512(g))}\n\n'
                   for n in g.r.sample(_PKGS, 4))
    out.append(g.case("nm-lockfiles", "yarn.lock", yarn, TAG))
    gosum = "".join(f"github.com/{g.word()}/{g.word()} {K('v' + g.version())} {K('h1:' + g.chars(B64, 43) + '=')}\n"
                    for _ in range(5))
    out.append(g.case("nm-lockfiles", "go.sum", gosum, TAG))
    cargo = "".join(f'[[package]]\nname = "{g.word()}"\nversion = "{K(g.version())}"\nsource = "registry+https://'
                    f'github.com/rust-lang/crates.io-index"\nchecksum = "{K(g.hex(64))}"\n\n' for _ in range(3))
    out.append(g.case("nm-lockfiles", "Cargo.lock", cargo, TAG))
    poetry = "".join(f'{{file = "pkg-{g.version()}.tar.gz", hash = "{K(_digest(g))}"}},\n' for _ in range(3))
    return [*out, g.case("nm-lockfiles", "poetry.lock", "files = [\n" + poetry + "]\n", TAG)]


def git_log(g: Gen) -> list[Case]:
    K = g.K
    full = []
    for _ in range(4):
        c = g.commit()
        full.append(f"commit {K(c)}\nAuthor: dev <dev@example.com>\nDate:   {g.iso()}\n\n    {K(g.pick(_MSGS))}\n\n"
                    f"    Change-Id: {K('I' + g.hex(40))}\n")
    log = g.case("nm-git-output", "git-log.txt", "\n".join(full), TAG)
    oneline = "".join(f"{K(g.hex(7))} {K(g.pick(_MSGS))}\n" for _ in range(6))
    reflog = "".join(f"{K(g.hex(7))} HEAD@{{{i}}}: commit: {g.pick(_MSGS)}\n" for i in range(3))
    blame = "".join(f"^{K(g.hex(8))} (dev {g.iso()[:10]} {i + 10}) password_min = 12\n" for i in range(2))
    show = f"diff --git a/app.py b/app.py\nindex {K(g.hex(7) + '..' + g.hex(7))} 100644\n"
    return [log, g.case("nm-git-output", "oneline.txt", oneline + reflog + blame + show, TAG)]


def css(g: Gen) -> Case:
    K = g.K
    colours = [K("#" + g.hex(6)) for _ in range(5)] + [K("#" + g.hex(3))]
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + g.r.randbytes(60)).decode()
    text = (
        f":root {{\n  --color-primary: {colours[0]};\n  --color-secret-badge: {colours[1]};\n"
        f"  --token-radius: {K('6px')};\n}}\n.btn-token-refresh {{ background: {colours[2]}; color: {colours[5]}; }}\n"
        f".password-strength--weak {{ border-color: {colours[3]}; transition: all {K('150ms')} ease-in; }}\n"
        f".api-key-input {{ box-shadow: 0 0 0 2px {colours[4]}; }}\n"
        f".logo {{ background-image: url(\"data:image/png;base64,{K(png)}\"); }}\n"
        f"@font-face {{ src: url(/fonts/inter.{K(g.hex(8))}.woff2) format(\"woff2\"); }}\n"
    )
    return g.case("nm-css", "theme.css", text, TAG)


def dockerfile(g: Gen) -> list[Case]:
    K = g.K
    df = (
        f"FROM python:3.12-slim@{K(_digest(g))} AS base\nARG APP_VERSION={K(g.version())}\n"
        f"ENV PIP_NO_CACHE_DIR=1 DB_PASSWORD_FILE={K('/run/secrets/db_password')}\n"
        f"RUN pip install gunicorn=={K(g.version())}\nHEALTHCHECK --interval={K('30s')} --timeout=5s CMD curl -f localhost:8000\n"
        f"COPY --from=builder@{K(_digest(g))} /out /app\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci\n"
    )
    c1 = g.case("nm-docker", "Dockerfile", df, TAG)
    compose = (
        f"services:\n  db:\n    image: postgres@{K(_digest(g))}\n    environment:\n"
        f"      POSTGRES_PASSWORD: {K('${POSTGRES_PASSWORD}')}\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg\n"
        f"    secrets: [pg]\n  app:\n    environment:\n      - API_TOKEN={K('${API_TOKEN:?missing}')}\n"
        f"      - SECRET_KEY={K('$${SECRET_KEY}')}\nsecrets:\n  pg:\n    file: {K('./secrets/pg.txt')}\n"
    )
    c2 = g.case("nm-docker", "docker-compose.yml", compose, TAG)
    pull = (f"latest: Pulling from library/redis\n{K(g.hex(12))}: Pull complete\n"
            f"Digest: {K(_digest(g))}\nStatus: Downloaded newer image for redis:{K('7.2.4')}\n")
    return [c1, c2, g.case("nm-docker", "pull.log", pull, TAG)]


def k8s_manifest(g: Gen) -> Case:
    K = g.K
    text = (
        f"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n  annotations:\n"
        f"    checksum/config: {K(g.hex(64))}\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n"
        f"        - name: api\n          image: registry.example.com/api@{K(_digest(g))}\n          env:\n"
        f"            - name: DB_PASSWORD\n              valueFrom:\n                secretKeyRef:\n"
        f"                  name: {K('db-credentials')}\n                  key: {K('password')}\n"
        f"            - name: API_TOKEN_PATH\n              value: {K('/var/run/secrets/tokens/api-token')}\n"
        f"          resources:\n            limits: {{cpu: {K('500m')}, memory: {K('256Mi')}}}\n"
        f"          readinessProbe:\n            periodSeconds: {K('15')}\n      serviceAccountName: {K('api-reader')}\n"
        f"      volumes:\n        - name: token\n          projected:\n            sources:\n"
        f"              - serviceAccountToken:\n                  expirationSeconds: {K('3607')}\n"
    )
    return g.case("nm-k8s-manifest", "deployment.yaml", text, TAG)


def code_without_values(g: Gen) -> list[Case]:
    K = g.K
    env_get, tag, nonempty = "os.environ.get('token_env')", '`json:"password"`', 'c.Password != ""'
    py = (
        "import getpass\nimport os\n\n\n"
        f"def {K('verify_password')}(plain: str, hashed: str) -> bool:\n    return pwd_context.verify(plain, hashed)\n\n\n"
        f"def login(user: str) -> None:\n    password = {K('getpass.getpass()')}\n    token = {K(env_get)}\n"
        f"    client.auth({K('password=password')}, {K('token=token')})\n\n\n"
        f"class Settings:\n    {K('api_key: str | None = None')}\n    {K('secret_key = settings.secret_key')}\n"
        f"    {K(f'token_expiry_seconds = {g.int(60, 7200)}')}\n    password_min_length = {g.int(8, 16)}\n"
        f"    {K(f'schema_version = {_luhn_invalid(g, 19)}')}\n"
    )
    c1 = g.case("nm-code-refs", "auth.py", py, TAG)
    js = (
        f"export function {K('hashPassword')}(password) {{\n  return bcrypt.hash(password, {K(str(g.int(10, 14)))});\n}}\n"
        f"const {{ {K('apiKey, clientSecret')} }} = process.env;\nif (!apiKey) throw new Error('missing api key');\n"
        f"const {K('passwordInput')} = document.querySelector('#password');\n"
        f"headers.authorization = `bearer ${{{K('accessToken')}}}`;\n"
        f"const {K('tokenRegex')} = /^[a-z0-9]{{32}}$/;\n"
    )
    c2 = g.case("nm-code-refs", "auth.js", js, TAG)
    go = (
        f"type Credentials struct {{\n\tUser     string `json:\"user\"`\n\tPassword string {K(tag)}\n}}\n\n"
        f"func (c *Credentials) Valid() bool {{ return {K(nonempty)} }}\n\n// token lifetime\nconst ttl = {K(str(g.int(5, 120)))} * time.Minute\n"
    )
    return [c1, c2, g.case("nm-code-refs", "creds.go", go, TAG)]


def docs_placeholders(g: Gen) -> Case:
    K = g.K
    quoted = '"$REDIS_PASSWORD"'
    text = (
        "## configuration\n\nset the variables before you start:\n\n```sh\n"
        f"export API_KEY={K('<your-api-key>')}\nexport DB_PASSWORD={K('${DB_PASSWORD}')}\n"
        f"curl -H \"X-Api-Key: {K('$API_KEY')}\" localhost:{K(str(g.int(3000, 9999)))}/health\nmysql -u root -p\n"
        f"redis-cli -a {K(quoted)} ping\ndocker login -u ci {K('--password-stdin')} < token.txt\n```\n\n"
        f"```yaml\npassword: {K('{{ .Values.db.password }}')}\ntoken: \"{K('xxxxxxxxxxxxxxxxxxxx')}\"\n"
        f"api_key: {K('your-api-key-here')}\nsecret: {K('changeme')}\nsmtp_password: \"{K('********')}\"\n"
        f"empty_password: \"\"\n```\n\n```ini\npassword = {K('%(password)s')}\n```\n\n"
        f"the token is valid for {K('15 minutes')}; rotate the secret every {K('90 days')} and never paste a password\n"
        f"into chat. use `--token {K('<your-token>')}` or `{K('--token-file ~/.config/app/token')}`.\n"
    )
    return g.case("nm-docs-placeholders", "README-setup.md", text, TAG)


def logs(g: Gen) -> Case:
    K = g.K
    lines = [f"{K(g.iso())} INFO request done status={K('200')} duration={K(str(g.int(5, 900)) + 'ms')} "
             f"trace_id={K(g.hex(32))} span_id={K(g.hex(16))}" for _ in range(4)]
    lines += [
        f"{g.iso()} INFO cache etag=\"{K(g.hex(40))}\" size={K('14.2kB')}",
        f"{g.iso()} WARN password reset requested, token sent (expires in {K('30m')})",
        f"{g.iso()} INFO order {K(_luhn_invalid(g))} paid {K('$1,250.00')} ({K('€ 99.90')} fee)",
        f"{g.iso()} INFO build {K('2024.05.1')} commit={K(g.hex(12))} bundle=main.{K(g.hex(8))}.js",
        f"{g.iso()} INFO added {K('1203 packages')} in 14s; 0 vulnerabilities",
    ]
    return g.case("nm-logs", "app.log", "\n".join(lines) + "\n", TAG)


def public_keys(g: Gen) -> Case:
    K = g.K
    ed = base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + g.r.randbytes(32)).decode()
    text = (
        f"ssh-ed25519 {K(ed)} deploy@build\n"
        f"# fingerprint {K('SHA256:' + g.chars(B64, 43))}\n"
        f"# gpg signing key {K('0x' + g.hex(16))}\n"
    )
    return g.case("nm-public-keys", "authorized_keys", text, TAG)


def shell_safe(g: Gen) -> Case:
    K = g.K
    cmds = [K("docker login -u ci --password-stdin registry"), K("vault login -method=oidc"),
            K("aws configure set region eu-west-1"), K("kubectl get secret app -o yaml"),
            K('sshpass -e ssh ops@bastion'), K("git log --oneline -n 20"), K("openssl rand -hex 32 > key.txt"),
            K('curl -u "$user:$pass" localhost:9200'), K("psql -W -U app reports"), K("pass show work/vpn")]
    start = g.int(100, 900)
    return g.case("nm-shell", "history-clean.txt", "".join(f"{start + i:5d}  {c}\n" for i, c in enumerate(cmds)), TAG)


def notebook_outputs(g: Gen) -> Case:
    """A notebook whose outputs carry a base64 PNG and ids: long random-looking text that is not a secret."""
    K = g.K
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + g.r.randbytes(900)).decode()
    src = ["import pandas as pd\n", "df = pd.read_csv('sales.csv')\n", "df.plot(kind='bar')\n",
           "token_counts = df['tokens'].value_counts()\n"]
    nb = {"cells": [{"cell_type": "code", "execution_count": int(K(str(g.int(10, 99)))), "id": K(g.hex(8)),
                     "metadata": {}, "source": src,
                     "outputs": [{"data": {"image/png": K(png), "text/plain": ["<Figure size 640x480 with 1 Axes>"]},
                                  "metadata": {}, "output_type": "display_data"}]}],
          "metadata": {"language_info": {"version": K("3.11." + str(g.int(0, 9)))}}, "nbformat": 4, "nbformat_minor": 5}
    return g.case("nm-notebook-outputs", "sales.ipynb", json.dumps(nb, indent=1) + "\n", TAG)


def html(g: Gen) -> Case:
    K = g.K
    auto = 'autocomplete="current-password"'
    sri = "sha384-" + base64.b64encode(g.r.randbytes(48)).decode()
    text = (
        "<!doctype html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n"
        f"  <link rel=\"stylesheet\" href=\"/static/css/main.{K(g.hex(8))}.css\">\n"
        f"  <script src=\"/static/js/vendor.{K(g.hex(20))}.js\" integrity=\"{K(sri)}\" crossorigin=\"anonymous\"></script>\n"
        "</head>\n<body>\n  <form>\n    <label for=\"password\">password</label>\n"
        f"    <input id=\"password\" type=\"password\" {K(auto)} minlength=\"{K(str(g.int(8, 14)))}\">\n"
        f"    <input type=\"hidden\" name=\"api_key_label\" value=\"{K('primary-key')}\">\n"
        f"    <svg viewBox=\"0 0 24 24\"><path d=\"{K(f'M{g.int(2, 9)} 2C6.48 2 2 6.48 2 12s4.48 10 10 10')}\"/></svg>\n"
        "  </form>\n</body>\n</html>\n"
    )
    return g.case("nm-html", "login.html", text, TAG)


def locale_strings(g: Gen) -> Case:
    """UI strings under secret-sounding keys: the values are prose, not credentials."""
    K = g.K
    msgs = {
        "password": K("password"),
        "forgot_password": K("forgot your password?"),
        "password_hint": K(f"at least {g.int(8, 16)} characters, one digit"),
        "token_expired": K("your session token expired, please sign in again"),
        "api_key_help": K("paste the key from your account settings"),
        "secret_question": K("what was the name of your first school?"),
        "private_key_label": K("private key (pem)"),
        "cookie_banner": K("we use cookies to keep you signed in"),
        "auth_error": K(f"error {g.int(400, 499)}: authentication failed"),
    }
    return g.case("nm-locale-strings", "en.json", json.dumps({"auth": msgs}, indent=2) + "\n", TAG)


def config_keys(g: Gen) -> Case:
    """Secret-sounding keys whose values are settings: numbers, booleans, names, paths, algorithms."""
    K = g.K
    rows = [
        ("password_min_length", str(g.int(8, 16))), ("password_hash_algorithm", "argon2id"),
        ("token_ttl", f"{g.int(5, 60)}m"), ("secret_rotation_days", str(g.int(30, 180))),
        ("api_key_header", "x-api-key"), ("session_cookie_name", "sid"), ("cookie_secure", "true"),
        ("private", "false"), ("auth", "oidc"), ("sort_key", "created_at"), ("primary_key", "id"),
        ("cache_key_prefix", f"app-v{g.int(1, 9)}"), ("passphrase_required", "true"),
        ("token_endpoint", "/oauth/token"), ("credentials_file", "~/.aws/credentials"),
        ("secret_store", "vault"), ("key_size", str(g.pick((2048, 3072, 4096)))),
        ("signing_alg", "rs256"), ("pw_reset_ttl", f"{g.int(10, 90)}m"),
    ]
    text = "# security settings\n" + "".join(f"{K(f'{k}: {v}')}\n" for k, v in rows)
    return g.case("nm-config-keys", "security.yaml", text, TAG)


def checksums(g: Gen) -> Case:
    K = g.K
    lines = [f"{K(g.hex(64))}  app-{g.version()}-{g.pick(('linux', 'darwin'))}-amd64.tar.gz" for _ in range(4)]
    md5 = [f"{K(g.hex(32))}  backup-{g.int(1, 28):02d}.tar" for _ in range(2)]
    return g.case("nm-checksums", "SHA256SUMS", "\n".join(lines) + "\n\n$ md5sum backup-*.tar\n" + "\n".join(md5) + "\n",
                  TAG)


def build(g: Gen) -> list[Case]:
    return [*lockfiles(g), *git_log(g), css(g), *dockerfile(g), k8s_manifest(g), *code_without_values(g),
            docs_placeholders(g), logs(g), public_keys(g), shell_safe(g), notebook_outputs(g), html(g),
            locale_strings(g), config_keys(g), checksums(g)]
