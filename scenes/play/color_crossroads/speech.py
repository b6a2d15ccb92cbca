"""Color Crossroads in words, for speech (scenes/speech/play.py): a cell's colour or
wall, and where each colour stands."""

from __future__ import annotations

from game.rules.color_crossroads import COLOURS, EMPTY, WALL, cell_name, parse_cell
from game.rules.contract import IllegalMove
from game.text.i18n import _
from scenes.play.words import colour_name


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
