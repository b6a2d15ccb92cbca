"""Chromatic Collapse's cards: the left and right cards beside the board (the compass,
lost pieces), the setup and the message strip under the board with the banner.
"""

from __future__ import annotations

import math

import pygame

from game.rules.chromatic_collapse import (
    CIRCLE,
    DIAMOND,
    DIRECTION_NAMES,
    DIRECTIONS,
)
from game.text.i18n import N_, _
from scenes.play.base import BOARD_AREA, pulse
from scenes.widgets import (
    Pen,
    cached,
    darken,
    draw_panel,
    draw_text,
    fit_paragraph,
    fitting_font,
    lighten,
    text_width,
    wrap_text,
)

from .layout import (
    BOARD_RECT,
    CELL,
    COLOUR_KEYS,
    LEFT_CARD,
    PROMPT_TOP,
    RIGHT_CARD,
    SETUP_W,
    SIDE_SHAPES,
    WARNING_TURN,
    side_colour,
)
from .sprites import (
    board_outline,
    draw_arrow,
    glow_sprite,
    piece_sprite,
)

# Compass points as a player reads them (German says O for Ost): marked here, translated
# where drawn.
_SHORT_DIRECTIONS = {
    "north": N_("N"),
    "north-east": N_("NE"),
    "east": N_("E"),
    "south-east": N_("SE"),
    "south": N_("S"),
    "south-west": N_("SW"),
    "west": N_("W"),
    "north-west": N_("NW"),
}
# Whole phrases per colour and per side, since an adjective's ending depends on its noun.
A_COLOUR_PIECE = (N_("a red piece"), N_("a blue piece"), N_("a green piece"), N_("a yellow piece"))
ONE_SIDE_PIECE = (N_("one Diamond piece"), N_("one Circle piece"))
# The left card's picture: its designed height, and the least it is drawn at when
# bigger text takes the card's room (the compass is still read at this size).
ART_H = 112
ART_MIN = 64
PHASE_TITLES = {
    "setup": N_("Setup"),
    "remove": N_("Removal"),
    "first": N_("1st move"),
    "second": N_("2nd move"),
    "over": N_("Game over"),
}


def _short_dir(d: int) -> str:
    return _(_SHORT_DIRECTIONS[DIRECTION_NAMES[d]])


