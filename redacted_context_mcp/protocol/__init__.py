"""Protocol edge: JSON-RPC framing, versions, the stdio loop and the MCP server."""
