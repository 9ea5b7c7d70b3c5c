"""Hold-out secret probes, round 4 (red team, issue 9): secrets written in English prose and chat.

Each row is (family, text, values that must not come out raw, controls that must survive verbatim).
Families: ``verb`` a verb of change before the value (changed/set/reset/rotated ... to V, is now V);
``first`` the value before the word (V is the new password, typed V as his password); ``pair`` a user
and a password in a sentence (log in with admin and V, Login is jdoe, password V); ``is`` the word, an
article or possessive and a copula (the pw on the router is V, the secret is V, key is 0x...);
``colon`` the value after a colon further on (sent you the password via Signal: V); ``code`` codes
(passcodes, recovery and backup codes, combinations, alarm and door codes); ``wrap`` the same shapes
inside chat prefixes, Slack/Teams JSON, e-mail bodies, markdown bullets and quotes; ``ctl`` ordinary
writing that uses the same words and must stay readable. Values are fictional: random bodies from a
fixed seed or human-style passwords built from words, digits and symbols.
"""

from __future__ import annotations

import random
import re
import string

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

_R = random.Random(20261202)
AN = string.ascii_letters + string.digits
_WORDS = ("Kestrel", "Harbor", "Lantern", "Quokka", "Marble", "Falcon", "Juniper", "Cobalt", "Meadow", "Tundra",
          "Saffron", "Pebble", "Orchid", "Granite", "Willow", "Nimbus", "Sorrel", "Basalt", "Heron", "Thistle")
#: Lower-case passphrases that are not one common English word (two words run together, a leet word).
_LOWER = ("bluepenguin", "tacocatnap", "purplemonkey", "sunnyvale", "kittenmittens", "zebrastripes",
          "pizzafriday", "moonbeamz", "snorkelpony", "marmaladesky", "hotdogwater", "quokkasmile")


def r(n: int, alphabet: str = AN) -> str:
    while True:
        t = "".join(_R.choice(alphabet) for _ in range(n))
        if alphabet != AN or (any(c.isdigit() for c in t) and any(c.isupper() for c in t)
                              and any(c.islower() for c in t)):
            return t


def hp() -> str:
    """A human-made password: a word, digits and sometimes a symbol (``Falcon88``, ``Heron!2024``)."""
    return f"{_R.choice(_WORDS)}{_R.choice(('', '', '!', '#', '$', '@', '.'))}{_R.randint(1, 9999)}"


def lw() -> str:
    return _R.choice(_LOWER)


def digits(n: int) -> str:
    return "".join(_R.choice(string.digits) for _ in range(n))


ROWS: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = []


def P(family: str, text: str, secrets: tuple[str, ...] | str, controls: tuple[str, ...] = ()) -> None:
    ROWS.append((family, text, (secrets,) if isinstance(secrets, str) else secrets, controls))


def C(text: str, *controls: str) -> None:
    ROWS.append(("ctl", text, (), controls))


# --- the lead's seeds (prose-seeds.txt) ------------------------------------------------------------
for _t, _v in (
    ("I changed my password to {v} yesterday", "Bluebird88"),
    ("I've set the admin password to {v} for now", "Maple!2023"),
    ("reset his pw to {v}", "Welcome123"), ("The password was changed to {v} this morning.", "Autumn#45"),
    ("You can log in with admin and {v}.", "Sprocket77"), ("Login is jdoe, password {v}.", "FishTank9"),
    ("use {v} as the password", "Kangaroo2!"), ("{v} is the new password", "Rainbow55"),
    ("the password for the NAS is still {v}", "nasPass12"), ("password for wifi: {v}", "CoffeeShop1"),
    ("Password (prod): {v}", "ProdPw!99"), ("password — {v}", "emDashPw7"),
    ("the pw on the router is {v}", "admin1234x"), ("My password is {v}", "ilovecats"), ("pass is {v}", "gr33nTea"),
    ("key is {v}", "0xDEADBEEFCAFE1234"), ("API key for staging: {v}", "stg_8f3k2l1m9n0p"),
    ("here's the token {v}", "tkn9f8e7d6c5b4a3"), ("token={v}", "abc123xyz789qwe"),
    ("the secret is {v}", "sup3rS3cr3t"),
    ("Credentials: user ops, pass {v}", "OpsPass42"), ("user=ops pass={v}", "OpsPass43"),
    ("ops:{v}@jumphost", "OpsPass44"), ("Sent you the password via Signal: {v}", "SignalPw5"),
    ("He typed {v} as his password", "Hunter22"), ("pw was {v} lol", "qwerty12"), ("pwd {v}", "myPwd2020"),
    ("Passcode: {v}", "739204"), ("meeting ID 845 2231 9088, passcode {v}", "Zx81Qp"),
    ("Zoom: https://zoom.us/j/84522319088?pwd={v}", "bTRYa0tXcWpVeWVHUjFqZz09"),
    ("Teams dial-in PIN {v}#", "55912"), ("voicemail pin {v}", "2580"),
    ("card 4111 1111 1111 1111 exp 12/26 cvv {v}", "123"), ("2FA secret {v}", "JBSWY3DPEHPK3PXP"),
    ("backup code {v}", "48291037"), ("The combination is {v}", "12-34-56"), ("safe combo {v}", "31-07-88"),
    ("garage code: {v}", "5523"), ("alarm code {v}", "8820"), ("alarm disarm: {v}", "8820"),
    ("WiFi Home_5G pw {v}", "purpleelephant"), ("wifi: Home_5G / {v}", "purpleelephant"),
    ("SSID: Home_5G\nPassword: {v}", "purpleelephant"), ("network: OfficeNet key: {v}", "officeKey2023"),
):
    P("seed", _t.format(v=_v), _v)
