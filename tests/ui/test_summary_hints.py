"""The summaries' Hints column (ui/screens/summary.py's hint_column): there only when someone
asked for a hint, one count a player, in every game's summary."""

from __future__ import annotations

from rich.console import Console

from tilegames.ui.games.nabit.summary import final_table as nabit_table
from tilegames.ui.games.word_rummikub.summary import final_table as word_table
from tilegames.ui.screens.summary import hint_column


def text(table) -> str:
    console = Console(width=80, record=True)
    console.print(table)
    return console.export_text()


def test_the_column_is_there_only_when_someone_asked():
    assert hint_column([0, 0], 2) == ([], [[], []])
    assert hint_column(None, 2) == ([], [[], []])  # a record made before hints
    assert hint_column([3, 0], 2) == (["Hints"], [["3"], ["0"]])


def test_the_word_games_summaries_show_each_players_hints():
    word = {"reason": "out", "winners": [0], "scores": [12, 3], "turn_scores": [12, 3], "jokers_left": [0, 0],
            "joker_penalty": 30, "out_seat": 0, "hints": [2, 0]}
    shown = text(word_table(["Ann", "Bora"], word))
    assert "Hints" in shown and " 2" in shown.splitlines()[1]
    nab = {"reason": "out", "out_seat": 0, "words": [3, 1], "banks": [0, 0], "scores": [4, 1], "top_tiles": [0, 0],
           "winners": [0], "decided_by": "points", "hints": [0, 0]}
    assert "Hints" not in text(nabit_table(["Ann", "Bora"], nab))
