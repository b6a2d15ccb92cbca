"""Crystal Formation bots: random, easy, medium and hard.

    >>> from game.registry import GAMES
    >>> import random
    >>> SPEC = GAMES["crystal-formation"]
    >>> bot = SPEC.make_bot("hard")
    >>> state = SPEC.new_game(seed=3, players=4)
    >>> move = bot.choose(state, rng=random.Random(3), budget=None)

- **Easy** is greedy on one action: it plays the action that leaves its own position
  best right after its turn ends (trees, power, room to grow), ignoring everyone else.
- **Medium** looks one round ahead: its best few actions are each followed by every
  opponent's greedy reply in turn order, then judged by the full evaluation (trees,
  power, progress toward the next tree, supported area, threats on both sides).
- **Hard** searches.  With two players it looks three actions deep: its best ten
  actions, the opponent's five strongest replies to each, then its own best next
  action (minimax with an alpha cut), so plans of two actions count: a search of two
  actions plays level with Medium, this one beats it (docs/bots.md).  While every
  candidate so far lets the opponent win at once it looks further down the list.
  Whenever a rival is one action from a fifth tree, it runs a best-reply search over every
  action instead: each candidate meets the single most damaging reply of *any* opponent (Schadd & Winands' Best-Reply
  Search, a paranoid max-n that lets one seat answer), scored as its own value minus
  the strongest rival's, so it stops a leader's fifth tree even when that leader is
  not next to move.  Otherwise, with three or more players (where paranoia makes a
  bot timid), its best few actions are each played out for a whole round with max-n
  replies (every opponent picks what is best for itself) plus its own best follow-up.

Everything is public in this game, so no bot sees more than its seat may.  Bots use
only the ``rng`` they are given and honour ``budget.expired()``; with ``budget=None``
they take ``think_seconds``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations

from game.ai.base import Budget, RandomBot
from game.rules.crystal_formation import (
    LARGE,
    MEDIUM,
    POWER,
    ROUND_LIMIT,
    SMALL,
    TREE,
    TREES_TO_WIN,
    FormationState,
)

WIN_VALUE = 10_000.0

# Weights of the evaluation, in units of one pip of power.
TREE_WEIGHT = 9.0  # a tree is worth its 6 pips plus the race to five
THREAT_NODE = 0.9  # a node in an enemy area loses a pip at its owner's turn end
# ... and a tree stops being a tree.  Only 3: its owner can move a tree anywhere (or
# regrow the lost small) with one action, and at 6 the search spent its turns chasing
# the rival's trees instead of growing its own, and a one-ply player beat it (commit
# 441cd8c measured both).
THREAT_TREE = 3.0
AREA_WEIGHT = 0.01  # empty cells in one's area: room to place and move
PRESSURE_WEIGHT = 0.6  # enemy nodes one threatens
# A node that is not a tree, by its power: worth more than its pips the nearer it is to
# a tree (power 6), so growing toward the next tree outscores a threat of the same size.
# Without it Hard held one tree all game and lost 29-0-1 to a one-ply player that grows
# the node nearest a tree.
PROGRESS = (0.0, 0.0, 0.2, 0.5, 1.0, 2.0, 0.0)


# A seat one tree from winning: its value rises as the fifth tree comes nearer, counted
# in its own actions (grows, a place, and freeing pieces that other nodes of its hold:
# see tree_steps).  Without it Hard, four trees up, held a small node and a medium
# node whose pieces the fifth tree needed, and moved one piece back and forth until
# the round limit: freeing a piece cost material at once and the tree it allowed lay
# past its three-action search (tests/test_crystal_formation.py, the fifth tree).
FIFTH_TREE_WEIGHT = 3.0
FIFTH_TREE_STEPS = 8  # the bonus is FIFTH_TREE_WEIGHT per action below this many


@lru_cache(maxsize=4096)
def grows_to_tree(mask: int, small: int, medium: int, large: int) -> int | None:
    """The fewest actions that turn a node of ``mask`` into a tree with the stash
    (small, medium, large): a place for an empty cell (mask 0), then grows by the rules (add a
    small; turn the small into a medium; turn the medium into a large; the replaced
    piece returns to the stash).  None when the stash never allows it."""
    start = (mask, small, medium, large)
    seen = {start}
    frontier = [start]
    steps = 0
    while frontier:
        nxt = []
        for mk, a, b, c in frontier:
            if mk == TREE:
                return steps
            moves = []
            if mk == 0:
                if a:
                    moves.append((SMALL, a - 1, b, c))
            else:
                if not mk & SMALL and a:
                    moves.append((mk | SMALL, a - 1, b, c))
                if mk & SMALL and not mk & MEDIUM and b:
                    moves.append((mk & ~SMALL | MEDIUM, a + 1, b - 1, c))
                if mk & MEDIUM and not mk & LARGE and c:
                    moves.append((mk & ~MEDIUM | LARGE, a, b + 1, c - 1))
            for st in moves:
                if st not in seen:
                    seen.add(st)
                    nxt.append(st)
        frontier = nxt
        steps += 1
    return None


def _pieces(mask: int) -> tuple[int, int, int]:
    return (mask & SMALL) and 1, (mask & MEDIUM) and 1, (mask & LARGE) and 1


@lru_cache(maxsize=4096)
def _tree_steps(masks: tuple[int, ...], stash: tuple[int, int, int]) -> int | None:
    best = None
    for k, mask in enumerate((0,) + masks):
        others = masks[: k - 1] + masks[k:] if k else masks
        # Freeing a node's pieces (letting it die) costs about one action.
        for r in range(len(others) + 1):
            for freed in combinations(others, r):
                a, b, c = stash
                for f in freed:
                    fa, fb, fc = _pieces(f)
                    a, b, c = a + fa, b + fb, c + fc
                g = grows_to_tree(mask, a, b, c)
                if g is not None and (best is None or g + r < best):
                    best = g + r
    return best


def tree_steps(state: FormationState, seat: int) -> int | None:
    """About how many of its own actions ``seat`` needs for one more tree, ignoring
    the others: the best of growing one of its nodes that is not a tree (or placing a
    new one), where pieces held by its other such nodes count as freed at one action
    a node.  None when it cannot be done."""
    masks = tuple(sorted(m for _i, m in state._nodes[seat] if m != TREE))
    return _tree_steps(masks, tuple(state.stashes[seat]))


def fifth_tree_bonus(state: FormationState, seat: int, trees: int) -> float:
    """FIFTH_TREE_WEIGHT per action the fifth tree is nearer (four trees only)."""
    if trees != TREES_TO_WIN - 1:
        return 0.0
    steps = tree_steps(state, seat)
    if steps is None:
        return 0.0
    return FIFTH_TREE_WEIGHT * max(0, FIFTH_TREE_STEPS - steps)


def seat_values(state: FormationState) -> list[float]:
    """A value per seat for a position at the start of ``state.to_move``'s turn."""
    n = state.players
    if state.winner >= 0:
        return [WIN_VALUE if s == state.winner else -WIN_VALUE for s in range(n)]
    nodes = state._nodes
    areas = state._areas
    occupied = state._occupied
    full = state.geo.full
    empty = full & ~occupied
    values = []
    for s in range(n):
        enemy = 0
        for o in range(n):
            if o != s:
                enemy |= areas[o]
        trees = 0
        power = 0
        progress = 0.0
        threat = 0.0
        for i, m in nodes[s]:
            power += POWER[m]
            if m == TREE:
                trees += 1
            else:
                progress += PROGRESS[POWER[m]]
            if (enemy >> i) & 1:
                threat += THREAT_TREE if m == TREE else THREAT_NODE
        pressure = 0
        mine = areas[s]
        for o in range(n):
            if o != s:
                for i, _ in nodes[o]:
                    if (mine >> i) & 1:
                        pressure += 1
        # A seat's own next action can usually lift one threat, so the worst one is
        # discounted when that seat is the one to move.
        if s == state.to_move and threat:
            threat *= 0.6
        room = bin(mine & empty).count("1")
        values.append(
            TREE_WEIGHT * trees
            + power
            + progress
            - threat
            + AREA_WEIGHT * room
            + PRESSURE_WEIGHT * pressure
            + fifth_tree_bonus(state, s, trees)
        )
    return values