P("seed", "recovery codes: 8f2k-3n4m 9a1b-7c6d", ("8f2k-3n4m", "9a1b-7c6d"))
P("seed", "security answer: Fluffy", "Fluffy")
P("seed", "mother's maiden name: Kowalski", "Kowalski")

# --- answer: answers to security questions, whatever their shape -----------------------------------
for _t, _v in (("Security question answer is {v}", "Blue Honda"), ("first pet's name: {v}", "Rex"),
               ("The answer to the security question is {v}.", "Springfield"), ("maiden name (mom): {v}", "Dubois"),
               ("secret answer = {v}", "tacos4ever"), ("Mother's maiden name is {v}", "Okonkwo")):
    P("answer", _t.format(v=_v), _v)
for _c in ("the security answer is wrong", "the security answer is case sensitive", "security answer: see vault",
           "maiden name: unknown", "the pet name is cute", "my answer is no", "the answer is 42"):
    C(_c)

# --- verb: a verb of change before the value -------------------------------------------------------
for _t in (
    "I changed my password to {v} last night", "changed the root password to {v}",
    "I've changed it, the password is now {v}",
    "Just reset your password to {v}, please change it after login.", "I reset the admin pw to {v}",
    "Reset the wifi password to {v} after the break-in", "We rotated the db password to {v} on Friday",
    "Rotated the service account password to {v}", "updated the vpn password to {v}",
    "I've updated my password to {v}.", "switched the NAS password to {v}", "set his password to {v}",
    "setting the new password to {v} now", "They set the router password to '{v}'", "Password changed to {v}",
    "password reset to `{v}`", "the admin password has been changed to {v}", "the password got reset to {v} again",
    "Your temporary password has been set to {v}.", "Your password was reset to: {v}",
    "I changed the password for the shared mailbox to {v}", "changed the password on the printer to {v}",
    "the guest password is now {v}", "Root password is now \"{v}\"", "wifi password is now {v}!",
    "I went ahead and changed our Netflix password to {v}", "reset her password to {v} and told her by phone",
    "changed pw to {v}", "changed my pass to {v}", "Admin password changed from {v0} to {v}",
    "The new password will be {v} starting Monday", "password updated: {v}", "password is now set to {v}",
    "I have now set your password as {v}", "Changed the password into {v}", "made the password {v} for now",
    "i changed the pw to {v} lol", "He reset the PIN to {d}", "I've changed the alarm code to {d}",
    "Changed the door code to {d} yesterday", "the garage code is now {d}", "set the passphrase to {v}",
    "changed the WPA key to {v}", "rotated the API key to {t}", "the secret was rotated to {t}",
    "the token was regenerated, it is now {t}",
):
    _v, _v0, _t2, _d = hp(), hp(), r(24), digits(4)
    _s = [_v] if "{v}" in _t else []
    _s += [_v0] if "{v0}" in _t else []
    _s += [_t2] if "{t}" in _t else []
    _s += [_d] if "{d}" in _t else []
    P("verb", _t.format(v=_v, v0=_v0, t=_t2, d=_d), tuple(_s))
