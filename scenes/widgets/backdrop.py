"""The arcade backdrop (gradient and drifting crystal dust) and drawn card buttons and
PIN boxes."""

from __future__ import annotations

import pygame

from scenes.scene import LOGICAL_SIZE
from scenes.widgets.panels import darken, draw_panel, theme_still
from scenes.widgets.text import cached, draw_text, fitting_font


def starfield_background(surface: pygame.Surface, theme, ticks: int, seed: int = 3) -> None:
    """The arcade backdrop: a vertical gradient with slowly drifting crystal dust."""
    w, h = surface.get_size()
    top, bottom = theme["background"], theme["background_2"]
    grad = cached(
        ("widgets.gradient", w, h, tuple(top), tuple(bottom)), lambda: _gradient(w, h, top, bottom)
    )
    surface.blit(grad, (0, 0))
    if theme_still(theme):
        return  # reduced motion: no drifting crystals behind the text
    rnd = _dust(seed)
    for x, y, speed, size, hue in rnd:
        yy = (y + ticks * speed) % (h + 20) - 10
        c = theme.player_colours[hue]
        pygame.draw.circle(surface, darken(c, 0.55), (int(x), int(yy)), size)


def _gradient(w: int, h: int, top, bottom) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    for y in range(h):
        t = y / max(1, h - 1)
        colour = [int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)]
        pygame.draw.line(surf, colour, (0, y), (w, y))
    return surf


_DUST: dict = {}


def _dust(seed: int):
    if seed not in _DUST:
        import random

        r = random.Random(seed)
        _DUST[seed] = [
            (
                r.uniform(0, LOGICAL_SIZE[0]),
                r.uniform(0, LOGICAL_SIZE[1]),
                r.uniform(0.05, 0.3),
                r.choice((1, 1, 2, 2, 3)),
                r.randrange(6),
            )
            for _ in range(70)
        ]
    return _DUST[seed]


def draw_pin_box(
    surface: pygame.Surface,
    theme,
    title: str,
    digits: str,
    note: str,
    colour: str,
    width: int = 520,
    title_size: int = 36,
) -> None:
    """An operator's PIN prompt (the kiosk's exit, clearing the hall of fame): a panel
    in the middle of the screen with its title, a dot per digit typed and one line of
    note in the theme colour ``colour``.  One drawing, so the two prompts stay alike."""
    box = pygame.Rect(0, 0, width, 240)
    box.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
    # near opaque: the menu under it must not read through the digits and the note
    draw_panel(surface, box, theme, alpha=250, width=3)
    at = (box.centerx, box.y + 24)
    draw_text(surface, title, theme.font(title_size, "display"), theme["accent"], at, "midtop")
    dots = "•" * len(digits) or "_"
    draw_text(surface, dots, theme.font(40), theme["text"], (box.centerx, box.y + 100), "midtop")
    draw_text(surface, note, theme.font(20), theme[colour], (box.centerx, box.y + 180), "midtop")


def draw_card_button(
    surface: pygame.Surface, theme, rect: pygame.Rect, label: str, primary: bool, dy: int = 0
) -> tuple:
    """A button on a tutorial's or a puzzle's caption card: the accent fill for the main
    one, the label shrunk to fit, ``dy`` pixels off the middle (room for a key hint
    below it).  Returns the label's colour, for what the caller writes under it."""
    draw_panel(
        surface,
        rect,
        theme,
        fill="accent" if primary else "panel",
        edge="accent" if primary else "panel_edge",
        alpha=250,
        width=2,
        radius=10,
    )
    fg = theme["background"] if primary else theme["text"]
    font = fitting_font(theme, label, 17, "bold", rect.w - 10)
    draw_text(surface, label, font, fg, (rect.centerx, rect.centery + dy), "center")
    return fg
