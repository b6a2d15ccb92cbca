"""Chromatic Collapse: Lines-of-Action sliding with colour and direction rules.

Two sides, **Diamond** (seat 0) and **Circle** (seat 1), each with 12 pieces in four
colours on an 8x8 board whose four corners are missing.  A side wins the moment all of
its pieces form one 8-connected group.  The full rules as this project plays them are
in ``seeds/chromatic-collapse.md``, the card shown in game.

Usage::

    >>> from game.registry import GAMES
    >>> spec = GAMES["chromatic-collapse"]
    >>> s = spec.new_game(seed=3)
    >>> s.phase, s.current_player()          # setup: Diamond chooses who starts
    ('setup', 0)
    >>> s = s.apply(s.parse_move("start Diamond"))
    >>> s.step_banner()
    'First move: any piece (first turn of the game)'
    >>> s = s.apply(s.parse_move("c1-c3"))
    >>> s.current_player(), s.round_number
    (1, 2)

Squares
    A square is an index ``0..63`` = ``row * 8 + col`` with row 0 at the top of the
    screen (rank 8), matching ``game.rules.grid``'s ``(col, row)``; ``square_cell(i)`` gives
    that tuple, ``cell_name(i)`` the chess label (``"e4"``) and ``parse_cell(text)``
    reads one.  ``CORNERS`` are the four missing squares.

Actions (each one is one engine action; ``str()`` is the notation)
    ``Start(seat)``      ``start Diamond``   setup: the seat with the Advantage picks the
                                             starting side (only action of phase "setup")
    ``Slide(frm, to)``   ``b1-b3`` / ``b1xd3`` one move; ``capture`` is shown, not compared
    ``Remove(square)``   ``x e5``            sudden death: remove an opponent piece
    ``TimeLoss(seat)``   ``time Circle``     applied by the match when a reserve is empty
                                             (``timeout_move``; never in ``legal_moves``)

Phases (``state.phase``)
    ``setup`` -> then per turn ``remove`` (turns 50, 55, 60, ... only) -> ``first`` ->
    ``second`` (not on turn 1) -> next turn ... -> ``over``.  The same seat makes every
    action of a turn; ``current_player()`` tells who acts, ``round_number`` is the turn.

Read-only helpers for a screen (all pure)
    ``piece_at(sq)``            ``(seat, colour)`` or None; colours are ``COLOURS``
    ``movable_squares()``       squares holding a piece that may move this step
    ``destinations(sq)``        legal ``Slide``s of the piece on ``sq`` this step
    ``piece_note(sq)``          why that piece may not move now (None if it may)
    ``why_illegal(action)``     readable refusal, or None if legal
    ``step_banner()``           what the current step asks ("Second move: south, ...")
    ``required_colour()``       colour index the first move must use, or None
    ``allowed_directions()``    direction indices the second move must use, or None
    ``moved_square()``          where the piece moved first this turn sits, or None
    ``path(slide)``             ``SlidePath``: squares passed, jumped own pieces, capture
    ``groups(seat)`` / ``largest_group(seat)``  8-connected groups as frozensets
    ``removal_pending``         True on a sudden-death removal step
    ``turns_to_sudden_death()`` turns until the first removal turn (0 once it started)
    ``is_sudden_death_turn(n)`` module function: does turn ``n`` start with a removal?
    ``to_diagram()``            the board as text (``from_diagram`` reads it back)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from game.rules.contract import (
    BadState,
    ClockPreset,
    GameSpec,
    IllegalMove,
    Option,
    Outcome,
    move_text,
    quoted,
    state_reader,
)
from game.rules.grid import cell_name as grid_cell_name
from game.text.i18n import N_, _, ngettext

# --- sides, colours, directions ----------------------------------------------------

DIAMOND, CIRCLE = 0, 1
SEAT_NAMES = (N_("Diamond"), N_("Circle"))
COLOURS = ("red", "blue", "green", "yellow")
COLOUR_LETTERS = "RBGY"  # diagrams: Diamond upper case, Circle lower case

# Clockwise from north; direction d and d+4 are opposite and share an axis (d % 4).
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
DIRECTION_NAMES = (
    N_("north"),
    N_("north-east"),
    N_("east"),
    N_("south-east"),
    N_("south"),
    N_("south-west"),
    N_("west"),
    N_("north-west"),
)
# Whole sentences per colour: languages inflect the colour with the noun.
_FIRST_MOVE = (
    N_("First move: a red piece"),
    N_("First move: a blue piece"),
    N_("First move: a green piece"),
    N_("First move: a yellow piece"),
)
_FIRST_MOVE_FALLBACK = (
    N_("First move: any piece (no red piece can move)"),
    N_("First move: any piece (no blue piece can move)"),
    N_("First move: any piece (no green piece can move)"),
    N_("First move: any piece (no yellow piece can move)"),
)
_PIECE_IS = (
    N_("{cell} is red"),
    N_("{cell} is blue"),
    N_("{cell} is green"),
    N_("{cell} is yellow"),
)


def seat_name(seat: int) -> str:
    """The side's name as shown (SEAT_NAMES are data: 'start Diamond' in any language)."""
    return _(SEAT_NAMES[seat])


def direction_name(d: int) -> str:
    return _(DIRECTION_NAMES[d])


