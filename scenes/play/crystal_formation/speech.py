"""Crystal Formation in words, for speech (scenes/speech/play.py): a cell's pieces and
their owner, and where a seat's pieces stand (every seat of up to six alike)."""

from __future__ import annotations

from game.rules.contract import IllegalMove
from game.rules.crystal_formation import (
    SIZE_LETTERS,
    Grow,
    MoveNode,
    Pass,
    Place,
    geometry,
    seat_name,
)
from game.rules.grid import cell_name
from game.text.i18n import _, pgettext


def size_word(letter: str) -> str:
    """A piece of a stack as a word ("small medium": a node of power 3)."""
    words = {
        "S": pgettext("piece", "small"),
        "M": pgettext("piece", "medium"),
        "L": pgettext("piece", "large"),
    }
    return words[letter]


def stack_words(code: int) -> str:
    owner, mask = divmod(code, 8)
    sizes = [size_word(letter) for bit, letter in enumerate(SIZE_LETTERS) if mask >> bit & 1]
    return _("{owner}: {sizes}").format(owner=seat_name(owner), sizes=" ".join(sizes))


def cell_words(state, text: str, seat: int) -> str:
    """``D4, Ruby: small medium`` or ``D4, empty``."""
    geo = geometry(state.board_kind)
    try:
        index = geo.index[geo.parse_cell(text)]
    except IllegalMove as exc:
        return str(exc)
    code = state.board[index]
    return ", ".join([geo.cell_name(index), stack_words(code) if code else _("empty")])


def pieces(state, seat: int) -> str:
    geo = geometry(state.board_kind)
    mine = [
        f"{geo.cell_name(i)} {stack_words(code).partition(': ')[2]}"
        for i, code in enumerate(state.board)
        if code and code // 8 == seat
    ]
    return ", ".join(mine) if mine else _("No pieces on the board")


def cursor_words(view) -> str | None:
    """The board cursor's cell while the keys drive it."""
    if not view.keyboard or view.focus_key is not None or view.cursor is None:
        return None
    state = view.match.state
    geo = geometry(state.board_kind)
    if view.cursor not in geo.index:
        return None
    name = geo.cell_name(geo.index[view.cursor])
    return cell_words(state, name, max(0, view.match.to_move()))


def move_words(state, move) -> str:
    """What a move does, said after the seat's name: ``grows D4 to a medium``."""
    if isinstance(move, Place):
        return _("places a small on {cell}").format(cell=cell_name(move.cell))
    if isinstance(move, Grow):
        grows = {
            "S": _("grows {cell} with a small"),
            "M": _("grows {cell} with a medium"),
            "L": _("grows {cell} with a large"),
        }
        return grows[move.size].format(cell=cell_name(move.cell))
    if isinstance(move, MoveNode):
        return _("moves the node on {source} to {target}").format(
            source=cell_name(move.source), target=cell_name(move.target)
        )
    if isinstance(move, Pass):
        return _("passes")
    return ""
