"""Reading scenario files (docs/scenarios.md) into checked `Scenario`s.

A scenario is data from outside, written by hand: every problem is one `ScenarioError` sentence
with the file's line number, never a traceback, and a misspelt key is an error rather than a
silently ignored line. Everything that can be checked before playing is checked here (the keys,
their kinds, the game, the config, the position, built into the starting state by the game's
notation); a move is read only when its step is reached, since what it means depends on the
position then (core/scenarios/run.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from tilegames.core.errors import BadRecord
from tilegames.core.records.file_limits import SCENARIO, read_limited
from tilegames.core.text.inputs import shown
from tilegames.core.kernel.protocol import Game
from tilegames.core.registry import get_game
from tilegames.core.scenarios.lines import KeyLines
from tilegames.core.scenarios.notation import (
    NOTATION_FAILURES,
    ScenarioError,
    ScenarioNotation,
    failure,
)
from tilegames.core.scenarios.toml_reading import MAX_NESTING, nested_too_deeply, parse_toml

TOP_KEYS = ("title", "game", "preset", "seats", "seed", "order", "intro", "config", "position", "step")
STEP_KEYS = ("seat", "caption", "move", "edits", "commit", "timeout", "expect")
# Expectation keys the runner checks itself; any other key is a position key of the game.
GENERIC_EXPECT = ("accepted", "refused", "says", "turn", "score", "result")
RESULT_KEYS = ("winners", "scores", "reason")
TEXT_KEYS = ("title", "intro", "caption")  # the keys that may have translations (title_ko)
_TRANSLATION = re.compile(r"^(title|intro|caption)_([a-z]{2})$")
MAX_STEPS = 200
DEFAULT_ORDER = 100  # a scenario that gives no `order` comes after those that do


@dataclass(frozen=True)
class Text:
    """A text a player reads, in English, with its translations by language code."""

    text: str
    translations: Mapping[str, str] = field(default_factory=dict)

    def in_language(self, language: str) -> str:
        return self.translations.get(language, self.text)


@dataclass(frozen=True)
class Expect:
    """What should hold after a step. `position` holds the game's own keys (racks, table…)."""

    line: int
    accepted: bool | None = None
    refused: str | None = None
    says: str | None = None
    turn: str | None = None
    score: Mapping[str, int] | None = None
    result: Mapping[str, Any] | None = None
    position: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    number: int  # from 1
    line: int
    seat: str | None = None
    caption: Text | None = None
    move: str | None = None
    edits: tuple[Mapping[str, Any], ...] = ()
    commit: bool = False
    timeout: bool = False
    expect: Expect | None = None

    @property
    def where(self) -> str:
        return f"step {self.number} (line {self.line})"


@dataclass(frozen=True)
class Scenario:
    name: str  # the file name, for reports
    title: Text
    game: Game[Any, Any, Any]
    notation: ScenarioNotation
    seats: tuple[str, ...]
    seed: int
    config: Any
    start: Any  # the game state the first step is played on
    steps: tuple[Step, ...]
    intro: Text = Text("")
    preset: str | None = None
    order: int = DEFAULT_ORDER  # where it comes among its game's demos: lower first
    lines: KeyLines = field(default_factory=KeyLines, repr=False, compare=False)

    def seat_index(self, name: str) -> int:
        return self.seats.index(name)


