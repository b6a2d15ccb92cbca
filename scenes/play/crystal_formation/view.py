"""Crystal Formation's play screen: pyramid stacks on an 8x8 board (2-4 players) or a
91-cell hexagon (5-6 players).

How a person plays (every path ends in ``self.try_move``; the view never changes a
state itself, and every refusal shows the engine's own reason):

- Mouse / touch: glowing cells are legal targets.  With nothing selected, click a
  glowing cell to *place* a small.  Click one of your nodes to select it: its *move*
  targets glow (drag the node there, or click one), and the side strip shows its
  *grow* buttons S, M and L (the piece that comes in; the ones the engine allows are
  lit, the others explain why not).  Click the node again (or right-click) to drop
  the selection.  With a mouse the end-of-turn marks show while pointing, before the
  click; a finger tap only *proposes* an action (its marks show), and tapping it
  again or End turn plays it.
- Keyboard / controller: arrows move the board cursor (on the hexagon up / down keep
  to the same column line), Enter acts on the cursor's cell exactly like a click,
  Space proposes the next legal grow of the selected node (Enter plays it), S / M /
  L propose growing the selected node (or the one under the cursor) with that piece
  (its end-of-turn marks show; Enter or the same key again plays it), Tab jumps
  between your nodes, T toggles the threat view, P passes when nothing else is legal
  (so does Enter), Backspace / Escape drop a selection.  Right from the board's right
  edge moves the focus onto the strip's buttons (grow S / M / L, End turn, Cancel,
  Pass, Threat view): the arrows move between them (a grow under the focus shows its
  end-of-turn marks), Enter presses the focused one exactly like a click, Left from
  the strip (and Tab) goes back to the board cursor.  H hint, U undo, Y redo, F1
  rules and Esc (menu) come from the shared play screen.
- A game controller is the keyboard above through the shared input mapper: d-pad or
  left stick = arrows, A = Enter, X = Space (cycle the grows), Back = Tab (your next
  node), B = Escape (drop a selection, then the menu), Start = menu, Y = hint, the
  shoulders scroll the move log.  So every action has a controller path: place and
  move with the cursor and A, grow with X then A (or A on a grow button in the
  strip), pass with A, the threat view with A on its button.
- Hovering a node (or resting the cursor on it) draws its influence rings; the threat
  view shades every cell an opponent influences.  Before an action is played its
  end-of-turn result is marked on the board -- amber for nodes that will decay, red
  crosses for nodes that will die -- using the engine's own ``decay_preview``.

Layout (logical 1280x720): the board fills the left of BOARD_AREA; a strip on its
right holds the turn order, the action card, the end-of-turn preview, the node under
the pointer and the threat-view switch.  The side panel lists every seat with trees
toward five, power and stash.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import pygame

from game.rules.crystal_formation import Grow, MoveNode, Pass, Place
from game.text.i18n import _, language
from scenes.play.base import PlayScene, board_key
from scenes.play.buttons import Button, focus_alias
from scenes.play.interpret import Cell, Drop, Key, Pick, Point, Unused
from scenes.widgets import MIN_TARGET, cached

from .animation import Animations
from .board import BoardDrawing
from .layout import ACTION_CARD, STRIP, board_geom
from .side import SidePanel
from .strip import StripDrawing
from .ui import clear, interpret_move, new_ui, settle


class CrystalFormationView(BoardDrawing, Animations, StripDrawing, SidePanel, PlayScene):
    """The play screen (see the module docstring for the controls)."""

    # The half-entered input lives in ``game_ui`` (ui.py); the drawing reads it here.
    ui_fields = "selected pending cursor keyboard hover_cell"

    def __init__(self, app, match):
        super().__init__(app, match)
        self.kind = match.state.board_kind
        self.geom = board_geom(self.kind)
        self.game_ui = new_ui(match.state)
        self.hover_button = None
        self.mouse = (-1, -1)
        self.press = None  # (pos, cell, button name, finger) of a press
        self.threat_view = False
        self._bg = None
        self._log_key = None
        self._log_lang = language()
        self._log = []
        self._log_states: list = []
        self._last_key = None
        self._last = None
        self.buttons_rects: dict[str, tuple[pygame.Rect, bool]] = {}

    # ================================================================== helpers
    def my_turn(self) -> bool:
        m = self.match
        seat = m.to_move()
        return seat >= 0 and not m.controller(seat).is_bot

    def viewer(self) -> int:
        """Whose threats the threat view shows: the person to move, else the next
        person in turn order, else the seat to move."""
        m = self.match
        n = m.state.num_players
        seat = m.state.to_move
        if not m.controller(seat).is_bot:
            return seat
        for k in range(1, n + 1):
            s = (seat + k) % n
            if not m.seats[s].is_bot:
                return s
        return seat

    def seat_name(self, seat: int) -> str:
        return self.match.seat_names()[seat]

    def _cached(self, key, make):
        """Per-state values and board-sized layers in the kit's one bounded cache, keyed
        by the (immutable, hashable) state itself so a reused object id can never serve
        a stale entry; the kit weighs the layers by their bytes (each about 1.5 MB)."""
        return cached(("crystal_formation",) + key, make)

    def preview(self, state, move):
        """The engine's end-of-turn preview for ``move`` (None: as things stand)."""
        if state.is_terminal():
            return None

        def make():
            try:
                return state.decay_preview(move)
            except ValueError:
                return False

        value = self._cached(("preview", state, str(move)), make)
        return value or None

    def candidate(self):
        """The action the person is pointing at, whose end-of-turn is previewed."""
        if not self.my_turn() or self.anim or self.queue:
            return None
        state = self.match.state
        if self.pending is not None:
            return self.pending
        name = self.strip_focus if self.keyboard else self.hover_button
        if name:
            if name.startswith("grow:") and self.selected is not None:
                move = Grow(self.selected, name[5:])
                return move if move in state.grow_options(self.selected) else None
            if name == "pass" and state.must_pass():
                return Pass()
            return None
        cell = self.cursor if self.keyboard else self.hover_cell
        if cell is None:
            return None
        if self.selected is not None:
            if cell in self._cached(
                ("targets", state, self.selected),
                lambda: frozenset(state.move_targets(self.selected)),
            ):
                return MoveNode(self.selected, cell)
            return None
        if cell in self._place_targets(state):
            return Place(cell)
        return None

    def _place_targets(self, state) -> frozenset:
        return self._cached(("place", state), lambda: frozenset(state.place_targets()))

    def _clear_input(self) -> None:
        clear(self.game_ui)

    # ================================================================== moves
    def board_input(self, inp):
        """Hand one board input to the game's ui and show its answer (returned, so a
        view may use an unused arrow for the strip)."""
        m = self.match
        waiting_on = None if self.my_turn() else self.seat_label(m.state.to_move)
        result = interpret_move(self.game_ui, m.state, inp, waiting_on)
        self.apply_input(result)
        return result

    def press_strip(self, name: str, finger: bool = False) -> None:
        """A strip button, clicked or pressed with Enter (after its click sound)."""
        if name == "threat":
            self.toggle_threat()
        else:
            self.board_input(Pick(name, touch=finger))

    def toggle_threat(self) -> None:
        self.threat_view = not self.threat_view
        self.app.sound.play("click")

    # ================================================================== scene hooks
    def on_moved(self, old, new, move, seat: int) -> None:
        super().on_moved(old, new, move, seat)
        self._clear_input()

    def on_undo(self) -> None:
        self._clear_input()

    def update_view(self) -> None:
        settle(self.game_ui, self.match.state)
        self.check_button_focus()

    def board_cells(self) -> list[pygame.Rect]:
        rects = [self.geom.rect(c) for c in self.match.state.cells()]
        return [rects[0].unionall(rects[1:])] if rects else []

    def bot_pause(self, state) -> int:
        # long enough to see whose turn it is before the bot's action lands
        return 30

    def cancel_input(self) -> bool:
        if self.selected is None and self.pending is None:
            return False
        self._clear_input()
        return True

    def handle_board(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.strip_focus = None
            self.hover_button = self._button_at(event.pos)
            self.board_input(Point(self.geom.cell_at(event.pos)))
            return
        if t == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 3:
                self.board_input(Cell(self.geom.cell_at(event.pos), alt=True))
                return
            if event.button != 1:
                return
            self.keyboard = False
            self.strip_focus = None
            finger = bool(getattr(event, "finger", False))
            self.press = (
                event.pos,
                self.geom.cell_at(event.pos),
                self._button_at(event.pos),
                finger,
            )
            return
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            if press is None:
                return
            _, cell, name, finger = press
            finger = finger or bool(getattr(event, "finger", False))
            if name is not None:
                if self._button_at(event.pos) == name:
                    self.app.sound.play("click")
                    self.press_strip(name, finger)
                return
            here = self.geom.cell_at(event.pos)
            if cell is not None and here is not None and here != cell:
                self.board_input(Drop(here, frm=cell, touch=finger))
                return
            if here is None and cell is None:
                if not STRIP.collidepoint(event.pos):
                    self.board_input(Cell(None))
                return
            self.board_input(Cell(here if here is not None else cell, touch=finger))
            return
        if t == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event) -> None:
        self._key_action(event)
        self.check_button_focus()

    # Crystal Formation's own letters: S / M / L grow, P passes, Tab walks your nodes.
    LETTERS: ClassVar[dict[int, str]] = {
        pygame.K_s: "S",
        pygame.K_m: "M",
        pygame.K_l: "L",
        pygame.K_p: "pass",
    }

    def _key_action(self, event) -> None:
        k = event.key
        key = board_key(event)
        if key is not None and key.name in ("left", "right", "up", "down"):
            if self.strip_focus is not None:  # (put there by a key or a click)
                # Left and Right keep to a row of buttons (Left off its start goes back to
                # the board), Up and Down go to the nearest button of the row above or below.
                if not self.button_key(event, beside=False, straight=True):
                    self.strip_focus = None
                return
            if self.board_input(key) is Unused and key.name == "right":
                self.enter_strip()  # right from the board's right edge
            return
        if key is not None and key.name == "confirm" and self.press_focused():
            return
        if k == pygame.K_t:
            self.toggle_threat()
            return
        if k == pygame.K_TAB:
            self.strip_focus = None
            key = Key("previous" if event.mod & pygame.KMOD_SHIFT else "next")
        elif k in self.LETTERS:
            key = Key(self.LETTERS[k])
        if key is not None:
            self.board_input(key)

    # -- the strip's buttons under the keyboard / controller focus -----------------------
    def strip_rows(self) -> list[list[str]]:
        """The strip's buttons now, top to bottom, each row left to right."""
        self.buttons_rects = self._layout_buttons(self.match.state)
        rows: dict = {}
        for name, (rect, _enabled) in self.buttons_rects.items():
            rows.setdefault(rect.y, []).append((rect.x, name))
        return [[name for _x, name in sorted(row)] for _y, row in sorted(rows.items())]

    def enter_strip(self) -> None:
        """Right from the board's edge: focus the row of buttons nearest the cursor."""
        rows = self.strip_rows()
        if not rows:
            return
        y = self.geom.pos[self.cursor][1]
        row = min(rows, key=lambda r: abs(self.buttons_rects[r[0]][0].centery - y))
        self.strip_focus = row[0]
        self.app.sound.play("hover")

    strip_focus = focus_alias(
        "The strip button holding the keyboard / controller focus (the base's)."
    )

    def view_buttons(self) -> list[Button]:
        self.buttons_rects = self._layout_buttons(self.match.state)
        return [
            Button(
                name,
                rect,
                _("Grow {size}").format(size=name[5:])
                if name.startswith("grow:")
                else self._button_text(name)[0],
                partial(self.press_strip, name),
                enabled,
            )
            for name, (rect, enabled) in self.buttons_rects.items()
        ]

    def focusable_buttons(self) -> list[Button]:
        """The strip's buttons, a disabled grow too (Enter on it says why it cannot
        grow); the panel's are the mouse's and the letter keys'."""
        return self.view_buttons()

    # ================================================================== strip layout
    def button_rect(self, name: str) -> pygame.Rect | None:
        """Where a strip button is now (None when it is not shown)."""
        self.buttons_rects = self._layout_buttons(self.match.state)
        hit = self.buttons_rects.get(name)
        return hit[0] if hit else None

    def _button_at(self, pos) -> str | None:
        hit = self.button_at(pos)
        return hit.key if hit is not None else None

    def _layout_buttons(self, state) -> dict:
        """Every strip button for the current situation: name -> (rect, enabled)."""
        out: dict = {}
        x, w = STRIP.x + 10, STRIP.w - 20
        out["threat"] = (
            pygame.Rect(STRIP.x, STRIP.bottom - MIN_TARGET - 4, STRIP.w, MIN_TARGET + 4),
            True,
        )
        if not self.my_turn() or state.is_terminal():
            return out
        y = ACTION_CARD.y + 124
        if self.pending is not None:
            out["end"] = (pygame.Rect(x, y, w, MIN_TARGET + 4), True)
            out["cancel"] = (pygame.Rect(x, y + MIN_TARGET + 10, w, MIN_TARGET), True)
            return out
        if state.must_pass():
            out["pass"] = (pygame.Rect(x, y, w, MIN_TARGET + 4), True)
            return out
        if self.selected is not None:
            legal = state.grow_options(self.selected)
            bw = (w - 16) // 3
            for k, size in enumerate("SML"):
                out[f"grow:{size}"] = (
                    pygame.Rect(x + k * (bw + 8), y, bw, MIN_TARGET + 8),
                    Grow(self.selected, size) in legal,
                )
            out["cancel"] = (
                pygame.Rect(x, y + MIN_TARGET + 16, w, MIN_TARGET),
                True,
            )  # ends at +228
        return out


VIEW = CrystalFormationView
