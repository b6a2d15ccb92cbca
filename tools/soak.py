#!/usr/bin/env python3
"""Soak test: run the kiosk's attract cycle headless, fast-forwarded, for a number of
simulated hours, and report exceptions and resident memory.

    python3 tools/soak.py --hours 4            # 864,000 ticks of kiosk time
    python3 tools/soak.py --hours 0.2 --draw-every 2
    python3 tools/soak.py --tour --rounds 6    # every screen, six times (tools/tour.py)
    python3 tools/soak.py --tour --tour-hours 1 --trace 12
    python3 tools/soak.py --hours 2 --trace 12   # what grows between samples

``--tour`` walks every screen instead (the title, rules, settings, each game played
by a person and by bots to the results, profiles, the hall of fame, tutorials, puzzles
and a rush, the theatre with its analysis run to the end, the party lobby, the attract
demo), round after round, through the same key and click events a player makes, with
the real bot worker process and real files in a scratch home.  After each round it
prints the resident memory of this process and of the bot worker; ``--trace N`` also
names the N allocation sites (tracemalloc) and object types (gc) that grew most since
the round before, and the pixel bytes held by live surfaces.

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


def process_rss_mb(pid: int | None) -> float | None:
    """Resident memory of another process (the bot worker) in MB, None when unknown."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def heap_mb() -> tuple[float, float] | None:
    """glibc's view of the C heap (mallinfo2): MB handed out and MB held free inside
    malloc's arenas.  Growth in the first is live memory (Python objects, SDL surfaces,
    numpy arrays); growth in the second alone is fragmentation.  None off glibc."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        class Mallinfo2(ctypes.Structure):
            _fields_ = [
                (name, ctypes.c_size_t)
                for name in (
                    "arena",
                    "ordblks",
                    "smblks",
                    "hblks",
                    "hblkhd",
                    "usmblks",
                    "fsmblks",
                    "uordblks",
                    "fordblks",
                    "keepcost",
                )
            ]

        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = Mallinfo2
        info = libc.mallinfo2()
    except (OSError, AttributeError):
        return None
    return (info.uordblks + info.hblkhd) / 2**20, info.fordblks / 2**20


def worker_pid(app) -> int | None:
    """The bot worker's process id, None while it runs as a thread or has not started."""
    worker = getattr(app, "_worker", None)
    process = getattr(getattr(worker, "_backend", None), "process", None)
    return getattr(process, "pid", None)


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
    tour = p.add_argument_group("the tour of every screen")
    tour.add_argument("--tour", action="store_true", help="walk every screen instead")
    tour.add_argument("--rounds", type=int, default=0, help="tour rounds (0: see below)")
    tour.add_argument(
        "--tour-hours",
        type=float,
        default=0.0,
        help="rounds until this many hours of ticks have run (60 a second)",
    )
    tour.add_argument(
        "--wall-minutes", type=float, default=0.0, help="and for at least this many real minutes"
    )
    p.add_argument(
        "--trace",
        type=int,
        default=0,
        metavar="N",
        help="name the N allocation sites and object types that grew most each tour round "
        "(or each 10 simulated minutes of the attract cycle)",
    )
    p.add_argument(
        "--trace-frames",
        type=int,
        default=1,
        help="frames tracemalloc keeps per allocation (more: slower; the first frame "
        "outside site-packages is named)",
    )
    tour.add_argument(
        "--window",
        action="store_true",
        help="in a real window on $DISPLAY (an X server such as Xvfb) instead of headless",
    )
    tour.add_argument(
        "--keep-heap",
        action="store_true",
        help="never collect garbage or trim the heap between rounds (as a session runs)",
    )
    args = p.parse_args(argv)
    if args.tour:
        return tour_main(args)

    import tracemalloc

    import pygame

    from game.storage.saves import Paths
    from scenes import widgets
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
    snapshot = counts = None
    if args.trace:
        tracemalloc.start(args.trace_frames)
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
            worker = process_rss_mb(worker_pid(app))
            heap = heap_mb()
            print(
                f"  {hours:5.2f} h simulated   rss {now:7.1f} MB   "
                + (f"heap used {heap[0]:6.1f} MB free {heap[1]:5.1f} MB   " if heap else "")
                + f"py blocks {sys.getallocatedblocks():>9,}   "
                f"kit cache {widgets.cache_bytes() / 2**20:5.1f} MB   "
                f"worker {worker if worker is not None else float('nan'):6.1f} MB   "
                f"screen {app.top.name if app.top else '-'}   errors {len(app.errors)}",
                file=sys.stderr,
                flush=True,
            )
            if args.trace:
                snapshot, counts = trace_growth(args.trace, snapshot, counts, "the last sample")
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


