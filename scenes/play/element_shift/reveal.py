"""Element Shift's reveal: a round's timeline, the setup and round reveals played segment
by segment from ``new.last_trace``, and the editor column while a round is revealed.
"""

from __future__ import annotations

import math

import pygame

from game.rules.element_shift import STAY
from game.text.i18n import _
from scenes.play.base import ease, ease_out_back
from scenes.widgets import Pen, blit_line, cached, darken, draw_text, lighten, render_cached

from .layout import (
    CELL,
    FLIP_TICKS,
    HOLD_TICKS,
    INTRO_TICKS,
    MOVE_TICKS,
    SETUP_REVEAL_TICKS,
    SIDE,
    cell_rect,
    element_colour,
)
from .sprites import blit_token, tile_sprite, token_layout


def reveal_timeline(trace) -> tuple[list[tuple[str, int, int, int]], int]:
    """[(kind, segment, start tick, length)] of a round's reveal, and its total."""
    phases = []
    t = 0
    switched = any(a != b for a, b in zip(trace.elements_before, trace.elements, strict=True))
    intro = INTRO_TICKS if switched else INTRO_TICKS // 2
    phases.append(("intro", -1, t, intro))
    t += intro
    for s in range(len(trace.positions)):
        phases.append(("move", s, t, MOVE_TICKS))
        t += MOVE_TICKS
        if trace.conversions[s]:
            phases.append(("flip", s, t, FLIP_TICKS))
            t += FLIP_TICKS
    phases.append(("hold", len(trace.positions) - 1, t, HOLD_TICKS))
    return phases, t + HOLD_TICKS


def is_resolution(old, new) -> bool:
    return new.round > old.round


