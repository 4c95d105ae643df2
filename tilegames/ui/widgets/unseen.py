"""The unseen tiles (the bag and the other racks, as one player may count them), grouped
into vowels, consonants and blanks with a count for each letter: `A4 E7 I2`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual.widget import Widget

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
        self.border_title = "Unseen tiles"

    def show(self, letters: str | None) -> None:
        """`letters`: the unseen tiles as one string (None: hidden between players)."""
        self.letters = letters
        self.border_subtitle = "" if letters is None else f"{len(letters)} tiles"
        self.refresh(layout=True)

    def render(self) -> Text:
        if self.letters is None:
            return Text("(hidden)", style="dim")
        groups = unseen_groups(self.letters)
        if not groups:
            return Text("none")
        text = Text()
        for i, (name, size, counts) in enumerate(groups):
            if i:
                text.append("\n")
            text.append(f"{size} {name}: ", style="bold")
            text.append(counts)
        return text
