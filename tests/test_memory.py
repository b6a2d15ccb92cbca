"""Memory that stays flat: every screen, opened and closed again and again, is gone by the
next tick (not left for the garbage collector's next full pass, which on a long session
comes seldom while the screen's pictures wait), and the caches stay under their bounds.

The collector is switched off in these tests (``no_automatic_collection``), so a screen
that is gone was freed because it closed, never because a collection happened to run.
Tools/soak.py --tour measures the same in resident memory; these tests count objects.
"""

import gc
import weakref

import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.storage.replays import keep_recent
from scenes import scene as scene_module
from scenes import widgets
from tests.test_replays import played

ROUNDS = 3


@pytest.fixture(autouse=True)
def no_automatic_collection():
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def a_match(game_id: str, first: Seat | None = None) -> Match:
    spec = GAMES[game_id]
    players = spec.default_players
    setup = GameSetup(game_id, players, spec.resolve_options(players)[1], 7)
    seats = [first or Seat.bot("easy")] + [Seat.bot("easy") for _ in range(players - 1)]
    return Match(spec, setup, seats, setup.start(GAMES))


def shown(app, ticks: int = 3) -> None:
    app.run_ticks(ticks)


def closes_and_goes(app, ref: weakref.ref, close) -> None:
    """The screen ``ref`` names on top (and drawn), then ``close()`` as a player closes
    it: two ticks later it is gone.  The caller holds no reference of its own."""
    assert app.top is ref()
    shown(app, 5)
    close()
    app.run_ticks(2)
    assert ref() is None, f"a closed {ref().name!r} screen is still in memory"


def escape(app):
    return lambda: app.post_key(pygame.K_ESCAPE)


# Screens a player reaches with one button from the title or game select, and closes
# with Escape; each with the arguments the router builds it with.
MENUS = [
    ("select", ()),
    ("rules", ("element-shift",)),
    ("settings", ("Controls",)),
    ("puzzles", ()),
    ("replays", ()),
    ("fame", ()),
    ("profiles", ()),
    ("who", ()),
]


@pytest.mark.parametrize("name,args", MENUS, ids=[m[0] for m in MENUS])
def test_a_menu_closed_is_gone_by_the_next_tick(app, paths, name, args):
    keep_recent(played("color-crossroads", 3, limit=30), paths)  # a row for the list
    for _ in range(ROUNDS):
        opened = weakref.ref(app.open(name, *args))
        app.run_ticks(1)
        closes_and_goes(app, opened, escape(app))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_left_through_the_pause_menu_is_gone(app, game_id):
    for _ in range(ROUNDS):
        view = app.open("play", a_match(game_id, Seat.person()))
        app.run_ticks(1)
        shown(app, 30)
        app.post_key(pygame.K_ESCAPE)
        app.run_ticks(2)
        pause = app.top
        assert pause.name == "pause"
        pause_ref, ref = weakref.ref(pause), weakref.ref(view)
        del pause, view
        app.top.quit_to_title()
        app.run_ticks(2)
        assert app.top.name == "title"
        assert ref() is None and pause_ref() is None


def test_a_game_played_to_the_results_and_the_results_closed_are_gone(app):
    view = app.open("play", a_match("color-crossroads"))
    view.bot_seconds = 0.05
    app.run_ticks(1)
    ref = weakref.ref(view)
    del view
    assert app.run_until(lambda: app.top.name == "results", max_ticks=40_000)
    app.run_ticks(2)
    assert ref() is None  # the play screen went when the results replaced it
    closes_and_goes(app, weakref.ref(app.top), lambda: app.top.to_title())


def test_the_theatre_with_its_analysis_under_way_closed_is_gone(app):
    match = played("color-crossroads", 4, limit=30)
    for _ in range(ROUNDS):
        theatre = app.open("theatre", match, name="a game")
        app.run_ticks(1)
        shown(app, 60)
        assert theatre.analyst.busy()  # the analyst has asked the worker
        view, theatre = weakref.ref(theatre.view), weakref.ref(theatre)
        closes_and_goes(app, theatre, escape(app))
        assert view() is None


