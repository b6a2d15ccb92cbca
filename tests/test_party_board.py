"""The board a phone draws in the four turn games (party/phone_board.py): it is the position
the big screen shows, from the seat's own side, and every cell a legal move names is a
cell of it (so the phone can light and tap it)."""

import json
import re

import pytest

from game.registry import GAMES
from party.phone_board import BOARD_FORMAT, HEX_FORMAT, board_view
from tests.test_hardening import real_match

TURN_GAMES = ["crystal-connector", "chromatic-collapse", "color-crossroads", "crystal-formation"]


@pytest.mark.parametrize("game", TURN_GAMES)
def test_the_board_is_the_position_and_names_every_cell_a_move_names(game):
    m = real_match(game, moves=8, seed=7)
    b = board_view(game, m.state, 0)
    assert b is not None and b["format"] == BOARD_FORMAT and "shape" not in b
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
    from game.midend.match import Seat
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


def hex_match(players: int, moves: int, seed: int):
    """A Crystal Formation game on the hexagon after ``moves`` random actions."""
    import random

    from game.midend.match import Match, Seat
    from game.rules.contract import GameSetup

    spec = GAMES["crystal-formation"]
    p, options = spec.resolve_options(players)
    setup = GameSetup("crystal-formation", p, options, seed)
    m = Match(spec, setup, [Seat.person()] * p, setup.start(GAMES))
    rng = random.Random(seed)
    for _ in range(moves):
        if m.is_over():
            break
        m.submit(rng.choice(m.state.legal_moves()))
    return m


@pytest.mark.parametrize("players, moves, seed", [(5, 0, 1), (5, 12, 2), (6, 20, 3), (6, 45, 4)])
def test_the_hexagon_is_drawn_at_its_cells_centres_with_every_move_on_it(players, moves, seed):
    """Crystal Formation for 5-6 players: format 2, each cell at its own centre, no two
    cells on one spot (so a tap finds one cell), every cell a legal move names is on
    it, and the pieces are the position's."""
    from game.rules.crystal_formation import cell_name, cell_position

    m = hex_match(players, moves, seed)
    state = m.state
    assert state.board_kind == "hex"
    for seat in range(players):  # everyone sees the hexagon the big screen shows
        b = board_view("crystal-formation", state, seat)
        assert b["format"] == HEX_FORMAT and b["shape"] == "hex" and b["flip"] is False
        assert b == board_view("crystal-formation", state, 0)
    json.dumps(b)
    assert len(b["cells"]) == 91  # a hexagon of side 6
    centres = [(c["cx"], c["cy"]) for c in b["cells"]]
    for c in b["cells"]:
        want = cell_position("hex", (c["x"], c["y"]))
        assert (c["cx"], c["cy"]) == pytest.approx(want, abs=1e-3)
    closest = min(
        ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
        for i, (ax, ay) in enumerate(centres)
        for bx, by in centres[i + 1 :]
    )
    assert closest == pytest.approx(1.0, abs=1e-3)  # neighbours touch, none overlap
    names = {c["name"].lower() for c in b["cells"]}
    for move in state.legal_moves():
        for token in re.split(r"[\s\-]", str(move)):
            if re.fullmatch(r"[A-Za-z]\d{1,2}", token):
                assert token.lower() in names, (move, token)
    pieces = {c["name"].upper(): (c["owner"], c["mark"]) for c in b["cells"] if c["owner"] >= 0}
    assert len(pieces) == len(state.nodes())
    for node in state.nodes():
        assert pieces[cell_name(node.cell)] == (node.owner, node.pieces)


def test_the_square_crystal_formation_board_stays_a_grid():
    m = hex_match(4, 6, 5)
    b = board_view("crystal-formation", m.state, 0)
    assert b["format"] == BOARD_FORMAT and "shape" not in b
    assert not any("cx" in c for c in b["cells"])
