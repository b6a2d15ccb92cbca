"""Chromatic Collapse's side panel: the status line, the players, the extra panel and the
log.
"""

from __future__ import annotations

import pygame

from game.rules.chromatic_collapse import CIRCLE, DIAMOND
from game.text.i18n import N_, _
from scenes.play.base import PANEL
from scenes.widgets import Pen, darken, draw_text, lighten, line_step, text_width, wrap_text

from .layout import SIDE_SHAPES, side_colour, side_name
from .sprites import piece_sprite


class SidePanel:
    """Drawing the side panel (mixed into ChromaticCollapseView)."""

    # -- status, panel, log ----------------------------------------------------------------
    def status_text(self) -> str:
        m = self.match
        state = m.state
        if m.is_over():
            return m.outcome_reason() or _("Game over")
        seat = m.to_move()
        name = self.seat_label(seat)
        if m.controller(seat).is_bot:
            return self.waiting_words(seat)
        step = {
            "setup": N_("{name}: choose who starts"),
            "remove": N_("{name}: remove a piece"),
            "first": N_("{name}: first move"),
            "second": N_("{name}: second move"),
        }.get(state.phase, N_("{name}: your move"))
        if state.phase == "first" and state.turn == 1:
            step = N_("{name}: opening move")
        return _(step).format(name=name)

    def seat_colour(self, seat: int) -> pygame.Color:
        return side_colour(self.app.theme, seat)

    def panel_rows(self) -> list[tuple[int, str, str]]:
        state = self.match.state
        rows = []
        for s in (DIAMOND, CIRCLE):
            g = self.groups(state, s)
            joined = len(g[0]) if g else 0
            label = self.seat_label(s)
            count = f"{joined}/{state.piece_count(s)}"
            font = self.app.theme.font(21)
            clock = f"   {self.match.clock.display(s)}" if self.match.clock is not None else ""
            room = PANEL.w - 20 - 44 - 8  # the base's row: text either side of the dot

            def fits(left, right, font=font, clock=clock, room=room):
                return text_width(font, left) + text_width(font, right + clock) <= room

            right = _("{count} joined").format(count=count)
            if not fits(label, right):
                right = count
                if not fits(label, right):
                    label = side_name(s)
            rows.append((s, label, right))
        return rows

    def draw_players(self, surface: pygame.Surface, y: int) -> int:
        out = super().draw_players(surface, y)
        # the side's shape on its row, over the base's dot
        pitch = self.app.theme.pitch
        for i in range(2):
            r = pygame.Rect(PANEL.x + 10, y + pitch(34) * i, PANEL.w - 20, pitch(32))
            spr = piece_sprite(SIDE_SHAPES[i], side_colour(self.app.theme, i), 10)
            surface.blit(spr, spr.get_rect(center=(r.x + 14, r.centery)))
        return out

    def draw_extra_panel(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        state = self.match.state
        small = theme.font(15, "regular")
        bold = theme.font(16, "bold")
        if state.phase == "setup":
            text = _(
                "Join all your pieces into one touching group. First choose who starts: "
                "tap a side, or Left / Right and Enter."
            )
        else:
            text = _(
                "Join all your pieces into one touching group. Tap a lit piece, then a lit "
                "square (or drag it). Keys: arrows and Enter, Tab for the next piece, then "
                "the buttons."
            )
        lines = wrap_text(text, small, PANEL.w - 40)
        step = line_step(theme, small, 19)
        box = pygame.Rect(PANEL.x + 10, y, PANEL.w - 20, theme.pitch(36) + step * len(lines))
        pygame.draw.rect(surface, darken(theme["panel"], 0.25), box, border_radius=10)
        self.mark_hint(box)  # its keys: no message covers them
        draw_text(surface, _("How to play"), bold, theme["accent_2"], (box.x + 10, box.y + 6))
        yy = box.y + theme.pitch(28)
        for line in lines:
            draw_text(surface, line, small, theme["text_dim"], (box.x + 10, yy))
            yy += step
        return box.bottom + 4

    def log_lines(self) -> list[tuple[int, str]]:
        """One line per turn: ``12  c1-c3, d8-d6`` (with a removal first on sudden-death
        turns)."""
        m = self.match
        lines: list[tuple[int, str]] = []
        last_key = None
        for i, entry in enumerate(m.entries):
            before = m.states[i]
            key = (before.turn, entry.seat)
            if before.phase == "setup":
                lines.append((entry.seat, _("setup  {move}").format(move=entry.text)))
                last_key = None
                continue
            if key == last_key:
                seat, text = lines[-1]
                lines[-1] = (seat, f"{text}, {entry.text}")
            else:
                lines.append((entry.seat, f"{before.turn:>2}  {entry.text}"))
                last_key = key
        return lines

    def draw_log(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        if bottom - top < 40:
            return
        write(_("Turns"), 18, "text_dim", (PANEL.x + 14, top))
        font = theme.font(16, "regular")
        lines = self.log_lines()
        y = top + theme.pitch(24)
        step = theme.pitch(21)
        for i in self.log_window(len(lines), top, bottom, step):
            seat, text = lines[i]
            icon = (
                piece_sprite(SIDE_SHAPES[seat], side_colour(theme, seat), 7) if seat >= 0 else None
            )
            if icon is not None:
                surface.blit(icon, icon.get_rect(center=(PANEL.x + 22, y + step // 2)))
            draw_text(
                surface,
                text,
                font,
                lighten(self.seat_colour(seat), 0.2),
                (PANEL.x + 36, y),
                max_width=PANEL.w - 50,
            )
            y += step
