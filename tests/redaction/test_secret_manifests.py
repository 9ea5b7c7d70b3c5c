"""Kubernetes Secret manifests: every data/stringData value is a secret, whatever its key; the rest stays."""

from __future__ import annotations

import base64

import pytest

from tests.invariants import invariant
from tests.redaction.redaction_helpers import make

PW = "Qz7mVt3pLx91"
B64 = base64.b64encode(PW.encode()).decode()
CERT = base64.b64encode(b"-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n").decode()

HITS = [
    ("yaml data", f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n"
                  f"  username: YWRtaW4=\n  dbpass: {B64}\n", [B64, "YWRtaW4="], ["dbpass:", "name: db"]),
    ("key named like a file", f"kind: Secret\ndata:\n  config.json: {B64}\n  tls.key: {CERT}\n",
     [B64, CERT], ["config.json:", "tls.key:"]),
    ("stringData plain", f"apiVersion: v1\nkind: Secret\nstringData:\n  DATABASE_URL: postgres://app:{PW}@db/x\n"
                         f"  mode: {PW}x\n", [PW], ["DATABASE_URL:", "mode:"]),
    ("stringData block scalar", f"kind: Secret\nstringData:\n  settings.ini: |\n    [db]\n    secret = {PW}\n"
                                f"  other: x{PW}\n", [PW], ["settings.ini: |"]),
    ("quoted values", f"kind: \"Secret\"\ndata:\n  pw: \"{B64}\"\n", [B64], ["pw:"]),
    ("second document", f"apiVersion: v1\nkind: ConfigMap\ndata:\n  color: blue\n---\napiVersion: v1\n"
                        f"kind: Secret\ndata:\n  token: {B64}\n", [B64], ["color: blue"]),
    ("list items", f"apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Secret\n  data:\n"
                   f"    a: {B64}\n  metadata:\n    name: x\n", [B64], ["name: x"]),
    ("json", f'{{"apiVersion": "v1", "kind": "Secret", "data": {{"x.conf": "{B64}", "b": "YWJj"}}}}',
     [B64, "YWJj"], ['"x.conf"']),
]

KEEPS = [
    ("configmap", "apiVersion: v1\nkind: ConfigMap\ndata:\n  color: blue\n  size: large\n",
     ["color: blue", "size: large"]),
    ("helm template", "kind: Secret\ndata:\n  password: {{ .Values.password | b64enc }}\n",
     ["{{ .Values.password | b64enc }}"]),
    ("metadata after data", f"kind: Secret\ndata:\n  a: {B64}\nmetadata:\n  name: web-creds\n", ["name: web-creds"]),
    ("sealed secret", "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nspec:\n  encryptedData:\n    a: AgBy3i\n",
     ["encryptedData:"]),
    ("prose", "The kind of secret data: none here.\n", ["The kind of secret data: none here."]),
]


@invariant("OUT-7")
@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("name,text,secrets,kept", HITS, ids=[h[0] for h in HITS])
def test_every_value_under_a_secrets_data_is_redacted_and_its_key_stays(mode, name, text, secrets, kept):
    out = make(mode).redact(text).text
    for s in secrets:
        assert s not in out
    for k in kept:
        assert k in out


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("name,text,kept", KEEPS, ids=[k[0] for k in KEEPS])
def test_manifests_that_are_not_secrets_and_templates_stay_readable(mode, name, text, kept):
    out = make(mode).redact(text).text
    for k in kept:
        assert k in out
