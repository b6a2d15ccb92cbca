"""The shared play screen, exercised with the tests' Nim through a minimal view."""

import pygame

from game.core import GameSetup
from game.match import Match, Seat
from scenes.play.base import PlayScene
from tests import nim_game


class NimView(PlayScene):
    def __init__(self, app, match):
        super().__init__(app, match)
        self.spec_module = "tests.nim_game"
        self.drawn = 0

    def draw_board(self, surface, state, alpha):
        self.drawn += 1
        for i, h in enumerate(state.heaps):
            pygame.draw.rect(surface, (200, 200, 255), (60 + 80 * i, 600 - 40 * h, 60, 40 * h))

    def handle_board(self, event):
        if event.type == pygame.KEYDOWN and event.unicode in "123":
            heap = max(range(len(self.match.state.heaps)), key=lambda i: self.match.state.heaps[i])
            self.try_move(
                nim_game.Take(heap, min(int(event.unicode), self.match.state.heaps[heap]))
            )


def make(app, seats, seed=3):
    setup = GameSetup("nim", 2, {"heaps": 3}, seed)
    match = Match(nim_game.SPEC, setup, seats, setup.start({"nim": nim_game.SPEC}))
    view = NimView(app, match)
    app.push(view)
    app.run_ticks(1)
    return view


def test_person_against_bot_plays_to_the_results_screen(app):
    app.settings.animation_speed = 4.0
    view = make(app, [Seat.person(), Seat.bot("medium")])
    app.run_ticks(2)
    assert view.drawn >= 2
    for _ in range(60):
        if app.top is not view:
            break
        if view.match.to_move() == 0 and not view.match.is_over():
            app.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)
            )
        app.run_until(
            lambda: (
                app.top is not view
                or view.match.to_move() == 0
                and not view.anim
                and not view.queue
            ),
            max_ticks=3000,
        )
    app.run_until(lambda: app.top is not view, max_ticks=600)
    assert app.top.name == "results"
    assert view.match.is_over()
    app.run_ticks(2)


def test_illegal_move_is_refused_with_the_reason_on_screen(app):
    view = make(app, [Seat.person(), Seat.person()])
    view.try_move(nim_game.Take(0, 5))
    assert view.banner == "take 1, 2 or 3 counters" and view.banner_kind == "error"
    assert view.match.entries == []


def test_undo_redo_keys_and_autosave(app):
    view = make(app, [Seat.person(), Seat.person()])
    view.try_move(nim_game.Take(0, 1))
    assert app.paths.autosave.exists()
    app.post_key(pygame.K_u)
    assert view.match.entries == []
    app.post_key(pygame.K_y)
    assert len(view.match.entries) == 1


def test_escape_opens_pause_and_quit_returns_to_title_with_resume_offer(app):
    view = make(app, [Seat.person(), Seat.person()])
    view.try_move(nim_game.Take(0, 1))
    app.post_key(pygame.K_ESCAPE)
    app.run_ticks(1)
    assert app.top.name == "pause"
    quit_button = next(c for c in app.top.controls if c.element.text == "Quit to title")
    app.top.activate(quit_button)
    app.run_ticks(2)  # the title looks at the autosave on its first tick
    assert [s.name for s in app.stack] == ["title"]
    # Nim is not in GAMES, so the title reports the autosave instead of offering it:
    # an unknown game is a readable message, never a crash, and the file is kept aside.
    shown = app.notices + [t.text for t in app.__dict__.get("_toasts", [])]
    assert any("unknown game 'nim'" in n for n in shown)
    assert not app.paths.autosave.exists()
    assert list(app.paths.data.glob("autosave.corrupt-*.json"))


def test_animation_is_skipped_by_new_input(app):
    view = make(app, [Seat.person(), Seat.person()])
    view.try_move(nim_game.Take(0, 1))
    app.run_ticks(1)
    assert view.anim is not None
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1, touch=False))
    assert view.anim is None and view.shown is view.match.state


def test_skipped_animations_still_reach_on_animation_done_in_order(app):
    view = make(app, [Seat.person(), Seat.person()])
    done = []
    view.on_animation_done = lambda old, new, move, seat: done.append((move, seat, new))
    for move in (nim_game.Take(0, 1), nim_game.Take(1, 1)):  # two actions queued, as a bot's
        old, seat = view.match.state, view.match.to_move()
        view.match.submit(move)
        view._after_move(old, view.match.state, move, seat)
    app.run_ticks(1)
    assert view.anim is not None and len(view.queue) == 1 and done == []
    assert (view.anim.move, view.anim.seat) == (nim_game.Take(0, 1), 0)  # a named record
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1, touch=False))
    assert [(m, s) for m, s, _ in done] == [(nim_game.Take(0, 1), 0), (nim_game.Take(1, 1), 1)]
    assert done[-1][2] is view.match.state
    app.run_ticks(5)
    assert len(done) == 2  # nothing is reported twice


# -- the Expert level and its thinking ring -------------------------------------------------
def test_expert_is_hard_with_a_longer_budget_for_every_game():
    """Expert is Hard's search (its own class, or a subclass that searches wider or
    deeper where the game rewards it) with a longer budget."""
    from game.match import Seat
    from game.registry import EXPERT_SECONDS, EXPERT_SECONDS_BY_GAME, GAMES

    for spec in GAMES.values():
        hard, expert = spec.make_bot("hard"), spec.make_bot("expert")
        assert isinstance(expert, type(hard)) and expert.name == "expert"
        budget = EXPERT_SECONDS_BY_GAME.get(spec.id, EXPERT_SECONDS)
        assert hard.think_seconds < expert.think_seconds == budget <= 5.0
        assert spec.make_bot("hard").name == "hard"  # the Hard bot itself is untouched
    assert Seat.from_json({"kind": "bot", "level": "expert"}).level == "expert"


def test_expert_is_offered_in_game_select_but_never_by_the_kiosk_demo():
    from scenes.kiosk import AttractScene
    from scenes.select import SEAT_CHOICES, SEAT_TEXT

    assert "expert" in SEAT_CHOICES and SEAT_TEXT["expert"] == "Bot: Expert"
    assert "expert" not in AttractScene.demo_levels


def test_a_long_think_shows_a_ring_that_fills_with_time(app):
    from game.core import GameSetup
    from game.match import Match, Seat
    from scenes.play import play_scene_for

    setup = GameSetup("color-crossroads", 2, {}, 4)
    match = Match.new(setup, [Seat.bot("expert"), Seat.person()])
    view = play_scene_for(app, match)
    app.push(view)
    app.run_ticks(2)
    assert view.ticket is not None  # the Expert bot is deciding who starts
    first = view.thinking_progress()
    app.run_ticks(60)
    second = view.thinking_progress()
    assert first is not None and second is not None and 0 <= first < second <= 1
    app.draw()
    # a quick bot (Hard, 1.5 s) shows no ring
    quick = play_scene_for(app, Match.new(setup, [Seat.bot("hard"), Seat.person()]))
    app.push(quick)
    app.run_ticks(2)
    assert quick.ticket is not None and quick.thinking_progress() is None
