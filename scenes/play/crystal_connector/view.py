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

import math

import pygame

from game.crystal_connector import (
    BOMB, CELLS, CHAMELEON, COLOUR_NAMES, COLOURS, LINE_CELLS, LINES, PYLON, RED, ROCK, SIZE, Convert,
    MoveOrder, Pass, PickOrder, Shift, TakeColours, largest_group, largest_sizes,
    line_kind, line_label,
)
from scenes.play.base import BOARD_AREA, PANEL, PlayScene, ease, ease_out_back, pulse
from scenes.widgets import GLYPHS, darken, draw_gem, draw_glyph, draw_panel, draw_text, lighten, wrap_text

# -- layout (logical 1280x720; the board lives inside BOARD_AREA = (16, 70, 848, 634)) ----
CELL = 78
HANDLE = 44                      # handle thickness (touch target)
GAP = 4
BOARD = pygame.Rect(BOARD_AREA.x + GAP + HANDLE + GAP, BOARD_AREA.y + 2 + HANDLE + GAP, CELL * SIZE, CELL * SIZE)
SIDE = pygame.Rect(BOARD.right + GAP + HANDLE + 12, BOARD_AREA.y + 2, 0, BOARD.h + 2 * (HANDLE + GAP))
SIDE.w = BOARD_AREA.right - SIDE.x - 4
SETUP = pygame.Rect(BOARD.right + 20, SIDE.y, BOARD_AREA.right - BOARD.right - 24, SIDE.h)
CHIP = 44
COLOUR_KEYS = ("crystal_red", "crystal_blue", "crystal_green", "crystal_yellow")
SEAT_HUES = (4, 5)               # purple and orange: seat colours never look like crystals
POPUP_TICKS = 84
DIR_SIGN = {"up": -1, "left": -1, "down": 1, "right": 1}


def _dir_for(line: str, sign: int) -> str:
    if line_kind(line) == "column":
        return "down" if sign > 0 else "up"
    return "right" if sign > 0 else "left"


def signed(move: Shift) -> int:
    return DIR_SIGN[move.direction] * move.distance


def cell_rect(i: int) -> pygame.Rect:
    r, c = divmod(i, SIZE)
    return pygame.Rect(BOARD.x + c * CELL, BOARD.y + r * CELL, CELL, CELL)


