"""The bot ladder: strengths between levels, seeds/ladder.json, captions, "Match me",
and the arena's fit (tools/ladder.py)."""

from __future__ import annotations

import dataclasses
import json
import os
import random

import pytest

from game.ai.base import Budget
from game.ai.strength import MixedBot, levels_between, mixed
from game.midend.match import Seat
from game.records import ladder
from game.records.ratings import Rating
from game.registry import GAMES
from game.rules.contract import derived_rng
from tests import nim_game

SMALL = {
    "format": 1,
    "games": {
        "nim": {
            "points": [
                {"strength": 0, "rating": 0, "low": 0, "high": 0},
                {"strength": 1, "rating": 400, "low": 350, "high": 450},
                {"strength": 2, "rating": 1000, "low": 900, "high": 1100},
                {"strength": 3, "rating": 1240, "low": 1150, "high": 1330},
                {"strength": 4, "rating": 1500, "low": 1400, "high": 1600},
            ]
        }
    },
}


def small_ladder(tmp_path) -> ladder.Ladder:
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(SMALL))
    return ladder.load(path)["nim"]


# -- strengths between levels --------------------------------------------------------


def test_levels_between_splits_a_strength():
    assert levels_between(2.35) == ("medium", "hard", 0.35)
    assert levels_between(0.5) == ("random", "easy", 0.5)
    assert levels_between(4.0) == ("hard", "expert", 1.0)
    assert levels_between(3.0) == ("hard", "expert", 0.0)


@pytest.mark.parametrize("strength, level", [(1.0, "easy"), (2.0, "medium"), (4.0, "expert")])
def test_a_named_strength_is_that_level_itself(strength, level):
    spec = GAMES["crystal-formation"]
    bot = spec.make_bot(ladder.strength_level(strength))
    assert type(bot) is type(spec.make_bot(level))
    assert not isinstance(bot, MixedBot)


def test_a_mixed_bot_uses_each_level_about_as_often_as_its_share():
    spec = GAMES["crystal-formation"]
    bot = spec.make_bot("at:2.35")
    assert isinstance(bot, MixedBot) and bot.name == "at:2.35"
    rng = random.Random(5)
    picks = [bot.pick(None, rng) is bot.upper for _ in range(4000)]
    assert 0.31 < sum(picks) / len(picks) < 0.39


def test_with_a_salt_a_mixed_bot_plays_each_whole_turn_at_one_level():
    """Crystal Connector's turns are several actions: a turn begun on Hard's plan must
    not be finished by Medium.  With a salt the level is drawn once a seat's turn, and
    still about 0.35 of the turns are Hard's."""
    spec = GAMES["crystal-connector"]
    bot = spec.make_bot("at:2.35")
    bot.mix_salt = 77
    state = spec.new_game(5)
    rng = random.Random(5)
    turns: dict[tuple[int, int], set[str]] = {}
    actions = 0
    while not state.is_terminal() and actions < 400:
        key = (state.round_number, state.current_player())
        turns.setdefault(key, set()).add(bot.pick(state, rng).name)
        state = state.apply(spec.make_bot("random").choose(state, rng=rng))
        actions += 1
    long_turns = [k for k in turns if k[0] >= 1]
    assert len(long_turns) >= 20 and actions > 2 * len(turns)
    assert all(len(levels) == 1 for levels in turns.values()), turns
    hard = sum(levels == {"hard"} for levels in turns.values()) / len(turns)
    assert 0.1 < hard < 0.65
    # Another game's salt draws another sequence of levels.
    other = spec.make_bot("at:2.35")
    other.mix_salt = 78
    keys = [(r, s) for r in range(1, 40) for s in (0, 1)]

    def draws(b):
        return [b.pick(_TurnAt(r, s), None).name for r, s in keys]

    assert draws(bot) != draws(other)
    assert draws(bot) == draws(bot)


class _TurnAt:
    """The two things a mixed bot's draw reads from a state."""

    def __init__(self, round_number: int, seat: int) -> None:
        self.round_number, self._seat = round_number, seat

    def current_player(self) -> int:
        return self._seat


