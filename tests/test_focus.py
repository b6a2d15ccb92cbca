"""The one rule for moving a focus ring with the arrow keys (scenes/focus.py), shared
by the menus and the play screens' buttons."""

import pygame

from scenes.focus import nearest, wrap_around

# A 3 x 3 grid of buttons, 100 px apart across and 60 px apart down.
GRID = {(c, r): pygame.Rect(100 * c, 60 * r, 80, 44) for c in range(3) for r in range(3)}


def step(here, dx, dy, grid=GRID):
    others = [(k, r) for k, r in grid.items() if k != here]
    return nearest(grid[here], others, dx, dy)


def test_each_arrow_moves_to_the_neighbour_in_a_grid():
    assert step((1, 1), 1, 0) == (2, 1)
    assert step((1, 1), -1, 0) == (0, 1)
    assert step((1, 1), 0, 1) == (1, 2)
    assert step((1, 1), 0, -1) == (1, 0)


def test_nothing_lies_beyond_the_edge_and_the_focus_wraps_to_the_far_side():
    assert step((2, 1), 1, 0) is None
    assert step((1, 2), 0, 1) is None
    row = [(k, r) for k, r in GRID.items() if k[1] == 1]
    assert wrap_around(row, 1, 0) == (0, 1)  # Right past the end: the row's first
    column = [(k, r) for k, r in GRID.items() if k[0] == 2]
    assert wrap_around(column, 0, 1) == (2, 0)  # Down past the bottom: the top


def test_a_button_in_the_same_row_beats_a_nearer_one_off_to_the_side():
    grid = {
        "here": pygame.Rect(0, 0, 80, 44),
        "far in the row": pygame.Rect(400, 0, 80, 44),
        "near but below": pygame.Rect(100, 50, 80, 44),
    }
    assert step("here", 1, 0, grid) == "far in the row"
    del grid["far in the row"]
    assert step("here", 1, 0, grid) == "near but below"  # off to the side counts last


def test_off_the_line_the_nearest_along_and_across_wins():
    grid = {
        "here": pygame.Rect(0, 0, 80, 44),
        "down and a little right": pygame.Rect(120, 100, 80, 44),
        "down and far right": pygame.Rect(600, 100, 80, 44),
    }
    assert step("here", 0, 1, grid) == "down and a little right"


def test_of_two_as_near_in_line_the_first_listed_or_the_one_straight_ahead_wins():
    # A wide button under a row of three: Up goes to the first of them (as the menus
    # always have), or with straight to the middle one, right above it.
    grid = {"wide": pygame.Rect(0, 100, 300, 44)} | {
        k: pygame.Rect(100 * i + 10, 0, 80, 44) for i, k in enumerate(("left", "mid", "right"))
    }
    assert step("wide", 0, -1, grid) == "left"
    others = [(k, r) for k, r in grid.items() if k != "wide"]
    assert nearest(grid["wide"], others, 0, -1, straight=True) == "mid"


def test_without_beside_the_focus_keeps_to_its_row():
    grid = {"here": pygame.Rect(200, 100, 80, 44), "up left": pygame.Rect(0, 0, 80, 44)}
    others = [("up left", grid["up left"])]
    assert nearest(grid["here"], others, -1, 0) == "up left"
    assert nearest(grid["here"], others, -1, 0, beside=False) is None
