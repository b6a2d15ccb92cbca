"""One play view per game (the package ``scenes/play/<game_module>/`` exports ``VIEW``) and the
shared base class in ``base.py``."""

from __future__ import annotations

import importlib


def view_class(game_id: str):
    module = importlib.import_module("scenes.play." + game_id.replace("-", "_"))
    return module.VIEW


def play_scene_for(app, match):
    return view_class(match.spec.id)(app, match)
