"""Chromatic Collapse: one named test per ruling (seeds/chromatic-collapse.md and the
project rulings it carries), the perft tables and golden playthrough in seeds/, property tests, the
engine contract and the bots' tactics.

Positions are drawn as diagrams, rank 8 first: ``#`` missing corner, ``.`` empty,
Diamond ``R B G Y``, Circle ``r b g y`` (red, blue, green, yellow).
"""

from __future__ import annotations

import dataclasses
import importlib.resources
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.base import Budget
from game.ai.chromatic_collapse import Board, EasyBot, HardBot, MediumBot, to_action
from game.registry import GAMES
from game.rules.chromatic_collapse import (
    CIRCLE,
    CORNERS,
    DIAMOND,
    SPEC,
    CollapseState,
    Remove,
    Slide,
    Start,
    TimeLoss,
    code_colour,
    code_seat,
    from_diagram,
    is_sudden_death_turn,
    mirror_square,
    parse_cell,
)
from game.rules.contract import ClockPreset, IllegalMove
from tests.contract import illegal_text_checks, random_playout_checks


def sq(name: str) -> int:
    return parse_cell(name)


def slide(text: str, state: CollapseState) -> Slide:
    return state.parse_move(text)


def names(moves) -> set[str]:
    return {str(m) for m in moves}


def play(state: CollapseState, *texts: str) -> CollapseState:
    for t in texts:
        state = state.apply(state.parse_move(t))
    return state


def started(seed: int = 1, **options) -> CollapseState:
    s = SPEC.new_game(seed, **options)
    return s.apply(Start(DIAMOND))


def colours_of(state: CollapseState, seat: int) -> list[int]:
    return sorted(code_colour(c) for c in state.board if c and code_seat(c) == seat)


# -- search helpers for the tactics tests (exhaustive, independent of the bots) -------


def wins_within_turn(b: Board, me: int) -> bool:
    """Can ``me``, on the move, win before the turn passes to the opponent?"""
    for m in b.moves():
        undo = b.make(m)
        if b.winner >= 0:
            won = b.winner == me
        else:
            won = b.to_move == me and wins_within_turn(b, me)
        b.unmake(undo)
        if won:
            return True
    return False


def turn_ends(b: Board, me: int):
    """Every way ``me`` can play out the current turn; yields the board at each end."""
    for m in b.moves():
        undo = b.make(m)
        if b.winner >= 0 or b.to_move != me:
            yield b
        else:
            yield from turn_ends(b, me)
        b.unmake(undo)


def play_turn_with(bot, state: CollapseState, seed: int = 0, nodes: int = 60_000):
    me = state.current_player()
    while not state.is_terminal() and state.current_player() == me:
        move = bot.choose(state, rng=random.Random(seed), budget=Budget(nodes=nodes))
        state = state.apply(move)
    return state


# =========================================================================== ruling 1


def test_ruling1_board_has_no_corners_and_lines_of_action_layout():
    s = SPEC.new_game(4)
    for corner in ("a1", "a8", "h1", "h8"):
        with pytest.raises(IllegalMove, match="corner"):
            parse_cell(corner)
    diamonds = {sq(f"{f}{r}") for f in "bcdefg" for r in (1, 8)}
    circles = {sq(f"{f}{r}") for f in "ah" for r in range(2, 8)}
    assert set(s.pieces(DIAMOND)) == diamonds
    assert set(s.pieces(CIRCLE)) == circles
    assert all(s.board[c] == 0 for c in CORNERS)


def test_ruling1_chess_coordinates_a1_bottom_left():
    s = from_diagram("""
        #......#
        ........
        ........
        ........
        ........
        ........
        ........
        #R....r#""")
    assert s.piece_at(sq("b1")) == (DIAMOND, 0)
    assert s.piece_at(sq("g1")) == (CIRCLE, 0)
    assert sq("a2") == 48 and sq("h7") == 15


def test_ruling1_cannot_land_on_a_missing_corner():
    # b2 west along rank 2 with one piece on it goes one square, to a2; a move to the
    # a1 corner would need the diagonal b2-a1 which ends in the missing square.
    s = from_diagram(
        """
        #...R..#
        ........
        ...r....
        ........
        ........
        ........
        .R....r.
        #......#""",
        last_colour=-1,
        turn=1,
    )
    assert "b2-a1" not in names(s.legal_moves())
    with pytest.raises(IllegalMove, match="corner"):
        s.apply(s.parse_move("b2-a1"))


