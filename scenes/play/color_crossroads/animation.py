"""Color Crossroads' animations: a move's transition and the ribbon that names it."""

from __future__ import annotations

import pygame

from game.rules.color_crossroads import PAIRS, Answer, Challenge, Concede, Place
from game.text.i18n import _
from scenes.play.base import ease, ease_out_back, pulse
from scenes.widgets import draw_text

from .board import loop_layer
from .layout import BOARD, CELL, GEM_R, cell_center, cell_rect, colour_of, pair_text
from .sprites import alpha_rect, blit_gem


class Animations:
    """Drawing the animations (mixed into ColorCrossroadsView)."""

    # -- animation -----------------------------------------------------------------------
    def transition_ticks(self, old, new, move) -> int:
        if isinstance(move, Place):
            return 20
        if isinstance(move, Challenge):
            return 50
        if isinstance(move, Answer):
            return min(150, 36 + 5 * len(move.cells))
        if isinstance(move, Concede):
            return 60
        return 10

    def draw_transition(self, surface: pygame.Surface, old, new, move, t: float) -> None:
        theme = self.app.theme
        if isinstance(move, Place):
            self.draw_scene(surface, new, skip=(move.cell,))
            cx, cy = cell_center(move.cell)
            radius = max(2, int(GEM_R * ease_out_back(min(1.0, t * 1.3))))
            blit_gem(surface, theme, move.colour, (cx, cy), radius, self.app.settings.colour_blind)
            ripple = int(CELL * 0.35 + CELL * 0.55 * t)
            layer = pygame.Surface((ripple * 2 + 8, ripple * 2 + 8), pygame.SRCALPHA)
            c = pygame.Color(colour_of(theme, move.colour))
            c.a = int(220 * (1 - t))
            pygame.draw.circle(layer, c, (ripple + 4, ripple + 4), ripple, 3)
            surface.blit(layer, (cx - ripple - 4, cy - ripple - 4))
            return
        if isinstance(move, Challenge):
            self.draw_scene(surface, new)
            a, b = PAIRS[move.pair]
            glow = pulse(int(t * 60), 0.35)
            for i, v in enumerate(new.board):
                if v in (a + 1, b + 1):
                    r = cell_rect(i).inflate(-2, -2)
                    alpha_rect(surface, r, theme["accent"], int(60 + 150 * glow), 10, 3)
            seat = old.current_player()
            self.ribbon(
                surface,
                (
                    _("You challenged {pair}!")
                    if self.is_you(seat)
                    else _("{name} challenged {pair}!")
                ).format(name=self.short_name(seat), pair=pair_text(move.pair)),
                (
                    _("You must show a loop")
                    if self.is_you(1 - seat)
                    else _("{name} must show a loop")
                ).format(name=self.short_name(1 - seat)),
                t,
                (a, b),
                "accent",
            )
            return
        if isinstance(move, Answer):
            self.draw_scene(surface, new, show_trace=False)
            n = len(move.cells)
            prog = ease(min(1.0, t / 0.75)) * n
            k = int(prog)
            seat = old.current_player()
            glow = self.seat_colour(seat)
            if k >= n:
                layer = loop_layer(move.cells, True, glow)
            else:
                # k whole steps drawn, and part of the next one (the last step closes it)
                here = cell_center(move.cells[k])
                there = cell_center(move.cells[(k + 1) % n])
                frac = prog - k
                tail = (
                    here[0] + (there[0] - here[0]) * frac - BOARD.x,
                    here[1] + (there[1] - here[1]) * frac - BOARD.y,
                )
                layer = loop_layer(move.cells[: k + 1], False, glow, tail=tail)
            surface.blit(layer, BOARD.topleft)
            if t > 0.75:
                pair = PAIRS[old.challenge_pair]
                self.ribbon(
                    surface,
                    (
                        _("You showed a {pair} loop")
                        if self.is_you(seat)
                        else _("{name} showed a {pair} loop")
                    ).format(name=self.short_name(seat), pair=pair_text(old.challenge_pair)),
                    _("{name} +1 · the pair stays open").format(name=self.short_name(seat)),
                    (t - 0.75) / 0.25 * 0.5 + 0.2,
                    pair,
                    "good",
                )
            return
        if isinstance(move, Concede):
            self.draw_scene(surface, new)
            p = old.challenge_pair
            self.ribbon(
                surface,
                _("No {pair} loop shown").format(pair=pair_text(p)),
                _("Pair closed · {name} +1").format(name=self.short_name(old.mover)),
                t,
                PAIRS[p],
                "bad",
            )
            return
        self.draw_scene(surface, new if t >= 0.5 else old)

    def ribbon(self, surface, title: str, sub: str, t: float, pair, edge: str) -> None:
        """A card across the board for challenge events; fades in and out with t."""
        theme = self.app.theme
        fade = max(0.0, min(1.0, t * 5, (1 - t) * 4))
        if fade <= 0:
            return
        rect = pygame.Rect(0, 0, 540, 104)
        rect.center = (BOARD.centerx, BOARD.centery - int(14 * (1 - ease(min(1.0, t * 4)))))
        card = pygame.Surface(rect.size, pygame.SRCALPHA)
        c = pygame.Color(theme["background_2"])
        c.a = 240
        pygame.draw.rect(card, c, card.get_rect(), border_radius=16)
        pygame.draw.rect(card, theme[edge], card.get_rect(), 3, border_radius=16)
        cb = self.app.settings.colour_blind
        blit_gem(card, theme, pair[0], (40, 52), 20, cb)
        blit_gem(card, theme, pair[1], (rect.w - 40, 52), 20, cb)
        draw_text(
            card,
            title,
            theme.font(25),
            theme["text"],
            (rect.w // 2, 20),
            "midtop",
            max_width=rect.w - 130,
        )
        draw_text(
            card,
            sub,
            theme.font(19, "regular"),
            theme[edge],
            (rect.w // 2, 60),
            "midtop",
            max_width=rect.w - 130,
        )
        card.set_alpha(int(255 * fade))
        surface.blit(card, rect)
