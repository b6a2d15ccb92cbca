"""tools/calibrate_coach.py's report: the two-fold fit and what it ships."""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import re

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
        (["confirm", "--confirm-scale", "0"], "--confirm-scale 0"),
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
    gain = tool.hindsight_gain(spec, states, texts, action, alternative)
    # The engine's own account: the round again, only this seat's plan changed.
    again = states[first]
    for k in range(first, first + 12):
        text = alternative if k == action else texts[k]
        again = again.apply(again.parse_move(text))
    real = states[first + 12].breakdowns[-1][seat].total
    swapped = again.breakdowns[-1][seat].total
    assert gain == swapped - real and gain != 0  # (this seed's swap changes the points)
    assert tool.hindsight_gain(spec, states, texts, action, texts[action]) == 0.0
    assert (
        tool.hindsight_gain(spec, states[: first + 8], texts[: first + 7], action, alternative)
        == 0.0
    )


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

    band = calibration.Band(1.0, 0.0, 1.0, 0.9)
    cal = calibration.Calibration({GAME: calibration.Fit(2.0, 0.0, {"easy-easy": band})})
    assert cal.win_chance(GAME, 1.0, (1, 1)) == pytest.approx(0.9)
    assert cal.win_chance(GAME, -1.0, (1, 1)) == pytest.approx(0.1)
    assert cal.win_chance(GAME, 1.0) == 1.0  # players unknown: the engine's word
    rows = [{"v": 1.0, "y": float(k % 2)} for k in range(20)]  # half converted
    rows += [{"v": -1.0, "y": 0.0} for _ in range(4)] + [{"v": 0.3, "y": 1.0}]
    # 14 of 24 converted, pulled toward 1 by two more
    assert tool.fit_proven(rows) == pytest.approx((14 + 2) / (24 + 2))
    assert tool.fit_proven([{"v": 0.2, "y": 1.0}]) == 1.0  # none proven: certain


def test_a_proven_value_with_the_players_unknown_reads_the_games_share(monkeypatch):
    """A person in a seat (no strengths, or strengths no band is near): a proven win
    reads the game's own ``proven``, the share converted over every band, and a
    position and its mirror read mirrored chances; known levels keep their band's."""
    from game.analysis import calibration, evaluation

    band = calibration.Band(1.0, 0.0, 1.0, 0.9)
    fit = calibration.Fit(1.0, 0.0, {"easy-easy": band}, proven=0.8)
    cal = calibration.Calibration({GAME: fit})
    assert cal.win_chance(GAME, 1.0) == pytest.approx(0.8)
    assert cal.win_chance(GAME, -1.0) == pytest.approx(0.2)
    assert cal.win_chance(GAME, 1.0, (3, 4)) == pytest.approx(0.8)  # no band near
    assert cal.win_chance(GAME, 1.0, (1, 1)) == pytest.approx(0.9)  # the band's own
    assert cal.calibrated(GAME, [1.0, -1.0]) == pytest.approx([0.6, -0.6])
    assert cal.calibrated(GAME, [-1.0, 1.0]) == pytest.approx([-0.6, 0.6])
    # A cached analysis made with another share is redone.
    texts = set()
    for shipped in (cal, calibration.Calibration({GAME: calibration.Fit(2.0, 0.0)})):
        monkeypatch.setattr(calibration, "shipped", lambda shipped=shipped: shipped)
        texts.add(evaluation.budget_text(GAME))
    assert len(texts) == 2


def test_a_proven_value_never_reads_less_sure_than_the_curve_just_short_of_it():
    """A share converted below the curve's end (few proven positions, players who let
    wins go) would make a proven win read less than a value just short of proven: the
    chance would fall as the value rises.  It reads the curve's end instead, in the
    coach and in the report's scoring alike, and the mirror for the loser."""
    from game.analysis import calibration

    band = calibration.Band(3.0, 1.0, 1.0, 0.6)  # curve's end sigmoid(3 +- 1)
    fit = calibration.Fit(4.0, 0.0, {"medium-hard": band}, proven=0.7)
    cal = calibration.Calibration({GAME: fit})
    for strengths in (None, (2, 3), (3, 2)):
        chances = [cal.win_chance(GAME, v / 20, strengths) for v in range(-20, 21)]
        assert all(a <= b for a, b in itertools.pairwise(chances)), (strengths, chances)
    assert cal.win_chance(GAME, 1.0) == pytest.approx(tool.sigmoid(4.0))
    assert cal.win_chance(GAME, -1.0) == pytest.approx(1 - tool.sigmoid(4.0))
    assert cal.win_chance(GAME, 1.0, (3, 2)) == pytest.approx(tool.sigmoid(4.0))
    assert cal.win_chance(GAME, 1.0, (2, 3)) == pytest.approx(tool.sigmoid(2.0))
    row = {"v": 1.0, "strengths": [3, 2]}
    assert tool.band_chance(3.0, 1.0, row, 1.0, 0.6) == pytest.approx(tool.sigmoid(4.0))
    assert tool.band_chance(3.0, 1.0, dict(row, v=-1.0), 1.0, 0.6) == pytest.approx(
        1 - tool.sigmoid(2.0)
    )
    assert tool.band_chance(3.0, 1.0, row, 1.0, 0.99) == pytest.approx(0.99)


