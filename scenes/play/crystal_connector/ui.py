"""Crystal Connector's board input as plain values (see scenes/play/interpret.py): the
turn being built, shift by shift, before it is confirmed.

``GameUI`` is what is half-entered: the turn's actions held (not yet given to the
match) and the state they were entered on, the draft (a line moved some spaces, not
yet a shift), the line the keyboard holds, the cursor and its axis, Color Convertor
mode and the setup cards' focus.  ``interpret_move(ui, state, input, waiting_on,
preview)`` turns one input into Submit / Refuse / Changed / Unused:

    >>> ui = GameUI(base=state)
    >>> interpret_move(ui, state, Pick(("handle", "C", "down")))  # one more space down
    Changed(sound='hover', ...)
    >>> interpret_move(ui, state, Key("confirm"))                  # the draft is a shift
    Changed(sound='place', ...)
    >>> ui.pending
    [Shift(line='C', direction='down', distance=1)]

A whole turn is one ``Submit`` of the tuple of held actions (the view gives them to
the match one after another).  What the board should show move by move (a line
displaced, a crystal changing colour, the hint dropped) is told to the view in
``ui.effects``, which it drains after each input.  The view hit-tests the handles,
chips, buttons and cards (``Pick``) and tracks a drag's pixels, sending
``LineDrag(line)`` once a drag takes hold of a line and ``LineDrag(line, offset)``
when it is let go.  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.crystal_connector import CELLS, LINES, SIZE, Convert, Shift, line_kind, line_label
from game.text.i18n import _, ngettext
from scenes.play.interpret import (  # the answers
    ARROWS,
    Cell,
    Changed,
    Key,
    LineDrag,
    Pick,
    Refuse,
    Submit,
    Unused,
)

DIR_SIGN = {"up": -1, "left": -1, "down": 1, "right": 1}
SETUP_PHASES = ("pick_order", "first_pick", "second_pick", "move_order")


def _wait() -> Refuse:
    # built when refused, not at import: the words follow the language chosen since
    return Refuse(_("Wait for the bot to move"), "warning", None)


def _all_in() -> Refuse:
    return Refuse(
        _("All shifts of this turn are entered: confirm the turn, or take one back"),
        "warning",
        None,
    )


def _dir_for(line: str, sign: int) -> str:
    if line_kind(line) == "column":
        return "down" if sign > 0 else "up"
    return "right" if sign > 0 else "left"


def signed(move: Shift) -> int:
    return DIR_SIGN[move.direction] * move.distance


@dataclass
class GameUI:
    base: Any = None  # the match state ``pending`` was entered on
    pending: list = field(default_factory=list)  # this turn's actions not yet given
    draft: tuple[str, int] | None = None  # (line, signed offset), not yet a shift
    grabbed: str | None = None  # keyboard: the line held by Enter
    cursor: int = 14  # C3
    axis: str = "column"
    convert_mode: bool = False
    choice_focus: int = 0
    kb_active: bool = False  # show the board cursor once keys are used
    hold: bool = True  # hold the turn's actions until Confirm (a lesson submits each at once)
    # What the view should show for the latest input, drained by it:
    # ("draft", line, offset), ("undraft",), ("entered", move, local before),
    # ("took back", move), ("hint",) drop the hint, ("cancel hint",).
    effects: list = field(default_factory=list)


def local(ui: GameUI, state):
    """The match state with this turn's held actions applied (never submitted)."""
    for a in ui.pending:
        state = state.apply(a)
    return state


def turn_complete(ui: GameUI, state) -> bool:
    """All of this turn's shifts are entered and wait for Confirm."""
    if not ui.pending:
        return False
    here = local(ui, state)
    return (
        here.phase == "over"
        or here.to_move != state.to_move
        or len(here.turn_log) > len(state.turn_log)
    )


def reset_turn(ui: GameUI, state) -> None:
    ui.pending.clear()
    ui.draft = None
    ui.grabbed = None
    ui.convert_mode = False
    ui.base = state


def may_drag(ui: GameUI, state, waiting_on) -> bool:
    """A press on a cell may become a drag of its row or column."""
    return (
        state.phase == "play"
        and waiting_on is None
        and not state.is_terminal()
        and not ui.convert_mode
        and not turn_complete(ui, state)
    )


def cursor_line(ui: GameUI) -> str:
    r, c = divmod(ui.cursor, SIZE)
    return LINES[c] if ui.axis == "column" else LINES[SIZE + r]


def cursor_to_line(ui: GameUI, line: str) -> None:
    r, c = divmod(ui.cursor, SIZE)
    if line_kind(line) == "column":
        ui.cursor, ui.axis = r * SIZE + LINES.index(line), "column"
    else:
        ui.cursor, ui.axis = (LINES.index(line) - SIZE) * SIZE + c, "row"


def _cannot_enter(state, waiting_on, quiet: bool = False):
    """Why nothing may be entered now (a result), or None."""
    if state.is_terminal():
        return Unused
    if waiting_on is not None:
        return Unused if quiet else _wait()
    if state.phase != "play":
        return Unused
    return None


