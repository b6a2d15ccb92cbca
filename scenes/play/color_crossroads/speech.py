"""Color Crossroads in words, for speech (scenes/speech/play.py): a cell's colour or
wall, and where each colour stands."""

from __future__ import annotations

from game.rules.color_crossroads import (
    COLOURS,
    EMPTY,
    SEAT_NAMES,
    WALL,
    Answer,
    Challenge,
    Concede,
    EndTurn,
    Pass,
    Place,
    Start,
    cell_name,
    parse_cell,
)
from game.rules.contract import IllegalMove
from game.text.i18n import _
from scenes.play.words import colour_name

from .layout import pair_text


def what(code: int) -> str:
    if code == EMPTY:
        return _("empty")
    if code == WALL:
        return _("wall")
    return colour_name(COLOURS[code - 1])


def cell_words(state, text: str, seat: int) -> str:
    """``D4, red`` or ``D4, wall``."""
    try:
        cell = parse_cell(text)
    except IllegalMove as exc:
        return str(exc)
    return ", ".join([cell_name(cell), what(state.board[cell])])


def pieces(state, seat: int) -> str:
    parts = []
    for c, name in enumerate(COLOURS):
        cells = [cell_name(i) for i, v in enumerate(state.board) if v == c + 1]
        if cells:
            parts.append(
                _("{piece}: {cells}").format(piece=colour_name(name), cells=" ".join(cells))
            )
    return ". ".join(parts) or _("No crystals on the board")


def cursor_words(view) -> str | None:
    """The board cursor's cell while the keys drive it."""
    if not view.keyboard or view.focus_key is not None:
        return None
    return cell_words(view.match.state, cell_name(view.cursor), max(0, view.match.to_move()))


def move_words(state, move) -> str:
    """What a move does, said after the seat's name: ``places green on E6``."""
    if isinstance(move, Place):
        return _("places {colour} on {cell}").format(
            colour=colour_name(COLOURS[move.colour]), cell=cell_name(move.cell)
        )
    if isinstance(move, Challenge):
        return _("challenges {pair}").format(pair=pair_text(move.pair))
    if isinstance(move, Answer):
        return _("shows a {pair} loop through {cells}").format(
            pair=pair_text(state.challenge_pair), cells=" ".join(cell_name(c) for c in move.cells)
        )
    if isinstance(move, Concede):
        return _("shows no {pair} loop").format(pair=pair_text(state.challenge_pair))
    if isinstance(move, EndTurn):
        return _("ends the turn")
    if isinstance(move, Start):
        return _("lets {player} start").format(player=_(SEAT_NAMES[move.seat]))
    if isinstance(move, Pass):
        return _("passes")
    return ""
