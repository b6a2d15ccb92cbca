"""Color Crossroads' board input as plain values (see scenes/play/interpret.py).

``GameUI`` is what is half-entered: the palette colour, a cell chosen before its
colour, a colour being dragged, the board cursor and the cell under the pointer, the
loop being drawn (its cells, whether it is closed, a drag extending it) and an armed
Concede.  ``interpret_move`` turns one input into Submit / Refuse / Changed / Unused:

    >>> ui = GameUI()
    >>> interpret_move(ui, state, Cell(40))         # an empty cell first...
    Changed(say='E5: now choose a colour', ...)
    >>> interpret_move(ui, state, Pick("colour:2"))  # ...then its colour
    Submit(move=Place(cell=40, colour=2), sound='click')

The column's buttons arrive as ``Pick(key)`` with the view's target keys ("start:0",
"colour:2", "end", "pass", "challenge:3", "submit", "clear", "concede").  No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.color_crossroads import (
    EMPTY,
    SIZE,
    Answer,
    Challenge,
    Concede,
    EndTurn,
    Pass,
    Place,
    Start,
    cell_name,
)
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

CONCEDE_TICKS = 180  # how long "Press Concede again" stays armed


@dataclass
class GameUI:
    colour: int | None = None  # the palette choice
    pending: int | None = None  # a cell chosen before its colour
    drag_colour: int | None = None  # a swatch being dragged onto a cell
    cursor: int = 40  # E5
    keyboard: bool = False  # the cursor is shown once keys are used
    hover: int | None = None  # the cell under the pointer
    # the loop being drawn
    path: list[int] = field(default_factory=list)
    closed: bool = False
    dragging: bool = False
    drag_head: int | None = None
    remove_on_up: bool = False  # a press on the path's head: taken back unless it drags
    path_edits: int = 0  # counts edits of the path (the view drops its verdict on each)
    concede_armed: int = 0  # ticks left to press Concede again


def walk(a: int, b: int) -> list[int]:
    """Cells from next-to-``a`` to ``b`` in orthogonal steps (a fast drag may skip cells)."""
    r, c = divmod(a, SIZE)
    br, bc = divmod(b, SIZE)
    out = []
    while (r, c) != (br, bc):
        dr, dc = br - r, bc - c
        if dc and abs(dc) >= abs(dr):
            c += 1 if dc > 0 else -1
        else:
            r += 1 if dr > 0 else -1
        out.append(r * SIZE + c)
    return out


def answering(state, waiting_on) -> bool:
    return state.phase == "answer" and waiting_on is None


def drop_path(ui: GameUI) -> None:
    """A drawn path belongs to one challenge: any applied action starts or ends one."""
    ui.path = []
    ui.closed = False
    ui.dragging = False
    ui.drag_head = None


def clear(ui: GameUI) -> None:
    """Undo: nothing half-entered survives."""
    ui.colour = None
    ui.pending = None
    drop_path(ui)
    ui.concede_armed = 0


def accepted(ui: GameUI, move) -> None:
    """The match took a move this ui submitted: a placed colour is used up."""
    if isinstance(move, Place):
        ui.colour = None
        ui.pending = None


def _path_changed(ui: GameUI) -> None:
    ui.path_edits += 1


def interpret_move(ui: GameUI, state, inp, waiting_on: str | None = None):
    """One input on ``state`` (the match's current state).  ``waiting_on`` is not None
    while the seat to act is not a person at this screen (a bot)."""
    if isinstance(inp, (Point, Drag)):
        ui.keyboard = False
        ui.hover = inp.cell
        if ui.dragging and inp.cell is not None:
            return _drag_to(ui, inp.cell)
        return Unused
    if isinstance(inp, Cell):  # a press (the view takes presses on its buttons first)
        ui.keyboard = False
        if inp.cell is None:
            return Unused
        ui.cursor = inp.cell
        return _press_cell(ui, state, inp.cell, waiting_on, mouse=True)
    if isinstance(inp, Drop):
        result = Changed()
        if ui.drag_colour is not None and inp.cell is not None and state.phase == "turn":
            result = _place(state, inp.cell, ui.drag_colour)
        ui.drag_colour = None
        if ui.remove_on_up and ui.path:
            ui.path.pop()
            _path_changed(ui)
        ui.remove_on_up = False
        ui.dragging = False
        ui.drag_head = None
        return result
    if isinstance(inp, Pick):
        return _pick(ui, state, inp.value, waiting_on)
    if isinstance(inp, Key):
        return _key(ui, state, inp, waiting_on)
    return Unused


def _key(ui: GameUI, state, key: Key, waiting_on):
    if key.name in ARROWS:
        dx, dy = ARROWS[key.name]
        ui.keyboard = True
        ui.hover = None
        r, c = divmod(ui.cursor, SIZE)
        r = max(0, min(SIZE - 1, r + dy))
        c = max(0, min(SIZE - 1, c + dx))
        before = ui.cursor
        ui.cursor = r * SIZE + c
        result = Changed()
        if key.shift and answering(state, waiting_on) and ui.cursor != before:
            if not ui.path:
                result = _path_click(ui, before)
            if ui.path and ui.path[-1] == before:
                step = _drag_step(ui, ui.cursor)
                result = step if step is not None and step.sound else result
        return result
    if key.name in ("confirm", "space"):
        ui.keyboard = True
        ui.hover = None
        return _press_cell(ui, state, ui.cursor, waiting_on, mouse=False)
    if key.name == "cancel":
        if answering(state, waiting_on):
            if ui.closed:
                ui.closed = False
            elif ui.path:
                ui.path.pop()
            _path_changed(ui)
        else:
            ui.colour = None
            ui.pending = None
        return Changed()
    return Unused


def _pick(ui: GameUI, state, key: str, waiting_on):
    """A button of the column or the panel (a swatch, End turn, Challenge, Submit...)."""
    kind, _sep, arg = key.partition(":")
    if kind == "start":
        return Submit(Start(int(arg)), sound="click")
    if kind == "colour":
        c = int(arg)
        if ui.pending is not None and waiting_on is None and state.phase == "turn":
            return _place(state, ui.pending, c, sound="click")
        ui.colour = None if ui.colour == c else c
        return Changed("click")
    if kind == "end":
        return Submit(EndTurn())
    if kind == "pass":
        return Submit(Pass())
    if kind == "challenge":
        return Submit(Challenge(int(arg)))
    if kind == "submit":
        return Submit(Answer(tuple(ui.path)))
    if kind == "clear":
        ui.path.clear()
        ui.closed = False
        _path_changed(ui)
        return Changed("back")
    if kind == "concede":
        if ui.concede_armed > 0:
            ui.concede_armed = 0
            return Submit(Concede())
        ui.concede_armed = CONCEDE_TICKS
        return Changed(say=_("Press Concede again to give the point away"), kind="warning")
    return Unused


def _place(state, cell: int, colour: int, sound: str | None = None) -> Submit:
    return Submit(Place(cell, colour), sound=sound)


def _press_cell(ui: GameUI, state, cell: int, waiting_on, mouse: bool):
    if answering(state, waiting_on):
        result = Changed()
        if mouse and ui.path and cell == ui.path[-1] and not ui.closed:
            ui.remove_on_up = True  # a click takes it back; a drag carries on from it
        else:
            result = _path_click(ui, cell)
        if mouse and ui.path and not ui.closed and ui.path[-1] == cell:
            ui.dragging = True
            ui.drag_head = cell
        return result
    if state.phase != "turn":
        return Unused
    if waiting_on is not None:
        return Refuse(_("Wait for the bot to move"), "warning", None)
    if ui.colour is not None:
        return _place(state, cell, ui.colour)
    if state.board[cell] != EMPTY:
        ui.pending = None
        reason = state.why_illegal(Place(cell, 0))
        return Refuse(reason, "warning", None) if reason else Changed()
    ui.pending = None if ui.pending == cell else cell
    if ui.pending is not None:
        return Changed(
            say=_("{cell}: now choose a colour").format(cell=cell_name(cell)), seconds=2.0
        )
    return Changed()


def _path_click(ui: GameUI, cell: int):
    """A click (or Enter) on ``cell`` while drawing a loop."""
    path = ui.path
    result = Changed()
    if not path:
        path.append(cell)
    elif cell == path[-1] and not ui.closed:
        path.pop()
    elif cell == path[0] and ui.closed:
        ui.closed = False
    elif cell == path[0] and len(path) >= 3:
        ui.closed = True
        result = Changed("place")
    elif cell in path:
        del path[path.index(cell) + 1 :]
        ui.closed = False
    elif ui.closed:
        return Changed(say=_("The loop is closed: Submit it, or click one of its cells to go back"))
    else:
        path.append(cell)
    _path_changed(ui)
    return result


def _drag_to(ui: GameUI, cell: int):
    """The drawing drag reached ``cell``: step the path there (a closing step plays the
    sound the loop makes)."""
    if ui.drag_head is None or cell == ui.drag_head:
        return Unused
    ui.remove_on_up = False
    result = Changed()
    for z in walk(ui.drag_head, cell):
        step = _drag_step(ui, z)
        if step is None:
            break
        result = step if step.sound else result
        ui.drag_head = z
    return result


def _drag_step(ui: GameUI, z: int):
    """Extend (or take back) the path by one orthogonal step: the result, or None when
    the step stops a drag."""
    path = ui.path
    result = Changed()
    if ui.closed or not path:
        return None
    if len(path) >= 2 and z == path[-2]:
        path.pop()
    elif z == path[0] and len(path) >= 3:
        ui.closed = True
        result = Changed("place")
    elif z in path:
        return None
    else:
        path.append(z)
    _path_changed(ui)
    return result
