#!/usr/bin/env python3
"""How fast the process boundary recovers, printed (nothing here is asserted):

- watchdog: a real game's bot worker process is SIGSTOPped mid-think; the time from
  the SIGSTOP to the bot's move (target: budget + 3 s), with the default grace;
- signals: the headless client (normal and kiosk, the kiosk with its bot process
  stopped) gets SIGTERM or SIGINT; the time to its exit and the exit status
  (target: 2 s, status 0).

    python3 tools/process_stop.py [--runs N] [--budget SECONDS]

POSIX only (SIGSTOP, /proc for the kiosk's bot process).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import reexec_in_venv

reexec_in_venv()
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.worker import WATCHDOG_GRACE, BotWorker  # noqa: E402
from game.registry import GAMES  # noqa: E402
from tests.test_hostile_process import bot_processes, catches, wait_until  # noqa: E402


def watchdog_run(game: str, budget: float) -> tuple[float | None, bool]:
    """Seconds from SIGSTOP to the answer, and whether it was a move."""
    spec = GAMES[game]
    state = spec.new_game(spec.default_players)
    with BotWorker(mode="process") as w:
        t = w.request(game, "hard", state, seconds=0.2)
        while not [r for r in w.poll() if r.ticket == t]:
            time.sleep(0.01)
        ticket = w.request(game, "expert", state, seconds=budget)
        time.sleep(min(0.3, budget / 3))  # mid-think
        if [r for r in w.poll() if r.ticket == ticket]:
            return None, True  # answered before it could be stopped: not a sample
        os.kill(w._backend.process.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        while True:
            for r in w.poll():
                if r.ticket == ticket:
                    return time.monotonic() - stopped, r.ok
            time.sleep(0.005)
            if time.monotonic() - stopped > 60:
                return float("inf"), False


def signal_run(kiosk: bool, signum: int) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        args = ["--headless"]
        if kiosk:
            (home / "config").mkdir(parents=True)
            (home / "config" / "kiosk.json").write_text(
                json.dumps({"attract_after_seconds": 1, "demo_seconds_per_game": 600})
            )
            args.append("--kiosk")
        env = dict(os.environ, CRYSTAL_ARCADE_HOME=str(home))
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        proc = subprocess.Popen(
            [sys.executable, "-m", "scenes.boot", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: catches(proc.pid, signal.SIGTERM), 30)
        if kiosk:
            wait_until(lambda: bot_processes(proc.pid), 30)
            time.sleep(0.5)
            for child in bot_processes(proc.pid):
                os.kill(child, signal.SIGSTOP)
        else:
            time.sleep(1.0)  # the loop is running
        sent = time.monotonic()
        proc.send_signal(signum)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        return time.monotonic() - sent, proc.returncode


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--budget", type=float, default=1.0)
    args = p.parse_args()
    print(f"watchdog grace {WATCHDOG_GRACE} s, bot budget {args.budget} s")
    for game in GAMES:
        times = []
        for _ in range(args.runs):
            seconds, ok = watchdog_run(game, args.budget)
            if seconds is not None:
                times.append(seconds)
            assert ok, "no move"
        if not times:
            print(f"  {game}: the bot answered before it could be stopped")
            continue
        print(
            f"  {game}: SIGSTOP -> move {statistics.median(times):.2f} s median, "
            f"{max(times):.2f} s max over {len(times)}; the move came at most "
            f"{max(times) + min(0.3, args.budget / 3):.2f} s after the request (target "
            f"{args.budget + 3:.1f} s)"
        )
    for kiosk in (False, True):
        for signum in (signal.SIGTERM, signal.SIGINT):
            runs = [signal_run(kiosk, signum) for _ in range(args.runs)]
            codes = sorted({code for _, code in runs})
            worst = max(seconds for seconds, _ in runs)
            mode = "kiosk, bot process stopped" if kiosk else "normal"
            print(
                f"  {signal.Signals(signum).name} ({mode}): exit in {worst:.2f} s max "
                f"over {len(runs)}, status {codes}"
            )


if __name__ == "__main__":
    main()
