"""The side of the Nab-It! screen, as text from a view: the players (colour and mark, the
board's legend; words held, bank, tiles left, score) and, while a build is in progress, what
committing it would do."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from tilegames.core.text.i18n import _, ngettext
from tilegames.games.nabit.view_types import NabItView

from tilegames.ui.games.nabit.tiles import player_tag
from tilegames.ui.widgets.scores import name_cell


def players_text(view: NabItView, width: int) -> Text:
    """One line a player: turn mark, colour with the player's mark (` +`, as their tiles show it
    on the board and in the hand), name, words held, bank tiles, tiles left (hand and bag),
    score; names are cut to the room left."""
    seats, colours = view["seats"], view["colours"]
    numbers = 17  # "  wd  bk left pts"
    name_cells = max(3, width - 4 - numbers)
    text = Text(" " * (name_cells + 4))
    # Column heads, right-aligned by cells: short words in any language (the widths are fixed).
    heads = ((_("wd"), 4), (_("bk"), 4), (_("left"), 5), (_("pts"), 4))
    text.append("".join(" " * max(0, cells - cell_len(head)) + head for head, cells in heads) + "\n", style="dim")
    for seat, name in enumerate(seats):
        turn = seat == view["current"]
        text.append(">" if turn else " ", style="bold")
        text.append_text(player_tag(colours, seat))
        text.append(" ")
        text.append_text(name_cell(name, name_cells, "bold" if turn else ""))
        left = view["bags"][seat] + view["hand_sizes"][seat]
        text.append(f"{view['words_held'][seat]:>4}{view['banks'][seat]:>4}{left:>5}{view['scores'][seat]:>4}")
        if seat < len(seats) - 1:
            text.append("\n")
    return text


def preview_text(view: NabItView) -> Text:
    """What committing the build now would do: the words it forms or changes, who would take
    which word, the caps and the bank tile; or why it would be refused."""
    preview = view["preview"]
    if not preview:
        return Text(_("Type letters on the board to build."), style="dim")
    seats = view["seats"]
    text = Text()
    if not preview["valid"]:
        for problem in preview["problems"][:3]:
            text.append(f"! {problem}\n", style="bold red")
        return text
    capped = {tuple(cell) for cell in preview["caps"]}
    for word in preview["words"]:
        text.append(f"{word['word']}", style="bold")
        change = next((c for c in preview["changes"] if c["cells"] == word["cells"]), None)
        taken_from = change["from"] if change is not None else None
        if change is not None and taken_from is not None and taken_from != change["to"]:
            # Nabbing is capping a stack (RULES.md §4.5); changing a word only takes control of it.
            if any(tuple(cell) in capped for cell in word["cells"]):
                text.append(": " + _("nabbed from {name}").format(name=seats[taken_from]))
            else:
                text.append(": " + _("takes control from {name}").format(name=seats[taken_from]))
        elif change is not None:
            text.append(": " + _("yours"))
        text.append("\n")
    if preview["caps"]:
        caps = len(preview["caps"])
        text.append(ngettext("caps {count} stack", "caps {count} stacks", caps).format(count=caps), style="bold green")
        text.append("; " + _("bank +1") + "\n" if preview["bank"] else "\n")
    elif preview["bank"]:
        text.append(_("bank +1") + "\n", style="bold green")
    if view["announce"]:
        text.append(_("Last tile! said with this build.") + "\n", style="bold")
    scores, you = preview["scores"], view["you"]
    if scores is not None and you is not None:
        text.append(_("Enter: your score becomes {score}.").format(score=scores[you]), style="green")
    return text
