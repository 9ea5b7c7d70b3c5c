"""Secret leak corpus: generated private-folder files with every secret and must-survive control labelled."""
