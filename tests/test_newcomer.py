"""ref-greedy, the stand-in for a newcomer's sensible but shallow play:
one ply on the game's points, and in Color Crossroads and Crystal Formation one ply on
what a newcomer looks at there (tools/references.py).  Fixed small positions and whole
games with no clock: nothing here depends on wall time."""

from __future__ import annotations

import ast
import importlib.util
import math
import random
from pathlib import Path

import pytest

from game.registry import GAMES
from game.rules.color_crossroads import PAIRS, Challenge, critical_cells, loop_exists
from tests.test_color_crossroads import act
from tests.test_color_crossroads import position as crossroads_position
from tests.test_crystal_formation import position as formation_position
from tools.references import WIN, GreedyOnePly, score_difference

ROOT = Path(__file__).resolve().parent.parent
REFERENCES = ROOT / "tools" / "references.py"


@pytest.fixture(scope="module")
def arena():
    spec = importlib.util.spec_from_file_location(
        "crystal_arcade_arena", ROOT / "tools" / "arena.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_references_share_no_code_with_the_bot_family():
    tree = ast.parse(REFERENCES.read_text())
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    ]
    assert imported and not [m for m in imported if m and m.startswith("game.ai")]


# -- Color Crossroads ------------------------------------------------------------------------
def kills(state, move) -> int:
    """Open pairs that ``move`` (a placement) leaves with no loop."""
    return sum(
        1
        for p in state.open_pairs()
        if loop_exists(state, p)
        and move.colour not in PAIRS[p]
        and move.cell in critical_cells(state, p)
    )


def greedy_turn(state, seed: int):
    """Play ref-greedy's whole turn (answering for the other seat with the engine's
    loop, as every player does); returns the state when the turn has passed."""
    bot, rng = GreedyOnePly(), random.Random(seed)
    seat = state.current_player()
    while not state.is_terminal() and (state.mover == seat or state.phase == "answer"):
        state = state.apply(bot.choose(state, rng=rng))
    return state


def test_crossroads_greedy_challenges_a_pair_it_can_see_has_no_loop():
    # Yellow on B1 cut red-green and red-blue; Player 2 is to move with both dead.
    state = act(crossroads_position(last_colours=(0, 1)), "place B1 yellow", "end turn")
    assert state.current_player() == 1
    dead = {p for p in state.open_pairs() if not loop_exists(state, p)}
    assert len(dead) == 2
    for seed in range(5):
        move = GreedyOnePly().choose(state, rng=random.Random(seed))
        assert isinstance(move, Challenge) and move.pair in dead


def test_crossroads_greedy_kills_a_pair_and_takes_the_point_in_the_same_turn():
    # Red-blue is closed, so yellow next to the red corner cuts red-green alone;
    # blue there (or next to the green corner) would cut two pairs and give one away.
    state = crossroads_position(last_colours=(0, 1), closed=(-1, -1, 1, -1, -1, -1), points=(0, 1))
    placements = state.placements()
    single = [m for m in placements if kills(state, m) == 1]
    double = [m for m in placements if kills(state, m) == 2]
    assert single and double and len(single) < len(placements) // 10  # a kill is rare
    for seed in range(5):
        first = GreedyOnePly().choose(state, rng=random.Random(seed))
        assert first in single
        after = greedy_turn(state, seed)
        assert after.points == (1, 1) and after.mover == 1
        assert all(loop_exists(after, p) for p in after.open_pairs())  # nothing left to give


def test_crossroads_greedy_never_challenges_a_pair_that_has_a_loop():
    """Whole games of ref-greedy against random: every challenge it makes is of a
    pair with no loop, so it never gives the point away (and it claims some)."""
    spec = GAMES["color-crossroads"]
    bots = [GreedyOnePly(), spec.make_bot("random")]
    challenges = 0
    for seed in range(3):
        state, rng = spec.new_game(seed=seed), random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            move = bots[seat].choose(state, rng=rng, budget=None)
            if seat == 0 and isinstance(move, Challenge):
                assert not loop_exists(state, move.pair), (seed, str(move))
                challenges += 1
            state = state.apply(move)
        assert state.outcome().winners == (0,)
    assert challenges >= 6


