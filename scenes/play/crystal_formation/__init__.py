"""Crystal Formation's play screen, one module per part:

- ``view.py``: ``CrystalFormationView`` -- whose turn, the base's hooks, mouse, keyboard
  and controller events, and the strip's button layout and focus.  It mixes in the
  parts below.
- ``ui.py``: the move being entered as plain values, no pygame (tap, select, grow,
  place, the proposal a finger makes, the cursor), and ``interpret_move`` (see
  ``scenes/play/interpret.py``).
- ``layout.py``: the board region, the strip's cards, piece shapes and words, and
  ``BoardGeom`` (where a cell of the square or hex board stands).
- ``board.py``: stack sprites, the board plate, and the view's board drawing (cached
  layers, nodes, previews, the last move), the hint and the thumbnail.
- ``animation.py``: a move's animation.
- ``strip.py``: the strip beside the board (turn order, action, preview, node cards).
- ``side.py``: the side panel's seats and the banner.
- ``lighting.py``: where the tutorial points (``lit_rect``, ``board_rects``).

The parts are mixins of the view because their methods read the view's state (the
selection, the cursor, the layer cache).  A part imports only layout (and strip and side board's stack sprite), never the view,
so imports run one way.

What other code imports from ``scenes.play.crystal_formation`` is re-exported here.
"""

from .board import stack_sprite
from .lighting import board_rects, lit_rect
from .view import VIEW, CrystalFormationView

__all__ = ["VIEW", "CrystalFormationView", "board_rects", "lit_rect", "stack_sprite"]
