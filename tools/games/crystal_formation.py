"""Crystal Formation's hooks for the tools (tools/games/__init__.py)."""

from __future__ import annotations

import random

from game.rules.crystal_formation import SPEC, FormationState, geometry, pieces_mask
from game.text.i18n import N_


# -- tools/tactics.py ---------------------------------------------------------------------
def hot(state, seat: int) -> bool:
    """A cheap filter: could the opponent be one turn from winning at all?"""
    return state.trees(1 - seat) >= 4


def winning_turn(state) -> list[str] | None:
    seat = state.current_player()
    for m in state.legal_moves():
        if state.apply(m).winner == seat:
            return [str(m)]
    return None


def formation_positions(count: int, seed: int = 0) -> list[str]:
    """Crystal Formation positions made by hand, at random (bot games never reach one:
    see docs/bots.md): Sapphire (seat 1) has four trees and a node one grow from the
    fifth, Ruby (seat 0, to move) has trees and smaller nodes.  Kept when some of Ruby's
    actions let the fifth tree stand and some do not, and most do (so a careless
    action is likely to lose).  Returned as diagrams (rows 1-8, ``0SML`` = Ruby's
    tree, ``.`` empty) for ``tests/test_crystal_formation.position``."""
    from tools.tactics import turn_loses

    rng = random.Random(seed)
    geo = geometry("square")
    out = []
    while len(out) < count:
        cells = rng.sample(range(64), 10)
        board = [0] * 64
        plan = [(1, "SML")] * 4 + [(1, rng.choice(["ML", "SL", "SM"]))]
        plan += [(0, "SML")] * rng.randint(1, 3)
        plan += [(0, rng.choice(["S", "M", "SM", "L"])) for _ in range(10 - len(plan))]
        for c, (owner, p) in zip(cells, plan, strict=True):
            board[c] = (owner << 3) | pieces_mask(p)
        stashes = [[5, 5, 5], [5, 5, 5]]
        for v in board:
            if v:
                for k in range(3):
                    stashes[v >> 3][k] -= (v >> k) & 1
        if min(min(s) for s in stashes) < 0:
            continue
        state = FormationState(2, tuple(board), tuple(tuple(s) for s in stashes), 20)
        if state.is_terminal():
            continue
        moves = state.legal_moves()
        if len(moves) < 2:
            continue
        losing = [m for m in moves if turn_loses(SPEC.id, state, [m])]
        if not losing or len(losing) == len(moves) or len(losing) < len(moves) // 2:
            continue
        rows = []
        for r in range(8):
            toks = []
            for col in range(8):
                v = board[geo.index[(col, r)]]
                toks.append(
                    "."
                    if not v
                    else str(v >> 3) + "".join("SML"[k] for k in range(3) if (v >> k) & 1)
                )
            rows.append(" ".join(toks))
        safe = [m for m in moves if m not in losing]
        out.append(("\n".join(rows), str(losing[0]), str(safe[0]), len(losing), len(moves)))
    return out


# -- tools/puzzles.py ---------------------------------------------------------------------
RATE_BUDGET = {"easy": 500, "medium": 3_000, "hard": 8_000}  # nodes a decision, for rating
PUZZLE_GOAL_TEXT = {
    "gain": N_("Grow a new tree this turn."),
    # {next}: the next seat's name; filled in when shown
    "block": N_("Stop {next} from growing a new tree on their next turn."),
}
PUZZLE_HINT = N_("A tree is a small, a medium and a large pyramid on one cell.")
PUZZLE_HINTS = {
    "block": N_(
        "A node inside a rival's influence loses power at the end "
        "of its owner's turn: bring their next tree into yours."
    )
}


def puzzle_goals(state, seat: int) -> list[tuple[str, int]]:
    """The goals worth searching for at this turn start, the first that makes a puzzle
    wins: with more players, stopping the next seat's tree first."""
    return [("block", 1), ("gain", 1)] if state.num_players > 2 else [("gain", 1)]


# -- tools/screenshot.py ------------------------------------------------------------------
SAMPLE_START = "crystal-formation#5"  # the start the tools show it with
PROOF_STARTS = (SAMPLE_START, "crystal-formation:players=4#5")
SWEEP_SHOTS = (
    ("crystal-formation", "game", {"id": "crystal-formation:players=4#5", "moves": "random;" * 4}),
    (
        "crystal-formation-hex",
        "game",
        {"id": "crystal-formation:players=6#5", "moves": "random;" * 8},
    ),
)


# -- tools/references.py: what a newcomer looks at ------------------------------------
def newcomer_values(state, moves, seat: int, one_ply):
    """Crystal Formation as a newcomer reads the rule card, one action ahead (its own
    decay and death at the end of the turn included, as the decay preview shows): its
    trees (worth ten), its power, half the power of its node closest to a tree ("grow
    the node nearest to a tree"), and, from the influence rings, its own nodes left
    standing in a rival's area, which decay at its next turn end ("do not leave your
    pieces where they decay": a tree would stop being one, 7, any other node 1).
    Nothing about the rivals: their nodes do not change during its turn, and it does
    not plan to wear them down.  The ``ref-greedy`` reference player's eye
    (tools/references.py), which passes its ``one_ply(after, seat, evaluate)``."""
    return [one_ply(state.apply(move), seat, _formation_own) for move in moves]


FORMATION_THREAT = (7.0, 1.0)  # what a threatened tree, a threatened other node costs


def _formation_own(state, seat: int) -> float:
    growing = [n.power for n in state.nodes(seat) if not n.is_tree]
    value = 10.0 * state.trees(seat) + state.power(seat) + 0.5 * max(growing, default=0)
    tree_threat, node_threat = FORMATION_THREAT
    for node in state.threatened_nodes(seat):
        value -= tree_threat if node.is_tree else node_threat
    return value
