"""tools/ladder.py: the arena's fit (choix) with bootstrap intervals, the ladder file it
merges into, and the "Match me" loop, on synthetic results (no bot games)."""

from __future__ import annotations

import math
import random

import pytest

from game.records import ladder
from game.records.ratings import place_results
from game.registry import GAMES
from tests.refusals import refused
from tools import ladder as lad

pytest.importorskip("choix")


def synthetic_games(true: list[float], pairs_games: int, seed: int):
    """Games between every pair of items whose Elo ratings are ``true``."""
    rng = random.Random(seed)
    games, groups = [], []
    for i in range(len(true)):
        for j in range(i + 1, len(true)):
            p = 1 / (1 + 10 ** ((true[j] - true[i]) / 400))
            for _k in range(pairs_games):
                games.append([(i, j, 1.0 if rng.random() < p else 0.0)])
                groups.append((i, j))
    return games, groups


def test_the_fit_recovers_known_strengths_in_order_with_intervals_around_them():
    true = [0, 250, 500, 800, 1000]
    games, groups = synthetic_games(true, 40, seed=1)
    out = lad.fit_with_intervals(len(true), games, groups=groups, resamples=60)
    rating = out["rating"]
    assert rating[0] == 0 and out["low"][0] == out["high"][0] == 0  # the anchor
    assert rating == sorted(rating)
    for i, t in enumerate(true):
        assert out["low"][i] <= rating[i] <= out["high"][i]
        assert abs(rating[i] - t) < 200, (i, rating[i], t)
    lo, hi = out["diff"][(3, 4)]
    assert lo < rating[4] - rating[3] < hi


@pytest.mark.parametrize("seed", [3, 4])
def test_the_counted_fit_is_choix_opt_pairwise_on_the_same_data(seed):
    """The fit starts choix where the same objective summed over win counts has its
    minimum (for speed); it must land where ``choix.opt_pairwise`` lands from zero,
    draws and a clean sweep included, and the counted start itself must be that
    minimum (or choix would be doing the work, slowly)."""
    import choix
    import numpy as np

    rng = random.Random(seed)
    n = 6
    results = []
    for _k in range(300):
        i, j = rng.sample(range(n), 2)
        # Item 5 never loses (a clean sweep); the others win by their index.
        if 5 in (i, j):
            results.append((i, j, 1.0 if i == 5 else 0.0))
        else:
            roll = rng.random()
            p = 1 / (1 + math.exp(-(i - j) * 0.4))
            results.append((i, j, 0.5 if roll < 0.1 else 1.0 if roll < 0.1 + 0.9 * p else 0.0))
    ours = lad.fit(n, results)
    params = choix.opt_pairwise(n, lad.pairwise(results), alpha=lad.PRIOR, method="BFGS")
    theirs = (np.asarray(params) - params[0]) * lad.ELO
    assert max(abs(a - b) for a, b in zip(ours, theirs, strict=True)) < 0.5, (ours, list(theirs))
    assert ours[5] == max(ours) and math.isfinite(ours[5])
    start = lad._counted_start(n, lad.win_counts(n, results))
    start = (start - start[0]) * lad.ELO
    assert max(abs(a - b) for a, b in zip(start, theirs, strict=True)) < 0.5, (
        list(start),
        list(theirs),
    )


def test_a_clean_sweep_stays_finite():
    games = [[(1, 0, 1.0)] for _ in range(10)]
    rating = lad.fit(2, [r for g in games for r in g])
    assert math.isfinite(rating[1]) and 300 < rating[1] < 3000


def test_draws_count_half():
    even = lad.fit(2, [(0, 1, 0.5)] * 10)
    assert abs(even[1]) < 1e-3


def test_ladder_pairs_give_expert_only_its_neighbours_and_medium():
    pairs = lad.ladder_pairs(lad.LADDER_STRENGTHS, 10, 4)
    expert = sorted(a for a, b, n in pairs if b == 4.0)
    assert expert == [2.0, 3.0, 3.5]
    assert all(n == 4 for a, b, n in pairs if b == 4.0)
    assert len(pairs) == 21 + 3


