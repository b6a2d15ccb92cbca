"""Crystal Connector: shift rows and columns to grow your colours' groups.

The rules as Crystal Arcade plays them are in ``seeds/crystal-connector.md`` (the card
shown in game); this module is their executable form.

Usage::

    >>> from game.rules.crystal_connector import SPEC
    >>> s = SPEC.new_game(seed=3, rocks=True)
    >>> s.phase
    'pick_order'
    >>> for text in ("pick first", "take red", "take blue green", "move second"):
    ...     s = s.apply(s.parse_move(text))
    >>> s.phase, s.current_player(), s.shifts_left()
    ('play', 0, 3)
    >>> s = s.apply(s.parse_move("C up 2"))      # doctest: +SKIP

Board and coordinates
    6x6, columns A-F from the left, rows 1-6 from the top; internally a cell is the
    index ``row * 6 + col``.  ``state.board`` is a tuple of 36 piece codes (RED, BLUE,
    GREEN, YELLOW crystals; BOMB, CHAMELEON, PYLON, ROCK items) and ``state.spikes`` a
    tuple of 36 booleans (spikes ride on crystals).  ``state.diagram()`` and
    ``CrystalConnectorState.from_diagram`` read and write the text form used by tests
    and saves: ``R B G Y`` crystals (lower case = carrying spikes), ``X`` bomb,
    ``C`` chameleon, ``P`` pylon, ``O`` rock.

Phases (``state.phase``) and their actions (every one is an ordinary engine action)
    - ``pick_order``   Player 1: ``pick first`` / ``pick second`` (colour pick order).
    - ``first_pick``   the first picker: ``take red`` (one colour).
    - ``second_pick``  the other player: ``take blue green`` (two of the three left);
                       the first picker is then given the last colour automatically.
    - ``move_order``   Player 2: ``move first`` / ``move second``.
    - ``play``         shifts ``C up 2``, ``2 right 3``; with Color Convertor the
                       optional first action of a turn ``convert B3 blue``;
                       ``pass`` (the clock's action, see ``timeout_move``) ends the
                       turn with no further shifts.
    - ``over``         terminal.

Helpers a screen can rely on (all read-only)
    - ``why_illegal(move) -> str | None``: the refusal ``apply`` would raise.
    - ``shifts_required()``, ``shifts_left()``, ``can_convert()``, ``threshold``.
    - ``banned_lines() -> dict[line, reason]``; ``line_limits(line)`` (how far a line
      may move each way, rocks considered); ``legal_shifts(line)``.
    - ``shift_result(move) -> (board, spikes)``: the board after one shift, unscored.
    - ``spike_cost(move)``: points the opponent would get for that shift.
    - ``groups(colour)`` every group with cells, size and bombed flag;
      ``largest_group(colour)``; ``largest_groups(seat) -> {colour: Group|None}``.
    - ``turn_points_preview() -> (TurnPoints, TurnPoints)``: what each seat would add
      if the turn ended now, with ``.text`` like ``"+20 = 4 x 5"``.
    - ``seat_colours(seat)``, ``colour_owner(colour)``, ``first_mover``,
      ``first_picker``, ``scores()``, ``turns_taken``, ``spikes_active``,
      ``spikes_travelled_this_turn``, ``lines_this_turn``.
    - ``turn_log`` (one ``TurnRecord`` per finished turn: its actions, gains and
      totals) and ``score_history()`` (totals at the end of each round, for the
      results chart).
    - ``double_cells()`` (cells counting 2 because of pylons), ``bombed_cells()``.

Pure Python; ``batch_largest`` is the numpy version of the group measure that bots use
to score many boards at once (it agrees with ``largest_sizes``).
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, replace
from typing import Mapping

import numpy as np

from game.rules.contract import (
    BadState,
    ClockPreset,
    GameSpec,
    IllegalMove,
    Option,
    Outcome,
    ascii_int,
    move_text,
    quoted,
    state_reader,
)
from game.text.i18n import N_, _

# -- pieces ---------------------------------------------------------------------------
RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
BOMB, CHAMELEON, PYLON, ROCK = 4, 5, 6, 7
COLOURS = (RED, BLUE, GREEN, YELLOW)
COLOUR_NAMES = ("red", "blue", "green", "yellow")
PIECE_NAMES = (
    N_("red crystal"),
    N_("blue crystal"),
    N_("green crystal"),
    N_("yellow crystal"),
    N_("bomb"),
    N_("chameleon"),
    N_("pylon"),
    N_("rock"),
)
# The colours as words in a sentence (COLOUR_NAMES are notation: 'take red' in any language).
COLOUR_WORDS = (N_("red"), N_("blue"), N_("green"), N_("yellow"))
# A colour standing alone at the head of a sentence ("Red is already taken").
COLOUR_TITLES = (N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"))


def colour_word(colour: int) -> str:
    """The colour as a word in the current language (in a sentence)."""
    return _(COLOUR_WORDS[colour])


def seat_name(seat: int) -> str:
    """The seat's name as shown (SEAT_NAMES are the data kept in saves)."""
    return _(SEAT_NAMES[seat])


_CHAR_OF = "RBGYXCPO"
SIZE = 6
CELLS = SIZE * SIZE

# -- lines ----------------------------------------------------------------------------
LINES = ("A", "B", "C", "D", "E", "F", "1", "2", "3", "4", "5", "6")
#: Cells of each line in travel order (columns top to bottom, rows left to right).
LINE_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)
) + tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE))
#: "forward" is down for columns and right for rows (the direction of growing indices).
FORWARD = {"down": True, "right": True, "up": False, "left": False}
DIRECTIONS_OF = {"column": ("up", "down"), "row": ("left", "right")}

BASE_THRESHOLD = 250
MAX_ROUNDS = 100  # project ruling: a game that has not ended by then is decided on totals
SPIKE_TURNS = 15


def line_index(line: str) -> int:
    return LINES.index(line)


def line_kind(line: str) -> str:
    return "column" if line.isalpha() else "row"


def line_label(line: str) -> str:
    return (_("Column {line}") if line.isalpha() else _("Row {line}")).format(line=line)


