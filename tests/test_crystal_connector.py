"""Crystal Connector: one named test per ruling (seeds/crystal-connector.md) and per anomaly, property
tests, the engine contract and bot tactics.  Positions are written as diagrams:
``R B G Y`` crystals (lower case: spiked), ``X`` bomb, ``C`` chameleon, ``P`` pylon,
``O`` rock; rows top (row 1) to bottom, columns A-F."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.base import Budget
from game.ai.crystal_connector import (
    EasyBot,
    ExpertBot,
    HardBot,
    MediumBot,
    RandomCrystalBot,
    encode,
    first_round_margins,
    lines_mask,
    plan_turn,
)
from game.rules.contract import ClockPreset, IllegalMove
from game.rules.crystal_connector import (
    ANOMALY_NAMES,
    BLUE,
    BOMB,
    CHAMELEON,
    GREEN,
    PYLON,
    RED,
    ROCK,
    SPEC,
    YELLOW,
    Anomalies,
    Convert,
    CrystalConnectorState,
    MoveOrder,
    Pass,
    PickOrder,
    Shift,
    TakeColours,
    batch_largest,
    largest_sizes,
    parse_move,
)
from tests.contract import illegal_text_checks, random_playout_checks

ALL_ON = {name: True for name in ANOMALY_NAMES}

# A board whose groups are easy to count: red 4 (A1-B2 block), blue 3 (row 4 D-F)...
PLAIN = """
R R G Y G Y
R R Y G Y G
G Y G Y G Y
Y G Y B B B
G Y G Y G Y
B G B G B R
"""


def position(diagram: str, anomalies: Anomalies | None = None, **fields) -> CrystalConnectorState:
    """A play-phase state: seat 0 owns red+blue, seat 1 green+yellow, seat 0 moves first."""
    base = dict(phase="play", colours=((RED, BLUE), (GREEN, YELLOW)), first_mover=0, to_move=0)
    base.update(fields)
    return CrystalConnectorState.from_diagram(diagram, anomalies, **base)


def play(state, *texts):
    for t in texts:
        state = state.apply(state.parse_move(t))
    return state


def started(seed=1, **options):
    s = SPEC.new_game(seed, **options)
    return play(s, "pick first", "take red", "take blue green", "move second")


# -- ruling 1: the board ---------------------------------------------------------------
def test_ruling1_board_has_nine_of_each_colour_and_is_seeded():
    s = SPEC.new_game(42)
    assert Counter(s.board) == {RED: 9, BLUE: 9, GREEN: 9, YELLOW: 9}
    assert SPEC.new_game(42).board == s.board
    assert SPEC.new_game(43).board != s.board


# -- ruling 2: setup as real moves -------------------------------------------------------
def test_ruling2_setup_pick_order_colours_and_move_order():
    s = SPEC.new_game(1)
    assert (s.phase, s.current_player(), s.round_number) == ("pick_order", 0, 0)
    assert s.legal_moves() == [PickOrder(True), PickOrder(False)]
    s = play(s, "pick second")  # Player 2 picks first
    assert (s.phase, s.current_player()) == ("first_pick", 1)
    assert len(s.legal_moves()) == 4
    with pytest.raises(IllegalMove, match="one colour"):
        s.apply(TakeColours((RED, BLUE)))
    s = play(s, "take green")
    assert (s.phase, s.current_player()) == ("second_pick", 0)
    assert len(s.legal_moves()) == 3
    with pytest.raises(IllegalMove, match="Green is already taken"):
        s.apply(s.parse_move("take green red"))
    s = play(s, "take Yellow and RED")
    assert s.colours == ((RED, YELLOW), (BLUE, GREEN))  # the last colour is given
    assert (s.phase, s.current_player()) == ("move_order", 1)  # Player 2 chooses
    with pytest.raises(IllegalMove, match="Player 2 chooses"):
        s.apply(Shift("A", "up", 1))
    s = play(s, "move first")
    assert (s.phase, s.current_player(), s.first_mover, s.round_number) == ("play", 1, 1, 1)


# -- ruling 3: shifts and turns ----------------------------------------------------------
def test_ruling3_column_shift_wraps_upwards():
    s = position(PLAIN)
    after = play(s, "A up 2")
    # column A read top to bottom was R R G Y G B; up 2 -> G Y G B R R
    assert [after.board[r * 6] for r in range(6)] == [GREEN, YELLOW, GREEN, BLUE, RED, RED]
    assert Counter(after.board) == Counter(s.board)


def test_ruling3_row_shift_wraps_right():
    s = position(PLAIN)
    after = play(s, "4 right 3")
    assert after.board[18:24] == (BLUE, BLUE, BLUE, YELLOW, GREEN, YELLOW)


def test_ruling3_turn_is_exactly_three_shifts():
    s = position(PLAIN)
    s1 = play(s, "A up 1", "B down 2")
    assert s1.current_player() == 0 and s1.shifts_left() == 1 and not s1.turn_log
    s2 = play(s1, "3 left 4")
    assert s2.current_player() == 1 and s2.shifts_left() == 3 and len(s2.turn_log) == 1
    assert s2.turn_log[0].actions == ("A up 1", "B down 2", "3 left 4")


def test_ruling3_notation_reads_case_insensitively_and_refuses_readably():
    assert parse_move("c UP 2") == Shift("C", "up", 2)
    assert parse_move(" 2 Right 3 ") == Shift("2", "right", 3)
    assert str(parse_move("2 right 3")) == "2 right 3"
    with pytest.raises(IllegalMove, match="Column C moves up or down"):
        parse_move("C left 2")
    with pytest.raises(IllegalMove, match="1 to 5"):
        parse_move("C up 6")
    with pytest.raises(IllegalMove, match="not a line"):
        parse_move("G up 1")
    with pytest.raises(IllegalMove, match="Row 3 moves left or right"):
        position(PLAIN).apply(Shift("3", "up", 1))


# -- ruling 4: the ban -------------------------------------------------------------------
def test_ruling4_opponent_lines_of_last_turn_are_banned_for_one_turn():
    s = play(position(PLAIN), "C up 1", "2 right 1", "C up 1")  # same line twice is fine
    assert s.current_player() == 1
    assert set(s.banned_lines()) == {"C", "2"}
    with pytest.raises(IllegalMove, match="Column C was shifted by your opponent last turn"):
        s.apply(s.parse_move("C down 3"))
    assert s.why_illegal(Shift("2", "left", 1)) == "Row 2 was shifted by your opponent last turn"
    assert not any(isinstance(m, Shift) and m.line in "C2" for m in s.legal_moves())
    s = play(s, "D up 1", "D up 1", "5 left 2")
    assert set(s.banned_lines()) == {"D", "5"}  # C and row 2 are free again
    play(s, "C up 1", "2 right 1", "A up 3")


# -- ruling 5: scoring -------------------------------------------------------------------
def test_ruling5_both_players_score_their_product_when_a_turn_ends():
    s = position(PLAIN, totals=(10, 7))
    # three shifts of row 6 by 2 bring it back: the board scores as drawn
    after = play(s, "6 right 2", "6 right 2", "6 right 2")
    assert after.board == s.board
    assert largest_sizes(s.board) == (4, 3, 1, 1)
    assert after.turn_log[-1].products == (12, 1)
    assert after.totals == (22, 8)
    preview = s.turn_points_preview()
    assert preview[0].text == "+12 = 4 x 3" and preview[1].points == 1


def test_ruling5_groups_are_orthogonal_and_do_not_wrap():
    s = position("""
        R G B Y G R
        G R Y B R G
        B Y G Y B Y
        Y B Y G Y B
        G Y B Y G Y
        B G Y B Y G
    """)
    # A1 and F1 touch only across the edge; B2 touches A1 only diagonally
    assert s.largest_group(RED).size == 1
    assert len(s.groups(RED)) == 4


def test_ruling5_points_accumulate_over_turns():
    s = position(PLAIN)
    s = play(s, "6 right 2", "6 right 2", "6 right 2", "5 left 2", "5 left 2", "5 left 2")
    assert s.totals == (24, 2) and s.score_history() == [(1, 24, 2)]


# -- ruling 6: the end ---------------------------------------------------------------------
def test_ruling6_game_ends_only_at_the_end_of_a_round():
    s = position(PLAIN, totals=(245, 100))
    s = play(s, "6 right 2", "6 right 2", "6 right 2")
    assert s.totals[0] >= 250 and not s.is_terminal()  # first mover's turn: no check
    s = play(s, "5 left 2", "5 left 2", "5 left 2")
    assert s.is_terminal() and s.outcome().winners == (0,)
    assert s.current_player() == -1 and s.legal_moves() == []
    assert "250" in s.outcome().reason


def test_ruling6_tied_totals_play_on_until_they_differ():
    s = position(PLAIN, totals=(250, 261))  # after this round: 262 and 262
    s = play(s, "6 right 2", "6 right 2", "6 right 2", "5 left 2", "5 left 2", "5 left 2")
    assert s.totals == (274, 263) and s.is_terminal()
    t = position(PLAIN, totals=(250, 261 + 11))
    t = play(t, "6 right 2", "6 right 2", "6 right 2", "5 left 2", "5 left 2", "5 left 2")
    assert t.totals == (274, 274) and not t.is_terminal()
    t = play(t, "6 right 2", "6 right 2", "6 right 2", "5 left 2", "5 left 2", "5 left 2")
    assert t.is_terminal() and t.outcome().winners == (0,)


def test_project_ruling_game_ends_after_100_rounds():
    s = position(PLAIN, totals=(0, 22), turns_taken=(99, 99))
    s = play(s, "6 right 2", "6 right 2", "6 right 2", "5 left 2", "5 left 2", "5 left 2")
    assert s.is_terminal() and s.outcome().is_draw and "100 rounds" in s.outcome().reason


def test_the_end_is_kept_as_a_code_and_worded_in_the_readers_language():
    """The state says how the game ended as a code; the outcome words it in the current
    language (switched mid-game, read on a phone in another one), and a state file
    keeps the code."""
    from game.text import i18n

    s = position(PLAIN, totals=(245, 100))
    s = play(s, "6 right 2", "6 right 2", "6 right 2", "5 left 2", "5 left 2", "5 left 2")
    assert s.end_reason == "threshold"
    english = s.outcome().reason
    assert english.startswith("Player 1 wins") and "250" in english
    before = i18n.language()
    try:
        i18n.set_language("de")
        german = s.outcome().reason
        assert german != english and "250" in german
    finally:
        i18n.set_language(before)
    back = CrystalConnectorState.from_json(json.loads(json.dumps(s.to_json())))
    assert back == s and back.outcome().reason == english
    # a reason written before the codes is shown as written
    assert replace(s, end_reason="Player 1 won").outcome().reason == "Player 1 won"


# -- ruling 7: shift preview is the screen's; the engine takes one shift per action -----
def test_ruling7_each_shift_is_its_own_action_and_scoring_waits_for_the_turn_end():
    s = position(PLAIN)
    m = Shift("A", "down", 1)
    after = s.apply(m)
    assert after.board == s.shift_result(m)[0] != s.board
    assert after.totals == (0, 0) and after.shifts_left() == 2


# -- ruling 8: the clock -------------------------------------------------------------------
def test_ruling8_clock_preset_and_proxy_policy():
    assert SPEC.tournament_clock == ClockPreset(90, 180)
    assert SPEC.timeout_policy == "proxy"


def test_ruling8_timeout_passes_the_rest_of_the_turn_and_still_scores():
    s = play(position(PLAIN), "6 right 2")
    move = s.timeout_move(0)
    assert str(move) == "pass" and s.parse_move("pass") == move == Pass()
    assert s.timeout_move(1) is None
    with pytest.raises(IllegalMove, match="only when the clock ran out"):
        s.apply(move)  # a pass is the clock's action, never a choice
    after = s.apply_timeout(move)
    assert after.current_player() == 1 and after.turn_log[-1].actions == ("6 right 2", "pass")
    assert after.totals == tuple(p.points for p in s.turn_points_preview())
    assert after.banned_lines().keys() == {"6"}


def test_ruling8_stand_in_bot_picks_the_turn_worst_for_the_late_player():
    s = position(PLAIN)
    rng = random.Random(3)
    bot = MediumBot()
    proxied = s
    while proxied.current_player() == 0:
        proxied = proxied.apply(bot.choose_for_late_seat(proxied, late_seat=0, rng=rng))
    own = s
    while own.current_player() == 0:
        own = own.apply(bot.choose(own, rng=rng))
    late_gain = lambda t: t.turn_log[-1].products[0] - t.turn_log[-1].products[1]  # noqa: E731
    assert late_gain(proxied) < 0 < late_gain(own)
    # setup choices by a stand-in are legal too
    setup = SPEC.new_game(2)
    assert bot.choose_for_late_seat(setup, late_seat=0, rng=rng) in setup.legal_moves()


# -- anomalies -------------------------------------------------------------------------------
def test_anomaly_bombs_pieces_threshold_and_bombed_groups():
    s = SPEC.new_game(5, bombs=True)
    assert Counter(s.board) == {RED: 8, BLUE: 8, GREEN: 9, YELLOW: 9, BOMB: 2}
    assert s.threshold == 200
    s = position(
        """
        R R R G Y G
        X G Y G Y G
        Y R Y G Y B
        G R Y Y G B
        Y G G Y X Y
        G Y G B B G
    """,
        Anomalies(bombs=True),
    )
    # the red trio A1-C1 touches the bomb on A2; the red pair B3-B4 is safe
    assert s.largest_group(RED).size == 2
    # blue F3-F4 is clear of the bomb at E5 (diagonal only); D6-E6 touches it
    assert s.largest_group(BLUE).cells == (17, 23)
    assert largest_sizes(s.board)[BLUE] == 2
    all_bombed = position(
        """
        R X G Y G Y
        Y G Y G Y G
        G Y G Y G Y
        Y G Y G Y G
        G Y G Y G B
        Y G Y G B X
    """,
        Anomalies(bombs=True),
    )
    assert largest_sizes(all_bombed.board)[RED] == 0 and largest_sizes(all_bombed.board)[BLUE] == 0


def test_anomaly_color_convertor_first_action_own_colour_once():
    s = position(PLAIN, Anomalies(convertor=True))
    assert Convert(0, BLUE) in s.legal_moves()
    assert s.why_illegal(Convert(2, YELLOW)) == "C1 is green, not one of your colours"
    assert s.why_illegal(Convert(0, GREEN)).startswith("You can only convert into your other")
    after = play(s, "convert a1 BLUE")
    assert after.board[0] == BLUE and after.shifts_left() == 3
    with pytest.raises(IllegalMove, match="already converted"):
        after.apply(Convert(1, BLUE))
    shifted = play(s, "A up 1")
    with pytest.raises(IllegalMove, match="before any shift"):
        shifted.apply(Convert(1, BLUE))
    done = play(after, "A up 1", "A down 1", "B up 3")
    assert done.current_player() == 1 and done.can_convert()
    plain = position(PLAIN)
    assert "Color Convertor" in plain.why_illegal(Convert(0, BLUE))
    assert not any(isinstance(m, Convert) for m in plain.legal_moves())


def test_anomaly_chameleon_counts_in_every_colour():
    s = SPEC.new_game(5, chameleon=True)
    assert Counter(s.board) == {RED: 9, BLUE: 9, GREEN: 8, YELLOW: 8, CHAMELEON: 2}
    assert s.threshold == 300
    s = position(
        """
        R C B Y G Y
        R G B G Y G
        G Y G Y G Y
        Y G Y G Y C
        G Y G Y G Y
        Y G Y G Y G
    """,
        Anomalies(chameleon=True),
    )
    # B1 links the reds of column A and the blues of column C, and counts in both
    assert s.largest_group(RED).size == 3 and s.largest_group(BLUE).size == 3
    # the chameleon on F4 alone is a group of one in every colour (E3-F3? F3 is yellow)
    assert any(g.cells == (23,) for g in s.groups(RED))


def test_anomaly_chameleon_next_to_a_bomb_bombs_every_group_it_belongs_to():
    """The rulings: a group is bombed when any of its crystals touches a bomb, and a
    chameleon is a crystal of every colour; the card says so in as many words."""
    s = position(
        """
        R C B Y G Y
        G X G B Y G
        G Y G Y G Y
        Y G Y G R R
        G Y G Y G Y
        Y G Y G Y G
    """,
        Anomalies(bombs=True, chameleon=True),
    )
    # A1 and C1 do not touch the bomb on B2 themselves; the chameleon on B1 does
    red = next(g for g in s.groups(RED) if 0 in g.cells)
    blue = next(g for g in s.groups(BLUE) if 2 in g.cells)
    assert red.cells == (0, 1) and red.bombed
    assert blue.cells == (1, 2) and blue.bombed
    assert s.largest_group(RED).cells == (22, 23)  # the clear pair E4-F4
    card = (Path(__file__).resolve().parent.parent / "seeds" / "crystal-connector.md").read_text()
    assert "A chameleon next to a bomb" in card and "every group it belongs to" in card


def test_anomaly_pylons_double_crystals_in_lines_with_two_pylons():
    s = SPEC.new_game(5, pylons=True)
    assert Counter(s.board) == {RED: 8, BLUE: 8, GREEN: 8, YELLOW: 8, PYLON: 4}
    assert s.threshold == 300
    s = position(
        """
        P R R G P Y
        R G Y B G B
        G Y G Y B Y
        P G Y G Y G
        G Y G Y G Y
        Y G Y G Y B
    """,
        Anomalies(pylons=True),
    )
    # row 1 and column A each hold two pylons: B1, C1 and A2 count 2 each
    assert s.largest_group(RED).size == 4  # B1 + C1, doubled
    assert largest_sizes(s.board)[RED] == 4
    assert s.largest_group(BLUE).size == 1  # blues off the doubled lines
    assert 6 in s.double_cells() and 1 in s.double_cells() and 7 not in s.double_cells()


def test_anomaly_pylons_crystal_in_two_doubled_lines_counts_two_not_four():
    s = position(
        """
        P R P G B Y
        G G Y B G B
        P Y G Y B Y
        G G Y G Y G
        G Y G Y G Y
        Y G Y G Y B
    """,
        Anomalies(pylons=True),
    )
    assert s.largest_group(RED).size == 2  # B1: row 1 has 2 pylons, column B none
    t = position(
        """
        P G Y G B Y
        G R Y B G B
        Y P G Y B Y
        G G Y G Y G
        G P G Y G Y
        Y G Y G Y B
    """,
        Anomalies(pylons=True),
    )
    # B2 sits in column B (pylons B3, B5) only: 2
    assert t.largest_group(RED).size == 2
    u = position(
        """
        G P Y G B Y
        P R Y B G P
        Y Y G Y B Y
        G G Y G Y G
        G P G Y G Y
        Y G Y G Y B
    """,
        Anomalies(pylons=True),
    )
    # B2: row 2 holds A2+F2, column B holds B1+B5: still 2, not 4
    assert u.largest_group(RED).size == 2


def test_anomaly_rocks_start_apart_and_may_not_cross_the_edge():
    for seed in range(20):
        s = SPEC.new_game(seed, rocks=True)
        rocks = [i for i, p in enumerate(s.board) if p == ROCK]
        assert len(rocks) == 4
        assert len({i // 6 for i in rocks}) == 4 and len({i % 6 for i in rocks}) == 4
    assert SPEC.new_game(1, rocks=True).threshold == 200
    s = position(
        """
        R R G Y G Y
        R O Y G Y G
        G Y G Y G Y
        Y G Y B B B
        G Y G Y G Y
        B Y B G B R
    """,
        Anomalies(rocks=True),
    )
    # 2 right 5 and 2 left 1 give the same board without rocks; with the rock on B2
    assert s.why_illegal(Shift("2", "left", 1)) is None
    assert s.why_illegal(Shift("2", "right", 5)) == (
        "The rock on B2 would go over the edge: Row 2 can move right at most 4"
    )
    assert s.line_limits("2") == (1, 4) and s.line_limits("B") == (1, 4)
    t = play(s, "2 left 1")
    # Lines are named as everywhere else on screen ("Row 2", "Column A"), capitalised.
    assert t.why_illegal(Shift("2", "left", 1)) == (
        "The rock on A2 is at the edge: Row 2 cannot move left"
    )


def test_anomaly_shift_plus_counts():
    expected = [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5]
    got = [
        position(PLAIN, Anomalies(shift_plus=True), turns_taken=(t, t)).shifts_required()
        for t in range(12)
    ]
    assert got == expected
    s = play(position(PLAIN, Anomalies(shift_plus=True)), "A up 1", "A down 1")
    assert s.current_player() == 1


def test_anomaly_spikes_pay_the_opponent_per_space_travelled():
    s = SPEC.new_game(5, spikes=True)
    spiked = Counter(p for p, sp in zip(s.board, s.spikes, strict=True) if sp)
    assert spiked == {RED: 2, BLUE: 2, GREEN: 2, YELLOW: 2} and s.threshold == 300
    s = position(
        """
        r R G Y G Y
        R R Y G y G
        G Y G Y G Y
        Y G Y B B B
        G Y G Y G Y
        B Y B G B R
    """,
        Anomalies(spikes=True),
    )
    assert play(s, "1 right 4").totals == (0, 4)  # one spike, 4 spaces
    assert play(s, "1 left 2").totals == (0, 2)  # same board, other way: 2
    t = play(s, "1 right 4", "A down 1")  # the spike is now on E1; A has none
    assert t.totals == (0, 4) and t.spikes_travelled_this_turn == 4
    assert s.spike_cost(Shift("E", "up", 3)) == 3
    # both players past 15 turns: spikes vanish at the end of that round
    late = position(s.diagram(), Anomalies(spikes=True), turns_taken=(15, 14), to_move=1)
    late = play(late, "6 right 2", "6 right 2", "6 right 2")
    assert not late.spikes_active and late.turns_taken == (15, 15)


def test_anomalies_combine_and_fit():
    s = SPEC.new_game(9, **ALL_ON)
    assert Counter(s.board) == {
        RED: 6,
        BLUE: 6,
        GREEN: 6,
        YELLOW: 6,
        BOMB: 2,
        CHAMELEON: 2,
        PYLON: 4,
        ROCK: 4,
    }
    assert s.threshold == 300
    assert SPEC.new_game(9, bombs=True, pylons=True).threshold == 250
    with pytest.raises(ValueError):
        SPEC.resolve_options(3)


# -- helpers for the screen ---------------------------------------------------------------------
def test_helpers_json_round_trip_and_history():
    s = started(4, spikes=True, rocks=True, convertor=True)
    rng = random.Random(2)
    for _ in range(20):
        s = s.apply(rng.choice(s.legal_moves()))
    again = CrystalConnectorState.from_json(json.loads(json.dumps(s.to_json())))
    assert again == s and again.legal_moves() == s.legal_moves()
    assert [r for r, _, _ in s.score_history()] == sorted({r for r, _, _ in s.score_history()})


# -- properties -----------------------------------------------------------------------------------
pieces = st.lists(
    st.sampled_from([RED, BLUE, GREEN, YELLOW, BOMB, CHAMELEON, PYLON, ROCK]),
    min_size=36,
    max_size=36,
)
crystal_pieces = st.lists(st.sampled_from([RED, BLUE, GREEN, YELLOW]), min_size=36, max_size=36)
shifts = st.builds(
    lambda line, fwd, d: Shift(
        line, ("down" if fwd else "up") if line.isalpha() else ("right" if fwd else "left"), d
    ),
    st.sampled_from("ABCDEF123456"),
    st.booleans(),
    st.integers(1, 5),
)


def _opposite(m: Shift) -> Shift:
    flip = {"up": "down", "down": "up", "left": "right", "right": "left"}
    return Shift(m.line, flip[m.direction], m.distance)


@settings(max_examples=150, deadline=None)
@given(crystal_pieces, st.lists(st.booleans(), min_size=36, max_size=36), shifts)
def test_property_a_shift_keeps_contents_and_its_opposite_restores(board, spikes, move):
    s = CrystalConnectorState(
        Anomalies(),
        tuple(board),
        tuple(spikes),
        phase="play",
        colours=((0, 1), (2, 3)),
        first_mover=0,
    )
    b, sp = s.shift_result(move)
    assert Counter(b) == Counter(board) and sum(sp) == sum(spikes)
    back = CrystalConnectorState(
        Anomalies(), b, sp, phase="play", colours=((0, 1), (2, 3)), first_mover=0
    )
    assert back.shift_result(_opposite(move)) == (tuple(board), tuple(spikes))


@settings(max_examples=200, deadline=None)
@given(st.lists(pieces, min_size=1, max_size=8))
def test_property_scalar_and_batch_group_sizes_agree(boards):
    got = batch_largest(np.array(boards, dtype=np.uint8))
    for b, row in zip(boards, got, strict=True):
        assert tuple(int(x) for x in row) == largest_sizes(b)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([{}, ALL_ON, {"rocks": True, "spikes": True}]),
    st.integers(0, 30),
)
def test_property_json_and_notation_round_trips(seed, options, steps):
    s = SPEC.new_game(seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        for m in s.legal_moves():
            assert s.parse_move(str(m)) == m
            assert s.parse_move(str(m).upper()) == m
        s = s.apply(rng.choice(s.legal_moves()))
    again = SPEC.from_json(json.loads(json.dumps(s.to_json())))
    assert again == s and again.legal_moves() == s.legal_moves()


# -- contract ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "seed,options",
    [
        (1, {}),
        (2, ALL_ON),
        (3, {"shift_plus": True, "convertor": True}),
        (4, {"rocks": True, "bombs": True}),
    ],
)
def test_contract_random_playouts(seed, options):
    random_playout_checks(SPEC, seed, options=options, check_every=7)


def test_contract_illegal_text():
    illegal_text_checks(SPEC)
    s = started()
    for junk in ("", "banana", "x" * 500, "\x00", "convert Z9 red", "take purple"):
        with pytest.raises(IllegalMove):
            s.parse_move(junk)


# -- bots ----------------------------------------------------------------------------------------
WIN_POSITION = """
G Y B R R B
Y B G R G R
Y G R B Y Y
R G Y G R Y
B G B B B R
G B Y G Y R
"""


def _finish_turn(state, bot, rng):
    seat = state.current_player()
    while state.current_player() == seat:
        state = state.apply(bot.choose(state, rng=rng, budget=Budget(nodes=10**7)))
    return state


def test_hard_takes_a_game_winning_turn():
    # Player 2 (second mover) can reach 250 and lead only with a rare turn; the turn
    # best for points difference (Medium's) falls one point short.
    s = position(
        WIN_POSITION,
        colours=((GREEN, YELLOW), (RED, BLUE)),
        to_move=1,
        totals=(195, 209),
        turns_taken=(5, 4),
        banned=("A", "3", "E"),
    )
    rng = random.Random(0)
    won = _finish_turn(s, HardBot(), rng)
    assert won.is_terminal() and won.outcome().winners == (1,)
    medium = _finish_turn(s, MediumBot(), rng)
    assert not medium.is_terminal()


def test_medium_finds_the_best_last_shift_with_spikes_and_rocks():
    s = position(
        """
        r R G Y G Y
        R O Y G y G
        G Y G b G Y
        Y G Y B B O
        G Y G Y G Y
        B Y B G B R
    """,
        Anomalies(spikes=True, rocks=True),
        lines_this_turn=("6", "6"),
        banned=("D",),
    )
    best = max(
        s.apply(m).turn_log[-1].products[0] - s.apply(m).turn_log[-1].products[1] - s.spike_cost(m)
        for m in s.legal_moves()
    )
    m = MediumBot().choose(s, rng=random.Random(1))
    after = s.apply(m)
    got = after.turn_log[-1].products[0] - after.turn_log[-1].products[1] - s.spike_cost(m)
    assert got == best


def test_search_plan_matches_engine_for_whole_turn():
    s = position(PLAIN)
    plan = plan_turn(s, 0)
    i = int(plan.diff.argmax())
    after = _finish_turn(s, MediumBot(), random.Random(5))
    rec = after.turn_log[-1]
    assert rec.products[0] - rec.products[1] == plan.diff[i]


def test_bots_make_legal_choices_in_every_phase_and_on_tiny_budgets():
    rng = random.Random(8)
    for bot in (RandomCrystalBot(), EasyBot(), MediumBot(), HardBot()):
        s = SPEC.new_game(11, **ALL_ON)
        for _ in range(12):
            m = bot.choose(s, rng=rng, budget=Budget(nodes=2000))
            assert m in s.legal_moves()
            s = s.apply(m)


def test_bot_picks_colours_by_the_board():
    s = CrystalConnectorState.from_diagram(
        """
        R R R G Y G
        R R R Y G Y
        R R R G Y G
        B Y G Y B Y
        G B Y B G B
        Y G B G Y B
    """,
        phase="first_pick",
        first_picker=0,
    )
    m = MediumBot().choose(s, rng=random.Random(1))
    assert m == TakeColours((RED,))
    t = play(
        CrystalConnectorState.from_diagram(s.diagram(), first_picker=0, phase="first_pick"),
        "take green",
    )
    m2 = MediumBot().choose(t, rng=random.Random(1))
    assert RED in m2.colours


def test_move_and_pick_order_choices_are_legal_values():
    s = SPEC.new_game(3)
    bot = HardBot()
    assert bot.choose(s, rng=random.Random(1)) in (PickOrder(True), PickOrder(False))
    s = play(s, "pick first", "take red", "take blue green")
    assert bot.choose(s, rng=random.Random(1)) in (MoveOrder(True), MoveOrder(False))


def test_bots_stop_when_cancelled_and_still_answer_legally():
    s = started(6, convertor=True, spikes=True)
    for bot in (EasyBot(), MediumBot(), HardBot()):
        budget = Budget(cancelled=lambda: True)
        assert bot.choose(s, rng=random.Random(1), budget=budget) in s.legal_moves()
        late = bot.choose_for_late_seat(
            s,
            late_seat=s.current_player(),
            rng=random.Random(1),
            budget=Budget(cancelled=lambda: True),
        )
        assert late in s.legal_moves()


def test_hard_stand_in_hurts_the_late_player_with_spikes():
    s = position(
        """
        r R G Y G Y
        R R Y G y G
        G Y G Y G Y
        Y G Y B B B
        G Y G Y G Y
        B G B G B R
    """,
        Anomalies(spikes=True),
    )
    bot, rng = HardBot(), random.Random(2)
    while s.current_player() == 0:
        s = s.apply(bot.choose_for_late_seat(s, late_seat=0, rng=rng))
    rec = s.turn_log[-1]
    assert rec.products[0] - rec.products[1] - rec.spike_points[1] < 0


# -- Expert ---------------------------------------------------------------------------------
def _setup(state, bots, rng):
    while state.phase != "play":
        state = state.apply(bots[state.to_move].choose(state, rng=rng, budget=Budget()))
    return state


def test_expert_as_player_1_takes_the_colours_with_the_better_first_round():
    # Board 304: the quick heuristic leaves Player 1 blue+green, a
    # first round about 45 points behind; played out with Hard's search, picking second
    # and taking red+yellow loses only about 26.
    new = SPEC.new_game(304)
    model = HardBot()
    model.candidates, model.reply_beam = 8, 100
    margins = first_round_margins(new, 0, model, Budget())
    by_expert = _setup(new, (ExpertBot(), HardBot()), random.Random(0))
    by_hard = _setup(new, (HardBot(), HardBot()), random.Random(0))
    assert by_expert.first_mover == 1  # Hard as Player 2 still moves first
    assert margins[by_expert.colours[0]] > margins[by_hard.colours[0]] + 10


def test_expert_plays_out_a_turn_that_lets_the_reply_win_as_a_loss():
    # The first tactics position: Player 1 moves first in a round the reply can end.
    from tests.test_tactics import POSITIONS

    pos = POSITIONS["crystal-connector"][0]
    state = pos.state("crystal-connector")
    seat = state.to_move
    plan = plan_turn(state, seat, beam=10**9)
    expert = ExpertBot()

    def leaf(turn):
        after = state
        for text in turn:
            after = after.apply(after.parse_move(text))
        board = encode(after) & 7
        mask = lines_mask({state.parse_move(t).line for t in turn})
        same = np.nonzero(
            ((plan.leaves.boards & 7) == board).all(axis=1) & (plan.leaves.lines == mask)
        )[0]
        assert same.size, turn
        return int(same[0])

    assert expert.play_out(state, seat, plan, leaf(pos.losing), Budget()) < -5_000
    assert expert.play_out(state, seat, plan, leaf(pos.safe), Budget()) > -5_000


def test_expert_answers_legally_on_tiny_budgets_and_when_cancelled():
    rng = random.Random(8)
    budgets = (lambda: Budget(nodes=2000), lambda: Budget(cancelled=lambda: True))
    for budget, options in [(b, o) for b in budgets for o in ({}, ALL_ON)]:
        s = SPEC.new_game(11, **options)
        bot = ExpertBot()
        for _ in range(12):
            m = bot.choose(s, rng=rng, budget=budget())
            assert m in s.legal_moves()
            s = s.apply(m)