SIZE = 8
SUDDEN_DEATH_TURN = 50  # first removal turn; then every SUDDEN_DEATH_EVERY turns
SUDDEN_DEATH_EVERY = 5

# A piece is stored as one int: 0 empty, else 1 + seat * 4 + colour.
EMPTY = 0


def piece_code(seat: int, colour: int) -> int:
    return 1 + seat * 4 + colour


def code_seat(code: int) -> int:
    return (code - 1) >> 2


def code_colour(code: int) -> int:
    return (code - 1) & 3


# --- squares and precomputed geometry ---------------------------------------------


def square_cell(sq: int) -> tuple[int, int]:
    """Square index -> ``(col, row)`` as used by ``game.rules.grid`` (row 0 at the top)."""
    return (sq % SIZE, sq // SIZE)


def cell_square(cell: tuple[int, int]) -> int:
    return cell[1] * SIZE + cell[0]


def cell_name(sq: int) -> str:
    """``cell_name(56) == 'a1'`` (chess coordinates, a1 bottom-left)."""
    return grid_cell_name(square_cell(sq), chess_height=SIZE)


CORNERS = frozenset((0, 7, 56, 63))
ON_BOARD = tuple(sq not in CORNERS for sq in range(64))


def _build_rays():
    rays = []
    for sq in range(64):
        col, row = square_cell(sq)
        per_dir = []
        for dc, dr in DIRECTIONS:
            ray = []
            c, r = col + dc, row + dr
            # Corners sit at the ends of every line through them, so stopping at one
            # never hides a square behind it.
            while 0 <= c < SIZE and 0 <= r < SIZE and ON_BOARD[r * SIZE + c]:
                ray.append(r * SIZE + c)
                c, r = c + dc, r + dr
            per_dir.append(tuple(ray))
        rays.append(tuple(per_dir))
    return tuple(rays)


RAYS = _build_rays()  # RAYS[sq][d]: squares from sq (exclusive) to the edge in direction d


def _mask(squares: Iterable[int]) -> int:
    m = 0
    for s in squares:
        m |= 1 << s
    return m


RAY_MASKS = tuple(tuple(_mask(RAYS[sq][d]) for d in range(8)) for sq in range(64))
# LINE_MASKS[sq][axis]: the whole line through sq along axis (0..3), sq included.
LINE_MASKS = tuple(
    tuple(RAY_MASKS[sq][a] | RAY_MASKS[sq][a + 4] | (1 << sq) for a in range(4)) for sq in range(64)
)
# BETWEEN[sq][d][k]: squares strictly between sq and the k-th square along d.
BETWEEN = tuple(
    tuple(
        tuple(_mask(RAYS[sq][d][: k - 1]) if k else 0 for k in range(len(RAYS[sq][d]) + 1))
        for d in range(8)
    )
    for sq in range(64)
)

FULL = (1 << 64) - 1
FILE_A = _mask(r * SIZE for r in range(SIZE))
FILE_H = _mask(r * SIZE + 7 for r in range(SIZE))
NOT_A = FULL & ~FILE_A
NOT_H = FULL & ~FILE_H
NEIGHBOURS = tuple(tuple(RAYS[sq][d][0] for d in range(8) if RAYS[sq][d]) for sq in range(64))


def dilate(bb: int) -> int:
    """The squares of ``bb`` plus their eight neighbours (bitboard, row-major)."""
    ew = bb | ((bb & NOT_H) << 1) | ((bb & NOT_A) >> 1)
    return (ew | (ew << 8) | (ew >> 8)) & FULL


def group_of(bb: int, seed_bit: int) -> int:
    """The 8-connected group of ``bb`` containing ``seed_bit`` (a single-bit mask)."""
    g = seed_bit
    while True:
        n = dilate(g) & bb
        if n == g:
            return g
        g = n


def is_connected(bb: int) -> bool:
    """True when the pieces of ``bb`` form one group (one piece counts; none does not)."""
    return bb != 0 and group_of(bb, bb & -bb) == bb


def split_groups(bb: int) -> list[int]:
    """All 8-connected groups of ``bb`` as masks, ordered by their lowest square."""
    out = []
    while bb:
        g = group_of(bb, bb & -bb)
        out.append(g)
        bb &= ~g
    return out


def mask_squares(bb: int) -> list[int]:
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


def is_sudden_death_turn(turn: int) -> bool:
    """Turns 50, 55, 60, ... begin with the mover removing one opponent piece."""
    return turn >= SUDDEN_DEATH_TURN and (turn - SUDDEN_DEATH_TURN) % SUDDEN_DEATH_EVERY == 0


def seat_masks(board: tuple[int, ...]) -> tuple[int, int]:
    d = c = 0
    for sq, code in enumerate(board):
        if code:
            if code <= 4:
                d |= 1 << sq
            else:
                c |= 1 << sq
    return d, c


def slide_options(own: int, enemy: int, ray_count: bool, squares: Iterable[int] | None = None):
    """Every pseudo-legal slide ``(frm, direction, to)`` for the side owning ``own``.

    This is the whole movement rule: the distance is the number of pieces on the line
    (or on the ray ahead, with Ray count), own pieces may be jumped, enemy pieces block
    but may be captured on the landing square, own pieces may not be landed on.
    """
    occ = own | enemy
    out = []
    for frm in mask_squares(own) if squares is None else squares:
        rays = RAYS[frm]
        lines = LINE_MASKS[frm]
        between = BETWEEN[frm]
        ray_masks = RAY_MASKS[frm]
        for d in range(8):
            ray = rays[d]
            if not ray:
                continue
            if ray_count:
                k = 1 + (occ & ray_masks[d]).bit_count()
            else:
                k = (occ & lines[d & 3]).bit_count()
            if k > len(ray):
                continue
            to = ray[k - 1]
            if (own >> to) & 1 or enemy & between[d][k]:
                continue
            out.append((frm, d, to))
    return out


def slide_distance(own: int, enemy: int, frm: int, d: int, ray_count: bool) -> int:
    occ = own | enemy
    if ray_count:
        return 1 + (occ & RAY_MASKS[frm][d]).bit_count()
    return (occ & LINE_MASKS[frm][d & 3]).bit_count()


def direction_between(frm: int, to: int) -> tuple[int, int] | None:
    """``(direction, squares)`` when ``to`` lies on one of the 8 lines from ``frm``."""
    fc, fr = square_cell(frm)
    tc, tr = square_cell(to)
    dc, dr = tc - fc, tr - fr
    if (dc, dr) == (0, 0) or (dc and dr and abs(dc) != abs(dr)):
        return None
    n = max(abs(dc), abs(dr))
    step = ((dc > 0) - (dc < 0), (dr > 0) - (dr < 0))
    return DIRECTIONS.index(step), n


def second_move_directions(first_direction: int) -> tuple[int, int, int]:
    """The opposite of the first move's direction and the two 45 degrees off it."""
    return ((first_direction + 3) % 8, (first_direction + 4) % 8, (first_direction + 5) % 8)


def _join_words(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])


