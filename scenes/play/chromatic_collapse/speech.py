"""Chromatic Collapse in words, for speech (scenes/speech/play.py): what is on a square and
where a side's pieces are (chess squares, a1 bottom left)."""

from __future__ import annotations

from game.rules.chromatic_collapse import (
    EMPTY,
    SEAT_NAMES,
    Remove,
    Slide,
    Start,
    TimeLoss,
    cell_name,
    code_colour,
    code_seat,
    parse_cell,
)
from game.rules.contract import IllegalMove
from game.text.i18n import _
from scenes.play.words import colour_name

COLOURS = ("red", "blue", "green", "yellow")


def piece_words(code: int) -> str:
    return _("{side} {colour}").format(
        side=_(SEAT_NAMES[code_seat(code)]), colour=colour_name(COLOURS[code_colour(code)])
    )


def cell_words(state, text: str, seat: int) -> str:
    """``e4, Circle red`` or ``e4, empty``."""
    try:
        sq = parse_cell(text)
    except IllegalMove as exc:
        return str(exc)
    code = state.board[sq]
    return ", ".join([cell_name(sq), piece_words(code) if code != EMPTY else _("empty")])


def pieces(state, seat: int) -> str:
    by_colour: dict[int, list[str]] = {}
    for sq, code in enumerate(state.board):
        if code != EMPTY and code_seat(code) == seat:
            by_colour.setdefault(code_colour(code), []).append(cell_name(sq))
    return ". ".join(
        _("{piece}: {cells}").format(piece=colour_name(COLOURS[c]), cells=" ".join(cells))
        for c, cells in sorted(by_colour.items())
    ) or _("No pieces left")


def cursor_words(view) -> str | None:
    """The board cursor's square while the keys drive it (not on the setup card)."""
    state = view.match.state
    if not view.cursor_shown() or state.phase in ("setup", "over"):
        return None
    return cell_words(state, cell_name(view.cursor), max(0, view.match.to_move()))


def move_words(state, move) -> str:
    """What a move does, said after the seat's name: ``slides red from b1 to d3``."""
    if isinstance(move, Slide):
        piece = colour_name(COLOURS[code_colour(state.board[move.frm])])
        start, end = cell_name(move.frm), cell_name(move.to)
        taken = state.board[move.to]
        if taken != EMPTY:
            return _("slides {piece} from {start} to {end}, taking {taken}").format(
                piece=piece, start=start, end=end, taken=piece_words(taken)
            )
        return _("slides {piece} from {start} to {end}").format(piece=piece, start=start, end=end)
    if isinstance(move, Remove):
        return _("removes {piece} from {square}").format(
            piece=piece_words(state.board[move.square]), square=cell_name(move.square)
        )
    if isinstance(move, Start):
        return _("lets {side} start").format(side=_(SEAT_NAMES[move.seat]))
    if isinstance(move, TimeLoss):
        return _("runs out of time")
    return ""
