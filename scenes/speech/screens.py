"""What the app says about screens: each screen's title when it opens and the focused
control as the focus moves (name, kind, place: "Play, button, 1 of 6"; a control that
cycles says its value and the value's place: "Text size, 125 %, 2 of 3")."""

from __future__ import annotations

import pygame

from game.text.i18n import _

TOGGLE_KEY = pygame.K_F5  # speech on / off, on every screen
REPEAT_KEY = pygame.K_F6  # the last thing said, again
COMMAND_KEY = pygame.K_F7  # a play screen's command line


def screen_title(scene) -> str:
    """The spoken title of ``scene``: its own ``spoken_title()`` or a name by kind."""
    own = getattr(scene, "spoken_title", None)
    if callable(own):
        return own()
    titles = {
        "title": _("Crystal Arcade. Press F5 to turn speech on or off, F6 to repeat."),
        "select": _("Game select"),
        "settings": _("Settings"),
        "pause": _("Paused"),
        "results": _("Results"),
        "rules": _("Rules"),
        "puzzles": _("Puzzles"),
        "fame": _("Hall of fame"),
        "replays": _("Replays"),
        "theatre": _("Replay theatre"),
        "lobby": _("Party lobby"),
        "profiles": _("Players"),
    }
    return titles.get(getattr(scene, "name", ""), "")


def focused(scene) -> str:
    """The focused control of ``scene`` in words, or "" when none has the focus."""
    own = getattr(scene, "spoken_focus", None)
    if callable(own):
        return own()
    return focused_control(scene)


def focused_control(scene) -> str:
    """The focused control of a menu screen in words (its ``controls`` and
    ``focus_index``), or "" when none has the focus."""
    controls = getattr(scene, "controls", None)
    index = getattr(scene, "focus_index", None)
    if not controls or index is None or not 0 <= index < len(controls):
        return ""
    control = controls[index]
    data = getattr(control, "data", None) or {}
    if "values" in data and "state" in data:
        # A control that cycles says its value and the value's place: "Text size,
        # 125 %, 2 of 3"; Left and Right change it, and the new value is said.
        values, at = data["values"], data["state"]["i"]
        value = " ".join(str(data.get("fmt", str)(values[at])).split())
        label = data.get("label", "")
        if label:
            return _("{name}, {value}, {place} of {count}").format(
                name=label, value=value, place=at + 1, count=len(values)
            )
        return _("{value}, {place} of {count}").format(value=value, place=at + 1, count=len(values))
    element = getattr(control, "element", control)
    name = " ".join(str(getattr(element, "text", "") or "").split())
    kind = _("button")
    return _("{name}, {kind}, {place} of {count}").format(
        name=name, kind=kind, place=index + 1, count=len(controls)
    )


def sentences(parts) -> str:
    """Texts joined as sentences: ". " between them, " " after one that ends a sentence
    itself (no doubled full stop)."""
    out = ""
    for part in (p for p in parts if p):
        out += (" " if out.endswith((".", "!", "?")) else ". ") + part if out else part
    return out


class ScreenVoice:
    """Polled once a tick by the App: speaks a new top screen's title and each move
    of its focus (compares what it said last, so a still screen costs one lookup)."""

    def __init__(self) -> None:
        self._scene_id = None
        self._focus = None

    def tick(self, app) -> None:
        speaker = app.speech
        if not app.stack:
            return
        scene = app.stack[-1]
        if id(scene) != self._scene_id:
            self._scene_id = id(scene)
            self._focus = focused(scene)
            words = [screen_title(scene), self._focus]
            speaker.say(sentences(words))
            return
        now = focused(scene)
        if now != self._focus:
            self._focus = now
            if now:
                speaker.say(now)
