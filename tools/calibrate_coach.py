#!/usr/bin/env python3
"""Measure and calibrate the coach: how well the theatre's win chance predicts results.

Usage (from the checkout; ``python3`` re-runs itself under ``.venv`` if needed)::

    python3 tools/calibrate_coach.py play --game chromatic-collapse --games 16      # Hard vs Hard
    python3 tools/calibrate_coach.py values --game chromatic-collapse               # value positions
    python3 tools/calibrate_coach.py report --game chromatic-collapse --write-seeds # fit, tables
    python3 tools/calibrate_coach.py all --game crystal-connector --games 16
    nice -n 10 python3 tools/calibrate_coach.py confirm --confirm-games 6 --confirm-marks 2

Steps, each cached in ``--cache`` (default: a folder in the system's temp dir), so a
later step reuses the earlier one's work:

- ``play``: Hard-vs-Hard games from seeds ``--seed`` .. ``--seed + games - 1``; each
  bot thinks ``--think-scale`` times its shipped ``think_seconds`` (a shorter budget
  is enough to sample positions; the values measured below are the theatre's own).
- ``values``: ``--positions`` positions per game, evenly at 10-85 % of its actions;
  each is judged (a) by today's analysis (``game.analysis.evaluation.evaluate``, 0.9 s cap),
  (b) by ``--playouts`` fast Hard-vs-Hard play-outs sharing the time (c) took,
  (c) by the coach's ``value`` (``game.analysis.values``, ``--seconds`` a position).
- ``report``: the logistic fit (win chance = 1/(1+exp(-(a*v+b))), draws 0.5) on the
  games with an even index, measured on the odd ones: Brier score per method, the
  calibration table, the seat-to-move split; then the halves swapped, and the score
  with every position held out once.  With ``--write-seeds`` the curve fitted on both
  halves goes to ``seeds/coach.json`` (with the date, the sample sizes and that
  held-out score).  Element Shift: each
  method's expected places against the actual places (mean absolute error).
- ``mistakes``: on Easy-against-Medium games (seeds ``--seed + 500`` on), the share of
  the theatre's marks that a longer look confirms, today's analysis against the
  coach's (``--mistake-games``); Element Shift judges a marked plan in hindsight,
  against the plans the others really made that round (see :func:`step_mistakes`).
- ``confirm``: the share of the theatre's marks that Expert agrees with when it
  searches ten times as long as in play, per game, on Easy-against-Medium and
  Medium-against-Hard games (``--confirm-games`` of each, ``--confirm-marks`` marks
  judged a game; see :func:`step_confirm`); ``--confirm-scale F`` multiplies the
  times it judges with (a quick run of the procedure, as its test makes, at 0.05).
- ``bands`` / ``bands-report``: games in every band of levels (``--band`` for some
  only), and each band's curve fitted, with its shrink toward 50 % fitted on held-out
  games (see :func:`report_bands`); ``--write-seeds`` with ``--band`` changes only
  those bands' curves.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _bootstrap import reexec_in_venv

    reexec_in_venv(("numpy",))

sys.path.insert(0, str(ROOT))

import argparse  # noqa: E402
import datetime  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import random  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

from game.ai.base import Budget  # noqa: E402
from game.rules.contract import derived_rng  # noqa: E402


def _hooks():
    from game.analysis import games

    return games.table()


# Two-player games (by their coach module: a game of more players calibrates at PLAYERS).
TWO_PLAYER = tuple(g for g, m in _hooks().items() if getattr(m, "PLAYERS", 2) == 2)
PLAYERS = {g: m.PLAYERS for g, m in _hooks().items() if hasattr(m, "PLAYERS")}
TWO_PLAYER = tuple(
    g for g in TWO_PLAYER if g in PLAYERS or not hasattr(_hooks()[g], "MORE_PLAYERS")
)


def cache_dir(args) -> Path:
    d = Path(args.cache) if args.cache else Path(tempfile.gettempdir()) / "crystal-coach"
    d.mkdir(parents=True, exist_ok=True)
    return d


def _load(path: Path, default):
    if path.exists():
        return json.loads(path.read_text())
    return default


def _save(path: Path, data) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)


# -- play ------------------------------------------------------------------------------


def play_one(spec, seed: int, scale: float, levels=("hard", "hard")) -> dict:
    players = PLAYERS.get(spec.id)
    state = spec.new_game(seed, players)
    n = state.num_players
    bots = [spec.make_bot(levels[s % len(levels)]) for s in range(n)]
    rngs = [derived_rng(seed, "coach", s) for s in range(n)]
    moves = []
    bound = 4000
    while not state.is_terminal() and len(moves) < bound:
        seat = state.current_player()
        bot = bots[seat]
        seconds = getattr(bot, "think_seconds", 1.0) * scale
        move = bot.choose(state, rng=rngs[seat], budget=Budget(seconds=seconds))
        moves.append(str(move))
        state = state.apply(move)
    if not state.is_terminal():
        return {"seed": seed, "moves": moves, "places": None}
    return {"seed": seed, "moves": moves, "places": list(state.outcome().places)}


def replay_states(spec, game: dict) -> list:
    state = spec.new_game(game["seed"], PLAYERS.get(spec.id))
    states = [state]
    for text in game["moves"]:
        state = state.apply(state.parse_move(text))
        states.append(state)
    return states


def step_play(spec, args, levels=("hard", "hard"), count: int | None = None) -> list[dict]:
    """Games of ``levels`` (by seat; swapped every other game) from seeds ``--seed`` ..
    ``--seed + count - 1``, cached by level (the cache may hold other seeds of the same
    levels, another step's: they are kept there and not returned)."""
    name = "" if levels == ("hard", "hard") else "-" + "-".join(levels)
    path = cache_dir(args) / f"games-{spec.id}{name}.json"
    count = args.games if count is None else count
    games = _load(path, [])
    have = {g["seed"] for g in games}
    for k in range(count):
        seed = args.seed + k
        if seed in have:
            continue
        t0 = time.monotonic()
        seats = levels if k % 2 == 0 else tuple(reversed(levels))
        g = play_one(spec, seed, args.think_scale, seats)
        games.append(g)
        _save(path, games)
        print(
            f"{spec.id}: game seed {seed}: {len(g['moves'])} actions, places {g['places']} "
            f"({time.monotonic() - t0:.0f} s)",
            flush=True,
        )
    wanted = range(args.seed, args.seed + count)
    games = [g for g in games if g["places"] is not None and g["seed"] in wanted]
    return sorted(games, key=lambda g: g["seed"])


# -- values ---------------------------------------------------------------------------


def sample_indices(length: int, count: int) -> list[int]:
    if length < 2:
        return []
    out = []
    for j in range(count):
        f = 0.10 + 0.75 * j / max(1, count - 1)
        out.append(min(length - 1, max(0, round(f * length))))
    return sorted(set(out))


def result_of(places: list[int], seat: int = 0) -> float:
    """Seat's result on 0..1 in a two-player game (draws 0.5)."""
    mine, other = places[seat], places[1 - seat]
    return 1.0 if mine < other else 0.0 if mine > other else 0.5


def playouts(spec, state, total_seconds: float, count: int, remaining: int, seed: int):
    """Mean returns of ``count`` Hard-vs-Hard play-outs sharing ``total_seconds``."""
    per_move = total_seconds / max(1, count * max(1, remaining))
    n = state.num_players
    totals = [0.0] * n
    for k in range(count):
        s = state
        bots = [spec.make_bot("hard") for _ in range(n)]
        rng = random.Random(seed * 31 + k)
        steps = 0
        while not s.is_terminal() and steps < 4000:
            bot = bots[s.current_player()]
            s = s.apply(bot.choose(s, rng=rng, budget=Budget(seconds=per_move)))
            steps += 1
        if s.is_terminal():
            for i, r in enumerate(s.returns()):
                totals[i] += float(r)
    return [t / count for t in totals]


def step_values(spec, games: list[dict], args) -> list[dict]:
    from game.analysis import evaluation as old
    from game.analysis import values as coach

    path = cache_dir(args) / f"values-{spec.id}-{args.seconds:g}.json"
    rows = _load(path, [])
    done = {(r["seed"], r["index"]) for r in rows}
    for g in games:
        states = None
        for i in sample_indices(len(g["moves"]), args.positions):
            if (g["seed"], i) in done:
                continue
            states = states or replay_states(spec, g)
            st = states[i]
            if st.is_terminal():
                continue
            seed = g["seed"] * 1000 + i
            t0 = time.monotonic()
            v_old = old.playout_evaluate(st, random.Random(seed), Budget(seconds=0.9), spec.id)
            t_old = time.monotonic() - t0
            t0 = time.monotonic()
            raw = coach.raw_value(spec.id, st, Budget(seconds=args.seconds))
            t_new = time.monotonic() - t0
            row = {
                "seed": g["seed"],
                "index": i,
                "length": len(g["moves"]),
                "mover": st.current_player(),
                "places": g["places"],
                "old": v_old,
                "raw": raw,
                "t_old": t_old,
                "t_new": t_new,
            }
            if args.playouts:
                t0 = time.monotonic()
                row["playouts"] = playouts(
                    spec, st, t_new, args.playouts, len(g["moves"]) - i, seed
                )
                row["t_playouts"] = time.monotonic() - t0
            rows.append(row)
            _save(path, rows)
        print(f"{spec.id}: valued positions of game seed {g['seed']}", flush=True)
    return rows


# -- fit and report ---------------------------------------------------------------------


def fit_logistic(v, y, iterations: int = 50) -> tuple[float, float]:
    """Maximum-likelihood (a, b) of p = 1/(1+exp(-(a v + b))) for targets in [0, 1]
    (draws 0.5), by Newton's method with a tiny ridge so a separable sample stays
    finite.  Two parameters: a library (scipy, scikit-learn) would add far more than
    it saves."""
    import numpy as np

    v = np.asarray(v, dtype=float)
    y = np.asarray(y, dtype=float)
    a, b = 1.0, 0.0
    ridge = 1e-3
    for _ in range(iterations):
        z = np.clip(a * v + b, -30, 30)
        p = 1.0 / (1.0 + np.exp(-z))
        w = p * (1 - p)
        g_a = np.sum((p - y) * v) + ridge * a
        g_b = np.sum(p - y)
        h_aa = np.sum(w * v * v) + ridge
        h_ab = np.sum(w * v)
        h_bb = np.sum(w) + 1e-9
        det = h_aa * h_bb - h_ab * h_ab
        if det <= 1e-12:
            break
        da = (h_bb * g_a - h_ab * g_b) / det
        db = (h_aa * g_b - h_ab * g_a) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-9:
            break
    return float(a), float(b)


def sigmoid(z: float) -> float:
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def brier(pairs) -> float:
    pairs = list(pairs)
    return sum((p - y) ** 2 for p, y in pairs) / max(1, len(pairs))


def table(headers, rows) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def report_two(spec, rows: list[dict], args) -> tuple[str, dict]:
    """Two-fold: the curve fitted on the games of even index is measured on the odd
    ones (the tables), and the other way round (one line); every position is thus
    predicted once by a curve that never saw its game.  The curve shipped is fitted
    on both halves together (the most data); its quality is the two held-out
    scores."""
    from game.analysis import values as coach

    halves = (
        [r for r in rows if (r["seed"] - args.seed) % 2 == 0],
        [r for r in rows if (r["seed"] - args.seed) % 2 == 1],
    )
    fit_rows, test_rows = halves

    def v_of(r, scale):
        raw = r["raw"][0]
        if abs(raw) >= coach.PROVEN:
            return math.copysign(1.0, raw)
        return math.tanh(raw / scale)

    base = coach.SCALES[spec.id]

    def fit_on(sample) -> tuple[float, float]:
        return fit_logistic(
            [v_of(r, base) for r in sample], [result_of(r["places"]) for r in sample]
        )

    # The squash scale that would fit best by log-loss on the first half (reported, so a
    # scale far from the shipped one shows; the shipped SCALES are what the theatre uses).
    best = None
    for mult in (0.25, 0.5, 1.0, 2.0, 4.0):
        xs = [v_of(r, base * mult) for r in fit_rows]
        ys = [result_of(r["places"]) for r in fit_rows]
        a, b = fit_logistic(xs, ys)
        loss = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = min(1 - 1e-9, max(1e-9, sigmoid(a * x + b)))
            loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        if best is None or loss < best[0]:
            best = (loss, mult)
    mult = best[1]
    a, b = fit_on(fit_rows)
    a2, b2 = fit_on(test_rows)  # the other way round
    a_all, b_all = fit_on(fit_rows + test_rows)  # shipped

    def p_new(r):
        return sigmoid(a * v_of(r, base) + b)

    def p_old(r):
        return (r["old"][0] + 1) / 2

    def p_play(r):
        return (r["playouts"][0] + 1) / 2 if "playouts" in r else None

    y_test = [result_of(r["places"]) for r in test_rows]
    ys = [result_of(r["places"]) for r in fit_rows]
    methods = [
        ("(a) today's analysis", p_old, "t_old"),
        ("(b) Hard-vs-Hard play-outs, same time", p_play, "t_playouts"),
        ("(c) coach value, uncalibrated", lambda r: (v_of(r, base) + 1) / 2, "t_new"),
        ("(c) coach value, calibrated", p_new, "t_new"),
    ]
    lines = [
        f"### {spec.title}",
        "",
        f"Fit on {len(fit_rows)} positions of {len({r['seed'] for r in fit_rows})} games, "
        f"measured on {len(test_rows)} positions of {len({r['seed'] for r in test_rows})} "
        f"other games: a = {a:.3f}, b = {b:.3f} (squash scale {base:g}; the best by "
        f"log-loss on the fitting games: x{mult:g}).",
        "",
    ]
    rws = []
    for name, f, tkey in methods:
        pairs = [(f(r), y) for r, y in zip(test_rows, y_test, strict=True) if f(r) is not None]
        if not pairs:
            continue
        secs = [r[tkey] for r in test_rows if tkey in r]
        rws.append(
            [name, f"{brier(pairs):.3f}", len(pairs), f"{sum(secs) / max(1, len(secs)):.2f}"]
        )
    rws.append(["always 50 %", f"{brier((0.5, y) for y in y_test):.3f}", len(y_test), "0"])
    lines.append(table(["method", "Brier", "positions", "s / position"], rws))
    lines.append("")
    # The halves swapped: fitted on the second, measured on the first.
    swapped = brier(
        (sigmoid(a2 * v_of(r, base) + b2), y) for r, y in zip(fit_rows, ys, strict=True)
    )
    plays = [(p_play(r), y) for r, y in zip(fit_rows, ys, strict=True) if p_play(r) is not None]
    lines.append(
        f"Halves swapped (fit on the second, measured on the first {len(fit_rows)} "
        f"positions): coach calibrated {swapped:.3f} (a = {a2:.3f}, b = {b2:.3f}); "
        f"today {brier((p_old(r), y) for r, y in zip(fit_rows, ys, strict=True)):.3f}; "
        + (f"play-outs {brier(plays):.3f}; " if plays else "")
        + f"always 50 % {brier((0.5, y) for y in ys):.3f}."
    )
    held_out = [(p_new(r), y) for r, y in zip(test_rows, y_test, strict=True)] + [
        (sigmoid(a2 * v_of(r, base) + b2), y) for r, y in zip(fit_rows, ys, strict=True)
    ]
    lines.append(
        f"Every position held out once: {brier(held_out):.3f}. Shipped: the curve fitted "
        f"on all {len(rows)} positions, a = {a_all:.3f}, b = {b_all:.3f}."
    )
    lines.append("")
    # Calibration table: predicted bucket -> observed rate, for (a) and (c).
    cal = []
    for lo in range(0, 100, 20):
        hi = lo + 20
        row = [f"{lo}-{hi} %"]
        for f in (p_old, p_new):
            ins = [
                y
                for r, y in zip(test_rows, y_test, strict=True)
                if lo <= 100 * f(r) < hi or (hi == 100 and f(r) >= 1)
            ]
            row.append(f"{100 * sum(ins) / len(ins):.0f} % of {len(ins)}" if ins else "-")
        cal.append(row)
    lines.append(table(["predicted for Player 1", "today: observed", "coach: observed"], cal))
    lines.append("")
    split = []
    for mover in (0, 1):
        sub = [
            (r, y)
            for r, y in zip(test_rows + fit_rows, y_test + ys, strict=True)
            if r["mover"] == mover
        ]
        if not sub:
            continue
        obs = sum(y for _r, y in sub) / len(sub)
        split.append(
            [
                f"Player {mover + 1} to move",
                len(sub),
                f"{100 * sum(p_old(r) for r, _ in sub) / len(sub):.0f} %",
                f"{100 * sum(p_new(r) for r, _ in sub) / len(sub):.0f} %",
                f"{100 * obs:.0f} %",
            ]
        )
    lines.append(
        table(["all positions", "n", "today predicts", "coach predicts", "Player 1 won"], split)
    )
    lines.append("")
    fit = {
        "a": round(a_all, 4),
        "b": round(b_all, 4),
        "positions": len(rows),
        "games": len({r["seed"] for r in rows}),
        "brier": round(brier(held_out), 4),
        "test_positions": len(held_out),
    }
    return "\n".join(lines), fit


def report_places(spec, rows: list[dict], args) -> tuple[str, dict]:
    from game.analysis.marks import expected_places

    def mae(f):
        errs = []
        for r in rows:
            exp = f(r)
            if exp is None:
                continue
            errs += [abs(e - p) for e, p in zip(exp, r["places"], strict=True)]
        return sum(errs) / max(1, len(errs)), len(errs)

    from game.analysis.marks import PLACE_STEEPNESS

    def pairwise(values):
        return expected_places(values, PLACE_STEEPNESS)

    def coach_places(r):
        from game.analysis import values as coach

        return pairwise([coach.squash(spec.id, x) for x in r["raw"]])

    rws = []
    for name, f in (
        (
            "(a) today's analysis (random play-outs, places spread 1..n)",
            lambda r: expected_places(r["old"]),
        ),
        ("(a') today's values, places by pairwise chances", lambda r: pairwise(r["old"])),
        (
            "(b) Hard play-outs, places spread 1..n",
            lambda r: expected_places(r["playouts"]) if "playouts" in r else None,
        ),
        ("(c) coach value (Hard's round profile, plans in resolved), pairwise", coach_places),
    ):
        m, n = mae(f)
        secs = {"(a)": "t_old", "(a')": "t_old", "(b)": "t_playouts", "(c)": "t_new"}
        key = secs[name.split()[0]]
        t = [r[key] for r in rows if key in r]
        if not n:
            rws.append([name, "not run", 0, "-"])  # (b) with --playouts 0
            continue
        rws.append([name, f"{m:.2f}", n, f"{sum(t) / max(1, len(t)):.2f}"])
    text = f"### {spec.title}\n\n" + table(
        # abs(...), not |...|: a bar would split the Markdown table's column.
        ["method", "mean abs(expected - actual place)", "seats", "s / position"],
        rws,
    )
    return text + "\n", {}


# Element Shift's judge of a marked plan: Expert's plan for the seat, resolved against
# the plans the other eleven actually made that round (the replay holds them), must
# score this many points more than the plan played.  Three points is a leading-element
# bonus; chosen before any mark was judged.
PLAN_POINTS = 3.0


def hindsight_gain(spec, states: list, texts: list[str], action: int, alternative: str) -> float:
    """A game of secret plans: the points the mover of ``action`` would have scored with
    ``alternative`` instead, every other seat playing what it really played (the game's
    coach module's ``hindsight_gain``)."""
    return _hooks()[spec.id].hindsight_gain(states, texts, action, alternative)


def step_mistakes(spec, games: list[dict], args) -> str:
    """The share of marked mistakes that a longer search confirms, today's analysis
    against the coach's, on the same Easy-against-Medium games (not used for fitting).

    Each method values every position of the game as the theatre does and marks
    mistakes as the theatre does (``find_mistakes`` by whole turns, leaving out a mark
    where Hard, asked for the theatre's alternative, plays the move that was played,
    or where the position after Hard's alternative is not worth the threshold more
    than the one after the action played).
    The judge: Expert chooses at the position; the coach's value at ten times its
    time judges the position after the played action and after Expert's; a mark is
    confirmed when the played action loses at least ``MISTAKE_DROP`` / 2 of win
    chance against it.  Element Shift (twelve seats, no win chance): a marked plan is
    confirmed when Expert's plan, against the plans the others really made that
    round, scores at least ``PLAN_POINTS`` more (:func:`hindsight_gain`)."""
    from game.analysis import evaluation as an
    from game.analysis import values as coach
    from game.analysis.calibration import shipped
    from game.analysis.marks import MISTAKE_DROP, confirmed_by_alternative, find_mistakes

    path = cache_dir(args) / f"mistakes-{spec.id}.json"
    memo = _load(path, {})
    cal = shipped()
    # Games with mistakes to find: Easy against Medium (people make them; in a Hard
    # game the theatre leaves out nearly every mark, Hard's alternative being the move
    # Hard played).  Seeds after the Hard games', so none was used for fitting.
    args_m = argparse.Namespace(**vars(args))
    args_m.seed = args.seed + 500
    test = step_play(spec, args_m, ("easy", "medium"), args.mistake_games)
    judge_seconds = 10 * an.COACH_SECONDS

    def judged(st) -> float:
        key = "judge:" + json.dumps(st.to_json(), sort_keys=True)
        if key not in memo:
            v = coach.value(spec.id, st, Budget(seconds=judge_seconds))
            memo[key] = cal.win_chance(spec.id, v[0])
            _save(path, memo)
        return memo[key]

    counts = {"today": [0, 0], "coach": [0, 0]}
    gains: dict[str, list[float]] = {"today": [], "coach": []}
    for g in test:
        states = replay_states(spec, g)
        movers = [s.current_player() for s in states[:-1]]
        texts = g["moves"]
        # turn starts as the theatre computes them (a seat's run of actions)
        starts = [0] + [i for i in range(1, len(movers)) if movers[i] != movers[i - 1]]
        starts.append(len(movers))
        for method, fn, seconds in (
            ("today", an.playout_evaluate, 0.9),
            ("coach", an.evaluate, 0.9),
        ):
            key = f"values:{method}:{g['seed']}"
            if key not in memo:
                rng = random.Random(g["seed"])
                memo[key] = [fn(st, rng, Budget(seconds=seconds), spec.id) for st in states]
                _save(path, memo)
            marks = find_mistakes(memo[key], movers, turn_starts=starts)
            for m in marks:
                st = states[m.action]
                akey = f"alt:{g['seed']}:{m.action}"
                if akey not in memo:
                    hard = spec.make_bot("hard")
                    memo[akey] = str(
                        hard.choose(st, rng=random.Random(m.action), budget=Budget(seconds=1.0))
                    )
                    _save(path, memo)
                if memo[akey] == texts[m.action]:
                    continue  # the theatre leaves this mark out
                # ... and the one whose Hard alternative, valued as the theatre values
                # it, is not worth the threshold more than the action played.
                vkey = f"altvalue:{method}:{g['seed']}:{m.action}"
                if vkey not in memo:
                    after_alt = st.apply(st.parse_move(memo[akey]))
                    memo[vkey] = fn(
                        after_alt, random.Random(m.action), Budget(seconds=0.9), spec.id
                    )
                    _save(path, memo)
                if not confirmed_by_alternative(m, memo[key][m.action + 1], memo[vkey]):
                    continue
                ekey = f"expert:{g['seed']}:{m.action}"
                if ekey not in memo:
                    expert = spec.make_bot("expert")
                    secs = getattr(expert, "think_seconds", 4.0)
                    memo[ekey] = str(
                        expert.choose(st, rng=random.Random(m.action), budget=Budget(seconds=secs))
                    )
                    _save(path, memo)
                counts[method][1] += 1
                alt = st.apply(st.parse_move(memo[ekey]))
                if memo[ekey] == texts[m.action] or same_position(alt, states[m.action + 1]):
                    continue  # Expert plays the very move (or one spelt otherwise): not confirmed
                if spec.id not in TWO_PLAYER:
                    gain = hindsight_gain(spec, states, texts, m.action, memo[ekey])
                    gains[method].append(gain)
                    if gain >= PLAN_POINTS:
                        counts[method][0] += 1
                    continue
                played = states[m.action + 1]
                p_played, p_alt = judged(played), judged(alt)
                if m.seat == 1:
                    p_played, p_alt = 1 - p_played, 1 - p_alt
                if p_alt - p_played >= MISTAKE_DROP / 2:
                    counts[method][0] += 1
        print(f"{spec.id}: mistakes judged in game seed {g['seed']}: {counts}", flush=True)
    rows = []
    for method, (ok, n) in counts.items():
        share = f"{100 * ok / n:.0f} %" if n else "-"
        row = [method, n, ok, share]
        if spec.id not in TWO_PLAYER:
            g = gains[method]
            row.append(f"{sum(g) / len(g):+.1f}" if g else "-")
        rows.append(row)
    heads = ["analysis", "marked", "confirmed", "share"]
    if spec.id not in TWO_PLAYER:
        heads.append("Expert's plan gains (points, mean)")
    return f"### {spec.title}: marked mistakes confirmed\n\n" + table(heads, rows)


def step_confirm(spec, args) -> tuple[str, list]:
    """The share of the theatre's marks that Expert, searching ten times as long as it
    does in play, agrees with.

    The games: ``--confirm-games`` Easy-against-Medium and as many Medium-against-Hard
    games (seeds ``--seed + 700`` on, never used for fitting), each valued at every
    position as the theatre values a game with a person in it (``evaluate``, the curve
    of any players) and marked as the
    theatre marks (whole turns; a mark is left out where Hard, asked for the
    alternative, plays the action played, or where Hard's alternative is not worth the
    threshold more).  At most ``--confirm-marks`` marks per game are judged (evenly
    through the marks found).  Expert chooses at the marked position with
    ``EXPERT_SCALE`` times its ``think_seconds``; it agrees when it chooses another
    action (one that leads to another position: a spelling of the action played is
    the action played) and that action beats the one played: valued by the coach at
    ten times its time, the mover's win chance after Expert's action is higher.
    ``--confirm-scale`` multiplies every time of this step but the games' own (the
    theatre's values, Hard's alternative, Expert's search, the judge's): below 1 it
    is a quick run of the same procedure, not the measurement.  Element Shift (twelve
    seats, no win chance): Expert's plan, against the plans the others really made that
    round, scores more points than the plan made (:func:`hindsight_gain`)."""
    from game.analysis import evaluation as an
    from game.analysis import values as coach
    from game.analysis.calibration import shipped
    from game.analysis.marks import confirmed_by_alternative, find_mistakes

    scale = getattr(args, "confirm_scale", 1.0)
    name = f"confirm-{spec.id}" + ("" if scale == 1.0 else f"-x{scale:g}")
    path = cache_dir(args) / f"{name}.json"
    memo = _load(path, {})
    cal = shipped()
    args_c = argparse.Namespace(**vars(args))
    args_c.seed = args.seed + 700
    games = []
    for levels in (("easy", "medium"), ("medium", "hard")):
        games += [
            (levels, g) for g in step_play(spec, args_c, levels, args.confirm_games) if g["places"]
        ]
    judge_seconds = 10 * an.COACH_SECONDS * scale
    look = 1.0 * scale  # the theatre's time for a value and for Hard's alternative

    def remember(key, make):
        if key not in memo:
            memo[key] = make()
            _save(path, memo)
        return memo[key]

    def judged(st, strengths) -> float:
        key = "judge:" + json.dumps(st.to_json(), sort_keys=True)
        return remember(
            key,
            lambda: cal.win_chance(
                spec.id, coach.value(spec.id, st, Budget(seconds=judge_seconds))[0], strengths
            ),
        )

    counts = {"marks": 0, "other": 0, "agrees": 0}
    for levels, g in games:
        states = replay_states(spec, g)
        seats = levels if (g["seed"] - args_c.seed) % 2 == 0 else levels[::-1]
        # The theatre's reading of a game with a person in a seat (the curve of any
        # players): between bots of known levels the band's curve leans on who is
        # stronger and marks next to nothing.
        strengths = None
        movers = [s.current_player() for s in states[:-1]]
        texts = g["moves"]
        starts = [0] + [i for i in range(1, len(movers)) if movers[i] != movers[i - 1]]
        starts.append(len(movers))
        seed = g["seed"]
        # The game's actions in the key: a game played again for the seed (the bots
        # think to a clock) is judged afresh, never with another game's answers.
        digest = hashlib.sha1("\n".join(texts).encode()).hexdigest()[:12]
        tag = f"{'-'.join(levels)}:{seed}:{digest}"
        values = remember(
            f"values:{tag}",
            lambda states=states, seed=seed, strengths=strengths: [
                an.evaluate(st, random.Random(seed), Budget(seconds=look), spec.id, strengths)
                for st in states
            ],
        )
        shown = []
        for m in find_mistakes(values, movers, turn_starts=starts):
            st = states[m.action]
            alt = remember(
                f"alt:{tag}:{m.action}",
                lambda st=st, m=m: str(
                    spec.make_bot("hard").choose(
                        st, rng=random.Random(m.action), budget=Budget(seconds=look)
                    )
                ),
            )
            if alt == texts[m.action]:
                continue
            after_alt = remember(
                f"altvalue:{tag}:{m.action}",
                lambda st=st, alt=alt, m=m, strengths=strengths: an.evaluate(
                    st.apply(st.parse_move(alt)),
                    random.Random(m.action),
                    Budget(seconds=look),
                    spec.id,
                    strengths,
                ),
            )
            if confirmed_by_alternative(m, values[m.action + 1], after_alt):
                shown.append(m)
        step = max(1.0, len(shown) / max(1, args.confirm_marks))
        picked = [shown[int(k * step)] for k in range(min(len(shown), args.confirm_marks))]
        for m in picked:
            st = states[m.action]

            def expert_move(st=st, m=m) -> str:
                bot = spec.make_bot("expert")
                secs = EXPERT_SCALE * getattr(bot, "think_seconds", 4.0) * scale
                return str(bot.choose(st, rng=random.Random(m.action), budget=Budget(seconds=secs)))

            best = remember(f"expert:{tag}:{m.action}", expert_move)
            counts["marks"] += 1
            after_best = st.apply(st.parse_move(best))
            if best == texts[m.action] or same_position(after_best, states[m.action + 1]):
                continue  # Expert plays the action played: it does not confirm the mark
            counts["other"] += 1
            if spec.id not in TWO_PLAYER:
                if hindsight_gain(spec, states, texts, m.action, best) > 0:
                    counts["agrees"] += 1
                continue
            p_played = judged(states[m.action + 1], strengths)
            p_best = judged(after_best, strengths)
            if m.seat == 1:
                p_played, p_best = 1 - p_played, 1 - p_best
            if p_best > p_played:
                counts["agrees"] += 1
        print(f"{spec.id}: game seed {seed} ({'-'.join(seats)}): {counts}", flush=True)
    n = counts["marks"]
    share = f"{100 * counts['agrees'] / n:.0f} %" if n else "-"
    row = [spec.title, len(games), n, counts["other"], counts["agrees"], share]
    return f"{spec.title}: {counts}", row


EXPERT_SCALE = 10  # Expert's think time when it judges a mark, times its time in play


def same_position(a, b) -> bool:
    """Two states are one position (the judge's memo keys them the same way)."""
    return json.dumps(a.to_json(), sort_keys=True) == json.dumps(b.to_json(), sort_keys=True)


# -- strength bands ------------------------------------------------------------------------

BANDS = (
    ("easy", "easy"),
    ("easy", "medium"),
    ("medium", "medium"),
    ("medium", "hard"),
    ("hard", "hard"),
    ("hard", "expert"),
)
STRENGTH = {"easy": 1, "medium": 2, "hard": 3, "expert": 4}
BAND_SEED = 5000  # band games' seeds: 5000 + 100 * band + game (+ 37 * players)
BAND_POSITIONS = 5
MORE_PLAYERS = {g: m.MORE_PLAYERS for g, m in _hooks().items() if hasattr(m, "MORE_PLAYERS")}


def band_path(args, gid: str, band, players: int) -> Path:
    return cache_dir(args) / f"band-{gid}-{band[0]}-{band[1]}-p{players}.json"


def band_play(spec, args, band, k: int, players: int) -> None:
    """Game ``k`` of ``band`` (levels swap seats every other game), with the coach's
    raw value of ``BAND_POSITIONS`` positions at the theatre's time; cached."""
    from game.analysis import values as coach

    path = band_path(args, spec.id, band, players)
    recs = _load(path, [])
    seed = BAND_SEED + 100 * BANDS.index(band) + k + 37 * players
    if any(r["seed"] == seed for r in recs):
        return
    seats = band if k % 2 == 0 else band[::-1]
    PLAYERS[spec.id] = players
    g = play_one(spec, seed, args.think_scale, seats)
    g["levels"] = [seats[s % 2] for s in range(players)]
    g["players"] = players
    g["rows"] = []
    if g["places"] is not None:
        states = replay_states(spec, g)
        for i in sample_indices(len(g["moves"]), BAND_POSITIONS):
            st = states[i]
            if not st.is_terminal():
                t0 = time.monotonic()
                raw = coach.raw_value(spec.id, st, Budget(seconds=args.seconds))
                g["rows"].append(
                    {
                        "index": i,
                        "mover": st.current_player(),
                        "raw": raw,
                        "t": time.monotonic() - t0,
                    }
                )
    recs.append(g)
    _save(path, recs)
    print(f"{spec.id} {'-'.join(band)} {players}p game {k}: places {g['places']}", flush=True)


def band_rows(spec, args, players: int = 2) -> list[dict]:
    """Every valued position of the band games: band, seed, strengths, seat 0's
    squashed value ``v``, seat 0's result ``y``, the seat to move."""
    from game.analysis import values as coach

    out = []
    for band in BANDS:
        for g in _load(band_path(args, spec.id, band, players), []):
            if g["places"] is None:
                continue
            strengths = [STRENGTH[x] for x in g["levels"]]
            for r in g["rows"]:
                out.append(
                    {
                        "band": "-".join(band),
                        "seed": g["seed"],
                        "strengths": strengths,
                        "values": [coach.squash(spec.id, x) for x in r["raw"]],
                        "v": coach.squash(spec.id, r["raw"][0]),
                        "y": result_of(g["places"]) if players == 2 else None,
                        "places": g["places"],
                        "mover": r["mover"],
                        "t": r.get("t", 0.0),
                    }
                )
    return out


def edge(strengths) -> float:
    """+1 when seat 0 is the stronger level, -1 when seat 1 is, 0 between equals."""
    s0, s1 = strengths[0], strengths[1]
    return 1.0 if s0 > s1 else -1.0 if s1 > s0 else 0.0


# Each band's curve is pulled toward the curve of all bands together, by a Gaussian
# prior worth this many positions of the band (each parameter's ridge is that many
# times the curvature one position at 50 % gives it): a band of a few games where the
# stronger level always won would otherwise read certainty, and a band whose few games
# happen to disagree with their values a flat curve.
BAND_PRIOR = 16.0
POOLED_RIDGE = 1.0


def fit_slopes(xs, y, prior=None, ridge: float = 1e-2, iterations: int = 60):
    """Maximum-likelihood weights of p = 1/(1+exp(-(w . x))) with no intercept (the
    seat carries no term), by Newton's method, with a ridge of weight ``ridge``
    pulling the weights toward ``prior`` (0 when not given)."""
    import numpy as np

    X = np.asarray(xs, dtype=float).reshape(len(y), -1)
    y = np.asarray(y, dtype=float)
    w0 = np.zeros(X.shape[1]) if prior is None else np.asarray(prior, dtype=float)
    if prior is not None:
        # the ridge in positions' worth: per parameter, scaled by its feature's spread
        ridge = ridge * 0.25 * np.maximum((X * X).mean(axis=0), 1e-6)
    w = w0.copy()
    if prior is None:
        w[0] = 1.0
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(X @ w, -30, 30)))
        g = X.T @ (p - y) + ridge * (w - w0)
        h = (X * (p * (1 - p))[:, None]).T @ X + np.diag(np.broadcast_to(ridge, w.shape))
        step = np.linalg.solve(h, g)
        w = w - step
        if np.abs(step).sum() < 1e-9:
            break
    return [float(x) for x in w]


