"""Crystal Connector's play screen: a 6x6 board of faceted crystals whose rows and
columns slide and wrap.

How a person plays (every path ends in ``self.try_move``; the view never changes a
state itself):

- Mouse / touch: drag a row or a column, or tap the arrow handles at its ends (each
  tap moves the *draft* one more space that way; tap a distance chip, or press Enter,
  to make the shift).  The Confirm button ends the turn, Take back (U) removes the
  last shift not yet confirmed.
- Keyboard: arrows move the board cursor; Tab switches between its row and its
  column (or press A-F / 1-6); Enter or Space grabs the line, arrows along it set
  direction and distance, Enter makes the shift; Backspace / U takes back; once all
  shifts are entered Enter confirms the turn.  V toggles Color Convertor mode.
  Tab also reaches the column's buttons: it cycles column -> row -> Convert (when
  offered) -> Take back -> Confirm -> column, Enter or Space presses the focused
  button, and an arrow key returns to the board.  After Convert the cursor picks the
  crystal (arrows, then Enter).
- Game controller (through the mapped keys only): d-pad / stick = arrows, A = Enter,
  X = Space, Back = Tab, Y = hint, B / Start = pause.  So A grabs and shifts and
  confirms, and Back then A reaches Take back and Convert.
- Setup (who picks, which colours, who moves first) is a set of cards beside the
  board: click, tap, or arrows + Enter.

Shift preview (``app.settings.shift_preview``):
  On  -- each shift slides as it is entered; the turn's shifts are held by the view on
        a local copy (``state.apply`` on the engine's immutable state) and are given to
        the match only when the turn is confirmed, so taking one back never needs a
        match undo.
  Off -- the board stays frozen while the shifts are queued (a numbered list and
        numbered arrows); on confirm they are submitted and slide one after another.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import pygame

from game.rules.crystal_connector import (
    LINE_CELLS,
    LINES,
    ROCK,
    SIZE,
    Convert,
    Shift,
    TakeColours,
    line_kind,
)
from game.text.i18n import _
from scenes.play.base import BOARD_AREA, PlayScene, UIField, board_key
from scenes.play.buttons import Button, focus_alias
from scenes.play.interpret import Cell, Changed, Key, LineDrag, Pick, Refuse, Submit, Unused
from scenes.widgets import BANNER_LINES, wrap_text

from .animation import Animations
from .board import BoardDrawing
from .layout import (
    BOARD,
    BUTTON_LABELS,
    CELL,
    CHIP,
    DIR_SIGN,
    GAP,
    HANDLE,
    HANDLES,
    SETUP,
    SIDE,
    _dir_for,
    cell_at,
    cell_rect,
    explain_step,
    handle_rect,
    question_top,
    signed,
)
from .setup import SetupDrawing
from .side import SidePanel
from .ui import SETUP_PHASES, GameUI, confirm, interpret_move, may_drag, reset_turn
from .ui import cursor_line as ui_cursor_line
from .ui import take_back as ui_take_back
from .ui import turn_complete as ui_turn_complete


class CrystalConnectorView(BoardDrawing, SidePanel, SetupDrawing, Animations, PlayScene):
    """The play screen.  Geometry helpers (``handle_rect``, ``cell_rect``,
    ``chip_rect``, ``button_rect``, ``choice_rects``) are public so tests click where a
    person would."""

    # The turn being built lives in ``game_ui`` (ui.py); the drawing reads it here.
    ui_fields = "pending draft grabbed cursor axis convert_mode choice_focus kb_active"
    _base = UIField("base")
    hold_turn = True  # a lesson (scenes/tutorial.py) gives each action to the match at once

    def __init__(self, app, match):
        super().__init__(app, match)
        self.game_ui = GameUI(base=match.state, hold=self.hold_turn)
        self._local_key = None
        self._local = match.state
        # the line drawn displaced: (line, offset now, offset target)
        self.vis_line: str | None = None
        self.vis_off = 0.0
        self.vis_target = 0.0
        self.bump: tuple[str, int, int, int] | None = None  # (line, sign, rock cell, tick)
        self.morph: tuple[int, int, int, int] | None = None  # (cell, from, to, tick)
        self.floaters: list[list] = []  # [text, x, y, colour, ticks left, total]
        self.press: tuple | None = None  # what the mouse went down on
        self.drag: dict | None = None
        self.mouse = (-1, -1)
        self._previewed: list = []  # states whose shift the person already saw slide
        self._batch = False
        self._board_bg: pygame.Surface | None = None
        self._panel_board: tuple[int, ...] | None = (
            None  # the board drawn this frame, for the panel
        )

    # ================================================================== local turn
    def local_state(self):
        """The match state with this turn's held actions applied (never submitted)."""
        key = (id(self.match.state), tuple(self.pending))
        if key != self._local_key:
            s = self.match.state
            for a in self.pending:
                s = s.apply(a)
            self._local, self._local_key = s, key
        return self._local

    def board_on_screen(self) -> tuple[int, ...]:
        """The board a person sees when nothing animates: with Shift preview On the
        turn's held actions applied, Off the board as the turn started (frozen)."""
        state = self.match.state
        if state.phase == "play" and self.preview_on():
            return self.local_state().board
        return state.board

    def preview_on(self) -> bool:
        return bool(getattr(self.app.settings, "shift_preview", True))

    def my_turn(self) -> bool:
        m = self.match
        seat = m.to_move()
        return not m.is_over() and seat >= 0 and not m.controller(seat).is_bot

    def turn_complete(self) -> bool:
        """All of this turn's shifts are entered and wait for Confirm."""
        return ui_turn_complete(self.game_ui, self.match.state)

    def phone_back(self) -> None:
        # A shift entered from a phone's d-pad is held here until Confirm: Back takes
        # the last one back (the phone has no U key).
        self.take_back()

    def drop_local_input(self) -> None:
        self._reset_turn()

    def _reset_turn(self) -> None:
        reset_turn(self.game_ui, self.match.state)
        self.drag = None
        self.focus_button = None
        self.vis_line, self.vis_off, self.vis_target = None, 0.0, 0.0

    # -- drafts and shifts ---------------------------------------------------------
    def board_input(self, inp):
        """Hand one board input to the turn's ui, show what it did to the board (a
        displaced line, a crystal changing colour, a rock's bump) and its answer."""
        ui = self.game_ui
        waiting_on = None if self.my_turn() else "bot"
        result = interpret_move(ui, self.match.state, inp, waiting_on, self.preview_on())
        effects, ui.effects = ui.effects, []
        for effect in effects:
            self._show_effect(*effect)
        if isinstance(result, Refuse) and result.move is not None:
            self._bump(result.move, result.reason)
        if isinstance(result, Submit) and isinstance(result.move, tuple):
            self.confirm_turn()  # the held turn, one action after another
            return result
        self.apply_input(result)
        return result

    def _show_effect(self, kind: str, *args) -> None:
        if kind == "draft":
            line, offset = args
            if self.vis_line != line:
                self.vis_line, self.vis_off = line, 0.0
            self.vis_target = float(offset)
        elif kind == "undraft":
            self.vis_target = 0.0
        elif kind == "hint":
            self.hint = None
        elif kind == "cancel hint":
            self._cancel_hint()
        elif kind == "entered":
            move, local = args
            if isinstance(move, Shift):
                if self.preview_on():
                    # the line is drawn where the draft / drag left it; rebase onto the
                    # new board
                    if self.vis_line == move.line:
                        self.vis_off -= signed(move)
                    else:
                        self.vis_line, self.vis_off = move.line, -float(signed(move))
                    self.vis_target = 0.0
                    cost = local.spike_cost(move)
                    if cost:
                        other = 1 - local.to_move
                        x, y = self._line_end(move.line, DIR_SIGN[move.direction])
                        self._float(
                            _("+{points} to {name} (spikes)").format(
                                points=cost, name=self.match.seat_names()[other]
                            ),
                            x,
                            y,
                            self.seat_colour(other),
                        )
                else:
                    self.vis_line, self.vis_off, self.vis_target = None, 0.0, 0.0
            elif isinstance(move, Convert):
                self.morph = (move.cell, local.board[move.cell], move.colour, self.ticks)
        elif kind == "took back":
            (move,) = args
            if isinstance(move, Shift) and self.preview_on():
                self.vis_line, self.vis_off, self.vis_target = move.line, float(signed(move)), 0.0
            elif isinstance(move, Convert):
                self.morph = (
                    move.cell,
                    move.colour,
                    self.match.state.board[move.cell]
                    if not self.pending
                    else self.local_state().board[move.cell],
                    self.ticks,
                )

    def _bump(self, move, reason: str) -> None:
        """A shift into a rock: the line bumps against it."""
        if isinstance(move, Shift) and "rock" in reason.lower():
            state = self.local_state() if self.preview_on() else self.match.state
            rocks = [i for i in LINE_CELLS[LINES.index(move.line)] if state.board[i] == ROCK]
            sign = DIR_SIGN[move.direction]
            cell = (rocks[-1] if sign > 0 else rocks[0]) if rocks else -1
            self.bump = (move.line, sign, cell, self.ticks)

    def take_back(self) -> bool:
        """The draft, the held line or the last held action (a phone's Back, U)."""
        ui = self.game_ui
        result = ui_take_back(ui, self.match.state)
        effects, ui.effects = ui.effects, []
        for effect in effects:
            self._show_effect(*effect)
        self.apply_input(result)
        return result is not Unused

    def confirm_turn(self) -> bool:
        """Give the held actions to the match, in order; they animate one after another."""
        result = confirm(self.game_ui, self.match.state)
        if not isinstance(result, Submit):
            self.apply_input(result)
            return False
        actions = list(result.move)
        previewed = self.preview_on()
        self.banner_ticks = 0
        self.finish_animations()
        self._batch = True
        ok = True
        try:
            for a in actions:
                before = len(self.queue)
                if not self.try_move(a):
                    ok = False
                    break
                if previewed and len(self.queue) > before:
                    self._previewed.append(self.queue[-1][1])
        finally:
            self._batch = False
        self._reset_turn()
        return ok

    def finish_animations(self) -> None:
        if self._batch:  # the turn's actions queue up and play one after another
            return
        super().finish_animations()
        self._previewed.clear()

    def _was_previewed(self, state) -> bool:
        return any(state is s for s in self._previewed)

    def on_animation_done(self, old, new, move, seat) -> None:
        self._previewed = [s for s in self._previewed if s is not new]

    # -- PlayScene hooks -----------------------------------------------------------
    def undo(self) -> None:
        if self.take_back():
            return
        super().undo()

    def redo(self) -> None:
        self._reset_turn()
        super().redo()

    def on_undo(self) -> None:
        self._reset_turn()
        self.bump = self.morph = None

    def request_hint(self) -> None:
        if self.turn_complete():
            self.say(
                _("Your shifts are all entered: confirm the turn (Enter) or take one back (U)"),
                "warning",
            )
            return
        if not self.pending or not self.my_turn():
            self.draft = None
            super().request_hint()
            return
        self.ask_for_hint(self.local_state())

    def on_moved(self, old, new, move, seat: int) -> None:
        super().on_moved(old, new, move, seat)
        self.choice_focus = 0
        if self.match.controller(seat).is_bot and not isinstance(move, Shift):
            text = f"{self.seat_label(seat)}: {self._choice_words(old, move)}"
            if self.app.speech.enabled and self.move_said(old, new, move, seat):
                self.show_banner(text, "info", 3.0)  # the voice said it with the move
            else:
                self.say(text, "info", 3.0)

    def spoken_after_move(self, old, new, move) -> str:
        """A pick of two colours leaves the first picker the last one: said with the
        move, as the banner shows it."""
        return self._last_colour_words(old, move.colours) if isinstance(move, TakeColours) else ""

    def update_view(self) -> None:
        if not self._batch and (
            self.match.state is not self._base
            or ((self.pending or self.draft) and not self.my_turn())
        ):
            self._reset_turn()  # the match moved on (a clock, a stand-in): drop the held turn
        # the displaced line eases to where it should be
        if self.drag is None:
            d = self.vis_target - self.vis_off
            self.vis_off = self.vis_target if abs(d) < 0.01 else self.vis_off + d * 0.3
            if self.vis_off == self.vis_target == 0.0 and not self.draft:
                self.vis_line = None
        if self.bump and self.ticks - self.bump[3] > 24:
            self.bump = None
        if self.morph and self.ticks - self.morph[3] > 24:
            self.morph = None
        for f in self.floaters:
            f[4] -= 1
            f[2] -= 0.6
        self.floaters = [f for f in self.floaters if f[4] > 0]
        if self.match.to_move() < 0 or not self.my_turn():
            self.convert_mode = False

    def animating(self) -> bool:
        # a line easing into place, a bump or a recolouring running, score pop-ups rising
        return bool(self.vis_off != self.vis_target or self.bump or self.morph or self.floaters)

    def board_cells(self) -> list[pygame.Rect]:
        return [BOARD.copy()]

    def banner_rect(self) -> pygame.Rect:
        # Under the board and its handles: the column beside it holds the turn's
        # buttons and the key tips.
        rect = pygame.Rect(0, 0, BOARD.w + 2 * (HANDLE + GAP), BOARD_AREA.h - 6)
        rect.midbottom = (BOARD.centerx, BOARD_AREA.bottom - 6)
        return rect

    def bot_pause(self, state) -> int:
        # setup choices stay on screen a little longer than shifts
        base = super().bot_pause(state)
        return base * 2 if state.phase != "play" else base

    # ================================================================== input
    def handle_board(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None:
                self._drag_to(event.pos)
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._press(event.pos)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif t == pygame.KEYDOWN:
            self._key(event)

    # -- mouse ------------------------------------------------------------------------
    def _targets(self):
        """(kind, key, rect) of every clickable thing now, topmost first."""
        out = []
        state = self.match.state
        if state.phase in ("pick_order", "first_pick", "second_pick", "move_order"):
            for k, (_move, rect) in enumerate(self.choice_rects()):
                out.append(("choice", k, rect))
            return out
        if state.phase != "play":
            return out
        out += [("button", b.key, b.rect) for b in self.view_buttons()]
        if self.draft:
            for d in range(1, SIZE):
                out.append(("chip", d, self.chip_rect(d)))
        for line, d in HANDLES:
            out.append(("handle", (line, d), handle_rect(line, d)))
        return out

    def _press(self, pos) -> None:
        self.press = None
        self.kb_active = False
        self.focus_button = None
        for kind, key, rect in self._targets():
            if rect.collidepoint(pos):
                self.press = (kind, key, rect)
                return
        cell = cell_at(pos)
        if cell is not None and self.match.state.phase == "play":
            self.press = ("cell", cell, cell_rect(cell))
            waiting_on = None if self.my_turn() else "bot"
            if may_drag(self.game_ui, self.match.state, waiting_on):
                self.drag = {"start": pos, "cell": cell, "line": None, "raw": 0.0}

    def _drag_to(self, pos) -> None:
        d = self.drag
        assert d is not None
        dx, dy = pos[0] - d["start"][0], pos[1] - d["start"][1]
        if d["line"] is None:
            if max(abs(dx), abs(dy)) < 12:
                return
            r, c = divmod(d["cell"], SIZE)
            line = LINES[SIZE + r] if abs(dx) > abs(dy) else LINES[c]
            if not isinstance(self.board_input(LineDrag(line)), Changed):
                self.drag = None  # refused (a banned line, a bot's turn)
                return
            d["line"] = line
            self.vis_line, self.vis_off, self.vis_target = line, 0.0, 0.0
        line = d["line"]
        raw = (dx if line_kind(line) == "row" else dy) / CELL
        d["raw"] = raw
        back, fwd = self.local_state().line_limits(line)
        # rocks resist: past the limit the line only gives a little
        lo, hi = -back, fwd
        if raw > hi:
            raw = hi + min(0.3, (raw - hi) * 0.25)
        elif raw < lo:
            raw = lo - min(0.3, (lo - raw) * 0.25)
        self.vis_off = self.vis_target = max(-5.4, min(5.4, raw))

    def _release(self, pos) -> None:
        press, self.press = self.press, None
        drag, self.drag = self.drag, None
        if drag is not None and drag["line"] is not None:
            self.vis_target = 0.0
            self.board_input(LineDrag(drag["line"], round(drag["raw"])))
            return
        if press is None or not press[2].collidepoint(pos):
            return
        kind, key, _ = press
        self.app.sound.play("click")
        if kind == "choice":
            moves = self.choice_rects()
            if key < len(moves):
                self.board_input(Pick(("choice", key, moves[key][0])))
        elif kind == "button":
            self._button(key)
        elif kind == "chip":
            self.board_input(Pick(("chip", key)))
        elif kind == "handle":
            self.board_input(Pick(("handle", *key)))
        elif kind == "cell":
            self.board_input(Cell(key))

    def _button(self, name: str) -> None:
        """Confirm, Take back, Convert or the draft's cancel (after its click)."""
        self.board_input(Pick(name))

    # -- the column's buttons -------------------------------------------------------------
    focus_button = focus_alias("The column button holding the Tab / controller focus (the base's).")

    def view_buttons(self) -> list[Button]:
        """The column's buttons shown now (the mouse presses them on release)."""
        enabled = {
            "takeback": bool(self.pending or self.draft),
            "confirm": self.turn_complete(),
        }
        out = []
        for name in ("confirm", "takeback", "convert", "cancel"):
            r = self.button_rect(name)
            if r is not None:
                out.append(
                    Button(
                        name,
                        r,
                        _(BUTTON_LABELS[name]),
                        partial(self._button, name),
                        enabled.get(name, True),
                    )
                )
        return out

    def focusable_buttons(self) -> list[Button]:
        """Convert, Take back and Confirm, in that order, disabled ones too (their
        action says why not yet); Cancel is the draft's own."""
        shown = {b.key: b for b in self.view_buttons()}
        return [shown[n] for n in ("convert", "takeback", "confirm") if n in shown]

    def focus_ring(self) -> list[str]:
        """What Tab cycles through in play: the cursor's column and row, then the
        column's buttons shown now."""
        return ["column", "row"] + [b.key for b in self.focusable_buttons()]

    def tab_focus(self, d: int = 1) -> None:
        """Tab (controller Back): column -> row -> Convert -> Take back -> Confirm."""
        ring = self.focus_ring()
        here = self.focus_button if self.focus_button in ring else self.axis
        nxt = ring[(ring.index(here) + d) % len(ring)]
        if nxt in ("column", "row"):
            self.focus_button, self.axis = None, nxt
        else:
            self.focus_button = nxt
        self.app.sound.play("hover")

    def cursor_line(self) -> str:
        return ui_cursor_line(self.game_ui)

    # -- keyboard -----------------------------------------------------------------------
    LETTER_KEYS: ClassVar[dict[int, str]] = {
        pygame.K_a: "A",
        pygame.K_b: "B",
        pygame.K_c: "C",
        pygame.K_d: "D",
        pygame.K_e: "E",
        pygame.K_f: "F",
        pygame.K_1: "1",
        pygame.K_2: "2",
        pygame.K_3: "3",
        pygame.K_4: "4",
        pygame.K_5: "5",
        pygame.K_6: "6",
    }

    def _key(self, event) -> None:
        k = event.key
        phase = self.match.state.phase
        if k not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL):
            self.kb_active = True
        key = board_key(event)
        if phase in SETUP_PHASES:
            if k == pygame.K_TAB:
                key = Key("next")
            if key is not None:
                self.board_input(key)
            return
        if phase != "play":
            return
        self.check_button_focus()  # that button may no longer be shown
        if key is not None and key.name in ("left", "right", "up", "down"):
            self.focus_button = None  # back to the board
            self.board_input(key)
            return
        if k == pygame.K_TAB:
            if self.grabbed is None:
                self.tab_focus(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            return
        if key is not None and key.name in ("confirm", "space"):
            button = self.focused_button()
            if button is not None:
                if button.key == "convert":
                    self.focus_key = None  # the cursor now picks the crystal
                self.press_button(button)
            else:
                self.board_input(key)
            return
        if key is not None and key.name == "cancel":
            self.board_input(key)
            return
        if k == pygame.K_v:
            self.board_input(Key("convert"))
            return
        ch = (event.unicode or "").upper() or self.LETTER_KEYS.get(k, "")
        if ch and ch in "ABCDEF123456" and len(ch) == 1:
            self.focus_button = None
            self.board_input(Key(ch))

    # ================================================================== geometry
    def choice_rects(self) -> list[tuple[object, pygame.Rect]]:
        """The setup cards: (move, rect) in reading order."""
        state = self.match.state
        moves = (
            state.legal_moves()
            if state.phase in ("pick_order", "first_pick", "second_pick", "move_order")
            else []
        )
        if not moves:
            return []
        top = self._setup_text(state)[3]
        gap = 12
        avail = SETUP.bottom - 50 - top
        h = min(
            {2: 130, 3: 100, 4: 84}.get(len(moves), 84),
            (avail - gap * (len(moves) - 1)) // len(moves),
        )
        out = []
        for k, m in enumerate(moves):
            out.append((m, pygame.Rect(SETUP.x + 12, top + k * (h + gap), SETUP.w - 24, h)))
        return out

    def _setup_text(self, state):
        """(chooser, question lines, explanation lines, top of the cards)."""
        names = self.match.seat_names()
        theme = self.app.theme
        question = {
            "pick_order": _("Pick colours first or second?"),
            "first_pick": _("Take one colour"),
            "second_pick": _("Take two colours"),
            "move_order": _("Move first or second?"),
        }[state.phase]
        explain = {
            "pick_order": _(
                "The first picker takes one colour now and gets the last one; "
                "the second picker takes two of the three left."
            ),
            "first_pick": _("The other player then takes two; you get the colour left over."),
            "second_pick": _("{name} gets the colour you leave.").format(
                name=names[state.first_picker]
            ),
            "move_order": _("{name} decides who makes the first turn.").format(name=names[1]),
        }[state.phase]
        # the question is the card's heading: its designed size at every text size
        q = wrap_text(question, theme.heading(26), SETUP.w - 32, max_lines=BANNER_LINES)
        e = wrap_text(explain, theme.font(16, "regular"), SETUP.w - 32, max_lines=BANNER_LINES)
        top = question_top(theme) + 32 * len(q) + 6 + explain_step(theme) * len(e) + 14
        return self.seat_label(state.to_move), q, e, top

    def chip_rect(self, distance: int) -> pygame.Rect:
        box = self._draft_box()
        span = SIZE - 1
        w = (box.w - 20 - (span - 1) * 6) // span
        return pygame.Rect(box.x + 10 + (distance - 1) * (w + 6), box.y + 48, max(CHIP, w), CHIP)

    def _draft_box(self) -> pygame.Rect:
        return pygame.Rect(SIDE.x, SIDE.y + 326, SIDE.w, 102)

    def button_rect(self, name: str) -> pygame.Rect | None:
        """Where the column's buttons are now (None when not shown)."""
        state = self.match.state
        if state.phase != "play" or not self.my_turn():
            return None
        bottom = SIDE.bottom
        if name == "takeback":
            return pygame.Rect(SIDE.x, bottom - 52, 104, 52)
        if name == "confirm":
            return pygame.Rect(SIDE.x + 114, bottom - 52, SIDE.w - 114, 52)
        if name == "convert":
            local = self.local_state()
            if local.anomalies.convertor and (local.can_convert() or self.convert_mode):
                return pygame.Rect(SIDE.x, bottom - 52 - 10 - 48, SIDE.w, 48)
            return None
        if name == "cancel":
            if self.draft:
                box = self._draft_box()
                return pygame.Rect(box.right - 8 - CHIP, box.y - 2, CHIP, CHIP)
            return None
        return None

    def _line_end(self, line: str, sign: int) -> tuple[int, int]:
        d = _dir_for(line, sign)
        return handle_rect(line, d).center


VIEW = CrystalConnectorView
