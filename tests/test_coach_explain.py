"""The coach's sentences for a marked action: every one is checked against the
engine's state after the action played and after the better move (numbers, colours,
pairs read back from the sentence), on positions of real bot games; the German
sentence carries the same numbers.  The hint's sentence (what its one action does) is
read back the same way against the position before the action and after it.  Also: the calibration's band curves read a
position and its mirror as mirrored chances."""

import random
import re

import pytest

from game.ai.base import Budget
from game.analysis import calibration
from game.analysis.explain import explain_hint, facts, hint_facts
from game.registry import GAMES
from game.text import i18n


def _game(game_id: str, seed: int, actions: int):
    """Easy against Medium, node budgets (the same positions on every machine); at
    every action Medium's choice stands for the better move."""
    spec = GAMES[game_id]
    state = spec.new_game(seed, 2)
    bots = [spec.make_bot("easy"), spec.make_bot("medium")]
    judge = spec.make_bot("medium")
    rng = random.Random(seed)
    out = []
    for k in range(actions):
        if state.is_terminal():
            break
        seat = state.current_player()
        move = bots[seat % 2].choose(state, rng=rng, budget=Budget(nodes=200))
        after = state.apply(move)
        if True:
            alt = judge.choose(state, rng=random.Random(k), budget=Budget(nodes=200))
            if str(alt) != str(move):
                out.append((state, after, state.apply(alt), seat))
        state = after
    return out


def _numbers(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"-?\d+", text)]


def _check_connector(kind, text, before, played, better, seat):
    from game.rules.crystal_connector import COLOUR_WORDS, largest_sizes

    if kind == "totals":
        x, y = _numbers(text)
        assert x == played.totals[seat] - played.totals[1 - seat]
        assert y == better.totals[seat] - better.totals[1 - seat] > x
        return
    word = re.search(r"largest (\w+) group", text).group(1)
    c = COLOUR_WORDS.index(word)
    x, y = _numbers(text)
    assert largest_sizes(played.board)[c] == x and largest_sizes(better.board)[c] == y
    if kind == "own-group":
        assert c in played.seat_colours(seat) and y > x
    else:
        assert kind == "rival-group" and c in played.seat_colours(1 - seat) and x > y


def _check_collapse(kind, text, before, played, better, seat):
    from game.rules.chromatic_collapse import seat_masks, split_groups

    x, y = _numbers(text)

    def count(state, s):
        return bin(seat_masks(state.board)[s]).count("1")

    def groups(state, s):
        return len(split_groups(seat_masks(state.board)[s]))

    if kind == "own-pieces":
        assert (count(played, seat), count(better, seat)) == (x, y) and y > x
    elif kind == "rival-pieces":
        assert (count(played, 1 - seat), count(better, 1 - seat)) == (x, y) and x > y
    else:
        assert kind == "groups" and (groups(played, seat), groups(better, seat)) == (x, y)
        assert x > y


def _check_crossroads(kind, text, before, played, better, seat):
    from game.rules.color_crossroads import PAIRS, colour_noun, loop_exists

    if kind == "points":
        x, y = _numbers(text)
        assert x == played.points[seat] - played.points[1 - seat]
        assert y == better.points[seat] - better.points[1 - seat] > x
        return
    named = text.split(" can ")[0].lower()
    pair = next(
        p
        for p in range(len(PAIRS))
        if f"{colour_noun(PAIRS[p][0])}-{colour_noun(PAIRS[p][1])}".lower() == named
    )
    assert pair in played.open_pairs() and pair in better.open_pairs()
    if kind == "pair-open":
        assert loop_exists(played, pair) and not loop_exists(better, pair)
    else:
        assert kind == "pair-closed"
        assert loop_exists(better, pair) and not loop_exists(played, pair)


def _check_formation(kind, text, before, played, better, seat):
    x, y = _numbers(text)
    if kind == "own-trees":
        assert (played.trees(seat), better.trees(seat)) == (x, y) and y > x
    elif kind == "rival-trees":
        rivals = [s for s in range(played.players) if s != seat]
        assert max(played.trees(s) for s in rivals) == x > y == max(better.trees(s) for s in rivals)
    elif kind == "threatened":
        assert len(played.threatened_nodes(seat)) == x > y == len(better.threatened_nodes(seat))
    elif kind == "area":
        assert (len(played.area(seat)), len(better.area(seat))) == (x, y) and y > x
    else:
        assert kind == "power" and (played.power(seat), better.power(seat)) == (x, y) and y > x


