"""A table plays a whole series: a two-player Rummikub match of two games through a real server
(each game played out quickly: draws, then passes), the second game dealt as the first ends,
its clock waiting until both players said they are ready, the series' records in every STATE;
a server stopped between the games (or just after the first game's last move, before the next
was dealt, or as it began its journal) resumes the table at game 2 and deals nothing twice; and
every byte sent across the game change is checked for secrets."""

from __future__ import annotations

from pathlib import Path

from net_games import check_secrecy, draw_to_end
from net_harness import Codes, ServerThread
from tilegames.core.records.journal import load_journal
from tilegames.core.kernel.series_meta import series_meta
from wire_client import Message, WireClient

# Games 1 and 2 of this match (dealt from core/seeds.py's derive(7, "game/n")) end with scores that
# differ (Ann wins one, Bob the other), game 1 by going out (a pass is refused while any play,
# a rearrangement too, exists), and Bob moves first in game 2.
SEED = 7


def new_match(server: ServerThread, seed: int = SEED) -> Codes:
    return server.create("rummikub", ("Ann", "Bob"), seed, allow_doubles_redeal=False, turn_seconds=60)


def seated(server: ServerThread, codes: Codes) -> tuple[WireClient, WireClient]:
    ann, bob = WireClient(server.port), WireClient(server.port)
    assert ann.hello(codes.seats[0])["type"] == "welcome" and bob.hello(codes.seats[1])["type"] == "welcome"
    return ann, bob


def in_game(client: WireClient, number: int) -> Message:
    """Read until the client's state is of game `number` of the series; that state."""
    client.read_until(lambda m: client.state is not None and client.state["series"]["game"] == number)
    assert client.state is not None
    return client.state


def test_a_two_game_match_is_played_to_its_end_with_the_series_totals(data):
    with ServerThread(data) as server:
        codes = new_match(server)
        ann, bob = seated(server, codes)
        assert ann.state is not None and ann.state["series"] == {"game": 1, "games": 2, "winner_rule": "points",
                                                                 "records": []}
        first = draw_to_end({0: ann, 1: bob})["result"]

        second = in_game(ann, 2)
        in_game(bob, 2)
        assert second["result"] is None and second["clock_running"] is False
        assert [(r["scores"], r["winners"], r["reason"]) for r in second["series"]["records"]] == \
            [(first["scores"], first["winners"], "out")]
        ready = ann.request("next_game", game=2)
        assert ready["ok"] and ready["value"] == 2 and ready["state"]["clock_running"] is False  # Bob reads on
        assert server.call(lambda: server.table(codes.table).clock_running) is False
        assert bob.request("next_game", game=2)["state"]["clock_running"] is True
        assert ann.read_until(lambda m: m["type"] == "update")["state"]["clock_running"] is True

        last = draw_to_end({0: ann, 1: bob})
        assert last["series"]["game"] == 2 and len(last["series"]["records"]) == 1
        totals = [a + b for a, b in zip(first["scores"], last["result"]["scores"])]
        assert totals[0] != totals[1] and all(first["scores"]) and first["winners"] != last["result"]["winners"]
        over = ann.request("next_game", game=3)
        assert over["ok"] is False and over["reasons"] == ["The series is over: there is no next game."]
        assert ann.drain() == [] and ann.state is not None and ann.state["series"]["game"] == 2  # no third game
        assert [ann.request("past_views", game=n)["ok"] for n in (1, 2, 3)] == [True, True, False]
    second_header = load_journal(data / f"{codes.table}.g2.jsonl").header
    info = series_meta(second_header)
    assert (info.seed, info.game, info.id) == (SEED, 2, codes.table)
    assert [g.scores for g in info.games] == [tuple(first["scores"])]
    assert not (data / f"{codes.table}.g3.jsonl").exists()


