"""Element Shift: a named test per ruling and variation, properties, contract, bots.

Positions are built from text: ``position(patch, players)`` puts a small diagram of
F/W/G tiles at the top-left of an otherwise all-grass board and seats players given as
``"water@A1 fire@B2"``.  Seats are numbered in the order given.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.base import Budget
from game.ai.element_shift import (
    clear_shared_profiles,
    make_easy,
    make_expert,
    make_hard,
    make_medium,
    make_random,
)
from game.registry import GAMES
from game.rules.contract import ClockPreset, IllegalMove
from game.rules.element_shift import (
    CELLS,
    FIRE,
    GRASS,
    HIDDEN,
    SPEC,
    VARIATIONS,
    WATER,
    ElementShiftState,
    Plan,
    PlanList,
    StartPick,
    cell_name,
    parse_cell,
    resolve_round,
    score_round,
    state_from_diagram,
)
from tests.contract import illegal_text_checks, random_playout_checks

NAMES = {"fire": FIRE, "water": WATER, "grass": GRASS}


def position(
    patch: str = "", players: str = "", round_: int = 1, fill: str = "G", totals=None
) -> ElementShiftState:
    """A hand-made position: ``patch`` rows go at the top-left, ``fill`` elsewhere
    (a letter, or ``"diag"`` for F W G repeating along the diagonals, where every region
    is a single tile)."""
    rows = [r.strip() for r in patch.strip().splitlines() if r.strip()] if patch else []
    full = []
    for r in range(11):
        row = rows[r] if r < len(rows) else ""
        if fill == "diag":  # every region a single tile: F W G along the diagonals
            row += "".join("FWG"[(c + r) % 3] for c in range(len(row), 11))
        full.append(row.ljust(11, fill[0]))
    elements, cells = [], []
    for word in players.split():
        el, _, where = word.partition("@")
        elements.append(NAMES[el])
        cells.append(parse_cell(where))
    return state_from_diagram("\n".join(full), elements, cells, round_, totals)


def play(state: ElementShiftState, *plans: str) -> ElementShiftState:
    """Submit every seat's plan in seat order (the last one resolves the round)."""
    for text in plans:
        state = state.apply(state.parse_move(text))
    return state


def tile(state, name: str) -> int:
    return state.board[parse_cell(name)]


# ---------------------------------------------------------------------------------------
# Rule 1-3: board, seats, setup


def test_board_and_seats_dealt_from_the_seed():
    a, b = SPEC.new_game(11), SPEC.new_game(11)
    assert a == b
    assert a.tile_counts() == (40, 40, 41)
    assert sorted(a.elements) == [0] * 4 + [1] * 4 + [2] * 4
    assert a.num_players == 12 and a.round_number == 0 and a.phase == "setup"
    assert SPEC.new_game(12).board != a.board
    with pytest.raises(ValueError):
        SPEC.new_game(1, players=4)


def test_setup_pick_must_be_a_tile_of_your_element():
    s = SPEC.new_game(3)
    el = s.elements[0]
    wrong = next(c for c in range(CELLS) if s.board[c] != el)
    with pytest.raises(IllegalMove, match="must start on a"):
        s.apply(StartPick(wrong))
    assert len(s.legal_moves()) == s.tile_counts()[el]
    assert all(s.board[m.cell] == el for m in s.legal_moves())


def test_setup_picks_are_secret_shared_and_revealed_together():
    s = SPEC.new_game(4)
    # Seats of one element may all pick the same tile.
    first_tile = {}
    for seat in range(12):
        el = s.elements[seat]
        cell = first_tile.setdefault(el, s.legal_moves()[0].cell)
        assert s.current_player() == seat
        s = s.apply(StartPick(cell))
        if seat < 11:
            assert s.positions == (-1,) * 12  # nothing revealed yet
            view = s.public_view(seat + 1)
            assert view.pending[0] == HIDDEN and view.submitted(0)
    assert s.round_number == 1 and s.phase == "plan"
    assert s.positions == tuple(first_tile[e] for e in s.elements)
    assert s.start_picks == s.positions


# ---------------------------------------------------------------------------------------
# Rule 4: plans


