"""Crystal Formation's side panel (seats, trees toward five, power and stash, the log)
and the banner.
"""

from __future__ import annotations

import re

import pygame

from game.rules.crystal_formation import ROUND_LIMIT, TREES_TO_WIN
from game.rules.grid import cell_name
from game.text.i18n import _, language, ngettext, pgettext
from scenes.play.base import BOARD_AREA, PANEL, BannerStyle
from scenes.widgets import Pen, darken, draw_text, fitting_font, lighten, text_width, wrap_text

from .board import stack_sprite
from .layout import BOARD_REGION, seat_glyph

_CELL = re.compile(r"\b([a-z])(\d{1,2})\b")


def board_case(text: str) -> str:
    """A move's text with its cells written as the board labels them ("place C3"): the
    notation's lower case ("place c3") stays what logs and replays store."""
    return _CELL.sub(lambda m: m.group(1).upper() + m.group(2), text)


class SidePanel:
    """Drawing the side panel and the banner (mixed into CrystalFormationView)."""

    # ================================================================== panel
    def status_text(self) -> str:
        m = self.match
        if self.anim is not None:
            move, seat = self.anim.move, self.anim.seat
            return _("{name}: {move}").format(name=self.seat_label(seat), move=move)
        if m.is_over():
            return super().status_text()
        seat = m.to_move()
        name = self.seat_label(seat)
        if m.controller(seat).is_bot:
            return self.waiting_words(seat)
        if m.state.must_pass():
            return _("{name}: nothing is possible, pass (P)").format(name=name)
        if self.selected is not None:
            return _("{name}: move or grow {cell}").format(name=name, cell=cell_name(self.selected))
        return _("{name}: place, grow or move").format(name=name)

    def panel_rows(self):
        state = self.shown
        return [
            (s, self.seat_label(s), f"{state.trees(s)}/{TREES_TO_WIN}")
            for s in range(state.num_players)
        ]

    def draw_players(self, surface: pygame.Surface, y: int) -> int:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        state = self.shown
        n = state.num_players
        designed = 62 if n <= 4 else 50
        h = theme.pitch(designed)  # a row's two lines grow with the text
        to_move = self.match.to_move()
        people = len(self.match.people())
        for s in range(n):
            r = pygame.Rect(PANEL.x + 8, y, PANEL.w - 16, h - 4)
            colour = self.seat_colour(s)
            if s == to_move:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.12), r, border_radius=10)
                pygame.draw.rect(surface, theme["accent"], r, 2, border_radius=10)
                pygame.draw.polygon(
                    surface,
                    theme["accent"],
                    [(r.x + 3, r.centery - 7), (r.x + 10, r.centery), (r.x + 3, r.centery + 7)],
                )
            icon = round(designed * 0.78)
            spr = stack_sprite(
                colour, "SML", icon, seat_glyph(s) if self._glyphs() else None, glow=False
            )
            surface.blit(spr, spr.get_rect(center=(r.x + 12 + icon // 2, r.centery - 2)))
            tx = r.x + 18 + icon
            seat = self.match.seats[s]
            name = self.seat_name(s)
            who = (
                self.seat_kind(s)
                if seat.is_bot
                else (
                    pgettext("seat kind", "you") if people == 1 else pgettext("seat kind", "person")
                )
            )
            top = r.y + (5 if n <= 4 else 3)
            name_rect = write(
                seat.name or name, 18 if n <= 4 else 16, "text", (tx, top), max_width=110
            )
            # trees toward five
            trees = state.trees(s)
            tw = 15
            x0 = r.right - 10 - TREES_TO_WIN * tw
            count_w = text_width(theme.font(13), f"{trees}/{TREES_TO_WIN}")
            room = x0 - 12 - count_w - name_rect.right - 6
            # who plays it, where it fits at some text size (a long name leaves no room:
            # the kind is then left out rather than cut)
            least = list(theme.stepped_fonts(13, "regular"))[-1][0]
            if text_width(least, who) <= room:
                write(
                    who,
                    13,
                    "text_dim",
                    (name_rect.right + 6, name_rect.bottom - 3),
                    "bottomleft",
                    kind="regular",
                    max_width=room,
                )
            for k in range(TREES_TO_WIN):
                cx = x0 + k * tw + tw // 2
                cy = top + 11
                pts = [(cx, cy - 8), (cx + 6, cy + 6), (cx - 6, cy + 6)]
                if k < trees:
                    pygame.draw.polygon(surface, colour, pts)
                    pygame.draw.polygon(surface, lighten(colour, 0.5), pts, 1)
                else:
                    pygame.draw.polygon(surface, theme["text_dim"], pts, 1)
            write(
                f"{trees}/{TREES_TO_WIN}",
                13,
                theme["accent"] if trees else theme["text_dim"],
                (x0 - 6, top + 11),
                "midright",
            )
            # stash and power
            line2 = r.bottom - (8 if n <= 4 else 5)
            stash = state.stash(s)
            sx = tx
            small = theme.font(13, "regular")
            power = _("power {n}").format(n=state.power(s))
            item = 22 + text_width(theme.font(13), "M×5") + 4  # a pyramid and its count
            # the counts come first: where the words leave them too little room, the
            # word "stash" is left out (the pyramids say it), then "power" steps down
            word = _("stash")
            if (
                sx + max(40, text_width(small, word) + 4) + 3 * item + text_width(small, power) + 18
                <= r.right
            ):
                label = write(word, 13, "text_dim", (sx, line2), "bottomleft", kind="regular")
                sx = max(sx + 40, label.right + 4)
            power_room = r.right - 10 - (sx + 3 * item)
            power_font = fitting_font(theme, power, 13, "regular", power_room)
            power_w = min(text_width(power_font, power), power_room)
            step = min(
                max(58, 28 + text_width(theme.font(13), "M×5")), (r.right - 18 - power_w - sx) // 3
            )
            for size, count in zip("SML", stash, strict=True):
                spr = stack_sprite(colour if count else darken(colour, 0.65), size, 34, None)
                surface.blit(spr, spr.get_rect(midbottom=(sx + 10, line2 + 6)))
                write(
                    f"{size}×{count}",
                    13,
                    theme["text"] if count else theme["text_dim"],
                    (sx + 22, line2),
                    "bottomleft",
                    max_width=step - 22,
                )
                sx += step
            draw_text(
                surface,
                power,
                power_font,
                theme["text_dim"],
                (r.right - 10, line2),
                "bottomright",
                max_width=power_room,
            )
            y += h
        return y

    def draw_extra_panel(self, surface: pygame.Surface, y: int) -> int:
        write = Pen(surface, self.app.theme)
        text = _("Five trees win · after {rounds} rounds most trees, then power").format(
            rounds=ROUND_LIMIT
        )
        # wrapped: a longer language or a larger text size takes another line rather
        # than losing its end; the lines step by the text size's pitch (at 17 px they
        # ran into each other at 150 %)
        width = PANEL.w - 28
        for line in wrap_text(text, self.app.theme.font(13, "regular"), width):
            write(line, 13, "text_dim", (PANEL.x + 14, y), kind="regular", max_width=width)
            y += self.app.theme.pitch(17)  # a bigger text size takes taller lines
        return y + 3

    def log_lines(self) -> list[tuple[int, str]]:
        m = self.match
        key = (len(m.entries), m.state)
        if self._log_lang != language():  # the lines are words: a new language redoes them
            self._log_key, self._log_lang = None, language()
        if self._log_key is None or key[0] != self._log_key[0] or key[1] is not self._log_key[1]:
            # extend the cached lines when the history only grew
            keep = 0
            if self._log_key is not None and len(self._log) <= len(m.entries):
                keep = len(self._log)
                if keep and self._log_states[keep - 1] is not m.states[keep]:
                    keep = 0
            lines = self._log[:keep]
            states = self._log_states[:keep] if keep else []
            for i in range(keep, len(m.entries)):
                e = m.entries[i]
                text = _("{name}: {move}").format(
                    name=self.seat_name(e.seat), move=board_case(e.text)
                )
                try:
                    prev = m.states[i]
                    end = prev.decay_preview(prev.parse_move(e.text))
                    bits = []
                    if end.decays:
                        n = len(end.decays)
                        bits.append(ngettext("{n} decay", "{n} decays", n).format(n=n))
                    if end.deaths:
                        bits.append(_("{n} lost").format(n=len(end.deaths)))
                    if end.wins:
                        bits.append(_("fifth tree!"))
                    if bits:
                        text += " · " + ", ".join(bits)
                except ValueError:
                    pass
                lines.append((e.seat, text))
                states.append(m.states[i + 1])
            self._log = lines
            self._log_states = states
            self._log_key = key
        return self._log

    # The base's banner in a smaller font, kept over the board so the strip stays usable.
    banner_style = BannerStyle(size=20, line=26, pad=8, margin=30, alpha=240)

    def banner_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, BOARD_REGION.w - 40, BOARD_AREA.h - 4)
        rect.midbottom = (BOARD_REGION.centerx + 8, BOARD_AREA.bottom - 4)
        return rect
