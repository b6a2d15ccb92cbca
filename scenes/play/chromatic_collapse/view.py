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

from game.chromatic_collapse import (
    CORNERS,
    SUDDEN_DEATH_TURN,
    Remove,
    Slide,
    Start,
    is_sudden_death_turn,
    square_cell,
    cell_name,
)
from scenes.play.base import PlayScene
from scenes.play.buttons import Button
from scenes.widgets import cached

from .animation import Animations
from .board import BoardDrawing
from .cards import CardsDrawing
from .layout import BOARD_RECT, BX, BY, CELL, SETUP_H, SETUP_W, WARNING_TURN
from .side import SidePanel


# -- the view -----------------------------------------------------------------------------
class ChromaticCollapseView(BoardDrawing, CardsDrawing, SidePanel, Animations, PlayScene):
    bot_level_for_hint = "hard"

    def __init__(self, app, match):
        super().__init__(app, match)
        self.selected: int | None = None
        self.selected_for = None  # the state the selection belongs to
        self.cursor = self._first_cursor(match.state)
        self.keyboard = False  # show the board cursor once keys are used
        self.hover: int | None = None
        self.drag_from: int | None = None
        self.drag_pos: tuple[int, int] | None = None
        self.drag_moved = False
        self.setup_focus = 0  # 0 = "Diamond starts", 1 = "Circle starts"

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

    def _first_cursor(self, state) -> int:
        if state.phase in ("first", "second"):
            movable = state.movable_squares()
            if movable:
                return movable[0]
        return 59  # d1

    # -- state questions -----------------------------------------------------------------
    def person_to_act(self) -> bool:
        m = self.match
        seat = m.to_move()
        return seat >= 0 and not m.controller(seat).is_bot

    def live(self, state) -> bool:
        """Input applies to the match's current state only when it is on screen."""
        return state is self.match.state

    def current_selection(self) -> int | None:
        if self.selected is not None and self.selected_for is self.match.state:
            return self.selected
        return None

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
                [f"from turn {SUDDEN_DEATH_TURN}"] if state.turn < SUDDEN_DEATH_TURN else ["was on"]
            ), False
        if state.phase == "remove":
            return ["remove now"], True
        if state.turn >= SUDDEN_DEATH_TURN:
            nxt = state.turn + 1
            while not is_sudden_death_turn(nxt):
                nxt += 1
            return ["next removal", f"turn {nxt}"], True
        if warn:
            left = SUDDEN_DEATH_TURN - state.turn
            return [f"in {left} turn{'s' * (left != 1)}", f"(turn {SUDDEN_DEATH_TURN})"], True
        return [f"from turn {SUDDEN_DEATH_TURN}"], False

    def groups(self, state, seat: int) -> list[frozenset[int]]:
        return cached(("chromatic_collapse.groups", state.board, seat), lambda: state.groups(seat))

    # -- input ---------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> None:
        state = self.match.state
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.focus_key = None
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = self.square_at(event.pos)
            if self.drag_from is not None:
                self.drag_pos = event.pos
                if self.square_at(event.pos) != self.drag_from:
                    self.drag_moved = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard = False
            if event.button == 3:
                self.clear_selection()
                return
            if event.button != 1:
                return
            if state.phase == "setup":
                for i, rect in enumerate(self.setup_buttons()):
                    if rect.collidepoint(event.pos):
                        self.setup_focus = i
                        self.choose_start(i)
                        return
                return
            sq = self.square_at(event.pos)
            if sq is None:
                return
            self.cursor = sq
            picked = self.activate(sq)
            if picked:
                self.drag_from, self.drag_pos, self.drag_moved = sq, event.pos, False
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            start, moved = self.drag_from, self.drag_moved
            self.drag_from, self.drag_pos, self.drag_moved = None, None, False
            if start is None or not moved:
                return
            sq = self.square_at(event.pos)
            if sq is not None and sq != start and self.current_selection() == start:
                self.submit_slide(start, sq)
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        state = self.match.state
        arrows = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }
        if k == pygame.K_TAB:
            self.keyboard = True
            self.tab_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.clear_selection()
            return
        if self.focused_button() is not None:
            # Left / Right step along the buttons, Up / Down go back to the board.
            self.button_key(event, back=((0, -1), (0, 1)))
            self.keyboard = True
            return
        if state.phase == "setup":
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                self.keyboard = True
                self.setup_focus = 1 - self.setup_focus
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.keyboard = True
                self.choose_start(self.setup_focus)
            return
        if k in arrows:
            if not self.keyboard:
                self.keyboard = True
                return  # the first key press shows the cursor where it is
            self.move_cursor(*arrows[k])
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.keyboard = True
            self.activate(self.cursor)

    def move_cursor(self, dc: int, dr: int) -> None:
        col, row = square_cell(self.cursor)
        for _ in range(2):  # step over a missing corner
            col, row = col + dc, row + dr
            if not (0 <= col < 8 and 0 <= row < 8):
                return
            sq = row * 8 + col
            if sq not in CORNERS:
                self.cursor = sq
                self.app.sound.play("hover")
                return

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
        self.selected = None
        self.selected_for = None
        self.drag_from = None

    def activate(self, sq: int) -> bool:
        """A tap or Enter on ``sq``.  Returns True when it picked up a piece (a drag may
        follow)."""
        state = self.match.state
        if state.is_terminal():
            return False
        if not self.person_to_act():
            self.say(f"{self.seat_label(state.to_move)} is thinking: wait for its move", "warning")
            return False
        if state.phase == "remove":
            self.try_move(Remove(sq))
            return False
        if state.phase not in ("first", "second"):
            return False
        sel = self.current_selection()
        piece = state.piece_at(sq)
        if sel is not None:
            if sq == sel:
                self.clear_selection()
                return False
            if any(m.to == sq for m in state.destinations(sel)):
                self.submit_slide(sel, sq)
                return False
            if piece is not None and piece[0] == state.to_move:
                return self.pick(sq)
            # Not a lit square: the engine says why (distance, blocked, direction...).
            self.submit_slide(sel, sq)
            return False
        if piece is None:
            return False
        return self.pick(sq)

    def pick(self, sq: int) -> bool:
        state = self.match.state
        note = state.piece_note(sq)
        if note is not None:
            self.clear_selection()
            if note == state.step_banner():
                # the engine's reason is the step's rule; say which piece it stopped
                note = f"The piece on {cell_name(sq)} may not move now. {note}"
            self.say(note, "warning")
            self.app.sound.play("bump")
            return False
        self.selected, self.selected_for = sq, state
        self.app.sound.play("click")
        return True

    def submit_slide(self, frm: int, to: int) -> bool:
        state = self.match.state
        target = state.piece_at(to)
        move = Slide(frm, to, target is not None and target[0] != state.to_move)
        ok = self.try_move(move)
        if not ok:
            self.app.sound.play("error")
        return ok

    def choose_start(self, seat: int) -> None:
        if not self.person_to_act():
            self.say(f"{self.seat_label(self.match.to_move())} is choosing who starts", "warning")
            return
        self.try_move(Start(seat))

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
                f"Turn {WARNING_TURN}: sudden death from turn {SUDDEN_DEATH_TURN}. Every fifth turn "
                "then begins with removing an opponent piece",
                "warning",
                5,
            )
        elif new.phase == "remove" and old.phase != "remove" and not new.is_terminal():
            self.say(new.step_banner(), "warning", 5)

    def on_undo(self) -> None:
        self.clear_selection()
        self.hover = None

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
