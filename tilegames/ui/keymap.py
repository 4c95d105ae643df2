"""Keys a player can change: every binding of the app has an id, and the keymap in the
settings file (core/settings.py) gives any of them other keys, as Posting's does:

    "keymap": {"rows.draw": "x", "game.help": "f1,h"}

Textual applies the keymap (`App.set_keymap`); this module knows which ids exist (every
`Binding` of every screen and widget under `tilegames.ui`), checks a keymap before it is used
(an unknown id or a key Textual cannot name is left out, with a sentence, and the rest still
apply), and says which keys are in force for the help screen and the palette. `docs/keys.md`
lists the ids.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any, Iterable, Mapping

from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import Keys, _character_to_key, format_key, key_to_character

from tilegames.core.text.i18n import _

MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
_NAMED_KEYS = {key.value for key in Keys}

KEY_NAMES = {"question_mark": "?", "space": "Space", "enter": "Enter", "escape": "Esc", "tab": "Tab",
             "left": "Left", "right": "Right", "up": "Up", "down": "Down", "f1": "F1", "f2": "F2",
             "backspace": "Backspace", "f10": "F10", "home": "Home", "end": "End", "equals_sign": "=",
             "pageup": "PgUp", "pagedown": "PgDn", "delete": "Del"}


def normal_key(key: str) -> str:
    """A key as Textual names it: `?` is `question_mark`, `Ctrl+X` is `ctrl+x`."""
    key = key.strip()
    return _character_to_key(key) if len(key) == 1 else key.lower()


def valid_key(key: str) -> bool:
    """Whether Textual can bind `key` (already normal): a key, after any modifiers."""
    *modifiers, base = key.split("+") if "+" in key.strip("+") else [key]
    if any(m not in MODIFIERS for m in modifiers) or len(set(modifiers)) < len(modifiers):
        return False
    return base in _NAMED_KEYS or (len(base) == 1 and base.isprintable()) or key_to_character(base) is not None


def key_label(keys: str) -> str:
    """`escape,q,question_mark` as a player reads it: `Esc / q / ?`."""
    return " / ".join(KEY_NAMES.get(k, k if "+" in k else format_key(k)) for k in keys.split(",") if k)


def _ui_modules() -> Iterable[Any]:
    package = importlib.import_module("tilegames.ui")
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        yield importlib.import_module(info.name)


def _classes_with_bindings() -> Iterable[type[DOMNode]]:
    seen: set[type] = set()
    for module in _ui_modules():
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, DOMNode) and value.__module__.startswith("tilegames.ui"):
                if value not in seen and "BINDINGS" in vars(value):
                    seen.add(value)
                    yield value


@cache
def own_bindings() -> tuple[tuple[type[DOMNode], Binding], ...]:
    """Every binding tilegames declares, with the class declaring it (tuples count too:
    they are bindings without an id, which `tests/ui/test_keymap.py` forbids)."""
    found: list[tuple[type[DOMNode], Binding]] = []
    for cls in _classes_with_bindings():
        for binding in vars(cls)["BINDINGS"]:
            found.append((cls, binding if isinstance(binding, Binding) else Binding(*binding)))
    return tuple(found)


@cache
def binding_ids() -> dict[str, Binding]:
    """Binding id -> the binding (the first declared, when screens share one)."""
    known: dict[str, Binding] = {}
    for _cls, binding in own_bindings():
        if binding.id:
            known.setdefault(binding.id, binding)
    return known


def check_keymap(raw: Mapping[str, Any], known: Mapping[str, Binding] | None = None) -> tuple[dict[str, str], list[str]]:
    """The keymap to apply, from what the settings file holds, and a sentence for each entry
    left out. Keys are normalised (`?` -> `question_mark`), so the help shows them as Textual
    matches them."""
    if not raw:
        return {}, []  # no need to import every screen to learn their ids
    known = binding_ids() if known is None else known
    keymap: dict[str, str] = {}
    problems: list[str] = []
    for binding_id, keys in raw.items():
        if binding_id not in known:
            problems.append(_("There is no key {id} (docs/keys.md lists them).").format(id=repr(str(binding_id)[:40])))
            continue
        wanted = [normal_key(k) for k in keys.split(",")] if isinstance(keys, str) else []
        bad = [k for k in wanted if not valid_key(k)]
        if not wanted or bad or "" in wanted:
            problems.append(_("{id}: {keys} is not a key tilegames can bind; it keeps {default}.").format(
                id=binding_id, keys=repr(str(keys)[:40]), default=key_label(known[binding_id].key)))
            continue
        keymap[binding_id] = ",".join(dict.fromkeys(wanted))
    return keymap, problems


def clashes(keymap: Mapping[str, str]) -> list[tuple[str, Binding, Binding]]:
    """(key, the binding the keymap gave it to, the binding that lost it) for every key the
    keymap takes from another binding of the same screen (with its base classes'), once each.
    Textual drops the default key so taken without a word when the loser has an id too."""
    if not keymap:
        return []
    declared: dict[type[DOMNode], list[Binding]] = {}
    for cls, binding in own_bindings():
        declared.setdefault(cls, []).append(binding)
    found: dict[tuple[str, str | None], tuple[str, Binding, Binding]] = {}
    for cls in declared:
        bindings = [b for base in cls.__mro__ for b in declared.get(base, [])]
        given = {key: b for b in bindings if b.id and b.id in keymap for key in keymap[b.id].split(",")}
        for loser in (b for b in bindings if b.id not in keymap):
            for key in (normal_key(k) for k in loser.key.split(",")):
                if key in given:
                    found.setdefault((key, loser.id), (key, given[key], loser))
    return list(found.values())


def keys_in_force(bindings: Iterable[Binding], keymap: Mapping[str, str]) -> list[tuple[Binding, str]]:
    """Each binding with the keys that press it now: the keymap's for an id it names, else its
    own less any the keymap gave to another of these bindings (Textual drops a default key
    taken that way). A binding left with no key is left out."""
    bindings = list(bindings)
    taken = {normal_key(k) for b in bindings if b.id and b.id in keymap for k in keymap[b.id].split(",")}
    shown: list[tuple[Binding, str]] = []
    for binding in bindings:
        if binding.id and binding.id in keymap:
            keys = keymap[binding.id]
        else:
            keys = ",".join(k for k in (normal_key(k) for k in binding.key.split(",")) if k not in taken)
        if keys:
            shown.append((binding, keys))
    return shown