# -- Crystal Formation -----------------------------------------------------------------------
FORMATION = """
0SML .    .    .    .    .    .    .
.    0ML  .    .    .    .    .    .
.    .    .    .    .    .    .    .
.    .    .    0S   .    .    .    .
.    .    .    .    .    .    .    .
.    .    .    .    .    1M   .    .
.    .    .    .    .    .    .    .
.    .    .    .    .    .    .    1SML
"""


def test_formation_greedy_grows_the_node_one_piece_from_a_tree():
    state = formation_position(FORMATION)
    for seed in range(5):
        move = GreedyOnePly().choose(state, rng=random.Random(seed))
        assert str(move) == "grow b2 S"
        assert state.apply(move).trees(0) == 2


def test_formation_greedy_does_not_leave_its_pieces_where_they_decay():
    # Ruby's medium on D4 stands in the ring of Sapphire's medium on F6: left there it
    # would shrink at the end of Ruby's turn.  With both trees finished, moving it out
    # of the ring is the one action that loses nothing.
    state = formation_position(FORMATION.replace("0ML ", "0SML").replace("0S  ", "0M  "))
    assert state.threatened_nodes(0)
    moves = state.legal_moves()
    careless = [m for m in moves if state.decay_preview(m).decays]
    assert len(careless) > len(moves) // 2  # most actions let a node decay
    for seed in range(5):
        move = GreedyOnePly().choose(state, rng=random.Random(seed))
        assert not state.decay_preview(move).decays, move
        after = state.apply(move)
        assert not after.threatened_nodes(0) and after.power(0) == state.power(0)


def test_formation_greedy_completes_the_fifth_tree():
    state = formation_position(
        """
0SML .    .    0SML .    .    .    .
.    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .
0SML .    .    0ML  .    .    .    .
.    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .
.    .    .    .    .    .    .    .
0SML .    .    .    .    .    .    1SML
"""
    )
    assert len(state.legal_moves()) > 20
    for seed in range(3):
        move = GreedyOnePly().choose(state, rng=random.Random(seed))
        assert str(move) == "grow d4 S" and state.apply(move).winner == 0


# -- whole games, and the two games where it is unchanged ------------------------------------
@pytest.mark.parametrize("game", ["crystal-formation", "color-crossroads"])
def test_greedy_plays_whole_legal_games_and_beats_random(arena, game):
    result = arena.run_arena(
        GAMES[game], ["ref-greedy", "random"], games=2, seed=11, seconds=0.01, progress=None
    )
    for record in result["records"]:
        assert not record["note"], record["note"]  # an illegal move or error forfeits
        assert record["actions"] > 0
    assert result["pairings"][0]["wins"] == 2


def _old_greedy(state, rng):
    """ref-greedy as it was before the per-game views: one ply on scores()."""
    seat = state.current_player()
    best, best_value = [], -math.inf
    for move in state.legal_moves():
        after = state.apply(move)
        if after.is_terminal():
            value = after.returns()[seat] * WIN
        else:
            value = score_difference(after, seat)
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return rng.choice(best)


@pytest.mark.parametrize("game", ["crystal-connector", "chromatic-collapse"])
def test_greedy_is_unchanged_where_it_was_measured(game):
    spec = GAMES[game]
    walk = random.Random(4)
    state = spec.new_game(seed=4)
    checked = 0
    while not state.is_terminal() and checked < 12:
        if len(state.legal_moves()) > 1:
            new = GreedyOnePly().choose(state, rng=random.Random(checked))
            assert new == _old_greedy(state, random.Random(checked))
            checked += 1
        state = state.apply(walk.choice(state.legal_moves()))
    assert checked >= 6