def cell_name(i: int) -> str:
    return "ABCDEF"[i % SIZE] + str(i // SIZE + 1)


def parse_cell(text: str) -> int:
    t = text.strip().upper()
    if len(t) != 2 or not t.isascii() or t[0] not in "ABCDEF" or t[1] not in "123456":
        raise IllegalMove(
            _("{cell} is not a cell: use a column A-F and a row 1-6, like B3").format(
                cell=quoted(text)
            )
        )
    return (int(t[1]) - 1) * SIZE + "ABCDEF".index(t[0])


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, SIZE)
    out = []
    if r > 0:
        out.append(i - SIZE)
    if r < SIZE - 1:
        out.append(i + SIZE)
    if c > 0:
        out.append(i - 1)
    if c < SIZE - 1:
        out.append(i + 1)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))


def shift_permutation(line: int, offset: int) -> tuple[int, ...]:
    """``new = [old[p] for p in perm]`` moves ``line`` forward by ``offset`` (1-5)."""
    perm = list(range(CELLS))
    cells = LINE_CELLS[line]
    for j in range(SIZE):
        perm[cells[j]] = cells[(j - offset) % SIZE]
    return tuple(perm)


#: PERMS[line][offset] for offsets 0-5 (0 is the identity).
PERMS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(shift_permutation(line, k) for k in range(SIZE)) for line in range(len(LINES))
)


# -- anomalies ------------------------------------------------------------------------
@dataclass(frozen=True)
class Anomalies:
    """The seven optional anomalies (all off is the plain game)."""

    bombs: bool = False
    convertor: bool = False
    chameleon: bool = False
    pylons: bool = False
    rocks: bool = False
    shift_plus: bool = False
    spikes: bool = False

    @property
    def threshold(self) -> int:
        t = BASE_THRESHOLD
        t -= 50 * (self.bombs + self.rocks)
        t += 50 * (self.chameleon + self.pylons + self.spikes)
        return t

    def piece_counts(self) -> dict[int, int]:
        """How many of each piece the start board holds."""
        counts = {c: 9 for c in COLOURS}
        if self.bombs:
            counts[RED] -= 1
            counts[BLUE] -= 1
            counts[BOMB] = 2
        if self.chameleon:
            counts[GREEN] -= 1
            counts[YELLOW] -= 1
            counts[CHAMELEON] = 2
        if self.pylons:
            for c in COLOURS:
                counts[c] -= 1
            counts[PYLON] = 4
        if self.rocks:
            for c in COLOURS:
                counts[c] -= 1
            counts[ROCK] = 4
        return counts

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in ANOMALY_NAMES}

    @staticmethod
    def from_options(options: Mapping) -> "Anomalies":
        return Anomalies(**{k: bool(options.get(k, False)) for k in ANOMALY_NAMES})


ANOMALY_NAMES = ("bombs", "convertor", "chameleon", "pylons", "rocks", "shift_plus", "spikes")


