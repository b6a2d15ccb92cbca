"""A QR code drawn with pygame (segno's module matrix): the address phones scan to
join a party or a race."""

from __future__ import annotations

import pygame


def qr_surface(text: str, size: int, dark=(12, 14, 30), light=(255, 255, 255)) -> pygame.Surface:
    """The QR code for ``text`` (drawn from segno's module matrix), ``size`` pixels square."""
    import segno

    rows = [list(r) for r in segno.make(text, error="m").matrix_iter(scale=1, border=4)]
    n = len(rows)
    scale = max(1, size // n)
    surf = pygame.Surface((n * scale, n * scale))
    surf.fill(light)
    for y, row in enumerate(rows):
        for x, on in enumerate(row):
            if on:
                surf.fill(dark, (x * scale, y * scale, scale, scale))
    return surf
