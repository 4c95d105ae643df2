"""Rule demonstrations: a shipped scenario (assets/demos/, docs/scenarios.md) shown picture by
picture on the game's own widgets, with its captions.

The pictures come from playing the scenario through the real engine up front
(core/scenarios/frames.py), so going back is as cheap as going forward and a demo can never show
something the rules would not do. The left side is the game's table or board (the plug-in's
`position` widget, the one a spectator sees) over the rack of the player the step is about (the
plug-in's `rack`, when it has one); the right side tells the story: the step, its caption and
what the game said.

Keys: → or n the next picture, ← or b the one before, space plays them on by themselves (+ and
- change the pace), Home starts again, Escape leaves.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tilegames.core.text import i18n
from tilegames.core.text.i18n import _, ngettext
from tilegames.core.resources import assets_dir
from tilegames.core.scenarios.frames import Frame, demo_frames
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.core.scenarios.load import Scenario, load_scenario
from tilegames.ui.games import playable, plugin, rack_of
from tilegames.ui.screens.base import BaseScreen
from tilegames.ui.widgets.footer import KeysFooter

PACES = (1.0, 2.0, 3.0, 5.0, 8.0)  # seconds a picture stays up while the demo plays itself
DEFAULT_PACE = 3.0


def shipped_demos() -> list[Path]:
    """The demos that come with tilegames, in file-name order (the game's id first)."""
    folder = assets_dir() / "demos"
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def find_demo(name: str) -> Path:
    """A shipped demo by its name (`rummikub-initial-meld`), or a scenario file's path;
    ScenarioError with a sentence listing what there is when neither is found."""
    for path in shipped_demos():
        if path.stem == name or path.name == name:
            return path
    path = Path(name)
    if path.suffix == ".toml" and _is_there(path):
        return path  # a folder, a FIFO or a file too large: load_scenario says which
    names = ", ".join(p.stem for p in shipped_demos())
    raise ScenarioError(_("there is no demo called '{name}'. The demos are: {names}.").format(name=name, names=names))


def _is_there(path: Path) -> bool:
    """Whether something is at `path`, or looking raised (a name too long, no permission):
    then the reader says why in its sentence (`Path.is_file` raised that OSError)."""
    try:
        return path.exists()
    except OSError:
        return True


class DemoScreen(BaseScreen):
    DEFAULT_CSS = """
    DemoScreen #left { width: 1fr; }
    DemoScreen #position { height: 1fr; }
    DemoScreen #rack { height: auto; max-height: 6; }
    DemoScreen #story { width: 34; border: round $primary; padding: 0 1; }
    DemoScreen #where { color: $text-muted; height: auto; }
    DemoScreen #caption { height: auto; margin: 1 0 0 0; }
    DemoScreen #verdict { height: auto; margin: 1 0 0 0; }
    DemoScreen #verdict.refused { color: $error; }
    DemoScreen #verdict.accepted { color: $success; }
    DemoScreen #pace { color: $text-muted; height: 1; dock: bottom; }
    """
    # Priority: the game's widgets shown here are only pictures, and a board that takes arrow
    # keys when focused must not keep them from the demo.
    BINDINGS = [
        Binding("right,n", "next", "Next", priority=True, id="demo.next"),
        Binding("left,b", "back", "Back", priority=True, id="demo.back"),
        Binding("space", "autoplay", "Play/stop", priority=True, id="demo.autoplay"),
        Binding("plus,equals_sign", "faster", "Faster", id="demo.faster"),
        Binding("minus", "slower", "Slower", id="demo.slower"),
        Binding("home", "first", "Start again", show=False, priority=True, id="demo.first"),
        Binding("end", "last", "Last step", show=False, priority=True, id="demo.last"),
        Binding("escape,q", "leave", "Leave", id="demo.leave"),
    ]

    def __init__(self, scenario: Scenario, frames: list[Frame], language: str | None = None) -> None:
        """`language`: of the title and captions; the language tilegames speaks by default."""
        super().__init__()
        self.scenario = scenario
        self.frames = frames
        self.language = language or i18n.language()
        self.at = 0
        self.pace = DEFAULT_PACE
        self._playing: Timer | None = None

    @classmethod
    def of_file(cls, path: Path, language: str | None = None) -> "DemoScreen":
        """The demo in `path`; ScenarioError (with its line) when it cannot be shown."""
        scenario = load_scenario(path)
        return cls(scenario, demo_frames(scenario), language)

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="left"):
                yield Vertical(id="position")
                yield Vertical(id="rack")
            with VerticalScroll(id="story") as story:
                story.border_title = _(self.scenario.game.title)  # i18n: marked
                yield Static("", id="where", markup=False)
                yield Static("", id="caption", markup=False)
                yield Static("", id="verdict", markup=False)
                yield Static("", id="pace", markup=False)
        yield KeysFooter()
        yield from self.compose_notice()

    def on_mount(self) -> None:
        super().on_mount()
        self.show_frame()

    # --- what is shown ------------------------------------------------------------------------
    @property
    def frame(self) -> Frame:
        return self.frames[self.at]

    def show_frame(self) -> None:
        frame, scenario = self.frame, self.scenario
        game_plugin = plugin(scenario.game.id)
        steps = len(scenario.steps)
        title = scenario.title.in_language(self.language)
        if frame.step is None:
            start = ngettext("The starting position ({count} step follow).", "The starting position ({count} steps follow).",
                             steps).format(count=steps)
            where = f"{title}\n\n{start}"
        elif frame.outcome is not None:
            where = f"{title}\n\n" + _("Step {number} of {total} (done)").format(number=frame.step.number, total=steps)
        else:
            where = f"{title}\n\n" + _("Step {number} of {total} (next)").format(number=frame.step.number, total=steps)
        self.query_one("#where", Static).update(where)
        self.query_one("#caption", Static).update(frame.caption.in_language(self.language))
        verdict = self.query_one("#verdict", Static)
        verdict.update(frame.verdict)
        verdict.set_class(frame.outcome is not None and not frame.outcome.accepted, "refused")
        verdict.set_class(frame.outcome is not None and frame.outcome.accepted, "accepted")
        self._show_pace()
        self._replace("#position", game_plugin.position(frame.view))
        name = scenario.seats[frame.seat]
        rack = rack_of(game_plugin, frame.view, name)
        self._replace("#rack", rack if rack is not None else Static(name, markup=False))

    def _replace(self, where: str, widget: Widget) -> None:
        box = self.query_one(where)
        box.remove_children()
        box.mount(widget)

    def _show_pace(self) -> None:
        picture = f"{self.at + 1}/{len(self.frames)}"
        if self.at + 1 == len(self.frames) and self._playing is None:
            state = _("the end: Home starts again")
        elif self._playing is not None:
            state = _("playing, {seconds} s a picture").format(seconds=f"{self.pace:g}")
        else:
            state = _("paused, {seconds} s a picture").format(seconds=f"{self.pace:g}")
        self.query_one("#pace", Static).update(f"{picture}  {state}")

    # --- the keys -------------------------------------------------------------------------------
    def action_next(self) -> None:
        if self.at + 1 < len(self.frames):
            self.at += 1
            self.show_frame()
        else:
            self._stop()  # the last picture: the line under the story says so

    def action_back(self) -> None:
        self._stop()
        if self.at > 0:
            self.at -= 1
            self.show_frame()

    def action_first(self) -> None:
        self._stop()
        self.at = 0
        self.show_frame()

    def action_last(self) -> None:
        self._stop()
        self.at = len(self.frames) - 1
        self.show_frame()

    def action_autoplay(self) -> None:
        if self._playing is not None:
            self._stop()
            return
        if self.at + 1 >= len(self.frames):
            self.at = 0
            self.show_frame()
        self._playing = self.set_interval(self.pace, self._advance)
        self._show_pace()

    def _advance(self) -> None:
        if self.at + 1 >= len(self.frames):
            self._stop()
            return
        self.at += 1
        self.show_frame()

    def _stop(self) -> None:
        if self._playing is not None:
            self._playing.stop()
            self._playing = None
            self._show_pace()

    def _change_pace(self, step: int) -> None:
        at = min(range(len(PACES)), key=lambda i: abs(PACES[i] - self.pace))
        self.pace = PACES[max(0, min(len(PACES) - 1, at + step))]
        if self._playing is not None:
            self._playing.stop()
            self._playing = self.set_interval(self.pace, self._advance)
        self._show_pace()

    def action_faster(self) -> None:
        self._change_pace(-1)

    def action_slower(self) -> None:
        self._change_pace(+1)

    def action_leave(self) -> None:
        self._stop()
        self.dismiss(None)


