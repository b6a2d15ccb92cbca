"""The window a player sees: its size and place on the display, and how the canvas is
shown in it.

Every screen draws on one 1280x720 canvas (``LOGICAL_SIZE``).  The real window is a
``pygame.Window`` of whatever size the display and the player allow, with an SDL
renderer of its own: each frame the canvas is copied into a texture, and the texture
is drawn scaled into the largest rectangle of the canvas's proportions that fits the
window (``letterbox``), black bars round it.  The GPU does the scaling where there is
one; on a computer without, SDL's software path does, and frames are only presented
when something changed (``scenes/app.py``), so a still screen costs nothing.

Owning the renderer, rather than asking pygame for a ``SCALED`` display, is what
makes the window fit: a ``SCALED`` display keeps its renderer at the size it was
opened with, so a window made smaller for a small screen (or maximised, or back from
fullscreen) showed the canvas cropped.  Here the destination rectangle is worked out
from the window's size at every present, so whatever size the window manager gives
the window, the whole canvas is in it.

Input arrives in window pixels; ``window_to_logical`` maps it back onto the canvas
(the App does this for every mouse and touch event, in a real window and headless
alike, so the tests exercise the same mapping the player's clicks go through).
"""

from __future__ import annotations

import glob
import os

import pygame

from scenes.scene import LOGICAL_SIZE

MIN_WINDOW = (800, 600)
TITLE_BAR = 40  # room left above a window for its title bar (the usable area has none)
TITLE = "Crystal Arcade"


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

    here = os.path.dirname(pygame.__file__)
    names = glob.glob(os.path.join(here, "..", "pygame_ce.libs", "libSDL2-*"))
    names += glob.glob(os.path.join(here, "libSDL2*")) + glob.glob(os.path.join(here, "SDL2*.dll"))
    for name in names + ["libSDL2-2.0.so.0", "SDL2.dll", "libSDL2.dylib"]:
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


