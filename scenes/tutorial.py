"""Learn by playing: one tutorial scene for every game, driven by seeds/tutorial-<game>.json.

The scene *is* the game's own play view (``scenes/play/<game>/``) with
:class:`TutorialMixin` in front of it, so the board, its input by mouse, touch, keys
and controller, its animations and its refusals are exactly the real game's.  The
mixin only:

- builds the step's match (the tutorial's start replayed through the step's setup
  moves; the other seats are the tutorial's script, never a thinking bot);
- judges each action the person makes (``game.content.tutorials.judge``): the expected one
  plays and its result is explained, another legal one plays and is then taken back
  with the reason, an illegal one is refused with the engine's own reason;
- plays a watch-only step's demonstration and the other seats' replies;
- dims the board except the step's lit cells, and draws the caption card with the
  progress ("3 of 7"), Back, Skip and Next.

Keys (controller in brackets): Page Up [left shoulder] Back, Page Down [right
shoulder] Skip or Next, Enter [A] Next once a step is done; H [Y] shows the step's hint.
Finishing marks the game as learned (``scenes.learned``) and hands over to a real
game against the Easy bot, with the Hint button pulsing once.
"""

from __future__ import annotations

import dataclasses

import pygame

from game.content.tutorials import Tutorial, TutorialError, judge, load_tutorial
from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup, IllegalMove
from game.text import i18n
from game.text.i18n import N_, _
from scenes import routes
from scenes.play.base import BOARD_AREA, PANEL
from scenes.scene import LOGICAL_SIZE
from scenes.stage import POSITION_EVENTS, Stage, log_mark
from scenes.widgets import (
    MIN_TARGET,
    clear_pitch,
    draw_card_button,
    draw_panel,
    draw_text,
    fitting_font,
    lighten,
    starfield_background,
    text_width,
    toast,
    wrap_text,
)

CARD = pygame.Rect(16, 2, 848, 68)  # in the header's place, above the board
BUTTON_W = 100
# Each button of the card: its label and the keyboard's and controller's way to it.
CARD_BUTTONS = {
    "next": (N_("Next  ›"), N_("Enter · A")),
    "skip": (N_("Skip  »"), N_("PgDn · RB")),
    "back": (N_("‹  Back"), N_("PgUp · LB")),
}
CAPTION_SIZE, CAPTION_LINE = 17, 20
SCRIPT_TICKS = 40  # a scripted action waits this long, so people can follow it
TAKE_BACK_TICKS = 50  # another legal action stays on the board this long, then goes
HANDOVER_PULSE_TICKS = 150


def lit_rect(view, game_id: str, name: str) -> pygame.Rect | None:
    """The screen rectangle of cell ``name`` in ``view``, or None when it names no cell
    (each view's own geometry: its package's ``lit_rect``)."""
    try:
        return routes.play_package(game_id).lit_rect(view, name)
    except (IllegalMove, ValueError, KeyError):
        return None


def board_rect(view, game_id: str) -> pygame.Rect | None:
    """The board's own rectangle: the dimming covers the cells, never the view's panels
    and buttons (which stay readable and look as usable as they are)."""
    try:
        rects = routes.play_package(game_id).board_rects(view)
    except (IllegalMove, ValueError, KeyError):
        return None
    rects = [r for r in rects if r is not None]
    return rects[0].unionall(rects[1:]).inflate(8, 8) if rects else None


