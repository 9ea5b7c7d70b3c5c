"""Source code in six languages: constants, defaults, struct literals, string concatenation."""

from __future__ import annotations

from tests.corpus import Case
from tests.corpus.secrets.kit import Gen
from tests.corpus.secrets.providers import token


def python(g: Gen) -> Case:
    S, K = g.S, g.K
    sg = token(g, "sendgrid")
    head, tail = sg[:3], sg[3:]
    text = (
        "import os\n\nimport requests\n\n"
        f"DB_PASSWORD = os.environ.get(\"DB_PASSWORD\", \"{S(g.human_password())}\")\n"
        f"API_TOKEN = os.getenv('API_TOKEN') or '{S(token(g, 'openai-legacy'))}'\n"
        f"SENDGRID_KEY = '{head}' + '{S(tail)}'\n"
        f"STRIPE = {{\"secret\": \"{S(token(g, 'stripe-restricted'))}\", \"timeout\": {K('12.5')}}}\n"
        f"{K('password_field_label')} = \"Your password\"\n"
        f"MIN_PASSWORD_LENGTH = {K('12')}\n\n\n"
        "def connect(user: str, password: str) -> None:\n"
        "    \"\"\"Open a session; the password is never logged.\"\"\"\n"
        f"    requests.post(URL, auth=(user, password), timeout={K('30')})\n\n\n"
        f"def legacy():\n    return psycopg2.connect(host='db', user='etl', password='{S(g.strong_password(14, '-_.'))}')\n\n\n"
        f"client = Client(api_key=\"{S(token(g, 'anthropic'))}\")\n"
        f"app.config['SECRET_KEY'] = b'{S(g.alnum(32))}'\n"
    )
    return g.case("code-python", "settings.py", text)


def javascript(g: Gen) -> list[Case]:
    S, K = g.S, g.K
    js = (
        "const express = require('express');\n\n"
        f"const apiKey = '{S(g.alnum(32))}';\nconst dbPass = process.env.DB_PASS || \"{S(g.human_password())}\";\n"
        f"const config = {{\n  clientId: 'web-{K('8841')}',\n  clientSecret: \"{S(token(g, 'google-oauth-secret'))}\",\n"
        f"  mapboxToken: '{S(token(g, 'mapbox'))}',\n  retries: {K('3')},\n}};\n"
        f"const auth = 'Basic ' + btoa('admin:' + '{S(g.strong_password(14, '-_'))}');\n"
        f"const hook = `https://hooks.slack.com/services/${{team}}/${{channel}}/{S(g.alnum(24))}`;\n"
        f"fetch(`/api/items?access_token={S(g.urlsafe(40))}`);\n"
        "function validatePassword(password) {\n  return password.length >= 12;\n}\n"
    )
    c1 = g.case("code-js", "server.js", js)
    ts = (
        "export const environment = {\n  production: true,\n"
        f"  firebase: {{ apiKey: \"{S(token(g, 'google-api'))}\", projectId: \"demo-app\" }},\n"
        f"  sentryDsn: \"https://{S(g.hex(32))}@o{g.digits(6)}.ingest.sentry.io/{g.digits(7)}\",\n"
        f"  algoliaAdminKey: '{S(g.hex(32))}',\n  intercomToken: '{S(g.b64(45))}',\n}};\n"
        f"export const SUPABASE_SERVICE_ROLE = '{S(token(g, 'jwt'))}';\n"
        f"const headers: Record<string, string> = {{ 'X-Auth-Token': '{S(g.hex(40))}' }};\n"
    )
    return [c1, g.case("code-js", "environment.prod.ts", ts)]


def java(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        "package com.example.billing;\n\npublic final class Settings {\n"
        f"    static final String DB_PASS = \"{S(g.strong_password(16, '-_.'))}\";\n"
        f"    private static final String API_SECRET = \"{S(g.alnum(40))}\";\n"
        f"    public static final int TIMEOUT_MS = {K('15000')};\n"
        f"    private String keystorePassword = \"{S(g.human_password())}\";\n"
        f"    @Value(\"${{smtp.password:{S(g.human_password())}}}\")\n    private String smtpPassword;\n"
        "    DataSource ds() {\n"
        f"        return DataSourceBuilder.create().username(\"app\").password(\"{S(g.strong_password(14, '-_'))}\").build();\n"
        "    }\n"
        f"    String sig = \"{S(token(g, 'twilio-api-key'))}\" + \":\" + \"{S(g.hex(32))}\";\n}}\n"
    )
    c1 = g.case("code-java", "Settings.java", text)
    props = (
        f"spring.datasource.url=jdbc:postgresql://db:5432/billing\nspring.datasource.password={S(g.human_password())}\n"
        f"spring.mail.password={S(g.strong_password(16, '.-'))}\nserver.port={K('8443')}\n"
        f"app.jwt.secret={S(g.b64(48))}\nmanagement.endpoints.web.exposure.include=health\n"
    )
    return [c1, g.case("code-java", "application.properties", props)]


