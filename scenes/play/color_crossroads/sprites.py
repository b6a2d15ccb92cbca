"""Color Crossroads' cached drawing: gem sprites, text, translucent rectangles and the
answer timer's ring.
"""

from __future__ import annotations

import math

import pygame

from game.color_crossroads import COLOURS
from scenes.widgets import GLYPHS, draw_gem, lighten

from .layout import colour_of

# -- cached drawing -------------------------------------------------------------------
_SPRITES: dict = {}
_TEXT: dict = {}


def gem_sprite(colour, radius: int, glyph: str | None) -> pygame.Surface:
    key = (tuple(pygame.Color(colour)), radius, glyph)
    s = _SPRITES.get(key)
    if s is None:
        size = radius * 2 + 8
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_gem(s, (size / 2, size / 2), radius, colour, glyph=glyph)
        if len(_SPRITES) > 300:
            _SPRITES.clear()
        _SPRITES[key] = s
    return s


def blit_gem(
    surface, theme, c: int, center, radius: int, colour_blind: bool, alpha: int = 255
) -> None:
    s = gem_sprite(colour_of(theme, c), radius, GLYPHS[COLOURS[c]] if colour_blind else None)
    if alpha < 255:
        s = s.copy()
        s.set_alpha(alpha)
    surface.blit(s, s.get_rect(center=(round(center[0]), round(center[1]))))


def text(
    surface,
    theme,
    words: str,
    size: int,
    colour,
    pos,
    anchor: str = "topleft",
    kind: str = "bold",
    max_width: int | None = None,
) -> pygame.Rect:
    """draw_text with a cache of rendered lines (the panel redraws every frame)."""
    font = theme.font(size, kind)
    if max_width is not None and font.size(words)[0] > max_width:
        while words and font.size(words + "…")[0] > max_width:
            words = words[:-1]
        words += "…"
    key = (words, size, kind, tuple(pygame.Color(colour)))
    img = _TEXT.get(key)
    if img is None:
        if len(_TEXT) > 800:
            _TEXT.clear()
        img = font.render(words, True, colour)
        _TEXT[key] = img
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


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
