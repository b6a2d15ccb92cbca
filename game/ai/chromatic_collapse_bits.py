"""Bitboard search for Chromatic Collapse: the engine's rules on Python ints, made and
unmade in place, for Hard's principal-variation search.

The engine (``game.rules.chromatic_collapse``) stays the rules authority; this module is a
second implementation tuned for speed, and the tests check on random reachable
positions that both give the same actions, the same winner, and that unmake restores
the position and its Zobrist key.

Layout
    The 8x8 board sits inside a 10x10 frame (``PAD[sq] = (row + 1) * 10 + col + 1``),
    so a neighbour is a shift by 1, 9, 10 or 11 and a shift never wraps from one edge
    to the other: the frame squares are always empty.  Every mask here uses that
    layout; ``PAD`` and ``UNPAD`` convert at the boundary.

What is kept up to date by ``make`` (and put back by ``unmake``)
    * ``masks[seat]`` and ``colours[c]`` (pieces of colour ``c``, both sides),
    * ``counts[line]``: pieces on each of the 46 lines (8 files, 8 ranks, 30
      diagonals), so a move's distance is one lookup instead of a popcount,
    * ``feat[seat]``: the evaluation's sums packed into one int (sum of columns,
      of rows, of squared coordinates, of centre ranks, the piece count, and four
      times the Euler number from 2x2 quads), so the evaluation never loops over
      pieces,
    * ``pieces_key``: the pieces' part of the Zobrist key; ``key()`` adds the rest
      (side, step, colour to match, first move of the turn, turn number) where the
      search looks a position up, so a leaf never pays for it.

Moves are ints: ``frm | to << 7 | direction << 14`` for a slide (padded squares) and
``REMOVAL | sq`` for a sudden-death removal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from game.ai.base import SearchCancelled
from game.rules.chromatic_collapse import (
    CIRCLE,
    CORNERS,
    DIAMOND,
    RAYS,
    SUDDEN_DEATH_EVERY,
    SUDDEN_DEATH_TURN,
    CollapseState,
    Remove,
    Slide,
    code_colour,
    code_seat,
)

# Phases inside the search (the engine's strings -> small ints).
REMOVE, FIRST, SECOND, OVER = 0, 1, 2, 3
PHASES = {"remove": REMOVE, "first": FIRST, "second": SECOND, "over": OVER}

REMOVAL = 1 << 17


def _pad(sq: int) -> int:
    return (sq // 8 + 1) * 10 + sq % 8 + 1


PAD = tuple(_pad(sq) for sq in range(64))
_unpad = [-1] * 100
for _sq in range(64):
    _unpad[PAD[_sq]] = _sq
UNPAD = tuple(_unpad)
ON_BOARD = 0
for _sq in range(64):
    if _sq not in CORNERS:
        ON_BOARD |= 1 << PAD[_sq]

# Neighbours (8 around) of each padded square, on the board only.
NEIGHBOURS = [0] * 100
for _sq in range(64):
    _p = PAD[_sq]
    _m = 0
    for _o in (-11, -10, -9, -1, 1, 9, 10, 11):
        _m |= 1 << (_p + _o)
    NEIGHBOURS[_p] = _m & ON_BOARD


def _line_ids(sq: int) -> tuple[int, int, int, int]:
    """The line through ``sq`` on each axis (direction index % 4): file, the
    north-east diagonal, rank, the south-east diagonal, as indices into ``counts``."""
    c, r = sq % 8, sq // 8
    return (c, 8 + c + r, 23 + r, 31 + c - r + 7)


N_LINES = 46
# padded square -> its four line indices (None off the board, where nothing reads it)
LINES = cast("list[tuple[int, int, int, int]]", [None] * 100)
for _sq in range(64):
    LINES[PAD[_sq]] = _line_ids(_sq)

# For a padded square p and direction d, at index p * 8 + d:
#   LINE_OF: the counts index of the line the distance is read from,
#   TARGET[k]: the landing square after k steps (-1 off the board),
#   BETWEEN[k]: the squares strictly between the start and that landing square,
#   RAY: every square ahead (for the Ray count option).
LINE_OF = [0] * 800
# None where no piece stands (the padding), which nothing reads.
TARGET = cast("list[tuple[int, ...]]", [None] * 800)
BETWEEN = cast("list[tuple[int, ...]]", [None] * 800)
RAY = [0] * 800
for _sq in range(64):
    _p = PAD[_sq]
    for _d in range(8):
        _i = _p * 8 + _d
        _ray = [PAD[s] for s in RAYS[_sq][_d]]
        LINE_OF[_i] = LINES[_p][_d & 3]
        _t = [-1] * 14
        _b = [0] * 14
        _acc = 0
        for _k, _s in enumerate(_ray, start=1):
            _t[_k] = _s
            _b[_k] = _acc
            _acc |= 1 << _s
        TARGET[_i] = tuple(_t)
        BETWEEN[_i] = tuple(_b)
        RAY[_i] = _acc

# Per padded square, the directions a piece there can go at all, each as
# (direction, counts index, TARGET, BETWEEN), so the generator's inner loop reads one tuple.
Step = tuple[int, int, tuple[int, ...], tuple[int, ...]]
STEPS: list[tuple[Step, ...]] = [()] * 100
for _sq in range(64):
    _p = PAD[_sq]
    STEPS[_p] = tuple(
        (_d, LINE_OF[_p * 8 + _d], TARGET[_p * 8 + _d], BETWEEN[_p * 8 + _d])
        for _d in range(8)
        if RAYS[_sq][_d]
    )
# The same for a second move after a first move in direction fd, at index p * 8 + fd:
# only the three directions the rules allow, then (the fallback) the other five.
STEPS_SECOND: list[tuple[Step, ...]] = [()] * 800
STEPS_OTHER: list[tuple[Step, ...]] = [()] * 800
for _p in range(100):
    for _fd in range(8):
        _ok = tuple((_fd + k) % 8 for k in (3, 4, 5))
        STEPS_SECOND[_p * 8 + _fd] = tuple(st for st in STEPS[_p] if st[0] in _ok)
        STEPS_OTHER[_p * 8 + _fd] = tuple(st for st in STEPS[_p] if st[0] not in _ok)


def bits(mask: int):
    """The set squares of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def connected(bb: int) -> bool:
    """One 8-connected group (a single piece counts, none does not), padded layout."""
    if not bb:
        return False
    g = bb & -bb
    while True:
        ew = g | (g << 1) | (g >> 1)
        n = (ew | (ew << 10) | (ew >> 10)) & bb
        if n == g:
            return g == bb
        g = n


