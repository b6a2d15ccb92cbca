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
import time
from dataclasses import dataclass
from pathlib import Path

from game.storage import reading as files
from game.text.i18n import N_, _, pgettext

LEVEL_STRENGTHS = {"random": 0.0, "easy": 1.0, "medium": 2.0, "hard": 3.0, "expert": 4.0}
MIN_STRENGTH, MAX_STRENGTH = 0.0, 4.0
LADDER_FILE = Path(__file__).resolve().parents[2] / "seeds" / "ladder.json"

# The names shown for the levels (translated where drawn).
LEVEL_NAMES = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}

# seeds/ladder.json: written by tools/arena.py --ladder, read here through
# game/storage/reading.py (size and depth caps) and this schema.  Ratings are Elo points with
# Random at 0; nothing we measure comes near 10,000.
_RATING = files.number(-10_000, 10_000)
LADDER_SCHEMA = {
    "type": "object",
    "required": ["format", "games"],
    "properties": {
        "format": {"const": 1},
        "games": {
            "type": "object",
            "maxProperties": 32,
            "propertyNames": {"type": "string", "pattern": "^[a-z0-9-]{1,40}$"},
            "additionalProperties": {
                "type": "object",
                "required": ["points"],
                "properties": {
                    "points": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 64,
                        "items": {
                            "type": "object",
                            "required": ["strength", "rating", "low", "high"],
                            "properties": {
                                "strength": files.number(MIN_STRENGTH, MAX_STRENGTH),
                                "rating": _RATING,
                                "low": _RATING,
                                "high": _RATING,
                                "games": files.number(0, 1_000_000, integer=True),
                                "score": files.number(0, 1),
                            },
                        },
                    },
                    "games": files.number(0, 10_000_000, integer=True),
                    "date": files.text(40),
                    "time_control": files.text(200),
                    "fit": files.text(200),
                    "note": files.text(400),
                },
            },
        },
    },
}

_AT = re.compile(r"at:([0-4](?:\.[0-9]{1,3})?)")


def strength_level(strength: float) -> str:
    """The bot level text of a seat that plays at ``strength`` (clamped to 0..4)."""
    s = min(MAX_STRENGTH, max(MIN_STRENGTH, float(strength)))
    return f"at:{s:.2f}"


def parse_strength_level(level: str | None) -> float | None:
    """The strength a bot level text names: a named level's, or an ``at:`` one's;
    None for anything else (an unknown level is refused by the caller)."""
    if not isinstance(level, str):
        return None
    if level in LEVEL_STRENGTHS:
        return LEVEL_STRENGTHS[level]
    m = _AT.fullmatch(level)
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
        for _step in range(40):  # bisection: rating() rises with strength
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


def load(path: Path = LADDER_FILE, problems: list[str] | None = None) -> dict[str, Ladder]:
    """Every game's ladder from ``path``; a game missing from it has none (the client
    then shows levels without ratings).  A damaged file reads as no ladders, and a
    damaged game's entry as no ladder for that game; each is reported as one short
    line in ``problems`` when a list is given."""

    def report(text: str) -> None:
        if problems is not None:
            problems.append(text)

    try:
        data = files.load_json(path)
    except (files.FileProblem, OSError) as exc:
        reason = str(exc) if isinstance(exc, files.FileProblem) else "it cannot be read"
        report(f"{Path(path).name}: {reason}")
        return {}
    if data is None:
        return {}
    if files.schema_errors(data, LADDER_SCHEMA):
        report(f"{Path(path).name}: it is not a ladder file")
        return {}
    out: dict[str, Ladder] = {}
    for game_id, entry in data["games"].items():
        ladder = Ladder.from_data(game_id, entry)
        xs = [p.strength for p in ladder.points]
        if len(set(xs)) != len(xs):
            report(f"{Path(path).name}: {game_id} measures one strength twice")
            continue
        out[game_id] = ladder
    return out


