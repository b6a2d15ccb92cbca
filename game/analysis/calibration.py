"""The coach's calibration: what a position's value means as a chance of winning.

The coach's value of a position (``game.analysis.values.value``) is seat 0's number on
-1..+1 in a two-player game.  A number is not yet a probability: this module turns it
into one with a logistic curve fitted per game to the results of Hard-vs-Hard games
(``tools/calibrate_coach.py report --write-seeds``)::

    cal = load()                                    # seeds/coach.json, checked
    p = cal.win_chance("chromatic-collapse", 0.4)   # seat 0 wins this often (0..1)
    values = cal.calibrated("chromatic-collapse", [0.4, -0.4])  # [2p-1, 1-2p]

``win chance = 1 / (1 + exp(-(a * v + b)))``; ``a`` is positive (the schema insists),
so a better value is never a smaller chance.  A game without a fit, or a damaged file,
falls back to the plain reading ``(v + 1) / 2`` and says why in ``problem``.

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
                    "positions": files.number(0, 10**7, integer=True),
                    "games": files.number(0, 10**6, integer=True),
                    "test_positions": files.number(0, 10**7, integer=True),
                    "brier": files.number(0, 1),
                    "date": files.text(40),
                },
            },
        },
    },
}


@dataclass(frozen=True)
class Fit:
    a: float
    b: float

    def chance(self, v: float) -> float:
        z = max(-40.0, min(40.0, self.a * v + self.b))
        return 1.0 / (1.0 + math.exp(-z))


@dataclass(frozen=True)
class Calibration:
    fits: Mapping[str, Fit] = field(default_factory=dict)
    problem: str = ""  # why the file could not be used ("" when it could)

    def win_chance(self, game_id: str, v: float) -> float:
        """Seat 0's chance of winning (draws half) at seat 0's value ``v``."""
        v = max(-1.0, min(1.0, float(v)))
        fit = self.fits.get(game_id)
        if fit is None:
            return (v + 1.0) / 2.0
        if v >= 1.0 or v <= -1.0:
            return 1.0 if v > 0 else 0.0  # a proven result is certain, whatever the curve
        return fit.chance(v)

    def calibrated(self, game_id: str, values: Sequence[float]) -> list[float]:
        """Two players: the values as ``2p - 1`` (so ``(x + 1) / 2`` reads the win
        chance); more players: unchanged (expected places are read from them)."""
        if len(values) != 2:
            return [float(x) for x in values]
        p = self.win_chance(game_id, values[0])
        return [2.0 * p - 1.0, 1.0 - 2.0 * p]


def parse(data) -> Calibration:
    """A calibration from the file's JSON value; a value that breaks the schema gives
    no fits and a problem."""
    if not isinstance(data, dict) or files.schema_errors(data, SCHEMA):
        return Calibration({}, "it does not hold a calibration")
    fits = {str(k): Fit(float(e["a"]), float(e["b"])) for k, e in data["games"].items()}
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
