"""Bots for Chromatic Collapse.

Levels (``GAMES["chromatic-collapse"].make_bot(level)``)::

    random  uniform over legal actions
    easy    one action of lookahead over a random 40% of its moves (a win in one always),
            the evaluation blurred by noise: a newcomer
    medium  alpha-beta over two full turns (its own and the opponent's reply)
    hard    iterative-deepening principal-variation search on bitboards
            (``game.ai.chromatic_collapse_bits``): Zobrist transposition table tried before move
            generation, killer/history ordering, a MIA-style Lines-of-Action evaluation
            kept incrementally; about five times the nodes per second of the search it
            replaced (``ClassicHardBot``, kept for the bench and comparisons)

Usage::

    bot = make_hard()
    action = bot.choose(state, rng=random.Random(1), budget=Budget(seconds=1.0))

Medium (and ``ClassicHardBot``) search on :class:`Board`, a mutable copy of a state
with make/unmake, because building a frozen state per node would cost more than the
rest of the search.  Its movement rule is the engine's ``slide_options``, so both agree
by construction.  Hard searches on ``chromatic_collapse_bits.BitBoard``, a second implementation
of the rules for speed; property tests (tests/test_ai_chromatic_collapse_bits.py) hold it to the
engine.

The game has perfect information, so every bot sees exactly what its seat sees.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai import chromatic_collapse_bits as bits
from game.ai.base import Budget, RandomBot, SearchCancelled
from game.rules.chromatic_collapse import (
    BETWEEN,
    CIRCLE,
    DIAMOND,
    EMPTY,
    RAYS,
    CollapseState,
    Remove,
    Slide,
    Start,
    code_colour,
    is_connected,
    is_sudden_death_turn,
    mask_squares,
    second_move_directions,
    slide_options,
    split_groups,
)

# Phases as small ints inside the search.
REMOVE, FIRST, SECOND, OVER = 0, 1, 2, 3
_PHASES = {"remove": REMOVE, "first": FIRST, "second": SECOND, "over": OVER}

WIN = 1_000_000
WIN_THRESHOLD = WIN - 10_000

_zrng = random.Random(0xC0114)
ZOBRIST = [[_zrng.getrandbits(64) for _ in range(9)] for _ in range(64)]
Z_SIDE = _zrng.getrandbits(64)
Z_PHASE = [_zrng.getrandbits(64) for _ in range(4)]
Z_COLOUR = [_zrng.getrandbits(64) for _ in range(5)]
Z_FIRST = [_zrng.getrandbits(64) for _ in range(65)]
Z_DIR = [_zrng.getrandbits(64) for _ in range(9)]
Z_TURN = [_zrng.getrandbits(64) for _ in range(200)]


class Board:
    """A mutable search position: ``make(move)`` returns an undo record for
    ``unmake``.  A move is ``(frm, direction, to)`` for a slide or ``(-1, -1, sq)`` for a
    sudden-death removal.  ``winner`` is set when the last action decided the game."""

    __slots__ = (
        "board",
        "first_dir",
        "first_to",
        "key",
        "last_colour",
        "masks",
        "phase",
        "ray_count",
        "to_move",
        "turn",
        "winner",
    )

    def __init__(self, state: CollapseState):
        self.board = list(state.board)
        self.masks = list(state._masks)
        self.to_move = state.to_move
        self.phase = _PHASES[state.phase]
        self.turn = state.turn
        self.last_colour = state.last_colour
        self.first_to = state.first_to
        self.first_dir = state.first_direction
        self.ray_count = state.ray_count
        self.winner = state.winner if state.phase == "over" else -1
        self.key = self._full_key()

    def _full_key(self) -> int:
        k = 0
        for sq, code in enumerate(self.board):
            if code:
                k ^= ZOBRIST[sq][code]
        return k ^ self._state_key()

    def _state_key(self) -> int:
        return (
            Z_SIDE * self.to_move
            ^ Z_PHASE[self.phase]
            ^ Z_COLOUR[self.last_colour + 1]
            ^ Z_FIRST[self.first_to + 1]
            ^ Z_DIR[self.first_dir + 1]
            ^ Z_TURN[min(self.turn, 199)]
        )

    def moves(self) -> list[tuple[int, int, int]]:
        """Legal actions of this step, the engine's rules including both fallbacks."""
        if self.phase == REMOVE:
            return [(-1, -1, sq) for sq in mask_squares(self.masks[1 - self.to_move])]
        if self.phase == OVER or self.winner >= 0:
            return []
        me = self.to_move
        own, enemy = self.masks[me], self.masks[1 - me]
        slides = slide_options(own, enemy, self.ray_count)
        if self.phase == FIRST:
            if self.last_colour < 0:
                return slides
            board, colour = self.board, self.last_colour
            matching = [s for s in slides if code_colour(board[s[0]]) == colour]
            return matching or slides
        first_to = self.first_to
        others = [s for s in slides if s[0] != first_to]
        dirs = second_move_directions(self.first_dir)
        aligned = [s for s in others if s[1] in dirs]
        return aligned or others

    def make(self, move):
        frm, d, to = move
        board, masks = self.board, self.masks
        me = self.to_move
        undo = (
            move,
            board[to],
            self.to_move,
            self.phase,
            self.turn,
            self.last_colour,
            self.first_to,
            self.first_dir,
            masks[0],
            masks[1],
            self.winner,
            self.key,
        )
        key = self.key ^ self._state_key()
        if frm < 0:
            code = board[to]
            key ^= ZOBRIST[to][code]
            board[to] = EMPTY
            masks[1 - me] &= ~(1 << to)
            self.phase = FIRST
        else:
            code = board[frm]
            captured = board[to]
            key ^= ZOBRIST[frm][code] ^ ZOBRIST[to][code]
            if captured:
                key ^= ZOBRIST[to][captured]
                masks[1 - me] &= ~(1 << to)
            board[frm] = EMPTY
            board[to] = code
            masks[me] = (masks[me] & ~(1 << frm)) | (1 << to)
            self.last_colour = code_colour(code)
            if self.phase == FIRST and self.turn > 1:
                self.phase = SECOND
                self.first_to = to
                self.first_dir = d
            else:
                self.first_to = -1
                self.first_dir = -1
                self.turn += 1
                self.to_move = 1 - me
                self.phase = REMOVE if is_sudden_death_turn(self.turn) else FIRST
        self._decide(me)
        self.key = key ^ self._state_key()
        return undo

    def _decide(self, actor: int) -> None:
        d, c = self.masks
        jd, jc = is_connected(d), is_connected(c)
        if jd or jc:
            if jd and jc:
                nd, nc = d.bit_count(), c.bit_count()
                self.winner = actor if nd == nc else (DIAMOND if nd > nc else CIRCLE)
            else:
                self.winner = DIAMOND if jd else CIRCLE
            self.phase = OVER

    def unmake(self, undo) -> None:
        (
            move,
            captured,
            self.to_move,
            self.phase,
            self.turn,
            self.last_colour,
            self.first_to,
            self.first_dir,
            m0,
            m1,
            self.winner,
            self.key,
        ) = undo
        frm, _d, to = move
        board = self.board
        if frm >= 0:
            board[frm] = board[to]
        board[to] = captured
        self.masks[0] = m0
        self.masks[1] = m1


