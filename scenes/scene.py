"""What every screen is: the ``Scene`` base class and the loop's fixed sizes.

Kept apart from ``scenes/app.py`` so that screens and widgets depend on this small
module and the app loop depends on them, never the other way round (the App is
handed its first screen and its kiosk policy by ``scenes/boot.py``).
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

LOGICAL_SIZE = (1280, 720)
TICK_RATE = 60
TICK = 1.0 / TICK_RATE
MAX_FRAME = 0.25
MAX_CATCH_UP = 5


class Scene:
    """Base class for every screen.  Subclasses override what they need."""

    overlay = False  # draw the scene below first
    name = "scene"

    def __init__(self, app):
        self.app = app  # the scenes.app.App that runs this scene (not imported: see above)
        self.ticks = 0

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self) -> None:
        self.ticks += 1

    def draw(self, surface: pygame.Surface, alpha: float) -> None: ...
