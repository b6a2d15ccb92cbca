"""The engine contract over every game in GAMES, plus the test game (Nim)."""

import dataclasses
import random

import pytest

from game.registry import GAMES
from game.rules.contract import GameSetup, IllegalMove, determinise, seat_view
from tests import nim_game
from tests.contract import illegal_text_checks, random_playout_checks

SPECS = {**GAMES, "nim": nim_game.SPEC}


def test_all_five_games_are_registered():
    assert list(GAMES) == [
        "crystal-connector",
        "chromatic-collapse",
        "element-shift",
        "crystal-formation",
        "color-crossroads",
    ]


@pytest.mark.parametrize("game_id", list(SPECS))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts_follow_the_contract(game_id, seed):
    spec = SPECS[game_id]
    # Long games are checked fully on a sample of their actions; every action is
    # still applied and the bound is still enforced.
    random_playout_checks(spec, seed, check_every=1 if game_id == "nim" else 7)


@pytest.mark.parametrize("game_id", list(SPECS))
def test_junk_text_is_refused_with_illegal_move(game_id):
    illegal_text_checks(SPECS[game_id])


@pytest.mark.parametrize("game_id", list(SPECS))
def test_same_seed_same_start_and_game_id_round_trip(game_id):
    spec = SPECS[game_id]
    a = spec.new_game(seed=99)
    b = spec.new_game(seed=99)
    assert a.to_json() == b.to_json()
    setup = GameSetup(game_id, spec.default_players, spec.resolve_options()[1], 99)
    again = GameSetup.parse(setup.text(spec), SPECS)
    assert again == setup
    assert again.start(SPECS).to_json() == a.to_json()


@pytest.mark.parametrize("game_id", list(SPECS))
def test_every_game_declares_its_bots_and_card(game_id):
    spec = SPECS[game_id]
    for level in ("random", "easy", "medium", "hard"):
        bot = spec.make_bot(level)
        assert hasattr(bot, "choose")
    if game_id != "nim":
        from importlib import resources

        card = (resources.files("seeds") / spec.rules_card).read_text(encoding="utf-8")
        assert card.lstrip().startswith("#") and len(card) > 800


def test_nim_illegal_move_reason_is_readable():
    s = nim_game.NimState((2, 5), 2)
    with pytest.raises(IllegalMove, match="heap A has only 2"):
        s.apply(nim_game.Take(0, 3))


# One notation pair in every engine: ``cell_name`` turns a cell into the text a player
# reads and types, ``parse_cell`` turns that text back.
_CELL_COUNTS = {
    "crystal-connector": "game.rules.crystal_connector",
    "chromatic-collapse": "game.rules.chromatic_collapse",
    "element-shift": "game.rules.element_shift",
    "color-crossroads": "game.rules.color_crossroads",
}


@pytest.mark.parametrize("game_id", list(_CELL_COUNTS))
def test_every_engine_names_cells_with_one_pair(game_id):
    import importlib

    engine = importlib.import_module(_CELL_COUNTS[game_id])
    assert not hasattr(engine, "label") and not hasattr(engine, "square_name")
    missing = getattr(engine, "CORNERS", ()) if game_id == "chromatic-collapse" else ()
    for cell in range(engine.SIZE * engine.SIZE):
        name = engine.cell_name(cell)
        if cell in missing:  # the board's cut corners have a name but hold nothing
            with pytest.raises(IllegalMove):
                engine.parse_cell(name)
            continue
        assert engine.parse_cell(name) == cell
        assert engine.parse_cell(name.lower()) == cell


@pytest.mark.parametrize("kind", ["square", "hex"])
def test_crystal_formation_boards_name_cells_with_the_same_pair(kind):
    from game.rules.crystal_formation import geometry

    geo = geometry(kind)
    for i, cell in enumerate(geo.cells):
        assert geo.parse_cell(geo.cell_name(i)) == cell


def _random_moves(state, rng: random.Random, actions: int):
    for _ in range(actions):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
    return state


@pytest.mark.parametrize("game_id", list(SPECS))
def test_determinise_hides_nothing_and_stays_legal(game_id):
    """``determinise(state, seat, rng)`` (what the reference searchers play on) is a
    full state that depends only on what ``seat`` may see: its own choice kept, legal
    guesses for the others' secrets, and it plays on to the end."""
    spec = SPECS[game_id]
    start = spec.new_game(seed=5)
    if not hasattr(start, "determinise"):
        state = _random_moves(start, random.Random(5), 9)
        assert determinise(state, state.current_player(), random.Random(1)) is state
        return
    # Element Shift: five seats have chosen in setup (start tiles), then in round 1
    # (plans); seat 2 looks.
    n = start.num_players
    for actions in (5, n + 5):
        state = _random_moves(start, random.Random(5), actions)
        looker = 2
        # the same game with other secrets for every seat but the looker's
        rng = random.Random(99)
        pending = list(state.pending)
        for s, p in enumerate(pending):
            if p is not None and s != looker:
                while pending[s] == p:
                    moves = _moves_of(state, s)
                    pending[s] = moves[rng.randrange(len(moves))]
        other = dataclasses.replace(state, pending=tuple(pending))
        assert other != state and seat_view(other, looker) == seat_view(state, looker)
        a = determinise(state, looker, random.Random(7))
        assert a == determinise(other, looker, random.Random(7))  # the secrets are not read
        assert a.pending[looker] == state.pending[looker]
        assert a != state  # the others' choices are guesses (seeded), not the real ones
        for s, p in enumerate(a.pending):
            assert (p is None) == (state.pending[s] is None)
            if p is not None:
                assert a.why_illegal(p, s) is None
        end = _random_moves(a, random.Random(3), 10_000)
        assert end.is_terminal() and len(end.returns()) == n


def _moves_of(state, seat: int):
    """The legal choices of ``seat`` in this phase (as if it were to move)."""
    view = dataclasses.replace(
        state, pending=tuple(None if s == seat else "x" for s in range(state.num_players))
    )
    return view.legal_moves()
