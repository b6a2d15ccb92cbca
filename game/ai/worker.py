"""The bot worker: bots think in another process while the UI keeps its 60 fps.

Start one worker for the whole session, feed it requests, and poll it once per tick::

    worker = BotWorker()                       # mode="auto": a process, else a thread
    ticket = worker.request("crystal-connector", "hard", state, seed=42)
    ...
    for result in worker.poll():               # never blocks; call it every tick
        if result.ticket == ticket:
            if result.ok:
                move = state.parse_move(result.move)
            else:
                show(result.error)
    ...
    worker.cancel(ticket)                      # undo / new game: the answer never comes
    worker.close()                             # at exit (or use ``with BotWorker() as w``)

Requests travel as plain data: the game id (``spec_module`` lets tests name a module
with a ``SPEC`` such as ``"tests.nim_game"``; default: ``game.registry.GAMES``), the
bot level, the state as ``seat_view(state, seat).to_json()`` -- only what the deciding
seat may know, so no secret crosses -- (rebuilt with the spec's ``from_json``), a seed
for ``random.Random``, the budget (``seconds`` -- default the bot's own
``think_seconds`` -- and/or ``nodes``), attributes to set on the freshly built bot
(``attrs={"seat_kinds": (...)}``), and the method to call (``"choose"`` or e.g.
``"choose_for_late_seat"``) with extra ``kwargs``.  The answer is the move's notation
text: the UI reads it back with ``state.parse_move``.

Process start: the ``spawn`` context is used everywhere, so Windows, macOS, Linux and
a PyInstaller-frozen app behave alike.  That has two consequences for the program
that creates the worker:

* the main script must guard its entry point with ``if __name__ == "__main__":``
  (spawn imports the main module -- ``scenes.app`` for ``python -m scenes.app`` --
  in the child as ``__mp_main__``; keep window creation and other heavy work inside
  ``main()``), and
* a frozen app must call ``multiprocessing.freeze_support()`` first thing in that
  block -- otherwise the child re-runs the app and opens a second window.

If the process cannot start, does not report ready within ``start_timeout``, or dies,
the worker falls back to a thread with the same API (the request in flight is run
again there), so the UI keeps working; ``worker.mode`` says which is in use and
``worker.fallback_reason`` why.  A bot that raises produces an error result; nothing
is raised into the UI.  Requests run one at a time, in order; the rest wait.

Cancel: a request still waiting is dropped; the one running sees
``budget.cancelled()`` become true (a shared integer holding the cancelled ticket, so
a late cancel can never hit the next request) and its result is discarded.  A bot
that ignores its budget is not allowed to hold up the queue: ``cancel_grace`` seconds
after the cancel the process is killed and a fresh one started.  A thread cannot be
killed: in thread mode the stuck thread is told to stop, left behind (a daemon, its
answer never read) and a fresh thread serves the next request, so the game goes on;
``worker.stuck_threads`` counts the threads left behind that are still running.

Watchdog: a process (in thread mode, a thread) that has not answered a request within
its budget (``seconds``, else the bot's ``think_seconds``; ``WATCHDOG_NODES_SECONDS`` for
a nodes-only or an analysis request; at least ``WATCHDOG_MIN_SECONDS``) plus
``watchdog_grace`` seconds -- SIGSTOPped, stuck in native code, a bot that ignores its
budget -- is killed (a thread is left behind) and replaced, and the request runs again
in the new process (thread) with a short budget (``RETRY_SECONDS``).  A replacement that is not ready within ``restart_timeout``
seconds gives way to the thread fallback.  If the retry times out too, the request is
answered by a random legal move (a kiosk's bot must move; ``worker.watchdog_log`` says
what happened), an analysis by an error result.  ``close`` never waits longer than its
timeout plus half a second: a process that does not leave when asked is killed
(SIGKILL also ends a stopped one).
"""

from __future__ import annotations

import importlib
import itertools
import multiprocessing
import os
import queue
import random
import sys
import threading
import time
import traceback
from collections import deque
from typing import Any, Mapping, NamedTuple

