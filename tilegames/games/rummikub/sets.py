"""Is this row of tiles a valid Rummikub set? (RULES.md §1.3)

A *group* is 3 or 4 tiles of one number in different colours; a *run* is 3 or more tiles of one
colour with consecutive numbers, 1 always low and never wrapping. Jokers stand for the tile
their set needs: in a run the tile of their position (runs are ordered sequences, so `J R5 R6`
has the joker as R4 and `R5 R6 J` as R7), in a group the group's number in a missing colour.

Everything here is a pure function of the faces, so the table, the initial-meld check, the
solver and the bot all share one definition of a set. Rejections are sentences a player reads
("Group 8-8-8 repeats red.").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Sequence

from tilegames.core.text.i18n import N_, _, language, ngettext
from tilegames.games.rummikub.notation import COLOUR_NAMES, COLOURS, HIGHEST, LOWEST, Face

SetKind = Literal["group", "run"]

MIN_SET = 3
MAX_GROUP = len(COLOURS)
MAX_RUN = HIGHEST - LOWEST + 1

# Reasons marked with N_, translated when given (the language is chosen after import).
TOO_FEW = N_("A set needs at least 3 tiles.")
NO_NUMBER = N_("A set needs at least one numbered tile.")
GROUP_TOO_BIG = N_("A group has at most 4 tiles, one of each colour.")
RUN_TOO_LONG = N_("A run has at most 13 tiles, from 1 to 13.")


@dataclass(frozen=True)
class SetCheck:
    """The verdict on one set.

    `value` is the sum of the numbers with every joker at the number it stands for (what counts
    toward the initial meld); 0 when invalid. `jokers` says, in order, what each joker stands
    for: "R11" in a run, "7 in black or orange" in a group.
    """

    kind: Literal["group", "run", "invalid"]
    value: int
    reason: str | None
    jokers: tuple[str, ...]

    @property
    def valid(self) -> bool:
        return self.kind != "invalid"


def format_set(faces: Sequence[Face]) -> str:
    """Faces in canonical notation, space-separated ("K9 K10 J")."""
    return " ".join(str(face) for face in faces)


def _invalid(reason: str) -> SetCheck:
    return SetCheck("invalid", 0, reason, ())


def _colour_list(colours: Sequence[str]) -> str:
    """"red", "black or orange", "black, blue or orange" (in K, R, B, O order)."""
    names = [_colour_name(c) for c in COLOURS if c in colours]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + _(" or ") + names[-1]


def _colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour])  # i18n: marked


def and_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + _(" and ") + items[-1]


# --- groups -------------------------------------------------------------------------------


def _group_problem(faces: Sequence[Face]) -> str | None:
    """Why `faces` (3+ tiles, at least one numbered) is not a group, or None if it is one."""
    if len(faces) > MAX_GROUP:
        return _(GROUP_TOO_BIG)  # i18n: marked
    numbers = sorted({f.number for f in faces if f.number is not None})
    if len(numbers) > 1:
        shown = and_list([str(n) for n in numbers])
        return _("{set} is not a group: a group's tiles all show the same number, but these show {numbers}.").format(
            set=format_set(faces), numbers=shown)
    counts = Counter(f.colour for f in faces if f.colour is not None)
    repeated = [c for c, k in counts.items() if k > 1]
    if repeated:
        label = "-".join([str(numbers[0])] * len(faces))
        names = and_list([_colour_name(c) for c in COLOURS if c in repeated])
        return _("Group {numbers} repeats {colours}.").format(numbers=label, colours=names)
    return None


def _missing_colours(faces: Sequence[Face]) -> tuple[str, ...]:
    present = {f.colour for f in faces}
    return tuple(c for c in COLOURS if c not in present)


def _group_check(faces: Sequence[Face]) -> SetCheck:
    problem = _group_problem(faces)
    if problem is not None:
        return _invalid(problem)
    number = next(f.number for f in faces if f.number is not None)
    jokers: tuple[str, ...] = ()
    if any(f.is_joker for f in faces):
        joker_text = _("{number} in {colours}").format(number=number, colours=_colour_list(_missing_colours(faces)))
        jokers = tuple(joker_text for f in faces if f.is_joker)
    return SetCheck("group", number * len(faces), None, jokers)


# --- runs ---------------------------------------------------------------------------------


def _numbers_label(faces: Sequence[Face]) -> str:
    """"12-13-1": a row's numbers as a player says them, J for a joker."""
    return "-".join("J" if f.number is None else str(f.number) for f in faces)


