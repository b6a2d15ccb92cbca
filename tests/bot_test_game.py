"""Nim with extra bot levels, for the bot worker and search tests.

The worker resolves games by module name in its own process
(``spec_module="tests.bot_test_game"``), so these bots must live in an importable
module rather than inside a test file.
"""

from __future__ import annotations

import dataclasses
import time

from game.ai.search import AlphaBetaBot, MCTSBot
from tests import nim_game


class SpinBot:
    """Thinks until its budget runs out or is cancelled: stands in for a long search.
    Sleeps between checks so a waiting test does not eat a shared CPU."""

    name = "spin"
    think_seconds = 600.0

    def choose(self, state, *, rng, budget):
        while not budget.expired():
            time.sleep(0.002)
        return state.legal_moves()[0]


class StubbornBot:
    """Ignores its budget and cancel flag: thinks for ten minutes whatever happens."""

    name = "stubborn"

    def choose(self, state, *, rng, budget):
        end = time.monotonic() + 600
        while time.monotonic() < end:
            time.sleep(0.01)
        return state.legal_moves()[0]


class BrokenBot:
    """Raises, like a bot with a bug."""

    name = "broken"

    def choose(self, state, *, rng, budget):
        raise RuntimeError("the broken bot always fails")


class IllegalBot:
    """Returns a move the rules refuse."""

    name = "illegal"

    def choose(self, state, *, rng, budget):
        return nim_game.Take(0, 99)


class ProxyBot(nim_game.PerfectNimBot):
    """Has an extra method and attribute, like Crystal Connector's proxy mover."""

    seat_kinds = ()

    def choose_for_late_seat(self, state, *, rng, budget, late_seat):
        assert late_seat == state.current_player(), "called for the wrong seat"
        assert self.seat_kinds == ("human", "bot"), f"attrs not set: {self.seat_kinds}"
        return self.choose(state, rng=rng, budget=budget)


def _alphabeta():
    return AlphaBetaBot(key=lambda s: (s.heaps, s.to_move), think_seconds=0.5)


def _mcts():
    return MCTSBot(iterations=300, think_seconds=0.5)


SPEC = dataclasses.replace(
    nim_game.SPEC,
    id="nim-bots",
    bots={
        **nim_game.SPEC.bots,
        "spin": SpinBot,
        "stubborn": StubbornBot,
        "broken": BrokenBot,
        "illegal": IllegalBot,
        "proxy": ProxyBot,
        "alphabeta": _alphabeta,
        "mcts": _mcts,
    },
)
