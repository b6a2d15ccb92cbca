"""The theatre's analyst: sends positions to the bot worker one at a time, never
waiting on an answer, and keeps what comes back in the replay's cache.

Order of work: every position's value first (the graph fills in from the start of
the game, the position on screen jumping the queue), then the Hard bot's alternative
for each marked mistake.  The cache is written after every few answers, so leaving
the theatre half-way keeps what was done."""

from __future__ import annotations

import json
import random

from game.analysis.marks import AnalysisCache, Mistake, confirmed_by_alternative, find_mistakes
from game.storage.replays import Timeline, replay_key

POSITION_SECONDS = 0.9  # a cap per position on top of the iteration budget: a busy
# machine gets a shallower analysis rather than a slower one (60 actions in under 60 s)
ALTERNATIVE_SECONDS = 1.0
SAVE_EVERY = 8


def seat_strengths(match) -> list[float] | None:
    """Each seat's bot strength (1 Easy .. 4 Expert) when every seat is a bot, so the
    coach reads its values with the curve of their band; None when a person plays
    (the curve for any players)."""
    from game.records.ladder import parse_strength_level

    out = []
    for seat in match.seats:
        strength = parse_strength_level(seat.level) if seat.is_bot else None
        if strength is None:
            return None
        out.append(float(strength))
    return out if len(out) == 2 else None


