"""Element Shift's play screen, one module per part:

- ``view.py``: ``ElementShiftView`` -- who is playing, input events (mouse, keys,
  controller focus), the base's hooks (bots, hints, moves, undo) and the flow from setup
  to the curtain, the reveal, the summary and the results.  It mixes in the parts below.
- ``ui.py``: the start pick and the plan being entered as plain values, no pygame, and
  ``interpret_move`` (see ``scenes/play/interpret.py``).
- ``layout.py``: the geometry (board, banner strip, editor column), element colours and
  keys, the reveal's tick lengths, and the words for actions.
- ``sprites.py``: tiles, the board picture, icons and tokens (in the drawing kit's cache).
- ``board.py``: drawing the board, its overlays, the variation banner and the thumbnail.
- ``editor.py``: the plan editor column -- its buttons, what they do, how it is drawn.
- ``reveal.py``: a round's reveal timeline and its drawing.
- ``summary.py``: the hot-seat curtain and the round summary.
- ``side.py``: the shared side panel (players, totals, tile counts, log).
- ``results.py``: the results screen, its chart drawn per round.
- ``lighting.py``: where the tutorial points (``lit_rect``, ``board_rects``).
- ``puzzle.py``: ``PUZZLE_MIXIN``, its puzzles' judge (the others' plans known).

The parts are mixins of the view because their methods read the view's state (the
plan being edited, the animation in flight).  A part imports only layout and sprites (and reveal its timeline), never the
view, so imports run one way.

What other code imports from ``scenes.play.element_shift`` is re-exported here.
"""

from .layout import cell_center, cell_rect
from .lighting import board_rects, lit_rect
from .puzzle import ShiftPuzzleMixin as PUZZLE_MIXIN
from .results import ElementShiftResults
from .results import ElementShiftResults as RESULTS
from .view import VIEW, ElementShiftView

__all__ = [
    "PUZZLE_MIXIN",
    "RESULTS",
    "VIEW",
    "ElementShiftResults",
    "ElementShiftView",
    "board_rects",
    "cell_center",
    "cell_rect",
    "lit_rect",
]
