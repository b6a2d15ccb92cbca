"""Crystal Connector's play screen.

``view.py`` holds the view (``CrystalConnectorView``, ``VIEW``).
What other code imports from ``scenes.play.crystal_connector`` is re-exported here.
"""

from .view import CELL, VIEW, CrystalConnectorView, cell_rect, handle_rect

__all__ = ["CELL", "VIEW", "CrystalConnectorView", "cell_rect", "handle_rect"]
