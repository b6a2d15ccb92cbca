#!/usr/bin/env python3
"""Bot arena: play the bot levels of a game against each other and rate them.

Usage (from the checkout; ``python3`` re-runs itself under ``.venv`` if needed)::

    python3 tools/arena.py --game crystal-connector
    python3 tools/arena.py --game chromatic-collapse --levels hard,medium --games 40 --seconds 0.5
    python3 tools/arena.py --game crystal-formation --players 4 --games 16 --jobs 2
    python3 tools/arena.py --all --games 10 --json docs/arena.json
    python3 tools/arena.py --spec-module tests.nim_game --levels medium,random --games 20
    python3 tools/arena.py --game element-shift --nodes 2000 --seed 7     # reproducible
    python3 tools/arena.py --game crystal-formation --levels hard,ref-uct,ref-ab
    python3 tools/arena.py --game chromatic-collapse --levels hard,ref-loa --games 40
    python3 tools/arena.py --game color-crossroads --levels expert,hard --games 40 --time-scale 0.25
    python3 tools/arena.py --ladder crystal-connector --games 10     # -> seeds/ladder.json
    python3 tools/arena.py --match-me crystal-connector --games 20   # the "Match me" benchmark

``--ladder`` and ``--match-me`` are described in tools/ladder.py and docs/bots.md.
Levels may also be strengths between the named ones: ``at:2.35`` (game/ai/strength.py).

Besides the game's own levels, ``ref-uct``, ``ref-ab``, (Chromatic Collapse)
``ref-loa`` and ``ref-greedy`` are reference players from outside the bot family
(tools/references.py); without ``--seconds`` they think as long as the bot they face.
``ref-greedy`` is the stand-in for a newcomer's sensible but shallow play (Easy should
lose to it): one ply on ``scores()``, and in Color Crossroads and Crystal Formation one
turn on what a newcomer looks at there (dead pairs and cuts; trees, power and decay).

For every pair of levels it plays ``--games`` games.  Two players: the levels swap
seats every game.  More players: one level takes one seat and the other level all
the others; which level is alone alternates and the lone seat rotates.  Game ``k`` of
a pairing starts from seed ``--seed + k``, so every pairing sees the same starts.
Bots think for their own ``think_seconds`` unless ``--seconds`` (and/or ``--nodes``,
which makes runs reproducible) says otherwise.  ``--time-scale F`` multiplies every
bot's seconds (its own or ``--seconds``) by F: Expert (4 s) against Hard (1.5 s) at
0.25 keeps Expert's advantage of time and runs four times faster.  A game that runs past the game's
``move_bound`` is counted as a draw with a warning; a bot that raises or plays an
illegal move forfeits (it takes last place) with a warning.

Scoring: a game's score for level A is the share of (A seat, B seat) pairs in which
A's seat placed better (ties count half) -- for two players simply 1 / 0.5 / 0.
Per pairing the table shows wins/draws/losses by that score, A's score rate with a
95% Wilson interval, and average places and points.  Ratings are a Bradley-Terry
fit (iterative maximum likelihood, one virtual draw per pairing so a clean sweep
stays finite) on the Elo scale with the random bot anchored at 0 (or, without it,
the last listed level).

In code (the tests do this)::

    result = run_arena(spec, ["medium", "random"], games=10, spec_module="tests.nim_game")
    print(format_report(result))
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _bootstrap import reexec_in_venv

    reexec_in_venv(("numpy", "choix"))

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import argparse  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import multiprocessing  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402
from concurrent.futures import ProcessPoolExecutor, as_completed  # noqa: E402
from itertools import combinations  # noqa: E402
from typing import Callable, Sequence  # noqa: E402

from game.ai.base import Budget, RandomBot  # noqa: E402
from game.ai.strength import MixedBot  # noqa: E402
from game.records.ladder import LADDER_FILE, parse_strength_level  # noqa: E402
from game.rules.contract import GameSpec, derived_rng  # noqa: E402
from tools.games import hooks  # noqa: E402
from tools.references import GAME_ONLY_REFERENCES, REFERENCE_LEVELS, make_reference  # noqa: E402
from tools.tables import format_table  # noqa: E402

DEFAULT_LEVELS = ("hard", "medium", "easy", "random")


# -- loading ------------------------------------------------------------------------


def load_spec(game_id: str | None, spec_module: str | None = None) -> GameSpec:
    if spec_module:
        spec = importlib.import_module(spec_module).SPEC
        if game_id and spec.id != game_id:
            raise SystemExit(f"{spec_module} defines game {spec.id!r}, not {game_id!r}")
        return spec
    from game.registry import get

    return get(game_id)


def make_bot(spec: GameSpec, level: str):
    if level in REFERENCE_LEVELS:
        return make_reference(level)
    if level == "random" and level not in spec.bots:
        return RandomBot()
    return spec.make_bot(level)


def match_budgets(bots: list, levels: Sequence[str]) -> None:
    """A reference player thinks as long as the project's bot it faces (the longest
    ``think_seconds`` among the other seats) when no ``--seconds`` is given."""
    own = [
        getattr(b, "think_seconds", 1.0)
        for b, lvl in zip(bots, levels, strict=True)
        if lvl not in REFERENCE_LEVELS
    ]
    for bot, lvl in zip(bots, levels, strict=True):
        if lvl in REFERENCE_LEVELS and own:
            bot.think_seconds = max(own)


# -- one game -------------------------------------------------------------------------


def seat_levels(a: str, b: str, index: int, players: int) -> tuple[str, ...]:
    """Which level sits where in game ``index`` of the pairing a vs b."""
    if players == 2:
        return (a, b) if index % 2 == 0 else (b, a)
    alone, rest = (a, b) if index % 2 == 0 else (b, a)
    seats = [rest] * players
    seats[(index // 2) % players] = alone
    return tuple(seats)


def play_game(task: dict) -> dict:
    """Play one arena game; a top-level function so ``--jobs`` can run it elsewhere."""
    spec = load_spec(task["game"], task.get("spec_module"))
    players, options = spec.resolve_options(task["players"], **task["options"])
    state = spec.new_game(task["seed"], players, **options)
    bound = spec.move_bound(players, options)
    levels = task["seats"]
    bots = [make_bot(spec, lvl) for lvl in levels]
    for bot in bots:
        if isinstance(bot, MixedBot):  # one level a turn, as the play scene asks
            bot.mix_salt = derived_rng(task["seed"], "mix").getrandbits(32)
    match_budgets(bots, levels)
    rngs = [derived_rng(task["seed"], "arena", seat) for seat in range(players)]
    think = [0.0] * players
    moves = [0] * players
    actions, note, places = 0, "", None
    while not state.is_terminal():
        if actions >= bound:
            note = f"no result within the move bound ({bound} actions): counted as a draw"
            places = (1,) * players
            break
        seat = state.current_player()
        bot = bots[seat]
        seconds, nodes = task["seconds"], task["nodes"]
        if seconds is None and nodes is None:
            seconds = getattr(bot, "think_seconds", 1.0)
        if seconds is not None:
            seconds *= task.get("time_scale", 1.0)
        t0 = time.monotonic()
        try:
            move = bot.choose(state, rng=rngs[seat], budget=Budget(seconds=seconds, nodes=nodes))
            nxt = state.apply(move)
        except Exception as exc:
            note = f"{levels[seat]} in seat {seat + 1} forfeits: {type(exc).__name__}: {exc}"
            places = tuple(2 if s == seat else 1 for s in range(players))
            break
        think[seat] += time.monotonic() - t0
        moves[seat] += 1
        state = nxt
        actions += 1
    if places is None:
        places = tuple(state.outcome().places)
    return {
        "pairing": task["pairing"],
        "index": task["index"],
        "seed": task["seed"],
        "seats": list(levels),
        "places": list(places),
        "points": [float(p) for p in state.scores()],
        "actions": actions,
        "note": note,
        "think": think,
        "moves": moves,
    }


# -- statistics ---------------------------------------------------------------------


def game_score(record: dict, a: str, b: str) -> float:
    """Share of (a seat, b seat) comparisons a won, ties half."""
    places, seats = record["places"], record["seats"]
    total, n = 0.0, 0
    for i, li in enumerate(seats):
        for j, lj in enumerate(seats):
            if li == a and lj == b:
                total += 1.0 if places[i] < places[j] else 0.5 if places[i] == places[j] else 0.0
                n += 1
    return total / n if n else 0.5


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a rate ``p`` observed over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def bradley_terry(
    levels: Sequence[str], pairings: Sequence[dict], anchor: str, iterations: int = 10_000
) -> dict[str, float]:
    """Elo-scale ratings from pairwise scores by the MM algorithm (Hunter 2004)."""
    idx = {lvl: i for i, lvl in enumerate(levels)}
    k = len(levels)
    wins = [0.0] * k
    n = [[0.0] * k for _ in range(k)]
    for p in pairings:
        i, j = idx[p["a"]], idx[p["b"]]
        score = p["wins"] + 0.5 * p["draws"]
        # One virtual draw per pairing keeps a 10-0 sweep at a finite rating.
        wins[i] += score + 0.5
        wins[j] += p["games"] - score + 0.5
        n[i][j] += p["games"] + 1
        n[j][i] += p["games"] + 1
    gamma = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            denom = sum(n[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i and n[i][j])
            new.append(wins[i] / denom if denom else gamma[i])
        norm = math.exp(sum(math.log(g) for g in new) / k)
        new = [g / norm for g in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, gamma, strict=True)) < 1e-10
        gamma = new
        if done:
            break
    base = gamma[idx[anchor]]
    return {lvl: 400.0 * math.log10(gamma[idx[lvl]] / base) for lvl in levels}


def mean_of(xs) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def summarise(records: list[dict], a: str, b: str) -> dict:
    wins = draws = losses = 0
    score = 0.0
    place = {a: [], b: []}
    points = {a: [], b: []}
    for r in records:
        s = game_score(r, a, b)
        score += s
        wins += s > 0.5
        draws += s == 0.5
        losses += s < 0.5
        for seat, lvl in enumerate(r["seats"]):
            place[lvl].append(r["places"][seat])
            points[lvl].append(r["points"][seat])
    # With more than two seats: average points of each level in the games where one
    # level sat alone (a lone seat among others is the fair test of a level there).
    alone = {}
    for lone in (a, b):
        games = [r for r in records if r["seats"].count(lone) == 1 and len(r["seats"]) > 2]
        if games:
            alone[lone] = {
                "games": len(games),
                a: mean_of(
                    [
                        p
                        for r in games
                        for s, p in zip(r["seats"], r["points"], strict=True)
                        if s == a
                    ]
                ),
                b: mean_of(
                    [
                        p
                        for r in games
                        for s, p in zip(r["seats"], r["points"], strict=True)
                        if s == b
                    ]
                ),
            }
    n = len(records)
    rate = score / n if n else 0.0
    lo, hi = wilson(rate, n)

    def mean(xs):
        return sum(xs) / len(xs) if xs else 0.0

    return {
        "a": a,
        "b": b,
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "score": rate,
        "ci95": [lo, hi],
        "avg_place_a": mean(place[a]),
        "avg_place_b": mean(place[b]),
        "avg_points_a": mean(points[a]),
        "avg_points_b": mean(points[b]),
        "avg_actions": mean([r["actions"] for r in records]),
        "move_bound_draws": sum(1 for r in records if "move bound" in r["note"]),
        "forfeits": sum(1 for r in records if "forfeits" in r["note"]),
        "points_when_alone": alone,
    }


# -- the arena ------------------------------------------------------------------------


def _stderr_progress(text: str, done: int, total: int) -> None:
    if sys.stderr.isatty():
        end = "\n" if done == total else ""
        print(f"\r{text} {done}/{total} ", end=end, file=sys.stderr, flush=True)
    elif done == total or done % max(1, total // 10) == 0:
        print(f"{text} {done}/{total}", file=sys.stderr, flush=True)


def play_tasks(tasks: list[dict], jobs: int, finished: Callable[[dict, dict], None]) -> None:
    """Play every task, ``jobs`` games at a time in their own processes (one at a time
    here when ``jobs`` is 1), calling ``finished(task, record)`` as each game ends."""
    if jobs <= 1:
        for task in tasks:
            finished(task, play_game(task))
        return
    # spawn everywhere: the same behaviour on every OS, and no forked pygame state.
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        futures = {pool.submit(play_game, t): t for t in tasks}
        for fut in as_completed(futures):
            finished(futures[fut], fut.result())


def run_arena(
    spec: GameSpec,
    levels: Sequence[str],
    *,
    games: int = 10,
    seconds: float | None = None,
    nodes: int | None = None,
    players: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    time_scale: float = 1.0,
    options: dict | None = None,
    spec_module: str | None = None,
    progress: Callable[[str, int, int], None] | None = _stderr_progress,
) -> dict:
    """Play every pairing of ``levels``; returns a JSON-ready result (see
    :func:`format_report`)."""
    levels = list(dict.fromkeys(levels))
    if len(levels) < 2:
        raise ValueError("the arena needs at least two levels")
    for lvl in levels:
        if lvl in GAME_ONLY_REFERENCES and lvl not in getattr(hooks(spec.id), "REFERENCES", ()):
            raise ValueError(f"{lvl} does not play {spec.title} (its evaluation is another game's)")
        if (
            lvl != "random"
            and lvl not in spec.bots
            and lvl not in REFERENCE_LEVELS
            and parse_strength_level(lvl) is None
        ):
            raise ValueError(
                f"{spec.title} has no {lvl!r} bot (levels: {', '.join(spec.bots)}, "
                f"or a reference: {', '.join(REFERENCE_LEVELS)})"
            )
    players, resolved = spec.resolve_options(players, **(options or {}))
    pairs = list(combinations(levels, 2))
    tasks = [
        {
            "game": spec.id,
            "spec_module": spec_module,
            "players": players,
            "options": resolved,
            "seed": seed + k,
            "seats": seat_levels(a, b, k, players),
            "seconds": seconds,
            "nodes": nodes,
            "time_scale": time_scale,
            "pairing": [a, b],
            "index": k,
        }
        for a, b in pairs
        for k in range(games)
    ]
    label = f"{spec.id}: {len(pairs)} pairing(s) x {games} games"
    records: list[dict] = []
    t0 = time.monotonic()

    def finished(record: dict) -> None:
        records.append(record)
        if record["note"]:
            print(
                f"warning: {spec.id} {record['pairing'][0]} vs {record['pairing'][1]} "
                f"game {record['index']} (seed {record['seed']}): {record['note']}",
                file=sys.stderr,
                flush=True,
            )
        if progress:
            progress(label, len(records), len(tasks))

    play_tasks(tasks, jobs, lambda _task, record: finished(record))
    records.sort(key=lambda r: (pairs.index(tuple(r["pairing"])), r["index"]))

    pairings = [
        summarise([r for r in records if tuple(r["pairing"]) == (a, b)], a, b) for a, b in pairs
    ]
    anchor = "random" if "random" in levels else levels[-1]
    think = {lvl: [0.0, 0] for lvl in levels}
    for r in records:
        for seat, lvl in enumerate(r["seats"]):
            think[lvl][0] += r["think"][seat]
            think[lvl][1] += r["moves"][seat]
    return {
        "game": spec.id,
        "title": spec.title,
        "players": players,
        "options": resolved,
        "games_per_pairing": games,
        "seed": seed,
        "seconds": seconds,
        "nodes": nodes,
        "time_scale": time_scale,
        "levels": levels,
        "pairings": pairings,
        "anchor": anchor,
        "ratings": bradley_terry(levels, pairings, anchor),
        "seconds_per_move": {lvl: (t / m if m else 0.0) for lvl, (t, m) in think.items()},
        "wall_seconds": time.monotonic() - t0,
        "records": records,
    }


# -- output ----------------------------------------------------------------------------


def format_report(result: dict) -> str:
    budget = []
    if result["seconds"] is not None:
        budget.append(f"{result['seconds']:g} s")
    if result["nodes"] is not None:
        budget.append(f"{result['nodes']} nodes")
    scale = result.get("time_scale", 1.0)
    if scale != 1.0:
        budget.append(
            f"seconds x {scale:g}" if budget else f"each bot its own think time x {scale:g}"
        )
    head = (
        f"{result['title']} ({result['game']}): {result['players']} players, "
        f"{result['games_per_pairing']} games per pairing, seed {result['seed']}, "
        f"budget {' + '.join(budget) or 'each bot its own think time'}"
    )
    multi = result["players"] > 2
    headers = [
        "A",
        "B",
        "games",
        "W",
        "D",
        "L",
        "A score",
        "95% CI",
        "place A",
        "place B",
        "points A",
        "points B",
        "actions",
    ]
    rows = []
    for p in result["pairings"]:
        lo, hi = p["ci95"]
        rows.append(
            [
                p["a"],
                p["b"],
                p["games"],
                p["wins"],
                p["draws"],
                p["losses"],
                f"{100 * p['score']:.1f}%",
                f"{100 * lo:.1f}-{100 * hi:.1f}%",
                f"{p['avg_place_a']:.2f}",
                f"{p['avg_place_b']:.2f}",
                f"{p['avg_points_a']:.1f}",
                f"{p['avg_points_b']:.1f}",
                f"{p['avg_actions']:.0f}",
            ]
        )
    parts = [head, "", format_table(headers, rows, "llrrrrrrrrrrr")]
    if multi:
        parts.append(
            "(A takes one seat, B the others, alternating; W/D/L and score "
            "compare each A seat with each B seat.)"
        )
        for p in result["pairings"]:
            for lone, row in p.get("points_when_alone", {}).items():
                other = p["b"] if lone == p["a"] else p["a"]
                parts.append(
                    f"{lone} alone ({row['games']} games): {lone} {row[lone]:.1f} points a seat, "
                    f"{other} {row[other]:.1f}"
                )
    ratings = result["ratings"]
    order = sorted(result["levels"], key=lambda lvl: -ratings[lvl])
    rrows = [
        [lvl, f"{ratings[lvl]:+.0f}", f"{result['seconds_per_move'][lvl]:.3f}"] for lvl in order
    ]
    parts += [
        "",
        format_table(["level", f"rating ({result['anchor']} = 0)", "s/move"], rrows, "lrr"),
    ]
    notes = sum(p["move_bound_draws"] + p["forfeits"] for p in result["pairings"])
    if notes:
        parts.append(f"({notes} game(s) ended by the move bound or a forfeit: see warnings)")
    return "\n".join(parts)


REFERENCES_HELP = """\
reference levels (tools/references.py, no code shared with game/ai):
  ref-uct     plain UCT, random playouts
  ref-ab      iterative-deepening alpha-beta on the game's scores()
  ref-loa     the same alpha-beta with the Lines-of-Action evaluation (Chromatic Collapse)
  ref-greedy  a newcomer's sensible but shallow play, one ply, no reply considered:
              on scores() (Crystal Connector, Chromatic Collapse); in Color Crossroads
              challenge a pair with no loop, cut a pair and challenge it, leave no dead
              pair; in Crystal Formation trees, power, the node nearest a tree, and no
              own node left to decay
