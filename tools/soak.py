#!/usr/bin/env python3
"""Soak test: run the kiosk's attract cycle headless, fast-forwarded, for a number of
simulated hours, and report exceptions and resident memory.

    python3 tools/soak.py --hours 4            # 864,000 ticks of kiosk time
    python3 tools/soak.py --hours 0.2 --draw-every 2

Ticks run as fast as the machine allows (no sleeping), so an hour of kiosk time
takes minutes.  The demo's bots think in the real bot worker process with a short
budget.  Every so often the soak also "touches" the screen (as a visitor would),
starts a game from the title and walks away, so the idle timeout and the return to
the attract demo are part of the cycle.  A frame is drawn every ``--draw-every``
ticks.  Exits non-zero when an exception happened or memory grew past ``--max-growth-mb``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import headless_tool  # noqa: E402

headless_tool()


def rss_mb() -> float:
    """Current resident memory of this process in MB (Linux /proc, else peak RSS)."""
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def visit(app, pygame) -> None:
    """A visitor: any key leaves the demo, Enter presses Play, Start begins a game
    against the bots; then they walk away (the idle timeout takes it from there)."""
    for key in (pygame.K_SPACE, pygame.K_RETURN):
        app.post_key(key)
        app.update()
    select = app.top
    if select is not None and select.name == "select":
        select.start()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--hours", type=float, default=4.0, help="simulated hours (default 4)")
    p.add_argument("--draw-every", type=int, default=4, help="draw one frame every N ticks")
    p.add_argument(
        "--visit-every-minutes",
        type=float,
        default=20.0,
        help="simulated minutes between visitors who start a game and walk away",
    )
    p.add_argument("--max-growth-mb", type=float, default=20.0)
    args = p.parse_args(argv)

    import pygame

    from game.storage.saves import Paths
    from scenes.app import TICK_RATE, release_memory
    from scenes.boot import make_app

    home = Path(tempfile.mkdtemp(prefix="crystal-soak-"))
    app = make_app(headless=True, kiosk=True, paths=Paths(home / "c", home / "d", home / "l"))
    app.kiosk_config.attract_after_seconds = 45
    app.kiosk_config.demo_seconds_per_game = 75
    total = int(args.hours * 3600 * TICK_RATE)
    visit_every = int(args.visit_every_minutes * 60 * TICK_RATE)
    start_wall = time.perf_counter()
    # warm up one full demo cycle before the baseline, so caches (fonts, board
    # pictures, the worker) count as start-up, not as growth
    # 30 simulated minutes: every game shown in the demo at least twice and one visitor,
    # so every cache that fills once is full before the baseline is taken
    warm = min(total, 30 * 60 * TICK_RATE)
    for t in range(warm):
        if t == warm // 2:
            visit(app, pygame)  # one visitor too: the select and play screens warm up
        app.update()
        if t % args.draw_every == 0:
            app.draw(0.0)
    release_memory()
    start_rss = rss_mb()
    peak = start_rss
    samples = []
    visits = 0
    for t in range(total):
        if t and t % visit_every == 0:
            visits += 1
            visit(app, pygame)
        app.update()
        if t % args.draw_every == 0:
            app.draw(0.0)
        if t % (TICK_RATE * 600) == 0:
            release_memory()
            now = rss_mb()
            peak = max(peak, now)
            samples.append(now)
            hours = t / TICK_RATE / 3600
            print(
                f"  {hours:5.2f} h simulated   rss {now:7.1f} MB   screen {app.top.name if app.top else '-'}   "
                f"errors {len(app.errors)}",
                file=sys.stderr,
                flush=True,
            )
        if not app.running:
            print("the app stopped by itself", file=sys.stderr)
            break
    release_memory()
    end_rss = rss_mb()
    wall = time.perf_counter() - start_wall
    app.shutdown()
    growth = end_rss - start_rss
    print("Soak test (kiosk attract cycle, headless)")
    print(f"  simulated time    {args.hours:.2f} h ({total:,} ticks), wall {wall / 60:.1f} min")
    print(f"  visitors          {visits}")
    print(f"  exceptions        {len(app.errors)}")
    print(
        f"  resident memory   start {start_rss:.1f} MB, end {end_rss:.1f} MB, peak {peak:.1f} MB, "
        f"growth {growth:+.1f} MB (limit {args.max_growth_mb:.0f} MB)"
    )
    for e in app.errors[:3]:
        print("  ---\n" + e)
    ok = not app.errors and growth < args.max_growth_mb
    print("  result            " + ("ok" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
