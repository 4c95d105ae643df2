"""Nab-It! (RULES.md §4): a crossword game of stacked tiles on an unbounded grid, where capping a
stack nabs the words through it. See docs/rules.md, Part 5."""
