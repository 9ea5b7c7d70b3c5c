"""redacted-context-mcp: serve a private folder to coding agents through redacted tools.

Importing the package does nothing but define the version, so start-up stays cheap.
"""

#: Calendar versions (YEAR.MONTH.N) so a release of this project can never be mistaken for, or
#: "upgraded" to, a 0.x release of the unrelated package that holds the same name on the public index.
__version__ = "2026.12.0"
