"""Crystal Formation's play screen.

``view.py`` holds the view (``CrystalFormationView``, ``VIEW``).
What other code imports from ``scenes.play.crystal_formation`` is re-exported here.
"""

from .view import VIEW, CrystalFormationView, stack_sprite

__all__ = ["VIEW", "CrystalFormationView", "stack_sprite"]
