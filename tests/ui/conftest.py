"""UI tests run the real app headless with a fake clock and a private saves folder."""

from __future__ import annotations

import pytest

from tilegames.core.kernel.clock import FakeClock
from tilegames.ui.app import TilegamesApp


@pytest.fixture(autouse=True)
def saves_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILEGAMES_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def app() -> TilegamesApp:
    return TilegamesApp(clock=FakeClock())
