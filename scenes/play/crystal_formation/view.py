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

import math

import pygame

from game.crystal_formation import (
    ROUND_LIMIT, TREES_TO_WIN, Grow, MoveNode, Pass, Place, board_cells, board_extent,
    cell_position,
)
from game.grid import cell_label
from scenes.play.base import BOARD_AREA, PANEL, PlayScene, ease, ease_out_back, pulse
from scenes.widgets import GLYPHS, MIN_TARGET, darken, draw_glyph, draw_panel, lighten, wrap_text

# -- layout --------------------------------------------------------------------------
BOARD_REGION = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, 616, BOARD_AREA.h)
BOARD_CENTRE = {"square": (334, 362), "hex": (332, 352)}
SQUARE_UNIT = 66
HEX_UNIT = 52
STRIP = pygame.Rect(640, BOARD_AREA.y + 4, BOARD_AREA.right - 644, BOARD_AREA.h - 8)
TURN_CARD = pygame.Rect(STRIP.x, STRIP.y, STRIP.w, 84)
ACTION_CARD = pygame.Rect(STRIP.x, TURN_CARD.bottom + 8, STRIP.w, 236)
PREVIEW_CARD = pygame.Rect(STRIP.x, ACTION_CARD.bottom + 8, STRIP.w, 142)
NODE_CARD = pygame.Rect(STRIP.x, PREVIEW_CARD.bottom + 8, STRIP.w,
                        STRIP.bottom - MIN_TARGET - 20 - PREVIEW_CARD.bottom)
SQRT3 = math.sqrt(3.0)

# The theme's player colours in seat order have these glyph names (colour-blind mode).
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")
# Piece proportions in units of the cell: (base width, height) of the side view.
PIECE_SHAPE = {"L": (0.72, 0.50), "M": (0.54, 0.38), "S": (0.36, 0.27)}
PIPS = {"S": 1, "M": 2, "L": 3}
GROUND = 0.36  # the stack stands on this line, below the cell centre (in units)
HEAVY_KEYS = frozenset({"threat", "rings", "tl", "pl"})  # cache keys of board-sized layers
ACTION_TICKS = 22
EFFECT_TICKS = 26


def seat_glyph(seat: int) -> str:
    return GLYPHS[COLOUR_NAMES[seat % len(COLOUR_NAMES)]]


def pieces_words(pieces: str, short: bool = False) -> str:
    if not pieces:
        return "nothing"
    if pieces == "SML":
        return "tree" if short else "tree (S+M+L)"
    return "+".join(pieces)


def power_of(pieces: str) -> int:
    return sum(PIPS[p] for p in pieces)


# -- board geometry (pure placement of the engine's cell_position) ----------------------
class BoardGeom:
    """Pixel positions of one board: cell centres, outlines and hit-testing."""

    def __init__(self, kind: str, unit: float, centre: tuple[float, float]):
        self.kind = kind
        self.unit = unit
        self.cells = board_cells(kind)
        minx, miny, maxx, maxy = board_extent(kind)
        mx, my = (minx + maxx) / 2, (miny + maxy) / 2
        self.pos: dict = {}
        for c in self.cells:
            x, y = cell_position(kind, c)
            self.pos[c] = (centre[0] + (x - mx) * unit, centre[1] + (y - my) * unit)
        self.radius = unit / SQRT3  # hex circumradius (flat-to-flat width = unit)
        half_w = (maxx - minx) / 2 * unit + unit / 2
        half_h = (maxy - miny) / 2 * unit + (unit / 2 if kind == "square" else self.radius)
        self.bounds = pygame.Rect(0, 0, round(2 * half_w), round(2 * half_h))
        self.bounds.center = (round(centre[0]), round(centre[1]))

    def center(self, cell) -> tuple[int, int]:
        x, y = self.pos[cell]
        return round(x), round(y)

    def poly(self, cell, inset: float = 0.0) -> list[tuple[float, float]]:
        x, y = self.pos[cell]
        if self.kind == "square":
            h = self.unit / 2 - inset
            return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
        r = self.radius - inset * 2 / SQRT3
        return [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
                for a in (-90, -30, 30, 90, 150, 210)]

    def rect(self, cell) -> pygame.Rect:
        x, y = self.pos[cell]
        r = pygame.Rect(0, 0, round(self.unit), round(self.unit))
        r.center = (round(x), round(y))
        return r

    def cell_at(self, pos):
        """The cell under a screen point, or None."""
        px, py = pos
        if not self.bounds.inflate(4, 4).collidepoint(px, py):
            return None
        best, best_d = None, None
        for c, (x, y) in self.pos.items():
            d = (px - x) ** 2 + (py - y) ** 2
            if best_d is None or d < best_d:
                best, best_d = c, d
        if best is None:
            return None
        x, y = self.pos[best]
        if self.kind == "square":
            h = self.unit / 2
            return best if abs(px - x) <= h and abs(py - y) <= h else None
        return best if best_d <= (self.radius * 0.98) ** 2 else None


def board_geom(kind: str) -> BoardGeom:
    return BoardGeom(kind, SQUARE_UNIT if kind == "square" else HEX_UNIT, BOARD_CENTRE[kind])


def fitted_geom(kind: str, size: tuple[int, int], margin: int = 4) -> BoardGeom:
    w, h = size[0] - 2 * margin, size[1] - 2 * margin
    if kind == "square":
        unit = min(w, h) / 8
    else:
        unit = min(w / 11, h / (8.66 + 2 / SQRT3))
    return BoardGeom(kind, max(4.0, unit), (size[0] / 2, size[1] / 2))


# -- pyramids --------------------------------------------------------------------------
_SPRITES: dict = {}


def _pyramid(surf: pygame.Surface, cx: float, base_y: float, size: str, unit: float, colour) -> None:
    """One pyramid seen from the front and a little above: a lit left face, a shaded
    right face, and its pips along the base (1, 2 or 3 like the real pieces)."""
    bw, bh = PIECE_SHAPE[size]
    b, h = bw * unit, bh * unit
    apex = (cx, base_y - h)
    left = (cx - b / 2, base_y - b * 0.03)
    right = (cx + b / 2, base_y - b * 0.03)
    front = (cx - b * 0.12, base_y + b * 0.05)
    base = pygame.Color(colour)
    pygame.draw.polygon(surf, lighten(base, 0.22), [apex, left, front])
    pygame.draw.polygon(surf, darken(base, 0.22), [apex, front, right])
    edge = darken(base, 0.6)
    pygame.draw.polygon(surf, edge, [apex, left, front, right], max(1, round(unit / 40)))
    pygame.draw.line(surf, lighten(base, 0.6), apex, front, max(1, round(unit / 50)))
    if unit < 28:
        return  # pips would only be noise on a thumbnail
    k = PIPS[size]
    r = max(1.2, unit * 0.028)
    gap = unit * 0.085
    py = base_y - h * 0.16
    for i in range(k):
        x = cx - b * 0.06 + (i - (k - 1) / 2) * gap
        pygame.draw.circle(surf, lighten(base, 0.75), (x, py), r)


def stack_sprite(colour, pieces: str, unit: int, glyph: str | None = None, glow: bool = True) -> pygame.Surface:
    """A node as a stack of pyramids, large at the bottom, on a ``unit``-square sprite
    centred on the cell (cached)."""
    c = pygame.Color(colour)
    key = ((c.r, c.g, c.b), pieces, unit, glyph, glow)
    spr = _SPRITES.get(key)
    if spr is not None:
        return spr
    spr = pygame.Surface((unit, unit), pygame.SRCALPHA)
    cx = unit / 2
    ground = unit / 2 + GROUND * unit
    order = [p for p in "LMS" if p in pieces]
    if order:
        sw = PIECE_SHAPE[order[0]][0] * unit * 1.1
        shadow = pygame.Rect(0, 0, round(sw), max(3, round(unit * 0.12)))
        shadow.center = (round(cx), round(ground))
        pygame.draw.ellipse(spr, (0, 0, 0, 110), shadow)
    y = ground
    for p in order:
        _pyramid(spr, cx, y, p, unit, c)
        y -= PIECE_SHAPE[p][1] * unit * 0.52
    if pieces == "SML" and glow and unit >= 24:
        # a tree: a small spark at its tip (it counts toward five)
        tip = (cx, ground - unit * 0.73)
        s = unit * 0.07
        star = [(tip[0], tip[1] - 2 * s), (tip[0] + s * 0.45, tip[1] - s * 0.45), (tip[0] + 2 * s, tip[1]),
                (tip[0] + s * 0.45, tip[1] + s * 0.45), (tip[0], tip[1] + 2 * s),
                (tip[0] - s * 0.45, tip[1] + s * 0.45), (tip[0] - 2 * s, tip[1]),
                (tip[0] - s * 0.45, tip[1] - s * 0.45)]
        pygame.draw.polygon(spr, (255, 236, 160), star)
    if glyph:
        r = max(6.0, unit * 0.15)
        centre = (unit / 2 + unit * 0.29, unit / 2 + unit * 0.20)
        pygame.draw.circle(spr, (18, 20, 34), centre, r)
        pygame.draw.circle(spr, (245, 245, 255), centre, r, 1)
        draw_glyph(spr, glyph, centre, r * 0.62, (245, 245, 255))
    if len(_SPRITES) > 600:
        _SPRITES.clear()
    _SPRITES[key] = spr
    return spr


