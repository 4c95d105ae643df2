"""Fuzzing every file surface tilegames reads (issue 23): saves, the saves index, the settings,
word lists, letter tiles files and GCG records. Each takes damaged copies of a good file
(tests/fuzz_helpers.py) and requires the one error its reader promises, never another
exception: a crash is any exception but that one.

Each `fuzz_*` function returns (inputs tried, crashes) so that `tests/fuzz_long.py` can run
many more than the suite does; the tests here run a few hundred each.
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable

import pytest
from fuzz_helpers import mutants

from tilegames.core.agents import agent_for
from tilegames.core.errors import BadRecord
from tilegames.core.records.journal import load_journal, replay
from tilegames.core.registry import get_game
from tilegames.core.resources import assets_dir

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("rummikub", "word-rummikub", "scrabble", "nabit")


def _count(inputs: list[bytes], attempt: Callable[[bytes], None], allowed: tuple[type[BaseException], ...]) -> tuple[int, int]:
    """Run `attempt` on each input; (inputs, crashes), a crash being any exception not `allowed`."""
    crashes = 0
    for data in inputs:
        try:
            attempt(data)
        except allowed:
            pass
        except Exception as exc:  # noqa: BLE001 - counting them is the point
            crashes += 1
            print(f"crash: {type(exc).__name__}: {str(exc)[:200]} on {data[:80]!r}")
    return len(inputs), crashes


@functools.lru_cache(maxsize=None)
def good_journal(game_id: str, moves: int = 12) -> bytes:
    """A real journal: `moves` moves of the computer players, with the clock's turn steps."""
    from tilegames.core.kernel.session import LocalSession

    game = get_game(game_id)
    config = game.config_for({}, 2)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.jsonl"
        session = LocalSession.start(game, config, ("Ann", "보라"), 2**127 + 12345, path=path)
        agent = agent_for(game_id)
        for _ in range(moves):
            seat = session.current_seat
            if seat is None:
                break
            action = agent.choose(session.view(seat), 0.05)
            if action is None:
                break
            session.act(seat, action)
        session.close()
        return path.read_bytes()


