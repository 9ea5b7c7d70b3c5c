"""The GitHub issues source: ``http`` (one bounded GET), ``client`` (REST calls and raw records)
and ``source`` (:class:`source.GithubSource`, the source seam of :mod:`sources.base` over them).

Like every source it never redacts: raw JSON in, raw records out, fixed errors only.
"""
