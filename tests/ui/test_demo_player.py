"""The rule demonstrations: the list from the menu, a demo watched step by step forwards and
backwards, played by itself, and every shipped demo shown to its end on its game's widgets."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from tilegames.cli import main
from tilegames.core.scenarios.frames import demo_frames
from tilegames.core.scenarios.load import load_scenario
from tilegames.ui.screens import demo as demo_module
from tilegames.ui.screens.demo import DemoListScreen, DemoScreen, find_demo, shipped_demos


def rack_title(screen) -> str:
    return str(screen.query_one("#rack").children[0].border_title)


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_the_menu_lists_the_demonstrations_of_every_game_and_enter_shows_one(app):
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one(OptionList)
        menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "demos")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DemoListScreen)
        listed = app.screen.query_one(OptionList)
        prompts = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        headings = [p for p in prompts if not p.startswith(" ")]
        assert headings == ["Rummikub", "Rummikub Word", "Scrabble", "Nab-It!"]  # each game heads its demos, in menu order
        assert prompts[1].strip().startswith("Initial meld")  # each game's demos in their `order`: the basics first
        assert any("Initial meld" in p for p in prompts)
        await pilot.press("down", "enter")  # the first demo under the first heading
        await pilot.pause()
        assert isinstance(app.screen, DemoScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DemoListScreen)


async def test_a_demo_goes_forwards_and_back_with_its_captions_and_the_games_verdicts(app):
    screen = DemoScreen.of_file(find_demo("rummikub-initial-meld"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen)
        await pilot.pause()
        assert "The starting position" in text_of(screen, "#where")
        assert "11-J-13 is worth 36" in text_of(screen, "#caption")
        await pilot.press("right")
        assert "Step 1 of 5 (next)" in text_of(screen, "#where")
        assert "only 24 points" in text_of(screen, "#caption")
        assert text_of(screen, "#verdict") == ""
        await pilot.press("n")
        assert "Refused: Your initial meld is worth 24 points" in text_of(screen, "#verdict")
        assert screen.query_one("#verdict").has_class("refused")
        await pilot.press("right", "right")
        assert "made the initial meld (36 points)" in text_of(screen, "#verdict")
        assert screen.query_one("#verdict").has_class("accepted")
        assert rack_title(screen) == "Ann's rack"
        await pilot.press("right")  # step 3 is Bob's: his rack, not Ann's
        await pilot.pause()
        assert rack_title(screen) == "Bob's rack"
        await pilot.press("left")
        await pilot.press("left")
        assert "Step 2 of 5 (next)" in text_of(screen, "#where")
        await pilot.press("home")
        assert screen.at == 0


async def test_space_plays_the_demo_by_itself_at_the_chosen_pace_and_stops_at_the_end(app, monkeypatch):
    monkeypatch.setattr(demo_module, "PACES", (0.05, 0.1, 3.0))
    screen = DemoScreen.of_file(find_demo("scrabble-bingo"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen)
        await pilot.pause()
        assert "paused, 3 s a picture" in text_of(screen, "#pace")
        await pilot.press("plus", "plus", "plus")  # as fast as it goes
        assert screen.pace == 0.05 and screen.at == 0
        await pilot.press("space")  # from here on no key is pressed: the demo plays itself
        for _ in range(100):
            await pilot.pause(0.05)
            if screen.at == len(screen.frames) - 1 and "the end" in text_of(screen, "#pace"):
                break
        assert screen.at == len(screen.frames) - 1
        assert "the end: Home starts again" in text_of(screen, "#pace")
        assert "TRAINER for 64" in text_of(screen, "#verdict")


@pytest.mark.parametrize("game", ["rummikub", "word-rummikub", "scrabble", "nabit"])
async def test_a_demo_of_each_game_is_shown_on_its_widgets_from_first_to_last_picture(app, game):
    """Every shipped demo is played through the rules by `demo check` (tests/test_demos_shipped.py)
    and made into pictures below; here one demo of each game is drawn, first and last."""
    path = next(p for p in shipped_demos() if p.stem.startswith(game + "-"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = DemoScreen.of_file(path)
        app.push_screen(screen)
        await pilot.pause()
        assert screen.query_one("#position").children and screen.query_one("#rack").children
        await pilot.press("end")
        await pilot.pause()
        assert screen.at == len(screen.frames) - 1
        assert text_of(screen, "#verdict")  # the last step says what the game made of it


def test_every_shipped_demo_makes_its_pictures():
    for path in shipped_demos():
        scenario = load_scenario(path)
        frames = demo_frames(scenario)
        assert len(frames) == 1 + 2 * len(scenario.steps), path.name
        assert all(frame.verdict for frame in frames[2::2]), path.name  # every step played says something


def test_a_demo_is_two_pictures_a_step_after_its_starting_position():
    scenario = load_scenario(find_demo("word-rummikub-ape-pal-the"))
    frames = demo_frames(scenario)
    assert len(frames) == 1 + 2 * len(scenario.steps)
    assert frames[0].step is None and frames[1].outcome is None and frames[2].outcome is not None


def test_demo_on_the_command_line_refuses_what_it_cannot_show(capsys, tmp_path):
    assert main(["demo", "no-such-demo"]) == 2
    assert "there is no demo called 'no-such-demo'" in capsys.readouterr().err
    assert main(["demo", "check"]) == 2
    assert main(["demo", "one", "two"]) == 2
    broken = tmp_path / "broken.toml"
    broken.write_text('title = "x"\ngame = "rummikub"\nseats = ["Ann", "Bob"]\n[[step]]\nmove = "play Q99"\n')
    assert main(["demo", str(broken)]) == 2
    assert "broken.toml" not in capsys.readouterr().out


def test_demo_check_on_the_command_line_checks_the_shipped_demos(capsys):
    assert main(["demo", "check", *map(str, shipped_demos())]) == 0
    out = capsys.readouterr().out
    assert "0 differ" in out and "malformed" not in out


def test_a_timeout_is_said_once_in_the_verdict():
    """Issue 22, item 9: the timeout demo's verdict read "Time's up. Time's up for Ann: ..."."""
    frames = demo_frames(load_scenario(find_demo("rummikub-timeout")))
    verdicts = [frame.verdict for frame in frames[2::2] if frame.step is not None and frame.step.timeout]
    assert verdicts and all(v.count("Time's up") == 1 for v in verdicts), verdicts