def load_scenario(path: Path | str) -> Scenario:
    """The scenario in file `path`; ScenarioError (with the line) for anything wrong with it.

    The file is read through core/records/file_limits.py: a device, a FIFO or a folder is refused
    without being read or waited on, and a file larger than a scenario ever is (1 MB) is not
    read (`tilegames demo check /dev/zero` filled the memory)."""
    path = Path(path)
    try:
        data = read_limited(path, shown(path.name, 80), SCENARIO)
    except BadRecord as exc:
        raise ScenarioError(str(exc)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ScenarioError("is not UTF-8 text.", line=line) from None
    return read_scenario(text, path.name)


def read_scenario(text: str, name: str = "scenario") -> Scenario:
    """The scenario written in `text` (a TOML document)."""
    table = parse_toml(text)
    lines = KeyLines.scan(text)
    too_deep = nested_too_deeply(table)
    if too_deep is not None:
        sentence = (f"{shown(too_deep, 80)}: values are nested too deeply (more than {MAX_NESTING} levels); "
                    "a scenario needs only a few.")
        raise ScenarioError(sentence, key=too_deep).at(lines.line_of(too_deep) or 1)
    try:
        return _Reader(lines, name).scenario(table)
    except ScenarioError as exc:
        raise exc.at(_line_for(exc, lines)) from None


def _line_for(exc: ScenarioError, lines: KeyLines) -> int | None:
    key = exc.key
    if key is None:
        match = re.match(r"^([^\s:]+):", exc.sentence)  # "position.racks.Ann: ..."
        key = match.group(1) if match else None
    if not key:
        return None
    # A key missing from the top table (no `game = ...` anywhere) is placed at the file's top.
    return lines.line_of(key) or 1


class _Reader:
    def __init__(self, lines: KeyLines, name: str) -> None:
        self.lines = lines
        self.name = name

    # --- the file -------------------------------------------------------------------------
    def scenario(self, table: dict[str, Any]) -> Scenario:
        _no_unknown(table, TOP_KEYS, "", translated=True)
        title = self.text(table, "title", "", required=True)
        assert title is not None  # required: missing is an error
        game_id = _need(table, "game", str, "", "a game id such as \"rummikub\"")
        try:
            game = get_game(game_id)
        except BadRecord as exc:
            raise ScenarioError(f"game: {exc}", key="game") from None
        notation = game.scenario
        if notation is None:
            raise ScenarioError(f"game: {game.title} has no scenarios yet.", key="game")
        seats = self.seats(table, game)
        seed = table.get("seed", 1)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ScenarioError("seed: expected a whole number from 0.", key="seed")
        order = table.get("order", DEFAULT_ORDER)
        if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= 999:
            raise ScenarioError("order: expected a whole number from 1 to 999.", key="order")
        preset = table.get("preset")
        config = self.config(game, preset, table.get("config", {}))
        position = table.get("position", {})
        if not isinstance(position, dict):
            raise ScenarioError("position: expected a table of the game's position keys.", key="position")
        if position:
            try:
                start = notation.position(config, seats, position, seed)
            except ScenarioError:
                raise
            except NOTATION_FAILURES as exc:
                raise ScenarioError(f"position: {failure(exc)}", key="position") from None
        else:
            try:
                start = game.new_game(config, seats, seed)
            except NOTATION_FAILURES as exc:
                raise ScenarioError(f"seats: {failure(exc)}", key="seats") from None
        steps = table.get("step")
        if not isinstance(steps, list) or not steps:
            raise ScenarioError("a scenario needs at least one [[step]].", key="step")
        if len(steps) > MAX_STEPS:
            raise ScenarioError(f"step: at most {MAX_STEPS} steps.", key="step")
        read = tuple(self.step(n, s, seats) for n, s in enumerate(steps, start=1))
        return Scenario(self.name, title, game, notation, seats, seed, config, start, read,
                        self.text(table, "intro", "", required=False) or Text(""),
                        preset if isinstance(preset, str) else None, order=order, lines=self.lines)

    def text(self, table: Mapping[str, Any], key: str, prefix: str, *, required: bool) -> Text | None:
        value = table.get(key)
        if value is None:
            if required:
                raise ScenarioError(f"{prefix}{key}: missing (one line of text).", key=prefix + key)
            stray = [k for k in table if _TRANSLATION.match(k) and k.startswith(key + "_")]
            if stray:
                raise ScenarioError(f"{prefix}{stray[0]}: a translation needs the English {key} beside it.",
                                    key=prefix + stray[0])
            return None
        if not isinstance(value, str) or not value.strip():
            raise ScenarioError(f"{prefix}{key}: expected text.", key=prefix + key)
        translations = {}
        for other, text in table.items():
            match = _TRANSLATION.match(other)
            if match and match.group(1) == key:
                if not isinstance(text, str) or not text.strip():
                    raise ScenarioError(f"{prefix}{other}: expected text.", key=prefix + other)
                translations[match.group(2)] = text
        return Text(value, translations)

    def seats(self, table: Mapping[str, Any], game: Game[Any, Any, Any]) -> tuple[str, ...]:
        seats = table.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) and s.strip() for s in seats):
            raise ScenarioError("seats: expected a list of the players' names.", key="seats")
        if len(set(seats)) != len(seats):
            raise ScenarioError("seats: every player needs a different name.", key="seats")
        if not game.min_seats <= len(seats) <= game.max_seats:
            raise ScenarioError(f"seats: {game.title} is for {game.min_seats} to {game.max_seats} players, "
                                f"not {len(seats)}.", key="seats")
        return tuple(seats)

    def config(self, game: Game[Any, Any, Any], preset: Any, changes: Any) -> Any:
        names = list(game.presets)
        if preset is None:
            preset = names[0]
        if not isinstance(preset, str) or preset not in game.presets:
            raise ScenarioError(f"preset: {shown(repr(preset), 30)} is not a {game.title} preset: "
                                f"choose {' or '.join(names)}.", key="preset")
        if not isinstance(changes, dict):
            raise ScenarioError("config: expected a table of config keys.", key="config")
        data = {**game.config_to_json(game.presets[preset]), **changes}
        try:
            return game.config_from_json(data)
        except BadRecord as exc:
            message = str(exc)
            field_match = re.match(r"^config(?:\.(\w+))?: (?:unknown field '(\w+)'\.)?", message)
            key = "config"
            if field_match:
                key = "config." + (field_match.group(1) or field_match.group(2) or "")
            raise ScenarioError(message, key=key.rstrip(".")) from None
        except NOTATION_FAILURES as exc:
            raise ScenarioError(f"config: {failure(exc)}", key="config") from None

    # --- steps ----------------------------------------------------------------------------
    def step(self, number: int, data: Any, seats: tuple[str, ...]) -> Step:
        prefix = f"step.{number}."
        line = self.lines.step_line(number) or 0
        where = f"step {number}"
        if not isinstance(data, dict):
            raise ScenarioError(f"{where}: expected a table.", line=line or None)
        _no_unknown(data, STEP_KEYS, prefix, translated=True, where=where)
        seat = data.get("seat")
        if seat is not None and seat not in seats:
            raise ScenarioError(f"{where}: seat {shown(repr(seat), 30)} is not one of the seats "
                                f"({', '.join(seats)}).", key=prefix + "seat")
        move = data.get("move")
        if move is not None and (not isinstance(move, str) or not move.strip()):
            raise ScenarioError(f"{where}: move: expected a move written as text.", key=prefix + "move")
        edits = data.get("edits", [])
        if not isinstance(edits, list) or not all(isinstance(e, dict) for e in edits) or ("edits" in data and not edits):
            raise ScenarioError(f"{where}: edits: expected a list of edit tables, {{ type = ... }}.",
                                key=prefix + "edits")
        commit, timeout = (_flag(data, k, prefix, where) for k in ("commit", "timeout"))
        kinds = [k for k, present in (("move", move is not None), ("edits", bool(edits)),
                                      ("commit", commit), ("timeout", timeout)) if present]
        if not kinds:
            raise ScenarioError(f"{where} does nothing: give it a move, edits, commit = true or timeout = true.",
                                line=line or None)
        if move is not None and len(kinds) > 1 or commit and timeout:
            first, second = ("move", kinds[1]) if move is not None else ("commit", "timeout")
            raise ScenarioError(f"{where} has both {first} and {second}: a step is one move, or edits "
                                "(then a commit or a timeout), or a commit, or a timeout.",
                                key=prefix + second)
        caption = self.text(data, "caption", prefix, required=False)
        expect = self.expect(data.get("expect"), prefix, where, seats, line)
        return Step(number, line, seat, caption, move, tuple(edits), commit, timeout, expect)

    def expect(self, data: Any, prefix: str, where: str, seats: tuple[str, ...], step_line: int) -> Expect | None:
        if data is None:
            return None
        key = prefix + "expect"
        if not isinstance(data, dict):
            raise ScenarioError(f"{where}: expect: expected a table of expectations.", key=key)
        line = self.lines.line_of(key) or step_line
        accepted = data.get("accepted")
        if accepted is not None and accepted is not True:
            raise ScenarioError(f"{where}: expect.accepted can only be true (use refused = \"a phrase\").",
                                key=key + ".accepted")
        refused, says, turn = (_phrase(data, k, key, where) for k in ("refused", "says", "turn"))
        if accepted and refused is not None:
            raise ScenarioError(f"{where}: expect has both accepted and refused.", key=key + ".refused")
        if turn is not None and turn not in seats:
            raise ScenarioError(f"{where}: expect.turn: {shown(repr(turn), 30)} is not one of the seats.",
                                key=key + ".turn")
        score = data.get("score")
        if score is not None:
            score = _scores(score, seats, f"{where}: expect.score", key + ".score")
        result = data.get("result")
        if result is not None:
            result = _result(result, seats, where, key + ".result")
        position = {k: v for k, v in data.items() if k not in GENERIC_EXPECT}
        return Expect(line, accepted, refused, says, turn, score, result, position)


