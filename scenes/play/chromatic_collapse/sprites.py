"""Chromatic Collapse's sprites (functions of their inputs, kept in the drawing kit's
cache): pieces, glows and shadows drawn supersampled, the board picture and its outline;
lines and arrows.
"""

from __future__ import annotations

import math
import random

import pygame

from game.rules.chromatic_collapse import CORNERS, square_cell
from scenes.widgets import cached, darken, draw_glyph, draw_text, lighten


def _fast(surf: pygame.Surface) -> pygame.Surface:
    """The display's pixel format blits fastest; without a display (thumbnails drawn
    before a window exists) keep the surface as it is."""
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha()


# -- sprites (in the drawing kit's cache; drawn supersampled, then smoothed down) ---------


def _shade(base: pygame.Color, light: float) -> pygame.Color:
    return lighten(base, 0.42 * light) if light > 0 else darken(base, -0.5 * light)


def _light(angle: float) -> float:
    """Light from the top-left: +1 facing it, -1 facing away."""
    return math.cos(angle - math.radians(225))


def piece_sprite(
    shape: str, colour, radius: int, glyph: str | None = None, dim: bool = False
) -> pygame.Surface:
    key = ("chromatic_collapse.piece", shape, tuple(pygame.Color(colour)), radius, glyph, dim)
    return cached(key, lambda: _piece(shape, colour, radius, glyph, dim))


def _piece(shape: str, colour, radius: int, glyph: str | None, dim: bool) -> pygame.Surface:
    ss = 3
    size = radius * 2 + 4
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    c = size * ss / 2
    r = radius * ss
    base = pygame.Color(colour)
    edge = darken(base, 0.62)
    if shape == "diamond":
        w, h = r * 0.93, r * 1.0
        outer = [(c, c - h), (c + w, c), (c, c + h), (c - w, c)]
        k = 0.46
        ox, oy = -r * 0.06, -r * 0.08
        inner = [(c + ox + (x - c) * k, c + oy + (y - c) * k) for x, y in outer]
        pygame.draw.polygon(big, edge, outer)
        for i in range(4):
            a, b = outer[i], outer[(i + 1) % 4]
            ia, ib = inner[i], inner[(i + 1) % 4]
            mid = math.atan2((a[1] + b[1]) / 2 - c, (a[0] + b[0]) / 2 - c)
            pygame.draw.polygon(big, _shade(base, _light(mid)), [a, b, ib, ia])
        pygame.draw.polygon(big, lighten(base, 0.16), inner)
        # a glint on the upper-left facet
        pygame.draw.polygon(
            big,
            lighten(base, 0.75),
            [
                (c - w * 0.55, c - h * 0.12),
                (c - w * 0.12, c - h * 0.58),
                (c - w * 0.05, c - h * 0.45),
                (c - w * 0.44, c - h * 0.05),
            ],
        )
        pygame.draw.polygon(big, edge, outer, max(2, ss * 2))
    else:
        n_out = 48
        ring = [
            (c + r * math.cos(2 * math.pi * i / n_out), c + r * math.sin(2 * math.pi * i / n_out))
            for i in range(n_out)
        ]
        pygame.draw.polygon(big, edge, ring)
        ri = r * 0.52
        ox, oy = -r * 0.06, -r * 0.07
        facets = 8
        inner = [
            (
                c + ox + ri * math.cos(2 * math.pi * (i + 0.5) / facets),
                c + oy + ri * math.sin(2 * math.pi * (i + 0.5) / facets),
            )
            for i in range(facets)
        ]
        per = n_out // facets
        for i in range(facets):
            arc = [ring[(i * per + j) % n_out] for j in range(per + 1)]
            # the arc runs from angle i/8 to (i+1)/8; inner vertices sit at half steps
            a0 = 2 * math.pi * i / facets
            mid = a0 + math.pi / facets
            pts = arc + [inner[i % facets], inner[(i - 1) % facets]]
            pygame.draw.polygon(big, _shade(base, _light(mid)), pts)
        pygame.draw.polygon(big, lighten(base, 0.16), inner)
        pygame.draw.ellipse(
            big, lighten(base, 0.78), pygame.Rect(c - r * 0.62, c - r * 0.66, r * 0.42, r * 0.24)
        )
        pygame.draw.circle(big, edge, (c, c), r, max(2, ss * 2))
    if glyph:
        g = radius * 0.46 * ss
        draw_glyph(big, glyph, (c + ox, c + oy), g, (12, 12, 20))
        draw_glyph(big, glyph, (c + ox, c + oy), g, (250, 250, 255), max(2, ss * 2))
    surf = pygame.transform.smoothscale(big, (size, size))
    if dim:
        # faded toward the board's colour, but opaque: links under it stay hidden
        surf.fill((140, 140, 150), special_flags=pygame.BLEND_RGB_MULT)
        surf.fill((12, 14, 32), special_flags=pygame.BLEND_RGB_ADD)
    return _fast(surf)


