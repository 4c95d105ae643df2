"""Rummikub Word (letters): RULES.md §2; the rules as built are docs/rules.md, part 4."""
