"""Hold-out probes: package-manager credentials set per registry host (round 8, lead).

Bundler reads a gem server's credentials from ``BUNDLE_<HOST>`` (dots written as ``__``) or from
``bundle config HOST VALUE``; Composer from ``auth.json`` / ``COMPOSER_AUTH`` (``http-basic``,
``github-oauth``, ``gitlab-token``, ``bearer`` maps keyed by host) or ``composer config``. Neither names
the value with a secret word, so the key lexicon never saw them (gitleaks' ``sidekiq-secret`` test payloads
are of this kind). Main before the round leaked 7 of the 29 rows in both modes (every Bundler row, Composer's
``github-oauth`` map and ``composer config http-basic.HOST USER PASS``); none leaks now and no control changes.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    ('bundler', 'BUNDLE_ENTERPRISE__CONTRIBSYS__COM=cafebabe:deadbeef', ('cafebabe:deadbeef',)),
    ('bundler', 'export BUNDLE_GEMS__CONTRIBSYS__COM="a1b2c3d4:e5f6a7b8"', ('a1b2c3d4:e5f6a7b8',)),
    ('bundler',
     '---\nBUNDLE_RUBYGEMS__PKG__GITHUB__COM: "octo:ghp_R8bundleTokenAbCdEf0123456789ab"',
     ('octo:ghp_R8bundleTokenAbCdEf0123456789ab',)),
    ('bundler', 'bundle config set --global gems.contribsys.com ab12cd34:ef56ab78', ('ab12cd34:ef56ab78',)),
    ('bundler', 'bundle config https://gems.example.com/ deploy:Bndl_Pw_2024', ('Bndl_Pw_2024',)),
    ('package-manager',
     'COMPOSER_AUTH=\'{"http-basic": {"repo.packagist.com": {"username": "token", "password": "cmpsrPw8831xyz"}}}'
     "'",
     ('cmpsrPw8831xyz',)),
    ('package-manager',
     '{\n    "http-basic": {\n        "repo.example.org": {\n            "username": "deploy",\n            "pass'
     'word": "authJson8832Pw"\n        }\n    },\n    "github-oauth": {\n        "github.com": "ghoAuthJson8833To'
     'kenValue"\n    }\n}',
     ('authJson8832Pw', 'ghoAuthJson8833TokenValue',)),
    ('package-manager', 'composer config --global http-basic.repo.example.org deploy cmpCfg8834Pw', ('cmpCfg8834Pw',)),
    ('package-manager', 'POETRY_HTTP_BASIC_PRIVATE_PASSWORD=poetryPw8835', ('poetryPw8835',)),
    ('package-manager', 'poetry config http-basic.private deploy poetryCfg8836', ('poetryCfg8836',)),
    ('package-manager', 'UV_INDEX_INTERNAL_PASSWORD=uvIdx8837Pw', ('uvIdx8837Pw',)),
    ('package-manager', 'CARGO_REGISTRIES_CRATES_IO_TOKEN=cioFresh8838TokenAbCdEf', ('cioFresh8838TokenAbCdEf',)),
    ('package-manager',
     ':rubygems_api_key: rubygems_0123456789abcdef0123456789abcdef0123456789abcdef',
     ('rubygems_0123456789abcdef0123456789abcdef0123456789abcdef',)),
    ('package-manager', 'ORG_GRADLE_PROJECT_mavenPassword=gradleProj8839', ('gradleProj8839',)),
    ('package-manager',
     'credentials += Credentials("Sonatype Nexus Repository Manager", "nexus.example.com", "deployer", "sbtCred88'
     '40")',
     ('sbtCred8840',)),
    ('package-manager',
     'realm=Sonatype Nexus Repository Manager\nhost=nexus.example.com\nuser=deployer\npassword=sbtFile8841',
     ('sbtFile8841',)),
    ('package-manager',
     'helm repo add internal https://charts.example.com --username ci --password helmRepo8842',
     ('helmRepo8842',)),
    ('package-manager', 'CONAN_PASSWORD=conanPw8843', ('conanPw8843',)),
    ('package-manager', 'conan remote login artifactory ci -p conanLogin8844', ('conanLogin8844',)),
    ('package-manager', 'HEX_API_KEY=hexKey8845abcdef0123456789', ('hexKey8845abcdef0123456789',)),
    ('package-manager', 'npmAuthToken: "yarnBerry8846TokenAbc"', ('yarnBerry8846TokenAbc',)),
    ('package-manager', '//npm.pkg.github.com/:_authToken=npmrc8847TokenXyz', ('npmrc8847TokenXyz',)),
    ('package-manager', 'GOPROXY=https://ci:goprox8848Pw@goproxy.example.com,direct', ('goprox8848Pw',)),
    ('package-manager',
     'pip install --index-url https://__token__:pipIdx8849TokAbc@pypi.example.com/simple/ pkg',
     ('pipIdx8849TokAbc',)),
    ('package-manager',
     '[global]\nindex-url = https://deploy:pipConf8850@nexus.example.com/repository/pypi/simple',
     ('pipConf8850',)),
    ('package-manager',
     'dotnet nuget add source https://nuget.example.com/v3/index.json -n internal -u ci -p nugetAdd8851 --store-p'
     'assword-in-clear-text',
     ('nugetAdd8851',)),
    ('package-manager', 'mvn deploy -Dusername=ci -Dpassword=mvnD8852', ('mvnD8852',)),
    ('package-manager',
     'twine upload -u __token__ -p pypi-AgEIcHlwaS5vcmcCJGFiY2RlZjAxLTIzNDUtNjc4OS1hYmNkLWVmMDEyMzQ1Njc4OQACKlszL'
     'CJlMzRkMDk5ZC1hYjE5LTQ0ZjUtOWI0Ni0xMjM0NTY3ODkwYWIiXQAABiA dist/*',
     ('pypi-AgEIcHlwaS5vcmcCJGFiY2RlZjAxLTIzNDUtNjc4OS1hYmNkLWVmMDEyMzQ1Njc4OQACKlszLCJlMzRkMDk5ZC1hYjE5LTQ0ZjUtO'
      'WI0Ni0xMjM0NTY3ODkwYWIiXQAABiA',)),
    ('package-manager',
     'gem push pkg.gem --key github --host https://rubygems.pkg.github.com/acme # GEM_HOST_API_KEY=gemHost8853Key',
     ('gemHost8853Key',)),
]

CONTROLS: list[str] = [
    '{"github-oauth": {"github.com": "${GITHUB_TOKEN}"}}',
    'BUNDLE_BUILD__NOKOGIRI: "--use-system-libraries"\nBUNDLE_DEPLOYMENT: "true"',
    'bundle config set --local path vendor/bundle\nbundle config set --local without development',
    'composer config minimum-stability dev\ncomposer config --global process-timeout 600',
    'BUNDLE_GEMS__CONTRIBSYS__COM=${SIDEKIQ_CREDENTIALS}',
    'BUNDLE_PATH: "vendor/bundle"\nBUNDLE_JOBS: "4"',
    'BUNDLE_WITHOUT=development:test',
    'poetry config http-basic.private deploy',
    'composer config --global github-oauth.github.com',
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_registry_credential_set_per_host_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, {})


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_package_manager_settings_without_a_credential_stay_readable(mode, text):
    assert redact_text(mode, text) == text