def test_the_arena_and_the_play_scene_give_a_mixed_bot_its_salt(app, monkeypatch):
    import tools.arena as arena
    from game.midend.match import Match
    from game.rules.contract import GameSetup
    from scenes.play import play_scene_for

    salts = []
    real_pick = MixedBot.pick

    def pick(self, state, rng):
        salts.append(self.mix_salt)
        return real_pick(self, state, rng)

    monkeypatch.setattr(MixedBot, "pick", pick)
    task = {
        "game": "crystal-connector", "players": 2, "options": {}, "seed": 3,
        "seats": ["at:1.50", "random"], "seconds": None, "nodes": 50, "pairing": 0, "index": 0,
    }  # fmt: skip
    arena.play_game(task)
    assert salts and None not in salts and len(set(salts)) == 1
    # The play scene asks the worker with the salt among the bot's attributes.
    asked = []
    real_request = app.worker.request

    def request(*args, **kwargs):
        asked.append(dict(kwargs.get("attrs") or {}))
        return real_request(*args, **kwargs)

    monkeypatch.setattr(app.worker, "request", request)
    setup = GameSetup.parse("crystal-connector#12", GAMES)
    for level in ("at:2.35", "hard"):
        match = Match(
            GAMES[setup.game], setup, [Seat.bot(level), Seat.person()], setup.start(GAMES)
        )
        view = play_scene_for(app, match)
        view.bot_seconds = 0.05
        app.push(view)
        for _ in range(200):
            if asked:
                break
            app.run_ticks(1, draw=False)
        made = asked.pop()
        asked.clear()
        if level == "hard":
            assert "mix_salt" not in made
        else:
            assert made["mix_salt"] == derived_rng(12, "mix").getrandbits(32)
        app.pop()


def test_each_decision_gets_its_own_levels_share_of_the_budget():
    """Medium (0.6 s) chosen inside a Medium/Hard mixture (1.5 s) must not think
    for Hard's time: the caller's budget is scaled to the chosen bot's share."""
    seen = []

    class Probe:
        def __init__(self, seconds):
            self.think_seconds = seconds

        def choose(self, state, *, rng, budget=None):
            seen.append(budget.seconds)
            return "x"

    bot = mixed({"medium": lambda: Probe(0.5), "hard": lambda: Probe(2.0)}, 2.5)
    for seed in range(20):
        bot.choose(None, rng=random.Random(seed), budget=Budget(seconds=bot.think_seconds))
    assert bot.think_seconds == 2.0
    assert set(seen) == {0.5, 2.0}


def test_attributes_a_caller_sets_reach_both_levels():
    bot = GAMES["color-crossroads"].make_bot("at:2.50")
    bot.seat_kinds = ("person", "bot")
    assert bot.lower.seat_kinds == bot.upper.seat_kinds == ("person", "bot")


def play(spec, levels, seed, players=2, limit=400):
    state = spec.new_game(seed, players)
    bots = [spec.make_bot(lv) for lv in levels]
    rngs = [random.Random(seed * 10 + s) for s in range(players)]
    moves = []
    while not state.is_terminal() and len(moves) < limit:
        seat = state.current_player()
        move = bots[seat].choose(state, rng=rngs[seat], budget=Budget(nodes=300))
        moves.append(str(move))
        state = state.apply(move)
    return moves


@pytest.mark.slow
@pytest.mark.parametrize("game", ["crystal-connector", "color-crossroads", "chromatic-collapse"])
def test_a_mixed_bot_plays_whole_games_the_same_way_under_a_seed(game):
    spec = GAMES[game]
    first = play(spec, ["at:1.50", "at:0.70"], seed=3, limit=60)
    assert play(spec, ["at:1.50", "at:0.70"], seed=3, limit=60) == first
    assert len(first) > 5


