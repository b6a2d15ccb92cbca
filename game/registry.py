"""GAMES: the one list of games that every screen, tool and test iterates.

Each game module defines ``SPEC`` (a :class:`game.core.GameSpec`).  The order here is
the order of the cards on the game-select screen.
"""

from __future__ import annotations

import importlib

from game.core import GameSpec

GAME_MODULES = (
    "game.crystal_connector",
    "game.chromatic_collapse",
    "game.element_shift",
    "game.crystal_formation",
    "game.color_crossroads",
)


def _load() -> dict[str, GameSpec]:
    games: dict[str, GameSpec] = {}
    for name in GAME_MODULES:
        spec: GameSpec = importlib.import_module(name).SPEC
        games[spec.id] = spec
    return games


GAMES: dict[str, GameSpec] = _load()


def get(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}") from None
