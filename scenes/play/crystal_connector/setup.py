"""Crystal Connector's setup: the choices before the first move (colours, who moves
first) in words and drawn.
"""

from __future__ import annotations

import pygame

from game.rules.crystal_connector import COLOUR_NAMES, COLOURS, MoveOrder, PickOrder, TakeColours
from game.text.i18n import _
from scenes.play.words import and_list, colour_name, colour_title
from scenes.widgets import (
    Pen,
    darken,
    draw_panel,
    draw_text,
    fit_paragraph,
    fitting_font,
    lighten,
)

from .layout import SETUP, explain_step, question_top


class SetupDrawing:
    """Drawing the setup choices (mixed into CrystalConnectorView)."""

    # -- setup ----------------------------------------------------------------------------
    def _choice_words(self, state, move) -> str:
        if isinstance(move, PickOrder):
            return _("picks colours first") if move.first else _("picks colours second")
        if isinstance(move, MoveOrder):
            return _("moves first") if move.first else _("moves second")
        if isinstance(move, TakeColours):
            words = and_list([colour_name(COLOUR_NAMES[c]) for c in move.colours])
            last = self._last_colour(state, move.colours)
            if last is not None:
                other = self.match.seat_names()[state.first_picker]
                return _("takes {colours}; {name} gets {colour}").format(
                    colours=words, name=other, colour=colour_name(COLOUR_NAMES[last])
                )
            return _("takes {colours}").format(colours=words)
        return str(move)

    @staticmethod
    def _last_colour(state, colours) -> int | None:
        """The colour a pick of these two ``colours`` leaves the first picker, or None."""
        if len(colours) != 2:
            return None
        first = state.colours[state.first_picker]
        last = [c for c in COLOURS if c not in first and c not in colours]
        return last[0] if last else None

    def _last_colour_words(self, state, colours) -> str:
        """ "Player 1 gets yellow" for a pick of these two ``colours``, or ""."""
        last = self._last_colour(state, colours)
        if last is None:
            return ""
        return _("{name} gets {colour}").format(
            name=self.match.seat_names()[state.first_picker], colour=colour_name(COLOUR_NAMES[last])
        )

    def _draw_setup(self, surface, state, live: bool) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        m = self.match
        panel = SETUP
        draw_panel(surface, panel, theme, fill="panel", edge="panel_edge", radius=14)
        seat = state.to_move
        chooser, question, explain, _top = self._setup_text(state)
        write(
            chooser,
            17,
            lighten(self.seat_colour(seat), 0.2),
            (panel.x + 16, panel.y + 14),
            max_width=panel.w - 32,
        )
        y = question_top(theme)
        for line in question:
            draw_text(surface, line, theme.heading(26), theme["accent"], (panel.x + 16, y))
            y += 32
        y += 6
        for line in explain:
            write(line, 16, "text_dim", (panel.x + 16, y), kind="regular")
            y += explain_step(theme)
        person = live and self.my_turn()
        hover = None
        rects = self.choice_rects() if state is m.state else []
        for k, (_move, rect) in enumerate(rects):
            if rect.collidepoint(self.mouse):
                hover = k
        for k, (move, rect) in enumerate(rects):
            focused = person and (k == self.choice_focus)
            is_hint = self.hint is not None and str(self.hint) == str(move)
            fill = lighten(theme["panel"], 0.14 if hover == k and person else 0.06)
            edge = (
                theme["accent"]
                if focused
                else (theme["accent_2"] if hover == k or is_hint else theme["panel_edge"])
            )
            if not person:
                fill, edge = darken(theme["panel"], 0.15), darken(theme["panel_edge"], 0.2)
            pygame.draw.rect(surface, fill, rect, border_radius=14)
            pygame.draw.rect(surface, edge, rect, 3 if focused or is_hint else 2, border_radius=14)
            self._draw_choice(surface, state, move, rect, person)
        if not person and state.phase != "over":
            words = self.waiting_words(state.current_player(), _("{name} is choosing..."))
            # Wrapped in the room between the last choice and the panel's foot (one line
            # was wider than the panel and ran into the players panel beside it); with
            # four colour choices at 150 % the room is short, and the lines step back
            # towards their designed size rather than run into the choices.
            top = max((rect.bottom for _move, rect in rects), default=panel.y) + 6
            bottom = panel.bottom - 8
            font, lines, step = fit_paragraph(
                theme, words, 18, panel.w - 24, bottom - top, kind="bold", line=22
            )
            for k, line in enumerate(lines):
                y = bottom - step * (len(lines) - k)
                draw_text(surface, line, font, theme["text_dim"], (panel.centerx, y), "midtop")

    def _draw_choice(self, surface, state, move, rect, person: bool) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        text_c = theme["text"] if person else theme["text_dim"]

        def gem(c, pos, r=16):
            self._gem(surface, c, pos, r)

        if isinstance(move, (PickOrder, MoveOrder)):
            title = (
                (_("Pick first") if move.first else _("Pick second"))
                if isinstance(move, PickOrder)
                else (_("Move first") if move.first else _("Move second"))
            )
            if isinstance(move, PickOrder):
                sub = (
                    _("Take 1 colour now, get the last one")
                    if move.first
                    else _("Take 2 of the 3 colours left")
                )
            else:
                sub = _("Make the first turn") if move.first else _("Answer the first turn")
            # the card's height is the layout's (the cards share the setup panel): the
            # title and up to two lines under it, as big as they fit in it
            head = fitting_font(theme, title, 24, "bold", rect.w - 80)
            if head.get_height() > (rect.h - 8) // 2:
                head = theme.font_within(24, "bold", (rect.h - 8) // 2)
            room = rect.h - 8 - head.get_height()
            font, lines, step = fit_paragraph(theme, sub, 16, rect.w - 80, room, line=20)
            lines = lines[: max(1, min(2, (room - font.get_height()) // step + 1))]
            top = (
                rect.centery
                - (head.get_height() + step * (len(lines) - 1) + font.get_height()) // 2
            )
            draw_text(surface, title, head, text_c, (rect.x + 18, top), max_width=rect.w - 80)
            for k, line in enumerate(lines):
                at = (rect.x + 18, top + head.get_height() + step * k)
                draw_text(surface, line, font, theme["text_dim"], at, max_width=rect.w - 80)
            big = "1" if move.first else "2"
            draw_text(  # decorative: its designed size at every text size
                surface,
                big,
                theme.heading(44),
                theme["accent"] if person else theme["text_dim"],
                (rect.right - 22, rect.centery),
                "midright",
            )
            return
        # colour picks
        cols = move.colours
        gx = rect.x + 30
        for c in cols:
            gem(c, (gx, rect.centery), 18 if len(cols) == 1 else 16)
            gx += 40
        names = " + ".join(colour_title(COLOUR_NAMES[c]) for c in cols)
        pitch = theme.pitch
        # The lines' block as designed (14 px down), or centred when the text size makes
        # it taller than the card leaves room for (four choices at 150 %: the detail
        # line fell out of the card's foot).
        block = pitch(48 if len(cols) == 2 else 28) + theme.font(15, "regular").get_height()
        top = min(rect.y + 14, rect.centery - block // 2)
        write(names, 21, text_c, (gx, top), max_width=rect.right - gx - 10)
        sizes = self._derived(state.board)["sizes"]
        if len(cols) == 1:
            detail = _("largest group now: {size}").format(size=sizes[cols[0]])
        else:
            detail = _("largest now: {sizes}").format(sizes=and_list([str(sizes[c]) for c in cols]))
        write(
            detail,
            15,
            "text_dim",
            (gx, top + pitch(28)),
            kind="regular",
            max_width=rect.right - gx - 10,
        )
        gets = self._last_colour_words(state, cols)
        if gets:
            write(
                gets,
                15,
                "text_dim",
                (gx, top + pitch(48)),
                kind="regular",
                max_width=rect.right - gx - 10,
            )
