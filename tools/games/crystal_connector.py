"""Crystal Connector's hooks for the tools (tools/games/__init__.py)."""

from __future__ import annotations


# -- tools/tactics.py ---------------------------------------------------------------------
def hot(state, seat: int) -> bool:
    """A cheap filter: could the opponent be one turn from winning at all?"""
    opp = 1 - seat
    return seat == state.first_mover and state.totals[opp] + 150 >= state.threshold


def winning_turn(state) -> list[str] | None:
    """Every distinct sequence of the mover's remaining shifts (and conversion), in
    numpy (the planner Medium and Hard use, without a beam); the turn wins when it
    closes the round with the mover at or above the threshold and ahead."""
    from tools.tactics import play_turn

    import numpy as np

    from game.ai.crystal_connector import actions_for, plan_turn

    seat = state.to_move
    if seat == state.first_mover:
        return None  # the first mover's turn never ends the game
    plan = plan_turn(state, seat, beam=10**9)
    if len(plan.leaves) == 0:
        return None
    mine = state.totals[seat] + plan.my_prod
    theirs = state.totals[1 - seat] + plan.their_prod + plan.leaves.cost
    wins = np.nonzero((mine >= state.threshold) & (mine > theirs))[0]
    for i in wins[:20]:
        moves = actions_for(plan, int(i), state)
        after = play_turn(state, moves)
        if after.is_terminal() and after.outcome().winners == (seat,):
            return [str(m) for m in moves]
    if wins.size:
        raise AssertionError("the numpy planner and the engine disagree on a winning turn")
    return None
