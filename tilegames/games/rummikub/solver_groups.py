"""The groups of one number, as both solver programmes make them (solver.py, tile_search.py).

A number's tiles set aside for groups are dealt colour by colour round the groups, so each
group gets different colours and the groups' sizes differ by one at most; jokers then go first
to the groups short of 3. So whether the tiles make groups depends only on how many there are
(`real`), the most of one colour (`most`: at least that many groups) and the jokers.
"""

from __future__ import annotations

from functools import lru_cache

from tilegames.games.rummikub.notation import COLOURS, HIGHEST, JOKER, Face

FACES = {(c, n): Face(COLOURS[c], n) for c in range(4) for n in range(1, HIGHEST + 1)}
"""Every numbered face by (colour index, number), as both programmes count tiles."""


def jokers_needed(groups: int, real: int) -> int:
    """Jokers needed to bring `groups` groups holding `real` real tiles, dealt as above, to 3
    tiles each."""
    if real == 0:
        return 0
    each, more = divmod(real, groups)
    return more * max(0, 3 - (each + 1)) + (groups - more) * max(0, 3 - each)


@lru_cache(maxsize=None)
def group_count(most: int, real: int, jokers: int) -> int | None:
    """How many groups hold `real` real tiles (no colour more than `most` times) and `jokers`
    jokers, each group 3 or 4 tiles of different colours with a numbered tile: the fewest that
    work, 0 for none, None when they cannot."""
    if real == 0:
        return 0 if jokers == 0 else None
    for groups in range(max(most, 1), real + 1):
        if jokers_needed(groups, real) <= jokers <= 4 * groups - real:
            return groups
    return None


def deal_groups(by_colour: list[list[Face]], jokers: int) -> list[tuple[Face, ...]]:
    """The groups of one number: its real tiles (a list per colour) dealt round the fewest
    groups that work, then the jokers."""
    real = sum(len(tiles) for tiles in by_colour)
    most = max((len(tiles) for tiles in by_colour), default=0)
    count = group_count(most, real, jokers)
    if not count:
        return []
    groups: list[list[Face]] = [[] for _ in range(count)]
    i = 0
    for tiles in sorted(by_colour, key=len, reverse=True):
        for face in tiles:
            groups[i % count].append(face)
            i += 1
    for _ in range(jokers):
        min(groups, key=len).append(JOKER)
    return [tuple(group) for group in groups]
