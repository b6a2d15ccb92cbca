"""Crystal Formation's board drawing: pyramid stack sprites and the board plate (functions
of their inputs), the view's cached text, layers (threat, rings, targets), nodes,
preview marks, the ghost of a move, the last move, the hint and the game-select picture.
"""

from __future__ import annotations

import pygame

from game.rules.crystal_formation import Grow, MoveNode, Place
from game.rules.grid import cell_name
from scenes.play.base import pulse
from scenes.widgets import blit_line, cached, darken, draw_glyph, draw_text, lighten, render_cached

from .layout import (
    BOARD_CENTRE,
    BOARD_REGION,
    GROUND,
    PIECE_SHAPE,
    PIPS,
    BoardGeom,
    fitted_geom,
    power_of,
    seat_glyph,
)

# -- pyramids --------------------------------------------------------------------------


def _pyramid(
    surf: pygame.Surface, cx: float, base_y: float, size: str, unit: float, colour
) -> None:
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


def stack_sprite(
    colour, pieces: str, unit: int, glyph: str | None = None, glow: bool = True
) -> pygame.Surface:
    """A node as a stack of pyramids, large at the bottom, on a ``unit``-square sprite
    centred on the cell (cached)."""
    c = pygame.Color(colour)
    key = ("crystal_formation.stack", (c.r, c.g, c.b), pieces, unit, glyph, glow)
    return cached(key, lambda: _stack(c, pieces, unit, glyph, glow))


def _stack(c: pygame.Color, pieces: str, unit: int, glyph: str | None, glow: bool):
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
        star = [
            (tip[0], tip[1] - 2 * s),
            (tip[0] + s * 0.45, tip[1] - s * 0.45),
            (tip[0] + 2 * s, tip[1]),
            (tip[0] + s * 0.45, tip[1] + s * 0.45),
            (tip[0], tip[1] + 2 * s),
            (tip[0] - s * 0.45, tip[1] + s * 0.45),
            (tip[0] - 2 * s, tip[1]),
            (tip[0] - s * 0.45, tip[1] - s * 0.45),
        ]
        pygame.draw.polygon(spr, (255, 236, 160), star)
    if glyph:
        r = max(6.0, unit * 0.15)
        centre = (unit / 2 + unit * 0.29, unit / 2 + unit * 0.20)
        pygame.draw.circle(spr, (18, 20, 34), centre, r)
        pygame.draw.circle(spr, (245, 245, 255), centre, r, 1)
        draw_glyph(spr, glyph, centre, r * 0.62, (245, 245, 255))
    return spr


def draw_board_plate(
    surface: pygame.Surface, theme, geom: BoardGeom, labels: bool = True, font=None
) -> None:
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
            draw_text(surface, chr(65 + col), font, dim, (x, geom.bounds.top - 6), "midbottom")
        for row in range(8):
            x, y = geom.center((0, row))
            draw_text(surface, str(row + 1), font, dim, (geom.bounds.left - 9, y), "midright")
        return
    n = max(c for c, _ in geom.cells)
    for row in range(n + 1):
        first = min(c for c, r in geom.cells if r == row)
        x, y = geom.pos[(first, row)]
        at = (round(x - unit * 0.62), round(y))
        draw_text(surface, str(row + 1), font, dim, at, "midright")
    for col in range(n + 1):
        # a column runs down and to the right: its letter sits just past its last cell
        bottom = max(r for c, r in geom.cells if c == col)
        x, y = geom.pos[(col, bottom)]
        at = (round(x + unit * 0.40), round(y + unit * 0.80))
        draw_text(surface, chr(65 + col), font, dim, at, "center")