def groups(bb: int) -> int:
    """How many 8-connected groups ``bb`` has."""
    count = 0
    while bb:
        g = bb & -bb
        while True:
            ew = g | (g << 1) | (g >> 1)
            n = (ew | (ew << 10) | (ew >> 10)) & bb
            if n == g:
                break
            g = n
        bb ^= g
        count += 1
    return count


def is_sudden_death_turn(turn: int) -> bool:
    return turn >= SUDDEN_DEATH_TURN and (turn - SUDDEN_DEATH_TURN) % SUDDEN_DEATH_EVERY == 0


# --- packed evaluation features -----------------------------------------------------
# feat = sx | sy << 8 | s2 << 16 | centre << 28 | n << 36 | (e4 + 64) << 44
# Every field stays within its bits for 12 pieces (sx <= 84, s2 <= 1176, centre <= 36,
# 4 x Euler number in -48..48), so adding and subtracting whole packed values is exact.
CENTRE = [0] * 100
FEATURE = [0] * 100
for _sq in range(64):
    _c, _r = _sq % 8, _sq // 8
    _cen = 3 - max(abs(2 * _c - 7), abs(2 * _r - 7)) // 2  # 3 in the middle .. 0 on the edge
    CENTRE[PAD[_sq]] = _cen
    FEATURE[PAD[_sq]] = _c | _r << 8 | (_c * _c + _r * _r) << 16 | _cen << 28 | 1 << 36
E_OFFSET = 64 << 44


def _quad_delta_table() -> list[int]:
    """Change of Q1 - Q3 - 2*Qd (four times the Euler number, 8-connectivity) over the
    four 2x2 windows round a square when that square gains a piece, indexed by its 3x3
    neighbourhood (bit 3*row + col, centre bit 4 clear)."""

    def quads(nine: int) -> int:
        total = 0
        for r in range(2):
            for c in range(2):
                a = (nine >> (3 * r + c)) & 1
                b = (nine >> (3 * r + c + 1)) & 1
                cc = (nine >> (3 * r + c + 3)) & 1
                dd = (nine >> (3 * r + c + 4)) & 1
                k = a + b + cc + dd
                if k == 1:
                    total += 1
                elif k == 3:
                    total -= 1
                elif k == 2 and a == dd and b == cc:
                    total -= 2
        return total

    table = [0] * 512
    for nine in range(512):
        if nine & 16:
            continue
        table[nine] = quads(nine | 16) - quads(nine)
    return table


