"""Start-up stays light (issue 24, item 7): the menu's first frame is drawn without any game's
rules, UI or word list, and without the engine's protocol, sessions or screens not yet shown.
`tilegames bench` measures the time ("menu: first frame against a plain Textual app"); this
test keeps the imports that made it slow from coming back."""

from __future__ import annotations

import json
import subprocess
import sys

FIRST_FRAME = """
import asyncio, json, sys
from tilegames.cli import build_parser, start_language
start_language([])
build_parser([]).parse_args([])  # as `tilegames` starts: its command line first
from tilegames.ui.app import TilegamesApp

async def launch():
    async with TilegamesApp().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print(json.dumps(sorted(m for m in sys.modules if m.startswith(("tilegames", "markdown_it")))))

asyncio.run(launch())
"""

NOT_AT_START = (
    "tilegames.core.kernel.protocol",  # comes with a game
    "tilegames.core.kernel.session",
    "tilegames.core.kernel.controller",
    "tilegames.core.text.po_files",  # English needs no catalog
    "tilegames.ui.screens.rules",  # its Markdown widget costs more than the whole menu
    "tilegames.ui.screens.setup",
    "tilegames.ui.series_flow",
    "markdown_it",
)


def test_the_menu_first_frame_imports_no_game_and_no_screen_not_shown(tmp_path):
    env = {"TILEGAMES_HOME": str(tmp_path), "LANGUAGE": "en", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True, env=env,
                          timeout=120, check=True)
    modules = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "tilegames.ui.screens.menu" in modules  # the frame was drawn
    game_parts = sorted(m for m in modules if m.startswith(("tilegames.games.", "tilegames.ui.games."))
                        and m.count(".") > 2)
    assert game_parts == []  # a game's package is read for its manifest only
    assert sorted(modules & set(NOT_AT_START)) == []
