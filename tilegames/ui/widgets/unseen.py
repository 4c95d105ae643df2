"""The unseen tiles (the bag and the other racks, as one player may count them), grouped
into vowels, consonants and blanks with a count for each letter: `A4 E7 I2`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual.widget import Widget
from tilegames.core.text.i18n import _, ngettext

VOWELS = "AEIOU"
BLANK = "?"


def unseen_groups(letters: str) -> list[tuple[str, int, str]]:
    """`AAEBB?` -> [('vowels', 3, 'A2 E1'), ('consonants', 2, 'B2'), ('blanks', 1, '?1')]:
    each non-empty group's name, size and letter counts in alphabetical order."""
    counts = Counter(letters)
    groups = []
    for name, members in (("vowels", lambda f: f in VOWELS), ("consonants", lambda f: f not in VOWELS + BLANK),
                          ("blanks", lambda f: f == BLANK)):
        faces = sorted(f for f in counts if members(f))
        if faces:
            size = sum(counts[f] for f in faces)
            groups.append((name if size != 1 else name[:-1], size, " ".join(f"{f}{counts[f]}" for f in faces)))
    return groups


def group_label(name: str, size: int) -> str:
    """"3 vowels", "1 blank": a group of `unseen_groups` (its name singular or plural) with its
    size, in the player's language."""
    if name.startswith("vowel"):
        return ngettext("{count} vowel", "{count} vowels", size).format(count=size)
    if name.startswith("consonant"):
        return ngettext("{count} consonant", "{count} consonants", size).format(count=size)
    return ngettext("{count} blank", "{count} blanks", size).format(count=size)


class UnseenTiles(Widget):
    DEFAULT_CSS = """
    UnseenTiles {
        height: auto;
        border: round $primary-darken-2;
        padding: 0 1;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.letters: str | None = None
        self.border_title = _("Unseen tiles")

    def show(self, letters: str | None) -> None:
        """`letters`: the unseen tiles as one string (None: hidden between players)."""
        self.letters = letters
        self.border_subtitle = "" if letters is None else _("{count} tiles").format(count=len(letters))
        self.refresh(layout=True)

    def render(self) -> Text:
        if self.letters is None:
            return Text(_("(hidden)"), style="dim")
        groups = unseen_groups(self.letters)
        if not groups:
            return Text(_("none"))
        text = Text()
        for i, (name, size, counts) in enumerate(groups):
            if i:
                text.append("\n")
            text.append(f"{group_label(name, size)}: ", style="bold")
            text.append(counts)
        return text
