"""The SSH front door (tilegames/net/ssh_door.py) with a real asyncssh client on 127.0.0.1.

The door's policy is injected, so these tests give it a tiny one: one good code, one listed
key, and a child that is a Python one-liner reporting its terminal (size, TERM, resizes) and
echoing a line. The whole game through the door is in test_ssh_end_to_end.py.
"""

from __future__ import annotations

import asyncio
import stat
import sys
from pathlib import Path

import asyncssh
import pytest

if sys.platform == "win32":
    pytest.skip("the SSH door runs on POSIX systems (a PTY per session)", allow_module_level=True)

from ssh_harness import (GOOD, WRONG, Policy, child_command, connect, door, gone, open_door, policy,  # noqa: F401
                         read_until, until)
from tilegames.net.ssh_door import SshDoor, join_command, start_ssh_door
from tilegames.net.ssh_gate import Gatekeeper
from tilegames.net.ssh_keys import HOST_KEY_FILE, KEYS_FILE, parse_keys


# --- authentication -------------------------------------------------------------------------
async def test_a_good_code_as_the_password_opens_a_session(door: SshDoor, policy: Policy) -> None:
    async with connect(door, "Ann", preferred_auth="password") as conn:
        result = await conn.run("", term_type="xterm", term_size=(80, 24), input="go\n", timeout=10)
    assert f"codes ['{GOOD}']" in result.stdout
    assert result.exit_status == 3
    assert policy.names == ["Ann"] and policy.failures == []


async def test_a_good_code_through_keyboard_interactive_opens_a_session(door: SshDoor) -> None:
    async with connect(door, preferred_auth="keyboard-interactive") as conn:
        result = await conn.run("", term_type="xterm", input="go\n", timeout=10)
    assert result.exit_status == 3


async def test_a_wrong_code_is_refused_and_counted(door: SshDoor, policy: Policy) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(door, password=WRONG, preferred_auth="password"):
            pass
    assert policy.failures == ["127.0.0.1"]


async def test_a_wrong_code_is_answered_only_after_the_throttles_delay(door: SshDoor, policy: Policy) -> None:
    policy.delay = 60.0
    for method in ("password", "keyboard-interactive"):
        guess = asyncio.ensure_future(connect(door, password=WRONG, preferred_auth=method))
        await until(lambda: len(policy.failures) == 1)
        assert door.timer.pending() == [60.0] and not guess.done()  # held: the guesser has no answer yet
        door.timer.advance(60.0)
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncio.wait_for(guess, 10)  # refused once the delay is over
        assert policy.failures == ["127.0.0.1"] and door.timer.pending() == []
        policy.failures.clear()


async def test_a_right_code_is_accepted_at_once_after_wrong_ones(door: SshDoor, policy: Policy) -> None:
    """A guesser from the player's own address cannot keep the player out."""
    policy.delay = 60.0
    guess = asyncio.ensure_future(connect(door, password=WRONG, preferred_auth="password"))
    await until(lambda: policy.failures == ["127.0.0.1"])
    try:
        async with connect(door, preferred_auth="password") as conn:
            result = await conn.run("", term_type="xterm", input="go\n", timeout=10)
        assert result.exit_status == 3
        assert not guess.done()  # the wrong one is still being held
    finally:
        guess.cancel()
        await asyncio.gather(guess, return_exceptions=True)


async def test_one_connection_is_answered_one_try_at_a_time(door: SshDoor, policy: Policy) -> None:
    """asyncssh cancels a try when the client sends the next one: the next is still not looked
    at before the wait of the wrong one before it has run out."""
    policy.delay = 60.0
    gate = Gatekeeper(door)
    first = asyncio.ensure_future(gate.validate_password("ann", WRONG))
    await until(lambda: policy.failures == ["?"])
    first.cancel()
    second = asyncio.ensure_future(gate.validate_password("ann", GOOD))
    door.timer.advance(59.0)  # the wrong one's wait is not over yet
    await asyncio.sleep(0)  # the second try takes its first step: it waits, its code not even looked at
    assert not second.done() and policy.names == ["ann"]
    gate.connection_lost(None)  # the connection goes: the wait ends with it
    await asyncio.gather(first, second, return_exceptions=True)
    assert gate.admission is None


async def test_without_a_throttle_given_the_door_has_its_own(tmp_path: Path, policy: Policy) -> None:
    door = await start_ssh_door("127.0.0.1", 0, tmp_path, policy.check_code, child_command, log=lambda text: None)
    try:
        delays = [door.failed("192.0.2.7") for _ in range(5)]
        assert delays[0] == 0.0 and delays[-1] > 0.0  # a few free (typos), then held
    finally:
        door.close()
        await door.wait_closed()


async def test_a_listed_key_opens_the_seats_of_its_name(tmp_path: Path, policy: Policy) -> None:
    key, other = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / KEYS_FILE).write_text(f"# players' keys\nAnn {key.export_public_key().decode().strip()}\n"
                                      "Bob not-a-key\n")
    door = await open_door(tmp_path, policy, codes_for_name=lambda name: ("SEAT-OFAN-NNNN",) if name == "ann" else None)
    try:
        async with connect(door, "ann", password=None, client_keys=[key], preferred_auth="publickey") as conn:
            result = await conn.run("", term_type="xterm", input="go\n", timeout=10)
        assert "codes ['SEAT-OFAN-NNNN']" in result.stdout
        for name, client_key in (("ann", other), ("bob", key)):  # another key; a name with no key
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(door, name, password=None, client_keys=[client_key],
                                   preferred_auth="publickey"):
                    pass
        assert policy.failures == []  # a refused key is not a wrong code
    finally:
        door.close()
        await door.wait_closed()


