"""The engine contract over every game in GAMES, plus the test game (Nim)."""

import pytest

from game.core import GameSetup, IllegalMove
from game.registry import GAMES
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
