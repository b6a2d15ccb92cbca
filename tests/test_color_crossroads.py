"""Color Crossroads: a named test per ruling, loop logic against brute force,
property tests, the engine contract and bot tactics.

Positions are drawn as 9 rows of 9 marks: ``.`` empty, ``#`` wall, ``R G Y B``
colours (row 1 first).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.base import Budget
from game.ai.color_crossroads import (
    Analysis,
    CrossroadsRandomBot,
    EasyBot,
    ExpertBot,
    HardBot,
    MediumBot,
    dead_pairs,
    kill_placements,
)
from game.registry import GAMES
from game.rules.color_crossroads import (
    CELLS,
    CORNERS,
    EMPTY,
    NEIGHBOURS,
    PAIR_NAMES,
    PAIRS,
    SPEC,
    WALL,
    Answer,
    Challenge,
    Concede,
    CrossroadsState,
    EndTurn,
    Pass,
    Place,
    Start,
    cell_name,
    check_loop,
    critical_cells,
    find_loop,
    layout_walls,
    loop_exists,
    parse_cell,
    parse_move,
    scattered_walls,
    start_board,
)
from game.rules.contract import IllegalMove
from tests.contract import illegal_text_checks, random_playout_checks

MARKS = {".": EMPTY, "#": WALL, "R": 1, "G": 2, "Y": 3, "B": 4}
OPEN_ROWS = ["R.......G"] + ["........."] * 7 + ["Y.......B"]


def board_of(rows: list[str]) -> tuple[int, ...]:
    rows = [r.replace(" ", "") for r in rows]
    assert len(rows) == 9 and all(len(r) == 9 for r in rows), rows
    return tuple(MARKS[ch] for row in rows for ch in row)


def position(rows=OPEN_ROWS, **fields) -> CrossroadsState:
    """A state in the middle of a turn (Player 1 to move unless told)."""
    base = dict(phase="turn", mover=0, starter=0, turn=1)
    base.update(fields)
    return CrossroadsState(board=board_of(rows), **base)


def cells(*labels: str) -> tuple[int, ...]:
    return tuple(parse_cell(t) for t in labels)


def act(state, *texts):
    for t in texts:
        state = state.apply(state.parse_move(t))
    return state


# --- ruling 1: board, corners, walls ---------------------------------------------------


def test_ruling1_board_is_9x9_with_coloured_corners():
    s = SPEC.new_game(seed=3, walls="open")
    assert len(s.board) == 81
    assert s.cell_value("A1") == 1 and s.cell_value("I1") == 2
    assert s.cell_value("A9") == 3 and s.cell_value("I9") == 4
    assert sum(1 for v in s.board if v == EMPTY) == 77


def test_ruling1_walls_cannot_be_coloured():
    s = act(SPEC.new_game(seed=1), "player 1 starts")
    with pytest.raises(IllegalMove, match="B2 is a wall"):
        act(s, "place B2 green")
    assert "wall" in s.why_illegal(Place(parse_cell("D4"), 0))


def test_ruling1_walls_block_loops():
    rows = ["R.......G", "#........", "........."] + ["........."] * 5 + ["Y.......B"]
    # Red's only cell is the corner; a wall on A2 leaves it one neighbour: no loop.
    b = board_of(rows)
    for pair in ("red-green", "red-yellow", "red-blue"):
        assert not loop_exists(b, pair)
    assert check_loop(b, "red-green", cells("A1", "B1", "B2", "A2")) == "A2 is a wall"


# --- ruling 2: layouts -----------------------------------------------------------------


def test_ruling2_crossroads_layout_is_the_even_even_cells():
    walls = layout_walls("crossroads")
    assert len(walls) == 16
    assert {cell_name(w) for w in walls} == {f"{c}{r}" for c in "BDFH" for r in (2, 4, 6, 8)}
    assert SPEC.new_game(seed=0).walls == walls  # the default


def test_ruling2_open_layout_has_no_walls():
    assert layout_walls("open") == ()
    assert SPEC.new_game(seed=5, walls="open").walls == ()


@pytest.mark.parametrize("corner", [False, True])
def test_ruling2_scattered_walls_keep_their_guarantees(corner):
    for seed in range(25):
        walls = scattered_walls(random.Random(seed), corner)
        assert 8 <= len(walls) <= 12
        assert set(walls) == {80 - w for w in walls}, "symmetric under a half turn"
        assert not set(walls) & set(CORNERS)
        board = start_board(walls)
        for p in range(6):
            assert loop_exists(board, p, corner), (seed, PAIR_NAMES[p])
    a = SPEC.new_game(seed=9, walls="scattered")
    b = SPEC.new_game(seed=9, walls="scattered")
    assert a.board == b.board, "the same seed gives the same walls"
    assert len({SPEC.new_game(seed=s, walls="scattered").board for s in range(6)}) > 1


# --- ruling 3: placement ---------------------------------------------------------------


def test_ruling3_place_one_colour_on_an_empty_cell():
    s = position(last_colours=())
    after = act(s, "place E5 red")
    assert after.cell_value("E5") == 1 and s.cell_value("E5") == EMPTY
    assert after.last_colours == (0,) and after.last_placed == parse_cell("E5")
    with pytest.raises(IllegalMove, match="already"):
        act(position(), "place A1 green")


def test_ruling3_last_two_colours_are_refused_whoever_placed_them():
    s = position(last_colours=(1, 2))  # green then yellow
    assert s.allowed_colours() == (0, 3)
    with pytest.raises(IllegalMove, match="yellow was the last colour placed"):
        act(s, "place E5 yellow")
    with pytest.raises(IllegalMove, match="green is one of the last two"):
        act(s, "place E5 green")
    assert act(s, "place E5 blue").last_colours == (2, 3)


def test_ruling3_corners_were_not_placed():
    s = act(SPEC.new_game(seed=1, walls="open"), "player 1 starts")
    assert s.allowed_colours() == (0, 1, 2, 3)


def test_ruling3_same_colour_may_not_touch_orthogonally():
    rows = (
        ["R.......G", "........."]
        + ["........."] * 2
        + ["....Y...."]
        + ["........."] * 3
        + ["Y.......B"]
    )
    s = position(rows)
    with pytest.raises(IllegalMove, match="yellow would touch yellow at E5"):
        act(s, "place E4 yellow")
    with pytest.raises(IllegalMove, match="red would touch red at A1"):
        act(s, "place B1 red")  # corners included
    act(s, "place D4 yellow")  # diagonal is fine
    assert s.placeable_colours(parse_cell("B1")) == (1, 2, 3)


# --- ruling 4: challenges and loops ----------------------------------------------------


def test_ruling4_challenge_before_placing_then_place():
    s = position()
    s = act(s, "challenge red-green")
    assert s.phase == "answer" and s.current_player() == 1 and s.challenge_pair == 0
    s = act(s, "concede")
    assert s.phase == "turn" and s.current_player() == 0 and s.challenged_this_turn
    assert Challenge(1) not in s.legal_moves()
    s = act(s, "place E5 red")
    assert s.current_player() == 1 and not s.challenged_this_turn, "the turn ended by itself"


def test_ruling4_challenge_after_placing_or_end_turn():
    s = act(position(), "place E5 red")
    assert s.current_player() == 0 and EndTurn() in s.legal_moves()
    ended = act(s, "end turn")
    assert ended.current_player() == 1 and ended.turn == 2
    s = act(s, "challenge green-blue")
    assert s.current_player() == 1
    s = act(s, "concede")
    assert s.current_player() == 1 and s.phase == "turn" and s.mover == 1


def test_ruling4_only_once_per_turn():
    s = act(position(), "challenge red-green", "concede")
    with pytest.raises(IllegalMove, match="already challenged"):
        act(s, "challenge red-blue")


def test_ruling4_end_turn_needs_a_placement_first():
    with pytest.raises(IllegalMove, match="place a colour first"):
        act(position(), "end turn")


def test_ruling4_loop_shown_scores_challenged_and_pair_stays_open():
    rows = ["R.......G", "..R......", ".B......."] + ["........."] * 5 + ["Y.......B"]
    s = act(position(rows, last_colours=(0, 3)), "challenge red-blue")
    s = act(s, "loop B2 C2 C3 B3")
    assert s.points == (0, 1) and s.closed[PAIR_NAMES.index("red-blue")] == -1
    assert s.last_loop == cells("B2", "C2", "C3", "B3")
    assert "showed a red-blue loop" in s.last_result


def test_ruling4_no_loop_scores_challenger_and_closes_pair():
    rows = ["R#.......", "#........"] + ["........."] * 6 + ["Y.......B"]
    s = act(position(rows), "challenge red-green", "concede")
    p = PAIR_NAMES.index("red-green")
    assert s.points == (1, 0) and s.closed[p] == 0
    assert p not in s.open_pairs()
    s = act(
        s,
        "place E5 red",
    )
    with pytest.raises(IllegalMove, match="red-green is closed"):
        act(s, "challenge green-red")
    assert not s.pair_panel()[p]["open"]


def test_ruling4_loop_needs_four_distinct_cells_of_the_pair_or_empty():
    b = board_of(["R.......G", ".Y.......", "........."] + ["........."] * 5 + ["Y.......B"])
    assert (
        check_loop(b, "red-green", cells("A1", "B1")) == "a loop needs at least 4 different cells"
    )
    assert check_loop(b, "red-blue", cells("A1", "B1", "B2", "A2")) == "B2 is yellow"
    assert check_loop(b, "red-yellow", cells("A1", "B1", "B2", "A2")) is None
    assert check_loop(b, "red-yellow", cells("A1", "B1", "B2", "A2", "A1")) is None
    assert "used twice" in check_loop(b, "red-yellow", cells("A1", "B1", "B2", "B1", "A2"))
    assert (
        check_loop(b, "red-green", cells("D4", "D6", "E6", "E4")) == "D4 and D6 are not neighbours"
    )
    assert check_loop(b, "red-green", cells("A1", "B1", "C1", "C2")).startswith(
        "the path does not close"
    )
    assert check_loop(b, "red-green", cells("C3", "D3", "D4", "C4")) == "no red cell on the loop"
    assert (
        check_loop(b, "red-green", cells("A1", "B1", "C1", "C2", "C3", "B3", "A3", "A2"))
        == "no green cell on the loop"
    )


def test_ruling4_corners_count_as_their_colour():
    b = board_of(OPEN_ROWS)
    loop = [parse_cell(f"{c}1") for c in "ABCDEFGHI"] + [parse_cell(f"{c}2") for c in "IHGFEDCBA"]
    assert check_loop(b, "red-green", loop) is None


def test_ruling4_wrong_loop_is_refused_and_may_be_retried():
    s = act(position(), "challenge red-green")
    with pytest.raises(IllegalMove, match="no green cell"):
        act(s, "loop A1 B1 B2 A2")
    assert s.phase == "answer"
    good = find_loop(s, "red-green")
    after = s.apply(Answer(good))
    assert after.points == (0, 1)


def test_ruling4_answer_clock_is_120_seconds_and_running_out_concedes():
    s = act(position(), "challenge red-green")
    assert SPEC.rule_clock(s) == 120.0
    assert SPEC.rule_clock(position()) is None
    assert s.timeout_move(1) == Concede()
    assert s.timeout_move(0) is None
    assert position().timeout_move(0) is None
    assert SPEC.tournament_clock is None
    after = s.apply(s.timeout_move(1))
    assert after.points == (1, 0) and after.closed[0] == 0


def test_ruling4_placement_can_kill_a_pair_for_a_challenge():
    # Red's only loop for red-green runs through B1 and A2 (the corner has two
    # neighbours); yellow on B1 kills red-green (and red-blue).
    s = position(last_colours=(0, 1))
    kills = kill_placements(s, s.placements())
    assert Place(parse_cell("B1"), 2) in kills
    s = act(s, "place B1 yellow")
    assert not loop_exists(s, "red-green") and not loop_exists(s, "red-blue")
    assert loop_exists(s, "red-yellow")
    assert critical_cells(position(), "red-green") and parse_cell("A2") in critical_cells(
        position(), "red-green"
    )


# --- ruling 5: answers -----------------------------------------------------------------


@pytest.mark.parametrize("bot", [CrossroadsRandomBot, EasyBot, MediumBot, HardBot])
def test_ruling5_every_bot_shows_a_loop_whenever_one_exists(bot):
    rows = [
        "R.......G",
        ".#######.",
        ".#.....#.",
        ".#.###.#.",
        ".#.#.#.#.",
        ".#.###.#.",
        ".#.....#.",
        ".#######.",
        "Y.......B",
    ]
    rng = random.Random(4)
    for pair in range(6):
        s = act(position(rows), f"challenge {PAIR_NAMES[pair]}")
        move = bot().choose(s, rng=rng, budget=Budget(nodes=50))
        if loop_exists(s, pair):
            assert isinstance(move, Answer) and check_loop(s, pair, move.cells) is None
        else:
            assert move == Concede()
    dead = act(
        position(["R#.......", "#........"] + ["........."] * 6 + ["Y.......B"]),
        "challenge red-blue",
    )
    assert bot().choose(dead, rng=rng, budget=None) == Concede()


def test_ruling5_legal_moves_while_answering_are_a_loop_and_concede():
    s = act(position(), "challenge yellow-blue")
    moves = s.legal_moves()
    assert moves[-1] == Concede() and isinstance(moves[0], Answer)
    assert check_loop(s, "yellow-blue", moves[0].cells) is None


# --- ruling 6: end of game -------------------------------------------------------------


def test_ruling6_first_to_three_points_wins_at_once():
    s = act(position(points=(2, 1)), "challenge red-green", "concede")
    assert s.is_terminal() and s.current_player() == -1
    out = s.outcome()
    assert out.winners == (0,) and "reached 3 points" in out.reason
    assert s.returns() == (1.0, -1.0)
    s = act(position(points=(1, 2)), "challenge red-green")
    s = s.apply(Answer(find_loop(s, "red-green")))
    assert s.is_terminal() and s.outcome().winners == (1,)


FULL_ROWS = ["RGRGRGRGG", "GRGRGRGRY"] + ["RGRGRGRGR", "GRGRGRGRG"] * 3 + ["YRGRGRGRB"]
# One empty cell, surrounded so that neither allowed colour (red, green) fits.
FROZEN_ROWS = ["RGRR.GRGG", "GRGRGRGRY"] + ["RGRGRGRGR", "GRGRGRGRG"] * 3 + ["YRGRGRGRB"]


def test_ruling6_a_mover_with_no_placement_passes_and_may_still_challenge():
    s = position(FROZEN_ROWS, last_colours=(2, 3))
    assert s.placements() == []
    assert s.legal_moves()[0] == Pass()
    s2 = act(s, "challenge red-green", "concede")
    assert s2.legal_moves() == [Pass()]
    assert act(s2, "pass").mover == 1
    with pytest.raises(IllegalMove, match="only pass when no colour fits"):
        act(position(last_colours=(2, 3)), "pass")


def test_ruling6_two_passes_with_no_open_pair_end_the_game_in_a_draw_or_win():
    closed = (0, 1, 0, 1, 0, 1)
    s = position(FROZEN_ROWS, last_colours=(2, 3), closed=closed, points=(2, 2))
    s = act(s, "pass")
    assert not s.is_terminal() and s.passes_in_row == 1
    s = act(s, "pass")
    assert s.is_terminal() and s.outcome().is_draw
    s = position(FROZEN_ROWS, last_colours=(2, 3), closed=closed, points=(2, 1))
    s = act(s, "pass", "pass")
    assert s.outcome().winners == (0,) and "more points" in s.outcome().reason


def test_ruling6_passes_with_a_challenge_between_do_not_end_the_game():
    s = position(FROZEN_ROWS, last_colours=(2, 3))
    s = act(s, "pass", "end turn")  # Player 1 passes quietly
    s = act(s, "challenge yellow-blue")
    s = s.apply(s.legal_moves()[0] if isinstance(s.legal_moves()[0], Answer) else Concede())
    s = act(s, "pass")  # Player 2 passed after challenging
    assert not s.is_terminal()


def test_ruling6_two_quiet_passes_end_the_game_even_with_open_pairs():
    # Our ruling for a gap: after a pass the board is frozen, so two passes in a row
    # without a challenge end the game.
    s = position(FROZEN_ROWS, last_colours=(2, 3), points=(1, 0))
    s = act(s, "pass", "end turn", "pass", "end turn")
    assert s.is_terminal() and s.end_reason == "passes"
    assert s.outcome().winners == (0,)


def test_ruling6_a_pass_leaves_the_allowed_colours_as_they_were():
    s = act(position(FROZEN_ROWS, last_colours=(2, 3)), "pass", "end turn")
    assert s.allowed_colours() == (0, 1) and s.placements() == []


# --- ruling 7: corner loops ------------------------------------------------------------


def test_ruling7_corner_loops_must_pass_through_both_corners():
    rows = ["R.......G", ".........", "..RG.....", "..GR....."] + ["........."] * 4 + ["Y.......B"]
    s = position(rows)
    square = cells("C3", "D3", "D4", "C4")
    assert check_loop(s, "red-green", square) is None
    cs = position(rows, corner_loops=True)
    assert "corner A1" in check_loop(cs, "red-green", square)
    assert loop_exists(s, "red-green") and loop_exists(cs, "red-green")
    # Cut the green corner off: only the corner rule notices.
    rows[0] = "R......#G"
    rows[1] = "........#"
    assert loop_exists(position(rows), "red-green")
    assert not loop_exists(position(rows, corner_loops=True), "red-green")
    loop = find_loop(cs, "red-green")
    assert CORNERS[0] in loop and CORNERS[1] in loop
    assert SPEC.new_game(seed=2, corner_loops=True).corner_loops


# --- ruling 8: setup -------------------------------------------------------------------


def test_ruling8_player_1_chooses_the_starting_player():
    s = SPEC.new_game(seed=1)
    assert s.phase == "setup" and s.current_player() == 0 and s.round_number == 0
    assert s.legal_moves() == [Start(0), Start(1)]
    with pytest.raises(IllegalMove, match="chooses who starts"):
        act(s, "place E5 red")
    s2 = act(s, "player 2 starts")
    assert s2.current_player() == 1 and s2.starter == 1 and s2.round_number == 1
    assert act(s, "player 1 starts").current_player() == 0


# --- loop logic against brute force ----------------------------------------------------


def brute_loop_exists(board, a: int, b: int, corner: bool) -> bool:
    """Enumerate simple cycles from every start cell (small open areas only)."""
    ok = [v in (EMPTY, a + 1, b + 1) for v in board]
    starts = [CORNERS[a]] if corner else [i for i in range(CELLS) if board[i] == a + 1]
    for s0 in starts:
        if not ok[s0]:
            continue
        stack = [(s0, (s0,))]
        while stack:
            v, path = stack.pop()
            for w in NEIGHBOURS[v]:
                if not ok[w]:
                    continue
                if w == s0 and len(path) >= 4:
                    if corner:
                        if CORNERS[b] in path:
                            return True
                    elif any(board[c] == b + 1 for c in path):
                        return True
                elif w not in path:
                    stack.append((w, path + (w,)))
    return False


def random_sparse_board(rng: random.Random, wall_rate: float) -> tuple[int, ...]:
    board = []
    for _ in range(CELLS):
        r = rng.random()
        board.append(WALL if r < wall_rate else rng.randint(1, 4) if r < wall_rate + 0.3 else EMPTY)
    for c, i in enumerate(CORNERS):
        board[i] = c + 1
    return tuple(board)


def small_window_board(rng: random.Random, w: int, h: int) -> tuple[int, ...]:
    """Everything walled except a w x h window (plus the corners), filled at random."""
    board = [WALL] * CELLS
    c0, r0 = rng.randint(0, 9 - w), rng.randint(0, 9 - h)
    for r in range(r0, r0 + h):
        for c in range(c0, c0 + w):
            board[r * 9 + c] = rng.choice((EMPTY, EMPTY, 1, 2, 3, 4, WALL))
    for c, i in enumerate(CORNERS):
        if board[i] != WALL or rng.random() < 0.5:
            board[i] = c + 1
    return tuple(board)


def test_loop_exists_agrees_with_brute_force_on_small_boards():
    rng = random.Random(11)
    checked = 0
    for _ in range(400):
        board = small_window_board(rng, rng.randint(2, 4), rng.randint(2, 4))
        for p, (a, b) in enumerate(PAIRS):
            for corner in (False, True):
                assert loop_exists(board, p, corner) == brute_loop_exists(board, a, b, corner)
                checked += 1
    assert checked == 400 * 12


def test_loop_exists_agrees_with_brute_force_on_thousands_of_random_positions():
    rng = random.Random(5)
    agree = found = 0
    for _ in range(600):
        board = random_sparse_board(rng, 0.42)
        for p, (a, b) in enumerate(PAIRS):
            corner = rng.random() < 0.3
            exact = loop_exists(board, p, corner)
            assert exact == brute_loop_exists(board, a, b, corner), (board, p, corner)
            agree += 1
            if exact:
                found += 1
                loop = find_loop(board, p, corner)
                assert loop is not None and check_loop(board, p, loop, corner) is None
    assert agree == 3600 and found > 100  # the sample holds loops as well as dead pairs


def test_every_loop_the_finder_returns_passes_the_checker_on_played_boards():
    rng = random.Random(8)
    for seed in range(30):
        s = act(
            SPEC.new_game(seed=seed, walls=rng.choice(["open", "crossroads", "scattered"])),
            "player 1 starts",
        )
        board = list(s.board)
        empties = [i for i in range(CELLS) if board[i] == EMPTY]
        for i in rng.sample(empties, rng.randint(0, len(empties))):
            board[i] = rng.randint(1, 4)
        for p in range(6):
            loop = find_loop(board, p)
            assert (loop is not None) == loop_exists(board, p)
            if loop:
                assert check_loop(board, p, loop) is None


def test_critical_cells_are_exactly_the_cells_whose_blocking_kills_the_pair():
    rng = random.Random(2)
    for _ in range(40):
        board = random_sparse_board(rng, 0.2)
        p = rng.randrange(6)
        crit = set(critical_cells(board, p))
        alive = loop_exists(board, p)
        for y in range(CELLS):
            if board[y] != EMPTY:
                continue
            work = list(board)
            work[y] = WALL
            kills = alive and not loop_exists(work, p)
            assert (y in crit) == kills


# --- property tests --------------------------------------------------------------------


boards = st.lists(
    st.sampled_from([EMPTY, EMPTY, EMPTY, 1, 2, 3, 4, WALL]), min_size=CELLS, max_size=CELLS
)


@settings(max_examples=150, deadline=None)
@given(boards, st.integers(0, 5), st.booleans())
def test_property_finder_and_existence_agree(raw, pair, corner):
    board = list(raw)
    for c, i in enumerate(CORNERS):
        board[i] = c + 1
    loop = find_loop(board, pair, corner)
    assert (loop is not None) == loop_exists(board, pair, corner)
    if loop is not None:
        assert check_loop(board, pair, loop, corner) is None
        # A loop stays a loop when walked the other way or from another cell.
        assert check_loop(board, pair, loop[::-1], corner) is None
        assert check_loop(board, pair, loop[1:] + loop[:1], corner) is None


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from(["open", "crossroads", "scattered"]),
    st.booleans(),
    st.integers(0, 60),
)
def test_property_json_and_notation_round_trip(seed, walls, corner, steps):
    s = SPEC.new_game(seed=seed, walls=walls, corner_loops=corner)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        moves = s.legal_moves()
        for m in moves[:5] + moves[-3:]:
            assert parse_move(str(m)) == m
            assert s.parse_move(str(m).upper()) == m
        s = s.apply(rng.choice(moves))
        again = CrossroadsState.from_json(json.loads(json.dumps(s.to_json())))
        assert again == s and again.legal_moves() == s.legal_moves()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_property_apply_never_mutates_and_illegal_moves_explain_themselves(seed):
    s = act(SPEC.new_game(seed=seed, walls="open"), "player 1 starts")
    rng = random.Random(seed)
    for _ in range(10):
        if s.is_terminal():
            break
        snapshot = s.to_json()
        cell, colour = rng.randrange(CELLS), rng.randrange(4)
        why = s.why_illegal(Place(cell, colour))
        legal = Place(cell, colour) in s.legal_moves()
        assert (why is None) == legal, (cell_name(cell), colour, why)
        assert s.to_json() == snapshot
        s = s.apply(rng.choice(s.legal_moves()))


# --- notation and contract -------------------------------------------------------------


def test_notation_reads_the_variants():
    assert parse_move("place e5 red") == Place(parse_cell("E5"), 0)
    assert parse_move("E5 R") == Place(parse_cell("E5"), 0)
    assert parse_move("blue i8") == Place(parse_cell("I8"), 3)
    assert parse_move("Challenge Blue-Red") == Challenge(PAIR_NAMES.index("red-blue"))
    assert parse_move("challenge gy") == Challenge(PAIR_NAMES.index("green-yellow"))
    assert parse_move("loop A1-B1-B2-A2") == Answer(cells("A1", "B1", "B2", "A2"))
    assert parse_move("END") == EndTurn() and parse_move("Pass") == Pass()
    assert parse_move("concede") == Concede() and parse_move("player 2 starts") == Start(1)
    for junk, words in (
        ("place J5 red", "off the board"),
        ("place E5 purple", "not a colour"),
        ("challenge red-red", "two different"),
        ("loop", "lists its cells"),
        ("banana", "cannot read"),
        ("", "empty move"),
    ):
        with pytest.raises(IllegalMove, match=words):
            parse_move(junk)


def test_contract_random_playouts():
    for seed, options in (
        (1, {}),
        (2, {"walls": "open"}),
        (3, {"walls": "scattered"}),
        (4, {"corner_loops": True}),
        (5, {"walls": "open", "corner_loops": True}),
    ):
        random_playout_checks(SPEC, seed, options=options)


def test_contract_illegal_text():
    illegal_text_checks(SPEC)


def test_spec_declares_options_and_validates():
    assert {o.name for o in SPEC.options} == {"walls", "corner_loops"}
    assert SPEC.option("walls").default == "crossroads"
    assert SPEC.seat_names(2) == ("Player 1", "Player 2")
    with pytest.raises(ValueError):
        SPEC.resolve_options(3)
    with pytest.raises(ValueError):
        SPEC.resolve_options(2, walls="maze")
    assert set(GAMES[SPEC.id].bots) == {"random", "easy", "medium", "hard", "expert"}
    for level in GAMES[SPEC.id].bots:
        assert GAMES[SPEC.id].make_bot(level).name == level


# --- bot tactics -----------------------------------------------------------------------


@pytest.mark.parametrize("bot", [MediumBot, HardBot])
def test_bots_challenge_a_dead_pair(bot):
    rows = ["R#.......", "#........"] + ["........."] * 6 + ["Y.......B"]
    s = position(rows)
    move = bot().choose(s, rng=random.Random(1), budget=Budget(nodes=100))
    assert isinstance(move, Challenge) and PAIRS[move.pair][0] == 0  # a red pair


@pytest.mark.parametrize("bot", [MediumBot, HardBot])
def test_bots_kill_a_pair_then_challenge_it(bot):
    s = position(last_colours=(0, 1))  # yellow or blue next to red's corner kills
    rng = random.Random(3)
    move = bot().choose(s, rng=rng, budget=Budget(nodes=10_000))
    assert isinstance(move, Place)
    after = s.apply(move)
    assert any(not loop_exists(after, p) for p in after.open_pairs())
    follow = bot().choose(after, rng=rng, budget=Budget(nodes=100))
    assert isinstance(follow, Challenge) and not loop_exists(after, follow.pair)


def opponent_scores_next(s) -> bool:
    """At the start of a turn: can the mover score (a dead pair, or a kill)?"""
    return bool(dead_pairs(s)) or bool(kill_placements(s, s.placements()))


def finish_turn(s, bot, rng):
    seat = s.mover
    while not s.is_terminal() and s.mover == seat:
        if s.phase == "answer":
            loop = find_loop(s, s.challenge_pair)
            s = s.apply(Answer(loop) if loop else Concede())
        else:
            s = s.apply(bot.choose(s, rng=rng, budget=Budget(nodes=100_000)))
    return s


# From a Medium v Medium game: 77 placements, only 16 leave the opponent no kill.
FRAGILE_ROWS = [
    "R...G.R.G",
    ".#.#.#.#.",
    "B........",
    ".#G#.#Y#R",
    "....YB.Y.",
    "R#.#.#.#.",
    ".........",
    ".#.#.#.#.",
    "YRB..YG.B",
]


@pytest.mark.parametrize("bot", [MediumBot, HardBot])
def test_medium_and_hard_avoid_placements_that_give_the_opponent_a_kill(bot):
    s = position(FRAGILE_ROWS, last_colours=(2, 1), points=(2, 2), closed=(0, -1, -1, 1, 1, 0))
    unsafe = 0
    for m in s.placements():
        t = s.apply(m)
        t = t.apply(EndTurn()) if t.mover == 0 and not t.is_terminal() else t
        unsafe += opponent_scores_next(t)
    assert unsafe > len(s.placements()) // 2, "the position is a real test"
    for seed in range(3):
        after = finish_turn(s, bot(), random.Random(seed))
        assert not opponent_scores_next(after), seed


def test_hard_recognises_a_trap_only_when_no_reply_parries_every_threat():
    board = board_of(OPEN_ROWS)
    rg, gb = PAIR_NAMES.index("red-green"), PAIR_NAMES.index("green-blue")
    a2, i8 = parse_cell("A2"), parse_cell("I8")
    opp = (0, 1)  # the opponent may place red or green
    # One threat: a red placed elsewhere opens a red-green loop that avoids A2.
    assert not HardBot.is_trap(board, [(rg, a2)], opp, False)
    # Threats at two corners: no single green placement mends both...
    assert HardBot.is_trap(board, [(rg, a2), (gb, i8)], (1,), False)
    # ...but red on I8 takes one threat cell and, as a new red cell, frees red-green.
    assert not HardBot.is_trap(board, [(rg, a2), (gb, i8)], opp, False)


def test_hard_bluffs_only_against_a_person():
    s = act(position(), "place E5 red")
    bot = HardBot()
    bot.bluff_rate = 1.0
    assert bot.choose(s, rng=random.Random(1), budget=Budget(nodes=100)) == EndTurn()
    bot.seat_kinds = ("bot", "person")
    move = bot.choose(s, rng=random.Random(1), budget=Budget(nodes=100))
    assert isinstance(move, Challenge)
    assert len(find_loop(s, move.pair)) >= bot.bluff_min_loop
    assert loop_exists(s, move.pair), "a bluff: the loop exists, it is only long"


def test_hard_beats_random_in_a_short_seeded_match():
    wins = 0
    for g in range(4):
        s = SPEC.new_game(seed=g)
        bots = (
            (HardBot(), CrossroadsRandomBot()) if g % 2 == 0 else (CrossroadsRandomBot(), HardBot())
        )
        rng = random.Random(g)
        while not s.is_terminal():
            s = s.apply(bots[s.current_player()].choose(s, rng=rng, budget=Budget(nodes=400)))
        hard_seat = 0 if g % 2 == 0 else 1
        wins += s.outcome().winners == (hard_seat,)
    assert wins >= 3


def test_a_challenges_result_is_data_worded_in_the_readers_language():
    """The state keeps the latest challenge as data; its sentence follows the language
    (switched mid-game, or a phone reading another one than the host)."""
    from game.text import i18n

    rows = ["R#.......", "#........"] + ["........."] * 6 + ["Y.......B"]
    s = act(position(rows), "challenge red-green", "concede")
    assert s.last_challenge == ("conceded", 1, PAIR_NAMES.index("red-green"))
    assert s.last_result.startswith("Player 2 showed no red-green loop: Player 1 scores 1")
    english = s.last_result
    before = i18n.language()
    try:
        i18n.set_language("de")
        assert s.last_result and s.last_result != english
    finally:
        i18n.set_language(before)
    assert s.last_result == english
    back = CrossroadsState.from_json(json.loads(json.dumps(s.to_json())))
    assert back == s and back.last_result == english


@pytest.mark.parametrize(
    "bad",
    [
        ["shown", 0],
        ["won", 0, 1],
        ["shown", 2, 0],
        ["shown", 0, 6],
        ["shown", True, 0],
        ["shown", 0, -1],
        "shown",
        {"kind": "shown"},
        ["shown", 0, 1.0],
    ],
)
def test_a_state_files_hostile_challenge_is_refused_with_a_reason(bad):
    from game.rules.contract import BadState

    data = position().to_json()
    data["last_challenge"] = bad
    with pytest.raises(BadState, match="latest challenge"):
        CrossroadsState.from_json(data)
    data["last_challenge"] = []
    assert CrossroadsState.from_json(data).last_result == ""


def test_expert_cashes_a_kill_when_every_placement_gives_one_away():
    """Seed 3001, an Expert-against-Hard game: Hard leads 2-1 and every placement lets
    it kill a pair next turn.  A kill now is worth a point (2-2) whatever follows; an
    Expert comparing quiet placements only, once one had been weighed, would drop
    Hard's pick (a kill) and play C5 yellow, giving the game away."""
    s = SPEC.new_game(seed=3001)
    for text in [
        "player 1 starts",
        "place H9 yellow",
        "challenge red-blue",
        "concede",
        "challenge green-blue",
        "concede",
        "place H7 red",
        "place I7 green",
        "challenge yellow-blue",
        "concede",
    ]:
        s = s.apply(s.parse_move(text))
    assert s.points == (2, 1) and s.current_player() == 1 and s.can_challenge()
    info = Analysis(s)
    hard = HardBot()
    rng = random.Random(0)
    # The premise: no placement stops Hard from killing on its next turn.
    assert all(hard.value(s, info, m, True, rng) < -900 for m in s.placements())
    move = ExpertBot().choose(s, rng=random.Random(5), budget=Budget(nodes=2_000))
    assert isinstance(move, Place)
    _board, killed, _views = info.after(move)
    assert killed, f"{move} kills nothing"
    after = s.apply(move).apply(Challenge(killed[0])).apply(Concede())
    assert after.points == (2, 2)


