"""On-screen keys: a number pad for the seed box on game select, and a letter pad for
a profile's name (Who's playing?, Rename on the profile screen).

A text box needs a keyboard; a game controller or a touch screen has none.  Each pad
is an overlay of big buttons that the focus ring, a finger or the mouse can press;
typed characters and Backspace work on it too.  B or Escape leaves the value as it
was; Start or OK keeps the new one.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.text.clean import clean
from game.text.i18n import _
from scenes.app import LOGICAL_SIZE
from scenes.widgets import MenuScene, draw_panel, draw_text

KEY_W, KEY_H, GAP = 96, 64, 12


class _Pad(MenuScene):
    """What both pads share: an overlay panel (``self.box``) with a title and the value's
    field, OK handing the value back, B / Escape leaving it as it was."""

    overlay = True

    def __init__(self, app, title: str, on_done: Callable[[str], None]):
        super().__init__(app)
        self.title_text = title
        self.on_done = on_done
        self.value = ""

    def ok(self) -> None:
        self.app.pop()
        self.on_done(self.value)

    def on_back(self) -> None:
        """B / Escape: leave the value as it was."""
        self.app.sound.play("back")
        self.app.pop()

    def draw_background(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        shade.fill((5, 6, 14, 190))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, self.app.theme, alpha=245, width=3)

    def draw_field(self, surface: pygame.Surface) -> pygame.Rect:
        """The title and the empty field under it; returns the field."""
        theme = self.app.theme
        draw_text(
            surface,
            self.title_text,
            theme.heading(34),  # (a heading keeps its size: the field sits under it)
            theme["accent"],
            (self.box.centerx, self.box.y + 18),
            "midtop",
            shadow=True,
            max_width=self.box.w - 40,
        )
        field = pygame.Rect(self.box.x + 32, self.box.y + 74, self.box.w - 64, 58)
        draw_panel(surface, field, theme, fill="background", edge="focus", width=2)
        return field


class NumberPad(_Pad):
    name = "keypad"

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
        super().__init__(app, title, on_done)
        self.value = "".join(ch for ch in value if ch.isdigit())[:limit]
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

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_BACKSPACE:
            self.delete()
        elif event.unicode and event.unicode.isdigit():
            self.type_digit(event.unicode)

    # -- drawing --------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        field = self.draw_field(surface)
        if self.value:
            draw_text(
                surface, self.value, theme.font(34, "bold"), theme["text"], field.center, "center"
            )
        else:
            draw_text(
                surface, self.empty_text, theme.font(26), theme["text_dim"], field.center, "center"
            )


# The letter pad's keys: the Latin letters, the German ones (the client's second
# language) and digits; any other character can still be typed on a keyboard.
LETTER_ROWS = ("1234567890", "QWERTZUIOP", "ASDFGHJKLÜ", "YXCVBNMÄÖ-")
LETTER_W, LETTER_H, LETTER_GAP = 92, 60, 10


class TextPad(_Pad):
    """Letters, digits, Shift, Space, Delete, Clear and OK.  The first letter of the
    name and of each word after a space comes in capitals (as a phone's keyboard does);
    Shift turns that around for the next letter."""

    name = "textpad"

    def __init__(
        self,
        app,
        title: str,
        value: str,
        on_done: Callable[[str], None],
        *,
        limit: int = 16,
        empty_text: str = "",
    ):
        super().__init__(app, title, on_done)
        self.limit = limit
        self.value = clean(value, limit)  # what it starts from may have come from a file
        self.empty_text = empty_text
        self.shift_flipped = False  # Shift pressed: the next letter's case is turned around
        grid_w = len(LETTER_ROWS[0]) * (LETTER_W + LETTER_GAP) - LETTER_GAP
        rows = len(LETTER_ROWS) + 1
        self.box = pygame.Rect(0, 0, grid_w + 64, rows * (LETTER_H + LETTER_GAP) + 170)
        self.box.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        x0, y0 = self.box.x + 32, self.box.y + 150
        self.letter_keys: list[tuple[object, str]] = []
        for r, row in enumerate(LETTER_ROWS):
            for c, ch in enumerate(row):
                rect = pygame.Rect(
                    x0 + c * (LETTER_W + LETTER_GAP),
                    y0 + r * (LETTER_H + LETTER_GAP),
                    LETTER_W,
                    LETTER_H,
                )
                key = self.button(rect, ch, lambda ch=ch: self.type_key(ch))
                self.letter_keys.append((key, ch))
        y = y0 + len(LETTER_ROWS) * (LETTER_H + LETTER_GAP)
        # Shift, Space (three keys wide), Delete, Clear, OK (two wide each but Shift)
        bottom = [
            (2, _("Shift"), self.shift, "#small"),
            (3, _("Space"), lambda: self.type_key(" "), "#small"),
            (2, _("Delete"), self.delete, "#small"),
            (1, _("Clear"), self.clear, "#small"),
            (2, _("OK"), self.ok, "#primary"),
        ]
        x = x0
        for span, text, action, object_id in bottom:
            w = span * (LETTER_W + LETTER_GAP) - LETTER_GAP
            self.button(pygame.Rect(x, y, w, LETTER_H), text, action, object_id=object_id)
            x += w + LETTER_GAP
        self.relabel_letters()
        self.set_focus(len(LETTER_ROWS[0]))  # Q: the first letter

    # -- editing --------------------------------------------------------------------
    def capitals(self) -> bool:
        """Whether the next letter is a capital."""
        at_word_start = not self.value or self.value.endswith(" ")
        return at_word_start != self.shift_flipped

    def type_key(self, ch: str) -> None:
        if ch.isalpha():
            ch = ch.upper() if self.capitals() else ch.lower()
        self.type_text(ch)

    def type_text(self, text: str) -> None:
        if len(self.value) + len(text) > self.limit:
            self.app.sound.play("error")
            return
        if text == " " and (not self.value or self.value.endswith(" ")):
            return  # names are trimmed and runs of spaces made one: no use typing them
        self.value += text
        self.shift_flipped = False
        self.relabel_letters()

    def shift(self) -> None:
        self.shift_flipped = not self.shift_flipped
        self.relabel_letters()

    def delete(self) -> None:
        self.value = self.value[:-1]
        self.relabel_letters()

    def clear(self) -> None:
        self.value = ""
        self.shift_flipped = False
        self.relabel_letters()

    def relabel_letters(self) -> None:
        """The letter keys show the case they type next."""
        upper = self.capitals()
        for key, ch in self.letter_keys:
            label = ch.upper() if upper else ch.lower()
            if key.element.text != label:
                key.element.set_text(label)

    def handle_key(self, event: pygame.event.Event) -> None:
        # A keyboard types here: Space is a space (not "press the focused key"), and
        # every printable character goes in as typed.  Enter presses the focused key.
        if event.key == pygame.K_BACKSPACE:
            self.delete()
        elif event.key == pygame.K_SPACE or (
            event.unicode and event.unicode.isprintable() and not event.unicode.isspace()
        ):
            self.type_text(" " if event.key == pygame.K_SPACE else event.unicode)
        else:
            super().handle_key(event)

    # -- drawing --------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        field = self.draw_field(surface)
        if self.value:
            font = theme.font(34, "bold")
            room = field.w - 120  # (the count sits at the right)
            text = self.value
            if font.size(text)[0] > room:
                # A long name shows its end, where the typing is.
                while text and font.size("…" + text)[0] > room:
                    text = text[1:]
                text = "…" + text
            shown = draw_text(surface, text, font, theme["text"], field.center, "center")
            # the caret: where the next letter goes
            x = shown.right + 4
            pygame.draw.line(surface, theme["accent"], (x, shown.y + 6), (x, shown.bottom - 6), 3)
        elif self.empty_text:
            draw_text(
                surface,
                self.empty_text,
                theme.font(26),
                theme["text_dim"],
                field.center,
                "center",
                max_width=field.w - 24,
            )
        count = f"{len(self.value)}/{self.limit}"
        draw_text(
            surface,
            count,
            theme.font(16, "regular"),
            theme["text_dim"],
            (field.right - 14, field.centery),
            "midright",
        )
