"""Chromatic Collapse's animations: a slide along its path, a removal, the shatter of a
captured piece (computed from ``t`` alone) and the start card.
"""

from __future__ import annotations

import math
import random

import pygame

from game.rules.chromatic_collapse import CIRCLE, DIAMOND, Remove, Slide, Start
from game.text.i18n import _
from scenes.play.base import ease
from scenes.widgets import darken, draw_panel, draw_text, lighten

from .layout import BOARD_RECT, CELL, COLOUR_KEYS, SIDE_SHAPES, side_colour
from .sprites import draw_alpha_line, piece_sprite, shadow_sprite


class Animations:
    """Drawing the animations (mixed into ChromaticCollapseView)."""

    # -- drawing: transitions -----------------------------------------------------------------------
    def draw_transition(self, surface: pygame.Surface, old, new, move, t: float) -> None:
        if isinstance(move, Slide):
            self._draw_slide(surface, old, new, move, t)
        elif isinstance(move, Remove):
            self._draw_removal(surface, old, new, move, t)
        elif isinstance(move, Start):
            self._draw_scene(surface, new, settled=False)
            if t < 1:
                self._draw_start_card(surface, move, t)
        else:
            self._draw_scene(surface, new, settled=False)

    def _draw_slide(self, surface, old, new, move, t: float) -> None:
        try:
            path = old.path(move)
        except ValueError:
            self._draw_scene(surface, new, settled=False)
            return
        squares = path.squares
        n = len(squares) - 1
        capture = path.captured is not None
        slide_end = 0.55 if capture else 1.0
        s = ease(min(1.0, t / slide_end))
        f = s * n  # position along the path in squares
        lifted = {}
        for j in path.jumped:
            k = squares.index(j)
            d = f - k
            lifted[j] = -7.0 * math.sin(
                math.pi * max(0.0, min(1.0, (d + 0.8) / 1.6))
            )  # dips as it is jumped
        # the mover hops over jumped pieces
        hop = 0.0
        for j in path.jumped:
            k = squares.index(j)
            hop = max(hop, 16.0 * max(0.0, 1.0 - abs(f - k) / 0.9))
        i0 = min(n - 1, int(f)) if n else 0
        frac = f - i0
        a = self.square_center(squares[i0])
        b = self.square_center(squares[min(n, i0 + 1)])
        pos = (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac)
        hide = {move.frm}
        if capture and t >= slide_end:
            hide.add(move.to)
        theme = self.app.theme
        seat, colour = old.piece_at(move.frm)
        # links that change let go of the moving piece at once; the new ones form at the end
        links_alpha = int(255 * max(0.0, 1 - t / 0.2))

        def under(surf):
            # a trail from the start to where the piece is now, under the jumped pieces
            draw_alpha_line(
                surf, side_colour(theme, seat), self.square_center(move.frm), pos, 6, 90
            )

        def extra(surf):
            if capture and t >= slide_end:
                u = (t - slide_end) / (1 - slide_end)
                self._draw_shatter(surf, old, path.captured, u)
            r = self._piece_radius()
            sh = shadow_sprite(r)
            surf.blit(sh, sh.get_rect(center=(pos[0], pos[1] + r * 0.75)))
            spr = self._sprite(seat, colour)
            surf.blit(spr, spr.get_rect(center=(round(pos[0]), round(pos[1] - 5 - hop))))

        links = []
        for side in (DIAMOND, CIRCLE):
            before, after = self.groups(old, side), self.groups(new, side)
            if before[:1] == after[:1] and old.piece_at(move.frm)[0] != side:
                links.append((old, 255, (side,)))
            else:
                links.append((old, links_alpha, (side,)))
                links.append((new, int(255 * max(0.0, (t - 0.75) / 0.25)), (side,)))
        self._draw_scene(
            surface,
            old,
            hide=hide,
            lifted=lifted,
            extra=extra,
            under=under,
            links=links,
            settled=False,
            card_state=new,
        )

    def _draw_removal(self, surface, old, new, move, t: float) -> None:
        theme = self.app.theme
        sq = move.square
        mark = 0.3
        hide = {sq} if t >= mark else set()

        def extra(surf):
            c = self.square_center(sq)
            if t < mark:
                k = t / mark
                rad = CELL * (0.9 - 0.43 * ease(k))
                pygame.draw.circle(surf, theme["bad"], c, rad, 4)
                s = CELL * 0.22
                pygame.draw.line(surf, theme["bad"], (c[0] - s, c[1] - s), (c[0] + s, c[1] + s), 4)
                pygame.draw.line(surf, theme["bad"], (c[0] - s, c[1] + s), (c[0] + s, c[1] - s), 4)
            else:
                self._draw_shatter(surf, old, sq, (t - mark) / (1 - mark))

        self._draw_scene(
            surface,
            old if t < mark else new,
            hide=hide if t < mark else set(),
            extra=extra,
            settled=False,
            card_state=new,
        )

    def _draw_shatter(self, surface, state, sq: int, u: float) -> None:
        """The piece on ``sq`` bursts into shards; positions depend on ``u`` (0..1) only."""
        piece = state.piece_at(sq)
        if piece is None:
            return
        theme = self.app.theme
        base = theme[COLOUR_KEYS[piece[1]]]
        cx, cy = self.square_center(sq)
        rng = random.Random(sq * 7919 + piece[1])
        # a flash ring
        ring = CELL * (0.35 + 0.9 * ease(u))
        fade = max(0.0, 1.0 - u * 1.4)
        if fade > 0:
            draw_alpha_line(
                surface,
                lighten(base, 0.6),
                (cx - 1, cy),
                (cx + 1, cy),
                int(CELL * 0.5 * (1 - u)) + 2,
                int(200 * fade),
            )
            pygame.draw.circle(
                surface, lighten(base, 0.5 + 0.4 * fade), (cx, cy), ring, max(1, int(4 * fade))
            )
        travel = 1 - (1 - u) ** 2
        for i in range(20):
            angle = rng.uniform(0, math.tau)
            speed = rng.uniform(0.7, 1.6) * CELL
            size = rng.uniform(7, 15) * (1 - 0.6 * u)
            spin = rng.uniform(-7, 7)
            shade = (
                lighten(base, rng.uniform(0, 0.55)) if i % 2 else darken(base, rng.uniform(0, 0.3))
            )
            px = cx + math.cos(angle) * speed * travel
            py = cy + math.sin(angle) * speed * travel + 46 * u * u  # a little gravity
            rot = angle + spin * u
            pts = [
                (
                    px + size * math.cos(rot + k * 2.3) * (1.0 if k else 1.4),
                    py + size * math.sin(rot + k * 2.3) * (1.0 if k else 1.4),
                )
                for k in range(3)
            ]
            if u < 0.97:
                pygame.draw.polygon(surface, shade, pts)
                pygame.draw.polygon(surface, darken(base, 0.55), pts, 1)

    def _draw_start_card(self, surface, move, t: float) -> None:
        theme = self.app.theme
        alpha = int(255 * (1 - ease(max(0.0, (t - 0.45) / 0.55))))
        layer = pygame.Surface((420, 110), pygame.SRCALPHA)
        draw_panel(
            layer, layer.get_rect(), theme, fill="background_2", edge="accent", alpha=235, width=3
        )
        spr = piece_sprite(SIDE_SHAPES[move.seat], side_colour(theme, move.seat), 28)
        layer.blit(spr, spr.get_rect(center=(60, 55)))
        draw_text(
            layer,
            _("{side} starts").format(side=self.match.seat_names()[move.seat]),
            theme.font(34, "display"),
            theme["accent"],
            (105, 55),
            "midleft",
        )
        layer.set_alpha(alpha)
        surface.blit(layer, layer.get_rect(center=BOARD_RECT.center))