class RevealDrawing:
    """Drawing the reveal (mixed into ElementShiftView)."""

    # -- drawing: the reveal --------------------------------------------------------
    def draw_transition(self, surface, old, new, move, t: float) -> None:
        if not is_resolution(old, new):
            self.draw_board(surface, new, 0.0)
            return
        self.draw_strip(surface, old, "reveal")
        if old.round == 0:
            self.draw_setup_reveal(surface, new, t)
        else:
            self.draw_round_reveal(surface, old, new, t)
        self.draw_side(surface, new, "reveal", old=old, t=t)

    def draw_setup_reveal(self, surface, new, t: float) -> None:
        self.draw_tiles(surface, new.board)
        theme = self.app.theme
        layout = token_layout(new.positions)
        total = SETUP_REVEAL_TICKS
        tick = t * total
        for seat in sorted(layout, key=lambda s: (layout[s][1], s)):
            x, y, r = layout[seat]
            start = seat * 4
            u = max(0.0, min(1.0, (tick - start) / 30))
            if u <= 0:
                continue
            drop = (1 - ease_out_back(u)) * 60
            blit_token(
                surface,
                theme,
                seat,
                new.elements[seat],
                (x, y - drop),
                r,
                self.glyphs,
                int(255 * min(1.0, u * 2)),
            )

    def draw_round_reveal(self, surface, old, new, t: float) -> None:
        theme = self.app.theme
        trace = new.last_trace
        phases, total = reveal_timeline(trace)
        tick = t * total
        phase = phases[-1]
        for p in phases:
            if p[2] <= tick < p[2] + p[3]:
                phase = p
                break
        kind, seg, start, length = phase
        u = max(0.0, min(1.0, (tick - start) / length))
        # the board at this moment: after the changes of every segment already flipped
        if kind == "intro":
            board = trace.board_before
        elif kind in ("move", "flip"):
            board = trace.boards[seg - 1] if seg > 0 else trace.board_before
        else:
            board = trace.boards[-1]
        self.draw_tiles(surface, board)
        if kind == "flip":
            for conv in trace.conversions[seg]:
                self.draw_flip(surface, conv.cell, conv.old, conv.new, u)
        # tiles entered since the last change (and not yet changed), outlined in the
        # element of the player who entered them
        upto = {"move": seg, "flip": seg + 1}.get(kind, 0)
        last_change = max((s for s in range(min(upto, seg)) if trace.conversions[s]), default=-1)
        marks: dict[int, int] = {}
        for s in range(last_change + 1, upto):
            for who, cell in trace.entered[s]:
                marks[cell] = trace.elements[who]
        if kind == "move" and u > 0.6:
            for who, cell in trace.entered[seg]:
                marks[cell] = trace.elements[who]
        if kind != "hold":
            for cell, el in marks.items():
                pygame.draw.rect(
                    surface,
                    lighten(element_colour(theme, el), 0.55),
                    cell_rect(cell).inflate(-6, -6),
                    2,
                    border_radius=5,
                )
        # rays sweeping in this segment
        if kind == "move":
            for ray in trace.rays:
                if ray.segment == seg:
                    src = (
                        trace.positions[seg - 1][ray.seat]
                        if seg > 0
                        else trace.start_positions[ray.seat]
                    )
                    self.draw_ray(
                        surface, src, ray.direction, trace.elements[ray.seat], ease(u * 1.4)
                    )
        # tokens
        if kind == "intro":
            before = token_layout(trace.start_positions)
            elements = trace.elements_before if u < 0.5 else trace.elements
            self.draw_tokens(surface, trace.start_positions, elements, layout=before)
            if u < 1.0:
                for seat, (x, y, r) in before.items():
                    if trace.elements_before[seat] != trace.elements[seat]:
                        ring = r + 2 + 5 * math.sin(math.pi * u)
                        pygame.draw.circle(
                            surface,
                            lighten(element_colour(theme, trace.elements[seat]), 0.4),
                            (x, y),
                            ring,
                            2,
                        )
        elif kind == "move":
            a_pos = trace.positions[seg - 1] if seg > 0 else trace.start_positions
            b_pos = trace.positions[seg]
            la, lb = token_layout(a_pos), token_layout(b_pos)
            e = ease(u)
            moving = {}
            for seat in lb:
                ax, ay, ar = la[seat]
                bx, by, br = lb[seat]
                hop = math.sin(math.pi * e) * CELL * (0.55 if a_pos[seat] != b_pos[seat] else 0.0)
                moving[seat] = (
                    ax + (bx - ax) * e,
                    ay + (by - ay) * e - hop,
                    round(ar + (br - ar) * e),
                )
            self.draw_tokens(surface, b_pos, trace.elements, layout=moving)
        else:
            self.draw_tokens(
                surface,
                trace.positions[-1] if kind == "hold" else trace.positions[seg],
                trace.elements,
            )
        if kind == "hold":
            self.draw_score_pops(surface, new, u)

    def draw_flip(self, surface, cell: int, old_el: int, new_el: int, u: float) -> None:
        """A tile turning over: the old element shrinks to an edge, the new one grows."""
        theme = self.app.theme
        r = cell_rect(cell)
        pygame.draw.rect(surface, darken(element_colour(theme, new_el), 0.7), r)
        e = ease(u)
        el = old_el if e < 0.5 else new_el
        h = max(1, int(CELL * abs(math.cos(math.pi * e))))
        spr = tile_sprite(theme, el, CELL, self.glyphs)
        squashed = pygame.transform.scale(spr, (CELL, h))
        surface.blit(squashed, (r.x, r.centery - h // 2))
        if e > 0.5:
            glow = lighten(element_colour(theme, new_el), 0.6)
            pygame.draw.rect(
                surface, glow, r.inflate(int(8 * (1 - e)), int(8 * (1 - e))), 2, border_radius=4
            )

    def draw_score_pops(self, surface, new, u: float) -> None:
        """'+12' over each token as the round is scored."""
        theme = self.app.theme
        lines = new.breakdowns[-1]
        layout = token_layout(new.positions)
        for seat, (x, y, r) in layout.items():
            pts = lines[seat].total
            if pts <= 0:
                continue
            rise = 18 * ease(u)
            font = theme.font(15)
            img = render_cached(font, f"+{pts}", theme["accent"])
            pos = (x, y - r - 6 - rise)
            shadow = render_cached(font, f"+{pts}", (0, 0, 0))
            surface.blit(shadow, shadow.get_rect(midbottom=(pos[0] + 1, pos[1] + 2)))
            blit_line(surface, img, img.get_rect(midbottom=pos), f"+{pts}", font)

    def draw_reveal_side(self, surface, old, new, t: float) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        trace = new.last_trace
        x = SIDE.x + 10
        write(
            _("Round {n}: the plans").format(n=old.round),
            20,
            "accent",
            (x, SIDE.y + 8),
            kind="display",
        )
        phase = self.reveal_phase()
        segs = len(trace.positions)
        cur = phase[1] if phase and phase[0] != "intro" else -1
        sw = (SIDE.w - 20 - 4 * (segs - 1)) // segs
        for i in range(segs):
            r = pygame.Rect(x + i * (sw + 4), SIDE.y + 40, sw, 10)
            colour = (
                theme["accent"] if i == cur else (theme["accent_2"] if i < cur else theme["panel"])
            )
            pygame.draw.rect(surface, colour, r, border_radius=5)
        y = SIDE.y + 60
        for seat, text in enumerate(trace.plans):
            blit_token(
                surface, theme, seat, trace.elements[seat], (x + 12, y + 13), 11, self.glyphs
            )
            row = cached(
                ("element_shift.plan_row", text, cur, tuple(theme["accent"])),
                lambda text=text: self._plan_row(text, cur),
            )
            surface.blit(row, (x + 30, y + 5))
            y += 28

    def _plan_row(self, text: str, cur: int) -> pygame.Surface:
        """'switch  ray N L stay R R' with the action being played highlighted."""
        theme = self.app.theme
        head, _, rest = text.partition("; ")
        acts = rest.split()
        words = []
        i = 0
        while i < len(acts):
            if acts[i] == "ray" and i + 1 < len(acts):
                words.append(f"ray {acts[i + 1]}")
                i += 2
            else:
                words.append(acts[i])
                i += 1
        row = pygame.Surface((SIDE.w - 44, 20), pygame.SRCALPHA)
        draw_text(
            row,
            head,
            theme.font(13),
            theme["text_dim"] if head == "keep" else theme["accent"],
            (0, 0),
        )
        wx = 50
        for j, wd in enumerate(words):
            label = "·" if wd == STAY else wd
            colour = (
                theme["accent"] if j == cur else (theme["text"] if j < cur else theme["text_dim"])
            )
            rect = draw_text(row, label, theme.font(13, "regular"), colour, (wx, 0))
            wx = rect.right + 7
        return row
