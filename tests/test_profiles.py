"""Local player profiles (game/records/profiles.py): the store, the records, the ratings."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.midend.match import Match, Seat
from game.records import profiles as P
from game.records.ladder import Ladder
from game.records.ratings import Rating
from game.registry import GAMES
from game.rules.contract import GameSetup, Outcome

ROOT = Path(__file__).resolve().parent.parent
GAME = "chromatic-collapse"


def make_ladder(ratings, halfwidths=(40, 60, 60, 100, 20)):
    """A ladder of Random .. Expert at ``ratings`` (strengths 0 .. 4)."""
    points = [
        {"strength": s, "rating": r, "low": r - h, "high": r + h}
        for s, (r, h) in enumerate(zip(ratings, halfwidths, strict=True))
    ]
    return Ladder.from_data(GAME, {"points": points})


LADDER = make_ladder((0, 700, 1250, 1700, 1900))


class _Over:
    """A finished state standing in for a real end (the rules are tested elsewhere)."""

    def __init__(self, places):
        self._outcome = Outcome(tuple(places), "over")
        self.num_players = len(places)

    def outcome(self):
        return self._outcome

    def is_terminal(self):
        return True


def finished(seats, places, profiles=None, game=GAME, started=1000.0):
    spec = GAMES[game]
    setup = GameSetup(game, len(seats), {}, 7)
    m = Match.new(setup, seats) if len(seats) == spec.default_players else None
    if m is None:
        players, options = spec.resolve_options(len(seats))
        setup = GameSetup(game, players, options, 7)
        m = Match.new(setup, seats)
    m.states.append(_Over(places))
    m.profiles = dict(profiles or {})
    m.started_at = started
    return m


def two(names=("Ada", "Bo")):
    ps = P.Profiles()
    out = []
    for i, n in enumerate(names):
        ps, p = ps.add(n, P.COLOURS[i], "2026-11-20")
        out.append(p)
    return ps, out


# -- names ------------------------------------------------------------------------------


def test_names_are_trimmed_and_hostile_ones_refused_with_a_reason():
    assert P.check_name("  Ada   Lovelace ") == "Ada Lovelace"
    assert P.check_name("Zoë") == "Zoë"
    for bad, word in [
        ("", "Type a name"),
        ("   ", "Type a name"),
        ("x" * 17, "at most 16"),
        ("a\x00b", "only letters"),
        ("a\u202eb", "only letters"),  # right-to-left override
        ("a\u200db", "only letters"),  # zero-width joiner
        ("\ue000", "only letters"),  # private use
        (None, "must be text"),
    ]:
        with pytest.raises(P.NameProblem) as err:
            P.check_name(bad)
        assert word in str(err.value)


def test_add_refuses_a_taken_name_whatever_its_case_and_a_full_list():
    ps, (ada, _bo) = two()
    with pytest.raises(P.NameProblem, match="already a profile"):
        ps.add(" ADA ", "ruby", "2026-11-20")
    assert ps.find("ada") == ada
    full = P.Profiles()
    for i in range(P.MAX_PROFILES):
        full, _p = full.add(f"P{i}", "ruby", "2026-11-20")
    with pytest.raises(P.NameProblem, match="already 32"):
        full.add("One more", "ruby", "2026-11-20")
    assert len({p.id for p in full.profiles}) == P.MAX_PROFILES


def test_find_or_add_finds_the_same_player_and_gives_a_new_one_a_free_colour():
    ps, (ada, _bo) = two()
    same, found = ps.find_or_add("ada", "2026-11-21")
    assert same is ps and found == ada
    more, cy = ps.find_or_add("Cy", "2026-11-21")
    assert cy.colour not in {"ruby", "amber"} and more.find("cy") == cy


# -- the store ---------------------------------------------------------------------------


def test_round_trip_keeps_everything(paths):
    ps, (ada, _bo) = two()
    m = finished([Seat.person("Ada"), Seat.bot("hard")], [1, 2], {0: ada.id})
    ps, _ = P.record_match(ps, m, LADDER, "2026-11-21")
    ps = ps.with_last([ada.id, ""])
    assert P.save(ps, paths) is None
    back, problem = P.load(paths)
    assert problem is None and back == ps
    assert back.get(ada.id).games[GAME].history[0].opponent == "bot:hard"


def test_no_file_is_no_profiles_and_no_message(paths):
    assert P.load(paths) == (P.Profiles(), None)


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"",
        json.dumps({"format": 99, "profiles": []}).encode(),
        json.dumps(
            {
                "format": 1,
                "profiles": [
                    {"id": "p1", "name": "\u202e", "colour": "ruby", "created": "2026-01-01"}
                ],
            }
        ).encode(),
        json.dumps(
            {
                "format": 1,
                "profiles": [
                    {"id": "p1", "name": "Ada", "colour": "ruby", "created": "2026-01-01"},
                    {"id": "p2", "name": "ADA", "colour": "ruby", "created": "2026-01-01"},
                ],
            }
        ).encode(),
    ],
)
def test_a_damaged_file_is_set_aside_and_reported_never_a_crash(paths, content):
    path = P.profiles_path(paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    got, problem = P.load(paths)
    assert got == P.Profiles()
    assert problem and problem.startswith("The player profiles could not be read")
    assert not path.exists()
    kept = list(path.parent.glob("profiles.corrupt-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    # ... and the next save starts a fresh file
    ps, _ = two()
    assert P.save(ps, paths) is None and P.load(paths)[0] == ps


def test_the_history_is_capped_at_the_newest_entries():
    ps, (ada, _bo) = two()
    for i in range(P.MAX_HISTORY + 20):
        m = finished(
            [Seat.person(), Seat.bot("medium")], [1 + i % 2, 2 - i % 2], {0: ada.id}, started=i
        )
        ps, _ = P.record_match(ps, m, LADDER, f"2026-11-{1 + i % 28:02d}")
    rec = ps.get(ada.id).games[GAME]
    assert rec.played == rec.rated == P.MAX_HISTORY + 20
    assert len(rec.history) == P.MAX_HISTORY
    assert len(ps.recorded) == P.MAX_RECORDED
    assert rec.history[-1].rating == rec.rating.rating


def test_an_unwritable_folder_is_a_message_not_a_crash(paths, tmp_path):
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the folder should be")
    bad = type(paths)(paths.config, blocker, paths.logs)
    ps, _ = two()
    assert P.save(ps, bad) == "The player profiles could not be saved"


WRITER = """
import sys, os
sys.path.insert(0, {root!r})
from game.records import profiles as P
from game.storage.saves import Paths
from pathlib import Path
paths = Paths(Path({home!r}) / "c", Path({home!r}) / "d", Path({home!r}) / "l")
ps, _ = P.load(paths)
n = 1 + max((int(p.name[1:]) for p in ps.profiles), default=0)
while True:
    if len(ps.profiles) >= P.MAX_PROFILES:
        ps = ps.remove(ps.profiles[0].id)
    ps, _p = ps.add(f"K{{n}}", "ruby", "2026-11-26")
    assert P.save(ps, paths) is None
    n += 1
    print(n, flush=True)
