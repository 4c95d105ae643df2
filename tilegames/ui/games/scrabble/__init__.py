"""Scrabble's part of the app: its plug-in (`plugin.py`) and the widgets only Scrabble uses
(the board, the rack with letter points), which read Scrabble's own tables."""
