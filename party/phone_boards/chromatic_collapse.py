"""Chromatic Collapse on a phone: ``board_view(state, seat)`` in party/phone_board.py's format."""

from __future__ import annotations

from party.phone_board import cell


def board_view(state, seat: int) -> dict:
    from game.rules import chromatic_collapse as ch

    cells = []
    for sq in range(ch.SIZE * ch.SIZE):
        x, y = ch.square_cell(sq)
        p = state.piece_at(sq)
        if p is None:
            cells.append(cell(ch.cell_name(sq), x, y))
        else:
            owner, colour = p
            mark = "diamond" if owner == 0 else "circle"
            cells.append(cell(ch.cell_name(sq), x, y, ch.COLOURS[colour], owner, mark))
    return {"cols": ch.SIZE, "rows": ch.SIZE, "flip": seat == 1, "cells": cells}