def test_plan_leaving_the_board_is_refused_with_the_reason():
    s = position("W", "water@A1")
    with pytest.raises(IllegalMove, match="Segment 1: L from A1 leaves the board"):
        s.apply(s.parse_move("keep; L"))
    with pytest.raises(IllegalMove, match="Segment 3: U from B1 leaves the board"):
        s.apply(s.parse_move("keep; R stay U"))
    assert s.why_illegal(s.parse_move("keep; R D")) is None


def test_five_segments_and_short_plans_are_filled_with_stay():
    s = position("W", "water@A1")
    assert s.parse_move("keep; R") == Plan(False, ("R", "stay", "stay", "stay", "stay"))
    with pytest.raises(IllegalMove, match="5 segments"):
        s.apply(Plan(False, ("R",)))
    with pytest.raises(IllegalMove, match="5 segments"):
        s.parse_move("keep; R R R R R R")


def test_switch_becomes_the_beater_and_never_changes_the_tile():
    s = position("F", "fire@A1")
    after = play(s, "switch; stay")
    assert after.elements == (WATER,)
    assert tile(after, "A1") == FIRE  # not entered: standing still changes nothing
    assert after.breakdowns[0][0].matched is False and after.breakdowns[0][0].region == 0


def test_players_may_share_tiles():
    s = position("WF", "water@A1 water@B1")
    after = play(s, "keep; R", "keep; L")
    assert after.positions == (parse_cell("B1"), parse_cell("A1"))
    after = play(s, "keep; R", "keep; stay")
    assert after.positions[0] == after.positions[1]


def test_timeout_keeps_the_element_and_stays():
    s = position("W", "water@A1 fire@B1")
    assert s.timeout_move(0) == Plan(False, ("stay",) * 5)
    r7 = position("W", "water@A1", round_=7)
    assert r7.timeout_move(0) == Plan(False, ("stay",) * 6)
    setup = SPEC.new_game(9)
    pick = setup.timeout_move(0)
    assert pick == setup.timeout_move(0) and setup.board[pick.cell] == setup.elements[0]


# ---------------------------------------------------------------------------------------
# Rule 5: tile changes


def test_entered_tile_beaten_by_the_player_converts():
    s = position("WF", "water@A1")
    after = play(s, "keep; R")
    assert tile(after, "B1") == WATER
    line = after.breakdowns[0][0]
    assert (line.region_size, line.k, line.region) == (2, 1, 4)


def test_entered_tile_not_beaten_stays():
    s = position("FW", "fire@A1")
    after = play(s, "keep; R L R")
    assert tile(after, "B1") == WATER and tile(after, "A1") == FIRE


def test_start_tile_and_stay_tile_are_not_entered_but_stepping_back_is():
    # A water player standing on fire (after a switch) does not convert it by staying...
    s = position("FF", "water@A1")
    assert tile(play(s, "keep; stay"), "A1") == FIRE
    # ...but stepping away and back makes it the destination of a step.
    after = play(s, "keep; R L")
    assert tile(after, "A1") == WATER and tile(after, "B1") == WATER


def test_tile_changes_once_and_order_independent():
    # Fire tile B1 entered by water, grass and fire players: water beats fire, so it
    # becomes water and nothing more, whatever the seat order.
    s = position("WFG\nGGG", "water@A1 grass@C1 fire@B2")
    plans = ["keep; R", "keep; L", "keep; U"]
    after = play(s, *plans)
    assert tile(after, "B1") == WATER
    swapped = position("WFG\nGGG", "fire@B2 grass@C1 water@A1")
    after2 = play(swapped, *reversed(plans))
    assert after2.board == after.board
    assert [c.cell for seg in after.last_trace.conversions for c in seg] == [1]


def test_tile_change_judged_by_the_element_at_round_start():
    # Water enters fire B1 in segment 1; grass enters it in segment 3.  At the end of
    # the round B1 is judged as fire (its start element): grass does not beat fire.
    s = position("WFG", "water@A1 grass@C1")
    after = play(s, "keep; R", "keep; stay stay L")
    assert tile(after, "B1") == WATER


# ---------------------------------------------------------------------------------------
# Rule 6: scoring