from game.ai.base import Budget, RandomBot, SearchCancelled
from game.rules.contract import IllegalMove, seat_view

DEFAULT_THINK_SECONDS = 1.0
WATCHDOG_GRACE = 0.5  # seconds past a request's budget before its process is replaced
WATCHDOG_MIN_SECONDS = 0.75  # the least budget it allows: a 0.05 s bot still has a move to build
WATCHDOG_NODES_SECONDS = 30.0  # the watchdog's budget for a request limited by nodes only
RETRY_SECONDS = 0.25  # the budget of a request run again after the watchdog fired
RESTART_TIMEOUT = 1.75  # a replacement process not ready by then: the thread fallback


class BotResult(NamedTuple):
    """A finished request.  Exactly one of ``move`` (notation text) and ``error``
    (one line, ``"ExceptionType: message"``; the traceback is printed to stderr) is set."""

    ticket: int
    move: str | None
    error: str | None
    elapsed: float

    @property
    def ok(self) -> bool:
        return self.error is None


# -- the part that runs in the child process (or the fallback thread) ----------------

_SPEC_CACHE: dict = {}


def _resolve_spec(spec_id: str, spec_module: str | None):
    cache_key = (spec_module, spec_id)
    spec = _SPEC_CACHE.get(cache_key)
    if spec is None:
        if spec_module:
            spec = importlib.import_module(spec_module).SPEC
            if spec.id != spec_id:
                raise ValueError(f"{spec_module} defines game {spec.id!r}, not {spec_id!r}")
        else:
            from game.registry import get

            spec = get(spec_id)
        _SPEC_CACHE[cache_key] = spec
    return spec


def _make_bot(spec, level: str):
    if level not in spec.bots and level == "random":
        return RandomBot()
    return spec.make_bot(level)


def run_request(
    req: Mapping[str, Any], cancelled=lambda: False
) -> tuple[str | None, str | None, float]:
    """Serve one request: returns (move text, error text, elapsed seconds).  Never
    raises for problems of the bot or the request."""
    t0 = time.monotonic()
    try:
        spec = _resolve_spec(req["spec_id"], req.get("spec_module"))
        state = spec.from_json(req["state"])
        if req.get("method") == "analyse":
            # The theatre's analysis: position values (JSON text), not a bot's move.
            from game.analysis.evaluation import analyse_request

            text = analyse_request(
                spec,
                state,
                random.Random(req.get("seed")),
                Budget(seconds=req.get("seconds"), nodes=req.get("nodes"), cancelled=cancelled),
                (req.get("kwargs") or {}).get("strengths"),
            )
            return text, None, time.monotonic() - t0
        bot = _make_bot(spec, req["level"])
        for name, value in (req.get("attrs") or {}).items():
            setattr(bot, name, value)
        seconds = req.get("seconds")
        if seconds is None and req.get("nodes") is None:
            seconds = getattr(bot, "think_seconds", DEFAULT_THINK_SECONDS)
        budget = Budget(seconds=seconds, nodes=req.get("nodes"), cancelled=cancelled)
        method = req.get("method") or "choose"
        move = getattr(bot, method)(
            state, rng=random.Random(req.get("seed")), budget=budget, **(req.get("kwargs") or {})
        )
        if move is None:
            who = getattr(bot, "name", type(bot).__name__)
            raise ValueError(f"{who}.{method} returned no move")
        if method == "choose":
            # Catch an illegal choice here, with the bot's name, not later in the UI.
            # The state may be one seat's view (secrets hidden): its apply cannot resolve
            # a round, so the last submission of a round is checked against the list.
            try:
                state.apply(move)
            except IllegalMove:
                if move not in state.legal_moves():
                    raise
        return str(move), None, time.monotonic() - t0
    except SearchCancelled:
        return None, "SearchCancelled: cancelled", time.monotonic() - t0
    except Exception as exc:
        # The UI shows the one-line message; the traceback goes to the terminal/log.
        print(
            f"bot worker: {req.get('spec_id')} {req.get('level')} failed:\n"
            f"{traceback.format_exc()}",
            file=sys.stderr,
            flush=True,
        )
        message = " ".join(str(exc).split()) or "(no message)"
        return None, f"{type(exc).__name__}: {message}", time.monotonic() - t0