_CACHE: dict[Path, tuple[float, dict[str, Ladder]]] = {}
_LOOKED: dict[Path, float] = {}  # path -> monotonic time its modification time was read
LOOK_EVERY = 1.0  # seconds between looks at the file (screens ask every frame)


def cached(path: Path = LADDER_FILE, now: float | None = None) -> dict[str, Ladder]:
    """:func:`load`, read again only when the file changes.  Screens ask every frame
    (a seat at an ``at:X`` strength labels itself from it), so the file's time is looked
    at once a second at most, not sixty times."""
    now = time.monotonic() if now is None else now
    hit = _CACHE.get(path)
    if hit is not None and 0 <= now - _LOOKED.get(path, -1e9) < LOOK_EVERY:
        return hit[1]
    _LOOKED[path] = now
    try:
        stamp = path.stat().st_mtime
    except OSError:
        stamp = -1.0
    if hit is None or hit[0] != stamp:
        hit = (stamp, load(path))
        _CACHE[path] = hit
    return hit[1]


def rounded(rating: float, step: int = 50) -> int:
    """A rating as shown: to the nearest ``step`` points."""
    return int(step * round(rating / step))


def level_name(level: str) -> str:
    """A named level in the current language ("Medium")."""
    return pgettext("level", LEVEL_NAMES[level])


def level_caption(level: str, ladder: Ladder | None) -> str:
    """A level as game select shows it: "Medium, about 1250" when the ladder measured
    it, else the level's name alone."""
    name = level_name(level) if level in LEVEL_NAMES else level
    point = ladder.level_point(level) if ladder is not None else None
    if point is None:
        return name
    return _("{level}, about {rating}").format(level=name, rating=rounded(point.rating))


def nearest_level(strength: float) -> str:
    """The named level nearest ``strength`` (ties go to the lower)."""
    return min(LEVEL_STRENGTHS, key=lambda name: (abs(LEVEL_STRENGTHS[name] - strength), name))


def bot_label(level: str | None, ladder: Ladder | None = None) -> str:
    """A bot seat's kind as players read it: "Medium bot" for a named level; for a
    strength between levels "Bot, about 1400" when the ladder rates it, else its
    nearest level's ("About Hard")."""
    if level in LEVEL_NAMES:
        return _("{level} bot").format(level=level_name(level))
    strength = parse_strength_level(level)
    if strength is None:
        return _("Bot")
    if ladder is not None and ladder.points:
        return _("Bot, about {rating}").format(rating=rounded(ladder.rating(strength)))
    return _("Bot, about {level}").format(level=level_name(nearest_level(strength)))


def level_word(level: str | None) -> str:
    """A bot level in one or two words (a narrow column): "Medium", and for a
    strength between levels its nearest level's, "about Hard"."""
    if not level:
        return ""
    if level in LEVEL_NAMES:
        return level_name(level)
    strength = parse_strength_level(level)
    if strength is None:
        return ""
    return _("about {level}").format(level=level_name(nearest_level(strength)))


def match_strength(ladder: Ladder, person) -> float:
    """The "Match me" opponent for ``person`` (a game.records.ratings.Rating, or anything with
    a ``rating``): the strength, Easy .. Expert, whose ladder rating is nearest the
    person's, to two decimals."""
    # A scan, not strength_for's bisection: a measured ladder need not rise everywhere
    # (Hard and a mixture next to it can swap places within their intervals); among
    # equally near strengths the lowest (the cheapest to run) wins.
    top = max(1.0, min(MAX_STRENGTH, ladder.points[-1].strength))  # never past the data
    target = float(person.rating)
    best, best_gap = 1.0, None
    for k in range(round((top - 1.0) * 100) + 1):
        s = round(1.0 + k / 100, 2)
        gap = abs(ladder.rating(s) - target)
        if best_gap is None or gap < best_gap - 1e-9:
            best, best_gap = s, gap
    return best
