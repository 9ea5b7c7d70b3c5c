"""Word sets that keep redacted text readable, and the cue words for names.

``Lexicon`` answers "is this a generic word?" (built-in allow list + the
config's ``allow``), with light suffix stripping so "Deployed" and
"meetings" count as generic. Everything is a frozenset lookup.

Imports: redaction.words_code, redaction.words_common, redaction.words_domain, redaction.words_intl, redaction.words_nouns,
redaction.words_work.
"""

from __future__ import annotations

from redacted_context_mcp.redaction.words_code import CODE_WORDS_TEXT
from redacted_context_mcp.redaction.words_common import COMMON_WORDS_TEXT
from redacted_context_mcp.redaction.words_domain import DOMAIN_WORDS
from redacted_context_mcp.redaction.words_intl import COMPOUND_HEADS, FIELD_NOUNS, FUNCTION_WORDS, PLACE_WORDS
from redacted_context_mcp.redaction.words_nouns import COUNT_NOUNS, NOUN_ENDINGS
from redacted_context_mcp.redaction.words_work import WORK_WORDS

TECH_WORDS_TEXT = ["authorization", "authentication", "authorize", "authenticate", "credential", "credentials", "rotation", "roster", "invoices", "content-type", "user-agent", "accept", "referer", "referrer", "cookie", "origin", "etag", "vary", "pragma", "expires", "via", "upgrade", "connection", "ssn", "ein", "vat", "iban", "bic", "swift", "dob", "pii", "phi", "gdpr", "hipaa", "soc", "nda", "sow", "msa", "po", "rfp", "rfq", "kyc", "aml", "ssl", "csr", "crt", "der", "p12", "pfx", "usa", "uk", "eu", "un", "us", "gb", "nyc", "la", "sf", "ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "xii", "am", "pm", "endpoint", "endpoints", "protocol", "protocols", "suffix", "prefix", "lease", "leases", "depot", "depots", "onboarding", "offboarding", "redact", "redacted", "redaction", "redactor", "redactions", "unredacted", "placeholder", "placeholders", "rehydrate", "rehydration", "api", "apis", "http", "https", "url", "urls", "uri", "json", "yaml", "yml", "toml", "xml", "html", "css", "csv", "tsv", "pdf", "docx", "xlsx", "pptx", "doc", "xls", "ppt", "txt", "md", "markdown", "rst", "sql", "nosql", "cli", "gui", "ui", "ux", "os", "cpu", "gpu", "ram", "ssd", "hdd", "vm", "vms", "dns", "tcp", "udp", "ip", "ipv4", "ipv6", "ssh", "tls", "ssl", "ci", "cd", "pr", "prs", "mr", "qa", "pm", "ceo", "cto", "cfo", "coo", "cio", "ciso", "vp", "svp", "evp", "hr", "it", "faq", "todo", "fixme", "xxx", "hack", "readme", "changelog", "license", "licence", "contributing", "makefile", "dockerfile", "procfile", "jenkinsfile", "vagrantfile", "gemfile", "rakefile", "pipfile", "codeowners", "mcp", "llm", "llms", "ai", "ml", "nlp", "sdk", "ide", "rest", "rpc", "grpc", "graphql", "websocket", "oauth", "oidc", "saml", "sso", "jwt", "pem", "rsa", "ecdsa", "aes", "sha", "md5", "hmac", "uuid", "utf", "ascii", "unicode", "mit", "gpl", "bsd", "apache", "eof", "null", "nil", "none", "true", "false", "get", "post", "put", "delete", "patch", "head", "options", "async", "await", "def", "class", "import", "export", "return", "yield", "lambda", "self", "cls", "init", "main", "args", "kwargs", "str", "int", "bool", "float", "bytes", "dict", "list", "tuple", "set", "frozenset", "object", "type", "any", "optional", "union", "callable", "iterator", "python", "java", "javascript", "typescript", "rust", "golang", "go", "ruby", "perl", "php", "swift", "kotlin", "scala", "haskell", "elixir", "erlang", "clojure", "lua", "bash", "zsh", "shell", "powershell", "node", "nodejs", "deno", "bun", "npm", "npx", "pnpm", "yarn", "pip", "pipx", "poetry", "conda", "venv", "virtualenv", "pytest", "unittest", "jest", "vitest", "mocha", "jasmine", "cypress", "playwright", "selenium", "tox", "nox", "ruff", "black", "flake", "mypy", "pylint", "eslint", "prettier", "babel", "webpack", "vite", "rollup", "esbuild", "tsc", "tsconfig", "pyproject", "setuptools", "wheel", "sdist", "conftest", "django", "flask", "fastapi", "starlette", "uvicorn", "gunicorn", "celery", "redis", "postgres", "postgresql", "mysql", "mariadb", "sqlite", "mongodb", "mongo", "cassandra", "elasticsearch", "opensearch", "kafka", "rabbitmq", "amqp", "nginx", "apache", "caddy", "traefik", "haproxy", "envoy", "istio", "docker", "podman", "kubernetes", "kubectl", "helm", "k8s", "terraform", "ansible", "puppet", "chef", "vagrant", "packer", "consul", "vault", "nomad", "aws", "gcp", "azure", "gcloud", "heroku", "vercel", "netlify", "cloudflare", "digitalocean", "linode", "s3", "ec2", "lambda", "iam", "vpc", "rds", "dynamodb", "sqs", "sns", "cloudfront", "cloudwatch", "bigquery", "gke", "eks", "aks", "github", "gitlab", "bitbucket", "git", "svn", "mercurial", "jira", "confluence", "slack", "teams", "zoom", "notion", "trello", "asana", "figma", "miro", "sentry", "datadog", "grafana", "prometheus", "kibana", "splunk", "pagerduty", "openai", "anthropic", "claude", "gpt", "chatgpt", "gemini", "llama", "mistral", "ollama", "huggingface", "pytorch", "tensorflow", "keras", "numpy", "pandas", "scipy", "sklearn", "matplotlib", "jupyter", "notebook", "notebooks", "colab", "spark", "hadoop", "airflow", "dbt", "snowflake", "react", "reactjs", "vue", "angular", "svelte", "nextjs", "nuxt", "remix", "jquery", "bootstrap", "tailwind", "redux", "graphql", "apollo", "express", "linux", "unix", "ubuntu", "debian", "fedora", "centos", "rhel", "alpine", "arch", "windows", "macos", "ios", "android", "chrome", "firefox", "safari", "edge", "chromium", "electron", "tauri", "wasm", "webassembly", "llvm", "gcc", "clang", "cmake", "make", "ninja", "bazel", "gradle", "maven", "cargo", "rustc", "stdin", "stdout", "stderr", "tty", "pty", "cron", "systemd", "init", "launchd", "sudo", "chmod", "chown", "grep", "sed", "awk", "curl", "wget", "ssh", "scp", "rsync", "tar", "gzip", "zip", "unzip", "jq", "yq", "vim", "emacs", "vscode", "intellij", "pycharm", "xcode", "src", "lib", "libs", "bin", "obj", "dist", "build", "builds", "out", "tmp", "temp", "cache", "caches", "vendor", "deps", "node_modules", "venv", "env", "envs", "config", "configs", "conf", "cfg", "settings", "setting", "ini", "properties", "prop", "props", "param", "params", "arg", "argv", "opts", "flag", "flags", "doc", "docs", "spec", "specs", "fixture", "fixtures", "example", "examples", "sample", "samples", "script", "scripts", "tool", "tools", "util", "utils", "helper", "helpers", "common", "core", "base", "shared", "internal", "public", "private", "static", "assets", "asset", "img", "imgs", "image", "images", "icon", "icons", "font", "fonts", "style", "styles", "stylesheet", "theme", "themes", "layout", "layouts", "component", "components", "page", "pages", "view", "views", "model", "models", "controller", "controllers", "service", "services", "handler", "handlers", "middleware", "route", "routes", "router", "api", "schema", "schemas", "migration", "migrations", "seed", "seeds", "test", "tests", "testing", "spec", "mock", "mocks", "stub", "stubs", "fake", "fakes", "bench", "benchmark", "benchmarks", "perf", "profile", "profiles", "log", "logs", "logger", "logging", "debug", "trace", "tracing", "metric", "metrics", "monitor", "monitoring", "alert", "alerts", "dashboard", "dashboards", "report", "reports", "data", "dataset", "datasets", "db", "dbs", "sql", "query", "queries", "table", "tables", "column", "columns", "row", "rows", "index", "indexes", "indices", "key", "keys", "value", "values", "field", "fields", "record", "records", "entry", "entries", "item", "items", "node", "nodes", "edge", "edges", "graph", "graphs", "tree", "trees", "queue", "queues", "stack", "stacks", "heap", "heaps", "buffer", "buffers", "stream", "streams", "pipe", "pipes", "socket", "sockets", "port", "ports", "host", "hosts", "hostname", "localhost", "server", "servers", "client", "clients", "worker", "workers", "job", "jobs", "task", "tasks", "thread", "threads", "process", "processes", "pool", "pools", "lock", "locks", "mutex", "semaphore", "channel", "channels", "event", "events", "hook", "hooks", "callback", "callbacks", "promise", "promises", "future", "futures", "coroutine", "coroutines", "generator", "generators", "iterator", "iterators", "decorator", "decorators", "wrapper", "wrappers", "adapter", "adapters", "plugin", "plugins", "extension", "extensions", "module", "modules", "package", "packages", "namespace", "namespaces", "scope", "scopes", "closure", "closures", "instance", "instances", "interface", "interfaces", "struct", "structs", "enum", "enums", "trait", "traits", "impl", "generic", "generics", "template", "templates", "macro", "macros", "function", "functions", "method", "methods", "variable", "variables", "constant", "constants", "attribute", "attributes", "property", "staticmethod", "classmethod", "dataclass", "dataclasses", "abstractmethod", "override", "overrides", "cached", "lru", "fixture", "fixtures", "parametrize", "mark", "skip", "xfail", "tmp_path", "monkeypatch", "capsys", "string", "strings", "integer", "integers", "boolean", "booleans", "array", "arrays", "vector", "vectors", "matrix", "map", "maps", "hashmap", "hash", "hashes", "regex", "regexp", "pattern", "patterns", "parser", "parsers", "lexer", "tokenizer", "token", "tokens", "ast", "compiler", "interpreter", "runtime", "runtimes", "vm", "sandbox", "container", "containers", "image", "images", "volume", "volumes", "cluster", "clusters", "pod", "pods", "deployment", "deployments", "replica", "replicas", "namespace", "ingress", "egress", "gateway", "proxy", "proxies", "load", "balancer", "balancers", "cdn", "dns", "firewall", "subnet", "subnets", "vpn", "ssh", "tunnel", "endpoint", "endpoints", "webhook", "webhooks", "request", "requests", "response", "responses", "header", "headers", "body", "payload", "payloads", "status", "cookie", "cookies", "session", "sessions", "auth", "authn", "authz", "login", "logout", "signup", "signin", "password", "passwords", "username", "usernames", "user", "users", "admin", "admins", "role", "roles", "permission", "permissions", "group", "groups", "account", "accounts", "tenant", "tenants", "org", "orgs", "repo", "repos", "repository", "repositories", "branch", "branches", "commit", "commits", "merge", "merges", "rebase", "tag", "tags", "release", "releases", "changelog", "version", "versions", "semver", "patch", "minor", "major", "alpha", "beta", "rc", "nightly", "stable", "lts", "deprecated", "legacy", "frontend", "backend", "fullstack", "devops", "sre", "infra", "infrastructure", "platform", "platforms", "pipeline", "pipelines", "workflow", "workflows", "action", "actions", "runner", "runners", "artifact", "artifacts", "registry", "registries", "manifest", "manifests", "lockfile", "gitignore", "gitattributes", "gitmodules", "editorconfig", "dockerignore", "npmrc", "nvmrc", "eslintrc", "prettierrc", "babelrc", "env", "dotenv", "yaml", "requirements", "setup", "manage", "wsgi", "asgi", "app", "apps", "application", "applications", "main", "index", "vite", "webpack", "rollup", "jest", "pytest", "coverage", "htmlcov", "tox", "mypy", "cache", "pycache", "egg", "info", "dist", "build", "site", "png", "jpg", "jpeg", "gif", "svg", "webp", "ico", "bmp", "tiff", "mp3", "mp4", "wav", "mov", "avi", "mkv", "webm", "ogg", "flac", "zip", "tar", "gz", "tgz", "bz2", "xz", "rar", "iso", "dmg", "exe", "msi", "deb", "rpm", "apk", "ipa", "jar", "war", "whl", "so", "dll", "dylib", "wasm", "sh", "ps1", "bat", "cmd", "py", "pyc", "pyi", "js", "mjs", "cjs", "ts", "tsx", "jsx", "rb", "go", "rs", "java", "kt", "c", "h", "cpp", "hpp", "cc", "cs", "swift", "m", "mm", "php", "pl", "lua", "r", "jl", "sql", "ipynb", "fyi", "asap", "eod", "eow", "eta", "tbd", "tba", "n/a", "na", "etc", "eg", "ie", "vs", "aka", "kpi", "kpis", "okr", "okrs", "roi", "sla", "slas", "slo", "slos", "mvp", "poc", "rfc", "rfcs", "adr", "adrs", "prd", "mrd", "qbr", "ooo", "pto", "wfh", "utc", "gmt", "pst", "pdt", "est", "edt", "cet", "cest", "bst", "ist", "jst", "usd", "eur", "gbp", "jpy", "cad", "aud", "chf", "inc", "ltd", "llc", "plc", "gmbh", "corp", "co", "ok", "okay", "faq", "hi", "todo", "wip", "tldr",
                   # machine-learning vocabulary of model and pipeline names (round 8: AutoModelForCausalLM,
                   # Mistral-7B-Instruct, "kernelspec"); not "lora", a given name too
                   "causal", "pretrained", "instruct", "instructed", "finetune", "finetuned", "finetuning",
                   "diffusion", "quantized", "quantization", "ipykernel", "kernelspec", "safetensors", "gguf",
                   "peft", "logits", "softmax", "optimizer", "optimizers", "epoch", "epochs", "hyperparameters",
                   "reranker", "vectorstore", "langchain", "llamaindex"]

