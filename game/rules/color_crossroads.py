"""Color Crossroads: colour a 9x9 grid without cutting the loops between colours.

The rules as Crystal Arcade plays them (``seeds/color-crossroads.md``, the card a player
reads in game, holds every ruling):

- 9x9 board, columns A-I, rows 1-9 from the top.  The corners are coloured from the
  start: A1 red, I1 green, A9 yellow, I9 blue.  Walls never take a colour and block
  loops.  Layouts: "crossroads" (walls where column and row are both even), "open"
  (no walls), "scattered" (8-12 walls from the seed, symmetric under a half turn,
  every pair loopable at the start).
- A turn: place one colour on one empty cell.  Refused: either of the last two
  colours placed in the game, and a colour orthogonally next to the same colour.
  A mover with no legal placement passes.
- Once per turn, before or after placing (or passing), the mover may challenge an
  open pair of colours.  The other seat answers with a loop (a closed orthogonal
  path of 4+ distinct cells, only empty cells and cells of the two colours, with at
  least one cell of each colour) or concedes; 120 s without a loop is a concession.
  A loop scores the challenged seat 1 and the pair stays open; a concession scores
  the challenger 1 and closes the pair for good.
- First to 3 points wins.  Two passes in a row end the game when no pair is open or
  when neither of those two turns challenged (after a pass the board can never change
  again, so nothing else can happen).  More points wins; equal is a draw.
- Option "corner_loops": a loop must also pass through the corners of both colours.
- Setup: Player 1 chooses who starts (an ordinary action, ``player 2 starts``).

Turn structure, as engine actions (``state.phase`` says where we are):

- ``"setup"``: Player 1 plays ``Start(seat)``.
- ``"turn"``: the mover (``state.mover``) plays ``Place`` / ``Pass`` (once; ``Pass``
  only when no placement is legal), at most one ``Challenge``, and ``EndTurn`` when
  they have placed and could still challenge but do not want to.  The turn ends by
  itself once the mover has placed and either challenged or has no open pair left.
- ``"answer"``: the challenged seat (``current_player()``) plays ``Answer(cells)``
  or ``Concede``.  A wrong loop raises :class:`IllegalMove` with the checker's
  reason, so a person may try again until the rule clock (120 s) runs out;
  ``timeout_move`` is then ``Concede``.  ``legal_moves()`` here is the finder's
  loop (when one exists) and ``Concede``: any valid loop is accepted by ``apply``,
  and a screen must never show that list to a person (the game gives no hints).
- ``"over"``: terminal.

Notation (read case-insensitively by ``parse_move``)::

    player 1 starts          Start(0)
    place E5 red             Place(cell, colour)      also "E5 red", "e5 r"
    pass                     Pass()
    challenge red-blue       Challenge(pair)          also "challenge blue red"
    end turn                 EndTurn()                also "end", "done"
    loop A1 B1 B2 A2         Answer(cells)            also "A1-B1-B2-A2"
    concede                  Concede()

Cells are indices ``row * 9 + col`` (A1 = 0, I1 = 8, A9 = 72).  Colours are 0 red,
1 green, 2 yellow, 3 blue; on the board a colour is stored as colour + 1, 0 is empty
and 9 a wall.  A pair is an index into ``PAIRS`` (0 red-green ... 5 yellow-blue).

Loop logic (module level; each takes a state or a board tuple):

- ``loop_exists(state_or_board, pair, corner_loops=None) -> bool``: exact, via
  biconnected blocks (a loop through an ``a`` cell and a ``b`` cell exists iff both lie
  in one block that is more than a single edge).
- ``find_loop(...) -> tuple[int, ...] | None``: a valid loop (cells in order), short:
  a min-cost pair of vertex-disjoint paths between the nearest suitable cells.
- ``check_loop(state_or_board, pair, cells, corner_loops=None) -> str | None``: the
  refusal a player reads ("E5 is yellow", "D4 and D6 are not neighbours", "the path
  does not close", "no red cell on the loop"), or None for a valid loop.
- ``critical_cells(...)``: empty cells on every loop of the pair (blocking one kills it).

Read-only helpers a screen uses on :class:`CrossroadsState`:

- ``board`` (81 ints), ``cell_value(label_or_index)``, ``walls``, ``layout``,
  ``corner_loops``, ``points``, ``closed`` (per pair: -1 open, else the seat that
  scored by closing it), ``open_pairs()``, ``pair_panel()`` (rows for the six pairs).
- ``last_colours`` (most recent last: these are crossed out on the palette),
  ``allowed_colours()``, ``placeable_colours(cell)`` (colours legal on that cell now),
  ``why_illegal(move)`` (the refusal text or None), ``last_placed`` (cell or -1).
- ``phase``, ``mover``, ``starter``, ``challenge_pair`` (-1 unless answering),
  ``answering_seat``, ``challenged_this_turn``, ``placed_this_turn``,
  ``can_challenge()``, ``last_loop`` (the loop shown by the latest accepted answer, for
  tracing), ``last_challenge`` (the latest challenge, as data; ``last_result`` words
  it), ``passes_in_row``.

>>> from game.registry import GAMES
>>> s = GAMES["color-crossroads"].new_game(seed=1)
>>> s = s.apply(s.parse_move("player 1 starts")).apply(s.parse_move("place E5 red"))
>>> str(s.legal_moves()[0])
'challenge red-green'
"""

from __future__ import annotations

import importlib.resources
import itertools
import json
import random
from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping, Sequence, cast

