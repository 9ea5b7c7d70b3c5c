"""Line grammars of blockchain wallets and nodes (hold-out round 8 of issue 9).

One :class:`~redaction.secret_kit.SecretRule` row per syntax, each led by a literal keyword (or character)
that the shared prefilter finds before its regex runs:

- ``wallet-console-password``: the password argument of a geth/web3 console call: ``personal.unlockAccount(
  ADDR, "PW", 300)``, ``personal.newAccount("PW")``, ``personal.importRawKey(KEY, "PW")``, web3.py's
  ``w3.geth.personal.unlock_account(acct, "PW", 15)``: the last string literal of the call;
- ``mnemonic-phrase``: a BIP39 seed phrase of 12, 15, 18, 21 or 24 lower-case words written as a whole value
  (quoted, after ``=``/``:``, or alone on its line) in a text that names a mnemonic, a seed or a phrase
  (``SEED_PHRASE=...``, ``new HDWalletProvider('...')``, ``Wallet.fromPhrase("...")``, ``solana-keygen new``
  output, a truffle ``.secret`` file);
- ``byte-array-keypair``: a Solana keypair file or ``Keypair.fromSecretKey(Uint8Array.from([...]))``: an array
  of exactly 64 numbers 0 to 255 (fewer than 16 distinct values is an example);
- ``rpcauth-password``: the password that bitcoin's ``share/rpcauth/rpcauth.py`` prints under a line
  ``Your password:`` (in a text that holds its ``rpcauth=`` line).

Imports: redaction.secret_kit, redaction.secret_refine.
"""

from __future__ import annotations

import random
import re

from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import strip_span, vet_value

_RNG = random.Random(0x8C4A1)  # the examples draw from their own generator


def _keypair() -> str:
    return ",".join(str(_RNG.randrange(256)) for _ in range(64))


#: Fictional seed-phrase words for the examples (real BIP39 words, drawn at random).
_EXAMPLE_WORDS = ("orbit", "vessel", "canyon", "hazard", "lemon", "script", "glide", "velvet", "ozone", "fabric",
                  "tumble", "random", "ladder", "pulse", "shrimp", "wagon", "cotton", "empty", "focus", "harbor",
                  "meadow", "pencil", "rocket", "silver", "thunder", "unfold", "walnut", "zebra")


def _phrase(n: int = 12) -> str:
    return " ".join(_RNG.sample(_EXAMPLE_WORDS, n))