DOC_WORDS_TEXT = ["accented", "accessible", "acronym", "acronyms", "administrator", "adversarial", "agent", "agents", "alias", "aliases", "alpha", "alt", "alternate", "alternating", "alternation", "alternations", "ambiguity", "anchor", "anchored", "annotations", "annual", "anonymization", "appended", "appends", "applicable", "architecture", "archive", "archived", "archives", "argcheck", "argparse", "arrows", "assert", "assertion", "asserts", "assignee", "assignees", "async", "asyncio", "atomic", "atomically", "audio", "audit", "audits", "authoritative", "auto", "backlog", "backreferences", "backslash", "backslashes", "backslashreplace", "backtracking", "backup", "backups", "baggage", "bare", "baseline", "basename", "batch", "batches", "beta", "binary", "bit", "bits", "black", "blob", "blobs", "blue", "bot", "bots", "bracket", "branch", "brown", "browse", "budget", "budgets", "bug", "bugs", "builtin", "bundle", "bundled", "bundles", "button", "buttons", "bypassed", "bypasses", "byte", "bytes", "canaries", "canary", "candidate", "candidates", "cannot", "canonical", "card", "cards", "casefold", "catastrophic", "central", "changelog", "changelogs", "char", "chars", "chat", "cheatsheet", "checkbox", "checkout", "checksum", "cherry", "chunk", "chunks", "clamped", "clash", "classification", "classify", "cleanup", "client", "clients", "clone", "clones", "codebase", "codebases", "codename", "codenames", "coerces", "collision", "collisions", "colon", "column", "com", "comma", "commit", "companies", "company", "compatibility", "compile", "compiled", "compiles", "compliance", "computed", "concatenate", "concurrent", "concurrently", "confidential", "config", "configs", "configurable", "configuration", "configurations", "configure", "configured", "configures", "configuring", "confinement", "conformance", "console", "contract", "contracts", "contributors", "conversion", "copies", "copy", "corpus", "corrupt", "cron", "cryptographic", "ctrl", "cursor", "cursors", "customer", "customers", "customizing", "cut", "cwd", "daemon", "daily", "dashboard", "dashboards", "dataset", "datasets", "decimal", "decimals", "deck", "decks", "declarative", "decoding", "decoration", "dedupe", "deliberate", "delta", "demo", "demos", "descend", "design", "designs", "destructive", "deterministic", "dev", "devnull", "diagnosed", "diagram", "diagrams", "dialog", "diff", "digest", "digests", "digit", "digits", "dir", "dirname", "dirs", "disabling", "docstring", "doesn", "domain", "domains", "done", "download", "downloads", "draft", "drafts", "driven", "dropdown", "dual", "dup", "duplicate", "duplicating", "earlier", "east", "echo", "echoed", "embed", "embedded", "embeddings", "emit", "emits", "emitted", "encoded", "encodes", "encrypted", "encryption", "enforce", "enforced", "enforcement", "enforces", "english", "entities", "entity", "entropy", "entrypoint", "enveloped", "environ", "epic", "epics", "epsilon", "estimate", "estimates", "eta", "exc", "exclusion", "exclusions", "expense", "expenses", "explicit", "explicitly", "external", "extracted", "extraction", "extractor", "fallback", "faq", "faqs", "fds", "fetch", "fetched", "fetches", "fetching", "fictional", "fidelity", "filename", "filenames", "filesystem", "filter", "filtered", "filtering", "final", "final2", "finditer", "fingerprint", "flavored", "flowchart", "flush", "folder", "folders", "footer", "forecast", "fork", "forks", "fps", "fts", "gadget", "gamma", "garble", "gatekeeper", "generic", "generics", "ghp", "gigabytes", "gitleaks", "gliner", "glob", "global", "globs", "glossary", "gold", "governance", "gray", "green", "grey", "grid", "guardrail", "guardrails", "guide", "guides", "handbook", "handbooks", "handshake", "hardening", "harness", "hazardous", "header", "heuristic", "heuristics", "hex", "hierarchy", "hiring", "hoc", "home", "hostile", "hourly", "hub", "hugging", "hybrid", "identical", "identifiable", "identification", "identifier", "identifiers", "ids", "immutable", "incident", "incidents", "inclusive", "incremental", "indented", "inference", "inherited", "init", "initialise", "initialization", "initialize", "inject", "injectable", "injected", "injection", "inline", "ino", "input", "inputs", "ins", "insensitive", "insensitively", "interaction", "interleaved", "intermediate", "internal", "interview", "interviews", "invalid", "invariant", "invariants", "invisible", "invoice", "invoices", "invoked", "iota", "isn", "isolated", "isolation", "issue", "issues", "iter", "join", "joins", "jsonl", "jsonrpc", "kappa", "kb", "kelvin", "keyword", "keywords", "kickoff", "knowledgebases", "kpi", "kpis", "ladder", "lambda", "latin", "leak", "leakage", "ledger", "ledgers", "letter", "letters", "license", "licenses", "limitations", "linear", "list", "literal", "literals", "local", "lookup", "lookups", "loop", "loopback", "looping", "loops", "lowercase", "lowlevel", "luhn", "malformed", "map", "mappings", "markitdown", "max", "median", "member", "members", "memo", "memos", "merge", "mermaid", "meta", "metadata", "metric", "metrics", "microsoft", "migrating", "min", "minimal", "minutes", "misc", "miscellaneous", "misspelled", "mixin", "mktemp", "mockup", "mockups", "modal", "model", "modelcontextprotocol", "models", "monotonic", "monotonically", "monthly", "move", "moves", "msg", "mtime", "multi", "multiplies", "mutable", "nargs", "navbar", "navigate", "navigated", "ner", "nested", "neutral", "new", "newline", "newlines", "nightly", "nominate", "nominated", "nominates", "nomination", "nominations", "non", "normative", "north", "note", "notes", "notice", "notices", "notification", "notifications", "obfuscation", "occurrence", "occurrences", "offboarding", "offer", "offers", "office", "offices", "offline", "offset", "offsets", "offsite", "old", "omega", "omit", "omits", "omitted", "onboarding", "onsite", "opaque", "opt", "optimizing", "orange", "org", "orgs", "oriented", "other", "others", "overlap", "overlapping", "overlaps", "oversized", "overview", "panel", "panels", "parameter", "parameters", "parse", "parsed", "parses", "partial", "partner", "partners", "passwd", "paste", "pathname", "pathological", "payroll", "people", "persisted", "persistent", "person", "personal", "pick", "pin", "ping", "pink", "pinned", "pins", "pitch", "pitches", "playbook", "playbooks", "pluggable", "plugged", "policies", "policy", "popup", "posix", "postmortem", "postmortems", "precedence", "predefined", "prefilter", "presidio", "printf", "private", "probe", "probes", "procedure", "procedures", "prod", "prone", "proposal", "proposals", "prose", "prototype", "prototypes", "public", "pull", "punctuation", "purple", "push", "pwd", "quadratic", "qualifiers", "quantified", "quantifiers", "quarterly", "queue", "quote", "quotes", "random", "ratio", "readline", "readme", "readmes", "rebase", "receipt", "receipts", "reconfigured", "reconnecting", "rect", "recursive", "recursively", "red", "redctx", "reduce", "ref", "refreshed", "refs", "refusal", "refusals", "regenerated", "regexsafe", "regional", "rel", "relays", "relevance", "reloaded", "reloads", "relpath", "remainder", "remote", "rename", "renamed", "renames", "render", "rendered", "renderer", "rendering", "renders", "renumbers", "reparse", "repetition", "report", "reports", "reproducible", "requirement", "requirements", "rescanning", "rescans", "restarts", "restore", "restores", "retention", "retract", "retrieval", "retrieve", "retro", "retry", "retyping", "reuses", "reversal", "rgba", "roadmap", "rotating", "row", "runbook", "runbooks", "sanctioned", "scattered", "scenario", "scenarios", "scheduler", "schema", "schemas", "scrubbed", "separator", "separators", "serialize", "serializer", "setsid", "shared", "shown", "sibling", "siblings", "sidebar", "sigma", "silver", "sketch", "slide", "slider", "slides", "slug", "snapshot", "snapshots", "sniffing", "sort", "sorts", "south", "spacy", "span", "spans", "spawn", "spec", "specific", "specs", "split", "splits", "spreadsheet", "sprint", "sprints", "staff", "stall", "stalls", "standalone", "standup", "startswith", "startup", "stash", "stat", "statement", "statements", "stdio", "stdlib", "stemming", "stories", "story", "stray", "strikethrough", "structural", "structurally", "sub", "subcommands", "subdir", "subfolder", "subfolders", "subscribe", "subscriptions", "subset", "substituted", "suite", "summaries", "summarises", "summarized", "summary", "superlinear", "surname", "suspicious", "svc", "swap", "symlink", "symlinked", "symlinks", "sync", "syncs", "syntax", "synthetic", "sys", "sysadmin", "tab", "tabs", "tag", "tax", "taxes", "team", "teams", "temp", "terminal", "terminated", "testdata", "textarea", "theta", "throwaway", "ticket", "tickets", "tildes", "timeout", "timeouts", "timings", "tmp", "todo", "toggle", "tomllib", "toolbar", "tooltip", "torch", "tps", "traceback", "traceparent", "tracestate", "transcript", "transcription", "transcripts", "traversal", "traversals", "truncated", "truncation", "ttl", "tutorial", "tutorials", "unanchored", "unbounded", "unchanged", "undecodable", "undocumented", "unreadable", "unreviewed", "unspecified", "unsubscribe", "unsupported", "untrusted", "unzip", "upload", "uploads", "upstream", "urllib", "usage", "user", "users", "using", "v1", "v2", "validate", "validated", "validates", "validator", "var", "variants", "vendor", "vendors", "verified", "verify", "walkthrough", "weekly", "west", "whichever", "white", "whitespace", "widget", "widgets", "width", "wiki", "wikis", "wildcards", "wip", "wireframe", "wireframes", "word", "words", "workdir", "workspace", "yearly", "yellow", "zeta", "zip"]

