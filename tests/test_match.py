"""The midend: undo/redo, clocks and timeouts, replay records, autosave."""

import dataclasses
import json

import pytest

from game.midend.match import Match, ReplayError, Seat
from game.rules.contract import GameSetup, IllegalMove
from game.storage import autosave
from tests import nim_game

SPECS = {"nim": nim_game.SPEC}


def new_match(seats=None, clock="off", spec=nim_game.SPEC, seed=5, heaps=4):
    setup = GameSetup("nim", 2, {"heaps": heaps}, seed)
    seats = seats or [Seat.person("Ada"), Seat.bot("medium")]
    return Match(spec, setup, seats, setup.start({"nim": spec}), clock)


def first_move(m):
    return m.state.legal_moves()[0]


def test_submit_refuses_illegal_move_with_reason_and_keeps_state():
    m = new_match()
    before = m.state
    with pytest.raises(IllegalMove, match="take 1, 2 or 3"):
        m.submit(nim_game.Take(0, 4))
    assert m.state is before and m.entries == []


def test_undo_against_a_bot_returns_to_the_persons_previous_decision():
    m = new_match()
    m.submit(first_move(m))  # person
    m.submit(first_move(m))  # bot reply
    m.submit(first_move(m))  # person again
    m.submit(first_move(m))  # bot reply
    assert len(m.entries) == 4
    assert m.undo()
    assert len(m.entries) == 2 and m.to_move() == 0
    assert m.undo()
    assert len(m.entries) == 0 and m.to_move() == 0
    assert not m.can_undo()
    assert m.redo()
    assert len(m.entries) == 2  # the person's move and the bot's reply come back
    assert m.redo() and len(m.entries) == 4
    assert not m.redo()


def test_undo_between_people_takes_back_one_action_and_new_move_clears_redo():
    m = new_match([Seat.person("A"), Seat.person("B")])
    m.submit(first_move(m))
    m.submit(first_move(m))
    assert m.undo() and len(m.entries) == 1 and m.to_move() == 1
    m.submit(m.state.legal_moves()[-1])
    assert not m.can_redo()


def test_no_undo_in_a_game_of_bots_only():
    m = new_match([Seat.bot("easy"), Seat.bot("hard")])
    m.submit(first_move(m))
    assert not m.can_undo() and not m.undo()


def test_tournament_clock_timeout_applies_the_games_timeout_move():
    m = new_match(clock="tournament")  # Nim: 10 s per move + 20 s reserve
    notes = m.tick(29 * 60)
    assert notes == [] and not m.is_over()
    notes = m.tick(2 * 60)
    assert m.is_over()
    assert m.state.outcome().places == (2, 1)
    assert "ran out of time" in notes[0]


def test_clock_restarts_only_when_the_seat_changes():
    m = new_match(clock="tournament")
    m.tick(8 * 60)
    m.submit(first_move(m))
    assert m.clock.seat == 1 and m.clock.move_seconds_left() == 10


def test_proxy_policy_hands_the_late_seat_to_the_opponent_then_passes():
    spec = dataclasses.replace(nim_game.SPEC, timeout_policy="proxy")
    m = new_match(clock="tournament", spec=spec)
    notes = m.tick(30 * 60 + 1)
    assert 0 in m.proxy and m.controller(0) == m.seats[1]
    assert "moves for" in notes[0] and not m.is_over()
    m.tick(10 * 60 + 1)  # the proxy's own move time runs out too
    assert m.is_over()


def test_proxy_move_is_recorded_as_made_by_the_opponent():
    spec = dataclasses.replace(nim_game.SPEC, timeout_policy="proxy")
    m = new_match(clock="tournament", spec=spec)
    m.tick(30 * 60 + 1)
    m.submit(first_move(m))
    assert m.entries[-1].seat == 0 and m.entries[-1].by == 1
    assert 0 not in m.proxy  # the late seat's turn is over
    record = json.loads(json.dumps(m.to_replay()))
    assert record["proxies"] == [0]
    again = Match.from_replay(record, {"nim": spec})
    assert again.entries[-1].by == 1


