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

import math
import random

import pygame

from game.chromatic_collapse import (
    CIRCLE, COLOURS, CORNERS, DIAMOND, DIRECTION_NAMES, DIRECTIONS, SEAT_NAMES, Remove, Slide,
    Start, is_sudden_death_turn, square_cell, square_name, SUDDEN_DEATH_TURN,
)
from scenes.play.base import BOARD_AREA, PANEL, PlayScene, ease, pulse
from scenes.widgets import (GLYPHS, darken, draw_glyph, draw_panel, draw_text, lighten,
                            wrap_text)

# -- geometry ---------------------------------------------------------------------------
CELL = 66  # well above the 44 px touch minimum
BOARD_PX = CELL * 8
BX = BOARD_AREA.x + (BOARD_AREA.w - BOARD_PX) // 2  # 176
BY = BOARD_AREA.y + 8  # 78
BOARD_RECT = pygame.Rect(BX, BY, BOARD_PX, BOARD_PX)
LEFT_CARD = pygame.Rect(BOARD_AREA.x, BY, BX - 30 - BOARD_AREA.x, BOARD_PX)
RIGHT_CARD = pygame.Rect(BOARD_RECT.right + 14, BY, BOARD_AREA.right - BOARD_RECT.right - 14, BOARD_PX)
PROMPT_TOP = BOARD_RECT.bottom + 32  # the message strip under the file letters
SETUP_W, SETUP_H = 220, 150

COLOUR_KEYS = tuple(f"crystal_{c}" for c in COLOURS)
SIDE_SHAPES = ("diamond", "circle")
WARNING_TURN = SUDDEN_DEATH_TURN - 5  # the sudden-death warning shows from turn 45


def side_colour(theme, seat: int) -> pygame.Color:
    """Each side's own tint (links, icons, log): silver for Diamond, violet for Circle,
    chosen to clash with none of the four piece colours."""
    return pygame.Color("#e9ecff") if seat == DIAMOND else lighten(theme["crystal_purple"], 0.1)


def _fast(surf: pygame.Surface) -> pygame.Surface:
    """The display's pixel format blits fastest; without a display (thumbnails drawn
    before a window exists) keep the surface as it is."""
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha()


# -- cached text and panels (per-frame drawing stays cheap) ----------------------------------
_TEXT: dict = {}


def cached_text(surface: pygame.Surface, text: str, font, colour, pos, anchor: str = "topleft",
                max_width: int | None = None) -> pygame.Rect:
    """``widgets.draw_text`` with the rendered line kept for the next frame."""
    key = (text, id(font), tuple(pygame.Color(colour)), max_width)
    img = _TEXT.get(key)
    if img is None:
        if len(_TEXT) > 800:
            _TEXT.clear()
        if max_width is not None and font.size(text)[0] > max_width:
            while text and font.size(text + "…")[0] > max_width:
                text = text[:-1]
            text += "…"
        img = _TEXT[key] = _fast(font.render(text, True, colour))
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


# draw_panel keeps its images itself now; the old name stays for this module's callers.
cached_panel = draw_panel


# -- sprites (cached; drawn supersampled, then smoothed down) ----------------------------
_SPRITES: dict = {}


def _shade(base: pygame.Color, light: float) -> pygame.Color:
    return lighten(base, 0.42 * light) if light > 0 else darken(base, -0.5 * light)


def _light(angle: float) -> float:
    """Light from the top-left: +1 facing it, -1 facing away."""
    return math.cos(angle - math.radians(225))


def piece_sprite(shape: str, colour, radius: int, glyph: str | None = None, dim: bool = False) -> pygame.Surface:
    key = ("piece", shape, tuple(pygame.Color(colour)), radius, glyph, dim)
    surf = _SPRITES.get(key)
    if surf is not None:
        return surf
    ss = 3
    size = radius * 2 + 4
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    c = size * ss / 2
    r = radius * ss
    base = pygame.Color(colour)
    edge = darken(base, 0.62)
    if shape == "diamond":
        w, h = r * 0.93, r * 1.0
        outer = [(c, c - h), (c + w, c), (c, c + h), (c - w, c)]
        k = 0.46
        ox, oy = -r * 0.06, -r * 0.08
        inner = [(c + ox + (x - c) * k, c + oy + (y - c) * k) for x, y in outer]
        pygame.draw.polygon(big, edge, outer)
        for i in range(4):
            a, b = outer[i], outer[(i + 1) % 4]
            ia, ib = inner[i], inner[(i + 1) % 4]
            mid = math.atan2((a[1] + b[1]) / 2 - c, (a[0] + b[0]) / 2 - c)
            pygame.draw.polygon(big, _shade(base, _light(mid)), [a, b, ib, ia])
        pygame.draw.polygon(big, lighten(base, 0.16), inner)
        # a glint on the upper-left facet
        pygame.draw.polygon(big, lighten(base, 0.75), [
            (c - w * 0.55, c - h * 0.12), (c - w * 0.12, c - h * 0.58), (c - w * 0.05, c - h * 0.45),
            (c - w * 0.44, c - h * 0.05)])
        pygame.draw.polygon(big, edge, outer, max(2, ss * 2))
    else:
        n_out = 48
        ring = [(c + r * math.cos(2 * math.pi * i / n_out), c + r * math.sin(2 * math.pi * i / n_out))
                for i in range(n_out)]
        pygame.draw.polygon(big, edge, ring)
        ri = r * 0.52
        ox, oy = -r * 0.06, -r * 0.07
        facets = 8
        inner = [(c + ox + ri * math.cos(2 * math.pi * (i + 0.5) / facets),
                  c + oy + ri * math.sin(2 * math.pi * (i + 0.5) / facets)) for i in range(facets)]
        per = n_out // facets
        for i in range(facets):
            arc = [ring[(i * per + j) % n_out] for j in range(per + 1)]
            # the arc runs from angle i/8 to (i+1)/8; inner vertices sit at half steps
            a0 = 2 * math.pi * i / facets
            mid = a0 + math.pi / facets
            pts = arc + [inner[i % facets], inner[(i - 1) % facets]]
            pygame.draw.polygon(big, _shade(base, _light(mid)), pts)
        pygame.draw.polygon(big, lighten(base, 0.16), inner)
        pygame.draw.ellipse(big, lighten(base, 0.78), pygame.Rect(c - r * 0.62, c - r * 0.66, r * 0.42, r * 0.24))
        pygame.draw.circle(big, edge, (c, c), r, max(2, ss * 2))
    if glyph:
        g = radius * 0.46 * ss
        draw_glyph(big, glyph, (c + ox, c + oy), g, (12, 12, 20))
        draw_glyph(big, glyph, (c + ox, c + oy), g, (250, 250, 255), max(2, ss * 2))
    surf = pygame.transform.smoothscale(big, (size, size))
    if dim:
        # faded toward the board's colour, but opaque: links under it stay hidden
        surf.fill((140, 140, 150), special_flags=pygame.BLEND_RGB_MULT)
        surf.fill((12, 14, 32), special_flags=pygame.BLEND_RGB_ADD)
    _SPRITES[key] = surf = _fast(surf)
    return surf


