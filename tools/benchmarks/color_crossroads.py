"""Color Crossroads speed rows for tools/bench.py.

Run alone: ``python tools/benchmarks/color_crossroads.py [--quick]``.

Rows: the exact loop-existence test per query (target: median under 50 microseconds)
on boards met in random games on every layout, the loop finder per query, random
playouts per second, and each bot level's time per turn (everything it decides in
one of its turns: challenge, placement, end of turn) in games against Medium
(target for Hard: median under 1 s).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.base import Budget
from game.ai.color_crossroads import make
from game.rules.color_crossroads import SPEC, find_loop, loop_exists
from tools.benchmarks import row_maker, run_alone, search_rate, turn_time_rows

GAME = "color-crossroads"


_row = row_maker(GAME)


def _boards(games: int) -> list:
    """Boards from random games on every layout, sampled along each game."""
    out = []
    for g in range(games):
        walls = ("crossroads", "open", "scattered")[g % 3]
        s = SPEC.new_game(g, walls=walls)
        rng = random.Random(g)
        while not s.is_terminal():
            if s.phase == "turn" and not s.placed_this_turn:
                out.append(s)
            s = s.apply(rng.choice(s.legal_moves()))
        # Random games end quickly on points: fill more of the board as well.
        board = list(s.board)
        for i in range(len(board)):
            if board[i] == 0 and rng.random() < 0.5:
                board[i] = rng.randint(1, 4)
        out.append(tuple(board))
    return out


def _per_query(fn, boards) -> list[float]:
    times = []
    for b in boards:
        for pair in range(6):
            t = time.perf_counter()
            fn(b, pair)
            times.append(time.perf_counter() - t)
    return times


def _playouts(seconds: float) -> float:
    t = time.perf_counter()
    n = 0
    rng = random.Random(1)
    while time.perf_counter() - t < seconds:
        s = SPEC.new_game(n)
        while not s.is_terminal():
            s = s.apply(rng.choice(s.legal_moves()))
        n += 1
    return n / (time.perf_counter() - t)


def _turn_times(level: str, games: int) -> list[float]:
    """Seconds per whole turn of ``level`` against Medium, seats alternating."""
    times = []
    for g in range(games):
        bots = (
            {0: make(level), 1: make("medium")}
            if g % 2 == 0
            else {0: make("medium"), 1: make(level)}
        )
        seat_of_level = 0 if g % 2 == 0 else 1
        s = SPEC.new_game(100 + g)
        rng = random.Random(g)
        current_turn, spent = None, 0.0
        while not s.is_terminal():
            seat = s.current_player()
            t = time.perf_counter()
            move = bots[seat].choose(s, rng=rng, budget=Budget(seconds=bots[seat].think_seconds))
            dt = time.perf_counter() - t
            if seat == seat_of_level and s.phase == "turn":
                if current_turn != s.turn:
                    if current_turn is not None:
                        times.append(spent)
                    current_turn, spent = s.turn, 0.0
                spent += dt
            s = s.apply(move)
        if current_turn is not None:
            times.append(spent)
    return times


def _turn_starts(count: int) -> list:
    """Turn starts (nothing placed yet) from games between Medium bots."""
    out = []
    bot = make("medium")
    g = 0
    while len(out) < count:
        s = SPEC.new_game(200 + g)
        rng = random.Random(g)
        g += 1
        while not s.is_terminal() and len(out) < count:
            if (
                s.phase == "turn"
                and not s.placed_this_turn
                and s.placements()
                and rng.random() < 0.3
            ):
                out.append(s)
            s = s.apply(bot.choose(s, rng=rng, budget=Budget(nodes=2000)))
    return out


def rows(quick: bool = False) -> list[dict]:
    out = []
    boards = _boards(6 if quick else 30)
    exist = _per_query(loop_exists, boards)
    med = statistics.median(exist) * 1e6
    out.append(_row("loop-existence test per query, median", med, "us", "< 50 us", med < 50))
    out.append(
        _row(
            "loop-existence test per query, p90",
            sorted(exist)[int(0.9 * (len(exist) - 1))] * 1e6,
            "us",
        )
    )
    finds = _per_query(find_loop, boards[:: 2 if quick else 1])
    out.append(_row("loop finder per query, median", statistics.median(finds) * 1e6, "us"))
    out.append(_row("random playouts", _playouts(0.5 if quick else 2.0), "games/s"))
    rate, n = search_rate(make("hard"), _turn_starts(4 if quick else 12), 1.5)
    out.append(_row(f"hard search: placements judged per second ({n} turns)", rate, "placements/s"))
    for level in ("easy", "medium", "hard"):
        times = _turn_times(level, 2 if quick else 6)
        hard = level == "hard"
        out += turn_time_rows(
            _row,
            level,
            times,
            target=1.0 if hard else None,
            max_note="think_seconds 1.5" if hard else "",
        )
    return out


if __name__ == "__main__":
    run_alone(rows)
