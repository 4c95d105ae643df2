"""The errors the engine raises. Each carries sentences a player (or user) can read."""

from __future__ import annotations

import errno

from tilegames.core.text.i18n import _


class IllegalMove(Exception):
    """A move the rules forbid. The state it was tried on is unchanged.

    `reasons` lists every problem found, each a sentence ("Group 7-7-7 repeats red."), so a
    rejected commit can show the player all of them at once.
    """

    def __init__(self, *reasons: str) -> None:
        if not reasons:
            raise ValueError("IllegalMove needs at least one reason")
        self.reasons: tuple[str, ...] = tuple(reasons)
        super().__init__(" ".join(self.reasons))


class BadRecord(ValueError):
    """Data from outside (a saved game, a network message, an action in JSON) is malformed.

    The message says what was wrong and where, in one line, so the CLI can print it instead of
    a traceback.
    """


class SaveFailed(Exception):
    """A game could not be written to disk (a full or read-only disk, a folder we may not
    write to, a saves path that is not a folder). The message is one line for the player;
    whatever was saved before is still whole."""


class GameInUse(Exception):
    """The game's journal is held by another session (another copy of tilegames). The message
    says who holds it, in one line."""


def why_not_saved(exc: OSError) -> str:
    """An OSError as a reason a player understands."""
    reasons = {
        errno.ENOSPC: _("the disk is full"),
        errno.EDQUOT: _("the disk quota is used up"),
        errno.EROFS: _("the disk is read-only"),
        errno.EACCES: _("tilegames may not write there"),
        errno.EPERM: _("tilegames may not write there"),
        errno.ENOTDIR: _("a part of the path is not a folder"),
        errno.EISDIR: _("it is a folder"),
    }
    return reasons.get(exc.errno or 0) or (exc.strerror or type(exc).__name__)
