"""Nab-It! in the app: its plug-in (`plugin.py`), the board widget that looks at a part of the
unbounded grid (`board.py`), the typing cursor (`typing.py`) and how tiles look (`tiles.py`)."""
