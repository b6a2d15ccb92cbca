"""Element Shift's screen geometry (board, banner strip, editor column), the element
colours and keys, the reveal's tick lengths, and the words for actions.
"""

from __future__ import annotations

from typing import Literal

import pygame

from game.rules.element_shift import KNIGHT_JUMPS, SIZE, STAY
from game.text.i18n import N_, _
from scenes.play.base import BOARD_AREA

# -- what the screen is doing ----------------------------------------------------------
# ElementShiftView.mode(): a hot-seat curtain, the round summary, a person choosing a start
# tile or a plan, waiting (for bots or other people), the reveal, or the end.  A Literal so
# that a misspelt mode in a comparison or a dispatch table is a type error.
Mode = Literal["curtain", "summary", "setup", "plan", "wait", "reveal", "over"]
ENTERING: frozenset[Mode] = frozenset({"setup", "plan"})  # a person enters a choice on the board
# What each of the editor's and curtain's buttons is called (``controls()`` names).
CONTROL_LABELS = {
    "reveal": N_("Reveal"),
    "continue": N_("Continue"),
    "start": N_("Start here"),
    "keep": N_("Keep"),
    "switch": N_("Switch"),
    "use_hint": N_("Use hint"),
    "undo_step": N_("Step back"),
    "clear": N_("Clear"),
    "submit": N_("Submit"),
}

# -- layout ---------------------------------------------------------------------------
CELL = 49
STRIP = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, BOARD_AREA.w, 68)  # the variation banner
BOARD = pygame.Rect(
    BOARD_AREA.x + 24, BOARD_AREA.bottom - 6 - CELL * SIZE, CELL * SIZE, CELL * SIZE
)
SIDE = pygame.Rect(
    BOARD.right + 14,
    STRIP.bottom + 6,
    BOARD_AREA.right - BOARD.right - 14,
    BOARD_AREA.bottom - STRIP.bottom - 6,
)

ELEMENT_KEYS = ("crystal_red", "crystal_blue", "crystal_green")
ELEMENT_GLYPHS = ("flame", "drop", "leaf")
RAY_ARROWS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
ARROW_KEYS = {
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
}
KEY_DIRECTION = {pygame.K_UP: "N", pygame.K_RIGHT: "E", pygame.K_DOWN: "S", pygame.K_LEFT: "W"}

# reveal timeline (ticks at animation speed 1)
INTRO_TICKS, MOVE_TICKS, FLIP_TICKS, HOLD_TICKS = 30, 30, 26, 24
SETUP_REVEAL_TICKS = 84


def element_colour(theme, element: int) -> pygame.Color:
    return theme[ELEMENT_KEYS[element]]


def cell_rect(cell: int, board: pygame.Rect = BOARD, size: int = CELL) -> pygame.Rect:
    return pygame.Rect(board.x + (cell % SIZE) * size, board.y + (cell // SIZE) * size, size, size)


def cell_center(cell: int) -> tuple[float, float]:
    return (BOARD.x + (cell % SIZE) * CELL + CELL / 2, BOARD.y + (cell // SIZE) * CELL + CELL / 2)


def cell_at(pos) -> int | None:
    x, y = pos
    if not BOARD.collidepoint(x, y):
        return None
    return ((y - BOARD.y) // CELL) * SIZE + (x - BOARD.x) // CELL


def action_words(token: str) -> str:
    names = {
        "U": _("up"),
        "D": _("down"),
        "L": _("left"),
        "R": _("right"),
        STAY: _("stay"),
        "UL": _("up-left"),
        "UR": _("up-right"),
        "DL": _("down-left"),
        "DR": _("down-right"),
    }
    if token.startswith("ray "):
        rays = {"N": _("ray north"), "E": _("ray east"), "S": _("ray south"), "W": _("ray west")}
        return rays[token[4:]]
    if token in KNIGHT_JUMPS:
        return _("jump {jump}").format(jump=token)
    return names.get(token, token)
