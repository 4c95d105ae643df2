"""The browser door's benchmark (`tilegames bench --only web`): how long the menu takes
to appear in a browser tab, against a terminal.

- **terminal**: `tilegames` started in a tmux window of 80x24, until the pane shows the menu;
- **browser**: a page of a running `tilegames web` opened in headless Chromium (one window for
  all runs, started before the clock), until the page's terminal shows the menu: the page and
  its script loaded, the WebSocket opened, the tab's app started and its first frame drawn.

Both count from the same moment a person would (the command given, the link opened) to the
same text. The browser case needs Chromium, its driver and Selenium (the test extra), the
terminal one tmux; without them a case says so and is not run (CaseUnavailable).
"""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tilegames.core.manifest import BenchCase, CaseUnavailable

MENU_TEXT = "Rummikub Word"  # on the menu's first frame, in both
TERMINAL = "web: menu first frame in a terminal (tmux)"
BROWSER = "web: menu first frame in Chromium"
_TIMEOUT = 60.0


def _home() -> Path:
    home = Path(tempfile.mkdtemp(prefix="tilegames-bench-web-"))
    atexit.register(shutil.rmtree, home, True)
    return home


_RUNS: list[None] = []


def _terminal_first_frame() -> float:
    if shutil.which("tmux") is None:
        raise CaseUnavailable("this case needs tmux")
    _RUNS.append(None)  # a tmux server of its own per run: the last one may still be ending
    socket_name = f"tilegames-bench-{os.getpid()}-{len(_RUNS)}"
    home = _home()
    command = f"TILEGAMES_HOME={home} {sys.executable} -m tilegames"
    start = time.perf_counter()
    started = subprocess.run(["tmux", "-L", socket_name, "new-session", "-d", "-x", "80", "-y", "24", command],
                             capture_output=True, text=True)
    if started.returncode != 0:
        raise CaseUnavailable(f"tmux did not start: {started.stderr.strip()}")
    try:
        while time.perf_counter() - start < _TIMEOUT:
            pane = subprocess.run(["tmux", "-L", socket_name, "capture-pane", "-p"], capture_output=True, text=True)
            if MENU_TEXT in pane.stdout:
                return time.perf_counter() - start
            time.sleep(0.01)
        raise RuntimeError("the menu did not appear in tmux")
    finally:
        subprocess.run(["tmux", "-L", socket_name, "kill-server"], capture_output=True)


class _Served:
    """One `tilegames web` and one Chromium window for every run of the browser case."""

    def __init__(self) -> None:
        from tilegames.net.web_browser import Browser, chromium_missing

        why = chromium_missing()
        if why is not None:
            raise CaseUnavailable(why)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        env = {**os.environ, "TILEGAMES_HOME": str(_home())}
        self.server = subprocess.Popen([sys.executable, "-m", "tilegames", "web", "--port", str(self.port)], env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert self.server.stderr is not None
        for line in self.server.stderr:
            if "Serving tilegames to browsers" in line:
                break
        self.browser = Browser()
        atexit.register(self.close)

    def close(self) -> None:
        self.browser.close()
        self.server.terminate()
        self.server.wait(10)


_SERVED: list[_Served] = []


def _browser_first_frame() -> float:
    if not _SERVED:
        _SERVED.append(_Served())
    served = _SERVED[0]
    served.browser.open("about:blank")  # the previous run's tab is left: its app ends
    start = time.perf_counter()
    served.browser.open(f"http://127.0.0.1:{served.port}/")
    while time.perf_counter() - start < _TIMEOUT:
        if MENU_TEXT in served.browser.screen():
            return time.perf_counter() - start
        time.sleep(0.01)
    raise RuntimeError("the menu did not appear in the browser")


def cases() -> list[BenchCase]:
    return [BenchCase(TERMINAL, _terminal_first_frame), BenchCase(BROWSER, _browser_first_frame)]
