"""Reference players for the arena: opponents from outside the project's bot family.

A family of bots can beat itself convincingly and still be weak.  These players are
written apart from ``game/ai`` (they share no code with it) and, except ``ref-loa``
and ``ref-greedy`` in two games (below), know nothing of any game: they use only the
public engine contract (``current_player``, ``legal_moves``, ``apply``,
``is_terminal``, ``returns``, ``scores``).  Any reader can check them in a few minutes.

- ``ref-uct``: plain UCT Monte-Carlo tree search, as Ludii's default UCT or
  OpenSpiel's ``MCTSBot``: UCB1 with c = 1.4, uniform random playouts to the end,
  rewards are ``returns()`` in [-1, 1], each node's statistics are for the seat that
  chooses there, the most visited move is played.
- ``ref-ab``: iterative-deepening alpha-beta whose only knowledge is the game's own
  ``scores()`` (own points minus the best opponent's) and ``returns()`` at the end.
  A seat playing several actions in a row (three shifts, two moves) simply keeps
  maximising.
- ``ref-greedy``: one ply, no look-ahead and no reply considered: the stand-in for a
  person who plays sensible but shallow moves (Easy should lose to it most of the
  time).  It plays the action that leaves ``scores()`` best (a win at once first),
  except in two games where one action rarely moves the points and a newcomer looks
  at what the rule card teaches instead (the game's ``newcomer_values`` in
  ``tools/games/``, through the engine's own public helpers, never ``game/ai``):

  - Color Crossroads, one turn ahead: challenge a pair that has no loop (never one
    that has: that is the opponent's point), place a colour that cuts every loop of a
    pair and challenge it in the same turn, and leave no dead pair for the opponent.
    It sees loops and cuts exactly (``loop_exists``, ``critical_cells``), which a
    person on a 9x9 board may not: an upper bound on a newcomer's eye.
  - Crystal Formation, one action ahead (its own decay and death included, as the
    decay preview shows): trees, power, the node closest to a tree, and none of its
    own nodes left in a rival's area to decay; nothing about the rivals.
- ``ref-loa`` (Chromatic Collapse only): the same alpha-beta with the classic
  Lines-of-Action evaluation from the literature (Winands' MIA and its predecessors):
  concentration around the centre of mass, centralisation, quads and mobility.

They think for a wall-clock budget per decision; the arena gives them the budget of
the bot they face.

Games with secret simultaneous choices (Element Shift: twelve seats submit hidden
plans, resolved together) are played through the contract's determinisation hook,
``game.rules.contract.determinise(state, seat, rng)``: a full state the seat could be in, its
own choice kept and every other seat's submitted secret replaced by a legal guess.

- ``ref-uct`` there is determinised UCT (single-observer ISMCTS, as in Cowling,
  Powley & Whitehouse 2012): every iteration draws a fresh determinisation and walks
  the tree of actions on it (a stored action the guess makes illegal ends the walk);
  the seats after it choose in turn within the tree as in any game; with thousands of
  plans a seat, the most visited plan is taken, ties by the better mean.
- ``ref-ab`` there is one decision deep against sampled others (the others' plans
  are the simultaneous part, so there is no reply to minimise over): every candidate
  meets the same samples (a determinisation, then the later seats' choices drawn
  uniformly with one seeded stream per sample) and is scored by ``scores()`` once the
  round resolves; the best half gets another sample each pass (successive halving).
  ``ref-greedy`` refuses such games.
"""

from __future__ import annotations

import math
import random
import time

from game.rules.contract import determinise

UCB_C = 1.4
PLAYOUT_LIMIT = 5_000  # actions; no game here comes near it (move bounds are lower)
WIN = 1e6


class _OutOfTime(Exception):
    pass


def _refuse_secrets(state) -> None:
    if _secret(state):
        raise ValueError("the reference players need a game without secret information")


def _secret(state) -> bool:
    """Does the game hide choices (and so offer the contract's determinisation)?"""
    return hasattr(state, "determinise")


def _deadline(budget, default: float) -> float:
    seconds = getattr(budget, "seconds", None) if budget is not None else None
    return time.monotonic() + (default if seconds is None else seconds)


# -- UCT ---------------------------------------------------------------------------------
class _Node:
    __slots__ = ("children", "chooser", "move", "parent", "state", "totals", "untried", "visits")

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


class _INode:
    """A node of the determinised tree: children by action, no state (each iteration
    walks its own determinisation), totals per seat."""

    __slots__ = ("children", "totals", "visits")

    def __init__(self, players: int):
        self.children: dict = {}
        self.visits = 0
        self.totals = [0.0] * players


def _untried(legal, children: dict, rng: random.Random):
    """A random legal action without a child yet (legal lists may be lazy and huge,
    so draw rather than scan; a full scan only when the draws keep hitting)."""
    for _ in range(8):
        move = legal[rng.randrange(len(legal))]
        if move not in children:
            return move
    if len(legal) > 20_000:
        return None
    rest = [m for m in legal if m not in children]
    return rng.choice(rest) if rest else None