# --- actions -------------------------------------------------------------------------


@dataclass(frozen=True)
class Slide:
    """One move: the piece on ``frm`` slides to ``to``.  ``capture`` only changes the
    notation (``b1xd3``); two slides with the same squares are the same move."""

    frm: int
    to: int
    capture: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return f"{cell_name(self.frm)}{'x' if self.capture else '-'}{cell_name(self.to)}"

    @property
    def direction(self) -> int:
        found = direction_between(self.frm, self.to)
        return -1 if found is None else found[0]


@dataclass(frozen=True)
class Remove:
    """Sudden death: take one opponent piece off the board before moving."""

    square: int

    def __str__(self) -> str:
        return f"x {cell_name(self.square)}"


@dataclass(frozen=True)
class Start:
    """Setup: the seat with the Advantage names the side that plays turn 1."""

    seat: int

    def __str__(self) -> str:
        return f"start {SEAT_NAMES[self.seat]}"


@dataclass(frozen=True)
class TimeLoss:
    """The match's action when ``seat``'s reserve runs out: that seat loses."""

    seat: int

    def __str__(self) -> str:
        return f"time {SEAT_NAMES[self.seat]}"


@dataclass(frozen=True)
class SlidePath:
    """What a slide does on the board, for drawing it: ``squares`` from the start to the
    landing square inclusive, the own pieces ``jumped`` on the way, the ``captured``
    square (or None) and the ``direction`` index."""

    squares: tuple[int, ...]
    jumped: tuple[int, ...]
    captured: int | None
    direction: int


# ASCII only: \d and \w would also match other scripts' digits and letters ("e²"),
# which int() then refuses with Python's own words.
_SLIDE_RE = re.compile(r"^([a-z][0-9]{1,2}) ?([-x]) ?([a-z][0-9]{1,2})$")
_REMOVE_RE = re.compile(r"^x ?([a-z][0-9]{1,2})$")
_SEAT_RE = re.compile(r"^(start|time) ([a-z]+)$")


def parse_cell(text: str) -> int:
    """``"e4"`` -> square index; IllegalMove with a readable reason otherwise."""
    t = text.strip().lower()
    if not re.fullmatch(r"[a-z][0-9]{1,2}", t):
        raise IllegalMove(
            _("{square} is not a square (write a file and a rank, like e4)").format(
                square=quoted(text)
            )
        )
    col = ord(t[0]) - ord("a")
    rank = int(t[1:])
    if not (0 <= col < SIZE and 1 <= rank <= SIZE):
        raise IllegalMove(_("{square} is off the board (files a-h, ranks 1-8)").format(square=t))
    sq = (SIZE - rank) * SIZE + col
    if sq in CORNERS:
        raise IllegalMove(_("{square} is a missing corner of the board").format(square=t))
    return sq


# --- the state -------------------------------------------------------------------------