"""


def test_a_writer_killed_mid_write_leaves_a_whole_file(tmp_path):
    """SIGKILL a process that saves profiles as fast as it can, over and over: every
    reopen reads a whole file (never set aside) holding the last save it reported."""
    home = tmp_path / "home"
    code = WRITER.format(root=str(ROOT), home=str(home))
    from game.storage.saves import Paths

    paths = Paths(home / "c", home / "d", home / "l")
    for round_ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        reported = None
        try:
            for _ in range(5 + 7 * round_):
                line = proc.stdout.readline()
                if not line:
                    break
                reported = int(line)
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.stdout.close()
        assert reported is not None, "the writer never saved"
        ps, problem = P.load(paths)
        assert problem is None
        names = {p.name for p in ps.profiles}
        assert f"K{reported - 1}" in names  # the last save it reported is there
        assert not list(paths.data.glob("*.corrupt-*"))


# -- what a game does to the records -------------------------------------------------------


def test_a_win_against_a_rated_bot_raises_the_rating_once_per_game():
    ps, (ada, _bo) = two()
    m = finished([Seat.person("Ada"), Seat.bot("hard")], [1, 2], {0: ada.id})
    after, changes = P.record_match(ps, m, LADDER, "2026-11-21")
    rec = after.get(ada.id).games[GAME]
    assert (rec.played, rec.won, rec.lost, rec.drawn, rec.rated) == (1, 1, 0, 0, 1)
    start = P.start_rating(LADDER)
    assert start == 1250  # the ladder's Medium
    # placement: a first game keeps the newcomer's deviation, so the next moves as far
    assert rec.rating.rating > start and rec.rating.rd == 350
    assert changes[0].before.rating == start and changes[0].after == rec.rating
    # the same game again (a results screen built twice) changes nothing
    again, none = P.record_match(after, m, LADDER, "2026-11-21")
    assert again is after and none == []


def test_the_deviation_shrinks_once_the_placement_games_are_played():
    from game.records.ratings import PLACEMENT_GAMES

    ps, (ada, _bo) = two()
    rds = []
    for i in range(PLACEMENT_GAMES + 2):
        m = finished(
            [Seat.person(), Seat.bot("medium")], [1 + i % 2, 2 - i % 2], {0: ada.id}, started=i
        )
        ps, _ = P.record_match(ps, m, LADDER, "d")
        rds.append(ps.get(ada.id).games[GAME].rating.rd)
    assert rds[:PLACEMENT_GAMES] == [350] * PLACEMENT_GAMES
    assert rds[PLACEMENT_GAMES] < 350 and rds[PLACEMENT_GAMES + 1] < rds[PLACEMENT_GAMES]


def test_a_loss_lowers_it_and_a_draw_against_a_weaker_bot_too():
    ps, (ada, _bo) = two()
    lost, _ = P.record_match(
        ps, finished([Seat.bot("easy"), Seat.person()], [1, 2], {1: ada.id}), LADDER, "d"
    )
    assert lost.get(ada.id).games[GAME].rating.rating < 1250
    assert lost.get(ada.id).games[GAME].lost == 1
    drew, _ = P.record_match(
        ps, finished([Seat.bot("easy"), Seat.person()], [1, 1], {1: ada.id}), LADDER, "d"
    )
    rec = drew.get(ada.id).games[GAME]
    assert rec.drawn == 1 and rec.rating.rating < 1250


def test_an_at_strength_bot_is_rated_between_the_levels():
    r = P.bot_rating(LADDER, 2.5)
    assert r.rating == pytest.approx(1475) and r.rd == pytest.approx(40)
    assert P.bot_rating(LADDER, 4).rd == P.MIN_BOT_RD  # a quarter of 40 is below the floor
    ps, (ada, _bo) = two()
    m = finished([Seat.person(), Seat.bot("at:2.50")], [1, 2], {0: ada.id})
    after, _ = P.record_match(ps, m, LADDER, "d")
    rec = after.get(ada.id).games[GAME]
    assert rec.rated == 1 and rec.history[0].opponent == "bot:at:2.50"
    assert P.opponent_text("bot:at:2.50") == "Bot at strength 2.50"
    assert P.opponent_text("bot:hard") == "Hard bot"


def test_unrated_opponents_count_in_played_and_won_but_not_in_the_rating():
    ps, (ada, _bo) = two()
    for seats, ladder in [
        ([Seat.person(), Seat.person("guest")], LADDER),  # a guest
        ([Seat.person(), Seat.bot("hard")], None),  # a game without a ladder
    ]:
        after, changes = P.record_match(ps, finished(seats, [1, 2], {0: ada.id}), ladder, "d")
        rec = after.get(ada.id).games[GAME]
        assert (rec.played, rec.won, rec.rated, rec.history) == (1, 1, 0, ())
        assert rec.rating == Rating(P.start_rating(ladder))
        assert changes[0].after is None
    assert P.start_rating(None) == 1500


def test_two_profiles_at_one_table_are_both_updated_from_their_old_ratings():
    ps, (ada, bo) = two()
    m = finished([Seat.person("Ada"), Seat.person("Bo")], [2, 1], {0: ada.id, 1: bo.id})
    after, changes = P.record_match(ps, m, LADDER, "d")
    a, b = after.get(ada.id).games[GAME], after.get(bo.id).games[GAME]
    assert a.rating.rating < 1250 < b.rating.rating
    # symmetric: neither saw the other's new rating
    assert a.rating.rating - 1250 == pytest.approx(1250 - b.rating.rating, abs=0.02)
    assert a.history[0].opponent == "profile:Bo" and b.history[0].opponent == "profile:Ada"
    assert [c.place_text for c in changes] == ["lost", "won"]


def test_a_multi_player_game_is_one_result_against_each_rated_seat():
    ps, (ada, _bo) = two()
    game = "crystal-formation"
    seats = [Seat.person(), Seat.bot("hard"), Seat.person(), Seat.bot("medium")]
    ladder = Ladder.from_data(game, {"points": [dict(p.__dict__) for p in LADDER.points]})
    # Ada second (beat the Medium bot and the guest? no: seat 2 is a guest, unrated)
    m = finished(seats, [2, 1, 3, 4], {0: ada.id}, game=game)
    after, _ = P.record_match(ps, m, ladder, "d")
    rec = after.get(ada.id).games[game]
    assert rec.played == 1 and rec.lost == 1 and rec.rated == 1
    assert rec.history[0].opponent == "many:2"  # the two bots, not the guest
    from game.records.ratings import update

    expected = update(
        Rating(1250),
        [(P.bot_rating(ladder, 3), 0.0), (P.bot_rating(ladder, 2), 1.0)],
        rated_before=0,
    )
    assert rec.rating == expected


def test_streaks_count_wins_in_a_row_and_keep_the_best():
    ps, (ada, _bo) = two()
    for i, place in enumerate([1, 1, 1, 2, 1, 1]):
        m = finished([Seat.person(), Seat.bot("easy")], [place, 3 - place], {0: ada.id}, started=i)
        ps, _ = P.record_match(ps, m, LADDER, "d")
    rec = ps.get(ada.id).games[GAME]
    assert (rec.streak, rec.best_streak, rec.won, rec.lost) == (2, 3, 5, 1)


def test_a_game_without_profiles_or_not_over_changes_nothing():
    ps, (ada, _bo) = two()
    m = finished([Seat.person(), Seat.bot("hard")], [1, 2])
    assert P.record_match(ps, m, LADDER, "d") == (ps, [])
    live = Match.new(GameSetup(GAME, 2, {}, 3), [Seat.person(), Seat.bot("hard")])
    live.profiles = {0: ada.id}
    assert P.record_match(ps, live, LADDER, "d") == (ps, [])
    gone = finished([Seat.person(), Seat.bot("hard")], [1, 2], {0: "p99"})  # removed profile
    assert P.record_match(ps, gone, LADDER, "d") == (ps, [])


def test_record_finished_writes_once_per_match_object(paths):
    ps, (ada, _bo) = two()
    P.save(ps, paths)
    m = finished([Seat.person(), Seat.bot("hard")], [1, 2], {0: ada.id})
    changes, problem = P.record_finished(m, paths, {GAME: LADDER})
    assert problem is None and len(changes) == 1
    assert P.record_finished(m, paths, {GAME: LADDER}) == ([], None)
    # a copy of the same game (same id and start) is still not counted twice
    twin = finished([Seat.person(), Seat.bot("hard")], [1, 2], {0: ada.id})
    assert P.record_finished(twin, paths, {GAME: LADDER}) == ([], None)
    assert P.load(paths)[0].get(ada.id).games[GAME].played == 1


def test_record_finished_reports_a_damaged_file_and_leaves_it_aside(paths):
    path = P.profiles_path(paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[1, 2")
    m = finished([Seat.person(), Seat.bot("hard")], [1, 2], {0: "p1"})
    changes, problem = P.record_finished(m, paths, {})
    assert changes == [] and "could not be read" in problem
    assert list(path.parent.glob("profiles.corrupt-*.json"))


def test_today_is_a_date():
    assert P.today(time.mktime((2026, 11, 26, 12, 0, 0, 0, 0, -1))) == "2026-11-26"


def test_the_autosave_keeps_who_played_as_which_profile_and_a_replay_does_not(paths):
    from game.storage import autosave

    m = Match.new(GameSetup(GAME, 2, {}, 5), [Seat.person("Ada"), Seat.bot("hard")])
    m.submit(m.state.legal_moves()[0])
    m.profiles = {0: "p3"}
    assert autosave.save(m, paths) is None
    back, problem = autosave.load(paths)
    assert problem is None and back.profiles == {0: "p3"}
    assert "profiles" not in m.to_replay()  # the theatre's and saved replays name no one
    for bad in [{"0": "x"}, {"7": "p1"}, {"0": 3}, ["p1"], {"00000": "p1"}, {"-1": "p1"}]:
        assert autosave.saved_profiles(bad, 2) == {}, bad


def _rated_game_autosaved(paths, profile_id, seed=5):
    from game.storage import autosave

    m = Match.new(GameSetup(GAME, 2, {}, seed), [Seat.person("Ada"), Seat.bot("hard")])
    m.profiles = {0: profile_id}
    m.submit(m.state.legal_moves()[0])
    assert autosave.save(m, paths) is None
    return m


def test_a_new_game_over_an_unfinished_rated_one_counts_it_as_given_up_once(paths):
    """Quit a losing game to the title and start another: the autosave it replaces is
    counted for its profile seats (played, abandoned, streak broken, rating kept)."""
    from game.storage import autosave

    ps, (ada, _bo) = two()
    won = finished([Seat.person(), Seat.bot("easy")], [1, 2], {0: ada.id})
    ps, _ = P.record_match(ps, won, LADDER, "2026-11-22")
    assert P.save(ps, paths) is None
    rating = ps.get(ada.id).games[GAME].rating
    _rated_game_autosaved(paths, ada.id)
    new = Match.new(GameSetup(GAME, 2, {}, 6), [Seat.person("Ada"), Seat.bot("easy")])
    new.started_at += 1  # (two games made in the same millisecond would be one)
    new.submit(new.state.legal_moves()[0])
    assert autosave.save(new, paths) is None
    rec = P.load(paths)[0].get(ada.id).games[GAME]
    assert (rec.played, rec.won, rec.abandoned, rec.streak) == (2, 1, 1, 0)
    assert rec.rating == rating
    assert autosave.load(paths)[0].started_at == new.started_at  # the new game took the slot
    new.submit(new.state.legal_moves()[0])
    assert autosave.save(new, paths) is None  # its own later saves count nothing more
    assert P.load(paths)[0].get(ada.id).games[GAME].played == 2


def test_resuming_the_autosaved_game_counts_nothing_and_keeps_its_identity(paths):
    from game.storage import autosave

    ps, (ada, _bo) = two()
    assert P.save(ps, paths) is None
    m = _rated_game_autosaved(paths, ada.id)
    back, problem = autosave.load(paths)
    assert problem is None and P.game_key(back) == P.game_key(m)
    back.submit(back.state.legal_moves()[0])
    assert autosave.save(back, paths) is None
    assert GAME not in P.load(paths)[0].get(ada.id).games
    # even a second copy of the same game loaded later is the same game
    again = Match.from_replay(json.loads(paths.autosave.read_text()))
    assert P.game_key(again) == P.game_key(m)
    assert autosave.save(again, paths) is None
    assert GAME not in P.load(paths)[0].get(ada.id).games


def test_a_game_without_profiles_or_moves_replaced_counts_for_nobody(paths):
    from game.storage import autosave

    ps, (ada, _bo) = two()
    assert P.save(ps, paths) is None
    guest = Match.new(GameSetup(GAME, 2, {}, 5), [Seat.person(), Seat.bot("hard")])
    guest.submit(guest.state.legal_moves()[0])
    assert autosave.save(guest, paths) is None
    new = Match.new(GameSetup(GAME, 2, {}, 6), [Seat.person("Ada"), Seat.bot("easy")])
    new.started_at += 1
    new.profiles = {0: ada.id}
    new.submit(new.state.legal_moves()[0])
    assert autosave.save(new, paths) is None
    assert GAME not in P.load(paths)[0].get(ada.id).games


def test_a_damaged_autosave_under_a_new_game_is_set_aside_and_said_never_a_crash(paths):
    from game.storage import autosave

    paths.autosave.parent.mkdir(parents=True, exist_ok=True)
    paths.autosave.write_text('{"format": 1, "game": "chromatic-collapse", "moves": [')
    new = Match.new(GameSetup(GAME, 2, {}, 6), [Seat.person(), Seat.bot("easy")])
    new.submit(new.state.legal_moves()[0])
    problem = autosave.save(new, paths)
    assert problem and "could not be resumed" in problem
    assert len(list(paths.autosave.parent.glob(paths.autosave.stem + ".corrupt-*"))) == 1
    assert autosave.load(paths)[0].started_at == new.started_at  # the new game is saved


def test_a_replay_keeps_its_start_time():
    m = Match.new(GameSetup(GAME, 2, {}, 5), [Seat.person(), Seat.bot("hard")])
    m.started_at = 1_700_000_000.25
    m.submit(m.state.legal_moves()[0])
    assert Match.from_replay(m.to_replay()).started_at == 1_700_000_000.25


def test_a_restarted_game_counts_as_played_and_abandoned_never_rated():
    ps, (ada, _bo) = two()
    won = finished([Seat.person(), Seat.bot("easy")], [1, 2], {0: ada.id})
    ps, _ = P.record_match(ps, won, LADDER, "2026-11-22")
    rating = ps.get(ada.id).games[GAME].rating
    live = Match.new(GameSetup(GAME, 2, {}, 3), [Seat.person(), Seat.bot("hard")])
    live.profiles = {0: ada.id}
    assert P.record_abandoned(ps, live, "2026-11-22") is ps  # nobody moved yet: nothing to count
    live.submit(live.state.legal_moves()[0])
    after = P.record_abandoned(ps, live, "2026-11-22")
    rec = after.get(ada.id).games[GAME]
    assert (rec.played, rec.won, rec.abandoned, rec.streak, rec.best_streak) == (2, 1, 1, 0, 1)
    assert rec.rating == rating and rec.rated == 1
    assert P.record_abandoned(after, live, "2026-11-22") is after  # once
    assert P.from_json(P.to_json(after)) == after


# -- a ladder measured again ----------------------------------------------------------

# The same game measured again: every level rated higher (new seeds, a stronger Expert).
REMEASURED = make_ladder((0, 900, 2000, 2300, 2600), (40, 60, 100, 100, 100))


def test_a_rating_keeps_its_strength_when_the_ladder_is_measured_again(paths):
    ps, (ada, _bo) = two()
    for started, day in ((1.0, "2026-11-21"), (2.0, "2026-11-22")):
        m = finished([Seat.person("Ada"), Seat.bot("hard")], [2, 1], {0: ada.id}, started=started)
        ps, _ = P.record_match(ps, m, LADDER, day)
    rec = ps.get(ada.id).games[GAME]
    assert rec.scale == P.ladder_scale(LADDER) and rec.rated == 2
    # Read on its own ladder nothing moves.
    assert ps.get(ada.id).record(GAME, LADDER) == rec
    moved = ps.get(ada.id).record(GAME, REMEASURED)
    # The strength the old ladder gives the rating, read off the new one.
    strength = LADDER.strength_for(rec.rating.rating, 0.0, 4.0)
    assert moved.rating.rating == pytest.approx(REMEASURED.rating(strength), abs=0.05)
    assert moved.rating.rating > rec.rating.rating + 300  # the new scale is higher here
    assert (moved.rating.rd, moved.rating.volatility) == (rec.rating.rd, rec.rating.volatility)
    assert [round(h.rating) for h in moved.history] == [
        round(REMEASURED.rating(LADDER.strength_for(h.rating, 0.0, 4.0))) for h in rec.history
    ]
    assert moved.scale == P.ladder_scale(REMEASURED)
    assert (moved.played, moved.lost, moved.rated) == (rec.played, rec.lost, rec.rated)
    # The next rated game starts from the carried rating and stays on the new scale.
    m = finished([Seat.person("Ada"), Seat.bot("hard")], [1, 2], {0: ada.id}, started=99.0)
    after, changes = P.record_match(ps, m, REMEASURED, "2026-11-23")
    assert changes[0].before == moved.rating
    assert after.get(ada.id).games[GAME].scale == P.ladder_scale(REMEASURED)
    # The file keeps the scale.
    assert P.save(after, paths) is None
    assert P.load(paths)[0] == after


def test_a_record_from_before_scales_and_a_game_without_a_ladder_are_left_alone():
    legacy = P.Record(rated=3, rating=Rating(1400.0, 120.0, 0.06))
    assert legacy.on(REMEASURED) == legacy  # which ladder it was on is not known
    assert legacy.on(None) == legacy
    fresh = P.Profile("p1", "Ada", P.COLOURS[0], "2026-11-20").record(GAME, REMEASURED)
    assert fresh.rating.rating == 2000 and fresh.scale == P.ladder_scale(REMEASURED)


@pytest.mark.parametrize(
    "scale, kept",
    [
        ([[0, 0], [2, 1250], [4, 1900]], True),
        ([[0, 0], [9, 1250]], False),  # a strength the ladder cannot have: the schema
        ([[0, 0, 1]], False),  # not a pair: the schema
        ([[0, 0]] * 17, False),  # too many points: the schema
        ([[2, 1250], [1, 700]], None),  # strengths not rising: the scale is dropped
        ([[2, 1250]], None),  # one point says nothing about a scale
    ],
)
def test_a_hostile_scale_in_the_file_is_refused_or_dropped(paths, scale, kept):
    record = {"rating": 1500, "rd": 200, "volatility": 0.06, "scale": scale}
    data = {
        "format": 1,
        "profiles": [
            {
                "id": "p1",
                "name": "Ada",
                "colour": P.COLOURS[0],
                "created": "2026-11-20",
                "games": {GAME: record},
            },
        ],
    }
    path = P.profiles_path(paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    got, problem = P.load(paths)
    if kept is False:
        assert problem and got == P.Profiles()
        return
    assert problem is None
    rec = got.profiles[0].games[GAME]
    assert rec.scale == (tuple(tuple(float(v) for v in pt) for pt in scale) if kept else ())
    assert rec.on(REMEASURED).rating.rating != 1500 if kept else rec.on(REMEASURED) == rec
