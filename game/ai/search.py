"""Generic searches that play any Crystal Arcade game through the engine contract.

Both bots use nothing but ``state.current_player()``, ``legal_moves()``, ``apply()``,
``is_terminal()``, ``returns()`` and ``num_players``, so a new game gets a working
bot for free and a strong one by plugging in knowledge through hooks::

    from game.ai.base import Budget
    from game.ai.search import AlphaBetaBot, MCTSBot

    bot = AlphaBetaBot(evaluate=my_eval, key=my_key, order=my_order, think_seconds=1.0)
    move = bot.choose(state, rng=random.Random(7), budget=Budget(seconds=0.5))
    bot.last_info        # {"depth": 6, "nodes": 41234, "score": 12.5, ...}

    mcts = MCTSBot(iterations=2000, rollout=my_policy, rollout_limit=40, evaluate=my_eval01)
    move = mcts.choose(state, rng=random.Random(7), budget=Budget(nodes=2000))

Hooks (all optional):

``evaluate(state, seat) -> float``
    How good a *non-terminal* ``state`` is for ``seat``; higher is better.  Alpha-beta
    accepts any scale below ``HEURISTIC_LIMIT`` (values are clamped to it) and always
    calls it with the seat it is choosing for, negating for the other side, so the
    evaluation need not be exactly antisymmetric.  MCTS wants the scale of
    ``returns()``, [-1, 1]: pass ``evaluate_scale`` to squash a wider evaluation with
    ``tanh(value / evaluate_scale)``; otherwise values are clamped.
``key(state) -> hashable``
    Transposition-table key.  Default: the canonical JSON of ``state.to_json()``,
    which is exact but slow; a game may pass a tuple of its board bytes and turn
    fields or a Zobrist hash.  It must include everything that decides the future:
    the seat to move, the step within a multi-action turn, counters, etc.  A lossy
    hash is tolerated (a stored best move is only used when it is legal here).
``order(state, moves) -> list``
    The moves, most promising first.  Alpha-beta puts the transposition-table move
    and two killer moves per ply in front of this order.
``rollout(state, rng) -> move``
    MCTS playout policy (default: uniform random).  ``rollout_limit`` cuts a playout
    after that many actions and scores the cut state with ``evaluate`` (or 0s).

Multi-action turns (Chromatic Collapse's two moves, Crystal Connector's three
shifts): alpha-beta negates a child's value only when the *side* to move changes,
so consecutive actions by one seat are searched as a maximising chain; MCTS keeps
every node's statistics for the seat that made the move into it, which handles
any turn structure and any number of players.

More than two players: alpha-beta is *paranoid* -- the seat being decided for is one
side and every other seat is assumed to play against it (minimising its value).
That keeps alpha-beta pruning, which max-n cannot use, and is a cautious, sensible
choice for bots at a table; MCTS (max-n style, each seat maximises its own returns)
is the better fit when there are many players.
"""

from __future__ import annotations

import json
import math
import random
import time
from typing import Any, Callable, Hashable

from game.ai.base import Budget

# A proven result is worth far more than any heuristic; the ply term makes a faster
# win (and a slower loss) score better.  Heuristics are clamped well below.
WIN_SCORE = 1e9
HEURISTIC_LIMIT = 1e6
_INF = float("inf")

_EXACT, _LOWER, _UPPER = 0, 1, 2


def default_key(state) -> str:
    """Exact transposition key: the canonical JSON text of the state."""
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))


class _OutOfBudget(Exception):
    """Unwinds a search iteration when the budget runs out or is cancelled."""


def _clamp(x: float, limit: float) -> float:
    return limit if x > limit else -limit if x < -limit else x


