"""The coach's calibration: what a position's value means as a chance of winning.

The coach's value of a position (``game.analysis.values.value``) is seat 0's number on
-1..+1 in a two-player game.  A number is not yet a probability: this module turns it
into one with a logistic curve fitted per game and per strength band to the results of
bot games between every pair of levels (``tools/calibrate_coach.py bands``)::

    cal = load()                                    # seeds/coach.json, checked
    p = cal.win_chance(game_id, 0.4)                # seat 0 wins this often (0..1)
    p = cal.win_chance(game_id, 0.4, strengths=(1.0, 2.0))  # Easy against Medium
    values = cal.calibrated(game_id, [0.4, -0.4])   # [2p-1, 1-2p]

With the seats' strengths known (bot levels: 1 Easy .. 4 Expert) the band's curve is
``1 / (1 + exp(-(a * v + c * d)))``, ``d`` = +1 when seat 0 is the stronger level, -1
when seat 1 is, 0 between equals, drawn toward 50 % by the band's ``shrink`` (the
chance is ``0.5 + shrink * (curve - 0.5)``; a proven value reads the band's ``proven``,
the share of such positions its players convert): the side to move and the seat carry no term, so a
position and its mirror (seats swapped) read as mirrored chances.  The same lead is
worth less between beginners (a smaller ``a``) than between Hard bots.  Unknown
strengths (a person) use the game's curve fitted on every band together,
``1 / (1 + exp(-(a * v + b)))`` with ``b`` = 0 for such a fit, and read a proven value
as the game's own ``proven``: the share of proven positions converted over every band
together (a person's strength is unknown, and a proven win is only as sure as the
players who must play it out).  A file without it reads 1.0, certain.  ``a`` is
positive (the schema insists), and a proven value never reads less sure than the
curve at the end of its range, so a better value is never a smaller chance.  A game
without a fit, or a damaged file, falls back to the plain reading ``(v + 1) / 2`` and says why in
``problem``.

Pure: no pygame, no bots.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

from game.storage import reading as files

COACH_FILE = Path(__file__).resolve().parents[2] / "seeds" / "coach.json"
COACH_FORMAT = 1

SCHEMA: dict = {
    "type": "object",
    "required": ["format", "games"],
    "properties": {
        "format": {"const": COACH_FORMAT},
        "games": {
            "type": "object",
            "maxProperties": 32,
            "propertyNames": {"maxLength": 40},
            "additionalProperties": {
                "type": "object",
                "required": ["a", "b"],
                "properties": {
                    # a > 0: the curve rises, so the calibrated chance is monotone.
                    "a": {"type": "number", "exclusiveMinimum": 0, "maximum": 100},
                    "b": files.number(-20, 20),
                    # Unknown strengths: the share of proven positions converted over
                    # every band together (missing: 1.0).
                    "proven": files.number(0.5, 1),
                    "proven_positions": files.number(0, 10**7, integer=True),
                    "proven_converted": files.number(0, 10**7),
                    "positions": files.number(0, 10**7, integer=True),
                    "games": files.number(0, 10**6, integer=True),
                    "test_positions": files.number(0, 10**7, integer=True),
                    "brier": files.number(0, 1),
                    "date": files.text(40),
                    "bands": {
                        "type": "object",
                        "maxProperties": 16,
                        "propertyNames": {"maxLength": 20},
                        "additionalProperties": {
                            "type": "object",
                            "required": ["a", "c"],
                            "properties": {
                                "a": {"type": "number", "exclusiveMinimum": 0, "maximum": 100},
                                "c": files.number(-20, 20),
                                "shrink": files.number(0, 1),
                                "proven": files.number(0.5, 1),
                                "proven_positions": files.number(0, 10**7, integer=True),
                                "proven_converted": files.number(0, 10**7),
                            },
                        },
                    },
                },
            },
        },
    },
}


LEVEL_NAMES = {1: "easy", 2: "medium", 3: "hard", 4: "expert"}


def band_key(strengths: Sequence[float]) -> str:
    """The band of two strengths, weaker level first: ``"easy-medium"``."""
    low, high = sorted(min(4, max(1, round(float(s)))) for s in strengths)
    return f"{LEVEL_NAMES[low]}-{LEVEL_NAMES[high]}"


def band_levels(key: str) -> tuple[int, int]:
    names = {v: k for k, v in LEVEL_NAMES.items()}
    low, high = key.split("-")
    return names[low], names[high]


@dataclass(frozen=True)
class Band:
    a: float
    c: float = 0.0  # the stronger level's edge at an even value
    # The curve's distance from 50 % kept (0..1): between players who often do not
    # convert a lead the honest chance is nearer even than any curve of the value says.
    shrink: float = 1.0
    # How often the side a proven value favours wins between these levels: Hard's
    # search proves a win that a beginner need not play out.
    proven: float = 1.0


@dataclass(frozen=True)
class Fit:
    a: float
    b: float
    bands: Mapping[str, Band] = field(default_factory=dict)
    # How often the side a proven value favours wins when the players' strengths are
    # unknown (a person in a seat): the share over every band's positions together.
    proven: float = 1.0

    def band(self, strengths: Sequence[float]) -> Band | None:
        """The fitted band nearest to ``strengths`` (the weaker and the stronger level
        each at most one level away), or None."""
        if not self.bands:
            return None
        key = band_key(strengths)
        if key in self.bands:
            return self.bands[key]
        low, high = band_levels(key)
        near = []
        for k, band in self.bands.items():
            lo, hi = band_levels(k)
            if abs(lo - low) <= 1 and abs(hi - high) <= 1 and (hi > lo) == (high > low):
                near.append((abs(lo - low) + abs(hi - high), k, band))
        return min(near)[2] if near else None

    def chance(self, v: float, strengths: Sequence[float] | None = None) -> float:
        band = self.band(strengths) if strengths is not None and len(strengths) == 2 else None
        if band is None:
            z = self.a * v + self.b
        else:
            assert strengths is not None  # a band is found from two strengths only
            s0, s1 = (round(float(s)) for s in strengths)
            d = 1.0 if s0 > s1 else -1.0 if s1 > s0 else 0.0
            z = max(-40.0, min(40.0, band.a * v + band.c * d))
            return 0.5 + band.shrink * (1.0 / (1.0 + math.exp(-z)) - 0.5)
        z = max(-40.0, min(40.0, z))
        return 1.0 / (1.0 + math.exp(-z))


@dataclass(frozen=True)
class Calibration:
    fits: Mapping[str, Fit] = field(default_factory=dict)
    problem: str = ""  # why the file could not be used ("" when it could)

    def win_chance(self, game_id: str, v: float, strengths: Sequence[float] | None = None) -> float:
        """Seat 0's chance of winning (draws half) at seat 0's value ``v``; with the
        seats' ``strengths`` (bot levels, 1..4) the curve of their band."""
        v = max(-1.0, min(1.0, float(v)))
        fit = self.fits.get(game_id)
        if fit is None:
            return (v + 1.0) / 2.0
        if v >= 1.0 or v <= -1.0:
            # A proven result is as sure as its players play it out: the band's share,
            # or with the players unknown the share over every band together.
            band = fit.band(strengths) if strengths is not None and len(strengths) == 2 else None
            sure = band.proven if band is not None else fit.proven
            # Never less sure than the curve just short of it: a better value is never
            # a smaller chance, however few proven positions the players converted.
            edge = fit.chance(1.0 if v > 0 else -1.0, strengths)
            return max(sure, edge) if v > 0 else min(1.0 - sure, edge)
        return fit.chance(v, strengths)

    def calibrated(
        self, game_id: str, values: Sequence[float], strengths: Sequence[float] | None = None
    ) -> list[float]:
        """Two players: the values as ``2p - 1`` (so ``(x + 1) / 2`` reads the win
        chance); more players: unchanged (expected places are read from them)."""
        if len(values) != 2:
            return [float(x) for x in values]
        p = self.win_chance(game_id, values[0], strengths)
        return [2.0 * p - 1.0, 1.0 - 2.0 * p]


def parse(data) -> Calibration:
    """A calibration from the file's JSON value; a value that breaks the schema gives
    no fits and a problem."""
    if not isinstance(data, dict) or files.schema_errors(data, SCHEMA):
        return Calibration({}, "it does not hold a calibration")
    fits = {
        str(k): Fit(
            float(e["a"]),
            float(e["b"]),
            {
                str(n): Band(
                    float(x["a"]),
                    float(x["c"]),
                    float(x.get("shrink", 1.0)),
                    float(x.get("proven", 1.0)),
                )
                for n, x in e.get("bands", {}).items()
            },
            float(e.get("proven", 1.0)),
        )
        for k, e in data["games"].items()
    }
    return Calibration(fits)


def load(path: Path | str = COACH_FILE) -> Calibration:
    try:
        data = files.load_json(path)
    except files.FileProblem as exc:
        return Calibration({}, str(exc))
    except OSError:
        return Calibration({}, "it could not be read")
    if data is None:
        return Calibration({}, "it is missing")
    return parse(data)


@lru_cache(maxsize=1)
def shipped() -> Calibration:
    """The calibration shipped in seeds/ (read once per process)."""
    return load(COACH_FILE)
