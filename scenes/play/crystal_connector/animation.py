"""Crystal Connector's animations: the score pop-up, a slide's length and its frames,
and the badge of a setup choice.
"""

from __future__ import annotations

import pygame

from game.rules.crystal_connector import Convert, Pass, Shift
from game.text.i18n import _
from scenes.play.base import ease, ease_out_back
from scenes.widgets import BANNER_LINES, cached, darken, draw_text, lighten, wrap_text

from .layout import BOARD, POPUP_TICKS, signed


class Animations:
    """Drawing the animations (mixed into CrystalConnectorView)."""

    # -- the score pop-up -------------------------------------------------------------------
    def popup_points(self, old, new) -> list:
        """The engine's turn points (``TurnPoints``, text like ``"+20 = 4 x 5"``) shown
        when the turn from ``old`` to ``new`` ended: the mover first."""
        if not new.turn_log or len(new.turn_log) == len(old.turn_log):
            return []
        rec = new.turn_log[-1]
        points = new.turn_points_preview()  # the turn scored the board as it is now
        return [points[seat] for seat in (rec.seat, 1 - rec.seat)] if points else []

    def _draw_popup(self, surface, old, new, u: float) -> None:
        points = self.popup_points(old, new)
        if not points:
            return
        theme = self.app.theme
        rec = new.turn_log[-1]
        grow = ease_out_back(min(1.0, u / 0.25))
        fade = 1.0 if u < 0.8 else max(0.0, 1 - (u - 0.8) / 0.2)
        rise = 24 * u
        for k, tp in enumerate(points):
            seat = tp.seat
            a, b = tp.colours
            p = (a, b) + tuple(tp.sizes)
            text = tp.text
            spikes = rec.spike_points[seat]
            w, h = 330, 86 if spikes else 70

            def make(seat=seat, a=a, b=b, text=text, spikes=spikes, w=w, h=h) -> pygame.Surface:
                card = pygame.Surface((w, h), pygame.SRCALPHA)
                col = self.seat_colour(seat)
                pygame.draw.rect(
                    card,
                    (*darken(theme["background_2"], 0.2)[:3], 235),
                    card.get_rect(),
                    border_radius=16,
                )
                pygame.draw.rect(card, col, card.get_rect(), 4, border_radius=16)
                self._gem(card, a, (30, 35), 14)
                self._gem(card, b, (62, 35), 14)
                box = card.get_rect()
                draw_text(
                    card,
                    text,
                    theme.font(34, "display"),
                    theme["text"],
                    (86, 35),
                    "midleft",
                    box=box,
                )
                name = self.match.seat_names()[seat]
                at = (w - 12, 6)
                draw_text(card, name, theme.font(14), lighten(col, 0.3), at, "topright", box=box)
                if spikes:
                    spiked = _("+{points} from spikes").format(points=spikes)
                    at = (86, 68)
                    draw_text(card, spiked, theme.font(16), theme["accent"], at, "midleft", box=box)
                return card

            # the seat's name and colour are in the key: the card shows them
            who = (self.match.seat_names()[seat], tuple(self.seat_colour(seat)))
            card = cached(("crystal_connector.popup", rec, seat, p, who), make)
            card = card.copy() if grow == 1.0 else card
            if grow != 1.0:
                card = pygame.transform.smoothscale(
                    card, (max(1, int(w * grow)), max(1, int(h * grow)))
                )
            card.set_alpha(int(255 * fade))
            cy = BOARD.centery - 60 + k * 110 - rise
            surface.blit(card, card.get_rect(center=(BOARD.centerx, cy)))

    # ================================================================== animations
    def transition_ticks(self, old, new, move) -> int:
        ends_turn = len(new.turn_log) > len(old.turn_log)
        pop = POPUP_TICKS if ends_turn else 0
        if self._was_previewed(new):
            return pop or 1
        if isinstance(move, Shift):
            return 14 + 6 * move.distance + pop
        if isinstance(move, Convert):
            return 26 + pop
        if isinstance(move, Pass):
            return pop or 12
        return 40  # a setup choice

    def _slide_ticks(self, old, new, move) -> int:
        if self._was_previewed(new):
            return 0
        if isinstance(move, Shift):
            return 14 + 6 * move.distance
        if isinstance(move, Convert):
            return 26
        return 0

    def draw_transition(self, surface, old, new, move, t: float) -> None:
        total = self.transition_ticks(old, new, move)
        slide = self._slide_ticks(old, new, move)
        now = t * total
        if old.phase != "play" and not isinstance(move, (Shift, Convert, Pass)):
            self._draw_frame(surface, new, live=False)
            self._draw_choice_badge(surface, old, new, move, t)
            return
        side = (old, str(move)) if old.phase == "play" and new.to_move != old.to_move else None
        if slide and now < slide:
            u = ease(now / slide)
            if isinstance(move, Shift):
                self._draw_frame(
                    surface, new, live=False, slide=(old, move.line, signed(move) * u), side=side
                )
                return
            if isinstance(move, Convert):
                morph = (move.cell, old.board[move.cell], move.colour, self.ticks - int(24 * u))
                self._draw_frame(
                    surface, new, live=False, slide=(old, None, 0.0), morph=morph, side=side
                )
                return
        pop_total = total - slide
        u = (now - slide) / pop_total if pop_total > 0 else 1.0
        ends = len(new.turn_log) > len(old.turn_log)
        self._draw_frame(surface, new, live=False, popup=(old, new, u) if ends else None)

    def _draw_choice_badge(self, surface, old, new, move, t: float) -> None:
        theme = self.app.theme
        seat = old.to_move
        text = f"{self.match.seat_names()[seat]} {self._choice_words(old, move)}"
        grow = ease_out_back(min(1.0, t / 0.3))
        fade = 1.0 if t < 0.75 else max(0.0, 1 - (t - 0.75) / 0.25)
        font = theme.font(26)
        lines = wrap_text(text, font, 460, max_lines=BANNER_LINES)
        w, h = 520, 30 + 34 * len(lines)
        card = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(card, (*theme["background_2"][:3], 240), card.get_rect(), border_radius=18)
        pygame.draw.rect(card, self.seat_colour(seat), card.get_rect(), 4, border_radius=18)
        for k, line in enumerate(lines):
            at = (w // 2, 16 + 34 * k)
            draw_text(card, line, font, theme["text"], at, "midtop", box=card.get_rect())
        if grow != 1.0:
            card = pygame.transform.smoothscale(
                card, (max(1, int(w * grow)), max(1, int(h * grow)))
            )
        card.set_alpha(int(255 * fade))
        surface.blit(card, card.get_rect(center=BOARD.center))
