"""The coach's position values: each game's Hard bot judging a position.

``value(game_id, state, budget)`` is one number per seat on -1..+1 (the scale of
``state.returns()``), from a FIXED perspective: a two-player value is seat 0's score
``v`` with seat 1's ``-v``, whichever seat is to move, so a position whose side to move
changes does not flip the graph.  How a game is judged is in its own module,
``game.analysis.games.<game>`` (its Hard bot's own evaluation or search, never a new
evaluator): this module asks it, and names no game.

The raw score is squashed by ``tanh(score / SCALE)`` (the game module's); the calibrated
win chance (``game.analysis.calibration``) is a logistic curve over that value, fitted
per strength band by ``tools/calibrate_coach.py bands``.  A finished position is its own ``returns()``.
"""

from __future__ import annotations

import math
from typing import Mapping

from game.ai.base import Budget

PROVEN = 1e9  # a raw score this large (either sign) is a proven result


def to_seat0(mover_score: float, mover: int) -> float:
    """A two-player score for the side to move as seat 0's."""
    return mover_score if mover == 0 else -mover_score


class _Scales(Mapping):
    """Each known game's squash scale, by game id (read from the game modules)."""

    def _table(self):
        from game.analysis import games

        return games.table()

    def __getitem__(self, game_id):
        return self._table()[game_id].SCALE

    def __iter__(self):
        return iter(self._table())

    def __len__(self):
        return len(self._table())


SCALES = _Scales()


# -- the common entry -------------------------------------------------------------------


def raw_value(
    game_id: str, state, budget: Budget | None = None, depth: int | None = None
) -> list[float]:
    """Each seat's raw score (unbounded; +-PROVEN for a proven result).  ``depth``
    caps a deepening search (Chromatic Collapse), so a test can compare positions at
    one depth whatever the machine's speed."""
    budget = budget or Budget(seconds=0.5)
    n = state.num_players
    if state.is_terminal():
        return [PROVEN * float(r) for r in state.returns()]
    from game.analysis import games

    hooks = games.of(game_id)
    assert hooks is not None, game_id  # a game the coach values has hooks
    raw = hooks.raw(state, budget, depth)
    if isinstance(raw, list):
        return [float(x) for x in raw]
    return [float(raw), -float(raw)] if n == 2 else [float(raw)] * n


def squash(game_id: str, raw: float) -> float:
    if abs(raw) >= PROVEN:
        return math.copysign(1.0, raw)
    return math.tanh(raw / SCALES.get(game_id, 1.0))


def value(
    game_id: str, state, budget: Budget | None = None, depth: int | None = None
) -> list[float]:
    """Each seat's value on -1..+1 from a fixed perspective (seat order, not the side
    to move); a finished position gives exactly ``state.returns()``."""
    if state.is_terminal():
        return [float(r) for r in state.returns()]
    return [squash(game_id, r) for r in raw_value(game_id, state, budget, depth)]
