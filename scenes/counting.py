"""Counting what happens at a kiosk for its operator (game/records/counters.py): the
app's one counters file, the kiosk's day, and :func:`count`, which the screens call.
The operator's screen that shows them is scenes/operator.py.

Where each count is made:

- ``visitor`` and ``session``: the kiosk policy (scenes/kiosk.py): a touch that ends
  the attract demo starts a visitor's session, the next attract demo ends it.
- ``game-started`` / ``game-finished`` / ``game-abandoned``: the play screen
  (scenes/play/base.py), for a game a visitor plays (not the demo, a lesson, a
  puzzle or a replay): started when it opens, finished when the match is over (a
  resignation too), abandoned when the screen goes first ("Still there?" running
  out, Quit or Restart from the menu, a screen that failed).
- ``tutorial-finished``: the lesson's last step done (scenes/tutorial.py).
- ``fame-entry``: initials kept on a hall of fame board (scenes/halloffame.py; a
  race's from the phones, scenes/race.py).
- ``rush``, ``race``: scenes/puzzles.py and scenes/race.py.
- ``screen-failed``: the App's recovery from a screen that raised (scenes/app.py
  tells the policy).

With a hall of fame server set, :class:`BoothSharing` shares them with the other
booths (game.records.counters.SharedCounters).
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime

from game.records import hall_of_fame as hof
from game.records.counters import Counters, SharedCounters, share
from game.text.i18n import _

SHARE_SECONDS = 20.0  # how often a booth shares its counters with the others
_log = logging.getLogger(__name__)


class BoothSharing:
    """This booth's counters shared on the hall of fame's server (kiosk.json's
    ``hall_of_fame_server``), on a thread of its own with its own connection to the
    counters file, so no frame waits on the network: every SHARE_SECONDS it sends what
    the server lacks and reads every booth's figures (``figures``: scope -> booth ->
    figures, the booths' total under ``""``; empty until the server first answers)."""

    def __init__(self, path, server: str, day):
        self.path, self.server, self.day = path, server, day
        self.figures: dict = {}
        self.online: bool | None = None  # None until the first round
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="counters-share", daemon=True)
        self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def _loop(self) -> None:
        counters = shared = None
        try:
            counters = Counters(self.path)
            shared = SharedCounters(self.server)
            while not self._stop.is_set():
                try:
                    self.figures = share(counters, shared, self.day())
                    self.online = True
                except hof.FameError:
                    self.online = False
                except Exception:  # the local file: logged, the next round tries again
                    _log.exception("sharing the counters failed")
                self._wake.wait(SHARE_SECONDS)
                self._wake.clear()
        except Exception:
            _log.exception("the counters cannot be shared")
        finally:
            if shared is not None:
                shared.close()
            if counters is not None:
                counters.close()

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout=5)


def counters_for(app) -> Counters | None:
    """The app's counters (opened on first use); None when the file cannot be opened
    (said once: a booth keeps running without its bookkeeping)."""
    counters = getattr(app, "counters", None)
    if counters is None and not getattr(app, "counters_problem", False):
        try:
            booth = getattr(app.kiosk_config, "booth_name", "") if app.kiosk else ""
            counters = Counters(app.paths.data / "counters.db", booth=booth)
        except Exception as exc:
            app.counters_problem = True
            app.notices.append(_("The counters could not be opened: {problem}").format(problem=exc))
            return None
        app.counters = counters
        server = app.kiosk_config.hall_of_fame_server
        if app.kiosk and server and getattr(app, "counter_sharing", None) is None:
            app.counter_sharing = BoothSharing(counters.path, server, lambda: kiosk_day(app))
    return counters


def kiosk_day(app) -> str:
    hour = int(getattr(app.kiosk_config, "day_starts_at_hour", 0))
    return hof.day_start(datetime.now().astimezone(), hour).date().isoformat()


def bot_level(match) -> str:
    """The bot level a game is counted under: its bots' levels (``easy``, or
    ``easy+hard`` for bots of two levels), ``people`` when no bot plays."""
    levels = sorted({seat.level or "" for seat in match.seats if seat.is_bot})
    return "+".join(levels) if levels else "people"


def count(app, kind: str, **fields) -> None:
    """Count one event at a kiosk (nothing is counted at home)."""
    if not app.kiosk:
        return
    counters = counters_for(app)
    if counters is None:
        return
    try:
        counters.add(kind, day=kiosk_day(app), **fields)
    except Exception as exc:
        if not getattr(app, "counters_problem", False):
            app.counters_problem = True
            app.notices.append(_("A counter could not be written: {problem}").format(problem=exc))
