"""Element Shift's board input as plain values (see scenes/play/interpret.py): the
start pick and the secret plan editor.

``GameUI`` is what is half-entered: the start tile picked but not confirmed, the plan
being built (Keep / Switch and its actions so far), whether a ray is being aimed, the
board cursor, a press on the path's end that stays unless it becomes a drag, and the
drag drawing the path.  ``editor_for`` is the (round, seat) the editor belongs to; a
new decision starts a fresh one (``sync``).

``interpret_move(ui, state, input, mode)`` turns one input into Submit / Refuse /
Changed / Unused.  ``mode`` is the view's: "setup" and "plan" take board input (the
seat is the state's current player); the curtain, the reveal and the summary are the
view's own.

    >>> ui = GameUI()
    >>> interpret_move(ui, state, Cell(61), "plan")   # one step right of the start
    Changed(sound='click', ...)
    >>> ui.plan_actions
    ['R']

The editor's buttons arrive as ``Pick(name)`` ("start", "keep", "switch", "ray N",
"undo_step", "clear", "submit").  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.element_shift import (
    DIAGONAL_STEPS,
    KNIGHT_JUMPS,
    ORTHOGONAL_STEPS,
    RAY_DIRECTIONS,
    SIZE,
    STAY,
    Plan,
    StartPick,
    cell_name,
)
from game.text.i18n import _, ngettext
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

ENTERING = frozenset({"setup", "plan"})  # a person enters a choice on the board
RAY_KEYS = {"up": "N", "right": "E", "down": "S", "left": "W"}


@dataclass
class GameUI:
    cursor: int = 5 * SIZE + 5
    editor_for: tuple[int, int] | None = None  # (round, seat) the editor belongs to
    plan_switch: bool = False
    plan_actions: list[str] = field(default_factory=list)
    ray_aim: bool = False
    pick: int | None = None  # setup: the chosen start tile, not yet confirmed
    pending_stay: bool = False  # a press on the path's end: stay, unless it becomes a drag
    dragging: bool = False
    drag_cell: int | None = None


def offset_token(start: int, cell: int) -> str | None:
    """The action token whose offset leads from ``start`` to ``cell``, if any."""
    d = (cell % SIZE - start % SIZE, cell // SIZE - start // SIZE)
    for table in (ORTHOGONAL_STEPS, DIAGONAL_STEPS, KNIGHT_JUMPS):
        for tok, off in table.items():
            if off == d:
                return tok
    return None


# -- the plan being edited ------------------------------------------------------------
def padded(ui: GameUI, state, actions=None, switch=None) -> Plan:
    """The plan so far, filled up with stays to the round's length."""
    actions = list(ui.plan_actions if actions is None else actions)
    return Plan(
        ui.plan_switch if switch is None else switch,
        tuple(actions + [STAY] * (state.segments() - len(actions))),
    )


def path(ui: GameUI, state) -> list[int]:
    """Where the planner stands after each action entered so far (start first)."""
    seat = state.current_player()
    start = state.positions[seat]
    if not ui.plan_actions:
        return [start]
    full = state.plan_path(seat, padded(ui, state))
    return [start] + list(full[: len(ui.plan_actions)])


def path_end(ui: GameUI, state) -> int:
    return path(ui, state)[-1]


def reset_editor(ui: GameUI, state, key: tuple[int, int]) -> None:
    ui.editor_for = key
    ui.plan_switch = False
    ui.plan_actions = []
    ui.ray_aim = False
    ui.pick = None
    ui.pending_stay = ui.dragging = False
    seat = key[1]
    if state.round >= 1 and state.positions[seat] >= 0:
        ui.cursor = state.positions[seat]


def sync(ui: GameUI, state, mode: str) -> None:
    """A new decision (round, seat) gets a fresh editor."""
    if mode in ENTERING:
        key = (state.round, state.current_player())
        if ui.editor_for != key:
            reset_editor(ui, state, key)


def take_plan(ui: GameUI, state, plan: Plan):
    """Copy a whole plan (a hint) into the editor."""
    ui.plan_switch = plan.switch
    ui.plan_actions = list(plan.actions)
    ui.ray_aim = False
    ui.cursor = path_end(ui, state)
    return Changed("click")