def test_pairings_with_3_5_play_their_own_number_of_games():
    """3.5's tables cost ten times a Hard table's (half its decisions are Expert's), so
    the cheap pairings may play more tables than it: every pairing with 3.5 below
    Expert plays ``slow_games``, Expert's its own ``expert_games``, the rest ``games``."""
    pairs = lad.ladder_pairs(lad.LADDER_STRENGTHS, 96, 24, slow_games=24)
    games = {(a, b): n for a, b, n in pairs}
    assert {(a, b) for (a, b), n in games.items() if n == 96} == {
        (a, b) for a, b, _n in pairs if max(a, b) <= 3.0
    }
    assert len([n for n in games.values() if n == 96]) == 15
    assert all(games[(a, 3.5)] == 24 for a in (0.0, 1.0, 1.5, 2.0, 2.5, 3.0))
    assert games[(3.5, 4.0)] == games[(3.0, 4.0)] == 24
    # Without it, every pairing below Expert plays --games, as before.
    assert lad.ladder_pairs(lad.LADDER_STRENGTHS, 10, 4) == lad.ladder_pairs(
        lad.LADDER_STRENGTHS, 10, 4, slow_games=10
    )


def test_a_ladder_with_fewer_3_5_games_plays_and_says_so():
    calls: list = []
    out = lad.run_ladder(
        _TwoSeatSpec,
        strengths=(0.0, 3.0, 3.5),
        games=6,
        slow_games=2,
        resamples=5,
        play=_synthetic_play(calls),
    )
    played = [tuple(sorted(s)) for s, _seed in calls]
    assert played.count((0.0, 3.0)) == 6
    assert played.count((0.0, 3.5)) == played.count((3.0, 3.5)) == 2
    assert out["slow_games"] == 2
    assert "6 games a pairing, 3.5 2, Expert" in lad.format_ladder(out)


@pytest.mark.parametrize("flag", ["--games", "--expert-games", "--slow-games"])
@pytest.mark.parametrize("value", ["0", "-3"])
def test_a_ladder_pairing_needs_at_least_one_game(tmp_path, flag, value, capsys):
    from tools import arena

    argv = ["--ladder", "crystal-connector", flag, value, "--out", str(tmp_path / "l")]
    assert f"{flag} {value}" in refused(arena.main, argv, capsys)
    assert not (tmp_path / "l").exists()


def test_a_table_of_twelve_holds_every_strength_and_one_expert():
    for k in range(8):
        seats = lad.table_seats(lad.LADDER_STRENGTHS, k, 12)
        assert seats.count(4.0) == 1 and set(seats) == set(lad.LADDER_STRENGTHS)


def test_merge_keeps_other_games_and_writes_a_file_the_client_reads(tmp_path):
    path = tmp_path / "ladder.json"
    entry = {
        "points": [
            {"strength": s, "rating": 300.0 * s, "low": 300.0 * s - 50, "high": 300.0 * s + 50}
            for s in (0.0, 1.0, 2.0)
        ],
        "games": 30,
    }
    lad.merge_ladder(path, "crystal-connector", entry)
    lad.merge_ladder(path, "color-crossroads", entry)
    lad.merge_ladder(path, "crystal-connector", dict(entry, games=31))
    problems: list[str] = []
    ladders = ladder.load(path, problems)
    assert problems == [] and set(ladders) == {"crystal-connector", "color-crossroads"}
    assert ladder.level_caption("medium", ladders["color-crossroads"]) == "Medium, about 600"
    # The file is kept in seeds/: a text file ends with its newline, once.
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n") and not text.endswith("\n\n")


