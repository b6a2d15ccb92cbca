"""The shared play screen, exercised with the tests' Nim through a minimal view."""

import pygame

from game.midend.match import Match, Seat
from game.rules.contract import GameSetup
from scenes.play.base import PlayScene
from scenes.play.buttons import Button
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
                or (view.match.to_move() == 0 and not view.anim and not view.queue)
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


def test_the_press_that_skips_an_animation_does_not_also_act(app):
    view = make(app, [Seat.person(), Seat.person()])
    view.try_move(nim_game.Take(0, 1))
    app.run_ticks(1)
    assert view.anim is not None
    app.post_key(pygame.K_2, unicode="2")  # would take two from the largest heap
    assert view.anim is None and view.shown is view.match.state
    assert [e.text for e in view.match.entries] == [str(nim_game.Take(0, 1))]
    app.post_key(pygame.K_2, unicode="2")  # the board is still: now it acts
    assert len(view.match.entries) == 2


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
    from game.midend.match import Seat
    from game.registry import GAMES, expert_seconds

    for spec in GAMES.values():
        hard, expert = spec.make_bot("hard"), spec.make_bot("expert")
        assert isinstance(expert, type(hard)) and expert.name == "expert"
        budget = expert_seconds(spec.id)
        assert hard.think_seconds < expert.think_seconds == budget <= 5.0
        assert spec.make_bot("hard").name == "hard"  # the Hard bot itself is untouched
    assert Seat.from_json({"kind": "bot", "level": "expert"}).level == "expert"


def test_expert_is_offered_in_game_select_but_never_by_the_kiosk_demo():
    from scenes.kiosk import AttractScene
    from scenes.select import SEAT_CHOICES, SEAT_TEXT

    assert "expert" in SEAT_CHOICES and SEAT_TEXT["expert"] == "Bot: Expert"
    assert "expert" not in AttractScene.demo_levels


def test_a_long_think_shows_a_ring_that_fills_with_time(app):
    from game.midend.match import Match, Seat
    from game.rules.contract import GameSetup
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


def test_the_base_scales_a_views_bot_pause_by_the_speed_setting(app):
    view = make(app, [Seat.person(), Seat.bot("random")])
    view.bot_pause = lambda state: 36  # a view only says how long a pause the state deserves
    for speed, ticks in ((0.5, 72), (1.0, 36), (2.0, 18), (4.0, 9)):
        app.settings.animation_speed = speed
        assert view.bot_delay_ticks(view.match.state) == ticks


def test_the_base_draws_the_banner_where_the_view_says(app):
    view = make(app, [Seat.person(), Seat.person()])
    where = pygame.Rect(100, 100, 300, 400)
    view.banner_rect = lambda: where
    view.say("Short")
    surface = pygame.Surface((1280, 720))
    view.draw_banner(surface)
    # The banner is as wide as the rect, sits on its bottom edge and is drawn nowhere else.
    inside = surface.get_at((where.centerx, where.bottom - 4))
    assert inside != pygame.Color(0, 0, 0)
    assert surface.get_at((where.centerx, where.bottom + 2)) == pygame.Color(0, 0, 0)
    assert surface.get_at((where.x - 2, where.bottom - 10)) == pygame.Color(0, 0, 0)
    assert surface.get_at((where.x + 3, where.bottom - 20)) != pygame.Color(0, 0, 0)


class ButtonsView(NimView):
    """A view with three buttons of its own, one of them disabled, that hands its
    clicks and keys to the base's button handling first."""

    def __init__(self, app, match):
        super().__init__(app, match)
        self.pressed: list[str] = []

    def view_buttons(self):
        def press(key):
            return lambda: self.pressed.append(key)

        return [
            Button("take", pygame.Rect(100, 100, 120, 48), "Take", press("take")),
            Button("off", pygame.Rect(240, 100, 120, 48), "Off", press("off"), enabled=False),
            Button("below", pygame.Rect(100, 200, 120, 48), "Below", press("below")),
        ]

    def handle_board(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and self.click_button(event.pos):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.tab_buttons(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        if self.button_key(event):
            return
        super().handle_board(event)


def make_buttons(app):
    setup = GameSetup("nim", 2, {"heaps": 3}, 3)
    match = Match(nim_game.SPEC, setup, [Seat.person()] * 2, setup.start({"nim": nim_game.SPEC}))
    view = ButtonsView(app, match)
    app.push(view)
    app.run_ticks(2)  # the push, then a tick of the view (it disables Undo)
    return view


def test_the_base_hit_tests_a_views_buttons_and_a_disabled_one_does_nothing(app):
    view = make_buttons(app)
    assert view.button_at((160, 124)).key == "take"
    assert view.button_at((50, 50)) is None
    app.post_click((160, 124))
    app.post_click((300, 124))  # Off: disabled, and the board does not get the click either
    app.post_click((160, 224))
    assert view.pressed == ["take", "below"]


def test_tab_visits_the_enabled_buttons_in_order_and_enter_presses_the_focused_one(app):
    view = make_buttons(app)
    assert view.focused_button() is None
    seen = []
    for _ in range(6):
        app.post_key(pygame.K_TAB)
        seen.append(view.focus_key)
    # The view's buttons, then the panel's; Off and Undo (nothing to undo) are disabled.
    assert seen == ["take", "below", "panel:hint", "panel:rules", "panel:menu", "take"]
    app.post_key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert view.focus_key == "panel:menu"
    app.post_key(pygame.K_TAB)
    app.post_key(pygame.K_DOWN)  # the arrows move by the shared rule: Below is under Take
    assert view.focus_key == "below"
    app.post_key(pygame.K_RETURN)
    app.post_key(pygame.K_UP)
    app.post_key(pygame.K_SPACE)
    assert view.pressed == ["below", "take"]
    assert view.match.entries == []  # Enter and Space went to the buttons, not the board


def test_the_base_draws_the_ring_round_the_focused_button(app):
    view = make_buttons(app)
    surface = pygame.Surface((1280, 720))
    view.draw(surface, 0.0)
    ring = pygame.Rect(100, 100, 120, 48).inflate(10, 10)
    before = surface.get_at((ring.centerx, ring.y + 1))
    app.post_key(pygame.K_TAB)
    view.draw(surface, 0.0)
    assert surface.get_at((ring.centerx, ring.y + 1)) != before


def test_a_pressed_button_that_goes_away_takes_the_focus_with_it(app):
    view = make_buttons(app)
    shown = view.view_buttons
    view.view_buttons = lambda: [b for b in shown() if b.key not in view.pressed]
    app.post_key(pygame.K_TAB)
    assert view.focus_key == "take"
    app.post_key(pygame.K_RETURN)
    assert view.pressed == ["take"] and view.focus_key is None
    app.post_key(pygame.K_RETURN, 0, "\r")  # nothing focused: Enter is the board's again
    assert view.pressed == ["take"]
