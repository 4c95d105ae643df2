"""The debug log's file (commands/debug_log.py): rotating, and readable by its owner only.

Its own module because `logging.handlers` is imported only when `--debug` asks for the file,
not at every start."""

from __future__ import annotations

import os
from io import TextIOWrapper
from logging.handlers import RotatingFileHandler


class PrivateFile(RotatingFileHandler):
    """A rotating log file created 0600, and made so if it was not."""

    def _open(self) -> TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.fchmod(fd, 0o600)
        except OSError:
            pass
        return os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace")
