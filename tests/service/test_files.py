"""File operations: exact output formats, error strings, encodings, cache, canaries, resources."""

from __future__ import annotations

import codecs
import os
import re
from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.redaction.placeholders import PLACEHOLDER_RE
from redacted_context_mcp.service import files as ops
from redacted_context_mcp.service.files import ResourceError
from tests.invariants import invariant
from tests.service.svc_helpers import (
    CANARY_EMAILS,
    CANARY_NAMES,
    CONFIG_NAME,
    CountingRedactor,
    FakeLive,
    make_service,
)

ID = r"@p_[0-9a-f]{12}"
EMAIL_PH = r"\[EMAIL_[0-9a-f]{32}\]"


def err(fn, *args) -> RedctxError:
    with pytest.raises(RedctxError) as info:
        fn(*args)
    return info.value


def ref(svc, rel: str) -> str:
    return svc.resolve(rel).ref


def shown(svc, rel: str) -> str:
    """The redacted path as the tools print it (robust to a stronger engine)."""
    return svc.display(svc.resolve(rel)).text


def name(svc, rel: str) -> str:
    return shown(svc, rel).rsplit("/", 1)[-1]


def redacted_lines(svc, raw: str) -> list[str]:
    return svc.snapshot().redactor.redact(raw).text.rstrip("\n").split("\n")


# -- tree ---------------------------------------------------------------------------
def test_tree_shows_ids_and_redacted_names_indented_two_spaces_with_directories_first(svc):
    text = ops.tree(svc, {}).text
    lines = text.split("\n")
    assert re.fullmatch(ID + r" \./", lines[0])
    assert lines[0].startswith(ref(svc, ".") + " ")
    assert f"  {ref(svc, 'notes')} {name(svc, 'notes')}/" in lines
    assert f"    {ref(svc, 'notes/deep')} {name(svc, 'notes/deep')}/" in lines
    assert f"      {ref(svc, 'notes/deep/z.md')} {name(svc, 'notes/deep/z.md')}" in lines
    assert f"  {ref(svc, 'Alpha.md')} {name(svc, 'Alpha.md')}" in lines
    for line in lines[1:]:
        assert re.fullmatch(r"(  )+" + ID + r" \S.*", line), line
    top = [ln.split(" ", 3)[-1] for ln in lines if re.match(r"  @", ln)]
    dirs = [t for t in top if t.endswith("/")]
    assert top[: len(dirs)] == dirs  # directories first


@invariant("CONT-2", "CONT-3", "CONT-4")
def test_tree_omits_protected_excluded_and_symlinked_entries(svc, root, outside):
    os.symlink(outside, root / "outlink")
    text = ops.tree(svc, {"max_depth": 10}).text
    for hidden in (".env", "server.PEM", CONFIG_NAME, ".git", "node_modules", "outlink", "secret.txt"):
        assert hidden not in text


def test_tree_depth_zero_shows_only_the_path_and_a_file_shows_its_own_entry(svc):
    assert ops.tree(svc, {"max_depth": 0}).text == f"{ref(svc, '.')} ./"
    one = ops.tree(svc, {"path": "notes", "max_depth": 1}).text
    assert one.split("\n")[0] == f"{ref(svc, 'notes')} {shown(svc, 'notes')}/"
    assert ref(svc, "notes/deep") in one and ref(svc, "notes/deep/z.md") not in one
    expected = f"{ref(svc, 'notes/plain.txt')} {shown(svc, 'notes/plain.txt')}"
    assert ops.tree(svc, {"path": "notes/plain.txt"}).text == expected


def test_tree_default_depth_is_three(svc, root):
    (root / "a" / "b" / "c" / "d" / "e").mkdir(parents=True)
    text = ops.tree(svc, {"path": "a"}).text
    assert ref(svc, "a/b/c/d") in text and ref(svc, "a/b/c/d/e") not in text


# -- list ---------------------------------------------------------------------------
def test_list_prints_tab_separated_id_type_size_and_redacted_path_directories_first(svc, root):
    rows = ops.list_entries(svc, {}).text.split("\n")
    for row in rows:
        assert re.fullmatch(ID + r"\t(file\t\d+|dir\t-)\t.+", row), row
    kinds = [r.split("\t")[1] for r in rows]
    assert kinds == sorted(kinds, key=lambda k: k != "dir")
    size = (root / "Alpha.md").stat().st_size
    assert f"{ref(svc, 'Alpha.md')}\tfile\t{size}\t{shown(svc, 'Alpha.md')}" in rows
    assert f"{ref(svc, 'notes')}\tdir\t-\t{shown(svc, 'notes')}" in rows
    assert not any(ref(svc, "notes/meeting.md") in r for r in rows)  # children only


