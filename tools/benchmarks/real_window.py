"""CPU and memory per screen of the real client in a real X window.

Run: ``python3 tools/bench.py --only window`` (or this module: ``.venv/bin/python
tools/benchmarks/real_window.py [--root CHECKOUT] [--screen 1366x768] [--seconds 20]``).

Each row starts the program a player starts (``python -m scenes.boot``) on Xvfb with
openbox (``tools/xwindow.py``: software rendering, like a computer without a
graphics card), brings it to one screen with the keys a person would press, waits for
it to settle, then reads the client's CPU time from ``/proc`` over ``--seconds``
(the bot worker's too where a bot plays: the attract demo's row counts the client
alone, its bot separately).  ``--root`` runs another checkout's client with this
checkout's harness, for a before/after of a front-end change::

    git worktree add /tmp/before REV
    .venv/bin/python tools/benchmarks/real_window.py --root /tmp/before
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent))

import xwindow  # noqa: E402

from tools.games import showcase  # noqa: E402

WAITING = showcase()  # the waiting screen's game: the one the docs' screenshots show

STILL = {"reduced_motion": True}
# A booth that shows its demo at once: the attract cycle after two seconds idle.
KIOSK = {"attract_after_seconds": 2, "idle_timeout_seconds": 600, "exit_pin": "2468"}

# (row, settings, client arguments, keys pressed once the title shows, kiosk.json)
SCREENS = [
    ("title (animated)", {}, [], [], None),
    ("title, reduced motion", STILL, [], [], None),
    ("settings menu", {}, [], ["Down", "Down", "Return"], None),
    ("puzzle list (101 buttons)", {}, [], ["Down", "Down", "Down", "Return"], None),
    ("game select", {}, [], ["Return", "Return"], None),
    ("game waiting for its player", {}, ["--game", f"{WAITING}#7"], [], None),
    ("game waiting, reduced motion", STILL, ["--game", f"{WAITING}#7"], [], None),
    ("kiosk attract demo", {}, ["--kiosk"], [], KIOSK),
    # Puzzle race, its first game: the lobby waiting for phones (its server listening)
    ("race lobby, no phone yet", {}, [], ["Down"] * 4 + ["Return", "Return"], None),
]


def measure(
    screen_size: tuple[int, int],
    seconds: float,
    root: Path | None = None,
    only: str | None = None,
) -> list[dict]:
    rows = []
    for name, settings, args, keys, kiosk in SCREENS:
        if only and only not in name:
            continue
        with xwindow.XScreen(screen_size) as screen:
            client = xwindow.Client(screen, args, settings=settings, root=root)
            if kiosk is not None:
                path = client.settings_path().with_name("kiosk.json")
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(kiosk), encoding="utf-8")
            client.start()
            try:
                screen.xdotool("mousemove", "0", "0")
                time.sleep(2.0)
                if keys:
                    client.key(*keys)
                    screen.xdotool("mousemove", "0", "0")
                # Settle: the first seconds of a screen move (its small motions run a
                # few seconds after the last input, the attract demo starts).
                time.sleep(6.0)
                cpu, worker = client.cpu_split(seconds)
                rss = client.rss_mb()
            finally:
                client.stop()
        rows.append({"screen": name, "cpu": cpu, "worker": worker, "rss": rss})
        # The worker's share is the bot's thinking (the demo's, a bot seat's).
        print(f"... {name}: {cpu:.1f} %", file=sys.stderr, flush=True)
    return rows


def rows(quick: bool = False, root: Path | None = None, screen=(1366, 768)) -> list[dict]:
    """tools/bench.py's rows: CPU per cent of one core per screen, and resident memory."""
    if xwindow.missing():
        return [
            {
                "game": "window",
                "row": "real window: not installed: " + ", ".join(xwindow.missing()),
                "value": float("nan"),
                "unit": "",
                "target": "",
                "ok": None,
            }
        ]
    targets = {"title (animated)": 25.0, "kiosk attract demo": 40.0}
    out = []
    size = f"{screen[0]}x{screen[1]}"
    for r in measure(screen, 8.0 if quick else 20.0, root):
        target = targets.get(r["screen"], 5.0)
        out.append(
            {
                "game": "window",
                "row": f"{r['screen']}: CPU, screen {size}",
                "value": r["cpu"],
                "unit": "% core",
                "target": f"<= {target:g}",
                "ok": r["cpu"] <= target,
            }
        )
        out.append(
            {
                "game": "window",
                "row": f"{r['screen']}: resident memory",
                "value": r["rss"],
                "unit": "MB",
                "target": "",
                "ok": None,
            }
        )
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--root", type=Path, default=None, help="the checkout whose client runs")
    p.add_argument("--screen", type=xwindow.parse_size, default=(1366, 768))
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--only", help="screens whose name holds this text")
    a = p.parse_args(argv)
    if xwindow.missing():
        print("not installed: " + ", ".join(xwindow.missing()), file=sys.stderr)
        return 2
    print(f"{'screen':32s} {'CPU % core':>10s} {'worker %':>9s} {'RSS MB':>7s}")
    for r in measure(a.screen, a.seconds, a.root, a.only):
        worker = f"{r['worker']:.1f}"
        print(f"{r['screen']:32s} {r['cpu']:10.1f} {worker:>9s} {r['rss']:7.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
