"""Color Crossroads's coach: the points' margin plus Hard's value of the mover's best placement.

The shared modules (``game.analysis.values``, ``evaluation``, ``calibration``) reach this
one through ``game.analysis.games``; its explanations of a marked action are in
:func:`explain`.
"""

from __future__ import annotations

import random

from game.ai.base import Budget
from game.analysis.values import PROVEN, to_seat0
from game.rules.color_crossroads import SPEC

GAME = SPEC.id
# Raw score per unit of value: tanh(score / SCALE) (tools/calibrate_coach.py prints the
# spread of raw scores the scale is chosen from).
SCALE = 3.0


def raw(state, budget: Budget, depth: int | None = None) -> float:
    from game.ai.color_crossroads import Analysis, HardBot

    if state.phase == "setup":
        return 0.0
    bot = HardBot()
    rng = random.Random(0)
    # Answers, challenges of dead pairs and ends of turn are what every level plays
    # without weighing: play them out to the next placement, where Hard judges.
    for _ in range(8):
        if state.is_terminal():
            break
        if (
            state.phase == "turn"
            and not state.placed_this_turn
            and not (state.can_challenge() and _dead(state))
        ):
            break
        state = state.apply(bot.choose(state, rng=rng, budget=Budget(nodes=1)))
    if state.is_terminal():
        return PROVEN * float(state.returns()[0])
    me = state.current_player()
    margin = float(state.points[me] - state.points[1 - me])
    placements = state.placements() if state.phase == "turn" else []
    if not placements:
        return to_seat0(margin, me)
    info = Analysis(state)
    can_challenge = state.can_challenge()
    best = None
    for move in placements:
        if budget.expired() and best is not None:
            break
        v = bot.value(state, info, move, can_challenge, rng)
        if best is None or v > best:
            best = v
    assert best is not None  # the first placement is always valued
    if best >= 1000.0:
        return to_seat0(PROVEN, me)
    if best <= -900.0:
        # Every placement leaves the opponent, on two points, a kill: nearly lost.
        return to_seat0(margin - 2.0, me)
    # Hard's placement value: 10 for a point cashed now, -10 for a kill handed over,
    # about 1-7 for threats and traps kept for the next turn.
    return to_seat0(margin + max(-10.0, min(10.0, best)) / 10.0, me)


def _dead(state) -> bool:
    from game.ai.color_crossroads import dead_pairs

    return bool(dead_pairs(state))


def rollout(state, rng: random.Random):
    """Color Crossroads playouts as the rules' computer players behave: a challenged
    seat shows a loop whenever one exists, and nobody challenges a pair that still
    has one.  Uniform playouts concede and challenge at random, which hands whoever
    is to move a large false edge (the graph then zigzags turn by turn)."""
    from game.rules.color_crossroads import Answer, Challenge, Concede, loop_exists

    moves = state.legal_moves()
    answers = [m for m in moves if isinstance(m, Answer)]
    if answers:
        return answers[0]
    sensible = [
        m
        for m in moves
        if not isinstance(m, Concede)
        and not (isinstance(m, Challenge) and loop_exists(state, m.pair))
    ]
    return rng.choice(sensible or moves)


# Playout policy of the search fallback: uniform random play misjudges this game badly.
ROLLOUT = rollout


# -- explanations ---------------------------------------------------------------------


def explain(before, played, better, seat: int) -> list[tuple[str, str]]:
    """Points, then the open pairs that can still form a loop after one move and not
    after the other."""
    from game.rules.color_crossroads import loop_exists
    from game.rules.color_crossroads import pair_words as words
    from game.text.i18n import _

    def pair_words(pair: int) -> str:  # at the start of a sentence
        text = words(pair)
        return text[:1].upper() + text[1:]

    out = []
    lead_p = played.points[seat] - played.points[1 - seat]
    lead_b = better.points[seat] - better.points[1 - seat]
    if lead_b > lead_p:
        out.append(
            (
                "points",
                _(
                    "Your lead in points is {played} here; the better move makes it {better}."
                ).format(played=lead_p, better=lead_b),
            )
        )
    for pair in played.open_pairs():
        if pair not in better.open_pairs():
            continue
        here, there = loop_exists(played, pair), loop_exists(better, pair)
        if here and not there:
            out.append(
                (
                    "pair-open",
                    _("{pair} can still form a loop here; after the better move it cannot.").format(
                        pair=pair_words(pair)
                    ),
                )
            )
        elif there and not here:
            out.append(
                (
                    "pair-closed",
                    _(
                        "{pair} can no longer form a loop here; after the better move it can."
                    ).format(pair=pair_words(pair)),
                )
            )
    return out


def explain_hint(before, after, seat: int) -> list[tuple[str, str]]:
    """What one action does, before against after: the lead in points, then the open
    pairs that can form a loop after it and not before, or before and not after."""
    from game.rules.color_crossroads import loop_exists, pair_words
    from game.text.i18n import _

    out = []
    lead_0 = before.points[seat] - before.points[1 - seat]
    lead_1 = after.points[seat] - after.points[1 - seat]
    if lead_1 != lead_0:
        out.append(
            (
                "points",
                _("This move takes your lead in points from {before} to {after}.").format(
                    before=lead_0, after=lead_1
                ),
            )
        )
    for pair in after.open_pairs():
        if pair not in before.open_pairs():
            continue
        was, now = loop_exists(before, pair), loop_exists(after, pair)
        if now and not was:
            out.append(
                (
                    "pair-open",
                    _("After this move {pair} can form a loop; now it cannot.").format(
                        pair=pair_words(pair)
                    ),
                )
            )
        elif was and not now:
            out.append(
                (
                    "pair-closed",
                    _("After this move {pair} can no longer form a loop.").format(
                        pair=pair_words(pair)
                    ),
                )
            )
    return out