def _no_unknown(table: Mapping[str, Any], known: tuple[str, ...], prefix: str, *, translated: bool = False,
                where: str = "") -> None:
    for key in table:
        if key in known or (translated and _TRANSLATION.match(key) and key.split("_")[0] in known):
            continue
        said = f"{where}: " if where else ""
        raise ScenarioError(f"{said}unknown key {shown(repr(key), 30)}: expected one of {', '.join(known)}.",
                            key=prefix + key)


def _need(table: Mapping[str, Any], key: str, kind: type, prefix: str, what: str) -> Any:
    value = table.get(key)
    if not isinstance(value, kind) or (isinstance(value, str) and not value.strip()):
        raise ScenarioError(f"{prefix}{key}: {'missing' if value is None else 'wrong'}: expected {what}.",
                            key=prefix + key)
    return value


def _flag(data: Mapping[str, Any], key: str, prefix: str, where: str) -> bool:
    value = data.get(key, False)
    if value is not False and value is not True:
        raise ScenarioError(f"{where}: {key}: expected true (or leave it out).", key=prefix + key)
    return value


def _phrase(data: Mapping[str, Any], key: str, prefix: str, where: str) -> str | None:
    value = data.get(key)
    if value is not None and (not isinstance(value, str) or not value.strip()):
        raise ScenarioError(f"{where}: expect.{key}: expected text.", key=f"{prefix}.{key}")
    return value


