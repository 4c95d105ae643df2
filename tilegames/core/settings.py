"""The player's settings that outlive a run: for now the language chosen in the app.

They sit in `settings.json` beside the saves folder (core/saves.py). A settings file is data
from outside like a save: one that is missing, unreadable or damaged is as if nothing had been
chosen, never a failure to start; writing goes through a temporary file and a rename, so a
crash leaves the old settings or the new ones, never half a file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tilegames.core.i18n import LANGUAGES
from tilegames.core.saves import saves_dir


def settings_path() -> Path:
    return saves_dir().parent / "settings.json"


def _read() -> dict[str, Any]:
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def saved_language() -> str | None:
    """The language chosen in the app, if one was and tilegames still has it."""
    value = _read().get("language")
    return value if isinstance(value, str) and value in LANGUAGES else None


def save_language(language: str) -> None:
    """Remember `language` for the next start; OSError when the folder cannot be written."""
    if language not in LANGUAGES:
        raise ValueError(f"tilegames has no '{language[:20]}' language.")
    data = _read()
    data["language"] = language
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, path)
