"""The tamper-evident audit log of what the agent was shown (``--audit-log``).

:mod:`chain` seals lines (HMAC chain), :mod:`writer` appends them, :mod:`recorder`
turns server requests into entries, :mod:`verify` and :mod:`summary` read logs
back, :mod:`cli_edge` is the ``redctx audit-log`` command and the server wiring.
No entry ever holds a raw value, the salt or a raw path.
"""
