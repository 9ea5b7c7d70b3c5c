"""The one table of tool argument defaults and bounds.

The tool schemas (``tools.py``, what ``tools/list`` shows) and the service
operations (which apply defaults when called directly) both read these, so a
default cannot drift between what the model is told and what runs. The golden
``tools/list`` snapshot guards the rendered descriptions.

Imports: nothing from the package.
"""

from __future__ import annotations

TREE_MAX_DEPTH = 3
READ_MAX_CHARS = 120_000
HEAD_TAIL_LINES = 40
SEARCH_MAX_RESULTS = 200
BUNDLE_MAX_FILES = 80
BUNDLE_MAX_CHARS_PER_FILE = 30_000
BUNDLE_MAX_TOTAL_CHARS = 300_000
RETRIEVE_RESULTS, RETRIEVE_MIN_RESULTS, RETRIEVE_MAX_RESULTS = 8, 1, 50
RETRIEVE_CHARS, RETRIEVE_MIN_CHARS, RETRIEVE_MAX_CHARS = 12_000, 256, 100_000
