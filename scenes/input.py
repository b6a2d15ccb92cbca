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

from game.text.clean import clean
from game.text.i18n import N_, _, pgettext

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
# leftstick / rightstick presses: free buttons a player can move an action to.
CONTROLLER_BUTTONS.update({7: "leftstick", 8: "rightstick"})

# -- the player's bindings ----------------------------------------------------------
# Every screen reads the standard keys below.  A player may move an action to another
# key or controller button (settings.json's key_bindings / button_bindings hold only
# the changed ones); the mapper turns the player's key into the action's standard key
# before any screen sees it, so no screen needs to know about bindings.
ACTIONS: dict[str, tuple[str, int, str]] = {
    # action: (what the settings page calls it, standard key, default button)
    "up": (N_("Up"), pygame.K_UP, "dpup"),
    "down": (N_("Down"), pygame.K_DOWN, "dpdown"),
    "left": (N_("Left"), pygame.K_LEFT, "dpleft"),
    "right": (N_("Right"), pygame.K_RIGHT, "dpright"),
    "confirm": (N_("Confirm"), pygame.K_RETURN, "a"),
    "back": (N_("Back / pause a game"), pygame.K_ESCAPE, "b"),
    "select": (N_("Pick up / toggle"), pygame.K_SPACE, "x"),
    "hint": (N_("Hint"), pygame.K_h, "y"),
    "next": (N_("Next control"), pygame.K_TAB, "back"),
    "page_up": (N_("Previous page"), pygame.K_PAGEUP, "leftshoulder"),
    "page_down": (N_("Next page"), pygame.K_PAGEDOWN, "rightshoulder"),
    "menu": (N_("Menu's main action"), PAUSE_KEY, "start"),
}
# Keys some screen already reads for its own purpose (a game's letter shortcuts, text
# entry, F11 for fullscreen): an action moved onto one would take it away.
RESERVED_KEYS = {
    getattr(pygame, f"K_{n}")
    for n in (
        "a b c d e f g l m p q r s t u v y z 1 2 3 4 5 6 BACKSPACE DELETE HOME END F1 F2"
        " F11 KP_ENTER MINUS PLUS EQUALS LEFTBRACKET RIGHTBRACKET LSHIFT RSHIFT LCTRL"
        " RCTRL"
    ).split()
}
# The keys a player may choose from: the standard ones, and letters and digits no
# screen uses.
BINDABLE_KEYS: dict[str, int] = {
    pygame.key.name(k) if k != PAUSE_KEY else "pause": k for _name, k, _button in ACTIONS.values()
}
for _n in "h i j k n o w x 7 8 9 0".split():
    BINDABLE_KEYS[_n] = getattr(pygame, f"K_{_n}")
_KEY_NAMES = {k: n for n, k in BINDABLE_KEYS.items()}
BUTTON_NAMES = {
    "a": "A",
    "b": "B",
    "x": "X",
    "y": "Y",
    "start": N_("Start"),
    "back": N_("Back"),
    "dpup": N_("D-pad up"),
    "dpdown": N_("D-pad down"),
    "dpleft": N_("D-pad left"),
    "dpright": N_("D-pad right"),
    "leftshoulder": N_("Left shoulder"),
    "rightshoulder": N_("Right shoulder"),
    "leftstick": N_("Left stick press"),
    "rightstick": N_("Right stick press"),
}
# Without these a player could not move, press or leave: never left without a key.
ESSENTIAL = ("up", "down", "left", "right", "confirm", "back")


def key_label(key: int) -> str:
    """A key as the settings page names it: letters and digits as printed on the
    key, the named keys in the current language ("Leertaste")."""
    name = _KEY_NAMES.get(key) or pygame.key.name(key) or "?"
    if len(name) == 1:
        return name.upper()
    return _key_word(name.lower()) or name.title()


def _key_word(name: str) -> str | None:
    # Looked up when shown (not a table made at import) so a language change applies.
    words = {
        "up": pgettext("key", "Up"),
        "down": pgettext("key", "Down"),
        "left": pgettext("key", "Left"),
        "right": pgettext("key", "Right"),
        "return": pgettext("key", "Return"),
        "escape": pgettext("key", "Escape"),
        "space": pgettext("key", "Space"),
        "tab": pgettext("key", "Tab"),
        "page up": pgettext("key", "Page Up"),
        "page down": pgettext("key", "Page Down"),
        "pause": pgettext("key", "Pause"),
        "backspace": pgettext("key", "Backspace"),
        "delete": pgettext("key", "Delete"),
        "home": pgettext("key", "Home"),
        "end": pgettext("key", "End"),
    }
    return words.get(name)


