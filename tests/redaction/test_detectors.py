"""How plugged-detector nominations are applied after the baseline (spec diagram 9)."""

from __future__ import annotations

import re

import pytest
from redaction_helpers import SALT

from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import ToolResult
from redacted_context_mcp.redaction import detectors as dm
from redacted_context_mcp.redaction.detectors import Nomination, collapse_nested, with_receipt
from redacted_context_mcp.redaction.engine import Redactor
from tests.invariants import invariant

PH = r"\[{}_[0-9a-f]{{32}}\]"


class Fixed:
    """Nominates exactly the given (value, category) pairs wherever the value first appears."""

    name = "fixed"
    version = "1"

    def __init__(self, *pairs: tuple[str, str], every: bool = False) -> None:
        self.pairs = pairs
        self.every = every

    def detect(self, text: str) -> list[Nomination]:
        out = []
        for value, cat in self.pairs:
            starts = [m.start() for m in re.finditer(re.escape(value), text)]
            for s in starts if self.every else starts[:1]:
                out.append(Nomination(s, s + len(value), cat))
        return out


class Raw:
    name = "raw"
    version = "1"

    def __init__(self, result) -> None:
        self.result = result

    def detect(self, text):
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


def redact(text: str, *dets, **policy) -> str:
    return Redactor(Policy(mode=policy.pop("mode", "balanced"), **policy), SALT, dets).redact(text).text


def test_every_other_occurrence_of_a_nominated_value_is_redacted_too():
    out = redact("Zorblax met zorblax and ZORBLAX; Zorblaxian stays.", Fixed(("Zorblax", "SENSITIVE")))
    assert re.fullmatch(rf"{PH} met {PH} and {PH}; Zorblaxian stays\.".format(*["SENSITIVE"] * 3), out)


def test_a_nominated_span_is_redacted_inside_a_longer_word_but_other_occurrences_need_ascii_boundaries():
    text = "ID123456 then 123456 then X123456 then é123456é"
    out = redact(text, Fixed(("123456", "ID")))
    assert out.count("[ID_") == 3 and "X123456" in out  # nominated in ID123456, free, and next to é
    assert "123456" not in out.replace("X123456", "")


@invariant("DETECT-2")
def test_baseline_placeholders_win_and_raw_remainders_are_redacted_separately():
    out = redact("ref Acme Corp-7781 now", Fixed(("Acme Corp-7781", "ID")), clients=("Acme Corp",))
    assert re.fullmatch(r"ref \[CLIENT_[0-9a-f]{32}\]-\[ID_[0-9a-f]{32}\] now", out)


@invariant("DETECT-2")
def test_allow_listed_words_inside_a_nomination_stay_visible_and_allowed_values_are_ignored():
    out = redact("zorblax Data qrix and Data", Fixed(("zorblax Data qrix", "ORG"), ("Data", "ORG")),
                 allow=("Data",))
    assert re.fullmatch(rf"{PH} Data {PH} and Data".format("ORG", "ORG"), out)


@pytest.mark.parametrize("value", ["   ", "PERSON", "ID"])
def test_blank_and_category_word_nominations_are_ignored(value):
    text = f"x {value} person id y"
    assert redact(text, Fixed((value, "SENSITIVE"))) == text


def test_a_nomination_inside_a_placeholder_is_ignored_and_one_over_a_placeholder_is_positional():
    ph = "[PERSON_" + "a" * 32 + "]"
    text = f"{ph} Qrix {ph}x Qrix"
    assert redact(text, Fixed(("PERSON_" + "a" * 8, "SENSITIVE"))) == text
    calls = {}

    def op(svc):
        r = Redactor(Policy(mode="balanced"), SALT, (Fixed((f"{ph} Qrix", "SENSITIVE")),)).redact(text)
        calls["text"] = r.text
        return ToolResult(text=r.text)

    res = with_receipt(op)(_Svc())
    assert calls["text"].startswith(ph + " [SENSITIVE_") and calls["text"].endswith("x Qrix")
    assert res.detectors[0]["positional"] == 1 and res.detectors[0]["nominated"] == 0


def test_spans_over_256_characters_or_16_words_are_positional_only():
    long_token = "Q" * 257
    words = " ".join(f"w{i}" for i in range(17))
    text = f"{long_token} {words} | {long_token} {words}"
    out = redact(text, Fixed((long_token, "SECRET"), (words, "SENSITIVE")))
    first, second = out.split(" | ")
    assert re.fullmatch(rf"{PH} {PH}".format("SECRET", "SENSITIVE"), first)
    assert second == f"{long_token} {words}"


def test_values_past_the_32768_character_budget_are_redacted_only_where_nominated():
    values = [f"v{i:03d}" + "k" * 250 for i in range(131)]  # 131 * 254 > 32,768: the longest are cut
    values[-1] += "zz"  # the longest: past the budget
    body = " ".join(values)
    out = redact(body + " || " + values[-1] + " " + values[0], Fixed(*[(v, "ID") for v in values]))
    tail = out.split(" || ")[1]
    assert tail.startswith(values[-1] + " [ID_")


