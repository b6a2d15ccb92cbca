"""Crystal Formation speed rows for tools/bench.py.

Run alone: ``python tools/benchmarks/crystal_formation.py [--quick]``.

Rows: legal-move generation on states met in random games (square and hex boards),
random playouts per second (2 players on the square board, 6 on the hexagon), and the
bots' time per turn by level (median and max) over positions from bot games.  The
issue's target is Hard's median time per turn under 2 s.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.crystal_formation import make
from game.rules.crystal_formation import SPEC
from tools.benchmarks import row_maker, run_alone, search_rate, turn_time_rows

GAME = "crystal-formation"


_row = row_maker(GAME)


def _sample_states(players: int, games: int, seed: int = 0):
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        s = SPEC.new_game(seed + g, players)
        while not s.is_terminal():
            out.append(s)
            s = s.apply(rng.choice(s.legal_moves()))
    return out


def _movegen_rate(states) -> float:
    # Fresh copies: states cache their move lists.
    fresh = [SPEC.from_json(s.to_json()) for s in states]
    t = time.perf_counter()
    for s in fresh:
        s.legal_moves()
    return len(fresh) / (time.perf_counter() - t)


def _playouts(players: int, seconds: float) -> float:
    t = time.perf_counter()
    n = 0
    rng = random.Random(players)
    while time.perf_counter() - t < seconds:
        s = SPEC.new_game(n, players)
        while not s.is_terminal():
            s = s.apply(rng.choice(s.legal_moves()))
        n += 1
    return n / (time.perf_counter() - t)


def _bot_positions(players: int, count: int, seed: int = 0):
    """Positions from a game between Medium bots (realistic middle games), spread
    over the game."""
    bot = make("medium")
    rng = random.Random(seed)
    s = SPEC.new_game(seed, players)
    seen = []
    from game.ai.base import Budget

    while not s.is_terminal() and len(seen) < count * 3:
        seen.append(s)
        s = s.apply(bot.choose(s, rng=rng, budget=Budget(nodes=400)))
    return seen[::3][:count]


def _bot_times(level: str, positions) -> list[float]:
    bot = make(level)
    times = []
    for k, s in enumerate(positions):
        t = time.perf_counter()
        bot.choose(s, rng=random.Random(k), budget=None)
        times.append(time.perf_counter() - t)
    return times


def rows(quick: bool = False) -> list[dict]:
    out = []
    for players, label in ((2, "square, 2 players"), (6, "hex, 6 players")):
        states = _sample_states(players, 1 if quick else 3)
        out.append(_row(f"legal move generation ({label})", _movegen_rate(states), "positions/s"))
        out.append(
            _row(f"random playouts ({label})", _playouts(players, 0.5 if quick else 2.0), "games/s")
        )
    n_pos = 4 if quick else 12
    for players, label in ((2, "2p"), (4, "4p")):
        rate, n = search_rate(make("hard"), _bot_positions(players, n_pos), 1.5)
        out.append(
            _row(
                f"hard search: positions evaluated per second ({label}, {n} turns)",
                rate,
                "positions/s",
            )
        )
    for players, label in ((2, "2p"), (4, "4p"), (6, "6p hex")):
        positions = _bot_positions(players, n_pos)
        for level in ("easy", "medium", "hard"):
            if quick and level == "medium" and players != 2:
                continue
            times = _bot_times(level, positions)
            target = 2.0 if level == "hard" else None
            out += turn_time_rows(_row, level, times, label, target)
    return out


if __name__ == "__main__":
    run_alone(rows)
