"""Rummikub Word in the app: its plug-in (`plugin.py`), how its tiles and words look
(`tiles.py`), and the word lookup offered during a turn (`lookup.py`)."""
