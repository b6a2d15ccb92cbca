"""Player ratings: Glicko-2 on the bot ladder's scale (game/records/ladder.py).

The ladder's ratings are Elo points with Random at 0; Glicko-2 works on the same
scale (400 points = ten-to-one odds), so a person's rating and a bot strength's
rating compare directly, and "Match me" picks the strength whose ladder rating is
nearest the person's.  The arithmetic is the ``glicko2`` package's (a port of
Glickman's own example, in use since 2009); this module keeps our values immutable
and says how a game becomes results.

A bot at a measured strength is a fixed opponent: its rating is the ladder's and
its deviation one standard deviation of the ladder's rating, a quarter of its 95 %
interval's width (a bot does not learn).
Multi-player games count as one result against each other seat: a win against
everyone placed below, a loss against everyone above, a draw for a shared place.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Iterable, TypeVar

import glicko2

DEFAULT_RD = 350.0  # Glicko's deviation for someone never seen
MIN_RD = 30.0  # never surer than this: people change
# Placement: a newcomer's first rated games of a game each move the rating as far as
# the very first.  Glicko-2 alone gets surer with every game, so a person who starts
# far from their strength (everyone starts at Medium) closes the distance only
# slowly: a simulated person at strength 1.2 of Crystal Connector, 1,100 points
# below Medium, still won only 14 % of its games 11-20 against "Match me".  Keeping
# the deviation at 350 for six games placed every simulated person of every ladder
# within 46-57 % over games 11-20 (docs/bots.md, "Match me").
PLACEMENT_GAMES = 6
DEFAULT_VOLATILITY = 0.06
GLICKO2_SCALE = 173.7178  # 400 / ln 10: Glicko-2's internal unit in rating points


@dataclass(frozen=True)
class Rating:
    rating: float
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    def interval(self) -> tuple[float, float]:
        """About 95 % of the time the true strength lies between these."""
        return self.rating - 2 * self.rd, self.rating + 2 * self.rd


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against ``opponent`` (0..1): Glicko-2's E, which
    the opponent's deviation flattens toward one half."""
    phi = opponent.rd / GLICKO2_SCALE
    g = 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))
    return 1.0 / (1.0 + math.exp(-g * (player.rating - opponent.rating) / GLICKO2_SCALE))


def update(
    player: Rating, results: Iterable[tuple[Rating, float]], rated_before: int | None = None
) -> Rating:
    """``player`` after one game (one rating period) with ``results``: pairs of
    (opponent, score) where score is 1 for a win, 0.5 a draw, 0 a loss.

    ``rated_before``: how many games had moved this rating before this one; while it
    is under :data:`PLACEMENT_GAMES` the deviation stays at least the newcomer's
    (placement).  None: plain Glicko-2."""
    results = list(results)
    if not results:
        return player
    p = glicko2.Player(player.rating, player.rd, player.volatility)
    p.update_player(
        [r.rating for r, _s in results], [r.rd for r, _s in results], [s for _r, s in results]
    )
    rd = max(MIN_RD, round(p.rd, 2))
    if rated_before is not None and rated_before < PLACEMENT_GAMES:
        rd = max(rd, DEFAULT_RD)
    return Rating(round(p.rating, 2), rd, p.vol)


K = TypeVar("K")


def place_results(places: Mapping[K, int], me: K) -> list[tuple[K, float]]:
    """The pairwise results of ``me`` from a finished game's places (1 = first):
    (other seat, score) for every other seat."""
    mine = places[me]
    out = []
    for other, place in places.items():
        if other == me:
            continue
        out.append((other, 1.0 if mine < place else 0.0 if mine > place else 0.5))
    return out