def test_list_recursive_starts_with_the_path_and_honours_max_depth(svc):
    rows = ops.list_entries(svc, {"path": "notes", "recursive": True}).text.split("\n")
    assert rows[0] == f"{ref(svc, 'notes')}\tdir\t-\t{shown(svc, 'notes')}"
    assert any(r.endswith("\t" + shown(svc, "notes/deep/z.md")) for r in rows)
    shallow = ops.list_entries(svc, {"path": "notes", "recursive": True, "max_depth": 1}).text
    assert ref(svc, "notes/deep/z.md") not in shallow and ref(svc, "notes/deep") in shallow
    assert ops.list_entries(svc, {"path": "notes", "recursive": True, "max_depth": 0}).text == rows[0]


def test_list_of_a_file_returns_its_own_entry(svc, root):
    size = (root / "notes/plain.txt").stat().st_size
    assert ops.list_entries(svc, {"path": "notes/plain.txt"}).text == (
        f"{ref(svc, 'notes/plain.txt')}\tfile\t{size}\t{shown(svc, 'notes/plain.txt')}"
    )


# -- stat ---------------------------------------------------------------------------
def test_stat_prints_key_value_lines_with_line_count_for_text_files(svc, root):
    text = ops.stat(svc, {"path": "notes/plain.txt"}).text
    assert text == (
        f"id: {ref(svc, 'notes/plain.txt')}\npath: {shown(svc, 'notes/plain.txt')}\ntype: file\n"
        f"size_bytes: {(root / 'notes/plain.txt').stat().st_size}\nlines: 3"
    )


def test_stat_of_binary_files_and_directories_has_no_line_count(svc):
    assert ops.stat(svc, {"path": "blob.dat"}).text.endswith("size_bytes: 1024")
    text = ops.stat(svc, {"path": "notes"}).text
    assert "type: directory" in text and "lines:" not in text
    assert ops.stat(svc, {"path": "."}).text.split("\n")[1] == "path: ."


# -- read / head / tail ---------------------------------------------------------------
def test_read_prints_the_header_and_the_whole_redacted_file(svc):
    r = ops.read(svc, {"path": "notes/meeting.md"})
    lines = r.text.split("\n")
    assert lines[0] == f"--- {ref(svc, 'notes/meeting.md')} {shown(svc, 'notes/meeting.md')} lines 1-5 ---"
    raw = (svc.settings.root / "notes/meeting.md").read_text()
    assert lines[1:] == redacted_lines(svc, raw)
    assert re.search(EMAIL_PH, lines[2]) and len(lines) == 6
    assert r.counts["EMAIL"] == 2 and r.detector_profile == svc.snapshot().redactor.profile


def test_read_numbers_lines_with_six_wide_source_numbers_and_a_tab(svc):
    text = ops.read(svc, {"path": "notes/meeting.md", "start_line": 2, "end_line": 3, "line_numbers": True}).text
    header, l2, l3 = text.split("\n")
    assert header.endswith(" lines 2-3 ---")
    expected = redacted_lines(svc, (svc.settings.root / "notes/meeting.md").read_text())
    assert l2 == "     2\t" + expected[1] and re.search(EMAIL_PH, l2)
    assert l3 == "     3\t" + expected[2]


def test_read_clamps_end_line_past_the_end(svc):
    text = ops.read(svc, {"path": "notes/plain.txt", "start_line": 2, "end_line": 10**9}).text
    assert text == f"--- {ref(svc, 'notes/plain.txt')} {shown(svc, 'notes/plain.txt')} lines 2-3 ---\ntwo\nthree"