class DemoListScreen(BaseScreen):
    """The shipped demos, by game; Enter shows one."""

    DEFAULT_CSS = """
    DemoListScreen { align: center middle; }
    DemoListScreen #box { width: 76; height: 1fr; max-height: 22; border: round $primary; }
    DemoListScreen OptionList { height: 1fr; border: none; }
    """
    BINDINGS = [Binding("escape", "leave", "Back", id="demos.leave")]

    def __init__(self, language: str | None = None) -> None:
        """`language`: of the demos' titles; the language tilegames speaks by default."""
        super().__init__()
        self.language = language or i18n.language()
        self.paths: dict[str, Path] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="box") as box:
            box.border_title = _("Rule demonstrations")
            box.border_subtitle = _("Enter: watch   Escape: back")
            yield OptionList(*self._options())
        yield KeysFooter()
        yield from self.compose_notice()

    def _options(self) -> list[Option]:
        titles = {entry.id: _(entry.title) for entry in playable()}  # i18n: marked
        by_game: dict[str, list[Option]] = {}
        listed: list[tuple[int, str, str, Option]] = []  # (order, file name, game, entry)
        for path in shipped_demos():
            try:
                scenario = load_scenario(path)
            except ScenarioError:
                continue  # `tilegames demo check` names what is wrong with it; the list shows the rest
            if scenario.game.id not in titles:
                continue
            self.paths[path.stem] = path
            title = scenario.title.in_language(self.language)
            listed.append((scenario.order, path.stem, scenario.game.id, Option(f"  {title}", id=path.stem)))
        for _order, _stem, game_id, option in sorted(listed, key=lambda entry: entry[:2]):
            by_game.setdefault(game_id, []).append(option)
        options: list[Option] = []
        for game_id in titles:  # the games in the menu's order
            if game_id in by_game:
                options.append(Option(titles[game_id], disabled=True))
                options.extend(by_game[game_id])
        return options

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = self.paths.get(event.option.id or "")
        if path is None:
            return
        try:
            screen = DemoScreen.of_file(path, self.language)
        except ScenarioError as exc:
            self.notify(f"{path.name}: {exc}", severity="error")
            return
        self.app.push_screen(screen)

    def action_leave(self) -> None:
        self.dismiss(None)

