#!/usr/bin/env python3
"""Generate a fictional knowledge base for benchmarks and manual testing.

    python3 scripts/gen_kb.py OUT --files 1000 [--seed 7] [--kb-bytes 3000]

Writes about ``--kb-bytes`` per file of prose, meeting notes, code and config
mentioning invented people, clients, emails, phones and a few fake secrets, in
nested folders with meaningful names, plus a ``.agent-context-redactor.toml``
with exactly 200 configured terms (60 clients, 120 people, organizations and
projects). Output is deterministic for a seed. Every value is invented; none is
a real credential.
"""

from __future__ import annotations

import argparse
import random
import string
from pathlib import Path

FIRST = """Avery Blake Casey Devon Emery Finley Harper Jordan Kendall Logan Morgan Parker Quinn
Reese Rowan Sawyer Taylor Alexis Bailey Cameron Dakota Elliot Hayden Jamie Kai Lane Marlow
Noel Oakley Peyton Remy Sage Skyler Tatum Wren Ainsley Briar Corin""".split()
LAST = """Ashdown Bellweather Carrow Dunmore Ellory Fairbrook Galloway Hartwell Ingleby Jessop
Kilbride Lockhart Merriweather Northcott Ormsby Pendry Quarrington Rushworth Stroud Thackeray
Upshaw Vance Whitlock Yarrow Zeller Ainsworth Blackwood Cresswell""".split()
CLIENT_A = """Northwind Bluepeak Silverline Ironbridge Redwater Greystone Brightfield Oakhaven
Westmarch Eastgate Clearbrook Stonefield Highcliff Lowmoor Fairhaven Goldcrest""".split()
CLIENT_B = "Logistics Foods Capital Health Energy Robotics Textiles Maritime Analytics Pharma".split()
ORGS = [o.strip() for o in """Orion Standards Board|Meridian Audit Group|Helios Research Council
|Atlas Compliance Office
|Boreal Trust Authority|Cinder Valley Cooperative|Delta Harbor Consortium|Ember Ridge Institute""".split("|")]
PROJECTS = """Lantern Kestrel Obsidian Juniper Halcyon Marigold Tamarack Saffron Cobalt Willow
Falcon Sequoia""".split()
TOPICS = """database backup recovery retention policy exceptions onboarding invoice renewal
migration latency incident postmortem roadmap budget forecast contract pricing escalation
security review access audit training hiring vendor procurement architecture deployment
monitoring alerting capacity storage compliance privacy consent schedule milestone""".split()
FILLER = """the team agreed that we should revisit this next week and confirm the owner before
the deadline while keeping stakeholders informed about progress risks and open questions
because several dependencies remain unresolved and need a decision from leadership""".split()
FOLDERS = ["clients", "meetings", "projects", "engineering", "finance", "hr", "legal", "ops"]
SUB = ["notes", "reports", "drafts", "archive", "2023", "2024", "q1", "q2", "q3", "q4"]


def _people(rng: random.Random, n: int) -> list[str]:
    seen: dict[str, None] = {}
    while len(seen) < n:
        seen.setdefault(f"{rng.choice(FIRST)} {rng.choice(LAST)}", None)
    return list(seen)


def _clients(rng: random.Random, n: int) -> list[str]:
    seen: dict[str, None] = {}
    while len(seen) < n:
        seen.setdefault(f"{rng.choice(CLIENT_A)} {rng.choice(CLIENT_B)}", None)
    return list(seen)


def _email(name: str, domain: str) -> str:
    first, last = name.lower().split()
    return f"{first}.{last}@{domain}"


def _domain(client: str) -> str:
    return client.lower().replace(" ", "-") + ".example"


def _phone(rng: random.Random) -> str:
    return f"+1 (555) {rng.randint(100, 999)}-{rng.randint(1000, 9999)}"