@pytest.mark.parametrize(
    "args,code,message",
    [
        ({"start_line": 3, "end_line": 2}, Code.END_BEFORE_START,
         "--end-line must be greater than or equal to --start-line."),
        ({"start_line": 4}, Code.START_PAST_END, "--start-line is beyond the end of the file."),
        ({"start_line": 10**12, "end_line": 10**12}, Code.START_PAST_END,
         "--start-line is beyond the end of the file."),
        ({"start_line": 0}, Code.TOO_SMALL, "start_line must be at least 1."),
        ({"start_line": -5}, Code.TOO_SMALL, "start_line must be at least 1."),
        ({"end_line": 0}, Code.TOO_SMALL, "end_line must be at least 1."),
        ({"max_chars": 0}, Code.TOO_SMALL, "max_chars must be at least 1."),
    ],
)
@invariant("OUT-2")
def test_read_range_errors_use_the_fixed_strings(svc, args, code, message):
    e = err(ops.read, svc, {"path": "notes/plain.txt", **args})
    assert e.code is code and str(e) == message


@pytest.mark.parametrize(
    "path,code",
    [("notes", Code.NOT_A_FILE), (".", Code.NOT_A_FILE), ("blob.dat", Code.NOT_TEXT), ("image.png", Code.NOT_TEXT),
     ("missing.md", Code.PATH_MISSING), (".env", Code.PATH_EXCLUDED), ("../outside/secret.txt", Code.OUTSIDE_ROOT)],
)
@invariant("CONT-1", "CONT-3", "OUT-2")
def test_read_refuses_directories_binary_and_unserved_files_without_echoing_the_path(svc, path, code):
    e = err(ops.read, svc, {"path": path})
    assert e.code is code and str(e) == code.template and (path in (".",) or path not in str(e))


def test_read_streams_files_over_the_per_file_byte_limit_with_the_same_output(root, live, svc):
    big = make_service(root, live, limits=Limits(max_raw_bytes_per_file=20))
    for args in ({"path": "notes/meeting.md"}, {"path": "notes/meeting.md", "start_line": 2, "end_line": 3}):
        assert ops.read(big, args).text == ops.read(svc, args).text


def test_read_truncates_at_max_chars_and_never_splits_a_placeholder(svc):
    full = ops.read(svc, {"path": "notes/meeting.md"}).text
    body = full.split("\n", 1)[1]
    inside = body.index("[EMAIL_") + 10
    for limit in range(inside - 12, inside + 40):
        text = ops.read(svc, {"path": "notes/meeting.md", "max_chars": limit}).text
        kept = text.split("\n", 1)[1]
        assert kept.endswith("[TRUNCATED]")
        content = kept[: -len("[TRUNCATED]")].rstrip("\n")
        assert len(content) <= limit
        assert "[EMAIL_" not in content or PLACEHOLDER_RE.search(content)
        assert not re.search(r"\[EMAIL_[0-9a-f]{0,31}$", content)


def test_read_of_an_empty_file_has_no_lines(svc, root):
    (root / "empty.md").write_text("")
    header = f"--- {ref(svc, 'empty.md')} {shown(svc, 'empty.md')} lines 0-0 ---\n"
    assert ops.read(svc, {"path": "empty.md"}).text == header
    assert err(ops.read, svc, {"path": "empty.md", "start_line": 2}).code is Code.START_PAST_END


def test_head_and_tail_return_the_first_and_last_lines_in_the_read_format(svc, root):
    (root / "long.txt").write_text("".join(f"line {i}\n" for i in range(1, 101)))
    head = ops.head(svc, {"path": "long.txt"}).text.split("\n")
    assert head[0] == f"--- {ref(svc, 'long.txt')} {shown(svc, 'long.txt')} lines 1-40 ---" and head[-1] == "line 40"
    tail = ops.tail(svc, {"path": "long.txt", "lines": 3, "line_numbers": True}).text.split("\n")
    assert tail == [f"--- {ref(svc, 'long.txt')} {shown(svc, 'long.txt')} lines 98-100 ---",
                    "    98\tline 98", "    99\tline 99", "   100\tline 100"]
    assert ops.tail(svc, {"path": "notes/plain.txt", "lines": 40}).text.split("\n")[0].endswith("lines 1-3 ---")


