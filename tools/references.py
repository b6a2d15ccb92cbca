"""Reference players for the arena: opponents from outside the project's bot family.

A family of bots can beat itself convincingly and still be weak.  These players are
written apart from ``game/ai`` (they share no code with it) and, except ``ref-loa``,
know nothing of any game: they use only the public engine contract
(``current_player``, ``legal_moves``, ``apply``, ``is_terminal``, ``returns``,
``scores``).  Any reader can check them in a few minutes.

- ``ref-uct``: plain UCT Monte-Carlo tree search, as Ludii's default UCT or
  OpenSpiel's ``MCTSBot``: UCB1 with c = 1.4, uniform random playouts to the end,
  rewards are ``returns()`` in [-1, 1], each node's statistics are for the seat that
  chooses there, the most visited move is played.
- ``ref-ab``: iterative-deepening alpha-beta whose only knowledge is the game's own
  ``scores()`` (own points minus the best opponent's) and ``returns()`` at the end.
  A seat playing several actions in a row (three shifts, two moves) simply keeps
  maximising.
- ``ref-greedy``: one ply on ``scores()``, no look-ahead: the stand-in for a person who
  plays sensible but shallow moves (Easy should lose to it most of the time).
- ``ref-loa`` (Chromatic Collapse only): the same alpha-beta with the classic
  Lines-of-Action evaluation from the literature (Winands' MIA and its predecessors):
  concentration around the centre of mass, centralisation, quads and mobility.

They think for a wall-clock budget per decision; the arena gives them the budget of
the bot they face.  Games with secret information (Element Shift's pending plans)
are refused: a game-agnostic searcher has no way to sample what it may not see.
"""

from __future__ import annotations

import math
import random
import time

UCB_C = 1.4
PLAYOUT_LIMIT = 5_000  # actions; no game here comes near it (move bounds are lower)
WIN = 1e6


class _OutOfTime(Exception):
    pass


def _refuse_secrets(state) -> None:
    if hasattr(state, "public_view"):
        raise ValueError("the reference players need a game without secret information")


def _deadline(budget, default: float) -> float:
    seconds = getattr(budget, "seconds", None) if budget is not None else None
    return time.monotonic() + (default if seconds is None else seconds)


# -- UCT ---------------------------------------------------------------------------------
class _Node:
    __slots__ = ("state", "move", "parent", "children", "untried", "visits", "totals", "chooser")

    def __init__(self, state, move, parent, rng: random.Random):
        self.state = state
        self.move = move
        self.parent = parent
        self.children: list[_Node] = []
        self.visits = 0
        self.totals = [0.0] * state.num_players
        terminal = state.is_terminal()
        self.chooser = -1 if terminal else state.current_player()
        self.untried = [] if terminal else list(state.legal_moves())
        rng.shuffle(self.untried)


class ReferenceUCT:
    name = "ref-uct"
    think_seconds = 1.0

    def choose(self, state, *, rng: random.Random, budget=None):
        _refuse_secrets(state)
        deadline = _deadline(budget, self.think_seconds)
        root = _Node(state, None, None, rng)
        if len(root.untried) == 1:
            return root.untried[0]
        iterations = 0
        while iterations == 0 or time.monotonic() < deadline:
            iterations += 1
            node = root
            # selection: UCB1 for the seat choosing at each node
            while not node.untried and node.children:
                log_n = math.log(node.visits)
                seat = node.chooser
                node = max(
                    node.children,
                    key=lambda c: c.totals[seat] / c.visits + UCB_C * math.sqrt(log_n / c.visits),
                )
            # expansion
            if node.untried:
                move = node.untried.pop()
                child = _Node(node.state.apply(move), move, node, rng)
                node.children.append(child)
                node = child
            # simulation
            sim = node.state
            for _ in range(PLAYOUT_LIMIT):
                if sim.is_terminal():
                    break
                sim = sim.apply(rng.choice(sim.legal_moves()))
            rewards = sim.returns() if sim.is_terminal() else (0.0,) * state.num_players
            # back-propagation
            while node is not None:
                node.visits += 1
                for i, r in enumerate(rewards):
                    node.totals[i] += r
                node = node.parent
        self.last_info = {"iterations": iterations}
        return max(root.children, key=lambda c: c.visits).move


# -- alpha-beta ---------------------------------------------------------------------------
def score_difference(state, seat: int) -> float:
    """The game's own points: mine minus the best of the others."""
    scores = state.scores()
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