def test_match_me_places_a_person_far_below_medium_within_ten_games(monkeypatch):
    """A ladder as steep below Medium as Crystal Connector's (Easy 700, Medium 2100):
    a person at 1.2 starts 1,100 points too high.  Placement (the deviation held for
    the first games) brings its win rate over games 11-20 near a half; plain Glicko-2
    leaves it losing most of them."""
    from game.records import ratings

    ratings_at = {0: 0.0, 1: 700.0, 2: 2100.0, 3: 2450.0, 4: 2650.0}
    points = tuple(ladder.Point(float(s), r, r - 60, r + 60) for s, r in sorted(ratings_at.items()))
    lad_ = ladder.Ladder("steep", points)

    class Spec:
        id = "steep"
        title = "Steep"

        @staticmethod
        def resolve_options(players):
            return players, {}

    def late_rate(seed):
        rng = random.Random(seed)

        def play(task):
            a, b = (ladder.parse_strength_level(x) for x in task["seats"])
            p = 1 / (1 + 10 ** ((lad_.rating(b) - lad_.rating(a)) / 400))
            return {"places": [1, 2] if rng.random() < p else [2, 1]}

        result = lad.run_match_me(
            Spec, lad_, people=(1.2,), games=20, repeats=12, play=play, progress=None
        )
        late = [h["score"] for r in result["rows"] for h in r["history"][10:]]
        return sum(late) / len(late)

    assert 0.35 <= late_rate(3) <= 0.65
    monkeypatch.setattr(ratings, "PLACEMENT_GAMES", 0)
    assert late_rate(3) < 0.3  # without placement the person is still far too high


def test_placement_keeps_a_newcomers_deviation_for_the_first_games():
    from game.records import ratings
    from game.records.ratings import Rating, update

    bot = Rating(1500.0, 50.0)
    me = Rating(1500.0)
    for k in range(ratings.PLACEMENT_GAMES):
        me = update(me, [(bot, 0.0)], rated_before=k)
        assert me.rd == ratings.DEFAULT_RD  # each placement loss moves it as far
    settled = update(me, [(bot, 0.0)], rated_before=ratings.PLACEMENT_GAMES)
    assert settled.rd < ratings.DEFAULT_RD
    plain = update(Rating(1500.0), [(bot, 0.0)])
    assert plain.rd < ratings.DEFAULT_RD  # without a count: plain Glicko-2
    # Six placement losses take a newcomer much further than six plain ones.
    far, near = Rating(1500.0), Rating(1500.0)
    for k in range(6):
        far = update(far, [(Rating(far.rating, 50.0), 0.0)], rated_before=k)
        near = update(near, [(Rating(near.rating, 50.0), 0.0)])
    assert far.rating < near.rating - 300


def test_match_me_brings_simulated_people_near_half_their_games():
    """People of known strength against the opponent Match me picks: with results
    drawn from the ladder's own ratings, the rating finds them and they win about
    half the time from game 11 on."""
    points = tuple(ladder.Point(s, 350.0 * s, 350.0 * s - 40, 350.0 * s + 40) for s in range(5))
    lad_ = ladder.Ladder("toy", points)
    rng = random.Random(7)

    def play(task):
        a, b = (ladder.parse_strength_level(x) for x in task["seats"])
        p = 1 / (1 + 10 ** ((lad_.rating(b) - lad_.rating(a)) / 400))
        first_wins = rng.random() < p
        return {"places": [1, 2] if first_wins else [2, 1]}

    class Spec:
        id = "toy"
        title = "Toy"

        @staticmethod
        def resolve_options(players):
            return players, {}

    result = lad.run_match_me(
        Spec, lad_, people=(1.2, 3.4), games=20, repeats=8, play=play, progress=None
    )
    assert result["start"] == 700  # the ladder's Medium
    for person in (1.2, 3.4):
        runs = [r for r in result["rows"] if r["person"] == person]
        late = [h["score"] for r in runs for h in r["history"][10:]]
        assert 0.3 <= sum(late) / len(late) <= 0.7
        final = sum(r["history"][-1]["rating"] for r in runs) / len(runs)
        assert abs(final - lad_.rating(person)) < 250
    text = lad.format_match_me(result)
    assert "1.2" in text and "3.4" in text


