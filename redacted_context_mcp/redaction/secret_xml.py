"""Context rows for secrets in XML and HTML that pair a key with its value.

Registered with the credential-file rows, in their place (:data:`KEYED_XML_RULES`):

- ``xml-key-value`` / ``xml-value-key``: attribute pairs ``<add key="…Password" value="…"/>`` in either
  order (NuGet, app.config, Spring, Ant);
- ``xml-keyed-text``: a config element named by a key or name attribute, its value as text
  (``<entry key="jdbc.password">V</entry>``; only the tags of ``_KEYED_TAGS``, never HTML form elements);
- ``xml-element-pass``: elements named by a short secret word (``<psk>``, ``<adminPin>``);
- ``html-cell-pair``: a label cell and its value cell (``<td>Password</td><td>V</td>``).

Registered after them (:data:`XML_RULES`):

- ``xml-name-value``: a ``<name>``/``<value>`` (or ``<param-name>``/``<param-value>``) pair whose name
  is secret-named: Hadoop and Hive ``*-site.xml`` properties, servlet ``web.xml`` init and context
  parameters (``<name>javax.jdo.option.ConnectionPassword</name><value>V</value>``);
- ``xml-resource-string``: an Android-style ``<string name="api_key">V</string>`` resource, when the
  value reads machine-made (``<string name="password_hint">Enter your password</string>`` stays).

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import SECRET_HEADERS, key_parts, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, P, SecretRule, ex, tok
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


_HTML_QUOTES = ("&#39;", "&#34;")


def keyed_pair(key_group: str, value_group: str):
    """A refine for a rule whose groups ``key_group`` and ``value_group`` hold a secret-named key and its value."""

    def refine(m: re.Match[str], text: str) -> tuple[int, int] | None:
        k = text[m.start(key_group):m.end(key_group)]
        s, e = m.span(value_group)
        if s < 0:
            return None
        header = k.lower() in SECRET_HEADERS or k.lower() == "authorization"
        score = 2 if header else key_score(k)
        if not score:
            return None
        if header and k.lower() == "authorization":
            sp = text.find(" ", s, e)
            s = sp + 1 if 0 <= sp < e - 1 else s
        if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
            s, e = s + 1, e - 1
        elif text[s] == "&" and e - s > 10 and text[s:s + 5] in _HTML_QUOTES and text.endswith(text[s:s + 5], s, e):
            s, e = s + 5, e - 5  # a debug page's &#39;V&#39;
        return vet_value(text, s, e, score, quoted=True)
    return refine


#: Config elements that name their value with a key/name attribute (HTML form elements are not among them).
_KEYED_TAGS = re.compile(
    r"<(?:entry|param|parameter|property|setting|item|add|var|variable|env|arg|attribute|config|secret"
    r"|credential|key|value|define|set|prop|field|connection-property|header)[ \t]", re.IGNORECASE)
_pair_kv = keyed_pair("k", "v")


def _refine_keyed_text(m: re.Match[str], text: str) -> tuple[int, int] | None:
    lt = text.rfind("<", max(0, m.start() - 200), m.start())
    if lt < 0 or ">" in text[lt:m.start()] or not _KEYED_TAGS.match(text, lt):
        return None
    return _pair_kv(m, text)


#: XML and HTML pairs of a key and its value (registered with the credential-file rows, in their place).
KEYED_XML_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "xml-key-value",
        "XML attribute pairs <add key=\"…Password\" value=\"…\"/> (NuGet, app.config, Spring, Ant)",
        P(r"<[a-z][a-z0-9_:.-]{0,40}[ \t][^<>]{0,200}?(?:key|name|property)[ \t]{0,4}=[ \t]{0,4}"
          r"[\"'](?P<k>[^\"'<>]{1,80})[\"']"
          # a namespaced pair too: Android's <meta-data android:name="…API_KEY" android:value="…"/>; and
          # HTML's <meta name="api-key" content="…"> (round 14)
          r"[^<>]{0,200}?[ \t](?:[a-z]{1,20}:)?(?:value|content)[ \t]{0,4}=[ \t]{0,4}"
          r"[\"'](?P<v>[^\"'<>]{1,1024})[\"']"),
        keywords=("value", "content"),
        chars="<",
        on_lower=True,
        refine=keyed_pair("k", "v"),
        examples=(
            ex('<add key="DbPassword" value="{}" />', tok(ALNUM, 12)),
            ex('<add key="ClearTextPassword" value="{}" />', tok(ALNUM, 14)),
            ex('<property name="jdbc.password" value="{}"/>', tok(ALNUM, 10)),
            ex('<meta-data android:name="com.example.SECRET_TOKEN" android:value="{}"/>', tok(ALNUM, 16)),
            ex('<meta name="api-key" content="{}">', tok(ALNUM, 16)),
        ),
        near_misses=('<add key="Theme" value="dark" />', '<add key="ApiKey" value="${API_KEY}" />',
                     '<meta-data android:name="com.example.API_KEY" android:value="@string/maps_api_key"/>',
                     '<meta-data android:name="firebase_analytics_collection_enabled" android:value="false"/>',
                     '<meta name="viewport" content="width=device-width, initial-scale=1">',
                     '<meta property="og:title" content="Quarterly review">'),
    ),
    SecretRule(
        "xml-value-key",
        "XML attribute pairs written value first: <add value=\"…\" key=\"…Password\"/>",
        P(r"value=[ \t]{0,4}[\"'](?P<v>[^\"'<>]{1,1024})[\"'][^<>]{0,200}?[ \t](?:key|name)[ \t]{0,4}="
          r"[ \t]{0,4}[\"'](?P<k>[^\"'<>]{1,80})[\"']"),
        keywords=("value",),
        chars="<",
        on_lower=True,
        refine=keyed_pair("k", "v"),
        examples=(
            ex('<add value="{}" key="Db.Password" />', tok(ALNUM, 12)),
            ex("<add value='{}' name='SmtpPass'/>", tok(ALNUM, 10)),
        ),
        near_misses=('<add value="dark" key="Theme" />', '<add value="${PW}" key="Password" />'),
    ),
    SecretRule(
        "xml-keyed-text",
        "XML elements named by a key or name attribute, the value as text: <entry key=\"jdbc.password\">…</entry>",
        P(r"=(?:(?<=[ \t]key=)|(?<=[ \t]name=)|(?<=[ \t]id=))[\"'](?P<k>[^\"'<>]{1,80})[\"'][^<>]{0,120}>[ \t]{0,8}"
          r"(?P<v>[^<\s][^<\r\n]{0,1023}?)[ \t]{0,8}</"),
        keywords=("key=", "name=", "id="),
        chars="<",
        on_lower=True,
        refine=_refine_keyed_text,
        examples=(
            ex('<entry key="jdbc.password">{}</entry>', tok(ALNUM, 12)),
            ex('<param name="apiKey">{}</param>', tok(ALNUM, 24)),
            ex('<property name="db_password">{}</property>', tok(ALNUM, 10)),
        ),
        near_misses=('<entry key="jdbc.url">jdbc:h2:mem</entry>', '<param name="password"></param>',
                     '<string name="prompt_password">Password</string>', '<button name="token">Show token</button>'),
    ),
    SecretRule(
        "xml-element-pass",
        "XML elements named by a short secret word the element row does not end in: <Pass …>, <psk>, <PIN>",
        P(r"<(?P<k>[a-z0-9_.:-]{0,40}(?:pass|pw|psk|pin))(?:[ \t][^<>\r\n]{0,200})?>[ \t]{0,8}"
          r"(?P<v>[^<\s][^<\r\n]{0,1023}?)[ \t]{0,8}</"),
        keywords=("pass", "pw", "psk", "pin"),
        chars="<",
        on_lower=True,
        refine=keyed_pair("k", "v"),
        examples=(
            ex('<Pass encoding="base64">{}</Pass>', tok(B64, 20) + "=="),
            ex("<psk>{}</psk>", tok(ALNUM, 14)),
            ex("<adminPin>{}</adminPin>", "4921"),
        ),
        near_misses=("<compass>north</compass>", "<bypass>true</bypass>", "<spin>3</spin>", "<Pass></Pass>"),
    ),
    SecretRule(
        "html-cell-pair",
        "HTML tables that pair a label cell and a value cell: <td>Password</td><td>…</td>",
        P(r"<t[dh](?:[ \t][^<>]{0,80})?>[ \t]{0,4}(?:<b>|<strong>)?(?P<k>[a-z][a-z0-9 _.-]{0,38}?)(?:</b>|</strong>)?"
          r"[ \t]{0,4}:?[ \t]{0,4}</t[dh]>[ \t\r\n]{0,40}<td(?:[ \t][^<>]{0,80})?>[ \t]{0,4}(?:<(?:code|pre)>)?"
          r"(?P<v>[^<>\s][^<>\r\n]{0,255}?)(?:</(?:code|pre)>)?[ \t]{0,4}</td>"),
        keywords=("td",),
        chars="<",
        on_lower=True,
        refine=keyed_pair("k", "v"),
        examples=(ex("<tr><td>Password</td><td>{}</td></tr>", tok(ALNUM, 12)),
                  ex('<tr><td>SECRET_KEY</td><td class="code"><pre>&#39;{}&#39;</pre></td></tr>', tok(ALNUM, 40)),
                  ex("<tr><th>API key:</th>\n<td><code>{}</code></td></tr>", tok(ALNUM, 32))),
        near_misses=("<td>Password</td><td>(hidden)</td>", "<td>Author</td><td>Sam</td>",
                     "<td>Password policy</td><td>12 characters</td>"),
    ),
)

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
