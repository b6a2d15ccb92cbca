"""Where the tutorial points on Chromatic Collapse's board (scenes/tutorial.py asks the view package):
``lit_rect(view, name)``, the screen rectangle of cell ``name`` (raises ValueError,
IllegalMove or KeyError for a name that is no cell), and ``board_rects(view)``, the
rectangles whose union is the board the tutorial dims (never the panels)."""

from __future__ import annotations

from game.rules.chromatic_collapse import parse_cell

BOARD_CORNERS = ("b8", "g1", "a7", "h2")  # the board is a cross: its four arms' ends


def lit_rect(view, name: str):
    return view.square_rect(parse_cell(name))


def board_rects(view) -> list:
    return [lit_rect(view, name) for name in BOARD_CORNERS]
