"""Easing curves and the pulse of a glow: how things move on every play screen."""

from __future__ import annotations

import math

# Reduced motion (the player's setting, set by scenes.theme.apply_look): no overshoot,
# no pulsing glow; every animation still shows where things went, only plainly.
PLAIN = False


def speed_factor() -> float:
    """Reduced motion plays every animation in half the time."""
    return 2.0 if PLAIN else 1.0


def ease(t: float) -> float:
    """Ease-in-out (smoothstep) for slides."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def ease_out_back(t: float) -> float:
    if PLAIN:
        return ease(t)
    c1, c3 = 1.70158, 2.70158
    t = max(0.0, min(1.0, t)) - 1
    return 1 + c3 * t**3 + c1 * t**2


def pulse(ticks: int, speed: float = 0.12) -> float:
    if PLAIN:
        return 0.75
    return 0.5 + 0.5 * math.sin(ticks * speed)
