"""How Rummikub looks: each colour its own style (the face's letter says it without colour),
and each set's row with what it is and is worth, or why it is no set."""

from __future__ import annotations

from typing import Any

from rich.style import Style

from tilegames.core.text.i18n import _
from tilegames.games.rummikub.view_types import RummikubSet

_STYLES = {
    "K": Style(color="bright_white", bgcolor="grey23", bold=True),
    "R": Style(color="bright_white", bgcolor="red3", bold=True),
    "B": Style(color="bright_white", bgcolor="blue3", bold=True),
    "O": Style(color="black", bgcolor="dark_orange", bold=True),
    "J": Style(color="black", bgcolor="gold1", bold=True),
}


def tile_style(face: str) -> Style:
    """K, R, B, O: the four colours; anything else is a joker."""
    return _STYLES.get(face[:1], _STYLES["J"])


def kind_name(kind: str) -> str:
    """What a set is ("run", "group", "invalid") in the player's language."""
    names = {"run": _("run"), "group": _("group"), "invalid": _("invalid")}
    return names.get(kind, kind)


def display_rows(table: list[RummikubSet]) -> list[dict[str, Any]]:
    """A view's table as the Table widget shows it: "run 9 J=K11" after a set, or its problem."""
    rows = []
    for row in table:
        jokers = f" J={'/'.join(row['jokers'])}" if row["jokers"] else ""
        problem = row["reason"] if row["kind"] == "invalid" else ""
        rows.append({"tiles": row["tiles"], "note": f"{kind_name(row['kind'])} {row['value']}{jokers}", "problem": problem})
    return rows
