"""The theatre's analysis: mistakes from value drops, the cache, the worker's analyse
request, and a blunder of a won position found and marked."""

import json
import random

import pytest

from game.ai.base import Budget
from game.ai.worker import run_request
from game.analysis.evaluation import budget_text, evaluate
from game.analysis.marks import AnalysisCache, expected_places, find_mistakes, win_chance
from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.storage.replays import Timeline


def test_win_chance_and_places():
    assert win_chance(-1) == 0 and win_chance(1) == 1 and win_chance(0) == 0.5
    assert win_chance(3) == 1
    assert expected_places([1.0, -1.0, 0.0]) == [1.0, 3.0, 2.0]
    assert expected_places([0.2, 0.2]) == [1.5, 1.5]


def test_mistakes_are_the_biggest_drops_for_the_mover():
    values = [(0.0, 0.0), (0.1, -0.1), (0.2, -0.2), (-0.6, 0.6), (-0.5, 0.5), (-0.7, 0.7)]
    movers = [0, 1, 0, 1, 0]
    found = find_mistakes(values, movers)
    assert [(m.action, m.seat) for m in found] == [(2, 0)]  # 0.2 -> -0.6 for seat 0
    assert found[0].drop == pytest.approx(0.8) and found[0].chance_lost == pytest.approx(0.4)
    # Smaller falls (seat 1: -0.1 -> -0.2; seat 0: -0.5 -> -0.7) count only under a
    # lower threshold, and the limit per seat keeps the biggest.
    low = find_mistakes(values, movers, threshold=0.15)
    assert [(m.action, m.seat) for m in low] == [(2, 0), (4, 0)]
    assert find_mistakes(values, movers, threshold=0.15, per_seat=1) == [found[0]]
    # Unanalysed positions mark nothing.
    assert find_mistakes([None, (0.9, -0.9), None], [0, 1]) == []


def test_turns_are_judged_whole_and_their_worst_action_is_marked():
    # Seat 0 plays actions 0-2 (one turn), seat 1 actions 3-4.  Inside seat 0's turn
    # the values zigzag (a search's view of mid-turn positions); the turn as a whole
    # loses 0.6, most of it on action 1.
    values = [(0.4, -0.4), (0.9, -0.9), (-0.1, 0.1), (-0.2, 0.2), (-0.3, 0.3), (-0.2, 0.2)]
    movers = [0, 0, 0, 1, 1]
    starts = [0, 3, 5]
    marked = find_mistakes(values, movers, turn_starts=starts)
    assert [(m.action, m.seat) for m in marked] == [(1, 0)]
    assert marked[0].drop == pytest.approx(0.6)
    # A zigzag that ends where it began is no mistake when turns are judged whole.
    flat = [(0.0, 0.0), (0.8, -0.8), (0.0, 0.0), (0.0, 0.0)]
    assert find_mistakes(flat, [0, 0, 1], turn_starts=[0, 2, 3]) == []
    assert find_mistakes(flat, [0, 0, 1]) != []  # action by action it would be marked


def test_the_cache_round_trips_and_refuses_another_budget(tmp_path):
    cache = AnalysisCache("abc", 3, budget="b1")
    cache.values[0] = [0.5, -0.5]
    cache.alternatives[0] = "a1-b2"
    cache.save(tmp_path)
    again = AnalysisCache.load(tmp_path, "abc", 3, "b1")
    assert again.values == [[0.5, -0.5], None, None] and again.alternatives == {0: "a1-b2"}
    assert AnalysisCache.load(tmp_path, "abc", 3, "b2").done == 0
    assert AnalysisCache.load(tmp_path, "abc", 4, "b1").done == 0
    (tmp_path / "abc.json").write_text("{broken")
    assert AnalysisCache.load(tmp_path, "abc", 3, "b1").done == 0


def test_the_worker_answers_an_analyse_request_with_values():
    spec = GAMES["color-crossroads"]
    state = spec.new_game(seed=3)
    text, error, _ = run_request(
        {
            "spec_id": spec.id,
            "level": "hard",
            "state": state.to_json(),
            "seed": 1,
            "method": "analyse",
            "nodes": None,
            "seconds": 2.0,
        }
    )
    assert error is None
    values = json.loads(text)
    assert len(values) == 2 and all(-1 <= v <= 1 for v in values)


