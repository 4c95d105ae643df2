"""Subcommands of `tilegames`, one module per group; each adds itself to the one parser.

A game's own commands (Rummikub's meld check, Scrabble's GCG tools) live in a module here that
its manifest names (`commands`), so `cli.py` names no game; `words` is the games' shared one."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from tilegames.core.registry import manifests


def command_modules() -> list[str]:
    """The modules that add subcommands: each game's (in menu order), then the shared ones."""
    return [m.commands for m in manifests() if m.commands is not None] + ["tilegames.commands.words"]


def register_commands(commands: "argparse._SubParsersAction[Any]") -> None:
    for name in command_modules():
        importlib.import_module(name).register(commands)
