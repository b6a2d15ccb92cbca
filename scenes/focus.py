"""Where the arrow keys (a controller's d-pad) take the focus ring among on-screen
buttons: one rule for the menus (``MenuScene``) and the play screens' buttons.

Pure geometry over rectangles, so a test can lay buttons out in a grid and ask::

    >>> import pygame
    >>> grid = {(c, r): pygame.Rect(100 * c, 60 * r, 80, 44) for c in range(3) for r in range(2)}
    >>> nearest(grid[0, 0], [(k, r) for k, r in grid.items() if k != (0, 0)], 1, 0)
    (1, 0)
"""

from __future__ import annotations

from typing import Iterable, TypeVar

import pygame

K = TypeVar("K")


def nearest(
    here: pygame.Rect,
    targets: Iterable[tuple[K, pygame.Rect]],
    dx: int,
    dy: int,
    beside: bool = True,
    straight: bool = False,
) -> K | None:
    """The key of the target the focus moves to from ``here`` in the direction
    (``dx``, ``dy``) (one of them 0, the other -1 or 1), or None when nothing lies that
    way.  Targets in the same row (or column) come first, nearest first (of two as
    near, the first listed, or with ``straight`` the one more nearly straight ahead);
    only when there are none does a target off to the side count, by how far it is
    along and across, and only if ``beside`` (a strip of rows may keep Left and Right
    within a row).  ``targets`` should not include the one at ``here``."""
    best, best_score = None, None
    for key, r in targets:
        vx, vy = r.centerx - here.centerx, r.centery - here.centery
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        across = abs(vx * dy) + abs(vy * dx)
        in_line = (
            (r.top < here.bottom and here.top < r.bottom)
            if dx
            else (r.left < here.right and here.left < r.right)
        )
        if not in_line and not beside:
            continue
        score = (0, along, across if straight else 0) if in_line else (1, along + across, 0)
        if best_score is None or score < best_score:
            best, best_score = key, score
    return best


def wrap_around(targets: Iterable[tuple[K, pygame.Rect]], dx: int, dy: int) -> K:
    """Where the focus goes when nothing lies in the direction (``dx``, ``dy``): the
    target furthest the other way (Down from the bottom row goes to the top)."""
    return min(targets, key=lambda kr: kr[1].centery * dy + kr[1].centerx * dx)[0]
