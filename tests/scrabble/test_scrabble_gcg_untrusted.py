"""GCG files come from anywhere: every number read is bounded and made of ASCII digits, every
message that echoes the file is short and safe to print, and no bytes crash the reader.

A file is only ever a malformed-input error (`line N: …`, one line from `gcg verify`, exit 1),
never a Python traceback such as int()'s ValueError past 4,300 digits.
"""

from __future__ import annotations

import argparse

import pytest

from tilegames.commands import scrabble as scrabble_command
from tilegames.games.scrabble.gcg import GcgError, decode_gcg, parse_gcg, verify

HEAD = "#player1 ann Ann\n#player2 bob Bob\n"
HUGE = "9" * 5000


def verify_command(capsys, path) -> tuple[int, list[str]]:
    parser = argparse.ArgumentParser(prog="tilegames")
    scrabble_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["scrabble", "gcg", "verify", str(path)])
    code = args.handler(args)
    out = capsys.readouterr()
    assert out.err == ""
    return code, out.out.splitlines()


def refused(text: str) -> str:
    """The one-sentence error for `text`, which must be a GcgError and short."""
    with pytest.raises(GcgError) as caught:
        verify(parse_gcg(text))
    message = str(caught.value)
    assert len(message) < 200 and message.isprintable(), message
    return message


# --- numbers ------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "line, message",
    [
        (f">ann: ADEHNRT 8G HAND +{HUGE} 16", 'line 3: the score "+9999'),
        (f">ann: ADEHNRT 8G HAND +16 {HUGE}", 'line 3: the total "9999'),
        (f">ann: ADEHNRT 8G HAND -{HUGE} -{HUGE}", 'line 3: the score "-9999'),
        (">ann: ADEHNRT 8G HAND +1000000 16", 'line 3: the score "+1000000" has more than 6 digits'),
        (f">ann: ADEHNRT -{HUGE} +0 0", "line 3: an exchange is of 1 to 7 tiles, not 9999"),
    ],
    ids=["score", "total", "negative", "seven-digits", "exchange"],
)
def test_a_number_too_long_for_a_scrabble_record_is_a_malformed_line_not_a_traceback(line, message):
    assert refused(HEAD + line + "\n").startswith(message)


@pytest.mark.parametrize("index", [HUGE, "5", "0", "12"], ids=["huge", "5", "0", "12"])
def test_player_numbers_go_from_1_to_4(index):
    message = refused(f"#player{index} ann Ann\n")
    assert message.startswith("line 1: ") and "#player1 to #player4" in message


@pytest.mark.parametrize(
    "line, message",
    [
        (">ann: ADEHNRT 8G HAND +\u0661\u0666 16", 'line 3: the score "+\u0661\u0666" is not a number like +24'),
        (">ann: ADEHNRT 8G HAND +16 \uff11\uff16", 'line 3: the total "\uff11\uff16" is not a number'),
        (">ann: ADEHNRT -\u0663 +0 0", 'line 3: expected an exchange like "-ABC" or "-3", got "-\u0663"'),
        (">ann: ADEHNRT \u0668G HAND +16 16", 'line 3: "\u0668G" is not a square'),
    ],
)
def test_only_ascii_digits_are_digits(line, message):
    assert refused(HEAD + line + "\n").startswith(message)


def test_a_player_number_in_other_digits_is_not_a_player():
    assert "#player1 to #player4" in refused("#player\u0661 ann Ann\n#player2 bob Bob\n")


# --- what messages echo -------------------------------------------------------------------------

def test_echoed_input_is_shortened_and_control_characters_are_escaped():
    message = refused(HEAD + ">ann: ADEHNRT 8G HAND +\x1b[2J" + "9" * 300 + " 16\n")
    assert "\x1b" not in message and "\\x1b[2J" in message and message.endswith("...\" is not a number like +24 or -10")
    message = refused(HEAD + ">c\x07arl\u202e: ADEHNRT 8G HAND +16 16\n")
    assert 'unknown player "c\\x07arl\\u202e"' in message
    message = refused(HEAD + "x" * 5000 + "\n")
    assert message.startswith('line 3: expected a pragma ("#…") or an event') and len(message) < 200


def test_a_nick_with_control_characters_is_escaped_in_replay_messages_too():
    text = "#player1 a\x1bn Ann\n#player2 bob Bob\n>a\x1bn: ADEHNRT -- -16 0\n"
    assert refused(text) == 'line 3: a withdrawn play ("--") must come right after a play by a\\x1bn'


# --- bytes --------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "data, message",
    [
        (b"#character-encoding UTF-8\n#player1 ann Ren\xe9\n", "line 2: the text is not valid UTF-8"),
        (b"#character-encoding undefined\n" + HEAD.encode(), "line 1: the text cannot be read as undefined"),
        (b"#character-encoding idna\n" + HEAD.encode() + b"\xff", "the text is not valid idna"),
        (b"#character-encoding \x1b[2J\n", 'line 1: unknown character encoding "\\x1b[2J"'),
    ],
)
def test_text_that_is_not_in_its_stated_encoding_is_a_clear_error(data, message):
    with pytest.raises(GcgError) as caught:
        decode_gcg(data)
    assert message in str(caught.value) and str(caught.value).startswith("line ")


def test_binary_junk_and_non_utf8_bytes_give_one_line_and_exit_1(capsys, tmp_path):
    path = tmp_path / "junk.gcg"
    path.write_bytes(bytes(range(256)) * 4)
    code, lines = verify_command(capsys, path)
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith(f"{path}: line 1: expected a pragma") and lines[0].isprintable()


def test_a_file_name_that_is_not_utf8_is_echoed_safely(capsys, tmp_path):
    path = tmp_path / b"bad\xff\x1b.gcg".decode("utf-8", "surrogateescape")
    code, lines = verify_command(capsys, path)
    assert code == 1 and lines == [f"{tmp_path}/bad\\xff\\x1b.gcg does not exist."]