def test_region_score_floor_and_k_counts_only_matching_players():
    # Water region A1 B1 C1 A2 B2 (5 tiles); three water players and a fire player in it.
    s = position("WWW\nWW", "water@A1 water@B1 water@C1 fire@B2")
    after = play(s, "keep; stay", "keep; stay", "keep; stay", "keep; stay")
    lines = after.breakdowns[0]
    assert [line.k for line in lines[:3]] == [3, 3, 3]
    assert [line.region for line in lines[:3]] == [3, 3, 3]  # floor(2 * 5 / 3)
    assert lines[3].matched is False and lines[3].region == 0
    assert lines[0].region_size == 5


def test_off_element_player_scores_no_region_points():
    s = position("WWWW", "fire@A1")
    line = play(s, "keep; stay").breakdowns[0][0]
    assert line.region == 0 and line.k == 0


def _split_board(counts):
    """Row-major board: counts[0] fire, then counts[1] water, then grass."""
    text = "F" * counts[0] + "W" * counts[1] + "G" * counts[2]
    return "\n".join(text[i * 11 : (i + 1) * 11] for i in range(11))


def test_leading_element_bonus_goes_to_the_element_that_beats_it():
    # 40 fire, 42 water, 39 grass: water leads, grass beats water.
    s = state_from_diagram(_split_board((40, 42, 39)), [GRASS, FIRE], [120, 0])
    assert s.leading_element() == WATER
    lines = play(s, "keep; stay", "keep; stay").breakdowns[0]
    assert lines[0].leading == 3 and lines[1].leading == 0


def test_leading_element_tie_means_no_bonus_and_is_judged_after_changes():
    # 41 fire, 41 water, 39 grass: tied for most, nobody leads.
    s = state_from_diagram(_split_board((41, 41, 39)), [GRASS, WATER], [120, parse_cell("I4")])
    assert s.leading_element() == -1
    lines = play(s, "keep; stay", "keep; stay").breakdowns[0]
    assert lines[0].leading == 0 and lines[0].region == 2 * 39
    # The water player steps up onto fire I3: 40 fire, 42 water after the change, so
    # water leads by the end of the round and grass earns the bonus.
    after = play(s, "keep; stay", "keep; U")
    assert after.leading_element() == WATER
    assert after.breakdowns[0][0].leading == 3
    assert after.breakdowns[0][1].region == 2 * 42


# ---------------------------------------------------------------------------------------
# Rule 7: variations


def test_round_one_theme_has_no_variation():
    v = VARIATIONS[1]
    assert v.name == "Theme" and v.segments == 5
    assert not (v.pandemic or v.rock_paper_scissors or v.knight_jumps or v.ray_first or v.tile_rush)


def test_pandemic_bonus_only_when_alone_in_your_region():
    # Water A1-B1 holds two players; water D1 holds one; a fire player on the grass.
    s = position("WWGW", "water@A1 water@B1 water@D1 fire@F5", round_=2)
    lines = play(s, *["keep; stay"] * 4).breakdowns[0]
    assert [line.pandemic for line in lines] == [0, 0, 3, 3]
    # A player of another element in your region also spoils it.
    s = position("WWGW", "water@A1 fire@B1", round_=2)
    lines = play(s, "keep; stay", "keep; stay").breakdowns[0]
    assert [line.pandemic for line in lines] == [0, 0]


def test_catholic_conversion_allows_only_diagonal_steps():
    s = position("W\nGF", "water@A1", round_=3)
    with pytest.raises(IllegalMove, match="only diagonal steps"):
        s.apply(s.parse_move("keep; R"))
    after = play(s, "keep; DR")
    assert tile(after, "B2") == WATER
    r1 = position("W\nGF", "water@A1")
    with pytest.raises(IllegalMove, match="round 3"):
        r1.apply(r1.parse_move("keep; DR"))


def test_rock_paper_scissors_two_points_per_player_beaten():
    s = position("", "water@A1 fire@B1 fire@C1 grass@D1 water@E1", round_=4)
    lines = play(s, *["keep; stay"] * 5).breakdowns[0]
    assert [line.rps for line in lines] == [4, 2, 2, 4, 4]  # water: 2 fire; fire: 1 grass
    s = position("", "water@A1 fire@B1 fire@C1", round_=4)
    lines = play(s, *["keep; stay"] * 3).breakdowns[0]
    assert [line.rps for line in lines] == [4, 0, 0]