def _scores(data: Any, seats: tuple[str, ...], what: str, key: str) -> dict[str, int]:
    if not isinstance(data, dict) or not data:
        raise ScenarioError(f"{what}: expected a table of seat = points, {{ {seats[0]} = 10 }}.", key=key)
    for name, points in data.items():
        if name not in seats:
            raise ScenarioError(f"{what}: {shown(repr(name), 30)} is not one of the seats.", key=f"{key}.{name}")
        if isinstance(points, bool) or not isinstance(points, int):
            raise ScenarioError(f"{what}: {name}'s points must be a whole number.", key=f"{key}.{name}")
    return dict(data)


def _result(data: Any, seats: tuple[str, ...], where: str, key: str) -> dict[str, Any]:
    what = f"{where}: expect.result"
    if not isinstance(data, dict):
        raise ScenarioError(f"{what}: expected a table: {{ winners = [...], scores = {{...}} }}.", key=key)
    _no_unknown(data, RESULT_KEYS, key + ".", where=what)
    winners = data.get("winners")
    if winners is not None and (not isinstance(winners, list) or not all(w in seats for w in winners)):
        raise ScenarioError(f"{what}.winners: expected a list of seat names.", key=key + ".winners")
    if "scores" in data:
        _scores(data["scores"], seats, f"{what}.scores", key + ".scores")
    if "reason" in data and not isinstance(data["reason"], str):
        raise ScenarioError(f"{what}.reason: expected text.", key=key + ".reason")
    return dict(data)
