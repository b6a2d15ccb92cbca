"""The bot ladder and the "Match me" benchmark (``tools/arena.py --ladder`` and
``--match-me``).

The ladder: a round robin of strengths (Random, Easy, 1.5, Medium, 2.5, Hard, 3.5,
Expert by default), seats swapped, game ``k`` of every pairing from seed ``seed + k``.
Expert thinks for seconds a decision, so it plays only its neighbours (3.5 and Hard)
and Medium, with fewer games.  Element Shift (twelve seats) plays the same round
robin one seat against eleven: a table of a pairing seats one strength alone among
eleven of the other (which one alternates, the lone seat moves round the table), and
its places give the lone seat's eleven pairwise results.  That is the table a person
sits at (one seat among eleven bots of one level) and the fair test of a level there:
at a table that mixes every strength (``seating="mixed"``, the first Element Shift
ladders) Hard's and Expert's predictions of the others, made for tables of bots like
themselves, miss the Random and Easy seats, and the levels above Medium fall within
a few dozen points of each other.  Crystal Formation's ladder is its two-player game.

The fit: a Bradley-Terry model by maximum a posteriori (``choix.opt_pairwise``, a
small Gaussian prior so that a clean sweep stays finite), on the Elo scale with
Random at 0.  choix is a small, well-kept library of exactly these models (Luce's
choice axiom) with the maximum-likelihood solvers on scipy; it gives no intervals, so
the 95 % intervals are a bootstrap: the games (tables) of every pairing drawn again
with replacement and fitted again, the 2.5th and 97.5th percentiles of each rating.
Resampling whole games keeps a table's many pairwise results together.
"""

from __future__ import annotations

import datetime
import itertools
import json
import math
import random
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Callable, Sequence

if __name__ == "__main__":
    # a library of tools/arena.py, not a command of its own
    sys.exit(
        "tools/ladder.py holds the ladder's code; run it as\n"
        "  python3 tools/arena.py --ladder GAME      (the ladder)\n"
        "  python3 tools/arena.py --match-me GAME    (the Match me benchmark)\n"
        "and see python3 tools/arena.py --help"
    )

from game.records.ladder import (
    LADDER_FILE,
    LEVEL_STRENGTHS,
    Ladder,
    Point,
    match_strength,
    parse_strength_level,
    strength_level,
)
from game.records.ratings import Rating, place_results, update
from tools.tables import format_table

ELO = 400.0 / math.log(10.0)  # rating points per natural-log unit of strength
PRIOR = 0.01  # choix's alpha: the Gaussian prior's weight on the log-strengths
BOOTSTRAP = 200
LADDER_STRENGTHS = (0.0, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0)
EXPERT_OPPONENTS = (3.5, 3.0, 2.0)  # Expert's neighbours, and Medium once
NAMES = {s: name for name, s in LEVEL_STRENGTHS.items()}


def level_of(strength: float) -> str:
    """The bot level text of a strength: a named level's name, else ``at:X``."""
    return NAMES.get(float(strength), strength_level(strength))


def name_of(strength: float) -> str:
    return NAMES.get(float(strength), f"{strength:g}").title()


# -- the fit ----------------------------------------------------------------------------


def pairwise(results: Sequence[tuple[int, int, float]]) -> list[tuple[int, int]]:
    """choix's data from (i, j, score of i): a win twice, a draw once each way (so a
    draw weighs half a win for each side)."""
    data: list[tuple[int, int]] = []
    for i, j, s in results:
        if s > 0.5:
            data += [(i, j), (i, j)]
        elif s < 0.5:
            data += [(j, i), (j, i)]
        else:
            data += [(i, j), (j, i)]
    return data


def win_counts(n: int, results: Sequence[tuple[int, int, float]]):
    """counts[i, j]: how often i beat j in choix's data (:func:`pairwise`, whose rule
    for wins and draws it counts)."""
    import numpy as np

    counts = np.zeros((n, n))
    for winner, loser in pairwise(results):
        counts[winner, loser] += 1
    return counts


