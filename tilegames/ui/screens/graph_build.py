"""Building a word list's word graph the first time a game needs it (core/wordgraph), with a
progress bar: about 15 s once per machine and list, then read from the cache in a blink. The
computer players and the hints of the word games search the graph."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from tilegames.core.text.i18n import _
from tilegames.core.wordgraph import graph_for
from tilegames.ui.screens.base import TranslatedKeys


class GraphBuildScreen(TranslatedKeys, ModalScreen[None]):
    """Builds the graph of `word_list` (None: the shipped list) in a thread and closes when done."""

    DEFAULT_CSS = """
    GraphBuildScreen { align: center middle; }
    GraphBuildScreen Vertical { width: 64; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    GraphBuildScreen ProgressBar { margin-top: 1; }
    """

    def __init__(self, word_list: str | None) -> None:
        super().__init__()
        self.word_list = word_list

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Preparing the word list for hints and computer players. This happens once on this "
                           "machine and takes about 15 seconds."))
            yield ProgressBar(total=100, show_eta=False)

    def on_mount(self) -> None:
        self.run_worker(self._build, thread=True, exclusive=True, name="wordgraph")

    def _build(self) -> None:
        bar = self.query_one(ProgressBar)

        def told(done: int, total: int) -> None:
            self.app.call_from_thread(bar.update, total=total, progress=done)

        try:
            graph_for(self.word_list, told)
        except (OSError, MemoryError) as exc:  # the game goes on; hints and players try again later
            self.app.call_from_thread(self.notify, _("The word list could not be prepared: {why}").format(why=exc),
                                      severity="error")
        self.app.call_from_thread(self.dismiss, None)