def test_an_analysis_cached_by_an_earlier_coach_of_the_game_is_redone(tmp_path):
    """Element Shift's coach is in its second revision (plans in are resolved): its
    budget text names the revision, so the theatre does not reuse values the first made;
    the other games' texts, and their caches, are as they were."""
    for game, revised in (("element-shift", True), ("crystal-connector", False)):
        now = budget_text(game)
        before = now.removesuffix("-r2")
        assert (before != now) == revised
        old = AnalysisCache(game, 3, budget=before)
        old.values[0] = [0.5, -0.5]
        old.save(tmp_path)
        kept = AnalysisCache.load(tmp_path, game, 3, now).done
        assert kept == (0 if revised else 1)


def test_a_finished_position_is_worth_its_result():
    from tests.test_replays import played

    m = played("chromatic-collapse", 4, limit=400)
    assert m.is_over()
    assert evaluate(m.state, random.Random(1)) == list(m.state.returns())


def _forced_win(state, cap=6):
    """Actions by which the mover wins at once: a winning action, or one after which
    every reply of the opponent (a handful at most, e.g. the one concession left)
    ends the game in the mover's favour."""
    seat = state.current_player()
    for move in state.legal_moves():
        after = state.apply(move)
        if after.is_terminal():
            if after.returns()[seat] > 0:
                return [move]
            continue
        if after.current_player() != seat:
            replies = after.legal_moves()
            if len(replies) <= cap and all(
                after.apply(r).is_terminal() and after.apply(r).returns()[seat] > 0 for r in replies
            ):
                return [move, replies[0]]
    return None


def blunder_game(game: str, seeds=range(300), limit=400):
    """A real game in which the mover could win by force and plays instead an action
    that loses at once (Crystal Connector: the round's last shift that leaves the
    opponent ahead) or after which the opponent wins by force, and does."""
    spec = GAMES[game]
    for seed in seeds:
        setup = GameSetup(game, 2, spec.resolve_options()[1], seed)
        m = Match(spec, setup, [Seat.person(), Seat.person()], setup.start(GAMES))
        rng = random.Random(seed)
        while not m.is_over() and len(m.entries) < limit:
            s = m.state
            seat = s.current_player()
            if _forced_win(s) is not None:
                for b in s.legal_moves():
                    after = s.apply(b)
                    if after.is_terminal() and after.returns()[seat] < 0:
                        k = len(m.entries)
                        m.submit(b)
                        return m, k
                    if not after.is_terminal() and after.current_player() != seat:
                        punish = _forced_win(after)
                        if punish is not None:
                            k = len(m.entries)
                            m.submit(b)
                            for move in punish:
                                m.submit(move)
                            return m, k
            m.submit(rng.choice(s.legal_moves()))
    raise AssertionError(f"no blunder found in {game}")


@pytest.mark.parametrize("game", ["chromatic-collapse", "color-crossroads", "crystal-connector"])
def test_a_blundered_win_is_marked_as_a_mistake(game):
    m, k = blunder_game(game)
    assert m.is_over()
    # Values near the blunder (the search budget per position is the theatre's own);
    # positions further back are left unanalysed, as they are while the worker works.
    values = [None] * len(m.states)
    rng = random.Random(7)
    for i in range(max(0, k - 6), len(m.states)):
        values[i] = evaluate(m.states[i], rng, Budget(), game)
    movers = [e.seat for e in m.entries]
    marked = find_mistakes(values, movers)
    assert k in [x.action for x in marked], (k, marked, values[k - 3 :])
    # Judged turn by turn, as the theatre does, the same action is the one marked.
    by_turn = find_mistakes(values, movers, turn_starts=Timeline.of(m).turn_starts())
    assert k in [x.action for x in by_turn], (k, by_turn)
    blunder = next(x for x in marked if x.action == k)
    assert blunder.seat == m.entries[k].seat and blunder.chance_lost > 0.5
    # The Hard bot's alternative there is not the blunder.
    hard = GAMES[game].make_bot("hard")
    alt = hard.choose(m.states[k], rng=random.Random(1), budget=Budget(seconds=1.0))
    assert str(alt) != m.entries[k].text


