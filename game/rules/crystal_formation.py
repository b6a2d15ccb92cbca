"""Crystal Formation: grow crystal nodes into trees while your influence wears down
your opponents' nodes.  2-4 players on an 8x8 board, 5-6 on a hexagon of side 6.

The rules as this project plays them are in ``seeds/crystal-formation.md`` (the card
shown in game); in short:

- Every player owns fifteen pyramids, five each of small (S, 1 pip), medium (M, 2) and
  large (L, 3).  A *node* is a stack on one cell with at most one piece of each size;
  its *power* is its pips (1-6).  A *tree* is S+M+L.  Everyone starts with a tree in
  a corner, so each stash starts with 4/4/4.
- A piece of size k influences the ring of cells at exactly distance k from its cell
  (Chebyshev distance on the square board, hex distance on the hexagon).  A node's
  *area* is the union of its pieces' rings.
- A turn is one action: ``place d4`` (a small from the stash onto an empty cell in the
  area of one of your nodes), ``grow d4 M`` (raise a node by one power; the letter is
  the piece that comes in: S adds a small, M turns the small into a medium, L turns
  the medium into a large), ``move d4-f6`` (a node to an empty cell in the area of
  another of your nodes; trees go anywhere empty), or ``pass`` when nothing is legal.
- End of turn, the mover's nodes only: each one inside an opponent's area loses one
  power (decay), then each non-tree node outside the area of the mover's other nodes
  dies.  Five trees at the end of your turn win; after 100 rounds most trees, then
  most power, wins.

Usage::

    >>> from game.rules.crystal_formation import SPEC
    >>> state = SPEC.new_game(seed=1, players=2)
    >>> state = state.apply(state.parse_move("place b2"))
    >>> str(state.legal_moves()[0])
    'place e5'
    >>> state.stash(0)
    (3, 4, 4)

Cells are ``(col, row)`` tuples, both 0-based, row 0 at the top, labelled like ``A1``
(moves print them in lower case: ``place d4``).  The square board is columns A-H by
rows 1-8.  The hexagon uses axial coordinates ``q = col - 5, r = row - 5`` (a cell
exists when ``max(|q|, |r|, |q + r|) <= 5``): columns A-K, rows 1-11, row 1 runs F1-K1,
row 6 runs A6-K6 and row 11 runs A11-F11.  :func:`cell_position` gives drawing centres.

What a screen can ask a state (all read-only):

- ``board_kind`` ("square" or "hex"), ``cells()``, ``is_cell(cell)``, ``seat_names``.
- ``node_at(cell)`` -> :class:`Node` or None; ``nodes(seat=None)`` -> tuple of Node.
- ``node_area(cell)`` (cells a node influences), ``influence_rings(cell)`` ({"S": cells,
  ...} for hovering), ``area(seat)``, ``enemy_influence(seat)`` (the "threat" view).
- ``stash(seat)`` -> (small, medium, large); ``trees(seat)``; ``power(seat)``;
  ``score_breakdown(seat)`` (dict for panels); ``to_move``; ``round_number``;
  ``rounds_left``; ``must_pass()``; ``winner``.
- ``place_targets()``, ``grow_options(cell)``, ``move_targets(cell)`` for highlighting;
  ``why_illegal(move)`` -> readable reason or None.
- ``decay_preview(move=None)`` -> :class:`TurnEnd`: which of the mover's nodes would
  decay or die (and whether the mover would win) if the turn ended after ``move``
  (``None``: with the board as it stands).  ``apply`` uses the same code, so the
  preview is exactly what happens.

Module functions: :func:`cell_position` / :func:`board_cells` / :func:`ring` /
:func:`distance` for drawing and explaining the geometry.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Iterable, Mapping

from game.rules.contract import (
    BadState,
    GameSpec,
    IllegalMove,
    Outcome,
    ascii_int,
    move_text,
    quoted,
    state_reader,
)
from game.rules.grid import LETTERS, cell_name
from game.text.i18n import N_, _

Cell = tuple[int, int]

# Piece sizes are bits of a node's mask; a tree is all three.
SMALL, MEDIUM, LARGE = 1, 2, 4
TREE = SMALL | MEDIUM | LARGE
SIZE_LETTERS = "SML"
SIZE_BITS = {"S": SMALL, "M": MEDIUM, "L": LARGE}
SIZE_NAMES = {"S": "small", "M": "medium", "L": "large"}
# A piece of size k (pips k) influences the ring at exactly distance k.
RING_DISTANCE = {"S": 1, "M": 2, "L": 3}
POWER = tuple((m & 1) + 2 * ((m >> 1) & 1) + 3 * ((m >> 2) & 1) for m in range(8))

PIECES_PER_SIZE = 5
TREES_TO_WIN = 5
ROUND_LIMIT = 100

SEAT_NAMES = (N_("Ruby"), N_("Sapphire"), N_("Emerald"), N_("Topaz"), N_("Amethyst"), N_("Pearl"))


def seat_name(seat: int) -> str:
    """The seat's name as shown (SEAT_NAMES are the data kept in saves)."""
    return _(SEAT_NAMES[seat])


