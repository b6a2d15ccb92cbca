"""The tools' hooks of each game, one module per game named by its ``GameSpec.module``
(``tools/games/<module>.py``): what the puzzle generator, the tactics check, the
screenshot tool and the arena need to know of that game alone.  ``hooks(game_id)``
imports it; every name a tool reads is listed in docs/architecture.md."""

from __future__ import annotations

from game.registry import game_module


def hooks(game_id: str):
    """``game_id``'s module here (``tools/games/<module>.py``)."""
    return game_module("tools.games", game_id)


def showcase() -> str:
    """The game the docs' screenshots show (the one whose hooks say ``SHOWCASE``)."""
    from game.registry import GAMES

    return next(g for g in GAMES if getattr(hooks(g), "SHOWCASE", False))


def first_game() -> str:
    """The first card of game select: the tools' default game."""
    from game.registry import GAMES

    return next(iter(GAMES))


def most_seats() -> str:
    """The game of the most seats (the party and rules screens at their fullest)."""
    from game.registry import GAMES

    return max(GAMES, key=lambda g: GAMES[g].max_players)


def varied_seats() -> str:
    """The game whose seat count varies most (game select with every choice shown)."""
    from game.registry import GAMES

    return max(GAMES, key=lambda g: GAMES[g].max_players - GAMES[g].min_players)
