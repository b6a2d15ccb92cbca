"""Bots: the Bot protocol, generic searches that work on any game through the
engine contract, per-game bots, and the worker process that runs them off the UI thread."""

from game.ai.base import Bot, Budget, RandomBot

__all__ = ["Bot", "Budget", "RandomBot"]
