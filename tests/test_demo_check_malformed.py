"""Malformed and hostile scenario files (issue 23): `demo check` says one line per bad file and
exits 2, checks every other file and prints its summary; the demo screens give a message.

A scenario is a file from outside: deep nesting, a number of 5,000 digits, bytes that are not
UTF-8, a device, a FIFO, a folder, a name too long, a file larger than any scenario all get one
sentence, never a traceback, and a file is read only up to the scenario limit (1 MB), so
`tilegames demo check /dev/zero` no longer fills the memory.
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

import pytest
from fuzz_helpers import mutants
from textual.widgets import OptionList

from tilegames.cli import main
from tilegames.commands.demo_check import check_command
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.resources import assets_dir
from tilegames.core.scenarios.check import check_scenario
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.core.scenarios.load import load_scenario, read_scenario
from tilegames.ui.app import TilegamesApp
from test_scenarios_format import GOOD as DRAW
from tilegames.ui.screens import demo as demo_module
from tilegames.ui.screens.demo import DemoListScreen, DemoScreen, find_demo

GOOD = DRAW + '[step.expect]\nturn = "Bob"\n'  # the format tests' draw, with an expectation
DEMOS = sorted((assets_dir() / "demos").glob("*.toml"))


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        read_scenario(text, "bad.toml")
    return caught.value


def check(paths: list[Path | str]) -> tuple[int, list[str]]:
    out = io.StringIO()
    status = check_command([str(p) for p in paths], out)
    return status, out.getvalue().splitlines()


# --- what the TOML reader raises --------------------------------------------------------------
def test_deep_nesting_that_the_toml_reader_cannot_follow_is_one_sentence():
    for text in ("a = " + "[" * 100_000, "a = " + "[" * 100_000 + "]" * 100_000,
                 "a = " + "{b=" * 5000 + "1" + "}" * 5000):
        assert "nested too deeply" in str(error_of(text))


def test_nesting_that_parses_but_no_scenario_needs_gives_its_line():
    # 40 levels parse, but comparing or printing them recursed without a bound.
    deep = "{ a = " * 40 + "1" + " }" * 40
    error = error_of(GOOD.replace('turn = "Bob"', f"racks = {{ Ann = {deep} }}"))
    assert error.line == 11 and "nested too deeply" in str(error)


def test_an_integer_of_5000_digits_is_one_sentence_with_its_line():
    error = error_of(GOOD.replace("[position]", "seed = " + "9" * 5000 + "\n\n[position]"))
    assert error.line == 5 and "more than 4300 digits" in str(error)
    assert len(str(error)) < 300


def test_an_integer_of_5000_digits_in_an_expectation_is_one_sentence():
    error = error_of(GOOD + "score = { Ann = " + "1" * 5000 + " }\n")
    assert error.line == 12 and "digits" in str(error)


# --- files that are no scenario -----------------------------------------------------------------
def test_a_file_of_bytes_that_are_not_utf8_gives_its_line(tmp_path: Path):
    path = tmp_path / "latin.toml"
    path.write_bytes(GOOD.encode().replace(b"A draw", b"A dr\xe4w"))
    with pytest.raises(ScenarioError, match=r"^line 1: is not UTF-8 text\.$"):
        load_scenario(path)


def test_dev_zero_is_refused_without_reading_it():
    with pytest.raises(ScenarioError, match="is not a file .*tilegames reads only files"):
        load_scenario("/dev/zero")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(ScenarioError, match="pipe.toml is not a file"):
        load_scenario(fifo)


def test_a_folder_is_refused(tmp_path: Path):
    with pytest.raises(ScenarioError, match="is a folder, not a file"):
        load_scenario(tmp_path)


def test_a_name_of_300_characters_is_one_sentence(tmp_path: Path):
    with pytest.raises(ScenarioError, match="cannot be read: File name too long"):
        load_scenario(tmp_path / ("n" * 295 + ".toml"))


def test_a_file_over_the_scenario_limit_is_not_read(tmp_path: Path):
    path = tmp_path / "huge.toml"
    path.write_bytes(GOOD.encode() + b"#" * (1 << 20))
    with pytest.raises(ScenarioError, match="larger than 1 MB, more than a scenario ever holds"):
        load_scenario(path)


def test_demo_check_says_one_line_per_bad_file_checks_the_good_ones_and_exits_2(tmp_path: Path):
    good, good2 = tmp_path / "good.toml", tmp_path / "good2.toml"
    good.write_text(GOOD, encoding="utf-8")
    good2.write_text(GOOD, encoding="utf-8")
    bad = {"deep.toml": ("a = " + "[" * 100_000).encode(), "digits.toml": ("seed = " + "9" * 5000).encode(),
           "latin.toml": b"title = \"\xe4\"\n", "huge.toml": b"#" * (2 << 20)}
    for name, data in bad.items():
        (tmp_path / name).write_bytes(data)
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    long_name = tmp_path / ("n" * 295 + ".toml")
    paths = [good, *(tmp_path / n for n in bad), "/dev/zero", fifo, folder, long_name, good2]
    status, lines = check(paths)
    assert status == 2
    assert lines[0] == "good.toml: step 1 (line 8) accepted: ok"
    assert lines[-3:-1] == ["good2.toml: step 1 (line 8) accepted: ok", "good2.toml: step 1 (line 8) turn: ok"]
    assert lines[-1] == "10 files: 4 expectations hold, 0 differ, 8 files malformed."
    bad_lines = lines[2:-3]
    assert len(bad_lines) == 8
    starts = ["deep.toml: ", "digits.toml: line 1: ", "latin.toml: line 1: ", "huge.toml: ", "zero: ",
              "pipe.toml: ", "folder.toml: ", "n" * 20]
    for line, start in zip(bad_lines, starts):
        assert line.startswith(start) and len(line) < 400 and "Traceback" not in line


def test_the_demo_command_names_a_file_whose_name_is_too_long(capsys: pytest.CaptureFixture[str], tmp_path: Path):
    assert main(["demo", str(tmp_path / ("n" * 295 + ".toml"))]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilegames demo: ") and "File name too long" in err


def test_find_demo_leaves_a_toml_path_that_cannot_be_looked_at_to_the_reader(tmp_path: Path):
    long_name = tmp_path / ("n" * 295 + ".toml")
    assert find_demo(str(long_name)) == long_name


# --- a scenario that reads but is nonsense when played -------------------------------------------
def test_a_notation_failing_on_nonsense_is_a_malformed_line_not_a_traceback(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch):
    scenario = read_scenario(GOOD, "odd.toml")

    def broken(*_args: object) -> None:
        raise KeyError("R99")

    monkeypatch.setattr(type(scenario.notation), "move", broken)
    with pytest.raises(ScenarioError, match=r"^line 8: step 1: the game could not play this step as written"):
        check_scenario(scenario)
    path = tmp_path / "odd.toml"
    path.write_text(GOOD, encoding="utf-8")
    status, lines = check([path])
    assert status == 2 and lines[0].startswith("odd.toml: line 8: step 1: the game could not play")


def test_an_expectation_the_notation_cannot_compare_is_a_malformed_line(monkeypatch: pytest.MonkeyPatch):
    scenario = read_scenario(GOOD, "odd.toml")

    def broken(*_args: object) -> None:
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(type(scenario.notation), "describe", broken)
    with pytest.raises(ScenarioError, match=r"^line 10: step 1: .*could not"):
        check_scenario(read_scenario(GOOD.replace('turn = "Bob"', 'racks = { Ann = "R1" }'), "odd.toml"))


# --- the demo screens ---------------------------------------------------------------------------
async def test_the_demo_list_leaves_out_a_damaged_demo_and_a_demo_damaged_later_gives_a_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    good = tmp_path / "rummikub-good.toml"
    good.write_text(GOOD, encoding="utf-8")
    deep = tmp_path / "rummikub-deep.toml"
    deep.write_bytes(("a = " + "[" * 100_000).encode())
    fifo = tmp_path / "rummikub-pipe.toml"
    os.mkfifo(fifo)
    monkeypatch.setattr(demo_module, "shipped_demos", lambda: [deep, good, fifo])
    app = TilegamesApp(clock=FakeClock())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = DemoListScreen()
        app.push_screen(screen)
        await pilot.pause()
        notes: list[str] = []
        monkeypatch.setattr(screen, "notify", lambda message, **_kw: notes.append(str(message)))
        listed = screen.query_one(OptionList)
        ids = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        assert [i for i in ids if i] == ["rummikub-good"]
        good.write_bytes(("seed = " + "9" * 5000).encode())  # damaged after it was listed
        listed.highlighted = ids.index("rummikub-good")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert len(notes) == 1 and notes[0].startswith("rummikub-good.toml: line 1: ") and "4300 digits" in notes[0]


def test_a_demo_screen_of_a_damaged_file_is_a_scenario_error(tmp_path: Path):
    path = tmp_path / "deep.toml"
    path.write_bytes(GOOD.replace('turn = "Bob"', "turn = " + "[" * 100_000).encode())
    with pytest.raises(ScenarioError, match="nested too deeply"):
        DemoScreen.of_file(path)


# --- fuzzing ------------------------------------------------------------------------------------
def fuzz_scenarios(seed: int, count: int) -> tuple[int, int]:
    """(inputs tried, crashes): `count` damaged copies of the shipped demos, spread over them,
    each loaded and checked (anything but ScenarioError is a crash), then all of a demo's
    copies through `demo check` (a status other than 0, 1 or 2, or any exception, is a crash)."""
    tried = crashes = 0
    per_demo = max(1, count // len(DEMOS))
    with tempfile.TemporaryDirectory() as folder:
        for number, demo in enumerate(DEMOS):
            paths = []
            for n, data in mutants(demo.read_bytes(), seed * 1000 + number, per_demo):
                tried += 1
                path = Path(folder) / f"{demo.stem}-{n}.toml"
                path.write_bytes(data)
                paths.append(str(path))
                try:
                    check_scenario(load_scenario(path))
                except ScenarioError:
                    pass
                except Exception:  # noqa: BLE001 - counting what escaped is the point
                    crashes += 1
            try:
                if check_command(paths, io.StringIO()) not in (0, 1, 2):
                    crashes += 1
            except Exception:  # noqa: BLE001
                crashes += 1
    return tried, crashes


def test_damaged_copies_of_every_shipped_demo_give_sentences_never_a_traceback():
    tried, crashes = fuzz_scenarios(seed=23, count=1500)
    assert tried >= 1400 and crashes == 0
