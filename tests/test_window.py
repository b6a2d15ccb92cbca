"""A window of any size: the canvas letterboxed into it, input mapped back onto it.

The headless app is told the window's size (``App.resize``, as a resize event does)
and gets its input in that window's pixels, the way a player's clicks arrive; the
tests press real buttons by where they are in the window, and press on the bars."""

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes.app import (
    LOGICAL_SIZE,
    MIN_WINDOW,
    clamp_window,
    first_window_size,
    letterbox,
    window_to_logical,
)
from scenes.config import Settings
from tests.drive import names

# window size -> where the 1280x720 canvas is shown in it
SIZES = {
    (1280, 720): pygame.Rect(0, 0, 1280, 720),
    (1024, 600): pygame.Rect(0, 12, 1024, 576),  # bars above and below
    (1920, 1080): pygame.Rect(0, 0, 1920, 1080),
    (1080, 1920): pygame.Rect(0, 656, 1080, 608),  # portrait kiosk: tall bars
    (800, 600): pygame.Rect(0, 75, 800, 450),
    (3840, 2160): pygame.Rect(0, 0, 3840, 2160),
    (2560, 1080): pygame.Rect(320, 0, 1920, 1080),  # ultra-wide: bars left and right
}


def in_window(app, logical_pos):
    """Where a canvas pixel's centre lies in the app's window."""
    view = app.viewport
    x, y = logical_pos
    return (
        int(view.x + (x + 0.5) * view.w / LOGICAL_SIZE[0]),
        int(view.y + (y + 0.5) * view.h / LOGICAL_SIZE[1]),
    )


def button(app, text):
    return next(c for c in app.top.controls if c.element.text == text).element.rect


def finger(app, kind, window_pos, finger_id=1):
    w, h = app.window_size
    app.post(
        pygame.event.Event(
            kind,
            x=window_pos[0] / w,
            y=window_pos[1] / h,
            dx=0.0,
            dy=0.0,
            finger_id=finger_id,
            touch_id=1,
            pressure=1.0,
        )
    )


def recorded(app):
    """The events the top screen is handed from now on."""
    seen = []
    scene = app.top
    original = scene.handle

    def handle(event):
        seen.append(event)
        return original(event)

    scene.handle = handle
    return seen


@pytest.mark.parametrize("size", list(SIZES))
def test_letterbox_keeps_the_proportions_and_centres_the_canvas(size):
    view = letterbox(size)
    assert view == SIZES[size]
    assert abs(view.w / view.h - 16 / 9) < 0.01


@pytest.mark.parametrize("size", list(SIZES))
def test_clicking_play_by_its_window_position_opens_game_select(app, size):
    app.resize(size)
    assert app.viewport == SIZES[size]
    app.post_click(in_window(app, button(app, "Play").center))
    app.run_ticks(2)
    assert names(app) == ["title", "select"]


@pytest.mark.parametrize("size", list(SIZES))
def test_a_window_position_reaches_the_screen_as_its_canvas_point(app, size):
    app.resize(size)
    seen = recorded(app)
    for point in ((0, 0), (640, 360), (1279, 719), (17, 703)):
        app.post_click(in_window(app, point))
    presses = [e.pos for e in seen if e.type == pygame.MOUSEBUTTONDOWN]
    if size[0] >= LOGICAL_SIZE[0]:  # a window pixel is no larger than a canvas pixel
        assert presses == [(0, 0), (640, 360), (1279, 719), (17, 703)]
    else:  # smaller: within the one canvas pixel a window pixel covers
        want = [(0, 0), (640, 360), (1279, 719), (17, 703)]
        assert all(
            abs(a - b) <= 2
            for p, q in zip(presses, want, strict=True)
            for a, b in zip(p, q, strict=True)
        )
        assert len(presses) == 4


