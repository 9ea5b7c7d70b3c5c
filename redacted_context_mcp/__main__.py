"""``python -m redacted_context_mcp`` starts the stdio MCP server."""

import sys

from redacted_context_mcp.cli import server_main

if __name__ == "__main__":
    sys.exit(server_main())
