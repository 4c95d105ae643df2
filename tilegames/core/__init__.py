"""The game-agnostic kernel: tiles and bags, seats, clock, turn controller, protocol, journal.

Nothing here imports Textual, Rich, networking, `tilegames.ui` or `tilegames.net`
(an import-linter contract in pyproject.toml, checked by tests/test_architecture.py).
"""
