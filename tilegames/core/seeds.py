"""How a game's seed becomes its deal: the one place that says so.

A game's state holds its seed, and `(config, seats, seed, actions)` replays the game exactly
(docs/architecture.md). Everything random in a deal, a bag's order and each reshuffle, a
Nab-It! player's own bag, the first player, each game of a series, comes from the seed through
this module, so what a seed reveals is decided here.

**Why the seed must be unguessable.** A seated player sees their own rack. Seeds used to be
drawn below 10**9: trying every one with the engine's own deal (some 30 core-hours) finds the
seed that deals that rack, and with it every rack and the bag's whole order. So a seed drawn
for a new game (`new_seed`) has 128 bits from `secrets`, and every part of its deal is dealt
from a keyed hash of it (`derive`: SHA-256 of the seed and a label), so that learning one
part's seed (the seed a series' game is journaled with, a Nab-It! player's bag's) says nothing
of the parent seed or of the other parts.

**Two regimes, split at `STRONG_FLOOR` (2**64).** A drawn seed is always at or above the floor.
A seed below it is either one of the seeds every save made before this change holds (all
below 10**9, or derived from one as `seed * 1000 + n`), or a short `--seed N` typed to play a
game again or to pin a test (every test position and SVG snapshot is dealt from one). Those
are dealt exactly as they always were (`random.Random(f"{seed}/{label}")`), so old saves replay
identically and `--seed 5` deals what it always dealt. That is safe: a seed someone typed is
known or guessable whatever the hashing, and a drawn one never falls in that regime.
"""

from __future__ import annotations

import hashlib
import random
import secrets

#: Seeds from here up are dealt through the keyed hash; every drawn and derived seed is one.
STRONG_FLOOR = 2**64
#: Entropy of a drawn seed, and the bits kept of each keyed hash.
SEED_BITS = 128


def new_seed() -> int:
    """A seed for a new game: 128 bits from the OS's secure source, above the floor (at most
    39 digits, which journals, the saves index and network messages take)."""
    return STRONG_FLOOR + secrets.randbits(SEED_BITS)


def is_strong(seed: int) -> bool:
    """Whether `seed` is dealt through the keyed hash (a drawn or derived seed)."""
    return seed >= STRONG_FLOOR


def derive(seed: int, label: str) -> int:
    """The seed of one part of what `seed` deals (`"game/2"` of a series, `"nabit/bag/1"`):
    SHA-256 keyed by the secret seed, so a derived seed reveals neither its parent nor its
    siblings. The decimal seed holds no `/`, so seed and label cannot run into each other."""
    digest = hashlib.sha256(f"tilegames/{seed}/{label}".encode("utf-8")).digest()
    return STRONG_FLOOR + int.from_bytes(digest[: SEED_BITS // 8], "big")


def rng(seed: int, label: str) -> random.Random:
    """The RNG of one shuffle or draw of `seed`'s deal, named by `label`: from the keyed hash
    for a strong seed, exactly as before 128-bit seeds for a small one (module docstring)."""
    if is_strong(seed):
        return random.Random(derive(seed, label))
    return random.Random(f"{seed}/{label}")


def part_seed(seed: int, label: str) -> int:
    """The seed of a part of the deal with a bag of its own (a Nab-It! player's): `derive` for
    a strong seed; for a small one the 48 bits drawn before (`_legacy_part_seed`)."""
    return derive(seed, label) if is_strong(seed) else _legacy_part_seed(seed, label)


def _legacy_part_seed(seed: int, label: str) -> int:
    """How a part's seed was drawn before 128-bit seeds, kept so small seeds deal as they did.
    Below the floor, so that part's bag is dealt in the old regime too."""
    return random.Random(f"{seed}/{label}").getrandbits(48)