def relative_value(values: list[float], seat: int) -> float:
    """The seat's value against the strongest rival (a leader is everyone's problem)."""
    best_other = max(v for s, v in enumerate(values) if s != seat)
    return values[seat] - best_other


def own_value(state: FormationState, seat: int) -> float:
    """Easy's view: its own trees, power and room, nothing about the others."""
    if state.winner >= 0:
        return WIN_VALUE if state.winner == seat else -WIN_VALUE
    trees = 0
    power = 0
    for _, m in state._nodes[seat]:
        power += POWER[m]
        trees += m == TREE
    room = bin(state._areas[seat] & ~state._occupied & state.geo.full).count("1")
    return TREE_WEIGHT * trees + power + AREA_WEIGHT * room


def _budget(budget: Budget | None, seconds: float) -> Budget:
    return budget if budget is not None else Budget(seconds=seconds)


def _pick(scored: list[tuple[float, int, object]], rng: random.Random, slack: float = 1e-9):
    """Best move, ties broken by the rng (scored: (value, order, move))."""
    best = max(v for v, _, _ in scored)
    top = [m for v, _, m in scored if v >= best - slack]
    return top[0] if len(top) == 1 else rng.choice(top)


class EasyBot:
    """Greedy on one action by its own material; a little noise keeps it human."""

    name = "easy"
    think_seconds = 0.2

    def choose(self, state: FormationState, *, rng: random.Random, budget: Budget | None = None):
        budget = _budget(budget, self.think_seconds)
        seat = state.current_player()
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        scored = []
        for k, move in enumerate(moves):
            if k and budget.expired():
                break
            budget.tick()
            value = own_value(state._play(move), seat) + rng.random() * 0.5
            scored.append((value, k, move))
        return _pick(scored, rng)