def end_words(ended: str) -> str:
    """A state's end code ("connected 0 5", see ``CollapseState.ended``) in words, in
    the current language; a text that is not a code is returned as it is."""
    parts = ended.split(" ")
    kind, nums = parts[0], parts[1:]
    if not all(p.isdigit() and len(p) <= 3 for p in nums):
        return ended
    n = [int(p) for p in nums]
    if any(x > 1 for x in n[:1]):  # the first number is always a seat
        return ended
    if kind == "time" and len(n) == 1:
        return _("{side} ran out of time").format(side=seat_name(n[0]))
    if kind == "bigger" and len(n) == 3:
        return _("Both sides are connected; {side}'s group of {n} beats {m}").format(
            side=seat_name(n[0]), n=n[1], m=n[2]
        )
    if kind == "last" and len(n) == 2:
        return _("Both sides are connected with {n} pieces; {side} made the last move").format(
            n=n[1], side=seat_name(n[0])
        )
    if kind == "single" and len(n) == 1:
        return _("{side} has a single piece left, which counts as connected").format(
            side=seat_name(n[0])
        )
    if kind == "connected" and len(n) == 2:
        return _("{side} connected all of its {n} pieces").format(side=seat_name(n[0]), n=n[1])
    if kind == "stuck-second" and len(n) == 1:
        return _("{side} cannot make a second move and loses").format(side=seat_name(n[0]))
    if kind == "stuck" and len(n) == 1:
        return _("{side} cannot make a move and loses").format(side=seat_name(n[0]))
    return ended


