"""Each game's coach hooks, one module per game, named as the game's rules module.

A module holds ``GAME`` (its id, from the rules' SPEC), ``SCALE`` (the squash of its
raw score), ``raw(state, budget, depth)`` (its Hard bot judging a position), and may
hold ``REVISION`` (a coach revision past the first, so cached analyses are redone),
``ROLLOUT`` (a play-out policy for the search fallback), ``PLAYERS`` (the table size
the calibration plays), ``MORE_PLAYERS`` (table sizes whose places are measured),
``explain`` and ``explain_hint`` (sentences for a marked action and its better move,
and for the hint's action), with ``SECRET_PLANS`` where the other seats' actions of a
round are known only once it resolves (``explain`` then reads the positions that
follow)."""

from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType


@lru_cache(maxsize=1)
def table() -> dict[str, ModuleType]:
    from game.registry import GAME_MODULES

    out = {}
    for name in GAME_MODULES:
        module = importlib.import_module(f"game.analysis.games.{name}")
        out[module.GAME] = module
    return out


def of(game_id: str) -> ModuleType | None:
    """The coach hooks of ``game_id``, or None for a game the coach does not know."""
    return table().get(game_id)