def live_surfaces() -> tuple[int, int]:
    """(how many, their pixel bytes) of the pygame surfaces alive now that some Python
    object holds (a surface is no container, so gc lists its holders, not it)."""
    import gc

    import pygame

    seen: dict[int, int] = {}

    def look(obj, depth: int = 0) -> None:
        if isinstance(obj, pygame.Surface):
            if id(obj) not in seen:
                try:
                    seen[id(obj)] = obj.get_width() * obj.get_height() * obj.get_bytesize()
                except pygame.error:
                    seen[id(obj)] = 0
        elif isinstance(obj, tuple) and depth < 4 and not gc.is_tracked(obj):
            # a tuple of untracked things (a cache's (surface, size)) is not in gc's
            # list itself: its holder is
            for item in obj:
                look(item, depth + 1)

    for holder in gc.get_objects():
        for obj in gc.get_referents(holder):
            look(obj)
    return len(seen), sum(seen.values())


def type_counts() -> dict[str, int]:
    import gc
    from collections import Counter

    return Counter(type(o).__qualname__ for o in gc.get_objects())


def trace_growth(top: int, snapshot, counts, since: str):
    """Print the ``top`` allocation sites (tracemalloc, which must be tracing) and object
    types (gc) that grew since ``snapshot`` and ``counts``; return the new pair."""
    import tracemalloc

    now = tracemalloc.take_snapshot().filter_traces(
        (tracemalloc.Filter(False, tracemalloc.__file__),)
    )
    new_counts = type_counts()
    if snapshot is not None:
        print(f"    grew since {since} (tracemalloc, by where allocated):", file=sys.stderr)
        for stat in now.compare_to(snapshot, "traceback")[:top]:
            if stat.size_diff <= 0:
                break
            frames = [f for f in stat.traceback if "/site-packages/" not in f.filename]
            where = frames[0] if frames else stat.traceback[0]
            print(
                f"      {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7} blocks  "
                f"{where.filename.replace(str(ROOT) + '/', '')}:{where.lineno}",
                file=sys.stderr,
            )
        grown = sorted(((new_counts[t] - counts.get(t, 0), t) for t in new_counts), reverse=True)
        print("    object types that grew (gc):", file=sys.stderr)
        print(
            "      " + ", ".join(f"{t} {d:+}" for d, t in grown[:top] if d > 0),
            file=sys.stderr,
            flush=True,
        )
    return now, new_counts