def action_keys(key_bindings: dict) -> dict[str, int]:
    """Each action's key: the player's where set (and known), else the standard one."""
    out = {}
    for action, (_name, std, _button) in ACTIONS.items():
        name = key_bindings.get(action)
        out[action] = BINDABLE_KEYS.get(name, std) if isinstance(name, str) else std
    return out


def action_buttons(button_bindings: dict) -> dict[str, str]:
    out = {}
    for action, (_name, _key, std) in ACTIONS.items():
        name = button_bindings.get(action)
        out[action] = name if isinstance(name, str) and name in BUTTON_NAMES else std
    return out


def binding_problem(key_bindings: dict, button_bindings: dict) -> str | None:
    """Why a bindings table cannot be used (short, for the screen), or None."""
    for action, name in key_bindings.items():
        if action not in ACTIONS:
            return _("there is no action called {name}").format(name=clean(str(action), 20))
        if name not in BINDABLE_KEYS:
            return _("{key} cannot be bound").format(key=clean(str(name), 20))
    for action, name in button_bindings.items():
        if action not in ACTIONS:
            return _("there is no action called {name}").format(name=clean(str(action), 20))
        if name not in BUTTON_NAMES:
            return _("{button} is not a controller button").format(button=clean(str(name), 20))
    for table, label in (
        (action_keys(key_bindings), key_label),
        (action_buttons(button_bindings), lambda b: _(BUTTON_NAMES[b])),
    ):
        seen: dict = {}
        for action, key in table.items():
            if key in seen:
                return _("{key} would do both {first} and {second}").format(
                    key=label(key), first=_(ACTIONS[seen[key]][0]), second=_(ACTIONS[action][0])
                )
            seen[key] = action
    return None


def rebind_problem(key_bindings: dict, action: str, key: int) -> str | None:
    """Why ``action`` cannot move to ``key`` (the settings page says it), or None."""
    if key in RESERVED_KEYS or key not in _KEY_NAMES:
        return _("{key} is used elsewhere or cannot be bound").format(key=key_label(key))
    for other, k in action_keys(key_bindings).items():
        if k == key and other != action:
            return _("{key} already does {action}; move that first").format(
                key=key_label(key), action=_(ACTIONS[other][0])
            )
    return None


def rebutton_problem(button_bindings: dict, action: str, button: str) -> str | None:
    if button not in BUTTON_NAMES:
        return _("That button cannot be bound")
    for other, b in action_buttons(button_bindings).items():
        if b == button and other != action:
            return _("{button} already does {action}; move that first").format(
                button=_(BUTTON_NAMES[button]), action=_(ACTIONS[other][0])
            )
    return None


def with_binding(bindings: dict, action: str, name: str, standard: str) -> dict:
    """``bindings`` with ``action`` on ``name``, keeping only changes from standard."""
    out = {k: v for k, v in bindings.items() if k != action}
    if name != standard:
        out[action] = name
    return out


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
        # True while the settings page waits for a new key or button: keys arrive as
        # pressed (not as bound) and controller buttons as themselves.
        self.raw = False
        self.bindings_changed()
        self._open_controllers()

    def bindings_changed(self) -> None:
        """Rebuild the key and button maps from the settings (the settings page calls
        this after a change; a table that cannot be used leaves the defaults on)."""
        settings = getattr(self.app, "settings", None)
        keys = dict(getattr(settings, "key_bindings", None) or {})
        buttons = dict(getattr(settings, "button_bindings", None) or {})
        if binding_problem(keys, buttons):
            keys, buttons = {}, {}
        self.key_map: dict[int, int] = {}
        for action, key in action_keys(keys).items():
            std = ACTIONS[action][1]
            if key != std:
                self.key_map[key] = std
                # The standard key of a moved action is free: it does nothing, unless
                # another action was moved onto it (set in its own turn).
                self.key_map.setdefault(std, 0)
        self.button_keys = {b: ACTIONS[a][1] for a, b in action_buttons(buttons).items()}
        # Another action moved onto a standard key overrides the "does nothing" above.
        for action, key in action_keys(keys).items():
            if key != ACTIONS[action][1]:
                self.key_map[key] = ACTIONS[action][1]

    def _rebind(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        std = self.key_map.get(event.key)
        if std is None or self.raw or getattr(event, "synthetic", False):
            return [event]
        if std == 0:
            return []
        out = self._key(std, event.type == pygame.KEYDOWN)
        out.mod = getattr(event, "mod", 0)  # Shift+Tab stays Shift+Tab on a moved key
        return [out]

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
            return self._rebind(event) if t == pygame.KEYDOWN else [event]
        if t == pygame.KEYUP:
            return self._rebind(event)
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
            if self.raw:
                return [event]
            name = CONTROLLER_BUTTONS.get(event.button)
            key = self.button_keys.get(name) if name else None
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
