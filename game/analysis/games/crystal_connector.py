"""Crystal Connector's coach: Hard's two-turn plan added to the totals' margin, over the threshold.

The shared modules (``game.analysis.values``, ``evaluation``, ``calibration``) reach this
one through ``game.analysis.games``; its explanations of a marked action are in
:func:`explain`.
"""

from __future__ import annotations

from game.ai.base import Budget
from game.analysis.values import PROVEN, to_seat0
from game.rules.crystal_connector import SPEC

GAME = SPEC.id
# Raw score per unit of value: tanh(score / SCALE) (tools/calibrate_coach.py prints the
# spread of raw scores the scale is chosen from).
SCALE = 0.35


def raw(state, budget: Budget, depth: int | None = None) -> float:
    from game.ai.crystal_connector import BIG, HardBot, plan_turn

    if state.phase != "play":
        return 0.0
    seat = state.to_move
    opp = 1 - seat
    margin = float(state.totals[seat] - state.totals[opp])
    thr = float(max(1, state.threshold))
    bot = HardBot()
    plan = plan_turn(state, seat, beam=bot.beam, budget=budget)
    if len(plan.leaves) == 0:
        return to_seat0(margin / thr, seat)
    values = bot.evaluate(state, seat, plan, budget)
    best = float(values.max())
    if best >= BIG / 2:
        return to_seat0(PROVEN, seat)
    if best <= -BIG / 2:
        return to_seat0(-PROVEN, seat)
    # The two-turn value is (my gain - their gain) this turn minus their best reply's;
    # with the totals' margin it is where the race stands after both turns.
    return to_seat0((margin + best) / thr, seat)


# -- explanations ---------------------------------------------------------------------


def explain(before, played, better, seat: int) -> list[tuple[str, str]]:
    """Largest groups of the mover's colours and of the opponent's, then the totals."""
    from game.rules.crystal_connector import colour_word, largest_sizes
    from game.text.i18n import _

    out = []
    mine = played.seat_colours(seat)
    theirs = played.seat_colours(1 - seat)
    sizes_p, sizes_b = largest_sizes(played.board), largest_sizes(better.board)
    own = sorted(((sizes_b[c] - sizes_p[c], c) for c in mine), reverse=True)
    if own and own[0][0] > 0:
        c = own[0][1]
        out.append(
            (
                "own-group",
                _(
                    "Your largest {colour} group is {played} here; the better move makes it {better}."
                ).format(colour=colour_word(c), played=sizes_p[c], better=sizes_b[c]),
            )
        )
    rival = sorted(((sizes_p[c] - sizes_b[c], c) for c in theirs), reverse=True)
    if rival and rival[0][0] > 0:
        c = rival[0][1]
        out.append(
            (
                "rival-group",
                _(
                    "This leaves the opponent's largest {colour} group at {played}; "
                    "the better move holds it to {better}."
                ).format(colour=colour_word(c), played=sizes_p[c], better=sizes_b[c]),
            )
        )
    if not out:
        mp = played.totals[seat] - played.totals[1 - seat]
        mb = better.totals[seat] - better.totals[1 - seat]
        if mb > mp:
            out.append(
                (
                    "totals",
                    _(
                        "Your lead in points is {played} here; the better move makes it {better}."
                    ).format(played=mp, better=mb),
                )
            )
    return out


def explain_hint(before, after, seat: int) -> list[tuple[str, str]]:
    """What one action does, before against after: the mover's largest group of a
    colour, the opponent's, then the lead in points."""
    from game.rules.crystal_connector import colour_word, largest_sizes
    from game.text.i18n import _

    out = []
    sizes_0, sizes_1 = largest_sizes(before.board), largest_sizes(after.board)
    grown = sorted(((sizes_1[c] - sizes_0[c], c) for c in after.seat_colours(seat)), reverse=True)
    if grown and grown[0][0] != 0:
        c = grown[0][1]
        out.append(
            (
                "own-group",
                _("This move takes your largest {colour} group from {before} to {after}.").format(
                    colour=colour_word(c), before=sizes_0[c], after=sizes_1[c]
                ),
            )
        )
    cut = sorted(((sizes_0[c] - sizes_1[c], c) for c in after.seat_colours(1 - seat)), reverse=True)
    if cut and cut[0][0] != 0:
        c = cut[0][1]
        out.append(
            (
                "rival-group",
                _(
                    "This move takes the opponent's largest {colour} group from {before} to {after}."
                ).format(colour=colour_word(c), before=sizes_0[c], after=sizes_1[c]),
            )
        )
    lead_0 = before.totals[seat] - before.totals[1 - seat]
    lead_1 = after.totals[seat] - after.totals[1 - seat]
    if lead_1 != lead_0:
        out.append(
            (
                "totals",
                _("This move takes your lead in points from {before} to {after}.").format(
                    before=lead_0, after=lead_1
                ),
            )
        )
    return out
