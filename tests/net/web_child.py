"""A fake app for the browser door's tests (test_web_door.py): it speaks Textual's web-driver
packets as the real app would, and nothing else, so a test's tab starts in milliseconds.

Run as `python web_child.py MODE [FILE]`. It prints `__GANGLION__`, then one D packet, the JSON
of what it was started with (argv, the join codes and home in its environment, its size, its
driver, its working folder, its pid), also written to FILE first when given; then it echoes
every packet it reads, as a D packet `echo:` + kind + payload, until an M packet
`{"type": "quit"}` (or the end of its stdin). MODE:

- "echo": as above;
- "stubborn": ignores quit (and SIGTERM, SIGHUP): only a kill ends it (or its own alarm, 30 s on);
- "exit": sends the M packet `{"type": "exit"}` right after its first packet, then echoes;
- "junk": prints lines that are not the ready line, and never the ready line;
- "long": prints 100 KB without a newline before the ready line.
"""

from __future__ import annotations

import json
import os
import signal
import sys

READY = b"__GANGLION__\n"


def send(kind: bytes, payload: bytes) -> None:
    os.write(1, kind + len(payload).to_bytes(4, "big") + payload)


def read_exactly(size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        got = os.read(0, size - len(data))
        if not got:
            return None
        data += got
    return data


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "echo"
    hello = json.dumps({
        "argv": sys.argv, "codes": os.environ.get("TILEGAMES_JOIN_CODES"), "home": os.environ.get("TILEGAMES_HOME"),
        "columns": os.environ.get("COLUMNS"), "rows": os.environ.get("ROWS"),
        "driver": os.environ.get("TEXTUAL_DRIVER"), "cwd": os.getcwd(), "pid": os.getpid()})
    if len(sys.argv) > 2:  # a file to tell it in too, first, for a test whose tab may never hear it
        with open(sys.argv[2] + ".part", "w", encoding="utf-8") as told:
            told.write(hello)
        os.replace(sys.argv[2] + ".part", sys.argv[2])
    if mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        signal.alarm(30)  # a door that never kills it fails its test, and leaves no process for long
    if mode == "junk":
        for n in range(20):
            os.write(1, f"not a Textual app, line {n}\n".encode())
    if mode == "long":
        os.write(1, b"x" * 100_000)
        os.write(1, b"\n")
    os.write(1, READY)
    send(b"D", hello.encode())
    if mode == "exit":
        send(b"M", json.dumps({"type": "exit"}).encode())
    while True:
        head = read_exactly(5)
        if head is None:
            if mode == "stubborn":
                signal.pause()
            return
        payload = read_exactly(int.from_bytes(head[1:], "big"))
        if payload is None:
            return
        send(b"D", b"echo:" + head[:1] + payload)
        if head[:1] == b"M" and json.loads(payload).get("type") == "quit" and mode != "stubborn":
            return


if __name__ == "__main__":
    main()
