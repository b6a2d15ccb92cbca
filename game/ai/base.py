"""The Bot protocol and the budget every bot honours.

A bot is built by its game's spec (``spec.make_bot("hard")``) and asked for one
action at a time::

    bot = spec.make_bot("medium")
    move = bot.choose(state, rng=random.Random(1), budget=Budget(seconds=0.5))

Bots take an explicit RNG (never the module global) so a seeded arena game is
reproducible when the budget is counted in nodes or iterations rather than seconds.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Protocol, runtime_checkable


class SearchCancelled(Exception):
    """Raised inside a search when its budget's cancel flag is set."""


@dataclass
class Budget:
    """How much a bot may think: wall seconds, nodes/iterations, or both (whichever
    runs out first), plus a cancel check the worker sets when the UI no longer wants
    the answer.  ``None`` means unlimited for that dimension."""

    seconds: float | None = None
    nodes: int | None = None
    cancelled: Callable[[], bool] = field(default=lambda: False)
    started: float = field(default_factory=time.monotonic)
    used_nodes: int = 0

    def tick(self, n: int = 1) -> None:
        self.used_nodes += n

    def expired(self) -> bool:
        if self.nodes is not None and self.used_nodes >= self.nodes:
            return True
        if self.seconds is not None and time.monotonic() - self.started >= self.seconds:
            return True
        return bool(self.cancelled())

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def fraction_left(self) -> float:
        """Roughly how much of the budget remains, 0..1 (for deciding whether to
        start another iteration of a deepening search)."""
        parts = [1.0]
        if self.nodes:
            parts.append(1.0 - self.used_nodes / self.nodes)
        if self.seconds:
            parts.append(1.0 - self.elapsed() / self.seconds)
        return max(0.0, min(parts))


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, state, *, rng: random.Random, budget: Budget):
        """One legal action for ``state.current_player()``."""


class RandomBot:
    """Uniform over legal actions: a baseline for the arena and for playouts."""

    name = "random"

    def choose(self, state, *, rng: random.Random, budget: Budget | None = None):
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal moves: the game is over or the state is broken")
        return rng.choice(moves)


def random_playout(state, rng: random.Random, max_actions: int = 100_000):
    """Play uniformly random actions to the end (or ``max_actions``); returns the
    final state.  Used by MCTS and by the contract test."""
    for _ in range(max_actions):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state
