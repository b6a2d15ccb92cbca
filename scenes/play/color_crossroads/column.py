"""Color Crossroads' column beside the board: its buttons and their focus ring, the
setup, the intro, the palette with the turn's action, and the answer to a challenge.
"""

from __future__ import annotations

import math

import pygame

from game.rules.color_crossroads import COLOURS, CORNERS, PAIRS, TARGET_POINTS, WALL, cell_name
from game.text.i18n import _, ngettext
from scenes.play.base import pulse
from scenes.play.buttons import Button, label_size
from scenes.play.words import colour_name, colour_title
from scenes.widgets import (
    Pen,
    darken,
    draw_text,
    fit_paragraph,
    fit_text,
    fitting_font,
    lighten,
    text_width,
    wrap_text,
)

from .layout import (
    ACTION_RECT,
    ANSWER_SECONDS,
    BOARD,
    CLEAR_RECT,
    COLUMN,
    RING_CENTER,
    RING_R,
    colour_of,
    pair_text,
    start_rects,
    swatch_rect,
)
from .sprites import alpha_rect, blit_gem, draw_ring


class ColumnDrawing:
    """Drawing the column beside the board (mixed into ColorCrossroadsView)."""

    def draw_button(self, surface, t: Button) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        hovered = t.rect.collidepoint(self.mouse) and not self.keyboard
        if t.style == "primary" and t.enabled:
            fill, edge, fg = darken(theme["accent"], 0.72), theme["accent"], theme["accent"]
        elif t.style == "danger" and t.enabled:
            fill, edge, fg = darken(theme["bad"], 0.7), theme["bad"], lighten(theme["bad"], 0.45)
        else:
            fill, edge, fg = theme["panel"], theme["panel_edge"], theme["text"]
        if not t.enabled:
            fill, edge, fg = (
                darken(theme["panel"], 0.2),
                darken(theme["panel_edge"], 0.3),
                theme["text_dim"],
            )
        if hovered and t.enabled:
            fill = lighten(fill, 0.12)
        pygame.draw.rect(surface, darken(fill, 0.4), t.rect.move(0, 3), border_radius=12)
        pygame.draw.rect(surface, fill, t.rect, border_radius=12)
        pygame.draw.rect(surface, edge, t.rect, 2, border_radius=12)
        size = label_size(theme, t.label, 20 if t.rect.h >= 50 else 18, t.rect.w - 12)
        write(t.label, size, fg, t.rect.center, "center", max_width=t.rect.w - 12)

    def draw_setup(self, surface, state) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        card = pygame.Rect(0, 0, 520, 250)
        card.center = (BOARD.centerx, BOARD.centery)
        alpha_rect(surface, card.move(0, 6), (0, 0, 0), 120, 18)
        alpha_rect(surface, card, theme["background_2"], 245, 18)
        pygame.draw.rect(surface, theme["accent"], card, 3, border_radius=18)
        x = card.centerx
        # the card's heading is decorative: its designed size, within the card
        draw_text(
            surface,
            _("Who takes the first turn?"),
            theme.heading(30),
            theme["accent"],
            (x, card.y + 22),
            "midtop",
            max_width=card.w - 24,
        )
        chooser = self.seat_label(0)
        sub = (
            _("{name} chooses").format(name=chooser)
            if not self.person_to_act()
            else _("Player 1 chooses: pick a seat")
        )
        write(sub, 18, "text_dim", (x, card.y + 68), "midtop", kind="regular")
        targets = {t.key: t for t in self.view_buttons()}
        for seat, r in enumerate(start_rects()):
            t = targets.get(f"start:{seat}")
            if t is not None:
                self.draw_button(surface, t)
            else:
                alpha_rect(surface, r, theme["panel"], 200, 12)
                words = _("{player} starts").format(player=self.match.seat_names()[seat])
                size = label_size(theme, words, 20, r.w - 12)
                write(words, size, "text_dim", r.center, "center", max_width=r.w - 12)
            write(
                self.seat_label(seat),
                16,
                self.seat_colour(seat),
                (r.centerx, r.bottom + 12),
                "midtop",
                kind="regular",
                max_width=r.w + 10,
            )

    # the column beside the board ---------------------------------------------------------
    def draw_column(self, surface) -> None:
        st = self.match.state
        if st.phase == "answer":
            self.draw_answer_column(surface, st)
        elif st.phase == "setup":
            self.draw_intro_column(surface)
        else:
            self.draw_palette_column(surface, st)

    def paragraph(
        self,
        surface,
        words: str,
        y: int,
        colour=None,
        size: int = 17,
        kind: str = "regular",
        max_lines: int = 6,
        bottom: int | None = None,
    ) -> int:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        if bottom is not None:
            # The room down to ``bottom`` is fixed by the board beside it: at a larger
            # text size the lines step back towards their designed size, every word kept
            # (at 150 % the turn's instructions ran into the key line and lost their end).
            font, lines, pitch = fit_paragraph(
                theme, words, size, COLUMN.w, bottom - y, kind=kind, line=size + 6
            )
            for line in lines:
                draw_text(surface, line, font, colour or theme["text"], (COLUMN.x, y))
                y += pitch
            return y
        font = theme.font(size, kind)
        lines = wrap_text(words, font, COLUMN.w)
        if len(lines) > max_lines:  # cut with an ellipsis, never silently
            lines = lines[:max_lines]
            lines[-1] = fit_text(font, lines[-1], COLUMN.w, cut=True)
        for line in lines:
            write(line, size, colour or theme["text"], (COLUMN.x, y), kind=kind)
            y += theme.pitch(size + 6)
        return y

    def draw_intro_column(self, surface) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        y = COLUMN.y
        write(_("How to win"), 20, "accent", (COLUMN.x, y), max_width=COLUMN.w)
        y = self.paragraph(
            surface,
            _(
                "First to {points} points. Colour one cell per turn; never next to the "
                "same colour, never one of the last two colours."
            ).format(points=TARGET_POINTS),
            y + 30,
        )
        y = self.paragraph(
            surface,
            _(
                "When a pair of colours can no longer be joined by a loop, challenge it "
                "and take the point."
            ),
            y + 10,
        )
        end = self.paragraph(surface, _("F1: the full rules."), y + 10, theme["text_dim"])
        self.mark_hint(pygame.Rect(COLUMN.x, y + 10, COLUMN.w, end - y - 10))

    def palette_marks(self, st=None) -> tuple[int | None, tuple | None, list[str]]:
        """(hovered cell, colours that fit it, a mark per colour): "crossed" for the last
        two colours placed, "dim" for a colour the engine would not take on the hovered
        cell now (all of them once this turn's colour is placed), else "ok"."""
        st = st or self.match.state
        cell = self.focus_cell()
        fits = None
        if st.phase == "turn" and st.placed_this_turn:
            cell, fits = None, ()
        elif st.phase != "turn":
            cell = None
        elif cell is not None:
            fits = st.placeable_colours(cell)
        marks = [
            "crossed"
            if c in st.last_colours
            else "dim"
            if fits is not None and c not in fits
            else "ok"
            for c in range(4)
        ]
        return cell, fits, marks

    def draw_palette_column(self, surface, st) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        cb = self.app.settings.colour_blind
        # the strip above the swatches is as tall as the layout made it
        strip = swatch_rect(0).y - COLUMN.y
        head, dim = theme.font_within(18, "bold", strip), theme["text_dim"]
        shown = draw_text(surface, _("Colours"), head, dim, (COLUMN.x, COLUMN.y))
        # the note beside the heading keeps to the room right of it
        room = COLUMN.right - shown.right - 10
        cell, fits, marks = self.palette_marks(st)
        if cell is not None:
            note = _("on {cell}").format(cell=cell_name(cell))
            at = (COLUMN.right, COLUMN.y)
            draw_text(surface, note, head, dim, at, "topright", max_width=room)
        elif st.phase == "turn" and st.placed_this_turn:
            where = (COLUMN.right, COLUMN.y + 2)
            note = _("placed this turn")
            small = theme.font_within(15, "regular", strip - 2)
            if text_width(small, note) > room:  # a long word beside the heading: smaller
                small = fitting_font(theme, note, 15, "regular", room, floor=0.6)
            draw_text(surface, note, small, dim, where, "topright", max_width=room)
        targets = {t.key: t for t in self.view_buttons()}
        for c in range(4):
            rect = swatch_rect(c)
            crossed = marks[c] == "crossed"
            dim = marks[c] != "ok"
            selected = self.colour == c
            hovered = rect.collidepoint(self.mouse) and not self.keyboard
            fill = lighten(theme["panel"], 0.1) if hovered else theme["panel"]
            if selected:
                fill = lighten(darken(colour_of(theme, c), 0.55), 0.05)
            if dim:
                fill = darken(fill, 0.3)
            pygame.draw.rect(surface, darken(fill, 0.4), rect.move(0, 3), border_radius=12)
            pygame.draw.rect(surface, fill, rect, border_radius=12)
            edge = (
                theme["accent"]
                if selected
                else (darken(theme["panel_edge"], 0.3) if dim else theme["panel_edge"])
            )
            pygame.draw.rect(surface, edge, rect, 3 if selected else 2, border_radius=12)
            write(str(c + 1), 14, "text_dim", (rect.x + 12, rect.centery), "midleft")
            gem_c = (rect.x + 46, rect.centery)
            blit_gem(surface, theme, c, gem_c, 20, cb, 80 if dim else 255)
            name_col = theme["text_dim"] if dim else theme["text"]
            note, note_col = "", theme["text_dim"]
            if crossed:
                note = (
                    _("just placed")
                    if st.last_colours and st.last_colours[-1] == c
                    else _("placed before")
                )
                note_col = lighten(theme["bad"], 0.2)
            elif fits is not None and cell is not None:
                note, note_col = (
                    (_("fits {cell}").format(cell=cell_name(cell)), theme["good"])
                    if c in fits
                    else (_("not on {cell}").format(cell=cell_name(cell)), theme["text_dim"])
                )
            elif selected:
                note, note_col = _("chosen: click a cell"), theme["accent"]
            # two lines in a swatch whose height the board's layout fixes: they step
            # back towards their designed size to fit it
            name_font = theme.font_within(20, "bold", (rect.h + 8) // 2 if note else rect.h)
            note_font = theme.font_within(15, "regular", rect.h // 2)
            name_at = (rect.x + 76, rect.y + 4) if note else (rect.x + 76, rect.centery)
            room = rect.right - 8 - name_at[0]  # and as wide as the swatch
            name_rect = draw_text(
                surface,
                colour_title(COLOURS[c]),
                name_font,
                name_col,
                name_at,
                "topleft" if note else "midleft",
                max_width=room,
            )
            if note:
                at = (rect.x + 76, rect.bottom - 2)
                if text_width(note_font, note) > room:
                    note_font = fitting_font(theme, note, 15, "regular", room, floor=0.6)
                draw_text(surface, note, note_font, note_col, at, "bottomleft", max_width=room)
            if crossed:
                bad = theme["bad"]
                gx, gy = gem_c
                pygame.draw.line(surface, bad, (gx - 17, gy - 17), (gx + 17, gy + 17), 5)
                pygame.draw.line(surface, bad, (gx - 17, gy + 17), (gx + 17, gy - 17), 5)
                pygame.draw.line(
                    surface,
                    bad,
                    (name_rect.x - 2, name_rect.centery + 1),
                    (name_rect.right + 2, name_rect.centery + 1),
                    3,
                )
        action = targets.get("end") or targets.get("pass")
        if action is not None:
            self.draw_button(surface, action)
        y = ACTION_RECT.bottom + 16
        if st.phase == "over":
            out = st.outcome()
            y = self.paragraph(
                surface,
                self.match.named(out.reason) if out else _("Game over"),
                ACTION_RECT.y,
                theme["accent"],
                19,
                "bold",
            )
            return
        person = self.person_to_act()
        if person:
            if not st.placed_this_turn:
                if self.pending is not None:
                    msg = _("Now choose a colour for {cell}.").format(cell=cell_name(self.pending))
                elif self.colour is not None:
                    msg = _("Click a cell for {colour}.").format(
                        colour=colour_name(COLOURS[self.colour])
                    )
                else:
                    msg = _("Choose a colour, then a cell (or a cell, then a colour).")
                if st.can_challenge():
                    # two sentences, each whole: a language puts its own space between them
                    msg = _("{sentence} You may challenge a pair before or after placing.").format(
                        sentence=msg
                    )
            else:
                if st.last_placed >= 0 and 0 < st.board[st.last_placed] < WALL:
                    msg = _(
                        "You placed {cell} {colour}. Challenge a pair in the panel, or end your turn."
                    ).format(
                        cell=cell_name(st.last_placed),
                        colour=colour_name(COLOURS[st.board[st.last_placed] - 1]),
                    )
                else:
                    msg = _("Challenge a pair in the panel, or end your turn.")
            keys_top = BOARD.bottom - theme.font(14, "regular").get_height() - 2
            y = self.paragraph(surface, msg, y, bottom=keys_top)
        else:
            y = self.paragraph(
                surface,
                self.waiting_words(self.match.to_move()),
                y,
                theme["text_dim"],
            )
        room = (BOARD.bottom - 26 - (y + 30)) // 21
        if st.last_result and room >= 2:
            write(_("Last challenge"), 15, "text_dim", (COLUMN.x, y + 8))
            self.paragraph(
                surface, st.last_result, y + 30, lighten(theme["text_dim"], 0.3), 15, max_lines=room
            )
        self.mark_hint(
            write(
                self.keys_hint(),
                14,
                "text_dim",
                (COLUMN.x, BOARD.bottom),
                "bottomleft",
                kind="regular",
                max_width=COLUMN.w,
            )
        )

    def draw_answer_column(self, surface, st) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        cb = self.app.settings.colour_blind
        p = st.challenge_pair
        a, b = PAIRS[p]
        seat = st.current_player()
        person = self.person_to_act()
        head = _("Show a loop") if person else _("Challenge")
        # the column is as wide as the layout made it, and the pair's line (centred 46
        # px down) as tall: a longer or larger heading steps down to fit above it
        room = 46 - theme.font(20).get_height() // 2
        head_font = theme.font_within(20, "bold", room)
        at = (COLUMN.x, COLUMN.y)
        draw_text(surface, head, head_font, theme["accent"], at, max_width=COLUMN.w)
        blit_gem(surface, theme, a, (COLUMN.x + 16, COLUMN.y + 46), 14, cb)
        blit_gem(surface, theme, b, (COLUMN.x + 46, COLUMN.y + 46), 14, cb)
        at = (COLUMN.x + 68, COLUMN.y + 46)
        write(pair_text(p), 20, "text", at, "midleft", max_width=COLUMN.right - at[0])
        clock = self.match.rule_clock
        left = clock.move_seconds_left() if clock is not None else ANSWER_SECONDS
        frac = left / ANSWER_SECONDS
        colour = (
            theme["accent_2"] if left > 30 else (theme["accent"] if left > 10 else theme["bad"])
        )
        if left <= 10:
            colour = lighten(colour, 0.3 * pulse(self.motion_ticks, 0.3))
        draw_ring(surface, RING_CENTER, RING_R, 12, frac, colour, darken(theme["panel_edge"], 0.3))
        secs = max(0, math.ceil(left))
        write(
            f"{secs // 60}:{secs % 60:02d}",
            30,
            "text",
            (RING_CENTER[0], RING_CENTER[1] - 6),
            "center",
        )
        write(
            _("to answer"),
            15,
            "text_dim",
            (RING_CENTER[0], RING_CENTER[1] + 22),
            "center",
            kind="regular",
        )
        y = RING_CENTER[1] + RING_R + 14
        if not person:
            y = self.paragraph(
                surface,
                _("{name} is looking for a {pair} loop...").format(
                    name=self.seat_label(seat), pair=pair_text(p)
                ),
                y,
                theme["text_dim"],
            )
            return
        n = len(self.path)
        if self.closed:
            status = ngettext("Loop closed: {n} cell", "Loop closed: {n} cells", n).format(n=n)
            col = theme["accent"]
        elif n:
            status = ngettext("Path: {n} cell, open", "Path: {n} cells, open", n).format(n=n)
            col = theme["accent_2"]
        else:
            status, col = _("Draw it on the board"), theme["text_dim"]
        write(status, 18, col, (COLUMN.x, y), max_width=COLUMN.w)
        if self.verdict:
            words, kind = self.verdict
            vcol = theme["bad"] if kind == "bad" else theme["good"]
            lines = wrap_text(words, theme.font(16, "bold"), COLUMN.w, max_lines=2)
            pitch = theme.pitch
            for i, line in enumerate(lines):
                write(line, 16, vcol, (COLUMN.x, y + pitch(24) + pitch(20) * i))
        for t in self.view_buttons():
            if t.key in ("submit", "clear", "concede"):
                self.draw_button(surface, t)
        if st.corner_loops:
            help_text = _(
                "Corner loops: pass through {corner_a} and {corner_b}. Only empty, {a} and {b} "
                "cells. Drag, or click cell by cell; the start cell again closes the loop."
            ).format(
                corner_a=cell_name(CORNERS[a]),
                corner_b=cell_name(CORNERS[b]),
                a=colour_name(COLOURS[a]),
                b=colour_name(COLOURS[b]),
            )
        else:
            help_text = _(
                "Drag, or click cell by cell; the start cell again closes the loop. Use "
                "empty, {a} and {b} cells, at least one of each colour."
            ).format(a=colour_name(COLOURS[a]), b=colour_name(COLOURS[b]))
        # down to the key line at the column's foot (at 150 % five lines ran into it)
        keys_top = BOARD.bottom - theme.font(14, "regular").get_height() - 2
        self.paragraph(
            surface, help_text, CLEAR_RECT.bottom + 14, theme["text_dim"], 15, bottom=keys_top
        )
        self.mark_hint(
            write(
                self.keys_hint(),
                14,
                "text_dim",
                (COLUMN.x, BOARD.bottom),
                "bottomleft",
                kind="regular",
                max_width=COLUMN.w,
            )
        )
