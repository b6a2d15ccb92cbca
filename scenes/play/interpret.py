"""The plain words between a board's input and its moves, after Simon Tatham's puzzles.

Each game keeps its half-entered input (a chosen piece, a pending cell, a plan being
built, the board cursor) in a plain ``game_ui`` object in ``scenes/play/<game>/ui.py``
and turns one input into one result with ``interpret_move(ui, state, input)``:

    >>> ui = GameUI(...)                       # the game's own, see its ui.py
    >>> interpret_move(ui, state, Cell(27))    # a tap on square 27
    Changed(sound='click', ...)                # picked up the piece there
    >>> interpret_move(ui, state, Cell(35))
    Submit(move=Slide(...))

Like Tatham's ``interpret_move`` it has no effect besides the ``ui`` it is handed: no
pygame, no sounds, no banners, no match.  What only the screen knows comes in as
plain arguments after the input: whom the board waits for when a bot is to act
(``waiting_on``), Element Shift's screen mode, Crystal Connector's Shift preview.  So entering a move is tested with plain
values and real engine states (``tests/test_ui_<game>.py``).  The view does the two
ends: it turns pygame events into these inputs (hit-testing a cell stays with the
view's layout) and hands the result to ``PlayScene.apply_input`` in the base, the one
place that maps a result to the screen:

- ``Submit(move)``: ``try_move(move)``; the match decides and a refusal shows its
  reason.
- ``Refuse(reason)``: the refusal's sound and the banner with the reason; nothing else
  changes.
- ``Changed``: the half-entered input changed (the next frame draws it), with the
  sound and the banner, if any, that go with it.
- ``Unused``: the input means nothing here; the view may try something else with it.

This module never imports pygame (``tests/test_purity.py`` checks it and every ui.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# -- inputs -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """A tap, click or press on the board's ``cell`` (in the game's own cell values).
    ``cell`` is None for a press that hits no cell.  ``alt`` is the secondary button
    (right-click), which takes back rather than acts.  ``touch``: a finger's tap, which
    some games take as a proposal to confirm rather than an action."""

    cell: Any
    alt: bool = False
    touch: bool = False


@dataclass(frozen=True)
class Point:
    """The pointer moved over ``cell`` with no button held (None: off the cells)."""

    cell: Any


@dataclass(frozen=True)
class Pick:
    """A press on one of the board's own named choices (a start card, a colour, a
    button of the game's own editor), by its ``value`` in the game's words."""

    value: Any
    touch: bool = False


@dataclass(frozen=True)
class Drag:
    """The pointer moved, with the button held, over ``cell`` (None: off the cells)."""

    cell: Any


@dataclass(frozen=True)
class Drop:
    """The button was let go over ``cell`` (None: off the cells).  ``frm`` is the cell
    the press began on, for a game whose view keeps the press (None otherwise)."""

    cell: Any
    frm: Any = None
    touch: bool = False


@dataclass(frozen=True)
class LineDrag:
    """A drag that took hold of a whole ``line`` of the board (Crystal Connector's rows
    and columns): ``offset`` None while it is under way (it asks to hold the line),
    then the signed number of spaces it was let go at."""

    line: Any
    offset: int | None = None


@dataclass(frozen=True)
class Key:
    """A board key by what it means, not its key code: "left", "right", "up", "down"
    (arrows, d-pad), "confirm" (Enter, A), "space" (Space, controller X), "cancel"
    (Backspace / Delete, right-click) and letters a game gives a meaning ("r").
    ``shift``: held with Shift (Color Crossroads draws its loop with Shift+arrows)."""

    name: str
    shift: bool = False


# -- results ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Submit:
    """Enter ``move``: the base calls ``try_move``, after ``sound`` when the press that
    made it clicks (a button of the game's own column)."""

    move: Any
    sound: str | None = None


@dataclass(frozen=True)
class Refuse:
    """Say no, with ``reason``, and change nothing.  ``kind`` is the banner's kind
    ("error", "warning"), ``sound`` the sound that goes with it (None: silent).
    ``move``: the move refused, when a view shows more than the banner for it
    (Crystal Connector's rock bump)."""

    reason: str
    kind: str = "error"
    sound: str | None = "error"
    seconds: float = 3.5
    move: Any = None


@dataclass(frozen=True)
class Changed:
    """The half-entered input changed.  ``sound`` plays (None: silent) and ``say``, if
    any, is shown as a banner of ``kind`` for ``seconds``."""

    sound: str | None = None
    say: str = ""
    kind: str = "info"
    seconds: float = 3.5


@dataclass(frozen=True)
class _Unused:
    """The input means nothing to the board now."""

    def __repr__(self) -> str:
        return "Unused"


Unused = _Unused()

Result = Submit | Refuse | Changed | _Unused

# Key codes become these names in each view; the letters are spelled as they are.
ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