class ReferenceUCT:
    name = "ref-uct"
    think_seconds = 1.0

    def choose(self, state, *, rng: random.Random, budget=None):
        if _secret(state):
            return self._choose_determinised(state, rng, _deadline(budget, self.think_seconds))
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

    def _choose_determinised(self, state, rng: random.Random, deadline: float):
        """UCT over actions, each iteration on a fresh determinisation of the root."""
        seat = state.current_player()
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        n = state.num_players
        root = _INode(n)
        iterations = 0
        while iterations == 0 or time.monotonic() < deadline:
            iterations += 1
            sim = determinise(state, seat, rng)
            node, path = root, [root]
            while not sim.is_terminal():
                legal = sim.legal_moves()
                if len(node.children) < len(legal):
                    move = _untried(legal, node.children, rng)
                    if move is not None:
                        sim = sim.apply(move)
                        node.children[move] = child = _INode(n)
                        path.append(child)
                        break
                # every action tried here: UCB1 for the seat choosing at this node
                chooser = sim.current_player()
                log_n = math.log(max(1, node.visits))
                move, node = max(
                    node.children.items(),
                    key=lambda mc: (
                        mc[1].totals[chooser] / mc[1].visits
                        + UCB_C * math.sqrt(log_n / mc[1].visits)
                    ),
                )
                try:
                    sim = sim.apply(move)
                except ValueError:  # this guess makes the stored action illegal
                    path.append(node)
                    break
                path.append(node)
            for _ in range(PLAYOUT_LIMIT):
                if sim.is_terminal():
                    break
                legal = sim.legal_moves()
                sim = sim.apply(legal[rng.randrange(len(legal))])
            rewards = sim.returns() if sim.is_terminal() else (0.0,) * n
            for node in path:
                node.visits += 1
                for i, r in enumerate(rewards):
                    node.totals[i] += r
        self.last_info = {"iterations": iterations}
        best = max(
            root.children.items(), key=lambda mc: (mc[1].visits, mc[1].totals[seat] / mc[1].visits)
        )
        return best[0]


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
        if _secret(state):
            return self._choose_sampled(state, rng, _deadline(budget, self.think_seconds))
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

    first_pass_share = 0.5  # of the budget for the first sample over the candidates

    def _choose_sampled(self, state, rng: random.Random, deadline: float):
        """One decision against sampled others (see the module notes)."""
        seat = state.current_player()
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        start = time.monotonic()
        first_pass_end = start + (deadline - start) * self.first_pass_share
        # A random order (legal lists can be huge and lazy: draw indices, not shuffle).
        order = rng.sample(range(len(legal)), min(len(legal), 20_000))
        candidates = [legal[i] for i in order]
        totals: dict = {}
        samples = 0
        while len(candidates) > 1:
            guess = determinise(state, seat, rng)
            stream = rng.getrandbits(64)
            samples += 1
            end = first_pass_end if samples == 1 else deadline
            scored = []
            for k, move in enumerate(candidates):
                if k and time.monotonic() > end:
                    break
                value = self._sampled_value(guess, move, seat, random.Random(stream))
                totals[move] = totals.get(move, 0.0) + value
                scored.append(move)
            if time.monotonic() > deadline or len(scored) < 2:
                candidates = scored or candidates[:1]
                break
            scored.sort(key=lambda m: -totals[m])
            candidates = scored[: max(1, len(scored) // 2)]
        self.last_info = {"samples": samples, "candidates": len(totals)}
        return max(candidates, key=lambda m: totals.get(m, -math.inf))

    def _sampled_value(self, guess, move, seat: int, others: random.Random) -> float:
        """``scores()`` once the others (drawn from ``others``) have chosen too."""
        sim = guess.apply(move)
        while not sim.is_terminal() and sim.current_player() != seat:
            legal = sim.legal_moves()
            sim = sim.apply(legal[others.randrange(len(legal))])
        if sim.is_terminal():
            return sim.returns()[seat] * WIN
        return score_difference(sim, seat)

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
    """A sensible but shallow player, like a newcomer: the action that leaves what the
    board shows best for it right now (a win at once first), ties at random.  It looks
    at no reply.  Easy should lose to it most of the time.

    What the board shows is the game's own points (``scores()``), except in the two
    games where one action rarely moves them and a newcomer looks at something else
    the rule card teaches (the game's ``newcomer_values`` in ``tools/games/``): Color
    Crossroads (dead pairs) and Crystal Formation (trees, power and the decay the
    influence rings show)."""

    name = "ref-greedy"
    think_seconds = 0.0

    def choose(self, state, *, rng: random.Random, budget=None):
        _refuse_secrets(state)
        seat = state.current_player()
        moves = state.legal_moves()
        view = getattr(_tool_hooks(state), "newcomer_values", None)
        values = view(state, moves, seat, _one_ply) if view is not None else None
        if values is None:
            values = [_one_ply(state.apply(move), seat, score_difference) for move in moves]
        best_value = max(values)
        return rng.choice([m for m, v in zip(moves, values, strict=True) if v == best_value])


def _tool_hooks(state):
    """The tools' hooks of the game ``state`` is a position of (found by its rules
    module, as a reference player is handed a state and no game id)."""
    from game.registry import GAMES
    from tools.games import hooks

    module = type(state).__module__.rsplit(".", 1)[-1]
    game = next((g for g, spec in GAMES.items() if spec.module == module), None)
    return hooks(game) if game is not None else None


def _one_ply(after, seat: int, evaluate) -> float:
    if after.is_terminal():
        return after.returns()[seat] * WIN
    return evaluate(after, seat)


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
# The references that play one game only: that game's tools/games/<module>.py lists
# them in REFERENCES.
GAME_ONLY_REFERENCES = ("ref-loa",)