for _t in ("changed my password to {v}", "I reset the wifi password to {v}", "the password is now {v}",
           "set the NAS password to {v} yesterday"):
    _v = lw()
    P("verb", _t.format(v=_v), _v)

# --- first: the value before the word --------------------------------------------------------------
for _t in (
    "{v} is the new password", "{v} is my password", "{v} is the wifi password", "{v} was the old password",
    "{v} is the password for the router", "{v} is the new pw", "He typed {v} as his password",
    "she used {v} as her password", "I picked {v} as the new password", "try {v} as the password",
    "Use {v} for the password", "use {v} for the wifi password", "{v} — that's the admin password",
    "`{v}` is the password", "\"{v}\" is the new password", "{v} should be the password now",
    "{v} is the new passcode", "Going with {v} as our shared password", "the code is {d}, and {v} is the password",
    "{t} is the new api key",
):
    _v, _d, _t2 = hp(), digits(4), r(28)
    _s = [_v] if "{v}" in _t else []
    _s += [_d] if "{d}" in _t else []
    _s += [_t2] if "{t}" in _t else []
    P("first", _t.format(v=_v, d=_d, t=_t2), tuple(_s))

# --- pair: a user and a password in a sentence ------------------------------------------------------
for _t in (
    "You can log in with admin and {v}.", "log in with jdoe and {v}", "login with ops and {v} for now",
    "Login is jdoe, password {v}.", "login is admin, pw {v}", "username is jdoe and the password is {v}",
    "user is ops, password is {v}", "username: mara.k password: {v}", "username mara.k, password {v}",
    "Creds: admin and {v}", "credentials are ops and {v}", "the login is svc-backup / pw {v}",
    "user admin, pass {v}", "sign in as admin with password {v}", "log in as root with {v}",
    "Log on as administrator with {v}", "account ops, password {v}", "WiFi Home_5G pw {v}",
    "wifi Guest-Net password {v}", "Wi-Fi: CafeNet / {v}", "wifi is OfficeNet and the password is {v}",
    "SSID OfficeNet, key {v}", "network OfficeNet, passphrase {v}", "WLAN CorpGuest pass {v}",
):
    _v = hp()
    P("pair", _t.format(v=_v), _v)
for _t in ("wifi: Home_5G / {v}", "WiFi Home_5G pw {v}", "SSID HomeNet password {v}"):
    _v = lw()
    P("pair", _t.format(v=_v), _v)

# --- is: the word, an article or possessive and a copula -------------------------------------------
for _t in (
    "the pw on the router is {v}", "the password on the printer is {v}", "My password is {l}",
    "my password is {l}.", "the wifi password is {l}", "Our wifi password is {l} btw", "the password's {v}",
    "password's {v}", "the admin password is definitely {v}", "the password is literally {v}",
    "his password is {v}, don't tell him I told you", "her pw is {v}", "the secret is {v}",
    "the secret is {t}", "our shared secret is {t}", "the client secret is {t}", "key is 0x{h}",
    "the key is {t}", "the api key is {t}", "my API key is {t}", "the token is {t}", "Token is {t}",
    "the access token is {t}", "his github token is {t}", "the passphrase is {v}", "the master password is {v}",
    "the root pw is {v}", "the PIN is {d}", "my PIN's {d}", "the bank pin is {d}", "the door code is {d}",
    "the vault password should be {v}", "the password was {v} last time I checked",
    "the password you need is {v}", "the password I gave you is {v}",
):
    _v, _l, _t2, _h, _d = hp(), lw(), r(32), r(16, "0123456789ABCDEF"), digits(4)
    _s = [x for k, x in (("{v}", _v), ("{l}", _l), ("{t}", _t2), ("{h}", _h), ("{d}", _d)) if k in _t]
    P("is", _t.format(v=_v, l=_l, t=_t2, h=_h, d=_d), tuple(_s))

# --- colon: a colon further on ---------------------------------------------------------------------
for _t in (
    "Sent you the password via Signal: {v}", "here's the password for the NAS: {v}",
    "The new password, in case you forgot: {v}", "Password for the shared drive (don't share): {v}",
    "the password for tonight's stream is below: {v}", "admin password for the staging box: {v}",
    "As requested, the password for your account: {v}", "the wifi password at the office: {v}",
    "pw for the printer -> {v}", "password for grafana = {v}", "API key for staging: {t}",
    "token for the CI bot: {t}", "the key you asked for: {t}",
):
    _v, _t2 = hp(), r(30)
    _s = [x for k, x in (("{v}", _v), ("{t}", _t2)) if k in _t]
    P("colon", _t.format(v=_v, t=_t2), tuple(_s))

