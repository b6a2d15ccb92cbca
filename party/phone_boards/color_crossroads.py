"""Color Crossroads on a phone: ``board_view(state, seat)`` in party/phone_board.py's format."""

from __future__ import annotations

from party.phone_board import cell


def board_view(state, seat: int) -> dict:
    from game.rules import color_crossroads as cx

    cells = []
    for i in range(cx.CELLS):
        v = state.board[i]
        x, y = i % cx.SIZE, i // cx.SIZE
        if v == cx.WALL:
            fill = "wall"
        elif 0 < v <= len(cx.COLOURS):
            fill = cx.COLOURS[v - 1]
        else:
            fill = ""
        cells.append(cell(cx.cell_name(i), x, y, fill))
    return {"cols": cx.SIZE, "rows": cx.SIZE, "flip": False, "cells": cells}