class BoardDrawing:
    """Drawing the board (mixed into CrystalFormationView)."""

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
                    x, y = geom.pos[c]
                    at = (round(x), round(y - geom.radius + 5))
                    draw_text(surf, cell_name(c).lower(), font, dim, at, "midtop", alpha=90)
            self._bg = surf
        return self._bg

    def _glyphs(self) -> bool:
        return bool(getattr(self.app.settings, "colour_blind", False))

    def node_sprite(self, owner: int, pieces: str) -> pygame.Surface:
        return stack_sprite(
            self.seat_colour(owner),
            pieces,
            round(self.geom.unit),
            seat_glyph(owner) if self._glyphs() else None,
        )

    def _cells_overlay(
        self, key, cells, colour, alpha: int, outline: int = 0, inset: float = 3.0
    ) -> pygame.Surface:
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
                    pygame.draw.line(
                        layer,
                        (bad.r, bad.g, bad.b, 120),
                        (x - u * 0.22 + d, y + u * 0.22 + d),
                        (x + u * 0.22 + d, y - u * 0.22 + d),
                        1,
                    )
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
                    tag = min(
                        ring_cells,
                        key=lambda c: (
                            state.node_at(c) is not None,
                            self.geom.pos[c][1] >= cy,
                            abs(self.geom.pos[c][0] - cx),
                            self.geom.pos[c][1],
                        ),
                    )
                    x, y = self.geom.pos[tag]
                    font = self.app.theme.font(13)
                    label = f"{size}{PIPS[size]}"
                    img = render_cached(font, label, (255, 255, 255))
                    bg = pygame.Rect(0, 0, img.get_width() + 8, img.get_height() + 2)
                    bg.center = (round(x - ox), round(y - oy))
                    pygame.draw.rect(layer, (*darken(colour, 0.55)[:3], 230), bg, border_radius=6)
                    blit_line(layer, img, img.get_rect(center=bg.center), label, font, box=bg)
            pts = [(x - ox, y - oy) for x, y in self.geom.poly(cell, 2)]
            pygame.draw.polygon(layer, (255, 255, 255, 200), pts, 2)
            return layer

        return self._cached(("rings", state, cell), make)

    def _ring_edges(self, centre, ring_cells) -> list:
        """Cell edges on the inner and outer boundary of a ring: edges whose cell on
        the other side is not in the ring (reflecting a cell's centre across an edge's
        midpoint gives the neighbour's centre on both boards)."""
        inside = set(ring_cells)
        by_pos = self._cached(
            ("bypos", self.kind),
            lambda: {(round(x), round(y)): c for c, (x, y) in self.geom.pos.items()},
        )
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
        font = self.app.theme.font(size)
        img = render_cached(font, text, fg)
        r = pygame.Rect(0, 0, max(img.get_width() + 10, img.get_height() + 4), img.get_height() + 4)
        r.center = (round(pos[0]), round(pos[1]))
        pygame.draw.rect(surface, fill, r, border_radius=r.h // 2)
        pygame.draw.rect(surface, darken(fill, 0.5), r, 1, border_radius=r.h // 2)
        blit_line(surface, img, img.get_rect(center=r.center), text, font, box=r)

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
            self._badge(
                surface,
                (x - u * 0.30, y - u * 0.36),
                f"-{loss}",
                darken(amber, 0.15),
                (20, 20, 30),
                13,
            )
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
        nodes = [
            n
            for n in self._shown_nodes(state)
            if (n[0], n[1]) not in [self.geom.pos[c] for c in changed]
        ]
        a = int(150 + 60 * pulse(self.motion_ticks, 0.15))
        for c in changed:
            before = state.node_at(c)
            if before is not None:
                x, y = self.geom.pos[c]
                nodes.append(
                    (
                        x,
                        y,
                        before.owner,
                        before.pieces,
                        80 if isinstance(move, MoveNode) else 110,
                        1.0,
                    )
                )
            if c in mid and not (isinstance(move, MoveNode) and c == move.source):
                x, y = self.geom.pos[c]
                owner, pieces = mid[c]
                nodes.append((x, y, owner, pieces, a, 1.0))
        if isinstance(move, MoveNode):
            pygame.draw.line(
                surface,
                lighten(self.seat_colour(state.to_move), 0.4),
                self.geom.pos[move.source],
                self.geom.pos[move.target],
                3,
            )
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
                targets = self._cached(
                    ("targets", state, self.selected),
                    lambda: frozenset(state.move_targets(self.selected)),
                )
                layer = self._targets_layer(
                    state,
                    targets,
                    theme["accent_2"],
                    ("tl", state, self.selected),
                    tint=len(targets) < 24,
                )
                layer.set_alpha(int(170 + 85 * pulse(self.motion_ticks, 0.1)))
                surface.blit(layer, BOARD_REGION)
                self._outline(surface, self.selected, theme["accent"], 4, 1)
            elif self.pending is None:
                quiet = focus is not None and state.node_at(focus) is not None  # the rings speak
                layer = self._targets_layer(
                    state,
                    self._place_targets(state),
                    lighten(me, 0.2),
                    ("pl", state, quiet),
                    tint=not quiet,
                )
                layer.set_alpha(int(150 + 90 * pulse(self.motion_ticks, 0.1)))
                surface.blit(layer, BOARD_REGION)
            cand = self.candidate()
        if focus is not None and state.node_at(focus) is not None:
            layer = self._rings_layer(state, focus)
            if layer is not None:
                surface.blit(layer, BOARD_REGION)
        if nodes is None:
            nodes = (
                self._draw_ghost(surface, state, cand)
                if cand is not None
                else self._shown_nodes(state)
            )
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

    # ================================================================== hint
    def draw_hint(self, surface, move) -> None:
        theme = self.app.theme
        colour = theme["good"]
        u = self.geom.unit
        w = 3 + round(2 * pulse(self.motion_ticks, 0.2))
        for c in self._move_cells(move):
            self._outline(surface, c, colour, w, 0)
        if isinstance(move, MoveNode):
            pygame.draw.line(
                surface, colour, self.geom.pos[move.source], self.geom.pos[move.target], 3
            )
        cells = self._move_cells(move)
        if cells:
            x, y = self.geom.pos[cells[-1]]
            label = f"+{move.size}" if isinstance(move, Grow) else "hint"
            self._badge(surface, (x, y + u * 0.42), label, darken(colour, 0.3), (255, 255, 255), 13)

    # ================================================================== thumbnail
    @staticmethod
    def draw_thumbnail(
        surface: pygame.Surface, theme, state, settings, position: bool = False
    ) -> None:
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
            spr = stack_sprite(
                colour, n.pieces, unit, seat_glyph(n.owner) if glyphs and unit >= 24 else None
            )
            rect = spr.get_rect(center=geom.center(n.cell))
            rect.move_ip(0, -round(unit * 0.12))
            surface.blit(spr, rect.clamp(bounds))
