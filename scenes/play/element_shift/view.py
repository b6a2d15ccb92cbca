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

import math

import pygame

from game.element_shift import (
    CELLS,
    DIAGONAL_STEPS,
    ELEMENT_NAMES,
    KNIGHT_JUMPS,
    LETTERS,
    ORTHOGONAL_STEPS,
    RAY_DIRECTIONS,
    ROUNDS,
    SIZE,
    STAY,
    VARIATIONS,
    Plan,
    StartPick,
    beater,
    cell_name,
)
from scenes.play.base import BOARD_AREA, PANEL, PlayScene, ease, ease_out_back, pulse
from scenes.results import ResultsScene
from scenes.widgets import MIN_TARGET, darken, draw_gem, draw_glyph, draw_panel, lighten, wrap_text

# -- layout ---------------------------------------------------------------------------
CELL = 49
STRIP = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, BOARD_AREA.w, 68)  # the variation banner
BOARD = pygame.Rect(
    BOARD_AREA.x + 24, BOARD_AREA.bottom - 6 - CELL * SIZE, CELL * SIZE, CELL * SIZE
)
SIDE = pygame.Rect(
    BOARD.right + 14,
    STRIP.bottom + 6,
    BOARD_AREA.right - BOARD.right - 14,
    BOARD_AREA.bottom - STRIP.bottom - 6,
)

ELEMENT_KEYS = ("crystal_red", "crystal_blue", "crystal_green")
ELEMENT_GLYPHS = ("flame", "drop", "leaf")
RAY_ARROWS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
ARROW_KEYS = {
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
}
KEY_DIRECTION = {pygame.K_UP: "N", pygame.K_RIGHT: "E", pygame.K_DOWN: "S", pygame.K_LEFT: "W"}

# reveal timeline (ticks at animation speed 1)
INTRO_TICKS, MOVE_TICKS, FLIP_TICKS, HOLD_TICKS = 30, 30, 26, 24
SETUP_REVEAL_TICKS = 84


def element_colour(theme, element: int) -> pygame.Color:
    return theme[ELEMENT_KEYS[element]]