@dataclass(frozen=True)
class CollapseState:
    """An immutable Chromatic Collapse position, including whose step it is.

    ``board`` is a tuple of 64 piece codes; ``phase`` is one of "setup", "remove",
    "first", "second", "over"; ``turn`` counts turns from 1 (0 during setup);
    ``last_colour`` is the colour of the most recent move (the opponent's, at the start
    of a turn); ``first_from``/``first_to``/``first_direction`` record this turn's first
    move while the second is pending.
    """

    board: tuple[int, ...]
    to_move: int
    phase: str
    turn: int = 0
    starter: int = -1
    last_colour: int = -1
    first_from: int = -1
    first_to: int = -1
    first_direction: int = -1
    ray_count: bool = False
    advantage: int = DIAMOND
    winner: int = -1
    # How the game ended, as a code and its numbers ("connected 0 5"): ``reason``
    # words it in the reader's language, so the state holds no words (a language
    # switched mid-game, a phone reading another one).  Any other text (a state file
    # from before the codes) is the reason as written.
    ended: str = ""

    @property
    def reason(self) -> str:
        """Why the game ended, in the current language ("" while it goes on)."""
        return end_words(self.ended)

    # -- contract ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return -1 if self.phase == "over" else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def round_number(self) -> int:
        return self.turn

    def legal_moves(self) -> list:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "setup":
            return [Start(DIAMOND), Start(CIRCLE)]
        if phase == "remove":
            enemy = self._masks[1 - self.to_move]
            return [Remove(sq) for sq in mask_squares(enemy)]
        enemy = self._masks[1 - self.to_move]
        return [Slide(f, t, bool((enemy >> t) & 1)) for f, _d, t in self._step_slides]

    def apply(self, move) -> "CollapseState":
        if self.phase == "over":
            raise IllegalMove(_("The game is over"))
        if isinstance(move, TimeLoss):
            raise IllegalMove(
                _("Losing on time is the clock's action: it happens only when a reserve runs out")
            )
        problem = self.why_illegal(move)
        if problem is not None:
            raise IllegalMove(problem)
        if isinstance(move, Start):
            return self._begin_turn(replace(self, starter=move.seat, to_move=move.seat), 1)
        seat = self.to_move
        board = list(self.board)
        if isinstance(move, Remove):
            board[move.square] = EMPTY
            nxt = replace(self, board=tuple(board), phase="first")
            return nxt._after_action(seat, removal=True)
        code = board[move.frm]
        board[move.frm] = EMPTY
        board[move.to] = code
        direction = move.direction
        if self.phase == "first" and self.turn > 1:
            nxt = replace(
                self,
                board=tuple(board),
                phase="second",
                last_colour=code_colour(code),
                first_from=move.frm,
                first_to=move.to,
                first_direction=direction,
            )
            return nxt._after_action(seat)
        # The turn is complete: the second move, or the single move of turn 1.
        nxt = replace(
            self,
            board=tuple(board),
            last_colour=code_colour(code),
            first_from=-1,
            first_to=-1,
            first_direction=-1,
        )
        nxt = nxt._decide(seat)
        if nxt.phase == "over":
            return nxt
        return self._begin_turn(replace(nxt, to_move=1 - seat), self.turn + 1)

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome.win(self.winner, 2, self.reason)

    def scores(self) -> tuple[float, ...]:
        """The size of each side's largest group (what the side bar shows)."""
        return tuple(float(len(self.largest_group(s))) for s in (DIAMOND, CIRCLE))

    def returns(self) -> tuple[float, ...]:
        out = self.outcome()
        return out.returns() if out else (0.0, 0.0)

    def apply_timeout(self, move) -> "CollapseState":
        """The clock's action: ``time <side>`` for the seat on the move, whose reserve
        is empty (``apply`` refuses it: nobody may choose to lose on time).  The choice
        of starting side is part of the chooser's time, so it applies in setup too."""
        if self.phase == "over":
            raise IllegalMove(_("The game is over"))
        if not isinstance(move, TimeLoss):
            return self.apply(move)
        if move.seat != self.to_move:
            raise IllegalMove(
                _("Only the player on the move can lose on time, and that is {side}").format(
                    side=seat_name(self.to_move)
                )
            )
        return replace(
            self,
            phase="over",
            winner=1 - move.seat,
            ended=f"time {move.seat}",
        )

    def timeout_move(self, seat: int):
        # An empty reserve loses, in setup too: choosing the starting side is part of
        # the chooser's time.
        if self.phase == "over":
            return None
        return TimeLoss(seat)

    def parse_move(self, text: str):
        t = " ".join(move_text(text).strip().lower().split())
        if not t:
            raise IllegalMove(
                _(
                    "An empty move: write a move like b1-b3, a capture like b1xd3, a removal like x e5"
                )
            )
        if len(t) > 40:
            raise IllegalMove(
                _(
                    "That is not a move: write a move like b1-b3, a capture like b1xd3, "
                    "a removal like x e5"
                )
            )
        m = _SEAT_RE.match(t)
        if m:
            names = [n.lower() for n in SEAT_NAMES]
            if m.group(2) not in names:
                raise IllegalMove(
                    _("{word} is not a side: Diamond or Circle").format(word=quoted(m.group(2)))
                )
            seat = names.index(m.group(2))
            return Start(seat) if m.group(1) == "start" else TimeLoss(seat)
        m = _REMOVE_RE.match(t)
        if m:
            return Remove(parse_cell(m.group(1)))
        m = _SLIDE_RE.match(t)
        if m:
            frm, to = parse_cell(m.group(1)), parse_cell(m.group(3))
            enemy_there = self.board[to] != EMPTY and code_seat(self.board[to]) != self.to_move
            if m.group(2) == "x" and not enemy_there:
                raise IllegalMove(
                    _("There is no enemy piece on {square} to capture").format(square=cell_name(to))
                )
            return Slide(frm, to, enemy_there)
        raise IllegalMove(
            _(
                "Cannot read {text}: write a move like b1-b3, a capture like b1xd3, "
                "a removal like x e5"
            ).format(text=quoted(text))
        )

    def to_json(self) -> dict:
        return {
            "board": self.to_diagram().split("\n"),
            "to_move": self.to_move,
            "phase": self.phase,
            "turn": self.turn,
            "starter": self.starter,
            "last_colour": self.last_colour,
            "first_from": self.first_from,
            "first_to": self.first_to,
            "first_direction": self.first_direction,
            "ray_count": self.ray_count,
            "advantage": self.advantage,
            "winner": self.winner,
            "reason": self.ended,
        }

    @staticmethod
    @state_reader("Chromatic Collapse")
    def from_json(data: Mapping) -> "CollapseState":
        board = board_from_diagram("\n".join(data["board"]))
        return CollapseState(
            board=board,
            to_move=int(data["to_move"]),
            phase=str(data["phase"]),
            turn=int(data["turn"]),
            starter=int(data["starter"]),
            last_colour=int(data["last_colour"]),
            first_from=int(data["first_from"]),
            first_to=int(data["first_to"]),
            first_direction=int(data["first_direction"]),
            ray_count=bool(data["ray_count"]),
            advantage=int(data["advantage"]),
            winner=int(data["winner"]),
            ended=str(data["reason"]),
        )

    # -- rules internals -----------------------------------------------------------------
    @cached_property
    def _masks(self) -> tuple[int, int]:
        return seat_masks(self.board)

    @cached_property
    def _all_slides(self) -> list[tuple[int, int, int]]:
        """Slides of the side to move, ignoring the colour/direction/same-piece rules."""
        own, enemy = self._masks[self.to_move], self._masks[1 - self.to_move]
        return slide_options(own, enemy, self.ray_count)

    @cached_property
    def _step_slides(self) -> list[tuple[int, int, int]]:
        """The slides this step allows, with the colour and direction fallbacks."""
        if self.phase not in ("first", "second"):
            return []
        slides = self._all_slides
        if self.phase == "first":
            if self.last_colour < 0:
                return slides
            board, colour = self.board, self.last_colour
            matching = [s for s in slides if code_colour(board[s[0]]) == colour]
            return matching or slides
        others = [s for s in slides if s[0] != self.first_to]
        dirs = second_move_directions(self.first_direction)
        aligned = [s for s in others if s[1] in dirs]
        return aligned or others

    def _begin_turn(self, state: "CollapseState", turn: int) -> "CollapseState":
        phase = "remove" if is_sudden_death_turn(turn) else "first"
        nxt = replace(state, turn=turn, phase=phase, first_from=-1, first_to=-1, first_direction=-1)
        return nxt._check_stuck()

    def _after_action(self, actor: int, removal: bool = False) -> "CollapseState":
        nxt = self._decide(actor)
        return nxt if nxt.phase == "over" else nxt._check_stuck()

    def _decide(self, actor: int) -> "CollapseState":
        """The win check after every move and removal, whoever is on turn."""
        masks = self._masks
        joined = [is_connected(masks[s]) for s in (DIAMOND, CIRCLE)]
        if not any(joined):
            return self
        sizes = [m.bit_count() for m in masks]
        if all(joined):
            if sizes[0] != sizes[1]:
                w = 0 if sizes[0] > sizes[1] else 1
                why = f"bigger {w} {sizes[w]} {sizes[1 - w]}"
            else:
                w = actor
                why = f"last {w} {sizes[0]}"
        else:
            w = 0 if joined[0] else 1
            why = f"single {w}" if sizes[w] == 1 else f"connected {w} {sizes[w]}"
        return replace(self, phase="over", winner=w, ended=why)

    def _check_stuck(self) -> "CollapseState":
        if self.phase in ("first", "second") and not self._step_slides:
            seat = self.to_move
            why = "stuck-second" if self.phase == "second" else "stuck"
            return replace(self, phase="over", winner=1 - seat, ended=f"{why} {seat}")
        return self

    # -- helpers for screens, bots and tests ----------------------------------------------
    @property
    def removal_pending(self) -> bool:
        return self.phase == "remove"

    def piece_at(self, sq: int) -> tuple[int, int] | None:
        code = self.board[sq]
        return None if code == EMPTY else (code_seat(code), code_colour(code))

    def pieces(self, seat: int) -> list[int]:
        return mask_squares(self._masks[seat])

    def piece_count(self, seat: int) -> int:
        return self._masks[seat].bit_count()

    def groups(self, seat: int) -> list[frozenset[int]]:
        """8-connected groups of ``seat``'s pieces, largest first."""
        gs = [frozenset(mask_squares(g)) for g in split_groups(self._masks[seat])]
        return sorted(gs, key=lambda g: (-len(g), min(g)))

    def largest_group(self, seat: int) -> frozenset[int]:
        gs = self.groups(seat)
        return gs[0] if gs else frozenset()

    def is_connected(self, seat: int) -> bool:
        return is_connected(self._masks[seat])

    def required_colour(self) -> int | None:
        """The colour the first move must use, or None (no rule, or its fallback)."""
        if self.phase != "first" or self.last_colour < 0:
            return None
        if self.turn == 1:
            return None
        if self._colour_fallback():
            return None
        return self.last_colour

    def _colour_fallback(self) -> bool:
        colour = self.last_colour
        return not any(code_colour(self.board[s[0]]) == colour for s in self._all_slides)

    def allowed_directions(self) -> tuple[int, ...] | None:
        """Directions the second move must use, or None (fallback or not that step)."""
        if self.phase != "second":
            return None
        if self._direction_fallback():
            return None
        return second_move_directions(self.first_direction)

    def _direction_fallback(self) -> bool:
        dirs = second_move_directions(self.first_direction)
        return not any(s[0] != self.first_to and s[1] in dirs for s in self._all_slides)

    def moved_square(self) -> int | None:
        """Where this turn's first moved piece stands (it may not move again)."""
        return self.first_to if self.phase == "second" else None

    def step_banner(self) -> str:
        """One line telling the player on turn what this step asks of them."""
        who = seat_name(self.to_move)
        if self.phase == "over":
            return self.reason
        if self.phase == "setup":
            return _("{side} has the Advantage: choose the side that starts").format(side=who)
        if self.phase == "remove":
            return _("Sudden death: {side} removes one {other} piece before moving").format(
                side=who, other=seat_name(1 - self.to_move)
            )
        if self.phase == "first":
            if self.last_colour < 0:
                return _("First move: any piece (first turn of the game)")
            if self._colour_fallback():
                return _(_FIRST_MOVE_FALLBACK[self.last_colour])
            return _(_FIRST_MOVE[self.last_colour])
        dirs = second_move_directions(self.first_direction)
        names = [direction_name(dirs[1]), direction_name(dirs[2]), direction_name(dirs[0])]
        if self._direction_fallback():
            return _("Second move: any direction (no other piece can move {directions})").format(
                directions=_join_words(names)
            )
        return _("Second move: {directions}").format(directions=_join_words(names))

    def movable_squares(self) -> list[int]:
        return sorted({s[0] for s in self._step_slides})

    def destinations(self, sq: int) -> list[Slide]:
        """Legal slides of the piece on ``sq`` for the current step (empty if none)."""
        enemy = self._masks[1 - self.to_move]
        return [Slide(f, t, bool((enemy >> t) & 1)) for f, _d, t in self._step_slides if f == sq]

    def piece_note(self, sq: int) -> str | None:
        """Why the piece on ``sq`` may not move this step; None when it may."""
        if self.phase not in ("first", "second"):
            return None if self.phase != "over" else _("The game is over")
        code = self.board[sq]
        if code == EMPTY:
            return _("There is no piece on {square}").format(square=cell_name(sq))
        if code_seat(code) != self.to_move:
            return _("That is a {side} piece").format(side=seat_name(code_seat(code)))
        if any(s[0] == sq for s in self._step_slides):
            return None
        if self.phase == "second" and sq == self.first_to:
            return _("This piece has already moved this turn")
        own_slides = [s for s in self._all_slides if s[0] == sq]
        if not own_slides:
            return _("This piece has no legal move")
        if self.phase == "first":
            return self.step_banner()
        return self.step_banner()

    def why_illegal(self, move) -> str | None:
        """A sentence saying why ``move`` is refused now, or None when it is legal."""
        phase = self.phase
        if phase == "over":
            return _("The game is over")
        if isinstance(move, Start):
            if phase != "setup":
                return _("The starting side has already been chosen")
            if move.seat not in (DIAMOND, CIRCLE):
                return _("Choose Diamond or Circle to start")
            return None
        if phase == "setup":
            return _(
                "First {side} chooses the starting side (start Diamond or start Circle)"
            ).format(side=seat_name(self.to_move))
        if isinstance(move, Remove):
            if phase != "remove":
                return _("A piece may only be removed at the start of a sudden-death turn")
            code = self.board[move.square] if 0 <= move.square < 64 else EMPTY
            if code == EMPTY:
                return _("There is no piece on {square} to remove").format(
                    square=cell_name(move.square)
                )
            if code_seat(code) == self.to_move:
                return _("Remove one of your opponent's pieces, not your own")
            return None
        if not isinstance(move, Slide):
            return _("{move} is not a Chromatic Collapse move").format(move=quoted(str(move)))
        if phase == "remove":
            return _("Sudden death: first remove one {side} piece (like x e5)").format(
                side=seat_name(1 - self.to_move)
            )
        frm, to = move.frm, move.to
        if not (0 <= frm < 64 and 0 <= to < 64):
            return _("That square is off the board")
        name_f, name_t = cell_name(frm), cell_name(to)
        code = self.board[frm]
        if code == EMPTY:
            return _("There is no piece on {square}").format(square=name_f)
        if code_seat(code) != self.to_move:
            return _("The piece on {square} belongs to {side}").format(
                square=name_f, side=seat_name(code_seat(code))
            )
        if phase == "second" and frm == self.first_to:
            return _("The piece on {square} has already moved this turn").format(square=name_f)
        if to in CORNERS:
            return _("{square} is a missing corner of the board").format(square=name_t)
        found = direction_between(frm, to)
        if found is None:
            return _("{to} is not in a straight line (rank, file or diagonal) from {frm}").format(
                to=name_t, frm=name_f
            )
        d, n = found
        own, enemy = self._masks[self.to_move], self._masks[1 - self.to_move]
        k = slide_distance(own, enemy, frm, d, self.ray_count)
        if n != k:
            if self.ray_count:
                text = ngettext(
                    "The piece on {square} must go exactly {k} square {direction}: "
                    "there is {k} piece ahead of it, itself included",
                    "The piece on {square} must go exactly {k} squares {direction}: "
                    "there are {k} pieces ahead of it, itself included",
                    k,
                )
            else:
                text = ngettext(
                    "The piece on {square} must go exactly {k} square {direction}: "
                    "there is {k} piece on its {line}",
                    "The piece on {square} must go exactly {k} squares {direction}: "
                    "there are {k} pieces on its {line}",
                    k,
                )
            line = (N_("file"), N_("diagonal"), N_("rank"), N_("diagonal"))[d & 3]
            return text.format(square=name_f, k=k, direction=direction_name(d), line=_(line))
        for sq in RAYS[frm][d][: k - 1]:
            if (enemy >> sq) & 1:
                return _("The way is blocked by a {side} piece on {square}").format(
                    side=seat_name(1 - self.to_move), square=cell_name(sq)
                )
        if (own >> to) & 1:
            return _("{square} holds one of your own pieces").format(square=name_t)
        if (frm, d, to) in self._step_slides:
            return None
        if phase == "first":
            return _("{banner} ({why})").format(
                banner=self.step_banner(),
                why=_(_PIECE_IS[code_colour(code)]).format(cell=name_f),
            )
        return _("{banner} ({move} goes {direction})").format(
            banner=self.step_banner(), move=f"{name_f}-{name_t}", direction=direction_name(d)
        )

    def path(self, move: Slide) -> SlidePath:
        """The squares a slide passes (start and landing included), the own pieces it
        jumps and the piece it captures, for animation."""
        found = direction_between(move.frm, move.to)
        if found is None:
            raise IllegalMove(_("{move} is not a straight line").format(move=move))

        d, n = found
        squares = (move.frm,) + RAYS[move.frm][d][:n]
        jumped = tuple(sq for sq in squares[1:-1] if self.board[sq] != EMPTY)
        target = self.board[move.to]
        captured = (
            move.to
            if target != EMPTY and code_seat(target) != code_seat(self.board[move.frm])
            else None
        )
        return SlidePath(squares, jumped, captured, d)

    def turns_to_sudden_death(self) -> int:
        return max(0, SUDDEN_DEATH_TURN - max(self.turn, 1))

    def to_diagram(self) -> str:
        """The board as 8 lines, rank 8 first: ``#`` missing corner, ``.`` empty,
        Diamond pieces ``R B G Y``, Circle pieces ``r b g y``."""
        rows = []
        for r in range(SIZE):
            line = []
            for c in range(SIZE):
                sq = r * SIZE + c
                code = self.board[sq]
                if sq in CORNERS:
                    line.append("#")
                elif code == EMPTY:
                    line.append(".")
                else:
                    letter = COLOUR_LETTERS[code_colour(code)]
                    line.append(letter if code_seat(code) == DIAMOND else letter.lower())
            rows.append("".join(line))
        return "\n".join(rows)


