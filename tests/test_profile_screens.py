"""The profile screens as a player drives them: Who's playing? from game select, the
profile screen, Match me, and the results screen counting a game once."""

from __future__ import annotations

import random

import pygame
import pytest

from game.midend.match import Match, Seat
from game.records import ladder as game_ladder
from game.records import profiles as gp
from game.registry import GAMES
from game.rules.contract import GameSetup
from tests import drive
from tests.test_profiles import LADDER

GAME = "chromatic-collapse"


@pytest.fixture
def ladders(monkeypatch):
    """Every game measured by the test ladder (seeds/ladder.json may not exist yet)."""
    table = {gid: game_ladder.Ladder.from_data(gid, {"points": LADDER_POINTS}) for gid in GAMES}
    monkeypatch.setattr(game_ladder, "cached", lambda path=None: table)
    return table


LADDER_POINTS = [
    {"strength": p.strength, "rating": p.rating, "low": p.low, "high": p.high}
    for p in LADDER.points
]


def saved(paths, *names):
    ps = gp.Profiles()
    for i, n in enumerate(names):
        ps, _p = ps.add(n, gp.COLOURS[i], "2026-11-20")
    assert gp.save(ps, paths) is None
    return ps


def open_select(app, game=GAME):
    app.open("select", game)
    app.run_ticks(2)
    assert app.top.name == "select"
    return app.top


def played_out(seats, profiles, game="color-crossroads", seed=3):
    spec = GAMES[game]
    setup = GameSetup(game, spec.default_players, spec.resolve_options()[1], seed)
    m = Match(spec, setup, seats, setup.start(GAMES))
    rng = random.Random(seed)
    bot = spec.make_bot("random")
    while not m.is_over():
        m.submit(bot.choose(m.state, rng=rng, budget=None))
    m.profiles = dict(profiles)
    return m


def test_who_is_playing_makes_a_profile_and_the_game_starts_with_it(app, paths):
    select = open_select(app)
    guest = drive.control(select, "Guest")
    select.activate(guest)
    app.run_ticks(2)
    who = app.top
    assert who.name == "who"
    drive.click(app, who.entry.rect.center, ticks=2)  # into the name box
    who.entry.set_text("  Ada  ")
    drive.key(app, pygame.K_RETURN, ticks=2)
    assert app.top is select
    ps, _ = gp.load(paths)
    ada = ps.find("Ada")
    assert ada is not None and ada.created == gp.today()
    assert drive.control(select, "Ada")  # the seat's button names the player
    select.activate(drive.control(select, "Start"))
    app.run_ticks(2)
    play = app.top
    assert play.name == "play"
    assert play.match.profiles == {0: ada.id} and play.match.seats[0].name == "Ada"
    assert gp.load(paths)[0].last[:2] == (ada.id, "")  # remembered for next time
    # the next game select starts with Ada on the first seat
    again = open_select(app)
    assert drive.control(again, "Ada")


def test_who_refuses_a_hostile_name_with_its_reason_and_makes_nothing(app, paths):
    select = open_select(app)
    select.activate(drive.control(select, "Guest"))
    app.run_ticks(2)
    who = app.top
    who.entry.set_text("a\u202eb")
    who.create()
    app.run_ticks(1)
    assert app.top is who and "only letters" in who.error
    assert gp.load(paths)[0] == gp.Profiles()


def test_picking_an_existing_profile_and_then_guest(app, paths):
    ps = saved(paths, "Ada", "Bo")
    select = open_select(app)
    select.open_who(0)
    app.run_ticks(2)
    who = app.top
    bo = drive.control(who, "Bo")
    drive.click(app, bo.element.rect.center, ticks=3)
    assert app.top is select and select.cfg()["profiles"][0] == ps.find("Bo").id
    assert select.build_match().profiles == {0: ps.find("Bo").id}
    select.open_who(0)
    app.run_ticks(2)
    app.top.activate(drive.control(app.top, "Play as guest"))
    app.run_ticks(2)
    assert select.build_match().profiles == {}


def test_no_profiles_at_a_booth(paths):
    import os

    from scenes.boot import make_app

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    saved(paths, "Ada")
    a = make_app(headless=True, paths=paths, kiosk=True)
    try:
        a.open("select", GAME)
        a.run_ticks(2)
        texts = [c.element.text for c in a.top.controls]
        assert "Profiles" not in texts and "Guest" not in texts
        assert a.top.build_match().profiles == {}
    finally:
        a.shutdown()


def test_the_results_screen_counts_a_game_once_and_says_how_the_rating_moved(app, paths, ladders):
    ps = saved(paths, "Ada")
    ada = ps.find("Ada")
    m = played_out([Seat.person("Ada"), Seat.bot("hard")], {0: ada.id})
    app.push(app.build("results", m))
    app.run_ticks(2)
    app.push(app.build("results", m))  # built again (a look change, a resize)
    app.run_ticks(2)
    rec = gp.load(paths)[0].get(ada.id).games["color-crossroads"]
    assert rec.played == 1 and rec.rated == 1
    said = [t.text for t in app.__dict__.get("_toasts", []) if "Ada: rating" in t.text]
    assert len(said) == 1 and said[0].startswith("Ada: rating 1250 → ")