class CardsDrawing:
    """Drawing the cards, the setup and the message strip (mixed into ChromaticCollapseView)."""

    # -- drawing: side cards ---------------------------------------------------------------------
    def draw_left_card(self, surface: pygame.Surface, state) -> None:
        """Turn number, what this step asks (a colour or a compass of directions) and
        the sudden-death countdown."""
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        card = LEFT_CARD
        warn = state.phase != "over" and state.turn >= WARNING_TURN
        edge = "bad" if warn else "panel_edge"
        draw_panel(surface, card, theme, edge=edge, alpha=215)
        cx = card.centerx
        label = theme.font(15, "bold")
        draw_text(surface, _("TURN"), label, theme["text_dim"], (cx, card.y + 10), "midtop")
        turn_text = "-" if state.turn == 0 else str(state.turn)
        pitch = theme.pitch
        write(turn_text, 44, "text", (cx, card.y + pitch(28)), "midtop", kind="display")
        y = card.y + pitch(86)
        if state.phase != "over":
            seat = state.to_move
            icon = piece_sprite(SIDE_SHAPES[seat], side_colour(theme, seat), 9)
            name = self.match.seat_names()[seat]
            # a long name in another language shrinks to the card (icon and margins aside)
            font = fitting_font(theme, name, 15, "bold", card.w - 36, floor=0.6)
            w = text_width(font, name) + 24
            surface.blit(icon, icon.get_rect(center=(cx - w / 2 + 9, y + 10)))
            draw_text(
                surface,
                name,
                font,
                side_colour(theme, seat),
                (cx - w / 2 + 24, y + 10),
                "midleft",
                max_width=card.w - 36,
            )
        pygame.draw.line(
            surface, theme["panel_edge"], (card.x + 12, y + 30), (card.right - 12, y + 30), 1
        )
        y += pitch(40) - 10
        phase = state.phase
        title = _(PHASE_TITLES[phase])
        if phase == "first" and state.turn == 1:
            title = _("Opening")
        write(title, 20, "accent", (cx, y), "midtop", max_width=card.w - 8)
        y += pitch(32)
        # sudden death: its heading takes two lines rather than being cut when the
        # language's words are long
        width = card.w - 8
        words = _("SUDDEN DEATH")
        head_font = fitting_font(theme, words, 15, "bold", width)
        heading = (
            [words]
            if text_width(head_font, words) <= width
            else wrap_text(words, head_font, width, max_lines=2)
        )
        top = card.bottom - pitch(112) - pitch(18) * (len(heading) - 1)
        # Between the step's title and the sudden-death block: the picture above its
        # caption.  The caption is fitted first (every word kept, as big as fits above
        # the smallest picture), and the picture takes the rest, up to its designed
        # 112 px; it is drawn to that height, so bigger text never runs into it.
        caption = self.left_caption(state)
        font, lines, step = fit_paragraph(
            theme, caption, 16, card.w - 16, top - 4 - (y + ART_MIN + 6), kind="bold", line=20
        )
        art_h = max(ART_MIN, min(ART_H, top - 4 - len(lines) * step - 6 - y))
        art = pygame.Rect(card.x + 8, y, card.w - 16, art_h)
        self.draw_left_picture(surface, state, art, art_h / ART_H)
        y = art.bottom + 6
        for line in lines:
            draw_text(surface, line, font, theme["text"], (cx, y), "midtop", max_width=card.w - 16)
            y += step
        y = top
        pygame.draw.line(surface, theme["panel_edge"], (card.x + 12, y), (card.right - 12, y), 1)
        y += 10
        lines, warn = self.sudden_death_lines(state)
        for line in heading:
            colour = theme["bad"] if warn else theme["text_dim"]
            draw_text(surface, line, head_font, colour, (cx, y), "midtop", max_width=width)
            y += pitch(18)
        y += pitch(24) - pitch(18)
        for line in lines:
            col = (
                lighten(theme["bad"], 0.3 * pulse(self.motion_ticks, 0.14))
                if warn
                else theme["text_dim"]
            )
            font = fitting_font(
                theme, line, 18 if warn else 15, "bold" if warn else "regular", width
            )
            draw_text(surface, line, font, col, (cx, y), "midtop", max_width=width)
            y += pitch(26 if warn else 20)

    def left_caption(self, state) -> str:
        """The words under the left card's picture: what this step asks."""
        phase = state.phase
        if phase == "first":
            need = state.required_colour()
            return _("any colour") if need is None else _(A_COLOUR_PIECE[need])
        if phase == "second":
            allowed = state.allowed_directions()
            if allowed is None:
                return _("any direction")
            return " · ".join(_short_dir(d) for d in (allowed[1], allowed[0], allowed[2]))
        if phase == "remove":
            return _(ONE_SIDE_PIECE[1 - state.to_move])
        if phase == "setup":
            return _("who starts?")
        if phase == "over" and state.winner >= 0:
            return _("{side} wins").format(side=self.match.seat_names()[state.winner])
        return ""

    def draw_left_picture(self, surface, state, art: pygame.Rect, k: float) -> None:
        """The left card's picture in ``art``, drawn at ``k`` times its designed size:
        the colour asked for, the compass of directions, the removal target."""
        theme = self.app.theme
        phase = state.phase

        def px(n: float) -> int:
            return max(1, round(n * k))

        if phase == "first":
            need = state.required_colour()
            if need is None:
                spots = [(-20, -20), (20, -20), (-20, 20), (20, 20)]
                for i, (dx, dy) in enumerate(spots):
                    spr = self._sprite(state.to_move, i, radius=px(17))
                    at = (art.centerx + px(dx), art.centery + px(dy))
                    surface.blit(spr, spr.get_rect(center=at))
            else:
                spr = self._sprite(state.to_move, need, radius=px(34))
                g = glow_sprite(px(52), theme[COLOUR_KEYS[need]], 90)
                surface.blit(g, g.get_rect(center=art.center))
                surface.blit(spr, spr.get_rect(center=art.center))
        elif phase == "second":
            allowed = state.allowed_directions()
            self.draw_compass(surface, art.center, px(46), allowed, state.first_direction)
        elif phase == "remove":
            c = art.center
            col = lighten(theme["bad"], 0.25 * pulse(self.motion_ticks, 0.14))
            pygame.draw.circle(surface, col, c, px(40), 4)
            pygame.draw.circle(surface, col, c, px(24), 2)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                pygame.draw.line(
                    surface,
                    col,
                    (c[0] + dx * px(16), c[1] + dy * px(16)),
                    (c[0] + dx * px(50), c[1] + dy * px(50)),
                    3,
                )
        elif phase == "setup":
            for i, dx in enumerate((-24, 24)):
                spr = piece_sprite(SIDE_SHAPES[i], side_colour(theme, i), px(20))
                surface.blit(spr, spr.get_rect(center=(art.centerx + px(dx), art.centery)))
        elif phase == "over" and state.winner >= 0:
            spr = piece_sprite(SIDE_SHAPES[state.winner], theme["accent"], px(34))
            g = glow_sprite(
                px(56), theme["accent"], 100 + 20 * round(5 * pulse(self.motion_ticks, 0.16))
            )
            surface.blit(g, g.get_rect(center=art.center))
            surface.blit(spr, spr.get_rect(center=art.center))

    def draw_compass(self, surface, center, radius: int, allowed, first_direction: int) -> None:
        theme = self.app.theme
        cx, cy = center
        pygame.draw.circle(surface, darken(theme["panel"], 0.3), center, radius + 6)
        pygame.draw.circle(surface, theme["panel_edge"], center, radius + 6, 2)
        for d, (dc, dr) in enumerate(DIRECTIONS):
            length = math.hypot(dc, dr)
            ux, uy = dc / length, dr / length
            on = allowed is None or d in allowed
            came = d == first_direction
            col = (
                theme["accent"]
                if (allowed is not None and on)
                else (theme["text_dim"] if allowed is None else darken(theme["text_dim"], 0.55))
            )
            inner = 12
            outer = radius - 2 if on and allowed is not None else radius - 10
            width = 6 if (on and allowed is not None) else 3
            a = (cx + ux * inner, cy + uy * inner)
            b = (cx + ux * outer, cy + uy * outer)
            draw_arrow(surface, col, a, b, width=width, alpha=255, head=12 if width == 6 else 8)
            if came:
                # where the first move went: a small marker, it points away from the lit arrows
                pygame.draw.circle(
                    surface, theme["accent_2"], (cx + ux * (radius - 6), cy + uy * (radius - 6)), 4
                )
        pygame.draw.circle(surface, theme["text"], center, 5)

    def draw_right_card(self, surface: pygame.Surface, state) -> None:
        """Each side: pieces on the board, the largest group, and the pieces lost."""
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        card = RIGHT_CARD
        half = (card.h - 10) // 2
        for i, seat in enumerate((DIAMOND, CIRCLE)):
            box = pygame.Rect(card.x, card.y + i * (half + 10), card.w, half)
            turn = state.phase != "over" and state.to_move == seat
            win = state.phase == "over" and state.winner == seat
            draw_panel(
                surface,
                box,
                theme,
                edge="accent" if (turn or win) else "panel_edge",
                alpha=215,
                width=3 if (turn or win) else 2,
            )
            colour = side_colour(theme, seat)
            icon = piece_sprite(SIDE_SHAPES[seat], colour, 11)
            pitch = theme.pitch
            surface.blit(icon, icon.get_rect(center=(box.x + 20, box.y + pitch(22))))
            name = self.match.seat_names()[seat]
            draw_text(
                surface,
                name,
                # a long name in another language shrinks before it is cut
                fitting_font(theme, name, 18, "bold", box.w - 44, floor=0.6),
                colour,
                (box.x + 36, box.y + pitch(22)),
                "midleft",
                max_width=box.w - 44,
            )
            kind = self.seat_kind(seat)
            write(
                kind,
                14,
                "text_dim",
                (box.x + 36, box.y + pitch(42)),
                "midleft",
                kind="regular",
                max_width=box.w - 44,
            )
            count = state.piece_count(seat)
            groups = self.groups(state, seat)
            joined = len(groups[0]) if groups else 0
            y = box.y + pitch(62)
            figures = (
                (_("pieces"), str(count), theme["text"]),
                (_("groups"), str(len(groups)), theme["text"]),
                (_("largest"), f"{joined}", theme["accent"] if win else theme["text"]),
            )
            for k, (label, value, ink) in enumerate(figures):
                shown = write(value, 18, ink, (box.right - 12, y - 2), "topright")
                # the word gives the figure its room: a long translation steps down
                room = shown.left - 6 - (box.x + 12)
                font = fitting_font(theme, label, 14, "regular", room)
                draw_text(surface, label, font, theme["text_dim"], (box.x + 12, y), max_width=room)
                y += pitch(24 if k < 2 else 26)
            bar = pygame.Rect(box.x + 12, y, box.w - 24, 10)
            pygame.draw.rect(surface, darken(theme["panel"], 0.4), bar, border_radius=5)
            if count:
                fill = bar.copy()
                fill.w = max(10, int(bar.w * joined / count))
                pygame.draw.rect(surface, theme["accent"] if win else colour, fill, border_radius=5)
            y += 20
            lost = self.lost_pieces(state, seat)
            words = _("lost") if lost else _("none lost")
            font = fitting_font(theme, words, 14, "regular", box.w - 24)
            at = (box.x + 12, y)
            draw_text(surface, words, font, theme["text_dim"], at, max_width=box.w - 24, box=box)
            y += pitch(22)
            per_row = max(1, (box.w - 20) // 24)
            for k, colour_index in enumerate(lost):
                rr, cc = divmod(k, per_row)
                if y + 20 + rr * 24 > box.bottom - 4:
                    break  # bigger text took the last rows' room: the count is above
                spr = self._sprite(seat, colour_index, dim=True, radius=10)
                surface.blit(spr, spr.get_rect(center=(box.x + 22 + cc * 24, y + 10 + rr * 24)))

    def lost_pieces(self, state, seat: int) -> list[int]:
        """Colours of ``seat``'s pieces no longer on the board (captures, removals)."""
        start = [0, 0, 0, 0]
        now = [0, 0, 0, 0]
        for code_sq in range(64):
            p = self.match.states[0].piece_at(code_sq)
            if p is not None and p[0] == seat:
                start[p[1]] += 1
            q = state.piece_at(code_sq)
            if q is not None and q[0] == seat:
                now[q[1]] += 1
        out = []
        for c in range(4):
            out.extend([c] * max(0, start[c] - now[c]))
        return out

    # -- drawing: setup ---------------------------------------------------------------------------
    def draw_setup(self, surface: pygame.Surface, state) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme

        def make_shade() -> pygame.Surface:
            shade = pygame.Surface(BOARD_RECT.inflate(20, 20).size, pygame.SRCALPHA)
            pygame.draw.polygon(shade, (8, 10, 22, 150), board_outline(10, 10, CELL, 8))
            return shade

        shade = cached(("chromatic_collapse.setup_shade",), make_shade)
        surface.blit(shade, BOARD_RECT.inflate(20, 20))
        person = self.live(state) and self.person_to_act()
        box = pygame.Rect(0, 0, 2 * SETUP_W + 20 + 40, 304)
        box.center = (BOARD_RECT.centerx, BOARD_RECT.centery + 10)
        draw_panel(surface, box, theme, fill="background_2", edge="accent", alpha=238, width=3)
        holder = self.match.seat_names()[state.to_move]
        write(_("Who starts?"), 30, "accent", (box.centerx, box.y + 14), "midtop", kind="display")
        sub = (
            _("{side} has the Advantage and chooses").format(side=holder)
            if person
            else self.waiting_words(state.to_move, _("{name} is choosing..."))
        )
        write(
            sub,
            18,
            "text",
            (box.centerx, box.y + 14 + theme.pitch(42)),
            "midtop",
            kind="regular",
            max_width=box.w - 24,
        )
        for i, rect in enumerate(self.setup_buttons()):
            focus = person and i == self.setup_focus and self.button_focus is None
            hovered = person and rect.collidepoint(self.pointer()) and not self.app.headless
            fill = lighten(theme["panel"], 0.12 if (focus or hovered) else 0.0)
            pygame.draw.rect(surface, fill, rect, border_radius=14)
            edge = theme["accent"] if focus else theme["panel_edge"]
            pygame.draw.rect(surface, edge, rect, 4 if focus else 2, border_radius=14)
            colour = side_colour(theme, i)
            spr = piece_sprite(SIDE_SHAPES[i], colour, 26)
            surface.blit(spr, spr.get_rect(center=(rect.centerx, rect.y + 38)))
            x = rect.centerx
            # the two lines sit on the button's bottom edge as the text grows
            sub_y = min(rect.y + 108, rect.bottom - 4 - theme.font(15, "regular").get_height())
            name_y = sub_y - theme.pitch(32)
            write(
                _("{side} starts").format(side=self.match.seat_names()[i]),
                22,
                colour,
                (x, name_y),
                "midtop",
                max_width=rect.w - 12,
            )
            write(
                _("one opening move"),
                15,
                "text_dim",
                (x, sub_y),
                "midtop",
                kind="regular",
                max_width=rect.w - 12,
            )
            if not person:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((10, 12, 24, 120))
                surface.blit(veil, rect)
        note = _("Turn 1 is a single move; the reply must match its colour.")
        # under the buttons, in two lines where one is too narrow, as big as fits
        top = max(r.bottom for r in self.setup_buttons()) + 4
        font, lines, step = fit_paragraph(
            theme, note, 16, box.w - 24, box.bottom - 6 - top, line=20
        )
        y = max(top, box.bottom - 34 - step * (len(lines) - 1))
        for line in lines:
            at = (box.centerx, y)
            draw_text(surface, line, font, theme["text_dim"], at, "midtop", max_width=box.w - 24)
            y += step
        if person and self.cursor_shown():
            pygame.draw.rect(
                surface,
                lighten(theme["focus"], 0.3 * pulse(self.motion_ticks, 0.2)),
                self.setup_buttons()[self.setup_focus].inflate(10, 10),
                3,
                border_radius=18,
            )

    # -- the message strip under the board ----------------------------------------------------------
    def prompt(self) -> tuple[str, str]:
        """(text, kind) shown under the board when no banner is up."""
        m = self.match
        state = m.state
        if state.phase == "over":
            return m.named(state.reason), "good"
        seat = m.to_move()
        if m.controller(seat).is_bot:
            return self.waiting_words(seat), "info"
        return state.step_banner(), "warning" if state.phase == "remove" else "info"

    def banner_rect(self) -> pygame.Rect:
        """The message strip under the file letters, down to the board area's foot."""
        return pygame.Rect(
            BOARD_AREA.x + 20, PROMPT_TOP, BOARD_AREA.w - 40, BOARD_AREA.bottom - PROMPT_TOP
        )

    def draw_banner(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        active = self.banner_ticks > 0 and self.banner
        text, kind = (self.banner, self.banner_kind) if active else self.prompt()
        if not text:
            return
        font = theme.font(20)
        step = theme.pitch(26)
        # the strip under the file letters, or where the base's placing finds room
        rect, lines = self.place_message(text, font, step, 8, 70)
        self.banner_drawn = rect
        edge = {"error": "bad", "warning": "accent", "good": "good"}.get(
            kind, "accent_2" if active else "panel_edge"
        )
        fade = min(1.0, self.banner_ticks / 20) if active else 1.0
        fill = "background_2" if active else "panel"
        draw_panel(
            surface,
            rect,
            theme,
            fill=fill,
            edge=edge,
            alpha=int(240 * fade) // 24 * 24 if active else 215,
            width=3 if active else 2,
        )
        colour = theme["text"] if active or kind != "good" else theme["accent"]
        for i, line in enumerate(lines):
            draw_text(surface, line, font, colour, (rect.centerx, rect.y + 8 + step * i), "midtop")
        if active and kind in ("error", "warning"):
            badge = (rect.x + 22, rect.centery)
            pygame.draw.circle(surface, theme[edge], badge, 12)
            draw_text(surface, "!", theme.font(18, "bold"), theme["background"], badge, "center")