def to_action(state: CollapseState, move):
    frm, _d, to = move
    if frm < 0:
        return Remove(to)
    enemy = state._masks[1 - state.to_move]
    return Slide(frm, to, bool((enemy >> to) & 1))


# --- evaluation ------------------------------------------------------------------------

# Centralisation: squares nearer the middle are worth more (Chebyshev rings).
CENTRE = [0] * 64
for _sq in range(64):
    _c, _r = _sq % 8, _sq // 8
    CENTRE[_sq] = 3 - max(abs(2 * _c - 7), abs(2 * _r - 7)) // 2  # 3 middle .. 0 edge

# The smallest possible sum of distances to the centre of mass for n pieces.
MIN_SPREAD = [
    0,
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    10,
    12,
    14,
    16,
    18,
    20,
    22,
    24,
    26,
    28,
    30,
    32,
    34,
    36,
    38,
]

_QUAD_TABLE: list[int] | None = None


def _quad_table() -> list[int]:
    """Euler-number contribution (Q1 - Q3 - 2*Qd) of the 9 two-by-two windows across
    two adjacent rows, indexed by ``upper << 8 | lower`` (row bits, column 0 lowest)."""
    global _QUAD_TABLE
    if _QUAD_TABLE is None:
        table = [0] * 65536
        for up in range(256):
            upad = up << 1  # pad with an empty column on each side
            for lo in range(256):
                lpad = lo << 1
                total = 0
                for c in range(9):
                    a = (upad >> c) & 1
                    b = (upad >> (c + 1)) & 1
                    cc = (lpad >> c) & 1
                    dd = (lpad >> (c + 1)) & 1
                    n = a + b + cc + dd
                    if n == 1:
                        total += 1
                    elif n == 3:
                        total -= 1
                    elif n == 2 and a == dd and b == cc:
                        total -= 2
                table[up << 8 | lo] = total
        _QUAD_TABLE = table
    return _QUAD_TABLE