def _counted_start(n: int, counts):
    """The minimum of choix's pairwise objective (its negative log-likelihood and
    Gaussian prior, ``choix.opt.PairwiseFcts``) summed over the win counts of each
    ordered pair, one term a pair, by the scipy call choix makes: a start at which
    choix's own optimiser finds itself converged after one step."""
    import numpy as np
    from scipy.optimize import minimize

    wins, losses = np.nonzero(counts)
    weight = counts[wins, losses]

    def objective(params):
        d = params[wins] - params[losses]
        return PRIOR * np.sum(params**2) + np.sum(weight * np.logaddexp(0, -d))

    def gradient(params):
        # choix caps the exponent at 500 the same way (choix.opt._safe_exp).
        d = np.clip(params[wins] - params[losses], -500.0, 500.0)
        z = weight / (1 + np.exp(d))
        grad = 2 * PRIOR * np.asarray(params, dtype=float)
        np.add.at(grad, wins, -z)
        np.add.at(grad, losses, z)
        return grad

    res = minimize(objective, np.zeros(n), method="BFGS", jac=gradient, options={"gtol": 1e-5})
    return np.asarray(res.x)


def fit(n: int, results: Sequence[tuple[int, int, float]], anchor: int = 0) -> list[float]:
    """Elo-scale ratings of items 0..n-1 from pairwise results, item ``anchor`` at 0:
    ``choix.opt_pairwise`` (BFGS) on the comparisons, started where the same objective,
    summed over counts, has its minimum (:func:`_counted_start`).  choix steps through
    every comparison in Python at each evaluation: on an Element Shift ladder (some
    50,000 comparisons) a fit from zero took about 2 s and the 200 bootstrap fits 20
    minutes; from that start choix stops at once, with the same estimate, and the whole
    refit takes about 75 s (``tests/test_ladder_tools.py`` checks the fit against choix
    started from zero)."""
    import choix
    import numpy as np

    counts = win_counts(n, results)
    if not counts.any():
        return [0.0] * n
    start = _counted_start(n, counts)
    params = choix.opt_pairwise(
        n, pairwise(results), alpha=PRIOR, method="BFGS", initial_params=start
    )
    params = np.asarray(params) - params[anchor]
    return [float(ELO * p) for p in params]


def fit_with_intervals(
    n: int,
    games: Sequence[Sequence[tuple[int, int, float]]],
    *,
    anchor: int = 0,
    resamples: int = BOOTSTRAP,
    seed: int = 0,
    groups: Sequence[object] | None = None,
) -> dict:
    """Ratings and 95 % bootstrap intervals.  ``games`` holds each game's pairwise
    results; ``groups`` (one key a game, e.g. its pairing) keeps each group's size when
    resampling.  Returns {"rating": [...], "low": [...], "high": [...],
    "diff": {(a, b): (low, high)} for every pair a < b} (the interval of b - a)."""
    flat = [r for g in games for r in g]
    rating = fit(n, flat, anchor)
    keys = list(groups) if groups is not None else [0] * len(games)
    by_group: dict[object, list[int]] = {}
    for idx, key in enumerate(keys):
        by_group.setdefault(key, []).append(idx)
    rng = random.Random(seed)
    draws: list[list[float]] = []
    for _round in range(resamples):
        picked = []
        for members in by_group.values():
            for _k in range(len(members)):
                picked.extend(games[rng.choice(members)])
        draws.append(fit(n, picked, anchor))

    def pct(values: list[float], q: float) -> float:
        values = sorted(values)
        k = (len(values) - 1) * q
        lo, hi = math.floor(k), math.ceil(k)
        return values[lo] + (values[hi] - values[lo]) * (k - lo)

    low = [pct([d[i] for d in draws], 0.025) for i in range(n)]
    high = [pct([d[i] for d in draws], 0.975) for i in range(n)]
    diff = {}
    for a, b in combinations(range(n), 2):
        ds = [d[b] - d[a] for d in draws]
        diff[(a, b)] = (pct(ds, 0.025), pct(ds, 0.975))
    return {"rating": rating, "low": low, "high": high, "diff": diff}


