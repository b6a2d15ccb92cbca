"""The bitboard search board (game/ai/chromatic_collapse_bits.py) against the engine, the rules
authority: same legal actions, same position after every action (make), the position
and its key restored by unmake, the same winner, and the fast leaf evaluation equal to
making the move and evaluating."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import chromatic_collapse_bits as cb
from game.ai.base import Budget
from game.ai.chromatic_collapse import HardBot
from game.rules.chromatic_collapse import SPEC, Start


def reachable(seed: int, actions: int, ray_count: bool, starter: int):
    """The state after ``actions`` random actions of a seeded game (or its end)."""
    rng = random.Random(seed)
    s = SPEC.new_game(seed, ray_count=ray_count).apply(Start(starter))
    for _ in range(actions):
        if s.is_terminal():
            break
        s = s.apply(rng.choice(s.legal_moves()))
    return s


positions = st.builds(
    reachable,
    seed=st.integers(0, 10_000),
    actions=st.integers(0, 160),
    ray_count=st.booleans(),
    starter=st.integers(0, 1),
)


@settings(max_examples=120, deadline=None)
@given(positions)
def test_moves_are_the_engines_legal_actions(s):
    b = cb.BitBoard(s)
    mine = sorted(str(cb.to_action(m, s)) for m in b.moves())
    assert mine == sorted(str(a) for a in s.legal_moves())


@settings(max_examples=80, deadline=None)
@given(positions)
def test_make_matches_the_engine_and_unmake_restores(s):
    if s.is_terminal():
        return
    b = cb.BitBoard(s)
    before = b.snapshot()
    for m in b.moves():
        after = s.apply(cb.to_action(m, s))
        b.make(m)
        assert b.key() == b.full_key()
        assert b.feat == [cb.features(b.masks[0]), cb.features(b.masks[1])]
        if after.is_terminal() and b.winner < 0:
            # The engine also ends the game when the next step has no legal move;
            # the search finds that as a position without moves.
            assert "cannot make" in after.reason and b.moves() == []
        elif after.is_terminal():
            assert b.winner == after.winner and b.phase == cb.OVER
        else:
            assert b.snapshot() == cb.BitBoard(after).snapshot()
        b.unmake()
        assert b.snapshot() == before


@settings(max_examples=60, deadline=None)
@given(positions)
def test_leaf_value_equals_make_then_evaluate(s):
    if s.is_terminal() or s.phase == "remove":
        return
    b = cb.BitBoard(s)
    w = cb.Weights()
    me = b.to_move
    for m in b.moves():
        fast = b.leaf_value(m, w)
        b.make(m)
        if fast is None:
            assert b.phase in (cb.OVER, cb.REMOVE)
        else:
            assert b.phase != cb.OVER
            slow = cb.evaluate(b, w)
            assert fast == (slow if b.to_move == me else -slow)
        b.unmake()


def test_the_last_action_of_random_games_wins_on_both_boards():
    # Every seeded random game ends on a connection (or a side left without a move);
    # the action that ends it must end it the same way on the search board.
    kinds = set()
    for seed in range(12):
        rng = random.Random(seed)
        s = SPEC.new_game(seed).apply(Start(seed % 2))
        while True:
            action = rng.choice(s.legal_moves())
            after = s.apply(action)
            if after.is_terminal():
                break
            s = after
        b = cb.BitBoard(s)
        (m,) = [m for m in b.moves() if cb.to_action(m, s) == action]
        b.make(m)
        if "cannot make" in after.reason:
            assert b.winner < 0 and b.moves() == []
            kinds.add("stuck")
        else:
            assert b.winner == after.winner
            kinds.add("joined" if b.winner == s.to_move else "joined the other side")
    assert "joined" in kinds


def test_euler_number_counts_groups_and_holes():
    one_group = (1 << cb.PAD[9]) | (1 << cb.PAD[10])
    assert cb.euler4(one_group) == 4  # one group, no hole: 4 x 1
    two = (1 << cb.PAD[9]) | (1 << cb.PAD[20])
    assert cb.euler4(two) == 8
    ring = 0
    for sq in (18, 19, 20, 26, 28, 34, 35, 36):
        ring |= 1 << cb.PAD[sq]
    assert cb.euler4(ring) == 0  # one group with one hole


def test_hard_is_deterministic_under_a_node_budget():
    s = reachable(7, 30, False, 0)
    picks = {
        str(HardBot().choose(s, rng=random.Random(3), budget=Budget(nodes=4000))) for _ in range(3)
    }
    assert len(picks) == 1


def test_hard_counts_its_nodes_against_the_budget():
    s = reachable(11, 20, False, 1)
    bot = HardBot()
    budget = Budget(nodes=3000)
    bot.choose(s, rng=random.Random(0), budget=budget)
    # The budget is ticked every 256 nodes (and a node's leaf children are counted
    # in one go), so the search stops soon after the budget is spent.
    assert 3000 <= budget.used_nodes <= bot.last_nodes < 3000 + 512
