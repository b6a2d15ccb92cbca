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
import time
from typing import Callable

START_TIME = time.perf_counter()

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.storage.saves import user_paths  # noqa: E402
from game.text.i18n import _  # noqa: E402
from scenes import input as arcade_input  # noqa: E402

# Re-exported: screens written before scenes/scene.py import these from here.
from scenes import scene as scene_module  # noqa: E402
from scenes import widgets  # noqa: E402
from scenes.scene import (  # noqa: E402
    FULL,
    LOGICAL_SIZE,
    MAX_CATCH_UP,
    MAX_FRAME,
    TICK,
    TICK_RATE,
    Scene,
    release_memory,
)
from scenes.stops import install_stop_handlers as install_stop_handlers  # noqa: E402
from scenes.stops import stop_requested  # noqa: E402
from scenes.window import (  # noqa: E402
    MIN_WINDOW,
    TITLE_BAR,
    clamp_window,
    first_window_size,
    letterbox,
    usable_bounds,
    window_frame,
    window_to_logical,
)

__all__ = [
    "LOGICAL_SIZE",
    "MAX_CATCH_UP",
    "MAX_FRAME",
    "MIN_WINDOW",
    "TICK",
    "TICK_RATE",
    "TITLE_BAR",
    "App",
    "Scene",
    "clamp_window",
    "first_window_size",
    "letterbox",
    "usable_bounds",
    "window_frame",
    "window_to_logical",
]

# How long closing the bot worker may take at exit before its process is killed.
WORKER_CLOSE_SECONDS = 0.5