def test_horsing_around_knight_landing_is_not_entered():
    s = position("WFF\nGGF\nGFF", "water@A1", round_=5)
    after = play(s, "keep; DDR")
    assert after.positions[0] == parse_cell("B3")
    assert tile(after, "B3") == FIRE
    after = play(s, "keep; DDR R")
    assert tile(after, "C3") == WATER and tile(after, "B3") == FIRE
    r1 = position("W", "water@A1")
    with pytest.raises(IllegalMove, match="round 5"):
        r1.apply(r1.parse_move("keep; DDR"))


def test_elemental_ray_enters_every_tile_to_the_edge_without_moving():
    s = position("WFFGFWFFFFF\nF", "water@A1 grass@D1", round_=6)
    after = play(s, "keep; ray E", "keep; stay")
    assert after.last_trace.positions[0][0] == 0  # did not move in segment 1
    row = [after.board[c] for c in range(11)]
    assert row == [WATER, WATER, WATER, GRASS, WATER, WATER] + [WATER] * 5
    assert tile(after, "A2") == FIRE
    assert after.last_trace.rays[0].cells == tuple(range(1, 11))
    # Only first, only in round 6, never off the edge.
    with pytest.raises(IllegalMove, match="first action"):
        s.apply(s.parse_move("keep; R ray E"))
    with pytest.raises(IllegalMove, match="off the board"):
        s.apply(s.parse_move("keep; ray N"))
    r1 = position("W", "water@A1")
    with pytest.raises(IllegalMove, match="round 6"):
        r1.apply(r1.parse_move("keep; ray E"))


def test_elemental_ray_tiles_change_once_per_round():
    # Ray over B1 (fire -> water); a grass player stepping on B1 later cannot flip it on.
    s = position("WFG", "water@A1 grass@C1", round_=6)
    after = play(s, "keep; ray E", "keep; stay L")
    assert tile(after, "B1") == WATER


def test_tile_rush_changes_tiles_every_segment():
    # Water enters fire B1 in segment 1 (-> water); grass enters B1 in segment 2, and
    # water is judged at that segment's start, so B1 ends grass.
    plans = ("keep; R", "keep; stay L")
    rush = play(position("WFG", "water@A1 grass@C1", round_=7), *plans)
    assert tile(rush, "B1") == GRASS
    assert [[(c.old, c.new) for c in seg] for seg in rush.last_trace.conversions[:2]] == [
        [(FIRE, WATER)],
        [(WATER, GRASS)],
    ]
    theme = play(position("WFG", "water@A1 grass@C1", round_=1), *plans)
    assert tile(theme, "B1") == WATER
    assert VARIATIONS[7].segments == 6


def test_tile_rush_changes_once_per_segment():
    # Water and grass enter fire B1 in the same segment: judged as fire, it becomes
    # water, not grass.
    s = position("WFG", "water@A1 grass@C1", round_=7)
    after = play(s, "keep; R", "keep; L")
    assert tile(after, "B1") == WATER


# ---------------------------------------------------------------------------------------
# Rule 8: the end


def test_final_ranking_shares_places_for_equal_totals():
    s = position("", "water@A1 water@K11 fire@F6", round_=7, totals=[10, 10, 5])
    # Three isolated... all on grass, off element: only the fire player (beats grass,
    # the leading element) scores 3.
    end = play(s, *["keep; stay"] * 3)
    assert end.is_terminal() and end.current_player() == -1 and end.legal_moves() == []
    assert end.totals == (10, 10, 8)
    assert end.outcome().places == (1, 1, 3)
    assert "share first place" in end.outcome().reason
    assert end.standings()[0][:2] == (1, 0) and end.standings()[2] == (3, 2, 8)
    with pytest.raises(IllegalMove, match="over"):
        end.apply(Plan.still(6))


def test_tournament_clock_is_120_seconds_per_submission():
    assert SPEC.tournament_clock == ClockPreset(120, 0)
    assert SPEC.clock("tournament").move_seconds == 120
    assert SPEC.timeout_policy == "move"


# ---------------------------------------------------------------------------------------
# Notation, JSON, hidden information, helpers


