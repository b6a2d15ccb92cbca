"""The real client in a real X window (Xvfb + openbox, ``tools/xwindow.py``): the window
lies inside the screen, its pixels are the whole frame scaled into it, and a click
lands where it is drawn.  What a headless render shows is never taken as proof of
what the window shows: here the program a player starts is run, input goes through
the X server (xdotool), and the pixels are read back from the window itself.

Skipped, with the reason, where Debian's xvfb, openbox, xdotool, x11-utils or
imagemagick are not installed (``.ci/run`` installs them when it runs as root).
"""

from __future__ import annotations

import os
import time

import numpy as np
import pygame
import pytest

from tools import xwindow

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        bool(xwindow.missing()),
        reason="a real X window needs " + ", ".join(xwindow.missing()) + " (Debian: xvfb, "
        "openbox, xdotool, x11-utils, imagemagick)",
    ),
]

# A still title (no drifting crystals, no breathing logo) draws the same frame in the
# window and headless, so the two can be compared pixel for pixel.
STILL = {"reduced_motion": True}
SCREENS = [(1024, 600), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440), (1080, 1920)]


def expected(
    window: tuple[int, int], settings: dict, tmp_path, click: str | None = None
) -> np.ndarray:
    """The title's frame drawn headless and letterboxed into ``window`` (RGB rows);
    after a click on the title's button labelled ``click``, the screen it opened."""
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    from game.storage.saves import Paths
    from scenes.boot import make_app
    from scenes.config import Settings

    home = tmp_path / "headless"
    app = make_app(
        headless=True,
        paths=Paths(home / "c", home / "d", home / "l"),
        settings=Settings(**settings),
    )
    try:
        app.run_ticks(5)
        if click is not None:
            rect = next(c for c in app.top.controls if c.element.text == click).element.rect
            app.post_click(rect.center)
            app.pointer = (-1, -1)  # the pointer left the window, as in the real one
            app.run_ticks(60)
        app.resize(window)
        shot = app.window_view()
        return np.transpose(pygame.surfarray.array3d(shot), (1, 0, 2)).astype(np.int16)
    finally:
        app.shutdown()


def pixels(image) -> np.ndarray:
    return np.asarray(image, dtype=np.int16)