from game.rules.contract import (
    BadState,
    GameSpec,
    IllegalMove,
    Option,
    Outcome,
    ascii_int,
    move_text,
    quoted,
    state_reader,
)
from game.rules.grid import cell_name as grid_cell_name
from game.text.i18n import N_, _, pgettext

# --- the board ------------------------------------------------------------------------

SIZE = 9
CELLS = SIZE * SIZE
EMPTY = 0
WALL = 9
COLOURS = ("red", "green", "yellow", "blue")
COLOUR_LETTERS = "RGYB"
RED, GREEN, YELLOW, BLUE = range(4)
# Corner of each colour: A1 red, I1 green, A9 yellow, I9 blue.
CORNERS = (0, SIZE - 1, CELLS - SIZE, CELLS - 1)
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(4) for b in range(a + 1, 4))
PAIR_NAMES = tuple(f"{COLOURS[a]}-{COLOURS[b]}" for a, b in PAIRS)
LAYOUTS = ("crossroads", "open", "scattered")
# The layouts as the setup screen shows them (it title-cases a choice and translates it).
LAYOUT_TITLES = (N_("Crossroads"), N_("Open"), N_("Scattered"))
TARGET_POINTS = 3
ANSWER_SECONDS = 120.0
SEAT_NAMES = (N_("Player 1"), N_("Player 2"))


def seat_name(seat: int) -> str:
    return _(SEAT_NAMES[seat])


def colour_word(colour: int) -> str:
    """The colour as an adjective in a sentence ("E5 is already red")."""
    return (_("red"), _("green"), _("yellow"), _("blue"))[colour]


def colour_noun(colour: int) -> str:
    """The colour as a noun ("Red was the last colour placed"): English keeps the
    word as it is, a language that capitalises nouns does so."""
    return (
        pgettext("colour", "red"),
        pgettext("colour", "green"),
        pgettext("colour", "yellow"),
        pgettext("colour", "blue"),
    )[colour]


def pair_words(pair: int) -> str:
    """A pair as shown in a sentence ("red-blue"; its notation is PAIR_NAMES)."""
    a, b = PAIRS[pair]
    return _("{a}-{b}").format(a=colour_noun(a), b=colour_noun(b))


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, SIZE)
    out = []
    if r > 0:
        out.append(i - SIZE)
    if c > 0:
        out.append(i - 1)
    if c < SIZE - 1:
        out.append(i + 1)
    if r < SIZE - 1:
        out.append(i + SIZE)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))