#: Given names that are also English words: never allow-listed.
NAME_WORDS: frozenset[str] = frozenset(
    ["rose", "grace", "joy", "dawn", "faith", "ivy", "violet", "lily", "daisy", "hazel", "pearl", "amber", "jade", "bob", "ann", "sue", "pat", "ray", "drew", "dean", "dale", "glen", "wade", "cliff", "rocky", "jack", "guy", "penny", "holly", "heather", "robin", "iris", "olive", "poppy", "willow", "sunny", "buddy", "rusty", "sandy", "misty", "carol", "gale", "gene", "neil", "bud", "sally", "betty", "doris", "herb", "sam", "don", "ron", "tim", "kim", "jim", "tom", "ben", "dan", "ken", "matt", "nick", "rob"]
)

#: Given names that are common words too; allowed in prose but treated as names after cues (places too:
#: "moved to Lyon" stays, "Hi Valencia," is a greeting).
AMBIGUOUS_NAMES: frozenset[str] = PLACE_WORDS | frozenset(
    ["mark", "will", "may", "june", "april", "august", "grant", "hope", "frank", "bill", "max", "rich", "summer", "chase", "hunter", "carter", "mason", "cooper", "parker", "baker", "turner", "miller", "fisher", "sky", "river", "storm", "chance", "pierce", "lane", "victor", "earl", "duke", "king", "prince", "jan"]
)