@invariant("OUT-5", "OUT-8")
def test_line_numbers_match_the_source_after_multi_line_redaction(root, live):
    class PemRedactor(Redactor):
        """Stands in for the full engine: a PEM block becomes one placeholder, newlines kept."""

        PEM = re.compile(r"-----BEGIN [A-Z ]+-----.*?-----END [A-Z ]+-----", re.S)

        def redact(self, text, check=None, kind=None):
            base = super().redact(text, check, kind)
            out = self.PEM.sub(lambda m: self.placeholder("SECRET", m.group()) + "\n" * m.group().count("\n"),
                               base.text)
            return Redaction(out, base.counts)

    (root / "key.txt").write_text(
        "intro\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nc2VjcmV0a2V5bWF0ZXJpYWw=\n"
        "-----END PRIVATE KEY-----\nafter the key\n"
    )
    svc = make_service(root, live)
    svc._factory = PemRedactor
    text = ops.read(svc, {"path": "key.txt", "start_line": 3, "end_line": 4}).text
    assert "MIIE" not in text and "c2VjcmV0" not in text
    last = ops.read(svc, {"path": "key.txt", "start_line": 6, "line_numbers": True}).text
    assert last.split("\n")[1] == "     6\tafter the key"


# -- encodings ----------------------------------------------------------------------
ENCODINGS = [
    ("utf-8-bom", lambda s: codecs.BOM_UTF8 + s.encode("utf-8")),
    ("utf-16-le-bom", lambda s: codecs.BOM_UTF16_LE + s.encode("utf-16-le")),
    ("utf-16-be-bom", lambda s: codecs.BOM_UTF16_BE + s.encode("utf-16-be")),
    ("latin-1", lambda s: s.encode("latin-1")),
]


@pytest.mark.parametrize("label,encode", ENCODINGS, ids=[e[0] for e in ENCODINGS])
def test_an_email_in_any_supported_encoding_is_redacted_not_skipped(svc, root, label, encode):
    email = "enc.canary@private.test"
    raw = f"Café line\nmail {email}\n"
    (root / f"{label}.txt").write_bytes(encode(raw))
    text = ops.read(svc, {"path": f"{label}.txt"}).text
    assert email not in text and re.search(EMAIL_PH, text)
    header = f"--- {ref(svc, label + '.txt')} {shown(svc, label + '.txt')} lines 1-2 ---"
    assert text.split("\n") == [header, *redacted_lines(svc, raw)]
    assert f"{label}.txt" in [e.rel for e in svc.iter_files([], [], svc.budget())]


# -- bundle -------------------------------------------------------------------------
def test_bundle_wraps_each_file_in_begin_and_end_lines(svc):
    text = ops.bundle(svc, {"paths": ["notes"], "glob": ["*.txt"]}).text
    r = ref(svc, "notes/plain.txt")
    assert text == f"\n--- BEGIN {r} {shown(svc, 'notes/plain.txt')} ---\none\ntwo\nthree\n--- END {r} ---"


def test_bundle_orders_files_by_casefolded_path_and_skips_binary_and_unserved_files(svc):
    text = ops.bundle(svc, {}).text
    found = re.findall(r"--- BEGIN (" + ID + r") (.*) ---", text)
    assert [i for i, _ in found] == [e.ref for e in svc.iter_files([], [], svc.budget())]
    assert [p for _, p in found] == [shown(svc, e.rel) for e in svc.iter_files([], [], svc.budget())]
    assert len(found) == 6 and found[0][0] == ref(svc, "Alpha.md")
    for hidden in ("blob.dat", "image.png", ".env", "PEM", CONFIG_NAME, ".git", "node_modules"):
        assert hidden not in text
    assert "[TRUNCATED" not in text


def test_bundle_cuts_each_file_at_max_chars_per_file(svc):
    text = ops.bundle(svc, {"paths": ["notes/plain.txt"], "max_chars_per_file": 5}).text
    r = ref(svc, "notes/plain.txt")
    assert text == f"\n--- BEGIN {r} {shown(svc, 'notes/plain.txt')} ---\none\nt\n[TRUNCATED]\n--- END {r} ---"


@pytest.mark.parametrize("args", [{"max_files": 2}, {"max_total_chars": 1}])
def test_bundle_ends_with_the_limit_note_when_files_remain(svc, args):
    text = ops.bundle(svc, args).text
    assert text.endswith("\n[TRUNCATED: file or total character limit reached]")
    assert text.count("--- BEGIN ") == (2 if "max_files" in args else 1)


@invariant("BOUND-1")
def test_bundle_fails_when_the_scope_exceeds_the_total_byte_limit(root, live):
    svc = make_service(root, live, limits=Limits(max_total_raw_bytes=60))
    e = err(ops.bundle, svc, {"max_files": 1})
    assert e.code is Code.LIMIT_TOTAL_BYTES and str(e) == "Total raw byte limit exceeded."


