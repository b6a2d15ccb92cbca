"""Color Crossroads' play screen.

The board (walls, the four corner colours, placed crystals) fills the left of the
board area; beside it a column shows the palette (the two last-placed colours crossed
out, colours that do not fit the hovered cell dimmed) and the turn's action, or,
while a challenge is being answered, the 120 s ring, the drawn path and Submit /
Clear / Concede.  The side panel lists the six pairs with a Challenge button on each
open one, then the log.

Controls (every one also has a keyboard path and a controller path):

- Place: pick a colour (click a swatch, or keys 1-4), then click a cell; or click a
  cell first and then a colour; or drag a swatch onto a cell.
- Challenge: the Challenge button of a pair in the side panel.
- Answer a challenge: drag through the cells of the loop (touch too), or click them one
  by one; entering the start cell again closes the loop.  Clicking the path's last
  cell takes it back; clicking an earlier cell cuts the path there.  Submit sends it
  to the game's checker, whose verdict is shown.
- Keyboard: arrows move the board cursor, Enter / Space act on it (place, or add the
  cell to the path), Shift + arrows draw the path, Backspace takes back a path cell,
  1-4 choose a colour, Tab / Shift+Tab walk through the buttons (Enter presses).
  The base adds H hint, U undo, F1 rules, Escape pause.
- Game controller (the input mapper turns it into keys; it has no Shift, digits or
  Backspace): the d-pad moves the cursor and A (or X) acts on it like Enter, so A on an
  empty cell and then on a colour's swatch places; a loop is drawn with A on each of
  its cells (A on the path's last cell takes it back, on its start closes it).  Back
  walks the buttons (swatches, End turn / Pass, Challenge, Submit / Clear / Concede) and
  A presses the focused one; in the setup A, then Left / Right and A choose who starts.
  Y hint, Start pause, B back.  Once a controller is used the key line under the
  column names its buttons instead of keys.

The view never decides a rule: legality, refusals and the loop verdict come from the
engine through ``self.try_move`` (its reasons become the banner).
"""

from __future__ import annotations

import math
from functools import partial

import pygame

from game.rules.color_crossroads import (
    COLOURS,
    TARGET_POINTS,
    Answer,
    Challenge,
    Concede,
    EndTurn,
    Pass,
    Place,
    Start,
    cell_name,
)
from game.text.i18n import _, language, ngettext, pgettext
from scenes.play.base import PlayScene, board_key
from scenes.play.buttons import Button
from scenes.play.interpret import Cell, Drag, Drop, Pick, Point, Submit
from scenes.play.words import colour_name, colour_title

from .animation import Animations
from .board import BoardDrawing
from .column import ColumnDrawing
from .layout import (
    ACTION_RECT,
    BOARD,
    CLEAR_RECT,
    CONCEDE_RECT,
    KEY_COLOURS,
    SUBMIT_RECT,
    cell_at,
    challenge_rect,
    pair_text,
    start_rects,
    swatch_rect,
)
from .side import SidePanel
from .ui import GameUI, accepted, clear, drop_path, interpret_move


