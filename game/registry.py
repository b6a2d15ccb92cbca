"""GAMES: the one list of games that every screen, tool and test iterates.

Each game is two modules: the rules, ``game/<game>.py``, which defines ``SPEC`` (a
:class:`game.rules.contract.GameSpec` without bots), and its bots, ``game/ai/<game>.py``, which
defines ``LEVELS`` (level name -> bot factory) and imports the rules.  This is the one
place that knows both, so imports run one way: rules <- bots <- registry.  The order
here is the order of the cards on the game-select screen.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from typing import Any, Callable

from game.ai.strength import mixed
from game.rules.contract import GameSpec

GAME_MODULES = (
    "crystal_connector",
    "chromatic_collapse",
    "element_shift",
    "crystal_formation",
    "color_crossroads",
)


# Expert: the Hard bot's own search with a much longer budget per decision (at most
# 5 s, so a person is never left waiting long; the screen shows a thinking ring).  A
# game whose Hard stops long before its budget defines its own "expert" in LEVELS (a
# wider or deeper search) and keeps it; the others get Hard with this budget.
# Element Shift's eleven bots plan one after another in each round, so each gets
# 2 s: its Expert spends about a second predicting the round once (shared by every
# expert bot of that round), and the seats after the first then need a few tenths.
EXPERT_SECONDS = 4.0
EXPERT_SECONDS_BY_GAME = {"element-shift": 2.0}


def expert(hard_factory: Callable[[], Any], seconds: float = EXPERT_SECONDS):
    """The Expert level of a game: its Hard bot given ``seconds`` to think."""
    bot = hard_factory()
    bot.think_seconds = seconds
    bot.name = "expert"
    return bot


def _load() -> dict[str, GameSpec]:
    games: dict[str, GameSpec] = {}
    for name in GAME_MODULES:
        spec: GameSpec = importlib.import_module(f"game.rules.{name}").SPEC
        levels = dict(importlib.import_module(f"game.ai.{name}").LEVELS)
        # A game whose bots define their own "expert" (a stronger search, not just
        # Hard with more time) keeps it.
        if "expert" not in levels:
            seconds = EXPERT_SECONDS_BY_GAME.get(spec.id, EXPERT_SECONDS)
            levels["expert"] = functools.partial(expert, levels["hard"], seconds)
        games[spec.id] = dataclasses.replace(spec, bots=levels, strength_bot=mixed)
    return games


GAMES: dict[str, GameSpec] = _load()


def get(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}") from None
