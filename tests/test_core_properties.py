"""Property tests of the core invariants, on random action sequences in the pile game."""

from __future__ import annotations

import pickle
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pilegame
from pile_helpers import assert_tiles_conserved
from pilegame import Draw, PileConfig, Play
from tilegames.core.parts.table_rows import JoinRows, MoveTile, SplitRow
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.records.journal import JournalHeader, load_journal, replay
from tilegames.core.records.journal_writer import JournalWriter

GAME = pilegame.GAME
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def frozen(ctl: TurnController) -> bytes:
    return pickle.dumps((ctl.state, ctl.draft))


def play_randomly(data: st.DataObject, folder: Path) -> tuple[TurnController, JournalWriter]:
    seats = data.draw(st.integers(2, 4), label="seats")
    config = PileConfig(hand=data.draw(st.integers(1, 5)), penalty=data.draw(st.integers(1, 3)))
    seed = data.draw(st.integers(0, 10_000), label="seed")
    names = tuple(f"P{i}" for i in range(seats))
    writer = JournalWriter.create(folder / "j.jsonl", JournalHeader("pile", GAME.config_to_json(config), seed, names))
    ctl = TurnController(GAME, GAME.new_game(config, names, seed), clock=FakeClock(), journal=writer)
    for _ in range(data.draw(st.integers(0, 40), label="steps")):
        if ctl.is_over:
            break
        seat = ctl.seat
        step = data.draw(st.sampled_from(["edit", "edit", "edit", "split", "join", "commit", "draw", "tick", "wrong_seat", "bogus_play"]))
        before = frozen(ctl)
        try:
            if step == "edit":
                tiles = list(ctl.draft.rack) + [t for row in ctl.draft.rows for t in row]
                tile = data.draw(st.sampled_from(tiles)) if tiles else None
                row = data.draw(st.one_of(st.none(), st.integers(0, len(ctl.draft.rows))))
                if tile is not None:
                    ctl.edit(seat, MoveTile(tile.id, row))
            elif step == "split":
                ctl.edit(seat, SplitRow(data.draw(st.integers(-1, 4)), data.draw(st.integers(-1, 4))))
            elif step == "join":
                ctl.edit(seat, JoinRows(data.draw(st.integers(-1, 4)), data.draw(st.integers(-1, 4))))
            elif step == "commit":
                ctl.commit(seat)
            elif step == "draw":
                ctl.act(seat, Draw())
            elif step == "tick":
                ctl.clock.advance(data.draw(st.sampled_from([1, 30, 50, 60])))
                ctl.tick()
            elif step == "wrong_seat":
                ctl.act((seat + 1) % seats, Draw())
            elif step == "bogus_play":
                ids = data.draw(st.lists(st.lists(st.integers(0, 30), max_size=4), max_size=3))
                ctl.act(seat, Play(tuple(tuple(r) for r in ids)))
        except IllegalMove as exc:
            assert exc.reasons and all(isinstance(r, str) and r for r in exc.reasons)
            assert frozen(ctl) == before, "a rejected action changed the state"
        assert_tiles_conserved(ctl.state, ctl.draft, ctl.seat)
    return ctl, writer


@SETTINGS
@given(st.data())
def test_random_games_never_lose_or_duplicate_a_tile_and_rejections_change_nothing(data):
    with tempfile.TemporaryDirectory() as tmp:
        play_randomly(data, Path(tmp))


@SETTINGS
@given(st.data())
def test_replaying_the_journal_gives_the_same_state(data):
    with tempfile.TemporaryDirectory() as tmp:
        ctl, writer = play_randomly(data, Path(tmp))
        assert pickle.dumps(replay(load_journal(writer.path))) == pickle.dumps(ctl.state)


@SETTINGS
@given(st.data())
def test_a_journal_cut_at_any_byte_loads_everything_before_the_cut(data):
    with tempfile.TemporaryDirectory() as tmp:
        ctl, writer = play_randomly(data, Path(tmp))
        raw = writer.path.read_bytes()
        cut = data.draw(st.integers(0, len(raw)), label="cut")
        header_end = raw.index(b"\n") + 1
        complete_lines = raw[:cut].count(b"\n")
        try:
            loaded = load_journal(raw[:cut])
        except BadRecord as exc:
            assert cut < header_end and "header" in str(exc)
            return
        lines = raw[:cut].split(b"\n")[1:complete_lines]
        assert len(loaded.records) == sum(1 for line in lines if b'"seq"' in line)  # actions
        assert len(loaded.turn_steps) <= len(lines) - len(loaded.records)  # the turn in progress
        full = load_journal(raw)
        assert loaded.records == full.records[: len(loaded.records)]
        assert bool(loaded.warnings) == (cut != len(raw) and not raw[:cut].endswith(b"\n"))
        replay(loaded)  # everything before the cut still replays