# -- the games --------------------------------------------------------------------------


def ladder_pairs(
    strengths: Sequence[float],
    games: int,
    expert_games: int,
    expert_opponents: Sequence[float] = EXPERT_OPPONENTS,
    slow_games: int | None = None,
) -> list[tuple[float, float, int]]:
    """(a, b, games) for the round robin: every pair below Expert plays ``games``, or
    ``slow_games`` (default ``games``) when one side lies between Hard and Expert (3.5:
    half its decisions are Expert's, seconds each, so its tables cost ten times a
    Hard table's); Expert plays only ``expert_opponents`` (its neighbours and Medium),
    ``expert_games`` each."""
    slow = games if slow_games is None else slow_games
    out = []
    for a, b in combinations(strengths, 2):
        if 4.0 in (a, b):
            other = a if b == 4.0 else b
            if other in expert_opponents:
                out.append((a, b, expert_games))
        elif max(a, b) > 3.0:
            out.append((a, b, slow))
        else:
            out.append((a, b, games))
    return out


def lone_seats(a: float, b: float, index: int, players: int) -> list[float]:
    """Table ``index`` of the pairing a, b at a many-seat game: ``a`` alone among the
    others at even tables, ``b`` at odd ones, the lone seat moving round the table
    every two tables (as ``tools/arena.py`` seats its level tables).  Two players:
    ``a`` first at even games, ``b`` at odd ones."""
    if players == 2:
        return [a, b] if index % 2 == 0 else [b, a]
    alone, rest = (a, b) if index % 2 == 0 else (b, a)
    seats = [rest] * players
    seats[(index // 2) % players] = alone
    return seats


def table_seats(strengths: Sequence[float], index: int, players: int) -> list[float]:
    """Table ``index`` of a many-seat game: every strength in turn round the table,
    Expert at most once (it thinks for seconds), the start rotating each table."""
    cheap = [s for s in strengths if s != 4.0]
    seats = [cheap[(index + i) % len(cheap)] for i in range(players)]
    if 4.0 in strengths:
        # Expert takes the seat of a strength that sits at this table twice, the
        # place rotating, so every strength still plays.
        for step in range(players):
            k = (index + step) % players
            if seats.count(seats[k]) > 1:
                seats[k] = 4.0
                break
    return seats


def _names(strengths) -> str:
    names = [name_of(float(s)) for s in strengths]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# How a strength between levels picks its level: once a seat's turn
# (game.ai.strength).  Records without a "mix" chose once an action, so a game with
# such a seat is played again rather than reused; a game of named levels only plays
# the same either way and is reused.
MIX = "turn"


def _task_key(task: dict) -> tuple:
    """What makes two ladder games the same game: the strengths in their seats and the
    seed (the think times are each level's own unless --seconds says otherwise), and
    for a seat between levels how it mixed them."""
    strengths = tuple(float(s) for s in task["strengths"])
    between = any(s != math.floor(s) for s in strengths)
    return (
        strengths,
        int(task["seed"]),
        task.get("seconds"),
        float(task.get("time_scale", 1.0)),
        task.get("mix", "action") if between else None,
    )


def _number(x) -> bool:
    return type(x) in (int, float) and math.isfinite(x)


def _reuse_key(record) -> tuple | None:
    """The key of an earlier run's record, or None when it is not a whole ladder game
    (an edited or foreign file: such a record is played again, never trusted)."""
    if not isinstance(record, dict):
        return None
    try:
        key = _task_key(record)
        places = record["places"]
        fine = (
            isinstance(places, list)
            and len(places) == len(key[0])
            and all(type(x) is int for x in places)
            and all(math.isfinite(s) for s in key[0])
            and isinstance(record.get("think"), list)
            and isinstance(record.get("moves"), list)
            and len(record["think"]) == len(record["moves"]) == len(places)
            and all(_number(x) for x in record["think"] + record["moves"])
        )
        hash(key)
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    return key if fine else None


def _result_pairs(record: dict, index: dict[float, int]) -> list[tuple[int, int, float]]:
    """One game's pairwise results between seats of different strengths (places)."""
    out = []
    seats, places = record["strengths"], record["places"]
    for x, y in combinations(range(len(seats)), 2):
        if seats[x] == seats[y]:
            continue
        px, py = places[x], places[y]
        score = 1.0 if px < py else 0.0 if px > py else 0.5
        out.append((index[seats[x]], index[seats[y]], score))
    return out


def run_ladder(
    spec,
    *,
    strengths: Sequence[float] = LADDER_STRENGTHS,
    games: int = 10,
    expert_games: int | None = None,
    slow_games: int | None = None,
    tables: int | None = None,
    seconds: float | None = None,
    time_scale: float = 1.0,
    seed: int = 0,
    resamples: int = BOOTSTRAP,
    play: Callable[[dict], dict],
    progress: Callable[[str, int, int], None] | None = None,
    log: Callable[[str], None] | None = None,
    expert_opponents: Sequence[float] = EXPERT_OPPONENTS,
    reuse: Sequence[dict] = (),
    play_many: Callable[[list[dict], Callable[[dict, dict], None]], None] | None = None,
    seating: str = "lone",
) -> dict:
    """Play the ladder of ``spec`` and fit it; returns a JSON-ready result.

    ``slow_games``: games a pairing with 3.5 (default ``games``; see
    :func:`ladder_pairs`).  ``reuse``: records of an earlier run (its ``--json``
    file): a game with the same seats and seed is taken from there instead of played
    again, so a ladder can be extended (more Expert games, say) without replaying what
    it has.  ``play_many``: plays a list of tasks (in parallel processes, say), calling
    back with each task and its record as it ends; default: ``play`` one after
    another.  ``seating`` (games of more than two players): ``"lone"``, the round robin
    one seat against the rest (:func:`lone_seats`), or ``"mixed"``, ``tables`` tables
    mixing every strength (:func:`table_seats`)."""
    if seating not in ("lone", "mixed"):
        raise ValueError(f"seating {seating!r}: lone or mixed")
    strengths = sorted(set(float(s) for s in strengths))
    index = {s: i for i, s in enumerate(strengths)}
    expert_games = max(2, games // 2) if expert_games is None else expert_games
    slow_games = games if slow_games is None else slow_games
    players = 2 if spec.min_players <= 2 else spec.default_players
    _players, options = spec.resolve_options(players)
    mixed = players > 2 and seating == "mixed"
    pairings = (
        [] if mixed else ladder_pairs(strengths, games, expert_games, expert_opponents, slow_games)
    )
    tasks = []
    if not mixed:
        for a, b, n in pairings:
            for k in range(n):
                # Two players: seats swapped every game.  More: one seat alone.
                seats = lone_seats(a, b, k, players)
                tasks.append({"pairing": [a, b], "index": k, "strengths": seats})
    else:
        for k in range(tables or games):
            seats = table_seats(strengths, k, players)
            tasks.append({"pairing": ["table", k], "index": k, "strengths": seats})
    for t in tasks:
        t.update(
            game=spec.id,
            players=players,
            options=options,
            seed=seed + t["index"],
            seats=[level_of(s) for s in t["strengths"]],
            seconds=seconds,
            nodes=None,
            time_scale=time_scale,
            mix=MIX,
        )
    t0 = time.monotonic()
    found = {}
    for r in reuse:
        key = _reuse_key(r)
        if key is not None:
            found[key] = r
    records: list[dict | None] = [None] * len(tasks)
    todo = []
    for n, task in enumerate(tasks):
        old = found.get(_task_key(task))
        if old is not None:
            records[n] = dict(old, pairing=task["pairing"], index=task["index"])
        else:
            todo.append(n)
    if log and len(todo) < len(tasks):
        log(f"{spec.id} ladder: {len(tasks) - len(todo)} games reused, {len(todo)} to play")
    done = [len(tasks) - len(todo)]

    def finished(task: dict, rec: dict) -> None:
        rec["strengths"] = task["strengths"]
        rec["seconds"], rec["time_scale"] = task["seconds"], task["time_scale"]
        rec["mix"] = task["mix"]
        records[task["slot"]] = rec
        if log and rec.get("note"):
            log(f"warning: {spec.id} game {task['index']} {task['seats']}: {rec['note']}")
        done[0] += 1
        if progress:
            progress(f"{spec.id} ladder", done[0], len(tasks))

    pending = [dict(tasks[n], slot=n) for n in todo]
    if play_many is not None:
        play_many(pending, finished)
    else:
        for task in pending:
            finished(task, play(task))
    records = [r for r in records if r is not None]
    per_game = [_result_pairs(r, index) for r in records]
    groups = [0 if mixed else tuple(r["pairing"]) for r in records]
    fitted = fit_with_intervals(
        len(strengths),
        per_game,
        anchor=index.get(0.0, 0),
        resamples=resamples,
        seed=seed,
        groups=groups,
    )
    count = [0] * len(strengths)
    score = [0.0] * len(strengths)
    seen = [0] * len(strengths)
    for r, pairs in zip(records, per_game, strict=True):
        for s in set(r["strengths"]):
            count[index[s]] += 1
        for i, j, sc in pairs:
            score[i] += sc
            score[j] += 1 - sc
            seen[i] += 1
            seen[j] += 1
    think: dict[float, list[float]] = {s: [0.0, 0] for s in strengths}
    for r in records:
        for seat, s in enumerate(r["strengths"]):
            think[s][0] += r["think"][seat]
            think[s][1] += r["moves"][seat]
    points = [
        {
            "strength": s,
            "rating": round(fitted["rating"][i], 1),
            "low": round(fitted["low"][i], 1),
            "high": round(fitted["high"][i], 1),
            "games": count[i],
            "score": round(score[i] / seen[i], 4) if seen[i] else 0.5,
        }
        for i, s in enumerate(strengths)
    ]
    gaps = []
    for i in range(len(strengths) - 1):
        lo, hi = fitted["diff"][(i, i + 1)]
        gaps.append(
            {
                "from": strengths[i],
                "to": strengths[i + 1],
                "gap": round(fitted["rating"][i + 1] - fitted["rating"][i], 1),
                "low": round(lo, 1),
                "high": round(hi, 1),
            }
        )
    named = [s for s in strengths if s in NAMES]
    level_gaps = []
    for a, b in itertools.pairwise(named):
        lo, hi = fitted["diff"][(index[a], index[b])]
        level_gaps.append(
            {
                "from": a,
                "to": b,
                "gap": round(fitted["rating"][index[b]] - fitted["rating"][index[a]], 1),
                "low": round(lo, 1),
                "high": round(hi, 1),
            }
        )
    pair_rows = []
    if not mixed:
        for a, b, _n in pairings:
            rs = [p for r, p in zip(records, per_game, strict=True) if r["pairing"] == [a, b]]
            sa = sum(sc if i == index[a] else 1 - sc for g in rs for i, _j, sc in g)
            # A's share of its seat comparisons (one a game between two players).
            seen_ab = sum(len(g) for g in rs)
            pair_rows.append({"a": a, "b": b, "games": len(rs), "score_a": sa / max(1, seen_ab)})
    return {
        "game": spec.id,
        "title": spec.title,
        "players": players,
        "games_per_pairing": games,
        "expert_games": expert_games,
        "slow_games": slow_games,
        "expert_opponents": list(expert_opponents),
        "tables": len(tasks) if players > 2 else 0,
        "seating": ("mixed" if mixed else "lone") if players > 2 else "",
        "seed": seed,
        "seconds": seconds,
        "time_scale": time_scale,
        "points": points,
        "gaps": gaps,
        "level_gaps": level_gaps,
        "pairings": pair_rows,
        "seconds_per_move": {str(s): (t / m if m else 0.0) for s, (t, m) in think.items()},
        "games": len(records),
        "wall_seconds": time.monotonic() - t0,
        "records": records,
    }


def time_control(result: dict) -> str:
    if result["seconds"] is not None:
        text = f"{result['seconds']:g} s a decision for every strength"
    else:
        text = "each level its own think time"
    if result["time_scale"] != 1.0:
        text += f", x {result['time_scale']:g}"
    return text


def _slow(result: dict) -> str:
    """The header's ", 3.5 N" when the pairings with 3.5 played another number of
    games than the others, else nothing."""
    slow = result.get("slow_games", result["games_per_pairing"])
    return "" if slow == result["games_per_pairing"] else f", 3.5 {slow}"


def format_ladder(result: dict) -> str:
    if result["players"] > 2 and result.get("seating", "mixed") == "mixed":
        shape = f"{result['tables']} tables of {result['players']} mixing every strength"
    else:
        many = result["players"] > 2
        shape = (
            (f"one seat alone among {result['players'] - 1} of another strength, " if many else "")
            + f"{result['games_per_pairing']} {'tables' if many else 'games'} a pairing"
            + f"{_slow(result)}, Expert {result['expert_games']} against each of "
            + _names(result.get("expert_opponents", EXPERT_OPPONENTS))
        )
    head = (
        f"{result['title']} ({result['game']}) ladder: {result['players']} players, {shape}, "
        f"seed {result['seed']}, {time_control(result)}; {result['games']} games in "
        f"{result['wall_seconds']:.0f} s"
    )
    rows = [
        [
            f"{p['strength']:g}",
            name_of(p["strength"]),
            f"{p['rating']:+.0f}",
            f"{p['low']:+.0f} .. {p['high']:+.0f}",
            p["games"],
            f"{100 * p['score']:.1f}%",
            f"{result['seconds_per_move'][str(p['strength'])]:.3f}",
        ]
        for p in result["points"]
    ]
    table = format_table(
        ["strength", "name", "rating", "95% interval", "games", "score", "s/move"],
        rows,
        "llrrrrr",
    )
    gap_rows = [
        [
            f"{name_of(g['from'])} -> {name_of(g['to'])}",
            f"{g['gap']:+.0f}",
            f"{g['low']:+.0f} .. {g['high']:+.0f}",
            "yes" if g["gap"] >= 150 else "NO",
            "yes" if g["low"] > 0 else "NO",
        ]
        for g in result["level_gaps"]
    ]
    gaps = format_table(
        ["levels", "gap", "95% interval", ">= 150", "interval > 0"], gap_rows, "lrrll"
    )
    parts = [head, "", table, "", gaps]
    if result["pairings"]:
        prow = [
            [name_of(p["a"]), name_of(p["b"]), p["games"], f"{100 * p['score_a']:.0f}%"]
            for p in result["pairings"]
        ]
        parts += ["", format_table(["A", "B", "games", "A score"], prow, "llrr")]
    return "\n".join(parts)


def ladder_entry(result: dict) -> dict:
    from importlib.metadata import version

    note = ""
    from game.registry import GAMES

    spec = GAMES.get(result["game"])
    if result["players"] == 2 and spec is not None and spec.max_players > 2:
        note = "measured in two-player games"
    elif result["players"] > 2 and result.get("seating", "mixed") == "mixed":
        note = (
            f"tables of {result['players']} mixing every strength; "
            "each table's places as pairwise results"
        )
    elif result["players"] > 2:
        note = (
            f"one seat alone among {result['players'] - 1} of another strength; "
            "its place against each of them as a pairwise result"
        )
    return {
        "points": [
            {k: p[k] for k in ("strength", "rating", "low", "high", "games", "score")}
            for p in result["points"]
        ],
        "games": result["games"],
        "date": datetime.date.today().isoformat(),
        "time_control": time_control(result),
        "fit": (
            f"Bradley-Terry MAP, choix {version('choix')} opt_pairwise "
            f"(alpha {PRIOR:g}); 95 % intervals from {BOOTSTRAP} bootstrap resamples of the games"
        ),
        "note": note,
    }


def merge_ladder(path: Path, game_id: str, entry: dict) -> None:
    """Put one game's entry into the ladder file (atomic; other games kept)."""
    from game.records.ladder import LADDER_SCHEMA
    from game.storage import reading as files
    from game.storage.saves import write_json_atomic

    try:
        data = files.load_json(path)
    except (files.FileProblem, OSError):
        data = None
    if not isinstance(data, dict) or files.schema_errors(data, LADDER_SCHEMA):
        data = {"format": 1, "games": {}}
    data["games"][game_id] = entry
    if files.schema_errors(data, LADDER_SCHEMA):
        raise ValueError(f"the {game_id} entry does not fit the ladder schema")
    write_json_atomic(path, data)


# -- "Match me" -------------------------------------------------------------------------

PEOPLE = (1.2, 2.0, 2.7, 3.4)


def run_match_me(
    spec,
    ladder: Ladder,
    *,
    people: Sequence[float] = PEOPLE,
    games: int = 20,
    repeats: int = 2,
    start: float | None = None,
    seed: int = 0,
    play: Callable[[dict], dict],
    progress: Callable[[str, int, int], None] | None = None,
    simulated: bool = False,
) -> dict:
    """Simulated people (bots at fixed strengths) play ``games`` games each against the
    "Match me" opponent, their Glicko-2 rating updated after every game.  ``start``:
    the rating every simulated person starts from (default: the game's Medium).
    ``simulated``: ``play`` draws results from the ladder's odds (the report says so).

    A game of more than two players (Element Shift) seats the person alone among bots
    at the Match me strength, as game select does; the game's score is the person's
    share of its pairwise results (its place against each bot), and the rating is
    updated with all of them, as a profile's is (``ratings.place_results``)."""
    medium = ladder.level_point("medium")
    start = start if start is not None else (medium.rating if medium else ladder.rating(2.0))
    # (Test stand-ins for a spec may leave out the seat counts: two players.)
    players = 2 if getattr(spec, "min_players", 2) <= 2 else spec.default_players
    _players, options = spec.resolve_options(players)
    rows = []
    total, done = len(people) * repeats * games, 0
    for person in people:
        for rep in range(repeats):
            me = Rating(start)
            history = []
            for g in range(games):
                opp = match_strength(ladder, me)
                seat = g % players
                seats = [level_of(opp)] * players
                seats[seat] = level_of(person)
                task = {
                    "game": spec.id,
                    "players": players,
                    "options": options,
                    "seed": seed + 1000 * rep + g + int(person * 100) * 100_000,
                    "seats": seats,
                    "seconds": None,
                    "nodes": None,
                    "time_scale": 1.0,
                    "pairing": [person, opp],
                    "index": g,
                    "seat": seat,  # the person's
                }
                rec = play(task)
                pairs = place_results(dict(enumerate(rec["places"])), seat)
                score = sum(sc for _o, sc in pairs) / len(pairs)
                p = _point_at(ladder, opp)
                opponent = Rating(ladder.rating(opp), max(30.0, (p.high - p.low) / 4))
                me = update(me, [(opponent, sc) for _o, sc in pairs], rated_before=g)
                history.append({"opponent": opp, "score": score, "rating": me.rating})
                done += 1
                if progress:
                    progress(f"{spec.id} match me", done, total)
            rows.append({"person": person, "repeat": rep, "history": history})
    return {
        "game": spec.id,
        "title": spec.title,
        "players": players,
        "start": start,
        "games": games,
        "repeats": repeats,
        "people": list(people),
        "true": {str(p): ladder.rating(p) for p in people},
        "rows": rows,
        "simulated": simulated,
    }


def simulated_play(ladder: Ladder, rng: random.Random) -> Callable[[dict], dict]:
    """A stand-in for bot games: the first seat wins with the Elo odds of the two
    strengths' ladder ratings (no draws).  What Match me does with results that obey
    the ladder exactly, in seconds.  More seats (one person among bots of one
    strength, ``task["seat"]`` the person's): its result against each bot is drawn at
    those odds, the bots that beat it share first place and the rest share the place
    after it."""

    def beats(a: float, b: float) -> bool:
        """A draw: does strength ``a`` beat ``b``, at the Elo odds of their ratings?"""
        return rng.random() < 1.0 / (1.0 + 10.0 ** ((ladder.rating(b) - ladder.rating(a)) / 400.0))

    def play(task: dict) -> dict:
        strengths = [parse_strength_level(x) for x in task["seats"]]
        if len(strengths) == 2:
            return {"places": [1, 2] if beats(*strengths) else [2, 1]}
        lone = task["seat"]  # the person's seat
        places = [0] * len(strengths)
        beaten = []
        for i, s in enumerate(strengths):
            if i == lone:
                continue
            if beats(strengths[lone], s):
                beaten.append(i)
            else:
                places[i] = 1
        places[lone] = 1 + sum(1 for x in places if x == 1)
        for i in beaten:
            places[i] = places[lone] + 1
        return {"places": places}

    return play


def _point_at(ladder: Ladder, strength: float) -> Point:
    """The interval at ``strength``, read off the measured points (linear)."""
    pts = ladder.points
    for a, b in itertools.pairwise(pts):
        if a.strength <= strength <= b.strength:
            t = (strength - a.strength) / (b.strength - a.strength)
            return Point(
                strength,
                a.rating + t * (b.rating - a.rating),
                a.low + t * (b.low - a.low),
                a.high + t * (b.high - a.high),
            )
    return pts[0] if strength < pts[0].strength else pts[-1]


def format_match_me(result: dict) -> str:
    half = result["games"] // 2
    rows = []
    for person in result["people"]:
        mine = [r for r in result["rows"] if r["person"] == person]
        first = [h["score"] for r in mine for h in r["history"][:half]]
        second = [h["score"] for r in mine for h in r["history"][half:]]
        final = sum(r["history"][-1]["rating"] for r in mine) / len(mine)
        opp = sum(r["history"][-1]["opponent"] for r in mine) / len(mine)
        rows.append(
            [
                f"{person:g}",
                len(mine),
                f"{100 * sum(first) / max(1, len(first)):.0f}%",
                f"{100 * sum(second) / max(1, len(second)):.0f}%" if second else "-",
                f"{final:.0f}",
                f"{result['true'][str(person)]:.0f}",
                f"{opp:.2f}",
            ]
        )
    many = result.get("players", 2) > 2
    head = (
        f"{result['title']} ({result['game']}) Match me: simulated people start at "
        f"{result['start']:.0f} (the ladder's Medium), {result['games']} games each, "
        + (
            f"each alone among {result['players'] - 1} bots, the win rate its share of "
            "the seat comparisons, "
            if many
            else ""
        )
        + f"{result['repeats']} runs a person, "
        + (
            "results drawn at the ladder's odds (no bot games)"
            if result.get("simulated")
            else "each level its own think time"
        )
    )
    table = format_table(
        [
            "person strength",
            "runs",
            f"win rate 1-{half}",
            f"{half + 1}-{result['games']}",
            "final rating",
            "ladder rating",
            "last opponent",
        ],
        rows,
        "lrrrrrr",
    )
    return head + "\n\n" + table


def write_json(path: str, result: dict) -> None:
    Path(path).write_text(json.dumps(result, indent=1, default=str) + "\n")
    print(f"wrote {path}", file=sys.stderr)


__all__ = [
    "LADDER_FILE",
    "LADDER_STRENGTHS",
    "fit",
    "fit_with_intervals",
    "format_ladder",
    "format_match_me",
    "ladder_entry",
    "merge_ladder",
    "parse_strength_level",
    "run_ladder",
    "run_match_me",
]
