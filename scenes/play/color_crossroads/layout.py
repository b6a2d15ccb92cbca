"""Color Crossroads' screen geometry and words: the board, the column beside it, the
swatches, buttons and pair rows, where a cell is, walks between cells and the colour
keys.
"""

from __future__ import annotations

import pygame

from game.rules.color_crossroads import COLOURS, PAIR_NAMES, SIZE
from scenes.play.base import BOARD_AREA, PANEL
from scenes.play.words import colour_name

CELL = 64
BOARD = pygame.Rect(44, 98, CELL * SIZE, CELL * SIZE)  # 44..620 x 98..674
BG_RECT = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, BOARD.right + 12 - BOARD_AREA.x, BOARD_AREA.h)
COLUMN = pygame.Rect(BOARD.right + 18, BOARD.y - 2, BOARD_AREA.right - BOARD.right - 22, 608)
GEM_R = 25
SWATCH_H, SWATCH_GAP = 58, 8
PAIR_TOP = 126  # first pair row in the side panel
PAIR_ROW_H, PAIR_GAP = 46, 4
CHALLENGE_W = 132
ANSWER_SECONDS = 120.0
KEY_COLOURS = {
    pygame.K_1: 0,
    pygame.K_2: 1,
    pygame.K_3: 2,
    pygame.K_4: 3,
    pygame.K_KP1: 0,
    pygame.K_KP2: 1,
    pygame.K_KP3: 2,
    pygame.K_KP4: 3,
}
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


def colour_of(theme, c: int) -> pygame.Color:
    return theme[f"crystal_{COLOURS[c]}"]


def pair_text(p: int) -> str:
    """A pair's name as a player reads it: ``red-green``, German ``Rot-Grün``."""
    return "-".join(colour_name(c) for c in PAIR_NAMES[p].split("-"))


def cell_rect(i: int) -> pygame.Rect:
    r, c = divmod(i, SIZE)
    return pygame.Rect(BOARD.x + c * CELL, BOARD.y + r * CELL, CELL, CELL)


def cell_center(i: int) -> tuple[int, int]:
    r, c = divmod(i, SIZE)
    return BOARD.x + c * CELL + CELL // 2, BOARD.y + r * CELL + CELL // 2


def cell_at(pos) -> int | None:
    if pos is None or not BOARD.collidepoint(pos):
        return None
    c = (pos[0] - BOARD.x) // CELL
    r = (pos[1] - BOARD.y) // CELL
    return int(r * SIZE + c)


def adjacent(a: int, b: int) -> bool:
    ar, ac = divmod(a, SIZE)
    br, bc = divmod(b, SIZE)
    return abs(ar - br) + abs(ac - bc) == 1


def swatch_rect(c: int) -> pygame.Rect:
    return pygame.Rect(COLUMN.x, COLUMN.y + 28 + c * (SWATCH_H + SWATCH_GAP), COLUMN.w, SWATCH_H)


ACTION_RECT = pygame.Rect(COLUMN.x, swatch_rect(3).bottom + 16, COLUMN.w, 52)
SUBMIT_RECT = pygame.Rect(COLUMN.x, COLUMN.y + 318, COLUMN.w, 54)
CLEAR_RECT = pygame.Rect(COLUMN.x, SUBMIT_RECT.bottom + 10, (COLUMN.w - 10) // 2, 48)
CONCEDE_RECT = pygame.Rect(CLEAR_RECT.right + 10, CLEAR_RECT.y, COLUMN.w - CLEAR_RECT.w - 10, 48)
RING_CENTER = (COLUMN.centerx, COLUMN.y + 150)
RING_R = 66


def start_rects() -> list[pygame.Rect]:
    w, h, gap = 220, 64, 20
    x0 = BOARD.centerx - w - gap // 2
    y = BOARD.centery + 6
    return [pygame.Rect(x0, y, w, h), pygame.Rect(x0 + w + gap, y, w, h)]


def pair_row_rect(p: int) -> pygame.Rect:
    return pygame.Rect(
        PANEL.x + 10, PAIR_TOP + p * (PAIR_ROW_H + PAIR_GAP), PANEL.w - 20, PAIR_ROW_H
    )


def challenge_rect(p: int) -> pygame.Rect:
    row = pair_row_rect(p)
    return pygame.Rect(row.right - CHALLENGE_W, row.y, CHALLENGE_W, row.h)
