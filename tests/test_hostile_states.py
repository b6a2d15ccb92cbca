"""Hostile state JSON: every game's ``from_json`` (what the bot worker reads, and any
future reader of a position) answers any JSON value with a state or with
:class:`game.rules.contract.BadState` (a ValueError) whose message is short and in the project's
words; never TypeError, KeyError, OverflowError, RecursionError or Python's own text.

Values are arbitrary JSON, and real positions (from seeded random play) with one field
replaced, removed, or nested thousands deep.
"""

from __future__ import annotations

import functools
import json
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.registry import GAMES
from game.rules.contract import BadState

GAME_IDS = list(GAMES)

PYTHON_WORDS = (
    "invalid literal",
    "argument must be",
    "object has no attribute",
    "not subscriptable",
    "NoneType",
    "unhashable",
    "out of range for",
    "not iterable",
    "Exceeds the limit",
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**30, max_value=10**40),
    st.floats(),  # nan and inf too: Python's json reads and writes them
    st.text(max_size=30),
    st.sampled_from(("", "0", "-1", "²", "9" * 5000, "red", "A1", "\x00")),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=8), st.dictionaries(st.text(max_size=12), inner, max_size=8)
    ),
    max_leaves=30,
)


@functools.cache
def real_json(game_id: str) -> tuple[str, ...]:
    """Positions as JSON text (copied fresh for each mutation): start and random play."""
    spec = GAMES[game_id]
    out = []
    for seed, plies in ((0, 0), (1, 6), (2, 25)):
        rng = random.Random(seed)
        state = spec.new_game(seed=seed)
        for _ in range(plies):
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_moves()))
        out.append(json.dumps(state.to_json()))
    return tuple(out)


def deep(levels: int):
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


def read(game_id: str, data) -> None:
    """The property: a state, or BadState with a short message in our words."""
    try:
        state = GAMES[game_id].from_json(data)
    except BadState as exc:
        msg = str(exc)
        assert msg and len(msg) <= 200, msg[:300]
        assert msg.isprintable(), repr(msg[:300])
        for words in PYTHON_WORDS:
            assert words not in msg, msg
        return
    # What it read, it can write again (nothing a later save would trip on).
    json.dumps(state.to_json())


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(value=json_values)
def test_any_json_value(game_id, value):
    read(game_id, value)


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_real_position_one_field_replaced(game_id, data):
    base = json.loads(data.draw(st.sampled_from(real_json(game_id))))
    key = data.draw(st.sampled_from(sorted(base)))
    base[key] = data.draw(json_values)
    read(game_id, base)


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_real_position_one_item_replaced(game_id, data):
    """One element inside a list field (a board row, a total, a log entry) replaced."""
    base = json.loads(data.draw(st.sampled_from(real_json(game_id))))
    lists = sorted(k for k, v in base.items() if isinstance(v, list) and v)
    if not lists:
        return
    key = data.draw(st.sampled_from(lists))
    i = data.draw(st.integers(0, len(base[key]) - 1))
    base[key][i] = data.draw(json_values)
    read(game_id, base)


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_real_position_one_field_removed(game_id, data):
    base = json.loads(data.draw(st.sampled_from(real_json(game_id))))
    del base[data.draw(st.sampled_from(sorted(base)))]
    read(game_id, base)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_nested_thousands_deep_and_huge_numbers(game_id):
    base = json.loads(real_json(game_id)[1])
    values = (deep(100_000), 10**5000, math.inf, -math.inf, math.nan, "9" * 100_000)
    for key in sorted(base):
        for value in values:
            data = dict(base)
            data[key] = value
            read(game_id, data)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_real_positions_still_read(game_id):
    """The guard refuses nothing real: each position reads back equal."""
    spec = GAMES[game_id]
    for text in real_json(game_id):
        state = spec.from_json(json.loads(text))
        assert json.dumps(state.to_json()) == text