# --- code: passcodes, recovery and backup codes, combinations, alarm codes -------------------------
for _t in (
    "meeting ID 845 2231 9088, passcode {c}", "Join the call, passcode {c}", "webinar link sent, passcode: {c}",
    "recovery codes: {a} {b}", "Recovery codes:\n{a}\n{b}", "backup codes: {a}, {b}", "backup code {n}",
    "my backup code is {n}", "2FA backup code: {n}", "The combination is {k}", "the combo is {k}",
    "safe combo {k}", "lock combination: {k}", "the locker combo is {k}", "alarm disarm: {d}",
    "alarm disarm code {d}", "disarm code is {d}", "door code is {d}", "the gate code is {d}#",
    "keypad code {d}", "Entry code for the building: {d}", "the PIN for the card is {d}",
    "unlock code {d}", "bike lock code {d}",
):
    _c, _a, _b, _n, _d = r(6), f"{r(4, 'abcdef0123456789')}-{r(4, 'abcdef0123456789')}", \
        f"{r(4, 'abcdef0123456789')}-{r(4, 'abcdef0123456789')}", digits(8), digits(4)
    _k = f"{digits(2)}-{digits(2)}-{digits(2)}"
    _s = [x for k, x in (("{c}", _c), ("{a}", _a), ("{b}", _b), ("{n}", _n), ("{d}", _d), ("{k}", _k)) if k in _t]
    P("code", _t.format(c=_c, a=_a, b=_b, n=_n, d=_d, k=_k), tuple(_s))

# --- wrap: chat prefixes, Slack/Teams JSON, e-mail bodies, markdown ---------------------------------
for _t in (
    "[09:14] sam: changed the wifi password to {v}", "[09:15] kim: {v} is the new password",
    "<sam> the pw on the router is {v}", "10:02 AM Sam Porter: reset your pw to {v}",
    '{{"type": "message", "user": "U024BE7LH", "text": "I changed my password to {v} yesterday",'
    ' "ts": "1700000000.1"}}',
    '{{"text": "the secret is {t}", "channel": "C0123"}}', '{{"body": {{"content": "log in with admin and {v}"}}}}',
    "Hi Dana,\n\nI reset your password to {v}. Please change it when you first log in.\n\nThanks,\nIT",
    "Hi,\n\nthe wifi for the offsite:\nnetwork: OffsiteGuest\npassword: {v}\n\nSee you there",
    "- changed the NAS password to {v}", "* the new pw is `{v}`", "> {v} is the new password",
    "- **Password:** {v}", "1. Reset the admin password to {v}", "(the password is {v})",
    "password is \u201c{v}\u201d", "the password is '{v}'.", "the password is *{v}*",
    "sam: the key is 0x{h}", "**backup code** {n}",
    '{{"body": {{"content": "<p>I changed the wifi password to {v}</p>"}}}}', "<div>the pw on the router is {v}</div>",
    '{{"text": "{v} is the new password\\nthanks"}}', '{{"text": "the password is {v}\\nthanks"}}',
    "<p>{v} is the new password</p>", "[2026-12-01 09:14:03] <sam> changed my pw to {v}!",
):
    _v, _t2, _h, _n = hp(), r(32), r(16, "0123456789abcdef"), digits(8)
    _s = [x for k, x in (("{v}", _v), ("{t}", _t2), ("{h}", _h), ("{n}", _n)) if k in _t]
    P("wrap", _t.format(v=_v, t=_t2, h=_h, n=_n), tuple(_s))