# -- one input --------------------------------------------------------------------------
def interpret_move(ui: GameUI, state, inp, mode: str):
    sync(ui, state, mode)  # input may arrive before the first tick of a new decision
    if isinstance(inp, (Point, Drag)):
        return _drag(ui, state, inp.cell, mode)
    if isinstance(inp, Drop):
        result = Unused
        if ui.pending_stay and mode == "plan":
            result = add_action(ui, state, STAY)
        ui.pending_stay = ui.dragging = False
        return result
    if isinstance(inp, Cell):
        return _press(ui, state, inp.cell, mode)
    if isinstance(inp, Pick):
        return _pick(ui, state, inp.value, mode)
    if isinstance(inp, Key):
        return _key(ui, state, inp, mode)
    return Unused


def _press(ui: GameUI, state, cell, mode: str):
    if cell is None or mode not in ENTERING:
        return Unused
    ui.cursor = cell
    if (
        mode == "plan"
        and not ui.ray_aim
        and cell == path_end(ui, state)
        and len(ui.plan_actions) < state.segments()
    ):
        ui.pending_stay = True  # stay on release, unless the press becomes a drag
        ui.dragging, ui.drag_cell = True, cell
        return Changed()
    result = act_on(ui, state, cell, mode)
    ui.dragging, ui.drag_cell = mode == "plan", cell
    return result


def _drag(ui: GameUI, state, cell, mode: str):
    """Drawing the path by dragging across tiles (touch): each new tile that one
    action reaches is added."""
    if not ui.dragging or mode != "plan":
        return Unused
    if cell is None or cell == ui.drag_cell:
        return Unused
    ui.drag_cell = cell
    k = len(ui.plan_actions)
    if k >= state.segments():
        return Unused
    for a in state.menu(path_end(ui, state), k):
        if a.kind in ("step", "jump") and a.dest == cell:
            ui.pending_stay = False
            return add_action(ui, state, a.token)
    return Unused


def _pick(ui: GameUI, state, name: str, mode: str):
    """A button of the plan editor (the view plays its click)."""
    if name == "start":
        return confirm_start(ui, state, mode)
    if name in ("keep", "switch"):
        ui.plan_switch = name == "switch"
        return Changed("click")
    if name.startswith("ray "):
        return add_action(ui, state, name) if mode == "plan" else Unused
    if name == "undo_step":
        return undo_step(ui, state, mode)
    if name == "clear":
        return clear_plan(ui, state, mode)
    if name == "submit":
        return Submit(padded(ui, state)) if mode == "plan" else Unused
    return Unused


def _key(ui: GameUI, state, key: Key, mode: str):
    name = key.name
    if mode == "plan" and ui.ray_aim and name in RAY_KEYS:
        return add_action(ui, state, f"ray {RAY_KEYS[name]}")
    if name in ARROWS:
        dx, dy = ARROWS[name]
        c, r = ui.cursor % SIZE + dx, ui.cursor // SIZE + dy
        if 0 <= c < SIZE and 0 <= r < SIZE:
            ui.cursor = r * SIZE + c
            return Changed("hover")
        return Unused  # off the board's edge: the view may move the focus to its buttons
    enter = name in ("confirm", "space")
    if mode == "setup":
        return act_on(ui, state, ui.cursor, mode) if enter else Unused
    if mode != "plan":
        return Unused
    if enter:
        if key.shift or len(ui.plan_actions) >= state.segments():
            return Submit(padded(ui, state))
        return act_on(ui, state, ui.cursor, mode)
    if name == "cancel":  # Backspace: the last action
        return undo_step(ui, state, mode)
    if name == "clear":  # Delete: the whole plan
        return clear_plan(ui, state, mode)
    if name == "switch":  # Tab
        ui.plan_switch = not ui.plan_switch
        return Changed("click")
    if name == "stay":
        ui.cursor = path_end(ui, state)
        return add_action(ui, state, STAY)
    if name == "ray":
        return toggle_ray_aim(ui, state)
    return Unused


