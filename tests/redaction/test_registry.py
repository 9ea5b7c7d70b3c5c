"""Resolving ``--detector`` specs: built-ins first, entry points only when named, fixed errors."""

from __future__ import annotations

import sys
import types
from importlib import metadata

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction import registry
from redacted_context_mcp.redaction.detectors import Nomination

MOD = "redctx_test_plugin_mod"


class Plugin:
    name = "ticketer"
    version = "9.9"

    def __init__(self, argument):
        self.argument = argument

    def detect(self, text):
        return [Nomination(0, 1, "ID")] if text else []


def _install_module(monkeypatch, **attrs):
    mod = types.ModuleType(MOD)
    for k, v in attrs.items():
        setattr(mod, k, v)
    monkeypatch.setitem(sys.modules, MOD, mod)


def _entry_points(monkeypatch, *pairs):
    eps = metadata.EntryPoints(
        metadata.EntryPoint(name, f"{MOD}:{attr}", registry.ENTRY_POINT_GROUP) for name, attr in pairs
    )
    seen = []

    def fake(**kw):
        seen.append(kw)
        return eps.select(**kw)

    monkeypatch.setattr(registry.metadata, "entry_points", fake)
    return seen


def start_error(spec):
    with pytest.raises(RedctxError) as err:
        registry.load_detector(spec)
    assert err.value.code is Code.DETECTOR_START
    return err.value.message


def test_an_entry_point_factory_is_called_with_the_argument(monkeypatch):
    _install_module(monkeypatch, make=Plugin)
    seen = _entry_points(monkeypatch, ("ticketer", "make"))
    det = registry.load_detector("ticketer=a=b,c")
    assert isinstance(det, Plugin) and det.argument == "a=b,c"
    assert registry.load_detector("ticketer").argument is None
    assert seen[0] == {"group": "redacted_context_mcp.detectors"}


def test_built_in_names_resolve_first_and_cannot_be_taken_over(monkeypatch, tmp_path):
    _install_module(monkeypatch, make=Plugin)
    seen = _entry_points(monkeypatch, ("patterns", "make"), ("gliner", "make"))
    assert "give the rules file" in start_error("patterns")
    assert seen == []  # a built-in never even looks at entry points
    assert set(registry.BUILTIN_DETECTORS) == {"patterns", "presidio", "gliner"}


def test_entry_points_are_not_loaded_unless_named(monkeypatch):
    loaded = []
    _install_module(monkeypatch, make=lambda arg: loaded.append("a") or Plugin(arg),
                    other=lambda arg: loaded.append("b") or Plugin(arg))
    _entry_points(monkeypatch, ("ticketer", "make"), ("other", "other"))
    registry.load_detectors(["ticketer"])
    assert loaded == ["a"]


def test_an_unknown_name_fails_at_start_with_the_built_in_names(monkeypatch):
    _entry_points(monkeypatch)
    message = start_error("nosuch")
    assert message.startswith("--detector: unknown detector nosuch") and "patterns, presidio, gliner" in message


@pytest.mark.parametrize("spec", ["", "=x", "bad name", "x" * 80, "../evil"])
def test_a_malformed_spec_is_refused_without_echoing_it(spec):
    message = start_error(spec)
    assert message == "--detector: a detector spec is NAME or NAME=ARGUMENT."


def test_a_factory_that_raises_or_returns_a_non_detector_fails_with_a_fixed_message(monkeypatch):
    def boom(arg):
        raise ValueError("Zorblax private detail")

    _install_module(monkeypatch, boom=boom, bad=lambda arg: object())
    _entry_points(monkeypatch, ("boom", "boom"), ("bad", "bad"), ("missing", "nothing_here"))
    assert start_error("boom") == "--detector: detector boom failed to start."
    assert start_error("bad") == "--detector: detector bad is not a valid detector."
    assert start_error("missing") == "--detector: detector missing could not be imported."


def test_two_packages_registering_one_name_are_refused(monkeypatch):
    _install_module(monkeypatch, make=Plugin, other=Plugin)
    _entry_points(monkeypatch, ("ticketer", "make"), ("ticketer", "other"))
    assert "more than one package" in start_error("ticketer")


def test_detectors_declare_their_protected_paths():
    class D(Plugin):
        protected_paths = ("/x/rules.toml", "/x/dir")

    assert registry.protected_paths([D(None), Plugin(None)]) == ("/x/rules.toml", "/x/dir")
