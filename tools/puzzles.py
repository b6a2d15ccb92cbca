"""Make and check the puzzles in seeds/puzzles-<game>.json.

    python3 tools/puzzles.py generate chromatic-collapse --count 60 --games 200
    python3 tools/puzzles.py verify                  # every shipped puzzle, every game
    python3 tools/puzzles.py verify --sample 3       # three per game (what the suite runs)

``generate`` plays seeded bot games (Easy against Easy with random moves mixed in,
as ``tools/tactics.py`` finds its positions) and, at each turn start where the goal
may be in reach, searches the whole turn: a position is kept when few of its turns
reach the goal (1 to MAX_ANSWERS distinct results) and most do not.  Each kept puzzle
is then rated by how often the random player and the Easy, Medium and Hard bots solve
it (fixed node budgets, fixed seeds: the same figures every run) and the file is
sorted from easy to hard.

``verify`` replays every puzzle from its game id (so the position is legal and
reachable), searches every turn of the seat to move exhaustively, and checks that
the turns reaching the goal are exactly the accepted set (compared by the position
they leave).  Crystal Connector's turns (three shifts of twelve lines, with a
conversion) are enumerated by the numpy planner its bots use (``plan_turn`` with no
beam: every distinct end board); every leaf is then judged by the engine itself.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.content import puzzles as P  # noqa: E402
from game.registry import GAMES  # noqa: E402
from game.rules.contract import GameSetup  # noqa: E402
from game.text.i18n import N_  # noqa: E402
from tools.games import hooks, showcase  # noqa: E402
from tools.tactics import turn_start  # noqa: E402

SEEDS = ROOT / "seeds"
MAX_ANSWERS = 8  # more distinct results reaching the goal than this is not a puzzle
MAX_NODES = 400_000  # a turn tree larger than this is not searched (and not kept)
# Goals and hints are written into the files as message ids (marked here for the
# catalogue) and translated where they are shown: game/content/puzzles.py goal_text.
# A game's own goal texts and hints are PUZZLE_GOAL_TEXT, PUZZLE_HINT and PUZZLE_HINTS
# (by goal) in its tools/games/<module>.py.
GOAL_TEXT = {"win": N_("Win this turn.")}
WEIGHTS = {"random": 0.1, "easy": 0.2, "medium": 0.3, "hard": 0.4}


class TooBig(Exception):
    pass


# -- every turn of a position -------------------------------------------------------------
def all_turns(
    game: str, state, seat: int, most_wins: int | None = None
) -> dict[str, tuple[list[str], object]]:
    """Every distinct result of the seat's whole turn: position key -> (one turn that
    leaves it, the state after).  Exhaustive; TooBig past MAX_NODES.  ``most_wins``
    (generation only): Crystal Connector returns nothing at once when its planner
    counts no win or more than that many."""
    own = getattr(hooks(game), "puzzle_turns", None)  # a game's own exhaustive search
    if own is not None:
        return own(state, seat, most_wins)
    results: dict[str, tuple[list[str], object]] = {}
    seen: set[str] = set()
    nodes = 0

    def dfs(s, path):
        nonlocal nodes
        for m in s.legal_moves():
            nodes += 1
            if nodes > MAX_NODES:
                raise TooBig
            after, answers = P.finish_answers(s.apply(m), seat)
            moves = path + [str(m)] + answers
            key = P.position_key(after)
            if after.is_terminal() or P.turn_owner(after) != seat:
                results.setdefault(key, (moves, after))
            elif key not in seen:
                seen.add(key)
                dfs(after, moves)

    dfs(state, [])
    return results


def goal_answers(puzzle: P.Puzzle, before, results) -> dict[str, list[str]]:
    return {k: moves for k, (moves, after) in results.items() if puzzle.reached(before, after)}


# -- verify -------------------------------------------------------------------------------
def verify_puzzle(puzzle: P.Puzzle, stats: dict | None = None) -> list[str]:
    """Problems with one puzzle; empty when it holds.  ``stats`` counts the distinct
    results searched ("turns") and those refuted (searched, not reaching the goal)."""
    where = f"{puzzle.game} {puzzle.id}"
    try:
        before = puzzle.position()
    except P.PuzzleError as exc:
        return [str(exc)]
    if P.turn_owner(before) != puzzle.seat or before.current_player() != puzzle.seat:
        return [f"{where}: seat {puzzle.seat} is not to move"]
    problems = []
    accepted = {}
    for turn in puzzle.solution:
        verdict = P.check_from(puzzle, before, turn)
        if verdict.kind != "solved":
            problems.append(f"{where}: accepted turn {turn} is {verdict.kind}: {verdict.message}")
        elif verdict.state is not None:
            accepted[P.position_key(verdict.state)] = turn
    try:
        results = all_turns(puzzle.game, before, puzzle.seat)
    except TooBig:
        return problems + [f"{where}: the turn is too large to search"]
    reaching = goal_answers(puzzle, before, results)
    if stats is not None:
        stats["turns"] = stats.get("turns", 0) + len(results)
        stats["refuted"] = stats.get("refuted", 0) + len(results) - len(reaching)
    for key, moves in reaching.items():
        if key not in accepted:
            problems.append(f"{where}: {moves} reaches the goal but is not accepted")
    for key, moves in accepted.items():
        if key not in reaching:
            problems.append(f"{where}: accepted {moves} is not among the searched turns")
    return problems


def verify(games, sample: int | None = None, stats: dict | None = None) -> tuple[int, list[str]]:
    checked, problems = 0, []
    for game in games:
        started = time.monotonic()
        before = dict(stats or {})
        book = P.load_puzzles(game)
        chosen = book.puzzles
        if sample is not None:
            step = max(1, len(chosen) // sample)
            chosen = chosen[::step][:sample]
        for puzzle in chosen:
            problems += verify_puzzle(puzzle, stats)
            checked += 1
        if stats is not None:
            turns = stats.get("turns", 0) - before.get("turns", 0)
            refuted = stats.get("refuted", 0) - before.get("refuted", 0)
            print(
                f"{game}: {len(chosen)} puzzles, {turns} distinct turns searched, "
                f"{refuted} refuted, {time.monotonic() - started:.1f} s",
                flush=True,
            )
    return checked, problems


# -- rating -------------------------------------------------------------------------------
def bot_solves(puzzle: P.Puzzle, before, level: str, rng: random.Random) -> bool:
    from game.ai.base import Budget

    own = getattr(hooks(puzzle.game), "rated_turn", None)  # a game's own rating player
    if own is not None and level != "random":
        return P.check_from(puzzle, before, own(before, puzzle.seat, level)).kind == "solved"
    budget = hooks(puzzle.game).RATE_BUDGET
    spec = GAMES[puzzle.game]
    bot = None if level == "random" else spec.make_bot(level)
    state, seat, played = before, puzzle.seat, []
    while not state.is_terminal() and P.turn_owner(state) == seat:
        if bot is None:
            move = rng.choice(state.legal_moves())
        else:
            move = bot.choose(state, rng=rng, budget=Budget(nodes=budget[level]))
        played.append(str(move))
        state, answers = P.finish_answers(state.apply(move), seat)
        played += answers
    return P.check_from(puzzle, before, played).kind == "solved"


def rate(puzzle: P.Puzzle) -> dict[str, float]:
    before = puzzle.position()
    tries = {"random": 8, "easy": 2, "medium": 2, "hard": 2}
    out = {}
    for level, n in tries.items():
        wins = sum(bot_solves(puzzle, before, level, random.Random(k)) for k in range(n))
        out[level] = round(wins / n, 3)
    return out


def difficulty(solved_by: dict[str, float]) -> float:
    return round(sum(WEIGHTS[k] * (1 - solved_by[k]) for k in WEIGHTS), 3)


# -- generate -----------------------------------------------------------------------------
def generate(
    game: str,
    count: int,
    games: int,
    seed: int = 0,
    per_game: int = 2,
    minutes: float = 0,
    players: int = 2,
    only: str | None = None,
) -> list[dict]:
    from game.ai.base import Budget

    own = getattr(hooks(game), "generate_puzzles", None)  # a game's own generator
    if own is not None:
        return own(count, games, seed, per_game, minutes)
    spec = GAMES[game]
    rng = random.Random(seed)
    found: list[dict] = []
    started = time.monotonic()
    for game_seed in range(seed + 1, seed + 1 + games):
        if len(found) >= count or (minutes and time.monotonic() - started > 60 * minutes):
            break
        start = GameSetup(game, players, spec.resolve_options(players)[1], game_seed).text(spec)
        state = spec.new_game(game_seed, players)
        # Easy bots with more players lose their trees to each other's influence and
        # rarely grow new ones; Medium ones build, so their games hold the puzzles.
        level, wild = ("easy", 0.25) if players == 2 else ("medium", 0.1)
        bots = [spec.make_bot(level) for _ in range(players)]
        history: list[str] = []
        kept = 0
        last_kept = -99
        while not state.is_terminal() and len(history) < 400 and kept < per_game:
            seat = P.turn_owner(state)
            goals = []
            if (
                state.current_player() == seat
                and turn_start(state)
                and len(history) - last_kept > 6
            ):
                goals = [g for g in hooks(game).puzzle_goals(state, seat) if only in (None, g[0])]
            results = None
            for goal in goals:
                puzzle = P.Puzzle(
                    game, "", start, tuple(history), seat, goal[0], "", (), amount=goal[1]
                )
                if results is None:
                    try:
                        results = all_turns(game, state, seat, most_wins=MAX_ANSWERS)
                    except TooBig:
                        results = {}
                reaching = goal_answers(puzzle, state, results)
                if 1 <= len(reaching) <= MAX_ANSWERS and len(results) >= 4 * len(reaching) + 8:
                    own = hooks(game)
                    text = GOAL_TEXT.get(goal[0]) or own.PUZZLE_GOAL_TEXT[goal[0]]
                    found.append(
                        {
                            # more players: the count leads the id (seeds repeat across counts)
                            "id": f"{players}p-{game_seed}-{len(history)}"
                            if players != 2
                            else f"{game_seed}-{len(history)}",
                            "start": start,
                            "setup": list(history),
                            "seat": seat,
                            "goal": goal[0],
                            **({"amount": goal[1]} if goal[0] == "gain" else {}),
                            "text": text,
                            "hint": getattr(own, "PUZZLE_HINTS", {}).get(goal[0], own.PUZZLE_HINT),
                            "solution": list(reaching.values()),
                        }
                    )
                    kept += 1
                    last_kept = len(history)
                    print(
                        f"{game} #{game_seed} after {len(history)} moves: {goal[0]} "
                        f"{len(reaching)} of {len(results)} turns ({time.monotonic() - started:.0f} s)",
                        flush=True,
                    )
                    break
            if state.current_player() != seat:
                move = P.answer_for(state)
            elif rng.random() < wild:
                move = rng.choice(state.legal_moves())
            else:
                move = bots[state.current_player()].choose(
                    state, rng=rng, budget=Budget(nodes=2000)
                )
            history.append(str(move))
            state = state.apply(move)
    return found[:count]


def build_file(game: str, raw: list[dict]) -> dict:
    for i, entry in enumerate(raw):
        puzzle = P.parse_book({"format": 1, "game": game, "puzzles": [entry]}, "new", game).puzzles[
            0
        ]
        entry["solved_by"] = rate(puzzle)
        entry["difficulty"] = difficulty(entry["solved_by"])
        print(
            f"rated {i + 1}/{len(raw)}: {entry['solved_by']} -> {entry['difficulty']}", flush=True
        )
    raw.sort(key=lambda e: (e["difficulty"], e["id"]))
    return {"format": P.PUZZLE_FORMAT, "game": game, "puzzles": raw}


def write(game: str, data: dict, path: Path | None = None) -> Path:
    path = path or SEEDS / P.puzzle_file(game)
    lines = ["{", f' "format": {data["format"]},', f' "game": {json.dumps(game)},', ' "puzzles": [']
    items = [json.dumps(e, separators=(", ", ": ")) for e in data["puzzles"]]
    lines.append(",\n".join("  " + item for item in items))
    lines += [" ]", "}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# -- screenshots and the load time --------------------------------------------------------
def _headless_app():
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CRYSTAL_ARCADE_HOME"] = tempfile.mkdtemp(prefix="puzzles-")
    os.environ.setdefault("CRYSTAL_ARCADE_BOT_WORKER", "thread")
    from game.storage.saves import user_paths
    from scenes.boot import make_app

    return make_app(headless=True, paths=user_paths())


def shots(out: Path, game: str, puzzle_id: str | None = None) -> None:
    """The puzzles screen, a puzzle, a miss with its solution shown, and a rush's end."""
    import pygame

    from scenes import puzzles as S

    def shoot(name, ticks=2):
        app.run_ticks(ticks)
        app.draw(0.0)
        out.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.canvas, str(out / name))
        print(out / name)

    app = _headless_app()
    app.run_ticks(2)
    listing = app.open("puzzles", game)
    book = listing.book
    S.mark_solved(app, game, book.puzzles[0].id)
    S.mark_solved(app, game, book.puzzles[3].id)
    listing.build()
    shoot("puzzles.png", 30)
    view = S.open_puzzle(app, game, puzzle_id or book.puzzles[5].id, "list")
    shoot("puzzles-play.png", 30)
    view.request_hint()
    shoot("puzzles-hint.png", 10)
    before = view.match.state
    miss = next(
        m
        for m, after in all_turns(game, before, view.puzzle.seat).values()
        if not view.puzzle.reached(before, after)
    )
    for text in miss:
        view.try_move(view.match.state.parse_move(text))
        app.run_ticks(40)
    app.run_ticks(5)
    shown = app.top
    app.run_until(lambda: shown.phase == "missed", max_ticks=3000)
    shoot("puzzles-missed.png", 30)
    app.pop()
    rush = P.Rush(P.rush_order(book, 1))
    view = S.open_puzzle(app, game, rush.current.id, "rush", rush=rush)
    rush.solved()
    rush.solved()
    rush.missed()
    rush.solved()
    rush.ticks_left = 2
    shoot("puzzles-rush-end.png", 30)
    app.shutdown()