def window_frame(settings, kiosk: bool) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The windowed size and position to open or restore: where the player left it
    (clamped to the display as it is now), or on a first start the largest size that
    fits the display, centred in its usable area."""
    screen = usable_bounds()
    usable = pygame.Rect(screen.x, screen.y + TITLE_BAR, screen.w, max(1, screen.h - TITLE_BAR))
    s = settings
    if s.window_width and s.window_height and not kiosk:
        remembered = (s.window_x, s.window_y) if s.window_placed else None
        size, position = clamp_window((s.window_width, s.window_height), remembered, usable)
        if position is None:
            position = (usable.x + (usable.w - size[0]) // 2, usable.y + (usable.h - size[1]) // 2)
        return size, position
    size = first_window_size(usable.size)
    return size, (usable.x + (usable.w - size[0]) // 2, usable.y + (usable.h - size[1]) // 2)


def minimum_size() -> tuple[int, int]:
    """The smallest a player may make the window: MIN_WINDOW, or the display where it
    is smaller than that (a netbook)."""
    screen = usable_bounds()
    return min(MIN_WINDOW[0], screen.w), min(MIN_WINDOW[1], max(1, screen.h - TITLE_BAR))


class RealWindow:
    """The player's window and its renderer (see the module's docstring).

    ``present(canvas)`` shows the canvas scaled into the window as it is now;
    ``size`` is the window's size in the units SDL reports input in."""

    def __init__(self, settings, kiosk: bool, icon: pygame.Surface | None = None):
        from pygame._sdl2.video import Renderer, Texture

        # Surfaces are converted to a display's pixel format (``convert``), which needs
        # a window surface to exist; the player's window has a renderer instead, so a
        # hidden one-pixel display surface stands in for the format and is never shown.
        pygame.display.set_caption(f"{TITLE} (pixel format)")
        pygame.display.set_mode((1, 1), pygame.HIDDEN)
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        size, position = window_frame(settings, kiosk)
        full = bool(settings.fullscreen)
        self.window = pygame.Window(
            TITLE,
            size,
            position if position is not None else pygame.WINDOWPOS_CENTERED,
            resizable=True,
            fullscreen_desktop=full,
            hidden=True,
        )
        if icon is not None:
            self.window.set_icon(icon)
        self.window.minimum_size = minimum_size()
        if settings.window_maximised and not kiosk and not full:
            # After the size and place are set: they are what "restore" goes back to.
            self.window.maximize()
        # The renderer before the window is shown: SDL may make the window again for
        # an OpenGL renderer, and a window shown twice would flash (and a tool looking
        # for it could find the first, which is gone).
        self.renderer = self._renderer(Renderer)
        self.texture = Texture(self.renderer, LOGICAL_SIZE, streaming=True)
        self.texture.blend_mode = 0  # SDL_BLENDMODE_NONE: the canvas's alpha byte is not used
        self.presented = 0
        self.window.show()
        self._fit_until = 0.0
        self._fit_first = False
        if not full and not (settings.window_maximised and not kiosk):
            self.placed(first=not (settings.window_width and settings.window_height))

    def _renderer(self, renderer_class):
        """The renderer: synchronised with the display's refresh where SDL can do it,
        else without (a frame is then paced by the loop alone), and SDL's software
        renderer where the display offers no other."""
        for kwargs in ({"vsync": True}, {}, {"index": self._software_index()}):
            try:
                return renderer_class(self.window, **kwargs)
            except (pygame.error, ValueError):
                continue
        raise pygame.error("no renderer for the window")

    @staticmethod
    def _software_index() -> int:
        from pygame._sdl2.video import get_drivers

        for i, driver in enumerate(get_drivers()):
            if driver.name == "software":
                return i
        return -1

    def borders(self) -> tuple[int, int, int, int] | None:
        """The window manager's frame round the window (top, left, bottom, right), or
        None where SDL cannot say."""
        import ctypes

        sdl = _sdl_library()
        if sdl is None:
            return None
        try:
            sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
            handle = sdl.SDL_GetWindowFromID(ctypes.c_uint32(self.window.id))
            if not handle:
                return None
            edges = [ctypes.c_int(0) for _ in range(4)]
            got = sdl.SDL_GetWindowBordersSize(
                ctypes.c_void_p(handle), *(ctypes.byref(e) for e in edges)
            )
        except (AttributeError, OSError, ValueError):
            return None
        if got != 0:
            return None
        return tuple(max(0, e.value) for e in edges)

    # How long after the app places its window a move or resize by the window manager
    # is taken as the manager framing it (and checked by ``fit``), not as the player.
    FIT_SECONDS = 2.0

    def placed(self, first: bool) -> None:
        """The app has just sized and placed the window: fit it now, and again as the
        window manager frames it (``framed``)."""
        import time

        self._fit_until = time.monotonic() + self.FIT_SECONDS
        self._fit_first = first
        self.fit(first)

    def framed(self) -> None:
        """The window was moved, resized or shown: soon after the app placed it, that
        is the window manager putting its frame round it, so fit it again."""
        import time

        if time.monotonic() < self._fit_until:
            self.fit(self._fit_first)

    def fit(self, first: bool = False) -> None:
        """Move (and if need be shrink) the window so that it and its frame lie inside
        the display's usable area.  A window is placed before its frame exists, and
        a window manager puts its frame where the window was asked to go, so a window
        sized for the screen could hang its lower edge off it; this puts it back, with
        the frame's real size.  ``first``: a first start keeps the canvas's shape."""
        edges = self.borders()
        if edges is None:
            return
        top, left, bottom, right = edges
        screen = usable_bounds()
        room_w = max(1, screen.w - left - right)
        room_h = max(1, screen.h - top - bottom)
        w, h = self.size
        x, y = self.window.position
        if first:
            fw, fh = first_window_size((room_w, room_h))
            w, h = min(w, fw), min(h, fh)
        w, h = min(w, room_w), min(h, room_h)
        x = min(max(x, screen.x + left), screen.right - right - w)
        y = min(max(y, screen.y + top), screen.bottom - bottom - h)
        if (w, h) != self.size:
            self.window.size = (w, h)
        if (x, y) != tuple(self.window.position):
            self.window.position = (x, y)

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.window.size
        return int(w), int(h)

    def set_fullscreen(self, on: bool, settings) -> None:
        """Fill the display (``on``) or go back to the window the player left."""
        if on:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            size, position = window_frame(settings, False)
            self.window.size = size
            if position is not None:
                self.window.position = position
            self.placed(first=not (settings.window_width and settings.window_height))

    def present(self, canvas: pygame.Surface) -> None:
        """Show ``canvas``: copied into the texture, drawn into the letterbox of the
        renderer's output as it is now (which follows every resize)."""
        self.texture.update(canvas)
        r = self.renderer
        r.draw_color = (0, 0, 0, 255)
        r.clear()
        r.set_viewport(None)  # the whole output, at its size now
        view = letterbox(r.get_viewport().size)
        self.texture.draw(dstrect=view)
        r.present()
        self.presented += 1

    def close(self) -> None:
        for name in ("texture", "renderer"):
            self.__dict__.pop(name, None)
        window = self.__dict__.pop("window", None)
        if window is not None:
            window.destroy()
