"""citytrip: printable game content and daily solo puzzles for the Citytrip flip-and-write games."""

__version__ = "0.1.0"
