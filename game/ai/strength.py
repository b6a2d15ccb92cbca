"""Continuous bot strength: any strength from 0 (Random) to 4 (Expert) plays.

A named level's strength (0, 1, 2, 3, 4) is that level's own bot, unchanged.  A
strength between two levels mixes them: at 2.35 each turn is Hard's with probability
0.35 and Medium's otherwise.

A turn, not an action: in Crystal Connector a turn is about three actions, in
Chromatic Collapse two or three, and a turn begun on Hard's plan and finished by
Medium is neither level's play (Hard's plan is not carried through).  So the draw is
keyed on the seat's turn -- ``(round_number, current_player())``, the same for every
action of one seat's turn in every game -- and on ``mix_salt``, a number fixed for the
game (the play scene passes one made from the game's seed, so a resumed game draws
the same; the arena one from its game's seed).  The worker builds a fresh bot for
every action, so the draw cannot be remembered in the bot: it is recomputed, and
comes out the same through the turn.  Without a salt (a caller that sets none) each
decision draws from its own rng.  Either way a seeded game replays exactly.

Why a mixture and not a shorter search or noise on the choice: the levels differ in
kind, not only in time (Easy samples, Medium looks one turn ahead, Hard searches
replies; several Hards stop long before their budget), so no single knob moves
smoothly from one to the next in every game.  A mixture lies between its two levels
by construction (its expected score against anyone is between theirs, decision by
decision), needs nothing from the five games, and the ladder measures it
(``tools/arena.py --ladder`` plays 1.5, 2.5 and 3.5).

Each decision is made by one whole bot with that bot's own think time: the budget a
caller gives the mixture (its ``think_seconds``, the longer of the two) is scaled to
the chosen bot's share, so the lower level never thinks longer than it does alone.
Extra entry points a game's bots have (Crystal Connector's ``choose_for_late_seat``)
are mixed the same way; attributes a caller sets (Color Crossroads' ``seat_kinds``)
reach both bots.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Mapping

from game.ai.base import Budget
from game.records.ladder import LEVEL_STRENGTHS, MAX_STRENGTH, MIN_STRENGTH, strength_level
from game.rules.contract import derived_rng

# Level names by strength: 0 -> "random", 1 -> "easy", ...
LEVEL_AT = {int(s): name for name, s in LEVEL_STRENGTHS.items()}


def levels_between(strength: float) -> tuple[str, str, float]:
    """(lower level, upper level, the upper's share) for ``strength`` in 0..4."""
    s = min(MAX_STRENGTH, max(MIN_STRENGTH, float(strength)))
    low = min(math.floor(s), int(MAX_STRENGTH) - 1)
    return LEVEL_AT[low], LEVEL_AT[low + 1], round(s - low, 6)


def _scaled(budget: Budget | None, share: float) -> Budget | None:
    """The part of ``budget`` one chosen bot may use: its seconds times ``share`` (the
    chosen bot's think time over the mixture's), the same start, nodes and cancel."""
    if budget is None:
        return None
    seconds = None if budget.seconds is None else budget.seconds * share
    return Budget(
        seconds=seconds, nodes=budget.nodes, cancelled=budget.cancelled, started=budget.started
    )


class MixedBot:
    """Two levels' bots, one chosen per decision (see the module's note)."""

    # Set in __init__ through __dict__ (past __setattr__), declared for the checker.
    strength: float
    lower: Any
    upper: Any
    share: float
    name: str
    think_seconds: float
    mix_salt: int | None

    def __init__(self, strength: float, lower: Any, upper: Any, share: float) -> None:
        own = {
            "strength": float(strength),
            "lower": lower,
            "upper": upper,
            "share": share,  # probability that a decision is the upper level's
            "name": strength_level(strength),
            # The caller's budget is the longer of the two; each bot gets its own part.
            "think_seconds": max(_seconds(lower), _seconds(upper)),
            # Fixed for the game: the draw is per turn (see the module's note).
            "mix_salt": None,
        }
        self.__dict__.update(own)

    def __setattr__(self, name: str, value: Any) -> None:
        # The worker sets attributes a game's bots read (seat_kinds): both get them.
        if name in ("think_seconds", "name", "mix_salt"):
            self.__dict__[name] = value
            return
        self.__dict__[name] = value
        for bot in (self.lower, self.upper):
            setattr(bot, name, value)

    def pick(self, state, rng: random.Random) -> Any:
        """The bot for the turn ``state`` is in: one draw keyed on the game's salt and
        the seat's turn, so every action of a turn gets the same bot; with no salt,
        one draw from the decision's own rng."""
        if self.mix_salt is None:
            draw = rng.random()
        else:
            turn = (state.round_number, state.current_player())
            draw = derived_rng(int(self.mix_salt), "mix", *turn).random()
        return self.upper if draw < self.share else self.lower

    def _call(self, method: str, state, rng: random.Random, budget: Budget | None, **kwargs):
        bot = self.pick(state, rng)
        share = _seconds(bot) / self.think_seconds if self.think_seconds else 1.0
        return getattr(bot, method)(state, rng=rng, budget=_scaled(budget, share), **kwargs)

    def choose(self, state, *, rng: random.Random, budget: Budget | None = None):
        return self._call("choose", state, rng, budget)

    def __getattr__(self, name: str) -> Callable:
        # Other entry points (choose_for_late_seat ...) when both levels have them.
        if name.startswith("_"):
            raise AttributeError(name)
        lower, upper = self.__dict__.get("lower"), self.__dict__.get("upper")
        if not (callable(getattr(lower, name, None)) and callable(getattr(upper, name, None))):
            raise AttributeError(name)

        def entry(state, *, rng: random.Random, budget: Budget | None = None, **kwargs):
            return self._call(name, state, rng, budget, **kwargs)

        return entry


def _seconds(bot: Any) -> float:
    return float(getattr(bot, "think_seconds", 1.0))


def mixed(bots: Mapping[str, Callable[[], Any]], strength: float):
    """The bot that plays at ``strength`` from a game's level factories: a named
    level's own bot at 0, 1, 2, 3 or 4, else a :class:`MixedBot` of its neighbours."""
    lower, upper, share = levels_between(strength)
    missing = [name for name in (lower, upper) if name not in bots]
    if missing:
        raise ValueError(f"no {missing[0]} bot to play at strength {strength:g}")
    if share <= 0.0:
        return bots[lower]()
    if share >= 1.0:
        return bots[upper]()
    return MixedBot(strength, bots[lower](), bots[upper](), share)


def bot_at(spec, strength: float):
    """The bot of the game ``spec`` (a GameSpec with its bots, e.g. from
    ``game.registry.get(game_id)``) that plays at ``strength``."""
    return spec.make_bot(strength_level(strength))