# --- ctl: ordinary writing that uses the same words ------------------------------------------------
for _c in (
    "The password is incorrect.", "the password is expired, please reset it", "A password is required.",
    "The password is too short.", "the password is invalid", "Your password is about to expire.",
    "We changed the password policy to 90 days.", "I reset it to the default.", "reset the counter to 0",
    "set to true", "set the timeout to 30s", "changed the log level to DEBUG", "Log in with Google and GitHub",
    "log in with your email and password", "the token is expired", "the token is invalid or expired",
    "key is missing", "The key is not found in the cache.", "a combination of factors",
    "the combination of both approaches", "backup code path", "Fix the backup code path in cron",
    "alarm code review at 10:00", "PIN reset form", "the secret is to start early",
    "the secret is out", "my password is the same as before", "the password is the same as the old one",
    "the password was changed yesterday", "password changed successfully", "I changed my password today",
    "upgraded to version 2.14.3", "updated the dependency to 4.2.1", "set the version to 1.0.0-rc1",
    "moved to ticket JIRA-4821", "rotated the keys on 2026-11-30", "the token lifetime is 3600 seconds",
    "switched the default branch to main", "changed the port to 8443", "set the replica count to 3",
    "the new password must have 12 characters", "use a strong password", "Use the password manager",
    "use SSO as the login method", "the API key is stored in Vault", "the key is in the top drawer",
    "The PIN is four digits.", "the door code is on the whiteboard", "passcode required for the meeting",
    "recovery codes are in 1Password", "backup codes: see the vault", "The combination is unknown.",
    "the alarm disarm procedure is in the binder", "username and password are required",
    "login with SSO, password optional", "the secret is stored in AWS Secrets Manager",
    "the password is in the vault", "password reset to default", "set the password to expire after 90 days",
    "changed the password length to 16", "the token is passed in the header", "key is not set",
    "your password is weak", "the password is case-sensitive", "the wifi password is on the fridge",
    "I typed the wrong password", "she used the same password everywhere", "that is the new password policy",
    "it's the new password format", "the password for the NAS is in 1Password", "the password was reset by IT",
    "the secret is safe with me", "changed it to Monday", "updated the meeting to 3pm", "reset it to factory settings",
    "the password you sent, as discussed, works", "Status: the password is now stored hashed",
    "The key is to iterate quickly.", "The token is the unit of billing.", "log in with admin rights and check",
    "the pin is loose on the connector", "sprint goal: rotate tokens by Q3",
):
    C(_c)

# --- mix: a second batch written after the first fixes, in other words (generalisation check) -------
_MIX = (
    'ok so I just changed the password to ⟦Trombone42⟧.',
    'fyi the admin pw got changed to ⟦Sunset_2025⟧',
    "Heads up: I've rotated the staging db password to ⟦Xk9-mmQ2-lp⟧ — update your .env",
    'we\'ve updated the shared password to "⟦Otter!Pond7⟧".',
    'We reset the password back to ⟦Winter2024⟧ for now.',
    "pw changed to ⟦Bagel#31⟧, don't forget",
    "the root password's been changed to ⟦R00tBeer!⟧",
    'new wifi pass is ⟦Gecko2580⟧',
    'The password for the conference room TV is ⟦tvroom2023⟧.',
    'the password on the NAS is now ⟦nas4Life!⟧',
    'Password for jenkins is ⟦J3nkins!⟧, same as last year.',
    '⟦Walrus77⟧ is the password, in case you need it',
    '⟦Hummingbird9⟧ is the new one for the router password',
    '⟦Tiramisu#8⟧ — that is the wifi password',
    'typed ⟦Pancake12⟧ as the password and it worked',
    'I used ⟦Marmot_44⟧ for the password.',
    'log in with root and ⟦Toor!2024⟧',
    'you can sign in with admin / ⟦Adm1nPass⟧',
    'log in as guest with password ⟦Guest#2020⟧',
    'credentials: admin and ⟦Lobster55⟧',
    'Login: jsmith, pw: ⟦Pinecone8⟧',
    'the wifi is CoffeeHouse and the pw is ⟦latte2go!⟧',
    'WiFi: Guest_Network pw: ⟦welcome2024⟧',
    'My password is ⟦bananapancakes⟧',
    'my password is literally ⟦correcthorsebattery⟧',
    'ok my pw is ⟦cheesecake42⟧ lol',
    'my email password is ⟦Froggy2021⟧',
    'the token is ⟦a8f5f167f44f4964e6c998dee827110c⟧',
    'here is the API key: ⟦k8s_9f8e7d6c5b4a3928⟧',
    'the client secret you need: ⟦Zq8vR2mLx7Tp⟧',
    'Sending the password over Slack: ⟦Slack2Pass!⟧',
    'Passcode for the webinar, ⟦W3bin4r⟧',
    'join with passcode ⟦573920⟧',
    'Zoom passcode ⟦8Hk2Lp⟧',
    'recovery codes: ⟦1a2b-3c4d⟧, ⟦5e6f-7a8b⟧, ⟦9c0d-1e2f⟧',
    'backup codes\n- ⟦38291047⟧\n- ⟦55102938⟧',
    'my 2FA backup code is ⟦74651029⟧.',
    'the safe combination is ⟦24-11-07⟧.',
    'lock combo: ⟦0-15-30⟧',
    'alarm disarm code: ⟦4711⟧',
    'disarm the alarm with ⟦4711⟧',
    'the gate code is ⟦#4482⟧',
    'door code ⟦9931⟧ (changes monthly)',
    'the code to the front door is ⟦2580⟧',
    'my ATM PIN is ⟦8264⟧',
    'PIN changed to ⟦1379⟧',
    'the key to the API is ⟦sk_9f8e7d6c5b4a3920⟧',
    'key: ⟦0x9F8E7D6C5B4A3920⟧',
    '[14:02] alex: pw is ⟦Hamster88⟧',
    '[14:03] alex: ⟦Hamster89⟧ is the new pw btw',
    '{"text":"changed the vpn password to ⟦Vpn!2026x⟧"}',
    'Subject: new password\n\nHi Tom,\nyour new password is ⟦Tom-Pass-77⟧\nCheers',
    '- password: `⟦Backtick9⟧`',
    '* **pw**: ⟦BoldPw12⟧',
    '> the password is ⟦QuotedPw3⟧',
)
for _c in _MIX:
    P("mix", re.sub("[⟦⟧]", "", _c), tuple(re.findall("⟦(.*?)⟧", _c)))
