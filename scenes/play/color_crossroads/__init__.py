"""Color Crossroads' play screen, one module per part:

- ``view.py``: ``ColorCrossroadsView`` -- who acts, the on-screen buttons (``view_buttons``),
  mouse, keyboard and controller events, and the base's hooks (hints, refusals, moves,
  undo, the panel's text).  It mixes in the parts below.
- ``ui.py``: the board input as plain values, no pygame: the palette colour, the
  pending cell, the cursor, the challenge path being drawn (and its walks), the armed
  Concede, and ``interpret_move`` (see ``scenes/play/interpret.py``).
- ``layout.py``: the board, column, swatch, button and pair-row rectangles, cell
  geometry and the colour keys.
- ``sprites.py``: gem sprites (in the drawing kit's cache), translucent rectangles, the
  timer ring.
- ``board.py``: drawing the board (its cached background, loops, crystals, what the
  pointer is over), the hint and the game-select card.
- ``column.py``: the column beside the board -- its buttons, setup, intro,
  palette and the answer to a challenge.
- ``side.py``: the side panel's six pairs and their Challenge buttons.
- ``animation.py``: a move's transition and its ribbon.
- ``lighting.py``: where the tutorial points (``lit_rect``, ``board_rects``).

The parts are mixins of the view because their methods read the view's state (the
path, the focus, the pointer).  A part imports only layout, sprites (and animation the board's loop layer), never the
view, so imports run one way.

What other code imports from ``scenes.play.color_crossroads`` is re-exported here.
"""

from game.rules.color_crossroads import cell_name
from scenes.play.base import BOARD_AREA, PANEL

from .layout import (
    ACTION_RECT,
    CLEAR_RECT,
    CONCEDE_RECT,
    SUBMIT_RECT,
    cell_center,
    cell_rect,
    challenge_rect,
    start_rects,
    swatch_rect,
)
from .lighting import board_rects, lit_rect
from .view import VIEW, ColorCrossroadsView

__all__ = [
    "ACTION_RECT",
    "BOARD_AREA",
    "CLEAR_RECT",
    "CONCEDE_RECT",
    "PANEL",
    "SUBMIT_RECT",
    "VIEW",
    "ColorCrossroadsView",
    "board_rects",
    "cell_center",
    "cell_name",
    "cell_rect",
    "challenge_rect",
    "lit_rect",
    "start_rects",
    "swatch_rect",
]