MONTH_NAMES: frozenset[str] = frozenset({"may", "june", "april", "august", "march"})

#: Strong legal-form suffixes: a capitalised run ending in one is an organisation.
LEGAL_SUFFIXES: frozenset[str] = frozenset(
    ["inc", "incorporated", "ltd", "limited", "llc", "llp", "lp", "plc", "gmbh", "ag", "kg", "ohg", "ug", "sa", "sas", "sarl", "srl", "spa", "bv", "nv", "oy", "oyj", "ab", "asa", "as", "aps", "pty", "corp", "corporation", "co", "company", "sl", "se", "kk"]
)

#: Weaker organisation words: they need a non-generic word in the run.
ORG_WORDS: frozenset[str] = frozenset(
    ["group", "holdings", "partners", "associates", "labs", "laboratories", "technologies", "technology", "solutions", "systems", "consulting", "ventures", "capital", "foundation", "bank", "university", "institute", "agency", "studio", "studios", "industries", "enterprises", "international", "global", "services", "networks", "media", "pharma", "therapeutics", "health", "healthcare", "hospital", "clinic"]
)

#: Identity labels: the rest of the line after ``Label:`` lists people.
IDENTITY_LABELS: tuple[str, ...] = (
    "attendees", "attendee", "participants", "participant", "present", "absent", "apologies", "invitees",
    "guests", "guest", "owner", "owners", "co-owner", "author", "authors", "assignee", "assignees",
    "assigned to", "reviewer", "reviewers", "reviewed by", "reporter", "reported by", "requester",
    "requested by", "approver", "approvers", "approved by", "prepared by", "written by", "created by",
    "updated by", "edited by", "signed", "signed by", "from", "to", "cc", "bcc", "sender", "recipient",
    "recipients", "contact", "contacts", "speaker", "speakers", "presenter", "presenters", "host",
    "hosts", "organizer", "organiser", "facilitator", "moderator", "interviewer", "interviewee",
    "candidate", "customer", "lead", "tech lead", "manager", "sponsor", "stakeholder", "stakeholders",
    "member", "members", "name", "full name", "driver", "dri", "pm", "po", "point of contact", "poc",
    "who", "scribe", "notes by", "minutes by", "chair", "secretary", "employee", "patient", "student",
    "teacher", "witness", "signatory", "account manager", "contact person", "maintainer", "maintainers",
    "action", "action by", "action owner",
    # claims, leases and clinical notes (the insured, the tenant, the patient)
    "insured", "policyholder", "policy holder", "claimant", "tenant", "tenants", "landlord", "mieter", "mieterin",
    "vermieter", "versicherter", "versicherungsnehmer", "assuré", "assurée", "locataire", "inquilino", "huurder",
    # round 13: co-tenants, emergency contacts, signature lines and "for the attention of" (Dutch, German...)
    "medehuurder", "mitmieter", "mitmieterin", "co-tenant", "colocataire", "co-locataire", "verhuurder",
    "noodcontact", "notfallkontakt", "emergency contact", "contacto de emergencia", "contatto di emergenza",
    "handtekening", "handtekening huurder", "handtekening medehuurder", "handtekening verhuurder", "unterschrift",
    "unterschrift mieter", "ten name van", "zu händen", "attn",
    # the same labels in German, French, Spanish, Italian, Dutch
    "teilnehmer", "teilnehmende", "anwesend", "abwesend", "entschuldigt", "gäste", "verantwortlich",
    "ansprechpartner", "ansprechpartnerin", "zuständig", "bearbeiter", "bearbeiterin", "erstellt von",
    "geprüft von", "freigegeben von", "verfasser", "protokollführer", "protokollführerin",
    "présents", "absents", "excusés", "invités", "responsable", "interlocuteur", "rédigé par", "rédacteur",
    "validé par", "asistentes", "ausentes", "invitados", "contacto", "persona de contacto", "elaborado por",
    "revisado por", "aprobado por", "deelnemers", "aanwezig", "afwezig", "verantwoordelijke", "contactpersoon",
    "opgesteld door", "partecipanti", "presenti", "assenti", "referente", "responsabile", "redatto da",
    # a person's name fields in forms and records
    "first name", "last name", "surname", "given name", "family name", "vorname", "nachname", "familienname",
    "prénom", "nom de famille", "nombre", "apellido", "apellidos", "nome", "cognome", "voornaam", "achternaam",
    # personal round 12: billing guarantors and guardians, the employee of a payslip (NL, IT, PL, PT, SE),
    # an immigration file's applicants and dependants
    "guarantor", "guardian", "parent/guardian", "parent / guardian", "legal guardian", "next of kin", "spouse",
    "werknemer", "medewerker", "dipendente", "lavoratore", "pracownik", "colaborador", "trabalhador", "anställd",
    "applicant", "principal applicant", "co-applicant", "dependant", "dependent", "beneficiary", "consignee",
)