def test_bundle_of_an_empty_scope_is_empty(svc):
    assert ops.bundle(svc, {"paths": ["notes"], "glob": ["*.nothing"]}).text == ""


# -- cache --------------------------------------------------------------------------
def test_a_second_read_or_bundle_of_an_unchanged_file_costs_no_redaction(svc):
    ops.read(svc, {"path": "notes/meeting.md"})
    calls = CountingRedactor.redact_calls
    ops.read(svc, {"path": "notes/meeting.md", "start_line": 2, "end_line": 2})
    ops.stat(svc, {"path": "notes/meeting.md"})
    ops.bundle(svc, {"paths": ["notes/meeting.md"]})
    assert CountingRedactor.redact_calls == calls
    ops.bundle(svc, {"paths": ["notes"]})
    warm = CountingRedactor.redact_calls
    ops.bundle(svc, {"paths": ["notes"]})
    assert CountingRedactor.redact_calls == warm


def test_a_changed_file_is_read_again_not_served_from_the_cache(svc, root):
    path = root / "notes" / "plain.txt"
    assert ops.read(svc, {"path": "notes/plain.txt"}).text.endswith("three")
    st = path.stat()
    path.write_text("uno\ndos\ntres\n")  # same size
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert ops.read(svc, {"path": "notes/plain.txt"}).text.endswith("\nuno\ndos\ntres")


def test_the_cache_holds_redacted_text_only(svc):
    ops.bundle(svc, {})
    assert len(svc.cache) > 0
    for doc in svc.cache.documents():
        for canary in CANARY_EMAILS:
            assert canary not in doc.text and canary not in doc.title


def test_refresh_index_rebuilds_ids_and_clears_the_cache(svc, root):
    ops.read(svc, {"path": "notes/plain.txt"})
    (root / "created-later.md").write_text("later\n")
    result = ops.refresh_index(svc, {})
    assert result.text == "Refreshed path index." and result.counts == {}
    assert len(svc.cache) == 0
    assert svc._g().index.complete
    assert any(rel == "created-later.md" for rel in svc._g().index._by_rel)


# -- receipts and canaries ----------------------------------------------------------------
ALL_CALLS = [
    (ops.tree, {"max_depth": 10}), (ops.list_entries, {"recursive": True}), (ops.list_entries, {}),
    (ops.stat, {"path": "notes/meeting.md"}), (ops.stat, {"path": CANARY_NAMES[0]}),
    (ops.read, {"path": "notes/meeting.md"}), (ops.read, {"path": "utf16.txt", "line_numbers": True}),
    (ops.read, {"path": CANARY_NAMES[0] + "/brief.md"}), (ops.head, {"path": "notes/meeting.md"}),
    (ops.tail, {"path": "notes/meeting.md"}), (ops.bundle, {}), (ops.bundle, {"paths": [CANARY_NAMES[0]]}),
    (ops.refresh_index, {}), (ops.read, {"path": ".env"}), (ops.read, {"path": "server.PEM"}),
    (ops.read, {"path": CONFIG_NAME}), (ops.read, {"path": "../outside/secret.txt"}),
    (ops.read, {"path": "@p_ffffffffffff"}),
]


def run(svc, fn, args) -> str:
    try:
        return fn(svc, args).text
    except RedctxError as exc:
        return str(exc)


@invariant("OUT-2", "OUT-3")
def test_no_raw_canary_value_or_file_name_appears_in_any_output(svc, outside):
    raws = (*CANARY_EMAILS, *CANARY_NAMES, "leak.outside@other.test", "API_TOKEN", "BEGIN PRIVATE", "Top Secret Client",
            "outside secret")
    outputs = [run(svc, fn, args) for fn, args in ALL_CALLS]
    outputs.append(repr(ops.resources_list(svc)))
    for entry in ops.resources_list(svc)["resources"]:
        outputs.append(repr(ops.resources_read(svc, entry["uri"])))
    assert any(CANARY_NAMES[0] in e.rel for e in svc.iter_files([], [], svc.budget()))
    raws += (str(svc.settings.root), svc.fs.path)
    for out in outputs:
        for raw in raws:
            assert raw not in out


