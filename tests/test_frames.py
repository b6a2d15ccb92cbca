"""A still screen costs nothing: frames are drawn only when something changed or a
screen animates (``App.frame_due``), and a frame skipped is one that would have looked
the same.

Each screen runs through ``App.run_paced``, the real loop's pacing with ticks for a
clock.  On every tick whose frame it skips, the test composes a fresh frame and
compares it with what the window shows (the canvas, as last presented): a difference
is a change the screen did not report, which a player would see late or never.
Then the screens that should rest are checked to rest: a few seconds after the last
input, no frames at all.
"""

from __future__ import annotations

import os

import pygame
import pytest

from scenes.scene import AMBIENT, FULL, REST_TICKS, STILL
from tests.screens import KIOSK, SCREENS
from tests.test_accessibility import make

pytestmark = pytest.mark.usefixtures("default_look")


@pytest.fixture
def default_look():
    yield
    from scenes import theme
    from scenes.play import motion

    theme.LOOK = theme.DEFAULT_LOOK
    motion.PLAIN = False


class StaleFrames:
    """Compose a fresh frame on skipped ticks (every ``every``-th) and note where it
    differs."""

    def __init__(self, app, every: int = 1):
        self.scratch = app.canvas.copy()
        self.stale: list[int] = []
        self.checked = 0
        self.every = every
        self._seen = 0

    def __call__(self, app) -> None:
        self._seen += 1
        if self._seen % self.every:
            return
        self.checked += 1
        app.compose(self.scratch, 0.0)
        if self.scratch.get_view("2").raw != app.canvas.get_view("2").raw:
            self.stale.append(app.tick_count)
            app.draw(0.0, now=app.tick_count / 60)  # go on from what is really shown


def run_screen(paths, name: str, look: dict, ticks: int, every: int = 1):
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    app = make(paths, look, kiosk=name in KIOSK)
    SCREENS[name](app)
    check = StaleFrames(app, every)
    drawn = app.run_paced(ticks, check)
    return app, check, drawn


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_a_skipped_frame_would_have_looked_the_same(paths, name):
    # past the first rest (3 s), a few seconds of rest, every third still tick looked at
    app, check, _drawn = run_screen(paths, name, {}, 6 * 60, every=3)
    assert not check.stale, f"{name}: the screen changed unreported at ticks {check.stale[:10]}"
    app.shutdown()


@pytest.mark.parametrize(
    "name", ["title", "select", "settings", "rules", "results", "crystal-connector", "replays"]
)
def test_with_reduced_motion_a_screen_at_rest_draws_no_frames(paths, name):
    app, check, _drawn = run_screen(paths, name, {"reduced_motion": True}, REST_TICKS + 120)
    assert not check.stale
    rest = app.run_paced(5 * 60, check)
    assert rest == 0, f"{name} drew {rest} frames in 5 s with nothing happening"
    assert app.frame_rate() == STILL
    app.shutdown()


def test_the_title_drifts_at_the_ambient_rate_and_holds_still_with_reduced_motion(paths):
    app, _check, _drawn = run_screen(paths, "title", {}, 60)
    assert app.frame_rate() == AMBIENT
    drawn = app.run_paced(4 * 60)
    assert 4 * AMBIENT - 8 <= drawn <= 4 * AMBIENT + 8
    still, _check, _drawn = run_screen(paths, "title", {"reduced_motion": True}, REST_TICKS + 60)
    assert still.frame_rate() == STILL


def test_input_draws_a_frame_at_once_and_frames_follow_while_it_settles(paths):
    app, _check, _drawn = run_screen(paths, "settings", {"reduced_motion": True}, REST_TICKS + 60)
    assert app.run_paced(60) == 0
    app.post_key(pygame.K_DOWN)
    assert app.frame_due(app.tick_count / 60)
    assert app.frame_rate() == FULL
    drawn = app.run_paced(30)
    assert drawn >= 20  # the focus ring moved: frames while it settles


def test_a_game_waiting_for_its_person_rests_and_a_bot_move_wakes_it(paths):
    """Crystal Connector against a bot: at rest while the person thinks; the bot's
    answer (after the person's move) animates at full rate, then the board rests."""
    app, check, _drawn = run_screen(paths, "color-crossroads", {}, REST_TICKS + 180)
    scene = app.top
    assert scene.name == "play" and not scene.busy()
    assert app.run_paced(3 * 60, check) == 0
    assert not check.stale
