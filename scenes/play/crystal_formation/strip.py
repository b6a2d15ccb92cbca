"""Crystal Formation's strip beside the board: the turn order, the action card with its
buttons, the end-of-turn preview and the node under the pointer.
"""

from __future__ import annotations

import pygame

from game.rules.crystal_formation import ROUND_LIMIT
from game.rules.grid import cell_name
from game.text.i18n import _, ngettext
from scenes.widgets import (
    Pen,
    blit_line,
    darken,
    draw_glyph,
    draw_panel,
    draw_text,
    fit_paragraph,
    fitting_font,
    lighten,
    render_cached,
    text_width,
    wrap_text,
)

from .board import stack_sprite
from .layout import (
    ACTION_CARD,
    GROUND,
    NODE_CARD,
    PIECE_SHAPE,
    PIPS,
    PREVIEW_CARD,
    STRIP,
    TURN_CARD,
    pieces_words,
    seat_glyph,
)
from .side import board_case


class StripDrawing:
    """Drawing the strip beside the board (mixed into CrystalFormationView)."""

    # ================================================================== strip
    def _draw_strip(self, surface, state, live: bool) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        self.buttons_rects = self._layout_buttons(self.match.state)
        w = STRIP.w
        # turn order
        r = TURN_CARD
        draw_panel(surface, r, theme, fill="panel", edge="panel_edge", alpha=225, radius=12)
        write(
            _("Round {n} of {total}").format(n=state.round_number, total=ROUND_LIMIT),
            17,
            "text",
            (r.x + 12, r.y + 8),
            max_width=r.w - 24,
        )
        n = state.num_players
        to_move = state.to_move if not state.is_terminal() else -1
        step = min(34, (w - 24) // n)
        gx = r.x + 12 + step // 2
        for s in range(n):
            cx, cy = gx + s * step, r.y + 54
            current = s == to_move
            rad = 13 if current else 10
            colour = self.seat_colour(s)
            if current:
                pygame.draw.circle(surface, theme["accent"], (cx, cy), rad + 4, 3)
                pygame.draw.polygon(
                    surface,
                    theme["accent"],
                    [(cx - 6, r.y + 30), (cx + 6, r.y + 30), (cx, r.y + 37)],
                )
            pygame.draw.circle(surface, colour if current else darken(colour, 0.2), (cx, cy), rad)
            pygame.draw.circle(surface, darken(colour, 0.6), (cx, cy), rad, 1)
            if self._glyphs():
                draw_glyph(surface, seat_glyph(s), (cx, cy), rad * 0.6, (15, 15, 25))
            if s < n - 1 and step >= 30:
                pygame.draw.line(
                    surface, theme["text_dim"], (cx + rad + 3, cy), (cx + step - 13, cy), 1
                )
        # action card
        a = ACTION_CARD
        draw_panel(
            surface,
            a,
            theme,
            fill="panel",
            edge="accent" if live and self.my_turn() and not state.is_terminal() else "panel_edge",
            alpha=225,
            radius=12,
        )
        self._draw_action_card(surface, a, state, live)
        # end-of-turn preview
        p = PREVIEW_CARD
        draw_panel(surface, p, theme, fill="panel", edge="panel_edge", alpha=225, radius=12)
        self._draw_preview_card(surface, p, state, live)
        # the node under the pointer
        q = NODE_CARD
        draw_panel(surface, q, theme, fill="panel", edge="panel_edge", alpha=225, radius=12)
        self._draw_node_card(surface, q, state, live)
        # buttons
        for name, (rect, enabled) in self.buttons_rects.items():
            self._draw_button(surface, name, rect, enabled)

    def _draw_grow_button(self, surface, size: str, rect, enabled: bool) -> None:
        """A grow button: the piece that comes in, as a pyramid and its letter."""
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        hover = self.hover_button == f"grow:{size}" and not self.keyboard
        fill = lighten(theme["panel"], 0.16 if enabled else 0.0)
        if hover and enabled:
            fill = lighten(fill, 0.15)
        pygame.draw.rect(surface, fill, rect, border_radius=10)
        edge = theme["accent"] if hover else (theme["accent_2"] if enabled else theme["panel_edge"])
        pygame.draw.rect(surface, edge, rect, 2, border_radius=10)
        seat = self.match.state.to_move
        colour = self.seat_colour(seat) if enabled else darken(self.seat_colour(seat), 0.6)
        unit = 34
        spr = stack_sprite(colour, size, unit, None)
        lift = (GROUND - PIECE_SHAPE[size][1] / 2) * unit  # centre the piece, not the sprite
        surface.blit(spr, spr.get_rect(center=(rect.x + 18, round(rect.centery - lift))))
        fg = theme["text"] if enabled else theme["text_dim"]
        write(f"+{size}", 18, fg, (rect.right - 6, rect.centery), "midright")

    def _button_text(self, name: str) -> tuple[str, str]:
        return {
            "threat": (_("Threat view: on") if self.threat_view else _("Threat view: off"), "T"),
            "pass": (_("Pass"), "P"),
            "end": (_("End turn"), _("Enter")),
            "cancel": (_("Cancel"), _("Esc")),
        }[name]

    def _draw_button(self, surface, name, rect, enabled: bool) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        if name.startswith("grow:"):
            self._draw_grow_button(surface, name[5:], rect, enabled)
            return
        text, key = self._button_text(name)
        hover = self.hover_button == name and not self.keyboard
        primary = name in ("end", "pass") or (name == "threat" and self.threat_view)
        if primary:
            fill = theme["accent"] if enabled else theme["panel"]
            fg = (20, 20, 32)
        else:
            fill = lighten(theme["panel"], 0.12 if enabled else 0.0)
            fg = theme["text"] if enabled else theme["text_dim"]
        if hover and enabled:
            fill = lighten(fill, 0.15)
        pygame.draw.rect(surface, fill, rect, border_radius=10)
        pygame.draw.rect(
            surface, theme["accent"] if hover else theme["panel_edge"], rect, 2, border_radius=10
        )
        kfont = theme.font(13, "regular")
        kimg = render_cached(kfont, key, fg if primary else theme["text_dim"])
        write(
            text,
            16,
            fg,
            (rect.x + 12, rect.centery),
            "midleft",
            max_width=rect.w - 28 - kimg.get_width(),
        )
        blit_line(
            surface,
            kimg,
            kimg.get_rect(midright=(rect.right - 10, rect.centery)),
            key,
            kfont,
            box=rect,
        )

    def _wrapped(
        self,
        surface,
        text: str,
        size: int,
        colour,
        x: int,
        y: int,
        width: int,
        kind="regular",
        line_h: int | None = None,
        max_lines: int = 6,
        bottom: int | None = None,
    ) -> int:
        """Lines of ``text`` from ``y``; with ``bottom`` (the card's), at the biggest
        text size whose lines fit above it (widgets.fit_paragraph)."""
        theme = self.app.theme
        if bottom is not None:
            font, lines, lh = fit_paragraph(
                theme, text, size, width, bottom - y, kind=kind, line=line_h or 0
            )
        else:
            font = theme.font(size, kind)
            lh = theme.pitch(line_h or size + 5)
            lines = wrap_text(text, font, width)
        for line in lines[:max_lines]:
            draw_text(surface, line, font, colour, (x, y))
            y += lh
        return y

    def _draw_action_card(self, surface, a, state, live: bool) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        m = self.match
        x, y, w = a.x + 12, a.y + 10, a.w - 24
        if m.is_over():
            write(_("Game over"), 20, "accent", (x, y))
            self._wrapped(surface, m.outcome_reason(), 16, theme["text"], x, y + 32, w)
            return
        seat = m.to_move()
        colour = self.seat_colour(seat)
        pygame.draw.circle(surface, colour, (x + 8, y + 12), 8)
        if self._glyphs():
            draw_glyph(surface, seat_glyph(seat), (x + 8, y + 12), 5, (15, 15, 25))
        if not self.my_turn():
            # the seat's name alone: its kind ("Medium bot") is in the players panel, and
            # with it a longer language ran out of room
            write(self.seat_name(seat), 18, "text", (x + 24, y), max_width=w - 24)
            write(self.waiting_short(seat), 16, "text_dim", (x + 24, y + 26), kind="regular")
            self._wrapped(
                surface,
                self.waiting_help(
                    _("Watch its action land on the board; the move log lists every turn.")
                ),
                15,
                theme["text_dim"],
                x,
                y + 62,
                w,
            )
            return
        write(
            _("{name}, your turn").format(name=self.seat_name(seat)),
            18,
            "text",
            (x + 24, y),
            max_width=w - 24,
        )
        y += theme.pitch(32)
        # the buttons under the words are placed for the card (at +124): the words keep
        # above them, as big as fits
        buttons_top = ACTION_CARD.y + 124 - 6
        small = state.stash(seat)[0] if not state.is_terminal() else 0
        if self.pending is not None:
            write(
                _("Proposed: {move}").format(move=board_case(str(self.pending))),
                15,
                "accent",
                (x, y),
                max_width=w,
            )
            return
        if live and state.must_pass():
            self._wrapped(
                surface,
                _("None of your nodes can act and you cannot place: you must pass."),
                15,
                theme["text"],
                x,
                y,
                w,
                bottom=buttons_top,
            )
            return
        if self.selected is not None and state.node_at(self.selected) is not None:
            node = state.node_at(self.selected)
            write(
                _("{cell}: {pieces}, power {power}").format(
                    cell=cell_name(self.selected),
                    pieces=pieces_words(node.pieces),
                    power=node.power,
                ),
                15,
                "accent",
                (x, y),
                max_width=w,
            )
            y += theme.pitch(22)
            n_targets = len(state.move_targets(self.selected))
            text = (
                _("Move it: click or drag to a glowing cell ({n})").format(n=n_targets)
                if n_targets
                else _("It has nowhere to move")
            )
            grow_top = ACTION_CARD.y + 104 - 2
            self._wrapped(surface, text, 15, theme["text"], x, y, w, max_lines=2, bottom=grow_top)
            write(
                _("Grow: the piece that comes in")
                if not node.is_tree
                else _("Grow: a tree is complete"),
                13,
                "text_dim",
                (x, ACTION_CARD.y + 104),
                kind="regular",
                max_width=w,
            )
            return
        lines = [
            _("Place a small ({n} left): click a glowing cell").format(n=small)
            if small
            else _("No small left to place"),
            _("Grow or move: click one of your nodes"),
            _(
                "Keys: arrows, Enter, Tab\nS/M/L or Space: grow\nT: threat view\n"
                "Right edge: the buttons"
            ),
        ]
        # The card's height is the layout's: the three parts share one text size, the
        # biggest at which all of them fit above its bottom.
        parts = [
            (line, theme["text"] if k < 2 else theme["text_dim"]) for k, line in enumerate(lines)
        ]
        room = a.bottom - 6 - y - 6 * (len(parts) - 1)
        font, _size, lh = fit_paragraph(theme, "\n".join(lines), 15, w, room)
        for k, (line, colour) in enumerate(parts):
            for row in wrap_text(line, font, w):
                drawn = draw_text(surface, row, font, colour, (x, y))
                if k == 2:  # the keys
                    self.mark_hint(drawn)
                y += lh
            y += 6

    def _draw_preview_card(self, surface, p, state, live: bool) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        x, y, w = p.x + 12, p.y + 10, p.w - 24
        if live and self.my_turn() and not state.is_terminal():
            cand = self.candidate()
            end = self.preview(state, cand) if cand is not None else self.preview(state, None)
            title = (
                _("After {move}").format(move=cand)
                if cand is not None
                else _("End of turn, as it stands")
            )
            # two lines rather than cut when the language's words are long
            # one line while it fits at up to 75 % of its size, else two
            font = fitting_font(theme, title, 16, "bold", w)
            heading = (
                [title] if text_width(font, title) <= w else wrap_text(title, font, w, max_lines=2)
            )
            step = theme.pitch(20)
            for i, line in enumerate(heading):
                write(line, 16, "accent_2", (x, y + step * i), max_width=w)
            self._preview_lines(
                surface, end, x, y + theme.pitch(26) + step * (len(heading) - 1), w, p.bottom - 8
            )
            return
        last = self._last_move() if live else None
        if last is None and not live and self.anim is not None:
            old, move, seat = self.anim.old, self.anim.move, self.anim.seat
            last = (move, seat, self.preview(old, move))
        if last is None:
            write(_("End of turn"), 16, "accent_2", (x, y))
            self._wrapped(
                surface,
                _("Your nodes in a rival's area lose a power; unsupported ones die."),
                15,
                theme["text_dim"],
                x,
                y + 26,
                w,
            )
            return
        move, seat, end = last
        write(
            _("{name}: {move}").format(name=self.seat_name(seat), move=board_case(str(move))),
            16,
            lighten(self.seat_colour(seat), 0.3),
            (x, y),
            max_width=w,
        )
        self._preview_lines(surface, end, x, y + 26, w, p.bottom - 8, past=True)

    def _preview_lines(self, surface, end, x, y, w, bottom, past: bool = False) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        if end is None:
            return
        lines = []
        if end.wins:
            lines.append(
                (
                    "star",
                    _("Fifth tree: wins the game!") if past else _("Fifth tree: you win!"),
                    theme["good"],
                )
            )
        dead = {n.cell for n in end.deaths}
        decayed = {d.cell for d in end.decays}
        # past (a move shown after it was played) and present (a preview) are whole
        # sentences each: the tense changes the word order in other languages
        for d in end.decays:
            if d.cell in dead:  # both: one line, in red
                text = (
                    _("{cell}: decayed, then died") if past else _("{cell}: decays, then dies")
                ).format(cell=cell_name(d.cell))
                lines.append(("cross", text, theme["bad"]))
        for node in end.deaths:
            if node.cell not in decayed:
                text = _("{cell}: died, no support") if past else _("{cell}: dies, no support")
                lines.append(("cross", text.format(cell=cell_name(node.cell)), theme["bad"]))
        for d in end.decays:
            if d.cell in dead:
                continue
            if d.after:
                text = (
                    _("{cell}: {before} decayed to {after}")
                    if past
                    else _("{cell}: {before} decays to {after}")
                )
            else:
                text = (
                    _("{cell}: {before} decayed away")
                    if past
                    else _("{cell}: {before} decays away")
                )
            text = text.format(
                cell=cell_name(d.cell),
                before=pieces_words(d.before, True),
                after=pieces_words(d.after, True),
            )
            lines.append(("down", text, theme["accent"]))
        if not lines:
            lines.append(("check", _("No decay, no deaths"), theme["good"]))
        max_lines = max(1, (bottom - y) // 21)
        if len(lines) > max_lines:
            extra = len(lines) - max_lines + 1
            more = ngettext("... and {n} more", "... and {n} more", extra).format(n=extra)
            lines = lines[: max_lines - 1] + [("", more, theme["text_dim"])]
        for icon, text, colour in lines:
            self._icon(surface, icon, (x + 7, y + 10), colour)
            write(text, 15, colour, (x + 20, y), kind="regular", max_width=w - 20)
            y += 21

    @staticmethod
    def _icon(surface, kind: str, centre, colour, s: float = 6.0) -> None:
        """Small drawn icons (the fonts have no check marks or stars)."""
        cx, cy = centre
        if kind == "check":
            pts = [(cx - s, cy), (cx - s * 0.3, cy + s * 0.7), (cx + s, cy - s * 0.8)]
            pygame.draw.lines(surface, colour, False, pts, 3)
        elif kind == "down":
            pygame.draw.polygon(
                surface,
                colour,
                [(cx - s, cy - s * 0.6), (cx + s, cy - s * 0.6), (cx, cy + s * 0.8)],
            )
        elif kind == "cross":
            pygame.draw.line(
                surface, colour, (cx - s * 0.8, cy - s * 0.8), (cx + s * 0.8, cy + s * 0.8), 3
            )
            pygame.draw.line(
                surface, colour, (cx - s * 0.8, cy + s * 0.8), (cx + s * 0.8, cy - s * 0.8), 3
            )
        elif kind == "star":
            draw_glyph(surface, "star", (cx, cy), s * 1.2, colour)

    def _draw_node_card(self, surface, q, state, live: bool) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        x, y, w = q.x + 12, q.y + 8, q.w - 24
        cell = (self.cursor if self.keyboard else self.hover_cell) if live else None
        node = state.node_at(cell) if cell is not None else None
        if node is None:
            if self.threat_view:
                write(_("Threat view"), 16, "bad", (x, y))
                self._wrapped(
                    surface,
                    _("Shaded: the cells {name}'s rivals reach.").format(
                        name=self.seat_name(self.viewer())
                    ),
                    14,
                    theme["text_dim"],
                    x,
                    y + theme.pitch(24),
                    w,
                    line_h=18,
                    bottom=q.bottom - 2,
                )
            else:
                write(_("Influence"), 16, "accent_2", (x, y))
                self._wrapped(
                    surface,
                    _("Point at a node to see the rings it reaches."),
                    14,
                    theme["text_dim"],
                    x,
                    y + theme.pitch(24),
                    w,
                    line_h=18,
                    bottom=q.bottom - 2,
                )
            return
        owner = self.seat_name(node.owner)
        write(
            f"{cell_name(node.cell)} · {owner}",
            16,
            lighten(self.seat_colour(node.owner), 0.3),
            (x, y),
            max_width=w,
        )
        write(
            _("{pieces}, power {power}").format(pieces=pieces_words(node.pieces), power=node.power),
            14,
            "text",
            (x, y + theme.pitch(24)),
            kind="regular",
            max_width=w,
        )
        rings = state.influence_rings(node.cell)
        text = "  ".join(f"{s}{PIPS[s]}: {len(rings[s])}" for s in "SML" if s in rings)
        ring_y = y + theme.pitch(46)
        if q.bottom - ring_y >= theme.font(14, "regular").get_height() - 2:
            write(
                _("rings {rings}").format(rings=text),
                14,
                "text_dim",
                (x, ring_y),
                kind="regular",
                max_width=w,
            )
