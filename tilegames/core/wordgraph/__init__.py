"""One word graph for every word game (DESIGN.md §7): a minimal GADDAG of the game's word list
in flat arrays (build.py, graph.py), built once and cached on disk (cache.py)."""

from tilegames.core.wordgraph.cache import cached_graph, graph_for
from tilegames.core.wordgraph.graph import ALL_LETTERS, NO_STATE, WordGraph

__all__ = ["ALL_LETTERS", "NO_STATE", "WordGraph", "cached_graph", "graph_for"]
