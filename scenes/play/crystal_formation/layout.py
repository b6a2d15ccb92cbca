"""Crystal Formation's screen geometry and words: the board region and the strip's cards,
piece shapes, seat glyphs and piece words, and ``BoardGeom`` (where a cell of the
square or hex board stands on the screen).
"""

from __future__ import annotations

import math

import pygame

from game.rules.crystal_formation import board_cells, board_extent, cell_position
from game.text.i18n import _
from scenes.play.base import BOARD_AREA
from scenes.widgets import GLYPHS, MIN_TARGET

# -- layout --------------------------------------------------------------------------
BOARD_REGION = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, 616, BOARD_AREA.h)
BOARD_CENTRE = {"square": (334, 374), "hex": (332, 352)}
SQUARE_UNIT = 66
HEX_UNIT = 52
STRIP = pygame.Rect(640, BOARD_AREA.y + 4, BOARD_AREA.right - 644, BOARD_AREA.h - 8)
TURN_CARD = pygame.Rect(STRIP.x, STRIP.y, STRIP.w, 84)
ACTION_CARD = pygame.Rect(STRIP.x, TURN_CARD.bottom + 8, STRIP.w, 236)
PREVIEW_CARD = pygame.Rect(STRIP.x, ACTION_CARD.bottom + 8, STRIP.w, 142)
NODE_CARD = pygame.Rect(
    STRIP.x, PREVIEW_CARD.bottom + 8, STRIP.w, STRIP.bottom - MIN_TARGET - 20 - PREVIEW_CARD.bottom
)
SQRT3 = math.sqrt(3.0)

# The theme's player colours in seat order have these glyph names (colour-blind mode).
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")
# Piece proportions in units of the cell: (base width, height) of the side view.
PIECE_SHAPE = {"L": (0.72, 0.50), "M": (0.54, 0.38), "S": (0.36, 0.27)}
PIPS = {"S": 1, "M": 2, "L": 3}
GROUND = 0.36  # the stack stands on this line, below the cell centre (in units)
ACTION_TICKS = 22
EFFECT_TICKS = 26


def seat_glyph(seat: int) -> str:
    return GLYPHS[COLOUR_NAMES[seat % len(COLOUR_NAMES)]]


def pieces_words(pieces: str, short: bool = False) -> str:
    if not pieces:
        return _("nothing")
    if pieces == "SML":
        return _("tree") if short else _("tree (S+M+L)")
    return "+".join(pieces)


def power_of(pieces: str) -> int:
    return sum(PIPS[p] for p in pieces)


# -- board geometry (pure placement of the engine's cell_position) ----------------------
class BoardGeom:
    """Pixel positions of one board: cell centres, outlines and hit-testing."""

    def __init__(self, kind: str, unit: float, centre: tuple[float, float]):
        self.kind = kind
        self.unit = unit
        self.cells = board_cells(kind)
        minx, miny, maxx, maxy = board_extent(kind)
        mx, my = (minx + maxx) / 2, (miny + maxy) / 2
        self.pos: dict = {}
        for c in self.cells:
            x, y = cell_position(kind, c)
            self.pos[c] = (centre[0] + (x - mx) * unit, centre[1] + (y - my) * unit)
        self.radius = unit / SQRT3  # hex circumradius (flat-to-flat width = unit)
        half_w = (maxx - minx) / 2 * unit + unit / 2
        half_h = (maxy - miny) / 2 * unit + (unit / 2 if kind == "square" else self.radius)
        self.bounds = pygame.Rect(0, 0, round(2 * half_w), round(2 * half_h))
        self.bounds.center = (round(centre[0]), round(centre[1]))

    def center(self, cell) -> tuple[int, int]:
        x, y = self.pos[cell]
        return round(x), round(y)

    def poly(self, cell, inset: float = 0.0) -> list[tuple[float, float]]:
        x, y = self.pos[cell]
        if self.kind == "square":
            h = self.unit / 2 - inset
            return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
        r = self.radius - inset * 2 / SQRT3
        return [
            (x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)
        ]

    def rect(self, cell) -> pygame.Rect:
        x, y = self.pos[cell]
        r = pygame.Rect(0, 0, round(self.unit), round(self.unit))
        r.center = (round(x), round(y))
        return r

    def cell_at(self, pos):
        """The cell under a screen point, or None."""
        px, py = pos
        if not self.bounds.inflate(4, 4).collidepoint(px, py):
            return None
        best, best_d = None, None
        for c, (x, y) in self.pos.items():
            d = (px - x) ** 2 + (py - y) ** 2
            if best_d is None or d < best_d:
                best, best_d = c, d
        if best is None:
            return None
        x, y = self.pos[best]
        if self.kind == "square":
            h = self.unit / 2
            return best if abs(px - x) <= h and abs(py - y) <= h else None
        return best if best_d <= (self.radius * 0.98) ** 2 else None


def board_geom(kind: str) -> BoardGeom:
    return BoardGeom(kind, SQUARE_UNIT if kind == "square" else HEX_UNIT, BOARD_CENTRE[kind])


def fitted_geom(kind: str, size: tuple[int, int], margin: int = 4) -> BoardGeom:
    w, h = size[0] - 2 * margin, size[1] - 2 * margin
    if kind == "square":
        unit = min(w, h) / 8
    else:
        unit = min(w / 11, h / (8.66 + 2 / SQRT3))
    return BoardGeom(kind, max(4.0, unit), (size[0] / 2, size[1] / 2))