def build_match(tutorial: Tutorial, index: int, learner: tuple[str, str] = ("", "")) -> Match:
    """The match of step ``index``: no clocks (a lesson is never timed), the person in
    the learner's seat (named as the player's profile, ``learner`` = (profile id,
    name), when one was picked), the tutorial's script in the others."""

    spec = dataclasses.replace(GAMES[tutorial.game], rule_clock=None)
    setup = tutorial.setup()
    names = spec.seat_names(setup.players)
    seats = [
        # The script's seats are named plainly: their kind line says "Lesson" (a
        # "(lesson)" suffix was cut off in narrow panels, and no bot plays them).
        Seat.person(learner[1]) if s == tutorial.learner else Seat.bot("easy", names[s])
        for s in range(setup.players)
    ]
    match = Match(spec, setup, seats, setup.start({spec.id: spec}))
    for i, text in enumerate(tutorial.steps[index].setup):
        try:
            match.submit(match.parse(text))
        except IllegalMove as exc:
            raise TutorialError(
                _("step {step} setup: move {number} ({move}) is illegal: {reason}").format(
                    step=index + 1, number=i + 1, move=repr(text), reason=exc
                )
            ) from None
    return match


def tutorial_class(game_id: str) -> type:
    return routes.judged_view_class(TutorialMixin, game_id)


def tutorial_scene(app, game_id: str, index: int = 0, learner: tuple[str, str] = ("", "")):
    """Step ``index`` of ``game_id``'s tutorial (the router's "tutorial"), or None when
    its file is damaged: that is reported on screen and nothing else changes.
    ``learner`` is the learning seat's (profile id, name): the lesson calls the player
    by it and the game it leads to counts for that profile."""
    try:
        tutorial = load_tutorial(game_id)
        match = build_match(tutorial, index, learner)
    except TutorialError as exc:
        app.sound.play("error")
        toast(app, _("The tutorial cannot start: {reason}").format(reason=exc), "warning")
        return None
    scene = tutorial_class(game_id)(app, match)
    scene.setup_tutorial(tutorial, index)
    scene.learner = learner
    return scene


def open_tutorial(
    app, game_id: str, index: int = 0, replace: bool = False, learner: tuple[str, str] = ("", "")
) -> bool:
    """Show step ``index`` of ``game_id``'s tutorial; returns whether it opened."""
    scene = tutorial_scene(app, game_id, index, learner)
    if scene is not None:
        (app.replace if replace else app.push)(scene)
    return scene is not None


def hand_over(app, game_id: str, learner: tuple[str, str] = ("", "")) -> None:
    """The last step: a real game against the Easy bot, the Hint button pulsing once;
    the learner's profile (``learner`` = (profile id, name)) plays it."""
    import random

    spec = GAMES[game_id]
    players, options = spec.resolve_options()
    setup = GameSetup(game_id, players, options, random.randrange(1, 1_000_000))
    profile_id, name = learner
    seats = [Seat.person(name)] + [Seat.bot("easy") for _ in range(players - 1)]
    match = Match(spec, setup, seats, setup.start(GAMES))
    if profile_id:
        match.profiles = {0: profile_id}
    view = routes.view_class(game_id)
    cls = type(f"HandOver{view.__name__}", (HandOverMixin, view), {})
    app.replace(cls(app, match))


class HandOverMixin:
    """A real game whose Hint button pulses once at the start."""

    def draw(self, surface, alpha):
        super().draw(surface, alpha)
        if self.ticks < HANDOVER_PULSE_TICKS:
            import math

            glow = math.sin(math.pi * self.ticks / HANDOVER_PULSE_TICKS)  # one swell and fade
            rect = self.hint_button.rect.inflate(10 + int(10 * glow), 10 + int(10 * glow))
            pygame.draw.rect(
                surface, lighten(self.app.theme["accent"], 0.4 * glow), rect, 4, border_radius=12
            )


