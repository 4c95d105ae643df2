"""A damaged translation catalog (issue 23, item 8): a bad entry of a Korean PO file costs only
that entry, which shows in English; the good entries stay Korean, nothing raises, and
`catalog_problem()` says once what fell back to English.

Each test copies the real Korean catalogs into a temporary folder, damages one of them in one
way and reads the folder (`load_catalog(language, folder)`), or starts tilegames on it.
"""

from __future__ import annotations

import re
import shutil
import string
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzz_helpers import mutants
from rich.errors import MarkupError
from rich.markup import render

import tilegames
from tilegames.cli import main
from tilegames.core.text import i18n
from tilegames.core.records.file_limits import CATALOG
from tilegames.core.text.i18n import (
    Catalog,
    CatalogError,
    catalog_problem,
    load_catalog,
    read_po,
)
from tilegames.core.text.po_files import parse_po

LOCALE = Path(tilegames.__file__).parent.parent / "assets" / "locale"
KOREAN = LOCALE / "ko"


@pytest.fixture
def locale(tmp_path: Path) -> Path:
    """A copy of the shipped catalogs, to damage."""
    shutil.copytree(LOCALE, tmp_path / "locale")
    return tmp_path / "locale"


def damage(locale: Path, file: str, old: str | bytes, new: str | bytes) -> None:
    """Replace the one `old` of `file` (text or bytes) with `new`."""
    path = locale / "ko" / file
    data = path.read_bytes()
    old_bytes = old.encode() if isinstance(old, str) else old
    new_bytes = new.encode() if isinstance(new, str) else new
    assert data.count(old_bytes) == 1, old
    path.write_bytes(data.replace(old_bytes, new_bytes))


def line_of(file: str, text: str) -> int:
    lines = (KOREAN / file).read_text(encoding="utf-8").split("\n")
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def places(catalog: Catalog) -> list[tuple[str, int | None]]:
    return [(d.file, d.line) for d in catalog.damaged]


# --- each kind of damage: that entry English, the rest Korean, counted -------------------
PLURAL = 'msgstr[0] "파일 {n}개"'


@pytest.mark.parametrize("index", ["x", "-1", "1", "", "99999999999999999999999", "0x0"])
def test_a_plural_form_whose_index_is_not_0_is_english_and_the_other_plurals_korean(locale, index):
    damage(locale, "cli.po", PLURAL, f'msgstr[{index}] "파일 {{n}}개"')
    korean = load_catalog("ko", locale)
    assert korean.ngettext("{n} file", "{n} files", 3) == "{n} files"
    assert korean.ngettext("{n} play", "{n} plays", 3) == "플레이 {n}개"
    assert korean.gettext("usage: ") == "사용법: "
    assert places(korean) == [("cli.po", line_of("cli.po", PLURAL))]


def test_a_plural_entry_with_a_plain_msgstr_or_plural_forms_without_msgid_plural_is_english(locale):
    damage(locale, "cli.po", PLURAL, 'msgstr "파일 {n}개"')
    damage(locale, "cli.po", 'msgstr "사용법: "', 'msgstr[0] "사용법: "')
    korean = load_catalog("ko", locale)
    assert korean.ngettext("{n} file", "{n} files", 3) == "{n} files"
    assert korean.gettext("usage: ") == "usage: "
    assert korean.gettext("{n} files") == "파일 {n}개"
    assert len(korean.damaged) == 2


TRANSLATION = "{game}: 한 터미널에서 차례로 두기"
GAME_LINE = f'msgstr "{TRANSLATION}"'
BAD_PLACEHOLDERS = {
    "renamed": "{gmae}: 한 터미널에서 차례로 두기",
    "missing": "한 터미널에서 차례로 두기",
    "extra": "{game}: {players}명이 한 터미널에서 차례로 두기",
    "a lone opening brace": "{game: 한 터미널에서 차례로 두기",
    "a lone closing brace": "{game}}: 한 터미널에서 차례로 두기",
    "a brace opened and never closed": "{game}: 한 터미널에서 { 차례로 두기",
    "a format spec the English lacks": "{game:d}: 한 터미널에서 차례로 두기",
    "a conversion str.format refuses": "{game!z}: 한 터미널에서 차례로 두기",
    "a numbered field": "{0}: 한 터미널에서 차례로 두기",
    "an attribute": "{game.__class__}: 한 터미널에서 차례로 두기",
    "a percent conversion argparse would read": "{game}: 한 터미널에서 100% 차례로 두기",
}


