"""One session at a time per save (issue 10, item 14): a second copy of tilegames is told who
holds the game, `resume` exits 1 with one line, and the lock goes when the session ends or
its process dies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pilegame
from pilegame import Draw, PileConfig
from tilegames.cli import main
from tilegames.core.records import filelock
from tilegames.core.errors import GameInUse
from tilegames.core.records.journal import JournalHeader, load_journal
from tilegames.core.records.journal_writer import JournalWriter
from tilegames.core.kernel.session import LocalSession

pytestmark = pytest.mark.skipif(filelock.fcntl is None, reason="no OS file locks on this platform")

HOLDER = textwrap.dedent("""
    import sys
    from tilegames.core.records.journal_writer import JournalWriter
    writer, _ = JournalWriter.reopen(sys.argv[1])
    print("holding", flush=True)
    sys.stdin.readline()
    if sys.argv[2] == "close":
        writer.close()
        print("closed", flush=True)
        sys.stdin.readline()
""")


def saved_game(folder: Path) -> Path:
    header = JournalHeader("rummikub", {}, 5, ("Ann", "Bora"))
    from tilegames.games.rummikub.config import RummikubConfig
    from tilegames.games.rummikub.game import GAME

    header = JournalHeader(GAME.id, GAME.config_to_json(RummikubConfig(allow_doubles_redeal=False)), 5,
                           ("Ann", "Bora"), meta={"match": {"seed": 5}})
    JournalWriter.create(folder / "g.jsonl", header).close()
    return folder / "g.jsonl"


class Holder:
    """Another copy of tilegames, in its own process, holding the journal at `path`."""

    def __init__(self, path: Path, then: str = "wait") -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), then], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None and self.proc.stdout.readline() == "holding\n"

    def step(self) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write("\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)


@pytest.fixture
def holder():
    made: list[Holder] = []
    yield lambda path, then="wait": made.append(Holder(path, then)) or made[-1]
    for h in made:
        h.stop()


def test_a_second_opener_is_told_who_holds_the_game(tmp_path, holder):
    path = saved_game(tmp_path)
    other = holder(path)
    before = path.read_bytes()
    with pytest.raises(GameInUse) as caught:
        LocalSession.resume(path)
    message = str(caught.value)
    assert f"this game is open in another tilegames (pid {other.proc.pid} on {os.uname().nodename}" in message
    assert "since " in message and message.count("\n") == 0
    assert path.read_bytes() == before  # neither cut nor written


def test_resume_while_another_copy_plays_is_one_line_and_exit_1(tmp_path, holder, capsys, monkeypatch):
    monkeypatch.setattr("tilegames.cli._run_app", lambda start: pytest.fail("the app was started"))
    path = saved_game(tmp_path)
    holder(path)
    assert main(["resume", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "open in another tilegames (pid" in err[0]


def test_the_lock_goes_when_the_holder_is_killed(tmp_path, holder):
    path = saved_game(tmp_path)
    other = holder(path)
    other.proc.send_signal(signal.SIGKILL)
    other.proc.wait(10)
    LocalSession.resume(path).close()


def test_the_lock_goes_when_the_session_is_closed(tmp_path, holder):
    path = saved_game(tmp_path)
    other = holder(path, "close")
    with pytest.raises(GameInUse):
        LocalSession.resume(path)
    assert other.step() == "closed\n"  # its session ended; the process lives on
    assert not filelock.info_path(path).exists()
    session = LocalSession.resume(path)
    assert filelock.info_path(path).exists()
    session.close()
    assert not filelock.info_path(path).exists()


def test_a_game_over_session_lets_go(tmp_path):
    path = saved_game(tmp_path)
    session = LocalSession.resume(path)
    session.close()
    # another process can take it now
    code = f"from tilegames.core.records.journal_writer import JournalWriter; JournalWriter.reopen({str(path)!r})[0].close()"
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0


def test_within_one_process_the_newer_opener_takes_over(tmp_path):
    header = JournalHeader("pile", pilegame.GAME.config_to_json(PileConfig()), 5, ("Ann", "Bora"))
    old = JournalWriter.create(tmp_path / "g.jsonl", header)
    new, _ = JournalWriter.reopen(tmp_path / "g.jsonl")
    old.on_failure = lambda exc: None
    old.append(0, Draw())  # refused quietly: the newer writer has the game
    new.append(0, Draw())
    assert len(load_journal(tmp_path / "g.jsonl").records) == 1
    new.close()


def test_without_os_locks_games_still_open(tmp_path, monkeypatch):
    monkeypatch.setattr(filelock, "fcntl", None)
    path = saved_game(tmp_path)
    session = LocalSession.resume(path)
    session.act(session.current_seat, __import__("tilegames.games.rummikub.actions", fromlist=["Draw"]).Draw())
    session.close()
    assert len(load_journal(path).records) == 1
