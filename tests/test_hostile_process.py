"""The process boundary: a bot worker that stops answering is replaced (the bot still
moves), and SIGTERM / SIGINT end the app cleanly in every mode, saving what a normal
quit saves.  Real processes, so real (bounded) waits: tiny budgets keep them short."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.ai.worker import BotWorker
from tests.nim_game import NimState

ROOT = Path(__file__).resolve().parent.parent
POSIX = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")


def wait_for(worker: BotWorker, ticket: int, timeout: float = 30.0):
    """Poll with the worker's own API until ``ticket`` answers (bounded)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for result in worker.poll():
            if result.ticket == ticket:
                return result
        time.sleep(0.01)
    raise AssertionError(f"no answer for ticket {ticket} within {timeout} s")


def wait_until(predicate, timeout: float = 30.0, step: float = 0.02) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def gone(pid: int) -> bool:
    """The process has ended (and been reaped, or is a zombie about to be)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


# -- the watchdog ----------------------------------------------------------------------


@POSIX
def test_a_stopped_worker_process_is_replaced_and_the_bot_still_moves():
    state = NimState((3, 4, 5), 2)
    # A generous restart_timeout: a loaded machine must not turn this into a test of
    # the thread fallback (where a stopped process is simply abandoned).
    with BotWorker(mode="process", watchdog_grace=0.3, restart_timeout=30.0) as w:
        # The process is up and answering.
        first = w.request("nim-bots", "medium", state, spec_module="tests.bot_test_game")
        assert wait_for(w, first).ok
        pid = w._backend.process.pid
        # A search that would take its whole 0.3 s budget, stopped mid-think.
        ticket = w.request(
            "nim-bots", "spin", state, seconds=0.3, spec_module="tests.bot_test_game"
        )
        w.poll()
        os.kill(pid, signal.SIGSTOP)
        result = wait_for(w, ticket)
        assert result.ok and state.parse_move(result.move) in state.legal_moves()
        # Replaced (once; twice if the retry was slow too on a loaded machine).
        why = (w.watchdog_log, w.fallback_reason)
        assert 1 <= w.watchdog_restarts <= 2 and w.mode == "process", why
        assert w._backend.process.pid != pid, why
        assert wait_until(lambda: gone(pid), 5.0), "the stopped process was left behind"
        # The next request is served as usual.
        restarts = w.watchdog_restarts
        after = w.request("nim-bots", "medium", state, spec_module="tests.bot_test_game")
        assert wait_for(w, after).ok and w.watchdog_restarts == restarts


@POSIX
def test_a_bot_that_sleeps_forever_still_gets_a_move_made():
    """The same bot hangs again in the new process: the second time a random legal
    move answers, so a kiosk's bot never stalls the game."""
    state = NimState((2, 2), 2)
    with BotWorker(mode="process", watchdog_grace=0.2, restart_timeout=30.0) as w:
        ticket = w.request("nim-hang", "sleeper", state, spec_module="tests.hang_bot_game")
        result = wait_for(w, ticket)
        assert result.ok and state.parse_move(result.move) in state.legal_moves()
        assert w.watchdog_restarts == 2 and w.mode == "process", w.fallback_reason
        assert "no answer" in w.watchdog_log[0]


def cancel_a_sleeper_then_ask_again(w: BotWorker, state, marker: Path, seconds: float):
    """Start the sleeper (with ``seconds`` of budget, so the cancel and not the watchdog
    must be what replaces it), cancel it once it thinks, and return the answer to a
    Medium request made right after."""
    ticket = w.request(
        "nim-hang",
        "sleeper",
        state,
        spec_module="tests.hang_bot_game",
        attrs={"marker": str(marker)},
        seconds=seconds,
    )
    assert wait_until(lambda: w.poll() == [] and marker.exists(), 30.0)
    w.cancel(ticket)
    return wait_for(w, w.request("nim-hang", "medium", state, spec_module="tests.hang_bot_game"))


@POSIX
def test_a_cancelled_request_is_not_retried_by_the_watchdog(tmp_path):
    state = NimState((3, 4, 5), 2)
    with BotWorker(mode="process", watchdog_grace=0.2, cancel_grace=0.2) as w:
        assert wait_for(
            w, w.request("nim-hang", "medium", state, spec_module="tests.hang_bot_game")
        ).ok
        result = cancel_a_sleeper_then_ask_again(w, state, tmp_path / "thinking", 5.0)
        assert result.ok and w.watchdog_restarts == 0 and w.restarts == 1


def test_a_bot_that_sleeps_forever_in_thread_mode_still_gets_a_move_made():
    """Where processes cannot run (a browser build, CRYSTAL_ARCADE_BOT_WORKER=thread)
    the watchdog cannot kill the stuck thread, but it leaves it behind and a fresh
    thread answers: first the same bot with a short budget (it hangs again), then a
    random legal move.  A stuck thread must not leave the request unanswered."""
    state = NimState((2, 2), 2)
    with BotWorker(mode="thread", watchdog_grace=0.2) as w:
        ticket = w.request("nim-hang", "sleeper", state, spec_module="tests.hang_bot_game")
        result = wait_for(w, ticket)
        assert result.ok and state.parse_move(result.move) in state.legal_moves()
        assert w.watchdog_restarts == 2 and w.mode == "thread"
        assert "no answer from the bot thread" in w.watchdog_log[0]
        assert w.stuck_threads == 2  # both tries still sleep; nothing can end them
        after = w.request("nim-hang", "medium", state, spec_module="tests.hang_bot_game")
        assert wait_for(w, after).ok and w.watchdog_restarts == 2


