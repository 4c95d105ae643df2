"""The game protocol: what every game provides to the controller, sessions, UIs and records.

A game is a pure, deterministic state machine (DESIGN.md §2):

* a frozen **config** dataclass of rule options, with named presets;
* an immutable **state** that holds everything, the bag order and its seed included, so that
  `(config, seat names, seed, actions)` replays a game exactly;
* frozen **actions**, JSON round-trippable, validated completely by `apply`, which raises
  `IllegalMove` and leaves the state untouched, or returns the new state and its **events**;
* `view(state, seat)`: the state as that seat may see it. Other racks appear only as sizes and
  the bag only as a count; UIs and network clients receive nothing else.

For the turn controller a game also provides **drafts**: the working copy a player edits during
their turn (`new_draft`, `edit`), the action that commits a draft (`commit_action`) and the
action its timeout policy takes (`timeout_action`). Commits and timeouts are ordinary actions, so
the journal replays them like any other.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Mapping, TypeVar

from tilegames.core.codec import from_jsonable, to_jsonable
from tilegames.core.errors import BadRecord, IllegalMove
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.series import WinnerRule
from tilegames.core.kernel.setup_options import SetupOption, config_from_choices

if TYPE_CHECKING:  # scenario_notation imports this module's Action and Edit
    from tilegames.core.scenarios.notation import ScenarioNotation

ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT")
DraftT = TypeVar("DraftT")


class Tagged:
    """A frozen dataclass that travels as JSON with its `kind` as "type" (actions, edits)."""

    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        data = to_jsonable(self)
        assert isinstance(data, dict)
        return {"type": self.kind, **data}


class Action(Tagged):
    """Base of every game's actions: what changes the committed game (draw, play, pass…).

    `controller_only` marks what only the turn controller may take (the clock's timeout): a
    player, a crafted record or a network client sending one is refused by `Game.apply`.
    """

    controller_only: ClassVar[bool] = False


class Edit(Tagged):
    """Base of every game's draft edits: one step of a turn in progress (move a tile, split a
    row, put a letter on a square). Edits are journaled as the turn's checkpoint, so a turn
    survives a crash, and (later) travel over the wire like actions."""


TaggedT = TypeVar("TaggedT", bound=Tagged)


def decode_tagged(types: tuple[type[TaggedT], ...], data: Any, what: str = "action") -> TaggedT:
    """Build an action or edit from its JSON form, or raise BadRecord with a readable sentence."""
    if not isinstance(data, dict):
        raise BadRecord(_("An {what} must be a JSON object.").format(what=what))
    kind = data.get("type")
    by_kind = {t.kind: t for t in types}
    if not isinstance(kind, str) or kind not in by_kind:
        known = ", ".join(sorted(by_kind))
        raise BadRecord(_("Unknown {what} type {kind}; expected one of: {known}.").format(what=what, kind=shown(repr(kind), 30), known=known))
    fields = {k: v for k, v in data.items() if k != "type"}
    return from_jsonable(by_kind[kind], fields, where=f"{what} {kind!r}")


def decode_action(action_types: tuple[type[Action], ...], data: Any) -> Action:
    """Build an action from its JSON form, or raise BadRecord with a readable sentence."""
    return decode_tagged(action_types, data, "action")


# The event a session's listeners get when a new turn begins or the game ends (public, no text:
# for screens to react to, not for move logs).
TURN_EVENT = "turn"


@dataclass(frozen=True)
class Event:
    """Something that happened, for logs and UIs.

    `text` is a public sentence anyone at the table may read. `private` holds what only `seat`
    may know (the faces of the tiles it drew); `for_seat` strips it for everyone else.
    """

    kind: str
    text: str
    seat: int | None = None
    public: Mapping[str, Any] = field(default_factory=dict)
    private: Mapping[str, Any] = field(default_factory=dict)

    def for_seat(self, viewer: int | None) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "text": self.text, "seat": self.seat}
        data.update(self.public)
        if viewer is not None and viewer == self.seat:
            data.update(self.private)
        return data


@dataclass(frozen=True)
class Outcome(Generic[StateT]):
    """The result of a valid action: the new state and what happened."""

    state: StateT
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Result:
    """How a finished game ended. `scores[seat]` are the game's final scores."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