@invariant("DET-1")
def test_other_occurrences_use_simple_case_folding_only():
    out = redact("Weiß and WEISS and weiß", Fixed(("Weiß", "PERSON")))
    assert re.fullmatch(rf"{PH} and WEISS and {PH}".format("PERSON", "PERSON"), out)
    assert len(set(re.findall(PH.format("PERSON"), out))) == 1


def test_more_than_20000_spans_from_one_detector_fail_the_request():
    text = "a " * 20_001
    with pytest.raises(RedctxError) as err:
        redact(text, Raw([Nomination(2 * i, 2 * i + 1, "ID") for i in range(20_001)]))
    assert err.value.code is Code.DETECTOR_LIMIT
    assert err.value.message == "Detector nomination limit exceeded."
    assert redact("a " * 20_000, Raw([Nomination(2 * i, 2 * i + 1, "ID") for i in range(20_000)]))


def test_more_than_2000_distinct_values_across_detectors_fail_the_request():
    words = [f"tok{i:04d}" for i in range(2_001)]
    text = " ".join(words)
    spans = [Nomination(i * 8, i * 8 + 7, "ID") for i in range(2_001)]
    with pytest.raises(RedctxError) as err:
        redact(text, Raw(spans[:1_000]), Raw(spans[1_000:]))
    assert err.value.code is Code.DETECTOR_LIMIT
    assert redact(text, Raw(spans[:1_000]), Raw(spans[1_000:2_000])).count("[ID_") == 2_000


@pytest.mark.parametrize(
    "result,code",
    [
        ([Nomination(0, 99, "ID")], Code.DETECTOR_SPAN),
        ([Nomination(3, 3, "ID")], Code.DETECTOR_SPAN),
        ([(0, 1.5, "ID")], Code.DETECTOR_SPAN),
        ([(True, 2, "ID")], Code.DETECTOR_SPAN),
        (["nope"], Code.DETECTOR_SPAN),
        ([Nomination(0, 2, "NICKNAME")], Code.DETECTOR_CATEGORY),
        ([Nomination(0, 2, "person")], Code.DETECTOR_CATEGORY),
    ],
)
def test_invalid_spans_and_unsupported_categories_fail_with_the_fixed_message(result, code):
    with pytest.raises(RedctxError) as err:
        redact("abcdef", Raw(result))
    assert err.value.code is code


@invariant("DETECT-1", "OUT-2")
@pytest.mark.parametrize("exc", [ValueError("Zorblax raw"), RuntimeError("Zorblax"), KeyError("Zorblax"),
                                 RedctxError(Code.CONFIG_INVALID, detail="Zorblax")])
def test_a_detector_that_raises_fails_closed_and_nothing_of_its_message_survives(exc):
    with pytest.raises(RedctxError) as err:
        redact("Zorblax here", Raw(exc))
    assert err.value.code is Code.DETECTOR_FAILED
    assert str(err.value) == "Detector failed." and err.value.__cause__ is None and err.value.__context__ is None


@invariant("DETECT-2")
def test_detectors_never_run_on_paths():
    seen = []

    class Spy(Fixed):
        def detect(self, text):
            seen.append(text)
            return super().detect(text)

    red = Redactor(Policy(mode="balanced"), SALT, (Spy(("Qrix", "SENSITIVE")),))
    red.redact_path("notes/Qrix.md")
    assert seen == []
    red.redact("Qrix")
    assert seen == ["Qrix"]


def test_nested_spans_of_one_category_collapse_and_other_categories_are_kept():
    noms = [Nomination(0, 20, "ORG"), Nomination(0, 5, "ORG"), Nomination(8, 12, "PERSON"), Nomination(0, 20, "ORG")]
    assert collapse_nested(noms) == [Nomination(0, 20, "ORG"), Nomination(8, 12, "PERSON")]


class _Svc:
    detectors = ({"name": "fixed", "version": "1"},)


@invariant("OUT-4")
def test_the_receipt_counts_distinct_values_and_positional_spans_per_detector():
    text = "Qrix and qrix and Vollo; " + "L" * 300

    def op(svc):
        red = Redactor(Policy(mode="balanced"), SALT, (Fixed(("Qrix", "SENSITIVE"), ("Vollo", "PERSON"),
                                                              ("L" * 300, "SECRET")),))
        return ToolResult(text=red.redact(text).text)

    res = with_receipt(op)(_Svc())
    assert res.detectors == ({"name": "fixed", "version": "1", "nominated": 2, "positional": 1},)
    assert "Qrix" not in repr(res.detectors) and dm._TALLY.get() is None


def test_without_loaded_detectors_results_are_left_alone():
    class Bare:
        pass

    assert with_receipt(lambda svc: ToolResult(text="t"))(Bare()).detectors == ()
    assert with_receipt(lambda: ("a", "b"))() == ("a", "b")  # handlers without a service pass through