class Analyst:
    def __init__(self, app, match, folder=None):
        from game.analysis.evaluation import budget_text

        self.app = app
        self.match = match
        self.folder = folder if folder is not None else app.paths.data / "analysis"
        self.key = replay_key(match.to_replay())
        self.strengths = seat_strengths(match)
        self.cache = AnalysisCache.load(
            self.folder, self.key, len(match.states), budget_text(match.spec.id, self.strengths)
        )
        self.ticket: int | None = None
        self.asked: tuple[str, int] | None = None  # ("value" | "alt", index)
        self.failed: set[tuple[str, int]] = set()
        self.unsaved = 0
        self.error = ""
        self.enabled = True
        self._mistakes: list[Mistake] | None = None
        self._cand: list[Mistake] | None = None
        self._writer = None
        self._explained: dict[tuple[int, str], str] = {}
        self.movers = [e.seat for e in match.entries]
        self.turn_starts = Timeline.of(match).turn_starts()
        self._report_calibration()

    def _report_calibration(self) -> None:
        """A damaged or missing seeds/coach.json leaves the analysis working with the
        plain reading of its values; say so once, in the player's words (the file's
        problem goes to the log for whoever maintains the install)."""
        import sys

        from game.analysis.calibration import shipped
        from game.text.i18n import _
        from scenes.widgets import toast

        problem = shipped().problem
        if problem:
            print(f"seeds/coach.json could not be used: {problem}", file=sys.stderr)
            toast(
                self.app,
                _("The coach's calibration could not be read: its win chances are rough."),
                "warning",
            )

    # -- reading ------------------------------------------------------------------------
    def value(self, k: int):
        return self.cache.values[k] if 0 <= k < len(self.cache.values) else None

    def _candidates(self) -> list[Mistake]:
        """Falls in value big enough to mark; a drop where the Hard bot, asked, chooses
        the very move that was played is the search's noise, not a mistake, and is left
        out."""
        if self._cand is None:
            self._cand = [
                m
                for m in find_mistakes(self.cache.values, self.movers, turn_starts=self.turn_starts)
                if self.cache.alternatives.get(m.action) != self.match.entries[m.action].text
            ]
        return self._cand

    def mistakes(self) -> list[Mistake]:
        """The marked mistakes: candidates whose Hard alternative, once valued, is worth
        the threshold more than the action played (the drop measured against the best
        alternative the search sees); until then a candidate is shown as it is."""
        if self._mistakes is None:
            kept = []
            for m in self._candidates():
                after = self.value(m.action + 1)
                ok = confirmed_by_alternative(m, after, self.cache.alt_values.get(m.action))
                if ok is not False:
                    kept.append(m)
            self._mistakes = kept
        return self._mistakes

    def explanation(self, action: int) -> str:
        """One sentence from the engine's facts: what the action played left, against
        the Hard bot's alternative ("" until the alternative is known, or when the facts
        do not tell them apart).  Kept per action and language."""
        from game.analysis.explain import explain
        from game.text.i18n import language

        key = (action, language())
        if key not in self._explained:
            alt = self.alternative(action)
            if alt is None:
                return ""
            before = self.match.states[action]
            try:
                better = before.apply(alt)
            except ValueError:
                better = None
            seat = self.movers[action]
            played = self.match.states[action + 1]
            # The positions after the one played: a game of secret plans reads the
            # other seats' plans of the round there.
            later = self.match.states[action + 2 :]
            self._explained[key] = explain(self.match.spec.id, before, played, better, seat, later)
        return self._explained[key]

    def alternative(self, action: int):
        """The Hard bot's choice at the position before ``action`` (a move), or None."""
        text = self.cache.alternatives.get(action)
        if not text:
            return None
        try:
            return self.match.states[action].parse_move(text)
        except ValueError:
            return None

    def busy(self) -> bool:
        return self.ticket is not None

    def finished(self) -> bool:
        return self._next_job(0) is None

    # -- work ---------------------------------------------------------------------------
    def _next_job(self, focus: int) -> tuple[str, int] | None:
        values = self.cache.values
        if (
            0 <= focus < len(values)
            and values[focus] is None
            and ("value", focus) not in self.failed
        ):
            return ("value", focus)
        for k, v in enumerate(values):
            if v is None and ("value", k) not in self.failed:
                return ("value", k)
        for m in self._candidates():
            if m.action not in self.cache.alternatives and ("alt", m.action) not in self.failed:
                return ("alt", m.action)
        for m in self._candidates():
            if (
                m.action in self.cache.alternatives
                and m.action not in self.cache.alt_values
                and self.alternative(m.action) is not None
                and ("altvalue", m.action) not in self.failed
            ):
                return ("altvalue", m.action)
        return None

    def update(self, focus: int) -> None:
        """Once a tick: collect an answer, ask the next question."""
        if not self.enabled:
            return
        if self.ticket is not None:
            for result in self.app.worker.poll():
                if result.ticket == self.ticket:
                    self._answer(result)
        if self.ticket is None:
            job = self._next_job(focus)
            if job is None:
                if self.unsaved:
                    self.save()
                return
            self._ask(job)

    def _ask(self, job: tuple[str, int]) -> None:
        kind, k = job
        state = self.match.states[k]
        spec = self.match.spec
        seed = random.Random(f"{self.key}:{kind}:{k}").randrange(1 << 30)
        if kind in ("value", "altvalue"):
            if kind == "altvalue":
                try:
                    state = state.apply(self.alternative(k))
                except ValueError:  # the engine refused it: no value to compare
                    self.failed.add(job)
                    return
            # The whole state: the game is over, so no plan is secret any more.
            self.ticket = self.app.worker.request(
                spec.id,
                "hard",
                state.to_json(),
                seed=seed,
                method="analyse",
                seconds=POSITION_SECONDS,
                kwargs={"strengths": self.strengths} if self.strengths else None,
            )
        else:
            self.ticket = self.app.worker.request(
                spec.id, "hard", state, seed=seed, seconds=ALTERNATIVE_SECONDS
            )
        self.asked = job

    def _answer(self, result) -> None:
        job, self.ticket, self.asked = self.asked, None, None
        if job is None:
            return
        kind, k = job
        if not result.ok or result.move is None:
            self.failed.add(job)
            self.error = result.error or ""
            return
        if kind in ("value", "altvalue"):
            try:
                values = [float(x) for x in json.loads(result.move)]
            except (ValueError, TypeError):
                self.failed.add(job)
                return
            if kind == "value":
                self.cache.values[k] = values
            else:
                self.cache.alt_values[k] = values
            self._mistakes = self._cand = None
        else:
            self.cache.alternatives[k] = result.move
            self._mistakes = self._cand = None
        self.unsaved += 1
        if self.unsaved >= SAVE_EVERY:
            self.save()

    def save(self, wait: bool = False) -> None:
        """Write the cache in a thread (an fsync must not cost a frame)."""
        import threading

        snapshot = AnalysisCache(
            self.cache.key,
            self.cache.positions,
            [list(v) if v is not None else None for v in self.cache.values],
            dict(self.cache.alternatives),
            self.cache.budget,
            {k: list(v) for k, v in self.cache.alt_values.items()},
        )
        if self._writer is not None:
            self._writer.join()  # one write at a time, in order
        self._writer = threading.Thread(target=snapshot.save, args=(self.folder,), daemon=True)
        self._writer.start()
        if wait:
            self._writer.join()
        self.unsaved = 0

    def stop(self) -> None:
        """Leaving the theatre: cancel the question in flight, keep the answers."""
        if self.ticket is not None:
            self.app.worker.cancel(self.ticket)
            self.ticket = None
            self.asked = None
        if self.unsaved:
            self.save(wait=True)
        elif self._writer is not None:
            self._writer.join()
