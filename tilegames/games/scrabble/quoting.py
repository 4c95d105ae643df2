"""Small text helpers for messages about what a player or a file wrote."""

from __future__ import annotations


def lower_first(text: str) -> str:
    """A sentence made to continue a message (`line 3: "8P" is not a square…`)."""
    return text[:1].lower() + text[1:]
