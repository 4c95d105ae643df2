"""Rummikub in the app: its plug-in (plugin.py) and how its tiles and sets look (tiles.py)."""