def test_tutorial_steps_replacing_each_other_are_gone(app):
    app.open("tutorial", "crystal-connector")
    app.run_ticks(1)
    steps = []
    for _ in range(ROUNDS):
        steps.append(weakref.ref(app.top))
        app.post_key(pygame.K_PAGEDOWN)  # Skip: the next step replaces this one
        app.run_ticks(3)
        assert app.top is not steps[-1]()
    assert all(step() is None for step in steps)


def test_puzzles_replacing_each_other_are_gone(app):
    from game.content import puzzles as P
    from scenes.puzzles import open_puzzle

    game_id = P.puzzle_games()[0]
    book = P.load_puzzles(game_id)
    puzzles = []
    for puzzle in book.puzzles[:ROUNDS]:
        open_puzzle(app, game_id, puzzle.id, "list", replace=bool(puzzles))
        app.run_ticks(3)
        puzzles.append(weakref.ref(app.top))
    app.run_ticks(2)
    assert [p() is None for p in puzzles] == [True] * (ROUNDS - 1) + [False]


def test_the_attract_demo_and_its_games_are_gone(app):
    for _ in range(ROUNDS):
        attract = app.open("attract")
        app.run_ticks(1)
        inner = weakref.ref(attract.inner)
        attract.inner_ticks = 10**9  # this demo game's time is up
        app.run_ticks(2)
        assert inner() is None  # the next demo game replaced it
        attract = weakref.ref(attract)
        closes_and_goes(app, attract, lambda: app.post_key(pygame.K_SPACE))


def test_the_party_lobby_closed_is_gone(app):
    app.settings.party_address, app.settings.party_port = "127.0.0.1", 0
    match = a_match("chromatic-collapse", Seat.phone())
    for _ in range(ROUNDS):
        lobby = weakref.ref(app.open("lobby", match))
        assert lobby() is not None, app.notices
        app.run_ticks(1)
        closes_and_goes(app, lobby, escape(app))


def test_the_caches_stay_under_their_bounds_through_every_screen(app, monkeypatch):
    monkeypatch.setattr(widgets.text, "CACHE_BYTES", 8 << 20)  # small, so it fills here
    for game_id in GAMES:
        for _ in range(2):
            view = app.open("play", a_match(game_id))
            view.bot_seconds = 0.05
            app.run_ticks(200)
            app.reset_to(app.build("title"))
            app.run_ticks(2)
        app.open("rules", game_id)
        app.run_ticks(10)
        app.post_key(pygame.K_ESCAPE)
        app.run_ticks(2)
    assert 0 < widgets.cache_bytes() <= 8 << 20
    assert widgets.cache_bytes() == sum(w for _v, w in widgets.text._CACHE.values())
    assert len(app.__dict__.get("_gui_themes", {})) <= 4


def test_a_closed_screen_asks_for_a_collection_and_an_overlay_does_not(app):
    view = app.build("play", a_match("crystal-formation", Seat.person()))
    pause = app.build("pause", view)
    app.run_ticks(2)  # a collection asked for earlier is made at the next tick's start
    assert not scene_module.release_due()
    pause.exit()
    assert not scene_module.release_due()
    view.exit()
    assert scene_module.release_due()
    app.run_ticks(1)  # noted at the tick's end (its events still queued) ...
    assert scene_module.release_due()
    app.run_ticks(1)  # ... and made at the start of the next
    assert not scene_module.release_due()


def test_pygame_gui_keeps_no_screen_s_manager_as_its_default(app):
    from pygame_gui.core import utility

    utility.set_default_manager(None)  # as at the start of a run
    menu = weakref.ref(app.open("rules"))
    manager = weakref.ref(menu().ui)
    app.run_ticks(1)
    assert utility.get_default_manager() is None
    closes_and_goes(app, menu, escape(app))
    assert manager() is None
