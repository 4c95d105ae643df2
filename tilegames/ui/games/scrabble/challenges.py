"""Challenges in the Scrabble screen (RULES.md §3.8): after a play, the computer players
decide first (in a worker, from their own views), then the people are asked in a strip below
the board; the answer is acted on and play goes on."""

from __future__ import annotations

from typing import Any

from textual import work

from tilegames.core.agents import Question
from tilegames.core.errors import IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.kernel.protocol import TURN_EVENT, Event
from tilegames.games.scrabble.actions import AcceptPlay, Challenge
from tilegames.games.scrabble.view_types import PendingPlay, ScrabbleView, scrabble_view
from tilegames.ui.screens.dialogs import ChallengePrompt
from tilegames.ui.screens.turns import AGENT_SECONDS, TurnScreen, new_turn
from tilegames.ui.widgets.movelog import MoveLog


def challenge_question(mode: str) -> str:
    """"Challenge (double challenge rule)?": the question, naming the rule in play."""
    if mode == "double":
        return _("Challenge (double challenge rule)?")
    if mode == "single":
        return _("Challenge (single challenge rule)?")
    if mode == "penalty":
        return _("Challenge (penalty challenge rule)?")
    return _("Challenge ({mode} challenge rule)?").format(mode=mode)


class ScrabbleChallenges(TurnScreen):
    """The challenge part of the Scrabble screen (its other parts: scrabble.py)."""

    _turn_waiting = False  # a new turn began behind the challenge prompt
    _asked: PendingPlay | None = None  # the play the prompt on screen asks about
    news: Any  # the screen's DrawNews

    @property
    def game_view(self) -> ScrabbleView:
        """The screen's view, typed (`view` is the session's plain dict)."""
        return scrabble_view(self.view)

    def _note(self, text: str, error: bool = False) -> None:
        """Say `text` with the redraw that follows (the screen's message line)."""
        self._say(text, error)

    def _offer_challenge(self) -> None:
        pending = self.game_view["pending"]  # public: in every seat's view
        if pending is None:
            return
        player = pending["seat"]
        # Computer players decide first, from their own view, in a worker like their moves (a
        # word they do not know is challenged); the people are asked only when none challenged.
        asked = [s for s in sorted(self.agent_seats - {player}) if s in self.session.who_may_act()]
        if asked:
            self._handing_off = True  # no keys while the computers think
            self._redraw()  # the play on the board meanwhile
            self._computers_consider([Question.of(self.session, s) for s in asked])
            return
        self._ask_people()

    @work(thread=True, group="agent")
    def _computers_consider(self, questions: list[Question]) -> None:
        # A challenge is acted on as it comes, not held to `Question.still_good`: while the
        # computers think the screen is handed off, so neither a key nor the clock moves the game
        # here, and a challenge the game no longer takes is refused with its reasons (as any).
        for question in questions:
            if isinstance(question.answer(self.agent(question.seat), AGENT_SECONDS), Challenge):
                self.app.call_from_thread(self._challenge_answer, question.seat)
                return
        self.app.call_from_thread(self._ask_people)

    def _ask_people(self) -> None:
        """The challenge prompt for the people at the terminal (none: the play stands)."""
        view = self.game_view
        pending = view["pending"]
        if pending is None:
            self._challenge_answer(None)
            return
        player = pending["seat"]
        # The people at this terminal (over a network, the others are asked at theirs).
        others = [(s, self.session.seats[s]) for s in self.humans if s != player]
        if not others:
            self._challenge_answer(None)
            return
        question = (_("{name} played {words} for {score}.").format(name=self.session.seats[player],
                                                                    words=", ".join(pending["words"]),
                                                                    score=pending["score"])
                    + " " + challenge_question(view["challenge_mode"]))
        self._handing_off = True
        if not self.open_hands:
            # The other players look at the screen now: hide the rack that was just refilled.
            self.viewer = None
        self._redraw()  # the play on the board, under the prompt
        self._asked = pending
        self.app.push_screen(ChallengePrompt(question, others), self._challenge_answer)

    def _look_for_news(self) -> bool:
        """News while the challenge prompt is up: a play challenged or let stand at another
        terminal (served games, where each player is asked at their own) takes the question
        away here, as if it had been answered."""
        prompt = self.app.screen
        elsewhere = set(range(len(self.session.seats))) - set(self.here)  # none in hot-seat play
        if self._asked is None or not isinstance(prompt, ChallengePrompt) or not elsewhere:
            return super()._look_for_news()
        self.session.tick()
        if scrabble_view(self.session.view(None))["pending"] != self._asked:
            self._asked = None
            self._changed()
            prompt.dismiss(None)  # decided elsewhere: nothing to send from here
        return True

    def _challenge_answer(self, challenger: int | None) -> None:
        self._handing_off = False
        self._asked = None
        acting: int | None = None  # the seat whose answer is sent: a challenger, or the player accepting
        if challenger is not None:
            acting = challenger
        elif self.game_view["awaiting_final_challenge"]:
            seat = self.session.current_seat
            if seat is None:  # what act() would say: no one's turn once the game is over
                self._say(_("The game is over."))
            elif seat in self.here:  # a seat played elsewhere accepts (or challenges) there
                acting = seat
        if acting is None:
            self._events_after_prompt()
            return
        seat, action = acting, Challenge() if challenger is not None else AcceptPlay()

        def answered(_events: tuple[Event, ...]) -> None:
            self._changed()
            self._events_after_prompt()

        def refused(exc: IllegalMove) -> None:
            self._say(" ".join(exc.reasons))
            self._events_after_prompt()

        self.ask(lambda: self.session.act(seat, action), answered, refused)

    def _events_after_prompt(self) -> None:
        events = self._take_events()
        log = self.query_one(MoveLog)
        for event in events:
            self.news.note(event)
            if event.kind == TURN_EVENT:
                continue
            text = event.for_seat(None)["text"]
            log.write(text)
            if event.kind.startswith("challenge"):
                self._notice = text
                self._note(text)  # shown by the redraw below, or the next turn's
        waiting, self._turn_waiting = self._turn_waiting, False
        if new_turn(events) or waiting or self.session.result():
            self._turn_started()
        else:
            self._redraw()