def test_a_file_without_the_games_proven_reads_a_proven_value_as_certain():
    from game.analysis import calibration

    entry = {
        "a": 0.5,
        "b": 0.0,
        "bands": {"easy-easy": {"a": 1.0, "c": 0.0, "shrink": 1.0, "proven": 0.9}},
    }
    old = calibration.parse({"format": 1, "games": {GAME: entry}})
    assert old.problem == "" and old.fits[GAME].proven == 1.0
    assert old.win_chance(GAME, 1.0) == 1.0 and old.win_chance(GAME, -1.0) == 0.0
    assert old.win_chance(GAME, 1.0, (1, 1)) == pytest.approx(0.9)
    new = calibration.parse({"format": 1, "games": {GAME: dict(entry, proven=0.7)}})
    assert new.problem == "" and new.win_chance(GAME, 1.0) == pytest.approx(0.7)
    # Below a coin's toss is no share of wins converted: the file is refused.
    assert calibration.parse({"format": 1, "games": {GAME: dict(entry, proven=0.3)}}).problem


def proven_band_rows(band: str, strengths: list[int], proven: int, converted: int) -> list[dict]:
    """``proven`` positions of ``band`` with a proven win for seat 0, ``converted`` of
    them won by seat 0, and two unproven ones."""
    rows = [
        {"band": band, "strengths": strengths, "v": 1.0, "y": 1.0 if k < converted else 0.0}
        for k in range(proven)
    ]
    return rows + [{"band": band, "strengths": strengths, "v": 0.4, "y": 0.0}] * 2


def test_fit_proven_over_every_band_gives_the_pooled_share():
    beginners = proven_band_rows("easy-easy", [1, 1], 10, 4)
    masters = proven_band_rows("hard-hard", [3, 3], 30, 30)
    assert tool.fit_proven(beginners) == pytest.approx((4 + 2) / (10 + 2))
    assert tool.fit_proven(masters) == 1.0
    pooled = tool.fit_proven(beginners + masters)
    # the positions of both together, pulled toward 1 by two converted positions:
    # not the bands' shares averaged (0.75), and not either band's
    assert pooled == pytest.approx((4 + 30 + 2) / (10 + 30 + 2))
    assert tool.proven_counts(beginners + masters) == (40, 34.0)
    drawn = [dict(r, y=0.5) for r in beginners[:2]] + masters
    assert tool.proven_counts(drawn) == (32, 31.0)  # a draw counts half


def test_bands_report_writes_the_games_proven_share_that_the_calibration_reads(
    tmp_path, monkeypatch
):
    """bands-report on cached band games: the game's ``proven`` is the share over
    every band's positions, written to seeds/coach.json with its counts, and a proven
    value with the players unknown then reads it."""
    from game.analysis import calibration

    cache = tmp_path / "cache"
    cache.mkdir()
    rng = random.Random(4)
    scale = coach.SCALES[GAME]
    converted = {"easy-easy": 0, "hard-hard": 0}
    proven = dict(converted)
    for b, band in enumerate((("easy", "easy"), ("hard", "hard"))):
        key = "-".join(band)
        games = []
        for k in range(8):
            won = rng.random() < (0.5 if band[0] == "easy" else 0.95)
            rows = [
                {"index": 3, "mover": 0, "raw": [coach.PROVEN, -coach.PROVEN], "t": 0.1},
                {"index": 5, "mover": 1, "raw": [scale * 0.3, -scale * 0.3], "t": 0.1},
            ]
            proven[key] += 1
            converted[key] += won
            games.append(
                {
                    "seed": 100 * b + k,
                    "moves": [],
                    "places": [1, 2] if won else [2, 1],
                    "levels": list(band),
                    "players": 2,
                    "rows": rows,
                }
            )
        (cache / f"band-{GAME}-{band[0]}-{band[1]}-p2.json").write_text(json.dumps(games))
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "coach.json").write_text(json.dumps({"format": 1, "games": {}}))
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    argv = ["bands-report", "--game", GAME, "--cache", str(cache), "--bootstrap", "4"]
    assert tool.main([*argv, "--write-seeds"]) == 0
    entry = json.loads((seeds / "coach.json").read_text())["games"][GAME]
    won, n = sum(converted.values()), sum(proven.values())
    assert (entry["proven_positions"], entry["proven_converted"]) == (n, won)
    assert entry["proven"] == round((won + 2) / (n + 2), 3) < 1.0
    for key in proven:
        band = entry["bands"][key]
        assert (band["proven_positions"], band["proven_converted"]) == (
            proven[key],
            converted[key],
        )
    cal = calibration.load(seeds / "coach.json")
    assert cal.problem == ""
    assert cal.win_chance(GAME, 1.0) == pytest.approx(entry["proven"])
    assert cal.win_chance(GAME, -1.0) == pytest.approx(1.0 - entry["proven"])


