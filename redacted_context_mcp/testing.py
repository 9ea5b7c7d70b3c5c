"""``DetectorConformance``: the engine's detector contract as a ``unittest.TestCase`` mixin.

Usage in a third-party package::

    import unittest
    from redacted_context_mcp.testing import DetectorConformance

    class MyDetectorContract(DetectorConformance, unittest.TestCase):
        def make_detector(self):
            return MyDetector()

Optional class attributes: ``sample_texts`` (texts the detector is expected
to nominate something in), ``huge_chars`` (size of the huge-text check).
Each check goes through the engine's own span validation, so a detector that
passes here will not fail requests with ``Detector returned an invalid span.``
or an unsupported category.

Imports: redaction.detectors, redaction.placeholders.
"""

from __future__ import annotations

from typing import Any

from redacted_context_mcp.redaction.detectors import MAX_SPANS_PER_DETECTOR, Detector, Nomination, validated

_UNICODE = (
    "Ünïcödé: Ádám Kovács met 李明华 in Zürich; İstanbul, ſ, K (Kelvin), émoji 🙂👩🏽‍💻, "
    "RTL שלום עולם, combining e\u0301, zero\u200bwidth, NBSP\u00a0space, tab\tand\r\nCRLF."
)


class DetectorConformance:
    """Mixin: define ``make_detector()``; every ``test_*`` checks one part of the contract."""

    sample_texts: tuple[str, ...] = (
        "Avery Quinn from Contoso Ltd filed TICKET-12345 on Monday.\nCall the desk about project lantern.",
        "Short line.",
    )
    huge_chars: int = 300_000

    def make_detector(self) -> Detector:  # pragma: no cover - supplied by the test case
        raise NotImplementedError

    # -- helpers -----------------------------------------------------------------------------
    def _detector(self) -> Detector:
        det = getattr(self, "_conformance_detector", None)
        if det is None:
            det = self.make_detector()
            self._conformance_detector = det
        return det

    def _spans(self, text: str) -> list[Nomination]:
        return validated(self._detector(), text)  # raises RedctxError on any contract breach

    def _check(self: Any, text: str) -> list[Nomination]:
        spans = self._spans(text)
        for s, e, _ in spans:
            self.assertTrue(0 <= s < e <= len(text))
        return spans

    # -- the contract --------------------------------------------------------------------------
    def test_detector_has_a_name_and_a_version(self: Any) -> None:
        det = self._detector()
        self.assertIsInstance(det, Detector)
        for value in (det.name, det.version):
            self.assertIsInstance(value, str)
            self.assertTrue(value.strip())
            self.assertTrue(value.isprintable())

    def test_spans_lie_in_the_text_with_supported_categories(self: Any) -> None:
        for text in self.sample_texts:
            self._check(text)

    def test_results_are_deterministic(self: Any) -> None:
        for text in self.sample_texts + (_UNICODE,):
            first = sorted(self._spans(text))
            self.assertEqual(first, sorted(self._spans(text)))

    def test_detect_leaves_its_input_and_later_calls_alone(self: Any) -> None:
        text = self.sample_texts[0]
        copy = "".join(list(text))
        before = sorted(self._spans(text))
        for other in self.sample_texts[1:] + (_UNICODE, ""):
            self._spans(other)
        self.assertEqual(text, copy)
        self.assertEqual(before, sorted(self._spans(text)))

    def test_empty_and_blank_text_give_no_spans(self: Any) -> None:
        self.assertEqual(list(self._spans("")), [])
        for blank in (" ", "\n\n", "\t \r\n"):
            self.assertEqual(self._check(blank), [])

    def test_huge_text_stays_within_the_span_limit(self: Any) -> None:
        unit = "\n".join(self.sample_texts) + "\n"
        text = (unit * (self.huge_chars // len(unit) + 1))[: self.huge_chars]
        spans = self._check(text)
        self.assertLessEqual(len(spans), MAX_SPANS_PER_DETECTOR)

    def test_unicode_text_gives_valid_spans(self: Any) -> None:
        self._check(_UNICODE)
        for text in self.sample_texts:
            self._check("🙂" * 3 + text + "\u00e9\u0301")
