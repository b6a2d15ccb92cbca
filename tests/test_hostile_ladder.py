"""Hostile input at the ladder's boundaries: bot level texts (from a replay, an
autosave or a party) and seeds/ladder.json."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.midend.match import ReplayError, Seat
from game.records import ladder
from game.registry import GAMES

HOSTILE_LEVELS = [
    "at:4.5",
    "at:-1",
    "at:2.3456",
    "at:",
    "at:nan",
    "at:inf",
    "at:1e3",
    "AT:2",
    "at:2.0 ",
    " at:2",
    "at:\u0663",  # an Arabic-Indic three: a digit to Python, not to us
    "at:2.\u0663",
    "at:2\n",
    "at:3.5\x00",
    "at:+2",
    "at:02",
    "at:" + "9" * 5000,
]


@pytest.mark.parametrize("level", HOSTILE_LEVELS)
def test_hostile_strength_levels_are_refused_with_a_clear_message(level):
    assert ladder.parse_strength_level(level) is None
    with pytest.raises(ReplayError, match="unknown bot level"):
        Seat.from_json({"kind": "bot", "level": level})
    with pytest.raises(ValueError, match="has no"):
        GAMES["crystal-connector"].make_bot(level)


@given(st.one_of(st.text(max_size=20), st.from_regex(r"at:[0-9.\-e]{0,6}", fullmatch=True)))
def test_any_level_text_is_a_strength_in_range_or_refused(text):
    value = ladder.parse_strength_level(text)
    assert value is None or 0.0 <= value <= 4.0
    try:
        seat = Seat.from_json({"kind": "bot", "level": text})
    except ReplayError:
        assert value is None
    else:
        assert value is not None and seat.level == text


@given(st.one_of(st.none(), st.integers(), st.lists(st.integers(), max_size=3), st.floats()))
def test_a_level_that_is_not_text_is_refused(value):
    assert ladder.parse_strength_level(value) is None
    with pytest.raises(ReplayError):
        Seat.from_json({"kind": "bot", "level": value})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
POINT = st.fixed_dictionaries(
    {
        "strength": st.one_of(st.floats(-1, 5), st.text(max_size=3)),
        "rating": st.one_of(st.floats(-20000, 20000), st.none()),
        "low": st.floats(-20000, 20000),
        "high": st.floats(-20000, 20000),
    }
)


@given(
    st.one_of(
        JSON,
        st.builds(
            lambda pts: {"format": 1, "games": {"nim": {"points": pts}}},
            st.lists(POINT, max_size=6),
        ),
    )
)
def test_any_ladder_file_loads_as_ladders_or_none_never_raises(tmp_path_factory, value):
    path = tmp_path_factory.mktemp("ladder") / "ladder.json"
    path.write_text(json.dumps(value))
    problems: list[str] = []
    out = ladder.load(path, problems)
    assert isinstance(out, dict)
    for lad in out.values():
        xs = [p.strength for p in lad.points]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        assert all(0 <= x <= 4 for x in xs)
        lad.rating(2.5)
        ladder.level_caption("medium", lad)
    if not out and value is not None:
        assert len(problems) <= 1
