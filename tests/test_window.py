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
        assert all(abs(a - b) <= 2 for p, q in zip(presses, want) for a, b in zip(p, q))
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


def test_sdl_clamped_touch_on_a_bar_is_ignored_in_a_real_window(app):
    """In a real SCALED window SDL hands fingers over already on the canvas and puts a
    touch on a bar at the canvas's edge (exactly 0 or 1): those are dropped."""
    app.resize((1080, 1920))
    app.map_input = False  # as in a real window: SDL has mapped the event
    seen = recorded(app)
    for y in (0.0, 1.0):
        app.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=y, dx=0, dy=0, finger_id=2))
        app.post(pygame.event.Event(pygame.FINGERUP, x=0.5, y=y, dx=0, dy=0, finger_id=2))
    assert not [e for e in seen if e.type == pygame.MOUSEBUTTONDOWN]
    play = button(app, "Play").center
    fx, fy = (play[0] + 0.5) / 1280, (play[1] + 0.5) / 720
    app.post(pygame.event.Event(pygame.FINGERDOWN, x=fx, y=fy, dx=0, dy=0, finger_id=3))
    app.post(pygame.event.Event(pygame.FINGERUP, x=fx, y=fy, dx=0, dy=0, finger_id=3))
    app.run_ticks(2)
    assert names(app) == ["title", "select"]


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


class FakeWindow:
    """What _place_window asks of pygame's Window, recorded."""

    def __init__(self):
        self.size, self.position, self.maximised = (1280, 720), (0, 0), False
        self.minimum_size, self.resizable = (0, 0), False

    def maximize(self):
        self.maximised = True


@pytest.mark.parametrize(
    "kiosk, remembered, want", [(False, True, True), (False, False, False), (True, True, False)]
)
def test_a_window_left_maximised_opens_maximised_but_not_at_a_kiosk(
    paths, monkeypatch, kiosk, remembered, want
):
    import os

    import scenes.app as app_mod

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    from scenes.boot import make_app

    settings = Settings(window_width=1500, window_height=900, window_maximised=remembered)
    app = make_app(headless=True, paths=paths, settings=settings, kiosk=kiosk)
    try:
        fake = FakeWindow()
        monkeypatch.setattr(pygame, "Window", type("W", (), {"from_display_module": lambda: fake}))
        monkeypatch.setattr(app_mod, "usable_bounds", lambda: pygame.Rect(0, 0, 1920, 1080))
        app._place_window()
        assert fake.maximised is want
        assert fake.size == (1500, 900)  # the frame restore goes back to
        window_event(app, pygame.WINDOWRESTORED)  # a kiosk records nothing
        assert app.settings.window_maximised is (remembered and kiosk)
    finally:
        app.shutdown()


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
            assert all(abs(a - b) <= 3 for a, b in zip(got, colour)), (x, y, got)


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


# The real window path (SCALED | RESIZABLE, under SDL's dummy driver) runs in a child
# process: SDL aborts the process when a second SCALED window is opened in it.
REAL_WINDOW = r"""
import json, os, sys, tempfile, warnings
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import pygame
from game.saves import Paths
from scenes.app import TITLE_BAR, usable_bounds
from scenes.boot import make_app
from scenes.config import Settings

settings = Settings(**json.loads(sys.argv[2]))
settings.window_placed = "window_x" in sys.argv[2]
home = Path(tempfile.mkdtemp())
app = make_app(headless=False, fullscreen=False, settings=settings,
               paths=Paths(home / "c", home / "d", home / "l"))
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    window = pygame.Window.from_display_module()
screen = usable_bounds()
print(json.dumps({
    "window_size": list(app.window_size),
    "sdl_size": list(pygame.display.get_window_size()),
    "position": list(window.position),
    "resizable": window.resizable,
    "minimum": list(window.minimum_size),
    "usable": [screen.x, screen.y, screen.w, screen.h],
    "title_bar": TITLE_BAR,
    "recorded": app.settings.window_width,
}))
app.shutdown()
"""


def _real_window(settings: dict) -> dict:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    root = str(Path(__file__).resolve().parent.parent)
    done = subprocess.run(
        [sys.executable, "-c", REAL_WINDOW, root, json.dumps(settings)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_real_window_is_resizable_and_restored_clamped_to_the_display():
    got = _real_window(
        {"window_width": 5000, "window_height": 3000, "window_x": 9000, "window_y": -700}
    )
    sx, sy, sw, sh = got["usable"]
    w, h = got["window_size"]
    assert (w, h) == (sw, sh - got["title_bar"])  # no larger than the display
    assert got["sdl_size"] == [w, h]
    assert got["resizable"] and tuple(got["minimum"]) <= MIN_WINDOW
    x, y = got["position"]
    assert sx <= x and x + w <= sx + sw
    assert sy <= y and y + h <= sy + sh


def test_a_real_window_first_start_fits_the_display():
    got = _real_window({})
    _, _, sw, sh = got["usable"]
    assert tuple(got["window_size"]) == first_window_size((sw, sh - got["title_bar"]))
    assert got["sdl_size"] == got["window_size"]
    assert got["recorded"] == 0  # nothing recorded until the player resizes
