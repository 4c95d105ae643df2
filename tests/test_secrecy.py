"""view(seat) never shows another seat's rack, the bag order or the seed."""

from __future__ import annotations

import json

import pilegame
from pilegame import PileConfig
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.controller import TurnController
from view_helpers import tile_ids_in


def test_view_shows_own_rack_and_only_the_sizes_of_others():
    state = pilegame.GAME.new_game(PileConfig(hand=5), ("Ann", "Bora", "Chul"), seed=11)
    for seat in range(3):
        view = json.loads(json.dumps(pilegame.GAME.view(state, seat)))
        ids = tile_ids_in(view)
        assert {t.id for t in state.racks[seat]} <= ids
        for other in range(3):
            if other != seat:
                assert not ids & {t.id for t in state.racks[other]}
        assert not ids & {t.id for t in state.bag.tiles}
        assert view["rack_sizes"] == [5, 5, 5]
        assert view["bag"] == len(state.bag)


def test_view_never_contains_the_seed_or_the_bag_order():
    state = pilegame.GAME.new_game(PileConfig(), ("Ann", "Bora"), seed=987654)
    text = json.dumps(pilegame.GAME.view(state, 0))
    assert "987654" not in text
    assert "seed" not in text


def test_spectator_view_has_no_rack():
    state = pilegame.GAME.new_game(PileConfig(), ("Ann", "Bora"), seed=1)
    view = pilegame.GAME.view(state, None)
    assert view["rack"] is None
    assert not tile_ids_in(view)


def test_controller_events_seen_by_others_never_name_drawn_tiles():
    state = pilegame.GAME.new_game(PileConfig(), ("Ann", "Bora"), seed=2)
    ctl = TurnController(pilegame.GAME, state, clock=FakeClock())
    ctl.clock.advance(60)
    events = ctl.tick()
    drawn = [t.face for t in ctl.state.racks[0][-1:]]
    for event in events:
        assert "tiles" not in json.dumps(event.for_seat(1))
    assert any(e.for_seat(0).get("tiles") == drawn for e in events)


def _watch(game, state, turns: int, check_view, lay_out=None) -> None:
    """Play `turns` turns with the game's computer player through a turn controller. Before each
    move every seat's view (the mover's with its draft, laid out first by `lay_out` when given)
    and a spectator's are checked with `check_view(state, viewer, view)`; the events must show
    drawn or returned tiles to no one but the seat concerned."""
    from tilegames.core.agents import agent_for

    ctl = TurnController(game, state, clock=FakeClock())
    agent = agent_for(game.id)
    viewers = (*range(len(state.seats)), None)
    for _ in range(turns):
        seat = ctl.seat
        if seat is None:
            break
        action = agent.choose(game.view(ctl.state, seat), 1.0)
        drafted = lay_out(ctl, seat, action) if lay_out is not None else False
        for viewer in viewers:
            draft = ctl.draft if viewer == seat else None
            view = json.loads(json.dumps(game.view(ctl.state, viewer, draft)))
            check_view(ctl.state, viewer, view)
            assert "seed" not in json.dumps(view)
        events = ctl.commit(seat) if drafted else ctl.act(seat, action)
        for event in events:
            for other in (s for s in viewers if s != event.seat):
                seen = event.for_seat(other)
                assert "tiles" not in seen and "returned" not in seen


def test_rummikub_word_views_and_events_keep_racks_and_the_pool_secret():
    from tilegames.games.word_rummikub.config import WordRummikubConfig
    from tilegames.games.word_rummikub.game import GAME as WORD

    def check(state, viewer, view):
        ids = tile_ids_in(view)
        for other, rack in enumerate(state.racks):
            if other != viewer:
                assert not ids & {t.id for t in rack}
        assert not ids & {t.id for t in state.bag.tiles}
        assert view["rack_sizes"] == [len(r) for r in state.racks] and view["pool"] == len(state.bag)

    _watch(WORD, WORD.new_game(WordRummikubConfig(), ("Ann", "Bora", "Chul"), seed=21), 12, check)


def test_nabit_views_and_events_keep_hands_bags_and_banks_secret():
    from tilegames.games.nabit.actions import Build
    from tilegames.games.nabit.config import NabItConfig
    from tilegames.games.nabit.draft import PutTile
    from tilegames.games.nabit.game import GAME as NABIT

    def lay_out(ctl, seat, action):
        """A build is put down in the draft tile by tile, as a screen would, and committed."""
        for p in action.tiles if isinstance(action, Build) else ():
            ctl.edit(seat, PutTile(p.tile, p.row, p.col, p.letter))
        return isinstance(action, Build)

    def check(state, viewer, view):
        ids = tile_ids_in(view)
        for other, hand in enumerate(state.hands):
            if other != viewer:
                assert not ids & {t.id for t in hand}
        assert not ids & {t.id for bag in state.bags for t in bag.tiles}
        assert not ids & {t.id for bank in state.banks for t in bank}
        assert view["hands"] is None and view["hand_sizes"] == [len(h) for h in state.hands]
        assert view["bags"] == [len(b) for b in state.bags] and view["banks"] == [len(b) for b in state.banks]

    _watch(NABIT, NABIT.new_game(NabItConfig(), ("Ann", "Bora", "Chul"), seed=21), 15, check, lay_out)


def test_nabit_open_hands_show_the_hands_but_never_the_bags():
    from tilegames.games.nabit.config import NabItConfig
    from tilegames.games.nabit.game import GAME as NABIT

    state = NABIT.new_game(NabItConfig(open_hands=True), ("Ann", "Bora"), seed=4)
    view = json.loads(json.dumps(NABIT.view(state, None)))
    assert tile_ids_in(view) == {t.id for hand in state.hands for t in hand}
    assert view["bags"] == [20, 20]