def test_the_keys_file_skips_what_is_not_a_key_by_line() -> None:
    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    keys, warnings = parse_keys(f"\n# comment\nANN {key} laptop\nann {key}\nbob\nCy ssh-ed25519 AAAAnope\n")
    assert list(keys) == ["ann"] and len(keys["ann"]) == 2
    assert [w.split(" of ")[0] for w in warnings] == ["Line 5", "Line 6"]


# --- the session and its child ----------------------------------------------------------------
async def test_the_child_gets_the_terminal_its_size_resizes_and_the_keys(door: SshDoor) -> None:
    async with connect(door) as conn:
        process = await conn.create_process(term_type="xterm-kitty", term_size=(100, 30), encoding=None)
        seen = bytearray()
        text = await read_until(process, "codes", seen)
        assert "term xterm-kitty size 100x30 tty True" in text
        process.change_terminal_size(120, 40)
        await read_until(process, "resized 120x40.", seen)
        process.stdin.write(b"hello \xc3\xa9\x1b[<0;3;4M\r")  # UTF-8 and a mouse report pass as bytes
        text = await read_until(process, "got ", seen)
        await process.wait_closed()
        seen.extend(await process.stdout.read())
    assert "got hello é\x1b[<0;3;4M." in seen.decode()
    assert process.exit_status == 3


async def test_closing_the_window_hangs_the_child_up_and_its_home_goes(door: SshDoor, private_home: Path) -> None:
    async with connect(door) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        text = await read_until(process, "codes", bytearray())
        home = Path(text.split(" home ")[1].split(" term ")[0])
        assert home.is_dir() and home != private_home  # a home of its own, not the server account's
    pid = int(text.split("pid ")[1].split()[0])
    await until(lambda: gone(pid) and door.session_count == 0 and not home.exists())


async def test_a_child_that_ignores_the_hang_up_is_killed_after_the_grace(tmp_path: Path, policy: Policy) -> None:
    door = await open_door(tmp_path, policy, command_for=lambda codes: ["env", "HANG=1", *child_command(codes)])
    try:
        async with connect(door) as conn:
            process = await conn.create_process(term_type="xterm", encoding=None)
            text = await read_until(process, "codes", bytearray())
        pid = int(text.split("pid ")[1].split()[0])
        await asyncio.sleep(0.2)
        assert not gone(pid)  # still within the grace (0.5 s)
        await until(lambda: gone(pid), timeout=3)
    finally:
        door.close()
        await door.wait_closed()


async def test_a_session_without_a_terminal_is_told_to_use_one(door: SshDoor) -> None:
    async with connect(door) as conn:
        result = await conn.run("", timeout=10)
    assert result.exit_status == 1
    assert result.stderr.strip() == f"Connect with a terminal: ssh -t -p {door.port} ann@127.0.0.1"
    assert door.session_count == 0


async def test_a_command_that_cannot_start_is_a_sentence_not_a_traceback(tmp_path: Path, policy: Policy) -> None:
    logged: list[str] = []
    door = await open_door(tmp_path, policy, command_for=lambda codes: ["/nonexistent/tilegames"],
                           log=logged.append)
    try:
        async with connect(door) as conn:
            result = await conn.run("", term_type="xterm", timeout=10)
    finally:
        door.close()
        await door.wait_closed()
    assert result.exit_status == 1
    assert result.stdout.strip() == "The game could not be started here; the server's log says why."
    assert "Traceback" not in result.stdout and "FileNotFoundError" in logged[0]


# --- the host key -------------------------------------------------------------------------------
async def test_the_host_key_is_made_once_private_and_kept_across_restarts(tmp_path: Path, policy: Policy) -> None:
    first = await open_door(tmp_path, policy)
    first.close()
    await first.wait_closed()
    path = tmp_path / HOST_KEY_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    second = await open_door(tmp_path, policy)
    try:
        async with connect(second) as conn:
            served = conn.get_server_host_key()
        assert served is not None and served.get_fingerprint() == first.fingerprint == second.fingerprint
    finally:
        second.close()
        await second.wait_closed()


def test_the_join_codes_reach_the_child_in_its_environment_never_on_its_command_line(tmp_path: Path) -> None:
    """`ps` shows every local user a command line; the codes are passwords."""
    from tilegames.net.ssh_door import JOIN_CODES_VARIABLE, child_env

    argv = join_command("0.0.0.0", 7777)((GOOD,))
    assert GOOD not in " ".join(argv) and argv[-3:] == ["join", "127.0.0.1:7777", "--one-game"]
    env = child_env("xterm", {}, tmp_path, (GOOD, "AB2C-DEFG-HJKM"))
    assert env[JOIN_CODES_VARIABLE] == f"{GOOD},AB2C-DEFG-HJKM"
