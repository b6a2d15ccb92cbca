"""tools/calibrate_coach.py's report: the two-fold fit and what it ships."""

from __future__ import annotations

import argparse
import math
import random

import pytest

from game.analysis import values as coach
from tests.refusals import refused
from tools import calibrate_coach as tool

GAME = "crystal-connector"


def rows_where_the_value_tells(n_games: int, noise: float, seed: int = 5) -> list[dict]:
    """Positions whose raw value predicts the result through a known curve."""
    rng = random.Random(seed)
    scale = coach.SCALES[GAME]
    rows = []
    for g in range(n_games):
        for i in range(6):
            v = rng.uniform(-0.9, 0.9)
            p = 1 / (1 + math.exp(-(3.0 * v)))
            won = rng.random() < p if noise else v > 0
            rows.append(
                {
                    "seed": 1000 + g,
                    "index": i,
                    "mover": i % 2,
                    "places": [1, 2] if won else [2, 1],
                    "old": [0.0, 0.0],
                    "raw": [scale * math.atanh(v), -scale * math.atanh(v)],
                    "t_old": 0.9,
                    "t_new": 0.5,
                }
            )
    return rows


def test_the_report_holds_every_position_out_once_and_ships_the_fit_on_all():
    args = argparse.Namespace(seed=1000)
    rows = rows_where_the_value_tells(40, noise=1.0)
    text, fit = tool.report_two(tool_spec(), rows, args)
    assert "Halves swapped" in text and "Every position held out once" in text
    assert fit["positions"] == len(rows) == fit["test_positions"]
    assert fit["games"] == 40
    # the curve found is near the one the results were drawn from (a = 3, b = 0)
    assert 2.0 < fit["a"] < 4.5 and abs(fit["b"]) < 0.5
    # and predicts held-out positions better than always saying 50 % (0.25)
    assert fit["brier"] < 0.22
    # the shipped curve is the fit on both halves, not on either half alone
    a_half, _b_half = tool.fit_logistic(
        [math.tanh(r["raw"][0] / coach.SCALES[GAME]) for r in rows if r["seed"] % 2 == 0],
        [tool.result_of(r["places"]) for r in rows if r["seed"] % 2 == 0],
    )
    assert round(a_half, 4) != fit["a"]


def test_a_value_that_says_nothing_scores_no_better_than_a_coin():
    args = argparse.Namespace(seed=1000)
    rows = rows_where_the_value_tells(30, noise=1.0)
    rng = random.Random(9)
    for r in rows:  # results unrelated to the value
        r["places"] = [1, 2] if rng.random() < 0.5 else [2, 1]
    _text, fit = tool.report_two(tool_spec(), rows, args)
    assert fit["brier"] > 0.24


def tool_spec():
    from game.registry import GAMES

    return GAMES[GAME]


def test_the_places_report_is_a_markdown_table_with_a_cell_under_every_heading():
    """Element Shift's report (expected against actual places): every row has as many
    cells as the heading has columns, and no heading holds a bar that would split it."""
    from game.registry import GAMES

    spec = GAMES["element-shift"]
    rng = random.Random(3)
    rows = []
    for i in range(4):
        places = list(range(1, 13))
        rng.shuffle(places)
        rows.append(
            {
                "seed": 100 + i,
                "places": places,
                "old": [rng.uniform(-1, 1) for _ in range(12)],
                "raw": [rng.uniform(-30, 30) for _ in range(12)],
                "playouts": [rng.uniform(-1, 1) for _ in range(12)],
                "t_old": 0.1,
                "t_new": 0.03,
                "t_playouts": 0.3,
            }
        )
    text, _fit = tool.report_places(spec, rows, argparse.Namespace(seed=100))
    lines = [line for line in text.splitlines() if line.startswith("|")]
    assert len(lines) == 2 + 4  # heading, rule, one row per method
    widths = {line.count("|") for line in lines}
    assert widths == {5}, lines  # four columns: method, error, seats, s / position
    assert "s / position" in lines[0]


