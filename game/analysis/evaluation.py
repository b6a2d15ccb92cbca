"""Position values for the theatre's analysis, computed in the bot worker.

``evaluate(state, rng, budget, game)`` returns each seat's expected result on the scale of
``state.returns()`` (-1 lost .. +1 won):

- the five games: the coach's value (``game.analysis.values``: each game's Hard bot judging
  the position), calibrated by the game's fitted curve (``game.analysis.calibration``, seeds/coach.json)
  so that a two-player value reads as a win chance;
- a game the coach does not know (the tests' toy games): :func:`playout_evaluate`, the
  analysis from before the coach: two players, a win in one action or else a UCT search
  with random playouts (the value of its best root move, or the mean of all playouts
  while no move has drawn enough of the search); more players, the mean ``returns()`` of
  seeded random playouts.

The worker runs it for requests with ``method="analyse"``; the answer is the values
as JSON text.  A finished position is its own ``returns()``.  The Hard bot's
alternative for a marked mistake is an ordinary ``choose`` request.
"""

from __future__ import annotations

import json
import random

from game.ai.base import Budget
from game.ai.search import MCTSBot

COACH_SECONDS = 0.5  # per position: 60 actions in about 30 s, as before
ANALYSIS_ITERATIONS = 160  # per position (two players); the bench measures the time
PLAYOUTS = 96  # per position (more players): fewer marks that are only noise
CONFIDENT_VISITS = 16  # a best move visited this often has a value worth trusting
ROLLOUT_LIMIT = 60  # actions per search playout before it counts as even
PLAYOUT_LIMIT = 2000  # a table's playouts run to the end (they are cheap)
PLAYOUT_BUDGET_TEXT = (
    f"win1-crx-v{CONFIDENT_VISITS}-mcts{ANALYSIS_ITERATIONS}-r{ROLLOUT_LIMIT}-p{PLAYOUTS}"
)
# A cached analysis made another way is redone (see budget_text for the calibration).
BUDGET_TEXT = f"coach1-s{COACH_SECONDS:g}"
# A game whose coach has a revision past the first (its module's REVISION) joins it to
# the budget text, so an analysis the earlier coach cached is redone.


def _hook(game: str, name: str, default=None):
    from game.analysis import games

    module = games.of(game)
    return getattr(module, name, default) if module is not None else default


def budget_text(game: str, strengths=None) -> str:
    """What a cached analysis of ``game`` must have been made with to be reused: the
    coach's budget and the game's calibration curve (the cache holds calibrated values,
    so a new fit in seeds/coach.json redoes the analyses made with the old one), and the
    seats' strengths when the curve used them."""
    from game.analysis.calibration import shipped

    fit = shipped().fits.get(game)
    curve = "plain"
    if fit is not None:
        band = fit.band(strengths) if strengths else None
        curve = f"a{fit.a:.4f}b{fit.b:.4f}"
        if fit.proven != 1.0:
            curve += f"p{fit.proven:.3f}"
        if band is not None:
            curve = f"a{band.a:.4f}c{band.c:.4f}s" + "-".join(f"{s:g}" for s in strengths)
            if band.shrink != 1.0 or band.proven != 1.0:
                curve += f"k{band.shrink:.3f}p{band.proven:.3f}"
    revision = _hook(game, "REVISION", 1)
    return f"{BUDGET_TEXT}-{curve}" + (f"-r{revision}" if revision > 1 else "")


def evaluate(
    state, rng: random.Random, budget: Budget | None = None, game: str = "", strengths=None
) -> list[float]:
    """The calibrated coach value of ``state`` for each seat (see the module text);
    ``strengths`` (each seat's bot level, 1..4, when every seat is a bot) picks the
    curve of their band."""
    from game.analysis import values as coach
    from game.analysis.calibration import shipped

    if state.is_terminal():
        return [float(x) for x in state.returns()]
    outer = budget or Budget()
    seconds = COACH_SECONDS
    if outer.seconds is not None:
        seconds = max(0.05, min(seconds, outer.seconds - outer.elapsed()))
    inner = Budget(seconds=seconds, nodes=outer.nodes, cancelled=outer.cancelled)
    if game not in coach.SCALES:
        return playout_evaluate(state, rng, inner, game)
    return shipped().calibrated(game, coach.value(game, state, inner), strengths)


def playout_evaluate(
    state, rng: random.Random, budget: Budget | None = None, game: str = ""
) -> list[float]:
    """Random play-outs from the position: the analysis for a game the coach does not
    know (such as the tests' toy games), and the baseline the coach is measured
    against (tools/calibrate_coach.py, "(a)")."""
    n = state.num_players
    if state.is_terminal():
        return [float(x) for x in state.returns()]
    budget = budget or Budget()
    if n == 2:
        seat = state.current_player()
        moves = state.legal_moves()
        if len(moves) == 1:
            # A forced action: the position is worth what follows it.
            return playout_evaluate(state.apply(moves[0]), rng, budget, game)
        for move in moves:
            # A win in one is a proven value, which a sampling search may miss among
            # hundreds of moves (a fifth tree among 250 placements).
            after = state.apply(move)
            if after.is_terminal() and after.returns()[seat] > 0:
                return [float(x) for x in after.returns()]
        bot = MCTSBot(
            iterations=ANALYSIS_ITERATIONS,
            rollout_limit=ROLLOUT_LIMIT,
            rollout=_hook(game, "ROLLOUT"),
        )
        bot.choose(state, rng=rng, budget=budget)
        info = bot.last_info
        # The best move's value once the search has settled on it; while the budget is
        # spread over hundreds of moves a visit or two each, the best-looking one is only
        # the luckiest sample, so the mean of all playouts is the fairer value.
        if info.get("value") is not None and info.get("visits", 0) >= CONFIDENT_VISITS:
            value = info["value"]
        else:
            value = info.get("mean")
        v = 0.0 if value is None else max(-1.0, min(1.0, float(value)))
        return [v, -v] if seat == 0 else [-v, v]
    totals = [0.0] * n
    done = 0
    for _ in range(PLAYOUTS):
        if budget.expired():
            break
        s = state
        steps = 0
        while not s.is_terminal() and steps < PLAYOUT_LIMIT:
            s = s.apply(rng.choice(s.legal_moves()))
            steps += 1
        budget.tick()
        if s.is_terminal():
            for i, r in enumerate(s.returns()):
                totals[i] += float(r)
        done += 1
    return [t / max(1, done) for t in totals]


def analyse_request(spec, state, rng: random.Random, budget: Budget, strengths=None) -> str:
    """The worker's answer to an ``analyse`` request: the values as JSON text."""
    return json.dumps([round(v, 4) for v in evaluate(state, rng, budget, spec.id, strengths)])
