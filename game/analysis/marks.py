"""What the theatre's analysis means, apart from how it is computed.

A position's *value* is one number per seat, each seat's expected result on the
scale of ``state.returns()`` (-1 lost .. +1 won); the bot worker computes them in the
background (``game.analysis.evaluation``).  From the values of consecutive positions this
module finds the **mistakes**: the actions after which the mover's expected result
fell the most.  Nothing here imports pygame or a bot, so it is tested directly::

    values = [(0.1, -0.1), (0.2, -0.2), (-0.9, 0.9), ...]   # position 0..n
    movers = [0, 1, 0, ...]                                 # who made action i
    for m in find_mistakes(values, movers):
        print(m.action, m.seat, m.drop)                     # action 2 dropped 1.1

Values are cached per replay (``AnalysisCache``, keyed by the replay's content), so
a second viewing is instant and a renamed file keeps its analysis.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

ANALYSIS_FORMAT = 1
MISTAKE_DROP = 0.3  # a fall of 15 points of win chance is worth showing
# A mark stands only when the best alternative the search sees is worth 20 points of
# win chance more than the action played.  In Chromatic Collapse's Easy-against-Medium
# games a longer search confirmed 76 % of the marks at 15 points (101 of 133) and
# 81 % at 20 (88 of 109: 50 of 62 on the ten games that chose it, 38 of 47 on ten
# fresh ones); docs/bots.md, "The coach".
ALTERNATIVE_MARGIN = 0.4
SURE_DROP = 1.0  # one action losing half the win chance is marked on its own
MAX_MISTAKES = 5  # per seat at most this many are marked, the biggest first


def win_chance(value: float) -> float:
    """A two-player value (-1..1) as the chance of winning, 0..1."""
    return max(0.0, min(1.0, (value + 1.0) / 2.0))


@dataclass(frozen=True)
class Mistake:
    action: int  # index of the action (the move from position i to i + 1)
    seat: int
    drop: float  # how far the mover's value fell (0..2)
    before: float
    after: float

    @property
    def chance_lost(self) -> float:
        """The drop in win chance (two players), 0..1."""
        return self.drop / 2.0


def confirmed_by_alternative(
    mistake: "Mistake",
    after_played: Sequence[float] | None,
    after_alternative: Sequence[float] | None,
    threshold: float = ALTERNATIVE_MARGIN,
) -> bool | None:
    """Is the alternative worth ``threshold`` more to the mover than the action
    played (both values of the positions right after)?  None while either is unknown."""
    if after_played is None or after_alternative is None:
        return None
    seat = mistake.seat
    if not (0 <= seat < len(after_played) and seat < len(after_alternative)):
        return None
    return float(after_alternative[seat]) - float(after_played[seat]) >= threshold


def find_mistakes(
    values: Sequence[Sequence[float] | None],
    movers: Sequence[int],
    threshold: float = MISTAKE_DROP,
    per_seat: int = MAX_MISTAKES,
    turn_starts: Sequence[int] | None = None,
) -> list[Mistake]:
    """Actions after which the mover's value fell by ``threshold`` or more, at most
    ``per_seat`` per seat (the biggest), in game order.  Positions not analysed yet
    (None) mark nothing.

    With ``turn_starts`` (the positions where a seat's run of actions begins, and
    the end) a whole turn is judged, from the value where it began to the value where
    the next one begins, so that positions of the same kind are compared (a search
    values "about to place" and "about to end the turn" differently); the action
    marked is the turn's action with the biggest fall of its own.  A single action
    falling by ``SURE_DROP`` or more is marked as well."""
    found: list[Mistake] = []

    def fall(i: int, seat: int) -> float | None:
        a, b = values[i], values[i + 1] if i + 1 < len(values) else None
        if a is None or b is None or not 0 <= seat < len(a):
            return None
        return float(a[seat]) - float(b[seat])

    def value_at(i: int, seat: int) -> float:
        v = values[i]
        assert v is not None  # read only where fall() found a value
        return float(v[seat])

    if turn_starts is None:
        for i, seat in enumerate(movers):
            drop = fall(i, seat)
            if drop is not None and drop >= threshold:
                found.append(Mistake(i, seat, drop, value_at(i, seat), value_at(i + 1, seat)))
    else:
        marks = sorted(set(turn_starts))
        for a, b in itertools.pairwise(marks):
            if a >= len(movers) or b >= len(values):
                continue
            seat = movers[a]
            va, vb = values[a], values[b]
            if va is None or vb is None or not 0 <= seat < len(va):
                continue
            drop = float(va[seat]) - float(vb[seat])
            if drop < threshold:
                continue
            own = [(fall(i, seat), i) for i in range(a, b)]
            known = [(d, i) for d, i in own if d is not None]
            action = max(known, key=lambda x: (x[0], -x[1]))[1] if known else a
            found.append(Mistake(action, seat, drop, float(va[seat]), float(vb[seat])))
        # A single action that throws away at least half the win chance is a mistake
        # even inside a turn that began badly (a won last shift missed), whatever the
        # search thought of the turn's first position.
        marked = {m.action for m in found}
        for i, seat in enumerate(movers):
            drop = fall(i, seat)
            if drop is not None and drop >= SURE_DROP and i not in marked:
                found.append(Mistake(i, seat, drop, value_at(i, seat), value_at(i + 1, seat)))
    kept: list[Mistake] = []
    for seat in sorted({m.seat for m in found}):
        mine = sorted((m for m in found if m.seat == seat), key=lambda m: (-m.drop, m.action))
        kept.extend(mine[:per_seat])
    return sorted(kept, key=lambda m: m.action)


# How sharply a gap in value turns into a gap in expected place (Element Shift).  Fitted
# on Hard games by tools/calibrate_coach.py for the coach that resolves the plans in
# (chosen among 1.5 .. 6 on seed 700's games, then 2.159 places from the actual on
# fresh seed 1100's against 2.179 at 3; docs/bots.md, "The coach").
PLACE_STEEPNESS = 5.0


def expected_places(value: Sequence[float], steep: float | None = None) -> list[float]:
    """Multi-player values as expected places (1 = first).

    Without ``steep``: the higher a seat's value, the better its place, spread over
    1..n in proportion (always from 1 to n, however close the values).  With
    ``steep``: 1 plus the chance that each other seat finishes ahead, that chance
    ``1 / (1 + exp(-steep * (v_other - v_seat)))``: close values give places near
    the middle, as the standings early in a game deserve."""
    n = len(value)
    if steep is not None:
        out = []
        for i, vi in enumerate(value):
            ahead = 0.0
            for j, vj in enumerate(value):
                if j != i:
                    z = max(-40.0, min(40.0, steep * (float(vj) - float(vi))))
                    ahead += 1.0 / (1.0 + math.exp(-z))
            out.append(1.0 + ahead)
        return out
    if n <= 1:
        return [1.0] * n
    lo, hi = min(value), max(value)
    if hi - lo < 1e-9:
        return [(1 + n) / 2.0] * n
    return [1.0 + (n - 1) * (hi - v) / (hi - lo) for v in value]


@dataclass
class AnalysisCache:
    """Values per position and the Hard bot's alternative per marked action, saved as
    ``analysis/<replay key>.json`` in the data folder."""

    key: str
    positions: int
    values: list[list[float] | None] = field(default_factory=list)
    alternatives: dict[int, str] = field(default_factory=dict)
    budget: str = ""
    # The value after the Hard bot's alternative, per marked action: a mark stands
    # only when the alternative is worth the threshold more than the move played.
    alt_values: dict[int, list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.values) != self.positions:
            self.values = (list(self.values) + [None] * self.positions)[: self.positions]

    @property
    def done(self) -> int:
        return sum(1 for v in self.values if v is not None)

    def complete(self) -> bool:
        return self.done == self.positions

    def to_json(self) -> dict:
        return {
            "format": ANALYSIS_FORMAT,
            "key": self.key,
            "positions": self.positions,
            "budget": self.budget,
            "values": self.values,
            "alternatives": {str(k): v for k, v in self.alternatives.items()},
            "alt_values": {str(k): v for k, v in self.alt_values.items()},
        }

    @staticmethod
    def path(folder: Path, key: str) -> Path:
        return folder / f"{key}.json"

    @staticmethod
    def load(folder: Path, key: str, positions: int, budget: str) -> "AnalysisCache":
        """The cached analysis, or a fresh one when there is none, it is unreadable,
        or it was made with another budget (an unusable cache is simply redone)."""
        fresh = AnalysisCache(key, positions, budget=budget)
        from game.storage.reading import FileProblem, load_json, schema_errors

        try:
            data = load_json(AnalysisCache.path(folder, key))
        except FileProblem:
            return fresh
        if not isinstance(data, dict) or schema_errors(data, CACHE_SCHEMA):
            return fresh
        try:
            if (
                data.get("format") != ANALYSIS_FORMAT
                or data.get("key") != key
                or data.get("positions") != positions
                or data.get("budget") != budget
            ):
                return fresh
            values: list[list[float] | None] = []
            for v in data["values"]:
                if v is None:
                    values.append(None)
                else:
                    values.append([float(x) for x in v])
            alts = {int(k): str(t) for k, t in dict(data.get("alternatives") or {}).items()}
            alt_values = {
                int(k): [float(x) for x in v] for k, v in dict(data.get("alt_values") or {}).items()
            }
        except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError):
            return fresh
        return AnalysisCache(key, positions, values, alts, budget, alt_values)

    def save(self, folder: Path) -> None:
        """Write atomically; a cache that cannot be written is only a slower second
        viewing, so write errors are ignored."""
        from game.storage.saves import SaveError, write_json_atomic

        try:
            write_json_atomic(AnalysisCache.path(folder, self.key), self.to_json())
        except SaveError:
            pass


# What a cache file may hold (checked by game.storage.reading before it is trusted).
CACHE_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "values": {
            "type": "array",
            "maxItems": 100000,
            "items": {
                "anyOf": [
                    {"type": "null"},
                    {"type": "array", "maxItems": 16, "items": {"type": "number"}},
                ]
            },
        },
        "alt_values": {
            "type": ["object", "null"],
            "maxProperties": 100000,
            "propertyNames": {"maxLength": 12},
            "additionalProperties": {"type": "array", "maxItems": 16, "items": {"type": "number"}},
        },
        "alternatives": {
            "type": ["object", "null"],
            "maxProperties": 100000,
            "propertyNames": {"maxLength": 12},
            "additionalProperties": {"type": "string", "maxLength": 200},
        },
    },
}