def test_rule_clock_runs_even_with_the_clock_off():
    spec = dataclasses.replace(nim_game.SPEC, rule_clock=lambda state: 3.0)
    m = new_match(spec=spec)
    assert m.clock is None
    m.tick(3 * 60 + 1)
    assert m.is_over()


def test_replay_round_trip():
    m = new_match()
    for _ in range(5):
        if m.is_over():
            break
        m.submit(m.state.legal_moves()[-1])
    record = json.loads(json.dumps(m.to_replay()))
    assert record["format"] == 1 and record["game_id"] == "nim:heaps=4#5"
    assert record["seats"] == [
        {"kind": "person", "name": "Ada"},
        {"kind": "bot", "level": "medium"},
    ]
    again = Match.from_replay(record, SPECS)
    assert [e.text for e in again.entries] == [e.text for e in m.entries]
    assert again.state.to_json() == m.state.to_json()
    assert again.score_history == m.score_history


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda r: r.update(format=99), "newer"),
        (lambda r: r.update(game="chess"), "unknown game"),
        (lambda r: r.pop("seed"), "incomplete"),
        (lambda r: r.update(moves=["take 9 from A"]), "move 1"),
        (lambda r: r.update(moves="take 1 from A"), "lists"),
        (
            lambda r: r.update(seats=[{"kind": "alien"}, {"kind": "bot", "level": "easy"}]),
            "person or a bot",
        ),
        (lambda r: r.update(options={"heaps": 17}), "heaps"),
    ],
)
def test_damaged_replays_give_readable_errors(mutate, message):
    m = new_match()
    m.submit(first_move(m))
    record = m.to_replay()
    mutate(record)
    with pytest.raises(ReplayError, match=message):
        Match.from_replay(record, SPECS)


def test_replay_that_is_not_an_object():
    with pytest.raises(ReplayError, match="not a Crystal Arcade replay"):
        Match.from_replay([1, 2, 3], SPECS)


def test_autosave_and_resume(paths):
    m = new_match()
    m.submit(first_move(m))
    assert autosave.save(m, paths) is None
    resumed, problem = autosave.load(paths, SPECS)
    assert problem is None
    assert [e.text for e in resumed.entries] == [e.text for e in m.entries]


def test_corrupt_autosave_is_reported_and_set_aside(paths):
    paths.data.mkdir(parents=True)
    paths.autosave.write_text('{"format": 1, "game": "nim", "seed": ')
    match, problem = autosave.load(paths, SPECS)
    assert match is None
    assert "could not be resumed" in problem and "not valid JSON" in problem
    assert not paths.autosave.exists()
    kept = list(paths.data.glob("autosave.corrupt-*.json"))
    assert len(kept) == 1 and kept[0].read_text().startswith('{"format"')


def test_autosave_with_an_illegal_move_is_set_aside(paths):
    m = new_match()
    m.submit(first_move(m))
    record = m.to_replay()
    record["moves"] = ["take 3 from E"]
    paths.data.mkdir(parents=True)
    paths.autosave.write_text(json.dumps(record))
    match, problem = autosave.load(paths, SPECS)
    assert match is None and "move 1" in problem
    assert list(paths.data.glob("autosave.corrupt-*.json"))


def test_finished_match_clears_the_autosave(paths):
    m = new_match([Seat.person(), Seat.person()])
    m.submit(first_move(m))
    autosave.save(m, paths)
    assert paths.autosave.exists()
    while not m.is_over():
        m.submit(first_move(m))
    autosave.save(m, paths)
    assert not paths.autosave.exists()


def test_unwritable_data_folder_gives_a_warning_not_a_crash(paths):
    paths.data.parent.mkdir(parents=True, exist_ok=True)
    paths.data.write_text("a file where the folder should be")
    m = new_match()
    m.submit(first_move(m))
    warning = autosave.save(m, paths)
    assert warning and warning.startswith("Autosave is off")