@invariant("OUT-4")
def test_receipts_count_placeholders_in_content_and_paths(svc):
    assert ops.read(svc, {"path": CANARY_NAMES[0] + "/brief.md"}).counts == {"EMAIL": 1}
    assert ops.read(svc, {"path": "notes/plain.txt"}).counts == {}
    listing = ops.list_entries(svc, {"recursive": True})
    assert listing.counts == {"EMAIL": len(re.findall(EMAIL_PH, listing.text))} and listing.counts["EMAIL"] >= 2


# -- resources ------------------------------------------------------------------------
def test_resources_list_returns_redacted_titles_and_opaque_uris(svc, root):
    page = ops.resources_list(svc)
    assert "nextCursor" not in page
    by_name = {r["name"]: r for r in page["resources"]}
    r = by_name[ref(svc, "notes/meeting.md")]
    assert r["uri"] == "redctx://" + ref(svc, "notes/meeting.md")[1:]
    assert r["title"] == shown(svc, "notes/meeting.md") and r["mimeType"] == "text/markdown"
    assert r["size"] == (root / "notes/meeting.md").stat().st_size
    assert r["annotations"] == {"audience": ["assistant"], "priority": 0.5}
    assert by_name[ref(svc, "notes/plain.txt")]["mimeType"] == "text/plain"
    assert ref(svc, "blob.dat") not in by_name


def test_resources_list_pages_by_200_with_a_decimal_cursor(svc, root):
    (root / "many").mkdir()
    for i in range(230):
        (root / "many" / f"f{i:03}.json").write_text("{}\n")
    first = ops.resources_list(svc, None)
    assert len(first["resources"]) == 200 and first["nextCursor"] == "200"
    second = ops.resources_list(svc, first["nextCursor"])
    assert "nextCursor" not in second
    total = len(first["resources"]) + len(second["resources"])
    assert total == len({r["uri"] for r in first["resources"] + second["resources"]})
    assert ops.resources_list(svc, "100000") == {"resources": []}


@pytest.mark.parametrize("cursor", ["-1", "abc", "1.5", 5, "٣"])
def test_resources_list_rejects_bad_cursors(svc, cursor):
    with pytest.raises(ResourceError) as info:
        ops.resources_list(svc, cursor)
    assert info.value.reason == "bad_cursor" and info.value.message == "cursor must be a string offset."


def test_resources_list_reports_the_listing_limit(root, live):
    svc = make_service(root, live, limits=Limits(max_entries=2))
    with pytest.raises(ResourceError) as info:
        ops.resources_list(svc)
    assert info.value.message == "Resource listing limit exceeded."


def test_resources_read_returns_the_redacted_text(svc):
    uri = "redctx://" + ref(svc, "notes/meeting.md")[1:]
    result = ops.resources_read(svc, uri)
    (content,) = result["contents"]
    assert content["uri"] == uri and content["mimeType"] == "text/markdown"
    assert CANARY_EMAILS[0] not in content["text"]
    assert content["text"] == svc.snapshot().redactor.redact((svc.settings.root / "notes/meeting.md").read_text()).text


@pytest.mark.parametrize(
    "uri", ["redctx://p_ffffffffffff", "redctx://notes/meeting.md", "file:///etc/passwd", "redctx://p_XYZ", None,
            "@p_ffffffffffff"],
)
def test_resources_read_of_unknown_uris_is_not_found(svc, uri):
    with pytest.raises(ResourceError) as info:
        ops.resources_read(svc, uri)
    assert info.value.reason == "not_found" and info.value.legacy_code == -32002 and info.value.modern_code == -32602


def test_resources_read_of_directories_binary_or_oversized_files_is_refused(root, live):
    svc = make_service(root, live, limits=Limits(max_resource_bytes=10))
    for rel, reason in (("notes", "not_found"), ("blob.dat", "not_found"), ("notes/meeting.md", "too_large")):
        with pytest.raises(ResourceError) as info:
            ops.resources_read(svc, "redctx://" + svc.resolve(rel).id)
        assert info.value.reason == reason


def test_resource_templates_lists_the_one_opaque_id_template():
    (t,) = ops.resource_templates()
    assert t["uriTemplate"] == "redctx://{path_id}" and t["name"] == "redacted_context_file"
    assert t["title"] == "Redacted Context File" and t["mimeType"] == "text/plain"


@invariant("POLICY-1")
def test_every_operation_checks_the_live_policy_first(root):
    class Blocked(FakeLive):
        def current(self):
            raise RedctxError(Code.POLICY_BLOCKED)

    svc = make_service(root, Blocked(root))
    for fn, args in ALL_CALLS[:12]:
        assert err(fn, svc, args).code is Code.POLICY_BLOCKED
    with pytest.raises(RedctxError):
        ops.resources_list(svc)


