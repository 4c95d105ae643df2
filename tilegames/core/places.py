"""Where tilegames keeps what outlives a run: the data folder (saved games, the server's
files) and the settings file.

`$TILEGAMES_HOME`, when set, holds both, laid out as it always was: `games/`, `server/` and
`settings.json` side by side (tests, a second profile, a server's own account). Otherwise each
platform's own places, from `platformdirs`: on Linux `$XDG_DATA_HOME/tilegames` (or
`~/.local/share/tilegames`) and `$XDG_CONFIG_HOME/tilegames/settings.json` (or
`~/.config/tilegames`); on macOS both under `~/Library/Application Support/tilegames`; on
Windows under `%LOCALAPPDATA%\\tilegames`.

What can be made again (the word graphs of the word games) goes to the cache folder:
`$TILEGAMES_CACHE` when set (the tests share one across their processes), else
`$TILEGAMES_HOME/cache`, else the platform's (`~/.cache/tilegames` on Linux).

Before platformdirs the settings file sat in the data folder; it is still read from there
until settings are saved in their new place, so nobody's language is forgotten.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

import platformdirs

APP_NAME = "tilegames"
SETTINGS_FILE = "settings.json"


class PlatformPlaces(Protocol):
    """What tilegames asks of `platformdirs.PlatformDirs` (a test gives another platform's)."""

    @property
    def user_data_dir(self) -> str: ...

    @property
    def user_config_dir(self) -> str: ...

    @property
    def user_cache_dir(self) -> str: ...


def _platform() -> PlatformPlaces:
    return platformdirs.PlatformDirs(APP_NAME, appauthor=False)


def _home() -> Path | None:
    home = os.environ.get("TILEGAMES_HOME")
    return Path(home) if home else None


def data_home() -> Path:
    """The folder of saved games (`games/`) and of the server's files (`server/`)."""
    home = _home()
    return home if home is not None else Path(_platform().user_data_dir)


def settings_path() -> Path:
    """Where settings are written."""
    home = _home()
    return home / SETTINGS_FILE if home is not None else Path(_platform().user_config_dir) / SETTINGS_FILE


def settings_to_read() -> Path:
    """Where settings are read: `settings_path()`, or, while nothing has been saved there, the
    file an earlier tilegames kept in the data folder."""
    path = settings_path()
    if path.exists():
        return path
    earlier = data_home() / SETTINGS_FILE
    return earlier if earlier.exists() else path


def cache_home() -> Path:
    """The folder of what tilegames can build again when it is lost (see above)."""
    chosen = os.environ.get("TILEGAMES_CACHE")
    if chosen:
        return Path(chosen)
    home = _home()
    return home / "cache" if home is not None else Path(_platform().user_cache_dir)
