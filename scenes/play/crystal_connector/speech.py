"""Crystal Connector in words, for speech (scenes/speech/play.py): a cell's crystal and
its group, and where a seat's crystals are."""

from __future__ import annotations

from game.rules.contract import IllegalMove
from game.rules.crystal_connector import (
    CELLS,
    COLOURS,
    PIECE_NAMES,
    cell_name,
    colour_groups,
    parse_cell,
)
from game.text.i18n import _

from .ui import local

label = cell_name


def group_size(board, cell: int) -> int:
    """The size of the group ``cell`` is in, as the rules count it (a pylon-doubled
    cell counts twice)."""
    colour = board[cell]
    return next((g.size for g in colour_groups(board, colour) if cell in g.cells), 1)


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
        cells = [label(c) for c in range(CELLS) if state.board[c] == colour]
        parts.append(
            _("{piece}: {cells}").format(piece=_(PIECE_NAMES[colour]), cells=" ".join(cells))
        )
    return ". ".join(parts)


def cursor_words(view) -> str | None:
    """The board cursor's cell while the keys drive it, on the board as entered so far
    (this turn's held shifts applied)."""
    if not view.kb_active or view.focus_key is not None or view.match.state.phase != "play":
        return None
    state = local(view.game_ui, view.match.state)
    return cell_words(state, cell_name(view.cursor), max(0, view.match.to_move()))
