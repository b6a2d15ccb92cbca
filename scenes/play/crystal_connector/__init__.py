"""Crystal Connector's play screen, one module per part:

- ``view.py``: ``CrystalConnectorView`` -- whose turn, how entered shifts look (the
  displaced line, the bump), the base's hooks (undo, hints, moves, bots), mouse, keyboard
  and controller events, and the geometry of the buttons and choices it hit-tests.  It
  mixes in the parts below.
- ``ui.py``: the turn being built as plain values, no pygame: held shifts, the draft,
  the keyboard's held line, cursor and axis, Color Convertor mode, the setup focus, and
  ``interpret_move`` (see ``scenes/play/interpret.py``).
- ``layout.py``: the board, handle, side and setup rectangles; where a cell or handle is.
- ``board.py``: drawing the board -- sprites, pieces, outlines, handles, a (sliding)
  frame, the hint and the game-select picture.
- ``side.py``: the banner, the buttons, the side column and the panel's rows and log.
- ``setup.py``: the setup choices, in words and drawn.
- ``animation.py``: the score pop-up and the slide and choice animations.
- ``lighting.py``: where the tutorial points (``lit_rect``, ``board_rects``).

The parts are mixins of the view because their methods read the view's state (the
draft, the cursor, the sprite cache).  A part imports only layout, never the view, so imports
run one way.

What other code imports from ``scenes.play.crystal_connector`` is re-exported here.
"""

from .layout import CELL, cell_rect, handle_rect
from .lighting import board_rects, lit_rect
from .view import VIEW, CrystalConnectorView

__all__ = [
    "CELL",
    "VIEW",
    "CrystalConnectorView",
    "board_rects",
    "cell_rect",
    "handle_rect",
    "lit_rect",
]