def greedy_reply(state: FormationState, budget: Budget | None = None):
    """The action the seat to move would pick by the full evaluation, one ply deep
    (deterministic: the first best in legal order)."""
    seat = state.current_player()
    best, best_move = None, None
    for move in state.legal_moves():
        if budget is not None:
            budget.tick()
        v = relative_value(seat_values(state._play(move)), seat)
        if best is None or v > best:
            best, best_move = v, move
    return best_move


def ranked_moves(
    state: FormationState, seat: int, budget: Budget
) -> list[tuple[float, object, FormationState]]:
    """Legal moves with their one-ply relative value, best first."""
    out = []
    for k, move in enumerate(state.legal_moves()):
        if k and budget.expired():
            break
        budget.tick()
        child = state._play(move)
        out.append((relative_value(seat_values(child), seat), k, move, child))
    out.sort(key=lambda t: (-t[0], t[1]))
    return [(v, m, c) for v, _, m, c in out]


class MediumBot:
    """One round of lookahead over its best few actions."""

    name = "medium"
    think_seconds = 0.6
    width = 6

    def choose(self, state: FormationState, *, rng: random.Random, budget: Budget | None = None):
        budget = _budget(budget, self.think_seconds)
        seat = state.current_player()
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        ranked = ranked_moves(state, seat, budget)
        if ranked[0][2].winner == seat:
            return ranked[0][1]
        scored = [(ranked[0][0] - 1e6, 0, ranked[0][1])]  # fallback if time runs out
        for k, (_v1, move, child) in enumerate(ranked[: self.width]):
            if k and budget.expired():
                break
            cur = child
            while not cur.is_terminal() and cur.current_player() != seat:
                reply = greedy_reply(cur, budget)
                cur = cur._play(reply)
                if budget.expired():
                    break
            scored.append((relative_value(seat_values(cur), seat), k + 1, move))
        return _pick(scored, rng)


