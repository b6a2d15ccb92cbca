"""Rough edges a newcomer meets: a lesson never claims a bot is thinking and
says what to do; another legal move in a lesson is always taken back; a replay shows
its seats as they were and nobody thinking."""

import pygame
import pytest

from game.content.tutorials import judge, load_tutorial
from game.registry import GAMES
from scenes.tutorial import open_tutorial
from tests.test_hardening import real_match


def test_another_legal_move_is_taken_back_in_every_game_not_accepted():
    """One behaviour: a legal move other than the step's is taken back with the reason
    (Chromatic Collapse's colour step accepts only its own move, not any green one)."""
    tut = load_tutorial("chromatic-collapse")
    i = next(k for k, s in enumerate(tut.steps) if s.expect == ("g8-e6",))
    state = tut.position(i)
    others = [m for m in state.legal_moves() if str(m) != str(state.parse_move("g8-e6"))]
    assert others
    for move in others:
        verdict = judge(tut, tut.steps[i], state, move)
        assert verdict.kind == "other" and "taken back" in verdict.message
    for game in GAMES:
        for step in load_tutorial(game).steps:
            assert not set(step.expect_any) & {"Slide", "Shift", "Place", "Move"}, game


def _finish_step(app, view):
    """Play the step's expected move through the scene and let its script run out."""
    move = view.match.state.parse_move(view.step.expect[0])
    assert view.try_move(move)
    assert app.run_until(lambda: view.phase == "done", max_ticks=2000)
    app.run_ticks(2)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_finished_lesson_step_says_press_next_never_thinking(app, game):
    tut = load_tutorial(game)
    index = next(k for k, s in enumerate(tut.steps) if s.expect)
    assert open_tutorial(app, game, index)
    app.run_ticks(1)
    view = app.top
    _finish_step(app, view)
    m = view.match
    if m.is_over():
        return
    seat = m.to_move()
    words = [view.status_text(), view.waiting_words(seat), view.waiting_short(seat)]
    assert not any("thinking" in w.lower() for w in words), words
    if seat != tut.learner:
        assert "next" in view.waiting_words(seat).lower()
        assert view.seat_kind(seat) == "Lesson"
        assert "bot" not in view.seat_label(seat).lower()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_replay_of_people_shows_no_bot_and_nobody_thinking(app, game):
    from scenes.theatre.screen import TheatreScene

    match = real_match(game, moves=3, seed=4)
    scene = TheatreScene(app, match, name="test", analyse=False)
    app.push(scene)
    app.run_ticks(2)
    view = scene.view
    seat = view.match.to_move()
    for text in (view.status_text(), view.waiting_words(seat), view.waiting_short(seat)):
        assert "thinking" not in text.lower() and "bot" not in text.lower(), text


# -- toasts ----------------------------------------------------------------------------
def _hand_over_game(app, game="crystal-formation"):
    from scenes.tutorial import hand_over

    hand_over(app, game)
    app.run_ticks(1)
    return app.top


def test_a_toast_covers_no_button_and_hides_under_the_pause_menu(app):
    from scenes.widgets import toast

    view = _hand_over_game(app)
    toast(app, "Now a real game against the Easy bot. " * 3, "info")
    app.run_ticks(1)
    shown = app.__dict__["_toast_rect"]
    buttons = [b.rect for b in view.play_buttons()]
    assert buttons and not any(shown.colliderect(r) for r in buttons)
    app.open("pause", view)
    app.run_ticks(1)
    app.__dict__["_toast_rect"] = None
    app.run_ticks(30)
    assert app.__dict__["_toast_rect"] is None  # hidden while the pause menu is up
    app.pop()
    app.run_ticks(1)
    assert app.__dict__["_toast_rect"] is not None  # back with its screen


def test_toasts_show_one_at_a_time(app):
    from scenes.widgets import TOAST_MIN_TICKS, toast

    _hand_over_game(app)
    toast(app, "Making the animation...")
    toast(app, "Animation saved: /tmp/x.gif")
    drawn = []
    # the toast module draws through its own name for draw_panel
    import scenes.widgets.toasts as T

    real = T.draw_panel

    def count(surface, rect, *a, **k):
        drawn.append(pygame.Rect(rect))
        return real(surface, rect, *a, **k)

    T.draw_panel = count
    try:
        app.run_ticks(1)
        # one toast panel drawn (a play screen places it where it covers no cell)
        assert len([r for r in drawn if r == app.__dict__["_toast_rect"]]) == 1
        app.run_ticks(TOAST_MIN_TICKS + 1)
        assert [t.text for t in app._toasts] == ["Animation saved: /tmp/x.gif"]
    finally:
        T.draw_panel = real


