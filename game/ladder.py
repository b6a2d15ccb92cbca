"""The bot ladder: every bot strength of a game on one rating scale.

``tools/arena.py --ladder GAME`` plays a round robin between bot strengths, fits
ratings (Elo points, Random anchored at 0) with confidence intervals and writes them
to ``seeds/ladder.json``; this module reads that file and answers the questions the
client asks: how strong is Medium ("about 1250"), and which strength plays at a
rating (the "Match me" opponent).

Strength is continuous: 0 = Random, 1 = Easy, 2 = Medium, 3 = Hard, 4 = Expert, and
any value between two levels mixes them (``game.ai.strength``).  A seat plays a
strength between levels with the bot level text ``at:2.35`` (see
:func:`strength_level`); the named levels keep their names.

Pure: no pygame, no clock.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

from game import files

LEVEL_STRENGTHS = {"random": 0.0, "easy": 1.0, "medium": 2.0, "hard": 3.0, "expert": 4.0}
MIN_STRENGTH, MAX_STRENGTH = 0.0, 4.0
LADDER_FILE = Path(__file__).resolve().parent.parent / "seeds" / "ladder.json"

_AT = re.compile(r"^at:([0-4](?:\.\d{1,3})?)$")


def strength_level(strength: float) -> str:
    """The bot level text of a seat that plays at ``strength`` (clamped to 0..4)."""
    s = min(MAX_STRENGTH, max(MIN_STRENGTH, float(strength)))
    return f"at:{s:.2f}"


def parse_strength_level(level: str | None) -> float | None:
    """The strength a bot level text names: a named level's, or an ``at:`` one's;
    None for anything else (an unknown level is refused by the caller)."""
    if level in LEVEL_STRENGTHS:
        return LEVEL_STRENGTHS[level]
    m = _AT.match(level or "")
    if m is None:
        return None
    value = float(m.group(1))
    return value if MIN_STRENGTH <= value <= MAX_STRENGTH else None


@dataclass(frozen=True)
class Point:
    strength: float
    rating: float
    low: float  # the confidence interval's ends (95 %)
    high: float


@dataclass(frozen=True)
class Ladder:
    """One game's measured points, sorted by strength; ratings rise with strength."""

    game_id: str
    points: tuple[Point, ...]

    @staticmethod
    def from_data(game_id: str, data: dict) -> "Ladder":
        pts = sorted(
            (
                Point(float(p["strength"]), float(p["rating"]), float(p["low"]), float(p["high"]))
                for p in data["points"]
            ),
            key=lambda p: p.strength,
        )
        return Ladder(game_id, tuple(pts))

    def rating(self, strength: float) -> float:
        """The rating of ``strength``, read off the measured points (linear between them)."""
        pts = self.points
        xs = [p.strength for p in pts]
        i = bisect.bisect_left(xs, strength)
        if i <= 0:
            return pts[0].rating
        if i >= len(pts):
            return pts[-1].rating
        a, b = pts[i - 1], pts[i]
        t = (strength - a.strength) / (b.strength - a.strength)
        return a.rating + t * (b.rating - a.rating)

    def strength_for(self, rating: float, low: float = 1.0, high: float = MAX_STRENGTH) -> float:
        """The strength whose rating is ``rating``, kept between ``low`` and ``high``
        (by default Easy .. Expert: "Match me" never hands out a random mover)."""
        lo_r, hi_r = self.rating(low), self.rating(high)
        if rating <= lo_r:
            return low
        if rating >= hi_r:
            return high
        a, b = low, high
        for _ in range(40):  # bisection: rating() rises with strength
            mid = (a + b) / 2
            if self.rating(mid) < rating:
                a = mid
            else:
                b = mid
        return round((a + b) / 2, 2)

    def level_point(self, level: str) -> Point | None:
        """The measured point of a named level, None when it was not measured."""
        s = LEVEL_STRENGTHS.get(level)
        for p in self.points:
            if s is not None and abs(p.strength - s) < 1e-9:
                return p
        return None


def load(path: Path = LADDER_FILE) -> dict[str, Ladder]:
    """Every game's ladder from ``path``; a game missing from it has none (the client
    then shows levels without ratings).  A damaged file reads as no ladders."""
    try:
        data = files.load_json(path)
    except (files.FileProblem, OSError):
        return {}
    out: dict[str, Ladder] = {}
    for game_id, entry in (data or {}).get("games", {}).items():
        try:
            out[game_id] = Ladder.from_data(game_id, entry)
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            continue
    return out