class ReferenceAlphaBeta:
    name = "ref-ab"
    think_seconds = 1.0

    def __init__(self, evaluate=score_difference):
        self.evaluate = evaluate

    def choose(self, state, *, rng: random.Random, budget=None):
        _refuse_secrets(state)
        self._deadline = _deadline(budget, self.think_seconds)
        self._seat = state.current_player()
        self._nodes = 0
        moves = list(state.legal_moves())
        rng.shuffle(moves)  # ties are broken at random, not by list order
        if len(moves) == 1:
            return moves[0]
        best, depth = moves[0], 0
        try:
            for depth in range(1, 64):
                value, move = self._root(state, moves, depth)
                best = move
                moves.remove(move)
                moves.insert(0, move)  # search the last best move first next time
                if abs(value) >= WIN:
                    break  # a proven result: deeper search cannot change it
        except _OutOfTime:
            depth -= 1
        self.last_info = {"depth": depth, "nodes": self._nodes}
        return best

    def _root(self, state, moves, depth):
        alpha, best = -math.inf, moves[0]
        for move in moves:
            value = self._search(state.apply(move), depth - 1, alpha, math.inf)
            if value > alpha:
                alpha, best = value, move
        return alpha, best

    def _search(self, state, depth, alpha, beta):
        self._nodes += 1
        if self._nodes % 256 == 0 and time.monotonic() > self._deadline:
            raise _OutOfTime
        if state.is_terminal():
            return state.returns()[self._seat] * WIN * (1 + depth)  # sooner is better
        if depth <= 0:
            return self.evaluate(state, self._seat)
        maximising = state.current_player() == self._seat
        if maximising:
            value = -math.inf
            for move in state.legal_moves():
                value = max(value, self._search(state.apply(move), depth - 1, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = math.inf
            for move in state.legal_moves():
                value = min(value, self._search(state.apply(move), depth - 1, alpha, beta))
                beta = min(beta, value)
                if alpha >= beta:
                    break
        return value


# -- Lines of Action evaluation (Chromatic Collapse) ------------------------------------------
def loa_evaluation(state, seat: int) -> float:
    """Classic LOA terms, own side minus the other: pieces gathered round their centre
    of mass (concentration), that centre near the middle (centralisation), 2x2 quads
    holding three or more own pieces, and mobility when it is this side's step."""
    return _loa_side(state, seat) - _loa_side(state, 1 - seat)


def _loa_side(state, seat: int) -> float:
    cells = []
    for sq in range(64):
        piece = state.piece_at(sq)
        if piece is not None and piece[0] == seat:
            cells.append((sq % 8, sq // 8))
    n = len(cells)
    if n <= 1:
        return 0.0
    cx = sum(c for c, _ in cells) / n
    cy = sum(r for _, r in cells) / n
    spread = sum(max(abs(c - cx), abs(r - cy)) for c, r in cells)
    least = _least_spread(n)
    concentration = 1.0 / max(1.0, spread - least + 1)  # 1 when as packed as possible
    centre = 1.0 - max(abs(cx - 3.5), abs(cy - 3.5)) / 3.5
    occupied = set(cells)
    quads = 0
    for c in range(7):
        for r in range(7):
            k = sum((c + dc, r + dr) in occupied for dc in (0, 1) for dr in (0, 1))
            quads += k >= 3
    mobility = 0.0
    if state.current_player() == seat:
        mobility = min(1.0, len(state.legal_moves()) / 40)
    return 4.0 * concentration + 1.0 * centre + 0.4 * quads + 0.5 * mobility


def _least_spread(n: int) -> float:
    """The smallest sum of distances n pieces can have round their centre (a tight
    square of rings): 8 pieces in ring 1, 16 in ring 2..."""
    total, ring, left = 0.0, 1, n - 1
    while left > 0:
        take = min(left, 8 * ring)
        total += take * ring
        left -= take
        ring += 1
    return total


# -- one ply ------------------------------------------------------------------------------
class GreedyOnePly:
    """A sensible but shallow player, like a newcomer: the action that leaves the
    game's own points best for it right now (a win at once first), ties at random.
    It looks at no reply.  Easy should lose to it most of the time."""

    name = "ref-greedy"
    think_seconds = 0.0

    def choose(self, state, *, rng: random.Random, budget=None):
        _refuse_secrets(state)
        seat = state.current_player()
        best, best_value = [], -math.inf
        for move in state.legal_moves():
            after = state.apply(move)
            if after.is_terminal():
                value = after.returns()[seat] * WIN
            else:
                value = score_difference(after, seat)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return rng.choice(best)


def make_reference(level: str):
    if level == "ref-greedy":
        return GreedyOnePly()
    if level == "ref-uct":
        return ReferenceUCT()
    if level == "ref-ab":
        return ReferenceAlphaBeta()
    if level == "ref-loa":
        bot = ReferenceAlphaBeta(loa_evaluation)
        bot.name = "ref-loa"
        return bot
    raise ValueError(f"no reference player {level!r} ({', '.join(REFERENCE_LEVELS)})")


REFERENCE_LEVELS = ("ref-uct", "ref-ab", "ref-loa", "ref-greedy")
