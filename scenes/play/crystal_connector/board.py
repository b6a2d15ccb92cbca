"""Crystal Connector's board drawing: cached text and piece sprites, the pieces, marks,
badges and group outlines, the handles and arrows, a frame of the board (still or
sliding), the hint and the game-select picture.
"""

from __future__ import annotations

import math

import pygame

from game.rules.crystal_connector import (
    BOMB,
    CELLS,
    CHAMELEON,
    COLOUR_NAMES,
    COLOURS,
    LINE_CELLS,
    LINES,
    PYLON,
    ROCK,
    SIZE,
    Convert,
    Shift,
    colour_groups,
    double_cells,
    largest_group,
    largest_sizes,
    line_kind,
)
from game.text.i18n import _
from scenes.play.base import pulse
from scenes.widgets import (
    GLYPHS,
    Pen,
    blit_line,
    cached,
    darken,
    draw_gem,
    draw_glyph,
    draw_text,
    lighten,
    render_cached,
)

from .layout import (
    BOARD,
    CELL,
    COLOUR_KEYS,
    DIR_SIGN,
    HANDLES,
    SEAT_HUES,
    _dir_for,
    cell_at,
    cell_rect,
    handle_rect,
    signed,
)


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
        draw_gem(
            surf,
            (c, c),
            r * (0.9 if spiked else 1.0),
            theme[COLOUR_KEYS[piece]],
            glyph=GLYPHS[name] if glyphs else None,
        )
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
        pygame.draw.ellipse(
            surf, (20, 24, 40), pygame.Rect(c - r * 0.1, c - r * 0.26, r * 0.2, r * 0.52)
        )
    elif piece == BOMB:
        body = (c, c + r * 0.12)
        pygame.draw.circle(surf, (24, 24, 34), body, r * 0.78)
        pygame.draw.circle(surf, (70, 72, 92), body, r * 0.78, 3)
        pygame.draw.circle(
            surf, (120, 124, 150), (body[0] - r * 0.28, body[1] - r * 0.28), r * 0.16
        )
        cap = pygame.Rect(0, 0, r * 0.42, r * 0.26)
        cap.midbottom = (round(c + r * 0.34), round(body[1] - r * 0.56))
        pygame.draw.rect(surf, (90, 92, 110), cap, border_radius=3)
        fuse = [(cap.centerx, cap.top), (c + r * 0.55, c - r * 0.85), (c + r * 0.78, c - r * 0.92)]
        pygame.draw.lines(surf, (210, 180, 120), False, fuse, 3)
        draw_glyph(surf, "star", (c + r * 0.82, c - r * 0.95), r * 0.3, theme["accent"])
        draw_glyph(surf, "star", (c + r * 0.82, c - r * 0.95), r * 0.14, (255, 255, 255))
    elif piece == PYLON:
        steel, dark, glow = (206, 214, 245), (80, 88, 130), pygame.Color(theme["accent_2"])
        base = [
            (c - r * 0.55, c + r * 0.9),
            (c + r * 0.55, c + r * 0.9),
            (c + r * 0.38, c + r * 0.62),
            (c - r * 0.38, c + r * 0.62),
        ]
        pygame.draw.polygon(surf, dark, base)
        shaft = [
            (c - r * 0.26, c + r * 0.64),
            (c + r * 0.26, c + r * 0.64),
            (c + r * 0.12, c - r * 0.5),
            (c - r * 0.12, c - r * 0.5),
        ]
        pygame.draw.polygon(surf, steel, shaft)
        pygame.draw.polygon(
            surf, lighten(steel, 0.5), [shaft[0], shaft[3], (c, c - r * 0.5), (c, c + r * 0.64)]
        )
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
        pygame.draw.lines(
            surf,
            (60, 56, 54),
            False,
            [(c - r * 0.2, c - r * 0.1), (c + r * 0.05, c + r * 0.2), (c - r * 0.05, c + r * 0.5)],
            2,
        )
    return surf


