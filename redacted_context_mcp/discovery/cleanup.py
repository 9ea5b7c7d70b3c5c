"""Generic cleanup of one document's raw discovery answer (no project-specific names).

:func:`clean_answer` checks the answer's shape, keeps only values that occur in
the document (case-insensitive substring, the document's casing kept), and,
unless ``raw``, applies the rules in :data:`RULES` order: role notes stripped
from people, values the redactor already allows omitted, filenames / ticket and
meeting ids / countries / job titles / process labels dropped, tool and package
names moved to ``allow`` (model answers only), lone first names ignored. A value
never changes category. ``raw`` keeps the categories with basic dedupe only.

Imports: config_values, redaction.wordlists, redaction.placeholders, discovery.client.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from redacted_context_mcp.config_values import MAX_ALIAS_WORDS, MAX_VALUE_CHARS
from redacted_context_mcp.config_values import match_key as _key
from redacted_context_mcp.discovery.client import DiscoveryError
from redacted_context_mcp.redaction.placeholders import RESERVED_WORDS, normalize
from redacted_context_mcp.redaction.wordlists import Lexicon

#: Answer key -> config list, in the config's precedence order.
LIST_KEYS: tuple[str, ...] = ("clients", "organizations", "people", "terms")
#: Detector category -> answer key (other categories are left to the built-in stages).
DETECTOR_CATEGORIES: dict[str, str] = {
    "CLIENT": "clients", "ORG": "organizations", "PERSON": "people", "SENSITIVE": "terms",
}

FILE_NAME = re.compile(
    r"[^\s/\\]{1,200}\.(?:md|markdown|txt|rst|pdf|docx?|xlsx?|xlsm|pptx?|csv|tsv|json|jsonl|toml|ya?ml|"
    r"xml|html?|py|js|ts|tsx|jsx|java|go|rs|rb|php|sh|ps1|sql|ini|cfg|conf|log|eml|msg|png|jpe?g|gif|"
    r"svg|zip|tar|gz|7z|key|pem|crt|env|ipynb|drawio|vsdx?|one|odt|ods|odp|rtf|mp4|mp3|wav)",
    re.IGNORECASE,
)
PATH_LIKE = re.compile(r"[^\s]{0,200}[/\\][^\s]{0,200}")
TICKET_ID = re.compile(
    r"[A-Z][A-Z0-9]{1,9}-\d{1,8}|#\d{1,8}|[\d\s#./:_-]{1,40}|"
    r"(?i:(?:meeting|mtg|ticket|issue|case|incident|inc|req|request|ref|change|chg|pr|task|story|bug)"
    r"[ \t]{0,3}[#:-]?[ \t]{0,3}[A-Z0-9-]{0,12}\d{1,10})"
)
ROLE_NOTE = re.compile(r"(?P<name>[^()]{1,200}?)[ \t]{0,8}\((?P<note>[^()]{1,80})\)[ \t.]{0,4}")
ROLE_SUFFIX = re.compile(r"(?P<name>[^,–—-]{1,200}?)[ \t]{0,8}(?:,|–|—|[ \t]-)[ \t]{0,8}(?P<note>[^,–—-]{1,80})")
PACKAGE_SHAPE = re.compile(r"[a-z][a-z0-9]{0,40}(?:[-_.][a-z0-9]{1,40}){1,5}|@[a-z0-9-]{1,40}/[a-z0-9._-]{1,60}")
_WORDS = re.compile(r"[^\W_]{1,100}(?:['’][^\W_]{1,40})?")
_EDGE = " \t\r\n\"'`“”‘’,;:.!?*"

COUNTRIES: frozenset[str] = frozenset(
    """afghanistan albania algeria argentina armenia australia austria azerbaijan bahrain bangladesh belarus
    belgium bolivia bosnia brazil bulgaria cambodia cameroon canada chile china colombia croatia cuba cyprus
    czechia denmark ecuador egypt estonia ethiopia finland france georgia germany ghana greece guatemala
    hungary iceland india indonesia iran iraq ireland israel italy jamaica japan jordan kazakhstan kenya
    kuwait latvia lebanon libya lithuania luxembourg malaysia malta mexico moldova monaco mongolia montenegro
    morocco nepal netherlands nigeria norway oman pakistan panama paraguay peru philippines poland portugal
    qatar romania russia rwanda serbia singapore slovakia slovenia somalia spain sweden switzerland syria
    taiwan tanzania thailand tunisia turkey uganda ukraine uruguay uzbekistan venezuela vietnam yemen zambia
    zimbabwe uk usa us uae eu""".split()
) | frozenset({
    "united kingdom", "united states", "united states of america", "great britain", "south africa",
    "south korea", "north korea", "new zealand", "saudi arabia", "czech republic", "costa rica",
    "sri lanka", "united arab emirates", "hong kong", "the netherlands", "european union",
})

_TITLE_WORDS = (
    "ceo cto cio cfo coo ciso cmo cpo cdo vp svp evp md gm pm po hr president chair chairman chairwoman "
    "director manager engineer consultant analyst architect developer designer lead owner officer head "
    "administrator admin specialist coordinator partner associate principal intern advisor adviser "
    "counsel lawyer accountant auditor controller scientist researcher recruiter sponsor secretary "
    "treasurer founder cofounder co-founder executive assistant strategist steward champion scrum master"
).split()
_TITLE_MODIFIERS = (
    "senior junior lead chief head principal staff deputy vice assistant associate executive general "
    "managing technical product project program programme engineering sales marketing finance financial "
    "it data security operations information technology legal delivery account client customer "
    "solutions solution business regional global country interim acting of the and & for"
).split()
JOB_TITLE_WORDS: frozenset[str] = frozenset(_TITLE_WORDS)
_TITLE_ANY: frozenset[str] = JOB_TITLE_WORDS | frozenset(_TITLE_MODIFIERS)

PROCESS_LABELS: frozenset[str] = frozenset(
    """action items|action item|next steps|next step|kick-off|kickoff|kick off|status update|weekly sync|
    weekly update|daily standup|standup|stand-up|retro|retrospective|sprint planning|sprint review|
    sprint|go-live|go live|onboarding|offboarding|discovery phase|workstream|work stream|steering committee|
    steerco|backlog|roadmap|budget review|sign-off|signoff|approval|change request|post-mortem|postmortem|
    root cause analysis|rca|lessons learned|decision log|risk register|raid log|meeting notes|minutes|
    agenda|follow-up|follow up|handover|hand-over|deliverables|milestone|milestones|phase 1|phase 2|
    phase 3|proof of concept|poc|mvp|pilot|rollout|roll-out|uat|user acceptance testing|qa|code review|
    due diligence|statement of work|sow|rfp|rfi|invoice|purchase order|timesheet|quarterly review|
    annual review|performance review|one-on-one|1:1|all hands|all-hands|town hall|offsite|workshop""".replace(
        "\n", "").split("|")
)
PROCESS_LABELS = frozenset(p.strip() for p in PROCESS_LABELS if p.strip())

TOOL_NAMES: frozenset[str] = frozenset(
    """python java javascript typescript golang rust ruby php perl kotlin swift scala docker kubernetes k8s
    helm terraform ansible puppet chef vagrant react angular vue svelte django flask fastapi rails spring
    node node.js nodejs deno npm yarn pnpm pip pipx poetry conda pytest unittest numpy pandas scipy
    matplotlib jupyter spark pyspark hadoop airflow dbt snowflake databricks bigquery redshift tableau looker
    postgres postgresql mysql mariadb sqlite mongodb redis kafka rabbitmq elasticsearch opensearch grafana
    prometheus jenkins circleci travis git github gitlab bitbucket jira confluence trello asana notion slack
    teams zoom excel powerpoint outlook sharepoint onedrive office365 m365 azure aws gcp s3 ec2 lambda
    linux ubuntu debian centos windows macos ios android vscode vim emacs intellij pycharm ollama openai
    chatgpt gpt-4 claude llama gemma mistral langchain huggingface pytorch tensorflow keras sklearn
    scikit-learn salesforce sap servicenow workday hubspot zendesk stripe twilio okta auth0 nginx apache
    tomcat graphql rest grpc json yaml toml markdown obsidian figma miro powerbi bash zsh powershell
    homebrew brew webpack vite babel eslint ruff black mypy tox nox make cmake gradle maven""".split()
) | frozenset({"power bi", "visual studio code", "google sheets", "google docs", "microsoft teams", "ms teams"})


@dataclass
class CleanResult:
    """One document's cleaned values per list plus ``allow``; counts for the summary."""

    lists: dict[str, list[str]] = field(default_factory=lambda: {k: [] for k in LIST_KEYS})
    allow: list[str] = field(default_factory=list)
    aliases: dict[str, list[str]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def __repr__(self) -> str:  # values are raw private text
        return f"CleanResult({ {k: len(v) for k, v in self.lists.items()} }, allow={len(self.allow)})"


def answer_lists(answer: Mapping[str, Any]) -> tuple[dict[str, list[str]], Any]:
    """The answer's lists (missing ones empty) and its raw ``aliases``; ``bad_shape`` otherwise."""
    out: dict[str, list[str]] = {}
    for key in (*LIST_KEYS, "allow"):
        got = answer.get(key, [])
        if got is None:
            got = []
        if not isinstance(got, list) or not all(isinstance(v, str) for v in got):
            raise DiscoveryError("bad_shape")
        out[key] = got
    aliases = answer.get("aliases", {})
    if aliases is not None and not isinstance(aliases, (dict, list)):
        raise DiscoveryError("bad_shape")
    return out, aliases or {}


def find_in(text: str, value: str) -> str | None:
    """``value`` as written in ``text`` (case-insensitive substring), or ``None``."""
    m = re.compile(re.escape(value), re.IGNORECASE).search(text)
    return m.group() if m else None


def find_word_in(text: str, value: str) -> str | None:
    """Like :func:`find_in`, but only a whole-word occurrence counts."""
    m = re.compile(r"(?<![^\W_])" + re.escape(value) + r"(?![^\W_])", re.IGNORECASE).search(text)
    return m.group() if m else None


def strip_role_note(value: str) -> str:
    """``Alice Example (CIO)`` / ``Alice Example, CIO`` -> ``Alice Example``."""
    m = ROLE_NOTE.fullmatch(value)
    if m and m.group("name").strip():
        return m.group("name").strip()
    m = ROLE_SUFFIX.fullmatch(value)
    if m and is_job_title(m.group("note")) and m.group("name").strip():
        return m.group("name").strip()
    return value


def is_job_title(value: str) -> bool:
    words = normalize(value).replace(",", " ").split()
    return bool(words) and all(w in _TITLE_ANY for w in words) and any(w in JOB_TITLE_WORDS for w in words)


def is_tool_name(value: str) -> bool:
    return normalize(value) in TOOL_NAMES or bool(PACKAGE_SHAPE.fullmatch(value))


def drop_reason(value: str) -> str | None:
    """Which drop rule ``value`` hits, or ``None``."""
    folded = normalize(value)
    for name, test in DROP_RULES:
        if test(value, folded):
            return name
    return None


#: The drop rules, in order: name -> test(value, normalized value).
DROP_RULES: tuple[tuple[str, Any], ...] = (
    ("filename", lambda v, f: bool(FILE_NAME.fullmatch(v) or PATH_LIKE.fullmatch(v))),
    ("ticket_id", lambda v, f: bool(TICKET_ID.fullmatch(v))),
    ("country", lambda v, f: f in COUNTRIES),
    ("job_title", lambda v, f: is_job_title(v)),
    ("process_label", lambda v, f: f in PROCESS_LABELS),
)


def is_allowed(value: str, lexicon: Lexicon) -> bool:
    """True when the redactor would leave ``value`` visible anyway: every word generic or allow-listed."""
    if normalize(value) in lexicon.allow_extra:
        return True
    words = _WORDS.findall(value)
    return bool(words) and all(lexicon.is_generic(w) for w in words)


def _valid_value(value: str) -> bool:
    return (
        0 < len(value) <= MAX_VALUE_CHARS and len(value.split()) <= MAX_ALIAS_WORDS
        and "\x00" not in value and normalize(value) not in RESERVED_WORDS and bool(_WORDS.search(value))
    )


def clean_answer(
    answer: Mapping[str, Any],
    text: str,
    *,
    lexicon: Lexicon,
    raw: bool = False,
    from_detector: bool = False,
) -> CleanResult:
    """Clean one document's answer against that document's ``text`` (rules in the module docstring)."""
    lists, aliases = answer_lists(answer)
    res = CleanResult()
    seen: dict[str, set[str]] = {k: set() for k in (*LIST_KEYS, "allow")}

    def add(key: str, value: str) -> None:
        k = _key(value)
        if k not in seen[key]:
            seen[key].add(k)
            (res.allow if key == "allow" else res.lists[key]).append(value)

    for key in (*LIST_KEYS, "allow"):
        for original in lists[key]:
            if len(original) > 4 * MAX_VALUE_CHARS:  # never scan the text for an absurd value
                res.count("invalid")
                continue
            value = " ".join(original.strip(_EDGE).split())
            if not raw and key == "people":
                value = strip_role_note(value)
            found = find_in(text, value) if value else None
            if found is None:
                res.count("not_in_file")
                continue
            if not _valid_value(found):
                res.count("invalid")
                continue
            if raw:
                add(key, found)
                continue
            reason = drop_reason(found)
            if reason is not None:
                res.count(reason)
            elif is_allowed(found, lexicon):
                res.count("already_allowed")
            elif key == "allow":
                add("allow", found)
            elif is_tool_name(found) and not from_detector:
                res.count("moved_to_allow")
                add("allow", found)
            elif key == "people" and len(found.split()) == 1:
                res.count("lone_first_name")
            else:
                add(key, found)
    sensitive = {k for key in LIST_KEYS for k in seen[key]}
    res.allow = [a for a in res.allow if _key(a) not in sensitive]
    res.aliases = _answer_aliases(aliases, text, res)
    return res


def _answer_aliases(aliases: Any, text: str, res: CleanResult) -> dict[str, list[str]]:
    """The model's suggested groups whose every value occurs as a whole word in ``text``."""
    pairs: list[tuple[Any, Any]] = []
    if isinstance(aliases, dict):
        pairs = list(aliases.items())
    elif isinstance(aliases, list):
        for g in aliases:
            if isinstance(g, dict):
                pairs.append((g.get("canonical"), g.get("aliases")))
    out: dict[str, list[str]] = {}
    for canonical, forms in pairs:
        if not isinstance(canonical, str) or not isinstance(forms, list):
            res.count("alias_proposal_dropped")
            continue
        c = find_word_in(text, " ".join(canonical.split())) if canonical.strip() else None
        if c is None:
            res.count("alias_proposal_dropped")
            continue
        for form in forms:
            f = find_word_in(text, " ".join(form.split())) if isinstance(form, str) and form.strip() else None
            if f is None:
                res.count("alias_proposal_dropped")
                continue
            out.setdefault(c, []).append(f)
    return out


def detector_answer(nominations: Any, text: str) -> dict[str, list[str]]:
    """A detector's nominations as an answer: each span's text under its category's list."""
    out: dict[str, list[str]] = {k: [] for k in LIST_KEYS}
    for nom in nominations:
        key = DETECTOR_CATEGORIES.get(nom.category)
        if key is not None and 0 <= nom.start < nom.end <= len(text):
            out[key].append(text[nom.start:nom.end])
    return out


__all__ = [
    "COUNTRIES", "CleanResult", "DETECTOR_CATEGORIES", "DROP_RULES", "JOB_TITLE_WORDS", "LIST_KEYS",
    "PROCESS_LABELS", "TOOL_NAMES", "clean_answer", "detector_answer", "drop_reason", "find_in",
    "find_word_in", "is_allowed", "is_job_title", "is_tool_name", "strip_role_note",
]
