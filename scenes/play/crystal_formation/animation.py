"""Crystal Formation's animations: a move's length and its frames."""

from __future__ import annotations

import math

import pygame

from game.rules.crystal_formation import Grow, MoveNode, Pass, Place
from scenes.play.base import ease, ease_out_back
from scenes.widgets import lighten

from .layout import ACTION_TICKS, EFFECT_TICKS, power_of


class Animations:
    """Drawing the animations (mixed into CrystalFormationView)."""

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
        split = (
            0.0
            if isinstance(move, Pass)
            else (ACTION_TICKS / (ACTION_TICKS + EFFECT_TICKS) if effects else 1.0)
        )
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
                nodes.append(
                    (sx + (tx - sx) * e, sy + (ty - sy) * e - hop, owner, pieces, 255, 1.0)
                )
            elif isinstance(move, Grow):
                x, y = pos[move.cell]
                before = old.node_at(move.cell).pieces
                owner, after = mid.get(move.cell, (seat, before))
                nodes.append((x, y, owner, before, 255 * (1 - u), 1.0))
                nodes.append(
                    (x, y, owner, after, 255 * min(1.0, u * 1.6), 0.85 + 0.15 * ease_out_back(u))
                )
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
                    nodes.append(
                        (
                            x,
                            y,
                            owner,
                            d.after,
                            255 * dv if cell not in deaths else 255 * dv * (1 - kv),
                            1.0,
                        )
                    )
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
            self._badge(
                surface,
                (x, y - u * 0.3 - u * 0.35 * dv),
                f"-{loss}",
                theme["accent"],
                (20, 20, 30),
                14,
            )
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