def _run_start(faces: Sequence[Face]) -> int | None:
    """The number the first position stands for, if every numbered tile agrees on it."""
    starts = {f.number - i for i, f in enumerate(faces) if f.number is not None}
    return starts.pop() if len(starts) == 1 else None


def _out_of_range(faces: Sequence[Face], start: int) -> str | None:
    """Why a consistent run would need a joker outside 1-13, or None."""
    end = start + len(faces) - 1
    single = sum(1 for f in faces if f.is_joker) == 1
    if start < LOWEST:
        low = [start + i for i, f in enumerate(faces) if f.is_joker and start + i < LOWEST]
        need = _joker_to_be(single, low[0]) if len(low) == 1 else _("{count} jokers below 1").format(count=len(low))
        return _("Run {set} would need {need}; runs start at 1.").format(set=format_set(faces), need=need)
    if end > HIGHEST:
        high = [start + i for i, f in enumerate(faces) if f.is_joker and start + i > HIGHEST]
        need = _joker_to_be(single, high[0]) if len(high) == 1 else _("{count} jokers above 13").format(count=len(high))
        return _("Run {set} would need {need}; runs end at 13.").format(set=format_set(faces), need=need)
    return None


def _joker_to_be(single: bool, number: int) -> str:
    if single:
        return _("the joker to be {number}").format(number=number)
    return _("a joker to be {number}").format(number=number)


def _run_order_problem(faces: Sequence[Face]) -> str:
    """Why one-colour tiles whose numbers disagree about their positions are not a run."""
    shown = format_set(faces)
    numbered = [(i, f.number) for i, f in enumerate(faces) if f.number is not None]
    if len({(n - i) % MAX_RUN for i, n in numbered}) == 1:
        return _("{numbers} is not a run: 1 is always low and runs never wrap.").format(numbers=_numbers_label(faces))
    numbers = sorted(n for _, n in numbered)
    distinct = len(set(numbers)) == len(numbers)
    if distinct and numbers[-1] - numbers[0] < len(faces):
        # The same tiles in rising order (jokers filling gaps or ends) would be a run.
        if len(numbered) == len(faces):
            fixed = " ".join(f"{faces[0].colour}{n}" for n in numbers)
            return _("Run {set} is out of order: lay it out as {fixed}.").format(set=shown, fixed=fixed)
        return _("Run {set} is out of order: a run's numbers rise by 1 from left to right.").format(set=shown)
    for (i, a), (j, b) in zip(numbered, numbered[1:]):
        between = j - i - 1
        if b == a:
            return _("Run {set} repeats {number}.").format(set=shown, number=a)
        if b < a:
            return _("Run {set} is out of order: {first} comes before {second}.").format(set=shown, first=a, second=b)
        if b - a - 1 > between:
            if between == 0:
                if b - a == 2:
                    return _("Run {set} has a gap: {number} is missing.").format(set=shown, number=a + 1)
                return _("Run {set} has a gap: {first} to {last} are missing.").format(set=shown, first=a + 1,
                                                                                       last=b - 1)
            return ngettext("Run {set} has a gap: {first} and {second} need {needed} tiles between them, "
                            "but there is {count} tile.",
                            "Run {set} has a gap: {first} and {second} need {needed} tiles between them, "
                            "but there are {count} tiles.", between).format(set=shown, first=a, second=b,
                                                                            needed=b - a - 1, count=between)
        if b - a - 1 < between:
            return _("Run {set} has too many tiles between {first} and {second}.").format(set=shown, first=a, second=b)
    raise AssertionError("a run with consistent positions has no order problem")


def _run_problem(faces: Sequence[Face]) -> str | None:
    """Why `faces` (3+ tiles, at least one numbered) is not a run, or None if it is one."""
    if len({f.colour for f in faces if f.colour is not None}) > 1:
        return _("Run {set} mixes colours.").format(set=format_set(faces))
    if len(faces) > MAX_RUN:
        return _(RUN_TOO_LONG)  # i18n: marked
    start = _run_start(faces)
    if start is None:
        return _run_order_problem(faces)
    return _out_of_range(faces, start)


