"""The workarounds of tilegames/ui/textual_fixes.py: each bug still in Textual (when one of
these fails because Textual fixed it, its workaround goes), and the workaround working."""

from __future__ import annotations

import gc

from textual.app import App, ComposeResult
from textual._styles_cache import StylesCache
from textual.widgets import Label

from app_helpers import config, show_position, started
from rk_builder import position

from tilegames.ui.screens.menu import MenuScreen


class Cards(App[None]):
    def compose(self) -> ComposeResult:
        yield Label("a card", id="card")


async def test_textual_still_keeps_a_removed_widgets_style_cache_alive_issue_6665():
    StylesCache.get_inner_outer.cache_clear()
    app = Cards()
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.query_one("#card").remove()
        await pilot.pause()
        assert any(isinstance(part, StylesCache) for key in _cached_keys() for part in key), \
            "Textual no longer keys get_inner_outer by the cache: release_style_caches can go"
    StylesCache.get_inner_outer.cache_clear()


def _cached_keys() -> list[tuple[object, ...]]:
    """What get_inner_outer's lru_cache holds (it does not list its keys: the referents of
    its wrapper's cache are found through the garbage collector)."""
    wrapper = StylesCache.get_inner_outer
    keys: list[tuple[object, ...]] = []
    for referent in gc.get_referents(wrapper):
        if isinstance(referent, dict):
            keys.extend(key for key in referent if isinstance(key, tuple))
    return keys


async def test_a_game_screen_gone_leaves_no_style_cache_behind(app):
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, position(["R6 B6 K6 O1", "K2 K3 J"], table=["R3 R4 R5"], config=config()))
        await started(pilot)
        assert StylesCache.get_inner_outer.cache_info().currsize > 0  # the game screen drew
        while not isinstance(app.screen, MenuScreen):
            app.pop_screen()
            await pilot.pause()
        await pilot.pause()
        alive = {id(widget._styles_cache) for screen in app.screen_stack
                 for widget in screen.walk_children(with_self=True)}
        kept = [part for key in _cached_keys() for part in key if isinstance(part, StylesCache)]
        assert kept and all(id(cache) in alive for cache in kept)  # the menu's, none of the game's


async def test_an_app_that_ends_leaves_no_style_cache_behind(app):
    async with app.run_test(size=(80, 24)) as pilot:
        show_position(app, position(["R6 B6 K6 O1", "K2 K3 J"], table=["R3 R4 R5"], config=config()))
        await started(pilot)
    assert StylesCache.get_inner_outer.cache_info().currsize == 0