def _refine_console(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    return vet_value(text, s, e, 2, quoted=True)


#: Words a BIP39 list does not hold (English function words): a run holding one is prose, not a seed phrase.
_PROSE_WORDS = frozenset(("the", "and", "for", "with", "are", "was", "not", "but", "from", "has", "its", "our",
                          "your", "been", "were", "them", "their", "than", "into", "you", "these", "those",
                          "here", "will", "can", "should", "would", "could", "does", "via", "per", "etc"))
_PHRASE_COUNTS = frozenset((12, 15, 18, 21, 24))
#: What may stand right before a whole-value phrase on its line (after blanks): a quote, ``=``, ``:``, ``(``.
_PHRASE_LEADS = frozenset("\"'`=:(")


def _refine_phrase(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    words = text[s:e].split(" ")
    if len(words) not in _PHRASE_COUNTS or len(set(words)) < len(words) - 3:
        return None
    if any(w in _PROSE_WORDS for w in words):
        return None
    k = s
    while k > 0 and text[k - 1] in " \t":
        k -= 1
    before = text[k - 1] if k > 0 else "\n"
    if before not in _PHRASE_LEADS and before != "\n":
        return None  # a run of words inside a sentence
    j = e
    while j < len(text) and text[j] in " \t":
        j += 1
    after = text[j] if j < len(text) else "\n"
    if after not in "\"'`\r\n,)":
        return None
    if before in "\"'`" and after != before:
        return None
    return s, e


def _refine_keypair(m: re.Match[str], text: str) -> tuple[int, int] | None:
    nums = [int(v) for v in re.findall(r"\d{1,3}", m.group("v"))]
    if any(v > 255 for v in nums) or len(set(nums)) < 16:
        return None
    return strip_span(text, *m.span("v"))


WALLET_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "wallet-console-password",
        "the password of a geth/web3 console call: personal.unlockAccount(ADDR, \"PW\"), personal.newAccount(\"PW\")",
        P(r"personal\.(?:unlock_?account|new_?account|import_?raw_?key|send_?transaction|sign_?transaction|sign)"
          r"\((?:[^()\n]{0,300}[,(])?[ \t]{0,8}[\"'](?P<v>[^\"'\n]{1,256})[\"'][ \t]{0,8}"
          r"(?:,[ \t]{0,8}\d{1,10}[ \t]{0,8})?\)"),
        keywords=("personal.",),
        on_lower=True,
        refine=_refine_console,
        examples=(
            ex('> personal.unlockAccount(eth.accounts[0], "{}", 300)', tok(ALNUM, 14)),
            ex('personal.newAccount("{}")', tok(ALNUM, 12)),
            ex('w3.geth.personal.unlock_account(acct, "{}", 15)', tok(ALNUM, 12)),
        ),
        near_misses=("personal.unlockAccount(eth.accounts[0])", 'personal.unlockAccount(acct, "<password>", 300)',
                     "personal.listAccounts", "personal.newAccount(pw)"),
    ),
    SecretRule(
        "mnemonic-phrase",
        "a BIP39 seed phrase (12 to 24 lower-case words) as a whole value where a text names a mnemonic or seed",
        P(r"(?<![A-Za-z0-9_\-])(?P<v>[a-z]{3,8}(?: [a-z]{3,8}){11,23})(?![A-Za-z0-9_\-])"),
        keywords=("mnemonic", "seed", "phrase", "hdwalletprovider", "bip39"),
        refine=_refine_phrase,
        examples=(
            ex('MNEMONIC="{}"', _phrase()),
            ex("SEED_PHRASE={}", _phrase()),
            ex("new HDWalletProvider('{}', rpcUrl)", _phrase()),
            ex("Save this seed phrase and your BIP39 passphrase to recover your new keypair:\n{}", _phrase(24)),
        ),
        near_misses=("SEED_PHRASE=<twelve words>",
                     "The seed phrase is a list of twelve words that you write down and keep somewhere safe.",
                     "mnemonic: enter your recovery words one at a time in order please do it now ok"),
    ),
    SecretRule(
        "byte-array-keypair",
        "a keypair written as an array of exactly 64 bytes (Solana id.json, Keypair.fromSecretKey)",
        P(r"\[[ \t\r\n]{0,8}(?P<v>\d{1,3}(?:[ \t]{0,4},[ \t\r\n]{0,8}\d{1,3}){63})[ \t\r\n]{0,8}\]"),
        chars="[",
        refine=_refine_keypair,
        examples=(
            ex("$ cat ~/.config/solana/id.json\n[{}]", _keypair()),
            ex("SOLANA_PRIVATE_KEY=[{}]", _keypair()),
            ex("const payer = Keypair.fromSecretKey(Uint8Array.from([{}]));", _keypair()),
        ),
        near_misses=("[" + ",".join(["0"] * 64) + "]", "[1,2,3,4,5,6,7,8]"),
    ),
    SecretRule(
        "rpcauth-password",
        "the password bitcoin's rpcauth.py prints under 'Your password:'",
        P(r"(?m)^[ \t]{0,8}your password:[ \t]{0,8}\r?\n[ \t]{0,8}(?P<v>[^\s]{6,256})[ \t]{0,8}(?=\r?\n|$)"),
        keywords=("rpcauth",),  # "Reset your password:" then a word is mail, not rpcauth.py's output
        on_lower=True,
        refine=_refine_console,
        examples=(ex("String to be appended to bitcoin.conf:\nrpcauth=alice:1f$2e\nYour password:\n{}",
                     tok(ALNUM, 43)),),
        near_misses=("Your password:\n<shown once>", "Reset your password:\nThanks"),
    ),
)