def test_a_spectator_and_a_late_player_do_not_hold_the_next_game_and_a_newcomer_gets_the_records(data):
    with ServerThread(data) as server:
        codes = new_match(server)
        ann, bob = seated(server, codes)
        watcher = WireClient(server.port)
        watcher.hello(codes.spectator)
        first = draw_to_end({0: ann, 1: bob})["result"]
        in_game(ann, 2)
        assert watcher.request("next_game", game=2)["ok"]
        ann.request("next_game", game=2)
        bob.close()  # Bob leaves at the summary; his fresh join counts as ready
        assert server.call(lambda: server.table(codes.table).clock_running) is False
        again = WireClient(server.port)
        welcome = again.hello(codes.seats[1])
        assert welcome["state"]["series"]["game"] == 2 and welcome["history"] == []
        assert welcome["state"]["series"]["records"][0]["scores"] == first["scores"]
        assert welcome["state"]["clock_running"] is True


def test_a_server_stopped_between_the_games_resumes_at_game_2_with_game_1s_record(data):
    with ServerThread(data) as server:
        codes = new_match(server)
        ann, bob = seated(server, codes)
        first = draw_to_end({0: ann, 1: bob})["result"]
        dealt = in_game(ann, 2)
        mover = (ann, bob)[dealt["current"]]
        in_game(mover, 2)
        assert mover.request("act", seat=dealt["current"], action={"type": "draw"})["ok"]  # a move of game 2
        ann.sync(mover.state)
        moved = ann.state
    second = data / f"{codes.table}.g2.jsonl"
    kept = second.read_bytes()

    with ServerThread(data) as server:
        ann, bob = seated(server, codes)
        assert ann.state is not None and ann.state["series"]["game"] == 2 and ann.state["turn"] == moved["turn"]
        assert ann.state["series"]["records"][0]["scores"] == first["scores"]
        assert ann.state["views"] == moved["views"]
    assert second.read_bytes().startswith(kept)  # opened again, not dealt again
    assert sorted(p.name for p in data.glob("*.jsonl")) == [f"{codes.table}.g2.jsonl", f"{codes.table}.jsonl"]


def stopped_after_game_1(data: Path) -> tuple[Codes, Message, Message]:
    """A match whose first game was played to its end; the server stopped; the first game's
    result and the second game's state as first dealt."""
    with ServerThread(data) as server:
        codes = new_match(server)
        ann, bob = seated(server, codes)
        first = draw_to_end({0: ann, 1: bob})["result"]
        dealt = in_game(ann, 2)
    return codes, first, dealt


def test_a_server_stopped_before_the_next_game_was_dealt_deals_it_once_on_restart(data):
    codes, first, dealt = stopped_after_game_1(data)
    second = data / f"{codes.table}.g2.jsonl"
    for stopped_at in ("after the last move", "as the journal began"):
        if stopped_at == "after the last move":
            second.unlink()  # what a kill -9 between game 1's last move and the deal leaves
        else:
            second.write_bytes(b"")  # killed as the next journal was made
        with ServerThread(data) as server:
            ann, _ = seated(server, codes)
            assert ann.state is not None and ann.state["series"]["game"] == 2, stopped_at
            assert ann.state["series"]["records"][0]["scores"] == first["scores"]
            assert ann.state["views"] == dealt["views"] and ann.state["turn"] == dealt["turn"]  # the same deal
        assert len(load_journal(second).records) == 0
    with ServerThread(data) as server:  # and started once more: the dealt game is opened, not dealt again
        assert server.warnings == []
        assert server.call(lambda: server.table(codes.table).game_number) == 2
    assert sorted(p.name for p in data.glob("*.jsonl")) == [f"{codes.table}.g2.jsonl", f"{codes.table}.jsonl"]


def test_no_secret_reaches_anyone_across_the_change_of_game(data):
    seed = 271828  # six digits, so that finding them in the bytes sent means a seed was sent
    with ServerThread(data, record=True) as server:
        codes = new_match(server, seed)
        ann, bob = seated(server, codes)
        watcher = WireClient(server.port)
        watcher.hello(codes.spectator)
        draw_to_end({0: ann, 1: bob})
        for client in (ann, bob):
            in_game(client, 2)
            client.request("next_game", game=2)
        draw_to_end({0: ann, 1: bob}, stop=lambda moves, state: moves >= 6)
        for client in (ann, bob, watcher):
            client.drain()
        assert watcher.state is not None and watcher.state["series"]["game"] == 2
        assert check_secrecy(server.sent, [ann, bob, watcher], seed) > 100