def _toy_spec(players: int):
    """A game spec as run_ladder reads it: ``players`` seats, no options."""

    class Spec:
        id = "toy" if players == 2 else "twelve"
        title = id.title()
        min_players = 2 if players == 2 else 3
        default_players = players

        @staticmethod
        def resolve_options(n):
            return n, {}

    return Spec


_TwoSeatSpec = _toy_spec(2)
_TwelveSeatSpec = _toy_spec(12)


def _record(task: dict, places: list[int]) -> dict:
    """What play_game returns for ``task``, with these places (no bots run)."""
    n = len(places)
    return {
        "pairing": task["pairing"],
        "index": task["index"],
        "seed": task["seed"],
        "seats": task["seats"],
        "places": places,
        "think": [0.0] * n,
        "moves": [1] * n,
        "note": "",
    }


def _synthetic_play(calls: list):
    """A game between two strengths, won by the stronger seat (no bots run)."""

    def play(task):
        calls.append((tuple(task["strengths"]), task["seed"]))
        a, b = task["strengths"]
        places = [1, 2] if a > b else [2, 1] if b > a else [1, 1]
        return _record(task, places)

    return play


def test_a_ladder_extended_with_reuse_plays_only_the_games_it_lacks():
    first_calls: list = []
    first = lad.run_ladder(
        _TwoSeatSpec,
        strengths=(0.0, 2.0, 3.0, 4.0),
        games=2,
        expert_games=2,
        resamples=5,
        play=_synthetic_play(first_calls),
    )
    assert len(first_calls) == first["games"] == 3 * 2 + 2 * 2  # Expert meets Hard, Medium
    # More Expert games, against Hard only: the two Expert-Hard games are reused.
    more_calls: list = []
    many_batches: list = []

    def play_many(tasks, finished):
        many_batches.append(len(tasks))
        for t in tasks:
            finished(t, _synthetic_play(more_calls)(t))

    again = lad.run_ladder(
        _TwoSeatSpec,
        strengths=(0.0, 2.0, 3.0, 4.0),
        games=2,
        expert_games=6,
        expert_opponents=(3.0,),
        resamples=5,
        play=_synthetic_play(more_calls),
        play_many=play_many,
        reuse=first["records"],
    )
    assert many_batches == [4] and len(more_calls) == 4  # Expert-Hard games 3..6 only
    assert all(4.0 in s for s, _seed in more_calls)
    assert again["games"] == 3 * 2 + 6
    row = next(r for r in again["pairings"] if (r["a"], r["b"]) == (3.0, 4.0))
    assert row["games"] == 6 and row["score_a"] == 0.0
    assert "against each of Hard" in lad.format_ladder(again)
    # every record is kept with what made it that game, so it can be reused again
    assert all("strengths" in r and "time_scale" in r for r in again["records"])


def test_games_with_a_seat_between_levels_mixed_once_an_action_are_played_again():
    """Records without a "mix" had their in-between seats choose a level once an
    action.  Those games are played again; named levels' games are reused."""
    first = lad.run_ladder(
        _TwoSeatSpec, strengths=(0.0, 1.5, 2.0), games=2, resamples=5, play=_synthetic_play([])
    )
    assert all(r["mix"] == "turn" for r in first["records"])
    old = [{k: v for k, v in r.items() if k != "mix"} for r in first["records"]]

    def played_again(reuse) -> list:
        calls: list = []
        lad.run_ladder(
            _TwoSeatSpec,
            strengths=(0.0, 1.5, 2.0),
            games=2,
            resamples=5,
            play=_synthetic_play(calls),
            reuse=reuse,
        )
        return calls

    calls = played_again(old)
    # (0, 1.5) and (1.5, 2) twice each are played again; (0, 2) is reused
    assert len(calls) == 4 and all(1.5 in s for s, _seed in calls)
    calls = played_again(first["records"])
    assert calls == []
    # A hostile "mix" (unhashable, huge, another word) is never trusted: played again.
    hostile = [dict(r) for r in first["records"]]
    between = [r for r in hostile if 1.5 in r["strengths"]]
    for r, mix in zip(between, ([1], {"a": 1}, "x" * 100_000, "action"), strict=False):
        r["mix"] = mix
    assert len(played_again(hostile)) == 4


