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

import pygame

LOGICAL_SIZE = (1280, 720)
TICK_RATE = 60
TICK = 1.0 / TICK_RATE
MAX_FRAME = 0.25
MAX_CATCH_UP = 5

# How many frames a second a screen needs while nothing happens (``Scene.frame_rate``).
# Input, a change of screen and ``app.request_frame()`` draw a frame whatever it says.
FULL = TICK_RATE  # an animation that must look smooth: a frame every tick
AMBIENT = 20  # decorative motion (the drifting crystals, a px a frame): smooth enough, and a
# frame in a software-rendered window costs some 6 ms to present at 1280x720
STILL = 0  # nothing moves: a frame only when something changes
# How long a screen's small motions (a highlight's glow, the drifting dust, a focus
# ring's pulse) go on after the last input or change; then they hold still, and so
# does the screen, until something happens again.
REST_TICKS = 3 * TICK_RATE
# At rest a screen's pygame-gui controls are looked after every REST_GUI_TICKS ticks
# (with that much time passed to them): a tooltip still appears on time to a tenth of a
# second, and the hundred buttons of a puzzle list cost nothing between.
REST_GUI_TICKS = 6


# -- closed screens go at once ---------------------------------------------------------
# A screen is a cycle of references (its buttons' actions are its own methods, its
# pygame-gui elements and their manager point at each other), so when it closes Python
# frees it only at the collector's next full pass, which on a long session's heap comes
# seldom: until then its pictures stay (a menu's button images weigh 10 to 20 MB, a play
# screen's layers more), and a session through a few screens held 130 MB of closed
# screens.  So a screen that closes asks for a collection, which the App makes at the
# end of that tick (when nothing holds the screen any more: not the stack, not a toast
# shown over it), and the heap pages freed are handed back to the system (glibc's malloc_trim: freed memory otherwise stays in the process).
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
        # The clock of a screen's small motions: it runs only while the screen is
        # active (``keep_active``, input), so glows and dust stop where they are when
        # the screen comes to rest, with no jump when it wakes.
        self.motion_ticks = 0
        self._active_until = REST_TICKS

    def enter(self) -> None: ...

    def exit(self) -> None:
        """The screen leaves for good (popped, replaced, the stack emptied): the next
        tick collects it (see above).  An overlay (the pause menu, a dialog) is small and
        closes often, a collection costing a frame: it goes with the next screen.  A
        kiosk's App collects at every change of screens itself."""
        global _release_due
        if not self.overlay and not getattr(self.app, "kiosk", False):
            _release_due = True

    def dropped(self) -> None:
        """The screen was thrown away without its ``exit`` (the App's recovery from a
        screen that raised): what it must still record, it records here, and nothing
        that could raise again."""

    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self) -> None:
        self.ticks += 1
        if self.active():
            self.motion_ticks += 1

    def keep_active(self, ticks: int = REST_TICKS) -> None:
        """Something happened on this screen: its small motions run for ``ticks`` more."""
        self._active_until = max(self._active_until, self.ticks + ticks)

    def gui_step(self, ui) -> bool:
        """Update pygame-gui manager ``ui`` for this tick: every tick while the screen
        is active, every REST_GUI_TICKS ticks at rest.  True when it was updated."""
        if self.active():
            ui.update(TICK)
            return True
        if self.ticks % REST_GUI_TICKS == 0:
            ui.update(TICK * REST_GUI_TICKS)
            return True
        return False

    def active(self) -> bool:
        """Whether the screen's small motions run now: soon after it opened, after the
        last input anywhere, or after it called ``keep_active``."""
        app = self.app
        recent_input = getattr(app, "tick_count", 0) - getattr(
            getattr(app, "input", None), "last_input_tick", -REST_TICKS
        )
        return self.ticks < self._active_until or recent_input < REST_TICKS

    def draw(self, surface: pygame.Surface, alpha: float) -> None: ...

    def frame_rate(self) -> int:
        """Frames a second this screen needs while nothing happens: FULL while it
        animates, AMBIENT for decorative motion, STILL when a frame only changes with
        input or with what the screen reports through ``app.request_frame()``.  Every
        frame by default; a screen that says less must report its own changes."""
        return FULL
