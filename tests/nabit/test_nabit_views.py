"""Views, drafts and edits: what a seat sees (its hand only, counts of everything secret), the
turn in progress with what committing it would do, and the JSON forms of actions and edits."""

from __future__ import annotations

import json

import pytest
from nab_builder import across, down, position

from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.games.nabit.actions import Build, Exchange, Pass, Placement, Timeout
from tilegames.games.nabit.config import NabItConfig
from tilegames.games.nabit.draft import Announce, NabDraft, NameBlank, PutTile, TakeBack
from tilegames.games.nabit.game import GAME


def tile(state, seat, letter):
    return next(t.id for t in state.hands[seat] if t.face[-1] == letter)


def draft_of(state, *edits):
    draft = GAME.new_draft(state, state.order.current)
    for edit in edits:
        draft = GAME.edit(draft, state.order.current, edit)
    return draft


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_rest():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"), control={"SUN": 1}, banks=[0, 2])
    view = json.loads(json.dumps(GAME.view(state, 0)))
    assert [t["face"] for t in view["hand"]] == [t.face for t in state.hands[0]]
    assert view["hand"][0] == {"id": state.hands[0][0].id, "face": "0F", "letter": "F", "owner": 0, "blank": False}
    assert view["hands"] is None and view["hand_sizes"] == [5, 5]
    assert view["bags"] == [len(b) for b in state.bags] and view["banks"] == [0, 2]
    assert view["scores"] == [0, 3] and view["words_held"] == [0, 1]
    assert view["words"] == [{"cells": [[0, 0], [0, 1], [0, 2]], "word": "SUN", "direction": "across",
                              "controller": 1, "locked": False}]
    assert view["grid"][0] == {"row": 0, "col": 0, "height": 1, "letter": "S", "owner": view["grid"][0]["owner"],
                               "blank": False, "capped": False, "capped_turn": None, "new": False}
    assert view["bounds"] == {"top": 0, "left": 0, "bottom": 0, "right": 2}
    assert view["rules"]["idle_limit"] == 4 and view["colours"] == ["red", "blue"]
    assert view["preview"] is None and not view["drafting"]
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["you"] is None


def test_open_hands_show_every_hand():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"), config=NabItConfig(open_hands=True))
    view = GAME.view(state, 1)
    assert [[t["face"] for t in h] for h in view["hands"]] == [[t.face for t in h] for h in state.hands]


def test_the_draft_shows_the_tiles_put_down_and_what_committing_now_would_do():
    grid = {(0, 0): "PDRC", **across(0, 1, "AT"), **down(1, 0, "UB")}
    state = position(["HEAST", "BOGUS"], grid, control={"CAT": 1, "CUB": 1})
    draft = draft_of(state, PutTile(tile(state, 0, "H"), 0, 0))
    view = GAME.view(state, 0, draft)
    assert view["drafting"] and [t["face"] for t in view["hand"]] == ["0E", "0A", "0S", "0T"]
    cell = next(c for c in view["grid"] if (c["row"], c["col"]) == (0, 0))
    assert cell["letter"] == "H" and cell["height"] == 5 and cell["capped"] and cell["new"]
    assert view["draft"] == [{"tile": tile(state, 0, "H"), "row": 0, "col": 0, "letter": "H", "blank": False}]
    preview = view["preview"]
    assert preview["valid"] and preview["problems"] == [] and preview["caps"] == [[0, 0]] and preview["bank"]
    assert [(w["word"], w["ok"]) for w in preview["words"]] == [("HAT", True), ("HUB", True)]
    assert sorted((c["word"], c["from"], c["to"]) for c in preview["changes"]) == [("HAT", 1, 0), ("HUB", 1, 0)]
    assert preview["scores"] == [3, 0]
    assert GAME.commit_action(state, draft, 0) == Build((Placement(tile(state, 0, "H"), 0, 0, "H"),))


def test_a_draft_that_would_be_refused_says_why():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"))
    draft = draft_of(state, PutTile(tile(state, 0, "T"), 0, 3))
    preview = GAME.view(state, 0, draft)["preview"]
    assert not preview["valid"] and preview["problems"] == ["SUNT is not in the word list."]
    assert preview["words"][0]["problem"] == "SUNT is not in the word list." and preview["scores"] is None


def test_stacking_on_a_word_changes_its_controller_in_the_preview():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"), control={"SUN": 1})
    preview = GAME.view(state, 0, draft_of(state, PutTile(tile(state, 0, "F"), 0, 0)))["preview"]
    assert preview["changes"] == [{"cells": [[0, 0], [0, 1], [0, 2]], "word": "FUN", "from": 1, "to": 0}]
    assert preview["scores"] == [1, 0] and not preview["bank"]


