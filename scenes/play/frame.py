"""The frame around every board (mixed into ``PlayScene``): the header, the side
panel with its player rows and move log, the banner, and the thinking ring of a long
bot decision.  A view changes it through hooks (``panel_rows``, ``player_rows``,
``draw_extra_panel``, ``banner_rect`` / ``banner_style``, ``status_text``), not by
copying it; the methods read the scene's own state.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from game.midend.match import BOT_LEVELS
from game.records.ladder import bot_label
from game.records.ladder import cached as ladder_cached
from game.text.i18n import N_, _
from scenes.widgets import (
    MIN_TARGET,
    draw_panel,
    draw_text,
    lighten,
    text_width,
    wrap_text,
)

BOARD_AREA = pygame.Rect(16, 70, 848, 634)  # where a view draws its board
BANNER_FADE_TICKS = 20  # a message fades out over its last ticks
PANEL = pygame.Rect(880, 16, 384, 688)  # the side panel


# A bot seat's kind by its level, whole words (German puts the level in front as an
# adjective: "Leichter Bot").  Marked here, translated where drawn.
BOT_KINDS = {
    "easy": N_("Easy bot"),
    "medium": N_("Medium bot"),
    "hard": N_("Hard bot"),
    "expert": N_("Expert bot"),
}


def bot_kind(level: str | None) -> str:
    """``Easy bot`` ... in the current language; a level without a name says ``Bot``."""
    found = BOT_KINDS.get((level or "").lower())
    return _(found) if found else _("Bot")


class BannerStyle(NamedTuple):
    """How the banner's text is set: a view with a tighter board picks a smaller one."""

    size: int = 22  # the font size
    line: int = 28  # from one line's top to the next
    pad: int = 9  # above the first line and below the last
    margin: int = 40  # the text wraps this much narrower than the banner
    alpha: int = 235  # the panel's opacity before it fades out


class PlayerRows(NamedTuple):
    """How the side panel's player rows are set (``player_rows`` answers one)."""

    font: int  # the font size
    height: int  # a row's highlight box
    step: int  # from one row's top to the next
    dot: int  # the seat's colour dot's radius
    idle: str  # the theme colour of the right-hand text when it is not that seat's turn
    # The view's layout fixes the rows' height (what sits under them is placed for it):
    # the text steps back towards its designed size to fit rather than the rows growing.
    fixed: bool = False