@pytest.mark.parametrize("bad", BAD_PLACEHOLDERS.values(), ids=BAD_PLACEHOLDERS.keys())
def test_a_translation_whose_placeholders_differ_from_the_english_is_english(locale, bad):
    damage(locale, "cli.po", GAME_LINE, GAME_LINE.replace(TRANSLATION, bad))
    korean = load_catalog("ko", locale)
    assert korean.gettext("{game}: players take turns at one terminal") == "{game}: players take turns at one terminal"
    assert korean.gettext("usage: ") == "사용법: "
    assert places(korean) == [("cli.po", line_of("cli.po", GAME_LINE))]


def test_the_same_placeholders_in_another_order_or_twice_are_korean(locale):
    damage(locale, "cli.po", GAME_LINE, GAME_LINE.replace(TRANSLATION, "{game} {game}: 한 터미널에서"))
    korean = load_catalog("ko", locale)
    assert korean.gettext("{game}: players take turns at one terminal") == "{game} {game}: 한 터미널에서"
    assert korean.damaged == []


ARGPARSE = {
    "a renamed %(name)s": ('"잘못된 선택: %(value)r', '"잘못된 선택: %(valeu)r'),
    "another conversion": ('"잘못된 선택: %(value)r', '"잘못된 선택: %(value)d'),
    "an unnamed %s made %d": ('"다음 인수가 필요합니다: %s"', '"다음 인수가 필요합니다: %d"'),
    "a lone percent in a help text": ('"프로그램 버전을 보여 주고 종료"', '"프로그램 버전을 100% 보여 주고 종료"'),
}


@pytest.mark.parametrize(("old", "new"), ARGPARSE.values(), ids=ARGPARSE.keys())
def test_a_translation_whose_percent_conversions_differ_from_the_english_is_english(locale, old, new):
    damage(locale, "cli.po", old, new)
    korean = load_catalog("ko", locale)
    assert len(korean.damaged) == 1
    assert korean.gettext("usage: ") == "사용법: "


def test_a_translation_whose_markup_differs_from_the_english_is_english(locale):
    damage(locale, "ui-chrome.po", '"[b]y[/b] 예', '"[/i]y[/b] 예')
    korean = load_catalog("ko", locale)
    assert korean.gettext("[b]y[/b] yes    [b]n[/b] no") == "[b]y[/b] yes    [b]n[/b] no"
    assert places(korean) == [("ui-chrome.po", line_of("ui-chrome.po", '"[b]y[/b] 예'))]


USAGE = 'msgstr "사용법: "'
BAD_ENTRIES = {
    "a string that is not quoted": "msgstr 사용법: ",
    "a string with no closing quote": 'msgstr "사용법: ',
    "text after the closing quote": 'msgstr "사용법: " 그리고',
    "two strings on one line": 'msgstr "사용법" ": "',
    "an escape PO does not have": 'msgstr "사용법\\q: "',
    "a Python escape PO does not have": 'msgstr "사용법\\u00e9: "',
    "a raw string": 'msgstr r"사용법: "',
    "a keyword that is not PO": 'msgtsr "사용법: "',
    "no msgstr": "",
    "msgstr twice": 'msgstr "사용법: "\nmsgstr "사용: "',
    "a control character": 'msgstr "사용법\\a: "',
    "an escape character": 'msgstr "사용법\x1b[2J: "',
    "a NUL": 'msgstr "사용법\x00: "',
    "a replacement character": 'msgstr "사용법\ufffd: "',
}


@pytest.mark.parametrize("bad", BAD_ENTRIES.values(), ids=BAD_ENTRIES.keys())
def test_an_entry_that_is_not_po_is_english_and_the_entries_around_it_korean(locale, bad):
    damage(locale, "cli.po", USAGE, bad)
    korean = load_catalog("ko", locale)
    assert korean.gettext("usage: ") == "usage: "
    assert korean.gettext("show program's version number and exit") == "프로그램 버전을 보여 주고 종료"
    assert korean.gettext("options") != "options"  # the entry after "usage: "
    assert len(korean.damaged) == 1