def _run_check(faces: Sequence[Face]) -> SetCheck:
    problem = _run_problem(faces)
    if problem is not None:
        return _invalid(problem)
    start = _run_start(faces)
    assert start is not None
    colour = next(f.colour for f in faces if f.colour is not None)
    jokers = tuple(f"{colour}{start + i}" for i, f in enumerate(faces) if f.is_joker)
    n = len(faces)
    return SetCheck("run", n * start + n * (n - 1) // 2, None, jokers)


# --- public -------------------------------------------------------------------------------


def _common_problem(faces: Sequence[Face]) -> str | None:
    if len(faces) < MIN_SET:
        return _(TOO_FEW)  # i18n: marked
    if all(f.is_joker for f in faces):
        return _(NO_NUMBER)  # i18n: marked
    return None


def _neither(faces: Sequence[Face]) -> str:
    """The most useful sentence when a row is neither a group nor a run: the problem with
    the kind of set the player was most likely making."""
    numbers = [f.number for f in faces if f.number is not None]
    colours = {f.colour for f in faces if f.colour is not None}
    unrelated = _("{set} is neither a group nor a run: a group is one number in different colours, a run is "
                  "consecutive numbers in one colour.").format(set=format_set(faces))
    if len(numbers) == 1:
        # One numbered tile reads as a group unless it is too long, so the run is what failed.
        return _run_problem(faces) or unrelated
    if len(set(numbers)) == 1:
        return _group_problem(faces) or unrelated
    if len(colours) == 1:
        return _run_problem(faces) or unrelated
    # Mixed numbers and mixed colours: more tiles sharing a colour than sharing a number
    # looks like a run with strays, the other way round like a group with strays.
    same_colour = max(Counter(f.colour for f in faces if f.colour is not None).values())
    same_number = max(Counter(numbers).values())
    if same_colour > same_number:
        return _("Run {set} mixes colours.").format(set=format_set(faces))
    if same_number > same_colour:
        return _group_problem(faces) or unrelated
    if len(set(numbers)) == len(numbers) and max(numbers) - min(numbers) < len(faces):
        # Distinct numbers that would fit in one row: a run laid in several colours.
        return _("Run {set} mixes colours.").format(set=format_set(faces))
    return unrelated


def classify(faces: Sequence[Face], kind: SetKind | None = None) -> SetCheck:
    """Check `faces`, in the order given, as a set (RULES.md §1.3).

    With `kind` given (table sets declare their kind), only that kind is checked. With `kind`
    None the tiles decide. A row that is valid both ways (one numbered tile and jokers,
    `R7 J J`) is reported as the run, because a run fixes every joker to one exact tile while
    a group leaves its jokers' colours open; use `best_reading` when the more valuable
    reading should win instead.
    """
    problem = _common_problem(faces)
    if problem is not None:
        return _invalid(problem)
    if kind == "group":
        return _group_check(faces)
    if kind == "run":
        return _run_check(faces)
    if kind is not None:
        raise ValueError(f'"{kind}" is not a kind of set: use "group" or "run".')
    run = _run_check(faces)
    if run.valid:
        return run
    group = _group_check(faces)
    if group.valid:
        return group
    return _invalid(_neither(faces))


def best_reading(faces: Sequence[Face]) -> SetCheck:
    """The valid reading of an undeclared row worth the most points; the run on a tie.

    Only a row with a single numbered tile reads both ways, and then the readings can differ
    in value: `J J R10` is 27 as the run R8-R9-R10 but 30 as the group 10-10-10. A player who
    lays it down may declare either, so an initial-meld check gives them the better one.

    Remembered per language: a computer player asks about the same rows again and again (in
    seeded 4-player games, 6,698 different rows in 37,710 questions), and phrasing why a row is
    not a set costs most of an answer.
    """
    return _best_reading(language(), tuple(faces))


@lru_cache(maxsize=8192)
def _best_reading(_language: str, faces: tuple[Face, ...]) -> SetCheck:
    run = classify(faces, "run")
    group = classify(faces, "group")
    if run.valid and group.valid:
        return group if group.value > run.value else run
    if run.valid or group.valid:
        return run if run.valid else group
    return classify(faces)


def joker_substitutes(
    faces: Sequence[Face], kind: SetKind | None = None
) -> tuple[frozenset[Face], ...]:
    """For each joker in a valid set, in order, the faces that may take its place.

    In a run that is exactly the tile of its position. In a group it is the group's number in
    any colour the group lacks: either of the two missing colours in a 3-tile group, the one
    missing colour in a 4-tile group (RULES.md §1.5). Raises ValueError for an invalid set.
    """
    check = classify(faces, kind)
    if not check.valid:
        raise ValueError(check.reason)
    if check.kind == "run":
        start = _run_start(faces)
        assert start is not None
        colour = next(f.colour for f in faces if f.colour is not None)
        return tuple(
            frozenset({Face(colour, start + i)}) for i, f in enumerate(faces) if f.is_joker
        )
    number = next(f.number for f in faces if f.number is not None)
    options = frozenset(Face(c, number) for c in _missing_colours(faces))
    return tuple(options for f in faces if f.is_joker)
