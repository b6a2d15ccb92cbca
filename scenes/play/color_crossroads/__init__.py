"""Color Crossroads's play screen.

``view.py`` holds the view (``ColorCrossroadsView``, ``VIEW``).
What other code imports from ``scenes.play.color_crossroads`` is re-exported here.
"""

from .view import (
    ACTION_RECT,
    BOARD_AREA,
    CLEAR_RECT,
    CONCEDE_RECT,
    PANEL,
    SUBMIT_RECT,
    VIEW,
    ColorCrossroadsView,
    cell_center,
    cell_rect,
    challenge_rect,
    label,
    start_rects,
    swatch_rect,
)

__all__ = ["ACTION_RECT", "BOARD_AREA", "CLEAR_RECT", "CONCEDE_RECT", "PANEL", "SUBMIT_RECT",
           "VIEW", "ColorCrossroadsView", "cell_center", "cell_rect", "challenge_rect", "label",
           "start_rects", "swatch_rect"]