class HardBot:
    """Best-reply search over every action: each candidate against the worst reply of
    any opponent.  Candidates go best-first by their one-ply value, and the replies
    that refuted earlier candidates ("killers", e.g. a rival's winning grow) are tried
    first, so most candidates are dismissed after one or two replies."""

    name = "hard"
    think_seconds = 1.5
    killer_slots = 6

    def choose(self, state: FormationState, *, rng: random.Random, budget: Budget | None = None):
        budget = _budget(budget, self.think_seconds)
        seat = state.current_player()
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        ranked = ranked_moves(state, seat, budget)
        if ranked[0][2].winner == seat:
            return ranked[0][1]
        killers: list[tuple[int, object]] = []
        rival_can_win = self._rival_can_win(state, seat, budget)
        if state.players > 2 and not rival_can_win:
            return self._max_n_round(state, seat, ranked, rng, budget)
        if state.players == 2 and not rival_can_win:
            # (With a fifth tree in reach the best-reply search below tries every
            # action, not just the best ten, for the one that stops it.)
            move = self._three_ply(state, seat, ranked, budget)
            return self._toward_fifth_tree(state, seat, ranked, move, budget)
        best_move, best_value = ranked[0][1], None
        for k, (_v1, move, child) in enumerate(ranked):
            if k and budget.expired():
                break
            worst = self._worst_reply(child, seat, best_value, budget, killers)
            if worst is None:  # out of budget part way: the value is unknown
                break
            if best_value is None or worst > best_value + 1e-9:
                best_value, best_move = worst, move
        return best_move

    def _worst_reply(
        self, child: FormationState, seat: int, cutoff: float | None, budget: Budget, killers: list
    ) -> float | None:
        """Min over every opponent's every action of our relative value (paranoid);
        stops as soon as it is at or below ``cutoff`` (this candidate cannot be best)."""
        if child.is_terminal():
            return relative_value(seat_values(child), seat)
        views = {
            opp: child if child.to_move == opp else _as_mover(child, opp)
            for opp in range(child.players)
            if opp != seat
        }
        worst = None
        for opp, reply in list(killers):
            view = views[opp]
            if reply not in view._legal_set:
                continue
            budget.tick()
            v = relative_value(seat_values(view._play(reply)), seat)
            if worst is None or v < worst:
                worst = v
                if cutoff is not None and worst <= cutoff:
                    self._remember(killers, opp, reply)
                    return worst
        for opp, view in views.items():
            for reply in view._legal:
                budget.tick()
                v = relative_value(seat_values(view._play(reply)), seat)
                if worst is None or v < worst:
                    worst = v
                    if cutoff is not None and worst <= cutoff:
                        self._remember(killers, opp, reply)
                        return worst
            if budget.expired():
                return None
        return worst

    width = 12
    width3 = 10  # our candidates searched three actions deep (two players)
    replies3 = 5  # the opponent's strongest replies to each

    def _three_ply(self, state, seat, ranked, budget):
        """Two players: our best few actions, each against the opponent's strongest
        few replies, each followed by our best next action.  A best-reply search of
        two actions is no deeper than Medium's round and plays level with it; the
        third action lets plans of two actions (grow, then grow again; place, then
        grow) count, and shows which replies really hurt.  Minimax with an alpha cut:
        a candidate is dropped as soon as one reply holds it below the best so far."""
        best_move, best_value = ranked[0][1], None
        for k, (_v1, move, child) in enumerate(ranked):
            if k and budget.expired():
                break
            if k >= self.width3 and best_value > -WIN_VALUE / 2:
                # Past the best ten only while every one so far lets the opponent win
                # at once (they can all be the same guard walking away).
                break
            if child.is_terminal():
                value = relative_value(seat_values(child), seat)
            else:
                replies = []
                for reply in child._legal:
                    budget.tick()
                    after = child._play(reply)
                    replies.append((relative_value(seat_values(after), seat), after))
                replies.sort(key=lambda t: t[0])
                value = None
                for v2, after in replies[: self.replies3]:
                    if after.is_terminal() or after.current_player() != seat:
                        v3 = v2
                    else:
                        budget.tick(len(after._legal))
                        v3 = max(
                            relative_value(seat_values(after._play(f)), seat) for f in after._legal
                        )
                    if value is None or v3 < value:
                        value = v3
                    if best_value is not None and value <= best_value:
                        break
            if best_value is None or value > best_value + 1e-9:
                best_value, best_move = value, move
        return best_move

    # How much worse (by the search) an action toward the fifth tree may look than the
    # best and still be played: half of one action's worth of the fifth-tree term.
    fifth_tree_slack = FIFTH_TREE_WEIGHT / 2

    def _line_value(self, child, seat) -> float:
        """A candidate's value by the three-action search, without the alpha cut."""
        if child.is_terminal():
            return relative_value(seat_values(child), seat)
        replies = [
            (relative_value(seat_values(after), seat), after)
            for after in (child._play(r) for r in child._legal)
        ]
        replies.sort(key=lambda t: t[0])  # stable: the first of equal replies, as Hard
        replies = replies[: self.replies3]
        value: float | None = None
        for v2, after in replies:
            if after.is_terminal() or after.current_player() != seat:
                v3 = v2
            else:
                v3 = max(relative_value(seat_values(after._play(f)), seat) for f in after._legal)
            value = v3 if value is None else min(value, v3)
        assert value is not None  # a position that is not over has a reply
        return value

    def _toward_fifth_tree(self, state, seat, ranked, move, budget):
        """Four trees up, an action that brings the fifth tree nearer is played when the
        search rates it within ``fifth_tree_slack`` of its choice.  The search ends on
        our own action, unanswered: growing now lets the rival threaten the node, while
        any waiting move (a tree back and forth) keeps the grow for the last, unanswered
        action, so it would look better by a fraction of a point every turn, and Hard
        would shuffle until the round limit."""
        # Not bound by the budget: only the few actions that shorten the way to the
        # tree are searched (a grow or two, a place), a fraction of the main search.
        if state.trees(seat) != TREES_TO_WIN - 1:
            return move
        now = tree_steps(state, seat)
        if now is None:
            return move
        children = {m: c for _v, m, c in ranked}
        if move not in children or tree_steps(children[move], seat) < now:
            return move
        chosen = self._line_value(children[move], seat)
        best, best_key = move, None
        for _v1, cand, child in ranked:
            steps = tree_steps(child, seat)
            if steps is None or steps >= now:
                continue
            budget.tick(len(child._legal))
            value = self._line_value(child, seat)
            if value < chosen - self.fifth_tree_slack:
                continue
            key = (steps, -value)
            if best_key is None or key < best_key:
                best, best_key = cand, key
        return best

    def _max_n_round(self, state, seat, ranked, rng, budget):
        """With three or more players and no rival one action from winning, a paranoid
        search is too timid; each of our best few actions is played out for a round in
        which every opponent makes the reply best for itself (max-n), then judged."""
        scored = [(ranked[0][0] - 1e6, 0, ranked[0][1])]
        for k, (_v1, move, child) in enumerate(ranked[: self.width]):
            if k and budget.expired():
                break
            cur = child
            while not cur.is_terminal() and cur.current_player() != seat:
                cur = cur._play(greedy_reply(cur, budget))
            if cur.is_terminal():
                value = relative_value(seat_values(cur), seat)
            else:
                # our own best follow-up, so plans that take two actions count
                value = max(relative_value(seat_values(cur._play(m)), seat) for m in cur._legal)
                budget.tick(len(cur._legal))
            scored.append((value, k + 1, move))
        return _pick(scored, rng)

    @staticmethod
    def _rival_can_win(state, seat, budget) -> bool:
        """Could some opponent, moving now, end its turn with five trees?  (Only a
        seat with four trees or more can.)"""
        for opp in range(state.players):
            if opp == seat or state.trees(opp) < 4:
                continue
            view = _as_mover(state, opp)
            for reply in view._legal:
                budget.tick()
                if view._play(reply).winner == opp:
                    return True
        return False

    def _remember(self, killers: list, opp: int, reply) -> None:
        entry = (opp, reply)
        if entry in killers:
            killers.remove(entry)
        killers.insert(0, entry)
        del killers[self.killer_slots :]


