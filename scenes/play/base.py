"""What every play screen shares: the match, bot turns, animation, panels, log.

A game's view subclasses :class:`PlayScene` and fills in the board:

- ``draw_board(surface, state, alpha)``: the board for a settled state.
- ``transition_ticks(old, new, move)`` and ``draw_transition(surface, old, new, move, t)``:
  the animation from ``old`` to ``new`` as a function of ``t`` in 0..1 (Simon
  Tatham's rule: an animation is a function of (old state, new state, t)).
- ``handle_board(event)``: hit-test clicks, drags and keys into the plain inputs of
  ``scenes/play/interpret.py``, let the game's pure ``interpret_move`` (its ``ui.py``)
  answer, and hand the answer to ``self.apply_input``, which submits a move through
  ``self.try_move``.  A view never changes a state itself; the match checks legality
  and a refusal is shown with its reason.
- ``draw_hint(surface, move)``, ``panel_rows()``, ``status_text()``: optional.
- ``view_buttons()``: the view's on-screen buttons as ``Button`` records
  (``scenes/play/buttons.py``); the base hit-tests them, keeps the keyboard /
  controller focus on them, presses them and draws the focus ring.
- ``banner_rect()`` / ``banner_style``: where the base draws the banner, and how.
- ``bot_pause(state)``: how long a bot's action waits, in ticks at normal speed.

Those are the main hooks; ``VIEW_HOOKS`` below lists every method a view may define
again, and a test holds the views to it.

The base class runs the loop around that: it asks the bot worker for bot moves
(never blocking the UI), paces them so a person can follow, animates each action,
ticks the clocks, autosaves after every move, offers Hint (H), Undo (U / Ctrl+Z),
Redo (Y / Ctrl+Y), Rules (F1) and Pause (Pause / controller Start; Escape / B first
drops a half-entered move, see ``cancel_input``), keeps a move log, and opens the
results screen at the end.  A click or key press on the board while an animation
runs skips it to its end and does nothing else.

Beside it: ``moves.py`` submits the moves and takes them back (undo / redo, restart,
resign), ``bots.py`` runs the bots' turns and the hints, ``frame.py`` draws the frame
around the board (header, side panel, player rows, log, banner, thinking ring),
``buttons.py`` the buttons and their focus, ``interpret.py`` names the board's inputs
and answers, ``motion.py`` the easing curves.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, NamedTuple

import pygame
import pygame_gui

from game.midend.match import Match
from game.text import i18n
from game.text.i18n import _
from scenes.app import Scene
from scenes.counting import bot_level, count
from scenes.input import PAUSE_KEY
from scenes.play import motion
from scenes.play.bots import BotTurns
from scenes.play.buttons import ButtonFocus
from scenes.play.frame import (
    BANNER_FADE_TICKS,
    BOARD_AREA,
    PANEL,
    BannerStyle,
    PlayerRows,
    ScreenFrame,
)
from scenes.play.interpret import Key
from scenes.play.motion import ease, ease_out_back, pulse
from scenes.play.moves import MoveFlow
from scenes.scene import FULL, STILL
from scenes.speech.play import PlayVoice
from scenes.speech.screens import COMMAND_KEY
from scenes.widgets import (
    BANNER_LINES,
    MIN_TARGET,
    GuiManager,
    draw_panel,
    draw_text,
    fit_buttons,
    follow_look,
    starfield_background,
)

# The board keys a game's ui understands, by name (scenes/play/interpret.py).  Keys not
# named here (Tab, letters) stay with the view.
BOARD_KEYS = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "space",
    pygame.K_BACKSPACE: "cancel",
    pygame.K_DELETE: "cancel",
}


def board_key(event) -> Key | None:
    """The ``Key`` a key press means on the board, or None."""
    name = BOARD_KEYS.get(event.key)
    return Key(name, bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)) if name else None


class UIField:
    """A view attribute that lives in its ``game_ui`` (the half-entered input), so the
    drawing parts and the tests keep reading ``view.cursor``, ``view.selected``.
    ``UIField("base")`` names a field of another name."""

    def __init__(self, field: str | None = None) -> None:
        self.name = field

    def __set_name__(self, owner, name: str) -> None:
        self.name = self.name or name

    def __get__(self, view, owner=None):
        if view is None:
            return self
        return getattr(view.game_ui, self.name)

    def __set__(self, view, value) -> None:
        setattr(view.game_ui, self.name, value)


class Transition(NamedTuple):
    """The animation in flight: the action ``move`` by ``seat`` took ``old`` to ``new``,
    drawn over ``ticks`` ticks.  (A tuple, so views that unpack it keep working.)"""

    old: Any
    new: Any
    move: Any
    seat: int
    ticks: int


# Every method of the base that a game's view may define again, and what for.  A view
# overrides nothing else (tests/test_view_hooks.py holds it to this list), so a reader of
# the base knows every place a game can change the screen's behaviour.  "extend" hooks
# call ``super()`` for the shared behaviour; the others replace a default.
VIEW_HOOKS: dict[str, str] = {
    # the board
    "draw_board": "the board for a settled state",
    "transition_ticks": "how long the animation of one action lasts",
    "draw_transition": "the animation, a function of (old, new, move, t)",
    "draw_hint": "the hint's move drawn on the board",
    "handle_board": "clicks, drags and keys turned into the game ui's inputs",
    "update_view": "per-tick view work (hover, particles)",
    "animating": "motion of the view's own while nothing else moves (a countdown ring)",
    "view_key": "what the view shows that its own timers change (a flash, a summary)",
    "cancel_input": "Escape / B drops a half-entered move",
    "phone_back": "a phone's Back: may take back more than B",
    "drop_local_input": "a move from elsewhere: forget what was half-entered",
    # the move flow
    "on_moved": "after any applied action (sounds, pop-ups)",
    "on_refused": "extra feedback for a refused move",
    "on_animation_done": "an action's animation was shown (played out or skipped)",
    "on_undo": "after undo / redo: drop half-entered input",
    "finish_animations": "extend: a view with its own queue of shown actions",
    "undo": "extend: take back a step of a turn held on screen before the match's undo",
    "redo": "extend: drop a turn held on screen before the match's redo",
    "request_hint": "extend: refuse a hint with the reason (while answering, mid-turn)",
    "show_results": "extend: wait for a view's own summary before the results",
    "bots_may_move": "hold the bots while people read something",
    "bot_pause": "how long a bot's action stays pending",
    "say": "extend: restyle the words of a banner (the engine's fragments)",
    "command_refusal": "why the command line (F7) takes no move now: what the board refuses",
    "spoken_after_move": "what the view opens after a move, said with the move (a summary)",
    # the frame around the board (scenes/play/frame.py)
    "status_text": "the header's line",
    "seat_colour": "a seat's colour",
    "panel_rows": "the side panel's rows: seat, left text, right text",
    "player_rows": "how the player rows are set",
    "row_badges_width": "room for a row's badges",
    "draw_row_badges": "a row's badges",
    "draw_players": "a game whose player rows show more than a line (or a mark over the dot)",
    "draw_extra_panel": "the game's own panel content under the players",
    "log_lines": "the move log's lines (grouped into turns)",
    "draw_log": "a log with the game's own marks (Chromatic Collapse's side shapes)",
    "banner_rect": "where the banner goes first",
    "board_cells": "the board's cells: no banner or toast covers them",
    "draw_banner": "a banner that also shows the standing prompt (Chromatic Collapse)",
    # buttons (scenes/play/buttons.py)
    "view_buttons": "the view's own buttons as Button records",
    "focusable_buttons": "which buttons the focus ring visits",
    # the scene
    "handle": "extend: input the whole screen answers before the base (a click drops the ring)",
}


class PlayScene(MoveFlow, BotTurns, ButtonFocus, ScreenFrame, Scene):
    name = "play"
    # View attributes that live in the view's ``game_ui`` (its ui.py's half-entered
    # input), so the drawing parts and the tests read ``view.cursor``: each name in
    # this space-separated list becomes a ``UIField`` of the view class.
    ui_fields = ""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        for field in cls.__dict__.get("ui_fields", "").split():
            setattr(cls, field, UIField(field))

    banner_style = BannerStyle()
    bot_level_for_hint = "hard"
    autosave_enabled = True  # the attract demo turns it off
    # Whether a kiosk's counters count this screen's game (scenes/counting.py): the
    # attract demo turns it off; a lesson, a puzzle and a replay are never counted.
    counted = True
    # The theatre shows a replay through the game's own view: read-only ignores board
    # input and never runs bots, clocks or the end of the game; playback_speed scales
    # every animation on top of the player's animation setting.
    read_only = False
    playback_speed = 1.0

    def __init__(self, app, match: Match):
        super().__init__(app)
        self.match = match
        self.spec = match.spec
        self.shown = match.state  # the state on screen (lags behind during animations)
        self.queue: list[tuple] = []  # (old, new, move, seat) still to animate
        self.anim: Transition | None = None  # the animation in flight
        self.anim_tick = 0
        self.ticket = None
        self.bot_ready_move = None
        self.bot_wait = 0
        self.hint = None
        self.hint_ticket = None
        self.hint_state = None  # the position the hint was asked for
        self.banner = ""
        self.banner_kind = "info"
        self.banner_ticks = 0
        self.banner_lines = BANNER_LINES  # the most lines the banner wraps to
        self.end_wait = -1
        self.rng = random.Random(match.setup.seed ^ 0x5EED)
        self.ui = GuiManager(app)
        self.ui_look = app.theme.generation
        self.buttons: dict[int, callable] = {}  # the panel's pygame-gui buttons: id -> action
        self.focus_key: str | None = None  # the Button the keys / controller focus is on
        self._hint_rects: list[pygame.Rect] = []  # the key hints drawn (mark_hint)
        self.banner_drawn: pygame.Rect | None = None  # where the banner was last drawn
        self._make_buttons()
        self.log_scroll = 0
        self.warned_save = False
        # Bot think time per request: None = each bot's own think_seconds.  Tests and
        # the attract demo set it lower.
        self.bot_seconds: float | None = None
        self.ticket_tick = 0  # when the bot request in flight was sent
        self._think_cache: dict[str | None, float] = {}
        self.spec_module: str | None = None  # for games outside GAMES (the tests' Nim)
        # Party play (scenes/party.py): phones act for their seats through the party's
        # table; local input never acts for a phone's seat.
        self.party = None
        self._phone_acting: int | None = None
        # Speech (scenes/speech/play.py): moves and turns said, and the command line
        # (F7): None while closed, else the text typed so far.
        self.voice = PlayVoice(self)
        self.command_text: str | None = None

    # -- buttons ---------------------------------------------------------------------
    def _make_buttons(self) -> None:
        row = [
            ("hint", _("Hint"), self.request_hint, "H"),
            ("undo", _("Undo"), self.undo, "U"),
            ("rules", _("Rules"), self.open_rules, "F1"),
            ("menu", _("Menu"), self.open_pause, _("Esc")),
        ]
        # Widths follow the labels (German "Rückgängig" needs more room than "Tipp"),
        # every button at least a touch target wide.
        room = PANEL.w - 24 - 8 * (len(row) - 1)
        weights = [max(4, len(text)) + 5 for _name, text, _fn, _key in row]
        widths = [max(MIN_TARGET, room * wt // sum(weights)) for wt in weights]
        widths[-1] += room - sum(widths)
        x = PANEL.x + 12
        y = PANEL.bottom - 12 - MIN_TARGET - 4
        self._panel_elements = []
        # the focus keys (panel:hint ...) stay English whatever the buttons say
        self._panel_keys: dict[int, str] = {}
        self._panel_language = i18n.generation()
        for (name, text, fn, key), w in zip(row, widths, strict=True):
            b = pygame_gui.elements.UIButton(
                pygame.Rect(x, y, w, MIN_TARGET + 4),
                text,
                self.ui,
                tool_tip_text=_("{action} ({key})").format(action=text, key=key),
                object_id="#small",
            )
            self.buttons[id(b)] = fn
            self._panel_keys[id(b)] = name
            self._panel_elements.append(b)
            x += w + 8
        self.hint_button, self._undo_button = self._panel_elements[:2]

    def _relabel_panel(self) -> None:
        """The language changed (Settings over the pause menu): the panel buttons are
        made again in it; everything else on a play screen is drawn each frame."""
        for el in self._panel_elements:
            self.buttons.pop(id(el), None)
            el.kill()
        focus = self.focus_key
        self._make_buttons()
        self.focus_key = focus

    # -- the rules, the pause menu, the banner ---------------------------------------
    def open_rules(self) -> None:
        self.app.open("rules", self.spec.id)

    def open_pause(self) -> None:
        self.app.open("pause", self)

    def say(self, text: str, kind: str = "info", seconds: float = 3.5) -> None:
        self.show_banner(text, kind, seconds)
        self.app.speech.say(text)

    def show_banner(self, text: str, kind: str = "info", seconds: float = 3.5) -> None:
        """The banner without speech: for what the voice has just said in other words."""
        self.banner, self.banner_kind, self.banner_ticks = text, kind, int(seconds * 60)
        self.banner_lines = BANNER_LINES

    # -- the operator's counters ------------------------------------------------------
    _count_open = False  # a game-started is counted and its end not yet

    def _counts(self) -> bool:
        return self.counted and not self.read_only and not getattr(self, "is_tutorial", False)

    def _count_end(self) -> None:
        """The game's end, counted once: finished when the match is over (a
        resignation too), abandoned when the screen goes before that."""
        if not self._count_open:
            return
        self._count_open = False
        kind = "game-finished" if self.match.is_over() else "game-abandoned"
        count(self.app, kind, game=self.spec.id, level=bot_level(self.match))

    # -- scene protocol --------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self._counts() and not self.match.is_over():
            self._count_open = True
            count(self.app, "game-started", game=self.spec.id, level=bot_level(self.match))

    def dropped(self) -> None:
        super().dropped()
        self._count_end()

    def exit(self) -> None:
        super().exit()
        self._count_end()
        self._cancel_bot()
        self._cancel_hint()
        if self.party is not None:
            self.party.stop()

    # -- party play ------------------------------------------------------------------
    def decided_here(self, seat: int) -> bool:
        """True when this screen's own input decides for ``seat`` now: not a bot, and
        not a phone at a hosted party (a phone seat of a resumed game is a person)."""
        c = self.match.controller(seat)
        return not c.is_bot and not (self.party is not None and c.is_phone)

    def attach_party(self, party) -> None:
        """Phones play their seats from now on (see scenes/party.py)."""
        self.party = party

    def _drive_party(self) -> None:
        result = self.party.step()
        if result.heard:  # the people at a party play from their phones: not idle
            self.app.input.last_input_tick = self.app.tick_count
        if result.notes:
            # A stand-in came or went: a bot answer in flight is for the old controller.
            self._cancel_bot()
            for note in result.notes:
                self.say(note, "warning", 5)
        for old, new, move, seat in result.applied:
            self.hint = None
            self._cancel_hint()
            # The phone played a whole action: whatever its d-pad had half-entered on
            # the board is moot now.
            self.drop_local_input()
            self._after_move(old, new, move, seat)
        for seat, key in result.keys:
            self.phone_key(seat, key)

    PHONE_KEYS: ClassVar[dict[str, int]] = {
        "up": pygame.K_UP,
        "down": pygame.K_DOWN,
        "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT,
        "confirm": pygame.K_RETURN,
    }

    def phone_key(self, seat: int, key: str) -> None:
        """A phone's d-pad drives the board's own keyboard controls for its seat (the
        view cannot tell a phone from the arrow keys); Back drops a half-entered move."""
        self._phone_acting = seat
        try:
            if key == "back":
                self.phone_back()
                return
            if self.anim or self.queue:
                self.finish_animations()
            self.handle_board(
                pygame.event.Event(
                    pygame.KEYDOWN,
                    key=self.PHONE_KEYS[key],
                    mod=0,
                    unicode="\r" if key == "confirm" else "",
                    scancode=0,
                )
            )
        finally:
            self._phone_acting = None

    def pause(self) -> None:
        for clock in (self.match.clock, self.match.rule_clock):
            if clock:
                clock.stop()

    def resume(self) -> None:
        if self.match.is_over():
            return
        for clock in (self.match.clock, self.match.rule_clock):
            if clock:
                clock.resume()

    def handle(self, event: pygame.event.Event) -> None:
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            fn = self.buttons.get(id(event.ui_element))
            if fn:
                self.focus_clicked(f"panel:{self._panel_keys.get(id(event.ui_element), '')}")
                self.app.sound.play("click")
                fn()
            return
        if consumed:
            return
        if self.command_key(event):
            return
        if event.type == pygame.KEYDOWN:
            k, mod = event.key, event.mod
            if k == PAUSE_KEY:  # controller Start
                self.open_pause()
                return
            if k == pygame.K_ESCAPE:  # controller B: back out of a half-entered move first
                if not self.cancel_input():
                    self.open_pause()
                return
            if k == pygame.K_F1:
                self.open_rules()
                return
            if (k == pygame.K_z and mod & pygame.KMOD_CTRL) or (
                k == pygame.K_u and not mod & pygame.KMOD_CTRL
            ):
                self.undo()
                return
            if (k == pygame.K_y and mod & pygame.KMOD_CTRL) or k == pygame.K_y:
                self.redo()
                return
            if k == pygame.K_h:
                self.request_hint()
                return
            if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.log_scroll = max(0, self.log_scroll + (3 if k == pygame.K_PAGEUP else -3))
                return
        if event.type == pygame.MOUSEWHEEL and PANEL.collidepoint(self.pointer()):
            self.log_scroll = max(0, self.log_scroll + event.y)
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and (self.anim or self.queue):
            # The press that skips is consumed: it was aimed at a board still moving, so
            # acting on it as well would act on a position the player had not yet seen.
            self.finish_animations()
            return
        if not self.read_only:
            clicked = None
            if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
                clicked = self.button_at(event.pos)  # before the press changes the buttons
            if event.type == pygame.KEYDOWN:  # the board cursor's cell is said as it moves
                before = self.voice.cursor()
                asked, entries = self.app.speech.asked, len(self.match.entries)
                self.handle_board(event)
                self.voice.after_key(before, asked, entries)
            else:
                self.handle_board(event)
            if clicked is not None:
                self.focus_clicked(clicked.key)

    def command_key(self, event) -> bool:
        """The command line: F7 opens it, typed text goes in, Enter runs it, Escape
        closes it.  True when the event was its own."""
        if event.type == pygame.KEYDOWN and event.key == COMMAND_KEY:
            self.command_text = "" if self.command_text is None else None
            self.app.speech.say(_("Command") if self.command_text == "" else _("Command closed"))
            return True
        if self.command_text is None:
            return False
        if event.type == pygame.TEXTINPUT:
            # The text as SDL delivers it, from any keyboard layout, dead keys and
            # composed letters included (a key's own unicode misses those: "züge").
            typed = "".join(ch for ch in str(getattr(event, "text", "")) if ch.isprintable())
            self.command_text = (self.command_text + typed)[:80]
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            self.command_text = None
            self.app.speech.say(_("Command closed"))
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.command_text.strip():
                return False  # Enter on an empty line is the board's (Continue, confirm)
            text, self.command_text = self.command_text, ""
            self.voice.command(text)
        elif event.key == pygame.K_BACKSPACE:
            self.command_text = self.command_text[:-1]
        return True  # a printable key's text comes as its TEXTINPUT

    def spoken_title(self) -> str:
        """Speech (scenes/speech/screens.py): said as the board opens, the game's
        name, the header's line (whose turn, what to do) and the key to the command
        line."""
        from scenes.speech.screens import sentences

        return sentences([self.spec.title, self.status_text(), _("F7 opens the command line.")])

    def move_said(self, old, new, move, seat: int) -> bool:
        """Speech: whether ``move`` is said as it is shown (the puzzles' shown answer
        says its moves ahead, in a line that the moves' own words would cut off)."""
        return True

    def spoken_after_move(self, old, new, move) -> str:
        """Speech: what the view opens after ``move`` (a summary), said in the same
        line as the move ("" for nothing)."""
        return ""

    def command_refusal(self) -> str:
        """Why the command line takes no move now ("" when it does): the board's own
        input refuses then too (a view's summary or curtain in front of the board)."""
        return ""

    def focus_clicked(self, key: str) -> None:
        """A click or tap pressed the button ``key``: the focus ring goes to it, as in
        the menus (Enter presses it again, the arrows go on from it).  A button the
        ring does not visit, or one the press took away, leaves no ring."""
        keys = [b.key for b in self.focusable_buttons()]
        self.focus_key = key if key in keys else None

    def handle_board(self, event: pygame.event.Event) -> None:
        """Views turn input into moves here."""

    def pointer(self) -> tuple[int, int]:
        """Where the mouse is, in the view's own pixels (a tutorial may show the view
        scaled under its caption card: hover highlights ask here, not SDL)."""
        return self.app.pointer

    def cancel_input(self) -> bool:
        """Escape / controller B: drop a half-entered move (a selected piece, a drag)
        and return True; with nothing to drop, return False and the pause menu opens."""
        return False

    def phone_back(self) -> None:
        """A phone's Back button (party play): step back out of a half-entered move.
        There is no pause menu on a phone, so a view may take back more than B does."""
        self.cancel_input()

    def drop_local_input(self) -> None:
        """An action arrived from elsewhere (a phone's move list): forget anything
        half-entered on the board so it cannot be applied on top of the new state."""
        self.cancel_input()

    def update(self) -> None:
        super().update()
        if self._panel_language != i18n.generation():
            self._relabel_panel()
        self.gui_step(self.ui)
        self._undo_button.enable() if self.match.can_undo() else self._undo_button.disable()
        self._poll_worker()
        if self.party is not None:
            self._drive_party()
        self.voice.tick()
        if self.banner_ticks > 0:
            self.banner_ticks -= 1
        # animation
        if self.anim is None and self.queue:
            old, new, move, seat = self.queue.pop(0)
            speed = (
                max(0.25, self.app.settings.animation_speed)
                * self.playback_speed
                * motion.speed_factor()
            )
            total = max(1, int(self.transition_ticks(old, new, move) / speed))
            self.anim = Transition(old, new, move, seat, total)
            self.anim_tick = 0
        if self.anim is not None:
            self.anim_tick += 1
            if self.anim_tick >= self.anim.ticks:
                self.shown = self.anim.new
                self.on_animation_done(*self.anim[:4])
                self.anim = None
        elif not self.queue:
            self.shown = self.match.state
        if self.read_only:
            self.update_view()
            self._pace_frames()
            return
        # clocks run only while someone is deciding
        if not self.anim and not self.queue and not self.match.is_over():
            before = len(self.match.entries)
            old = self.match.state
            for note in self.match.tick(1):
                self.say(note, "warning", 5)
            if len(self.match.entries) > before:
                # The clock made a move (a default plan, a concession, a loss on time).
                self._cancel_bot()
                entry = self.match.entries[-1]
                self._after_move(old, self.match.state, old.parse_move(entry.text), entry.seat)
        self._drive_bots()
        self.update_view()
        self._pace_frames()
        # the end
        if self.match.is_over():
            self._count_end()
        if self.match.is_over() and not self.anim and not self.queue:
            if self.end_wait < 0:
                self.end_wait = int(90 / max(0.25, self.app.settings.animation_speed))
                self.app.sound.play("win")
            elif self.end_wait == 0:
                self.end_wait = -2
                self.show_results()
            elif self.end_wait > 0:
                self.end_wait -= 1

    def update_view(self) -> None:
        """Per-tick view work (hover effects, particle systems)."""

    # -- frames: a still board costs nothing -------------------------------------------
    def animating(self) -> bool:
        """Whether the view has motion of its own now that must be drawn each frame
        (a countdown ring running)."""
        return False

    def busy(self) -> bool:
        """Whether something on the screen moves now: an action animating or queued,
        a message fading, a long think's ring filling, or the view's own motion."""
        return bool(
            self.anim is not None
            or self.queue
            or 0 < self.banner_ticks <= BANNER_FADE_TICKS
            or self.thinking_progress() is not None
            or self.animating()
        )

    def active(self) -> bool:
        return self.busy() or super().active()

    def shown_key(self) -> tuple:
        """What the screen shows that can change with no input and no motion: the state
        on show, the log, the message, the hint, the clocks' figures, the dots of a
        bot's "thinking...", the panel buttons' looks.  A frame is drawn when it changes."""
        m = self.match
        key: list = [id(self.shown), len(m.entries), id(self.hint), self.hint_ticket is None]
        key.append((self.banner, self.banner_kind) if self.banner_ticks > 0 else None)
        for clock in (m.clock, m.rule_clock):
            if clock is not None:
                key.append(tuple(clock.display(s) for s in range(m.state.num_players)))
        seat = m.to_move()
        if seat >= 0 and not m.is_over() and m.controller(seat).is_bot:
            key.append(self.waiting_short(seat))
        key.append(self.ui.look_key())
        key.append(self.view_key())
        key.append(self.command_text)
        return tuple(key)

    def view_key(self) -> tuple:
        """What the view shows that its own timers change with no input (a refusal's
        flash ending, a summary closing by itself): part of ``shown_key``."""
        return ()

    def frame_rate(self) -> int:
        return FULL if self.active() else STILL

    _shown_drawn: tuple | None = None

    def mark_drawn(self) -> None:
        """What the screen shows has been drawn (``draw_screen`` calls this; a screen
        that draws the view's board itself, the theatre, calls it too)."""
        self._shown_drawn = self.shown_key()

    def _pace_frames(self) -> None:
        if self.shown_key() != self._shown_drawn:
            self.app.request_frame()

    def on_animation_done(self, old, new, move, seat) -> None:
        """Hook: the transition ``old`` -> ``new`` has been shown (played out, or skipped
        by new input)."""

    def show_results(self) -> None:
        results = self.app.build("results", self.match, seat_colour=self.seat_colours())
        self.app.replace(self.hand_party_to(results))

    def seat_colours(self):
        """Each seat's colour, from a table made now: what the results screen is handed,
        so it keeps the colours alive and not this closed screen (its board layers and
        buttons) behind a method of it."""
        colours = [self.seat_colour(seat) for seat in range(max(1, len(self.match.seats)))]
        return lambda seat: colours[seat % len(colours)]

    def hand_party_to(self, scene):
        """The results screen keeps a hosted party (phones stay seated for a rematch);
        this scene's exit then leaves the server running."""
        if self.party is not None:
            scene.party, self.party = self.party, None
        return scene

    # -- animation hooks -------------------------------------------------------------
    def transition_ticks(self, old, new, move) -> int:
        return 18

    def draw_transition(self, surface: pygame.Surface, old, new, move, t: float) -> None:
        self.draw_board(surface, new if t >= 0.5 else old, 0.0)

    def draw_board(self, surface: pygame.Surface, state, alpha: float) -> None:
        raise NotImplementedError

    def draw_hint(self, surface: pygame.Surface, move) -> None:
        """Views show the hint on the board; the banner already names it."""

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_screen(surface, alpha)

    def draw_screen(self, surface: pygame.Surface, alpha: float) -> None:
        self._hint_rects = []  # the key hints this frame draws (mark_hint)
        self.ui_look = follow_look(self.ui, self.app.theme, self.ui_look)
        fit_buttons(self.ui, self.app.theme)
        self.mark_drawn()
        starfield_background(surface, self.app.theme, self.motion_ticks // 2)
        if self.anim is not None:
            old, new, move, _seat, total = self.anim
            t = min(1.0, (self.anim_tick + alpha) / total)
            self.draw_transition(surface, old, new, move, t)
        else:
            self.draw_board(surface, self.shown, alpha)
            if self.hint is not None and self.shown is self.match.state:
                self.draw_hint(surface, self.hint)
        self.draw_header(surface)
        self.draw_panel(surface)
        self.ui.draw_ui(surface)
        self.draw_banner(surface)
        self.draw_thinking(surface)
        self.draw_focus_ring(surface)
        self.draw_command(surface)

    def draw_command(self, surface: pygame.Surface) -> None:
        """The command line (F7), along the foot of the board while it is open."""
        if self.command_text is None:
            return
        theme = self.app.theme
        font = theme.font(22)
        h = theme.pitch(30) + 16
        rect = pygame.Rect(BOARD_AREA.x + 8, BOARD_AREA.bottom - h - 8, BOARD_AREA.w - 16, h)
        draw_panel(surface, rect, theme, fill="background_2", edge="accent", alpha=240, width=3)
        draw_text(
            surface,
            _("Command: {text}").format(text=self.command_text) + "_",
            font,
            theme["text"],
            (rect.x + 12, rect.centery),
            "midleft",
            max_width=rect.w - 24,
            box=rect,
        )


# Re-exported: the views import these from here.
__all__ = [
    "BOARD_AREA",
    "PANEL",
    "BannerStyle",
    "PlayScene",
    "PlayerRows",
    "Transition",
    "UIField",
    "board_key",
    "ease",
    "ease_out_back",
    "pulse",
]
