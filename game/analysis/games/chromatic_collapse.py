"""Chromatic Collapse's coach: Hard's principal-variation search on bitboards, deepened while the budget allows.

The shared modules (``game.analysis.values``, ``evaluation``, ``calibration``) reach this
one through ``game.analysis.games``; its explanations of a marked action are in
:func:`explain`.
"""

from __future__ import annotations

import math

from game.ai.base import Budget, SearchCancelled
from game.analysis.values import PROVEN, to_seat0
from game.rules.chromatic_collapse import SPEC

GAME = SPEC.id
# Raw score per unit of value: tanh(score / SCALE) (tools/calibrate_coach.py prints the
# spread of raw scores the scale is chosen from).
SCALE = 1600.0


def raw(state, budget: Budget, depth: int | None = None) -> float:
    from game.ai import chromatic_collapse_bits as bits
    from game.ai.chromatic_collapse import HardBot

    if state.phase == "setup":
        return 0.0
    moves_legal = state.legal_moves()
    if len(moves_legal) == 1:
        return raw(state.apply(moves_legal[0]), budget, depth)
    b = bits.BitBoard(state)
    moves = b.moves()
    me = b.to_move
    search = bits.Search(budget, HardBot().weights, quiescence=0)
    found: list[int] = []
    try:
        for d in range(1, (depth or HardBot.max_depth) + 1):
            v, _m, moves = search.root(b, d, moves)
            found.append(v)
            if abs(v) >= bits.WIN_THRESHOLD:
                break
            if budget.fraction_left() < 0.55:
                break  # the next depth would take several times longer
    except SearchCancelled:
        pass
    if not found:
        found.append(bits.evaluate(b, HardBot().weights))
    best = found[-1]
    if abs(best) >= bits.WIN_THRESHOLD:
        return to_seat0(math.copysign(PROVEN, best), me)
    # A search that ends on the mover's action rates the mover higher than one that
    # ends on the reply: the mean of the last two depths keeps the value of adjacent
    # positions from zigzagging with the depth the budget happened to reach.
    score = (found[-1] + found[-2]) / 2 if len(found) >= 2 else found[-1]
    return to_seat0(float(score), me)


# -- explanations ---------------------------------------------------------------------


def _pieces(state, seat: int) -> tuple[int, int]:
    """(pieces, groups) of ``seat`` on the board."""
    from game.rules.chromatic_collapse import seat_masks, split_groups

    mask = seat_masks(state.board)[seat]
    return bin(mask).count("1"), len(split_groups(mask)) if mask else 0


def explain(before, played, better, seat: int) -> list[tuple[str, str]]:
    """Pieces kept (the mover's, the opponent's), then how many groups they form."""
    from game.text.i18n import ngettext

    out = []
    mine_p, groups_p = _pieces(played, seat)
    mine_b, groups_b = _pieces(better, seat)
    theirs_p, _g = _pieces(played, 1 - seat)
    theirs_b, _g = _pieces(better, 1 - seat)
    if mine_b > mine_p:
        out.append(
            (
                "own-pieces",
                ngettext(
                    "You keep {played} piece; the better move keeps {better}.",
                    "You keep {played} pieces; the better move keeps {better}.",
                    mine_p,
                ).format(played=mine_p, better=mine_b),
            )
        )
    if theirs_b < theirs_p:
        out.append(
            (
                "rival-pieces",
                ngettext(
                    "The opponent keeps {played} piece; the better move leaves {better}.",
                    "The opponent keeps {played} pieces; the better move leaves {better}.",
                    theirs_p,
                ).format(played=theirs_p, better=theirs_b),
            )
        )
    if groups_p > groups_b:
        out.append(
            (
                "groups",
                ngettext(
                    "Your pieces stay in {played} group; the better move leaves {better}.",
                    "Your pieces stay in {played} groups; the better move leaves {better}.",
                    groups_p,
                ).format(played=groups_p, better=groups_b),
            )
        )
    return out


def explain_hint(before, after, seat: int) -> list[tuple[str, str]]:
    """What one action does, before against after: the opponent's pieces, the
    mover's, then how many groups the mover's form."""
    from game.text.i18n import _, ngettext

    out = []
    mine_0, groups_0 = _pieces(before, seat)
    mine_1, groups_1 = _pieces(after, seat)
    theirs_0, _g = _pieces(before, 1 - seat)
    theirs_1, _g = _pieces(after, 1 - seat)
    if theirs_1 != theirs_0:
        out.append(
            (
                "rival-pieces",
                _("This move takes the opponent's pieces from {before} to {after}.").format(
                    before=theirs_0, after=theirs_1
                ),
            )
        )
    if mine_1 != mine_0:
        out.append(
            (
                "own-pieces",
                _("This move takes your pieces from {before} to {after}.").format(
                    before=mine_0, after=mine_1
                ),
            )
        )
    if groups_1 != groups_0:
        out.append(
            (
                "groups",
                ngettext(
                    "After this move your pieces form {after} group instead of {before}.",
                    "After this move your pieces form {after} groups instead of {before}.",
                    groups_1,
                ).format(after=groups_1, before=groups_0),
            )
        )
    return out
