"""Control, nabbing and the bank (RULES.md §4.5).

A **word** is every maximal line of 2+ occupied cells, identified by its cells (not its
spelling: SUN stacked into FUN is the same word). After each build, every word through a cell
the build touched gets its controller anew:

* a word holding one or more **capped** stacks belongs to whoever capped the most recently
  capped of them, also when it is extended or built later through a capped cell: it changes
  hands only when another of its stacks is capped. Capping (placing a stack's 5th tile) is
  **nabbing**: capping where two words cross nabs both;
* any other touched word goes to the player who just moved: building or changing a word takes
  control of it.

Words the build did not touch keep their controller; a word that no longer exists (it grew into
a longer one) has none.

**The bank**: a turn earns at most one bank tile, however many words it nabbed. Under
`bank_trigger = "cap"` a turn that caps a stack earns it; under `"any_steal"` a turn after which
the mover controls a word (the same cells) that another player controlled before it.
"""

from __future__ import annotations

from typing import Collection, Mapping

from tilegames.core.parts.grid import Pos
from tilegames.games.nabit.board import Cells, Surface, words_on
from tilegames.games.nabit.config import BankTrigger

Controllers = Mapping[Cells, int]


def update_control(before: Controllers, after: Surface, touched: Collection[Pos], mover: int) -> dict[Cells, int]:
    """Every word on the grid `after` a build by `mover`, with its controller."""
    touched = set(touched)
    control: dict[Cells, int] = {}
    for word in words_on(after):
        if touched.isdisjoint(word):
            control[word] = before.get(word, mover)  # untouched, so it was there before
            continue
        capped = [after[pos] for pos in word if after[pos].capped]
        latest = max(capped, key=lambda top: top.capped_turn or 0, default=None)
        control[word] = latest.owner if latest is not None else mover
    return control


def stolen(before: Controllers, after: Controllers, mover: int) -> tuple[Cells, ...]:
    """The words `mover` took from other players: the same cells, controlled by another before."""
    return tuple(word for word, seat in after.items()
                 if seat == mover and word in before and before[word] != mover)


def changed_hands(before: Controllers, after: Controllers) -> tuple[Cells, ...]:
    """Words whose controller the build changes, new words included."""
    return tuple(word for word, seat in after.items() if before.get(word) != seat)


def earns_bank(trigger: BankTrigger, caps: Collection[Pos], steals: Collection[Cells]) -> bool:
    """Whether the turn earns its one bank tile."""
    return bool(caps) if trigger == "cap" else bool(steals)