def cell_rect(cell: int, board: pygame.Rect = BOARD, size: int = CELL) -> pygame.Rect:
    return pygame.Rect(board.x + (cell % SIZE) * size, board.y + (cell // SIZE) * size, size, size)


def cell_center(cell: int) -> tuple[float, float]:
    return (BOARD.x + (cell % SIZE) * CELL + CELL / 2, BOARD.y + (cell // SIZE) * CELL + CELL / 2)


def cell_at(pos) -> int | None:
    x, y = pos
    if not BOARD.collidepoint(x, y):
        return None
    return ((y - BOARD.y) // CELL) * SIZE + (x - BOARD.x) // CELL


# -- cached drawing -------------------------------------------------------------------
_CACHE: dict = {}


def _cached(key, make):
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) > 600:
            _CACHE.clear()
        surf = _CACHE[key] = make()
    return surf


def text_image(theme, text: str, size: int, colour, kind: str = "bold") -> pygame.Surface:
    c = pygame.Color(colour)
    return _cached(
        ("text", text, size, kind, tuple(c)), lambda: theme.font(size, kind).render(text, True, c)
    )


_FIT: dict = {}


def fit_text(theme, text: str, size: int, kind: str, max_width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``max_width`` (cached)."""
    key = (text, size, kind, max_width)
    out = _FIT.get(key)
    if out is None:
        font = theme.font(size, kind)
        out = text
        if font.size(out)[0] > max_width:
            while out and font.size(out + "…")[0] > max_width:
                out = out[:-1]
            out += "…"
        if len(_FIT) > 4000:
            _FIT.clear()
        _FIT[key] = out
    return out


def wrapped(theme, text: str, size: int, width: int, kind: str = "regular") -> list[str]:
    key = ("wrap", text, size, width, kind)
    out = _FIT.get(key)
    if out is None:
        out = _FIT[key] = wrap_text(text, theme.font(size, kind), width)
    return out


def put_text(
    surface,
    theme,
    text: str,
    size: int,
    colour,
    pos,
    anchor: str = "topleft",
    kind: str = "bold",
    max_width: int | None = None,
) -> pygame.Rect:
    """draw_text with the rendered line cached (the panel redraws every frame)."""
    if max_width is not None:
        text = fit_text(theme, text, size, kind, max_width)
    img = text_image(theme, text, size, colour, kind)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def panel(surface, rect, theme, **kw) -> None:
    """widgets.draw_panel from a cached surface (a panel is redrawn every frame)."""
    rect = pygame.Rect(rect)

    def make():
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_panel(s, s.get_rect(), theme, **kw)
        return s

    surface.blit(_cached(("panel", rect.size, tuple(sorted(kw.items()))), make), rect.topleft)


def tile_sprite(theme, element: int, size: int, glyph: bool) -> pygame.Surface:
    def make():
        base = darken(element_colour(theme, element), 0.34)
        s = pygame.Surface((size, size))
        s.fill(base)
        if size >= 16:
            pygame.draw.line(s, lighten(base, 0.12), (0, 0), (size - 1, 0))
            pygame.draw.line(s, lighten(base, 0.12), (0, 0), (0, size - 1))
            pygame.draw.line(s, darken(base, 0.25), (0, size - 1), (size - 1, size - 1))
            pygame.draw.line(s, darken(base, 0.25), (size - 1, 0), (size - 1, size - 1))
        if glyph and size >= 9:
            draw_glyph(
                s, ELEMENT_GLYPHS[element], (size / 2, size / 2), size * 0.3, darken(base, 0.45)
            )
            draw_glyph(
                s,
                ELEMENT_GLYPHS[element],
                (size / 2, size / 2),
                size * 0.3,
                lighten(base, 0.45),
                1 if size < 30 else 2,
            )
        elif size >= 24:
            # a faint crystal facet, so a tile reads as a crystal and not a flat square
            r = size * 0.17
            cx = cy = size / 2
            pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
            pygame.draw.polygon(s, lighten(base, 0.1), pts)
            pygame.draw.polygon(s, lighten(base, 0.22), [pts[0], pts[1], (cx, cy)])
            pygame.draw.polygon(s, darken(base, 0.12), [pts[2], pts[3], (cx, cy)])
        return s

    return _cached(("tile", element, size, glyph, tuple(theme[ELEMENT_KEYS[element]])), make)


def render_board(theme, board, size: int, glyph: bool) -> pygame.Surface:
    """The tiles with region edges drawn strong, so regions read at a glance."""

    def make():
        s = pygame.Surface((size * SIZE, size * SIZE))
        for c in range(CELLS):
            s.blit(
                tile_sprite(theme, board[c], size, glyph), ((c % SIZE) * size, (c // SIZE) * size)
            )
        edge = theme["background"]
        w = 3 if size >= 24 else 1
        for c in range(CELLS):
            x, y = (c % SIZE) * size, (c // SIZE) * size
            if c % SIZE < SIZE - 1 and board[c + 1] != board[c]:
                pygame.draw.line(s, edge, (x + size - 1, y), (x + size - 1, y + size - 1), w)
            if c // SIZE < SIZE - 1 and board[c + SIZE] != board[c]:
                pygame.draw.line(s, edge, (x, y + size - 1), (x + size - 1, y + size - 1), w)
        return s

    return _cached(("board", tuple(board), size, glyph), make)


def element_icon(surface, theme, element: int, center, radius: float, glyph: bool = True) -> None:
    """A small crystal of the element with its glyph (a cached sprite)."""
    size = int(radius * 2 + 6)

    def make():
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_gem(
            s,
            (size / 2, size / 2),
            radius,
            element_colour(theme, element),
            glyph=ELEMENT_GLYPHS[element] if glyph else None,
        )
        return s

    spr = _cached(("icon", element, radius, glyph, tuple(element_colour(theme, element))), make)
    surface.blit(spr, (round(center[0] - size / 2), round(center[1] - size / 2)))


def token_sprite(theme, seat: int, element: int, radius: int, glyph: bool) -> pygame.Surface:
    """A player token: the seat's colour and number, with a badge of its element."""

    def make():
        colour = theme.player_colours[seat % len(theme.player_colours)]
        br = max(4, int(radius * 0.5))
        size = 2 * radius + br + 6
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        c = radius + 2
        pygame.draw.circle(s, (0, 0, 0, 110), (c + 1, c + 3), radius)
        pygame.draw.circle(s, darken(colour, 0.55), (c, c), radius)
        pygame.draw.circle(s, colour, (c, c), radius - 2)
        pygame.draw.circle(
            s, lighten(colour, 0.45), (c - radius * 0.3, c - radius * 0.3), max(2, radius * 0.3)
        )
        pygame.draw.circle(s, colour, (c, c), radius * 0.62)
        pygame.draw.circle(s, (250, 250, 255), (c, c), radius, 1 if radius < 10 else 2)
        lum = 0.3 * colour.r + 0.59 * colour.g + 0.11 * colour.b
        ink = (15, 15, 30) if lum > 140 else (250, 250, 255)
        num = theme.font(max(9, int(radius * 1.05)), "bold").render(str(seat + 1), True, ink)
        s.blit(num, num.get_rect(center=(c, c + 1)))
        # the element badge at the lower right
        bx = by = c + radius * 0.72
        el = element_colour(theme, element)
        pygame.draw.circle(s, (12, 12, 22), (bx, by), br + 1)
        pygame.draw.circle(s, el, (bx, by), br)
        pygame.draw.circle(s, lighten(el, 0.5), (bx, by), br, 1)
        if glyph and br >= 6:
            draw_glyph(s, ELEMENT_GLYPHS[element], (bx, by), br * 0.62, (12, 12, 22))
        return s

    return _cached(("token", seat, element, radius, glyph), make)


def blit_token(
    surface, theme, seat: int, element: int, center, radius: int, glyph: bool, alpha: int = 255
) -> None:
    spr = token_sprite(theme, seat, element, radius, glyph)
    c = radius + 2
    if alpha < 255:
        spr = spr.copy()
        spr.set_alpha(alpha)
    surface.blit(spr, (round(center[0] - c), round(center[1] - c)))


def fan(n: int, size: int = CELL) -> tuple[list[tuple[float, float]], int]:
    """Offsets and token radius for ``n`` tokens sharing a tile (they fan out)."""
    if n <= 1:
        return [(0.0, 0.0)], int(size * 0.31)
    if n == 2:
        return [(-0.2 * size, 0.0), (0.2 * size, 0.0)], int(size * 0.22)
    if n <= 4:
        pts = [(-0.2, -0.2), (0.2, -0.2), (-0.2, 0.2), (0.2, 0.2)][:n]
        return [(x * size, y * size) for x, y in pts], int(size * 0.2)
    if n <= 6:
        pts = [(x, y) for y in (-0.19, 0.19) for x in (-0.28, 0.0, 0.28)][:n]
        return [(x * size, y * size) for x, y in pts], int(size * 0.16)
    pts = [(x, y) for y in (-0.29, 0.0, 0.29) for x in (-0.32, -0.107, 0.107, 0.32)][:n]
    return [(x * size, y * size) for x, y in pts], int(size * 0.13)


def token_layout(positions) -> dict[int, tuple[float, float, int]]:
    """seat -> (x, y, radius) for every placed token, stacks fanned out."""
    by_cell: dict[int, list[int]] = {}
    for seat, cell in enumerate(positions):
        if cell >= 0:
            by_cell.setdefault(cell, []).append(seat)
    out = {}
    for cell, seats in by_cell.items():
        offsets, radius = fan(len(seats))
        cx, cy = cell_center(cell)
        for seat, (dx, dy) in zip(seats, offsets):
            out[seat] = (cx + dx, cy + dy, radius)
    return out


def reveal_timeline(trace) -> tuple[list[tuple[str, int, int, int]], int]:
    """[(kind, segment, start tick, length)] of a round's reveal, and its total."""
    phases = []
    t = 0
    switched = any(a != b for a, b in zip(trace.elements_before, trace.elements))
    intro = INTRO_TICKS if switched else INTRO_TICKS // 2
    phases.append(("intro", -1, t, intro))
    t += intro
    for s in range(len(trace.positions)):
        phases.append(("move", s, t, MOVE_TICKS))
        t += MOVE_TICKS
        if trace.conversions[s]:
            phases.append(("flip", s, t, FLIP_TICKS))
            t += FLIP_TICKS
    phases.append(("hold", len(trace.positions) - 1, t, HOLD_TICKS))
    return phases, t + HOLD_TICKS


def is_resolution(old, new) -> bool:
    return new.round > old.round


def offset_token(start: int, cell: int) -> str | None:
    """The action token whose offset leads from ``start`` to ``cell``, if any."""
    d = (cell % SIZE - start % SIZE, cell // SIZE - start // SIZE)
    for table in (ORTHOGONAL_STEPS, DIAGONAL_STEPS, KNIGHT_JUMPS):
        for tok, off in table.items():
            if off == d:
                return tok
    return None


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def action_words(token: str) -> str:
    names = {
        "U": "up",
        "D": "down",
        "L": "left",
        "R": "right",
        STAY: "stay",
        "UL": "up-left",
        "UR": "up-right",
        "DL": "down-left",
        "DR": "down-right",
    }
    if token.startswith("ray "):
        return "ray " + {"N": "north", "E": "east", "S": "south", "W": "west"}[token[4:]]
    if token in KNIGHT_JUMPS:
        return f"jump {token}"
    return names.get(token, token)


# -- the view -------------------------------------------------------------------------
class ElementShiftView(PlayScene):
    """The play screen of Element Shift (see the module docstring for the controls)."""

    def __init__(self, app, match):
        super().__init__(app, match)
        self.cursor = 5 * SIZE + 5
        self.mouse = (-1, -1)
        self.editor_for: tuple[int, int] | None = None  # (round, seat) the editor belongs to
        self.plan_switch = False
        self.plan_actions: list[str] = []
        self.ray_aim = False
        self.pick: int | None = None  # setup: the chosen start tile, not yet confirmed
        self.unlocked: tuple[int, int] | None = None  # (round, seat) past the curtain
        self.summary_round: int | None = None
        self.summary_ticks = 0
        self.results_pending = False
        self.pending_stay = False  # a press on the path's end: stay, unless it becomes a drag
        self.dragging = False
        self.drag_cell: int | None = None
        self._skipping = False
        self._last_phase: tuple | None = None
        self._preview_key = None
        self._preview = None
        # The button the keyboard / controller focus is on (a controls() name, or
        # "panel:<text>" for the base's Hint / Undo / Rules / Menu); None = the board.
        self.focus: str | None = None

    # -- who and what ---------------------------------------------------------------
    @property
    def glyphs(self) -> bool:
        return bool(self.app.settings.colour_blind)

    @property
    def people_seats(self) -> list[int]:
        """Seats planned on this screen (phones at a party plan on their phones)."""
        return [i for i, s in enumerate(self.match.seats)
                if not s.is_bot and not (self.party is not None and s.is_phone)]

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
        if self.anim is not None and is_resolution(self.anim[0], self.anim[1]):
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

    def mode(self) -> str:
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
        actions = list(self.plan_actions if actions is None else actions)
        return Plan(
            self.plan_switch if switch is None else switch,
            tuple(actions + [STAY] * (self.segments() - len(actions))),
        )

    def path(self) -> list[int]:
        """Where the planner stands after each action entered so far (start first)."""
        state, seat = self.match.state, self.match.to_move()
        start = state.positions[seat]
        if not self.plan_actions:
            return [start]
        full = state.plan_path(seat, self.padded())
        return [start] + list(full[: len(self.plan_actions)])

    def preview(self, state, seat: int, plan: Plan):
        """``state.preview`` of the plan being edited, kept while nothing changes (it
        resolves a whole round; the editor draws it every frame)."""
        key = (id(state), seat, plan)
        if self._preview_key != key:
            try:
                self._preview = state.preview(seat, plan)
            except Exception:  # noqa: BLE001 - no preview for a plan the engine refuses
                self._preview = None
            self._preview_key = key
        return self._preview

    def path_end(self) -> int:
        return self.path()[-1]

    def reset_editor(self, key) -> None:
        self.editor_for = key
        self.plan_switch = False
        self.plan_actions = []
        self.ray_aim = False
        self.pick = None
        self.pending_stay = self.dragging = False
        state = self.match.state
        seat = key[1]
        if state.round >= 1 and state.positions[seat] >= 0:
            self.cursor = state.positions[seat]

    def sync_editor(self) -> None:
        mode = self.mode()
        if mode in ("setup", "plan"):
            key = (self.match.state.round, self.match.to_move())
            if self.editor_for != key:
                self.reset_editor(key)

    def add_action(self, token: str) -> bool:
        state, seat = self.match.state, self.match.to_move()
        segs = self.segments()
        if len(self.plan_actions) >= segs:
            self.say(
                f"All {segs} actions are set: submit the plan (Shift+Enter), or take one back "
                f"(Backspace)",
                "warning",
            )
            self.app.sound.play("error")
            return False
        trial = self.plan_actions + [token]
        reason = state.why_illegal(self.padded(trial), seat)
        if reason:
            self.say(reason, "error")
            self.app.sound.play("error")
            return False
        self.plan_actions = trial
        self.ray_aim = False
        self.cursor = self.path_end()
        self.app.sound.play("click")
        return True

    def refuse_cell(self, cell: int) -> None:
        """Say why ``cell`` cannot be the next action, in the engine's words."""
        state, seat = self.match.state, self.match.to_move()
        end = self.path_end()
        k = len(self.plan_actions)
        token = offset_token(end, cell)
        reason = None
        if token:
            reason = state.why_illegal(self.padded(self.plan_actions + [token]), seat)
        elif (
            k > 0
            and state.variation().ray_first
            and (cell % SIZE == end % SIZE or cell // SIZE == end // SIZE)
        ):
            direction = next(
                d
                for d, (dc, dr) in RAY_DIRECTIONS.items()
                if (cell % SIZE - end % SIZE) * dc + (cell // SIZE - end // SIZE) * dr > 0
            )
            reason = state.why_illegal(self.padded(self.plan_actions + [f"ray {direction}"]), seat)
        if not reason:
            reason = (
                f"Segment {k + 1} from {cell_name(end)}: choose a highlighted tile. "
                f"This round: {state.variation().allowed}"
            )
        self.say(reason, "error")
        self.app.sound.play("error")

    def act_on(self, cell: int) -> None:
        """A click, tap or Enter on a tile."""
        mode = self.mode()
        state, seat = self.match.state, self.match.to_move()
        if mode == "setup":
            self.cursor = cell
            if self.pick == cell:
                self.confirm_start()
                return
            reason = state.why_illegal(StartPick(cell), seat)
            if reason:
                self.say(reason, "error")
                self.app.sound.play("error")
                return
            self.pick = cell
            self.app.sound.play("click")
            return
        if mode != "plan":
            return
        k = len(self.plan_actions)
        if k >= self.segments():
            self.add_action(STAY)  # says that the plan is full
            return
        end = self.path_end()
        menu = state.menu(end, k)
        if self.ray_aim:
            for a in menu:
                if a.kind == "ray" and cell in a.entered:
                    self.add_action(a.token)
                    return
            self.say(
                "Aim the ray at a tile straight up, down, left or right of you (or press R to "
                "stop aiming)",
                "warning",
            )
            return
        if cell == end:
            self.add_action(STAY)
            return
        for a in menu:
            if a.kind in ("step", "jump") and a.dest == cell:
                self.add_action(a.token)
                return
        for a in menu:
            if a.kind == "ray" and cell in a.entered:
                self.add_action(a.token)
                return
        self.refuse_cell(cell)

    def fire_ray(self, direction: str) -> None:
        if self.mode() != "plan":
            return
        self.add_action(f"ray {direction}")

    def toggle_ray_aim(self) -> None:
        state = self.match.state
        if self.plan_actions or not state.variation().ray_first:
            # Let the engine say why a ray does not fit here.
            trial = self.plan_actions + ["ray N"]
            if len(trial) <= self.segments():
                reason = state.why_illegal(self.padded(trial), self.match.to_move())
                if reason:
                    self.say(reason, "error")
                    self.app.sound.play("error")
                    return
        self.ray_aim = not self.ray_aim
        if self.ray_aim:
            self.say("Ray: press an arrow key or click a tile in that direction", "info")
        self.app.sound.play("click")

    def set_switch(self, switch: bool) -> None:
        self.plan_switch = switch
        self.app.sound.play("click")

    def undo_step(self) -> None:
        if self.mode() != "plan":
            return
        if self.plan_actions:
            self.plan_actions.pop()
            self.cursor = self.path_end()
            self.app.sound.play("back")
        elif self.ray_aim:
            self.ray_aim = False
        else:
            self.say("The plan is empty: click a highlighted tile to add an action", "warning")

    def clear_plan(self) -> None:
        if self.mode() == "plan":
            self.plan_actions = []
            self.ray_aim = False
            self.cursor = self.path_end()
            self.app.sound.play("back")

    def use_hint(self) -> None:
        if self.mode() == "plan" and isinstance(self.hint, Plan):
            self.plan_switch = self.hint.switch
            self.plan_actions = list(self.hint.actions)
            self.ray_aim = False
            self.cursor = self.path_end()
            self.app.sound.play("click")

    def submit_plan(self) -> None:
        if self.mode() != "plan":
            return
        plan = self.padded()
        seat = self.match.to_move()
        if self.try_move(plan):
            self.editor_for = None
            self.unlocked = None
            if self.hot_seat():
                self.say(f"Player {seat + 1}'s plan is in", "good")
            else:
                self.say("Plan submitted: waiting for the others", "good")

    def confirm_start(self) -> None:
        if self.mode() != "setup":
            return
        if self.pick is None:
            self.say("Choose a start tile first: click a highlighted tile", "warning")
            return
        seat = self.match.to_move()
        if self.try_move(StartPick(self.pick)):
            self.editor_for = None
            self.unlocked = None
            if self.hot_seat():
                self.say(f"Player {seat + 1} has picked", "good")

    def lift_curtain(self) -> None:
        seat = self.curtain_seat()
        if seat is not None:
            self.unlocked = (self.match.state.round, seat)
            self.app.sound.play("click")

    def close_summary(self) -> None:
        if self.summary_round is None:
            return
        self.summary_round = None
        self.app.sound.play("click")
        if self.results_pending:
            self.results_pending = False
            self._open_results()

    # -- on-screen buttons ----------------------------------------------------------
    def editor_layout(self) -> dict:
        """y positions of the plan editor's parts (they move with the allowed text)."""
        state = self.match.state
        v = state.variation()
        allowed = v.allowed.split(": ", 1)[-1]
        lines = wrapped(self.app.theme, allowed, 14, SIDE.w - 16)
        y = SIDE.y
        lay = {
            "label": y + 4,
            "toggle": y + 26,
            "slots": y + 92,
            "allowed": y + 166,
            "allowed_lines": lines,
        }
        y = lay["allowed"] + 20 + 18 * len(lines) + 6
        lay["rays"] = None
        if v.ray_first and not self.plan_actions:
            lay["rays"] = y
            y += 48 + 6
        lay["preview"] = y + 14
        return lay

    def controls(self) -> list[tuple[str, pygame.Rect, bool]]:
        """(name, rect, enabled) of the buttons drawn this frame; tests click these."""
        mode = self.mode()
        out: list[tuple[str, pygame.Rect, bool]] = []
        x, w = SIDE.x, SIDE.w
        if mode == "curtain":
            r = pygame.Rect(0, 0, 460, 68)
            r.center = (BOARD_AREA.centerx, BOARD_AREA.y + 414)
            out.append(("reveal", r, True))
        elif mode == "summary":
            r = pygame.Rect(0, 0, 260, 54)
            r.bottomright = (BOARD_AREA.right - 22, BOARD_AREA.bottom - 14)
            out.append(("continue", r, True))
        elif mode == "setup":
            out.append(("start", pygame.Rect(x, SIDE.bottom - 58, w, 58), self.pick is not None))
        elif mode == "plan":
            lay = self.editor_layout()
            half = (w - 10) // 2
            out.append(("keep", pygame.Rect(x, lay["toggle"], half, 56), True))
            out.append(("switch", pygame.Rect(x + half + 10, lay["toggle"], half, 56), True))
            if lay["rays"] is not None:
                bw = (w - 3 * 8) // 4
                for i, d in enumerate("NESW"):
                    out.append(
                        (f"ray {d}", pygame.Rect(x + i * (bw + 8), lay["rays"], bw, 48), True)
                    )
            if isinstance(self.hint, Plan):
                out.append(
                    ("use_hint", pygame.Rect(SIDE.right - 116, lay["preview"] - 8, 112, 44), True)
                )
            half = (w - 8) // 2
            y = SIDE.bottom - 58 - 10 - 48
            out.append(("undo_step", pygame.Rect(x, y, half, 48), bool(self.plan_actions)))
            out.append(("clear", pygame.Rect(x + half + 8, y, half, 48), bool(self.plan_actions)))
            out.append(("submit", pygame.Rect(x, SIDE.bottom - 58, w, 58), True))
        return out

    def control_rect(self, name: str) -> pygame.Rect:
        for n, r, _ in self.controls():
            if n == name:
                return r
        raise KeyError(name)

    def press(self, name: str) -> None:
        if name == "reveal":
            self.lift_curtain()
        elif name == "continue":
            self.close_summary()
        elif name == "start":
            self.confirm_start()
        elif name == "keep":
            self.set_switch(False)
        elif name == "switch":
            self.set_switch(True)
        elif name.startswith("ray "):
            self.fire_ray(name[4:])
        elif name == "undo_step":
            self.undo_step()
        elif name == "clear":
            self.clear_plan()
        elif name == "use_hint":
            self.use_hint()
        elif name == "submit":
            self.submit_plan()

    # -- the button focus (keys and game controllers) -------------------------------
    def focus_targets(self) -> list[tuple[str, pygame.Rect, bool]]:
        """(name, rect, enabled) of every button the focus ring can visit now: this
        view's controls and the base's panel buttons (Hint, Undo, Rules, Menu)."""
        if self.mode() in ("curtain", "reveal", "over"):
            return []
        out = list(self.controls())
        for el in self.ui.get_root_container().elements:
            if id(el) in self.buttons and el.visible:
                out.append((f"panel:{el.text.lower()}", pygame.Rect(el.rect), el.is_enabled))
        return out

    def focus_rect(self) -> pygame.Rect | None:
        for name, rect, _ in self.focus_targets():
            if name == self.focus:
                return rect
        return None

    def check_focus(self) -> None:
        """Drop the focus when its button is gone (a new phase, the rays after the
        first action, Continue after the summary)."""
        if self.focus is not None and self.focus_rect() is None:
            self.focus = None

    def move_focus(self, dx: int, dy: int) -> None:
        """Move the focus to the nearest button in the direction (dx, dy); from the
        board it starts at the cursor's tile.  Left past the leftmost button goes back
        to the board (where there is a board cursor)."""
        targets = self.focus_targets()
        if not targets:
            return
        mode = self.mode()
        origin = self.focus_rect()
        if origin is None:
            if mode == "summary":
                self.focus = next((n for n, _, _ in targets if n == "continue"), targets[0][0])
                self.app.sound.play("hover")
                return
            origin = cell_rect(self.cursor)
        best, best_score = None, None
        for name, rect, _ in targets:
            if name == self.focus:
                continue
            vx, vy = rect.centerx - origin.centerx, rect.centery - origin.centery
            along = vx * dx + vy * dy
            if along <= 0:
                continue
            score = along + 2.5 * (abs(vx * dy) + abs(vy * dx))
            if best_score is None or score < best_score:
                best, best_score = name, score
        if best is not None:
            self.focus = best
            self.app.sound.play("hover")
        elif dx < 0 and self.focus is not None and mode in ("setup", "plan", "wait"):
            self.focus = None  # back to the board cursor
            self.app.sound.play("hover")

    def press_focus(self) -> None:
        """Enter / Space (controller A / X) on the focused button.  A disabled button
        is pressed too: its action says why nothing happens ("Choose a start tile
        first", "Nothing to undo")."""
        name = self.focus
        if name is None:
            return
        self.app.sound.play("click")
        if name.startswith("panel:"):
            for el in self.ui.get_root_container().elements:
                if id(el) in self.buttons and f"panel:{el.text.lower()}" == name:
                    self.buttons[id(el)]()
                    return
            return
        self.press(name)
        self.check_focus()

    def draw_focus(self, surface) -> None:
        rect = self.focus_rect() if self.focus is not None else None
        if rect is None:
            return
        colour = lighten(self.app.theme["focus"], 0.35 * pulse(self.ticks, 0.15))
        pygame.draw.rect(surface, colour, rect.inflate(10, 10), 3, border_radius=14)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self.draw_focus(surface)

    # -- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus = None  # a click or tap takes over from the focus ring
        # A click or key that skips a reveal only skips it (it must not also press the
        # summary's Continue that appears under it).
        self._skipping = (
            event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.animating_resolution()
        )
        super().handle(event)
        self._skipping = False

    def handle_board(self, event: pygame.event.Event) -> None:
        self.sync_editor()  # input may arrive before the first tick of a new decision
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._drag(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pending_stay and self.mode() == "plan":
                self.add_action(STAY)
            self.pending_stay = self.dragging = False
            return
        if self._skipping:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for name, rect, enabled in self.controls():
                if rect.collidepoint(event.pos):
                    if enabled:
                        self.app.sound.play("click")
                        self.press(name)
                    return
            cell = cell_at(event.pos)
            mode = self.mode()
            if cell is None or mode not in ("setup", "plan"):
                return
            self.cursor = cell
            if (
                mode == "plan"
                and not self.ray_aim
                and cell == self.path_end()
                and len(self.plan_actions) < self.segments()
            ):
                self.pending_stay = True  # stay on release, unless the press becomes a drag
                self.dragging, self.drag_cell = True, cell
                return
            self.act_on(cell)
            self.dragging, self.drag_cell = mode == "plan", cell
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def _drag(self, pos) -> None:
        """Drawing the path by dragging across tiles (touch): each new tile that one
        action reaches is added."""
        if not self.dragging or self.mode() != "plan":
            return
        cell = cell_at(pos)
        if cell is None or cell == self.drag_cell:
            return
        self.drag_cell = cell
        k = len(self.plan_actions)
        if k >= self.segments():
            return
        for a in self.match.state.menu(self.path_end(), k):
            if a.kind in ("step", "jump") and a.dest == cell:
                self.pending_stay = False
                self.add_action(a.token)
                return

    def handle_key(self, event: pygame.event.Event) -> None:
        k, mod = event.key, event.mod
        mode = self.mode()
        enter = k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if mode == "curtain":
            if enter:
                self.lift_curtain()
            return
        if mode == "plan" and self.ray_aim and k in KEY_DIRECTION:
            self.fire_ray(KEY_DIRECTION[k])
            return
        self.check_focus()
        if self.focus is not None and (enter or k in ARROW_KEYS):
            if enter:
                self.press_focus()
            else:
                self.move_focus(*ARROW_KEYS[k])
            return
        if mode == "summary":
            if enter:
                self.close_summary()
            elif k in ARROW_KEYS:
                self.move_focus(*ARROW_KEYS[k])
            return
        if k in ARROW_KEYS:
            dx, dy = ARROW_KEYS[k]
            c, r = self.cursor % SIZE + dx, self.cursor // SIZE + dy
            if 0 <= c < SIZE and 0 <= r < SIZE:
                self.cursor = r * SIZE + c
                self.app.sound.play("hover")
            elif dx > 0:
                self.move_focus(1, 0)  # off the right edge: onto the buttons
            return
        if mode == "setup":
            if enter:
                self.act_on(self.cursor)
            return
        if mode != "plan":
            return
        if enter:
            if mod & pygame.KMOD_SHIFT or len(self.plan_actions) >= self.segments():
                self.submit_plan()
            else:
                self.act_on(self.cursor)
        elif k == pygame.K_BACKSPACE:
            self.undo_step()
        elif k == pygame.K_DELETE:
            self.clear_plan()
        elif k == pygame.K_TAB:
            self.set_switch(not self.plan_switch)
        elif k == pygame.K_s:
            self.cursor = self.path_end()
            self.add_action(STAY)
        elif k == pygame.K_r:
            self.toggle_ray_aim()

    # -- base hooks -----------------------------------------------------------------
    def bot_delay_ticks(self, state) -> int:
        # Secret submissions show nothing; the reveal is what people watch.
        return 0

    def _drive_bots(self) -> None:
        m = self.match
        # The bot whose plan would resolve the next round waits for the summary to close,
        # so its reveal never hides the summary being read.
        missing = sum(1 for s in range(m.state.num_players) if not m.state.submitted(s))
        if self.summary_round is not None and not m.is_over() and missing <= 1:
            return
        super()._drive_bots()

    def request_hint(self) -> None:
        """H asks the Hard bot for a hint; H again while its route is shown takes it."""
        if (
            self.mode() == "plan"
            and isinstance(self.hint, Plan)
            and self.hint in self.match.state.legal_moves()
        ):
            self.use_hint()
            self.say("Hint taken into the editor: change it or submit it", "info")
            return
        if (
            self.mode() == "setup"
            and isinstance(self.hint, StartPick)
            and self.pick != self.hint.cell
        ):
            self.pick = self.cursor = self.hint.cell
            self.say(
                f"Hint chosen: {cell_name(self.hint.cell)}; press Enter to start there", "info"
            )
            return
        if self.mode() not in ("setup", "plan"):
            self.say(
                "Hints are for your own plan"
                if self.mode() != "curtain"
                else "Lift the curtain first: hints are secret too",
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
                except Exception:  # noqa: BLE001 - a stale entry only loses the convenience
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

    def update_view(self) -> None:
        self.sync_editor()
        self.check_focus()
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
            and is_resolution(self.anim[0], self.anim[1])
            and self.anim[0].round >= 1
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
        self.app.replace(ElementShiftResults(self.app, self.match, seat_colour=self.seat_colour))

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
        m = self.match
        mode = self.mode()
        state = m.state
        if mode == "over":
            out = state.outcome()
            return out.reason if out else "Game over"
        if mode == "reveal":
            pairs = ([self.anim[:2]] if self.anim else []) + [(o, n) for o, n, _, _ in self.queue]
            old = next(o for o, n in pairs if is_resolution(o, n))
            if old.round == 0:
                return "Start tiles revealed"
            phase = self.reveal_phase()
            rnd = old.round
            segs = VARIATIONS[rnd].segments
            if phase is None or phase[0] == "intro":
                return f"Round {rnd}: the plans are revealed"
            if phase[0] == "flip":
                return f"Round {rnd}, segment {phase[1] + 1} of {segs}: tiles change"
            if phase[0] == "hold":
                return f"Round {rnd}: scoring"
            return f"Round {rnd}, segment {phase[1] + 1} of {segs}"
        if mode == "summary":
            return f"Round {self.summary_round} scored: Continue (Enter) when ready"
        seat = m.to_move()
        name = f"Player {seat + 1}"
        if mode == "curtain":
            return f"Pass the device to {name}"
        if mode == "setup":
            return f"{name}: pick a start tile on any {ELEMENT_NAMES[state.elements[seat]]} tile"
        if mode == "plan":
            return (
                f"{name}: plan round {state.round} ({len(self.plan_actions)} of "
                f"{state.segments()} actions)"
            )
        done = sum(1 for s in range(state.num_players) if self.is_in(state, s))
        what = "start picks" if state.round == 0 else "plans"
        return f"Waiting for {what}: {done} of {state.num_players} in"

    def log_lines(self) -> list[tuple[int, str]]:
        """Resolved rounds show every plan; the round being planned shows only who has
        submitted (plans are secret until the reveal)."""
        m = self.match
        lines = []
        now = m.state.round
        for i, entry in enumerate(m.entries):
            rnd = m.states[i].round
            if rnd < now or m.is_over():
                label = "start" if rnd == 0 else f"R{rnd}"
                text = entry.text if rnd >= 1 else entry.text.replace("start ", "")
                lines.append((entry.seat, f"{label}  P{entry.seat + 1}: {text}"))
            else:
                what = "picked a start tile" if rnd == 0 else "submitted a plan"
                lines.append((entry.seat, f"P{entry.seat + 1} {what}"))
        return lines

    # -- drawing: the board ---------------------------------------------------------
    def draw_board(self, surface: pygame.Surface, state, alpha: float) -> None:
        mode = self.mode()
        self.draw_strip(surface, state, mode)
        if mode == "curtain":
            self.draw_curtain(surface)
            return
        self.draw_tiles(surface, state.board)
        seat = self.match.to_move()
        if state.round == 0:
            if mode == "setup":
                self.draw_setup_overlay(surface, state, seat)
        else:
            ghost = None
            if mode == "plan":
                self.draw_plan_overlay(surface, state, seat)
            elif (
                mode == "wait"
                and self.me is not None
                and state.round >= 1
                and state.submitted(self.me)
            ):
                pend = state.pending[self.me]
                if isinstance(pend, Plan):
                    self.draw_path(
                        surface, state, self.me, pend.switch, list(pend.actions), faint=True
                    )
            self.draw_tokens(surface, state.positions, state.elements, ghost)
            if mode == "plan":
                self.draw_plan_ghost(surface, state, seat)
        if mode in ("setup", "plan"):
            self.draw_cursor(surface)
        self.draw_side(surface, state, mode)
        if mode == "summary":
            self.draw_summary(surface)

    def draw_tiles(self, surface, board) -> None:
        theme = self.app.theme
        frame = BOARD.inflate(10, 10)
        pygame.draw.rect(
            surface, darken(theme["panel_edge"], 0.3), frame.move(0, 4), border_radius=10
        )
        pygame.draw.rect(surface, theme["panel_edge"], frame, border_radius=10)
        surface.blit(render_board(theme, board, CELL, self.glyphs), BOARD.topleft)
        self.draw_labels(surface)

    def draw_labels(self, surface) -> None:
        theme = self.app.theme
        dim = theme["text_dim"]
        for i in range(SIZE):
            put_text(
                surface,
                theme,
                LETTERS[i],
                14,
                dim,
                (BOARD.x + i * CELL + CELL / 2, BOARD.y - 4),
                "midbottom",
            )
            put_text(
                surface,
                theme,
                str(i + 1),
                14,
                dim,
                (BOARD.x - 8, BOARD.y + i * CELL + CELL / 2),
                "midright",
            )

    def draw_tokens(self, surface, positions, elements, ghost=None, layout=None, alpha=255) -> None:
        theme = self.app.theme
        layout = layout or token_layout(positions)
        for seat in sorted(layout, key=lambda s: (layout[s][1], s)):
            x, y, r = layout[seat]
            blit_token(surface, theme, seat, elements[seat], (x, y), r, self.glyphs, alpha)

    def draw_cursor(self, surface) -> None:
        theme = self.app.theme
        r = cell_rect(self.cursor).inflate(2, 2)
        if self.focus is None:
            colour = lighten(theme["focus"], 0.35 * pulse(self.ticks, 0.15))
            pygame.draw.rect(surface, colour, r, 3, border_radius=6)
        else:  # the focus ring is on a button: the cursor waits, dimmed
            pygame.draw.rect(surface, theme["text_dim"], r, 1, border_radius=6)
        hover = cell_at(self.mouse)
        if hover is not None and hover != self.cursor:
            pygame.draw.rect(
                surface, (240, 240, 255), cell_rect(hover).inflate(-2, -2), 1, border_radius=5
            )

    def draw_setup_overlay(self, surface, state, seat: int) -> None:
        theme = self.app.theme
        element = state.elements[seat]
        dim = _cached(
            ("dim", tuple(state.board), element), lambda: self._dim_mask(state.board, element)
        )
        surface.blit(dim, BOARD.topleft)
        if self.pick is not None:
            region = state.region_cells(self.pick)
            glow = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
            glow.fill((255, 255, 255, 40))
            for c in region:
                surface.blit(glow, cell_rect(c).topleft)
            cx, cy = cell_center(self.pick)
            blit_token(
                surface,
                theme,
                seat,
                element,
                (cx, cy - 4 * pulse(self.ticks, 0.12)),
                int(CELL * 0.31),
                self.glyphs,
                230,
            )
        if isinstance(self.hint, StartPick):
            pygame.draw.rect(
                surface,
                theme["accent_2"],
                cell_rect(self.hint.cell).inflate(6, 6),
                3,
                border_radius=8,
            )

    def _dim_mask(self, board, element: int) -> pygame.Surface:
        s = pygame.Surface(BOARD.size, pygame.SRCALPHA)
        for c in range(CELLS):
            if board[c] != element:
                s.fill((8, 10, 20, 170), cell_rect(c, pygame.Rect(0, 0, 0, 0)))
        return s

    def draw_plan_overlay(self, surface, state, seat: int) -> None:
        theme = self.app.theme
        k = len(self.plan_actions)
        segs = state.segments()
        element = beater(state.elements[seat]) if self.plan_switch else state.elements[seat]
        # tiles the plan would convert if nobody else moved
        preview = self.preview(state, seat, self.padded())
        if preview is not None:
            el_col = element_colour(theme, element)
            conv = set(preview.converts)
            for c in preview.entered:
                r = cell_rect(c)
                if c in conv:
                    tri = [
                        (r.right - 3, r.y + 10),
                        (r.right - 3, r.bottom - 3),
                        (r.x + 10, r.bottom - 3),
                    ]
                    pygame.draw.polygon(surface, el_col, tri)
                    pygame.draw.polygon(surface, lighten(el_col, 0.6), tri, 2)
                pygame.draw.rect(
                    surface, lighten(el_col, 0.5), r.inflate(-4, -4), 2, border_radius=4
                )
        # where the next action can go
        if k < segs:
            end = self.path_end()
            t = pulse(self.ticks, 0.14)
            for a in state.menu(end, k):
                if a.kind in ("step", "jump"):
                    r = cell_rect(a.dest).inflate(-8, -8)
                    colour = (
                        lighten((230, 235, 255), 0.0) if a.kind == "step" else theme["accent_2"]
                    )
                    pygame.draw.rect(surface, colour, r, 2 + int(t * 1.5), border_radius=8)
                    if a.kind == "jump":
                        put_text(
                            surface,
                            theme,
                            a.token,
                            12,
                            theme["accent_2"],
                            (r.centerx, r.bottom - 3),
                            "midbottom",
                        )
                elif a.kind == "ray":
                    self.draw_ray(
                        surface,
                        end,
                        a.token[4:],
                        element,
                        1.0,
                        strength=0.9 if self.ray_aim else 0.35,
                    )
        self.draw_path(surface, state, seat, self.plan_switch, self.plan_actions)
        if isinstance(self.hint, Plan):
            self.draw_path(
                surface, state, seat, self.hint.switch, list(self.hint.actions), hint=True
            )

    def draw_path(
        self,
        surface,
        state,
        seat: int,
        switch: bool,
        actions: list[str],
        faint: bool = False,
        hint: bool = False,
    ) -> None:
        """The plan's route: lines between tiles, numbered stops, ray beams."""
        theme = self.app.theme
        if not actions:
            return
        segs = state.segments()
        plan = Plan(switch, tuple(list(actions) + [STAY] * (segs - len(actions))))
        try:
            dests = state.plan_path(seat, plan)[: len(actions)]
        except Exception:  # noqa: BLE001
            return
        element = beater(state.elements[seat]) if switch else state.elements[seat]
        colour = theme["accent_2"] if hint else lighten(element_colour(theme, element), 0.45)
        width = 3 if (faint or hint) else 5
        prev = state.positions[seat]
        stops: dict[int, list[int]] = {}
        for i, (tok, dest) in enumerate(zip(actions, dests)):
            if tok.startswith("ray "):
                self.draw_ray(surface, prev, tok[4:], element, 1.0, strength=0.5 if faint else 1.0)
            elif dest != prev:
                a, b = cell_center(prev), cell_center(dest)
                if not faint and not hint:
                    pygame.draw.line(surface, (10, 10, 20), a, b, width + 4)
                pygame.draw.line(surface, colour, a, b, width)
                # an arrow head halfway
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                ang = math.atan2(b[1] - a[1], b[0] - a[0])
                hs = 9
                head = [
                    (mx + hs * math.cos(ang), my + hs * math.sin(ang)),
                    (mx + hs * math.cos(ang + 2.5), my + hs * math.sin(ang + 2.5)),
                    (mx + hs * math.cos(ang - 2.5), my + hs * math.sin(ang - 2.5)),
                ]
                pygame.draw.polygon(surface, colour, head)
            stops.setdefault(dest, []).append(i + 1)
            prev = dest
        font_col = (12, 12, 22)
        for cell, nums in stops.items():
            r = cell_rect(cell)
            label = ",".join(str(n) for n in nums)
            img = text_image(theme, label, 13, font_col)
            box = pygame.Rect(0, 0, max(18, img.get_width() + 8), 18)
            box.topleft = (r.x + 2, r.y + 2) if not hint else (r.x + 2, r.bottom - 20)
            pygame.draw.rect(surface, colour, box, border_radius=9)
            surface.blit(img, img.get_rect(center=box.center))

    def draw_plan_ghost(self, surface, state, seat: int) -> None:
        """The planner's token pulsing at the start and a ghost at the path's end."""
        theme = self.app.theme
        element = beater(state.elements[seat]) if self.plan_switch else state.elements[seat]
        start = state.positions[seat]
        r = cell_rect(start).inflate(4, 4)
        pygame.draw.rect(
            surface, lighten(theme["accent"], 0.3 * pulse(self.ticks)), r, 2, border_radius=8
        )
        end = self.path_end()
        if end != start or self.plan_switch:
            cx, cy = cell_center(end)
            blit_token(surface, theme, seat, element, (cx, cy), int(CELL * 0.3), self.glyphs, 170)

    def draw_ray(
        self, surface, cell: int, direction: str, element: int, reach: float, strength: float = 1.0
    ) -> None:
        """A beam from the tile next to ``cell`` towards the edge; ``reach`` 0..1 sweeps it."""
        theme = self.app.theme
        dc, dr = RAY_ARROWS[direction]
        cx, cy = cell_center(cell)
        n = 0
        c, r = cell % SIZE + dc, cell // SIZE + dr
        while 0 <= c < SIZE and 0 <= r < SIZE:
            n += 1
            c, r = c + dc, r + dr
        if n == 0:
            return
        length = (n * CELL - CELL * 0.1) * max(0.0, min(1.0, reach))
        start = (cx + dc * CELL * 0.45, cy + dr * CELL * 0.45)
        end = (start[0] + dc * length, start[1] + dr * length)
        col = lighten(element_colour(theme, element), 0.35)
        # a layer just large enough for the beam (drawn every frame of a reveal)
        box = pygame.Rect(
            min(start[0], end[0]) - 20,
            min(start[1], end[1]) - 20,
            abs(end[0] - start[0]) + 40,
            abs(end[1] - start[1]) + 40,
        )
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        s0 = (start[0] - box.x, start[1] - box.y)
        e0 = (end[0] - box.x, end[1] - box.y)
        a = int(255 * strength)
        pygame.draw.line(layer, (*col[:3], a // 3), s0, e0, 16)
        pygame.draw.line(layer, (*col[:3], a), s0, e0, 6)
        pygame.draw.line(layer, (255, 255, 255, a), s0, e0, 2)
        if length > 4:
            ang = math.atan2(dr, dc)
            hs = 12
            head = [
                (e0[0] + hs * math.cos(ang), e0[1] + hs * math.sin(ang)),
                (e0[0] + hs * math.cos(ang + 2.4), e0[1] + hs * math.sin(ang + 2.4)),
                (e0[0] + hs * math.cos(ang - 2.4), e0[1] + hs * math.sin(ang - 2.4)),
            ]
            pygame.draw.polygon(layer, (*col[:3], a), head)
        surface.blit(layer, box.topleft)

    def draw_hint(self, surface, move) -> None:
        """Drawn with the plan overlay (the hint's route in cyan); nothing extra."""

    # -- drawing: the reveal --------------------------------------------------------
    def draw_transition(self, surface, old, new, move, t: float) -> None:
        if not is_resolution(old, new):
            self.draw_board(surface, new, 0.0)
            return
        self.draw_strip(surface, old, "reveal")
        if old.round == 0:
            self.draw_setup_reveal(surface, new, t)
        else:
            self.draw_round_reveal(surface, old, new, t)
        self.draw_side(surface, new, "reveal", old=old, t=t)

    def draw_setup_reveal(self, surface, new, t: float) -> None:
        self.draw_tiles(surface, new.board)
        theme = self.app.theme
        layout = token_layout(new.positions)
        total = SETUP_REVEAL_TICKS
        tick = t * total
        for seat in sorted(layout, key=lambda s: (layout[s][1], s)):
            x, y, r = layout[seat]
            start = seat * 4
            u = max(0.0, min(1.0, (tick - start) / 30))
            if u <= 0:
                continue
            drop = (1 - ease_out_back(u)) * 60
            blit_token(
                surface,
                theme,
                seat,
                new.elements[seat],
                (x, y - drop),
                r,
                self.glyphs,
                int(255 * min(1.0, u * 2)),
            )

    def draw_round_reveal(self, surface, old, new, t: float) -> None:
        theme = self.app.theme
        trace = new.last_trace
        phases, total = reveal_timeline(trace)
        tick = t * total
        phase = phases[-1]
        for p in phases:
            if p[2] <= tick < p[2] + p[3]:
                phase = p
                break
        kind, seg, start, length = phase
        u = max(0.0, min(1.0, (tick - start) / length))
        # the board at this moment: after the changes of every segment already flipped
        if kind == "intro":
            board = trace.board_before
        elif kind in ("move", "flip"):
            board = trace.boards[seg - 1] if seg > 0 else trace.board_before
        else:
            board = trace.boards[-1]
        self.draw_tiles(surface, board)
        if kind == "flip":
            for conv in trace.conversions[seg]:
                self.draw_flip(surface, conv.cell, conv.old, conv.new, u)
        # tiles entered since the last change (and not yet changed), outlined in the
        # element of the player who entered them
        upto = {"move": seg, "flip": seg + 1}.get(kind, 0)
        last_change = max((s for s in range(min(upto, seg)) if trace.conversions[s]), default=-1)
        marks: dict[int, int] = {}
        for s in range(last_change + 1, upto):
            for who, cell in trace.entered[s]:
                marks[cell] = trace.elements[who]
        if kind == "move" and u > 0.6:
            for who, cell in trace.entered[seg]:
                marks[cell] = trace.elements[who]
        if kind != "hold":
            for cell, el in marks.items():
                pygame.draw.rect(
                    surface,
                    lighten(element_colour(theme, el), 0.55),
                    cell_rect(cell).inflate(-6, -6),
                    2,
                    border_radius=5,
                )
        # rays sweeping in this segment
        if kind == "move":
            for ray in trace.rays:
                if ray.segment == seg:
                    src = (
                        trace.positions[seg - 1][ray.seat]
                        if seg > 0
                        else trace.start_positions[ray.seat]
                    )
                    self.draw_ray(
                        surface, src, ray.direction, trace.elements[ray.seat], ease(u * 1.4)
                    )
        # tokens
        if kind == "intro":
            before = token_layout(trace.start_positions)
            elements = trace.elements_before if u < 0.5 else trace.elements
            self.draw_tokens(surface, trace.start_positions, elements, layout=before)
            if u < 1.0:
                for seat, (x, y, r) in before.items():
                    if trace.elements_before[seat] != trace.elements[seat]:
                        ring = r + 2 + 5 * math.sin(math.pi * u)
                        pygame.draw.circle(
                            surface,
                            lighten(element_colour(theme, trace.elements[seat]), 0.4),
                            (x, y),
                            ring,
                            2,
                        )
        elif kind == "move":
            a_pos = trace.positions[seg - 1] if seg > 0 else trace.start_positions
            b_pos = trace.positions[seg]
            la, lb = token_layout(a_pos), token_layout(b_pos)
            e = ease(u)
            moving = {}
            for seat in lb:
                ax, ay, ar = la[seat]
                bx, by, br = lb[seat]
                hop = math.sin(math.pi * e) * CELL * (0.55 if a_pos[seat] != b_pos[seat] else 0.0)
                moving[seat] = (
                    ax + (bx - ax) * e,
                    ay + (by - ay) * e - hop,
                    round(ar + (br - ar) * e),
                )
            self.draw_tokens(surface, b_pos, trace.elements, layout=moving)
        else:
            self.draw_tokens(
                surface,
                trace.positions[-1] if kind == "hold" else trace.positions[seg],
                trace.elements,
            )
        if kind == "hold":
            self.draw_score_pops(surface, new, u)

    def draw_flip(self, surface, cell: int, old_el: int, new_el: int, u: float) -> None:
        """A tile turning over: the old element shrinks to an edge, the new one grows."""
        theme = self.app.theme
        r = cell_rect(cell)
        pygame.draw.rect(surface, darken(element_colour(theme, new_el), 0.7), r)
        e = ease(u)
        el = old_el if e < 0.5 else new_el
        h = max(1, int(CELL * abs(math.cos(math.pi * e))))
        spr = tile_sprite(theme, el, CELL, self.glyphs)
        squashed = pygame.transform.scale(spr, (CELL, h))
        surface.blit(squashed, (r.x, r.centery - h // 2))
        if e > 0.5:
            glow = lighten(element_colour(theme, new_el), 0.6)
            pygame.draw.rect(
                surface, glow, r.inflate(int(8 * (1 - e)), int(8 * (1 - e))), 2, border_radius=4
            )

    def draw_score_pops(self, surface, new, u: float) -> None:
        """'+12' over each token as the round is scored."""
        theme = self.app.theme
        lines = new.breakdowns[-1]
        layout = token_layout(new.positions)
        for seat, (x, y, r) in layout.items():
            pts = lines[seat].total
            if pts <= 0:
                continue
            rise = 18 * ease(u)
            img = text_image(theme, f"+{pts}", 15, theme["accent"])
            pos = (x, y - r - 6 - rise)
            shadow = text_image(theme, f"+{pts}", 15, (0, 0, 0))
            surface.blit(shadow, shadow.get_rect(midbottom=(pos[0] + 1, pos[1] + 2)))
            surface.blit(img, img.get_rect(midbottom=pos))

    # -- drawing: the variation banner and the editor column -------------------------
    def draw_strip(self, surface, state, mode: str) -> None:
        """The round's variation as a banner: its name and rule in the engine's words."""
        theme = self.app.theme
        panel(surface, STRIP, theme, fill="panel", edge="accent_2", alpha=235, width=2, radius=12)
        rnd = state.round
        if rnd == 0:
            title, badge = "Setup: pick a start tile", "0"
            rule = (
                "Every player secretly picks a tile of their own element to start on. Several "
                "players may share a tile; the picks are revealed together."
            )
        else:
            v = VARIATIONS[min(rnd, ROUNDS)]
            title = f"Round {v.round} of {ROUNDS}: {v.name}"
            rule = v.rule if v.round > 1 else "No variation this round."
            badge = str(v.round)
        cx, cy = STRIP.x + 30, STRIP.centery
        pygame.draw.circle(surface, theme["accent"], (cx, cy), 20)
        pygame.draw.circle(surface, darken(theme["accent"], 0.4), (cx, cy), 20, 2)
        put_text(surface, theme, badge, 24, (20, 20, 30), (cx, cy + 1), "center", kind="display")
        put_text(
            surface,
            theme,
            title,
            21,
            theme["accent"],
            (STRIP.x + 60, STRIP.y + 3),
            kind="display",
            max_width=STRIP.w - 72,
        )
        for i, line in enumerate(wrapped(theme, rule, 15, STRIP.w - 76)[:2]):
            put_text(
                surface,
                theme,
                line,
                15,
                theme["text"],
                (STRIP.x + 60, STRIP.y + 27 + 17 * i),
                kind="regular",
            )

    def draw_button(
        self,
        surface,
        rect: pygame.Rect,
        label: str,
        enabled: bool = True,
        *,
        primary: bool = False,
        selected: bool = False,
        size: int = 18,
        icon=None,
    ) -> None:
        theme = self.app.theme
        hover = enabled and rect.collidepoint(self.mouse)
        if primary and enabled:
            fill = lighten(theme["accent"], 0.15) if hover else theme["accent"]
            ink = (20, 20, 32)
        elif selected:
            fill = lighten(theme["panel"], 0.22)
            ink = theme["text"]
        else:
            fill = lighten(theme["panel"], 0.12 if hover else 0.05)
            ink = theme["text"] if enabled else darken(theme["text_dim"], 0.3)
        pygame.draw.rect(surface, darken(fill, 0.5), rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, fill, rect, border_radius=10)
        edge = (
            theme["accent"]
            if selected
            else (theme["panel_edge"] if not primary else darken(theme["accent"], 0.3))
        )
        pygame.draw.rect(surface, edge, rect, 3 if selected else 2, border_radius=10)
        if icon is not None:
            icon(surface, rect)
        else:
            put_text(surface, theme, label, size, ink, rect.center, "center", max_width=rect.w - 10)

    def draw_side(self, surface, state, mode: str, old=None, t: float = 0.0) -> None:
        theme = self.app.theme
        panel(surface, SIDE, theme, fill="background_2", edge="panel_edge", alpha=200, radius=12)
        if mode == "plan":
            self.draw_editor(surface, state)
        elif mode == "setup":
            self.draw_setup_side(surface, state)
        elif mode == "reveal" and old is not None and old.round >= 1:
            self.draw_reveal_side(surface, old, state, t)
        else:
            self.draw_waiting_side(surface, state)

    def draw_editor(self, surface, state) -> None:
        theme = self.app.theme
        seat = self.match.to_move()
        lay = self.editor_layout()
        x0 = SIDE.x + 6
        el = state.elements[seat]
        put_text(
            surface,
            theme,
            f"Player {seat + 1}: your element this round",
            15,
            theme["text_dim"],
            (x0, lay["label"]),
            max_width=SIDE.w - 12,
        )
        controls = self.controls()
        for name, rect, enabled in controls:
            if name in ("keep", "switch"):
                switch = name == "switch"
                result = beater(el) if switch else el
                selected = self.plan_switch == switch

                def icon(surf, r, result=result, switch=switch, selected=selected):
                    element_icon(surf, theme, result, (r.x + 24, r.centery), 15)
                    put_text(
                        surf,
                        theme,
                        "Switch" if switch else "Keep",
                        17,
                        theme["accent"] if selected else theme["text"],
                        (r.x + 46, r.y + 8),
                    )
                    put_text(
                        surf,
                        theme,
                        f"be {ELEMENT_NAMES[result]}",
                        15,
                        theme["text_dim"],
                        (r.x + 46, r.y + 30),
                        kind="regular",
                    )

                self.draw_button(surface, rect, "", selected=selected, icon=icon)
        # the segment slots
        segs = state.segments()
        k = len(self.plan_actions)
        top = lay["slots"]
        put_text(surface, theme, f"Plan: {k} of {segs} actions", 15, theme["text_dim"], (x0, top))
        gap = 6
        sw = (SIDE.w - 12 - gap * (segs - 1)) // segs
        for i in range(segs):
            r = pygame.Rect(x0 + i * (sw + gap), top + 22, sw, 46)
            filled = i < k
            current = i == k
            fill = lighten(theme["panel"], 0.18) if filled else theme["panel"]
            pygame.draw.rect(surface, fill, r, border_radius=8)
            pygame.draw.rect(
                surface,
                theme["accent"] if current else theme["panel_edge"],
                r,
                3 if current else 2,
                border_radius=8,
            )
            put_text(surface, theme, str(i + 1), 11, theme["text_dim"], (r.x + 5, r.y + 2))
            if filled:
                tok = self.plan_actions[i]
                size = 18 if len(tok) <= 2 else (14 if len(tok) <= 4 else 13)
                if tok == STAY:
                    put_text(
                        surface,
                        theme,
                        "stay",
                        13,
                        theme["text_dim"],
                        (r.centerx, r.centery + 5),
                        "center",
                    )
                else:
                    put_text(
                        surface,
                        theme,
                        tok,
                        size,
                        theme["text"],
                        (r.centerx, r.centery + 5),
                        "center",
                        max_width=r.w - 4,
                    )
        # what this round allows, and the ray buttons in round 6
        put_text(surface, theme, "Allowed this round", 15, theme["text_dim"], (x0, lay["allowed"]))
        for i, line in enumerate(lay["allowed_lines"]):
            put_text(
                surface,
                theme,
                line,
                14,
                theme["text"],
                (x0 + 2, lay["allowed"] + 20 + 18 * i),
                kind="regular",
            )
        for name, rect, enabled in controls:
            if name.startswith("ray "):
                d = name[4:]

                def ray_icon(surf, r, d=d):
                    dc, dr = RAY_ARROWS[d]
                    cx, cy = r.centerx - 9, r.centery
                    tip = (cx + dc * 9, cy + dr * 9)
                    pygame.draw.line(surf, theme["accent_2"], (cx - dc * 8, cy - dr * 8), tip, 3)
                    ang = math.atan2(dr, dc)
                    pygame.draw.polygon(
                        surf,
                        theme["accent_2"],
                        [
                            (tip[0] + 6 * math.cos(ang), tip[1] + 6 * math.sin(ang)),
                            (tip[0] + 6 * math.cos(ang + 2.3), tip[1] + 6 * math.sin(ang + 2.3)),
                            (tip[0] + 6 * math.cos(ang - 2.3), tip[1] + 6 * math.sin(ang - 2.3)),
                        ],
                    )
                    put_text(surf, theme, d, 17, theme["text"], (r.right - 15, r.centery), "center")

                self.draw_button(surface, rect, "", selected=self.ray_aim, icon=ray_icon)
        # the preview: this plan if nobody else moved
        py = lay["preview"]
        preview = self.preview(state, seat, self.padded())
        if preview is not None:
            line = preview.score
            put_text(surface, theme, "If nobody else moved:", 15, theme["text_dim"], (x0, py))
            put_text(
                surface,
                theme,
                plural(line.total, "point"),
                24,
                theme["accent"],
                (x0, py + 20),
                kind="display",
            )
            detail = line.explain().replace("->", "=")
            for i, ln in enumerate(wrapped(theme, detail, 14, SIDE.w - 16)[:2]):
                put_text(
                    surface,
                    theme,
                    ln,
                    14,
                    theme["text"],
                    (x0 + 2, py + 52 + 18 * i),
                    kind="regular",
                )
            conv = len(preview.converts)
            put_text(
                surface,
                theme,
                f"ends on {cell_name(preview.path[-1])}, turns {plural(conv, 'tile')} "
                f"{ELEMENT_NAMES[preview.element]}",
                14,
                theme["text_dim"],
                (x0 + 2, py + 90),
                kind="regular",
                max_width=SIDE.w - 16,
            )
        for name, rect, enabled in controls:
            if name == "undo_step":
                self.draw_button(surface, rect, "Step back", enabled, size=16)
            elif name == "clear":
                self.draw_button(surface, rect, "Clear", enabled, size=16)
            elif name == "use_hint":
                self.draw_button(surface, rect, "Use hint", enabled, size=15)
            elif name == "submit":
                label = "Submit plan  ›" if k >= segs else "Submit (rest: stay)  ›"
                self.draw_button(surface, rect, label, primary=True, size=19)

    def draw_setup_side(self, surface, state) -> None:
        theme = self.app.theme
        seat = self.match.to_move()
        el = state.elements[seat]
        x = SIDE.x + 10
        put_text(
            surface,
            theme,
            f"Player {seat + 1}",
            24,
            self.seat_colour(seat),
            (x, SIDE.y + 10),
            kind="display",
        )
        element_icon(surface, theme, el, (x + 16, SIDE.y + 62), 16)
        put_text(
            surface, theme, f"You are {ELEMENT_NAMES[el]}", 18, theme["text"], (x + 40, SIDE.y + 50)
        )
        text = (
            f"Choose a start tile: any {ELEMENT_NAMES[el]} tile (the bright ones). Bigger regions score "
            f"more: 2 x region size / players sharing it."
        )
        for i, line in enumerate(wrapped(theme, text, 15, SIDE.w - 20)):
            put_text(
                surface, theme, line, 15, theme["text"], (x, SIDE.y + 92 + 20 * i), kind="regular"
            )
        if self.pick is not None:
            size = len(state.region_cells(self.pick))
            put_text(
                surface,
                theme,
                f"Start on {cell_name(self.pick)}",
                22,
                theme["accent"],
                (x, SIDE.y + 210),
                kind="display",
            )
            put_text(
                surface,
                theme,
                f"region of {plural(size, 'tile')}",
                16,
                theme["text"],
                (x, SIDE.y + 242),
                kind="regular",
            )
            put_text(
                surface,
                theme,
                f"{2 * size} points if you are alone in it",
                16,
                theme["text"],
                (x, SIDE.y + 264),
                kind="regular",
            )
            for i, line in enumerate(
                wrapped(
                    theme,
                    "Click it again, press Enter or Start here to confirm; "
                    "click another bright tile to change.",
                    14,
                    SIDE.w - 20,
                )
            ):
                put_text(
                    surface,
                    theme,
                    line,
                    14,
                    theme["text_dim"],
                    (x, SIDE.y + 294 + 18 * i),
                    kind="regular",
                )
        for name, rect, enabled in self.controls():
            if name == "start":
                self.draw_button(
                    surface,
                    rect,
                    "Start here  ›" if enabled else "Pick a tile",
                    enabled,
                    primary=enabled,
                    size=19,
                )

    def draw_waiting_side(self, surface, state) -> None:
        theme = self.app.theme
        x = SIDE.x + 10
        mode = self.mode()
        if self.match.is_over():
            title = "Game over"
        elif state.round == 0:
            title = "Start picks"
        else:
            title = f"Plans for round {state.round}"
        put_text(
            surface,
            theme,
            title,
            20,
            theme["accent"],
            (x, SIDE.y + 8),
            kind="display",
            max_width=SIDE.w - 20,
        )
        n = state.num_players
        done = sum(1 for s in range(n) if self.is_in(state, s)) if not self.match.is_over() else n
        put_text(surface, theme, f"{done} of {n} in", 15, theme["text_dim"], (x, SIDE.y + 38))
        # a grid of the twelve tokens, checked when in
        for s in range(n):
            col, row = s % 4, s // 4
            cx, cy = x + 26 + col * 60, SIDE.y + 84 + row * 56
            el = state.elements[s]
            in_ = self.match.is_over() or self.is_in(state, s)
            blit_token(surface, theme, s, el, (cx, cy), 17, self.glyphs, 255 if in_ else 90)
            if in_:
                pygame.draw.circle(surface, theme["good"], (cx + 16, cy - 14), 8)
                pygame.draw.lines(
                    surface,
                    (10, 30, 10),
                    False,
                    [(cx + 12, cy - 14), (cx + 15, cy - 11), (cx + 20, cy - 18)],
                    2,
                )
            elif self.match.to_move() == s and mode == "wait":
                ang = self.ticks * 0.15
                pygame.draw.arc(
                    surface,
                    theme["accent"],
                    pygame.Rect(cx - 21, cy - 21, 42, 42),
                    ang,
                    ang + 2.2,
                    3,
                )
        y = SIDE.y + 84 + 3 * 56
        if (
            self.me is not None
            and state.round >= 1
            and state.submitted(self.me)
            and isinstance(state.pending[self.me], Plan)
        ):
            plan = state.pending[self.me]
            put_text(surface, theme, "Your plan (secret)", 15, theme["text_dim"], (x, y))
            put_text(
                surface,
                theme,
                str(plan),
                15,
                theme["text"],
                (x, y + 20),
                kind="regular",
                max_width=SIDE.w - 20,
            )
            y += 50
        if mode == "wait" and not self.match.is_over():
            phones = self.party is not None and any(s.is_phone for s in self.match.seats)
            who = "Players plan on their phones" if phones else "The bots are deciding"
            msg = f"{who}. Plans stay secret until everyone is in; then the round plays out."
            for i, line in enumerate(wrapped(theme, msg, 14, SIDE.w - 20)):
                put_text(
                    surface, theme, line, 14, theme["text_dim"], (x, y + 18 * i), kind="regular"
                )

    def draw_reveal_side(self, surface, old, new, t: float) -> None:
        theme = self.app.theme
        trace = new.last_trace
        x = SIDE.x + 10
        put_text(
            surface,
            theme,
            f"Round {old.round}: the plans",
            20,
            theme["accent"],
            (x, SIDE.y + 8),
            kind="display",
        )
        phase = self.reveal_phase()
        segs = len(trace.positions)
        cur = phase[1] if phase and phase[0] != "intro" else -1
        sw = (SIDE.w - 20 - 4 * (segs - 1)) // segs
        for i in range(segs):
            r = pygame.Rect(x + i * (sw + 4), SIDE.y + 40, sw, 10)
            colour = (
                theme["accent"] if i == cur else (theme["accent_2"] if i < cur else theme["panel"])
            )
            pygame.draw.rect(surface, colour, r, border_radius=5)
        y = SIDE.y + 60
        for seat, text in enumerate(trace.plans):
            blit_token(
                surface, theme, seat, trace.elements[seat], (x + 12, y + 13), 11, self.glyphs
            )
            row = _cached(
                ("plan row", text, cur, tuple(theme["accent"])),
                lambda text=text: self._plan_row(text, cur),
            )
            surface.blit(row, (x + 30, y + 5))
            y += 28

    def _plan_row(self, text: str, cur: int) -> pygame.Surface:
        """'switch  ray N L stay R R' with the action being played highlighted."""
        theme = self.app.theme
        head, _, rest = text.partition("; ")
        acts = rest.split()
        words = []
        i = 0
        while i < len(acts):
            if acts[i] == "ray" and i + 1 < len(acts):
                words.append(f"ray {acts[i + 1]}")
                i += 2
            else:
                words.append(acts[i])
                i += 1
        row = pygame.Surface((SIDE.w - 44, 20), pygame.SRCALPHA)
        put_text(
            row, theme, head, 13, theme["text_dim"] if head == "keep" else theme["accent"], (0, 0)
        )
        wx = 50
        for j, wd in enumerate(words):
            label = "·" if wd == STAY else wd
            colour = (
                theme["accent"] if j == cur else (theme["text"] if j < cur else theme["text_dim"])
            )
            rect = put_text(row, theme, label, 13, colour, (wx, 0), kind="regular")
            wx = rect.right + 7
        return row

    # -- drawing: curtain and summary ------------------------------------------------
    def draw_curtain(self, surface) -> None:
        theme = self.app.theme
        seat = self.curtain_seat()
        if seat is None:
            return
        state = self.match.state
        area = pygame.Rect(
            BOARD_AREA.x, STRIP.bottom + 6, BOARD_AREA.w, BOARD_AREA.bottom - STRIP.bottom - 6
        )
        surface.blit(
            _cached(("curtain", area.size), lambda: self._curtain_cloth(area.size)), area.topleft
        )
        pygame.draw.rect(surface, theme["accent"], area, 3, border_radius=16)
        card = pygame.Rect(0, 0, 620, 360)
        card.center = (area.centerx, area.y + 260)
        panel(surface, card, theme, fill="panel", edge="accent", alpha=250, width=3)
        blit_token(
            surface, theme, seat, state.elements[seat], (card.centerx, card.y + 60), 30, self.glyphs
        )
        put_text(
            surface,
            theme,
            f"Pass the device to Player {seat + 1}",
            34,
            theme["accent"],
            (card.centerx, card.y + 104),
            "midtop",
            kind="display",
        )
        what = "start tile" if state.round == 0 else f"plan for round {state.round}"
        put_text(
            surface,
            theme,
            f"Player {seat + 1} ({ELEMENT_NAMES[state.elements[seat]]}) chooses a secret {what}.",
            18,
            theme["text"],
            (card.centerx, card.y + 154),
            "midtop",
            kind="regular",
        )
        put_text(
            surface,
            theme,
            "Everyone else: look away until it is submitted.",
            18,
            theme["text_dim"],
            (card.centerx, card.y + 182),
            "midtop",
            kind="regular",
        )
        for name, rect, enabled in self.controls():
            if name == "reveal":
                self.draw_button(
                    surface, rect, f"I am Player {seat + 1}: show my board", primary=True, size=20
                )
                put_text(
                    surface,
                    theme,
                    "or press Enter",
                    14,
                    theme["text_dim"],
                    (rect.centerx, rect.bottom + 8),
                    "midtop",
                    kind="regular",
                )

    def _curtain_cloth(self, size) -> pygame.Surface:
        """Velvet folds (drawn once): shading that rises and falls across the width."""
        w, h = size
        cloth = pygame.Surface(size, pygame.SRCALPHA)
        base = darken(self.app.theme["crystal_purple"], 0.62)
        for x in range(w):
            k = 0.55 + 0.45 * (0.5 + 0.5 * math.sin(x / 17.0)) ** 1.5
            pygame.draw.line(cloth, lighten(darken(base, 1 - k), 0.0), (x, 0), (x, h))
        pygame.draw.rect(cloth, darken(self.app.theme["accent"], 0.45), (0, 0, w, 14))
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=16)
        cloth.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return cloth

    def summary_rows(self, rnd: int):
        """(place, seat, line, round points, total after the round) best first."""
        state = self.match.state
        lines = state.breakdowns[rnd - 1]
        totals = [sum(b[s].total for b in state.breakdowns[:rnd]) for s in range(state.num_players)]
        order = sorted(range(state.num_players), key=lambda s: (-totals[s], s))
        return [
            (1 + sum(1 for t in totals if t > totals[s]), s, lines[s], lines[s].total, totals[s])
            for s in order
        ]

    def draw_summary(self, surface) -> None:
        """The round's points by source for every player, in standings order."""
        theme = self.app.theme
        rnd = self.summary_round
        if rnd is None:
            return
        state = self.match.state
        v = VARIATIONS[rnd]
        area = BOARD_AREA.inflate(-4, -4)
        panel(surface, area, theme, fill="panel", edge="accent", alpha=255, width=3, radius=16)
        put_text(
            surface,
            theme,
            f"Round {rnd} scored",
            30,
            theme["accent"],
            (area.x + 22, area.y + 10),
            kind="display",
        )
        trace = state.last_trace if state.last_trace and state.last_trace.round == rnd else None
        sub = v.name if rnd > 1 else "No variation"
        if trace is not None:
            changed = sum(len(seg) for seg in trace.conversions)
            sub += f"  ·  {plural(changed, 'tile')} changed"
        board = trace.board_after if trace else state.board
        counts = [board.count(e) for e in range(3)]
        best = max(counts)
        lead = counts.index(best) if counts.count(best) == 1 else -1
        sub += (
            f"  ·  leading element: {ELEMENT_NAMES[lead]} ({counts[lead]} tiles)"
            if lead >= 0
            else "  ·  no leading element (a tie for most tiles)"
        )
        put_text(
            surface,
            theme,
            sub,
            17,
            theme["text"],
            (area.x + 24, area.y + 52),
            kind="regular",
            max_width=area.w - 48,
        )
        bonus = "Alone" if v.pandemic else ("Beats" if v.rock_paper_scissors else "")
        cols = [
            ("#", 24, "topleft"),
            ("Player", 64, "topleft"),
            ("Element", 250, "topleft"),
            ("Ends on", 424, "midtop"),
            ("Region / k", 512, "midtop"),
            ("Leading", 600, "midtop"),
        ]
        if bonus:
            cols.append((bonus, 660, "midtop"))
        cols += [("Round", 730, "midtop"), ("Total", 800, "midtop")]
        hy = area.y + 82
        for label, cx, anchor in cols:
            put_text(surface, theme, label, 14, theme["text_dim"], (area.x + cx, hy), anchor)
        pygame.draw.line(
            surface, theme["panel_edge"], (area.x + 14, hy + 22), (area.right - 14, hy + 22), 2
        )
        row_h = 34
        y = hy + 28
        people = set(self.people_seats)
        for place, seat, line, pts, total in self.summary_rows(rnd):
            row = pygame.Rect(area.x + 12, y, area.w - 24, row_h - 3)
            if seat in people:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.12), row, border_radius=8)
                pygame.draw.rect(surface, theme["accent"], row, 1, border_radius=8)
            cy = row.centery
            put_text(
                surface,
                theme,
                f"{place}.",
                16,
                theme["accent"] if place == 1 else theme["text_dim"],
                (area.x + 24, cy),
                "midleft",
            )
            blit_token(surface, theme, seat, line.element, (area.x + 78, cy), 12, self.glyphs)
            kind = (
                "(you)"
                if seat == self.me
                else ("" if seat in people else (self.match.seats[seat].level or "").title())
            )
            r = put_text(
                surface,
                theme,
                f"Player {seat + 1}",
                16,
                theme["text"],
                (area.x + 98, cy),
                "midleft",
                kind="regular",
            )
            put_text(
                surface,
                theme,
                kind,
                13,
                theme["text_dim"],
                (r.right + 6, cy + 1),
                "midleft",
                kind="regular",
            )
            before = trace.elements_before[seat] if trace else line.element
            element_icon(surface, theme, line.element, (area.x + 260, cy), 10)
            r = put_text(
                surface,
                theme,
                ELEMENT_NAMES[line.element],
                15,
                theme["text"],
                (area.x + 276, cy),
                "midleft",
                kind="regular",
            )
            if before != line.element:
                put_text(
                    surface,
                    theme,
                    "switched",
                    12,
                    theme["accent_2"],
                    (r.right + 6, cy + 1),
                    "midleft",
                )
            put_text(
                surface,
                theme,
                cell_name(line.tile),
                16,
                theme["text"],
                (area.x + 424, cy),
                "center",
            )
            region = (
                f"{line.region_size} / {line.k} = {line.region}" if line.matched else "off element"
            )
            put_text(
                surface,
                theme,
                region,
                15,
                theme["text"] if line.matched else theme["text_dim"],
                (area.x + 512, cy),
                "center",
                kind="regular",
            )
            put_text(
                surface,
                theme,
                f"+{line.leading}" if line.leading else "·",
                16,
                theme["text"],
                (area.x + 600, cy),
                "center",
            )
            if bonus:
                extra = line.pandemic if v.pandemic else line.rps
                put_text(
                    surface,
                    theme,
                    f"+{extra}" if extra else "·",
                    16,
                    theme["text"],
                    (area.x + 660, cy),
                    "center",
                )
            put_text(surface, theme, f"+{pts}", 17, theme["accent"], (area.x + 730, cy), "center")
            put_text(surface, theme, str(total), 17, theme["text"], (area.x + 800, cy), "center")
            y += row_h
        for name, rect, enabled in self.controls():
            if name == "continue":
                label = (
                    "Final results  ›"
                    if self.match.is_over() and rnd == ROUNDS
                    else "Next round  ›"
                )
                self.draw_button(surface, rect, label, primary=True, size=20)
        note = (
            "Region: 2 x region size / k (players of the region's element in it), rounded down. "
            "Leading: +3 if your element beats the element with the most tiles."
        )
        for i, ln in enumerate(wrapped(theme, note, 13, area.w - 340)[:2]):
            put_text(
                surface,
                theme,
                ln,
                13,
                theme["text_dim"],
                (area.x + 24, area.bottom - 52 + 17 * i),
                kind="regular",
            )

    def draw_banner(self, surface) -> None:
        """The base banner, over the board only (the editor's buttons stay visible)."""
        if self.banner_ticks <= 0 or not self.banner:
            return
        theme = self.app.theme
        width = BOARD.w + 20
        lines = wrapped(theme, self.banner, 19, width - 30, "bold")
        h = 16 + 25 * len(lines)
        rect = pygame.Rect(0, 0, width, h)
        rect.midbottom = (BOARD.centerx, BOARD_AREA.bottom - 4)
        edge = {"error": "bad", "warning": "accent", "good": "good"}.get(
            self.banner_kind, "accent_2"
        )
        fade = min(1.0, self.banner_ticks / 20)
        draw_panel(
            surface, rect, theme, fill="background_2", edge=edge, alpha=int(240 * fade), width=3
        )
        for i, line in enumerate(lines):
            put_text(
                surface,
                theme,
                line,
                19,
                theme["text"],
                (rect.centerx, rect.y + 8 + 25 * i),
                "midtop",
            )

    # -- drawing: the side panel -----------------------------------------------------
    def draw_panel(self, surface) -> None:
        """The base side panel, its background cached."""
        panel(surface, PANEL, self.app.theme)
        y = PANEL.y + 12
        y = self.draw_players(surface, y)
        y = self.draw_extra_panel(surface, y + 6)
        self.draw_log(surface, y + 6, PANEL.bottom - 12 - MIN_TARGET - 16)

    def draw_header(self, surface) -> None:
        """The base header, with its text cached (it is drawn every frame)."""
        theme = self.app.theme
        put_text(surface, theme, self.spec.title, 30, theme["accent"], (24, 14), kind="display")
        title_w = theme.font(30, "display").size(self.spec.title)[0]
        put_text(
            surface,
            theme,
            self.status_text(),
            22,
            theme["text"],
            (40 + title_w, 22),
            max_width=860 - 56 - title_w,
        )

    def draw_log(self, surface, top: int, bottom: int) -> None:
        """The base move log, with its lines cached."""
        theme = self.app.theme
        if bottom - top < 40:
            return
        put_text(surface, theme, "Moves", 18, theme["text_dim"], (PANEL.x + 14, top))
        lines = self.log_lines()
        visible = max(1, (bottom - top - 24) // 20)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - visible))
        end = len(lines) - self.log_scroll
        y = top + 24
        for i in range(max(0, end - visible), end):
            seat, text = lines[i]
            colour = self.seat_colour(seat) if seat >= 0 else theme["text_dim"]
            put_text(
                surface,
                theme,
                f"{i + 1:>3}.",
                16,
                theme["text_dim"],
                (PANEL.x + 14, y),
                kind="regular",
            )
            put_text(
                surface,
                theme,
                text,
                16,
                lighten(colour, 0.35),
                (PANEL.x + 56, y),
                kind="regular",
                max_width=PANEL.w - 70,
            )
            y += 20

    def draw_players(self, surface, y: int) -> int:
        theme = self.app.theme
        state = self.shown if self.anim is None else self.anim[0]
        m = self.match
        live = m.state
        # the seat to act is marked only while seats are deciding (not in a reveal or summary)
        to_move = m.to_move() if self.mode() in ("setup", "plan", "wait", "curtain") else -1
        clock = m.clock
        line_h = 26
        for seat in range(state.num_players):
            r = pygame.Rect(PANEL.x + 10, y, PANEL.w - 20, line_h - 2)
            if seat == to_move:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.12), r, border_radius=8)
                pygame.draw.rect(surface, theme["accent"], r, 2, border_radius=8)
            blit_token(
                surface, theme, seat, state.elements[seat], (r.x + 13, r.centery), 10, self.glyphs
            )
            label = self.seat_label(seat)
            if self.me == seat:
                label += " (you)"
            right = str(state.totals[seat]) if state.totals else "0"
            if clock is not None and not m.is_over():
                right = f"{right}  {clock.display(seat)}"
            rw = theme.font(16).size(right)[0]
            put_text(
                surface,
                theme,
                label,
                16,
                theme["text"],
                (r.x + 32, r.centery),
                "midleft",
                kind="regular",
                max_width=r.w - 80 - rw,
            )
            put_text(
                surface,
                theme,
                right,
                16,
                theme["accent"] if seat == to_move else theme["text"],
                (r.right - 8, r.centery),
                "midright",
            )
            if not m.is_over() and live.submitted(seat):
                cx = r.right - 16 - rw
                pygame.draw.lines(
                    surface,
                    theme["good"],
                    False,
                    [(cx - 10, r.centery), (cx - 6, r.centery + 4), (cx + 1, r.centery - 5)],
                    3,
                )
            y += line_h
        return y

    def draw_extra_panel(self, surface, y: int) -> int:
        theme = self.app.theme
        state = self.shown if self.anim is None else self.anim[0]  # no spoilers mid-reveal
        x, w = PANEL.x + 14, PANEL.w - 28
        counts = state.tile_counts()
        lead = state.leading_element()
        put_text(surface, theme, "Tiles", 15, theme["text_dim"], (x, y))
        lead_text = (
            f"leading: {ELEMENT_NAMES[lead]} · {ELEMENT_NAMES[beater(lead)]} players +3"
            if lead >= 0
            else "no leading element (tie)"
        )
        put_text(
            surface,
            theme,
            lead_text,
            14,
            theme["text"],
            (PANEL.right - 14, y + 1),
            "topright",
            kind="regular",
        )
        bar = pygame.Rect(x, y + 22, w, 22)
        bx = bar.x
        for e in range(3):
            seg_w = round(bar.w * counts[e] / CELLS) if e < 2 else bar.right - bx
            r = pygame.Rect(bx, bar.y, seg_w, bar.h)
            pygame.draw.rect(surface, element_colour(theme, e), r)
            if e == lead:
                pygame.draw.rect(surface, theme["accent"], r, 2)
            label = f"{counts[e]}"
            if self.glyphs:
                draw_glyph(surface, ELEMENT_GLYPHS[e], (r.x + 12, r.centery), 7, (12, 12, 22))
            put_text(
                surface,
                theme,
                label,
                15,
                (15, 15, 25),
                (r.centerx + (6 if self.glyphs else 0), r.centery),
                "center",
            )
            bx += seg_w
        y = bar.bottom + 8
        put_text(
            surface,
            theme,
            "Water beats fire · grass beats water · fire beats grass",
            13,
            theme["text_dim"],
            (x, y),
            kind="regular",
            max_width=w,
        )
        y += 22
        mode = self.mode()
        keys = {
            "plan": "Click tiles or drag · Arrows + Enter · S stay · Backspace step back · Tab keep/switch"
            + (
                " · R ray"
                if self.match.state.variation() and self.match.state.variation().ray_first
                else ""
            )
            + " · Shift+Enter submit · H hint (again: use it) · Right past the board: buttons",
            "setup": "Click a bright tile, then again to confirm · Arrows + Enter"
            " · Right past the board: buttons",
            "curtain": "Enter: I am the player named on the curtain",
            "summary": "Enter: continue · arrows: buttons",
        }.get(mode)
        if keys:
            for line in wrapped(theme, keys, 13, w)[:3]:
                put_text(surface, theme, line, 13, theme["accent_2"], (x, y), kind="regular")
                y += 17
        return y + 2

    # -- the game-select picture -----------------------------------------------------
    @staticmethod
    def draw_thumbnail(surface: pygame.Surface, theme, state, settings) -> None:
        w, h = surface.get_size()
        size = max(1, (min(w, h) - 6) // SIZE)
        glyph = bool(getattr(settings, "colour_blind", False)) and size >= 9
        board = render_board(theme, state.board, size, glyph)
        rect = board.get_rect(center=(w // 2, h // 2))
        pygame.draw.rect(surface, theme["panel_edge"], rect.inflate(6, 6), border_radius=4)
        surface.blit(board, rect)
        # a few tokens to say "players on a board of elements"
        if size >= 8:
            r = max(3, int(size * 0.4))
            for seat, cell in enumerate((24, 40, 58, 80, 96)):
                el = state.elements[seat] if seat < len(state.elements) else seat % 3
                cx = rect.x + (cell % SIZE) * size + size / 2
                cy = rect.y + (cell // SIZE) * size + size / 2
                colour = theme.player_colours[seat % len(theme.player_colours)]
                pygame.draw.circle(surface, (10, 10, 20), (cx, cy + 1), r + 1)
                pygame.draw.circle(surface, colour, (cx, cy), r)
                pygame.draw.circle(surface, (250, 250, 255), (cx, cy), r, 1)
                del el


class ElementShiftResults(ResultsScene):
    """The shared results screen with the chart drawn per round (0 to 7): the match's
    score history also holds the end of the setup phase, which the shared chart would
    plot as a round of its own."""

    def headline(self) -> str:
        o = self.outcome
        if o is None or o.is_draw or len(o.winners) == 1:
            return super().headline()
        people = set(self.match.people())
        names = [f"Player {w + 1}" for w in o.winners]
        text = "Shared first place: " + ", ".join(names)
        if len(people) == 1 and people & set(o.winners):
            text = "You share first place!"
        if self.app.theme.font(64, "display").size(text)[0] > 1220:
            text = f"{len(names)} players share first place"
        return text

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = self.app.theme
        draw_panel(surface, rect, theme)
        put_text(
            surface,
            theme,
            "Score after each round",
            24,
            theme["accent_2"],
            (rect.x + 18, rect.y + 12),
        )
        state = self.match.state
        n = state.num_players
        plot = pygame.Rect(rect.x + 60, rect.y + 56, rect.w - 120, rect.h - 100)
        pygame.draw.rect(surface, theme["background"], plot, border_radius=6)
        rounds = len(state.breakdowns)
        series = [[0] * n]
        for r in range(rounds):
            series.append([series[-1][s] + state.breakdowns[r][s].total for s in range(n)])
        if rounds == 0:
            put_text(
                surface, theme, "No round was played", 20, theme["text_dim"], plot.center, "center"
            )
            return
        most = max(1, max(max(v) for v in series))
        step = next((x for x in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if most / x <= 6), 1000)
        top = step * math.ceil(most / step)
        small = 15
        for k in range(top // step + 1):
            v = k * step
            y = plot.bottom - v / top * plot.h
            pygame.draw.line(surface, theme["grid"], (plot.x, y), (plot.right, y), 1)
            put_text(
                surface,
                theme,
                f"{v:.0f}",
                small,
                theme["text_dim"],
                (plot.x - 8, y),
                "midright",
                kind="regular",
            )
        for k in range(rounds + 1):
            x = plot.x + plot.w * k / rounds
            put_text(
                surface,
                theme,
                str(k),
                small,
                theme["text_dim"],
                (x, plot.bottom + 6),
                "midtop",
                kind="regular",
            )
        put_text(
            surface,
            theme,
            "round",
            small,
            theme["text_dim"],
            (plot.centerx, plot.bottom + 24),
            "midtop",
            kind="regular",
        )
        ends = []
        for seat in range(n):
            # equal scores would hide each other's lines: nudge each seat a pixel apart
            nudge = (seat - (n - 1) / 2) * 0.8
            pts = [
                (plot.x + plot.w * i / rounds, plot.bottom - series[i][seat] / top * plot.h + nudge)
                for i in range(rounds + 1)
            ]
            colour = lighten(self.seat_colour(seat), 0.1)
            pygame.draw.lines(surface, colour, False, pts, 3)
            for p in pts:
                pygame.draw.circle(surface, colour, p, 3)
            ends.append([pts[-1][1], seat])
        # end labels, nudged apart so twelve lines stay readable
        ends.sort()
        for i in range(1, len(ends)):
            ends[i][0] = max(ends[i][0], ends[i - 1][0] + 14)
        for yy, seat in ends:
            put_text(
                surface,
                theme,
                f"P{seat + 1}",
                13,
                lighten(self.seat_colour(seat), 0.2),
                (plot.right + 8, yy),
                "midleft",
            )


VIEW = ElementShiftView
