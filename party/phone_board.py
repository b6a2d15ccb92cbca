"""The position drawn on a phone in the four turn games: ``board_view(game_id, state, seat)``,
each game's own drawing in ``party/phone_boards/<module>.py``; a game of secret plans
gives its board and plan editor data with ``plan_view`` there instead.

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


def cell(name: str, x: int, y: int, fill: str = "", owner: int = -1, mark: str = "") -> dict:
    return {"name": name, "x": x, "y": y, "fill": fill, "owner": owner, "mark": mark}


def board_view(game_id: str, state, seat: int) -> dict | None:
    """The position ``seat`` sees, or None for a game with no phone board: the game's
    own ``party/phone_boards/<module>.py`` draws it."""
    from game.registry import game_module

    maker = game_module("party.phone_boards", game_id, optional=True)
    draw = getattr(maker, "board_view", None)
    if draw is None:
        return None
    out = draw(state, seat)
    if out is not None:
        out.setdefault("format", BOARD_FORMAT)
    return out


def plan_view(game_id: str, state, seat: int, held) -> dict:
    """A game of secret plans (Element Shift): the board and ``seat``'s plan editor
    data, from the game's own ``party/phone_boards/<module>.py``; ``held`` is the plan
    the table holds for the seat's next round, or None."""
    from game.registry import game_module

    return game_module("party.phone_boards", game_id).plan_view(state, seat, held)