def one_all_player_2_to_place():
    """Seed 302 after Player 1's double kill at the green corner: one point all, Player 2
    has spent its challenge on the second dead pair and must place (a ladder game)."""
    s = SPEC.new_game(seed=302)
    for text in [
        "player 1 starts",
        "place G1 blue",
        "challenge green-yellow",
        "concede",
        "challenge red-green",
        "concede",
    ]:
        s = s.apply(s.parse_move(text))
    return s


def test_expert_plays_the_placement_whose_play_out_it_wins(monkeypatch):
    """After the two-turn look, Expert plays its best few placements out, Hard against
    Hard: a won play-out beats a lost one, the two-turn value decides between equals,
    and a placement whose play-out the budget did not reach is not chosen."""
    s = one_all_player_2_to_place()
    a, b, c = s.placements()[:3]
    results = {}

    def play_out(state, me, hard, rng, budget):
        budget.tick(1)
        return results[state.board]

    monkeypatch.setattr(ExpertBot, "play_out", staticmethod(play_out))
    weighed = [(5.0, a), (3.0, b), (1.0, c)]
    bot = ExpertBot()
    results.update({s.apply(a).board: -1.0, s.apply(b).board: 1.0, s.apply(c).board: 1.0})
    assert bot.played_out(s, list(weighed), a, random.Random(0), Budget(nodes=100)) == b
    results.update({s.apply(b).board: -1.0, s.apply(c).board: -1.0})
    assert bot.played_out(s, list(weighed), a, random.Random(0), Budget(nodes=100)) == a
    # The budget ends after the first play-out: the won second one is never played.
    results.update({s.apply(b).board: 1.0})
    assert bot.played_out(s, list(weighed), a, random.Random(0), Budget(nodes=100)) == b
    assert bot.played_out(s, list(weighed), a, random.Random(0), Budget(nodes=1)) == a


def test_expert_is_the_same_under_the_same_node_budget(monkeypatch):
    """Two turns and play-outs both count the budget's nodes: a seeded game replays."""
    s = one_all_player_2_to_place()
    assert s.phase == "turn" and not s.placed_this_turn  # Expert must place: a search
    finished = []
    play_out = ExpertBot.play_out

    def counted(*args):
        outcome = play_out(*args)
        finished.append(outcome is not None)
        return outcome

    monkeypatch.setattr(ExpertBot, "play_out", staticmethod(counted))
    moves = set()
    for _ in range(2):
        bot = ExpertBot()
        bot.playout_share = 0.8  # most of a small budget to the play-outs
        moves.add(str(bot.choose(s, rng=random.Random(9), budget=Budget(nodes=2_500))))
    assert len(moves) == 1
    assert sum(finished) >= 4, "at least two play-outs compared in each decision"
