"""Crystal Connector's side column and panel: the banner, the buttons, the column beside
the board during play, the status line, the players, the extra panel and the log.
"""

from __future__ import annotations

import pygame

from game.rules.crystal_connector import (
    BOMB,
    CHAMELEON,
    COLOUR_NAMES,
    COLOURS,
    PYLON,
    RED,
    ROCK,
    SIZE,
    Shift,
    line_label,
)
from game.text.i18n import _, ngettext
from scenes.play.base import PANEL, BannerStyle, PlayerRows
from scenes.play.buttons import label_size
from scenes.play.words import colour_name
from scenes.widgets import Pen, darken, draw_panel, lighten, line_step, wrap_text

from .layout import SIDE, _dir_for


class SidePanel:
    """Drawing the side column and the panel (mixed into CrystalConnectorView)."""

    # -- the side column (play) ----------------------------------------------------------
    # The base banner in a slightly smaller font, so the engine's longer reasons fit on
    # one line and stay clear of the bottom handles (it keeps the base's place).
    banner_style = BannerStyle(size=20, line=26, pad=8, margin=30)

    def _draw_button(
        self, surface, rect, text, *, enabled=True, primary=False, active=False, size=19
    ) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        hover = rect.collidepoint(self.mouse) and enabled
        if not enabled:
            fill, edge, fg = (
                darken(theme["panel"], 0.3),
                darken(theme["panel_edge"], 0.4),
                darken(theme["text_dim"], 0.3),
            )
        elif primary:
            fill = lighten(theme["accent"], 0.15) if hover else theme["accent"]
            edge, fg = lighten(theme["accent"], 0.5), (20, 18, 30)
        elif active:
            fill, edge, fg = darken(theme["accent_2"], 0.45), theme["accent_2"], theme["text"]
        else:
            fill = lighten(theme["panel"], 0.15 if hover else 0.05)
            edge, fg = theme["accent_2"] if hover else theme["panel_edge"], theme["text"]
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        pygame.draw.rect(surface, edge, rect, 2, border_radius=12)
        size = label_size(theme, text, size, rect.w - 12)
        write(text, size, fg, rect.center, "center", max_width=rect.w - 12)

    def _draw_side(self, surface, state, live: bool, extra: str | None = None) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        m = self.match
        x, y, w = SIDE.x, SIDE.y, SIDE.w
        over = state.phase == "over"
        mover = state.to_move if not over else -1
        # whose turn
        card = pygame.Rect(x, y, w, 86)
        draw_panel(surface, card, theme, fill="panel", edge="panel_edge", radius=12)
        if over:
            write(_("Game over"), 24, "accent", (card.x + 14, card.y + 10))
            out = state.outcome()
            for k, line in enumerate(
                wrap_text(
                    m.named(out.reason) if out else "",
                    theme.font(15, "regular"),
                    w - 28,
                    max_lines=2,
                )
            ):
                at = (card.x + 14, card.y + 42 + theme.pitch(18) * k)
                write(line, 15, "text", at, kind="regular")
        else:
            controller = m.controller(mover)
            names = m.seat_names()
            col = self.seat_colour(mover)
            pygame.draw.circle(surface, col, (card.x + 20, card.y + 24), 9)
            if mover in m.proxy:
                head = _("Out of time")
            elif controller.is_bot:
                head = self.seat_label(mover)
            else:
                head = (
                    _("Your turn")
                    if len(m.people()) == 1
                    else _("{name}'s turn").format(name=names[mover])
                )
            write(head, 22, "text", (card.x + 38, card.y + 10), max_width=w - 50)
            cols = state.seat_colours(mover)
            gx = card.x + 26
            for c in cols:
                self._gem(surface, c, (gx, card.y + 62), 11)
                gx += 28
            words = " + ".join(colour_name(COLOUR_NAMES[c]) for c in cols)
            if mover in m.proxy and controller.is_bot:
                words = _("{name} moves instead").format(name=names[1 - mover])
            elif controller.is_bot:
                if live and not self.anim and not self.queue:
                    words = self.waiting_short(mover)
                else:
                    words = (
                        _("shifting")
                        if self.anim is not None and self.anim.seat == mover
                        else _("up next")
                    )
            elif mover in m.proxy:
                words = _("you choose its shifts")
            write(
                words,
                16,
                "text_dim",
                (gx + 2, card.y + 62),
                "midleft",
                kind="regular",
                max_width=card.right - gx - 10,
            )
        y = card.bottom + 12
        # the turn's shifts as slots
        base_state = m.state if live else state
        local = self.local_state() if live else state
        committed = list(base_state.actions_this_turn) if base_state.phase == "play" else []
        if extra:  # the turn's last shift, still sliding
            committed.append(extra)
        mine_pending = [str(a) for a in self.pending] if live else []
        required = base_state.shifts_required() if base_state.phase == "play" else 3
        done_shifts = sum(1 for a in committed + mine_pending if not a.startswith("convert"))
        label = _("Shifts this turn: {done} of {required}").format(
            done=done_shifts, required=required
        )
        if not over:
            write(label, 18, "accent_2", (x + 2, y), max_width=w - 4)
        y += theme.pitch(28)
        items = committed + mine_pending
        converts = [a for a in items if a.startswith("convert")]
        shifts = [a for a in items if not a.startswith("convert")]
        slot_h = 36 if required <= 4 else 32
        if converts and not over:
            r = pygame.Rect(x, y, w, slot_h)
            pygame.draw.rect(surface, darken(theme["accent_2"], 0.6), r, border_radius=10)
            write(converts[0], 17, "text", (r.x + 12, r.centery), "midleft")
            y += slot_h + 6
        draft_text = None
        if live and self.draft:
            line, off = self.draft
            draft_text = str(Shift(line, _dir_for(line, off), abs(off)))
        for k in range(required if not over else 0):
            r = pygame.Rect(x, y, w, slot_h)
            if k < len(shifts):
                held = k >= done_shifts - len(
                    [a for a in mine_pending if not a.startswith("convert")]
                )
                fill = darken(theme["accent"], 0.62) if held else lighten(theme["panel"], 0.08)
                edge = theme["accent"] if held else theme["panel_edge"]
                pygame.draw.rect(surface, fill, r, border_radius=10)
                pygame.draw.rect(surface, edge, r, 2, border_radius=10)
                write(f"{k + 1}", 16, "text_dim", (r.x + 14, r.centery), "midleft")
                write(shifts[k], 18, "text", (r.x + 40, r.centery), "midleft")
                if held:
                    write(
                        _("not confirmed") if self.preview_on() else _("queued"),
                        13,
                        "accent",
                        (r.right - 10, r.centery),
                        "midright",
                        kind="regular",
                    )
            else:
                pygame.draw.rect(surface, darken(theme["panel"], 0.15), r, border_radius=10)
                pygame.draw.rect(surface, darken(theme["panel_edge"], 0.3), r, 1, border_radius=10)
                write(
                    f"{k + 1}", 16, darken(theme["text_dim"], 0.3), (r.x + 14, r.centery), "midleft"
                )
                if k == len(shifts) and draft_text:
                    write(draft_text + " ?", 18, "accent", (r.x + 40, r.centery), "midleft")
            y += slot_h + 6
        # the lines banned this turn, and why (the engine's reason)
        box = self._draft_box()
        bans = base_state.banned_lines() if base_state.phase == "play" and not over else {}
        if bans and live and self.my_turn() and y + 64 <= box.y:
            write(
                _("Banned now: {lines}").format(lines=", ".join(bans)),
                16,
                "text",
                (x + 2, y + 2),
                max_width=w - 4,
            )
            first = next(iter(bans.values()))
            for k, line in enumerate(
                wrap_text(first, theme.font(14, "regular"), w - 4, max_lines=2)
            ):
                at = (x + 2, y + theme.pitch(24) + theme.pitch(18) * k)
                write(line, 14, "text_dim", at, kind="regular")
        # the draft box, or a short how-to
        if not (live and self.my_turn() and not over):
            return
        if self.draft:
            line, off = self.draft
            draw_panel(surface, box, theme, fill="panel", edge="accent", radius=12)
            move = Shift(line, _dir_for(line, off), abs(off))
            write(
                f"{line_label(line)} {move.direction}",
                18,
                "accent",
                (box.x + 12, box.y + 4),
                max_width=box.w - 70,
            )
            write(
                _("how far? tap a number"),
                13,
                "text_dim",
                (box.x + 12, box.y + 27),
                kind="regular",
                max_width=box.w - 70,
            )
            back, fwd = local.line_limits(line)
            limit = fwd if off > 0 else back
            for d in range(1, SIZE):
                r = self.chip_rect(d)
                ok = d <= limit
                self._draw_button(surface, r, str(d), enabled=ok, primary=(d == abs(off)), size=20)
            cancel = self.button_rect("cancel")
            if cancel is not None:
                self._draw_button(surface, cancel, "×", size=22)
        elif self.convert_mode:
            draw_panel(surface, box, theme, fill="panel", edge="accent_2", radius=12)
            how = _(
                "Tap one of your crystals (circled) to turn it into your other "
                "colour, or press Convert again to cancel."
            )
            for k, line in enumerate(
                wrap_text(how, theme.font(16, "regular"), box.w - 24, max_lines=4)
            ):
                at = (box.x + 12, box.y + 10 + theme.pitch(20) * k)
                write(line, 16, "text", at, kind="regular")
        elif not self.turn_complete():
            tips = (
                _("Drag a row or column, or tap the arrows at its ends.  Keys: arrows, Tab, Enter.")
                if self.preview_on()
                else _(
                    "Shift preview is off: the board stays still while you queue your shifts; "
                    "they play when you confirm."
                )
            )
            for k, line in enumerate(
                wrap_text(tips, theme.font(16, "regular"), box.w - 8, max_lines=4)
            ):
                at = (box.x + 4, box.y + 6 + theme.pitch(21) * k)
                self.mark_hint(write(line, 16, "text_dim", at, kind="regular"))
        else:
            pts = self._points_now(local.board)
            draw_panel(surface, box, theme, fill="panel", edge="good", radius=12)
            write(_("Confirm to score:"), 16, "good", (box.x + 12, box.y + 8))
            yy = box.y + 8 + theme.pitch(26)
            for seat, p in enumerate(pts):
                if p is None:
                    continue
                _a, _b, sa, sb = p
                write(
                    f"{self.match.seat_names()[seat]}  +{sa * sb} = {sa} x {sb}",
                    17,
                    lighten(self.seat_colour(seat), 0.3),
                    (box.x + 12, yy),
                    max_width=box.w - 20,
                )
                yy += theme.pitch(26)
        conv = self.button_rect("convert")
        if conv is not None:
            self._draw_button(
                surface,
                conv,
                _("Convert a crystal (V)") if not self.convert_mode else _("Cancel convert (V)"),
                active=self.convert_mode,
                size=17,
            )
        tb = self.button_rect("takeback")
        cf = self.button_rect("confirm")
        if tb is not None and cf is not None:
            self._draw_button(
                surface, tb, _("Take back"), enabled=bool(self.pending or self.draft), size=17
            )
            label = (
                _("Confirm turn")
                if self.turn_complete()
                else _("{n} to go").format(n=local.shifts_left())
            )
            self._draw_button(
                surface,
                cf,
                label,
                enabled=self.turn_complete(),
                primary=self.turn_complete(),
                size=18,
            )

    # ================================================================== panel
    def status_text(self) -> str:
        m = self.match
        state = m.state
        if m.is_over():
            return super().status_text()
        seat = m.to_move()
        name = self.seat_label(seat)
        if seat in m.proxy and m.controller(seat).is_bot:
            return _("{other} moves for {name}").format(other=self.seat_label(1 - seat), name=name)
        if m.controller(seat).is_bot:
            return self.waiting_words(
                seat, _("{name} is choosing...") if state.phase != "play" else None
            )
        if state.phase == "pick_order":
            return _("{name}: pick colours first or second").format(name=name)
        if state.phase == "first_pick":
            return _("{name}: take one colour").format(name=name)
        if state.phase == "second_pick":
            return _("{name}: take two colours").format(name=name)
        if state.phase == "move_order":
            return _("{name}: move first or second").format(name=name)
        if seat in m.proxy:
            who = self.seat_label(1 - seat)
            return _("{who}: make {name}'s shifts (out of time)").format(who=who, name=name)
        if self.turn_complete():
            return _("{name}: confirm your turn (Enter)").format(name=name)
        left = self.local_state().shifts_left()
        return ngettext(
            "{name}: shift a row or column ({n} left)",
            "{name}: shift a row or column ({n} left)",
            left,
        ).format(name=name, n=left)

    def panel_rows(self):
        state = self.shown
        return [(s, self.seat_label(s), f"{state.totals[s]}") for s in (0, 1)]

    def player_rows(self, count: int) -> PlayerRows:
        # Two roomy rows, each with the seat's colours as gems beside the score.
        return PlayerRows(20 if self.match.clock is None else 18, 40, 44, 9, "text")

    def row_badges_width(self, seat: int) -> int:
        return 24 * len(self.shown.seat_colours(seat))

    def draw_row_badges(self, surface: pygame.Surface, seat: int, x: int, cy: int) -> None:
        for c in self.shown.seat_colours(seat):
            self._gem(surface, c, (x + 10, cy), 9)
            x += 24

    def draw_extra_panel(self, surface: pygame.Surface, y: int) -> int:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        state = self.shown
        x, w = PANEL.x + 14, PANEL.w - 28
        if state.phase in ("pick_order", "first_pick", "second_pick", "move_order"):
            lines = [
                _(
                    "Before play: Player 1 chooses the colour pick order, the colours are "
                    "picked, then Player 2 chooses who moves first."
                )
            ]
        else:
            lines = []
        thr = state.threshold
        write(_("Race to {points}").format(points=thr), 17, "accent_2", (x, y))
        rnd = state.round_number
        stage = _("round {n}").format(n=rnd) if rnd else _("setup")
        write(stage, 15, "text_dim", (x + w, y + 2), "topright", kind="regular")
        pitch = theme.pitch
        y += pitch(24)
        for seat in (0, 1):
            bar = pygame.Rect(x, y, w, 12)
            pygame.draw.rect(surface, darken(theme["panel"], 0.4), bar, border_radius=6)
            frac = min(1.0, state.totals[seat] / max(1, thr))
            if frac > 0:
                fill = pygame.Rect(bar.x, bar.y, max(12, int(bar.w * frac)), bar.h)
                pygame.draw.rect(surface, self.seat_colour(seat), fill, border_radius=6)
            y += 16
        y += 6
        # what each seat scores if the turn ended on the board shown now
        if state.phase in ("play", "over") and all(len(state.seat_colours(s)) == 2 for s in (0, 1)):
            board = self._panel_board or state.board  # the board drawn this frame
            write(_("Turn points on this board"), 15, "text_dim", (x, y), kind="regular")
            y += pitch(20)
            for seat, p in enumerate(self._points_now(board)):
                a, b, sa, sb = p
                gx = x + 10
                cy = y + pitch(11)
                self._gem(surface, a, (gx, cy), 9)
                write(str(sa), 17, "text", (gx + 14, cy), "midleft")
                write("x", 15, "text_dim", (gx + 40, cy), "midleft", kind="regular")
                self._gem(surface, b, (gx + 62, cy), 9)
                write(str(sb), 17, "text", (gx + 76, cy), "midleft")
                write(
                    f"= {sa * sb}",
                    17,
                    lighten(self.seat_colour(seat), 0.35),
                    (gx + 104, cy),
                    "midleft",
                )
                write(
                    self.match.seat_names()[seat],
                    15,
                    "text_dim",
                    (x + w, cy),
                    "midright",
                    kind="regular",
                )
                y += pitch(24)
            y += 4
        step = line_step(theme, theme.font(15, "regular"), 19)
        for text in lines:
            # up to four lines: at a bigger text size the note's last words need one more
            for line in wrap_text(text, theme.font(15, "regular"), w, max_lines=4):
                write(line, 15, "text_dim", (x, y), kind="regular")
                y += step
            y += 8
        # a line of legend per anomaly in play (two where the words need them)
        a = state.anomalies
        legend = []
        if a.bombs:
            legend.append((BOMB, _("Bombs: hatched groups do not count")))
        if a.chameleon:
            legend.append((CHAMELEON, _("Chameleon: counts as every colour")))
        if a.pylons:
            legend.append((PYLON, _("Pylons: x2 in a line with 2+ pylons")))
        if a.rocks:
            legend.append((ROCK, _("Rocks: may not be carried over the edge")))
        if a.spikes and state.spikes_active:
            legend.append((-2, _("Spikes: each space moved gives the opponent 1")))
        if a.convertor:
            legend.append((-1, _("Color Convertor: before your shifts (V)")))
        if a.shift_plus:
            n = state.shifts_required() or 2
            legend.append(
                (
                    -3,
                    ngettext(
                        "Shift Plus: {n} shift this turn", "Shift Plus: {n} shifts this turn", n
                    ).format(n=n),
                )
            )
        for piece, text in legend:
            cy = y + pitch(9)
            if piece >= 0:
                surface.blit(self._sprite(piece, False, size=24), (x - 2, cy - 12))
            elif piece == -2:
                surface.blit(self._sprite(RED, True, size=24), (x - 2, cy - 12))
            elif piece == -1:
                self._gem(surface, COLOURS[2], (x + 10, cy), 8)
                pygame.draw.circle(surface, theme["accent_2"], (x + 10, cy), 11, 2)
            else:
                write("+", 20, "accent_2", (x + 10, cy), "center")
            # a longer language wraps onto a second line rather than losing its end
            wrapped = wrap_text(text, theme.font(14, "regular"), w - 30, max_lines=2)
            step = line_step(theme, theme.font(14, "regular"), 17)
            for k, line in enumerate(wrapped):
                write(
                    line,
                    14,
                    "text_dim",
                    (x + 28, cy + step * k),
                    "midleft",
                    kind="regular",
                    max_width=w - 30,
                )
            y += pitch(24) + step * (len(wrapped) - 1)
        return y

    def log_lines(self) -> list[tuple[int, str]]:
        state = self.match.state
        out: list[tuple[int, str]] = []
        turn_i = 0
        in_turn: list[str] = []
        in_seat = -1
        log = state.turn_log
        for e in self.match.entries:
            if e.text.startswith(("pick ", "take ", "move ")):
                out.append((e.seat, e.text))
                continue
            in_turn.append(e.text)
            in_seat = e.seat
            if turn_i < len(log) and len(in_turn) == len(log[turn_i].actions):
                rec = log[turn_i]
                out.append(
                    (rec.seat, f"R{rec.round}  {', '.join(in_turn)}  +{rec.products[rec.seat]}")
                )
                in_turn = []
                turn_i += 1
        if in_turn:
            out.append((in_seat, ", ".join(in_turn) + " ..."))
        return out
