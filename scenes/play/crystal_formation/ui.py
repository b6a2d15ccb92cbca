"""Crystal Formation's board input as plain values (see scenes/play/interpret.py).

``GameUI`` is what is half-entered: the selected node (and the state it was selected
in), a proposed action not yet played (a finger tap or a grow key shows its end-of-turn
marks first), the board cursor and whether it shows, the cell under the pointer, and on
the hexagon the x the up / down keys aim for.  ``interpret_move`` turns one input into
Submit / Refuse / Changed / Unused:

    >>> ui = new_ui(state)
    >>> interpret_move(ui, state, Cell((3, 4)))            # an empty glowing cell
    Submit(move=Place(cell=(3, 4)))
    >>> interpret_move(ui, state, Cell((3, 4), touch=True))  # a finger only proposes
    Changed(say='place D4: tap again or End turn to play it', ...)

The strip's buttons arrive as ``Pick(name)`` ("grow:S", "pass", "end", "cancel"); the
view hit-tests them and walks their keyboard focus.  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.crystal_formation import _STASH_EMPTY as STASH_EMPTY
from game.rules.crystal_formation import (
    Grow,
    MoveNode,
    Pass,
    Place,
    board_cells,
    cell_name,
    cell_position,
)
from game.text.i18n import _
from scenes.play.interpret import (  # the answers
    ARROWS,
    Cell,
    Changed,
    Drop,
    Key,
    Pick,
    Point,
    Refuse,
    Submit,
    Unused,
)

SIZES = ("S", "M", "L")


@dataclass
class GameUI:
    kind: str  # "square" or "hex"
    cursor: Any = None
    keyboard: bool = False  # the cursor is shown once keys are used
    hover_cell: Any = None  # the cell under the pointer
    selected: Any = None  # a cell holding a node of the seat to move
    sel_state: Any = None  # the state the selection belongs to
    pending: Any = None  # a move proposed (finger tap, grow key), not yet played
    goal_x: float | None = None  # hexagon: the x the up / down keys aim for


def home_cell(state):
    mine = state.nodes(state.to_move)
    return mine[0].cell if mine else state.cells()[0]


def new_ui(state) -> GameUI:
    return GameUI(kind=state.board_kind, cursor=home_cell(state))


def clear(ui: GameUI) -> None:
    ui.selected = None
    ui.pending = None
    ui.sel_state = None


def settle(ui: GameUI, state) -> None:
    """Once a tick: a selection made on another state, or a proposal no longer legal,
    is dropped (the turn passed, an undo, a phone's action)."""
    if ui.sel_state is not None and ui.sel_state is not state:
        clear(ui)
    if ui.pending is not None and ui.pending not in state.legal_moves():
        ui.pending = None


def _wait(state, waiting_on: str):
    return Refuse(_("Wait for {name} to move").format(name=waiting_on), "warning", None, 2.0)


def interpret_move(ui: GameUI, state, inp, waiting_on: str | None = None):
    """One input on ``state`` (the match's current state).  ``waiting_on`` names the
    seat to act when it is not a person at this screen (a bot)."""
    if isinstance(inp, Point):
        ui.keyboard = False
        ui.hover_cell = inp.cell
        return Unused
    if isinstance(inp, Cell):
        if inp.alt:
            clear(ui)
            return Changed()
        return tap(ui, state, inp.cell, waiting_on, inp.touch)
    if isinstance(inp, Drop):  # a press on ``frm`` let go over another cell
        return _drag(ui, state, inp.frm, inp.cell, waiting_on, inp.touch)
    if isinstance(inp, Pick):
        return _press(ui, state, inp.value, waiting_on, inp.touch)
    if isinstance(inp, Key):
        return _key(ui, state, inp.name, waiting_on)
    return Unused


def commit(ui: GameUI, state, move, waiting_on, finger: bool = False, key: bool = False):
    """Play ``move``.  A finger tap (or a grow key) first only proposes a legal move,
    so its end-of-turn marks can be read: the same tap / key again, End turn or Enter
    plays it."""
    if (
        (finger or key)
        and waiting_on is None
        and move != ui.pending
        and move in state.legal_moves()
    ):
        ui.pending = move
        how = (
            _("{move}: tap again or End turn to play it")
            if finger
            else _("{move}: press Enter to play it")
        )
        return Changed(say=how.format(move=move), seconds=2.5)
    ui.pending = None
    return Submit(move)


def tap(ui: GameUI, state, cell, waiting_on, finger: bool = False):
    """A click, tap or Enter on a board cell (None: off the board, which lets go)."""
    if cell is None:
        clear(ui)
        return Changed()
    ui.cursor = cell
    if waiting_on is not None:
        return Unused if state.is_terminal() else _wait(state, waiting_on)
    if ui.pending is not None and not finger:
        ui.pending = None
    me = state.to_move
    node = state.node_at(cell)
    if ui.selected is not None:
        if cell == ui.selected:
            clear(ui)
            return Changed()
        if node is not None and node.owner == me:
            return select(ui, state, cell)
        return commit(ui, state, MoveNode(ui.selected, cell), waiting_on, finger)
    if node is not None and node.owner == me:
        return select(ui, state, cell)
    if node is not None:
        # someone else's node: the engine says why it cannot be grown
        return commit(ui, state, Grow(cell, "S"), waiting_on, finger)
    return commit(ui, state, Place(cell), waiting_on, finger)


def select(ui: GameUI, state, cell):
    ui.selected = cell
    ui.pending = None
    ui.sel_state = state
    ui.cursor = cell
    return Changed()


def _drag(ui: GameUI, state, source, target, waiting_on, finger: bool):
    """A node dragged onto a cell: a move (another seat's node, or an empty source, is
    only a slipped click on the release cell)."""
    node = state.node_at(source)
    if waiting_on is not None or node is None or node.owner != state.to_move:
        return tap(ui, state, target, waiting_on, finger)
    ui.selected = source
    ui.sel_state = state
    return commit(ui, state, MoveNode(source, target), waiting_on, finger)


def grow(ui: GameUI, state, size: str, waiting_on, finger: bool = False, key: bool = False):
    if waiting_on is not None:
        return _wait(state, waiting_on)
    cell = ui.selected
    if cell is None:
        cell = ui.cursor if ui.keyboard else ui.hover_cell
    if cell is None:
        return Refuse(_("Select one of your nodes first, then grow it"), "warning", None)
    return commit(ui, state, Grow(cell, size), waiting_on, finger, key)


def _press(ui: GameUI, state, name: str, waiting_on, finger: bool):
    """A strip button (the view plays its click)."""
    if name.startswith("grow:"):
        return grow(ui, state, name[5:], waiting_on, finger)
    if name == "pass":
        return commit(ui, state, Pass(), waiting_on, finger)
    if name == "cancel":
        clear(ui)
        return Changed()
    if name == "end" and ui.pending is not None:
        return commit(ui, state, ui.pending, waiting_on)
    return Unused


def _key(ui: GameUI, state, name: str, waiting_on):
    if name in ARROWS:
        moved = move_cursor(ui, *ARROWS[name]) if ui.keyboard else True
        ui.keyboard = True
        # Unused at the board's edge: the view may move the focus off the board.
        return Changed() if moved else Unused
    if name == "space":
        ui.keyboard = True
        return cycle_grow(ui, state, waiting_on)
    if name == "confirm":
        ui.keyboard = True
        if ui.pending is not None:
            return commit(ui, state, ui.pending, waiting_on)
        if waiting_on is None and state.must_pass():
            return commit(ui, state, Pass(), waiting_on)
        return tap(ui, state, ui.cursor, waiting_on)
    if name in SIZES:
        ui.keyboard = True
        return grow(ui, state, name, waiting_on, key=True)
    if name == "pass":
        return Unused if waiting_on is not None else commit(ui, state, Pass(), waiting_on)
    if name in ("next", "previous"):
        return next_node(ui, state, 1 if name == "next" else -1)
    if name == "cancel":
        clear(ui)
        return Changed()
    return Unused


def cycle_grow(ui: GameUI, state, waiting_on):
    """Space (a controller's X): propose the selected node's (or the cursor's) next
    legal grow; Enter plays the proposal."""
    if waiting_on is not None:
        return _wait(state, waiting_on)
    cell = ui.selected if ui.selected is not None else ui.cursor
    node = state.node_at(cell)
    if node is None or node.owner != state.to_move:
        return commit(ui, state, Grow(cell, "S"), waiting_on)  # the engine says whose it is
    options = list(state.grow_options(cell))
    if not options:
        # no legal grow: show the engine's reason for the most telling size
        reasons = [state.why_illegal(Grow(cell, size)) for size in "LMS"]
        # the telling ones (an empty stash, a finished tree), known by the engine's own
        # messages in the current language rather than by English words
        telling_texts = {_(text) for text in STASH_EMPTY.values()}
        telling_texts.add(_("The node on {cell} is already a tree").format(cell=cell_name(cell)))
        telling = [r for r in reasons if r in telling_texts]
        return Refuse((telling or reasons)[0])
    if ui.pending in options:
        move = options[(options.index(ui.pending) + 1) % len(options)]
    else:
        move = options[0]
    if ui.selected is None:
        select(ui, state, cell)
    ui.pending = move
    return Changed(
        say=_("{move}: press Enter to play it, Space for another grow").format(move=move),
        seconds=2.5,
    )


def next_node(ui: GameUI, state, d: int):
    """Tab: the cursor jumps to the next node of the seat to move."""
    mine = [n.cell for n in state.nodes(state.to_move)]
    ui.keyboard = True
    if not mine:
        return Changed()
    if ui.cursor in mine:
        ui.cursor = mine[(mine.index(ui.cursor) + d) % len(mine)]
    else:
        ui.cursor = mine[0]
    return Changed()


def move_cursor(ui: GameUI, dx: int, dy: int) -> bool:
    """Move the board cursor one step; False at the board's edge."""
    cells = board_cells(ui.kind)
    col, row = ui.cursor
    if ui.kind == "square" or dy == 0:
        nxt = (col + dx, row + dy)
        ui.goal_x = None
        if nxt in cells:
            ui.cursor = nxt
            return True
        return False
    # hexagon: the row above / below, keeping as close as possible to the x where the
    # vertical run began (in the engine's cell units, as the board is drawn)
    x0 = ui.goal_x if ui.goal_x is not None else cell_position(ui.kind, ui.cursor)[0]
    options = [c for c in cells if c[1] == row + dy]
    if not options:
        return False
    bias = 0.01 * (1 if dy > 0 else -1)
    ui.cursor = min(options, key=lambda c: abs(cell_position(ui.kind, c)[0] - x0 - bias))
    ui.goal_x = x0
    return True
