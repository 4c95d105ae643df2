"""Where games are saved, and finding the last unfinished one to resume.

Every game is journaled as it is played (DESIGN.md §6) into the saves folder:
`$TILEGAMES_HOME` when set, else `$XDG_DATA_HOME/tilegames`, else
`~/.local/share/tilegames`, under `games/`.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable

from tilegames.core.errors import BadRecord
from tilegames.core.journal import JournalHeader, game_of, load_journal, replay


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


def unfinished_games(usable: Callable[[JournalHeader], None] | None = None) -> list[Path]:
    """Journals of games still in progress, newest first.

    Damaged files are skipped, so one bad save never hides the others; `usable` may refuse
    more (the app checks what it keeps in the header's `meta`) by raising BadRecord."""
    folder = saves_dir()
    dated = []
    try:
        for path in folder.glob("*.jsonl"):
            try:
                if path.is_file():
                    dated.append((path.stat().st_mtime, path))
            except OSError:
                continue
    except OSError:  # not a folder, unreadable: nothing to resume
        return []
    found = []
    for _, path in sorted(dated, reverse=True):
        try:
            loaded = load_journal(path)
            if usable is not None:
                usable(loaded.header)
            game = game_of(loaded)
            if not game.is_over(replay(loaded, game)):
                found.append(path)
        except BadRecord:
            continue
    return found