CONFIRM_GAME = "chromatic-collapse"  # the quickest two-player game to play and judge


def confirm_table(out: str) -> list[str]:
    """The cells of the game's row in what ``confirm`` printed."""
    rows = [line for line in out.splitlines() if line.startswith("| Chromatic Collapse |")]
    assert len(rows) == 1, out
    return [c.strip() for c in rows[0].strip("|").split("|")]


def recount_confirm(cache, marks_a_game: int) -> tuple[int, int, int]:
    """(marks judged, Expert another action, its action better) recounted from what
    ``confirm`` kept: its games and its answers (Expert's choice at each mark judged,
    the judge's win chance of each position), each mark once."""
    from game.registry import GAMES

    spec = GAMES[CONFIRM_GAME]
    memo = json.loads((cache / f"confirm-{CONFIRM_GAME}-x0.05.json").read_text())
    games = {}
    for levels in ("easy-medium", "medium-hard"):
        for g in json.loads((cache / f"games-{CONFIRM_GAME}-{levels}.json").read_text()):
            games[(levels, g["seed"])] = g
    judged = other = better = 0
    per_game: dict[str, int] = {}
    for key, best in memo.items():
        if not key.startswith("expert:"):
            continue
        _, levels, seed, digest, action = key.split(":")
        per_game[digest] = per_game.get(digest, 0) + 1
        g = games[(levels, int(seed))]
        states = tool.replay_states(spec, g)
        st, played = states[int(action)], states[int(action) + 1]
        after = st.apply(st.parse_move(best))
        judged += 1
        if tool.same_position(after, played):
            continue
        other += 1
        p_after, p_played = (
            memo["judge:" + json.dumps(s.to_json(), sort_keys=True)] for s in (after, played)
        )
        if st.current_player() == 1:  # the judge's chances are seat 0's
            p_after, p_played = 1.0 - p_after, 1.0 - p_played
        better += p_after > p_played
    assert all(n <= marks_a_game for n in per_game.values()), per_game
    return judged, other, better