def test_notation_reads_back_and_is_case_insensitive():
    s = position("W", "water@E5", round_=6)
    for text in ("keep; R R D stay U", "switch; ray N L L stay D"):
        m = s.parse_move(text)
        assert str(m) == text and s.parse_move(str(m)) == m
    assert s.parse_move("SWITCH; Ray n l l STAY d") == s.parse_move("switch; ray N L L stay D")
    r5 = position("W", "water@E5", round_=5)
    assert str(r5.parse_move("keep; uur rrd")) == "keep; UUR RRD stay stay stay"
    setup = SPEC.new_game(1)
    assert setup.parse_move("START e5") == StartPick(parse_cell("E5"))
    assert cell_name(parse_cell("K11")) == "K11"
    for junk in ("keep; Q", "start Z9", "keep; R R R R R R R", "mistake"):
        with pytest.raises(IllegalMove):
            s.apply(s.parse_move(junk))


def test_json_round_trip_mid_game_with_trace():
    s = play(position("WF", "water@A1 fire@C3", round_=6), "keep; ray E", "switch; U")
    s = s.apply(s.parse_move("keep; D"))
    data = json.loads(json.dumps(s.to_json()))
    again = ElementShiftState.from_json(data)
    assert again == s and again.legal_moves() == s.legal_moves()
    assert again.last_trace.rays == s.last_trace.rays


def test_public_view_hides_other_seats_pending_plans():
    s = position("WF", "water@A1 fire@C3 grass@E5")
    s = play(s, "switch; R D", "keep; U")
    view = s.public_view(2)
    assert view.pending[:2] == (HIDDEN, HIDDEN) and view.submitted(0)
    assert "R D" not in json.dumps(view.to_json())
    own = s.public_view(0)
    assert str(own.pending[0]) == "switch; R D stay stay stay" and own.pending[1] == HIDDEN
    with pytest.raises(IllegalMove, match="hidden"):
        view.apply(view.parse_move("keep; stay"))


def test_bots_do_not_read_other_seats_pending_plans():
    base = SPEC.new_game(21)
    while base.round == 0:
        base = base.apply(base.legal_moves()[0])
    rng = random.Random(3)
    a, b = base, base
    for _ in range(5):  # seats 0-4 submit different plans in a and b
        moves = a.legal_moves()
        a = a.apply(moves[rng.randrange(len(moves))])
        b = b.apply(moves[rng.randrange(len(moves))])
    assert a.pending != b.pending
    for make in (make_easy, make_medium, make_hard, make_expert, make_random):
        clear_shared_profiles()  # hard bots share public work; start both from scratch
        pa = make().choose(a, rng=random.Random(5), budget=Budget(nodes=3000))
        clear_shared_profiles()
        pb = make().choose(b, rng=random.Random(5), budget=Budget(nodes=3000))
        assert pa == pb


def test_expert_prediction_is_public_and_the_same_whoever_makes_it():
    """Expert's level-k prediction of a round (Hard's planner run for every seat, then
    each seat's answer to that) reads only the public round state: made at seat 0's
    turn or at seat 5's after five different secret plans, it is the same."""
    from game.ai import element_shift as es

    base = SPEC.new_game(21)
    while base.round == 0:
        base = base.apply(base.legal_moves()[0])
    rng = random.Random(3)
    a, b = base, base
    for _ in range(5):
        moves = a.legal_moves()
        a = a.apply(moves[rng.randrange(len(moves))])
        b = b.apply(moves[rng.randrange(len(moves))])
    made = []
    for state in (base, a, b):
        clear_shared_profiles()
        plan = make_expert().choose(state, rng=random.Random(5), budget=Budget(nodes=200_000))
        assert state.why_illegal(plan) is None
        (pred,) = es._PREDICTIONS.values()
        assert pred.done and len(pred.draws) == pred.draws_wanted
        made.append((pred.draws, pred.level2, pred.level3))
    assert made[0] == made[1] == made[2]
    assert None not in made[0][1] and None not in made[0][2]


