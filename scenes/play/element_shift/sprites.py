"""Element Shift's sprites (tiles, the board picture, element icons and seat tokens,
kept in the drawing kit's cache) and where tokens sharing a cell stand.
"""

from __future__ import annotations

import pygame

from game.rules.element_shift import CELLS, SIZE
from scenes.widgets import cached, darken, draw_gem, draw_glyph, draw_text, lighten

from .layout import CELL, ELEMENT_GLYPHS, ELEMENT_KEYS, cell_center, element_colour

# -- sprites, kept in the drawing kit's one cache ----------------------------------------


def tile_sprite(theme, element: int, size: int, glyph: bool) -> pygame.Surface:
    def make():
        base = darken(element_colour(theme, element), 0.34)
        s = pygame.Surface((size, size))
        s.fill(base)
        if size >= 16:
            pygame.draw.line(s, lighten(base, 0.12), (0, 0), (size - 1, 0))
            pygame.draw.line(s, lighten(base, 0.12), (0, 0), (0, size - 1))
            pygame.draw.line(s, darken(base, 0.25), (0, size - 1), (size - 1, size - 1))
            pygame.draw.line(s, darken(base, 0.25), (size - 1, 0), (size - 1, size - 1))
        if glyph and size >= 9:
            draw_glyph(
                s, ELEMENT_GLYPHS[element], (size / 2, size / 2), size * 0.3, darken(base, 0.45)
            )
            draw_glyph(
                s,
                ELEMENT_GLYPHS[element],
                (size / 2, size / 2),
                size * 0.3,
                lighten(base, 0.45),
                1 if size < 30 else 2,
            )
        elif size >= 24:
            # a faint crystal facet, so a tile reads as a crystal and not a flat square
            r = size * 0.17
            cx = cy = size / 2
            pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
            pygame.draw.polygon(s, lighten(base, 0.1), pts)
            pygame.draw.polygon(s, lighten(base, 0.22), [pts[0], pts[1], (cx, cy)])
            pygame.draw.polygon(s, darken(base, 0.12), [pts[2], pts[3], (cx, cy)])
        return s

    return cached(
        ("element_shift.tile", element, size, glyph, tuple(theme[ELEMENT_KEYS[element]])), make
    )


