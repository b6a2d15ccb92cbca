"""Crystal Connector in words, for speech (scenes/speech/play.py): a cell's crystal and
its group, and where a seat's crystals are."""

from __future__ import annotations

from game.rules.contract import IllegalMove
from game.rules.crystal_connector import COLOURS, PIECE_NAMES, SIZE, parse_cell
from game.text.i18n import _

LETTERS = "ABCDEF"


def label(cell: int) -> str:
    return f"{LETTERS[cell % SIZE]}{cell // SIZE + 1}"


def group_size(board, cell: int) -> int:
    colour, seen, todo = board[cell], {cell}, [cell]
    while todo:
        c = todo.pop()
        r, k = divmod(c, SIZE)
        for n in (
            (r - 1) * SIZE + k if r else -1,
            (r + 1) * SIZE + k if r < SIZE - 1 else -1,
            c - 1 if k else -1,
            c + 1 if k < SIZE - 1 else -1,
        ):
            if n >= 0 and n not in seen and board[n] == colour:
                seen.add(n)
                todo.append(n)
    return len(seen)


def cell_words(state, text: str, seat: int) -> str:
    """``D4, red crystal, in your group of 5``."""
    try:
        cell = parse_cell(text)
    except IllegalMove as exc:
        return str(exc)
    piece = state.board[cell]
    words = [label(cell), _(PIECE_NAMES[piece])]
    if piece in COLOURS:
        mine = 0 <= seat < len(state.colours) and piece in state.colours[seat]
        size = group_size(state.board, cell)
        words.append(
            _("in your group of {n}").format(n=size)
            if mine
            else _("in a group of {n}").format(n=size)
        )
    return ", ".join(words)


def pieces(state, seat: int) -> str:
    colours = state.colours[seat] if 0 <= seat < len(state.colours) else ()
    if not colours:
        return _("No colours chosen yet")
    parts = []
    for colour in colours:
        cells = [label(c) for c in range(SIZE * SIZE) if state.board[c] == colour]
        parts.append(
            _("{piece}: {cells}").format(piece=_(PIECE_NAMES[colour]), cells=" ".join(cells))
        )
    return ". ".join(parts)