#: Words right before a name in prose ("Hi Bob", "thanks Ann", "reviewed by Mark").
GREETING_CUES: frozenset[str] = frozenset(
    ["hi", "hello", "hey", "dear", "thanks", "thank", "cheers", "regards", "best", "sincerely", "by", "with", "cc", "ask", "asked", "tell", "told", "ping", "pinged", "per", "met", "meet", "call", "called", "email", "emailed", "contact",
     "hallo", "hola", "bonjour", "salut", "liebe", "lieber", "estimado", "estimada", "cher", "chère", "herr", "frau", "señor", "señora", "sr", "sra", "mme", "namaste", "gracias", "merci", "danke",
     "herrn", "monsieur", "madame", "mlle", "signor", "signora", "sig", "dott", "dhr", "mevr", "srta", "doña"]
)

#: Words that can start a speaker-label-like line but are never names.
_EXTRA_GENERIC = frozenset(["q", "a", "re", "fw", "fwd", "subject", "date", "time", "note", "notes", "ps"])

#: Mail header words and greetings/titles of the other languages the corpora use (DE, ES, FR, IN).
_MAIL_AND_GREETINGS = frozenset(
    "encoding transfer mime charset multipart boundary quoted printable inline attachment disposition "
    "unsubscribe received delivered sender hallo hola bonjour salut ciao guten morgen abend tag buenos dias "
    "buenas tardes estimado estimada estimados sehr geehrte geehrter liebe lieber cher chère chers madame "
    "monsieur mesdames messieurs herr herrn frau señor señora sr sra mme mlle namaste gracias merci danke saludos "
    "cordialement grüße gruß viele freundliche atentamente besten dank isbn einwohner "
    "mobil handy tel telf tlf telefon teléfono téléphone móvil movil portable fixe tél tfno ph mob fax celular rufnummer "
    "durchwahl tz personnel mailto "
    # round 12: the sign-offs and greetings of Swiss, Portuguese, Nordic and Irish mail
    "grüsse grüezi obrigado obrigada cumprimentos atenciosamente bom dia hej hei moi terveisin hälsningar "
    "mvh vänliga kind regards dia duit".split()
)

