"""The browser tests' window (tilegames/net/web_browser.py, which the benchmark shares), skipped
where Chromium is not installed, and the folder their screenshots are kept in."""

from __future__ import annotations

from pathlib import Path

import pytest

from tilegames.net.web_browser import Browser, chromium_missing

OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "browser"

__all__ = ["Browser", "OUTPUT", "chromium_or_skip"]


def chromium_or_skip() -> None:
    why = chromium_missing()
    if why is not None:
        pytest.skip(why)