def _secret(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return "AKIA" + "".join(rng.choices(string.ascii_uppercase + "234567", k=16))
    if kind == 1:
        return "ghp_" + "".join(rng.choices(string.ascii_letters + string.digits, k=36))
    if kind == 2:
        return "DB_PASSWORD=" + "".join(rng.choices(string.ascii_letters + string.digits, k=20))
    alphabet = string.ascii_letters + string.digits + "+/"
    body = "\n".join("".join(rng.choices(alphabet, k=64)) for _ in range(4))
    return f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----"


class Writer:
    """Builds one file's text from the shared cast of invented entities."""

    def __init__(self, rng: random.Random, people: list[str], clients: list[str]) -> None:
        self.rng, self.people, self.clients = rng, people, clients

    def sentence(self) -> str:
        r = self.rng
        words = r.choices(FILLER, k=r.randint(6, 14)) + r.choices(TOPICS, k=r.randint(1, 3))
        r.shuffle(words)
        roll = r.random()
        if roll < 0.25:
            words.insert(r.randrange(len(words)), r.choice(self.people))
        elif roll < 0.4:
            words.insert(r.randrange(len(words)), r.choice(self.clients))
        elif roll < 0.45:
            words.insert(r.randrange(len(words)), r.choice(ORGS))
        elif roll < 0.5:
            words.insert(r.randrange(len(words)), "Project " + r.choice(PROJECTS))
        text = " ".join(words)
        return text[0].upper() + text[1:] + "."

    def prose(self, size: int) -> str:
        r = self.rng
        out = [f"# {r.choice(TOPICS).title()} {r.choice(TOPICS)} notes", ""]
        n = 0
        while n < size:
            para = " ".join(self.sentence() for _ in range(r.randint(1, 3)))
            if r.random() < 0.15:
                who = r.choice(self.people)
                para += f" Contact {who} at {_email(who, _domain(r.choice(self.clients)))} or {_phone(r)}."
            out += [para, ""]
            n += len(para) + 1
        return "\n".join(out)

    def meeting(self, size: int) -> str:
        r = self.rng
        client = r.choice(self.clients)
        attendees = r.sample(self.people, 3)
        out = [f"# Meeting with {client}", f"Date: 2024-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
               "Attendees: " + ", ".join(attendees), ""]
        n = sum(map(len, out))
        while n < size:
            line = f"- {r.choice(attendees)}: {self.sentence()}"
            if r.random() < 0.1:
                line += f" Follow up via {_email(r.choice(attendees), _domain(client))}."
            out.append(line)
            n += len(line) + 1
        return "\n".join(out)

    def code(self, size: int) -> str:
        r = self.rng
        out = ['"""Service helpers."""', "import os", ""]
        n = 0
        i = 0
        while n < size:
            topic = r.choice(TOPICS)
            block = [f"def {topic}_{i}(value):", f"    # TODO({r.choice(FIRST).lower()}): handle {topic}",
                     f"    limit = {r.randint(1, 999)}", "    return value[:limit]", ""]
            if r.random() < 0.08:
                block.insert(2, f'    token = "{_secret(r)}"' if r.random() < 0.7 else
                             f"    key = '''{_secret(r)}'''")
            out += block
            n += sum(len(b) + 1 for b in block)
            i += 1
        return "\n".join(out)

    def config(self, size: int) -> str:
        r = self.rng
        client = r.choice(self.clients)
        owner = _email(r.choice(self.people), _domain(client))
        out = ["[service]", f'name = "{r.choice(TOPICS)}-svc"', f'owner = "{owner}"',
               f'endpoint = "https://api.{_domain(client)}/v1"', ""]
        n = sum(map(len, out))
        i = 0
        while n < size:
            line = f"{r.choice(TOPICS)}_{i} = {r.randint(0, 10000)}"
            if r.random() < 0.03:
                line = _secret(r) if r.random() < 0.5 else f"api_key = {_secret(r).split('=')[-1]}"
            out.append(line)
            n += len(line) + 1
            i += 1
        return "\n".join(out)


def generate(out: Path, files: int, seed: int, kb_bytes: int) -> None:
    rng = random.Random(seed)
    people = _people(rng, 120)
    clients = _clients(rng, 60)
    out.mkdir(parents=True, exist_ok=True)
    (out / ".agent-context-redactor.toml").write_text(
        "[redaction]\n"
        + "clients = [" + ", ".join(f'"{c}"' for c in clients[:60]) + "]\n"
        + "organizations = [" + ", ".join(f'"{o}"' for o in ORGS) + "]\n"
        + "people = [" + ", ".join(f'"{p}"' for p in people[:120]) + "]\n"
        + "terms = [" + ", ".join(f'"Project {p}"' for p in PROJECTS) + "]\n",
        encoding="utf-8",
    )
    writer = Writer(rng, people, clients)
    kinds = [("md", writer.prose), ("md", writer.meeting), ("py", writer.code), ("toml", writer.config),
             ("txt", writer.prose)]
    for i in range(files):
        top = rng.choice(FOLDERS)
        if top == "clients":
            folder = Path(top) / rng.choice(clients).lower().replace(" ", "-") / rng.choice(SUB)
        else:
            folder = Path(top) / rng.choice(SUB) / rng.choice(SUB)
        ext, make = rng.choice(kinds)
        name = f"{rng.choice(TOPICS)}-{rng.choice(TOPICS)}-{i:05d}.{ext}"
        (out / folder).mkdir(parents=True, exist_ok=True)
        (out / folder / name).write_text(make(kb_bytes) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--kb-bytes", type=int, default=3000, help="approximate bytes per file")
    ns = ap.parse_args(argv)
    generate(ns.out, ns.files, ns.seed, ns.kb_bytes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
