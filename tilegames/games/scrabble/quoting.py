"""Small text helpers for messages about what a player or a file wrote.

GCG files and file names come from anywhere, so a message that echoes them goes through
`shown` (tilegames.core.text.inputs, shared by every command): shortened, and with control
characters escaped, so an escape sequence in a file cannot repaint the terminal and a byte that
was not UTF-8 cannot make `print` fail.
"""

from __future__ import annotations

from tilegames.core.text.inputs import shown

__all__ = ["lower_first", "shown"]


def lower_first(text: str) -> str:
    """A sentence made to continue a message (`line 3: "8P" is not a square…`)."""
    return text[:1].lower() + text[1:]
