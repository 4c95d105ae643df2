"""The word graph for a command, with a progress bar on a terminal while it is first built
(core/wordgraph/cache.py): on standard error and only when that is a terminal, so a command's
output (`--json` above all) holds only what it promises."""

from __future__ import annotations

import sys

from tilegames.core.text.i18n import _
from tilegames.core.wordgraph import WordGraph, cached_graph, graph_for


def graph_with_progress(word_list: str | None) -> WordGraph:
    graph = cached_graph(word_list)
    if graph is not None:
        return graph
    if not sys.stderr.isatty():
        return graph_for(word_list)
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
               TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(_("Building the word graph (once)"), total=1)

        def told(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return graph_for(word_list, told)