def test_two_player_ladder_games_swap_seats_every_game():
    """Game k of a pairing: the lower strength first at even k, second at odd k (the
    order earlier --json files were played in, so --reuse finds their games)."""
    calls: list = []
    lad.run_ladder(
        _TwoSeatSpec, strengths=(0.0, 2.0), games=6, resamples=5, play=_synthetic_play(calls)
    )
    assert [s for s, _seed in calls] == [(0.0, 2.0), (2.0, 0.0)] * 3


def _places_by_strength(calls: list, lone_bonus: float = 0.0):
    """A twelve-seat game placed by strength; a seat alone at its table counts as
    ``lone_bonus`` stronger (what a seat gains when the others all think alike)."""

    def play(task):
        seats = task["strengths"]
        calls.append(list(seats))
        power = [s + (lone_bonus if seats.count(s) == 1 else 0.0) for s in seats]
        places = [1 + sum(1 for q in power if q > p) for p in power]
        return _record(task, places)

    return play


def test_many_seat_ladder_seats_one_strength_alone_among_the_other():
    calls: list = []
    out = lad.run_ladder(
        _TwelveSeatSpec,
        strengths=(0.0, 2.0, 3.0, 4.0),
        games=4,
        expert_games=2,
        resamples=5,
        play=_places_by_strength(calls),
    )
    assert out["seating"] == "lone" and out["players"] == 12
    assert len(calls) == 3 * 4 + 2 * 2  # the round robin, as in a two-player ladder
    for seats in calls:
        # two strengths, one of them in one seat
        assert len(seats) == 12 and len(set(seats)) == 2
        assert min(seats.count(s) for s in set(seats)) == 1
    medium_hard = [seats for seats in calls if set(seats) == {2.0, 3.0}]
    assert sorted(seats.count(3.0) for seats in medium_hard) == [1, 1, 11, 11]
    assert len({seats.index(3.0) if seats.count(3.0) == 1 else -1 for seats in medium_hard}) > 1
    # the stronger seat wins every comparison: A's score is its share of comparisons
    row = next(r for r in out["pairings"] if (r["a"], r["b"]) == (2.0, 3.0))
    assert row["games"] == 4 and row["score_a"] == 0.0
    rating = [p["rating"] for p in out["points"]]
    assert rating == sorted(rating) and rating[1] > 300
    text = lad.format_ladder(out)
    assert "one seat alone among 11 of another strength, 4 tables a pairing" in text
    assert "alone among 11" in lad.ladder_entry(out)["note"]


def test_mixed_tables_are_still_there_and_a_lone_seat_advantage_shows_in_lone_tables():
    mixed = lad.run_ladder(
        _TwelveSeatSpec,
        strengths=(0.0, 2.0, 3.0, 4.0),
        games=3,
        resamples=5,
        seating="mixed",
        play=_places_by_strength([]),
    )
    assert mixed["seating"] == "mixed" and mixed["tables"] == 3 and mixed["pairings"] == []
    assert "mixing every strength" in lad.format_ladder(mixed)
    # A level that gains by sitting alone wins half its lone tables against a stronger
    # one: the lone seating sees it (the mixed tables, where every strength sits
    # several times, cannot).
    lone = lad.run_ladder(
        _TwelveSeatSpec,
        strengths=(2.0, 3.0),
        games=4,
        resamples=5,
        play=_places_by_strength([], lone_bonus=1.5),
    )
    row = lone["pairings"][0]
    assert row["score_a"] == 0.5  # Medium alone beats eleven Hards; Hard alone, eleven Mediums
    with pytest.raises(ValueError, match="lone or mixed"):
        lad.run_ladder(_TwelveSeatSpec, seating="round", play=_places_by_strength([]))


