"""What a game declares about itself, once: its manifest.

A game is one package under `games/` whose `__init__.py` holds `MANIFEST`, and (when the app can
play it) one package under `ui/games/`. Everything else finds the game through the manifest:
the registry its engine (and, through the engine, its notation and scenario notation), the
computer players their agent module, the app its plug-in and tools, the command line its
subcommands, `tilegames bench` its cases, the rules screen its rule text. Adding a game is its
two packages and one line in `core/registry.py`'s `GAME_PACKAGES`.

A manifest is data: module paths as strings, imported only when that part of the game is used,
so reading every manifest (the menu does at each start) loads no game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Tool:
    """Something a game offers besides playing it (Rummikub's initial-meld checker): a title
    for the menu and a line saying what it is for (English, marked with N_, shown through `_`),
    and where its screen is, "module:Class", imported only when the tool is opened."""

    title: str
    help: str
    screen: str


@dataclass(frozen=True)
class BenchFigure:
    """One named figure of a `BenchReport`: a value in `unit` ("s", "bytes", "count" or "x", a
    ratio) and perhaps a target in the same unit."""

    label: str
    value: float
    unit: str = "s"
    target: float | None = None


@dataclass(frozen=True)
class BenchReport:
    """What one run of a case returns when one timed pass yields several figures (the median,
    the p90 and the max of 1,000 solves, or another program's times on the same inputs): timing
    the pass once for each figure would cost as many passes and pair figures from different
    passes. `notes` are lines said under the figures (a comparison skipped, a finding)."""

    figures: tuple[BenchFigure, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class BenchCase:
    """One `tilegames bench` case: `run` measures once (seconds per operation, or bytes); a
    target is in the same unit, or a multiple of the median of `relative_to`, a case run
    before it. A run may instead return a BenchReport, each figure then reported as its own
    row, "<name>: <label>", with the figure's own unit and target. A game's bench module lists
    its own (`CASES`)."""

    name: str
    run: Callable[[], float | BenchReport]
    target: float | None = None
    unit: str = "s"  # "s" or "bytes"
    relative_to: str | None = None


class CaseUnavailable(RuntimeError):
    """A bench case that cannot run on this machine (a tool it needs is missing); the message
    says which, and `tilegames bench` prints it instead of the case's figures."""


@dataclass(frozen=True)
class Manifest:
    """One game's entry. `title` is English marked with N_ (shown as `_(title)`).

    engine: the module defining `GAME`, the game's rules (core/kernel/protocol.py's Game).
    agent: the module defining `new_agent()`, its computer player; None when it has none.
    ui: the module defining `PLUGIN`, its screens (ui/games/__init__.py); None when the app
        does not offer it (a game played only headless, like the tests' own game).
    commands: the module defining `register(subparsers)`, its `tilegames GAME …` tools.
    bench: the module defining `CASES`, its `tilegames bench` cases (a list of BenchCase).
    tools: its tools in the app's menu.
    rules: the file of its rule text under `assets/rules/` (and `assets/rules/<language>/`).
    levels: the levels its computer player plays at (core/computer_seats.py), its agent module's
        `new_agent(level)` taking one of them; empty when it has one level (`new_agent()`).
    """

    id: str
    title: str
    engine: str
    agent: str | None = None
    ui: str | None = None
    commands: str | None = None
    bench: str | None = None
    tools: tuple[Tool, ...] = ()
    rules: str | None = None
    levels: tuple[str, ...] = ()

    @classmethod
    def of_package(cls, package: str, id: str, title: str, *, commands: str | None = None,
                   bench: str | None = None, tools: tuple[Tool, ...] = (),
                   levels: tuple[str, ...] = ()) -> Manifest:
        """The manifest of a game laid out as the four are: `package` (the game's `__name__`)
        holds `game.py` (GAME) and `agent.py` (new_agent), `ui/games/<same name>/plugin.py`
        its plug-in, and `assets/rules/<id>.md` its rules. A game laid out otherwise writes
        its `Manifest(...)` out."""
        room = package.rpartition(".")[2]
        return cls(id, title, engine=f"{package}.game", agent=f"{package}.agent",
                   ui=f"tilegames.ui.games.{room}.plugin", commands=commands, bench=bench, tools=tools,
                   rules=f"{id}.md", levels=levels)