class ScreenFrame:
    """The header, side panel, log, banner and thinking ring of a play screen."""

    # -- a long think (Expert) shows its progress ---------------------------------------
    def think_seconds(self, level: str | None) -> float:
        """How long the bot at ``level`` thinks per decision (its own budget unless the
        scene sets ``bot_seconds``)."""
        if self.bot_seconds is not None:
            return self.bot_seconds
        if level not in self._think_cache:
            try:
                bot = self.spec.make_bot(level)
                self._think_cache[level] = float(getattr(bot, "think_seconds", 1.0))
            except ValueError:
                self._think_cache[level] = 1.0
        return self._think_cache[level]

    def thinking_progress(self) -> float | None:
        """0..1 of a bot's thinking budget used so far, while a bot that thinks for
        two seconds or more is deciding; None otherwise (short thinks need no ring)."""
        if self.ticket is None or self.match.is_over():
            return None
        seat = self.match.to_move()
        if seat < 0 or not self.match.controller(seat).is_bot:
            return None
        budget = self.think_seconds(self.match.controller(seat).level)
        if budget < 2.0:
            return None
        return min(1.0, (self.ticks - self.ticket_tick) / (budget * 60))

    def draw_thinking(self, surface: pygame.Surface) -> None:
        progress = self.thinking_progress()
        if progress is None:
            return
        # At the end of the header line, where "... is thinking" is written (the
        # status text stops short of it).
        theme = self.app.theme
        centre = (BOARD_AREA.right - 28, 37)
        pygame.draw.circle(surface, theme["panel"], centre, 19)
        pygame.draw.circle(surface, theme["panel_edge"], centre, 15, 4)
        if progress > 0:
            rect = pygame.Rect(0, 0, 30, 30)
            rect.center = centre
            start = math.pi / 2
            pygame.draw.arc(
                surface, theme["accent"], rect, start - 2 * math.pi * progress, start, 4
            )

    def waiting_words(self, seat: int, doing: str | None = None) -> str:
        """What the screen says while ``seat`` (not a person here) is to act. A replay
        (``read_only``) only names whose turn it is: nobody is thinking there, and the
        seat may have been a person. A lesson (scenes/tutorial.py) says what to do.
        ``doing`` is a whole translated sentence with ``{name}``, such as
        ``_("{name} is choosing...")``: the verb's place differs between languages."""
        name = self.seat_label(seat)
        if getattr(self, "read_only", False):
            return _("{name} to move").format(name=name)
        return (doing or _("{name} is thinking...")).format(name=name)

    def waiting_short(self, seat: int) -> str:
        """The same in a word or two, under a seat's name in a panel."""
        if getattr(self, "read_only", False):
            return _("to move")
        # the dots are drawn apart from the word so they can count up without a message each
        return _("thinking") + "." * (1 + (self.ticks // 15) % 3)

    def waiting_help(self, text: str) -> str:
        """A sentence of help while another seat acts (a lesson replaces it)."""
        return text

    def seat_kind(self, seat: int) -> str:
        """The short line under a seat's name in a players panel: who plays it."""
        who = self.match.seats[seat]
        if not who.is_bot:
            return _("Person")
        if who.level not in BOT_LEVELS:  # a strength between levels
            return bot_label(who.level, ladder_cached().get(self.spec.id))
        return bot_kind(who.level)

    def status_text(self) -> str:
        """One line above the board: whose turn and what to do."""
        m = self.match
        if m.is_over():
            return m.outcome_reason() or _("Game over")
        seat = m.to_move()
        name = self.seat_label(seat)
        if m.controller(seat).is_bot:
            return self.waiting_words(seat)
        return _("{name}: your move").format(name=name)

    def seat_label(self, seat: int) -> str:
        names = self.match.seat_names()
        label = self.match.seats[seat].label(names[seat], self.spec.id)
        if seat in self.match.stand_ins:  # party play: the phone is away
            label = _("{name} ({bot} while away)").format(
                name=label, bot=bot_kind(self.match.stand_ins[seat])
            )
        return label

    def log_name(self, seat: int) -> str:
        """A seat in a log line or a tight label: its player's own name where the seat
        has one (a profile's), else the short "P1"."""
        names, game = self.match.seat_names(), self.match.game_seat_names()
        if 0 <= seat < len(names) and names[seat] != game[seat]:
            return names[seat]
        return _("P{n}").format(n=seat + 1)

    def seat_colour(self, seat: int) -> pygame.Color:
        return self.app.theme.player_colours[seat % len(self.app.theme.player_colours)]

    def draw_header(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        # The game's name is the screen's heading (its designed size at every text size):
        # the status beside it is what the player reads, and it gets the room.
        heading = theme.heading(30)
        draw_text(surface, self.spec.title, heading, theme["accent"], (24, 14))
        title_w = heading.size(self.spec.title)[0]
        draw_text(
            surface,
            self.status_text(),
            theme.font(22),
            theme["text"],
            (40 + title_w, 22),
            max_width=860 - 56 - title_w,
        )

    def panel_rows(self) -> list[tuple[int, str, str]]:
        """(seat, left text, right text) per player for the side panel; views add
        game detail (colours, trees, points)."""
        scores = self.match.state.scores()
        return [
            (s, self.seat_label(s), f"{scores[s]:g}") for s in range(self.match.state.num_players)
        ]

    def draw_panel(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, PANEL, theme)
        y = PANEL.y + 12
        y = self.draw_players(surface, y)
        y = self.draw_extra_panel(surface, y + 6)
        self.draw_log(surface, y + 6, PANEL.bottom - 12 - MIN_TARGET - 16)

    def player_rows(self, count: int) -> PlayerRows:
        """Hook: how the player rows are set; tighter when more than six players."""
        compact = count > 6
        line_h = 24 if compact else 34
        return PlayerRows(
            17 if compact else 21, line_h - 2, line_h, 7 if compact else 9, "text_dim"
        )

    def row_badges_width(self, seat: int) -> int:
        """Hook: room a view keeps in a player's row for its badges (0: none)."""
        return 0

    def draw_row_badges(self, surface: pygame.Surface, seat: int, x: int, cy: int) -> None:
        """Hook: draw that row's badges from ``x`` (their left edge), centred on ``cy``."""

    def draw_players(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        rows = self.panel_rows()
        to_move = self.match.to_move()
        style = self.player_rows(len(rows))
        height, step = style.height, style.step
        if style.fixed:
            font = theme.font_within(style.font, "bold", height + 2)
        else:
            font = theme.font(style.font)
            height, step = theme.pitch(height), theme.pitch(step)
        clock = self.match.clock
        for seat, left, right in rows:
            r = pygame.Rect(PANEL.x + 10, y, PANEL.w - 20, height)
            if seat == to_move:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.12), r, border_radius=8)
                pygame.draw.rect(surface, theme["accent"], r, 2, border_radius=8)
            pygame.draw.circle(surface, self.seat_colour(seat), (r.x + 14, r.centery), style.dot)
            right_text = right
            if clock is not None:
                right_text = f"{right}   {clock.display(seat)}"
            rw = text_width(font, right_text)
            badges = self.row_badges_width(seat)
            room = r.w - 44 - rw - (badges + 8 if badges else 0)
            draw_text(
                surface, left, font, theme["text"], (r.x + 30, r.centery), "midleft", max_width=room
            )
            if badges:
                self.draw_row_badges(surface, seat, r.right - 16 - rw - badges, r.centery)
            colour = theme["accent"] if seat == to_move else theme[style.idle]
            draw_text(surface, right_text, font, colour, (r.right - 8, r.centery), "midright")
            y += step
        return y

    def draw_extra_panel(self, surface: pygame.Surface, y: int) -> int:
        """Views draw game-specific panel content here; returns the next free y."""
        return y

    def log_lines(self) -> list[tuple[int, str]]:
        """(seat, text) per log line; views may group actions into turns."""
        return [(e.seat, e.text) for e in self.match.entries]

    def draw_log(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        theme = self.app.theme
        if bottom - top < 40:
            return
        draw_text(surface, _("Moves"), theme.font(18), theme["text_dim"], (PANEL.x + 14, top))
        font = theme.font(16, "regular")
        lines = self.log_lines()
        y = top + theme.pitch(24)
        step = theme.pitch(20)
        for i in self.log_window(len(lines), top, bottom, step):
            seat, text = lines[i]
            colour = self.seat_colour(seat) if seat >= 0 else theme["text_dim"]
            # Both on the line's middle: a long entry drawn in a smaller font (to fit its
            # width) stays level with its number instead of riding up to the top.
            mid = y + font.get_linesize() // 2
            draw_text(
                surface, f"{i + 1:>3}.", font, theme["text_dim"], (PANEL.x + 14, mid), "midleft"
            )
            draw_text(
                surface,
                text,
                font,
                lighten(colour, 0.35),
                (PANEL.x + 56, mid),
                "midleft",
                max_width=PANEL.w - 70,
            )
            y += step

    def banner_rect(self) -> pygame.Rect:
        """Hook: where the banner goes first.  Its width is the banner's; the banner
        sits on its bottom edge, centred, and grows upward by its lines.  A view whose
        board leaves no room across the whole board area answers a narrower strip.
        Where a message there would cover the board's cells, a key hint or a button,
        it goes to the next of ``message_slots``."""
        rect = pygame.Rect(0, 0, BOARD_AREA.w - 40, BOARD_AREA.h - 6)
        rect.midbottom = (BOARD_AREA.centerx, BOARD_AREA.bottom - 6)
        return rect

    def board_cells(self) -> list[pygame.Rect]:
        """Hook: the board's cells (their bounds will do): no banner or toast covers
        them."""
        return []

    def mark_hint(self, rect: pygame.Rect) -> pygame.Rect:
        """A key hint line was drawn at ``rect`` this frame: messages keep clear of it."""
        self._hint_rects.append(pygame.Rect(rect))
        return rect

    def message_keep_clear(self) -> list[pygame.Rect]:
        """What no banner or toast covers: the board's cells, the key hints drawn this
        frame, the buttons, and what the screen keeps toasts off (a lesson's card)."""
        rects = [pygame.Rect(r) for r in self.board_cells()]
        rects += getattr(self, "_hint_rects", [])
        rects += [pygame.Rect(b.rect) for b in self.play_buttons()]
        own = getattr(self, "toast_avoid", None)
        if callable(own):
            rects += [pygame.Rect(r) for r in own()]
        return rects

    def message_slots(self) -> list[tuple[pygame.Rect, str]]:
        """Where a message may go, in order, each with the edge it sits on: the view's
        ``banner_rect`` (its bottom edge), the header's strip over the board (its top
        edge), and the side panel over the move log, just above its buttons."""
        first = self.banner_rect()
        top = pygame.Rect(first.x, 4, first.w, first.h)
        panel_top = min((el.rect.top for el in self._panel_elements), default=PANEL.bottom)
        side = pygame.Rect(PANEL.x + 8, PANEL.y + 8, PANEL.w - 16, panel_top - 8 - PANEL.y - 8)
        return [(first, "bottom"), (top, "top"), (side, "bottom")]

    def place_message(
        self,
        text: str,
        font: pygame.font.Font,
        line: int,
        pad: int,
        margin: int,
        wrap=None,
        avoid: list[pygame.Rect] = (),
    ) -> tuple[pygame.Rect, list[str]]:
        """Where a message of ``text`` goes (a banner, a toast) and its lines there: in
        the first of ``message_slots`` with room, on the slot's edge or moved in from it
        past what it would cover there, so it covers nothing of ``message_keep_clear``
        (nor ``avoid``: the banner, for a toast); when no slot has room, on the edge of
        the one where it covers least.  ``wrap(text, font, width)`` breaks it
        (``wrap_text`` by default), ``line`` and ``pad`` set its height, ``margin`` how
        much narrower than the slot its text is."""
        keep = self.message_keep_clear() + [pygame.Rect(r) for r in avoid]
        best, best_cover = None, None
        for slot, edge in self.message_slots():
            width = slot.w - margin
            lines = (
                wrap(text, font, width)
                if wrap is not None
                else wrap_text(text, font, width, max_lines=self.banner_lines)
            )
            rect = pygame.Rect(0, 0, slot.w, 2 * pad + line * len(lines))
            if edge == "top":
                rect.midtop = slot.midtop
            else:
                rect.midbottom = slot.midbottom
            first = rect.copy()
            while slot.top <= rect.top and rect.bottom <= slot.bottom:
                hits = [k for k in keep if rect.colliderect(k)]
                if not hits:
                    return rect, lines
                if edge == "top":
                    rect.top = max(k.bottom for k in hits) + 6
                else:
                    rect.bottom = min(k.top for k in hits) - 6
            cover = sum(c.w * c.h for c in (first.clip(k) for k in keep))
            if best_cover is None or cover < best_cover:
                best, best_cover = (first, lines), cover
        return best

    def log_window(self, count: int, top: int, bottom: int, line_h: int) -> range:
        """Which of ``count`` log lines fit below the log's heading between ``top`` and
        ``bottom`` (the latest, unless Page Up has scrolled back)."""
        visible = max(1, (bottom - top - self.app.theme.pitch(24)) // line_h)
        self.log_scroll = min(self.log_scroll, max(0, count - visible))
        end = count - self.log_scroll
        return range(max(0, end - visible), end)

    def draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner_ticks <= 0 or not self.banner:
            return
        theme = self.app.theme
        style = self.banner_style
        font = theme.font(style.size)
        pitch = theme.pitch(style.line)  # the lines step down with the text size
        rect, lines = self.place_message(self.banner, font, pitch, style.pad, style.margin)
        self.banner_drawn = rect  # where it was drawn (tests look)
        edge = {"error": "bad", "warning": "accent", "good": "good"}.get(
            self.banner_kind, "accent_2"
        )
        fade = min(1.0, self.banner_ticks / BANNER_FADE_TICKS)
        draw_panel(
            surface,
            rect,
            theme,
            fill="background_2",
            edge=edge,
            alpha=int(style.alpha * fade),
            width=3,
        )
        for i, line in enumerate(lines):
            draw_text(
                surface,
                line,
                font,
                theme["text"],
                (rect.centerx, rect.y + style.pad + pitch * i),
                "midtop",
                box=rect,
            )
