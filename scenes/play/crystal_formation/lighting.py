"""Where the tutorial points on Crystal Formation's board (scenes/tutorial.py asks the view package):
``lit_rect(view, name)``, the screen rectangle of cell ``name`` (raises ValueError,
IllegalMove or KeyError for a name that is no cell), and ``board_rects(view)``, the
rectangles whose union is the board the tutorial dims (never the panels)."""

from __future__ import annotations


def lit_rect(view, name: str):
    return view.geom.rect(view.match.state.geo.parse_cell(name))


def board_rects(view) -> list:
    """Every cell's (the board is a square or a hexagon of any size)."""
    return [view.geom.rect(c) for c in view.match.state.cells()]
