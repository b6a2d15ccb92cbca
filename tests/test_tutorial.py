"""Every game's tutorial (seeds/tutorial-<game>.json) is played through the engine:
each step's setup moves and expected moves are legal in their positions, and the
expected move leads where the step says (the points its result text claims, the
winner, the refusals it promises).  No pygame here: the tutorial logic is pure."""

import json

import pytest

from game.content.tutorials import (
    MAX_STEPS,
    MIN_STEPS,
    TutorialError,
    check_claims,
    judge,
    load_tutorial,
    parse_tutorial,
)
from game.registry import GAMES


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_step_is_legal_and_leads_where_its_caption_says(game_id):
    tut = load_tutorial(game_id)
    assert tut.game == game_id
    assert MIN_STEPS <= len(tut.steps) <= MAX_STEPS
    for i, step in enumerate(tut.steps):
        assert check_claims(tut, i) == [], f"{game_id} step {i + 1}"
        assert step.caption.count(".") + step.caption.count(":") <= 4, "one or two sentences"
        assert step.lit, f"{game_id} step {i + 1} lights nothing"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_claims_hold_whatever_language_is_spoken(game_id):
    """The steps' refusal claims are pieces of the engine's English reasons; the check
    compares in English even where the engine speaks German to the player."""
    from game.text.i18n import speaking

    tut = load_tutorial(game_id)
    with speaking("de"):
        for i, _step in enumerate(tut.steps):
            assert check_claims(tut, i) == [], f"{game_id} step {i + 1}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_judge_moves_on_takes_back_or_refuses_with_the_engines_reason(game_id):
    tut = load_tutorial(game_id)
    for i, step in enumerate(tut.steps):
        if step.watch_only:
            continue
        state = tut.position(i)
        expected = state.parse_move(step.expect[0])
        verdict = judge(tut, step, state, expected)
        assert verdict.kind == "expected" and verdict.message == step.done
        others = [m for m in state.legal_moves() if judge(tut, step, state, m).kind == "other"]
        if others and not step.expect_any:
            v = judge(tut, step, state, others[0])
            assert v.message == step.other and v.state is not None
        for text, reason in step.claims.get("illegal", {}).items():
            v = judge(tut, step, state, state.parse_move(text))
            assert v.kind == "illegal" and reason.lower() in v.message.lower()


def test_a_wrong_claim_is_caught():
    """The checker really compares with the engine: a tutorial claiming the wrong
    points for Crystal Connector's scoring step fails."""
    data = json.loads(json.dumps(_raw("crystal-connector")))
    step = next(s for s in data["steps"] if "score_change" in s.get("claims", {}))
    step["claims"]["score_change"] = [57, 9]
    tut = parse_tutorial(data)
    index = data["steps"].index(step)
    problems = check_claims(tut, index)
    assert any("score change" in p for p in problems)
    assert any("+56" in p for p in problems)  # the result text no longer matches the claim


def test_an_illegal_setup_move_is_reported_with_the_step_and_reason():
    data = _raw("chromatic-collapse")
    data["steps"][0]["setup"] = ["start Diamond", "d1-d4"]
    tut = parse_tutorial(data)
    with pytest.raises(
        TutorialError, match=r"step 1 setup: move 2 \('d1-d4'\) is illegal: .*exactly 2"
    ):
        tut.position(0)


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "not valid JSON"),
        ("[]", "not a JSON object"),
        ('{"format": 2}', "format 2"),
        ('{"format": 1, "game": "x", "start": "x#1", "steps": []}', "5 to 9 steps"),
        (
            '{"format": 1, "game": "x", "start": "x#1", "steps": [1, 2, 3, 4, 5]}',
            "step 1 is not an object",
        ),
        (
            '{"format": 1, "game": "x", "start": "x#1", "steps": [{"caption": "a", "colour": 1}]'
            ', "x": 0}',
            "5 to 9 steps",
        ),
    ],
)
def test_a_damaged_file_is_reported_not_a_crash(text, message):
    with pytest.raises(TutorialError, match=message):
        load_tutorial("color-crossroads", text=text)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"start": "color-crossroads"}, "cannot be used .*needs a seed"),
        ({"start": "no-such-game#1"}, "cannot be used .*unknown game"),
        ({"start": "chromatic-collapse#1"}, "starts a game of 'chromatic-collapse'"),
        ({"learner": 2}, "seat 2 is not at a 2-seat table"),
        ({"game": "chromatic-collapse", "start": "chromatic-collapse#1"}, "not 'color-crossroads'"),
    ],
)
def test_a_tutorial_that_cannot_start_is_reported(change, message):
    data = _raw("color-crossroads")
    data.update(change)
    with pytest.raises(TutorialError, match=message):
        load_tutorial("color-crossroads", text=json.dumps(data))


def test_a_step_without_anything_to_do_or_watch_is_refused():
    data = _raw("color-crossroads")
    del data["steps"][0]["expect"]
    with pytest.raises(TutorialError, match="step 1 needs either expect"):
        parse_tutorial(data)


def _raw(game_id):
    from importlib import resources

    return json.loads(
        (resources.files("seeds") / f"tutorial-{game_id}.json").read_text(encoding="utf-8")
    )


def _colour_at(game_id, state, cell_name):
    """The colour word the engine gives the piece or crystal on a cell (None if empty)."""
    if game_id == "chromatic-collapse":
        from game.rules.chromatic_collapse import COLOURS, parse_cell

        piece = state.piece_at(parse_cell(cell_name))
        return COLOURS[piece[1]] if piece else None
    if game_id == "color-crossroads":
        from game.rules.color_crossroads import COLOURS, parse_cell

        value = state.board[parse_cell(cell_name)]
        return COLOURS[value - 1] if 1 <= value <= len(COLOURS) else None
    if game_id == "crystal-connector":
        from game.rules.crystal_connector import COLOUR_NAMES, parse_cell

        value = state.board[parse_cell(cell_name)]
        return COLOUR_NAMES[value] if 0 <= value < len(COLOUR_NAMES) else None
    return None


@pytest.mark.parametrize("game_id", ["chromatic-collapse", "color-crossroads", "crystal-connector"])
def test_the_colours_a_text_names_are_the_engines(game_id):
    """'yellow C3', 'Blue d1', 'C5 red': the colour a caption or result names for a cell
    is on that cell in the step's position or after its move; "Circle's blue" names
    the piece the expected move captures."""
    import re

    from game.content.tutorials import outcome_of

    tut = load_tutorial(game_id)
    colour, cell = r"(red|blue|green|yellow)", r"([A-Ka-k](?:1[01]|[1-9]))"
    forward = re.compile(rf"\b{colour}(?: on)? {cell}\b", re.IGNORECASE)
    backward = re.compile(rf"\b{cell} {colour}\b", re.IGNORECASE)
    checked = 0
    for i, step in enumerate(tut.steps):
        before, after = outcome_of(tut, i)
        for text in (step.caption, step.done):
            named = forward.findall(text) + [(c, x) for x, c in backward.findall(text)]
            for word, name in named:
                seen = {_colour_at(game_id, before, name), _colour_at(game_id, after, name)}
                assert word.lower() in seen, (i + 1, text, name, seen)
                checked += 1
        captured = re.search(
            r"(?:Circle|Diamond)'s (red|blue|green|yellow)", step.caption + " " + step.done
        )
        if captured and step.expect:
            move = before.parse_move(step.expect[0])
            assert _colour_at(game_id, before, str(move)[-2:]) == captured.group(1), (
                i + 1,
                str(move),
            )
            checked += 1
    assert checked
