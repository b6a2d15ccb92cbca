"""Per-game benchmark blocks for tools/bench.py (one module per game)."""

from __future__ import annotations

import random
import time


def search_rate(bot, states, seconds: float) -> tuple[float, int]:
    """How fast a bot's search runs: the units it counts on its budget (search nodes,
    boards or positions scored; each bot's docstring says which) per wall second,
    over ``states``, each decision given ``seconds``.  Returns (rate, decisions)."""
    from game.ai.base import Budget

    units, spent = 0, 0.0
    for k, state in enumerate(states):
        budget = Budget(seconds=seconds)
        t = time.perf_counter()
        bot.choose(state, rng=random.Random(k), budget=budget)
        spent += time.perf_counter() - t
        units += budget.used_nodes
    return (units / spent if spent else 0.0), len(states)
