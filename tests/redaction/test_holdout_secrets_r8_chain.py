# ruff: noqa: E501
"""Hold-out probes for secrets of blockchain nodes and wallets, payment integrations and mobile release pipelines.

Written (round 8, r8-chain) before reading the grammars: bitcoind/litecoind/dogecoind ``.conf`` files and
``-rpcpassword`` flags, ``rpcauth`` lines, monerod/monero-wallet-rpc, geth/clef/besu/nethermind/erigon,
``personal.unlockAccount``, web3 keystore JSON, raw private keys in ``.env`` files, hardhat/foundry/truffle/
brownie/ape configs and commands (``cast``, ``forge``), mnemonics, Solana keypair arrays and base58 keys,
lnd/c-lightning/LNbits, Infura/Alchemy/QuickNode/Ankr RPC URLs with keys in their paths, Etherscan keys,
WalletConnect; Stripe, Adyen, Braintree, PayPal, Razorpay, Mollie, Paystack, Flutterwave, Square,
Checkout.com, Klarna, GoCardless, Authorize.Net, Worldpay, Plaid, Coinbase Commerce and their SDK set-up;
fastlane (Fastfile, Appfile, Matchfile, ``.env.default``), App Store Connect API keys, Android signing
(``keystore.properties``, ``signingConfigs``, ``jarsigner``, ``apksigner``, ``bundletool``), Expo/EAS,
CodePush, Firebase and Google Play service-account JSON, OneSignal, Sentry, Bugsnag and Codemagic.

Decisions: a public address (``0x`` and 40 hex, ``bc1...``) is an identifier of a person, so it becomes a
``WALLET`` placeholder, never a secret one and never kept raw (the engine did so before the round; a test
keeps it). A bare ``0x`` and 64 hex is redacted whatever its label: a transaction hash and a private key
share that shape, so controls hold none. Of a keystore JSON the ``ciphertext`` (the encrypted key, open to
offline guessing) must go; ``mac``, ``salt`` and ``iv`` may stay. Stripe publishable keys (``pk_live_``)
are redacted like the secret ones: one letter apart from ``sk_live_``, and nothing reads worse for it.

Main before the round leaked 18 of the first 195 rows in both modes: the password ``rpcauth.py`` prints,
``bitcoin-cli walletpassphrase``/``encryptwallet``, ``electrum setconfig rpcpassword``, monero's
``--rpc-login USER:PASS`` (2), geth/web3 console calls (``personal.unlockAccount``, ``newAccount``,
``importRawKey``, web3.py ``unlock_account``: 5), seed phrases outside a ``MNEMONIC=`` quote (unquoted
``SEED_PHRASE=``, a truffle ``.secret`` file, ``HDWalletProvider('...')``, ``Wallet.fromPhrase``,
``solana-keygen new`` output: 5) and Solana 64-byte keypair arrays (2). It changed 10 of the first 57
controls in both modes; 5 were URLs and UUIDs that become ``URL``/``ID`` placeholders by design (replaced
by other near misses), the other 5 were over-redactions: ``geth --password /srv/eth/pw.txt`` (a file),
``apksigner --ks-pass env:KS_PASS``, Etherscan's ``YourApiKeyToken``, ``sk_live_...`` and
``sk_test_xxxx...``. A second batch (12 rows, 6 controls) written after the fixes leaked nothing and
changed one control (``--password ./pw.txt``), since fixed. None leaks now and no control changes. Open:
``personal.unlockAccount(acct, pw, 300)`` loses its ``300`` to the prose-password rule (``pw`` then a
number), not listed as a control.
"""

from __future__ import annotations

import pytest
from redaction_helpers import check_secret_row, redact_text, row_params

_PK = "7bc4612476c0efecf6c2f708dfc3832cc31a72f6421f64ee9bd453abf694b927"
_PK2 = "b709a781d8c9d5c35065930ca5d74dedd2293123b4f42604ac39bab0f61155ad"
_PK3 = "e3267ff4c33e4e2fcbe7161e33600bd267ac60992ac792dba9b936fbc969ccbb"
_PK4 = "d6f2852f8d389888d7b77e776bf33c25d1406823ee924b2a124b271a79ba23bd"
_PK5 = "558c4d237295a631155a97f32447a6d554e1e9ddbfb598f48f96c4ff39c11b9b"
_PK6 = "c04025e4d3b1bb3a3f57fbbbdb14a117bfbf59480e98e99cfe2fea43bebfc654"
_H32 = "12964c86301e6aa000499016aa2d7036"
_H32B = "fd3d424bd18d6092fa571c98980c6663"
_H32C = "f4a72dbfeb45f37a577d6a482ea47c0a"
_SOL_B58 = "cALybfE29m3oaqf9PJVojHPnLnzk9QWVgmFqaykhtbMu6bHdqj1xKNyZ8J11eWmSzhymeaDw1m19thc4yNvNchF"
_SOL_ARR = "[192,105,250,232,151,207,217,251,48,198,165,217,255,192,31,101,119,81,198,212,162,124,134,172,5,153,120,214,200,133,246,170,31,248,117,88,183,86,82,118,97,31,194,117,51,64,132,150,17,77,247,40,186,50,136,58,66,25,57,177,146,179,140,70]"
_MNEMONIC = "tumble orbit vessel canyon hazard lemon script glide random velvet ozone fabric"
_MACAROON = "0201036c6e6402f801030a10" + _H32 + "1201301a160a0761646472657373120472656164120577726974651a130a04696e666f120472656164"
_P8 = ("-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgY9R46Kd4POSkWzab\n"
       "4CDxzoQdxLRDvt6JAir9BeeovmVHzdCspt0u4rAdoAoGCCqGSM49AwEHoUQDQgAE\n-----END PRIVATE KEY-----")

_P24 = ("meadow pencil rocket silver thunder unfold walnut zebra orbit vessel canyon hazard lemon script glide velvet "
        "ozone fabric tumble random ladder pulse shrimp wagon")
_ARR2 = ", ".join(str((i * 37 + 11) % 256) for i in range(64))

