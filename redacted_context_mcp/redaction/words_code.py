"""Software-engineering vocabulary that code identifiers are built from (data only).

Words such as ``certificate``, ``dispatcher`` or ``keystore`` join the generic lexicon so a class
name (``X509Certificate2``, ``KeystoreLoader``) reads as worded instead of random, and strict mode
keeps them readable. None of them is a given name.

Imports: nothing.
"""

CODE_WORDS_TEXT = [
    "accumulator", "aggregator", "aggregators", "allocator", "arraylist", "assembler", "asynchronous", "avro",
    "backoff", "barrier", "base64", "bigdecimal", "bigint", "bindings", "bufferedreader", "bufferedwriter", "bytecode",
    "bzip", "cart", "catalog", "cert", "certificate", "certificates", "certs", "changeset", "changesets", "checkpoint",
    "checkpoints", "churn", "cipher", "ciphers", "ciphertext", "codec", "codecs", "cohort", "cohorts", "comparator",
    "compression", "compressor", "concurrency", "crate", "crates", "crawler", "crawlers", "datagram", "datetime",
    "debounce", "decoder", "decoders", "decompression", "decrypt", "decrypted", "decryption", "decryptor", "deflate",
    "descriptor", "descriptors", "dispatcher", "dispatchers", "downstream", "duration", "durations", "encoder",
    "encoders", "encrypt", "encryptor", "enumerable", "enumerator", "envelope", "escalation", "exec", "executor",
    "executors",
    "facade", "fiber", "fibers", "funnel", "garbage", "gauge", "gauges", "gem", "gems", "goroutine", "goroutines",
    "hashset", "hashtable", "heartbeat", "heartbeats", "hexadecimal", "histogram", "histograms", "hunk", "hunks",
    "inflate", "inode", "inodes", "inputstream", "interceptor", "interceptors", "interrupt", "interrupts", "inventory",
    "invocation", "invoker", "kerberos", "kernel", "keychain", "keychains", "keyring", "keystore", "keystores",
    "keytab", "latch", "ldap", "linkedlist", "locale", "locator", "locators", "marshal", "marshaller", "mediator",
    "memento", "migrator", "msgpack", "nibble", "nonce", "nonces", "normalizer", "normalizers", "oncall", "opcode",
    "opcodes", "orchestration", "orchestrator", "outputstream", "packet", "packets", "partition", "partitioner",
    "partitions", "passphrase", "patchset", "plaintext", "predicate", "predicates", "privilege", "privileges",
    "protobuf", "quorum", "quota", "quotas", "ratelimit", "realm", "realms", "refunds", "registrar", "replication",
    "replicator", "rollback", "rollbacks", "rollout", "rollouts", "sanitizer", "sanitizers", "savepoint", "severity",
    "shard", "sharding", "shards", "singleton", "singletons", "sku", "spies", "spy", "squash", "subscription",
    "synchronized", "synchronous", "syscall", "syscalls", "telemetry", "threadpool", "thrift", "throttle", "throttling",
    "timestamp", "timestamps", "timezone", "transaction", "transactional", "transactions", "treemap", "truststore",
    "truststores", "unmarshal", "utf8", "variant", "verification", "verifier", "volatile", "wallet", "wallets",
    "warehouse", "weakref",
    # column heads and header values that tools print capitalised (netstat, ss, HTTP security headers)
    "proto", "recv", "sameorigin", "nosniff", "noopener", "noreferrer", "xmit",
    # a credential's life cycle, as runbooks write it capitalised (``Rotates Every Ninety Days``)
    "rotate", "expiry", "expiration", "renewal", "revoke", "revocation",
    # the words of credential labels that strict read as names (``Memorable word``, ``Mot de passe``)
    "memorable", "mot", "pw", "puk", "otp", "apikey", "pgpassword",
    # WireGuard sections and settings (``[Peer]``, ``PersistentKeepalive``)
    "peer", "keepalive",
    # round 15: network and sign-in words of setup sheets (not ``Wi`` or ``Fi`` of ``Wi-Fi``: short names)
    "wifi", "wlan", "ssid", "ssids", "hotspot", "hotspots", "authenticator", "authenticators",
    # ``ps`` process states (``Sl``, ``Ss``) in process listings
    "sl", "ss",
]

#: PowerShell's approved verbs (``Get-Verb``) and a few common unapproved ones: ``Verb-Noun`` is a cmdlet name
#: (``Invoke-Sqlcmd``, ``Read-Host``), code rather than a name or a secret.
POWERSHELL_VERBS: frozenset[str] = frozenset(
    "Add Approve Assert Backup Block Build Checkpoint Clear Close Compare Complete Compress Confirm Connect Convert "
    "ConvertFrom ConvertTo Copy Debug Deny Deploy Disable Disconnect Dismount Edit Enable Enter Exit Expand Export "
    "Find ForEach Format Get Grant Group Hide Import Initialize Install Invoke Join Limit Lock Measure Merge Mount "
    "Move New Open Optimize Out Ping Pop Protect Publish Push Read Receive Redo Register Remove Rename Repair "
    "Request Reset Resize Resolve Restart Restore Resume Revoke Save Search Select Send Set Show Skip Sort Split "
    "Start Step Stop Submit Suspend Switch Sync Tee Test Trace Unblock Undo Uninstall Unlock Unprotect Unpublish "
    "Unregister Update Use Wait Watch Where Write".split()
)
