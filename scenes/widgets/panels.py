"""Panels and crystals: draw_panel, lighten and darken, the faceted gems and their
colour-blind glyphs."""

from __future__ import annotations

import math

import pygame

import scenes.widgets.text as kit
from scenes.widgets.text import DrawnText, cached


def draw_panel(
    surface: pygame.Surface,
    rect,
    theme,
    *,
    fill: str = "panel",
    edge: str = "panel_edge",
    radius: int = 14,
    alpha: int = 235,
    width: int = 2,
) -> None:
    """A rounded translucent panel, its image from the kit's cache (every screen draws
    the same few panels every frame)."""
    rect = pygame.Rect(rect)
    colour = pygame.Color(theme[fill])
    colour.a = alpha
    edge_colour = pygame.Color(theme[edge])

    def make() -> pygame.Surface:
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, colour, panel.get_rect(), border_radius=radius)
        if width:
            pygame.draw.rect(panel, edge_colour, panel.get_rect(), width, border_radius=radius)
        return panel

    key = ("panel", rect.size, tuple(colour), tuple(edge_colour), radius, width)
    surface.blit(cached(key, make), rect)
    if kit.TEXT_LOG is not None and alpha >= COVERING:
        # a panel this opaque hides the lines drawn under it (a banner over the board)
        kit.TEXT_LOG.append(
            DrawnText(
                "",
                "",
                rect.copy(),
                None,
                None,
                surface.get_size(),
                None,
                rect.copy(),
                "cover",
                None,
                surface,
            )
        )


# A panel at least this opaque hides the text under it (for the text checks).
COVERING = 200


def lighten(colour, amount: float) -> pygame.Color:
    c = pygame.Color(colour)
    return pygame.Color(*(int(v + (255 - v) * amount) for v in (c.r, c.g, c.b)), c.a)


def darken(colour, amount: float) -> pygame.Color:
    c = pygame.Color(colour)
    return pygame.Color(*(int(v * (1 - amount)) for v in (c.r, c.g, c.b)), c.a)


# Colour-blind glyphs: one distinct shape per colour name, drawn on the piece.
GLYPHS = {
    "red": "triangle",
    "blue": "circle",
    "green": "square",
    "yellow": "star",
    "purple": "diamond",
    "orange": "cross",
    "fire": "flame",
    "water": "drop",
    "grass": "leaf",
}


def draw_glyph(
    surface: pygame.Surface, kind: str, center, size: float, colour=(15, 15, 25), width: int = 0
) -> None:
    cx, cy = center
    s = size
    if kind == "triangle":
        pts = [(cx, cy - s), (cx + s * 0.9, cy + s * 0.7), (cx - s * 0.9, cy + s * 0.7)]
        pygame.draw.polygon(surface, colour, pts, width)
    elif kind == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), s * 0.8, width)
    elif kind == "square":
        r = pygame.Rect(0, 0, s * 1.5, s * 1.5)
        r.center = (round(cx), round(cy))
        pygame.draw.rect(surface, colour, r, width)
    elif kind == "star":
        pts = []
        for i in range(10):
            rad = s if i % 2 == 0 else s * 0.42
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        pygame.draw.polygon(surface, colour, pts, width)
    elif kind == "diamond":
        pts = [(cx, cy - s), (cx + s * 0.75, cy), (cx, cy + s), (cx - s * 0.75, cy)]
        pygame.draw.polygon(surface, colour, pts, width)
    elif kind == "cross":
        t = max(2, s * 0.45)
        pygame.draw.rect(surface, colour, pygame.Rect(cx - t / 2, cy - s, t, 2 * s))
        pygame.draw.rect(surface, colour, pygame.Rect(cx - s, cy - t / 2, 2 * s, t))
    elif kind == "flame":
        pts = [
            (cx, cy - s),
            (cx + s * 0.7, cy + s * 0.1),
            (cx + s * 0.45, cy + s * 0.8),
            (cx, cy + s * 0.45),
            (cx - s * 0.45, cy + s * 0.8),
            (cx - s * 0.7, cy + s * 0.1),
        ]
        pygame.draw.polygon(surface, colour, pts, width)
    elif kind == "drop":
        pygame.draw.circle(surface, colour, (cx, cy + s * 0.25), s * 0.62, width)
        pygame.draw.polygon(
            surface, colour, [(cx, cy - s), (cx + s * 0.55, cy), (cx - s * 0.55, cy)], width
        )
    elif kind == "leaf":
        r = pygame.Rect(0, 0, s * 1.1, s * 1.9)
        r.center = (round(cx), round(cy))
        pygame.draw.ellipse(surface, colour, r, width)
        pygame.draw.line(surface, lighten(colour, 0.5), (cx, cy - s * 0.8), (cx, cy + s * 0.8), 2)


def draw_gem(
    surface: pygame.Surface,
    center,
    radius: float,
    colour,
    *,
    glyph: str | None = None,
    shape: str = "octagon",
    alpha: int = 255,
    outline=None,
) -> None:
    """A faceted crystal: a bevelled polygon with a light top-left facet and a dark
    bottom-right one, so pieces read as crystals at any size."""
    cx, cy = center
    base = pygame.Color(colour)
    sides = {"octagon": 8, "hexagon": 6, "diamond": 4, "square": 4}.get(shape, 8)
    rot = {"octagon": math.pi / 8, "hexagon": 0.0, "diamond": 0.0, "square": math.pi / 4}.get(
        shape, 0.0
    )
    size = int(radius * 2 + 4)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    outer = [
        (
            c + radius * math.cos(rot + i * 2 * math.pi / sides),
            c + radius * math.sin(rot + i * 2 * math.pi / sides),
        )
        for i in range(sides)
    ]
    inner_r = radius * 0.55
    inner = [
        (
            c + inner_r * math.cos(rot + i * 2 * math.pi / sides) - radius * 0.08,
            c + inner_r * math.sin(rot + i * 2 * math.pi / sides) - radius * 0.08,
        )
        for i in range(sides)
    ]
    pygame.draw.polygon(layer, darken(base, 0.35), outer)
    # facets: each outer edge to the inner ring, shaded by the edge's direction
    for i in range(sides):
        a, b = outer[i], outer[(i + 1) % sides]
        ia, ib = inner[i], inner[(i + 1) % sides]
        mid_angle = rot + (i + 0.5) * 2 * math.pi / sides
        light = -math.cos(mid_angle - math.pi * 1.25)  # light from the top-left
        shade = lighten(base, 0.35 * light) if light > 0 else darken(base, -0.45 * light)
        pygame.draw.polygon(layer, shade, [a, b, ib, ia])
    pygame.draw.polygon(layer, lighten(base, 0.18), inner)
    hl = [(inner[k][0], inner[k][1]) for k in range(sides)]
    pygame.draw.polygon(
        layer,
        lighten(base, 0.55),
        [hl[sides // 2], hl[sides // 2 + 1], (c - radius * 0.1, c - radius * 0.1)],
    )
    pygame.draw.polygon(layer, outline or darken(base, 0.6), outer, 2)
    if glyph:
        draw_glyph(layer, glyph, (c, c), radius * 0.42, (12, 12, 20))
        draw_glyph(layer, glyph, (c, c), radius * 0.42, (245, 245, 255), 2)
    if alpha < 255:
        layer.set_alpha(alpha)
    surface.blit(layer, (cx - c, cy - c))


def theme_still(theme) -> bool:
    """The player asked for reduced motion (kept on the theme every screen holds)."""
    return getattr(theme, "reduced_motion", False)
