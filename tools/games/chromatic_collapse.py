"""Chromatic Collapse's hooks for the tools (tools/games/__init__.py)."""

from __future__ import annotations

from game.text.i18n import N_

# Reference players that know this game alone (tools/references.py).
REFERENCES = ("ref-loa",)


# -- tools/tactics.py ---------------------------------------------------------------------
def hot(state, seat: int) -> bool:
    """A cheap filter: could the opponent be one turn from winning at all?"""
    return len(state.groups(1 - seat)) <= 3


def winning_turn(state) -> list[str] | None:
    from tools.tactics import generic_turn_win

    return generic_turn_win(state, 3)


# -- tools/puzzles.py ---------------------------------------------------------------------
SHOWCASE = True  # the game the docs' puzzle screenshots show
RATE_BUDGET = {"easy": 300, "medium": 1_500, "hard": 4_000}  # nodes a decision, for rating
PUZZLE_HINT = N_("Two moves: join every one of your pieces into one group.")


def puzzle_goals(state, seat: int) -> list[tuple[str, int]]:
    """The goals worth searching for at this turn start (a cheap filter)."""
    return [("win", 1)] if len(state.groups(seat)) <= 3 else []


# -- tools/screenshot.py ------------------------------------------------------------------
SAMPLE_START = "chromatic-collapse#7"  # the start the tools show it with
PROOF_STARTS = (SAMPLE_START,)
SWEEP_SHOTS = (("chromatic-collapse", "game", {"id": SAMPLE_START, "moves": "random;" * 3}),)
