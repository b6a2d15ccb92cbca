"""Element Shift's play screen: the 11x11 board, the secret plan editor, the hot-seat
curtain, the segment-by-segment reveal and the round summary.

Layout (1280x720): a variation banner across the top of the board area, the board on
the left of it (49 px tiles), the plan editor in the column to the right of the board,
and the shared side panel (players with their element, who has submitted, totals;
tile counts and the leading element; the plan's preview; the keys; the log).

Controls -- everything the mouse does has a key:

* Setup: click (or move the cursor with the arrow keys and press Enter/Space) a tile
  of your element to choose it, click it again (or press "Start here") to confirm.
* Plan: Keep / Switch buttons or Tab; click the tile one action away from the end of
  your path (highlighted) -- or drag across tiles, or cursor + Enter -- to add the
  next action; click the end of the path (or S) to stay; in round 6 the ray buttons
  (or R, then an arrow key) fire a ray as the first action; Backspace takes back the
  last action, Delete clears the plan; Submit (Shift+Enter, or Enter once every
  segment is set) sends the plan.
* Hot-seat: with two or more people, a "pass the device" curtain hides the board and
  plans before each person's secret choice; Enter/Space or the button lifts it.
* Reveal and round summary: any key or click skips the animation; Continue (Enter/
  Space) leaves the summary.
* The on-screen buttons without a mouse (and so with a game controller, whose d-pad
  is the arrow keys, A Enter, X Space, Back Tab and Y the H key): Right past the
  board's right edge (any arrow on the round summary) moves a focus ring onto the
  buttons -- Start here, Keep / Switch, the ray buttons, Use hint, Step back, Clear,
  Submit, Continue and the panel's Hint / Undo / Rules / Menu; the arrows move it
  between them, Enter/Space presses the one it is on, and Left past the leftmost
  button goes back to the board cursor.  So Step back, Clear, a ray, an early
  Submit and Undo need no letter, Shift, Backspace or Delete key.

The view never changes a state: it builds a :class:`Plan` or :class:`StartPick` and
calls ``self.try_move``; every refusal shown is the engine's own reason
(``state.why_illegal``).  Animations are functions of (old state, new state, t): the
reveal reads ``new.last_trace`` and plays it segment by segment.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, ClassVar

import pygame

from game.rules.element_shift import (
    ELEMENT_NAMES,
    STAY,
    VARIATIONS,
    Plan,
    StartPick,
    cell_name,
)
from game.text.i18n import _, ngettext
from scenes.play.base import PlayScene, board_key
from scenes.play.buttons import Button, focus_alias
from scenes.play.interpret import Cell, Drop, Key, Pick, Point, Submit, Unused
from scenes.play.words import element_name

from .board import BoardDrawing
from .editor import PlanEditor
from .layout import (
    ARROW_KEYS,
    BOARD,
    CONTROL_LABELS,
    ENTERING,
    KEY_DIRECTION,
    SETUP_REVEAL_TICKS,
    Mode,
    cell_at,
    cell_rect,
)
from .reveal import RevealDrawing, is_resolution, reveal_timeline
from .side import SidePanel
from .summary import CurtainAndSummary
from .ui import GameUI, interpret_move, take_plan
from .ui import padded as ui_padded
from .ui import path as ui_path
from .ui import path_end as ui_path_end
from .ui import reset_editor as ui_reset_editor
from .ui import sync as ui_sync


# -- the view -------------------------------------------------------------------------
class ElementShiftView(
    BoardDrawing, PlanEditor, RevealDrawing, CurtainAndSummary, SidePanel, PlayScene
):
    """The play screen of Element Shift (see the module docstring for the controls)."""

    # The start pick and the plan being edited live in ``game_ui`` (ui.py); the
    # editor, the board and the tests read them here.
    ui_fields = "cursor editor_for plan_switch plan_actions ray_aim pick dragging"

    def __init__(self, app, match):
        super().__init__(app, match)
        self.game_ui = GameUI()
        self.mouse = (-1, -1)
        self.unlocked: tuple[int, int] | None = None  # (round, seat) past the curtain
        self.summary_round: int | None = None
        self.summary_ticks = 0
        self.results_pending = False
        self._last_phase: tuple | None = None
        self._preview_key = None
        self._preview = None

    # -- who and what ---------------------------------------------------------------
    @property
    def glyphs(self) -> bool:
        return bool(self.app.settings.colour_blind)

    @property
    def people_seats(self) -> list[int]:
        """Seats planned on this screen (phones at a party plan on their phones)."""
        return [
            i
            for i, s in enumerate(self.match.seats)
            if not s.is_bot and not (self.party is not None and s.is_phone)
        ]

    @property
    def me(self) -> int | None:
        """The one person at a table of bots (their own plan stays on screen)."""
        return self.people_seats[0] if len(self.people_seats) == 1 else None

    def is_in(self, state, seat: int) -> bool:
        """Has ``seat`` chosen this phase?  A phone's plan counts from the moment the
        party's table holds it (it is submitted when the engine's order reaches it)."""
        table = self.party.table if self.party is not None else None
        return state.submitted(seat) or (table is not None and seat in table.queued)

    def hot_seat(self) -> bool:
        return len(self.people_seats) >= 2

    def animating_resolution(self) -> bool:
        if self.anim is not None and is_resolution(self.anim.old, self.anim.new):
            return True
        return any(is_resolution(o, n) for o, n, _, _ in self.queue)

    def curtain_seat(self) -> int | None:
        """The person the device must pass to before the board shows, or None."""
        m = self.match
        if (
            not self.hot_seat()
            or m.is_over()
            or self.anim
            or self.queue
            or self.summary_round is not None
        ):
            return None
        seat = m.to_move()
        if seat < 0 or not self.decided_here(seat):
            return None
        return None if self.unlocked == (m.state.round, seat) else seat

    def mode(self) -> Mode:
        """curtain, summary, setup, plan, wait (bots deciding), reveal, over."""
        if self.anim is not None or self.queue:
            return "reveal" if self.animating_resolution() else "wait"
        if self.summary_round is not None:
            return "summary"
        m = self.match
        if m.is_over():
            return "over"
        seat = m.to_move()
        if not self.decided_here(seat):
            return "wait"
        if self.curtain_seat() is not None:
            return "curtain"
        return "setup" if m.state.round == 0 else "plan"

    # -- the plan being edited ------------------------------------------------------
    def segments(self) -> int:
        return self.match.state.segments()

    def padded(self, actions=None, switch=None) -> Plan:
        return ui_padded(self.game_ui, self.match.state, actions, switch)

    def path(self) -> list[int]:
        """Where the planner stands after each action entered so far (start first)."""
        return ui_path(self.game_ui, self.match.state)

    def preview(self, state, seat: int, plan: Plan):
        """``state.preview`` of the plan being edited, kept while nothing changes (it
        resolves a whole round; the editor draws it every frame)."""
        key = (id(state), seat, plan)
        if self._preview_key != key:
            try:
                self._preview = state.preview(seat, plan)
            except Exception:
                self._preview = None
            self._preview_key = key
        return self._preview

    def path_end(self) -> int:
        return ui_path_end(self.game_ui, self.match.state)

    def reset_editor(self, key) -> None:
        ui_reset_editor(self.game_ui, self.match.state, key)

    def sync_editor(self) -> None:
        ui_sync(self.game_ui, self.match.state, self.mode())

    def board_input(self, inp):
        """Hand one board input to the plan editor's ui and show its answer (returned,
        so an arrow the board cannot use may move the focus to the buttons)."""
        seat = self.match.to_move()
        result = interpret_move(self.game_ui, self.match.state, inp, self.mode())
        if self.apply_input(result) and isinstance(result, Submit):
            self.editor_for = None
            self.unlocked = None
            if isinstance(result.move, Plan):
                if self.hot_seat():
                    self.say(_("Player {n}'s plan is in").format(n=seat + 1), "good")
                else:
                    self.say(_("Plan submitted: waiting for the others"), "good")
            elif self.hot_seat():
                self.say(_("Player {n} has picked").format(n=seat + 1), "good")
        return result

    # The editor's buttons (editor.press) and the hint go through the same ui.
    def fire_ray(self, direction: str) -> None:
        self.board_input(Pick(f"ray {direction}"))

    def set_switch(self, switch: bool) -> None:
        self.board_input(Pick("switch" if switch else "keep"))

    def undo_step(self) -> None:
        self.board_input(Pick("undo_step"))

    def clear_plan(self) -> None:
        self.board_input(Pick("clear"))

    def submit_plan(self) -> None:
        self.board_input(Pick("submit"))

    def confirm_start(self) -> None:
        self.board_input(Pick("start"))

    def use_hint(self) -> None:
        if self.mode() == "plan" and isinstance(self.hint, Plan):
            self.apply_input(take_plan(self.game_ui, self.match.state, self.hint))

    def lift_curtain(self) -> None:
        seat = self.curtain_seat()
        if seat is not None:
            self.unlocked = (self.match.state.round, seat)
            self.app.sound.play("click")

    def spoken_after_move(self, old, new, move) -> str:
        # The round summary opens after a round's reveal: said with the plans revealed.
        if is_resolution(old, new) and old.round >= 1:
            return _("Round {n} scored: Continue (Enter) when ready").format(n=old.round)
        return ""

    def command_refusal(self) -> str:
        # As with the mouse and the keys: no plan while the round summary or the
        # hot-seat curtain is in front of the board; Enter (an empty command line) first.
        mode = self.mode()
        if mode == "summary":
            return _("The round summary is open: press Enter to go on, then enter your plan")
        if mode == "curtain":
            return _("The board is hidden for the next player: press Enter to show it")
        return ""

    def close_summary(self) -> None:
        if self.summary_round is None:
            return
        self.summary_round = None
        self.app.sound.play("click")
        if self.results_pending:
            self.results_pending = False
            self._open_results()

    # -- the button focus (keys and game controllers) -------------------------------
    # The base keeps the focus (``focus_key``), moves it and draws its ring; this view
    # says which buttons it may visit and how it gets there from the board cursor.
    focus = focus_alias(
        "The focused button: a controls() name, 'panel:<text>' for the base's Hint / Undo /"
        " Rules / Menu, or None for the board."
    )

    def view_buttons(self) -> list[Button]:
        return [
            Button(
                n,
                r,
                _(CONTROL_LABELS[n]) if n in CONTROL_LABELS else n[:1].upper() + n[1:],
                partial(self.press, n),
                on,
            )
            for n, r, on in self.controls()
        ]

    def focusable_buttons(self) -> list[Button]:
        """This view's controls and the base's panel buttons.  Disabled ones too: their
        action says why nothing happens ("Choose a start tile first")."""
        if self.mode() in ("curtain", "reveal", "over"):
            return []
        return self.play_buttons()

    def focus_rect(self) -> pygame.Rect | None:
        button = self.focused_button()
        return button.rect if button is not None else None

    def move_focus(self, dx: int, dy: int) -> None:
        """Onto the buttons: the nearest one in the direction (dx, dy) from the
        cursor's tile (on the round summary, Continue).  Once there the base moves the
        focus (``button_key``); Left past the leftmost button goes back to the board
        (where there is a board cursor)."""
        buttons = self.focusable_buttons()
        if not buttons:
            return
        mode = self.mode()
        if self.focus_rect() is None and mode == "summary":
            self.focus = next((b.key for b in buttons if b.key == "continue"), buttons[0].key)
            self.app.sound.play("hover")
            return
        self.move_button_focus(dx, dy, origin=cell_rect(self.cursor))

    # -- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus = None  # a click or tap takes over from the focus ring
        super().handle(event)

    def handle_board(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.board_input(Point(cell_at(event.pos)))
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.board_input(Drop(cell_at(event.pos)))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.sync_editor()  # input may arrive before the first tick of a new decision
            self.mouse = event.pos
            if self.click_button(event.pos):
                return
            self.board_input(Cell(cell_at(event.pos)))
            return
        if event.type == pygame.KEYDOWN:
            self.sync_editor()
            self.handle_key(event)

    # Element Shift's own keys: Delete clears the plan, Tab switches, S stays, R aims a ray.
    PLAN_KEYS: ClassVar[dict[int, str]] = {
        pygame.K_DELETE: "clear",
        pygame.K_TAB: "switch",
        pygame.K_s: "stay",
        pygame.K_r: "ray",
    }

    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        mode = self.mode()
        enter = k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if mode == "curtain":
            if enter:
                self.lift_curtain()
            return
        key = board_key(event)
        if k in self.PLAN_KEYS:
            key = Key(self.PLAN_KEYS[k], bool(event.mod & pygame.KMOD_SHIFT))
        if mode == "plan" and self.ray_aim and k in KEY_DIRECTION:
            self.board_input(key)  # fires the ray that way
            return
        self.check_button_focus()
        if self.button_key(event, back=((-1, 0),) if mode in ("setup", "plan", "wait") else ()):
            return
        if mode == "summary":
            if enter:
                self.close_summary()
            elif k in ARROW_KEYS:
                self.move_focus(*ARROW_KEYS[k])
            return
        if key is None:
            return
        if self.board_input(key) is Unused and key.name == "right":
            self.move_focus(1, 0)  # off the right edge: onto the buttons

    # -- base hooks -----------------------------------------------------------------
    def board_cells(self) -> list[pygame.Rect]:
        return [BOARD.copy()]

    def bot_pause(self, state) -> int:
        # Secret submissions show nothing; the reveal is what people watch.
        return 0

    def bots_may_move(self) -> bool:
        m = self.match
        # The bot whose plan would resolve the next round waits for the summary to close,
        # so its reveal never hides the summary being read.
        missing = sum(1 for s in range(m.state.num_players) if not m.state.submitted(s))
        return not (self.summary_round is not None and not m.is_over() and missing <= 1)

    def request_hint(self) -> None:
        """H asks the Hard bot for a hint; H again while its route is shown takes it."""
        if (
            self.mode() == "plan"
            and isinstance(self.hint, Plan)
            and self.hint in self.match.state.legal_moves()
        ):
            self.use_hint()
            self.focus = None  # the keys go back to the plan: Enter submits it
            self.say(_("Hint taken into the editor: change it or submit it"), "info")
            return
        if (
            self.mode() == "setup"
            and isinstance(self.hint, StartPick)
            and self.pick != self.hint.cell
        ):
            self.pick = self.cursor = self.hint.cell
            self.focus = None  # the keys go back to the board: Enter starts there
            self.say(
                _("Hint chosen: {cell}; press Enter to start there").format(
                    cell=cell_name(self.hint.cell)
                ),
                "info",
            )
            return
        if self.mode() not in ENTERING:
            self.say(
                _("Hints are for your own plan")
                if self.mode() != "curtain"
                else _("Lift the curtain first: hints are secret too"),
                "warning",
            )
            return
        super().request_hint()

    def transition_ticks(self, old, new, move) -> int:
        if not is_resolution(old, new):
            return 1
        if old.round == 0:
            return SETUP_REVEAL_TICKS
        return reveal_timeline(new.last_trace)[1]

    def on_moved(self, old, new, move, seat: int) -> None:
        if is_resolution(old, new):
            self.app.sound.play("shift")
            if old.round >= 1:
                self.summary_round = old.round
                self.summary_ticks = 0
        else:
            self.app.sound.play("tick" if self.match.seats[seat].is_bot else "place")

    def on_undo(self) -> None:
        self.summary_round = None
        self.results_pending = False
        self.unlocked = None
        m = self.match
        seat = m.to_move()
        self.editor_for = None
        if seat < 0 or m.controller(seat).is_bot:
            return
        self.reset_editor((m.state.round, seat))
        # Give the person back the plan they took back (a lone person only: in hot-seat
        # the next person at the device must not see it).
        if self.me is not None and m.redo_stack:
            entry, _ = m.redo_stack[-1]
            if entry.seat == seat:
                try:
                    move = m.state.parse_move(entry.text)
                except Exception:
                    return
                if isinstance(move, Plan):
                    self.plan_switch = move.switch
                    actions = list(move.actions)
                    while actions and actions[-1] == STAY:
                        actions.pop()
                    self.plan_actions = actions
                    self.cursor = self.path_end()
                elif isinstance(move, StartPick):
                    self.pick = self.cursor = move.cell

    def view_key(self) -> tuple:
        return (self.summary_round, self.results_pending)

    def update_view(self) -> None:
        self.sync_editor()
        self.check_button_focus()
        if self.summary_round is not None and not self.anim and not self.queue:
            self.summary_ticks += 1
            if self.summary_ticks == 1:
                self.app.sound.play("score")
            if not self.people_seats and self.summary_ticks > 240 / max(
                0.25, self.app.settings.animation_speed
            ):
                self.close_summary()
        # a soft sound as each segment of the reveal starts
        if (
            self.anim is not None
            and is_resolution(self.anim.old, self.anim.new)
            and self.anim.old.round >= 1
        ):
            phase = self.reveal_phase()
            if phase and phase[:2] != (self._last_phase or (None, None))[:2]:
                if phase[0] == "move":
                    self.app.sound.play("shift")
                elif phase[0] == "flip":
                    self.app.sound.play("capture")
            self._last_phase = phase

    def show_results(self) -> None:
        if self.summary_round is not None:
            self.results_pending = True
            return
        self._open_results()

    def _open_results(self) -> None:
        self.app.replace(
            self.hand_party_to(
                self.app.build("results", self.match, seat_colour=self.seat_colours())
            )
        )

    # -- text -----------------------------------------------------------------------
    def reveal_phase(self):
        if self.anim is None:
            return None
        old, new, _move, _seat, total = self.anim
        if not is_resolution(old, new) or old.round == 0:
            return None
        phases, length = reveal_timeline(new.last_trace)
        tick = min(1.0, self.anim_tick / total) * length
        for p in phases:
            if p[2] <= tick < p[2] + p[3]:
                return p
        return phases[-1]

    def status_text(self) -> str:
        return STATUS[self.mode()](self)

    def over_status(self) -> str:
        return self.match.outcome_reason() or _("Game over")

    def reveal_status(self) -> str:
        pairs = ([(self.anim.old, self.anim.new)] if self.anim else []) + [
            (q[0], q[1]) for q in self.queue
        ]
        old = next(o for o, n in pairs if is_resolution(o, n))
        if old.round == 0:
            return _("Start tiles revealed")
        phase = self.reveal_phase()
        rnd = old.round
        segs = VARIATIONS[rnd].segments
        if phase is None or phase[0] == "intro":
            return _("Round {n}: the plans are revealed").format(n=rnd)
        if phase[0] == "flip":
            return _("Round {n}, segment {k} of {segments}: tiles change").format(
                n=rnd, k=phase[1] + 1, segments=segs
            )
        if phase[0] == "hold":
            return _("Round {n}: scoring").format(n=rnd)
        return _("Round {n}, segment {k} of {segments}").format(
            n=rnd, k=phase[1] + 1, segments=segs
        )

    def summary_status(self) -> str:
        return _("Round {n} scored: Continue (Enter) when ready").format(n=self.summary_round)

    def curtain_status(self) -> str:
        return _("Pass the device to Player {n}").format(n=self.match.to_move() + 1)

    def setup_status(self) -> str:
        state, seat = self.match.state, self.match.to_move()
        return _("Player {n}: pick a start tile on any {element} tile").format(
            n=seat + 1, element=element_name(ELEMENT_NAMES[state.elements[seat]])
        )

    def plan_status(self) -> str:
        state = self.match.state
        segments = state.segments()
        return ngettext(
            "Player {n}: plan round {round} ({k} of {segments} action)",
            "Player {n}: plan round {round} ({k} of {segments} actions)",
            segments,
        ).format(
            n=self.match.to_move() + 1,
            round=state.round,
            k=len(self.plan_actions),
            segments=segments,
        )

    def wait_status(self) -> str:
        state = self.match.state
        done = sum(1 for s in range(state.num_players) if self.is_in(state, s))
        text = (
            _("Waiting for start picks: {done} of {n} in")
            if state.round == 0
            else _("Waiting for plans: {done} of {n} in")
        )
        return text.format(done=done, n=state.num_players)

    def log_lines(self) -> list[tuple[int, str]]:
        """Resolved rounds show every plan; the round being planned shows only who has
        submitted (plans are secret until the reveal)."""
        m = self.match
        lines = []
        now = m.state.round
        for i, entry in enumerate(m.entries):
            rnd = m.states[i].round
            if rnd < now or m.is_over():
                label = _("start") if rnd == 0 else _("R{n}").format(n=rnd)
                text = entry.text if rnd >= 1 else entry.text.replace("start ", "")
                who = self.log_name(entry.seat)
                lines.append((entry.seat, f"{label}  {who}: {text}"))
            else:
                what = _("{who} picked a start tile") if rnd == 0 else _("{who} submitted a plan")
                lines.append((entry.seat, what.format(who=self.log_name(entry.seat))))
        return lines


# The status line of each mode (the base draws it in the header).
STATUS: dict[Mode, Callable[[ElementShiftView], str]] = {
    "over": ElementShiftView.over_status,
    "reveal": ElementShiftView.reveal_status,
    "summary": ElementShiftView.summary_status,
    "curtain": ElementShiftView.curtain_status,
    "setup": ElementShiftView.setup_status,
    "plan": ElementShiftView.plan_status,
    "wait": ElementShiftView.wait_status,
}

VIEW = ElementShiftView
