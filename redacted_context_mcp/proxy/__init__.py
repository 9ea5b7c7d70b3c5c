"""``redctx proxy``: the same redaction in front of any other stdio MCP server (issue 18).

Modules, lowest first: ``upstream`` (child process, stream guards, restart budget),
``era`` (upstream handshake and params), ``schema`` (outputSchema checks), ``rehydration``
(the one seam to the service's redaction and rehydration map), ``walker`` (down: redact
every string; up: restore placeholders), ``forward`` (the method table), ``doctor``
(exposure warnings), ``server`` (the client-facing dual-era server), ``run`` (assembly).
"""
