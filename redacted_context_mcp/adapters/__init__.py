"""Optional detector adapters; each imports its library only inside its factory."""
