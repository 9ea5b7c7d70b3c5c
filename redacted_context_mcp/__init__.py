"""redacted-context-mcp: serve a private folder to coding agents through redacted tools.

Importing the package does nothing but define the version, so start-up stays cheap.
"""

__version__ = "0.1.0"
