"""The coach's sentences for a marked action: every one is checked against the
engine's state after the action played and after the better move (numbers, colours,
pairs read back from the sentence), on positions of real bot games; the German
sentence carries the same numbers.  The hint's sentence (what its one action does) is
read back the same way against the position before the action and after it.  Also: the calibration's band curves read a
position and its mirror as mirrored chances."""

import functools
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
    current language, is the longest (Element Shift: of its twelve-seat game, the
    plans played and Hard's)."""
    if game_id == "element-shift":
        pairs = [
            (before, _es_plan(before, after, seat))
            for before, played, better, seat, _later in _element_shift_game(seed)
            for after in (played, better)
        ]
        return max(
            pairs,
            key=lambda pair: len(
                explain_hint(game_id, pair[0], pair[0].apply(pair[1]), pair[0].current_player())
            ),
        )
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


@pytest.mark.parametrize("game_id", sorted([*HINT_CHECKS, "element-shift"]))
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


# -- Element Shift: twelve seats, secret plans ------------------------------------------


@functools.lru_cache(maxsize=None)
def _element_shift_game(seed: int) -> tuple:
    """A real table played to its end: Easy, Medium and Hard in turn round the twelve
    seats, node budgets, the shared round profiles forgotten first (the same game on
    every machine).  At every plan Hard's choice stands for the better plan.  Each item
    is (before, played, better, seat, later): ``later`` the positions after ``played``,
    as the theatre passes them."""
    from game.ai.element_shift import clear_shared_profiles

    spec = GAMES["element-shift"]
    clear_shared_profiles()
    state = spec.new_game(seed)
    bots = [spec.make_bot(("easy", "medium", "hard")[s % 3]) for s in range(state.num_players)]
    judge = spec.make_bot("hard")
    rng = random.Random(seed)
    states, choices = [state], []
    for k in range(200):
        if state.is_terminal():
            break
        seat = state.current_player()
        move = bots[seat].choose(state, rng=rng, budget=Budget(nodes=300))
        alt = judge.choose(state, rng=random.Random(k), budget=Budget(nodes=300))
        choices.append((seat, move, alt))
        state = state.apply(move)
        states.append(state)
    assert state.is_terminal()
    out = []
    for k, (seat, move, alt) in enumerate(choices):
        before = states[k]
        if before.phase == "plan" and alt != move:
            out.append((before, states[k + 1], before.apply(alt), seat, tuple(states[k + 2 :])))
    return tuple(out)


def _es_plan(before, after, seat):
    """The plan ``seat`` made from ``before`` to ``after``, read from the engine's state."""
    from game.rules.element_shift import parse_plan

    if after.round == before.round:
        return after.pending[seat]
    assert after.last_trace.round == before.round
    return parse_plan(after.last_trace.plans[seat])


def _es_lines(before, plans):
    """(score lines, board after) of ``before``'s round resolved by the real rules."""
    from game.rules.element_shift import resolve_round, score_round

    trace = resolve_round(before.round, before.board, before.positions, before.elements, plans)
    return score_round(before.round, trace.board_after, trace.positions[-1], trace.elements), (
        trace.board_after
    )


def _es_element(text: str, after: str) -> int:
    """The element named right after ``after`` in an English sentence."""
    from game.rules.element_shift import ELEMENT_NAMES

    word = text.split(after, 1)[1].split(",")[0].split(".")[0].strip()
    return ELEMENT_NAMES.index(word)


def _check_element_shift(kind, text, before, played, better, seat, later):
    """Read back against the round resolved by the real rules with the plans every
    other seat made that round (the replay's resolved round), the seat's plan or the
    better plan in its place."""
    from game.rules.element_shift import leading_element, parse_plan

    resolved = next(s for s in (played, *later) if s.round > before.round)
    plans = [parse_plan(p) for p in resolved.last_trace.plans]
    assert plans[seat] == _es_plan(before, played, seat)  # the plan played
    lines_p, _board = _es_lines(before, plans)
    plans[seat] = _es_plan(before, better, seat)
    lines_b, board_b = _es_lines(before, plans)
    p, b = lines_p[seat], lines_b[seat]
    numbers = _numbers(text)
    assert b.total > p.total  # a sentence only where the better plan scores more
    if kind == "points":
        assert numbers == [p.total, b.total]
    elif kind == "region" and "off your element" in text:
        assert not p.matched and b.matched and numbers == [b.region]
    elif kind == "region":
        assert p.matched and b.matched and b.region > p.region
        assert numbers == [p.region_size, p.k, p.region, b.region_size, b.k, b.region]
    elif kind == "leading":
        assert numbers == [3] and (p.leading, b.leading) == (0, 3)
        assert _es_element(text, "leading element, ") == leading_element(board_b)
    elif kind == "variation" and "alone" in text:
        assert before.round == 2 and numbers == [3] and (p.pandemic, b.pandemic) == (0, 3)
    else:
        assert kind == "variation" and before.round == 4 and b.rps > p.rps
        assert numbers == [p.rps // 2, p.rps, b.rps // 2, b.rps]


def test_every_element_shift_sentence_is_true_of_the_resolved_round():
    """Each sentence on a plan Hard would have bettered is read back against the round
    resolved with the plans the other eleven really made; German carries the same
    numbers; the most telling part of the score comes first and the round's points
    last."""
    kinds = set()
    found = 0
    for seed in (3, 4):
        for before, played, better, seat, later in _element_shift_game(seed):
            said = facts("element-shift", before, played, better, seat, later)
            for kind, text in said:
                _check_element_shift(kind, text, before, played, better, seat, later)
                found += 1
                kinds.add(kind)
            if said:
                assert [k for k, _t in said].count("points") == 1 and said[-1][0] == "points"
                _same_facts_in_german(
                    said,
                    functools.partial(facts, "element-shift", before, played, better, seat, later),
                )
    assert kinds == {"points", "region", "leading", "variation"}, kinds
    assert found >= 50, found


def _same_facts_in_german(said, find) -> None:
    """``find()`` in German gives the same kinds, in other words, with the same numbers."""
    i18n.set_language("de")
    try:
        german = find()
    finally:
        i18n.set_language("en")
    for (kind, text), (kind_de, text_de) in zip(said, german, strict=True):
        assert kind_de == kind and text_de != text
        assert _numbers(text_de) == _numbers(text)


def test_an_element_shift_round_the_replay_never_resolves_has_no_sentence():
    """Without the positions after the plan (a replay that ends inside the round) the
    other seats' plans are unknown: no sentence, rather than one from guesses.  The
    same plan twice has none either."""
    said = 0
    for before, played, better, seat, later in _element_shift_game(3):
        if played.round == before.round:
            assert facts("element-shift", before, played, better, seat, ()) == []
        assert facts("element-shift", before, played, played, seat, later) == []
        said += bool(facts("element-shift", before, played, better, seat, later))
    assert said  # the same positions do have sentences with the rest of the replay


@functools.lru_cache(maxsize=None)
def _element_shift_starts(seed: int) -> tuple:
    """The start picks of a real table (Easy, Medium and Hard in turn round the seats,
    node budgets) up to their reveal, with Hard's pick as the better one where it
    differs; items as in :func:`_element_shift_game`."""
    spec = GAMES["element-shift"]
    state = spec.new_game(seed)
    bots = [spec.make_bot(("easy", "medium", "hard")[s % 3]) for s in range(state.num_players)]
    judge = spec.make_bot("hard")
    rng = random.Random(seed)
    states, choices = [state], []
    while state.phase == "setup":
        seat = state.current_player()
        move = bots[seat].choose(state, rng=rng, budget=Budget(nodes=300))
        alt = judge.choose(state, rng=random.Random(len(choices)), budget=Budget(nodes=300))
        choices.append((seat, move, alt))
        state = state.apply(move)
        states.append(state)
    return tuple(
        (states[k], states[k + 1], states[k].apply(alt), seat, tuple(states[k + 2 :]))
        for k, (seat, move, alt) in enumerate(choices)
        if alt != move
    )


def test_every_element_shift_start_sentence_is_true_of_the_revealed_picks():
    """A start pick Hard would have made elsewhere is explained by the two tiles'
    regions on the board and the starts of the seat's element the revealed picks put
    in each (the seat's own moved to the better tile for the second count), said only
    where the better region gives more room a player; none while the picks are still
    secret; German carries the same numbers."""
    found = 0
    for seed in (4, 5, 6):
        for before, played, better, seat, later in _element_shift_starts(seed):
            if not played.start_picks:  # the picks still secret: no sentence from guesses
                assert facts("element-shift", before, played, better, seat, ()) == []
            said = facts("element-shift", before, played, better, seat, later)
            if not said:
                continue
            ((kind, text),) = said
            picks = list(next(s.start_picks for s in (played, *later) if s.start_picks))
            element = before.elements[seat]
            mine, alt = picks[seat], better.pending[seat].cell
            assert before.tile(mine) == before.tile(alt) == element

            def starts(cell, picks=picks, element=element, before=before):
                region = before.region_cells(cell)
                return sum(
                    1 for s, c in enumerate(picks) if before.elements[s] == element and c in region
                )

            size, k = len(before.region_cells(mine)), starts(mine)
            picks[seat] = alt
            size_b, k_b = len(before.region_cells(alt)), starts(alt)
            assert kind == "start" and _numbers(text) == [size, k, size_b, k_b]
            assert 2 * size_b // k_b > 2 * size // k
            _same_facts_in_german(
                said,
                functools.partial(facts, "element-shift", before, played, better, seat, later),
            )
            found += 1
    assert found >= 5, found


@functools.lru_cache(maxsize=16)
def _guesses(board, positions, elements, round_) -> tuple:
    """Hard's guess at every seat's plan of a round's public position: a round profile
    of best responses run to its end."""
    from game.ai.element_shift import Profile
    from game.rules.element_shift import ElementShiftState

    n = len(elements)
    prof = Profile(ElementShiftState(0, board, elements, positions, round_, (None,) * n, (0,) * n))
    while not prof.done:
        prof.step(None)
    return tuple(prof.plans)


def _expected(view) -> list:
    """Hard's guesses, the plans ``view`` shows in their place."""
    from game.rules.element_shift import Plan

    guesses = _guesses(view.board, view.positions, view.elements, view.round)
    return [p if isinstance(p, Plan) else g for p, g in zip(view.pending, guesses, strict=True)]


def _hint_element_shift(kind, text, before, after, seat):
    """Read back against the round resolved by the real rules with the plans Hard
    expects of the others from what the seat may see (its public view), the hinted
    plan (or keeping and staying put) in the seat's place."""
    from game.rules.element_shift import Plan, leading_element

    view = before.public_view(seat)
    plans = _expected(view)
    plans[seat] = Plan.still(view.segments())
    still = _es_lines(view, plans)[0][seat]
    plans[seat] = _es_plan(before, after, seat)
    lines, board = _es_lines(view, plans)
    line = lines[seat]
    numbers = _numbers(text)
    assert "against the plans hard expects" in text.lower()
    if kind == "points":
        assert numbers == [line.total, still.total] and line.total != still.total
    elif kind == "region" and "off your element" in text:
        assert not line.matched and numbers == []
    elif kind == "region":
        assert line.matched and numbers == [line.region_size, line.k, line.region]
    elif kind == "leading":
        assert numbers == [3] and line.leading == 3
        assert _es_element(text, "leading element, ") == leading_element(board)
    elif kind == "variation" and "alone" in text:
        assert before.round == 2 and numbers == [3] and line.pandemic == 3
    else:
        assert kind == "variation" and before.round == 4
        assert numbers == [line.rps // 2, line.rps] and line.rps > 0


def test_every_element_shift_hint_sentence_is_true_against_the_plans_hard_expects():
    """Hard's plan at each position stands for the hint (and the plan played for a
    second one): every sentence is read back against the round resolved with Hard's
    guesses for the other seats; German carries the same numbers."""
    kinds = set()
    for seed in (3, 4):
        for before, played, better, seat, _later in _element_shift_game(seed):
            for after in (played, better):
                said = hint_facts("element-shift", before, after, seat)
                assert said  # a plan always ends somewhere: the region is named
                for kind, text in said:
                    _hint_element_shift(kind, text, before, after, seat)
                    kinds.add(kind)
                _same_facts_in_german(
                    said, functools.partial(hint_facts, "element-shift", before, after, seat)
                )
    assert kinds == {"points", "region", "leading", "variation"}, kinds
    for before, _played, _better, seat, _later in _element_shift_game(3)[:3]:
        assert hint_facts("element-shift", before, before, seat) == []  # no plan made


def test_the_element_shift_hint_reads_no_other_seats_pending_plan():
    """A live game's state holds the plans the seats before this one submitted (and,
    for the last seat, the resolved round after it): the hint says the same whatever
    those plans are, as it must when the player cannot see them.  The plans swapped
    here do change the seat's score in the round really resolved, so a hint that read
    them would say something else."""
    from dataclasses import replace

    from game.rules.element_shift import Plan, PlanList

    def score(line) -> tuple:
        return (line.total, line.region, line.region_size, line.k, line.leading, line.rps)

    telling = 0
    for seed in (3, 4):
        for before, _played, better, seat, _later in _element_shift_game(seed):
            if seat == 0:
                continue  # nobody has submitted yet
            plan = _es_plan(before, better, seat)
            still = Plan.still(before.segments())

            def other_plan(s: int, p, still=still, before=before):
                """Another legal plan in place of a submitted one."""
                if not isinstance(p, Plan):
                    return p
                return still if p != still else PlanList(before.round, before.positions[s])[-1]

            swapped = replace(
                before, pending=tuple(other_plan(s, p) for s, p in enumerate(before.pending))
            )
            assert swapped.public_view(seat) == before.public_view(seat)
            one = hint_facts("element-shift", before, before.apply(plan), seat)
            two = hint_facts("element-shift", swapped, swapped.apply(plan), seat)
            assert one == two, (str(plan), one, two)
            real = _expected(before)  # what a hint reading the pending plans would use
            other = _expected(swapped)
            real[seat] = other[seat] = plan
            telling += score(_es_lines(before, real)[0][seat]) != score(
                _es_lines(swapped, other)[0][seat]
            )
    assert telling >= 5, telling


def test_the_theatre_holds_the_longest_element_shift_sentence_in_german_at_150_percent(paths):
    """The theatre's mark on a plan of a real game, with the alternative whose German
    sentence is the longest of a spread of them (tests/screens.py picks it), draws every
    word of it in German, in the two lines under the mark, at 150 % text."""
    from tests.screens import SCREENS
    from tests.test_accessibility import make
    from tests.test_text_holds import record

    app = make(paths, {"language": "de", "text_size": 150})
    try:
        layers, _early = record(app, SCREENS["theatre-analysed-element-shift"])
        an = app.top.analyst
        why = an.explanation(an.mistakes()[0].action)
        assert why and "Plan" in why  # a sentence, in German
        i18n.set_language("en")
        assert an.explanation(an.mistakes()[0].action) != why
        drawn = [d.text for layer in layers for d in layer]
        shown = [
            drawn[i : i + n]
            for n in (1, 2)
            for i in range(len(drawn))
            if " ".join(drawn[i : i + n]).split() == why.split()
        ]
        assert shown, why  # every word, none cut off
    finally:
        from scenes import theme

        i18n.set_language("en")
        app.shutdown()
        theme.LOOK = theme.DEFAULT_LOOK


def test_the_hints_sentence_is_found_off_the_frames_thread_and_shows_with_the_move(
    app, monkeypatch
):
    """Element Shift's sentence resolves the round against the plans Hard expects (up
    to a fifth of a second): the frame's thread never waits for it, and the hint's
    move and its sentence appear together."""
    import threading
    import time

    import pygame

    import game.analysis.explain as explain_module
    from scenes.play import play_scene_for
    from tests.test_accessibility import match_for

    threads = []
    real = explain_module.explain_hint

    def spy(*args):
        threads.append(threading.current_thread())
        return real(*args)

    monkeypatch.setattr(explain_module, "explain_hint", spy)
    view = play_scene_for(app, match_for("crystal-formation#7", 0))
    app.push(view)
    app.run_ticks(2)
    view.bot_seconds = 0.05
    app.post_key(pygame.K_h)
    for _tick in range(3000):  # at most 30 s: the bot's answer, then its sentence
        app.run_ticks(1, draw=False)
        if view.hint is not None:
            break
        time.sleep(0.01)
    assert view.hint is not None
    assert threads and all(t is not threading.main_thread() for t in threads), threads
    state = view.match.state
    why = real(view.spec.id, state, state.apply(view.hint), state.current_player())
    assert why and view.banner == f"Hint: {view.hint}. {why}"
