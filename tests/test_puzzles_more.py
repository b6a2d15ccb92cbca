"""Element Shift puzzles and Crystal Formation puzzles with more players: the shipped
files, the exhaustive verifier accepting the right solution and refusing a wrong one
for each new kind (Element Shift's best plan, Crystal Formation's block), the engine's
reason for a wrong try, the goal texts, and the Element Shift puzzle played on its
own screen (the plan editor, the known plans, the solution shown after a miss)."""

from __future__ import annotations

import json
import random

import pytest

from game.content import puzzles as P
from game.rules.contract import GameSetup
from tests.refusals import refused
from tools import puzzles as T
from tools.games import element_shift as ES

SHIFT = P.load_puzzles("element-shift")
FORMATION = P.load_puzzles("crystal-formation")
MANY = [p for p in FORMATION.puzzles if GameSetup.parse(p.start, P._games(None)).players > 2]


def some_miss(puzzle, before):
    """A plan (or action) that misses: seeded random tries judged by the engine."""
    rng = random.Random(3)
    for _ in range(200):
        move = rng.choice(before.legal_moves())
        if not puzzle.reached(before, before.apply(move)):
            return [str(move)]
    raise AssertionError("no missing try found")


# -- the shipped data ------------------------------------------------------------------
def test_element_shift_ships_thirty_verified_puzzles_from_every_round():
    assert len(SHIFT.puzzles) >= 30
    rounds = set()
    for p in SHIFT.puzzles:
        assert p.goal == "gain" and p.seat == ES.SHIFT_SEAT
        assert p.amount > 0 and "{amount}" in p.text
        rounds.add(len(p.setup) // 12)  # 12 start picks, then 12 plans a round
    assert rounds == set(range(1, 8))


def test_crystal_formation_ships_thirty_with_more_players_on_both_boards():
    assert len(MANY) >= 30
    players = {GameSetup.parse(p.start, P._games(None)).players for p in MANY}
    assert players & {3, 4} and players & {5, 6}  # the square board and the hexagon
    assert {p.goal for p in MANY} >= {"block", "gain"}


# -- Element Shift: the verifier -------------------------------------------------------
def test_shift_verifier_accepts_the_best_plans_and_refuses_a_wrong_or_missing_one():
    puzzle = next(p for p in SHIFT.puzzles if len(p.setup) // 12 == 1)  # a quick round
    assert T.verify_puzzle(puzzle) == []
    before = puzzle.position()
    wrong = some_miss(puzzle, before)
    padded = P.Puzzle(**{**puzzle.__dict__, "solution": puzzle.solution + (tuple(wrong),)})
    assert any("is wrong" in p for p in T.verify_puzzle(padded))
    # the goal lowered to the next best score: those plans reach it and are not accepted
    seat = puzzle.seat
    scores = {
        a.totals[seat] - before.totals[seat] for _, a in ES.shift_turns(before, seat).values()
    }
    assert max(scores) == puzzle.amount
    lower = P.Puzzle(**{**puzzle.__dict__, "amount": max(scores - {puzzle.amount})})
    assert any("not accepted" in p for p in T.verify_puzzle(lower))


@pytest.mark.slow
def test_shift_merged_search_is_every_plan_played_by_the_engine():
    """The merged walk (by end tile and tiles turned) finds exactly the results of
    playing every one of the round's plans through the engine."""
    puzzle = next(p for p in SHIFT.puzzles if len(p.setup) // 12 == 3)  # diagonal steps
    before = puzzle.position()
    merged = ES.shift_turns(before, puzzle.seat)
    every = {P.position_key(before.apply(plan)) for plan in before.legal_moves()}
    assert set(merged) == every


# -- Element Shift: attempts -------------------------------------------------------------
def test_shift_attempt_solved_wrong_with_the_engines_score_or_refused():
    puzzle = SHIFT.puzzles[0]
    before = puzzle.position()
    assert P.check_from(puzzle, before, list(puzzle.solution[0])).kind == "solved"
    verdict = P.check_from(puzzle, before, some_miss(puzzle, before))
    assert verdict.kind == "wrong"
    assert f"{puzzle.amount} is possible" in verdict.message
    assert "this round (" in verdict.message  # the engine's own score line
    verdict = P.check_from(puzzle, before, ["keep; U U U U U U U"])
    assert verdict.kind == "illegal" and "segments" in verdict.message


def test_goal_texts_fill_the_amount_and_the_next_seat_and_never_format_a_file():
    shift = SHIFT.puzzles[0]
    assert P.goal_text(shift) == f"Score {shift.amount} points this round: the most any plan can."
    block = next(p for p in MANY if p.goal == "block")
    text = P.goal_text(block)
    assert "{" not in text and P.seat_name(block, P.next_seat(block)) in text
    odd = P.Puzzle(**{**shift.__dict__, "text": "{amount.__class__} {0} {"})
    assert P.goal_text(odd) == "{amount.__class__} {0} {"


def test_the_known_plans_preview_counts_the_other_plans():
    """The premise: the preview resolves the round against the submitted plans (the
    score the puzzle asks for), not against a still board."""
    puzzle = SHIFT.puzzles[0]
    before = puzzle.position()
    plan = before.parse_move(puzzle.solution[0][0])
    known = before.preview_known(puzzle.seat, plan)
    assert known.score.total == puzzle.amount
    assert known.score.total == before.apply(plan).breakdowns[-1][puzzle.seat].total


# -- Crystal Formation with more players -------------------------------------------------
def test_block_verifier_accepts_and_refuses_and_a_miss_names_the_reply():
    puzzle = next(p for p in MANY if p.goal == "block")
    assert T.verify_puzzle(puzzle) == []
    before = puzzle.position()
    wrong = some_miss(puzzle, before)
    padded = P.Puzzle(**{**puzzle.__dict__, "solution": puzzle.solution + (tuple(wrong),)})
    assert any("is wrong" in p for p in T.verify_puzzle(padded))
    verdict = P.check_from(puzzle, before, wrong)
    assert verdict.kind == "wrong"
    after = before.apply(before.parse_move(wrong[0]))
    reply = P.growing_reply(after)
    assert reply is not None and str(reply) in verdict.message
    # the reply really grows a tree for the next seat (the engine says so)
    nxt = after.current_player()
    assert after.apply(reply).trees(nxt) > after.trees(nxt)


def test_gain_with_more_players_is_verified():
    puzzle = next(p for p in MANY if p.goal == "gain")
    assert T.verify_puzzle(puzzle) == []


def test_block_is_refused_in_a_game_without_it():
    raw = json.loads((T.SEEDS / "puzzles-chromatic-collapse.json").read_text())
    raw["puzzles"] = raw["puzzles"][:1]
    raw["puzzles"][0]["goal"] = "block"
    with pytest.raises(P.PuzzleError, match="has a goal"):
        P.parse_book(raw, "x", "chromatic-collapse")


# -- the screen ----------------------------------------------------------------------------
def _open_shift(app, puzzle):
    from scenes import puzzles as S

    app.run_ticks(2)
    view = S.open_puzzle(app, "element-shift", puzzle.id, "list")
    app.run_ticks(3)
    assert view.phase == "doing" and view.mode() == "plan"
    return view


def _submit_plan(app, view, text):
    from scenes.play.element_shift.ui import take_plan

    plan = view.match.state.parse_move(text)
    view.apply_input(take_plan(view.game_ui, view.match.state, plan))
    view.submit_plan()
    app.run_until(lambda: not view.anim and not view.queue, max_ticks=4000)
    app.run_ticks(3)


def test_screen_shift_puzzle_solved_with_the_plan_editor(app):
    puzzle = SHIFT.puzzles[0]
    view = _open_shift(app, puzzle)
    # the editor's preview is the puzzle's premise: the score against the known plans
    plan = view.match.state.parse_move(puzzle.solution[0][0])
    shown = view.preview(view.match.state, puzzle.seat, plan)
    assert shown.score.total == puzzle.amount
    _submit_plan(app, view, puzzle.solution[0][0])
    assert view.phase == "solved", view.result


def test_screen_shift_miss_says_why_and_plays_the_best_plan(app):
    puzzle = SHIFT.puzzles[0]
    view = _open_shift(app, puzzle)
    _submit_plan(app, view, some_miss(puzzle, view.match.state)[0])
    shown = app.top
    assert shown is not view and shown.phase == "showing"
    assert shown.result.startswith("Missed: ") and "is possible" in shown.result
    app.run_until(lambda: shown.phase == "missed", max_ticks=6000)
    assert shown.played() == list(puzzle.solution[0])


def test_screen_shift_hint_draws_the_plan(app):
    puzzle = SHIFT.puzzles[0]
    view = _open_shift(app, puzzle)
    view.request_hint()
    assert str(view.hint) == puzzle.solution[0][0]
    app.run_ticks(2)
    app.draw(0.0)


def test_screen_shift_rush_moves_on_after_a_solved_plan(app):
    from scenes import puzzles as S

    app.run_ticks(2)
    rush = P.Rush(P.rush_order(SHIFT, 5))
    first = rush.current
    view = S.open_puzzle(app, "element-shift", first.id, "rush", rush=rush)
    app.run_ticks(3)
    _submit_plan(app, view, first.solution[0][0])
    assert view.phase == "solved" and rush.score == 1
    app.run_ticks(S.NEXT_TICKS + 5)
    assert app.top is not view and app.top.puzzle.id == rush.order[1].id
    assert app.top.phase == "doing"


@pytest.mark.parametrize("flag", ["--games", "--count", "--per-game"])
def test_generate_refuses_a_count_below_one_and_keeps_the_shipped_file(capsys, flag):
    shipped = T.SEEDS / "puzzles-element-shift.json"
    before = shipped.read_bytes()
    assert f"{flag} 0" in refused(T.main, ["generate", "element-shift", flag, "0"], capsys)
    assert shipped.read_bytes() == before


def test_generate_that_finds_nothing_writes_nothing(tmp_path, monkeypatch, capsys):
    """An empty search writes no empty book over the shipped file (the game would
    refuse to load it)."""
    monkeypatch.setattr(T, "generate", lambda *a, **k: [])
    out = tmp_path / "part.json"
    assert T.main(["generate", "element-shift", "--out", str(out)]) == 1
    assert not out.exists()
    assert "found no puzzles for element-shift: nothing written" in capsys.readouterr().err
