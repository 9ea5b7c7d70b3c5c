"""Prose cues beyond the English operator forms: other languages, their code labels, lead words."""

from __future__ import annotations

import pytest

from tests.invariants import invariant
from tests.redaction.redaction_helpers import make

HITS = [
    ("Das Passwort für den Server lautet Xk7pq2Lm9.", "Xk7pq2Lm9"), ("das Kennwort ist Blume2024!", "Blume2024"),
    ("Le mot de passe du wifi est : Bonjour2024 !", "Bonjour2024"), ("le mot de passe est Xk7pq2Lm9", "Xk7pq2Lm9"),
    ("La password è Xk7pq2Lm9", "Xk7pq2Lm9"), ("la contraseña es Clave2024", "Clave2024"),
    ("a senha é Flor2024pt", "Flor2024pt"), ("het wachtwoord is Tulp2024nl", "Tulp2024nl"),
    ("Lösenordet är Xk7pq2Lm9", "Xk7pq2Lm9"), ("lösenord: Xk7pq2Lm9", "Xk7pq2Lm9"), ("hasło to Kwiat2024", "Kwiat2024"),
    ("heslo je Kvet2024cz", "Kvet2024cz"), ("salasana on Kukka2024", "Kukka2024"),
    ("passordet er Blomst2024", "Blomst2024"), ("пароль: Xk7pq2Lm9", "Xk7pq2Lm9"),
    ("Passwort lautet: Xk7pq2Lm9", "Xk7pq2Lm9"), ('das Passwort ist "Blume 2024"', "Blume 2024"),
    ("kodeordet er Blomst2024dk", "Blomst2024dk"), ("Ihr Bestätigungscode lautet 482913.", "482913"),
    ("Votre code de vérification est 771204", "771204"), ("su código de verificación es: 551288", "551288"),
    ("Temp PW Qz7mVt3pLx", "Qz7mVt3pLx"), ("Logged in with password Qz7mVt3pLx", "Qz7mVt3pLx"),
    ("new password 'Harbor#2024x'", "Harbor#2024x"),
]
KEEPS = ["Das Passwort ist sicher.", "Le mot de passe est trop court.", "la contraseña es obligatoria",
         "a senha é pessoal", "het wachtwoord is verlopen", "hasło to tajemnica", "salasana on vaihdettava",
         "The password is stored in the vault.", "Das Passwort lautet ${DB_PASSWORD}",
         "use password authentication", "new password required", "with password reset enabled",
         "Der Bestätigungscode ist abgelaufen", "default password policy v2"]


@invariant("OUT-7")
@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text,secret", HITS, ids=[h[0][:24] for h in HITS])
def test_a_password_or_code_named_in_a_sentence_is_redacted(mode, text, secret):
    assert secret not in make(mode).redact(text + "\n").text


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", KEEPS, ids=[k[:24] for k in KEEPS])
def test_a_word_or_reference_after_the_cue_is_not_a_secret(mode, text):
    assert "[SECRET_" not in make(mode).redact(text + "\n").text