# =========================================================================== ruling 2


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 17])
def test_ruling2_three_of_each_colour_and_circle_mirrors_diamond(seed):
    s = SPEC.new_game(seed)
    assert colours_of(s, DIAMOND) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    for d in s.pieces(DIAMOND):
        c = mirror_square(d)
        assert s.piece_at(c) == (CIRCLE, s.piece_at(d)[1])
    # (file f, rank r) <-> (file 9-r, rank 9-f): b1 <-> h7, g8 <-> a2
    assert mirror_square(sq("b1")) == sq("h7") and mirror_square(sq("g8")) == sq("a2")


def test_ruling2_colours_come_from_the_seed():
    assert SPEC.new_game(5).board == SPEC.new_game(5).board
    layouts = {SPEC.new_game(seed).board for seed in range(8)}
    assert len(layouts) > 1


# =========================================================================== ruling 3


def test_ruling3_distance_is_the_number_of_pieces_on_the_line():
    s = from_diagram(
        """
        #......#
        ........
        ........
        ........
        .R..r..R
        ........
        .B......
        #.....b#""",
        last_colour=-1,
        turn=1,
    )
    legal = names(s.legal_moves())
    assert "b4xe4" in legal  # rank 4 holds 3 pieces: b4 goes 3 east
    assert "b4-b6" in legal  # file b holds 2 pieces: 2 north
    assert "b4-c5" in legal  # its diagonals hold only itself: 1 square
    assert "b4-c4" not in legal
    with pytest.raises(IllegalMove, match="exactly 3 squares east"):
        s.apply(s.parse_move("b4-c4"))


def test_ruling3_may_jump_own_pieces_but_not_enemy_pieces():
    s = from_diagram(
        """
        #......#
        ........
        ........
        ........
        .RR..r..
        ........
        ........
        #.....b#""",
        last_colour=-1,
        turn=1,
    )
    # three on rank 4: b4 jumps its own c4 and lands on e4
    assert "b4-e4" in names(s.legal_moves())
    assert s.path(s.parse_move("b4-e4")).jumped == (sq("c4"),)
    blocked = from_diagram(
        """
        #......#
        ........
        ........
        ........
        .R.r.R..
        ........
        ........
        #.....b#""",
        last_colour=-1,
        turn=1,
    )
    assert "b4-e4" not in names(blocked.legal_moves())
    with pytest.raises(IllegalMove, match="blocked by a Circle piece on d4"):
        blocked.apply(blocked.parse_move("b4-e4"))


def test_ruling3_capture_removes_the_enemy_piece():
    s = from_diagram(
        """
        #......#
        ........
        ........
        ........
        .R..r..R
        ........
        .B......
        #.....b#""",
        last_colour=-1,
        turn=1,
    )
    after = s.apply(s.parse_move("b4xe4"))
    assert after.piece_at(sq("e4")) == (DIAMOND, 0)
    assert after.piece_count(CIRCLE) == s.piece_count(CIRCLE) - 1
    assert str(s.parse_move("b4-e4")) == "b4xe4"


def test_ruling3_cannot_land_on_own_piece_or_off_the_board():
    s = from_diagram(
        """
        #....r.#
        ........
        ........
        ........
        .R......
        ........
        .B....b.
        #......#""",
        last_colour=-1,
        turn=1,
    )
    legal = names(s.legal_moves())
    assert "b4-b2" not in legal  # two on file b: two south is its own piece
    with pytest.raises(IllegalMove, match="own pieces"):
        s.apply(s.parse_move("b4-b2"))
    # b2 west: rank 2 holds 2 pieces, two squares west is off the board
    assert not any(m.frm == sq("b2") and m.direction == 6 for m in s.legal_moves())


def test_ruling3_option_ray_count_counts_only_pieces_ahead():
    diagram = """
        #......#
        ........
        ........
        ........
        .R.R...r
        ........
        ........
        #.....b#"""
    line = from_diagram(diagram, last_colour=-1, turn=1)
    ray = from_diagram(diagram, last_colour=-1, turn=1, ray_count=True)
    assert "d4-g4" in names(line.legal_moves()) and "d4-f4" not in names(line.legal_moves())
    assert "d4-f4" in names(ray.legal_moves()) and "d4-g4" not in names(ray.legal_moves())
    # West: on the line it goes 3 (to a4); counting ahead only it goes 2, onto b4: illegal.
    assert "d4-a4" in names(line.legal_moves())
    assert not any(m.frm == sq("d4") and m.direction == 6 for m in ray.legal_moves())
    assert SPEC.new_game(1, ray_count=True).ray_count is True
    assert SPEC.option("ray_count").default is False


