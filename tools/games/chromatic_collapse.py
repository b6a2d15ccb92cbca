"""Chromatic Collapse's hooks for the tools (tools/games/__init__.py)."""

from __future__ import annotations


# Reference players that know this game alone (tools/references.py).
REFERENCES = ("ref-loa",)


# -- tools/tactics.py ---------------------------------------------------------------------
def hot(state, seat: int) -> bool:
    """A cheap filter: could the opponent be one turn from winning at all?"""
    return len(state.groups(1 - seat)) <= 3


def winning_turn(state) -> list[str] | None:
    from tools.tactics import generic_turn_win

    return generic_turn_win(state, 3)