CHECKS = {
    "crystal-connector": _check_connector,
    "chromatic-collapse": _check_collapse,
    "color-crossroads": _check_crossroads,
    "crystal-formation": _check_formation,
}


@pytest.mark.parametrize("game_id", sorted(CHECKS))
def test_every_sentence_is_true_of_the_engine_state(game_id):
    found = 0
    kinds = set()
    for seed in (3, 4):
        for before, played, better, seat in _game(game_id, seed, 60):
            for kind, text in facts(game_id, before, played, better, seat):
                CHECKS[game_id](kind, text, before, played, better, seat)
                found += 1
                kinds.add(kind)
                i18n.set_language("de")
                try:
                    german = dict(facts(game_id, before, played, better, seat))[kind]
                finally:
                    i18n.set_language("en")
                assert german != text and _numbers(german) == _numbers(text)
    assert found >= 3, (game_id, found)  # the games give the coach something to say
    assert kinds


def _hint_connector(kind, text, before, after, seat):
    from game.rules.crystal_connector import COLOUR_WORDS, largest_sizes

    x, y = _numbers(text)
    assert x != y
    if kind == "totals":
        assert x == before.totals[seat] - before.totals[1 - seat]
        assert y == after.totals[seat] - after.totals[1 - seat]
        return
    c = COLOUR_WORDS.index(re.search(r"largest (\w+) group", text).group(1))
    assert (largest_sizes(before.board)[c], largest_sizes(after.board)[c]) == (x, y)
    owner = seat if kind == "own-group" else 1 - seat
    assert kind in ("own-group", "rival-group") and c in after.seat_colours(owner)


def _hint_collapse(kind, text, before, after, seat):
    from game.rules.chromatic_collapse import seat_masks, split_groups

    x, y = _numbers(text)
    assert x != y

    def count(state, s):
        return bin(seat_masks(state.board)[s]).count("1")

    def groups(state, s):
        mask = seat_masks(state.board)[s]
        return len(split_groups(mask)) if mask else 0

    if kind == "rival-pieces":
        assert (count(before, 1 - seat), count(after, 1 - seat)) == (x, y)
    elif kind == "own-pieces":
        assert (count(before, seat), count(after, seat)) == (x, y)
    else:  # "... form {after} groups instead of {before}"
        assert kind == "groups" and (groups(after, seat), groups(before, seat)) == (x, y)


def _hint_crossroads(kind, text, before, after, seat):
    from game.rules.color_crossroads import PAIRS, colour_noun, loop_exists

    if kind == "points":
        x, y = _numbers(text)
        assert x == before.points[seat] - before.points[1 - seat]
        assert y == after.points[seat] - after.points[1 - seat] != x
        return
    named = text.removeprefix("After this move ").split(" can ")[0].lower()
    pair = next(
        p
        for p in range(len(PAIRS))
        if f"{colour_noun(PAIRS[p][0])}-{colour_noun(PAIRS[p][1])}".lower() == named
    )
    assert pair in before.open_pairs() and pair in after.open_pairs()
    if kind == "pair-open":
        assert loop_exists(after, pair) and not loop_exists(before, pair)
    else:
        assert kind == "pair-closed"
        assert loop_exists(before, pair) and not loop_exists(after, pair)


def _hint_formation(kind, text, before, after, seat):
    x, y = _numbers(text)
    assert x != y
    rivals = [s for s in range(after.players) if s != seat]
    if kind == "own-trees":
        assert (before.trees(seat), after.trees(seat)) == (x, y)
    elif kind == "rival-trees":  # "no rival has more than {after} trees (now {before})"
        assert max(after.trees(s) for s in rivals) == x
        assert max(before.trees(s) for s in rivals) == y
    elif kind == "threatened":
        assert (len(before.threatened_nodes(seat)), len(after.threatened_nodes(seat))) == (x, y)
    elif kind == "power":
        assert (before.power(seat), after.power(seat)) == (x, y)
    else:
        assert kind == "area" and (len(before.area(seat)), len(after.area(seat))) == (x, y)


HINT_CHECKS = {
    "crystal-connector": _hint_connector,
    "chromatic-collapse": _hint_collapse,
    "color-crossroads": _hint_crossroads,
    "crystal-formation": _hint_formation,
}