def _cannot_add(ui: GameUI, state, waiting_on):
    """Why no shift may be added to this turn now (nothing may be entered, or the
    turn's shifts are all in and wait for Confirm), or None."""
    no = _cannot_enter(state, waiting_on)
    if no is None and turn_complete(ui, state):
        return _all_in()
    return no


# -- drafts and shifts ---------------------------------------------------------------------
def set_draft(ui: GameUI, state, line: str, offset: int, waiting_on):
    """Move the draft of ``line`` to ``offset`` (signed, -5..5); refusals bump."""
    no = _cannot_add(ui, state, waiting_on)
    if no is not None:
        return no
    here = local(ui, state)
    banned = here.banned_lines()
    if line in banned:
        return Refuse(banned[line], "warning")
    if abs(offset) > SIZE - 1:
        move = Shift(line, _dir_for(line, offset), abs(offset))
        return Refuse(here.why_illegal(move) or "", "warning", None)
    if offset != 0:
        move = Shift(line, _dir_for(line, offset), abs(offset))
        why = here.why_illegal(move)
        if why:
            return Refuse(why, move=move)
    if offset == 0:
        ui.draft = None
    else:
        ui.draft = (line, offset)
        ui.effects.append(("draft", line, offset))
    ui.effects.append(("hint",))
    return Changed("hover")


def step_draft(ui: GameUI, state, line: str, direction: str, waiting_on):
    """An arrow handle or key: one more space ``direction`` for ``line``."""
    cur = ui.draft[1] if ui.draft and ui.draft[0] == line else 0
    new = cur + DIR_SIGN[direction]
    if new == 0:
        ui.draft = None
        ui.effects.append(("undraft",))
        return Changed()
    return set_draft(ui, state, line, new, waiting_on)


def commit_draft(ui: GameUI, state, waiting_on, preview: bool):
    if not ui.draft:
        return Unused
    line, off = ui.draft
    return enter_action(ui, state, Shift(line, _dir_for(line, off), abs(off)), waiting_on, preview)


def enter_action(ui: GameUI, state, move, waiting_on, preview: bool):
    """Add a shift or conversion to this turn (held until Confirm)."""
    if not ui.hold:
        return Submit(move)
    no = _cannot_add(ui, state, waiting_on)
    if no is not None:
        return no
    here = local(ui, state)
    why = here.why_illegal(move)
    if why:
        return Refuse(why, move=move)
    if isinstance(move, Convert):
        ui.convert_mode = False
    ui.effects.append(("entered", move, here))
    ui.pending.append(move)
    ui.draft = None
    ui.grabbed = None
    ui.effects += [("hint",), ("cancel hint",)]
    if turn_complete(ui, state) and preview:
        return Changed(
            "place",
            say=_("Turn complete: confirm it (Enter) or take a shift back (U)"),
            seconds=3.0,
        )
    return Changed("place")


def take_back(ui: GameUI, state):
    """The draft, the held line, or the last held action, in that order; Unused when
    there is nothing to take back."""
    if ui.draft:
        ui.draft = None
        ui.effects.append(("undraft",))
        ui.grabbed = None
        return Changed()
    if ui.grabbed:
        ui.grabbed = None
        return Changed()
    if not ui.pending:
        return Unused
    move = ui.pending.pop()
    ui.effects += [("took back", move), ("hint",), ("cancel hint",)]
    return Changed("back", say=_("Took back {move}").format(move=move), seconds=2.0)


def confirm(ui: GameUI, state):
    """The held turn, as one Submit of its actions, once it is complete."""
    if not ui.pending:
        return Unused
    if not turn_complete(ui, state):
        left = local(ui, state).shifts_left()
        return Refuse(
            ngettext("Enter {n} more shift first", "Enter {n} more shifts first", left).format(
                n=left
            ),
            "warning",
            None,
        )
    return Submit(tuple(ui.pending))


def toggle_convert(ui: GameUI, state, waiting_on):
    here = local(ui, state)
    no = _cannot_enter(state, waiting_on)
    if no is not None:
        return no
    if not ui.convert_mode and not here.can_convert():
        # the engine's reason, asked about a conversion that would otherwise be fine
        mine = here.seat_colours(here.to_move)
        cell = next((i for i in range(CELLS) if here.board[i] == mine[0]), ui.cursor)
        return Refuse(here.why_illegal(Convert(cell, mine[1])) or "", "warning")
    ui.convert_mode = not ui.convert_mode
    ui.draft = None
    if ui.convert_mode:
        return Changed(say=_("Color Convertor: tap one of your circled crystals"))
    return Changed()


def convert_at(ui: GameUI, state, cell: int, waiting_on, preview: bool):
    here = local(ui, state)
    mine = here.seat_colours(here.to_move)
    target = mine[1] if here.board[cell] == mine[0] else mine[0]
    return enter_action(ui, state, Convert(cell, target), waiting_on, preview)


def _take_back_or_say(ui: GameUI, state):
    result = take_back(ui, state)
    if result is Unused:
        return Refuse(_("Nothing to take back in this turn"), "warning", None)
    return result


