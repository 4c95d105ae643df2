"""The lexicon (RULES.md §2.3, §3.7, §4.4; DESIGN.md §7) and `tilegames words`."""

from __future__ import annotations

import gc

import importlib.util
import re
from pathlib import Path

import pytest

from tilegames.cli import main
from tilegames.core.parts.lexicon import Lexicon, LexiconError, default_lexicon, load_word_file

ROOT = Path(__file__).resolve().parent.parent
SCOWL = Path("/usr/share/dict/scowl")

TWO_LETTER = (
    "aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by da de do ed ef eh el em en er es et "
    "ew ex fa fe gi go ha he hi hm ho id if in is it jo ka ki la li lo ma me mi mm mo mu my na ne no nu "
    "od oe of oh oi ok om on op or os ow ox oy pa pe pi po qi re sh si so ta te ti to uh um un up us ut "
    "we wo xi xu ya ye yo za"
).split()
MUST_ACCEPT = ("qat cwm zax quixotic strainers trainer throb hob conquest recover heavy cape toy chip lap "
               "ear pal the fun sun").split()
MUST_REJECT = ["london", "john's", "usa", "nasa", "xyzzy", "qwerty", "asdf"]
# SCOWL lists these in lower case; no word game accepts them: abbreviations and symbols, single
# letters and letter plurals (`bs` for "b's"), and foreign or dialect spellings.
NOT_WORDS = (
    "kb mb lm ln lx mf ms ns ps ls ts ky ny fy ge ja ko oo ou ug ur yu zo "  # two letters
    "bs cs ds fs gs hs js ks qs rs ss ws xs ys zs "  # letter plurals
    "b c x z "  # single letters
    "aeq csc dkl hhd esc iff gif oui von sed "  # three letters
    "csch sech sinh tanh coth pwns"  # longer
).split()
DICTIONARIES = ROOT / "dictionaries"


