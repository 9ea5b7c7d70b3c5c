"""The alias-proposal rules of the spec, one case per rule, and the checks every proposal passes."""

from __future__ import annotations

import pytest

from redacted_context_mcp.discovery.aliases import check_groups, local_part_forms, propose
from redacted_context_mcp.redaction.wordlists import Lexicon

# (people, other known people, sample, expected proposals)
FIRST_NAME_CASES = [
    ("proposed when it stands alone", ["Avery Quillmere"], [], "Avery Quillmere joined.\nThank you, Avery.",
     {"Avery Quillmere": ["Avery"]}),
    ("not when it never stands alone", ["Avery Quillmere"], [], "Avery Quillmere joined.", {}),
    ("not shorter than three letters", ["Jo Quillmere"], [], "Jo Quillmere joined. Thanks, Jo.", {}),
    ("not when two people share it", ["Avery Quillmere", "Avery Tolliver"], [],
     "Avery Quillmere and Avery Tolliver. Thanks, Avery.", {}),
    ("not when it is a word of another name", ["Avery Quillmere", "Jo Avery"], [],
     "Avery Quillmere and Jo Avery. Thanks, Avery.", {}),
    ("not when the loaded config knows another Avery", ["Avery Quillmere"], ["Avery Tolliver"],
     "Avery Quillmere joined. Thanks, Avery.", {}),
    ("not a common word", ["Will Quillmere"], [], "Will Quillmere joined. Thanks, Will.", {}),
    ("not when it appears in lower case", ["Grace Quillmere"], [],
     "Grace Quillmere joined. Thanks, Grace. Say grace before dinner.", {}),
    ("not when followed by another capitalized word", ["Avery Quillmere"], [],
     "Avery Quillmere joined. Thanks, Avery.\nAvery Tolliver left.", {}),
    ("the rest of the known name may follow", ["Avery Quillmere"], [],
     "Avery Quillmere joined. Avery said yes.", {"Avery Quillmere": ["Avery"]}),
    ("an address's local part is no lower-case use", ["Avery Quillmere"], [],
     "Avery Quillmere (avery@quill.test) joined. Thanks, Avery.", {"Avery Quillmere": ["Avery", "avery@quill.test"]}),
]


@pytest.mark.parametrize("label,people,known,text,want", FIRST_NAME_CASES, ids=[c[0] for c in FIRST_NAME_CASES])
def test_standalone_first_name_rule(label, people, known, text, want):
    got = propose(people, people + known, [text], Lexicon())
    got = {c: [a for a in forms if "@" not in a or "@" in str(want)] for c, forms in got.items()}
    assert {c: f for c, f in got.items() if f} == want


EMAIL_CASES = [
    ("avery.quillmere", True), ("quillmere.avery", True), ("quillmere_avery", True), ("averyquillmere", True),
    ("avery-quillmere", True), ("aquillmere", True), ("a.quillmere", True), ("avery.quillmere+notes", True),
    ("avery", False), ("quillmere", False), ("aq", False), ("bob.quillmere", False),
]


@pytest.mark.parametrize("local,matches", EMAIL_CASES, ids=[c[0] for c in EMAIL_CASES])
def test_email_local_part_rule(local, matches):
    text = f"Avery Quillmere wrote from {local}@quill.test today."
    got = propose(["Avery Quillmere"], ["Avery Quillmere"], [text], Lexicon())
    assert (f"{local}@quill.test" in got.get("Avery Quillmere", [])) is matches


def test_first_name_alone_as_local_part_needs_the_ambiguity_checks():
    text = "Avery Quillmere joined. Thanks, Avery. Mail avery@quill.test."
    assert propose(["Avery Quillmere"], ["Avery Quillmere"], [text], Lexicon()) == {
        "Avery Quillmere": ["Avery", "avery@quill.test"]
    }


def test_an_address_that_fits_two_people_is_skipped():
    people = ["Avery Quillmere", "Anna Quillmere"]
    text = "Avery Quillmere and Anna Quillmere share aquillmere@quill.test."
    assert propose(people, people, [text], Lexicon()) == {}


def test_local_part_forms_of_a_three_word_name_use_both_orders():
    forms = local_part_forms("Mary Ann Quillmere", first_ok=False)
    assert "mary.ann.quillmere" in forms and "quillmere.ann.mary" in forms and "mquillmere" in forms


CANON = {"avery quillmere": "Avery Quillmere", "bluefin": "Bluefin", "blake tolliver": "Blake Tolliver",
         "a@b.test": "a@b.test"}
# (proposals, allow, existing, expected groups, expected dropped)
CHECK_CASES = [
    ("kept", [("Avery Quillmere", ["Avery"])], [], None, {"Avery Quillmere": ["Avery"]}, 0),
    ("canonical not in the draft", [("Nobody Here", ["Nob"])], [], None, {}, 1),
    ("canonical is an address", [("a@b.test", ["Ab"])], [], None, {}, 1),
    ("alias on the draft allow list", [("Bluefin", ["Blue"])], ["blue"], None, {}, 1),
    ("alias on the built-in allow list", [("Bluefin", ["project"])], [], None, {}, 1),
    ("alias is a reserved word", [("Bluefin", ["person"])], [], None, {}, 1),
    ("alias repeats its canonical", [("Bluefin", ["BLUEFIN"])], [], None, {}, 1),
    ("alias is another canonical value", [("Bluefin", ["Avery Quillmere"])], [], None, {}, 1),
    ("alias of another group", [("Avery Quillmere", ["AQ"]), ("Blake Tolliver", ["AQ"])], [], None,
     {"Avery Quillmere": ["AQ"]}, 1),
    ("alias too long", [("Bluefin", ["x" * 257])], [], None, {}, 1),
    ("alias too many words", [("Bluefin", [" ".join(["w"] * 17)])], [], None, {}, 1),
    ("existing groups are kept and extended", [("Avery Quillmere", ["AQ"])], [], {"Avery Quillmere": ["Avery"]},
     {"Avery Quillmere": ["Avery", "AQ"]}, 0),
    ("a repeat of an existing alias is no drop", [("Avery Quillmere", ["avery"])], [],
     {"Avery Quillmere": ["Avery"]}, {"Avery Quillmere": ["Avery"]}, 0),
]


@pytest.mark.parametrize("label,proposals,allow,existing,want,dropped", CHECK_CASES, ids=[c[0] for c in CHECK_CASES])
def test_every_proposal_passes_the_configs_alias_checks(label, proposals, allow, existing, want, dropped):
    groups, n = check_groups(proposals, CANON, allow, existing)
    assert groups == want and n == dropped


def test_groups_are_capped_at_64_aliases():
    forms = [f"Form{i}" for i in range(70)]
    groups, n = check_groups([("Bluefin", forms)], CANON, [])
    assert len(groups["Bluefin"]) == 64 and n == 6