QUAD_DELTA = _quad_delta_table()


def _nine(bb: int, p: int) -> int:
    """The 3x3 neighbourhood of padded square ``p`` (centre included) as 9 bits."""
    return ((bb >> (p - 11)) & 7) | (((bb >> (p - 1)) & 7) << 3) | (((bb >> (p + 9)) & 7) << 6)


def euler4(bb: int) -> int:
    """Four times the Euler number of ``bb`` (components minus holes), from scratch."""
    total = 0
    acc = 0
    for p in bits(bb):
        total += QUAD_DELTA[_nine(acc, p) & ~16]
        acc |= 1 << p
    return total


def features(bb: int) -> int:
    f = E_OFFSET
    for p in bits(bb):
        f += FEATURE[p]
    return f + (euler4(bb) << 44)


# --- Zobrist keys -------------------------------------------------------------------------
_zr = random.Random(0xB17B0A2D)
Z_PIECE = [[_zr.getrandbits(64) for _ in range(100)] for _ in range(8)]  # [seat*4+colour][p]
Z_SIDE = _zr.getrandbits(64)
Z_PHASE = [_zr.getrandbits(64) for _ in range(4)]
Z_COLOUR = [_zr.getrandbits(64) for _ in range(5)]
Z_FIRST = [_zr.getrandbits(64) for _ in range(101)]
Z_DIR = [_zr.getrandbits(64) for _ in range(9)]
Z_TURN = [_zr.getrandbits(64) for _ in range(400)]