def euler(bb: int, table: list[int]) -> int:
    """4x the Euler number of the pieces (components minus holes) from quad counts."""
    total = 0
    prev = 0
    for r in range(8):
        row = (bb >> (8 * r)) & 0xFF
        total += table[prev << 8 | row]
        prev = row
    return total + table[prev << 8]


@dataclass(frozen=True)
class Weights:
    groups: int = 60
    spread: int = 12
    euler: int = 10
    centre: int = 4
    com_centre: int = 3
    tempo: int = 15


def side_score(bb: int, w: Weights, table: list[int]) -> int:
    """How close one side is to joining up: higher is better."""
    n = bb.bit_count()
    if n <= 1:
        return 0
    squares = mask_squares(bb)
    sc = sr = 0
    centre = 0
    for sq in squares:
        sc += sq & 7
        sr += sq >> 3
        centre += CENTRE[sq]
    mc = (sc + n // 2) // n
    mr = (sr + n // 2) // n
    spread = 0
    for sq in squares:
        dc = (sq & 7) - mc
        dr = (sq >> 3) - mr
        spread += max(dc if dc > 0 else -dc, dr if dr > 0 else -dr)
    spread -= MIN_SPREAD[n]
    groups = len(split_groups(bb))
    com_off = max(abs(2 * mc - 7), abs(2 * mr - 7))
    return (
        -w.groups * (groups - 1)
        - w.spread * spread
        - w.euler * euler(bb, table)
        + w.centre * centre * 4 // n
        - w.com_centre * com_off
    )


def evaluate(b: Board, w: Weights, table: list[int]) -> int:
    """Score for the side to move (negamax convention)."""
    me = b.to_move
    score = side_score(b.masks[me], w, table) - side_score(b.masks[1 - me], w, table)
    if b.phase == SECOND:
        score += w.tempo  # one more move of ours before the opponent replies
    return score


# --- search ------------------------------------------------------------------------------

EXACT, LOWER, UPPER = 0, 1, 2


class Searcher:
    """Negamax alpha-beta over single actions.  A turn is two actions by one seat, so the
    sign flips only when the seat to move changes.  ``depth`` counts actions; a
    sudden-death removal does not use up depth (it is forced and always followed by a
    move)."""

    def __init__(self, budget: Budget, weights: Weights, *, use_tt: bool = True, pvs: bool = True):
        self.budget = budget
        self.w = weights
        self.table = _quad_table()
        self.tt: dict[int, tuple] = {}
        self.use_tt = use_tt
        self.pvs = pvs
        self.nodes = 0
        self.history: dict[tuple[int, int], int] = {}
        self.killers: dict[int, list] = {}

    def _tick(self):
        self.nodes += 1
        self.budget.tick()
        if self.nodes & 127 == 0 and self.budget.expired():
            raise SearchCancelled

    def order(self, b: Board, moves, tt_move, ply):
        board = b.board
        hist = self.history
        killers = self.killers.get(ply, ())
        scored = []
        for m in moves:
            if m == tt_move:
                s = 1 << 30
            elif m in killers:
                s = 1 << 20
            else:
                s = hist.get((m[0], m[2]), 0)
                if m[0] >= 0 and board[m[2]]:
                    s += 5000  # captures first: they can both win and defend
                s += 50 * (_CENTRE_GAIN[m[2]] - _CENTRE_GAIN[m[0]] if m[0] >= 0 else 0)
            scored.append((s, m))
        scored.sort(key=lambda x: -x[0])
        return [m for _s, m in scored]

    def search(self, b: Board, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        if b.winner >= 0:
            return (WIN - ply) if b.winner == b.to_move else -(WIN - ply)
        moves = b.moves()
        if not moves:
            return -(WIN - ply)  # cannot complete the turn: loses
        if depth <= 0 and b.phase != REMOVE:
            return evaluate(b, self.w, self.table)
        key = b.key
        tt_move = None
        alpha0 = alpha
        if self.use_tt:
            entry = self.tt.get(key)
            if entry is not None:
                e_depth, e_flag, e_value, e_move = entry
                tt_move = e_move
                if e_depth >= depth:
                    if e_flag == EXACT:
                        return e_value
                    if e_flag == LOWER and e_value >= beta:
                        return e_value
                    if e_flag == UPPER and e_value <= alpha:
                        return e_value
        me = b.to_move
        best = -WIN * 2
        best_move = None
        next_depth = depth if b.phase == REMOVE else depth - 1
        first = True
        for m in self.order(b, moves, tt_move, ply):
            undo = b.make(m)
            same = b.to_move == me and b.winner < 0
            if same:
                if first or not self.pvs:
                    v = self.search(b, next_depth, alpha, beta, ply + 1)
                else:
                    v = self.search(b, next_depth, alpha, alpha + 1, ply + 1)
                    if alpha < v < beta:
                        v = self.search(b, next_depth, alpha, beta, ply + 1)
            elif b.winner >= 0:
                v = (WIN - ply - 1) if b.winner == me else -(WIN - ply - 1)
            else:
                if first or not self.pvs:
                    v = -self.search(b, next_depth, -beta, -alpha, ply + 1)
                else:
                    v = -self.search(b, next_depth, -alpha - 1, -alpha, ply + 1)
                    if alpha < v < beta:
                        v = -self.search(b, next_depth, -beta, -alpha, ply + 1)
            b.unmake(undo)
            first = False
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        k = self.killers.setdefault(ply, [])
                        if m not in k:
                            k.insert(0, m)
                            del k[2:]
                        hk = (m[0], m[2])
                        self.history[hk] = self.history.get(hk, 0) + depth * depth
                        break
        if self.use_tt:
            flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
            self.tt[key] = (depth, flag, best, best_move)
        return best

    def root(self, b: Board, depth: int, moves, prev_best=None):
        """Best (value, move) at the root for ``depth``; raises SearchCancelled."""
        me = b.to_move
        alpha, beta = -WIN * 2, WIN * 2
        best_move, best = None, -WIN * 2
        ordered = self.order(b, moves, prev_best, 0)
        next_depth = depth if b.phase == REMOVE else depth - 1
        for i, m in enumerate(ordered):
            undo = b.make(m)
            try:
                if b.winner >= 0:
                    v = WIN if b.winner == me else -WIN
                elif b.to_move == me:
                    if i == 0 or not self.pvs:
                        v = self.search(b, next_depth, alpha, beta, 1)
                    else:
                        v = self.search(b, next_depth, alpha, alpha + 1, 1)
                        if v > alpha:
                            v = self.search(b, next_depth, alpha, beta, 1)
                else:
                    if i == 0 or not self.pvs:
                        v = -self.search(b, next_depth, -beta, -alpha, 1)
                    else:
                        v = -self.search(b, next_depth, -alpha - 1, -alpha, 1)
                        if v > alpha:
                            v = -self.search(b, next_depth, -beta, -alpha, 1)
            finally:
                b.unmake(undo)
            if v > best:
                best, best_move = v, m
                alpha = max(alpha, v)
        return best, best_move


_CENTRE_GAIN = CENTRE


def _setup_choice(state: CollapseState):
    # Whoever holds the Advantage starts: the opening single move sets the colour the
    # opponent must answer with, a small but real initiative.
    return Start(state.to_move)


def _budget(budget: Budget | None, seconds: float) -> Budget:
    return budget if budget is not None else Budget(seconds=seconds)


def _forced(state: CollapseState):
    if state.phase == "setup":
        return _setup_choice(state)
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal moves: the game is over")
    if len(moves) == 1:
        return moves[0]
    return None


class EasyBot:
    """One action of lookahead: takes an immediate win, avoids handing one over, and
    otherwise picks the best-looking action after adding noise to every score.  Like a
    newcomer it weighs only some of its moves (a random share; the rest it does not
    notice, except a move that wins at once), so a player who thinks a little wins
    most games against it."""

    name = "easy"
    think_seconds = 0.3
    noise = 120.0
    notice = 0.4  # share of the non-winning moves it weighs at each step

    def __init__(self, weights: Weights | None = None):
        self.weights = weights or Weights()

    def choose(self, state: CollapseState, *, rng: random.Random, budget: Budget | None = None):
        forced = _forced(state)
        if forced is not None:
            return forced
        budget = _budget(budget, self.think_seconds)
        b = Board(state)
        me = b.to_move
        table = _quad_table()
        best, best_move = None, None
        for m in b.moves():
            v: float
            if best_move is not None and budget.expired():
                break
            budget.tick()
            undo = b.make(m)
            if b.winner >= 0:
                v = WIN if b.winner == me else -WIN
            elif best_move is not None and rng.random() >= self.notice:
                b.unmake(undo)
                continue
            else:
                v = evaluate(b, self.weights, table)
                if b.to_move != me:
                    v = -v
                v += rng.gauss(0.0, self.noise)
            b.unmake(undo)
            if best is None or v > best:
                best, best_move = v, m
        return to_action(state, best_move)


class MediumBot:
    """Plain alpha-beta to the end of the opponent's next turn (two full turns from the
    start of its own), without a transposition table."""

    name = "medium"
    think_seconds = 1.5

    def __init__(self, weights: Weights | None = None):
        self.weights = weights or Weights()

    def depth_for(self, state: CollapseState) -> int:
        # Actions left in our turn plus the opponent's two.
        own = 1 if state.phase == "second" or state.turn == 1 else 2
        return own + 2

    def choose(self, state: CollapseState, *, rng: random.Random, budget: Budget | None = None):
        forced = _forced(state)
        if forced is not None:
            return forced
        budget = _budget(budget, self.think_seconds)
        b = Board(state)
        moves = b.moves()
        rng.shuffle(moves)  # equal scores: vary the game from one seed to the next
        s = Searcher(budget, self.weights, use_tt=False, pvs=False)
        best_move = moves[0]
        try:
            # A shallow pass first, so that a cancelled search still has a sound answer.
            _v, best_move = s.root(b, 2, moves)
            _v, best_move = s.root(b, self.depth_for(state), moves, best_move)
        except SearchCancelled:
            pass
        return to_action(state, best_move)


class ClassicHardBot:
    """The readable reference for Hard's bitboard search (the bench measures the
    bitboards against it in the same run, and the arena can play it):
    iterative-deepening principal-variation search on
    :class:`Board` with a transposition table, killer/history ordering and the
    evaluation in :func:`evaluate`."""

    name = "hard-classic"
    think_seconds = 0.9
    max_depth = 12

    def __init__(self, weights: Weights | None = None):
        self.weights = weights or Weights()
        self.last_depth = 0
        self.last_nodes = 0

    def choose(self, state: CollapseState, *, rng: random.Random, budget: Budget | None = None):
        forced = _forced(state)
        if forced is not None:
            return forced
        budget = _budget(budget, self.think_seconds)
        b = Board(state)
        moves = b.moves()
        rng.shuffle(moves)
        s = Searcher(budget, self.weights)
        best_move = moves[0]
        self.last_depth = 0
        try:
            for depth in range(1, self.max_depth + 1):
                v, m = s.root(b, depth, moves, best_move)
                best_move = m
                self.last_depth = depth
                if abs(v) >= WIN_THRESHOLD:
                    break  # a forced result is known; deeper search cannot change it
                if budget.fraction_left() < 0.55:
                    break  # the next depth would take several times longer
        except SearchCancelled:
            pass
        self.last_nodes = s.nodes
        return to_action(state, best_move)


class HardBot:
    """Iterative-deepening principal-variation search on bitboards
    (``game.ai.chromatic_collapse_bits``): Zobrist transposition table, killer and history
    ordering, and an evaluation after the Lines-of-Action program MIA
    (concentration round the centre of mass, quads / Euler number for connectedness,
    centralisation) with a tempo term for the second move of a turn.

    Each iteration starts with the last one's best move, and a move proven better
    during an iteration is kept even when the budget runs out before it ends."""

    name = "hard"
    think_seconds = 0.9
    max_depth = 40

    def __init__(self, weights: bits.Weights | None = None, quiescence: int = 0):
        self.weights = weights or bits.Weights()
        self.quiescence = quiescence
        self.last_depth = 0
        self.last_nodes = 0

    def choose(self, state: CollapseState, *, rng: random.Random, budget: Budget | None = None):
        forced = _forced(state)
        if forced is not None:
            return forced
        budget = _budget(budget, self.think_seconds)
        b = bits.BitBoard(state)
        moves = b.moves()
        rng.shuffle(moves)  # equal scores: vary the game from one seed to the next
        s = bits.Search(budget, self.weights, quiescence=self.quiescence)
        best = [moves[0]]
        self.last_depth = 0
        try:
            for depth in range(1, self.max_depth + 1):
                v, _m, moves = s.root(b, depth, moves, on_best=lambda m: best.__setitem__(0, m))
                self.last_depth = depth
                if abs(v) >= bits.WIN_THRESHOLD:
                    break  # a forced result is known; deeper search cannot change it
        except SearchCancelled:
            pass
        self.last_nodes = s.nodes
        return bits.to_action(best[0], state)


def make_random():
    return RandomBot()


def make_easy():
    return EasyBot()


def make_medium():
    return MediumBot()


def make_hard():
    return HardBot()


# --- batched random playouts (numpy) -------------------------------------------------


class BatchPlayouts:
    """Many uniformly random games at once, on numpy bitboards: the whole movement,
    colour, direction, sudden-death and win rules, vectorised over the games.  It is
    what an MCTS would use for rollouts and what ``tools/bench.py`` times.

    >>> from game.rules.chromatic_collapse import SPEC, Start
    >>> starts = [SPEC.new_game(s).apply(Start(0)) for s in range(4)]
    >>> result = BatchPlayouts().run(starts, seed=1)
    >>> sorted(result)
    ['actions', 'turns', 'winners']
    """

    def __init__(self):
        import numpy as np

        from game.rules.chromatic_collapse import LINE_MASKS, RAY_MASKS

        self.np = np
        u64 = np.uint64
        self.sq_bits = np.array([1 << s for s in range(64)], dtype=u64)
        self.shifts = np.arange(64, dtype=u64)
        self.line = np.array(LINE_MASKS, dtype=u64)  # (64, 4)
        self.ray_mask = np.array(RAY_MASKS, dtype=u64)  # (64, 8)
        self.ray_len = np.array([[len(RAYS[s][d]) for d in range(8)] for s in range(64)])
        tgt = np.zeros((64, 8, 10), dtype=np.int64)
        btw = np.zeros((64, 8, 10), dtype=u64)
        for s in range(64):
            for d in range(8):
                ray = RAYS[s][d]
                for k in range(1, len(ray) + 1):
                    tgt[s, d, k] = ray[k - 1]
                    btw[s, d, k] = BETWEEN[s][d][k]
        self.tgt, self.btw = tgt, btw
        self.axis = np.array([d & 3 for d in range(8)])
        self.dirs = np.arange(8)
        from game.rules.chromatic_collapse import NOT_A, NOT_H

        self.not_a, self.not_h = u64(NOT_A), u64(NOT_H)

    def _dilate(self, g):
        np = self.np
        one, eight = np.uint64(1), np.uint64(8)
        ew = g | ((g & self.not_h) << one) | ((g & self.not_a) >> one)
        return ew | (ew << eight) | (ew >> eight)

    def _connected(self, x):
        np = self.np
        g = x & (~x + np.uint64(1))
        for _ in range(32):
            n = self._dilate(g) & x
            if np.array_equal(n, g):
                break
            g = n
        return (g == x) & (x != 0)

    def run(self, states, seed: int = 0) -> dict:
        """Play every state in ``states`` (after setup) to the end with uniformly random
        actions.  Returns per game ``winners``, ``turns`` and ``actions``."""
        np = self.np
        u64 = np.uint64
        rng = np.random.default_rng(seed)
        n = len(states)
        masks = np.array([s._masks for s in states], dtype=u64)  # (n, 2)
        colour = np.array(
            [[code_colour(c) if c else -1 for c in s.board] for s in states], dtype=np.int8
        )
        to_move = np.array([s.to_move for s in states], dtype=np.int64)
        phase = np.array([_PHASES[s.phase] for s in states], dtype=np.int64)
        turn = np.array([s.turn for s in states], dtype=np.int64)
        last = np.array([s.last_colour for s in states], dtype=np.int64)
        first_to = np.array([s.first_to for s in states], dtype=np.int64)
        first_dir = np.array([s.first_direction for s in states], dtype=np.int64)
        ray_count = np.array([s.ray_count for s in states], dtype=bool)
        winner = np.array([s.winner if s.phase == "over" else -1 for s in states])
        actions = np.zeros(n, dtype=np.int64)
        live = np.flatnonzero(winner < 0)
        while live.size:
            rem = live[phase[live] == REMOVE]
            sld = live[phase[live] != REMOVE]
            if rem.size:
                self._removals(rem, masks, colour, to_move, phase, winner, rng)
            if sld.size:
                self._slides(
                    sld,
                    masks,
                    colour,
                    to_move,
                    phase,
                    turn,
                    last,
                    first_to,
                    first_dir,
                    ray_count,
                    winner,
                    rng,
                )
            actions[live] += 1
            live = live[winner[live] < 0]
        return {"winners": winner.tolist(), "turns": turn.tolist(), "actions": actions.tolist()}

    def _decide(self, rows, actor, masks, phase, winner):
        np = self.np
        jd = self._connected(masks[rows, 0])
        jc = self._connected(masks[rows, 1])
        nd = np.bitwise_count(masks[rows, 0])
        nc = np.bitwise_count(masks[rows, 1])
        both = jd & jc
        w = np.where(jd, 0, 1)
        w = np.where(both, np.where(nd > nc, 0, np.where(nc > nd, 1, actor)), w)
        done = jd | jc
        winner[rows[done]] = w[done]
        phase[rows[done]] = OVER

    def _removals(self, rows, masks, colour, to_move, phase, winner, rng):
        np = self.np
        me = to_move[rows]
        en = masks[rows, 1 - me]
        bits = ((en[:, None] >> self.shifts[None, :]) & np.uint64(1)).astype(bool)
        keys = np.where(bits, rng.random(bits.shape), -1.0)
        sq = keys.argmax(axis=1)
        masks[rows, 1 - me] = en & ~self.sq_bits[sq]
        colour[rows, sq] = -1
        phase[rows] = FIRST
        self._decide(rows, me, masks, phase, winner)

    def legal_counts(self, states) -> list[int]:
        """How many actions each (non-setup) state allows, by the vectorised rules; the
        tests compare it with the engine's ``legal_moves``."""
        np = self.np
        out = []
        for s in states:
            if s.phase == "remove":
                out.append(s.piece_count(1 - s.to_move))
                continue
            rows = np.array([0])
            legal, _o, _t = self._legal(
                rows,
                np.array([s._masks], dtype=np.uint64),
                np.array([[code_colour(c) if c else -1 for c in s.board]], dtype=np.int8),
                np.array([s.to_move]),
                np.array([_PHASES[s.phase]]),
                np.array([s.last_colour]),
                np.array([s.first_to]),
                np.array([s.first_direction]),
                np.array([s.ray_count]),
            )
            out.append(int(legal.sum()))
        return out

    def _slides(
        self,
        rows,
        masks,
        colour,
        to_move,
        phase,
        turn,
        last,
        first_to,
        first_dir,
        ray_count,
        winner,
        rng,
    ):
        np = self.np
        legal, order, tgt = self._legal(
            rows, masks, colour, to_move, phase, last, first_to, first_dir, ray_count
        )
        me = to_move[rows]
        own = masks[rows, me]
        en = masks[rows, 1 - me]
        flat = legal.reshape(len(rows), -1)
        has = flat.any(axis=1)
        stuck = rows[~has]
        winner[stuck] = 1 - to_move[stuck]
        phase[stuck] = OVER
        if not has.any():
            return
        rows, me, own, en, order, tgt, flat = (
            rows[has],
            me[has],
            own[has],
            en[has],
            order[has],
            tgt[has],
            flat[has],
        )
        keys = np.where(flat, rng.random(flat.shape), -1.0)
        pick = keys.argmax(axis=1)
        piece, d = pick // 8, pick % 8
        idx = np.arange(len(rows))
        frm = order[idx, piece]
        to = tgt[idx, piece, d]
        masks[rows, me] = (own & ~self.sq_bits[frm]) | self.sq_bits[to]
        masks[rows, 1 - me] = en & ~self.sq_bits[to]
        moved_colour = colour[rows, frm]
        colour[rows, to] = moved_colour
        colour[rows, frm] = -1
        last[rows] = moved_colour
        opens = (phase[rows] == FIRST) & (turn[rows] > 1)
        a = rows[opens]
        phase[a] = SECOND
        first_to[a] = to[opens]
        first_dir[a] = d[opens]
        b = rows[~opens]
        first_to[b] = -1
        first_dir[b] = -1
        turn[b] += 1
        to_move[b] = 1 - to_move[b]
        t = turn[b]
        sudden = (t >= 50) & ((t - 50) % 5 == 0)
        phase[b] = np.where(sudden, REMOVE, FIRST)
        self._decide(rows, me, masks, phase, winner)

    def _legal(self, rows, masks, colour, to_move, phase, last, first_to, first_dir, ray_count):
        """(legal[r, piece, direction], piece squares[r, piece], targets[r, piece, dir])."""
        np = self.np
        u64 = np.uint64
        one = u64(1)
        me = to_move[rows]
        own = masks[rows, me]
        en = masks[rows, 1 - me]
        occ = own | en
        bits = ((own[:, None] >> self.shifts[None, :]) & one).astype(bool)  # (r, 64)
        order = np.argsort(~bits, axis=1, kind="stable")[:, :12]
        present = np.take_along_axis(bits, order, 1)  # (r, 12)
        line_cnt = np.bitwise_count(self.line[order] & occ[:, None, None])  # (r, 12, 4)
        k = line_cnt[:, :, self.axis].astype(np.int64)  # (r, 12, 8)
        if ray_count.any():
            ahead = np.bitwise_count(self.ray_mask[order] & occ[:, None, None]) + 1
            k = np.where(ray_count[rows][:, None, None], ahead.astype(np.int64), k)
        valid = (k <= self.ray_len[order]) & present[:, :, None]
        kk = np.where(valid, k, 0)
        sq3 = order[:, :, None]
        tgt = self.tgt[sq3, self.dirs[None, None, :], kk]
        btw = self.btw[sq3, self.dirs[None, None, :], kk]
        blocked = (btw & en[:, None, None]) != 0
        land_own = ((own[:, None, None] >> tgt.astype(u64)) & one).astype(bool)
        legal = valid & ~blocked & ~land_own
        ph = phase[rows]
        piece_colour = np.take_along_axis(colour[rows], order, 1)  # (r, 12)
        # Colour rule on first moves (not on the game's opening move).
        col_rule = (ph == FIRST) & (last[rows] >= 0)
        matching = legal & (piece_colour == last[rows][:, None])[:, :, None]
        use = col_rule & matching.any(axis=(1, 2))
        legal = np.where(use[:, None, None], matching, legal)
        # Second moves: never the first piece; opposite or 45 degrees off if possible.
        second = ph == SECOND
        not_moved = order != first_to[rows][:, None]
        others = legal & np.where(second[:, None], not_moved, True)[:, :, None]
        fd = first_dir[rows][:, None]
        diff = (self.dirs[None, :] - fd) % 8
        dir_ok = (diff >= 3) & (diff <= 5)
        aligned = others & dir_ok[:, None, :]
        use = second & aligned.any(axis=(1, 2))
        legal = np.where(use[:, None, None], aligned, others)
        return legal, order, tgt


# Level -> factory; game.registry gives these to the game's spec.
LEVELS = {"random": make_random, "easy": make_easy, "medium": make_medium, "hard": make_hard}