def shifts_for_turn(turn: int, shift_plus: bool) -> int:
    """Shifts required in a player's ``turn``-th turn (counted from 1)."""
    if not shift_plus:
        return 3
    return min(5, 2 + (turn - 1) // 3)


# -- groups (the exact, scalar measure used by the rules) ------------------------------
@dataclass(frozen=True)
class Group:
    """A maximal orthogonally connected set of crystals of one colour (chameleons
    count in every colour).  ``size`` counts pylon-doubled cells twice."""

    colour: int
    cells: tuple[int, ...]
    size: int
    bombed: bool

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(cell_name(i) for i in self.cells)


def double_cells(board) -> frozenset[int]:
    """Cells whose row or column holds at least two pylons (they count 2)."""
    out: set[int] = set()
    for cells in LINE_CELLS:
        if sum(1 for i in cells if board[i] == PYLON) >= 2:
            out.update(cells)
    return frozenset(out)


def bomb_neighbourhood(board) -> frozenset[int]:
    return frozenset(n for i in range(CELLS) if board[i] == BOMB for n in NEIGHBOURS[i])


def colour_groups(board, colour: int) -> list[Group]:
    """Every group of ``colour`` on ``board`` (36 piece codes), largest first."""
    doubled = double_cells(board)
    bombed_at = bomb_neighbourhood(board)
    members = {i for i in range(CELLS) if board[i] == colour or board[i] == CHAMELEON}
    seen: set[int] = set()
    out = []
    for start in sorted(members):
        if start in seen:
            continue
        seen.add(start)
        comp = [start]
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            for n in NEIGHBOURS[cur]:
                if n in members and n not in seen:
                    seen.add(n)
                    comp.append(n)
                    queue.append(n)
        size = sum(2 if i in doubled else 1 for i in comp)
        bombed = any(i in bombed_at for i in comp)
        out.append(Group(colour, tuple(sorted(comp)), size, bombed))
    out.sort(key=lambda g: (-g.size, g.cells))
    return out


def largest_group(board, colour: int) -> Group | None:
    """The largest group of ``colour`` that is not bombed (None: size 0)."""
    for g in colour_groups(board, colour):
        if not g.bombed:
            return g
    return None


def largest_sizes(board) -> tuple[int, int, int, int]:
    """Largest unbombed group size of each colour (red, blue, green, yellow)."""
    out = []
    for c in COLOURS:
        g = largest_group(board, c)
        out.append(g.size if g else 0)
    red, blue, green, yellow = out
    return red, blue, green, yellow


# -- groups, batch version (numpy bitboards) ------------------------------------------
# Bit i of a 64-bit word is cell i.  Horizontal neighbours must not wrap between rows.
_FULL = np.uint64((1 << CELLS) - 1)
_NOT_COL0 = np.uint64(sum(1 << i for i in range(CELLS) if i % SIZE != 0))
_NOT_COL5 = np.uint64(sum(1 << i for i in range(CELLS) if i % SIZE != SIZE - 1))
_LINE_MASKS = tuple(np.uint64(sum(1 << i for i in cells)) for cells in LINE_CELLS)
_ONE, _SIX = np.uint64(1), np.uint64(6)


def _dilate(f: np.ndarray) -> np.ndarray:
    return f | ((f >> _ONE) & _NOT_COL5) | ((f << _ONE) & _NOT_COL0) | (f << _SIX) | (f >> _SIX)


_LOW_BITS = np.uint64(0x0101010101010101)
_GATHER = np.uint64(0x0102040810204080)  # moves bit 0 of byte j to bit 56 + j
_U = tuple(np.uint64(k) for k in range(64))


def board_masks(boards: np.ndarray) -> np.ndarray:
    """(N, 36) piece codes -> (6, N) uint64 bitboards: four colour masks (with
    chameleons), bombs, pylons."""
    n = boards.shape[0]
    # Read the cells eight at a time as 64-bit words; one multiplication gathers one
    # bit of each of the eight bytes into a byte.  Piece codes have three bits, and
    # boolean algebra on those three bitboards picks out every piece.
    buf = np.zeros((n, 40), dtype=np.uint8)
    buf[:, :CELLS] = boards
    words = np.ascontiguousarray(buf.view("<u8").T)  # (5, N)
    planes = []
    for k in range(3):
        packed = (((words >> _U[k]) & _LOW_BITS) * _GATHER) >> _U[56]
        planes.append(
            packed[0]
            | (packed[1] << _U[8])
            | (packed[2] << _U[16])
            | (packed[3] << _U[24])
            | (packed[4] << _U[32])
        )
    b0, b1, b2 = planes
    n0, n1, n2 = ~b0 & _FULL, ~b1 & _FULL, ~b2 & _FULL
    cham = b2 & n1 & b0
    out = np.empty((6, n), dtype=np.uint64)
    out[0] = (n2 & n1 & n0) | cham
    out[1] = (n2 & n1 & b0) | cham
    out[2] = (n2 & b1 & n0) | cham
    out[3] = (n2 & b1 & b0) | cham
    out[4] = b2 & n1 & n0
    out[5] = b2 & b1 & n0
    return out


def _largest_in(
    mask: np.ndarray, bombed_at: np.ndarray | None, doubled: np.ndarray | None
) -> np.ndarray:
    """Largest unbombed weighted component of each bitboard in ``mask`` (1-D uint64)."""
    n = mask.shape[0]
    best = np.zeros(n, dtype=np.int64)
    idx = np.arange(n)
    rem = mask.copy()
    bomb = bombed_at
    dbl = doubled
    while idx.size:
        seed = rem & (~rem + _ONE)
        comp = seed
        # grow every active component to its fixpoint; drop finished ones as we go
        active = np.arange(idx.size)
        grown = comp
        while active.size:
            cur = grown[active]
            r = rem[active]
            nxt = _dilate(cur) & r
            nxt = _dilate(nxt) & r
            grown[active] = nxt
            active = active[nxt != cur]
        comp = grown
        size = np.bitwise_count(comp).astype(np.int64)
        if dbl is not None:
            size += np.bitwise_count(comp & dbl)
        if bomb is not None:
            size[(comp & bomb) != 0] = 0
        sub_best = np.maximum(best[idx], size)
        best[idx] = sub_best
        rem = rem & ~comp
        left = np.bitwise_count(rem).astype(np.int64)
        if dbl is not None:
            left += np.bitwise_count(rem & dbl)
        keep = left > sub_best
        idx = idx[keep]
        rem = rem[keep]
        if bomb is not None:
            bomb = bomb[keep]
        if dbl is not None:
            dbl = dbl[keep]
    return best


BATCH_CHUNK = 16384  # boards per pass: keeps the working arrays in the CPU cache


def batch_largest(boards: np.ndarray) -> np.ndarray:
    """Largest unbombed group size per colour for many boards at once.

    ``boards`` is an (N, 36) integer array of piece codes (spike flag 8 allowed);
    returns an (N, 4) int64 array in colour order.  Agrees with ``largest_sizes``.
    """
    boards = np.asarray(boards, dtype=np.uint8)
    if boards.ndim == 1:
        boards = boards[None, :]
    n = boards.shape[0]
    if n > BATCH_CHUNK:
        return np.concatenate(
            [_batch_largest(boards[i : i + BATCH_CHUNK]) for i in range(0, n, BATCH_CHUNK)]
        )
    return _batch_largest(boards)


def _batch_largest(boards: np.ndarray) -> np.ndarray:
    n = boards.shape[0]
    masks = board_masks(boards)
    bombs, pylons = masks[4], masks[5]
    bombed_at = None
    if bombs.any():
        bombed_at = _dilate(bombs) & _FULL
    doubled = None
    if pylons.any():
        doubled = np.zeros(n, dtype=np.uint64)
        for lm in _LINE_MASKS:
            hit = np.bitwise_count(pylons & lm) >= 2
            doubled[hit] |= lm
    # all four colours as one long batch, so numpy's per-call overhead is paid once
    allmasks = masks[:4].reshape(-1)
    b4 = None if bombed_at is None else np.tile(bombed_at, 4)
    d4 = None if doubled is None else np.tile(doubled, 4)
    return _largest_in(allmasks, b4, d4).reshape(4, n).T


# -- moves ----------------------------------------------------------------------------
@dataclass(frozen=True)
class PickOrder:
    """Player 1 decides whether to pick colours first (one colour) or second (two)."""

    first: bool

    def __str__(self) -> str:
        return "pick first" if self.first else "pick second"


@dataclass(frozen=True)
class TakeColours:
    """A colour pick: one colour (first picker) or two (second picker), in colour order."""

    colours: tuple[int, ...]

    def __str__(self) -> str:
        return "take " + " ".join(COLOUR_NAMES[c] for c in self.colours)


@dataclass(frozen=True)
class MoveOrder:
    """Player 2 decides whether to move first or second."""

    first: bool

    def __str__(self) -> str:
        return "move first" if self.first else "move second"


@dataclass(frozen=True)
class Shift:
    """Move every piece of ``line`` (``"A"``-``"F"`` or ``"1"``-``"6"``) ``distance``
    cells in ``direction``, wrapping over the edge.  Notation ``C up 2``."""

    line: str
    direction: str
    distance: int

    def __str__(self) -> str:
        return f"{self.line} {self.direction} {self.distance}"

    @property
    def line_index(self) -> int:
        return LINES.index(self.line)

    @property
    def offset(self) -> int:
        """Forward offset 0-5 (down/right positive), the board effect of the shift."""
        return (self.distance if FORWARD[self.direction] else -self.distance) % SIZE


@dataclass(frozen=True)
class Convert:
    """Color Convertor: turn the crystal on ``cell`` into ``colour`` (``convert B3 blue``)."""

    cell: int
    colour: int

    def __str__(self) -> str:
        return f"convert {cell_name(self.cell)} {COLOUR_NAMES[self.colour]}"


@dataclass(frozen=True)
class Pass:
    """End the turn with no further shifts: the clock's action when a late player's
    stand-in does not move in time (the turn still scores)."""

    def __str__(self) -> str:
        return "pass"


# -- records --------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnRecord:
    """One finished turn: who moved, its actions, points each seat added (products
    and spikes) and the totals after it."""

    seat: int
    round: int
    actions: tuple[str, ...]
    products: tuple[int, int]
    spike_points: tuple[int, int]
    totals: tuple[int, int]

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "round": self.round,
            "actions": list(self.actions),
            "products": list(self.products),
            "spike_points": list(self.spike_points),
            "totals": list(self.totals),
        }

    @staticmethod
    def from_json(d: Mapping) -> "TurnRecord":
        return TurnRecord(
            int(d["seat"]),
            int(d["round"]),
            tuple(str(a) for a in d["actions"]),
            tuple(int(x) for x in d["products"]),  # type: ignore[arg-type]
            tuple(int(x) for x in d["spike_points"]),  # type: ignore[arg-type]
            tuple(int(x) for x in d["totals"]),  # type: ignore[arg-type]
        )