def test_a_continued_string_with_no_key_before_it_is_counted_and_the_next_entry_korean(locale):
    damage(locale, "cli.po", USAGE + "\n", USAGE + '\n\n"a stray continuation"\n"and another"\n')
    korean = load_catalog("ko", locale)
    assert korean.gettext("usage: ") == "사용법: "
    assert korean.gettext("options") != "options"
    assert places(korean) == [("cli.po", line_of("cli.po", USAGE) + 2)]


def test_a_msgstr_with_no_msgid_is_counted(locale):
    damage(locale, "cli.po", 'msgid "usage: "\n', "")
    korean = load_catalog("ko", locale)
    assert korean.gettext("usage: ") == "usage: "
    assert len(korean.damaged) == 1


def test_a_byte_that_is_not_utf8_costs_only_its_entry(locale):
    damage(locale, "cli.po", "사용법: ".encode(), "사용법".encode()[:-1] + b"\xff: ")
    korean = load_catalog("ko", locale)
    assert korean.gettext("usage: ") == "usage: "
    assert korean.gettext("options") != "options"
    assert korean.gettext("{game}: players take turns at one terminal") == TRANSLATION
    assert places(korean) == [("cli.po", line_of("cli.po", USAGE))]


def test_a_byte_that_is_not_utf8_in_a_comment_costs_nothing(locale):
    damage(locale, "cli.po", b"#: tilegames/cli.py:49\n", b"#: tilegames/cli.py:49 \xff\xfe\n")
    assert load_catalog("ko", locale).damaged == []


def test_a_catalog_in_another_encoding_is_english_for_its_korean_entries_and_raises_nothing(locale):
    path = locale / "ko" / "cli.po"
    path.write_bytes(path.read_text(encoding="utf-8").encode("cp949"))
    korean = load_catalog("ko", locale)
    assert korean.gettext("usage: ") == "usage: "
    assert korean.gettext("Yes") == "예"  # ui-chrome.po
    assert {d.file for d in korean.damaged} == {"cli.po"} and len(korean.damaged) > 100


def test_a_file_that_is_not_a_po_file_at_all_raises_nothing(locale):
    (locale / "ko" / "garbage.po").write_bytes(bytes(range(256)) * 50 + b'"\nmsgstr[\n{\n')
    korean = load_catalog("ko", locale)
    assert korean.gettext("usage: ") == "사용법: "
    assert korean.damaged and {d.file for d in korean.damaged} == {"garbage.po"}


