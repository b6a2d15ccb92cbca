"""Element Shift on a phone: ``plan_view(state, seat, held)``, the board and the plan
editor's data a phone needs to make a secret plan (docs/party.md)."""

from __future__ import annotations

from game.rules import element_shift as es
from game.text.i18n import _


def plan_view(state, seat: int, held) -> dict:
    """The board and ``seat``'s plan editor data; ``held`` the plan the phone sent that
    the table holds for the next round (None when there is none)."""
    variation = state.variation() if hasattr(state, "variation") else None
    tokens: list[str] = []
    if variation is not None:
        tokens = list(es.DIAGONAL_STEPS if variation.steps == "diagonal" else es.ORTHOGONAL_STEPS)
        if variation.knight_jumps:
            tokens += list(es.KNIGHT_JUMPS)
        tokens.append(es.STAY)
    mine = state.pending[seat] if state.pending else None
    last = state.breakdowns[-1][seat] if getattr(state, "breakdowns", ()) else None
    return {
        "phase": state.phase,
        "board": list(state.board),
        "positions": list(state.positions),
        "elements": list(state.elements),
        "size": es.SIZE,
        "variation": (
            {
                "name": _(variation.name),
                "rule": _(variation.rule),
                "allowed": variation.allowed,
                "segments": variation.segments,
                "tokens": tokens,
                "ray_first": variation.ray_first,
            }
            if variation
            else None
        ),
        "submitted_plan": str(held or mine) if (held or mine) else "",
        "totals": list(state.totals),
        "last_points": ({"total": last.total, "explain": last.explain()} if last else None),
    }
