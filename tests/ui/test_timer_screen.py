"""The stand-alone turn timer (`tilegames timer`) in the app, on the app's fake clock."""

from __future__ import annotations

import sys
import wave
from pathlib import Path

import pytest
from app_helpers import screen_text
from rich.cells import cell_len

from tilegames.ui import sound
from tilegames.ui.screens.menu import MenuScreen
from tilegames.ui.screens.timer import (
    PlayersList,
    TimerScreen,
    run_timer_screen,
    timer_players,
    timer_seconds,
    timer_settings,
)
from tilegames.ui.widgets.big_countdown import BigCountdown, glyph_lines

NAMES = "김민수,이지영,박서준"


class Heard:
    """What the screen asked to be heard: bells and sounds, in order."""

    def __init__(self, app) -> None:
        self.events: list[str] = []
        app.bell = lambda: self.events.append("bell")

    def play(self, name: str) -> bool:
        self.events.append(name)
        return True


async def open_timer(app, pilot, seconds=60, players=NAMES) -> tuple[TimerScreen, Heard]:
    heard = Heard(app)
    screen = run_timer_screen(app, seconds, players, play_sound=heard.play)
    await pilot.pause()
    return screen, heard


def digits(screen: TimerScreen) -> str:
    return screen.query_one(BigCountdown).text


