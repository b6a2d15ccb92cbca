"""Chromatic Collapse speed rows for tools/bench.py.

Run alone: ``python tools/benchmarks/chromatic_collapse.py [--quick]``.

Rows: legal-move generation on the engine's states, random playouts per second (the
engine's immutable states, and the bots' make/unmake board, which MCTS-style playouts
would use), alpha-beta nodes per second of the classic search (``Board``,
``ClassicHardBot``) and of Hard's (bitboards, ``game/ai/chromatic_collapse_bits.py``) in the same
run, and the bots' time per turn
(both actions of a turn) by level.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai import chromatic_collapse_bits as bits
from game.ai.base import Budget
from game.ai.chromatic_collapse import BatchPlayouts, Board, Searcher, Weights
from game.registry import GAMES
from game.rules.chromatic_collapse import SPEC, Start
from tools.benchmarks import row_maker, run_alone

GAME = "chromatic-collapse"


_row = row_maker(GAME)


def _sample_states(n_games: int, seed: int = 0):
    """States met in seeded random games (after setup), for move generation."""
    out = []
    for g in range(n_games):
        rng = random.Random(seed + g)
        s = SPEC.new_game(seed + g).apply(Start(0))
        while not s.is_terminal():
            out.append(s)
            s = s.apply(rng.choice(s.legal_moves()))
    return out


def _movegen_rate(states) -> float:
    # Fresh copies so the cached move lists are not reused.
    data = [s.to_json() for s in states]
    fresh = [SPEC.from_json(d) for d in data]
    t = time.perf_counter()
    for s in fresh:
        s.legal_moves()
    return len(fresh) / (time.perf_counter() - t)


def _engine_playouts(seconds: float) -> float:
    t = time.perf_counter()
    n = 0
    rng = random.Random(1)
    while time.perf_counter() - t < seconds:
        s = SPEC.new_game(n).apply(Start(n % 2))
        while not s.is_terminal():
            s = s.apply(rng.choice(s.legal_moves()))
        n += 1
    return n / (time.perf_counter() - t)


def _board_playouts(seconds: float) -> float:
    starts = [Board(SPEC.new_game(g).apply(Start(g % 2))) for g in range(8)]
    t = time.perf_counter()
    n = 0
    rng = random.Random(2)
    while time.perf_counter() - t < seconds:
        src = starts[n % len(starts)]
        b = Board.__new__(Board)
        for name in Board.__slots__:
            setattr(b, name, getattr(src, name))
        b.board = list(src.board)
        b.masks = list(src.masks)
        while b.winner < 0:
            moves = b.moves()
            if not moves:
                break
            b.make(moves[int(rng.random() * len(moves))])
        n += 1
    return n / (time.perf_counter() - t)


def _batch_playouts(games: int) -> float:
    starts = [SPEC.new_game(g).apply(Start(g % 2)) for g in range(games)]
    runner = BatchPlayouts()
    t = time.perf_counter()
    runner.run(starts, seed=games)
    return games / (time.perf_counter() - t)


def _nodes_per_second(states, seconds: float) -> float:
    """The classic search (``ClassicHardBot``): PVS on the engine-rules ``Board``."""
    nodes = 0
    t = time.perf_counter()
    per = seconds / len(states)
    for s in states:
        budget = Budget(seconds=per)
        searcher = Searcher(budget, Weights())
        b = Board(s)
        moves = b.moves()
        try:
            for depth in range(1, 20):
                searcher.root(b, depth, moves)
        except Exception:  # SearchCancelled when the slice is used up
            pass
        nodes += searcher.nodes
    return nodes / (time.perf_counter() - t)


def _bit_nodes_per_second(states, seconds: float) -> float:
    """Hard's search now: PVS on bitboards (game/ai/chromatic_collapse_bits.py), the same
    positions and time slices as the row above, iterative deepening as Hard does it."""
    nodes = 0
    t = time.perf_counter()
    per = seconds / len(states)
    for s in states:
        searcher = bits.Search(Budget(seconds=per), bits.Weights())
        b = bits.BitBoard(s)
        moves = b.moves()
        try:
            for depth in range(1, 40):
                _v, _m, moves = searcher.root(b, depth, moves)
        except Exception:  # SearchCancelled when the slice is used up
            pass
        nodes += searcher.nodes
    return nodes / (time.perf_counter() - t)


def _turn_times(level: str, states, per_turn_limit: int):
    """Seconds per whole turn for ``level`` from each state (its default budget)."""
    times = []
    for s in states[:per_turn_limit]:
        bot = GAMES[SPEC.id].make_bot(level)
        me = s.current_player()
        t = time.perf_counter()
        while not s.is_terminal() and s.current_player() == me:
            s = s.apply(bot.choose(s, rng=random.Random(0), budget=None))
        times.append(time.perf_counter() - t)
    return times


def rows(quick: bool = False) -> list[dict]:
    out = []
    states = _sample_states(2 if quick else 6)
    rate = _movegen_rate(states)
    out.append(_row("move generation (legal_moves, fresh state)", rate, "calls/s"))
    out.append(_row("move generation, one call", 1e6 / rate, "us"))
    eng = _engine_playouts(0.5 if quick else 2.0)
    out.append(_row("random playouts, engine states", eng, "games/s"))
    out.append(
        _row("random playouts, search board", _board_playouts(0.5 if quick else 2.0), "games/s")
    )
    batch = _batch_playouts(300 if quick else 2000)
    out.append(_row("random playouts, numpy batch", batch, "games/s", ">= 1000", batch >= 1000))
    turn_starts = [s for s in states if s.phase == "first" and s.turn > 2][::7]
    searched = turn_starts[: 4 if quick else 10]
    seconds = 1.0 if quick else 4.0
    # The classic and the bitboard search in one run, interleaved so both see the same load.
    old = new = 0.0
    for _ in range(2):
        old += _nodes_per_second(searched, seconds / 2) / 2
        new += _bit_nodes_per_second(searched, seconds / 2) / 2
    out.append(_row("alpha-beta nodes per second (classic hard search, Board)", old, "nodes/s"))
    out.append(
        _row(
            "alpha-beta nodes per second (hard search, bitboards)",
            new,
            "nodes/s",
            ">= 100000",
            new >= 100_000,
        )
    )
    out.append(
        _row("bitboard search speed-up over classic", new / old, "x", ">= 3", new >= 3 * old)
    )
    picks = turn_starts[1 :: max(1, len(turn_starts) // (3 if quick else 12))]
    for level, target in (("easy", ""), ("medium", ""), ("hard", "median < 2 s")):
        times = _turn_times(level, picks, 3 if quick else 12)
        med = statistics.median(times)
        out.append(
            _row(
                f"{level} time per turn, median", med, "s", target, (med < 2.0) if target else None
            )
        )
        out.append(_row(f"{level} time per turn, max", max(times), "s"))
    return out


if __name__ == "__main__":
    run_alone(rows)
