"""A damaged settings file (issue 23, item 3) is reported once and ignored: every command still
runs, `--version` too, and the app starts with its defaults and says why."""

from __future__ import annotations

import pytest

from tilegames.cli import main
from tilegames.core import settings
from tilegames.core.places import settings_path

DAMAGE = {
    "deep nesting": b"[" * 20_000 + b"]" * 20_000,
    "deep nesting in an object": b'{"keymap": ' + b"[" * 20_000 + b"]" * 20_000 + b"}",
    "a number of 5000 digits": b'{"language": "ko", "x": ' + b"9" * 5000 + b"}",
    "not JSON": b'{"language": "ko",',
    "not UTF-8": b'{"language": "\xff"}',
    "not an object": b'["ko"]',
    "too big": b'{"theme": "' + b"x" * (70 * 1024) + b'"}',
}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    settings_path().parent.mkdir(parents=True)
    return settings_path()


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_settings_file_is_ignored_with_one_sentence(kind, home):
    home.write_bytes(DAMAGE[kind])
    found = settings.saved()
    assert found.language is None and found.theme is None and found.keymap == {}
    assert found.problem is not None and "settings.json" in found.problem and "ignored" in found.problem


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_every_command_runs_past_a_damaged_settings_file_and_says_so_once(kind, home, capsys):
    home.write_bytes(DAMAGE[kind])
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert captured.err.count("settings.json") == 1
    assert main(["words", "check", "cat"]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_setting_saved_over_a_damaged_file_makes_it_whole(home):
    home.write_bytes(DAMAGE["deep nesting"])
    settings.save_theme("nord")
    assert settings.saved() == settings.Saved(None, "nord", {}, None)


def test_a_missing_settings_file_is_no_problem(home):
    assert settings.saved().problem is None


def test_text_that_is_not_unicode_costs_only_its_entry(home):
    """Found by the fuzz test: JSON's lone surrogates crashed the keymap check."""
    home.write_bytes(b'{"theme": "\\ud800", "keymap": {"rows.draw": "\\udcffx", "\\ud800": "x", "rows.help": "h"}}')
    found = settings.saved()
    assert found.theme is None and found.keymap == {"rows.help": "h"} and found.problem is None
