"""The app in a real browser: Debian's Chromium, headless, against `tilegames web` and against
a seat link of `tilegames host GAME --web PORT`, each run as a user runs them (tests/web/browser.py
reads the page's terminal). Skipped where Chromium is not installed; `.ci/run` installs it."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from browser import OUTPUT, Browser, chromium_or_skip

RACK = re.compile(r"(?:[KRBO](?:1[0-3]|[1-9])\s+){5,}")  # a row of Rummikub tiles: K1 R7 B12 ...


@pytest.fixture
def browser():
    chromium_or_skip()
    window = Browser()
    yield window
    window.close()


@pytest.fixture
def menu(browser, tmp_path):
    """`tilegames web` running, and its menu open in the browser: the browser."""
    port = _free_port()
    server = _start(["web", "--port", str(port)], tmp_path, "Serving tilegames to browsers")
    try:
        browser.open(f"http://127.0.0.1:{port}/")
        yield browser
    finally:
        _stop(server)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: list[str], home: Path, wait_for: str, *, text_out: bool = False) -> subprocess.Popen[str]:
    env = {**os.environ, "TILEGAMES_HOME": str(home), "LANGUAGE": "en", "LANG": "C.UTF-8"}
    process = subprocess.Popen([sys.executable, "-m", "tilegames", *args], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    end = time.monotonic() + 60
    while time.monotonic() < end:
        line = process.stderr.readline()
        if wait_for in line:
            return process
        if not line and process.poll() is not None:
            break
    process.kill()
    raise AssertionError(f"`tilegames {' '.join(args)}` never said {wait_for!r}")


def _stop(process: subprocess.Popen[str]) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


def test_the_menu_in_a_browser_starts_a_rummikub_game_against_the_computer(menu):
    shown = menu.wait_for("Rummikub Word", "Host a game", "Quit", "t Theme")  # the footer drawn too
    menu.screenshot(OUTPUT / "menu.png")
    assert "Up/Down to choose" in shown
    menu.press("enter")  # Rummikub: its setup form
    menu.wait_for("New Rummikub game", "Computer")
    menu.press("tab", "right", "space", "ctrl+s")  # the second seat to the computer, and start
    screen = menu.wait_for("CPU (normal)", "Your rack", seconds=30)
    menu.screenshot(OUTPUT / "rummikub.png")
    assert RACK.search(screen), screen
    first = _seconds_left(menu.wait_for("Player 1's turn"))
    time.sleep(2.5)
    assert _seconds_left(menu.screen()) < first  # the turn clock runs in the tab


def _seconds_left(screen: str) -> int:
    found = re.search(r"(\d+)s\b", screen.splitlines()[0])
    assert found, screen.splitlines()[0]
    return int(found.group(1))


def test_the_mouse_works_in_the_tab(menu):
    menu.wait_for("Rummikub Word", "Up/Down to choose")
    menu.click_text("Scrabble")
    menu.wait_for("New Scrabble game")


def test_a_browser_window_made_too_small_gets_the_notice_and_the_menu_back_when_larger(menu):
    menu.wait_for("Rummikub Word", "Quit")
    menu.driver.set_window_size(500, 400)  # fewer cells than 80x24
    notice = menu.wait_for("tilegames needs at least 80x24.")
    assert "Make the window larger to go on." in notice
    menu.driver.set_window_size(1000, 800)
    menu.wait_for("Rummikub Word", "Up/Down to choose")
    menu.press("down", "down", "down")  # keys reach the app again: the cursor moves to Nab-It!
    menu.press("enter")
    menu.wait_for("New Nab-It! game")


def test_a_seat_link_plays_that_seat_and_shows_only_its_own_rack(tmp_path):
    chromium_or_skip()
    port, web = _free_port(), _free_port()
    codes = tmp_path / "codes.json"
    server = _start(["--debug", "host", "rummikub", "--players", "Ann,Bo", "--port", str(port), "--web", str(web),
                     "--codes-json", str(codes), "--data", str(tmp_path / "tables")], tmp_path, "Serving 1 table")
    ann, bo = Browser(), Browser()
    try:
        links = json.loads(codes.read_text())["links"]
        assert set(links) == {"Ann", "Bo"} and all(link.startswith(f"http://127.0.0.1:{web}/seat/") for link in links.values())
        ann.open(links["Ann"])
        bo.open(links["Bo"])
        ann_screen = ann.wait_for("Your rack", "Bo")
        bo_screen = bo.wait_for("Your rack", "Ann")
        ann_rack, bo_rack = RACK.search(ann_screen), RACK.search(bo_screen)
        assert ann_rack and bo_rack, (ann_screen, bo_screen)
        assert ann_rack.group().strip() != bo_rack.group().strip()
        assert bo_rack.group().strip() not in ann_screen and ann_rack.group().strip() not in bo_screen
    finally:
        ann.close()
        bo.close()
        _stop(server)
    logs = [path.read_text() for path in tmp_path.rglob("tilegames.log*")]
    assert logs and any("browser door" in log for log in logs)  # the server's debug log, which says it opened
    secrets = [*json.loads(codes.read_text())["seats"].values(), *links.values()]
    assert not [secret for secret in secrets for log in logs if secret in log]
