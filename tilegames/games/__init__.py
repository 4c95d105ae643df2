"""One package per game. Each is registered in `tilegames.core.registry`."""