@pytest.mark.parametrize(
    "argv, said",
    [
        (["play", "--game", "nosuch"], "unknown game 'nosuch'"),
        (["report", "--games", "0"], "--games 0"),
        (["values", "--positions", "-2"], "--positions -2"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(capsys, argv, said):
    """An unknown game was a KeyError traceback; no games printed an empty report."""
    assert said in refused(tool.main, argv, capsys)


def test_element_shift_judges_a_marked_plan_against_the_others_real_plans():
    """The judge of an Element Shift mark: the points the seat would have scored that
    round with another plan, everyone else playing what they really played.  Checked
    against the engine itself (the round replayed with the plan swapped), and zero
    for the plan that was played or a replay that stops inside the round."""
    from game.registry import GAMES

    spec = GAMES["element-shift"]
    state = spec.new_game(21, 12)
    rng = random.Random(2)
    states, texts = [state], []
    while state.round < 4:
        move = rng.choice(state.legal_moves())
        texts.append(str(move))
        state = state.apply(move)
        states.append(state)
    first = next(i for i, s in enumerate(states) if s.round == 3)
    action = first + 5
    seat = states[action].current_player()
    alternative = next(
        str(m)
        for m in states[action].legal_moves()
        if str(m) != texts[action] and "ray" not in str(m)
    )
    gain = tool.hindsight_gain(states, texts, action, alternative)
    # The engine's own account: the round again, only this seat's plan changed.
    again = states[first]
    for k in range(first, first + 12):
        text = alternative if k == action else texts[k]
        again = again.apply(again.parse_move(text))
    real = states[first + 12].breakdowns[-1][seat].total
    swapped = again.breakdowns[-1][seat].total
    assert gain == swapped - real and gain != 0  # (this seed's swap changes the points)
    assert tool.hindsight_gain(states, texts, action, texts[action]) == 0.0
    assert tool.hindsight_gain(states[: first + 8], texts[: first + 7], action, alternative) == 0.0


def band_rows(n_games: int, a_true: float, edge: float, seed: int = 9) -> list[dict]:
    """Positions of one band: seat 0 wins with chance sigmoid(a v + c d)."""
    rng = random.Random(seed)
    rows = []
    for g in range(n_games):
        strengths = [2, 3] if g % 2 == 0 else [3, 2]
        d = tool.edge(strengths)
        y = None
        for _ in range(5):
            v = max(-0.95, min(0.95, rng.gauss(0, 0.4)))
            if y is None:
                y = 1.0 if rng.random() < tool.sigmoid(a_true * v + edge * d) else 0.0
            rows.append({"seed": g, "v": v, "y": y, "strengths": strengths})
    return rows


def test_a_band_where_the_stronger_level_always_wins_reads_a_finite_edge():
    rows = band_rows(12, 1.0, 40.0)  # the stronger level wins every game
    a, c = tool.fit_band(rows, prior=(1.0, 0.0))
    assert a > 0 and 0 < c < 6  # pulled toward the prior: never certainty


def test_a_band_fit_and_its_interval_hold_the_curve_it_was_drawn_from():
    rows = band_rows(200, 2.0, 1.0)
    a, c = tool.fit_band(rows, prior=(2.0, 0.0))
    (a_lo, a_hi), (c_lo, c_hi) = tool.bootstrap(rows, lambda rs: tool.fit_band(rs, (2.0, 0.0)), 40)
    assert a_lo <= a <= a_hi and c_lo <= c <= c_hi
    assert 0.3 < c < 1.6 and c_lo > 0


def equal_band_rows(n_games: int, a_true: float | None, seed: int = 11) -> list[dict]:
    """Medium-against-Medium positions, one a game: seat 0 wins with chance
    sigmoid(a_true v), or at a coin's toss whatever the value (a_true None)."""
    rng = random.Random(seed)
    rows = []
    for g in range(n_games):
        v = max(-0.95, min(0.95, rng.gauss(0, 0.45)))
        p = 0.5 if a_true is None else tool.sigmoid(a_true * v)
        y = 1.0 if rng.random() < p else 0.0
        rows.append({"seed": g, "v": v, "y": y, "strengths": [2, 2], "band": "medium-medium"})
    return rows


def test_a_band_whose_value_says_nothing_is_shrunk_toward_even():
    rows = equal_band_rows(240, None)
    shrink = tool.fit_shrink(rows, "medium-medium")
    assert 0.0 <= shrink < 0.4
    a, c = tool.fit_band(rows, tool.fit_pooled(rows))
    shrunk = tool.brier((tool.band_chance(a, c, r, shrink), r["y"]) for r in rows)
    plain = tool.brier((tool.band_chance(a, c, r), r["y"]) for r in rows)
    assert shrunk <= plain


def test_a_band_whose_value_tells_keeps_most_of_its_curve():
    rows = equal_band_rows(400, 3.0)
    assert tool.fit_shrink(rows, "medium-medium") > 0.7


def test_a_shrunk_band_reads_mirrored_positions_as_mirrored_chances():
    from game.analysis import calibration

    fit = calibration.Fit(2.0, 0.0, {"medium-hard": calibration.Band(2.0, 1.0, 0.5)})
    for v in (-0.5, 0.0, 0.4):
        p = fit.chance(v, (2, 3))
        assert p == pytest.approx(1.0 - fit.chance(-v, (3, 2)))
        assert abs(p - 0.5) == pytest.approx(0.5 * abs(tool.sigmoid(2.0 * v - 1.0) - 0.5))
    assert calibration.Fit(2.0, 0.0, {"hard-hard": calibration.Band(3.0, 0.0, 0.0)}).chance(
        0.8, (3, 3)
    ) == pytest.approx(0.5)


def test_a_proven_value_reads_the_share_its_band_converts():
    from game.analysis import calibration

    band = calibration.Band(1.0, 0.0, 1.0, 0.6)
    cal = calibration.Calibration({GAME: calibration.Fit(2.0, 0.0, {"easy-easy": band})})
    assert cal.win_chance(GAME, 1.0, (1, 1)) == pytest.approx(0.6)
    assert cal.win_chance(GAME, -1.0, (1, 1)) == pytest.approx(0.4)
    assert cal.win_chance(GAME, 1.0) == 1.0  # players unknown: the engine's word
    rows = [{"v": 1.0, "y": float(k % 2)} for k in range(20)]  # half converted
    rows += [{"v": -1.0, "y": 0.0} for _ in range(4)] + [{"v": 0.3, "y": 1.0}]
    # 14 of 24 converted, pulled toward 1 by two more
    assert tool.fit_proven(rows) == pytest.approx((14 + 2) / (24 + 2))
    assert tool.fit_proven([{"v": 0.2, "y": 1.0}]) == 1.0  # none proven: certain