class TutorialMixin:
    """Goes in front of a play view's class: see the module's docstring."""

    autosave_enabled = False
    is_tutorial = True
    learner: tuple[str, str] = ("", "")  # the learning seat's (profile id, name)

    def setup_tutorial(self, tutorial: Tutorial, index: int) -> None:
        self.tutorial = tutorial
        self.step_index = index
        self.step = tutorial.steps[index]
        self.script: list[str] = list(self.step.watch)
        self.script_wait = SCRIPT_TICKS
        self.take_back_wait = -1
        self.take_back_why = ""
        # doing: waiting for the person; playing: the script plays (replies or a
        # demonstration); done: the result is shown and Next moves on.
        self.phase = "playing" if self.step.watch_only else "doing"
        self.result = ""
        self.bot_seconds = 0.1

    # -- what the panels say while the script's seats are to act ---------------------
    # Nothing thinks in a lesson: the script plays the replies, then waits for Next.
    def waiting_words(self, seat: int, doing: str = "thinking") -> str:
        if self.phase == "done":
            return _("Press Next to go on")
        if self.phase == "playing":
            return _("{player} replies...").format(player=self.seat_label(seat))
        if self.phase == "taking back":
            return _("That move is taken back...")
        return _("{player} waits").format(player=self.seat_label(seat))

    def waiting_short(self, seat: int) -> str:
        if self.phase == "done":
            return _("press Next")
        return _("replying") if self.phase == "playing" else _("waits")

    def waiting_help(self, text: str) -> str:
        if self.phase == "done":
            return _("Press Next (Enter) to go on to the next step.")
        return _("Watch the lesson's reply land on the board.")

    def seat_kind(self, seat: int) -> str:
        return _("Lesson") if seat != self.tutorial.learner else _("You")

    def toast_avoid(self) -> list[pygame.Rect]:
        """A toast covers neither the view's buttons nor the step's card."""
        stage = self.play_stage()
        rects = [b.rect for b in self.play_buttons()]
        if stage is not None:  # the view's own buttons are shown where the stage puts them
            rects = [stage.to_screen(r) if r.centerx < stage.source.right else r for r in rects]
        return rects + [self.card_rect()]

    # -- where things are ------------------------------------------------------------
    def button_width(self) -> int:
        """The card's buttons' width: BUTTON_W, wider (up to BUTTON_W grown with the
        text size) where a label or its key line needs it ("Bild ab · RB" at 150 %)."""
        theme = self.app.theme
        need = BUTTON_W
        for label, keys in CARD_BUTTONS.values():
            need = max(
                need,
                text_width(theme.font(17, "bold"), _(label)) + 12,
                text_width(theme.font(12, "regular"), _(keys)) + 10,
            )
        return min(need, theme.pitch(BUTTON_W))

    def caption_width(self) -> int:
        """The caption's width: the card less its two buttons, or less the step counter
        above them where that is wider (a long counter ran into the caption's first
        line)."""
        font = self.app.theme.font(14, "bold")
        n = len(self.tutorial.steps)
        counter = max(
            text_width(font, words.format(step=n, count=n))
            for words in (_("Learn · {step} of {count} · watch"), _("Learn · {step} of {count}"))
        )
        return CARD.w - 28 - max(2 * (self.button_width() + 8), counter + 20)

    def tutorial_buttons(self) -> dict[str, pygame.Rect]:
        w = self.button_width()
        card = self.card_rect()
        h = self.app.theme.pitch(MIN_TARGET)
        y = card.bottom - h - 3
        x = card.right - 8 - w
        out = {}
        for name in ("next", "skip", "back"):
            if name == "next" and self.phase != "done":
                continue
            if name == "skip" and self.phase == "done":
                continue
            if name == "back" and self.step_index == 0:
                continue
            out[name] = pygame.Rect(x, y, w, h)
            x -= w + 8
        return out

    # -- moving between steps ----------------------------------------------------------
    def go_to(self, index: int) -> None:
        if index >= len(self.tutorial.steps):
            from scenes.counting import count
            from scenes.learned import mark_learned

            count(self.app, "tutorial-finished", game=self.tutorial.game)

            warning = mark_learned(self.app.paths, self.tutorial.game)
            if warning:
                toast(self.app, warning, "warning")
            handover = self.tutorial.handover
            toast(
                self.app,
                _(handover) if handover else _("Now a real game against the Easy bot."),
                "info",
            )
            hand_over(self.app, self.tutorial.game, self.learner)
            return
        open_tutorial(
            self.app, self.tutorial.game, max(0, index), replace=True, learner=self.learner
        )

    def next_step(self) -> None:
        self.app.sound.play("click")
        self.go_to(self.step_index + 1)

    def back_step(self) -> None:
        if self.step_index > 0:
            self.app.sound.play("back")
            self.go_to(self.step_index - 1)

    def restart(self) -> None:  # the pause menu's Restart: this step again
        self.go_to(self.step_index)

    def undo(self) -> None:  # within a lesson, undo means: try this step again
        self.go_to(self.step_index)

    def request_hint(self) -> None:
        if self.phase != "doing":
            self.say(_("Nothing to do in this step: watch, then press Next"), "info")
            return
        try:
            self.hint = self.match.state.parse_move(self.step.expect[0])
        except IllegalMove:
            self.hint = None
        # A hint from the file is words (translated); without one, the move itself
        # (notation, the same in every language).
        hint = self.step.hint if self.step.hint else self.step.expect[0]
        self.say(_("Hint: {hint}").format(hint=hint), "info", 5)

    # -- the person's actions ----------------------------------------------------------
    def try_move(self, move) -> bool:
        if self.phase != "doing":
            self.say(
                _("Press Next to go on") if self.phase == "done" else _("Watch for a moment"),
                "info",
            )
            return False
        verdict = judge(self.tutorial, self.step, self.match.state, move)
        if verdict.kind == "illegal":
            return super().try_move(move)  # refused with the engine's own reason
        ok = super().try_move(move)
        if not ok:
            return False
        if verdict.kind == "expected":
            self.result = verdict.message
            self.script = list(self.step.reply)
            self.script_wait = SCRIPT_TICKS // 2
            self.phase = "playing"
        else:
            self.phase = "taking back"
            self.take_back_wait = TAKE_BACK_TICKS
            self.take_back_why = verdict.message
            self.say(verdict.message, "warning", 5)
        return True

    # Crystal Connector holds a turn's shifts until Confirm; a lesson judges each shift
    # on its own, so each one goes to the match at once.
    hold_turn = False

    # -- the script ------------------------------------------------------------------
    def _drive_bots(self) -> None:
        m = self.match
        if self.anim or self.queue:
            return
        if self.phase == "taking back":
            self.take_back_wait -= 1
            if self.take_back_wait <= 0:
                m.undo()
                self.finish_animations()
                self.on_undo()
                self.phase = "doing"
                self.app.sound.play("back")
                self.say(self.take_back_why, "warning", 6)
            return
        if self.phase != "playing":
            return
        if not self.script:
            self.phase = "done"
            self.result = self.step.done if self.step.done else self.result
            self.app.sound.play("win" if self.step.claims.get("winner") is not None else "place")
            return
        self.script_wait -= 1
        if self.script_wait > 0:
            return
        self.script_wait = SCRIPT_TICKS // (3 if len(self.script) > 4 else 1)
        text = self.script.pop(0)
        old, seat = m.state, m.to_move()
        try:
            move = m.parse(text)
            new = m.submit(move)
        except IllegalMove as exc:  # a damaged file: say so and let the person move on
            self.say(
                _("The tutorial's move {move} is refused: {reason}").format(
                    move=repr(text), reason=exc
                ),
                "error",
                8,
            )
            self.script.clear()
            return
        self._after_move(old, new, move, seat)

    def show_results(self) -> None:
        """A lesson that ends the game (five trees, a connected army) stays on the board."""

    # -- input -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for name, rect in self.tutorial_buttons().items():
                if rect.collidepoint(event.pos):
                    self.press_tutorial(name)
                    return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_PAGEUP:
                self.press_tutorial("back")
                return
            if event.key == pygame.K_PAGEDOWN:
                self.press_tutorial("next" if self.phase == "done" else "skip")
                return
            if (
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and self.phase == "done"
            ):
                self.press_tutorial("next")
                return
        if (
            self.phase in ("done", "playing", "taking back")
            and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
            and self.card_rect().collidepoint(getattr(event, "pos", (-1, -1)))
        ):
            return
        stage = self.play_stage()
        if stage is not None and event.type in POSITION_EVENTS:
            try:
                on_view = event.pos[0] < stage.source.right  # the side panel is not scaled
            except (AttributeError, TypeError, IndexError):
                on_view = False
            if on_view:
                event = stage.map_event(event)
        super().handle(event)

    def pointer(self) -> tuple[int, int]:
        """The mouse in the view's pixels (the view may be shown scaled)."""
        pos = super().pointer()
        stage = self.play_stage()
        if stage is None or pos[0] >= stage.source.right:
            return pos
        return stage.to_view(pos)

    def press_tutorial(self, name: str) -> None:
        if name == "back":
            self.back_step()
        elif name in ("skip", "next"):
            self.next_step()

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        stage = self.play_stage()
        if stage is None:
            super().draw(surface, alpha)
            self.draw_dimming(surface)
            self.draw_card(surface)
            self.draw_banner(surface)
            return
        # The card is taller than the header's place: the view is drawn whole at its
        # own layout, then its play area is shown scaled into the room under the card
        # (the side panel keeps its size and place).
        canvas = stage.canvas(surface)
        mark = log_mark()
        super().draw(canvas, alpha)
        self.draw_dimming(canvas)
        self.draw_banner(canvas)
        stage.relog(mark)
        starfield_background(surface, self.app.theme, self.motion_ticks // 2)
        right = stage.source.right
        surface.blit(
            canvas, (right, 0), pygame.Rect(right, 0, LOGICAL_SIZE[0] - right, LOGICAL_SIZE[1])
        )
        stage.show(surface)
        self.draw_card(surface)

    def play_stage(self) -> Stage | None:
        """Where the play area is shown when the card needs more than the header's
        place (text above 100 %): scaled to the room under the card.  None at 100 %,
        where the view is drawn as it is."""
        card = self.card_rect()
        if card.bottom <= CARD.bottom:
            return None
        source = pygame.Rect(0, BOARD_AREA.y, PANEL.x - 8, LOGICAL_SIZE[1] - BOARD_AREA.y)
        room = pygame.Rect(0, card.bottom + 2, source.w, LOGICAL_SIZE[1] - card.bottom - 2)
        stage = Stage(source, room)
        if stage != getattr(self, "_stage", None):  # kept: its offscreen canvas is reused
            self._stage = stage
        return self._stage

    def board_covered(self) -> bool:
        """A view's own overlay is over the board (Element Shift's round summary or
        curtain): the lit cells would shine through it, so nothing is dimmed then."""
        mode = getattr(self, "mode", None)
        return callable(mode) and mode() in ("summary", "curtain")

    def draw_dimming(self, surface: pygame.Surface) -> None:
        """Everything on the board but the lit cells goes darker, the lit ones glow."""
        rects = [r for r in (lit_rect(self, self.tutorial.game, n) for n in self.step.lit) if r]
        if not rects or self.board_covered():
            return
        board = board_rect(self, self.tutorial.game) or BOARD_AREA.copy()
        # Below the header's place: a taller card no longer covers the board (the view
        # is shown beneath it, see play_stage).
        board = board.clip(
            pygame.Rect(0, CARD.bottom, BOARD_AREA.right, BOARD_AREA.bottom - CARD.bottom)
        )
        shade = pygame.Surface(board.size, pygame.SRCALPHA)
        shade.fill((4, 5, 12, 150))
        for r in rects:
            shade.fill((0, 0, 0, 0), r.move(-board.x, -board.y))
        surface.blit(shade, board.topleft)
        glow = lighten(self.app.theme["accent"], 0.25)
        for r in rects:
            pygame.draw.rect(surface, glow, r.inflate(2, 2), 2, border_radius=6)

    def card_rect(self) -> pygame.Rect:
        """The caption card: CARD, grown down when the text size needs more room for
        the caption's lines, or for the step counter above the buttons (the buttons
        grow with their two lines of text).  The view then moves under it (play_stage)."""
        if self.app.theme.text_scale <= 1:
            return CARD.copy()
        pitch = self.app.theme.pitch
        counter = self.app.theme.font(14, "bold").get_height()
        need = max(
            # the last line is a whole line tall (the font's height), not a pitch
            10 + self.caption_step() * (self.card_lines() - 1) + self.caption_height(),
            3 + counter + pitch(MIN_TARGET) + 3,
        )
        return pygame.Rect(CARD.x, CARD.y, CARD.w, max(CARD.h, need))

    def card_lines(self) -> int:
        """The caption lines the card holds: three at 100 % (a test keeps every caption
        and result within three there).  Larger text: as many as this tutorial's
        longest caption or result needs, so no line is left out and the card keeps one
        height from step to step (the board under it does not jump)."""
        scale = self.app.theme.text_scale
        if scale <= 1:
            return 3
        key = (scale, i18n.generation(), self.caption_width())
        known = getattr(self, "_card_lines", None)
        if known is None or known[0] != key:
            texts = [t for s in self.tutorial.steps for t in (s.caption, s.done) if t]
            texts.append(_("Well done."))  # the result of a step with no words of its own
            known = self._card_lines = (key, max(len(self.caption_lines(t)) for t in texts))
        return known[1]

    def caption_step(self) -> int:
        """From one caption line's top to the next: CAPTION_LINE grown with the text
        size, never so close that a mark over a capital meets a descender above."""
        font = self.app.theme.font(CAPTION_SIZE, "regular")
        return max(self.app.theme.pitch(CAPTION_LINE), clear_pitch(font))

    def caption_height(self) -> int:
        """One caption line's height: where a line's glyphs may reach, top to bottom."""
        return max(
            self.app.theme.pitch(CAPTION_LINE),
            self.app.theme.font(CAPTION_SIZE, "regular").get_height(),
        )

    def caption_lines(self, text: str) -> list[str]:
        """The card's lines for ``text`` (a test checks every caption fits in three)."""
        font = self.app.theme.font(CAPTION_SIZE, "regular")
        return wrap_text(text, font, self.caption_width())

    def draw_card(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        done = self.phase == "done"
        card = self.card_rect()
        pitch = theme.pitch
        draw_panel(
            surface,
            card,
            theme,
            fill="background_2",
            edge="good" if done else "accent",
            alpha=245,
            width=3,
            radius=12,
        )
        if self.step.watch_only and not done:
            progress = _("Learn · {step} of {count} · watch")
        else:
            progress = _("Learn · {step} of {count}")
        progress = progress.format(step=self.step_index + 1, count=len(self.tutorial.steps))
        draw_text(
            surface,
            progress,
            theme.font(14, "bold"),
            theme["accent"],
            (card.right - 12, card.y + 3),
            "topright",
        )
        font = theme.font(CAPTION_SIZE, "regular")
        colour = theme["good"] if done else theme["text"]
        lines = self.caption_lines(self.result if done else self.step.caption)
        step = self.caption_step()
        room = self.card_lines()
        shown = min(room, len(lines))
        top = card.centery - (step * (shown - 1) + self.caption_height()) // 2
        for i, line in enumerate(lines[:room]):
            draw_text(surface, line, font, colour, (card.x + 14, top + step * i))
        for name, rect in self.tutorial_buttons().items():
            label, keys = (_(words) for words in CARD_BUTTONS[name])
            primary = name == "next"
            fg = draw_card_button(surface, theme, rect, label, primary, -pitch(7))
            # the keyboard's and the controller's way to the same button, inside it
            font = fitting_font(theme, keys, 12, "regular", rect.w - 6)
            draw_text(
                surface,
                keys,
                font,
                fg if primary else theme["text_dim"],
                (rect.centerx, rect.centery + pitch(12)),
                "center",
                max_width=rect.w - 6,
                box=rect,
            )

    def draw_header(self, surface: pygame.Surface) -> None:
        """The caption card takes the header's place."""