def draw_board_plate(surface: pygame.Surface, theme, geom: BoardGeom, labels: bool = True,
                     font=None) -> None:
    """The empty board: a plate, the cells (a light checker / three-tone honeycomb)
    and the coordinates around the edge."""
    unit = geom.unit
    plate = darken(theme["panel"], 0.35)
    edge = theme["panel_edge"]
    if geom.kind == "square":
        r = geom.bounds.inflate(round(unit * 0.18), round(unit * 0.18))
        pygame.draw.rect(surface, plate, r, border_radius=max(4, round(unit * 0.18)))
        pygame.draw.rect(surface, edge, r, 2, border_radius=max(4, round(unit * 0.18)))
    else:
        for c in geom.cells:
            pygame.draw.polygon(surface, edge, geom.poly(c, -unit * 0.09))
        for c in geom.cells:
            pygame.draw.polygon(surface, plate, geom.poly(c, -unit * 0.05))
    light = lighten(theme["panel"], 0.07)
    dark = darken(theme["panel"], 0.08)
    mid = theme["panel"]
    for c in geom.cells:
        col, row = c
        if geom.kind == "square":
            fill = light if (col + row) % 2 == 0 else dark
            rr = geom.rect(c).inflate(-2, -2)
            pygame.draw.rect(surface, fill, rr, border_radius=max(2, round(unit * 0.08)))
        else:
            fill = (light, mid, dark)[(col - row) % 3]
            pygame.draw.polygon(surface, fill, geom.poly(c, 1.5))
    if not labels or font is None:
        return
    dim = theme["text_dim"]
    if geom.kind == "square":
        for col in range(8):
            x, y = geom.center((col, 0))
            img = font.render(chr(65 + col), True, dim)
            surface.blit(img, img.get_rect(midbottom=(x, geom.bounds.top - 6)))
        for row in range(8):
            x, y = geom.center((0, row))
            img = font.render(str(row + 1), True, dim)
            surface.blit(img, img.get_rect(midright=(geom.bounds.left - 9, y)))
        return
    n = max(c for c, _ in geom.cells)
    for row in range(n + 1):
        first = min(c for c, r in geom.cells if r == row)
        x, y = geom.pos[(first, row)]
        img = font.render(str(row + 1), True, dim)
        surface.blit(img, img.get_rect(midright=(round(x - unit * 0.62), round(y))))
    for col in range(n + 1):
        # a column runs down and to the right: its letter sits just past its last cell
        bottom = max(r for c, r in geom.cells if c == col)
        x, y = geom.pos[(col, bottom)]
        img = font.render(chr(65 + col), True, dim)
        surface.blit(img, img.get_rect(center=(round(x + unit * 0.40), round(y + unit * 0.80))))


