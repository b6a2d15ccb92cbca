"""Take over from here: start a new game at the theatre's position, choosing for each
seat a person or a bot level.  Drawn over the theatre."""

from __future__ import annotations

import pygame

from game.midend.match import ReplayError, Seat
from game.storage.replays import take_over
from game.text.i18n import N_, _
from scenes.widgets import MenuScene, draw_panel, draw_text, toast

SEAT_CHOICES = ("person", "easy", "medium", "hard", "expert")
SEAT_TEXT = {
    "person": N_("Person"),
    "easy": N_("Bot: Easy"),
    "medium": N_("Bot: Medium"),
    "hard": N_("Bot: Hard"),
    "expert": N_("Bot: Expert"),
}


class TakeOverScene(MenuScene):
    name = "take-over"
    overlay = True

    def __init__(self, app, match, position: int):
        super().__init__(app)
        self.match = match
        self.position = position
        n = len(match.seats)
        self.names = match.seat_names()
        # Who sat where in the replay is the starting suggestion.
        self.choices = [
            "person" if not s.is_bot else (s.level if s.level in SEAT_CHOICES else "medium")
            for s in match.seats
        ]
        cols = 1 if n <= 6 else 2
        rows = (n + cols - 1) // cols
        row_h = 52 if n <= 6 else 46
        self.box = pygame.Rect(0, 0, 560 if cols == 1 else 900, 170 + rows * row_h)
        self.box.center = (640, 360)
        self.build()

    def build(self) -> None:
        """The choices, in the current language (MenuScene.relabel calls it again after
        a language change)."""
        self.clear_controls()
        n = len(self.match.seats)
        cols = 1 if n <= 6 else 2
        col_w = (self.box.w - 60) // cols
        row_h = 52 if n <= 6 else 46
        for seat in range(n):
            cx = self.box.x + 30 + (seat % cols) * col_w
            cy = self.box.y + 80 + (seat // cols) * row_h
            self.cycler(
                pygame.Rect(cx + 150, cy, col_w - 160, 46),
                "",
                SEAT_CHOICES,
                self.choices[seat],
                lambda v, s=seat: self._set(s, v),
                fmt=lambda v: _(SEAT_TEXT[v]),
                object_id="#small",
            )
        bw = 200
        by = self.box.bottom - 64
        self.button(
            pygame.Rect(self.box.centerx - bw - 10, by, bw, 48),
            _("Start"),
            self.start,
            object_id="#primary",
        )
        self.button(pygame.Rect(self.box.centerx + 10, by, bw, 48), _("Cancel"), self.on_back)
        self.set_focus(len(self.controls) - 2)

    def _set(self, seat: int, value: str) -> None:
        self.choices[seat] = value

    def seats(self) -> list[Seat]:
        return [Seat.person() if c == "person" else Seat.bot(c) for c in self.choices]

    def start(self) -> None:
        try:
            fresh = take_over(self.match, self.position, self.seats())
        except (ReplayError, ValueError) as exc:
            toast(self.app, _("Cannot take over here: {reason}").format(reason=exc), "warning")
            return
        self.app.pop()  # this box
        self.app.replace_with("play", fresh)  # the theatre gives way to the game

    def draw_background(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((5, 6, 12, 170))
        surface.blit(shade, (0, 0))

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        draw_panel(surface, self.box, theme, fill="background_2", edge="accent", width=3)
        draw_text(
            surface,
            _("Take over after action {n}").format(n=self.position),
            theme.font(30, "display"),
            theme["accent"],
            (self.box.centerx, self.box.y + 18),
            "midtop",
        )
        n = len(self.match.seats)
        cols = 1 if n <= 6 else 2
        row_h = 52 if n <= 6 else 46
        col_w = (self.box.w - 60) // cols
        font = theme.font(19)
        for seat in range(n):
            cx = self.box.x + 30 + (seat % cols) * col_w
            cy = self.box.y + 80 + (seat // cols) * row_h
            draw_text(
                surface,
                self.names[seat],
                font,
                theme["text"],
                (cx, cy + 23),
                "midleft",
                max_width=140,
            )
