"""Element Shift's coach: each seat's points after the round as Hard foresees it, against the table.

The shared modules (``game.analysis.values``, ``evaluation``, ``calibration``) reach this
one through ``game.analysis.games``; its explanations of a marked action are in
:func:`explain`.
"""

from __future__ import annotations

import math

from game.ai.base import Budget
from game.rules.element_shift import SPEC

GAME = SPEC.id
# Raw score per unit of value: tanh(score / SCALE) (tools/calibrate_coach.py prints the
# spread of raw scores the scale is chosen from).
SCALE = 1.0
# Revision 2: the plans already in are resolved.
REVISION = 2
# The table the calibration plays: twelve seats.
MORE_PLAYERS = (12,)


def raw(state, budget: Budget, depth: int | None = None) -> list[float]:
    """Per seat: points after this round as Hard foresees it (the shared profile of
    everyone's best responses, resolved by the real rules), against the table, in
    units of the spread of points.  A plan the state shows (a replay holds every
    seat's; a seat's own view holds its own) is resolved instead of the profile's
    guess for that seat, so the value moves when a seat commits its plan and by what
    that plan is worth; a value from public information alone stood still all round
    and then moved at once, on the last plan in, for everyone's."""
    from game.ai.element_shift import ROUNDS, _profile, resolve_round, score_round
    from game.rules.element_shift import Plan

    scores = [float(x) for x in state.scores()]
    n = len(scores)
    if state.phase == "plan" and 1 <= state.round <= ROUNDS:
        prof = _profile(state)  # public information only: no seat's pending plan
        while not prof.done and not budget.expired():
            prof.step(budget)
        view = prof.view
        plans = [
            p if isinstance(p, Plan) else g for p, g in zip(state.pending, prof.plans, strict=True)
        ]
        trace = resolve_round(view.round, view.board, view.positions, view.elements, plans)
        lines = score_round(view.round, trace.board_after, trace.positions[-1], trace.elements)
        scores = [x + float(line.total) for x, line in zip(scores, lines, strict=True)]
    mean = sum(scores) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in scores) / n) or 1.0
    # Early standings say little about the end: the further into the seven rounds,
    # the more a lead counts (measured: expected places closer to the actual ones).
    progress = min(1.0, max(0.0, state.round / ROUNDS))
    return [progress * (x - mean) / spread for x in scores]
