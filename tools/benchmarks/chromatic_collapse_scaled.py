"""Chromatic Collapse with Hard and Expert at a quarter of their budgets, for the
arena (Expert against Hard at the full 4 s and 0.9 s a decision is hours of CPU; a
quarter keeps the ratio)::

    python3 tools/arena.py --spec-module tools.benchmarks.chromatic_collapse_scaled \\
        --levels expert,hard --games 40 --seed 100

Without ``--seconds`` the arena gives every bot its own ``think_seconds``: here 1.0 s
for Expert and 0.225 s for Hard.
"""

from __future__ import annotations

import dataclasses

from game.registry import GAMES

SCALE = 0.25

_game = GAMES["chromatic-collapse"]


def _scaled(level: str):
    def make():
        bot = _game.make_bot(level)
        bot.think_seconds = bot.think_seconds * SCALE
        return bot

    return make


SPEC = dataclasses.replace(
    _game, bots={**_game.bots, "hard": _scaled("hard"), "expert": _scaled("expert")}
)
