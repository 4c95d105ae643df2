"""Subcommands of `tilegames`, one module per group; each adds itself to the one parser.

A game's own commands (Rummikub's meld check, Scrabble's GCG tools) live in its module here;
`COMMAND_MODULES` lists them, so `cli.py` names no game."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

COMMAND_MODULES = ("tilegames.commands.rummikub", "tilegames.commands.scrabble", "tilegames.commands.words")


def register_commands(commands: "argparse._SubParsersAction[Any]") -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(commands)
