"""Crystal Connector's screen geometry: the board, its handles, the side column and the
setup column, and where a cell or a handle is.
"""

from __future__ import annotations

import pygame

from game.rules.crystal_connector import LINES, SIZE, line_kind
from game.text.i18n import N_
from scenes.play.base import BOARD_AREA
from scenes.widgets import clear_pitch

# The shift arithmetic is the board input's (ui.py, no pygame); drawing uses it too.
from .ui import DIR_SIGN, _dir_for, signed  # noqa: F401

# -- layout (logical 1280x720; the board lives inside BOARD_AREA = (16, 70, 848, 634)) ----
CELL = 78
HANDLE = 44  # handle thickness (touch target)
GAP = 4
BOARD = pygame.Rect(
    BOARD_AREA.x + GAP + HANDLE + GAP, BOARD_AREA.y + 2 + HANDLE + GAP, CELL * SIZE, CELL * SIZE
)
SIDE = pygame.Rect(
    BOARD.right + GAP + HANDLE + 12, BOARD_AREA.y + 2, 0, BOARD.h + 2 * (HANDLE + GAP)
)
SIDE.w = BOARD_AREA.right - SIDE.x - 4
SETUP = pygame.Rect(BOARD.right + 20, SIDE.y, BOARD_AREA.right - BOARD.right - 24, SIDE.h)


def explain_step(theme) -> int:
    """From one line of the setup card's explanation to the next (16 px regular)."""
    return max(theme.pitch(20), clear_pitch(theme.font(16, "regular")))


def question_top(theme) -> int:
    """Where the setup card's question starts: under the chooser's name, whose line
    grows with the text size."""
    return SETUP.y + 16 + theme.pitch(26)


CHIP = 44
# What the column's buttons say (when nothing more particular applies).
BUTTON_LABELS = {
    "confirm": N_("Confirm turn"),
    "takeback": N_("Take back"),
    "convert": N_("Convert a crystal"),
    "cancel": N_("Cancel the shift"),
}
COLOUR_KEYS = ("crystal_red", "crystal_blue", "crystal_green", "crystal_yellow")
SEAT_HUES = (4, 5)  # purple and orange: seat colours never look like crystals
POPUP_TICKS = 84


def cell_rect(i: int) -> pygame.Rect:
    r, c = divmod(i, SIZE)
    return pygame.Rect(BOARD.x + c * CELL, BOARD.y + r * CELL, CELL, CELL)


def cell_at(pos) -> int | None:
    x, y = pos
    if not BOARD.collidepoint(x, y):
        return None
    return ((y - BOARD.y) // CELL) * SIZE + (x - BOARD.x) // CELL


def handle_rect(line: str, direction: str) -> pygame.Rect:
    """The arrow handle that moves ``line`` one more space ``direction``."""
    k = LINES.index(line)
    if line_kind(line) == "column":
        x = BOARD.x + k * CELL + 3
        y = BOARD.y - GAP - HANDLE if direction == "up" else BOARD.bottom + GAP
        return pygame.Rect(x, y, CELL - 6, HANDLE)
    r = k - SIZE
    x = BOARD.x - GAP - HANDLE if direction == "left" else BOARD.right + GAP
    return pygame.Rect(x, BOARD.y + r * CELL + 3, HANDLE, CELL - 6)


HANDLES = [
    (line, d) for line in LINES for d in (("up", "down") if line.isalpha() else ("left", "right"))
]