def board_from_diagram(text: str) -> tuple[int, ...]:
    """Read a board written as in ``CollapseState.to_diagram`` (spaces are ignored)."""
    lines = [ln.replace(" ", "") for ln in text.strip().splitlines() if ln.strip()]
    if len(lines) != SIZE or any(len(ln) != SIZE for ln in lines):
        raise BadState("a board diagram has 8 lines of 8 squares")
    board = []
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            sq = r * SIZE + c
            if ch in ".#":
                board.append(EMPTY)
                continue
            if sq in CORNERS:
                raise BadState(f"{cell_name(sq)} is a missing corner and cannot hold a piece")
            up = ch.upper()
            if up not in COLOUR_LETTERS:
                raise BadState(f"unknown piece {quoted(ch)} on {cell_name(sq)}")
            board.append(piece_code(DIAMOND if ch.isupper() else CIRCLE, COLOUR_LETTERS.index(up)))
    return tuple(board)


def from_diagram(
    text: str,
    *,
    to_move: int = DIAMOND,
    phase: str = "first",
    turn: int = 10,
    last_colour: int | str = -1,
    first_move: str | None = None,
    ray_count: bool = False,
    starter: int = DIAMOND,
) -> CollapseState:
    """A hand-made position for tests and puzzles.  ``last_colour`` may be a colour name;
    ``first_move`` (like ``"b1-b3"``) marks a first move already made this turn (the board
    must show it done) and sets the phase to "second"."""
    if isinstance(last_colour, str):
        last_colour = COLOURS.index(last_colour)
    state = CollapseState(
        board=board_from_diagram(text),
        to_move=to_move,
        phase=phase,
        turn=turn,
        starter=starter,
        last_colour=last_colour,
        ray_count=ray_count,
    )
    if first_move is not None:
        frm, to = (parse_cell(p) for p in re.split(r"[-x]", first_move.replace(" ", "")))
        found = direction_between(frm, to)
        if found is None:
            raise ValueError(f"{first_move} is not a straight move")
        state = replace(
            state, phase="second", first_from=frm, first_to=to, first_direction=found[0]
        )
    return state


