"""Color Crossroads' board drawing: the cached background of walls and corner colours,
a loop's layer, the crystals, the interaction (hover, path, ghost), the hint and the
game-select card.
"""

from __future__ import annotations

import math

import pygame

from game.rules.color_crossroads import (
    CELLS,
    COLOURS,
    CORNERS,
    EMPTY,
    PAIRS,
    SIZE,
    WALL,
    EndTurn,
    Pass,
    Place,
    Start,
)
from scenes.play.base import pulse
from scenes.widgets import GLYPHS, Pen, cached, darken, draw_gem, draw_glyph, draw_text, lighten

from .layout import (
    ACTION_RECT,
    BG_RECT,
    BOARD,
    CELL,
    GEM_R,
    adjacent,
    cell_center,
    cell_rect,
    colour_of,
    start_rects,
    swatch_rect,
)
from .sprites import blit_gem, gem_sprite


def cell_veil(theme) -> pygame.Surface:
    def make() -> pygame.Surface:
        surf = pygame.Surface((CELL - 5, CELL - 5), pygame.SRCALPHA)
        c = pygame.Color(theme["background"])
        c.a = 165
        pygame.draw.rect(surf, c, surf.get_rect(), border_radius=9)
        return surf

    return cached(("color_crossroads.veil",), make)


def board_background(theme, board: tuple[int, ...], colour_blind: bool) -> pygame.Surface:
    """Frame, tiles, walls, coordinates and the fixed corner crystals (cached per layout)."""
    walls = tuple(i for i, v in enumerate(board) if v == WALL)
    key = ("color_crossroads.board", walls, colour_blind)
    return cached(key, lambda: _board_background(theme, board, colour_blind))


def _board_background(theme, board: tuple[int, ...], colour_blind: bool) -> pygame.Surface:
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
            # Black in every look, as the rules and the tutorial call walls; the edge
            # and the hatching (a blocked cell without colour) are the look's wall_mark.
            pygame.draw.rect(surf, theme["wall"], r, border_radius=8)
            pygame.draw.rect(surf, lighten(theme["wall_mark"], 0.04), r, 2, border_radius=8)
            inner = r.inflate(-16, -16)
            pygame.draw.rect(surf, lighten(theme["wall"], 0.06), inner, border_radius=5)
            hatch = theme["wall_mark"]
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
        at = (BOARD.x + ox + k * CELL + CELL // 2, BOARD.y + oy - 21)
        draw_text(surf, "ABCDEFGHI"[k], font, theme["text_dim"], at, "center")
        at = (BOARD.x + ox - 21, BOARD.y + oy + k * CELL + CELL // 2)
        draw_text(surf, str(k + 1), font, theme["text_dim"], at, "center")
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


def _thumbnail_loop(board) -> list[int]:
    """The eight cells round the first 3x3 block (reading order) whose ring is open."""
    for top in range(1, SIZE - 3):
        for left in range(1, SIZE - 3):
            ring = (
                [top * SIZE + left + k for k in range(3)]
                + [(top + k) * SIZE + left + 2 for k in (1, 2)]
                + [(top + 2) * SIZE + left + k for k in (1, 0)]
                + [(top + 1) * SIZE + left]
            )
            if all(board[i] != WALL for i in ring):
                return ring
    return []


class BoardDrawing:
    """Drawing the board (mixed into ColorCrossroadsView)."""

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
        write = Pen(surface, self.app.theme)
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
                radius = int(9 + 4 * pulse(self.motion_ticks, 0.2))
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
            write("?", 26, "accent", r.center, "center")
        if self.keyboard and self.focus_key is None and state.phase in ("turn", "answer"):
            r = cell_rect(self.cursor).inflate(2, 2)
            glow = lighten(theme["focus"], 0.3 * pulse(self.motion_ticks, 0.15))
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
        glow = lighten(theme["accent"], 0.35 * pulse(self.motion_ticks, 0.2))
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

    # -- the game-select card ------------------------------------------------------------
    @staticmethod
    def draw_thumbnail(
        surface: pygame.Surface, theme, state, settings, position: bool = False
    ) -> None:
        """The walled grid and its corners; the select card's art draws a loop through
        it, a replay's final position (``position``) the colours placed instead."""
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
            elif position and 0 < v <= len(COLOURS):
                pygame.draw.rect(surface, colour_of(theme, v - 1), rect, border_radius=2)
                if cb and cell >= 8:
                    draw_glyph(surface, GLYPHS[COLOURS[v - 1]], rect.center, cell * 0.3)
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
        path = [] if position else _thumbnail_loop(board)
        if path and cell >= 8:
            for k, i in enumerate(path):
                r, c = divmod(i, SIZE)
                rect = pygame.Rect(ox + c * cell + 1, oy + r * cell + 1, cell - 2, cell - 2)
                colour = (0, 3)[k % 2]  # red and blue alternate round the loop
                pygame.draw.rect(surface, colour_of(theme, colour), rect, border_radius=2)
                if cb:
                    draw_glyph(surface, GLYPHS[COLOURS[colour]], rect.center, cell * 0.3)
            pts = [
                (ox + (i % SIZE) * cell + cell / 2, oy + (i // SIZE) * cell + cell / 2)
                for i in path
            ]
            pygame.draw.lines(surface, theme["text"], True, pts, 2)