def test_the_analyst_fills_the_graph_in_the_background_and_a_second_viewing_is_instant(app):
    from scenes.theatre.screen import TheatreScene
    from tests.test_replays import played

    m = played("color-crossroads", 31, limit=8)
    scene = TheatreScene(app, m, analyse=True)
    app.push(scene)
    app.run_ticks(1)
    app.draw(0.0)  # the spinner is drawn while positions are missing
    assert app.run_until(scene.analyst.finished, max_ticks=50_000)
    assert scene.analyst.cache.complete()
    app.draw(0.0)
    app.pop()
    app.run_ticks(1)  # leaving waits for the cache to be written
    assert (app.paths.data / "analysis" / f"{scene.analyst.key}.json").exists()
    again = TheatreScene(app, m, analyse=True)
    # Every seat a bot: the curve of their band, named in the cache's budget text.
    assert again.analyst.strengths is not None and len(again.analyst.strengths) == 2
    assert again.analyst.cache.budget == budget_text("color-crossroads", again.analyst.strengths)
    assert again.analyst.cache.complete()
    app.push(again)
    app.run_ticks(1)
    assert not again.analyst.busy()
    app.pop()
    app.run_ticks(1)


def test_a_new_calibration_redoes_an_analysis_made_with_the_old_one(app, monkeypatch):
    """The cache holds calibrated values: after a new fit in seeds/coach.json the old
    values would mean the old curve's chances, so the analysis is made again."""
    from game.analysis import calibration as game_coach
    from scenes.theatre.screen import TheatreScene
    from tests.test_replays import played

    m = played("color-crossroads", 31, limit=8)
    scene = TheatreScene(app, m, analyse=True)
    app.push(scene)
    assert app.run_until(scene.analyst.finished, max_ticks=50_000)
    app.pop()
    app.run_ticks(1)
    old = game_coach.shipped()
    fits = dict(old.fits)
    fits["color-crossroads"] = game_coach.Fit(old.fits["color-crossroads"].a + 1.0, 0.0)
    monkeypatch.setattr(game_coach, "shipped", lambda: game_coach.Calibration(fits))
    again = TheatreScene(app, m, analyse=True)
    assert (
        again.analyst.cache.budget == budget_text("color-crossroads") != scene.analyst.cache.budget
    )
    assert not again.analyst.cache.complete()  # made again with the new curve


def fifth_tree_position():
    """Crystal Formation, Ruby (seat 0) to move: growing B5 is her fifth tree and the
    win; Sapphire could grow G4 into his fifth on his turn (hand-made: bot games within
    a test's budget rarely reach five trees).  Also the coach's tests' position."""
    spec = GAMES["crystal-formation"]
    nodes = [{"cell": c, "owner": 0, "pieces": "SML"} for c in ("A1", "A3", "A5", "A7")]
    nodes += [{"cell": "B5", "owner": 0, "pieces": "ML"}]
    nodes += [{"cell": c, "owner": 1, "pieces": "SML"} for c in ("H1", "H3", "H5", "H7")]
    nodes += [{"cell": "G4", "owner": 1, "pieces": "ML"}]
    start = spec.from_json(
        {
            "game": "crystal-formation",
            "players": 2,
            "turn": 40,
            "winner": -1,
            "nodes": nodes,
            "stashes": [[1, 0, 0], [1, 0, 0]],
        }
    )
    return spec, start


def test_a_blundered_fifth_tree_is_marked_in_crystal_formation():
    """Crystal Formation, from a hand-made position: bot games within a test's budget
    rarely reach five trees.  Ruby (seat 0) can grow B5 into a fifth tree and win;
    she places a crystal instead, and Sapphire grows G4 into his fifth tree."""
    spec, start = fifth_tree_position()
    assert start.apply(start.parse_move("grow b5 S")).outcome().places == (1, 2)  # the win missed
    played_moves = ["place c5", "grow g4 S"]
    states = [start]
    for text in played_moves:
        states.append(states[-1].apply(states[-1].parse_move(text)))
    assert states[-1].outcome().places == (2, 1)
    rng = random.Random(7)
    values = [evaluate(s, rng, Budget(), "crystal-formation") for s in states]
    marked = find_mistakes(values, [0, 1])
    assert [(x.action, x.seat) for x in marked] == [(0, 0)]
    assert marked[0].chance_lost == pytest.approx(1.0)
    hard = spec.make_bot("hard")
    alt = hard.choose(start, rng=random.Random(1), budget=Budget(seconds=1.0))
    assert str(alt) != played_moves[0]