# =========================================================================== ruling 4

COLOUR_POSITION = """
    #......#
    ........
    ..G.....
    ........
    .....R..
    ........
    .Y......
    #.r...b#"""


def test_ruling4_first_move_matches_colour_of_opponents_last_move():
    s = from_diagram(COLOUR_POSITION, last_colour="green")
    moving = {m.frm for m in s.legal_moves()}
    assert moving == {sq("c6")}
    assert s.step_banner() == "First move: a green piece"
    assert s.required_colour() == 2
    with pytest.raises(IllegalMove, match="First move: a green piece"):
        s.apply(s.parse_move("f4-f5"))
    assert s.piece_note(sq("f4")) == "First move: a green piece"


def test_ruling4_colour_rule_falls_back_to_any_piece():
    s = from_diagram(COLOUR_POSITION, last_colour="blue")  # Diamond has no blue piece
    assert {m.frm for m in s.legal_moves()} == {sq("c6"), sq("f4"), sq("b2")}
    assert s.step_banner() == "First move: any piece (no blue piece can move)"
    assert s.required_colour() is None


STUCK = """
    #......#
    ...{x}....
    ........
    ........
    ..b..b..
    bb....bb
    {a}b....b{h}
    #b....b#"""


def test_ruling4_colour_fallback_when_that_colour_is_stuck():
    # The green piece on a2 is walled in; so the first move may use any piece.
    s = from_diagram(STUCK.format(x="R", a="G", h="Y"), last_colour="green")
    assert {m.frm for m in s.legal_moves()} == {sq("d7")}
    assert "any piece" in s.step_banner()


def test_ruling4_second_move_opposite_or_45_degrees_off():
    s = from_diagram(
        """
        #......#
        ........
        ..R.....
        ....B...
        ........
        ........
        ......G.
        #r....b#""",
        first_move="e4-e5",
    )
    assert s.step_banner() == "Second move: south, south-west or south-east"
    assert s.allowed_directions() == (3, 4, 5)
    moves = s.legal_moves()
    assert moves and all(m.direction in (3, 4, 5) for m in moves)
    assert "c6-c5" in names(moves)
    with pytest.raises(IllegalMove, match="Second move: south"):
        s.apply(s.parse_move("c6-c7"))


def test_ruling4_second_move_falls_back_to_any_direction():
    # After a move north only c1 can still move, and nothing on rank 1 goes south.
    s = from_diagram(
        """
        #......#
        ........
        ........
        ....B...
        r.......
        ........
        .......r
        #.G....#""",
        first_move="e4-e5",
    )
    moves = s.legal_moves()
    assert moves and {m.frm for m in moves} == {sq("c1")}
    assert any(m.direction == 0 for m in moves)
    assert s.step_banner().startswith("Second move: any direction")
    assert s.allowed_directions() is None


def test_ruling4_same_piece_never_moves_twice_in_a_turn():
    s = from_diagram(
        """
        #......#
        ........
        ........
        ....B...
        r.......
        ........
        .......r
        #.G....#""",
        first_move="e4-e5",
    )
    assert all(m.frm != sq("e5") for m in s.legal_moves())
    assert s.moved_square() == sq("e5")
    with pytest.raises(IllegalMove, match="already moved"):
        s.apply(s.parse_move("e5-e4"))
    assert s.piece_note(sq("e5")) == "This piece has already moved this turn"


def test_ruling4_turn_is_two_actions_by_the_same_player():
    s = started(3)
    s = s.apply(s.legal_moves()[0])  # turn 1: a single move
    assert s.current_player() == CIRCLE and s.phase == "first" and s.turn == 2
    s = s.apply(s.legal_moves()[0])
    assert s.current_player() == CIRCLE and s.phase == "second" and s.turn == 2
    s = s.apply(s.legal_moves()[0])
    assert s.current_player() == DIAMOND and s.phase == "first" and s.turn == 3


def test_ruling4_cannot_make_second_move_loses():
    s = from_diagram(STUCK.format(x="R", a="G", h="Y"), last_colour="red")
    after = s.apply(s.parse_move("d7-d6"))
    assert after.is_terminal()
    assert after.outcome().winners == (CIRCLE,)
    assert "cannot make a second move" in after.outcome().reason


