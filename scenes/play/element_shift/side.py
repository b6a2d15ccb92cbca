"""Element Shift's side panel: the base's panel with the players and their elements, who
has submitted, tile counts, and the log, its text cached.
"""

from __future__ import annotations

import pygame

from game.rules.element_shift import CELLS, ELEMENT_NAMES, beater
from game.text.i18n import _
from scenes.play.base import PANEL
from scenes.play.words import element_name
from scenes.widgets import (
    Pen,
    draw_glyph,
    draw_text,
    fit_paragraph,
    lighten,
    text_width,
    wrap_text,
)

from .layout import ELEMENT_GLYPHS, element_colour
from .sprites import blit_token


class SidePanel:
    """Drawing the shared side panel (mixed into ElementShiftView)."""

    # -- drawing: the side panel -----------------------------------------------------
    def draw_players(self, surface, y: int) -> int:
        theme = self.app.theme
        state = self.shown if self.anim is None else self.anim.old
        m = self.match
        live = m.state
        # the seat to act is marked only while seats are deciding (not in a reveal or summary)
        to_move = m.to_move() if self.mode() in ("setup", "plan", "wait", "curtain") else -1
        clock = m.clock
        line_h = 26
        # Twelve rows and the panel's tiles, keys and log under them: the rows keep
        # their height and their text steps back to fit it.
        font = theme.font_within(16, "regular", line_h + 4)
        bold = theme.font_within(16, "bold", line_h + 4)
        for seat in range(state.num_players):
            r = pygame.Rect(PANEL.x + 10, y, PANEL.w - 20, line_h - 2)
            if seat == to_move:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.12), r, border_radius=8)
                pygame.draw.rect(surface, theme["accent"], r, 2, border_radius=8)
            blit_token(
                surface, theme, seat, state.elements[seat], (r.x + 13, r.centery), 10, self.glyphs
            )
            label = self.seat_label(seat)
            if self.me == seat:
                label = _("{name} (you)").format(name=label)
            right = str(state.totals[seat]) if state.totals else "0"
            if clock is not None and not m.is_over():
                right = f"{right}  {clock.display(seat)}"
            rw = text_width(bold, right)
            at = (r.x + 32, r.centery)
            draw_text(surface, label, font, theme["text"], at, "midleft", max_width=r.w - 80 - rw)
            colour = theme["accent"] if seat == to_move else theme["text"]
            draw_text(surface, right, bold, colour, (r.right - 8, r.centery), "midright")
            if not m.is_over() and live.submitted(seat):
                cx = r.right - 16 - rw
                pygame.draw.lines(
                    surface,
                    theme["good"],
                    False,
                    [(cx - 10, r.centery), (cx - 6, r.centery + 4), (cx + 1, r.centery - 5)],
                    3,
                )
            y += line_h
        return y

    def draw_extra_panel(self, surface, y: int) -> int:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        state = self.shown if self.anim is None else self.anim.old  # no spoilers mid-reveal
        x, w = PANEL.x + 14, PANEL.w - 28
        counts = state.tile_counts()
        lead = state.leading_element()
        tiles = write(_("Tiles"), 15, "text_dim", (x, y))
        lead_text = (
            _("leading: {element} · {beater} players +3").format(
                element=element_name(ELEMENT_NAMES[lead]),
                beater=element_name(ELEMENT_NAMES[beater(lead)]),
            )
            if lead >= 0
            else _("no leading element (tie)")
        )
        write(
            lead_text,
            14,
            "text",
            (PANEL.right - 14, y + 1),
            "topright",
            kind="regular",
            max_width=PANEL.right - 14 - tiles.right - 10,
        )
        bar = pygame.Rect(x, y + theme.pitch(22), w, 22)
        bx = bar.x
        for e in range(3):
            seg_w = round(bar.w * counts[e] / CELLS) if e < 2 else bar.right - bx
            r = pygame.Rect(bx, bar.y, seg_w, bar.h)
            pygame.draw.rect(surface, element_colour(theme, e), r)
            if e == lead:
                pygame.draw.rect(surface, theme["accent"], r, 2)
            label = f"{counts[e]}"
            if self.glyphs:
                draw_glyph(surface, ELEMENT_GLYPHS[e], (r.x + 12, r.centery), 7, (12, 12, 22))
            write(
                label,
                15,
                (15, 15, 25),
                (r.centerx + (6 if self.glyphs else 0), r.centery),
                "center",
            )
            bx += seg_w
        y = bar.bottom + 8
        # wrapped: a longer language takes a second line rather than losing its end
        beats = _("Water beats fire · grass beats water · fire beats grass")
        for line in wrap_text(beats, theme.font(13, "regular"), w, max_lines=2):
            write(line, 13, "text_dim", (x, y), kind="regular", max_width=w)
            y += theme.pitch(17)
        y += theme.pitch(22) - theme.pitch(17)
        mode = self.mode()
        # each key's help is a phrase of its own; the dots only set them apart
        ray = self.match.state.variation() and self.match.state.variation().ray_first
        parts = {
            "plan": [
                _("Click tiles or drag"),
                _("Arrows + Enter"),
                _("S stay"),
                _("Backspace step back"),
                _("Tab keep/switch"),
                *([_("R ray")] if ray else []),
                _("Shift+Enter submit"),
                _("H hint (again: use it)"),
                _("Right past the board: buttons"),
            ],
            "setup": [
                _("Click a bright tile, then again to confirm"),
                _("Arrows + Enter"),
                _("Right past the board: buttons"),
            ],
            "curtain": [_("Enter: I am the player named on the curtain")],
            "summary": [_("Enter: continue · arrows: buttons")],
        }.get(mode)
        keys = " · ".join(parts) if parts else ""
        if keys:
            # Every key kept (Shift+Enter, the last but two, was cut off in German at
            # 150 %): in four lines' room, stepping down toward the designed size,
            # and in more lines where even that does not hold them.
            font, lines, step = fit_paragraph(
                theme, keys, 13, w, 4 * theme.pitch(17), kind="regular", line=17
            )
            for line in lines:
                self.mark_hint(draw_text(surface, line, font, theme["accent_2"], (x, y)))
                y += step
        return y + 2