"""


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description="Play bot levels against each other and rate them.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=REFERENCES_HELP,
    )
    ap.add_argument("--game", help="game id (see game/registry.py)")
    ap.add_argument(
        "--ladder",
        metavar="GAME",
        help="play GAME's ladder (Random .. Expert and 1.5, 2.5, 3.5), fit ratings with "
        "intervals and merge them into --out",
    )
    ap.add_argument(
        "--match-me",
        metavar="GAME",
        help="the Match me benchmark: simulated people against the opponent Match me picks",
    )
    ap.add_argument(
        "--out",
        default=str(LADDER_FILE),
        help="ladder file --ladder merges into (default: seeds/ladder.json)",
    )
    ap.add_argument(
        "--expert-games",
        type=int,
        help="--ladder: games a pairing for Expert (default: half of --games, at least 2)",
    )
    ap.add_argument(
        "--slow-games",
        type=int,
        help="--ladder: games a pairing with 3.5, whose decisions are Expert's half the "
        "time (default: --games); the other pairings' tables cost a tenth as much",
    )
    ap.add_argument(
        "--expert-opponents",
        default="3.5,3,2",
        help="--ladder: the strengths Expert plays (default: %(default)s, its neighbours "
        "and Medium)",
    )
    ap.add_argument(
        "--seating",
        choices=("lone", "mixed"),
        default="lone",
        help="--ladder, games of more than two players: one seat alone among the others "
        "for every pairing (default), or --games tables mixing every strength",
    )
    ap.add_argument(
        "--reuse",
        metavar="FILE",
        help="--ladder: take games already played from an earlier run's --json FILE "
        "(same seats and seed) instead of playing them again",
    )
    ap.add_argument(
        "--runs", type=int, default=2, help="--match-me: runs for each simulated person"
    )
    ap.add_argument(
        "--simulate",
        action="store_true",
        help="--match-me: draw each result at the odds the ladder's ratings give instead "
        "of playing the bots (seconds, not minutes: use --runs 100)",
    )
    ap.add_argument("--all", action="store_true", help="every game in GAMES")
    ap.add_argument("--spec-module", help="a module with a SPEC, e.g. tests.nim_game")
    ap.add_argument(
        "--levels",
        default=",".join(DEFAULT_LEVELS),
        help="comma-separated levels (default: %(default)s; missing ones skipped)",
    )
    ap.add_argument("--games", type=int, default=10, help="games per pairing (default 10)")
    ap.add_argument("--seconds", type=float, help="think seconds per action for every bot")
    ap.add_argument("--nodes", type=int, help="node/iteration budget per action (reproducible)")
    ap.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        metavar="F",
        help="multiply every bot's think seconds by F (default 1)",
    )
    ap.add_argument("--players", type=int, help="seats (default: the game's default)")
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, repeatable",
    )
    ap.add_argument("--seed", type=int, default=0, help="base seed (game k uses seed+k)")
    ap.add_argument("--jobs", type=int, default=1, help="games in parallel processes")
    ap.add_argument("--json", metavar="FILE", help="write the results as JSON")
    args = ap.parse_args(argv)
    if args.ladder or args.match_me:
        return ladder_main(args, ap)
    if args.games < 1:
        ap.error(f"--games {args.games}: at least 1")

    if args.all:
        from game.registry import GAMES

        specs = list(GAMES.values())
        if not specs:
            ap.error("GAMES is empty")
    elif args.game or args.spec_module:
        try:
            specs = [load_spec(args.game, args.spec_module)]
        except ValueError as exc:
            ap.error(str(exc))
    else:
        ap.error("give --game ID, --all or --spec-module MODULE")
    options = {}
    for item in args.option:
        name, eq, value = item.partition("=")
        options[name.strip()] = value.strip() if eq else True
    explicit = args.levels != ",".join(DEFAULT_LEVELS)
    wanted = [lvl.strip() for lvl in args.levels.split(",") if lvl.strip()]

    results = []
    for spec in specs:
        levels = [lvl for lvl in wanted if lvl == "random" or lvl in spec.bots or explicit]
        try:
            result = run_arena(
                spec,
                levels,
                games=args.games,
                seconds=args.seconds,
                nodes=args.nodes,
                players=args.players,
                seed=args.seed,
                jobs=args.jobs,
                time_scale=args.time_scale,
                options=options if not args.all else None,
                spec_module=args.spec_module,
            )
        except ValueError as exc:
            print(f"{spec.id}: {exc}", file=sys.stderr)
            return 2
        results.append(result)
        print(format_report(result))
        print(flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"results": results}, indent=1) + "\n")
        print(f"wrote {args.json}", file=sys.stderr)
    return 0


def ladder_main(args, ap) -> int:
    """--ladder GAME and --match-me GAME (tools/ladder.py)."""
    from tools import ladder as lad

    game_id = args.ladder or args.match_me
    try:
        spec = load_spec(game_id)
    except ValueError as exc:
        ap.error(str(exc))
    if args.ladder:
        for flag, value in (
            ("--games", args.games),
            ("--expert-games", args.expert_games),
            ("--slow-games", args.slow_games),
        ):
            if value is not None and value < 1:
                ap.error(f"{flag} {value}: a ladder pairing needs at least one game")
        reuse: list = []
        if args.reuse:
            from game.storage import reading as files

            # Through the project's reader: a FIFO, a huge file or a nesting bomb is
            # refused with a reason instead of hanging or overflowing the parser.
            try:
                earlier = files.load_json(args.reuse, cap=64 * 1024 * 1024)
            except (OSError, ValueError) as exc:
                ap.error(f"--reuse {args.reuse}: {exc}")
            if earlier is None:
                ap.error(f"--reuse {args.reuse}: there is no such file")
            if not isinstance(earlier, dict):
                earlier = {}
            records = earlier.get("records")
            if earlier.get("game") != spec.id or not isinstance(records, list):
                ap.error(f"--reuse {args.reuse}: not a {spec.id} ladder's --json file")
            reuse = [r for r in records if isinstance(r, dict)]
        try:
            opponents = tuple(float(x) for x in args.expert_opponents.split(",") if x.strip())
        except ValueError:
            opponents = ()
        if not opponents or not set(opponents) <= set(lad.LADDER_STRENGTHS) - {4.0}:
            ap.error(
                f"--expert-opponents {args.expert_opponents!r}: ladder strengths below "
                "Expert, such as 3.5,3"
            )

        result = lad.run_ladder(
            spec,
            play=play_game,
            play_many=lambda tasks, finished: play_tasks(tasks, args.jobs, finished),
            reuse=reuse,
            expert_opponents=opponents,
            seating=args.seating,
            games=args.games,
            expert_games=args.expert_games,
            slow_games=args.slow_games,
            seconds=args.seconds,
            time_scale=args.time_scale,
            seed=args.seed,
            progress=_stderr_progress,
            log=lambda text: print(text, file=sys.stderr, flush=True),
        )
        print(lad.format_ladder(result), flush=True)
        lad.merge_ladder(Path(args.out), spec.id, lad.ladder_entry(result))
        print(f"merged {spec.id} into {args.out}", file=sys.stderr)
    else:
        from game.records.ladder import load

        if args.games < 2:
            ap.error(f"--games {args.games}: Match me needs at least 2 games a person (two halves)")
        if args.runs < 1:
            ap.error(f"--runs {args.runs}: Match me needs at least one run a person")
        ladders = load(Path(args.out))
        if spec.id not in ladders:
            print(f"{spec.id} has no ladder in {args.out}: run --ladder first", file=sys.stderr)
            return 2
        play = play_game
        if args.simulate:
            # No bot games: each result drawn at the odds the ladder's ratings give.
            play = lad.simulated_play(ladders[spec.id], random.Random(args.seed))
        result = lad.run_match_me(
            spec,
            ladders[spec.id],
            play=play,
            simulated=args.simulate,
            games=args.games,
            repeats=args.runs,
            seed=args.seed,
            progress=_stderr_progress,
        )
        print(lad.format_match_me(result), flush=True)
    if args.json:
        lad.write_json(args.json, result)
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