def cell_name(i: int) -> str:
    """Cell index -> "E5"."""
    return grid_cell_name((i % SIZE, i // SIZE))


def parse_cell(text: str) -> int:
    """ "E5" (any case) -> cell index; IllegalMove for anything else."""
    t = text.strip().upper()
    number = ascii_int(t[1:], 2)
    if not t[:1].isascii() or not t[:1].isalpha() or number is None:
        raise IllegalMove(
            _("{cell} is not a cell (write a letter and a number, like E5)").format(
                cell=quoted(text)
            )
        )
    col = ord(t[0]) - ord("A")
    row = number - 1
    if not (0 <= col < SIZE and 0 <= row < SIZE):
        raise IllegalMove(_("{cell} is off the board (columns A-I, rows 1-9)").format(cell=t))
    return row * SIZE + col


def parse_colour(text: str) -> int:
    t = text.strip().lower()
    for i, name in enumerate(COLOURS):
        if t == name or t == name[0]:
            return i
    raise IllegalMove(
        _("{word} is not a colour (red, green, yellow or blue)").format(word=quoted(text))
    )


def parse_pair(text: str) -> int:
    """ "red-blue", "blue red", "r-b", "RB" -> pair index."""
    t = text.strip().lower().replace(",", " ").replace("-", " ").replace("/", " ")
    words = t.split()
    if len(words) == 1 and len(words[0]) == 2:
        words = list(words[0])
    if len(words) != 2:
        raise IllegalMove(
            _("{text} is not a pair of colours (write one like red-blue)").format(text=quoted(text))
        )
    a, b = sorted((parse_colour(words[0]), parse_colour(words[1])))
    if a == b:
        raise IllegalMove(_("a pair needs two different colours"))
    return PAIRS.index((a, b))


def pair_index(pair) -> int:
    """Accepts a pair index, a (colour, colour) tuple or text like "red-blue"."""
    if isinstance(pair, int):
        if not 0 <= pair < len(PAIRS):
            raise ValueError(f"there is no pair number {pair}")
        return pair
    if isinstance(pair, str):
        return parse_pair(pair)
    a, b = sorted(int(x) for x in pair)
    return PAIRS.index((a, b))


# --- layouts ---------------------------------------------------------------------------


def _seed_text(name: str) -> str:
    try:
        return (importlib.resources.files("seeds") / name).read_text("utf-8")
    except (NotADirectoryError, TypeError):
        # An editable install made before seeds/__init__.py existed leaves "seeds" a
        # namespace package outside the work tree, which files() cannot read on 3.11.
        import seeds

        for folder in seeds.__path__:
            candidate = Path(str(folder)) / name
            if candidate.is_file():
                return candidate.read_text("utf-8")
        raise


@lru_cache(maxsize=None)
def layout_walls(name: str) -> tuple[int, ...]:
    """Wall cells of a layout stored as data ("crossroads", "open")."""
    data = json.loads(_seed_text("color-crossroads-layouts.json"))["layouts"]
    if name not in data:
        raise ValueError(f"no stored wall layout {name!r}")
    rows = data[name]["rows"]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError(f"layout {name!r} is not 9x9")
    walls = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            i = r * SIZE + c
            if i in CORNERS:
                if ch != COLOUR_LETTERS[CORNERS.index(i)]:
                    raise ValueError(f"layout {name!r}: corner {cell_name(i)} must be {ch!r}")
            elif ch == "#":
                walls.append(i)
            elif ch != ".":
                raise ValueError(f"layout {name!r}: unknown mark {ch!r} at {cell_name(i)}")
    return tuple(walls)


def start_board(walls: Iterable[int]) -> tuple[int, ...]:
    board = [EMPTY] * CELLS
    for w in walls:
        board[w] = WALL
    for colour, corner in enumerate(CORNERS):
        board[corner] = colour + 1
    return tuple(board)


def scattered_walls(rng: random.Random, corner_loops: bool = False) -> tuple[int, ...]:
    """8-12 walls, symmetric under a half turn (cell i mirrors to 80 - i), never on a
    corner, with every pair loopable on the start board.  Draws until all holds."""
    centre = CELLS // 2
    half = [i for i in range(centre) if i not in CORNERS]
    while True:
        count = rng.randint(8, 12)
        chosen = rng.sample(half, count // 2)
        walls = set(chosen) | {CELLS - 1 - i for i in chosen}
        if count % 2:
            walls.add(centre)
        board = start_board(walls)
        if all(loop_exists(board, p, corner_loops) for p in range(len(PAIRS))):
            return tuple(sorted(walls))


# --- loop logic ------------------------------------------------------------------------


def _board_of(state_or_board) -> tuple[tuple[int, ...], bool]:
    board = getattr(state_or_board, "board", None)
    if board is not None:
        return board, bool(state_or_board.corner_loops)
    board = tuple(state_or_board)
    if len(board) != CELLS:
        raise ValueError(f"a board has {CELLS} cells, not {len(board)}")
    return board, False


# Per pair, board value -> 0 blocked, 1 empty (or a loop cell that counts for neither
# colour), 2 an ``a`` cell, 3 a ``b`` cell.
_CODES = {
    (a, b): bytes(
        2 if v == a + 1 else 3 if v == b + 1 else 1 if v == EMPTY else 0 for v in range(256)
    )
    for a, b in PAIRS
}
_CORNER_CODES = {
    (a, b): bytes(1 if v in (EMPTY, a + 1, b + 1) else 0 for v in range(256)) for a, b in PAIRS
}


def _codes(board, a: int, b: int, corner: bool) -> bytes:
    raw = bytes(board)
    if not corner:
        return raw.translate(_CODES[(a, b)])
    code = bytearray(raw.translate(_CORNER_CODES[(a, b)]))
    if code[CORNERS[a]]:
        code[CORNERS[a]] = 2
    if code[CORNERS[b]]:
        code[CORNERS[b]] = 3
    return bytes(code)


def _blocks_with_both(board: Sequence[int], a: int, b: int, corner: bool):
    """Biconnected blocks (as lists of cells, at least 3 of them) that hold an ``a``
    cell and a ``b`` cell (with ``corner``: the two corners).  A generator, so that
    ``loop_exists`` stops at the first one.

    Iterative Tarjan with a vertex stack: when a child's low-link does not reach
    above its parent, the stack from the child up, plus the parent, is one block.
    Only components holding an ``a`` cell are searched.
    """
    code = _codes(board, a, b, corner)
    if 3 not in code:
        return
    disc = [0] * CELLS
    low = [0] * CELLS
    nxt = [0] * CELLS
    parent = [-1] * CELLS
    pos = [0] * CELLS
    nb = NEIGHBOURS
    counter = 1
    root = code.find(2)
    while root >= 0:
        if not disc[root]:
            disc[root] = low[root] = counter
            counter += 1
            vstack = [root]
            stack = [root]
            while stack:
                v = stack[-1]
                ns = nb[v]
                for k in range(nxt[v], len(ns)):
                    w = ns[k]
                    if code[w]:
                        dw = disc[w]
                        if not dw:
                            nxt[v] = k + 1
                            parent[w] = v
                            disc[w] = low[w] = counter
                            counter += 1
                            pos[w] = len(vstack)
                            vstack.append(w)
                            stack.append(w)
                            break
                        if dw < low[v] and w != parent[v]:
                            low[v] = dw
                else:
                    stack.pop()
                    if not stack:
                        break
                    p = stack[-1]
                    lv = low[v]
                    if lv < low[p]:
                        low[p] = lv
                    if lv >= disc[p]:
                        i = pos[v]
                        block = vstack[i:]
                        del vstack[i:]
                        if len(block) >= 2:
                            block.append(p)
                            kinds = {code[x] for x in block}
                            if 2 in kinds and 3 in kinds:
                                yield block
        root = code.find(2, root + 1)


def _resolve(state_or_board, pair, corner_loops):
    board, corner = _board_of(state_or_board)
    if corner_loops is not None:
        corner = bool(corner_loops)
    p = pair_index(pair)
    return board, PAIRS[p], corner


def loop_exists(state_or_board, pair, corner_loops: bool | None = None) -> bool:
    """Whether a valid loop exists for ``pair`` (exact).

    >>> b = start_board(layout_walls("open"))
    >>> loop_exists(b, "red-green")
    True
    """
    board, (a, b), corner = _resolve(state_or_board, pair, corner_loops)
    return _exists(board, a, b, corner)


def _exists(board, a: int, b: int, corner: bool) -> bool:
    for _block in _blocks_with_both(board, a, b, corner):
        return True
    return False


def _disjoint_paths(board, block: set[int], s: int, t: int) -> tuple[int, ...] | None:
    """The shortest loop through ``s`` and ``t`` inside ``block``: a min-cost flow of
    two units on the vertex-split graph (Suurballe's idea), joined into one cycle."""
    # Node 2v is v's entry, 2v+1 its exit; every cell but s and t has capacity 1.
    to: list[int] = []
    cap: list[int] = []
    cost: list[int] = []
    adj: dict[int, list[int]] = {}

    def add(u: int, v: int, c: int, w: int) -> None:
        adj.setdefault(u, []).append(len(to))
        to.append(v)
        cap.append(c)
        cost.append(w)
        adj.setdefault(v, []).append(len(to))
        to.append(u)
        cap.append(0)
        cost.append(-w)

    for v in block:
        # The ends are never passed through: a path leaves s and stops at t.
        add(2 * v, 2 * v + 1, 0 if v in (s, t) else 1, 0)
        for w in NEIGHBOURS[v]:
            if w in block:
                add(2 * v + 1, 2 * w, 1, 1)
    original = list(cap)
    source, sink = 2 * s + 1, 2 * t
    for _round in range(2):
        dist = {source: 0}
        via: dict[int, int] = {}
        queue = deque([source])
        inq = {source}
        while queue:  # SPFA: residual costs may be negative
            u = queue.popleft()
            inq.discard(u)
            du = dist[u]
            for e in adj.get(u, ()):
                if cap[e] > 0:
                    v = to[e]
                    nd = du + cost[e]
                    if nd < dist.get(v, 1 << 30):
                        dist[v] = nd
                        via[v] = e
                        if v not in inq:
                            inq.add(v)
                            queue.append(v)
        if sink not in dist:
            return None
        v = sink
        while v != source:
            e = via[v]
            cap[e] -= 1
            cap[e ^ 1] += 1
            v = to[e ^ 1]
    flow = [original[e] - cap[e] for e in range(len(to))]
    paths = []
    for _path in range(2):
        path = [s]
        v = s
        while v != t:
            for e in adj[2 * v + 1]:
                if e % 2 == 0 and flow[e] > 0:
                    flow[e] -= 1
                    v = to[e] // 2
                    break
            else:
                return None
            path.append(v)
            if len(path) > len(block) + 1:
                return None
        paths.append(path)
    p1, p2 = paths
    return tuple(p1 + p2[-2:0:-1])


def _nearest_pairs(block: set[int], starts: Sequence[int], goals: set[int], limit: int):
    """Up to ``limit`` (start, goal) pairs, nearest first, by breadth-first distance
    inside the block from every start at once."""
    owner = {s: s for s in starts}
    dist = {s: 0 for s in starts}
    queue = deque(starts)
    found: list[tuple[int, int, int]] = []
    seen_pairs = set()
    while queue and len(found) < limit:
        v = queue.popleft()
        for w in NEIGHBOURS[v]:
            if w not in block:
                continue
            if w in goals and (owner[v], w) not in seen_pairs and owner[v] != w:
                seen_pairs.add((owner[v], w))
                found.append((dist[v] + 1, owner[v], w))
            if w not in dist:
                dist[w] = dist[v] + 1
                owner[w] = owner[v]
                queue.append(w)
    found.sort()
    return [(s, g) for _, s, g in found[:limit]]


def find_loop(
    state_or_board, pair, corner_loops: bool | None = None, tries: int = 4
) -> tuple[int, ...] | None:
    """A valid loop for ``pair`` (cells in order, the last next to the first), or None
    when none exists.  Short rather than shortest: the best of ``tries`` min-cost
    cycles through the nearest red/blue (etc.) cells of each block."""
    board, (a, b), corner = _resolve(state_or_board, pair, corner_loops)
    best: tuple[int, ...] | None = None
    for block_list in _blocks_with_both(board, a, b, corner):
        block = set(block_list)
        if corner:
            candidates = [(CORNERS[a], CORNERS[b])]
        else:
            starts = [x for x in block_list if board[x] == a + 1]
            goals = {x for x in block_list if board[x] == b + 1}
            candidates = _nearest_pairs(block, starts, goals, tries)
        for s, t in candidates:
            loop = _disjoint_paths(board, block, s, t)
            if loop is None or _check(board, a, b, corner, loop) is not None:
                continue
            if best is None or len(loop) < len(best):
                best = loop
        if best is not None and len(best) <= 4:
            break
    return best


def check_loop(
    state_or_board, pair, cells: Sequence[int], corner_loops: bool | None = None
) -> str | None:
    """Why ``cells`` is not a valid loop for ``pair``, in words, or None if it is.

    The first cell may be repeated at the end (a drawn path that returns to its
    start).
    >>> b = start_board(layout_walls("open"))
    >>> check_loop(b, "red-green", [0, 1, 10, 9])
    'no green cell on the loop'
    """
    board, (a, b), corner = _resolve(state_or_board, pair, corner_loops)
    return _check(board, a, b, corner, cells)


def _check(board, a: int, b: int, corner: bool, cells: Sequence[int]) -> str | None:
    cells = [int(c) for c in cells]
    if len(cells) > 1 and cells[0] == cells[-1]:
        cells = cells[:-1]
    for c in cells:
        if not 0 <= c < CELLS:
            return _("cell number {n} is off the board").format(n=c)
    if len(cells) < 4:
        return _("a loop needs at least 4 different cells")
    seen: set[int] = set()
    for c in cells:
        if c in seen:
            return _("{cell} is used twice: a loop visits each cell once").format(cell=cell_name(c))
        seen.add(c)
    for c in cells:
        v = board[c]
        if v == WALL:
            return _("{cell} is a wall").format(cell=cell_name(c))
        if v != EMPTY and v not in (a + 1, b + 1):
            return _("{cell} is {colour}").format(cell=cell_name(c), colour=colour_word(v - 1))
    for x, y in itertools.pairwise(cells):
        if y not in NEIGHBOURS[x]:
            return _("{a} and {b} are not neighbours").format(a=cell_name(x), b=cell_name(y))
    if cells[0] not in NEIGHBOURS[cells[-1]]:
        return _("the path does not close: {last} is not next to {first}").format(
            last=cell_name(cells[-1]), first=cell_name(cells[0])
        )
    for colour in (a, b):
        if not any(board[c] == colour + 1 for c in cells):
            return _("no {colour} cell on the loop").format(colour=colour_noun(colour))
    if corner:
        for colour in (a, b):
            if CORNERS[colour] not in seen:
                return _(
                    "the loop must pass through the {colour} corner {cell} (corner loops)"
                ).format(colour=colour_noun(colour), cell=cell_name(CORNERS[colour]))
    return None


def critical_cells(state_or_board, pair, corner_loops: bool | None = None) -> tuple[int, ...]:
    """Empty cells that lie on every loop of ``pair``: a colour outside the pair placed
    on one of them kills the pair.  Empty tuple when the pair has no loop at all."""
    board, (a, b), corner = _resolve(state_or_board, pair, corner_loops)
    loop = find_loop(board, PAIRS.index((a, b)), corner)
    if loop is None:
        return ()
    out = []
    work = list(board)
    for c in loop:
        if board[c] != EMPTY:
            continue
        work[c] = WALL
        if not _exists(work, a, b, corner):
            out.append(c)
        work[c] = EMPTY
    return tuple(sorted(out))


# --- moves -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    """Setup: Player 1 says which seat takes the first turn."""

    seat: int

    def __str__(self) -> str:
        return f"player {self.seat + 1} starts"


@dataclass(frozen=True)
class Place:
    cell: int
    colour: int

    def __str__(self) -> str:
        return f"place {cell_name(self.cell)} {COLOURS[self.colour]}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Challenge:
    pair: int

    def __str__(self) -> str:
        return f"challenge {PAIR_NAMES[self.pair]}"


@dataclass(frozen=True)
class EndTurn:
    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class Answer:
    """The challenged seat shows a loop: cells in path order."""

    cells: tuple[int, ...]

    def __str__(self) -> str:
        return "loop " + " ".join(cell_name(c) for c in self.cells)


@dataclass(frozen=True)
class Concede:
    def __str__(self) -> str:
        return "concede"


# --- the state -------------------------------------------------------------------------


@dataclass(frozen=True)
class CrossroadsState:
    board: tuple[int, ...]
    layout: str = "crossroads"
    corner_loops: bool = False
    phase: str = "setup"  # setup, turn, answer, over
    mover: int = 0  # whose turn it is (during "answer" too)
    starter: int = -1
    points: tuple[int, int] = (0, 0)
    closed: tuple[int, ...] = (-1,) * 6  # per pair: -1 open, else the seat that closed it
    last_colours: tuple[int, ...] = ()  # the last two colours placed, most recent last
    placed_this_turn: bool = False  # placed or passed
    passed_this_turn: bool = False
    challenged_this_turn: bool = False
    challenge_pair: int = -1
    turn: int = 0  # turns begun
    pass_turns: tuple[bool, ...] = ()  # the current run of passing turns: did each challenge?
    last_placed: int = -1
    last_loop: tuple[int, ...] = ()
    # The latest challenge's result as data: ("shown" or "conceded", the challenged
    # seat, the pair).  ``last_result`` words it in the reader's language when asked, so
    # the state itself holds no words (a language switched mid-game, a phone reading
    # another language than the host's).
    last_challenge: tuple = ()
    end_reason: str = ""

    @property
    def last_result(self) -> str:
        """A sentence on the latest challenge ("" before the first)."""
        if not self.last_challenge:
            return ""
        kind, seat, pair = self.last_challenge
        if kind == "shown":
            return _("{seat} showed a {pair} loop and scores 1").format(
                seat=seat_name(seat), pair=pair_words(pair)
            )
        return _("{seat} showed no {pair} loop: {mover} scores 1 and the pair is closed").format(
            seat=seat_name(seat), pair=pair_words(pair), mover=seat_name(1 - seat)
        )

    # -- protocol ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def round_number(self) -> int:
        return 0 if self.phase == "setup" else (self.turn + 1) // 2

    @property
    def answering_seat(self) -> int:
        return 1 - self.mover if self.phase == "answer" else -1

    @property
    def passes_in_row(self) -> int:
        return len(self.pass_turns)

    @property
    def walls(self) -> tuple[int, ...]:
        return tuple(i for i, v in enumerate(self.board) if v == WALL)

    def current_player(self) -> int:
        if self.phase == "over":
            return -1
        if self.phase == "setup":
            return 0
        if self.phase == "answer":
            return 1 - self.mover
        return self.mover

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def open_pairs(self) -> tuple[int, ...]:
        return tuple(p for p in range(len(PAIRS)) if self.closed[p] < 0)

    def allowed_colours(self) -> tuple[int, ...]:
        """Colours the mover may place this turn (not among the last two placed)."""
        return tuple(c for c in range(4) if c not in self.last_colours)

    def colour_fits(self, cell: int, colour: int) -> bool:
        """Placement test without the phase checks (also used by bots for the opponent)."""
        if self.board[cell] != EMPTY or colour in self.last_colours:
            return False
        v = colour + 1
        return all(self.board[n] != v for n in NEIGHBOURS[cell])

    def placeable_colours(self, cell: int) -> tuple[int, ...]:
        """Colours legal on ``cell`` right now for the mover (palette dimming)."""
        if self.phase != "turn" or self.placed_this_turn:
            return ()
        return tuple(c for c in range(4) if self.colour_fits(cell, c))

    def placements(self) -> list[Place]:
        allowed = self.allowed_colours()
        board = self.board
        out = []
        for cell in range(CELLS):
            if board[cell] != EMPTY:
                continue
            near = {board[n] for n in NEIGHBOURS[cell]}
            for c in allowed:
                if c + 1 not in near:
                    out.append(Place(cell, c))
        return out

    def can_challenge(self) -> bool:
        return (
            self.phase == "turn"
            and not self.challenged_this_turn
            and any(c < 0 for c in self.closed)
        )

    def legal_moves(self) -> list:
        if self.phase == "over":
            return []
        if self.phase == "setup":
            return [Start(0), Start(1)]
        if self.phase == "answer":
            loop = find_loop(self, self.challenge_pair)
            return ([Answer(loop)] if loop else []) + [Concede()]
        moves: list = []
        if not self.placed_this_turn:
            moves.extend(self.placements() or [Pass()])
        if self.can_challenge():
            moves.extend(Challenge(p) for p in self.open_pairs())
            if self.placed_this_turn:
                moves.append(EndTurn())
        return moves

    def why_illegal(self, move) -> str | None:
        """The sentence a player reads when ``move`` is refused, or None if legal."""
        try:
            self.apply(move)
        except IllegalMove as exc:
            return str(exc)
        return None

    def apply(self, move) -> "CrossroadsState":
        if self.phase == "over":
            raise IllegalMove(_("the game is over"))
        if self.phase == "setup":
            if not isinstance(move, Start):
                raise IllegalMove(_("first Player 1 chooses who starts (e.g. 'player 1 starts')"))
            if move.seat not in (0, 1):
                raise IllegalMove(_("the starting player is Player 1 or Player 2"))
            return replace(self, phase="turn", mover=move.seat, starter=move.seat, turn=1)
        if self.phase == "answer":
            return self._apply_answer(move)
        if isinstance(move, Place):
            return self._apply_place(move)
        if isinstance(move, Pass):
            if self.placed_this_turn:
                raise IllegalMove(_("you have already placed or passed this turn"))
            if self.placements():
                raise IllegalMove(_("you can only pass when no colour fits anywhere"))
            after = replace(self, placed_this_turn=True, passed_this_turn=True)
            return after._maybe_end_turn()
        if isinstance(move, Challenge):
            if self.challenged_this_turn:
                raise IllegalMove(_("you have already challenged this turn"))
            if not 0 <= move.pair < len(PAIRS):
                raise IllegalMove(_("there is no such pair"))
            if self.closed[move.pair] >= 0:
                raise IllegalMove(_("the pair {pair} is closed").format(pair=pair_words(move.pair)))
            return replace(
                self,
                phase="answer",
                challenge_pair=move.pair,
                challenged_this_turn=True,
                last_loop=(),
            )
        if isinstance(move, EndTurn):
            if not self.placed_this_turn:
                raise IllegalMove(_("place a colour first (or pass if none fits)"))
            return self._end_turn()
        if isinstance(move, (Answer, Concede)):
            raise IllegalMove(_("nobody has been challenged"))
        if isinstance(move, Start):
            raise IllegalMove(_("the starting player has already been chosen"))
        raise IllegalMove(_("{move} is not a Color Crossroads move").format(move=quoted(str(move))))

    def _placement_refusal(self, cell: int, colour: int) -> str | None:
        if not (0 <= cell < CELLS and 0 <= colour < 4):
            return _("that is not a cell and a colour")
        name = colour_noun(colour)
        v = self.board[cell]
        if v == WALL:
            return _("{cell} is a wall").format(cell=cell_name(cell))
        if v != EMPTY:
            if cell in CORNERS:
                text = _("{cell} is already {colour} (a corner)")
            else:
                text = _("{cell} is already {colour}")
            return text.format(cell=cell_name(cell), colour=colour_word(v - 1))
        if self.last_colours and colour == self.last_colours[-1]:
            return _("{colour} was the last colour placed").format(colour=name)
        if colour in self.last_colours:
            return _("{colour} is one of the last two colours placed").format(colour=name)
        for n in NEIGHBOURS[cell]:
            if self.board[n] == colour + 1:
                return _("{colour} would touch {colour} at {cell}").format(
                    colour=name, cell=cell_name(n)
                )
        return None

    def _apply_place(self, move: Place) -> "CrossroadsState":
        if self.placed_this_turn:
            raise IllegalMove(_("you have already placed this turn"))
        refusal = self._placement_refusal(move.cell, move.colour)
        if refusal:
            raise IllegalMove(refusal)
        board = list(self.board)
        board[move.cell] = move.colour + 1
        after = replace(
            self,
            board=tuple(board),
            placed_this_turn=True,
            last_placed=move.cell,
            last_colours=(self.last_colours + (move.colour,))[-2:],
        )
        return after._maybe_end_turn()

    def _apply_answer(self, move) -> "CrossroadsState":
        pair = self.challenge_pair
        seat = 1 - self.mover
        if isinstance(move, Answer):
            refusal = check_loop(self, pair, move.cells)
            if refusal:
                raise IllegalMove(refusal)
            points = list(self.points)
            points[seat] += 1
            after = replace(
                self,
                phase="turn",
                challenge_pair=-1,
                points=(points[0], points[1]),
                last_loop=tuple(move.cells),
                last_challenge=("shown", seat, pair),
            )
        elif isinstance(move, Concede):
            points = list(self.points)
            points[self.mover] += 1
            closed = list(self.closed)
            closed[pair] = self.mover
            after = replace(
                self,
                phase="turn",
                challenge_pair=-1,
                points=(points[0], points[1]),
                closed=tuple(closed),
                last_loop=(),
                last_challenge=("conceded", seat, pair),
            )
        else:
            raise IllegalMove(
                _("{seat} must show a {pair} loop or concede").format(
                    seat=seat_name(seat), pair=pair_words(pair)
                )
            )
        if max(after.points) >= TARGET_POINTS:
            return replace(after, phase="over", end_reason="points")
        return after._maybe_end_turn()

    def _maybe_end_turn(self) -> "CrossroadsState":
        if self.placed_this_turn and not self.can_challenge():
            return self._end_turn()
        return self

    def _end_turn(self) -> "CrossroadsState":
        if self.passed_this_turn:
            runs = self.pass_turns + (self.challenged_this_turn,)
        else:
            runs = ()
        if len(runs) >= 2 and (not self.open_pairs() or not (runs[-1] or runs[-2])):
            return replace(
                self,
                phase="over",
                pass_turns=runs,
                end_reason="passes",
                placed_this_turn=False,
                passed_this_turn=False,
                challenged_this_turn=False,
            )
        return replace(
            self,
            mover=1 - self.mover,
            placed_this_turn=False,
            passed_this_turn=False,
            challenged_this_turn=False,
            turn=self.turn + 1,
            pass_turns=runs,
        )

    # -- results -------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        p0, p1 = self.points
        if self.end_reason == "points":
            w = 0 if p0 > p1 else 1
            return Outcome.win(
                w,
                2,
                _("{seat} reached {n} points").format(seat=seat_name(w), n=TARGET_POINTS),
            )
        if p0 == p1:
            return Outcome.draw(
                2, _("Both players passed with {n} points each: a draw").format(n=p0)
            )
        w = 0 if p0 > p1 else 1
        return Outcome.win(
            w,
            2,
            _("Both players passed; {seat} has more points ({a} to {b})").format(
                seat=seat_name(w), a=max(p0, p1), b=min(p0, p1)
            ),
        )

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def returns(self) -> tuple[float, ...]:
        out = self.outcome()
        return out.returns() if out else (0.0, 0.0)

    def timeout_move(self, seat: int):
        """Only the answer is timed by the rules: running out means conceding."""
        if self.phase == "answer" and seat == 1 - self.mover:
            return Concede()
        return None

    # -- screen helpers ------------------------------------------------------------
    def cell_value(self, cell) -> int:
        """Board value at an index or a label ("E5"): 0 empty, 1-4 colour + 1, 9 wall."""
        if isinstance(cell, str):
            cell = parse_cell(cell)
        return self.board[cell]

    def pair_panel(self) -> list[dict]:
        """One row per pair for the side panel: name, colours, open, who closed it,
        and whether the mover may challenge it now.  Never says whether a loop exists."""
        can = self.can_challenge()
        return [
            {
                "pair": p,
                "name": PAIR_NAMES[p],
                "colours": PAIRS[p],
                "open": self.closed[p] < 0,
                "closed_by": self.closed[p],
                "challengeable": can and self.closed[p] < 0,
            }
            for p in range(len(PAIRS))
        ]

    # -- notation ------------------------------------------------------------------
    def parse_move(self, text: str):
        return parse_move(text)

    # -- JSON ----------------------------------------------------------------------
    def to_json(self) -> dict:
        rows = []
        for r in range(SIZE):
            row = ""
            for c in range(SIZE):
                v = self.board[r * SIZE + c]
                row += "." if v == EMPTY else "#" if v == WALL else COLOUR_LETTERS[v - 1]
            rows.append(row)
        return {
            "board": rows,
            "layout": self.layout,
            "corner_loops": self.corner_loops,
            "phase": self.phase,
            "mover": self.mover,
            "starter": self.starter,
            "points": list(self.points),
            "closed": list(self.closed),
            "last_colours": [COLOURS[c] for c in self.last_colours],
            "placed_this_turn": self.placed_this_turn,
            "passed_this_turn": self.passed_this_turn,
            "challenged_this_turn": self.challenged_this_turn,
            "challenge_pair": self.challenge_pair,
            "turn": self.turn,
            "pass_turns": list(self.pass_turns),
            "last_placed": self.last_placed,
            "last_loop": list(self.last_loop),
            "last_challenge": list(self.last_challenge),
            "end_reason": self.end_reason,
        }

    @staticmethod
    @state_reader("Color Crossroads")
    def from_json(data: Mapping) -> "CrossroadsState":
        rows = data["board"]
        if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
            raise BadState("a Color Crossroads board is 9 rows of 9 cells")
        board = []
        for row in rows:
            for ch in row:
                if ch == ".":
                    board.append(EMPTY)
                elif ch == "#":
                    board.append(WALL)
                elif ch in COLOUR_LETTERS:
                    board.append(COLOUR_LETTERS.index(ch) + 1)
                else:
                    raise BadState(f"unknown board mark {quoted(ch)}")
        return CrossroadsState(
            board=tuple(board),
            layout=str(data["layout"]),
            corner_loops=bool(data["corner_loops"]),
            phase=str(data["phase"]),
            mover=int(data["mover"]),
            starter=int(data["starter"]),
            # a file's count of points is not checked (a state file is trusted)
            points=cast("tuple[int, int]", tuple(int(p) for p in data["points"])),
            closed=tuple(int(c) for c in data["closed"]),
            last_colours=tuple(COLOURS.index(c) for c in data["last_colours"]),
            placed_this_turn=bool(data["placed_this_turn"]),
            passed_this_turn=bool(data["passed_this_turn"]),
            challenged_this_turn=bool(data["challenged_this_turn"]),
            challenge_pair=int(data["challenge_pair"]),
            turn=int(data["turn"]),
            pass_turns=tuple(bool(x) for x in data["pass_turns"]),
            last_placed=int(data["last_placed"]),
            last_loop=tuple(int(c) for c in data["last_loop"]),
            last_challenge=_last_challenge(data.get("last_challenge", [])),
            end_reason=str(data["end_reason"]),
        )


def _last_challenge(value) -> tuple:
    """A state file's latest challenge: [] or ["shown" | "conceded", seat, pair]."""
    if value in ([], (), None):
        return ()
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 3
        or value[0] not in ("shown", "conceded")
        or not all(type(x) is int for x in value[1:])
        or value[1] not in (0, 1)
        or not 0 <= value[2] < len(PAIRS)
    ):
        raise BadState('the latest challenge must be ["shown" or "conceded", seat, pair]')
    return (value[0], value[1], value[2])


def parse_move(text: str):
    """Read a move in notation (see the module docstring)."""
    text = move_text(text)
    t = " ".join(text.strip().lower().replace(",", " ").split())
    if not t:
        raise IllegalMove(_("empty move: write one like 'place E5 red' or 'challenge red-blue'"))
    words = t.split()
    head = words[0]
    if t in ("pass",):
        return Pass()
    if t in ("end turn", "end", "done", "end-turn"):
        return EndTurn()
    if t in ("concede", "no loop", "give up"):
        return Concede()
    if len(words) == 3 and words[0] in ("player", "p") and words[2] in ("starts", "first"):
        if words[1] in ("1", "2"):
            return Start(int(words[1]) - 1)
        raise IllegalMove(_("the starting player is Player 1 or Player 2"))
    if head == "challenge":
        return Challenge(parse_pair(" ".join(words[1:])))
    if head == "loop":
        body = " ".join(words[1:]).replace("-", " ").split()
        if not body:
            raise IllegalMove(_("a loop lists its cells, like 'loop A1 B1 B2 A2'"))
        if len(body) > CELLS + 1:
            raise IllegalMove(_("a loop cannot have more cells than the board"))
        return Answer(tuple(parse_cell(w) for w in body))
    if head == "place":
        words = words[1:]
    if len(words) == 2:
        first, second = words
        if first[:1].isalpha() and first[1:].isdigit():
            return Place(parse_cell(first), parse_colour(second))
        if second[:1].isalpha() and second[1:].isdigit():
            return Place(parse_cell(second), parse_colour(first))
    raise IllegalMove(
        _(
            "cannot read {text}: write 'place E5 red', 'challenge red-blue', "
            "'loop A1 B1 B2 A2', 'concede', 'pass' or 'end turn'"
        ).format(text=quoted(text))
    )


# --- spec ------------------------------------------------------------------------------


def new_state(rng: random.Random, players: int, options: Mapping) -> CrossroadsState:
    layout = options.get("walls", "crossroads")
    corner = bool(options.get("corner_loops", False))
    if layout == "scattered":
        walls = scattered_walls(rng, corner)
    else:
        walls = layout_walls(layout)
    return CrossroadsState(board=start_board(walls), layout=layout, corner_loops=corner)


def _validate(players: int, options: Mapping) -> None:
    if players != 2:
        raise ValueError("Color Crossroads is for 2 players")
    if options.get("walls") not in LAYOUTS:
        raise ValueError(f"walls must be one of {', '.join(LAYOUTS)}")


def _move_bound(players: int, options: Mapping) -> int:
    # Every turn uses its one slot on a placement (at most one per free cell) or a
    # pass; after a pass the board is frozen, and at most 5 challenges happen in a
    # game (each scores a point; the sixth point would be the third of someone),
    # so passing turns number at most 2 per challenge plus 2.  A turn is at most
    # 4 actions (place, challenge, answer, end turn); plus the setup action.
    free = CELLS - len(CORNERS)
    turns = free + 2 * 5 + 2
    return 1 + 4 * turns


def _rule_clock(state) -> float | None:
    return ANSWER_SECONDS if getattr(state, "phase", "") == "answer" else None


SPEC = GameSpec(
    id="color-crossroads",
    title="Color Crossroads",
    tagline=N_("Colour the grid, keep every pair of colours loopable, challenge dead pairs."),
    min_players=2,
    max_players=2,
    default_players=2,
    options=(
        Option(
            "walls",
            N_("Walls"),
            "choice",
            "crossroads",
            LAYOUTS,
            help=N_(
                "Crossroads: a wall on every even column and row; Open: no walls; "
                "Scattered: 8-12 walls from the seed, symmetric."
            ),
        ),
        Option(
            "corner_loops",
            N_("Corner loops"),
            "bool",
            False,
            help=N_("A loop must pass through the corners of both its colours."),
        ),
    ),
    new_state=new_state,
    from_json=CrossroadsState.from_json,
    move_bound=_move_bound,
    seat_names=lambda n: tuple(seat_name(i) for i in range(n)),  # as shown
    tournament_clock=None,
    timeout_policy="move",
    validate=_validate,
    rule_clock=_rule_clock,
    rules_card="color-crossroads.md",
    fame_ranking="moves",
)
