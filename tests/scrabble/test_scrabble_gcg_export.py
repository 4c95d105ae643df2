"""GCG export of games played on the engine, and the round trip export -> import."""

from __future__ import annotations

import random

import pytest

from tilegames.cli import main
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.errors import IllegalMove
from tilegames.core.records.journal import JournalHeader, load_journal
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.kernel.session import LocalSession
from tilegames.games.scrabble.actions import AcceptPlay, Challenge, Exchange, Pass, Place, Placement
from tilegames.games.scrabble.config import ScrabbleConfig, preset
from tilegames.games.scrabble.game import GAME
from tilegames.games.scrabble.gcg import parse_gcg, verify
from tilegames.games.scrabble.gcg_export import export_gcg, gcg_names
from tilegames.core.parts.lexicon import lexicon_for


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


def scripted_game(tmp_path, seed: int, config: ScrabbleConfig, players: int = 2,
                  seats: tuple[str, ...] | None = None, clock_closes_the_last_window: bool = False):
    """A whole game of random legal moves (words unchecked, so phonies happen), with
    challenges, exchanges and passes, journaled like a real game."""
    rng = random.Random(seed)
    seats = seats or tuple(f"Player {i + 1}" for i in range(players))
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
        if state.awaiting_final_challenge and clock_closes_the_last_window:
            session.controller.clock.advance(config.turn_seconds or 0)
            session.tick()
            continue
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


# --- names ------------------------------------------------------------------------------------

def test_names_with_colons_and_spaces_get_a_gcg_safe_nick_and_come_back_whole(tmp_path):
    seats = ("Ann: the Great", "Bora  Kim", "A:B", "A_B")
    session, path = scripted_game(tmp_path, 6, ScrabbleConfig(), players=4, seats=seats)
    text = export_gcg(load_journal(path))
    assert "#player1 Ann_the_Great Ann: the Great" in text.splitlines()
    game = parse_gcg(text)
    assert [p.name for p in game.players] == list(seats)
    assert [p.nick for p in game.players] == ["Ann_the_Great", "Bora_Kim", "A_B", "A_B_2"]
    report = verify(game)
    assert report.ok and [t for _, t in report.totals] == list(session.controller.state.end.scores)


def test_a_name_that_could_break_a_line_is_written_on_one_line():
    (nick, name), = gcg_names(("Eve\n>bob: ZZ 8H ZZ +99 99\x1b",))
    assert nick == "Eve_>bob_ZZ_8H_ZZ_+99_99" and name == "Eve >bob: ZZ 8H ZZ +99 99"
    assert gcg_names(("", " "))[0][0] == "player" and gcg_names(("", " "))[1][0] == "player_2"


# --- challenges -------------------------------------------------------------------------------

def opening(tmp_path, config: ScrabbleConfig, players: int = 2):
    """A journaled game whose first player opens with a real two-letter word through H8."""
    words = lexicon_for(None)
    for seed in range(1, 60):
        session = LocalSession.start(GAME, config, tuple(f"P{i + 1}" for i in range(players)), seed,
                                     path=tmp_path / f"g{seed}.jsonl", clock=FakeClock())
        seat = session.current_seat
        rack = [t for t in session.controller.state.racks[seat] if t.face != "?"]
        pair = next(((a, b) for a in rack for b in rack if a != b and a.face + b.face in words), None)
        if pair:
            a, b = pair
            session.act(seat, Place((Placement(a.id, 7, 7, a.face), Placement(b.id, 7, 8, b.face))))
            return session, tmp_path / f"g{seed}.jsonl", seat
    raise AssertionError("no rack with a two-letter word")


def rack_of(session, seat: int) -> str:
    return "".join(sorted((t.face for t in session.controller.state.racks[seat]), key=lambda f: (f == "?", f)))


def test_a_turn_lost_to_a_failed_double_challenge_is_a_pass_with_the_macondo_note(tmp_path):
    session, path, seat = opening(tmp_path, ScrabbleConfig(challenge_mode="double"))
    challenger = 1 - seat
    session.act(challenger, Challenge())
    lines = export_gcg(load_journal(path)).splitlines()
    assert lines[-2:] == [f">P{challenger + 1}: {rack_of(session, challenger)} - +0 0", "#note #unsuccessful-challenge"]
    assert lines[-3].startswith(f">P{seat + 1}: ")
    assert verify(parse_gcg("\n".join(lines))).ok


def test_with_three_players_the_lost_turn_is_written_where_it_is_skipped(tmp_path):
    session, path, seat = opening(tmp_path, ScrabbleConfig(challenge_mode="double"), players=3)
    nxt, challenger = (seat + 1) % 3, (seat + 2) % 3
    session.act(challenger, Challenge())  # the challenger does not play next
    session.act(nxt, Pass())
    lines = export_gcg(load_journal(path)).splitlines()
    assert lines[-3:] == [f">P{nxt + 1}: {rack_of(session, nxt)} - +0 0",
                          f">P{challenger + 1}: {rack_of(session, challenger)} - +0 0",
                          "#note #unsuccessful-challenge"]


def test_a_failed_penalty_challenge_is_a_negative_challenge_line_for_the_challenger(tmp_path):
    session, path, seat = opening(tmp_path, ScrabbleConfig(challenge_mode="penalty"))
    challenger = 1 - seat
    session.act(challenger, Challenge())
    lines = export_gcg(load_journal(path)).splitlines()
    assert lines[-1] == f">P{challenger + 1}: {rack_of(session, challenger)} (challenge) -5 -5"
    game = parse_gcg("\n".join(lines))
    assert game.events[-1].kind == "challenge_bonus" and verify(game).totals[challenger][1] == -5


def test_the_clock_closing_the_last_challenge_window_writes_no_line(tmp_path):
    config = ScrabbleConfig(turn_seconds=60)
    session, path = scripted_game(tmp_path, 8, config, clock_closes_the_last_window=True)
    end = session.controller.state.end
    assert end.reason == "out"
    lines = export_gcg(load_journal(path)).splitlines()
    first_end = next(i for i, line in enumerate(lines) if line.startswith(">") and line.split()[1].startswith("("))
    assert lines[first_end - 1].split()[2] != "-"  # the play that went out, then the end-of-game racks
    report = verify(parse_gcg("\n".join(lines)))
    assert report.ok and [t for _, t in report.totals] == list(end.scores)
