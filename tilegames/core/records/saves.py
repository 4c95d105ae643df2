"""Where games are saved, and finding the last unfinished one to resume.

Every game is journaled as it is played (DESIGN.md §6) into the saves folder: `games/` in
the data folder (core/places.py: `$TILEGAMES_HOME` when set, else the platform's own place,
`~/.local/share/tilegames` on Linux).
"""

from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

from tilegames.core.errors import BadRecord, SaveFailed, why_not_saved
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.records.journal import JournalHeader, read_header
from tilegames.core.places import data_home
from tilegames.core.records.save_index import SaveInfo, scan


def saves_dir() -> Path:
    return data_home() / "games"


def new_journal_path(game_id: str) -> Path:
    """A fresh, unique file name that sorts by time (SaveFailed if there is none)."""
    folder = saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        path = folder / f"{stamp}-{game_id}{'' if n == 0 else f'-{n}'}.jsonl"
        if not path.exists():
            return path
    raise SaveFailed(_("Cannot find a free file name in {folder}.").format(folder=shown(folder)))


def check_saves_dir() -> Path:
    """Make sure games can be saved, before anyone plays: the saves folder exists (it is made
    if need be) and a small file can be written and synced in it. SaveFailed says why not."""
    folder = saves_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise SaveFailed(_("Cannot save games in {folder}: it is not a folder.").format(folder=shown(folder))) from None
    except OSError as exc:
        raise SaveFailed(_("Cannot make the saves folder {folder}: {reason}.").format(folder=shown(folder), reason=why_not_saved(exc))) from None
    if not folder.is_dir():
        raise SaveFailed(_("Cannot save games in {folder}: it is not a folder.").format(folder=shown(folder)))
    probe = folder / f".probe-{os.getpid()}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            from tilegames.core.records.journal_writer import write_durably  # only when a game is saved

            write_durably(fd, b"tilegames checks that games can be saved here\n")
        finally:
            os.close(fd)
    except OSError as exc:
        raise SaveFailed(_("Cannot save games in {folder}: {reason}.").format(folder=shown(folder), reason=why_not_saved(exc))) from None
    finally:
        try:
            probe.unlink(missing_ok=True)
        except OSError:
            pass
    return folder


def unfinished_saves(usable: Callable[[JournalHeader], object] | None = None, *,
                     damaged: bool = False) -> list[SaveInfo]:
    """Saves of games still in progress, newest first, with what a list of them shows.

    Read from the saves index (core/records/save_index.py), so only journals that are new or changed
    since the last listing are replayed. Damaged files are left out, so one bad save never
    hides the others, unless `damaged` asks for them too (with `SaveInfo.damaged` saying why:
    the menu marks them). `usable` may refuse more (the app checks what it keeps in the
    header's `meta`) by raising BadRecord, which counts as damage; what it returns is ignored."""
    found = []
    for save in scan(saves_dir()):
        if save.damaged is None and save.header is not None and usable is not None:
            try:
                usable(save.header)
            except BadRecord as exc:
                save = replace(save, damaged=f"{save.path.name}: {exc}")
        if save.damaged is not None or save.header is None:
            if damaged:
                found.append(save)
        elif not save.finished:
            found.append(save)
    return found


def unfinished_games(usable: Callable[[JournalHeader], object] | None = None) -> list[Path]:
    """Journals of games still in progress, newest first (see `unfinished_saves`)."""
    return [save.path for save in unfinished_saves(usable)]


def find_saved(wanted: Callable[[JournalHeader], bool]) -> Path | None:
    """The first save whose header is `wanted` (only headers are read; damaged files skipped)."""
    try:
        paths = sorted(saves_dir().glob("*.jsonl"))
    except OSError:
        return None
    for path in paths:
        try:
            if wanted(read_header(path)):
                return path
        except BadRecord:
            continue
    return None
