"""Hold-out probes: passphrases of plain words and answers to security questions (round 10, lead).

People choose passphrases of dictionary words (``purple monkey dishwasher``, ``correct-horse-battery-staple``)
and write them after a capitalised label or a two-word one (``Passphrase:``, ``WiFi key:``); the value has no
digit or symbol, so only its label makes it a secret. A label's prose (``Token: the token rotates daily``)
has a function word; a passphrase has none. Security-question answers come with the question in brackets
(``Security question (mother's maiden name): V``), without an article (``Answer to security question: V``)
and in German, French, Spanish and Portuguese. Values with template-like pieces
that are no template (detect-secrets' ``m{{h}o)p${e]nob(ody[finds>-_$#thisone}``) are passwords: a template
closes what it opens. Main leaked 12 of the 22 rows in strict mode and 20 in balanced;
a 17th, lower-case words joined by dots, stays a known leak by choice (read as an attribute path).
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

_DS = "m{{h}o)p${e]nob(ody[finds>-_$#thisone}"  # detect-secrets' keyword fixture

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('word-passphrase', 'Passphrase: purple monkey dishwasher', ('purple monkey dishwasher',)),
    ('word-passphrase', 'Passphrase: correct horse battery staple', ('correct horse battery staple',)),
    ('word-passphrase', 'Password: velvet hammer orbit', ('velvet hammer orbit',)),
    ('word-passphrase', 'WPA key: purple-monkey-dishwasher', ('purple-monkey-dishwasher',)),
    ('word-passphrase', 'WiFi key: lemon-tiger-cobalt-ridge', ('lemon-tiger-cobalt-ridge',)),
    ('word-passphrase', 'password: lemon.tiger.cobalt.ridge', ('lemon.tiger.cobalt.ridge',)),
    ('word-passphrase', '- wifi key: maple river stone', ('maple river stone',)),
    ('word-passphrase', 'License key = copper_walrus_jigsaw', ('copper_walrus_jigsaw',)),
    ('security-answer', "Security question (mother's maiden name): Whitfield", ('Whitfield',)),
    ('security-answer', 'Security question 2 (first car): Corolla', ('Corolla',)),
    ('security-answer', 'Answer to security question: Fluffy', ('Fluffy',)),
    ('security-answer', 'memorable_word: giraffe', ('giraffe',)),
    ('security-answer', 'Sicherheitsfrage Antwort: Bello', ('Bello',)),
    ('security-answer', 'Antwort auf die Sicherheitsfrage: Bello', ('Bello',)),
    ('security-answer', 'Réponse secrète : Minou', ('Minou',)),
    ('security-answer', 'Respuesta de seguridad: Toby', ('Toby',)),
    ('security-answer', 'Resposta secreta: Rex', ('Rex',)),
    # detect-secrets' own keyword fixtures: template-like pieces inside a password are no template
    ('template-debris', 'apikey = "' + _DS + '"', (_DS,)),
    ('template-debris', 'db_pass := "' + _DS + '"', (_DS,)),
    ('template-debris', '"password": "' + _DS + '"', (_DS,)),
    ('template-debris', 'passwd: ' + _DS, (_DS,)),
    ('template-debris', 'password: Tr0ub(4dor&3', ('Tr0ub(4dor&3',)),
    ('template-debris', 'password = "__Xk9pL2mQ7v__"', ('Xk9pL2mQ7v',)),
]

#: Lower-case words joined by dots after a key read as an attribute path (``password: settings.db.password``):
#: kept as a reference, a choice in favour of code.
#: (round 12 fixed the dotted passphrase: three or more plain words joined by dots are no attribute chain)
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {}

CONTROLS: list[str] = [
    'Token: the token rotates daily',
    'Password: stored in the vault',
    'Passphrase: ask the team lead',
    'Password: must be at least twelve characters',
    'Password: Required field',
    'SSH key: ~/.ssh/id_ed25519',
    'SSH key: added to GitHub last week',
    'API key: see 1Password',
    'Encryption key: AES-256',
    'Encryption key: rotated quarterly by the platform team',
    'License key: provided by procurement',
    'Recovery key: printed and stored in the safe',
    'Access key: AWS console',
    'Primary key: customer_id',
    'Sort key: created_at',
    'WiFi key: on the fridge',
    'Secret: none',
    'License key: trial edition',
    'Activation code: sent by email',
    'Partition key: tenant-region-bucket',
    'The security question is required for every account',
    'Security questions (pick three) are listed below',
    'The answer to the security question is stored hashed',
    'password = "${PASSWORD}"',
    'password = "{{ vault_password }}"',
    'password: "%(db_password)s"',
    'password: {{ .Values.db.password }}',
    'password = getpass.getpass("Password: ")',
    'token = fetch_token(client, scope)',
    'secret = vault.read(path)["data"]',
    'password = "${DB_PASS:-${FALLBACK}}"',
    'password: $(cat /run/secrets/db)',
    'password: os.environ.get(KEY, default)',
    # a pipeline's replace tokens and values that say to replace them
    '"secret": "__SECRET__"',
    'password: "#{DbPassword}#"',
    'key: "@@api.key@@"',
    'SECRET_KEY=django-insecure-change-me',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_passphrase_of_words_or_a_security_answer_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_labels_followed_by_prose_paths_or_algorithms_stay_readable(mode, text):
    assert redact_text(mode, text) == text