def load_build_script():
    spec = importlib.util.spec_from_file_location("dictionary_build", ROOT / "dictionaries" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


def test_all_107_two_letter_words_of_tournament_play_are_accepted(lexicon):
    assert len(TWO_LETTER) == 107
    assert [w for w in TWO_LETTER if w not in lexicon] == []


@pytest.mark.parametrize("word", MUST_ACCEPT)
def test_word_games_accept(lexicon, word):
    assert word in lexicon and word.upper() in lexicon


@pytest.mark.parametrize("word", MUST_REJECT)
def test_word_games_reject(lexicon, word):
    assert word not in lexicon


def test_two_letter_words_are_exactly_the_107_of_tournament_play(lexicon):
    build = load_build_script()
    supplement = {w for w in build.hand_list(DICTIONARIES / "supplement.txt") if len(w) == 2}
    assert supplement == set(TWO_LETTER)
    assert {w for w in lexicon.words if len(w) == 2} == set(TWO_LETTER)


def test_three_letter_words_come_only_from_the_reviewed_list(lexicon):
    build = load_build_script()
    reviewed = build.hand_list(DICTIONARIES / "three-letter.txt")
    assert {w for w in lexicon.words if len(w) == 3} == reviewed


def test_no_single_letter_is_a_word(lexicon):
    assert [w for w in lexicon.words if len(w) == 1] == []


@pytest.mark.parametrize("word", NOT_WORDS)
def test_abbreviations_and_letter_names_are_not_words(lexicon, word):
    assert word not in lexicon


@pytest.mark.parametrize("word", "paris qat zax cwm abs pos res sos cee zed ell".split())
def test_reviewed_short_words_are_accepted(lexicon, word):
    assert word in lexicon


def test_paris_the_herb_is_a_word(lexicon):
    assert "paris" in lexicon and "PARIS" in lexicon


def test_reviewed_three_letter_lists_hold_three_letter_words_kept_or_dropped_never_both():
    build = load_build_script()
    kept = build.hand_list(DICTIONARIES / "three-letter.txt")
    dropped = build.hand_list(DICTIONARIES / "three-letter-dropped.txt")
    assert kept and dropped and not kept & dropped
    assert all(len(w) == 3 for w in kept | dropped)


@pytest.mark.skipif(not SCOWL.is_dir(), reason="SCOWL (Debian package scowl) is not installed")
def test_every_three_letter_entry_of_scowl_was_reviewed():
    build = load_build_script()
    assert build.unreviewed(SCOWL) == []


def test_build_takes_short_words_only_from_the_reviewed_lists(tmp_path):
    build = load_build_script()
    (tmp_path / "english-words.10").write_text("x\nkb\nzs\ncsc\noui\ncat\ncatnip\n")
    words = set(build.build(tmp_path))
    assert {"cat", "catnip", "aa", "za", "zax", "cee"} <= words  # reviewed lists always apply
    assert not words & {"x", "kb", "zs", "csc", "oui"}


def test_default_list_is_lower_case_letters_only_and_sorted():
    text = (ROOT / "dictionaries" / "english.txt").read_text(encoding="ascii")
    words = text.split("\n")[:-1]
    assert all(re.fullmatch("[a-z]+", w) for w in words)
    assert words == sorted(set(words))
    assert len(words) > 200_000


def test_build_skips_capitalised_proper_names_abbreviations_and_contractions(tmp_path):
    build = load_build_script()
    (tmp_path / "english-words.10").write_text("cat\ndog's\nre-enter\ncafé\n", encoding="utf-8")
    (tmp_path / "english-words.95").write_text("zzzobscure\n")  # above size 80: not read
    (tmp_path / "english-upper.10").write_text("London\nTurkey\n")
    (tmp_path / "english-proper-names.35").write_text("john\n")
    (tmp_path / "english-abbreviations.10").write_text("usa\n")
    (tmp_path / "english-contractions.10").write_text("isn't\n")
    (tmp_path / "american-words.10").write_text("color\nqwerty\n")
    words = set(build.build(tmp_path))
    assert {"cat", "color", "qat", "aa"} <= words  # the supplement is always added
    assert not words & {"dog's", "re-enter", "café", "zzzobscure", "london", "turkey", "john", "usa", "qwerty"}


def test_build_is_reproducible(tmp_path):
    build = load_build_script()
    (tmp_path / "english-words.10").write_text("b\na\nc\n")
    assert build.build(tmp_path) == build.build(tmp_path)


@pytest.mark.skipif(not SCOWL.is_dir(), reason="SCOWL (Debian package scowl) is not installed")
def test_shipped_list_is_exactly_what_the_build_makes_from_scowl():
    build = load_build_script()
    expected = "".join(w + "\n" for w in build.build(SCOWL))
    assert (ROOT / "dictionaries" / "english.txt").read_text(encoding="ascii") == expected


def test_own_word_list_ignores_case_comments_and_blank_lines(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("# my family's words\nHello\n\n  World  # trailing comment\nnot a word\nit's\n")
    mine = load_word_file(path)
    assert set(mine.words) == {"hello", "world"}
    assert "HELLO" in mine and "there" not in mine


def test_a_word_list_is_not_walked_by_the_garbage_collector():
    # A set of 250,000 words cost every full collection 22 ms; a dict of strings is let go.
    gc.collect()
    assert not gc.is_tracked(default_lexicon().words)


@pytest.mark.parametrize(
    "setup, message",
    [
        (lambda p: None, "does not exist"),
        (lambda p: p.mkdir(), "is a folder"),
        (lambda p: p.write_text("# nothing\n\n123\n"), "has no usable word"),
        (lambda p: p.write_bytes(b"\xff\xfe\x00\x01"), "has no usable word"),
    ],
)
def test_bad_word_lists_get_one_sentence(tmp_path, setup, message):
    path = tmp_path / "words.txt"
    setup(path)
    with pytest.raises(LexiconError, match=message):
        load_word_file(path)


def test_frequencies_rank_common_words_above_rare_ones(lexicon):
    assert lexicon.frequency("the") > lexicon.frequency("cape") > lexicon.frequency("quixotic") > 0
    assert lexicon.frequency("xyzzyq") == 0.0


def test_family_mode_accepts_only_common_words(lexicon):
    assert lexicon.is_common("cape") and lexicon.is_common("fun")
    assert not lexicon.is_common("quixotic") and not lexicon.is_common("qat")
    assert not lexicon.is_common("london")  # common, but not a word of the list


def test_words_check_command(capsys):
    assert main(["words", "check", "qat", "QUIXOTIC"]) == 0
    out = capsys.readouterr().out
    assert "QAT" in out and "valid" in out and "frequency" in out
    assert main(["words", "check", "qat", "london"]) == 1
    assert "LONDON  not valid" in capsys.readouterr().out


def test_words_check_family_mode(capsys):
    assert main(["words", "check", "--family", "cape", "quixotic"]) == 1
    assert "too rare for the family mode" in capsys.readouterr().out


def test_words_info_names_the_list_and_its_size(capsys):
    assert main(["words", "info"]) == 0
    out = capsys.readouterr().out
    assert "SCOWL" in out and f"{len(default_lexicon()):,}" in out


def test_words_with_a_missing_file_is_one_line_exit_1(tmp_path, capsys):
    assert main(["words", "check", "--words", str(tmp_path / "none.txt"), "cat"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "does not exist" in err


def test_words_with_own_list(tmp_path, capsys):
    path = tmp_path / "w.txt"
    path.write_text("cat\n")
    assert main(["words", "check", "--words", str(path), "CAT"]) == 0
    assert main(["words", "info", "--words", str(path)]) == 0
    assert "Words: 1" in capsys.readouterr().out


def test_words_check_says_when_an_argument_is_not_a_single_word(capsys):
    assert main(["words", "check", "hello world", "cat"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "HELLO WORLD" in lines[0] and "not a single word" in lines[0] and "frequency" not in lines[0]
    assert lines[1].split()[:2] == ["CAT", "valid"]


def test_words_check_lines_up_wide_letters_by_cells(capsys):
    main(["words", "check", "한국", "cat"])
    from rich.cells import cell_len

    lines = capsys.readouterr().out.splitlines()
    assert cell_len(lines[0].split("not")[0]) == cell_len(lines[1].split("valid")[0])
