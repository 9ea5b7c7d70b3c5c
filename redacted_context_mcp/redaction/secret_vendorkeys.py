"""A generated value keyed by a service's bare name: ``mailjet: 5f2d…``, ``"airbrake": "…"`` (round 8, lead).

Secret scanners find many providers' keys by the provider's name followed by a token of the
provider's shape, because those keys have no prefix of their own: 32 hex characters for Mailjet
or Airbrake, 40 letters and digits for others. A config or a note that keys the value by the
service's name alone (``"airbrake": "…"``, ``MAILJET: …``, ``[weatherstack] = …``) names no secret
word, so the key lexicon never scores it. :func:`find_vendor_keys` reads a value after such a key
when the key is exactly one of :data:`VENDORS` and the value is machine-made (20 to 255 token
characters, a letter and a digit, at least 3 bits of entropy per character, no long repeat, not
words joined by dashes, dots or underscores).
``"mailjet": "enabled"``, ``sentry: 7.92.0``, ``"intercom": "a1b2c3d4"`` and references stay.

The names are services whose keys carry no prefix; common words (``segment``, ``square``,
``notion``, ``linear``, ``box``, ``front``) and platforms whose bare-name values are often hashes
or versions (``github``, ``docker``, ``npm``) are left out.

Imports: redaction.secret_values, redaction.spans, redaction.validators.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.validators import mixed_token, random_enough

RULE_ID = "vendor-named-value"
DESCRIPTION = ("a generated value keyed by a service's bare name (\"airbrake\": \"<32 hex>\", mailjet: <token>),"
               " for the services whose keys have no prefix")

VENDORS: frozenset[str] = frozenset(
    # mail, marketing and messaging
    "mailjet mandrill mailchimp mailerlite mailgun postmark sparkpost sendinblue brevo moosend getresponse "
    "convertkit klaviyo omnisend activecampaign campaignmonitor constantcontact elasticemail mailtrap sendpulse "
    "smtp2go sendbird pubnub ably pusher getstream nexmo vonage plivo messagebird sinch telnyx clicksend "
    "textmagic onesignal pushwoosh pushover pushbullet "
    # links, forms, scheduling, support and sales
    "bitly rebrandly calendly acuity typeform jotform surveymonkey formstack wufoo clearbit fullcontact "
    "zoominfo freshdesk freshservice freshworks zendesk helpscout intercom tawk livechat olark kayako gorgias "
    "pipedrive hubspot insightly "
    # billing and payments
    "gumroad paddle chargebee recurly chargify lemonsqueezy fastspring braintree adyen razorpay paystack "
    "flutterwave mollie gocardless dwolla plaid coinbase binance bitfinex kucoin bittrex "
    # network and security data
    "ipstack ipinfo ipgeolocation ipapi ipdata abuseipdb shodan censys virustotal urlscan greynoise "
    "securitytrails "
    # logs, errors and monitoring
    "loggly logdna papertrail sumologic logzio honeycomb rollbar bugsnag raygun airbrake honeybadger newrelic "
    "datadog dynatrace appdynamics instana opsgenie pagerduty victorops statuspage uptimerobot pingdom "
    "statuscake betteruptime cronitor checkly "
    # scraping, search and data APIs
    "scrapingbee scraperapi scrapingant zenrows apify browserless serpapi zenserp serpstack dataforseo "
    "algolia typesense meilisearch swiftype alphavantage finnhub iexcloud nasdaq quandl twelvedata marketstack "
    "coinmarketcap coingecko cryptocompare etherscan bscscan polygonscan infura moralis quicknode blockcypher "
    "weatherstack openweather openweathermap weatherapi accuweather tomorrowio visualcrossing mapquest tomtom "
    "locationiq opencage geoapify positionstack what3words mapbox newsapi nytimes "
    # productivity, media and content
    "smartsheet airtable clickup wrike basecamp todoist trello asana toggl clockify everhour wakatime "
    "rescuetime cloudinary imgix uploadcare filestack imagekit tinypng contentful storyblok prismic datocms "
    "mixpanel amplitude posthog fullstory hotjar logrocket smartlook mouseflow pendo optimizely launchdarkly "
    "splitio flagsmith configcat statsig docusign hellosign pandadoc giphy unsplash pexels pixabay flickr "
    "dribbble vimeo twitch spotify soundcloud dropbox pcloud backblaze wasabi "
    # AI, hosting, CI and identity
    "deepl openai cohere anthropic huggingface replicate assemblyai deepgram elevenlabs netlify vercel heroku "
    "digitalocean linode vultr hetzner scaleway cloudflare fastly akamai bunnycdn keycdn snyk sonarcloud "
    "codecov coveralls codeclimate deepsource travis circleci buildkite appveyor bitrise codemagic doppler "
    "infisical okta auth0 onelogin jumpcloud zapier ifttt pipedream discord telegram mattermost rocketchat "
    "gitter shopify bigcommerce woocommerce etsy yelp foursquare sentry".split()
)
#: after the name: an optional closing quote, ``=`` or ``:``, then the value (quoted or bare)
_AFTER = re.compile(r"[\"']?[ \t]{0,8}[:=][ \t]{0,8}[\"']?"
                    r"(?P<v>[A-Za-z0-9][A-Za-z0-9_+/=.-]{19,254})(?![A-Za-z0-9_+/=.-])")

_SEGMENTS = re.compile(r"[-_.]")


def _slug(value: str) -> bool:
    """Words joined by ``-``, ``_`` or ``.`` (``datadog-agent-v7-release-notes``): a name, not a key."""
    parts = _SEGMENTS.split(value)
    return len(parts) > 1 and 2 * sum(1 for p in parts if len(p) >= 3 and p.isalpha()) >= len(parts)


def find_vendor_keys(text: str, low: str, out: list[Hit], names: frozenset[str] | set[str]) -> None:
    """The generated value after each bare service name in ``names`` (the vendor names the text holds)."""
    n = len(low)
    for name in names:
        i = low.find(name)
        while i >= 0:
            j = i + len(name)
            before = low[i - 1] if i else " "
            if not (before.isalnum() or before in "_-") and (j == n or not (low[j].isalnum() or low[j] in "_-.")):
                m = _AFTER.match(text, j)
                if m is not None:
                    s, e = m.span("v")
                    value = text[s:e]
                    if (mixed_token(value) and random_enough(value, 3.0) and not _slug(value)
                            and not is_template(value) and not is_reference(value, quoted=True)):
                        out.append(Hit(s, e, "SECRET", RULE_ID))
            i = low.find(name, j)
