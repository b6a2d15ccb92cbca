"""Kiosk mode driven headless: attract demo, idle timeouts, recovery, no way out
but the operator's chord (and PIN)."""

import os

import pygame
import pytest

from scenes.app import Scene
from scenes.boot import make_app


@pytest.fixture
def kiosk(paths):
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    a = make_app(headless=True, paths=paths, kiosk=True)
    a.kiosk_config.attract_after_seconds = 2
    a.kiosk_config.idle_timeout_seconds = 3
    a.kiosk_config.still_there_seconds = 2
    a.kiosk_config.demo_seconds_per_game = 4
    a.settings.animation_speed = 4.0
    yield a
    a.shutdown()


def names(app):
    return [s.name for s in app.stack]


def test_kiosk_writes_its_config_file_with_defaults(kiosk, paths):
    import json

    data = json.loads(paths.kiosk.read_text())
    assert data["attract_after_seconds"] == 45 and data["idle_timeout_seconds"] == 90
    assert data["exit_pin"] == ""


def test_quit_and_settings_are_unreachable_on_the_kiosk_title(kiosk):
    texts = [c.element.text for c in kiosk.top.controls]
    assert "Quit" not in texts and "Settings" not in texts
    kiosk.post(pygame.event.Event(pygame.QUIT))
    kiosk.post_key(pygame.K_ESCAPE)
    kiosk.post_key(pygame.K_F4, mod=pygame.KMOD_ALT)
    kiosk.run_ticks(2)
    assert kiosk.running and names(kiosk) == ["title"]


def test_idle_title_starts_the_attract_demo_and_input_leaves_it_without_a_click(kiosk):
    kiosk.run_ticks(2 * 60 + 2, draw=False)
    assert names(kiosk) == ["title", "attract"]
    demo = kiosk.top
    first = demo.inner.spec.id
    # the demo plays: bots make moves and after its time the next game comes
    kiosk.run_until(lambda: demo.inner.match.entries, max_ticks=2000)
    assert demo.inner.match.entries
    kiosk.run_until(lambda: demo.inner.spec.id != first, max_ticks=6 * 60)
    assert demo.games_shown >= 2
    kiosk.run_ticks(1)
    # a tap right where the Play button is: back to the title, and no Play press
    play = next(c for c in kiosk.stack[0].controls if c.element.text == "Play")
    kiosk.post_click(play.element.rect.center)
    kiosk.run_ticks(3)
    assert names(kiosk) == ["title"]


def test_idle_in_a_game_asks_still_there_then_returns_to_the_title(kiosk, paths):
    from scenes.select import SelectScene

    kiosk.push(SelectScene(kiosk))
    kiosk.run_ticks(1)
    kiosk.top.start()
    kiosk.run_ticks(2)
    assert kiosk.top.name == "play"
    kiosk.run_ticks(3 * 60 + 2, draw=False)
    assert kiosk.top.name == "still-there"
    kiosk.post_key(pygame.K_SPACE)  # any input keeps the game
    kiosk.run_ticks(1)
    assert kiosk.top.name == "play"
    kiosk.run_ticks(3 * 60 + 2 + 2 * 60 + 2, draw=False)
    assert names(kiosk) == ["title"]
    assert not paths.autosave.exists()


class Exploding(Scene):
    name = "exploding"

    def update(self):
        super().update()
        if self.ticks == 3:
            raise RuntimeError("boom in a scene")


def test_a_scene_that_raises_is_logged_and_the_kiosk_returns_to_the_title(kiosk, paths):
    kiosk.push(Exploding(kiosk))
    kiosk.run_ticks(5)
    assert kiosk.running and names(kiosk) == ["title"]
    log = (paths.logs / "crystal-arcade.log").read_text()
    assert "boom in a scene" in log and "Traceback" in log


def test_exit_chord_without_pin_quits(kiosk):
    kiosk.post_key(pygame.K_q, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert not kiosk.running


def test_exit_chord_with_pin_asks_for_it(kiosk):
    kiosk.kiosk_config.exit_pin = "2468"
    kiosk.post_key(pygame.K_q, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    kiosk.run_ticks(1)
    assert kiosk.top.name == "pin"
    for ch in "1111":
        kiosk.post_key(pygame.K_1, unicode=ch)
    kiosk.post_key(pygame.K_RETURN)
    assert kiosk.running and kiosk.top.wrong
    for ch in "2468":
        kiosk.post_key(getattr(pygame, f"K_{ch}"), unicode=ch)
    kiosk.post_key(pygame.K_RETURN)
    assert not kiosk.running


def test_bad_kiosk_config_value_falls_back_to_default(paths):
    from scenes.kiosk import KioskConfig

    paths.config.mkdir(parents=True)
    paths.kiosk.write_text('{"attract_after_seconds": "soon", "exit_pin": "12a"}')
    cfg, problem = KioskConfig.load(paths)
    assert cfg.attract_after_seconds == 45 and cfg.exit_pin == ""
    assert "invalid" in problem
