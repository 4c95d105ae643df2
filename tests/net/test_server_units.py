"""The server's parts on their own: reading messages, codes, the rate limit, the data folder,
reading lines, and the entry points' refusals."""

from __future__ import annotations

import asyncio
import json

import pytest

from tilegames.core.kernel.clock import FakeClock
from tilegames.core.registry import get_game
from tilegames.net import commands
from tilegames.net.codes import ALPHABET, SignInThrottle, address_key, canonical, new_code
from tilegames.net.framing import read_lines
from tilegames.net.lobby import Lobby
from tilegames.net.store import StoreError, TableRecord, TableStore, default_data_dir
from tilegames.net.wire import BadMessage, Hello, Ping, Request, WrongVersion, encode, read_message


def test_a_hello_a_request_and_a_ping_are_read():
    assert read_message(b'{"type": "hello", "v": 2, "id": 1, "code": "K7PQ-3MZD"}') == Hello(1, ("K7PQ-3MZD",))
    assert read_message(b'{"type":"hello","v":1,"id":2,"codes":["A","B"]}') == Hello(2, ("A", "B"), 1)
    assert read_message(b'{"type":"request","id":7,"op":"edit","seat":0,"edit":{"type":"put"}}') == \
        Request(7, "edit", 0, {"type": "put"})
    assert read_message(b'{"type":"request","id":8,"op":"export","fmt":"gcg"}') == Request(8, "export", fmt="gcg")
    assert read_message(b'{"type":"ping","id":3}') == Ping(3)
    assert read_message(b'{"type":"request","id":9,"op":"next_game","game":2}') == Request(9, "next_game", game=2)
    assert read_message(b'{"type":"request","id":10,"op":"past_views","game":1}') == \
        Request(10, "past_views", game=1)


@pytest.mark.parametrize("raw, said", [
    (b'{"type":"hello","v":1,"id":1}', "needs \"code\""),
    (b'{"type":"hello","id":1,"code":"X"}', "protocol version"),
    (b'{"type":"hello","v":1,"id":1,"codes":[]}', "1 to 8 join codes"),
    (b'{"type":"hello","v":1,"id":1,"code":7}', "short text"),
    (b'{"type":"hello","v":1,"id":-1,"code":"X"}', "whole number from 0"),
    (b'{"type":"request","id":1,"op":"act","seat":true,"action":{}}', "needs \"seat\""),
    (b'{"type":"request","id":1,"op":"export","fmt":""}', "needs \"fmt\""),
    (b'{"type":"request","id":1,"op":"next_game"}', "a game's number"),
    (b'{"type":"request","id":1,"op":"export","fmt":"gcg","game":0}', "a game's number"),
    (b'{"type":"ping","id":1.5}', "whole number"),
    (b'{"type":"ping","id":NaN}', "not a number a game uses"),
    (b"x" * 70_000, "65,536 bytes"),
])
def test_a_bad_message_is_refused_with_a_sentence(raw, said):
    with pytest.raises(BadMessage) as caught:
        read_message(raw)
    assert said in caught.value.sentence and caught.value.sentence.endswith(".")


def test_another_version_is_its_own_refusal():
    with pytest.raises(WrongVersion) as caught:
        read_message(b'{"type":"hello","v":3,"id":4,"code":"X"}')
    assert (caught.value.error, caught.value.id) == ("version", 4)


def test_what_the_server_sends_is_one_ascii_line():
    line = encode({"type": "update", "text": "Zoë \udcff"})
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and line.isascii()
    assert json.loads(line)["text"] == "Zoë \udcff"


def test_codes_are_three_groups_of_four_from_an_unambiguous_alphabet():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 14 and code[4] == code[9] == "-" and set(code.replace("-", "")) <= set(ALPHABET)
    assert not set("01ILO") & set(ALPHABET)
    assert len(ALPHABET) ** 12 > 7.8e17  # 59 bits: docs/protocol.md works out the years from it
    taken = {new_code()}
    assert new_code(taken) not in taken


