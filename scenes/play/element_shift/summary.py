"""Element Shift's hot-seat curtain and round summary."""

from __future__ import annotations

import itertools
import math

import pygame

from game.records.ladder import level_word
from game.rules.element_shift import ELEMENT_NAMES, ROUNDS, VARIATIONS, cell_name
from game.text.i18n import _, ngettext, pgettext
from scenes.play.base import BOARD_AREA
from scenes.play.words import element_name, element_title
from scenes.widgets import (
    Pen,
    cached,
    darken,
    draw_panel,
    draw_text,
    fit_paragraph,
    lighten,
    text_width,
)

from .layout import STRIP
from .sprites import blit_token, element_icon


def designed(theme, size: int, kind: str):
    """The font at ``size`` as the table was drawn for (100 %)."""
    return list(theme.stepped_fonts(size, kind))[-1][0]


class CurtainAndSummary:
    """Drawing the curtain and the round summary (mixed into ElementShiftView)."""

    # -- drawing: curtain and summary ------------------------------------------------
    def draw_curtain(self, surface) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        seat = self.curtain_seat()
        if seat is None:
            return
        state = self.match.state
        area = pygame.Rect(
            BOARD_AREA.x, STRIP.bottom + 6, BOARD_AREA.w, BOARD_AREA.bottom - STRIP.bottom - 6
        )
        surface.blit(
            cached(("element_shift.curtain", area.size), lambda: self._curtain_cloth(area.size)),
            area.topleft,
        )
        pygame.draw.rect(surface, theme["accent"], area, 3, border_radius=16)
        card = pygame.Rect(0, 0, 620, 360)
        card.center = (area.centerx, area.y + 260)
        draw_panel(surface, card, theme, fill="panel", edge="accent", alpha=250, width=3)
        blit_token(
            surface, theme, seat, state.elements[seat], (card.centerx, card.y + 60), 30, self.glyphs
        )
        x, y = card.centerx, card.y
        pass_to = _("Pass the device to Player {n}").format(n=seat + 1)
        write(pass_to, 34, "accent", (x, y + 104), "midtop", kind="display")
        element = element_name(ELEMENT_NAMES[state.elements[seat]])
        if state.round == 0:
            chooses = _("Player {n} ({element}) chooses a secret start tile.").format(
                n=seat + 1, element=element
            )
        else:
            chooses = _("Player {n} ({element}) chooses a secret plan for round {round}.").format(
                n=seat + 1, element=element, round=state.round
            )
        write(chooses, 18, "text", (x, y + 154), "midtop", kind="regular")
        look_away = _("Everyone else: look away until it is submitted.")
        write(look_away, 18, "text_dim", (x, y + 182), "midtop", kind="regular")
        for name, rect, _enabled in self.controls():
            if name == "reveal":
                self.draw_button(
                    surface,
                    rect,
                    _("I am Player {n}: show my board").format(n=seat + 1),
                    primary=True,
                    size=20,
                )
                write(
                    _("or press Enter"),
                    14,
                    "text_dim",
                    (rect.centerx, rect.bottom + 8),
                    "midtop",
                    kind="regular",
                )

    def _curtain_cloth(self, size) -> pygame.Surface:
        """Velvet folds (drawn once): shading that rises and falls across the width."""
        w, h = size
        cloth = pygame.Surface(size, pygame.SRCALPHA)
        base = darken(self.app.theme["crystal_purple"], 0.62)
        for x in range(w):
            k = 0.55 + 0.45 * (0.5 + 0.5 * math.sin(x / 17.0)) ** 1.5
            pygame.draw.line(cloth, lighten(darken(base, 1 - k), 0.0), (x, 0), (x, h))
        pygame.draw.rect(cloth, darken(self.app.theme["accent"], 0.45), (0, 0, w, 14))
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=16)
        cloth.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return cloth

    def summary_rows(self, rnd: int):
        """(place, seat, line, round points, total after the round) best first."""
        state = self.match.state
        lines = state.breakdowns[rnd - 1]
        totals = [sum(b[s].total for b in state.breakdowns[:rnd]) for s in range(state.num_players)]
        order = sorted(range(state.num_players), key=lambda s: (-totals[s], s))
        return [
            (1 + sum(1 for t in totals if t > totals[s]), s, lines[s], lines[s].total, totals[s])
            for s in order
        ]

    def summary_kind(self, seat: int, people) -> str:
        """The small word after a player's name in the table (a puzzle has its own)."""
        if seat == self.me:
            return _("(you)")
        return "" if seat in people else level_word(self.match.seats[seat].level)

    def summary_continue_label(self, rnd: int) -> str:
        return (
            _("Final results  ›") if self.match.is_over() and rnd == ROUNDS else _("Next round  ›")
        )

    def draw_summary(self, surface) -> None:
        """The round's points by source for every player, in standings order."""
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        rnd = self.summary_round
        if rnd is None:
            return
        state = self.match.state
        v = VARIATIONS[rnd]
        area = BOARD_AREA.inflate(-4, -4)
        draw_panel(surface, area, theme, fill="panel", edge="accent", alpha=255, width=3, radius=16)
        title = write(
            _("Round {n} scored").format(n=rnd),
            30,
            "accent",
            (area.x + 22, area.y + 10),
            kind="display",
        )
        trace = state.last_trace if state.last_trace and state.last_trace.round == rnd else None
        # the line's parts are whole phrases each, set apart by a dot
        parts = [_(v.name) if rnd > 1 else _("No variation")]
        if trace is not None:
            changed = sum(len(seg) for seg in trace.conversions)
            parts.append(
                ngettext("{n} tile changed", "{n} tiles changed", changed).format(n=changed)
            )
        board = trace.board_after if trace else state.board
        counts = [board.count(e) for e in range(3)]
        best = max(counts)
        lead = counts.index(best) if counts.count(best) == 1 else -1
        parts.append(
            ngettext(
                "leading element: {element} ({n} tile)",
                "leading element: {element} ({n} tiles)",
                counts[lead],
            ).format(element=element_name(ELEMENT_NAMES[lead]), n=counts[lead])
            if lead >= 0
            else _("no leading element (a tie for most tiles)")
        )
        sub = "  ·  ".join(parts)
        # Below the title, and the headings below this line, however tall the text size
        # makes them (at 150 % the line ran into the headings).
        sub_rect = write(
            sub,
            17,
            "text",
            (area.x + 24, max(area.y + 52, title.bottom)),
            kind="regular",
            max_width=area.w - 48,
        )
        bonus = _("Alone") if v.pandemic else (_("Beats") if v.rock_paper_scissors else "")
        cols = [
            ("#", 24, "topleft"),
            (_("Player"), 64, "topleft"),
            (_("Element"), 250, "topleft"),
            (_("Ends on"), 424, "midtop"),
            (_("Region / k"), 512, "midtop"),
            (_("Leading"), 600, "midtop"),
        ]
        if bonus:
            cols.append((bonus, 660, "midtop"))
        cols += [(pgettext("column", "Round"), 730, "midtop"), (_("Total"), 800, "midtop")]
        hy = max(area.y + 82, sub_rect.bottom + 4)
        # Each heading gets the room to its neighbours: at 150 % "Ends on", "Region / k"
        # and "Leading" ran into each other; they step back towards their designed size.
        edges = []  # the boundary between each column and the next
        for (_l, ca, aa), (_m, cb, ab) in itertools.pairwise(cols):
            if ab == "topleft":
                edges.append(cb)
            else:  # centred: half way to a centred neighbour, 40 px left of its centre else
                edges.append((ca + cb) // 2 if aa == "midtop" else cb - 40)
        edges.append(area.w - 14)
        for i, (label, cx, anchor) in enumerate(cols):
            if anchor == "midtop":
                room = 2 * min(cx - edges[i - 1], edges[i] - cx) - 4
            else:
                room = edges[i] - cx - 4
            if theme.text_scale > 1:  # never below the width the 100 % table was drawn for
                room = max(room, text_width(designed(theme, 14, "bold"), label))
                write(label, 14, "text_dim", (area.x + cx, hy), anchor, max_width=room)
            else:
                write(label, 14, "text_dim", (area.x + cx, hy), anchor)
        pygame.draw.line(
            surface, theme["panel_edge"], (area.x + 14, hy + 22), (area.right - 14, hy + 22), 2
        )
        row_h = 34
        y = hy + 28
        people = set(self.people_seats)
        for place, seat, line, pts, total in self.summary_rows(rnd):
            row = pygame.Rect(area.x + 12, y, area.w - 24, row_h - 3)
            if seat in people:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.12), row, border_radius=8)
                pygame.draw.rect(surface, theme["accent"], row, 1, border_radius=8)
            cy = row.centery
            write(
                f"{place}.",
                16,
                theme["accent"] if place == 1 else theme["text_dim"],
                (area.x + 24, cy),
                "midleft",
            )
            blit_token(surface, theme, seat, line.element, (area.x + 78, cy), 12, self.glyphs)
            kind = self.summary_kind(seat, people)
            r = write(
                _("Player {n}").format(n=seat + 1),
                16,
                "text",
                (area.x + 98, cy),
                "midleft",
                kind="regular",
            )
            write(kind, 13, "text_dim", (r.right + 6, cy + 1), "midleft", kind="regular")
            before = trace.elements_before[seat] if trace else line.element
            element_icon(surface, theme, line.element, (area.x + 260, cy), 10)
            r = write(
                element_title(ELEMENT_NAMES[line.element]),
                15,
                "text",
                (area.x + 276, cy),
                "midleft",
                kind="regular",
            )
            if before != line.element:
                # up to the tile's column (at 150 % the word ran into the tile's name)
                room = area.x + 424 - 26 - (r.right + 6)
                room = max(room, text_width(designed(theme, 12, "bold"), _("switched")))
                write(
                    _("switched"),
                    12,
                    "accent_2",
                    (r.right + 6, cy + 1),
                    "midleft",
                    max_width=max(20, room),
                )
            write(cell_name(line.tile), 16, "text", (area.x + 424, cy), "center")
            region = (
                f"{line.region_size} / {line.k} = {line.region}"
                if line.matched
                else _("off element")
            )
            write(
                region,
                15,
                theme["text"] if line.matched else theme["text_dim"],
                (area.x + 512, cy),
                "center",
                kind="regular",
            )
            write(
                f"+{line.leading}" if line.leading else "·",
                16,
                "text",
                (area.x + 600, cy),
                "center",
            )
            if bonus:
                extra = line.pandemic if v.pandemic else line.rps
                write(f"+{extra}" if extra else "·", 16, "text", (area.x + 660, cy), "center")
            write(f"+{pts}", 17, "accent", (area.x + 730, cy), "center")
            write(str(total), 17, "text", (area.x + 800, cy), "center")
            y += row_h
        for name, rect, _enabled in self.controls():
            if name == "continue":
                label = self.summary_continue_label(rnd)
                self.draw_button(surface, rect, label, primary=True, size=20)
        note = _(
            "Region: 2 x region size / k (players of the region's element in it), rounded "
            "down. Leading: +3 if your element beats the element with the most tiles."
        )
        # Two lines' room beside the button: a larger text size steps back towards the
        # designed size rather than run its lines together or drop the last one.
        font, lines, step = fit_paragraph(theme, note, 13, area.w - 340, 44, line=17)
        for i, ln in enumerate(lines):
            draw_text(
                surface, ln, font, theme["text_dim"], (area.x + 24, area.bottom - 52 + step * i)
            )
