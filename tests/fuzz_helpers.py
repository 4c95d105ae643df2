"""A seeded mutator for the file-surface fuzz tests (issue 23): damaged copies of a good file.

Each mutant is a good file with a few edits of the kinds damage and mischief make: bytes
flipped, cut, repeated or inserted, a line dropped or doubled, a number made huge, nesting
made deep, a byte that is not UTF-8, a NUL. The same seed gives the same mutants, so a failing
example is named by its seed and number and can be made again (`mutant(good, seed, n)`).

The suite runs a few hundred per surface; `tests/fuzz_long.py` (not collected by pytest) runs
many more and counts.
"""

from __future__ import annotations

import random
from typing import Iterator

_SPICE = (b"\x00", b"\xff", b"\xc3", b"\xef\xbb\xbf", b"9" * 5000, b"[" * 3000, b"{" * 3000,
          b"\n", b"\r\n", b'"', b"\\", b"#", b"=", b"[[", b"-1", b"1e400", b"NaN", b"\\ud800",
          "가".encode(), b" " * 200, b"0" * 45)


def mutant(good: bytes, seed: int, n: int) -> bytes:
    """The `n`th damaged copy of `good` for `seed`."""
    rng = random.Random(f"{seed}:{n}")
    data = bytearray(good)
    for _ in range(rng.randint(1, 4)):
        _edit(rng, data)
    return bytes(data)


def mutants(good: bytes, seed: int, count: int) -> Iterator[tuple[int, bytes]]:
    """(n, mutant) for n in range(count)."""
    for n in range(count):
        yield n, mutant(good, seed, n)


def _edit(rng: random.Random, data: bytearray) -> None:
    at = rng.randint(0, len(data))
    kind = rng.randrange(9)
    if kind == 0 and data:  # flip a byte
        i = min(at, len(data) - 1)
        data[i] = rng.randrange(256)
    elif kind == 1:  # cut
        del data[at:at + rng.randint(1, 40)]
    elif kind == 2:  # insert spice
        data[at:at] = rng.choice(_SPICE)
    elif kind == 3:  # repeat a stretch
        data[at:at] = data[at:at + rng.randint(1, 60)] * rng.randint(2, 5)
    elif kind == 4:  # drop or double a line
        lines = bytes(data).split(b"\n")
        i = rng.randrange(len(lines))
        if rng.random() < 0.5:
            del lines[i]
        else:
            lines.insert(i, lines[i])
        data[:] = b"\n".join(lines)
    elif kind == 5:  # a digit run made longer
        digits = [i for i, b in enumerate(data) if 0x30 <= b <= 0x39]
        if digits:
            i = rng.choice(digits)
            data[i:i] = b"9" * rng.choice((3, 40, 41, 4400))
    elif kind == 6:  # truncate the file
        del data[at:]
    elif kind == 7:  # swap two lines
        lines = bytes(data).split(b"\n")
        if len(lines) > 1:
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data[:] = b"\n".join(lines)
    else:  # a random short run of bytes
        data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
