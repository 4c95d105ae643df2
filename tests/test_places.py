"""Where data and settings live: $TILEGAMES_HOME first, laid out as always; else each
platform's own folders (platformdirs); settings kept by an earlier tilegames still read."""

from __future__ import annotations

import json
from pathlib import Path

import platformdirs.macos
import platformdirs.unix
import platformdirs.windows
import pytest

from tilegames.core import places, settings
from tilegames.core.records.saves import saves_dir


@pytest.fixture
def no_home(monkeypatch, tmp_path):
    monkeypatch.delenv("TILEGAMES_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


def test_tilegames_home_holds_games_and_settings_side_by_side_as_before(monkeypatch, tmp_path):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "h"))
    assert saves_dir() == tmp_path / "h" / "games"
    assert places.settings_path() == tmp_path / "h" / "settings.json"


def test_on_linux_games_go_to_the_data_folder_and_settings_to_the_config_folder(no_home, monkeypatch):
    monkeypatch.setattr(places, "_platform", lambda: platformdirs.unix.Unix("tilegames", appauthor=False))
    assert saves_dir() == no_home / "data" / "tilegames" / "games"
    assert places.settings_path() == no_home / "config" / "tilegames" / "settings.json"


def test_on_macos_both_are_under_application_support(no_home, monkeypatch):
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setattr(places, "_platform", lambda: platformdirs.macos.MacOS("tilegames", appauthor=False))
    support = no_home / "Library" / "Application Support" / "tilegames"
    assert saves_dir() == support / "games" and places.settings_path() == support / "settings.json"


def test_on_windows_both_are_under_local_app_data(no_home, monkeypatch):
    monkeypatch.setenv("LOCALAPPDATA", str(no_home / "AppData" / "Local"))
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda name: str(no_home / "AppData" / "Local"))
    monkeypatch.setattr(places, "_platform", lambda: platformdirs.windows.Windows("tilegames", appauthor=False))
    assert Path(str(saves_dir()).replace("\\", "/")) == no_home / "AppData" / "Local" / "tilegames" / "games"


def test_settings_an_earlier_tilegames_kept_beside_the_games_are_still_read_then_moved(no_home, monkeypatch):
    monkeypatch.setattr(places, "_platform", lambda: platformdirs.unix.Unix("tilegames", appauthor=False))
    earlier = no_home / "data" / "tilegames" / "settings.json"
    earlier.parent.mkdir(parents=True)
    earlier.write_text(json.dumps({"language": "ko"}), encoding="utf-8")
    assert settings.saved_language() == "ko"
    settings.save_theme("nord")
    written = json.loads(places.settings_path().read_text(encoding="utf-8"))
    assert written == {"language": "ko", "theme": "nord"}


def test_saving_one_setting_keeps_the_others(monkeypatch, tmp_path):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path))
    settings.save_language("ko")
    settings.save_keymap({"rows.draw": "x"})
    settings.save_theme("gruvbox")
    assert settings.saved() == settings.Saved("ko", "gruvbox", {"rows.draw": "x"})
    settings.save_keymap({})
    assert "keymap" not in json.loads(places.settings_path().read_text(encoding="utf-8"))


@pytest.mark.parametrize("text", ['{"theme": "nord", "keymap": {"rows.draw": "x"}' + " " * (70 * 1024) + "}",
                                  '{"theme": 5, "keymap": "x"}', "[1, 2]", "\xff\xfe", '{"theme": "' + "n" * 101 + '"}'])
def test_a_settings_file_too_big_damaged_or_of_the_wrong_shape_is_as_if_nothing_was_chosen(monkeypatch, tmp_path, text):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path))
    (tmp_path / "settings.json").write_bytes(text.encode("utf-8", "surrogateescape") if "\xff" not in text else b"\xff\xfe")
    found = settings.saved()
    assert (found.language, found.theme, found.keymap) == (None, None, {})


def test_the_cache_folder_is_tilegames_cache_then_tilegames_home_then_the_platforms(no_home, monkeypatch, tmp_path):
    monkeypatch.delenv("TILEGAMES_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    monkeypatch.setattr(places, "_platform", lambda: platformdirs.unix.Unix("tilegames", appauthor=False))
    assert places.cache_home() == tmp_path / "xdg-cache" / "tilegames"
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "h"))
    assert places.cache_home() == tmp_path / "h" / "cache"
    monkeypatch.setenv("TILEGAMES_CACHE", str(tmp_path / "shared"))
    assert places.cache_home() == tmp_path / "shared"
