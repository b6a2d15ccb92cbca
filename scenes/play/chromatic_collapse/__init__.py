"""Chromatic Collapse's play screen.

``view.py`` holds the view (``ChromaticCollapseView``, ``VIEW``).
What other code imports from ``scenes.play.chromatic_collapse`` is re-exported here.
"""

from .view import CELL, VIEW, ChromaticCollapseView

__all__ = ["CELL", "VIEW", "ChromaticCollapseView"]
