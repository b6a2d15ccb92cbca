"""The coach's position values: each game's Hard bot judging a position.

``value(game_id, state, budget)`` is one number per seat on -1..+1 (the scale of
``state.returns()``), from a FIXED perspective: a two-player value is seat 0's score
``v`` with seat 1's ``-v``, whichever seat is to move, so a position whose side to move
changes does not flip the graph.  How each game is judged (its Hard bot's own
evaluation or search, never a new evaluator):

- Chromatic Collapse: Hard's principal-variation search on bitboards
  (``chromatic_bits.Search``), deepened while the budget allows; its score is for the
  side to move and is turned to seat 0's.  A proven result is +-1.
- Crystal Connector: Hard's two-turn plan (the mover's best turn against the
  opponent's best reply, ``HardBot.evaluate``) added to the totals' margin, over the
  threshold.  A turn that ends the game is +-1.
- Color Crossroads: the points' margin plus Hard's value of the mover's best
  placement (a kill it cashes, a kill left to the opponent, threats, traps); answers
  and challenges of dead pairs are played out first, as every level plays them.
- Crystal Formation: Hard's evaluation (``seat_values``, each seat against its
  strongest rival) after the mover's best action one ply deep; a winning action is +1.
- Element Shift (12 seats): each seat's points after the round, resolved with the plans
  already in and Hard's profile for the rest, turned into a value by its standing (no
  two-sided search fits a table of twelve).

The raw score is squashed by ``tanh(score / SCALES[game])``; the calibrated win chance
(``game.analysis.calibration``) is a logistic curve over that value, fitted to Hard-vs-Hard results by
``tools/calibrate_coach.py``.  A finished position is its own ``returns()``.
"""

from __future__ import annotations

import math
import random

from game.ai.base import Budget, SearchCancelled

PROVEN = 1e9  # a raw score this large (either sign) is a proven result

# Raw score per unit of value: tanh(score / scale).  Chosen from the spread of raw
# scores on Hard-vs-Hard positions (tools/calibrate_coach.py prints it) so that the squash does
# not flatten the range the logistic fit needs.
SCALES = {
    "chromatic-collapse": 1600.0,
    "crystal-connector": 0.35,
    "color-crossroads": 3.0,
    "crystal-formation": 12.0,
    "element-shift": 1.0,
}


def _to_seat0(mover_score: float, mover: int) -> float:
    return mover_score if mover == 0 else -mover_score


# -- Chromatic Collapse ---------------------------------------------------------------


def _collapse(state, budget: Budget, depth: int | None = None) -> float:
    from game.ai import chromatic_bits as bits
    from game.ai.chromatic_collapse import HardBot

    if state.phase == "setup":
        return 0.0
    moves_legal = state.legal_moves()
    if len(moves_legal) == 1:
        return _collapse(state.apply(moves_legal[0]), budget, depth)
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
        return _to_seat0(math.copysign(PROVEN, best), me)
    # A search that ends on the mover's action rates the mover higher than one that
    # ends on the reply: the mean of the last two depths keeps the value of adjacent
    # positions from zigzagging with the depth the budget happened to reach.
    score = (found[-1] + found[-2]) / 2 if len(found) >= 2 else found[-1]
    return _to_seat0(float(score), me)


# -- Crystal Connector ------------------------------------------------------------------


def _connector(state, budget: Budget) -> float:
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
        return _to_seat0(margin / thr, seat)
    values = bot.evaluate(state, seat, plan, budget)
    best = float(values.max())
    if best >= BIG / 2:
        return _to_seat0(PROVEN, seat)
    if best <= -BIG / 2:
        return _to_seat0(-PROVEN, seat)
    # The two-turn value is (my gain - their gain) this turn minus their best reply's;
    # with the totals' margin it is where the race stands after both turns.
    return _to_seat0((margin + best) / thr, seat)


# -- Color Crossroads -------------------------------------------------------------------


def _crossroads(state, budget: Budget) -> float:
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
        return _to_seat0(margin, me)
    info = Analysis(state)
    can_challenge = state.can_challenge()
    best = None
    for move in placements:
        if budget.expired() and best is not None:
            break
        v = bot.value(state, info, move, can_challenge, rng)
        if best is None or v > best:
            best = v
    if best >= 1000.0:
        return _to_seat0(PROVEN, me)
    if best <= -900.0:
        # Every placement leaves the opponent, on two points, a kill: nearly lost.
        return _to_seat0(margin - 2.0, me)
    # Hard's placement value: 10 for a point cashed now, -10 for a kill handed over,
    # about 1-7 for threats and traps kept for the next turn.
    return _to_seat0(margin + max(-10.0, min(10.0, best)) / 10.0, me)


def _dead(state) -> bool:
    from game.ai.color_crossroads import dead_pairs

    return bool(dead_pairs(state))


# -- Crystal Formation --------------------------------------------------------------------


def _formation(state, budget: Budget) -> list[float]:
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


# -- Element Shift ----------------------------------------------------------------------


def _element(state, budget: Budget) -> list[float]:
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


# -- the common entry -------------------------------------------------------------------

_RAW = {
    "chromatic-collapse": _collapse,
    "crystal-connector": _connector,
    "color-crossroads": _crossroads,
    "crystal-formation": _formation,
    "element-shift": _element,
}


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
    if game_id == "chromatic-collapse":
        raw = _collapse(state, budget, depth)
    else:
        raw = _RAW[game_id](state, budget)
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
