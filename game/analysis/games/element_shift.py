"""Element Shift's coach: each seat's points after the round as Hard foresees it, against the table.

The shared modules (``game.analysis.values``, ``evaluation``, ``calibration``) reach this
one through ``game.analysis.games``; its explanations of a marked plan are in
:func:`explain` (against the plans the others really made), of the hint's plan in
:func:`explain_hint` (against the plans Hard expects of them).
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


# -- explanations ---------------------------------------------------------------------
#
# A plan changes nothing on the board until the round resolves, so the facts are the
# round's score lines (game.rules.element_shift.score_round) of the seat: in a replay
# with the plans the other seats really made that round, in a live game (the hint)
# with the plans Hard expects of them.

# The variations whose bonus a sentence can name: Pandemic (round 2) and Rock Paper
# Scissors (round 4).
_PANDEMIC, _ROCK_PAPER_SCISSORS = 2, 4

# Tells the shared entry (game.analysis.explain) to pass the positions that follow the
# one played: the other seats' plans of the round are only known when it resolves.
SECRET_PLANS = True


def _plan_of(before, after, seat: int):
    """The plan ``seat`` submitted from ``before`` to ``after`` (pending while the round
    is open, in the round's record once it resolved), or None."""
    from game.rules.element_shift import Plan, parse_plan

    if before.phase != "plan" or isinstance(before.pending[seat], Plan):
        return None
    if after.round == before.round:
        plan = after.pending[seat]
        return plan if isinstance(plan, Plan) else None
    trace = after.last_trace
    if after.round == before.round + 1 and trace is not None and trace.round == before.round:
        return parse_plan(trace.plans[seat])
    return None


def _round_plans(before, states) -> list | None:
    """Every seat's plan of ``before``'s round, from the first of ``states`` (positions
    that follow it) where the round has resolved; None when none has."""
    from game.rules.element_shift import parse_plan

    for state in states:
        if state.round > before.round:
            trace = state.last_trace
            if state.round != before.round + 1 or trace is None or trace.round != before.round:
                return None
            return [parse_plan(p) for p in trace.plans]
    return None


def _resolved(before, plans: list):
    """(score lines, board after) of ``before``'s round resolved with ``plans``."""
    from game.rules.element_shift import resolve_round, score_round

    trace = resolve_round(before.round, before.board, before.positions, before.elements, plans)
    lines = score_round(before.round, trace.board_after, trace.positions[-1], trace.elements)
    return lines, trace.board_after


def _element(element: int) -> str:
    from game.rules.element_shift import ELEMENT_NAMES
    from game.text.i18n import _

    return _(ELEMENT_NAMES[element])


def _variation(round_: int) -> str:
    from game.rules.element_shift import VARIATIONS
    from game.text.i18n import _

    return _(VARIATIONS[round_].name)


def _pick_of(before, after, seat: int) -> int | None:
    """The start tile ``seat`` picked from ``before`` to ``after`` (pending while others
    still pick, revealed once the last seat has), or None."""
    from game.rules.element_shift import StartPick

    if before.phase != "setup" or before.pending[seat] is not None:
        return None
    if after.phase == "setup":
        pick = after.pending[seat]
        return pick.cell if isinstance(pick, StartPick) else None
    return after.start_picks[seat] if after.start_picks else None


def _explain_start(before, played, better, seat: int, later) -> list[tuple[str, str]]:
    """A start tile scores by its region shared among the starts of one's element
    (floor(2 x size / k) for a round everyone stays): the region of the tile picked
    against the better tile's, each with the starts of the seat's element in it, read
    from the revealed picks.  Nothing while the picks are secret (the replay ends in
    setup) or where the better start's region gives no more room a player."""
    from game.rules.element_shift import region_labels
    from game.text.i18n import ngettext

    mine, alt = _pick_of(before, played, seat), _pick_of(before, better, seat)
    picks = next((s.start_picks for s in (played, *later) if s.start_picks), None)
    if mine is None or alt is None or mine == alt or picks is None or picks[seat] != mine:
        return []
    labels, sizes = region_labels(before.board)
    element = before.elements[seat]

    def starts_in(cell: int) -> int:
        """The seat's start and the other starts of its element in ``cell``'s region."""
        return 1 + sum(
            1
            for s, c in enumerate(picks)
            if s != seat and before.elements[s] == element and labels[c] == labels[cell]
        )

    size, k = sizes[labels[mine]], starts_in(mine)
    size_b, k_b = sizes[labels[alt]], starts_in(alt)
    if 2 * size_b // k_b <= 2 * size // k:
        return []
    text = ngettext(
        "Your start's region (size {size}) holds {k} start of your element; the better "
        "start's (size {size_b}) would hold {k_b}.",
        "Your start's region (size {size}) holds {k} starts of your element; the better "
        "start's (size {size_b}) would hold {k_b}.",
        k,
    ).format(size=size, k=k, size_b=size_b, k_b=k_b)
    return [("start", text)]


def explain(before, played, better, seat: int, later=()) -> list[tuple[str, str]]:
    """The seat's points this round with the plan it made against those with the better
    plan, both resolved with the plans the others really made that round (the replay's
    ``played`` or a position in ``later`` holds them): the part of the score the better
    plan gains most on first (the region, the leading element, the round's variation),
    then the round's points.  Nothing when the round never resolved in the replay or
    the better plan scores no more against those plans.  A start pick is compared by
    its region's room (:func:`_explain_start`)."""
    from game.rules.element_shift import leading_element
    from game.text.i18n import _, ngettext

    if before.phase == "setup":
        return _explain_start(before, played, better, seat, later)
    mine, alt = _plan_of(before, played, seat), _plan_of(before, better, seat)
    plans = _round_plans(before, (played, *later))
    if mine is None or alt is None or mine == alt or plans is None or plans[seat] != mine:
        return []
    lines_p, _board = _resolved(before, plans)
    plans[seat] = alt
    lines_b, board_b = _resolved(before, plans)
    p, b = lines_p[seat], lines_b[seat]
    if b.total <= p.total:
        return []
    found: list[tuple[int, int, tuple[str, str]]] = []  # (points gained, order, fact)
    if b.region > p.region:
        if not p.matched:
            text = _(
                "Your plan ends off your element: no region points; the better plan's "
                "region would score {better}."
            ).format(better=b.region)
        else:
            text = ngettext(
                "Your region (size {size}, {k} player) scores {played}; the better "
                "plan's (size {size_b}, {k_b}) would score {better}.",
                "Your region (size {size}, {k} players) scores {played}; the better "
                "plan's (size {size_b}, {k_b}) would score {better}.",
                p.k,
            ).format(
                size=p.region_size,
                k=p.k,
                played=p.region,
                size_b=b.region_size,
                k_b=b.k,
                better=b.region,
            )
        found.append((b.region - p.region, 0, ("region", text)))
    if b.leading > p.leading:
        text = _(
            "The better plan beats the leading element, {element}, for +3; yours does not."
        ).format(element=_element(leading_element(board_b)))
        found.append((b.leading - p.leading, 1, ("leading", text)))
    if b.pandemic > p.pandemic:
        text = _(
            "The better plan would stand alone in its region for +3 ({variation}); yours does not."
        ).format(variation=_variation(_PANDEMIC))
        found.append((b.pandemic - p.pandemic, 2, ("variation", text)))
    if b.rps > p.rps:
        text = ngettext(
            "Your element beats {played} player for +{points}; the better plan's would "
            "beat {better} for +{points_b}.",
            "Your element beats {played} players for +{points}; the better plan's would "
            "beat {better} for +{points_b}.",
            p.rps // 2,
        ).format(played=p.rps // 2, points=p.rps, better=b.rps // 2, points_b=b.rps)
        found.append((b.rps - p.rps, 2, ("variation", text)))
    found.sort(key=lambda f: (-f[0], f[1]))
    out = [fact for _gain, _order, fact in found]
    out.append(
        (
            "points",
            ngettext(
                "Your plan scores {played} point against the others' plans; the better "
                "plan would score {better}.",
                "Your plan scores {played} points against the others' plans; the better "
                "plan would score {better}.",
                p.total,
            ).format(played=p.total, better=b.total),
        )
    )
    return out


# Hard's guesses of a round's plans for the hint, per public position (the last few
# rounds).  The coach's own: the bots' shared profile may be half-way through a sweep
# in another thread, and a guess must not depend on how far it got.
_EXPECTED: dict = {}


def expected_plans(view) -> list:
    """Hard's guess at every seat's plan of ``view``'s round (a profile of best
    responses, as Hard's shared one, run to its end), with the plans ``view`` shows in
    their place; a seat's own view shows only its own."""
    from game.ai.element_shift import Profile, _per_round
    from game.rules.element_shift import Plan

    def guess(public) -> tuple:
        prof = Profile(public)  # public information only: no seat's pending plan
        while not prof.done:
            prof.step(None)
        return tuple(prof.plans)

    guesses = _per_round(_EXPECTED, guess, view)
    return [p if isinstance(p, Plan) else g for p, g in zip(view.pending, guesses, strict=True)]


def explain_hint(before, after, seat: int) -> list[tuple[str, str]]:
    """What the hinted plan scores this round against the plans Hard expects of the
    other seats, from what ``seat`` may see (its public view: no other seat's pending
    plan): the points against keeping and staying put, then where they come from (the
    region, the leading element, the round's variation)."""
    from game.rules.element_shift import Plan, leading_element
    from game.text.i18n import _, ngettext

    plan = _plan_of(before, after, seat)
    if plan is None:
        return []
    view = before.public_view(seat)
    plans = expected_plans(view)
    plans[seat] = Plan.still(view.segments())
    lines_s, _board = _resolved(view, plans)
    plans[seat] = plan
    lines, board = _resolved(view, plans)
    line, still = lines[seat], lines_s[seat]
    out = []
    if line.total != still.total:
        out.append(
            (
                "points",
                ngettext(
                    "This plan scores {after} point against the plans Hard expects; keep "
                    "and stay would score {before}.",
                    "This plan scores {after} points against the plans Hard expects; keep "
                    "and stay would score {before}.",
                    line.total,
                ).format(after=line.total, before=still.total),
            )
        )
    if line.matched:
        text = ngettext(
            "This plan ends in a region (size {size}, {k} player) worth {points} against "
            "the plans Hard expects.",
            "This plan ends in a region (size {size}, {k} players) worth {points} against "
            "the plans Hard expects.",
            line.k,
        ).format(size=line.region_size, k=line.k, points=line.region)
    else:
        text = _(
            "Against the plans Hard expects, this plan ends off your element: no region points."
        )
    out.append(("region", text))
    if line.leading:
        out.append(
            (
                "leading",
                _(
                    "Against the plans Hard expects, this plan beats the leading element, "
                    "{element}, for +3."
                ).format(element=_element(leading_element(board))),
            )
        )
    if line.pandemic:
        out.append(
            (
                "variation",
                _(
                    "Against the plans Hard expects, this plan stands alone in its region "
                    "for +3 ({variation})."
                ).format(variation=_variation(_PANDEMIC)),
            )
        )
    if line.rps:
        out.append(
            (
                "variation",
                ngettext(
                    "Against the plans Hard expects, your element beats {n} player for "
                    "+{points} with this plan.",
                    "Against the plans Hard expects, your element beats {n} players for "
                    "+{points} with this plan.",
                    line.rps // 2,
                ).format(n=line.rps // 2, points=line.rps),
            )
        )
    return out


def hindsight_gain(states: list, texts: list[str], action: int, alternative: str) -> float:
    """The points this round the mover of ``action`` (in a replay's ``states``, whose
    action texts are ``texts``) would have scored with ``alternative`` instead of its
    plan, minus those it scored, every other seat playing the plan it really made that
    round; 0 when the replay ends inside the round.  The judge of a marked plan in
    hindsight (tools/calibrate_coach.py)."""
    from game.rules.element_shift import resolve_round, score_round

    st = states[action]
    seat = st.current_player()
    plans: list = [None] * st.num_players
    k = action
    while k > 0 and states[k - 1].round == st.round:
        k -= 1  # the round's first plan
    while k < len(texts) and states[k].round == st.round:
        plans[states[k].current_player()] = states[k].parse_move(texts[k])
        k += 1
    if any(p is None for p in plans):
        return 0.0  # the replay ends inside the round: nothing to compare with

    def points(plan) -> float:
        trial = list(plans)
        trial[seat] = plan
        trace = resolve_round(st.round, st.board, st.positions, st.elements, trial)
        lines = score_round(st.round, trace.board_after, trace.positions[-1], trace.elements)
        return float(lines[seat].total)

    return points(st.parse_move(alternative)) - points(plans[seat])