def golang(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        "package main\n\nimport (\n\t\"os\"\n\t\"time\"\n)\n\n"
        f"const apiToken = \"{S(token(g, 'linear'))}\"\n\nvar cfg = Config{{\n"
        f"\tUser:     \"svc\",\n\tPassword: \"{S(g.strong_password(18, '-_'))}\",\n"
        f"\tTimeout:  {K('90 * time.Second')},\n\tDSN:      \"svc:{S(g.alnum(16))}@tcp(db:3306)/app\",\n}}\n\n"
        "func secret() string {\n\tif v := os.Getenv(\"WEBHOOK_SECRET\"); v != \"\" {\n\t\treturn v\n\t}\n"
        f"\treturn \"{S(token(g, 'stripe-webhook'))}\"\n}}\n"
    )
    return g.case("code-go", "main.go", text)


def php(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        "<?php\n"
        f"define('DB_PASSWORD', '{S(g.human_password())}');\ndefine('MAIL_SMTP_PASS', \"{S(g.strong_password(14, '.-'))}\");\n"
        f"$config = [\n    'db' => ['user' => 'shop', 'pass' => '{S(g.alnum(18))}'],\n"
        f"    'stripe_secret' => '{S(token(g, 'stripe-secret'))}',\n    'paypal' => ['client_secret' => '{S(g.urlsafe(80))}'],\n"
        f"    'braintree' => '{S(token(g, 'braintree'))}',\n    'cache_ttl' => {K('3600')},\n];\n"
        f"$mysqli = new mysqli('localhost', 'shop', '{S(g.strong_password(12, '-_'))}', 'shop');\n"
        "$hash = password_hash($_POST['password'], PASSWORD_DEFAULT);\n"
    )
    return g.case("code-php", "config.php", text)


def csharp(g: Gen) -> list[Case]:
    S, K = g.S, g.K
    cs = (
        "namespace Corp.Api;\n\npublic static class Secrets\n{\n"
        f"    public const string AdminPassword = \"{S(g.human_password())}\";\n"
        f"    private static readonly string ApiKey = \"{S(g.alnum(32))}\";\n"
        f"    internal const string StorageConn = \"DefaultEndpointsProtocol=https;AccountName=corp;AccountKey={S(g.b64(64))};\";\n"
        f"    public static string Token => @\"{S(token(g, 'azure-ad-secret'))}\";\n"
        f"    public const int Retries = {K('5')};\n}}\n"
    )
    c1 = g.case("code-csharp", "Secrets.cs", cs)
    xml = (
        '<?xml version="1.0"?>\n<configuration>\n  <appSettings>\n'
        f'    <add key="SmtpPassword" value="{S(g.human_password())}" />\n'
        f'    <add key="Payments.ApiKey" value="{S(token(g, "square"))}" />\n'
        f'    <add key="PageSize" value="{K("25")}" />\n  </appSettings>\n  <connectionStrings>\n'
        f'    <add name="Main" connectionString="Server=sql01;Database=crm;User Id=crm;Password={S(g.strong_password(16, ".-_"))};" />\n'
        "  </connectionStrings>\n</configuration>\n"
    )
    c2 = g.case("code-csharp", "Web.config", xml)
    js = (
        "{\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } },\n"
        f"  \"Jwt\": {{ \"Key\": \"{S(g.strong_password(40, '-_'))}\", \"Issuer\": \"corp\", \"ExpiryMinutes\": {K('60')} }},\n"
        f"  \"SendGrid\": {{ \"ApiKey\": \"{S(token(g, 'sendgrid'))}\" }},\n"
        f"  \"Auth0\": {{ \"ClientSecret\": \"{S(g.urlsafe(64))}\" }}\n}}\n"
    )
    return [c1, c2, g.case("code-csharp", "appsettings.json", js)]


def ruby(g: Gen) -> Case:
    S, K = g.S, g.K
    text = (
        "Rails.application.configure do\n"
        f"  config.action_mailer.smtp_settings = {{ user_name: 'apikey', password: '{S(token(g, 'sendgrid'))}', port: {K('587')} }}\n"
        "end\n"
        f"Stripe.api_key = ENV.fetch('STRIPE_KEY', '{S(token(g, 'stripe-secret'))}')\n"
        f"OCTOKIT = Octokit::Client.new(access_token: \"{S(token(g, 'github-oauth'))}\")\n"
    )
    return g.case("code-ruby", "initializers.rb", text)


def build(g: Gen) -> list[Case]:
    return [python(g), *javascript(g), *java(g), golang(g), php(g), *csharp(g), ruby(g)]
