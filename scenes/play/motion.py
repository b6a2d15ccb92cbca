"""Easing curves and the pulse of a glow: how things move on every play screen."""

from __future__ import annotations

import math


def ease(t: float) -> float:
    """Ease-in-out (smoothstep) for slides."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def ease_out_back(t: float) -> float:
    c1, c3 = 1.70158, 2.70158
    t = max(0.0, min(1.0, t)) - 1
    return 1 + c3 * t**3 + c1 * t**2


def pulse(ticks: int, speed: float = 0.12) -> float:
    return 0.5 + 0.5 * math.sin(ticks * speed)