def test_preview_and_helpers_for_the_screen():
    s = position("WF", "water@A1 fire@F6")
    pv = s.preview(0, s.parse_move("keep; R"))
    assert pv.converts == (1,) and pv.element == WATER and pv.score.region == 4
    assert pv.path[0] == 1 and pv.entered == (1,)
    assert s.region_cells(0) == frozenset({0})
    assert s.variation().name == "Theme" and "stay" in s.variation().allowed
    assert s.why_illegal(s.parse_move("keep; U")) is not None
    assert [a.token for a in s.menu(0, 0)] == ["stay", "D", "R"]
    after = play(s, "keep; R", "keep; stay")
    assert after.round_points(0) == (4,)
    assert "region 2 / 1" in after.breakdowns[0][0].explain()


# ---------------------------------------------------------------------------------------
# Properties


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 7), st.integers(0, CELLS - 1), st.integers(0, 10**9))
def test_every_plan_index_reads_back_and_is_legal(round_, start, raw):
    plans = PlanList(round_, start)
    index = raw % len(plans)
    plan = plans[index]
    s = position("", "water@" + cell_name(start), round_=round_)
    assert s.parse_move(str(plan)) == plan
    assert s.why_illegal(plan) is None and plan in plans
    assert plans.index_of(plan) == index


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 7), st.permutations(range(12)))
def test_resolution_does_not_depend_on_seat_order(seed, round_, order):
    rng = random.Random(seed)
    board = tuple(rng.randrange(3) for _ in range(CELLS))
    positions = tuple(rng.randrange(CELLS) for _ in range(12))
    elements = tuple(rng.randrange(3) for _ in range(12))
    plans = [PlanList(round_, p)[rng.randrange(len(PlanList(round_, p)))] for p in positions]
    trace = resolve_round(round_, board, positions, elements, plans)
    perm = resolve_round(
        round_,
        board,
        tuple(positions[i] for i in order),
        tuple(elements[i] for i in order),
        [plans[i] for i in order],
    )
    assert perm.board_after == trace.board_after
    lines = score_round(round_, trace.board_after, trace.positions[-1], trace.elements)
    plines = score_round(round_, perm.board_after, perm.positions[-1], perm.elements)
    assert [plines[j] for j in range(12)] == [lines[i] for i in order]
    for seg in trace.conversions:
        assert len({c.cell for c in seg}) == len(seg)
        for c in seg:
            assert c.new == (c.old + 1) % 3


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_random_states_round_trip_and_never_mutate(seed):
    rng = random.Random(seed)
    s = SPEC.new_game(seed)
    for _ in range(rng.randrange(40)):
        moves = s.legal_moves()
        before = json.dumps(s.to_json())
        nxt = s.apply(moves[rng.randrange(len(moves))])
        assert json.dumps(s.to_json()) == before
        s = nxt
    again = SPEC.from_json(json.loads(json.dumps(s.to_json())))
    assert again == s and again.legal_moves() == s.legal_moves()
    assert sum(s.tile_counts()) == CELLS


# ---------------------------------------------------------------------------------------
# Contract


@pytest.mark.parametrize("seed", [1, 2])
def test_contract_random_playouts(seed):
    actions = random_playout_checks(SPEC, seed)
    assert actions == 12 * 8


def test_contract_illegal_text():
    illegal_text_checks(SPEC)


def test_spec_refuses_unknown_options():
    with pytest.raises(ValueError):
        SPEC.resolve_options(12, clock="fast")


# ---------------------------------------------------------------------------------------
# Bots


def _best_still_points(state, seat):
    return max(state.preview(seat, plan).score.total for plan in state.legal_moves())


def test_medium_finds_the_best_plan_against_a_still_board():
    # Stepping onto fire B1 joins the long water row (at least 11 tiles).
    s = position("WFWWWWWWWWW", "water@A1 fire@F6", fill="diag")
    plan = make_medium().choose(s, rng=random.Random(1), budget=Budget(nodes=10**6))
    preview = s.preview(0, plan)
    assert preview.score.total == _best_still_points(s, 0)
    assert parse_cell("B1") in preview.converts and preview.score.region >= 22


def test_hard_takes_the_obvious_conversion():
    s = position("WFWWWWWWWWW", "water@A1 fire@F6", fill="diag")
    plan = make_hard().choose(s, rng=random.Random(1), budget=Budget(nodes=10**6))
    preview = s.preview(0, plan)
    assert parse_cell("B1") in preview.converts and preview.score.region >= 22


