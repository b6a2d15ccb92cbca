"""Crystal Connector on a phone: ``board_view(state, seat)`` in party/phone_board.py's format."""

from __future__ import annotations

from party.phone_board import cell


def board_view(state, seat: int) -> dict:
    from game.rules import crystal_connector as cc

    cells = []
    for i in range(cc.CELLS):
        p = state.board[i]
        x, y = i % cc.SIZE, i // cc.SIZE
        if p in cc.COLOURS:
            cells.append(cell(cc.cell_name(i), x, y, cc.COLOUR_NAMES[p]))
        elif isinstance(p, int) and 0 <= p < len(cc.PIECE_NAMES):
            cells.append(cell(cc.cell_name(i), x, y, "stone", mark=cc.PIECE_NAMES[p][:1].upper()))
        else:
            cells.append(cell(cc.cell_name(i), x, y))
    return {"cols": cc.SIZE, "rows": cc.SIZE, "flip": False, "cells": cells}