# --- set-up and spec ------------------------------------------------------------------

DIAMOND_START = tuple(sq for sq in range(1, 7)) + tuple(56 + c for c in range(1, 7))


def mirror_square(sq: int) -> int:
    """Diamond's square -> Circle's matching square across the a8-h1 diagonal
    (file f, rank r) -> (file 9-r, rank 9-f); on (col, row) it swaps the two."""
    col, row = square_cell(sq)
    return col * SIZE + row


def start_board(colours: Iterable[int]) -> tuple[int, ...]:
    """The Lines-of-Action layout, with Diamond's colours in the order b8..g8, b1..g1 and
    Circle's mirrored."""
    board = [EMPTY] * 64
    for sq, colour in zip(DIAMOND_START, colours, strict=True):
        board[sq] = piece_code(DIAMOND, colour)
        board[mirror_square(sq)] = piece_code(CIRCLE, colour)
    return tuple(board)


def new_state(rng, players: int = 2, options: Mapping | None = None) -> CollapseState:
    options = dict(options or {})
    colours = [c for c in range(4) for _ in range(3)]
    rng.shuffle(colours)
    advantage = SEAT_NAMES.index(options.get("advantage", "Diamond"))
    return CollapseState(
        board=start_board(colours),
        to_move=advantage,
        phase="setup",
        ray_count=bool(options.get("ray_count", False)),
        advantage=advantage,
    )