@pytest.mark.parametrize("game_id", sorted(HINT_CHECKS))
def test_every_hint_sentence_is_true_of_the_engine_state(game_id):
    """Medium's choice at each position stands for the hint (and the action Easy or
    Medium played for a second one): every sentence on what it does is read back
    against the position before it and after it; German carries the same numbers."""
    found = 0
    kinds = set()
    for seed in (3, 4):
        for before, played, better, seat in _game(game_id, seed, 60):
            for after in (played, better):
                for kind, text in hint_facts(game_id, before, after, seat):
                    HINT_CHECKS[game_id](kind, text, before, after, seat)
                    found += 1
                    kinds.add(kind)
                    i18n.set_language("de")
                    try:
                        german = dict(hint_facts(game_id, before, after, seat))[kind]
                    finally:
                        i18n.set_language("en")
                    assert german != text and _numbers(german) == _numbers(text)
    assert found >= 3, (game_id, found)  # the hint has something to say in these games
    assert kinds


def test_an_action_that_changes_nothing_has_no_hint_sentence():
    for game_id in HINT_CHECKS:
        for before, _played, _better, seat in _game(game_id, 5, 6)[:2]:
            assert hint_facts(game_id, before, before, seat) == []
            assert explain_hint(game_id, before, before, seat) == ""


def test_the_same_position_twice_gives_no_sentence():
    for game_id in CHECKS:
        for before, played, _better, seat in _game(game_id, 5, 12)[:2]:
            assert facts(game_id, before, played, played, seat) == []


def test_band_curves_read_a_mirrored_position_as_the_mirrored_chance():
    """Seat 0 at value v with strengths (s0, s1) wins as often as seat 1 loses at -v
    with the strengths swapped: the side to move and the seat carry no term."""
    cal = calibration.shipped()
    for game_id, fit in cal.fits.items():
        for key in fit.bands:
            low, high = calibration.band_levels(key)
            for v in (-0.6, -0.2, 0.0, 0.3, 0.7):
                p = cal.win_chance(game_id, v, (low, high))
                q = cal.win_chance(game_id, -v, (high, low))
                assert p == pytest.approx(1.0 - q), (game_id, key, v)
                if low == high:
                    assert cal.win_chance(game_id, 0.0, (low, high)) == pytest.approx(0.5)
        # Any players (strengths unknown): an even value reads 50 %.
        if fit.bands:
            assert cal.win_chance(game_id, 0.0) == pytest.approx(0.5)


def test_a_band_curve_is_chosen_by_the_seats_levels():
    fit = calibration.Fit(
        2.0,
        0.0,
        {"easy-easy": calibration.Band(0.5), "hard-hard": calibration.Band(4.0)},
    )
    assert fit.chance(0.3, (1, 1)) < fit.chance(0.3) < fit.chance(0.3, (3, 3))
    assert fit.band((4, 4)) == calibration.Band(4.0)  # the nearest band
    assert fit.band((1, 3)) is None  # no band of unequal levels near it: any players


def _longest_hint(game_id: str, seed: int, actions: int):
    """(position, action) of an Easy-against-Medium game whose hint sentence, in the
    current language, is the longest."""
    spec = GAMES[game_id]
    state = spec.new_game(seed, 2)
    bots = [spec.make_bot("easy"), spec.make_bot("medium")]
    rng = random.Random(seed)
    best, size = None, 0
    for _k in range(actions):
        if state.is_terminal():
            break
        seat = state.current_player()
        move = bots[seat % 2].choose(state, rng=rng, budget=Budget(nodes=200))
        after = state.apply(move)
        text = explain_hint(game_id, state, after, seat)
        if len(text) > size:
            best, size = (state, move), len(text)
        state = after
    assert best is not None, game_id  # the game gives the hint something to say
    return best


@pytest.mark.parametrize("game_id", sorted(HINT_CHECKS))
def test_the_hint_banner_holds_its_longest_sentence_in_german_at_150_percent(paths, game_id):
    """The hint's banner with the longest German sentence of a real game wraps without
    an ellipsis where the play screen places it at 150 % text."""
    from scenes.play import play_scene_for
    from tests.test_accessibility import make, match_for

    app = make(paths, {"language": "de", "text_size": 150})
    try:
        state, move = _longest_hint(game_id, 3, 60)
        why = explain_hint(game_id, state, state.apply(move), state.current_player())
        view = play_scene_for(app, match_for(f"{game_id}#7", 0))
        view.hint_state = state  # the position the hint was asked for
        view.say_hint(move)
        assert view.banner == f"Tipp: {move}. {why}" and view.banner_ticks > 0
        style = view.banner_style
        font = app.theme.font(style.size)
        _rect, lines = view.place_message(
            view.banner, font, app.theme.pitch(style.line), style.pad, style.margin
        )
        assert not lines[-1].endswith("…"), lines
        assert " ".join(lines).split() == view.banner.split()  # every word shown
    finally:
        i18n.set_language("en")