#: Units, short technical acronyms, language names and public technology vendors: readable in
#: strict mode. A configured term still wins over any of them (a client named like a vendor).
_UNITS_LANGUAGES_VENDORS = frozenset(
    "kb kib mb mib gb gib tb tib ms ns us cpu cpus gpu gpus ram ssd hdd id ids nul mac bom unc dna rna "
    "english french german spanish italian portuguese dutch swedish norwegian danish finnish polish czech "
    "russian ukrainian greek turkish arabic hebrew persian hindi bengali chinese mandarin cantonese japanese "
    "korean thai vietnamese indonesian malay latin "
    "readability determinism bijection workload workloads "
    "ssid bssid wpa wpa2 wpa3 psk ccmp tkip gcmp rsn wep eap peap hklm hkcu hkcr hku "  # Wi-Fi and registry
    "sae owe ttls mschapv2 mqtt mqtts rtsp onvif nvr "  # Wi-Fi suites and home-automation protocols (round 7)
    "google amazon aws azure gcp stripe twilio sendgrid slack openai anthropic groq xai npm pypi gitlab "
    "github bitbucket jira confluence digitalocean cloudflare heroku vercel netlify datadog codex claude".split()
)

#: Field names of contact cards, calendars and Windows event logs, currency and country codes and
#: payment-scheme acronyms: the keys of a record, never a person (readable in strict mode).
_FORMAT_FIELDS = frozenset(
    "vcard vcalendar vevent vtodo valarm vtimezone prodid partstat cutype rsvp dtstart dtend dtstamp rrule "
    "exdate tzid tzname tzoffsetfrom tzoffsetto daylight attendee organizer organiser nickname adr geo "
    "x-wr-calname x-num-guests logon logoff subjectusername targetusername subjectdomainname targetdomainname "
    "subjectlogonid targetlogonid workstationname ipaddress ipport logontype eventid eventdata "
    "eur usd gbp chf sek nok dkk pln czk huf ron bgn isk jpy cny krw inr brl mxn cad aud nzd zar try sgd hkd "
    # round 14: the currency codes of the travel, claims and payroll files of more countries (not ``BOB``: a name)
    "clp ars cop pen uyu pyg ves thb myr idr php vnd twd ils egp ngn kes ghs tnd qar kwd bhd omr jod pkr bdt lkr "
    "npr rub uah kzt amd azn byn rsd mkd bam mdl tzs ugx etb xof xaf "
    # date and time format fields (YYYY-MM-DD, DD/MM/YY, HH:mm:ss.SSS, yyyyMMdd)
    "yyyy yy dd ddd dddd hh ss sss mmm mmmm yyyymmdd ddmmyyyy mmddyyyy yyyymm hhmm hhmmss yyyymmddhhmmss "
    "aed sar "
    "sepa swift bic aba ach bsb ifsc clabe nt bsn pesel cpf curp hetu "
    "at be bg ch cy cz de dk es fi fr gb gr hr hu ie is it lt lv mt nl no pl pt ro se si sk uk us "
    "ca au nz jp kr cn br ar cl co za ae sa "
    # round 10: vCard and iCalendar property and parameter names, WebVTT, more country codes
    "fn bday rev pref req opt non-participant needs-action busy cdo busystatus intendedstatus webvtt trigger num "
    "vn th ph ng ke eg rs ua tr ke gh et sn".split()  # not li, lu (surnames), mx (a title)
)

