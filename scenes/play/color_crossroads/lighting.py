"""Where the tutorial points on Color Crossroads's board (scenes/tutorial.py asks the view package):
``lit_rect(view, name)``, the screen rectangle of cell ``name`` (raises ValueError,
IllegalMove or KeyError for a name that is no cell), and ``board_rects(view)``, the
rectangles whose union is the board the tutorial dims (never the panels)."""

from __future__ import annotations

from game.rules.color_crossroads import parse_cell

from .layout import cell_rect

BOARD_CORNERS = ("A1", "I9")


def lit_rect(view, name: str):
    return cell_rect(parse_cell(name))


def board_rects(view) -> list:
    return [lit_rect(view, name) for name in BOARD_CORNERS]