def test_a_catalog_too_big_or_not_a_file_is_skipped_and_the_other_files_korean(locale):
    (locale / "ko" / "cli.po").write_bytes(b"# padding\n" * (CATALOG.max_bytes // 10 + 1))
    (locale / "ko" / "folder.po").mkdir()
    korean = load_catalog("ko", locale)
    assert korean.gettext("usage: ") == "usage: "
    assert korean.gettext("Yes") == "예"
    assert places(korean) == [("cli.po", None), ("folder.po", None)]


def test_an_unreadable_folder_is_english(tmp_path):
    (tmp_path / "ko").write_text("not a folder")
    assert load_catalog("ko", tmp_path).messages == {}


# --- what the player is told ------------------------------------------------------------
def use(monkeypatch, locale: Path) -> None:
    """Make `set_language` read the catalogs of `locale`, afresh."""
    monkeypatch.setattr(i18n, "assets_dir", lambda: locale.parent)
    monkeypatch.setattr(i18n, "_loaded", {})


def test_the_shipped_catalogs_have_no_damage_and_no_problem_is_said(monkeypatch):
    assert load_catalog("ko").damaged == []
    monkeypatch.setattr(i18n, "_loaded", {})
    i18n.set_language("ko")
    assert catalog_problem() is None
    i18n.set_language("en")
    assert catalog_problem() is None


def test_the_problem_names_the_language_the_count_and_where(monkeypatch, locale):
    damage(locale, "cli.po", PLURAL, 'msgstr[x] "파일 {n}개"')
    damage(locale, "cli.po", USAGE, "msgstr 사용법")
    damaged = load_catalog("ko", locale).damaged
    monkeypatch.setattr(i18n, "_current", Catalog("ko", damaged=damaged))  # no translations: English
    assert catalog_problem() == (
        f"The 한국어 (ko) translation has 2 damaged entries (cli.po line {line_of('cli.po', USAGE)}, "
        f"cli.po line {line_of('cli.po', PLURAL)}); they are shown in English.")
    monkeypatch.setattr(i18n, "_current", Catalog("ko", damaged=damaged[:1]))
    assert catalog_problem() == (f"The 한국어 (ko) translation has 1 damaged entry (cli.po line "
                                 f"{line_of('cli.po', USAGE)}); it is shown in English.")


def test_the_problem_is_one_line_however_much_is_damaged_and_says_unreadable_files(monkeypatch, tmp_path):
    (tmp_path / "ko").mkdir()
    (tmp_path / "ko" / "bad.po").write_text("".join(f'msgid "m{n}"\nmsgstr x\n\n' for n in range(40)))
    (tmp_path / "ko" / "dir.po").mkdir()
    monkeypatch.setattr(i18n, "_current", load_catalog("ko", tmp_path))
    text = catalog_problem()
    assert text == ("The 한국어 (ko) translation has 40 damaged entries (bad.po line 2, bad.po line 5, "
                    "bad.po line 8, bad.po line 11, bad.po line 14 and 35 more) and cannot read dir.po; "
                    "they are shown in English.")
    monkeypatch.setattr(i18n, "_current", Catalog("ko", damaged=i18n._current.damaged[-1:]))
    assert catalog_problem() == "The 한국어 (ko) translation cannot read dir.po; its messages are shown in English."


def test_the_problem_is_said_in_korean_and_in_english_when_its_own_entry_is_damaged(monkeypatch, locale):
    damage(locale, "cli.po", USAGE, "msgstr 사용법")
    use(monkeypatch, locale)
    i18n.set_language("ko")
    assert re.search("[가-힣]", catalog_problem() or "")
    assert "cli.po" in (catalog_problem() or "") and "English" not in (catalog_problem() or "")
    own = (locale / "ko" / "catalog-damage.po")
    own.write_text(own.read_text(encoding="utf-8").replace("msgstr[0]", "msgstr[x]").replace('msgstr "', "msgstr "),
                   encoding="utf-8")
    use(monkeypatch, locale)
    i18n.set_language("ko")
    assert (catalog_problem() or "").startswith("The 한국어 (ko) translation has ")


# --- starting tilegames on a damaged catalog --------------------------------------------
@pytest.fixture
def damaged_start(monkeypatch, locale, tmp_path):
    """Every kind of damage at once, and a home of its own for the settings file."""
    damage(locale, "cli.po", PLURAL, 'msgstr[x] "파일 {n}개"')
    damage(locale, "cli.po", "사용법: ".encode(), b"\xff\xfe: ")
    damage(locale, "cli.po", GAME_LINE, GAME_LINE.replace("{game}", "{gmae}"))
    damage(locale, "cli.po", '"프로그램 버전을 보여 주고 종료"', '"프로그램 버전을 100% 보여 주고 종료"')
    damage(locale, "cli.po", '"다음 인수가 필요합니다: %s"', '"다음 인수가 필요합니다: %d"')
    use(monkeypatch, locale)
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "80")


def run(argv: list[str], capsys) -> tuple[int | str | None, str]:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    out = capsys.readouterr()
    return exit_.value.code, out.out + out.err


@pytest.mark.usefixtures("damaged_start")
def test_lang_ko_version_and_help_on_damaged_catalogs_run_and_the_damaged_texts_are_english(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "ko", "--version"])
    said = capsys.readouterr()
    assert exit_.value.code == 0 and said.out == f"tilegames {tilegames.__version__}\n"
    [warning] = said.err.splitlines()  # the one warning, on its own stream
    assert warning.startswith("tilegames: ") and "cli.po 11행" in warning  # said in Korean
    code, out = run(["--lang", "ko", "--help"], capsys)
    assert code == 0 and "usage: tilegames" in out and "show program's version number and exit" in out
    assert "옵션:" in out and "터미널에서 즐기는 루미큐브" in out
    code, out = run(["--lang", "ko", "play"], capsys)
    assert code == 2 and "the following arguments are required" in out


@pytest.mark.usefixtures("damaged_start")
def test_a_korean_locale_on_damaged_catalogs_runs(monkeypatch, capsys):
    monkeypatch.setenv("LANGUAGE", "ko_KR.UTF-8")
    assert run(["--version"], capsys)[0] == 0
    assert i18n.language() == "ko" and catalog_problem() is not None


