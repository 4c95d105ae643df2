"""The word graph of a word list, built once and kept on disk (DESIGN.md §7).

Building the GADDAG of the shipped list takes some 15 s; reading it back takes milliseconds. A
file under the cache folder (core/places.py) is named by the SHA-256 of the list's words, so a
changed list gets a graph of its own and an old graph is never used for a new list. The file
holds a header, the four arrays and a checksum of them: a damaged, cut or foreign file is
built again, never trusted (bad input never stops a game). Two processes that need the same
graph at once take turns on a lock file, so it is built once.
"""

from __future__ import annotations

import hashlib
import os
import struct
import sys
import threading
from array import array
from collections.abc import Iterable
from pathlib import Path

from tilegames.core.parts.lexicon import Lexicon, lexicon_or_default
from tilegames.core.places import cache_home
from tilegames.core.wordgraph.build import Progress, build_arrays
from tilegames.core.wordgraph.graph import WordGraph

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock, at worst two builds
    fcntl = None  # type: ignore[assignment]

FORMAT = 1  # bump when build.py or the layout changes: older files are then not found
MAGIC = b"TGWG"
_HEADER = struct.Struct("<4sIIII")  # magic, format, states, arcs, words
_DIGEST = 32


def list_digest(words: Iterable[str]) -> str:
    """What names a list's graph: the SHA-256 of its words of two letters or more, sorted."""
    digest = hashlib.sha256(f"wordgraph {FORMAT}\n".encode())
    for word in sorted(w for w in words if len(w) >= 2):
        digest.update(word.encode() + b"\n")
    return digest.hexdigest()


def graph_path(lexicon: Lexicon) -> Path:
    return cache_home() / "wordgraph" / f"gaddag-{list_digest(lexicon.words)[:40]}.bin"


def cached_graph(word_list: str | None) -> WordGraph | None:
    """The graph of the list from memory or disk, or None when it has to be built (a caller with
    a screen then builds it with `graph_for`, showing progress). Never waits for a build in
    another thread (a screen asks this): it answers None, and `graph_for` waits."""
    if not _LOCK.acquire(blocking=False):
        return None
    try:
        graph = _HELD.get(word_list)
        if graph is None:
            graph = _read(graph_path(lexicon_or_default(word_list)))
            if graph is not None:
                _keep(word_list, graph)
        return graph
    finally:
        _LOCK.release()


def graph_for(word_list: str | None, progress: Progress | None = None) -> WordGraph:
    """The graph of a game's word list (the shipped one when None or unreadable, as
    `lexicon_or_default` gives), from memory, else from disk, else built (telling `progress`) and
    saved. Kept in memory for the process; threads asking at once wait for one build."""
    with _LOCK:
        graph = _HELD.get(word_list)
        if graph is None:
            graph = _keep(word_list, _load_or_build(lexicon_or_default(word_list), progress))
        return graph


_HELD: dict[str | None, WordGraph] = {}  # by the config's word_list, a few at most
_LOCK = threading.Lock()


def _keep(word_list: str | None, graph: WordGraph) -> WordGraph:
    if len(_HELD) >= 4:
        del _HELD[next(iter(_HELD))]
    _HELD[word_list] = graph
    return graph


def _load_or_build(lexicon: Lexicon, progress: Progress | None) -> WordGraph:
    path = graph_path(lexicon)
    graph = _read(path)
    if graph is not None:
        return graph
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = os.open(path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        lock = None  # a cache folder we cannot write: build in memory every time
    try:
        if lock is not None and fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
            graph = _read(path)  # built by another process while this one waited
            if graph is not None:
                return graph
        words = sorted(w for w in lexicon.words if len(w) >= 2)
        graph = WordGraph(*build_arrays(words, progress), words=len(words))
        _write(path, graph)
        return graph
    finally:
        if lock is not None:
            os.close(lock)


def _payload(graph: WordGraph) -> list[bytes]:
    arrays = [graph.cmask, graph.amask, graph.base, graph.child]
    if sys.byteorder == "big":  # pragma: no cover - the file is little-endian everywhere
        arrays = [array("I", a) for a in arrays]
        for a in arrays:
            a.byteswap()
    return [a.tobytes() for a in arrays]


def _write(path: Path, graph: WordGraph) -> None:
    """Write the file whole or not at all (a temporary file renamed over it)."""
    parts = _payload(graph)
    header = _HEADER.pack(MAGIC, FORMAT, graph.states, len(graph.child), graph.words)
    digest = hashlib.sha256(header)
    for part in parts:
        digest.update(part)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as out:
            out.write(header)
            for part in parts:
                out.write(part)
            out.write(digest.digest())
        os.replace(temporary, path)
    except OSError:  # a full disk, a folder we may not write: the graph is used, built again next time
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass


def _read(path: Path) -> WordGraph | None:
    """The graph in `path`, or None when it is missing or not exactly what _write wrote."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if len(data) < _HEADER.size + _DIGEST:
        return None
    magic, version, states, arcs, words = _HEADER.unpack_from(data)
    if magic != MAGIC or version != FORMAT or len(data) != _HEADER.size + 4 * (3 * states + arcs) + _DIGEST:
        return None
    if hashlib.sha256(data[:-_DIGEST]).digest() != data[-_DIGEST:]:
        return None
    arrays: list[array[int]] = []
    offset = _HEADER.size
    for count in (states, states, states, arcs):
        part = array("I")
        part.frombytes(data[offset:offset + 4 * count])
        if sys.byteorder == "big":  # pragma: no cover
            part.byteswap()
        arrays.append(part)
        offset += 4 * count
    return WordGraph(arrays[0], arrays[1], arrays[2], arrays[3], words=words)