def test_a_typed_code_is_read_forgivingly_and_nonsense_is_not_a_code():
    assert canonical("k7pq 3mzd xw4r") == canonical("K7PQ3MZDXW4R") == canonical(" K7-PQ3-MZDX-W4R ") == "K7PQ-3MZD-XW4R"
    assert canonical("K7PQ-3MZD-XW4") is None and canonical("K7PQ-3MZD-XW4O") is None and canonical("") is None


def test_the_codes_of_tables_made_before_codes_grew_are_still_read():
    assert canonical("k7pq 3mzd") == canonical("K7PQ3MZD") == "K7PQ-3MZD"
    assert canonical("K7PQ-3MZ") is None


def test_the_throttle_counts_an_address_and_an_ipv6_network():
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff") == "2001:db8::/64"
    assert address_key("::ffff:10.0.0.1") == "10.0.0.1"
    clock = FakeClock()
    throttle = SignInThrottle(clock=clock.now, free=2, first_delay=1.0)
    assert [throttle.failure("2001:db8::1") for _ in range(2)] == [0.0, 0.0]
    assert throttle.failure("2001:db8::2") == 1.0  # the same /64
    assert throttle.failure("2001:db9::1") == 0.0 and throttle.failure("10.0.0.1") == 0.0


def test_an_addresss_failures_are_free_at_first_then_double_up_to_a_cap():
    clock = FakeClock()
    throttle = SignInThrottle(clock=clock.now, free=3, first_delay=1.0, most_delay=8.0)
    waits = [throttle.failure("10.0.0.1") for _ in range(9)]
    assert waits == [0.0, 0.0, 0.0, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0]


def test_an_address_quiet_long_enough_starts_afresh():
    clock = FakeClock()
    throttle = SignInThrottle(clock=clock.now, free=1, first_delay=1.0, forget=600)
    throttle.failure("10.0.0.1")
    assert throttle.failure("10.0.0.1") == 1.0
    clock.advance(600)
    assert throttle.failure("10.0.0.1") == 0.0


def test_failures_from_many_addresses_are_answered_at_the_overall_rate():
    """A guesser holding many addresses, each with its free failures: beyond the burst, the
    whole server answers `rate` failures a second, each one queued behind the others."""
    clock = FakeClock()
    throttle = SignInThrottle(clock=clock.now, free=1000, rate=10.0, burst=20.0, most_wait=1000)
    waits = [throttle.failure(f"10.0.{n // 250}.{n % 250}") for n in range(50)]
    assert waits[:20] == [0.0] * 20
    assert waits[20:] == pytest.approx([(n + 1) / 10 for n in range(30)])
    clock.advance(10)  # the queue drained: the bucket is back where it was, then refills
    assert throttle.failure("10.9.9.9") == 0.0


def test_no_failure_is_held_longer_than_the_most_wait():
    clock = FakeClock()
    throttle = SignInThrottle(clock=clock.now, free=1000, rate=1.0, burst=1.0, most_wait=5.0)
    waits = [throttle.failure(f"10.0.0.{n}") for n in range(50)]
    assert max(waits) == 5.0


def test_the_throttle_forgets_addresses_when_it_holds_too_many():
    clock = FakeClock()
    throttle = SignInThrottle(clock=clock.now, most_addresses=10, forget=60)
    for n in range(10):
        throttle.failure(f"10.0.0.{n}")
    clock.advance(61)
    throttle.failure("10.0.1.1")
    assert len(throttle._addresses) == 1
    for n in range(40):  # all busy at once: the oldest make room
        throttle.failure(f"10.0.2.{n}")
    assert len(throttle._addresses) <= 10


def test_the_data_folder_keeps_codes_privately_and_is_one_servers_at_a_time(tmp_path):
    store = TableStore.open(tmp_path / "server")
    record = TableRecord("t1", "nabit", "t1.jsonl", ("AAAA-BBBB", None), "CCCC-DDDD")
    store.add(record)
    assert oct(store.tables_path.stat().st_mode & 0o777) == "0o600"
    with pytest.raises(StoreError, match="Another tilegames server is using"):
        TableStore.open(tmp_path / "server")
    store.close()
    again = TableStore.open(tmp_path / "server")
    assert again.records == [record] and again.next_id() == "t2"
    again.close()