@dataclass(frozen=True)
class TurnPoints:
    """What a seat adds when a turn ends: ``sizes`` of its two colours' largest
    groups and their product; ``text`` is the pop-up, e.g. ``"+20 = 4 x 5"``."""

    seat: int
    colours: tuple[int, int]
    sizes: tuple[int, int]

    @property
    def points(self) -> int:
        return self.sizes[0] * self.sizes[1]

    @property
    def text(self) -> str:
        return f"+{self.points} = {self.sizes[0]} x {self.sizes[1]}"


SEAT_NAMES = (N_("Player 1"), N_("Player 2"))
# Why a move waits while the game is still being set up (by phase).
_NOT_YET = {
    "pick_order": N_("First Player 1 chooses to pick colours first or second"),
    "first_pick": N_("First the colours are picked"),
    "second_pick": N_("First the colours are picked"),
    "move_order": N_("First Player 2 chooses to move first or second"),
}


# -- state ----------------------------------------------------------------------------
@dataclass(frozen=True)
class CrystalConnectorState:
    """An immutable Crystal Connector position.  See the module docstring."""

    anomalies: Anomalies
    board: tuple[int, ...]
    spikes: tuple[bool, ...]
    phase: str = "pick_order"
    first_picker: int = -1
    colours: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    first_mover: int = -1
    to_move: int = 0
    totals: tuple[int, int] = (0, 0)
    turns_taken: tuple[int, int] = (0, 0)
    actions_this_turn: tuple[str, ...] = ()
    lines_this_turn: tuple[str, ...] = ()
    banned: tuple[str, ...] = ()
    spikes_travelled_this_turn: int = 0
    turn_log: tuple[TurnRecord, ...] = ()
    places: tuple[int, ...] = ()
    # How the game ended, as a code ("threshold", "rounds"): the outcome words it in
    # the reader's language from the totals, so the state holds no words.  Any other
    # text (a state file from before the codes) is the reason as written.
    end_reason: str = ""

    # -- building -----------------------------------------------------------------
    @staticmethod
    def from_diagram(
        text: str, anomalies: Anomalies | None = None, **fields
    ) -> "CrystalConnectorState":
        """A state from six rows of six characters (spaces ignored):
        ``R B G Y`` crystals (lower case: with spikes), ``X`` bomb, ``C`` chameleon,
        ``P`` pylon, ``O`` rock.  Other fields (phase, colours, totals...) by keyword."""
        board, spikes = parse_diagram(text)
        return CrystalConnectorState(anomalies or Anomalies(), board, spikes, **fields)

    def diagram(self) -> str:
        return board_diagram(self.board, self.spikes)

    # -- contract -----------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def threshold(self) -> int:
        return self.anomalies.threshold

    @property
    def round_number(self) -> int:
        if self.phase in SETUP_PHASES:
            return 0
        second = 1 - self.first_mover
        done = self.turns_taken[second]
        return done if self.phase == "over" else done + 1

    def current_player(self) -> int:
        return -1 if self.phase == "over" else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome(self.places, self.end_words())

    def end_words(self) -> str:
        """Why the game ended, in the current language."""
        a, b = self.totals
        winner = 0 if a > b else 1
        if self.end_reason == "threshold":
            return _("{seat} wins {a} to {b} (threshold {threshold})").format(
                seat=seat_name(winner), a=max(a, b), b=min(a, b), threshold=self.threshold
            )
        if self.end_reason == "rounds":
            if a == b:
                return _("Drawn at {a} all after {n} rounds").format(a=a, n=MAX_ROUNDS)
            return _("{seat} leads {a} to {b} after {n} rounds").format(
                seat=seat_name(winner), a=max(a, b), b=min(a, b), n=MAX_ROUNDS
            )
        return self.end_reason

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def returns(self) -> tuple[float, ...]:
        out = self.outcome()
        return out.returns() if out else (0.0, 0.0)

    def timeout_move(self, seat: int):
        """Play: ``pass`` (the turn ends, still scores).  Setup: the first listed
        choice, so a game never waits forever on an absent player."""
        if self.phase == "over" or seat != self.to_move:
            return None
        if self.phase == "play":
            return Pass()
        return self.legal_moves()[0]

    def legal_moves(self) -> list:
        p = self.phase
        if p == "over":
            return []
        if p == "pick_order":
            return [PickOrder(True), PickOrder(False)]
        if p == "move_order":
            return [MoveOrder(True), MoveOrder(False)]
        if p == "first_pick":
            return [TakeColours((c,)) for c in COLOURS]
        if p == "second_pick":
            taken = self.colours[self.first_picker]
            left = [c for c in COLOURS if c not in taken]
            return [TakeColours((a, b)) for i, a in enumerate(left) for b in left[i + 1 :]]
        moves: list = []
        if self.can_convert():
            mine = self.seat_colours(self.to_move)
            for i in range(CELLS):
                if self.board[i] in mine:
                    other = mine[1] if self.board[i] == mine[0] else mine[0]
                    moves.append(Convert(i, other))
        for line in LINES:
            moves.extend(self.legal_shifts(line))
        if not any(isinstance(m, Shift) for m in moves):
            # Cannot happen with four rocks and five banned lines at most, but a turn
            # must always be able to end.
            moves.append(Pass())
        return moves

    # -- refusals -----------------------------------------------------------------
    def why_illegal(self, move) -> str | None:
        """The readable reason ``apply(move)`` would refuse ``move``, or None."""
        p = self.phase
        if p == "over":
            return _("The game is over")
        if isinstance(move, PickOrder):
            if p != "pick_order":
                return _("The colour pick order has already been chosen")
            return None
        if isinstance(move, MoveOrder):
            if p != "move_order":
                return _("It is not time to choose who moves first")
            return None
        if isinstance(move, TakeColours):
            if p == "first_pick":
                if len(move.colours) != 1:
                    return _("The first pick is one colour, like 'take red'")
                if move.colours[0] not in COLOURS:
                    return _("Pick red, blue, green or yellow")
                return None
            if p == "second_pick":
                taken = self.colours[self.first_picker]
                if len(move.colours) != 2 or move.colours[0] == move.colours[1]:
                    return _("The second pick is two colours, like 'take blue green'")
                for c in move.colours:
                    if c in taken:
                        return _("{colour} is already taken").format(colour=_(COLOUR_TITLES[c]))
                return None
            return _("It is not time to pick colours")
        if p != "play":
            return _(_NOT_YET[p])
        if isinstance(move, Pass):
            # The clock's action (see ``apply_timeout``); by choice only when no line
            # can shift at all, which four rocks and five banned lines never cause.
            if any(self.legal_shifts(line) for line in LINES):
                return _(
                    "Passing is allowed only when the clock ran out and the stand-in "
                    "did not move; shift a line"
                )
            return None
        if isinstance(move, Convert):
            return self._why_not_convert(move)
        if isinstance(move, Shift):
            return self._why_not_shift(move)
        return _("{move} is not a Crystal Connector move").format(move=quoted(str(move)))

    def _why_not_convert(self, move: Convert) -> str | None:
        if not self.anomalies.convertor:
            return _("Converting needs the Color Convertor anomaly")
        if self.shifts_done() > 0:
            return _("Convert only at the start of your turn, before any shift")
        if any(a.startswith("convert") for a in self.actions_this_turn):
            return _("You have already converted a crystal this turn")
        if not 0 <= move.cell < CELLS:
            return _("That cell is off the board")
        piece = self.board[move.cell]
        label = cell_name(move.cell)
        if piece not in COLOURS:
            return _("{cell} holds a {piece}, not a crystal").format(
                cell=label, piece=_(PIECE_NAMES[piece])
            )
        mine = self.seat_colours(self.to_move)
        if piece not in mine:
            return _("{cell} is {colour}, not one of your colours").format(
                cell=label, colour=colour_word(piece)
            )
        if move.colour == piece:
            return _("{cell} is already {colour}").format(cell=label, colour=colour_word(piece))
        if move.colour not in mine:
            return _("You can only convert into your other colour ({colour})").format(
                colour=colour_word(_other(mine, piece))
            )
        return None

    def _why_not_shift(self, move: Shift) -> str | None:
        if move.line not in LINES:
            return _("There is no line {line}: columns are A-F, rows 1-6").format(
                line=quoted(str(move.line))
            )
        kind = line_kind(move.line)
        if move.direction not in DIRECTIONS_OF[kind]:
            a, b = DIRECTIONS_OF[kind]
            return _("{line} moves {a} or {b}, not {direction}").format(
                line=line_label(move.line), a=a, b=b, direction=move.direction
            )
        if not 1 <= move.distance <= SIZE - 1:
            return _("A shift moves 1 to 5 spaces")
        if move.line in self.banned:
            return _("{line} was shifted by your opponent last turn").format(
                line=line_label(move.line)
            )
        back, fwd = self.line_limits(move.line)
        limit = fwd if FORWARD[move.direction] else back
        if move.distance > limit:
            rock = self._edge_rock(move.line, FORWARD[move.direction])
            if limit == 0:
                return _(
                    "The rock on {cell} is at the edge: {line} cannot move {direction}"
                ).format(cell=cell_name(rock), line=line_label(move.line), direction=move.direction)
            return _(
                "The rock on {cell} would go over the edge: {line} can move {direction} at most {n}"
            ).format(
                cell=cell_name(rock), line=line_label(move.line), direction=move.direction, n=limit
            )
        return None

    # -- applying -----------------------------------------------------------------
    def apply(self, move) -> "CrystalConnectorState":
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        return self._apply(move)

    def apply_timeout(self, move) -> "CrystalConnectorState":
        """The clock's action (``timeout_move``): a ``pass`` is accepted here, where
        ``apply`` refuses it.  Only the match calls this, when a clock ran out."""
        if isinstance(move, Pass) and self.phase == "play":
            return self._apply(move)
        return self.apply(move)

    def _apply(self, move) -> "CrystalConnectorState":
        p = self.phase
        if isinstance(move, PickOrder):
            return replace(
                self,
                phase="first_pick",
                first_picker=0 if move.first else 1,
                to_move=0 if move.first else 1,
            )
        if isinstance(move, TakeColours):
            if p == "first_pick":
                cols = list(self.colours)
                cols[self.first_picker] = move.colours
                return replace(
                    self,
                    phase="second_pick",
                    colours=(cols[0], cols[1]),
                    to_move=1 - self.first_picker,
                )
            first = self.colours[self.first_picker]
            last = next(c for c in COLOURS if c not in first and c not in move.colours)
            cols = list(self.colours)
            cols[self.first_picker] = tuple(sorted(first + (last,)))
            cols[1 - self.first_picker] = tuple(sorted(move.colours))
            return replace(self, phase="move_order", colours=(cols[0], cols[1]), to_move=1)
        if isinstance(move, MoveOrder):
            mover = 1 if move.first else 0
            return replace(self, phase="play", first_mover=mover, to_move=mover)
        if isinstance(move, Pass):
            return self._end_turn(self.actions_this_turn + (str(move),))
        if isinstance(move, Convert):
            cells = list(self.board)
            cells[move.cell] = move.colour
            return replace(
                self, board=tuple(cells), actions_this_turn=self.actions_this_turn + (str(move),)
            )
        # a shift
        board, spikes = self.shift_result(move)
        travelled = self.spike_cost(move)
        totals = list(self.totals)
        totals[1 - self.to_move] += travelled
        nxt = replace(
            self,
            board=board,
            spikes=spikes,
            totals=(totals[0], totals[1]),
            actions_this_turn=self.actions_this_turn + (str(move),),
            lines_this_turn=self.lines_this_turn + (move.line,),
            spikes_travelled_this_turn=self.spikes_travelled_this_turn + travelled,
        )
        if nxt.shifts_done() >= self.shifts_required():
            return nxt._end_turn(nxt.actions_this_turn)
        return nxt

    def _end_turn(self, actions: tuple[str, ...]) -> "CrystalConnectorState":
        mover = self.to_move
        sizes = largest_sizes(self.board)
        products = tuple(sizes[a] * sizes[b] for a, b in self.colours)
        totals = (self.totals[0] + products[0], self.totals[1] + products[1])
        taken = list(self.turns_taken)
        taken[mover] += 1
        taken_t = (taken[0], taken[1])
        spike_pts = [0, 0]
        spike_pts[1 - mover] = self.spikes_travelled_this_turn
        record = TurnRecord(
            mover,
            self.round_number,
            actions,
            products,  # type: ignore[arg-type]
            (spike_pts[0], spike_pts[1]),
            totals,
        )
        spikes = self.spikes
        if min(taken) >= SPIKE_TURNS and any(spikes):
            spikes = (False,) * CELLS
        nxt = replace(
            self,
            totals=totals,
            turns_taken=taken_t,
            actions_this_turn=(),
            lines_this_turn=(),
            banned=tuple(sorted(set(self.lines_this_turn), key=LINES.index)),
            spikes_travelled_this_turn=0,
            turn_log=self.turn_log + (record,),
            to_move=1 - mover,
            spikes=spikes,
        )
        if mover != self.first_mover:  # the second mover's turn closes a round
            rounds = taken[mover]
            a, b = totals
            if max(a, b) >= self.threshold and a != b:
                w = 0 if a > b else 1
                return replace(
                    nxt,
                    phase="over",
                    places=(1, 2) if w == 0 else (2, 1),
                    end_reason="threshold",
                )
            if rounds >= MAX_ROUNDS:
                if a == b:
                    return replace(
                        nxt,
                        phase="over",
                        places=(1, 1),
                        end_reason="rounds",
                    )
                w = 0 if a > b else 1
                return replace(
                    nxt,
                    phase="over",
                    places=(1, 2) if w == 0 else (2, 1),
                    end_reason="rounds",
                )
        return nxt

    # -- notation -----------------------------------------------------------------
    def parse_move(self, text: str):
        return parse_move(text)

    # -- helpers for screens and bots ---------------------------------------------
    def seat_colours(self, seat: int) -> tuple[int, ...]:
        return self.colours[seat]

    def colour_owner(self, colour: int) -> int:
        """Seat controlling ``colour``, or -1 while it is unpicked."""
        for seat in (0, 1):
            if colour in self.colours[seat]:
                return seat
        return -1

    def shifts_done(self) -> int:
        return len(self.lines_this_turn)

    def shifts_required(self) -> int:
        """Shifts in the current mover's current turn (3, or Shift Plus's count)."""
        if self.phase != "play":
            return 0
        return shifts_for_turn(self.turns_taken[self.to_move] + 1, self.anomalies.shift_plus)

    def shifts_left(self) -> int:
        return self.shifts_required() - self.shifts_done()

    def can_convert(self) -> bool:
        return (
            self.phase == "play"
            and self.anomalies.convertor
            and self.shifts_done() == 0
            and not any(a.startswith("convert") for a in self.actions_this_turn)
        )

    @property
    def spikes_active(self) -> bool:
        return any(self.spikes)

    def banned_lines(self) -> dict[str, str]:
        """Lines the mover may not shift this turn, with the reason."""
        if self.phase != "play":
            return {}
        return {
            line: _("{line} was shifted by your opponent last turn").format(line=line_label(line))
            for line in self.banned
        }

    def line_limits(self, line: str) -> tuple[int, int]:
        """How far ``line`` may move (backward = up/left, forward = down/right): 5 each
        way unless rocks would go over the edge."""
        cells = LINE_CELLS[LINES.index(line)]
        pos = [j for j, i in enumerate(cells) if self.board[i] == ROCK]
        if not pos:
            return (SIZE - 1, SIZE - 1)
        return (min(pos), SIZE - 1 - max(pos))

    def _edge_rock(self, line: str, forward: bool) -> int:
        cells = LINE_CELLS[LINES.index(line)]
        rocks = [i for i in cells if self.board[i] == ROCK]
        return rocks[-1] if forward else rocks[0]

    def legal_shifts(self, line: str) -> list[Shift]:
        """Legal shifts of one line now, in notation order."""
        if self.phase != "play" or line in self.banned:
            return []
        back, fwd = self.line_limits(line)
        a, b = DIRECTIONS_OF[line_kind(line)]
        return [Shift(line, a, d) for d in range(1, back + 1)] + [
            Shift(line, b, d) for d in range(1, fwd + 1)
        ]

    def shift_result(self, move: Shift) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        """(board, spikes) after ``move``, without checking or scoring it."""
        perm = PERMS[LINES.index(move.line)][move.offset]
        return (tuple(self.board[p] for p in perm), tuple(self.spikes[p] for p in perm))

    def spike_cost(self, move: Shift) -> int:
        """Points the mover's opponent gets for this shift (spikes x distance)."""
        cells = LINE_CELLS[LINES.index(move.line)]
        return sum(1 for i in cells if self.spikes[i]) * move.distance

    def groups(self, colour: int) -> list[Group]:
        return colour_groups(self.board, colour)

    def largest_group(self, colour: int) -> Group | None:
        return largest_group(self.board, colour)

    def largest_groups(self, seat: int) -> dict[int, Group | None]:
        return {c: largest_group(self.board, c) for c in self.colours[seat]}

    def turn_points_preview(self) -> tuple[TurnPoints, ...]:
        """What each seat would add if the turn ended on the board as it is."""
        if any(len(c) != 2 for c in self.colours):
            return ()
        sizes = largest_sizes(self.board)
        return tuple(
            TurnPoints(s, (a, b), (sizes[a], sizes[b])) for s, (a, b) in enumerate(self.colours)
        )

    def double_cells(self) -> frozenset[int]:
        return double_cells(self.board)

    def bombed_cells(self) -> frozenset[int]:
        """Cells of crystals in bombed groups (they cannot be a largest group)."""
        out: set[int] = set()
        for c in COLOURS:
            for g in colour_groups(self.board, c):
                if g.bombed:
                    out.update(g.cells)
        return frozenset(out)

    def score_history(self) -> list[tuple[int, int, int]]:
        """(round, total of seat 0, total of seat 1) at the end of each round, plus the
        totals so far of an unfinished round."""
        out = [
            (rec.round, rec.totals[0], rec.totals[1])
            for rec in self.turn_log
            if rec.seat != self.first_mover
        ]
        if self.turn_log and self.turn_log[-1].seat == self.first_mover:
            rec = self.turn_log[-1]
            out.append((rec.round, rec.totals[0], rec.totals[1]))
        return out

    # -- JSON -----------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "anomalies": self.anomalies.to_json(),
            "board": self.diagram().split("\n"),
            "phase": self.phase,
            "first_picker": self.first_picker,
            "colours": [[COLOUR_NAMES[c] for c in cs] for cs in self.colours],
            "first_mover": self.first_mover,
            "to_move": self.to_move,
            "totals": list(self.totals),
            "turns_taken": list(self.turns_taken),
            "actions_this_turn": list(self.actions_this_turn),
            "lines_this_turn": list(self.lines_this_turn),
            "banned": list(self.banned),
            "spikes_travelled_this_turn": self.spikes_travelled_this_turn,
            "turn_log": [r.to_json() for r in self.turn_log],
            "places": list(self.places),
            "end_reason": self.end_reason,
        }

    @staticmethod
    @state_reader("Crystal Connector")
    def from_json(d: Mapping) -> "CrystalConnectorState":
        board, spikes = parse_diagram("\n".join(d["board"]))
        return CrystalConnectorState(
            anomalies=Anomalies(**{k: bool(d["anomalies"].get(k, False)) for k in ANOMALY_NAMES}),
            board=board,
            spikes=spikes,
            phase=str(d["phase"]),
            first_picker=int(d["first_picker"]),
            colours=tuple(tuple(COLOUR_NAMES.index(c) for c in cs) for cs in d["colours"]),  # type: ignore[arg-type]
            first_mover=int(d["first_mover"]),
            to_move=int(d["to_move"]),
            totals=tuple(int(x) for x in d["totals"]),  # type: ignore[arg-type]
            turns_taken=tuple(int(x) for x in d["turns_taken"]),  # type: ignore[arg-type]
            actions_this_turn=tuple(str(a) for a in d["actions_this_turn"]),
            lines_this_turn=tuple(str(a) for a in d["lines_this_turn"]),
            banned=tuple(str(a) for a in d["banned"]),
            spikes_travelled_this_turn=int(d["spikes_travelled_this_turn"]),
            turn_log=tuple(TurnRecord.from_json(r) for r in d["turn_log"]),
            places=tuple(int(x) for x in d["places"]),
            end_reason=str(d["end_reason"]),
        )