def test_a_cancelled_thread_bot_that_never_returns_does_not_hold_the_next_request(tmp_path):
    state = NimState((3, 4, 5), 2)
    with BotWorker(mode="thread", watchdog_grace=30.0, cancel_grace=0.2) as w:
        result = cancel_a_sleeper_then_ask_again(w, state, tmp_path / "thinking", 60.0)
        assert result.ok and w.restarts == 1 and w.watchdog_restarts == 0
        assert w.stuck_threads == 1 and w.mode == "thread"


@POSIX
def test_closing_a_worker_whose_process_is_stopped_does_not_hang():
    state = NimState((3, 4, 5), 2)
    w = BotWorker(mode="process")
    assert wait_for(w, w.request("nim-bots", "medium", state, spec_module="tests.bot_test_game")).ok
    process = w._backend.process
    os.kill(process.pid, signal.SIGSTOP)
    w.close(timeout=0.2)
    # close() killed it rather than leaving a stopped process to block the exit.
    assert not process.is_alive()


# -- signals ---------------------------------------------------------------------------

LINUX = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")


def catches(pid: int, signum: int) -> bool:
    """The process has its own handler for ``signum`` (SigCgt in /proc): from then
    on a signal is the app's to handle, not the default's to kill."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    except (FileNotFoundError, ProcessLookupError):
        pass
    return False


def bot_processes(pid: int) -> list[int]:
    """The app's bot worker processes, once they run Python (past fork and exec:
    a process stopped between the two would hold its parent's spawn, which is not
    what this tests; multiprocessing's resource tracker is left alone too)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except FileNotFoundError:
        return []
    found = []
    for child in text.split():
        try:
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(int(child))
        except FileNotFoundError:
            pass
    return found


def start_app(home: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, CRYSTAL_ARCADE_HOME=str(home))
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("CRYSTAL_ARCADE_BOT_WORKER", None)  # a real bot process, as at a booth
    proc = subprocess.Popen(
        [sys.executable, "-m", "scenes.boot", "--headless", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    if not wait_until(lambda: catches(proc.pid, signal.SIGTERM) or proc.poll() is not None):
        proc.kill()
        raise AssertionError("the app did not start")
    return proc


def stop(proc: subprocess.Popen, signum: int, within: float = 5.0) -> int:
    """Send ``signum`` and wait (bounded) for the exit; the 2 s target is measured
    by tools/signal_exit.py, this only bounds the wait."""
    proc.send_signal(signum)
    try:
        _, proc.err_text = proc.communicate(timeout=within)  # bounded, unlike read()
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate(timeout=5)
        raise AssertionError(f"still running {within} s after signal {signum}") from None
    return proc.returncode


def files(home: Path) -> dict[str, str]:
    """Every file the app left under its home, with its text (logs aside)."""
    return {
        str(p.relative_to(home)): p.read_text()
        for p in sorted(home.rglob("*"))
        if p.is_file() and "log" not in p.parts[len(home.parts)]
    }


@LINUX
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_a_normal_session_like_quit(tmp_path, signum):
    settings = {"format": 1, "master_volume": 0.3, "colour_blind": True}
    quit_home, signal_home = tmp_path / "quit", tmp_path / "signal"
    for home in (quit_home, signal_home):
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.json").write_text(json.dumps(settings))
    normal = subprocess.run(
        [sys.executable, "-m", "scenes.boot", "--headless", "--quit-after-ticks", "5"],
        cwd=ROOT,
        env=dict(os.environ, CRYSTAL_ARCADE_HOME=str(quit_home)),
        capture_output=True,
        timeout=60,
    )
    assert normal.returncode == 0
    proc = start_app(signal_home)
    assert stop(proc, signum) == 0
    assert b"Traceback" not in proc.err_text
    assert files(signal_home) == files(quit_home)
    saved = json.loads((signal_home / "config" / "settings.json").read_text())
    assert saved["master_volume"] == 0.3 and saved["colour_blind"] is True


@LINUX
def test_sigterm_ends_a_kiosk_whose_bot_process_is_stopped(tmp_path):
    """A booth's shutdown script: the attract demo's bots are thinking in a worker
    process that has been stopped, and the kiosk still leaves at once, status 0,
    without writing the person's settings.json."""
    config = tmp_path / "home" / "config"
    config.mkdir(parents=True)
    person = json.dumps({"format": 1, "fullscreen": False, "master_volume": 0.5})
    (config / "settings.json").write_text(person)
    before = (config / "settings.json").stat().st_mtime_ns
    (config / "kiosk.json").write_text(
        json.dumps({"attract_after_seconds": 1, "demo_seconds_per_game": 600})
    )
    proc = start_app(tmp_path / "home", "--kiosk")
    try:
        assert wait_until(lambda: bot_processes(proc.pid), 30.0), "no bot process started"
        worker = bot_processes(proc.pid)
        for child in worker:
            os.kill(child, signal.SIGSTOP)
    except BaseException:
        proc.kill()
        raise
    assert stop(proc, signal.SIGTERM) == 0
    assert b"Traceback" not in proc.err_text
    assert (config / "settings.json").read_text() == person
    assert (config / "settings.json").stat().st_mtime_ns == before
    assert all(wait_until(lambda c=c: gone(c), 5.0) for c in worker)