@pytest.mark.parametrize("size", [(1080, 1920), (1024, 600), (800, 600), (2560, 1080)])
def test_presses_on_the_bars_reach_no_screen(app, size):
    app.resize(size)
    view = app.viewport
    seen = recorded(app)
    quit_x = in_window(app, button(app, "Quit").center)[0]
    bars = []
    if view.y > 0:  # above and below
        bars += [(quit_x, view.y - 1), (quit_x, view.bottom), (quit_x, 0), (quit_x, size[1] - 1)]
    if view.x > 0:  # left and right
        bars += [(view.x - 1, size[1] // 2), (view.right, size[1] // 2)]
    for pos in bars:
        app.post_click(pos)
        finger(app, pygame.FINGERDOWN, pos)
        finger(app, pygame.FINGERUP, pos)
    app.run_ticks(2)
    assert [e for e in seen if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)] == []
    assert names(app) == ["title"] and app.running  # not even Quit, right by the bar


def test_portrait_finger_tap_presses_the_button_under_it(app):
    app.resize((1080, 1920))
    where = in_window(app, button(app, "Play").center)
    finger(app, pygame.FINGERDOWN, where)
    finger(app, pygame.FINGERUP, where)
    app.run_ticks(2)
    assert names(app) == ["title", "select"]


def test_portrait_tap_on_the_bar_just_below_quit_does_not_quit(app):
    """SDL itself would clamp this touch onto the canvas's bottom edge."""
    app.resize((1080, 1920))
    quit_rect = button(app, "Quit")
    x = in_window(app, quit_rect.center)[0]
    below = (x, app.viewport.bottom + 5)
    finger(app, pygame.FINGERDOWN, below)
    finger(app, pygame.FINGERUP, below)
    app.run_ticks(2)
    assert app.running and names(app) == ["title"]


def test_a_drag_released_on_a_bar_ends_where_it_is_released(app):
    app.resize((1080, 1920))
    view = app.viewport
    seen = recorded(app)
    start = in_window(app, (640, 600))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
    off = (start[0], view.bottom + 300)
    app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=off, rel=(0, 300), buttons=(1, 0, 0)))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=off, button=1, touch=False))
    kinds = [(e.type, e.pos) for e in seen]
    assert kinds[0] == (pygame.MOUSEBUTTONDOWN, (640, 600))
    # 300 window pixels below the canvas: (1564 - 656) * 720 / 608 = 1075 canvas pixels down
    assert kinds[-2] == (pygame.MOUSEMOTION, (640, 1075))
    assert kinds[-1] == (pygame.MOUSEBUTTONUP, (640, 1075))
    # A release with no press on the canvas (it began on a bar) is not passed on.
    seen.clear()
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=False))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1, touch=False))
    assert [e for e in seen if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)] == []


def test_resize_in_the_middle_of_a_game_keeps_the_buttons_where_they_are_drawn(app):
    from scenes.select import start_quick_game

    assert start_quick_game(app, "crystal-connector", 7) is None
    app.run_ticks(3)
    assert names(app)[-1] == "play"
    menu = next(b for b in app.top._panel_elements if b.text == "Menu").rect
    app.post(pygame.event.Event(pygame.WINDOWRESIZED, x=1080, y=1920))  # mid-game
    app.run_ticks(1)
    assert app.window_size == (1080, 1920) and app.viewport == SIZES[(1080, 1920)]
    app.post_click(in_window(app, menu.center))
    app.run_ticks(2)
    assert names(app)[-1] == "pause"


# -- the window's first size, and the remembered one -----------------------------------
@pytest.mark.parametrize(
    ("usable", "want"),
    [
        ((1024, 520), (924, 520)),  # 1024x600 less a panel and a title bar: fits, 16:9
        ((1920, 1040), (1280, 720)),
        ((2560, 1400), (1280, 720)),  # twice would not fit the height: once
        ((3840, 2100), (2560, 1440)),  # the largest whole multiple: crisp
        ((3840, 2160), (3840, 2160)),
        ((1080, 1880), (1080, 608)),  # portrait
        ((1000, 500), (889, 500)),
        ((1280, 700), (1244, 700)),  # just too small for 1x: the largest 16:9 that fits
        ((640, 480), (640, 480)),  # a display smaller than MIN_WINDOW: all of it
    ],
)
def test_first_window_fits_the_display(usable, want):
    assert first_window_size(usable) == want


def test_remembered_window_is_clamped_to_the_display_as_it_is_now():
    usable = pygame.Rect(0, 30, 1024, 570)
    # Left on a 4K monitor that is gone: shrunk and pulled onto this screen.
    assert clamp_window((2560, 1440), (3000, 1200), usable) == ((1024, 570), (0, 30))
    assert clamp_window((1100, 650), (-400, -50), usable) == ((1024, 570), (0, 30))
    assert clamp_window((900, 500), (50, 40), usable) == ((900, 570), (50, 30))
    assert clamp_window((900, 560), (50, 35), usable) == ((900, 570), (50, 30))
    assert clamp_window((850, 560), (100, 30), pygame.Rect(0, 0, 1920, 1080)) == (
        (850, 600),
        (100, 30),
    )
    assert clamp_window((10, 10), None, usable) == ((800, 570), None)
    assert clamp_window((10, 10), None, pygame.Rect(0, 0, 1920, 1080)) == (MIN_WINDOW, None)
    tiny = pygame.Rect(0, 0, 640, 480)
    assert clamp_window((1280, 720), (0, 0), tiny) == ((640, 480), (0, 0))
    second = pygame.Rect(1920, 0, 1280, 1024)  # a monitor right of the first
    assert clamp_window((1280, 720), (2200, 500), second) == ((1280, 720), (1920, 304))


def test_window_size_and_position_round_trip_through_the_settings_file(app, paths):
    app.resize((1500, 900))
    app.moved((40, 60))
    app.shutdown()
    loaded, problem = Settings.load(paths)
    assert problem is None
    assert (loaded.window_width, loaded.window_height) == (1500, 900)
    assert (loaded.window_x, loaded.window_y, loaded.window_placed) == (40, 60, True)


def window_event(app, kind, **where):
    app.dispatch(pygame.event.Event(kind, **where))


