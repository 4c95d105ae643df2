"""The message line of a game screen: news, refusals and live feedback, one paragraph each.

It wraps instead of cutting: a paragraph too long for the width goes on over the next lines,
indented so that where each message starts stays clear. Widths are terminal cells, so wide
(Korean) characters wrap where they should.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.cells import cell_len, chop_cells
from rich.text import Text
from textual.widget import Widget

INDENT = 2


def hanging_wrap(paragraph: str, width: int, indent: int = INDENT) -> list[str]:
    """`paragraph` in lines of at most `width` cells, broken at spaces where it can be; lines
    after the first start with `indent` spaces."""
    width = max(indent + 2, width)
    lines: list[str] = []
    line = ""
    for word in paragraph.split():
        room = width - (indent if lines else 0)
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
            room = width - indent
        pieces = chop_cells(word, room) if cell_len(word) > room else [word]
        for piece in pieces[:-1]:
            lines.append(piece)
        line = pieces[-1]
    if line or not lines:
        lines.append(line)
    return [(" " * indent if i else "") + text for i, text in enumerate(lines)]


def wrap_cells(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` terminal cells, no indent. Text of one-cell characters
    wraps as `textwrap` does (also after hyphens, as it always has here); wider (Korean) text is
    measured cell by cell, so a line never runs past the width."""
    if all(cell_len(ch) == 1 for ch in text):
        return textwrap.wrap(text, width)
    return hanging_wrap(text, width, indent=0) if text.strip() else []


class MessageLine(Widget):
    """Shows `(text, look)` paragraphs; the look is `problem`, `good`, `news` or `` (plain)."""

    DEFAULT_CSS = """
    MessageLine {
        height: auto;
        padding: 0 1;
    }
    MessageLine > .message--problem { color: $warning; }
    MessageLine > .message--good { color: $success; text-style: bold; }
    MessageLine > .message--news { text-style: bold; }
    """
    COMPONENT_CLASSES = {"message--problem", "message--good", "message--news"}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.paragraphs: list[tuple[str, str]] = []

    def show(self, paragraphs: list[tuple[str, str]]) -> None:
        self.paragraphs = [(text, look) for text, look in paragraphs if text]
        self.refresh(layout=True)

    @property
    def plain(self) -> str:
        return "\n".join(text for text, _ in self.paragraphs)

    def _lines(self, width: int) -> list[tuple[str, str]]:
        return [(line, look) for text, look in self.paragraphs for line in hanging_wrap(text, width)]

    def render(self) -> Text:
        text = Text(no_wrap=True)
        for i, (line, look) in enumerate(self._lines(self.content_size.width)):
            if i:
                text.append("\n")
            style = self.get_component_rich_style(f"message--{look}") if look else ""
            text.append(line, style)
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(self._lines(width)))
