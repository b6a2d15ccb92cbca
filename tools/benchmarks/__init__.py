"""Per-game benchmark blocks for tools/bench.py (one module per game)."""

from __future__ import annotations

import random
import statistics
import sys
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


def row_maker(game: str, shown=float):
    """The function that makes ``game``'s rows for tools/bench.py:
    ``row(name, value, unit, target="", ok=None)``, the value passed through ``shown``
    (float, or a rounding where the block's figures are kept that way)."""

    def row(name, value, unit, target="", ok=None) -> dict:
        return {
            "game": game,
            "row": name,
            "value": shown(value),
            "unit": unit,
            "target": target,
            "ok": ok,
        }

    return row


def run_alone(rows) -> None:
    """``python tools/benchmarks/<block>.py [--quick]``: the block's rows as a table."""
    for r in rows(quick="--quick" in sys.argv):
        ok = "" if r["ok"] is None else ("ok" if r["ok"] else "MISS")
        v = r["value"]
        shown = f"{v:>14,.3f}" if abs(v) >= 1 else f"{v:>14.4g}"
        print(f"{r['row']:<48} {shown} {r['unit']:<10} {r['target']:<18} {ok}")


def turn_time_rows(row, level: str, times, where: str = "", target=None, max_note: str = ""):
    """A bot level's median and max seconds per turn as two rows (``where``: which
    boards, in brackets); ``target`` in seconds judges the median."""
    med = statistics.median(times)
    at = f" ({where})" if where else ""
    aim = f"< {target:g} s" if target is not None else ""
    return [
        row(f"{level} time per turn, median{at}", med, "s", aim, med < target if aim else None),
        row(f"{level} time per turn, max{at}", max(times), "s", max_note, None),
    ]
