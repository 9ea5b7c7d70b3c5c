"""Kubernetes Secret manifests: every value under ``data:`` or ``stringData:`` of a ``kind: Secret``.

A Secret's ``data`` values are the base64 of the raw value and its ``stringData``
values are the raw value itself, whatever their keys are called (``config.json``,
``tls.key``, ``dbpass``), so no key-name lexicon can find them; the key names stay
readable. YAML (``kubectl get secret -o yaml``, Helm output, documents split by
``---``, block scalars) and JSON (``-o json``) are read. A manifest of another
kind (``ConfigMap``, ``SealedSecret``'s encrypted data, ``ExternalSecret``'s
references) is left alone unless it shares a document with a Secret.

Imports: redaction.secret_values, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

RULE_ID = "k8s-secret-data"
_KIND_YAML = re.compile(r"^[ \t]{0,24}(?:-[ \t]{1,4})?kind:[ \t]{0,4}[\"']?secret[\"']?[ \t]*\r?$", re.M)
_KIND_JSON = re.compile(r"\"kind\"[ \t]{0,4}:[ \t]{0,4}\"secret\"")
_DATA_YAML = re.compile(r"^(?P<ind>[ \t]{0,24})(?:data|stringdata):[ \t]*\r?$", re.M)
_DOC_BREAK = re.compile(r"^---[ \t]*\r?$", re.M)
_ENTRY = re.compile(r"(?P<k>[^\s:#][^:\r\n]{0,252}?):(?:[ \t]{1,8}(?P<v>[^\r\n]{1,8192}?))?[ \t]*\r?$")
_DATA_JSON = re.compile(r"\"(?:data|stringdata)\"[ \t\r\n]{0,16}:[ \t\r\n]{0,16}\{")
_PAIR_JSON = re.compile(r"[ \t\r\n]{0,64}\"(?:[^\"\\\r\n]|\\.){1,256}\"[ \t\r\n]{0,16}:[ \t\r\n]{0,16}"
                        r"\"(?P<v>(?:[^\"\\\r\n]|\\.){0,16384})\"[ \t\r\n]{0,64}(?P<sep>[,}])")
_BLOCK = frozenset(("|", ">", "|-", ">-", "|+", ">+"))
_MAX_LINES = 4096  # entries read under one data: line


def _add(text: str, s: int, e: int, out: list[Hit]) -> None:
    while s < e and text[s] in " \t\"'":
        s += 1
    while e > s and text[e - 1] in " \t\"'":
        e -= 1
    value = text[s:e]
    if e > s and not is_template(value) and not is_reference(value, quoted=True):
        out.append(Hit(s, e, "SECRET", RULE_ID))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _yaml_data(text: str, start: int, base: int, end: int, out: list[Hit]) -> None:
    """The entries of the mapping whose ``data:`` line ends at ``start`` (indented deeper than ``base``)."""
    pos, level, block = start, -1, -1
    for _ in range(_MAX_LINES):
        if pos >= end:
            return
        nl = text.find("\n", pos, end)
        le = end if nl < 0 else nl
        line = text[pos:le]
        stripped = line.strip()
        ind = _indent(line)
        if stripped and not stripped.startswith("#"):
            if ind <= base:
                return
            if block >= 0 and ind > block:
                _add(text, pos + ind, le, out)  # a line of a block scalar
            elif level < 0 or ind == level:
                level, block = ind, -1
                m = _ENTRY.match(text, pos + ind, le)
                if m is not None and m.start("v") >= 0:
                    v = m.group("v").strip()
                    if v in _BLOCK:
                        block = ind
                    elif not v.startswith("#"):
                        _add(text, m.start("v"), m.end("v"), out)
        pos = le + 1


def find_k8s_secrets(text: str, low: str, out: list[Hit]) -> None:
    """Values of ``data:``/``stringData:`` in every YAML document or JSON text that holds a Secret."""
    if _KIND_YAML.search(low):
        bounds = [0] + [m.end() for m in _DOC_BREAK.finditer(low)] + [len(low)]
        for lo, hi in zip(bounds, bounds[1:]):
            if _KIND_YAML.search(low, lo, hi) is None:
                continue
            for m in _DATA_YAML.finditer(low, lo, hi):
                _yaml_data(text, m.end() + 1, len(m.group("ind")), hi, out)
    if '"kind"' in low and _KIND_JSON.search(low):
        for m in _DATA_JSON.finditer(low):
            pos = m.end()
            for _ in range(_MAX_LINES):
                p = _PAIR_JSON.match(text, pos)
                if p is None:
                    break
                _add(text, p.start("v"), p.end("v"), out)
                pos = p.end()
                if p.group("sep") == "}":
                    break