class BitBoard:
    """A mutable Chromatic Collapse position for search.

    ``make(move)`` plays one action and pushes what ``unmake()`` needs onto an
    internal stack; ``winner`` is set (and ``phase`` is OVER) when that action decided
    the game.  ``moves()`` gives the legal actions of this step with both fallbacks of
    the rules (colour and direction), like the engine's ``legal_moves``."""

    __slots__ = (
        "colour_at",
        "colours",
        "counts",
        "feat",
        "first_dir",
        "first_to",
        "last_colour",
        "masks",
        "phase",
        "pieces_key",
        "ray_count",
        "stack",
        "to_move",
        "turn",
        "winner",
    )

    def __init__(self, state: CollapseState):
        self.masks = [0, 0]
        self.colours = [0, 0, 0, 0]
        self.colour_at = [-1] * 100
        self.counts = [0] * N_LINES
        for sq, code in enumerate(state.board):
            if code:
                p = PAD[sq]
                self.masks[code_seat(code)] |= 1 << p
                self.colours[code_colour(code)] |= 1 << p
                self.colour_at[p] = code_colour(code)
                for line in LINES[p]:
                    self.counts[line] += 1
        self.feat = [features(self.masks[0]), features(self.masks[1])]
        self.to_move = state.to_move
        self.phase = PHASES[state.phase] if state.phase in PHASES else OVER
        self.turn = state.turn
        self.last_colour = state.last_colour
        self.first_to = PAD[state.first_to] if state.first_to >= 0 else -1
        self.first_dir = state.first_direction
        self.ray_count = state.ray_count
        self.winner = state.winner if state.phase == "over" else -1
        self.stack: list[tuple[int, ...]] = []
        self.pieces_key = self.full_key() ^ self._state_key()

    # -- keys -------------------------------------------------------------------------------
    def full_key(self) -> int:
        """The Zobrist key computed from scratch (``key`` is kept incrementally)."""
        k = 0
        for seat in (0, 1):
            for p in bits(self.masks[seat]):
                k ^= Z_PIECE[seat * 4 + self.colour_at[p]][p]
        return k ^ self._state_key()

    def key(self) -> int:
        """The Zobrist key: the pieces' part is kept by make/unmake, the rest (side,
        step, colour to match, first move, turn) is added here, only where a search
        looks the position up."""
        return self.pieces_key ^ self._state_key()

    def _state_key(self) -> int:
        return (
            (Z_SIDE if self.to_move else 0)
            ^ Z_PHASE[self.phase]
            ^ Z_COLOUR[self.last_colour + 1]
            ^ Z_FIRST[self.first_to + 1]
            ^ Z_DIR[self.first_dir + 1]
            ^ Z_TURN[self.turn if self.turn < 400 else 399]
        )

    def snapshot(self) -> tuple:
        """Everything that defines the position (for tests of unmake)."""
        return (
            tuple(self.masks),
            tuple(self.colours),
            tuple(self.colour_at),
            tuple(self.counts),
            tuple(self.feat),
            self.to_move,
            self.phase,
            self.turn,
            self.last_colour,
            self.first_to,
            self.first_dir,
            self.winner,
            self.key(),
        )

    # -- move generation ---------------------------------------------------------------------
    def _slides(self, pieces: int, own: int, enemy: int, table, fd: int) -> list[int]:
        """Slides of the pieces in ``pieces``; ``table`` is STEPS (indexed by square) or
        STEPS_SECOND / STEPS_OTHER (indexed by square * 8 + first direction ``fd``)."""
        if self.ray_count:
            return self._ray_slides(pieces, own, enemy, table, fd)
        out = []
        counts = self.counts
        while pieces:
            low = pieces & -pieces
            pieces ^= low
            p = low.bit_length() - 1
            for d, line, tg, bt in table[p] if fd < 0 else table[p * 8 + fd]:
                k = counts[line]
                to = tg[k]
                if to < 0 or (own >> to) & 1 or enemy & bt[k]:
                    continue
                out.append(p | to << 7 | d << 14)
        return out

    def _ray_slides(self, pieces: int, own: int, enemy: int, table, fd: int) -> list[int]:
        # Ray count option: the distance is the pieces ahead plus the mover.
        out = []
        occ = own | enemy
        while pieces:
            low = pieces & -pieces
            pieces ^= low
            p = low.bit_length() - 1
            for d, _line, tg, bt in table[p] if fd < 0 else table[p * 8 + fd]:
                k = 1 + (occ & RAY[p * 8 + d]).bit_count()
                to = tg[k]
                if to < 0 or (own >> to) & 1 or enemy & bt[k]:
                    continue
                out.append(p | to << 7 | d << 14)
        return out

    def moves(self) -> list[int]:
        """Legal actions of this step (the engine's rules with both fallbacks)."""
        phase = self.phase
        me = self.to_move
        if phase == REMOVE:
            return [REMOVAL | p for p in bits(self.masks[1 - me])]
        if phase == OVER:
            return []
        own, enemy = self.masks[me], self.masks[1 - me]
        if phase == FIRST:
            lc = self.last_colour
            if lc >= 0 and self.turn > 1:
                mine = own & self.colours[lc]
                if mine:
                    out = self._slides(mine, own, enemy, STEPS, -1)
                    if out:
                        return out
                    return self._slides(own & ~mine, own, enemy, STEPS, -1)
            return self._slides(own, own, enemy, STEPS, -1)
        others = own & ~(1 << self.first_to)
        fd = self.first_dir
        return self._slides(others, own, enemy, STEPS_SECOND, fd) or self._slides(
            others, own, enemy, STEPS_OTHER, fd
        )

    # -- make / unmake -----------------------------------------------------------------------
    def make(self, move: int) -> None:
        masks = self.masks
        me = self.to_move
        you = 1 - me
        feat = self.feat
        counts = self.counts
        colour_at = self.colour_at
        colours = self.colours
        to = (move >> 7) & 127 if not move & REMOVAL else move & 127
        captured = colour_at[to]
        self.stack.append(
            (
                move,
                captured,
                masks[0],
                masks[1],
                feat[0],
                feat[1],
                self.phase,
                self.turn,
                self.to_move,
                self.last_colour,
                self.first_to,
                self.first_dir,
                self.winner,
                self.pieces_key,
            )
        )
        key = self.pieces_key
        if move & REMOVAL:
            bit = 1 << to
            key ^= Z_PIECE[you * 4 + captured][to]
            enemy = masks[you] ^ bit
            masks[you] = enemy
            colours[captured] ^= bit
            colour_at[to] = -1
            lt = LINES[to]
            counts[lt[0]] -= 1
            counts[lt[1]] -= 1
            counts[lt[2]] -= 1
            counts[lt[3]] -= 1
            feat[you] = (
                feat[you]
                - FEATURE[to]
                - (
                    QUAD_DELTA[
                        ((enemy >> (to - 11)) & 7)
                        | (((enemy >> (to - 1)) & 7) << 3)
                        | (((enemy >> (to + 9)) & 7) << 6)
                    ]
                    << 44
                )
            )
            self.phase = FIRST
            if connected(enemy):
                self._decide(me)
            self.pieces_key = key
            return
        frm = move & 127
        c = colour_at[frm]
        zc = Z_PIECE[me * 4 + c]
        key ^= zc[frm] ^ zc[to]
        fbit, tbit = 1 << frm, 1 << to
        ef = masks[me] ^ fbit
        f = (
            feat[me]
            - FEATURE[frm]
            - (
                QUAD_DELTA[
                    ((ef >> (frm - 11)) & 7)
                    | (((ef >> (frm - 1)) & 7) << 3)
                    | (((ef >> (frm + 9)) & 7) << 6)
                ]
                << 44
            )
        )
        own = ef | tbit
        feat[me] = (
            f
            + FEATURE[to]
            + (
                QUAD_DELTA[
                    ((ef >> (to - 11)) & 7)
                    | (((ef >> (to - 1)) & 7) << 3)
                    | (((ef >> (to + 9)) & 7) << 6)
                ]
                << 44
            )
        )
        masks[me] = own
        colours[c] ^= fbit | tbit
        colour_at[frm] = -1
        lf = LINES[frm]
        counts[lf[0]] -= 1
        counts[lf[1]] -= 1
        counts[lf[2]] -= 1
        counts[lf[3]] -= 1
        capture = captured >= 0
        if capture:
            key ^= Z_PIECE[you * 4 + captured][to]
            enemy = masks[you] ^ tbit
            masks[you] = enemy
            colours[captured] ^= tbit
            feat[you] = (
                feat[you]
                - FEATURE[to]
                - (
                    QUAD_DELTA[
                        ((enemy >> (to - 11)) & 7)
                        | (((enemy >> (to - 1)) & 7) << 3)
                        | (((enemy >> (to + 9)) & 7) << 6)
                    ]
                    << 44
                )
            )
        else:
            lt = LINES[to]
            counts[lt[0]] += 1
            counts[lt[1]] += 1
            counts[lt[2]] += 1
            counts[lt[3]] += 1
        colour_at[to] = c
        self.last_colour = c
        if self.phase == FIRST and self.turn > 1:
            self.phase = SECOND
            self.first_to = to
            self.first_dir = (move >> 14) & 7
        else:
            self.first_to = -1
            self.first_dir = -1
            turn = self.turn + 1
            self.turn = turn
            self.to_move = you
            self.phase = REMOVE if is_sudden_death_turn(turn) else FIRST
        # Only a side whose pieces changed can have become connected; a landing square
        # with no own neighbour rules the mover out at once (unless it has one piece).
        if ((NEIGHBOURS[to] & own) or not (own & (own - 1))) and connected(own):
            self._decide(me)
        elif capture and connected(masks[you]):
            self._decide(me)
        self.pieces_key = key

    def leaf_value(self, move: int, w: "Weights"):
        """The evaluation after slide ``move`` for the side making it, without making
        it; None when the move may end the game or start a sudden-death turn (then
        the caller makes it for real).  Equal to making the move and calling
        ``evaluate`` (negated when the turn passes), which the tests check."""
        me = self.to_move
        masks = self.masks
        frm = move & 127
        to = (move >> 7) & 127
        ef = masks[me] ^ (1 << frm)
        own = ef | (1 << to)
        if (NEIGHBOURS[to] & own or not own & (own - 1)) and connected(own):
            return None
        enemy = masks[1 - me]
        fe = self.feat[1 - me]
        if (enemy >> to) & 1:
            enemy ^= 1 << to
            if connected(enemy):
                return None
            fe = (
                fe
                - FEATURE[to]
                - (
                    QUAD_DELTA[
                        ((enemy >> (to - 11)) & 7)
                        | (((enemy >> (to - 1)) & 7) << 3)
                        | (((enemy >> (to + 9)) & 7) << 6)
                    ]
                    << 44
                )
            )
        fm = (
            self.feat[me]
            - FEATURE[frm]
            - (
                QUAD_DELTA[
                    ((ef >> (frm - 11)) & 7)
                    | (((ef >> (frm - 1)) & 7) << 3)
                    | (((ef >> (frm + 9)) & 7) << 6)
                ]
                << 44
            )
            + FEATURE[to]
            + (
                QUAD_DELTA[
                    ((ef >> (to - 11)) & 7)
                    | (((ef >> (to - 1)) & 7) << 3)
                    | (((ef >> (to + 9)) & 7) << 6)
                ]
                << 44
            )
        )
        v = side_value(fm, w) - side_value(fe, w)
        if self.phase == FIRST and self.turn > 1:
            return v + w.tempo  # the mover still has its second move
        if is_sudden_death_turn(self.turn + 1):
            return None
        return v

    def _decide(self, actor: int) -> None:
        d, c = self.masks
        jd, jc = connected(d), connected(c)
        if jd and jc:
            nd, nc = d.bit_count(), c.bit_count()
            self.winner = actor if nd == nc else (DIAMOND if nd > nc else CIRCLE)
        else:
            self.winner = DIAMOND if jd else CIRCLE
        self.phase = OVER

    def unmake(self) -> None:
        (
            move,
            captured,
            m0,
            m1,
            self.feat[0],
            self.feat[1],
            self.phase,
            self.turn,
            self.to_move,
            self.last_colour,
            self.first_to,
            self.first_dir,
            self.winner,
            self.pieces_key,
        ) = self.stack.pop()
        self.masks[0] = m0
        self.masks[1] = m1
        counts = self.counts
        colour_at = self.colour_at
        colours = self.colours
        if move & REMOVAL:
            to = move & 127
            colour_at[to] = captured
            colours[captured] |= 1 << to
            lt = LINES[to]
            counts[lt[0]] += 1
            counts[lt[1]] += 1
            counts[lt[2]] += 1
            counts[lt[3]] += 1
            return
        frm = move & 127
        to = (move >> 7) & 127
        c = colour_at[to]
        tbit = 1 << to
        colours[c] ^= (1 << frm) | tbit
        colour_at[frm] = c
        lf = LINES[frm]
        counts[lf[0]] += 1
        counts[lf[1]] += 1
        counts[lf[2]] += 1
        counts[lf[3]] += 1
        colour_at[to] = captured
        if captured >= 0:
            colours[captured] |= tbit
        else:
            lt = LINES[to]
            counts[lt[0]] -= 1
            counts[lt[1]] -= 1
            counts[lt[2]] -= 1
            counts[lt[3]] -= 1


