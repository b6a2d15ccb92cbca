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


# -- explanations ---------------------------------------------------------------------


def explain(before, played, better, seat: int) -> list[tuple[str, str]]:
    """Trees (the mover's, then the most any rival has), the mover's nodes standing in
    a rival's area (they die at the end of the turn unless they are trees), the
    mover's power, then the area the mover's nodes cover."""
    from game.text.i18n import _, ngettext

    out = []
    mine_p, mine_b = played.trees(seat), better.trees(seat)
    if mine_b > mine_p:
        out.append(
            (
                "own-trees",
                ngettext(
                    "You have {played} tree here; the better move gives you {better}.",
                    "You have {played} trees here; the better move gives you {better}.",
                    mine_p,
                ).format(played=mine_p, better=mine_b),
            )
        )
    rivals = [s for s in range(played.players) if s != seat]
    rival_p = max(played.trees(s) for s in rivals)
    rival_b = max(better.trees(s) for s in rivals)
    if rival_p > rival_b:
        out.append(
            (
                "rival-trees",
                ngettext(
                    "A rival keeps {played} tree here; after the better move {better}.",
                    "A rival keeps {played} trees here; after the better move {better}.",
                    rival_p,
                ).format(played=rival_p, better=rival_b),
            )
        )
    threat_p, threat_b = len(played.threatened_nodes(seat)), len(better.threatened_nodes(seat))
    if threat_p > threat_b:
        out.append(
            (
                "threatened",
                ngettext(
                    "{played} of your nodes stands in a rival's area here; "
                    "after the better move {better}.",
                    "{played} of your nodes stand in a rival's area here; "
                    "after the better move {better}.",
                    threat_p,
                ).format(played=threat_p, better=threat_b),
            )
        )
    power_p, power_b = played.power(seat), better.power(seat)
    if power_b > power_p:
        out.append(
            (
                "power",
                _("Your power is {played} here; the better move keeps {better}.").format(
                    played=power_p, better=power_b
                ),
            )
        )
    area_p, area_b = len(played.area(seat)), len(better.area(seat))
    if area_b > area_p:
        out.append(
            (
                "area",
                _("Your area covers {played} cells here; the better move covers {better}.").format(
                    played=area_p, better=area_b
                ),
            )
        )
    return out


def explain_hint(before, after, seat: int) -> list[tuple[str, str]]:
    """What one action does, before against after: the mover's trees, the most any
    rival has, the mover's nodes in a rival's area, power, then area."""
    from game.text.i18n import _, ngettext

    out = []
    mine_0, mine_1 = before.trees(seat), after.trees(seat)
    if mine_1 != mine_0:
        out.append(
            (
                "own-trees",
                _("This move takes your trees from {before} to {after}.").format(
                    before=mine_0, after=mine_1
                ),
            )
        )
    rivals = [s for s in range(after.players) if s != seat]
    rival_0 = max(before.trees(s) for s in rivals)
    rival_1 = max(after.trees(s) for s in rivals)
    if rival_1 != rival_0:
        out.append(
            (
                "rival-trees",
                ngettext(
                    "After this move no rival has more than {after} tree (now {before}).",
                    "After this move no rival has more than {after} trees (now {before}).",
                    rival_1,
                ).format(after=rival_1, before=rival_0),
            )
        )
    threat_0, threat_1 = len(before.threatened_nodes(seat)), len(after.threatened_nodes(seat))
    if threat_1 != threat_0:
        out.append(
            (
                "threatened",
                _("This move takes your nodes in a rival's area from {before} to {after}.").format(
                    before=threat_0, after=threat_1
                ),
            )
        )
    power_0, power_1 = before.power(seat), after.power(seat)
    if power_1 != power_0:
        out.append(
            (
                "power",
                _("This move takes your power from {before} to {after}.").format(
                    before=power_0, after=power_1
                ),
            )
        )
    area_0, area_1 = len(before.area(seat)), len(after.area(seat))
    if area_1 != area_0:
        out.append(
            (
                "area",
                _("This move takes your area from {before} cells to {after}.").format(
                    before=area_0, after=area_1
                ),
            )
        )
    return out