def cell_at(pos) -> int | None:
    x, y = pos
    if not BOARD.collidepoint(x, y):
        return None
    return ((y - BOARD.y) // CELL) * SIZE + (x - BOARD.x) // CELL


def handle_rect(line: str, direction: str) -> pygame.Rect:
    """The arrow handle that moves ``line`` one more space ``direction``."""
    k = LINES.index(line)
    if line_kind(line) == "column":
        x = BOARD.x + k * CELL + 3
        y = BOARD.y - GAP - HANDLE if direction == "up" else BOARD.bottom + GAP
        return pygame.Rect(x, y, CELL - 6, HANDLE)
    r = k - SIZE
    x = BOARD.x - GAP - HANDLE if direction == "left" else BOARD.right + GAP
    return pygame.Rect(x, BOARD.y + r * CELL + 3, HANDLE, CELL - 6)


HANDLES = [(line, d) for line in LINES for d in (("up", "down") if line.isalpha() else ("left", "right"))]


# -- piece sprites ------------------------------------------------------------------------
def _piece_sprite(theme, piece: int, size: int, spiked: bool, glyphs: bool) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    r = size * 0.40
    if piece in COLOURS:
        if spiked:
            for k in range(8):
                a = k * math.pi / 4 + math.pi / 8
                tip = (c + math.cos(a) * r * 1.22, c + math.sin(a) * r * 1.22)
                w = 0.22
                b1 = (c + math.cos(a - w) * r * 0.78, c + math.sin(a - w) * r * 0.78)
                b2 = (c + math.cos(a + w) * r * 0.78, c + math.sin(a + w) * r * 0.78)
                pygame.draw.polygon(surf, (232, 236, 250), (tip, b1, b2))
                pygame.draw.polygon(surf, (70, 74, 96), (tip, b1, b2), 1)
        name = COLOUR_NAMES[piece]
        draw_gem(surf, (c, c), r * (0.9 if spiked else 1.0), theme[COLOUR_KEYS[piece]],
                 glyph=GLYPHS[name] if glyphs else None)
    elif piece == CHAMELEON:
        draw_gem(surf, (c, c), r, (200, 200, 215))
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        for q, key in enumerate(COLOUR_KEYS):
            pts = [(c, c)]
            for s in range(7):
                a = -math.pi / 2 + (q + s / 6) * math.pi / 2
                pts.append((c + math.cos(a) * r * 0.98, c + math.sin(a) * r * 0.98))
            col = pygame.Color(theme[key])
            col.a = 150
            pygame.draw.polygon(layer, col, pts)
        surf.blit(layer, (0, 0))
        pygame.draw.circle(surf, (250, 250, 255), (c, c), r * 0.36)
        pygame.draw.circle(surf, (20, 24, 40), (c, c), r * 0.36, 2)
        pygame.draw.ellipse(surf, (20, 24, 40), pygame.Rect(c - r * 0.1, c - r * 0.26, r * 0.2, r * 0.52))
    elif piece == BOMB:
        body = (c, c + r * 0.12)
        pygame.draw.circle(surf, (24, 24, 34), body, r * 0.78)
        pygame.draw.circle(surf, (70, 72, 92), body, r * 0.78, 3)
        pygame.draw.circle(surf, (120, 124, 150), (body[0] - r * 0.28, body[1] - r * 0.28), r * 0.16)
        cap = pygame.Rect(0, 0, r * 0.42, r * 0.26)
        cap.midbottom = (round(c + r * 0.34), round(body[1] - r * 0.56))
        pygame.draw.rect(surf, (90, 92, 110), cap, border_radius=3)
        fuse = [(cap.centerx, cap.top), (c + r * 0.55, c - r * 0.85), (c + r * 0.78, c - r * 0.92)]
        pygame.draw.lines(surf, (210, 180, 120), False, fuse, 3)
        draw_glyph(surf, "star", (c + r * 0.82, c - r * 0.95), r * 0.3, theme["accent"])
        draw_glyph(surf, "star", (c + r * 0.82, c - r * 0.95), r * 0.14, (255, 255, 255))
    elif piece == PYLON:
        steel, dark, glow = (206, 214, 245), (80, 88, 130), pygame.Color(theme["accent_2"])
        base = [(c - r * 0.55, c + r * 0.9), (c + r * 0.55, c + r * 0.9), (c + r * 0.38, c + r * 0.62),
                (c - r * 0.38, c + r * 0.62)]
        pygame.draw.polygon(surf, dark, base)
        shaft = [(c - r * 0.26, c + r * 0.64), (c + r * 0.26, c + r * 0.64), (c + r * 0.12, c - r * 0.5),
                 (c - r * 0.12, c - r * 0.5)]
        pygame.draw.polygon(surf, steel, shaft)
        pygame.draw.polygon(surf, lighten(steel, 0.5), [shaft[0], shaft[3], (c, c - r * 0.5), (c, c + r * 0.64)])
        pygame.draw.polygon(surf, dark, shaft, 2)
        for k in (0.25, -0.1):
            pygame.draw.line(surf, dark, (c - r * 0.22, c + r * k), (c + r * 0.22, c + r * k), 2)
        halo = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(halo, (glow.r, glow.g, glow.b, 70), (c, c - r * 0.68), r * 0.42)
        surf.blit(halo, (0, 0))
        pygame.draw.circle(surf, glow, (c, c - r * 0.68), r * 0.22)
        pygame.draw.circle(surf, (255, 255, 255), (c - r * 0.06, c - r * 0.74), r * 0.08)
    elif piece == ROCK:
        pts = []
        for k, rr in enumerate((0.95, 0.8, 0.98, 0.86, 0.92, 0.78, 1.0, 0.84)):
            a = k * math.pi / 4 + 0.3
            pts.append((c + math.cos(a) * r * rr, c + math.sin(a) * r * rr * 0.9 + r * 0.05))
        pygame.draw.polygon(surf, (104, 100, 96), pts)
        top = [pts[4], pts[5], pts[6], (c, c - r * 0.1)]
        pygame.draw.polygon(surf, (150, 146, 140), top)
        pygame.draw.polygon(surf, (60, 56, 54), pts, 3)
        pygame.draw.lines(surf, (60, 56, 54), False, [(c - r * 0.2, c - r * 0.1), (c + r * 0.05, c + r * 0.2),
                                                      (c - r * 0.05, c + r * 0.5)], 2)
    return surf


class CrystalConnectorView(PlayScene):
    """The play screen.  Geometry helpers (``handle_rect``, ``cell_rect``,
    ``chip_rect``, ``button_rect``, ``choice_rects``) are public so tests click where a
    person would."""

    def __init__(self, app, match):
        super().__init__(app, match)
        self.pending: list = []          # this turn's actions not yet given to the match
        self._local_key = None
        self._local = match.state
        self._base = match.state         # the match state ``pending`` was entered on
        self.draft: tuple[str, int] | None = None   # (line, signed offset), not yet a shift
        self.grabbed: str | None = None  # keyboard: the line held by Enter
        self.cursor = 14                 # C3
        self.axis = "column"
        self.convert_mode = False
        self.choice_focus = 0
        # the line drawn displaced: (line, offset now, offset target)
        self.vis_line: str | None = None
        self.vis_off = 0.0
        self.vis_target = 0.0
        self.bump: tuple[str, int, int, int] | None = None   # (line, sign, rock cell, tick)
        self.morph: tuple[int, int, int, int] | None = None  # (cell, from, to, tick)
        self.floaters: list[list] = []   # [text, x, y, colour, ticks left, total]
        self.press: tuple | None = None  # what the mouse went down on
        self.drag: dict | None = None
        self.mouse = (-1, -1)
        self.kb_active = False           # show the board cursor once keys are used
        self.focus_button: str | None = None  # Tab focus on a column button (keys, controller)
        self._previewed: list = []      # states whose shift the person already saw slide
        self._batch = False
        self._sprites: dict = {}
        self._texts: dict = {}
        self._groups: dict = {}
        self._derived_cache: dict = {}
        self._board_bg: pygame.Surface | None = None
        self._panel_board: tuple[int, ...] | None = None  # the board drawn this frame, for the panel

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
        if not self.pending:
            return False
        local, s = self.local_state(), self.match.state
        return local.phase == "over" or local.to_move != s.to_move or len(local.turn_log) > len(s.turn_log)

    def phone_back(self) -> None:
        # A shift entered from a phone's d-pad is held here until Confirm: Back takes
        # the last one back (the phone has no U key).
        self.take_back()

    def drop_local_input(self) -> None:
        self._reset_turn()

    def _reset_turn(self) -> None:
        self.pending.clear()
        self.draft = None
        self.grabbed = None
        self.convert_mode = False
        self.drag = None
        self.focus_button = None
        self.vis_line, self.vis_off, self.vis_target = None, 0.0, 0.0
        self._base = self.match.state

    def _can_enter(self, quiet: bool = False) -> bool:
        if self.match.is_over():
            return False
        if not self.my_turn():
            if not quiet:
                self.say("Wait for the bot to move", "warning")
            return False
        if self.match.state.phase != "play":
            return False
        return True

    # -- drafts and shifts ---------------------------------------------------------
    def _refuse(self, move, reason: str) -> None:
        self.say(reason, "error")
        self.app.sound.play("error")
        if isinstance(move, Shift) and "rock" in reason.lower():
            state = self.local_state() if self.preview_on() else self.match.state
            rocks = [i for i in LINE_CELLS[LINES.index(move.line)] if state.board[i] == ROCK]
            sign = DIR_SIGN[move.direction]
            cell = (rocks[-1] if sign > 0 else rocks[0]) if rocks else -1
            self.bump = (move.line, sign, cell, self.ticks)

    def set_draft(self, line: str, offset: int) -> bool:
        """Move the draft of ``line`` to ``offset`` (signed, -5..5); refusals bump."""
        if not self._can_enter():
            return False
        local = self.local_state()
        if self.turn_complete():
            self.say("All shifts of this turn are entered: confirm the turn, or take one back", "warning")
            return False
        banned = local.banned_lines()
        if line in banned:
            self.say(banned[line], "warning")
            self.app.sound.play("error")
            return False
        if abs(offset) > SIZE - 1:
            self.say(local.why_illegal(Shift(line, _dir_for(line, offset), abs(offset))) or "", "warning")
            return False
        if offset != 0:
            move = Shift(line, _dir_for(line, offset), abs(offset))
            why = local.why_illegal(move)
            if why:
                self._refuse(move, why)
                return False
        if offset == 0:
            self.draft = None
        else:
            self.draft = (line, offset)
            if self.vis_line != line:
                self.vis_line, self.vis_off = line, 0.0
            self.vis_target = float(offset)
        self.hint = None
        self.app.sound.play("hover")
        return True

    def step_draft(self, line: str, direction: str) -> None:
        """An arrow handle or key: one more space ``direction`` for ``line``."""
        cur = self.draft[1] if self.draft and self.draft[0] == line else 0
        new = cur + DIR_SIGN[direction]
        if new == 0:
            self.draft = None
            self.vis_target = 0.0
            return
        self.set_draft(line, new)

    def commit_draft(self) -> bool:
        if not self.draft:
            return False
        line, off = self.draft
        return self.enter_action(Shift(line, _dir_for(line, off), abs(off)))

    def enter_action(self, move) -> bool:
        """Add a shift or conversion to this turn (held until Confirm)."""
        if not self._can_enter():
            return False
        local = self.local_state()
        if self.turn_complete():
            self.say("All shifts of this turn are entered: confirm the turn, or take one back", "warning")
            return False
        why = local.why_illegal(move)
        if why:
            self._refuse(move, why)
            return False
        if isinstance(move, Shift):
            cost = local.spike_cost(move)
            if self.preview_on():
                # the line is drawn where the draft / drag left it; rebase onto the new board
                if self.vis_line == move.line:
                    self.vis_off -= signed(move)
                else:
                    self.vis_line, self.vis_off = move.line, -float(signed(move))
                self.vis_target = 0.0
                if cost:
                    other = 1 - local.to_move
                    x, y = self._line_end(move.line, DIR_SIGN[move.direction])
                    self._float(f"+{cost} to {self.match.seat_names()[other]} (spikes)", x, y,
                                self.seat_colour(other))
            else:
                self.vis_line, self.vis_off, self.vis_target = None, 0.0, 0.0
        elif isinstance(move, Convert):
            self.morph = (move.cell, local.board[move.cell], move.colour, self.ticks)
            self.convert_mode = False
        self.pending.append(move)
        self.draft = None
        self.grabbed = None
        self.hint = None
        self._cancel_hint()
        self.app.sound.play("place")
        if self.turn_complete():
            if self.preview_on():
                self.say("Turn complete: confirm it (Enter) or take a shift back (U)", "info", 3.0)
        return True

    def take_back(self) -> bool:
        if self.draft:
            self.draft = None
            self.vis_target = 0.0
            self.grabbed = None
            return True
        if self.grabbed:
            self.grabbed = None
            return True
        if not self.pending:
            return False
        move = self.pending.pop()
        if isinstance(move, Shift) and self.preview_on():
            self.vis_line, self.vis_off, self.vis_target = move.line, float(signed(move)), 0.0
        elif isinstance(move, Convert):
            self.morph = (move.cell, move.colour, self.match.state.board[move.cell] if not self.pending
                          else self.local_state().board[move.cell], self.ticks)
        self.hint = None
        self._cancel_hint()
        self.app.sound.play("back")
        self.say(f"Took back {move}", "info", 2.0)
        return True

    def confirm_turn(self) -> bool:
        """Give the held actions to the match, in order; they animate one after another."""
        if not self.pending:
            return False
        if not self.turn_complete():
            left = self.local_state().shifts_left()
            self.say(f"Enter {left} more shift{'s' if left != 1 else ''} first", "warning")
            return False
        actions = list(self.pending)
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
            self.say("Your shifts are all entered: confirm the turn (Enter) or take one back (U)", "warning")
            return
        if not self.pending or not self.my_turn():
            self.draft = None
            super().request_hint()
            return
        self._cancel_hint()
        self.hint = None
        self.hint_ticket = self.app.worker.request(self.spec.id, self.bot_level_for_hint, self.local_state(),
                                                   seed=self.rng.randrange(1 << 30), seconds=self.bot_seconds,
                                                   spec_module=self.spec_module)
        self.say("Thinking of a hint...", "info")

    def on_moved(self, old, new, move, seat: int) -> None:
        super().on_moved(old, new, move, seat)
        self.choice_focus = 0
        if self.match.controller(seat).is_bot and not isinstance(move, Shift):
            self.say(f"{self.seat_label(seat)}: {self._choice_words(old, move)}", "info", 3.0)

    def update_view(self) -> None:
        if not self._batch and (self.match.state is not self._base
                                or (self.pending or self.draft) and not self.my_turn()):
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

    def bot_delay_ticks(self, state) -> int:
        # setup choices stay on screen a little longer than shifts
        base = super().bot_delay_ticks(state)
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
            for k, (move, rect) in enumerate(self.choice_rects()):
                out.append(("choice", k, rect))
            return out
        if state.phase != "play":
            return out
        for name in ("confirm", "takeback", "convert", "cancel"):
            r = self.button_rect(name)
            if r is not None:
                out.append(("button", name, r))
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
            if self.my_turn() and not self.convert_mode and not self.turn_complete():
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
            if not self._can_enter():
                self.drag = None
                return
            local = self.local_state()
            banned = local.banned_lines()
            if line in banned:
                self.say(banned[line], "warning")
                self.app.sound.play("error")
                self.drag = None
                return
            d["line"] = line
            self.draft = None
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
            line = drag["line"]
            off = int(round(drag["raw"]))
            off = max(-(SIZE - 1), min(SIZE - 1, off))
            self.vis_target = 0.0
            if off == 0:
                return
            self.enter_action(Shift(line, _dir_for(line, off), abs(off)))
            return
        if press is None or not press[2].collidepoint(pos):
            return
        kind, key, _ = press
        self.app.sound.play("click")
        if kind == "choice":
            moves = self.choice_rects()
            if key < len(moves):
                self.choice_focus = key
                self.try_move(moves[key][0])
        elif kind == "button":
            self._button(key)
        elif kind == "chip":
            line, off = self.draft if self.draft else (None, 0)
            if line is not None:
                sign = 1 if off > 0 else -1
                if self.set_draft(line, sign * key):
                    self.commit_draft()
        elif kind == "handle":
            line, direction = key
            self.cursor_to_line(line)
            self.step_draft(line, direction)
        elif kind == "cell":
            self.cursor = key
            if self.convert_mode:
                self._convert_at(key)

    def _button(self, name: str) -> None:
        if name == "confirm":
            self.confirm_turn()
        elif name == "takeback":
            if not self.take_back():
                self.say("Nothing to take back in this turn", "warning")
        elif name == "convert":
            self.toggle_convert()
        elif name == "cancel":
            self.take_back()

    def toggle_convert(self) -> None:
        local = self.local_state()
        if not self._can_enter():
            return
        if not self.convert_mode and not local.can_convert():
            # the engine's reason, asked about a conversion that would otherwise be fine
            mine = local.seat_colours(local.to_move)
            cell = next((i for i in range(CELLS) if local.board[i] == mine[0]), self.cursor)
            self.say(local.why_illegal(Convert(cell, mine[1])) or "", "warning")
            self.app.sound.play("error")
            return
        self.convert_mode = not self.convert_mode
        self.draft = None
        if self.convert_mode:
            self.say("Color Convertor: tap one of your circled crystals", "info")

    def _convert_at(self, cell: int) -> None:
        local = self.local_state()
        mine = local.seat_colours(local.to_move)
        piece = local.board[cell]
        target = mine[1] if piece == mine[0] else mine[0]
        self.enter_action(Convert(cell, target))

    def focus_ring(self) -> list[str]:
        """What Tab cycles through in play: the cursor's column and row, then the
        column's buttons shown now."""
        buttons = [n for n in ("convert", "takeback", "confirm") if self.button_rect(n) is not None]
        return ["column", "row"] + buttons

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

    def cursor_to_line(self, line: str) -> None:
        r, c = divmod(self.cursor, SIZE)
        if line_kind(line) == "column":
            self.cursor, self.axis = r * SIZE + LINES.index(line), "column"
        else:
            self.cursor, self.axis = (LINES.index(line) - SIZE) * SIZE + c, "row"

    def cursor_line(self) -> str:
        r, c = divmod(self.cursor, SIZE)
        return LINES[c] if self.axis == "column" else LINES[SIZE + r]

    # -- keyboard -----------------------------------------------------------------------
    def _key(self, event) -> None:
        k = event.key
        phase = self.match.state.phase
        if k not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL):
            self.kb_active = True
        if phase in ("pick_order", "first_pick", "second_pick", "move_order"):
            n = len(self.choice_rects())
            if k in (pygame.K_LEFT, pygame.K_UP):
                self.choice_focus = (self.choice_focus - 1) % max(1, n)
            elif k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.choice_focus = (self.choice_focus + 1) % max(1, n)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                moves = self.choice_rects()
                if moves and self.my_turn():
                    self.try_move(moves[min(self.choice_focus, n - 1)][0])
                elif not self.my_turn():
                    self.say("Wait for the bot to choose", "warning")
            return
        if phase != "play":
            return
        if self.focus_button is not None and self.button_rect(self.focus_button) is None:
            self.focus_button = None  # that button is no longer shown
        arrows = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
        if k in arrows:
            self.focus_button = None  # back to the board
            dr, dc = arrows[k]
            line = self.grabbed
            if line is not None and ((line_kind(line) == "column") == (dc == 0)):
                self.step_draft(line, {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}[(dr, dc)])
                return
            if line is not None:  # across a held line: hold the next parallel line
                self.draft = None
                self.vis_target = 0.0
            r, c = divmod(self.cursor, SIZE)
            self.cursor = ((r + dr) % SIZE) * SIZE + (c + dc) % SIZE
            if line is not None:
                self.grabbed = self.cursor_line()
            return
        if k == pygame.K_TAB:
            if self.grabbed is None:
                self.tab_focus(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus_button is not None:
                name = self.focus_button
                if name == "convert":
                    self.focus_button = None  # the cursor now picks the crystal
                self.app.sound.play("click")
                self._button(name)
            elif self.turn_complete():
                self.confirm_turn()
            elif self.convert_mode:
                self._convert_at(self.cursor)
            elif self.draft:
                self.commit_draft()
            elif self.grabbed:
                self.grabbed = None
            elif self._can_enter():
                line = self.cursor_line()
                banned = self.local_state().banned_lines()
                if line in banned:
                    self.say(banned[line], "warning")
                    self.app.sound.play("error")
                else:
                    self.grabbed = line
                    self.say(f"{line_label(line)}: use the arrows to choose direction and distance, "
                             "then Enter", "info", 2.5)
            return
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            if not self.take_back():
                self.say("Nothing to take back in this turn", "warning")
            return
        if k == pygame.K_v:
            self.toggle_convert()
            return
        ch = (event.unicode or "").upper() or {pygame.K_a: "A", pygame.K_b: "B", pygame.K_c: "C", pygame.K_d: "D",
                                               pygame.K_e: "E", pygame.K_f: "F", pygame.K_1: "1", pygame.K_2: "2",
                                               pygame.K_3: "3", pygame.K_4: "4", pygame.K_5: "5",
                                               pygame.K_6: "6"}.get(k, "")
        if ch and ch in "ABCDEF123456" and len(ch) == 1:
            self.focus_button = None
            self.draft = None
            self.vis_target = 0.0
            self.cursor_to_line(ch)
            self.grabbed = None
            return

    # ================================================================== geometry
    def choice_rects(self) -> list[tuple[object, pygame.Rect]]:
        """The setup cards: (move, rect) in reading order."""
        state = self.match.state
        moves = state.legal_moves() if state.phase in ("pick_order", "first_pick", "second_pick",
                                                       "move_order") else []
        if not moves:
            return []
        top = self._setup_text(state)[3]
        gap = 12
        avail = SETUP.bottom - 50 - top
        h = min({2: 130, 3: 100, 4: 84}.get(len(moves), 84), (avail - gap * (len(moves) - 1)) // len(moves))
        out = []
        for k, m in enumerate(moves):
            out.append((m, pygame.Rect(SETUP.x + 12, top + k * (h + gap), SETUP.w - 24, h)))
        return out

    def _setup_text(self, state):
        """(chooser, question lines, explanation lines, top of the cards)."""
        names = self.match.seat_names()
        theme = self.app.theme
        question = {
            "pick_order": "Pick colours first or second?",
            "first_pick": "Take one colour",
            "second_pick": "Take two colours",
            "move_order": "Move first or second?",
        }[state.phase]
        explain = {
            "pick_order": "The first picker takes one colour now and gets the last one; "
                          "the second picker takes two of the three left.",
            "first_pick": "The other player then takes two; you get the colour left over.",
            "second_pick": f"{names[state.first_picker]} gets the colour you leave.",
            "move_order": f"{names[1]} decides who makes the first turn.",
        }[state.phase]
        q = wrap_text(question, theme.font(26, "display"), SETUP.w - 32)
        e = wrap_text(explain, theme.font(16, "regular"), SETUP.w - 32)
        top = SETUP.y + 42 + 32 * len(q) + 6 + 20 * len(e) + 14
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

    # ================================================================== drawing helpers
    def _text(self, text: str, size: int, colour, kind: str = "bold") -> pygame.Surface:
        key = (text, size, tuple(pygame.Color(colour)), kind)
        img = self._texts.get(key)
        if img is None:
            if len(self._texts) > 600:
                self._texts.clear()
            img = self.app.theme.font(size, kind).render(text, True, colour)
            self._texts[key] = img
        return img

    def _blit_text(self, surface, text, size, colour, pos, anchor="topleft", kind="bold", max_width=None):
        if max_width is not None:
            font = self.app.theme.font(size, kind)
            if font.size(text)[0] > max_width:
                return draw_text(surface, text, font, colour, pos, anchor, max_width=max_width)
        img = self._text(text, size, colour, kind)
        rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(img, rect)
        return rect

    def _sprite(self, piece: int, spiked: bool, dim: bool = False, size: int = CELL) -> pygame.Surface:
        glyphs = bool(self.app.settings.colour_blind)
        key = (piece, spiked, dim, glyphs, size)
        s = self._sprites.get(key)
        if s is None:
            if dim:
                s = self._sprite(piece, spiked, False, size).copy()
                s.fill((120, 120, 130, 255), special_flags=pygame.BLEND_RGBA_MULT)
            else:
                s = _piece_sprite(self.app.theme, piece, size, spiked, glyphs)
            self._sprites[key] = s
        return s

    def _gem(self, surface, colour: int, center, radius: float) -> None:
        """A crystal of ``colour`` from the sprite cache (glyph in colour-blind mode)."""
        size = max(8, int(round(radius / 0.4)))
        spr = self._sprite(colour, False, size=size)
        surface.blit(spr, spr.get_rect(center=(round(center[0]), round(center[1]))))

    def _tile(self, kind: str) -> pygame.Surface:
        """Cell tints, made once: pylon-doubled cells and bombed groups."""
        key = ("tile", kind)
        tile = self._sprites.get(key)
        if tile is None:
            theme = self.app.theme
            tile = pygame.Surface((CELL - 6, CELL - 6), pygame.SRCALPHA)
            rect = tile.get_rect()
            if kind == "double":
                pygame.draw.rect(tile, (*theme["accent_2"][:3], 38), rect, border_radius=10)
                pygame.draw.rect(tile, (*theme["accent_2"][:3], 120), rect, 2, border_radius=10)
            else:
                pygame.draw.rect(tile, (*theme["bad"][:3], 46), rect, border_radius=10)
                for k in range(-rect.h, rect.w, 12):
                    pygame.draw.line(tile, (*theme["bad"][:3], 60), (k, rect.h), (k + rect.h, 0), 2)
            self._sprites[key] = tile
        return tile

    def _derived(self, board) -> dict:
        """What the board alone decides, computed once per board: doubled cells,
        bombed cells and the largest group sizes (the engine's own functions)."""
        d = self._derived_cache.get(board)
        if d is None:
            if len(self._derived_cache) > 64:
                self._derived_cache.clear()
            from game.crystal_connector import colour_groups, double_cells
            bombed: set[int] = set()
            if BOMB in board:
                for c in COLOURS:
                    for g in colour_groups(board, c):
                        if g.bombed:
                            bombed.update(g.cells)
            d = {"double": double_cells(board) if PYLON in board else frozenset(),
                 "bombed": frozenset(bombed), "sizes": largest_sizes(board)}
            self._derived_cache[board] = d
        return d

    def _board_background(self) -> pygame.Surface:
        if self._board_bg is None:
            theme = self.app.theme
            pad = 10
            surf = pygame.Surface((BOARD.w + 2 * pad, BOARD.h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(surf, darken(theme["panel"], 0.25), surf.get_rect(), border_radius=16)
            pygame.draw.rect(surf, theme["panel_edge"], surf.get_rect(), 2, border_radius=16)
            for i in range(CELLS):
                r, c = divmod(i, SIZE)
                rect = pygame.Rect(pad + c * CELL + 3, pad + r * CELL + 3, CELL - 6, CELL - 6)
                shade = theme["panel"] if (r + c) % 2 == 0 else lighten(theme["panel"], 0.04)
                pygame.draw.rect(surf, shade, rect, border_radius=10)
                pygame.draw.rect(surf, darken(theme["panel_edge"], 0.25), rect, 1, border_radius=10)
            self._board_bg = surf
        return self._board_bg

    def _groups_of(self, board) -> dict[int, tuple[tuple[int, ...], int]]:
        """Largest unbombed group of each colour: colour -> (cells, size)."""
        g = self._groups.get(board)
        if g is None:
            if len(self._groups) > 64:
                self._groups.clear()
            g = {}
            for c in COLOURS:
                grp = largest_group(board, c)
                if grp is not None:
                    g[c] = (grp.cells, grp.size)
            self._groups[board] = g
        return g

    def _points_now(self, board) -> tuple[tuple, tuple]:
        sizes = self._derived(board)["sizes"]
        state = self.match.state
        out = []
        for seat in (0, 1):
            cols = state.seat_colours(seat)
            if len(cols) == 2:
                a, b = cols
                out.append((a, b, sizes[a], sizes[b]))
            else:
                out.append(None)
        return tuple(out)

    def _float(self, text, x, y, colour, ticks: int = 90) -> None:
        self.floaters.append([text, x, y, colour, ticks, ticks])

    def seat_colour(self, seat: int) -> pygame.Color:
        pc = self.app.theme.player_colours
        return pc[SEAT_HUES[seat % 2] % len(pc)]

    # ================================================================== board drawing
    def _draw_pieces(self, surface, state, *, moving: str | None = None, offset: float = 0.0,
                     ghost_line: bool = False, dim_cells=frozenset(), morph=None) -> None:
        board, spikes = state.board, state.spikes
        moving_cells = set(LINE_CELLS[LINES.index(moving)]) if moving else set()
        for i in range(CELLS):
            if i in moving_cells:
                continue
            rect = cell_rect(i)
            piece = board[i]
            if morph and morph[0] == i:
                self._draw_morph(surface, rect, morph, spikes[i])
                continue
            spr = self._sprite(piece, spikes[i], i in dim_cells)
            surface.blit(spr, rect.topleft)
        if not moving:
            return
        line_cells = LINE_CELLS[LINES.index(moving)]
        column = line_kind(moving) == "column"
        clip = surface.get_clip()
        surface.set_clip(BOARD)
        for j, i in enumerate(line_cells):
            spr = self._sprite(board[i], spikes[i])
            if ghost_line:  # Off: a drag only sketches the shift over the frozen board
                spr = spr.copy()
                spr.set_alpha(170)
            for wrap in (-SIZE, 0, SIZE):
                p = j + offset + wrap
                if p <= -1 or p >= SIZE:
                    continue
                if column:
                    pos = (BOARD.x + LINES.index(moving) * CELL, BOARD.y + p * CELL)
                else:
                    pos = (BOARD.x + p * CELL, BOARD.y + (LINES.index(moving) - SIZE) * CELL)
                surface.blit(spr, (round(pos[0]), round(pos[1])))
        surface.set_clip(clip)

    def _draw_morph(self, surface, rect, morph, spiked) -> None:
        cell, a, b, t0 = morph
        u = min(1.0, (self.ticks - t0) / 24)
        if u < 0.5:
            size = max(8, int(CELL * (1 - u * 1.6)))
            spr = pygame.transform.smoothscale(self._sprite(a, spiked), (size, size))
        else:
            size = max(8, int(CELL * min(1.0, (u - 0.5) * 1.6 + 0.2)))
            spr = pygame.transform.smoothscale(self._sprite(b, spiked), (size, size))
        surface.blit(spr, spr.get_rect(center=rect.center))
        ring = int(CELL * 0.5 * (0.6 + u))
        pygame.draw.circle(surface, lighten(self.app.theme[COLOUR_KEYS[b]], 0.4), rect.center, ring, 2)

    def _draw_cell_marks(self, surface, state, skip=frozenset()) -> None:
        """Pylon-doubled cells and bombed groups, under the pieces."""
        d = self._derived(state.board)
        for kind in ("double", "bombed"):
            tile = None
            for i in d[kind]:
                if i in skip:
                    continue
                tile = tile or self._tile(kind)
                surface.blit(tile, cell_rect(i).inflate(-6, -6))

    def _draw_cell_badges(self, surface, state, skip=frozenset()) -> None:
        if state.anomalies.pylons:
            for i in self._derived(state.board)["double"]:
                if i in skip or state.board[i] not in COLOURS + (CHAMELEON,):
                    continue
                r = cell_rect(i)
                self._blit_text(surface, "x2", 13, self.app.theme["accent_2"], (r.right - 8, r.bottom - 6),
                                "bottomright")

    def _outline_layer(self, board, colours, width: int) -> pygame.Surface:
        """A cached transparent layer with the outline of each colour's largest group:
        the union of the group's cells (bridged to their neighbours) grown by
        ``width``, minus the union itself, so a group reads as one shape."""
        key = ("outline", board, colours, width, self.app.settings.colour_blind)
        layer = self._groups.get(key)
        if layer is not None:
            return layer
        theme = self.app.theme
        layer = pygame.Surface(BOARD.size, pygame.SRCALPHA)
        groups = self._groups_of(board)
        clear = (0, 0, 0, 0)
        for colour in colours:
            if colour not in groups:
                continue
            cells, _ = groups[colour]
            cset = set(cells)
            inset = 5 + 2 * colour  # different insets keep overlapping outlines apart
            shapes = []
            for i in cells:
                r, c = divmod(i, SIZE)
                rect = pygame.Rect(c * CELL + inset, r * CELL + inset, CELL - 2 * inset, CELL - 2 * inset)
                shapes.append(rect)
                if c < SIZE - 1 and i + 1 in cset:
                    shapes.append(rect.union(rect.move(CELL, 0)))
                if r < SIZE - 1 and i + SIZE in cset:
                    shapes.append(rect.union(rect.move(0, CELL)))
                if c < SIZE - 1 and r < SIZE - 1 and {i + 1, i + SIZE, i + SIZE + 1} <= cset:
                    shapes.append(rect.union(rect.move(CELL, CELL)))
            ring = pygame.Surface(BOARD.size, pygame.SRCALPHA)
            col = lighten(theme[COLOUR_KEYS[colour]], 0.25)
            for rect in shapes:
                pygame.draw.rect(ring, col, rect.inflate(2 * width, 2 * width), border_radius=4)
            for rect in shapes:
                pygame.draw.rect(ring, clear, rect)
            layer.blit(ring, (0, 0))
        for colour in colours:
            if colour not in groups:
                continue
            cells, size = groups[colour]
            fx, fy = ((0, 0), (1, 0), (0, 1), (1, 1))[colour]
            r, c = divmod(cells[0], SIZE)
            centre = (c * CELL + 13 + fx * (CELL - 26), r * CELL + 13 + fy * (CELL - 26))
            pygame.draw.circle(layer, theme[COLOUR_KEYS[colour]], centre, 11)
            pygame.draw.circle(layer, (12, 12, 22), centre, 11, 2)
            img = self._text(str(size), 14, (12, 12, 22))
            layer.blit(img, img.get_rect(center=centre))
        if len(self._groups) > 64:
            self._groups.clear()
        self._groups[key] = layer
        return layer

    def _draw_outlines(self, surface, board, strong: float = 0.0, colours=COLOURS) -> None:
        """Outline each colour's largest group, with its size on a badge."""
        width = 3 if strong < 0.5 else 5
        surface.blit(self._outline_layer(board, tuple(colours), width), BOARD.topleft)

    def _draw_handles(self, surface, state, interactive: bool) -> None:
        banned = state.banned_lines() if state.phase == "play" else {}
        hover = None
        if interactive:
            for line, d in HANDLES:
                if handle_rect(line, d).collidepoint(self.mouse):
                    hover = (line, d)
        held = self.grabbed or (self.draft[0] if self.draft else None)
        kb_line = (self.cursor_line() if interactive and not self.convert_mode and self.kb_active
                   and self.focus_button is None else None)
        limits = {line: state.line_limits(line) for line in LINES} if state.phase == "play" else {}
        for line, d in HANDLES:
            back, fwd = limits.get(line, (5, 5))
            if not interactive:
                look = "idle"
            elif line in banned:
                look = "banned"
            elif (fwd if DIR_SIGN[d] > 0 else back) == 0:
                look = "blocked"
            elif self.draft is not None and self.draft[0] == line and (self.draft[1] > 0) == (DIR_SIGN[d] > 0):
                look = "active"
            elif hover == (line, d):
                look = "hover"
            else:
                look = "normal"
            ring = ""
            if interactive and look != "banned":
                ring = "held" if held == line else ("cursor" if kb_line == line and held is None else "")
            surface.blit(self._handle_sprite(line, d, look, ring), handle_rect(line, d))

    def _handle_sprite(self, line: str, d: str, look: str, ring: str) -> pygame.Surface:
        key = ("handle", line, d, look, ring)
        spr = self._sprites.get(key)
        if spr is not None:
            return spr
        theme = self.app.theme
        rect = handle_rect(line, d)
        spr = pygame.Surface(rect.size, pygame.SRCALPHA)
        box = spr.get_rect()
        fill, edge, fg = {
            "idle": (darken(theme["panel"], 0.2), darken(theme["panel_edge"], 0.3), theme["text_dim"]),
            "banned": (darken(theme["panel"], 0.35), darken(theme["panel_edge"], 0.5), darken(theme["text_dim"], 0.4)),
            "active": (darken(theme["accent"], 0.55), theme["accent"], theme["accent"]),
            "hover": (lighten(theme["panel"], 0.15), theme["accent_2"], theme["text"]),
            "blocked": (theme["panel"], theme["panel_edge"], theme["text_dim"]),
            "normal": (theme["panel"], theme["panel_edge"], theme["text"]),
        }[look]
        if ring == "held":
            edge = theme["accent"]
        elif ring == "cursor":
            edge = lighten(theme["panel_edge"], 0.5)
        pygame.draw.rect(spr, fill, box, border_radius=10)
        pygame.draw.rect(spr, edge, box, 2, border_radius=10)
        cx, cy = box.center
        vertical = line_kind(line) == "column"
        if vertical:
            label_pos, a = ((cx, cy + 10), (cx, cy - 8)) if d == "up" else ((cx, cy - 10), (cx, cy + 9))
        else:
            label_pos, a = ((cx + 9, cy), (cx - 8, cy)) if d == "left" else ((cx - 9, cy), (cx + 8, cy))
        s = 7
        pts = {"up": [(a[0], a[1] - s), (a[0] - s, a[1] + s * 0.6), (a[0] + s, a[1] + s * 0.6)],
               "down": [(a[0], a[1] + s), (a[0] - s, a[1] - s * 0.6), (a[0] + s, a[1] - s * 0.6)],
               "left": [(a[0] - s, a[1]), (a[0] + s * 0.6, a[1] - s), (a[0] + s * 0.6, a[1] + s)],
               "right": [(a[0] + s, a[1]), (a[0] - s * 0.6, a[1] - s), (a[0] - s * 0.6, a[1] + s)]}[d]
        if look == "banned":
            pygame.draw.circle(spr, theme["bad"], a, 7, 2)
            pygame.draw.line(spr, theme["bad"], (a[0] - 5, a[1] + 5), (a[0] + 5, a[1] - 5), 2)
        elif look == "blocked":
            pygame.draw.polygon(spr, darken(fg, 0.3), pts, 2)
        else:
            pygame.draw.polygon(spr, fg, pts)
        img = self._text(line, 16, fg)
        spr.blit(img, img.get_rect(center=label_pos))
        self._sprites[key] = spr
        return spr

    def _draw_line_glow(self, surface, line: str, colour, alpha: int = 60, width: int = 3) -> None:
        k = LINES.index(line)
        if line_kind(line) == "column":
            r = pygame.Rect(BOARD.x + k * CELL, BOARD.y, CELL, BOARD.h)
        else:
            r = pygame.Rect(BOARD.x, BOARD.y + (k - SIZE) * CELL, BOARD.w, CELL)
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        col = pygame.Color(colour)
        s.fill((col.r, col.g, col.b, alpha))
        surface.blit(s, r)
        pygame.draw.rect(surface, colour, r.inflate(2, 2), width, border_radius=8)

    def _draw_banned_overlay(self, surface, state) -> None:
        for line in state.banned_lines():
            key = ("banned", line)
            layer = self._sprites.get(key)
            k = LINES.index(line)
            if line_kind(line) == "column":
                r = pygame.Rect(BOARD.x + k * CELL + 2, BOARD.y + 2, CELL - 4, BOARD.h - 4)
            else:
                r = pygame.Rect(BOARD.x + 2, BOARD.y + (k - SIZE) * CELL + 2, BOARD.w - 4, CELL - 4)
            if layer is None:
                layer = pygame.Surface(r.size, pygame.SRCALPHA)
                for x in range(-r.h, r.w, 16):
                    pygame.draw.line(layer, (150, 150, 170, 34), (x, r.h), (x + r.h, 0), 5)
                pygame.draw.rect(layer, darken(self.app.theme["text_dim"], 0.35), layer.get_rect(), 2,
                                 border_radius=8)
                self._sprites[key] = layer
            surface.blit(layer, r)

    def _draw_arrow(self, surface, line: str, off: float, colour, label: str | None = None,
                    alpha: int = 200, lane: float = 0.0, label_at: float = 0.5) -> None:
        """A ghost arrow along ``line`` covering ``off`` cells (signed)."""
        k = LINES.index(line)
        column = line_kind(line) == "column"
        sign = 1 if off > 0 else -1
        length = max(0.6, abs(off))
        layer = pygame.Surface(BOARD.size, pygame.SRCALPHA)
        col = pygame.Color(colour)
        col.a = alpha
        across = (k if column else k - SIZE) * CELL + CELL / 2 + lane
        start = (SIZE * CELL / 2) - sign * length * CELL / 2
        end = (SIZE * CELL / 2) + sign * length * CELL / 2

        # shaft and head, drawn in (across, along) and swapped for rows
        w = 9
        head = 22
        shaft_end = end - sign * head
        if column:
            poly = [(across - w, start), (across + w, start), (across + w, shaft_end), (across + 2 * w, shaft_end),
                    (across, end), (across - 2 * w, shaft_end), (across - w, shaft_end)]
        else:
            poly = [(start, across - w), (start, across + w), (shaft_end, across + w), (shaft_end, across + 2 * w),
                    (end, across), (shaft_end, across - 2 * w), (shaft_end, across - w)]
        pygame.draw.polygon(layer, col, poly)
        pygame.draw.polygon(layer, (255, 255, 255, min(255, alpha + 40)), poly, 2)
        surface.blit(layer, BOARD.topleft)
        if label:
            mid = start + (end - start) * label_at
            cx, cy = (BOARD.x + across, BOARD.y + mid) if column else (BOARD.x + mid, BOARD.y + across)
            img = self._text(label, 16, (12, 12, 22))
            box = img.get_rect(center=(cx, cy)).inflate(12, 6)
            box.clamp_ip(BOARD.inflate(-4, -4))
            pygame.draw.rect(surface, col, box, border_radius=8)
            pygame.draw.rect(surface, (255, 255, 255), box, 1, border_radius=8)
            surface.blit(img, img.get_rect(center=box.center))

    # ================================================================== frame
    def draw_board(self, surface: pygame.Surface, state, alpha: float) -> None:
        live = state is self.match.state
        self._draw_frame(surface, state, live=live)

    def _draw_frame(self, surface, state, *, live: bool, slide=None, popup=None, morph=None, side=None) -> None:
        """Everything in BOARD_AREA.  ``slide`` = (state, line, offset) of a match
        animation; ``popup`` = (old, new, u) for the end-of-turn score pop-up."""
        theme = self.app.theme
        interactive = live and self.my_turn() and state.phase == "play" and not self.anim
        complete = live and self.turn_complete()
        setup = state.phase in ("pick_order", "first_pick", "second_pick", "move_order")
        preview = self.preview_on()
        # which board is shown, and which line is displaced
        shown = state
        moving, offset, ghost = None, 0.0, False
        if slide is not None:
            shown, moving, offset = slide
        elif live and state.phase == "play":
            if preview:
                shown = self.local_state()
                if self.vis_line is not None:
                    moving, offset = self.vis_line, self.vis_off
            elif self.vis_line is not None and self.drag is not None:
                moving, offset, ghost = self.vis_line, self.vis_off, True
        if live and self.bump and (moving is None or moving == self.bump[0]):
            line, sign, _, t0 = self.bump
            u = (self.ticks - t0) / 24
            kick = sign * 0.22 * math.sin(math.pi * min(1.0, u * 2)) * (1 - u) if u < 1 else 0.0
            if moving is None:
                moving, offset = line, kick
            else:
                offset += kick
        # background and board
        surface.blit(self._board_background(), (BOARD.x - 10, BOARD.y - 10))
        settled = moving is None or (abs(offset - round(offset)) < 0.03 and not ghost)
        skip = set(LINE_CELLS[LINES.index(moving)]) if moving and not ghost else set()
        # bans and rock limits as the engine will judge the next shift
        if live:
            rules = self.match.state if complete or state.phase != "play" else self.local_state()
        else:
            rules = shown if shown.phase == "play" else state
        if rules.phase == "play":
            self._draw_banned_overlay(surface, rules)
        self._draw_cell_marks(surface, shown, skip)
        if slide is not None and moving:
            self._draw_line_glow(surface, moving, theme["accent_2"], 22, 2)
        if live and state.phase == "play" and (self.grabbed or self.convert_mode is False and self.draft):
            held = self.grabbed or self.draft[0]
            self._draw_line_glow(surface, held, theme["accent"], 28, 2)
        elif (interactive and self.kb_active and not self.convert_mode and not complete
              and self.focus_button is None):
            self._draw_line_glow(surface, self.cursor_line(), theme["text"], 12, 1)
        morph = self.morph if live else morph
        dim = frozenset()
        focus_colours = None
        if setup and live:
            focus_colours = self._focused_colours(state)
        if focus_colours:
            dim = frozenset(i for i in range(CELLS) if shown.board[i] in COLOURS and shown.board[i] not in focus_colours)
        self._draw_pieces(surface, shown, moving=moving, offset=offset, ghost_line=ghost, dim_cells=dim, morph=morph)
        self._draw_cell_badges(surface, shown, skip)
        self._panel_board = shown.board
        # outlines of the largest groups, when the board is at rest
        if settled and not (live and self.drag is not None and ghost):
            board = shown.board
            if moving is not None and not ghost and round(offset) % SIZE:
                d = int(round(offset))
                board = shown.shift_result(Shift(moving, _dir_for(moving, d), abs(d)))[0]
            self._panel_board = board
            strong = 0.0
            if popup is not None:
                strong = 1.0 - abs(popup[2] - 0.5) * 2
            if focus_colours:
                self._draw_outlines_for(surface, board, focus_colours)
            else:
                self._draw_outlines(surface, board, strong)
        # Off mode: the queued shifts as numbered arrows over the frozen board
        if live and not preview and state.phase == "play":
            for n, a in enumerate([a for a in self.pending if isinstance(a, Shift)]):
                self._draw_arrow(surface, a.line, signed(a), theme["accent_2"], f"{n + 1}: {a}", 150,
                                 lane=(n % 3 - 1) * 10, label_at=(0.25, 0.5, 0.75, 0.4, 0.6)[n % 5])
            for a in self.pending:
                if isinstance(a, Convert):
                    r = cell_rect(a.cell)
                    pygame.draw.circle(surface, theme["accent_2"], r.center, CELL // 2 - 2, 3)
                    self._gem(surface, a.colour, (r.right - 16, r.y + 16), 10)
        if live and not preview and self.draft:
            line, off = self.draft
            self._draw_arrow(surface, line, off, theme["accent"], f"{Shift(line, _dir_for(line, off), abs(off))}?", 170)
        if live and self.bump and self.bump[2] >= 0 and self.ticks % 8 < 5:
            r = cell_rect(self.bump[2])
            if moving == self.bump[0]:
                k = LINES.index(moving)
                idx = LINE_CELLS[k].index(self.bump[2])
                p = idx + offset
                r = pygame.Rect(BOARD.x + (k * CELL if k < SIZE else p * CELL),
                                BOARD.y + (p * CELL if k < SIZE else (k - SIZE) * CELL), CELL, CELL)
            pygame.draw.rect(surface, theme["bad"], r.inflate(-4, -4), 4, border_radius=12)
        # the keyboard cursor: white corner brackets, unlike any group outline
        if interactive and not self.drag and (self.kb_active or self.convert_mode):
            r = cell_rect(self.cursor).inflate(-4, -4)
            col = lighten(theme["text"], 0.0) if pulse(self.ticks) > 0.3 else theme["accent_2"]
            k = 16
            for (cx, cy, dx, dy) in ((r.left, r.top, 1, 1), (r.right - 1, r.top, -1, 1),
                                     (r.left, r.bottom - 1, 1, -1), (r.right - 1, r.bottom - 1, -1, -1)):
                pygame.draw.line(surface, col, (cx, cy), (cx + dx * k, cy), 4)
                pygame.draw.line(surface, col, (cx, cy), (cx, cy + dy * k), 4)
        if interactive and self.convert_mode:
            local = self.local_state()
            mine = local.seat_colours(local.to_move)
            target = cell_at(self.mouse) if cell_at(self.mouse) is not None else self.cursor
            for i in range(CELLS):
                if local.board[i] in mine:
                    pygame.draw.circle(surface, theme["accent"], cell_rect(i).center, CELL // 2 - 4, 2)
            if local.board[target] in mine:
                other = mine[1] if local.board[target] == mine[0] else mine[0]
                r = cell_rect(target)
                self._gem(surface, other, (r.right - 16, r.y + 16), 12)
        if not setup:
            self._draw_handles(surface, rules, interactive and not complete)
        for text, x, y, colour, left, total in self.floaters if live else ():
            a = min(1.0, left / 20)
            img = self._text(text, 18, colour)
            img2 = img.copy()
            img2.set_alpha(int(255 * a))
            box = img2.get_rect(center=(x, y))
            pygame.draw.rect(surface, (12, 14, 28), box.inflate(14, 6), border_radius=8)
            surface.blit(img2, box)
        # the side column
        if setup:
            self._draw_setup(surface, state, live)
        elif side is not None:
            self._draw_side(surface, side[0], live, extra=side[1])
        else:
            self._draw_side(surface, state, live)
        if popup is not None:
            self._draw_popup(surface, *popup)

    def _focused_colours(self, state) -> tuple[int, ...] | None:
        if state.phase not in ("first_pick", "second_pick"):
            return None
        rects = self.choice_rects()
        k = None
        for i, (m, r) in enumerate(rects):
            if r.collidepoint(self.mouse):
                k = i
        if k is None:
            k = self.choice_focus if self.my_turn() else None
        if k is None or k >= len(rects):
            return None
        return rects[k][0].colours

    def _draw_outlines_for(self, surface, board, colours) -> None:
        self._draw_outlines(surface, board, 0.0, tuple(sorted(colours)))

    # -- the side column (play) ----------------------------------------------------------
    def draw_banner(self, surface: pygame.Surface) -> None:
        """The base banner in a slightly smaller font, so the engine's longer reasons
        fit on one line and stay clear of the bottom handles."""
        if self.banner_ticks <= 0 or not self.banner:
            return
        theme = self.app.theme
        font = theme.font(20)
        lines = wrap_text(self.banner, font, BOARD_AREA.w - 70)
        h = 16 + 26 * len(lines)
        rect = pygame.Rect(0, 0, BOARD_AREA.w - 40, h)
        rect.midbottom = (BOARD_AREA.centerx, BOARD_AREA.bottom - 6)
        edge = {"error": "bad", "warning": "accent", "good": "good"}.get(self.banner_kind, "accent_2")
        fade = min(1.0, self.banner_ticks / 20)
        draw_panel(surface, rect, theme, fill="background_2", edge=edge, alpha=int(235 * fade), width=3)
        for i, line in enumerate(lines):
            self._blit_text(surface, line, 20, theme["text"], (rect.centerx, rect.y + 8 + 26 * i), "midtop")

    def _draw_button(self, surface, rect, text, *, enabled=True, primary=False, active=False, size=19) -> None:
        theme = self.app.theme
        hover = rect.collidepoint(self.mouse) and enabled
        if not enabled:
            fill, edge, fg = darken(theme["panel"], 0.3), darken(theme["panel_edge"], 0.4), darken(theme["text_dim"], 0.3)
        elif primary:
            fill = lighten(theme["accent"], 0.15) if hover else theme["accent"]
            edge, fg = lighten(theme["accent"], 0.5), (20, 18, 30)
        elif active:
            fill, edge, fg = darken(theme["accent_2"], 0.45), theme["accent_2"], theme["text"]
        else:
            fill = lighten(theme["panel"], 0.15 if hover else 0.05)
            edge, fg = theme["accent_2"] if hover else theme["panel_edge"], theme["text"]
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        pygame.draw.rect(surface, edge, rect, 2, border_radius=12)
        self._blit_text(surface, text, size, fg, rect.center, "center", max_width=rect.w - 12)

    def _draw_side(self, surface, state, live: bool, extra: str | None = None) -> None:
        theme = self.app.theme
        m = self.match
        x, y, w = SIDE.x, SIDE.y, SIDE.w
        over = state.phase == "over"
        mover = state.to_move if not over else -1
        # whose turn
        card = pygame.Rect(x, y, w, 86)
        draw_panel(surface, card, theme, fill="panel", edge="panel_edge", radius=12)
        if over:
            self._blit_text(surface, "Game over", 24, theme["accent"], (card.x + 14, card.y + 10))
            out = state.outcome()
            for k, line in enumerate(wrap_text(out.reason if out else "", theme.font(15, "regular"), w - 28)[:2]):
                self._blit_text(surface, line, 15, theme["text"], (card.x + 14, card.y + 42 + 18 * k), kind="regular")
        else:
            controller = m.controller(mover)
            names = m.seat_names()
            col = self.seat_colour(mover)
            pygame.draw.circle(surface, col, (card.x + 20, card.y + 24), 9)
            if mover in m.proxy:
                head = "Out of time"
            elif controller.is_bot:
                head = f"{names[mover]} (bot)"
            else:
                head = "Your turn" if len(m.people()) == 1 else f"{names[mover]}'s turn"
            self._blit_text(surface, head, 22, theme["text"], (card.x + 38, card.y + 10), max_width=w - 50)
            cols = state.seat_colours(mover)
            gx = card.x + 26
            for c in cols:
                self._gem(surface, c, (gx, card.y + 62), 11)
                gx += 28
            words = " + ".join(COLOUR_NAMES[c] for c in cols)
            if mover in m.proxy and controller.is_bot:
                words = f"{names[1 - mover]} moves instead"
            elif controller.is_bot:
                if live and not self.anim and not self.queue:
                    words = "thinking" + "." * (1 + (self.ticks // 15) % 3)
                else:
                    words = "shifting" if self.anim is not None and self.anim[3] == mover else "up next"
            elif mover in m.proxy:
                words = "you choose its shifts"
            self._blit_text(surface, words, 16, theme["text_dim"], (gx + 2, card.y + 62), "midleft", kind="regular",
                            max_width=card.right - gx - 10)
        y = card.bottom + 12
        # the turn's shifts as slots
        base_state = m.state if live else state
        local = self.local_state() if live else state
        committed = list(base_state.actions_this_turn) if base_state.phase == "play" else []
        if extra:  # the turn's last shift, still sliding
            committed.append(extra)
        mine_pending = [str(a) for a in self.pending] if live else []
        required = base_state.shifts_required() if base_state.phase == "play" else 3
        done_shifts = sum(1 for a in committed + mine_pending if not a.startswith("convert"))
        label = f"Shifts this turn: {done_shifts} of {required}"
        if not over:
            self._blit_text(surface, label, 18, theme["accent_2"], (x + 2, y))
        y += 28
        items = committed + mine_pending
        converts = [a for a in items if a.startswith("convert")]
        shifts = [a for a in items if not a.startswith("convert")]
        slot_h = 36 if required <= 4 else 32
        if converts and not over:
            r = pygame.Rect(x, y, w, slot_h)
            pygame.draw.rect(surface, darken(theme["accent_2"], 0.6), r, border_radius=10)
            self._blit_text(surface, converts[0], 17, theme["text"], (r.x + 12, r.centery), "midleft")
            y += slot_h + 6
        draft_text = None
        if live and self.draft:
            line, off = self.draft
            draft_text = str(Shift(line, _dir_for(line, off), abs(off)))
        for k in range(required if not over else 0):
            r = pygame.Rect(x, y, w, slot_h)
            if k < len(shifts):
                held = k >= done_shifts - len([a for a in mine_pending if not a.startswith("convert")])
                fill = darken(theme["accent"], 0.62) if held else lighten(theme["panel"], 0.08)
                edge = theme["accent"] if held else theme["panel_edge"]
                pygame.draw.rect(surface, fill, r, border_radius=10)
                pygame.draw.rect(surface, edge, r, 2, border_radius=10)
                self._blit_text(surface, f"{k + 1}", 16, theme["text_dim"], (r.x + 14, r.centery), "midleft")
                self._blit_text(surface, shifts[k], 18, theme["text"], (r.x + 40, r.centery), "midleft")
                if held:
                    self._blit_text(surface, "not confirmed" if self.preview_on() else "queued", 13,
                                    theme["accent"], (r.right - 10, r.centery), "midright", kind="regular")
            else:
                pygame.draw.rect(surface, darken(theme["panel"], 0.15), r, border_radius=10)
                pygame.draw.rect(surface, darken(theme["panel_edge"], 0.3), r, 1, border_radius=10)
                self._blit_text(surface, f"{k + 1}", 16, darken(theme["text_dim"], 0.3), (r.x + 14, r.centery), "midleft")
                if k == len(shifts) and draft_text:
                    self._blit_text(surface, draft_text + " ?", 18, theme["accent"], (r.x + 40, r.centery), "midleft")
            y += slot_h + 6
        # the lines banned this turn, and why (the engine's reason)
        box = self._draft_box()
        bans = base_state.banned_lines() if base_state.phase == "play" and not over else {}
        if bans and live and self.my_turn() and y + 64 <= box.y:
            self._blit_text(surface, "Banned now: " + ", ".join(bans), 16, theme["text"], (x + 2, y + 2),
                            max_width=w - 4)
            first = next(iter(bans.values()))
            for k, line in enumerate(wrap_text(first, theme.font(14, "regular"), w - 4)[:2]):
                self._blit_text(surface, line, 14, theme["text_dim"], (x + 2, y + 24 + 18 * k), kind="regular")
        # the draft box, or a short how-to
        if not (live and self.my_turn() and not over):
            return
        if self.draft:
            line, off = self.draft
            draw_panel(surface, box, theme, fill="panel", edge="accent", radius=12)
            move = Shift(line, _dir_for(line, off), abs(off))
            self._blit_text(surface, f"{line_label(line)} {move.direction}", 18, theme["accent"],
                            (box.x + 12, box.y + 4), max_width=box.w - 70)
            self._blit_text(surface, "how far? tap a number", 13, theme["text_dim"], (box.x + 12, box.y + 27),
                            kind="regular", max_width=box.w - 70)
            back, fwd = local.line_limits(line)
            limit = fwd if off > 0 else back
            for d in range(1, SIZE):
                r = self.chip_rect(d)
                ok = d <= limit
                self._draw_button(surface, r, str(d), enabled=ok, primary=(d == abs(off)), size=20)
            cancel = self.button_rect("cancel")
            if cancel is not None:
                self._draw_button(surface, cancel, "×", size=22)
        elif self.convert_mode:
            draw_panel(surface, box, theme, fill="panel", edge="accent_2", radius=12)
            for k, line in enumerate(wrap_text("Tap one of your crystals (circled) to turn it into your other "
                                               "colour, or press Convert again to cancel.",
                                               theme.font(16, "regular"), box.w - 24)[:4]):
                self._blit_text(surface, line, 16, theme["text"], (box.x + 12, box.y + 10 + 20 * k), kind="regular")
        elif not self.turn_complete():
            tips = ("Drag a row or column, or tap the arrows at its ends.  "
                    "Keys: arrows, Tab, Enter.") if self.preview_on() else \
                ("Shift preview is off: the board stays still while you queue your shifts; "
                 "they play when you confirm.")
            for k, line in enumerate(wrap_text(tips, theme.font(16, "regular"), box.w - 8)[:4]):
                self._blit_text(surface, line, 16, theme["text_dim"], (box.x + 4, box.y + 6 + 21 * k), kind="regular")
        else:
            pts = self._points_now(local.board)
            draw_panel(surface, box, theme, fill="panel", edge="good", radius=12)
            self._blit_text(surface, "Confirm to score:", 16, theme["good"], (box.x + 12, box.y + 8))
            yy = box.y + 34
            for seat, p in enumerate(pts):
                if p is None:
                    continue
                a, b, sa, sb = p
                self._blit_text(surface, f"{self.match.seat_names()[seat]}  +{sa * sb} = {sa} x {sb}", 17,
                                lighten(self.seat_colour(seat), 0.3), (box.x + 12, yy), max_width=box.w - 20)
                yy += 26
        conv = self.button_rect("convert")
        if conv is not None:
            self._draw_button(surface, conv, "Convert a crystal (V)" if not self.convert_mode else "Cancel convert (V)",
                              active=self.convert_mode, size=17)
        tb = self.button_rect("takeback")
        cf = self.button_rect("confirm")
        if tb is not None and cf is not None:
            self._draw_button(surface, tb, "Take back", enabled=bool(self.pending or self.draft), size=17)
            label = "Confirm turn" if self.turn_complete() else f"{local.shifts_left()} to go"
            self._draw_button(surface, cf, label, enabled=self.turn_complete(), primary=self.turn_complete(), size=18)
        focused = live and self.kb_active and self.focus_button
        focus = self.button_rect(self.focus_button) if focused else None
        if focus is not None:  # the Tab / controller focus ring
            col = lighten(theme["focus"], 0.3 * pulse(self.ticks, 0.15))
            pygame.draw.rect(surface, col, focus.inflate(10, 10), 3, border_radius=16)

    # -- setup ----------------------------------------------------------------------------
    def _choice_words(self, state, move) -> str:
        if isinstance(move, PickOrder):
            return "picks colours first" if move.first else "picks colours second"
        if isinstance(move, MoveOrder):
            return "moves first" if move.first else "moves second"
        if isinstance(move, TakeColours):
            words = " and ".join(COLOUR_NAMES[c] for c in move.colours)
            if len(move.colours) == 2:
                first = state.colours[state.first_picker]
                last = [c for c in COLOURS if c not in first and c not in move.colours]
                if last:
                    other = self.match.seat_names()[state.first_picker]
                    return f"takes {words}; {other} gets {COLOUR_NAMES[last[0]]}"
            return f"takes {words}"
        return str(move)

    def _draw_setup(self, surface, state, live: bool) -> None:
        theme = self.app.theme
        m = self.match
        panel = SETUP
        draw_panel(surface, panel, theme, fill="panel", edge="panel_edge", radius=14)
        seat = state.to_move
        chooser, question, explain, _ = self._setup_text(state)
        self._blit_text(surface, chooser, 17, lighten(self.seat_colour(seat), 0.2), (panel.x + 16, panel.y + 14),
                        max_width=panel.w - 32)
        y = panel.y + 40
        for line in question:
            self._blit_text(surface, line, 26, theme["accent"], (panel.x + 16, y), kind="display")
            y += 32
        y += 6
        for line in explain:
            self._blit_text(surface, line, 16, theme["text_dim"], (panel.x + 16, y), kind="regular")
            y += 20
        person = live and self.my_turn()
        hover = None
        rects = self.choice_rects() if state is m.state else []
        for k, (move, rect) in enumerate(rects):
            if rect.collidepoint(self.mouse):
                hover = k
        for k, (move, rect) in enumerate(rects):
            focused = person and (k == self.choice_focus)
            is_hint = self.hint is not None and str(self.hint) == str(move)
            fill = lighten(theme["panel"], 0.14 if hover == k and person else 0.06)
            edge = theme["accent"] if focused else (theme["accent_2"] if hover == k or is_hint else theme["panel_edge"])
            if not person:
                fill, edge = darken(theme["panel"], 0.15), darken(theme["panel_edge"], 0.2)
            pygame.draw.rect(surface, fill, rect, border_radius=14)
            pygame.draw.rect(surface, edge, rect, 3 if focused or is_hint else 2, border_radius=14)
            self._draw_choice(surface, state, move, rect, person)
        if not person and state.phase != "over":
            self._blit_text(surface, f"{chooser} is choosing...", 18, theme["text_dim"],
                            (panel.centerx, panel.bottom - 24), "center")

    def _draw_choice(self, surface, state, move, rect, person: bool) -> None:
        theme = self.app.theme
        text_c = theme["text"] if person else theme["text_dim"]

        def gem(c, pos, r=16):
            self._gem(surface, c, pos, r)

        if isinstance(move, (PickOrder, MoveOrder)):
            title = ("Pick first" if move.first else "Pick second") if isinstance(move, PickOrder) else \
                ("Move first" if move.first else "Move second")
            if isinstance(move, PickOrder):
                sub = "Take 1 colour now, get the last one" if move.first else "Take 2 of the 3 colours left"
            else:
                sub = "Make the first turn" if move.first else "Answer the first turn"
            lines = wrap_text(sub, theme.font(16, "regular"), rect.w - 80)[:2]
            top = rect.centery - (30 + 20 * len(lines)) // 2
            self._blit_text(surface, title, 24, text_c, (rect.x + 18, top))
            for k, line in enumerate(lines):
                self._blit_text(surface, line, 16, theme["text_dim"], (rect.x + 18, top + 34 + 20 * k), kind="regular")
            big = "1" if move.first else "2"
            self._blit_text(surface, big, 44, theme["accent"] if person else theme["text_dim"],
                            (rect.right - 22, rect.centery), "midright", kind="display")
            return
        # colour picks
        cols = move.colours
        gx = rect.x + 30
        for c in cols:
            gem(c, (gx, rect.centery), 18 if len(cols) == 1 else 16)
            gx += 40
        names = " + ".join(COLOUR_NAMES[c].capitalize() for c in cols)
        self._blit_text(surface, names, 21, text_c, (gx, rect.y + 14))
        sizes = self._derived(state.board)["sizes"]
        detail = ("largest group now: " if len(cols) == 1 else "largest now: ") + \
            " and ".join(str(sizes[c]) for c in cols)
        self._blit_text(surface, detail, 15, theme["text_dim"], (gx, rect.y + 42), kind="regular",
                        max_width=rect.right - gx - 10)
        if len(cols) == 2:
            first = state.colours[state.first_picker]
            last = [c for c in COLOURS if c not in first and c not in cols]
            if last:
                other = self.match.seat_names()[state.first_picker]
                self._blit_text(surface, f"{other} gets {COLOUR_NAMES[last[0]]}", 15, theme["text_dim"],
                                (gx, rect.y + 62), kind="regular", max_width=rect.right - gx - 10)

    # -- the score pop-up -------------------------------------------------------------------
    def popup_points(self, old, new) -> list:
        """The engine's turn points (``TurnPoints``, text like ``"+20 = 4 x 5"``) shown
        when the turn from ``old`` to ``new`` ended: the mover first."""
        if not new.turn_log or len(new.turn_log) == len(old.turn_log):
            return []
        rec = new.turn_log[-1]
        points = new.turn_points_preview()  # the turn scored the board as it is now
        return [points[seat] for seat in (rec.seat, 1 - rec.seat)] if points else []

    def _draw_popup(self, surface, old, new, u: float) -> None:
        points = self.popup_points(old, new)
        if not points:
            return
        theme = self.app.theme
        rec = new.turn_log[-1]
        grow = ease_out_back(min(1.0, u / 0.25))
        fade = 1.0 if u < 0.8 else max(0.0, 1 - (u - 0.8) / 0.2)
        rise = 24 * u
        for k, tp in enumerate(points):
            seat = tp.seat
            a, b = tp.colours
            p = (a, b) + tuple(tp.sizes)
            text = tp.text
            spikes = rec.spike_points[seat]
            w, h = 330, 86 if spikes else 70
            key = ("popup", rec, seat, p)
            card = self._sprites.get(key)
            if card is None:
                card = pygame.Surface((w, h), pygame.SRCALPHA)
                col = self.seat_colour(seat)
                pygame.draw.rect(card, (*darken(theme["background_2"], 0.2)[:3], 235), card.get_rect(),
                                 border_radius=16)
                pygame.draw.rect(card, col, card.get_rect(), 4, border_radius=16)
                self._gem(card, a, (30, 35), 14)
                self._gem(card, b, (62, 35), 14)
                img = self._text(text, 34, theme["text"], "display")
                card.blit(img, img.get_rect(midleft=(86, 35)))
                name = self._text(self.match.seat_names()[seat], 14, lighten(col, 0.3))
                card.blit(name, name.get_rect(topright=(w - 12, 6)))
                if spikes:
                    sp = self._text(f"+{spikes} from spikes", 16, theme["accent"])
                    card.blit(sp, sp.get_rect(midleft=(86, 68)))
                self._sprites = {k: v for k, v in self._sprites.items() if k[0] != "popup" or k[1] == rec}
                self._sprites[key] = card
            card = card.copy() if grow == 1.0 else card
            if grow != 1.0:
                card = pygame.transform.smoothscale(card, (max(1, int(w * grow)), max(1, int(h * grow))))
            card.set_alpha(int(255 * fade))
            cy = BOARD.centery - 60 + k * 110 - rise
            surface.blit(card, card.get_rect(center=(BOARD.centerx, cy)))

    # ================================================================== animations
    def transition_ticks(self, old, new, move) -> int:
        ends_turn = len(new.turn_log) > len(old.turn_log)
        pop = POPUP_TICKS if ends_turn else 0
        if self._was_previewed(new):
            return pop or 1
        if isinstance(move, Shift):
            return 14 + 6 * move.distance + pop
        if isinstance(move, Convert):
            return 26 + pop
        if isinstance(move, Pass):
            return pop or 12
        return 40  # a setup choice

    def _slide_ticks(self, old, new, move) -> int:
        if self._was_previewed(new):
            return 0
        if isinstance(move, Shift):
            return 14 + 6 * move.distance
        if isinstance(move, Convert):
            return 26
        return 0

    def draw_transition(self, surface, old, new, move, t: float) -> None:
        total = self.transition_ticks(old, new, move)
        slide = self._slide_ticks(old, new, move)
        now = t * total
        if old.phase != "play" and not isinstance(move, (Shift, Convert, Pass)):
            self._draw_frame(surface, new, live=False)
            self._draw_choice_badge(surface, old, new, move, t)
            return
        side = (old, str(move)) if old.phase == "play" and new.to_move != old.to_move else None
        if slide and now < slide:
            u = ease(now / slide)
            if isinstance(move, Shift):
                self._draw_frame(surface, new, live=False, slide=(old, move.line, signed(move) * u), side=side)
                return
            if isinstance(move, Convert):
                morph = (move.cell, old.board[move.cell], move.colour, self.ticks - int(24 * u))
                self._draw_frame(surface, new, live=False, slide=(old, None, 0.0), morph=morph, side=side)
                return
        pop_total = total - slide
        u = (now - slide) / pop_total if pop_total > 0 else 1.0
        ends = len(new.turn_log) > len(old.turn_log)
        self._draw_frame(surface, new, live=False, popup=(old, new, u) if ends else None)

    def _draw_choice_badge(self, surface, old, new, move, t: float) -> None:
        theme = self.app.theme
        seat = old.to_move
        text = f"{self.match.seat_names()[seat]} {self._choice_words(old, move)}"
        grow = ease_out_back(min(1.0, t / 0.3))
        fade = 1.0 if t < 0.75 else max(0.0, 1 - (t - 0.75) / 0.25)
        font = theme.font(26)
        lines = wrap_text(text, font, 460)
        w, h = 520, 30 + 34 * len(lines)
        card = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(card, (*theme["background_2"][:3], 240), card.get_rect(), border_radius=18)
        pygame.draw.rect(card, self.seat_colour(seat), card.get_rect(), 4, border_radius=18)
        for k, line in enumerate(lines):
            img = self._text(line, 26, theme["text"])
            card.blit(img, img.get_rect(midtop=(w // 2, 16 + 34 * k)))
        if grow != 1.0:
            card = pygame.transform.smoothscale(card, (max(1, int(w * grow)), max(1, int(h * grow))))
        card.set_alpha(int(255 * fade))
        surface.blit(card, card.get_rect(center=BOARD.center))

    # ================================================================== hint
    def draw_hint(self, surface, move) -> None:
        theme = self.app.theme
        if isinstance(move, Shift):
            self._draw_arrow(surface, move.line, signed(move), theme["good"], f"hint: {move}", 120)
            for d in (move.direction,):
                pygame.draw.rect(surface, theme["good"], handle_rect(move.line, d).inflate(4, 4), 3, border_radius=12)
        elif isinstance(move, Convert):
            r = cell_rect(move.cell)
            pygame.draw.circle(surface, theme["good"], r.center, CELL // 2 - 2, 3)
            self._gem(surface, move.colour, (r.right - 14, r.y + 14), 10)
            self._blit_text(surface, "hint", 14, theme["good"], (r.centerx, r.bottom - 4), "midbottom")
        else:
            for m, rect in self.choice_rects():
                if str(m) == str(move):
                    pygame.draw.rect(surface, theme["good"], rect.inflate(6, 6), 3, border_radius=16)

    # ================================================================== panel
    def status_text(self) -> str:
        m = self.match
        state = m.state
        if m.is_over():
            return super().status_text()
        seat = m.to_move()
        name = self.seat_label(seat)
        if seat in m.proxy and m.controller(seat).is_bot:
            return f"{self.seat_label(1 - seat)} moves for {name}"
        if m.controller(seat).is_bot:
            return f"{name} is {'choosing' if state.phase != 'play' else 'thinking'}..."
        if state.phase == "pick_order":
            return f"{name}: pick colours first or second"
        if state.phase == "first_pick":
            return f"{name}: take one colour"
        if state.phase == "second_pick":
            return f"{name}: take two colours"
        if state.phase == "move_order":
            return f"{name}: move first or second"
        if seat in m.proxy:
            who = self.seat_label(1 - seat)
            return f"{who}: make {name}'s shifts (out of time)"
        if self.turn_complete():
            return f"{name}: confirm your turn (Enter)"
        left = self.local_state().shifts_left()
        return f"{name}: shift a row or column ({left} left)"

    def panel_rows(self):
        state = self.shown
        return [(s, self.seat_label(s), f"{state.totals[s]}") for s in (0, 1)]

    def draw_players(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        state = self.shown
        to_move = self.match.to_move()
        clock = self.match.clock
        font = theme.font(20 if clock is None else 18)
        for seat, left, right in self.panel_rows():
            r = pygame.Rect(PANEL.x + 10, y, PANEL.w - 20, 40)
            if seat == to_move:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.12), r, border_radius=8)
                pygame.draw.rect(surface, theme["accent"], r, 2, border_radius=8)
            pygame.draw.circle(surface, self.seat_colour(seat), (r.x + 14, r.centery), 9)
            right_text = right if clock is None else f"{right}   {clock.display(seat)}"
            rw = font.size(right_text)[0]
            cols = state.seat_colours(seat)
            gem_w = 24 * len(cols)
            draw_text(surface, left, font, theme["text"], (r.x + 30, r.centery), "midleft",
                      max_width=r.w - 52 - rw - gem_w)
            gx = r.right - 16 - rw - gem_w
            for c in cols:
                self._gem(surface, c, (gx + 10, r.centery), 9)
                gx += 24
            draw_text(surface, right_text, font, theme["accent"] if seat == to_move else theme["text"],
                      (r.right - 8, r.centery), "midright")
            y += 44
        return y

    def draw_extra_panel(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        state = self.shown
        x, w = PANEL.x + 14, PANEL.w - 28
        if state.phase in ("pick_order", "first_pick", "second_pick", "move_order"):
            lines = ["Before play: Player 1 chooses the colour pick order, the colours are "
                     "picked, then Player 2 chooses who moves first."]
        else:
            lines = []
        thr = state.threshold
        self._blit_text(surface, f"Race to {thr}", 17, theme["accent_2"], (x, y))
        rnd = state.round_number
        self._blit_text(surface, f"round {rnd}" if rnd else "setup", 15, theme["text_dim"], (x + w, y + 2),
                        "topright", kind="regular")
        y += 24
        for seat in (0, 1):
            bar = pygame.Rect(x, y, w, 12)
            pygame.draw.rect(surface, darken(theme["panel"], 0.4), bar, border_radius=6)
            frac = min(1.0, state.totals[seat] / max(1, thr))
            if frac > 0:
                fill = pygame.Rect(bar.x, bar.y, max(12, int(bar.w * frac)), bar.h)
                pygame.draw.rect(surface, self.seat_colour(seat), fill, border_radius=6)
            y += 16
        y += 6
        # what each seat scores if the turn ended on the board shown now
        if state.phase in ("play", "over") and all(len(state.seat_colours(s)) == 2 for s in (0, 1)):
            board = self._panel_board or state.board  # the board drawn this frame
            self._blit_text(surface, "Turn points on this board", 15, theme["text_dim"], (x, y), kind="regular")
            y += 20
            for seat, p in enumerate(self._points_now(board)):
                a, b, sa, sb = p
                gx = x + 10
                self._gem(surface, a, (gx, y + 11), 9)
                self._blit_text(surface, str(sa), 17, theme["text"], (gx + 14, y + 11), "midleft")
                self._blit_text(surface, "x", 15, theme["text_dim"], (gx + 40, y + 11), "midleft", kind="regular")
                self._gem(surface, b, (gx + 62, y + 11), 9)
                self._blit_text(surface, str(sb), 17, theme["text"], (gx + 76, y + 11), "midleft")
                self._blit_text(surface, f"= {sa * sb}", 17, lighten(self.seat_colour(seat), 0.35),
                                (gx + 104, y + 11), "midleft")
                self._blit_text(surface, self.match.seat_names()[seat], 15, theme["text_dim"], (x + w, y + 11),
                                "midright", kind="regular")
                y += 24
            y += 4
        for text in lines:
            for line in wrap_text(text, theme.font(15, "regular"), w)[:3]:
                self._blit_text(surface, line, 15, theme["text_dim"], (x, y), kind="regular")
                y += 19
            y += 8
        # a one-line legend per anomaly in play
        a = state.anomalies
        legend = []
        if a.bombs:
            legend.append((BOMB, "Bombs: red-hatched groups do not count"))
        if a.chameleon:
            legend.append((CHAMELEON, "Chameleon: counts as every colour"))
        if a.pylons:
            legend.append((PYLON, "Pylons: x2 in a line with 2+ pylons"))
        if a.rocks:
            legend.append((ROCK, "Rocks: may not be carried over the edge"))
        if a.spikes and state.spikes_active:
            legend.append((-2, "Spikes: each space moved gives the opponent 1"))
        if a.convertor:
            legend.append((-1, "Color Convertor: before your shifts (V)"))
        if a.shift_plus:
            legend.append((-3, f"Shift Plus: {state.shifts_required() or 2} shifts this turn"))
        for piece, text in legend:
            if piece >= 0:
                surface.blit(self._sprite(piece, False, size=24), (x - 2, y - 3))
            elif piece == -2:
                surface.blit(self._sprite(RED, True, size=24), (x - 2, y - 3))
            elif piece == -1:
                self._gem(surface, COLOURS[2], (x + 10, y + 9), 8)
                pygame.draw.circle(surface, theme["accent_2"], (x + 10, y + 9), 11, 2)
            else:
                self._blit_text(surface, "+", 20, theme["accent_2"], (x + 10, y + 9), "center")
            self._blit_text(surface, text, 14, theme["text_dim"], (x + 28, y + 9), "midleft", kind="regular",
                            max_width=w - 30)
            y += 24
        return y

    def log_lines(self) -> list[tuple[int, str]]:
        state = self.match.state
        out: list[tuple[int, str]] = []
        turn_i = 0
        in_turn: list[str] = []
        in_seat = -1
        log = state.turn_log
        for e in self.match.entries:
            if e.text.startswith(("pick ", "take ", "move ")):
                out.append((e.seat, e.text))
                continue
            in_turn.append(e.text)
            in_seat = e.seat
            if turn_i < len(log) and len(in_turn) == len(log[turn_i].actions):
                rec = log[turn_i]
                out.append((rec.seat, f"R{rec.round}  {', '.join(in_turn)}  +{rec.products[rec.seat]}"))
                in_turn = []
                turn_i += 1
        if in_turn:
            out.append((in_seat, ", ".join(in_turn) + " ..."))
        return out

    # ================================================================== thumbnail
    @staticmethod
    def draw_thumbnail(surface: pygame.Surface, theme, state, settings) -> None:
        """The start position, fitted into ``surface`` (any size)."""
        w, h = surface.get_size()
        cell = max(4, min(w, h) // SIZE)
        size = cell * SIZE
        ox, oy = (w - size) // 2, (h - size) // 2
        pygame.draw.rect(surface, darken(theme["panel"], 0.25), (ox - 4, oy - 4, size + 8, size + 8), border_radius=8)
        glyphs = bool(getattr(settings, "colour_blind", False))
        # The game in one picture: row 3 caught in mid-shift, half a cell to the right,
        # its last crystal wrapping round to the left edge.
        shifting, offset = 2, cell // 2
        row_clip = pygame.Rect(ox, oy + shifting * cell, size, cell)
        for i in range(CELLS):
            r, c = divmod(i, SIZE)
            rect = pygame.Rect(ox + c * cell + 1, oy + r * cell + 1, cell - 2, cell - 2)
            pygame.draw.rect(surface, theme["panel"], rect, border_radius=max(1, cell // 6))
        if size >= 36:
            pygame.draw.rect(surface, theme["accent"], row_clip.inflate(4, 2), 1,
                             border_radius=max(2, cell // 5))
        for i in range(CELLS):
            r, c = divmod(i, SIZE)
            rect = pygame.Rect(ox + c * cell + 1, oy + r * cell + 1, cell - 2, cell - 2)
            copies = [rect]
            if r == shifting:
                moved = rect.move(offset, 0)
                copies = [moved, moved.move(-size, 0)]  # the wrap-around twin
                surface.set_clip(row_clip)
            piece = state.board[i]
            for at in copies:
                if piece in COLOURS:
                    draw_gem(surface, at.center, cell * 0.4, theme[COLOUR_KEYS[piece]],
                             glyph=GLYPHS[COLOUR_NAMES[piece]] if glyphs and cell >= 12 else None)
                else:
                    spr = _piece_sprite(theme, piece, cell, False, glyphs)
                    surface.blit(spr, at.move(-1, -1).topleft)
            surface.set_clip(None)


VIEW = CrystalConnectorView