def test_records_played_at_another_time_control_are_not_reused():
    first = lad.run_ladder(
        _TwoSeatSpec,
        strengths=(0.0, 2.0),
        games=2,
        resamples=5,
        time_scale=0.25,
        play=_synthetic_play([]),
    )
    calls: list = []
    lad.run_ladder(
        _TwoSeatSpec,
        strengths=(0.0, 2.0),
        games=2,
        resamples=5,
        play=_synthetic_play(calls),
        reuse=first["records"],
    )
    assert len(calls) == 2


def assert_reuse_refused(arena, path, tmp_path, capsys) -> None:
    """``--ladder ... --reuse path`` stops at once with exit 2, names --reuse in its
    message and writes no ladder."""
    out = tmp_path / "l.json"
    argv = ["--ladder", "crystal-connector", "--reuse", str(path), "--out", str(out)]
    with pytest.raises(SystemExit) as exc:
        arena.main(argv)
    assert exc.value.code == 2
    assert "--reuse" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        '{"game": "color-crossroads", "records": []}',
        "[1, 2]",
        "[" * 100_000 + "]" * 100_000,
        '{"game": "crystal-connector", "records": [1e999]}',
        '{"game": "crystal-connector", "records": 7}',
        "",
    ],
)
def test_reuse_refuses_a_file_that_is_not_this_games_ladder(tmp_path, content, capsys):
    from tools import arena

    bad = tmp_path / "earlier.json"
    bad.write_text(content)
    assert_reuse_refused(arena, bad, tmp_path, capsys)


def test_match_me_simulated_draws_results_from_the_ladder_and_says_so(capsys):
    """--simulate plays no bot: a strength far above another wins nearly always."""
    from tools import arena

    code = arena.main(
        ["--match-me", "crystal-connector", "--simulate", "--runs", "4", "--games", "12"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "results drawn at the ladder's odds (no bot games)" in out
    assert "1.2" in out and "3.4" in out
    lad_ = ladder.load(ladder.LADDER_FILE)["crystal-connector"]
    play = lad.simulated_play(lad_, random.Random(1))
    wins = sum(play({"seats": ["expert", "easy"]})["places"][0] == 1 for _ in range(200))
    assert wins > 190
    even = sum(play({"seats": ["medium", "medium"]})["places"][0] == 1 for _ in range(400))
    assert 150 < even < 250


@pytest.mark.parametrize(
    "flags, said",
    [
        (["--games", "0"], "--games 0"),
        (["--games", "1"], "--games 1"),
        (["--games", "-3"], "--games -3"),
        (["--runs", "0"], "--runs 0"),
    ],
)
def test_match_me_refuses_too_few_games_or_runs_with_its_reason(capsys, flags, said):
    from tools import arena

    assert said in refused(
        arena.main, ["--match-me", "crystal-connector", "--simulate", *flags], capsys
    )


def test_match_me_seats_a_person_alone_among_eleven_bots_in_element_shift(capsys):
    """A twelve-seat game: the person sits alone among eleven Match me bots (as game
    select seats it), scores its share of the eleven seat comparisons, and its rating
    moves on all eleven: --match-me element-shift plays, it does not end in a traceback."""
    from tools import arena

    code = arena.main(["--match-me", "element-shift", "--simulate", "--runs", "2", "--games", "12"])
    out = capsys.readouterr().out
    assert code == 0
    assert "each alone among 11 bots, the win rate its share of the seat comparisons" in out
    lad_ = ladder.load(ladder.LADDER_FILE)["element-shift"]
    seen = []

    def play(task):
        seen.append(task)
        return lad.simulated_play(lad_, random.Random(len(seen)))(task)

    result = lad.run_match_me(
        GAMES["element-shift"], lad_, people=(1.2,), games=6, repeats=1, play=play
    )
    assert result["players"] == 12 and len(seen) == 6
    for g, task in enumerate(seen):
        person = [i for i, lvl in enumerate(task["seats"]) if lvl == lad.level_of(1.2)]
        assert person == [task["seat"]] == [g % 12] and len(task["seats"]) == 12
    scores = [h["score"] for h in result["rows"][0]["history"]]
    # Shares of eleven comparisons, not one game's win or loss.
    assert all(abs(sc * 22 - round(sc * 22)) < 1e-9 for sc in scores)
    assert any(0 < sc < 1 for sc in scores)
    play = lad.simulated_play(lad_, random.Random(1))

    def share(task, n=200):
        got = [place_results(dict(enumerate(play(task)["places"])), task["seat"]) for _ in range(n)]
        return sum(sc for pairs in got for _o, sc in pairs) / (n * 11)

    # Expert (689) against Easies (195): 94.5 % a comparison at the ladder's odds.
    assert 0.92 < share({"seats": ["easy"] * 5 + ["expert"] + ["easy"] * 6, "seat": 5}) < 0.97
    assert share({"seats": ["expert"] * 3 + ["random"] + ["expert"] * 8, "seat": 3}) < 0.04
    assert 0.45 < share({"seats": ["hard"] * 12, "seat": 0}) < 0.55


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.update(strengths="3.0"),
        lambda r: r.update(strengths=[float("inf"), 4.0]),
        lambda r: r.update(seed="x" * 100_000),
        lambda r: r.update(seconds=[1, 2]),
        lambda r: r.update(places=[1]),
        lambda r: r.update(places=["1", "2"]),
        lambda r: r.update(think=["0.5", 1.0]),
        lambda r: r.update(moves=[float("nan"), 1]),
        lambda r: r.pop("places"),
        lambda r: r.clear(),
    ],
)
def test_a_damaged_earlier_record_is_played_again_not_trusted(damage):
    first = lad.run_ladder(
        _TwoSeatSpec,
        strengths=(0.0, 3.0, 4.0),
        games=2,
        expert_games=2,
        resamples=5,
        play=_synthetic_play([]),
    )
    records = [dict(r) for r in first["records"]]
    damage(records[-1])
    calls: list = []
    again = lad.run_ladder(
        _TwoSeatSpec,
        strengths=(0.0, 3.0, 4.0),
        games=2,
        expert_games=2,
        resamples=5,
        play=_synthetic_play(calls),
        reuse=records + ["not a record", None, 7],
    )
    assert len(calls) == 1  # only the damaged game is played again
    assert again["games"] == first["games"]