class BoardDrawing:
    """Drawing the board (mixed into CrystalConnectorView)."""

    # ================================================================== drawing helpers
    def _sprite(
        self, piece: int, spiked: bool, dim: bool = False, size: int = CELL
    ) -> pygame.Surface:
        glyphs = bool(self.app.settings.colour_blind)

        def make() -> pygame.Surface:
            if dim:
                s = self._sprite(piece, spiked, False, size).copy()
                s.fill((120, 120, 130, 255), special_flags=pygame.BLEND_RGBA_MULT)
                return s
            return _piece_sprite(self.app.theme, piece, size, spiked, glyphs)

        return cached(("crystal_connector.piece", piece, spiked, dim, glyphs, size), make)

    def _gem(self, surface, colour: int, center, radius: float) -> None:
        """A crystal of ``colour`` from the sprite cache (glyph in colour-blind mode)."""
        size = max(8, round(radius / 0.4))
        spr = self._sprite(colour, False, size=size)
        surface.blit(spr, spr.get_rect(center=(round(center[0]), round(center[1]))))

    def _tile(self, kind: str) -> pygame.Surface:
        """Cell tints, made once: pylon-doubled cells and bombed groups."""

        def make() -> pygame.Surface:
            theme = self.app.theme
            tile = pygame.Surface((CELL - 6, CELL - 6), pygame.SRCALPHA)
            rect = tile.get_rect()
            if kind == "double":
                pygame.draw.rect(tile, (*theme["accent_2"][:3], 38), rect, border_radius=10)
                pygame.draw.rect(tile, (*theme["accent_2"][:3], 120), rect, 2, border_radius=10)
            else:
                # The hatching is what marks a bombed group (the legend says so, in no
                # colour's name): strong enough to be seen in every look.
                pygame.draw.rect(tile, (*theme["bad"][:3], 46), rect, border_radius=10)
                for k in range(-rect.h, rect.w, 12):
                    pygame.draw.line(
                        tile, (*theme["bad"][:3], 130), (k, rect.h), (k + rect.h, 0), 2
                    )
            return tile

        return cached(("crystal_connector.tile", kind), make)

    def _derived(self, board) -> dict:
        """What the board alone decides, computed once per board: doubled cells,
        bombed cells and the largest group sizes (the engine's own functions)."""

        def make() -> dict:

            bombed: set[int] = set()
            if BOMB in board:
                for c in COLOURS:
                    for g in colour_groups(board, c):
                        if g.bombed:
                            bombed.update(g.cells)
            return {
                "double": double_cells(board) if PYLON in board else frozenset(),
                "bombed": frozenset(bombed),
                "sizes": largest_sizes(board),
            }

        return cached(("crystal_connector.derived", board), make)

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

        def make() -> dict:
            g = {}
            for c in COLOURS:
                grp = largest_group(board, c)
                if grp is not None:
                    g[c] = (grp.cells, grp.size)
            return g

        return cached(("crystal_connector.groups", board), make)

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
    def _draw_pieces(
        self,
        surface,
        state,
        *,
        moving: str | None = None,
        offset: float = 0.0,
        ghost_line: bool = False,
        dim_cells=frozenset(),
        morph=None,
    ) -> None:
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
        _cell, a, b, t0 = morph
        u = min(1.0, (self.ticks - t0) / 24)
        if u < 0.5:
            size = max(8, int(CELL * (1 - u * 1.6)))
            spr = pygame.transform.smoothscale(self._sprite(a, spiked), (size, size))
        else:
            size = max(8, int(CELL * min(1.0, (u - 0.5) * 1.6 + 0.2)))
            spr = pygame.transform.smoothscale(self._sprite(b, spiked), (size, size))
        surface.blit(spr, spr.get_rect(center=rect.center))
        ring = int(CELL * 0.5 * (0.6 + u))
        pygame.draw.circle(
            surface, lighten(self.app.theme[COLOUR_KEYS[b]], 0.4), rect.center, ring, 2
        )

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
        write = Pen(surface, self.app.theme)
        if state.anomalies.pylons:
            for i in self._derived(state.board)["double"]:
                if i in skip or state.board[i] not in COLOURS + (CHAMELEON,):
                    continue
                r = cell_rect(i)
                write("x2", 13, "accent_2", (r.right - 8, r.bottom - 6), "bottomright")

    def _outline_layer(self, board, colours, width: int) -> pygame.Surface:
        """A cached transparent layer with the outline of each colour's largest group:
        the union of the group's cells (bridged to their neighbours) grown by
        ``width``, minus the union itself, so a group reads as one shape."""
        key = ("crystal_connector.outline", board, colours, width, self.app.settings.colour_blind)
        return cached(key, lambda: self._make_outline_layer(board, colours, width))

    def _make_outline_layer(self, board, colours, width: int) -> pygame.Surface:
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
                rect = pygame.Rect(
                    c * CELL + inset, r * CELL + inset, CELL - 2 * inset, CELL - 2 * inset
                )
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
            draw_text(layer, str(size), theme.font(14), (12, 12, 22), centre, "center")
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
        kb_line = (
            self.cursor_line()
            if interactive
            and not self.convert_mode
            and self.kb_active
            and self.focus_button is None
            else None
        )
        limits = {line: state.line_limits(line) for line in LINES} if state.phase == "play" else {}
        for line, d in HANDLES:
            back, fwd = limits.get(line, (5, 5))
            if not interactive:
                look = "idle"
            elif line in banned:
                look = "banned"
            elif (fwd if DIR_SIGN[d] > 0 else back) == 0:
                look = "blocked"
            elif (
                self.draft is not None
                and self.draft[0] == line
                and (self.draft[1] > 0) == (DIR_SIGN[d] > 0)
            ):
                look = "active"
            elif hover == (line, d):
                look = "hover"
            else:
                look = "normal"
            ring = ""
            if interactive and look != "banned":
                ring = (
                    "held"
                    if held == line
                    else ("cursor" if kb_line == line and held is None else "")
                )
            surface.blit(self._handle_sprite(line, d, look, ring), handle_rect(line, d))

    def _handle_sprite(self, line: str, d: str, look: str, ring: str) -> pygame.Surface:
        key = ("crystal_connector.handle", line, d, look, ring)
        return cached(key, lambda: self._make_handle(line, d, look, ring))

    def _make_handle(self, line: str, d: str, look: str, ring: str) -> pygame.Surface:
        theme = self.app.theme
        rect = handle_rect(line, d)
        spr = pygame.Surface(rect.size, pygame.SRCALPHA)
        box = spr.get_rect()
        fill, edge, fg = {
            "idle": (
                darken(theme["panel"], 0.2),
                darken(theme["panel_edge"], 0.3),
                theme["text_dim"],
            ),
            "banned": (
                darken(theme["panel"], 0.35),
                darken(theme["panel_edge"], 0.5),
                darken(theme["text_dim"], 0.4),
            ),
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
            label_pos, a = (
                ((cx, cy + 10), (cx, cy - 8)) if d == "up" else ((cx, cy - 10), (cx, cy + 9))
            )
        else:
            label_pos, a = (
                ((cx + 9, cy), (cx - 8, cy)) if d == "left" else ((cx - 9, cy), (cx + 8, cy))
            )
        s = 7
        pts = {
            "up": [(a[0], a[1] - s), (a[0] - s, a[1] + s * 0.6), (a[0] + s, a[1] + s * 0.6)],
            "down": [(a[0], a[1] + s), (a[0] - s, a[1] - s * 0.6), (a[0] + s, a[1] - s * 0.6)],
            "left": [(a[0] - s, a[1]), (a[0] + s * 0.6, a[1] - s), (a[0] + s * 0.6, a[1] + s)],
            "right": [(a[0] + s, a[1]), (a[0] - s * 0.6, a[1] - s), (a[0] - s * 0.6, a[1] + s)],
        }[d]
        if look == "banned":
            pygame.draw.circle(spr, theme["bad"], a, 7, 2)
            pygame.draw.line(spr, theme["bad"], (a[0] - 5, a[1] + 5), (a[0] + 5, a[1] - 5), 2)
        elif look == "blocked":
            pygame.draw.polygon(spr, darken(fg, 0.3), pts, 2)
        else:
            pygame.draw.polygon(spr, fg, pts)
        draw_text(spr, line, theme.font(16), fg, label_pos, "center")
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
            k = LINES.index(line)
            if line_kind(line) == "column":
                r = pygame.Rect(BOARD.x + k * CELL + 2, BOARD.y + 2, CELL - 4, BOARD.h - 4)
            else:
                r = pygame.Rect(BOARD.x + 2, BOARD.y + (k - SIZE) * CELL + 2, BOARD.w - 4, CELL - 4)

            def make(size=r.size) -> pygame.Surface:
                layer = pygame.Surface(size, pygame.SRCALPHA)
                for x in range(-size[1], size[0], 16):
                    pygame.draw.line(layer, (150, 150, 170, 34), (x, size[1]), (x + size[1], 0), 5)
                edge = darken(self.app.theme["text_dim"], 0.35)
                pygame.draw.rect(layer, edge, layer.get_rect(), 2, border_radius=8)
                return layer

            surface.blit(cached(("crystal_connector.banned", line), make), r)

    def _draw_arrow(
        self,
        surface,
        line: str,
        off: float,
        colour,
        label: str | None = None,
        alpha: int = 200,
        lane: float = 0.0,
        label_at: float = 0.5,
    ) -> None:
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
            poly = [
                (across - w, start),
                (across + w, start),
                (across + w, shaft_end),
                (across + 2 * w, shaft_end),
                (across, end),
                (across - 2 * w, shaft_end),
                (across - w, shaft_end),
            ]
        else:
            poly = [
                (start, across - w),
                (start, across + w),
                (shaft_end, across + w),
                (shaft_end, across + 2 * w),
                (end, across),
                (shaft_end, across - 2 * w),
                (shaft_end, across - w),
            ]
        pygame.draw.polygon(layer, col, poly)
        pygame.draw.polygon(layer, (255, 255, 255, min(255, alpha + 40)), poly, 2)
        surface.blit(layer, BOARD.topleft)
        if label:
            mid = start + (end - start) * label_at
            cx, cy = (
                (BOARD.x + across, BOARD.y + mid) if column else (BOARD.x + mid, BOARD.y + across)
            )
            font = self.app.theme.font(16)
            img = render_cached(font, label, (12, 12, 22))
            box = img.get_rect(center=(cx, cy)).inflate(12, 6)
            box.clamp_ip(BOARD.inflate(-4, -4))
            pygame.draw.rect(surface, col, box, border_radius=8)
            pygame.draw.rect(surface, (255, 255, 255), box, 1, border_radius=8)
            blit_line(surface, img, img.get_rect(center=box.center), label, font, box=box)

    # ================================================================== frame
    def draw_board(self, surface: pygame.Surface, state, alpha: float) -> None:
        live = state is self.match.state
        self._draw_frame(surface, state, live=live)

    def _draw_frame(
        self, surface, state, *, live: bool, slide=None, popup=None, morph=None, side=None
    ) -> None:
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
        if (
            live
            and state.phase == "play"
            and (self.grabbed or (self.convert_mode is False and self.draft))
        ):
            held = self.grabbed or self.draft[0]
            self._draw_line_glow(surface, held, theme["accent"], 28, 2)
        elif (
            interactive
            and self.kb_active
            and not self.convert_mode
            and not complete
            and self.focus_button is None
        ):
            self._draw_line_glow(surface, self.cursor_line(), theme["text"], 12, 1)
        morph = self.morph if live else morph
        dim = frozenset()
        focus_colours = None
        if setup and live:
            focus_colours = self._focused_colours(state)
        if focus_colours:
            dim = frozenset(
                i
                for i in range(CELLS)
                if shown.board[i] in COLOURS and shown.board[i] not in focus_colours
            )
        self._draw_pieces(
            surface,
            shown,
            moving=moving,
            offset=offset,
            ghost_line=ghost,
            dim_cells=dim,
            morph=morph,
        )
        self._draw_cell_badges(surface, shown, skip)
        self._panel_board = shown.board
        # outlines of the largest groups, when the board is at rest
        if settled and not (live and self.drag is not None and ghost):
            board = shown.board
            if moving is not None and not ghost and round(offset) % SIZE:
                d = round(offset)
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
                self._draw_arrow(
                    surface,
                    a.line,
                    signed(a),
                    theme["accent_2"],
                    f"{n + 1}: {a}",
                    150,
                    lane=(n % 3 - 1) * 10,
                    label_at=(0.25, 0.5, 0.75, 0.4, 0.6)[n % 5],
                )
            for a in self.pending:
                if isinstance(a, Convert):
                    r = cell_rect(a.cell)
                    pygame.draw.circle(surface, theme["accent_2"], r.center, CELL // 2 - 2, 3)
                    self._gem(surface, a.colour, (r.right - 16, r.y + 16), 10)
        if live and not preview and self.draft:
            line, off = self.draft
            self._draw_arrow(
                surface,
                line,
                off,
                theme["accent"],
                f"{Shift(line, _dir_for(line, off), abs(off))}?",
                170,
            )
        if live and self.bump and self.bump[2] >= 0 and self.ticks % 8 < 5:
            r = cell_rect(self.bump[2])
            if moving == self.bump[0]:
                k = LINES.index(moving)
                idx = LINE_CELLS[k].index(self.bump[2])
                p = idx + offset
                r = pygame.Rect(
                    BOARD.x + (k * CELL if k < SIZE else p * CELL),
                    BOARD.y + (p * CELL if k < SIZE else (k - SIZE) * CELL),
                    CELL,
                    CELL,
                )
            pygame.draw.rect(surface, theme["bad"], r.inflate(-4, -4), 4, border_radius=12)
        # the keyboard cursor: white corner brackets, unlike any group outline
        if interactive and not self.drag and (self.kb_active or self.convert_mode):
            r = cell_rect(self.cursor).inflate(-4, -4)
            col = (
                lighten(theme["text"], 0.0) if pulse(self.motion_ticks) > 0.3 else theme["accent_2"]
            )
            k = 16
            for cx, cy, dx, dy in (
                (r.left, r.top, 1, 1),
                (r.right - 1, r.top, -1, 1),
                (r.left, r.bottom - 1, 1, -1),
                (r.right - 1, r.bottom - 1, -1, -1),
            ):
                pygame.draw.line(surface, col, (cx, cy), (cx + dx * k, cy), 4)
                pygame.draw.line(surface, col, (cx, cy), (cx, cy + dy * k), 4)
        if interactive and self.convert_mode:
            local = self.local_state()
            mine = local.seat_colours(local.to_move)
            target = cell_at(self.mouse) if cell_at(self.mouse) is not None else self.cursor
            for i in range(CELLS):
                if local.board[i] in mine:
                    pygame.draw.circle(
                        surface, theme["accent"], cell_rect(i).center, CELL // 2 - 4, 2
                    )
            if local.board[target] in mine:
                other = mine[1] if local.board[target] == mine[0] else mine[0]
                r = cell_rect(target)
                self._gem(surface, other, (r.right - 16, r.y + 16), 12)
        if not setup:
            self._draw_handles(surface, rules, interactive and not complete)
        for text, x, y, colour, left, _total in self.floaters if live else ():
            a = min(1.0, left / 20)
            font = theme.font(18)
            img = render_cached(font, text, colour)
            img2 = img.copy()
            img2.set_alpha(int(255 * a))
            box = img2.get_rect(center=(x, y))
            pygame.draw.rect(surface, (12, 14, 28), box.inflate(14, 6), border_radius=8)
            blit_line(surface, img2, box, text, font)
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
        for i, (_m, r) in enumerate(rects):
            if r.collidepoint(self.mouse):
                k = i
        if k is None:
            k = self.choice_focus if self.my_turn() else None
        if k is None or k >= len(rects):
            return None
        return rects[k][0].colours

    def _draw_outlines_for(self, surface, board, colours) -> None:
        self._draw_outlines(surface, board, 0.0, tuple(sorted(colours)))

    # ================================================================== hint
    def draw_hint(self, surface, move) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        if isinstance(move, Shift):
            self._draw_arrow(
                surface,
                move.line,
                signed(move),
                theme["good"],
                _("hint: {move}").format(move=move),
                120,
            )
            for d in (move.direction,):
                pygame.draw.rect(
                    surface,
                    theme["good"],
                    handle_rect(move.line, d).inflate(4, 4),
                    3,
                    border_radius=12,
                )
        elif isinstance(move, Convert):
            r = cell_rect(move.cell)
            pygame.draw.circle(surface, theme["good"], r.center, CELL // 2 - 2, 3)
            self._gem(surface, move.colour, (r.right - 14, r.y + 14), 10)
            write(_("hint"), 14, "good", (r.centerx, r.bottom - 4), "midbottom")
        else:
            for m, rect in self.choice_rects():
                if str(m) == str(move):
                    pygame.draw.rect(
                        surface, theme["good"], rect.inflate(6, 6), 3, border_radius=16
                    )

    # ================================================================== thumbnail
    @staticmethod
    def draw_thumbnail(
        surface: pygame.Surface, theme, state, settings, position: bool = False
    ) -> None:
        """``state`` fitted into ``surface`` (any size): the select card's art, or with
        ``position`` just the position as it stands (a replay's final one)."""
        w, h = surface.get_size()
        cell = max(4, min(w, h) // SIZE)
        size = cell * SIZE
        ox, oy = (w - size) // 2, (h - size) // 2
        pygame.draw.rect(
            surface,
            darken(theme["panel"], 0.25),
            (ox - 4, oy - 4, size + 8, size + 8),
            border_radius=8,
        )
        glyphs = bool(getattr(settings, "colour_blind", False))
        # The game in one picture: row 3 caught in mid-shift, half a cell to the right,
        # its last crystal wrapping round to the left edge.
        shifting, offset = (-1, 0) if position else (2, cell // 2)
        row_clip = pygame.Rect(ox, oy + shifting * cell, size, cell)
        for i in range(CELLS):
            r, c = divmod(i, SIZE)
            rect = pygame.Rect(ox + c * cell + 1, oy + r * cell + 1, cell - 2, cell - 2)
            pygame.draw.rect(surface, theme["panel"], rect, border_radius=max(1, cell // 6))
        if size >= 36 and not position:
            pygame.draw.rect(
                surface, theme["accent"], row_clip.inflate(4, 2), 1, border_radius=max(2, cell // 5)
            )
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
                    draw_gem(
                        surface,
                        at.center,
                        cell * 0.4,
                        theme[COLOUR_KEYS[piece]],
                        glyph=GLYPHS[COLOUR_NAMES[piece]] if glyphs and cell >= 12 else None,
                    )
                else:
                    spr = _piece_sprite(theme, piece, cell, False, glyphs)
                    surface.blit(spr, at.move(-1, -1).topleft)
            surface.set_clip(None)
