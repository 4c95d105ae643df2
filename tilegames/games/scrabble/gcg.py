"""Reading GCG game records (the Poslfit "Generic Crossword Game" format) and checking them.

GCG is how Scrabble games are kept and shared (Quackle, Macondo, Woogles). A record is a few
`#pragma` lines and one `>nick: …` line per event. We read it so real games can test our
scoring: `verify` replays a record on a real board and recomputes every score with the same
`score_play` the game uses, so a wrong premium square or a missed cross-word shows up as a
mismatch against thousands of points scored by real players.

Writers differ, so the reader is lenient where files in the wild disagree (lower-case
coordinates, played-through letters written out instead of `.`, an empty rack field, a
withdrawn phony written `+0`, CRLF, no final newline) and strict where a line cannot be
understood: `GcgError` says `line N: <what was expected>` in one sentence.

Words are never checked: a record is data about scores, and the lexicon it was played in is
often not stated in it.

This module is the public face; the work is done in gcg_read.py (text to events),
gcg_verify.py (the replay) and gcg_model.py (the dataclasses both share). docs/gcg.md lists
the lines tilegames reads and writes.
"""

from __future__ import annotations

from pathlib import Path

from tilegames.core.records.file_limits import GCG, read_limited
from tilegames.core.text.inputs import shown

from tilegames.games.scrabble.gcg_model import (
    EndRackRule,
    EventKind,
    GcgError,
    GcgEvent,
    GcgGame,
    GcgPlayer,
    GcgPragma,
    Mismatch,
    Report,
)
from tilegames.games.scrabble.gcg_read import decode_gcg, parse_gcg
from tilegames.games.scrabble.gcg_verify import verify

__all__ = [
    "EndRackRule", "EventKind", "GcgError", "GcgEvent", "GcgGame", "GcgPlayer", "GcgPragma", "Mismatch",
    "Report", "decode_gcg", "load_gcg", "parse_gcg", "verify",
]


def load_gcg(path: str | Path, name: str | None = None) -> GcgGame:
    """Read and parse a GCG file. BadRecord (a sentence beginning with `name`, the path by
    default) when it cannot be read, is not a regular file or is too big; GcgError when
    malformed."""
    return parse_gcg(decode_gcg(read_limited(path, name or shown(path, 200), GCG)))
