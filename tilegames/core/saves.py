"""Where games are saved, and finding the last unfinished one to resume.

Every game is journaled as it is played (DESIGN.md §6) into the saves folder:
`$TILEGAMES_HOME` when set, else `$XDG_DATA_HOME/tilegames`, else
`~/.local/share/tilegames`, under `games/`.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from tilegames.core.errors import BadRecord
from tilegames.core.journal import load_journal, replay
from tilegames.core.registry import get_game


def saves_dir() -> Path:
    home = os.environ.get("TILEGAMES_HOME")
    if home:
        return Path(home) / "games"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "tilegames" / "games"


def new_journal_path(game_id: str) -> Path:
    """A fresh, unique file name that sorts by time."""
    folder = saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        path = folder / f"{stamp}-{game_id}{'' if n == 0 else f'-{n}'}.jsonl"
        if not path.exists():
            return path
    raise OSError(f"Cannot find a free file name in {folder}.")


def unfinished_games() -> list[Path]:
    """Journals of games still in progress, newest first. Damaged files are skipped."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            loaded = load_journal(path)
            game = get_game(loaded.header.game)
            if not game.is_over(replay(loaded, game)):
                found.append(path)
        except BadRecord:
            continue
    return found