def test_hard_is_aware_of_rock_paper_scissors():
    # Six fire players on single-tile regions: switching to water beats the other five
    # (+10), which no region here can match.
    s = position("", "fire@A1 fire@D1 fire@G1 fire@J1 fire@C2 fire@F2", round_=4, fill="diag")
    plan = make_hard().choose(s, rng=random.Random(2), budget=Budget(nodes=10**6))
    assert plan.switch and s.preview(0, plan).score.rps == 10


class _ScriptedDraws(random.Random):
    """An rng whose ``randrange`` returns the given indices in turn, the last one again
    once they run out (which plans a bot draws), and whose ``choice`` takes the first
    item."""

    def __init__(self, indices):
        super().__init__(0)
        self.indices = list(indices)

    def randrange(self, *args, **kwargs):
        return self.indices.pop(0) if len(self.indices) > 1 else self.indices[0]

    def choice(self, seq):
        return seq[0]


def test_easy_keeps_a_draw_that_ends_on_a_tile_it_converts():
    """Easy keeps a draw that ends on a tile it will hold when the round is over.  Water
    at A1: "R" ends on the fire tile B1, which it converts (held); "R R" ends on the
    grass tile C1 (not held).  Judged by the end tile's element as the round begins,
    both draws would look bad and the first, "R R", be played."""
    s = position("WF", "water@A1 fire@F6", fill="diag")
    moves = s.legal_moves()
    convert, past = s.parse_move("keep; R"), s.parse_move("keep; R R")
    assert s.preview(0, convert).score.matched and not s.preview(0, past).score.matched
    rng = _ScriptedDraws([moves.index(past), moves.index(convert), moves.index(past)])
    assert make_easy().choose(s, rng=rng) == convert
    # With no good draw among its three it plays the first one drawn.
    rng = _ScriptedDraws([moves.index(past)] * 3)
    assert make_easy().choose(s, rng=rng) == past


@pytest.mark.parametrize("make", [make_medium, make_hard, make_expert])
def test_seats_of_one_element_spread_over_the_regions_at_the_start(make):
    """Start picks are secret and simultaneous, and every seat of an element reads the
    same board.  Twelve bots of one level at seed 20000: the seats of each element take
    regions where none of them would do better alone elsewhere (round 1 pays
    2 x size / k).  Before, each Hard dodged "the crowd" by the same reasoning, so all
    four of an element went to one region (fire: a 3-tile region shared four ways while
    two 4-tile regions stood empty), and all four Mediums went to the largest."""
    from game.rules.element_shift import region_labels

    s = SPEC.new_game(20000)
    labels, sizes = region_labels(s.board)
    picks = {}
    while s.round == 0:
        seat = s.current_player()
        clear_shared_profiles()
        move = make().choose(s, rng=random.Random(seat), budget=Budget(nodes=5000))
        picks[seat] = move.cell
        s = s.apply(move)
    assert sorted(picks) == list(range(12))
    for element in (FIRE, WATER, GRASS):
        seats = [seat for seat in picks if s.elements[seat] == element]
        regions = {seat: labels[picks[seat]] for seat in seats}
        assert all(s.board[picks[seat]] == element for seat in seats)
        own = {labels[c] for c in range(len(s.board)) if s.board[c] == element}
        for seat, lab in regions.items():
            k = list(regions.values()).count(lab)
            for other in own - {lab}:
                there = sum(1 for o, r in regions.items() if o != seat and r == other)
                assert sizes[lab] / k >= sizes[other] / (there + 1), (element, seat, other)
        assert len(set(regions.values())) > 1, (element, regions)


def test_every_bot_plays_legal_moves_through_a_game():
    bots = [make_random(), make_easy(), make_medium(), make_hard()] * 3
    s = SPEC.new_game(8)
    rng = random.Random(8)
    while not s.is_terminal():
        seat = s.current_player()
        move = bots[seat].choose(s, rng=rng, budget=Budget(nodes=5000))
        assert s.why_illegal(move) is None
        s = s.apply(move)
    assert len(s.breakdowns) == 7


def test_bot_levels_have_names_and_budgets():
    for level in ("random", "easy", "medium", "hard"):
        bot = GAMES[SPEC.id].make_bot(level)
        assert bot.name == level and bot.think_seconds > 0
