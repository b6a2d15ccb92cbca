"""The theatre's timeline strip: one column per position, the advantage graph over
it, the mistakes marked, the cursor, and a small spinner where analysis is still
running.  Clicking or dragging on it jumps (``position_at``)."""

from __future__ import annotations

import math

import pygame

from game.analysis.marks import win_chance
from game.text.i18n import _, percent
from scenes.widgets import draw_panel, draw_text, lighten, text_width


def x_of(rect: pygame.Rect, k: int, last: int) -> float:
    inner = rect.inflate(-24, 0)
    return inner.x + inner.w * (k / max(1, last))


def _label(surface, text: str, font, colour, pos, anchor: str, theme, max_width: int) -> None:
    """A label over the graph, on a plate of the panel's colour: the line and the
    shading pass under it, not through its letters, at every text size."""
    w = min(text_width(font, text), max_width)
    plate = pygame.Rect(0, 0, w + 6, font.get_height())
    setattr(plate, anchor, (round(pos[0]), round(pos[1])))
    shade = pygame.Surface(plate.size, pygame.SRCALPHA)
    shade.fill((*theme["panel"][:3], 215))
    surface.blit(shade, plate)
    draw_text(surface, text, font, colour, plate.center, "center", max_width=max_width, box=plate)


def position_at(rect: pygame.Rect, x: int, last: int) -> int:
    inner = rect.inflate(-24, 0)
    t = (x - inner.x) / max(1, inner.w)
    return max(0, min(last, round(t * last)))


def draw_spinner(surface, centre, radius: int, ticks: int, colour) -> None:
    """A subtle turning arc: this is still being worked out."""
    rect = pygame.Rect(0, 0, radius * 2, radius * 2)
    rect.center = (int(centre[0]), int(centre[1]))
    start = (ticks * 0.12) % math.tau
    pygame.draw.arc(surface, colour, rect, start, start + math.pi * 1.3, 2)


def draw_strip(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme,
    *,
    cursor: int,
    last: int,
    values,
    turn_starts,
    mistakes,
    seat_colour,
    ticks: int,
    two_player: bool,
    analysing: bool,
    names: tuple[str, ...] = (),
) -> None:
    draw_panel(surface, rect, theme, alpha=235)
    plot = pygame.Rect(rect.x + 12, rect.y + 8, rect.w - 24, rect.h - 16)
    mid = plot.centery
    # Turn starts as faint ticks along the bottom: where "step by turn" stops.
    for k in turn_starts:
        x = x_of(rect, k, last)
        pygame.draw.line(surface, theme["grid"], (x, plot.bottom - 6), (x, plot.bottom), 1)
    pygame.draw.line(surface, theme["grid"], (plot.x, mid), (plot.right, mid), 1)
    # The advantage is drawn where turns begin (and at the end): inside a turn a search
    # values "about to place" and "about to end the turn" differently.
    starts = set(turn_starts) | {last}
    known = [(k, v) for k, v in enumerate(values) if v is not None and k in starts]
    if two_player:
        # Seat 0's win chance: above the middle line is seat 0 ahead.
        pts = [(x_of(rect, k, last), plot.bottom - win_chance(v[0]) * plot.h) for k, v in known]
        if len(pts) >= 2:
            top = seat_colour(0)
            poly = [(pts[0][0], mid)] + pts + [(pts[-1][0], mid)]
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.polygon(shade, (*top[:3], 70), [(x - rect.x, y - rect.y) for x, y in poly])
            surface.blit(shade, rect.topleft)
            pygame.draw.lines(surface, lighten(top, 0.3), False, pts, 2)
    # The labels go on after every line (so over them), each in its own corner: the
    # names top and bottom left, "50 %" under the middle line on the right, clear of
    # "analysing" at the top right.  Their places follow the font's height.
    small = theme.font(12, "regular")
    room = plot.w // 2 - 8
    if two_player:
        _label(
            surface,
            percent(0.5),  # "50 %" in German
            small,
            theme["text_dim"],
            (plot.right - 2, mid + 1),
            "topright",
            theme,
            room,
        )
        if len(names) == 2:  # which way is whose advantage
            for seat, (pos, anchor) in enumerate(
                (
                    ((plot.x + 2, rect.y + 3), "topleft"),
                    ((plot.x + 2, rect.bottom - 3), "bottomleft"),
                )
            ):
                _label(
                    surface,
                    _("{name} ahead").format(name=names[seat]),
                    small,
                    lighten(seat_colour(seat), 0.3),
                    pos,
                    anchor,
                    theme,
                    room,
                )
    else:
        seats = len(known[0][1]) if known else 0
        for seat in range(seats):
            pts = [(x_of(rect, k, last), mid - v[seat] * (plot.h / 2 - 2)) for k, v in known]
            if len(pts) >= 2:
                pygame.draw.lines(surface, lighten(seat_colour(seat), 0.15), False, pts, 1)
    for m in mistakes:
        x = x_of(rect, m.action + 1, last)
        colour = lighten(seat_colour(m.seat), 0.2)
        pygame.draw.polygon(
            surface, theme["bad"], [(x - 7, rect.y + 2), (x + 7, rect.y + 2), (x, rect.y + 13)]
        )
        pygame.draw.circle(surface, colour, (int(x), rect.y + 6), 3)
    if analysing:
        done = sum(1 for v in values if v is not None)
        front = next((k for k, v in enumerate(values) if v is None), last)
        x = x_of(rect, front, last)
        draw_spinner(surface, (x, mid), 7, ticks, theme["text_dim"])
        draw_text(
            surface,
            _("analysing {done}/{total}").format(done=done, total=len(values)),
            theme.font(12, "regular"),
            theme["text_dim"],
            (plot.right, plot.y),
            "topright",
        )
    x = x_of(rect, cursor, last)
    pygame.draw.line(surface, theme["accent"], (x, rect.y + 3), (x, rect.bottom - 3), 2)
    pygame.draw.circle(surface, theme["accent"], (int(x), rect.bottom - 6), 6)
