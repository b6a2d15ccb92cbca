"""Frames with hostile text on screen: every seat named with 100,000 characters.

Run: ``python3 tools/bench.py --only text`` (or this file directly:
``.venv/bin/python tools/benchmarks/long_text.py [--quick]``).

Per game, people in every seat whose names are 100,000 characters (words of nine
letters and a space, so wrapping has work to do): the play screen's frame p50/p99 over
frames where the view animates random actions, with a 100,000-character toast up for
the first of them; then the results screen and the replay theatre of the same game.
Frames are update + draw, timed on the wall clock (like tools/bench.py's play rows) and
in the UI thread's own CPU time (like tools/benchmarks/frame_cpu.py: what a busy shared
machine barely moves).  The first frame of each screen (caches cold) is reported on its
own.  Target: every CPU p99 under 50 ms (a fit_text that measured once a character
would take 40-60 s for one such frame).  ``--chars 10`` gives the same rows with short names.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME_CHARS = 100_000
TARGET_MS = 50.0


def long_name(seat: int, chars: int = NAME_CHARS) -> str:
    word = f"Seat{seat}abcd "  # ten characters, so the name has 10,000 words
    return (word * (chars // len(word) + 1))[:chars]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, round(q / 100 * (len(values) - 1)))]


def _row(game, what, value, unit, target="", ok=None) -> dict:
    return {"game": game, "row": what, "value": value, "unit": unit, "target": target, "ok": ok}


def _frames(app, n, before=None) -> tuple[list[float], list[float]]:
    """Per frame, milliseconds of wall clock and of the UI thread's own CPU."""
    wall, cpu = [], []
    for i in range(n):
        if before is not None:
            before(i)
        t0, c0 = time.perf_counter(), time.thread_time()
        app.update()
        app.draw(0.0)
        cpu.append((time.thread_time() - c0) * 1000)
        wall.append((time.perf_counter() - t0) * 1000)
    return wall, cpu


def rows(quick: bool = False, chars: int = NAME_CHARS) -> list[dict]:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.midend.match import Match, Seat
    from game.registry import GAMES
    from game.rules.contract import GameSetup
    from game.storage.saves import Paths
    from scenes.boot import make_app
    from scenes.config import Settings
    from scenes.play import play_scene_for
    from scenes.results import ResultsScene
    from scenes.theatre.screen import TheatreScene
    from scenes.widgets import toast

    frames = 40 if quick else 150

    def new_app():
        home = Path(tempfile.mkdtemp(prefix="crystal-bench-text-"))
        return make_app(
            headless=True, settings=Settings(), paths=Paths(home / "c", home / "d", home / "l")
        )

    label = f"{chars:,}-char names"

    def measured(gid: str, screen: str, app, before=None) -> list[dict]:
        c0 = time.thread_time()
        app.update()
        app.draw(0.0)
        first = (time.thread_time() - c0) * 1000
        wall, cpu = _frames(app, frames, before)
        p99 = pct(cpu, 99)
        return [
            _row(gid, f"{screen}, {label}: first frame, CPU", first, "ms"),
            _row(
                gid,
                f"{screen}, {label}: frame p50 / p99, wall",
                f"{pct(wall, 50):.2f} / {pct(wall, 99):.2f}",
                "ms",
            ),
            _row(
                gid,
                f"{screen}, {label}: frame p50 / p99, UI thread CPU",
                f"{pct(cpu, 50):.2f} / {p99:.2f}",
                "ms",
                f"p99 < {TARGET_MS:.0f} ms",
                p99 < TARGET_MS,
            ),
        ]

    out: list[dict] = []
    for gid, spec in GAMES.items():
        setup = GameSetup(gid, spec.default_players, spec.resolve_options()[1], 7)
        seats = [Seat("person", None, long_name(s, chars)) for s in range(setup.players)]

        # The play screen: a long toast, then random actions animating.
        app = new_app()
        scene = play_scene_for(app, Match(spec, setup, seats, setup.start(GAMES)))
        app.push(scene)
        toast(app, long_name(0, chars), "warning")
        rng = random.Random(3)

        def animate(i, scene=scene, rng=rng):
            m = scene.match
            if i % 10 == 0 and scene.anim is None and not scene.queue and not m.is_over():
                move = rng.choice(m.state.legal_moves())
                old, seat = m.state, m.to_move()
                m.submit(move)
                scene._after_move(old, m.state, move, seat)

        out += measured(gid, "play", app, animate)
        app.shutdown()

        # The results and the theatre of a finished (or long) game with those names.
        match = Match(spec, setup, seats, setup.start(GAMES))
        rng = random.Random(5)
        while not match.is_over() and len(match.entries) < 400:
            match.submit(rng.choice(match.state.legal_moves()))
        if match.is_over():
            app = new_app()
            app.push(ResultsScene(app, match))
            out += measured(gid, "results", app)
            app.shutdown()
        app = new_app()
        theatre = TheatreScene(app, match, name=long_name(9, chars), analyse=False)
        app.push(theatre)
        theatre.toggle_play()
        out += measured(gid, "theatre", app)
        app.shutdown()
        print(f"... {gid} with long names done", file=sys.stderr, flush=True)
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "tools"))
    from _bootstrap import reexec_in_venv

    reexec_in_venv()
    sys.path.insert(0, str(ROOT))
    import argparse

    from bench import format_table

    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--chars", type=int, default=NAME_CHARS, help="name length (10: a baseline)")
    args = p.parse_args()
    print(format_table(rows(quick=args.quick, chars=args.chars)))
