"""What one SSH session may cost the server, bounded (tilegames/net/pty_bridge.py and the
door's output copy): the window's size, the child's memory, and the output held for a player
who does not read."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import pytest

if sys.platform == "win32":
    pytest.skip("the SSH door runs on POSIX systems (a PTY per session)", allow_module_level=True)

from ssh_harness import Policy, connect, door, open_door, policy, read_until  # noqa: F401
from tilegames.net.pty_bridge import READ_SIZE, clamp_size
from tilegames.net.ssh_door import OUTPUT_HELD, SshDoor

GIB = 1 << 30


def test_a_window_size_is_clamped_to_what_a_screen_can_be() -> None:
    assert clamp_size(5000, 50) == (300, 50)
    assert clamp_size(120, 4000) == (120, 100)
    assert clamp_size(300, 100) == (300, 100)
    assert clamp_size(0, 0) == (80, 24)  # a client that gave none


async def test_a_huge_window_is_clamped_at_start_and_on_every_resize(door: SshDoor) -> None:
    """A Textual app draws (and keeps) every cell of its window: a client claiming 65535 x
    65535 would have it allocate billions."""
    async with connect(door) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(10000, 5000), encoding=None)
        seen = bytearray()
        assert "size 300x100 " in await read_until(process, "codes", seen)
        process.change_terminal_size(200, 50)
        await read_until(process, "resized 200x50.", seen)
        process.change_terminal_size(65535, 65535)
        await read_until(process, "resized 300x100.", seen)
        process.stdin.write(b"bye\r")
        await read_until(process, "got bye.", seen)


async def test_the_child_runs_in_its_home_under_a_memory_limit_and_dumps_no_core(door: SshDoor) -> None:
    """A session's app can neither take the server's memory nor leave a core file (nor
    anything written to its working folder) behind: its folder is its home, removed after."""
    async with connect(door) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        text = await read_until(process, "codes", bytearray())
        pid = int(text.split("pid ")[1].split()[0])
        limits = Path(f"/proc/{pid}/limits").read_text()
        assert text.split(" cwd ")[1].split(" home ")[0] == text.split(" home ")[1].split(" term ")[0]
    assert re.search(rf"Max address space\s+{GIB}\s+{GIB}\s+bytes", limits), limits
    assert re.search(r"Max core file size\s+0\s+0\s+bytes", limits), limits


FLOOD = 16 << 20  # more than the client's window and every buffer on the way together
FLOODER = f"""
import os, sys
os.write(1, b"flooding\\r\\n")
chunk = b"x" * 65536
for _ in range({FLOOD} // 65536):
    os.write(1, chunk)
os.write(1, b"done\\r\\n")
sys.stdin.readline()
"""


async def test_a_player_who_does_not_read_holds_the_childs_output_not_the_servers_memory(
        tmp_path: Path, policy: Policy) -> None:
    """The door stops reading the child's terminal while the SSH channel holds its limit of
    output for a client that takes none: the child waits on its writes, and nothing is lost."""
    door = await open_door(tmp_path, policy, command_for=lambda codes: [sys.executable, "-c", FLOODER])
    try:
        async with connect(door) as conn:
            process = await conn.create_process(term_type="xterm", encoding=None)
            seen = bytearray()
            await read_until(process, "flooding", seen)
            await asyncio.sleep(1.5)  # the child could write all of it in a fraction of that, unblocked
            assert 0 < door.held_output <= OUTPUT_HELD + READ_SIZE
            assert door.session_count == 1 and b"done" not in seen  # the child waits on its writes
            while b"done" not in seen[-65536:]:
                data = await asyncio.wait_for(process.stdout.read(1 << 20), 10)
                assert data, "the session ended before all of its output was read"
                seen.extend(data)
            assert seen.count(b"x") == FLOOD
            process.stdin.write(b"\r")
            await process.wait_closed()
    finally:
        door.close()
        await door.wait_closed()