def move_bound(players: int, options: Mapping) -> int:
    """No game is longer than this many actions.  Each side loses a piece every ten
    turns from turn 50 and a side down to one piece is connected, so play ends by turn
    150: 1 setup + 1 + 2*149 moves + 21 removals + 1 loss on time."""
    last_turn = SUDDEN_DEATH_TURN + 2 * SUDDEN_DEATH_EVERY * 10
    removals = (last_turn - SUDDEN_DEATH_TURN) // SUDDEN_DEATH_EVERY + 1
    return 1 + 1 + 2 * (last_turn - 1) + removals + 1


def _validate(players: int, options: Mapping) -> None:
    if players != 2:
        raise ValueError("Chromatic Collapse is for 2 players")
    if options.get("advantage", "Diamond") not in SEAT_NAMES:
        raise ValueError("The Advantage belongs to Diamond or Circle")


def _seat_names(n: int) -> tuple[str, ...]:
    # The names as shown, in the current language (every caller draws them).
    return tuple(seat_name(i) for i in range(n))


SPEC = GameSpec(
    id="chromatic-collapse",
    title="Chromatic Collapse",
    tagline=N_(
        "Slide Lines-of-Action style under colour and direction rules; join all your pieces."
    ),
    min_players=2,
    max_players=2,
    default_players=2,
    options=(
        Option(
            "ray_count",
            N_("Ray count"),
            "bool",
            False,
            help=N_(
                "A piece moves as many squares as there are pieces from it onward in "
                "the direction of travel, instead of on the whole line."
            ),
        ),
        Option(
            "advantage",
            N_("Advantage"),
            "choice",
            "Diamond",
            SEAT_NAMES,
            help=N_("The side that chooses who starts."),
        ),
    ),
    new_state=new_state,
    from_json=CollapseState.from_json,
    move_bound=move_bound,
    seat_names=_seat_names,
    tournament_clock=ClockPreset(90, 300),
    timeout_policy="move",
    validate=_validate,
    rule_clock=None,
    rules_card="chromatic-collapse.md",
    fame_ranking="moves",
)
