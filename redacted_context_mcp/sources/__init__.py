"""Sources: raw data and opaque references. Sources never redact."""