def _process_main(conn, cancel_flag) -> None:
    """Child process loop: one request at a time until None or the pipe closes."""
    try:
        import signal

        # Ctrl+C in the terminal is the parent's business; it closes us cleanly.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ImportError, ValueError, OSError):
        pass
    try:
        import game.registry  # noqa: F401 - warm up so the first answer comes sooner
    except Exception:
        pass
    # Ready only once warm: the watchdog counts a request's budget from here, so the
    # imports are not charged to the first search.
    conn.send(("ready", os.getpid()))
    while True:
        try:
            req = conn.recv()
        except (EOFError, OSError):
            break
        if req is None:
            break
        ticket = req["ticket"]

        def cancelled(ticket=ticket) -> bool:
            return cancel_flag.value == ticket

        result: tuple[Any, str | None, str | None, float]
        if cancelled():
            result = (ticket, None, "SearchCancelled: cancelled", 0.0)
        else:
            result = (ticket, *run_request(req, cancelled))
        try:
            conn.send(result)
        except (EOFError, OSError):
            break


# -- backends ---------------------------------------------------------------------------


class _ProcessBackend:
    kind = "process"

    def __init__(self, start_timeout: float) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.cancel_flag = ctx.RawValue("q", -1)
        self.conn, child_conn = ctx.Pipe(duplex=True)
        self.process = ctx.Process(
            target=_process_main,
            args=(child_conn, self.cancel_flag),
            name="crystal-arcade-bots",
            daemon=True,
        )
        self.process.start()
        child_conn.close()  # so a dead child shows as EOF on our end
        self.ready = False
        self.ready_at: float | None = None  # when the child said it was ready
        self.deadline = time.monotonic() + start_timeout

    def send(self, req) -> None:
        self.conn.send(req)

    def cancel(self, ticket: int) -> None:
        self.cancel_flag.value = ticket

    def receive(self) -> list:
        """Finished results; raises RuntimeError when the process is gone or stuck."""
        out = []
        try:
            while self.conn.poll():
                msg = self.conn.recv()
                if msg[0] == "ready":
                    self.ready = True
                    self.ready_at = time.monotonic()
                else:
                    out.append(msg)
        except (EOFError, OSError) as exc:
            raise RuntimeError(f"the bot process stopped ({exc or type(exc).__name__})") from None
        if not self.process.is_alive():
            raise RuntimeError(f"the bot process ended (exit code {self.process.exitcode})")
        if not self.ready and time.monotonic() > self.deadline:
            raise RuntimeError("the bot process did not start in time")
        return out

    def abandon(self) -> None:
        """Stop a process we no longer trust, without making the UI wait."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(0.05)
        self.conn.close()

    def close(self, timeout: float) -> None:
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass
        self.process.join(timeout)
        if self.process.is_alive():
            # SIGKILL, not SIGTERM: a stopped (SIGSTOPped) child keeps a SIGTERM pending
            # and would hold the app's exit; the child has nothing of its own to save.
            self.process.kill()
            self.process.join(0.5)
        self.conn.close()


class _ThreadBackend:
    kind = "thread"

    def __init__(self) -> None:
        self.requests: queue.SimpleQueue = queue.SimpleQueue()
        self.results: deque = deque()
        self.cancel_ticket = -1
        self.current = -1  # the ticket being worked on
        self.ready_at = time.monotonic()  # a thread is ready at once (the watchdog's clock)
        self.thread = threading.Thread(target=self._run, name="crystal-arcade-bots", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            req = self.requests.get()
            if req is None:
                return
            ticket = self.current = req["ticket"]

            def cancelled(ticket=ticket) -> bool:
                return self.cancel_ticket == ticket

            self.results.append((ticket, *run_request(req, cancelled)))

    def send(self, req) -> None:
        self.requests.put(req)

    def cancel(self, ticket: int) -> None:
        self.cancel_ticket = ticket

    def receive(self) -> list:
        out = []
        while self.results:
            out.append(self.results.popleft())
        return out

    def abandon(self) -> None:
        """Leave a thread whose bot does not return.  A thread cannot be killed: its
        request is cancelled (a bot that reads its budget stops), it ends after that
        request, and nobody reads its answer (the worker has a new backend by then)."""
        self.cancel_ticket = self.current
        self.requests.put(None)

    @property
    def alive(self) -> bool:
        return self.thread.is_alive()

    def close(self, timeout: float) -> None:
        self.requests.put(None)
        # A bot that ignores its budget cannot be stopped; the thread is a daemon.
        self.thread.join(timeout)


# -- the UI-side object -----------------------------------------------------------------


class BotWorker:
    """Runs bot requests off the UI thread; see the module docstring.

    ``BotWorker(mode="auto", *, start_timeout=30.0, cancel_grace=3.0,
    watchdog_grace=WATCHDOG_GRACE, restart_timeout=RESTART_TIMEOUT)``; ``mode`` is
    "process", "thread" or "auto" (a process, except where processes cannot work:
    Emscripten builds, or ``CRYSTAL_ARCADE_BOT_WORKER=thread`` in the environment).
    """

    def __init__(
        self,
        mode: str = "auto",
        *,
        start_timeout: float = 30.0,
        cancel_grace: float = 3.0,
        watchdog_grace: float = WATCHDOG_GRACE,
        restart_timeout: float = RESTART_TIMEOUT,
    ) -> None:
        if mode not in ("auto", "process", "thread"):
            raise ValueError(f"mode must be 'auto', 'process' or 'thread', not {mode!r}")
        if mode == "auto":
            forced = os.environ.get("CRYSTAL_ARCADE_BOT_WORKER", "").strip().lower()
            no_processes = sys.platform in ("emscripten", "wasi")
            mode = "thread" if forced == "thread" or no_processes else "process"
        self._tickets = itertools.count(1)
        self._waiting: deque = deque()  # requests not yet handed to the backend
        self._running: dict | None = None  # the request the backend is working on
        self._discard: set[int] = set()  # cancelled tickets whose result may still come
        self._cancelled_at: float | None = None  # when the running request was cancelled
        self._start_timeout = start_timeout
        self._cancel_grace = cancel_grace
        self.restarts = 0  # processes (threads) replaced because a bot ignored a cancel
        self._watchdog_grace = watchdog_grace
        self._restart_timeout = restart_timeout
        self._sent_at = 0.0  # when the running request was handed to the backend
        self._running_budget = 0.0  # the running request's time budget (the watchdog's)
        self._watchdog_tries: dict[int, int] = {}  # ticket -> times the watchdog fired
        self._budgets: dict[tuple, float] = {}  # (spec, module, level) -> think_seconds
        self._injected: list[BotResult] = []  # answers the watchdog made itself
        self.watchdog_restarts = 0  # processes (threads) replaced: they stopped answering
        self.watchdog_log: list[str] = []  # one line each time the watchdog fired
        self._left: list[_ThreadBackend] = []  # threads left behind by the watchdog
        self._closed = False
        self.fallback_reason: str | None = None
        self._backend: _ProcessBackend | _ThreadBackend
        if mode == "process":
            try:
                self._backend = _ProcessBackend(start_timeout)
            except Exception as exc:
                self.fallback_reason = f"could not start the bot process: {exc}"
                self._backend = _ThreadBackend()
        else:
            self._backend = _ThreadBackend()

    # -- properties ------------------------------------------------------------------
    @property
    def mode(self) -> str:
        """What is serving requests now: "process" or "thread"."""
        return self._backend.kind

    @property
    def stuck_threads(self) -> int:
        """Threads left behind (thread mode) whose bot has still not returned: each
        takes its share of the interpreter until it does, nothing more."""
        self._left = [t for t in self._left if t.alive]
        return len(self._left)

    @property
    def running(self) -> int | None:
        """The ticket being worked on, or None."""
        return self._running["ticket"] if self._running else None

    @property
    def pending(self) -> int:
        """Requests not finished yet (running or waiting)."""
        return len(self._waiting) + (1 if self._running else 0)

    # -- API ----------------------------------------------------------------------------
    def request(
        self,
        spec_id: str,
        level: str,
        state,
        *,
        seed: int | None = 0,
        seconds: float | None = None,
        nodes: int | None = None,
        attrs: Mapping[str, Any] | None = None,
        method: str = "choose",
        kwargs: Mapping[str, Any] | None = None,
        spec_module: str | None = None,
        seat: int | None = None,
    ) -> int:
        """Queue a request; returns its ticket at once.  ``state`` is a State or its
        ``to_json()`` data.  ``seconds=None`` uses the bot's ``think_seconds`` unless
        only ``nodes`` is given.

        Only what ``seat`` (default: the seat to act) may know crosses to the bot: a
        State is sent as ``seat_view(state, seat)``, so another seat's secret (an
        Element Shift plan) never reaches a bot, even a buggy one.  Data given as a
        mapping is sent as it is (tools and tests that build requests by hand)."""
        if self._closed:
            raise RuntimeError("the bot worker is closed")
        ticket = next(self._tickets)
        if isinstance(state, Mapping):
            data = state
        else:
            data = seat_view(state, state.current_player() if seat is None else seat).to_json()
        self._waiting.append(
            {
                "ticket": ticket,
                "spec_id": spec_id,
                "spec_module": spec_module,
                "level": level,
                "state": data,
                "seed": seed,
                "seconds": seconds,
                "nodes": nodes,
                "attrs": dict(attrs or {}),
                "method": method,
                "kwargs": dict(kwargs or {}),
            }
        )
        self._dispatch()
        return ticket

    def poll(self) -> list[BotResult]:
        """Results finished since the last call (never blocks; cancelled ones are
        dropped)."""
        if self._closed:
            return []
        try:
            raw = self._backend.receive()
        except RuntimeError as exc:
            raw = []
            self._fall_back(str(exc))
        results, self._injected = self._injected, []
        for ticket, move, error, elapsed in raw:
            if self._running and self._running["ticket"] == ticket:
                self._running = None
                self._cancelled_at = None
            self._watchdog_tries.pop(ticket, None)
            if ticket in self._discard:
                self._discard.discard(ticket)
                continue
            results.append(BotResult(ticket, move, error, elapsed))
        if (
            self._cancelled_at is not None
            and time.monotonic() - self._cancelled_at > self._cancel_grace
        ):
            self._restart_backend()
        elif self._overdue():
            self._watchdog_fire()
        self._dispatch()
        return results + self._take_injected()

    def cancel(self, ticket: int) -> bool:
        """Make sure ``ticket``'s result is never delivered and stop its search.
        Returns False when the ticket was unknown or already delivered."""
        for req in self._waiting:
            if req["ticket"] == ticket:
                self._waiting.remove(req)
                return True
        if self._running and self._running["ticket"] == ticket:
            if ticket not in self._discard:
                self._discard.add(ticket)
                self._backend.cancel(ticket)
                self._cancelled_at = time.monotonic()
            return True
        return False

    def cancel_all(self) -> None:
        """Cancel everything waiting or running (new game, undo, leaving a match)."""
        self._waiting.clear()
        if self._running:
            self.cancel(self._running["ticket"])

    def close(self, timeout: float = 5.0) -> None:
        """Stop the running search and end the process or thread.  Idempotent."""
        if self._closed:
            return
        self.cancel_all()
        self._closed = True
        try:
            self._backend.close(timeout)
        except Exception:
            pass

    def __enter__(self) -> "BotWorker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- internals ---------------------------------------------------------------------
    def _take_injected(self) -> list[BotResult]:
        out, self._injected = self._injected, []
        return out

    def _watch_budget(self, req) -> float:
        """The time the watchdog allows a request before its grace starts."""
        return max(WATCHDOG_MIN_SECONDS, self._request_budget(req))

    def _request_budget(self, req) -> float:
        if req.get("seconds") is not None:
            return float(req["seconds"])
        if req.get("nodes") is not None or req.get("method") == "analyse":
            return WATCHDOG_NODES_SECONDS
        key = (req["spec_id"], req.get("spec_module"), req.get("level"))
        if key not in self._budgets:
            try:
                bot = _make_bot(_resolve_spec(key[0], key[1]), key[2])
                seconds = float(getattr(bot, "think_seconds", DEFAULT_THINK_SECONDS))
            except Exception:
                seconds = WATCHDOG_NODES_SECONDS
            self._budgets[key] = seconds
        return self._budgets[key]

    def _overdue(self) -> bool:
        """A process (or thread) that took the running request and has not answered in
        time.  The clock starts when the process was ready (a cold start is
        start_timeout's business) and the request had been sent."""
        backend = self._backend
        if self._running is None or self._cancelled_at is not None:
            return False
        if backend.ready_at is None:
            return False
        started = max(self._sent_at, backend.ready_at)
        return time.monotonic() - started > self._running_budget + self._watchdog_grace

    def _watchdog_fire(self) -> None:
        """Replace the silent process and run the request again: with the same bot
        and a short budget the first time, with a random legal move the second time
        (a bot must move), and answer an error after that."""
        req, self._running = self._running, None
        assert req is not None  # the watchdog fires only while a request runs
        ticket = req["ticket"]
        tries = self._watchdog_tries.get(ticket, 0) + 1
        self._watchdog_tries[ticket] = tries
        old = self._backend
        self._leave(old)
        self.watchdog_restarts += 1
        waited = time.monotonic() - self._sent_at
        self.watchdog_log.append(
            f"ticket {ticket}: no answer from the bot {old.kind} after {waited:.1f} s "
            f"(budget {self._running_budget:g} s); replaced it (try {tries})"
        )
        retry = None
        if tries == 1:
            retry = dict(req, seconds=min(self._request_budget(req), RETRY_SECONDS))
        elif tries == 2 and req.get("method") != "analyse":
            retry = dict(
                req, level="random", method="choose", attrs={}, kwargs={}, seconds=RETRY_SECONDS
            )
        self._backend = self._fresh(old.kind, self._restart_timeout)
        if retry is None:
            self._watchdog_tries.pop(ticket, None)
            self._injected.append(
                BotResult(ticket, None, "Timeout: the bot did not answer", waited)
            )
        else:
            self._waiting.appendleft(retry)

    def _dispatch(self) -> None:
        if self._running is not None or not self._waiting:
            return
        req = self._waiting.popleft()
        self._running = req
        self._sent_at = time.monotonic()
        self._running_budget = self._watch_budget(req)
        try:
            self._backend.send(req)
        except Exception as exc:
            self._fall_back(f"could not reach the bot process: {exc}")

    def _leave(self, old) -> None:
        """Stop trusting a backend: a process is killed, a thread left behind."""
        try:
            old.abandon()
        except Exception:
            pass
        if old.kind == "thread":
            self._left.append(old)

    def _fresh(self, kind: str, timeout: float):
        """A new backend of ``kind``; a process that cannot start gives way to a thread."""
        if kind == "thread":
            return _ThreadBackend()
        try:
            return _ProcessBackend(timeout)
        except Exception as exc:
            self.fallback_reason = f"could not restart the bot process: {exc}"
            return _ThreadBackend()

    def _restart_backend(self) -> None:
        """Replace a process or thread whose bot ignored a cancel (its answer is
        unwanted)."""
        old = self._backend
        if self._running is not None:
            self._discard.discard(self._running["ticket"])
            self._running = None
        self._cancelled_at = None
        self._leave(old)
        self.restarts += 1
        self._backend = self._fresh(old.kind, self._start_timeout)

    def _fall_back(self, reason: str) -> None:
        old = self._backend
        if old.kind == "thread":
            return
        self.fallback_reason = reason
        try:
            old.abandon()
        except Exception:
            pass
        self._backend = _ThreadBackend()
        self._cancelled_at = None
        if self._running is not None:
            req, self._running = self._running, None
            if req["ticket"] in self._discard:
                self._discard.discard(req["ticket"])
            else:
                self._waiting.appendleft(req)
        self._dispatch()


__all__ = ["BotResult", "BotWorker", "run_request"]
