"""The server's tests run real servers on 127.0.0.1 (tests/net/net_harness.py) with a private
home folder, so nothing is written where the player's saves are."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """The server's data folder."""
    return tmp_path / "server"
