"""Secrets where documents and code put a line that rules read from its start: Markdown table cells,
bullets, blockquotes and inline code (runbooks, wiki pages, chat quotes), exec-form argument lists
in five languages, shell line continuations and adjacent string literals. Each file draws its
wrappers and quoting from the seed, so every seed mixes them differently."""

from __future__ import annotations

from tests.corpus import Case
from tests.corpus.secrets.kit import Gen

_WRAPS = ("| {} |", "| {} | prod |", "| `{}` | staging |", "- {}", "* {}", "> {}", "> - {}", "1. {}", "- `{}`")


def runbook(g: Gen) -> Case:
    """A wiki runbook: config lines quoted in tables, bullets and quotes."""
    S, K = g.S, g.K
    w = lambda line: g.pick(_WRAPS).format(line)  # noqa: E731
    rows = [
        w(f"SetEnv {g.pick(('DB_PASS', 'LDAP_PW', 'SMTP_PASS'))} {S(g.human_password())}"),
        w(f"{g.pick(('masterauth', 'requirepass'))} {S(g.strong_password(18, '=:#'))}"),
        w(f"ARG {g.pick(('NPM_TOKEN', 'REGISTRY_PASSWORD', 'PIP_TOKEN'))}={S(g.alnum(g.int(14, 28)))}"),
        w(f"{g.host()}:{K(str(g.pick((5432, 5433, 6432))))}:app:{g.user()}:{S(g.human_password())}"),
        w(f"machine {g.host()} login {g.user()} password {S(g.human_password())}"),
    ]
    text = (
        "# Runbook: staging\n\nAccess as of the last rotation (release "
        f"{K(g.version())}, commit {K(g.commit()[:12])}):\n\n| setting | env |\n| --- | --- |\n"
        + "\n".join(rows)
        + "\n\nRotate every 90 days; the password policy needs 14 characters.\n"
    )
    return g.case("markdown-layout", "runbook.md", text)


def exec_forms(g: Gen) -> Case:
    """Argument lists as code and manifests write them: the flag and its value are list items."""
    S = g.S
    q = g.pick(("\"", "'"))
    flag = g.pick(("--admin-password", "--requirepass", "--token", "--db-password", "--api-key"))
    text = (
        f"services:\n  app:\n    command: [{q}serve{q}, {q}{flag}{q}, {q}{S(g.human_password())}{q}]\n"
        f"# Dockerfile\nCMD [\"redis-server\", \"--requirepass\", \"{S(g.strong_password(16, '-_'))}\"]\n"
        f"# python\nsubprocess.run([\"mysql\", \"-u\", \"{g.user()}\", \"-p{S(g.alnum(12))}\", \"app\"])\n"
        f"// go\ncmd := exec.Command(\"sshpass\", \"-p\", \"{S(g.human_password())}\", \"ssh\", \"{g.user()}@bastion\")\n"
        f"// java\nnew ProcessBuilder(\"redis-cli\", \"-a\", \"{S(g.alnum(14))}\", \"ping\");\n"
        f"// node\nspawn(\"mongosh\", [\"--password\", \"{S(g.strong_password(14, '-_'))}\"]);\n"
    )
    return g.case("exec-form", "launch.txt", text)


def continued(g: Gen) -> Case:
    """Values broken over lines and written as adjacent literals."""
    S = g.S
    head, tail = g.alnum(8), g.alnum(9)
    a, b = g.human_password(), g.alnum(6)
    text = (
        f"export DB_PASSWORD={S(head)}\\\n    {S(tail)}\n"
        f"db_pass = \"{S(a)}\" \"{S(b)}\"\n"
        "next_step = 1\n"
    )
    return g.case("continued-values", "setup.sh", text)


def build(g: Gen) -> list[Case]:
    return [runbook(g), exec_forms(g), continued(g)]
