"""The coach: one value per game from the Hard bots' judgement, on -1..+1
and from seat 0's fixed perspective; finished positions exact; the calibration file
and its fallback; blunders marked by the calibrated values."""

import dataclasses
import itertools
import json
import random

import pytest

from game.ai.base import Budget
from game.analysis import calibration
from game.analysis import values as coach
from game.analysis.marks import confirmed_by_alternative, find_mistakes
from game.registry import GAMES
from tests.test_analysis import fifth_tree_position

GAME_IDS = list(coach.SCALES)


def _played(game_id: str, seed: int, actions: int):
    """A real position: Medium against Medium for ``actions`` actions (node budgets,
    so the same position on every machine)."""
    spec = GAMES[game_id]
    state = spec.new_game(seed, 2 if game_id == "crystal-formation" else None)
    bots = [spec.make_bot("medium") for _ in range(state.num_players)]
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        bot = bots[state.current_player()]
        state = state.apply(bot.choose(state, rng=rng, budget=Budget(nodes=300)))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_values_are_on_the_returns_scale_one_per_seat(game_id):
    for seed, actions in ((1, 8), (2, 25)):
        state = _played(game_id, seed, actions)
        v = coach.value(game_id, state, Budget(seconds=0.3))
        assert len(v) == state.num_players
        assert all(-1.0 <= x <= 1.0 for x in v), v
        if state.num_players == 2:
            assert v[0] == pytest.approx(-v[1])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_finished_position_is_worth_exactly_its_result(game_id):
    from tests.test_replays import played

    m = played(game_id, 4, limit=2000)
    assert m.is_over()
    assert coach.value(game_id, m.state) == [float(x) for x in m.state.returns()]


def _connector_swapped(state):
    """The same board with the seats' roles exchanged: colours, totals, turns and who
    moves (first or now) swap; a value from a fixed perspective must change sign."""
    return dataclasses.replace(
        state,
        colours=(state.colours[1], state.colours[0]),
        first_picker=1 - state.first_picker,
        first_mover=1 - state.first_mover,
        to_move=1 - state.to_move,
        totals=(state.totals[1], state.totals[0]),
        turns_taken=(state.turns_taken[1], state.turns_taken[0]),
    )


@pytest.mark.slow
def test_crystal_connector_has_one_value_whichever_seat_is_to_move():
    """No perspective error (random play-outs from a turn's start predicted 12 % with
    seat 1 to move where seat 1 won 57 %): the same position with the roles of the seats exchanged is worth the same
    to the seat holding the same colours."""
    seen = 0
    for seed in (3, 4, 5):
        state = _played("crystal-connector", seed, 14)
        if state.is_terminal() or state.phase != "play":
            continue
        swapped = _connector_swapped(state)
        assert swapped.legal_moves() == state.legal_moves()
        a = coach.raw_value("crystal-connector", state, Budget())
        b = coach.raw_value("crystal-connector", swapped, Budget())
        assert a[0] == pytest.approx(b[1]) and a[1] == pytest.approx(b[0])
        seen += 1
    assert seen


def _collapse_swapped(state):
    from game.rules.chromatic_collapse import code_colour, code_seat, piece_code

    board = tuple(piece_code(1 - code_seat(c), code_colour(c)) if c else 0 for c in state.board)
    return dataclasses.replace(
        state,
        board=board,
        to_move=1 - state.to_move,
        starter=1 - state.starter if state.starter >= 0 else -1,
        advantage=1 - state.advantage,
    )


def test_chromatic_collapse_values_mirror_when_the_seats_swap_pieces():
    for seed, actions in ((6, 6), (7, 11)):
        state = _played("chromatic-collapse", seed, actions)
        swapped = _collapse_swapped(state)
        assert len(swapped.legal_moves()) == len(state.legal_moves())
        a = coach.raw_value("chromatic-collapse", state, Budget(), depth=3)
        b = coach.raw_value("chromatic-collapse", swapped, Budget(), depth=3)
        assert a[0] == pytest.approx(b[1]), (a, b)


