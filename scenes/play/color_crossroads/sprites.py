"""Color Crossroads' drawing pieces: gem sprites (kept in the drawing kit's cache),
translucent rectangles and the answer timer's ring.
"""

from __future__ import annotations

import math

import pygame

from game.rules.color_crossroads import COLOURS
from scenes.widgets import GLYPHS, cached, draw_gem, lighten

from .layout import colour_of


# -- sprites, kept in the drawing kit's one cache ----------------------------------------
def gem_sprite(colour, radius: int, glyph: str | None) -> pygame.Surface:
    def make() -> pygame.Surface:
        size = radius * 2 + 8
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_gem(s, (size / 2, size / 2), radius, colour, glyph=glyph)
        return s

    return cached(("color_crossroads.gem", tuple(pygame.Color(colour)), radius, glyph), make)


def blit_gem(
    surface, theme, c: int, center, radius: int, colour_blind: bool, alpha: int = 255
) -> None:
    s = gem_sprite(colour_of(theme, c), radius, GLYPHS[COLOURS[c]] if colour_blind else None)
    if alpha < 255:
        s = s.copy()
        s.set_alpha(alpha)
    surface.blit(s, s.get_rect(center=(round(center[0]), round(center[1]))))


def alpha_rect(surface, rect, colour, alpha: int, radius: int = 10, width: int = 0) -> None:
    rect = pygame.Rect(rect)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    c = pygame.Color(colour)
    c.a = alpha
    pygame.draw.rect(layer, c, layer.get_rect(), width, border_radius=radius)
    surface.blit(layer, rect)


def draw_ring(surface, center, radius: int, width: int, frac: float, colour, track) -> None:
    """A countdown ring: the remaining fraction runs clockwise from the top."""
    cx, cy = center
    pygame.draw.circle(surface, track, center, radius, width)
    frac = max(0.0, min(1.0, frac))
    if frac <= 0:
        return
    n = max(3, int(96 * frac))
    a0 = -math.pi / 2
    outer = [
        (
            cx + radius * math.cos(a0 + math.tau * frac * k / n),
            cy + radius * math.sin(a0 + math.tau * frac * k / n),
        )
        for k in range(n + 1)
    ]
    r2 = radius - width
    inner = [
        (
            cx + r2 * math.cos(a0 + math.tau * frac * k / n),
            cy + r2 * math.sin(a0 + math.tau * frac * k / n),
        )
        for k in range(n, -1, -1)
    ]
    pygame.draw.polygon(surface, colour, outer + inner)
    end = outer[-1]
    pygame.draw.circle(
        surface,
        lighten(colour, 0.5),
        (round((end[0] + inner[0][0]) / 2), round((end[1] + inner[0][1]) / 2)),
        width // 2 + 1,
    )
