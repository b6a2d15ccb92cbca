"""Chromatic Collapse's play screen: the cut-corner board, diamonds and circles.

Controls
    Mouse / touch  tap one of your lit pieces, then a lit square (or drag the piece
                   there); tap the piece again (or right-click) to let it go.  On a
                   sudden-death turn tap the opponent piece to remove.  Tapping a dimmed
                   piece says why it may not move this step.
    Keyboard       arrow keys show and move the board cursor, Enter or Space acts on its
                   square, Tab / Shift+Tab jump to the next piece that may move (once a
                   piece is chosen: the piece itself, then its lit squares; on a removal
                   turn the next target), and after the last of those on to the panel's
                   buttons Hint, Undo, Rules and Menu (Enter or Space presses the focused
                   button, Left / Right step along them, Up / Down go back to the board;
                   while a bot thinks Tab walks the buttons only).
                   Backspace lets the chosen piece go (so does Enter on the piece).
                   Setup: Left / Right and Enter; Tab walks both sides, then the buttons.
                   H hint, U undo, Y redo, F1 rules, Esc menu (from the base class).
    Controller     the same keys through ``scenes.input``: d-pad = arrows, A = Enter,
                   X = Space, Back = Tab (so Undo and Rules are reached through the
                   button focus), Y = hint, B / Start = menu, shoulders scroll the log.

Everything the rules decide comes from the engine (``movable_squares``,
``destinations``, ``piece_note``, ``step_banner``, ``path``, ``largest_group``); the view
only draws and submits moves through :meth:`PlayScene.try_move`.

Animations are functions of (old state, new state, t): a slide follows its path with
easing and lifts over the own pieces it jumps (which bob), a captured or removed piece
shatters into shards whose flight is computed from ``t`` alone.
"""

from __future__ import annotations

import pygame

from game.rules.chromatic_collapse import (
    CORNERS,
    SUDDEN_DEATH_TURN,
    Remove,
    Slide,
    Start,
    is_sudden_death_turn,
    square_cell,
)
from game.text.i18n import _, ngettext
from scenes.play.base import PlayScene, board_key
from scenes.play.buttons import Button
from scenes.play.interpret import Cell, Drag, Drop, Pick, Point
from scenes.widgets import cached

from .animation import Animations
from .board import BoardDrawing
from .cards import CardsDrawing
from .layout import BOARD_RECT, BX, BY, CELL, SETUP_H, SETUP_W, WARNING_TURN
from .side import SidePanel
from .ui import activate as ui_activate
from .ui import clear_selection, interpret_move, new_ui, selection


