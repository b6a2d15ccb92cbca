"""Puzzles: the shipped data checked by the exhaustive verifier (a sample per game here;
``python3 tools/puzzles.py verify`` checks every one), the daily puzzle, an attempt
judged per game (right, wrong with why, illegal with the engine's reason), the rush's
end conditions, and the screen driven headless: the daily puzzle solved by clicks, a
miss and the solution shown on the board."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from game.content import puzzles as P
from tools import puzzles as T

GAMES = P.puzzle_games()
# What ships (the brief asks 60 a two-player game); a lost or truncated file fails here.
LEAST = {
    "chromatic-collapse": 60,
    "crystal-connector": 60,
    "color-crossroads": 60,
    "crystal-formation": 60,  # 30 of them with more players: tests/test_puzzles_more.py
    "element-shift": 30,
}
# Crystal Connector's exhaustive search replays thousands of end boards, Element
# Shift's last (a Tile Rush round) every plan: one puzzle each in the suite, every one
# in ``tools/puzzles.py verify``.
SAMPLE = {"crystal-connector": 1, "element-shift": 1}  # Tile Rush plays all 31,250 plans


def a_miss(puzzle, before):
    """A whole turn that misses the goal: seeded random turns (cheap), judged by the
    engine; the exhaustive search only if none of them misses."""
    import random

    for k in range(20):
        rng, state, moves = random.Random(k), before, []
        while not state.is_terminal() and P.turn_owner(state) == puzzle.seat:
            if state.current_player() != puzzle.seat:
                move = P.answer_for(state)
            else:
                move = rng.choice(state.legal_moves())
            moves.append(str(move))
            state = state.apply(move)
        if not puzzle.reached(before, state):
            return moves
    return next(
        moves
        for moves, after in T.all_turns(puzzle.game, before, puzzle.seat).values()
        if not puzzle.reached(before, after)
    )


def test_every_two_player_game_ships_puzzles():
    for game in (
        "crystal-connector",
        "chromatic-collapse",
        "color-crossroads",
        "crystal-formation",
    ):
        assert game in GAMES


@pytest.mark.parametrize("game", GAMES)
def test_shipped_puzzles_load_sorted_by_difficulty(game):
    book = P.load_puzzles(game)
    assert len(book.puzzles) >= LEAST[game]
    levels = [p.difficulty for p in book.puzzles]
    assert levels == sorted(levels)
    assert len({p.id for p in book.puzzles}) == len(book.puzzles)
    for p in book.puzzles:
        assert set(p.solved_by) == set(P.LEVELS)


@pytest.mark.parametrize("game", GAMES)
def test_verifier_accepts_a_sample_of_the_shipped_puzzles(game):
    """Replayed from the game id (legal, reachable), every turn searched: the turns
    reaching the goal are exactly the accepted set.  The first and the last (hardest)."""
    book = P.load_puzzles(game)
    for puzzle in (book.puzzles[0], book.puzzles[-1])[: SAMPLE.get(game, 2)]:
        assert T.verify_puzzle(puzzle) == []


def test_verifier_refuses_a_solution_missing_a_turn_and_a_wrong_turn():
    book = P.load_puzzles("chromatic-collapse")
    puzzle = next(p for p in book.puzzles if len(p.solution) >= 2)
    short = P.Puzzle(**{**puzzle.__dict__, "solution": puzzle.solution[1:]})
    assert any("not accepted" in p for p in T.verify_puzzle(short))
    before = puzzle.position()
    other = next(
        moves
        for moves, after in T.all_turns(puzzle.game, before, puzzle.seat).values()
        if not puzzle.reached(before, after)
    )
    padded = P.Puzzle(**{**puzzle.__dict__, "solution": puzzle.solution + (tuple(other),)})
    assert T.verify_puzzle(padded)


def test_daily_puzzle_is_the_same_for_a_date_and_changes_with_it():
    book = P.load_puzzles("chromatic-collapse")
    day = date(2026, 11, 26)
    assert P.daily_puzzle(book, day) == P.daily_puzzle(book, date(2026, 11, 26))
    days = [P.daily_puzzle(book, day + timedelta(days=k)).id for k in range(30)]
    assert len(set(days)) > 10  # a hash of the date: it changes from day to day
    # and the game id is in the hash: two games' indexes are not locked together
    a = [P.daily_index("chromatic-collapse", day + timedelta(days=k), 60) for k in range(30)]
    b = [P.daily_index("color-crossroads", day + timedelta(days=k), 60) for k in range(30)]
    assert a != b


@pytest.mark.parametrize("game", GAMES)
def test_an_attempt_is_solved_wrong_with_why_or_illegal(game):
    book = P.load_puzzles(game)
    puzzle = book.puzzles[0]
    before = puzzle.position()
    assert P.check_attempt(puzzle, list(puzzle.solution[0])).kind == "solved"
    # a whole turn that misses: from the exhaustive search, judged by the engine
    verdict = P.check_attempt(puzzle, a_miss(puzzle, before))
    assert verdict.kind == "wrong"
    assert verdict.message and "Traceback" not in verdict.message
    # a move the engine refuses: its own reason, nothing played
    verdict = P.check_attempt(puzzle, ["no such move"])
    assert verdict.kind == "illegal"
    with pytest.raises(P.IllegalMove) as refused:
        before.apply(before.parse_move("no such move"))
    assert verdict.message == str(refused.value)


def test_a_turn_not_over_yet_is_partial():
    book = P.load_puzzles("chromatic-collapse")
    puzzle = next(p for p in book.puzzles if all(len(t) == 2 for t in p.solution))
    assert P.check_attempt(puzzle, list(puzzle.solution[0][:1])).kind == "partial"


def test_rush_ends_when_time_is_up_in_ticks():
    book = P.load_puzzles("chromatic-collapse")
    rush = P.Rush(P.rush_order(book, 7))
    rush.tick(P.RUSH_TICKS - 1)
    assert not rush.over
    rush.solved()
    rush.tick(1)
    assert rush.over and rush.score == 1 and rush.current is None
    rush.solved()  # nothing counts after the end
    assert rush.score == 1


def test_rush_ends_at_three_misses_and_gets_harder():
    book = P.load_puzzles("chromatic-collapse")
    order = P.rush_order(book, 7)
    assert sorted(p.id for p in order) == sorted(p.id for p in book.puzzles)
    fifth = len(order) // P.RUSH_BANDS
    assert max(p.difficulty for p in order[:fifth]) <= min(p.difficulty for p in order[-fifth:])
    assert [p.id for p in P.rush_order(book, 7)] == [p.id for p in order]
    rush = P.Rush(order)
    rush.missed()
    rush.solved()
    rush.missed()
    assert not rush.over
    rush.missed()
    assert rush.over and rush.score == 1 and rush.misses == 3


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        '{"format": 2, "game": "chromatic-collapse", "puzzles": []}',
        '{"format": 1, "game": "color-crossroads", "puzzles": [1]}',
        '{"format": 1, "game": "chromatic-collapse"}',
    ],
)
def test_a_damaged_puzzle_file_is_a_puzzle_error(text):
    with pytest.raises(P.PuzzleError):
        P.load_puzzles("chromatic-collapse", text)


def test_a_puzzle_of_another_game_or_a_bad_start_is_refused():
    raw = json.loads((T.SEEDS / "puzzles-chromatic-collapse.json").read_text())
    raw["puzzles"] = raw["puzzles"][:1]
    raw["puzzles"][0]["start"] = "color-crossroads#3"
    with pytest.raises(P.PuzzleError, match="not a chromatic-collapse position"):
        P.parse_book(raw, "x", "chromatic-collapse")
    raw["puzzles"][0]["start"] = "nonsense"
    with pytest.raises(P.PuzzleError, match="not a game id"):
        P.parse_book(raw, "x", "chromatic-collapse")


# -- the screen ------------------------------------------------------------------------------
def _open_puzzles(app):
    from tests.drive import control, names

    app.run_ticks(2)
    scene = app.top
    scene.activate(control(scene, "Puzzles"))
    app.run_ticks(2)
    assert names(app)[-1] == "puzzles"
    return app.top


def _play_turn_by_clicks(app, view, moves):
    from tests import test_view_chromatic_collapse as CCV

    for text in moves:
        CCV.still(app, view)
        CCV.enter_by_clicks(app, view, view.match.state.parse_move(text))
    CCV.still(app, view)
    app.run_ticks(3)


def test_screen_daily_puzzle_solved_by_clicks_and_marked(app):
    from tests.drive import control

    listing = _open_puzzles(app)
    listing.choose("chromatic-collapse")
    daily = P.daily_puzzle(listing.book, listing.today)
    listing.activate(control(listing, "Daily puzzle"))
    app.run_ticks(2)
    view = app.top
    assert view.puzzle.id == daily.id and view.phase == "doing"
    _play_turn_by_clicks(app, view, daily.solution[0])
    assert view.phase == "solved", view.banner
    app.pop()
    app.run_ticks(2)
    assert app.top is listing
    assert daily.id in listing.solved
    assert control(listing, "Daily puzzle").element.text.endswith("(solved)")


def test_screen_a_miss_shows_why_and_plays_the_solution(app):
    listing = _open_puzzles(app)
    listing.choose("chromatic-collapse")
    puzzle = listing.book.puzzles[0]
    listing.play_index(0)
    app.run_ticks(2)
    view = app.top
    before = view.match.state
    _play_turn_by_clicks(app, view, a_miss(puzzle, before))
    shown = app.top
    assert shown is not view and shown.phase == "showing"
    assert shown.result.startswith("Missed: ")
    app.run_until(lambda: shown.phase == "missed", max_ticks=2000)
    assert shown.played() == list(puzzle.solution[0])
    assert puzzle.id not in listing.solved


def test_screen_rush_ends_in_ticks_and_shows_the_score(app):
    from tests.drive import control

    listing = _open_puzzles(app)
    listing.choose("chromatic-collapse")
    listing.activate(control(listing, "Rush"))
    app.run_ticks(2)
    view = app.top
    assert view.rush is not None and view.rush.ticks_left < P.RUSH_TICKS
    view.rush.ticks_left = 3  # the last three ticks of the three minutes
    app.run_ticks(4)
    assert view.phase == "over"
    assert "You solved 0" in view.result
    assert "done" in view.puzzle_buttons()


@pytest.mark.parametrize("game", GAMES)
def test_screen_each_game_judges_its_first_puzzle_on_its_own_view(app, game):
    """The answer entered as the view's moves (Color Crossroads' answer to a challenge
    is played by the puzzle, as in play): solved on every game's board."""
    from scenes import puzzles as S

    book = P.load_puzzles(game)
    view = S.open_puzzle(app, game, book.puzzles[0].id)
    app.run_ticks(2)
    for text in book.puzzles[0].solution[0]:
        if view.match.to_move() != view.puzzle.seat:
            break  # the rest is the other seat's forced answer
        assert view.try_move(view.match.state.parse_move(text)), view.banner
        app.run_until(lambda: not view.anim and not view.queue, max_ticks=600)
    app.run_ticks(5)
    assert view.phase == "solved", view.result
