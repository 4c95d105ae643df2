"""Building blocks the games share: tiles and bags, the grid and its edits, a table of rows,
letter counts and the lexicon (word lists).
"""