def test_nim_at_a_strength_between_levels_plays_to_the_end():
    assert nim_game.SPEC.strength_bot is None  # a spec outside the registry: levels only
    with pytest.raises(ValueError):
        nim_game.SPEC.make_bot("at:1.50")
    spec = dataclasses.replace(nim_game.SPEC, strength_bot=mixed)
    # Nim's "expert" is missing: between Hard and Expert there is nothing to mix.
    with pytest.raises(ValueError):
        spec.make_bot("at:3.50")
    moves = play(spec, ["at:1.50", "at:2.50"], seed=1)
    assert moves == play(spec, ["at:1.50", "at:2.50"], seed=1)


def test_crystal_connector_mixed_bot_stands_in_for_a_late_seat():
    spec = GAMES["crystal-connector"]
    state = spec.new_game(2)
    bot = spec.make_bot("at:2.50")
    rng = random.Random(1)
    while state.phase != "play":
        state = state.apply(bot.choose(state, rng=rng, budget=Budget(nodes=200)))
    move = bot.choose_for_late_seat(
        state, late_seat=state.to_move, rng=rng, budget=Budget(nodes=200)
    )
    assert state.why_illegal(move) is None


def test_element_shift_mixed_bots_plan_legal_rounds():
    spec = GAMES["element-shift"]
    moves = play(spec, ["at:2.50"] * 4 + ["at:0.50"] * 4 + ["at:3.00"] * 4, seed=4, players=12)
    assert len(moves) >= 12


# -- seats and replays ---------------------------------------------------------------


def test_a_seat_at_a_strength_round_trips_and_is_labelled_by_its_rating(tmp_path, monkeypatch):
    seat = Seat.bot("at:2.35")
    assert Seat.from_json(seat.to_json()) == seat
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(SMALL))
    monkeypatch.setattr(ladder, "LADDER_FILE", path)
    monkeypatch.setattr(ladder, "cached", lambda p=path: ladder.load(path))
    # 2.35 is 35 % of the way from Medium (1000) to Hard (1240): 1084, shown as 1100
    assert seat.label("Player 2", "nim") == "Player 2 (Bot, about 1100)"
    assert seat.label("Player 2", "other") == "Player 2 (Bot, about Medium)"
    assert Seat.bot("hard").label("Player 1", "nim") == "Player 1 (Hard bot)"


# -- ladder.json ---------------------------------------------------------------------


def test_the_shipped_ladder_file_loads_without_problems():
    problems: list[str] = []
    ladders = ladder.load(problems=problems)
    assert problems == []
    for game_id, lad in ladders.items():
        assert game_id in GAMES
        assert lad.level_point("random").rating == 0


@pytest.mark.parametrize(
    "raw",
    [
        b"{not json",
        b'{"format": 2, "games": {}}',
        b'{"format": 1, "games": {"nim": {"points": []}}}',
        b'{"format": 1, "games": {"nim": {"points": [{"strength": 9, "rating": 0, "low": 0, "high": 0}]}}}',
        b'{"format": 1, "games": {"nim": {"points": [{"strength": 1, "rating": "x", "low": 0, "high": 0}]}}}',
        b'{"format": 1, "games": {"../x": {"points": [{"strength": 1, "rating": 1, "low": 0, "high": 2}]}}}',
        b"[" * 10000,
    ],
)
def test_a_damaged_ladder_file_means_no_ladders_and_is_reported(tmp_path, raw):
    path = tmp_path / "ladder.json"
    path.write_bytes(raw)
    problems: list[str] = []
    assert ladder.load(path, problems) == {}
    assert len(problems) == 1 and problems[0].startswith("ladder.json: it ")


def test_a_strength_measured_twice_drops_that_game_only(tmp_path):
    data = json.loads(json.dumps(SMALL))
    data["games"]["twice"] = {
        "points": [{"strength": 1, "rating": 1, "low": 0, "high": 2}] * 2,
    }
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(data))
    problems: list[str] = []
    assert set(ladder.load(path, problems)) == {"nim"}
    assert problems == ["ladder.json: twice measures one strength twice"]


def test_a_missing_ladder_file_is_no_ladders_and_no_problem(tmp_path):
    problems: list[str] = []
    assert ladder.load(tmp_path / "none.json", problems) == {} and problems == []


# -- questions asked of a ladder ----------------------------------------------------