def bench(game: str, runs: int = 5) -> None:
    """Seconds from pressing Rush to its first puzzle built on its view, in parts: the
    book read and checked (once a run: cold), the order made and the match replayed,
    and the game's own view built (pygame-gui controls: the same cost as a new game)."""
    from scenes import puzzles as S

    app = _headless_app()
    app.run_ticks(2)
    started = time.perf_counter()
    book = P.load_puzzles(game)
    cold = time.perf_counter() - started
    parts = {"order and match": [], "view": [], "total": []}
    for k in range(runs):
        t0 = time.perf_counter()
        book = P.load_puzzles(game)
        rush = P.Rush(P.rush_order(book, k))
        S.build_match(rush.current)
        t1 = time.perf_counter()
        scene = S.puzzle_scene(app, game, rush.current.id, "rush", rush=rush)
        t2 = time.perf_counter()
        assert scene is not None
        parts["order and match"].append(t1 - t0)
        parts["view"].append(t2 - t1)
        parts["total"].append(t2 - t0 - (t1 - t0) + (t1 - t0))
    shown = ", ".join(f"{k} {sorted(v)[len(v) // 2] * 1000:.0f} ms" for k, v in parts.items())
    print(f"{game}: book read and checked {cold * 1000:.0f} ms (once); medians of {runs}: {shown}")
    app.shutdown()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="find, verify, rate and write one game's puzzles")
    g.add_argument("game", choices=sorted(GAMES))
    g.add_argument("--count", type=int, default=60)
    g.add_argument("--games", type=int, default=200, help="most seeded bot games to play")
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--per-game", type=int, default=2)
    g.add_argument("--minutes", type=float, default=0, help="stop searching after this long")
    g.add_argument("--out", type=Path, default=None, help="write here (a part for merge)")
    g.add_argument("--players", type=int, default=2, help="seats (Crystal Formation: 2-6)")
    g.add_argument("--goal", choices=P.GOALS, default=None, help="keep only this goal")
    m = sub.add_parser("merge", help="join parts written with --out into the game's file")
    m.add_argument("game", choices=sorted(GAMES))
    m.add_argument("parts", nargs="+", type=Path)
    v = sub.add_parser("verify", help="check every shipped puzzle by exhaustive search")
    v.add_argument("games", nargs="*")
    v.add_argument("--sample", type=int, default=None, help="puzzles per game (default all)")
    so = sub.add_parser("solve", help="search a file's accepted sets again")
    so.add_argument("game", choices=sorted(GAMES))
    so.add_argument("--file", type=Path, default=None, help="a part written with --out")
    r = sub.add_parser("rate", help="rate a shipped file's puzzles again and sort it")
    r.add_argument("game", choices=sorted(GAMES))
    r.add_argument("--file", type=Path, default=None, help="a part written with --out")
    sh = sub.add_parser("shots", help="render the puzzle screens to PNG files")
    sh.add_argument("out", type=Path)
    sh.add_argument("--game", default=None, help="the game shown (default the docs' own)")
    sh.add_argument("--puzzle", default=None, help="the puzzle shown (an id; default the 6th)")
    b = sub.add_parser("bench", help="time a rush's first puzzle")
    b.add_argument("games", nargs="*")
    args = ap.parse_args(argv)
    if args.command == "solve":
        path = args.file or SEEDS / P.puzzle_file(args.game)
        data = json.loads(path.read_text(encoding="utf-8"))
        kept = []
        for entry in data["puzzles"]:
            book = P.parse_book({**data, "puzzles": [entry]}, "part", args.game)
            puzzle = book.puzzles[0]
            before = puzzle.position()
            reaching = goal_answers(puzzle, before, all_turns(args.game, before, puzzle.seat))
            if 1 <= len(reaching) <= MAX_ANSWERS:
                entry["solution"] = list(reaching.values())
                kept.append(entry)
            print(f"{entry['id']}: {len(reaching)} accepted", flush=True)
        write(args.game, {**data, "puzzles": kept}, path)
        print(f"kept {len(kept)} of {len(data['puzzles'])}")
        return 0
    if args.command == "rate":
        path = args.file or SEEDS / P.puzzle_file(args.game)
        raw = json.loads(path.read_text(encoding="utf-8"))["puzzles"]
        write(args.game, build_file(args.game, raw), path)
        print(f"rated {len(raw)} puzzles in {path}")
        return 0
    if args.command == "shots":
        shots(args.out, args.game or showcase(), args.puzzle)
        return 0
    if args.command == "bench":
        for game in args.games or P.puzzle_games():
            bench(game)
        return 0
    if args.command == "generate":
        for flag, value in (
            ("--count", args.count),
            ("--games", args.games),
            ("--per-game", args.per_game),
        ):
            if value < 1:
                g.error(f"{flag} {value}: at least 1")
        raw = generate(
            args.game,
            args.count,
            args.games,
            args.seed,
            args.per_game,
            args.minutes,
            args.players,
            args.goal,
        )
        if not raw:
            # An empty book is not a puzzle file: writing one would replace the shipped
            # puzzles with a file the game refuses.
            print(f"found no puzzles for {args.game}: nothing written", file=sys.stderr)
            return 1
        data = build_file(args.game, raw)
        path = write(args.game, data, args.out)
        print(f"wrote {len(raw)} puzzles to {path}")
        checked, problems = verify([args.game])
        print(f"verified {checked}: {len(problems)} problems")
        for p in problems:
            print(p)
        return 1 if problems else 0
    if args.command == "merge":
        puzzles, ids = [], set()
        for part in args.parts:
            for entry in json.loads(part.read_text(encoding="utf-8"))["puzzles"]:
                if entry["id"] not in ids:
                    ids.add(entry["id"])
                    puzzles.append(entry)
        puzzles.sort(key=lambda e: (e["difficulty"], e["id"]))
        path = write(args.game, {"format": P.PUZZLE_FORMAT, "game": args.game, "puzzles": puzzles})
        print(f"wrote {len(puzzles)} puzzles to {path}")
        return 0
    started = time.monotonic()
    stats: dict = {}
    checked, problems = verify(args.games or P.puzzle_games(), args.sample, stats)
    for p in problems:
        print(p)
    shift = "".join(getattr(hooks(g), "verify_note", str)() for g in GAMES)
    print(
        f"verified {checked} puzzles in {time.monotonic() - started:.1f} s: "
        f"{stats.get('turns', 0)} distinct turns searched, {stats.get('refuted', 0)} refuted"
        f"{shift}; {len(problems)} problems"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
