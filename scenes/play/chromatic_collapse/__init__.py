"""Chromatic Collapse's play screen, one module per part:

- ``view.py``: ``ChromaticCollapseView`` -- square geometry, what a person may act on,
  mouse, keyboard and controller events (the tab stops and the panel's buttons), and the
  base's hooks.  It mixes in the parts below.
- ``ui.py``: the board input as plain values, no pygame: the chosen piece, a drag, the
  cursor and the setup focus, and ``interpret_move`` (see ``scenes/play/interpret.py``).
- ``layout.py``: the board and card rectangles, colour keys and each side's tint.
- ``sprites.py``: piece, glow and shadow sprites and the board picture (in the drawing
  kit's cache), lines and arrows.
- ``board.py``: drawing the board (pieces, links, trails), the hint and the thumbnail.
- ``cards.py``: the cards beside the board, the setup and the message strip.
- ``side.py``: the side panel (status, players, log).
- ``animation.py``: slides, removals, shatters and the start card.
- ``lighting.py``: where the tutorial points (``lit_rect``, ``board_rects``).

The parts are mixins of the view because their methods read the view's state (the
selection, the cursor).  A part imports only layout and sprites, never the view, so imports run one
way.

What other code imports from ``scenes.play.chromatic_collapse`` is re-exported here.
"""

from .layout import CELL
from .lighting import board_rects, lit_rect
from .view import VIEW, ChromaticCollapseView

__all__ = ["CELL", "VIEW", "ChromaticCollapseView", "board_rects", "lit_rect"]