def test_service_works_with_the_real_live_policy(root: Path):
    from redacted_context_mcp.reload import LivePolicy

    svc = make_service(root, LivePolicy(root, environ={"REDACTED_CONTEXT_SALT": "x" * 32}))
    assert err(ops.read, svc, {"path": CONFIG_NAME}).code is Code.PATH_EXCLUDED
    assert ops.read(svc, {"path": "notes/plain.txt"}).text.endswith("three")


@invariant("DET-2")
def test_repeated_calls_on_unchanged_files_return_byte_identical_output(root, live):
    first = [run(make_service(root, live), fn, args) for fn, args in ALL_CALLS]
    again = make_service(root, live)
    assert [run(again, fn, args) for fn, args in ALL_CALLS] == first
    assert [run(again, fn, args) for fn, args in ALL_CALLS] == first


# -- the shared canary corpus -------------------------------------------------------------
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@invariant("OUT-1", "CONT-3", "CONT-4")
def test_no_fixture_canary_appears_in_any_file_tool_or_resource_output(tmp_path):
    import shutil
    import tomllib

    from redacted_context_mcp.reload import LivePolicy

    table = tomllib.loads((FIXTURES / "canaries.toml").read_text(encoding="utf-8"))
    canaries = [v for group, t in table.items() if group != "extended_only" for vs in t.values() for v in vs]
    root = tmp_path / "kb"
    shutil.copytree(FIXTURES / "corpus", root)
    svc = make_service(root, LivePolicy(root, environ={}))
    if "John Smith" in svc.snapshot().redactor.redact("John Smith").text:
        pytest.skip("the full redaction engine (configured terms) has not landed yet")
    files = list(svc.iter_files([], [], svc.budget()))
    assert files, "the corpus must not be empty"
    outputs = [run(svc, fn, args) for fn, args in (
        (ops.tree, {"max_depth": 10}), (ops.list_entries, {"recursive": True}), (ops.bundle, {}),
        (ops.read, {"path": ".env"}), (ops.read, {"path": "private-terms.txt"}),
    )]
    for e in files:
        for fn, args in ((ops.read, {"line_numbers": True}), (ops.stat, {}), (ops.head, {}), (ops.tail, {})):
            outputs.append(run(svc, fn, {"path": e.ref, **args}))
        outputs.append(run(svc, ops.read, {"path": svc.display(e).text, "start_line": 2, "end_line": 3}))
    listing = ops.resources_list(svc)
    outputs.append(repr(listing))
    outputs.extend(repr(ops.resources_read(svc, r["uri"])) for r in listing["resources"])
    everything = "\n".join(outputs).casefold()
    leaked = [c for c in canaries if c.casefold() in everything]
    assert leaked == []


@invariant("RCPT-1")
def test_receipts_do_not_count_placeholders_that_were_already_in_the_file(svc, root):
    old = "[EMAIL_" + "0123456789abcdef" * 2 + "]"
    (root / "notes" / "quoted.md").write_text(
        f"quoted {old}\nreal one: fresh.person@example-corp.test\nquoted again {old}\n", encoding="utf-8"
    )
    whole = ops.read(svc, {"path": "notes/quoted.md"})
    assert whole.text.count("[EMAIL_") == 3 and whole.counts == {"EMAIL": 1}
    assert ops.read(svc, {"path": "notes/quoted.md", "start_line": 3}).counts == {}
    assert ops.read(svc, {"path": "notes/quoted.md", "start_line": 2, "end_line": 2}).counts == {"EMAIL": 1}
    numbered = ops.read(svc, {"path": "notes/quoted.md", "line_numbers": True, "max_chars": 30})
    assert numbered.counts == {}
    from redacted_context_mcp.service import search as search_ops

    hits = search_ops.search(svc, {"query": "[EMAIL_", "paths": ["notes/quoted.md"]})
    assert hits.text.count("\n") == 2 and hits.counts == {"EMAIL": 1}
    bundle = ops.bundle(svc, {"paths": ["notes/quoted.md"]})
    assert bundle.counts == {"EMAIL": 1}
    assert search_ops.retrieve(svc, {"query": "quoted", "paths": ["notes/quoted.md"]}).counts == {"EMAIL": 1}
