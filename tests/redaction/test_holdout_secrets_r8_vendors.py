"""Hold-out probes: a generated value keyed by a service's bare name (round 8, lead).

Secret scanners find the keys of services without a key prefix by the service's name followed by a
token (gitleaks' and trufflehog's keyword rules: ``airbrake``, ``mailjet``, ``weatherstack``...). A
config or note that keys the value by that name alone names no secret word. Over 330 generated lines
(30 services, 11 layouts) main leaked 29 in both modes, every one a bare name as the key; 3 now, the
services left out of the name list on purpose (``abstract``, ``hunter``, ``meraki``). The rows below are
written by hand; main leaked 6 of the 10 in both modes.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('vendor-name', '"airbrake": "9065c3146e80a9c222670bbe4f4c5497"', ('9065c3146e80a9c222670bbe4f4c5497',)),
    ('vendor-name', 'mailjet: 7df8713e4731de361b43be4de8db4947', ('7df8713e4731de361b43be4de8db4947',)),
    ('vendor-name', 'MAILJET=0f1578b5c72dc4ee60caea63367c29a8', ('0f1578b5c72dc4ee60caea63367c29a8',)),
    ('vendor-name', 'weatherstack = "c23434556c1e237153dd2ad464cfad0c"', ('c23434556c1e237153dd2ad464cfad0c',)),
    ('vendor-name', '[services]\npipedrive: a1F9kQ2mZ7xW4pL8sN3vB6cR0tY5uH1e', ('a1F9kQ2mZ7xW4pL8sN3vB6cR0tY5uH1e',)),
    ('vendor-name',
     '{"rollbar": "4b7e9c2a1d8f4e6b9a3c5d7e1f2a4b6c", "env": "prod"}',
     ('4b7e9c2a1d8f4e6b9a3c5d7e1f2a4b6c',)),
    ('vendor-name',
     '- calendly: `eyJraWQiOiIxY2UxZTEzNjE3ZGNmNzY2YjNjZWJjY2Y4ZGM1YmFmYThhNjVlNjg0`',
     ('eyJraWQiOiIxY2UxZTEzNjE3ZGNmNzY2YjNjZWJjY2Y4ZGM1YmFmYThhNjVlNjg0',)),
    ('vendor-name', 'ROLLBAR: "8d2f61a7c4b94e0a9b3c1d5e7f9a2b4c"', ('8d2f61a7c4b94e0a9b3c1d5e7f9a2b4c',)),
    ('vendor-name', "config.uptimerobot = 'u1234567-9f8e7d6c5b4a39281706f5e4'", ('u1234567-9f8e7d6c5b4a39281706f5e4',)),
    ('vendor-name',
     '| abuseipdb | 2b9c4f1e8a7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d |',
     ('2b9c4f1e8a7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d',)),
]

CONTROLS: list[str] = [
    '"mailjet": "enabled"',
    'mailjet: true',
    'sentry: 7.92.0',
    '"intercom": "a1b2c3d4"',
    'mixpanel: ${MIXPANEL_TOKEN}',
    '"@sentry/node": "^7.92.0"',
    'datadog: datadog-agent-v7-release-notes',
    'heroku: heroku-22',
    'travis: travis-ci-pro-builds-2024-archive',
    'cloudflare: cloudflare-dns-zone-settings-v2',
    "cloudinary: cloudinary-upload-presets-2024",
    '"pusher": "pusher-js-8.4.0-rc2"',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_generated_value_keyed_by_a_service_name_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_settings_versions_and_names_under_a_service_name_stay_readable(mode, text):
    assert redact_text(mode, text) == text
