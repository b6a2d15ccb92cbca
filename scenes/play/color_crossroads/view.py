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
from dataclasses import dataclass

import pygame

from game.color_crossroads import (
    CELLS,
    COLOURS,
    CORNERS,
    EMPTY,
    PAIR_NAMES,
    PAIRS,
    SIZE,
    TARGET_POINTS,
    WALL,
    Answer,
    Challenge,
    Concede,
    EndTurn,
    Pass,
    Place,
    Start,
    label,
)
from scenes.play.base import BOARD_AREA, PANEL, PlayScene, ease, ease_out_back, pulse
from scenes.widgets import GLYPHS, darken, draw_gem, draw_glyph, lighten, wrap_text

CELL = 64
BOARD = pygame.Rect(44, 98, CELL * SIZE, CELL * SIZE)  # 44..620 x 98..674
BG_RECT = pygame.Rect(BOARD_AREA.x, BOARD_AREA.y, BOARD.right + 12 - BOARD_AREA.x, BOARD_AREA.h)
COLUMN = pygame.Rect(BOARD.right + 18, BOARD.y - 2, BOARD_AREA.right - BOARD.right - 22, 608)
GEM_R = 25
SWATCH_H, SWATCH_GAP = 58, 8
PAIR_TOP = 126  # first pair row in the side panel
PAIR_ROW_H, PAIR_GAP = 46, 4
CHALLENGE_W = 132
ANSWER_SECONDS = 120.0
KEY_COLOURS = {
    pygame.K_1: 0,
    pygame.K_2: 1,
    pygame.K_3: 2,
    pygame.K_4: 3,
    pygame.K_KP1: 0,
    pygame.K_KP2: 1,
    pygame.K_KP3: 2,
    pygame.K_KP4: 3,
}
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


def colour_of(theme, c: int) -> pygame.Color:
    return theme[f"crystal_{COLOURS[c]}"]


def pair_text(p: int) -> str:
    return PAIR_NAMES[p]


# -- cached drawing -------------------------------------------------------------------
_SPRITES: dict = {}
_TEXT: dict = {}


def gem_sprite(colour, radius: int, glyph: str | None) -> pygame.Surface:
    key = (tuple(pygame.Color(colour)), radius, glyph)
    s = _SPRITES.get(key)
    if s is None:
        size = radius * 2 + 8
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_gem(s, (size / 2, size / 2), radius, colour, glyph=glyph)
        if len(_SPRITES) > 300:
            _SPRITES.clear()
        _SPRITES[key] = s
    return s


def blit_gem(
    surface, theme, c: int, center, radius: int, colour_blind: bool, alpha: int = 255
) -> None:
    s = gem_sprite(colour_of(theme, c), radius, GLYPHS[COLOURS[c]] if colour_blind else None)
    if alpha < 255:
        s = s.copy()
        s.set_alpha(alpha)
    surface.blit(s, s.get_rect(center=(round(center[0]), round(center[1]))))


def text(
    surface,
    theme,
    words: str,
    size: int,
    colour,
    pos,
    anchor: str = "topleft",
    kind: str = "bold",
    max_width: int | None = None,
) -> pygame.Rect:
    """draw_text with a cache of rendered lines (the panel redraws every frame)."""
    font = theme.font(size, kind)
    if max_width is not None and font.size(words)[0] > max_width:
        while words and font.size(words + "…")[0] > max_width:
            words = words[:-1]
        words += "…"
    key = (words, size, kind, tuple(pygame.Color(colour)))
    img = _TEXT.get(key)
    if img is None:
        if len(_TEXT) > 800:
            _TEXT.clear()
        img = font.render(words, True, colour)
        _TEXT[key] = img
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def alpha_rect(surface, rect, colour, alpha: int, radius: int = 10, width: int = 0) -> None:
    rect = pygame.Rect(rect)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    c = pygame.Color(colour)
    c.a = alpha
    pygame.draw.rect(layer, c, layer.get_rect(), width, border_radius=radius)
    surface.blit(layer, rect)


def draw_ring(surface, center, radius: int, width: int, frac: float, colour, track) -> None:
    """A countdown ring: the remaining fraction runs clockwise from the top."""
    cx, cy = center
    pygame.draw.circle(surface, track, center, radius, width)
    frac = max(0.0, min(1.0, frac))
    if frac <= 0:
        return
    n = max(3, int(96 * frac))
    a0 = -math.pi / 2
    outer = [
        (
            cx + radius * math.cos(a0 + math.tau * frac * k / n),
            cy + radius * math.sin(a0 + math.tau * frac * k / n),
        )
        for k in range(n + 1)
    ]
    r2 = radius - width
    inner = [
        (
            cx + r2 * math.cos(a0 + math.tau * frac * k / n),
            cy + r2 * math.sin(a0 + math.tau * frac * k / n),
        )
        for k in range(n, -1, -1)
    ]
    pygame.draw.polygon(surface, colour, outer + inner)
    end = outer[-1]
    pygame.draw.circle(
        surface,
        lighten(colour, 0.5),
        (round((end[0] + inner[0][0]) / 2), round((end[1] + inner[0][1]) / 2)),
        width // 2 + 1,
    )


def cell_rect(i: int) -> pygame.Rect:
    r, c = divmod(i, SIZE)
    return pygame.Rect(BOARD.x + c * CELL, BOARD.y + r * CELL, CELL, CELL)


def cell_center(i: int) -> tuple[int, int]:
    r, c = divmod(i, SIZE)
    return BOARD.x + c * CELL + CELL // 2, BOARD.y + r * CELL + CELL // 2


def cell_at(pos) -> int | None:
    if pos is None or not BOARD.collidepoint(pos):
        return None
    c = (pos[0] - BOARD.x) // CELL
    r = (pos[1] - BOARD.y) // CELL
    return int(r * SIZE + c)


def adjacent(a: int, b: int) -> bool:
    ar, ac = divmod(a, SIZE)
    br, bc = divmod(b, SIZE)
    return abs(ar - br) + abs(ac - bc) == 1


def walk(a: int, b: int) -> list[int]:
    """Cells from next-to-``a`` to ``b`` in orthogonal steps (a fast drag may skip cells)."""
    r, c = divmod(a, SIZE)
    br, bc = divmod(b, SIZE)
    out = []
    while (r, c) != (br, bc):
        dr, dc = br - r, bc - c
        if dc and abs(dc) >= abs(dr):
            c += 1 if dc > 0 else -1
        else:
            r += 1 if dr > 0 else -1
        out.append(r * SIZE + c)
    return out


def swatch_rect(c: int) -> pygame.Rect:
    return pygame.Rect(COLUMN.x, COLUMN.y + 28 + c * (SWATCH_H + SWATCH_GAP), COLUMN.w, SWATCH_H)