def test_a_proven_win_in_one_is_certain():
    """Crystal Formation: Ruby (to move) grows her fifth tree: +1 for her, whatever
    the calibration."""
    _spec, start = fifth_tree_position()
    assert coach.value("crystal-formation", start) == [1.0, -1.0]
    assert calibration.shipped().calibrated("crystal-formation", [1.0, -1.0]) == [1.0, -1.0]


# -- the calibration file ------------------------------------------------------------------


def test_the_shipped_calibration_is_read_and_rises_with_the_value():
    cal = calibration.shipped()
    assert cal.problem == ""
    for game_id in ("chromatic-collapse", "crystal-connector", "color-crossroads"):
        assert game_id in cal.fits
        chances = [cal.win_chance(game_id, v / 10) for v in range(-10, 11)]
        assert all(0.0 <= p <= 1.0 for p in chances)
        assert all(a < b for a, b in itertools.pairwise(chances)), chances
        # A proven result reads the share of proven positions the game's players
        # convert (a person in a seat: every band together), mirrored for the loser,
        # and never less sure than the curve at the end of its range.
        fit = cal.fits[game_id]
        assert 0.5 <= fit.proven <= 1.0
        assert chances[-1] == pytest.approx(max(fit.proven, fit.chance(1.0)))
        assert chances[0] == pytest.approx(min(1.0 - fit.proven, fit.chance(-1.0)))


@pytest.mark.parametrize(
    "content",
    [
        "{broken",
        "[]",
        json.dumps({"format": 1, "games": {"chromatic-collapse": {"a": -2.0, "b": 0.0}}}),
        json.dumps({"format": 1, "games": {"chromatic-collapse": {"a": "x", "b": 0.0}}}),
        json.dumps({"format": 99, "games": {}}),
    ],
)
def test_a_damaged_calibration_falls_back_to_the_plain_reading(tmp_path, content):
    path = tmp_path / "coach.json"
    path.write_text(content)
    cal = calibration.load(path)
    assert cal.problem and not cal.fits
    assert cal.win_chance("chromatic-collapse", 0.5) == pytest.approx(0.75)
    assert cal.calibrated("chromatic-collapse", [0.5, -0.5]) == pytest.approx([0.5, -0.5])


def test_a_missing_calibration_is_reported_and_the_analysis_still_answers(tmp_path):
    cal = calibration.load(tmp_path / "none.json")
    assert cal.problem and cal.win_chance("color-crossroads", -1.0) == 0.0


def test_a_fitted_curve_changes_what_a_value_means():
    cal = calibration.parse(
        {"format": 1, "games": {"chromatic-collapse": {"a": 4.0, "b": 0.5, "positions": 10}}}
    )
    assert cal.problem == ""
    p = cal.win_chance("chromatic-collapse", 0.0)
    assert p == pytest.approx(1 / (1 + 2.718281828459045**-0.5))
    # Another game has no fit: the plain reading.
    assert cal.win_chance("color-crossroads", 0.0) == 0.5


# -- mistakes by the calibrated values --------------------------------------------------


def test_a_constructed_blunder_is_marked_and_a_good_move_is_not():
    """Crystal Formation, seat 0 to move with a fifth tree in reach: growing it is
    no mistake; placing elsewhere and letting Sapphire grow his fifth is marked, with
    nearly all the win chance lost."""
    from game.analysis.evaluation import evaluate

    spec, start = fifth_tree_position()
    rng = random.Random(3)
    good = [start, start.apply(start.parse_move("grow b5 S"))]
    bad = [start, start.apply(start.parse_move("place c5"))]
    values_good = [evaluate(s, rng, Budget(seconds=1.0), spec.id) for s in good]
    values_bad = [evaluate(s, rng, Budget(seconds=1.0), spec.id) for s in bad]
    assert find_mistakes(values_good, [0]) == []
    marked = find_mistakes(values_bad, [0])
    assert [(m.action, m.seat) for m in marked] == [(0, 0)]
    assert marked[0].chance_lost > 0.9
    # Against the best alternative the search sees (Hard grows the fifth tree), the
    # mark stands; against an alternative no better than the move played, it would not.
    hard = spec.make_bot("hard")
    alt = hard.choose(start, rng=random.Random(1), budget=Budget(seconds=1.0))
    after_alt = evaluate(start.apply(alt), rng, Budget(seconds=1.0), spec.id)
    assert confirmed_by_alternative(marked[0], values_bad[1], after_alt) is True
    assert confirmed_by_alternative(marked[0], values_bad[1], values_bad[1]) is False
    assert confirmed_by_alternative(marked[0], values_bad[1], None) is None