def test_rating_and_strength_for_read_between_points(tmp_path):
    lad = small_ladder(tmp_path)
    assert lad.rating(2.5) == pytest.approx(1120)
    assert lad.strength_for(1120) == pytest.approx(2.5, abs=0.01)
    assert lad.strength_for(-300) == 1.0  # never a random mover
    assert lad.strength_for(5000) == 4.0


def test_match_strength_is_the_strength_rated_nearest_the_person(tmp_path):
    lad = small_ladder(tmp_path)
    assert ladder.match_strength(lad, Rating(1000)) == pytest.approx(2.0, abs=0.01)
    assert ladder.match_strength(lad, Rating(700, rd=200)) == pytest.approx(1.5, abs=0.01)
    assert ladder.match_strength(lad, Rating(100)) == 1.0
    assert ladder.match_strength(lad, Rating(1900)) == 4.0


def test_level_caption_rounds_to_fifty_and_falls_back_to_the_name(tmp_path):
    lad = small_ladder(tmp_path)
    assert ladder.level_caption("medium", lad) == "Medium, about 1000"
    assert ladder.level_caption("hard", lad) == "Hard, about 1250"
    assert ladder.level_caption("hard", None) == "Hard"
    partial = ladder.Ladder("x", lad.points[:2])
    assert ladder.level_caption("expert", partial) == "Expert"


def test_level_caption_goes_through_the_translation():
    from game.text import i18n

    try:
        i18n.set_language("pseudo")
        text = ladder.level_caption("medium", ladder.Ladder("x", (ladder.Point(2, 1251, 0, 0),)))
    finally:
        i18n.set_language("en")
    assert text != "Medium, about 1250" and "1250" in text


def test_select_shows_each_bot_level_with_its_rating(tmp_path, monkeypatch):
    from scenes import select

    lad = small_ladder(tmp_path)
    monkeypatch.setattr(select, "ladder_cached", lambda: {"nim": lad})
    assert select.seat_caption("medium", "nim") == "Bot: Medium, about 1000"
    assert select.seat_caption("expert", "nim", short=True) == "Expert 1500"
    assert select.seat_caption("hard", "other") == "Bot: Hard"
    assert select.seat_caption("hard", "other", short=True) == "Bot: Hard"
    assert select.seat_caption("person", "nim") == "Person"


def test_match_strength_on_a_ladder_that_does_not_rise_everywhere():
    points = tuple(
        ladder.Point(s, r, r - 50, r + 50)
        for s, r in ((0, 0), (1, 700), (2, 1500), (2.5, 1800), (3, 1700), (4, 1750))
    )
    lad = ladder.Ladder("x", points)
    assert ladder.match_strength(lad, Rating(1800)) == 2.5
    assert ladder.match_strength(lad, Rating(1100)) == 1.5
    assert ladder.match_strength(lad, Rating(3000)) == 2.5  # the top of the ladder


def test_the_cached_ladder_looks_at_its_file_at_most_once_a_second(tmp_path, monkeypatch):
    """Screens ask every frame: the file's time is read once a second, and a changed
    file is read again at the next look."""
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(SMALL))
    looks = []
    real_stat = type(path).stat

    def counting_stat(self, *a, **k):
        if self == path:
            looks.append(self)
        return real_stat(self, *a, **k)

    monkeypatch.setattr(type(path), "stat", counting_stat)
    first = ladder.cached(path, now=100.0)
    assert first["nim"].level_point("medium").rating == 1000
    for k in range(60):  # a second of frames
        assert ladder.cached(path, now=100.0 + k / 61) is first
    assert len(looks) == 1
    changed = json.loads(json.dumps(SMALL))
    changed["games"]["nim"]["points"][2]["rating"] = 1100
    path.write_text(json.dumps(changed))
    os.utime(path, (1, 1))  # a different modification time, whatever the clock's grain
    assert ladder.cached(path, now=100.5) is first  # not looked at yet
    again = ladder.cached(path, now=101.2)
    assert again["nim"].level_point("medium").rating == 1100 and len(looks) == 2
    path.unlink()  # gone: no ladders, never an error
    assert ladder.cached(path, now=102.5) == {}