SETUP_PHASES = ("pick_order", "first_pick", "second_pick", "move_order")


def _other(pair: tuple[int, ...], colour: int) -> int:
    return pair[1] if pair[0] == colour else pair[0]


def parse_diagram(text: str) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    rows = [r.replace(" ", "") for r in text.strip().splitlines() if r.strip()]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise BadState("a board diagram is six rows of six pieces")
    board, spikes = [], []
    for r in rows:
        for ch in r:
            if ch.upper() not in _CHAR_OF:
                raise BadState(f"unknown piece {quoted(ch)} in a board diagram (use RBGY XCPO)")
            board.append(_CHAR_OF.index(ch.upper()))
            spiked = ch.islower()
            if spiked and ch.upper() not in "RBGY":
                raise BadState("only crystals carry spikes")
            spikes.append(spiked)
    return tuple(board), tuple(spikes)


def board_diagram(board, spikes) -> str:
    rows = []
    for r in range(SIZE):
        chars = []
        for c in range(SIZE):
            i = r * SIZE + c
            ch = _CHAR_OF[board[i]]
            chars.append(ch.lower() if spikes[i] else ch)
        rows.append(" ".join(chars))
    return "\n".join(rows)


# -- notation -------------------------------------------------------------------------
# Notation, the same in every language.
_EXAMPLES = "'C up 2', '2 right 3', 'convert B3 blue', 'take red', 'pick first', 'move second'"


