"""Where `logging` records go: `tilegames --debug` and without it.

Every module logs to `logging.getLogger(__name__)`. Without `--debug`, warnings and errors
reach stderr as bare sentences, exactly as the server printed them before it logged (and
written to the stream stderr is at that moment, so a running app's capture of stderr takes
them as it took prints); nothing else is kept. With it, every record of tilegames, DEBUG
upwards, and every library's warnings are also written to `tilegames.log` beside the saves
folder, readable by its owner only from its first byte (at most 5 MB, then it is moved to
`tilegames.log.1`).

What tilegames logs never holds a join code, a rack, the bag or a seed (the log may be sent
along with a bug report): not even the command line is logged, since it may hold `--seed` or
`--code`; only its command word.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from tilegames import __version__
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown
from tilegames.core.records.saves import saves_dir

LOG_NAME = "tilegames.log"
MAX_BYTES = 5 * 1024 * 1024
FORMAT = "%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"

log = logging.getLogger(__name__)
_ours: list[logging.Handler] = []  # the handlers start_logging added, which stop_logging takes away


def log_path() -> Path:
    """`tilegames.log` in the data folder, beside the saves folder and the settings."""
    return saves_dir().parent / LOG_NAME


class _Stderr(logging.StreamHandler):
    """Whatever sys.stderr is when a record comes (as print(file=sys.stderr) writes)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> IO[str]:
        return sys.stderr

    @stream.setter
    def stream(self, value: IO[str]) -> None:
        pass


def start_logging(debug: bool, command: str | None) -> Path | None:
    """Send the records where they go for this run (see the module's doc); the log's path
    with `debug`, when it can be written (else one line on stderr says why, and the command
    goes on without it)."""
    stop_logging()
    root = logging.getLogger()
    console = _Stderr()
    console.setLevel(logging.WARNING)
    console.addFilter(lambda record: not getattr(record, "file_only", False))
    _add(root, console, logging.Formatter("%(message)s"))
    if not debug:
        return None
    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        from tilegames.commands.debug_file import PrivateFile  # only with --debug: every start imports this module

        handler = PrivateFile(path, maxBytes=MAX_BYTES, backupCount=1, encoding="utf-8")
    except OSError as exc:
        print(_("tilegames: cannot write the debug log {path}: {why}; going on without it.").format(
            path=shown(path, 200), why=exc.strerror or exc), file=sys.stderr)
        return None
    handler.setLevel(logging.DEBUG)
    _add(root, handler, logging.Formatter(FORMAT))
    logging.getLogger("tilegames").setLevel(logging.DEBUG)
    import platform

    log.info("tilegames %s, Python %s on %s: command %s", __version__, platform.python_version(), sys.platform,
             command or "(the menu)")
    return path


def stop_logging() -> None:
    """Take away what start_logging set up (the files closed)."""
    root = logging.getLogger()
    while _ours:
        handler = _ours.pop()
        root.removeHandler(handler)
        handler.close()
    logging.getLogger("tilegames").setLevel(logging.NOTSET)


@contextmanager
def logging_for(debug: bool, command: str | None) -> Iterator[Path | None]:
    """`start_logging` for the duration of a command; an error that ends it is logged (in the
    file only: Python prints it on stderr as ever), then `stop_logging`."""
    try:
        yield start_logging(debug, command)
    except Exception:
        log.critical("tilegames stopped on an error", exc_info=True, extra={"file_only": True})
        raise
    finally:
        stop_logging()


def _add(root: logging.Logger, handler: logging.Handler, formatter: logging.Formatter) -> None:
    handler.setFormatter(formatter)
    root.addHandler(handler)
    _ours.append(handler)
