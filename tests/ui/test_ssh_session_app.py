"""Nothing a remote player can press in a session's app writes a file on the server.

The app the SSH door starts (net/ssh_child.py's environment marks it) is driven by a
stranger's keys, as the server's account: so Textual's screenshot is neither offered in the
command palette nor saved by any key or action, and the language chosen is not written to the
settings. Each says why in a sentence. Checked with the real app headless (`App.run_test`),
against the same app run locally, which does write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from app_helpers import until

from tilegames.core.kernel.clock import FakeClock
from tilegames.net.ssh_child import SSH_SESSION_VARIABLE, child_env
from tilegames.ui.app import TilegamesApp
from tilegames.ui.screens.language import switch_language

SENTENCE = "This screen is served by the game server: nothing is saved on the server."


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every place a screenshot could go (the working folder, the user's Downloads) under
    `tmp_path`, which the tests then watch."""
    home = tmp_path / "user"
    (home / "Downloads").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def files(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if path.is_file()}


def door_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> TilegamesApp:
    """The app with the environment the door gives its children."""
    for key, value in child_env("xterm", {}, tmp_path / "session-home", ("K7PQ-3MZD-XW4R",)).items():
        if key in (SSH_SESSION_VARIABLE, "TILEGAMES_HOME"):
            monkeypatch.setenv(key, value)
    return TilegamesApp(clock=FakeClock(), save=False, one_game=True)


def palette_offers(app: TilegamesApp) -> str | None:
    """What the command palette's search found first: the command's title, "" once it has
    said that nothing matches, None while it has not answered (or is not open)."""
    from textual.command import CommandList, CommandPalette

    if not isinstance(app.screen, CommandPalette):
        return None
    options = app.screen.query_one(CommandList)
    if not options.option_count:
        return None
    first = options.get_option_at_index(0)
    if first.id == "--no-matches":  # CommandPalette._NO_MATCHES
        return ""
    return str(getattr(first.prompt, "plain", "")).split("\n")[0]


def said(app: TilegamesApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_the_palette_of_an_ssh_session_offers_no_screenshot(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    local = TilegamesApp(clock=FakeClock(), save=False, one_game=True)
    async with local.run_test(size=(80, 24)):
        assert "Screenshot" in [c.title for c in local.get_system_commands(local.screen)]
    app = door_app(monkeypatch, tmp_path)
    async with app.run_test(size=(80, 24)):
        titles = [c.title for c in app.get_system_commands(app.screen)]
    assert "Screenshot" not in titles and "Quit" in titles


@pytest.mark.parametrize("over_ssh", [False, True])
async def test_what_would_save_a_screenshot_writes_nothing_in_an_ssh_session(
        monkeypatch: pytest.MonkeyPatch, folders: Path, over_ssh: bool) -> None:
    app = door_app(monkeypatch, folders) if over_ssh else TilegamesApp(clock=FakeClock(), save=False, one_game=True)
    before = files(folders)

    def tried() -> int:
        """Screenshots tried so far: each one's sentence said, or its file written."""
        return said(app).count(SENTENCE) if over_ssh else len(files(folders) - before)

    async with app.run_test(size=(80, 24)) as pilot:
        app.bind("ctrl+t", "screenshot")  # a key bound to Textual's screenshot action
        await pilot.press("ctrl+t")
        await until(pilot, lambda: tried() == 1)
        await pilot.press("ctrl+p")  # the palette, and what a player would type in it
        await pilot.pause()
        await pilot.press(*"screenshot")
        await until(pilot, lambda: palette_offers(app) == ("" if over_ssh else "Screenshot"))
        await pilot.press("enter")  # over SSH, there is nothing to run
        await until(pilot, lambda: tried() == 1 + (not over_ssh))
        app.save_screenshot()  # what TEXTUAL_SCREENSHOT in the environment does at start
        await until(pilot, lambda: tried() == 2 + (not over_ssh))
    written = files(folders) - before
    if over_ssh:
        assert written == set()
        assert SENTENCE in said(app)
    else:  # the same, run locally: two saved to Downloads, one to the working folder
        assert sorted(p.parent.name for p in written) == ["Downloads", "Downloads", folders.name]


async def test_the_language_chosen_in_an_ssh_session_is_not_written(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    app = door_app(monkeypatch, tmp_path)
    home = Path(os.environ["TILEGAMES_HOME"])
    async with app.run_test(size=(80, 24)) as pilot:
        assert switch_language(app, "ko") is False
        await pilot.pause()
    assert files(tmp_path) == set() and app.restart_in_language is None
    assert SENTENCE in said(app)
    assert not home.exists() or files(home) == set()