def _colour_word(word: str) -> int:
    w = word.lower()
    for i, name in enumerate(COLOUR_NAMES):
        if w == name or (len(w) == 1 and w == name[0]):
            return i
    raise IllegalMove(
        _("{word} is not a colour: red, blue, green or yellow").format(word=quoted(word))
    )


def parse_move(text: str):
    """Read a move in notation (case-insensitive).  Raises IllegalMove for junk."""
    words = move_text(text).strip().lower().replace(",", " ").split()
    if not words:
        raise IllegalMove(
            _("Write a move, like one of these: {examples}").format(examples=_EXAMPLES)
        )
    head = words[0]
    if words == ["pass"]:
        return Pass()
    if head in ("pick", "move") and len(words) == 2 and words[1] in ("first", "second"):
        first = words[1] == "first"
        return PickOrder(first) if head == "pick" else MoveOrder(first)
    if head == "take":
        names = [w for w in words[1:] if w != "and"]
        if len(names) not in (1, 2):
            raise IllegalMove(_("Take one colour ('take red') or two ('take blue green')"))
        cols = tuple(sorted(_colour_word(w) for w in names))
        if len(cols) == 2 and cols[0] == cols[1]:
            raise IllegalMove(_("Take two different colours"))
        return TakeColours(cols)
    if head == "convert":
        if len(words) != 3:
            raise IllegalMove(_("Write a conversion like 'convert B3 blue'"))
        return Convert(parse_cell(words[1]), _colour_word(words[2]))
    if len(words) == 3:
        line = words[0].upper()
        if line in LINES:
            direction = words[1]
            if direction not in FORWARD:
                raise IllegalMove(
                    _("{word} is not a direction: up, down, left or right").format(
                        word=quoted(words[1])
                    )
                )
            kind = line_kind(line)
            if direction not in DIRECTIONS_OF[kind]:
                a, b = DIRECTIONS_OF[kind]
                raise IllegalMove(
                    _("{line} moves {a} or {b}, not {direction}").format(
                        line=line_label(line), a=a, b=b, direction=direction
                    )
                )
            distance = ascii_int(words[2], 1)
            if distance is None or not 1 <= distance <= SIZE - 1:
                raise IllegalMove(
                    _("{word} is not a distance: shift 1 to 5 spaces").format(word=quoted(words[2]))
                )
            return Shift(line, direction, distance)
        raise IllegalMove(
            _("{word} is not a line: columns are A-F, rows 1-6").format(word=quoted(words[0]))
        )
    raise IllegalMove(
        _("Cannot read {text}: write a move like {examples}").format(
            text=quoted(text), examples=_EXAMPLES
        )
    )