def blocks(image: np.ndarray, k: int = 4) -> np.ndarray:
    """The picture in k x k blocks, each its mean: two scalers' filtering differs at
    every edge by a fraction of a pixel, which blocks smooth out, while a frame that is
    cropped, shifted or drawn unscaled stays far off."""
    h, w = (image.shape[0] // k) * k, (image.shape[1] // k) * k
    return image[:h, :w].reshape(h // k, k, w // k, k, 3).mean(axis=(1, 3))


def assert_same_picture(got: np.ndarray, want: np.ndarray, what: str) -> None:
    """The window shows the frame: same size, and the scaled pixels agree but for the
    filtering of two scalers (SDL's linear texture filter, pygame's smoothscale)."""
    assert got.shape == want.shape, f"{what}: window {got.shape[1::-1]}, frame {want.shape[1::-1]}"
    diff = np.abs(blocks(got) - blocks(want)).max(axis=2)
    mean = float(diff.mean())
    far = float((diff > 40).mean())
    assert mean < 4 and far < 0.005, f"{what}: mean difference {mean:.1f}, {far:.2%} far off"


def start(screen, tmp_path, settings=None, args=()) -> xwindow.Client:
    client = xwindow.Client(screen, list(args), settings=settings, home=tmp_path / "client")
    client.start()
    # The pointer starts in the middle of the screen; over a button it would light it.
    screen.xdotool("mousemove", "0", "0")
    return client


def settle(client: xwindow.Client, screen_size, timeout: float = 10.0) -> xwindow.Geometry:
    """The window's geometry once the window manager has framed it and it holds."""
    last = None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        g = client.geometry()
        if g == last and g.viewable:
            return g
        last = g
        time.sleep(0.4)
    return client.geometry()


@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_first_start_fits_the_screen_and_shows_the_whole_frame(tmp_path, size):
    with xwindow.XScreen(size) as screen:
        client = start(screen, tmp_path, STILL)
        try:
            g = settle(client, size)
            assert g.inside(size), f"window frame {g.outer} hangs off the {size} screen"
            assert g.w >= min(800, size[0] - 8) or g.w * 720 >= g.h * 1280 * 0.95
            shot = pixels(client.settled_capture())
            assert_same_picture(shot, expected((g.w, g.h), STILL, tmp_path), f"{size} first start")
        finally:
            assert client.stop() == 0


def test_fullscreen_and_back_fills_the_screen_then_fits_it_again(tmp_path):
    size = (1024, 600)
    with xwindow.XScreen(size) as screen:
        client = start(screen, tmp_path, STILL)
        try:
            before = settle(client, size)
            client.key("F11")
            assert client.wait_until(lambda: (client.geometry().w, client.geometry().h) == size)
            shot = pixels(client.settled_capture())
            assert_same_picture(shot, expected(size, STILL, tmp_path), "fullscreen")
            client.key("F11")
            assert client.wait_until(lambda: client.geometry().w < size[0])
            after = settle(client, size)
            assert after.inside(size), f"back from fullscreen the frame {after.outer} hangs off"
            assert (after.w, after.h) == (before.w, before.h)
            shot = pixels(client.settled_capture())
            assert_same_picture(shot, expected((after.w, after.h), STILL, tmp_path), "windowed")
        finally:
            assert client.stop() == 0


def test_maximise_and_restore_scale_the_frame_and_restore_is_remembered(tmp_path):
    size = (1366, 768)
    with xwindow.XScreen(size) as screen:
        client = start(screen, tmp_path, STILL)
        try:
            before = settle(client, size)
            client.toggle_maximised()
            assert client.wait_until(lambda: client.geometry().w > before.w)
            big = settle(client, size)
            assert big.inside(size)
            shot = pixels(client.settled_capture())
            assert_same_picture(shot, expected((big.w, big.h), STILL, tmp_path), "maximised")
            client.toggle_maximised()
            assert client.wait_until(lambda: client.geometry().w == before.w)
            restored = settle(client, size)
            shot = pixels(client.settled_capture())
            assert_same_picture(
                shot, expected((restored.w, restored.h), STILL, tmp_path), "restored"
            )
        finally:
            assert client.stop() == 0
        saved = client.read_settings()
        assert not saved["window_maximised"]
        assert (saved["window_width"], saved["window_height"]) == (before.w, before.h)


def test_a_remembered_window_larger_than_the_screen_opens_inside_it(tmp_path):
    size = (1024, 600)
    remembered = {
        **STILL,
        "window_width": 2200,
        "window_height": 1300,
        "window_x": 1500,
        "window_y": 900,
        "window_placed": True,
    }
    with xwindow.XScreen(size) as screen:
        client = start(screen, tmp_path, remembered)
        try:
            g = settle(client, size)
            assert g.inside(size), f"window frame {g.outer} hangs off the {size} screen"
            shot = pixels(client.settled_capture())
            assert_same_picture(shot, expected((g.w, g.h), STILL, tmp_path), "clamped")
        finally:
            assert client.stop() == 0


def test_a_window_left_maximised_opens_maximised(tmp_path):
    size = (1280, 800)
    remembered = {**STILL, "window_width": 900, "window_height": 600, "window_maximised": True}
    with xwindow.XScreen(size) as screen:
        client = start(screen, tmp_path, remembered)
        try:
            g = settle(client, size)
            assert g.w > 1100 and g.inside(size)
        finally:
            assert client.stop() == 0


def play_centre() -> tuple[int, int]:
    """Where the title draws Play, on the canvas."""
    from game.storage.saves import Paths
    from scenes.boot import make_app
    from scenes.config import Settings

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    import tempfile
    from pathlib import Path

    home = Path(tempfile.mkdtemp())
    app = make_app(
        headless=True, paths=Paths(home / "c", home / "d", home / "l"), settings=Settings(**STILL)
    )
    try:
        app.run_ticks(2)
        return next(c for c in app.top.controls if c.element.text == "Play").element.rect.center
    finally:
        app.shutdown()


def test_a_click_on_play_in_a_portrait_window_opens_game_select(tmp_path):
    """Input mapped to match: Play is clicked where the window shows it, and the window
    then shows game select as it is drawn headless."""
    size = (1080, 1920)
    px, py = play_centre()
    with xwindow.XScreen(size) as screen:
        client = start(screen, tmp_path, STILL)
        try:
            g = settle(client, size)
            from scenes.app import letterbox

            view = letterbox((g.w, g.h))
            client.click(view.x + round(px * view.w / 1280), view.y + round(py * view.h / 720))
            screen.xdotool("mousemove", "0", "0")
            time.sleep(1.0)
            shot = pixels(client.settled_capture())
            want = expected((g.w, g.h), STILL, tmp_path, click="Play")
            assert_same_picture(shot, want, "game select after the click")
        finally:
            assert client.stop() == 0