@pytest.mark.usefixtures("damaged_start")
def test_a_saved_korean_setting_on_damaged_catalogs_runs(tmp_path, capsys):
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "settings.json").write_text('{"language": "ko"}')
    assert run(["--help"], capsys)[0] == 0
    assert i18n.language() == "ko" and catalog_problem() is not None


def test_i18n_reads_catalogs_when_imported_first_with_no_import_cycle():
    code = "from tilegames.core.text import i18n; i18n.set_language('ko'); print(i18n._('usage: '))"
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "사용법: \n"


# --- at run time, and for translators ---------------------------------------------------
def test_plural_forms_never_raise_whatever_the_catalog_holds():
    odd = Catalog("ko", plurals={"{n} tile": [], "a": ["", "x"], "b": ["하나"]})
    assert odd.ngettext("{n} tile", "{n} tiles", 2) == "{n} tiles"
    assert odd.ngettext("a", "as", 2) == "as"
    assert Catalog("xx", plurals={"b": ["하나"]}).ngettext("b", "bs", -5) == "하나"
    assert Catalog("en", plurals={"b": ["one", "many"]}).ngettext("b", "bs", 10**100) == "many"


def test_the_strict_reader_names_the_file_and_line_of_each_kind_of_damage():
    """read_po, for translators and the shipped-catalog test, refuses what load_catalog sets aside."""
    for bad in list(BAD_ENTRIES.values())[:-4] + ['msgstr "{x"', 'msgstr[x] "y"']:
        text = f'msgid "usage: "\n{bad}\n' if bad else 'msgid "usage: "\n'
        with pytest.raises(CatalogError, match=r"x\.po, line [1-3]: "):
            read_po(text, "x.po")


# --- fuzzing ----------------------------------------------------------------------------
FAILS = (ValueError, KeyError, IndexError, AttributeError, TypeError, MarkupError)


def works(use: Callable[[str], object], text: str) -> bool:
    try:
        use(text)
    except FAILS:
        return False
    return True


def formats_as_english(english: str, text: str) -> bool:
    """Whatever formats the English (str.format with numbers or words, argparse's %, Rich
    markup) formats the translation `text` too, and `text` can be written out. An English
    that does not parse as a format string (a mutant can damage a msgid too) asks nothing of
    `text`'s fields: the code never asks for that id."""
    try:
        names = {re.split(r"[.\[]", name)[0] for _, name, _, _ in string.Formatter().parse(english) if name}
    except ValueError:
        names = set()
    uses = [lambda t, v=value: t.format(*[v] * 10, **{n: v for n in names if not n.isdigit()}) for value in (7, "x")]
    uses += [lambda t: t % {n: "x" for n in re.findall(r"%\(([^()]*)\)", english)}, render]
    return works(str.encode, text) and all(works(use, text) for use in uses if works(use, english))


def fuzz_catalogs(seed: int, count: int) -> tuple[int, int]:
    """(mutants read, crashes): damaged copies of real Korean PO files, each read by
    `load_catalog`; a crash is an exception, or a translation kept that fails where its
    English formats."""
    goods = [(KOREAN / name).read_bytes() for name in ("cli.po", "ui-chrome.po", "games-rummikub.po")]
    crashes = 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ko" / "fuzz.po"
        path.parent.mkdir()
        for k, good in enumerate(goods):
            for _n, data in mutants(good, seed * len(goods) + k, count // len(goods) + (k < count % len(goods))):
                path.write_bytes(data)
                try:
                    korean = load_catalog("ko", Path(folder))
                    for msgid, text in korean.messages.items():
                        if not formats_as_english(msgid, text):
                            raise AssertionError(f"mutant {_n}: {text!r} for {msgid!r}")
                    english = parse_po(data.decode("utf-8", errors="replace")).plural_ids
                    for msgid, forms in korean.plurals.items():
                        for form in forms:  # a form may follow the singular's fields or the plural's
                            if not any(formats_as_english(e, form) for e in (msgid, english[msgid])):
                                raise AssertionError(f"mutant {_n}: {form!r} for {msgid!r}")
                except Exception:  # noqa: BLE001 - counting every kind of crash is the point
                    crashes += 1
    return count, crashes


def test_damaged_copies_of_real_catalogs_never_crash_loading_or_formatting():
    assert fuzz_catalogs(seed=8, count=150) == (150, 0)  # tests/fuzz_long.py runs thousands
