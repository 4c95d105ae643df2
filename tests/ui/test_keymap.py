"""Keys a player can change: every binding has an id, the keymap in settings.json gives any of
them other keys, and the help, the palette and the footer show the keys in force."""

from __future__ import annotations

import json
import re

from app_helpers import config, help_text, screen_text, show_position, started
from rk_builder import position
from textual.binding import Binding

from tilegames.core.places import settings_path
from tilegames.ui.app import TilegamesApp
from tilegames.ui.keymap import binding_ids, check_keymap, key_label, keys_in_force, own_bindings, valid_key


def write_settings(**values) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(values), encoding="utf-8")


def test_every_binding_of_the_app_has_an_id_naming_its_screen_and_action():
    missing = [f"{cls.__name__}: {b.key} -> {b.action}" for cls, b in own_bindings() if not b.id]
    assert not missing
    assert all(re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", b.id) for _cls, b in own_bindings())


def test_one_id_means_one_action_wherever_it_is_bound():
    actions: dict[str, set[str]] = {}
    for _cls, binding in own_bindings():
        actions.setdefault(binding.id, set()).add(binding.action)
    assert {i: a for i, a in actions.items() if len(a) > 1} == {}


def test_a_keymap_keeps_good_entries_and_says_why_it_leaves_out_the_others():
    keymap, problems = check_keymap({"rows.draw": "X", "rows.help": "?,F1", "rows.nothing": "z",
                                     "rows.commit": "ctrl+nokey", "rows.sort": 5, "rows.undo": ""})
    assert keymap == {"rows.draw": "X", "rows.help": "question_mark,f1"}
    assert len(problems) == 4
    assert "'rows.nothing'" in problems[0] and "docs/keys.md" in problems[0]
    assert "rows.commit: 'ctrl+nokey' is not a key tilegames can bind; it keeps c." in problems


def test_key_names_are_checked_as_textual_names_them():
    assert all(valid_key(k) for k in ("x", "f5", "ctrl+d", "shift+tab", "question_mark", "pagedown", "full_stop"))
    assert not any(valid_key(k) for k in ("nokey", "ctrl+", "hyperspace+x", "ctrl+ctrl+x", "f99"))


def test_keys_in_force_follow_the_keymap_and_drop_a_default_key_given_to_another_action():
    draw = Binding("d", "draw", "Draw", id="rows.draw")
    sort = Binding("o", "sort", "Sort rack", id="rows.sort")
    assert keys_in_force([draw, sort], {"rows.sort": "d"}) == [(sort, "d")]
    assert keys_in_force([draw, sort], {"rows.draw": "x"}) == [(draw, "x"), (sort, "o")]
    assert key_label("escape,q,question_mark") == "Esc / q / ?"


def test_the_ids_listed_for_players_are_every_id_the_app_has():
    from pathlib import Path

    listed = Path(__file__).parents[2] / "docs" / "keys.md"
    ids = set(re.findall(r"^\| `([a-z_.]+)` \|", listed.read_text(encoding="utf-8"), re.M))
    assert ids == set(binding_ids())


async def test_a_key_from_the_keymap_draws_and_the_help_footer_and_palette_show_it():
    write_settings(keymap={"rows.draw": "x", "rows.split": "ctrl+x"})
    app = TilegamesApp(clock=None)
    state = position(["R10 R11 K1 B5", "K2 K3"], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        session = show_position(app, state)
        await started(pilot)
        assert re.search(r"\bx +Draw\b", screen_text(app))  # the footer
        await pilot.press("d")  # no longer Draw
        await pilot.pause()
        assert session.current_seat == 0
        shown = await help_text(pilot)
        assert re.search(r"^  x +Draw$", shown, re.M) and not re.search(r"^  d +Draw$", shown, re.M)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert session.current_seat == 1 and len(session.controller.state.racks[0]) == 5


async def test_a_bad_keymap_entry_is_said_once_and_the_app_starts_with_the_rest():
    write_settings(keymap={"menu.nothing": "z", "menu.quit": "ctrl+q"}, language="en")
    app = TilegamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notes = [str(n.message) for n in app._notifications]
        assert len(notes) == 1 and "There is no key 'menu.nothing'" in notes[0] and "settings.json" in notes[0]
        await pilot.press("q")  # menu.quit is ctrl+q now: q quits no more
        await pilot.pause()
        assert app.is_running


async def test_a_damaged_keymap_or_settings_file_starts_the_app_as_if_nothing_was_chosen():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"keymap": ["x"], "theme": 7', encoding="utf-8")
    app = TilegamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.keymap_in_force == {} and app.theme == "textual-dark"


async def test_the_help_lists_the_games_keys_and_not_textuals_focus_and_copy_keys(app):
    state = position(["R10 R11 K1 B5", "K2 K3"], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, state)
        await started(pilot)
        shown = await help_text(pilot)
        assert "Rack/Table" in shown
        assert "Focus Next" not in shown and "Copy selected text" not in shown


async def test_a_key_the_keymap_takes_from_another_action_is_said_once(app):
    write_settings(keymap={"rows.draw": "x"})
    app = TilegamesApp()
    state = position(["R10 R11 K1 B5", "K2 K3"], config=config())
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, state)
        await started(pilot)
        await pilot.press("right", "left")
        await pilot.pause()
        notes = [str(n.message) for n in app._notifications]
        assert [n.split(": ", 1)[1] for n in notes] == ["The keymap gives x to Draw, so Split set has lost it."]


async def test_in_scrabble_a_plain_letter_given_to_an_action_is_still_typed(app):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "scrabble"))
    from scrabble_builder import position as scrabble_position
    from test_scrabble_play import flat, show

    write_settings(keymap={"scrabble.exchange": "q,ctrl+e"})
    app = TilegamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        show(app, scrabble_position(["QUIZERS", "AEIOULN"]))
        await pilot.pause()
        app.screen.cursor = (7, 4)
        await pilot.press("q", "u", "i", "z")
        await pilot.pause()
        assert "QUIZ: 44 points" in flat(app)  # q typed a Q, no exchange began
        await pilot.press("escape", "ctrl+e")
        await pilot.pause()
        assert type(app.screen).__name__ == "ExchangePicker"
