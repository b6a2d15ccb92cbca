"""Element Shift's play screen.

``view.py`` holds the view (``ElementShiftView``, ``VIEW``) and the results screen.
What other code imports from ``scenes.play.element_shift`` is re-exported here.
"""

from .view import VIEW, ElementShiftResults, ElementShiftView, cell_center, cell_rect

__all__ = ["VIEW", "ElementShiftResults", "ElementShiftView", "cell_center", "cell_rect"]
