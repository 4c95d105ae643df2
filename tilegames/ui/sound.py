"""Sounds from `assets/sounds/` (the turn timer's warning and alert), where the machine can play
them.

A terminal can only ring its bell, which many terminals silence or flash; the players of a
table game asked for a sound heard across the table. So a WAV file is played with the first
player program found: `paplay` (PulseAudio/PipeWire), `aplay` (ALSA), `afplay` (macOS), or
Windows' own `winsound`. It plays in the background (the countdown never waits for it) and a
missing program, file or sound card is never an error: the caller rings the bell either way,
so without a player the bell is all there is.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Callable

from tilegames.core.text.i18n import _
from tilegames.core.resources import assets_dir

PLAYERS = ("paplay", "aplay", "afplay")
"""Command-line players, in the order they are tried: each takes a WAV file's path."""

SOUNDS = ("warning", "alert")

SoundPlayer = Callable[[str], bool]
"""Plays a sound by name ("warning", "alert"); True when it was started."""


def sound_path(name: str) -> Path:
    """The WAV file of sound `name`, e.g. assets/sounds/alert.wav."""
    return assets_dir() / "sounds" / f"{name}.wav"


def player_command(path: Path) -> list[str] | None:
    """The command that plays `path` here, or None when no known player is installed (on
    Windows, where `winsound` plays without a command, None too)."""
    for program in PLAYERS:
        found = shutil.which(program)
        if found is not None:
            return [found, "-q", str(path)] if program == "aplay" else [found, str(path)]
    return None


def how_sounds_play() -> str:
    """A sentence saying what plays the sounds on this machine (for `--help`-like texts)."""
    if sys.platform == "win32":
        return _("Sounds play through Windows (winsound), with the terminal bell.")
    command = player_command(Path("x.wav"))
    if command is None:
        return _("No sound player found ({players}): only the terminal bell rings.").format(players=", ".join(PLAYERS))
    return _("Sounds play with {program}, with the terminal bell.").format(program=Path(command[0]).name)


def play(name: str) -> bool:
    """Start playing sound `name` in the background; True when it started. Never raises and
    never blocks: a sound that cannot play is a silent one."""
    try:
        path = sound_path(name)
        if not path.is_file():
            return False
        if sys.platform == "win32":
            return _play_windows(path)
        command = player_command(path)
        if command is None:
            return False
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
    except (OSError, ValueError):
        return False
    # Someone waits for the player to finish, so that it does not linger as a zombie process.
    threading.Thread(target=process.wait, name=f"sound-{name}", daemon=True).start()
    return True


def _play_windows(path: Path) -> bool:
    """Windows' own player, asynchronous (SND_ASYNC): no program to look for."""
    if sys.platform != "win32":  # also tells the type checker that winsound exists here
        return False
    import winsound

    flags = winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT
    try:
        winsound.PlaySound(str(path), flags)
    except RuntimeError:
        return False
    return True