# -- new game -------------------------------------------------------------------------
def new_board(rng: random.Random, anomalies: Anomalies) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """A shuffled start board; rocks on four different rows and columns; spikes on two
    crystals of each colour."""
    counts = anomalies.piece_counts()
    board: list[int | None] = [None] * CELLS
    if anomalies.rocks:
        rows = rng.sample(range(SIZE), counts[ROCK])
        cols = rng.sample(range(SIZE), counts[ROCK])
        for r, c in zip(rows, cols, strict=True):
            board[r * SIZE + c] = ROCK
    bag = [p for p, n in sorted(counts.items()) if p != ROCK for _ in range(n)]
    rng.shuffle(bag)
    it = iter(bag)
    for i in range(CELLS):
        if board[i] is None:
            board[i] = next(it)
    spikes = [False] * CELLS
    if anomalies.spikes:
        for c in COLOURS:
            cells = [i for i in range(CELLS) if board[i] == c]
            for i in rng.sample(cells, 2):
                spikes[i] = True
    return tuple(board), tuple(spikes)  # type: ignore[arg-type]


def _new_state(rng: random.Random, players: int, options: Mapping) -> CrystalConnectorState:
    anomalies = Anomalies.from_options(options)
    board, spikes = new_board(rng, anomalies)
    return CrystalConnectorState(anomalies, board, spikes)