def to_action(move: int, state: CollapseState):
    """The engine action for a search move in ``state``."""
    if move & REMOVAL:
        return Remove(UNPAD[move & 127])
    frm, to = UNPAD[move & 127], UNPAD[(move >> 7) & 127]
    enemy = state._masks[1 - state.to_move]
    return Slide(frm, to, bool((enemy >> to) & 1))


# --- evaluation ----------------------------------------------------------------------------

WIN = 1_000_000
WIN_THRESHOLD = WIN - 10_000


def _least_square_spread(n: int) -> int:
    """The smallest sum of squared distances n pieces can have round their centre of
    mass, times n (the packed sums give n * sum of squares exactly), found over the
    tight clusters: every n-square window of a filled rectangle, row by row."""
    best = None
    for w in range(1, 9):
        for h in range(1, 9):
            if w * h < n or w * h - n >= w:
                continue
            cells = [(c, r) for r in range(h) for c in range(w)][:n]
            sx = sum(c for c, _ in cells)
            sy = sum(r for _, r in cells)
            s2 = sum(c * c + r * r for c, r in cells)
            v = n * s2 - sx * sx - sy * sy
            best = v if best is None else min(best, v)
    return best or 0


LEAST_SPREAD = [0] + [_least_square_spread(n) for n in range(1, 13)]


