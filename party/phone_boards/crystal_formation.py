"""Crystal Formation on a phone: ``board_view(state, seat)`` in party/phone_board.py's format."""

from __future__ import annotations

from party.phone_board import HEX_FORMAT, cell


def board_view(state, seat: int) -> dict:
    from game.rules.crystal_formation import cell_position, pieces_text

    geo = state.geo
    hexagon = state.board_kind == "hex"
    cells = []
    for i, (x, y) in enumerate(geo.cells):
        v = state.board[i]
        owner, mark = (v >> 3, pieces_text(v & 7)) if v else (-1, "")
        place = cell(geo.cell_name(i), x, y, "", owner, mark)
        if hexagon:
            cx, cy = cell_position("hex", (x, y))
            place["cx"], place["cy"] = round(cx, 4), round(cy, 4)
        cells.append(place)
    out = {"cols": geo.width, "rows": geo.height, "flip": False, "cells": cells}
    if hexagon:
        # Everyone sees the hexagon the big screen shows (no seat plays from a far side).
        out.update(format=HEX_FORMAT, shape="hex")
    return out
