"""Crystal Connector benchmark rows for tools/bench.py (or run alone:
``python tools/benchmarks/crystal_connector.py [--quick]``).

Rows (targets from the issue):
- batch group evaluation, boards per second (>= 1,000,000 on the plain board; the
  all-anomalies board is shown for information),
- one exhaustive three-shift turn search (< 0.3 s),
- Medium and Hard bot time per whole turn, median and worst over a game (median
  < 0.5 s and < 1.5 s),
- engine speed: shifts applied per second (scoring included at turn ends).

Times are CPU seconds of this process (``time.process_time``): the machine is shared,
and wall time would measure the neighbours as much as the code.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np

from game.ai.base import Budget
from game.ai.crystal_connector import plan_turn
from game.registry import GAMES
from game.rules.crystal_connector import (
    ANOMALY_NAMES,
    SPEC,
    Anomalies,
    batch_largest,
    new_board,
)
from tools.benchmarks import row_maker, run_alone, search_rate

GAME = "crystal-connector"


_row = row_maker(GAME, lambda v: round(v, 3))


def _started(seed: int, **options):
    s = SPEC.new_game(seed, **options)
    for text in ("pick first", "take red", "take blue green", "move second"):
        s = s.apply(s.parse_move(text))
    return s


def batch_rate(anomalies: Anomalies, n: int, repeats: int) -> float:
    rng = random.Random(1)
    distinct = np.array([new_board(rng, anomalies)[0] for _ in range(2000)], dtype=np.uint8)
    boards = np.tile(distinct, (max(1, n // 2000), 1))
    best = float("inf")
    for _ in range(repeats):
        t = time.process_time()
        batch_largest(boards)
        best = min(best, time.process_time() - t)
    return boards.shape[0] / best


def turn_search_seconds(repeats: int) -> float:
    times = []
    for seed in range(repeats):
        s = _started(seed)
        t = time.process_time()
        plan_turn(s, s.current_player())
        times.append(time.process_time() - t)
    return statistics.median(times)


def bot_turn_times(level: str, turns: int, seed: int = 3) -> list[float]:
    """Seconds ``level`` takes for each whole turn (all its actions) against Medium."""
    s = _started(seed)
    bot, other = GAMES[SPEC.id].make_bot(level), GAMES[SPEC.id].make_bot("medium")
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < turns:
        if s.is_terminal():
            seed += 1
            s = _started(seed)
        seat = s.current_player()
        if seat == 0:
            t = time.process_time()
            while s.current_player() == 0:
                s = s.apply(bot.choose(s, rng=rng, budget=Budget(seconds=bot.think_seconds)))
            times.append(time.process_time() - t)
        else:
            while s.current_player() == seat:
                s = s.apply(other.choose(s, rng=rng, budget=None))
    return times


def engine_rate(actions: int) -> float:
    rng = random.Random(5)
    s = _started(5, **{k: True for k in ("rocks", "spikes", "pylons")})
    done = 0
    t = time.process_time()
    while done < actions:
        if s.is_terminal():
            s = _started(done, rocks=True, spikes=True, pylons=True)
        moves = s.legal_moves()
        s = s.apply(moves[rng.randrange(len(moves))])
        done += 1
    return done / (time.process_time() - t)


def rows(quick: bool = False) -> list[dict]:
    out = []
    n = 100_000 if quick else 400_000
    rate = batch_rate(Anomalies(), n, 2 if quick else 3)
    out.append(
        _row(
            "batch group evaluation, plain board",
            rate,
            "boards/s",
            ">= 1,000,000",
            rate >= 1_000_000,
        )
    )
    rate_all = batch_rate(Anomalies(**{k: True for k in ANOMALY_NAMES}), n, 2 if quick else 3)
    out.append(_row("batch group evaluation, all anomalies", rate_all, "boards/s"))
    search = turn_search_seconds(3 if quick else 8)
    out.append(
        _row("exhaustive 3-shift turn search (median)", search, "s CPU", "< 0.3 s", search < 0.3)
    )
    for level, target in (("medium", 0.5), ("hard", 1.5)):
        times = bot_turn_times(level, 4 if quick else 16)
        med = statistics.median(times)
        out.append(
            _row(f"{level} bot time per turn (median)", med, "s CPU", f"< {target} s", med < target)
        )
        out.append(_row(f"{level} bot time per turn (max)", max(times), "s CPU"))
    rate, n = search_rate(
        GAMES[GAME].make_bot("hard"), [_started(100 + k) for k in range(2 if quick else 6)], 1.0
    )
    out.append(
        _row(f"hard search: boards scored per second ({n} turns, 1 s each)", rate, "boards/s")
    )
    rate_e = engine_rate(300 if quick else 2000)
    out.append(_row("engine: random actions applied", rate_e, "actions/s"))
    return out


if __name__ == "__main__":
    run_alone(rows)
