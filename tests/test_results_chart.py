"""The results chart's score axis: whole, distinct labels that cover every score."""

from __future__ import annotations

import pytest

from scenes.results import axis_steps


@pytest.mark.parametrize(
    "low, high",
    [(0, 1), (0, 3), (0, 4), (0, 7), (0, 42), (0, 154), (0, 250), (-3, 12), (0, 1000), (0, 2.5)],
)
def test_axis_labels_are_distinct_whole_numbers_covering_the_scores(low, high):
    step, bottom, top = axis_steps(low, high)
    labels = [f"{bottom + k * step:g}" for k in range(round((top - bottom) / step) + 1)]
    assert len(set(labels)) == len(labels) >= 2, labels
    assert all(float(x).is_integer() for x in labels), labels
    assert bottom <= low and top >= high
    assert len(labels) <= 6  # at most five steps: the chart stays readable


def test_a_scoreless_game_gets_two_lines_not_five_alike():
    """A 0-0 game gets two labelled lines, not five even ones reading "0 0 0 1 1"."""
    assert axis_steps(0.0, 1.0) == (1.0, 0.0, 1.0)
