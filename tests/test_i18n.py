"""The translation layer (core/text/i18n.py): every message id in the code has a Korean translation
with the same placeholders, nothing is translated at import time, and the catalogs read."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

import tilegames
from tilegames.core.text import i18n
from tilegames.core.text.i18n import (CatalogError, choose_language, load_catalog, locale_language, message_ids,
                                 plural_pairs, read_po, untranslatable_calls)

PACKAGE = Path(tilegames.__file__).parent
# Every part of the package, each game its own area (found, not listed: a new game is covered).
AREAS = ("cli.py", "commands", "core", "net",
         *sorted(f"games/{p.name}" for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file()),
         *sorted(f"ui/{p.name}" for p in (PACKAGE / "ui").iterdir()
                 if (p / "__init__.py").is_file() or (p.suffix == ".py" and p.name != "__init__.py")))


def sources(area: str) -> list[Path]:
    where = PACKAGE / area
    return sorted(where.rglob("*.py")) if where.is_dir() else [where]


def test_the_areas_cover_every_module():
    covered = {path for area in AREAS for path in sources(area)}
    every = {p for p in PACKAGE.rglob("*.py") if p.name not in ("__init__.py", "__main__.py")
             and p.parent.name != "__pycache__" and p.name not in ("bench.py", "bench_net.py", "bench_web.py")}
    assert sorted(map(str, every - covered)) == []


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("area", AREAS)
def test_every_message_of_the_area_has_a_korean_translation_with_the_same_placeholders(area):
    korean = load_catalog("ko")
    missing, wrong = [], []
    pairs = plural_pairs(sources(area))
    for message, (path, line) in message_ids(sources(area)).items():
        where = f"{Path(path).relative_to(PACKAGE)}:{line}"
        if message in pairs.values() and message not in pairs:
            continue  # the plural text of an ngettext: checked with its singular
        if message in pairs:
            forms = korean.plurals.get(message)
            if not forms or not all(forms):
                missing.append(f"{where} {message!r} (a plural entry: msgid_plural and msgstr[0])")
            elif any(placeholders(form) != placeholders(pairs[message]) for form in forms):
                wrong.append(f"{where} {message!r} -> {forms!r}")
            continue
        translated = korean.messages.get(message)
        if not translated:
            missing.append(f"{where} {message!r}")
        elif placeholders(translated) != placeholders(message):
            wrong.append(f"{where} {message!r} -> {translated!r}")
    assert missing == [] and wrong == []


@pytest.mark.parametrize("area", AREAS)
def test_only_literal_text_is_given_to_the_translation_functions(area):
    assert untranslatable_calls(sources(area)) == []


@pytest.mark.parametrize("area", AREAS)
def test_nothing_is_translated_when_a_module_is_imported(area):
    """`_` at module level or in a class body would freeze the language the module was first
    imported in; such text is marked with N_ and translated where it is shown."""
    early = []
    for path in sources(area):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for top in tree.body:
            bodies = top.body if isinstance(top, ast.ClassDef) else [top]
            for statement in bodies:
                if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    continue
                for node in ast.walk(statement):
                    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext"):
                        early.append(f"{path.name}:{node.lineno}")
    assert early == []


def test_every_shipped_catalog_reads():
    for path in sorted((PACKAGE.parent / "assets" / "locale").rglob("*.po")):
        read_po(path.read_text(encoding="utf-8"), path.name)


def test_a_damaged_catalog_names_its_file_and_line():
    with pytest.raises(CatalogError, match=r"x\.po, line 2"):
        read_po('msgid "a"\nmsgstr b\n', "x.po")


def test_korean_has_one_plural_form_and_english_two():
    catalog = i18n.Catalog("ko", plurals={"{n} tile": ["타일 {n}개"]})
    assert catalog.ngettext("{n} tile", "{n} tiles", 3) == "타일 {n}개"
    assert i18n.Catalog("en").ngettext("{n} tile", "{n} tiles", 3) == "{n} tiles"


def test_the_flag_wins_over_the_setting_which_wins_over_the_locale():
    assert choose_language("en", "ko", {"LANG": "ko_KR.UTF-8"}) == "en"
    assert choose_language(None, "ko", {"LANG": "en_US.UTF-8"}) == "ko"
    assert choose_language(None, None, {"LANG": "ko_KR.UTF-8"}) == "ko"
    assert choose_language(None, None, {"LC_ALL": "C.UTF-8", "LANG": "ko_KR.UTF-8"}) == "en"
    assert locale_language({"LANGUAGE": "fr:ko"}) == "ko"
    assert choose_language(None, None, {}) == "en"


def test_untranslated_text_falls_back_to_english():
    i18n.set_language("ko")
    try:
        assert i18n._("A sentence no catalog has.") == "A sentence no catalog has."
    finally:
        i18n.set_language("en")


def test_an_f_string_given_to_the_translation_function_is_found(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('from tilegames.core.text.i18n import _\nname = "x"\ndef f():\n    return _(f"{name} won")\n')
    assert untranslatable_calls([bad]) == [(str(bad), 4)]
    assert re.search("won", bad.read_text())
