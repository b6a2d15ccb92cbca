"""A seat whose player picked a profile is named by the player's name wherever that
seat is named: the play screen (its rows, its log, the game's end words), the results,
the theatre and its list; and Learn, from game select or the pause menu, keeps the
seat's profile through the lesson into the game it leads to."""

from __future__ import annotations

import random

import pytest

from game.midend.match import Match, Seat
from game.records import profiles as gp
from game.registry import GAMES
from game.rules.contract import GameSetup
from scenes import widgets
from tests import drive

# Games whose seats are called "Player 1", "Player 2" by the rules.
NUMBERED = ("crystal-connector", "color-crossroads")


def saved_ada(paths) -> gp.Profile:
    ps, ada = gp.Profiles().add("Ada", gp.COLOURS[0], "2026-11-20")
    assert gp.save(ps.with_last([ada.id]), paths) is None
    return ada


def finished(game: str, ada: gp.Profile, seed: int = 3) -> Match:
    """A whole game, Ada on seat 0 against a bot, played out by seeded Easy bots (random
    moves in Color Crossroads end in a pass by both, a draw)."""
    spec = GAMES[game]
    setup = GameSetup(game, spec.default_players, spec.resolve_options()[1], seed)
    m = Match(spec, setup, [Seat.person(ada.name), Seat.bot("easy")], setup.start(GAMES))
    rng = random.Random(seed)
    bot = spec.make_bot("easy")
    while not m.is_over():
        m.submit(bot.choose(m.state, rng=rng, budget=None))
    m.profiles = {0: ada.id}
    return m


def won_by_ada(game: str, ada: gp.Profile) -> Match:
    """A finished game that seat 0 won, so the end words name it."""
    for seed in range(1, 60):
        m = finished(game, ada, seed)
        if m.state.outcome().winners == (0,):
            return m
    raise AssertionError("no seed in range gives seat 0 the win")


def drawn_text(app) -> list[str]:
    """Every line the top screen draws in one frame."""
    widgets.text.TEXT_LOG = []
    try:
        app.draw(0.0)
        return [t.shown for t in widgets.text.TEXT_LOG]
    finally:
        widgets.text.TEXT_LOG = None


def seat_zero_words(lines: list[str]) -> list[str]:
    """Lines that name seat 0 the rules' way ("Player 1", never "Player 10")."""
    import re

    return [t for t in lines if re.search(r"Player 1(?!\d)", t)]


@pytest.mark.parametrize("game", NUMBERED)
def test_the_match_names_a_profile_seat_by_its_player(paths, game):
    ada = saved_ada(paths)
    m = won_by_ada(game, ada)
    assert m.seat_names()[0] == "Ada"
    assert m.seat_names()[1] == "Player 2"  # a bot keeps the rules' name
    reason = m.outcome_reason()
    assert "Ada" in reason and "Player 1" not in reason
    assert m.to_replay()["outcome"]["reason"] == reason


@pytest.mark.parametrize("game", NUMBERED)
def test_results_and_the_play_screen_say_the_profile_name(app, paths, game):
    ada = saved_ada(paths)
    m = won_by_ada(game, ada)
    assert "Ada" in m.outcome_reason()
    app.open("play", m)
    app.run_ticks(2)
    lines = drawn_text(app)
    assert not seat_zero_words(lines), seat_zero_words(lines)
    app.replace_with("results", m)
    app.run_ticks(2)
    lines = drawn_text(app)
    assert not seat_zero_words(lines), seat_zero_words(lines)
    assert any("Ada" in t for t in lines)


def test_the_theatre_and_its_list_say_the_profile_name(app, paths):
    from game.storage.replays import keep_recent, list_replays

    ada = saved_ada(paths)
    m = won_by_ada("crystal-connector", ada)
    keep_recent(m, paths)
    (info,) = list_replays(paths)
    assert "Ada" in info.result and "Player 1" not in info.result
    again = Match.from_replay(m.to_replay())
    theatre = app.open("theatre", again, name="test", analyse=False)
    app.run_ticks(3)
    for _end in (False, True):  # the first position and the last, with its end words
        lines = drawn_text(app)
        assert not seat_zero_words(lines), seat_zero_words(lines)
        assert any("Ada" in t for t in lines)
        theatre.to_end()
        assert app.run_until(theatre.idle, max_ticks=3000)


def _finish_lesson(app) -> None:
    lesson = app.top
    assert lesson.name == "play" and getattr(lesson, "is_tutorial", False)
    lesson.go_to(len(lesson.tutorial.steps))  # past the last step: the real game
    app.run_ticks(2)


def test_learn_from_game_select_keeps_the_seats_profile(app, paths):
    ada = saved_ada(paths)
    app.open("select", "color-crossroads")
    app.run_ticks(2)
    select = app.top
    assert drive.control(select, "Ada")
    select.learn("color-crossroads")
    app.run_ticks(2)
    lesson = app.top
    learner = lesson.tutorial.learner
    assert lesson.match.seats[learner].name == "Ada"
    lines = drawn_text(app)
    assert any("Ada" in t for t in lines)
    _finish_lesson(app)
    game = app.top
    assert game.match.seats[0] == Seat.person("Ada")
    assert game.match.profiles == {0: ada.id}


def test_learn_from_the_pause_menu_keeps_the_seats_profile(app, paths):
    ada = saved_ada(paths)
    spec = GAMES["crystal-connector"]
    setup = GameSetup(spec.id, 2, spec.resolve_options()[1], 8)
    m = Match(spec, setup, [Seat.person("Ada"), Seat.bot("easy")], setup.start(GAMES))
    m.profiles = {0: ada.id}
    app.open("play", m)
    app.run_ticks(2)
    app.top.open_pause()
    app.run_ticks(2)
    pause = app.top
    pause.activate(drive.control(pause, "Learn"))
    app.run_ticks(2)
    _finish_lesson(app)
    game = app.top
    assert game.match.seats[0] == Seat.person("Ada")
    assert game.match.profiles == {0: ada.id}