class Weights:
    """Evaluation weights (centi-pieces), after MIA's Lines-of-Action terms:
    ``concentration`` (mean excess squared distance to the centre of mass, in
    sixteenths), ``quads`` (four times the Euler number above one group: a second group
    costs about ``4 * quads``), ``centre`` (mean centre ring in quarters), ``com_centre``
    (the centre of mass away from the middle, squared half-squares), ``tempo`` (the side
    to move still has its second move)."""

    __slots__ = ("centre", "com_centre", "concentration", "quads", "tempo")

    def __init__(
        self,
        concentration: int = 6,
        quads: int = 12,
        centre: int = 3,
        com_centre: int = 1,
        tempo: int = 25,
    ):
        self.concentration = concentration
        self.quads = quads
        self.centre = centre
        self.com_centre = com_centre
        self.tempo = tempo


def side_value(f: int, w: Weights) -> int:
    """How close one side is to one group, from its packed sums; higher is better."""
    n = (f >> 36) & 255
    if n <= 1:
        return 0
    sx = f & 255
    sy = (f >> 8) & 255
    spread = n * ((f >> 16) & 4095) - sx * sx - sy * sy - LEAST_SPREAD[n]
    ox = 2 * sx - 7 * n
    oy = 2 * sy - 7 * n
    return (
        -w.concentration * (16 * spread // (n * n))
        - w.quads * (((f >> 44) - 64) - 4)
        + w.centre * (4 * ((f >> 28) & 255) // n)
        - w.com_centre * ((ox * ox + oy * oy) // (n * n))
    )


def evaluate(b: BitBoard, w: Weights) -> int:
    """Score for the side to move (negamax)."""
    me = b.to_move
    v = side_value(b.feat[me], w) - side_value(b.feat[1 - me], w)
    if b.phase == SECOND:
        v += w.tempo
    return v


# --- search ----------------------------------------------------------------------------------

EXACT, LOWER, UPPER = 0, 1, 2
CAPTURE_BONUS = 1 << 24
KILLER_BONUS = 1 << 22
TT_BONUS = 1 << 28


class Search:
    """Negamax principal-variation search over single actions with a Zobrist-keyed
    transposition table, killer and history ordering, and a capture quiescence.

    A turn is two actions by one seat, so the sign flips only when the seat to move
    changes; ``depth`` counts actions and a sudden-death removal does not use it up (it
    is forced by the rules and always followed by a move).  ``nodes`` counts every
    position visited (searched, evaluated or looked at in quiescence).  The budget is
    ticked every 256 nodes; SearchCancelled ends the search when it is spent."""

    def __init__(self, budget, weights: Weights | None = None, *, quiescence: int = 2):
        self.budget = budget
        self.w = weights or Weights()
        self.tt: dict[int, tuple] = {}
        self.nodes = 0
        self.hist = [0] * 16384
        self.killers = [[0, 0] for _ in range(256)]
        self.quiescence = quiescence
        self._ticked = 0

    def _spent(self) -> None:
        self.budget.tick(self.nodes - self._ticked)
        self._ticked = self.nodes
        if self.budget.expired():
            raise SearchCancelled

    def order(self, b: BitBoard, moves: list[int], first: int, ply: int) -> list[int]:
        hist = self.hist
        colour_at = b.colour_at
        k1, k2 = self.killers[ply]
        scored = []
        for m in moves:
            if m == first:
                s = TT_BONUS
            elif m == k1 or m == k2:
                s = KILLER_BONUS
            else:
                s = hist[m & 16383]
                if colour_at[(m >> 7) & 127] >= 0:
                    s += CAPTURE_BONUS
            scored.append((s, m))
        scored.sort(reverse=True)
        return [m for _s, m in scored]

    def quiesce(self, b: BitBoard, alpha: int, beta: int, ply: int, left: int) -> int:
        """Stand pat on the evaluation, or try the captures of this step: a capture can
        split the opponent's group or be the one that joins ours."""
        stand = evaluate(b, self.w)
        if left <= 0 or stand >= beta or b.phase == REMOVE:
            return stand
        if stand > alpha:
            alpha = stand
        me = b.to_move
        enemy = b.masks[1 - me]
        for m in b.moves():
            if not (enemy >> ((m >> 7) & 127)) & 1:
                continue
            self.nodes += 1
            b.make(m)
            if b.phase == OVER:
                v = (WIN - ply - 1) if b.winner == me else -(WIN - ply - 1)
            elif b.to_move == me:
                v = self.quiesce(b, alpha, beta, ply + 1, left - 1)
            else:
                v = -self.quiesce(b, -beta, -alpha, ply + 1, left - 1)
            b.unmake()
            if v > alpha:
                alpha = v
                if v >= beta:
                    break
        return alpha

    def _cutoff(self, b: BitBoard, m: int, depth: int, ply: int) -> None:
        if b.colour_at[(m >> 7) & 127] < 0:  # quiet moves only: captures sort first anyway
            k = self.killers[ply]
            if k[0] != m:
                k[1] = k[0]
                k[0] = m
        self.hist[m & 16383] += depth * depth

    def search(self, b: BitBoard, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Value of ``b`` for its side to move (``b`` is not over)."""
        if self.nodes - self._ticked >= 256:
            self._spent()
        key = b.pieces_key ^ b._state_key()
        tt_move = 0
        entry = self.tt.get(key)
        if entry is not None:
            e_depth, e_flag, e_value, tt_move = entry
            if e_depth >= depth:
                if e_flag == EXACT:
                    return e_value
                if e_flag == LOWER:
                    if e_value >= beta:
                        return e_value
                elif e_value <= alpha:
                    return e_value
        me = b.to_move
        # The table's move first, before generating the others: it is legal here (the
        # key says so; the ownership check guards against a key collision), and when it
        # refutes the position the generation is saved.
        moves = None
        if tt_move and not (
            tt_move & REMOVAL
            or (
                (b.masks[me] >> (tt_move & 127)) & 1
                and not (b.masks[me] >> ((tt_move >> 7) & 127)) & 1
            )
        ):
            tt_move = 0
        candidates: Sequence[int]
        if tt_move:
            candidates = (tt_move,)
        else:
            moves = b.moves()
            if not moves:
                return -(WIN - ply)  # cannot make a move that is due: loses
            candidates = self.order(b, moves, 0, ply) if len(moves) > 1 else moves
        alpha0 = alpha
        best = -2 * WIN
        best_move = 0
        next_depth = depth if b.phase == REMOVE else depth - 1
        leaves = next_depth <= 0
        w = self.w
        first = True
        while True:
            cut = False
            for m in candidates:
                self.nodes += 1
                if leaves and not self.quiescence and not m & REMOVAL:
                    v = b.leaf_value(m, w)
                    if v is not None:
                        first = False
                        if v > best:
                            best = v
                            best_move = m
                            if v > alpha:
                                alpha = v
                                if v >= beta:
                                    self._cutoff(b, m, depth, ply)
                                    cut = True
                                    break
                        continue
                b.make(m)
                if b.phase == OVER:
                    v = (WIN - ply - 1) if b.winner == me else -(WIN - ply - 1)
                elif leaves and b.phase != REMOVE:
                    if self.quiescence:
                        if b.to_move == me:
                            v = self.quiesce(b, alpha, beta, ply + 1, self.quiescence)
                        else:
                            v = -self.quiesce(b, -beta, -alpha, ply + 1, self.quiescence)
                    else:
                        v = evaluate(b, w)
                        if b.to_move != me:
                            v = -v
                elif b.to_move == me:
                    if first:
                        v = self.search(b, next_depth, alpha, beta, ply + 1)
                    else:
                        v = self.search(b, next_depth, alpha, alpha + 1, ply + 1)
                        if alpha < v < beta:
                            v = self.search(b, next_depth, alpha, beta, ply + 1)
                else:
                    if first:
                        v = -self.search(b, next_depth, -beta, -alpha, ply + 1)
                    else:
                        v = -self.search(b, next_depth, -alpha - 1, -alpha, ply + 1)
                        if alpha < v < beta:
                            v = -self.search(b, next_depth, -beta, -alpha, ply + 1)
                b.unmake()
                first = False
                if v > best:
                    best = v
                    best_move = m
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            self._cutoff(b, m, depth, ply)
                            cut = True
                            break
            if cut or moves is not None:
                break
            moves = b.moves()
            if tt_move in moves:
                moves.remove(tt_move)
            candidates = self.order(b, moves, 0, ply) if len(moves) > 1 else moves
        flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
        self.tt[key] = (depth, flag, best, best_move)
        return best

    def root(self, b: BitBoard, depth: int, moves: list[int], on_best=None):
        """Search every root move to ``depth``; returns (value, best move, moves in the
        order to try next time).  ``on_best(move)`` hears each new best as soon as it is
        proven, so a cancelled iteration still leaves a sound answer."""
        me = b.to_move
        alpha, beta = -2 * WIN, 2 * WIN
        best, best_move = -2 * WIN, moves[0]
        next_depth = depth if b.phase == REMOVE else depth - 1
        values = []
        for i, m in enumerate(moves):
            self.nodes += 1
            b.make(m)
            try:
                if b.phase == OVER:
                    v = WIN if b.winner == me else -WIN
                elif next_depth <= 0 and b.phase != REMOVE:
                    v = evaluate(b, self.w)
                    if b.to_move != me:
                        v = -v
                elif b.to_move == me:
                    if i == 0:
                        v = self.search(b, next_depth, alpha, beta, 1)
                    else:
                        v = self.search(b, next_depth, alpha, alpha + 1, 1)
                        if v > alpha:
                            v = self.search(b, next_depth, alpha, beta, 1)
                else:
                    if i == 0:
                        v = -self.search(b, next_depth, -beta, -alpha, 1)
                    else:
                        v = -self.search(b, next_depth, -alpha - 1, -alpha, 1)
                        if v > alpha:
                            v = -self.search(b, next_depth, -beta, -alpha, 1)
            finally:
                b.unmake()
            values.append((v, -i, m))
            if v > best:
                best, best_move = v, m
                alpha = max(alpha, v)
                if on_best is not None:
                    on_best(m)
        values.sort(reverse=True)
        return best, best_move, [m for _v, _i, m in values]
