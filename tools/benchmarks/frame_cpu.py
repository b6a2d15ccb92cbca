"""What a frame of each play screen costs the UI thread in CPU time, idle and animating.

Run: ``.venv/bin/python tools/benchmarks/frame_cpu.py [--root CHECKOUT] [--frames N]``.

The loop is tools/bench.py's play rows (the same start position, seed 7, people in
every seat, the same random actions from seed 3 while animating), but each frame is
timed with ``time.thread_time`` instead of the wall clock, so a machine busy with other
work barely moves the figures: that is what makes two versions of the front end
comparable on a shared machine.  ``--root`` runs another checkout's code with this
checkout's packages (for a before/after of a front-end change: check the older commit
out with ``git worktree add /tmp/before REV`` and run this once per root, alternating).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, round(q / 100 * (len(values) - 1)))]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    p.add_argument("--frames", type=int, default=300)
    args = p.parse_args(argv)
    # tools/bench.py's frame loop, imported before the front end under test is put
    # first on the path, so --root decides which game/ and scenes/ are timed.
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bench import _frame_times as frame_times

    sys.path.insert(0, str(args.root.resolve()))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.midend.match import Match, Seat
    from game.registry import GAMES
    from game.rules.contract import GameSetup
    from game.storage.saves import Paths
    from scenes.config import Settings
    from scenes.play import play_scene_for

    def make_app():
        home = Path(tempfile.mkdtemp(prefix="crystal-frame-cpu-"))
        kw = dict(
            headless=True, settings=Settings(), paths=Paths(home / "c", home / "d", home / "l")
        )
        try:
            from scenes.boot import make_app as make
        except ImportError:  # front ends from before scenes/boot.py
            from scenes.app import App as make
        return make(**kw)

    def frames(app, n, before=None):
        return frame_times(app, n, before, clock=time.thread_time)

    import scenes

    print(
        f"front end at {Path(scenes.__file__).parent.parent}: UI thread CPU ms per frame, p50 / p99"
    )
    for gid, spec in GAMES.items():
        app = make_app()
        setup = GameSetup(gid, spec.default_players, spec.resolve_options()[1], 7)
        seats = [Seat.person() for _ in range(setup.players)]
        scene = play_scene_for(app, Match(spec, setup, seats, setup.start(GAMES)))
        app.push(scene)
        app.run_ticks(3)
        idle = frames(app, args.frames)
        rng = random.Random(3)

        def animate(i, scene=scene, rng=rng):
            m = scene.match
            if scene.anim is None and not scene.queue and not m.is_over():
                move = rng.choice(m.state.legal_moves())
                old, seat = m.state, m.to_move()
                m.submit(move)
                scene._after_move(old, m.state, move, seat)

        moving = frames(app, args.frames, animate)
        app.shutdown()
        print(
            f"{gid:20} idle {pct(idle, 50):5.2f} / {pct(idle, 99):5.2f}"
            f"   animating {pct(moving, 50):5.2f} / {pct(moving, 99):5.2f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
