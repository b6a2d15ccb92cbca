"""Element Shift's plan editor: the column right of the board (its buttons, their layout
and what pressing one does), drawn for setup, planning and waiting.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from game.rules.element_shift import ELEMENT_NAMES, STAY, Plan, beater, cell_name
from game.text.i18n import N_, _, ngettext
from scenes.play.base import BOARD_AREA
from scenes.play.words import element_name
from scenes.widgets import (
    Pen,
    darken,
    draw_panel,
    draw_text,
    fit_paragraph,
    fitting_font,
    lighten,
    text_width,
    wrap_text,
)

from .layout import RAY_ARROWS, SIDE, Mode
from .sprites import blit_token, element_icon


class PlanEditor:
    """The plan editor column (mixed into ElementShiftView)."""

    # What the preview assumes of the other seats (a puzzle knows their plans).
    preview_label = N_("If nobody else moved:")

    # -- on-screen buttons ----------------------------------------------------------
    def editor_layout(self) -> dict:
        """y positions of the plan editor's parts (they move with the allowed text)."""
        state = self.match.state
        v = state.variation()
        allowed = v.allowed.split(": ", 1)[-1]
        lines = wrap_text(allowed, self.app.theme.font(14, "regular"), SIDE.w - 16)
        y = SIDE.y
        pitch = self.app.theme.pitch
        # each heading's line grows with the text size, and what is under it moves down
        toggle = y + 4 + pitch(22)
        slots = toggle + 66
        lay = {
            "label": y + 4,
            "toggle": toggle,
            "slots": slots,
            "slot_boxes": slots + pitch(22),
            "allowed": slots + pitch(22) + 46 + 6,
            "allowed_lines": lines,
        }
        y = lay["allowed"] + pitch(20) + pitch(18) * len(lines) + 6
        lay["rays"] = None
        if v.ray_first and not self.plan_actions:
            lay["rays"] = y
            y += 48 + 6
        lay["preview"] = y + 14
        return lay

    def controls(self) -> list[tuple[str, pygame.Rect, bool]]:
        """(name, rect, enabled) of the buttons drawn this frame; tests click these."""
        make = CONTROLS.get(self.mode())
        return make(self) if make is not None else []

    def curtain_controls(self) -> list[tuple[str, pygame.Rect, bool]]:
        r = pygame.Rect(0, 0, 460, 68)
        r.center = (BOARD_AREA.centerx, BOARD_AREA.y + 414)
        return [("reveal", r, True)]

    def summary_controls(self) -> list[tuple[str, pygame.Rect, bool]]:
        r = pygame.Rect(0, 0, 260, 54)
        r.bottomright = (BOARD_AREA.right - 22, BOARD_AREA.bottom - 14)
        return [("continue", r, True)]

    def setup_controls(self) -> list[tuple[str, pygame.Rect, bool]]:
        return [("start", pygame.Rect(SIDE.x, SIDE.bottom - 58, SIDE.w, 58), self.pick is not None)]

    def plan_controls(self) -> list[tuple[str, pygame.Rect, bool]]:
        out: list[tuple[str, pygame.Rect, bool]] = []
        x, w = SIDE.x, SIDE.w
        lay = self.editor_layout()
        half = (w - 10) // 2
        out.append(("keep", pygame.Rect(x, lay["toggle"], half, 56), True))
        out.append(("switch", pygame.Rect(x + half + 10, lay["toggle"], half, 56), True))
        if lay["rays"] is not None:
            bw = (w - 3 * 8) // 4
            for i, d in enumerate("NESW"):
                out.append((f"ray {d}", pygame.Rect(x + i * (bw + 8), lay["rays"], bw, 48), True))
        if isinstance(self.hint, Plan):
            out.append(
                ("use_hint", pygame.Rect(SIDE.right - 116, lay["preview"] - 8, 112, 44), True)
            )
        half = (w - 8) // 2
        y = SIDE.bottom - 58 - 10 - 48
        out.append(("undo_step", pygame.Rect(x, y, half, 48), bool(self.plan_actions)))
        out.append(("clear", pygame.Rect(x + half + 8, y, half, 48), bool(self.plan_actions)))
        out.append(("submit", pygame.Rect(x, SIDE.bottom - 58, w, 58), True))
        return out

    def control_rect(self, name: str) -> pygame.Rect:
        for n, r, _on in self.controls():
            if n == name:
                return r
        raise KeyError(name)

    def press(self, name: str) -> None:
        if name == "reveal":
            self.lift_curtain()
        elif name == "continue":
            self.close_summary()
        elif name == "start":
            self.confirm_start()
        elif name == "keep":
            self.set_switch(False)
        elif name == "switch":
            self.set_switch(True)
        elif name.startswith("ray "):
            self.fire_ray(name[4:])
        elif name == "undo_step":
            self.undo_step()
        elif name == "clear":
            self.clear_plan()
        elif name == "use_hint":
            self.use_hint()
        elif name == "submit":
            self.submit_plan()

    def draw_button(
        self,
        surface,
        rect: pygame.Rect,
        label: str,
        enabled: bool = True,
        *,
        primary: bool = False,
        selected: bool = False,
        size: int = 18,
        icon=None,
    ) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        hover = enabled and rect.collidepoint(self.mouse)
        if primary and enabled:
            fill = lighten(theme["accent"], 0.15) if hover else theme["accent"]
            ink = (20, 20, 32)
        elif selected:
            fill = lighten(theme["panel"], 0.22)
            ink = theme["text"]
        else:
            fill = lighten(theme["panel"], 0.12 if hover else 0.05)
            ink = theme["text"] if enabled else darken(theme["text_dim"], 0.3)
        pygame.draw.rect(surface, darken(fill, 0.5), rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, fill, rect, border_radius=10)
        edge = (
            theme["accent"]
            if selected
            else (theme["panel_edge"] if not primary else darken(theme["accent"], 0.3))
        )
        pygame.draw.rect(surface, edge, rect, 3 if selected else 2, border_radius=10)
        if icon is not None:
            icon(surface, rect)
        else:
            write(label, size, ink, rect.center, "center", max_width=rect.w - 10)

    def draw_side(self, surface, state, mode: Mode, old=None, t: float = 0.0) -> None:
        theme = self.app.theme
        draw_panel(
            surface, SIDE, theme, fill="background_2", edge="panel_edge", alpha=200, radius=12
        )
        if mode == "reveal" and old is not None and old.round >= 1:
            self.draw_reveal_side(surface, old, state, t)
        else:
            COLUMNS.get(mode, PlanEditor.draw_waiting_side)(self, surface, state)

    def draw_editor(self, surface, state) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        seat = self.match.to_move()
        lay = self.editor_layout()
        x0 = SIDE.x + 6
        el = state.elements[seat]
        label = _("Player {n}: your element this round").format(n=seat + 1)
        draw_text(
            surface,
            label,
            # one line in a fixed slot: a long translation shrinks further before a cut
            fitting_font(theme, label, 15, "bold", SIDE.w - 12, floor=0.65),
            theme["text_dim"],
            (x0, lay["label"]),
            max_width=SIDE.w - 12,
        )
        controls = self.controls()
        for name, rect, _enabled in controls:
            if name in ("keep", "switch"):
                switch = name == "switch"
                result = beater(el) if switch else el
                selected = self.plan_switch == switch

                def icon(surf, r, result=result, switch=switch, selected=selected):
                    element_icon(surf, theme, result, (r.x + 24, r.centery), 15)
                    # two lines in a button whose height the layout fixes: as big as
                    # both fit, one under the other, in the room right of the icon
                    word = _("Switch") if switch else _("Keep")
                    be = _("be {element}").format(element=element_name(ELEMENT_NAMES[result]))
                    head = theme.font_within(17, "bold", (r.h - 6) * 4 // 7)
                    sub = theme.font_within(15, "regular", r.h - 6 - head.get_height())
                    room = r.right - 6 - (r.x + 46)
                    if text_width(sub, be) > room:  # a long element name: smaller still
                        sub = fitting_font(theme, be, 15, "regular", room, floor=0.6)
                    y = r.centery - (head.get_height() + sub.get_height()) // 2
                    ink = theme["accent"] if selected else theme["text"]
                    draw_text(surf, word, head, ink, (r.x + 46, y), max_width=room)
                    y += head.get_height()
                    dim = theme["text_dim"]
                    draw_text(surf, be, sub, dim, (r.x + 46, y), max_width=room)

                self.draw_button(surface, rect, "", selected=selected, icon=icon)
        # the segment slots
        segs = state.segments()
        k = len(self.plan_actions)
        top = lay["slots"]
        write(
            ngettext("Plan: {k} of {n} action", "Plan: {k} of {n} actions", segs).format(
                k=k, n=segs
            ),
            15,
            "text_dim",
            (x0, top),
            max_width=SIDE.w - 12,
        )
        gap = 6
        sw = (SIDE.w - 12 - gap * (segs - 1)) // segs
        for i in range(segs):
            r = pygame.Rect(x0 + i * (sw + gap), lay["slot_boxes"], sw, 46)
            filled = i < k
            current = i == k
            fill = lighten(theme["panel"], 0.18) if filled else theme["panel"]
            pygame.draw.rect(surface, fill, r, border_radius=8)
            pygame.draw.rect(
                surface,
                theme["accent"] if current else theme["panel_edge"],
                r,
                3 if current else 2,
                border_radius=8,
            )
            write(str(i + 1), 11, "text_dim", (r.x + 5, r.y + 2))
            if filled:
                tok = self.plan_actions[i]
                size = 18 if len(tok) <= 2 else (14 if len(tok) <= 4 else 13)
                if tok == STAY:
                    write(_("stay"), 13, "text_dim", (r.centerx, r.centery + 5), "center")
                else:
                    write(
                        tok, size, "text", (r.centerx, r.centery + 5), "center", max_width=r.w - 4
                    )
        # what this round allows, and the ray buttons in round 6
        write(_("Allowed this round"), 15, "text_dim", (x0, lay["allowed"]), max_width=SIDE.w - 12)
        pitch = theme.pitch
        for i, line in enumerate(lay["allowed_lines"]):
            at = (x0 + 2, lay["allowed"] + pitch(20) + pitch(18) * i)
            write(line, 14, "text", at, kind="regular")
        for name, rect, _enabled in controls:
            if name.startswith("ray "):
                d = name[4:]

                def ray_icon(surf, r, d=d):
                    dc, dr = RAY_ARROWS[d]
                    cx, cy = r.centerx - 9, r.centery
                    tip = (cx + dc * 9, cy + dr * 9)
                    pygame.draw.line(surf, theme["accent_2"], (cx - dc * 8, cy - dr * 8), tip, 3)
                    ang = math.atan2(dr, dc)
                    pygame.draw.polygon(
                        surf,
                        theme["accent_2"],
                        [
                            (tip[0] + 6 * math.cos(ang), tip[1] + 6 * math.sin(ang)),
                            (tip[0] + 6 * math.cos(ang + 2.3), tip[1] + 6 * math.sin(ang + 2.3)),
                            (tip[0] + 6 * math.cos(ang - 2.3), tip[1] + 6 * math.sin(ang - 2.3)),
                        ],
                    )
                    draw_text(
                        surf, d, theme.font(17), theme["text"], (r.right - 15, r.centery), "center"
                    )

                self.draw_button(surface, rect, "", selected=self.ray_aim, icon=ray_icon)
        # the preview: this plan if nobody else moved
        py = lay["preview"]
        preview = self.preview(state, seat, self.padded())
        if preview is not None:
            line = preview.score
            write(_(self.preview_label), 15, "text_dim", (x0, py), max_width=SIDE.w - 12)
            total = line.total
            points = write(
                ngettext("{n} point", "{n} points", total).format(n=total),
                24,
                "accent",
                (x0, py + pitch(20)),
                kind="display",
            )
            detail = line.explain().replace("->", "=")
            conv = len(preview.converts)
            ends = ngettext(
                "ends on {cell}, turns {n} tile {element}",
                "ends on {cell}, turns {n} tiles {element}",
                conv,
            ).format(
                cell=cell_name(preview.path[-1]),
                n=conv,
                element=element_name(ELEMENT_NAMES[preview.element]),
            )
            # the score's two lines and where the path ends, in the room above the
            # buttons (fixed at the column's foot): as big as fits
            y = points.bottom + 2
            buttons = min(r.y for n, r, _on in controls if n in ("undo_step", "submit"))
            font, lines, step = fit_paragraph(
                theme, f"{detail}\n{ends}", 14, SIDE.w - 16, buttons - 4 - y, line=18
            )
            ends_lines = wrap_text(ends, font, SIDE.w - 16)
            detail_lines = lines[: len(lines) - len(ends_lines)][:2]
            for k, ln in enumerate(detail_lines + ends_lines):
                if y + step * k + font.get_height() > buttons - 2:
                    break  # no room left at the smallest size: the rest stays out
                colour = theme["text"] if k < len(detail_lines) else theme["text_dim"]
                at = (x0 + 2, y + step * k)
                draw_text(surface, ln, font, colour, at, max_width=SIDE.w - 16)
        for name, rect, enabled in controls:
            if name == "undo_step":
                self.draw_button(surface, rect, _("Step back"), enabled, size=16)
            elif name == "clear":
                self.draw_button(surface, rect, _("Clear"), enabled, size=16)
            elif name == "use_hint":
                self.draw_button(surface, rect, _("Use hint"), enabled, size=15)
            elif name == "submit":
                label = _("Submit plan  ›") if k >= segs else _("Submit (rest: stay)  ›")
                self.draw_button(surface, rect, label, primary=True, size=19)

    def draw_setup_side(self, surface, state) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        seat = self.match.to_move()
        el = state.elements[seat]
        x = SIDE.x + 10
        write(
            _("Player {n}").format(n=seat + 1),
            24,
            self.seat_colour(seat),
            (x, SIDE.y + 10),
            kind="display",
        )
        # each line under the one above, however tall the text size makes it
        you_y = max(SIDE.y + 50, SIDE.y + 10 + theme.font(24, "display").get_height())
        element_icon(surface, theme, el, (x + 16, you_y + 12), 16)
        element = element_name(ELEMENT_NAMES[el])
        write(
            _("You are {element}").format(element=element),
            18,
            "text",
            (x + 40, you_y),
            max_width=SIDE.right - 10 - (x + 40),
        )
        text = _(
            "Choose a start tile: any {element} tile (the bright ones). Bigger regions score "
            "more: 2 x region size / players sharing it."
        ).format(element=element)
        pitch = theme.pitch
        text_y = you_y + 42
        for i, line in enumerate(wrap_text(text, theme.font(15, "regular"), SIDE.w - 20)):
            write(line, 15, "text", (x, text_y + pitch(20) * i), kind="regular")
        # what follows starts under the text, which grows with the text size
        y = max(SIDE.y + 210, text_y + pitch(20) * (i + 1) + 12)
        if self.pick is not None:
            size = len(state.region_cells(self.pick))
            start = _("Start on {cell}").format(cell=cell_name(self.pick))
            write(start, 22, "accent", (x, y), kind="display")
            write(
                ngettext("region of {n} tile", "region of {n} tiles", size).format(n=size),
                16,
                "text",
                (x, y + pitch(32)),
                kind="regular",
            )
            write(
                ngettext(
                    "{n} point if you are alone in it",
                    "{n} points if you are alone in it",
                    2 * size,
                ).format(n=2 * size),
                16,
                "text",
                (x, y + pitch(54)),
                kind="regular",
            )
            for i, line in enumerate(
                wrap_text(
                    _(
                        "Click it again, press Enter or Start here to confirm; "
                        "click another bright tile to change."
                    ),
                    theme.font(14, "regular"),
                    SIDE.w - 20,
                )
            ):
                at = (x, y + pitch(84) + pitch(18) * i)
                write(line, 14, "text_dim", at, kind="regular")
        for name, rect, enabled in self.controls():
            if name == "start":
                self.draw_button(
                    surface,
                    rect,
                    _("Start here  ›") if enabled else _("Pick a tile"),
                    enabled,
                    primary=enabled,
                    size=19,
                )

    def draw_waiting_side(self, surface, state) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        x = SIDE.x + 10
        mode = self.mode()
        if self.match.is_over():
            title = _("Game over")
        elif state.round == 0:
            title = _("Start picks")
        else:
            title = _("Plans for round {n}").format(n=state.round)
        write(title, 20, "accent", (x, SIDE.y + 8), kind="display", max_width=SIDE.w - 20)
        n = state.num_players
        done = sum(1 for s in range(n) if self.is_in(state, s)) if not self.match.is_over() else n
        pitch = theme.pitch
        write(
            _("{done} of {n} in").format(done=done, n=n),
            15,
            "text_dim",
            (x, SIDE.y + pitch(38)),
            max_width=SIDE.w - 20,
        )
        # a grid of the twelve tokens, checked when in; it starts under the count line,
        # which moves down as the text grows (the tokens keep their size)
        grid_y = max(SIDE.y + 84, SIDE.y + pitch(38) + theme.font(15).get_linesize() + 25)
        for s in range(n):
            col, row = s % 4, s // 4
            cx, cy = x + 26 + col * 60, grid_y + row * 56
            el = state.elements[s]
            in_ = self.match.is_over() or self.is_in(state, s)
            blit_token(surface, theme, s, el, (cx, cy), 17, self.glyphs, 255 if in_ else 90)
            if in_:
                pygame.draw.circle(surface, theme["good"], (cx + 16, cy - 14), 8)
                pygame.draw.lines(
                    surface,
                    (10, 30, 10),
                    False,
                    [(cx + 12, cy - 14), (cx + 15, cy - 11), (cx + 20, cy - 18)],
                    2,
                )
            elif self.match.to_move() == s and mode == "wait":
                ang = self.motion_ticks * 0.15
                pygame.draw.arc(
                    surface,
                    theme["accent"],
                    pygame.Rect(cx - 21, cy - 21, 42, 42),
                    ang,
                    ang + 2.2,
                    3,
                )
        y = grid_y + 3 * 56
        if (
            self.me is not None
            and state.round >= 1
            and state.submitted(self.me)
            and isinstance(state.pending[self.me], Plan)
        ):
            plan = state.pending[self.me]
            write(_("Your plan (secret)"), 15, "text_dim", (x, y), max_width=SIDE.w - 20)
            write(str(plan), 15, "text", (x, y + pitch(20)), kind="regular", max_width=SIDE.w - 20)
            y += 2 * pitch(20) + 10
        if mode == "wait" and not self.match.is_over():
            phones = self.party is not None and any(s.is_phone for s in self.match.seats)
            msg = (
                _(
                    "Players plan on their phones. Plans stay secret until everyone is in; "
                    "then the round plays out."
                )
                if phones
                else _(
                    "The bots are deciding. Plans stay secret until everyone is in; "
                    "then the round plays out."
                )
            )
            for i, line in enumerate(wrap_text(msg, theme.font(14, "regular"), SIDE.w - 20)):
                write(line, 14, "text_dim", (x, y + pitch(18) * i), kind="regular")


# What the column shows and which buttons it has, by mode; a mode not named here shows
# the waiting column and no buttons (the reveal's own column is chosen in draw_side).
COLUMNS: dict[Mode, Callable[..., None]] = {
    "plan": PlanEditor.draw_editor,
    "setup": PlanEditor.draw_setup_side,
}
CONTROLS: dict[Mode, Callable[[PlanEditor], list[tuple[str, pygame.Rect, bool]]]] = {
    "curtain": PlanEditor.curtain_controls,
    "summary": PlanEditor.summary_controls,
    "setup": PlanEditor.setup_controls,
    "plan": PlanEditor.plan_controls,
}