def _validate(players: int, options: Mapping) -> None:
    if players != 2:
        raise ValueError("Crystal Connector is for 2 players")
    counts = Anomalies.from_options(options).piece_counts()
    if sum(counts.values()) != CELLS or min(counts.values()) < 2:
        raise ValueError("These anomalies do not fit on the 36 cells together")


def _move_bound(players: int, options: Mapping) -> int:
    a = Anomalies.from_options(options)
    per_turn = (5 if a.shift_plus else 3) + (1 if a.convertor else 0)
    return 4 + 2 * MAX_ROUNDS * per_turn + 1


SPEC = GameSpec(
    id="crystal-connector",
    title="Crystal Connector",
    tagline=N_("Shift rows and columns to grow your colours and split your opponent's."),
    min_players=2,
    max_players=2,
    default_players=2,
    options=(
        Option(
            "bombs",
            N_("Bombs"),
            help=N_("Two bombs; groups touching one do not count. Threshold -50."),
        ),
        Option(
            "convertor",
            N_("Color Convertor"),
            help=N_(
                "Before your first shift you may turn one of your crystals into your other colour."
            ),
        ),
        Option(
            "chameleon",
            N_("Chameleon"),
            help=N_("Two chameleons count as every colour. Threshold +50."),
        ),
        Option(
            "pylons",
            N_("Pylons"),
            help=N_("Crystals in a line with two pylons count double. Threshold +50."),
        ),
        Option(
            "rocks", N_("Rocks"), help=N_("Four rocks that may not cross the edge. Threshold -50.")
        ),
        Option(
            "shift_plus",
            N_("Shift Plus"),
            help=N_("Turns 1-3 have 2 shifts, then one more every three turns, up to 5."),
        ),
        Option(
            "spikes",
            N_("Spikes"),
            help=N_(
                "Every space a spike travels on your turn gives your opponent 1 point. "
                "Threshold +50."
            ),
        ),
    ),
    new_state=_new_state,
    from_json=CrystalConnectorState.from_json,
    move_bound=_move_bound,
    seat_names=lambda n: tuple(seat_name(i) for i in range(n)),  # as shown
    tournament_clock=ClockPreset(90, 180),
    timeout_policy="proxy",
    validate=_validate,
    rules_card="crystal-connector.md",
)