def test_ruling4_cannot_make_first_move_loses():
    s = from_diagram(
        STUCK.format(x="r", a="G", h="Y").replace("...r....", "....r..."),
        to_move=CIRCLE,
        turn=1,
        last_colour=-1,
    )
    after = s.apply(s.parse_move("e7-e6"))  # Circle's opening single move
    assert after.is_terminal() and after.outcome().winners == (CIRCLE,)
    assert after.outcome().reason == "Diamond cannot make a move and loses"


# =========================================================================== ruling 5


def test_ruling5_first_turn_is_one_unrestricted_move():
    s = started(2)
    assert s.turn == 1 and s.current_player() == DIAMOND
    assert len(s.legal_moves()) == 32  # every piece, every colour
    assert len({s.piece_at(m.frm)[1] for m in s.legal_moves()}) == 4
    assert s.step_banner() == "First move: any piece (first turn of the game)"
    first = s.legal_moves()[5]
    colour = s.piece_at(first.frm)[1]
    after = s.apply(first)
    assert after.current_player() == CIRCLE and after.turn == 2
    # ... and the reply must match that piece's colour
    assert {after.piece_at(m.frm)[1] for m in after.legal_moves()} == {colour}


# =========================================================================== ruling 6

BOTH = """
    #......#
    ........
    ........
    ...r.B..
    ..B.....
    .{b}B.....
    .....{f}bb
    #.....b#"""


def _both(extra_diamond=".", extra_circle="."):
    text = BOTH.replace("{b}", extra_diamond).replace("{f}", extra_circle)
    return from_diagram(text, last_colour="red")


def test_ruling6_connecting_wins_at_once_even_mid_turn():
    s = from_diagram(
        """
        #......#
        ........
        ........
        r....R..
        ..B.....
        ..B.....
        ......bb
        #.....b#""",
        last_colour="red",
    )
    after = s.apply(s.parse_move("f5-d5"))  # the first move of the turn connects
    assert after.is_terminal() and after.outcome().winners == (DIAMOND,)
    assert after.outcome().reason == "Diamond connected all of its 3 pieces"


def test_ruling6_win_on_the_opponents_turn():
    s = from_diagram(
        """
        #......#
        ........
        ........
        .....B.r
        ..B.....
        ..B.....
        b.......
        #b.....#""",
        to_move=CIRCLE,
        last_colour="red",
    )
    after = s.apply(s.parse_move("h5xf5"))  # Circle's capture leaves Diamond joined
    assert after.is_terminal() and after.outcome().winners == (DIAMOND,)


def test_ruling6_both_connected_larger_group_wins():
    s = _both(extra_circle="b")  # Circle 4 pieces vs Diamond 3
    after = s.apply(s.parse_move("f5xd5"))
    assert s.piece_count(CIRCLE) == 5 and not s.is_connected(CIRCLE)
    assert not s.is_connected(DIAMOND)
    assert after.is_connected(DIAMOND) and after.is_connected(CIRCLE)
    assert after.outcome().winners == (CIRCLE,)
    assert "group of 4 beats 3" in after.outcome().reason
    bigger = _both(extra_diamond="B").apply(s.parse_move("f5xd5"))
    assert bigger.outcome().winners == (DIAMOND,)
    assert "group of 4 beats 3" in bigger.outcome().reason


def test_ruling6_equal_groups_the_side_that_acted_wins():
    s = _both()
    after = s.apply(s.parse_move("f5xd5"))
    assert after.is_connected(CIRCLE) and after.piece_count(CIRCLE) == 3
    assert after.outcome().winners == (DIAMOND,)
    assert "Diamond made the last move" in after.outcome().reason


def test_ruling6_one_piece_left_counts_as_connected():
    s = from_diagram(
        """
        #......#
        ........
        ........
        .....B.r
        ........
        ..B.....
        b.......
        #b.....#""",
        to_move=CIRCLE,
        last_colour="red",
    )
    after = s.apply(s.parse_move("h5xf5"))
    assert after.outcome().winners == (DIAMOND,)
    assert "single piece" in after.outcome().reason


# =========================================================================== ruling 7


def test_ruling7_sudden_death_turns():
    assert [t for t in range(1, 71) if is_sudden_death_turn(t)] == [50, 55, 60, 65, 70]


SUDDEN = """
    #......#
    ..R.....
    ........
    .b...G..
    ........
    ..Y...r.
    ........
    #..g...#"""