class AlphaBetaBot:
    """Negamax with alpha-beta pruning and iterative deepening.

    ``AlphaBetaBot(evaluate=None, *, max_depth=64, think_seconds=1.0, order=None,
    key=None, tt_size=250_000, shuffle=True, name="alpha-beta")``

    - Deepens one action (ply) at a time until the budget runs out, ``max_depth`` is
      reached, a result is proven, or the whole game tree fits inside the horizon.
    - Each iteration searches the previous best root move first, then the rest by
      their previous scores; if the budget expires mid-iteration, the best move of the
      partial iteration is kept (it was compared against the previous best, searched
      first at the new depth), else the previous iteration's.
    - Always returns a legal move: with no completed search, the first move of the
      root order (``order`` hook applied).
    - ``shuffle`` shuffles root moves with the given ``rng`` before ordering, so equal
      moves vary between games yet a node budget reproduces a game exactly.
    - Without ``evaluate`` every non-terminal leaf is 0: the bot then plays perfectly
      in trees it can search to the end and otherwise only avoids proven losses.

    ``last_info`` after ``choose``: depth completed, nodes, score, seconds, move text.
    """

    def __init__(
        self,
        evaluate: Callable[[Any, int], float] | None = None,
        *,
        max_depth: int = 64,
        think_seconds: float = 1.0,
        order: Callable[[Any, list], list] | None = None,
        key: Callable[[Any], Hashable] | None = None,
        tt_size: int = 250_000,
        shuffle: bool = True,
        name: str = "alpha-beta",
    ) -> None:
        self.evaluate = evaluate
        self.max_depth = max_depth
        self.think_seconds = think_seconds
        self.order = order
        self.key = key or default_key
        self.tt_size = tt_size
        self.shuffle = shuffle
        self.name = name
        self.last_info: dict = {}

    # -- public ---------------------------------------------------------------------
    def choose(self, state, *, rng: random.Random, budget: Budget | None = None):
        moves = list(state.legal_moves())
        if not moves:
            raise ValueError("no legal moves: the game is over or the state is broken")
        if budget is None:
            budget = Budget(seconds=self.think_seconds)
        t0 = time.monotonic()
        nodes0 = budget.used_nodes
        if len(moves) == 1:
            self.last_info = {
                "depth": 0,
                "nodes": 0,
                "score": None,
                "seconds": 0.0,
                "move": str(moves[0]),
            }
            return moves[0]

        self._budget = budget
        self._root = state.current_player()
        self._tt: dict = {}
        self._killers: list[list] = [[] for _ in range(self.max_depth + 2)]
        if self.shuffle:
            rng.shuffle(moves)
        if self.order is not None:
            moves = list(self.order(state, moves))
        best_move, best_score, completed = moves[0], None, 0
        for depth in range(1, self.max_depth + 1):
            self._horizon = False
            try:
                score, move, scores = self._root_search(state, moves, depth)
            except _OutOfBudget as stop:
                if stop.args and stop.args[0] is not None:
                    best_move, best_score = stop.args[0], stop.args[1]
                break
            best_move, best_score, completed = move, score, depth
            # Next iteration: best move first, then the rest by this iteration's
            # scores (upper bounds for refuted moves, still a fair ordering).
            rest = sorted((m for m in moves if m != move), key=lambda m: -scores[m])
            moves = [move] + rest
            if not self._horizon:  # the whole tree was searched: the result is exact
                break
            if abs(score) >= WIN_SCORE - 1e6:  # a win or loss is proven
                break
            if budget.expired():
                break
        self.last_info = {
            "depth": completed,
            "nodes": budget.used_nodes - nodes0,
            "score": best_score,
            "seconds": time.monotonic() - t0,
            "move": str(best_move),
        }
        # Free the table now: a bot lives across a whole game.
        self._tt = {}
        return best_move

    # -- search -----------------------------------------------------------------------
    def _side(self, seat: int) -> int:
        # Two sides: the seat we decide for, and everyone else (2 players: the
        # opponent; more: the paranoid coalition).
        return 0 if seat == self._root else 1

    def _tick(self) -> None:
        b = self._budget
        b.tick()
        if b.expired():
            raise _OutOfBudget(None)

    def _leaf_value(self, state, side: int) -> float:
        if self.evaluate is None:
            return 0.0
        v = _clamp(float(self.evaluate(state, self._root)), HEURISTIC_LIMIT)
        return v if side == 0 else -v

    def _terminal_value(self, state, side: int, ply: int) -> float:
        base = float(state.returns()[self._root])
        if side:
            base = -base
        if base > 0:
            return base * WIN_SCORE - ply
        if base < 0:
            return base * WIN_SCORE + ply
        return 0.0

    def _child_value(
        self, side: int, child, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """Value of ``child`` for ``side`` (who moved into it)."""
        if child.is_terminal():
            self._tick()
            return self._terminal_value(child, side, ply + 1)
        if self._side(child.current_player()) == side:
            # Same side acts again (a multi-action turn): no negation, same window.
            return self._search(child, depth - 1, alpha, beta, ply + 1)
        return -self._search(child, depth - 1, -beta, -alpha, ply + 1)

    def _root_search(self, state, moves: list, depth: int):
        alpha, best, best_move = -_INF, -_INF, None
        scores: dict = {}
        side = 0
        for m in moves:
            try:
                v = self._child_value(side, state.apply(m), depth, alpha, _INF, 0)
            except _OutOfBudget:
                raise _OutOfBudget(best_move, best) from None
            scores[m] = v
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
        return best, best_move, scores

    def _ordered(self, state, moves: list, tt_move, ply: int) -> list:
        if self.order is not None:
            moves = list(self.order(state, moves))
        front = []
        if tt_move is not None and tt_move in moves:
            front.append(tt_move)
        if ply < len(self._killers):
            for k in self._killers[ply]:
                if k not in front and k in moves:
                    front.append(k)
        if front:
            moves = front + [m for m in moves if m not in front]
        return moves

    def _search(self, state, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Value of the non-terminal ``state`` for the side to move (fail-soft)."""
        self._tick()
        side = self._side(state.current_player())
        if depth <= 0:
            self._horizon = True
            return self._leaf_value(state, side)

        key = self.key(state)
        entry = self._tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_value, tt_move, e_complete = entry
            # A subtree searched to the end of the game is valid at any depth.
            if e_depth >= depth or e_complete:
                v = e_value
                if v > HEURISTIC_LIMIT:  # stored relative to the node: re-add ply
                    v -= ply
                elif v < -HEURISTIC_LIMIT:
                    v += ply
                if (
                    e_flag == _EXACT
                    or (e_flag == _LOWER and v >= beta)
                    or (e_flag == _UPPER and v <= alpha)
                ):
                    if not e_complete:
                        self._horizon = True
                    return v

        moves = self._ordered(state, state.legal_moves(), tt_move, ply)
        alpha0 = alpha
        outer_horizon, self._horizon = self._horizon, False
        best, best_move = -_INF, None
        for m in moves:
            v = self._child_value(side, state.apply(m), depth, alpha, beta, ply)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self._add_killer(ply, m)
                        break
        complete = not self._horizon
        self._horizon = outer_horizon or self._horizon

        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        stored = best
        if stored > HEURISTIC_LIMIT:  # make proven scores relative to this node
            stored += ply
        elif stored < -HEURISTIC_LIMIT:
            stored -= ply
        if len(self._tt) >= self.tt_size:
            # Bounded memory; the root order carries the principal variation.
            self._tt.clear()
        self._tt[key] = (depth, flag, stored, best_move, complete)
        return best

    def _add_killer(self, ply: int, move) -> None:
        if ply >= len(self._killers):
            return
        ks = self._killers[ply]
        if move in ks:
            return
        ks.insert(0, move)
        del ks[2:]


class _Node:
    __slots__ = ("children", "move", "mover", "parent", "seat", "untried", "value", "visits")

    def __init__(self, move, parent, mover, seat, untried):
        self.move = move
        self.parent = parent
        self.mover = mover  # seat that played ``move`` into this node (None at root)
        self.seat = seat  # seat to act here (-1 when terminal)
        self.children: list[_Node] = []
        self.untried = untried  # moves not expanded yet, popped from the end
        self.visits = 0
        self.value = 0.0  # sum of returns[mover] over playouts through here


class MCTSBot:
    """UCT Monte Carlo tree search for any number of players.

    ``MCTSBot(*, think_seconds=1.0, iterations=None, c=1.4, rollout=None,
    rollout_limit=200, evaluate=None, evaluate_scale=None, name="mcts")``

    - One iteration = select by UCT, expand one child, play out, back up.  Each node
      keeps the sum of ``returns()[mover]`` for the seat that moved into it, so every
      seat maximises its own result (max-n) and multi-action turns need no care.
    - UCT uses values mapped to [0, 1], so ``c`` has its textbook meaning (sqrt 2).
    - Stops after ``iterations`` (if set) or when the budget expires (seconds,
      ``budget.nodes`` counted one per iteration, or cancel), whichever comes first.
    - Returns the most visited root child (ties: higher mean value, then order).
    - Deterministic for a given ``rng`` and an iteration (not time) budget.
    """

    def __init__(
        self,
        *,
        think_seconds: float = 1.0,
        iterations: int | None = None,
        c: float = 1.4,
        rollout: Callable[[Any, random.Random], Any] | None = None,
        rollout_limit: int = 200,
        evaluate: Callable[[Any, int], float] | None = None,
        evaluate_scale: float | None = None,
        name: str = "mcts",
    ) -> None:
        self.think_seconds = think_seconds
        self.iterations = iterations
        self.c = c
        self.rollout = rollout
        self.rollout_limit = rollout_limit
        self.evaluate = evaluate
        self.evaluate_scale = evaluate_scale
        self.name = name
        self.last_info: dict = {}

    def choose(self, state, *, rng: random.Random, budget: Budget | None = None):
        moves = list(state.legal_moves())
        if not moves:
            raise ValueError("no legal moves: the game is over or the state is broken")
        if budget is None:
            budget = Budget(seconds=self.think_seconds)
        t0 = time.monotonic()
        if len(moves) == 1:
            self.last_info = {
                "iterations": 0,
                "visits": 0,
                "value": None,
                "seconds": 0.0,
                "move": str(moves[0]),
            }
            return moves[0]

        root_moves = list(moves)
        rng.shuffle(root_moves)
        root = _Node(None, None, None, state.current_player(), root_moves)
        done = 0
        log, sqrt, c = math.log, math.sqrt, self.c
        while (self.iterations is None or done < self.iterations) and not budget.expired():
            budget.tick()
            done += 1
            node, s = root, state
            # Selection: descend through fully expanded nodes.
            while not node.untried and node.children:
                log_n = log(node.visits)
                best_child, best_u = None, -_INF
                for ch in node.children:
                    # (mean + 1) / 2 maps returns in [-1, 1] onto [0, 1].
                    u = (ch.value / ch.visits + 1.0) * 0.5 + c * sqrt(log_n / ch.visits)
                    if u > best_u:
                        best_child, best_u = ch, u
                assert best_child is not None  # every u beats -inf
                node = best_child
                s = s.apply(node.move)
            # Expansion: one new child.
            if node.untried:
                m = node.untried.pop()
                s = s.apply(m)
                if s.is_terminal():
                    child = _Node(m, node, node.seat, -1, [])
                else:
                    untried = list(s.legal_moves())
                    rng.shuffle(untried)
                    child = _Node(m, node, node.seat, s.current_player(), untried)
                node.children.append(child)
                node = child
            returns = self._playout(s, rng)
            # Backpropagation: each node scores the playout for its mover.
            while node is not None:
                node.visits += 1
                if node.mover is not None:
                    node.value += returns[node.mover]
                node = node.parent

        if root.children:
            best = max(root.children, key=lambda ch: (ch.visits, ch.value / ch.visits))
            move, visits, value = best.move, best.visits, best.value / best.visits
            # The mover's mean over every playout: unlike the best child's value it is
            # not the luckiest of many one-visit samples (the theatre's analysis uses it).
            mean = sum(ch.value for ch in root.children) / sum(ch.visits for ch in root.children)
        else:  # the budget ran out before the first iteration
            move, visits, value, mean = moves[0], 0, None, None
        self.last_info = {
            "iterations": done,
            "visits": visits,
            "value": value,
            "mean": mean,
            "seconds": time.monotonic() - t0,
            "move": str(move),
        }
        return move

    def _playout(self, s, rng: random.Random):
        steps = 0
        rollout = self.rollout
        while not s.is_terminal():
            if steps >= self.rollout_limit:
                return self._cutoff(s)
            m = rollout(s, rng) if rollout is not None else rng.choice(s.legal_moves())
            s = s.apply(m)
            steps += 1
        return s.returns()

    def _cutoff(self, s):
        n = s.num_players
        if self.evaluate is None:
            return (0.0,) * n
        scale = self.evaluate_scale
        out = []
        for seat in range(n):
            v = float(self.evaluate(s, seat))
            out.append(math.tanh(v / scale) if scale else _clamp(v, 1.0))
        return out


__all__ = ["HEURISTIC_LIMIT", "WIN_SCORE", "AlphaBetaBot", "MCTSBot", "default_key"]
