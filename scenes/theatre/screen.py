"""The theatre: a finished game shown by its own play view, with a timeline.

The board is drawn and animated by the game's ``PlayScene`` subclass in read-only
mode (``read_only``: no board input, no bots, no clocks, no results), fed a *stage*
match whose history ends at the position on screen, so every view sees the state it
draws as its match's state, exactly as in play.  Stepping forward queues the action
on the view like a move in play (its animation, sounds and score pop-ups); stepping
back or jumping shows the position at once.  The stage match's seats are the
replay's, but every seat counts as bot-controlled (``StageMatch``), so no view offers
a person's move editor.

Keys (a controller's buttons arrive as these keys, touch as the mouse):
Left / Right one action, Up / Down or Page Up / Down one turn, Shift+Page Up / Down
one round, Home / End, Space play or pause, + / - speed, T take over, P PNG, G GIF,
Tab and Enter the buttons, Escape back.
"""

from __future__ import annotations

import pygame

import scenes.theatre.graph as graph
from game.analysis.marks import PLACE_STEEPNESS, expected_places, win_chance
from game.midend.match import Match, Seat
from game.storage.replays import Timeline
from game.text.i18n import _, percent, pgettext
from scenes import routes
from scenes.play.base import BOARD_AREA
from scenes.scene import FULL
from scenes.theatre.analyst import Analyst
from scenes.widgets import (
    MenuScene,
    draw_panel,
    draw_text,
    lighten,
    starfield_background,
    text_width,
    toast,
    wrap_text,
)

SCALE = 0.78
BOARD = pygame.Rect(16, 60, round(BOARD_AREA.w * SCALE), round(BOARD_AREA.h * SCALE))
STRIP = pygame.Rect(16, BOARD.bottom + 8, BOARD.w, 74)
CONTROLS_Y = STRIP.bottom + 8
SIDE = pygame.Rect(BOARD.right + 16, 16, 1264 - BOARD.right - 16, 688)
SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0)
PAUSE_BETWEEN = 36  # ticks between actions while playing, at 1x


def _ordinal(n: int) -> str:
    """1st, 2nd ... (German: 1., 2.): each ending a message, so a language sets its own."""
    if 10 <= n % 100 <= 20:
        return _("{n}th").format(n=n)
    ending = {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}.get(n % 10) or _("{n}th")
    return ending.format(n=n)


class StageMatch(Match):
    """The match a read-only view is given: the replay's seats as they were (names,
    person or bot level), but nobody decides here, so every seat counts as controlled
    by a bot and no view opens a person's move editor or a hot-seat curtain."""

    def controller(self, seat: int) -> Seat:
        real = self.seats[seat]
        return real if real.is_bot else Seat.bot("hard", real.name)


MARKS_SHOWN = 6  # rows of the mistake list; the graph shows every mark


def _marks_in_view(mistakes: list, cursor: int, shown: int = MARKS_SHOWN) -> list:
    """The marks the list shows: ``shown`` of them around the position on screen, from
    the last one before it, so stepping through a game with many marks (an Element Shift
    game marks a plan in most rounds) keeps the ones near it clickable, not always the
    first few."""
    if len(mistakes) <= shown:
        return list(mistakes)
    after = next((k for k, m in enumerate(mistakes) if m.action >= cursor), len(mistakes))
    start = max(0, min(after - 1, len(mistakes) - shown))
    return list(mistakes[start : start + shown])