def test_ruling7_removal_comes_before_moving_on_turn_50():
    s = from_diagram(SUDDEN, turn=49, to_move=CIRCLE, last_colour="red")
    mid = s.apply(s.parse_move("g3-g4"))  # Circle's first move of turn 49
    assert mid.phase == "second"
    end = mid.apply(mid.legal_moves()[0])
    assert end.turn == 50 and end.current_player() == DIAMOND
    assert end.removal_pending and end.phase == "remove"
    assert all(isinstance(m, Remove) for m in end.legal_moves())
    assert {m.square for m in end.legal_moves()} == set(end.pieces(CIRCLE))
    assert "Sudden death" in end.step_banner()
    with pytest.raises(IllegalMove, match="not your own"):
        end.apply(Remove(end.pieces(DIAMOND)[0]))
    with pytest.raises(IllegalMove, match="Sudden death: first remove"):
        end.apply(Slide(sq("c7"), sq("c8")))
    target = end.pieces(CIRCLE)[0]
    after = end.apply(Remove(target))
    assert after.phase == "first" and after.current_player() == DIAMOND and after.turn == 50
    assert after.piece_at(target) is None


def test_ruling7_no_removal_on_other_turns():
    s = from_diagram(SUDDEN, turn=50, to_move=DIAMOND, last_colour="blue")
    s = s.apply(s.legal_moves()[0])
    s = s.apply(s.legal_moves()[0])
    assert s.turn == 51 and s.phase == "first"


def test_ruling7_a_removal_can_hand_the_opponent_the_game():
    s = from_diagram(SUDDEN, turn=50, to_move=DIAMOND, phase="remove", last_colour="blue")
    # Circle's b5, g3 and d1 stand apart.  With b5 gone too, removing g3 leaves Circle a
    # single piece, which counts as connected: the removal hands Circle the game.
    s2 = from_diagram(
        SUDDEN.replace(".b...G..", ".....G.."),
        turn=50,
        to_move=DIAMOND,
        phase="remove",
        last_colour="blue",
    )
    after = s2.apply(Remove(sq("g3")))
    assert after.outcome().winners == (CIRCLE,)
    assert not s.apply(Remove(sq("g3"))).is_terminal()


# =========================================================================== ruling 8


def test_ruling8_starting_side_is_a_setup_action_by_the_advantage():
    s = SPEC.new_game(1)
    assert s.phase == "setup" and s.current_player() == DIAMOND and s.round_number == 0
    assert names(s.legal_moves()) == {"start Diamond", "start Circle"}
    circle_first = s.apply(s.parse_move("start circle"))
    assert circle_first.current_player() == CIRCLE and circle_first.turn == 1
    with pytest.raises(IllegalMove, match="already been chosen"):
        circle_first.apply(Start(DIAMOND))
    with pytest.raises(IllegalMove, match="chooses the starting side"):
        s.apply(Slide(sq("b1"), sq("b3")))


def test_ruling8_choosing_the_start_is_the_choosers_time_and_running_out_loses():
    # Project ruling (card, "Clock"): the choice of starting side is part of the
    # chooser's time; an empty reserve loses then as at any other moment.  ("Diamond"
    # is only the side the chooser's screen offers first.)
    s = SPEC.new_game(1)
    assert s.timeout_move(DIAMOND) == TimeLoss(DIAMOND)
    after = s.apply_timeout(s.timeout_move(DIAMOND))
    assert after.outcome().winners == (CIRCLE,)
    assert after.outcome().reason == "Diamond ran out of time"


def test_the_end_is_kept_as_a_code_and_worded_in_the_readers_language():
    """How the game ended is data in the state; its sentence follows the language, a
    state file keeps the code, and a text that is not a code is shown as written."""
    from dataclasses import replace

    from game.rules.chromatic_collapse import CollapseState, end_words
    from game.text import i18n

    s = SPEC.new_game(1)
    after = s.apply_timeout(s.timeout_move(DIAMOND))
    assert after.ended == "time 0" and after.reason == "Diamond ran out of time"
    before = i18n.language()
    try:
        i18n.set_language("de")
        assert after.outcome().reason not in ("", "Diamond ran out of time")
        assert after.step_banner() == after.outcome().reason
    finally:
        i18n.set_language(before)
    back = CollapseState.from_json(json.loads(json.dumps(after.to_json())))
    assert back == after and back.reason == "Diamond ran out of time"
    assert replace(after, ended="Diamond lost").reason == "Diamond lost"
    assert end_words("bigger 1 6 4") == "Both sides are connected; Circle's group of 6 beats 4"
    assert end_words("last 0 5").endswith("Diamond made the last move")
    for odd in (
        "",
        "time",
        "time 2",
        "time 0 1",
        "connected 0 99999",
        "bigger -1 3 2",
        "stuck 0\n",
        "connected 1 5 extra words",
        "x" * 200,
    ):
        assert end_words(odd) == odd


