"""A monkey at every screen: random clicks, drags, keys, finger and controller
events, window resizes and focus changes, for tens of thousands of ticks in all.
No exception may escape (error recovery is off in tests), and from anywhere Escape
(or controller B), with the pause menu's own "Quit to title", leads back to the
title."""

import os
import random
import zlib

import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from scenes.app import App
from scenes.boot import make_app

KEYS = [
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_h,
    pygame.K_u,
    pygame.K_y,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_BACKSPACE,
    pygame.K_1,
    pygame.K_5,
    pygame.K_a,
    pygame.K_z,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_ESCAPE,
    pygame.K_F1,
]


def random_event(rng: random.Random) -> pygame.event.Event:
    kind = rng.random()
    pos = (rng.randrange(1280), rng.randrange(720))
    if kind < 0.30:
        return pygame.event.Event(
            pygame.MOUSEBUTTONDOWN if rng.random() < 0.5 else pygame.MOUSEBUTTONUP,
            pos=pos,
            button=rng.choice((1, 1, 1, 3)),
            touch=False,
        )
    if kind < 0.45:
        return pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=pos,
            rel=(rng.randint(-40, 40), rng.randint(-40, 40)),
            buttons=(rng.random() < 0.5, 0, 0),
            touch=False,
        )
    if kind < 0.70:
        key = rng.choice(KEYS)
        return pygame.event.Event(
            pygame.KEYDOWN,
            key=key,
            mod=rng.choice((0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL)),
            unicode=chr(key) if 32 <= key < 127 else "",
            scancode=0,
        )
    if kind < 0.80:
        t = rng.choice((pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION))
        return pygame.event.Event(
            t,
            x=pos[0] / 1280,
            y=pos[1] / 720,
            dx=rng.uniform(-0.05, 0.05),
            dy=rng.uniform(-0.05, 0.05),
            finger_id=1,
            touch_id=1,
            pressure=1.0,
        )
    if kind < 0.90:
        return pygame.event.Event(
            pygame.CONTROLLERBUTTONDOWN,
            button=rng.choice((0, 1, 2, 3, 6, 11, 12, 13, 14)),
            instance_id=0,
        )
    if kind < 0.93:
        return pygame.event.Event(
            pygame.CONTROLLERAXISMOTION,
            axis=rng.choice((0, 1)),
            value=rng.choice((-32000, 0, 32000)),
            instance_id=0,
        )
    if kind < 0.95:
        return pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False, touch=False
        )
    if kind < 0.97:
        return pygame.event.Event(
            pygame.VIDEORESIZE,
            w=rng.randrange(400, 1920),
            h=rng.randrange(300, 1080),
            size=(800, 600),
        )
    return pygame.event.Event(
        rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED)), window=None
    )


def back_to_title(app: App, limit: int = 12) -> bool:
    for _ in range(limit):
        if [s.name for s in app.stack] == ["title"]:
            return True
        pause = app.top.name == "pause"
        quit_item = (
            next((c for c in app.top.controls if c.element.text == "Quit to title"), None)
            if pause
            else None
        )
        if quit_item is not None:
            app.top.set_focus(app.top.controls.index(quit_item))
            app.post_key(pygame.K_RETURN)
        else:  # (the pause menu asking "Resign this game?": Escape goes back to it)
            app.post_key(pygame.K_ESCAPE)
        app.run_ticks(3)
    return [s.name for s in app.stack] == ["title"]


def open_screen(app: App, screen: str) -> None:
    from scenes.play import play_scene_for

    if screen in GAMES:
        spec = GAMES[screen]
        setup = GameSetup(screen, spec.default_players, spec.resolve_options()[1], 4)
        seats = [Seat.person()] + [Seat.bot("easy") for _ in range(setup.players - 1)]
        scene = play_scene_for(app, Match(spec, setup, seats, setup.start(GAMES)))
        scene.bot_seconds = 0.02
        app.push(scene)
    elif screen == "select":
        from scenes.select import SelectScene

        app.push(SelectScene(app))
    elif screen == "settings":
        from scenes.settings import SettingsScene

        app.push(SettingsScene(app))
    elif screen == "rules":
        from scenes.rules import RulesScene

        app.push(RulesScene(app))
    app.run_ticks(1)


SCREENS = ["title", "select", "settings", "rules", *GAMES]


@pytest.mark.parametrize("screen", SCREENS)
def test_monkey(screen, paths):
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    rng = random.Random(zlib.crc32(screen.encode()))  # the same monkey every run
    app = make_app(headless=True, paths=paths)
    app.settings.animation_speed = 4.0
    try:
        ticks = 0
        rounds = 0
        while ticks < 4000:
            if not app.running:  # the monkey pressed Quit on the title: a fair outcome
                app.shutdown()
                app = make_app(headless=True, paths=paths)
            open_screen(app, screen)
            for _ in range(400):
                for _ in range(rng.randint(0, 3)):
                    app.post(random_event(rng))
                    if not app.running:
                        break
                app.run_ticks(1, draw=(ticks % 3 == 0))
                ticks += 1
                if not app.running:
                    break
            if app.running:
                assert back_to_title(app), f"stuck on {[s.name for s in app.stack]}"
            rounds += 1
        assert rounds >= 10
    finally:
        app.shutdown()
