"""GCG export of games played on the engine, and the round trip export -> import."""

from __future__ import annotations

import random

import pytest

from tilegames.cli import main
from tilegames.core.clock import FakeClock
from tilegames.core.errors import IllegalMove
from tilegames.core.journal import JournalHeader, JournalWriter, load_journal
from tilegames.core.session import LocalSession
from tilegames.games.scrabble.actions import AcceptPlay, Challenge, Exchange, Pass, Place, Placement
from tilegames.games.scrabble.config import ScrabbleConfig, preset
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.gcg import parse_gcg, verify
from tilegames.games.scrabble.gcg_export import export_gcg


def one_tile_plays(state, seat):
    """Every one-tile placement next to the board (first move: two tiles through H8)."""
    rack = state.racks[seat]
    cells = state.cells()
    letter = lambda t: "E" if t.face == "?" else t.face  # noqa: E731 - a blank stands for E
    if not cells:
        a, b = rack[0], rack[1]
        return [Place((Placement(a.id, 7, 7, letter(a)), Placement(b.id, 7, 8, letter(b))))]
    empty = sorted({(r + dr, c + dc) for r, c in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < 15 and 0 <= c + dc < 15} - set(cells))
    return [Place((Placement(t.id, r, c, letter(t)),)) for (r, c) in empty for t in rack]


def scripted_game(tmp_path, seed: int, config: ScrabbleConfig, players: int = 2):
    """A whole game of random legal moves (words unchecked, so phonies happen), with
    challenges, exchanges and passes, journaled like a real game."""
    rng = random.Random(seed)
    seats = tuple(f"Player {i + 1}" for i in range(players))
    path = tmp_path / f"game{seed}.jsonl"
    session = LocalSession.start(GAME, config, seats, seed, path=path, clock=FakeClock())
    for _ in range(400):
        state = session.controller.state
        if state.end is not None:
            break
        seat = session.current_seat
        if state.pending is not None and rng.random() < 0.25:
            challenger = rng.choice([s for s in range(players) if s != state.pending.seat])
            try:
                session.act(challenger, Challenge())
                continue
            except IllegalMove:
                pass
        if state.awaiting_final_challenge:
            session.act(seat, AcceptPlay())
            continue
        roll = rng.random()
        if roll < 0.1 and len(state.bag) >= 7:
            session.act(seat, Exchange((state.racks[seat][0].id,)))
        elif roll < 0.15:
            session.act(seat, Pass())
        else:
            plays = one_tile_plays(state, seat)
            rng.shuffle(plays)
            for play in plays:
                try:
                    session.act(seat, play)
                    break
                except IllegalMove:
                    continue
            else:
                session.act(seat, Pass())
    while session.controller.state.end is None:  # stall it out
        session.act(session.current_seat, Pass())
    return session, path


@pytest.mark.parametrize("mode", ["double", "single", "penalty"])
@pytest.mark.parametrize("seed", [1, 2])
def test_export_then_import_gives_the_identical_game(tmp_path, mode, seed):
    session, path = scripted_game(tmp_path, seed, ScrabbleConfig(challenge_mode=mode))
    text = export_gcg(load_journal(path))
    report = verify(parse_gcg(text))
    assert report.ok, report.mismatches
    state = session.controller.state
    assert dict(report.board) == state.cells()
    assert [total for _, total in report.totals] == list(state.end.scores)


def test_export_of_a_tournament_game_counts_end_racks_twice(tmp_path):
    session, path = scripted_game(tmp_path, 3, preset("tournament"))
    report = verify(parse_gcg(export_gcg(load_journal(path))))
    assert report.ok and [t for _, t in report.totals] == list(session.controller.state.end.scores)


def test_export_of_a_three_player_game(tmp_path):
    session, path = scripted_game(tmp_path, 4, ScrabbleConfig(), players=3)
    text = export_gcg(load_journal(path))
    assert "#player3 Player_3 Player 3" in text
    report = verify(parse_gcg(text))
    assert report.ok and [t for _, t in report.totals] == list(session.controller.state.end.scores)


def test_gcg_export_command_writes_a_file_that_verifies(tmp_path, capsys):
    _, path = scripted_game(tmp_path, 5, ScrabbleConfig())
    out = tmp_path / "game.gcg"
    assert main(["scrabble", "gcg", "export", str(path), "-o", str(out)]) == 0
    assert main(["scrabble", "gcg", "verify", str(out)]) == 0
    assert "all scores match" in capsys.readouterr().out


def test_gcg_export_refuses_a_journal_of_another_game(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    JournalWriter.create(path, JournalHeader("rummikub", {}, 1, ("a", "b")))
    assert main(["scrabble", "gcg", "export", str(path)]) == 1
    assert "not a Scrabble game" in capsys.readouterr().err