def fit_pooled(rows: list[dict]) -> tuple[float, float]:
    """(a, c) of every band together: the prior each band's curve is pulled toward."""
    if not rows:
        return 1.0, 0.0
    a, c = fit_slopes(
        [[r["v"], edge(r["strengths"])] for r in rows], [r["y"] for r in rows], ridge=POOLED_RIDGE
    )
    return max(a, 0.05), c


def fit_band(rows: list[dict], prior: tuple[float, float] = (1.0, 0.0)) -> tuple[float, float]:
    """(a, c) of one band's curve, pulled toward ``prior``; c is 0 between equal levels."""
    if not rows:
        return prior
    equal = all(edge(r["strengths"]) == 0 for r in rows)
    if equal:
        (a,) = fit_slopes(
            [[r["v"]] for r in rows], [r["y"] for r in rows], prior=[prior[0]], ridge=BAND_PRIOR
        )
        return max(a, 0.05), 0.0
    a, c = fit_slopes(
        [[r["v"], edge(r["strengths"])] for r in rows],
        [r["y"] for r in rows],
        prior=list(prior),
        ridge=BAND_PRIOR,
    )
    return max(a, 0.05), c


def band_chance(a: float, c: float, r: dict, shrink: float = 1.0, proven: float = 1.0) -> float:
    """The band curve's chance for row ``r``; a proven value reads ``proven``, never less
    sure than the curve at the end of its range (as game.analysis.calibration reads it)."""
    v = max(-1.0, min(1.0, r["v"]))
    chance = 0.5 + shrink * (sigmoid(a * v + c * edge(r["strengths"])) - 0.5)
    if v >= 1.0:
        return max(proven, chance)
    if v <= -1.0:
        return min(1.0 - proven, chance)
    return chance