for _c in (
    'The password is required for all accounts.',
    'Password is too weak, try again.',
    'The password was changed by the user on 2026-11-30.',
    'Your password has been reset successfully.',
    'Password reset to default values failed.',
    'I changed my password policy to require 14 characters.',
    'We set the password expiry to 90 days.',
    'Please set the password to something memorable.',
    'Changed the password requirements to 12 characters minimum.',
    'The password for the admin account is stored in Vault.',
    'The password for prod is in the team vault under Ops.',
    'The password you entered is incorrect.',
    'The password you used last time no longer works.',
    'the password is definitely wrong',
    'the password was probably mistyped',
    'the pw is on a sticky note',
    'the password is something like that',
    'My password is longer than yours.',
    'His password is Whatever.',
    'the password is blank',
    "the password's reset link expired",
    "the password's complexity is fine",
    'The secret is in the sauce.',
    'The secret is that there is no secret.',
    'The key is to keep it simple.',
    'The key is stored in KMS under alias/prod-app.',
    'The key is rotated every 30 days.',
    'The key was revoked on Monday.',
    'The token is valid for 15 minutes.',
    'The token was refreshed at 10:42.',
    'the token is stored in localStorage',
    'the token expires in 3600s',
    'API key is required',
    'API key for staging: see 1Password',
    'token for the CI bot: ask Sam',
    "Here's the password policy: minimum 12 characters.",
    'Password requirements: 12+ chars, one digit.',
    'Password manager: Bitwarden',
    'password strength: strong',
    'Passcode required to join.',
    'Meeting passcode: see the invite',
    'passcode is in the calendar invite',
    'recovery codes are printed and in the safe',
    'Backup code generation is broken on iOS 17.',
    'backup codes regenerated on 2026-12-01',
    'The combination of Python 3.12 and pytest 8 works.',
    'a combination of 3 factors',
    'the combination is stored in the safe log',
    'safe combo changed last week',
    'alarm disarm instructions are on page 4',
    'disarm the alarm before 07:30',
    'door code changed on Friday',
    'the door code is on the fridge',
    'gate code: ask the landlord',
    'the PIN is 4 digits long',
    'PIN is required at checkout',
    'PIN length must be 6',
    'reset the PIN via the app',
    'the pin on the map is wrong',
    'Log in with your company account and MFA.',
    'log in with admin credentials and open Settings',
    'login with GitHub or GitLab',
    'username and password fields are case-sensitive',
    'user admin, role owner',
    'Login is via SSO.',
    'Login is jdoe, password in 1Password.',
    'wifi: see the sign at reception',
    'WiFi network is OfficeNet, password on the whiteboard',
    'SSID OfficeNet, channel 36',
    'I used the same password as before',
    'used it as the password hint',
    'use your email as the username',
    'try again as the password may be cached',
    'V2 is the new password hashing scheme',
    'bcrypt is the new password hash',
    'argon2id is the recommended password hash',
    'SHA-256 was the old password hashing method',
    'Version 3.2 is the new baseline.',
    'Changed the timeout to 30s and the retries to 5.',
    'Reset the counter to 0 after each run.',
    'I set the log level to WARNING.',
    'updated the README to v2.1',
    'moved the meeting to 14:00',
    'switched the region to eu-west-1',
    'rotated the logs to /var/log/old',
    'made the password field optional',
    'make the password longer',
    'we changed the token format to JWT',
    'the secret was moved to Secrets Manager',
    'the secret is stored as a Kubernetes secret',
    'the api key was rotated to a new one',
    'the password was changed to meet policy',
    'he reset his password to the same one',
    'she set her password to expire never',
    'the password reset ticket is INC-48213',
    'password reset ticket INC-48213',
    'the password expired on 2026-11-01',
    'password expires 2026-12-31',
    'the password is now 16 characters long',
    'password length is now 12',
    'Key is ready.',
    'key is ABC',
    'the code is on GitHub',
    'the code is 404 not found',
    'error code is 500',
    'the error code is E1234',
    'exit code 137',
    'status code: 200',
    'the promo code is SUMMER24',
    'the zip code is 94107',
    'the code for the build is in main',
    'My PIN is forgotten',
    'Your password is about to expire in 5 days.',
    'the pass is valid until Friday',
    'boarding pass is 12A',
    'Day pass is $25.',
):
    C(_c)

