"""Views (what a seat sees, views.py), their secrecy, and the JSON forms of every action and
edit."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from view_helpers import tile_ids_in
from word_builder import GAME, arrange, play, position
from tilegames.core.errors import BadRecord
from tilegames.core.parts.table_rows import JoinRows, MoveTile, SplitRow
from tilegames.games.word_rummikub.actions import Draw, JokerLetter, Pass, Play, Timeout
from tilegames.games.word_rummikub.config import WordRummikubConfig
from tilegames.games.word_rummikub.draft import NameJoker


def draft_for(state, *words):
    """A draft showing `words`, built with the edits a screen sends: each word a new row."""
    action = arrange(state, *words)
    draft = GAME.new_draft(state, 0)
    for row in action.words:
        draft = GAME.edit(draft, 0, MoveTile(row[0], len(draft.rows)))
        for tile_id in row[1:]:
            target = next(r for r, tiles in enumerate(draft.rows) if tiles[0].id == row[0])
            draft = GAME.edit(draft, 0, MoveTile(tile_id, target))
    for joker in action.jokers:
        draft = GAME.edit(draft, 0, NameJoker(joker.tile_id, joker.letter))
    assert GAME.commit_action(state, draft, 0) == action
    return draft


def by_word(view):
    return {row["word"]: row for row in view["table"]}


def test_the_view_of_a_turn_in_progress_judges_every_row():
    state = position(["SQAX*", "Z"], table=["CAT", "DOG"])
    view = GAME.view(state, 0, draft_for(state, "CATS", "DOG", "+Q+A+X"))
    rows = by_word(view)
    assert list(rows) == ["CATS", "DOG", "QAX"]
    assert rows["CATS"]["new"] and rows["CATS"]["is_word"] and rows["CATS"]["reason"] == ""
    assert rows["CATS"]["length"] == 4 and not rows["CATS"]["duplicate"]
    assert [t["new"] for t in rows["CATS"]["tiles"]] == [False, False, False, True]
    assert not rows["DOG"]["new"] and rows["DOG"]["is_word"]
    assert not rows["QAX"]["is_word"] and rows["QAX"]["reason"] == "QAX is not in the word list."
    assert view["drafting"] and view["would_score"] is None  # QAX would be penalised
    assert view["rack"] == [{"id": state.racks[0][4].id, "face": "*", "letter": None, "joker": True, "new": False}]


def test_would_score_follows_the_draft_and_an_unnamed_joker_is_shown_as_such():
    state = position(["SQ*", "Z"], table=["CAT", "DOG"])
    joker = state.racks[0][2].id
    draft = GAME.new_draft(state, 0)
    assert GAME.view(state, 0, draft)["would_score"] is None  # nothing placed yet
    draft = GAME.edit(draft, 0, MoveTile(joker, 1))
    row = GAME.view(state, 0, draft)["table"][1]
    assert row["word"] == "DOG?" and row["reason"] == "Say which letter the joker stands for."
    assert row["tiles"][3] == {"id": joker, "face": "*", "letter": None, "joker": True, "new": True}
    draft = GAME.edit(draft, 0, NameJoker(joker, "S"))
    view = GAME.view(state, 0, draft)
    assert view["table"][1]["word"] == "DOGS" and view["table"][1]["tiles"][3]["letter"] == "S"
    assert view["would_score"] == 4
    draft = GAME.edit(draft, 0, MoveTile(state.racks[0][0].id, 0))  # CATS as well
    assert GAME.view(state, 0, draft)["would_score"] == 4


def test_the_view_lists_what_a_commit_now_would_be_refused_or_penalised_for():
    state = position(["SQAX*", "Z"], table=["CAT", "DOG"])
    draft = GAME.new_draft(state, 0)
    assert GAME.view(state, 0, draft)["problems"] == ["Place at least one tile from your rack, or draw a tile instead."]
    view = GAME.view(state, 0, draft_for(state, "CATS", "DOG", "+Q+A+X"))
    assert view["problems"] == ["QAX is not in the word list."]
    assert GAME.view(state, 0, draft_for(state, "CATS", "DOG"))["problems"] == []
    assert GAME.view(state, 0)["problems"] is None


def test_a_word_list_gone_since_the_game_began_still_gives_a_view(tmp_path):
    state = position(["SQ", "Z"], table=["CAT"])
    state = replace(state, config=WordRummikubConfig(word_list=str(tmp_path / "gone.txt")))
    draft = GAME.edit(GAME.new_draft(state, 0), 0, MoveTile(state.racks[0][0].id, 0))
    view = GAME.view(state, 0, draft)
    assert view["table"][0]["reason"].endswith("gone.txt does not exist.")
    assert view["would_score"] is None and view["problems"][0].endswith("does not exist.")


def test_a_duplicate_row_is_marked():
    state = position(["CATQ", "Z"], table=["CAT"])
    rows = GAME.view(state, 0, draft_for(state, "CAT", "+C+A+T"))["table"]
    assert [r["duplicate"] for r in rows] == [True, True]
    assert rows[1]["reason"] == "CAT is on the table twice: every word must be different."


def test_the_view_outside_a_turn_and_after_a_play():
    state = position(["SQ", "Z"], table=["CAT"], scores=[3, 1])
    after = play(state, "CATS").state
    view = GAME.view(after, 1)
    assert view["you"] == 1 and view["current"] == 1 and view["phase"] == "play"
    assert not view["drafting"] and view["would_score"] is None
    assert view["scores"] == [7, 1] and view["melded"] == [True, True]
    assert view["last"] == {"seat": 0, "kind": "play", "score": 4, "words": ["CATS"]}
    assert view["rack_sizes"] == [7, 1] and view["pool"] == len(after.bag)
    assert not any(row["new"] for row in view["table"])
    assert view["rules"]["first_meld_letters"] == 6 and view["rules"]["word_check"] == "turn_end_penalty"
    assert view["first_player"]["seat"] == after.first_seat
    assert view["skips"] == [False, False] and view["result"] is None


def test_the_result_view_has_scores_winners_reason_and_jokers_left():
    state = position(["S", "*AB"], table=["CAT"], pool="", scores=[4, 10])
    view = GAME.view(play(state, "CATS").state, None)
    assert view["phase"] == "over" and view["current"] is None
    assert view["result"] == {"reason": "out", "winners": [0], "scores": [12, -20], "turn_scores": [12, 10],
                              "jokers_left": [0, 1], "joker_penalty": 30, "out_seat": 0, "hints": [0, 0]}


def test_views_are_json_and_show_only_the_viewers_rack():
    state = GAME.new_game(GAME.presets["standard"], ("Ann", "Bora", "Chul"), seed=8)
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        ids = tile_ids_in(view)
        for other, rack in enumerate(state.racks):
            if other != seat:
                assert not ids & {t.id for t in rack}
        assert not ids & {t.id for t in state.bag.tiles}
        assert view["rack_sizes"] == [14, 14, 14] and view["pool"] == len(state.bag)
        text = json.dumps(view)
        assert "seed" not in text and "".join(t.face for t in state.bag.tiles[:12]) not in text
    assert GAME.view(state, None)["rack"] is None


def test_only_the_current_seat_has_a_draft_to_view():
    state = position(["SQ", "Z"], table=["CAT"])
    with pytest.raises(ValueError, match="Only the seat whose turn it is"):
        GAME.view(state, 1, GAME.new_draft(state, 0))


def test_events_tell_others_how_many_tiles_were_drawn_never_which():
    state = position(["SABCDE", "Q"], table=["CAT"])
    for outcome in (play(state, "CATS"), GAME.apply(state, 0, Draw())):
        for event in outcome.events:
            assert "tiles" not in event.for_seat(1) and "tiles" not in event.for_seat(None)
            assert event.for_seat(0)["tiles"]


ACTIONS = [Draw(), Pass(), Timeout(touched=True), Play(((1, 2, 3), (4, 110, 5)), (JokerLetter(110, "E"),)),
           Play(((7, 8, 9),))]
EDITS = [MoveTile(3, 0, 2), MoveTile(4, None), SplitRow(0, 2), JoinRows(0, 1), NameJoker(110, "E")]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a.kind)
def test_every_action_round_trips_through_json(action):
    data = json.loads(json.dumps(action.to_json()))
    assert GAME.decode_action(data) == action


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.kind)
def test_every_edit_round_trips_through_json(edit):
    data = json.loads(json.dumps(edit.to_json()))
    assert GAME.decode_edit(data) == edit


def test_the_json_forms_are_the_documented_ones():
    assert ACTIONS[3].to_json() == {"type": "play", "words": [[1, 2, 3], [4, 110, 5]],
                                    "jokers": [{"tile_id": 110, "letter": "E"}]}
    assert NameJoker(110, "E").to_json() == {"type": "name_joker", "tile_id": 110, "letter": "E"}
    assert GAME.decode_action({"type": "play", "words": [[1, 2, 3]]}) == Play(((1, 2, 3),))


@pytest.mark.parametrize("data, message", [
    ({"type": "fly"}, "Unknown action type 'fly'"),
    ({"type": "play", "words": "CAT"}, "expected a list"),
    ({"type": "play", "words": [[1]], "jokers": [{"tile_id": 1}]}, "letter"),
])
def test_malformed_actions_are_a_sentence(data, message):
    with pytest.raises(BadRecord, match=message):
        GAME.decode_action(data)
