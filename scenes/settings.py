"""The settings screen.  Every change applies at once and is saved at once."""

from __future__ import annotations

import pygame

from scenes.app import LOGICAL_SIZE
from scenes.config import ANIMATION_SPEEDS
from scenes.widgets import MenuScene, draw_gem, draw_panel, draw_text, toast

VOLUMES = tuple(round(v / 10, 1) for v in range(0, 11))


def _pct(v: float) -> str:
    return f"{int(round(v * 100))}%"


def _onoff(v: bool) -> str:
    return "On" if v else "Off"


class SettingsScene(MenuScene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        s = app.settings
        x, w, h, gap = LOGICAL_SIZE[0] // 2 - 330, 660, 50, 6
        y = 110
        rows = [
            (
                "Fullscreen",
                (False, True),
                s.fullscreen,
                self.set_fullscreen,
                _onoff,
                "Fill the screen (F11 also works in the window)",
            ),
            (
                "Master volume",
                VOLUMES,
                round(s.master_volume, 1),
                self.setter("master_volume"),
                _pct,
                None,
            ),
            (
                "Effects volume",
                VOLUMES,
                round(s.effects_volume, 1),
                self.setter("effects_volume"),
                _pct,
                None,
            ),
            (
                "Animation speed",
                ANIMATION_SPEEDS,
                s.animation_speed,
                self.setter("animation_speed"),
                lambda v: f"{v:g}x",
                "How fast pieces slide and crystals shift",
            ),
            (
                "Colour-blind glyphs",
                (False, True),
                s.colour_blind,
                self.setter("colour_blind"),
                _onoff,
                "Draw a shape on every coloured piece",
            ),
            (
                "Crystal Connector shift preview",
                (True, False),
                s.shift_preview,
                self.setter("shift_preview"),
                _onoff,
                "On: each shift slides as you enter it. Off: the board waits until the turn is confirmed",
            ),
            (
                "Party: phones join on",
                ("", "127.0.0.1"),
                s.party_address if s.party_address in ("", "127.0.0.1") else "",
                self.setter("party_address"),
                lambda v: "the local network" if v == "" else "this computer only",
                "Where a hosted party listens: the local network (phones on the same Wi-Fi) or this computer only",
            ),
            (
                "Party: a bot plays a phone gone for",
                (30.0, 60.0, 120.0, 300.0),
                s.party_takeover_seconds
                if s.party_takeover_seconds in (30.0, 60.0, 120.0, 300.0)
                else 60.0,
                self.setter("party_takeover_seconds"),
                lambda v: f"{v:g} s",
                "A seat whose phone has been away this long is played by a Medium bot until it returns",
            ),
        ]
        for label, values, cur, fn, fmt, tip in rows:
            self.cycler(pygame.Rect(x, y, w, h), label, values, cur, fn, fmt=fmt, tooltip=tip)
            y += h + gap
        self.bottom = y + 14  # Back, the glyph sample and "Saved automatically" share a row
        self.button(pygame.Rect(x, self.bottom, 200, 56), "Back", self.on_back)
        self.set_focus(0)

    def setter(self, name: str):
        def apply(value) -> None:
            setattr(self.app.settings, name, value)
            self.save()
            if name.endswith("volume"):
                self.app.sound.play("score")

        return apply

    def set_fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.save()

    def save(self) -> None:
        if self.app.kiosk:
            return  # a booth's changes live in memory: the person's settings.json is theirs
        problem = self.app.settings.save(self.app.paths)
        if problem:
            toast(self.app, problem, "warning")

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        self.title(surface, "Settings", 36)
        # A live sample of the colour-blind glyphs so the choice is visible.
        box = pygame.Rect(LOGICAL_SIZE[0] // 2 - 330 + 240, self.bottom, 200, 56)
        draw_panel(surface, box.inflate(20, 0), theme)
        glyphs = (
            ("triangle", "circle", "square", "star")
            if self.app.settings.colour_blind
            else (None,) * 4
        )
        for i, (c, g) in enumerate(
            zip(("crystal_red", "crystal_blue", "crystal_green", "crystal_yellow"), glyphs)
        ):
            draw_gem(surface, (box.x + 25 + i * 50, box.centery), 20, theme[c], glyph=g)
        draw_text(
            surface,
            "Saved automatically",
            theme.font(18, "regular"),
            theme["text_dim"],
            (box.right + 40, box.centery),
            "midleft",
        )
