"""Crystal Connector's hooks for the tools (tools/games/__init__.py)."""

from __future__ import annotations

import random

from game.text.i18n import N_


# -- tools/tactics.py ---------------------------------------------------------------------
def hot(state, seat: int) -> bool:
    """A cheap filter: could the opponent be one turn from winning at all?"""
    opp = 1 - seat
    return seat == state.first_mover and state.totals[opp] + 150 >= state.threshold


def winning_turn(state) -> list[str] | None:
    """Every distinct sequence of the mover's remaining shifts (and conversion), in
    numpy (the planner Medium and Hard use, without a beam); the turn wins when it
    closes the round with the mover at or above the threshold and ahead."""
    import numpy as np

    from game.ai.crystal_connector import actions_for, plan_turn
    from tools.tactics import play_turn

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


# -- tools/puzzles.py ---------------------------------------------------------------------
NEAR_MISS = 40  # leaves this close to the target are replayed too
RATE_BUDGET = {"easy": 2_000, "medium": 10_000, "hard": 30_000}  # nodes a decision, for rating
PUZZLE_HINT = N_(
    "Your turn closes the round: look for the shifts that take you past the target and ahead."
)


def puzzle_goals(state, seat: int) -> list[tuple[str, int]]:
    """The goals worth searching for at this turn start (a cheap filter)."""
    if seat == state.first_mover:
        return []  # the first mover's turn never closes a round
    return [("win", 1)] if state.totals[seat] + 200 >= state.threshold else []


def puzzle_turns(state, seat, most_wins=None):
    """Every distinct end board of the mover's remaining shifts comes from the numpy
    planner (about 60,000 a turn, too many to replay one by one in Python); the
    engine then replays every leaf the planner scores as a win, every near miss
    (within NEAR_MISS points of the target, or level with the opponent), and a fixed
    sample of the rest, so the planner and the engine must agree on all of them."""
    import numpy as np

    from game.ai.crystal_connector import actions_for, plan_turn
    from game.content import puzzles as P
    from tools.puzzles import MAX_NODES, TooBig

    plan = plan_turn(state, seat, beam=10**9)
    if len(plan.leaves) > MAX_NODES:
        raise TooBig
    mine = state.totals[seat] + plan.my_prod
    theirs = state.totals[1 - seat] + plan.their_prod + plan.leaves.cost
    wins = (mine >= state.threshold) & (mine > theirs)
    if most_wins is not None and not 1 <= int(np.count_nonzero(wins)) <= most_wins:
        return {}
    close = (mine >= state.threshold - NEAR_MISS) | (mine >= theirs - 2)
    # every planner win, then near misses and a sample (the cap never drops a win)
    picked = set(np.nonzero(wins)[0].tolist()) | set(np.nonzero(close)[0][:2000].tolist())
    picked |= set(
        random.Random(len(plan.leaves)).sample(range(len(plan.leaves)), min(300, len(plan.leaves)))
    )
    results = {}
    for i in sorted(picked):
        moves = actions_for(plan, i, state)
        after = state
        for m in moves:
            after = after.apply(m)
        results.setdefault(P.position_key(after), ([str(m) for m in moves], after))
    planner_wins = int(np.count_nonzero(wins))
    engine_wins = sum(
        1
        for _, after in results.values()
        if after.is_terminal() and after.outcome().winners == (seat,)
    )
    if engine_wins and not planner_wins:
        raise AssertionError("the engine finds a winning turn the planner does not")
    return results


# -- tools/screenshot.py ------------------------------------------------------------------
SAMPLE_START = "crystal-connector#12"  # the start the tools show it with
PROOF_STARTS = (SAMPLE_START,)
SWEEP_SHOTS = (
    (
        "crystal-connector",
        "game",
        {"id": "crystal-connector:rocks,pylons#12", "moves": "random;" * 5},
    ),
)