# -- one input ------------------------------------------------------------------------------
def interpret_move(ui: GameUI, state, inp, waiting_on: str | None = None, preview: bool = True):
    """One input on ``state`` (the match's current state).  ``waiting_on`` is not None
    while the seat to act is not a person at this screen; ``preview`` is the Shift
    preview setting (a complete turn says so only when it is on)."""
    if isinstance(inp, LineDrag):
        if inp.offset is None:  # a drag takes hold of a line
            no = _cannot_enter(state, waiting_on)
            if no is not None:
                return no
            banned = local(ui, state).banned_lines()
            if inp.line in banned:
                return Refuse(banned[inp.line], "warning")
            ui.draft = None
            return Changed()
        off = max(-(SIZE - 1), min(SIZE - 1, inp.offset))
        if off == 0:
            return Changed()
        line = inp.line
        return enter_action(
            ui, state, Shift(line, _dir_for(line, off), abs(off)), waiting_on, preview
        )
    if isinstance(inp, Cell):  # a tap on a crystal (a drag is LineDrag)
        if inp.cell is None:
            return Unused
        ui.cursor = inp.cell
        if ui.convert_mode:
            return convert_at(ui, state, inp.cell, waiting_on, preview)
        return Changed()
    if isinstance(inp, Pick):
        return _pick(ui, state, inp.value, waiting_on, preview)
    if isinstance(inp, Key):
        return _key(ui, state, inp.name, waiting_on, preview)
    return Unused


def _pick(ui: GameUI, state, value, waiting_on, preview: bool):
    """A handle ("handle", line, direction), a distance chip ("chip", n), a setup card
    ("choice", k, move) or a button of the column ("confirm", "takeback", "convert",
    "cancel"); the view plays the click."""
    kind = value[0] if isinstance(value, tuple) else value
    if kind == "choice":
        _, k, move = value
        ui.choice_focus = k
        return Submit(move)
    if kind == "handle":
        _, line, direction = value
        cursor_to_line(ui, line)
        return step_draft(ui, state, line, direction, waiting_on)
    if kind == "chip":
        line, off = ui.draft if ui.draft else (None, 0)
        if line is None:
            return Unused
        sign = 1 if off > 0 else -1
        result = set_draft(ui, state, line, sign * value[1], waiting_on)
        if not isinstance(result, Changed):
            return result
        return commit_draft(ui, state, waiting_on, preview)
    if kind == "confirm":
        return confirm(ui, state)
    if kind == "takeback":
        return _take_back_or_say(ui, state)
    if kind == "convert":
        return toggle_convert(ui, state, waiting_on)
    if kind == "cancel":
        return take_back(ui, state)
    return Unused


def _key(ui: GameUI, state, name: str, waiting_on, preview: bool):
    """A board key (the view keeps Tab's focus ring and the column buttons' focus)."""
    if state.phase in SETUP_PHASES:
        n = len(state.legal_moves())
        if name in ("left", "up"):
            ui.choice_focus = (ui.choice_focus - 1) % max(1, n)
        elif name in ("right", "down", "next"):
            ui.choice_focus = (ui.choice_focus + 1) % max(1, n)
        elif name in ("confirm", "space"):
            moves = state.legal_moves()
            if moves and waiting_on is None:
                return Submit(moves[min(ui.choice_focus, n - 1)])
            if waiting_on is not None:
                return Refuse(_("Wait for the bot to choose"), "warning", None)
        return Changed()
    if state.phase != "play":
        return Unused
    if name in ARROWS:
        dc, dr = ARROWS[name]
        line = ui.grabbed
        if line is not None and ((line_kind(line) == "column") == (dc == 0)):
            return step_draft(ui, state, line, name, waiting_on)
        if line is not None:  # across a held line: hold the next parallel line
            ui.draft = None
            ui.effects.append(("undraft",))
        r, c = divmod(ui.cursor, SIZE)
        ui.cursor = ((r + dr) % SIZE) * SIZE + (c + dc) % SIZE
        if line is not None:
            ui.grabbed = cursor_line(ui)
        return Changed()
    if name in ("confirm", "space"):
        if turn_complete(ui, state):
            return confirm(ui, state)
        if ui.convert_mode:
            return convert_at(ui, state, ui.cursor, waiting_on, preview)
        if ui.draft:
            return commit_draft(ui, state, waiting_on, preview)
        if ui.grabbed:
            ui.grabbed = None
            return Changed()
        no = _cannot_enter(state, waiting_on)
        if no is not None:
            return no
        line = cursor_line(ui)
        banned = local(ui, state).banned_lines()
        if line in banned:
            return Refuse(banned[line], "warning")
        ui.grabbed = line
        return Changed(
            say=_("{line}: use the arrows to choose direction and distance, then Enter").format(
                line=line_label(line)
            ),
            seconds=2.5,
        )
    if name == "cancel":
        return _take_back_or_say(ui, state)
    if name == "convert":
        return toggle_convert(ui, state, waiting_on)
    if len(name) == 1 and name in "ABCDEF123456":  # a column letter or a row number
        ui.draft = None
        ui.effects.append(("undraft",))
        cursor_to_line(ui, name)
        ui.grabbed = None
        return Changed()
    return Unused
