"""The board a phone draws in the four turn games (party/board.py): it is the position
the big screen shows, from the seat's own side, and every cell a legal move names is a
cell of it (so the phone can light and tap it)."""

import json
import re

import pytest

from game.registry import GAMES
from party.board import BOARD_FORMAT, board_view
from tests.test_hardening import real_match

TURN_GAMES = ["crystal-connector", "chromatic-collapse", "color-crossroads", "crystal-formation"]


@pytest.mark.parametrize("game", TURN_GAMES)
def test_the_board_is_the_position_and_names_every_cell_a_move_names(game):
    m = real_match(game, moves=8, seed=7)
    b = board_view(game, m.state, 0)
    assert b is not None and b["format"] == BOARD_FORMAT
    json.dumps(b)
    names = {c["name"].lower() for c in b["cells"]}
    assert len(names) == len(b["cells"])
    assert all(0 <= c["x"] < b["cols"] and 0 <= c["y"] < b["rows"] for c in b["cells"])
    # every token of a legal move that looks like a cell is one of the board's cells
    for move in m.state.legal_moves():
        for token in re.split(r"[\s\-]|(?<=\d)x(?=[a-z])", str(move)):
            if re.fullmatch(r"[A-Za-z]\d{1,2}", token):
                assert token.lower() in names, (move, token)
    # it changes with the position
    later = real_match(game, moves=14, seed=7)
    assert board_view(game, later.state, 0)["cells"] != b["cells"] or later.is_over()


def test_chromatic_collapse_is_seen_from_each_side():
    m = real_match("chromatic-collapse", moves=2, seed=3)
    assert board_view("chromatic-collapse", m.state, 0)["flip"] is False
    assert board_view("chromatic-collapse", m.state, 1)["flip"] is True
    pieces = [c for c in board_view("chromatic-collapse", m.state, 0)["cells"] if c["owner"] >= 0]
    assert {c["mark"] for c in pieces} == {"diamond", "circle"}
    assert len(pieces) == sum(len(m.state.pieces(s)) for s in (0, 1))


def test_a_turn_game_phone_view_carries_the_board():
    from game.match import Seat
    from tests.test_party import make_party

    for game in TURN_GAMES + ["element-shift"]:
        spec = GAMES[game]
        party = make_party(game, [Seat.phone()] * spec.default_players, seed=2)
        try:
            party.begin()
            view = party.table.view(0)
            if game == "element-shift":
                assert isinstance(view["board"], list)  # its own board of elements
            else:
                assert view["board"]["cells"] and view["board"]["format"] == BOARD_FORMAT
        finally:
            party.stop()