# -- the view -----------------------------------------------------------------------------
class ChromaticCollapseView(BoardDrawing, CardsDrawing, SidePanel, Animations, PlayScene):
    bot_level_for_hint = "hard"
    # The half-entered input lives in ``game_ui`` (ui.py); the drawing reads it here.
    ui_fields = "selected selected_for cursor keyboard drag_from drag_moved setup_focus"

    def __init__(self, app, match):
        super().__init__(app, match)
        self.game_ui = new_ui(match.state)
        self.hover: int | None = None
        self.drag_pos: tuple[int, int] | None = None

    # -- geometry ------------------------------------------------------------------------
    @staticmethod
    def square_rect(sq: int) -> pygame.Rect:
        col, row = square_cell(sq)
        return pygame.Rect(BX + col * CELL, BY + row * CELL, CELL, CELL)

    @staticmethod
    def square_center(sq: int) -> tuple[int, int]:
        col, row = square_cell(sq)
        return (BX + col * CELL + CELL // 2, BY + row * CELL + CELL // 2)

    @staticmethod
    def square_at(pos) -> int | None:
        x, y = pos
        if not BOARD_RECT.collidepoint(x, y):
            return None
        sq = ((y - BY) // CELL) * 8 + (x - BX) // CELL
        return None if sq in CORNERS else int(sq)

    @staticmethod
    def setup_buttons() -> list[pygame.Rect]:
        """The two choices of the setup step, over the middle of the board."""
        gap = 20
        total = 2 * SETUP_W + gap
        x = BOARD_RECT.centerx - total // 2
        y = BOARD_RECT.centery - SETUP_H // 2 + 30
        return [
            pygame.Rect(x, y, SETUP_W, SETUP_H),
            pygame.Rect(x + SETUP_W + gap, y, SETUP_W, SETUP_H),
        ]

    # -- state questions -----------------------------------------------------------------
    def person_to_act(self) -> bool:
        m = self.match
        seat = m.to_move()
        return seat >= 0 and not m.controller(seat).is_bot

    def live(self, state) -> bool:
        """Input applies to the match's current state only when it is on screen."""
        return state is self.match.state

    def current_selection(self) -> int | None:
        return selection(self.game_ui, self.match.state)

    def lit_squares(self) -> dict:
        """Destination square -> Slide for the chosen piece (empty when none is chosen)."""
        sel = self.current_selection()
        if sel is None:
            return {}
        return {m.to: m for m in self.match.state.destinations(sel)}

    def sudden_death_lines(self, state) -> tuple[list[str], bool]:
        """The countdown lines of the side card, and whether the warning is on (from
        turn 45)."""
        warn = state.phase != "over" and state.turn >= WARNING_TURN
        if state.phase == "over":
            return (
                [_("from turn {turn}").format(turn=SUDDEN_DEATH_TURN)]
                if state.turn < SUDDEN_DEATH_TURN
                else [_("was on")]
            ), False
        if state.phase == "remove":
            return [_("remove now")], True
        if state.turn >= SUDDEN_DEATH_TURN:
            nxt = state.turn + 1
            while not is_sudden_death_turn(nxt):
                nxt += 1
            return [_("next removal"), _("turn {turn}").format(turn=nxt)], True
        if warn:
            left = SUDDEN_DEATH_TURN - state.turn
            return [
                ngettext("in {n} turn", "in {n} turns", left).format(n=left),
                _("(turn {turn})").format(turn=SUDDEN_DEATH_TURN),
            ], True
        return [_("from turn {turn}").format(turn=SUDDEN_DEATH_TURN)], False

    def groups(self, state, seat: int) -> list[frozenset[int]]:
        return cached(("chromatic_collapse.groups", state.board, seat), lambda: state.groups(seat))

    # -- input ---------------------------------------------------------------------------
    def waiting_on(self) -> str | None:
        """Whom the board waits for when the seat to act is not a person here."""
        return None if self.person_to_act() else self.seat_label(self.match.state.to_move)

    def board_input(self, inp) -> bool:
        """Hand one board input to the game's ui and show its answer."""
        result = interpret_move(self.game_ui, self.match.state, inp, self.waiting_on())
        return self.apply_input(result)

    def activate(self, sq: int) -> bool:
        """A tap or Enter on ``sq``; True when it picked up a piece."""
        result, picked = ui_activate(self.game_ui, self.match.state, sq, self.waiting_on())
        self.apply_input(result)
        return picked

    def handle_board(self, event: pygame.event.Event) -> None:
        state = self.match.state
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.focus_key = None
        if event.type == pygame.MOUSEMOTION:
            sq = self.square_at(event.pos)
            self.hover = sq
            if self.drag_from is not None:
                self.drag_pos = event.pos
            self.board_input(Drag(sq) if getattr(event, "buttons", (0,))[0] else Point(sq))
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.board_input(Cell(self.square_at(event.pos), alt=True))
                return
            if event.button == 1 and state.phase == "setup":
                for i, rect in enumerate(self.setup_buttons()):
                    if rect.collidepoint(event.pos):
                        self.board_input(Pick(i))
                        return
            sq = self.square_at(event.pos) if event.button == 1 else None
            self.board_input(Cell(sq))
            if sq is not None and self.drag_from == sq:
                self.drag_pos = event.pos  # picked up: a drag may follow
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag_pos = None
            self.board_input(Drop(self.square_at(event.pos)))
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def handle_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_TAB:
            self.keyboard = True
            self.tab_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        key = board_key(event)
        if key is not None and key.name == "cancel":
            self.board_input(key)
            return
        if self.focused_button() is not None:
            # Left / Right step along the buttons, Up / Down go back to the board.
            self.button_key(event, back=((0, -1), (0, 1)))
            self.keyboard = True
            return
        if key is not None:
            self.board_input(key)

    def tab_targets(self) -> list[int]:
        """The board squares Tab visits, in order (only while a person is to act)."""
        state = self.match.state
        if not self.person_to_act():
            return []
        sel = self.current_selection()
        if state.phase == "remove":
            return state.pieces(1 - state.to_move)
        if sel is not None:
            # the chosen piece first (Enter there lets it go), then where it may land
            return [sel] + [m.to for m in state.destinations(sel)]
        if state.phase in ("first", "second"):
            return state.movable_squares()
        return []

    def tab_stops(self) -> list[tuple[str, int]]:
        """Everything Tab / Shift+Tab (controller Back) walks through: the board's
        targets (or the two setup choices), then the panel buttons."""
        if self.match.state.phase == "setup":
            board = [("setup", 0), ("setup", 1)] if self.person_to_act() else []
        else:
            board = [("square", sq) for sq in self.tab_targets()]
        return board + [("button", b.key) for b in self.panel_buttons()]

    def tab_focus(self, d: int) -> None:
        stops = self.tab_stops()
        if not stops:
            return
        if self.focus_key is not None:
            here = ("button", self.focus_key)
        elif self.match.state.phase == "setup":
            here = ("setup", self.setup_focus)
        else:
            here = ("square", self.cursor)
        if here in stops:
            kind, value = stops[(stops.index(here) + d) % len(stops)]
        else:
            board = [s for s in stops if s[0] != "button"]
            kind, value = (board or stops)[0 if d > 0 else -1]
        self.focus_key = value if kind == "button" else None
        if kind == "setup":
            self.setup_focus = value
        elif kind == "square":
            self.cursor = value
        self.app.sound.play("hover")

    def focusable_buttons(self) -> list[Button]:
        """The panel's buttons, a disabled Undo too: its action says there is nothing
        to undo, so a key press is never silent."""
        return self.panel_buttons()

    @property
    def button_focus(self) -> int | None:
        """Which panel button (left to right) holds the keys / controller focus."""
        keys = [b.key for b in self.panel_buttons()]
        return keys.index(self.focus_key) if self.focus_key in keys else None

    def cursor_shown(self) -> bool:
        """The board cursor (or setup focus) is drawn while keys drive the board."""
        return self.keyboard and self.focus_key is None

    def cancel_input(self) -> bool:
        if self.selected is None:
            return False
        self.clear_selection()
        return True

    def clear_selection(self) -> None:
        clear_selection(self.game_ui)

    # -- hooks from the base ---------------------------------------------------------------
    def on_moved(self, old, new, move, seat: int) -> None:
        self.clear_selection()
        if (isinstance(move, Slide) and old.piece_at(move.to) is not None) or isinstance(
            move, Remove
        ):
            self.app.sound.play("capture")
        else:
            self.app.sound.play("place")
        if new.turn == WARNING_TURN and old.turn == WARNING_TURN - 1:
            self.say(
                _(
                    "Turn {turn}: sudden death from turn {start}. Every fifth turn then begins "
                    "with removing an opponent piece"
                ).format(turn=WARNING_TURN, start=SUDDEN_DEATH_TURN),
                "warning",
                5,
            )
        elif new.phase == "remove" and old.phase != "remove" and not new.is_terminal():
            self.say(new.step_banner(), "warning", 5)

    def on_undo(self) -> None:
        self.clear_selection()
        self.hover = None

    def board_cells(self) -> list[pygame.Rect]:
        return [BOARD_RECT.copy()]

    def bot_pause(self, state) -> int:
        # A bot's first action of a turn waits a little longer than its second, so the
        # person sees the turn change hands before pieces start moving.
        return 34 if state.phase in ("first", "remove") else 26

    def transition_ticks(self, old, new, move) -> int:
        if isinstance(move, Slide):
            try:
                n = len(old.path(move).squares) - 1
            except ValueError:
                return 12
            capture = old.piece_at(move.to) is not None
            return 14 + 5 * n + (20 if capture else 0)
        if isinstance(move, Remove):
            return 42
        if isinstance(move, Start):
            return 30
        return 10


VIEW = ChromaticCollapseView