class Game(ABC, Generic[ConfigT, StateT, DraftT]):
    """One game's rules. Implementations hold no mutable state of their own."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    config_type: ClassVar[type]
    presets: ClassVar[Mapping[str, Any]]
    action_types: ClassVar[tuple[type[Action], ...]]
    edit_types: ClassVar[tuple[type[Edit], ...]] = ()
    # Record formats a finished or unfinished game can be written as, from its journal
    # (Scrabble: "gcg"). Values take a LoadedJournal and return the text.
    exporters: ClassVar[Mapping[str, Callable[[Any], str]]] = {}
    # What a new game can be set up with: the app's setup form and `tilegames play GAME`'s
    # options are both built from these (core/kernel/setup_options.py).
    setup_options: ClassVar[tuple[SetupOption, ...]] = ()
    # How scenarios (docs/scenarios.md: demos, `tilegames demo check`) write this game's
    # positions and moves; None: the game has no scenarios yet.
    scenario: ClassVar[ScenarioNotation | None] = None

    # --- setting up -----------------------------------------------------------------------
    @abstractmethod
    def new_game(self, config: ConfigT, seats: tuple[str, ...], seed: int) -> StateT:
        """The state before the first turn. Raises ValueError for an impossible seat count."""

    def config_for(self, chosen: Mapping[str, Any], seat_count: int) -> ConfigT:
        """The config of a new game set up with `chosen` option values (the rest as the preset
        has them); ValueError with a sentence when the choices or the player count will not do,
        said while setting up rather than when the game is dealt."""
        config: ConfigT = config_from_choices(self.presets, self.setup_options, chosen)
        self.check_setup(config, seat_count)
        return config

    def check_setup(self, config: ConfigT, seat_count: int) -> None:
        """ValueError for an option the number of players does not allow."""

    def hands_open(self, config: ConfigT) -> bool:
        """Whether `config` plays with every hand open (Nab-It!'s Table rules): then the app
        shows no hand-off screen, as `--open-hands` does."""
        return False

    # --- the series a game is played in (a match) ------------------------------------------
    def series_length(self, config: ConfigT, seat_count: int) -> int:
        """How many games a new game of this config starts (core/kernel/series.py): 1 unless the
        game plays matches."""
        return 1

    def series_winner_rule(self, config: ConfigT) -> WinnerRule:
        """How the winner of a series of several games is decided."""
        return "points"

    def config_to_json(self, config: ConfigT) -> dict[str, Any]:
        data = to_jsonable(config)
        assert isinstance(data, dict)
        return data

    def config_from_json(self, data: Any) -> ConfigT:
        return from_jsonable(self.config_type, data, where="config")

    def decode_action(self, data: Any) -> Action:
        return decode_action(self.action_types, data)

    def decode_edit(self, data: Any) -> Edit:
        return decode_tagged(self.edit_types, data, "edit")

    # --- playing --------------------------------------------------------------------------
    def apply(self, state: StateT, seat: int, action: Action, *, by_controller: bool = False) -> Outcome[StateT]:
        """Validate completely, then act. Raises IllegalMove and leaves `state` untouched.

        Controller-only actions are refused here, for every game, unless the turn controller
        (or a replay of what it journaled) takes them."""
        if action.controller_only and not by_controller:
            raise IllegalMove(_("Only the turn clock can take the {kind} move; a player cannot.").format(kind=repr(action.kind)))
        return self.resolve(state, seat, action)

    @abstractmethod
    def resolve(self, state: StateT, seat: int, action: Action) -> Outcome[StateT]:
        """The game's own rules for `action` (called by `apply` once its origin is allowed)."""

    @abstractmethod
    def current_seat(self, state: StateT) -> int | None:
        """Whose turn it is, or None once the game is over."""

    def who_may_act(self, state: StateT) -> tuple[int, ...]:
        """The seats that may act now (a game with challenge windows lets more than one)."""
        seat = self.current_seat(state)
        return () if seat is None else (seat,)

    @abstractmethod
    def turn_number(self, state: StateT) -> int:
        """Counts turns from 0; the controller restarts the clock when it changes."""

    @abstractmethod
    def turn_seconds(self, state: StateT) -> float | None:
        """The per-turn time limit, or None when the timer is off."""

    def game_clock(self, state: StateT) -> bool:
        """Whether the turn timer is the current player's game clock: what `turn_seconds` gives
        is what they have left for the whole game, the time a turn takes is charged to them
        (`time_used_action`), and running out is overtime, which the game scores, not a timeout."""
        return False

    def time_used_action(self, state: StateT, seat: int, ms: int) -> Action | None:
        """With a game clock: the controller-only action that charges `ms` of `seat`'s clock,
        applied just before their move so that the time is journaled with it."""
        return None

    @abstractmethod
    def result(self, state: StateT) -> Result | None:
        """The final result once the game is over, else None."""

    def is_over(self, state: StateT) -> bool:
        return self.result(state) is not None

    # --- seeing ---------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: StateT, seat: int | None, draft: DraftT | None = None) -> dict[str, Any]:
        """JSON-able view for `seat` (None: a spectator). Never other racks or the bag order.

        `draft` is the seat's own turn in progress: the view then shows the rack and table as
        the player has arranged them, with what they placed this turn marked.
        """

    # --- drafts (the turn controller) -----------------------------------------------------
    @abstractmethod
    def new_draft(self, state: StateT, seat: int) -> DraftT:
        """A fresh working copy for `seat`'s turn."""

    @abstractmethod
    def edit(self, draft: DraftT, seat: int, edit: Any) -> DraftT:
        """Apply one editing step. Only ownership rules are checked (IllegalMove otherwise)."""

    @abstractmethod
    def commit_action(self, snapshot: StateT, draft: DraftT, seat: int) -> Action:
        """The action that would turn `snapshot` into what the draft shows."""

    @abstractmethod
    def draft_changed(self, snapshot: StateT, draft: DraftT, seat: int) -> bool:
        """Whether the player has moved anything this turn."""

    @abstractmethod
    def timeout_action(self, snapshot: StateT, draft: DraftT, seat: int) -> Action:
        """The action the timeout policy takes when the clock reaches 0.

        The controller applies it to the snapshot, so the rollback is exact by construction;
        the action carries the game's penalty.
        """



def choose_preset(presets: Mapping[str, ConfigT], name: str, **changes: Any) -> ConfigT:
    """A named preset with some keys changed; ValueError naming the choices for a bad name."""
    if name not in presets:
        raise ValueError(_("Unknown preset {name}: choose {presets}.").format(name=repr(name), presets=_(" or ").join(presets)))
    return replace(presets[name], **changes)  # type: ignore[type-var]
