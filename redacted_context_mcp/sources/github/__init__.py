"""The GitHub issues source: ``http`` (one bounded GET) and ``client`` (REST calls and raw records).

Like every source it never redacts: raw JSON in, raw records out, fixed errors only.
"""