def fuzz_journals(seed: int, count: int) -> tuple[int, int]:
    """Damaged saves of the four games: reading and replaying one raises BadRecord or works."""
    inputs = [m for n, game in enumerate(GAMES) for _, m in mutants(good_journal(game), seed * 10 + n, count // 4)]

    def attempt(data: bytes) -> None:
        loaded = load_journal(data)
        replay(loaded)

    return _count(inputs, attempt, (BadRecord,))


def fuzz_saves_folder(seed: int, count: int) -> tuple[int, int]:
    """A saves folder of damaged saves and a damaged index: listing it never fails, the good
    save is always listed, and each damaged one is listed or marked."""
    from tilegames.core.records.saves import unfinished_saves

    good = good_journal("scrabble")
    crashes = tried = 0
    with tempfile.TemporaryDirectory() as home:
        os.environ["TILEGAMES_HOME"] = home
        folder = Path(home) / "games"
        folder.mkdir()
        (folder / "good.jsonl").write_bytes(good)
        unfinished_saves()
        index = (folder / ".index.json").read_bytes()
        for n, bad in mutants(good, seed, count // 2):
            (folder / f"bad{n % 8}.jsonl").write_bytes(bad)
            (folder / ".index.json").write_bytes(mutant_of(index, seed, n))
            tried += 2
            try:
                listed = {save.path.name: save for save in unfinished_saves(damaged=True)}
                assert "good.jsonl" in listed and listed["good.jsonl"].damaged is None
            except Exception as exc:  # noqa: BLE001
                crashes += 1
                print(f"crash: {type(exc).__name__}: {str(exc)[:200]}")
    return tried, crashes


def mutant_of(data: bytes, seed: int, n: int) -> bytes:
    from fuzz_helpers import mutant

    return mutant(data, seed + 7919, n)


GOOD_SETTINGS = json.dumps({"language": "ko", "theme": "nord", "keymap": {"rows.draw": "x", "rows.help": "f1,h"}},
                           indent=1).encode()


def fuzz_settings(seed: int, count: int) -> tuple[int, int]:
    """Damaged settings files: read, and their keymap checked, without an exception."""
    from tilegames.core import settings
    from tilegames.ui.keymap import check_keymap, clashes

    with tempfile.TemporaryDirectory() as home:
        os.environ["TILEGAMES_HOME"] = home
        path = Path(home) / "settings.json"

        def attempt(data: bytes) -> None:
            path.write_bytes(data)
            found = settings.saved()
            keymap, _problems = check_keymap(found.keymap)
            clashes(keymap)

        return _count([m for _, m in mutants(GOOD_SETTINGS, seed, count)], attempt, ())


def fuzz_word_lists(seed: int, count: int) -> tuple[int, int]:
    """Damaged word lists: a Lexicon or one LexiconError."""
    from tilegames.core.parts.lexicon import LexiconError, load_word_file

    good = b"# my list\ncat\nDOG\n  tree  \n\nzebra # striped\n" + "가나다\n".encode() + b"it's\nquiz\n"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "words.txt"

        def attempt(data: bytes) -> None:
            path.write_bytes(data)
            load_word_file(path)

        return _count([m for _, m in mutants(good, seed, count)], attempt, (LexiconError,))


def fuzz_letters(seed: int, count: int) -> tuple[int, int]:
    """Damaged letter tiles files of both games: counts, or one BadRecord; a game set up with
    them deals or refuses with a sentence (ValueError)."""
    from tilegames.games.nabit import tiles as nabit_tiles
    from tilegames.games.word_rummikub import tiles as word_tiles

    files = [(assets_dir() / "nabit" / "letters.txt", nabit_tiles, "nabit", "nab_letters"),
             (assets_dir() / "word_rummikub" / "tiles.txt", word_tiles, "word-rummikub", "word_letters")]
    tried = crashes = 0
    with tempfile.TemporaryDirectory() as folder:
        for number, (good, module, game_id, key) in enumerate(files):
            path = Path(folder) / f"letters{number}.txt"
            game = get_game(game_id)

            def attempt(data: bytes, path: Path = path, module: Any = module, game: Any = game, key: str = key) -> None:
                path.write_bytes(data)
                module._load.cache_clear()
                kept = module.letters_to_keep(str(path))
                game.new_game(game.config_for({key: kept}, 2), ("Ann", "Bora"), 5)

            more = _count([m for _, m in mutants(good.read_bytes(), seed * 2 + number, count // 2)], attempt,
                          (BadRecord, ValueError))
            tried, crashes = tried + more[0], crashes + more[1]
    return tried, crashes


def fuzz_gcg(seed: int, count: int) -> tuple[int, int]:
    """Damaged GCG records: read and verified, or one GcgError."""
    from tilegames.games.scrabble.gcg import GcgError, decode_gcg, parse_gcg, verify

    goods = sorted((ROOT / "tests" / "scrabble" / "gcg").glob("*.gcg"))
    inputs = [m for n, good in enumerate(goods) for _, m in mutants(good.read_bytes(), seed * 31 + n, count // len(goods))]

    def attempt(data: bytes) -> None:
        verify(parse_gcg(decode_gcg(data)))

    return _count(inputs, attempt, (GcgError,))


@pytest.fixture(autouse=True)
def own_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path))


@pytest.mark.parametrize("surface, count", [
    (fuzz_journals, 300), (fuzz_saves_folder, 60), (fuzz_settings, 300), (fuzz_word_lists, 300),
    (fuzz_letters, 200), (fuzz_gcg, 300),
], ids=lambda value: getattr(value, "__name__", str(value)))
def test_damaged_copies_of_every_kind_of_file_are_one_error_never_a_crash(surface, count):
    tried, crashes = surface(1, count)
    assert tried >= count * 0.9 and crashes == 0