@pytest.mark.parametrize("content", [b"{not json", b'{"format": "other"}', b'{"format": "tilegames-server-tables", '
                                     b'"version": 1, "tables": [{"id": "t1"}]}'])
def test_a_damaged_tables_file_is_named_and_not_overwritten(tmp_path, content):
    folder = tmp_path / "server"
    folder.mkdir()
    (folder / "tables.json").write_bytes(content)
    with pytest.raises(StoreError, match="tables.json is damaged"):
        TableStore.open(folder)
    assert (folder / "tables.json").read_bytes() == content
    assert commands.serve("127.0.0.1", 0, folder) == 1


def test_a_tables_journal_is_its_owners_only(data):
    from tilegames.net.lobby import Lobby

    lobby = Lobby(TableStore.open(data))
    table = lobby.create("nabit", ("Ann", "Bob"), get_game("nabit").config_for({}, 2), 7)
    assert oct((data / f"{table.id}.jsonl").stat().st_mode & 0o777) == "0o600"
    assert oct(data.stat().st_mode & 0o777) == "0o700"
    lobby.close()


def test_the_default_folder_is_beside_the_saves(monkeypatch, tmp_path):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    assert default_data_dir() == tmp_path / "home" / "server"


def test_a_folder_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(StoreError):
        TableStore.open(tmp_path / "file")


def test_long_lines_are_skipped_and_reading_goes_on():
    async def lines(data: bytes, limit: int) -> list[bytes | None]:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        return [line async for line in read_lines(reader, limit)]

    data = b"short\n" + b"x" * 200_000 + b"\nafter\n" + b"y" * 11 + b"\ncut"
    assert asyncio.run(lines(data, 10)) == [b"short", None, b"after", None]


def test_a_server_open_to_other_machines_says_so(capsys):
    commands.warn_if_open("127.0.0.1")
    commands.warn_if_open("::1")
    commands.warn_if_open("localhost")
    assert capsys.readouterr().err == ""
    commands.warn_if_open("0.0.0.0")
    assert "Warning: listening on 0.0.0.0" in capsys.readouterr().err


def test_host_rummikub_with_rounds_serves_the_whole_match(tmp_path, capsys):
    """`host rummikub --rounds 3` with two players: a table whose series is the 6-game match."""
    config = get_game("rummikub").config_for({"rounds": 3}, 2)

    def stop_at_once(info):
        raise KeyboardInterrupt

    try:
        commands.host("rummikub", ("Ann", "Bob"), config, 1, "127.0.0.1", 0, tmp_path, None, ready=stop_at_once)
    except KeyboardInterrupt:
        pass
    assert "one game" not in capsys.readouterr().err
    lobby = Lobby(TableStore.open(tmp_path))
    try:
        assert lobby.load() == []
        (table,) = lobby.tables.values()
        assert (table.game_number, table.series.total_games, table.series.seed) == (1, 6, 1)
    finally:
        lobby.close()


def test_a_port_in_use_is_a_sentence(tmp_path, capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert commands.serve("127.0.0.1", port, tmp_path / "server") == 1
    assert f"cannot listen on 127.0.0.1 port {port}" in capsys.readouterr().err


def test_host_with_a_given_seed_says_the_deal_is_guessable_and_without_one_deals_128_bits(tmp_path, capsys):
    config = get_game("nabit").config_for({}, 2)

    def stop_at_once(info):
        raise KeyboardInterrupt

    for seed, folder in ((123, tmp_path / "given"), (None, tmp_path / "drawn")):
        try:
            commands.host("nabit", ("Ann", "Bob"), config, seed, "127.0.0.1", 0, folder, None, ready=stop_at_once)
        except KeyboardInterrupt:
            pass
        said = capsys.readouterr().err
        assert ("dealt from the seed you gave (123)" in said) == (seed is not None)
    from tilegames.core.records.journal import read_header

    assert read_header(tmp_path / "given" / "t1.jsonl").seed == 123
    assert 2**64 <= read_header(tmp_path / "drawn" / "t1.jsonl").seed < 2**64 + 2**128
