"""Crystal Formation's play screen, one module per part:

- ``view.py``: ``CrystalFormationView`` -- whose turn, the move being entered (tap,
  select, grow, place), the base's hooks, mouse, keyboard and controller input, and the
  strip's button layout and focus.  It mixes in the parts below.
- ``layout.py``: the board region, the strip's cards, piece shapes and words, and
  ``BoardGeom`` (where a cell of the square or hex board stands).
- ``board.py``: stack sprites, the board plate, and the view's board drawing (cached
  layers, nodes, previews, the last move), the hint and the thumbnail.
- ``animation.py``: a move's animation.
- ``strip.py``: the strip beside the board (turn order, action, preview, node cards).
- ``side.py``: the side panel's seats and the banner.

The parts are mixins of the view because their methods read the view's state (the
selection, the cursor, the layer cache): they moved from the one 1,700-line module as
they were.  A part imports only layout (and strip and side board's stack sprite), never the view,
so imports run one way.

What other code imports from ``scenes.play.crystal_formation`` is re-exported here.
"""

from .board import stack_sprite
from .view import VIEW, CrystalFormationView

__all__ = ["VIEW", "CrystalFormationView", "stack_sprite"]
