"""The position drawn on a phone in the four turn games: ``board_view(state, seat)``.

A small, game-neutral picture of the board (format 1, docs/party.md): a grid of named
cells, each with a colour, a wall, or a piece (its owner seat and a short mark), and
whether the seat sees the board turned round (Chromatic Collapse's Circle plays from
the far side).  It holds only what the big screen shows everyone; the phone draws it
on a canvas and makes the cells the legal moves name tappable.

Crystal Formation's hexagon (5-6 players) is format 2: the same cells, plus
``shape: "hex"`` and each cell's drawing centre ``cx``, ``cy`` (in units of the distance
between neighbouring centres, as ``crystal_formation.cell_position`` gives them).  A new
number, because a page that knows only grids would draw a hexagon as a square.
"""

from __future__ import annotations

BOARD_FORMAT = 1
HEX_FORMAT = 2  # cells drawn at their own centres (docs/party.md)


def _cell(name: str, x: int, y: int, fill: str = "", owner: int = -1, mark: str = "") -> dict:
    return {"name": name, "x": x, "y": y, "fill": fill, "owner": owner, "mark": mark}


def board_view(game_id: str, state, seat: int) -> dict | None:
    maker = _MAKERS.get(game_id)
    if maker is None:
        return None
    out = maker(state, seat)
    if out is not None:
        out.setdefault("format", BOARD_FORMAT)
    return out


def _crystal_connector(state, seat: int) -> dict:
    from game.rules import crystal_connector as cc

    cells = []
    for i in range(cc.CELLS):
        p = state.board[i]
        x, y = i % cc.SIZE, i // cc.SIZE
        if p in cc.COLOURS:
            cells.append(_cell(cc.cell_name(i), x, y, cc.COLOUR_NAMES[p]))
        elif isinstance(p, int) and 0 <= p < len(cc.PIECE_NAMES):
            cells.append(_cell(cc.cell_name(i), x, y, "stone", mark=cc.PIECE_NAMES[p][:1].upper()))
        else:
            cells.append(_cell(cc.cell_name(i), x, y))
    return {"cols": cc.SIZE, "rows": cc.SIZE, "flip": False, "cells": cells}


def _chromatic_collapse(state, seat: int) -> dict:
    from game.rules import chromatic_collapse as ch

    cells = []
    for sq in range(ch.SIZE * ch.SIZE):
        x, y = ch.square_cell(sq)
        p = state.piece_at(sq)
        if p is None:
            cells.append(_cell(ch.cell_name(sq), x, y))
        else:
            owner, colour = p
            mark = "diamond" if owner == 0 else "circle"
            cells.append(_cell(ch.cell_name(sq), x, y, ch.COLOURS[colour], owner, mark))
    return {"cols": ch.SIZE, "rows": ch.SIZE, "flip": seat == 1, "cells": cells}


def _color_crossroads(state, seat: int) -> dict:
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
        cells.append(_cell(cx.cell_name(i), x, y, fill))
    return {"cols": cx.SIZE, "rows": cx.SIZE, "flip": False, "cells": cells}


def _crystal_formation(state, seat: int) -> dict:
    from game.rules.crystal_formation import cell_position, pieces_text

    geo = state.geo
    hexagon = state.board_kind == "hex"
    cells = []
    for i, (x, y) in enumerate(geo.cells):
        v = state.board[i]
        owner, mark = (v >> 3, pieces_text(v & 7)) if v else (-1, "")
        cell = _cell(geo.cell_name(i), x, y, "", owner, mark)
        if hexagon:
            cx, cy = cell_position("hex", (x, y))
            cell["cx"], cell["cy"] = round(cx, 4), round(cy, 4)
        cells.append(cell)
    out = {"cols": geo.width, "rows": geo.height, "flip": False, "cells": cells}
    if hexagon:
        # Everyone sees the hexagon the big screen shows (no seat plays from a far side).
        out.update(format=HEX_FORMAT, shape="hex")
    return out


_MAKERS = {
    "crystal-connector": _crystal_connector,
    "chromatic-collapse": _chromatic_collapse,
    "color-crossroads": _color_crossroads,
    "crystal-formation": _crystal_formation,
}