# --- mix, third batch: tenses, notes on the next line, codes with their own nouns ------------------
_MIX3 = (
    'The Wi-Fi password has changed to ⟦Lighthouse#9⟧',
    'the password will change to ⟦Spring2027!⟧ on Monday',
    'Password (case sensitive): ⟦CaseSens1tive⟧',
    'Your one-time password is ⟦482913⟧',
    'the vault password is "⟦Vault-Pass-12⟧"',
    'New password for the router (admin panel) is ⟦R0uterAdm!n⟧',
    'password should be ⟦Paddle77⟧ now',
    'i think the pw is ⟦Ferret2022⟧ but not sure',
    'the admin password for grafana is ⟦Graf4na!⟧ fyi',
    'pw for prod db → ⟦Pr0dDb#1⟧',
    'FYI password changed: ⟦Chg2Pass9⟧',
    'new password is below\n⟦BelowPw77⟧',
    'So the password is ⟦Marzipan21⟧, right?',
    'pwd is ⟦Sherbet33⟧',
    'passphrase: "⟦correct horse battery staple⟧"',
    'The password to the shared drive is ⟦Drive2024$⟧',
    'the master key is ⟦mk_4f9a8b7c6d5e4f3a2b1c⟧',
    'our Stripe key is ⟦sk_live_4eC39HqLyjWDarjtT1zdp7dc⟧',
    'the access code is ⟦739155⟧',
    'the unlock code for the phone is ⟦482916⟧',
    'PIN: ⟦4421⟧',
    'your PIN is ⟦6620⟧',
    'voicemail passcode is ⟦90210⟧',
    'lockbox code ⟦3344⟧',
    'the keypad code changed to ⟦7788⟧',
)
for _c in _MIX3:
    P("mix", re.sub("[⟦⟧]", "", _c), tuple(re.findall("⟦(.*?)⟧", _c)))
# identifiers, formats and sizes said of keys and tokens, and descriptions of a password
for _c in (
    'the partition key is tenant_id',
    'the cache key is user:1234',
    'the sort key is created_at',
    'the primary key is order_id2',
    'the foreign key is customer_id',
    'The API key is passed as X-Api-Key.',
    'the token is a JWT signed with RS256',
    'the token is base64url-encoded',
    'The session token is stored in a cookie named sid.',
    'the secret is mounted at /var/run/secrets/app',
    'the secret is called db-credentials',
    'the key is 2048 bits',
    'the key is RSA-4096',
    'the key is ed25519',
    'The signing key is kms-key-01.',
    'password hashing is done with bcrypt',
    'password is hashed with argon2id',
    'the password is hashed using PBKDF2-SHA256',
    'The pw field is masked.',
    'passcode is 6 digits',
    'I changed my password to a passphrase',
    'I changed my password to something longer',
    'reset the password to a random one',
    'set the password to the one in the vault',
    'changed the password to the new format',
    'rotate the token to the v2 format',
    'He set the key to the one in the README',
    'log in with SSO and MFA',
    'log in as root with sudo',
    'log in with admin and then run the script',
    'login is disabled for now',
    'login with email and password',
    'credentials are in the vault',
    'Creds: see 1Password',
    'the wifi password: ask IT',
    'network: OfficeNet / VLAN 20',
    'the combination is unique',
    'combination: 3 drugs',
    'backup code coverage is 80%',
    'recovery codes: 10 generated',
    'the door code is changing next week',
    'the gate code is the same as last year',
    'disarm the alarm before 07:30 and rearm at 18:00',
    'alarm code: ask the office manager',
    'use 2FA as the second factor',
    'try SSO as the login method',
    'I used OAuth2 for the login',
    'Version2 is the new password policy',
    'the password was reset on 12/01/2026',
    'the password was set in 2024',
    'the password is 90 days old',
    'the password is 12 characters',
    'the password is one of the top 100',
    'password is 8+ characters',
    'the token is 24h',
    'the key is v2',
    'key is k8s',
):
    C(_c)

