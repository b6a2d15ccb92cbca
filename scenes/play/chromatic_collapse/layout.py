"""Chromatic Collapse's screen geometry: the board, the cards beside it, the prompt strip
and setup buttons, the colour keys and each side's tint.
"""

from __future__ import annotations

import pygame

from game.rules.chromatic_collapse import COLOURS, DIAMOND, SEAT_NAMES, SUDDEN_DEATH_TURN
from game.text.i18n import N_, _
from scenes.play.base import BOARD_AREA
from scenes.widgets import lighten

SIDE_NAMES = (N_("Diamond"), N_("Circle"))


def side_name(seat: int) -> str:
    """Diamond or Circle in the current language (the engine's ``SEAT_NAMES`` stay the
    notation's words)."""
    return _(SIDE_NAMES[seat]) if 0 <= seat < len(SIDE_NAMES) else SEAT_NAMES[seat]


# -- geometry ---------------------------------------------------------------------------
CELL = 66  # well above the 44 px touch minimum
BOARD_PX = CELL * 8
BX = BOARD_AREA.x + (BOARD_AREA.w - BOARD_PX) // 2  # 176
BY = BOARD_AREA.y + 8  # 78
BOARD_RECT = pygame.Rect(BX, BY, BOARD_PX, BOARD_PX)
LEFT_CARD = pygame.Rect(BOARD_AREA.x, BY, BX - 30 - BOARD_AREA.x, BOARD_PX)
RIGHT_CARD = pygame.Rect(
    BOARD_RECT.right + 14, BY, BOARD_AREA.right - BOARD_RECT.right - 14, BOARD_PX
)
PROMPT_TOP = BOARD_RECT.bottom + 32  # the message strip under the file letters
SETUP_W, SETUP_H = 220, 150

COLOUR_KEYS = tuple(f"crystal_{c}" for c in COLOURS)
SIDE_SHAPES = ("diamond", "circle")
WARNING_TURN = SUDDEN_DEATH_TURN - 5  # the sudden-death warning shows from turn 45


def side_colour(theme, seat: int) -> pygame.Color:
    """Each side's own tint (links, icons, log): silver for Diamond, violet for Circle,
    chosen to clash with none of the four piece colours."""
    return pygame.Color("#e9ecff") if seat == DIAMOND else lighten(theme["crystal_purple"], 0.1)