COMMON: frozenset[str] = frozenset(w.lower() for w in COMMON_WORDS_TEXT) - NAME_WORDS
TECH: frozenset[str] = frozenset(w.lower() for w in TECH_WORDS_TEXT + DOC_WORDS_TEXT + CODE_WORDS_TEXT)
#: Function words of other languages that are not English words too (``ses``, ``y``, ``del``).
_FOREIGN_FUNCTION_WORDS: frozenset[str] = FUNCTION_WORDS - COMMON - TECH
BUILTIN_ALLOW: frozenset[str] = (COMMON | TECH | _EXTRA_GENERIC | _UNITS_LANGUAGES_VENDORS | _MAIL_AND_GREETINGS
                                 | _FORMAT_FIELDS | PLACE_WORDS
                                 | FUNCTION_WORDS | FIELD_NOUNS | (WORK_WORDS - NAME_WORDS) | (DOMAIN_WORDS - NAME_WORDS)
                                 | (COUNT_NOUNS - NAME_WORDS))

_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("ies", "y"), ("ied", "y"), ("ily", "y"), ("iness", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"),
    ("d", ""), ("ing", ""), ("ing", "e"), ("er", ""), ("er", "e"), ("ers", ""), ("ers", "e"), ("est", ""),
    ("ly", ""), ("ment", ""), ("ments", ""), ("ness", ""), ("able", ""), ("able", "e"), ("ation", "e"),
    ("ations", "e"), ("ation", ""), ("ion", ""), ("ion", "e"), ("ions", ""), ("ions", "e"), ("al", ""),
    ("ity", ""), ("ful", ""), ("less", ""), ("ise", ""), ("ize", ""), ("ised", ""), ("ized", ""), ("'s", ""),
    ("’s", ""), ("ship", ""), ("ism", ""), ("ist", ""), ("ists", ""), ("ive", ""), ("ive", "e"), ("or", ""),
    ("ors", ""), ("ic", ""), ("ical", ""), ("ally", ""),
)
#: Endings of English adverbs and adjectives of nine letters or more that no given name or surname has.
_ADVERB_ENDS: tuple[str, ...] = ("ically", "ously", "ively", "fully", "lessly", "ingly", "edly", "ally", "ably",
                                 "ibly")
