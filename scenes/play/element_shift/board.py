"""Element Shift's board drawing: the variation banner, the tiles, the tokens, the cursor,
the setup and plan overlays, paths, rays and hints, the banner over the board, and the
game-select picture.
"""

from __future__ import annotations

import math

import pygame

from game.rules.element_shift import (
    CELLS,
    LETTERS,
    ROUNDS,
    SIZE,
    STAY,
    VARIATIONS,
    Plan,
    StartPick,
    beater,
)
from game.text.i18n import _
from scenes.play.base import BOARD_AREA, BannerStyle, pulse
from scenes.widgets import (
    Pen,
    blit_line,
    cached,
    clear_pitch,
    darken,
    draw_panel,
    draw_text,
    lighten,
    render_cached,
    wrap_text,
)

from .layout import (
    BOARD,
    CELL,
    ENTERING,
    RAY_ARROWS,
    STRIP,
    Mode,
    cell_at,
    cell_center,
    cell_rect,
    element_colour,
)
from .sprites import blit_token, render_board, token_layout


class BoardDrawing:
    """Drawing the board (mixed into ElementShiftView)."""

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
        if mode in ENTERING:
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
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        dim = theme["text_dim"]
        # the letters sit in the gap between the variation strip and the board
        letters = theme.font_within(14, "bold", BOARD.y - 4 - STRIP.bottom)
        for i in range(SIZE):
            at = (BOARD.x + i * CELL + CELL / 2, BOARD.y - 4)
            draw_text(surface, LETTERS[i], letters, dim, at, "midbottom")
            write(str(i + 1), 14, dim, (BOARD.x - 8, BOARD.y + i * CELL + CELL / 2), "midright")

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
            colour = lighten(theme["focus"], 0.35 * pulse(self.motion_ticks, 0.15))
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
        dim = cached(
            ("element_shift.dim", tuple(state.board), element),
            lambda: self._dim_mask(state.board, element),
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
                (cx, cy - 4 * pulse(self.motion_ticks, 0.12)),
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
        write = Pen(surface, self.app.theme)
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
            t = pulse(self.motion_ticks, 0.14)
            for a in state.menu(end, k):
                if a.kind in ("step", "jump"):
                    r = cell_rect(a.dest).inflate(-8, -8)
                    colour = (
                        lighten((230, 235, 255), 0.0) if a.kind == "step" else theme["accent_2"]
                    )
                    pygame.draw.rect(surface, colour, r, 2 + int(t * 1.5), border_radius=8)
                    if a.kind == "jump":
                        write(a.token, 12, "accent_2", (r.centerx, r.bottom - 3), "midbottom")
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

    def draw_known_plans(self, surface, trace, seat: int) -> None:
        """Other seats' plans known in advance (a puzzle's premise), from ``trace``, the
        round as they play it: each route as a thin line in its element's colour (after
        keep or switch), its rays, a faint token where it ends, and a corner mark on
        each tile they turn (in the new colour).  Drawn under the plan being made."""
        theme = self.app.theme
        for conv in (c for seg in trace.conversions for c in seg):
            r = cell_rect(conv.cell)
            tri = [(r.x + 3, r.y + 3), (r.x + 17, r.y + 3), (r.x + 3, r.y + 17)]
            pygame.draw.polygon(surface, element_colour(theme, conv.new), tri)
            pygame.draw.polygon(surface, (12, 12, 22), tri, 1)
        for ray in trace.rays:
            start = trace.start_positions[ray.seat]
            self.draw_ray(surface, start, ray.direction, trace.elements[ray.seat], 1.0, 0.3)
        ends = {}
        for other in range(len(trace.elements)):
            if other == seat:
                continue
            colour = lighten(element_colour(theme, trace.elements[other]), 0.35)
            cells = [trace.start_positions[other]] + [p[other] for p in trace.positions]
            points = [cell_center(c) for i, c in enumerate(cells) if i == 0 or c != cells[i - 1]]
            if len(points) > 1:
                pygame.draw.lines(surface, (12, 12, 22), False, points, 5)
                pygame.draw.lines(surface, colour, False, points, 2)
            if cells[-1] != cells[0] or trace.elements[other] != trace.elements_before[other]:
                ends[other] = cells[-1]
        layout = token_layout([ends.get(s, -1) for s in range(len(trace.elements))])
        for other, (x, y, radius) in layout.items():
            blit_token(
                surface,
                theme,
                other,
                trace.elements[other],
                (x, y),
                max(8, radius - 4),
                self.glyphs,
                120,
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
        except Exception:
            return
        element = beater(state.elements[seat]) if switch else state.elements[seat]
        colour = theme["accent_2"] if hint else lighten(element_colour(theme, element), 0.45)
        width = 3 if (faint or hint) else 5
        prev = state.positions[seat]
        stops: dict[int, list[int]] = {}
        for i, (tok, dest) in enumerate(
            zip(actions, dests, strict=False)
        ):  # the path may stop short of a half-typed plan
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
            font = theme.font(13)
            img = render_cached(font, label, font_col)
            # the badge as tall as its numbers at the text size (a comma hung out of it)
            h = max(18, img.get_height())
            box = pygame.Rect(0, 0, max(h, img.get_width() + 8), h)
            box.topleft = (r.x + 2, r.y + 2) if not hint else (r.x + 2, r.bottom - 2 - h)
            pygame.draw.rect(surface, colour, box, border_radius=h // 2)
            blit_line(surface, img, img.get_rect(center=box.center), label, font, box=box)

    def draw_plan_ghost(self, surface, state, seat: int) -> None:
        """The planner's token pulsing at the start and a ghost at the path's end."""
        theme = self.app.theme
        element = beater(state.elements[seat]) if self.plan_switch else state.elements[seat]
        start = state.positions[seat]
        r = cell_rect(start).inflate(4, 4)
        pygame.draw.rect(
            surface, lighten(theme["accent"], 0.3 * pulse(self.motion_ticks)), r, 2, border_radius=8
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

    # -- drawing: the variation banner and the base banner over the board -----------
    def draw_strip(self, surface, state, mode: Mode) -> None:
        """The round's variation as a banner: its name and rule in the engine's words."""
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        draw_panel(
            surface, STRIP, theme, fill="panel", edge="accent_2", alpha=235, width=2, radius=12
        )
        rnd = state.round
        if rnd == 0:
            title, badge = _("Setup: pick a start tile"), "0"
            rule = _(
                "Every player secretly picks a tile of their own element to start on. Several "
                "players may share a tile; the picks are revealed together."
            )
        else:
            v = VARIATIONS[min(rnd, ROUNDS)]
            title = _("Round {n} of {total}: {variation}").format(
                n=v.round, total=ROUNDS, variation=_(v.name)
            )
            rule = _(v.rule) if v.round > 1 else _("No variation this round.")
            badge = str(v.round)
        cx, cy = STRIP.x + 30, STRIP.centery
        pygame.draw.circle(surface, theme["accent"], (cx, cy), 20)
        pygame.draw.circle(surface, darken(theme["accent"], 0.4), (cx, cy), 20, 2)
        write(badge, 24, (20, 20, 30), (cx, cy + 1), "center", kind="display")
        # The strip's height is fixed by the board under it: its title and two lines of
        # rule step back towards their designed size to fit it.
        head = theme.font_within(21, "display", 27)
        draw_text(
            surface,
            title,
            head,
            theme["accent"],
            (STRIP.x + 60, STRIP.y + 3),
            max_width=STRIP.w - 72,
        )
        small = theme.font_within(15, "regular", 21)
        # two lines, far enough apart that a descender never meets the next line's marks
        step = max(17, clear_pitch(small))
        top = min(STRIP.y + 27, STRIP.bottom - 1 - step - small.get_height())
        for i, line in enumerate(wrap_text(rule, small, STRIP.w - 76, max_lines=2)):
            at = (STRIP.x + 60, top + step * i)
            draw_text(surface, line, small, theme["text"], at, max_width=STRIP.w - 76)

    # The base banner, over the board only (the editor's buttons stay visible).
    banner_style = BannerStyle(size=19, line=25, pad=8, margin=30, alpha=240)

    def banner_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, BOARD.w + 20, BOARD_AREA.h - 4)
        rect.midbottom = (BOARD.centerx, BOARD_AREA.bottom - 4)
        return rect

    # -- the game-select picture -----------------------------------------------------
    @staticmethod
    def draw_thumbnail(
        surface: pygame.Surface, theme, state, settings, position: bool = False
    ) -> None:
        """The board of elements; the select card's art adds a few tokens, a replay's
        final position (``position``) shows the board alone."""
        w, h = surface.get_size()
        size = max(1, (min(w, h) - 6) // SIZE)
        glyph = bool(getattr(settings, "colour_blind", False)) and size >= 9
        board = render_board(theme, state.board, size, glyph)
        rect = board.get_rect(center=(w // 2, h // 2))
        pygame.draw.rect(surface, theme["panel_edge"], rect.inflate(6, 6), border_radius=4)
        surface.blit(board, rect)
        # a few tokens to say "players on a board of elements"
        if size >= 8 and not position:
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
