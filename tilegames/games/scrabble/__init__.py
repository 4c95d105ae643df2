"""Scrabble (English, standard): RULES.md §3, and GCG records."""
