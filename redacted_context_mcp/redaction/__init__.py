"""Redaction: pure text in, redacted text out. Never touches the filesystem."""
