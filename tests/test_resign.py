"""Resign from the pause menu: a confirmation (its Resign away from where the first
press was, so a double click only asks), then the game ends at once as a loss for
the person resigning; the results say so, the replay keeps it, a profile counts it
lost and its rating moves as for a loss.  And a puzzle's pause menu leads back to
the puzzle list."""

from __future__ import annotations

import pytest

from game.midend.match import Match, Seat
from game.records import profiles as gp
from game.registry import GAMES
from game.rules.contract import GameSetup, IllegalMove
from tests import drive
from tests.test_profile_screens import ladders  # noqa: F401  (a fixture)


def new_match(game="crystal-connector", seats=None, seed=8) -> Match:
    spec = GAMES[game]
    players, options = spec.resolve_options(len(seats) if seats else None)
    setup = GameSetup(game, players, options, seed)
    seats = seats or [Seat.person("Ada")] + [Seat.bot("easy") for _ in range(players - 1)]
    return Match(spec, setup, seats, setup.start(GAMES))


def test_a_resigned_match_is_over_a_loss_for_that_seat_and_kept_so_in_its_record():
    m = new_match()
    m.submit(m.state.legal_moves()[0])
    m.resign(0)
    assert m.is_over() and m.to_move() == -1 and not m.can_undo()
    out = m.outcome()
    assert out.places == (2, 1) and out.winners == (1,)
    assert m.outcome_reason() == "Ada resigned"
    with pytest.raises(IllegalMove):
        m.submit(m.state.legal_moves()[0])
    with pytest.raises(IllegalMove):
        m.resign(1)  # over already
    record = m.to_replay()
    assert record["finished"] and record["resigned"] == 0
    assert record["outcome"] == {"places": [2, 1], "reason": "Ada resigned"}
    again = Match.from_replay(record)
    assert again.is_over() and again.outcome().places == (2, 1)


def test_a_resigning_seat_of_many_is_last_and_the_others_keep_their_order():
    m = new_match("crystal-formation", [Seat.person(), Seat.bot("easy"), Seat.bot("easy")])
    m.resign(1)
    places = m.outcome().places
    assert places[1] == 3 and max(places) == 3 and places[0] < 3 and places[2] < 3


@pytest.mark.parametrize("value", [5, -1, True, "0"])
def test_a_replays_resignation_naming_no_seat_is_refused_with_a_reason(value):
    from game.midend.match import ReplayError

    record = new_match().to_replay()
    record["resigned"] = value
    with pytest.raises(ReplayError, match="resign"):
        Match.from_replay(record)


def open_game(app, match):
    app.open("play", match)
    app.run_ticks(2)
    view = app.top
    view.open_pause()
    app.run_ticks(2)
    return view, app.top


def test_resign_from_the_pause_menu_asks_then_ends_the_game_as_a_loss(app, paths, ladders):  # noqa: F811
    ps, ada = gp.Profiles().add("Ada", gp.COLOURS[0], "2026-11-20")
    gp.save(ps, paths)
    m = new_match()
    m.profiles = {0: ada.id}
    m.submit(m.state.legal_moves()[0])
    view, pause = open_game(app, m)
    first = drive.control(pause, "Resign").element.rect
    drive.click(app, first.center, ticks=2)  # asks first
    assert app.top is pause and not m.is_over()
    drive.click(app, first.center, ticks=2)  # a double click lands on Keep playing
    assert not m.is_over()
    assert app.top is view  # back to the game
    view.open_pause()
    app.run_ticks(2)
    pause = app.top
    pause.activate(drive.control(pause, "Resign"))
    app.run_ticks(1)
    assert drive.control(pause, "Keep playing")
    pause.activate(drive.control(pause, "Yes, resign"))
    app.run_ticks(3)
    results = app.top
    assert results.name == "results" and m.is_over()
    assert results.headline() == "Player 2 (Easy bot) wins!"
    rec = gp.load(paths)[0].get(ada.id).games["crystal-connector"]
    assert (rec.played, rec.won, rec.lost, rec.rated) == (1, 0, 1, 1)
    assert rec.rating.rating < 1250  # the first rating of a loss against Easy


def test_resign_is_not_offered_with_nobody_to_resign(app):
    _view, pause = open_game(app, new_match(seats=[Seat.bot("easy"), Seat.bot("easy")]))
    assert not any(c.element.text.startswith("Resign") for c in pause.controls)


def test_a_puzzles_pause_menu_leads_back_to_the_puzzle_list(app):
    app.open("puzzles", "chromatic-collapse")
    app.run_ticks(2)
    listing = app.top
    listing.play_index(0)
    app.run_ticks(2)
    puzzle = app.top
    puzzle.open_pause()
    app.run_ticks(2)
    pause = app.top
    assert not any(c.element.text.startswith("Resign") for c in pause.controls)
    pause.activate(drive.control(pause, "Puzzle list"))
    app.run_ticks(2)
    assert app.top is listing
