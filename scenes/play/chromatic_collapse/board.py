"""Chromatic Collapse's board drawing: pieces, the links of each side's groups, recent
slides' trails, the whole scene, the hint and the game-select picture.
"""

from __future__ import annotations

import pygame

from game.rules.chromatic_collapse import (
    CIRCLE,
    COLOURS,
    DIAMOND,
    Remove,
    Slide,
    Start,
    is_sudden_death_turn,
    square_cell,
)
from scenes.play.base import pulse
from scenes.widgets import GLYPHS, Pen, cached, darken, lighten

from .layout import BX, BY, CELL, COLOUR_KEYS, SIDE_SHAPES, side_colour
from .sprites import (
    board_outline,
    board_surface,
    draw_arrow,
    glow_sprite,
    piece_sprite,
    shadow_sprite,
)


class BoardDrawing:
    """Drawing the board (mixed into ChromaticCollapseView)."""

    # -- drawing: the board --------------------------------------------------------------------
    def _blit_board(self, surface: pygame.Surface, state) -> None:
        theme = self.app.theme
        board = board_surface(theme, CELL)
        surface.blit(board, (BX - 34, BY - 34))
        if state.phase == "remove" or (state.phase != "over" and is_sudden_death_turn(state.turn)):
            # a red pulse around the board on removal turns
            k = pulse(self.motion_ticks, 0.14)
            col = lighten(theme["bad"], 0.35 * k)
            pygame.draw.lines(surface, col, True, board_outline(BX, BY, CELL, 9), 4)

    def _piece_radius(self) -> int:
        return int(CELL * 0.40)

    def _sprite_for(
        self, state, sq: int, dim: bool = False, radius: int | None = None
    ) -> pygame.Surface:
        seat, colour = state.piece_at(sq)
        return self._sprite(seat, colour, dim, radius)

    def _sprite(
        self, seat: int, colour: int, dim: bool = False, radius: int | None = None
    ) -> pygame.Surface:
        theme = self.app.theme
        glyph = GLYPHS[COLOURS[colour]] if self.app.settings.colour_blind else None
        return piece_sprite(
            SIDE_SHAPES[seat],
            theme[COLOUR_KEYS[colour]],
            radius or self._piece_radius(),
            glyph,
            dim,
        )

    def _draw_piece(
        self, surface, state, sq, center, dim=False, lift: float = 0.0, alpha: int = 255
    ) -> None:
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

        def make():
            g = groups[0]
            cols = [square_cell(sq)[0] for sq in g]
            rows = [square_cell(sq)[1] for sq in g]
            c_min, r_min = min(cols), min(rows)
            box = pygame.Rect(
                BX + c_min * CELL,
                BY + r_min * CELL,
                (max(cols) - c_min + 1) * CELL,
                (max(rows) - r_min + 1) * CELL,
            )
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
            return layer, box.topleft

        key = ("chromatic_collapse.links", state.board, seat, tuple(pygame.Color(colour)), width)
        return cached(key, make)

    def square_arrow(self, surface, colour, frm: int, to: int, style: tuple) -> None:
        """An arrow between two squares' centres; ``style`` is (width, alpha, head,
        how far short of each centre it stops as a fraction of a square)."""
        width, alpha, head, short = style
        a, b = self.square_center(frm), self.square_center(to)
        draw_arrow(surface, colour, a, b, width=width, alpha=alpha, head=head, shorten=CELL * short)

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
            self.square_arrow(surface, colour, move.frm, move.to, (4, 70, 14, 0.38))

    def draw_board(self, surface: pygame.Surface, state, alpha: float) -> None:
        self._draw_scene(surface, state)

    def _draw_scene(
        self,
        surface: pygame.Surface,
        state,
        *,
        hide=(),
        lifted=None,
        extra=None,
        under=None,
        links=None,
        settled: bool = True,
        card_state=None,
    ) -> None:
        """The board for ``state``; transitions pass ``hide`` (squares drawn by the
        animation instead), ``lifted`` ({square: lift px}) and ``extra`` (a callable
        drawing the moving piece and particles over the pieces)."""
        write = Pen(surface, self.app.theme)
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
                self.square_arrow(surface, theme["accent"], sel, self.hover, (5, 120, 16, 0.3))
        for links_state, links_alpha, seats in (
            links if links is not None else [(state, 255, (0, 1))]
        ):
            if links_alpha > 0:
                self._draw_links(surface, links_state, links_alpha, seats)
        if under is not None:
            under(surface)
        # pieces
        movable = (
            set(state.movable_squares()) if person and state.phase in ("first", "second") else None
        )
        moved = state.moved_square()
        winner = state.winner if state.phase == "over" else -1
        r = self._piece_radius()
        if winner >= 0:
            k = pulse(self.motion_ticks, 0.16)
            glow = glow_sprite(
                int(CELL * 0.66), theme["accent"], 100 + 20 * round(7 * k)
            )  # flashes
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
                write("1", 13, "background", (cx + r - 2, cy - r + 2), "center")
        # lit destinations over the pieces (captures ring the enemy piece)
        if dests:
            k = pulse(self.motion_ticks, 0.15)
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
                    pygame.draw.rect(
                        surface,
                        theme["accent"],
                        self.square_rect(to).inflate(-4, -4),
                        3,
                        border_radius=8,
                    )
        # removal turn: target rings on the pieces that may be removed
        if person and state.phase == "remove":
            k = pulse(self.motion_ticks, 0.14)
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
            pygame.draw.rect(
                surface,
                theme["accent_2"],
                self.square_rect(self.hover).inflate(-4, -4),
                2,
                border_radius=8,
            )
        if extra is not None:
            extra(surface)
        # keyboard cursor
        if live and self.cursor_shown() and state.phase not in ("setup", "over"):
            rect = self.square_rect(self.cursor).inflate(-2, -2)
            col = lighten(theme["focus"], 0.3 * pulse(self.motion_ticks, 0.2))
            pygame.draw.rect(surface, col, rect, 4, border_radius=8)
        # a dragged piece follows the pointer
        if live and sel is not None and self.drag_from == sel and self.drag_moved and self.drag_pos:
            spr = self._sprite_for(state, sel)
            surface.blit(
                shadow_sprite(r),
                shadow_sprite(r).get_rect(center=(self.drag_pos[0], self.drag_pos[1] + r)),
            )
            surface.blit(spr, spr.get_rect(center=(self.drag_pos[0], self.drag_pos[1] - 6)))
        self.draw_left_card(surface, card_state or state)
        self.draw_right_card(surface, card_state or state)
        if state.phase == "setup":
            self.draw_setup(surface, state)

    # -- hint ------------------------------------------------------------------------------------
    def draw_hint(self, surface: pygame.Surface, move) -> None:
        theme = self.app.theme
        k = pulse(self.motion_ticks, 0.18)
        colour = lighten(theme["accent_2"], 0.3 * k)
        if isinstance(move, Slide):
            pygame.draw.rect(
                surface, colour, self.square_rect(move.frm).inflate(-4, -4), 3, border_radius=8
            )
            self.square_arrow(surface, colour, move.frm, move.to, (7, 200, 22, 0.25))
        elif isinstance(move, Remove):
            c = self.square_center(move.square)
            pygame.draw.circle(surface, colour, c, CELL * 0.5, 4)
        elif isinstance(move, Start):
            rect = self.setup_buttons()[move.seat]
            pygame.draw.rect(surface, colour, rect.inflate(14, 14), 4, border_radius=18)

    # -- thumbnail for the game-select card ------------------------------------------------------------
    @staticmethod
    def draw_thumbnail(
        surface: pygame.Surface, theme, state, settings, position: bool = False
    ) -> None:
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
            surface.blit(
                spr,
                spr.get_rect(
                    center=(bx + pad + col * cell + cell // 2, by + pad + row * cell + cell // 2)
                ),
            )