class TheatreScene(MenuScene):
    name = "theatre"

    def __init__(self, app, match: Match, *, name: str = "", analyse: bool = True):
        super().__init__(app)
        self.full = match
        self.title_text = name
        self.spec = match.spec
        self.line = Timeline.of(match)
        self.stage = StageMatch(match.spec, match.setup, list(match.seats), match.states[0], "off")
        self.view = routes.view_class(self.spec.id)(app, self.stage)
        self.view.read_only = True
        self.view.autosave_enabled = False
        self.view.bot_seconds = 0.0
        self.playing = False
        self.speed_index = SPEEDS.index(1.0)
        self.wait = 0
        # The views draw at BOARD_AREA's screen position; a canvas just large enough for
        # it costs less to clear each frame than a whole screen.
        self.canvas = pygame.Surface(BOARD_AREA.bottomright)
        self.dragging = False
        self.log_scroll = 0
        self.analyst = Analyst(app, match) if analyse else None
        self.exporter = None
        self._log_rects: list[tuple[pygame.Rect, int]] = []
        self._mistake_rects: list[tuple[pygame.Rect, int]] = []
        self._side_cache = pygame.Surface(SIDE.bottomright, pygame.SRCALPHA)
        self._side_key: tuple | None = None
        self._spinner_at: tuple[int, int] | None = None
        self.build()
        self._snap(0)

    # -- controls -----------------------------------------------------------------------
    def build(self) -> None:
        """The controls, in the current language (MenuScene.relabel calls it again after
        a language change)."""
        self.clear_controls()
        play = pgettext("playback", "Play") if not getattr(self, "playing", False) else _("Pause")
        row = [
            ("|<", self.to_start, _("Start (Home)")),
            ("<<", lambda: self.step_turn(-1), _("Turn back (Up)")),
            ("<", lambda: self.step(-1), _("Action back (Left)")),
            (play, self.toggle_play, _("Play / pause (Space)")),
            (">", lambda: self.step(+1), _("Action forward (Right)")),
            (">>", lambda: self.step_turn(+1), _("Turn forward (Down)")),
            (">|", self.to_end, _("End (End)")),
        ]
        # the step buttons hold two arrows: narrow, so the speed has room for its word
        x, w, gap = BOARD.x, 58, 6
        for text, fn, tip in row:
            width = 96 if fn == self.toggle_play else w
            c = self.button(
                pygame.Rect(x, CONTROLS_Y, width, 48), text, fn, tooltip=tip, object_id="#small"
            )
            if fn == self.toggle_play:
                self.play_control = c
            x += width + gap
        self.speed_control = self.cycler(
            pygame.Rect(x, CONTROLS_Y, BOARD.right - x, 48),
            _("Speed"),
            SPEEDS,
            SPEEDS[self.speed_index],
            self.set_speed,
            fmt=lambda s: f"{s:g}x",
            object_id="#small",
        )
        bw = (SIDE.w - 24 - 3 * 8) // 4
        bx = SIDE.x + 12
        for text, fn, tip in (
            (_("Take over"), self.take_over, _("Play on from here (T)")),
            ("PNG", self.export_png, _("Save this position as a picture (P)")),
            ("GIF", self.export_gif, _("Save the whole game as an animation (G)")),
            (_("Back"), self.on_back, _("Back (Esc)")),
        ):
            self.button(
                pygame.Rect(bx, SIDE.bottom - 60, bw, 48),
                text,
                fn,
                tooltip=tip,
                object_id="#primary_small" if fn == self.take_over else "#small",
            )
            bx += bw + 8
        self.set_focus(3)

    def toast_avoid(self) -> list[pygame.Rect]:
        """A toast (an export's) covers neither the buttons nor the timeline strip."""
        return [pygame.Rect(c.element.rect) for c in self.controls] + [STRIP]

    def set_speed(self, value: float) -> None:
        self.speed_index = SPEEDS.index(value)
        self.view.playback_speed = value

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def change_speed(self, d: int) -> None:
        self.speed_control.data["step"](d if 0 <= self.speed_index + d < len(SPEEDS) else 0)

    # -- the position on screen -----------------------------------------------------------
    @property
    def cursor(self) -> int:
        return self.line.cursor

    def shown_state(self):
        """The state the board shows once any animation has finished."""
        return self.stage.state

    def idle(self) -> bool:
        return self.view.anim is None and not self.view.queue

    def _snap(self, k: int) -> None:
        """Show position ``k`` at once (stepping back, jumping)."""
        k = self.line.go(k)
        self.view.finish_animations()
        self.stage.states = list(self.full.states[: k + 1])
        self.stage.entries = list(self.full.entries[:k])
        self.view.shown = self.stage.state
        self.view.hint = None
        self.view.on_undo()  # views drop anything tied to the position they left

    def _advance(self) -> bool:
        """One action forward, animated by the view as in play."""
        k = self.line.cursor
        if k >= self.line.last:
            return False
        if not self.idle():
            self.view.finish_animations()
        entry = self.full.entries[k]
        old, new = self.full.states[k], self.full.states[k + 1]
        move = old.parse_move(entry.text)
        self.stage.states.append(new)
        self.stage.entries.append(entry)
        self.view.queue.append((old, new, move, entry.seat))
        self.view.on_moved(old, new, move, entry.seat)
        self.line.go(k + 1)
        return True

    def go(self, k: int) -> None:
        """Jump to position ``k`` (one step forward still animates)."""
        k = max(0, min(self.line.last, k))
        if k == self.cursor + 1:
            self._advance()
        elif k != self.cursor or not self.idle():
            self._snap(k)

    def step(self, d: int) -> None:
        self.pause_play()
        self.go(self.cursor + d)

    def step_turn(self, d: int) -> None:
        self.pause_play()
        here = self.cursor
        target = Timeline(self.line.seats, self.line.rounds, here).step_turn(d)
        self.go(target)

    def step_round(self, d: int) -> None:
        self.pause_play()
        target = Timeline(self.line.seats, self.line.rounds, self.cursor).step_round(d)
        self.go(target)

    def to_start(self) -> None:
        self.pause_play()
        self._snap(0)

    def to_end(self) -> None:
        self.pause_play()
        self._snap(self.line.last)

    def toggle_play(self) -> None:
        if self.playing:
            self.pause_play()
            return
        if self.line.at_end():
            self._snap(0)  # play from the start again
        self.playing = True
        self.wait = 0
        self.play_control.element.set_text(_("Pause"))

    def pause_play(self) -> None:
        if self.playing:
            self.playing = False
            self.play_control.element.set_text(pgettext("playback", "Play"))

    # -- other actions ---------------------------------------------------------------------
    def ended_here(self) -> str:
        """Why the game ended, when the board shows its last position ("" elsewhere): the
        rules' ending, or a resignation (a resigned game's last state is not terminal)."""
        if self.cursor < self.line.last:
            return ""
        if self.full.resigned is None and not self.shown_state().is_terminal():
            return ""  # a game saved unfinished
        return self.full.outcome_reason()

    def take_over(self) -> None:
        self.pause_play()
        if self.shown_state().is_terminal() or (
            self.full.resigned is not None and self.cursor >= self.line.last
        ):
            toast(self.app, _("The game is over here: step back to take over"), "warning")
            return
        self.app.open("take-over", self.full, self.cursor)

    def export_png(self) -> None:
        from scenes.theatre.export import export_folder, save_position_png

        try:
            path = save_position_png(self)
        except OSError:
            # the player is told where, not Python's words for why
            toast(
                self.app,
                _("Could not save the picture in {folder}").format(
                    folder=export_folder(self.app.paths)
                ),
                "warning",
            )
            return
        toast(self.app, _("Picture saved: {path}").format(path=path))

    def export_gif(self) -> None:
        from scenes.theatre.export import GifExport

        if self.exporter is not None:
            toast(self.app, _("The animation is still being made"), "warning")
            return
        self.pause_play()
        self.exporter = GifExport(self)
        toast(self.app, _("Making the animation..."))

    def on_back(self) -> None:
        self.app.sound.play("back")
        self.app.pop()

    def exit(self) -> None:
        super().exit()
        if self.analyst is not None:
            self.analyst.stop()
        self.view.exit()

    # -- input ---------------------------------------------------------------------------
    def handle_key(self, event: pygame.event.Event) -> None:
        k, mod = event.key, event.mod
        shift = mod & pygame.KMOD_SHIFT
        if k == pygame.K_LEFT:
            self.step(-1)
        elif k == pygame.K_RIGHT:
            self.step(+1)
        elif k in (pygame.K_UP, pygame.K_PAGEUP):
            self.step_round(-1) if shift and k == pygame.K_PAGEUP else self.step_turn(-1)
        elif k in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.step_round(+1) if shift and k == pygame.K_PAGEDOWN else self.step_turn(+1)
        elif k == pygame.K_HOME:
            self.to_start()
        elif k == pygame.K_END:
            self.to_end()
        elif k == pygame.K_SPACE:
            self.toggle_play()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RIGHTBRACKET):
            self.change_speed(+1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_LEFTBRACKET):
            self.change_speed(-1)
        elif k == pygame.K_t:
            self.take_over()
        elif k == pygame.K_p:
            self.export_png()
        elif k == pygame.K_g:
            self.export_gif()
        else:
            super().handle_key(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if STRIP.collidepoint(event.pos):
                self.dragging = True
                self.pause_play()
                self.go(graph.position_at(STRIP, event.pos[0], self.line.last))
                return
            for rect, k in self._mistake_rects:
                if rect.collidepoint(event.pos):
                    self.pause_play()
                    self._snap(k)
                    return
            for rect, k in self._log_rects:
                if rect.collidepoint(event.pos):
                    self.pause_play()
                    self.go(k)
                    return
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self._snap(graph.position_at(STRIP, event.pos[0], self.line.last))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEWHEEL:
            if SIDE.collidepoint(self.app.pointer):
                self.log_scroll = max(0, self.log_scroll + event.y)
            else:
                self.step(-event.y)

    # -- time ------------------------------------------------------------------------------
    def frame_rate(self) -> int:
        """Frames while the replay plays or an action animates, while the analysis's
        spinner turns; at rest otherwise, like any menu."""
        analysing = self.analyst is not None and self._spinner_at is not None
        if self.playing or self.view.busy() or analysing:
            return FULL
        return super().frame_rate()

    def update(self) -> None:
        super().update()
        self.view.update()
        if self.playing and self.app.kiosk:
            # A replay playing on a booth's big screen is being watched, not abandoned:
            # the kiosk's "Still there?" waits until it stops.
            self.app.input.last_input_tick = self.app.tick_count
        if self.playing and self.idle():
            if self.line.at_end():
                self.pause_play()
            elif self.wait > 0:
                self.wait -= 1
            else:
                self._advance()
                self.wait = int(PAUSE_BETWEEN / self.speed)
        if self.analyst is not None:
            self.analyst.update(self.cursor)
        if self.app.speech.enabled:
            words = self.position_words()
            if words != self._position_said:  # stepped, or the coach's mark came in
                if self._position_said is not None:
                    self.app.speech.say(words)
                self._position_said = words
        if self.exporter is not None:
            message = self.exporter.update()
            if message is not None:
                toast(self.app, message, "warning" if self.exporter.failed else "info", 6)
                self.exporter = None

    # -- speech ----------------------------------------------------------------------------
    _position_said: str | None = None

    def position_words(self) -> str:
        """The position on screen for speech: the move that led here, and the coach's
        mark on the move made from here with the Hard bot's move and the reason."""
        entries, names = self.full.entries, self.full.seat_names()
        k = self.cursor
        if k == 0:
            parts = [_("Start position, {total} moves").format(total=len(entries))]
        else:
            e = entries[k - 1]
            parts = [
                _("Move {n} of {total}: {name} {move}").format(
                    n=k, total=len(entries), name=names[e.seat], move=e.text
                )
            ]
        m = self.mistake_here()
        if m is not None and self.analyst is not None:
            alt = self.analyst.cache.alternatives.get(m.action)
            mark = _("Mistake next: {name} played {played}").format(
                name=names[m.seat], played=entries[m.action].text
            )
            if alt:
                mark = _("{mark}; the Hard bot plays {move}").format(mark=mark, move=alt)
            parts.append(mark)
            why = self.analyst.explanation(m.action)
            if why:
                parts.append(why)
        return ". ".join(p.rstrip(".") for p in parts if p)

    def spoken_title(self) -> str:
        self._position_said = self.position_words()
        return _("Replay theatre. {position}").format(position=self._position_said)

    # -- drawing ---------------------------------------------------------------------------
    def mistake_here(self):
        """The marked mistake made from the position on screen, if any."""
        if self.analyst is None:
            return None
        for m in self.analyst.mistakes():
            if m.action == self.cursor:
                return m
        return None

    def render_board(self, target: pygame.Surface, alpha: float = 0.0, ghost: bool = True) -> None:
        """The view's board (BOARD_AREA of ``target``) as it stands, with the theatre's
        additions: every seat's plan for a game of secret plans, and (``ghost``) the
        Hard bot's move where a mistake was made from the position on screen."""
        view = self.view
        view.mark_drawn()
        starfield_background(target, self.app.theme, view.motion_ticks // 2)
        if view.anim is not None:
            old, new, move, seat, total = view.anim
            t = min(1.0, (view.anim_tick + alpha) / total)
            view.draw_transition(target, old, new, move, t)
            return
        view.draw_board(target, view.shown, alpha)
        state = view.shown
        pending = getattr(state, "pending", None)
        if pending is not None and hasattr(view, "draw_path") and not state.is_terminal():
            # Element Shift: the game is over, so no plan is secret any more.
            for seat, plan in enumerate(pending):
                actions = getattr(plan, "actions", None)
                if actions is not None:
                    view.draw_path(target, state, seat, plan.switch, list(actions), faint=True)
        m = self.mistake_here() if ghost else None
        if m is not None:
            alt = self.analyst.alternative(m.action)
            if alt is not None:
                view.draw_hint(target, alt)

    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, self.motion_ticks)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        self.render_board(self.canvas, alpha)
        board = pygame.transform.smoothscale(self.canvas.subsurface(BOARD_AREA), BOARD.size)
        surface.blit(board, BOARD.topleft)
        head = self.spec.title + (f"  ·  {self.title_text}" if self.title_text else "")
        where_text = _("action {n} of {total}").format(n=self.cursor, total=self.line.last)
        ended = self.ended_here()
        if ended:
            where_text = f"{ended}  ·  {where_text}"
        where = draw_text(
            surface,
            where_text,
            theme.font(20),
            theme["text"],
            (BOARD.right, 18),
            "topright",
            max_width=BOARD.w * 3 // 5,  # the game's title keeps the rest
        )
        draw_text(  # the game's title is the screen's heading: its designed size
            surface,
            head,
            theme.heading(26),
            theme["accent"],
            (20, 12),
            max_width=min(BOARD.w - 200, where.x - 20 - 20),
        )
        self.draw_strip(surface)
        self.draw_side(surface)

    def seat_colour(self, seat: int):
        return self.view.seat_colour(seat)

    def draw_strip(self, surface: pygame.Surface) -> None:
        an = self.analyst
        values = an.cache.values if an is not None else [None] * (self.line.last + 1)
        graph.draw_strip(
            surface,
            STRIP,
            self.app.theme,
            cursor=self.cursor,
            last=self.line.last,
            values=values,
            turn_starts=self.line.turn_starts(),
            mistakes=an.mistakes() if an is not None else [],
            seat_colour=self.seat_colour,
            ticks=self.ticks,
            two_player=self.full.state.num_players == 2,
            analysing=an is not None and not an.finished(),
            names=self.full.seat_names(),
        )

    def draw_side(self, surface: pygame.Surface) -> None:
        """The side panel changes only with the position, the analysis and the scroll:
        it is drawn into a cache then (a frame only copies it), the spinner on top."""
        an = self.analyst
        key = (
            self.cursor,
            self.log_scroll,
            an.cache.done if an else 0,
            len(an.cache.alternatives) if an else 0,
            len(an.mistakes()) if an else 0,
        )
        if key != self._side_key:
            self._side_key = key
            self._side_cache.fill((0, 0, 0, 0))
            self._spinner_at = None
            self._draw_side(self._side_cache)
        surface.blit(self._side_cache, SIDE.topleft, SIDE)
        if self._spinner_at is not None:
            graph.draw_spinner(surface, self._spinner_at, 7, self.ticks, self.app.theme["text_dim"])

    def _draw_side(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        draw_panel(surface, SIDE, theme)
        x, y = SIDE.x + 14, SIDE.y + 10
        rows = self.view.panel_rows()
        compact = len(rows) > 6
        font = theme.font(15 if compact else 19)
        line_h = theme.pitch(21 if compact else 30)
        value = self.analyst.value(self.cursor) if self.analyst else None
        to_move = self.shown_state().current_player()
        cols = 2 if compact else 1
        col_w = (SIDE.w - 28) // cols
        names = self.full.seat_names()
        places = (
            expected_places(value, PLACE_STEEPNESS)
            if value is not None and len(value) > 2
            else None
        )
        extras = []
        for seat, _left, _right in rows:
            extra = ""
            if value is not None and len(value) == 2:
                extra = "  " + percent(round(100 * win_chance(value[seat])) / 100)
            elif places is not None and seat < len(places):
                extra = f"  ~{_ordinal(round(places[seat]))}"  # expected place from the analysis
            extras.append(extra)
        # Twelve seats in two columns at a large text size: where a label ("Player 3
        # (Medium bot)") has no room beside its points, every row shows the seat's name
        # alone, rather than text shrunk below the size the player chose, or rows of
        # two kinds.
        if any(
            text_width(font, left) > col_w - 40 - text_width(font, f"{right}{extra}")
            for (_seat, left, right), extra in zip(rows, extras, strict=True)
        ) and all(seat < len(names) for seat, _l, _r in rows):
            rows = [(seat, names[seat], right) for seat, _left, right in rows]
        for i, ((seat, left, right), extra) in enumerate(zip(rows, extras, strict=True)):
            cx = x + (i % cols) * col_w
            cy = y + (i // cols) * line_h
            if seat == to_move:
                pygame.draw.rect(
                    surface,
                    theme["accent"],
                    (cx - 6, cy - 2, col_w - 4, line_h - 2),
                    2,
                    border_radius=7,
                )
            pygame.draw.circle(
                surface, self.seat_colour(seat), (cx + 8, cy + line_h // 2 - 1), 6 if compact else 8
            )
            rtext = f"{right}{extra}"
            rw = text_width(font, rtext)
            draw_text(surface, left, font, theme["text"], (cx + 22, cy), max_width=col_w - 40 - rw)
            draw_text(surface, rtext, font, theme["text_dim"], (cx + col_w - 12, cy), "topright")
        y += ((len(rows) + cols - 1) // cols) * line_h + 6
        y = self.draw_mistakes(surface, y)
        self.draw_log(surface, y + 4, SIDE.bottom - 72)

    def draw_mistakes(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        self._mistake_rects = []
        an = self.analyst
        if an is None:
            return y
        small = theme.font(15, "regular")
        mistakes = an.mistakes()
        if not an.cache.complete():
            self._spinner_at = (SIDE.x + 22, y + 10)
            draw_text(
                surface,
                _("Analysing positions: {done} of {total}").format(
                    done=an.cache.done, total=an.cache.positions
                ),
                small,
                theme["text_dim"],
                (SIDE.x + 36, y + 1),
            )
            y += 24
        if not mistakes:
            if an.cache.complete():
                draw_text(
                    surface, _("No mistakes found"), small, theme["text_dim"], (SIDE.x + 14, y)
                )
                y += 22
            return y
        draw_text(
            surface,
            _("Mistakes (click to see the Hard bot's move)"),
            theme.font(16),
            theme["accent_2"],
            (SIDE.x + 14, y),
            max_width=SIDE.w - 28,
        )
        y += theme.pitch(22)
        names = self.full.seat_names()
        for m in _marks_in_view(mistakes, self.cursor):
            rect = pygame.Rect(SIDE.x + 8, y, SIDE.w - 16, theme.pitch(22))
            here = m.action == self.cursor
            if here:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.15), rect, border_radius=6)
            alt = an.cache.alternatives.get(m.action)
            played = self.full.entries[m.action].text
            text = f"{m.action + 1}. {names[m.seat]}: {played}"
            if self.full.state.num_players == 2:
                text += f"  (-{round(100 * m.chance_lost)}%)"
            hard = "  " + (_("Hard: {move}").format(move=alt) if alt else _("Hard: ..."))
            # The Hard bot's move is drawn on the board when the mark is stepped to: where
            # the row has no room for both at the size chosen (a large text size, a long
            # Element Shift plan), it goes before the text shrinks.
            if text_width(small, text + hard) <= rect.w - 30:
                text += hard
            pygame.draw.polygon(
                surface,
                theme["bad"],
                [(rect.x + 6, y + 5), (rect.x + 18, y + 5), (rect.x + 12, y + 16)],
            )
            draw_text(
                surface, text, small, theme["text"], (rect.x + 24, y + 1), max_width=rect.w - 30
            )
            self._mistake_rects.append((rect, m.action))
            y += theme.pitch(24)
            why = an.explanation(m.action) if here else ""
            if why:
                # Why, in the engine's words, under the mark on screen (three lines at most:
                # the pseudo-locale's longer words and German at 150 % need the third).
                for line in wrap_text(why, small, rect.w - 30, max_lines=3):
                    draw_text(
                        surface,
                        line,
                        small,
                        theme["text_dim"],
                        (rect.x + 24, y),
                        max_width=rect.w - 30,
                    )
                    y += theme.pitch(20)
        return y

    def draw_log(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        theme = self.app.theme
        self._log_rects = []
        if bottom - top < 50:
            return
        draw_text(
            surface,
            _("Moves (click to jump)"),
            theme.font(16),
            theme["text_dim"],
            (SIDE.x + 14, top),
        )
        font = theme.font(15, "regular")
        entries = self.full.entries
        row_h = theme.pitch(20)
        visible = max(1, (bottom - top - theme.pitch(24)) // row_h)
        # Keep the action just played (the one that led here) in view.
        focus = max(0, self.cursor - 1)
        start = max(0, min(focus - visible // 2, len(entries) - visible))
        start = max(0, start - self.log_scroll) if self.log_scroll else start
        y = top + theme.pitch(22)
        names = self.full.seat_names()
        number_w = text_width(font, "000.") + 10  # the move numbers' column
        for i in range(start, min(len(entries), start + visible)):
            e = entries[i]
            rect = pygame.Rect(SIDE.x + 8, y, SIDE.w - 16, row_h)
            if i == self.cursor - 1:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.18), rect, border_radius=5)
            colour = lighten(self.seat_colour(e.seat), 0.35)
            draw_text(surface, f"{i + 1:>3}.", font, theme["text_dim"], (rect.x + 6, y + 1))
            who = names[e.seat] if e.seat < len(names) else ""
            draw_text(
                surface,
                f"{who}: {e.text}" + ("  " + _("(clock)") if e.clock else ""),
                font,
                colour,
                (rect.x + 6 + number_w, y + 1),
                max_width=rect.w - 12 - number_w,
            )
            self._log_rects.append((rect, i + 1))
            y += row_h