def tour_main(args) -> int:
    """The tour of every screen (tools/tour.py), round after round, with a table of
    resident memory after each."""
    import os

    os.environ.pop("CRYSTAL_ARCADE_BOT_WORKER", None)  # the real worker process
    import tracemalloc

    from tour import Tour, TourError

    from game.storage.saves import Paths
    from scenes import widgets
    from scenes.app import TICK_RATE, release_memory
    from scenes.boot import make_app

    home = Path(tempfile.mkdtemp(prefix="crystal-tour-"))
    os.environ["CRYSTAL_ARCADE_HOME"] = str(home)
    paths = Paths(home / "config", home / "data", home / "logs")
    if args.window:
        # a real window on the X display in DISPLAY (SDL's x11 driver, SCALED as a
        # player's); input still comes as the App's events
        os.environ.pop("SDL_VIDEODRIVER", None)
        app = make_app(headless=False, paths=paths)
    else:
        app = make_app(headless=True, paths=paths)
    app.settings.party_address = "127.0.0.1"
    app.settings.party_port = 0
    tour = Tour(
        app, draw_every=args.draw_every, log=lambda t: print(t, file=sys.stderr, flush=True)
    )
    tour.rss = rss_mb
    rounds = args.rounds or (0 if args.tour_hours or args.wall_minutes else 3)
    start_wall = time.perf_counter()

    def done(k: int) -> bool:
        if rounds and k >= rounds:
            return True
        if rounds:
            return False
        hours = app.tick_count / TICK_RATE / 3600
        minutes = (time.perf_counter() - start_wall) / 60
        return hours >= args.tour_hours and minutes >= args.wall_minutes

    where = f"a real window on {os.environ.get('DISPLAY', '?')}" if args.window else "headless"
    print(f"Soak test (a tour of every screen, {where}, the real bot worker process)")
    print(
        f"  {'round':>5}  {'ticks':>9}  {'sim. min':>8}  {'wall min':>8}  {'client MB':>9}  "
        f"{'released':>8}  "
        f"{'worker MB':>9}  {'surfaces':>8}  {'surface MB':>10}  {'kit cache MB':>12}  "
        f"{'errors':>6}",
        flush=True,
    )
    rows = []
    snapshot = counts = None
    k = 0
    failure = ""
    while not done(k):
        try:
            tour.round()
        except TourError as exc:
            failure = str(exc)
            break
        k += 1
        client = rss_mb()  # as the session left it
        if not args.keep_heap:
            release_memory()
        released, worker = rss_mb(), process_rss_mb(worker_pid(app))
        n, size = live_surfaces()
        rows.append((released if not args.keep_heap else client, worker))
        print(
            f"  {k:>5}  {app.tick_count:>9,}  {app.tick_count / TICK_RATE / 60:>8.1f}  "
            f"{(time.perf_counter() - start_wall) / 60:>8.1f}  {client:>9.1f}  {released:>8.1f}  "
            f"{worker if worker is not None else float('nan'):>9.1f}  {n:>8}  "
            f"{size / 2**20:>10.1f}  {widgets.cache_bytes() / 2**20:>12.1f}  "
            f"{len(app.errors):>6}",
            flush=True,
        )
        if args.trace and k == 1:
            # from the end of the first round on (tracing makes every allocation slower):
            # what the first round filled is the baseline, not growth
            tracemalloc.start(args.trace_frames)
        elif args.trace:
            snapshot, counts = trace_growth(args.trace, snapshot, counts, f"round {k - 1}")
    wall = time.perf_counter() - start_wall
    steps = dict(tour.step_rss)
    bots = app._worker
    worker_note = (
        f"bot worker: {bots.mode}, {bots.restarts} restarts after a cancel, "
        f"{bots.watchdog_restarts} by the watchdog"
        + (f", fell back: {bots.fallback_reason}" if bots.fallback_reason else "")
        if bots is not None
        else "bot worker: never started"
    )
    app.shutdown()
    print("  " + worker_note)
    print(
        f"  person moves {tour.person_moves}, theatre analyses {tour.analyses}, wall {wall / 60:.1f} min"
    )
    if steps:
        print(
            "  last round, after each step: client MB as it was, after gc.collect, and the "
            "closed screens still in memory before it"
        )
        for n, (raw, collected, waiting) in steps.items():
            print(f"    {n:<28} {raw:7.1f} {collected:7.1f} {waiting:5}")
    for e in app.errors[:3]:
        print("  ---\n" + e)
    if failure:
        print("  the tour stopped: " + failure)
    growth = (rows[-1][0] - rows[0][0]) if len(rows) > 1 else 0.0
    wgrowth = (
        rows[-1][1] - rows[0][1] if len(rows) > 1 and None not in (rows[0][1], rows[-1][1]) else 0.0
    )
    print(
        f"  growth after round 1: client {growth:+.1f} MB, worker {wgrowth:+.1f} MB "
        f"(limit {args.max_growth_mb:.0f} MB)"
    )
    ok = (
        not app.errors
        and not failure
        and growth < args.max_growth_mb
        and wgrowth < args.max_growth_mb
    )
    print("  result            " + ("ok" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