def add_action(ui: GameUI, state, token: str):
    seat = state.current_player()
    segs = state.segments()
    if len(ui.plan_actions) >= segs:
        return Refuse(
            ngettext(
                "All {n} action is set: submit the plan (Shift+Enter), or take it back (Backspace)",
                "All {n} actions are set: submit the plan (Shift+Enter), or take one back "
                "(Backspace)",
                segs,
            ).format(n=segs),
            "warning",
        )
    trial = ui.plan_actions + [token]
    reason = state.why_illegal(padded(ui, state, trial), seat)
    if reason:
        return Refuse(reason)
    ui.plan_actions = trial
    ui.ray_aim = False
    ui.cursor = path_end(ui, state)
    return Changed("click")


def refuse_cell(ui: GameUI, state, cell: int) -> Refuse:
    """Say why ``cell`` cannot be the next action, in the engine's words."""
    seat = state.current_player()
    end = path_end(ui, state)
    k = len(ui.plan_actions)
    token = offset_token(end, cell)
    reason = None
    if token:
        reason = state.why_illegal(padded(ui, state, ui.plan_actions + [token]), seat)
    elif (
        k > 0
        and state.variation().ray_first
        and (cell % SIZE == end % SIZE or cell // SIZE == end // SIZE)
    ):
        direction = next(
            d
            for d, (dc, dr) in RAY_DIRECTIONS.items()
            if (cell % SIZE - end % SIZE) * dc + (cell // SIZE - end // SIZE) * dr > 0
        )
        reason = state.why_illegal(padded(ui, state, ui.plan_actions + [f"ray {direction}"]), seat)
    if not reason:
        reason = _(
            "Segment {k} from {cell}: choose a highlighted tile. This round: {allowed}"
        ).format(k=k + 1, cell=cell_name(end), allowed=state.variation().allowed)
    return Refuse(reason)


def act_on(ui: GameUI, state, cell: int, mode: str):
    """A click, tap or Enter on a tile."""
    if mode == "setup":
        ui.cursor = cell
        if ui.pick == cell:
            return confirm_start(ui, state, mode)
        reason = state.why_illegal(StartPick(cell), state.current_player())
        if reason:
            return Refuse(reason)
        ui.pick = cell
        return Changed("click")
    if mode != "plan":
        return Unused
    k = len(ui.plan_actions)
    if k >= state.segments():
        return add_action(ui, state, STAY)  # says that the plan is full
    end = path_end(ui, state)
    menu = state.menu(end, k)
    if ui.ray_aim:
        for a in menu:
            if a.kind == "ray" and cell in a.entered:
                return add_action(ui, state, a.token)
        return Refuse(
            _(
                "Aim the ray at a tile straight up, down, left or right of you (or press R to "
                "stop aiming)"
            ),
            "warning",
            None,
        )
    if cell == end:
        return add_action(ui, state, STAY)
    for a in menu:
        if a.kind in ("step", "jump") and a.dest == cell:
            return add_action(ui, state, a.token)
    for a in menu:
        if a.kind == "ray" and cell in a.entered:
            return add_action(ui, state, a.token)
    return refuse_cell(ui, state, cell)


def toggle_ray_aim(ui: GameUI, state):
    if ui.plan_actions or not state.variation().ray_first:
        # Let the engine say why a ray does not fit here.
        trial = ui.plan_actions + ["ray N"]
        if len(trial) <= state.segments():
            reason = state.why_illegal(padded(ui, state, trial), state.current_player())
            if reason:
                return Refuse(reason)
    ui.ray_aim = not ui.ray_aim
    if ui.ray_aim:
        return Changed("click", say=_("Ray: press an arrow key or click a tile in that direction"))
    return Changed("click")


def undo_step(ui: GameUI, state, mode: str):
    if mode != "plan":
        return Unused
    if ui.plan_actions:
        ui.plan_actions.pop()
        ui.cursor = path_end(ui, state)
        return Changed("back")
    if ui.ray_aim:
        ui.ray_aim = False
        return Changed()
    return Refuse(
        _("The plan is empty: click a highlighted tile to add an action"), "warning", None
    )


def clear_plan(ui: GameUI, state, mode: str):
    if mode != "plan":
        return Unused
    ui.plan_actions = []
    ui.ray_aim = False
    ui.cursor = path_end(ui, state)
    return Changed("back")


def confirm_start(ui: GameUI, state, mode: str):
    if mode != "setup":
        return Unused
    if ui.pick is None:
        return Refuse(_("Choose a start tile first: click a highlighted tile"), "warning", None)
    return Submit(StartPick(ui.pick))
