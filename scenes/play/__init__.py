"""One play view per game (the package ``scenes/play/<game_module>/`` exports ``VIEW``) and the
shared base class in ``base.py``.  Which package is which game's is in the router's table
(scenes/routes.py); these two names stay here for the code and tests that use them."""

from __future__ import annotations

from scenes.routes import play_scene_for, view_class

__all__ = ["play_scene_for", "view_class"]
