"""Edge of the GitHub tools: ``redctx github repos|issues|issue|search`` (alias ``gh``).

Each action builds the arguments of its MCP tool row and validates them with
the same :func:`tools.check_args`, so the CLI and MCP refuse alike. ``issues``
and ``search`` exit 1 on ``No matches.`` like ``grep``.

Imports: tools.
"""

from __future__ import annotations

import argparse
from typing import Any

from redacted_context_mcp.tools import TOOLS_BY_NAME, check_args, resolve_handler

HELP = "Browse, search and read configured GitHub issues through the redaction layer."
_ACTIONS = {
    "repos": "redctx_github_repos",
    "issues": "redctx_github_list_issues",
    "issue": "redctx_github_read_issue",
    "search": "redctx_github_search_issues",
}
EPILOG = """\
examples:
  redctx github repos
  redctx gh issues client-a --state all --limit 50
  redctx gh issue client-a 42
  redctx gh search client-a 'backup restore'"""


def configure(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="github_command", metavar="ACTION", required=True)
    sub.add_parser("repos", help="List the configured repo aliases (no GitHub request).")
    issues = sub.add_parser("issues", help="List issues of a repo alias (pull requests excluded).")
    issues.add_argument("repo_alias", metavar="ALIAS")
    issues.add_argument("--state", help="open (default), closed or all.")
    issues.add_argument("--label", dest="labels", action="append", metavar="NAME",
                        help="Only issues carrying this label (repeatable: all must match).")
    issues.add_argument("--limit", type=int, metavar="N", help="Maximum issues (default 30).")
    issue = sub.add_parser("issue", help="Read one issue, optionally with its comments.")
    issue.add_argument("repo_alias", metavar="ALIAS")
    issue.add_argument("number", type=int, metavar="N")
    issue.add_argument("--comments", action="store_true", help="Also fetch the comments, oldest first.")
    issue.add_argument("--max-comments", type=int, metavar="N", help="Maximum comments (default 20).")
    issue.add_argument("--max-body-chars", type=int, metavar="N",
                       help="Maximum characters of the body and of each comment (default 30000).")
    search = sub.add_parser("search", help="Search a repo alias's issues with GitHub search syntax.")
    search.add_argument("repo_alias", metavar="ALIAS")
    search.add_argument("query", metavar="QUERY", help="Sent to GitHub as typed, unredacted.")
    search.add_argument("--state", help="open (default), closed or all.")
    search.add_argument("--limit", type=int, metavar="N", help="Maximum issues (default 30, at most 100).")


def run(ns: argparse.Namespace, ctx: Any) -> int:
    action = ns.github_command
    spec = TOOLS_BY_NAME[_ACTIONS[action]]
    props = spec.input_schema.get("properties", {})
    args = {k: getattr(ns, k) for k in props if getattr(ns, k, None) is not None}
    if args.get("comments") is False:
        del args["comments"]
    result = resolve_handler(spec.handler)(ctx.service(), check_args(spec, args))
    return ctx.emit(result)  # No matches. carries exit status 1 from the service
