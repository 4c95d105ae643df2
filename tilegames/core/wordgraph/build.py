"""Building the word graph: a GADDAG, minimised, laid out in flat arrays (DESIGN.md §7).

Every word W of two letters or more is stored once per letter it has: for W = CARE the strings
ERAC, RAC^E, AC^RE and C^ARE. Read up to the separator `^`, a string goes leftwards from one
letter of the word to its start; after `^` it goes rightwards to the end. So a move generator
can start on any square of a word (an anchor), lay letters to the left, then to the right, and
never spell a string that is not part of a word (Gordon, "A Faster Scrabble Move Generation
Algorithm", 1994). The path C^ followed by ARE is the word read forwards, so the graph also
answers "is this a word" and "what words begin so".

The strings are added in sorted order to a trie whose finished branches are merged with equal
ones as soon as they are finished (Daciuk et al., "Incremental construction of minimal acyclic
finite-state automata", 2000), so the graph is minimal: 2.3 million strings of the shipped list
become some 630,000 states. The states are then numbered breadth first and written into four
`array('I')`s (graph.py says what each holds).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable

LETTERS = "abcdefghijklmnopqrstuvwxyz"
SEPARATOR = 26  # the symbol after the letters 0-25
_SEP_CHAR = "{"  # sorts after "z", so a state's arcs come in symbol order
_SYMBOL = {ch: i for i, ch in enumerate(LETTERS)} | {_SEP_CHAR: SEPARATOR}

Progress = Callable[[int, int], None]  # (done, total) steps


def gaddag_strings(words: Iterable[str]) -> list[str]:
    """Each word's strings (see above), sorted, the separator written as `{`."""
    strings = []
    for word in words:
        if len(word) < 2:
            continue  # a word needs two letters in every game
        for i in range(1, len(word)):
            strings.append(word[i - 1::-1] + _SEP_CHAR + word[i:])
        strings.append(word[::-1])
    strings.sort()
    return strings


Arrays = tuple["array[int]", "array[int]", "array[int]", "array[int]"]


def build_arrays(words: Iterable[str], progress: Progress | None = None) -> Arrays:
    """The flat arrays (cmask, amask, base, child) of the minimal GADDAG of `words`, which
    must be lower-case a-z. `progress` is told how far the build has got, about 200 times."""
    strings = gaddag_strings(words)
    total = len(strings)
    step = max(1, total // 200)
    arcs: list[dict[str, int] | None] = [{}]  # state -> symbol -> state; None once merged away
    final = [False]
    register: dict[tuple[object, ...], int] = {}
    unchecked: list[tuple[int, str, int]] = []  # (parent, symbol, child) along the last string

    def minimise(down_to: int) -> None:
        while len(unchecked) > down_to:
            parent, symbol, child = unchecked.pop()
            child_arcs = arcs[child]
            assert child_arcs is not None
            key = (final[child], *child_arcs.items())  # items in symbol order: added sorted
            same = register.get(key)
            if same is None:
                register[key] = child
            else:
                parent_arcs = arcs[parent]
                assert parent_arcs is not None
                parent_arcs[symbol] = same
                arcs[child] = None

    previous = ""
    for done, string in enumerate(strings):
        common = 0
        for a, b in zip(string, previous):
            if a != b:
                break
            common += 1
        minimise(common)
        state = unchecked[-1][2] if unchecked else 0
        for symbol in string[common:]:
            arcs.append({})
            final.append(False)
            child = len(arcs) - 1
            state_arcs = arcs[state]
            assert state_arcs is not None
            state_arcs[symbol] = child
            unchecked.append((state, symbol, child))
            state = child
        final[state] = True
        previous = string
        if progress is not None and done % step == 0:
            progress(done, total)
    minimise(0)
    del register, strings
    result = _flatten(arcs, final)
    if progress is not None:
        progress(total, total)
    return result


def _flatten(arcs: list[dict[str, int] | None], final: list[bool]) -> Arrays:
    """Number the live states breadth first from the root (0) and write them out."""
    number = {0: 0}
    order = [0]
    for old in order:  # grows while it is walked
        state_arcs = arcs[old]
        assert state_arcs is not None
        for child in state_arcs.values():
            if child not in number:
                number[child] = len(order)
                order.append(child)
    cmask: array[int] = array("I")
    amask: array[int] = array("I")
    base: array[int] = array("I")
    child_of: array[int] = array("I")
    for old in order:
        state_arcs = arcs[old]
        assert state_arcs is not None
        letters = accepting = 0
        base.append(len(child_of))
        for symbol, child in state_arcs.items():
            bit = 1 << _SYMBOL[symbol]
            letters |= bit
            if final[child]:
                accepting |= bit
            child_of.append(number[child])
        cmask.append(letters)
        amask.append(accepting)
    return cmask, amask, base, child_of