def test_edits_put_take_back_name_a_blank_and_announce():
    state = position(["?EAST", "BOGUS"], across(0, 0, "SUN"))
    blank = tile(state, 0, "?")
    draft = draft_of(state, PutTile(blank, 0, 0))
    assert GAME.view(state, 0, draft)["grid"][0]["letter"] == "?"
    assert "Say which letter your blank stands for" in GAME.view(state, 0, draft)["preview"]["problems"][0]
    draft = GAME.edit(draft, 0, NameBlank(blank, "r"))
    assert GAME.view(state, 0, draft)["preview"]["words"][0]["word"] == "RUN"
    draft = GAME.edit(draft, 0, Announce(True))
    assert GAME.commit_action(state, draft, 0) == Build((Placement(blank, 0, 0, "R"),), announce=True)
    assert GAME.draft_changed(state, draft, 0)
    draft = GAME.edit(draft, 0, TakeBack(0, 0))
    assert draft.placements == () and not GAME.draft_changed(state, draft, 0)
    assert GAME.timeout_action(state, draft, 0) == Timeout(touched=False)


@pytest.mark.parametrize("edits, message", [
    ([PutTile(999, 0, 0)], "not in your hand"),
    ([PutTile("F", 0, 0), PutTile("F", 1, 0)], "on the grid already"),
    ([PutTile("F", 0, 0), PutTile("E", 0, 0)], "one tile per cell per turn"),
    ([TakeBack(4, 4)], "You put no tile on row 4, column 4 this turn."),
    ([NameBlank("F", "Q")], "Only your blank is given a letter."),
    ([NameBlank("?", "Q")], "Put the blank on the grid first"),
    ([PutTile("?", 0, 0, "QU")], "one letter from A to Z"),
])
def test_edits_check_only_ownership_with_a_sentence(edits, message):
    state = position(["F?EAS", "BOGUS"], across(0, 0, "SUN"))
    draft = NabDraft(state.hands[0])
    with pytest.raises(IllegalMove, match=message):
        for edit in edits:
            if isinstance(getattr(edit, "tile", None), str):
                edit = type(edit)(**{**edit.__dict__, "tile": tile(state, 0, edit.tile)})
            draft = GAME.edit(draft, 0, edit)


def test_a_draft_is_the_current_players_alone():
    state = position(["FEAST", "BOGUS"], across(0, 0, "SUN"))
    with pytest.raises(ValueError, match="Only the seat whose turn it is"):
        GAME.view(state, 1, NabDraft(state.hands[1]))


ACTIONS = [
    (Build((Placement(12, 0, -1, "F"), Placement(24, -3, 7, "Q")), announce=True),
     {"type": "build", "tiles": [{"tile": 12, "row": 0, "col": -1, "letter": "F"},
                                 {"tile": 24, "row": -3, "col": 7, "letter": "Q"}], "announce": True}),
    (Exchange((3, 7)), {"type": "exchange", "tiles": [3, 7]}),
    (Pass(), {"type": "pass"}),
    (Timeout(touched=True), {"type": "timeout", "touched": True}),
]
EDITS = [
    (PutTile(12, 0, -1), {"type": "put", "tile": 12, "row": 0, "col": -1, "letter": None}),
    (PutTile(24, 2, 2, "Q"), {"type": "put", "tile": 24, "row": 2, "col": 2, "letter": "Q"}),
    (TakeBack(0, -1), {"type": "take_back", "row": 0, "col": -1}),
    (NameBlank(24, "Q"), {"type": "name_blank", "tile": 24, "letter": "Q"}),
    (Announce(True), {"type": "announce", "on": True}),
]


@pytest.mark.parametrize("action, data", ACTIONS, ids=[a.kind for a, _ in ACTIONS])
def test_actions_round_trip_through_json(action, data):
    assert action.to_json() == data
    assert GAME.decode_action(json.loads(json.dumps(data))) == action


@pytest.mark.parametrize("edit, data", EDITS, ids=[f"{e.kind}{i}" for i, (e, _) in enumerate(EDITS)])
def test_edits_round_trip_through_json(edit, data):
    assert edit.to_json() == data
    assert GAME.decode_edit(json.loads(json.dumps(data))) == edit


def test_malformed_actions_are_one_sentence():
    with pytest.raises(BadRecord, match="Unknown action type 'nab'"):
        GAME.decode_action({"type": "nab"})
    with pytest.raises(BadRecord, match="expected a whole number"):
        GAME.decode_action({"type": "build", "tiles": [{"tile": "x", "row": 0, "col": 0}]})