ACTION_RECT = pygame.Rect(COLUMN.x, swatch_rect(3).bottom + 16, COLUMN.w, 52)
SUBMIT_RECT = pygame.Rect(COLUMN.x, COLUMN.y + 318, COLUMN.w, 54)
CLEAR_RECT = pygame.Rect(COLUMN.x, SUBMIT_RECT.bottom + 10, (COLUMN.w - 10) // 2, 48)
CONCEDE_RECT = pygame.Rect(CLEAR_RECT.right + 10, CLEAR_RECT.y, COLUMN.w - CLEAR_RECT.w - 10, 48)
RING_CENTER = (COLUMN.centerx, COLUMN.y + 150)
RING_R = 66


def start_rects() -> list[pygame.Rect]:
    w, h, gap = 220, 64, 20
    x0 = BOARD.centerx - w - gap // 2
    y = BOARD.centery + 6
    return [pygame.Rect(x0, y, w, h), pygame.Rect(x0 + w + gap, y, w, h)]


def pair_row_rect(p: int) -> pygame.Rect:
    return pygame.Rect(
        PANEL.x + 10, PAIR_TOP + p * (PAIR_ROW_H + PAIR_GAP), PANEL.w - 20, PAIR_ROW_H
    )


def challenge_rect(p: int) -> pygame.Rect:
    row = pair_row_rect(p)
    return pygame.Rect(row.right - CHALLENGE_W, row.y, CHALLENGE_W, row.h)


@dataclass
class Target:
    """A clickable, focusable button drawn by this view (hit testing is ours)."""

    key: str
    rect: pygame.Rect
    label: str
    style: str = "normal"  # normal, primary, danger
    enabled: bool = True


_BOARD_BG: dict = {}
_VEIL: dict = {}


def cell_veil(theme) -> pygame.Surface:
    surf = _VEIL.get("veil")
    if surf is None:
        surf = pygame.Surface((CELL - 5, CELL - 5), pygame.SRCALPHA)
        c = pygame.Color(theme["background"])
        c.a = 165
        pygame.draw.rect(surf, c, surf.get_rect(), border_radius=9)
        _VEIL["veil"] = surf
    return surf


def board_background(theme, board: tuple[int, ...], colour_blind: bool) -> pygame.Surface:
    """Frame, tiles, walls, coordinates and the fixed corner crystals (cached per layout)."""
    walls = tuple(i for i, v in enumerate(board) if v == WALL)
    key = (walls, colour_blind)
    surf = _BOARD_BG.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface(BG_RECT.size, pygame.SRCALPHA)
    ox, oy = -BG_RECT.x, -BG_RECT.y
    frame = BOARD.inflate(18, 18).move(ox, oy)
    pygame.draw.rect(surf, darken(theme["panel"], 0.25), frame.move(0, 5), border_radius=16)
    pygame.draw.rect(surf, darken(theme["panel"], 0.05), frame, border_radius=16)
    pygame.draw.rect(surf, theme["panel_edge"], frame, 2, border_radius=16)
    tile = lighten(theme["grid"], 0.04)
    for i in range(CELLS):
        r = cell_rect(i).move(ox, oy).inflate(-5, -5)
        if board[i] == WALL:
            pygame.draw.rect(surf, (2, 3, 6), r.move(0, 2), border_radius=8)
            pygame.draw.rect(surf, theme["wall"], r, border_radius=8)
            pygame.draw.rect(surf, lighten(theme["wall"], 0.16), r, 2, border_radius=8)
            inner = r.inflate(-16, -16)
            pygame.draw.rect(surf, lighten(theme["wall"], 0.06), inner, border_radius=5)
            hatch = lighten(theme["wall"], 0.13)
            for k in range(-inner.h + 5, inner.w, 9):  # diagonal hatching: a blocked cell
                seg = inner.clipline(
                    (inner.x + k, inner.y), (inner.x + k + inner.h, inner.y + inner.h)
                )
                if seg:
                    pygame.draw.line(surf, hatch, seg[0], seg[1], 2)
            continue
        pygame.draw.rect(surf, darken(tile, 0.35), r.move(0, 2), border_radius=9)
        pygame.draw.rect(surf, tile, r, border_radius=9)
        pygame.draw.line(surf, lighten(tile, 0.12), (r.x + 8, r.y + 1), (r.right - 9, r.y + 1), 2)
    for c, corner in enumerate(CORNERS):
        r = cell_rect(corner).move(ox, oy).inflate(-5, -5)
        colour = colour_of(theme, c)
        pygame.draw.rect(surf, darken(colour, 0.62), r, border_radius=9)
        pygame.draw.rect(surf, darken(colour, 0.2), r, 2, border_radius=9)
        cx, cy = r.center
        s = gem_sprite(colour, GEM_R, GLYPHS[COLOURS[c]] if colour_blind else None)
        surf.blit(s, s.get_rect(center=(cx, cy)))
    font = theme.font(16, "bold")
    for k in range(SIZE):
        letter = font.render("ABCDEFGHI"[k], True, theme["text_dim"])
        surf.blit(
            letter, letter.get_rect(center=(BOARD.x + ox + k * CELL + CELL // 2, BOARD.y + oy - 21))
        )
        num = font.render(str(k + 1), True, theme["text_dim"])
        surf.blit(
            num, num.get_rect(center=(BOARD.x + ox - 21, BOARD.y + oy + k * CELL + CELL // 2))
        )
    _BOARD_BG[key] = surf
    return surf


def loop_layer(cells, closed: bool, glow, core=(250, 250, 255), tail=None) -> pygame.Surface:
    """A glowing path through cell centres on a board-sized layer.  ``tail`` (a point on
    the board, board coordinates) extends the path part of the way to its next cell (the
    trace animation); non-neighbour steps are drawn as thin dashes so a gap is visible
    before the checker names it."""
    layer = pygame.Surface(BOARD.size, pygame.SRCALPHA)
    if not cells:
        return layer
    pts = [(cell_center(c)[0] - BOARD.x, cell_center(c)[1] - BOARD.y) for c in cells]
    segs = [(i, i + 1) for i in range(len(cells) - 1)]
    if closed and len(cells) > 2:
        segs.append((len(cells) - 1, 0))
    ends = []
    for a, b in segs:
        ends.append((pts[a], pts[b], adjacent(cells[a], cells[b])))
    if tail is not None:
        ends.append((pts[-1], tail, True))
    g = pygame.Color(glow)
    for width, alpha in ((30, 45), (20, 80), (11, 170)):
        colour = (g.r, g.g, g.b, alpha)
        for a, b, ok in ends:
            if ok:
                pygame.draw.line(layer, colour, a, b, width)
        for p in pts:
            pygame.draw.circle(layer, colour, p, width // 2)
    for a, b, ok in ends:
        if ok:
            pygame.draw.line(layer, core, a, b, 5)
        else:
            n = max(2, int(math.dist(a, b) // 12))
            for k in range(0, n, 2):
                p0 = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
                p1 = (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1] + (b[1] - a[1]) * (k + 1) / n)
                pygame.draw.line(layer, (255, 120, 140, 230), p0, p1, 4)
    for p in pts:
        pygame.draw.circle(layer, core, p, 6)
    pygame.draw.circle(layer, core, pts[0], 15, 3)
    return layer


class ColorCrossroadsView(PlayScene):
    def __init__(self, app, match):
        super().__init__(app, match)
        self.colour: int | None = None  # the palette choice
        self.pending: int | None = None  # a cell chosen before its colour
        self.cursor = 40  # E5
        self.keyboard = False  # the cursor is shown once keys are used
        self.pad = False  # the latest key came from a game controller (the key line says so)
        self.focus_key: str | None = None  # a Target key, None = the board
        self.mouse = (-1, -1)
        self.hover: int | None = None
        self.drag_colour: int | None = None
        # the loop being drawn
        self.path: list[int] = []
        self.closed = False
        self.dragging = False
        self.drag_head: int | None = None
        self.remove_on_up = False
        self.verdict: tuple[str, str] | None = None  # (text, "good"/"bad")
        self.refused_flash = 0
        self.concede_armed = 0
        self.later: tuple | None = None  # (move, banner, kind) shown after its animation
        self.traced: tuple | None = None  # (loop, board) of the latest accepted answer
        self.last_tick_second = -1
        self._layer_key = None
        self._layer = None
        self._targets_state = None  # held, so that its id is never reused while cached
        self._targets_key = None
        self._targets: list[Target] = []
        self._log_cache: dict = {}

    # -- who and what ------------------------------------------------------------------
    def person_to_act(self) -> bool:
        seat = self.match.to_move()
        return seat >= 0 and not self.match.controller(seat).is_bot

    def short_name(self, seat: int) -> str:
        people = self.match.people()
        if len(people) == 1 and seat in people:
            return "You"
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

    def targets(self) -> list[Target]:
        st = self.match.state
        person = self.person_to_act()
        key = (person, self.concede_armed > 0)
        if st is self._targets_state and key == self._targets_key:
            return self._targets
        out: list[Target] = []
        if st.phase == "setup":
            if person:
                for seat, r in enumerate(start_rects()):
                    out.append(
                        Target(
                            f"start:{seat}",
                            r,
                            f"Player {seat + 1} starts",
                            "primary" if seat == 0 else "normal",
                        )
                    )
        elif st.phase == "turn":
            for c in range(4):
                out.append(Target(f"colour:{c}", swatch_rect(c), COLOURS[c].title()))
            legal = st.legal_moves() if person else []
            if Pass() in legal:
                out.append(Target("pass", ACTION_RECT, "Pass (nothing fits)", "primary"))
            else:
                out.append(
                    Target(
                        "end",
                        ACTION_RECT,
                        "End turn",
                        "primary" if EndTurn() in legal else "normal",
                        EndTurn() in legal,
                    )
                )
        elif st.phase == "answer" and person:
            out.append(Target("submit", SUBMIT_RECT, "Submit loop", "primary"))
            out.append(Target("clear", CLEAR_RECT, "Clear"))
            out.append(
                Target(
                    "concede",
                    CONCEDE_RECT,
                    "Sure?" if self.concede_armed > 0 else "Concede",
                    "danger",
                )
            )
        if st.phase != "over":
            can = person and st.phase == "turn" and st.can_challenge()
            for p in st.open_pairs():
                if st.phase == "answer" and p == st.challenge_pair:
                    continue  # its row says "challenged"
                out.append(Target(f"challenge:{p}", challenge_rect(p), "Challenge", "normal", can))
        self._targets_state, self._targets_key, self._targets = st, key, out
        return out

    def target_at(self, pos) -> Target | None:
        for t in self.targets():
            if t.rect.collidepoint(pos):
                return t
        return None

    # -- input -------------------------------------------------------------------------
    def handle_board(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.keyboard = False
            self.hover = cell_at(event.pos)
            if self.dragging and self.hover is not None:
                self.drag_to(self.hover)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.keyboard = False
            self.pad = False
            self.focus_key = None
            target = self.target_at(event.pos)
            if target is not None:
                self.activate(target.key)
                if target.key.startswith("colour:") and self.colour is not None:
                    self.drag_colour = self.colour
                return
            cell = cell_at(event.pos)
            if cell is not None:
                self.cursor = cell
                self.press_cell(cell, mouse=True)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            cell = cell_at(event.pos)
            if (
                self.drag_colour is not None
                and cell is not None
                and self.match.state.phase == "turn"
            ):
                colour, self.drag_colour = self.drag_colour, None
                self.place(cell, colour)
            self.drag_colour = None
            self.release()
        elif event.type == pygame.KEYDOWN:
            # The input mapper marks the keys it makes for a controller as synthetic.
            self.pad = bool(getattr(event, "synthetic", False))
            self.handle_key(event)

    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k in ARROWS:
            dx, dy = ARROWS[k]
            if (
                self.match.state.phase == "setup"
                and self.focus_key
                and self.focus_key.startswith("start:")
            ):
                self.focus_key = f"start:{1 if dx > 0 else 0}" if dx else self.focus_key
                return
            self.keyboard = True
            self.focus_key = None
            self.hover = None
            r, c = divmod(self.cursor, SIZE)
            r = max(0, min(SIZE - 1, r + dy))
            c = max(0, min(SIZE - 1, c + dx))
            before = self.cursor
            self.cursor = r * SIZE + c
            if event.mod & pygame.KMOD_SHIFT and self.answering() and self.cursor != before:
                if not self.path:
                    self.path_click(before)
                if self.path and self.path[-1] == before:
                    self.drag_step(self.cursor)
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.keyboard = True
            if self.focus_key is not None:
                self.activate(self.focus_key)
            elif self.match.state.phase == "setup":
                self.focus_key = "start:0" if self.person_to_act() else None
            else:
                self.hover = None
                self.press_cell(self.cursor, mouse=False)
            return
        if k == pygame.K_TAB:
            self.keyboard = True
            self.tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        if k in KEY_COLOURS and self.match.state.phase == "turn":
            self.activate(f"colour:{KEY_COLOURS[k]}")
            return
        if k == pygame.K_BACKSPACE:
            if self.answering():
                if self.closed:
                    self.closed = False
                elif self.path:
                    self.path.pop()
                self.path_changed()
            else:
                self.colour = None
                self.pending = None

    def tab(self, d: int) -> None:
        keys = [None] + [t.key for t in self.targets()]
        i = keys.index(self.focus_key) if self.focus_key in keys else 0
        self.focus_key = keys[(i + d) % len(keys)]
        self.app.sound.play("hover")

    def activate(self, key: str) -> None:
        kind, _, arg = key.partition(":")
        st = self.match.state
        if kind == "start":
            self.app.sound.play("click")
            self.try_move(Start(int(arg)))
        elif kind == "colour":
            c = int(arg)
            self.app.sound.play("click")
            if self.pending is not None and self.person_to_act() and st.phase == "turn":
                cell = self.pending
                self.place(cell, c)
                return
            self.colour = None if self.colour == c else c
        elif kind == "end":
            self.try_move(EndTurn())
        elif kind == "pass":
            self.try_move(Pass())
        elif kind == "challenge":
            self.try_move(Challenge(int(arg)))
        elif kind == "submit":
            self.submit_loop()
        elif kind == "clear":
            self.path.clear()
            self.closed = False
            self.path_changed()
            self.app.sound.play("back")
        elif kind == "concede":
            if self.concede_armed > 0:
                self.concede_armed = 0
                self.try_move(Concede())
            else:
                self.concede_armed = 180
                self.say("Press Concede again to give the point away", "warning")

    def press_cell(self, cell: int, mouse: bool) -> None:
        st = self.match.state
        if self.answering():
            if mouse and self.path and cell == self.path[-1] and not self.closed:
                self.remove_on_up = True  # a click takes it back; a drag carries on from it
            else:
                self.path_click(cell)
            if mouse and self.path and not self.closed and self.path[-1] == cell:
                self.dragging = True
                self.drag_head = cell
            return
        if st.phase != "turn":
            return
        if not self.person_to_act():
            self.say("Wait for the bot to move", "warning")
            return
        if self.colour is not None:
            self.place(cell, self.colour)
            return
        if st.board[cell] != EMPTY:
            reason = st.why_illegal(Place(cell, 0))
            if reason:
                self.say(reason, "warning")
            self.pending = None
            return
        self.pending = None if self.pending == cell else cell
        if self.pending is not None:
            self.say(f"{label(cell)}: now choose a colour", "info", 2.0)

    def place(self, cell: int, colour: int) -> None:
        if self.try_move(Place(cell, colour)):
            self.colour = None
            self.pending = None

    def release(self) -> None:
        if self.remove_on_up and self.path:
            self.path.pop()
            self.path_changed()
        self.remove_on_up = False
        self.dragging = False
        self.drag_head = None

    def answering(self) -> bool:
        return self.match.state.phase == "answer" and self.person_to_act()

    def keys_hint(self) -> str:
        """The key line under the column: the keyboard's keys, or the controller's
        buttons once a controller is in use (it has no Shift, digits or Backspace)."""
        if self.answering():
            if self.pad:
                return "Pad: A on a cell, Back: buttons"
            return "Keys: Shift+arrows, Backspace"
        return "Pad: d-pad + A, Back: buttons" if self.pad else "Keys: arrows, Enter, 1-4, Tab"

    # -- the path ----------------------------------------------------------------------
    def path_click(self, cell: int) -> None:
        """A click (or Enter) on ``cell`` while drawing a loop."""
        path = self.path
        if not path:
            path.append(cell)
        elif cell == path[-1] and not self.closed:
            path.pop()
        elif cell == path[0] and self.closed:
            self.closed = False
        elif cell == path[0] and len(path) >= 3:
            self.closed = True
            self.app.sound.play("place")
        elif cell in path:
            del path[path.index(cell) + 1 :]
            self.closed = False
        elif self.closed:
            self.say("The loop is closed: Submit it, or click one of its cells to go back", "info")
            return
        else:
            path.append(cell)
        self.path_changed()

    def drag_to(self, cell: int) -> None:
        if self.drag_head is None or cell == self.drag_head:
            return
        self.remove_on_up = False
        for z in walk(self.drag_head, cell):
            if not self.drag_step(z):
                break
            self.drag_head = z

    def drag_step(self, z: int) -> bool:
        """Extend (or take back) the path by one orthogonal step; False stops a drag."""
        path = self.path
        if self.closed or not path:
            return False
        if len(path) >= 2 and z == path[-2]:
            path.pop()
        elif z == path[0] and len(path) >= 3:
            self.closed = True
            self.app.sound.play("place")
        elif z in path:
            return False
        else:
            path.append(z)
        self.path_changed()
        return True

    def path_changed(self) -> None:
        self.verdict = None
        self.refused_flash = 0

    def submit_loop(self) -> None:
        self.try_move(Answer(tuple(self.path)))

    # -- base hooks ----------------------------------------------------------------------
    def say(self, words: str, kind: str = "info", seconds: float = 3.5) -> None:
        # The engine's reasons are sentence fragments ("E5 is yellow"); banners start upper case.
        super().say(words[:1].upper() + words[1:], kind, seconds)

    def request_hint(self) -> None:
        st = self.match.state
        if st.phase == "answer" and self.person_to_act():
            # The rules: the game never hints whether a loop exists.
            self.say(
                "No hints while answering a challenge: the game never says whether a loop exists",
                "warning",
            )
            return
        super().request_hint()

    def on_refused(self, move, exc) -> None:
        if isinstance(move, Answer):
            self.verdict = (f"Refused: {exc}", "bad")
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
            self.say(
                f"{name} challenged {pair_text(move.pair)}: {other} must show a loop "
                "within 2 minutes",
                "warning",
                4.0,
            )
        elif isinstance(move, Answer):
            self.app.sound.play("score")
            self.traced = (tuple(new.last_loop), new.board, seat)
            person = not self.match.controller(seat).is_bot
            if person:
                self.verdict = ("Loop accepted: +1", "good")
            self.later = (move, new.last_result, "good")
            self.banner_ticks = 0  # the challenge's banner is answered
        elif isinstance(move, Concede):
            self.app.sound.play("capture")
            self.later = (move, new.last_result, "warning")
            self.banner_ticks = 0
        elif isinstance(move, (EndTurn, Pass, Start)):
            self.app.sound.play("click")
        # A drawn path belongs to one challenge: any applied action starts or ends one.
        self.path = []
        self.closed = False
        self.dragging = False
        self.drag_head = None
        if isinstance(move, Challenge):
            self.verdict = None

    def on_undo(self) -> None:
        self._targets_key = None
        self.later = None
        self.colour = None
        self.pending = None
        self.path = []
        self.closed = False
        self.dragging = False
        self.drag_head = None
        self.verdict = None
        self.concede_armed = 0
        self.focus_key = None

    def bot_delay_ticks(self, state) -> int:
        base = super().bot_delay_ticks(state)
        # A bot answering a challenge is shown "looking for a loop" for a moment.
        return base * 2 if state.phase == "answer" else base

    def update_view(self) -> None:
        if self.later is not None:
            # The result is told once its animation has played (or was skipped).
            move = self.later[0]
            if not (self.anim and self.anim[2] is move) and not any(
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
        keys = [t.key for t in self.targets()]
        if self.focus_key is not None and self.focus_key not in keys:
            self.focus_key = None
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
            out = st.outcome()
            return out.reason if out else "Game over"
        seat = m.to_move()
        name = self.seat_label(seat)
        person = self.person_to_act()
        if st.phase == "setup":
            return (
                f"{name}: choose who takes the first turn"
                if person
                else f"{name} is choosing who starts..."
            )
        if st.phase == "answer":
            pair = pair_text(st.challenge_pair)
            return (
                f"{name}: show a {pair} loop, or concede"
                if person
                else f"{name} is looking for a {pair} loop..."
            )
        if not person:
            return f"{name} is thinking..."
        if not st.placed_this_turn:
            return f"{name}: place a colour" + (
                " (you may challenge first)" if st.can_challenge() else ""
            )
        return f"{name}: challenge a pair, or end your turn"

    def panel_rows(self) -> list[tuple[int, str, str]]:
        pts = self.match.state.points
        return [(s, self.seat_label(s), f"{pts[s]} / {TARGET_POINTS}") for s in range(2)]

    def log_lines(self) -> list[tuple[int, str]]:
        m = self.match
        out = []
        for i, e in enumerate(m.entries):
            key = (i, e.text, e.seat, m.states[i].challenge_pair, m.states[i].mover)
            line = self._log_cache.get(key)
            if line is None:
                line = self.describe(m.states[i], e.text, e.seat)
                self._log_cache[key] = line
            out.append((e.seat, line))
        return out

    def describe(self, before, move_text: str, seat: int) -> str:
        who = f"P{seat + 1}"
        try:
            move = before.parse_move(move_text)
        except ValueError:
            return f"{who}  {move_text}"
        if isinstance(move, Start):
            return f"{who}  Player {move.seat + 1} starts"
        if isinstance(move, Place):
            return f"{who}  {label(move.cell)} {COLOURS[move.colour]}"
        if isinstance(move, Challenge):
            return f"{who}  challenges {pair_text(move.pair)}"
        if isinstance(move, Answer):
            pair = pair_text(before.challenge_pair)
            return f"{who}  shows a {pair} loop ({len(move.cells)} cells): +1"
        if isinstance(move, Concede):
            return (
                f"{who}  no {pair_text(before.challenge_pair)} loop: closed, P{before.mover + 1} +1"
            )
        if isinstance(move, EndTurn):
            return f"{who}  ends the turn"
        if isinstance(move, Pass):
            return f"{who}  passes (nothing fits)"
        return f"{who}  {move_text}"

    # -- animation -----------------------------------------------------------------------
    def transition_ticks(self, old, new, move) -> int:
        if isinstance(move, Place):
            return 20
        if isinstance(move, Challenge):
            return 50
        if isinstance(move, Answer):
            return min(150, 36 + 5 * len(move.cells))
        if isinstance(move, Concede):
            return 60
        return 10

    def draw_transition(self, surface: pygame.Surface, old, new, move, t: float) -> None:
        theme = self.app.theme
        if isinstance(move, Place):
            self.draw_scene(surface, new, skip=(move.cell,))
            cx, cy = cell_center(move.cell)
            radius = max(2, int(GEM_R * ease_out_back(min(1.0, t * 1.3))))
            blit_gem(surface, theme, move.colour, (cx, cy), radius, self.app.settings.colour_blind)
            ripple = int(CELL * 0.35 + CELL * 0.55 * t)
            layer = pygame.Surface((ripple * 2 + 8, ripple * 2 + 8), pygame.SRCALPHA)
            c = pygame.Color(colour_of(theme, move.colour))
            c.a = int(220 * (1 - t))
            pygame.draw.circle(layer, c, (ripple + 4, ripple + 4), ripple, 3)
            surface.blit(layer, (cx - ripple - 4, cy - ripple - 4))
            return
        if isinstance(move, Challenge):
            self.draw_scene(surface, new)
            a, b = PAIRS[move.pair]
            glow = pulse(int(t * 60), 0.35)
            for i, v in enumerate(new.board):
                if v in (a + 1, b + 1):
                    r = cell_rect(i).inflate(-2, -2)
                    alpha_rect(surface, r, theme["accent"], int(60 + 150 * glow), 10, 3)
            seat = old.current_player()
            self.ribbon(
                surface,
                f"{self.short_name(seat)} challenged {pair_text(move.pair)}!",
                f"{self.short_name(1 - seat)} must show a loop",
                t,
                (a, b),
                "accent",
            )
            return
        if isinstance(move, Answer):
            self.draw_scene(surface, new, show_trace=False)
            n = len(move.cells)
            prog = ease(min(1.0, t / 0.75)) * n
            k = int(prog)
            seat = old.current_player()
            glow = self.seat_colour(seat)
            if k >= n:
                layer = loop_layer(move.cells, True, glow)
            else:
                # k whole steps drawn, and part of the next one (the last step closes it)
                here = cell_center(move.cells[k])
                there = cell_center(move.cells[(k + 1) % n])
                frac = prog - k
                tail = (
                    here[0] + (there[0] - here[0]) * frac - BOARD.x,
                    here[1] + (there[1] - here[1]) * frac - BOARD.y,
                )
                layer = loop_layer(move.cells[: k + 1], False, glow, tail=tail)
            surface.blit(layer, BOARD.topleft)
            if t > 0.75:
                pair = PAIRS[old.challenge_pair]
                self.ribbon(
                    surface,
                    f"{self.short_name(seat)} showed a {pair_text(old.challenge_pair)} loop",
                    f"{self.short_name(seat)} +1 · the pair stays open",
                    (t - 0.75) / 0.25 * 0.5 + 0.2,
                    pair,
                    "good",
                )
            return
        if isinstance(move, Concede):
            self.draw_scene(surface, new)
            p = old.challenge_pair
            self.ribbon(
                surface,
                f"No {pair_text(p)} loop shown",
                f"Pair closed · {self.short_name(old.mover)} +1",
                t,
                PAIRS[p],
                "bad",
            )
            return
        self.draw_scene(surface, new if t >= 0.5 else old)

    def ribbon(self, surface, title: str, sub: str, t: float, pair, edge: str) -> None:
        """A card across the board for challenge events; fades in and out with t."""
        theme = self.app.theme
        fade = max(0.0, min(1.0, t * 5, (1 - t) * 4))
        if fade <= 0:
            return
        rect = pygame.Rect(0, 0, 540, 104)
        rect.center = (BOARD.centerx, BOARD.centery - int(14 * (1 - ease(min(1.0, t * 4)))))
        card = pygame.Surface(rect.size, pygame.SRCALPHA)
        c = pygame.Color(theme["background_2"])
        c.a = 240
        pygame.draw.rect(card, c, card.get_rect(), border_radius=16)
        pygame.draw.rect(card, theme[edge], card.get_rect(), 3, border_radius=16)
        cb = self.app.settings.colour_blind
        blit_gem(card, theme, pair[0], (40, 52), 20, cb)
        blit_gem(card, theme, pair[1], (rect.w - 40, 52), 20, cb)
        text(
            card,
            theme,
            title,
            25,
            theme["text"],
            (rect.w // 2, 20),
            "midtop",
            max_width=rect.w - 130,
        )
        text(
            card,
            theme,
            sub,
            19,
            theme[edge],
            (rect.w // 2, 60),
            "midtop",
            "regular",
            max_width=rect.w - 130,
        )
        card.set_alpha(int(255 * fade))
        surface.blit(card, rect)

    # -- drawing -------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface, state, alpha: float) -> None:
        self.draw_scene(surface, state)

    def draw_scene(self, surface: pygame.Surface, state, skip=(), show_trace: bool = True) -> None:
        theme = self.app.theme
        cb = self.app.settings.colour_blind
        surface.blit(board_background(theme, state.board, cb), BG_RECT.topleft)
        corners = set(CORNERS)
        for i, v in enumerate(state.board):
            if v == EMPTY or v == WALL or i in corners or i in skip:
                continue
            blit_gem(surface, theme, v - 1, cell_center(i), GEM_R, cb)
        if state.phase == "answer" and state.challenge_pair >= 0:
            # While a pair is challenged, the other colours recede: only empty cells and
            # the pair's two colours can carry its loop (the rule, not a hint).
            keep = {c + 1 for c in PAIRS[state.challenge_pair]}
            veil = cell_veil(theme)
            for i, v in enumerate(state.board):
                if 0 < v < WALL and v not in keep:
                    surface.blit(veil, cell_rect(i).inflate(-5, -5))
        if state.last_placed >= 0 and state.last_placed not in skip:
            r = cell_rect(state.last_placed).inflate(-3, -3)
            pygame.draw.rect(surface, lighten(theme["accent"], 0.2), r, 2, border_radius=10)
        if (
            show_trace
            and self.traced
            and state.last_loop
            and self.traced[0] == state.last_loop
            and self.traced[1] == state.board
        ):
            layer = self.cached_layer(
                "trace", state.last_loop, True, self.seat_colour(self.traced[2])
            )
            surface.blit(layer, BOARD.topleft)
        live = state is self.match.state
        if live:
            self.draw_interaction(surface, state)
        if state.phase == "setup":
            self.draw_setup(surface, state)
        self.draw_column(surface)

    def cached_layer(self, key, cells, closed, glow) -> pygame.Surface:
        full = (key, tuple(cells), closed, tuple(pygame.Color(glow)))
        if full != self._layer_key:
            self._layer_key = full
            self._layer = loop_layer(cells, closed, glow)
        return self._layer

    def draw_interaction(self, surface, state) -> None:
        theme = self.app.theme
        if state.phase == "answer" and self.person_to_act() and self.path:
            if self.refused_flash > 0:
                glow = theme["bad"]
            else:
                glow = theme["accent"] if self.closed else theme["accent_2"]
            layer = self.cached_layer("path", self.path, self.closed, glow)
            surface.blit(layer, BOARD.topleft)
            if not self.closed:
                head = cell_center(self.path[-1])
                radius = int(9 + 4 * pulse(self.ticks, 0.2))
                pygame.draw.circle(surface, lighten(theme["accent_2"], 0.4), head, radius, 3)
        hover = self.hover
        if hover is not None and state.phase in ("turn", "answer"):
            r = cell_rect(hover).inflate(-3, -3)
            pygame.draw.rect(surface, lighten(theme["text_dim"], 0.3), r, 2, border_radius=10)
            if (
                state.phase == "turn"
                and self.colour is not None
                and state.board[hover] == EMPTY
                and self.person_to_act()
            ):
                self.draw_ghost(surface, state, hover, self.colour)
        if self.pending is not None and state.phase == "turn":
            r = cell_rect(self.pending).inflate(-1, -1)
            pygame.draw.rect(surface, theme["accent"], r, 3, border_radius=10)
            text(surface, theme, "?", 26, theme["accent"], r.center, "center")
        if self.keyboard and self.focus_key is None and state.phase in ("turn", "answer"):
            r = cell_rect(self.cursor).inflate(2, 2)
            glow = lighten(theme["focus"], 0.3 * pulse(self.ticks, 0.15))
            pygame.draw.rect(surface, glow, r, 4, border_radius=12)
            if (
                state.phase == "turn"
                and self.colour is not None
                and state.board[self.cursor] == EMPTY
                and self.person_to_act()
            ):
                self.draw_ghost(surface, state, self.cursor, self.colour)

    def draw_ghost(self, surface, state, cell: int, colour: int) -> None:
        theme = self.app.theme
        center = cell_center(cell)
        fits = colour in state.placeable_colours(cell)
        blit_gem(
            surface,
            theme,
            colour,
            center,
            GEM_R - 3,
            self.app.settings.colour_blind,
            120 if fits else 60,
        )
        if not fits:
            cx, cy = center
            pygame.draw.line(surface, theme["bad"], (cx - 14, cy - 14), (cx + 14, cy + 14), 5)
            pygame.draw.line(surface, theme["bad"], (cx - 14, cy + 14), (cx + 14, cy - 14), 5)

    def draw_hint(self, surface: pygame.Surface, move) -> None:
        theme = self.app.theme
        glow = lighten(theme["accent"], 0.35 * pulse(self.ticks, 0.2))
        if isinstance(move, Place):
            blit_gem(
                surface,
                theme,
                move.colour,
                cell_center(move.cell),
                GEM_R - 2,
                self.app.settings.colour_blind,
                150,
            )
            pygame.draw.rect(surface, glow, cell_rect(move.cell).inflate(4, 4), 4, border_radius=12)
            pygame.draw.rect(
                surface, glow, swatch_rect(move.colour).inflate(8, 8), 3, border_radius=14
            )
        elif isinstance(move, (EndTurn, Pass)):
            pygame.draw.rect(surface, glow, ACTION_RECT.inflate(8, 8), 3, border_radius=14)
        elif isinstance(move, Start):
            pygame.draw.rect(
                surface, glow, start_rects()[move.seat].inflate(8, 8), 3, border_radius=14
            )

    def draw_button(self, surface, t: Target) -> None:
        theme = self.app.theme
        hovered = t.rect.collidepoint(self.mouse) and not self.keyboard
        if t.style == "primary" and t.enabled:
            fill, edge, fg = darken(theme["accent"], 0.72), theme["accent"], theme["accent"]
        elif t.style == "danger" and t.enabled:
            fill, edge, fg = darken(theme["bad"], 0.7), theme["bad"], lighten(theme["bad"], 0.45)
        else:
            fill, edge, fg = theme["panel"], theme["panel_edge"], theme["text"]
        if not t.enabled:
            fill, edge, fg = (
                darken(theme["panel"], 0.2),
                darken(theme["panel_edge"], 0.3),
                theme["text_dim"],
            )
        if hovered and t.enabled:
            fill = lighten(fill, 0.12)
        pygame.draw.rect(surface, darken(fill, 0.4), t.rect.move(0, 3), border_radius=12)
        pygame.draw.rect(surface, fill, t.rect, border_radius=12)
        pygame.draw.rect(surface, edge, t.rect, 2, border_radius=12)
        size = 20 if t.rect.h >= 50 else 18
        text(surface, theme, t.label, size, fg, t.rect.center, "center", max_width=t.rect.w - 12)
        self.draw_focus(surface, t)

    def draw_focus(self, surface, t: Target) -> None:
        if self.focus_key == t.key:
            glow = lighten(self.app.theme["focus"], 0.3 * pulse(self.ticks, 0.15))
            pygame.draw.rect(surface, glow, t.rect.inflate(8, 8), 3, border_radius=15)

    def draw_setup(self, surface, state) -> None:
        theme = self.app.theme
        card = pygame.Rect(0, 0, 520, 250)
        card.center = (BOARD.centerx, BOARD.centery)
        alpha_rect(surface, card.move(0, 6), (0, 0, 0), 120, 18)
        alpha_rect(surface, card, theme["background_2"], 245, 18)
        pygame.draw.rect(surface, theme["accent"], card, 3, border_radius=18)
        text(
            surface,
            theme,
            "Who takes the first turn?",
            30,
            theme["accent"],
            (card.centerx, card.y + 22),
            "midtop",
            "display",
        )
        chooser = self.seat_label(0)
        sub = f"{chooser} chooses" if not self.person_to_act() else "Player 1 chooses: pick a seat"
        text(
            surface,
            theme,
            sub,
            18,
            theme["text_dim"],
            (card.centerx, card.y + 68),
            "midtop",
            "regular",
        )
        targets = {t.key: t for t in self.targets()}
        for seat, r in enumerate(start_rects()):
            t = targets.get(f"start:{seat}")
            if t is not None:
                self.draw_button(surface, t)
            else:
                alpha_rect(surface, r, theme["panel"], 200, 12)
                text(
                    surface,
                    theme,
                    f"Player {seat + 1} starts",
                    20,
                    theme["text_dim"],
                    r.center,
                    "center",
                )
            text(
                surface,
                theme,
                self.seat_label(seat),
                16,
                self.seat_colour(seat),
                (r.centerx, r.bottom + 12),
                "midtop",
                "regular",
                max_width=r.w + 10,
            )

    # the column beside the board ---------------------------------------------------------
    def draw_column(self, surface) -> None:
        st = self.match.state
        if st.phase == "answer":
            self.draw_answer_column(surface, st)
        elif st.phase == "setup":
            self.draw_intro_column(surface)
        else:
            self.draw_palette_column(surface, st)

    def paragraph(
        self,
        surface,
        words: str,
        y: int,
        colour=None,
        size: int = 17,
        kind: str = "regular",
        max_lines: int = 6,
    ) -> int:
        theme = self.app.theme
        font = theme.font(size, kind)
        lines = wrap_text(words, font, COLUMN.w)
        if len(lines) > max_lines:  # cut with an ellipsis, never silently
            lines = lines[:max_lines]
            last = lines[-1]
            while last and font.size(last + "…")[0] > COLUMN.w:
                last = last[:-1]
            lines[-1] = last + "…"
        for line in lines:
            text(surface, theme, line, size, colour or theme["text"], (COLUMN.x, y), kind=kind)
            y += size + 6
        return y

    def draw_intro_column(self, surface) -> None:
        theme = self.app.theme
        y = COLUMN.y
        text(surface, theme, "How to win", 20, theme["accent"], (COLUMN.x, y))
        y = self.paragraph(
            surface,
            f"First to {TARGET_POINTS} points. Colour one cell per turn; never next to the "
            "same colour, never one of the last two colours.",
            y + 30,
        )
        y = self.paragraph(
            surface,
            "When a pair of colours can no longer be joined by a loop, challenge it "
            "and take the point.",
            y + 10,
        )
        self.paragraph(surface, "F1: the full rules.", y + 10, theme["text_dim"])

    def palette_marks(self, st=None) -> tuple[int | None, tuple | None, list[str]]:
        """(hovered cell, colours that fit it, a mark per colour): "crossed" for the last
        two colours placed, "dim" for a colour the engine would not take on the hovered
        cell now (all of them once this turn's colour is placed), else "ok"."""
        st = st or self.match.state
        cell = self.focus_cell()
        fits = None
        if st.phase == "turn" and st.placed_this_turn:
            cell, fits = None, ()
        elif st.phase != "turn":
            cell = None
        elif cell is not None:
            fits = st.placeable_colours(cell)
        marks = [
            "crossed"
            if c in st.last_colours
            else "dim"
            if fits is not None and c not in fits
            else "ok"
            for c in range(4)
        ]
        return cell, fits, marks

    def draw_palette_column(self, surface, st) -> None:
        theme = self.app.theme
        cb = self.app.settings.colour_blind
        text(surface, theme, "Colours", 18, theme["text_dim"], (COLUMN.x, COLUMN.y))
        cell, fits, marks = self.palette_marks(st)
        if cell is not None:
            text(
                surface,
                theme,
                f"on {label(cell)}",
                18,
                theme["text_dim"],
                (COLUMN.right, COLUMN.y),
                "topright",
            )
        elif st.phase == "turn" and st.placed_this_turn:
            text(
                surface,
                theme,
                "placed this turn",
                15,
                theme["text_dim"],
                (COLUMN.right, COLUMN.y + 2),
                "topright",
                "regular",
            )
        targets = {t.key: t for t in self.targets()}
        for c in range(4):
            rect = swatch_rect(c)
            crossed = marks[c] == "crossed"
            dim = marks[c] != "ok"
            selected = self.colour == c
            hovered = rect.collidepoint(self.mouse) and not self.keyboard
            fill = lighten(theme["panel"], 0.1) if hovered else theme["panel"]
            if selected:
                fill = lighten(darken(colour_of(theme, c), 0.55), 0.05)
            if dim:
                fill = darken(fill, 0.3)
            pygame.draw.rect(surface, darken(fill, 0.4), rect.move(0, 3), border_radius=12)
            pygame.draw.rect(surface, fill, rect, border_radius=12)
            edge = (
                theme["accent"]
                if selected
                else (darken(theme["panel_edge"], 0.3) if dim else theme["panel_edge"])
            )
            pygame.draw.rect(surface, edge, rect, 3 if selected else 2, border_radius=12)
            text(
                surface,
                theme,
                str(c + 1),
                14,
                theme["text_dim"],
                (rect.x + 12, rect.centery),
                "midleft",
            )
            gem_c = (rect.x + 46, rect.centery)
            blit_gem(surface, theme, c, gem_c, 20, cb, 80 if dim else 255)
            name_col = theme["text_dim"] if dim else theme["text"]
            note, note_col = "", theme["text_dim"]
            if crossed:
                note = (
                    "just placed"
                    if st.last_colours and st.last_colours[-1] == c
                    else "placed before"
                )
                note_col = lighten(theme["bad"], 0.2)
            elif fits is not None and cell is not None:
                note, note_col = (
                    (f"fits {label(cell)}", theme["good"])
                    if c in fits
                    else (f"not on {label(cell)}", theme["text_dim"])
                )
            elif selected:
                note, note_col = "chosen: click a cell", theme["accent"]
            name_y = rect.y + 6 if note else rect.centery - 14
            name_rect = text(
                surface, theme, COLOURS[c].title(), 20, name_col, (rect.x + 76, name_y)
            )
            if note:
                text(surface, theme, note, 15, note_col, (rect.x + 76, rect.y + 33), kind="regular")
            if crossed:
                bad = theme["bad"]
                gx, gy = gem_c
                pygame.draw.line(surface, bad, (gx - 17, gy - 17), (gx + 17, gy + 17), 5)
                pygame.draw.line(surface, bad, (gx - 17, gy + 17), (gx + 17, gy - 17), 5)
                pygame.draw.line(
                    surface,
                    bad,
                    (name_rect.x - 2, name_rect.centery + 1),
                    (name_rect.right + 2, name_rect.centery + 1),
                    3,
                )
            t = targets.get(f"colour:{c}")
            if t is not None:
                self.draw_focus(surface, t)
        action = targets.get("end") or targets.get("pass")
        if action is not None:
            self.draw_button(surface, action)
        y = ACTION_RECT.bottom + 16
        if st.phase == "over":
            out = st.outcome()
            y = self.paragraph(
                surface,
                out.reason if out else "Game over",
                ACTION_RECT.y,
                theme["accent"],
                19,
                "bold",
            )
            return
        person = self.person_to_act()
        if person:
            if not st.placed_this_turn:
                if self.pending is not None:
                    msg = f"Now choose a colour for {label(self.pending)}."
                elif self.colour is not None:
                    msg = f"Click a cell for {COLOURS[self.colour]}."
                else:
                    msg = "Choose a colour, then a cell (or a cell, then a colour)."
                if st.can_challenge():
                    msg += " You may challenge a pair before or after placing."
            else:
                placed = (
                    f"You placed {label(st.last_placed)} {COLOURS[st.board[st.last_placed] - 1]}. "
                    if st.last_placed >= 0 and 0 < st.board[st.last_placed] < WALL
                    else ""
                )
                msg = placed + "Challenge a pair in the panel, or end your turn."
            y = self.paragraph(surface, msg, y)
        else:
            y = self.paragraph(
                surface,
                f"{self.seat_label(self.match.to_move())} is thinking...",
                y,
                theme["text_dim"],
            )
        room = (BOARD.bottom - 26 - (y + 30)) // 21
        if st.last_result and room >= 2:
            text(surface, theme, "Last challenge", 15, theme["text_dim"], (COLUMN.x, y + 8))
            self.paragraph(
                surface, st.last_result, y + 30, lighten(theme["text_dim"], 0.3), 15, max_lines=room
            )
        text(
            surface,
            theme,
            self.keys_hint(),
            14,
            theme["text_dim"],
            (COLUMN.x, BOARD.bottom),
            "bottomleft",
            "regular",
        )

    def draw_answer_column(self, surface, st) -> None:
        theme = self.app.theme
        cb = self.app.settings.colour_blind
        p = st.challenge_pair
        a, b = PAIRS[p]
        seat = st.current_player()
        person = self.person_to_act()
        head = "Show a loop" if person else "Challenge"
        text(surface, theme, head, 20, theme["accent"], (COLUMN.x, COLUMN.y))
        blit_gem(surface, theme, a, (COLUMN.x + 16, COLUMN.y + 46), 14, cb)
        blit_gem(surface, theme, b, (COLUMN.x + 46, COLUMN.y + 46), 14, cb)
        text(
            surface,
            theme,
            pair_text(p),
            20,
            theme["text"],
            (COLUMN.x + 68, COLUMN.y + 46),
            "midleft",
        )
        clock = self.match.rule_clock
        left = clock.move_seconds_left() if clock is not None else ANSWER_SECONDS
        frac = left / ANSWER_SECONDS
        colour = (
            theme["accent_2"] if left > 30 else (theme["accent"] if left > 10 else theme["bad"])
        )
        if left <= 10:
            colour = lighten(colour, 0.3 * pulse(self.ticks, 0.3))
        draw_ring(surface, RING_CENTER, RING_R, 12, frac, colour, darken(theme["panel_edge"], 0.3))
        secs = max(0, math.ceil(left))
        text(
            surface,
            theme,
            f"{secs // 60}:{secs % 60:02d}",
            30,
            theme["text"],
            (RING_CENTER[0], RING_CENTER[1] - 6),
            "center",
        )
        text(
            surface,
            theme,
            "to answer",
            15,
            theme["text_dim"],
            (RING_CENTER[0], RING_CENTER[1] + 22),
            "center",
            "regular",
        )
        y = RING_CENTER[1] + RING_R + 14
        if not person:
            y = self.paragraph(
                surface,
                f"{self.seat_label(seat)} is looking for a {pair_text(p)} loop...",
                y,
                theme["text_dim"],
            )
            return
        n = len(self.path)
        if self.closed:
            status, col = f"Loop closed: {n} cells", theme["accent"]
        elif n:
            status, col = f"Path: {n} cell{'s' if n != 1 else ''}, open", theme["accent_2"]
        else:
            status, col = "Draw it on the board", theme["text_dim"]
        text(surface, theme, status, 18, col, (COLUMN.x, y), max_width=COLUMN.w)
        if self.verdict:
            words, kind = self.verdict
            vcol = theme["bad"] if kind == "bad" else theme["good"]
            lines = wrap_text(words, theme.font(16, "bold"), COLUMN.w)[:2]
            for i, line in enumerate(lines):
                text(surface, theme, line, 16, vcol, (COLUMN.x, y + 24 + 20 * i))
        for t in self.targets():
            if t.key in ("submit", "clear", "concede"):
                self.draw_button(surface, t)
        if st.corner_loops:
            help_text = (
                f"Corner loops: pass through {label(CORNERS[a])} and {label(CORNERS[b])}. "
                f"Only empty, {COLOURS[a]} and {COLOURS[b]} cells. Drag, or click cell by cell; "
                "the start cell again closes the loop."
            )
        else:
            help_text = (
                "Drag, or click cell by cell; the start cell again closes the loop. Use "
                f"empty, {COLOURS[a]} and {COLOURS[b]} cells, at least one of each colour."
            )
        self.paragraph(
            surface, help_text, CLEAR_RECT.bottom + 14, theme["text_dim"], 15, max_lines=5
        )
        text(
            surface,
            theme,
            self.keys_hint(),
            14,
            theme["text_dim"],
            (COLUMN.x, BOARD.bottom),
            "bottomleft",
            "regular",
        )

    # the side panel: the six pairs -------------------------------------------------------
    def draw_extra_panel(self, surface: pygame.Surface, y: int) -> int:
        theme = self.app.theme
        cb = self.app.settings.colour_blind
        st = self.match.state
        text(surface, theme, "Pairs", 18, theme["text_dim"], (PANEL.x + 14, PAIR_TOP - 24))
        hint = (
            "corner loops · one challenge a turn" if st.corner_loops else "one challenge per turn"
        )
        text(
            surface,
            theme,
            hint,
            15,
            theme["text_dim"],
            (PANEL.right - 14, PAIR_TOP - 22),
            "topright",
            "regular",
        )
        targets = {t.key: t for t in self.targets()}
        for p in range(len(PAIRS)):
            row = pair_row_rect(p)
            a, b = PAIRS[p]
            is_open = st.closed[p] < 0
            challenged = st.phase == "answer" and st.challenge_pair == p
            fill = theme["panel"] if is_open else darken(theme["panel"], 0.3)
            if challenged:
                fill = lighten(theme["panel"], 0.12)
            pygame.draw.rect(surface, lighten(fill, 0.06), row, border_radius=10)
            edge = theme["accent"] if challenged else theme["panel_edge"]
            pygame.draw.rect(surface, edge, row, 3 if challenged else 1, border_radius=10)
            alpha = 255 if is_open else 110
            blit_gem(surface, theme, a, (row.x + 20, row.centery), 12, cb, alpha)
            blit_gem(surface, theme, b, (row.x + 46, row.centery), 12, cb, alpha)
            name_col = theme["text"] if is_open else theme["text_dim"]
            nr = text(
                surface, theme, pair_text(p), 19, name_col, (row.x + 66, row.centery), "midleft"
            )
            if not is_open:
                pygame.draw.line(
                    surface,
                    theme["text_dim"],
                    (nr.x - 2, nr.centery + 1),
                    (nr.right + 2, nr.centery + 1),
                    2,
                )
                who = st.closed[p]
                text(
                    surface,
                    theme,
                    f"closed · P{who + 1} +1",
                    16,
                    lighten(self.seat_colour(who), 0.3),
                    (row.right - 12, row.centery),
                    "midright",
                )
                continue
            if challenged:
                text(
                    surface,
                    theme,
                    "challenged",
                    16,
                    theme["accent"],
                    (row.right - 12, row.centery),
                    "midright",
                )
                continue
            t = targets.get(f"challenge:{p}")
            if t is not None:
                self.draw_button(surface, t)
                if (
                    self.hint is not None
                    and isinstance(self.hint, Challenge)
                    and self.hint.pair == p
                ):
                    glow = lighten(theme["accent"], 0.35 * pulse(self.ticks, 0.2))
                    pygame.draw.rect(surface, glow, t.rect.inflate(8, 8), 3, border_radius=15)
        return pair_row_rect(len(PAIRS) - 1).bottom + 4

    # -- the game-select card ------------------------------------------------------------
    @staticmethod
    def draw_thumbnail(surface: pygame.Surface, theme, state, settings) -> None:
        w, h = surface.get_size()
        cell = max(3, min(w, h) // SIZE)
        ox = (w - cell * SIZE) // 2
        oy = (h - cell * SIZE) // 2
        frame = pygame.Rect(ox - 3, oy - 3, cell * SIZE + 6, cell * SIZE + 6)
        pygame.draw.rect(surface, darken(theme["panel"], 0.1), frame, border_radius=6)
        pygame.draw.rect(surface, theme["panel_edge"], frame, 1, border_radius=6)
        cb = bool(getattr(settings, "colour_blind", False))
        board = state.board
        for i, v in enumerate(board):
            r, c = divmod(i, SIZE)
            rect = pygame.Rect(ox + c * cell + 1, oy + r * cell + 1, cell - 2, cell - 2)
            if v == WALL:
                pygame.draw.rect(surface, theme["wall"], rect, border_radius=2)
            else:
                pygame.draw.rect(surface, lighten(theme["grid"], 0.06), rect, border_radius=2)
        for colour, corner in enumerate(CORNERS):
            r, c = divmod(corner, SIZE)
            center = (ox + c * cell + cell / 2, oy + r * cell + cell / 2)
            draw_gem(
                surface,
                center,
                cell * 0.48,
                colour_of(theme, colour),
                glyph=GLYPHS[COLOURS[colour]] if cb else None,
            )
        # What the game is about: a red-blue loop drawn through open cells of this
        # very layout (the first 3x3 block whose ring has no wall and no corner).
        path = _thumbnail_loop(board)
        if path and cell >= 8:
            for k, i in enumerate(path):
                r, c = divmod(i, SIZE)
                rect = pygame.Rect(ox + c * cell + 1, oy + r * cell + 1, cell - 2, cell - 2)
                colour = (0, 3)[k % 2]  # red and blue alternate round the loop
                pygame.draw.rect(surface, colour_of(theme, colour), rect, border_radius=2)
                if cb:
                    draw_glyph(surface, GLYPHS[COLOURS[colour]], rect.center, cell * 0.3)
            pts = [(ox + (i % SIZE) * cell + cell / 2, oy + (i // SIZE) * cell + cell / 2)
                   for i in path]
            pygame.draw.lines(surface, theme["text"], True, pts, 2)


def _thumbnail_loop(board) -> list[int]:
    """The eight cells round the first 3x3 block (reading order) whose ring is open."""
    for top in range(1, SIZE - 3):
        for left in range(1, SIZE - 3):
            ring = ([top * SIZE + left + k for k in range(3)]
                    + [(top + k) * SIZE + left + 2 for k in (1, 2)]
                    + [(top + 2) * SIZE + left + k for k in (1, 0)]
                    + [(top + 1) * SIZE + left])
            if all(board[i] != WALL for i in ring):
                return ring
    return []



VIEW = ColorCrossroadsView