def test_maximised_is_remembered_and_keeps_the_frame_restore_goes_back_to(app, paths):
    window_event(app, pygame.WINDOWRESIZED, x=1500, y=900)
    window_event(app, pygame.WINDOWMOVED, x=40, y=60)
    app.run_ticks(1)
    # SDL reports the maximised frame's size and place, then that it was maximised
    window_event(app, pygame.WINDOWMOVED, x=0, y=30)
    window_event(app, pygame.WINDOWRESIZED, x=1920, y=1050)
    window_event(app, pygame.WINDOWMAXIMIZED)
    window_event(app, pygame.WINDOWRESIZED, x=1920, y=1040)  # a panel appeared
    assert app.window_size == (1920, 1040)  # still shown and mapped at its real size
    app.shutdown()
    loaded, problem = Settings.load(paths)
    assert problem is None and loaded.window_maximised
    assert (loaded.window_width, loaded.window_height) == (1500, 900)
    assert (loaded.window_x, loaded.window_y) == (40, 60)


def test_a_restored_window_is_remembered_as_not_maximised(app, paths):
    window_event(app, pygame.WINDOWMAXIMIZED)
    app.run_ticks(1)
    window_event(app, pygame.WINDOWRESTORED)
    window_event(app, pygame.WINDOWRESIZED, x=1100, y=700)
    app.shutdown()
    loaded, _ = Settings.load(paths)
    assert not loaded.window_maximised
    assert (loaded.window_width, loaded.window_height) == (1100, 700)


@pytest.mark.parametrize("kiosk", [False, True])
def test_the_window_opens_where_it_was_left_clamped_and_a_kiosk_ignores_it(monkeypatch, kiosk):
    """Where the window opens (scenes/window.py ``window_frame``): the remembered frame,
    clamped to the display as it is now; a kiosk fits the display whatever was kept."""
    import scenes.window as window_mod

    monkeypatch.setattr(window_mod, "usable_bounds", lambda: pygame.Rect(0, 0, 1920, 1080))
    settings = Settings(
        window_width=5000, window_height=900, window_x=4000, window_y=-50, window_placed=True
    )
    size, position = window_mod.window_frame(settings, kiosk)
    if kiosk:
        assert size == first_window_size((1920, 1080 - window_mod.TITLE_BAR))
    else:
        assert size == (1920, 900)
        assert position == (0, window_mod.TITLE_BAR)  # the whole window on the display
    fresh_size, fresh_position = window_mod.window_frame(Settings(), False)
    assert fresh_size == (1280, 720)
    assert fresh_position == ((1920 - 1280) // 2, 40 + (1040 - 720) // 2)


def test_a_bad_remembered_size_falls_back_and_is_reported(paths):
    import json

    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text(json.dumps({"window_width": -5, "window_height": "big"}))
    loaded, problem = Settings.load(paths)
    assert (loaded.window_width, loaded.window_height) == (0, 0)
    assert "window width" in problem and "window height" in problem


def test_a_kiosk_never_records_the_window(paths):
    import os

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    from scenes.boot import make_app

    kiosk = make_app(headless=True, paths=paths, kiosk=True)
    try:
        kiosk.resize((1080, 1920))
        kiosk.moved((5, 5))
        assert kiosk.viewport == SIZES[(1080, 1920)]  # still shown and mapped right
        assert (kiosk.settings.window_width, kiosk.settings.window_placed) == (0, False)
    finally:
        kiosk.shutdown()


def test_window_view_shows_black_bars_and_the_canvas_between(app):
    app.resize((1080, 1920))
    app.canvas.fill((10, 200, 30))
    shot = app.window_view()
    assert shot.get_size() == (1080, 1920)
    for y, colour in (
        (0, (0, 0, 0)),
        (655, (0, 0, 0)),
        (656, (10, 200, 30)),
        (1263, (10, 200, 30)),
        (1264, (0, 0, 0)),
        (1919, (0, 0, 0)),
    ):
        for x in (3, 540, 1076):
            got = shot.get_at((x, y))[:3]
            # smoothscale's edge rows may round a step darker; a bar is exactly black
            assert all(abs(a - b) <= 3 for a, b in zip(got, colour, strict=True)), (x, y, got)


@given(
    w=st.integers(1280, 7680),
    h=st.integers(720, 4320),
    x=st.integers(0, 1279),
    y=st.integers(0, 719),
)
def test_every_canvas_pixel_is_reached_from_its_window_position(w, h, x, y):
    view = letterbox((w, h))
    wx = view.x + (x + 0.5) * view.w / 1280
    wy = view.y + (y + 0.5) * view.h / 720
    assert window_to_logical((wx, wy), (w, h)) == (x, y)


@given(
    w=st.integers(1, 8000),
    h=st.integers(1, 8000),
    px=st.integers(-50, 8050),
    py=st.integers(-50, 8050),
)
def test_points_on_the_bars_map_off_the_canvas(w, h, px, py):
    view = letterbox((w, h))
    x, y = window_to_logical((px, py), (w, h))
    inside = 0 <= x < 1280 and 0 <= y < 720
    assert inside == view.collidepoint(px, py)
