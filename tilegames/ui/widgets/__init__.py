"""Widgets of the app, one per file for the big ones."""
