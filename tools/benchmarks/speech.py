"""Speech: from a key press to the speech call, and frames with speech on and off.

Run: ``python3 tools/bench.py --only speech`` (or this module: ``.venv/bin/python
tools/benchmarks/speech.py [--quick]``).

- key to speech: on a Crystal Connector board with the command line open, the wall time
  from posting Enter (after typing ``turn``) to the moment the speech thread calls the
  backend (``Speaker.said_at``), p50/p99 over many presses.  Target: under 50 ms.
- frames, headless: the same board with two Easy bots playing each other (moves
  animating, each move spoken), update + draw per frame, p50/p99, speech off and then
  on (a recording backend, so the figure is the game's own cost, not a voice's).
- frames, real window: the same two bots in the real client's own loop (``App.run``,
  each drawn frame's pass: input, ticks, drawing) in a real X window (Xvfb + openbox,
  ``tools/xwindow.py``), the bots in the real worker process, and speech through the
  backend a player gets (``choose_backend``: the screen reader, else espeak-ng).  This
  machine has no sound card, so espeak-ng plays into ALSA's null device: its voice is
  made, its sound thrown away.  Off and on alternate, twice each, in fresh processes.
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


ALSA_NULL = "pcm.!default {\n  type null\n}\n"


def window_child(speech: bool, ticks: int, out: str) -> None:
    """In a process of its own with DISPLAY set: the real App in a real window, two
    Easy bots (the real worker process), speech on through the real backend or off;
    the loop's frames and what was spoken written to ``out`` as JSON."""
    import json

    sys.path.insert(0, str(ROOT))
    from scenes.boot import make_app

    app = make_app(fullscreen=False)
    backend = "off"
    if speech:
        app.set_speech(True)
        backend = app.speech.backend.name
    make_view(app, people=False)
    app.record_frames = True
    cpu0, wall0 = time.process_time(), time.perf_counter()
    spoken0 = app.speech.spoken
    app.run(quit_after_ticks=app.tick_count + ticks)
    cpu = 100 * (time.process_time() - cpu0) / (time.perf_counter() - wall0)
    frames = [t * 1000 for t in app.frame_times]
    result = {
        "backend": backend,
        "frames": len(frames),
        "p50": pct(frames, 50),
        "p99": pct(frames, 99),
        "max": max(frames),
        "spoken": app.speech.spoken - spoken0,
        "dropped": app.speech.dropped,
        "cpu": cpu,
        "window": list(app.window_size),
    }
    Path(out).write_text(json.dumps(result), encoding="utf-8")


def window_runs(quick: bool, screen=(1366, 768)) -> list[dict]:
    """Off, on, off, on: each a fresh client on a fresh X screen."""
    import json
    import subprocess

    sys.path.insert(0, str(ROOT / "tools"))
    import xwindow

    ticks = 900 if quick else 3600
    results = []
    for speech in (False, True, False, True):
        home = Path(tempfile.mkdtemp(prefix="crystal-speech-bench-"))
        (home / ".asoundrc").write_text(ALSA_NULL, encoding="utf-8")
        out = home / "result.json"
        with xwindow.XScreen(screen) as x:
            env = {
                **x.env,
                "HOME": str(home),
                "CRYSTAL_ARCADE_HOME": str(home / "arcade"),
                "SDL_AUDIODRIVER": "dummy",
            }
            env.pop("CRYSTAL_ARCADE_BOT_WORKER", None)  # the real worker process
            subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--window-child",
                    "on" if speech else "off",
                    str(ticks),
                    str(out),
                ],
                cwd=ROOT,
                env=env,
                check=True,
                timeout=ticks / 60 * 4 + 120,
                stdout=subprocess.DEVNULL,
            )
        results.append({"speech": speech, **json.loads(out.read_text(encoding="utf-8"))})
        print(f"... speech {'on' if speech else 'off'}: {results[-1]}", file=sys.stderr, flush=True)
    return results


def headless_figures(quick: bool) -> dict:
    """Key to speech call, and frames off and on, in this process (SDL's dummy driver,
    the bots in a thread, a recording backend)."""
    saved = os.environ.get("CRYSTAL_ARCADE_BOT_WORKER")
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    try:
        return _headless_figures(quick)
    finally:
        if saved is None:
            os.environ.pop("CRYSTAL_ARCADE_BOT_WORKER", None)
        else:
            os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = saved


def _headless_figures(quick: bool) -> dict:
    sys.path.insert(0, str(ROOT))
    import pygame

    from scenes.boot import make_app
    from scenes.speech import RecordingBackend
    from scenes.speech.screens import COMMAND_KEY

    out: dict = {}
    app = make_app(headless=True)
    app.set_speech(True, backend=RecordingBackend())
    make_view(app, people=True)
    app.post_key(COMMAND_KEY)
    app.run_ticks(1)
    lags = []
    for _ in range(50 if quick else 300):
        for ch in "turn":  # as SDL delivers a typed key: the key, then its text
            app.post_key(ord(ch), 0, ch)
            app.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.run_ticks(1, draw=False)
        app.speech.wait()
        app.speech.said_at = None
        t0 = time.perf_counter()
        app.post_key(pygame.K_RETURN)
        app.run_ticks(1)
        app.speech.wait()
        lags.append((app.speech.said_at - t0) * 1000)
    out["lag"] = (pct(lags, 50), pct(lags, 99))
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
        out["on" if on else "off"] = (pct(times, 50), pct(times, 99), app.speech.spoken)
        app.shutdown()
    return out


def rows(quick: bool = False) -> list[dict]:
    """tools/bench.py's rows (``--only speech``)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import xwindow

    from tools.benchmarks import row_maker

    row = row_maker("speech")
    h = headless_figures(quick)
    out = [
        row("key press to speech call, p50", h["lag"][0], "ms", "< 50", h["lag"][0] < 50),
        row("key press to speech call, p99", h["lag"][1], "ms", "< 50", h["lag"][1] < 50),
    ]
    for key in ("off", "on"):
        p50, p99, said = h[key]
        out.append(row(f"headless frame p50, speech {key} ({said} spoken)", p50, "ms"))
        aim = f"<= off's {h['off'][1]:.2f}" if key == "on" else ""
        out.append(row(f"headless frame p99, speech {key}", p99, "ms", aim))
    if xwindow.missing():
        out.append(
            row("real window: not installed: " + ", ".join(xwindow.missing()), float("nan"), "")
        )
        return out
    runs = window_runs(quick)
    for k, r in enumerate(runs):
        key = f"speech {r['backend'] if r['speech'] else 'off'}, run {k // 2 + 1}"
        out.append(row(f"window frame p50, {key} ({r['spoken']} spoken)", r["p50"], "ms"))
        out.append(row(f"window frame p99, {key}", r["p99"], "ms"))
        out.append(row(f"window client CPU, {key}", r["cpu"], "% core"))
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--window-child"]:
        window_child(argv[1] == "on", int(argv[2]), argv[3])
        return 0
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("CRYSTAL_ARCADE_HOME", tempfile.mkdtemp())
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tools.benchmarks import run_alone

    run_alone(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
