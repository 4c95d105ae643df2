"""The theme stays: chosen in the palette (or with the menu's t), saved beside the language,
used at the next start."""

from __future__ import annotations

import json

from textual.command import CommandPalette

from tilegames.core.places import settings_path
from tilegames.core.settings import save_language, save_theme, saved
from tilegames.ui.app import TilegamesApp


async def test_a_theme_chosen_from_the_menu_is_saved_and_used_at_the_next_start():
    save_language("en")
    app = TilegamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"nord", "enter")
        await pilot.pause(0.2)
        assert app.theme == "nord"
    assert saved().theme == "nord" and saved().language == "en"
    again = TilegamesApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


async def test_a_saved_theme_the_app_does_not_have_is_said_and_the_default_used():
    save_theme("no-such-theme")
    app = TilegamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        assert ["There is no theme 'no-such-theme'" in str(n.message) for n in app._notifications] == [True]


async def test_over_ssh_a_theme_changes_for_the_session_but_nothing_is_written(monkeypatch):
    monkeypatch.setenv("TILEGAMES_SSH_SESSION", "1")
    app = TilegamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "nord"
        await pilot.pause(0.2)
        assert app.theme == "nord"
    assert not settings_path().exists()


async def test_starting_with_the_saved_theme_does_not_write_the_file_again():
    save_theme("gruvbox")
    before = settings_path().stat().st_mtime_ns
    app = TilegamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
    assert settings_path().stat().st_mtime_ns == before
    assert json.loads(settings_path().read_text(encoding="utf-8")) == {"theme": "gruvbox"}


async def test_a_damaged_settings_file_is_said_once_as_the_app_starts_and_the_defaults_used():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(b"[" * 20_000 + b"]" * 20_000)
    app = TilegamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        said = [str(n.message) for n in app._notifications]
        assert len(said) == 1 and "settings.json is damaged (it is nested too deeply)" in said[0]


async def test_a_damaged_catalog_is_said_once_as_the_app_starts(monkeypatch):
    from tilegames.core.text import i18n

    monkeypatch.setattr(i18n, "catalog_problem", lambda: "The ko translation has 1 damaged entry.")
    import tilegames.ui.preferences as preferences

    monkeypatch.setattr(preferences, "catalog_problem", i18n.catalog_problem)
    app = TilegamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [str(n.message) for n in app._notifications] == ["The ko translation has 1 damaged entry."]