class ExpertBot(HardBot):
    """Hard, searching deeper where Hard stops early.  With two players Hard looks
    three actions ahead (its best ten, the opponent's five strongest replies, its own
    best next action) and finishes in a fraction of its budget; Expert runs minimax
    with alpha-beta by iterative deepening, three actions, then four (its best twelve,
    the six strongest replies to each, its own six best next actions, then the
    opponent's strongest answer over every action), so it sees the reply to its own
    plan of two actions.  The last action of a line stops at the first reply that
    refutes it, replies that refuted a sibling ("killers") tried first, so the pass of
    four actions completes in a fraction of the time it would take in full.

    Games between strong bots run all 100 rounds and are decided by trees, then power,
    so Expert judges a position at the round limit by that ranking (a win, a loss or a
    draw, then Hard's evaluation between equal results), and a seat with no turn left loses nothing more
    to decay, so its threatened nodes are no longer a debt.  A rival one action from
    its fifth tree, and games of three or more players, get Hard's searches."""

    name = "expert"
    think_seconds = 4.0
    widths = (12, 6, 6, 6, 6)  # candidates kept at each ply before the last (full) one
    max_depth = 4
    endgame_plies = 6  # with this few actions left, deepen to the round limit
    last_killers = 4  # killers kept per ply for the last action (Hard keeps its own six)

    def _three_ply(self, state, seat, ranked, budget):
        self._root_seat = seat
        self._killers: dict[int, list] = {}
        # In the last rounds the search may run on to the round limit, where the
        # value is the ruled result, not a forecast (and the candidates are the best
        # by that value).
        left = ROUND_LIMIT * state.players - state.turn
        deepest = self.max_depth
        if left <= self.endgame_plies:
            deepest = max(3, left)
            ranked = sorted(ranked, key=lambda t: -self._value(t[2]))
        order = [(move, child) for _v1, move, child in ranked[: self.widths[0]]]
        best_move = order[0][0]
        for depth in range(3, deepest + 1):
            move, value, complete = self._root(order, depth, budget)
            if move is not None:
                best_move = move
            if complete and value <= -WIN_VALUE / 2 and len(ranked) > len(order):
                # Every candidate lets the opponent win at once: Hard's search goes on
                # down the list, past these, for one that does not.
                return super()._three_ply(state, seat, ranked[len(order) :], budget)
            if not complete:
                break
            # the best so far goes first at the next depth, so a pass cut short by
            # the budget still answers: only a move proved better replaces it
            order.sort(key=lambda mc: mc[0] != best_move)
        return best_move

    def _root(self, order, depth, budget):
        """(best move, its value, whether every candidate was searched)."""
        best_move, alpha = None, -float("inf")
        for move, child in order:
            try:
                value = self._search(child, depth - 1, alpha, float("inf"), budget, 1)
            except _OutOfBudget:
                return best_move, alpha, False
            if value > alpha + 1e-9:
                alpha, best_move = value, move
        return best_move, alpha, True

    def _value(self, state: FormationState) -> float:
        return endgame_value(state, self._root_seat)

    def _search(self, state, depth, alpha, beta, budget, ply):
        if state.is_terminal() or depth == 0:
            return self._value(state)
        if budget.expired():
            raise _OutOfBudget
        maximising = state.current_player() == self._root_seat
        if depth == 1:
            return self._last_action(state, maximising, alpha, beta, budget, ply)
        children = []
        for move in state._legal:
            child = state._play(move)
            children.append((self._value(child), move, child))
        budget.tick(len(children))
        children.sort(key=lambda t: -t[0] if maximising else t[0])
        width = self.widths[ply] if ply < len(self.widths) else len(children)
        value = -float("inf") if maximising else float("inf")
        for _v, _move, child in children[:width]:
            v = self._search(child, depth - 1, alpha, beta, budget, ply + 1)
            if maximising:
                value = max(value, v)
                alpha = max(alpha, value)
            else:
                value = min(value, v)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def _last_action(self, state, maximising, alpha, beta, budget, ply):
        """The best (or, for the opponent, the worst for us) action by its one-ply
        value; stops as soon as one is outside the alpha-beta window (the line above
        will not be chosen whatever the rest are), trying killers first."""
        killers = self._killers.setdefault(ply, [])
        legal = state._legal_set
        tried = []
        for move in killers:
            if move in legal:
                tried.append(move)
        value = -float("inf") if maximising else float("inf")
        n = 0
        for move in tried + [m for m in state._legal if m not in tried]:
            n += 1
            v = self._value(state._play(move))
            if maximising:
                if v > value:
                    value = v
                    if value >= beta:
                        break
            elif v < value:
                value = v
                if value <= alpha:
                    break
        else:
            move = None
        budget.tick(n)
        if move is not None:
            if move in killers:
                killers.remove(move)
            killers.insert(0, move)
            del killers[self.last_killers :]
        return value


