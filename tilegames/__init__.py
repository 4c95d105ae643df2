"""tilegames: Rummikub, Rummikub Word, Scrabble and Nab-It! in the terminal."""

__version__ = "0.1.0"