def test_reuse_of_a_fifo_or_a_missing_file_is_refused_without_waiting(tmp_path, capsys):
    import os

    from tools import arena

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody writes: a plain open() would wait for ever
    for path in (fifo, tmp_path / "missing.json"):
        assert_reuse_refused(arena, path, tmp_path, capsys)


@pytest.mark.parametrize("value", ["", "hard", "nan", "4", "3.25", "3," * 10_000 + "x"])
def test_expert_opponents_must_be_ladder_strengths_below_expert(tmp_path, value, capsys):
    from tools import arena

    with pytest.raises(SystemExit) as exc:
        arena.main(
            [
                "--ladder",
                "crystal-connector",
                "--expert-opponents",
                value,
                "--out",
                str(tmp_path / "l.json"),
            ]
        )
    assert exc.value.code == 2
    assert "--expert-opponents" in capsys.readouterr().err
    assert not (tmp_path / "l.json").exists()


@pytest.mark.parametrize(
    "argv, said",
    [
        (["--game", "crystal-connector", "--levels", "easy,random", "--games", "0"], "--games 0"),
        (["--game", "element-shift", "--levels", "easy,random", "--games", "-2"], "--games -2"),
    ],
)
def test_the_arena_refuses_no_games_instead_of_printing_empty_tables(capsys, argv, said):
    from tools import arena

    assert said in refused(arena.main, argv, capsys)


@pytest.mark.parametrize(
    "argv, said", [(["--examples", "0"], "--examples 0"), (["--timeout", "-1"], "--timeout -1")]
)
def test_fuzz_refuses_no_examples_or_no_time(capsys, argv, said):
    from tools import fuzz

    assert said in refused(fuzz.main, argv, capsys)
