"""``redctx init``: a commented starter config with a fresh salt, never overwriting, next steps printed."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

from redacted_context_mcp import cli, cli_init
from redacted_context_mcp.config import CONFIG_NAME, load_policy

REPO = Path(__file__).resolve().parents[1]


def _salt(path: Path) -> str:
    m = re.search(r'^salt = "([0-9a-f]+)"$', path.read_text(encoding="utf-8"), re.M)
    assert m, "no salt line"
    return m.group(1)


def test_init_writes_a_private_commented_config_with_a_fresh_salt_that_loads(tmp_path, capsys):
    root = tmp_path / "Acme Client Notes"
    root.mkdir()
    assert cli.main(["init", "--root", str(root)]) == 0
    out, err = capsys.readouterr()
    config = root / CONFIG_NAME
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    salt = _salt(config)
    assert len(salt) == 64
    policy = load_policy(root)
    assert policy.config_loaded and policy.salt == salt and policy.mode == "strict"
    assert sum(line.startswith("#") for line in config.read_text().splitlines()) >= 10
    # the next steps, without the root (its name can be private) or the salt
    assert "Next steps" in out and "redctx --root DIR doctor" in out and "redctx-mcp --root DIR" in out
    assert "Acme" not in out + err and salt not in out + err


def test_two_inits_draw_different_salts(tmp_path):
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        assert cli_init.write_starter(tmp_path / name)
    assert _salt(tmp_path / "a" / CONFIG_NAME) != _salt(tmp_path / "b" / CONFIG_NAME)


def test_init_refuses_to_overwrite_an_existing_config(tmp_path, capsys):
    config = tmp_path / CONFIG_NAME
    config.write_text("[redaction]\nclients = ['Kept Client']\n", encoding="utf-8")
    assert cli.main(["--root", str(tmp_path), "init"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == cli_init.EXISTS
    assert config.read_text(encoding="utf-8") == "[redaction]\nclients = ['Kept Client']\n"


def test_init_never_writes_through_a_symlink_where_the_config_goes(tmp_path, capsys):
    target = tmp_path / "elsewhere.toml"
    (tmp_path / "kb").mkdir()
    os.symlink(target, tmp_path / "kb" / CONFIG_NAME)
    assert cli.main(["init", "--root", str(tmp_path / "kb")]) == 1
    assert not target.exists()


def test_init_defaults_to_the_current_folder_and_the_root_is_then_served_redacted(tmp_path):
    (tmp_path / "notes.md").write_text("Call Avery Example about the renewal.\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("REDACTED_CONTEXT_SALT", None)
    redctx = [sys.executable, "-m", "redacted_context_mcp.cli"]
    done = subprocess.run([*redctx, "init"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and (tmp_path / CONFIG_NAME).is_file()
    doctor = subprocess.run([*redctx, "doctor"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert doctor.returncode == 0 and re.search(r"config_loaded: (true|yes)", doctor.stdout), doctor.stdout
    assert "salt_source: config" in doctor.stdout
    tree = subprocess.run([*redctx, "ls"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert CONFIG_NAME not in tree.stdout  # the config is a protected file


def test_every_key_the_template_shows_or_comments_out_is_a_real_config_key():
    from redacted_context_mcp.config import _REDACTION_KEYS

    text = cli_init.render_template("0" * 64)
    shown = set(re.findall(r"^#? ?([a-z_]+) = ", text, re.M))
    assert {"salt", "clients", "people", "terms", "allow", "mode", "term_files"} <= shown
    assert shown <= _REDACTION_KEYS
    assert "[redaction.aliases]" in text


def test_init_writes_to_config_when_given_and_never_names_it(tmp_path, capsys):
    (tmp_path / "kb").mkdir()
    target = tmp_path / "Kestrel private" / "redaction.toml"
    target.parent.mkdir()
    assert cli.main(["init", "--root", str(tmp_path / "kb"), "--config", str(target)]) == 0
    out, _ = capsys.readouterr()
    assert target.is_file() and not (tmp_path / "kb" / CONFIG_NAME).exists()
    assert "Kestrel" not in out and "--config" in out
    assert load_policy(tmp_path / "kb", target).config_loaded
    assert cli.main(["init", "--config", str(target), "--root", str(tmp_path / "kb")]) == 1
    assert capsys.readouterr().err == cli_init.EXISTS_CONFIG