RESULT_VALUE = 1_000.0  # a result at the round limit outweighs any heuristic margin


def endgame_value(state: FormationState, seat: int) -> float:
    """Expert's value of a position for ``seat`` against the strongest rival: Hard's
    evaluation, except at the round limit (the ruled ranking: trees, then power) and
    for a seat whose last turn has ended (no more decay: its threats cost nothing)."""
    if state.winner >= 0 or not state.is_terminal():
        values = seat_values(state)
        limit = ROUND_LIMIT * state.players
        if state.winner < 0 and limit - state.turn < state.players:
            # Some seats have played their last turn: their nodes will not decay
            # again, so count their material only (and nobody's pressure on them).
            n, left = state.players, limit - state.turn
            done = [(s - state.turn) % n >= left for s in range(n)]
            areas = state._areas
            for s in range(n):
                if done[s]:
                    values[s] = state.trees(s) * TREE_WEIGHT + state.power(s)
                    for o in range(n):
                        if not done[o]:
                            hit = sum(1 for i, _ in state._nodes[s] if (areas[o] >> i) & 1)
                            values[o] -= PRESSURE_WEIGHT * hit
        return relative_value(values, seat)
    totals = [state.trees(s) * 100 + state.power(s) for s in range(state.players)]
    margin = totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
    # Between equal results, Hard's evaluation of the final position: it still counts
    # threats and pressure, which no longer change the result, but it is the same
    # judgement Hard plays by, so a draw it rates well for us is one Hard tends to
    # give away (measured: a tie-break by the margin in power drew more games).
    tie = relative_value(seat_values(state), seat)
    if margin > 0:
        return RESULT_VALUE + tie
    if margin < 0:
        return -RESULT_VALUE + tie
    return tie


class _OutOfBudget(Exception):
    pass


def _as_mover(state: FormationState, seat: int) -> FormationState:
    """The same position with ``seat`` to move in the same round (for best-reply
    search, where any opponent may be the one who answers)."""
    base = state.turn - state.turn % state.players
    turn = base + seat
    return FormationState(state.players, state.board, state.stashes, turn, state.winner)


LEVELS = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


def make(level: str):
    """A bot by level name ("random", "easy", "medium", "hard")."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"Crystal Formation has no {level!r} bot") from None


__all__ = [
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "make",
    "relative_value",
    "seat_values",
]
