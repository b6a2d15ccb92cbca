"""Board coordinates shared by the games.

Crystal Arcade labels cells with a column letter and a row number.  Most games count
rows from the top (``A1`` is the top-left cell); Chromatic Collapse uses chess
coordinates (``a1`` bottom-left).  Internally a cell is ``(col, row)`` with both
0-based and row 0 at the top of the screen.
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Hashable, Iterable, Iterator

import numpy as np

from game.rules.contract import IllegalMove, ascii_int, quoted
from game.text.i18n import _

Cell = tuple[int, int]  # (col, row), 0-based, row 0 at the top

ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING: tuple[Cell, ...] = ORTHOGONAL + DIAGONAL
KNIGHT: tuple[Cell, ...] = (
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
)

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell_name(cell: Cell, *, chess_height: int | None = None) -> str:
    """``(0, 0)`` -> ``"A1"``.  With ``chess_height`` the label is chess style:
    lower-case file and rank counted from the bottom (``(0, 7)`` -> ``"a1"`` on 8 rows)."""
    col, row = cell
    if chess_height is not None:
        return f"{LETTERS[col].lower()}{chess_height - row}"
    return f"{LETTERS[col]}{row + 1}"


def parse_cell(text: str, width: int, height: int, *, chess: bool = False) -> Cell:
    """Read ``"C4"`` (or ``"c4"`` in chess style).  Raises IllegalMove for text that is
    not a cell of a ``width`` x ``height`` board."""
    t = text.strip()
    # ASCII letters and digits only: str.isalpha/isdigit also pass other scripts'
    # letters and digits ("C²"), which int() then refuses in Python's own words.
    num = ascii_int(t[1:], 2)
    if not t[:1].isascii() or not t[:1].isalpha() or num is None:
        raise IllegalMove(
            _("{cell} is not a cell (expected a letter and a number, like C4)").format(
                cell=quoted(text)
            )
        )
    col = LETTERS.index(t[0].upper())
    if not (0 <= col < width) or not (1 <= num <= height):
        last = LETTERS[width - 1]
        raise IllegalMove(
            _("{cell} is off the board (columns A-{last}, rows 1-{height})").format(
                cell=t.upper() if not chess else t.lower(), last=last, height=height
            )
        )

    row = height - num if chess else num - 1
    return (col, row)


def in_bounds(cell: Cell, width: int, height: int) -> bool:
    return 0 <= cell[0] < width and 0 <= cell[1] < height


def neighbours(
    cell: Cell, width: int, height: int, steps: Iterable[Cell] = ORTHOGONAL
) -> Iterator[Cell]:
    c, r = cell
    for dc, dr in steps:
        n = (c + dc, r + dr)
        if 0 <= n[0] < width and 0 <= n[1] < height:
            yield n


def groups(
    cells: Iterable[Cell],
    adjacent: Callable[[Cell], Iterable[Cell]],
) -> list[set[Cell]]:
    """Maximal connected subsets of ``cells`` under ``adjacent`` (a breadth-first
    flood fill).  Groups come in a stable order (by their first cell)."""
    remaining = set(cells)
    out: list[set[Cell]] = []
    for start in sorted(remaining):
        if start not in remaining:
            continue
        remaining.discard(start)
        group = {start}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            for n in adjacent(cur):
                if n in remaining:
                    remaining.discard(n)
                    group.add(n)
                    queue.append(n)
        out.append(group)
    return out


def label_regions(board: np.ndarray, *, diagonal: bool = False) -> tuple[np.ndarray, int]:
    """Connected-component labels of equal, non-negative values in a 2-D int array
    (rows x cols).  Returns (labels, count); cells with negative values get label -1.
    Used where a game needs every region at once (Element Shift scoring)."""
    h, w = board.shape
    labels = np.full((h, w), -1, dtype=np.int32)
    steps = KING if diagonal else ORTHOGONAL
    count = 0
    for r in range(h):
        for c in range(w):
            if labels[r, c] != -1 or board[r, c] < 0:
                continue
            value = board[r, c]
            labels[r, c] = count
            queue = deque([(r, c)])
            while queue:
                rr, cc = queue.popleft()
                for dc, dr in steps:
                    nr, nc = rr + dr, cc + dc
                    if (
                        0 <= nr < h
                        and 0 <= nc < w
                        and labels[nr, nc] == -1
                        and board[nr, nc] == value
                    ):
                        labels[nr, nc] = count
                        queue.append((nr, nc))
            count += 1
    return labels, count


def stable_key(*parts: Hashable) -> str:
    """A short text key for transposition tables that is the same in every process."""
    return "|".join(str(p) for p in parts)
