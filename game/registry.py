"""GAMES: the one list of games that every screen, tool and test iterates.

A game is one line of ``GAME_MODULES``: its module name, the name of its own module in
every package that holds one per game (the game's table of hooks, in the spirit of
Tatham's ``struct game``):

- ``game/rules/<module>.py``: the rules, ``SPEC`` (a :class:`game.rules.contract.GameSpec`
  without bots, with the game's facts: options, clocks, fame ranking, puzzle goals);
- ``game/ai/<module>.py``: its bots, ``LEVELS`` (level name -> bot factory), and
  optionally ``EXPERT_SECONDS`` (the Expert level's budget when it is not the default);
- the rest are found through ``spec.module`` by the layer that uses them
  (:func:`game_module`): ``scenes/play/<module>/``, ``party/phone_boards/<module>.py``,
  ``tools/benchmarks/<module>.py`` and the tools' per-game modules (docs/architecture.md).

This is the one place that knows rules and bots, so imports run one way: rules <- bots
<- registry.  The order here is the order of the cards on the game-select screen.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from typing import Any, Callable

from game.ai.strength import mixed
from game.rules.contract import GameSpec

GAME_MODULES = (
    "crystal_connector",
    "chromatic_collapse",
    "element_shift",
    "crystal_formation",
    "color_crossroads",
)


# A full game id for help texts: options and a seed reproduce a start exactly.
EXAMPLE_ID = "crystal-connector:rocks,pylons#12345"

# Expert: the Hard bot's own search with a much longer budget per decision (at most
# 5 s, so a person is never left waiting long; the screen shows a thinking ring).  A
# game whose Hard stops long before its budget defines its own "expert" in LEVELS (a
# wider or deeper search) and keeps it; the others get Hard with this budget.
# A game whose bots need another budget says so in its bot module (EXPERT_SECONDS).
EXPERT_SECONDS = 4.0


def expert(hard_factory: Callable[[], Any], seconds: float = EXPERT_SECONDS):
    """The Expert level of a game: its Hard bot given ``seconds`` to think."""
    bot = hard_factory()
    bot.think_seconds = seconds
    bot.name = "expert"
    return bot


def _load() -> dict[str, GameSpec]:
    games: dict[str, GameSpec] = {}
    for name in GAME_MODULES:
        spec: GameSpec = importlib.import_module(f"game.rules.{name}").SPEC
        bots = importlib.import_module(f"game.ai.{name}")
        levels = dict(bots.LEVELS)
        # A game whose bots define their own "expert" (a stronger search, not just
        # Hard with more time) keeps it.
        if "expert" not in levels:
            seconds = getattr(bots, "EXPERT_SECONDS", EXPERT_SECONDS)
            levels["expert"] = functools.partial(expert, levels["hard"], seconds)
        games[spec.id] = dataclasses.replace(spec, bots=levels, strength_bot=mixed, module=name)
    return games


GAMES: dict[str, GameSpec] = _load()


def get(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}") from None


def expert_seconds(game_id: str) -> float:
    """The Expert level's budget in ``game_id`` (its bot module's EXPERT_SECONDS)."""
    return getattr(game_module("game.ai", game_id), "EXPERT_SECONDS", EXPERT_SECONDS)


def game_module(package: str, game_id: str, *, optional: bool = False):
    """``game_id``'s own module in ``package`` (``f"{package}.{spec.module}"``), imported
    now: ``game_module("scenes.play", "element-shift")`` is scenes/play/element_shift/.
    With ``optional``, None when the game has none there (its absence is the hook: no
    phone board, no benchmark).  Each layer asks for its own packages, so the layering
    of imports is the caller's, and this module names none of them."""
    name = f"{package}.{get(game_id).module}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if optional and exc.name == name:
            return None
        raise