def glow_sprite(radius: int, colour, strength: int = 150) -> pygame.Surface:
    def make() -> pygame.Surface:
        surf = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
        col = pygame.Color(colour)
        steps = 14
        for i in range(steps):
            rr = radius * (1 - i / steps)
            a = min(255, int(strength * ((i + 1) / steps) ** 1.5 * 0.65))
            pygame.draw.circle(surf, (col.r, col.g, col.b, a), (radius, radius), rr)
        return _fast(surf)

    return cached(("chromatic_collapse.glow", radius, tuple(pygame.Color(colour)), strength), make)


def shadow_sprite(radius: int) -> pygame.Surface:
    def make() -> pygame.Surface:
        w, h = int(radius * 2.0), int(radius * 0.8)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(6):
            rect = pygame.Rect(0, 0, w * (1 - i * 0.12), h * (1 - i * 0.12))
            rect.center = (w // 2, h // 2)
            pygame.draw.ellipse(surf, (0, 0, 0, 28), rect)
        return _fast(surf)

    return cached(("chromatic_collapse.shadow", radius), make)


def board_surface(theme, cell: int, labels: bool = True) -> pygame.Surface:
    """The board without pieces: squares, the four cut corners, a bevelled frame and
    chess coordinates (files below, ranks on the left)."""
    return cached(("chromatic_collapse.board", cell, labels), lambda: _board(theme, cell, labels))


def _board(theme, cell: int, labels: bool) -> pygame.Surface:
    pad = 34 if labels else max(3, cell // 8)
    frame = max(3, cell // 9)
    n = cell * 8
    surf = pygame.Surface((n + 2 * pad, n + 2 * pad), pygame.SRCALPHA)
    ox = oy = pad

    def outline(grow: float) -> list[tuple[float, float]]:
        return board_outline(ox, oy, cell, grow)

    edge = theme["panel_edge"]
    pygame.draw.polygon(surf, darken(edge, 0.55), outline(frame + 2))
    pygame.draw.polygon(surf, lighten(edge, 0.05), outline(frame))
    pygame.draw.polygon(surf, darken(edge, 0.2), outline(frame * 0.45))
    light = pygame.Color("#27305c")
    dark = pygame.Color("#1a2046")
    for sq in range(64):
        if sq in CORNERS:
            continue
        col, row = square_cell(sq)
        rect = pygame.Rect(ox + col * cell, oy + row * cell, cell, cell)
        base = light if (col + row) % 2 == 0 else dark
        pygame.draw.rect(surf, base, rect)
        # a soft bevel per square: crystal tiles rather than flat paint
        if cell >= 24:
            pygame.draw.line(surf, lighten(base, 0.08), rect.topleft, (rect.right - 1, rect.top))
            pygame.draw.line(surf, lighten(base, 0.08), rect.topleft, (rect.left, rect.bottom - 1))
            pygame.draw.line(
                surf,
                darken(base, 0.25),
                (rect.left, rect.bottom - 1),
                (rect.right - 1, rect.bottom - 1),
            )
            pygame.draw.line(
                surf,
                darken(base, 0.25),
                (rect.right - 1, rect.top),
                (rect.right - 1, rect.bottom - 1),
            )
    # the cut corners: faint crystal dust where a square would be
    rng = random.Random(4)
    for sq in CORNERS:
        col, row = square_cell(sq)
        rect = pygame.Rect(ox + col * cell, oy + row * cell, cell, cell)
        for _ in range(max(2, cell // 8)):
            x = rect.x + rng.uniform(0.2, 0.8) * cell
            y = rect.y + rng.uniform(0.2, 0.8) * cell
            pygame.draw.circle(surf, (*darken(edge, 0.2)[:3], 140), (x, y), max(1, cell // 30))
    if labels:
        font = theme.font(17, "bold")
        for col in range(8):
            draw_text(
                surf,
                "abcdefgh"[col],
                font,
                theme["text_dim"],
                (ox + col * cell + cell / 2, oy + n + frame + 10),
                "center",
            )
        for row in range(8):
            draw_text(
                surf,
                str(8 - row),
                font,
                theme["text_dim"],
                (ox - frame - 13, oy + row * cell + cell / 2),
                "center",
            )
    return _fast(surf)


def board_outline(x: float, y: float, cell: int, grow: float) -> list[tuple[float, float]]:
    """The edge of a board at (x, y) with its four corner squares cut away, grown by
    ``grow`` pixels."""
    a, b, k = -grow, cell * 8 + grow, cell
    pts = [
        (a + k, a),
        (b - k, a),
        (b - k, a + k),
        (b, a + k),
        (b, b - k),
        (b - k, b - k),
        (b - k, b),
        (a + k, b),
        (a + k, b - k),
        (a, b - k),
        (a, a + k),
        (a + k, a + k),
    ]
    return [(x + px, y + py) for px, py in pts]


def draw_alpha_line(surface, colour, a, b, width: int, alpha: int) -> None:
    """A line with transparency, drawn through a small layer the size of its box."""
    x0, y0 = min(a[0], b[0]) - width, min(a[1], b[1]) - width
    w, h = abs(a[0] - b[0]) + 2 * width + 2, abs(a[1] - b[1]) + 2 * width + 2
    layer = pygame.Surface((int(w), int(h)), pygame.SRCALPHA)
    col = pygame.Color(colour)
    col.a = alpha
    pa, pb = (a[0] - x0, a[1] - y0), (b[0] - x0, b[1] - y0)
    pygame.draw.line(layer, col, pa, pb, width)
    pygame.draw.circle(layer, col, pa, width / 2)
    pygame.draw.circle(layer, col, pb, width / 2)
    surface.blit(layer, (x0, y0))


def draw_arrow(
    surface, colour, a, b, width: int = 8, alpha: int = 220, head: float = 20, shorten: float = 0.0
) -> None:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bx, by = bx - ux * shorten, by - uy * shorten
    tip = (bx, by)
    base = (bx - ux * head, by - uy * head)
    x0 = min(ax, bx) - head - width
    y0 = min(ay, by) - head - width
    w = abs(bx - ax) + 2 * (head + width) + 2
    h = abs(by - ay) + 2 * (head + width) + 2
    layer = pygame.Surface((int(w), int(h)), pygame.SRCALPHA)
    col = pygame.Color(colour)
    col.a = alpha

    def loc(p):
        return (p[0] - x0, p[1] - y0)

    pygame.draw.line(layer, col, loc((ax, ay)), loc(base), width)
    pygame.draw.circle(layer, col, loc((ax, ay)), width / 2)
    px, py = -uy, ux
    pts = [
        tip,
        (base[0] + px * head * 0.62, base[1] + py * head * 0.62),
        (base[0] - px * head * 0.62, base[1] - py * head * 0.62),
    ]
    pygame.draw.polygon(layer, col, [loc(p) for p in pts])
    surface.blit(layer, (x0, y0))
