"""Nim whose bots hang, for the bot worker's watchdog tests (the worker imports the
game by module name in its own process, so the bots live in an importable module)."""

from __future__ import annotations

import dataclasses
import threading

from tests import nim_game


class SleeperBot:
    """Sleeps forever, whatever its budget says: a bot stuck in native code."""

    name = "sleeper"
    think_seconds = 0.2
    marker = ""  # a file to create on starting to think (request attrs), so a test knows

    def choose(self, state, *, rng, budget):
        if self.marker:
            with open(self.marker, "a"):
                pass
        threading.Event().wait()  # never set


SPEC = dataclasses.replace(
    nim_game.SPEC,
    id="nim-hang",
    bots={**nim_game.SPEC.bots, "sleeper": SleeperBot},
)
