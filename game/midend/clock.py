"""Turn clocks driven by ticks: per-move time first, then a reserve that drains.

No wall time is read here.  The app advances the clock once per fixed tick (60 Hz),
so a test can run ten minutes of clock in a loop with no real time passing::

    clock = TurnClock(ClockPreset(90, 180), seats=2)
    clock.start(0)
    for _ in range(91 * 60):
        events = clock.tick()
    # events == [ClockEvent("reserve", 0)] once move time is over (at 90 s)

A decision starts when the seat to act changes (``start``).  Several actions by the
same seat in a row (three shifts, two moves) are one decision and share one move
time.  When move time is over the seat's reserve drains; when the reserve is empty
too the clock reports ``expired`` once and stops.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.contract import ClockPreset

TICKS_PER_SECOND = 60


@dataclass(frozen=True)
class ClockEvent:
    kind: str  # "reserve": move time over, reserve now draining; "expired": nothing left
    seat: int


class TurnClock:
    """Per-seat reserves and the current decision's move time, in ticks."""

    def __init__(self, preset: ClockPreset, seats: int, *, rate: int = TICKS_PER_SECOND):
        self.preset = preset
        self.rate = rate
        self.move_ticks_full = round(preset.move_seconds * rate)
        self.reserve = [round(preset.reserve_seconds * rate) for _ in range(seats)]
        self.seat = -1
        self.move_left = 0
        self.running = False
        self.expired_seat = -1

    # -- control ------------------------------------------------------------------
    def start(self, seat: int, move_seconds: float | None = None) -> None:
        """Begin a decision for ``seat`` with a fresh move time (or ``move_seconds``,
        for a decision the rules time differently, such as a proxy move)."""
        self.seat = seat
        self.move_left = (
            self.move_ticks_full if move_seconds is None else round(move_seconds * self.rate)
        )
        self.running = True
        self.expired_seat = -1

    def stop(self) -> None:
        self.running = False

    def resume(self) -> None:
        if self.seat >= 0 and self.expired_seat < 0:
            self.running = True

    # -- time ---------------------------------------------------------------------
    def tick(self, n: int = 1) -> list[ClockEvent]:
        """Advance ``n`` ticks; returns the events that happened, in order."""
        events: list[ClockEvent] = []
        if not self.running or self.seat < 0:
            return events
        for _ in range(n):
            if self.move_left > 0:
                self.move_left -= 1
                if self.move_left == 0:
                    if self.reserve[self.seat] > 0:
                        events.append(ClockEvent("reserve", self.seat))
                    else:
                        events.append(ClockEvent("expired", self.seat))
                        self.expired_seat = self.seat
                        self.running = False
                        break
            elif self.reserve[self.seat] > 0:
                self.reserve[self.seat] -= 1
                if self.reserve[self.seat] == 0:
                    events.append(ClockEvent("expired", self.seat))
                    self.expired_seat = self.seat
                    self.running = False
                    break
            else:
                events.append(ClockEvent("expired", self.seat))
                self.expired_seat = self.seat
                self.running = False
                break
        return events

    # -- reading ------------------------------------------------------------------
    def move_seconds_left(self) -> float:
        return self.move_left / self.rate

    def reserve_seconds(self, seat: int) -> float:
        return self.reserve[seat] / self.rate

    def in_reserve(self) -> bool:
        return self.running and self.move_left == 0

    def display(self, seat: int) -> str:
        """ "1:23" for the move time of the seat to act, "R 2:45" for a reserve."""
        if seat == self.seat and self.move_left > 0:
            return _mmss(self.move_left / self.rate)
        return "R " + _mmss(self.reserve[seat] / self.rate)

    def to_json(self) -> dict:
        return {
            "preset": self.preset.to_json(),
            "reserve": list(self.reserve),
            "seat": self.seat,
            "move_left": self.move_left,
        }

    @staticmethod
    def from_json(data: dict, *, rate: int = TICKS_PER_SECOND) -> "TurnClock":
        preset = ClockPreset(
            float(data["preset"]["move_seconds"]), float(data["preset"]["reserve_seconds"])
        )
        reserve = [int(r) for r in data["reserve"]]
        clock = TurnClock(preset, len(reserve), rate=rate)
        clock.reserve = reserve
        clock.seat = int(data["seat"])
        clock.move_left = int(data["move_left"])
        return clock


def _mmss(seconds: float) -> str:
    s = max(0, int(seconds + 0.999))  # round up: "0:00" only when it is really over
    return f"{s // 60}:{s % 60:02d}"
