"""The one way agents are driven (core/agents.py): the question a computer seat is asked (its
view as plain data, the moment it is about), whether its answer is still good to apply, and
which seat is asked next. The app's screens, the server and `play_out` differ only in their
threading, so these are what decide for all of them."""

from __future__ import annotations

import pilegame
from pilegame import Draw, PileConfig, Timeout

from tilegames.core.agents import Question, agent_for, next_to_ask, seat_view, seats_asked
from tilegames.core.kernel.clock import FakeClock
from tilegames.core.kernel.session import LocalSession
from tilegames.games.scrabble.actions import Challenge
from tilegames.games.scrabble.config import ScrabbleConfig
from tilegames.games.scrabble.game import GAME as SCRABBLE


def pile_session(turn_seconds: int | None = None, clock: FakeClock | None = None) -> LocalSession:
    return LocalSession.start(pilegame.GAME, PileConfig(turn_seconds=turn_seconds), ("Ann", "cpu"), 5,
                              path=None, clock=clock or FakeClock())


def test_a_question_holds_the_seats_view_as_plain_data_and_the_turn_it_is_about():
    session = pile_session()
    seat = session.current_seat
    question = Question.of(session, seat)
    view = session.view(seat)
    assert question.seat == seat and question.turn == session.turn_number() and question.state is None
    assert question.view == view and question.view is not view
    assert all(type(row) is list for row in question.view["table"])
    question.view["rack"].clear()  # the agent's copy: the session's view is not touched
    assert session.view(seat)["rack"] == view["rack"]


def test_an_answer_is_good_until_the_turn_moves_on():
    session = pile_session()
    seat = session.current_seat
    question = Question.of(session, seat)
    assert question.answer(pilegame.PileAgent(), 1.0) == Draw()
    assert question.still_good(Draw(), session)
    assert not question.still_good(None, session)  # the seat lets the moment pass
    assert not question.still_good(Timeout(touched=False), session)  # only the clock times out
    session.act(seat, Draw())
    assert not question.still_good(Draw(), session)  # too late: another turn
    assert Question.of(session, session.current_seat).still_good(Draw(), session)


def test_an_answer_is_too_late_once_the_clock_has_ended_the_turn():
    clock = FakeClock()
    session = pile_session(turn_seconds=1, clock=clock)
    session.restart_clock()
    question = Question.of(session, session.current_seat)
    clock.advance(2)
    session.tick()
    assert session.turn_number() != question.turn
    assert not question.still_good(Draw(), session)


def test_a_question_about_a_state_is_good_only_for_that_state():
    session = pile_session()
    seat = session.current_seat
    state = session.controller.state
    question = Question.of(session, seat, state)
    assert question.still_good(Draw(), session, state)
    assert not question.still_good(Draw(), session, object())  # the same turn, another state
    headless = Question.about(pilegame.GAME, state, seat)
    assert headless.view == question.view and headless.turn == question.turn and headless.state is state


def window():
    """A Scrabble play by one seat of three, which the two others may challenge."""
    state = SCRABBLE.new_game(ScrabbleConfig(), ("Ann", "Bora", "Chul"), 3)
    seat = SCRABBLE.current_seat(state)
    return seat, SCRABBLE.apply(state, seat, agent_for("scrabble").choose(seat_view(SCRABBLE, state, seat), 5.0)).state


def test_out_of_turn_seats_are_asked_first_each_once_per_state():
    player, state = window()
    mover = SCRABBLE.current_seat(state)
    (other,) = {0, 1, 2} - {player, mover}
    assert seats_asked(SCRABBLE, state) == (other, mover)  # the seat to move is asked last
    both = {other, mover}
    assert next_to_ask(SCRABBLE, state, both, {}) == other
    assert next_to_ask(SCRABBLE, state, both, {other: state}) == mover
    assert next_to_ask(SCRABBLE, state, {mover}, {}) == mover  # a person at the other seat is not asked
    assert next_to_ask(SCRABBLE, state, both, {other: state, mover: state}) is None
    later = SCRABBLE.apply(state, other, Challenge()).state  # the game moves on
    assert later is not state
    assert next_to_ask(SCRABBLE, later, both, {other: state, mover: state}) is not None  # asked again