def test_a_game_with_no_profile_or_a_replay_counts_for_nobody(app, paths, ladders):
    ps = saved(paths, "Ada")
    m = played_out([Seat.person("Ada"), Seat.bot("hard")], {})
    app.push(app.build("results", m))
    app.run_ticks(2)
    # a replay of a profile's game carries no profiles (they are not in the record)
    ada = ps.find("Ada")
    counted = played_out([Seat.person("Ada"), Seat.bot("hard")], {0: ada.id})
    replay = Match.from_replay(counted.to_replay())
    assert replay.profiles == {}
    assert gp.load(paths)[0] == ps


def test_match_me_plays_one_bot_at_the_strength_of_the_persons_rating(app, paths, ladders):
    ps = saved(paths, "Ada")
    ada = ps.find("Ada")
    # Ada has a rating of 1475 in Chromatic Collapse: between Medium and Hard
    rec = gp.Record(played=3, won=2, lost=1, rated=3, rating=gp.Rating(1475, 80))
    ps = ps.with_profile(gp.replace(ada, games={GAME: rec})).with_last([ada.id])
    gp.save(ps, paths)
    select = open_select(app)
    button = drive.control(select, "Match me, about 1475")
    strength = game_ladder.match_strength(ladders[GAME], rec.rating)
    assert strength == pytest.approx(2.5, abs=0.01)
    select.activate(button)
    app.run_ticks(2)
    play = app.top
    assert play.name == "play"
    seats = play.match.seats
    assert seats[0].name == "Ada" and play.match.profiles == {0: ada.id}
    assert seats[1].level == game_ladder.strength_level(strength) == "at:2.50"
    assert seats[1].name == "Match me, about 1475"


def test_match_me_is_offered_only_with_a_rating_and_a_ladder(app, paths, monkeypatch):
    saved(paths, "Ada")
    ps, _ = gp.load(paths)
    gp.save(ps.with_last([ps.find("Ada").id]), paths)
    select = open_select(app)
    assert not any(c.element.text.startswith("Match me") for c in select.controls)
    monkeypatch.setattr(game_ladder, "cached", lambda path=None: {})
    ada = ps.find("Ada")
    rec = gp.Record(played=1, won=1, rated=1, rating=gp.Rating(1300, 200))
    gp.save(ps.with_profile(gp.replace(ada, games={GAME: rec})).with_last([ada.id]), paths)
    select = open_select(app)
    assert not any(c.element.text.startswith("Match me") for c in select.controls)


def test_the_profile_screen_opens_and_answers_keys_and_clicks(app, paths):
    ps = saved(paths, "Ada", "Bo")
    ada = ps.find("Ada")
    rec = gp.Record(
        played=2,
        won=1,
        lost=1,
        rated=2,
        rating=gp.Rating(1300, 150),
        history=(
            gp.Point("2026-11-20", 1350, 250, "bot:medium"),
            gp.Point("2026-11-21", 1300, 150, "bot:hard"),
        ),
    )
    gp.save(ps.with_profile(gp.replace(ada, games={GAME: rec})), paths)
    select = open_select(app)
    select.activate(drive.control(select, "Profiles"))
    app.run_ticks(2)
    screen = app.top
    assert screen.name == "profiles"
    assert screen.profile_id == ada.id and screen.game_id == GAME  # her most played game
    assert drive.focused_text(app).startswith("Player")
    drive.key(app, pygame.K_RIGHT, ticks=2)
    assert screen.profile().name == "Bo"
    plot = drive.control(screen, "Plot")
    drive.click(app, plot.element.rect.center, ticks=2)
    assert screen.game_id != GAME
    assert ProfileRating.text(rec) == "1300, placing: 2 of 6"  # two of six placement games
    assert ProfileRating.text(gp.replace(rec, rated=6)) == "1300 (1000–1600)"
    drive.key(app, pygame.K_ESCAPE, ticks=2)
    assert app.top is select


class ProfileRating:
    @staticmethod
    def text(rec):
        from scenes.profiles.screen import ProfileScene

        return ProfileScene.rating_text(rec)


def test_settings_lead_to_the_profile_screen_and_it_says_when_there_are_none(app, paths):
    drive.click(app, drive.control(app.top, "Settings").element.rect.center, ticks=2)
    settings = app.top
    assert settings.name == "settings"
    settings.activate(drive.control(settings, "Player profiles"))
    app.run_ticks(2)
    assert app.top.name == "profiles" and app.top.profile() is None
    drive.key(app, pygame.K_ESCAPE, ticks=2)
    assert app.top is settings