# -- the replay list ------------------------------------------------------------------
def test_a_saved_game_is_listed_once_not_also_as_kept(app, paths):
    from game.storage import autosave
    from game.storage.replays import keep_recent
    from scenes.theatre.library import ReplayListScene
    from tests.test_replays import played

    a, b = played("chromatic-collapse", 1), played("color-crossroads", 2)
    a.started_at, b.started_at = 1_000_000.0, 2_000_000.0
    saved = autosave.save_replay(a, paths)
    keep_recent(a, paths)  # the same game, kept automatically when it ended
    kept_b = keep_recent(b, paths)
    rows = ReplayListScene(app).rows
    assert [r.path for r in rows] == [kept_b, saved]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_replay_thumbnail_is_its_final_position_not_the_card_art(app, game):
    """Two different final positions give two different thumbnails; the select
    card's art (the same picture of the game whatever the position) is not used."""
    from scenes import routes
    from tests.test_replays import played

    draw = routes.view_class(game).draw_thumbnail
    pics = []
    for seed in (1, 2):
        m = played(game, seed, limit=60)
        surf = pygame.Surface((128, 72), pygame.SRCALPHA)
        draw(surf, app.theme, m.state, app.settings, position=True)
        pics.append(pygame.image.tobytes(surf, "RGBA"))
    assert pics[0] != pics[1]
    start = played(game, 1, limit=0).state
    art = pygame.Surface((128, 72), pygame.SRCALPHA)
    plain = pygame.Surface((128, 72), pygame.SRCALPHA)
    draw(art, app.theme, start, app.settings)
    draw(plain, app.theme, start, app.settings, position=True)
    if game in ("crystal-connector", "color-crossroads"):
        assert pygame.image.tobytes(art, "RGBA") != pygame.image.tobytes(plain, "RGBA")


def test_the_learn_button_and_learned_badge_leave_the_card_picture_clear(app):
    from scenes.select import (
        SelectScene,
        card_picture_rect,
        learn_button_rect,
        learned_badge_rect,
    )

    scene = SelectScene(app)
    for card in scene.card_rects.values():
        pic = card_picture_rect(card)
        for other in (learn_button_rect(card), learned_badge_rect(card)):
            assert card.contains(other) and not pic.colliderect(other)
        assert pic.w >= 100 and pic.h >= 100


# -- falling crystals -------------------------------------------------------------------
def _crosses(pos, r, rect):
    """Whether a circle at ``pos`` of radius ``r`` overlaps ``rect``."""
    dx = max(rect.left - pos[0], 0, pos[0] - rect.right)
    dy = max(rect.top - pos[1], 0, pos[1] - rect.bottom)
    return dx * dx + dy * dy < r * r


def test_title_crystals_never_cross_the_logo_buttons_or_hints(app):
    from scenes.title import TitleScene

    scene = TitleScene(app)
    clear = scene.keep_clear()
    assert len(clear) >= 3 + len(scene.controls)
    shown = 0
    for t in range(0, 6000, 9):
        for pos, r, _, alpha in scene.crystal_draws(t):
            if alpha > 0:
                shown += 1
                assert not any(_crosses(pos, r, c) for c in clear), (t, pos)
    assert shown > 1000  # the crystals still drift round the edges


def test_results_confetti_never_crosses_words_panels_or_buttons(app):
    from scenes.results import ResultsScene
    from tests.test_replays import played

    scene = ResultsScene(app, played("color-crossroads", 3))
    clear = scene.keep_clear()
    shown = 0
    for t in range(0, 600, 3):
        for pos, _, alpha in scene.confetti_draws(t):
            if alpha > 0:
                shown += 1
                assert not any(_crosses(pos, 7, c) for c in clear), (t, pos)
    assert shown > 100


def test_crystal_formation_lesson_words_name_cells_as_the_board_labels_them():
    import re

    tut = load_tutorial("crystal-formation")
    prose = [t for s in tut.steps for t in (s.caption, s.done, s.hint, s.other) if t]
    assert any(re.search(r"\b[A-L]\d{1,2}\b", t) for t in prose)
    assert not [t for t in prose if re.search(r"\b[a-l]\d{1,2}\b", t)]


# -- the pause panel ------------------------------------------------------------------
@pytest.mark.parametrize("kiosk", [False, True])
def test_the_pause_panel_ends_under_its_last_button_and_drops_stale_tooltips(paths, kiosk):
    import os

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    from scenes.boot import make_app

    a = make_app(headless=True, paths=paths, kiosk=kiosk)
    try:
        view = _hand_over_game(a)
        el = view._panel_elements[-1]
        el.tool_tip = __import__("pygame_gui").elements.UITooltip("Menu (Esc)", (0, 0), view.ui)
        pause = a.open("pause", view)
        a.run_ticks(1)
        assert el.tool_tip is None
        box = pause.box()
        last = max(c.element.rect.bottom for c in pause.controls)
        assert 0 < box.bottom - last <= 40
        assert all(box.contains(c.element.rect) for c in pause.controls)
    finally:
        a.shutdown()


def test_crystal_formation_panels_write_cells_as_the_board_labels_them():
    from scenes.play.crystal_formation.side import board_case

    assert board_case("place c3") == "place C3"
    assert board_case("move a1 b2 SM") == "move A1 B2 SM"
    assert board_case("pass") == "pass"
