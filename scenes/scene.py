"""What every screen is: the ``Scene`` base class and the loop's fixed sizes.

Kept apart from ``scenes/app.py`` so that screens and widgets depend on this small
module and the app loop depends on them, never the other way round (the App is
handed its first screen and its kiosk policy by ``scenes/boot.py``).
"""

from __future__ import annotations

import gc
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

LOGICAL_SIZE = (1280, 720)
TICK_RATE = 60
TICK = 1.0 / TICK_RATE
MAX_FRAME = 0.25
MAX_CATCH_UP = 5


# -- closed screens go at once ---------------------------------------------------------
# A screen is a cycle of references (its buttons' actions are its own methods, its
# pygame-gui elements and their manager point at each other), so when it closes Python
# frees it only at the collector's next full pass, which on a long session's heap comes
# seldom: until then its pictures stay (a menu's button images weigh 10 to 20 MB, a play
# screen's layers more), and a session through a few screens held 130 MB of closed
# screens.  So a screen that closes asks for a collection, which the next tick makes
# (when the App no longer holds the screen), and the heap pages freed are handed back to
# the system (glibc's malloc_trim: freed memory otherwise stays in the process).
_release_due = False


def release_memory() -> None:
    """Collect garbage and hand freed heap pages back to the system (glibc's
    malloc_trim), so a session that runs for hours keeps a flat footprint."""
    global _release_due
    _release_due = False
    gc.collect()
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL("libc.so.6").malloc_trim(0)
        except (OSError, AttributeError):
            pass


def release_due() -> bool:
    """A screen closed since the last collection."""
    return _release_due


class Scene:
    """Base class for every screen.  Subclasses override what they need; one that
    overrides ``exit`` or ``update`` calls the base's too."""

    overlay = False  # draw the scene below first
    name = "scene"

    def __init__(self, app):
        self.app = app  # the scenes.app.App that runs this scene (not imported: see above)
        self.ticks = 0

    def enter(self) -> None: ...

    def exit(self) -> None:
        """The screen leaves for good (popped, replaced, the stack emptied): the next
        tick collects it (see above).  An overlay (the pause menu, a dialog) is small and
        closes often, a collection costing a frame: it goes with the next screen.  A
        kiosk's App collects at every change of screens itself."""
        global _release_due
        if not self.overlay and not getattr(self.app, "kiosk", False):
            _release_due = True

    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self) -> None:
        self.ticks += 1
        if _release_due:
            release_memory()

    def draw(self, surface: pygame.Surface, alpha: float) -> None: ...