ROWS: list[tuple[str, str, tuple[str, ...]]] = [
    # -- bitcoind / litecoind / dogecoind / monerod --
    ('bitcoin_conf', '# ~/.bitcoin/bitcoin.conf\nserver=1\nrpcuser=btcrpc\nrpcpassword=Btc_Rpc_Pw_8812\nrpcallowip=127.0.0.1', ('Btc_Rpc_Pw_8812',)),
    ('bitcoin_conf', '[main]\nrpcpassword = Btc_Main_Pw_41\nrpcport=8332', ('Btc_Main_Pw_41',)),
    ('bitcoin_rpcauth', 'rpcauth=alice:b2dd077cb54591a2f3139e69a897ac1f$c2f3e8a1b4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1', ('c2f3e8a1b4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1',)),
    ('bitcoin_rpcauth', 'String to be appended to bitcoin.conf:\nrpcauth=bob:9a3f2e1d0c4b5a69$' + _PK2 + '\nYour password:\nRpcAuthOut_Pw_77', (_PK2, 'RpcAuthOut_Pw_77')),
    ('bitcoin_cli', 'bitcoin-cli -rpcuser=btcrpc -rpcpassword=BtcCli_Pw_9931 getblockchaininfo', ('BtcCli_Pw_9931',)),
    ('bitcoin_cli', 'bitcoind -daemon -rpcuser=node -rpcpassword="BtcD_Pw_2211" -txindex=1', ('BtcD_Pw_2211',)),
    ('bitcoin_cli', 'bitcoin-cli walletpassphrase "Wallet_Pass_Phr_55" 600', ('Wallet_Pass_Phr_55',)),
    ('bitcoin_cli', 'bitcoin-cli -named createwallet wallet_name=cold passphrase=ColdWal_Pw_8', ('ColdWal_Pw_8',)),
    ('bitcoin_cli', 'bitcoin-cli encryptwallet "Encrypt_Wal_Pw_31"', ('Encrypt_Wal_Pw_31',)),
    ('bitcoin_cli', 'bitcoin-cli importprivkey "KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn" "imported" false', ('KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn',)),
    ('bitcoin_dumpprivkey', '$ bitcoin-cli dumpprivkey bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\nL1aW4aubDFB7yfras2S1mN3bqg9nwySY8nkoLmJebSLD5BWv3ENZ', ('L1aW4aubDFB7yfras2S1mN3bqg9nwySY8nkoLmJebSLD5BWv3ENZ',)),
    ('bitcoin_xprv', 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LGbgbHbJYuiFEhQEe8MUTT5bKbpjUbXzqP', ('xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LGbgbHbJYuiFEhQEe8MUTT5bKbpjUbXzqP',)),
    ('bitcoin_descriptor', '"desc": "wpkh(tprv8ZgxMBicQKsPd9TeAdPADNnSyH9SSUUbTVeFszDE23Ki6TBB5nCefAdHkK8Fm3qMQR6sHwA56zqRmKmxnHk37JkiFzvncDqoKmPWubu7hDF/84h/1h/0h/0/*)#q3s8l2fm"', ('tprv8ZgxMBicQKsPd9TeAdPADNnSyH9SSUUbTVeFszDE23Ki6TBB5nCefAdHkK8Fm3qMQR6sHwA56zqRmKmxnHk37JkiFzvncDqoKmPWubu7hDF',)),
    ('litecoin_conf', '# litecoin.conf\nrpcuser=ltc\nrpcpassword=Ltc_Rpc_Pw_4410', ('Ltc_Rpc_Pw_4410',)),
    ('dogecoin_conf', 'dogecoind -rpcuser=doge -rpcpassword=Doge_Much_Pw_7', ('Doge_Much_Pw_7',)),
    ('electrum', 'electrum setconfig rpcpassword ElecRpc_Pw_612', ('ElecRpc_Pw_612',)),
    ('monero', 'monerod --rpc-login monero:Xmr_Rpc_Pw_9021 --rpc-bind-port 18081', ('Xmr_Rpc_Pw_9021',)),
    ('monero', 'monero-wallet-rpc --wallet-file w1 --password "XmrWal_Pw_66" --rpc-login rpc:XmrWalRpc_Pw_12 --rpc-bind-port 18083', ('XmrWal_Pw_66', 'XmrWalRpc_Pw_12')),
    ('monero', 'monero-wallet-cli --wallet-file main --password=XmrCli_Pw_101 --daemon-address node:18081', ('XmrCli_Pw_101',)),
    ('monero', '# monerod.conf\nrpc-login=xmr:XmrConf_Pw_7781\nrestricted-rpc=1', ('XmrConf_Pw_7781',)),
    ('monero_spendkey', 'Secret spend key: ' + _PK3, (_PK3,)),
    ('monero_viewkey', 'secret view key: ' + _PK4, (_PK4,)),
    ('zcash_conf', '# zcash.conf\nrpcuser=zec\nrpcpassword=Zec_Rpc_Pw_2031', ('Zec_Rpc_Pw_2031',)),
    # -- geth / clef / besu / erigon --
    ('geth', 'geth --datadir /srv/eth --unlock 0x71cef535a9c3e595bb1c827fe96f22925c3355fa --password /srv/eth/pw.txt\n$ cat /srv/eth/pw.txt\nGethUnlock_Pw_55', ('GethUnlock_Pw_55',)),
    ('geth_console', '> personal.unlockAccount("0x71cef535a9c3e595bb1c827fe96f22925c3355fa", "GethCons_Pw_812", 300)', ('GethCons_Pw_812',)),
    ('geth_console', 'personal.unlockAccount(eth.accounts[0], "GethAcc_Pw_3301")', ('GethAcc_Pw_3301',)),
    ('geth_console', 'personal.newAccount("GethNew_Pw_771")', ('GethNew_Pw_771',)),
    ('geth_console', 'personal.importRawKey("' + _PK5 + '", "GethImp_Pw_66")', (_PK5, 'GethImp_Pw_66')),
    ('web3_py', 'w3.geth.personal.unlock_account(acct, "Web3Py_Unlock_Pw9", 15)', ('Web3Py_Unlock_Pw9',)),
    ('clef', 'clef --keystore ~/.ethereum/keystore --chainid 1\nPlease enter the password to decrypt the master seed\nPassword: ClefMaster_Pw_83', ('ClefMaster_Pw_83',)),
    ('clef', 'clef setpw 0x71cef535a9c3e595bb1c827fe96f22925c3355fa\nPlease enter a password to store for this address:\nPassword: ClefSetpw_Pw_12', ('ClefSetpw_Pw_12',)),
    ('geth_jwt', '$ cat /secrets/jwt.hex\n0x' + _PK6, (_PK6,)),
    ('besu', 'besu --rpc-http-authentication-enabled --node-private-key-file=key\nbesu.key: 0x' + _PK, (_PK,)),
    ('eth_keystore', '{"address":"71cef535a9c3e595bb1c827fe96f22925c3355fa","crypto":{"cipher":"aes-128-ctr","ciphertext":"' + _PK2 + '","cipherparams":{"iv":"' + _H32 + '"},"kdf":"scrypt","kdfparams":{"dklen":32,"n":262144,"p":1,"r":8,"salt":"' + _PK3 + '"},"mac":"' + _PK4 + '"},"id":"3198bc9c-6672-5ab3-d995-4942343ae5b6","version":3}', (_PK2,)),
    ('eth_keystore', '{\n  "crypto": {\n    "cipher": "aes-128-ctr",\n    "ciphertext": "' + _PK5 + '",\n    "kdf": "pbkdf2"\n  }\n}', (_PK5,)),
    # -- raw private keys in .env and code --
    ('env_private_key', 'PRIVATE_KEY=0x' + _PK, (_PK,)),
    ('env_private_key', 'DEPLOYER_PRIVATE_KEY="' + _PK2 + '"', (_PK2,)),
    ('env_private_key', 'DEPLOYER_KEY=0x' + _PK3, (_PK3,)),
    ('env_private_key', 'export ETH_PRIVATE_KEY=' + _PK4, (_PK4,)),
    ('env_private_key', 'OWNER_PK=0x' + _PK5 + '\nRELAYER_PK=0x' + _PK6, (_PK5, _PK6)),
    ('env_private_key', 'SIGNER_KEY: "0x' + _PK + '"', (_PK,)),
    ('env_mnemonic', 'MNEMONIC="' + _MNEMONIC + '"', (_MNEMONIC,)),
    ('env_mnemonic', 'SEED_PHRASE=' + _MNEMONIC.replace(' ', ' '), ('tumble orbit vessel canyon',)),
    ('env_mnemonic', 'export WALLET_MNEMONIC="' + _MNEMONIC + '"', (_MNEMONIC,)),
    ('hardhat', 'module.exports = {\n  networks: {\n    sepolia: {\n      url: "https://sepolia.infura.io/v3/' + _H32 + '",\n      accounts: ["0x' + _PK2 + '"],\n    },\n  },\n};', (_H32, _PK2)),
    ('hardhat', "    mainnet: { url: 'https://eth-mainnet.g.alchemy.com/v2/Y9R46Kd4POSkWzab4CDxzoQdxLRDvt6J', accounts: ['" + _PK3 + "'] },", ('Y9R46Kd4POSkWzab4CDxzoQdxLRDvt6J', _PK3)),
    ('hardhat', '      accounts: {\n        mnemonic: "' + _MNEMONIC + '",\n        path: "m/44\'/60\'/0\'/0",\n      },', (_MNEMONIC,)),
    ('hardhat', 'etherscan: {\n    apiKey: "ABCD1234EFGH5678IJKL9012MNOP3456QR",\n  },', ('ABCD1234EFGH5678IJKL9012MNOP3456QR',)),
    ('hardhat', 'etherscan: { apiKey: { mainnet: "ZX9QW8ER7TY6UI5OP4AS3DF2GH1JK0LMN1", polygon: "PQ2WE3RT4YU5IO6PA7SD8FG9HJ0KL1ZXC2" } }', ('ZX9QW8ER7TY6UI5OP4AS3DF2GH1JK0LMN1', 'PQ2WE3RT4YU5IO6PA7SD8FG9HJ0KL1ZXC2')),
    ('hardhat_vars', 'npx hardhat vars set SEPOLIA_PRIVATE_KEY ' + _PK4, (_PK4,)),
    ('foundry', 'forge create src/Token.sol:Token --rpc-url $RPC --private-key 0x' + _PK5, (_PK5,)),
    ('foundry', 'forge script script/Deploy.s.sol --rpc-url https://mainnet.infura.io/v3/' + _H32B + ' --private-key=' + _PK6 + ' --broadcast', (_H32B, _PK6)),
    ('foundry', 'cast send 0x71cef535a9c3e595bb1c827fe96f22925c3355fa "transfer(address,uint256)" 0xcb933ced0fa600abf3531e8206721abcaf5f81fe 1000 --private-key ' + _PK, (_PK,)),
    ('foundry', 'cast wallet import deployer --private-key 0x' + _PK2, (_PK2,)),
    ('foundry', 'cast wallet address --mnemonic "' + _MNEMONIC + '"', (_MNEMONIC,)),
    ('foundry', '$ cast wallet new\nSuccessfully created new keypair.\nAddress:     0xcb933ced0fa600abf3531e8206721abcaf5f81fe\nPrivate key: 0x' + _PK3, (_PK3,)),
    ('foundry_toml', '[etherscan]\nmainnet = { key = "KJ7HG6FD5SA4QW3ER2TY1UI0OP9LZ8XC7V" }\n[rpc_endpoints]\nmainnet = "https://eth-mainnet.g.alchemy.com/v2/aaBX3cPmoIgY41fENNMil8CF3TReZbJq"', ('KJ7HG6FD5SA4QW3ER2TY1UI0OP9LZ8XC7V', 'aaBX3cPmoIgY41fENNMil8CF3TReZbJq')),
    ('truffle', "const mnemonic = fs.readFileSync('.secret').toString().trim();\n// .secret\n" + _MNEMONIC, (_MNEMONIC,)),
    ('truffle', "provider: () => new HDWalletProvider('" + _MNEMONIC + "', `https://goerli.infura.io/v3/" + _H32C + "`),", (_MNEMONIC, _H32C)),
    ('truffle', 'new HDWalletProvider({ privateKeys: ["' + _PK4 + '"], providerOrUrl: rpcUrl })', (_PK4,)),
    ('ethers', 'const wallet = new ethers.Wallet("0x' + _PK5 + '", provider);', (_PK5,)),
    ('ethers', 'const wallet = ethers.Wallet.fromPhrase("' + _MNEMONIC + '");', (_MNEMONIC,)),
    ('web3js', 'const account = web3.eth.accounts.privateKeyToAccount("0x' + _PK6 + '");', (_PK6,)),
    ('web3py', 'acct = Account.from_key("0x' + _PK + '")', (_PK,)),
    ('web3py', 'signed = w3.eth.account.sign_transaction(tx, private_key="' + _PK2 + '")', (_PK2,)),
    ('viem', "const account = privateKeyToAccount('0x" + _PK3 + "')", (_PK3,)),
    ('brownie', 'brownie accounts new deployer\nEnter the private key you wish to add: 0x' + _PK4, (_PK4,)),
    ('brownie', 'wallets:\n  from_key: "' + _PK5 + '"', (_PK5,)),
    ('ape', 'ape accounts import deployer\nEnter Private Key: ' + _PK6, (_PK6,)),
    ('metamask_export', 'Exported private key (Account 1): ' + _PK, (_PK,)),
    ('secret_file', '$ cat .secret\n' + _PK2, (_PK2,)),
    # -- Solana --
    ('solana_keypair', '$ cat ~/.config/solana/id.json\n' + _SOL_ARR, ('192,105,250,232,151,207,217,251',)),
    ('solana_keypair', 'SOLANA_PRIVATE_KEY=' + _SOL_ARR, ('192,105,250,232,151,207,217,251',)),
    ('solana_keypair', 'const secret = Uint8Array.from(' + _SOL_ARR + ');\nconst payer = Keypair.fromSecretKey(secret);', ('192,105,250,232,151,207,217,251',)),
    ('solana_b58', 'SOLANA_SECRET_KEY=' + _SOL_B58, (_SOL_B58,)),
    ('solana_b58', 'const payer = Keypair.fromSecretKey(bs58.decode("' + _SOL_B58 + '"));', (_SOL_B58,)),
    ('solana_b58', 'phantom export: private key\n' + _SOL_B58, (_SOL_B58,)),
    ('solana_keygen', 'solana-keygen new --outfile key.json\nSave this seed phrase and your BIP39 passphrase to recover your new keypair:\n' + _MNEMONIC, (_MNEMONIC,)),
    # -- Lightning --
    ('lnd_macaroon', 'LND_MACAROON=' + _MACAROON, (_MACAROON,)),
    ('lnd_macaroon', '$ xxd -ps -u -c 1000 ~/.lnd/data/chain/bitcoin/mainnet/admin.macaroon\n' + _MACAROON.upper(), (_MACAROON.upper(),)),
    ('lnd_macaroon', 'curl -X GET --cacert tls.cert --header "Grpc-Metadata-macaroon: ' + _MACAROON + '" https://localhost:8080/v1/getinfo', (_MACAROON,)),
    ('lnd_conf', '[Application Options]\nwallet-unlock-password-file=/secrets/pw\n[Bitcoind]\nbitcoind.rpcuser=lnd\nbitcoind.rpcpass=LndBtcd_Pw_88', ('LndBtcd_Pw_88',)),
    ('lnd_unlock', 'lncli unlock\nInput wallet password: LndWallet_Pw_2045', ('LndWallet_Pw_2045',)),
    ('clightning', '# ~/.lightning/config\nbitcoin-rpcuser=cln\nbitcoin-rpcpassword=ClnBtc_Pw_5110', ('ClnBtc_Pw_5110',)),
    ('lnbits', 'LNBITS_ADMIN_KEY=' + _H32 + '\nLNBITS_INVOICE_KEY=' + _H32B, (_H32, _H32B)),
    ('lndconnect', 'lndconnect://node.example.org:10009?cert=MIICiDCCAi&macaroon=AgEDbG5kAvgBAwoQs7ZnG3tJ9mM', ('AgEDbG5kAvgBAwoQs7ZnG3tJ9mM',)),
    # -- RPC providers and explorers --
    ('infura', 'ETH_RPC_URL=https://mainnet.infura.io/v3/' + _H32, (_H32,)),
    ('infura', 'INFURA_PROJECT_ID=' + _H32B + '\nINFURA_PROJECT_SECRET=' + _H32C, (_H32C,)),
    ('infura', 'wss://polygon-mainnet.infura.io/ws/v3/' + _H32C, (_H32C,)),
    ('alchemy', 'ALCHEMY_API_KEY=J7wfrxG2tDIopdeoCtd2hB4J5q3AU7Rh', ('J7wfrxG2tDIopdeoCtd2hB4J5q3AU7Rh',)),
    ('alchemy', 'const provider = new ethers.JsonRpcProvider("https://arb-mainnet.g.alchemy.com/v2/iSWu2ARU3wYFyFRFGe1zvyuAtsECaVpe");', ('iSWu2ARU3wYFyFRFGe1zvyuAtsECaVpe',)),
    ('alchemy', 'const settings = { apiKey: "qeOI6KdZic4agM6nHFCsnfsJ3utFj3NC", network: Network.ETH_MAINNET };', ('qeOI6KdZic4agM6nHFCsnfsJ3utFj3NC',)),
    ('quicknode', 'RPC=https://wandering-wispy-star.quiknode.pro/' + _H32 + 'a1b2c3d4/', (_H32 + 'a1b2c3d4',)),
    ('ankr', 'https://rpc.ankr.com/eth/' + _PK3, (_PK3,)),
    ('helius', 'SOLANA_RPC=https://mainnet.helius-rpc.com/?api-key=3f6a9b2c-1d4e-4f8a-9b0c-7e5d2a1f6c3b', ('3f6a9b2c-1d4e-4f8a-9b0c-7e5d2a1f6c3b',)),
    ('etherscan', 'ETHERSCAN_API_KEY=ABCD1234EFGH5678IJKL9012MNOP3456QR', ('ABCD1234EFGH5678IJKL9012MNOP3456QR',)),
    ('etherscan', 'curl "https://api.etherscan.io/api?module=account&action=balance&address=0xcb933ced0fa600abf3531e8206721abcaf5f81fe&apikey=YZ7WX6VU5TS4RQ3PO2NM1LK0JI9HG8FE7D"', ('YZ7WX6VU5TS4RQ3PO2NM1LK0JI9HG8FE7D',)),
    ('walletconnect', 'WALLETCONNECT_SECRET=wc_sec_' + _H32, (_H32,)),
    ('moralis', 'MORALIS_API_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJub25jZSI6IjEyMyJ9.x8kL2mZ8xW1vB7nC4dE5fG6hJ7kL8mN9pQ0rS1tU2vW', ('x8kL2mZ8xW1vB7nC4dE5fG6hJ7kL8mN9pQ0rS1tU2vW',)),
    ('tenderly', 'TENDERLY_ACCESS_KEY=Air9BeeovmVHzdCspt0u4rAdJ7wfrxG2', ('Air9BeeovmVHzdCspt0u4rAdJ7wfrxG2',)),
    # -- payments: Stripe --
    ('stripe', 'STRIPE_SECRET_KEY=sk_live_51HqLyjWDarjtT1zdp7dcXyz0Q8vR3mN2pL6kJ4hG9fD1sA', ('sk_live_51HqLyjWDarjtT1zdp7dcXyz0Q8vR3mN2pL6kJ4hG9fD1sA',)),
    ('stripe', "const stripe = require('stripe')('sk_live_51HqLyjWDarjtT1zdp7dcXyz0Q8vR3mN2pL6kJ4hG9fD1sB');", ('sk_live_51HqLyjWDarjtT1zdp7dcXyz0Q8vR3mN2pL6kJ4hG9fD1sB',)),
    ('stripe', 'stripe.api_key = "rk_live_51HqLyjWDarjtT1zdRestrict9Q8vR3mN2pL6kJ4hG9fD"', ('rk_live_51HqLyjWDarjtT1zdRestrict9Q8vR3mN2pL6kJ4hG9fD',)),
    ('stripe', 'STRIPE_WEBHOOK_SECRET=whsec_' + _H32 + _H32B, ('whsec_' + _H32 + _H32B,)),
    ('stripe', '$ stripe listen --forward-to localhost:4242/webhook\nReady! Your webhook signing secret is whsec_8f2a1c9d7e3b5a6f4c0d2e1b9a8c7d6e (^C to quit)', ('whsec_8f2a1c9d7e3b5a6f4c0d2e1b9a8c7d6e',)),
    ('stripe', 'curl https://api.stripe.com/v1/charges -u sk_test_4eC39HqLyjWDarjtT1zdp7dcQx9:', ('sk_test_4eC39HqLyjWDarjtT1zdp7dcQx9',)),
    ('stripe', 'Stripe::Stripe.set_api_key("sk_live_51QrStUvWxYz0123AbCdEfGh4567IjKlMnOp89");', ('sk_live_51QrStUvWxYz0123AbCdEfGh4567IjKlMnOp89',)),
    ('stripe_pk', 'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_51HqLyjWDarjtT1zdPubKey9Q8vR3mN2pL6kJ4hG', ('pk_live_51HqLyjWDarjtT1zdPubKey9Q8vR3mN2pL6kJ4hG',)),
    # -- Adyen, Braintree, PayPal --
    ('adyen', 'ADYEN_API_KEY=AQEyhmfxK4zJbBZDw0m/n3Q5qf3VaY9UCJ14XWZE03G/k2NFikzVGEiYj+4vtPfR9qUOBQgw3tACOwjGTA==-q7nB0qmRwvGf5rWiuS1s2+XlN8dKj3yVT4HzmO6oPaE=-Ct9k2AsR4qM7nXbY', ('AQEyhmfxK4zJbBZDw0m/n3Q5qf3VaY9UCJ14XWZE03G/k2NFikzVGEiYj+4vtPfR9qUOBQgw3tACOwjGTA==-q7nB0qmRwvGf5rWiuS1s2+XlN8dKj3yVT4HzmO6oPaE=-Ct9k2AsR4qM7nXbY',)),
    ('adyen', 'ADYEN_HMAC_KEY=' + _PK.upper(), (_PK.upper(),)),
    ('adyen', 'client.xApiKey = "AQEqhmfxLI/NbhJLw0m/n3Q5qf3Ve59IHZpNWGRY0DEXZsTR5ZNbw3KhVGTqBESDcUQwMjFmNmI=-u8bR3kL9pQ2mN7vX4cZ1sD6fG0hJ5tY";', ('AQEqhmfxLI/NbhJLw0m/n3Q5qf3Ve59IHZpNWGRY0DEXZsTR5ZNbw3KhVGTqBESDcUQwMjFmNmI=-u8bR3kL9pQ2mN7vX4cZ1sD6fG0hJ5tY',)),
    ('braintree', 'gateway = braintree.BraintreeGateway(\n    braintree.Configuration(\n        braintree.Environment.Production,\n        merchant_id="m4ntk3x9q2",\n        public_key="pbk7w2z8r4",\n        private_key="' + _H32 + '"\n    )\n)', (_H32,)),
    ('braintree', 'BRAINTREE_PRIVATE_KEY=' + _H32B, (_H32B,)),
    ('braintree', 'Braintree::Gateway.new(environment: :production, merchant_id: "m1", public_key: "p1", private_key: "' + _H32C + '")', (_H32C,)),
    ('paypal', 'PAYPAL_CLIENT_ID=AeB7xQ2mN9vL4kJ8hG3fD6sA1pO5iU0yTrEwQ\nPAYPAL_CLIENT_SECRET=EK3mN9vL4kJ8hG3fD6sA1pO5iU0yTrEwQzXcVbNmLkJhGfDsApOiUyT', ('EK3mN9vL4kJ8hG3fD6sA1pO5iU0yTrEwQzXcVbNmLkJhGfDsApOiUyT',)),
    ('paypal', 'curl -v https://api-m.paypal.com/v1/oauth2/token -u "AeB7xQ2mN9vL4kJ8hG3fD6sA:EK3mN9vL4kJ8hG3fD6sA1pO5iU0yTrEwQ" -d "grant_type=client_credentials"', ('EK3mN9vL4kJ8hG3fD6sA1pO5iU0yTrEwQ',)),
    ('paypal', "paypalrestsdk.configure({\n  'mode': 'live',\n  'client_id': 'AeB7xQ2mN9vL4kJ8hG3fD6sA',\n  'client_secret': 'EPq9Wz3Xr7Ty5Uv1Io0Pa8Sd6Fg4Hj2Kl' })", ('EPq9Wz3Xr7Ty5Uv1Io0Pa8Sd6Fg4Hj2Kl',)),
    # -- Razorpay, Mollie, Paystack, Flutterwave, Square --
    ('razorpay', 'client = razorpay.Client(auth=("rzp_live_Xy7Qw2Er9Tz4Ui", "Rzp9SecretKeyQw2Er7Ty5Ui1Op"))', ('Rzp9SecretKeyQw2Er7Ty5Ui1Op',)),
    ('razorpay', 'RAZORPAY_KEY_ID=rzp_live_Xy7Qw2Er9Tz4Ui\nRAZORPAY_KEY_SECRET=Qw2Er7Ty5Ui1OpAs3Df4Gh6J', ('Qw2Er7Ty5Ui1OpAs3Df4Gh6J',)),
    ('razorpay', 'new Razorpay({ key_id: "rzp_live_Xy7Qw2Er9Tz4Ui", key_secret: "Zx8Cv6Bn4Mm2Ll0Kk9Jj7Hh5" })', ('Zx8Cv6Bn4Mm2Ll0Kk9Jj7Hh5',)),
    ('mollie', '$mollie->setApiKey("live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM");', ('live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',)),
    ('mollie', 'MOLLIE_API_KEY=live_k9JmN3bV7cX2zQ5wE8rT1yU4iO6pAs', ('live_k9JmN3bV7cX2zQ5wE8rT1yU4iO6pAs',)),
    ('paystack', 'PAYSTACK_SECRET_KEY=sk_live_' + _H32 + 'a1b2c3d4', ('sk_live_' + _H32 + 'a1b2c3d4',)),
    ('paystack', 'curl https://api.paystack.co/transaction/initialize -H "Authorization: Bearer sk_live_' + _H32B + '0f9e8d7c"', ('sk_live_' + _H32B + '0f9e8d7c',)),
    ('flutterwave', 'FLW_SECRET_KEY=FLWSECK-' + _H32 + '-X', ('FLWSECK-' + _H32 + '-X',)),
    ('flutterwave', "const flw = new Flutterwave('FLWPUBK-" + _H32B + "-X', 'FLWSECK-" + _H32C + "-X');", ('FLWSECK-' + _H32C + '-X',)),
    ('flutterwave', 'FLW_ENCRYPTION_KEY=FLWSECK4f9e8d7c6b5a', ('FLWSECK4f9e8d7c6b5a',)),
    ('square', 'SQUARE_ACCESS_TOKEN=EAAAEOuLQObrVwJvCvoio3c3bX8kL2mZ8xW1vB7nC4dE5fG6hJ7kL8mN9pQ0rS1t', ('EAAAEOuLQObrVwJvCvoio3c3bX8kL2mZ8xW1vB7nC4dE5fG6hJ7kL8mN9pQ0rS1t',)),
    ('square', 'SQUARE_APPLICATION_SECRET=sq0csp-Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0Df', ('sq0csp-Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0Df',)),
    ('square', 'client = Client(access_token="EAAAl8mN9pQ0rS1tU2vW3xY4zA5bC6dE7fG8hJ9kL0mN1pQ2rS3tU4vW5xY6", environment="production")', ('EAAAl8mN9pQ0rS1tU2vW3xY4zA5bC6dE7fG8hJ9kL0mN1pQ2rS3tU4vW5xY6',)),
    # -- Checkout.com, Klarna, GoCardless, Authorize.Net, Worldpay, Plaid, others --
    ('checkout', 'CKO_SECRET_KEY=sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e', ('sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e',)),
    ('checkout', 'api = checkout_sdk.DefaultSdk().secret_key("sk_3f9a2c7e-1b4d-4e8f-a6c5-9d0e2b7f1a3c").environment(Environment.production()).build()', ('sk_3f9a2c7e-1b4d-4e8f-a6c5-9d0e2b7f1a3c',)),
    ('klarna', 'KLARNA_USERNAME=PK12345_1a2b3c4d5e6f\nKLARNA_PASSWORD=Kl4rn4Shared_Secret_77', ('Kl4rn4Shared_Secret_77',)),
    ('klarna', 'curl -u "PK12345_1a2b3c4d5e6f:KlarnaCurl_Pw_909" https://api.klarna.com/payments/v1/sessions', ('KlarnaCurl_Pw_909',)),
    ('gocardless', 'GOCARDLESS_ACCESS_TOKEN=live_Xy7Qw2Er9Tz4UiOp5As3Df4Gh6Jk8Lz0Xc2Vb', ('live_Xy7Qw2Er9Tz4UiOp5As3Df4Gh6Jk8Lz0Xc2Vb',)),
    ('gocardless', "client = gocardless_pro.Client(access_token='live_Mn8Bv6Cx4Zl2Kj0Hg9Fd7Sa5Qw3Er1Ty', environment='live')", ('live_Mn8Bv6Cx4Zl2Kj0Hg9Fd7Sa5Qw3Er1Ty',)),
    ('gocardless', 'GOCARDLESS_WEBHOOK_SECRET=GcWhk_Secret_Q9w8E7r6', ('GcWhk_Secret_Q9w8E7r6',)),
    ('authorizenet', 'merchantAuthentication.setName("5KP3u95bQpv");\nmerchantAuthentication.setTransactionKey("346HZ32z3fP4hTG2");', ('346HZ32z3fP4hTG2',)),
    ('authorizenet', '"merchantAuthentication": {\n  "name": "5KP3u95bQpv",\n  "transactionKey": "7Wq2Er9Tz4Ui6Op5"\n}', ('7Wq2Er9Tz4Ui6Op5',)),
    ('authorizenet', 'AUTHORIZE_NET_TRANSACTION_KEY=8Zx7Cv6Bn5Mm4Ll3', ('8Zx7Cv6Bn5Mm4Ll3',)),
    ('authorizenet', 'AUTHNET_SIGNATURE_KEY=' + (_PK + _PK2).upper(), ((_PK + _PK2).upper(),)),
    ('worldpay', 'WORLDPAY_SERVICE_KEY=T_S_3f9a2c7e-1b4d-4e8f-a6c5-9d0e2b7f1a3c', ('T_S_3f9a2c7e-1b4d-4e8f-a6c5-9d0e2b7f1a3c',)),
    ('worldpay', '<merchant username="MERCH01" password="WorldpayXml_Pw_33"/>', ('WorldpayXml_Pw_33',)),
    ('plaid', 'PLAID_CLIENT_ID=5e9a1b2c3d4e5f6a7b8c9d0e\nPLAID_SECRET=' + _H32[:30], (_H32[:30],)),
    ('plaid', "configuration = plaid.Configuration(host=plaid.Environment.Production, api_key={'clientId': '5e9a1b2c3d4e5f6a7b8c9d0e', 'secret': '" + _H32B[:30] + "'})", (_H32B[:30],)),
    ('plaid', 'PLAID_ACCESS_TOKEN=access-production-3f9a2c7e-1b4d-4e8f-a6c5-9d0e2b7f1a3c', ('access-production-3f9a2c7e-1b4d-4e8f-a6c5-9d0e2b7f1a3c',)),
    ('coinbase_commerce', 'COINBASE_COMMERCE_API_KEY=3f9a2c7e-1b4d-4e8f-a6c5-9d0e2b7f1a3d\nCOINBASE_COMMERCE_WEBHOOK_SECRET=8b7c6d5e-4f3a-2b1c-0d9e-8f7a6b5c4d3e', ('3f9a2c7e-1b4d-4e8f-a6c5-9d0e2b7f1a3d', '8b7c6d5e-4f3a-2b1c-0d9e-8f7a6b5c4d3e')),
    ('mercadopago', 'MERCADOPAGO_ACCESS_TOKEN=APP_USR-1234567890123456-070812-' + _H32 + '-123456789', ('APP_USR-1234567890123456-070812-' + _H32 + '-123456789',)),
    ('payment_yaml', 'payments:\n  stripe:\n    secret_key: sk_live_51ZzYyXxWwVvUuTtSsRrQqPpOoNnMmLlKk\n    webhook_secret: whsec_' + _H32C, ('sk_live_51ZzYyXxWwVvUuTtSsRrQqPpOoNnMmLlKk', 'whsec_' + _H32C)),
    ('payment_log', '2026-11-30T10:12:03Z DEBUG stripe: Request to /v1/payment_intents with api_key=sk_live_51LogLeakAbCdEfGh1234IjKlMnOp5678', ('sk_live_51LogLeakAbCdEfGh1234IjKlMnOp5678',)),
    # -- fastlane / App Store Connect --
    ('fastlane_env', 'MATCH_PASSWORD=MatchRepo_Pw_8812\nFASTLANE_USER=ios@example.com\nFASTLANE_PASSWORD=FlApple_Pw_3391', ('MatchRepo_Pw_8812', 'FlApple_Pw_3391')),
    ('fastlane_env', 'FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=abcd-efgh-ijkl-mnop', ('abcd-efgh-ijkl-mnop',)),
    ('fastlane_env', 'export FASTLANE_SESSION=\'---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: DAWTKNV2e32a0823580640561dc9dfd382265048c32c2\'', ('DAWTKNV2e32a0823580640561dc9dfd382265048c32c2',)),
    ('fastlane_env', 'MATCH_GIT_BASIC_AUTHORIZATION=' + 'Y2k6Z2hwX0FiQ2RFZkdoMTIzNDU2Nzg5MGlKa0xtTm9QcVJzVA==', ('Y2k6Z2hwX0FiQ2RFZkdoMTIzNDU2Nzg5MGlKa0xtTm9QcVJzVA==',)),
    ('fastfile', 'lane :beta do\n  match(type: "appstore", readonly: true, git_url: "git@github.com:acme/certs.git", password: "FfMatch_Pw_72")\nend', ('FfMatch_Pw_72',)),
    ('fastfile', 'app_store_connect_api_key(\n  key_id: "D383SF739",\n  issuer_id: "6053b7fe-68a8-4acb-89be-165aa6465141",\n  key_content: "' + _P8.replace('\n', '\\n') + '",\n)', ('Y9R46Kd4POSkWzab',)),
    ('fastfile', 'unlock_keychain(path: "ci.keychain", password: "Keych_Unlock_Pw_4")', ('Keych_Unlock_Pw_4',)),
    ('fastfile', 'create_keychain(name: "ci", password: "CreateKc_Pw_19", default_keychain: true, unlock: true)', ('CreateKc_Pw_19',)),
    ('fastfile', 'import_certificate(certificate_path: "dist.p12", certificate_password: "P12Import_Pw_5", keychain_name: "ci")', ('P12Import_Pw_5',)),
    ('fastfile', 'upload_to_play_store(track: "internal", json_key_data: \'{"type":"service_account","private_key":"' + _P8.replace('\n', '\\n') + '"}\')', ('Y9R46Kd4POSkWzab',)),
    ('matchfile', 'git_url("https://ios-bot:ghp_Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0DfGh12@github.com/acme/certs")\nstorage_mode("git")\ntype("appstore")', ('ghp_Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0DfGh12',)),
    ('appfile', 'apple_id("ios@example.com")\nitc_team_id("118822")\n# app-specific password: qwer-tyui-opas-dfgh', ('qwer-tyui-opas-dfgh',)),
    ('asc_key_json', '{\n  "key_id": "D383SF739",\n  "issuer_id": "6053b7fe-68a8-4acb-89be-165aa6465141",\n  "key": "' + _P8.replace('\n', '\\n') + '",\n  "in_house": false\n}', ('Y9R46Kd4POSkWzab',)),
    ('asc_p8', '$ cat AuthKey_D383SF739.p8\n' + _P8, ('Y9R46Kd4POSkWzab',)),
    ('asc_env', 'APP_STORE_CONNECT_API_KEY_KEY=' + _P8.split('\n')[1], (_P8.split('\n')[1],)),
    ('altool', 'xcrun altool --upload-app -f App.ipa -t ios -u ios@example.com -p "zxcv-bnma-sdfg-hjkl"', ('zxcv-bnma-sdfg-hjkl',)),
    ('notarytool', 'xcrun notarytool store-credentials "AC_NOTARY" --apple-id dev@example.com --team-id ABCDE12345 --password "poiu-ytre-wqlk-jhgf"', ('poiu-ytre-wqlk-jhgf',)),
    ('security_cli', 'security import dist.p12 -k ~/Library/Keychains/ci.keychain -P "SecImp_P12_Pw_3" -T /usr/bin/codesign', ('SecImp_P12_Pw_3',)),
    ('security_cli', 'security unlock-keychain -p "KcUnlock_Pw_88" ci.keychain', ('KcUnlock_Pw_88',)),
    # -- Android signing --
    ('keystore_properties', 'storePassword=AndStore_Pw_912\nkeyPassword=AndKey_Pw_913\nkeyAlias=upload\nstoreFile=upload-keystore.jks', ('AndStore_Pw_912', 'AndKey_Pw_913')),
    ('gradle_properties', 'MYAPP_UPLOAD_STORE_PASSWORD=RnUpload_Pw_71\nMYAPP_UPLOAD_KEY_PASSWORD=RnUpKey_Pw_72', ('RnUpload_Pw_71', 'RnUpKey_Pw_72')),
    ('gradle_properties', 'android.injected.signing.store.password=Injected_Pw_55\nandroid.injected.signing.key.password=InjKey_Pw_56', ('Injected_Pw_55', 'InjKey_Pw_56')),
    ('build_gradle_kts', 'signingConfigs {\n    create("release") {\n        storeFile = file("release.jks")\n        storePassword = "KtsStore_Pw_31"\n        keyAlias = "release"\n        keyPassword = "KtsKey_Pw_32"\n    }\n}', ('KtsStore_Pw_31', 'KtsKey_Pw_32')),
    ('jarsigner', 'jarsigner -verbose -sigalg SHA256withRSA -keystore my.jks -storepass JarStore_Pw_44 -keypass JarKey_Pw_45 app.apk alias', ('JarStore_Pw_44', 'JarKey_Pw_45')),
    ('apksigner', 'apksigner sign --ks release.jks --ks-key-alias upload --ks-pass pass:ApkStore_Pw_61 --key-pass pass:ApkKey_Pw_62 app.apk', ('ApkStore_Pw_61', 'ApkKey_Pw_62')),
    ('bundletool', 'java -jar bundletool.jar build-apks --bundle=app.aab --output=app.apks --ks=up.jks --ks-pass=pass:BtStore_Pw_81 --ks-key-alias=up --key-pass=pass:BtKey_Pw_82', ('BtStore_Pw_81', 'BtKey_Pw_82')),
    ('keytool', 'keytool -genkeypair -v -keystore upload.jks -alias upload -keyalg RSA -storepass KtGen_Pw_11 -keypass KtGenKey_Pw_12 -dname "CN=Acme"', ('KtGen_Pw_11', 'KtGenKey_Pw_12')),
    ('gradle_cli', './gradlew assembleRelease -Pandroid.injected.signing.store.password=GrCli_Pw_77 -Pandroid.injected.signing.key.password=GrCliKey_Pw_78', ('GrCli_Pw_77', 'GrCliKey_Pw_78')),
    ('ci_env', 'ANDROID_KEYSTORE_PASSWORD: ${{ secrets.KS }}\nSIGNING_STORE_PASSWORD=CiSign_Pw_901', ('CiSign_Pw_901',)),
    # -- Expo, CodePush, Firebase, Play, push and crash services --
    ('expo', 'EXPO_TOKEN=Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0DfGh12Jk', ('Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0DfGh12Jk',)),
    ('expo', 'eas secret:create --scope project --name SENTRY_AUTH_TOKEN --value sntrys_eyJpYXQiOjE3MDAwMDAwMDB9_Qw2Er9Tz4Ui6Op5As3Df4Gh6Jk8Lz0Xc2Vb --type string', ('sntrys_eyJpYXQiOjE3MDAwMDAwMDB9_Qw2Er9Tz4Ui6Op5As3Df4Gh6Jk8Lz0Xc2Vb',)),
    ('expo', 'eas env:create --name API_SECRET --value "EasEnv_Secret_Val_55" --environment production --visibility secret', ('EasEnv_Secret_Val_55',)),
    ('codepush', '$ appcenter codepush deployment list -a acme/app -k\n| Production | Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0DfGh12JkLz |', ('Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0DfGh12JkLz',)),
    ('codepush', '<string name="CodePushDeploymentKey">Qw2Er9Tz4Ui6Op5As3Df4Gh6Jk8Lz0Xc2VbNm</string>', ('Qw2Er9Tz4Ui6Op5As3Df4Gh6Jk8Lz0Xc2VbNm',)),
    ('codepush', '<key>CodePushDeploymentKey</key>\n<string>Zx8Cv6Bn4Mm2Ll0Kk9Jj7Hh5Gg3Ff1Dd0Ss8Aa</string>', ('Zx8Cv6Bn4Mm2Ll0Kk9Jj7Hh5Gg3Ff1Dd0Ss8Aa',)),
    ('appcenter', 'APPCENTER_API_TOKEN=' + _PK[:40], (_PK[:40],)),
    ('firebase_sa', '{\n  "type": "service_account",\n  "project_id": "acme-app",\n  "private_key_id": "' + _PK[:40] + '",\n  "private_key": "' + _P8.replace('\n', '\\n') + '",\n  "client_email": "firebase-adminsdk@acme-app.iam.gserviceaccount.com"\n}', ('Y9R46Kd4POSkWzab', _PK[:40])),
    ('firebase_token', 'firebase deploy --token "1//0gXk9Lm2Nb7Vc4CgYIARAAGBASNwF-L9IrQw2Er9Tz4Ui6Op5As3Df4Gh6Jk8Lz"', ('1//0gXk9Lm2Nb7Vc4CgYIARAAGBASNwF-L9IrQw2Er9Tz4Ui6Op5As3Df4Gh6Jk8Lz',)),
    ('fcm_server_key', 'FCM_SERVER_KEY=AAAAq1w2e3r:APA91bHk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0DfGh12JkLzXc2VbNmQw2Er9Tz4Ui6Op5As3Df4Gh6Jk8Lz0', ('AAAAq1w2e3r:APA91bHk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As0DfGh12JkLzXc2VbNmQw2Er9Tz4Ui6Op5As3Df4Gh6Jk8Lz0',)),
    ('onesignal', 'ONESIGNAL_REST_API_KEY=os_v2_app_q1w2e3r4t5y6u7i8o9p0asdfghjklzxcvbnmqwertyuiop1234', ('os_v2_app_q1w2e3r4t5y6u7i8o9p0asdfghjklzxcvbnmqwertyuiop1234',)),
    ('onesignal', 'curl -X POST https://onesignal.com/api/v1/notifications -H "Authorization: Basic NGEwMGZmMjItY2NkNy0xMWUzLTk5ZDUtMDAwYzI5NDBlNjJj"', ('NGEwMGZmMjItY2NkNy0xMWUzLTk5ZDUtMDAwYzI5NDBlNjJj',)),
    ('bugsnag', 'BUGSNAG_API_KEY=' + _H32 + '\n', (_H32,)),
    ('codemagic', 'environment:\n  vars:\n    CM_KEYSTORE_PASSWORD: CmKs_Pw_4410\n    CM_KEY_PASSWORD: CmKey_Pw_4411', ('CmKs_Pw_4410', 'CmKey_Pw_4411')),
    ('bitrise', 'envs:\n- BITRISEIO_ANDROID_KEYSTORE_PASSWORD: BrKs_Pw_5510\n  opts:\n    is_expand: false', ('BrKs_Pw_5510',)),
    ('revenuecat', 'REVENUECAT_SECRET_KEY=sk_Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As', ('sk_Xk9Lm2Nb7Vc4Zq1Wr8Ty5Uo3Ip6As',)),
    # -- second batch, written after the fixes to test the families rather than the examples --
    ('bitcoin_cli', 'litecoin-cli walletpassphrase "LtcWal_Pw_551" 120', ('LtcWal_Pw_551',)),
    ('bitcoin_cli', 'dash-cli encryptwallet "DashEnc_Pw_71"', ('DashEnc_Pw_71',)),
    ('monero', 'monero-wallet-rpc --daemon-login node:XmrDaemon_Pw_8 --wallet-dir /w', ('XmrDaemon_Pw_8',)),
    ('web3_console', "eth.personal.sign('hello', '0xcb933ced0fa600abf3531e8206721abcaf5f81fe', 'Web3Sign_Pw_44')", ('Web3Sign_Pw_44',)),
    ('web3_console', 'await web3.eth.personal.unlockAccount(account, "Web3Js_Unl_Pw5", 600);', ('Web3Js_Unl_Pw5',)),
    ('mnemonic_yaml', 'mnemonic: ' + _P24, (_P24,)),
    ('mnemonic_json', '  "mnemonic": "' + _P24 + '",', (_P24,)),
    ('ethers', 'const wallet = ethers.Wallet.fromMnemonic("' + _P24 + '");', (_P24,)),
    ('wallet_output', 'Your recovery phrase:\n' + _P24, (_P24,)),
    ('solana_keypair', '[\n  ' + _ARR2 + '\n]', (_ARR2[:30],)),
    ('solana_keypair', 'keypair = Keypair.from_bytes(bytes([' + _ARR2 + ']))', (_ARR2[:30],)),
    ('clef', 'clef --keystore ks --password /etc/clef/pw.txt\nPassword: ClefPw_Typed_9', ('ClefPw_Typed_9',)),
]

#: Lines from the same files that hold no secret and must come out unchanged.
CONTROLS: tuple[str, ...] = (
    'server=1\ntxindex=1\nrpcport=8332\nrpcallowip=127.0.0.1\nrpcbind=0.0.0.0',
    'rpcpassword=<your-password>',
    'rpcpassword=${BITCOIN_RPC_PASSWORD}',
    'rpccookiefile=/var/lib/bitcoind/.cookie',
    'bitcoin-cli -rpcwallet=cold getbalance',
    'bitcoin-cli -named createwallet wallet_name=watch disable_private_keys=true',
    'bitcoin-cli getblockcount\n871234',
    'chain=main\ndbcache=4096\nprune=550',
    'geth --http --http.api eth,net,web3 --http.addr 127.0.0.1 --syncmode snap',
    'geth --datadir /srv/eth --password /srv/eth/pw.txt',
    'clef --keystore ~/.ethereum/keystore --chainid 11155111 --suppress-bootwarn',
    '"kdf": "scrypt",\n"kdfparams": {"dklen": 32, "n": 262144, "p": 1, "r": 8}',
    'PRIVATE_KEY=<your private key>',
    'PRIVATE_KEY=${PRIVATE_KEY}',
    'accounts: [process.env.PRIVATE_KEY],',
    'accounts: process.env.PRIVATE_KEY !== undefined ? [process.env.PRIVATE_KEY] : [],',
    'forge create src/Token.sol:Token --rpc-url $RPC_URL --private-key $PRIVATE_KEY',
    'cast send $TOKEN "approve(address,uint256)" $SPENDER 100 --account deployer',
    'chainId: 11155111,\ngasPrice: 20000000000,',
    'const abi = ["function balanceOf(address owner) view returns (uint256)"];',
    'solana config set --url mainnet-beta --keypair ~/.config/solana/id.json',
    'solana-keygen new --outfile ~/.config/solana/id.json --no-bip39-passphrase',
    'lncli --macaroonpath ~/.lnd/data/chain/bitcoin/mainnet/admin.macaroon getinfo',
    'lncli --network=testnet --rpcserver=localhost:10009 walletbalance',
    'wallet-unlock-password-file=/secrets/lnd-password.txt',
    'INFURA_KEY=${INFURA_KEY}',
    'apiKey: process.env.ALCHEMY_KEY,',
    'ETHERSCAN_API_KEY=YourApiKeyToken',
    'STRIPE_SECRET_KEY=sk_live_...',
    'STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx',
    "stripe.api_key = os.environ['STRIPE_SECRET_KEY']",
    'const stripe = require("stripe")(process.env.STRIPE_SECRET_KEY);',
    'payment_method_types: ["card", "sepa_debit"],\ncurrency: "eur",\namount: 1999,',
    'merchantAccount: "AcmeECOM",\nenvironment: "LIVE",',
    'braintree.Environment.Production,',
    'PAYPAL_MODE=live',
    'RAZORPAY_KEY_SECRET=<key_secret>',
    'GOCARDLESS_ENVIRONMENT=live',
    'PLAID_ENV=production\nPLAID_PRODUCTS=auth,transactions\nPLAID_COUNTRY_CODES=US,CA',
    'MATCH_PASSWORD=${{ secrets.MATCH_PASSWORD }}',
    'match(type: "appstore", readonly: is_ci)',
    'app_identifier("com.acme.wallet")\napple_id(ENV["FASTLANE_USER"])',
    'increment_build_number(build_number: 4712)',
    'app_store_connect_api_key(key_id: "D383SF739", key_filepath: "./AuthKey_D383SF739.p8")',
    'storePassword=\nkeyAlias=upload',
    'storePassword keystoreProperties["storePassword"]\nkeyPassword keystoreProperties["keyPassword"]',
    'storePassword = System.getenv("STORE_PASSWORD")',
    'applicationId "com.acme.wallet"\nversionCode 4712\nversionName "3.2.1"\nminSdkVersion 24',
    'apksigner verify --print-certs app-release.apk',
    'apksigner sign --ks release.jks --ks-pass env:KS_PASS app.apk',
    'jarsigner -verify -verbose -certs app.apk',
    'eas build --platform android --profile production',
    'eas secret:list',
    '"eas": {"projectId": process.env.EAS_PROJECT_ID}',
    'appcenter codepush release-react -a acme/app -d Production',
    '"type": "service_account",\n"project_id": "acme-app",',
    '"bundleIdentifier": "com.acme.wallet",\n"buildNumber": "4712"',
    # second batch
    'mnemonic: process.env.MNEMONIC',
    'The seed phrase is twelve words long and you must never share it with anyone ok',
    'geth --password ./pw.txt --unlock 0',
    'STRIPE_WEBHOOK_SECRET=whsec_...',
    'RAZORPAY_KEY_SECRET=rzp_live_xxxxxxxx',
    'a list: ' + ', '.join(str(i) for i in range(64)),
)

KNOWN_LEAKS: dict[str, tuple[str, tuple[str, ...]]] = {}


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("family,text,secrets", row_params(ROWS))
def test_a_wallet_payment_or_release_secret_never_survives(mode, family, text, secrets):
    check_secret_row(mode, family, text, secrets, KNOWN_LEAKS)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", CONTROLS)
def test_the_same_files_without_a_secret_stay_readable(mode, text):
    assert redact_text(mode, text) == text


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("address", ["0x71cef535a9c3e595bb1c827fe96f22925c3355fa",
                                     "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"])
def test_a_public_address_becomes_a_wallet_placeholder_not_a_secret_one(mode, address):
    out = redact_text(mode, f"to: {address}")
    assert address not in out
    assert "[WALLET_" in out and "[SECRET_" not in out