def glow_sprite(radius: int, colour, strength: int = 150) -> pygame.Surface:
    key = ("glow", radius, tuple(pygame.Color(colour)), strength)
    surf = _SPRITES.get(key)
    if surf is None:
        surf = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
        col = pygame.Color(colour)
        steps = 14
        for i in range(steps):
            rr = radius * (1 - i / steps)
            a = min(255, int(strength * ((i + 1) / steps) ** 1.5 * 0.65))
            pygame.draw.circle(surf, (col.r, col.g, col.b, a), (radius, radius), rr)
        _SPRITES[key] = surf = _fast(surf)
    return surf


def shadow_sprite(radius: int) -> pygame.Surface:
    key = ("shadow", radius)
    surf = _SPRITES.get(key)
    if surf is None:
        w, h = int(radius * 2.0), int(radius * 0.8)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(6):
            rect = pygame.Rect(0, 0, w * (1 - i * 0.12), h * (1 - i * 0.12))
            rect.center = (w // 2, h // 2)
            pygame.draw.ellipse(surf, (0, 0, 0, 28), rect)
        _SPRITES[key] = surf = _fast(surf)
    return surf


def board_surface(theme, cell: int, labels: bool = True) -> pygame.Surface:
    """The board without pieces: squares, the four cut corners, a bevelled frame and
    chess coordinates (files below, ranks on the left)."""
    key = ("board", cell, labels)
    surf = _SPRITES.get(key)
    if surf is not None:
        return surf
    pad = 34 if labels else max(3, cell // 8)
    frame = max(3, cell // 9)
    n = cell * 8
    surf = pygame.Surface((n + 2 * pad, n + 2 * pad), pygame.SRCALPHA)
    ox = oy = pad

    def outline(grow: float) -> list[tuple[float, float]]:
        return board_outline(ox, oy, cell, grow)

    edge = theme["panel_edge"]
    pygame.draw.polygon(surf, darken(edge, 0.55), outline(frame + 2))
    pygame.draw.polygon(surf, lighten(edge, 0.05), outline(frame))
    pygame.draw.polygon(surf, darken(edge, 0.2), outline(frame * 0.45))
    light = pygame.Color("#27305c")
    dark = pygame.Color("#1a2046")
    for sq in range(64):
        if sq in CORNERS:
            continue
        col, row = square_cell(sq)
        rect = pygame.Rect(ox + col * cell, oy + row * cell, cell, cell)
        base = light if (col + row) % 2 == 0 else dark
        pygame.draw.rect(surf, base, rect)
        # a soft bevel per square: crystal tiles rather than flat paint
        if cell >= 24:
            pygame.draw.line(surf, lighten(base, 0.08), rect.topleft, (rect.right - 1, rect.top))
            pygame.draw.line(surf, lighten(base, 0.08), rect.topleft, (rect.left, rect.bottom - 1))
            pygame.draw.line(surf, darken(base, 0.25), (rect.left, rect.bottom - 1), (rect.right - 1, rect.bottom - 1))
            pygame.draw.line(surf, darken(base, 0.25), (rect.right - 1, rect.top), (rect.right - 1, rect.bottom - 1))
    # the cut corners: faint crystal dust where a square would be
    rng = random.Random(4)
    for sq in CORNERS:
        col, row = square_cell(sq)
        rect = pygame.Rect(ox + col * cell, oy + row * cell, cell, cell)
        for _ in range(max(2, cell // 8)):
            x = rect.x + rng.uniform(0.2, 0.8) * cell
            y = rect.y + rng.uniform(0.2, 0.8) * cell
            pygame.draw.circle(surf, (*darken(edge, 0.2)[:3], 140), (x, y), max(1, cell // 30))
    if labels:
        font = theme.font(17, "bold")
        for col in range(8):
            draw_text(surf, "abcdefgh"[col], font, theme["text_dim"], (ox + col * cell + cell / 2, oy + n + frame + 10),
                      "center")
        for row in range(8):
            draw_text(surf, str(8 - row), font, theme["text_dim"], (ox - frame - 13, oy + row * cell + cell / 2),
                      "center")
    _SPRITES[key] = surf = _fast(surf)
    return surf


def board_outline(x: float, y: float, cell: int, grow: float) -> list[tuple[float, float]]:
    """The edge of a board at (x, y) with its four corner squares cut away, grown by
    ``grow`` pixels."""
    a, b, k = -grow, cell * 8 + grow, cell
    pts = [(a + k, a), (b - k, a), (b - k, a + k), (b, a + k), (b, b - k), (b - k, b - k), (b - k, b),
           (a + k, b), (a + k, b - k), (a, b - k), (a, a + k), (a + k, a + k)]
    return [(x + px, y + py) for px, py in pts]


def draw_alpha_line(surface, colour, a, b, width: int, alpha: int) -> None:
    """A line with transparency, drawn through a small layer the size of its box."""
    x0, y0 = min(a[0], b[0]) - width, min(a[1], b[1]) - width
    w, h = abs(a[0] - b[0]) + 2 * width + 2, abs(a[1] - b[1]) + 2 * width + 2
    layer = pygame.Surface((int(w), int(h)), pygame.SRCALPHA)
    col = pygame.Color(colour)
    col.a = alpha
    pa, pb = (a[0] - x0, a[1] - y0), (b[0] - x0, b[1] - y0)
    pygame.draw.line(layer, col, pa, pb, width)
    pygame.draw.circle(layer, col, pa, width / 2)
    pygame.draw.circle(layer, col, pb, width / 2)
    surface.blit(layer, (x0, y0))


def draw_arrow(surface, colour, a, b, width: int = 8, alpha: int = 220, head: float = 20,
               shorten: float = 0.0) -> None:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bx, by = bx - ux * shorten, by - uy * shorten
    tip = (bx, by)
    base = (bx - ux * head, by - uy * head)
    x0 = min(ax, bx) - head - width
    y0 = min(ay, by) - head - width
    w = abs(bx - ax) + 2 * (head + width) + 2
    h = abs(by - ay) + 2 * (head + width) + 2
    layer = pygame.Surface((int(w), int(h)), pygame.SRCALPHA)
    col = pygame.Color(colour)
    col.a = alpha

    def loc(p):
        return (p[0] - x0, p[1] - y0)

    pygame.draw.line(layer, col, loc((ax, ay)), loc(base), width)
    pygame.draw.circle(layer, col, loc((ax, ay)), width / 2)
    px, py = -uy, ux
    pts = [tip, (base[0] + px * head * 0.62, base[1] + py * head * 0.62),
           (base[0] - px * head * 0.62, base[1] - py * head * 0.62)]
    pygame.draw.polygon(layer, col, [loc(p) for p in pts])
    surface.blit(layer, (x0, y0))


# -- the view -----------------------------------------------------------------------------
class ChromaticCollapseView(PlayScene):
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
        self.button_focus: int | None = None  # keys / controller on a panel button (index)
        self._groups_cache: dict = {}
        self._links_cache: dict = {}
        self._text_cache: dict = {}

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
        return [pygame.Rect(x, y, SETUP_W, SETUP_H), pygame.Rect(x + SETUP_W + gap, y, SETUP_W, SETUP_H)]

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
            return ([f"from turn {SUDDEN_DEATH_TURN}"] if state.turn < SUDDEN_DEATH_TURN else ["was on"]), False
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
        key = (state.board, seat)
        g = self._groups_cache.get(key)
        if g is None:
            if len(self._groups_cache) > 64:
                self._groups_cache.clear()
            g = self._groups_cache[key] = state.groups(seat)
        return g

    # -- input ---------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> None:
        state = self.match.state
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.button_focus = None
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
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if k == pygame.K_TAB:
            self.keyboard = True
            self.tab_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.clear_selection()
            return
        if self.button_focus is not None:
            self.handle_button_key(k)
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

    def handle_button_key(self, k: int) -> None:
        """Keys while a panel button has the focus (reached with Tab / controller Back)."""
        count = len(self.panel_buttons())
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.press_panel_button(self.button_focus)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            self.button_focus = max(0, min(count - 1, self.button_focus + step))
            self.app.sound.play("hover")
        elif k in (pygame.K_UP, pygame.K_DOWN):
            self.button_focus = None  # back to the board; the cursor shows where it was
        self.keyboard = True

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
        return board + [("button", i) for i in range(len(self.panel_buttons()))]

    def tab_focus(self, d: int) -> None:
        stops = self.tab_stops()
        if not stops:
            return
        if self.button_focus is not None:
            here = ("button", self.button_focus)
        elif self.match.state.phase == "setup":
            here = ("setup", self.setup_focus)
        else:
            here = ("square", self.cursor)
        if here in stops:
            kind, value = stops[(stops.index(here) + d) % len(stops)]
        else:
            board = [s for s in stops if s[0] != "button"]
            kind, value = (board or stops)[0 if d > 0 else -1]
        self.button_focus = value if kind == "button" else None
        if kind == "setup":
            self.setup_focus = value
        elif kind == "square":
            self.cursor = value
        self.app.sound.play("hover")

    def panel_buttons(self) -> list:
        """The shared play screen's buttons (Hint, Undo, Rules, Menu), left to right."""
        found = [el for el in self.ui.get_root_container().elements if id(el) in self.buttons]
        return sorted(found, key=lambda el: el.rect.x)

    def press_panel_button(self, index: int) -> None:
        """What a click on that button does.  A disabled Undo still answers (its action
        says there is nothing to undo), so a key press is never silent."""
        buttons = self.panel_buttons()
        if 0 <= index < len(buttons):
            self.app.sound.play("click")
            self.buttons[id(buttons[index])]()

    def cursor_shown(self) -> bool:
        """The board cursor (or setup focus) is drawn while keys drive the board."""
        return self.keyboard and self.button_focus is None

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
                note = f"The piece on {square_name(sq)} may not move now. {note}"
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
        if (isinstance(move, Slide) and old.piece_at(move.to) is not None) or isinstance(move, Remove):
            self.app.sound.play("capture")
        else:
            self.app.sound.play("place")
        if new.turn == WARNING_TURN and old.turn == WARNING_TURN - 1:
            self.say(f"Turn {WARNING_TURN}: sudden death from turn {SUDDEN_DEATH_TURN}. Every fifth turn "
                     "then begins with removing an opponent piece", "warning", 5)
        elif new.phase == "remove" and old.phase != "remove" and not new.is_terminal():
            self.say(new.step_banner(), "warning", 5)

    def on_undo(self) -> None:
        self.clear_selection()
        self.hover = None

    def bot_delay_ticks(self, state) -> int:
        # A bot's first action of a turn waits a little longer than its second, so the
        # person sees the turn change hands before pieces start moving.
        base = 34 if state.phase in ("first", "remove") else 26
        return int(base / max(0.25, self.app.settings.animation_speed))

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

    # -- status, panel, log ----------------------------------------------------------------
    def status_text(self) -> str:
        m = self.match
        state = m.state
        if m.is_over():
            return state.reason or "Game over"
        seat = m.to_move()
        name = self.seat_label(seat)
        if m.controller(seat).is_bot:
            return f"{name} is thinking..."
        step = {"setup": "choose who starts", "remove": "remove a piece", "first": "first move",
                "second": "second move"}.get(state.phase, "your move")
        if state.phase == "first" and state.turn == 1:
            step = "opening move"
        return f"{name}: {step}"

    def seat_colour(self, seat: int) -> pygame.Color:
        return side_colour(self.app.theme, seat)

    def panel_rows(self) -> list[tuple[int, str, str]]:
        state = self.match.state
        rows = []
        for s in (DIAMOND, CIRCLE):
            g = self.groups(state, s)
            joined = len(g[0]) if g else 0
            label = self.seat_label(s)
            count = f"{joined}/{state.piece_count(s)}"
            font = self.app.theme.font(21)
            clock = f"   {self.match.clock.display(s)}" if self.match.clock is not None else ""
            room = PANEL.w - 20 - 44 - 8  # the base's row: text either side of the dot

            def fits(left, right):
                return font.size(left)[0] + font.size(right + clock)[0] <= room

            right = f"{count} joined"
            if not fits(label, right):
                right = count
                if not fits(label, right):
                    label = SEAT_NAMES[s]
            rows.append((s, label, right))
        return rows

    def draw_players(self, surface: pygame.Surface, y: int) -> int:
        out = super().draw_players(surface, y)
        # the side's shape on its row, over the base's dot
        for i in range(2):
            r = pygame.Rect(PANEL.x + 10, y + 34 * i, PANEL.w - 20, 32)
            spr = piece_sprite(SIDE_SHAPES[i], side_colour(self.app.theme, i), 10)
            surface.blit(spr, spr.get_rect(center=(r.x + 14, r.centery)))
        return out

    def draw_extra_panel(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        state = self.match.state
        small = theme.font(15, "regular")
        bold = theme.font(16, "bold")
        if state.phase == "setup":
            text = ("Join all your pieces into one touching group. First choose who starts: tap a side, "
                    "or Left / Right and Enter.")
        else:
            text = ("Join all your pieces into one touching group. Tap a lit piece, then a lit square "
                    "(or drag it). Keys: arrows and Enter, Tab for the next piece, then the buttons.")
        lines = self._wrapped(text, small, PANEL.w - 40)
        box = pygame.Rect(PANEL.x + 10, y, PANEL.w - 20, 36 + 19 * len(lines))
        pygame.draw.rect(surface, darken(theme["panel"], 0.25), box, border_radius=10)
        cached_text(surface, "How to play", bold, theme["accent_2"], (box.x + 10, box.y + 6))
        yy = box.y + 28
        for line in lines:
            cached_text(surface, line, small, theme["text_dim"], (box.x + 10, yy))
            yy += 19
        return box.bottom + 4

    def _wrapped(self, text: str, font, width: int) -> list[str]:
        key = ("wrap", text, id(font), width)
        lines = self._text_cache.get(key)
        if lines is None:
            lines = self._text_cache[key] = wrap_text(text, font, width)
        return lines

    def log_lines(self) -> list[tuple[int, str]]:
        """One line per turn: ``12  c1-c3, d8-d6`` (with a removal first on sudden-death
        turns)."""
        m = self.match
        lines: list[tuple[int, str]] = []
        last_key = None
        for i, entry in enumerate(m.entries):
            before = m.states[i]
            key = (before.turn, entry.seat)
            if before.phase == "setup":
                lines.append((entry.seat, f"setup  {entry.text}"))
                last_key = None
                continue
            if key == last_key:
                seat, text = lines[-1]
                lines[-1] = (seat, f"{text}, {entry.text}")
            else:
                lines.append((entry.seat, f"{before.turn:>2}  {entry.text}"))
                last_key = key
        return lines

    def draw_log(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        theme = self.app.theme
        if bottom - top < 40:
            return
        cached_text(surface, "Turns", theme.font(18), theme["text_dim"], (PANEL.x + 14, top))
        font = theme.font(16, "regular")
        lines = self.log_lines()
        visible = max(1, (bottom - top - 24) // 21)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - visible))
        end = len(lines) - self.log_scroll
        start = max(0, end - visible)
        y = top + 24
        for i in range(start, end):
            seat, text = lines[i]
            icon = piece_sprite(SIDE_SHAPES[seat], side_colour(theme, seat), 7) if seat >= 0 else None
            if icon is not None:
                surface.blit(icon, icon.get_rect(center=(PANEL.x + 22, y + 10)))
            cached_text(surface, text, font, lighten(self.seat_colour(seat), 0.2), (PANEL.x + 36, y),
                      max_width=PANEL.w - 50)
            y += 21

    # -- drawing: the board --------------------------------------------------------------------
    def _blit_board(self, surface: pygame.Surface, state) -> None:
        theme = self.app.theme
        board = board_surface(theme, CELL)
        surface.blit(board, (BX - 34, BY - 34))
        if state.phase == "remove" or (state.phase != "over" and is_sudden_death_turn(state.turn)):
            # a red pulse around the board on removal turns
            k = pulse(self.ticks, 0.14)
            col = lighten(theme["bad"], 0.35 * k)
            pygame.draw.lines(surface, col, True, board_outline(BX, BY, CELL, 9), 4)

    def _piece_radius(self) -> int:
        return int(CELL * 0.40)

    def _sprite_for(self, state, sq: int, dim: bool = False, radius: int | None = None) -> pygame.Surface:
        seat, colour = state.piece_at(sq)
        return self._sprite(seat, colour, dim, radius)

    def _sprite(self, seat: int, colour: int, dim: bool = False, radius: int | None = None) -> pygame.Surface:
        theme = self.app.theme
        glyph = GLYPHS[COLOURS[colour]] if self.app.settings.colour_blind else None
        return piece_sprite(SIDE_SHAPES[seat], theme[COLOUR_KEYS[colour]], radius or self._piece_radius(), glyph, dim)

    def _draw_piece(self, surface, state, sq, center, dim=False, lift: float = 0.0, alpha: int = 255) -> None:
        r = self._piece_radius()
        if lift > 0.5:
            sh = shadow_sprite(r)
            surface.blit(sh, sh.get_rect(center=(center[0], center[1] + r * 0.75)))
        spr = self._sprite_for(state, sq, dim)
        rect = spr.get_rect(center=(round(center[0]), round(center[1] - lift)))
        if alpha < 255:
            spr = spr.copy()
            spr.set_alpha(alpha)
        surface.blit(spr, rect)

    def links_layer(self, state, seat: int, colour, width: int = 7):
        """(layer, top-left) of the links between touching pieces of ``seat``'s largest
        group, cropped to the group's box (cached per board), or None."""
        groups = self.groups(state, seat)
        if not groups or len(groups[0]) < 2:
            return None
        key = (state.board, seat, tuple(pygame.Color(colour)), width)
        found = self._links_cache.get(key)
        if found is None:
            if len(self._links_cache) > 24:
                self._links_cache.clear()
            g = groups[0]
            cols = [square_cell(sq)[0] for sq in g]
            rows = [square_cell(sq)[1] for sq in g]
            c_min, r_min = min(cols), min(rows)
            box = pygame.Rect(BX + c_min * CELL, BY + r_min * CELL, (max(cols) - c_min + 1) * CELL,
                              (max(rows) - r_min + 1) * CELL)
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            col = pygame.Color(colour)
            col.a = 185
            core = lighten(colour, 0.5)
            core.a = 230

            def centre(c, r):
                return ((c - c_min) * CELL + CELL / 2, (r - r_min) * CELL + CELL / 2)

            for sq in g:
                c0, r0 = square_cell(sq)
                for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                    other = (r0 + dr) * 8 + c0 + dc
                    if 0 <= c0 + dc < 8 and 0 <= r0 + dr < 8 and other in g:
                        a, b = centre(c0, r0), centre(c0 + dc, r0 + dr)
                        pygame.draw.line(layer, col, a, b, width)
                        pygame.draw.line(layer, core, a, b, 2)
            for sq in g:
                pygame.draw.circle(layer, col, centre(*square_cell(sq)), CELL * 0.47, 3)
            found = self._links_cache[key] = (layer, box.topleft)
        return found

    def _draw_links(self, surface, state, alpha: int = 255, seats=(DIAMOND, CIRCLE)) -> None:
        theme = self.app.theme
        for seat in seats:
            colour = side_colour(theme, seat)
            if state.phase == "over" and state.winner == seat:
                colour = theme["accent"]
            elif state.phase == "over":
                continue  # the end shows the winning group only
            found = self.links_layer(state, seat, colour)
            if found is None:
                continue
            layer, topleft = found
            if alpha < 255:
                layer = layer.copy()
                layer.set_alpha(alpha)
            surface.blit(layer, topleft)

    def recent_slides(self, state) -> list[tuple[int, Slide]]:
        """(seat, slide) of the previous turn and of this turn so far, oldest first, for
        the trails that let a person follow the bot."""
        m = self.match
        idx = None
        for i in range(len(m.states) - 1, -1, -1):
            if m.states[i] is state:
                idx = i
                break
        if idx is None or idx == 0:
            return []
        out = []
        turn_now = state.turn if state.phase != "over" else state.turn + 1
        for i in range(idx - 1, -1, -1):
            before = m.states[i]
            if before.turn < turn_now - 1 or before.phase == "setup":
                break
            if i >= len(m.entries):
                continue
            text = m.entries[i].text
            if "-" in text or ("x" in text and not text.startswith("x")):
                try:
                    move = before.parse_move(text)
                except ValueError:
                    continue
                if isinstance(move, Slide):
                    out.append((m.entries[i].seat, move))
        return out[::-1]

    def _draw_trails(self, surface, state) -> None:
        theme = self.app.theme
        for seat, move in self.recent_slides(state):
            colour = side_colour(theme, seat)
            fr = self.square_rect(move.frm)
            tint = pygame.Surface(fr.size, pygame.SRCALPHA)
            tint.fill((*colour[:3], 38))
            surface.blit(tint, fr)
            pygame.draw.rect(surface, darken(colour, 0.35), fr.inflate(-6, -6), 2, border_radius=6)
            draw_arrow(surface, colour, self.square_center(move.frm), self.square_center(move.to), width=4,
                       alpha=70, head=14, shorten=CELL * 0.38)

    def draw_board(self, surface: pygame.Surface, state, alpha: float) -> None:
        self._draw_scene(surface, state)

    def _draw_scene(self, surface: pygame.Surface, state, *, hide=(), lifted=None, extra=None, under=None,
                    links=None, settled: bool = True, card_state=None) -> None:
        """The board for ``state``; transitions pass ``hide`` (squares drawn by the
        animation instead), ``lifted`` ({square: lift px}) and ``extra`` (a callable
        drawing the moving piece and particles over the pieces)."""
        theme = self.app.theme
        self._blit_board(surface, state)
        live = settled and self.live(state)
        person = live and self.person_to_act()
        sel = self.current_selection() if live else None
        if settled:
            self._draw_trails(surface, state)
        # selected square and its lit destinations (under the pieces)
        dests = self.lit_squares() if live else {}
        if sel is not None:
            r = self.square_rect(sel)
            pygame.draw.rect(surface, darken(theme["accent"], 0.55), r)
            if self.hover in dests:
                draw_arrow(surface, theme["accent"], self.square_center(sel), self.square_center(self.hover),
                           width=5, alpha=120, head=16, shorten=CELL * 0.3)
        for links_state, links_alpha, seats in (links if links is not None else [(state, 255, (0, 1))]):
            if links_alpha > 0:
                self._draw_links(surface, links_state, links_alpha, seats)
        if under is not None:
            under(surface)
        # pieces
        movable = set(state.movable_squares()) if person and state.phase in ("first", "second") else None
        moved = state.moved_square()
        winner = state.winner if state.phase == "over" else -1
        r = self._piece_radius()
        if winner >= 0:
            k = pulse(self.ticks, 0.16)
            glow = glow_sprite(int(CELL * 0.66), theme["accent"], 100 + 20 * round(7 * k))  # flashes
            for sq in state.pieces(winner):
                if sq not in hide:
                    surface.blit(glow, glow.get_rect(center=self.square_center(sq)))
        for sq in range(64):
            if sq in hide or state.board[sq] == 0:
                continue
            seat, _colour = state.piece_at(sq)
            dim = False
            if movable is not None and seat == state.to_move and sq not in movable:
                dim = True
            if winner >= 0 and seat != winner:
                dim = True
            centre = self.square_center(sq)
            lift = (lifted or {}).get(sq, 0.0)
            if sq == sel:
                if self.drag_from == sel and self.drag_moved:
                    self._draw_piece(surface, state, sq, centre, dim=True, alpha=110)
                    continue
                g = glow_sprite(int(CELL * 0.6), theme["accent"], 200)
                surface.blit(g, g.get_rect(center=centre))
                lift = max(lift, 4.0)
            self._draw_piece(surface, state, sq, centre, dim=dim, lift=lift)
            if moved == sq:
                # this turn's first piece: it may not move again
                cx, cy = centre
                pygame.draw.circle(surface, theme["text_dim"], (cx + r - 2, cy - r + 2), 9)
                pygame.draw.circle(surface, theme["background"], (cx + r - 2, cy - r + 2), 9, 2)
                cached_text(surface, "1", theme.font(13, "bold"), theme["background"], (cx + r - 2, cy - r + 2), "center")
        # lit destinations over the pieces (captures ring the enemy piece)
        if dests:
            k = pulse(self.ticks, 0.15)
            for to, m in dests.items():
                c = self.square_center(to)
                if m.capture or state.piece_at(to) is not None:
                    pygame.draw.circle(surface, theme["bad"], c, CELL * 0.46, 4)
                    pygame.draw.circle(surface, lighten(theme["bad"], 0.5), c, CELL * 0.46 - 5, 1)
                else:
                    rad = CELL * (0.14 + 0.03 * k)
                    pygame.draw.circle(surface, darken(theme["accent"], 0.3), c, rad + 3)
                    pygame.draw.circle(surface, theme["accent"], c, rad)
                if self.hover == to:
                    pygame.draw.rect(surface, theme["accent"], self.square_rect(to).inflate(-4, -4), 3,
                                     border_radius=8)
        # removal turn: target rings on the pieces that may be removed
        if person and state.phase == "remove":
            k = pulse(self.ticks, 0.14)
            for sq in state.pieces(1 - state.to_move):
                c = self.square_center(sq)
                hot = sq == self.hover or (self.cursor_shown() and sq == self.cursor)
                col = theme["bad"] if hot else darken(theme["bad"], 0.35 - 0.2 * k)
                pygame.draw.circle(surface, col, c, CELL * 0.47, 4 if hot else 2)
                if hot:
                    s = CELL * 0.2
                    pygame.draw.line(surface, col, (c[0] - s, c[1] - s), (c[0] + s, c[1] + s), 4)
                    pygame.draw.line(surface, col, (c[0] - s, c[1] + s), (c[0] + s, c[1] - s), 4)
        elif person and movable is not None and sel is None and self.hover in movable:
            pygame.draw.rect(surface, theme["accent_2"], self.square_rect(self.hover).inflate(-4, -4), 2,
                             border_radius=8)
        if extra is not None:
            extra(surface)
        # keyboard cursor
        if live and self.cursor_shown() and state.phase not in ("setup", "over"):
            rect = self.square_rect(self.cursor).inflate(-2, -2)
            col = lighten(theme["focus"], 0.3 * pulse(self.ticks, 0.2))
            pygame.draw.rect(surface, col, rect, 4, border_radius=8)
        # a dragged piece follows the pointer
        if live and sel is not None and self.drag_from == sel and self.drag_moved and self.drag_pos:
            spr = self._sprite_for(state, sel)
            surface.blit(shadow_sprite(r), shadow_sprite(r).get_rect(center=(self.drag_pos[0], self.drag_pos[1] + r)))
            surface.blit(spr, spr.get_rect(center=(self.drag_pos[0], self.drag_pos[1] - 6)))
        self.draw_left_card(surface, card_state or state)
        self.draw_right_card(surface, card_state or state)
        if state.phase == "setup":
            self.draw_setup(surface, state)

    # -- drawing: side cards ---------------------------------------------------------------------
    def draw_left_card(self, surface: pygame.Surface, state) -> None:
        """Turn number, what this step asks (a colour or a compass of directions) and
        the sudden-death countdown."""
        theme = self.app.theme
        card = LEFT_CARD
        warn = state.phase != "over" and state.turn >= WARNING_TURN
        edge = "bad" if warn else "panel_edge"
        cached_panel(surface, card, theme, edge=edge, alpha=215)
        cx = card.centerx
        small = theme.font(15, "regular")
        label = theme.font(15, "bold")
        cached_text(surface, "TURN", label, theme["text_dim"], (cx, card.y + 10), "midtop")
        turn_text = "-" if state.turn == 0 else str(state.turn)
        cached_text(surface, turn_text, theme.font(44, "display"), theme["text"], (cx, card.y + 28), "midtop")
        y = card.y + 86
        if state.phase != "over":
            seat = state.to_move
            icon = piece_sprite(SIDE_SHAPES[seat], side_colour(theme, seat), 9)
            name = SEAT_NAMES[seat]
            w = label.size(name)[0] + 24
            surface.blit(icon, icon.get_rect(center=(cx - w / 2 + 9, y + 10)))
            cached_text(surface, name, label, side_colour(theme, seat), (cx - w / 2 + 24, y + 10), "midleft")
        pygame.draw.line(surface, theme["panel_edge"], (card.x + 12, y + 30), (card.right - 12, y + 30), 1)
        y += 40
        phase = state.phase
        title = {"setup": "Setup", "remove": "Removal", "first": "1st move", "second": "2nd move",
                 "over": "Game over"}[phase]
        if phase == "first" and state.turn == 1:
            title = "Opening"
        cached_text(surface, title, theme.font(20, "bold"), theme["accent"], (cx, y), "midtop")
        y += 32
        art = pygame.Rect(card.x + 8, y, card.w - 16, 112)
        caption = ""
        if phase == "first":
            need = state.required_colour()
            if need is None:
                spots = [(-20, -20), (20, -20), (-20, 20), (20, 20)]
                for i, (dx, dy) in enumerate(spots):
                    spr = self._sprite(state.to_move, i, radius=17)
                    surface.blit(spr, spr.get_rect(center=(art.centerx + dx, art.centery + dy)))
                caption = "any colour"
            else:
                spr = self._sprite(state.to_move, need, radius=34)
                g = glow_sprite(52, theme[COLOUR_KEYS[need]], 90)
                surface.blit(g, g.get_rect(center=art.center))
                surface.blit(spr, spr.get_rect(center=art.center))
                caption = f"a {COLOURS[need]} piece"
        elif phase == "second":
            allowed = state.allowed_directions()
            self.draw_compass(surface, art.center, 46, allowed, state.first_direction)
            if allowed is None:
                caption = "any direction"
            else:
                caption = " · ".join(_short_dir(d) for d in (allowed[1], allowed[0], allowed[2]))
        elif phase == "remove":
            c = art.center
            k = pulse(self.ticks, 0.14)
            col = lighten(theme["bad"], 0.25 * k)
            pygame.draw.circle(surface, col, c, 40, 4)
            pygame.draw.circle(surface, col, c, 24, 2)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                pygame.draw.line(surface, col, (c[0] + dx * 16, c[1] + dy * 16), (c[0] + dx * 50, c[1] + dy * 50), 3)
            caption = f"one {SEAT_NAMES[1 - state.to_move]} piece"
        elif phase == "setup":
            for i, dx in enumerate((-24, 24)):
                spr = piece_sprite(SIDE_SHAPES[i], side_colour(theme, i), 20)
                surface.blit(spr, spr.get_rect(center=(art.centerx + dx, art.centery)))
            caption = "who starts?"
        elif phase == "over" and state.winner >= 0:
            spr = piece_sprite(SIDE_SHAPES[state.winner], theme["accent"], 34)
            g = glow_sprite(56, theme["accent"], 100 + 20 * round(5 * pulse(self.ticks, 0.16)))
            surface.blit(g, g.get_rect(center=art.center))
            surface.blit(spr, spr.get_rect(center=art.center))
            caption = f"{SEAT_NAMES[state.winner]} wins"
        y = art.bottom + 6
        for line in wrap_text(caption, theme.font(16, "bold"), card.w - 16):
            cached_text(surface, line, theme.font(16, "bold"), theme["text"], (cx, y), "midtop")
            y += 20
        # sudden death
        y = card.bottom - 112
        pygame.draw.line(surface, theme["panel_edge"], (card.x + 12, y), (card.right - 12, y), 1)
        y += 10
        cached_text(surface, "SUDDEN DEATH", label, theme["bad"] if warn else theme["text_dim"], (cx, y), "midtop")
        y += 24
        lines, warn = self.sudden_death_lines(state)
        font = theme.font(18, "bold") if warn else small
        for line in lines:
            col = lighten(theme["bad"], 0.3 * pulse(self.ticks, 0.14)) if warn else theme["text_dim"]
            cached_text(surface, line, font, col, (cx, y), "midtop")
            y += 26 if warn else 20

    def draw_compass(self, surface, center, radius: int, allowed, first_direction: int) -> None:
        theme = self.app.theme
        cx, cy = center
        pygame.draw.circle(surface, darken(theme["panel"], 0.3), center, radius + 6)
        pygame.draw.circle(surface, theme["panel_edge"], center, radius + 6, 2)
        for d, (dc, dr) in enumerate(DIRECTIONS):
            length = math.hypot(dc, dr)
            ux, uy = dc / length, dr / length
            on = allowed is None or d in allowed
            came = d == first_direction
            col = theme["accent"] if (allowed is not None and on) else (
                theme["text_dim"] if allowed is None else darken(theme["text_dim"], 0.55))
            inner = 12
            outer = radius - 2 if on and allowed is not None else radius - 10
            width = 6 if (on and allowed is not None) else 3
            a = (cx + ux * inner, cy + uy * inner)
            b = (cx + ux * outer, cy + uy * outer)
            draw_arrow(surface, col, a, b, width=width, alpha=255, head=12 if width == 6 else 8)
            if came:
                # where the first move went: a small marker, it points away from the lit arrows
                pygame.draw.circle(surface, theme["accent_2"], (cx + ux * (radius - 6), cy + uy * (radius - 6)), 4)
        pygame.draw.circle(surface, theme["text"], center, 5)

    def draw_right_card(self, surface: pygame.Surface, state) -> None:
        """Each side: pieces on the board, the largest group, and the pieces lost."""
        theme = self.app.theme
        card = RIGHT_CARD
        half = (card.h - 10) // 2
        for i, seat in enumerate((DIAMOND, CIRCLE)):
            box = pygame.Rect(card.x, card.y + i * (half + 10), card.w, half)
            turn = state.phase != "over" and state.to_move == seat
            win = state.phase == "over" and state.winner == seat
            cached_panel(surface, box, theme, edge="accent" if (turn or win) else "panel_edge", alpha=215,
                       width=3 if (turn or win) else 2)
            colour = side_colour(theme, seat)
            icon = piece_sprite(SIDE_SHAPES[seat], colour, 11)
            surface.blit(icon, icon.get_rect(center=(box.x + 20, box.y + 22)))
            cached_text(surface, SEAT_NAMES[seat], theme.font(18, "bold"), colour, (box.x + 36, box.y + 22), "midleft")
            who = self.match.seats[seat]
            kind = f"{(who.level or '').title()} bot" if who.is_bot else "Person"
            cached_text(surface, kind, theme.font(14, "regular"), theme["text_dim"], (box.x + 36, box.y + 42), "midleft",
                      max_width=box.w - 44)
            count = state.piece_count(seat)
            groups = self.groups(state, seat)
            joined = len(groups[0]) if groups else 0
            y = box.y + 62
            cached_text(surface, "pieces", theme.font(14, "regular"), theme["text_dim"], (box.x + 12, y))
            cached_text(surface, str(count), theme.font(18, "bold"), theme["text"], (box.right - 12, y - 2), "topright")
            y += 24
            cached_text(surface, "groups", theme.font(14, "regular"), theme["text_dim"], (box.x + 12, y))
            cached_text(surface, str(len(groups)), theme.font(18, "bold"), theme["text"], (box.right - 12, y - 2),
                      "topright")
            y += 24
            cached_text(surface, "largest", theme.font(14, "regular"), theme["text_dim"], (box.x + 12, y))
            cached_text(surface, f"{joined}", theme.font(18, "bold"), theme["accent"] if win else theme["text"],
                      (box.right - 12, y - 2), "topright")
            y += 26
            bar = pygame.Rect(box.x + 12, y, box.w - 24, 10)
            pygame.draw.rect(surface, darken(theme["panel"], 0.4), bar, border_radius=5)
            if count:
                fill = bar.copy()
                fill.w = max(10, int(bar.w * joined / count))
                pygame.draw.rect(surface, theme["accent"] if win else colour, fill, border_radius=5)
            y += 20
            lost = self.lost_pieces(state, seat)
            cached_text(surface, "lost" if lost else "none lost", theme.font(14, "regular"), theme["text_dim"],
                      (box.x + 12, y))
            y += 22
            per_row = max(1, (box.w - 20) // 24)
            for k, colour_index in enumerate(lost):
                rr, cc = divmod(k, per_row)
                spr = self._sprite(seat, colour_index, dim=True, radius=10)
                surface.blit(spr, spr.get_rect(center=(box.x + 22 + cc * 24, y + 10 + rr * 24)))

    def lost_pieces(self, state, seat: int) -> list[int]:
        """Colours of ``seat``'s pieces no longer on the board (captures, removals)."""
        start = [0, 0, 0, 0]
        now = [0, 0, 0, 0]
        for code_sq in range(64):
            p = self.match.states[0].piece_at(code_sq)
            if p is not None and p[0] == seat:
                start[p[1]] += 1
            q = state.piece_at(code_sq)
            if q is not None and q[0] == seat:
                now[q[1]] += 1
        out = []
        for c in range(4):
            out.extend([c] * max(0, start[c] - now[c]))
        return out

    # -- drawing: the panel button focus -----------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if self.keyboard and self.button_focus is not None:
            buttons = self.panel_buttons()
            if 0 <= self.button_focus < len(buttons):
                col = lighten(self.app.theme["focus"], 0.3 * pulse(self.ticks, 0.2))
                pygame.draw.rect(surface, col, buttons[self.button_focus].rect.inflate(8, 8), 3,
                                 border_radius=12)

    # -- drawing: setup ---------------------------------------------------------------------------
    def draw_setup(self, surface: pygame.Surface, state) -> None:
        theme = self.app.theme
        shade = _SPRITES.get("setup-shade")
        if shade is None:
            shade = pygame.Surface(BOARD_RECT.inflate(20, 20).size, pygame.SRCALPHA)
            pygame.draw.polygon(shade, (8, 10, 22, 150), board_outline(10, 10, CELL, 8))
            _SPRITES["setup-shade"] = shade
        surface.blit(shade, BOARD_RECT.inflate(20, 20))
        person = self.live(state) and self.person_to_act()
        box = pygame.Rect(0, 0, 2 * SETUP_W + 20 + 40, 304)
        box.center = (BOARD_RECT.centerx, BOARD_RECT.centery + 10)
        cached_panel(surface, box, theme, fill="background_2", edge="accent", alpha=238, width=3)
        holder = SEAT_NAMES[state.to_move]
        cached_text(surface, "Who starts?", theme.font(30, "display"), theme["accent"], (box.centerx, box.y + 14), "midtop")
        sub = (f"{holder} has the Advantage and chooses" if person else
               f"{self.seat_label(state.to_move)} is choosing...")
        cached_text(surface, sub, theme.font(18, "regular"), theme["text"], (box.centerx, box.y + 56), "midtop")
        for i, rect in enumerate(self.setup_buttons()):
            focus = person and i == self.setup_focus and self.button_focus is None
            hovered = person and rect.collidepoint(pygame.mouse.get_pos()) and not self.app.headless
            fill = lighten(theme["panel"], 0.12 if (focus or hovered) else 0.0)
            pygame.draw.rect(surface, fill, rect, border_radius=14)
            edge = theme["accent"] if focus else theme["panel_edge"]
            pygame.draw.rect(surface, edge, rect, 4 if focus else 2, border_radius=14)
            colour = side_colour(theme, i)
            spr = piece_sprite(SIDE_SHAPES[i], colour, 26)
            surface.blit(spr, spr.get_rect(center=(rect.centerx, rect.y + 38)))
            cached_text(surface, f"{SEAT_NAMES[i]} starts", theme.font(22, "bold"), colour,
                      (rect.centerx, rect.y + 76), "midtop")
            cached_text(surface, "one opening move", theme.font(15, "regular"), theme["text_dim"],
                      (rect.centerx, rect.y + 108), "midtop")
            if not person:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((10, 12, 24, 120))
                surface.blit(veil, rect)
        note = "Turn 1 is a single move; the reply must match its colour."
        cached_text(surface, note, theme.font(16, "regular"), theme["text_dim"], (box.centerx, box.bottom - 34),
                    "midtop")
        if person and self.cursor_shown():
            pygame.draw.rect(surface, lighten(theme["focus"], 0.3 * pulse(self.ticks, 0.2)),
                             self.setup_buttons()[self.setup_focus].inflate(10, 10), 3, border_radius=18)

    # -- drawing: transitions -----------------------------------------------------------------------
    def draw_transition(self, surface: pygame.Surface, old, new, move, t: float) -> None:
        if isinstance(move, Slide):
            self._draw_slide(surface, old, new, move, t)
        elif isinstance(move, Remove):
            self._draw_removal(surface, old, new, move, t)
        elif isinstance(move, Start):
            self._draw_scene(surface, new, settled=False)
            if t < 1:
                self._draw_start_card(surface, move, t)
        else:
            self._draw_scene(surface, new, settled=False)

    def _draw_slide(self, surface, old, new, move, t: float) -> None:
        try:
            path = old.path(move)
        except ValueError:
            self._draw_scene(surface, new, settled=False)
            return
        squares = path.squares
        n = len(squares) - 1
        capture = path.captured is not None
        slide_end = 0.55 if capture else 1.0
        s = ease(min(1.0, t / slide_end))
        f = s * n  # position along the path in squares
        lifted = {}
        for j in path.jumped:
            k = squares.index(j)
            d = f - k
            lifted[j] = -7.0 * math.sin(math.pi * max(0.0, min(1.0, (d + 0.8) / 1.6)))  # dips as it is jumped
        # the mover hops over jumped pieces
        hop = 0.0
        for j in path.jumped:
            k = squares.index(j)
            hop = max(hop, 16.0 * max(0.0, 1.0 - abs(f - k) / 0.9))
        i0 = min(n - 1, int(f)) if n else 0
        frac = f - i0
        a = self.square_center(squares[i0])
        b = self.square_center(squares[min(n, i0 + 1)])
        pos = (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac)
        hide = {move.frm}
        if capture and t >= slide_end:
            hide.add(move.to)
        theme = self.app.theme
        seat, colour = old.piece_at(move.frm)
        # links that change let go of the moving piece at once; the new ones form at the end
        links_alpha = int(255 * max(0.0, 1 - t / 0.2))

        def under(surf):
            # a trail from the start to where the piece is now, under the jumped pieces
            draw_alpha_line(surf, side_colour(theme, seat), self.square_center(move.frm), pos, 6, 90)

        def extra(surf):
            if capture and t >= slide_end:
                u = (t - slide_end) / (1 - slide_end)
                self._draw_shatter(surf, old, path.captured, u)
            r = self._piece_radius()
            sh = shadow_sprite(r)
            surf.blit(sh, sh.get_rect(center=(pos[0], pos[1] + r * 0.75)))
            spr = self._sprite(seat, colour)
            surf.blit(spr, spr.get_rect(center=(round(pos[0]), round(pos[1] - 5 - hop))))

        links = []
        for side in (DIAMOND, CIRCLE):
            before, after = self.groups(old, side), self.groups(new, side)
            if before[:1] == after[:1] and old.piece_at(move.frm)[0] != side:
                links.append((old, 255, (side,)))
            else:
                links.append((old, links_alpha, (side,)))
                links.append((new, int(255 * max(0.0, (t - 0.75) / 0.25)), (side,)))
        self._draw_scene(surface, old, hide=hide, lifted=lifted, extra=extra, under=under, links=links,
                         settled=False, card_state=new)

    def _draw_removal(self, surface, old, new, move, t: float) -> None:
        theme = self.app.theme
        sq = move.square
        mark = 0.3
        hide = {sq} if t >= mark else set()

        def extra(surf):
            c = self.square_center(sq)
            if t < mark:
                k = t / mark
                rad = CELL * (0.9 - 0.43 * ease(k))
                pygame.draw.circle(surf, theme["bad"], c, rad, 4)
                s = CELL * 0.22
                pygame.draw.line(surf, theme["bad"], (c[0] - s, c[1] - s), (c[0] + s, c[1] + s), 4)
                pygame.draw.line(surf, theme["bad"], (c[0] - s, c[1] + s), (c[0] + s, c[1] - s), 4)
            else:
                self._draw_shatter(surf, old, sq, (t - mark) / (1 - mark))

        self._draw_scene(surface, old if t < mark else new, hide=hide if t < mark else set(), extra=extra,
                         settled=False, card_state=new)

    def _draw_shatter(self, surface, state, sq: int, u: float) -> None:
        """The piece on ``sq`` bursts into shards; positions depend on ``u`` (0..1) only."""
        piece = state.piece_at(sq)
        if piece is None:
            return
        theme = self.app.theme
        base = theme[COLOUR_KEYS[piece[1]]]
        cx, cy = self.square_center(sq)
        rng = random.Random(sq * 7919 + piece[1])
        # a flash ring
        ring = CELL * (0.35 + 0.9 * ease(u))
        fade = max(0.0, 1.0 - u * 1.4)
        if fade > 0:
            draw_alpha_line(surface, lighten(base, 0.6), (cx - 1, cy), (cx + 1, cy), int(CELL * 0.5 * (1 - u)) + 2,
                            int(200 * fade))
            pygame.draw.circle(surface, lighten(base, 0.5 + 0.4 * fade), (cx, cy), ring, max(1, int(4 * fade)))
        travel = 1 - (1 - u) ** 2
        for i in range(20):
            angle = rng.uniform(0, math.tau)
            speed = rng.uniform(0.7, 1.6) * CELL
            size = rng.uniform(7, 15) * (1 - 0.6 * u)
            spin = rng.uniform(-7, 7)
            shade = lighten(base, rng.uniform(0, 0.55)) if i % 2 else darken(base, rng.uniform(0, 0.3))
            px = cx + math.cos(angle) * speed * travel
            py = cy + math.sin(angle) * speed * travel + 46 * u * u  # a little gravity
            rot = angle + spin * u
            pts = [(px + size * math.cos(rot + k * 2.3) * (1.0 if k else 1.4),
                    py + size * math.sin(rot + k * 2.3) * (1.0 if k else 1.4)) for k in range(3)]
            if u < 0.97:
                pygame.draw.polygon(surface, shade, pts)
                pygame.draw.polygon(surface, darken(base, 0.55), pts, 1)

    def _draw_start_card(self, surface, move, t: float) -> None:
        theme = self.app.theme
        alpha = int(255 * (1 - ease(max(0.0, (t - 0.45) / 0.55))))
        layer = pygame.Surface((420, 110), pygame.SRCALPHA)
        cached_panel(layer, layer.get_rect(), theme, fill="background_2", edge="accent", alpha=235, width=3)
        spr = piece_sprite(SIDE_SHAPES[move.seat], side_colour(theme, move.seat), 28)
        layer.blit(spr, spr.get_rect(center=(60, 55)))
        cached_text(layer, f"{SEAT_NAMES[move.seat]} starts", theme.font(34, "display"), theme["accent"], (105, 55),
                  "midleft")
        layer.set_alpha(alpha)
        surface.blit(layer, layer.get_rect(center=BOARD_RECT.center))

    # -- hint ------------------------------------------------------------------------------------
    def draw_hint(self, surface: pygame.Surface, move) -> None:
        theme = self.app.theme
        k = pulse(self.ticks, 0.18)
        colour = lighten(theme["accent_2"], 0.3 * k)
        if isinstance(move, Slide):
            pygame.draw.rect(surface, colour, self.square_rect(move.frm).inflate(-4, -4), 3, border_radius=8)
            draw_arrow(surface, colour, self.square_center(move.frm), self.square_center(move.to), width=7,
                       alpha=200, head=22, shorten=CELL * 0.25)
        elif isinstance(move, Remove):
            c = self.square_center(move.square)
            pygame.draw.circle(surface, colour, c, CELL * 0.5, 4)
        elif isinstance(move, Start):
            rect = self.setup_buttons()[move.seat]
            pygame.draw.rect(surface, colour, rect.inflate(14, 14), 4, border_radius=18)

    # -- the message strip under the board ----------------------------------------------------------
    def prompt(self) -> tuple[str, str]:
        """(text, kind) shown under the board when no banner is up."""
        m = self.match
        state = m.state
        if state.phase == "over":
            return state.reason, "good"
        seat = m.to_move()
        if m.controller(seat).is_bot:
            return f"{self.seat_label(seat)} is thinking...", "info"
        return state.step_banner(), "warning" if state.phase == "remove" else "info"

    def draw_banner(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        active = self.banner_ticks > 0 and self.banner
        text, kind = (self.banner, self.banner_kind) if active else self.prompt()
        if not text:
            return
        font = theme.font(20)
        width = BOARD_AREA.w - 40
        lines = self._wrapped(text, font, width - 70)
        h = 16 + 26 * len(lines)
        rect = pygame.Rect(0, 0, width, h)
        rect.midtop = (BOARD_AREA.centerx, PROMPT_TOP)
        if rect.bottom > BOARD_AREA.bottom:
            rect.bottom = BOARD_AREA.bottom
        edge = {"error": "bad", "warning": "accent", "good": "good"}.get(kind, "accent_2" if active else "panel_edge")
        fade = min(1.0, self.banner_ticks / 20) if active else 1.0
        fill = "background_2" if active else "panel"
        cached_panel(surface, rect, theme, fill=fill, edge=edge, alpha=int(240 * fade) // 24 * 24 if active else 215,
                   width=3 if active else 2)
        colour = theme["text"] if active or kind != "good" else theme["accent"]
        for i, line in enumerate(lines):
            cached_text(surface, line, font, colour, (rect.centerx, rect.y + 8 + 26 * i), "midtop")
        if active and kind in ("error", "warning"):
            badge = (rect.x + 22, rect.centery)
            pygame.draw.circle(surface, theme[edge], badge, 12)
            cached_text(surface, "!", theme.font(18, "bold"), theme["background"], badge, "center")

    # -- thumbnail for the game-select card ------------------------------------------------------------
    @staticmethod
    def draw_thumbnail(surface: pygame.Surface, theme, state, settings) -> None:
        w, h = surface.get_size()
        cell = max(4, (min(w, h) - 2 * max(3, min(w, h) // 64)) // 8)
        board = board_surface(theme, cell, labels=False)
        bx = (w - board.get_width()) // 2
        by = (h - board.get_height()) // 2
        surface.blit(board, (bx, by))
        pad = (board.get_width() - cell * 8) // 2
        radius = max(3, int(cell * 0.46))
        colour_blind = bool(getattr(settings, "colour_blind", False))
        for sq in range(64):
            p = state.piece_at(sq)
            if p is None:
                continue
            seat, colour = p
            glyph = GLYPHS[COLOURS[colour]] if colour_blind and radius >= 5 else None
            spr = piece_sprite(SIDE_SHAPES[seat], theme[COLOUR_KEYS[colour]], radius, glyph)
            col, row = square_cell(sq)
            surface.blit(spr, spr.get_rect(center=(bx + pad + col * cell + cell // 2, by + pad + row * cell + cell // 2)))


def _short_dir(d: int) -> str:
    return {"north": "N", "north-east": "NE", "east": "E", "south-east": "SE", "south": "S",
            "south-west": "SW", "west": "W", "north-west": "NW"}[DIRECTION_NAMES[d]]


VIEW = ChromaticCollapseView
