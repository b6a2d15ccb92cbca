"""The kiosk operator's counters (behind the exit PIN: Ctrl+Shift+O, then the PIN,
with the PIN's own back-off): today, the event and the machine's lifetime side by
side, Export CSV and Reset event.

The counters are :mod:`game.records.counters`, in ``counters.db`` beside the hall of
fame; :func:`scenes.counting.count` is what the screens call when something happens.
"""

from __future__ import annotations

import pygame

from game.records.counters import SCOPES
from game.text.i18n import N_, _
from scenes.app import LOGICAL_SIZE
from scenes.counting import counters_for, kiosk_day
from scenes.widgets import MenuScene, draw_panel, draw_text, starfield_background, toast

ROWS = (
    ("visitor", N_("Visitors")),
    ("game-started", N_("Games started")),
    ("game-finished", N_("Games finished")),
    ("game-abandoned", N_("Games abandoned")),
    ("rush", N_("Rushes")),
    ("race", N_("Puzzle races")),
    ("race-players", N_("Players in races")),
    ("tutorial-finished", N_("Tutorials finished")),
    ("fame-entry", N_("Hall of fame entries")),
    ("median-session-seconds", N_("Median session (s)")),
    ("screen-failed", N_("Screens that failed")),
)
SCOPE_NAMES = {"today": N_("Today"), "event": N_("This event"), "lifetime": N_("Lifetime")}


class OperatorScene(MenuScene):
    name = "operator"

    def __init__(self, app):
        super().__init__(app)
        self.counters = counters_for(app)
        self.figures = {}
        self.refresh()
        self.build()

    def refresh(self) -> None:
        day = kiosk_day(self.app)
        if self.counters is not None:
            self.figures = {s: self.counters.figures(s, day) for s in SCOPES}

    def build(self) -> None:
        self.clear_controls()
        by = LOGICAL_SIZE[1] - 70
        self.button(pygame.Rect(40, by, 160, 54), _("Back"), self.on_back)
        self.button(pygame.Rect(220, by, 300, 54), _("Export CSV"), self.export)
        self.button(pygame.Rect(540, by, 300, 54), _("Reset event"), self.reset)
        self.button(pygame.Rect(LOGICAL_SIZE[0] - 240, by, 200, 54), _("Quit"), self.app.quit)
        self.set_focus(0)

    def folder(self):
        named = getattr(self.app.kiosk_config, "counters_folder", "") or ""
        from pathlib import Path

        return Path(named) if named else self.app.paths.data / "counters"

    def export(self) -> None:
        if self.counters is None:
            return
        try:
            path = self.counters.export_csv(self.folder(), kiosk_day(self.app))
        except OSError as exc:
            toast(
                self.app,
                _("The CSV could not be written: {problem}").format(problem=exc),
                "warning",
            )
            return
        toast(self.app, _("Written: {path}").format(path=str(path)), "info")

    def reset(self) -> None:
        if self.counters is None:
            return
        self.counters.reset_event()
        self.refresh()
        toast(self.app, _("A new event starts now"), "info")

    def on_back(self) -> None:
        self.app.sound.play("back")
        self.app.pop()

    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, 0)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        draw_text(
            surface,
            _("Counters"),
            theme.heading(40),
            theme["accent"],
            (40, 18),
            shadow=True,
            max_width=LOGICAL_SIZE[0] - 80,
        )
        panel = pygame.Rect(40, 90, LOGICAL_SIZE[0] - 80, 540)
        draw_panel(surface, panel, theme)
        if self.counters is None:
            draw_text(
                surface,
                _("The counters could not be opened"),
                theme.font(22),
                theme["bad"],
                (panel.x + 24, panel.y + 24),
            )
            return
        step = min(44, (panel.h - 70) // len(ROWS))
        font = theme.font(19)
        cols = [panel.x + 560 + i * 210 for i in range(len(SCOPES))]
        for x, scope in zip(cols, SCOPES, strict=True):
            draw_text(
                surface,
                _(SCOPE_NAMES[scope]),
                theme.font(20, "bold"),
                theme["accent"],
                (x, panel.y + 18),
                "topright",
                max_width=200,
            )
        for i, (key, label) in enumerate(ROWS):
            y = panel.y + 64 + i * step
            draw_text(surface, _(label), font, theme["text"], (panel.x + 24, y), max_width=330)
            for x, scope in zip(cols, SCOPES, strict=True):
                value = self.figures.get(scope, {}).get(key, 0)
                text = f"{value:g}" if isinstance(value, float) else str(value)
                draw_text(surface, text, font, theme["text"], (x, y), "topright", max_width=200)