def test_ruling8_option_advantage_gives_circle_the_choice():
    s = SPEC.new_game(1, advantage="Circle")
    assert s.current_player() == CIRCLE and s.phase == "setup"
    assert SPEC.option("advantage").default == "Diamond"
    with pytest.raises(ValueError):
        SPEC.new_game(1, advantage="Square")


def test_ruling8_tournament_clock_and_empty_reserve_loses():
    assert SPEC.tournament_clock == ClockPreset(90, 300)
    assert SPEC.timeout_policy == "move"
    s = started(1)
    s = s.apply(s.legal_moves()[0])
    move = s.timeout_move(CIRCLE)
    assert str(move) == "time Circle" and s.parse_move("TIME circle") == move
    with pytest.raises(IllegalMove, match="clock's action"):
        s.apply(move)  # nobody may choose to lose on time: only the clock plays it
    after = s.apply_timeout(move)
    assert after.outcome().winners == (DIAMOND,)
    assert after.outcome().reason == "Circle ran out of time"
    with pytest.raises(IllegalMove):
        s.apply_timeout(TimeLoss(DIAMOND))


# =========================================================================== ruling 9


def test_ruling9_notation_moves_captures_and_removals():
    s = from_diagram(
        """
        #......#
        ........
        ........
        ........
        .R..r..R
        ........
        .B......
        #.....b#""",
        last_colour=-1,
        turn=1,
    )
    assert str(s.parse_move("b4-b6")) == "b4-b6"
    assert str(s.parse_move("B4XE4")) == "b4xe4"
    assert s.parse_move("b4 x e4") == Slide(sq("b4"), sq("e4"))
    assert str(Remove(sq("e5"))) == "x e5" and s.parse_move("X E5") == Remove(sq("e5"))
    assert s.parse_move("xe5") == Remove(sq("e5"))
    with pytest.raises(IllegalMove, match="no enemy piece on b6"):
        s.parse_move("b4xb6")
    for junk in ("", "banana", "x" * 500, "\x00", "z9-z10", "b4-", "start square"):
        with pytest.raises(IllegalMove):
            s.parse_move(junk)


def test_engine_never_imports_pygame():
    import game.ai.chromatic_collapse as ai
    import game.rules.chromatic_collapse as engine

    for module in (engine, ai):
        source = open(module.__file__, encoding="utf-8").read()
        assert "import pygame" not in source and "from pygame" not in source


# =========================================================================== data files


def _seed_json(name: str) -> dict:
    return json.loads((importlib.resources.files("seeds") / name).read_text())


def _perft(state, depth):
    if depth == 0:
        return 1
    return sum(_perft(state.apply(m), depth - 1) for m in state.legal_moves())


def _perft_board(b: Board, depth):
    if depth == 0:
        return 1
    total = 0
    for m in b.moves():
        undo = b.make(m)
        total += _perft_board(b, depth - 1)
        b.unmake(undo)
    return total


def test_perft_tables():
    data = _seed_json("chromatic-collapse-perft.json")
    assert {p["name"] for p in data["positions"]} >= {"start", "start-ray-count", "sudden-death"}
    for pos in data["positions"]:
        state = SPEC.from_json(pos["state"])
        counts = pos["counts"]
        got = [_perft(state, d) for d in range(1, min(len(counts), 3) + 1)]
        assert got == counts[: len(got)], pos["name"]
        # The search board is a second implementation of the turn rules: it must agree.
        assert _perft_board(Board(state), len(counts)) == counts[-1], pos["name"]


def test_golden_playthrough():
    data = _seed_json("chromatic-collapse-golden.json")
    state = SPEC.new_game(data["seed"], **data["options"])
    for text in data["moves"]:
        state = state.apply(state.parse_move(text))
    assert state.is_terminal()
    assert state.to_diagram().split("\n") == data["final_board"]
    assert state.turn == data["turn"] and state.reason == data["reason"]
    assert ("Diamond", "Circle")[state.winner] == data["winner"]


