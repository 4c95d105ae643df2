"""The initial meld a player proposes, judged (RULES.md §1.4.1).

`check_initial_meld` judges sets a player proposes as their first play: every set valid and
worth 30 or more in total, jokers counting as the tile they stand for. The report says why,
set by set (`tilegames rummikub meld-check` prints it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from tilegames.core.text.i18n import _, ngettext
from tilegames.games.rummikub.config import INITIAL_MELD_POINTS
from tilegames.games.rummikub.notation import JOKER, Edition, Face, edition_spec
from tilegames.games.rummikub.sets import SetCheck, SetKind, best_reading, classify


@dataclass(frozen=True)
class SetReport:
    """One proposed set as the player laid it out, and the verdict on it."""

    tiles: tuple[str, ...]
    kind: str
    value: int
    reason: str | None
    jokers: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "tiles": list(self.tiles),
            "kind": self.kind,
            "value": self.value,
            "reason": self.reason,
            "jokers": list(self.jokers),
        }


@dataclass(frozen=True)
class MeldReport:
    """The verdict on a proposed initial meld. `total` counts only the valid sets."""

    sets: tuple[SetReport, ...]
    total: int
    valid: bool
    verdict: str

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (for `json.dumps`): sets, total, valid, verdict."""
        return {
            "sets": [s.to_json() for s in self.sets],
            "total": self.total,
            "valid": self.valid,
            "verdict": self.verdict,
        }


def _copy_problems(sets: Sequence[Sequence[Face]], edition: Edition) -> list[str]:
    """Sentences for faces used more often than the edition has copies of them."""
    spec = edition_spec(edition)
    counts = Counter(face for faces in sets for face in faces)
    problems: list[str] = []
    too_many = sorted(f for f, k in counts.items() if not f.is_joker and k > spec.copies)
    if len(too_many) == 1:
        face = too_many[0]
        problems.append(_("{tile} appears {count} times, but the {edition} set has only {copies} of each tile.").format(
            tile=face, count=counts[face], edition=edition, copies=spec.copies))
    elif too_many:
        names = ", ".join(str(f) for f in too_many[:-1]) + _(" and ") + str(too_many[-1])
        problems.append(_("{tiles} appear more often than the {edition} set has them ({copies} of each tile).").format(
            tiles=names, edition=edition, copies=spec.copies))
    if counts[JOKER] > spec.jokers:
        problems.append(_("The meld uses {count} jokers, but the {edition} set has only {jokers}.").format(
            count=counts[JOKER], edition=edition, jokers=spec.jokers))
    return problems


def _report(faces: Sequence[Face], check: SetCheck) -> SetReport:
    return SetReport(
        tuple(str(f) for f in faces), check.kind, check.value, check.reason, check.jokers
    )


def check_initial_meld(
    sets: Sequence[Sequence[Face]],
    edition: Edition = "standard",
    threshold: int = INITIAL_MELD_POINTS,
    kinds: Sequence[SetKind | None] | None = None,
) -> MeldReport:
    """Judge a proposed initial meld (RULES.md §1.4.1).

    Valid when every set is valid, no face appears more often than the edition has copies,
    and the valid sets add up to at least `threshold`. `kinds` optionally declares each set's
    kind; an undeclared set gets its most valuable reading (`best_reading`), since the player
    may declare a row like `J J R10` either way and would declare the one that counts more.
    """
    if kinds is not None and len(kinds) != len(sets):
        raise ValueError("kinds must give one entry (or None) per set.")
    reports: list[SetReport] = []
    for i, faces in enumerate(sets):
        kind = None if kinds is None else kinds[i]
        check = best_reading(faces) if kind is None else classify(faces, kind)
        reports.append(_report(faces, check))
    total = sum(r.value for r in reports)
    problems = _copy_problems(sets, edition)
    invalid = sum(1 for r in reports if r.kind == "invalid")
    if invalid:
        problems.append(ngettext("Not a valid meld: {count} set is invalid.", "Not a valid meld: {count} sets are invalid.",
                                 invalid).format(count=invalid))
    if not problems and not reports:
        problems.append(_("An initial meld needs at least one set."))
    if problems:
        return MeldReport(tuple(reports), total, False, " ".join(problems))
    if total < threshold:
        verdict = _("Not enough: {points} points; an initial meld needs at least {needed}.").format(
            points=total, needed=threshold)
        return MeldReport(tuple(reports), total, False, verdict)
    return MeldReport(tuple(reports), total, True, _("Valid initial meld: {points} points.").format(points=total))
