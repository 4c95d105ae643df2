"""GCG records: reading every kind of line, replaying real games, and `scrabble gcg verify`.

Real tournament and online games (the shared folder, see its SOURCES.md) are the best test of
our scoring: every play in them was scored by another program or by two players agreeing.
The hand-made fixtures under gcg/ cover each line type; their scores were worked out by hand
(see the #note lines), not by our code.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from tilegames.commands import scrabble as scrabble_command
from tilegames.games.scrabble.gcg import GcgError, Mismatch, decode_gcg, load_gcg, parse_gcg, verify

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "gcg"


def shared_gcg_dir() -> Path:
    env = os.environ.get("TILEGAMES_GCG_DIR")
    return Path(env) if env else Path(__file__).resolve().parents[2].parent / "shared" / "data" / "gcg"


SHARED_DIR = shared_gcg_dir()
SHARED = sorted(SHARED_DIR.glob("*.gcg")) if SHARED_DIR.is_dir() else []

# Final scores as SOURCES.md states them, checked when the file is present.
FINAL_SCORES = {
    "macondo_issue_476.gcg": {"whatnoloan": 422, "BestBot": 443},
    "macondo_josh2.gcg": {"jvc": 397, "Paula": 291},
    "macondo_vs_frentz.gcg": {"cesar": 439, "frentz": 550},
    "liwords_vs_josh.gcg": {"cesar": 457, "josh": 397},
    "liwords_combined_low_scoring.gcg": {"Marlon_Hill": -6, "Ben_Schoenbrun": -16},
    "quackle_capp.gcg": {"Brian": 481, "Pakorn": 393},
}


def run_command(capsys, *argv: str) -> tuple[int, list[str]]:
    """Call the handler the way cli.py will, through a parser built here."""
    parser = argparse.ArgumentParser(prog="tilegames")
    scrabble_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["scrabble", "gcg", "verify", *argv])
    code = args.handler(args)
    captured = capsys.readouterr()
    assert captured.err == ""
    return code, captured.out.splitlines()


# --- the shared real games -------------------------------------------------------------------


@pytest.mark.parametrize("path", SHARED or [None], ids=[p.name for p in SHARED] or ["absent"])
def test_every_shared_game_verifies_with_all_scores_matching(path):
    if path is None:
        pytest.skip(f"no shared GCG folder at {SHARED_DIR} (set TILEGAMES_GCG_DIR)")
    report = verify(load_gcg(path))
    assert report.mismatches == ()
    assert report.plays > 0
    if path.name in FINAL_SCORES:
        assert dict(report.totals) == FINAL_SCORES[path.name]


def test_the_command_passes_every_shared_game(capsys):
    if not SHARED:
        pytest.skip(f"no shared GCG folder at {SHARED_DIR} (set TILEGAMES_GCG_DIR)")
    code, lines = run_command(capsys, *map(str, SHARED))
    assert code == 0
    assert len(lines) == len(SHARED)
    for path, line in zip(SHARED, lines):
        assert line.startswith(f"{path}: ") and ", all scores match (" in line


def test_the_shared_games_show_the_quirks_we_read():
    """Each file carries a quirk SOURCES.md describes; make sure we read it as meant."""
    if not SHARED:
        pytest.skip(f"no shared GCG folder at {SHARED_DIR} (set TILEGAMES_GCG_DIR)")
    games = {p.name: load_gcg(p) for p in SHARED}
    if "quackle_capp.gcg" in games:
        capp = games["quackle_capp.gcg"]
        withdrawn = [e for e in capp.events if e.kind == "withdrawn"]
        assert [(e.score, e.score_inferred) for e in withdrawn] == [(-45, True)]
        assert [p.name for p in capp.pragmas] == ["style", "incomplete"]
    if "macondo_vs_frentz.gcg" in games:
        bonus = [e for e in games["macondo_vs_frentz.gcg"].events if e.kind == "challenge_bonus"]
        assert [e.rack for e in bonus] == ["ADDIPYZ", ""]
    if "liwords_vs_josh.gcg" in games:
        (exchange,) = [e for e in games["liwords_vs_josh.gcg"].events if e.kind == "exchange" and not e.exchanged]
        assert exchange.exchange_count == 4 and exchange.rack == "IIIU"
    if "macondo_issue_476.gcg" in games:
        game = games["macondo_issue_476.gcg"]
        assert game.lexicon == "NWL23" and (game.id_authority, game.id) == ("io.woogles", "kYmDwcfkbY")
        assert game.events[-1].kind == "time_penalty" and game.events[-1].score == -10


# --- hand-made fixtures: every line type ------------------------------------------------------


def test_every_line_type_is_read_with_its_fields():
    game = load_gcg(FIXTURES / "every_line_type.gcg")
    assert [(p.number, p.nick, p.name) for p in game.players] == [(1, "ann", "Ann Lee"), (2, "bob", "Bob Park")]
    assert game.title == "Fixture: one line of every kind"
    assert game.lexicon == "NWL2020" and game.encoding == "UTF-8"
    assert (game.id_authority, game.id) == ("tilegames", "fixture-1")
    assert [(p.name, p.value) for p in game.pragmas] == [("game-type", "classic")]
    assert game.note == "a note before the first event belongs to the game"
    kinds = [e.kind for e in game.events]
    assert kinds == [
        "play", "play", "exchange", "exchange", "pass", "play", "play", "withdrawn",
        "play", "challenge_bonus", "play", "play", "end_rack_points",
    ]
    events = game.events
    assert events[0].line == 10 and str(events[0].coordinate) == "8G" and events[0].word == "HAND"
    assert events[0].note.startswith("H4 A1 N1 D2")
    assert events[1].coordinate.direction == "down" and events[1].word == "T.E"  # dot through the H
    assert (events[2].exchanged, events[2].exchange_count) == ("QUU", 3)
    assert (events[3].exchanged, events[3].exchange_count) == ("", 2)  # count form
    assert events[5].word == ".OVe" and str(events[5].coordinate) == "J8"  # lower-case j8, blank e
    assert events[5].note == "D2 O1 V4x3 (J10 is TL), blank 0.\nthis line goes on with the note above"
    assert (events[7].score, events[7].score_inferred) == (-10, False)
    assert events[9].rack == "DO" and events[9].score == 5
    assert events[12].end_rack == "EIIRTW" and events[12].rack == ""


def test_every_line_type_verifies_and_the_withdrawn_tiles_leave_the_board():
    report = verify(load_gcg(FIXTURES / "every_line_type.gcg"))
    assert report.ok and report.mismatches == ()
    assert report.plays == 7
    assert report.end_rack_rule == "2x" and report.end_rack_note == "end-of-game racks counted 2x"
    assert report.totals == (("ann", 34), ("bob", 126))
    # .WIT at 10J was withdrawn: K10 L10 M10 are empty again, the V at J10 stays.
    assert (9, 9) in report.board and not {(9, 10), (9, 11), (9, 12)} & report.board.keys()
    assert report.board[(10, 9)] == "e"  # the blank keeps its lower case


def test_quackle_style_lowercase_coordinates_written_through_letters_and_plus_zero_withdrawal():
    path = FIXTURES / "quackle_style_no_final_newline.gcg"
    assert not path.read_bytes().endswith(b"\n")  # the fixture's point: no final newline
    game = load_gcg(path)
    pilot = game.events[1]
    assert str(pilot.coordinate) == "H4" and pilot.word == "PILOT"  # the T on H8 written out
    withdrawn = game.events[3]
    assert withdrawn.kind == "withdrawn" and withdrawn.score == -7 and withdrawn.score_inferred
    assert [p.name for p in game.pragmas] == ["style", "incomplete"]
    report = verify(game)
    assert report.ok
    assert report.end_rack_rule == "1x" and report.end_rack_note == "end-of-game racks counted 1x"
    assert report.totals == (("cy", 109), ("di", 19))
    assert (8, 8) not in report.board  # DURE withdrawn


def test_six_scoreless_turns_own_racks_deducted_time_penalty_and_crlf():
    path = FIXTURES / "six_scoreless_crlf.gcg"
    assert b"\r\n" in path.read_bytes()  # the fixture's point: CRLF line ends
    game = load_gcg(path)
    penalties = [(e.kind, e.end_rack, e.score) for e in game.events[-3:]]
    assert penalties == [
        ("end_rack_penalty", "ADEIRST", -8),
        ("end_rack_penalty", "?BCDEFG", -15),
        ("time_penalty", "", -10),
    ]
    assert game.events[3].exchange_count == 3
    report = verify(game)
    assert report.ok and report.plays == 0
    assert report.end_rack_rule is None and report.end_rack_note == "no end-of-game rack points"
    assert report.totals == (("ann", -8), ("bob", -25))


def test_crlf_trailing_spaces_and_a_missing_final_newline_read_the_same_as_plain_lines():
    text = (FIXTURES / "every_line_type.gcg").read_text()
    messy = "\r\n".join(line + "  " for line in text.splitlines())
    assert not messy.endswith("\n")
    assert parse_gcg(messy) == parse_gcg(text)
    assert verify(parse_gcg(messy)).totals == (("ann", 34), ("bob", 126))


def test_old_quackle_lines_list_the_words_formed_after_the_total_in_padded_columns():
    path = FIXTURES / "quackle_old_words_after_total.gcg"
    assert b"+17   17  FOG, HO, AG  \n" in path.read_bytes()  # the fixture's point
    game = load_gcg(path)
    fog = game.events[1]
    assert (str(fog.coordinate), fog.word, fog.score, fog.total) == ("9F", "FOG", 17, 17)
    assert fog.formed == ("FOG", "HO", "AG") and game.events[0].formed == ("HAND",)
    assert game.events[2].kind == "pass" and game.events[2].formed == ()
    report = verify(game)
    assert report.ok and report.plays == 2 and report.totals == (("Ann", 16), ("Bob", 17))


def test_the_old_quackle_line_of_the_issue_is_read():
    (event,) = parse_gcg(HEAD + ">ann: EFGIKOS   9c FOG      +25   55  FOG, OW, GA   \n").events
    assert (event.rack, str(event.coordinate), event.word) == ("EFGIKOS", "9C", "FOG")
    assert (event.score, event.total, event.formed) == (25, 55, ("FOG", "OW", "GA"))


# --- mistakes in records ----------------------------------------------------------------------


def test_a_wrong_score_is_reported_with_its_line_recorded_and_computed_values(capsys):
    report = verify(load_gcg(FIXTURES / "wrong_score.gcg"))
    assert report.mismatches == (Mismatch(22, "score of 12D RETAINS", 76, 74),)
    code, lines = run_command(capsys, str(FIXTURES / "wrong_score.gcg"))
    assert code == 1
    assert lines == [f"{FIXTURES / 'wrong_score.gcg'}: line 22: score of 12D RETAINS: recorded 76, computed 74"]


def test_a_total_that_does_not_add_up_is_reported_once():
    text = (FIXTURES / "every_line_type.gcg").read_text().replace(">ann: EIIRTWX - +0 16", ">ann: EIIRTWX - +0 17")
    report = verify(parse_gcg(text))
    assert report.mismatches[0] == Mismatch(16, "total of ann", 17, 16)
    # The next line of ann's adds up from the 17 written, so it is reported again only as an
    # inconsistency with that: 17 + 10 is not the 26 written.
    assert report.mismatches[1] == Mismatch(20, "total of ann", 26, 27)


def test_wrong_end_rack_points_are_a_mismatch_under_the_2x_rule():
    text = (FIXTURES / "every_line_type.gcg").read_text()
    text = text.replace(">bob: DO 13B DO +6 108", ">bob: DO 13B DO +6 108\n>bob: (?) +0 108")
    text = text.replace("(EIIRTW) +18 126", "(EIIRTW) +17 125")
    report = verify(parse_gcg(text))
    assert report.end_rack_rule == "2x"
    assert Mismatch(29, "end-of-game rack (EIIRTW)", 17, 18) in report.mismatches


def test_a_withdrawal_taking_back_the_wrong_amount_is_a_mismatch():
    text = (FIXTURES / "every_line_type.gcg").read_text().replace("-- -10 16", "-- -12 14")
    report = verify(parse_gcg(text))
    assert report.mismatches[0] == Mismatch(21, "points taken back for the withdrawn play", -12, -10)


@pytest.mark.parametrize(
    "name, message",
    [
        ("bad_coordinate.gcg", 'line 3: "8P" is not a square: write 8D for row 8 from column D across'),
        ("unknown_player.gcg", 'line 4: unknown player "carl" (players are ann, bob)'),
        ("score_not_a_number.gcg", 'line 3: the score "+1x6" is not a number like +24 or -10'),
        ("occupied_square.gcg", "line 4: TOE at H7 puts O on H8, which holds A already"),
        ("dot_over_empty.gcg", 'line 4: T.E at F7 has "." on F8, which is empty'),
    ],
)
def test_malformed_files_say_which_line_and_what_was_expected(capsys, name, message):
    path = FIXTURES / "bad" / name
    with pytest.raises(GcgError) as caught:
        verify(load_gcg(path))
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)
    code, lines = run_command(capsys, str(path))
    assert code == 1 and lines == [f"{path}: {caught.value}"]


HEAD = "#player1 ann Ann\n#player2 bob Bob\n"


@pytest.mark.parametrize(
    "body, message",
    [
        (">ann ADEHNRT 8G HAND +16 16", 'line 3: expected ">nick: RACK MOVE SCORE TOTAL", got ">ann ADEHNRT 8G HAND +16 16"'),
        (">ann: +16 16", 'line 3: expected ">nick: RACK MOVE SCORE TOTAL"'),
        (">ann: ADEHNRT 8G HAND +16 sixteen", 'line 3: the total "sixteen" is not a number'),
        (">ann: AD3HNRT 8G HAND +16 16", 'line 3: the rack "AD3HNRT" may hold only letters'),
        (">ann: ADEHNRT 8G HA-D +16 16", 'line 3: the word "HA-D" may hold only letters'),
        (">ann: ADEHNRT 8L HANDS +16 16", "line 3: HANDS from 8L runs off the board"),
        (">ann: ADEHNRT HAND 8G +16 16", 'line 3: expected a word after the square "8G"'),
        (">ann: ADEHNRT -9 +0 0", "line 3: an exchange is of 1 to 7 tiles, not 9"),
        (">ann: ADEHNRT (1-2) +0 0", 'line 3: expected a move (8D WORD, -ABC, -, --, (challenge), (time) or (RACK)), got "(1-2)"'),
        (">ann: ADEHNRT -- +5 5", 'line 3: a withdrawn play ("--") loses its points'),
        ("this is not GCG", 'line 3: expected a pragma ("#…") or an event'),
        ("#player1 bob Bobby", "line 3: #player1 is given twice"),
    ],
)
def test_malformed_lines_raise_one_sentence_naming_the_line(body, message):
    with pytest.raises(GcgError) as caught:
        parse_gcg(HEAD + body + "\n")
    assert str(caught.value).startswith(message), str(caught.value)
    assert caught.value.line == 3


def test_an_event_before_any_player_is_named_says_so():
    with pytest.raises(GcgError, match=r'line 1: unknown player "ann" \(no #player1/#player2 line'):
        parse_gcg(">ann: ADEHNRT 8G HAND +16 16\n")


def test_two_players_with_one_nick_cannot_be_told_apart():
    with pytest.raises(GcgError, match='line 2: #player2 has the same nick "ann" as #player1'):
        parse_gcg("#player1 ann Ann\n#player2 ann Annie\n")


@pytest.mark.parametrize(
    "events, message",
    [
        (">ann: ADEHNRT -- -16 0", 'line 3: a withdrawn play ("--") must come right after a play by ann'),
        (">ann: ADEHNRT 8G HAND +16 16\n>bob: EORSTUV -- -16 0", "line 4: a withdrawn play"),
        (">ann: ADEHNRT 8G XAND +16 16", "line 3: XAND at 8G needs X, which the rack ADEHNRT does not have"),
        (">ann: ADEHNRT 8G HaND +14 14", "line 3: HaND at 8G needs a blank, which the rack ADEHNRT does not have"),
        (">ann: ADEHNRT -ZZ +0 0", "line 3: the exchange -ZZ is not part of the rack ADEHNRT"),
        (">ann: ADEHNRT 8G HAND +16 16\n>bob: EORSTUV 8G HAND +8 8", "line 4: HAND at 8G puts no new tile on the board"),
    ],
)
def test_records_that_cannot_be_replayed_say_which_line(events, message):
    with pytest.raises(GcgError) as caught:
        verify(parse_gcg(HEAD + events + "\n"))
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_partial_rack_is_not_held_against_the_play():
    game = parse_gcg(HEAD + ">ann: HA 8G HAND +16 16\n")  # only some tiles written: fine
    assert verify(game).ok


def test_encoding_pragma_and_latin1_default():
    latin = HEAD.encode() + "#title Partie de Ren\u00e9\n".encode("latin-1")
    assert parse_gcg(decode_gcg(latin)).title == "Partie de Ren\u00e9"
    utf8 = ("#character-encoding UTF-8\n" + HEAD + "#title Ren\u00e9 \u2014 game\n").encode()
    assert parse_gcg(decode_gcg(utf8)).title == "Ren\u00e9 \u2014 game"
    with pytest.raises(GcgError, match='line 1: unknown character encoding "klingon"'):
        decode_gcg(b"#character-encoding klingon\n" + HEAD.encode())


# --- the command ------------------------------------------------------------------------------


def test_command_prints_one_line_per_good_file_and_exits_0(capsys):
    files = [FIXTURES / "every_line_type.gcg", FIXTURES / "quackle_old_words_after_total.gcg"]
    code, lines = run_command(capsys, *map(str, files))
    assert code == 0
    assert lines == [
        f"{files[0]}: 7 plays, all scores match (end-of-game racks counted 2x)",
        f"{files[1]}: 2 plays, all scores match (no end-of-game rack points)",
    ]


def test_a_file_with_moves_but_no_plays_is_an_error_not_a_match(capsys):
    path = FIXTURES / "six_scoreless_crlf.gcg"
    code, lines = run_command(capsys, str(path))
    assert code == 1
    assert lines == [f"{path}: no plays to check: none of its 9 event lines puts tiles on the board"]


@pytest.mark.parametrize("text", ["", "\n\n", HEAD, "#title nothing else\n"])
def test_a_file_with_no_event_lines_at_all_is_an_error_not_a_match(capsys, tmp_path, text):
    path = tmp_path / "empty.gcg"
    path.write_text(text)
    code, lines = run_command(capsys, str(path))
    assert code == 1
    assert lines == [f'{path}: nothing to check: the file has no ">nick: …" event lines (is it a GCG game record?)']


def test_command_reports_missing_and_malformed_files_and_exits_1(capsys, tmp_path):
    missing = tmp_path / "nope.gcg"
    bad = FIXTURES / "bad" / "unknown_player.gcg"
    good = FIXTURES / "every_line_type.gcg"
    code, lines = run_command(capsys, str(good), str(missing), str(bad))
    assert code == 1
    assert lines[0].startswith(f"{good}: 7 plays")
    assert lines[1] == f"{missing} does not exist."
    assert lines[2] == f'{bad}: line 4: unknown player "carl" (players are ann, bob)'


def test_command_reports_a_directory_as_unreadable(capsys, tmp_path):
    code, lines = run_command(capsys, str(tmp_path))
    assert code == 1 and lines == [f"{tmp_path} is a folder, not a file."]
