"""Workarounds for known Textual bugs, each named with its upstream issue. A test in
tests/ui/test_textual_fixes.py shows each bug is still there, so a workaround goes once Textual
fixes it."""

from __future__ import annotations

from textual._styles_cache import StylesCache


def release_style_caches() -> None:
    """Textual issue #6665: `StylesCache.get_inner_outer` is an `lru_cache` on a method, so
    it keeps up to 1,024 widgets' style caches alive after the widgets are gone, each with
    every line it drew. Memory grows with every screen shown, and Python's garbage collector
    walks all of it on each full collection (a fifth of the CPU of the UI tests, 226 ms a
    collection). Emptying the cache when a screen goes costs a few colours worked out again."""
    clear = getattr(StylesCache.get_inner_outer, "cache_clear", None)
    if clear is not None:
        clear()
