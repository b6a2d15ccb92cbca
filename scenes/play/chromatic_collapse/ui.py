"""Chromatic Collapse's board input as plain values (see scenes/play/interpret.py).

``GameUI`` is what is half-entered: the chosen piece (and the state it was chosen in),
a drag in progress, the board cursor and whether it shows, and the setup card's focus.
``interpret_move`` turns one input into Submit / Refuse / Changed / Unused:

    >>> ui = new_ui(state)
    >>> interpret_move(ui, state, Cell(52))     # one of the mover's pieces
    Changed(sound='click', ...)
    >>> interpret_move(ui, state, Cell(44))     # a lit square
    Submit(move=Slide(frm=52, to=44, capture=False))

No pygame: the view hit-tests squares and setup cards, and the base shows results.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.chromatic_collapse import CORNERS, Remove, Slide, Start, cell_name, square_cell
from game.text.i18n import _
from scenes.play.interpret import (  # the answers
    ARROWS,
    Cell,
    Changed,
    Drag,
    Drop,
    Key,
    Pick,
    Point,
    Refuse,
    Submit,
    Unused,
)

CONFIRM = ("confirm", "space")


@dataclass
class GameUI:
    cursor: int = 59  # d1
    keyboard: bool = False  # the cursor shows once keys drive the board
    selected: int | None = None
    selected_for: Any = None  # the state the selection belongs to
    drag_from: int | None = None
    drag_moved: bool = False
    setup_focus: int = 0  # 0 = "Diamond starts", 1 = "Circle starts"


def first_cursor(state) -> int:
    if state.phase in ("first", "second"):
        movable = state.movable_squares()
        if movable:
            return movable[0]
    return 59  # d1


def new_ui(state) -> GameUI:
    return GameUI(cursor=first_cursor(state))


def selection(ui: GameUI, state) -> int | None:
    """The chosen piece, if it was chosen in ``state`` (a new state drops it)."""
    if ui.selected is not None and ui.selected_for is state:
        return ui.selected
    return None


def clear_selection(ui: GameUI) -> None:
    ui.selected = None
    ui.selected_for = None
    ui.drag_from = None


def interpret_move(ui: GameUI, state, inp, waiting_on: str | None = None):
    """One input on ``state`` (the match's current state).  ``waiting_on`` names the
    seat to act when it is not a person at this screen (a bot): the board then says
    whom it waits for instead of acting."""
    if isinstance(inp, (Point, Drag)):
        ui.keyboard = False
        if ui.drag_from is not None and inp.cell != ui.drag_from:
            ui.drag_moved = True
        return Unused
    if isinstance(inp, Cell):
        ui.keyboard = False
        if inp.alt:
            clear_selection(ui)
            return Changed()
        if state.phase == "setup" or inp.cell is None:
            return Unused
        ui.cursor = inp.cell
        result, picked = activate(ui, state, inp.cell, waiting_on)
        if picked:
            ui.drag_from, ui.drag_moved = inp.cell, False
        return result
    if isinstance(inp, Drop):
        start, moved = ui.drag_from, ui.drag_moved
        ui.drag_from, ui.drag_moved = None, False
        if start is None or not moved:
            return Unused
        if inp.cell is not None and inp.cell != start and selection(ui, state) == start:
            return _slide(state, start, inp.cell)
        return Unused
    if isinstance(inp, Pick):  # a setup card
        if state.phase != "setup":
            return Unused
        ui.keyboard = False
        ui.setup_focus = inp.value
        return _choose_start(state, inp.value, waiting_on)
    if isinstance(inp, Key):
        return _key(ui, state, inp.name, waiting_on)
    return Unused


def _key(ui: GameUI, state, name: str, waiting_on):
    if name == "cancel":
        clear_selection(ui)
        return Changed()
    if state.phase == "setup":
        if name in ("left", "right"):
            ui.keyboard = True
            ui.setup_focus = 1 - ui.setup_focus
            return Changed()
        if name in CONFIRM:
            ui.keyboard = True
            return _choose_start(state, ui.setup_focus, waiting_on)
        return Unused
    if name in ARROWS:
        if not ui.keyboard:
            ui.keyboard = True
            return Changed()  # the first key press shows the cursor where it is
        return _move_cursor(ui, *ARROWS[name])
    if name in CONFIRM:
        ui.keyboard = True
        return activate(ui, state, ui.cursor, waiting_on)[0]
    return Unused


def _move_cursor(ui: GameUI, dc: int, dr: int):
    col, row = square_cell(ui.cursor)
    for _step in range(2):  # step over a missing corner
        col, row = col + dc, row + dr
        if not (0 <= col < 8 and 0 <= row < 8):
            return Unused
        sq = row * 8 + col
        if sq not in CORNERS:
            ui.cursor = sq
            return Changed("hover")
    return Unused


def activate(ui: GameUI, state, sq: int, waiting_on) -> tuple[Any, bool]:
    """A tap or Enter on ``sq``: the result, and whether it picked up a piece (a drag
    may follow)."""
    if state.is_terminal():
        return Unused, False
    if waiting_on is not None:
        return Refuse(
            _("{name} is thinking: wait for its move").format(name=waiting_on), "warning", None
        ), False
    if state.phase == "remove":
        return Submit(Remove(sq)), False
    if state.phase not in ("first", "second"):
        return Unused, False
    sel = selection(ui, state)
    piece = state.piece_at(sq)
    if sel is not None:
        if sq == sel:
            clear_selection(ui)
            return Changed(), False
        if any(m.to == sq for m in state.destinations(sel)):
            return _slide(state, sel, sq), False
        if piece is not None and piece[0] == state.to_move:
            return _pick(ui, state, sq)
        # Not a lit square: the engine says why (distance, blocked, direction...).
        return _slide(state, sel, sq), False
    if piece is None:
        return Unused, False
    return _pick(ui, state, sq)


def _pick(ui: GameUI, state, sq: int) -> tuple[Any, bool]:
    note = state.piece_note(sq)
    if note is not None:
        clear_selection(ui)
        if note == state.step_banner():
            # the engine's reason is the step's rule; say which piece it stopped
            note = _("The piece on {cell} may not move now. {rule}").format(
                cell=cell_name(sq), rule=note
            )
        return Refuse(note, "warning", "bump"), False
    ui.selected, ui.selected_for = sq, state
    return Changed("click"), True


def _slide(state, frm: int, to: int) -> Submit:
    target = state.piece_at(to)
    return Submit(Slide(frm, to, target is not None and target[0] != state.to_move))


def _choose_start(state, seat: int, waiting_on):
    if waiting_on is not None:
        return Refuse(_("{name} is choosing who starts").format(name=waiting_on), "warning", None)
    return Submit(Start(seat))
