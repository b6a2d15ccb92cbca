"""Crystal Connector bots: random, easy, medium, hard and expert.

Usage::

    from game.ai.base import Budget
    from game.registry import GAMES
    bot = GAMES["crystal-connector"].make_bot("hard")
    move = bot.choose(state, rng=random.Random(1), budget=Budget(seconds=1.5))
    # the clock's "opponent moves for the late player" rule:
    move = bot.choose_for_late_seat(state, late_seat=1, rng=rng, budget=None)

Levels
    - Easy: a newcomer: the single shift that grows its own groups most (a quarter of
      the opponent's product noticed), with noise, and nearly half its shifts any
      legal one, unweighed: it loses most games to a one-ply player (docs/bots.md).
    - Medium: the best whole turn for (own gain minus opponent gain, spike points
      included) over every distinct shift sequence.  Parallel lines commute, so only
      sequences whose consecutive parallel lines come in order are searched; a line
      moved by ``k`` is one board whichever way it goes, so each (line, offset) is
      tried once in its cheapest legal direction (spikes, rocks).  Turns of four or
      five shifts (Shift Plus) keep the best few thousand boards after the third.
    - Hard: Medium's search, then the opponent's best reply (with the line ban my
      turn creates, their shift count, spikes that vanish, the threshold and the
      round end) for the most promising candidates.  A game-winning turn is always
      taken.
    - Expert: Hard's search, wider, its best candidates played out against a model of
      the opponent's reply, and Player 1's setup judged by a first round played with
      Hard's search (``ExpertBot``).

Every bot re-plans at each action from the board as it is (the later shifts of a turn
are cheaper searches), so no plan is cached between calls.  Bots see the whole board;
Crystal Connector has no hidden information.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import numpy as np

from game.ai.base import Budget, RandomBot
from game.rules.crystal_connector import (
    COLOURS,
    LINE_CELLS,
    LINES,
    MAX_ROUNDS,
    PERMS,
    ROCK,
    SIZE,
    SPIKE_TURNS,
    Convert,
    CrystalConnectorState,
    Shift,
    batch_largest,
    shifts_for_turn,
)

SPIKE = 8
BIG = 1_000_000
_LINE_IDX = np.array(LINE_CELLS, dtype=np.intp)  # (12, 6)
#: (12, 5, 36) permutations for offsets 1-5 of every line.
_PERM_ARR = np.array(
    [[PERMS[line][k] for k in range(1, SIZE)] for line in range(12)], dtype=np.intp
)
_OFFSETS = np.arange(1, SIZE)


def encode(state: CrystalConnectorState) -> np.ndarray:
    """The board as piece codes with the spike flag (8) set: what the search moves."""
    b = np.array(state.board, dtype=np.uint8)
    b[np.array(state.spikes, dtype=bool)] |= SPIKE
    return b


def lines_mask(lines) -> int:
    m = 0
    for line in lines:
        m |= 1 << LINES.index(line)
    return m


@dataclass
class Nodes:
    """A batch of search nodes (boards reached by some shift sequences)."""

    boards: np.ndarray  # (N, 36) uint8
    root: np.ndarray  # (N,) which root board (conversion / candidate) it grew from
    first: np.ndarray  # (N,) first shift: line * 16 + forward * 8 + distance; -1 none
    cost: np.ndarray  # (N,) spike points given to the opponent so far
    lines: np.ndarray  # (N,) 12-bit mask of lines shifted (banned for the reply)
    last: np.ndarray  # (N,) last line shifted, -1 none
    banned: np.ndarray  # (N,) 12-bit mask of lines the mover may not shift
    path: np.ndarray  # (N,) every shift so far, 8 bits each, the first one highest

    def take(self, idx) -> "Nodes":
        return Nodes(
            self.boards[idx],
            self.root[idx],
            self.first[idx],
            self.cost[idx],
            self.lines[idx],
            self.last[idx],
            self.banned[idx],
            self.path[idx],
        )

    def __len__(self) -> int:
        return self.boards.shape[0]


def make_roots(boards: np.ndarray, banned, lines=0) -> Nodes:
    n = boards.shape[0]
    return Nodes(
        boards,
        np.arange(n),
        np.full(n, -1, np.int32),
        np.zeros(n, np.int64),
        np.broadcast_to(np.asarray(lines, np.int32), (n,)).copy(),
        np.full(n, -1, np.int32),
        np.broadcast_to(np.asarray(banned, np.int32), (n,)).copy(),
        np.zeros(n, np.int64),
    )


def expand(nodes: Nodes, budget: Budget | None = None) -> Nodes:
    """Every child of every node by one shift (cheapest legal direction per offset)."""
    b = nodes.boards
    along = b[:, _LINE_IDX]  # (N, 12, 6)
    spikes = (along >= SPIKE).sum(axis=2)  # (N, 12)
    rocks = (along & 7) == ROCK
    has_rock = rocks.any(axis=2)
    back_lim: np.ndarray | None
    fwd_lim: np.ndarray | None
    if has_rock.any():
        first_rock = rocks.argmax(axis=2)
        last_rock = SIZE - 1 - rocks[:, :, ::-1].argmax(axis=2)
        back_lim = np.where(has_rock, first_rock, SIZE - 1)
        fwd_lim = np.where(has_rock, SIZE - 1 - last_rock, SIZE - 1)
    else:
        back_lim = fwd_lim = None
    parts = []
    for line in range(12):
        if budget is not None and budget.expired():
            break
        ok = ((nodes.banned >> line) & 1) == 0
        # parallel lines commute: keep only sequences where they come in order
        same_kind = (nodes.last >= 0) & ((nodes.last < 6) == (line < 6))
        ok &= ~(same_kind & (nodes.last > line))
        sel = np.nonzero(ok)[0]
        if sel.size == 0:
            continue
        s = spikes[sel, line][:, None]  # (m, 1)
        fwd_cost = s * _OFFSETS[None, :]  # (m, 5)
        back_cost = s * (SIZE - _OFFSETS)[None, :]
        if fwd_lim is not None and back_lim is not None:  # set together
            fwd_ok = _OFFSETS[None, :] <= fwd_lim[sel, line][:, None]
            back_ok = (SIZE - _OFFSETS)[None, :] <= back_lim[sel, line][:, None]
            fwd_cost = np.where(fwd_ok, fwd_cost, BIG)
            back_cost = np.where(back_ok, back_cost, BIG)
        use_fwd = (fwd_cost < back_cost) | ((fwd_cost == back_cost) & (_OFFSETS[None, :] <= 3))
        cost = np.minimum(fwd_cost, back_cost)
        valid = cost < BIG
        pi, ki = np.nonzero(valid)
        if pi.size == 0:
            continue
        parents = sel[pi]
        children = b[parents[:, None], _PERM_ARR[line][ki]]
        dist = np.where(use_fwd[pi, ki], _OFFSETS[ki], SIZE - _OFFSETS[ki])
        code = line * 16 + use_fwd[pi, ki] * 8 + dist
        first = np.where(nodes.first[parents] >= 0, nodes.first[parents], code)
        parts.append(
            Nodes(
                children,
                nodes.root[parents],
                first,
                nodes.cost[parents] + cost[pi, ki],
                nodes.lines[parents] | (1 << line),
                np.full(parents.size, line, np.int32),
                nodes.banned[parents],
                nodes.path[parents] * 256 + code,
            )
        )
    if not parts:
        return nodes.take(np.arange(0))
    return Nodes(
        *(
            np.concatenate([getattr(p, f) for p in parts])
            for f in ("boards", "root", "first", "cost", "lines", "last", "banned", "path")
        )
    )


def products(boards: np.ndarray, mine, theirs, budget: Budget | None = None):
    """(my product, their product) for each board."""
    sizes = batch_largest(boards)
    if budget is not None:
        budget.tick(boards.shape[0])
    return sizes[:, mine[0]] * sizes[:, mine[1]], sizes[:, theirs[0]] * sizes[:, theirs[1]]


def top_per_root(value: np.ndarray, root: np.ndarray, cap: int) -> np.ndarray:
    """Indices of the ``cap`` best values of each root."""
    order = np.lexsort((-value, root))
    r = root[order]
    starts = np.r_[0, np.nonzero(np.diff(r))[0] + 1]
    group_start = np.repeat(starts, np.diff(np.r_[starts, r.size]))
    rank = np.arange(r.size) - group_start
    return order[rank < cap]


def search_turn(
    nodes: Nodes,
    depth: int,
    mine,
    theirs,
    *,
    beam: int = 3000,
    per_root: bool = False,
    budget: Budget | None = None,
):
    """Expand ``depth`` shifts from ``nodes``; returns (leaves, my product, their
    product, diff) where diff = mine - theirs - spike points given away.  A level
    before the last that grows past ``beam`` boards (per root with ``per_root``, for
    replies to several candidates at once) keeps only its best."""
    for level in range(depth):
        nxt = expand(nodes, budget)
        if len(nxt) == 0:
            break
        nodes = nxt
        if budget is not None and budget.expired():
            break
        if level < depth - 1 and len(nodes) > beam:
            pm, po = products(nodes.boards, mine, theirs, budget)
            value = pm - po - nodes.cost
            if per_root:
                keep = top_per_root(value, nodes.root, beam)
            else:
                keep = np.argsort(-value, kind="stable")[:beam]
            nodes = nodes.take(keep)
    pm, po = products(nodes.boards, mine, theirs, budget)
    return nodes, pm, po, pm - po - nodes.cost


def decode_first(code: int) -> Shift:
    line, fwd, dist = code // 16, (code >> 3) & 1, code & 7
    name = LINES[line]
    if line < 6:
        return Shift(name, "down" if fwd else "up", int(dist))
    return Shift(name, "right" if fwd else "left", int(dist))


# -- the turn planner shared by medium and hard -----------------------------------------
@dataclass
class Plan:
    """Candidate end-of-turn boards for the mover with their first action."""

    leaves: Nodes
    first_actions: list  # per root: the Convert (or None) that made it
    my_prod: np.ndarray
    their_prod: np.ndarray
    diff: np.ndarray


def roots_for(state: CrystalConnectorState, board: np.ndarray):
    """The boards a turn may start from: as it is, or after each possible conversion."""
    boards = [board]
    actions: list = [None]
    if state.can_convert():
        for m in state.legal_moves():
            if isinstance(m, Convert):
                b = board.copy()
                b[m.cell] = (b[m.cell] & SPIKE) | m.colour
                boards.append(b)
                actions.append(m)
    return np.array(boards, dtype=np.uint8), actions


def plan_turn(
    state: CrystalConnectorState, seat: int, *, beam: int = 3000, budget: Budget | None = None
) -> Plan:
    """Every distinct way the mover's remaining shifts can end (``seat`` is whose
    products count as "mine": the mover normally, the late player's opponent when
    moving for a late player)."""
    mover = state.to_move
    mine, theirs = state.colours[seat], state.colours[1 - seat]
    boards, actions = roots_for(state, encode(state))
    roots = make_roots(boards, lines_mask(state.banned), lines_mask(state.lines_this_turn))
    leaves, pm, po, _ = search_turn(
        roots, state.shifts_left(), mine, theirs, beam=beam, budget=budget
    )
    # spike points go to the mover's opponent, whoever "mine" is
    cost = leaves.cost if seat == mover else -leaves.cost
    return Plan(leaves, actions, pm, po, pm - po - cost)


def actions_for(plan: Plan, i: int, state: CrystalConnectorState) -> list:
    """The whole action sequence (conversion, then shifts) that reaches leaf ``i``."""
    out = []
    convert = plan.first_actions[int(plan.leaves.root[i])]
    if convert is not None:
        out.append(convert)
    codes = []
    path = int(plan.leaves.path[i])
    while path:
        codes.append(path & 255)
        path >>= 8
    out.extend(decode_first(c) for c in reversed(codes))
    return out or [state.legal_moves()[0]]


def pick_best(values: np.ndarray, rng: random.Random) -> int:
    best = values.max()
    ties = np.nonzero(values == best)[0]
    return int(ties[rng.randrange(ties.size)])


# -- setup choices ------------------------------------------------------------------------
def pair_potentials(state: CrystalConnectorState) -> dict[tuple[int, int], float]:
    """How good each colour pair looks on this board: the best product its owner could
    reach in two shifts, blended with what it scores now."""
    board = encode(state)
    nodes = expand(expand(make_roots(board[None, :], 0)))
    boards = np.concatenate([board[None, :], nodes.boards])
    sizes = batch_largest(boards)
    out = {}
    for a in COLOURS:
        for b in COLOURS:
            if a < b:
                prod = sizes[:, a] * sizes[:, b]
                out[(a, b)] = float(prod.max()) * 0.7 + float(prod[0]) * 0.3
    return out


def _pair(a, b):
    return (min(a, b), max(a, b))


def setup_values(state: CrystalConnectorState, seat: int) -> list[tuple[object, float]]:
    """Each legal setup choice with its value for ``seat`` (higher is better for it)."""
    pot = pair_potentials(state)
    moves = state.legal_moves()

    def first_pick_value(x: int) -> float:
        # the second picker takes the pair that is best for them
        left = [c for c in COLOURS if c != x]
        best_for_them = max(
            pot[_pair(p, q)] - pot[_pair(x, r)]
            for p, q, r in (
                (left[0], left[1], left[2]),
                (left[0], left[2], left[1]),
                (left[1], left[2], left[0]),
            )
        )
        return -best_for_them

    def second_pick_value(p: tuple[int, int]) -> float:
        rest = tuple(c for c in COLOURS if c not in p)
        return pot[p] - pot[_pair(*rest)]

    acting = state.to_move
    sign = 1.0 if seat == acting else -1.0
    out = []
    if state.phase == "first_pick":
        for m in moves:
            out.append((m, sign * first_pick_value(m.colours[0])))
    elif state.phase == "second_pick":
        for m in moves:
            out.append((m, sign * second_pick_value(m.colours)))
    elif state.phase == "pick_order":
        best_first = max(first_pick_value(c) for c in COLOURS)
        for m in moves:
            v = best_first if m.first else -best_first
            out.append((m, sign * v))
    elif state.phase == "move_order":
        # whoever moves first gets the first chance to cash in the board as it is
        board = encode(state)
        nodes = expand(expand(make_roots(board[None, :], 0)))
        mine, theirs = state.colours[acting], state.colours[1 - acting]
        pm, po = products(nodes.boards, mine, theirs)
        my_best, their_best = float((pm - po).max()), float((po - pm).max())
        for m in moves:
            v = (my_best - their_best) if m.first else (their_best - my_best) * -1 - 0.01
            out.append((m, sign * v))
    return out


def choose_setup(state, seat: int, rng: random.Random, worst: bool = False):
    vals = setup_values(state, seat)
    values = np.array([v for _, v in vals])
    if worst:
        values = -values
    return vals[pick_best(values, rng)][0]


# -- bots -----------------------------------------------------------------------------------
class _CrystalBot:
    """Shared by the searching levels: setup choices, the stand-in for a late player,
    and a memory of the rest of the turn it planned (a whole turn is searched at its
    first action; the later actions of that turn replay the plan while the board is
    as expected, and are searched afresh otherwise)."""

    name = "base"
    think_seconds = 1.0

    def __init__(self) -> None:
        self._planned: dict = {}

    def _recall(self, mode: str, state):
        move = self._planned.get((mode, state))
        if move is not None and state.why_illegal(move) is None:
            return move
        return None

    def _remember(self, mode: str, state, moves: list):
        self._planned = {}
        seat = state.to_move
        for m in moves:
            if state.phase != "play" or state.to_move != seat or state.why_illegal(m):
                break
            self._planned[(mode, state)] = m
            state = state.apply(m)
        return moves[0]

    def _budget(self, budget: Budget | None) -> Budget:
        return budget if budget is not None else Budget(seconds=self.think_seconds)

    def choose(
        self, state: CrystalConnectorState, *, rng: random.Random, budget: Budget | None = None
    ):
        budget = self._budget(budget)
        seat = state.current_player()
        if state.phase != "play":
            return choose_setup(state, seat, rng)
        move = self._recall("own", state)
        if move is not None:
            return move
        return self._remember("own", state, self.play(state, seat, rng, budget))

    def choose_for_late_seat(
        self,
        state: CrystalConnectorState,
        *,
        late_seat: int,
        rng: random.Random,
        budget: Budget | None = None,
    ):
        """A move for ``late_seat`` chosen to hurt it most (the clock rule)."""
        budget = self._budget(budget)
        if state.phase != "play":
            return choose_setup(state, late_seat, rng, worst=True)
        move = self._recall("proxy", state)
        if move is not None:
            return move
        plan = plan_turn(state, 1 - late_seat, beam=1000, budget=budget)
        if len(plan.leaves) == 0:
            return state.legal_moves()[0]
        return self._remember("proxy", state, actions_for(plan, pick_best(plan.diff, rng), state))

    def play(self, state, seat, rng, budget) -> list:  # pragma: no cover - overridden
        """The planned actions of the rest of this turn (the first is played now)."""
        raise NotImplementedError


class RandomCrystalBot(RandomBot):
    """Uniform over legal actions (also when standing in for a late player)."""

    name = "random"
    think_seconds = 0.05

    def choose_for_late_seat(
        self, state, *, late_seat: int, rng: random.Random, budget: Budget | None = None
    ):
        return rng.choice(state.legal_moves())


class EasyBot(_CrystalBot):
    """A newcomer's play: each shift by itself, the one that grows its own groups most
    (it hardly watches the opponent's colours), with noise, and now and then a shift
    it has not thought through at all.  Never converts."""

    name = "easy"
    think_seconds = 0.3
    noise = 6.0
    opponent_weight = 0.25  # how much of the opponent's product it notices
    overlook = 0.45  # chance that a shift is any legal one, unweighed

    def play(self, state, seat, rng, budget):
        if rng.random() < self.overlook:
            shifts = [m for m in state.legal_moves() if isinstance(m, Shift)]
            if shifts:
                return [rng.choice(shifts)]
        board = encode(state)
        nodes = expand(make_roots(board[None, :], lines_mask(state.banned)))
        if len(nodes) == 0:
            return [state.legal_moves()[0]]
        pm, po = products(nodes.boards, state.colours[seat], state.colours[1 - seat], budget)
        value = (pm - self.opponent_weight * po - nodes.cost).astype(float)
        value += np.array([rng.gauss(0.0, self.noise) for _ in range(value.size)])
        return [decode_first(int(nodes.first[int(value.argmax())]))]


class MediumBot(_CrystalBot):
    """The best whole turn for (own gain - opponent gain)."""

    name = "medium"
    think_seconds = 1.0
    beam = 3000

    def play(self, state, seat, rng, budget):
        plan = plan_turn(state, seat, beam=self.beam, budget=budget)
        if len(plan.leaves) == 0:
            return [state.legal_moves()[0]]
        return actions_for(plan, pick_best(plan.diff, rng), state)


def closing_ends(state: CrystalConnectorState, seat: int, my_total, their_total) -> np.ndarray:
    """For leaves of a turn of ``seat`` that closes the round (totals after it), which
    end the game: a total at the threshold and the totals unequal, or the last round."""
    ends = (np.maximum(my_total, their_total) >= state.threshold) & (my_total != their_total)
    if state.turns_taken[seat] + 1 >= MAX_ROUNDS:
        ends[:] = True
    return ends


class HardBot(_CrystalBot):
    """Medium's search plus the opponent's best reply for the best candidates."""

    name = "hard"
    think_seconds = 3.0
    beam = 3000
    candidates = 24
    reply_beam = 200

    def play(self, state, seat, rng, budget):
        plan = plan_turn(state, seat, beam=self.beam, budget=budget)
        if len(plan.leaves) == 0:
            return [state.legal_moves()[0]]
        value = self.evaluate(state, seat, plan, budget)
        value = self.rerank(state, seat, plan, value, budget)
        pick = pick_best(value, rng)
        # The reply search above keeps a beam of boards per candidate, so it can miss
        # the one reply that ends the game.  When a reply can end it, the pick is
        # checked against every reply, and the next best tried if it loses at once.
        if seat == state.first_mover:
            for k in range(self.verify):
                if k >= self.verify_always and budget.expired():
                    break
                if not self.reply_wins(state, seat, plan, pick):
                    break
                value[pick] = -3.0 * BIG
                pick = pick_best(value, rng)
        return actions_for(plan, pick, state)

    verify = 12
    verify_always = 0  # checks made even when the budget has run out

    def rerank(self, state, seat, plan, value, budget) -> np.ndarray:
        """A hook for a deeper look at the best candidates (Hard: none)."""
        return value

    def answer_reply(self, leaves, reply, po2, pm2, mine, theirs, budget) -> np.ndarray:
        """How good each reply is for the opponent (Hard: what it scores)."""
        return reply

    def reply_wins(self, state: CrystalConnectorState, seat: int, plan: Plan, i: int) -> bool:
        """Does some reply to leaf ``i`` (my turn as the first mover) close the round
        with the opponent winning?  Every distinct reply, no beam."""
        opp = 1 - seat
        my_total = state.totals[seat] + int(plan.my_prod[i])
        their_total = state.totals[opp] + int(plan.their_prod[i]) + int(plan.leaves.cost[i])
        taken_after = list(state.turns_taken)
        taken_after[seat] += 1
        last_round = taken_after[opp] + 1 >= MAX_ROUNDS
        if not last_round and their_total + 36 * 36 < state.threshold:
            return False  # not even the largest product reaches the threshold
        board = plan.leaves.boards[i : i + 1].copy()
        if min(taken_after) >= SPIKE_TURNS:
            board &= 7
        reply_shifts = shifts_for_turn(taken_after[opp] + 1, state.anomalies.shift_plus)
        roots = make_roots(board, plan.leaves.lines[i : i + 1])
        leaves, po2, pm2, _ = search_turn(
            roots, reply_shifts, state.colours[opp], state.colours[seat], beam=10**9
        )
        m2 = my_total + pm2 + leaves.cost
        t2 = their_total + po2
        wins = (t2 > m2) if last_round else (t2 > m2) & (t2 >= state.threshold)
        return bool(wins.any())

    def evaluate(
        self, state: CrystalConnectorState, seat: int, plan: Plan, budget: Budget
    ) -> np.ndarray:
        """Two-turn value of every leaf: my turn, then the opponent's best reply."""
        opp = 1 - seat
        thr = state.threshold
        mine, theirs = state.colours[seat], state.colours[opp]
        my_total = state.totals[seat] + plan.my_prod
        their_total = state.totals[opp] + plan.their_prod + plan.leaves.cost
        second_mover = seat != state.first_mover
        value = plan.diff.astype(np.float64)
        if second_mover:
            # my turn closes the round: a leaf may end the game
            ends = closing_ends(state, seat, my_total, their_total)
            outcome = np.sign(my_total - their_total)
            value = np.where(ends, outcome * BIG + (my_total - their_total), value)
            if (ends & (outcome > 0)).any():
                return value  # take the win; no reply needed
        open_ = np.nonzero(value > -BIG / 2)[0]
        if open_.size == 0 or budget.expired():
            return value
        k = min(self.candidates, open_.size)
        cand = open_[np.argsort(-value[open_], kind="stable")[:k]]
        boards = plan.leaves.boards[cand].copy()
        taken_after = list(state.turns_taken)
        taken_after[seat] += 1
        if min(taken_after) >= SPIKE_TURNS:
            boards &= 7  # spikes vanish before the reply
        reply_shifts = shifts_for_turn(taken_after[opp] + 1, state.anomalies.shift_plus)
        roots = make_roots(boards, plan.leaves.lines[cand])
        leaves, po2, pm2, _ = search_turn(
            roots, reply_shifts, theirs, mine, beam=self.reply_beam, per_root=True, budget=budget
        )
        if len(leaves) == 0:
            return value
        r = leaves.root
        reply = (po2 - pm2 - leaves.cost).astype(np.float64)
        if not second_mover:
            # the reply closes the round: it may end the game
            m2 = my_total[cand][r] + pm2 + leaves.cost
            t2 = their_total[cand][r] + po2
            ends = (np.maximum(m2, t2) >= thr) & (m2 != t2)
            reply = np.where(ends, np.sign(t2 - m2) * BIG + (t2 - m2), reply)
        reply = self.answer_reply(leaves, reply, po2, pm2, mine, theirs, budget)
        best_reply = np.full(k, -np.inf)
        np.maximum.at(best_reply, r, reply)
        seen = np.isfinite(best_reply)
        terminal = np.abs(best_reply) >= BIG / 2
        two_turn = np.where(terminal, -best_reply, value[cand] - best_reply)
        out = np.full(value.shape, -np.inf)
        out[cand[seen]] = two_turn[seen]
        # leaves without a reply evaluation rank below every evaluated one
        return np.where(np.isfinite(out), out, -2.0 * BIG)


def make(level: str):
    return {"random": RandomCrystalBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}[
        level
    ]()


# Level -> factory; game.registry gives these to the game's spec.
LEVELS = {"random": RandomCrystalBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}


class ExpertBot(HardBot):
    """Hard's two-turn search, wider (32 candidates judged against the opponent's
    reply, 300 boards a reply level, our best single shift weighed against each strong
    reply, every close call checked against every reply), then two things Hard does
    not do:

    - a look further ahead: the best ten candidates are played out, our turn, then the
      reply the opponent's own search would play (a model: Hard's search with 12
      candidates and 100 boards a reply level), then our best whole answer; a game
      that ends on the way counts as its result.  The candidates played out rank above
      the rest, by where they lead.  Hard's two-turn margin assumes the opponent's
      reply is the one best for its immediate margin; Hard's real replies are not, and
      what the board leaves us after them decides the later rounds;
    - as Player 1, the pick order and colours: for each of the six pairs, the first
      round played out (the opponent first, as Hard and Expert both choose: its first
      turn by Hard's search, then our best whole answer), and the choice whose
      reachable pairs (the opponent answering with the quick heuristic) hold the best
      first-round margin.  The first mover cashes in the board as dealt; which
      colours it holds decides how much.

    The budget (4 s) may run out: the two-turn search comes first, the play-outs run
    while the budget lasts (a candidate not finished is not counted), and the setup
    falls back to the quick heuristic."""

    name = "expert"
    think_seconds = 4.0
    follow_replies = 8  # each candidate's strongest replies get our answer weighed
    follow_weight = 1.0
    beam = 4000
    candidates = 32
    reply_beam = 300
    verify = 16
    # The wider search can spend the whole budget; the check against every reply
    # (about 0.1 s each) is the safety net, so the first few always run.
    verify_always = 2

    def __init__(self) -> None:
        super().__init__()
        self._setup_key: tuple | None = None
        self._margins: dict = {}

    def choose(
        self, state: CrystalConnectorState, *, rng: random.Random, budget: Budget | None = None
    ):
        if state.phase in ("pick_order", "first_pick", "second_pick") and state.to_move == 0:
            move = self.setup_by_play(state, 0, self._budget(budget))
            if move is not None:
                return move
        return super().choose(state, rng=rng, budget=budget)

    def setup_by_play(self, state: CrystalConnectorState, seat: int, budget: Budget):
        """Player 1's pick order and colours: the choice whose reachable pairs (the
        opponent answering with the quick heuristic) hold the best first-round margin
        for us as the second mover, the opponent's first turn played by Hard's search
        (``first_round_margins``).  None (use the heuristic) if the budget runs out."""
        key = (state.board, state.spikes, state.anomalies)
        if self._setup_key != key:
            opponent = HardBot()
            opponent.candidates, opponent.reply_beam = 8, 100
            margins = first_round_margins(state, seat, opponent, budget)
            if margins is None:
                return None
            self._setup_key, self._margins = key, margins
        best, best_v = None, -np.inf
        for m in state.legal_moves():
            v = max(self._margins[tuple(sorted(p))] for p in _reachable_pairs(state, seat, m))
            if v > best_v:
                best, best_v = m, v
        return best

    lookahead = 10  # candidates played out: our turn, the modelled reply, our answer
    model_candidates = 12  # the opponent model: Hard's search, narrower
    model_reply_beam = 100
    playout_turns = 1  # opponent turns played out by the model

    def rerank(self, state, seat, plan, value, budget) -> np.ndarray:
        """The best ``lookahead`` candidates of the two-turn search played out: our
        turn, the reply the opponent's own search (Hard's, narrower) would play, and
        our best whole answer; a played-out game end counts as its result.  The
        candidates played out rank above the others, by where they lead."""
        if self.lookahead < 2 or budget.expired() or (value >= BIG / 2).any():
            return value
        open_ = np.nonzero(value > -BIG / 2)[0]
        if open_.size < 2:
            return value
        order = open_[np.argsort(-value[open_], kind="stable")[: self.lookahead]]
        results = []
        for i in order:
            v = self.play_out(state, seat, plan, int(i), budget)
            if v is None:
                break
            results.append((int(i), v))
        if len(results) < 2:
            return value
        out = value.copy()
        for i, v in results:
            out[i] = BIG / 4 + v
        return out

    def play_out(self, state, seat, plan, i, budget) -> float | None:
        """Our margin after leaf ``i``, the modelled reply and our best answer (a game
        that ends on the way: its result, +-10,000 plus the margin).  None when the
        budget runs out first."""
        opp = 1 - seat
        model = HardBot()
        model.candidates, model.reply_beam = self.model_candidates, self.model_reply_beam
        st = state
        for m in actions_for(plan, i, state):
            st = st.apply(m)
        # the opponent's turn, then (playout_turns > 1) ours and theirs again, each
        # as the model plays it
        for k in range(2 * self.playout_turns - 1):
            mover = opp if k % 2 == 0 else seat
            for _ in range(8):
                if st.is_terminal() or st.to_move != mover:
                    break
                if budget.expired():
                    return None
                for m in model.play(st, mover, random.Random(k), budget):
                    if st.is_terminal() or st.to_move != mover:
                        break
                    st = st.apply(m)
        if budget.expired():
            return None

        def result(s) -> float:
            a, b = s.totals[seat], s.totals[opp]
            w = 1 if s.places[seat] == 1 and s.places[opp] == 2 else 0
            lose = 1 if s.places[seat] == 2 else 0
            return 10_000.0 * (w - lose) + (a - b)

        if st.is_terminal():
            return result(st)
        answer = plan_turn(st, seat, beam=1000, budget=budget)
        if budget.expired() or len(answer.leaves) == 0:
            return None
        mine = st.totals[seat] + answer.my_prod
        theirs = st.totals[opp] + answer.their_prod + answer.leaves.cost
        margin = (mine - theirs).astype(np.float64)
        if seat != st.first_mover:  # our answer closes the round
            ends = closing_ends(st, seat, mine, theirs)
            margin = np.where(ends, 10_000.0 * np.sign(mine - theirs) + margin, margin)
        return float(margin.max())

    def answer_reply(self, leaves, reply, po2, pm2, mine, theirs, budget) -> np.ndarray:
        """A third turn: a reply that leaves us a strong answer is worth less to the
        opponent.  Each candidate's strongest replies are followed by our best single
        shift on the board they leave (lines they shifted are banned to us), and the
        reply's worth drops by what that shift gains us over the reply's board."""
        if budget.expired() or len(leaves) == 0:
            return reply
        terminal = np.abs(reply) >= BIG / 2
        top = top_per_root(np.where(terminal, np.inf, reply), leaves.root, self.follow_replies)
        top = top[~terminal[top]]
        if top.size == 0:
            return reply
        boards = leaves.boards[top] & 7
        follow = expand(make_roots(boards, leaves.lines[top]), budget)
        if len(follow) == 0:
            return reply
        pm3, po3 = products(follow.boards, mine, theirs, budget)
        gain = np.full(top.size, -np.inf)
        np.maximum.at(gain, follow.root, (pm3 - po3 - follow.cost).astype(np.float64))
        base = (pm2[top] - po2[top]).astype(np.float64)
        ok = np.isfinite(gain)
        out = reply.astype(np.float64).copy()
        out[top[ok]] -= self.follow_weight * np.maximum(0.0, gain[ok] - base[ok])
        # replies not followed up stay as they were: they ranked below the strongest
        return out


LEVELS["expert"] = ExpertBot


# -- Expert's setup as Player 1: the first round played with Hard's own search ----------
def _split_state(state: CrystalConnectorState, seat: int, pair) -> CrystalConnectorState:
    """``state`` at the start of play with ``pair`` for ``seat`` and the opponent first."""
    opp = 1 - seat
    cols: list[tuple[int, ...]] = [(), ()]
    cols[seat] = tuple(sorted(pair))
    cols[opp] = tuple(c for c in COLOURS if c not in pair)
    return replace(state, phase="play", colours=(cols[0], cols[1]), first_mover=opp, to_move=opp)


def first_round_margins(
    state: CrystalConnectorState, seat: int, opponent: "HardBot", budget: Budget
) -> dict | None:
    """For each colour pair ``seat`` could hold (the opponent moving first, as both
    bots choose), ``seat``'s margin after the first round: the opponent's first turn
    as ``opponent``'s two-turn search plays it, then ``seat``'s best whole turn for
    (own gain - opponent gain).  The opponent's first turn is searched once for all six
    pairs (the boards are the same, only the scoring differs).  None when the budget
    runs out first."""
    pairs = [(a, b) for a in COLOURS for b in COLOURS if a < b]
    base = _split_state(state, seat, pairs[0])
    if base.can_convert():
        return None  # Color Convertor: six separate turn searches, too slow for here
    leaves = make_roots(encode(base)[None, :], 0)
    for _ in range(base.shifts_left()):
        leaves = expand(leaves, budget)
        if budget.expired() or len(leaves) == 0:
            return None
    sizes = batch_largest(leaves.boards)
    budget.tick(len(leaves))
    opp = 1 - seat
    out = {}
    for pair in pairs:
        if budget.expired():
            return None
        st = _split_state(state, seat, pair)
        mine, theirs = st.colours[opp], st.colours[seat]
        pm = sizes[:, mine[0]] * sizes[:, mine[1]]
        po = sizes[:, theirs[0]] * sizes[:, theirs[1]]
        plan = Plan(leaves, [None], pm, po, pm - po - leaves.cost)
        value = opponent.evaluate(st, opp, plan, budget)
        for m in actions_for(plan, int(np.argmax(value)), st):
            st = st.apply(m)
        answer = plan_turn(st, seat, beam=3000, budget=budget)
        if len(answer.leaves) == 0:
            return None
        out[pair] = st.totals[seat] - st.totals[opp] + int(answer.diff.max())
    return None if budget.expired() else out


def _predicted(state: CrystalConnectorState):
    """The setup choice the quick heuristic makes for the seat to act (Hard's)."""
    vals = setup_values(state, state.to_move)
    return max(vals, key=lambda mv: mv[1])[0]


def _reachable_pairs(state: CrystalConnectorState, seat: int, move) -> list:
    """The pairs ``seat`` can still end with after ``move``, the opponent answering
    with the quick heuristic."""
    after = state.apply(move)
    if after.phase == "move_order":
        return [after.colours[seat]]
    if after.to_move == seat:
        return [p for m in after.legal_moves() for p in _reachable_pairs(after, seat, m)]
    return _reachable_pairs(after, seat, _predicted(after))