# =========================================================================== properties


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    picks=st.lists(st.integers(0, 10_000), max_size=160),
    ray=st.booleans(),
)
def test_property_counts_fall_only_by_captures_and_removals_colours_never_change(seed, picks, ray):
    state = SPEC.new_game(seed, ray_count=ray)
    for pick in picks:
        if state.is_terminal():
            break
        moves = state.legal_moves()
        move = moves[pick % len(moves)]
        before = {s: colours_of(state, s) for s in (DIAMOND, CIRCLE)}
        after = state.apply(move)
        lost = None
        if isinstance(move, Slide) and move.capture:
            lost = state.piece_at(move.to)
        elif isinstance(move, Remove):
            lost = state.piece_at(move.square)
        for seat in (DIAMOND, CIRCLE):
            expect = list(before[seat])
            if lost is not None and lost[0] == seat:
                expect.remove(lost[1])
            assert colours_of(after, seat) == expect
        if isinstance(move, Slide):
            assert after.piece_at(move.to) == state.piece_at(move.frm)
        state = after


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), max_size=120))
def test_property_json_and_notation_round_trips(seed, picks):
    state = SPEC.new_game(seed)
    for pick in picks:
        again = SPEC.from_json(json.loads(json.dumps(state.to_json())))
        assert again == state and again.legal_moves() == state.legal_moves()
        if state.is_terminal():
            break
        moves = state.legal_moves()
        for m in moves:
            assert state.parse_move(str(m)) == m and str(state.parse_move(str(m))) == str(m)
            assert state.why_illegal(m) is None
        state = state.apply(moves[pick % len(moves)])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), max_size=100))
def test_property_why_illegal_agrees_with_legal_moves(seed, picks):
    state = started(seed)
    for pick in picks:
        if state.is_terminal():
            break
        legal = set(state.legal_moves())
        for frm in state.pieces(state.current_player()):
            for to in range(64):
                m = Slide(frm, to)
                assert (state.why_illegal(m) is None) == (m in legal)
                assert (state.piece_note(frm) is None) == any(
                    x.frm == frm for x in legal
                ) or state.phase == "remove"
        moves = state.legal_moves()
        state = state.apply(moves[pick % len(moves)])


# =========================================================================== contract


@pytest.mark.parametrize(
    "seed,options",
    [
        (1, {}),
        (2, {}),
        (3, {"ray_count": True}),
        (4, {"advantage": "Circle"}),
    ],
)
def test_contract_random_playouts(seed, options):
    actions = random_playout_checks(SPEC, seed, options=options, check_every=3)
    assert actions > 1


def test_contract_illegal_text():
    illegal_text_checks(SPEC)


def test_spec_is_registered_and_complete():
    # registered: the engine's spec, with the bots and the module name (the key to the
    # game's other modules) joined to it by the registry
    registered = GAMES["chromatic-collapse"]
    assert registered.module == "chromatic_collapse"
    assert dataclasses.replace(registered, bots={}, strength_bot=None, module="") == SPEC
    assert set(GAMES[SPEC.id].bots) == {"random", "easy", "medium", "hard", "expert"}
    for level in GAMES[SPEC.id].bots:
        bot = GAMES[SPEC.id].make_bot(level)
        assert bot.name
    assert SPEC.seat_names(2) == ("Diamond", "Circle")
    assert SPEC.rules_card == "chromatic-collapse.md"
    card = (importlib.resources.files("seeds") / SPEC.rules_card).read_text()
    for words in ("Ray count", "Advantage", "x e5", "b1xd3", "turns 50, 55, 60"):
        assert words in card
    with pytest.raises(ValueError):
        SPEC.resolve_options(3)


def test_move_bound_covers_the_longest_game():
    # The bound is derived from sudden death; a random game must stay well within it.
    bound = SPEC.move_bound(2, {})
    state = SPEC.new_game(9)
    rng = random.Random(9)
    n = 0
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves()))
        n += 1
    assert n < bound and state.turn <= 150


def test_screen_helpers():
    s = from_diagram(
        """
        #......#
        ........
        ........
        ........
        .R..r..R
        ........
        .B......
        #.....b#""",
        last_colour=-1,
        turn=1,
    )
    assert names(s.destinations(sq("b4"))) == names(m for m in s.legal_moves() if m.frm == sq("b4"))
    path = s.path(s.parse_move("b4xe4"))
    assert path.squares == (sq("b4"), sq("c4"), sq("d4"), sq("e4"))
    assert path.captured == sq("e4") and path.jumped == ()
    assert s.largest_group(DIAMOND) in {
        frozenset({sq("b4")}),
        frozenset({sq("h4")}),
        frozenset({sq("b2")}),
    }
    assert len(s.groups(DIAMOND)) == 3
    assert s.scores() == (1.0, 1.0)
    assert s.movable_squares() == sorted({m.frm for m in s.legal_moves()})
    assert s.piece_note(sq("e4")) == "That is a Circle piece"
    assert started(1).turns_to_sudden_death() == 49