def test_a_mark_needs_the_alternative_twenty_points_better():
    """15 points of win chance is enough to flag a fall, but a mark stands only when
    the alternative is worth 20 points more than the action played (value units: a
    point of win chance is 0.02)."""
    from game.analysis.marks import ALTERNATIVE_MARGIN, Mistake

    assert ALTERNATIVE_MARGIN == 0.4
    m = Mistake(action=3, seat=1, drop=0.6, before=0.2, after=-0.4)
    played = [0.4, -0.4]  # seat 1 at -0.4 after the action played
    assert confirmed_by_alternative(m, played, [0.05, -0.05]) is False  # 17.5 points
    assert confirmed_by_alternative(m, played, [0.0, 0.0]) is True  # 20 points
    assert confirmed_by_alternative(m, played, [-0.4, 0.4]) is True
    assert confirmed_by_alternative(m, played, [0.4]) is None  # no value for the seat


def test_expected_places_by_pairwise_chances_keep_close_standings_in_the_middle():
    from game.analysis.marks import PLACE_STEEPNESS, expected_places

    even = expected_places([0.0] * 12, PLACE_STEEPNESS)
    assert even == pytest.approx([6.5] * 12)
    spread = expected_places([0.9, 0.3, 0.0, -0.5], PLACE_STEEPNESS)
    assert spread == sorted(spread) and sum(spread) == pytest.approx(1 + 2 + 3 + 4)
    assert 1.0 < spread[0] < 2.0 and 3.0 < spread[-1] < 4.0
    # Close values: places near the middle, where the plain spread says 1st and 4th.
    close = expected_places([0.02, 0.01, 0.0, -0.01], PLACE_STEEPNESS)
    assert all(2.3 < p < 2.7 for p in close)
    assert expected_places([0.02, 0.01, 0.0, -0.01]) == pytest.approx([1.0, 2.0, 3.0, 4.0])


def test_element_shift_values_lean_on_the_standings_more_as_the_rounds_pass():
    spec = GAMES["element-shift"]
    state = _played("element-shift", 9, 60)
    assert not state.is_terminal() and state.round >= 2
    v = coach.value("element-shift", state, Budget())  # the round profile completes
    scores = state.scores()
    best = max(range(len(scores)), key=lambda s: scores[s])
    worst = min(range(len(scores)), key=lambda s: scores[s])
    assert v[best] > v[worst]
    assert spec.id == "element-shift"


def test_element_shift_values_move_when_a_seat_commits_its_plan():
    """A plan in is resolved instead of Hard's guess for that seat, so the value says
    what the plan is worth when it is made (the theatre judges each seat's plan, not
    the whole round on the last plan in).  A seat's own view hides the others' plans,
    and the coach reads nothing from what a view hides."""
    from game.ai.element_shift import clear_shared_profiles
    from game.rules.element_shift import Plan

    spec = GAMES["element-shift"]
    state = _played("element-shift", 9, 64)  # round 5, four plans in
    assert state.phase == "plan" and any(p is not None for p in state.pending)
    seat = state.current_player()
    rng = random.Random(4)
    clear_shared_profiles()
    good = spec.make_bot("hard").choose(state, rng=rng, budget=Budget(nodes=3000))
    idle = Plan.still(state.segments())
    assert good != idle
    clear_shared_profiles()
    v_good = coach.value("element-shift", state.apply(good), Budget())
    v_idle = coach.value("element-shift", state.apply(idle), Budget())
    assert v_good[seat] > v_idle[seat]
    other = next(s for s, p in enumerate(state.apply(good).pending) if p is None)
    before = coach.value("element-shift", state.public_view(other), Budget())
    after = coach.value("element-shift", state.apply(good).public_view(other), Budget())
    assert before == after  # nothing leaks from the plans a view hides
