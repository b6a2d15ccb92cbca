"""Element Shift benchmark rows for tools/bench.py (or run alone:
``python tools/benchmarks/element_shift.py [--quick]``).

Rows: round resolution time (the engine's whole end-of-round work: moves, tile changes,
scoring), a whole random game, and for each bot level the time eleven bots of that level
take to decide one round (median and worst over a game's seven rounds) plus the time per
single decision.  The issue's target: eleven Hard bots decide a round in under 1 s.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.registry import GAMES
from game.rules.element_shift import SPEC, PlanList, resolve_round, score_round
from tools.benchmarks import row_maker, run_alone, search_rate

GAME = "element-shift"


_row = row_maker(GAME, lambda v: round(v, 3))


def _started(seed: int):
    state = SPEC.new_game(seed)
    rng = random.Random(seed)
    while state.round == 0:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    return state


def _resolution_ms(samples: int) -> list[float]:
    out = []
    rng = random.Random(1)
    state = _started(1)
    for i in range(samples):
        round_ = 1 + i % 7
        plans = []
        for pos in state.positions:
            options = PlanList(round_, pos)
            plans.append(options[rng.randrange(len(options))])
        t = time.perf_counter()
        trace = resolve_round(round_, state.board, state.positions, state.elements, plans)
        score_round(round_, trace.board_after, trace.positions[-1], trace.elements)
        out.append((time.perf_counter() - t) * 1000)
    return out


def _random_game_ms(games: int) -> list[float]:
    out = []
    for g in range(games):
        rng = random.Random(g)
        t = time.perf_counter()
        state = SPEC.new_game(g)
        while not state.is_terminal():
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
        out.append((time.perf_counter() - t) * 1000)
    return out


def _bot_rounds(level: str, seed: int) -> tuple[list[float], list[float]]:
    """Seconds for eleven bots of ``level`` (seats 0-10) to decide each round of one game
    (seat 11 keeps and stays), and seconds per single decision."""
    bots = [GAMES[SPEC.id].make_bot(level) for _ in range(11)]
    rng = random.Random(seed)
    state = _started(seed)
    per_round, per_turn = [], []
    while not state.is_terminal():
        total = 0.0
        for seat in range(11):
            t = time.perf_counter()
            move = bots[seat].choose(state, rng=rng, budget=None)  # the level's default
            dt = time.perf_counter() - t
            per_turn.append(dt)
            total += dt
            state = state.apply(move)
        per_round.append(total)
        state = state.apply(state.timeout_move(11))
    return per_round, per_turn


def rows(quick: bool = False) -> list[dict]:
    out = []
    res = _resolution_ms(70 if quick else 350)
    out.append(_row("round resolution + scoring, median", statistics.median(res), "ms"))
    out.append(_row("round resolution + scoring, max", max(res), "ms"))
    games = _random_game_ms(2 if quick else 10)
    out.append(_row("random game (12 seats, 7 rounds), median", statistics.median(games), "ms"))
    # Hard's budget units: plan-graph states built, 200 per profile step, 20 per
    # exact resolution of a sampled round (game/ai/element_shift.py).
    rate, n = search_rate(
        GAMES[SPEC.id].make_bot("hard"),
        [_started(300 + k) for k in range(3 if quick else 10)],
        0.07,
    )
    out.append(
        _row(f"hard search: budget units per second ({n} decisions, 0.07 s each)", rate, "units/s")
    )
    for level in ("easy", "medium", "hard"):
        rounds, turns = [], []
        for seed in (1,) if quick else (1, 2, 3):
            r, t = _bot_rounds(level, seed)
            rounds += r
            turns += t
        target = "< 1 s for 11 bots" if level == "hard" else ""
        worst = max(rounds)
        out.append(
            _row(
                f"11 {level} bots decide a round, median",
                statistics.median(rounds),
                "s",
                target,
                statistics.median(rounds) < 1.0 if level == "hard" else None,
            )
        )
        out.append(
            _row(
                f"11 {level} bots decide a round, max",
                worst,
                "s",
                target,
                worst < 1.0 if level == "hard" else None,
            )
        )
        out.append(
            _row(f"{level} bot time per turn, median", statistics.median(turns) * 1000, "ms")
        )
        out.append(_row(f"{level} bot time per turn, max", max(turns) * 1000, "ms"))
    return out


if __name__ == "__main__":
    run_alone(rows)
