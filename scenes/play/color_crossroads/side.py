"""Color Crossroads' side panel: the six pairs, with a Challenge button on each open one."""

from __future__ import annotations

import pygame

from game.rules.color_crossroads import PAIRS, Challenge
from game.text.i18n import _
from scenes.play.base import PANEL, pulse
from scenes.play.frame import PlayerRows
from scenes.widgets import Pen, darken, draw_text, fitting_font, lighten

from .layout import PAIR_TOP, pair_row_rect, pair_text
from .sprites import blit_gem


class SidePanel:
    """Drawing the side panel's pairs (mixed into ColorCrossroadsView)."""

    def player_rows(self, count: int) -> PlayerRows:
        # The pairs' rows (and their Challenge buttons) start at PAIR_TOP: the player
        # rows above keep their height, their text steps back to fit it.
        return PlayerRows(21, 32, 34, 9, "text_dim", fixed=True)

    # the side panel: the six pairs -------------------------------------------------------
    def draw_extra_panel(self, surface: pygame.Surface, y: int) -> int:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        cb = self.app.settings.colour_blind
        st = self.match.state
        # on the first row's top edge, growing upward with the text
        heading = write(_("Pairs"), 18, "text_dim", (PANEL.x + 14, PAIR_TOP - 2), "bottomleft")
        hint = (
            _("corner loops · one challenge a turn")
            if st.corner_loops
            else _("one challenge per turn")
        )
        write(
            hint,
            15,
            "text_dim",
            (PANEL.right - 14, PAIR_TOP - 3),
            "bottomright",
            kind="regular",
            max_width=PANEL.right - 14 - heading.right - 10,
        )
        targets = {t.key: t for t in self.view_buttons()}
        for p in range(len(PAIRS)):
            row = pair_row_rect(p)
            a, b = PAIRS[p]
            is_open = st.closed[p] < 0
            challenged = st.phase == "answer" and st.challenge_pair == p
            fill = theme["panel"] if is_open else darken(theme["panel"], 0.3)
            if challenged:
                fill = lighten(theme["panel"], 0.12)
            pygame.draw.rect(surface, lighten(fill, 0.06), row, border_radius=10)
            edge = theme["accent"] if challenged else theme["panel_edge"]
            pygame.draw.rect(surface, edge, row, 3 if challenged else 1, border_radius=10)
            alpha = 255 if is_open else 110
            blit_gem(surface, theme, a, (row.x + 20, row.centery), 12, cb, alpha)
            blit_gem(surface, theme, b, (row.x + 46, row.centery), 12, cb, alpha)
            name_col = theme["text"] if is_open else theme["text_dim"]
            t = targets.get(f"challenge:{p}")
            at = (row.x + 66, row.centery)
            # what sits at the row's right end first (a long word steps down to half the
            # row), then the name in the room left of it
            right = t.rect.x - 6 if t is not None else row.right - 12
            tag = None
            if not is_open:
                who = st.closed[p]
                tag = (
                    _("closed · {who} +1").format(who=self.log_name(who)),
                    lighten(self.seat_colour(who), 0.3),
                )
            elif challenged:
                tag = (_("challenged"), theme["accent"])
            if tag is not None:
                room = (row.right - 12 - at[0]) // 2
                font = fitting_font(theme, tag[0], 16, "bold", room)
                shown = draw_text(
                    surface,
                    tag[0],
                    font,
                    tag[1],
                    (row.right - 12, row.centery),
                    "midright",
                    max_width=room,
                )
                right = shown.left - 8
            nr = write(pair_text(p), 19, name_col, at, "midleft", max_width=right - at[0])
            if not is_open:
                pygame.draw.line(
                    surface,
                    theme["text_dim"],
                    (nr.x - 2, nr.centery + 1),
                    (nr.right + 2, nr.centery + 1),
                    2,
                )
                continue
            if challenged:
                continue
            if t is not None:
                self.draw_button(surface, t)
                if (
                    self.hint is not None
                    and isinstance(self.hint, Challenge)
                    and self.hint.pair == p
                ):
                    glow = lighten(theme["accent"], 0.35 * pulse(self.motion_ticks, 0.2))
                    pygame.draw.rect(surface, glow, t.rect.inflate(8, 8), 3, border_radius=15)
        return pair_row_rect(len(PAIRS) - 1).bottom + 4
