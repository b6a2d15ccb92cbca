"""Crystal Arcade's window, fixed-tick loop and scene stack.

The loop runs game logic at a fixed 60 ticks per second from an accumulator: a
frame's real time is clamped to 0.25 s, at most ``MAX_CATCH_UP`` ticks run per
frame (a stalled machine slows the game down instead of spiralling), and each frame
is drawn once with the interpolation fraction ``alpha`` (0..1) between the last two
ticks.  Animations and timers count ticks, never seconds, so a test can run a scene
for N ticks with no real time passing::

    app = make_app(headless=True)      # scenes/boot.py; SDL dummy drivers, no window
    app.post_key(pygame.K_RETURN)      # synthetic input
    app.run_ticks(30)                  # 30 updates (and draws), instantly

Scenes live on a stack.  push / pop / replace are queued and applied between ticks,
so a scene never disappears in the middle of its own update.  A scene marked
``overlay`` is drawn over the scene below it (the pause menu over the board).

The App knows no particular screen.  It is handed ``home`` (builds the first screen,
and the one to return to after an error) and, at an event, a kiosk ``policy`` (the
operator's exit chord, the attract demo when idle); ``scenes/boot.py`` wires the real
ones in and holds the command line.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from typing import Callable

START_TIME = time.perf_counter()

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.i18n import _  # noqa: E402
from game.saves import user_paths  # noqa: E402
from scenes import input as arcade_input  # noqa: E402
from scenes import widgets  # noqa: E402

# Re-exported: screens written before scenes/scene.py import these from here.
from scenes.scene import (  # noqa: E402
    LOGICAL_SIZE,
    MAX_CATCH_UP,
    MAX_FRAME,
    TICK,
    TICK_RATE,
    Scene,
)

__all__ = ["App", "LOGICAL_SIZE", "MAX_CATCH_UP", "MAX_FRAME", "TICK", "TICK_RATE", "Scene"]

# Signals that end a session like a normal quit (a booth's shutdown script sends
# SIGTERM; Ctrl+C in a terminal is SIGINT).  The handler only records the signal: the
# loop checks it every frame and leaves through the same shutdown as Quit, so no save
# is ever cut in half by a signal arriving mid-write.
STOP_SIGNALS = ("SIGTERM", "SIGINT")
_stop_signals: list[int] = []
# How long closing the bot worker may take at exit before its process is killed.
WORKER_CLOSE_SECONDS = 0.5


def install_stop_handlers() -> list[int]:
    """Make SIGTERM and SIGINT ask the loop to quit; returns the signals handled
    (none off the main thread, where Python cannot set handlers)."""
    import signal

    def on_signal(signum, frame) -> None:
        _stop_signals.append(signum)

    handled = []
    for name in STOP_SIGNALS:
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            signal.signal(sig, on_signal)
        except (ValueError, OSError):
            continue
        handled.append(int(sig))
    return handled


def stop_requested() -> int | None:
    """The first stop signal received, or None."""
    return _stop_signals[0] if _stop_signals else None


# -- the window around the logical canvas ------------------------------------------
# The game always draws on a 1280x720 canvas (DESIGN.md).  A real window is opened
# with pygame.SCALED | RESIZABLE: SDL's renderer scales the canvas on the GPU (a
# software scale of 4K frames costs 30-50 ms, over a whole frame's budget), keeps
# the proportions with black bars, and hands mouse positions back in canvas
# coordinates.  The geometry below is that same letterbox, kept here so a headless
# app and tools/screenshot.py can show a window of any size and map its input, and
# so the bars' guard (a press on a bar is ignored) works the same in both.
MIN_WINDOW = (800, 600)
TITLE_BAR = 40  # room left above a window for its title bar (the usable area has none)
POSITION_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)


def letterbox(window: tuple[int, int], logical: tuple[int, int] = LOGICAL_SIZE) -> pygame.Rect:
    """Where the canvas is shown in a window of this size: as large as fits with its
    proportions kept, centred; the rest are bars."""
    ww, wh = max(1, int(window[0])), max(1, int(window[1]))
    lw, lh = logical
    scale = min(ww / lw, wh / lh)
    w, h = max(1, min(ww, round(lw * scale))), max(1, min(wh, round(lh * scale)))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


def window_to_logical(
    pos: tuple[float, float], window: tuple[int, int], logical: tuple[int, int] = LOGICAL_SIZE
) -> tuple[int, int]:
    """A window pixel as a canvas pixel (outside 0..size-1 when it lies on a bar)."""
    view = letterbox(window, logical)
    x = (pos[0] - view.x) * logical[0] / view.w
    y = (pos[1] - view.y) * logical[1] / view.h
    return int(x // 1), int(y // 1)


def first_window_size(usable: tuple[int, int], logical: tuple[int, int] = LOGICAL_SIZE):
    """The first windowed start's size for a display whose usable area is ``usable``:
    the largest whole multiple of the canvas that fits (crisp, no blurring), else the
    largest size of the canvas's proportions that fits, and MIN_WINDOW where the
    display has room for it."""
    uw, uh = max(1, int(usable[0])), max(1, int(usable[1]))
    lw, lh = logical
    whole = min(uw // lw, uh // lh)
    if whole >= 1:
        return lw * whole, lh * whole
    view = letterbox((uw, uh), logical)
    return min(uw, max(MIN_WINDOW[0], view.w)), min(uh, max(MIN_WINDOW[1], view.h))


def clamp_window(
    size: tuple[int, int], position: tuple[int, int] | None, usable: pygame.Rect
) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """A remembered window size and position made to fit the display as it is now
    (a smaller screen, a monitor unplugged): no larger than the usable area, not
    below MIN_WINDOW where the display has room for it, the whole window on it."""
    w = min(usable.w, max(MIN_WINDOW[0], int(size[0])))
    h = min(usable.h, max(MIN_WINDOW[1], int(size[1])))
    if position is None:
        return (w, h), None
    x = min(max(int(position[0]), usable.x), max(usable.x, usable.right - w))
    y = min(max(int(position[1]), usable.y), max(usable.y, usable.bottom - h))
    return (w, h), (x, y)


def usable_bounds() -> pygame.Rect:
    """The first display's usable area (without task bars), from SDL where pygame
    lets us ask, else the desktop size less room for a title bar and a task bar."""
    try:
        import ctypes

        class _Rect(ctypes.Structure):
            _fields_ = [(n, ctypes.c_int) for n in ("x", "y", "w", "h")]

        sdl = _sdl_library()
        if sdl is not None:
            r = _Rect()
            if sdl.SDL_GetDisplayUsableBounds(0, ctypes.byref(r)) == 0 and r.w > 0 and r.h > 0:
                return pygame.Rect(r.x, r.y, r.w, r.h)
    except (OSError, AttributeError, ValueError):
        pass
    try:
        w, h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        w, h = LOGICAL_SIZE
    return pygame.Rect(0, 0, w, max(1, h - 80))


def _sdl_library():
    """The SDL2 library pygame itself loaded (its wheel bundles one), or None."""
    import ctypes
    import glob

    here = os.path.dirname(pygame.__file__)
    names = glob.glob(os.path.join(here, "..", "pygame_ce.libs", "libSDL2-*"))
    names += glob.glob(os.path.join(here, "libSDL2*")) + glob.glob(os.path.join(here, "SDL2*.dll"))
    for name in names + ["libSDL2-2.0.so.0", "SDL2.dll", "libSDL2.dylib"]:
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


class App:
    # Headless test runs that only look at the screen after a batch of ticks set this
    # (tests/conftest.py): run_ticks then draws a batch's last tick only, the one a test
    # can see.  The real loop draws every frame whatever it says.
    draw_last_tick_only = False

    def __init__(
        self,
        *,
        headless: bool = False,
        fullscreen: bool | None = None,
        kiosk: bool = False,
        settings=None,
        paths=None,
        start_scenes: bool = True,
        args: argparse.Namespace | None = None,
        window_size: tuple[int, int] | None = None,
        home: Callable[["App"], Scene] | None = None,
        policy=None,
    ):
        """``home(app)`` builds the first screen; ``policy`` (kiosk only) is asked
        about every event first (``intercept(app, event) -> bool``, True when it used
        it) and told about every tick (``tick(app)``); it has ``config``.
        ``window_size`` (headless only) is the size of the window the app pretends to
        be shown in: input arrives in its pixels and is mapped onto the canvas."""
        from scenes.config import KioskConfig, Settings

        self.headless = headless
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        self.args = args
        self.kiosk = kiosk
        self.paths = paths or user_paths()
        self.notices: list[str] = []  # messages shown once on the next screen (toasts)
        if settings is None:
            settings, problem = Settings.load(self.paths)
            if problem:
                self.notices.append(problem)
        self.settings = settings
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        if kiosk:
            self.settings.fullscreen = True

        pygame.init()
        pygame.display.set_caption("Crystal Arcade")
        try:
            from scenes.theme import asset_path

            with asset_path("icons", "icon.png").open("rb") as fh:
                pygame.display.set_icon(pygame.image.load(fh, "icon.png"))
        except (OSError, pygame.error, FileNotFoundError):
            pass  # no icon is no reason not to start
        # The window's size in pixels.  Headless, input comes in these pixels and is
        # mapped here; in a real SCALED window SDL maps it before we see it.
        self.window_size: tuple[int, int] = tuple(window_size or LOGICAL_SIZE)
        self.map_input = headless
        self._held: set = set()  # buttons and fingers pressed on the canvas, still down
        self.screen = self._open_window()
        self.canvas = self.screen  # SCALED: we draw at the logical size directly
        from scenes import theme as theme_mod
        from scenes.sound import Sound

        self.theme = theme_mod.Theme.load()
        theme_mod.apply_look(self)
        self.sound = Sound(self.settings)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []
        self.running = True
        self.tick_count = 0
        # (tick, the window's remembered frame before that tick's first change)
        self._window_before: tuple[int, tuple | None] = (-1, None)
        self.frame_count = 0
        self.first_frame_at: float | None = None
        self.frame_times: list[float] = []
        self.record_frames = False
        self.input = arcade_input.InputMapper(self)
        self._worker = None
        # A scene that raises must never end a kiosk (or a player's session): the
        # error is logged and the app returns to the title.  Tests leave this off so
        # that failures surface.
        self.recover_errors = kiosk
        self.errors: list[str] = []
        self.home = home
        self.policy = policy if kiosk else None
        # What an event allows (party play, replays, the demo's pace): the policy's own
        # settings at an event, the defaults elsewhere.
        self.kiosk_config = self.policy.config if self.policy is not None else KioskConfig()
        # The language before the first screen is built (its labels are made then).
        from scenes.language import apply_language

        problem = apply_language(self)
        if problem:
            self.notices.append(problem)
        if start_scenes:
            if home is None:
                raise ValueError(
                    "App needs a home screen to start on: build it with scenes.boot.make_app"
                )
            self.push(home(self))
            self._apply_pending()

    # -- window -------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.headless:  # the dummy driver has no renderer to scale with
            return pygame.display.set_mode(LOGICAL_SIZE)
        # Text scaled up by the GPU stays smooth rather than blocky (SDL's hint, read
        # when SCALED makes its texture).
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        # RESIZABLE in fullscreen too, so F11 back to a window gives a resizable one.
        flags = pygame.SCALED | pygame.RESIZABLE
        if self.settings.fullscreen:
            flags |= pygame.FULLSCREEN
        try:
            surface = pygame.display.set_mode(LOGICAL_SIZE, flags, vsync=0)
        except pygame.error:
            return pygame.display.set_mode(LOGICAL_SIZE)
        if not self.settings.fullscreen:
            self._place_window()
        self.window_size = tuple(pygame.display.get_window_size())
        return surface

    def _place_window(self) -> None:
        """Size and place the window: where the player left it (clamped to the display
        as it is now), or on a first start the largest size that fits the display."""
        import warnings

        try:
            # The one way pygame-ce gives to size a SCALED window's frame; it warns
            # that the Window's own surface API is preferred, which SCALED cannot use.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return
        screen = usable_bounds()
        usable = pygame.Rect(screen.x, screen.y + TITLE_BAR, screen.w, max(1, screen.h - TITLE_BAR))
        s = self.settings
        if s.window_width and s.window_height:
            remembered = (s.window_x, s.window_y) if s.window_placed else None
            size, position = clamp_window((s.window_width, s.window_height), remembered, usable)
        else:
            size, position = first_window_size(usable.size), None
            position = (usable.x + (usable.w - size[0]) // 2, usable.y + (usable.h - size[1]) // 2)
        try:
            window.minimum_size = (min(MIN_WINDOW[0], usable.w), min(MIN_WINDOW[1], usable.h))
            window.resizable = True
            window.size = size
            if position is not None:
                window.position = position
            if s.window_maximised and not self.kiosk:
                # After the size and place are set: they are what "restore" goes back to.
                window.maximize()
        except (pygame.error, ValueError, TypeError):
            return
        self.window_size = tuple(window.size)

    def _records_window(self) -> bool:
        """Whether the window's frame is the player's to remember now: never at a
        kiosk, in fullscreen or while maximised (restore goes back to the frame before)."""
        s = self.settings
        return not self.kiosk and not s.fullscreen and not s.window_maximised

    def _window_record(self) -> tuple:
        s = self.settings
        return (s.window_width, s.window_height, s.window_x, s.window_y, s.window_placed)

    def _note_window_change(self) -> None:
        """Keep the frame as it was before this tick's first size or place change: SDL
        may report a maximised window's new size or place just before it says it was
        maximised, and that frame must not become the one restore goes back to."""
        if self._window_before[0] != self.tick_count:
            self._window_before = (self.tick_count, self._window_record())

    def resize(self, size: tuple[int, int]) -> None:
        """The window became ``size`` pixels (a resize event; tests call it directly)."""
        w, h = int(size[0]), int(size[1])
        if w <= 0 or h <= 0:
            return
        self.window_size = (w, h)
        if self._records_window():
            self._note_window_change()
            self.settings.window_width, self.settings.window_height = w, h

    def moved(self, position: tuple[int, int]) -> None:
        if self._records_window():
            self._note_window_change()
            self.settings.window_x, self.settings.window_y = int(position[0]), int(position[1])
            self.settings.window_placed = True

    def maximised(self, on: bool) -> None:
        """The window was maximised (``on``) or restored: remembered for the next start."""
        if self.kiosk or self.settings.fullscreen:
            return
        s = self.settings
        if on and not s.window_maximised:
            tick, record = self._window_before
            if tick == self.tick_count and record is not None:
                # this tick's size or place was the maximised frame's: undo it
                (s.window_width, s.window_height, s.window_x, s.window_y, s.window_placed) = record
        s.window_maximised = bool(on)

    @property
    def viewport(self) -> pygame.Rect:
        """Where the canvas is shown inside the window (the rest are bars)."""
        return letterbox(self.window_size)

    def window_view(self, smooth: bool = True) -> pygame.Surface:
        """What a player sees in the window: the canvas scaled into it, bars black
        (screenshots at any size; a real window has SDL draw this)."""
        out = pygame.Surface(self.window_size)
        out.fill((0, 0, 0))
        view = self.viewport
        if view.size == self.canvas.get_size():
            out.blit(self.canvas, view)
        else:
            scale = pygame.transform.smoothscale if smooth else pygame.transform.scale
            out.blit(scale(self.canvas.convert(), view.size), view)
        return out

    def to_canvas(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The event with its position in canvas pixels, or None when it must be
        ignored: a press on a bar does nothing, and a move or release on a bar only
        counts for a press that began on the canvas.  Those are passed on where they
        are, off the canvas, as a full-screen SDL window passes them: a drag keeps its
        true length and ends, and a screen's own bounds checks see it leave."""
        t = event.type
        lw, lh = LOGICAL_SIZE
        if getattr(event, "touch", False):
            return event  # SDL's mouse copy of a finger: the input mapper drops it
        if t in FINGER_EVENTS:
            key = ("finger", getattr(event, "touch_id", 0), getattr(event, "finger_id", 0))
            try:
                x, y = float(getattr(event, "x", 0.0)), float(getattr(event, "y", 0.0))
            except (TypeError, ValueError):
                return None
            if not (math.isfinite(x) and math.isfinite(y)):
                return None  # no usable position: nothing a screen could act on
            view = self.viewport
            ww, wh = self.window_size
            if self.map_input:
                x = (x * ww - view.x) / view.w
                y = (y * wh - view.y) / view.h
                inside = 0.0 <= x < 1.0 and 0.0 <= y < 1.0
            else:
                # SDL has already put the finger on the canvas, and clamps a touch on
                # a bar to the canvas's edge: exactly 0 or 1 where there are bars.
                bars_x, bars_y = view.w < ww, view.h < wh
                inside = not ((bars_x and x in (0.0, 1.0)) or (bars_y and y in (0.0, 1.0)))
            if t == pygame.FINGERDOWN:
                if not inside:
                    return None
                self._held.add(key)
            elif key not in self._held:
                return None
            elif t == pygame.FINGERUP:
                self._held.discard(key)
            fields = {**event.dict, "x": x, "y": y}
            if self.map_input and "dx" in fields:
                fields["dx"] = float(fields["dx"]) * ww / view.w
                fields["dy"] = float(fields.get("dy", 0.0)) * wh / view.h
            return pygame.event.Event(t, fields)
        pos = getattr(event, "pos", None)
        if pos is None:
            return None  # a press or move with no position is nothing a screen can use
        try:
            px, py = pos
            if self.map_input:
                px, py = window_to_logical((px, py), self.window_size)
            px, py = int(px), int(py)
        except (TypeError, ValueError, OverflowError):
            return None  # no usable position: nothing a screen could act on
        inside = 0 <= px < lw and 0 <= py < lh
        button = ("mouse", getattr(event, "button", 0))
        if t == pygame.MOUSEBUTTONDOWN:
            if not inside:
                return None
            self._held.add(button)
        elif t == pygame.MOUSEBUTTONUP:
            if button not in self._held:
                return None
            self._held.discard(button)
        elif not inside and not any(k[0] == "mouse" for k in self._held):
            return None
        fields = {**event.dict, "pos": (px, py)}
        if self.map_input and "rel" in fields:
            view = self.viewport
            try:
                rx, ry = fields["rel"]
                fields["rel"] = (int(rx * lw / view.w), int(ry * lh / view.h))
            except (TypeError, ValueError, OverflowError):
                fields["rel"] = (0, 0)
        return pygame.event.Event(t, fields)

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        if self.headless:
            return
        is_full = bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN)
        if is_full != on:
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error:
                self.notices.append(_("Fullscreen is not available on this display"))
                return
            if not on:
                self._place_window()  # back to the size and place the player left
            self.window_size = tuple(pygame.display.get_window_size())

    # -- bot worker (started once, lazily) ----------------------------------------
    @property
    def worker(self):
        if self._worker is None:
            from game.ai.worker import BotWorker

            self._worker = BotWorker(mode="auto")
        return self._worker

    # -- scene stack --------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        self._pending.append(("replace", scene))

    def reset_to(self, scene: Scene) -> None:
        """Empty the stack and show ``scene`` (back to the title)."""
        self._pending.append(("reset", scene))

    # Screens by name: scenes/routes.py is the one table of them, imported when a
    # screen is opened, so the loop and the screens never import one another.
    def build(self, name: str, /, *args, **kwargs) -> Scene | None:
        """Screen ``name`` built (not shown); None when it reported why it cannot open."""
        from scenes import routes

        return routes.build(self, name, *args, **kwargs)

    def open(self, name: str, /, *args, **kwargs) -> Scene | None:
        """Show screen ``name`` over this one (``app.open("rules", game_id)``)."""
        scene = self.build(name, *args, **kwargs)
        if scene is not None:
            self.push(scene)
        return scene

    def replace_with(self, name: str, /, *args, **kwargs) -> Scene | None:
        """Show screen ``name`` in the top one's place."""
        scene = self.build(name, *args, **kwargs)
        if scene is not None:
            self.replace(scene)
        return scene

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def _apply_pending(self) -> None:
        released = False
        while self._pending:
            op, scene = self._pending.pop(0)
            released = released or op != "push"
            if op == "push":
                if self.stack:
                    self.stack[-1].pause()
                self.stack.append(scene)
                scene.enter()
            elif op == "pop":
                if self.stack:
                    self.stack.pop().exit()
                if self.stack:
                    self.stack[-1].resume()
            elif op == "replace":
                if self.stack:
                    self.stack.pop().exit()
                self.stack.append(scene)
                scene.enter()
            elif op == "reset":
                while self.stack:
                    self.stack.pop().exit()
                self.stack.append(scene)
                scene.enter()
        if released and self.kiosk:
            release_memory()
        if not self.stack:
            if self.kiosk and self.home is not None:
                # A kiosk ends only by the operator's chord or a signal, never because
                # its screens were all closed (say, several keys in one frame each
                # queueing a pop): back to the title instead.
                scene = self.home(self)
                self.stack.append(scene)
                scene.enter()
            else:
                self.running = False

    # -- loop ---------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if not self.kiosk:  # a kiosk is left only with the operator's chord
                self.quit()
            return
        if self.policy is not None and self.policy.intercept(self, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11 and not self.kiosk:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            self.resize((getattr(event, "x", 0), getattr(event, "y", 0)))
            return
        if event.type == pygame.WINDOWMOVED:
            self.moved((getattr(event, "x", 0), getattr(event, "y", 0)))
            return
        if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self.maximised(event.type == pygame.WINDOWMAXIMIZED)
            return
        if event.type in POSITION_EVENTS or event.type in FINGER_EVENTS:
            mapped = self.to_canvas(event)
            if mapped is None:
                return
            event = mapped
        for ev in self.input.translate(event):
            if self.stack:
                self._guarded(self.stack[-1].handle, ev)

    def _guarded(self, fn, *args) -> None:
        if not self.recover_errors:
            fn(*args)
            return
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 - see recover_errors
            self.recover()

    def recover(self) -> None:
        """Log the current exception and go back to the title."""
        import traceback as tb

        text = tb.format_exc()
        self.errors.append(text)
        del self.errors[:-20]
        log_error(self.paths, text)
        self._pending.clear()
        self.stack.clear()  # the failed scenes are dropped without their exit hooks
        self.reset_to(self.home(self))
        self.notices.append(_("Something went wrong; Crystal Arcade went back to the title."))

    def update(self) -> None:
        self.tick_count += 1
        for ev in self.input.stick_repeat():
            if self.stack:
                self._guarded(self.stack[-1].handle, ev)
        if self.stack:
            self._guarded(self.stack[-1].update)
        if self.policy is not None and not self._pending:
            self.policy.tick(self)
        self.sound.update()
        self._apply_pending()
        widgets.tick_toasts(self)

    def idle_seconds(self) -> float:
        return (self.tick_count - self.input.last_input_tick) / TICK_RATE

    def draw(self, alpha: float = 0.0) -> None:
        surface = self.canvas
        # Draw from the deepest scene that is not covered by an opaque one.
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        for scene in self.stack[start:]:
            self._guarded(scene.draw, surface, alpha)
        widgets.draw_toasts(self, surface)
        pygame.display.flip()
        self.frame_count += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def quit(self) -> None:
        self.running = False

    def run(self, quit_after_ticks: int | None = None) -> None:
        """The real loop: fixed ticks from an accumulator, one draw per frame."""
        accumulator = 0.0
        last = time.perf_counter()
        while self.running:
            if _stop_signals:  # SIGTERM / SIGINT: the same way out as Quit
                self.running = False
                break
            now = time.perf_counter()
            frame = min(now - last, MAX_FRAME)
            last = now
            accumulator += frame
            for event in pygame.event.get():
                self.dispatch(event)
            steps = 0
            while accumulator >= TICK and steps < MAX_CATCH_UP and self.running:
                self.update()
                accumulator -= TICK
                steps += 1
            if steps == MAX_CATCH_UP:
                accumulator = min(accumulator, TICK)  # drop the backlog, do not spiral
            if quit_after_ticks is not None and self.tick_count >= quit_after_ticks:
                self.running = False
                top = self.stack[-1].name if self.stack else "none"
                print(
                    f"crystal-arcade: quit after {self.tick_count} ticks on the {top} screen "
                    f"({self.frame_count} frames drawn)",
                    flush=True,
                )
            if not self.running:
                break
            t0 = time.perf_counter()
            self.draw(accumulator / TICK)
            if self.record_frames:
                self.frame_times.append(time.perf_counter() - t0)
            self.clock.tick(240)
        self.shutdown()

    # -- headless driving (tests and tools) ---------------------------------------
    def post(self, event: pygame.event.Event) -> None:
        self.dispatch(event)

    def post_key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.dispatch(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        )
        self.dispatch(
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        )

    def post_click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.dispatch(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False
            )
        )
        self.dispatch(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        )
        self.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False))

    def run_ticks(self, n: int, draw: bool = True) -> None:
        """Run ``n`` ticks at once (tests and tools).  While the bot worker has a
        request in flight each tick also gives it 2 ms of real time, so a headless
        run cannot outrun a bot that thinks in real time."""
        for i in range(n):
            if self._worker is not None and self._worker.pending:
                time.sleep(0.002)
            for event in pygame.event.get():
                self.dispatch(event)
            self.update()
            if draw and (not self.draw_last_tick_only or i == n - 1 or not self.running):
                self.draw(0.0)
            if not self.running:
                break

    def run_until(
        self, predicate: Callable[[], bool], max_ticks: int = 10_000, draw: bool = False
    ) -> bool:
        for _tick in range(max_ticks):
            if predicate():
                return True
            self.run_ticks(1, draw=draw)
        return predicate()

    def shutdown(self) -> None:
        """What every way out saves and stops: settings (never at a kiosk: a booth's
        session must not rewrite the person's own settings.json), each scene's exit
        (a hosted party stops), then the bot worker, within a bounded time."""
        if not self.kiosk:
            try:
                self.settings.save(self.paths)
            except OSError:
                pass
        while self.stack:
            scene = self.stack.pop()
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - one scene's failure must not block the exit
                import traceback as tb

                log_error(self.paths, tb.format_exc())
        if self._worker is not None:
            self._worker.close(timeout=WORKER_CLOSE_SECONDS)
            self._worker = None
        fame = getattr(self, "hall_of_fame", None)  # opened by the hall of fame screens
        if fame is not None:
            fame.close()  # stops its server thread; what it had not sent waits in the file
            self.hall_of_fame = None


def release_memory() -> None:
    """Collect garbage and hand freed heap pages back to the system (glibc's
    malloc_trim), so a kiosk that runs for days keeps a flat footprint: board
    layers of a finished game are large and otherwise stay in the heap."""
    import gc

    gc.collect()
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL("libc.so.6").malloc_trim(0)
        except (OSError, AttributeError):
            pass


def log_error(paths, text: str) -> None:
    """Append an error to the log file in the user log directory (kept small)."""
    try:
        paths.logs.mkdir(parents=True, exist_ok=True)
        log = paths.logs / "crystal-arcade.log"
        if log.exists() and log.stat().st_size > 1_000_000:
            log.replace(log.with_suffix(".log.1"))
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(time.strftime("%Y-%m-%d %H:%M:%S ") + text + "\n")
    except OSError:
        pass
