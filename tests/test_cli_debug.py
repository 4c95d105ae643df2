"""`tilegames --debug` (issue 22, item 13): an option of `tilegames` itself that writes what the
program does as `logging` records to a private file beside the saves folder, and says where on
stderr in one line. Without it nothing is written, and stderr reads as before: only warnings
and errors, as bare sentences. The server logs through `logging` (its warnings keep reaching
stderr); only the commands' own console output (`serve`'s "Serving ..." line, `host`'s codes)
is printed."""

from __future__ import annotations

import ast
import logging
import stat
from pathlib import Path

import pytest

import tilegames
from tilegames.cli import main
from tilegames.commands import debug_log

PACKAGE = Path(tilegames.__file__).parent
MELD = ["rummikub", "meld-check", "R10 R11 R12"]


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_debug_writes_a_private_log_beside_the_saves_and_says_where(home, capsys):
    assert main(["--debug", *MELD]) == 0
    log = home / "tilegames.log"
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"Debug log: {log}"]
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    text = log.read_text(encoding="utf-8")
    assert "INFO tilegames.commands.debug_log" in text and "command rummikub" in text
    assert "R11" not in text  # the command line is not logged: it may hold a seed or a code


def test_the_log_is_made_private_even_when_it_was_not(home, capsys):
    home.mkdir(parents=True)
    (home / "tilegames.log").write_text("old\n")
    (home / "tilegames.log").chmod(0o644)
    assert main(["--debug", *MELD]) == 0
    assert stat.S_IMODE((home / "tilegames.log").stat().st_mode) == 0o600
    assert (home / "tilegames.log").read_text().startswith("old\n")  # appended to


def test_without_debug_there_is_no_log_and_stderr_is_quiet(home, capsys):
    assert main(MELD) == 0
    assert not (home / "tilegames.log").exists()
    assert capsys.readouterr().err == ""


def test_debug_belongs_before_the_command(home, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["rummikub", "--debug", "meld-check", "R10 R11 R12"])
    assert exit_.value.code == 2
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--debug" in capsys.readouterr().out


def test_a_log_that_cannot_be_written_is_one_line_and_the_command_goes_on(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("TILEGAMES_HOME", str(blocker))  # the log's folder would be a file
    assert main(["--debug", *MELD]) == 0
    captured = capsys.readouterr()
    assert "Valid initial meld" in captured.out
    (line,) = captured.err.strip().splitlines()
    assert line.startswith("tilegames: cannot write the debug log") and "going on without it" in line


def test_with_debug_the_records_of_every_level_reach_the_file_and_warnings_still_reach_stderr(home, capsys):
    path = debug_log.start_logging(True, "serve")
    try:
        logging.getLogger("tilegames.net.server").debug("a connection opened")
        logging.getLogger("tilegames.net.robots").warning("Table t1: a warning")
    finally:
        debug_log.stop_logging()
    assert path == home / "tilegames.log"
    text = path.read_text()
    assert "DEBUG tilegames.net.server" in text and "a connection opened" in text
    assert "WARNING tilegames.net.robots" in text
    assert capsys.readouterr().err == "Table t1: a warning\n"  # as it was printed before


def test_without_debug_only_warnings_reach_stderr_as_bare_sentences(home, capsys):
    debug_log.start_logging(False, "serve")
    try:
        logging.getLogger("tilegames.net.server").info("a table created")
        logging.getLogger("tilegames.net.server").error("Table t1: the clock failed")
    finally:
        debug_log.stop_logging()
    assert capsys.readouterr().err == "Table t1: the clock failed\n"
    assert not (home / "tilegames.log").exists()


def _stderr_prints(path: Path) -> list[int]:
    """The lines of `path` that print to sys.stderr."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
            for keyword in node.keywords:
                if keyword.arg == "file" and ast.unparse(keyword.value) == "sys.stderr":
                    found.append(node.lineno)
    return found


def test_the_server_writes_log_records_not_prints():
    """Only net/commands.py, the front of `serve` and `host`, prints to stderr: the console
    output that is the command's own (Serving ..., the warnings about a seed or an open address,
    why it cannot start)."""
    printing = {str(path.relative_to(PACKAGE)): lines for path in sorted((PACKAGE / "net").glob("*.py"))
                if path.name != "commands.py" and (lines := _stderr_prints(path))}
    assert printing == {}
    assert _stderr_prints(PACKAGE / "net" / "commands.py")  # (the check finds prints where there are)


def test_an_error_that_stops_tilegames_is_in_the_log(home, monkeypatch, capsys):
    def crash(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr("tilegames.commands.rummikub.meld_check", crash)  # set as the handler when built
    with pytest.raises(RuntimeError):
        main(["--debug", *MELD])
    text = (home / "tilegames.log").read_text()
    assert "CRITICAL" in text and "tilegames stopped on an error" in text and "RuntimeError: a bug" in text
    assert capsys.readouterr().err.strip().splitlines() == [f"Debug log: {home / 'tilegames.log'}"]
    assert logging.getLogger().handlers == [h for h in logging.getLogger().handlers if h not in debug_log._ours]