@pytest.mark.slow
def test_confirm_counts_every_mark_once_and_never_a_mark_expert_plays_itself(tmp_path, capsys):
    """``confirm`` end to end on the smallest run it takes (two games a pairing, one mark
    a game, its times cut to a twentieth): the table's figures are what its kept answers
    say, each mark once, "confirmed" within "another action" within "judged"; a game
    of the same levels that another step left in the cache (``mistakes`` plays Easy
    against Medium from seed + 500) is not judged; and when Expert's choice is the
    action played, spelt as played or otherwise, the mark is neither another action
    nor confirmed."""
    from game.registry import GAMES

    spec = GAMES[CONFIRM_GAME]
    # Odd first seeds: a game's seats are named by its place in the run, not its seed.
    for seed in (1001, 1011, 1021):  # the bots play to a clock: a run may mark nothing
        cache = tmp_path / str(seed)
        cache.mkdir()
        stray = tool.play_one(spec, seed + 500, 0.02, ("easy", "medium"))
        (cache / f"games-{CONFIRM_GAME}-easy-medium.json").write_text(json.dumps([stray]))
        argv = ["confirm", "--game", CONFIRM_GAME, "--confirm-games", "2", "--confirm-marks"]
        argv += ["1", "--think-scale", "0.02", "--confirm-scale", "0.05"]
        argv += ["--seed", str(seed), "--cache", str(cache)]
        assert tool.main(argv) == 0
        out = capsys.readouterr().out
        cells = confirm_table(out)
        if int(cells[2]):
            break
    else:
        pytest.fail("no run marked a mistake to judge")
    games, marks, other, better = (int(c) for c in cells[1:5])
    judged = re.findall(r"game seed (\d+) \(([a-z-]+)\)", out)
    first, second = str(seed + 700), str(seed + 701)
    assert judged == [
        (first, "easy-medium"),
        (second, "medium-easy"),
        (first, "medium-hard"),
        (second, "hard-medium"),
    ]  # the stray game is not among them
    assert games == 4
    assert 0 <= better <= other <= marks <= games * 1
    assert (marks, other, better) == recount_confirm(cache, 1)
    assert cells[5] == f"{100 * better / marks:.0f} %"
    last = [line for line in out.splitlines() if "game seed" in line and "{" in line][-1]
    assert f"'marks': {marks}, 'other': {other}, 'agrees': {better}" in last

    # Expert's choice at every mark judged made the action played: half spelt as it was
    # played, half otherwise (the engine reads both as the one action).
    memo_path = cache / f"confirm-{CONFIRM_GAME}-x0.05.json"
    memo = json.loads(memo_path.read_text())
    games_of = {
        (levels, g["seed"]): g
        for levels in ("easy-medium", "medium-hard")
        for g in json.loads((cache / f"games-{CONFIRM_GAME}-{levels}.json").read_text())
    }
    keys = sorted(k for k in memo if k.startswith("expert:"))
    for n, key in enumerate(keys):
        _, levels, s, _digest, action = key.split(":")
        played = games_of[(levels, int(s))]["moves"][int(action)]
        memo[key] = played if n % 2 == 0 else played.upper()
    memo_path.write_text(json.dumps(memo))
    assert tool.main(argv) == 0
    again = confirm_table(capsys.readouterr().out)
    assert again[1:] == [str(games), str(marks), "0", "0", "0 %"]


def test_step_play_returns_the_games_of_its_seeds_only(tmp_path):
    """Steps share a cache file per pair of levels (``mistakes`` and ``confirm`` both
    play Easy against Medium, from different seeds): each gets its own seeds' games."""
    games = [{"seed": s, "moves": [], "places": [1, 2]} for s in (1500, 1501, 1700, 1701)]
    (tmp_path / f"games-{CONFIRM_GAME}-easy-medium.json").write_text(json.dumps(games))
    from game.registry import GAMES

    args = argparse.Namespace(cache=str(tmp_path), seed=1700, games=16, think_scale=0.02)
    got = tool.step_play(GAMES[CONFIRM_GAME], args, ("easy", "medium"), 2)
    assert [g["seed"] for g in got] == [1700, 1701]
    args.seed = 1500
    got = tool.step_play(GAMES[CONFIRM_GAME], args, ("easy", "medium"), 1)
    assert [g["seed"] for g in got] == [1500]


def test_held_out_folds_keep_both_seatings_so_a_seats_edge_is_not_read_as_strength(tmp_path):
    """Band games come in pairs with the levels' seats swapped.  Here Player 2 wins
    every Medium-against-Hard game whoever is stronger, and the value says nothing
    (0): a fold of one seating alone would learn "the stronger level wins" from one
    half and be certain and wrong on the other (Brier near 1).  Folds of whole pairs
    see both seatings, learn no edge, and score about a coin's 0.250."""
    from game.registry import GAMES

    spec = GAMES[tool.TWO_PLAYER[0]]
    band = ("medium", "hard")
    args = argparse.Namespace(cache=str(tmp_path), bootstrap=20)
    records = []
    for k in range(24):
        seats = band if k % 2 == 0 else band[::-1]
        records.append(
            {
                "seed": tool.BAND_SEED + 100 * tool.BANDS.index(band) + k,
                "levels": list(seats),
                "players": 2,
                "places": [2, 1],
                "moves": [],
                "rows": [{"index": i, "mover": i % 2, "raw": [0.0, 0.0]} for i in range(5)],
            }
        )
    tool.band_path(args, spec.id, band, 2).write_text(json.dumps(records))
    text, fit = tool.report_bands(spec, args)
    row = next(line for line in text.splitlines() if line.startswith("| medium-hard |"))
    after = float(row.split("|")[11])
    assert after == pytest.approx(0.25, abs=0.03), row
    assert abs(fit["bands"]["medium-hard"]["c"]) < 0.5