class ColorCrossroadsView(BoardDrawing, ColumnDrawing, SidePanel, Animations, PlayScene):
    # The half-entered input lives in ``game_ui`` (ui.py); the drawing reads it here.
    ui_fields = (
        "colour pending drag_colour cursor keyboard hover path closed dragging drag_head "
        "concede_armed"
    )

    def __init__(self, app, match):
        super().__init__(app, match)
        self.game_ui = GameUI()
        self.pad = False  # the latest key came from a game controller (the key line says so)
        self.mouse = (-1, -1)
        self.verdict: tuple[str, str] | None = None  # (text, "good"/"bad")
        self.refused_flash = 0
        self.later: tuple | None = None  # (move, banner, kind) shown after its animation
        self.traced: tuple | None = None  # (loop, board) of the latest accepted answer
        self.last_tick_second = -1
        self._layer_key = None
        self._layer = None
        self._targets_state = None  # held, so that its id is never reused while cached
        self._targets_key = None
        self._targets: list[Button] = []
        self._log_cache: dict = {}

    # -- who and what ------------------------------------------------------------------
    def person_to_act(self) -> bool:
        seat = self.match.to_move()
        return seat >= 0 and not self.match.controller(seat).is_bot

    def is_you(self, seat: int) -> bool:
        """``seat`` is the one person playing here: the screen says "you" to them."""
        people = self.match.people()
        return len(people) == 1 and seat in people

    def short_name(self, seat: int) -> str:
        # Only where no verb follows (a verb needs its own "you" sentence: German
        # "Du forderst", never "Du fordert"): see is_you.
        if self.is_you(seat):
            return pgettext("seat", "You")
        return self.match.seat_names()[seat]

    def seat_colour(self, seat: int) -> pygame.Color:
        # Red, green, yellow and blue belong to the board (both players use them).
        return self.app.theme["crystal_purple"] if seat == 0 else self.app.theme["crystal_cyan"]

    def focus_cell(self) -> int | None:
        if self.pending is not None:
            return self.pending
        if self.hover is not None:
            return self.hover
        if self.keyboard and self.focus_key is None:
            return self.cursor
        return None

    def view_buttons(self) -> list[Button]:
        """The column's and the pair rows' buttons now (cached per state)."""
        st = self.match.state
        person = self.person_to_act()
        key = (person, self.concede_armed > 0)
        if st is self._targets_state and key == self._targets_key:
            return self._targets
        out: list[Button] = []
        if st.phase == "setup":
            if person:
                for seat, r in enumerate(start_rects()):
                    out.append(
                        self._button(
                            f"start:{seat}",
                            r,
                            _("{player} starts").format(player=self.match.seat_names()[seat]),
                            "primary" if seat == 0 else "normal",
                        )
                    )
        elif st.phase == "turn":
            for c in range(4):
                out.append(self._button(f"colour:{c}", swatch_rect(c), colour_title(COLOURS[c])))
            legal = st.legal_moves() if person else []
            if Pass() in legal:
                out.append(self._button("pass", ACTION_RECT, _("Pass (nothing fits)"), "primary"))
            else:
                out.append(
                    self._button(
                        "end",
                        ACTION_RECT,
                        _("End turn"),
                        "primary" if EndTurn() in legal else "normal",
                        EndTurn() in legal,
                    )
                )
        elif st.phase == "answer" and person:
            out.append(self._button("submit", SUBMIT_RECT, _("Submit loop"), "primary"))
            out.append(self._button("clear", CLEAR_RECT, _("Clear")))
            out.append(
                self._button(
                    "concede",
                    CONCEDE_RECT,
                    _("Sure?") if self.concede_armed > 0 else _("Concede"),
                    "danger",
                )
            )
        if st.phase != "over":
            can = person and st.phase == "turn" and st.can_challenge()
            for p in st.open_pairs():
                if st.phase == "answer" and p == st.challenge_pair:
                    continue  # its row says "challenged"
                out.append(
                    self._button(f"challenge:{p}", challenge_rect(p), _("Challenge"), "normal", can)
                )
        self._targets_state, self._targets_key, self._targets = st, key, out
        return out

    def _button(
        self, key: str, rect: pygame.Rect, label: str, style: str = "normal", enabled=True
    ) -> Button:
        # activate() plays each button's own sound (or none: a move has its own).
        action = partial(self.activate, key)
        return Button(key, rect, label, action, enabled, style=style, sound="")

    def focusable_buttons(self) -> list[Button]:
        """All of this view's buttons, a disabled one too (pressing it says why not);
        the panel's are the mouse's and the letter keys'."""
        return self.view_buttons()

    # -- input -------------------------------------------------------------------------
    def board_input(self, inp) -> bool:
        """Hand one board input to the game's ui and show its answer."""
        ui = self.game_ui
        edits = ui.path_edits
        result = interpret_move(ui, self.match.state, inp, None if self.person_to_act() else "bot")
        if ui.path_edits != edits:
            self.path_changed()
        ok = self.apply_input(result)
        if ok and isinstance(result, Submit):
            accepted(ui, result.move)
        return ok

    def handle_board(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            cell = cell_at(event.pos)
            self.board_input(Drag(cell) if getattr(event, "buttons", (0,))[0] else Point(cell))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.keyboard = False
            self.pad = False
            self.focus_key = None
            target = self.button_at(event.pos)
            if target is not None:
                self.press_button(target)  # a disabled one too: it says why not
                if target.key.startswith("colour:") and self.colour is not None:
                    self.drag_colour = self.colour  # a swatch may be dragged onto a cell
                return
            cell = cell_at(event.pos)
            if cell is not None:
                self.board_input(Cell(cell))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self.board_input(Drop(cell_at(event.pos)))
        elif event.type == pygame.KEYDOWN:
            # The input mapper marks the keys it makes for a controller as synthetic.
            self.pad = bool(getattr(event, "synthetic", False))
            self.handle_key(event)

    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        key = board_key(event)
        if key is not None and key.name in ("left", "right", "up", "down"):
            if (
                self.match.state.phase == "setup"
                and self.focus_key
                and self.focus_key.startswith("start:")
            ):
                if key.name in ("left", "right"):
                    self.focus_key = f"start:{1 if key.name == 'right' else 0}"
                return
            self.focus_key = None
            self.board_input(key)
            return
        if key is not None and key.name in ("confirm", "space"):
            self.keyboard = True
            if self.focus_key is not None:
                self.press_focused()
            elif self.match.state.phase == "setup":
                self.focus_key = "start:0" if self.person_to_act() else None
            else:
                self.board_input(key)
            return
        if k == pygame.K_TAB:
            self.keyboard = True
            self.tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        if k in KEY_COLOURS and self.match.state.phase == "turn":
            self.activate(f"colour:{KEY_COLOURS[k]}")
            return
        if k == pygame.K_BACKSPACE:  # (Delete is not a take-back here)
            self.board_input(key)

    def tab(self, d: int) -> None:
        keys = [None] + [t.key for t in self.focusable_buttons()]
        i = keys.index(self.focus_key) if self.focus_key in keys else 0
        self.focus_key = keys[(i + d) % len(keys)]
        self.app.sound.play("hover")

    def activate(self, key: str) -> None:
        """A press on one of the view's targets (a swatch, a column or panel button)."""
        self.board_input(Pick(key))

    def answering(self) -> bool:
        return self.match.state.phase == "answer" and self.person_to_act()

    def keys_hint(self) -> str:
        """The key line under the column: the keyboard's keys, or the controller's
        buttons once a controller is in use (it has no Shift, digits or Backspace)."""
        if self.answering():
            if self.pad:
                return _("Pad: A on a cell, Back: buttons")
            return _("Keys: Shift+arrows, Backspace")
        return (
            _("Pad: d-pad + A, Back: buttons") if self.pad else _("Keys: arrows, Enter, 1-4, Tab")
        )

    # -- the path ----------------------------------------------------------------------
    def path_changed(self) -> None:
        self.verdict = None
        self.refused_flash = 0

    # -- base hooks ----------------------------------------------------------------------
    def say(self, words: str, kind: str = "info", seconds: float = 3.5) -> None:
        # The engine's reasons are sentence fragments ("E5 is yellow"); banners start upper case.
        super().say(words[:1].upper() + words[1:], kind, seconds)

    def request_hint(self) -> None:
        st = self.match.state
        if st.phase == "answer" and self.person_to_act():
            # The rules: the game never hints whether a loop exists.
            self.say(
                _(
                    "No hints while answering a challenge: the game never says whether a loop exists"
                ),
                "warning",
            )
            return
        super().request_hint()

    def on_refused(self, move, exc) -> None:
        if isinstance(move, Answer):
            self.verdict = (_("Refused: {reason}").format(reason=exc), "bad")
            self.refused_flash = 50

    def on_moved(self, old, new, move, seat: int) -> None:
        self._targets_key = None
        self.concede_armed = 0
        name = self.short_name(seat)
        if isinstance(move, Place):
            self.app.sound.play("place")
            if self.pending == move.cell:
                self.pending = None
        elif isinstance(move, Challenge):
            self.app.sound.play("shift")
            other = self.short_name(1 - seat)
            if self.is_you(seat):
                text = _("You challenged {pair}: {other} must show a loop within 2 minutes")
            elif self.is_you(1 - seat):
                text = _("{name} challenged {pair}: you must show a loop within 2 minutes")
            else:
                text = _("{name} challenged {pair}: {other} must show a loop within 2 minutes")
            self.say(text.format(name=name, pair=pair_text(move.pair), other=other), "warning", 4.0)
        elif isinstance(move, Answer):
            self.app.sound.play("score")
            self.traced = (tuple(new.last_loop), new.board, seat)
            person = not self.match.controller(seat).is_bot
            if person:
                self.verdict = (_("Loop accepted: +1"), "good")
            self.later = (move, new.last_result, "good")
            self.banner_ticks = 0  # the challenge's banner is answered
        elif isinstance(move, Concede):
            self.app.sound.play("capture")
            self.later = (move, new.last_result, "warning")
            self.banner_ticks = 0
        elif isinstance(move, (EndTurn, Pass, Start)):
            self.app.sound.play("click")
        # A drawn path belongs to one challenge: any applied action starts or ends one.
        drop_path(self.game_ui)
        if isinstance(move, Challenge):
            self.verdict = None

    def on_undo(self) -> None:
        self._targets_key = None
        self.later = None
        clear(self.game_ui)
        self.verdict = None
        self.focus_key = None

    def board_cells(self) -> list[pygame.Rect]:
        return [BOARD.copy()]

    def bot_pause(self, state) -> int:
        base = super().bot_pause(state)
        # A bot answering a challenge is shown "looking for a loop" for a moment.
        return base * 2 if state.phase == "answer" else base

    def animating(self) -> bool:
        # the answer's countdown ring shrinks every frame; a refused cell flashes
        return self.answering() or self.refused_flash > 0

    def view_key(self) -> tuple:
        return (self.concede_armed > 0, self.later is not None)

    def update_view(self) -> None:
        if self.later is not None:
            # The result is told once its animation has played (or was skipped).
            move = self.later[0]
            if not (self.anim and self.anim.move is move) and not any(
                q[2] is move for q in self.queue
            ):
                self.say(self.later[1], self.later[2], 4.5)
                self.later = None
        if self.refused_flash > 0:
            self.refused_flash -= 1
        if self.concede_armed > 0:
            self.concede_armed -= 1
            if self.concede_armed == 0:
                self._targets_key = None
        self.check_button_focus()
        clock = self.match.rule_clock
        if clock is not None and self.answering():
            left = math.ceil(clock.move_seconds_left())
            if left <= 10 and left != self.last_tick_second:
                self.last_tick_second = left
                self.app.sound.play("tick")

    def status_text(self) -> str:
        m = self.match
        st = m.state
        if m.is_over():
            return m.outcome_reason() or _("Game over")
        seat = m.to_move()
        name = self.seat_label(seat)
        person = self.person_to_act()
        if st.phase == "setup":
            return (
                _("{name}: choose who takes the first turn").format(name=name)
                if person
                else self.waiting_words(seat, _("{name} is choosing who starts..."))
            )
        if st.phase == "answer":
            pair = pair_text(st.challenge_pair)
            return (
                _("{name}: show a {pair} loop, or concede").format(name=name, pair=pair)
                if person
                else self.waiting_words(
                    # the pair is put in now, the name by waiting_words
                    seat,
                    _("{name} is looking for a {pair} loop...").replace("{pair}", pair),
                )
            )
        if not person:
            return self.waiting_words(self.match.to_move())
        if not st.placed_this_turn:
            if st.can_challenge():
                return _("{name}: place a colour (you may challenge first)").format(name=name)
            return _("{name}: place a colour").format(name=name)
        return _("{name}: challenge a pair, or end your turn").format(name=name)

    def panel_rows(self) -> list[tuple[int, str, str]]:
        pts = self.match.state.points
        return [(s, self.seat_label(s), f"{pts[s]} / {TARGET_POINTS}") for s in range(2)]

    def log_lines(self) -> list[tuple[int, str]]:
        m = self.match
        out = []
        for i, e in enumerate(m.entries):
            key = (i, e.text, e.seat, m.states[i].challenge_pair, m.states[i].mover, language())
            line = self._log_cache.get(key)
            if line is None:
                line = self.describe(m.states[i], e.text, e.seat)
                self._log_cache[key] = line
            out.append((e.seat, line))
        return out

    def describe(self, before, move_text: str, seat: int) -> str:
        who = self.log_name(seat)
        try:
            move = before.parse_move(move_text)
        except ValueError:
            return f"{who}  {move_text}"
        if isinstance(move, Start):
            text = _("{player} starts").format(player=self.match.seat_names()[move.seat])
        elif isinstance(move, Place):
            text = f"{cell_name(move.cell)} {colour_name(COLOURS[move.colour])}"
        elif isinstance(move, Challenge):
            text = _("challenges {pair}").format(pair=pair_text(move.pair))
        elif isinstance(move, Answer):
            n = len(move.cells)
            text = ngettext(
                "shows a {pair} loop ({n} cell): +1", "shows a {pair} loop ({n} cells): +1", n
            ).format(pair=pair_text(before.challenge_pair), n=n)
        elif isinstance(move, Concede):
            text = _("no {pair} loop: closed, {who} +1").format(
                pair=pair_text(before.challenge_pair), who=self.log_name(before.mover)
            )
        elif isinstance(move, EndTurn):
            text = _("ends the turn")
        elif isinstance(move, Pass):
            text = _("passes (nothing fits)")
        else:
            text = move_text
        return f"{who}  {text}"


VIEW = ColorCrossroadsView
