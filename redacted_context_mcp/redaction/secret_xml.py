"""Context rows for secrets in XML configs that name a value by a sibling element or a resource name.

- ``xml-name-value``: a ``<name>``/``<value>`` (or ``<param-name>``/``<param-value>``) pair whose name
  is secret-named: Hadoop and Hive ``*-site.xml`` properties, servlet ``web.xml`` init and context
  parameters (``<name>javax.jdo.option.ConnectionPassword</name><value>V</value>``);
- ``xml-resource-string``: an Android-style ``<string name="api_key">V</string>`` resource, when the
  value reads machine-made (``<string name="password_hint">Enter your password</string>`` stays).

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_parts, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import vet_value
from redacted_context_mcp.redaction.secret_values import looks_generated


def _named(m: re.Match[str], text: str) -> tuple[int, int] | None:
    score = key_score(text[m.start("k"):m.end("k")])
    return vet_value(text, *m.span("v"), score, quoted=True) if score >= 2 else None


#: Last name parts that make a resource a credential when its value reads machine-made (``google_maps_key``).
_RESOURCE_LAST = frozenset({"key", "token", "secret", "password", "pass", "pw"})


def _resource(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    name = text[m.start("k"):m.end("k")]
    if not looks_generated(text[s:e]):
        return None
    if not key_score(name) and not _RESOURCE_LAST.intersection(key_parts(name)[-1:]):
        return None
    return vet_value(text, s, e, 2, quoted=True)


XML_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "xml-name-value",
        "the <value> (or <param-value>) after a secret-named <name> sibling: Hadoop/Hive site files, web.xml",
        P(r"<(?P<p>param-)?name>[ \t]{0,8}(?P<k>[^<>\s]{1,120}+)[ \t]{0,8}</(?P=p)?name>[ \t\r\n]{0,200}+"
          r"<(?P=p)?value>[ \t]{0,8}(?P<v>[^<\s][^<\r\n]{0,1023}?)[ \t]{0,8}</(?P=p)?value>"),
        keywords=("name>",),
        chars="<",
        on_lower=True,
        refine=_named,
        examples=(
            ex("<property>\n  <name>javax.jdo.option.ConnectionPassword</name>\n  <value>{}</value>\n</property>",
               tok(ALNUM, 12)),
            ex("<context-param><param-name>apiKey</param-name><param-value>{}</param-value></context-param>",
               tok(ALNUM, 24)),
            ex("<name>fs.s3a.secret.key</name>\n<value>{}</value>", tok(ALNUM, 40)),
        ),
        near_misses=("<name>dfs.replication</name>\n<value>3</value>",
                     "<param-name>password</param-name>\n<param-value>${DB_PASSWORD}</param-value>",
                     "<name>hive.metastore.uris</name><value>thrift://meta:9083</value>"),
    ),
    SecretRule(
        "xml-resource-string",
        "a machine-made <string name=\"…key\"> resource (Android strings.xml and similar)",
        P(r"<string[ \t][^<>]{0,40}?name=[\"'](?P<k>[^\"'<>]{1,80}+)[\"'][^<>]{0,80}+>[ \t]{0,8}"
          r"(?P<v>[^<\s][^<\r\n]{0,1023}?)[ \t]{0,8}</string>"),
        keywords=("<string",),
        on_lower=True,
        refine=_resource,
        examples=(ex('<string name="google_maps_key">{}</string>', "AIza" + tok(ALNUM, 35)),
                  ex('<string name="api_key">{}</string>', tok(ALNUM, 24))),
        near_misses=('<string name="password_hint">Enter your password</string>',
                     '<string name="api_key_label">API key</string>', '<string name="app_name">Shop</string>'),
    ),
)