_PREFIXES: tuple[str, ...] = ("un", "re", "pre", "non", "sub", "multi", "auto", "co", "de", "dis", "mis", "over", "under")
#: The rules above by the last character of the suffix and the first of the prefix: a word is
#: tested only against the rules its own last and first characters allow (any rule that holds
#: answers True, so their order does not matter).
_SUFFIXES_BY_END: dict[str, tuple[tuple[str, str], ...]] = {}
for _suf, _rep in _SUFFIXES:
    _SUFFIXES_BY_END[_suf[-1]] = (*_SUFFIXES_BY_END.get(_suf[-1], ()), (_suf, _rep))
_PREFIXES_BY_START: dict[str, tuple[str, ...]] = {}
for _pre in _PREFIXES:
    _PREFIXES_BY_START[_pre[0]] = (*_PREFIXES_BY_START.get(_pre[0], ()), _pre)


class Lexicon:
    """Generic-word test over the built-in allow list plus the config's ``allow``."""

    def __init__(self, extra_allow: tuple[str, ...] = (), labels: frozenset[str] = frozenset()) -> None:
        self.allow_extra = frozenset(a.strip().casefold() for a in extra_allow if a.strip())
        # ``labels``: words that name a field (``Kennwort``, ``Reisepass``): generic, never a name
        self.words = BUILTIN_ALLOW | self.allow_extra | labels
        # other languages' function words are words but no stems: "ses" does not make "sess" a word
        self._stems = self.words - _FOREIGN_FUNCTION_WORDS
        self._memo: dict[str, bool] = {}

    def is_generic(self, word: str) -> bool:
        """True when ``word`` (any case) is a known common/technical word or an inflection of one."""
        hit = self._memo.get(word)
        if hit is None:
            hit = self._compute(word.lower())
            if len(self._memo) < 200_000:
                self._memo[word] = hit
        return hit

    def _compute(self, w: str) -> bool:
        words, stems = self.words, self._stems
        if w in words:
            return True
        if w in NAME_WORDS or len(w) < 4:
            return False
        for suf, rep in _SUFFIXES_BY_END.get(w[-1], ()):
            if w.endswith(suf) and len(w) - len(suf) >= 2:
                base = w[: len(w) - len(suf)] + rep
                if base in stems and base not in NAME_WORDS:
                    return True
                if not rep and len(base) > 3 and base[-1] == base[-2] and base[:-1] in stems:
                    return True
        for pre in _PREFIXES_BY_START.get(w[0], ()):
            if w.startswith(pre) and len(w) - len(pre) >= 4 and w[len(pre):] in stems:
                return True
        if len(w) >= 8 and w.endswith(NOUN_ENDINGS):
            return True  # a German abstract noun (Entlassung, Wiedervorstellung, Krankheit, Gesellschaft)
        if len(w) >= 7 and w.endswith(("ancy", "ency", "ancies", "encies")):
            return True  # an English abstract noun (tenancy, tendency, residency, emergencies)
        if len(w) >= 9 and w.endswith(_ADVERB_ENDS):
            return True  # an adverb (syntactically, unsurprisingly, alphabetically): no name ends so
        return len(w) >= 8 and w.endswith(COMPOUND_HEADS) and any(
            w.endswith(h) and len(w) - len(h) >= 3 for h in COMPOUND_HEADS)

    def is_name_like(self, word: str) -> bool:
        """True when ``word`` could be a given name after a cue (non-generic, or a name that is also a word)."""
        low = word.lower()
        if low in self.allow_extra:
            return False
        if low in NAME_WORDS or low in AMBIGUOUS_NAMES:
            return True
        return not self.is_generic(word)
