"""A part of the canvas drawn at its own layout and shown a little smaller elsewhere.

Two screens put something of their own beside another screen's full layout: the
kiosk's call-to-play band under the attract demo, and a tutorial's caption card (grown
for large text) over the play view.  Drawn on top, they covered the demo's bottom line
and the board's top row.  The play screens' geometry is fixed at 1280x720, so rather
than lay each view out again, the screen underneath is drawn whole on an offscreen
canvas and the part that matters (``source``) is shown scaled into the room left
(``dest``, same proportions).  Input goes the other way: ``to_view`` turns a position
on the screen back into the view's own pixels, so clicks, drags and hover land where
they are drawn.

The accessibility tests read ``widgets.text.TEXT_LOG`` to check that no line leaves its box
or runs into another; ``relog`` moves the lines drawn on the stage to where they are
shown, so the check sees the screen as a player does.
"""

from __future__ import annotations

import pygame

from scenes import widgets
from scenes.scene import LOGICAL_SIZE

# Mouse events whose position the stage translates (fingers arrive as these too: the
# input mapper turns each finger event into its mouse equivalent before a scene sees it).
POSITION_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class Stage:
    """``source`` (a rectangle of the logical canvas) shown in ``area``: as large as
    fits with its proportions kept, centred across and at the top of ``area``."""

    def __init__(self, source: pygame.Rect, area: pygame.Rect):
        self.source = pygame.Rect(source)
        area = pygame.Rect(area)
        scale = min(area.w / self.source.w, area.h / self.source.h)
        w, h = round(self.source.w * scale), round(self.source.h * scale)
        self.dest = pygame.Rect(area.x + (area.w - w) // 2, area.y, w, h)
        self.sx = self.dest.w / self.source.w
        self.sy = self.dest.h / self.source.h
        self._canvas: pygame.Surface | None = None
        self._shown: pygame.Surface | None = None

    def __eq__(self, other) -> bool:
        return isinstance(other, Stage) and self.source == other.source and self.dest == other.dest

    @property
    def scale(self) -> float:
        return min(self.sx, self.sy)

    # -- drawing -------------------------------------------------------------------------
    def canvas(self, like: pygame.Surface) -> pygame.Surface:
        """The offscreen canvas the screen underneath draws on (logical size, the
        target's pixel format; kept between frames)."""
        if self._canvas is None or self._canvas.get_bitsize() != like.get_bitsize():
            self._canvas = pygame.Surface(LOGICAL_SIZE, 0, like)
        return self._canvas

    def show(self, target: pygame.Surface) -> None:
        """Put the canvas's ``source`` on ``target`` at ``dest``, smoothly scaled (a
        filtered scale keeps small text readable; nearest pixels would break it up)."""
        canvas = self._canvas
        if canvas is None:
            return
        part = canvas.subsurface(self.source)
        if self._shown is None or self._shown.get_bitsize() != canvas.get_bitsize():
            self._shown = pygame.Surface(self.dest.size, 0, canvas)
        if part.get_bitsize() in (24, 32):
            pygame.transform.smoothscale(part, self.dest.size, self._shown)
        else:  # smoothscale takes only 24- and 32-bit pixels
            pygame.transform.scale(part, self.dest.size, self._shown)
        target.blit(self._shown, self.dest)

    # -- positions -----------------------------------------------------------------------
    def to_screen_xy(self, x: float, y: float) -> tuple[float, float]:
        return (
            self.dest.x + (x - self.source.x) * self.sx,
            self.dest.y + (y - self.source.y) * self.sy,
        )

    def to_view(self, pos) -> tuple[int, int]:
        """A position on the screen as the view underneath counts it (outside ``dest``
        too, so a drag that leaves the stage keeps its length)."""
        x = self.source.x + (pos[0] - self.dest.x) / self.sx
        y = self.source.y + (pos[1] - self.dest.y) / self.sy
        return round(x), round(y)

    def to_screen(self, rect: pygame.Rect) -> pygame.Rect:
        """Where a rectangle of the view is shown.  Each edge is placed by the same
        rule, so a rectangle inside another stays inside it."""
        left, top = self.to_screen_xy(rect.left, rect.top)
        right, bottom = self.to_screen_xy(rect.right, rect.bottom)
        left, top, right, bottom = round(left), round(top), round(right), round(bottom)
        return pygame.Rect(left, top, right - left, bottom - top)

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position (and motion) in the view's pixels."""
        if event.type not in POSITION_EVENTS or not hasattr(event, "pos"):
            return event
        fields = dict(event.dict)
        try:
            fields["pos"] = self.to_view(event.pos)
            if "rel" in fields:
                rx, ry = fields["rel"]
                fields["rel"] = (round(rx / self.sx), round(ry / self.sy))
        except (TypeError, ValueError, OverflowError):
            return event  # not a position the stage understands: the view judges it
        return pygame.event.Event(event.type, fields)

    # -- the accessibility check's record --------------------------------------------------
    def relog(self, start: int) -> None:
        """Move the lines drawn into ``source`` since entry ``start`` of the text log to
        where the player sees them, each within the part of the screen the stage
        shows (no-op unless a test is recording)."""
        log = widgets.text.TEXT_LOG
        if log is None:
            return
        for entry in log[start:]:
            if entry.surface != LOGICAL_SIZE or not self.source.collidepoint(entry.rect.center):
                continue  # a line on a sprite (a board's labels) or outside the stage
            entry.rect = self.to_screen(entry.rect)
            for name in ("box", "ink", "owner"):
                if getattr(entry, name) is not None:
                    setattr(entry, name, self.to_screen(getattr(entry, name)))
            # the stage shows only its source: a line running past it is cut there
            entry.box = self.dest.copy() if entry.box is None else entry.box.clip(self.dest)
            if entry.max_width is not None:
                entry.max_width = round(entry.max_width * self.sx)


def log_mark() -> int:
    """Where the text log stands now (for ``Stage.relog``)."""
    return len(widgets.text.TEXT_LOG) if widgets.text.TEXT_LOG is not None else 0
