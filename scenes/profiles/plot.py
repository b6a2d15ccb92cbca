"""The rating over time: one line through each rated game's rating, a band of its
95 % interval around it, the rating axis on the left and game numbers with their
dates along the bottom.  Drawn with pygame; no state."""

from __future__ import annotations

import pygame

from game.records.profiles import Point
from game.text.i18n import _
from scenes.widgets import darken, draw_text, lighten, text_width


def rating_axis(low: float, high: float, most: int = 5) -> list[float]:
    """Round rating values for the grid lines between ``low`` and ``high`` (a step of
    50, 100, 200 or 500, at most ``most`` + 1 lines)."""
    span = max(1.0, high - low)
    step = next((s for s in (50, 100, 200, 250, 500, 1000) if span / s <= most), 2000)
    first = int(low // step) * step
    out = []
    v = first
    while v <= high + 1e-9:
        if v >= low - 1e-9:
            out.append(float(v))
        v += step
    return out or [float(first)]


def draw_rating_plot(surface, rect: pygame.Rect, theme, history: tuple[Point, ...], colour) -> None:
    """``history`` (oldest first) plotted inside ``rect``."""
    small = theme.font(15, "regular")
    line = small.get_linesize()  # two lines under the plot: game numbers, then dates
    plot = pygame.Rect(rect.x + 64, rect.y + 10, rect.w - 104, rect.h - 18 - 2 * line)
    pygame.draw.rect(surface, theme["background"], plot, border_radius=6)
    if not history:
        draw_text(
            surface,
            _("No rated games yet"),
            theme.font(20),
            theme["text_dim"],
            plot.center,
            "center",
            max_width=plot.w - 20,
        )
        return
    low = min(h.rating - 2 * h.rd for h in history)
    high = max(h.rating + 2 * h.rd for h in history)
    lines = rating_axis(low, high)
    bottom, top = min(lines[0], low), max(lines[-1], high)
    if top - bottom < 1:
        top = bottom + 1

    def y_of(v: float) -> float:
        return plot.bottom - (v - bottom) / (top - bottom) * plot.h

    n = len(history)

    def x_of(i: int) -> float:
        return plot.x + (plot.w * i / (n - 1) if n > 1 else plot.w / 2)

    # The interval: a band, so a few early games read as "not sure yet".  A dark
    # shade of the profile's own colour, drawn solid: laid see-through over the
    # plot's blue-black ground it took the ground's blue (Ruby's band read as Rose's).
    band = [(x_of(i), y_of(h.rating + 2 * h.rd)) for i, h in enumerate(history)]
    band += [(x_of(i), y_of(h.rating - 2 * h.rd)) for i, h in reversed(list(enumerate(history)))]
    if n > 1:
        pygame.draw.polygon(surface, darken(colour, 0.72), band)
    for v in lines:  # the grid over the band, so its values read across it
        y = y_of(v)
        pygame.draw.line(surface, theme["grid"], (plot.x, y), (plot.right, y), 1)
        draw_text(surface, f"{v:.0f}", small, theme["text_dim"], (plot.x - 8, y), "midright")
    pts = [(x_of(i), y_of(h.rating)) for i, h in enumerate(history)]
    ink = lighten(colour, 0.1)
    if n > 1:
        pygame.draw.lines(surface, ink, False, pts, 3)
    if n <= 60:
        for p in pts:
            pygame.draw.circle(surface, ink, p, 3)
    else:
        pygame.draw.circle(surface, ink, pts[-1], 4)
    # Game numbers and the day each was played: at most five labels, the last always.
    ticks = sorted({0, n - 1} | {round(k * (n - 1) / 4) for k in range(5)}) if n > 1 else [0]
    last_right = -1e9
    dim = theme["text_dim"]
    for i in ticks:
        x = x_of(i)
        draw_text(surface, str(i + 1), small, dim, (x, plot.bottom + 4), "midtop")
        date = history[i].date[5:]  # MM-DD: the year is on the profile's "since" line
        w = text_width(small, date)
        if x - w / 2 > last_right:
            draw_text(surface, date, small, dim, (x, plot.bottom + 4 + line), "midtop")
            last_right = x + w / 2 + 8
