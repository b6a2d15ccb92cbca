"""Speech: from a key press to the speech call, and frames with speech on and off.

Run: ``.venv/bin/python tools/benchmarks/speech.py [--quick]``.

- key to speech: on a Crystal Connector board with the command line open, the wall time
  from posting Enter (after typing ``turn``) to the moment the speech thread calls the
  backend (``Speaker.said_at``), p50/p99 over many presses.  Target: under 50 ms.
- frames: the same board with two Easy bots playing each other (moves animating, each
  move spoken), update + draw per frame, p50/p99, speech off and then on (a recording
  backend, so the figure is the game's own cost, not a voice's).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, round(q / 100 * (len(values) - 1)))]


def make_view(app, people: bool):
    from game.midend.match import Match, Seat
    from game.registry import GAMES
    from game.rules.contract import GameSetup
    from scenes.play import play_scene_for

    setup = GameSetup(next(iter(GAMES)), 2, {}, 3)
    seats = [Seat.person() if people else Seat.bot("easy"), Seat.bot("easy")]
    view = play_scene_for(app, Match(GAMES[setup.game], setup, seats, setup.start(GAMES)))
    app.push(view)
    app.run_ticks(2)
    view.bot_seconds = 0.02
    return view


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    quick = "--quick" in argv
    os.environ.setdefault("CRYSTAL_ARCADE_HOME", tempfile.mkdtemp())
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    sys.path.insert(0, str(ROOT))
    import pygame

    from scenes.boot import make_app
    from scenes.speech import RecordingBackend
    from scenes.speech.screens import COMMAND_KEY

    app = make_app(headless=True)
    rec = RecordingBackend()
    app.set_speech(True, backend=rec)
    make_view(app, people=True)
    app.post_key(COMMAND_KEY)
    app.run_ticks(1)
    lags = []
    for _ in range(50 if quick else 300):
        for ch in "turn":
            app.post_key(ord(ch), 0, ch)
        app.run_ticks(1, draw=False)
        app.speech.wait()
        app.speech.said_at = None
        t0 = time.perf_counter()
        app.post_key(pygame.K_RETURN)
        app.run_ticks(1)
        app.speech.wait()
        lags.append((app.speech.said_at - t0) * 1000)
    print(f"{'key to speech call':<28} p50 {pct(lags, 50):6.2f} ms  p99 {pct(lags, 99):6.2f} ms")
    app.shutdown()

    frames = 600 if quick else 3000
    for on in (False, True):
        app = make_app(headless=True)
        app.set_speech(on, backend=RecordingBackend() if on else None)
        make_view(app, people=False)
        times = []
        for _ in range(frames):
            t0 = time.perf_counter()
            app.run_ticks(1, draw=True)
            times.append((time.perf_counter() - t0) * 1000)
        said = app.speech.spoken
        label = f"frames, speech {'on' if on else 'off'}"
        print(
            f"{label:<28} p50 {pct(times, 50):6.2f} ms  p99 {pct(times, 99):6.2f} ms"
            f"  ({frames} frames, {said} texts spoken)"
        )
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