def _join_names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{some} and {last}").format(some=", ".join(names[:-1]), last=names[-1])


HEX_SIDE = 6


def pieces_text(mask: int) -> str:
    """``7`` -> ``"SML"``: a node's pieces, small first."""
    return "".join(ch for ch in SIZE_LETTERS if mask & SIZE_BITS[ch])


def pieces_mask(text: str) -> int:
    mask = 0
    for ch in text.upper():
        if ch not in SIZE_BITS or mask & SIZE_BITS[ch]:
            raise BadState(f"{quoted(text)} is not a node (at most one each of S, M, L)")
        mask |= SIZE_BITS[ch]
    if not mask:
        raise BadState("a node has at least one piece")
    return mask


# --------------------------------------------------------------------------------------
# Geometry: both boards are data (a cell list and a distance function), so rings,
# areas and corners come from one code path and a test can draw them by hand.


def _square_distance(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _hex_distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def board_kind_for(players: int) -> str:
    """The board the rules give a player count: square for 2-4, hex for 5-6."""
    return "square" if players <= 4 else "hex"


def board_cells(kind: str) -> tuple[Cell, ...]:
    """Every cell of a board in reading order (rows top to bottom, then columns)."""
    if kind == "square":
        return tuple((c, r) for r in range(8) for c in range(8))
    if kind == "hex":
        n = HEX_SIDE - 1
        return tuple(
            (c, r)
            for r in range(2 * n + 1)
            for c in range(2 * n + 1)
            if max(abs(c - n), abs(r - n), abs(c + r - 2 * n)) <= n
        )
    raise ValueError(f"unknown board {quoted(str(kind))}")


def distance(kind: str, a: Cell, b: Cell) -> int:
    """Chebyshev distance on the square board, hex distance on the hexagon."""
    return _square_distance(a, b) if kind == "square" else _hex_distance(a, b)


def ring(kind: str, cell: Cell, k: int) -> tuple[Cell, ...]:
    """Cells at exactly distance ``k`` from ``cell`` (clipped to the board), reading order."""
    return tuple(c for c in board_cells(kind) if distance(kind, cell, c) == k)


def cell_position(kind: str, cell: Cell) -> tuple[float, float]:
    """Drawing centre of a cell, in units of the distance between neighbouring centres
    (x to the right, y down).  Square: the cell's column and row.  Hex: pointy-top
    cells of circumradius 1/sqrt(3); the board is a flat-topped hexagon whose corner
    cells are F1 (top left), K1, K6, F11, A11 and A6.  Pure math, no pygame."""
    col, row = cell
    if kind == "square":
        return float(col), float(row)
    n = HEX_SIDE - 1
    q, r = col - n, row - n
    return q + r / 2.0, r * math.sqrt(3) / 2.0


def board_extent(kind: str) -> tuple[float, float, float, float]:
    """(min_x, min_y, max_x, max_y) of the cell centres from :func:`cell_position`."""
    pts = [cell_position(kind, c) for c in board_cells(kind)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _corners(kind: str) -> tuple[Cell, ...]:
    """Starting corners, clockwise from the top left."""
    if kind == "square":
        return ((0, 0), (7, 0), (7, 7), (0, 7))
    n = HEX_SIDE - 1
    return ((n, 0), (2 * n, 0), (2 * n, n), (n, 2 * n), (0, 2 * n), (0, n))


def start_corners(players: int) -> tuple[Cell, ...]:
    """Each seat's starting corner: opposite corners for two, clockwise in turn order
    for three and four; on the hexagon the corners clockwise from F1 (five players
    leave A6 empty)."""
    corners = _corners(board_kind_for(players))
    if players == 2:
        return (corners[0], corners[2])
    return corners[:players]


class Geometry:
    """Precomputed tables for one board: cell indices and influence bitsets.

    Bit ``i`` of a bitset is ``cells[i]``.  ``area[i][mask]`` is the area of a node
    with pieces ``mask`` on cell ``i``."""

    def __init__(self, kind: str):
        self.kind = kind
        self.cells = board_cells(kind)
        self.size = len(self.cells)
        self.index = {c: i for i, c in enumerate(self.cells)}
        self.width = max(c for c, _ in self.cells) + 1
        self.height = max(r for _, r in self.cells) + 1
        self.full = (1 << self.size) - 1
        rings = []
        for _i, a in enumerate(self.cells):
            per_k = [0, 0, 0, 0]
            for j, b in enumerate(self.cells):
                d = distance(kind, a, b)
                if 1 <= d <= 3:
                    per_k[d] |= 1 << j
            rings.append(per_k)
        self.rings = tuple(tuple(r) for r in rings)
        self.area = tuple(
            tuple(
                (r[1] if m & SMALL else 0)
                | (r[2] if m & MEDIUM else 0)
                | (r[3] if m & LARGE else 0)
                for m in range(8)
            )
            for r in self.rings
        )

    def cell_name(self, i: int) -> str:
        return cell_name(self.cells[i])

    def cells_of(self, bits: int) -> tuple[Cell, ...]:
        return tuple(self.cells[i] for i in iter_bits(bits))

    def parse_cell(self, text: str) -> Cell:
        t = text.strip().upper()
        number = ascii_int(t[1:], 3)
        if not t[:1].isascii() or not t[:1].isalpha() or number is None:
            raise IllegalMove(
                _("{cell} is not a cell (expected a letter and a number, like D4)").format(
                    cell=quoted(text)
                )
            )
        cell = (LETTERS.index(t[0]), number - 1)
        if cell not in self.index:
            if self.kind == "square":
                raise IllegalMove(
                    _("{cell} is off the board (columns A-H, rows 1-8)").format(cell=t)
                )
            row = [c for c in self.cells if c[1] == cell[1]]
            if row:
                raise IllegalMove(
                    _("{cell} is off the hexagon (row {row} runs from {first} to {last})").format(
                        cell=t, row=cell[1] + 1, first=cell_name(row[0]), last=cell_name(row[-1])
                    )
                )
            raise IllegalMove(
                _("{cell} is off the hexagon (columns A-K, rows 1-11)").format(cell=t)
            )
        return cell


def iter_bits(bits: int) -> Iterable[int]:
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


@lru_cache(maxsize=None)
def geometry(kind: str) -> Geometry:
    return Geometry(kind)


# --------------------------------------------------------------------------------------
# Moves: str() is the notation, parse_move reads it back.


@dataclass(frozen=True)
class Place:
    """``place d4``: a small from the stash onto an empty cell in your area."""

    cell: Cell

    def __str__(self) -> str:
        return f"place {cell_name(self.cell).lower()}"


@dataclass(frozen=True)
class Grow:
    """``grow d4 M``: raise the node on d4 by one power; ``size`` is the piece that
    comes in from the stash (S: add a small, M: small -> medium, L: medium -> large)."""

    cell: Cell
    size: str

    def __str__(self) -> str:
        return f"grow {cell_name(self.cell).lower()} {self.size}"


@dataclass(frozen=True)
class MoveNode:
    """``move d4-f6``: a node to an empty cell in the area of another of your nodes
    (a tree may go to any empty cell)."""

    source: Cell
    target: Cell

    def __str__(self) -> str:
        return f"move {cell_name(self.source).lower()}-{cell_name(self.target).lower()}"


@dataclass(frozen=True)
class Pass:
    """``pass``: only when no other action is legal."""

    def __str__(self) -> str:
        return "pass"


_STASH_EMPTY = {
    "S": N_("Your stash has no small pyramid left"),
    "M": N_("Your stash has no medium pyramid left"),
    "L": N_("Your stash has no large pyramid left"),
}
NOTATION_HELP = N_("write a move like 'place d4', 'grow d4 M', 'move d4-f6' or 'pass'")


def _cannot_read(text: str) -> str:
    return _(
        "cannot read {text}: write a move like 'place d4', 'grow d4 M', 'move d4-f6' or 'pass'"
    ).format(text=quoted(text))


# --------------------------------------------------------------------------------------
# What the screen and the tests read.


@dataclass(frozen=True)
class Node:
    cell: Cell
    owner: int
    pieces: str  # "S", "SM", "SML", ...

    @property
    def power(self) -> int:
        return POWER[pieces_mask(self.pieces)]

    @property
    def is_tree(self) -> bool:
        return self.pieces == "SML"


@dataclass(frozen=True)
class Decay:
    cell: Cell
    before: str  # pieces before, e.g. "SML"
    after: str  # pieces after, "" when the lone small was removed


@dataclass(frozen=True)
class TurnEnd:
    """What the end of a turn does to the mover's nodes (see ``decay_preview``)."""

    seat: int
    decays: tuple[Decay, ...]
    deaths: tuple[Node, ...]  # nodes (after decay) that die for lack of support
    trees: int  # the mover's trees afterwards
    wins: bool


# --------------------------------------------------------------------------------------
# The end of a turn, shared by apply and the previews.


def _decay_mask(mask: int, stash: list[int]) -> int:
    """One power off a node; ``stash`` (the owner's [S, M, L]) is updated.  A shrinking
    piece swaps for the next size down from the stash; if the stash has none, the
    piece leaves the node (house ruling: the board never holds more than 5 of a size)."""
    if mask & SMALL:
        stash[0] += 1
        return mask & ~SMALL
    if mask & MEDIUM:
        stash[1] += 1
        if stash[0] > 0:
            stash[0] -= 1
            return (mask & ~MEDIUM) | SMALL
        return mask & ~MEDIUM
    # a lone large
    stash[2] += 1
    if stash[1] > 0:
        stash[1] -= 1
        return MEDIUM
    return 0


def _end_turn(
    geo: Geometry,
    board: list[int],
    stash: list[int],
    seat: int,
    enemy_area: int,
    record: bool = False,
):
    """Decay then death for ``seat``'s nodes, in place.  Returns (trees, events) where
    events is (decays, deaths) when ``record`` is set."""
    area = geo.area
    decays = []
    mine = []  # (index, mask) after decay
    base = seat << 3
    for i, v in enumerate(board):
        if v and (v >> 3) == seat:
            mask = v & 7
            if (enemy_area >> i) & 1:
                new = _decay_mask(mask, stash)
                if record:
                    decays.append(Decay(geo.cells[i], pieces_text(mask), pieces_text(new)))
                if new:
                    board[i] = base | new
                    mine.append((i, new))
                else:
                    board[i] = 0
            else:
                mine.append((i, mask))
    deaths = []
    trees = 0
    n = len(mine)
    if n:
        # Support is judged once, on the board after decay: a node whose only support
        # dies in the same step still survives this turn.
        areas = [area[i][m] for i, m in mine]
        prefix = [0] * (n + 1)
        for k in range(n):
            prefix[k + 1] = prefix[k] | areas[k]
        suffix = 0
        for k in range(n - 1, -1, -1):
            i, m = mine[k]
            if m == TREE:
                trees += 1
            elif not (((prefix[k] | suffix) >> i) & 1):
                board[i] = 0
                stash[0] += m & 1
                stash[1] += (m >> 1) & 1
                stash[2] += (m >> 2) & 1
                if record:
                    deaths.append(Node(geo.cells[i], seat, pieces_text(m)))
            suffix |= areas[k]
    if record:
        deaths.reverse()
        return trees, (tuple(decays), tuple(deaths))
    return trees, None


# --------------------------------------------------------------------------------------
# The state.


@dataclass(frozen=True)
class FormationState:
    """An immutable Crystal Formation position.

    ``board[i]`` is 0 for an empty cell, else ``owner * 8 + mask`` (mask bits: S=1,
    M=2, L=4) for ``geometry(board_kind).cells[i]``.  ``stashes[seat]`` is
    (small, medium, large).  ``turn`` counts actions taken; every turn is one action,
    so the seat to move is ``turn % players``."""

    players: int
    board: tuple[int, ...]
    stashes: tuple[tuple[int, int, int], ...]
    turn: int = 0
    winner: int = -1

    # -- contract ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.players

    @property
    def board_kind(self) -> str:
        return board_kind_for(self.players)

    @property
    def geo(self) -> Geometry:
        return geometry(self.board_kind)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is (also when the game is over: the next seat)."""
        return self.turn % self.players

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.turn % self.players

    def is_terminal(self) -> bool:
        return self.winner >= 0 or self.turn >= ROUND_LIMIT * self.players

    @property
    def round_number(self) -> int:
        return min(self.turn // self.players + 1, ROUND_LIMIT)

    @property
    def rounds_left(self) -> int:
        """Rounds still to start after the current one."""
        return ROUND_LIMIT - self.round_number

    def legal_moves(self) -> list:
        return list(self._legal)

    def apply(self, move) -> "FormationState":
        try:
            legal = move in self._legal_set
        except TypeError:  # unhashable junk
            raise IllegalMove(
                _("{move} is not a Crystal Formation move").format(move=quoted(str(move)))
            ) from None
        if not legal:
            raise IllegalMove(
                self.why_illegal(move) or _("{move} is not legal here").format(move=move)
            )
        return self._play(move)

    def outcome(self) -> Outcome | None:
        names = [seat_name(s) for s in range(self.players)]
        if self.winner >= 0:
            return Outcome.win(
                self.winner,
                self.players,
                _("{seat} completed a fifth tree").format(seat=names[self.winner]),
            )
        if not self.is_terminal():
            return None
        trees = [self.trees(s) for s in range(self.players)]
        power = [self.power(s) for s in range(self.players)]
        values = [t * 100 + p for t, p in zip(trees, power, strict=True)]
        out = Outcome.ranked(values, "")
        if out.is_draw:
            reason = _(
                "{rounds} rounds played: everyone has {trees} trees and {power} power, a draw"
            ).format(rounds=ROUND_LIMIT, trees=trees[0], power=power[0])
        else:
            firsts = [s for s in range(self.players) if out.places[s] == 1]
            best_t = max(trees)
            lead = _join_names([names[s] for s in firsts])
            if sum(1 for t in trees if t == best_t) == 1:
                reason = _("{rounds} rounds played: {lead} has the most trees ({trees})").format(
                    rounds=ROUND_LIMIT, lead=lead, trees=best_t
                )
            else:
                if len(firsts) > 1:
                    text = _(
                        "{rounds} rounds played: {lead} tie on trees ({trees}) and power ({power})"
                    )
                else:
                    text = _(
                        "{rounds} rounds played: {lead} wins on trees ({trees}) and power ({power})"
                    )
                reason = text.format(
                    rounds=ROUND_LIMIT, lead=lead, trees=best_t, power=power[firsts[0]]
                )
        return Outcome(out.places, reason)

    def scores(self) -> tuple[float, ...]:
        """Trees on the board per seat (the race to five)."""
        return tuple(float(self.trees(s)) for s in range(self.players))

    def returns(self) -> tuple[float, ...]:
        out = self.outcome()
        return out.returns() if out else tuple(0.0 for _ in range(self.players))

    def timeout_move(self, seat: int):
        # The rules have no clock (tournament_clock is None), so no time rule applies.
        return None

    def parse_move(self, text: str):
        t = move_text(text).strip()
        if not t or len(t) > 40:
            raise IllegalMove(_cannot_read(t))
        words = t.lower().split()
        verb, rest = words[0], words[1:]
        geo = self.geo
        if verb == "pass" and not rest:
            return Pass()
        if verb == "place" and len(rest) == 1:
            return Place(geo.parse_cell(rest[0]))
        if verb == "grow" and len(rest) == 2:
            size = rest[1].upper()
            size = {"SMALL": "S", "MEDIUM": "M", "LARGE": "L"}.get(size, size)
            if size not in SIZE_BITS:
                raise IllegalMove(
                    _("grow needs the size that comes in, S, M or L, not {word}").format(
                        word=quoted(rest[1])
                    )
                )
            return Grow(geo.parse_cell(rest[0]), size)
        if verb == "move" and rest:
            parts = [p for p in "".join(rest).split("-") if p]
            if len(parts) == 2:
                return MoveNode(geo.parse_cell(parts[0]), geo.parse_cell(parts[1]))
            raise IllegalMove(_("a move names two cells, like 'move d4-f6'"))
        raise IllegalMove(_cannot_read(t))

    def to_json(self) -> dict:
        geo = self.geo
        nodes = [
            {"cell": geo.cell_name(i), "owner": v >> 3, "pieces": pieces_text(v & 7)}
            for i, v in enumerate(self.board)
            if v
        ]
        return {
            "game": "crystal-formation",
            "players": self.players,
            "turn": self.turn,
            "winner": self.winner,
            "nodes": nodes,
            "stashes": [list(s) for s in self.stashes],
        }

    @staticmethod
    @state_reader("Crystal Formation")
    def from_json(data: Mapping) -> "FormationState":
        players = int(data["players"])
        if not 2 <= players <= 6:
            raise BadState(f"Crystal Formation is for 2 to 6 players, not {players}")
        geo = geometry(board_kind_for(players))
        board = [0] * geo.size
        for node in data["nodes"]:
            try:
                cell = geo.parse_cell(str(node["cell"]))
            except IllegalMove as exc:
                raise BadState(str(exc)) from None
            owner = int(node["owner"])
            if not 0 <= owner < players:
                raise BadState(f"node on {quoted(str(node['cell']))} has no seat {owner}")
            i = geo.index[cell]
            if board[i]:
                raise BadState(f"two nodes on {quoted(str(node['cell']))}")
            board[i] = (owner << 3) | pieces_mask(str(node["pieces"]))
        stashes = tuple(tuple(int(x) for x in s) for s in data["stashes"])
        if len(stashes) != players or any(len(s) != 3 for s in stashes):
            raise BadState("stashes must list (small, medium, large) for every seat")
        state = FormationState(
            players,
            tuple(board),
            tuple((s[0], s[1], s[2]) for s in stashes),
            int(data.get("turn", 0)),
            int(data.get("winner", -1)),
        )
        state.check_pieces()
        return state

    # -- construction helpers ------------------------------------------------------
    @staticmethod
    def start(players: int) -> "FormationState":
        """The ruled start: a tree in each seat's corner, 4/4/4 in each stash."""
        geo = geometry(board_kind_for(players))
        board = [0] * geo.size
        for seat, corner in enumerate(start_corners(players)):
            board[geo.index[corner]] = (seat << 3) | TREE
        stash = (PIECES_PER_SIZE - 1,) * 3
        return FormationState(players, tuple(board), tuple(stash for _ in range(players)))

    def check_pieces(self) -> None:
        """Raise ValueError unless every seat's board pieces plus stash are five of
        each size."""
        for seat in range(self.players):
            counts = list(self.stashes[seat])
            for v in self.board:
                if v and v >> 3 == seat:
                    for k in range(3):
                        counts[k] += (v >> k) & 1
            if counts != [PIECES_PER_SIZE] * 3:
                raise BadState(
                    f"{SEAT_NAMES[seat]} has {counts} pieces on board and in stash, "
                    f"not five of each size"
                )

    # -- cached views ----------------------------------------------------------------
    @cached_property
    def _occupied(self) -> int:
        bits = 0
        for i, v in enumerate(self.board):
            if v:
                bits |= 1 << i
        return bits

    @cached_property
    def _nodes(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per seat: ((cell index, mask), ...) in reading order."""
        per: list[list[tuple[int, int]]] = [[] for _ in range(self.players)]
        for i, v in enumerate(self.board):
            if v:
                per[v >> 3].append((i, v & 7))
        return tuple(tuple(p) for p in per)

    @cached_property
    def _areas(self) -> tuple[int, ...]:
        area = self.geo.area
        out = []
        for nodes in self._nodes:
            bits = 0
            for i, m in nodes:
                bits |= area[i][m]
            out.append(bits)
        return tuple(out)

    def _enemy_area(self, seat: int) -> int:
        bits = 0
        for s, a in enumerate(self._areas):
            if s != seat:
                bits |= a
        return bits

    @cached_property
    def _legal(self) -> tuple:
        if self.is_terminal():
            return ()
        seat = self.turn % self.players
        geo = self.geo
        cells = geo.cells
        area = geo.area
        nodes = self._nodes[seat]
        s_left, m_left, l_left = self.stashes[seat]
        empty = geo.full & ~self._occupied
        moves: list = []
        if s_left:
            moves.extend(Place(cells[i]) for i in iter_bits(self._areas[seat] & empty))
        for i, m in nodes:
            if not m & SMALL and s_left:
                moves.append(Grow(cells[i], "S"))
            if m & SMALL and not m & MEDIUM and m_left:
                moves.append(Grow(cells[i], "M"))
            if m & MEDIUM and not m & LARGE and l_left:
                moves.append(Grow(cells[i], "L"))
        n = len(nodes)
        areas = [area[i][m] for i, m in nodes]
        for k, (i, m) in enumerate(nodes):
            if m == TREE:
                targets = empty
            else:
                others = 0
                for j in range(n):
                    if j != k:
                        others |= areas[j]
                targets = others & empty
            src = cells[i]
            moves.extend(MoveNode(src, cells[j]) for j in iter_bits(targets))
        if not moves:
            moves.append(Pass())
        return tuple(moves)

    @cached_property
    def _legal_set(self) -> frozenset:
        return frozenset(self._legal)

    # -- playing -------------------------------------------------------------------
    def _after_action(self, move) -> tuple[list[int], list[list[int]], int]:
        """Board and stashes after the action itself, before the end of the turn."""
        geo = self.geo
        seat = self.turn % self.players
        board = list(self.board)
        stashes = [list(s) for s in self.stashes]
        mine = stashes[seat]
        if isinstance(move, Place):
            board[geo.index[move.cell]] = (seat << 3) | SMALL
            mine[0] -= 1
        elif isinstance(move, Grow):
            i = geo.index[move.cell]
            m = board[i] & 7
            if move.size == "S":
                m |= SMALL
                mine[0] -= 1
            elif move.size == "M":
                m = (m & ~SMALL) | MEDIUM
                mine[1] -= 1
                mine[0] += 1
            else:
                m = (m & ~MEDIUM) | LARGE
                mine[2] -= 1
                mine[1] += 1
            board[i] = (seat << 3) | m
        elif isinstance(move, MoveNode):
            s, t = geo.index[move.source], geo.index[move.target]
            board[t] = board[s]
            board[s] = 0
        return board, stashes, seat

    def _play(self, move) -> "FormationState":
        """``move`` without the legality check (bots call this on legal moves)."""
        board, stashes, seat = self._after_action(move)
        # Opponents' nodes do not change during the mover's turn, so their area is
        # the one cached on this state.
        trees, _ = _end_turn(self.geo, board, stashes[seat], seat, self._enemy_area(seat))
        winner = seat if trees >= TREES_TO_WIN else -1
        return FormationState(
            self.players,
            tuple(board),
            tuple((a, b, c) for a, b, c in stashes),
            self.turn + 1,
            winner,
        )

    # -- explaining ------------------------------------------------------------------
    def why_illegal(self, move) -> str | None:
        """Why ``move`` cannot be played now, as a sentence; None if it is legal."""
        if self.is_terminal():
            return _("The game is over")
        if move in self._legal_set:
            return None
        geo = self.geo
        seat = self.turn % self.players
        stash = self.stashes[seat]
        if isinstance(move, Pass):
            return _("You may pass only when no action is legal")
        cells = [getattr(move, a) for a in ("cell", "source", "target") if hasattr(move, a)]
        if not cells:
            return _("{move} is not a Crystal Formation move").format(move=quoted(str(move)))
        for c in cells:
            if c not in geo.index:
                return _("{cell} is not on this board").format(
                    cell=cell_name(c) if c[0] < 26 else c
                )
        if isinstance(move, Place):
            lab = cell_name(move.cell)
            if self.board[geo.index[move.cell]]:
                return _("{cell} is already taken").format(cell=lab)
            if not stash[0]:
                return _("Your stash has no small pyramid left to place")
            return _("{cell} is not in the area of any of your nodes").format(cell=lab)
        if isinstance(move, Grow):
            lab = cell_name(move.cell)
            v = self.board[geo.index[move.cell]]
            if not v or v >> 3 != seat:
                return _("There is no node of yours on {cell}").format(cell=lab)
            m = v & 7
            if move.size not in SIZE_BITS:
                return _("Grow names the size that comes in: S, M or L")
            if m == TREE:
                return _("The node on {cell} is already a tree").format(cell=lab)
            if move.size == "S" and m & SMALL:
                return _("The node on {cell} already has a small").format(cell=lab)
            if move.size == "M":
                if not m & SMALL:
                    return _(
                        "Growing to a medium turns a small into one, and {cell} has no small"
                    ).format(cell=lab)
                if m & MEDIUM:
                    return _("The node on {cell} already has a medium").format(cell=lab)
            if move.size == "L":
                if not m & MEDIUM:
                    return _(
                        "Growing to a large turns a medium into one, and {cell} has no medium"
                    ).format(cell=lab)
                if m & LARGE:
                    return _("The node on {cell} already has a large").format(cell=lab)
            return _(_STASH_EMPTY[move.size])
        if isinstance(move, MoveNode):
            a, b = cell_name(move.source), cell_name(move.target)
            v = self.board[geo.index[move.source]]
            if not v or v >> 3 != seat:
                return _("There is no node of yours on {cell}").format(cell=a)
            if move.source == move.target:
                return _("A node has to move to another cell")
            if self.board[geo.index[move.target]]:
                return _("{cell} is already taken").format(cell=b)
            return _(
                "{cell} is not in the area of another of your nodes (only a tree may move anywhere)"
            ).format(cell=b)
        return _("{move} is not legal here").format(move=move)

    def decay_preview(self, move=None) -> TurnEnd:
        """What the end of the mover's turn would do after ``move`` (None: with the
        board as it stands now, as if the mover passed)."""
        if self.is_terminal():
            raise IllegalMove(_("The game is over"))
        if move is None:
            board = list(self.board)
            stashes = [list(s) for s in self.stashes]
            seat = self.turn % self.players
        else:
            reason = self.why_illegal(move)
            if reason:
                raise IllegalMove(reason)
            board, stashes, seat = self._after_action(move)
        trees, (decays, deaths) = _end_turn(
            self.geo, board, stashes[seat], seat, self._enemy_area(seat), record=True
        )
        return TurnEnd(seat, decays, deaths, trees, trees >= TREES_TO_WIN)

    # -- read-only helpers for screens ------------------------------------------------
    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(seat_name(i) for i in range(self.players))

    def cells(self) -> tuple[Cell, ...]:
        return self.geo.cells

    def is_cell(self, cell: Cell) -> bool:
        return cell in self.geo.index

    def node_at(self, cell: Cell) -> Node | None:
        i = self.geo.index.get(cell)
        if i is None or not self.board[i]:
            return None
        v = self.board[i]
        return Node(cell, v >> 3, pieces_text(v & 7))

    def nodes(self, seat: int | None = None) -> tuple[Node, ...]:
        cells = self.geo.cells
        return tuple(
            Node(cells[i], v >> 3, pieces_text(v & 7))
            for i, v in enumerate(self.board)
            if v and (seat is None or v >> 3 == seat)
        )

    def node_area(self, cell: Cell) -> frozenset[Cell]:
        """Cells influenced by the node on ``cell`` (empty if there is none)."""
        i = self.geo.index.get(cell)
        if i is None or not self.board[i]:
            return frozenset()
        return frozenset(self.geo.cells_of(self.geo.area[i][self.board[i] & 7]))

    def influence_rings(self, cell: Cell) -> dict[str, tuple[Cell, ...]]:
        """{"S": ring, "M": ring, "L": ring} for the pieces of the node on ``cell``."""
        geo = self.geo
        i = geo.index.get(cell)
        if i is None or not self.board[i]:
            return {}
        m = self.board[i] & 7
        return {
            ch: geo.cells_of(geo.rings[i][RING_DISTANCE[ch]])
            for ch in SIZE_LETTERS
            if m & SIZE_BITS[ch]
        }

    def area(self, seat: int) -> frozenset[Cell]:
        """Cells in the area of any of ``seat``'s nodes."""
        return frozenset(self.geo.cells_of(self._areas[seat]))

    def enemy_influence(self, seat: int) -> frozenset[Cell]:
        """Cells in the area of some opponent of ``seat``: a node of ``seat`` there
        loses one power at the end of each of ``seat``'s turns."""
        return frozenset(self.geo.cells_of(self._enemy_area(seat)))

    def threatened_nodes(self, seat: int) -> tuple[Node, ...]:
        """``seat``'s nodes standing in an opponent's area."""
        enemy = self._enemy_area(seat)
        return tuple(n for n in self.nodes(seat) if (enemy >> self.geo.index[n.cell]) & 1)

    def stash(self, seat: int) -> tuple[int, int, int]:
        """(small, medium, large) pyramids in ``seat``'s stash."""
        return self.stashes[seat]

    def trees(self, seat: int) -> int:
        return sum(1 for _, m in self._nodes[seat] if m == TREE)

    def power(self, seat: int) -> int:
        """Total pips of ``seat``'s nodes on the board."""
        return sum(POWER[m] for _, m in self._nodes[seat])

    def score_breakdown(self, seat: int) -> dict:
        return {
            "trees": self.trees(seat),
            "power": self.power(seat),
            "nodes": len(self._nodes[seat]),
            "area": bin(self._areas[seat]).count("1"),
            "threatened": len(self.threatened_nodes(seat)),
            "stash": self.stashes[seat],
        }

    def must_pass(self) -> bool:
        """True when the only legal action is ``pass`` (e.g. no nodes left)."""
        return self._legal == (Pass(),)

    def place_targets(self) -> tuple[Cell, ...]:
        return tuple(m.cell for m in self._legal if isinstance(m, Place))

    def grow_options(self, cell: Cell) -> tuple[Grow, ...]:
        return tuple(m for m in self._legal if isinstance(m, Grow) and m.cell == cell)

    def move_targets(self, cell: Cell) -> tuple[Cell, ...]:
        return tuple(m.target for m in self._legal if isinstance(m, MoveNode) and m.source == cell)


# --------------------------------------------------------------------------------------
# The spec.


def new_state(rng: random.Random, players: int, options: dict) -> FormationState:
    # The start has no random element; rng is accepted for the contract.
    return FormationState.start(players)


def validate(players: int, options: Mapping) -> None:
    if not 2 <= players <= 6:
        raise ValueError(
            "Crystal Formation is for 2 to 6 players (2-4 on the square board, 5-6 on the hexagon)"
        )


def move_bound(players: int, options: Mapping) -> int:
    # One action per turn, and the game ends after ROUND_LIMIT rounds at the latest.
    return ROUND_LIMIT * players


def seat_names(n: int) -> tuple[str, ...]:
    # The names as shown, in the current language (every caller draws them).
    return tuple(seat_name(i) for i in range(n))


SPEC = GameSpec(
    id="crystal-formation",
    title="Crystal Formation",
    tagline=N_("Grow crystal nodes into five trees while your influence wears down your rivals."),
    min_players=2,
    max_players=6,
    default_players=2,
    options=(),
    new_state=new_state,
    from_json=FormationState.from_json,
    move_bound=move_bound,
    seat_names=seat_names,
    tournament_clock=None,
    timeout_policy="move",
    validate=validate,
    rule_clock=None,
    rules_card="crystal-formation.md",
    fame_ranking="moves",
    puzzle_goals=("win", "gain", "block"),
)