class CrystalFormationView(PlayScene):
    """The play screen (see the module docstring for the controls)."""

    def __init__(self, app, match):
        super().__init__(app, match)
        self.kind = match.state.board_kind
        self.geom = board_geom(self.kind)
        self.selected = None          # a cell holding a node of the seat to move
        self.pending = None           # a move proposed (finger tap, grow key), not yet played
        self.hover_cell = None
        self.hover_button = None
        self.mouse = (-1, -1)
        self.cursor = self._home_cell()
        self.keyboard = False         # the cursor is shown once keys are used
        self.goal_x = None            # hexagon: the x the up / down keys aim for
        self.press = None             # (pos, cell, button name, finger) of a press
        self.threat_view = False
        self.strip_focus = None       # a strip button holding the keyboard / controller focus
        self._sel_state = None
        self._cache: dict = {}
        self._layers: dict = {}
        self._text_cache: dict = {}
        self._bg = None
        self._log_key = None
        self._log = []
        self._log_states: list = []
        self._last_key = None
        self._last = None
        self.buttons_rects: dict[str, tuple[pygame.Rect, bool]] = {}

    # ================================================================== helpers
    def _home_cell(self):
        state = self.match.state
        seat = state.to_move
        mine = state.nodes(seat)
        return mine[0].cell if mine else state.cells()[0]

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
        """Per-state values, keyed by the (immutable, hashable) state itself so a
        reused object id can never serve a stale entry.  Board-sized layers live
        in a separate, smaller cache (each is about 1.5 MB)."""
        heavy = key[0] in HEAVY_KEYS
        cache = self._layers if heavy else self._cache
        value = cache.get(key)
        if value is None:
            if len(cache) >= (12 if heavy else 256):
                cache.pop(next(iter(cache)))  # the oldest entry
            value = cache[key] = make()
        return value

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
            if cell in self._cached(("targets", state, self.selected),
                                    lambda: frozenset(state.move_targets(self.selected))):
                return MoveNode(self.selected, cell)
            return None
        if cell in self._place_targets(state):
            return Place(cell)
        return None

    def _place_targets(self, state) -> frozenset:
        return self._cached(("place", state), lambda: frozenset(state.place_targets()))

    def _clear_input(self) -> None:
        self.selected = None
        self.pending = None
        self._sel_state = None

    # ================================================================== moves
    def commit(self, move, finger: bool = False, key: bool = False) -> bool:
        """Play ``move``.  A finger tap (or a grow key) first only proposes a legal
        move, so its end-of-turn marks can be read: the same tap / key again, End
        turn or Enter plays it."""
        state = self.match.state
        if (finger or key) and self.my_turn() and move != self.pending and move in state.legal_moves():
            self.pending = move
            how = "tap again or End turn" if finger else "press Enter"
            self.say(f"{move}: {how} to play it", "info", 2.5)
            return False
        self.pending = None
        ok = self.try_move(move)
        if ok:
            self._clear_input()
        return ok

    def tap(self, cell, finger: bool = False) -> None:
        """A click, tap or Enter on a board cell."""
        if cell is None:
            self._clear_input()
            return
        self.cursor = cell
        state = self.match.state
        if not self.my_turn():
            if not state.is_terminal():
                self.say(f"Wait for {self.seat_label(state.to_move)} to move", "warning", 2.0)
            return
        if self.pending is not None and not finger:
            self.pending = None
        me = state.to_move
        node = state.node_at(cell)
        if self.selected is not None:
            if cell == self.selected:
                self._clear_input()
                return
            if node is not None and node.owner == me:
                self.select(cell)
                return
            self.commit(MoveNode(self.selected, cell), finger)
            return
        if node is not None and node.owner == me:
            self.select(cell)
            return
        if node is not None:
            # someone else's node: the engine says why it cannot be grown
            self.commit(Grow(cell, "S"), finger)
            return
        self.commit(Place(cell), finger)

    def select(self, cell) -> None:
        self.selected = cell
        self.pending = None
        self._sel_state = self.match.state
        self.cursor = cell

    def grow(self, size: str, finger: bool = False, key: bool = False) -> None:
        state = self.match.state
        if not self.my_turn():
            self.say(f"Wait for {self.seat_label(state.to_move)} to move", "warning", 2.0)
            return
        cell = self.selected
        if cell is None:
            cell = self.cursor if self.keyboard else self.hover_cell
        if cell is None:
            self.say("Select one of your nodes first, then grow it", "warning")
            return
        self.commit(Grow(cell, size), finger, key)

    def press_button(self, name: str, finger: bool = False) -> None:
        if name.startswith("grow:"):
            self.grow(name[5:], finger)
        elif name == "pass":
            self.commit(Pass(), finger)
        elif name == "cancel":
            self._clear_input()
        elif name == "end":
            if self.pending is not None:
                self.commit(self.pending)
        elif name == "threat":
            self.toggle_threat()

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
        if self._sel_state is not None and self._sel_state is not self.match.state:
            self._clear_input()
        if self.pending is not None and self.pending not in self.match.state.legal_moves():
            self.pending = None
        self._check_strip_focus()

    def bot_delay_ticks(self, state) -> int:
        # long enough to see whose turn it is before the bot's action lands
        return int(30 / max(0.25, self.app.settings.animation_speed))

    def cancel_input(self) -> bool:
        if self.selected is None and self.pending is None:
            return False
        self._clear_input()
        return True

    def handle_board(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.keyboard = False
            self.strip_focus = None
            self.hover_cell = self.geom.cell_at(event.pos)
            self.hover_button = self._button_at(event.pos)
            return
        if t == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 3:
                self._clear_input()
                return
            if event.button != 1:
                return
            self.keyboard = False
            self.strip_focus = None
            finger = bool(getattr(event, "finger", False))
            self.press = (event.pos, self.geom.cell_at(event.pos), self._button_at(event.pos), finger)
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
                    self.press_button(name, finger)
                return
            here = self.geom.cell_at(event.pos)
            if cell is not None and here is not None and here != cell:
                self._drag(cell, here, finger)
                return
            if here is None and cell is None:
                if not STRIP.collidepoint(event.pos):
                    self._clear_input()
                return
            self.tap(here if here is not None else cell, finger)
            return
        if t == pygame.KEYDOWN:
            self._key(event)

    def _drag(self, source, target, finger: bool) -> None:
        """A node dragged onto a cell: a move (another seat's node, or an empty
        source, is only a slipped click on the release cell)."""
        state = self.match.state
        node = state.node_at(source)
        if not self.my_turn() or node is None or node.owner != state.to_move:
            self.tap(target, finger)
            return
        self.selected = source
        self._sel_state = state
        self.commit(MoveNode(source, target), finger)

    def _key(self, event) -> None:
        self._key_action(event)
        self._check_strip_focus()

    def _key_action(self, event) -> None:
        k = event.key
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if k in arrows:
            if self.keyboard and self.strip_focus is not None:
                self.move_strip_focus(*arrows[k])
            elif self.keyboard:
                if not self.move_cursor(*arrows[k]) and arrows[k] == (1, 0):
                    self.enter_strip()
            self.keyboard = True
            return
        if k == pygame.K_SPACE:
            self.keyboard = True
            self.cycle_grow()
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.keyboard and self.strip_focus is not None:
                self.app.sound.play("click")
                self.press_button(self.strip_focus)
                return
            self.keyboard = True
            if self.pending is not None:
                self.commit(self.pending)
            elif self.my_turn() and self.match.state.must_pass():
                self.commit(Pass())
            else:
                self.tap(self.cursor)
            return
        if k in (pygame.K_s, pygame.K_m, pygame.K_l):
            self.keyboard = True
            self.grow({pygame.K_s: "S", pygame.K_m: "M", pygame.K_l: "L"}[k], key=True)
            return
        if k == pygame.K_t:
            self.toggle_threat()
            return
        if k == pygame.K_p:
            if self.my_turn():
                self.commit(Pass())
            return
        if k == pygame.K_TAB:
            self.strip_focus = None
            self.next_node(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._clear_input()

    def cycle_grow(self) -> None:
        """Space (a controller's X): propose the selected node's (or the cursor's)
        next legal grow; Enter plays the proposal."""
        state = self.match.state
        if not self.my_turn():
            self.say(f"Wait for {self.seat_label(state.to_move)} to move", "warning", 2.0)
            return
        cell = self.selected if self.selected is not None else self.cursor
        node = state.node_at(cell)
        if node is None or node.owner != state.to_move:
            self.commit(Grow(cell, "S"))  # the engine says whose node it is not
            return
        options = list(state.grow_options(cell))
        if not options:
            # no legal grow: show the engine's reason for the most telling size
            reasons = [state.why_illegal(Grow(cell, size)) for size in "LMS"]
            telling = [r for r in reasons if r and ("stash" in r or "tree" in r)]
            self.say((telling or reasons)[0], "error")
            self.app.sound.play("error")
            return
        if self.pending in options:
            move = options[(options.index(self.pending) + 1) % len(options)]
        else:
            move = options[0]
        if self.selected is None:
            self.select(cell)
        self.pending = move
        self.say(f"{move}: press Enter to play it, Space for another grow", "info", 2.5)

    def next_node(self, d: int) -> None:
        state = self.match.state
        mine = [n.cell for n in state.nodes(state.to_move)]
        self.keyboard = True
        if not mine:
            return
        if self.cursor in mine:
            self.cursor = mine[(mine.index(self.cursor) + d) % len(mine)]
        else:
            self.cursor = mine[0]

    def move_cursor(self, dx: int, dy: int) -> bool:
        """Move the board cursor one step; False at the board's edge."""
        cells = self.geom.pos
        col, row = self.cursor
        if self.kind == "square" or dy == 0:
            nxt = (col + dx, row + dy)
            self.goal_x = None
            if nxt in cells:
                self.cursor = nxt
                return True
            return False
        # hexagon: the row above / below, keeping as close as possible to the x
        # where the vertical run began
        x0 = self.goal_x if self.goal_x is not None else self.geom.pos[self.cursor][0]
        options = [c for c in cells if c[1] == row + dy]
        if not options:
            return False
        bias = 0.01 * (1 if dy > 0 else -1)
        self.cursor = min(options, key=lambda c: abs(cells[c][0] - x0 - bias * self.geom.unit))
        self.goal_x = x0
        return True

    # -- the strip's buttons under the keyboard / controller focus -----------------------
    def strip_rows(self) -> list[list[str]]:
        """The strip's buttons now, top to bottom, each row left to right."""
        self.buttons_rects = self._layout_buttons(self.match.state)
        rows: dict = {}
        for name, (rect, _) in self.buttons_rects.items():
            rows.setdefault(rect.y, []).append((rect.x, name))
        return [[name for _, name in sorted(row)] for _, row in sorted(rows.items())]

    def enter_strip(self) -> None:
        """Right from the board's edge: focus the row of buttons nearest the cursor."""
        rows = self.strip_rows()
        if not rows:
            return
        y = self.geom.pos[self.cursor][1]
        row = min(rows, key=lambda r: abs(self.buttons_rects[r[0]][0].centery - y))
        self.strip_focus = row[0]
        self.app.sound.play("hover")

    def move_strip_focus(self, dx: int, dy: int) -> None:
        rows = self.strip_rows()
        at = [(i, row.index(self.strip_focus)) for i, row in enumerate(rows) if self.strip_focus in row]
        if not at:
            self.strip_focus = None
            return
        i, j = at[0]
        if dx:
            if 0 <= j + dx < len(rows[i]):
                self.strip_focus = rows[i][j + dx]
            elif dx < 0:
                self.strip_focus = None  # back to the board cursor
                return
            else:
                return
        elif 0 <= i + dy < len(rows):
            x = self.buttons_rects[self.strip_focus][0].centerx
            self.strip_focus = min(rows[i + dy], key=lambda n: abs(self.buttons_rects[n][0].centerx - x))
        else:
            return
        self.app.sound.play("hover")

    def _check_strip_focus(self) -> None:
        """A focused button that is gone (its action played, the turn passed) hands the
        focus back to the board cursor."""
        if self.strip_focus is not None and self.strip_focus not in self._layout_buttons(self.match.state):
            self.strip_focus = None

    # ================================================================== strip layout
    def button_rect(self, name: str) -> pygame.Rect | None:
        """Where a strip button is now (None when it is not shown)."""
        self.buttons_rects = self._layout_buttons(self.match.state)
        hit = self.buttons_rects.get(name)
        return hit[0] if hit else None

    def _button_at(self, pos):
        self.buttons_rects = self._layout_buttons(self.match.state)
        for name, (rect, _) in self.buttons_rects.items():
            if rect.collidepoint(pos):
                return name
        return None

    def _layout_buttons(self, state) -> dict:
        """Every strip button for the current situation: name -> (rect, enabled)."""
        out: dict = {}
        x, w = STRIP.x + 10, STRIP.w - 20
        out["threat"] = (pygame.Rect(STRIP.x, STRIP.bottom - MIN_TARGET - 4, STRIP.w, MIN_TARGET + 4), True)
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
                out[f"grow:{size}"] = (pygame.Rect(x + k * (bw + 8), y, bw, MIN_TARGET + 8),
                                       Grow(self.selected, size) in legal)
            out["cancel"] = (pygame.Rect(x, y + MIN_TARGET + 16, w, MIN_TARGET), True)  # ends at +228
        return out

    # ================================================================== text
    def _text(self, text: str, size: int, colour, kind: str = "bold", max_width: int | None = None) -> pygame.Surface:
        c = pygame.Color(colour)
        key = (text, size, (c.r, c.g, c.b, c.a), kind, max_width)
        img = self._text_cache.get(key)
        if img is None:
            font = self.app.theme.font(size, kind)
            if max_width is not None and font.size(text)[0] > max_width:
                while text and font.size(text + "…")[0] > max_width:
                    text = text[:-1]
                text += "…"
            img = font.render(text, True, c)
            if c.a < 255:
                img.set_alpha(c.a)
            if len(self._text_cache) > 800:
                self._text_cache.clear()
            self._text_cache[key] = img
        return img

    def _blit(self, surface, text, size, colour, pos, anchor="topleft", kind="bold", max_width=None) -> pygame.Rect:
        img = self._text(text, size, colour, kind, max_width)
        rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(img, rect)
        return rect

    def _card(self, surface, rect, edge: str = "panel_edge", fill: str = "panel", alpha: int = 225) -> None:
        key = ("card", rect.size, edge, fill, alpha)
        card = self._cache.get(key)
        if card is None:
            card = pygame.Surface(rect.size, pygame.SRCALPHA)
            draw_panel(card, card.get_rect(), self.app.theme, fill=fill, edge=edge, alpha=alpha, radius=12)
            self._cache[key] = card
        surface.blit(card, rect)

    # ================================================================== board drawing
    def _background(self) -> pygame.Surface:
        if self._bg is None:
            surf = pygame.Surface(BOARD_REGION.size, pygame.SRCALPHA)
            cx, cy = BOARD_CENTRE[self.kind]
            geom = BoardGeom(self.kind, self.geom.unit, (cx - BOARD_REGION.x, cy - BOARD_REGION.y))
            draw_board_plate(surf, self.app.theme, geom, True, self.app.theme.font(16, "bold"))
            if self.kind == "hex":
                font = self.app.theme.font(11, "regular")
                dim = pygame.Color(self.app.theme["text_dim"])
                for c in geom.cells:
                    img = font.render(cell_label(c).lower(), True, dim)
                    img.set_alpha(90)
                    x, y = geom.pos[c]
                    surf.blit(img, img.get_rect(midtop=(round(x), round(y - geom.radius + 5))))
            self._bg = surf
        return self._bg

    def _glyphs(self) -> bool:
        return bool(getattr(self.app.settings, "colour_blind", False))

    def node_sprite(self, owner: int, pieces: str) -> pygame.Surface:
        return stack_sprite(self.seat_colour(owner), pieces, round(self.geom.unit),
                            seat_glyph(owner) if self._glyphs() else None)

    def _cells_overlay(self, key, cells, colour, alpha: int, outline: int = 0, inset: float = 3.0) -> pygame.Surface:
        """A cached SRCALPHA layer over the board region tinting ``cells``."""
        def make():
            layer = pygame.Surface(BOARD_REGION.size, pygame.SRCALPHA)
            c = pygame.Color(colour)
            fill = (c.r, c.g, c.b, alpha)
            line = (c.r, c.g, c.b, min(255, alpha * 3))
            ox, oy = BOARD_REGION.topleft
            for cell in cells:
                pts = [(x - ox, y - oy) for x, y in self.geom.poly(cell, inset)]
                pygame.draw.polygon(layer, fill, pts)
                if outline:
                    pygame.draw.polygon(layer, line, pts, outline)
            return layer
        return self._cached(key, make)

    def _threat_layer(self, state, seat: int) -> pygame.Surface:
        def make():
            theme = self.app.theme
            layer = pygame.Surface(BOARD_REGION.size, pygame.SRCALPHA)
            bad = pygame.Color(theme["bad"])
            ox, oy = BOARD_REGION.topleft
            u = self.geom.unit
            for cell in state.enemy_influence(seat):
                pts = [(x - ox, y - oy) for x, y in self.geom.poly(cell, 2)]
                pygame.draw.polygon(layer, (bad.r, bad.g, bad.b, 58), pts)
                x, y = self.geom.pos[cell]
                x, y = x - ox, y - oy
                for k in (-0.25, 0.0, 0.25):  # hatching, so it reads without colour
                    d = k * u
                    pygame.draw.line(layer, (bad.r, bad.g, bad.b, 120), (x - u * 0.22 + d, y + u * 0.22 + d),
                                     (x + u * 0.22 + d, y - u * 0.22 + d), 1)
            for node in state.threatened_nodes(seat):
                pts = [(x - ox, y - oy) for x, y in self.geom.poly(node.cell, 3)]
                pygame.draw.polygon(layer, (bad.r, bad.g, bad.b, 230), pts, 3)
            return layer
        return self._cached(("threat", state, seat), make)

    def _rings_layer(self, state, cell) -> pygame.Surface | None:
        node = state.node_at(cell)
        if node is None:
            return None

        def make():
            layer = pygame.Surface(BOARD_REGION.size, pygame.SRCALPHA)
            colour = lighten(self.seat_colour(node.owner), 0.35)
            ox, oy = BOARD_REGION.topleft
            rings = state.influence_rings(cell)
            cx, cy = self.geom.pos[cell]
            line = (*lighten(colour, 0.3)[:3], 235)
            for size, alpha in (("L", 50), ("M", 80), ("S", 115)):
                ring_cells = rings.get(size, ())
                for c in ring_cells:
                    pts = [(x - ox, y - oy) for x, y in self.geom.poly(c, 2)]
                    pygame.draw.polygon(layer, (*colour[:3], alpha), pts)
                for a, b in self._ring_edges(cell, ring_cells):  # the ring's two boundaries
                    pygame.draw.line(layer, line, (a[0] - ox, a[1] - oy), (b[0] - ox, b[1] - oy), 3)
                if ring_cells:
                    # name the ring once, on the cell nearest straight above the node
                    tag = min(ring_cells, key=lambda c: (state.node_at(c) is not None, self.geom.pos[c][1] >= cy,
                                                         abs(self.geom.pos[c][0] - cx), self.geom.pos[c][1]))
                    x, y = self.geom.pos[tag]
                    img = self._text(f"{size}{PIPS[size]}", 13, (255, 255, 255))
                    bg = pygame.Rect(0, 0, img.get_width() + 8, img.get_height() + 2)
                    bg.center = (round(x - ox), round(y - oy))
                    pygame.draw.rect(layer, (*darken(colour, 0.55)[:3], 230), bg, border_radius=6)
                    layer.blit(img, img.get_rect(center=bg.center))
            pts = [(x - ox, y - oy) for x, y in self.geom.poly(cell, 2)]
            pygame.draw.polygon(layer, (255, 255, 255, 200), pts, 2)
            return layer
        return self._cached(("rings", state, cell), make)

    def _ring_edges(self, centre, ring_cells) -> list:
        """Cell edges on the inner and outer boundary of a ring: edges whose cell on
        the other side is not in the ring (reflecting a cell's centre across an edge's
        midpoint gives the neighbour's centre on both boards)."""
        inside = set(ring_cells)
        by_pos = self._cached(("bypos", self.kind), lambda: {(round(x), round(y)): c
                                                               for c, (x, y) in self.geom.pos.items()})
        edges = []
        for c in ring_cells:
            cx, cy = self.geom.pos[c]
            pts = self.geom.poly(c)
            for i, a in enumerate(pts):
                b = pts[(i + 1) % len(pts)]
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                nx, ny = 2 * mx - cx, 2 * my - cy
                other = None
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        other = other or by_pos.get((round(nx) + dx, round(ny) + dy))
                if other not in inside:
                    edges.append((a, b))
        return edges

    def _targets_layer(self, state, cells, colour, key, tint: bool = True) -> pygame.Surface:
        def make():
            layer = pygame.Surface(BOARD_REGION.size, pygame.SRCALPHA)
            c = pygame.Color(colour)
            ox, oy = BOARD_REGION.topleft
            u = self.geom.unit
            for cell in cells:
                x, y = self.geom.pos[cell]
                x, y = x - ox, y - oy
                if tint:
                    pts = [(px - ox, py - oy) for px, py in self.geom.poly(cell, 4)]
                    pygame.draw.polygon(layer, (c.r, c.g, c.b, 40), pts)
                pygame.draw.circle(layer, (c.r, c.g, c.b, 170), (x, y), u * 0.10)
                pygame.draw.circle(layer, (255, 255, 255, 200), (x, y), u * 0.10, 2)
            return layer
        return self._cached(key, make)

    def _shown_nodes(self, state) -> list:
        """(x, y, owner, pieces, alpha, scale) for each node of a settled state."""
        def make():
            out = []
            for n in state.nodes():
                x, y = self.geom.pos[n.cell]
                out.append((x, y, n.owner, n.pieces, 255, 1.0))
            return out
        return self._cached(("nodes", state), make)

    def _draw_nodes(self, surface, nodes) -> None:
        u = self.geom.unit
        for x, y, owner, pieces, alpha, scale in sorted(nodes, key=lambda n: n[1]):
            if not pieces or alpha <= 0:
                continue
            spr = self.node_sprite(owner, pieces)
            if scale != 1.0:
                size = max(2, round(u * scale))
                spr = pygame.transform.smoothscale(spr, (size, size))
            if alpha < 255:
                spr = spr.copy()
                spr.set_alpha(int(alpha))
            rect = spr.get_rect(center=(round(x), round(y)))
            surface.blit(spr, rect)

    def _outline(self, surface, cell, colour, width: int = 3, inset: float = 2.0) -> None:
        pygame.draw.polygon(surface, colour, self.geom.poly(cell, inset), width)

    def _badge(self, surface, pos, text: str, fill, fg=(255, 255, 255), size: int = 14) -> None:
        img = self._text(text, size, fg)
        r = pygame.Rect(0, 0, max(img.get_width() + 10, img.get_height() + 4), img.get_height() + 4)
        r.center = (round(pos[0]), round(pos[1]))
        pygame.draw.rect(surface, fill, r, border_radius=r.h // 2)
        pygame.draw.rect(surface, darken(fill, 0.5), r, 1, border_radius=r.h // 2)
        surface.blit(img, img.get_rect(center=r.center))

    def _draw_preview_marks(self, surface, end, strength: float = 1.0) -> None:
        """Amber for nodes the end of the turn will decay, red for those it kills."""
        if end is None:
            return
        theme = self.app.theme
        u = self.geom.unit
        amber = pygame.Color(theme["accent"])
        bad = pygame.Color(theme["bad"])
        width = 3 if strength >= 1 else 2
        for d in end.decays:
            self._outline(surface, d.cell, amber, width, 3)
        for node in end.deaths:
            x, y = self.geom.pos[node.cell]
            r = u * 0.26
            pygame.draw.line(surface, darken(bad, 0.4), (x - r, y - r), (x + r, y + r), 8)
            pygame.draw.line(surface, darken(bad, 0.4), (x - r, y + r), (x + r, y - r), 8)
            pygame.draw.line(surface, bad, (x - r, y - r), (x + r, y + r), 4)
            pygame.draw.line(surface, bad, (x - r, y + r), (x + r, y - r), 4)
            self._outline(surface, node.cell, bad, width, 3)
        for d in end.decays:  # the power lost, over everything else
            x, y = self.geom.pos[d.cell]
            loss = power_of(d.before) - power_of(d.after)
            self._badge(surface, (x - u * 0.30, y - u * 0.36), f"-{loss}", darken(amber, 0.15), (20, 20, 30), 13)
        if end.wins:
            for n in self.match.state.nodes(end.seat):
                if n.pieces == "SML":
                    self._outline(surface, n.cell, theme["good"], 3, 3)

    def _draw_ghost(self, surface, state, move) -> list:
        """A candidate action drawn faintly, as the engine would leave it after the
        action (before the end of the turn); the source of a move is dimmed."""
        def make():
            try:
                return self._mid_nodes(state, state.apply(move), self.preview(state, move))
            except ValueError:
                return {}
        mid = self._cached(("mid", state, str(move)), make)
        changed = self._move_cells(move)
        nodes = [n for n in self._shown_nodes(state) if (n[0], n[1]) not in [self.geom.pos[c] for c in changed]]
        a = int(150 + 60 * pulse(self.ticks, 0.15))
        for c in changed:
            before = state.node_at(c)
            if before is not None:
                x, y = self.geom.pos[c]
                nodes.append((x, y, before.owner, before.pieces, 80 if isinstance(move, MoveNode) else 110, 1.0))
            if c in mid and not (isinstance(move, MoveNode) and c == move.source):
                x, y = self.geom.pos[c]
                owner, pieces = mid[c]
                nodes.append((x, y, owner, pieces, a, 1.0))
        if isinstance(move, MoveNode):
            pygame.draw.line(surface, lighten(self.seat_colour(state.to_move), 0.4), self.geom.pos[move.source],
                             self.geom.pos[move.target], 3)
        return nodes

    def draw_board(self, surface: pygame.Surface, state, alpha: float) -> None:
        live = state is self.match.state
        self._draw_frame(surface, state, live=live)

    def _draw_frame(self, surface, state, *, live: bool, nodes=None) -> None:
        theme = self.app.theme
        surface.blit(self._background(), BOARD_REGION)
        seat = state.to_move
        viewer = self.viewer()
        if self.threat_view:
            surface.blit(self._threat_layer(state, viewer), BOARD_REGION)
        focus = None
        if live and not self.anim:
            focus = self.cursor if self.keyboard else self.hover_cell
        cand = None
        mine = live and self.my_turn() and not state.is_terminal()
        if live:
            self._draw_last_move(surface)
        if mine:
            me = pygame.Color(self.seat_colour(seat))
            if self.selected is not None:
                targets = self._cached(("targets", state, self.selected),
                                       lambda: frozenset(state.move_targets(self.selected)))
                layer = self._targets_layer(state, targets, theme["accent_2"], ("tl", state, self.selected),
                                            tint=len(targets) < 24)
                layer.set_alpha(int(170 + 85 * pulse(self.ticks, 0.1)))
                surface.blit(layer, BOARD_REGION)
                self._outline(surface, self.selected, theme["accent"], 4, 1)
            elif self.pending is None:
                quiet = focus is not None and state.node_at(focus) is not None  # the rings speak
                layer = self._targets_layer(state, self._place_targets(state), lighten(me, 0.2),
                                            ("pl", state, quiet), tint=not quiet)
                layer.set_alpha(int(150 + 90 * pulse(self.ticks, 0.1)))
                surface.blit(layer, BOARD_REGION)
            cand = self.candidate()
        if focus is not None and state.node_at(focus) is not None:
            layer = self._rings_layer(state, focus)
            if layer is not None:
                surface.blit(layer, BOARD_REGION)
        if nodes is None:
            nodes = self._draw_ghost(surface, state, cand) if cand is not None else self._shown_nodes(state)
        self._draw_nodes(surface, nodes)
        if mine:
            end = self.preview(state, cand) if cand is not None else self.preview(state, None)
            self._draw_preview_marks(surface, end, 1.0 if cand is not None else 0.6)
            if self.pending is not None:
                for c in self._move_cells(self.pending):
                    self._outline(surface, c, theme["good"], 4, 1)
        if live and self.keyboard:
            if self.strip_focus is None:
                self._outline(surface, self.cursor, theme["focus"], 4, -1)
            else:  # where Left comes back to
                self._outline(surface, self.cursor, darken(theme["focus"], 0.4), 2, -1)
        elif live and self.hover_cell is not None and not self.anim:
            self._outline(surface, self.hover_cell, lighten(theme["text"], 0.0), 2, 1)
        self._draw_strip(surface, state, live)

    @staticmethod
    def _move_cells(move) -> list:
        if isinstance(move, MoveNode):
            return [move.source, move.target]
        if isinstance(move, (Place, Grow)):
            return [move.cell]
        return []

    def _last_move(self):
        """(move, seat, end-of-turn) of the latest action, for marking it."""
        m = self.match
        key = m.state
        if key is not self._last_key:
            self._last_key = key
            self._last = None
            if m.entries and len(m.states) >= 2:
                prev = m.states[-2]
                entry = m.entries[-1]
                try:
                    move = prev.parse_move(entry.text)
                    self._last = (move, entry.seat, prev.decay_preview(move))
                except ValueError:
                    self._last = None
        return self._last

    def _draw_last_move(self, surface) -> None:
        last = self._last_move()
        if last is None or self.shown is not self.match.state:
            return
        move, seat, _ = last
        colour = lighten(self.seat_colour(seat), 0.25)
        if isinstance(move, MoveNode):
            a, b = self.geom.pos[move.source], self.geom.pos[move.target]
            pygame.draw.line(surface, darken(colour, 0.3), a, b, 3)
            pygame.draw.circle(surface, colour, a, self.geom.unit * 0.12, 2)
            self._outline(surface, move.target, colour, 2, 4)
        elif isinstance(move, (Place, Grow)):
            self._outline(surface, move.cell, colour, 2, 4)

    # ================================================================== animation
    def transition_ticks(self, old, new, move) -> int:
        end = self.preview(old, move)
        effects = bool(end and (end.decays or end.deaths))
        if isinstance(move, Pass):
            return EFFECT_TICKS if effects else 16
        return ACTION_TICKS + (EFFECT_TICKS if effects else 0)

    def _mid_nodes(self, old, new, end) -> dict:
        """cell -> (owner, pieces) after the action, before the end of the turn: the
        new board with the engine's reported decays and deaths undone."""
        mid = {n.cell: (n.owner, n.pieces) for n in new.nodes()}
        if end is not None:
            for node in end.deaths:
                mid[node.cell] = (end.seat, node.pieces)
            for d in end.decays:
                mid[d.cell] = (end.seat, d.before)
        return mid

    def draw_transition(self, surface: pygame.Surface, old, new, move, t: float) -> None:
        end = self.preview(old, move)
        effects = bool(end and (end.decays or end.deaths))
        split = 0.0 if isinstance(move, Pass) else (ACTION_TICKS / (ACTION_TICKS + EFFECT_TICKS) if effects else 1.0)
        mid = self._mid_nodes(old, new, end)
        pos = self.geom.pos
        seat = old.to_move
        if t < split:
            u = t / split
            nodes = []
            for n in old.nodes():
                if isinstance(move, MoveNode) and n.cell == move.source:
                    continue
                if isinstance(move, Grow) and n.cell == move.cell:
                    continue
                x, y = pos[n.cell]
                nodes.append((x, y, n.owner, n.pieces, 255, 1.0))
            if isinstance(move, Place):
                x, y = pos[move.cell]
                e = ease(u)
                nodes.append((x, y - (1 - e) * self.geom.unit * 0.8, seat, "S", 80 + 175 * e, 1.0))
            elif isinstance(move, MoveNode):
                (sx, sy), (tx, ty) = pos[move.source], pos[move.target]
                e = ease(u)
                hop = math.sin(math.pi * e) * self.geom.unit * 0.35
                owner, pieces = mid.get(move.target, (seat, old.node_at(move.source).pieces))
                nodes.append((sx + (tx - sx) * e, sy + (ty - sy) * e - hop, owner, pieces, 255, 1.0))
            elif isinstance(move, Grow):
                x, y = pos[move.cell]
                before = old.node_at(move.cell).pieces
                owner, after = mid.get(move.cell, (seat, before))
                nodes.append((x, y, owner, before, 255 * (1 - u), 1.0))
                nodes.append((x, y, owner, after, 255 * min(1.0, u * 1.6), 0.85 + 0.15 * ease_out_back(u)))
            self._draw_frame(surface, old, live=False, nodes=nodes)
            return
        v = (t - split) / (1 - split) if split < 1 else 1.0
        decays = {d.cell: d for d in end.decays} if end else {}
        deaths = {n.cell for n in end.deaths} if end else set()
        both = bool(decays) and bool(deaths)
        dv = min(1.0, v * 2) if both else v
        kv = max(0.0, v * 2 - 1) if both else v
        nodes = []
        for cell, (owner, pieces) in mid.items():
            x, y = pos[cell]
            if cell in decays:
                d = decays[cell]
                nodes.append((x, y, owner, d.before, 255 * (1 - dv), 1.0))
                if d.after:
                    nodes.append((x, y, owner, d.after, 255 * dv if cell not in deaths else 255 * dv * (1 - kv), 1.0))
            elif cell in deaths:
                nodes.append((x, y, owner, pieces, 255 * (1 - kv), 1.0 - 0.3 * kv))
            else:
                nodes.append((x, y, owner, pieces, 255, 1.0))
        self._draw_frame(surface, new, live=False, nodes=nodes)
        theme = self.app.theme
        u = self.geom.unit
        for cell, d in decays.items():
            x, y = pos[cell]
            loss = power_of(d.before) - power_of(d.after)
            self._outline(surface, cell, theme["accent"], 3, 3)
            self._badge(surface, (x, y - u * 0.3 - u * 0.35 * dv), f"-{loss}", theme["accent"], (20, 20, 30), 14)
        for cell in deaths:
            x, y = pos[cell]
            a = max(0.0, 1 - kv)
            r = u * (0.2 + 0.25 * kv)
            colour = lighten(theme["bad"], 0.2 * kv)
            for k in range(6):  # shards flying apart
                ang = k * math.pi / 3 + 0.4
                px, py = x + math.cos(ang) * r, y + math.sin(ang) * r - u * 0.1
                pygame.draw.circle(surface, colour, (px, py), max(1.0, 4 * a))
            self._outline(surface, cell, theme["bad"], 3, 3)

    # ================================================================== hint
    def draw_hint(self, surface, move) -> None:
        theme = self.app.theme
        colour = theme["good"]
        u = self.geom.unit
        w = 3 + round(2 * pulse(self.ticks, 0.2))
        for c in self._move_cells(move):
            self._outline(surface, c, colour, w, 0)
        if isinstance(move, MoveNode):
            pygame.draw.line(surface, colour, self.geom.pos[move.source], self.geom.pos[move.target], 3)
        cells = self._move_cells(move)
        if cells:
            x, y = self.geom.pos[cells[-1]]
            label = f"+{move.size}" if isinstance(move, Grow) else "hint"
            self._badge(surface, (x, y + u * 0.42), label, darken(colour, 0.3), (255, 255, 255), 13)

    # ================================================================== strip
    def _draw_strip(self, surface, state, live: bool) -> None:
        theme = self.app.theme
        self.buttons_rects = self._layout_buttons(self.match.state)
        w = STRIP.w
        # turn order
        r = TURN_CARD
        self._card(surface, r)
        self._blit(surface, f"Round {state.round_number} of {ROUND_LIMIT}", 17, theme["text"], (r.x + 12, r.y + 8))
        n = state.num_players
        to_move = state.to_move if not state.is_terminal() else -1
        step = min(34, (w - 24) // n)
        gx = r.x + 12 + step // 2
        for s in range(n):
            cx, cy = gx + s * step, r.y + 54
            current = s == to_move
            rad = 13 if current else 10
            colour = self.seat_colour(s)
            if current:
                pygame.draw.circle(surface, theme["accent"], (cx, cy), rad + 4, 3)
                pygame.draw.polygon(surface, theme["accent"],
                                    [(cx - 6, r.y + 30), (cx + 6, r.y + 30), (cx, r.y + 37)])
            pygame.draw.circle(surface, colour if current else darken(colour, 0.2), (cx, cy), rad)
            pygame.draw.circle(surface, darken(colour, 0.6), (cx, cy), rad, 1)
            if self._glyphs():
                draw_glyph(surface, seat_glyph(s), (cx, cy), rad * 0.6, (15, 15, 25))
            if s < n - 1 and step >= 30:
                pygame.draw.line(surface, theme["text_dim"], (cx + rad + 3, cy), (cx + step - 13, cy), 1)
        # action card
        a = ACTION_CARD
        self._card(surface, a, edge="accent" if live and self.my_turn() and not state.is_terminal() else "panel_edge")
        self._draw_action_card(surface, a, state, live)
        # end-of-turn preview
        p = PREVIEW_CARD
        self._card(surface, p)
        self._draw_preview_card(surface, p, state, live)
        # the node under the pointer
        q = NODE_CARD
        self._card(surface, q)
        self._draw_node_card(surface, q, state, live)
        # buttons
        for name, (rect, enabled) in self.buttons_rects.items():
            self._draw_button(surface, name, rect, enabled)

    def _draw_grow_button(self, surface, size: str, rect, enabled: bool) -> None:
        """A grow button: the piece that comes in, as a pyramid and its letter."""
        theme = self.app.theme
        hover = self.hover_button == f"grow:{size}" and not self.keyboard
        self._draw_focus_ring(surface, f"grow:{size}", rect)
        fill = lighten(theme["panel"], 0.16 if enabled else 0.0)
        if hover and enabled:
            fill = lighten(fill, 0.15)
        pygame.draw.rect(surface, fill, rect, border_radius=10)
        edge = theme["accent"] if hover else (theme["accent_2"] if enabled else theme["panel_edge"])
        pygame.draw.rect(surface, edge, rect, 2, border_radius=10)
        seat = self.match.state.to_move
        colour = self.seat_colour(seat) if enabled else darken(self.seat_colour(seat), 0.6)
        unit = 34
        spr = stack_sprite(colour, size, unit, None)
        lift = (GROUND - PIECE_SHAPE[size][1] / 2) * unit  # centre the piece, not the sprite
        surface.blit(spr, spr.get_rect(center=(rect.x + 18, round(rect.centery - lift))))
        fg = theme["text"] if enabled else theme["text_dim"]
        self._blit(surface, f"+{size}", 18, fg, (rect.right - 6, rect.centery), "midright")

    def _draw_focus_ring(self, surface, name: str, rect) -> None:
        if self.keyboard and self.strip_focus == name:
            colour = lighten(self.app.theme["focus"], 0.3 * pulse(self.ticks, 0.15))
            pygame.draw.rect(surface, colour, rect.inflate(8, 8), 3, border_radius=13)

    def _button_text(self, name: str) -> tuple[str, str]:
        return {
            "threat": (f"Threat view: {'on' if self.threat_view else 'off'}", "T"),
            "pass": ("Pass", "P"),
            "end": ("End turn", "Enter"),
            "cancel": ("Cancel", "Esc"),
        }[name]

    def _draw_button(self, surface, name, rect, enabled: bool) -> None:
        theme = self.app.theme
        if name.startswith("grow:"):
            self._draw_grow_button(surface, name[5:], rect, enabled)
            return
        text, key = self._button_text(name)
        hover = self.hover_button == name and not self.keyboard
        self._draw_focus_ring(surface, name, rect)
        primary = name in ("end", "pass") or (name == "threat" and self.threat_view)
        if primary:
            fill = theme["accent"] if enabled else theme["panel"]
            fg = (20, 20, 32)
        else:
            fill = lighten(theme["panel"], 0.12 if enabled else 0.0)
            fg = theme["text"] if enabled else theme["text_dim"]
        if hover and enabled:
            fill = lighten(fill, 0.15)
        pygame.draw.rect(surface, fill, rect, border_radius=10)
        pygame.draw.rect(surface, theme["accent"] if hover else theme["panel_edge"], rect, 2, border_radius=10)
        kimg = self._text(key, 13, fg if primary else theme["text_dim"], "regular")
        self._blit(surface, text, 16, fg, (rect.x + 12, rect.centery), "midleft",
                   max_width=rect.w - 28 - kimg.get_width())
        surface.blit(kimg, kimg.get_rect(midright=(rect.right - 10, rect.centery)))

    def _wrapped(self, surface, text: str, size: int, colour, x: int, y: int, width: int, kind="regular",
                 line_h: int | None = None, max_lines: int = 6) -> int:
        font = self.app.theme.font(size, kind)
        key = ("wrap", text, size, width, kind)
        lines = self._cache.get(key)
        if lines is None:
            lines = self._cache[key] = wrap_text(text, font, width)
        lh = line_h or size + 5
        for line in lines[:max_lines]:
            self._blit(surface, line, size, colour, (x, y), kind=kind)
            y += lh
        return y

    def _draw_action_card(self, surface, a, state, live: bool) -> None:
        theme = self.app.theme
        m = self.match
        x, y, w = a.x + 12, a.y + 10, a.w - 24
        if m.is_over():
            out = m.state.outcome()
            self._blit(surface, "Game over", 20, theme["accent"], (x, y))
            self._wrapped(surface, out.reason if out else "", 16, theme["text"], x, y + 32, w)
            return
        seat = m.to_move()
        colour = self.seat_colour(seat)
        pygame.draw.circle(surface, colour, (x + 8, y + 12), 8)
        if self._glyphs():
            draw_glyph(surface, seat_glyph(seat), (x + 8, y + 12), 5, (15, 15, 25))
        if not self.my_turn():
            self._blit(surface, self.seat_label(seat), 18, theme["text"], (x + 24, y), max_width=w - 24)
            dots = "." * (1 + (self.ticks // 20) % 3)
            self._blit(surface, f"is thinking{dots}", 16, theme["text_dim"], (x + 24, y + 26), kind="regular")
            self._wrapped(surface, "Watch its action land on the board; the move log lists every turn.",
                          15, theme["text_dim"], x, y + 62, w)
            return
        self._blit(surface, f"{self.seat_name(seat)}, your turn", 18, theme["text"], (x + 24, y), max_width=w - 24)
        y += 32
        small = state.stash(seat)[0] if not state.is_terminal() else 0
        if self.pending is not None:
            self._blit(surface, f"Proposed: {self.pending}", 15, theme["accent"], (x, y), max_width=w)
            return
        if live and state.must_pass():
            self._wrapped(surface, "None of your nodes can act and you cannot place: you must pass.",
                          15, theme["text"], x, y, w)
            return
        if self.selected is not None and state.node_at(self.selected) is not None:
            node = state.node_at(self.selected)
            self._blit(surface, f"{cell_label(self.selected)}: {pieces_words(node.pieces)}, power {node.power}",
                       15, theme["accent"], (x, y), max_width=w)
            y += 22
            n_targets = len(state.move_targets(self.selected))
            text = (f"Move it: click or drag to a glowing cell ({n_targets})" if n_targets
                    else "It has nowhere to move")
            self._wrapped(surface, text, 15, theme["text"], x, y, w, max_lines=2)
            self._blit(surface, "Grow: the piece that comes in" if not node.is_tree else "Grow: a tree is complete",
                       13, theme["text_dim"], (x, ACTION_CARD.y + 104), kind="regular", max_width=w)
            return
        lines = [
            f"Place a small ({small} left): click a glowing cell" if small else "No small left to place",
            "Grow or move: click one of your nodes",
            "Keys: arrows, Enter, Tab\nS/M/L or Space: grow\nT: threat view\nRight edge: the buttons",
        ]
        for k, line in enumerate(lines):
            y = self._wrapped(surface, line, 15, theme["text"] if k < 2 else theme["text_dim"], x, y, w) + 6

    def _draw_preview_card(self, surface, p, state, live: bool) -> None:
        theme = self.app.theme
        x, y, w = p.x + 12, p.y + 10, p.w - 24
        if live and self.my_turn() and not state.is_terminal():
            cand = self.candidate()
            end = self.preview(state, cand) if cand is not None else self.preview(state, None)
            title = f"After {cand}" if cand is not None else "End of turn, as it stands"
            self._blit(surface, title, 16, theme["accent_2"], (x, y), max_width=w)
            self._preview_lines(surface, end, x, y + 26, w, p.bottom - 8)
            return
        last = self._last_move() if live else None
        if last is None and not live and self.anim is not None:
            old, _, move, seat, _ = self.anim
            last = (move, seat, self.preview(old, move))
        if last is None:
            self._blit(surface, "End of turn", 16, theme["accent_2"], (x, y))
            self._wrapped(surface, "Your nodes in a rival's area lose a power; unsupported ones die.",
                          15, theme["text_dim"], x, y + 26, w)
            return
        move, seat, end = last
        self._blit(surface, f"{self.seat_name(seat)}: {move}", 16, lighten(self.seat_colour(seat), 0.3), (x, y),
                   max_width=w)
        self._preview_lines(surface, end, x, y + 26, w, p.bottom - 8, past=True)

    def _preview_lines(self, surface, end, x, y, w, bottom, past: bool = False) -> None:
        theme = self.app.theme
        if end is None:
            return
        lines = []
        if end.wins:
            lines.append(("star", "Fifth tree: wins the game!" if past else "Fifth tree: you win!", theme["good"]))
        dead = {n.cell for n in end.deaths}
        decayed = {d.cell for d in end.decays}
        died = "died" if past else "dies"
        for d in end.decays:
            if d.cell in dead:  # both: one line, in red
                lines.append(("cross", f"{cell_label(d.cell)}: {'decayed' if past else 'decays'}, then {died}",
                              theme["bad"]))
        for node in end.deaths:
            if node.cell not in decayed:
                lines.append(("cross", f"{cell_label(node.cell)}: {died}, no support", theme["bad"]))
        for d in end.decays:
            if d.cell in dead:
                continue
            verb = "decayed" if past else "decays"
            text = (f"{cell_label(d.cell)}: {pieces_words(d.before, True)} {verb} to {pieces_words(d.after, True)}"
                    if d.after else f"{cell_label(d.cell)}: {pieces_words(d.before, True)} {verb} away")
            lines.append(("down", text, theme["accent"]))
        if not lines:
            lines.append(("check", "No decay, no deaths", theme["good"]))
        max_lines = max(1, (bottom - y) // 21)
        if len(lines) > max_lines:
            extra = len(lines) - max_lines + 1
            lines = lines[:max_lines - 1] + [("", f"... and {extra} more", theme["text_dim"])]
        for icon, text, colour in lines:
            self._icon(surface, icon, (x + 7, y + 10), colour)
            self._blit(surface, text, 15, colour, (x + 20, y), kind="regular", max_width=w - 20)
            y += 21

    @staticmethod
    def _icon(surface, kind: str, centre, colour, s: float = 6.0) -> None:
        """Small drawn icons (the fonts have no check marks or stars)."""
        cx, cy = centre
        if kind == "check":
            pts = [(cx - s, cy), (cx - s * 0.3, cy + s * 0.7), (cx + s, cy - s * 0.8)]
            pygame.draw.lines(surface, colour, False, pts, 3)
        elif kind == "down":
            pygame.draw.polygon(surface, colour, [(cx - s, cy - s * 0.6), (cx + s, cy - s * 0.6), (cx, cy + s * 0.8)])
        elif kind == "cross":
            pygame.draw.line(surface, colour, (cx - s * 0.8, cy - s * 0.8), (cx + s * 0.8, cy + s * 0.8), 3)
            pygame.draw.line(surface, colour, (cx - s * 0.8, cy + s * 0.8), (cx + s * 0.8, cy - s * 0.8), 3)
        elif kind == "star":
            draw_glyph(surface, "star", (cx, cy), s * 1.2, colour)

    def _draw_node_card(self, surface, q, state, live: bool) -> None:
        theme = self.app.theme
        x, y, w = q.x + 12, q.y + 8, q.w - 24
        cell = (self.cursor if self.keyboard else self.hover_cell) if live else None
        node = state.node_at(cell) if cell is not None else None
        if node is None:
            if self.threat_view:
                self._blit(surface, "Threat view", 16, theme["bad"], (x, y))
                self._wrapped(surface, f"Shaded: the cells {self.seat_name(self.viewer())}'s rivals reach.",
                              14, theme["text_dim"], x, y + 24, w,
                              line_h=18, max_lines=(q.bottom - y - 24) // 18)
            else:
                self._blit(surface, "Influence", 16, theme["accent_2"], (x, y))
                self._wrapped(surface, "Point at a node to see the rings it reaches.",
                              14, theme["text_dim"], x, y + 24, w, line_h=18, max_lines=(q.bottom - y - 24) // 18)
            return
        owner = self.seat_name(node.owner)
        self._blit(surface, f"{cell_label(node.cell)} · {owner}", 16, lighten(self.seat_colour(node.owner), 0.3),
                   (x, y), max_width=w)
        self._blit(surface, f"{pieces_words(node.pieces)}, power {node.power}", 14, theme["text"],
                   (x, y + 24), kind="regular", max_width=w)
        rings = state.influence_rings(node.cell)
        text = "  ".join(f"{s}{PIPS[s]}: {len(rings[s])}" for s in "SML" if s in rings)
        if q.bottom - (y + 46) >= 18:
            self._blit(surface, f"rings {text}", 14, theme["text_dim"], (x, y + 46), kind="regular", max_width=w)

    # ================================================================== panel
    def status_text(self) -> str:
        m = self.match
        if self.anim is not None:
            _, _, move, seat, _ = self.anim
            return f"{self.seat_label(seat)}: {move}"
        if m.is_over():
            return super().status_text()
        seat = m.to_move()
        name = self.seat_label(seat)
        if m.controller(seat).is_bot:
            return f"{name} is thinking..."
        if m.state.must_pass():
            return f"{name}: nothing is possible, pass (P)"
        if self.selected is not None:
            return f"{name}: move or grow {cell_label(self.selected)}"
        return f"{name}: place, grow or move"

    def panel_rows(self):
        state = self.shown
        return [(s, self.seat_label(s), f"{state.trees(s)}/{TREES_TO_WIN}") for s in range(state.num_players)]

    def draw_players(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        state = self.shown
        n = state.num_players
        h = 62 if n <= 4 else 50
        to_move = self.match.to_move()
        people = len(self.match.people())
        for s in range(n):
            r = pygame.Rect(PANEL.x + 8, y, PANEL.w - 16, h - 4)
            colour = self.seat_colour(s)
            if s == to_move:
                pygame.draw.rect(surface, lighten(theme["panel"], 0.12), r, border_radius=10)
                pygame.draw.rect(surface, theme["accent"], r, 2, border_radius=10)
                pygame.draw.polygon(surface, theme["accent"],
                                    [(r.x + 3, r.centery - 7), (r.x + 10, r.centery), (r.x + 3, r.centery + 7)])
            icon = round(h * 0.78)
            spr = stack_sprite(colour, "SML", icon, seat_glyph(s) if self._glyphs() else None, glow=False)
            surface.blit(spr, spr.get_rect(center=(r.x + 12 + icon // 2, r.centery - 2)))
            tx = r.x + 18 + icon
            seat = self.match.seats[s]
            name = self.seat_name(s)
            who = f"{(seat.level or '').title()} bot" if seat.is_bot else ("you" if people == 1 else "person")
            top = r.y + (5 if n <= 4 else 3)
            name_rect = self._blit(surface, seat.name or name, 18 if n <= 4 else 16, theme["text"], (tx, top),
                                   max_width=110)
            self._blit(surface, who, 13, theme["text_dim"], (name_rect.right + 6, name_rect.bottom - 3),
                       "bottomleft", kind="regular")
            # trees toward five
            trees = state.trees(s)
            tw = 15
            x0 = r.right - 10 - TREES_TO_WIN * tw
            for k in range(TREES_TO_WIN):
                cx = x0 + k * tw + tw // 2
                cy = top + 11
                pts = [(cx, cy - 8), (cx + 6, cy + 6), (cx - 6, cy + 6)]
                if k < trees:
                    pygame.draw.polygon(surface, colour, pts)
                    pygame.draw.polygon(surface, lighten(colour, 0.5), pts, 1)
                else:
                    pygame.draw.polygon(surface, theme["text_dim"], pts, 1)
            self._blit(surface, f"{trees}/{TREES_TO_WIN}", 13, theme["accent"] if trees else theme["text_dim"],
                       (x0 - 6, top + 11), "midright", kind="bold")
            # stash and power
            line2 = r.bottom - (8 if n <= 4 else 5)
            stash = state.stash(s)
            sx = tx
            self._blit(surface, "stash", 13, theme["text_dim"], (sx, line2), "bottomleft", kind="regular")
            sx += 40
            for size, count in zip("SML", stash):
                spr = stack_sprite(colour if count else darken(colour, 0.65), size, 34, None)
                surface.blit(spr, spr.get_rect(midbottom=(sx + 10, line2 + 6)))
                self._blit(surface, f"{size}×{count}", 13, theme["text"] if count else theme["text_dim"],
                           (sx + 24, line2), "bottomleft")
                sx += 58
            self._blit(surface, f"power {state.power(s)}", 13, theme["text_dim"], (r.right - 10, line2),
                       "bottomright", kind="regular")
            y += h
        return y

    def draw_extra_panel(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        self._blit(surface, f"Five trees win · after {ROUND_LIMIT} rounds most trees, then power", 13,
                   theme["text_dim"], (PANEL.x + 14, y), kind="regular", max_width=PANEL.w - 28)
        return y + 20

    def log_lines(self) -> list[tuple[int, str]]:
        m = self.match
        key = (len(m.entries), m.state)
        if self._log_key is None or key[0] != self._log_key[0] or key[1] is not self._log_key[1]:
            # extend the cached lines when the history only grew
            keep = 0
            if self._log_key is not None and len(self._log) <= len(m.entries):
                keep = len(self._log)
                if keep and self._log_states[keep - 1] is not m.states[keep]:
                    keep = 0
            lines = self._log[:keep]
            states = self._log_states[:keep] if keep else []
            for i in range(keep, len(m.entries)):
                e = m.entries[i]
                text = f"{self.seat_name(e.seat)}: {e.text}"
                try:
                    prev = m.states[i]
                    end = prev.decay_preview(prev.parse_move(e.text))
                    bits = []
                    if end.decays:
                        bits.append(f"{len(end.decays)} decay{'s' if len(end.decays) > 1 else ''}")
                    if end.deaths:
                        bits.append(f"{len(end.deaths)} lost")
                    if end.wins:
                        bits.append("fifth tree!")
                    if bits:
                        text += " · " + ", ".join(bits)
                except ValueError:
                    pass
                lines.append((e.seat, text))
                states.append(m.states[i + 1])
            self._log = lines
            self._log_states = states
            self._log_key = key
        return self._log

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The base's banner, kept over the board so the strip stays usable."""
        if self.banner_ticks <= 0 or not self.banner:
            return
        theme = self.app.theme
        font = theme.font(20)
        width = BOARD_REGION.w - 40
        lines = wrap_text(self.banner, font, width - 30)
        h = 16 + 26 * len(lines)
        rect = pygame.Rect(0, 0, width, h)
        rect.midbottom = (BOARD_REGION.centerx + 8, BOARD_AREA.bottom - 4)
        edge = {"error": "bad", "warning": "accent", "good": "good"}.get(self.banner_kind, "accent_2")
        fade = min(1.0, self.banner_ticks / 20)
        draw_panel(surface, rect, theme, fill="background_2", edge=edge, alpha=int(240 * fade), width=3)
        for i, line in enumerate(lines):
            self._blit(surface, line, 20, theme["text"], (rect.centerx, rect.y + 8 + 26 * i), "midtop", kind="bold")

    # ================================================================== thumbnail
    @staticmethod
    def draw_thumbnail(surface: pygame.Surface, theme, state, settings) -> None:
        """The start position fitted into ``surface`` (any size): the board, each
        seat's starting tree and its influence rings (small ring brightest)."""
        w, h = surface.get_size()
        geom = fitted_geom(state.board_kind, (w, h), margin=6)
        draw_board_plate(surface, theme, geom, labels=False)
        glyphs = bool(getattr(settings, "colour_blind", False))
        colours = theme.player_colours
        inset = max(1.0, geom.unit * 0.08)
        for n in state.nodes():
            colour = colours[n.owner % len(colours)]
            rings = state.influence_rings(n.cell)
            for size, shade in (("L", 0.62), ("M", 0.5), ("S", 0.35)):
                for c in rings.get(size, ()):
                    pygame.draw.polygon(surface, darken(colour, shade), geom.poly(c, inset))
        bounds = surface.get_rect()
        for n in state.nodes():
            colour = colours[n.owner % len(colours)]
            unit = max(8, round(geom.unit * 2.0))
            spr = stack_sprite(colour, n.pieces, unit, seat_glyph(n.owner) if glyphs and unit >= 24 else None)
            rect = spr.get_rect(center=geom.center(n.cell))
            rect.move_ip(0, -round(unit * 0.12))
            surface.blit(spr, rect.clamp(bounds))


VIEW = CrystalFormationView
