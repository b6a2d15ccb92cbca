"""Crystal Connector in words, for speech (scenes/speech/play.py): a cell's crystal and
its group, and where a seat's crystals are."""

from __future__ import annotations

from game.rules.contract import IllegalMove
from game.rules.crystal_connector import (
    CELLS,
    COLOUR_NAMES,
    COLOURS,
    PIECE_NAMES,
    Convert,
    MoveOrder,
    Pass,
    PickOrder,
    Shift,
    TakeColours,
    cell_name,
    colour_groups,
    parse_cell,
)
from game.text.i18n import _
from scenes.play.words import and_list, colour_name

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


def move_words(state, move) -> str:
    """What a move does, said after the seat's name: ``shifts column C down 3``."""
    if isinstance(move, Shift):
        shifts = {
            "up": _("shifts column {line} up {n}"),
            "down": _("shifts column {line} down {n}"),
            "left": _("shifts row {line} left {n}"),
            "right": _("shifts row {line} right {n}"),
        }
        return shifts[move.direction].format(line=move.line, n=move.distance)
    # The colours as nouns, as the board's own messages name them (German: Rot, Blau).
    if isinstance(move, Convert):
        return _("converts {cell} to {colour}").format(
            cell=cell_name(move.cell), colour=colour_name(COLOUR_NAMES[move.colour])
        )
    if isinstance(move, TakeColours):
        colours = [colour_name(COLOUR_NAMES[c]) for c in move.colours]
        return _("takes {colours}").format(colours=and_list(colours))
    if isinstance(move, PickOrder):
        return _("picks colours first") if move.first else _("picks colours second")
    if isinstance(move, MoveOrder):
        return _("chooses to move first") if move.first else _("chooses to move second")
    if isinstance(move, Pass):
        return _("passes")
    return ""