def render_board(theme, board, size: int, glyph: bool) -> pygame.Surface:
    """The tiles with region edges drawn strong, so regions read at a glance."""

    def make():
        s = pygame.Surface((size * SIZE, size * SIZE))
        for c in range(CELLS):
            s.blit(
                tile_sprite(theme, board[c], size, glyph), ((c % SIZE) * size, (c // SIZE) * size)
            )
        edge = theme["background"]
        w = 3 if size >= 24 else 1
        for c in range(CELLS):
            x, y = (c % SIZE) * size, (c // SIZE) * size
            if c % SIZE < SIZE - 1 and board[c + 1] != board[c]:
                pygame.draw.line(s, edge, (x + size - 1, y), (x + size - 1, y + size - 1), w)
            if c // SIZE < SIZE - 1 and board[c + SIZE] != board[c]:
                pygame.draw.line(s, edge, (x, y + size - 1), (x + size - 1, y + size - 1), w)
        return s

    return cached(("element_shift.board", tuple(board), size, glyph), make)


def element_icon(surface, theme, element: int, center, radius: float, glyph: bool = True) -> None:
    """A small crystal of the element with its glyph (a cached sprite)."""
    size = int(radius * 2 + 6)

    def make():
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_gem(
            s,
            (size / 2, size / 2),
            radius,
            element_colour(theme, element),
            glyph=ELEMENT_GLYPHS[element] if glyph else None,
        )
        return s

    spr = cached(
        ("element_shift.icon", element, radius, glyph, tuple(element_colour(theme, element))), make
    )
    surface.blit(spr, (round(center[0] - size / 2), round(center[1] - size / 2)))


def token_sprite(theme, seat: int, element: int, radius: int, glyph: bool) -> pygame.Surface:
    """A player token: the seat's colour and number, with a badge of its element."""

    def make():
        colour = theme.player_colours[seat % len(theme.player_colours)]
        br = max(4, int(radius * 0.5))
        size = 2 * radius + br + 6
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        c = radius + 2
        pygame.draw.circle(s, (0, 0, 0, 110), (c + 1, c + 3), radius)
        pygame.draw.circle(s, darken(colour, 0.55), (c, c), radius)
        pygame.draw.circle(s, colour, (c, c), radius - 2)
        pygame.draw.circle(
            s, lighten(colour, 0.45), (c - radius * 0.3, c - radius * 0.3), max(2, radius * 0.3)
        )
        pygame.draw.circle(s, colour, (c, c), radius * 0.62)
        pygame.draw.circle(s, (250, 250, 255), (c, c), radius, 1 if radius < 10 else 2)
        lum = 0.3 * colour.r + 0.59 * colour.g + 0.11 * colour.b
        ink = (15, 15, 30) if lum > 140 else (250, 250, 255)
        font = theme.font(max(9, int(radius * 1.05)), "bold")
        draw_text(s, str(seat + 1), font, ink, (c, c + 1), "center")
        # the element badge at the lower right
        bx = by = c + radius * 0.72
        el = element_colour(theme, element)
        pygame.draw.circle(s, (12, 12, 22), (bx, by), br + 1)
        pygame.draw.circle(s, el, (bx, by), br)
        pygame.draw.circle(s, lighten(el, 0.5), (bx, by), br, 1)
        if glyph and br >= 6:
            draw_glyph(s, ELEMENT_GLYPHS[element], (bx, by), br * 0.62, (12, 12, 22))
        return s

    return cached(("element_shift.token", seat, element, radius, glyph), make)


def blit_token(
    surface, theme, seat: int, element: int, center, radius: int, glyph: bool, alpha: int = 255
) -> None:
    spr = token_sprite(theme, seat, element, radius, glyph)
    c = radius + 2
    if alpha < 255:
        spr = spr.copy()
        spr.set_alpha(alpha)
    surface.blit(spr, (round(center[0] - c), round(center[1] - c)))


def fan(n: int, size: int = CELL) -> tuple[list[tuple[float, float]], int]:
    """Offsets and token radius for ``n`` tokens sharing a tile (they fan out)."""
    if n <= 1:
        return [(0.0, 0.0)], int(size * 0.31)
    if n == 2:
        return [(-0.2 * size, 0.0), (0.2 * size, 0.0)], int(size * 0.22)
    if n <= 4:
        pts = [(-0.2, -0.2), (0.2, -0.2), (-0.2, 0.2), (0.2, 0.2)][:n]
        return [(x * size, y * size) for x, y in pts], int(size * 0.2)
    if n <= 6:
        pts = [(x, y) for y in (-0.19, 0.19) for x in (-0.28, 0.0, 0.28)][:n]
        return [(x * size, y * size) for x, y in pts], int(size * 0.16)
    pts = [(x, y) for y in (-0.29, 0.0, 0.29) for x in (-0.32, -0.107, 0.107, 0.32)][:n]
    return [(x * size, y * size) for x, y in pts], int(size * 0.13)


def token_layout(positions) -> dict[int, tuple[float, float, int]]:
    """seat -> (x, y, radius) for every placed token, stacks fanned out."""
    by_cell: dict[int, list[int]] = {}
    for seat, cell in enumerate(positions):
        if cell >= 0:
            by_cell.setdefault(cell, []).append(seat)
    out = {}
    for cell, seats in by_cell.items():
        offsets, radius = fan(len(seats))
        cx, cy = cell_center(cell)
        for seat, (dx, dy) in zip(seats, offsets, strict=True):
            out[seat] = (cx + dx, cy + dy, radius)
    return out
