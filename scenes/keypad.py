"""An on-screen number pad, for the seed box on game select.

A text box needs a keyboard; a game controller or a touch screen has none.  The pad is
an overlay of big buttons (digits, Delete, Clear, Random, OK) that the focus ring, a
finger or the mouse can press; typed digits and Backspace work on it too.  B or Escape
leaves the value as it was; Start or OK keeps the new one.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.i18n import _
from scenes.app import LOGICAL_SIZE
from scenes.widgets import MenuScene, draw_panel, draw_text

KEY_W, KEY_H, GAP = 96, 64, 12


class NumberPad(MenuScene):
    name = "keypad"
    overlay = True

    def __init__(
        self,
        app,
        title: str,
        value: str,
        on_done: Callable[[str], None],
        *,
        limit: int = 9,
        empty_text: str | None = None,
    ):
        super().__init__(app)
        self.title_text = title
        self.value = "".join(ch for ch in value if ch.isdigit())[:limit]
        self.on_done = on_done
        self.limit = limit
        self.empty_text = _("random") if empty_text is None else empty_text
        grid_w = 3 * KEY_W + 2 * GAP
        self.box = pygame.Rect(0, 0, grid_w + 64, 4 * (KEY_H + GAP) + KEY_H + 190)
        self.box.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        x0, y0 = self.box.x + 32, self.box.y + 150
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "delete", "0", "clear"]
        for i, label in enumerate(labels):
            r, c = divmod(i, 3)
            rect = pygame.Rect(x0 + c * (KEY_W + GAP), y0 + r * (KEY_H + GAP), KEY_W, KEY_H)
            if label.isdigit():
                self.button(rect, label, lambda d=label: self.type_digit(d))
            elif label == "delete":
                self.button(rect, _("Delete"), self.delete, object_id="#small")
            else:
                self.button(rect, _("Clear"), self.clear, object_id="#small")
        y = y0 + 4 * (KEY_H + GAP)
        half = (grid_w - GAP) // 2
        self.button(pygame.Rect(x0, y, half, KEY_H), _("Random"), self.random)
        self.button(
            pygame.Rect(x0 + half + GAP, y, half, KEY_H), _("OK"), self.ok, object_id="#primary"
        )
        self.set_focus(0)

    # -- editing --------------------------------------------------------------------
    def type_digit(self, digit: str) -> None:
        if len(self.value) < self.limit:
            self.value += digit
        else:
            self.app.sound.play("error")

    def delete(self) -> None:
        self.value = self.value[:-1]

    def clear(self) -> None:
        self.value = ""

    def random(self) -> None:
        """An empty seed means a random one, chosen when the game starts."""
        self.value = ""
        self.ok()

    def ok(self) -> None:
        self.app.pop()
        self.on_done(self.value)

    def on_back(self) -> None:
        """B / Escape: leave the seed as it was."""
        self.app.sound.play("back")
        self.app.pop()

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_BACKSPACE:
            self.delete()
        elif event.unicode and event.unicode.isdigit():
            self.type_digit(event.unicode)

    # -- drawing --------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        shade.fill((5, 6, 14, 190))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, self.app.theme, alpha=245, width=3)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        draw_text(
            surface,
            self.title_text,
            theme.font(34, "display"),
            theme["accent"],
            (self.box.centerx, self.box.y + 18),
            "midtop",
            shadow=True,
        )
        field = pygame.Rect(self.box.x + 32, self.box.y + 74, self.box.w - 64, 58)
        draw_panel(surface, field, theme, fill="background", edge="focus", width=2)
        if self.value:
            draw_text(
                surface, self.value, theme.font(34, "bold"), theme["text"], field.center, "center"
            )
        else:
            draw_text(
                surface, self.empty_text, theme.font(26), theme["text_dim"], field.center, "center"
            )
