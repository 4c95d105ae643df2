#!/usr/bin/env python3
"""Build `english.txt`, the default word list, from SCOWL (for maintainers, not at run time).

Sources (Debian package `scowl`, installed at /usr/share/dict/scowl):
  english-words.*, american-words.*, british-words.*, british_z-words.*, canadian-words.*
  up to size 80. SCOWL keeps capitalised words (`*-upper`), proper names (`*-proper-names`),
  abbreviations (`*-abbreviations`) and contractions (`*-contractions`) in separate lists,
  which are simply not read.
Then: only words of lower-case letters a-z (no apostrophes, hyphens or accents), plus
`supplement.txt` (words word-game players rely on), minus `exclude.txt` (lower-case entries
that are not playable words). Short words come only from reviewed lists, whatever SCOWL says
(SCOWL has single letters, letter plurals such as `bs` and abbreviations such as `kb`):
  one letter:    none;
  two letters:   the 107 of tournament play, in `supplement.txt`;
  three letters: `three-letter.txt`, SCOWL's three-letter entries reviewed by hand (what the
                 review dropped, and why, is in `three-letter-dropped.txt`).
Output: sorted, one word per line, so the same inputs always give the same bytes.

    python3 dictionaries/build.py [SCOWL_DIR]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCOWL = Path("/usr/share/dict/scowl")
LISTS = ("english-words", "american-words", "british-words", "british_z-words", "canadian-words")
MAX_SIZE = 80
WORD = re.compile(r"[a-z]+")


def hand_list(path: Path) -> set[str]:
    """Words from a hand-kept file: one per line, `#` comments and blank lines ignored."""
    words = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        word = line.split("#", 1)[0].strip().lower()
        if word:
            if not WORD.fullmatch(word):
                raise SystemExit(f"{path.name}: {word!r} is not a word of letters a-z")
            words.add(word)
    return words


def scowl_words(folder: Path) -> set[str]:
    words: set[str] = set()
    found = 0
    for name in LISTS:
        for path in sorted(folder.glob(f"{name}.*")):
            if int(path.suffix[1:]) > MAX_SIZE:
                continue
            found += 1
            # SCOWL files are Latin-1 in some releases and UTF-8 in others; non-ASCII lines
            # are dropped either way.
            for line in path.read_bytes().decode("latin-1").splitlines():
                word = line.strip()
                if WORD.fullmatch(word):
                    words.add(word)
    if not found:
        raise SystemExit(f"No SCOWL lists in {folder} (apt-get install scowl)")
    return words


def three_letter_lists() -> tuple[set[str], set[str]]:
    """The reviewed three-letter words: (kept, dropped)."""
    kept = hand_list(HERE / "three-letter.txt")
    dropped = hand_list(HERE / "three-letter-dropped.txt")
    if bad := sorted(w for w in kept | dropped if len(w) != 3):
        raise SystemExit(f"three-letter lists: {', '.join(bad)} not of three letters")
    if both := sorted(kept & dropped):
        raise SystemExit(f"three-letter lists: {', '.join(both)} both kept and dropped")
    return kept, dropped


def unreviewed(folder: Path) -> list[str]:
    """SCOWL's three-letter entries that neither reviewed list has (empty for the SCOWL in README.md)."""
    kept, dropped = three_letter_lists()
    return sorted(w for w in scowl_words(folder) if len(w) == 3 and w not in kept | dropped)


def build(folder: Path) -> list[str]:
    supplement = hand_list(HERE / "supplement.txt")
    if odd := sorted(w for w in supplement if len(w) in (1, 3)):
        raise SystemExit(f"supplement.txt: {', '.join(odd)}: no single letters; three-letter words go in three-letter.txt")
    kept, _ = three_letter_lists()
    longer = {w for w in scowl_words(folder) | supplement if len(w) > 3}
    two = {w for w in supplement if len(w) == 2}
    return sorted((two | kept | longer) - hand_list(HERE / "exclude.txt"))


def main(argv: list[str]) -> int:
    folder = Path(argv[1]) if len(argv) > 1 else SCOWL
    words = build(folder)
    (HERE / "english.txt").write_text("".join(w + "\n" for w in words), encoding="ascii")
    print(f"english.txt: {len(words)} words")
    if new := unreviewed(folder):
        print(f"SCOWL has {len(new)} three-letter entries not yet reviewed (left out): {' '.join(new)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
