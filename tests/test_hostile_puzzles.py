"""Hostile input at the puzzle boundary: a puzzle book of any JSON shape is a
PuzzleError with a short reason (never Python's), an attempt of any text is judged
(illegal with the engine's reason, or partial, wrong, solved) and never raises, and a
damaged solved-marks file is set aside and counts as nothing solved."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from game.content import puzzles as P

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=20,
)
SHIPPED = json.loads((P.resources.files("seeds") / P.puzzle_file("chromatic-collapse")).read_text())
FIELDS = ("id", "start", "setup", "seat", "goal", "text", "solution", "amount", "difficulty")


@given(JSON)
def test_any_json_value_is_a_book_or_a_puzzle_error(data):
    try:
        P.parse_book(data, "puzzles-chromatic-collapse.json", "chromatic-collapse")
    except P.PuzzleError as exc:
        assert "Traceback" not in str(exc) and len(str(exc)) < 300


@given(st.sampled_from(FIELDS), JSON)
def test_one_field_of_a_real_puzzle_replaced_by_anything(field, value):
    entry = dict(SHIPPED["puzzles"][0])
    entry[field] = value
    data = {"format": 1, "game": "chromatic-collapse", "puzzles": [entry]}
    try:
        book = P.parse_book(data, "x", "chromatic-collapse")
    except P.PuzzleError:
        return
    puzzle = book.puzzles[0]
    try:
        puzzle.position()  # a setup move the engine refuses is a PuzzleError too
    except P.PuzzleError:
        return


BOOK = P.load_puzzles("chromatic-collapse")
POSITION = BOOK.puzzles[0].position()  # replayed once: states are immutable


@given(st.lists(st.text(max_size=30), max_size=4))
def test_an_attempt_of_any_text_is_judged(moves):
    puzzle = BOOK.puzzles[0]
    verdict = P.check_from(puzzle, POSITION, moves)
    assert verdict.kind in ("illegal", "partial", "wrong", "solved")
    assert "Traceback" not in verdict.message


def test_a_damaged_marks_file_is_set_aside_and_counts_as_nothing(app):
    from scenes import puzzles as S

    path = S.marks_path(app.paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "solved": {"chromatic-collapse": [1, 2]}}')
    assert S.solved_ids(app, "chromatic-collapse") == set()
    assert not path.exists()  # set aside, kept beside it for the player
    assert list(path.parent.glob("puzzles*.json*"))
    S.mark_solved(app, "chromatic-collapse", "12-70")
    assert S.solved_ids(app, "chromatic-collapse") == {"12-70"}


def test_marking_a_solve_sets_a_damaged_marks_file_aside_before_writing(app):
    """A file that parses but fails the schema, met first by mark_solved (no list screen
    has set it aside yet), is kept beside it, byte for byte, not overwritten."""
    from scenes import puzzles as S

    path = S.marks_path(app.paths)
    path.parent.mkdir(parents=True, exist_ok=True)
    damaged = '{"format": 1, "solved": {"chromatic-collapse": ["12-1", 7]}}'
    path.write_text(damaged)
    S.mark_solved(app, "chromatic-collapse", "12-70")
    aside = list(path.parent.glob("puzzles.corrupt-*.json"))
    assert [p.read_text() for p in aside] == [damaged]  # the player's marks are kept
    assert S.solved_ids(app, "chromatic-collapse") == {"12-70"}


def test_a_kiosk_keeps_solved_marks_in_memory_only(app):
    from scenes import puzzles as S

    app.kiosk = True
    S.mark_solved(app, "chromatic-collapse", "12-70")
    assert S.solved_ids(app, "chromatic-collapse") == {"12-70"}
    assert not S.marks_path(app.paths).exists()


# -- Element Shift's puzzles: a plan a turn, a goal text with a placeholder ------------------
SHIFT = json.loads((P.resources.files("seeds") / P.puzzle_file("element-shift")).read_text())


@given(st.sampled_from(FIELDS), JSON)
def test_one_field_of_an_element_shift_puzzle_replaced_by_anything(field, value):
    entry = dict(SHIFT["puzzles"][0])
    entry[field] = value
    data = {"format": 1, "game": "element-shift", "puzzles": [entry]}
    try:
        book = P.parse_book(data, "x", "element-shift")
    except P.PuzzleError:
        return
    puzzle = book.puzzles[0]
    assert isinstance(P.goal_text(puzzle), str)  # a text with any braces is shown as written
    try:
        before = puzzle.position()
    except P.PuzzleError:
        return
    verdict = P.check_from(puzzle, before, ["keep; stay"])
    assert verdict.kind in ("illegal", "partial", "wrong", "solved")


SHIFT_BOOK = P.load_puzzles("element-shift")
SHIFT_POSITION = SHIFT_BOOK.puzzles[0].position()


@given(st.lists(st.text(max_size=40), max_size=3))
def test_an_element_shift_attempt_of_any_text_is_judged(moves):
    verdict = P.check_from(SHIFT_BOOK.puzzles[0], SHIFT_POSITION, moves)
    assert verdict.kind in ("illegal", "partial", "wrong", "solved")
    assert "Traceback" not in verdict.message


@given(st.text(max_size=60))
def test_a_goal_text_of_anything_is_shown_as_written_with_the_amount(text):
    puzzle = P.Puzzle(**{**SHIFT_BOOK.puzzles[0].__dict__, "text": text})
    expected = text.replace("{amount}", str(puzzle.amount))
    expected = expected.replace("{next}", P.seat_name(puzzle, 0))  # seat 12's next: seat 1
    assert P.goal_text(puzzle) == expected


def test_a_block_goal_in_element_shift_is_refused_before_it_can_try_every_plan():
    entry = dict(SHIFT["puzzles"][0], goal="block")
    try:
        P.parse_book(
            {"format": 1, "game": "element-shift", "puzzles": [entry]}, "x", "element-shift"
        )
    except P.PuzzleError as exc:
        assert "goal" in str(exc)
    else:
        raise AssertionError("a block goal in Element Shift was accepted")
