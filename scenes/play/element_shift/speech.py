"""Element Shift in words, for speech (scenes/speech/play.py): a tile's element, who
stands on it, and where each seat stands."""

from __future__ import annotations

from game.rules.contract import IllegalMove
from game.rules.element_shift import ELEMENT_NAMES, Plan, StartPick, cell_name, parse_cell
from game.text.i18n import _

from .layout import action_words


def cell_words(state, text: str, seat: int) -> str:
    """``D4, fire, Player 3 stands here``."""
    try:
        cell = parse_cell(text)
    except IllegalMove as exc:
        return str(exc)
    words = [cell_name(cell), _(ELEMENT_NAMES[state.board[cell]])]
    here = [i for i, p in enumerate(state.positions) if p == cell]
    if seat in here:
        words.append(_("you stand here"))
    elif here:
        words.append(_("{count} players stand here").format(count=len(here)))
    return ", ".join(words)


def pieces(state, seat: int) -> str:
    element = _(ELEMENT_NAMES[state.elements[seat]])
    at = state.positions[seat] if seat < len(state.positions) else -1
    if at < 0:
        return _("You are {element}, not on the board yet").format(element=element)
    return _("You are {element}, on {cell}").format(element=element, cell=cell_name(at))


def cursor_words(view) -> str | None:
    """The board cursor's tile while the board has the keys (choosing a start tile or
    entering a plan; not behind the hot-seat curtain nor on a round summary)."""
    if view.focus_key is not None or view.mode() not in ("setup", "plan"):
        return None
    return cell_words(view.match.state, cell_name(view.cursor), max(0, view.match.to_move()))


def move_words(state, move) -> str:
    """What a move does, said after the seat's name: ``starts on E5``, ``keeps its
    element and plans up, up, stay, right, down``."""
    if isinstance(move, StartPick):
        return _("starts on {cell}").format(cell=cell_name(move.cell))
    if isinstance(move, Plan):
        actions = ", ".join(action_words(a) for a in move.actions)
        if move.switch:
            return _("switches element and plans {actions}").format(actions=actions)
        return _("keeps its element and plans {actions}").format(actions=actions)
    return ""


def secret_words(old, new, move) -> str:
    """A start tile or a plan is secret until the round resolves (the board's log says
    only who has chosen): said as "picked a start tile" or "submitted a plan"."""
    if new.round > old.round:
        return ""
    if isinstance(move, StartPick):
        return _("picked a start tile")
    if isinstance(move, Plan):
        return _("submitted a plan")
    return ""


def reveals(old, new) -> bool:
    """The last seat's choice resolves the round: every choice of it is said now."""
    return new.round > old.round
