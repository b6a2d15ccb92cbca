"""Crystal Formation's coach: Hard's evaluation after the mover's best action one ply deep.

The shared modules (``game.analysis.values``, ``evaluation``, ``calibration``) reach this
one through ``game.analysis.games``; its explanations of a marked action are in
:func:`explain`.
"""

from __future__ import annotations


from game.ai.base import Budget
from game.analysis.values import PROVEN
from game.rules.crystal_formation import SPEC

GAME = SPEC.id
# Raw score per unit of value: tanh(score / SCALE) (tools/calibrate_coach.py prints the
# spread of raw scores the scale is chosen from).
SCALE = 12.0
# Calibrated on two-player games; places are measured at three to six.
PLAYERS = 2
MORE_PLAYERS = (3, 4, 5, 6)


def raw(state, budget: Budget, depth: int | None = None) -> list[float]:
    """Per seat: Hard's relative value after the mover's best one-ply action."""
    from game.ai.crystal_formation import ranked_moves, relative_value, seat_values

    n = state.players
    mover = state.current_player()
    moves = state.legal_moves()
    after = state
    if moves:
        ranked = ranked_moves(state, mover, budget)
        if ranked:
            after = ranked[0][2]
            if after.winner == mover:
                return [PROVEN if s == mover else -PROVEN for s in range(n)]
    values = seat_values(after)
    return [relative_value(values, s) for s in range(n)]