async def test_the_timer_counts_for_the_first_player_at_once(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen, heard = await open_timer(app, pilot)
        assert digits(screen) == "1:00" and "김민수's turn" in screen_text(app)
        app.clock.advance(18)
        screen.tick()
        assert digits(screen) == "0:42" and heard.events == []
        assert "Next: 이지영" in screen_text(app)


async def test_the_warning_rings_once_at_ten_seconds_with_words_as_well_as_colour(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen, heard = await open_timer(app, pilot)
        app.clock.advance(49)
        screen.tick()
        assert heard.events == [] and not screen.query_one(BigCountdown).has_class("warning")
        app.clock.advance(1)
        screen.tick()
        screen.tick()
        assert heard.events == ["bell", "warning"]
        assert screen.query_one(BigCountdown).has_class("warning")
        assert "Hurry!" in screen_text(app)


async def test_the_alert_rings_once_at_zero_and_the_turn_waits_for_the_players(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen, heard = await open_timer(app, pilot)
        app.clock.advance(50)
        screen.tick()
        app.clock.advance(10)
        screen.tick()
        app.clock.advance(20)
        screen.tick()
        assert heard.events == ["bell", "warning", "bell", "alert"]
        assert digits(screen) == "0:00" and "TIME IS UP!" in screen_text(app)
        assert screen.countdown.current_name == "김민수"


@pytest.mark.parametrize("key", ["space", "enter"])
async def test_space_or_enter_gives_the_next_player_a_fresh_minute(app, key):
    async with app.run_test(size=(80, 24)) as pilot:
        screen, heard = await open_timer(app, pilot)
        app.clock.advance(55)
        screen.tick()
        await pilot.press(key)
        assert screen.countdown.current_name == "이지영" and digits(screen) == "1:00"
        assert "이지영's turn" in screen_text(app) and "Next: 박서준" in screen_text(app)
        app.clock.advance(50)
        screen.tick()
        assert heard.events == ["bell", "warning", "bell", "warning"]  # the new turn warns again


async def test_p_pauses_the_countdown_and_p_again_goes_on(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen, heard = await open_timer(app, pilot)
        app.clock.advance(10)
        await pilot.press("p")
        app.clock.advance(300)
        screen.tick()
        assert digits(screen) == "0:50" and heard.events == [] and "Paused" in screen_text(app)
        await pilot.press("p")
        app.clock.advance(5)
        screen.tick()
        assert digits(screen) == "0:45"


async def test_r_restarts_the_same_player_s_turn(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_timer(app, pilot)
        app.clock.advance(30)
        await pilot.press("r")
        assert digits(screen) == "1:00" and screen.countdown.current_name == "김민수"


async def test_q_leaves_the_timer_for_the_screen_beneath(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_timer(app, pilot)
        await pilot.press("q")
        assert isinstance(app.screen, MenuScreen)


async def test_q_ends_the_app_when_the_timer_is_the_app_s_only_purpose(app):
    async with app.run_test(size=(80, 24)) as pilot:
        exits: list[bool] = []
        app.exit = lambda *args, **kwargs: exits.append(True)
        run_timer_screen(app, 60, None, play_sound=lambda name: False, leave_app=True)
        await pilot.pause()
        await pilot.press("escape")
        assert exits == [True]


async def test_hangul_names_line_up_in_the_players_list(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_timer(app, pilot, players="김민수,Ann,이지영이지영이지영이지영")
        lines = screen.query_one(PlayersList).render().plain.split("\n")
        assert len(lines) == 3
        widths = {cell_len(line) for line in lines}
        assert len(widths) == 1  # every line as wide, in cells: the column lines up
        assert lines[2].rstrip().endswith("…")  # a name too long for the panel is cut, not wrapped


async def test_without_names_the_timer_numbers_the_turns(app):
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await open_timer(app, pilot, players=None)
        await pilot.press("space")
        assert "Turn 2" in screen_text(app) and not screen.query(PlayersList)


def test_the_big_digits_are_several_cells_high_and_grow_with_their_scale():
    assert len(glyph_lines("1:00")) == 5
    big = glyph_lines("1:00", scale=2)
    assert len(big) == 10 and all(cell_len(line) == cell_len(big[0]) for line in big)


@pytest.mark.parametrize(("given", "sentence"), [
    ("abc", "is not a number of seconds"),
    ("-5", "is not a number of seconds"),
    ("4", "A turn lasts from 5 to 3600 seconds"),
    ("99999999999999", "A turn lasts from 5 to 3600 seconds"),
])
def test_a_turn_length_that_will_not_do_is_refused_with_a_sentence(given, sentence):
    with pytest.raises(ValueError, match=sentence):
        timer_seconds(given)


@pytest.mark.parametrize(("given", "sentence"), [
    ("a,b,c,d,e,f,g,h,i", "at most 8 players"),
    ("Ann, ann", "different name"),
    ("가나다라마바사아자차카타파하가나다", "at most 16 characters"),
    ("Ann,B\x1bob", "control characters"),
])
def test_names_that_will_not_do_are_refused_with_a_sentence(given, sentence):
    with pytest.raises(ValueError, match=sentence):
        timer_players(given)


def test_the_command_line_settings_read_seconds_and_names_in_order():
    settings = timer_settings("90", " 김민수 , 이지영 ")
    assert settings.seconds == 90 and settings.players == ("김민수", "이지영")
    assert timer_settings().seconds == 60 and timer_settings().players == ()


def test_the_sounds_are_short_wav_files_in_the_assets():
    for name in sound.SOUNDS:
        with wave.open(str(sound.sound_path(name))) as wav:
            assert 0.1 < wav.getnframes() / wav.getframerate() < 2


def test_the_first_player_program_found_plays_the_sound(monkeypatch):
    monkeypatch.setattr(sound.shutil, "which", lambda p: f"/usr/bin/{p}" if p in ("aplay", "afplay") else None)
    assert sound.player_command(Path("a.wav")) == ["/usr/bin/aplay", "-q", "a.wav"]


def test_without_a_player_program_there_is_only_the_bell(monkeypatch):
    monkeypatch.setattr(sound.sys, "platform", "linux")
    monkeypatch.setattr(sound.shutil, "which", lambda p: None)
    assert sound.play("alert") is False
    assert "only the terminal bell" in sound.how_sounds_play()


def test_a_sound_that_cannot_start_is_silent_not_an_error(monkeypatch):
    monkeypatch.setattr(sound.sys, "platform", "linux")
    monkeypatch.setattr(sound, "player_command", lambda path: ["/no/such/player", str(path)])
    assert sound.play("warning") is False
    assert sound.play("no-such-sound") is False


def test_a_sound_plays_in_the_background(monkeypatch):
    monkeypatch.setattr(sound.sys, "platform", "linux")
    monkeypatch.setattr(sound, "player_command", lambda path: [sys.executable, "-c", "pass"])
    assert sound.play("warning") is True
