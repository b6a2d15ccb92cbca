"""Lessons and puzzles read from seeds/: tutorials and puzzles as data, and what judges them."""
