"""Rummikub (numbers): RULES.md §1."""