def test_match_me_appears_on_game_select_once_a_game_gave_a_rating(app, paths, ladders):
    ps = saved(paths, "Ada")
    gp.save(ps.with_last([ps.find("Ada").id]), paths)
    select = open_select(app, "color-crossroads")
    assert not any(c.element.text.startswith("Match me") for c in select.controls)
    m = played_out([Seat.person("Ada"), Seat.bot("medium")], {0: ps.find("Ada").id})
    gp.record_finished(m, paths, ladders)
    app.open("profiles")
    app.run_ticks(2)
    drive.key(app, pygame.K_ESCAPE, ticks=2)  # back on game select
    assert app.top is select
    assert any(c.element.text.startswith("Match me, about") for c in select.controls)


def test_restart_counts_the_game_given_up_and_the_new_one_keeps_its_players(app, paths):
    ps = saved(paths, "Ada")
    ada = ps.find("Ada")
    spec = GAMES["color-crossroads"]
    setup = GameSetup(spec.id, 2, spec.resolve_options()[1], 4)
    m = Match(spec, setup, [Seat.person("Ada"), Seat.person()], setup.start(GAMES))
    m.profiles = {0: ada.id}
    m.submit(m.state.legal_moves()[0])
    app.open("play", m)
    app.run_ticks(2)
    play = app.top
    play.restart()
    app.run_ticks(2)
    again = app.top
    assert again is not play and again.match.profiles == {0: ada.id}
    rec = gp.load(paths)[0].get(ada.id).games["color-crossroads"]
    assert (rec.played, rec.abandoned, rec.rated) == (1, 1, 0)
    again.restart()  # nobody moved in this one: nothing more is counted
    app.run_ticks(2)
    assert gp.load(paths)[0].get(ada.id).games["color-crossroads"].played == 1


def test_a_game_of_many_seats_offers_who_is_playing_for_its_first_person_seat(app, paths):
    ps = saved(paths, "Ada")
    select = open_select(app, "element-shift")
    button = drive.control(select, "Player 1: Guest")
    select.activate(button)
    app.run_ticks(2)
    assert app.top.name == "who"
    app.top.pick(ps.find("Ada").id)
    app.run_ticks(2)
    assert drive.control(select, "Player 1: Ada")
    assert select.build_match().profiles == {0: ps.find("Ada").id}


def test_removing_a_profile_takes_two_presses_and_is_saved(app, paths):
    saved(paths, "Ada", "Bo")
    app.open("profiles")
    app.run_ticks(2)
    screen = app.top
    assert screen.profile().name == "Ada"
    remove = drive.control(screen, "Remove")
    drive.click(app, remove.element.rect.center, ticks=2)
    assert remove.element.text == "Remove Ada?" and gp.load(paths)[0].find("Ada")
    assert drive.focused_text(app) == "Remove Ada?"  # the click moved the ring there
    screen.set_focus(screen.controls.index(drive.control(screen, "Player")))
    drive.key(app, pygame.K_RIGHT, ticks=2)  # another profile: the question is dropped
    assert screen.profile().name == "Bo" and remove.element.text == "Remove"
    drive.key(app, pygame.K_LEFT, ticks=2)
    screen.activate(drive.control(screen, "Remove"))
    screen.activate(drive.control(screen, "Remove Ada?"))
    app.run_ticks(2)
    left = gp.load(paths)[0]
    assert left.find("Ada") is None and left.find("Bo") and screen.profile().name == "Bo"


def test_match_me_and_the_profile_screen_read_a_rating_on_todays_ladder(app, paths, ladders):
    """Ada's rating is Medium's on the ladder she played on; measured again, the
    ladder rates Medium (the same strength) 400 higher: Match me and the profile
    screen both carry her rating across, to Medium's new rating."""
    old_scale = tuple(
        (p.strength, p.rating - (400 if p.strength >= 2 else 0)) for p in LADDER.points
    )
    medium_then = dict(old_scale)[2.0]
    ps = saved(paths, "Ada")
    ada = ps.find("Ada")
    rec = gp.Record(
        played=8,
        won=4,
        lost=4,
        rated=8,
        rating=gp.Rating(medium_then, 90),
        history=(gp.Point("2026-11-20", medium_then, 90, "bot:medium"),),
        scale=old_scale,
    )
    gp.save(ps.with_profile(gp.replace(ada, games={GAME: rec})).with_last([ada.id]), paths)
    now = ladders[GAME].rating(2.0)
    assert now == medium_then + 400
    select = open_select(app)
    drive.control(select, f"Match me, about {round(now)}")
    select.activate(drive.control(select, "Profiles"))
    app.run_ticks(2)
    screen = app.top
    shown = screen.shown_record(screen.profile(), GAME)
    assert shown.rating.rating == pytest.approx(now, abs=0.5)
    assert shown.history[0].rating == pytest.approx(now, abs=0.5)
    assert ProfileRating.text(shown).startswith(f"{round(now)} (")
