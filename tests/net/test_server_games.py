"""A whole game of each of the four games between two clients (and a spectator) through a real
server, every move sent as the protocol's requests, and every byte each connection was sent
checked for what it must never hold: another seat's tiles, the bag, a seed."""

from __future__ import annotations

import pytest

from net_games import check_secrecy, final_state, nabit_lay_out, play_to_end
from net_harness import ServerThread
from tilegames.core.records.journal import load_journal, replay
from tilegames.core.registry import get_game
from wire_client import WireClient

# Seeds of nine digits, so that finding one in the bytes sent means it was sent.
GAMES = [
    pytest.param("rummikub", 271828183, None, id="rummikub"),
    pytest.param("scrabble", 271828182, None, id="scrabble"),
    pytest.param("word-rummikub", 271828184, None, id="word-rummikub"),
    pytest.param("nabit", 271828188, nabit_lay_out, id="nabit-through-drafts"),
]


@pytest.mark.parametrize("game_id, seed, lay_out", GAMES)
def test_a_whole_game_through_the_server_ends_and_sends_no_one_a_secret(data, game_id, seed, lay_out):
    game = get_game(game_id)
    with ServerThread(data, record=True) as server:
        codes = server.create(game_id, ("Ann", "Bob"), seed)
        ann, bob, watcher = (WireClient(server.port) for _ in range(3))
        assert ann.hello(codes.seats[0])["you"] == [0]
        assert bob.hello(codes.seats[1])["you"] == [1]
        assert watcher.hello(codes.spectator)["you"] == []

        final = play_to_end({0: ann, 1: bob}, game_id, watchers=[watcher], lay_out=lay_out)
        for client in (ann, bob, watcher):
            client.drain()  # a match's next game comes at once: the first game is read from the record

        engine = replay(load_journal(data / f"{codes.table}.jsonl"))  # the server's record of the game
        result = game.result(engine)
        assert result is not None and final["result"] == {"scores": list(result.scores),
                                                          "winners": list(result.winners), "reason": result.reason}
        for seat, client in ((0, ann), (1, bob)):
            assert final_state(client)["views"] == {str(seat): game.view(engine, seat)}
        assert final_state(watcher)["views"] == {} and final_state(watcher)["spectator"] == game.view(engine, None)
        checked = check_secrecy(server.sent, [ann, bob, watcher], seed)
        past = ann.request("past_views", game=1)  # public views of a finished game, asked once the next began
        assert past["ok"] and past["value"][-1] == game.view(engine, None)
        assert checked > len(past["value"])


def test_the_record_of_a_finished_game_can_be_exported_and_not_before(data):
    with ServerThread(data) as server:
        codes = server.create("scrabble", ("Ann", "Bob"), 271828182)
        ann, bob = WireClient(server.port), WireClient(server.port)
        ann.hello(codes.seats[0])
        bob.hello(codes.seats[1])
        early = ann.request("export", fmt="gcg")
        assert early["ok"] is False and early["error"] == "illegal"
        assert "once the game is over" in early["reasons"][0]
        unknown = ann.request("export", fmt="pdf")
        assert unknown["error"] == "bad_message" and "cannot be written as 'pdf'" in unknown["reasons"][0]
        play_to_end({0: ann, 1: bob}, "scrabble")
        record = bob.request("export", fmt="gcg")
        assert record["ok"] and record["value"].startswith("#character-encoding UTF-8\n#player1 Ann Ann")