# =========================================================================== bots

WIN_IN_TURN = """
    #......#
    ..rG.Y..
    ...b....
    ...yr...
    ........
    ...g....
    ...g....
    #...Y..#"""

STOP_IN_TURN = """
    #......#
    ..rY....
    ...bGY..
    .......r
    ........
    ...g....
    ..g.y...
    #...Y..#"""


def test_tactics_position_win_in_turn_is_real():
    s = from_diagram(WIN_IN_TURN, to_move=CIRCLE, turn=32, last_colour="green")
    b = Board(s)
    assert wins_within_turn(b, CIRCLE)
    one = False
    for m in b.moves():
        undo = b.make(m)
        one |= b.winner == CIRCLE
        b.unmake(undo)
    assert not one  # it takes both moves


@pytest.mark.parametrize("bot", [MediumBot(), HardBot()], ids=["medium", "hard"])
def test_bots_complete_a_connection_within_their_turn(bot):
    s = from_diagram(WIN_IN_TURN, to_move=CIRCLE, turn=32, last_colour="green")
    end = play_turn_with(bot, s)
    assert end.is_terminal() and end.outcome().winners == (CIRCLE,)


def test_easy_takes_a_win_in_one_move():
    s = from_diagram(WIN_IN_TURN, to_move=CIRCLE, turn=32, last_colour="green")
    b = Board(s)
    for m in b.moves():  # the first half of the winning turn, found exhaustively
        undo = b.make(m)
        if wins_within_turn(b, CIRCLE):
            s = s.apply(to_action(s, m))
            b.unmake(undo)
            break
        b.unmake(undo)
    assert s.phase == "second"
    for seed in range(3):
        end = s.apply(EasyBot().choose(s, rng=random.Random(seed), budget=Budget(nodes=10**6)))
        assert end.outcome() is not None and end.outcome().winners == (CIRCLE,)


def test_tactics_position_stop_in_turn_is_real():
    s = from_diagram(STOP_IN_TURN, to_move=CIRCLE, turn=28, last_colour="yellow")
    b = Board(s)
    assert not wins_within_turn(b, CIRCLE)
    outcomes = [
        wins_within_turn(e, DIAMOND) if e.winner < 0 else e.winner == DIAMOND
        for e in turn_ends(b, CIRCLE)
    ]
    assert any(outcomes) and not all(outcomes)  # a stop exists, and it is needed


@pytest.mark.parametrize("bot", [MediumBot(), HardBot()], ids=["medium", "hard"])
def test_bots_stop_the_opponents_connection(bot):
    s = from_diagram(STOP_IN_TURN, to_move=CIRCLE, turn=28, last_colour="yellow")
    end = play_turn_with(bot, s)
    assert not (end.is_terminal() and end.outcome().winners == (DIAMOND,))
    assert end.current_player() == DIAMOND
    assert not wins_within_turn(Board(end), DIAMOND)


def test_bots_honour_a_cancelled_budget():
    s = started(4)
    for bot in (EasyBot(), MediumBot(), HardBot()):
        move = bot.choose(s, rng=random.Random(1), budget=Budget(cancelled=lambda: True))
        assert move in s.legal_moves()


def test_bots_pick_legal_setup_and_moves():
    s = SPEC.new_game(2)
    for level in ("random", "easy", "medium", "hard"):
        bot = GAMES[SPEC.id].make_bot(level)
        m = bot.choose(s, rng=random.Random(0), budget=Budget(nodes=2000))
        assert m in s.legal_moves()
        t = started(2)
        assert bot.choose(t, rng=random.Random(0), budget=Budget(nodes=2000)) in t.legal_moves()


def test_batch_playouts_follow_the_same_rules():
    from game.ai.chromatic_collapse import BatchPlayouts

    batch = BatchPlayouts()
    states = []
    for g in range(6):
        s = started(g, ray_count=g % 3 == 0)
        rng = random.Random(g)
        while not s.is_terminal():
            states.append(s)
            s = s.apply(rng.choice(s.legal_moves()))
    assert batch.legal_counts(states) == [len(s.legal_moves()) for s in states]
    result = batch.run([started(g) for g in range(40)], seed=3)
    assert all(w in (DIAMOND, CIRCLE) for w in result["winners"])
    assert all(a < SPEC.move_bound(2, {}) for a in result["actions"])