# A proven value's share converted is pulled toward 1 (certain) by this many proven
# positions that were converted: a band with few of them keeps the engine's word.
PROVEN_PRIOR = 2.0


def proven_counts(rows: list[dict]) -> tuple[int, float]:
    """(positions with a proven value (|v| = 1), how many of them the favoured side
    won, a draw counting half)."""
    sure = [r for r in rows if abs(r["v"]) >= 1.0]
    won = sum(0.5 if r["y"] == 0.5 else float((r["y"] > 0.5) == (r["v"] > 0)) for r in sure)
    return len(sure), won


def fit_proven(rows: list[dict]) -> float:
    """The share of the positions with a proven value (|v| = 1) whose favoured side
    won, pulled toward 1 by ``PROVEN_PRIOR``; at least 0.5.  On one band's rows the
    band's ``proven``; on every band's rows together the game's, read when the
    players' strengths are unknown."""
    n, won = proven_counts(rows)
    return max(0.5, (won + PROVEN_PRIOR) / (n + PROVEN_PRIOR))


def fit_shrink(rows: list[dict], key: str) -> float:
    """The band's shrink toward 50 %, fitted on held-out games: the band's games split
    in two by seed (by two pairs of games: both seatings on each side of
    :func:`report_bands`' split, and of this one), each half predicted by the curve fitted on the other half (every
    band of it, for the prior), then the least-squares factor on the distances from 50
    % those predictions make (proven values left out: they are certain), within 0..1."""
    num = den = 0.0
    for k in (0, 1):
        fit_rows = [r for r in rows if (r["seed"] // 4) % 2 != k]
        test = [r for r in rows if (r["seed"] // 4) % 2 == k and r["band"] == key]
        own = [r for r in fit_rows if r["band"] == key]
        if not own or not test:
            continue
        a, c = fit_band(own, fit_pooled(fit_rows))
        for r in test:
            if abs(r["v"]) >= 1.0:
                continue
            q = band_chance(a, c, r) - 0.5
            num += q * (r["y"] - 0.5)
            den += q * q
    if den <= 0.0:
        return 1.0
    return max(0.0, min(1.0, num / den))


def bootstrap(rows: list[dict], fitter, count: int = 200, seed: int = 7):
    """95 % intervals of each fitted parameter, resampling whole games."""
    import numpy as np

    by_game: dict[int, list[dict]] = {}
    for r in rows:
        by_game.setdefault(r["seed"], []).append(r)
    seeds = sorted(by_game)
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(count):
        pick = rng.choice(len(seeds), len(seeds))
        draws.append(fitter([r for i in pick for r in by_game[seeds[i]]]))
    arr = np.asarray(draws)
    return [
        (float(np.percentile(arr[:, j], 2.5)), float(np.percentile(arr[:, j], 97.5)))
        for j in range(arr.shape[1])
    ]


def before_curve(args, gid: str):
    """The curve shipped before the band fit (kept in the cache at the first report, so
    the comparison survives ``--write-seeds``)."""
    path = cache_dir(args) / "before-curves.json"
    memo = _load(path, {})
    if gid not in memo:
        e = _load(ROOT / "seeds" / "coach.json", {}).get("games", {}).get(gid)
        memo[gid] = [e["a"], e["b"]] if e else None
        _save(path, memo)
    return memo[gid]


def report_bands(spec, args) -> tuple[str, dict]:
    """Per band: the curve's (a, c) with bootstrap intervals, its Brier on held-out
    games (two folds of whole pairs of games: each game predicted by a curve fitted
    without it or its pair),
    the curve shipped before, the strength-blind curve, always 50 %; then the seat-to-
    move check.  "shipped" is the curve in seeds/coach.json now, "refit" the band's
    curve fitted without the game, "after" that curve drawn toward 50 % by the shrink
    fitted on held-out games of the fitting half (:func:`fit_shrink`), with a proven
    value read as the share of proven positions the fitting half converted
    (:func:`fit_proven`); "strength-blind" the curve of every band together, a proven
    value read as the share every band of the fitting half converted (the game's
    ``proven``, read when a person plays).  The fit written is on all games of each
    band."""
    from game.analysis.calibration import shipped

    rows = band_rows(spec, args)
    before = before_curve(args, spec.id)
    cal = shipped()

    def shipped_chance(r: dict) -> float:
        """The curve in seeds/coach.json now (fitted on other games of the band)."""
        return cal.win_chance(spec.id, r["v"], r["strengths"])

    # A band's games come in pairs, the levels swapping seats (seeds 2j and 2j + 1): a
    # fold keeps whole pairs, so each holds both seatings and a fit cannot take a seat's
    # edge for the stronger level's.
    folds = (
        [r for r in rows if (r["seed"] // 2) % 2 == 0],
        [r for r in rows if (r["seed"] // 2) % 2 == 1],
    )
    held: dict[str, list] = {}
    for k in (0, 1):
        fit_rows, test_rows = folds[k], folds[1 - k]
        blind = fit_pooled([dict(r, strengths=[0, 0]) for r in fit_rows])[0]
        blind_proven = fit_proven(fit_rows)  # the players unknown: every band's share
        prior = fit_pooled(fit_rows)
        for band in BANDS:
            key = "-".join(band)
            own = [r for r in fit_rows if r["band"] == key]
            a, c = fit_band(own, prior)
            shrink = fit_shrink(fit_rows, key)
            proven = fit_proven(own)
            for r in test_rows:
                if r["band"] != key:
                    continue
                old = (
                    (r["v"] + 1) / 2
                    if before is None
                    else (
                        sigmoid(before[0] * r["v"] + before[1])
                        if abs(r["v"]) < 1
                        else float(r["v"] > 0)
                    )
                )
                blind_p = band_chance(blind, 0.0, dict(r, strengths=[0, 0]), 1.0, blind_proven)
                held.setdefault(key, []).append(
                    (
                        band_chance(a, c, r, shrink, proven),
                        old,
                        blind_p,
                        0.5,
                        r["y"],
                        r,
                        band_chance(a, c, r),
                        shipped_chance(r),
                    )
                )
    lines = [f"### {spec.title}", ""]
    out_rows, fits = [], {}
    prior_all = fit_pooled(rows)
    for band in BANDS:
        key = "-".join(band)
        sample = [r for r in rows if r["band"] == key]
        if not sample:
            continue
        a, c = fit_band(sample, prior_all)
        shrink = fit_shrink(rows, key)
        proven = fit_proven(sample)
        sure, converted = proven_counts(sample)
        ci = bootstrap(sample, lambda rs: fit_band(rs, prior_all), count=args.bootstrap)
        fits[key] = {
            "a": round(a, 4),
            "c": round(c, 4),
            "shrink": round(shrink, 3),
            "proven": round(proven, 3),
            "proven_positions": sure,
            "proven_converted": converted,
            "games": len({r["seed"] for r in sample}),
            "positions": len(sample),
            "a_95": [round(ci[0][0], 3), round(ci[0][1], 3)],
            "c_95": [round(ci[1][0], 3), round(ci[1][1], 3)],
        }
        h = held.get(key, [])
        scores = [brier((t[j], t[4]) for t in h) for j in range(4)] if h else [float("nan")] * 4
        unshrunk = brier((t[6], t[4]) for t in h) if h else float("nan")
        now = brier((t[7], t[4]) for t in h) if h else float("nan")
        out_rows.append(
            [
                key,
                len({r["seed"] for r in sample}),
                len(sample),
                f"{a:.2f} ({ci[0][0]:.2f} .. {ci[0][1]:.2f})",
                "-" if band[0] == band[1] else f"{c:+.2f} ({ci[1][0]:+.2f} .. {ci[1][1]:+.2f})",
                f"{shrink:.2f}",
                f"{proven:.2f}",
                f"{scores[1]:.3f}",
                f"{now:.3f}",
                f"{unshrunk:.3f}",
                f"{scores[0]:.3f}",
                f"{scores[2]:.3f}",
                f"{scores[3]:.3f}",
            ]
        )
    lines.append(
        table(
            [
                "band",
                "games",
                "positions",
                "a (95 %)",
                "c (95 %)",
                "shrink",
                "proven",
                "Brier before",
                "shipped",
                "refit",
                "after (shrunk)",
                "strength-blind",
                "50 %",
            ],
            out_rows,
        )
    )
    allh = [t for h in held.values() for t in h]
    split = []
    for mover in (0, 1):
        sub = [t for t in allh if t[5]["mover"] == mover]
        if sub:
            split.append(
                [
                    f"Player {mover + 1} to move",
                    len(sub),
                    f"{100 * sum(t[1] for t in sub) / len(sub):.0f} %",
                    f"{100 * sum(t[0] for t in sub) / len(sub):.0f} %",
                    f"{100 * sum(t[4] for t in sub) / len(sub):.0f} %",
                    f"{brier((t[1], t[4]) for t in sub):.3f}",
                    f"{brier((t[0], t[4]) for t in sub):.3f}",
                ]
            )
    lines += [
        "",
        table(
            [
                "held out",
                "n",
                "before predicts",
                "after predicts",
                "Player 1 won",
                "Brier before",
                "after",
            ],
            split,
        ),
        "",
    ]
    blind_a = fit_pooled([dict(r, strengths=[0, 0]) for r in rows])[0]
    sure, converted = proven_counts(rows)
    lines.append(
        f"Strength-blind curve (any players): a = {blind_a:.2f} on {len(rows)} positions "
        f"of {len({r['seed'] for r in rows})} games; a proven value converted in "
        f"{converted:g} of {sure} positions, read as {fit_proven(rows):.3f}."
    )
    fit = {
        "a": round(blind_a, 4),
        "b": 0.0,
        # A person's strength is unknown: a proven value reads the share converted
        # over every band together.
        "proven": round(fit_proven(rows), 3),
        "proven_positions": sure,
        "proven_converted": converted,
        "bands": fits,
        "positions": len(rows),
        "games": len({r["seed"] for r in rows}),
        "brier": round(brier((t[0], t[4]) for t in allh), 4) if allh else 0.0,
        "test_positions": len(allh),
    }
    return "\n".join(lines) + "\n", fit


def report_band_places(spec, args) -> str:
    """More players: expected places (from the coach's values, as the theatre reads
    them) against the actual ones, per band and table size."""
    from game.analysis.marks import PLACE_STEEPNESS, expected_places

    out = []
    for players in MORE_PLAYERS.get(spec.id, ()):
        rows = band_rows(spec, args, players)
        for band in BANDS:
            key = "-".join(band)
            sample = [r for r in rows if r["band"] == key]
            if not sample:
                continue
            errs, flat, strong_exp, strong_act = [], [], [], []
            for r in sample:
                exp = expected_places(r["values"], PLACE_STEEPNESS)
                mid = (len(exp) + 1) / 2
                for s, (e, p) in enumerate(zip(exp, r["places"], strict=True)):
                    errs.append(abs(e - p))
                    flat.append(abs(mid - p))
                    if r["strengths"][s] == max(r["strengths"]) and band[0] != band[1]:
                        strong_exp.append(e)
                        strong_act.append(p)
            out.append(
                [
                    players,
                    key,
                    len({r["seed"] for r in sample}),
                    len(sample),
                    f"{sum(errs) / len(errs):.2f}",
                    f"{sum(flat) / len(flat):.2f}",
                    f"{sum(strong_exp) / len(strong_exp):.2f} / {sum(strong_act) / len(strong_act):.2f}"
                    if strong_exp
                    else "-",
                ]
            )
    if not out:
        return ""
    return (
        f"### {spec.title}: expected against actual places\n\n"
        + table(
            [
                "players",
                "band",
                "games",
                "positions",
                "mean abs(expected - actual)",
                "middle place for all",
                "stronger level: expected / actual",
            ],
            out,
        )
        + "\n"
    )


def step_bands(args, ids: list[str]) -> None:
    """Play the band games round by round (every band of every game grows evenly,
    so an interrupted run is still balanced); Hard-Expert gets half as many."""
    from game.registry import GAMES

    only = set(args.band or ())
    for k in range(args.games):
        for gid in ids:
            spec = GAMES[gid]
            if gid in TWO_PLAYER:
                for band in BANDS:
                    if only and "-".join(band) not in only:
                        continue
                    if band[1] == "expert" and k >= (args.games + 1) // 2:
                        continue
                    band_play(spec, args, band, k, 2)
            if gid in MORE_PLAYERS and k % 3 == 0 and not only:
                sizes = MORE_PLAYERS[gid]
                for band in (BANDS[1], BANDS[3], BANDS[4]):
                    band_play(spec, args, band, k, sizes[(k // 3) % len(sizes)])


def write_seeds(fits: dict, only_bands=()) -> None:
    """Each game's fit into seeds/coach.json; with ``only_bands`` only those bands'
    curves change (the rest of the game's entry stays as it is, its ``proven`` for
    unknown strengths too: that is fitted on every band's games together)."""
    path = ROOT / "seeds" / "coach.json"
    data = _load(path, {"format": 1, "games": {}})
    today = datetime.date.today().isoformat()
    for gid, fit in fits.items():
        if only_bands and gid in data["games"]:
            entry = data["games"][gid]
            for key in only_bands:
                if key in fit.get("bands", {}):
                    entry.setdefault("bands", {})[key] = fit["bands"][key]
            entry["date"] = today
            continue
        if fit and fit["a"] > 0:
            data["games"][gid] = dict(fit, date=today)
        elif fit:
            # A curve that falls as the value rises means the sample says nothing
            # usable: the game keeps the plain reading.
            print(f"{gid}: fitted a = {fit['a']} is not positive; no calibration written")
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "step",
        choices=(
            "play",
            "values",
            "report",
            "mistakes",
            "all",
            "bands",
            "bands-report",
            "confirm",
        ),
    )
    p.add_argument("--game", action="append", help="game id (repeat); default: all")
    p.add_argument("--games", type=int, default=16, help="Hard-vs-Hard games per game")
    p.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    p.add_argument("--think-scale", type=float, default=0.2, help="x the bots' think time")
    p.add_argument("--positions", type=int, default=6, help="positions per game")
    p.add_argument("--seconds", type=float, default=0.5, help="the coach's time a position")
    p.add_argument("--playouts", type=int, default=3, help="play-outs per position (0: none)")
    p.add_argument("--mistake-games", type=int, default=3, help="games judged by 'mistakes'")
    p.add_argument(
        "--confirm-games", type=int, default=1, help="games per pairing judged by 'confirm'"
    )
    p.add_argument("--confirm-marks", type=int, default=3, help="marks per game 'confirm' judges")
    p.add_argument(
        "--confirm-scale",
        type=float,
        default=1.0,
        help="x every time 'confirm' spends judging (1: the theatre's, Expert at ten times "
        "its own); below 1 a quick run, not the measurement",
    )
    p.add_argument("--cache", help="cache folder (default: a temp folder)")
    p.add_argument(
        "--band",
        action="append",
        help="'bands': only this band, such as medium-medium (repeat); default: every band",
    )
    p.add_argument("--bootstrap", type=int, default=200, help="bootstrap resamples (bands)")
    p.add_argument("--write-seeds", action="store_true", help="store the fit in seeds/coach.json")
    args = p.parse_args(argv)
    from game.registry import GAMES

    ids = args.game or list(GAMES)
    unknown = [g for g in ids if g not in GAMES]
    if unknown:
        p.error(f"unknown game {unknown[0]!r}; known games: {', '.join(GAMES)}")
    for flag, value in (("--games", args.games), ("--positions", args.positions)):
        if value < 1:
            p.error(f"{flag} {value}: at least 1")
    if not args.confirm_scale > 0:
        p.error(f"--confirm-scale {args.confirm_scale:g}: more than 0")
    fits = {}
    if args.step == "bands":
        step_bands(args, ids)
        return 0
    if args.step == "confirm":
        rows = []
        for gid in ids:
            _text, row = step_confirm(GAMES[gid], args)
            rows.append(row)
        print(
            table(
                [
                    "game",
                    "games",
                    "marks judged",
                    "Expert plays another action",
                    "Expert's action beats the one played",
                    "share confirmed",
                ],
                rows,
            ),
            flush=True,
        )
        return 0
    if args.step == "bands-report":
        for gid in ids:
            spec = GAMES[gid]
            if gid in TWO_PLAYER:
                text, fit = report_bands(spec, args)
                print(text, flush=True)
                fits[gid] = fit
            text = report_band_places(spec, args)
            if text:
                print(text, flush=True)
        if args.write_seeds and fits:
            write_seeds(fits, tuple(args.band or ()))
        return 0
    for gid in ids:
        spec = GAMES[gid]
        games = step_play(spec, args)
        if args.step == "play":
            continue
        if args.step == "mistakes":
            print(step_mistakes(spec, games, args), flush=True)
            continue
        rows = step_values(spec, games, args)
        if args.step == "values":
            continue
        if gid in TWO_PLAYER:
            text, fit = report_two(spec, rows, args)
        else:
            text, fit = report_places(spec, rows, args)
        print(text, flush=True)
        fits[gid] = fit
    if args.write_seeds and fits:
        write_seeds(fits)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
