"""Clock semantics: move time first, then the reserve drains, then expiry."""

from game.midend.clock import ClockEvent, TurnClock
from game.rules.contract import ClockPreset

RATE = 60


def run(clock, seconds):
    events = []
    for _ in range(int(seconds * RATE)):
        events += clock.tick()
    return events


def test_move_time_runs_first_and_reserve_is_untouched():
    c = TurnClock(ClockPreset(90, 180), 2)
    c.start(0)
    assert run(c, 89) == []
    assert c.reserve_seconds(0) == 180
    assert 0.9 < c.move_seconds_left() <= 1.0


def test_reserve_drains_after_move_time_then_expires_once():
    c = TurnClock(ClockPreset(90, 180), 2)
    c.start(0)
    events = run(c, 90)
    assert events == [ClockEvent("reserve", 0)]
    assert c.in_reserve()
    run(c, 100)
    assert abs(c.reserve_seconds(0) - 80) < 0.05
    events = run(c, 80)
    assert events == [ClockEvent("expired", 0)]
    assert run(c, 10) == []  # stopped: no second expiry


def test_a_new_decision_gets_fresh_move_time_but_keeps_spent_reserve():
    c = TurnClock(ClockPreset(10, 30), 2)
    c.start(1)
    run(c, 20)
    assert abs(c.reserve_seconds(1) - 20) < 0.05
    c.start(0)
    run(c, 5)
    c.start(1)
    assert c.move_seconds_left() == 10
    assert abs(c.reserve_seconds(1) - 20) < 0.05


def test_no_reserve_expires_when_move_time_ends():
    c = TurnClock(ClockPreset(5, 0), 3)
    c.start(2)
    assert run(c, 5) == [ClockEvent("expired", 2)]


def test_stopped_clock_does_not_run_and_json_round_trip():
    c = TurnClock(ClockPreset(30, 60), 2)
    c.start(0)
    run(c, 3)
    c.stop()
    run(c, 100)
    assert abs(c.move_seconds_left() - 27) < 0.05
    again = TurnClock.from_json(c.to_json())
    assert again.move_left == c.move_left and again.reserve == c.reserve
    assert c.display(0) == "0:27" and c.display(1) == "R 1:00"