# -- the window around the logical canvas ------------------------------------------
# The game always draws on a 1280x720 canvas (DESIGN.md); scenes/window.py opens the
# real window and shows the canvas scaled into it.  The geometry is the same in a
# real window and headless, so a headless app (tests, tools/screenshot.py) maps input
# from a window of any size exactly as the real one does.
POSITION_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)
# Events that change nothing a screen shows: no frame is drawn for them.
QUIET_EVENTS = frozenset(
    getattr(pygame, name)
    for name in (
        "NOEVENT",
        "AUDIODEVICEADDED",
        "AUDIODEVICEREMOVED",
        "WINDOWMOVED",
        "WINDOWENTER",
        "WINDOWTAKEFOCUS",
        "ACTIVEEVENT",
        "KEYMAPCHANGED",
        "CLIPBOARDUPDATE",
        "LOCALECHANGED",
    )
    if hasattr(pygame, name)
)
# After input, frames keep coming for this many ticks whatever the screen says, so
# what input starts (a button's hover fading in, a press settling) is drawn to its end.
SETTLE_TICKS = 20


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
        icon = None
        try:
            from scenes.theme import asset_path

            with asset_path("icons", "icon.png").open("rb") as fh:
                icon = pygame.image.load(fh, "icon.png")
        except (OSError, pygame.error, FileNotFoundError):
            pass  # no icon is no reason not to start
        # The window's size in pixels; input arrives in these pixels and is mapped
        # onto the canvas (``to_canvas``).  Headless it is the size the app pretends
        # to be shown at; in a real window it follows the window.
        self.window_size: tuple[int, int] = tuple(window_size or LOGICAL_SIZE)
        self._held: set = set()  # buttons and fingers pressed on the canvas, still down
        # Where the pointer is on the canvas, from the last mouse or touch event (a
        # hover highlight asks here: the same headless and in a real window).
        self.pointer: tuple[int, int] = (-1, -1)
        self.display = None  # the real window (scenes/window.py); None headless
        self.canvas = self._open_window(icon)
        self.screen = self.canvas
        # Frame pacing: a frame is drawn when something changed or a screen animates
        # (``frame_due``), never more often than ticks come, and the loop sleeps between.
        self._frame_wanted = True
        self._settle_until = 0
        self._last_frame_at = -1.0
        self.frames_skipped = 0
        from scenes import theme as theme_mod
        from scenes.sound import Sound

        self.theme = theme_mod.Theme.load()
        theme_mod.apply_look(self)
        self.sound = Sound(self.settings)
        from scenes.speech import Speaker
        from scenes.speech.screens import ScreenVoice

        self.speech = Speaker()
        self.screen_voice = ScreenVoice()
        if self.settings.speech or getattr(args, "speech", False):
            self.set_speech(True)
        elif not headless:
            import threading

            threading.Thread(target=self._hint_speech, name="speech-hint", daemon=True).start()
        self.stack: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []
        self.running = True
        self.tick_count = 0
        # (tick, the window's remembered frame before that tick's first change)
        self._window_before: tuple[int, tuple | None] = (-1, None)
        self.frame_count = 0
        self.first_frame_at: float | None = None
        # With record_frames on (tools/benchmarks), the real loop keeps, for each frame
        # it draws, the seconds its pass took: input, the ticks and the drawing.
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
    def _open_window(self, icon: pygame.Surface | None) -> pygame.Surface:
        """The canvas every screen draws on.  Headless it is the dummy display's own
        surface; for a player it is a surface of its own, shown in the real window
        (``scenes/window.py``) at every present."""
        if self.headless:
            return pygame.display.set_mode(LOGICAL_SIZE)
        from scenes.window import RealWindow

        self.display = RealWindow(self.settings, self.kiosk, icon)
        self.window_size = self.display.size
        return pygame.Surface(LOGICAL_SIZE).convert()

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
            # SDL gives a finger's place as a fraction of the window.
            x = (x * ww - view.x) / view.w
            y = (y * wh - view.y) / view.h
            inside = 0.0 <= x < 1.0 and 0.0 <= y < 1.0
            if t == pygame.FINGERDOWN:
                if not inside:
                    return None
                self._held.add(key)
            elif key not in self._held:
                return None
            elif t == pygame.FINGERUP:
                self._held.discard(key)
            fields = {**event.dict, "x": x, "y": y}
            self.pointer = (int(x * lw), int(y * lh))
            if "dx" in fields:
                fields["dx"] = float(fields["dx"]) * ww / view.w
                fields["dy"] = float(fields.get("dy", 0.0)) * wh / view.h
            return pygame.event.Event(t, fields)
        pos = getattr(event, "pos", None)
        if pos is None:
            return None  # a press or move with no position is nothing a screen can use
        try:
            x, y = pos
            px, py = window_to_logical((x, y), self.window_size)
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
        self.pointer = (px, py)
        if "rel" in fields:
            view = self.viewport
            try:
                rx, ry = fields["rel"]
                fields["rel"] = (int(rx * lw / view.w), int(ry * lh / view.h))
            except (TypeError, ValueError, OverflowError):
                fields["rel"] = (0, 0)
        return pygame.event.Event(t, fields)

    def set_fullscreen(self, on: bool) -> None:
        """Fill the display (F11, the setting) or go back to the window the player
        left, at the size and place remembered (clamped to the display as it is)."""
        self.settings.fullscreen = on
        if self.display is None:
            return
        try:
            self.display.set_fullscreen(on, self.settings)
        except pygame.error:
            self.notices.append(_("Fullscreen is not available on this display"))
            return
        self.window_size = self.display.size
        self.request_frame()

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
            self._release_now = True  # a booth runs for days: collect at every change
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
        if event.type in QUIET_EVENTS:
            if event.type == pygame.WINDOWMOVED and self._own_window_event(event):
                if self.display is not None:
                    self.display.framed()
                self.moved((getattr(event, "x", 0), getattr(event, "y", 0)))
            return
        if not self._own_window_event(event):
            return  # the hidden surface that only gives the pixel format
        self._frame_wanted = True
        self._settle_until = self.tick_count + SETTLE_TICKS
        if event.type == pygame.QUIT or event.type == pygame.WINDOWCLOSE:
            # The window's close button (WINDOWCLOSE: SDL sends no QUIT while the
            # hidden format surface is open) or the system asking the app to end.
            if not self.kiosk:  # a kiosk is left only with the operator's chord
                self.quit()
            return
        if event.type == pygame.WINDOWLEAVE:
            self.pointer = (-1, -1)  # off the canvas: nothing stays highlighted under it
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.VIDEOEXPOSE):
            if self.display is not None and event.type == pygame.WINDOWSHOWN:
                self.display.framed()
            return  # drawn again (above): the window's pixels may have been lost
        if self.policy is not None and self.policy.intercept(self, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11 and not self.kiosk:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if event.type == pygame.KEYDOWN and self.speech_key(event.key):
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            if self.display is not None:
                self.display.framed()
            self.resize((getattr(event, "x", 0), getattr(event, "y", 0)))
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

    def _own_window_event(self, event: pygame.event.Event) -> bool:
        """Whether a window event is about the player's window (not the hidden one
        that only gives the pixel format); any other event is."""
        window = getattr(event, "window", None)
        if window is None or self.display is None:
            return True
        return getattr(window, "id", None) == self.display.window.id

    def _guarded(self, fn, *args) -> None:
        if not self.recover_errors:
            fn(*args)
            return
        try:
            fn(*args)
        except Exception:
            self.recover(getattr(getattr(fn, "__self__", None), "name", ""))

    def recover(self, failed: str = "") -> None:
        """Log the current exception and go back to the title (``failed``: the name of
        the screen that raised, told to the kiosk policy for the operator's counters)."""
        import traceback as tb

        text = tb.format_exc()
        self.errors.append(text)
        del self.errors[:-20]
        log_error(self.paths, text)
        self._pending.clear()
        dropped = list(self.stack)
        self.stack.clear()
        # The failed scenes are dropped without their exit hooks (one of them is
        # broken); each is only told, to record what it must not lose.
        for scene in reversed(dropped):
            try:
                scene.dropped()
            except Exception:
                log_error(self.paths, tb.format_exc())
        if self.policy is not None:
            try:
                self.policy.screen_failed(self, str(failed) or "?")
            except Exception:
                log_error(self.paths, tb.format_exc())
        self.reset_to(self.home(self))
        self.notices.append(_("Something went wrong; Crystal Arcade went back to the title."))

    def update(self) -> None:
        self.tick_count += 1
        if self._release_next:
            self._release_next = False
            release_memory()
        for ev in self.input.stick_repeat():
            if self.stack:
                self._guarded(self.stack[-1].handle, ev)
        if self.stack:
            self._guarded(self.stack[-1].update)
        if self.policy is not None and not self._pending:
            self.policy.tick(self)
        self.sound.update()
        if self.speech.enabled:
            self.screen_voice.tick(self)
            report = self.speech.take_report()
            if report:
                self.notices.append(report)
        if self._pending:
            self._frame_wanted = True
            self._settle_until = self.tick_count + SETTLE_TICKS
        self._apply_pending()
        widgets.tick_toasts(self)
        if widgets.toast_key(self) != self._toast_drawn:
            self._frame_wanted = True
        if self._release_now or scene_module.release_due():
            # A screen closed this tick: its cycle of references is collected at the start
            # of the next (scenes/scene.py), when nothing holds it any more: not the stack,
            # not a toast shown over it, not the events its controls queued.
            self._release_now = False
            self._release_next = True

    _release_now = False
    _release_next = False

    _toast_drawn: object = None

    def idle_seconds(self) -> float:
        return (self.tick_count - self.input.last_input_tick) / TICK_RATE

    # -- frames -------------------------------------------------------------------
    def request_frame(self) -> None:
        """Something a screen shows changed outside input and its own animation (a
        bot's answer arrived, a clock's second went by): draw the next frame."""
        self._frame_wanted = True

    def visible_scenes(self) -> list[Scene]:
        """The scenes drawn this frame: from the deepest one not covered by an opaque
        one, up to the top."""
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        return self.stack[max(0, start) :]

    def frame_rate(self) -> int:
        """Frames a second the screen on show needs with nothing happening: the top
        scene's ``frame_rate`` (the scenes under an overlay are not updated, so they do
        not change), FULL while input settles."""
        if self.tick_count < self._settle_until or not self.stack:
            return FULL
        try:
            return int(self.stack[-1].frame_rate())
        except Exception:
            return FULL

    def frame_due(self, now: float) -> bool:
        """Whether the loop draws a frame now: something changed, or a visible screen
        animates and its next frame is due (``now`` in seconds, any clock)."""
        if self._frame_wanted:
            return True
        rate = self.frame_rate()
        if rate <= 0:
            return False
        return now - self._last_frame_at >= 1.0 / rate - 0.25 * TICK

    def compose(self, surface: pygame.Surface, alpha: float = 0.0) -> None:
        """Draw what the screen shows now on ``surface``: the visible scenes and the
        toast.  Drawing changes no state, so composing a frame twice gives the same
        pixels (what lets a still screen skip its frames)."""
        for scene in self.visible_scenes():
            self._guarded(scene.draw, surface, alpha)
        widgets.draw_toasts(self, surface)

    def draw(self, alpha: float = 0.0, now: float | None = None) -> None:
        self._frame_wanted = False
        self._last_frame_at = time.perf_counter() if now is None else now
        self.compose(self.canvas, alpha)
        self._toast_drawn = widgets.toast_key(self)
        self.present()
        self.frame_count += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def present(self) -> None:
        """Show the canvas: in the real window, scaled into it as it is now."""
        if self.display is None:
            pygame.display.flip()
            return
        self.display.present(self.canvas)
        size = self.display.size
        if size != self.window_size and size[0] > 0 and size[1] > 0:
            self.window_size = size  # a resize SDL had not told us of yet

    def set_speech(self, on: bool, backend=None) -> str:
        """Speech on or off (``backend``: a given one, else the screen reader, espeak-ng
        or none).  Returns the message to show ("" when all is well)."""
        from scenes.speech import choose_backend

        message = ""
        if on and (backend is not None or self.speech.backend.name == "none"):
            if backend is None:
                backend, message = choose_backend()
            self.speech.backend = backend
            self.speech.dropped = ""
        self.speech.enabled = on
        self.settings.speech = on
        self.screen_voice = type(self.screen_voice)()  # the screen is said again
        if message:
            self.notices.append(message)
        return message

    def _hint_speech(self) -> None:
        """A screen reader runs but speech is off: it is told how to turn speech on
        (through a speaker of its own, so the probe never holds up a frame)."""
        from scenes.speech import ScreenReaderBackend, Speaker, screen_reader

        reader = screen_reader()
        if reader is None or self.speech.enabled:
            return
        hint = Speaker(ScreenReaderBackend(reader))
        hint.enabled = True
        hint.say(_("Crystal Arcade. Press F5 to turn speech on."))
        hint.wait()
        hint.close()

    def speech_key(self, key: int) -> bool:
        """F5 turns speech on and off, F6 says the last text again."""
        from scenes.speech.screens import REPEAT_KEY, TOGGLE_KEY

        if key == TOGGLE_KEY:
            if self.speech.enabled:
                self.speech.say(_("Speech off"))
            self.set_speech(not self.speech.enabled)
            if self.speech.enabled:
                self.speech.say(_("Speech on"))
            return True
        if key == REPEAT_KEY:
            self.speech.repeat()
            return True
        return False

    def quit(self) -> None:
        self.running = False

    def run(self, quit_after_ticks: int | None = None) -> None:
        """The real loop: fixed ticks from an accumulator; a frame drawn only when
        ``frame_due`` says so, at most once a tick; asleep in between, woken by input."""
        accumulator = 0.0
        last = time.perf_counter()
        while self.running:
            if stop_requested() is not None:  # SIGTERM / SIGINT: the same way out as Quit
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
            if steps and self.frame_due(now):
                self.draw(accumulator / TICK)
                if self.record_frames:
                    self.frame_times.append(time.perf_counter() - now)
            elif steps:
                self.frames_skipped += 1
            # Asleep until the next tick is due.  (pygame's event.wait with a time-out
            # polls while it waits, costing several per cent of a core at rest; input
            # that comes meanwhile is handled at the tick, within 17 ms.)
            wait = TICK - accumulator
            if wait > 0.0005:
                time.sleep(wait)
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

    def run_paced(self, n: int, check=None) -> int:
        """Run ``n`` ticks drawing as the real loop does: a frame only where
        ``frame_due`` says (the clock is the tick count, so no real time passes).
        ``check(app)`` is called on every tick whose frame is skipped because the
        screens are still (a test composes a fresh frame there and compares it with the
        canvas; a skip at the AMBIENT rate is motion drawn less often, not a still
        screen).  Returns the frames drawn."""
        drawn = 0
        for _tick in range(n):
            if self._worker is not None and self._worker.pending:
                time.sleep(0.002)
            for event in pygame.event.get():
                self.dispatch(event)
            self.update()
            if not self.running:
                break
            now = self.tick_count * TICK
            if self.frame_due(now):
                self.draw(0.0, now=now)
                drawn += 1
            elif check is not None and self.frame_rate() == 0:
                check(self)
        return drawn

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
            except Exception:
                import traceback as tb

                log_error(self.paths, tb.format_exc())
        self.speech.close()
        if self._worker is not None:
            self._worker.close(timeout=WORKER_CLOSE_SECONDS)
            self._worker = None
        sharing = getattr(self, "counter_sharing", None)  # scenes/counting.py's thread
        if sharing is not None:
            sharing.close()
            self.counter_sharing = None
        fame = getattr(self, "hall_of_fame", None)  # opened by the hall of fame screens
        if fame is not None:
            fame.close()  # stops its server thread; what it had not sent waits in the file
            self.hall_of_fame = None


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
