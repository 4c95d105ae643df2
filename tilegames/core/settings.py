"""The player's settings that outlive a run: the language, the theme and the keymap chosen.

They sit in one `settings.json` (core/places.py says where). A settings file is data from
outside like a save: one that is missing, unreadable, too big or damaged is as if nothing had
been chosen (a file that is there but cannot be used is said once, in `Saved.problem`: the
command line prints it, the app shows it), and one bad entry costs only that entry, never a
failure to start. Writing goes
through a temporary file and a rename, so a crash leaves the old settings or the new ones,
never half a file; saving one setting keeps the others as they were.

The keymap is kept as the player wrote it: binding ids to key strings (`{"rows.draw": "x"}`).
Which ids and keys exist is the UI's to know (ui/keymap.py), which reads it from here.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from tilegames.core.errors import BadRecord
from tilegames.core.records.file_limits import SETTINGS, read_limited
from tilegames.core.text.i18n import LANGUAGES, _
from tilegames.core.text.inputs import is_text, shown
from tilegames.core.places import settings_path, settings_to_read

MAX_KEYMAP = 500  # entries; more than every binding tilegames has
MAX_TEXT = 100  # characters of a theme name, a binding id or a key string


def _read() -> tuple[dict[str, Any], str | None]:
    """What the settings file holds, and why it was ignored when it was (None: it was not, or
    there is no file). Nothing here raises: a file is data from outside."""
    path = settings_to_read()
    if not os.path.lexists(path):
        return {}, None
    try:
        raw = read_limited(path, shown(path, 200), SETTINGS)
    except BadRecord as exc:
        return {}, _("{why} The settings file was ignored; tilegames starts with its defaults.").format(why=exc)
    why = None
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            why = _("it is not a JSON object")
    except UnicodeDecodeError:
        why = _("it is not UTF-8 text")
    except RecursionError:
        why = _("it is nested too deeply")
    except ValueError:  # json.JSONDecodeError, and numbers past Python's digit limit
        why = _("it is not valid JSON")
    if why is not None:
        return {}, _("{path} is damaged ({why}), so it was ignored; tilegames starts with its defaults. "
                     "Fix it or remove it.").format(path=shown(path, 200), why=why)
    return data, None


def _write(name: str, value: Any) -> None:
    """Set one setting, keeping the others; OSError when the folder cannot be written."""
    data, _problem = _read()
    if value is None:
        data.pop(name, None)
    else:
        data[name] = value
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def _short_text(value: Any) -> bool:
    """A string of 1 to MAX_TEXT characters that is Unicode text (JSON's `\\ud800` is not)."""
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT and is_text(value)


@dataclass(frozen=True)
class Saved:
    """Everything the settings file holds that tilegames can use, read at once."""

    language: str | None  # a language tilegames still has
    theme: str | None  # by name (whether the app still has it is the app's to check)
    keymap: dict[str, Any]  # binding id -> what the file holds for it (ui/keymap.py checks it)
    problem: str | None = None  # why the file was ignored, when it was (one sentence)


def saved() -> Saved:
    data, problem = _read()
    language, theme, keymap = data.get("language"), data.get("theme"), data.get("keymap")
    return Saved(language if isinstance(language, str) and language in LANGUAGES else None,
                 theme if _short_text(theme) else None,
                 _text_entries(keymap) if isinstance(keymap, dict) else {}, problem)


def _text_entries(keymap: dict[str, Any]) -> dict[str, Any]:
    """The keymap's first MAX_KEYMAP entries whose id (and key string) is Unicode text: JSON
    can hold `\\ud800`, which crashed the key check; ui/keymap.py judges the rest."""
    return {k: v for k, v in list(keymap.items())[:MAX_KEYMAP] if is_text(k) and (not isinstance(v, str) or is_text(v))}


def saved_language() -> str | None:
    """The language chosen in the app, if one was and tilegames still has it."""
    return saved().language


def save_language(language: str) -> None:
    """Remember `language` for the next start; OSError when the folder cannot be written."""
    if language not in LANGUAGES:
        raise ValueError(f"tilegames has no '{language[:20]}' language.")
    _write("language", language)


def save_theme(theme: str) -> None:
    if not _short_text(theme):
        raise ValueError("A theme is named by 1 to 100 characters.")
    _write("theme", theme)


def save_keymap(keymap: dict[str, str]) -> None:
    """Replace the keymap (an empty one removes it); ValueError for an entry that is not a
    short id and a short key string."""
    if len(keymap) > MAX_KEYMAP or not all(_short_text(k) and _short_text(v) for k, v in keymap.items()):
        raise ValueError("A keymap maps binding ids to key strings of 1 to 100 characters.")
    _write("keymap", dict(keymap) or None)
