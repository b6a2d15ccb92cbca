"""One input language for every screen: mouse, touch, keyboard and game controller.

Scenes only see mouse and keyboard events:
- A finger tap or drag becomes mouse events at the same logical position.  SDL also
  sends its own mouse events for each touch (marked ``touch=True``); those are
  dropped so a tap never counts twice.
- A game controller becomes keys: d-pad or left stick = arrow keys, A = Enter,
  B = Escape (back), Start = Pause (``PAUSE_KEY``: pause a game, or a menu's main
  action), X = Space, Y = H (hint), shoulders = Page Up / Page Down.  Start and B
  are different keys so a screen can tell "pause" from "back".  Controllers may be
  plugged in and out while playing.
- ``last_input_tick`` records the last real input, for idle timeouts.
"""

from __future__ import annotations

import pygame

# Start: the keyboard's Pause key, which no screen uses for anything else.
PAUSE_KEY = pygame.K_PAUSE

BUTTON_KEYS = {
    "a": pygame.K_RETURN,
    "b": pygame.K_ESCAPE,
    "x": pygame.K_SPACE,
    "y": pygame.K_h,
    "start": PAUSE_KEY,
    "back": pygame.K_TAB,
    "dpup": pygame.K_UP,
    "dpdown": pygame.K_DOWN,
    "dpleft": pygame.K_LEFT,
    "dpright": pygame.K_RIGHT,
    "leftshoulder": pygame.K_PAGEUP,
    "rightshoulder": pygame.K_PAGEDOWN,
}

# SDL_GameControllerButton numbers (stable across SDL 2 versions).
CONTROLLER_BUTTONS = {
    0: "a",
    1: "b",
    2: "x",
    3: "y",
    4: "back",
    6: "start",
    9: "leftshoulder",
    10: "rightshoulder",
    11: "dpup",
    12: "dpdown",
    13: "dpleft",
    14: "dpright",
}
STICK_DEADZONE = 16000
STICK_REPEAT_TICKS = 12


class InputMapper:
    def __init__(self, app):
        self.app = app
        self.controllers: dict[int, object] = {}
        self.last_input_tick = 0
        self._stick_dir: tuple[int, int] = (0, 0)
        self._stick_axes = [0, 0]
        self._stick_next = 0
        self._open_controllers()

    def _open_controllers(self) -> None:
        try:
            from pygame._sdl2 import controller

            controller.init()
            for i in range(controller.get_count()):
                if controller.is_controller(i):
                    self._open(i)
        except (ImportError, pygame.error, AttributeError):
            pass

    def _open(self, index: int) -> None:
        try:
            from pygame._sdl2 import controller

            pad = controller.Controller(index)
            self.controllers[pad.id if hasattr(pad, "id") else index] = pad
        except (ImportError, pygame.error, AttributeError):
            pass

    def _key(self, key: int, down: bool = True) -> pygame.event.Event:
        return pygame.event.Event(
            pygame.KEYDOWN if down else pygame.KEYUP,
            key=key,
            mod=0,
            unicode="\r" if key == pygame.K_RETURN else "",
            scancode=0,
            synthetic=True,
        )

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        t = event.type
        if t in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
        ):
            if getattr(event, "touch", False):
                return []  # SDL's copy of a finger event: the finger event itself counts
            if t != pygame.MOUSEMOTION:
                self.last_input_tick = self.app.tick_count
            return [event]
        if t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            self.last_input_tick = self.app.tick_count
            w, h = self.app.canvas.get_size()
            pos = (int(event.x * w), int(event.y * h))
            if t == pygame.FINGERDOWN:
                return [
                    pygame.event.Event(
                        pygame.MOUSEMOTION,
                        pos=pos,
                        rel=(0, 0),
                        buttons=(1, 0, 0),
                        touch=False,
                        finger=True,
                    ),
                    pygame.event.Event(
                        pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False, finger=True
                    ),
                ]
            if t == pygame.FINGERUP:
                return [
                    pygame.event.Event(
                        pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False, finger=True
                    )
                ]
            rel = (int(event.dx * w), int(event.dy * h))
            return [
                pygame.event.Event(
                    pygame.MOUSEMOTION,
                    pos=pos,
                    rel=rel,
                    buttons=(1, 0, 0),
                    touch=False,
                    finger=True,
                )
            ]
        if t in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.last_input_tick = self.app.tick_count
            return [event]
        if t == getattr(pygame, "CONTROLLERDEVICEADDED", -1):
            self._open(event.device_index)
            return []
        if t == getattr(pygame, "CONTROLLERDEVICEREMOVED", -1):
            self.controllers.pop(getattr(event, "instance_id", -1), None)
            return []
        if t in (
            getattr(pygame, "CONTROLLERBUTTONDOWN", -1),
            getattr(pygame, "CONTROLLERBUTTONUP", -1),
        ):
            name = CONTROLLER_BUTTONS.get(event.button)
            key = BUTTON_KEYS.get(name) if name else None
            if key is None:
                return []
            down = t == pygame.CONTROLLERBUTTONDOWN
            if down:
                self.last_input_tick = self.app.tick_count
            return [self._key(key, down)]
        if t == getattr(pygame, "CONTROLLERAXISMOTION", -1):
            if event.axis in (0, 1):
                self._stick_axes[event.axis] = event.value
                return self._stick_events()
            return []
        return [event]

    def _stick_events(self) -> list[pygame.event.Event]:
        x, y = self._stick_axes
        d = (0, 0)
        if abs(x) > STICK_DEADZONE or abs(y) > STICK_DEADZONE:
            d = ((1 if x > 0 else -1), 0) if abs(x) >= abs(y) else (0, (1 if y > 0 else -1))
        if d == self._stick_dir:
            return []
        self._stick_dir = d
        if d == (0, 0):
            return []
        self.last_input_tick = self.app.tick_count
        self._stick_next = self.app.tick_count + STICK_REPEAT_TICKS * 2
        return [self._key(_dir_key(d))]

    def stick_repeat(self) -> list[pygame.event.Event]:
        """Held stick: repeat the arrow key at a steady rate (called every tick)."""
        if self._stick_dir != (0, 0) and self.app.tick_count >= self._stick_next:
            self._stick_next = self.app.tick_count + STICK_REPEAT_TICKS
            return [self._key(_dir_key(self._stick_dir))]
        return []


def _dir_key(d: tuple[int, int]) -> int:
    return {
        (1, 0): pygame.K_RIGHT,
        (-1, 0): pygame.K_LEFT,
        (0, 1): pygame.K_DOWN,
        (0, -1): pygame.K_UP,
    }[d]