# --- mix, fourth batch: the nouns of codes and Wi-Fi keys -------------------------------------------
for _c in (
    'the alarm pin is ⟦4471⟧',
    'building entry code: ⟦1357⟧#',
    'key safe code ⟦9090⟧',
    'keysafe code: ⟦9091⟧',
    'the key box code is ⟦2468⟧',
    'door code for the Airbnb: ⟦4472⟧',
    'Lock code = ⟦1234⟧',
    'the wifi key is ⟦Sunflower88⟧',
    'WPA2 key: ⟦Bumblebee2024⟧',
    'network key is ⟦Tangerine77⟧',
    'login for the portal is jdoe / ⟦Portal#88⟧',
    'passwd is ⟦Rocket2026⟧',
    'my passphrase is ⟦Lemon-Tree-Sky-9⟧',
    'passcode is ⟦8842⟧',
    'iPhone passcode: ⟦118822⟧',
    'laptop password = ⟦Laptop!44⟧',
    'the bitlocker PIN is ⟦772211⟧',
    'sudo password is ⟦Sud0Pass⟧',
    'pin for the card: ⟦5521⟧',
    'her voicemail PIN is ⟦3141⟧',
):
    P("mix", re.sub("[⟦⟧]", "", _c), tuple(re.findall("⟦(.*?)⟧", _c)))
for _c in (
    'the key box is by the door',
    'the lock box code is in the handover doc',
    'the alarm pin is loose',
    'keybox code: ask the host',
    'WPA2 key: see the sticker',
    'network key is printed on the router',
    'door code for the Airbnb: check the app',
    'the alarm code is 4 digits',
    'the keypad code changed',
    'bike lock code forgotten again',
    # developer prose with the same nouns (pinning versions, status codes, sizes)
    "pin the version to 4.2.1", "pin numpy to 1.26", "we pin 3 dependencies", "PIN 1.2.3", "backup code 2.0 migration",
    "recovery codes 10", "combo box 1-2", "the token is 3 chars", "code review 2026-12-01", "the pass rate is 98%",
    "the code is 200 OK and the password field is empty",
):
    C(_c)

SECRET_ROWS = [row for row in ROWS if row[0] != "ctl"]
CONTROL_ROWS = [row for row in ROWS if row[0] == "ctl"]

#: Leaks found and not fixed this round: a fragment of the row's text -> (why, the modes it leaks in).
KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {
    "is the new one for": ("the value first with a long noun phrase before the word (V is the new one for the X "
                           "password)", ("strict", "balanced")),
}


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(SECRET_ROWS))
def test_a_password_written_in_a_sentence_never_comes_out_raw(mode, family, text, secrets, controls):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize(("family", "text", "secrets", "controls"), row_params(CONTROL_ROWS))
def test_ordinary_writing_about_passwords_stays_readable(mode, family, text, secrets, controls):
    out = redact_text(mode, text)
    assert "[SECRET_" not in out, f"a control sentence gets a secret placeholder in {mode}"
    assert out.split() and len(out.split()) == len(text.split()), "a control sentence keeps its words"
    assert all(c in out for c in controls)


def test_the_round_four_table_covers_every_family():
    families = {row[0] for row in ROWS}
    assert {"seed", "verb", "first", "pair", "is", "colon", "code", "wrap", "mix", "answer", "ctl"} <= families
    assert len(SECRET_ROWS) - sum(row[0] == "seed" for row in ROWS) >= 120
    assert len(CONTROL_ROWS) >= 150
